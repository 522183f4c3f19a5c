//! Worked cases: shapes exactly touching at `t = 0` (planes, halfspaces, boxes) and a sphere
//! reaching a polygon's edge and vertex.

use osculate_dynamic as od;
use osculate_math::{Aabb, ConvexPolygon, Halfspace, Plane, Point3, Sphere, Vector3};

fn p(x: f64, y: f64, z: f64) -> Point3<f64> {
    Point3::new(x, y, z)
}

#[test]
fn touching_at_zero_is_an_initial_overlap() {
    let plane = Plane { normal: Vector3::z_axis(), d: 0.0 };
    let h = Halfspace::new(plane);
    let s = Sphere::new(p(0.0, 0.0, 1.0), 1.0);
    let cube = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
    let next = Aabb::new(p(1.0, 0.0, 0.0), p(2.0, 1.0, 1.0));
    let up = Vector3::new(0.0, 0.0, 1.0);
    let zero = Vector3::zeros();
    for v in [up, -up, zero] {
        let hits = [
            ("sphere_plane", od::sphere_plane(&s, &v, &plane)),
            ("sphere_halfspace", od::sphere_halfspace(&s, &v, &h)),
            ("aabb_plane", od::aabb_plane(&cube, &v, &plane)),
            ("aabb_halfspace", od::aabb_halfspace(&cube, &v, &h)),
            ("obb_plane", od::obb_plane(&cube.to_obb(), &v, &plane)),
            ("obb_halfspace", od::obb_halfspace(&cube.to_obb(), &v, &h)),
            ("aabb_aabb", od::aabb_aabb(&cube, &v, &next, &zero)),
            ("obb_obb", od::obb_obb(&cube.to_obb(), &v, &next.to_obb(), &zero)),
        ];
        for (name, hit) in hits {
            assert!(
                hit.is_some_and(|h| h.toi == 0.0 && h.initially_overlapping),
                "{name}, v = {v:?}: {hit:?}"
            );
        }
    }
}

#[test]
fn sphere_reaches_a_polygon_edge_and_a_vertex() {
    let square = ConvexPolygon {
        vertices: vec![p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0), p(2.0, 2.0, 0.0), p(0.0, 2.0, 0.0)],
        normal: Vector3::z_axis(),
    };
    let zero = Vector3::zeros();
    // Edge x = 2, approached in the polygon's plane: contact when the center is at x = 2.5.
    let s = Sphere::new(p(4.0, 1.0, 0.0), 0.5);
    let hit = od::sphere_polygon(&s, &Vector3::new(-4.0, 0.0, 0.0), &square, &zero);
    assert!(
        hit.is_some_and(|h| (h.toi - 0.375).abs() < 1e-12
            && (h.point - p(2.0, 1.0, 0.0)).norm() < 1e-12
            && (h.normal.into_inner() - Vector3::new(-1.0, 0.0, 0.0)).norm() < 1e-12
            && !h.initially_overlapping),
        "{hit:?}"
    );
    // Vertex (2, 2, 0), approached along the diagonal: contact after 2√2 − 0.5 of 4√2.
    let s = Sphere::new(p(4.0, 4.0, 0.0), 0.5);
    let hit = od::sphere_polygon(&s, &Vector3::new(-4.0, -4.0, 0.0), &square, &zero);
    let want = (2.0 * 2f64.sqrt() - 0.5) / (4.0 * 2f64.sqrt());
    let diagonal = Vector3::new(-1.0, -1.0, 0.0) / 2f64.sqrt();
    assert!(
        hit.is_some_and(|h| (h.toi - want).abs() < 1e-12
            && (h.point - p(2.0, 2.0, 0.0)).norm() < 1e-9
            && (h.normal.into_inner() - diagonal).norm() < 1e-9),
        "{hit:?}"
    );
}
