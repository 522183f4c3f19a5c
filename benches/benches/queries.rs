//! Criterion benchmarks of osculate's queries beside parry3d, parry3d-f64 and a hand-written floor.
//!
//! One group per query; inside it the contenders of `osculate_benches::CONTENDERS`. Each iteration
//! runs one query on the next of `BATCH` seeded inputs, so the time is the time of one query.
//! parry is called on its most direct path (`PointQuery::project_local_point`,
//! `query::details::*`, or `query::contact` / `query::distance` where it has no special case).

use criterion::{Criterion, criterion_group, criterion_main};
use osculate::closest;
use osculate_benches::{BATCH, floor, inputs, p32, p64, pairs};
use osculate_math::{
    Aabb, Capsule, Cone, Cylinder, Obb, Point3, Ray, Real, Segment, Sphere, Tetrahedron, Triangle,
    Vector3,
};
use parry3d::query::PointQuery as _;
use parry3d_f64::query::PointQuery as _;
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

fn a32(p: &Point3<f32>) -> floor::P {
    [p.x, p.y, p.z]
}

fn point_queries(c: &mut Criterion) {
    // Point-triangle.
    let mut g = c.benchmark_group("point_triangle");
    let d32: Vec<(Point3<f32>, Triangle<f32>)> = pairs(10);
    let d64: Vec<(Point3<f64>, Triangle<f64>)> = pairs(10);
    bench!(g, "osculate-f32", d32.clone(), |x| closest::closest_point_on_triangle(&x.0, &x.1));
    bench!(g, "osculate-f64", d64.clone(), |x| closest::closest_point_on_triangle(&x.0, &x.1));
    let t = |t: &Triangle<f32>| {
        parry3d::shape::Triangle::new(p32::point(&t.a), p32::point(&t.b), p32::point(&t.c))
    };
    let pd: Vec<_> = d32.iter().map(|(p, tr)| (p32::point(p), t(tr))).collect();
    bench!(g, "parry3d", pd, |x| x.1.project_local_point(x.0, true));
    let t = |t: &Triangle<f64>| {
        parry3d_f64::shape::Triangle::new(p64::point(&t.a), p64::point(&t.b), p64::point(&t.c))
    };
    let pd: Vec<_> = d64.iter().map(|(p, tr)| (p64::point(p), t(tr))).collect();
    bench!(g, "parry3d-f64", pd, |x| x.1.project_local_point(x.0, true));
    let fd: Vec<_> = d32.iter().map(|(p, t)| (a32(p), a32(&t.a), a32(&t.b), a32(&t.c))).collect();
    bench!(g, "floor", fd, |x| floor::point_triangle(x.0, x.1, x.2, x.3));
    g.finish();

    // Point-segment.
    let mut g = c.benchmark_group("point_segment");
    let d32: Vec<(Point3<f32>, Segment<f32>)> = pairs(20);
    let d64: Vec<(Point3<f64>, Segment<f64>)> = pairs(20);
    bench!(g, "osculate-f32", d32.clone(), |x| closest::closest_point_on_segment(&x.0, &x.1));
    bench!(g, "osculate-f64", d64.clone(), |x| closest::closest_point_on_segment(&x.0, &x.1));
    let pd: Vec<_> = d32
        .iter()
        .map(|(p, s)| {
            (p32::point(p), parry3d::shape::Segment::new(p32::point(&s.a), p32::point(&s.b)))
        })
        .collect();
    bench!(g, "parry3d", pd, |x| x.1.project_local_point(x.0, true));
    let pd: Vec<_> = d64
        .iter()
        .map(|(p, s)| {
            (p64::point(p), parry3d_f64::shape::Segment::new(p64::point(&s.a), p64::point(&s.b)))
        })
        .collect();
    bench!(g, "parry3d-f64", pd, |x| x.1.project_local_point(x.0, true));
    g.finish();

    // Point-AABB: parry's cuboid is centered at its origin, so the point is moved into its frame.
    let mut g = c.benchmark_group("point_aabb");
    let d32: Vec<(Point3<f32>, Aabb<f32>)> = pairs(30);
    let d64: Vec<(Point3<f64>, Aabb<f64>)> = pairs(30);
    bench!(g, "osculate-f32", d32.clone(), |x| closest::closest_point_on_aabb(&x.0, &x.1));
    bench!(g, "osculate-f64", d64.clone(), |x| closest::closest_point_on_aabb(&x.0, &x.1));
    let pd: Vec<_> = d32
        .iter()
        .map(|(p, b)| {
            (
                p32::point(&(p - b.center().coords)),
                parry3d::shape::Cuboid::new(p32::vector(&b.half_extents())),
            )
        })
        .collect();
    bench!(g, "parry3d", pd, |x| x.1.project_local_point(x.0, true));
    let pd: Vec<_> = d64
        .iter()
        .map(|(p, b)| {
            (
                p64::point(&(p - b.center().coords)),
                parry3d_f64::shape::Cuboid::new(p64::vector(&b.half_extents())),
            )
        })
        .collect();
    bench!(g, "parry3d-f64", pd, |x| x.1.project_local_point(x.0, true));
    let fd: Vec<_> = d32.iter().map(|(p, b)| (a32(p), a32(&b.min), a32(&b.max))).collect();
    bench!(g, "floor", fd, |x| floor::point_aabb(x.0, x.1, x.2));
    g.finish();

    // Point-OBB.
    let mut g = c.benchmark_group("point_obb");
    let d32: Vec<(Point3<f32>, Obb<f32>)> = pairs(40);
    let d64: Vec<(Point3<f64>, Obb<f64>)> = pairs(40);
    bench!(g, "osculate-f32", d32.clone(), |x| closest::closest_point_on_obb(&x.0, &x.1));
    bench!(g, "osculate-f64", d64.clone(), |x| closest::closest_point_on_obb(&x.0, &x.1));
    let pd: Vec<_> = d32
        .iter()
        .map(|(p, b)| {
            (
                p32::point(p),
                p32::pose(&b.center, &b.rotation),
                parry3d::shape::Cuboid::new(p32::vector(&b.half_extents)),
            )
        })
        .collect();
    bench!(g, "parry3d", pd, |x| x.2.project_point(&x.1, x.0, true));
    let pd: Vec<_> = d64
        .iter()
        .map(|(p, b)| {
            (
                p64::point(p),
                p64::pose(&b.center, &b.rotation),
                parry3d_f64::shape::Cuboid::new(p64::vector(&b.half_extents)),
            )
        })
        .collect();
    bench!(g, "parry3d-f64", pd, |x| x.2.project_point(&x.1, x.0, true));
    g.finish();

    // Point-sphere.
    let mut g = c.benchmark_group("point_sphere");
    let d32: Vec<(Point3<f32>, Sphere<f32>)> = pairs(50);
    let d64: Vec<(Point3<f64>, Sphere<f64>)> = pairs(50);
    bench!(g, "osculate-f32", d32.clone(), |x| closest::closest_point_on_sphere(&x.0, &x.1));
    bench!(g, "osculate-f64", d64.clone(), |x| closest::closest_point_on_sphere(&x.0, &x.1));
    let pd: Vec<_> = d32
        .iter()
        .map(|(p, s)| (p32::point(&(p - s.center.coords)), parry3d::shape::Ball::new(s.radius)))
        .collect();
    bench!(g, "parry3d", pd, |x| x.1.project_local_point(x.0, true));
    let pd: Vec<_> = d64
        .iter()
        .map(|(p, s)| (p64::point(&(p - s.center.coords)), parry3d_f64::shape::Ball::new(s.radius)))
        .collect();
    bench!(g, "parry3d-f64", pd, |x| x.1.project_local_point(x.0, true));
    g.finish();

    // Point-capsule.
    let mut g = c.benchmark_group("point_capsule");
    let d32: Vec<(Point3<f32>, Capsule<f32>)> = pairs(60);
    let d64: Vec<(Point3<f64>, Capsule<f64>)> = pairs(60);
    bench!(g, "osculate-f32", d32.clone(), |x| closest::closest_point_on_capsule(&x.0, &x.1));
    bench!(g, "osculate-f64", d64.clone(), |x| closest::closest_point_on_capsule(&x.0, &x.1));
    let pd: Vec<_> = d32
        .iter()
        .map(|(p, c)| {
            (
                p32::point(p),
                parry3d::shape::Capsule::new(p32::point(&c.a), p32::point(&c.b), c.radius),
            )
        })
        .collect();
    bench!(g, "parry3d", pd, |x| x.1.project_local_point(x.0, true));
    let pd: Vec<_> = d64
        .iter()
        .map(|(p, c)| {
            (
                p64::point(p),
                parry3d_f64::shape::Capsule::new(p64::point(&c.a), p64::point(&c.b), c.radius),
            )
        })
        .collect();
    bench!(g, "parry3d-f64", pd, |x| x.1.project_local_point(x.0, true));
    g.finish();

    // Point-tetrahedron.
    let mut g = c.benchmark_group("point_tetrahedron");
    let d32: Vec<(Point3<f32>, Tetrahedron<f32>)> = pairs(70);
    let d64: Vec<(Point3<f64>, Tetrahedron<f64>)> = pairs(70);
    bench!(g, "osculate-f32", d32.clone(), |x| closest::closest_point_on_tetrahedron(&x.0, &x.1));
    bench!(g, "osculate-f64", d64.clone(), |x| closest::closest_point_on_tetrahedron(&x.0, &x.1));
    let pd: Vec<_> = d32
        .iter()
        .map(|(p, t)| {
            (
                p32::point(p),
                parry3d::shape::Tetrahedron::new(
                    p32::point(&t.a),
                    p32::point(&t.b),
                    p32::point(&t.c),
                    p32::point(&t.d),
                ),
            )
        })
        .collect();
    bench!(g, "parry3d", pd, |x| x.1.project_local_point(x.0, true));
    let pd: Vec<_> = d64
        .iter()
        .map(|(p, t)| {
            (
                p64::point(p),
                parry3d_f64::shape::Tetrahedron::new(
                    p64::point(&t.a),
                    p64::point(&t.b),
                    p64::point(&t.c),
                    p64::point(&t.d),
                ),
            )
        })
        .collect();
    bench!(g, "parry3d-f64", pd, |x| x.1.project_local_point(x.0, true));
    g.finish();

    // Point-cylinder: parry's cylinder stands on its y axis, centered at its origin.
    let mut g = c.benchmark_group("point_cylinder");
    let d32: Vec<(Point3<f32>, Cylinder<f32>)> = pairs(80);
    let d64: Vec<(Point3<f64>, Cylinder<f64>)> = pairs(80);
    bench!(g, "osculate-f32", d32.clone(), |x| closest::closest_point_on_cylinder(&x.0, &x.1));
    bench!(g, "osculate-f64", d64.clone(), |x| closest::closest_point_on_cylinder(&x.0, &x.1));
    let pd: Vec<_> = d32
        .iter()
        .map(|(p, c)| {
            let center = c.a + (c.b - c.a) / 2.0;
            let pose = p32::axis_pose(&center, parry3d::math::Vector::Y, &(c.b - c.a));
            (p32::point(p), pose, parry3d::shape::Cylinder::new((c.b - c.a).norm() / 2.0, c.radius))
        })
        .collect();
    bench!(g, "parry3d", pd, |x| x.2.project_point(&x.1, x.0, true));
    let pd: Vec<_> = d64
        .iter()
        .map(|(p, c)| {
            let center = c.a + (c.b - c.a) / 2.0;
            let pose = p64::axis_pose(&center, parry3d_f64::math::Vector::Y, &(c.b - c.a));
            (
                p64::point(p),
                pose,
                parry3d_f64::shape::Cylinder::new((c.b - c.a).norm() / 2.0, c.radius),
            )
        })
        .collect();
    bench!(g, "parry3d-f64", pd, |x| x.2.project_point(&x.1, x.0, true));
    g.finish();

    // Point-cone: parry's cone has its apex at +y·half_height, so its axis (apex into the cone)
    // is −y.
    let mut g = c.benchmark_group("point_cone");
    let d32: Vec<(Point3<f32>, Cone<f32>)> = pairs(90);
    let d64: Vec<(Point3<f64>, Cone<f64>)> = pairs(90);
    bench!(g, "osculate-f32", d32.clone(), |x| closest::closest_point_on_cone(&x.0, &x.1));
    bench!(g, "osculate-f64", d64.clone(), |x| closest::closest_point_on_cone(&x.0, &x.1));
    let pd: Vec<_> = d32
        .iter()
        .map(|(p, c)| {
            let center = c.tip + c.axis.into_inner() * (c.height / 2.0);
            let pose = p32::axis_pose(&center, -parry3d::math::Vector::Y, &c.axis);
            (p32::point(p), pose, parry3d::shape::Cone::new(c.height / 2.0, c.radius))
        })
        .collect();
    bench!(g, "parry3d", pd, |x| x.2.project_point(&x.1, x.0, true));
    let pd: Vec<_> = d64
        .iter()
        .map(|(p, c)| {
            let center = c.tip + c.axis.into_inner() * (c.height / 2.0);
            let pose = p64::axis_pose(&center, -parry3d_f64::math::Vector::Y, &c.axis);
            (p64::point(p), pose, parry3d_f64::shape::Cone::new(c.height / 2.0, c.radius))
        })
        .collect();
    bench!(g, "parry3d-f64", pd, |x| x.2.project_point(&x.1, x.0, true));
    g.finish();
}

fn pair_queries(c: &mut Criterion) {
    use parry3d::math::Pose as Pose32;
    use parry3d_f64::math::Pose as Pose64;

    // Segment-segment.
    let mut g = c.benchmark_group("segment_segment");
    let d32: Vec<(Segment<f32>, Segment<f32>)> = pairs(100);
    let d64: Vec<(Segment<f64>, Segment<f64>)> = pairs(100);
    bench!(g, "osculate-f32", d32.clone(), |x| closest::closest_points_segment_segment(&x.0, &x.1));
    bench!(g, "osculate-f64", d64.clone(), |x| closest::closest_points_segment_segment(&x.0, &x.1));
    let s = |s: &Segment<f32>| parry3d::shape::Segment::new(p32::point(&s.a), p32::point(&s.b));
    let pd: Vec<_> = d32.iter().map(|(a, b)| (s(a), s(b))).collect();
    bench!(g, "parry3d", pd, |x| {
        parry3d::query::details::closest_points_segment_segment_with_locations(
            &Pose32::IDENTITY,
            &x.0,
            &x.1,
        )
    });
    let s = |s: &Segment<f64>| parry3d_f64::shape::Segment::new(p64::point(&s.a), p64::point(&s.b));
    let pd: Vec<_> = d64.iter().map(|(a, b)| (s(a), s(b))).collect();
    bench!(g, "parry3d-f64", pd, |x| {
        parry3d_f64::query::details::closest_points_segment_segment_with_locations(
            &Pose64::IDENTITY,
            &x.0,
            &x.1,
        )
    });
    let fd: Vec<_> =
        d32.iter().map(|(a, b)| (a32(&a.a), a32(&a.b), a32(&b.a), a32(&b.b))).collect();
    bench!(g, "floor", fd, |x| floor::segment_segment(x.0, x.1, x.2, x.3));
    g.finish();

    // Triangle-triangle distance: parry goes through GJK.
    let mut g = c.benchmark_group("triangle_triangle");
    let d32: Vec<(Triangle<f32>, Triangle<f32>)> = pairs(110);
    let d64: Vec<(Triangle<f64>, Triangle<f64>)> = pairs(110);
    bench!(g, "osculate-f32", d32.clone(), |x| closest::closest_points_triangle_triangle(
        &x.0, &x.1
    ));
    bench!(g, "osculate-f64", d64.clone(), |x| closest::closest_points_triangle_triangle(
        &x.0, &x.1
    ));
    let t = |t: &Triangle<f32>| {
        parry3d::shape::Triangle::new(p32::point(&t.a), p32::point(&t.b), p32::point(&t.c))
    };
    let pd: Vec<_> = d32.iter().map(|(a, b)| (t(a), t(b))).collect();
    bench!(g, "parry3d", pd, |x| parry3d::query::distance(
        &Pose32::IDENTITY,
        &x.0,
        &Pose32::IDENTITY,
        &x.1
    ));
    let t = |t: &Triangle<f64>| {
        parry3d_f64::shape::Triangle::new(p64::point(&t.a), p64::point(&t.b), p64::point(&t.c))
    };
    let pd: Vec<_> = d64.iter().map(|(a, b)| (t(a), t(b))).collect();
    bench!(g, "parry3d-f64", pd, |x| parry3d_f64::query::distance(
        &Pose64::IDENTITY,
        &x.0,
        &Pose64::IDENTITY,
        &x.1
    ));
    g.finish();

    // Sphere-sphere contact.
    let mut g = c.benchmark_group("contact_sphere_sphere");
    let d32: Vec<(Sphere<f32>, Sphere<f32>)> = pairs(120);
    let d64: Vec<(Sphere<f64>, Sphere<f64>)> = pairs(120);
    bench!(g, "osculate-f32", d32.clone(), |x| closest::contact_sphere_sphere(&x.0, &x.1));
    bench!(g, "osculate-f64", d64.clone(), |x| closest::contact_sphere_sphere(&x.0, &x.1));
    // parry reports a contact only within `prediction`: a large one makes it always answer. Its
    // pose of B relative to A is computed inside the timed call from the same world-space centers.
    let pd: Vec<_> = d32
        .iter()
        .map(|(a, b)| {
            (
                (p32::point(&a.center), p32::point(&b.center)),
                parry3d::shape::Ball::new(a.radius),
                parry3d::shape::Ball::new(b.radius),
            )
        })
        .collect();
    bench!(g, "parry3d", pd, |x| parry3d::query::details::contact_ball_ball(
        &Pose32::from_translation(x.0.1 - x.0.0),
        &x.1,
        &x.2,
        1e6
    ));
    let pd: Vec<_> = d64
        .iter()
        .map(|(a, b)| {
            (
                (p64::point(&a.center), p64::point(&b.center)),
                parry3d_f64::shape::Ball::new(a.radius),
                parry3d_f64::shape::Ball::new(b.radius),
            )
        })
        .collect();
    bench!(g, "parry3d-f64", pd, |x| parry3d_f64::query::details::contact_ball_ball(
        &Pose64::from_translation(x.0.1 - x.0.0),
        &x.1,
        &x.2,
        1e6
    ));
    let fd: Vec<_> =
        d32.iter().map(|(a, b)| (a32(&a.center), a.radius, a32(&b.center), b.radius)).collect();
    bench!(g, "floor", fd, |x| floor::sphere_sphere(x.0, x.1, x.2, x.3));
    g.finish();

    // Sphere-AABB contact: parry's ball-convex path.
    let mut g = c.benchmark_group("contact_sphere_aabb");
    let d32: Vec<(Sphere<f32>, Aabb<f32>)> = pairs(130);
    let d64: Vec<(Sphere<f64>, Aabb<f64>)> = pairs(130);
    bench!(g, "osculate-f32", d32.clone(), |x| closest::contact_sphere_aabb(&x.0, &x.1));
    bench!(g, "osculate-f64", d64.clone(), |x| closest::contact_sphere_aabb(&x.0, &x.1));
    let pd: Vec<_> = d32
        .iter()
        .map(|(s, b)| {
            (
                Pose32::from_translation(p32::point(&(b.center() - s.center.coords))),
                parry3d::shape::Ball::new(s.radius),
                parry3d::shape::Cuboid::new(p32::vector(&b.half_extents())),
            )
        })
        .collect();
    bench!(g, "parry3d", pd, |x| parry3d::query::details::contact_ball_convex_polyhedron(
        &x.0, &x.1, &x.2, 1e6
    ));
    let pd: Vec<_> = d64
        .iter()
        .map(|(s, b)| {
            (
                Pose64::from_translation(p64::point(&(b.center() - s.center.coords))),
                parry3d_f64::shape::Ball::new(s.radius),
                parry3d_f64::shape::Cuboid::new(p64::vector(&b.half_extents())),
            )
        })
        .collect();
    bench!(g, "parry3d-f64", pd, |x| parry3d_f64::query::details::contact_ball_convex_polyhedron(
        &x.0, &x.1, &x.2, 1e6
    ));
    g.finish();

    // Capsule-capsule contact: parry's generic `query::contact`.
    let mut g = c.benchmark_group("contact_capsule_capsule");
    let d32: Vec<(Capsule<f32>, Capsule<f32>)> = pairs(140);
    let d64: Vec<(Capsule<f64>, Capsule<f64>)> = pairs(140);
    bench!(g, "osculate-f32", d32.clone(), |x| closest::contact_capsule_capsule(&x.0, &x.1));
    bench!(g, "osculate-f64", d64.clone(), |x| closest::contact_capsule_capsule(&x.0, &x.1));
    let k = |c: &Capsule<f32>| {
        parry3d::shape::Capsule::new(p32::point(&c.a), p32::point(&c.b), c.radius)
    };
    let pd: Vec<_> = d32.iter().map(|(a, b)| (k(a), k(b))).collect();
    bench!(g, "parry3d", pd, |x| parry3d::query::contact(
        &Pose32::IDENTITY,
        &x.0,
        &Pose32::IDENTITY,
        &x.1,
        1e6
    ));
    let k = |c: &Capsule<f64>| {
        parry3d_f64::shape::Capsule::new(p64::point(&c.a), p64::point(&c.b), c.radius)
    };
    let pd: Vec<_> = d64.iter().map(|(a, b)| (k(a), k(b))).collect();
    bench!(g, "parry3d-f64", pd, |x| parry3d_f64::query::contact(
        &Pose64::IDENTITY,
        &x.0,
        &Pose64::IDENTITY,
        &x.1,
        1e6
    ));
    g.finish();
}

fn math(c: &mut Criterion) {
    use osculate_math::{Bounded, ContainsPoint};
    let mut g = c.benchmark_group("math");
    let spheres: Vec<Sphere<f64>> = inputs(1);
    let boxes: Vec<Obb<f64>> = inputs(2);
    let aabbs: Vec<(Aabb<f64>, Point3<f64>)> = pairs(3);
    bench!(g, "sphere_aabb/f64", spheres, |x| x.aabb());
    bench!(g, "obb_aabb/f64", boxes, |x| x.aabb());
    bench!(g, "aabb_contains_point/f64", aabbs, |x| x.0.contains_point(&x.1));
    g.finish();
}

/// The osculate side of the overlap, cast and dynamic groups, for one scalar type.
fn upper_layers_osculate<T: Real>(c: &mut Criterion, id: &str) {
    use osculate::{cast, dynamic, overlap};
    let mut g = c.benchmark_group("ray_aabb");
    bench!(g, id, pairs::<T, Ray<T>, Aabb<T>>(200), |x| cast::ray_aabb(&x.0, &x.1));
    g.finish();
    // One ray against BATCH boxes: the batch entry point against the single query in a loop
    // (times are per BATCH boxes, not per box).
    let rays: Vec<Ray<T>> = inputs(205);
    let boxes: Vec<Aabb<T>> = inputs(206);
    let mut g = c.benchmark_group("ray_aabb_many_1024");
    let mut out = vec![T::ZERO; BATCH];
    bench!(g, id, rays.clone(), |r| {
        cast::ray_aabb_many(r, &boxes, &mut out);
        out[BATCH - 1]
    });
    g.finish();
    let mut g = c.benchmark_group("ray_aabb_loop_1024");
    bench!(g, id, rays, |r| {
        for (b, o) in boxes.iter().zip(out.iter_mut()) {
            *o = cast::ray_aabb(r, b).map_or(T::INFINITY, |h| h.t_enter);
        }
        out[BATCH - 1]
    });
    g.finish();
    // Segments against boxes: van den Bergen's outcode clipper against the slab test on the
    // segment as a ray (`ray_aabb` on `Ray::from_segment`), on the same segments.
    let segs = pairs::<T, Segment<T>, Aabb<T>>(300);
    let mut g = c.benchmark_group("segment_aabb_outcode");
    bench!(g, id, segs.clone(), |x| cast::segment_aabb_outcode(&x.0, &x.1));
    g.finish();
    let mut g = c.benchmark_group("segment_aabb_slab");
    bench!(g, id, segs, |x| cast::ray_aabb(&Ray::from_segment(&x.0), &x.1));
    g.finish();
    let mut g = c.benchmark_group("ray_sphere");
    bench!(g, id, pairs::<T, Ray<T>, Sphere<T>>(210), |x| cast::ray_sphere(&x.0, &x.1));
    g.finish();
    let mut g = c.benchmark_group("ray_triangle");
    let tri = pairs::<T, Ray<T>, Triangle<T>>(220);
    bench!(g, id, tri.clone(), |x| cast::ray_triangle(&x.0, &x.1, cast::Culling::TwoSided));
    g.finish();
    let mut g = c.benchmark_group("ray_triangle_watertight");
    bench!(g, id, tri, |x| cast::ray_triangle_watertight(&x.0, &x.1, cast::Culling::TwoSided));
    g.finish();
    let mut g = c.benchmark_group("ray_capsule");
    bench!(g, id, pairs::<T, Ray<T>, Capsule<T>>(230), |x| cast::ray_capsule(&x.0, &x.1));
    g.finish();
    let mut g = c.benchmark_group("ray_cylinder");
    bench!(g, id, pairs::<T, Ray<T>, Cylinder<T>>(240), |x| cast::ray_cylinder(&x.0, &x.1));
    g.finish();
    let mut g = c.benchmark_group("ray_cone");
    bench!(g, id, pairs::<T, Ray<T>, Cone<T>>(250), |x| cast::ray_cone(&x.0, &x.1));
    g.finish();
    let mut g = c.benchmark_group("overlap_sphere_sphere");
    bench!(g, id, pairs::<T, Sphere<T>, Sphere<T>>(260), |x| overlap::sphere_sphere(&x.0, &x.1));
    g.finish();
    let mut g = c.benchmark_group("overlap_aabb_aabb");
    bench!(g, id, pairs::<T, Aabb<T>, Aabb<T>>(270), |x| overlap::aabb_aabb(&x.0, &x.1));
    g.finish();
    let mut g = c.benchmark_group("overlap_obb_obb");
    bench!(g, id, pairs::<T, Obb<T>, Obb<T>>(280), |x| overlap::obb_obb(&x.0, &x.1));
    g.finish();
    let mut g = c.benchmark_group("overlap_aabb_triangle");
    bench!(g, id, pairs::<T, Aabb<T>, Triangle<T>>(290), |x| overlap::aabb_triangle(&x.0, &x.1));
    g.finish();
    let mut g = c.benchmark_group("overlap_segment_aabb");
    bench!(g, id, pairs::<T, Segment<T>, Aabb<T>>(300), |x| overlap::segment_aabb(&x.0, &x.1));
    g.finish();
    let mut g = c.benchmark_group("overlap_triangle_triangle");
    let tt = pairs::<T, Triangle<T>, Triangle<T>>(310);
    bench!(g, id, tt.clone(), |x| overlap::triangle_triangle(&x.0, &x.1));
    g.finish();
    let mut g = c.benchmark_group("overlap_triangle_triangle_exact");
    bench!(g, id, tt, |x| overlap::triangle_triangle_exact(&x.0, &x.1));
    g.finish();
    // Sweeps: the first shape moves by a displacement toward the second.
    let sweep = |seed| {
        pairs::<T, Sphere<T>, Aabb<T>>(seed)
            .into_iter()
            .map(|(s, b)| {
                let v = (b.center() - s.center) * T::lit(2.0);
                (s, v, b)
            })
            .collect::<Vec<_>>()
    };
    let mut g = c.benchmark_group("sweep_sphere_aabb");
    bench!(g, id, sweep(320), |x| dynamic::sphere_aabb(&x.0, &x.1, &x.2, &Vector3::zeros()));
    g.finish();
    let mut g = c.benchmark_group("sweep_sphere_sphere");
    let ss: Vec<_> = pairs::<T, Sphere<T>, Sphere<T>>(330)
        .into_iter()
        .map(|(a, b)| {
            let v = (b.center - a.center) * T::lit(2.0);
            (a, v, b)
        })
        .collect();
    bench!(g, id, ss, |x| dynamic::sphere_sphere(&x.0, &x.1, &x.2, &Vector3::zeros()));
    g.finish();
}

/// The parry side of the overlap, cast and dynamic groups, for parry3d (`f32`) and parry3d-f64.
macro_rules! upper_layers_parry {
    ($name:ident, $pr:ident, $cv:ident, $T:ty, $id:literal) => {
        fn $name(c: &mut Criterion) {
            use $cv as cv;
            use $pr::bounding_volume::BoundingVolume as _;
            use $pr::math::{Pose, Vector};
            use $pr::query::{RayCast as _, ShapeCastOptions, details as qd};
            use $pr::shape;
            let ray =
                |r: &Ray<$T>| $pr::query::Ray::new(cv::point(&r.origin), cv::vector(&r.direction));
            let tri = |t: &Triangle<$T>| {
                shape::Triangle::new(cv::point(&t.a), cv::point(&t.b), cv::point(&t.c))
            };
            let cuboid = |b: &Aabb<$T>| shape::Cuboid::new(cv::vector(&b.half_extents()));
            let aabb = |b: &Aabb<$T>| {
                $pr::bounding_volume::Aabb::new(cv::point(&b.min), cv::point(&b.max))
            };

            let mut g = c.benchmark_group("ray_aabb");
            let d: Vec<_> = pairs::<$T, Ray<$T>, Aabb<$T>>(200)
                .iter()
                .map(|(r, b)| {
                    let local = Ray { origin: r.origin - b.center().coords, ..*r };
                    (ray(&local), cuboid(b), r.max_t)
                })
                .collect();
            bench!(g, $id, d, |x| x.1.cast_local_ray_and_get_normal(&x.0, x.2, true));
            g.finish();
            let mut g = c.benchmark_group("ray_sphere");
            let d: Vec<_> = pairs::<$T, Ray<$T>, Sphere<$T>>(210)
                .iter()
                .map(|(r, s)| {
                    let local = Ray { origin: r.origin - s.center.coords, ..*r };
                    (ray(&local), shape::Ball::new(s.radius), r.max_t)
                })
                .collect();
            bench!(g, $id, d, |x| x.1.cast_local_ray_and_get_normal(&x.0, x.2, true));
            g.finish();
            let mut g = c.benchmark_group("ray_triangle");
            let d: Vec<_> = pairs::<$T, Ray<$T>, Triangle<$T>>(220)
                .iter()
                .map(|(r, t)| (ray(r), tri(t), r.max_t))
                .collect();
            bench!(g, $id, d, |x| x.1.cast_local_ray_and_get_normal(&x.0, x.2, true));
            g.finish();
            let mut g = c.benchmark_group("ray_capsule");
            let d: Vec<_> = pairs::<$T, Ray<$T>, Capsule<$T>>(230)
                .iter()
                .map(|(r, k)| {
                    (
                        ray(r),
                        shape::Capsule::new(cv::point(&k.a), cv::point(&k.b), k.radius),
                        r.max_t,
                    )
                })
                .collect();
            bench!(g, $id, d, |x| x.1.cast_local_ray_and_get_normal(&x.0, x.2, true));
            g.finish();
            let mut g = c.benchmark_group("ray_cylinder");
            let d: Vec<_> = pairs::<$T, Ray<$T>, Cylinder<$T>>(240)
                .iter()
                .map(|(r, k)| {
                    let center = k.a + (k.b - k.a) / 2.0;
                    let pose = cv::axis_pose(&center, Vector::Y, &(k.b - k.a));
                    (
                        ray(r),
                        pose,
                        shape::Cylinder::new((k.b - k.a).norm() / 2.0, k.radius),
                        r.max_t,
                    )
                })
                .collect();
            bench!(g, $id, d, |x| x.2.cast_ray_and_get_normal(&x.1, &x.0, x.3, true));
            g.finish();
            let mut g = c.benchmark_group("ray_cone");
            let d: Vec<_> = pairs::<$T, Ray<$T>, Cone<$T>>(250)
                .iter()
                .map(|(r, k)| {
                    let center = k.tip + k.axis.into_inner() * (k.height / 2.0);
                    let pose = cv::axis_pose(&center, -Vector::Y, &k.axis);
                    (ray(r), pose, shape::Cone::new(k.height / 2.0, k.radius), r.max_t)
                })
                .collect();
            bench!(g, $id, d, |x| x.2.cast_ray_and_get_normal(&x.1, &x.0, x.3, true));
            g.finish();
            // The same world-space input as osculate's: the offset of the centers is computed
            // inside the timed call (parry's function takes it precomputed).
            let mut g = c.benchmark_group("overlap_sphere_sphere");
            let d: Vec<_> = pairs::<$T, Sphere<$T>, Sphere<$T>>(260)
                .iter()
                .map(|(a, b)| {
                    (
                        cv::point(&a.center),
                        shape::Ball::new(a.radius),
                        cv::point(&b.center),
                        shape::Ball::new(b.radius),
                    )
                })
                .collect();
            bench!(g, $id, d, |x| qd::intersection_test_ball_ball(x.2 - x.0, &x.1, &x.3));
            g.finish();
            let mut g = c.benchmark_group("overlap_aabb_aabb");
            let d: Vec<_> = pairs::<$T, Aabb<$T>, Aabb<$T>>(270)
                .iter()
                .map(|(a, b)| (aabb(a), aabb(b)))
                .collect();
            bench!(g, $id, d, |x| x.0.intersects(&x.1));
            g.finish();
            let mut g = c.benchmark_group("overlap_obb_obb");
            let d: Vec<_> = pairs::<$T, Obb<$T>, Obb<$T>>(280)
                .iter()
                .map(|(a, b)| {
                    let (pa, pb) =
                        (cv::pose(&a.center, &a.rotation), cv::pose(&b.center, &b.rotation));
                    (
                        pa.inv_mul(&pb),
                        shape::Cuboid::new(cv::vector(&a.half_extents)),
                        shape::Cuboid::new(cv::vector(&b.half_extents)),
                    )
                })
                .collect();
            bench!(g, $id, d, |x| qd::intersection_test_cuboid_cuboid(&x.0, &x.1, &x.2));
            g.finish();
            let mut g = c.benchmark_group("overlap_aabb_triangle");
            let d: Vec<_> = pairs::<$T, Aabb<$T>, Triangle<$T>>(290)
                .iter()
                .map(|(b, t)| (aabb(b), tri(t)))
                .collect();
            bench!(g, $id, d, |x| qd::intersection_test_aabb_triangle(&x.0, &x.1));
            g.finish();
            let mut g = c.benchmark_group("overlap_segment_aabb");
            let d: Vec<_> = pairs::<$T, Segment<$T>, Aabb<$T>>(300)
                .iter()
                .map(|(s, b)| (shape::Segment::new(cv::point(&s.a), cv::point(&s.b)), aabb(b)))
                .collect();
            bench!(g, $id, d, |x| qd::intersection_test_aabb_segment(&x.1, &x.0));
            g.finish();
            let mut g = c.benchmark_group("overlap_triangle_triangle");
            let d: Vec<_> = pairs::<$T, Triangle<$T>, Triangle<$T>>(310)
                .iter()
                .map(|(a, b)| (tri(a), tri(b)))
                .collect();
            bench!(g, $id, d, |x| $pr::query::intersection_test(
                &Pose::IDENTITY,
                &x.0,
                &Pose::IDENTITY,
                &x.1
            ));
            g.finish();
            let options = ShapeCastOptions {
                max_time_of_impact: 1.0,
                stop_at_penetration: true,
                ..ShapeCastOptions::default()
            };
            let mut g = c.benchmark_group("sweep_sphere_aabb");
            let d: Vec<_> = pairs::<$T, Sphere<$T>, Aabb<$T>>(320)
                .iter()
                .map(|(s, b)| {
                    let v = (b.center() - s.center) * 2.0;
                    (
                        Pose::from_translation(cv::point(&s.center)),
                        cv::vector(&v),
                        shape::Ball::new(s.radius),
                        Pose::from_translation(cv::point(&b.center())),
                        cuboid(b),
                    )
                })
                .collect();
            bench!(g, $id, d, |x| $pr::query::cast_shapes(
                &x.0,
                x.1,
                &x.2,
                &x.3,
                Vector::ZERO,
                &x.4,
                options
            ));
            g.finish();
            let mut g = c.benchmark_group("sweep_sphere_sphere");
            let d: Vec<_> = pairs::<$T, Sphere<$T>, Sphere<$T>>(330)
                .iter()
                .map(|(a, b)| {
                    let v = (b.center - a.center) * 2.0;
                    (
                        Pose::from_translation(cv::point(&a.center)),
                        cv::vector(&v),
                        shape::Ball::new(a.radius),
                        Pose::from_translation(cv::point(&b.center)),
                        shape::Ball::new(b.radius),
                    )
                })
                .collect();
            bench!(g, $id, d, |x| $pr::query::cast_shapes(
                &x.0,
                x.1,
                &x.2,
                &x.3,
                Vector::ZERO,
                &x.4,
                options
            ));
            g.finish();
        }
    };
}

upper_layers_parry!(upper_layers_parry32, parry3d, p32, f32, "parry3d");
upper_layers_parry!(upper_layers_parry64, parry3d_f64, p64, f64, "parry3d-f64");

fn upper_layers(c: &mut Criterion) {
    upper_layers_osculate::<f32>(c, "osculate-f32");
    upper_layers_osculate::<f64>(c, "osculate-f64");
    upper_layers_parry32(c);
    upper_layers_parry64(c);
    upper_layers_floors(c);
}

/// The hand-written floors of the upper layers' short queries.
fn upper_layers_floors(c: &mut Criterion) {
    let mut g = c.benchmark_group("ray_aabb");
    let d: Vec<_> = pairs::<f32, Ray<f32>, Aabb<f32>>(200)
        .iter()
        .map(|(r, b)| {
            (
                a32(&r.origin),
                [1.0 / r.direction.x, 1.0 / r.direction.y, 1.0 / r.direction.z],
                a32(&b.min),
                a32(&b.max),
                r.max_t,
            )
        })
        .collect();
    bench!(g, "floor", d, |x| floor::ray_aabb(x.0, x.1, x.2, x.3, x.4));
    g.finish();
    let mut g = c.benchmark_group("ray_triangle");
    let d: Vec<_> = pairs::<f32, Ray<f32>, Triangle<f32>>(220)
        .iter()
        .map(|(r, t)| {
            (
                a32(&r.origin),
                [r.direction.x, r.direction.y, r.direction.z],
                a32(&t.a),
                a32(&t.b),
                a32(&t.c),
            )
        })
        .collect();
    bench!(g, "floor", d, |x| floor::ray_triangle(x.0, x.1, x.2, x.3, x.4));
    g.finish();
    let mut g = c.benchmark_group("overlap_sphere_sphere");
    let d: Vec<_> = pairs::<f32, Sphere<f32>, Sphere<f32>>(260)
        .iter()
        .map(|(a, b)| (a32(&a.center), a.radius, a32(&b.center), b.radius))
        .collect();
    bench!(g, "floor", d, |x| floor::sphere_sphere(x.0, x.1, x.2, x.3) <= 0.0);
    g.finish();
    let mut g = c.benchmark_group("overlap_aabb_aabb");
    let d: Vec<_> = pairs::<f32, Aabb<f32>, Aabb<f32>>(270)
        .iter()
        .map(|(a, b)| (a32(&a.min), a32(&a.max), a32(&b.min), a32(&b.max)))
        .collect();
    bench!(g, "floor", d, |x| floor::aabb_aabb(x.0, x.1, x.2, x.3));
    g.finish();
}

/// The zero-cost checks (`zerocost_*` groups): the generic free function against a concrete-typed
/// copy of it (`osculate_benches::concrete`) and against the facade's trait call, on the inputs
/// of the matching query group. Ids: `generic-f32`, `concrete-f32`, `trait-f32`, and `-f64`.
fn zero_cost(c: &mut Criterion) {
    use osculate::prelude::{Overlaps as _, RayCast as _};
    use osculate_benches::concrete::{f32s, f64s};
    let mut g = c.benchmark_group("zerocost_point_aabb");
    let d32: Vec<(Point3<f32>, Aabb<f32>)> = pairs(30);
    let d64: Vec<(Point3<f64>, Aabb<f64>)> = pairs(30);
    bench!(g, "generic-f32", d32.clone(), |x| closest::closest_point_on_aabb(&x.0, &x.1));
    bench!(g, "concrete-f32", d32, |x| f32s::closest_point_on_aabb(&x.0, &x.1));
    bench!(g, "generic-f64", d64.clone(), |x| closest::closest_point_on_aabb(&x.0, &x.1));
    bench!(g, "concrete-f64", d64, |x| f64s::closest_point_on_aabb(&x.0, &x.1));
    g.finish();
    let mut g = c.benchmark_group("zerocost_sphere_sphere");
    let d32: Vec<(Sphere<f32>, Sphere<f32>)> = pairs(260);
    let d64: Vec<(Sphere<f64>, Sphere<f64>)> = pairs(260);
    bench!(g, "generic-f32", d32.clone(), |x| osculate::overlap::sphere_sphere(&x.0, &x.1));
    bench!(g, "concrete-f32", d32.clone(), |x| f32s::sphere_sphere(&x.0, &x.1));
    bench!(g, "trait-f32", d32, |x| x.0.overlaps(&x.1));
    bench!(g, "generic-f64", d64.clone(), |x| osculate::overlap::sphere_sphere(&x.0, &x.1));
    bench!(g, "concrete-f64", d64.clone(), |x| f64s::sphere_sphere(&x.0, &x.1));
    bench!(g, "trait-f64", d64, |x| x.0.overlaps(&x.1));
    g.finish();
    let mut g = c.benchmark_group("zerocost_ray_aabb");
    let d32: Vec<(Ray<f32>, Aabb<f32>)> = pairs(200);
    let d64: Vec<(Ray<f64>, Aabb<f64>)> = pairs(200);
    bench!(g, "generic-f32", d32.clone(), |x| osculate::cast::ray_aabb(&x.0, &x.1));
    bench!(g, "trait-f32", d32, |x| x.1.cast_ray(&x.0));
    bench!(g, "generic-f64", d64.clone(), |x| osculate::cast::ray_aabb(&x.0, &x.1));
    bench!(g, "trait-f64", d64, |x| x.1.cast_ray(&x.0));
    g.finish();
}

/// The osculate side of the convex-pair groups (GJK distance, EPA or closed-form contact), for one
/// scalar type. parry's side is `convex_parry!`: `query::distance` and `query::contact` (with a
/// large prediction, so that apart pairs get their distance too, as ours do).
fn convex_osculate<T: Real>(c: &mut Criterion, id: &str) {
    let mut g = c.benchmark_group("distance_cuboid_cuboid");
    let boxes = pairs::<T, Obb<T>, Obb<T>>(400);
    bench!(g, id, boxes.clone(), |x| closest::closest_points_convex(&x.0, &x.1));
    g.finish();
    let mut g = c.benchmark_group("contact_cuboid_cuboid");
    bench!(g, id, boxes.clone(), |x| closest::contact_obb_obb(&x.0, &x.1));
    g.finish();
    // The same pairs through EPA, to show what the closed form saves.
    let mut g = c.benchmark_group("contact_cuboid_cuboid_epa");
    bench!(g, id, boxes, |x| closest::contact_convex(&x.0, &x.1, 64));
    g.finish();
    let mut g = c.benchmark_group("distance_cylinder_cone");
    let cc = pairs::<T, Cylinder<T>, Cone<T>>(410);
    bench!(g, id, cc.clone(), |x| closest::closest_points_convex(&x.0, &x.1));
    g.finish();
    let mut g = c.benchmark_group("contact_cylinder_cone");
    bench!(g, id, cc, |x| closest::contact_convex(&x.0, &x.1, 64));
    g.finish();
    let mut g = c.benchmark_group("distance_triangle_cuboid");
    let tb = pairs::<T, Triangle<T>, Obb<T>>(420);
    bench!(g, id, tb.clone(), |x| closest::closest_points_convex(&x.0, &x.1));
    g.finish();
    let mut g = c.benchmark_group("contact_triangle_cuboid");
    bench!(g, id, tb, |x| closest::contact_convex(&x.0, &x.1, 64));
    g.finish();
}

/// The parry side of the convex-pair groups, for parry3d (`f32`) and parry3d-f64.
macro_rules! convex_parry {
    ($name:ident, $pr:ident, $cv:ident, $T:ty, $id:literal) => {
        fn $name(c: &mut Criterion) {
            use $cv as cv;
            use $pr::math::{Pose, Vector};
            use $pr::shape;
            let cuboid = |b: &Obb<$T>| {
                (cv::pose(&b.center, &b.rotation), shape::Cuboid::new(cv::vector(&b.half_extents)))
            };
            let boxes: Vec<_> = pairs::<$T, Obb<$T>, Obb<$T>>(400)
                .iter()
                .map(|(a, b)| (cuboid(a), cuboid(b)))
                .collect();
            let mut g = c.benchmark_group("distance_cuboid_cuboid");
            bench!(g, $id, boxes.clone(), |x| $pr::query::distance(&x.0.0, &x.0.1, &x.1.0, &x.1.1));
            g.finish();
            let mut g = c.benchmark_group("contact_cuboid_cuboid");
            bench!(g, $id, boxes, |x| $pr::query::contact(&x.0.0, &x.0.1, &x.1.0, &x.1.1, 1e6));
            g.finish();
            let cc: Vec<_> = pairs::<$T, Cylinder<$T>, Cone<$T>>(410)
                .iter()
                .map(|(y, k)| {
                    let center = y.a + (y.b - y.a) / 2.0;
                    let cyl = (
                        cv::axis_pose(&center, Vector::Y, &(y.b - y.a)),
                        shape::Cylinder::new((y.b - y.a).norm() / 2.0, y.radius),
                    );
                    let center = k.tip + k.axis.into_inner() * (k.height / 2.0);
                    let cone = (
                        cv::axis_pose(&center, -Vector::Y, &k.axis),
                        shape::Cone::new(k.height / 2.0, k.radius),
                    );
                    (cyl, cone)
                })
                .collect();
            let mut g = c.benchmark_group("distance_cylinder_cone");
            bench!(g, $id, cc.clone(), |x| $pr::query::distance(&x.0.0, &x.0.1, &x.1.0, &x.1.1));
            g.finish();
            let mut g = c.benchmark_group("contact_cylinder_cone");
            bench!(g, $id, cc, |x| $pr::query::contact(&x.0.0, &x.0.1, &x.1.0, &x.1.1, 1e6));
            g.finish();
            let tb: Vec<_> = pairs::<$T, Triangle<$T>, Obb<$T>>(420)
                .iter()
                .map(|(t, b)| {
                    let tri =
                        shape::Triangle::new(cv::point(&t.a), cv::point(&t.b), cv::point(&t.c));
                    ((Pose::IDENTITY, tri), cuboid(b))
                })
                .collect();
            let mut g = c.benchmark_group("distance_triangle_cuboid");
            bench!(g, $id, tb.clone(), |x| $pr::query::distance(&x.0.0, &x.0.1, &x.1.0, &x.1.1));
            g.finish();
            let mut g = c.benchmark_group("contact_triangle_cuboid");
            bench!(g, $id, tb, |x| $pr::query::contact(&x.0.0, &x.0.1, &x.1.0, &x.1.1, 1e6));
            g.finish();
        }
    };
}

convex_parry!(convex_parry32, parry3d, p32, f32, "parry3d");
convex_parry!(convex_parry64, parry3d_f64, p64, f64, "parry3d-f64");

fn convex(c: &mut Criterion) {
    convex_osculate::<f32>(c, "osculate-f32");
    convex_osculate::<f64>(c, "osculate-f64");
    convex_parry32(c);
    convex_parry64(c);
}

criterion_group!(benches, point_queries, pair_queries, upper_layers, convex, zero_cost, math);
criterion_main!(benches);
