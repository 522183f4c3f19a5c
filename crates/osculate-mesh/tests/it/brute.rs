//! The tree's answers against brute force over every triangle (or item), in `f32` and `f64`:
//! the nearest ray hit (same parameter, and the same triangle or a tie at that parameter), any
//! hit, the closest point (same distance), convex overlap, distance, contact and sweep (same
//! answer as the minimum over all triangles of the same per-triangle query), mesh-mesh pairs
//! (same set, fast and exact), and the generic tree's box, pair, self-pair, nearest and refit
//! queries. Meshes are random soups with the adversarial classes, terrains, noisy spheres and
//! subdivided cubes, at unit, tiny (1e-3) and far (1e4) scales; rays aim at vertices, edge
//! midpoints and random points of random triangles. Each case is seeded (`OSCULATE_CASES`
//! cases, 150 by default and at most 20,000 in the soak: each builds meshes and runs dozens of
//! queries).

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use osculate_cast::{Culling, ray_triangle_watertight};
use osculate_closest::closest_point_on_triangle;
use osculate_math::{
    Aabb, Bounded, Capsule, Cylinder, Isometry3, Obb, Point3, Ray, Real, Rotation3, Sphere,
    Triangle, Vector3,
};
use osculate_mesh::{
    Bvh, ConvexShape, Predicate, TriangleMesh, closest_point_on_mesh, closest_points_convex_mesh,
    contact_convex_mesh, overlap_convex_mesh, ray_mesh, ray_mesh_test, sweep_convex_mesh,
    visit_intersecting_triangles,
};
use osculate_testing::{Rng, cases};
use quickcheck::{QuickCheck, TestResult};

use crate::meshes::{self, Data};
use crate::{ok, some};

/// Cases per property in `cargo test` (each case builds a mesh and runs many queries).
const CASES: u64 = 150;

/// At most this many cases in the soak (see `mesh_cases`).
const SOAK_CAP: u64 = 20_000;

fn run(prop: fn(u64) -> TestResult) {
    let n = crate::mesh_cases(CASES, SOAK_CAP);
    QuickCheck::new().tests(n).max_tests(n * 10).quickcheck(prop);
}

osculate_testing::for_f32_and_f64!(run:
    rays_match_brute_force,
    closest_points_match_brute_force,
    convex_queries_match_brute_force,
    mesh_pairs_match_brute_force,
    generic_tree_matches_brute_force,
);

/// A point of `t` by barycentric weights (in `f64`).
fn on(t: &Triangle<f64>, w: [f64; 3]) -> Point3<f64> {
    Point3::from(t.a.coords * w[0] + t.b.coords * w[1] + t.c.coords * w[2])
}

/// The mesh's size: the largest extent of its box.
fn size(data: &Data) -> f64 {
    let b = Aabb::from_points(&data.vertices);
    (b.max - b.min).amax()
}

/// `k` rays for `data`: from around the mesh (a quarter from inside its box), aimed at a
/// vertex, an edge midpoint, a random point of a random triangle, or anywhere near; 30% stop at
/// a random `max_t` (in units of the distance to the aim).
pub(crate) fn rays<T: Real>(rng: &mut Rng, data: &Data, k: usize) -> Vec<Ray<T>> {
    let b = Aabb::from_points(&data.vertices);
    let (c, s) = (b.center(), size(data).max(1e-300));
    let tris = data.triangles::<f64>();
    (0..k)
        .map(|_| {
            let t = tris[rng.index(tris.len())];
            let aim = match rng.index(4) {
                0 => on(&t, [1.0, 0.0, 0.0]),
                1 => on(&t, [0.5, 0.5, 0.0]),
                2 => {
                    let w = rng.simplex_weights::<f64>(3);
                    on(&t, [w[0], w[1], w[2]])
                }
                _ => c + rng.unit_vector::<f64>().into_inner() * s * rng.unit(),
            };
            let origin = if rng.chance(0.25) {
                c + (b.max - b.min).component_mul(&Vector3::new(
                    rng.range(-0.5, 0.5),
                    rng.range(-0.5, 0.5),
                    rng.range(-0.5, 0.5),
                ))
            } else {
                c + rng.unit_vector::<f64>().into_inner() * s * rng.range(1.0, 3.0)
            };
            let mut r = Ray::new(origin.map(T::lit), (aim - origin).map(T::lit));
            if rng.chance(0.3) {
                r.max_t = T::lit(rng.range(0.0, 1.5));
            }
            r
        })
        .collect()
}

/// The brute-force squared distance from `p` to the triangles, by the same per-triangle query.
pub(crate) fn brute_sq_distance<'a, T: Real>(
    p: &Point3<T>,
    tris: impl IntoIterator<Item = &'a Triangle<T>>,
) -> T {
    tris.into_iter()
        .map(|t| (closest_point_on_triangle(p, t).point - p).norm_squared())
        .fold(T::INFINITY, |a, d| if d < a { d } else { a })
}

/// A seeded case: the generator, a random mesh as data, as a mesh, and its triangles in the
/// index list's order.
fn case<T: Real>(seed: u64) -> (Rng, Data, TriangleMesh<T>, Vec<Triangle<T>>) {
    let mut rng = Rng::new(seed);
    let data = meshes::any(&mut rng);
    let (mesh, tris) = (data.mesh::<T>(), data.triangles::<T>());
    (rng, data, mesh, tris)
}

/// The brute-force nearest hit: the smallest parameter over all triangles (lowest index on a
/// tie), by the same per-triangle test.
fn brute_ray<T: Real>(ray: &Ray<T>, tris: &[Triangle<T>], culling: Culling) -> Option<(usize, T)> {
    let mut best: Option<(usize, T)> = None;
    for (i, t) in tris.iter().enumerate() {
        if let Some(h) = ray_triangle_watertight(ray, t, culling)
            && best.is_none_or(|(_, b)| h.hit.t_enter < b)
        {
            best = Some((i, h.hit.t_enter));
        }
    }
    best
}

fn rays_match_brute_force<T: Real>(seed: u64) -> TestResult {
    let (mut rng, data, mesh, tris) = case::<T>(seed);
    let mut hits = 0;
    for ray in rays::<T>(&mut rng, &data, 24) {
        for culling in [Culling::TwoSided, Culling::FrontOnly] {
            let brute = brute_ray(&ray, &tris, culling);
            hits += usize::from(brute.is_some());
            let tree = ray_mesh(&ray, &mesh, culling);
            match (brute, tree) {
                (None, None) => {}
                (Some((i, t)), Some(h)) => {
                    assert_eq!(
                        h.hit.t_enter, t,
                        "{ray:?} {culling:?} brute {i}, tree {}",
                        h.triangle
                    );
                    // The same triangle, or another hit at exactly the same parameter; and the
                    // hit is that triangle's own answer.
                    let own = ray_triangle_watertight(&ray, &tris[h.triangle], culling);
                    assert_eq!(own.map(|o| (o.hit, o.barycentric)), Some((h.hit, h.barycentric)));
                }
                (b, t) => panic!("{ray:?} {culling:?}: brute {b:?}, tree {t:?} ({data:?})"),
            }
            assert_eq!(ray_mesh_test(&ray, &mesh, culling), brute.is_some(), "{ray:?}");
        }
    }
    // Most rays aim at the triangles: a case without a hit would test nothing.
    assert!(hits > 0, "no ray hit {data:?}");
    TestResult::passed()
}

fn closest_points_match_brute_force<T: Real>(seed: u64) -> TestResult {
    let (mut rng, data, mesh, tris) = case::<T>(seed);
    let b = Aabb::from_points(&data.vertices);
    let s = size(&data);
    for _ in 0..24 {
        let p = (b.center() + rng.unit_vector::<f64>().into_inner() * s * rng.range(0.0, 2.0))
            .map(T::lit);
        let brute = brute_sq_distance(&p, &tris);
        let c = some(closest_point_on_mesh(&p, &mesh), "closest point of a finite point");
        assert_eq!(c.sq_distance, brute, "{p:?}");
        let own = closest_point_on_triangle(&p, &tris[c.triangle]);
        assert_eq!((own.point, own.barycentric), (c.point, c.barycentric));
    }
    TestResult::passed()
}

/// A convex shape's four queries against the mesh, each equal to the minimum (or any) over all
/// triangles of the same per-triangle query.
fn check_convex<T: Real, S: ConvexShape<T> + std::fmt::Debug>(
    shape: &S,
    motion: &Vector3<T>,
    mesh: &TriangleMesh<T>,
    tris: &[Triangle<T>],
) {
    let any = tris.iter().any(|t| shape.overlaps_triangle(t));
    assert_eq!(overlap_convex_mesh(shape, mesh), any, "{shape:?}");

    let min_by = |f: &dyn Fn(&Triangle<T>) -> Option<T>| {
        tris.iter()
            .filter_map(f)
            .fold(None, |a: Option<T>, d| Some(a.map_or(d, |a| if d < a { d } else { a })))
    };
    let brute =
        min_by(&|t| Some(shape.closest_points_triangle(t).distance).filter(|d| !d.is_nan()));
    let tree = closest_points_convex_mesh(shape, mesh).map(|c| c.result.distance);
    assert_eq!(tree, brute, "closest points of {shape:?}");

    let prediction = T::lit(0.05) * (mesh.aabb().max - mesh.aabb().min).amax();
    let brute =
        min_by(&|t| shape.contact_triangle(t).map(|c| c.distance).filter(|&d| d <= prediction));
    let tree = contact_convex_mesh(shape, mesh, prediction).map(|c| c.result.distance);
    assert_eq!(tree, brute, "contact of {shape:?}");

    let brute = min_by(&|t| shape.sweep_triangle(motion, t).map(|i| i.toi));
    let tree = sweep_convex_mesh(shape, motion, mesh).map(|i| i.result.toi);
    assert_eq!(tree, brute, "sweep of {shape:?} by {motion:?}");
}

fn convex_queries_match_brute_force<T: Real>(seed: u64) -> TestResult {
    let (mut rng, data, mesh, tris) = case::<T>(seed);
    let s = size(&data);
    for _ in 0..4 {
        // Near the surface: around a random triangle's random point, at the mesh's scale.
        let t = data.triangles::<f64>()[rng.index(tris.len())];
        let w = rng.simplex_weights::<f64>(3);
        let c = on(&t, [w[0], w[1], w[2]])
            + rng.unit_vector::<f64>().into_inner() * s * rng.range(0.0, 0.2);
        let r = s * rng.range(0.01, 0.15);
        let motion = (rng.unit_vector::<f64>().into_inner() * s * rng.range(0.0, 1.0)).map(T::lit);
        let ct = c.map(T::lit);
        let axis = rng.unit_vector::<f64>().into_inner() * r;
        check_convex(&Sphere::new(ct, T::lit(r)), &motion, &mesh, &tris);
        check_convex(
            &Aabb::new(
                (c - Vector3::repeat(r)).map(T::lit),
                (c + Vector3::repeat(r * 0.7)).map(T::lit),
            ),
            &motion,
            &mesh,
            &tris,
        );
        check_convex(
            &Capsule::new((c - axis).map(T::lit), (c + axis).map(T::lit), T::lit(r * 0.5)),
            &motion,
            &mesh,
            &tris,
        );
        let rot: Rotation3<f64> = rng.rotation();
        check_convex(
            &Obb::new(ct, rot.cast(), Vector3::new(r, r * 0.5, r * 0.25).map(T::lit)),
            &motion,
            &mesh,
            &tris,
        );
        check_convex(
            &Cylinder::new((c - axis).map(T::lit), (c + axis).map(T::lit), T::lit(r * 0.6)),
            &motion,
            &mesh,
            &tris,
        );
        let tri = Triangle::new(ct, (c + axis).map(T::lit), (c + rot * axis).map(T::lit));
        check_convex(&tri, &motion, &mesh, &tris);
    }
    TestResult::passed()
}

/// The brute-force intersecting pairs of two meshes (B posed by `pose`), by the same box screen
/// and triangle test.
fn brute_pairs<T: Real>(
    a: &[Triangle<T>],
    b: &[Triangle<T>],
    pose: &Isometry3<T>,
    predicate: Predicate,
) -> BTreeSet<(usize, usize)> {
    let mut out = BTreeSet::new();
    for (i, ta) in a.iter().enumerate() {
        for (j, tb) in b.iter().enumerate() {
            let tb = Triangle::new(pose * tb.a, pose * tb.b, pose * tb.c);
            if !osculate_overlap::aabb_aabb(&ta.aabb(), &tb.aabb()) {
                continue;
            }
            let meet = match predicate {
                Predicate::Fast => osculate_overlap::triangle_triangle(ta, &tb),
                Predicate::Exact => osculate_overlap::triangle_triangle_exact(ta, &tb),
            };
            if meet {
                out.insert((i, j));
            }
        }
    }
    out
}

fn mesh_pairs_match_brute_force<T: Real>(seed: u64) -> TestResult {
    let mut rng = Rng::new(seed);
    let (da, db) = (meshes::any(&mut rng), meshes::any(&mut rng));
    // B moved next to A at A's scale (or the identity pose on A itself: shared edges touch).
    let same = rng.chance(0.25);
    let db = if same { da.clone() } else { db };
    let (ma, mb) = (da.mesh::<T>(), db.mesh::<T>());
    let (ta, tb) = (da.triangles::<T>(), db.triangles::<T>());
    let pose = if same {
        Isometry3::identity()
    } else {
        let (ca, cb) =
            (Aabb::from_points(&da.vertices).center(), Aabb::from_points(&db.vertices).center());
        let rot: Rotation3<f64> = rng.rotation();
        let offset = rng.unit_vector::<f64>().into_inner() * size(&da) * rng.range(0.0, 0.6);
        let t = ca.coords + offset - rot * cb.coords;
        Isometry3::from_parts(
            t.map(T::lit).into(),
            osculate_math::UnitQuaternion::from_rotation_matrix(&rot).cast(),
        )
    };
    for predicate in [Predicate::Fast, Predicate::Exact] {
        let mut tree = BTreeSet::new();
        let _ = visit_intersecting_triangles(&ma, &mb, &pose, predicate, |i, j| {
            assert!(tree.insert((i, j)), "pair ({i}, {j}) reported twice");
            ControlFlow::Continue(())
        });
        assert_eq!(tree, brute_pairs(&ta, &tb, &pose, predicate), "{predicate:?}");
    }
    TestResult::passed()
}

fn generic_tree_matches_brute_force<T: Real>(seed: u64) -> TestResult {
    let mut rng = Rng::new(seed);
    let n = 1 + rng.index(300);
    let mut boxes: Vec<Aabb<T>> = (0..n)
        .map(|_| {
            let c =
                Point3::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0), rng.range(-1.0, 1.0));
            let e = Vector3::new(rng.range(0.0, 1.0), rng.range(0.0, 2.0), rng.range(0.0, 0.5));
            // A few flat and point boxes.
            let e = if rng.chance(0.1) { Vector3::new(e.x, 0.0, 0.0) } else { e };
            let b = Aabb::from_center_extents(c, e);
            Aabb::new(b.min.map(T::lit), b.max.map(T::lit))
        })
        .collect();
    let leaf = 1 + rng.index(8) as u32;
    let mut bvh = ok(Bvh::try_with_leaf_size(&boxes, leaf));
    for round in 0..2 {
        if round == 1 {
            // Move every box a little and refit: the queries still match.
            for b in &mut boxes {
                let d: Vector3<T> =
                    Vector3::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0), rng.range(-0.5, 0.5))
                        .map(T::lit);
                *b = Aabb::new(b.min + d, b.max + d);
            }
            ok(bvh.refit(&boxes));
        }
        // Boxes.
        for _ in 0..10 {
            let c =
                Point3::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0), rng.range(-1.0, 1.0));
            let q64 = Aabb::from_center_extents(c, Vector3::repeat(rng.range(0.0, 3.0)));
            let q: Aabb<T> = Aabb::new(q64.min.map(T::lit), q64.max.map(T::lit));
            let mut seen = BTreeSet::new();
            let _ = bvh.visit_aabb(&q, |i| {
                if osculate_overlap::aabb_aabb(&boxes[i], &q) {
                    seen.insert(i);
                }
                ControlFlow::Continue(())
            });
            let brute: BTreeSet<usize> =
                (0..n).filter(|&i| osculate_overlap::aabb_aabb(&boxes[i], &q)).collect();
            assert_eq!(seen, brute);
            // Nearest box to a point.
            let p = c.map(T::lit);
            let (_, d2) = some(
                bvh.nearest(&p, T::INFINITY, |i, _| {
                    Some(osculate_closest::sq_distance_point_aabb(&p, &boxes[i]))
                }),
                "nearest box",
            );
            let brute = boxes
                .iter()
                .map(|b| osculate_closest::sq_distance_point_aabb(&p, b))
                .fold(T::INFINITY, |a, d| if d < a { d } else { a });
            assert_eq!(d2, brute);
            // Rays against the boxes.
            let dir = rng.unit_vector::<f64>().into_inner().map(T::lit);
            let ray = Ray::new((c - Vector3::new(0.0, 0.0, 5.0)).map(T::lit), dir);
            let tree = bvh.cast_ray(&ray, |i, t_max| {
                osculate_cast::ray_aabb(&Ray { max_t: t_max, ..ray }, &boxes[i]).map(|h| h.t_enter)
            });
            let brute = boxes
                .iter()
                .filter_map(|b| osculate_cast::ray_aabb(&ray, b).map(|h| h.t_enter))
                .fold(None, |a: Option<T>, t| Some(a.map_or(t, |a| if t < a { t } else { a })));
            assert_eq!(tree.map(|(_, t)| t), brute);
        }
        // Self pairs and pairs against a second tree.
        let mut seen = BTreeSet::new();
        let _ = bvh.visit_self_pairs(osculate_overlap::aabb_aabb::<T>, |i, j| {
            assert_ne!(i, j);
            let key = (i.min(j), i.max(j));
            assert!(seen.insert(key), "pair {key:?} twice");
            ControlFlow::Continue(())
        });
        let overlapping: BTreeSet<_> = seen
            .into_iter()
            .filter(|&(i, j)| osculate_overlap::aabb_aabb(&boxes[i], &boxes[j]))
            .collect();
        let brute: BTreeSet<_> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .filter(|&(i, j)| osculate_overlap::aabb_aabb(&boxes[i], &boxes[j]))
            .collect();
        assert_eq!(overlapping, brute);
        let other: Vec<Aabb<T>> = boxes
            .iter()
            .step_by(3)
            .map(|b| Aabb::new(b.min.map(|x| x + T::lit(0.3)), b.max))
            .collect();
        let other_tree = ok(Bvh::try_new(&other));
        let mut seen = BTreeSet::new();
        let _ = bvh.visit_pairs(&other_tree, osculate_overlap::aabb_aabb::<T>, |i, j| {
            if osculate_overlap::aabb_aabb(&boxes[i], &other[j]) {
                seen.insert((i, j));
            }
            ControlFlow::Continue(())
        });
        let brute: BTreeSet<_> = (0..n)
            .flat_map(|i| (0..other.len()).map(move |j| (i, j)))
            .filter(|&(i, j)| osculate_overlap::aabb_aabb(&boxes[i], &other[j]))
            .collect();
        assert_eq!(seen, brute);
    }
    TestResult::passed()
}

/// A large terrain against brute force: in `cargo test` about 2,000 triangles and 50 rays and
/// points; in the soak (`OSCULATE_CASES` of a million) a million triangles and 1,000 of each.
#[test]
fn large_mesh_matches_brute_force() {
    let n = cases(CASES);
    let side = ((n as f64 * 16.0).sqrt() as usize).clamp(30, 707);
    let queries = (n as usize / 1000).clamp(50, 1000);
    let mut rng = Rng::new(26);
    let data = meshes::terrain(&mut rng, side, 3.0);
    for_each_scalar(&data, queries, &mut rng);
}

fn for_each_scalar(data: &Data, queries: usize, rng: &mut Rng) {
    fn check<T: Real>(data: &Data, queries: usize, rng: &mut Rng) {
        let mesh = data.mesh::<T>();
        let tris = data.triangles::<T>();
        for ray in rays::<T>(rng, data, queries) {
            let brute = brute_ray(&ray, &tris, Culling::TwoSided);
            let tree = ray_mesh(&ray, &mesh, Culling::TwoSided);
            assert_eq!(tree.map(|h| h.hit.t_enter), brute.map(|b| b.1), "{ray:?}");
            let p = ray.point_at(T::lit(rng.range(0.0, 1.0)));
            let brute = brute_sq_distance(&p, &tris);
            assert_eq!(closest_point_on_mesh(&p, &mesh).map(|c| c.sq_distance), Some(brute));
        }
    }
    check::<f32>(data, queries, rng);
    check::<f64>(data, queries, rng);
}
