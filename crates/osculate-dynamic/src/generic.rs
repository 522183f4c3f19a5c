//! Time of impact for any pair with a distance query: interval halving (Ericson 5.5.1) and
//! conservative advancement (Mirtich 1996), both driven by a closure that measures the distance
//! between the two shapes at a time `t ∈ [0, 1]`; and for any two convex shapes with a support
//! mapping under translation, the GJK ray cast (van den Bergen 2004).

use osculate_closest::{Convergence, GJK_MAX_ITERATIONS, SupportMap, cast_convex};
use osculate_math::{Real, Vector3, safe_normalize};

use crate::types::Impact;

/// Moving convex shape `a` (displaced by `va` over `t ∈ [0, 1]`) against moving convex shape `b`
/// (displaced by `vb`), for any two shapes with a [`SupportMap`] (boxes, cylinders, cones,
/// tetrahedra, polyhedra' vertex hulls, your own): the GJK ray cast of the relative motion
/// against the configuration-space obstacle (van den Bergen, "Ray Casting against General Convex
/// Objects with Application to Continuous Collision Detection", 2004; see
/// [`osculate_closest::cast_convex`]), with [`GJK_MAX_ITERATIONS`].
///
/// One GJK-like run instead of a distance query per step: for linear motion it replaces
/// [`conservative_advancement`] and [`interval_halving`] driven by GJK's distance (keep those
/// for motions with rotation). The time is a lower bound on the first contact, within the GJK
/// tolerance (1.5e-5 of the shapes' size in f32, 1.5e-10 in f64) of it along the motion; the
/// point is on B at that time and the normal, from A to B, is the support plane's that stopped
/// the motion. Shapes overlapping or touching at `t = 0` give `toi = 0`, `initially_overlapping`,
/// a point in both and the normal along their centers' offset (or the relative motion, or `+x`).
/// In the rare case where the cast reaches its iteration bound first, its lower bound is
/// returned as the contact (in doubt, contact: a sweep must not let shapes pass through each
/// other); [`convex_convex_with_status`] says when.
///
/// `None` when the shapes stay apart over the whole motion (a zero relative motion included,
/// unless they touch at the start), or on NaN or infinite input.
///
/// # Examples
/// ```
/// use osculate_dynamic::convex_convex;
/// use osculate_math::{Cone, Cylinder, Point3, Vector3};
///
/// let cyl = Cylinder::new(Point3::new(0.0_f32, 0.0, -1.0), Point3::new(0.0, 0.0, 1.0), 1.0);
/// let cone = Cone::new(Point3::new(5.0, 0.0, 0.0), Vector3::x_axis(), 2.0, 1.0);
/// // Both move: the gap of 4 along x closes at 8 per unit time.
/// let hit = convex_convex(&cyl, &Vector3::new(6.0, 0.0, 0.0), &cone, &Vector3::new(-2.0, 0.0, 0.0)).unwrap();
/// assert!((hit.toi - 0.5).abs() < 1e-5 && !hit.initially_overlapping);
/// assert!((hit.point - Point3::new(4.0, 0.0, 0.0)).norm() < 1e-4);
/// assert!((hit.normal.into_inner() - Vector3::x()).norm() < 1e-4);
/// ```
#[must_use]
pub fn convex_convex<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    va: &Vector3<T>,
    b: &B,
    vb: &Vector3<T>,
) -> Option<Impact<T>> {
    convex_convex_with_status(a, va, b, vb).map(|(impact, _)| impact)
}

/// [`convex_convex`] with how the GJK ray cast ended: [`Convergence::Converged`] within its
/// tolerance, or [`Convergence::IterationLimit`] when it reached [`GJK_MAX_ITERATIONS`] first, in
/// which case the time is a lower bound on the first contact, which may not happen at all.
///
/// # Examples
/// ```
/// use osculate_closest::Convergence;
/// use osculate_dynamic::convex_convex_with_status;
/// use osculate_math::{Aabb, Point3, Vector3};
///
/// let a = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let b = Aabb::new(Point3::new(3.0, 0.0, 0.0), Point3::new(4.0, 1.0, 1.0));
/// let (hit, status) =
///     convex_convex_with_status(&a, &Vector3::new(4.0, 0.0, 0.0), &b, &Vector3::zeros()).unwrap();
/// assert_eq!(status, Convergence::Converged);
/// assert!((hit.toi - 0.5).abs() < 1e-12);
/// ```
#[must_use]
pub fn convex_convex_with_status<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    va: &Vector3<T>,
    b: &B,
    vb: &Vector3<T>,
) -> Option<(Impact<T>, Convergence)> {
    let relative = va - vb;
    let hit = cast_convex(a, b, &relative, GJK_MAX_ITERATIONS)?;
    let point = hit.point + vb * hit.toi;
    let overlapping = hit.normal == Vector3::zeros();
    let normal = if overlapping {
        safe_normalize(&(b.center() - a.center()))
            .or_else(|| safe_normalize(&relative))
            .unwrap_or_else(Vector3::x_axis)
    } else {
        safe_normalize(&hit.normal)?
    };
    Some((Impact::new(hit.toi, point, normal, overlapping)?, hit.status))
}

/// How a time-of-impact search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// The first contact was located within the tolerance: the time returned is a lower bound on
    /// it, at most the search's time resolution before it (see each search's guarantee).
    Converged,
    /// The iteration bound was reached first; the time returned is a lower bound on the first
    /// contact (no contact happens before it), not the contact itself.
    HitIterationBound,
    /// [`interval_halving`] only: the time tolerance asked for is finer than the search can
    /// resolve (its interval stack holds 64 levels of halving, an interval of `2⁻⁶³`, and an
    /// interval cannot be halved below the floating-point spacing of its times); the time
    /// returned is a lower bound on the first contact, like [`Search::HitIterationBound`]'s.
    HitDepthBound,
}

/// The result of a generic time-of-impact search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeOfImpact<T: Real> {
    /// The time of first contact in `[0, 1]`, from below: no contact happens at an earlier time
    /// (given a correct speed bound). When [`Search::Converged`], the first contact is within the
    /// search's time resolution after it (interval halving: `time_tolerance`; conservative
    /// advancement: the distance is within `tolerance` at this very time, or above it by no more
    /// than the rounding of `t` — `speed · ε` — where a step became too small to move `t`).
    pub toi: T,
    /// Whether the search converged or stopped at its iteration bound.
    pub status: Search,
}

/// The first time in `[0, 1]` at which `distance(t) ≤ tolerance`, by interval halving (Ericson
/// 5.5.1), reported from below. An interval `[t₀, t₁]` cannot hold a contact when the distance,
/// which changes no faster than `speed` (a bound on the relative speed of the two shapes' closest
/// points over the motion — for two translating shapes, `|v_b − v_a|`; with rotation add the
/// angular speed times the radius), stays above the tolerance across it:
/// `min over [t₀, t₁] ≥ (d(t₀) + d(t₁) − speed·(t₁ − t₀)) / 2 > tolerance`. Other intervals are
/// halved, earliest half first, until one no longer than `time_tolerance` cannot be ruled out;
/// its start `t₀` is returned.
///
/// **Guarantee** (with a correct `speed` bound): no contact is missed — a thin, fast object
/// cannot tunnel through another, unlike a test that samples a few times — and the returned time
/// is always a lower bound on the first contact: `d(t) > tolerance` at every earlier `t`. With
/// [`Search::Converged`], every earlier interval was ruled out and the bracket `[toi, toi +
/// time_tolerance]` could not be: when the shapes really come within `tolerance` there, the first
/// contact is at most `time_tolerance` after `toi` (at `t = 0`, exactly `0`), and in any case
/// `distance(toi) ≤ 2·tolerance + speed·time_tolerance` (what the bound allows for a bracket it
/// cannot rule out). The search errs
/// toward contact: a bracket the speed bound cannot rule out is reported even if the shapes only
/// come close — with a loose bound (say a constant distance 1 and speed 1e9) that is a false
/// contact, so give the tightest speed bound you have; confirm with `distance(toi +
/// time_tolerance)` if a false contact matters.
///
/// **Cost**: each halving measures the distance once: a simple first contact costs about
/// `2·log2(1 / time_tolerance)` measurements, grazing motions (whose distance stays near the
/// tolerance over a long stretch) more, and at most `max_evaluations` in all, then
/// [`Search::HitIterationBound`] with the start of the earliest interval left as a lower bound.
/// A `time_tolerance` finer than the search can resolve — below `2⁻⁶³` (the search keeps 64 levels
/// of halving) or below the floating-point spacing of the times where it looks (about `2⁻⁵³` near
/// `t = 1` in `f64`, `2⁻²⁴` in `f32`) — ends with [`Search::HitDepthBound`] and the start of the
/// last interval, again a lower bound. No allocation.
///
/// `distance` may be signed (negative when overlapping). Returns `None` when the shapes never come
/// within the tolerance in `[0, 1]`, when the distance is NaN anywhere the search looks, or when
/// `speed` or `tolerance` is negative or NaN or `time_tolerance` is not positive.
///
/// # Examples
/// ```
/// use osculate_dynamic::{Search, interval_halving};
///
/// // Two unit spheres, centers 10 apart, closing at 12 per unit time: contact at t = 8/12.
/// let d = |t: f64| (10.0 - 12.0 * t).abs() - 2.0;
/// let hit = interval_halving(d, 12.0, 1e-9, 1e-9, 200).unwrap();
/// assert!((hit.toi - 8.0 / 12.0).abs() < 1e-8 && hit.status == Search::Converged);
/// ```
///
/// Any pair the closest-point layer measures, here a cylinder sliding toward a cone (no closed
/// form) with GJK's distance at each time:
/// ```
/// use osculate_closest::{Transformed, closest_points_convex};
/// use osculate_dynamic::{Search, interval_halving};
/// use osculate_math::{Cone, Cylinder, Isometry3, Point3, Vector3};
///
/// // A cylinder of radius 1 around the z axis; a cone with its tip 5 along x, base beyond.
/// let cyl = Cylinder::new(Point3::new(0.0_f64, 0.0, -1.0), Point3::new(0.0, 0.0, 1.0), 1.0);
/// let cone = Cone::new(Point3::new(5.0, 0.0, 0.0), Vector3::x_axis(), 2.0, 1.0);
/// let v = Vector3::new(8.0, 0.0, 0.0); // the cylinder's displacement over [0, 1]
/// let distance = |t: f64| {
///     let moved = Transformed { shape: cyl, pose: Isometry3::translation(v.x * t, 0.0, 0.0) };
///     closest_points_convex(&moved, &cone).distance
/// };
/// let hit = interval_halving(distance, v.norm(), 1e-9, 1e-9, 1000).unwrap();
/// // The cylinder's side reaches the tip (4 away) at t = 0.5.
/// assert!(hit.status == Search::Converged && hit.toi <= 0.5 && 0.5 - hit.toi < 1e-8);
/// ```
#[must_use]
pub fn interval_halving<T: Real>(
    mut distance: impl FnMut(T) -> T,
    speed: T,
    tolerance: T,
    time_tolerance: T,
    max_evaluations: usize,
) -> Option<TimeOfImpact<T>> {
    if !(speed >= T::ZERO && tolerance >= T::ZERO && time_tolerance > T::ZERO) {
        return None;
    }
    let d0 = distance(T::ZERO);
    if d0.is_nan() {
        return None;
    }
    if d0 <= tolerance {
        return Some(TimeOfImpact { toi: T::ZERO, status: Search::Converged });
    }
    let d1 = distance(T::ONE);
    if d1.is_nan() {
        return None;
    }
    let mut evaluations = 2;
    // A stack of intervals still to examine, latest-starting at the bottom, so the earliest is on
    // top (depth-first, left to right). Each level of halving pops one interval and pushes its two
    // halves, so the depth is the level plus one: 64 entries reach intervals of 2⁻⁶³.
    let mut stack: [(T, T, T, T); 64] = [(T::ZERO, T::ZERO, T::ZERO, T::ZERO); 64];
    let mut top = 1;
    stack[0] = (T::ZERO, d0, T::ONE, d1);
    while top > 0 {
        top -= 1;
        let (t0, da, t1, db) = stack[top];
        let lower = (da + db - speed * (t1 - t0)) * T::HALF;
        if lower > tolerance {
            continue; // no contact in [t0, t1]
        }
        if t1 - t0 <= time_tolerance {
            // Short enough, and not ruled out: every earlier interval was, so no contact happens
            // before t0, and a contact in here is at most `time_tolerance` after it.
            return Some(TimeOfImpact { toi: t0, status: Search::Converged });
        }
        if top + 2 > stack.len() {
            // Halving again would overflow the stack: the time tolerance is finer than 64 levels
            // of halving reach. t0 is still a lower bound.
            return Some(TimeOfImpact { toi: t0, status: Search::HitDepthBound });
        }
        if evaluations >= max_evaluations {
            return Some(TimeOfImpact { toi: t0, status: Search::HitIterationBound });
        }
        let tm = (t0 + t1) * T::HALF;
        if !(t0 < tm && tm < t1) {
            // No representable time strictly inside: the time tolerance is finer than the
            // floating-point spacing of times here.
            return Some(TimeOfImpact { toi: t0, status: Search::HitDepthBound });
        }
        let dm = distance(tm);
        evaluations += 1;
        if dm.is_nan() {
            return None;
        }
        if dm <= tolerance {
            // A contact at tm; an earlier one may hide in [t0, tm]: examine it first, keeping
            // the contact at tm (a bracket of width 0, reported as soon as it is popped) if
            // nothing earlier is found — only possible when `speed` is too small a bound, as
            // with a true bound [t0, tm] cannot be ruled out while d(tm) ≤ tolerance.
            stack[top] = (tm, dm, tm, dm);
            top += 1;
        } else {
            stack[top] = (tm, dm, t1, db);
            top += 1;
        }
        stack[top] = (t0, da, tm, dm);
        top += 1;
    }
    None
}

/// The first time in `[0, 1]` at which `distance(t) ≤ tolerance`, by conservative advancement
/// (Mirtich 1996): from `t`, no contact can happen before `t + (d(t) − tolerance)/speed` when the
/// distance changes no faster than `speed`, so step there and measure again. Converges from below
/// — never past the first contact — in few steps for a head-on approach, slowly for a grazing
/// one; stops after `max_evaluations` measurements with [`Search::HitIterationBound`] and the time
/// reached (a lower bound on the contact).
///
/// Cheaper than [`interval_halving`] when the shapes approach steadily (each step jumps as far as
/// is safe), slower near grazing contact and useless when `speed` is a loose bound. Returns
/// `None` when the shapes stay apart through `t = 1`, or on a NaN distance.
///
/// # Examples
/// ```
/// use osculate_dynamic::conservative_advancement;
///
/// let d = |t: f64| (10.0 - 12.0 * t).abs() - 2.0;
/// let hit = conservative_advancement(d, 12.0, 1e-9, 100).unwrap();
/// assert!((hit.toi - 8.0 / 12.0).abs() < 1e-9);
/// ```
#[must_use]
pub fn conservative_advancement<T: Real>(
    mut distance: impl FnMut(T) -> T,
    speed: T,
    tolerance: T,
    max_evaluations: usize,
) -> Option<TimeOfImpact<T>> {
    if !(speed >= T::ZERO && tolerance >= T::ZERO) {
        return None;
    }
    let mut t = T::ZERO;
    for _ in 0..max_evaluations {
        let d = distance(t);
        if d.is_nan() {
            return None;
        }
        if d <= tolerance {
            return Some(TimeOfImpact { toi: t, status: Search::Converged });
        }
        if speed == T::ZERO {
            return None;
        }
        // Step by the safe distance; a step too small to move t ends the search (it can only come
        // from a distance within rounding of the tolerance).
        let next = t + (d - tolerance) / speed;
        if next > T::ONE {
            return None;
        }
        if next <= t {
            return Some(TimeOfImpact { toi: t, status: Search::Converged });
        }
        t = next;
    }
    Some(TimeOfImpact { toi: t, status: Search::HitIterationBound })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halving_and_advancement_find_the_first_contact() {
        // Head-on; never touching; already overlapping; a fast thin wall crossed between samples
        // (tunneling: distance > 0 at t = 0, 0.5 and 1, contact only in (0.24, 0.26)).
        let head_on = |t: f64| (10.0 - 12.0 * t).abs() - 2.0;
        let never = |t: f64| 5.0 - t;
        let already = |t: f64| -1.0 + t;
        let wall = |t: f64| ((t - 0.25) * 100.0).abs() - 1.0;
        for (f, speed, want) in [
            (&head_on as &dyn Fn(f64) -> f64, 12.0, Some(8.0 / 12.0)),
            (&never, 1.0, None),
            (&already, 1.0, Some(0.0)),
            (&wall, 100.0, Some(0.24)),
        ] {
            let h = interval_halving(f, speed, 1e-9, 1e-10, 10_000).map(|h| h.toi);
            let a = conservative_advancement(f, speed, 1e-9, 10_000).map(|h| h.toi);
            for got in [h, a] {
                match (got, want) {
                    (Some(g), Some(w)) => assert!((g - w).abs() < 1e-6, "{got:?} vs {want:?}"),
                    (None, None) => {}
                    _ => panic!("{got:?} vs {want:?}"),
                }
            }
        }
        // The iteration bound is reported, with a lower bound on the contact.
        let grazing = |t: f64| (t - 0.5) * (t - 0.5);
        let h = conservative_advancement(grazing, 1.0, 0.0, 20);
        assert!(h.is_some_and(|h| h.status == Search::HitIterationBound && h.toi < 0.5), "{h:?}");
        // NaN distance: no answer.
        assert!(interval_halving(|_: f64| f64::NAN, 1.0, 0.0, 1e-6, 100).is_none());
        assert!(conservative_advancement(|_: f64| f64::NAN, 1.0, 0.0, 100).is_none());
    }

    #[track_caller]
    fn found<T: Real>(r: Option<TimeOfImpact<T>>) -> TimeOfImpact<T> {
        match r {
            Some(h) => h,
            None => panic!("no contact found"),
        }
    }

    /// Contact at `c` for a distance closing at `speed` and then opening again.
    fn v_shaped(c: f64, speed: f64) -> impl Fn(f64) -> f64 {
        move |t: f64| (t - c).abs() * speed
    }

    #[test]
    fn halving_returns_a_lower_bound_within_the_time_tolerance() {
        // Contacts at many times, measured exactly at the end of a bracket (a dyadic time) or
        // strictly inside one; the tolerance 1e-12 makes the first contact `c − 1e-12 / 3`.
        for (i, c) in [0.5, 0.25, 0.75, 1.0, 1.0 / 3.0, 0.123_456_789, 0.999_999, 1e-7]
            .into_iter()
            .enumerate()
        {
            let first = c - 1e-12 / 3.0;
            for tt in [1e-3, 1e-6, 1e-9, 1.0 / 1024.0] {
                let h = found(interval_halving(v_shaped(c, 3.0), 3.0, 1e-12, tt, 10_000));
                assert_eq!(h.status, Search::Converged, "case {i}");
                assert!(h.toi <= first && first - h.toi <= tt, "case {i}: {h:?}, {c} within {tt}");
            }
        }
        // With a tolerance: the first time within it, from below.
        let d = |t: f64| (10.0 - 12.0 * t).abs() - 2.0; // within 1e-3 from (8 − 1e-3)/12
        let first = (8.0 - 1e-3) / 12.0;
        let h = found(interval_halving(d, 12.0, 1e-3, 1e-6, 10_000));
        assert!(h.toi <= first && first - h.toi <= 1e-6, "{h:?}");
        // f32 alike.
        let h = found(interval_halving(|t: f32| (t - 0.3).abs(), 1.0, 1e-6, 1e-5, 10_000));
        assert!(h.toi <= 0.3 && 0.3 - h.toi <= 1e-5 && h.status == Search::Converged, "{h:?}");
        // Touching at t = 0: exactly 0.
        let h = found(interval_halving(v_shaped(0.0, 1.0), 1.0, 0.0, 1e-6, 100));
        assert_eq!((h.toi, h.status), (0.0, Search::Converged));
    }

    #[test]
    fn halving_reports_the_depth_bound_instead_of_converging() {
        // Contact at 1e-25: halving toward it takes 83 levels, more than the stack's 63, so a
        // time tolerance of 1e-30 cannot be met; the answer is still a lower bound.
        let c = 1e-25;
        let h = found(interval_halving(v_shaped(c, 1.0), 1.0, 1e-40, 1e-30, 100_000));
        assert_eq!(h.status, Search::HitDepthBound, "{h:?}");
        assert!(h.toi <= c, "{h:?}");
        // A tolerance the stack reaches (2⁻⁶³ ≈ 1.1e-19) converges, to the bracket [0, 2⁻⁶³].
        let h = found(interval_halving(v_shaped(c, 1.0), 1.0, 1e-40, 2f64.powi(-63), 100_000));
        assert_eq!((h.toi, h.status), (0.0, Search::Converged));
        // Below the spacing of f32 times near 0.7 (6e-8): no representable midpoint.
        let h = found(interval_halving(|t: f32| (t - 0.7).abs(), 1.0, 1e-9, 1e-12, 100_000));
        assert_eq!(h.status, Search::HitDepthBound, "{h:?}");
        assert!(h.toi <= 0.7 && 0.7 - h.toi <= 1e-6, "{h:?}");
        // The iteration bound: a lower bound too, short of the contact.
        let h = found(interval_halving(v_shaped(0.6, 1.0), 1.0, 1e-12, 1e-9, 10));
        assert!(h.status == Search::HitIterationBound && h.toi <= 0.6, "{h:?}");
    }

    #[test]
    fn halving_with_too_small_a_speed_bound_keeps_the_measured_contact() {
        // The distance drops faster than the bound 10 says (a step at 0.3, caught by sampling
        // t = 0.5): [0, 0.5] is wrongly ruled out, and the measured contact at 0.5 is reported —
        // a time known to be in contact, from the bracket of width 0 it was kept in.
        let step = |t: f64| if t < 0.3 { 10.0 } else { 0.0 };
        let h = found(interval_halving(step, 10.0, 0.0, 1e-6, 1000));
        assert_eq!((h.toi, h.status), (0.5, Search::Converged));
    }

    /// The sweep passes the cast's status on: two boxes meet within the bound, converged, and the
    /// status is the GJK ray cast's on the relative motion.
    fn convex_sweep_reports_the_cast_status<T: Real>() {
        let p = osculate_math::point3::<T>;
        let a = osculate_math::Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        let b = osculate_math::Aabb::new(p(3.0, 0.0, 0.0), p(4.0, 1.0, 1.0));
        let (va, vb) = (osculate_math::vector3::<T>(4.0, 0.0, 0.0), Vector3::zeros());
        let swept = convex_convex_with_status(&a, &va, &b, &vb);
        let cast = cast_convex(&a, &b, &(va - vb), GJK_MAX_ITERATIONS);
        assert!(
            swept.is_some_and(|(hit, status)| status == Convergence::Converged
                && cast.is_some_and(|c| c.status == status && c.toi == hit.toi)),
            "{swept:?} against {cast:?}"
        );
    }

    osculate_testing::for_f32_and_f64!(convex_sweep_reports_the_cast_status);
}
