//! The bounding-volume rows and the zero-cost checks.
//!
//! The zero-cost groups (`zerocost_*`) race the generic free function against a concrete-typed
//! copy of it (`crate::concrete`) and against the facade's trait call, on the inputs of the
//! matching row; ids `generic-f32`, `concrete-f32`, `trait-f32` and `-f64`. The row check
//! asserts the three answer identically.

use osculate::prelude::{Overlaps as _, RayCast as _};
use osculate::{cast, closest, overlap};
use osculate_benches::concrete::{f32s, f64s};
use osculate_benches::input::{inputs, pair, point_near, ray_at, shape};
use osculate_benches::race::{
    Answer, CONCRETE_F32, CONCRETE_F64, Class::*, GENERIC_F32, GENERIC_F64, Row, Sink, TRAIT_F32,
    TRAIT_F64, point_distance,
};
use osculate_benches::{osculate, parry, table};
use osculate_math::{Aabb, Bounded, ContainsPoint, Obb, Point3, Real, Sphere};

/// Every group of this module.
pub(crate) fn all(s: &mut Sink<'_>) {
    aabbs_of_shapes(s);
    aabb_contains_point(s);
    zero_cost(s);
}

/// A box as the sum of its six coordinates (an answer that changes with each).
fn box_sum<T: Real>(b: &Aabb<T>) -> Answer {
    Answer::Value(Some((b.min.coords.sum() + b.max.coords.sum()).to_f64()))
}

/// The bounding boxes of a sphere and an oriented box: parry's `aabb` on the same shapes.
fn aabbs_of_shapes(s: &mut Sink<'_>) {
    table! { s, { parry: |p| p.1.aabb(&p.0)
        => |_, b| Answer::Value(Some(cv::wide(b.mins.element_sum() + b.maxs.element_sum()))) };
        [
            Row::new("aabb_of_sphere", LikeForLike).note("branch-free"),
            inputs(1, "large", shape::<Sphere<f64>>, |b| b.radius > 0.5),
            |x| x.aabb() => |_, b| box_sum(b),
            |x| cv::ball(x),
        ],
        [
            Row::new("aabb_of_obb", LikeForLike).note("branch-free"),
            inputs(2, "large", shape::<Obb<f64>>, |b| b.half_extents.norm() > 0.8),
            |x| x.aabb() => |_, b| box_sum(b),
            |x| cv::obb(x),
        ],
    }
}

fn aabb_contains_point(s: &mut Sink<'_>) {
    let d = inputs(3, "inside", pair::<Aabb<f64>, Point3<f64>>, |(b, p)| b.contains_point(p));
    let mut r = s.race(
        Row::new("aabb_contains_point", LikeForLike).note("parry's `Aabb` is the same min-max box"),
    );
    osculate!(r, d, |x| x.0.contains_point(&x.1));
    parry!(r, d, |x| (cv::aabb(&x.0), cv::point(&x.1)),
        parry: |p| p.0.contains_local_point(p.1));
    r.finish();
}

fn zero_cost(s: &mut Sink<'_>) {
    let exact = |q| Row::new(q, OsculateOnly).tolerance(0.0, 0.0).flips(0.0);

    let d = inputs(30, "inside", point_near::<Aabb<f64>>, |(p, b)| b.contains_point(p));
    let mut r = s.race(exact("zerocost_point_aabb"));
    let ans = |x: &(Point3<f32>, Aabb<f32>), q: &Point3<f32>| point_distance(&x.0, q);
    r.run(
        GENERIC_F32,
        "closest::closest_point_on_aabb",
        &d.f32,
        |x| closest::closest_point_on_aabb(&x.0, &x.1),
        ans,
    );
    r.run(
        CONCRETE_F32,
        "concrete::f32s::closest_point_on_aabb",
        &d.f32,
        |x| f32s::closest_point_on_aabb(&x.0, &x.1),
        ans,
    );
    let ans = |x: &(Point3<f64>, Aabb<f64>), q: &Point3<f64>| point_distance(&x.0, q);
    r.run(
        GENERIC_F64,
        "closest::closest_point_on_aabb",
        &d.f64,
        |x| closest::closest_point_on_aabb(&x.0, &x.1),
        ans,
    );
    r.run(
        CONCRETE_F64,
        "concrete::f64s::closest_point_on_aabb",
        &d.f64,
        |x| f64s::closest_point_on_aabb(&x.0, &x.1),
        ans,
    );
    r.finish();

    let d = inputs(260, "overlap", pair::<Sphere<f64>, Sphere<f64>>, |(a, b)| {
        overlap::sphere_sphere(a, b)
    });
    let mut r = s.race(exact("zerocost_sphere_sphere"));
    let ans = |_: &_, a: &bool| Answer::of(a);
    r.run(
        GENERIC_F32,
        "overlap::sphere_sphere",
        &d.f32,
        |x| overlap::sphere_sphere(&x.0, &x.1),
        ans,
    );
    r.run(
        CONCRETE_F32,
        "concrete::f32s::sphere_sphere",
        &d.f32,
        |x| f32s::sphere_sphere(&x.0, &x.1),
        ans,
    );
    r.run(TRAIT_F32, "Overlaps::overlaps", &d.f32, |x| x.0.overlaps(&x.1), ans);
    let ans = |_: &_, a: &bool| Answer::of(a);
    r.run(
        GENERIC_F64,
        "overlap::sphere_sphere",
        &d.f64,
        |x| overlap::sphere_sphere(&x.0, &x.1),
        ans,
    );
    r.run(
        CONCRETE_F64,
        "concrete::f64s::sphere_sphere",
        &d.f64,
        |x| f64s::sphere_sphere(&x.0, &x.1),
        ans,
    );
    r.run(TRAIT_F64, "Overlaps::overlaps", &d.f64, |x| x.0.overlaps(&x.1), ans);
    r.finish();

    let d = inputs(200, "hit", ray_at::<Aabb<f64>>, |(ray, b)| cast::ray_aabb(ray, b).is_some());
    let mut r = s.race(exact("zerocost_ray_aabb"));
    r.run(
        GENERIC_F32,
        "cast::ray_aabb",
        &d.f32,
        |x| cast::ray_aabb(&x.0, &x.1),
        |_, h| Answer::of(h),
    );
    r.run(TRAIT_F32, "RayCast::cast_ray", &d.f32, |x| x.1.cast_ray(&x.0), |_, h| Answer::of(h));
    r.run(
        GENERIC_F64,
        "cast::ray_aabb",
        &d.f64,
        |x| cast::ray_aabb(&x.0, &x.1),
        |_, h| Answer::of(h),
    );
    r.run(TRAIT_F64, "RayCast::cast_ray", &d.f64, |x| x.1.cast_ray(&x.0), |_, h| Answer::of(h));
    r.finish();
}
