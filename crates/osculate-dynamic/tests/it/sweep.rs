//! `sweep_convex` with its options: worked cases (a capsule resting on a floor, a skin kept, an
//! invalid skin), the properties on random convex pairs in f32 and f64 (a hit is the first time
//! the shapes come within the skin, no hit means they never do, or never come closer than a
//! contact they start in), and a differential test against parry3d-f64's `cast_shapes` with the
//! same `target_distance` and `stop_at_penetration`.

use core::fmt::Debug;

use osculate_closest::{EPA_MAX_ITERATIONS, SupportMap, Transformed, contact_convex};
use osculate_dynamic::{SweepOptions, convex_convex, sweep_convex};
use osculate_math::{
    Aabb, Capsule, Cone, Cylinder, Isometry3, Obb, Point3, Real, Sphere, Triangle, Vector3, point3,
    vector3,
};
use osculate_testing::{GenerateAny, Pair, Rng, for_f32_and_f64, test_tolerance};

/// A capsule standing on a floor: moving up or sideways leaves the contact (no hit), moving down
/// deepens it (a hit at once); with `STOP_ON_CONTACT` every motion is a hit at once.
fn resting_contact<T: Real>() {
    let floor = Aabb::new(point3::<T>(-10.0, -1.0, -10.0), point3(10.0, 0.0, 10.0));
    let body = Capsule::new(point3::<T>(0.0, 0.5, 0.0), point3(0.0, 1.5, 0.0), T::lit(0.5));
    let still = Vector3::zeros();
    let free = SweepOptions::default();
    for away in [vector3::<T>(0.0, 2.0, 0.0), vector3(3.0, 0.0, 0.0), vector3(1.0, 1.0, -1.0)] {
        assert_eq!(sweep_convex(&body, &away, &floor, &still, &free), None, "{away:?}");
        // The same motion given to the floor in reverse.
        assert_eq!(sweep_convex(&body, &still, &floor, &-away, &free), None, "{away:?}");
        let stop = sweep_convex(&body, &away, &floor, &still, &SweepOptions::STOP_ON_CONTACT);
        let stop = stop.map(|h| (h.toi, h.initially_touching));
        assert_eq!(stop, Some((T::ZERO, true)), "{away:?}");
    }
    let down = sweep_convex(&body, &vector3(0.5, -1.0, 0.0), &floor, &still, &free);
    let down = down.map(|h| (h.toi, h.initially_touching, h.contact.normal.y));
    let (toi, touching, ny) = down.unwrap_or_else(|| panic!("moving down into the floor is a hit"));
    assert!(toi == T::ZERO && touching && (ny + T::ONE).abs() <= test_tolerance::<T>(), "{ny:?}");
}

/// A ball dropped onto a floor stops `skin` above it, and the contact says so; a skin the motion
/// never reaches is no hit.
fn skin_is_kept<T: Real>() {
    let floor = Aabb::new(point3::<T>(-10.0, -1.0, -10.0), point3(10.0, 0.0, 10.0));
    let ball = Sphere::new(point3::<T>(1.0, 3.0, 2.0), T::lit(0.5));
    let drop = vector3::<T>(0.0, -4.0, 0.0);
    let still = Vector3::zeros();
    let tol = test_tolerance::<T>() * T::lit(10.0);
    for skin in [0.0, 0.1, 1.0] {
        let options = SweepOptions { skin: T::lit(skin), ..SweepOptions::default() };
        let hit = sweep_convex(&ball, &drop, &floor, &still, &options);
        let hit = hit.unwrap_or_else(|| panic!("skin {skin}: the ball reaches the floor"));
        // The ball's bottom starts 2.5 above the floor and falls 4 per unit time.
        assert!((hit.toi - T::lit((2.5 - skin) / 4.0)).abs() <= tol, "{skin}: {hit:?}");
        assert!((hit.contact.distance - T::lit(skin)).abs() <= tol, "{skin}: {hit:?}");
        assert!((hit.contact.normal.y + T::ONE).abs() <= tol, "{skin}: {hit:?}");
        assert!((hit.contact.point_b.y).abs() <= tol, "{skin}: {hit:?}");
        assert!(!hit.initially_touching);
    }
    let options = SweepOptions { skin: T::lit(0.1), ..SweepOptions::default() };
    assert_eq!(sweep_convex(&ball, &vector3(0.0, -1.0, 0.0), &floor, &still, &options), None);
}

/// A capsule stopped by a wall a skin away (its gap a rounding above the skin, within the cast's
/// tolerance of it) then sliding along the wall: no hit, so a sweep-and-slide goes on; moving into
/// the wall again is a hit at once, initially touching. Guards against the cast's "touching at
/// t = 0" being taken for a hit whatever the motion.
fn stopped_then_slides<T: Real>() {
    let wall = Aabb::new(point3::<T>(2.0, 0.0, -10.0), point3(3.0, 3.0, 10.0));
    let body = Capsule::new(point3::<T>(0.0, 0.5, 0.0), point3(0.0, 1.5, 0.0), T::lit(0.5));
    let still = Vector3::zeros();
    let options = SweepOptions { skin: T::lit(1e-3), ..SweepOptions::default() };
    let run = vector3::<T>(4.0, 0.0, 1.0);
    let hit = sweep_convex(&body, &run, &wall, &still, &options);
    let hit = hit.unwrap_or_else(|| panic!("the capsule runs into the wall"));
    assert!(hit.toi > T::ZERO && !hit.initially_touching, "{hit:?}");
    let moved = run * hit.toi;
    let stopped = Capsule { a: body.a + moved, b: body.b + moved, ..body };
    for along in [vector3::<T>(0.0, 0.0, 0.625), vector3(0.0, 1.0, -2.0), vector3(-1.0, 0.0, 1.0)] {
        assert_eq!(sweep_convex(&stopped, &along, &wall, &still, &options), None, "{along:?}");
    }
    let again = sweep_convex(&stopped, &vector3(1.0, 0.0, 0.5), &wall, &still, &options);
    let again = again.map(|h| (h.toi, h.initially_touching));
    assert_eq!(again, Some((T::ZERO, true)));
}

/// A negative, NaN or infinite skin, and NaN or infinite motion, give no hit (never a panic).
fn invalid_input_is_no_hit<T: Real>() {
    let a = Sphere::new(point3::<T>(0.0, 0.0, 0.0), T::ONE);
    let b = Sphere::new(point3::<T>(3.0, 0.0, 0.0), T::ONE);
    let v = vector3::<T>(4.0, 0.0, 0.0);
    let still = Vector3::zeros();
    for skin in [-T::ONE, T::NAN, T::INFINITY] {
        let options = SweepOptions { skin, ..SweepOptions::default() };
        assert_eq!(sweep_convex(&a, &v, &b, &still, &options), None, "{skin:?}");
    }
    let free = SweepOptions::default();
    for bad in [T::NAN, T::INFINITY] {
        let w = Vector3::new(bad, T::ZERO, T::ZERO);
        assert_eq!(sweep_convex(&a, &w, &b, &still, &free), None);
        assert_eq!(sweep_convex(&a, &v, &b, &w, &free), None);
    }
    let nan = Sphere::new(Point3::new(T::NAN, T::ZERO, T::ZERO), T::ONE);
    assert_eq!(sweep_convex(&nan, &v, &b, &still, &free), None);
}

/// Two boxes sunk into each other: pulled apart, no hit; pushed deeper, a hit at once whose
/// contact is the penetration (a negative distance).
fn penetrating_pairs<T: Real>() {
    let a = Aabb::new(point3::<T>(0.0, 0.0, 0.0), point3(1.0, 1.0, 1.0));
    let b = Aabb::new(point3::<T>(0.75, 0.0, 0.0), point3(1.75, 1.0, 1.0));
    let still = Vector3::zeros();
    let free = SweepOptions::default();
    assert_eq!(sweep_convex(&a, &vector3(-1.0, 0.0, 0.0), &b, &still, &free), None);
    let hit = sweep_convex(&a, &vector3(1.0, 0.0, 0.0), &b, &still, &free);
    let hit = hit.unwrap_or_else(|| panic!("pushed deeper"));
    assert!((hit.contact.distance + T::lit(0.25)).abs() <= test_tolerance::<T>(), "{hit:?}");
    assert!((hit.contact.normal.x - T::ONE).abs() <= test_tolerance::<T>(), "{hit:?}");
}

/// With no skin and `STOP_ON_CONTACT`, the answer is `convex_convex`'s.
fn agrees_with_convex_convex<T: Real>() {
    for seed in 0..64 {
        let p = Pair::<Obb<T>, Cylinder<T>>::from_seed(seed);
        let mut rng = Rng::new(p.seed);
        let va = (p.b.center() - p.a.center) * T::lit(rng.range(0.0, 3.0));
        let still = Vector3::zeros();
        let ours = sweep_convex(&p.a, &va, &p.b, &still, &SweepOptions::STOP_ON_CONTACT);
        let plain = convex_convex(&p.a, &va, &p.b, &still);
        match (ours, plain) {
            (Some(o), Some(c)) => assert_eq!(
                (o.toi, o.initially_touching),
                (c.toi, c.initially_overlapping),
                "{seed}"
            ),
            (None, None) => {}
            (o, c) => panic!("seed {seed}: {o:?} but convex_convex {c:?}"),
        }
    }
}

for_f32_and_f64!(
    resting_contact,
    skin_is_kept,
    stopped_then_slides,
    invalid_input_is_no_hit,
    penetrating_pairs,
    agrees_with_convex_convex
);

/// The signed distance between `a` moved by `va·t` and `b` moved by `vb·t`.
fn gap<T: Real, A: SupportMap<T>, B: SupportMap<T>>(
    a: &A,
    va: &Vector3<T>,
    b: &B,
    vb: &Vector3<T>,
    t: T,
) -> Option<T> {
    let at = |v: &Vector3<T>| Isometry3::translation(v.x * t, v.y * t, v.z * t);
    let c = contact_convex(
        &Transformed { shape: a, pose: at(va) },
        &Transformed { shape: b, pose: at(vb) },
        EPA_MAX_ITERATIONS,
    )?;
    Some(c.distance)
}

/// The sweep's promise on one random scene: a hit at `toi > 0` has the shapes `skin` apart then
/// and never within the skin before; a hit at `t = 0` starts within the skin and (without
/// `stop_at_penetration`) the motion deepens it; no hit means the shapes stay beyond the skin,
/// or never come closer than they start.
fn sweep_promise<T: Real, A, B>(seeds: u64)
where
    A: GenerateAny<Scalar = T> + SupportMap<T> + Debug,
    B: GenerateAny<Scalar = T> + SupportMap<T> + Debug,
{
    for seed in 0..seeds {
        let p = Pair::<A, B>::from_seed(seed);
        let mut rng = Rng::new(p.seed);
        let (ca, cb) = (p.a.center(), p.b.center());
        let size = (0..3).fold(T::ZERO, |s, i| {
            let mut e = Vector3::zeros();
            e[i] = T::ONE;
            s.fast_max((p.a.support(&e) - p.a.support(&-e)).norm())
                .fast_max((p.b.support(&e) - p.b.support(&-e)).norm())
        });
        let toward = cb - ca;
        let va = if rng.chance(0.7) {
            toward * T::lit(rng.range(0.2, 3.0))
        } else {
            Vector3::new(
                T::lit(rng.range(-3.0, 3.0)),
                T::lit(rng.range(-3.0, 3.0)),
                T::lit(rng.range(-3.0, 3.0)),
            ) * size
        };
        let vb = if rng.chance(0.3) { -va * T::lit(rng.range(0.0, 1.0)) } else { Vector3::zeros() };
        let skin = if rng.chance(0.5) { T::ZERO } else { size * T::lit(rng.range(0.0, 0.3)) };
        let options = SweepOptions { skin, stop_at_penetration: rng.chance(0.3) };
        let magnitude = [ca.coords.amax(), cb.coords.amax(), size, va.amax(), vb.amax()]
            .into_iter()
            .fold(T::ZERO, T::fast_max);
        let tol = test_tolerance::<T>() * T::lit(20.0) * magnitude;
        let what = || format!("seed {seed}: {:?} {va:?} {:?} {vb:?} {options:?}", p.a, p.b);
        let Some(d0) = gap(&p.a, &va, &p.b, &vb, T::ZERO) else {
            continue;
        };
        let samples = |from: T, to: T| {
            (0..=32).map(move |k| from + (to - from) * T::lit(f64::from(k) / 32.0))
        };
        match sweep_convex(&p.a, &va, &p.b, &vb, &options) {
            Some(hit) => {
                assert!(T::ZERO <= hit.toi && hit.toi <= T::ONE, "{}", what());
                let c = hit.contact;
                let witness = c.point_b - c.point_a - c.normal.into_inner() * c.distance;
                assert!(witness.norm() <= tol, "{}: witnesses {c:?}", what());
                if hit.initially_touching {
                    assert!(hit.toi == T::ZERO && d0 <= skin + tol, "{}: {hit:?}", what());
                    if !options.stop_at_penetration {
                        assert!((va - vb).dot(&c.normal) > T::ZERO, "{}: {hit:?}", what());
                    }
                } else {
                    assert!((c.distance - skin).abs() <= tol, "{}: {hit:?}", what());
                    for t in samples(T::ZERO, hit.toi) {
                        let g = gap(&p.a, &va, &p.b, &vb, t).unwrap_or(T::INFINITY);
                        assert!(g >= skin - tol, "{}: {g:?} at {t:?} before {hit:?}", what());
                    }
                }
            }
            None => {
                let floor = if d0 > skin { skin } else { d0 };
                assert!(
                    d0 > skin || !options.stop_at_penetration,
                    "{}: starts within the skin",
                    what()
                );
                for t in samples(T::ZERO, T::ONE) {
                    let g = gap(&p.a, &va, &p.b, &vb, t).unwrap_or(T::INFINITY);
                    assert!(g >= floor - tol, "{}: {g:?} at {t:?} but no hit", what());
                }
            }
        }
    }
}

fn promise_box_capsule<T: Real>() {
    sweep_promise::<T, Obb<T>, Capsule<T>>(osculate_testing::cases(256));
}

fn promise_sphere_cone<T: Real>() {
    sweep_promise::<T, Sphere<T>, Cone<T>>(osculate_testing::cases(256));
}

fn promise_triangle_box<T: Real>() {
    sweep_promise::<T, Triangle<T>, Aabb<T>>(osculate_testing::cases(256));
}

fn promise_cylinder_box<T: Real>() {
    sweep_promise::<T, Cylinder<T>, Obb<T>>(osculate_testing::cases(256));
}

for_f32_and_f64!(
    promise_box_capsule,
    promise_sphere_cone,
    promise_triangle_box,
    promise_cylinder_box
);

/// parry3d-f64's `cast_shapes` with the same options, on balls and capsules against oriented
/// boxes: the same hit or miss and the same time. parry's rule for a contact at the start is ours
/// (no hit when the relative velocity does not deepen it, `normal1 · vel12 ≥ 0`), but it applies
/// it to every hit before `t = 1e-4` (an absolute time): a first contact at `0 < t < 1e-4` with a
/// motion that does not deepen it at that point (a graze) is `None` for parry. Such a case counts
/// in its class only when our hit is checked: the shapes are apart at `t = 0` and within the skin
/// at our time of impact. In tiny scenes (1e-4) and with collapsed shapes (a box of zero extent)
/// parry can read a start contact that the motion
/// deepens as moving apart or report it later (its GJK's thresholds are absolute); such a case
/// counts only when the
/// gap is checked to shrink along the motion, and its time can be wrong (late or early by a good
/// fraction of the scene), counted only when the gap at its time proves it and ours is checked.
mod parry_differential {
    use parry3d_f64::math::{Pose, Vector};
    use parry3d_f64::query::{ShapeCastOptions, cast_shapes};
    use parry3d_f64::shape::{self, Shape};

    use super::*;
    use osculate_testing::parry::parry3d_f64::{point as v, rotation as rot, vector as w};

    fn compare<A: SupportMap<f64> + Debug>(
        a: &A,
        parry_a: (Pose, Box<dyn Shape>),
        b: &Obb<f64>,
        seed: u64,
        tally: &mut [usize; 6],
    ) {
        let mut rng = Rng::new(seed ^ 0x5EED);
        let va = (b.center - a.center()) * rng.range(0.2, 3.0)
            + Vector3::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
        let x = Vector3::x();
        let scene = b.half_extents.amax().max((a.support(&x) - a.support(&-x)).norm());
        let skin = if rng.chance(0.5) { 0.0 } else { scene * rng.range(0.0, 0.3) };
        let options = SweepOptions { skin, stop_at_penetration: rng.chance(0.3) };
        let ours = sweep_convex(a, &va, b, &Vector3::zeros(), &options);
        let parry_b = (
            Pose::from_parts(v(&b.center), rot(&b.rotation)),
            shape::Cuboid::new(w(&b.half_extents)),
        );
        let theirs = cast_shapes(
            &parry_a.0,
            w(&va),
            &*parry_a.1,
            &parry_b.0,
            Vector::ZERO,
            &parry_b.1,
            ShapeCastOptions {
                max_time_of_impact: 1.0,
                target_distance: skin,
                stop_at_penetration: options.stop_at_penetration,
                compute_impact_geometry_on_penetration: true,
            },
        )
        .ok()
        .flatten();
        let size = scene.max(skin);
        // A tiny scene (1e-4) or a collapsed shape (a box of zero extent, a ball of zero radius,
        // a capsule of zero length and radius): where parry's absolute thresholds decide.
        let odd = b.half_extents.amax() < 1e-3
            || b.half_extents.amin() == 0.0
            || (a.support(&x) - a.support(&-x)).norm() == 0.0;
        let what = format!(
            "seed {seed}: {a:?} {va:?} {b:?} {options:?}: ours {ours:?}, parry's {theirs:?}"
        );
        match (ours, theirs) {
            (None, None) => tally[0] += 1,
            (Some(o), Some(t)) if (o.toi - t.time_of_impact).abs() * va.norm() <= 1e-6 * size => {
                tally[0] += 1;
            }
            // Different times in a tiny scene or with a collapsed shape: ours is within the skin at its time and apart
            // before, parry's time is proved wrong by the gap there (past the skin by more than
            // the tolerance: late; still beyond it: early).
            (Some(o), Some(t)) if odd && !o.initially_touching => {
                let zero = Vector3::zeros();
                let at = |t: f64| gap(a, &va, b, &zero, t).unwrap_or(f64::NAN);
                let tol = 1e-6 * size;
                assert!((at(o.toi) - skin).abs() <= tol && at(0.0) > skin, "{what}");
                assert!((at(t.time_of_impact) - skin).abs() > tol, "{what}");
                tally[4] += 1;
            }
            (Some(o), None) if o.toi < 1e-4 && !o.initially_touching => {
                let start = gap(a, &va, b, &Vector3::zeros(), 0.0).unwrap_or(f64::NAN);
                let then = gap(a, &va, b, &Vector3::zeros(), o.toi).unwrap_or(f64::NAN);
                assert!(start > skin && (then - skin).abs() <= 1e-8, "{what}: {start} {then}");
                tally[1] += 1;
            }
            // A start contact the motion deepens, which parry reads as moving apart or reports
            // later: checked by the gap shrinking along the motion. Seen only in tiny scenes
            // and with collapsed shapes.
            (Some(o), _) if o.initially_touching && odd => {
                let start = gap(a, &va, b, &Vector3::zeros(), 0.0).unwrap_or(f64::NAN);
                let soon =
                    gap(a, &va, b, &Vector3::zeros(), 1e-3 * scene / va.norm()).unwrap_or(f64::NAN);
                let deepening = soon < start || options.stop_at_penetration;
                assert!(start <= skin + 1e-9 * size && deepening && odd, "{what}: {start} {soon}");
                tally[3] += 1;
            }
            // No hit where parry reports one: a start contact within the skin that the motion
            // does not deepen (checked by the gap not shrinking along the motion), or shapes
            // that never come within the skin (checked by samples of the gap, and the gap at
            // parry's time). Seen only in tiny scenes and with collapsed shapes.
            (None, Some(t)) if odd => {
                let zero = Vector3::zeros();
                let at = |t: f64| gap(a, &va, b, &zero, t).unwrap_or(f64::NAN);
                let tol = 1e-6 * size;
                if at(0.0) <= skin {
                    // A start contact the motion does not deepen.
                    let soon = 1e-3 * scene / va.norm();
                    assert!(at(soon) >= at(0.0) - 1e-9 * size, "{what}: {} {}", at(0.0), at(soon));
                } else {
                    // Never within the skin (sampled), and parry's time is not a contact.
                    for k in 0..=256 {
                        let g = at(f64::from(k) / 256.0);
                        assert!(g >= skin - tol, "{what}: {g} at {k}/256");
                    }
                    assert!(at(t.time_of_impact) > skin + tol, "{what}: {}", at(t.time_of_impact));
                }
                tally[5] += 1;
            }
            _ => panic!("{what}"),
        }
        tally[2] += 1;
    }

    #[test]
    fn ball_and_capsule_against_box_as_parry() {
        let mut tally = [0; 6];
        for seed in 0..500 {
            let p = Pair::<Sphere<f64>, Obb<f64>>::from_seed(seed);
            let ball = (
                Pose::from_translation(v(&p.a.center)),
                Box::new(shape::Ball::new(p.a.radius)) as Box<dyn Shape>,
            );
            compare(&p.a, ball, &p.b, seed, &mut tally);
            let q = Pair::<Capsule<f64>, Obb<f64>>::from_seed(seed);
            let cap = (
                Pose::IDENTITY,
                Box::new(shape::Capsule::new(v(&q.a.a), v(&q.a.b), q.a.radius)) as Box<dyn Shape>,
            );
            compare(&q.a, cap, &q.b, seed, &mut tally);
        }
        eprintln!(
            "sweep options against parry: {} agree; {} parry's early-hit rule; tiny or collapsed \
             scenes: {} deepening starts parry misses or delays, {} wrong parry times, {} parry \
             hits where the gap says none; of {}",
            tally[0], tally[1], tally[3], tally[4], tally[5], tally[2]
        );
        // Every disagreement is classed above (an unclassed one fails); the classes other than
        // parry's early-hit rule occur only in tiny or collapsed scenes, a fifth of the seeds.
        assert_eq!(tally[0] + tally[1] + tally[3] + tally[4] + tally[5], tally[2], "{tally:?}");
        assert!(tally[0] as f64 >= 0.9 * tally[2] as f64, "{tally:?}");
    }
}
