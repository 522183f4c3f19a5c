//! Inside or outside for closed meshes, against an independent reference: the generalised
//! winding number (Jacobson, Kavan and Sorkine-Hornung 2013), the sum of the solid angles the
//! triangles subtend at the point (Van Oosterom and Strackee's formula) over 4π — 1 inside, 0
//! outside — computed in `f64` over every triangle. Points within 1e-4 (f32) or 1e-9 (f64) of
//! the mesh's size from the surface are left out (either answer is right there). The signed
//! distance's magnitude is the brute-force distance to the non-degenerate triangles.

use osculate_math::{Aabb, ContainsPoint, Point3, Real, Triangle, Vector3};
use osculate_mesh::{MeshOptions, TriangleMesh, signed_distance_point_mesh};
use osculate_testing::{Rng, test_tolerance};

use crate::meshes::{self, Data};

/// The winding number of the closed mesh `tris` about `p`.
fn winding_number(p: &Point3<f64>, tris: &[Triangle<f64>]) -> f64 {
    let mut sum = 0.0;
    for t in tris {
        let (a, b, c) = (t.a - p, t.b - p, t.c - p);
        let (la, lb, lc) = (a.norm(), b.norm(), c.norm());
        let num = a.dot(&b.cross(&c));
        let den = la * lb * lc + a.dot(&b) * lc + b.dot(&c) * la + c.dot(&a) * lb;
        sum += 2.0 * num.atan2(den);
    }
    sum / (4.0 * std::f64::consts::PI)
}

fn check<T: Real>(name: &str, data: &Data, points: usize, rng: &mut Rng) {
    let mesh: TriangleMesh<T> = data.solid();
    let tris64 = data.triangles::<f64>();
    let tris = data.triangles::<T>();
    let b = Aabb::from_points(&data.vertices);
    let size = (b.max - b.min).amax();
    let band = test_tolerance::<T>().to_f64() * size * 10.0;
    let mut tested = 0;
    for _ in 0..points {
        let p64 = b.center()
            + (b.max - b.min).component_mul(&Vector3::new(
                rng.range(-0.7, 0.7),
                rng.range(-0.7, 0.7),
                rng.range(-0.7, 0.7),
            ));
        let p = p64.map(T::lit);
        let d = crate::some(signed_distance_point_mesh(&p, &mesh), "signed distance");
        // The non-degenerate triangles (the signed distance leaves the degenerate ones out).
        let kept = tris
            .iter()
            .enumerate()
            .filter(|(i, _)| mesh.degenerate_triangles().binary_search(&(*i as u32)).is_err())
            .map(|(_, t)| t);
        let brute = crate::brute::brute_sq_distance(&p, kept).sqrt();
        assert_eq!(d.abs(), brute, "{name}: {p:?}");
        if d.abs().to_f64() < band {
            continue;
        }
        tested += 1;
        let inside = winding_number(&p.map(|x| x.to_f64()), &tris64) > 0.5;
        assert_eq!(d < T::ZERO, inside, "{name}: {p:?} signed distance {d:?}");
        assert_eq!(mesh.contains_point(&p), inside, "{name}: {p:?}");
    }
    assert!(tested > points / 2, "{name}: only {tested} points away from the surface");
}

fn inside_outside_matches_the_winding_number<T: Real>() {
    let n = crate::mesh_cases(300, 100_000) as usize;
    let mut rng = Rng::new(0x5011D);
    check::<T>("icosphere", &meshes::icosphere(3), n, &mut rng);
    check::<T>("cube", &meshes::cube(3), n, &mut rng);
    check::<T>("torus", &meshes::torus(20, 10, 1.0, 0.4), n, &mut rng);
    let bumpy = meshes::sphere(5, |d| 1.0 + 0.3 * (6.0 * d.x).sin() * (4.0 * d.y).cos());
    check::<T>("bumpy sphere", &bumpy, n, &mut rng);
    check::<T>(
        "far cube",
        &meshes::cube(2).placed(10.0, Vector3::new(1e4, 0.0, -1e4)),
        n,
        &mut rng,
    );
}

osculate_testing::for_f32_and_f64!(inside_outside_matches_the_winding_number);

/// A point exactly at a vertex, on an edge or on a face of the cube is on the surface: signed
/// distance 0, contained (the solid is closed).
#[test]
fn points_on_the_surface_are_contained() {
    let cube: TriangleMesh<f64> = meshes::cube(2).solid();
    for p in [[1.0, 1.0, 1.0], [1.0, 0.0, 0.5], [0.25, -1.0, 0.5], [-1.0, -1.0, 0.0]] {
        let p = Point3::from(p);
        assert_eq!(signed_distance_point_mesh(&p, &cube), Some(0.0), "{p:?}");
        assert!(cube.contains_point(&p));
    }
    // Just outside a corner, an edge and a face: the vertex and edge pseudo-normals decide.
    for p in [[1.001, 1.001, 1.001], [1.001, 1.001, 0.0], [0.3, 1.001, 0.2], [-1.0001, 0.999, 0.0]]
    {
        let p = Point3::from(p);
        assert!(signed_distance_point_mesh(&p, &cube).is_some_and(|d| d > 0.0), "{p:?}");
        assert!(!cube.contains_point(&p));
    }
    for p in [[0.999, 0.999, 0.999], [0.999, 0.999, 0.0], [0.3, 0.999, 0.2]] {
        assert!(signed_distance_point_mesh(&Point3::from(p), &cube).is_some_and(|d| d < 0.0));
    }
}

/// A mesh built without the solid option answers no signed distance and contains nothing.
#[test]
fn a_surface_mesh_has_no_inside() {
    let cube: TriangleMesh<f64> = meshes::cube(1).mesh();
    assert!(!cube.is_solid());
    assert_eq!(signed_distance_point_mesh(&Point3::origin(), &cube), None);
    assert!(!cube.contains_point(&Point3::origin()));
    let solid = crate::ok(TriangleMesh::try_with_options(
        meshes::cube(1).vertices::<f64>(),
        meshes::cube(1).triangles,
        &MeshOptions { solid: true, ..MeshOptions::default() },
    ));
    assert!(solid.contains_point(&Point3::origin()));
    assert!(!solid.contains_point(&Point3::new(f64::NAN, 0.0, 0.0)));
    assert_eq!(signed_distance_point_mesh(&Point3::new(0.0, f64::INFINITY, 0.0), &solid), None);
}
