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
    Aabb, Capsule, Cone, Cylinder, Obb, Point3, Segment, Sphere, Tetrahedron, Triangle,
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
    // parry reports a contact only within `prediction`: a large one makes it always answer.
    let pd: Vec<_> = d32
        .iter()
        .map(|(a, b)| {
            (
                Pose32::from_translation(p32::point(&(b.center - a.center.coords))),
                parry3d::shape::Ball::new(a.radius),
                parry3d::shape::Ball::new(b.radius),
            )
        })
        .collect();
    bench!(g, "parry3d", pd, |x| parry3d::query::details::contact_ball_ball(&x.0, &x.1, &x.2, 1e6));
    let pd: Vec<_> = d64
        .iter()
        .map(|(a, b)| {
            (
                Pose64::from_translation(p64::point(&(b.center - a.center.coords))),
                parry3d_f64::shape::Ball::new(a.radius),
                parry3d_f64::shape::Ball::new(b.radius),
            )
        })
        .collect();
    bench!(g, "parry3d-f64", pd, |x| parry3d_f64::query::details::contact_ball_ball(
        &x.0, &x.1, &x.2, 1e6
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

criterion_group!(benches, point_queries, pair_queries, math);
criterion_main!(benches);
