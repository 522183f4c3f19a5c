//! Criterion benchmarks of the queries `queries.rs` does not cover: the plane and halfspace queries,
//! the remaining casts, overlaps, contacts and closest points, every sweep, and the generic
//! time-of-impact searches. Same layout as `queries.rs`: one group per query, the contenders of
//! `osculate_benches::CONTENDERS`, one query per iteration over `BATCH` seeded inputs.
//!
//! parry is called on its most direct path: `query::details::*` where it has a function for the
//! pair (`intersection_test_ball_point_query`, `intersection_test_cuboid_triangle`,
//! `contact_ball_convex_polyhedron`, `closest_points_support_map_support_map`, …), the shape's own
//! `RayCast` / `PointQuery`, and `query::cast_shapes` for sweeps (it has no other). Contacts are
//! asked with prediction 0, so parry, like osculate, reports only touching pairs.

use criterion::{Criterion, criterion_group, criterion_main};
use osculate::closest::{Transformed, closest_points_convex};
use osculate::{cast, closest, dynamic, overlap};
use osculate_benches::{BATCH, inputs, p32, p64, pairs};
use osculate_math::{
    Aabb, Capsule, Cone, ConvexPolygon, ConvexPolyhedron, Cylinder, Halfspace, Isometry3, Line,
    Obb, Plane, Point3, Ray, Real, Segment, Sphere, Tetrahedron, Triangle, Vector3,
};
use std::hint::black_box;

/// Benchmarks `$body` over the elements of `$data` (bound to `$x`) as contender `$id` of `$g`.
macro_rules! bench {
    ($g:expr, $id:expr, $data:expr, |$x:ident| $body:expr) => {{
        let data = $data;
        let mut i = 0usize;
        $g.bench_function($id, |b| {
            b.iter(|| {
                i = i.wrapping_add(1);
                let $x = black_box(&data[i & (BATCH - 1)]);
                black_box($body)
            })
        });
    }};
}

/// One group with one contender: `$name`, `$id`, the inputs and the call.
macro_rules! group {
    ($c:expr, $name:literal, $id:expr, $data:expr, |$x:ident| $body:expr) => {{
        let mut g = $c.benchmark_group($name);
        bench!(g, $id, $data, |$x| $body);
        g.finish();
    }};
}

/// Sweep inputs: the first shape of each pair moves by twice the offset between `center(a)` and
/// `center(b)` (so about half of the pairs meet over the motion), the second stays.
fn toward<T: Real, A: Clone, B: Clone>(
    d: &[(A, B)],
    center_a: impl Fn(&A) -> Point3<T>,
    center_b: impl Fn(&B) -> Point3<T>,
) -> Vec<(A, Vector3<T>, B)> {
    d.iter()
        .map(|(a, b)| (a.clone(), (center_b(b) - center_a(a)) * T::lit(2.0), b.clone()))
        .collect()
}

/// The osculate side, for one scalar type.
#[allow(clippy::too_many_lines)]
fn coverage_osculate<T: Real>(c: &mut Criterion, id: &str) {
    let z = Vector3::<T>::zeros();
    // Closest points (layer 1).
    group!(c, "point_plane", id, pairs::<T, Point3<T>, Plane<T>>(500), |x| {
        closest::closest_point_on_plane(&x.0, &x.1)
    });
    group!(c, "point_line", id, pairs::<T, Point3<T>, Line<T>>(502), |x| {
        closest::closest_point_on_line(&x.0, &x.1)
    });
    group!(c, "point_polygon", id, pairs::<T, Point3<T>, ConvexPolygon<T>>(504), |x| {
        closest::closest_point_on_polygon(&x.0, &x.1)
    });
    group!(c, "point_polyhedron", id, pairs::<T, Point3<T>, ConvexPolyhedron<T>>(506), |x| {
        closest::closest_point_on_polyhedron(&x.0, &x.1)
    });
    group!(c, "closest_segment_triangle", id, pairs::<T, Segment<T>, Triangle<T>>(510), |x| {
        closest::closest_points_segment_triangle(&x.0, &x.1)
    });
    group!(c, "closest_segment_obb", id, pairs::<T, Segment<T>, Obb<T>>(512), |x| {
        closest::closest_points_segment_obb(&x.0, &x.1)
    });
    group!(c, "closest_sphere_capsule", id, pairs::<T, Sphere<T>, Capsule<T>>(514), |x| {
        closest::closest_points_sphere_capsule(&x.0, &x.1)
    });
    group!(c, "closest_capsule_capsule", id, pairs::<T, Capsule<T>, Capsule<T>>(516), |x| {
        closest::closest_points_capsule_capsule(&x.0, &x.1)
    });
    group!(c, "contact_sphere_obb", id, pairs::<T, Sphere<T>, Obb<T>>(520), |x| {
        closest::contact_sphere_obb(&x.0, &x.1)
    });
    group!(c, "contact_sphere_triangle", id, pairs::<T, Sphere<T>, Triangle<T>>(522), |x| {
        closest::contact_sphere_triangle(&x.0, &x.1)
    });
    group!(c, "contact_sphere_capsule", id, pairs::<T, Sphere<T>, Capsule<T>>(524), |x| {
        closest::contact_sphere_capsule(&x.0, &x.1)
    });
    group!(c, "contact_sphere_halfspace", id, pairs::<T, Sphere<T>, Halfspace<T>>(526), |x| {
        closest::contact_sphere_halfspace(&x.0, &x.1)
    });
    // The rest of layer 1 (osculate only: parry's nearest is a different query or none; the
    // `sq_distance_*` functions are these `closest_*` ones and a subtraction, not benchmarked apart).
    group!(c, "point_ray", id, pairs::<T, Point3<T>, Ray<T>>(604), |x| {
        closest::closest_point_on_ray(&x.0, &x.1)
    });
    group!(c, "closest_line_line", id, pairs::<T, Line<T>, Line<T>>(606), |x| {
        closest::closest_points_line_line(&x.0, &x.1)
    });
    group!(c, "closest_segment_aabb", id, pairs::<T, Segment<T>, Aabb<T>>(608), |x| {
        closest::closest_points_segment_aabb(&x.0, &x.1)
    });
    group!(c, "closest_sphere_sphere", id, pairs::<T, Sphere<T>, Sphere<T>>(610), |x| {
        closest::closest_points_sphere_sphere(&x.0, &x.1)
    });
    group!(c, "closest_sphere_segment", id, pairs::<T, Sphere<T>, Segment<T>>(612), |x| {
        closest::closest_points_segment_sphere(&x.1, &x.0)
    });
    group!(c, "contact_sphere_segment", id, pairs::<T, Sphere<T>, Segment<T>>(614), |x| {
        closest::contact_segment_sphere(&x.1, &x.0)
    });
    group!(c, "contact_sphere_plane", id, pairs::<T, Sphere<T>, Plane<T>>(616), |x| {
        closest::contact_sphere_plane(&x.0, &x.1)
    });
    group!(c, "signed_distance_point_plane", id, pairs::<T, Point3<T>, Plane<T>>(618), |x| {
        closest::signed_distance_point_plane(&x.0, &x.1)
    });
    group!(c, "gjk_cylinder_cone", id, pairs::<T, Cylinder<T>, Cone<T>>(620), |x| {
        closest::distance_convex(&x.0, &x.1, None, 64)
    });
    group!(c, "gjk_intersect_cylinder_cone", id, pairs::<T, Cylinder<T>, Cone<T>>(620), |x| {
        closest::intersect_convex(&x.0, &x.1, 64)
    });
    // Overlap (layer 2).
    group!(c, "overlap_sphere_aabb", id, pairs::<T, Sphere<T>, Aabb<T>>(530), |x| {
        overlap::sphere_aabb(&x.0, &x.1)
    });
    group!(c, "overlap_sphere_obb", id, pairs::<T, Sphere<T>, Obb<T>>(532), |x| {
        overlap::sphere_obb(&x.0, &x.1)
    });
    group!(c, "overlap_sphere_triangle", id, pairs::<T, Sphere<T>, Triangle<T>>(534), |x| {
        overlap::sphere_triangle(&x.0, &x.1)
    });
    group!(c, "overlap_sphere_capsule", id, pairs::<T, Sphere<T>, Capsule<T>>(536), |x| {
        overlap::sphere_capsule(&x.0, &x.1)
    });
    group!(c, "overlap_capsule_capsule", id, pairs::<T, Capsule<T>, Capsule<T>>(538), |x| {
        overlap::capsule_capsule(&x.0, &x.1)
    });
    group!(c, "overlap_sphere_polygon", id, pairs::<T, Sphere<T>, ConvexPolygon<T>>(540), |x| {
        overlap::sphere_polygon(&x.0, &x.1)
    });
    group!(c, "overlap_segment_obb", id, pairs::<T, Segment<T>, Obb<T>>(542), |x| {
        overlap::segment_obb(&x.0, &x.1)
    });
    group!(c, "overlap_segment_triangle", id, pairs::<T, Segment<T>, Triangle<T>>(544), |x| {
        overlap::segment_triangle(&x.0, &x.1)
    });
    group!(c, "overlap_obb_triangle", id, pairs::<T, Obb<T>, Triangle<T>>(546), |x| {
        overlap::obb_triangle(&x.0, &x.1)
    });
    group!(c, "overlap_sphere_halfspace", id, pairs::<T, Sphere<T>, Halfspace<T>>(548), |x| {
        overlap::sphere_halfspace(&x.0, &x.1)
    });
    group!(c, "overlap_obb_halfspace", id, pairs::<T, Obb<T>, Halfspace<T>>(550), |x| {
        overlap::obb_halfspace(&x.0, &x.1)
    });
    group!(c, "overlap_capsule_halfspace", id, pairs::<T, Capsule<T>, Halfspace<T>>(552), |x| {
        overlap::capsule_halfspace(&x.0, &x.1)
    });
    group!(c, "overlap_cone_halfspace", id, pairs::<T, Cone<T>, Halfspace<T>>(554), |x| {
        overlap::cone_halfspace(&x.0, &x.1)
    });
    group!(c, "overlap_triangle_plane", id, pairs::<T, Triangle<T>, Plane<T>>(556), |x| {
        overlap::triangle_plane(&x.0, &x.1)
    });
    // The rest of layer 2 (osculate only). `separated_on_axis` and `edge_edge_axis` are the
    // separating-axis building blocks inside `obb_obb` and the triangle tests, not queries.
    group!(c, "overlap_sphere_segment", id, pairs::<T, Sphere<T>, Segment<T>>(626), |x| {
        overlap::segment_sphere(&x.1, &x.0)
    });
    group!(c, "overlap_aabb_aabb_center_extents", id, pairs::<T, Aabb<T>, Aabb<T>>(628), |x| {
        let (a, b) = (&x.0, &x.1);
        overlap::aabb_aabb_center_extents(
            &a.center(),
            &a.half_extents(),
            &b.center(),
            &b.half_extents(),
        )
    });
    group!(c, "overlap_aabb_plane", id, pairs::<T, Aabb<T>, Plane<T>>(630), |x| {
        overlap::aabb_plane(&x.0, &x.1)
    });
    group!(c, "overlap_aabb_halfspace", id, pairs::<T, Aabb<T>, Halfspace<T>>(632), |x| {
        overlap::aabb_halfspace(&x.0, &x.1)
    });
    group!(c, "overlap_obb_plane", id, pairs::<T, Obb<T>, Plane<T>>(634), |x| {
        overlap::obb_plane(&x.0, &x.1)
    });
    group!(c, "overlap_cone_plane", id, pairs::<T, Cone<T>, Plane<T>>(636), |x| {
        overlap::cone_plane(&x.0, &x.1)
    });
    group!(c, "overlap_capsule_plane", id, pairs::<T, Capsule<T>, Plane<T>>(638), |x| {
        overlap::capsule_plane(&x.0, &x.1)
    });
    group!(c, "overlap_triangle_halfspace", id, pairs::<T, Triangle<T>, Halfspace<T>>(640), |x| {
        overlap::triangle_halfspace(&x.0, &x.1)
    });
    group!(c, "overlap_sphere_behind_plane", id, pairs::<T, Sphere<T>, Plane<T>>(642), |x| {
        overlap::sphere_behind_plane(&x.0, &x.1)
    });
    group!(
        c,
        "overlap_segment_triangle_exact",
        id,
        pairs::<T, Segment<T>, Triangle<T>>(644),
        |x| { overlap::segment_triangle_exact(&x.0, &x.1) }
    );
    // Casts (layer 3).
    group!(c, "ray_obb", id, pairs::<T, Ray<T>, Obb<T>>(560), |x| cast::ray_obb(&x.0, &x.1));
    group!(c, "ray_plane", id, pairs::<T, Ray<T>, Plane<T>>(562), |x| cast::ray_plane(&x.0, &x.1));
    group!(c, "ray_halfspace", id, pairs::<T, Ray<T>, Halfspace<T>>(564), |x| {
        cast::ray_halfspace(&x.0, &x.1)
    });
    group!(c, "ray_polygon", id, pairs::<T, Ray<T>, ConvexPolygon<T>>(566), |x| {
        cast::ray_polygon(&x.0, &x.1)
    });
    group!(c, "ray_polyhedron", id, pairs::<T, Ray<T>, ConvexPolyhedron<T>>(568), |x| {
        cast::ray_polyhedron(&x.0, &x.1)
    });
    group!(c, "ray_tetrahedron", id, pairs::<T, Ray<T>, Tetrahedron<T>>(570), |x| {
        cast::ray_tetrahedron(&x.0, &x.1)
    });
    group!(c, "segment_sphere", id, pairs::<T, Segment<T>, Sphere<T>>(572), |x| {
        cast::segment_sphere(&x.0, &x.1)
    });
    group!(c, "line_triangle", id, pairs::<T, Segment<T>, Triangle<T>>(574), |x| {
        cast::line_triangle(&x.0.a, &x.0.b, &x.1)
    });
    let planes = inputs::<T, Plane<T>>(576);
    let three: Vec<_> =
        (0..BATCH).map(|i| (planes[i], planes[(i + 1) % BATCH], planes[(i + 2) % BATCH])).collect();
    group!(c, "plane_plane", id, three.clone(), |x| cast::plane_plane(&x.0, &x.1));
    group!(c, "three_planes", id, three, |x| osculate::math::three_planes(&x.0, &x.1, &x.2));
    group!(c, "segment_sphere_test", id, pairs::<T, Segment<T>, Sphere<T>>(646), |x| {
        cast::segment_sphere_test(&x.0, &x.1)
    });
    // Sweeps (layer 4): the first shape moves, the second stays.
    let sphere_c = |s: &Sphere<T>| s.center;
    let aabb_c = |b: &Aabb<T>| b.center();
    let obb_c = |b: &Obb<T>| b.center;
    let tri_c = |t: &Triangle<T>| t.centroid();
    let cap_c = |k: &Capsule<T>| Point3::from((k.a.coords + k.b.coords) / T::lit(2.0));
    let plane_c = |p: &Plane<T>| Point3::from(p.normal.into_inner() * p.d);
    let half_c = |h: &Halfspace<T>| Point3::from(h.plane.normal.into_inner() * h.plane.d);
    let d = toward(&pairs::<T, Sphere<T>, Triangle<T>>(580), sphere_c, tri_c);
    group!(c, "sweep_sphere_triangle", id, d, |x| dynamic::sphere_triangle(&x.0, &x.1, &x.2, &z));
    let d = toward(&pairs::<T, Sphere<T>, ConvexPolygon<T>>(582), sphere_c, |p| p.vertices[0]);
    group!(c, "sweep_sphere_polygon", id, d, |x| dynamic::sphere_polygon(&x.0, &x.1, &x.2, &z));
    let d = toward(&pairs::<T, Sphere<T>, Obb<T>>(584), sphere_c, obb_c);
    group!(c, "sweep_sphere_obb", id, d, |x| dynamic::sphere_obb(&x.0, &x.1, &x.2, &z));
    let d = toward(&pairs::<T, Sphere<T>, Capsule<T>>(586), sphere_c, cap_c);
    group!(c, "sweep_sphere_capsule", id, d, |x| dynamic::sphere_capsule(&x.0, &x.1, &x.2, &z));
    let d = toward(&pairs::<T, Capsule<T>, Capsule<T>>(588), cap_c, cap_c);
    group!(c, "sweep_capsule_capsule", id, d, |x| dynamic::capsule_capsule(&x.0, &x.1, &x.2, &z));
    let d = toward(&pairs::<T, Aabb<T>, Aabb<T>>(590), aabb_c, aabb_c);
    group!(c, "sweep_aabb_aabb", id, d, |x| dynamic::aabb_aabb(&x.0, &x.1, &x.2, &z));
    let obbs = toward(&pairs::<T, Obb<T>, Obb<T>>(592), obb_c, obb_c);
    group!(c, "sweep_obb_obb", id, obbs.clone(), |x| dynamic::obb_obb(&x.0, &x.1, &x.2, &z));
    let d = toward(&pairs::<T, Triangle<T>, Aabb<T>>(594), tri_c, aabb_c);
    group!(c, "sweep_triangle_aabb", id, d, |x| dynamic::aabb_triangle(&x.2, &z, &x.0, &x.1));
    let d = toward(&pairs::<T, Sphere<T>, Plane<T>>(596), sphere_c, plane_c);
    group!(c, "sweep_sphere_plane", id, d, |x| dynamic::sphere_plane(&x.0, &x.1, &x.2));
    let d = toward(&pairs::<T, Sphere<T>, Halfspace<T>>(598), sphere_c, half_c);
    group!(c, "sweep_sphere_halfspace", id, d, |x| dynamic::sphere_halfspace(&x.0, &x.1, &x.2));
    let d = toward(&pairs::<T, Obb<T>, Halfspace<T>>(600), obb_c, half_c);
    group!(c, "sweep_obb_halfspace", id, d, |x| dynamic::obb_halfspace(&x.0, &x.1, &x.2));
    let d = toward(&pairs::<T, Obb<T>, Plane<T>>(648), obb_c, plane_c);
    group!(c, "sweep_obb_plane", id, d, |x| dynamic::obb_plane(&x.0, &x.1, &x.2));
    let d = toward(&pairs::<T, Aabb<T>, Plane<T>>(650), aabb_c, plane_c);
    group!(c, "sweep_aabb_plane", id, d, |x| dynamic::aabb_plane(&x.0, &x.1, &x.2));
    let d = toward(&pairs::<T, Aabb<T>, Halfspace<T>>(652), aabb_c, half_c);
    group!(c, "sweep_aabb_halfspace", id, d, |x| dynamic::aabb_halfspace(&x.0, &x.1, &x.2));
    // The generic searches on the OBB-OBB sweep, with GJK's distance at each time: the same pairs
    // as `sweep_obb_obb`, whose parry contender is `cast_shapes` (conservative advancement too).
    let gjk_distance = |a: &Obb<T>, v: &Vector3<T>, b: &Obb<T>, t: T| {
        let moved =
            Transformed { shape: *a, pose: Isometry3::translation(v.x * t, v.y * t, v.z * t) };
        closest_points_convex(&moved, b).distance
    };
    let tol = T::lit(1e-4);
    let mut g = c.benchmark_group("sweep_obb_obb_halving");
    bench!(g, id, obbs.clone(), |x| dynamic::interval_halving(
        |t| gjk_distance(&x.0, &x.1, &x.2, t),
        x.1.norm(),
        tol,
        tol,
        64
    ));
    g.finish();
    let mut g = c.benchmark_group("sweep_obb_obb_advancement");
    bench!(g, id, obbs, |x| dynamic::conservative_advancement(
        |t| gjk_distance(&x.0, &x.1, &x.2, t),
        x.1.norm(),
        tol,
        64
    ));
    g.finish();
    // Cylinder against cone by conservative advancement (no closed form).
    let cyl_c = |k: &Cylinder<T>| Point3::from((k.a.coords + k.b.coords) / T::lit(2.0));
    let cone_c = |k: &Cone<T>| k.tip + k.axis.into_inner() * (k.height / T::lit(2.0));
    let d = toward(&pairs::<T, Cylinder<T>, Cone<T>>(602), cyl_c, cone_c);
    let mut g = c.benchmark_group("sweep_cylinder_cone_advancement");
    bench!(g, id, d.clone(), |x| dynamic::conservative_advancement(
        |t| {
            let v = x.1 * t;
            let moved = Transformed { shape: x.0, pose: Isometry3::translation(v.x, v.y, v.z) };
            closest_points_convex(&moved, &x.2).distance
        },
        x.1.norm(),
        tol,
        64
    ));
    g.finish();
    // The same pairs by the GJK ray cast, the method of parry's `cast_shapes`.
    let mut g = c.benchmark_group("sweep_cylinder_cone_gjk");
    bench!(g, id, d, |x| dynamic::convex_convex(&x.0, &x.1, &x.2, &Vector3::zeros()));
    g.finish();
}

/// The parry side, for parry3d (`f32`) and parry3d-f64.
macro_rules! coverage_parry {
    ($name:ident, $pr:ident, $cv:ident, $T:ty, $id:literal) => {
        #[allow(clippy::too_many_lines)]
        fn $name(c: &mut Criterion) {
            use $cv as cv;
            use $pr::math::{Pose, Vector};
            use $pr::query::{PointQuery as _, RayCast as _, ShapeCastOptions, details as qd};
            use $pr::shape;
            type P = Point3<$T>;
            let at = |p: &P| Pose::from_translation(cv::point(p));
            let ray =
                |r: &Ray<$T>| $pr::query::Ray::new(cv::point(&r.origin), cv::vector(&r.direction));
            let tri = |t: &Triangle<$T>| {
                shape::Triangle::new(cv::point(&t.a), cv::point(&t.b), cv::point(&t.c))
            };
            let seg = |s: &Segment<$T>| shape::Segment::new(cv::point(&s.a), cv::point(&s.b));
            let capsule =
                |k: &Capsule<$T>| shape::Capsule::new(cv::point(&k.a), cv::point(&k.b), k.radius);
            let ball = |s: &Sphere<$T>| (at(&s.center), shape::Ball::new(s.radius));
            let obb = |b: &Obb<$T>| {
                (cv::pose(&b.center, &b.rotation), shape::Cuboid::new(cv::vector(&b.half_extents)))
            };
            let aabb =
                |b: &Aabb<$T>| (at(&b.center()), shape::Cuboid::new(cv::vector(&b.half_extents())));
            // parry's half-space is `normal·x ≤ 0` in its frame: translate it to the plane.
            let half = |h: &Halfspace<$T>| {
                let n = h.plane.normal.into_inner();
                (at(&P::from(n * h.plane.d)), shape::HalfSpace::new(cv::vector(&n)))
            };
            let hull = |p: &ConvexPolyhedron<$T>| {
                let v: Vec<Vector> = p.vertices.iter().map(cv::point).collect();
                shape::ConvexPolyhedron::from_convex_hull(&v)
            };

            // Closest points.
            let d: Vec<_> = pairs::<$T, P, Plane<$T>>(500)
                .iter()
                .map(|(p, pl)| {
                    let n = pl.normal.into_inner();
                    (cv::point(&(p - n * pl.d)), shape::HalfSpace::new(cv::vector(&n)))
                })
                .collect();
            group!(c, "point_plane", $id, d, |x| x.1.project_local_point(x.0, false));
            let d: Vec<_> = pairs::<$T, P, ConvexPolyhedron<$T>>(506)
                .iter()
                .filter_map(|(p, h)| Some((cv::point(p), hull(h)?)))
                .cycle()
                .take(BATCH)
                .collect();
            group!(c, "point_polyhedron", $id, d, |x| x.1.project_local_point(x.0, true));
            let d: Vec<_> = pairs::<$T, Segment<$T>, Triangle<$T>>(510)
                .iter()
                .map(|(s, t)| (seg(s), tri(t)))
                .collect();
            group!(c, "closest_segment_triangle", $id, d, |x| {
                qd::closest_points_support_map_support_map(&Pose::IDENTITY, &x.0, &x.1, <$T>::MAX)
            });
            let d: Vec<_> = pairs::<$T, Segment<$T>, Obb<$T>>(512)
                .iter()
                .map(|(s, b)| {
                    let (pose, cub) = obb(b);
                    (seg(s), pose, cub)
                })
                .collect();
            group!(c, "closest_segment_obb", $id, d, |x| {
                qd::closest_points_support_map_support_map(&x.1, &x.0, &x.2, <$T>::MAX)
            });
            let d: Vec<_> = pairs::<$T, Sphere<$T>, Capsule<$T>>(514)
                .iter()
                .map(|(s, k)| {
                    let (pose, b) = ball(s);
                    (pose.inverse(), b, capsule(k))
                })
                .collect();
            group!(c, "closest_sphere_capsule", $id, d, |x| {
                qd::closest_points_ball_convex_polyhedron(&x.0, &x.1, &x.2, <$T>::MAX)
            });
            let d: Vec<_> = pairs::<$T, Capsule<$T>, Capsule<$T>>(516)
                .iter()
                .map(|(a, b)| (capsule(a), capsule(b)))
                .collect();
            group!(c, "closest_capsule_capsule", $id, d, |x| {
                qd::closest_points_support_map_support_map(&Pose::IDENTITY, &x.0, &x.1, <$T>::MAX)
            });
            let d: Vec<_> = pairs::<$T, Sphere<$T>, Obb<$T>>(520)
                .iter()
                .map(|(s, b)| {
                    let ((ps, bl), (pb, cub)) = (ball(s), obb(b));
                    (ps.inv_mul(&pb), bl, cub)
                })
                .collect();
            group!(c, "contact_sphere_obb", $id, d.clone(), |x| {
                qd::contact_ball_convex_polyhedron(&x.0, &x.1, &x.2, 0.0)
            });
            group!(c, "overlap_sphere_obb", $id, d, |x| {
                qd::intersection_test_ball_point_query(&x.0, &x.1, &x.2)
            });
            let d: Vec<_> = pairs::<$T, Sphere<$T>, Triangle<$T>>(522)
                .iter()
                .map(|(s, t)| {
                    let (ps, bl) = ball(s);
                    (ps.inverse(), bl, tri(t))
                })
                .collect();
            group!(c, "contact_sphere_triangle", $id, d, |x| {
                qd::contact_ball_convex_polyhedron(&x.0, &x.1, &x.2, 0.0)
            });
            let d: Vec<_> = pairs::<$T, Sphere<$T>, Capsule<$T>>(524)
                .iter()
                .map(|(s, k)| {
                    let (ps, bl) = ball(s);
                    (ps.inverse(), bl, capsule(k))
                })
                .collect();
            group!(c, "contact_sphere_capsule", $id, d, |x| {
                qd::contact_ball_convex_polyhedron(&x.0, &x.1, &x.2, 0.0)
            });
            let d: Vec<_> = pairs::<$T, Sphere<$T>, Halfspace<$T>>(526)
                .iter()
                .map(|(s, h)| {
                    let ((ps, bl), (ph, hs)) = (ball(s), half(h));
                    (ph.inv_mul(&ps), hs, bl)
                })
                .collect();
            group!(c, "contact_sphere_halfspace", $id, d, |x| {
                qd::contact_halfspace_support_map(&x.0, &x.1, &x.2, 0.0)
            });

            // Overlap.
            let d: Vec<_> = pairs::<$T, Sphere<$T>, Aabb<$T>>(530)
                .iter()
                .map(|(s, b)| {
                    let ((ps, bl), (pb, cub)) = (ball(s), aabb(b));
                    (ps.inv_mul(&pb), bl, cub)
                })
                .collect();
            group!(c, "overlap_sphere_aabb", $id, d, |x| {
                qd::intersection_test_ball_point_query(&x.0, &x.1, &x.2)
            });
            let d: Vec<_> = pairs::<$T, Sphere<$T>, Triangle<$T>>(534)
                .iter()
                .map(|(s, t)| {
                    let (ps, bl) = ball(s);
                    (ps.inverse(), bl, tri(t))
                })
                .collect();
            group!(c, "overlap_sphere_triangle", $id, d, |x| {
                qd::intersection_test_ball_point_query(&x.0, &x.1, &x.2)
            });
            let d: Vec<_> = pairs::<$T, Sphere<$T>, Capsule<$T>>(536)
                .iter()
                .map(|(s, k)| {
                    let (ps, bl) = ball(s);
                    (ps.inverse(), bl, capsule(k))
                })
                .collect();
            group!(c, "overlap_sphere_capsule", $id, d, |x| {
                qd::intersection_test_ball_point_query(&x.0, &x.1, &x.2)
            });
            let d: Vec<_> = pairs::<$T, Capsule<$T>, Capsule<$T>>(538)
                .iter()
                .map(|(a, b)| (capsule(a), capsule(b)))
                .collect();
            group!(c, "overlap_capsule_capsule", $id, d, |x| {
                qd::intersection_test_support_map_support_map(&Pose::IDENTITY, &x.0, &x.1)
            });
            let d: Vec<_> = pairs::<$T, Segment<$T>, Obb<$T>>(542)
                .iter()
                .map(|(s, b)| {
                    let (pb, cub) = obb(b);
                    (pb.inverse(), seg(s), cub)
                })
                .collect();
            group!(c, "overlap_segment_obb", $id, d, |x| {
                qd::intersection_test_cuboid_segment(&x.0, &x.2, &x.1)
            });
            let d: Vec<_> = pairs::<$T, Segment<$T>, Triangle<$T>>(544)
                .iter()
                .map(|(s, t)| (seg(s), tri(t)))
                .collect();
            group!(c, "overlap_segment_triangle", $id, d, |x| {
                qd::intersection_test_support_map_support_map(&Pose::IDENTITY, &x.0, &x.1)
            });
            let d: Vec<_> = pairs::<$T, Obb<$T>, Triangle<$T>>(546)
                .iter()
                .map(|(b, t)| {
                    let (pb, cub) = obb(b);
                    (pb.inverse(), cub, tri(t))
                })
                .collect();
            group!(c, "overlap_obb_triangle", $id, d, |x| {
                qd::intersection_test_cuboid_triangle(&x.0, &x.1, &x.2)
            });
            let d: Vec<_> = pairs::<$T, Sphere<$T>, Halfspace<$T>>(548)
                .iter()
                .map(|(s, h)| {
                    let ((ps, bl), (ph, hs)) = (ball(s), half(h));
                    (ph.inv_mul(&ps), hs, bl)
                })
                .collect();
            group!(c, "overlap_sphere_halfspace", $id, d, |x| {
                qd::intersection_test_halfspace_support_map(&x.0, &x.1, &x.2)
            });
            let d: Vec<_> = pairs::<$T, Obb<$T>, Halfspace<$T>>(550)
                .iter()
                .map(|(b, h)| {
                    let ((pb, cub), (ph, hs)) = (obb(b), half(h));
                    (ph.inv_mul(&pb), hs, cub)
                })
                .collect();
            group!(c, "overlap_obb_halfspace", $id, d, |x| {
                qd::intersection_test_halfspace_support_map(&x.0, &x.1, &x.2)
            });
            let d: Vec<_> = pairs::<$T, Capsule<$T>, Halfspace<$T>>(552)
                .iter()
                .map(|(k, h)| {
                    let (ph, hs) = half(h);
                    (ph.inverse(), hs, capsule(k))
                })
                .collect();
            group!(c, "overlap_capsule_halfspace", $id, d, |x| {
                qd::intersection_test_halfspace_support_map(&x.0, &x.1, &x.2)
            });
            let d: Vec<_> = pairs::<$T, Cone<$T>, Halfspace<$T>>(554)
                .iter()
                .map(|(k, h)| {
                    let (ph, hs) = half(h);
                    let center = k.tip + k.axis.into_inner() * (k.height / 2.0);
                    let pose = cv::axis_pose(&center, -Vector::Y, &k.axis);
                    (ph.inv_mul(&pose), hs, shape::Cone::new(k.height / 2.0, k.radius))
                })
                .collect();
            group!(c, "overlap_cone_halfspace", $id, d, |x| {
                qd::intersection_test_halfspace_support_map(&x.0, &x.1, &x.2)
            });

            // Casts.
            let d: Vec<_> = pairs::<$T, Ray<$T>, Obb<$T>>(560)
                .iter()
                .map(|(r, b)| {
                    let (pb, cub) = obb(b);
                    (ray(r), pb, cub, r.max_t)
                })
                .collect();
            group!(c, "ray_obb", $id, d, |x| x.2.cast_ray_and_get_normal(&x.1, &x.0, x.3, true));
            let d: Vec<_> = pairs::<$T, Ray<$T>, Halfspace<$T>>(564)
                .iter()
                .map(|(r, h)| {
                    let (ph, hs) = half(h);
                    (ray(r), ph, hs, r.max_t)
                })
                .collect();
            group!(c, "ray_halfspace", $id, d, |x| {
                x.2.cast_ray_and_get_normal(&x.1, &x.0, x.3, true)
            });
            let d: Vec<_> = pairs::<$T, Ray<$T>, ConvexPolyhedron<$T>>(568)
                .iter()
                .filter_map(|(r, h)| Some((ray(r), hull(h)?, r.max_t)))
                .cycle()
                .take(BATCH)
                .collect();
            group!(c, "ray_polyhedron", $id, d, |x| {
                x.1.cast_local_ray_and_get_normal(&x.0, x.2, true)
            });

            // Sweeps: `cast_shapes` is parry's one entry point.
            let options = ShapeCastOptions {
                max_time_of_impact: 1.0,
                stop_at_penetration: true,
                ..ShapeCastOptions::default()
            };
            let d: Vec<_> = pairs::<$T, Sphere<$T>, Triangle<$T>>(580)
                .iter()
                .map(|(s, t)| {
                    let v = (t.centroid() - s.center) * 2.0;
                    (ball(s), cv::vector(&v), tri(t))
                })
                .collect();
            group!(c, "sweep_sphere_triangle", $id, d, |x| $pr::query::cast_shapes(
                &x.0.0,
                x.1,
                &x.0.1,
                &Pose::IDENTITY,
                Vector::ZERO,
                &x.2,
                options
            ));
            let d: Vec<_> = pairs::<$T, Sphere<$T>, Obb<$T>>(584)
                .iter()
                .map(|(s, b)| (ball(s), cv::vector(&((b.center - s.center) * 2.0)), obb(b)))
                .collect();
            group!(c, "sweep_sphere_obb", $id, d, |x| $pr::query::cast_shapes(
                &x.0.0,
                x.1,
                &x.0.1,
                &x.2.0,
                Vector::ZERO,
                &x.2.1,
                options
            ));
            let d: Vec<_> = pairs::<$T, Sphere<$T>, Capsule<$T>>(586)
                .iter()
                .map(|(s, k)| {
                    let mid = P::from((k.a.coords + k.b.coords) / 2.0);
                    (ball(s), cv::vector(&((mid - s.center) * 2.0)), capsule(k))
                })
                .collect();
            group!(c, "sweep_sphere_capsule", $id, d, |x| $pr::query::cast_shapes(
                &x.0.0,
                x.1,
                &x.0.1,
                &Pose::IDENTITY,
                Vector::ZERO,
                &x.2,
                options
            ));
            let d: Vec<_> = pairs::<$T, Capsule<$T>, Capsule<$T>>(588)
                .iter()
                .map(|(a, b)| {
                    let v = b.a.coords + b.b.coords - a.a.coords - a.b.coords;
                    (capsule(a), cv::vector(&v), capsule(b))
                })
                .collect();
            group!(c, "sweep_capsule_capsule", $id, d, |x| $pr::query::cast_shapes(
                &Pose::IDENTITY,
                x.1,
                &x.0,
                &Pose::IDENTITY,
                Vector::ZERO,
                &x.2,
                options
            ));
            let d: Vec<_> = pairs::<$T, Aabb<$T>, Aabb<$T>>(590)
                .iter()
                .map(|(a, b)| (aabb(a), cv::vector(&((b.center() - a.center()) * 2.0)), aabb(b)))
                .collect();
            group!(c, "sweep_aabb_aabb", $id, d, |x| $pr::query::cast_shapes(
                &x.0.0,
                x.1,
                &x.0.1,
                &x.2.0,
                Vector::ZERO,
                &x.2.1,
                options
            ));
            let d: Vec<_> = pairs::<$T, Obb<$T>, Obb<$T>>(592)
                .iter()
                .map(|(a, b)| (obb(a), cv::vector(&((b.center - a.center) * 2.0)), obb(b)))
                .collect();
            group!(c, "sweep_obb_obb", $id, d, |x| $pr::query::cast_shapes(
                &x.0.0,
                x.1,
                &x.0.1,
                &x.2.0,
                Vector::ZERO,
                &x.2.1,
                options
            ));
            let d: Vec<_> = pairs::<$T, Triangle<$T>, Aabb<$T>>(594)
                .iter()
                .map(|(t, b)| (tri(t), cv::vector(&((b.center() - t.centroid()) * 2.0)), aabb(b)))
                .collect();
            group!(c, "sweep_triangle_aabb", $id, d, |x| $pr::query::cast_shapes(
                &Pose::IDENTITY,
                x.1,
                &x.0,
                &x.2.0,
                Vector::ZERO,
                &x.2.1,
                options
            ));
            let d: Vec<_> = pairs::<$T, Sphere<$T>, Halfspace<$T>>(598)
                .iter()
                .map(|(s, h)| {
                    let target = P::from(h.plane.normal.into_inner() * h.plane.d);
                    (ball(s), cv::vector(&((target - s.center) * 2.0)), half(h))
                })
                .collect();
            group!(c, "sweep_sphere_halfspace", $id, d, |x| $pr::query::cast_shapes(
                &x.0.0,
                x.1,
                &x.0.1,
                &x.2.0,
                Vector::ZERO,
                &x.2.1,
                options
            ));
            let d: Vec<_> = pairs::<$T, Obb<$T>, Halfspace<$T>>(600)
                .iter()
                .map(|(b, h)| {
                    let target = P::from(h.plane.normal.into_inner() * h.plane.d);
                    (obb(b), cv::vector(&((target - b.center) * 2.0)), half(h))
                })
                .collect();
            group!(c, "sweep_obb_halfspace", $id, d, |x| $pr::query::cast_shapes(
                &x.0.0,
                x.1,
                &x.0.1,
                &x.2.0,
                Vector::ZERO,
                &x.2.1,
                options
            ));
            let d: Vec<_> = pairs::<$T, Cylinder<$T>, Cone<$T>>(602)
                .iter()
                .map(|(a, k)| {
                    let ca = a.a + (a.b - a.a) / 2.0;
                    let ck = k.tip + k.axis.into_inner() * (k.height / 2.0);
                    (
                        cv::axis_pose(&ca, Vector::Y, &(a.b - a.a)),
                        shape::Cylinder::new((a.b - a.a).norm() / 2.0, a.radius),
                        cv::vector(&((ck - ca) * 2.0)),
                        cv::axis_pose(&ck, -Vector::Y, &k.axis),
                        shape::Cone::new(k.height / 2.0, k.radius),
                    )
                })
                .collect();
            group!(c, "sweep_cylinder_cone_advancement", $id, d.clone(), |x| {
                $pr::query::cast_shapes(&x.0, x.2, &x.1, &x.3, Vector::ZERO, &x.4, options)
            });
            group!(c, "sweep_cylinder_cone_gjk", $id, d, |x| $pr::query::cast_shapes(
                &x.0,
                x.2,
                &x.1,
                &x.3,
                Vector::ZERO,
                &x.4,
                options
            ));
        }
    };
}

coverage_parry!(coverage_parry32, parry3d, p32, f32, "parry3d");
coverage_parry!(coverage_parry64, parry3d_f64, p64, f64, "parry3d-f64");

fn coverage(c: &mut Criterion) {
    coverage_osculate::<f32>(c, "osculate-f32");
    coverage_osculate::<f64>(c, "osculate-f64");
    coverage_parry32(c);
    coverage_parry64(c);
}

criterion_group!(benches, coverage);
criterion_main!(benches);
