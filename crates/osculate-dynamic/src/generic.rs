//! Time of impact for any pair with a distance query: interval halving (Ericson 5.5.1) and
//! conservative advancement (Mirtich 1996), both driven by a closure that measures the distance
//! between the two shapes at a time `t ∈ [0, 1]`.

use osculate_math::Real;

/// How a time-of-impact search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// The first contact was located within the tolerance.
    Converged,
    /// The iteration bound was reached first; the time returned is a lower bound on the first
    /// contact (no contact happens before it), not the contact itself.
    HitIterationBound,
}

/// The result of a generic time-of-impact search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeOfImpact<T: Real> {
    /// The time of first contact in `[0, 1]`: the shapes are within `tolerance` of touching at
    /// this time, and apart at every earlier time (given a correct speed bound).
    pub toi: T,
    /// Whether the search converged or stopped at its iteration bound.
    pub status: Search,
}

/// The first time in `[0, 1]` at which `distance(t) ≤ tolerance`, by interval halving (Ericson
/// 5.5.1): an interval `[t₀, t₁]` cannot hold a contact when the distance, which changes no faster
/// than `speed` (a bound on the relative speed of the two shapes' closest points over the motion —
/// for two translating shapes, `|v_b − v_a|`; with rotation add the angular speed times the
/// radius), stays above the tolerance across it:
/// `min over [t₀, t₁] ≥ (d(t₀) + d(t₁) − speed·(t₁ − t₀)) / 2 > tolerance`. Other intervals are
/// halved, earliest half first, until they are shorter than `time_tolerance`.
///
/// **Guarantee**: with a correct `speed` bound no contact is missed (a thin, fast object cannot
/// tunnel through another, unlike a test that samples a few times), and no contact happens before
/// the returned time: it is a lower bound on the first contact, within `time_tolerance` of it
/// when a contact was measured. The search errs toward contact: when an interval shorter than
/// `time_tolerance` cannot be ruled out by the speed bound, its start is returned even if the
/// shapes only come close — with a loose bound (say a constant distance 1 and speed 1e9) that is
/// a false contact, so give the tightest speed bound you have. **Cost**: each halving measures the distance once; a simple first contact costs
/// about `log2(1 / time_tolerance)` measurements, grazing motions more, and at most
/// `max_evaluations` in all (then [`Search::HitIterationBound`], with the time reached as a lower
/// bound).
///
/// `distance` may be signed (negative when overlapping). Returns `None` when the shapes never come
/// within the tolerance in `[0, 1]`, or when the distance is NaN anywhere the search looks.
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
    // top (depth-first, left to right). Its depth is bounded by log2(1 / time_tolerance) + 1 ≤ 64.
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
        if t1 - t0 <= time_tolerance || top + 2 > stack.len() {
            // Short enough: the contact is in here; report its start (no contact before it).
            // `da > tolerance` (else it would have been reported when measured), so the
            // contact is within the interval: report its end, the first time known to be within
            // reach of the contact.
            return Some(TimeOfImpact {
                toi: if db <= tolerance { t1 } else { t0 },
                status: Search::Converged,
            });
        }
        if evaluations >= max_evaluations {
            return Some(TimeOfImpact { toi: t0, status: Search::HitIterationBound });
        }
        let tm = (t0 + t1) * T::HALF;
        let dm = distance(tm);
        evaluations += 1;
        if dm.is_nan() {
            return None;
        }
        if dm <= tolerance {
            // A contact at tm; an earlier one may hide in [t0, tm]: examine it first, keeping
            // tm as the answer if nothing earlier is found.
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
}
