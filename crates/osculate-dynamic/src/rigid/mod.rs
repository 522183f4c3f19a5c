//! Time of impact of two convex shapes under rigid motions (translation and rotation):
//! conservative advancement (Mirtich 1996) on GJK's closest points, stepping by a bound on how
//! fast the separation along the current closest direction can shrink (the directional bound of
//! Zhang, Redon, Lee and Manocha's C2A), with interval halving (Ericson 5.5.1) where steps stall,
//! and a closed form for shapes whose rotation changes nothing.
//!
//! Each shape is its [`SupportMap`] in its local frame, placed at time `t` by its
//! [`RigidMotion`]. The search works in a frame translated to A's center at the start (bodies far
//! from the origin keep the precision of nearby ones) and measures, at a time `t`:
//! - GJK's closest points: their distance `d⁺` is an upper bound on the distance;
//! - along their direction `n` (from A to B), the separation `s = min_B n·x − max_A n·x`, a lower
//!   bound on the distance, from two support points;
//! - the rate at which `s` can shrink: each point of A moves along `n` at `n·v_A + (x − c_A)·(n ×
//!   ω_A)` (and B's likewise along `−n`), whose largest value over the shape at `t` is one support
//!   point along `n × ω_A` away (`μ₀`, exact at `t`). Over a later time `τ` the shape has turned by
//!   `|ω| τ`, which raises it by at most `|ω| τ · ρ |n × ω|`, `ρ` bounding the shape's distance from
//!   its rotation axis (`μ₁ τ`); and it never exceeds `n·v + ρ |n × ω|`. Shapes with a margin
//!   (spheres, capsules) are bounded by their cores: a ball's turning moves no support plane.
//!
//! Then `s(t + τ) ≥ s(t) − μ₀ τ − μ₁ τ²/2` (capped as said), and no contact can happen before the
//! first `τ` at which that reaches the target distance: the step.

use osculate_closest::{
    Convergence, DistanceStatus, GJK_MAX_ITERATIONS, MinkowskiSum, SupportMap, cast_convex,
    distance_convex,
};
use osculate_math::{
    Point3, Real, Sphere, UnitVector3, Vector3, is_finite_point, is_finite_vector,
};

use crate::motion::RigidMotion;

/// The default bound on distance evaluations of [`convex_convex_rigid`]: a head-on approach takes a
/// handful, a fast spin or a graze a few hundred (measured on the generated motions of the tests).
///
/// # Examples
/// ```
/// use osculate_dynamic::{RIGID_MAX_ITERATIONS, RigidOptions};
///
/// assert_eq!(RigidOptions::<f64>::default().max_iterations, RIGID_MAX_ITERATIONS);
/// // A tighter budget for a real-time step: the answer is then a lower bound when it runs out.
/// let fast = RigidOptions::<f64> { max_iterations: RIGID_MAX_ITERATIONS / 8, ..Default::default() };
/// assert_eq!(fast.max_iterations, 64);
/// ```
pub const RIGID_MAX_ITERATIONS: usize = 512;

/// The options of [`convex_convex_rigid`].
///
/// # Examples
/// ```
/// use osculate_dynamic::RigidOptions;
///
/// // Stop 0.01 before contact (a speculative contact), over two time units.
/// let o = RigidOptions { target_distance: 0.01_f32, max_time: 2.0, ..RigidOptions::default() };
/// assert_eq!(o.tolerance, 0.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RigidOptions<T: Real> {
    /// The end of the time interval `[0, max_time]` searched (default 1).
    pub max_time: T,
    /// The distance at which the shapes count as in contact (default 0: touching). A positive
    /// value stops the search that far apart (for speculative contacts).
    pub target_distance: T,
    /// How far above `target_distance` the distance may be at the time returned (default 0: as
    /// close as the closest-point query resolves, see [`convex_convex_rigid`]). Absolute, in the
    /// shapes' length unit; a value below the query's resolution is raised to it.
    pub tolerance: T,
    /// The bound on distance evaluations (default [`RIGID_MAX_ITERATIONS`]; at least one is made).
    pub max_iterations: usize,
}

impl<T: Real> Default for RigidOptions<T> {
    #[inline]
    fn default() -> Self {
        Self {
            max_time: T::ONE,
            target_distance: T::ZERO,
            tolerance: T::ZERO,
            max_iterations: RIGID_MAX_ITERATIONS,
        }
    }
}

/// How a rigid time-of-impact search ended.
///
/// # Examples
/// ```
/// use osculate_dynamic::{RigidMotion, RigidOptions, RigidStatus, convex_convex_rigid};
/// use osculate_math::{Isometry3, Obb, Point3, Rotation3, Vector3};
///
/// let cube = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::repeat(0.5_f64));
/// let spin = RigidMotion::new(Isometry3::identity(), Point3::origin(), Vector3::new(4.0, 0.0, 0.0), Vector3::new(0.0, 0.0, 3.0));
/// let wall = RigidMotion::stationary(Isometry3::translation(3.0, 0.0, 0.0));
/// let o = RigidOptions::default();
/// assert_eq!(convex_convex_rigid(&cube, &spin, &cube, &wall, &o).unwrap().status, RigidStatus::Converged);
/// // One evaluation: a time before which there is no contact, nothing more.
/// let one = RigidOptions { max_iterations: 1, ..o };
/// let h = convex_convex_rigid(&cube, &spin, &cube, &wall, &one).unwrap();
/// assert_eq!(h.status, RigidStatus::HitIterationBound);
/// // Touching at the start.
/// let near = RigidMotion::stationary(Isometry3::translation(0.9, 0.0, 0.0));
/// assert_eq!(convex_convex_rigid(&cube, &spin, &cube, &near, &o).unwrap().status, RigidStatus::AlreadyOverlapping);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RigidStatus {
    /// The first time the shapes come within the target distance was located: no contact before
    /// `toi`, and at `toi` the distance is within the tolerance above the target.
    Converged,
    /// The evaluation bound was reached first: `toi` is a lower bound on the first contact (no
    /// contact before it), the shapes are still apart there, and a contact may or may not follow.
    HitIterationBound,
    /// The shapes already overlap, or are within the target distance plus the tolerance, at
    /// `t = 0` (`toi = 0`).
    AlreadyOverlapping,
}

/// The first contact of two shapes under rigid motions ([`convex_convex_rigid`]), in world space.
///
/// # Examples
/// ```
/// use osculate_dynamic::{RigidMotion, RigidOptions, convex_convex_rigid};
/// use osculate_math::{Capsule, Isometry3, Obb, Point3, Rotation3, Vector3};
///
/// // A capsule falling onto a floor slab: it touches when its lower end reaches the top face.
/// let stick = Capsule::new(Point3::new(0.0, -1.0, 0.0), Point3::new(0.0, 1.0, 0.0), 0.25_f64);
/// let fall = RigidMotion::translation(Isometry3::translation(0.0, 3.0, 0.0), Vector3::new(0.0, -2.0, 0.0));
/// let slab = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(5.0, 0.5, 5.0));
/// let hit = convex_convex_rigid(&stick, &fall, &slab, &RigidMotion::stationary(Isometry3::identity()), &RigidOptions::default()).unwrap();
/// assert!((hit.toi - 0.625).abs() < 1e-9); // the gap 3 − 1 − 0.25 − 0.5 closed at 2
/// assert!((hit.normal.into_inner() - -Vector3::y()).norm() < 1e-9); // from the capsule down
/// assert!(hit.distance < 1e-9 && (hit.point_b.y - 0.5).abs() < 1e-9);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RigidImpact<T: Real> {
    /// The time of first contact in `[0, max_time]`, from below: the shapes are not nearer than the
    /// target distance at any earlier time.
    pub toi: T,
    /// The point of A nearest B at `toi` (for overlapping shapes: a point in both).
    pub point_a: Point3<T>,
    /// The point of B nearest A at `toi`.
    pub point_b: Point3<T>,
    /// The unit contact normal at `toi`, from A toward B.
    pub normal: UnitVector3<T>,
    /// The distance between the shapes at `toi` (`|point_b − point_a|`, an upper bound on the
    /// exact distance within the closest-point query's accuracy; 0 when they overlap).
    pub distance: T,
    /// How the search ended.
    pub status: RigidStatus,
    /// Distance evaluations made.
    pub iterations: usize,
}

impl<T: Real> RigidImpact<T> {
    /// The same impact with the roles of A and B exchanged (witnesses swapped, normal flipped).
    ///
    /// # Examples
    /// ```
    /// use osculate_dynamic::{RigidMotion, RigidOptions, convex_convex_rigid};
    /// use osculate_math::{Isometry3, Point3, Sphere, Vector3};
    ///
    /// let ball = Sphere::new(Point3::origin(), 1.0_f64);
    /// let ma = RigidMotion::translation(Isometry3::identity(), Vector3::new(4.0, 0.0, 0.0));
    /// let mb = RigidMotion::stationary(Isometry3::translation(5.0, 0.0, 0.0));
    /// let ab = convex_convex_rigid(&ball, &ma, &ball, &mb, &RigidOptions::default()).unwrap();
    /// let ba = ab.swapped();
    /// assert_eq!((ba.point_a, ba.normal), (ab.point_b, -ab.normal));
    /// ```
    #[inline]
    #[must_use]
    pub fn swapped(self) -> Self {
        Self { point_a: self.point_b, point_b: self.point_a, normal: -self.normal, ..self }
    }
}

/// The first time two convex shapes under rigid motions come within `options.target_distance` of
/// each other, for any two shapes with a [`SupportMap`] (given in their local frames, placed by
/// their motions): conservative advancement (Mirtich, "Impulse-based Dynamic Simulation of Rigid
/// Body Systems", 1996) on GJK's distance, stepping by the directional bound of C2A (Zhang, Redon,
/// Lee, Manocha, "Fast Continuous Collision Detection for Articulated Models", 2007; see the module
/// documentation) and switching to interval halving (Ericson 5.5.1) where the steps stall; the
/// time window is first narrowed to where the bounding spheres about the centers come within the
/// target and, when only one shape's rotation moves it, to after the first time that shape's
/// bounding ball about its motion's center comes within the target of the other shape (a GJK
/// ray cast of their relative translation: a spinning shape passing by is then answered without
/// a step). Shapes whose own rotation moves nothing (both not turning, or turning about an axis
/// their core lies on: a sphere spinning about its center) are cast by GJK along the relative
/// translation instead ([`osculate_closest::cast_convex`]), exact in a few steps.
///
/// **Guarantee.** The time is reported from below: at no time in `[0, toi)` are the shapes nearer
/// than `target_distance` (each step is at most `(s − target) / bound` with a sound bound; the
/// rounding of the measurements and of `t` is covered by an allowance of a few ε of the
/// coordinates), so no contact is missed however thin or fast the shapes — `None` means the shapes
/// stay farther than the target over the whole interval. With [`RigidStatus::Converged`] the
/// distance at `toi` is at most `target_distance + tolerance`, the tolerance raised to the
/// closest-point query's resolution (`4·(τ_gjk · max(target, size/1000) + 32 ε · extent)`, `τ_gjk`
/// GJK's relative tolerance: about 8e-6 of the shapes' size in f32 and 1e-12 in f64), or, where a
/// step becomes too small to move `t` (the distance changes faster than `t` resolves), above it by
/// no more than the rate bound times the rounding of `t`. With
/// [`RigidStatus::HitIterationBound`], `toi` is a lower bound where the shapes are still apart.
/// The first contact found is the first time the distance reaches the target: the motions may
/// take the shapes through each other afterwards.
///
/// **Cost.** Each evaluation is one GJK query (warm-started from the previous simplex; where
/// turning dominates the motion and the shapes are far apart, run only to a relative tolerance of
/// 1/256: the step, from the separation along its direction, is a lower bound either way) and a
/// few support points for the step's bound (a few dozen near contact, or where the motion is
/// dominated by translation, where the bound is refined to second order). A head-on approach
/// takes a few evaluations, a fast spin about as many as the turns it needs to pass the other
/// shape's nearest feature, a grazing motion more (capped by `options.max_iterations`). No
/// allocation.
///
/// Returns `None` when the shapes stay apart, and for invalid input: a NaN or infinite number in
/// a motion, a shape or the options, a negative `max_time`, `target_distance` or `tolerance`, or
/// coordinates so large that the computation overflows. It never panics and always ends: every
/// loop is bounded (the distance evaluations by `options.max_iterations`, the halving stack by a
/// fixed depth, the casts by [`GJK_MAX_ITERATIONS`](osculate_closest::GJK_MAX_ITERATIONS)), and
/// a search that runs out reports a lower bound with [`RigidStatus::HitIterationBound`].
/// Degenerate but finite shapes are valid input and answered as what they are: a zero-radius
/// ball is a point, a box of zero thickness a rectangle, a zero-length capsule a ball; a motion
/// that neither moves nor turns meets nothing it does not already touch.
///
/// # Examples
/// ```
/// use osculate_dynamic::{RigidMotion, RigidOptions, RigidStatus, convex_convex_rigid};
/// use osculate_math::{Isometry3, Obb, Point3, Rotation3, Sphere, Vector3};
/// use std::f64::consts::PI;
///
/// // A bar of half-length 2 along x spinning about z (half a turn per unit time), and a ball of
/// // radius 0.5 on its sweep circle at 45°: the bar's tip region reaches it after about 45°.
/// let bar = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(2.0, 0.1, 0.1));
/// let spin = RigidMotion::new(Isometry3::identity(), Point3::origin(), Vector3::zeros(), Vector3::new(0.0, 0.0, PI));
/// let ball = Sphere::new(Point3::origin(), 0.5);
/// let at = Isometry3::translation(1.5 * (PI / 4.0).cos(), 1.5 * (PI / 4.0).sin(), 0.0);
/// let hit = convex_convex_rigid(&bar, &spin, &ball, &RigidMotion::stationary(at), &RigidOptions::default()).unwrap();
/// assert_eq!(hit.status, RigidStatus::Converged);
/// // The bar's side touches the ball when it has turned 45° − asin((0.5 + 0.1) / 1.5).
/// let want = (PI / 4.0 - (0.6_f64 / 1.5).asin()) / PI;
/// assert!(hit.toi <= want && want - hit.toi < 1e-9);
/// assert!(hit.distance < 1e-9);
/// ```
#[must_use]
pub fn convex_convex_rigid<T, A, B>(
    a: &A,
    motion_a: &RigidMotion<T>,
    b: &B,
    motion_b: &RigidMotion<T>,
    options: &RigidOptions<T>,
) -> Option<RigidImpact<T>>
where
    T: Real,
    A: SupportMap<T> + ?Sized,
    B: SupportMap<T> + ?Sized,
{
    let RigidOptions { max_time, target_distance: target, tolerance, .. } = *options;
    let valid_options = max_time >= T::ZERO
        && max_time.is_finite()
        && target >= T::ZERO
        && target.is_finite()
        && tolerance >= T::ZERO
        && tolerance.is_finite();
    if !(valid_options && motion_a.is_finite() && motion_b.is_finite()) {
        return None;
    }
    // The frame: translated to A's center at the start.
    let origin = motion_a.start * a.center();
    if !is_finite_point(&origin) {
        return None;
    }
    let ta = Track::new(a, motion_a, &origin)?;
    let tb = Track::new(b, motion_b, &origin)?;
    if ta.rotation_moves_nothing() && tb.rotation_moves_nothing() {
        return translating(&ta, &tb, options, &origin);
    }
    let start = if tb.rotation_moves_nothing() {
        ball_first(&ta, motion_a, &tb, options, &origin)?
    } else if ta.rotation_moves_nothing() {
        ball_first(&tb, motion_b, &ta, options, &origin)?
    } else {
        T::ZERO
    };
    Search::new(&ta, &tb, options, start)?.run(&origin)
}

/// A lower bound on the first contact of the turning shape of `turning` with the other, which
/// only translates (`still`): the first time the turning shape's bounding ball about its
/// motion's center (which moves on a straight line), grown by the target distance and an
/// allowance for rounding, touches the other shape — the GJK ray cast of their relative
/// translation. The shape is inside its ball at every time, so it meets nothing the ball has not
/// met: `None` when the ball meets nothing in `[0, max_time]` (no contact).
fn ball_first<T, S, O>(
    turning: &Track<'_, T, S>,
    motion: &RigidMotion<T>,
    still: &Track<'_, T, O>,
    o: &RigidOptions<T>,
    origin: &Point3<T>,
) -> Option<T>
where
    T: Real,
    S: SupportMap<T> + ?Sized,
    O: SupportMap<T> + ?Sized,
{
    let eps = T::EPSILON * T::lit(64.0);
    let extent = turning.travel(o.max_time) + still.travel(o.max_time) + turning.radius + still.own;
    let radius =
        turning.radius * (T::ONE + eps) + o.target_distance * (T::ONE + eps) + eps * extent;
    let ball = Sphere::new(
        Point3::from(
            (motion.start.translation.vector - origin.coords)
                + motion.start.rotation * motion.local_center.coords,
        ),
        radius,
    );
    let pb = still.at(T::ZERO);
    let travel = (turning.v - still.v) * o.max_time;
    if !(radius.is_finite() && is_finite_point(&ball.center) && is_finite_vector(&travel)) {
        return Some(T::ZERO);
    }
    let hit = cast_convex(&ball, &pb, &travel, GJK_MAX_ITERATIONS)?;
    // The cast's time, from below, rounded down once more.
    let toi = hit.toi * o.max_time * (T::ONE - eps) - eps * o.max_time;
    Some(toi.fast_max(T::ZERO))
}

/// Moving sphere `a` against moving sphere `b` under rigid motions: when both centers move on
/// straight lines (a sphere's own rotation changes nothing: each center on its motion's axis of
/// rotation, or no rotation) the closed form of [`crate::sphere_sphere`] — the first root of
/// `|Δc(t)| = r_a + r_b + target`, exact — and otherwise (a center swung about another point)
/// [`convex_convex_rigid`]. Same result, guarantee and invalid input as [`convex_convex_rigid`];
/// a negative radius is invalid too.
///
/// # Examples
/// ```
/// use osculate_dynamic::{RigidMotion, RigidOptions, RigidStatus, sphere_sphere_rigid};
/// use osculate_math::{Isometry3, Point3, Sphere, Vector3};
///
/// // Spinning while they close: the spins change nothing, the gap of 8 closes at 16.
/// let a = Sphere::new(Point3::origin(), 1.0_f64);
/// let ma = RigidMotion::new(Isometry3::identity(), Point3::origin(), Vector3::new(8.0, 0.0, 0.0), Vector3::new(0.0, 30.0, 7.0));
/// let mb = RigidMotion::new(Isometry3::translation(10.0, 0.0, 0.0), Point3::origin(), Vector3::new(-8.0, 0.0, 0.0), Vector3::new(5.0, 0.0, 0.0));
/// let hit = sphere_sphere_rigid(&a, &ma, &a, &mb, &RigidOptions::default()).unwrap();
/// assert_eq!((hit.toi, hit.status), (0.5, RigidStatus::Converged));
/// assert_eq!(hit.point_a, Point3::new(5.0, 0.0, 0.0));
/// ```
#[must_use]
pub fn sphere_sphere_rigid<T: Real>(
    a: &Sphere<T>,
    motion_a: &RigidMotion<T>,
    b: &Sphere<T>,
    motion_b: &RigidMotion<T>,
    options: &RigidOptions<T>,
) -> Option<RigidImpact<T>> {
    if !(a.radius >= T::ZERO && b.radius >= T::ZERO) {
        return None;
    }
    let straight = |s: &Sphere<T>, m: &RigidMotion<T>| {
        let w = m.start.rotation.inverse_transform_vector(&m.angvel);
        w == Vector3::zeros() || (s.center - m.local_center).cross(&w) == Vector3::zeros()
    };
    if !(straight(a, motion_a) && straight(b, motion_b)) {
        return convex_convex_rigid(a, motion_a, b, motion_b, options);
    }
    let RigidOptions { max_time, target_distance: target, tolerance, .. } = *options;
    let valid = max_time >= T::ZERO
        && max_time.is_finite()
        && target >= T::ZERO
        && target.is_finite()
        && tolerance >= T::ZERO
        && tolerance.is_finite()
        && motion_a.is_finite()
        && motion_b.is_finite();
    if !valid {
        return None;
    }
    // Each center moves with its motion's center: c(t) = start · center + linvel · t.
    let ca = motion_a.start * a.center;
    let cb = motion_b.start * b.center;
    let offset = cb - ca;
    let rel = motion_b.linvel - motion_a.linvel;
    let reach = a.radius + b.radius + target;
    if !(is_finite_vector(&offset) && is_finite_vector(&rel) && reach.is_finite()) {
        return None;
    }
    // |offset + rel t|² = reach²: t² (rel·rel) + 2 t (offset·rel) + offset·offset − reach² = 0.
    let c = offset.norm_squared() - reach * reach;
    let (toi, status) = if c <= T::ZERO {
        (T::ZERO, RigidStatus::AlreadyOverlapping)
    } else {
        let (aa, bb) = (rel.norm_squared(), offset.dot(&rel));
        let disc = bb * bb - aa * c;
        if !(bb < T::ZERO && disc >= T::ZERO) {
            return None; // moving apart, or passing by
        }
        // The smaller root, in the form without cancellation.
        let t = c / (-bb + disc.sqrt());
        if !(t <= max_time) {
            return None;
        }
        (t, RigidStatus::Converged)
    };
    let (pa, pb) = (ca + motion_a.linvel * toi, cb + motion_b.linvel * toi);
    let d = pb - pa;
    let n2 = d.norm_squared();
    let normal = if n2 > T::ZERO && n2.is_finite() {
        UnitVector3::new_unchecked(d / n2.sqrt())
    } else if rel.norm_squared() > T::ZERO {
        UnitVector3::new_normalize(-rel)
    } else {
        Vector3::x_axis()
    };
    let n = normal.into_inner();
    let (point_a, point_b) = if status == RigidStatus::AlreadyOverlapping {
        // A point in both: the one dividing the centers' segment in the radii's ratio.
        let r = a.radius + b.radius;
        let p = if r > T::ZERO { pa + d * (a.radius / r) } else { pa };
        (p, p)
    } else {
        (pa + n * a.radius, pb - n * b.radius)
    };
    let distance = (n2.sqrt() - a.radius - b.radius).fast_max(T::ZERO);
    (is_finite_point(&point_a) && is_finite_point(&point_b)).then_some(RigidImpact {
        toi,
        point_a,
        point_b,
        normal,
        distance,
        status,
        iterations: 0,
    })
}

mod search;

use self::search::*;

/// The times in `[0, max_time]` at which `|offset + rel t| ≤ reach`, or `None` when there are
/// none. The entry is rounded down (the reach carries the allowance for it).
fn sphere_window<T: Real>(
    offset: &Vector3<T>,
    rel: &Vector3<T>,
    reach: T,
    max_time: T,
) -> Option<(T, T)> {
    let c = offset.norm_squared() - reach * reach;
    let a = rel.norm_squared();
    let b = offset.dot(rel);
    if !(c.is_finite() && a.is_finite() && b.is_finite()) {
        return None;
    }
    if a == T::ZERO {
        return (c <= T::ZERO).then_some((T::ZERO, max_time));
    }
    let disc = b * b - a * c;
    if !(disc >= T::ZERO) {
        return None;
    }
    let root = disc.sqrt();
    // Both roots without cancellation: t₁ t₂ = c / a.
    let q = -(b + if b >= T::ZERO { root } else { -root });
    let (r1, r2) = if q == T::ZERO { (T::ZERO, T::ZERO) } else { (q / a, c / q) };
    let (enter, exit) = (r1.fast_min(r2), r1.fast_max(r2));
    let enter = enter.fast_max(T::ZERO);
    let exit = exit.fast_min(max_time);
    (enter <= exit && enter <= max_time && exit >= T::ZERO).then_some((enter, exit))
}

/// Both shapes only translate (their turning moves no point): the GJK ray cast of the relative
/// translation, on A grown by the target distance.
fn translating<T, A, B>(
    a: &Track<'_, T, A>,
    b: &Track<'_, T, B>,
    o: &RigidOptions<T>,
    origin: &Point3<T>,
) -> Option<RigidImpact<T>>
where
    T: Real,
    A: SupportMap<T> + ?Sized,
    B: SupportMap<T> + ?Sized,
{
    let pa = a.at(T::ZERO);
    let pb = b.at(T::ZERO);
    let target = o.target_distance;
    let motion = (a.v - b.v) * o.max_time;
    let grown = MinkowskiSum(&pa, Sphere::new(Point3::origin(), target));
    let hit = cast_convex(&grown, &pb, &motion, GJK_MAX_ITERATIONS)?;
    let toi = hit.toi * o.max_time;
    let at_start = hit.toi == T::ZERO;
    let status = if at_start {
        RigidStatus::AlreadyOverlapping
    } else if hit.status == Convergence::Converged {
        RigidStatus::Converged
    } else {
        RigidStatus::HitIterationBound
    };
    // The distance and witnesses at that time, by GJK (the cast's point is on B).
    let pa = a.at(toi);
    let pb = b.at(toi);
    let r = distance_convex(&pa, &pb, None, GJK_MAX_ITERATIONS);
    if r.status == DistanceStatus::Invalid {
        return None;
    }
    let unit = |v: Vector3<T>| {
        let n2 = v.norm_squared();
        (n2 > T::ZERO && n2.is_finite()).then(|| UnitVector3::new_unchecked(v / n2.sqrt()))
    };
    let normal = unit(hit.normal)
        .or_else(|| unit(r.closest.point_b - r.closest.point_a))
        .or_else(|| unit(pb.anchor - pa.anchor))
        .or_else(|| unit(-motion))
        .unwrap_or_else(Vector3::x_axis);
    let point_a = r.closest.point_a + origin.coords;
    let point_b = r.closest.point_b + origin.coords;
    let ok = toi >= T::ZERO
        && toi <= o.max_time
        && is_finite_point(&point_a)
        && is_finite_point(&point_b);
    ok.then_some(RigidImpact {
        toi,
        point_a,
        point_b,
        normal,
        distance: r.closest.distance,
        status,
        iterations: hit.iterations,
    })
}
