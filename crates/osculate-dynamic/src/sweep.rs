//! The sweep an engine calls: any two convex shapes under translation, with a target distance
//! (a skin kept between them) and a choice of whether a contact that exists at the start stops
//! the motion or only a deepening one does; the answer carries the contact at the time of impact
//! (both witness points and the normal) in every case. Needs the `alloc` feature (EPA's
//! polytope).

use osculate_closest::{
    Contact, Convergence, EPA_MAX_ITERATIONS, GJK_MAX_ITERATIONS, MinkowskiSum, SupportMap,
    Transformed, cast_convex, contact_convex_with_status,
};
use osculate_math::{Isometry3, Point3, Real, Sphere, Vector3};

/// How [`sweep_convex`] treats contact: the distance to keep and what stops the motion.
///
/// The default keeps no skin and does not stop on a contact that the motion does not deepen
/// (what a character controller or a sweep-and-slide loop wants); [`SweepOptions::STOP_ON_CONTACT`]
/// is the behaviour of [`convex_convex`](crate::convex_convex) (every contact at the start is a
/// hit at `t = 0`).
///
/// # Examples
/// ```
/// use osculate_dynamic::SweepOptions;
///
/// let options = SweepOptions { skin: 0.01_f32, ..SweepOptions::default() };
/// assert!(!options.stop_at_penetration);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SweepOptions<T: Real> {
    /// The target distance: the motion stops when the shapes come within `skin` of each other
    /// (parry's `target_distance`). Finite and non-negative; anything else gives no hit.
    pub skin: T,
    /// Whether shapes already within `skin` at `t = 0` are a hit at `t = 0` whatever the motion
    /// (`true`), or only when the motion brings them closer along the contact normal (`false`:
    /// moving away from a resting contact, or sliding along it, is no hit).
    pub stop_at_penetration: bool,
}

impl<T: Real> Default for SweepOptions<T> {
    fn default() -> Self {
        Self { skin: T::ZERO, stop_at_penetration: false }
    }
}

impl<T: Real> SweepOptions<T> {
    /// No skin; any contact at the start stops the motion at `t = 0`.
    pub const STOP_ON_CONTACT: Self = Self { skin: T::ZERO, stop_at_penetration: true };
}

/// The first time two moving shapes come within the skin, and their contact then.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SweepHit<T: Real> {
    /// The time, in `[0, 1]`.
    pub toi: T,
    /// The contact of the shapes moved to `toi`: witness points on A and on B, the unit normal
    /// from A toward B and the signed distance (about `skin` for a hit at `toi > 0`; at most
    /// `skin`, negative when they overlap, for a hit at `t = 0`).
    pub contact: Contact<T>,
    /// Whether the shapes were already within the skin at `t = 0` (up to the cast's tolerance: a
    /// gap a rounding above the skin counts as within it).
    pub initially_touching: bool,
    /// [`Convergence::Converged`] when the cast and the contact ended within their tolerances;
    /// otherwise how the first of them that did not ended (the time is then a lower bound).
    pub status: Convergence,
}

/// Convex shape `a` displaced by `va` and convex shape `b` by `vb` over `t ∈ [0, 1]`: the first
/// time they come within `options.skin` of each other, with their contact at that time.
///
/// At `t = 0` the contact is measured (GJK, then EPA when they overlap). Shapes already within
/// the skin are a hit at `t = 0` when `options.stop_at_penetration` is set or the relative motion
/// deepens the contact (`(va − vb) · normal > 0` beyond rounding); otherwise there is no hit:
/// the signed distance between two convex shapes under a translation along a line is a convex
/// function of `t` (the distance of a point on a line to a convex set), and the contact normal is
/// its subgradient, so a motion that does not deepen the contact now never brings the shapes
/// closer. Apart at the start, A grown by a ball of radius `skin` is cast against B by the GJK ray
/// cast (van den Bergen 2004), and the contact is measured on the shapes moved to that time.
///
/// `None` when the shapes stay farther apart than the skin over the whole motion, when a contact
/// at the start is not deepened (and `stop_at_penetration` is off), on an invalid skin (negative,
/// NaN or infinite) and on NaN or infinite input.
///
/// # Examples
/// ```
/// use osculate_dynamic::{SweepOptions, sweep_convex};
/// use osculate_math::{Aabb, Capsule, Point3, Vector3};
///
/// // A capsule resting on a floor.
/// let floor = Aabb::new(Point3::new(-10.0_f64, -1.0, -10.0), Point3::new(10.0, 0.0, 10.0));
/// let body = Capsule::new(Point3::new(0.0, 0.5, 0.0), Point3::new(0.0, 1.5, 0.0), 0.5);
/// let up = Vector3::new(0.0, 2.0, 0.0);
/// let still = Vector3::zeros();
/// // Moving up or sliding sideways leaves the contact: no hit.
/// assert!(sweep_convex(&body, &up, &floor, &still, &SweepOptions::default()).is_none());
/// assert!(sweep_convex(&body, &Vector3::new(3.0, 0.0, 0.0), &floor, &still, &SweepOptions::default()).is_none());
/// // Moving down deepens it: a hit at once, with the normal and both witness points.
/// let hit = sweep_convex(&body, &-up, &floor, &still, &SweepOptions::default()).unwrap();
/// assert!(hit.toi == 0.0 && hit.initially_touching);
/// assert!((hit.contact.normal.y + 1.0).abs() < 1e-9);
///
/// // A ball dropped from above stops 0.1 above the floor.
/// let ball = Capsule::new(Point3::new(0.0, 3.0, 0.0), Point3::new(0.0, 3.0, 0.0), 0.5);
/// let options = SweepOptions { skin: 0.1, ..SweepOptions::default() };
/// let hit = sweep_convex(&ball, &Vector3::new(0.0, -4.0, 0.0), &floor, &still, &options).unwrap();
/// assert!((hit.toi - 0.6).abs() < 1e-6);
/// assert!((hit.contact.distance - 0.1).abs() < 1e-6);
/// ```
#[must_use]
pub fn sweep_convex<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    va: &Vector3<T>,
    b: &B,
    vb: &Vector3<T>,
    options: &SweepOptions<T>,
) -> Option<SweepHit<T>> {
    let skin = options.skin;
    let finite = |v: &Vector3<T>| v.iter().all(|x| x.is_finite());
    if !(skin >= T::ZERO && skin.is_finite() && finite(va) && finite(vb)) {
        return None;
    }
    let relative = va - vb;
    let (start, started) = measure(a, b)?;
    // Touching at the start: a hit at once, unless the motion does not deepen the contact. For
    // convex shapes a motion that does not close along the contact normal at the start never
    // meets them later (a ray leaving a convex set's boundary does not come back into it).
    let at_start = |start: Contact<T>| {
        let closing = relative.dot(&start.normal);
        let deepening = closing > T::RELATIVE_TOLERANCE * relative.norm();
        (options.stop_at_penetration || deepening).then_some(SweepHit {
            toi: T::ZERO,
            contact: start,
            initially_touching: true,
            status: started,
        })
    };
    if start.distance <= skin {
        return at_start(start);
    }
    let grown = MinkowskiSum(a, Sphere::new(Point3::origin(), skin));
    let cast = cast_convex(&grown, b, &relative, GJK_MAX_ITERATIONS)?;
    let toi = cast.toi;
    if !(T::ZERO <= toi && toi <= T::ONE) {
        return None;
    }
    if toi == T::ZERO {
        // Apart by more than the skin, but within the cast's tolerance of it: touching.
        return at_start(start);
    }
    let moved = |v: &Vector3<T>| Isometry3::translation(v.x * toi, v.y * toi, v.z * toi);
    let (contact, measured) = measure(
        &Transformed { shape: a, pose: moved(va) },
        &Transformed { shape: b, pose: moved(vb) },
    )?;
    let status = if cast.status == Convergence::Converged { measured } else { cast.status };
    Some(SweepHit { toi, contact, initially_touching: false, status })
}

/// The contact of `a` and `b` by GJK and EPA (flat configuration-space obstacles included:
/// crossing segments, a point on a segment, coplanar triangles, see [`contact_convex_with_status`]).
/// `None` on invalid input.
fn measure<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
) -> Option<(Contact<T>, Convergence)> {
    contact_convex_with_status(a, b, EPA_MAX_ITERATIONS).filter(|(c, _)| c.distance.is_finite())
}
