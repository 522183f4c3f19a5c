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

/// A zero-cost row on inputs `$d`, each contender in both precisions: the generic free function
/// `$generic`, its concrete-typed copy `f32s::$concrete` / `f64s::$concrete` where named, and the
/// facade's trait call where given; all answered by `$answer`, which must agree exactly.
macro_rules! zero_cost_row {
    (
        $s:ident, $query:literal, $d:expr, $generic:path, $answer:expr
        $(, concrete: $concrete:ident)? $(, $trait_name:literal: |$t:ident| $trait_call:expr)?
    ) => {{
        let d = $d;
        let mut r = $s.race(Row::new($query, OsculateOnly).tolerance(0.0, 0.0).flips(0.0));
        r.run(GENERIC_F32, stringify!($generic), &d.f32, |x| $generic(&x.0, &x.1), $answer);
        $(r.run(
            CONCRETE_F32,
            concat!("concrete::f32s::", stringify!($concrete)),
            &d.f32,
            |x| f32s::$concrete(&x.0, &x.1),
            $answer,
        );)?
        $(r.run(TRAIT_F32, $trait_name, &d.f32, |$t| $trait_call, $answer);)?
        r.run(GENERIC_F64, stringify!($generic), &d.f64, |x| $generic(&x.0, &x.1), $answer);
        $(r.run(
            CONCRETE_F64,
            concat!("concrete::f64s::", stringify!($concrete)),
            &d.f64,
            |x| f64s::$concrete(&x.0, &x.1),
            $answer,
        );)?
        $(r.run(TRAIT_F64, $trait_name, &d.f64, |$t| $trait_call, $answer);)?
        r.finish();
    }};
}

fn zero_cost(s: &mut Sink<'_>) {
    zero_cost_row!(
        s,
        "zerocost_point_aabb",
        inputs(30, "inside", point_near::<Aabb<f64>>, |(p, b)| b.contains_point(p)),
        closest::closest_point_on_aabb,
        |x, q| point_distance(&x.0, q),
        concrete: closest_point_on_aabb
    );
    zero_cost_row!(
        s,
        "zerocost_sphere_sphere",
        inputs(260, "overlap", pair::<Sphere<f64>, Sphere<f64>>, |(a, b)| {
            overlap::sphere_sphere(a, b)
        }),
        overlap::sphere_sphere,
        |_, a| Answer::of(a),
        concrete: sphere_sphere,
        "Overlaps::overlaps": |x| x.0.overlaps(&x.1)
    );
    zero_cost_row!(
        s,
        "zerocost_ray_aabb",
        inputs(200, "hit", ray_at::<Aabb<f64>>, |(ray, b)| cast::ray_aabb(ray, b).is_some()),
        cast::ray_aabb,
        |_, h| Answer::of(h),
        "RayCast::cast_ray": |x| x.1.cast_ray(&x.0)
    );
}
