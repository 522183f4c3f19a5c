//! Construction errors (each names what is wrong), degenerate triangles reported in the
//! caller's numbering, welding, and non-finite input to every query giving no confident answer.

use std::ops::ControlFlow;

use osculate_cast::Culling;
use osculate_math::{Aabb, ContainsPoint, Isometry3, Point3, Ray, Real, Sphere, Vector3};
use osculate_mesh::{
    MeshError, MeshOptions, Predicate, TriangleMesh, closest_point_on_mesh,
    closest_point_on_mesh_within, closest_points_convex_mesh, contact_convex_mesh,
    overlap_convex_mesh, ray_mesh, ray_mesh_test, signed_distance_point_mesh,
    sq_distance_point_mesh, sweep_convex_mesh, visit_intersecting_triangles,
};

use crate::meshes;
use crate::{err, ok, some};

fn solid() -> MeshOptions<f64> {
    MeshOptions { solid: true, ..MeshOptions::default() }
}

fn p(x: f64, y: f64, z: f64) -> Point3<f64> {
    Point3::new(x, y, z)
}

#[test]
fn invalid_meshes_are_refused_with_the_reason() {
    let v = vec![p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0), p(0.0, 0.0, 1.0)];
    assert_eq!(err(TriangleMesh::try_new(v.clone(), vec![])), MeshError::NoTriangles);
    assert_eq!(
        err(TriangleMesh::try_new(v.clone(), vec![[0, 1, 2], [2, 9, 1]])),
        MeshError::IndexOutOfRange { triangle: 1, index: 9, vertex_count: 4 }
    );
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let mut w = v.clone();
        w[2].z = bad;
        assert_eq!(
            err(TriangleMesh::try_new(w, vec![[0, 1, 2]])),
            MeshError::NonFiniteVertex { vertex: 2 }
        );
    }
    // An unused non-finite vertex is refused too: the vertex list is the caller's.
    let mut w = v.clone();
    w.push(p(f64::NAN, 0.0, 0.0));
    assert_eq!(
        err(TriangleMesh::try_new(w, vec![[0, 1, 2]])),
        MeshError::NonFiniteVertex { vertex: 4 }
    );
    for weld in [-1.0, f64::NAN, f64::INFINITY] {
        let o = MeshOptions { weld: Some(weld), ..MeshOptions::default() };
        assert_eq!(
            err(TriangleMesh::try_with_options(v.clone(), vec![[0, 1, 2]], &o)),
            MeshError::InvalidWeldDistance
        );
    }
    // Every error prints a sentence naming the culprit.
    let e = MeshError::IndexOutOfRange { triangle: 1, index: 9, vertex_count: 4 };
    assert_eq!(e.to_string(), "triangle 1 uses vertex 9, but there are 4 vertices");
    assert_eq!(MeshError::NonFiniteVertex { vertex: 2 }.to_string(), "vertex 2 is NaN or infinite");
}

#[test]
fn solid_meshes_must_be_closed_manifold_and_outward() {
    let v = vec![
        p(0.0, 0.0, 0.0),
        p(1.0, 0.0, 0.0),
        p(0.0, 1.0, 0.0),
        p(0.0, 0.0, 1.0),
        p(1.0, 1.0, 1.0),
    ];
    // A single triangle: open.
    assert!(matches!(
        TriangleMesh::try_with_options(v.clone(), vec![[0, 1, 2]], &solid()),
        Err(MeshError::OpenEdge { triangle: 0, .. })
    ));
    // The tetrahedron, outward: fine; flipped: inside out; one face flipped: inconsistent.
    let tet = vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
    assert!(TriangleMesh::try_with_options(v.clone(), tet.clone(), &solid()).is_ok());
    let inverted: Vec<[u32; 3]> = tet.iter().map(|t| [t[0], t[2], t[1]]).collect();
    assert_eq!(
        err(TriangleMesh::try_with_options(v.clone(), inverted, &solid())),
        MeshError::InsideOut
    );
    let mut one_flipped = tet.clone();
    one_flipped[3] = [1, 3, 2];
    assert!(matches!(
        TriangleMesh::try_with_options(v.clone(), one_flipped, &solid()),
        Err(MeshError::InconsistentOrientation { .. })
    ));
    // A fin on edge 1-2: three triangles share it.
    let mut fin = tet;
    fin.push([1, 4, 2]);
    fin.push([2, 4, 1]);
    assert!(matches!(
        TriangleMesh::try_with_options(v, fin, &solid()),
        Err(MeshError::NonManifoldEdge { .. })
    ));
    // The cube's error on a missing face names a triangle next to the hole.
    let mut cube = meshes::cube(2);
    let removed = cube.triangles.remove(5);
    let err = err(TriangleMesh::try_with_options(
        cube.vertices::<f64>(),
        cube.triangles.clone(),
        &solid(),
    ));
    let MeshError::OpenEdge { triangle, edge } = err else { panic!("{err:?}") };
    let t = cube.triangles[triangle];
    let e = [t[edge], t[(edge + 1) % 3]];
    assert!(e.iter().all(|i| removed.contains(i)), "{e:?} is not an edge of the hole {removed:?}");
}

#[test]
fn degenerate_triangles_are_reported_in_the_callers_numbering() {
    let v = vec![
        p(0.0, 0.0, 0.0),
        p(1.0, 0.0, 0.0),
        p(0.0, 1.0, 0.0),
        p(2.0, 0.0, 0.0),
        p(0.5, 1e-13, 0.0),
        p(5.0, 5.0, 5.0),
    ];
    let t = vec![[0, 1, 2], [0, 0, 1], [0, 1, 3], [0, 1, 4], [2, 5, 1], [5, 5, 5]];
    let mesh = ok(TriangleMesh::try_new(v, t));
    assert_eq!(mesh.degenerate_triangles(), [1, 2, 3, 5]);
    // They stay in the mesh as the segments or points they are.
    // Vertex 5 is triangle 4's corner and all of triangle 5: either is the answer.
    let c = some(closest_point_on_mesh(&p(5.0, 5.0, 5.0), &mesh), "a point");
    assert!((c.triangle == 4 || c.triangle == 5) && c.sq_distance == 0.0, "{c:?}");
    let c = some(closest_point_on_mesh(&p(5.0, 5.0, 6.0), &mesh), "a point");
    assert_eq!(c.sq_distance, 1.0);
    let c = some(closest_point_on_mesh(&p(1.5, 0.0, -1.0), &mesh), "a point");
    assert_eq!((c.triangle, c.sq_distance), (2, 1.0));
    // A ray along the collapsed triangles' line misses them; the real ones are hit.
    let r = Ray::new(p(0.25, 0.25, 1.0), -Vector3::z());
    assert_eq!(ray_mesh(&r, &mesh, Culling::TwoSided).map(|h| h.triangle), Some(0));
}

#[test]
fn welding_merges_duplicates_and_near_duplicates() {
    // A cube whose faces carry their own copies of the vertices, moved by up to 1e-9.
    let cube = meshes::cube(2);
    let mut rng = osculate_testing::Rng::new(3);
    let mut vertices = Vec::new();
    let mut triangles = Vec::new();
    for t in &cube.triangles {
        let base = vertices.len() as u32;
        for &i in t {
            let jitter = Vector3::new(
                rng.range(-1e-9, 1e-9),
                rng.range(-1e-9, 1e-9),
                rng.range(-1e-9, 1e-9),
            );
            vertices.push(cube.vertices[i as usize] + jitter);
        }
        triangles.push([base, base + 1, base + 2]);
    }
    let open = TriangleMesh::try_with_options(vertices.clone(), triangles.clone(), &solid());
    assert!(matches!(open, Err(MeshError::OpenEdge { .. })));
    // Exact duplicates only: the jitter keeps them apart.
    let exact = MeshOptions { weld: Some(0.0), ..solid() };
    assert!(TriangleMesh::try_with_options(vertices.clone(), triangles.clone(), &exact).is_err());
    let near = MeshOptions { weld: Some(1e-6), ..solid() };
    let mesh = ok(TriangleMesh::try_with_options(vertices, triangles, &near));
    assert_eq!(mesh.vertices().len(), cube.vertices.len());
    assert!(mesh.contains_point(&p(0.1, 0.2, 0.3)));
    // Welding a triangle's corners together leaves a reported degenerate triangle.
    let v = vec![p(0.0, 0.0, 0.0), p(1e-9, 0.0, 0.0), p(0.0, 1.0, 0.0), p(1.0, 0.0, 0.0)];
    let o = MeshOptions { weld: Some(1e-6), ..MeshOptions::default() };
    let m = ok(TriangleMesh::try_with_options(v, vec![[0, 1, 2], [0, 3, 2]], &o));
    assert_eq!((m.vertices().len(), m.degenerate_triangles()), (3, &[0][..]));
}

/// Every query, with a NaN or infinite input in each position it has, answers nothing: no hit,
/// no point, no overlap, no contact, no impact, no pair.
fn non_finite_input_gets_no_confident_answer<T: Real>() {
    let data = meshes::icosphere(2);
    let mesh: TriangleMesh<T> = data.solid();
    let bad = [T::NAN, T::INFINITY, T::NEG_INFINITY];
    let z = T::ZERO;
    let one = T::ONE;
    for x in bad {
        let points = [Point3::new(x, z, z), Point3::new(z, x, z), Point3::new(z, z, x)];
        let dirs = [Vector3::new(x, one, z), Vector3::new(z, x, one), Vector3::new(one, z, x)];
        for (pt, d) in points.iter().zip(&dirs) {
            for culling in [Culling::TwoSided, Culling::FrontOnly] {
                assert!(ray_mesh(&Ray::new(*pt, -Vector3::x()), &mesh, culling).is_none());
                assert!(ray_mesh(&Ray::new(Point3::origin(), *d), &mesh, culling).is_none());
                assert!(!ray_mesh_test(&Ray::new(*pt, Vector3::x()), &mesh, culling));
                assert!(!ray_mesh_test(&Ray::new(Point3::origin(), *d), &mesh, culling));
            }
            assert!(closest_point_on_mesh(pt, &mesh).is_none());
            assert!(sq_distance_point_mesh(pt, &mesh).is_nan());
            assert!(signed_distance_point_mesh(pt, &mesh).is_none());
            let ball = Sphere::new(*pt, T::lit(0.5));
            assert!(!overlap_convex_mesh(&ball, &mesh));
            assert!(closest_points_convex_mesh(&ball, &mesh).is_none());
            assert!(contact_convex_mesh(&ball, &mesh, T::ONE).is_none());
            assert!(sweep_convex_mesh(&ball, &Vector3::x(), &mesh).is_none());
            let near = Sphere::new(Point3::new(T::lit(2.0), z, z), T::lit(0.5));
            assert!(sweep_convex_mesh(&near, d, &mesh).is_none());
            let boxed = Aabb::new(*pt, Point3::new(one, one, one));
            assert!(!overlap_convex_mesh(&boxed, &mesh));
            let pose = Isometry3::translation(x, z, z);
            let r = visit_intersecting_triangles(&mesh, &mesh, &pose, Predicate::Fast, |_, _| {
                ControlFlow::Break(())
            });
            assert!(r.is_continue());
        }
        // A ray with a NaN or negative max_t, a zero direction, a NaN radius, a NaN prediction,
        // a NaN bound on the distance.
        let r = Ray { max_t: T::NAN, ..Ray::new(Point3::origin(), Vector3::x()) };
        assert!(ray_mesh(&r, &mesh, Culling::TwoSided).is_none());
        let r = Ray { max_t: -one, ..Ray::new(Point3::origin(), Vector3::x()) };
        assert!(ray_mesh(&r, &mesh, Culling::TwoSided).is_none());
        assert!(
            ray_mesh(&Ray::new(Point3::origin(), Vector3::zeros()), &mesh, Culling::TwoSided)
                .is_none()
        );
        let nan_ball = Sphere::new(Point3::origin(), T::NAN);
        assert!(!overlap_convex_mesh(&nan_ball, &mesh));
        assert!(contact_convex_mesh(&Sphere::new(Point3::origin(), one), &mesh, T::NAN).is_none());
        assert!(closest_point_on_mesh_within(&Point3::origin(), &mesh, T::NAN).is_none());
        assert!(closest_point_on_mesh_within(&Point3::origin(), &mesh, -one).is_none());
    }
    // And the same queries on finite input do answer (the test above is not vacuous).
    let ball = Sphere::new(Point3::new(T::lit(0.9), z, z), T::lit(0.5));
    assert!(overlap_convex_mesh(&ball, &mesh));
    assert!(
        ray_mesh(&Ray::new(Point3::origin(), Vector3::x()), &mesh, Culling::TwoSided).is_some()
    );
    assert!(signed_distance_point_mesh(&Point3::origin(), &mesh).is_some_and(|d| d < z));
}

osculate_testing::for_f32_and_f64!(non_finite_input_gets_no_confident_answer);

/// A closed mesh of 20,000 triangles in `f32` takes less memory per triangle than parry3d's
/// `TriMesh` of the same triangles (98 bytes at the time of writing; here it is read from parry).
#[test]
fn memory_per_triangle_is_below_parrys() {
    let data = meshes::icosphere(32);
    let mesh: TriangleMesh<f32> = data.mesh();
    let v: Vec<parry3d::math::Vector> =
        data.vertices::<f32>().iter().map(|p| parry3d::math::Vector::new(p.x, p.y, p.z)).collect();
    let parry = ok(parry3d::shape::TriMesh::new(v, data.triangles.clone()));
    let n = data.triangles.len() as f64;
    let (ours, theirs) = (mesh.memory_bytes() as f64 / n, parry.heap_memory_size() as f64 / n);
    assert!(ours < theirs, "{ours} bytes per triangle, parry {theirs}");
}
