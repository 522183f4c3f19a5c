//! The distance between two sets through both trees at once ([`closest_points_sets`] and
//! [`closest_points_sets_posed`]): worked cases (unit cubes as meshes and as compounds, apart,
//! touching, overlapping, turned), and properties in `f32` and `f64` that the answer is the
//! brute-force minimum over every pair of triangles (by the same closed form,
//! `closest_points_triangle_triangle`), with witness points on the triangles named, the same in
//! both argument orders, and the posed query the same as the query on the mesh moved by hand.
//! Meshes are small (a few to a hundred triangles, so that the brute force stays cheap in a
//! debug build): soups with the adversarial classes (slivers, needles, collapsed triangles,
//! coplanar fans, duplicate vertices, long thin triangles), terrains, spheres and cubes, at
//! unit, tiny and far scales. Compounds of many parts (several leaves deep) are compared with
//! brute-force GJK over every pair of parts.
//!
//! A differential test against parry3d: parry 0.31's `query::distance` answers a `TriMesh`
//! against a `TriMesh` (its composite-shape path, one mesh's triangles against the other mesh's
//! tree), so both meshes are given to it too; the `f64` brute force referees a disagreement.

use osculate_closest::{
    ClosestPoints, closest_point_on_triangle, closest_points_convex,
    closest_points_triangle_triangle,
};
use osculate_math::{
    Aabb, Isometry3, Point3, Real, Rotation3, Transform, Triangle, UnitQuaternion, Vector3,
};
use osculate_mesh::{
    Compound, ConvexPart, OnPieces, PlacedPart, TriangleMesh, closest_points_sets,
    closest_points_sets_posed,
};
use osculate_testing::{Rng, test_tolerance};
use quickcheck::{QuickCheck, TestResult};

use crate::compound::compound;
use crate::meshes::{self, Data};
use crate::some;

/// Cases per property in `cargo test` (each builds two meshes and a brute force over every
/// pair of their triangles).
const CASES: u64 = 150;

fn run(prop: fn(u64) -> TestResult) {
    let n = crate::mesh_cases(CASES, 5_000);
    QuickCheck::new().tests(n).max_tests(n * 10).quickcheck(prop);
}

osculate_testing::for_f32_and_f64!(run:
    distance_matches_brute_force,
    compound_distance_matches_brute_force,
);

/// The cube `[0, 1]³` as a mesh of 12 triangles, moved by `offset`.
fn unit_cube<T: Real>(offset: [f64; 3]) -> TriangleMesh<T> {
    meshes::cube(1)
        .placed(0.5, Vector3::new(0.5 + offset[0], 0.5 + offset[1], 0.5 + offset[2]))
        .mesh()
}

/// The triangles of `m` by number.
fn triangles<T: Real>(m: &TriangleMesh<T>) -> Vec<Triangle<T>> {
    let mut t: Vec<(usize, Triangle<T>)> = m.triangles().collect();
    t.sort_by_key(|(i, _)| *i);
    t.into_iter().map(|(_, t)| t).collect()
}

/// The distance from `p` to triangle `t`.
fn off<T: Real>(p: &Point3<T>, t: &Triangle<T>) -> T {
    (closest_point_on_triangle(p, t).point - p).norm()
}

/// The checks every answer passes: the witness points `distance` apart, each on the triangle
/// its answer names (within `tol`).
fn check_witnesses<T: Real>(
    c: &OnPieces<ClosestPoints<T>>,
    ta: &[Triangle<T>],
    tb: &[Triangle<T>],
    tol: T,
) {
    let r = &c.result;
    assert!(((r.point_a - r.point_b).norm() - r.distance).abs() <= tol, "{c:?}");
    assert!(off(&r.point_a, &ta[c.piece_a]) <= tol, "{c:?}");
    assert!(off(&r.point_b, &tb[c.piece_b]) <= tol, "{c:?}");
}

#[test]
fn cubes_apart_touching_and_overlapping() {
    fn check<T: Real>() {
        let tol = test_tolerance::<T>();
        let a = unit_cube::<T>([0.0; 3]);
        let ta = triangles(&a);
        // [offset of B, distance]: apart along x, apart across an edge (√2), apart across a
        // corner (√3), touching on a face, an edge and a corner, overlapping, identical.
        let cases: [([f64; 3], f64); 8] = [
            ([3.0, 0.0, 0.0], 2.0),
            ([2.0, 2.0, 0.5], 2f64.sqrt()),
            ([-2.0, 2.0, -2.0], 3f64.sqrt()),
            ([1.0, 0.3, 0.2], 0.0),
            ([1.0, 1.0, 0.5], 0.0),
            ([-1.0, -1.0, -1.0], 0.0),
            ([0.5, 0.25, -0.5], 0.0),
            ([0.0, 0.0, 0.0], 0.0),
        ];
        for (offset, want) in cases {
            let b = unit_cube::<T>(offset);
            let tb = triangles(&b);
            let c = some(closest_points_sets(&a, &b), "closest points");
            assert!((c.result.distance - T::lit(want)).abs() <= tol, "{offset:?}: {c:?}");
            check_witnesses(&c, &ta, &tb, tol);
            let r = some(closest_points_sets(&b, &a), "closest points");
            assert!((r.result.distance - c.result.distance).abs() <= tol, "{offset:?}: {r:?}");
            check_witnesses(&r, &tb, &ta, tol);
            // The same placement by a pose instead of moved vertices.
            let o = Vector3::new(T::lit(offset[0]), T::lit(offset[1]), T::lit(offset[2]));
            let pose = Isometry3::translation(o.x, o.y, o.z);
            let p = some(closest_points_sets_posed(&a, &a, &pose), "closest points");
            assert!((p.result.distance - T::lit(want)).abs() <= tol, "{offset:?}: {p:?}");
            let moved: Vec<Triangle<T>> = ta.iter().map(|t| t.transformed(&pose)).collect();
            check_witnesses(&p, &ta, &moved, tol);
        }
        // One cube a compound of one box: the same distances against the mesh.
        let unit = Aabb::new(Point3::origin(), Point3::new(T::ONE, T::ONE, T::ONE));
        let boxed = crate::ok(Compound::try_new(vec![(
            Isometry3::translation(T::lit(2.0), T::lit(2.0), T::lit(0.5)),
            ConvexPart::Aabb(unit),
        )]));
        let c = some(closest_points_sets(&a, &boxed), "closest points");
        assert!((c.result.distance - T::lit(2f64.sqrt())).abs() <= tol, "{c:?}");
        assert!(off(&c.result.point_a, &ta[c.piece_a]) <= tol, "{c:?}");
        assert_eq!(c.piece_b, 0);
    }
    check::<f32>();
    check::<f64>();
}

#[test]
fn turned_cube_corner_toward_a_face() {
    fn check<T: Real>() {
        let tol = test_tolerance::<T>();
        // B: the cube [-1, 1]³ turned so that a corner points along −x (its body diagonal on
        // the x axis), its center at x = 3 + √3: the corner stops 3 from the origin, so 2 from
        // the face x = 1 of A ([-1, 1]³).
        let a: TriangleMesh<T> = meshes::cube(2).mesh();
        let diagonal = Vector3::new(1.0, 1.0, 1.0).normalize();
        let turn = Rotation3::rotation_between(&diagonal, &Vector3::x()).map_or_else(
            || panic!("no rotation"),
            |r| UnitQuaternion::from_rotation_matrix(&r).cast::<T>(),
        );
        let center = Vector3::new(T::lit(3.0 + 3f64.sqrt()), T::ZERO, T::ZERO);
        let pose = Isometry3::from_parts(center.into(), turn);
        let c = some(closest_points_sets_posed(&a, &a, &pose), "closest points");
        assert!((c.result.distance - T::lit(2.0)).abs() <= tol, "{c:?}");
        assert!((c.result.point_b - Point3::new(T::lit(3.0), T::ZERO, T::ZERO)).norm() <= tol);
        assert!((c.result.point_a.x - T::ONE).abs() <= tol, "{c:?}");
    }
    check::<f32>();
    check::<f64>();
}

/// A small mesh at unit scale for the brute force: a soup of the adversarial classes (4 to 40
/// triangles), a terrain of up to 4 × 4 squares, a sphere of 20 or 80 triangles, or a cube of
/// up to 72.
fn small_unit(rng: &mut Rng) -> Data {
    match rng.index(5) {
        0 | 1 => {
            let count = 4 + rng.index(37);
            meshes::soup(rng, count, 1.0)
        }
        2 => {
            let n = 1 + rng.index(4);
            meshes::terrain(rng, n, 2.0).placed(0.5, Vector3::new(-1.0, -1.0, 0.0))
        }
        3 => meshes::sphere(1 + rng.index(2), |d| 1.0 + 0.1 * (3.0 * d.x).sin()),
        _ => meshes::cube(1 + rng.index(3)),
    }
}

/// [`small_unit`] at unit, tiny or far scale.
fn small(rng: &mut Rng) -> Data {
    let data = small_unit(rng);
    match rng.index(4) {
        0 => data.placed(1e-3, Vector3::new(1e-3, -2e-3, 0.5e-3)),
        1 => data.placed(10.0, Vector3::new(1e4, -2e4, 5e3)),
        _ => data,
    }
}

/// The size and the coordinate magnitude of `data`.
fn extent(data: &Data) -> (f64, f64) {
    let b = Aabb::from_points(&data.vertices);
    ((b.max - b.min).amax(), b.min.coords.amax().max(b.max.coords.amax()))
}

/// The brute-force distance: the least over every pair of triangles.
fn brute<T: Real>(ta: &[Triangle<T>], tb: &[Triangle<T>]) -> T {
    let mut best = T::INFINITY;
    for x in ta {
        for y in tb {
            let d = closest_points_triangle_triangle(x, y).distance;
            if d < best {
                best = d;
            }
        }
    }
    best
}

fn distance_matches_brute_force<T: Real>(seed: u64) -> TestResult {
    let mut rng = Rng::new(seed);
    let da = small(&mut rng);
    // B at A's scale and place, turned, its center within 1.5 sizes of A's: apart, touching
    // and crossing all occur. One case in eight, B is A itself (every pair of triangles sharing
    // an edge touches).
    let same = rng.chance(0.125);
    let db = if same { da.clone() } else { small(&mut rng) };
    let (size_a, mag) = extent(&da);
    let (size_b, _) = extent(&db);
    let ca = Aabb::from_points(&da.vertices).center();
    let cb = Aabb::from_points(&db.vertices).center();
    let rot: Rotation3<f64> = if same { Rotation3::identity() } else { rng.rotation() };
    let scale = if size_b > 0.0 { size_a / size_b } else { 1.0 };
    let offset = if same {
        Vector3::zeros()
    } else {
        rng.unit_vector::<f64>().into_inner() * size_a * rng.range(0.0, 1.5)
    };
    // B's vertices scaled to A's size about its center, then placed by (rot, t).
    let db = db.placed(scale, -cb.coords * scale);
    let t = ca.coords + offset;
    let pose64 = Isometry3::from_parts(t.into(), UnitQuaternion::from_rotation_matrix(&rot));
    let world = Data {
        vertices: db.vertices.iter().map(|p| pose64 * p).collect(),
        triangles: db.triangles.clone(),
    };
    let (ma, mb, mw) = (da.mesh::<T>(), db.mesh::<T>(), world.mesh::<T>());
    let (ta, tb, tw) = (da.triangles::<T>(), db.triangles::<T>(), world.triangles::<T>());

    // The same per-pair closed form on the same triangles: the tree may change the speed only.
    // Its pruning is by boxes rounded outward, within 1 + 64ε of the best: equal up to the
    // rounding of the closed form itself, which the tolerance covers (relative to the
    // coordinates' magnitude: far meshes in f32 round at 1e-3).
    let tol = T::EPSILON * T::lit(1024.0) * T::lit(mag.max(1.0));
    let want = brute(&ta, &tw);
    let c = some(closest_points_sets(&ma, &mw), "closest points");
    assert!((c.result.distance - want).abs() <= tol, "{:?} brute {want:?}", c.result);
    check_witnesses(&c, &ta, &tw, tol * T::lit(4.0));
    let r = some(closest_points_sets(&mw, &ma), "closest points");
    assert!((r.result.distance - want).abs() <= tol, "swapped {:?} brute {want:?}", r.result);
    check_witnesses(&r, &tw, &ta, tol * T::lit(4.0));
    if want == T::ZERO {
        assert_eq!(c.result.distance, T::ZERO);
    }

    // Posed: B's own mesh placed by the pose; A's triangles carried into B's frame as met, so
    // the rounding differs from the moved mesh's by the transform's (a few ε of the magnitude).
    let pose: Isometry3<T> = Isometry3::from_parts(
        pose64.translation.vector.map(T::lit).into(),
        pose64.rotation.cast::<T>(),
    );
    let posed_tol = test_tolerance::<T>() * T::lit(mag.max(1.0));
    let p = some(closest_points_sets_posed(&ma, &mb, &pose), "closest points");
    assert!((p.result.distance - want).abs() <= posed_tol, "posed {:?} brute {want:?}", p.result);
    let moved: Vec<Triangle<T>> = tb.iter().map(|t| t.transformed(&pose)).collect();
    check_witnesses(&p, &ta, &moved, posed_tol);
    TestResult::passed()
}

fn compound_distance_matches_brute_force<T: Real>(seed: u64) -> TestResult {
    let mut rng = Rng::new(seed);
    // Compounds of up to 30 parts: a few leaves deep, so that the two-tree descent is exercised.
    let (n, m) = (1 + rng.index(30), 1 + rng.index(30));
    let (a, b) = (compound::<T>(&mut rng, n), compound::<T>(&mut rng, m));
    let pa: Vec<PlacedPart<'_, ConvexPart<T>, T>> = a.parts().iter().map(PlacedPart).collect();
    let pb: Vec<PlacedPart<'_, ConvexPart<T>, T>> = b.parts().iter().map(PlacedPart).collect();
    let mut want = T::INFINITY;
    for x in &pa {
        for y in &pb {
            let d = closest_points_convex(x, y).distance;
            if d < want {
                want = d;
            }
        }
    }
    // GJK on the same pairs, in the same order: its tolerance is the only difference.
    let tol = test_tolerance::<T>() * T::lit(64.0);
    let c = some(closest_points_sets(&a, &b), "closest points");
    assert!((c.result.distance - want).abs() <= tol, "{:?} brute {want:?}", c.result);
    let r = some(closest_points_sets(&b, &a), "closest points");
    assert!((r.result.distance - want).abs() <= tol, "swapped {:?} brute {want:?}", r.result);
    TestResult::passed()
}

/// The two-tree answer against parry3d's `query::distance` between two `TriMesh`es, on the
/// small meshes of the property (unit scale only: parry has no notion of the far meshes'
/// tolerance), `f32` and `f64`. Ours must equal the brute force within the tolerance on every
/// case; parry's must too, except where it calls apart meshes touching or misses the nearest
/// pair, which is counted, printed and bounded.
macro_rules! parry_distance {
    ($name:ident, $T:ty, $parry:ident) => {
        #[test]
        fn $name() {
            use $parry::math::{Pose, Vector};
            use $parry::shape::TriMesh;
            let to_parry = |d: &Data| {
                let v = d.vertices::<$T>().iter().map(|p| Vector::new(p.x, p.y, p.z)).collect();
                crate::ok(TriMesh::new(v, d.triangles.clone()))
            };
            let mut rng = Rng::new(0xd157_a9ce);
            let tol = test_tolerance::<$T>() * 16.0;
            let (mut agree, mut off, mut crossing, mut loose) = (0_usize, 0_usize, 0_usize, 0_usize);
            let cases = crate::mesh_cases(60, 2_000);
            for _ in 0..cases {
                let (da, db) = (small_unit(&mut rng), small_unit(&mut rng));
                let rot: Rotation3<f64> = rng.rotation();
                let t = rng.unit_vector::<f64>().into_inner() * rng.range(0.0, 3.0);
                let pose64 =
                    Isometry3::from_parts(t.into(), UnitQuaternion::from_rotation_matrix(&rot));
                let world = Data {
                    vertices: db.vertices.iter().map(|p| pose64 * p).collect(),
                    triangles: db.triangles.clone(),
                };
                let (ma, mw) = (da.mesh::<$T>(), world.mesh::<$T>());
                let want = brute(&da.triangles::<f64>(), &world.triangles::<f64>());
                let ours = some(closest_points_sets(&ma, &mw), "closest points").result.distance;
                assert!(
                    (f64::from(ours) - want).abs() <= f64::from(tol),
                    "ours {ours}, brute {want}"
                );
                let theirs = crate::ok($parry::query::distance(
                    &Pose::IDENTITY,
                    &to_parry(&da),
                    &Pose::IDENTITY,
                    &to_parry(&world),
                ))
                .distance;
                crossing += usize::from(want == 0.0);
                if (theirs - ours).abs() <= tol {
                    agree += 1;
                } else if theirs > ours && f64::from(theirs) - want <= 1e-6 * want.max(1.0) {
                    // Parry measures each pair of triangles by GJK, which stops within its own
                    // tolerance above the exact distance (by a few 1e-8 in f64, relative); ours
                    // is the closed form, the brute force's.
                    loose += 1;
                } else {
                    off += 1;
                    eprintln!("parry {theirs}, ours {ours}, brute force {want}");
                }
            }
            eprintln!(
                "{}: parry agrees on {agree} of {cases} ({crossing} crossing), within its GJK tolerance above on {loose}, off on {off}",
                stringify!($name)
            );
            // Meshes apart and crossing both occur often enough for the agreement to mean
            // something.
            assert!(crossing >= 5 && cases as usize - crossing >= 5, "{crossing} of {cases} crossing");
            // GJK's stopping tolerance shows on a few cases in a thousand.
            assert!(loose * 100 <= cases as usize, "parry loose on {loose} of {cases}");
            // Beyond that, parry's composite path (GJK per pair of triangles, one mesh's tree
            // inside the other's) agrees with the brute force on every case seen, the soups'
            // slivers and collapsed triangles included.
            assert_eq!(off, 0, "parry off on {off} of {cases}");
        }
    };
}

parry_distance!(mesh_distance_agrees_with_parry_f32, f32, parry3d);
parry_distance!(mesh_distance_agrees_with_parry_f64, f64, parry3d_f64);
