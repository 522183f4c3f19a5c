//! Sweeps (layer 4): the first shape moves by a displacement, the second stays; the time of
//! impact is in `[0, 1]` over the motion, 0 for shapes overlapping at the start. The
//! distributions: the motion hits 10% or 90% of the time, aimed at a random point of or near the
//! second shape (not its center) and scaled to stop short of it or pass it.
//!
//! parry: `cast_shapes_ball_ball`, `cast_shapes_support_map_halfspace` or
//! `cast_shapes_support_map_support_map` (its GJK ray cast), with the second shape's pose in the
//! first's frame and the relative motion in the first's frame.

use osculate::closest::{SupportMap, Transformed, closest_points_convex};
use osculate::dynamic;
use osculate_benches::input::{inputs, sweep, sweep_to_plane};
use osculate_benches::race::{Answer, Class::*, Row, Sink};
use osculate_benches::{only, table};
use osculate_math::{
    Aabb, Bounded, Capsule, Cone, ConvexPolygon, Cylinder, Halfspace, Isometry3, Obb, Real, Sphere,
    Triangle, Vector3,
};
use osculate_testing::{Generate, Rng};

/// Every row of this module.
pub(crate) fn all(s: &mut Sink<'_>) {
    sweep_sphere_sphere(s);
    gjk_casts(s);
    searches(s);
    halfspaces(s);
    osculate_only(s);
}

/// The GJK ray cast rows' note.
const GJK_CAST: &str = "parry: the GJK ray cast on support maps (in f32 its time of impact is off \
                        by up to 1e-2 on these inputs)";

/// The interval-halving row's note. On near misses (closest approach 3e-4 to 1.4e-2 on these
/// inputs) a search stops at its iteration bound (64) and reports the time reached with status
/// `HitIterationBound`, a lower bound on the first contact, where parry reports no hit.
const HALVING: &str = "osculate: interval halving on GJK distances (tolerance 1e-4); parry: the \
                       GJK ray cast. On near misses the search stops at its iteration bound and \
                       reports a lower bound (status `HitIterationBound`) where parry reports no \
                       hit: up to 1.1% of these inputs";

/// The conservative-advancement rows' note (see [`HALVING`]).
const ADVANCEMENT: &str = "osculate: conservative advancement on GJK distances (tolerance 1e-4); \
                           parry: the GJK ray cast. On near misses the search stops at its \
                           iteration bound and reports a lower bound (status \
                           `HitIterationBound`) where parry reports no hit: up to 1.1% of these \
                           inputs";

/// A generic search's time of impact as an answer.
fn search_answer<T: Real>(t: &Option<dynamic::TimeOfImpact<T>>) -> Answer {
    Answer::Value(t.map(|t| t.toi.to_f64()))
}

fn sweep_sphere_sphere(s: &mut Sink<'_>) {
    table! { s, { parry: |p| qd::cast_shapes_ball_ball(&p.0, p.1, &p.2, &p.3, cv::SWEEP)
                      => |_, h| cv::cast_toi(h) };
        [
            Row::new("sweep_sphere_sphere", LikeForLike).note("both closed forms"),
            inputs(330, "hit", sweep::<Sphere<f64>, Sphere<f64>>, |(a, v, b)| {
                dynamic::sphere_sphere(a, v, b, &Vector3::zeros()).is_some()
            }),
            |x| dynamic::sphere_sphere(&x.0, &x.1, &x.2, &Vector3::zeros()),
            |x| (cv::between(&x.0.center, &x.2.center), -cv::vector(&x.1), cv::ball(&x.0).1, cv::ball(&x.2).1),
        ],
    }
}

/// osculate's closed forms against parry's GJK ray cast.
fn gjk_casts(s: &mut Sink<'_>) {
    let row = |q| Row::new(q, ClosedVsGeneral).tolerance(1e-2, 1e-5).note(GJK_CAST);
    let z = Vector3::zeros;
    table! { s, { parry: |p| qd::cast_shapes_support_map_support_map(&p.0, p.1, &p.2, &p.3, cv::SWEEP)
                      => |_, h| cv::cast_toi(h) };
        [
            row("sweep_sphere_aabb"),
            inputs(320, "hit", sweep::<Sphere<f64>, Aabb<f64>>, |(a, v, b)| dynamic::sphere_aabb(a, v, b, &z()).is_some()),
            |x| dynamic::sphere_aabb(&x.0, &x.1, &x.2, &Vector3::zeros()),
            |x| (cv::between(&x.0.center, &x.2.center()), -cv::vector(&x.1), cv::ball(&x.0).1, cv::cuboid(&x.2).1),
        ],
        [
            row("sweep_sphere_triangle"),
            inputs(580, "hit", sweep::<Sphere<f64>, Triangle<f64>>, |(a, v, b)| dynamic::sphere_triangle(a, v, b, &z()).is_some()),
            |x| dynamic::sphere_triangle(&x.0, &x.1, &x.2, &Vector3::zeros()),
            |x| (cv::ball(&x.0).0.inverse(), -cv::vector(&x.1), cv::ball(&x.0).1, cv::triangle(&x.2)),
        ],
        [
            row("sweep_sphere_obb"),
            inputs(584, "hit", sweep::<Sphere<f64>, Obb<f64>>, |(a, v, b)| dynamic::sphere_obb(a, v, b, &z()).is_some()),
            |x| dynamic::sphere_obb(&x.0, &x.1, &x.2, &Vector3::zeros()),
            |x| (cv::ball(&x.0).0.inv_mul(&cv::obb(&x.2).0), -cv::vector(&x.1), cv::ball(&x.0).1, cv::obb(&x.2).1),
        ],
        [
            row("sweep_sphere_capsule"),
            inputs(586, "hit", sweep::<Sphere<f64>, Capsule<f64>>, |(a, v, b)| dynamic::sphere_capsule(a, v, b, &z()).is_some()),
            |x| dynamic::sphere_capsule(&x.0, &x.1, &x.2, &Vector3::zeros()),
            |x| (cv::ball(&x.0).0.inverse(), -cv::vector(&x.1), cv::ball(&x.0).1, cv::capsule(&x.2)),
        ],
        [
            row("sweep_capsule_capsule"),
            inputs(588, "hit", sweep::<Capsule<f64>, Capsule<f64>>, |(a, v, b)| dynamic::capsule_capsule(a, v, b, &z()).is_some()),
            |x| dynamic::capsule_capsule(&x.0, &x.1, &x.2, &Vector3::zeros()),
            |x| (Pose::IDENTITY, -cv::vector(&x.1), cv::capsule(&x.0), cv::capsule(&x.2)),
        ],
        [
            row("sweep_aabb_aabb"),
            inputs(590, "hit", sweep::<Aabb<f64>, Aabb<f64>>, |(a, v, b)| dynamic::aabb_aabb(a, v, b, &z()).is_some()),
            |x| dynamic::aabb_aabb(&x.0, &x.1, &x.2, &Vector3::zeros()),
            |x| (cv::between(&x.0.center(), &x.2.center()), -cv::vector(&x.1), cv::cuboid(&x.0).1, cv::cuboid(&x.2).1),
        ],
        [
            row("sweep_obb_obb"),
            inputs(592, "hit", sweep::<Obb<f64>, Obb<f64>>, |(a, v, b)| dynamic::obb_obb(a, v, b, &z()).is_some()),
            |x| dynamic::obb_obb(&x.0, &x.1, &x.2, &Vector3::zeros()),
            |x| {
                let ((pa, ca), (pb, cb)) = (cv::obb(&x.0), cv::obb(&x.2));
                (pa.inv_mul(&pb), pa.rotation.inverse() * -cv::vector(&x.1), ca, cb)
            },
        ],
        [
            row("sweep_aabb_triangle"),
            inputs(594, "hit", sweep::<Triangle<f64>, Aabb<f64>>, |(a, v, b)| dynamic::aabb_triangle(b, &z(), a, v).is_some()),
            |x| dynamic::aabb_triangle(&x.2, &Vector3::zeros(), &x.0, &x.1),
            |x| (cv::cuboid(&x.2).0, -cv::vector(&x.1), cv::triangle(&x.0), cv::cuboid(&x.2).1),
        ],
    }
}

/// GJK's distance between `b` and `a` moved by `v·t`.
fn moved_distance<T: Real, A: SupportMap<T> + Copy, B: SupportMap<T>>(
    a: &A,
    v: &Vector3<T>,
    b: &B,
    t: T,
) -> T {
    let moved = Transformed { shape: *a, pose: Isometry3::translation(v.x * t, v.y * t, v.z * t) };
    closest_points_convex(&moved, b).distance
}

/// The generic searches (interval halving, conservative advancement on GJK distances, the GJK
/// ray cast `convex_convex`), against parry's GJK ray cast: both iterative.
fn searches(s: &mut Sink<'_>) {
    let obbs = || {
        inputs(592, "hit", sweep::<Obb<f64>, Obb<f64>>, |(a, v, b)| {
            dynamic::obb_obb(a, v, b, &Vector3::zeros()).is_some()
        })
    };
    let cylinder_cone = || {
        inputs(602, "hit", sweep::<Cylinder<f64>, Cone<f64>>, |(a, v, b)| {
            dynamic::convex_convex(a, v, b, &Vector3::zeros()).is_some()
        })
    };
    let search = |q, how: &'static str| {
        Row::new(q, LikeForLike).tolerance(1e-2, 1e-3).flips(0.015).note(how)
    };
    let tol = 1e-4;
    table! { s, { parry: |p| qd::cast_shapes_support_map_support_map(&p.0, p.1, &p.2, &p.3, cv::SWEEP)
                      => |_, h| cv::cast_toi(h) };
        [
            search("sweep_obb_obb_halving", HALVING),
            obbs(),
            |x| dynamic::interval_halving(|t| moved_distance(&x.0, &x.1, &x.2, t), x.1.norm(), Real::lit(tol), Real::lit(tol), 64)
                => |_, t| search_answer(t),
            |x| {
                let ((pa, ca), (pb, cb)) = (cv::obb(&x.0), cv::obb(&x.2));
                (pa.inv_mul(&pb), pa.rotation.inverse() * -cv::vector(&x.1), ca, cb)
            },
        ],
        [
            search("sweep_obb_obb_advancement", ADVANCEMENT),
            obbs(),
            |x| dynamic::conservative_advancement(|t| moved_distance(&x.0, &x.1, &x.2, t), x.1.norm(), Real::lit(tol), 64)
                => |_, t| search_answer(t),
            |x| {
                let ((pa, ca), (pb, cb)) = (cv::obb(&x.0), cv::obb(&x.2));
                (pa.inv_mul(&pb), pa.rotation.inverse() * -cv::vector(&x.1), ca, cb)
            },
        ],
        [
            search("sweep_cylinder_cone_advancement", ADVANCEMENT),
            cylinder_cone(),
            |x| dynamic::conservative_advancement(|t| moved_distance(&x.0, &x.1, &x.2, t), x.1.norm(), Real::lit(tol), 64)
                => |_, t| search_answer(t),
            |x| {
                let ((pa, ya), (pb, kb)) = (cv::cylinder(&x.0), cv::cone(&x.2));
                (pa.inv_mul(&pb), pa.rotation.inverse() * -cv::vector(&x.1), ya, kb)
            },
        ],
        [
            Row::new("sweep_cylinder_cone_gjk", LikeForLike).tolerance(1e-2, 1e-3).note("both the GJK ray cast"),
            cylinder_cone(),
            |x| dynamic::convex_convex(&x.0, &x.1, &x.2, &Vector3::zeros()),
            |x| {
                let ((pa, ya), (pb, kb)) = (cv::cylinder(&x.0), cv::cone(&x.2));
                (pa.inv_mul(&pb), pa.rotation.inverse() * -cv::vector(&x.1), ya, kb)
            },
        ],
    }
}

/// A sweep toward a half-space (`sweep_to_plane`'s plane, solid below).
fn to_halfspace<A: Generate<f64> + Bounded<f64>>(
    rng: &mut Rng,
) -> (A, Vector3<f64>, Halfspace<f64>) {
    let (a, v, p) = sweep_to_plane(rng);
    (a, v, Halfspace::new(p))
}

/// The half-space sweeps: parry's `cast_shapes_support_map_halfspace`, the half-space's pose in
/// the shape's frame.
fn halfspaces(s: &mut Sink<'_>) {
    let row = |q| Row::new(q, LikeForLike).note("both the support point against the plane");
    table! { s, { parry: |p| qd::cast_shapes_support_map_halfspace(&p.0, p.1, &p.2, &p.3, cv::SWEEP)
                      => |_, h| cv::cast_toi(h) };
        [
            row("sweep_sphere_halfspace"),
            inputs(598, "hit", to_halfspace::<Sphere<f64>>, |(a, v, h)| dynamic::sphere_halfspace(a, v, h).is_some()),
            |x| dynamic::sphere_halfspace(&x.0, &x.1, &x.2),
            |x| (cv::ball(&x.0).0.inv_mul(&cv::halfspace(&x.2).0), -cv::vector(&x.1), cv::ball(&x.0).1, cv::halfspace(&x.2).1),
        ],
        [
            row("sweep_obb_halfspace"),
            inputs(600, "hit", to_halfspace::<Obb<f64>>, |(b, v, h)| dynamic::obb_halfspace(b, v, h).is_some()),
            |x| dynamic::obb_halfspace(&x.0, &x.1, &x.2),
            |x| {
                let ((pb, cub), (ph, hs)) = (cv::obb(&x.0), cv::halfspace(&x.2));
                (pb.inv_mul(&ph), pb.rotation.inverse() * -cv::vector(&x.1), cub, hs)
            },
        ],
        [
            row("sweep_aabb_halfspace"),
            inputs(652, "hit", to_halfspace::<Aabb<f64>>, |(b, v, h)| dynamic::aabb_halfspace(b, v, h).is_some()),
            |x| dynamic::aabb_halfspace(&x.0, &x.1, &x.2),
            |x| (cv::cuboid(&x.0).0.inv_mul(&cv::halfspace(&x.2).0), -cv::vector(&x.1), cv::cuboid(&x.0).1, cv::halfspace(&x.2).1),
        ],
    }
}

/// The sweeps parry has no counterpart for.
fn osculate_only(s: &mut Sink<'_>) {
    let plane = |q| Row::new(q, OsculateOnly).note("parry has no two-sided plane");
    only! { s;
        [
            Row::new("sweep_sphere_polygon", OsculateOnly).note("parry has no convex polygon in 3D"),
            inputs(582, "hit", sweep::<Sphere<f64>, ConvexPolygon<f64>>, |(a, v, p)| {
                dynamic::sphere_polygon(a, v, p, &Vector3::zeros()).is_some()
            }),
            |x| dynamic::sphere_polygon(&x.0, &x.1, &x.2, &Vector3::zeros()),
        ],
        [
            plane("sweep_sphere_plane"),
            inputs(596, "hit", sweep_to_plane::<Sphere<f64>>, |(a, v, p)| dynamic::sphere_plane(a, v, p).is_some()),
            |x| dynamic::sphere_plane(&x.0, &x.1, &x.2),
        ],
        [
            plane("sweep_obb_plane"),
            inputs(648, "hit", sweep_to_plane::<Obb<f64>>, |(b, v, p)| dynamic::obb_plane(b, v, p).is_some()),
            |x| dynamic::obb_plane(&x.0, &x.1, &x.2),
        ],
        [
            plane("sweep_aabb_plane"),
            inputs(650, "hit", sweep_to_plane::<Aabb<f64>>, |(b, v, p)| dynamic::aabb_plane(b, v, p).is_some()),
            |x| dynamic::aabb_plane(&x.0, &x.1, &x.2),
        ],
    }
}
