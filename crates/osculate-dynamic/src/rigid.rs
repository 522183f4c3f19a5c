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
    Point3, Real, Rotation3, Sphere, UnitQuaternion, UnitVector3, Vector3, any_perpendicular,
    is_finite_point, is_finite_vector,
};

use crate::motion::{RigidMotion, turned_minus};

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
/// target. Shapes whose own rotation moves nothing (both not turning, or turning about an axis
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
/// **Cost.** Each evaluation is one GJK query (warm-started from the previous direction) and up
/// to six support points: a head-on approach takes a few, a fast spin about as many as the turns
/// it needs to pass the other shape's nearest feature, a grazing motion more (capped by
/// `options.max_iterations`). No allocation.
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
    Search::new(&ta, &tb, options)?.run(&origin)
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

/// The in-plane directions used to bound a shape's distance from its rotation axis: `K` unit
/// directions `2πi/K` apart around the axis. Any vector across the axis is within `π/K` of one of
/// them, so its length is at most its component along that one over `cos(π/K)`.
const AROUND: usize = 8;
/// `(cos, sin)` of `2πi/8`.
const AROUND_DIRS: [(f64, f64); AROUND] = [
    (1.0, 0.0),
    (core::f64::consts::FRAC_1_SQRT_2, core::f64::consts::FRAC_1_SQRT_2),
    (0.0, 1.0),
    (-core::f64::consts::FRAC_1_SQRT_2, core::f64::consts::FRAC_1_SQRT_2),
    (-1.0, 0.0),
    (-core::f64::consts::FRAC_1_SQRT_2, -core::f64::consts::FRAC_1_SQRT_2),
    (0.0, -1.0),
    (core::f64::consts::FRAC_1_SQRT_2, -core::f64::consts::FRAC_1_SQRT_2),
];
/// `1 / cos(π/8)`, rounded up (and a little more for the rounding of the supports).
const AROUND_SLACK: f64 = 1.082_392_200_292_394;

/// A shape following its motion, in the search's frame (translated by `−origin`), with what the
/// bounds need: the radius of its core about its rotation axis and its bounding sphere's.
struct Track<'s, T: Real, S: ?Sized> {
    shape: &'s S,
    q0: UnitQuaternion<T>,
    omega: Vector3<T>,
    spin: T,
    v: Vector3<T>,
    /// The shape's own center, in its local frame (a point near it: keeps the placement precise).
    anchor_local: Point3<T>,
    /// That center's position at `t = 0`, in the search frame.
    anchor0: Point3<T>,
    /// From the motion's center to the anchor at `t = 0` (world).
    arm: Vector3<T>,
    /// A bound on the distance of the core's points from the rotation axis.
    rho_core: T,
    /// A bound on the distance of the shape's points from its anchor (its own size).
    own: T,
    /// A bound on the distance of the shape's points from the motion's center.
    radius: T,
    /// The same for the core's points.
    core_radius: T,
    /// The motion's center at `t = 0`, in the search frame.
    center0: Point3<T>,
}

/// A shape at one time: placed by the rotation `rot` about its anchor at `anchor`.
struct Posed<'s, T: Real, S: ?Sized> {
    shape: &'s S,
    rot: Rotation3<T>,
    anchor: Point3<T>,
    anchor_local: Point3<T>,
    /// From the motion's center to the anchor, now.
    arm: Vector3<T>,
}

impl<T: Real, S: ?Sized> Clone for Posed<'_, T, S> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Real, S: ?Sized> Copy for Posed<'_, T, S> {}

impl<T: Real, S: SupportMap<T> + ?Sized> SupportMap<T> for Posed<'_, T, S> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        let local = self.shape.support(&self.rot.inverse_transform_vector(dir));
        self.anchor + self.rot * (local - self.anchor_local)
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        self.anchor
    }
    #[inline]
    fn margin(&self) -> T {
        self.shape.margin()
    }
    #[inline]
    fn core_support(&self, dir: &Vector3<T>) -> Point3<T> {
        let local = self.shape.core_support(&self.rot.inverse_transform_vector(dir));
        self.anchor + self.rot * (local - self.anchor_local)
    }
}

/// The closing rate along a direction: at most `first + second·τ` a time `τ` later, never more
/// than `cap`.
#[derive(Clone, Copy, Debug)]
struct Rate<T: Real> {
    first: T,
    second: T,
    cap: T,
}

impl<T: Real> core::ops::Add for Rate<T> {
    type Output = Self;
    #[inline]
    fn add(self, o: Self) -> Self {
        Self { first: self.first + o.first, second: self.second + o.second, cap: self.cap + o.cap }
    }
}

impl<'s, T: Real, S: SupportMap<T> + ?Sized> Track<'s, T, S> {
    /// The track of `shape` under `m`, or `None` when a bound is not finite (NaN or overflow).
    fn new(shape: &'s S, m: &RigidMotion<T>, origin: &Point3<T>) -> Option<Self> {
        let anchor_local = shape.center();
        let margin = shape.margin();
        // From the motion's center to the anchor, in the local frame, then turned to the world.
        let arm_local = anchor_local - m.local_center;
        let arm = m.start.rotation * arm_local;
        let anchor0 = Point3::from(
            (m.start.translation.vector - origin.coords) + m.start.rotation * anchor_local.coords,
        );
        let omega = m.angvel;
        let spin = omega.norm();
        // The axis in the local frame (constant: the body turns about it); any axis when the body
        // does not turn (the bounding sphere still needs one).
        let axis = m.start.rotation.inverse_transform_vector(&omega);
        let axis = if spin > T::ZERO { axis / spin } else { Vector3::z() };
        let e1 = any_perpendicular(&axis).into_inner();
        let e2 = axis.cross(&e1);
        // The core's extent about the anchor: across the axis (any vector across it is within
        // π/8 of one of the eight directions) and along it.
        let reach = |d: &Vector3<T>| (shape.core_support(d) - anchor_local).dot(d);
        let mut across = T::ZERO;
        for (cos, sin) in AROUND_DIRS {
            let d = e1 * T::lit(cos) + e2 * T::lit(sin);
            across = across.fast_max(reach(&d));
        }
        let slack = T::ONE + T::EPSILON * T::lit(64.0);
        let across = across.fast_max(T::ZERO) * T::lit(AROUND_SLACK) * slack;
        let along = reach(&axis).fast_max(reach(&-axis)).fast_max(T::ZERO) * slack;
        let own = (across * across + along * along).sqrt() * slack + margin;
        // About the axis through the motion's center: the anchor's own distance from it added.
        let off_axis = (arm_local - axis * axis.dot(&arm_local)).norm();
        let rho_core = (across + off_axis) * slack;
        let radius = (own + arm_local.norm()) * slack;
        let core_radius = (own - margin + arm_local.norm()) * slack;
        let center0 = Point3::from(
            (m.start.translation.vector - origin.coords) + m.start.rotation * m.local_center.coords,
        );
        let ok = rho_core.is_finite()
            && radius.is_finite()
            && is_finite_point(&anchor0)
            && is_finite_vector(&arm)
            && is_finite_point(&center0);
        ok.then_some(Self {
            shape,
            q0: m.start.rotation,
            omega,
            spin,
            v: m.linvel,
            anchor_local,
            anchor0,
            arm,
            rho_core,
            own,
            radius,
            core_radius,
            center0,
        })
    }

    /// A bound on the anchor's coordinates over `[0, max_time]`: its start, its travel, and a
    /// swing about a center away from it (at most twice the arm).
    fn travel(&self, max_time: T) -> T {
        self.anchor0.coords.amax()
            + self.v.amax() * max_time
            + self.arm.amax() * (self.spin * max_time).fast_min(T::TWO)
    }

    /// Whether turning moves no point of the shape: no rotation, or a core on the axis.
    fn rotation_moves_nothing(&self) -> bool {
        self.spin == T::ZERO || self.rho_core == T::ZERO
    }

    /// The shape at time `t`.
    fn at(&self, t: T) -> Posed<'s, T, S> {
        let theta = self.omega * t;
        let turn = UnitQuaternion::from_scaled_axis(theta);
        let rot = (turn * self.q0).to_rotation_matrix();
        let swing = turned_minus(&theta, &self.arm);
        Posed {
            shape: self.shape,
            rot,
            anchor: self.anchor0 + self.v * t + swing,
            anchor_local: self.anchor_local,
            arm: self.arm + swing,
        }
    }

    /// How fast the support plane of the shape along `n` (unit) can advance along `n`, from the
    /// shape's placement `p` now: `n·v + max over the core of (x − c)·(n × ω)` now (one support
    /// point), growing by at most `|ω| ρ |n × ω|` per unit time as the shape turns, and never more
    /// than `n·v + ρ |n × ω|`.
    fn rate(&self, p: &Posed<'s, T, S>, n: &Vector3<T>) -> Rate<T> {
        let nv = n.dot(&self.v);
        if self.spin == T::ZERO {
            return Rate { first: nv, second: T::ZERO, cap: nv };
        }
        let m = n.cross(&self.omega);
        let reach = (p.core_support(&m) - p.anchor).dot(&m) + p.arm.dot(&m);
        let mn = m.norm();
        let cap = nv + self.rho_core * mn;
        Rate { first: (nv + reach).fast_min(cap), second: self.spin * self.rho_core * mn, cap }
    }
}

/// A measurement at one time.
#[derive(Clone, Copy, Debug)]
struct Sample<T: Real> {
    /// GJK's distance (an upper bound) and its witnesses, in the search frame.
    distance: T,
    point_a: Point3<T>,
    point_b: Point3<T>,
    /// The unit direction from A to B the separation is measured along (zero when overlapping).
    n: Vector3<T>,
    /// GJK's own direction, from A to B (zero when overlapping).
    gjk_n: Vector3<T>,
    /// The separation along `n` minus the target and the rounding allowance.
    gap: T,
    /// The safe steps forward in time, and backward (only measured for halving): no contact
    /// within them.
    ahead: T,
    behind: T,
}

/// The largest `τ` with `first·τ + second·τ²/2 ≤ gap` (the rate capped at `cap`), infinite when
/// the separation cannot shrink to the gap.
fn step<T: Real>(gap: T, r: &Rate<T>) -> T {
    if !(gap > T::ZERO) {
        return T::ZERO;
    }
    let Rate { first, second, cap } = *r;
    if second > T::ZERO && cap > first {
        // The quadratic root, in the form without cancellation for either sign of `first`.
        let root = (first * first + T::TWO * second * gap).sqrt();
        let tq =
            if first >= T::ZERO { gap * T::TWO / (first + root) } else { (root - first) / second };
        let tc = (cap - first) / second;
        if tq <= tc {
            return tq;
        }
        if !(cap > T::ZERO) {
            return T::INFINITY;
        }
        let used = first * tc + second * tc * tc * T::HALF;
        return tc + (gap - used).fast_max(T::ZERO) / cap;
    }
    let rate = first.fast_min(cap);
    if rate > T::ZERO { gap / rate } else { T::INFINITY }
}

/// Levels of interval halving kept: each halving pushes one later interval.
const DEPTH: usize = 48;

/// The search state: both tracks, the target and tolerance, the time window and the intervals
/// still to clear.
struct Search<'t, 's, T: Real, A: ?Sized, B: ?Sized> {
    a: &'t Track<'s, T, A>,
    b: &'t Track<'s, T, B>,
    target: T,
    tolerance: T,
    max_iterations: usize,
    iterations: usize,
    warm: Option<Vector3<T>>,
    /// The window where the bounding spheres come within the target.
    window: (T, T),
    /// The scale of the coordinates (for the rounding allowance).
    extent: T,
    /// The shapes' own size (the sum of their bounding radii about their anchors).
    size: T,
    /// The last separating directions measured (any time, distance above the tolerance), with
    /// their times: the normal of a contact met at a rounding-size distance is the nearest in
    /// time.
    normals: [Option<(T, Vector3<T>)>; 3],
    /// The direction the last separation was measured along.
    hint: Option<Vector3<T>>,
}

impl<'t, 's, T, A, B> Search<'t, 's, T, A, B>
where
    T: Real,
    A: SupportMap<T> + ?Sized,
    B: SupportMap<T> + ?Sized,
{
    /// The search, or `None` when the bounding spheres never come within the target (no contact).
    fn new(a: &'t Track<'s, T, A>, b: &'t Track<'s, T, B>, o: &RigidOptions<T>) -> Option<Self> {
        let target = o.target_distance;
        let size = a.own + b.own;
        let offset = b.center0 - a.center0;
        let rel = b.v - a.v;
        // The coordinates' magnitude in the search frame over the motion: the anchors' start,
        // their travel (a swing moves an anchor by at most twice its arm) and the shapes.
        let extent = a.travel(o.max_time) + b.travel(o.max_time) + size + target;
        let eps = T::EPSILON;
        // The bounding spheres about the centers (which move on straight lines): the shapes can
        // only be within the target while |offset + rel t| ≤ reach.
        let spheres = a.radius + b.radius + target;
        let reach = spheres * (T::ONE + eps * T::lit(64.0))
            + eps * T::lit(64.0) * (extent + offset.amax() + spheres);
        let window = sphere_window(&offset, &rel, reach, o.max_time)?;
        let gjk_tol = T::RELATIVE_TOLERANCE.fast_max(T::EPSILON.sqrt() * T::lit(0.01));
        let floor = T::lit(4.0)
            * (gjk_tol * target.fast_max(size * T::lit(1e-3)) + eps * T::lit(32.0) * extent);
        if !(extent.is_finite() && floor.is_finite()) {
            return None;
        }
        Some(Self {
            a,
            b,
            target,
            tolerance: o.tolerance.fast_max(floor),
            max_iterations: o.max_iterations.max(1),
            iterations: 0,
            warm: None,
            window,
            extent,
            size,
            normals: [None; 3],
            hint: None,
        })
    }

    /// Measures the pair at `t` (`None`: NaN or overflow).
    fn measure(&mut self, t: T, backward: bool, limits: (T, T)) -> Option<Sample<T>> {
        let r = self.measure_(t, backward, limits);
        #[cfg(feature = "std")]
        if std::env::var("RIGID_TRACE").is_ok() {
            std::eprintln!("t={t:?} {r:?}");
        }
        r
    }
    fn measure_(&mut self, t: T, backward: bool, limits: (T, T)) -> Option<Sample<T>> {
        self.iterations += 1;
        let pa = self.a.at(t);
        let pb = self.b.at(t);
        let r = distance_convex(&pa, &pb, self.warm, GJK_MAX_ITERATIONS);
        if r.status == DistanceStatus::Invalid {
            return None;
        }
        if is_finite_vector(&r.direction) && r.direction != Vector3::zeros() {
            self.warm = Some(r.direction);
        }
        let (point_a, point_b, distance) =
            (r.closest.point_a, r.closest.point_b, r.closest.distance);
        let mut s = Sample {
            distance,
            point_a,
            point_b,
            n: Vector3::zeros(),
            gjk_n: Vector3::zeros(),
            gap: T::ZERO,
            ahead: T::ZERO,
            behind: T::ZERO,
        };
        if !(distance.is_finite() && is_finite_point(&point_a) && is_finite_point(&point_b)) {
            return None;
        }
        // GJK's direction (its `v`, from B's core to A's, kept in f64 and rounded once): more
        // precise than the witnesses' difference, which near contact is a difference of nearly
        // equal points — a direction off by δ loses δ times the shapes' width from the
        // separation along it.
        let v = -r.direction;
        let vn = v.norm();
        if r.status != DistanceStatus::Overlapping && vn > T::ZERO && vn.is_finite() {
            s.n = v / vn;
            s.gjk_n = s.n;
        }
        if distance <= self.target + self.tolerance {
            return Some(s); // within reach: no step needed
        }
        if s.n == Vector3::zeros() {
            let d = point_b - point_a;
            s.n = d / d.norm();
        }
        if !is_finite_vector(&s.n) {
            return None;
        }
        // The separation along n: a lower bound on the distance, whatever GJK's accuracy. Near
        // contact GJK's direction carries the rounding of its closest point (ε times the shapes'
        // size over the distance, in radians), which costs that angle times the shapes' width
        // in separation; the direction of the previous measurement, taken farther apart, is
        // often better then: the larger separation of the two is used.
        let separation = |n: &Vector3<T>| {
            let (sa, sb) = (pa.support(n), pb.support(&-n));
            (n.dot(&(sb - sa)), sa.coords.amax().fast_max(sb.coords.amax()))
        };
        let (mut sep, mut far) = separation(&s.n);
        if let Some(h) = self.hint.filter(|h| *h != s.n) {
            let (sep_h, far_h) = separation(&h);
            if sep_h > sep {
                (sep, far, s.n) = (sep_h, far_h, h);
            }
        }
        // Still short of the distance by more than the tolerance, near contact: GJK's direction
        // with B moved away along it by a thousandth of the shapes' size, where the same
        // features are nearest (the normal of a face, or of two edges, does not change as they
        // part along it) and far enough apart for GJK's direction to be exact to rounding.
        let apart = self.size * T::lit(1e-3);
        if distance - sep > self.tolerance * T::HALF && distance < apart {
            let moved = Posed { anchor: pb.anchor + s.n * apart, ..pb };
            let r = distance_convex(&pa, &moved, Some(-s.n), GJK_MAX_ITERATIONS);
            let v = -r.direction;
            let vn = v.norm();
            if r.status == DistanceStatus::Separated && vn > T::ZERO && vn.is_finite() {
                let d = v / vn;
                let (sep_d, far_d) = separation(&d);
                if sep_d > sep {
                    (sep, far, s.n) = (sep_d, far_d, d);
                }
            }
        }
        // The hint and the normals follow the steps from the start of the search (a halving's
        // middle is at another time).
        if !backward {
            self.hint = Some(s.n);
            self.normals = [Some((t, s.n)), self.normals[0], self.normals[1]];
        }
        let n = s.n;
        let extent = self.extent.fast_max(far);
        s.gap = sep - self.target - T::EPSILON * T::lit(32.0) * extent;
        // The rounding of a rate: a few ε of the velocities and of the spins times the reach.
        let slack = T::ONE + T::EPSILON * T::lit(64.0);
        let vel = self.a.v.amax() + self.b.v.amax();
        let spin = self.a.spin * (self.a.radius + self.a.arm.amax())
            + self.b.spin * (self.b.radius + self.b.arm.amax());
        let pad = T::EPSILON * T::lit(16.0) * (vel + spin);
        let padded = |r: Rate<T>| Rate {
            first: r.first * slack + pad,
            cap: r.cap * slack + pad,
            second: r.second * slack,
        };
        let forward = padded(self.a.rate(&pa, &n) + self.b.rate(&pb, &-n));
        if !(s.gap.is_finite()
            && forward.first.is_finite()
            && forward.second.is_finite()
            && forward.cap.is_finite())
        {
            return None;
        }
        s.ahead = self.refine(&pa, &pb, &n, s.gap, step(s.gap, &forward), T::ONE, limits.0, pad);
        if backward {
            let back = padded(self.a.rate(&pa, &-n) + self.b.rate(&pb, &n));
            if !(back.first.is_finite() && back.second.is_finite() && back.cap.is_finite()) {
                return None;
            }
            s.behind = self.refine(&pa, &pb, &n, s.gap, step(s.gap, &back), -T::ONE, limits.1, pad);
        }
        (!s.ahead.is_nan() && !s.behind.is_nan()).then_some(s)
    }

    /// The longest time `τ ≤ limit` (forward for `sign = 1`, backward for `−1`) over which the
    /// shapes provably stay farther apart than the target, at least `old` (the step of the rate
    /// bound), by the separation along a direction that turns with a frame `F` (the world, A or
    /// B: a face's normal turns with its shape) at angular velocity `ω_F`, `n(τ) = R(ω_F τ) n`.
    ///
    /// A point of shape `S` (center `c`, velocity `v`, spin `ω`) at `t + τ` is `c + τ v +
    /// R(ω τ) y`, `y` its offset from `c` now, so `n(τ) · x = n(τ) · (c + τ v) + (Q n) · y` with
    /// `Q = R(−ω τ) R(ω_F τ)`, and `Q n = n + τ (ω_F − ω) × n + r`, `|r| ≤ κ τ²` (Taylor: `κ =
    /// |ω| |ω × n| / 2` in the world's frame, across the axis, so that only `y`'s distance `ρ`
    /// from the axis counts; `0` in the shape's own; `(|ω| + |ω_F|)² / 2` otherwise). Hence the largest `n(τ) · x` over A is at most
    /// `h_A(n + τ m_A) + κ_A r_A τ²` plus the centers' part, `h_A` A's support function about its
    /// center now and `m_A = (ω_F − ω_A) × n`; the smallest over B at least `−h_B(−n − τ m_B) −
    /// κ_B r_B τ²`; and `n(τ) · Δc(τ) ≥ n · Δc + τ ((ω_F × n) · Δc + n · Δv) − τ² (|ω_F|² |Δc|/2 +
    /// |ω_F| |Δv|)` (chord against tangent again). Their sum `G(τ)`, a lower bound on the
    /// separation, is concave in `τ` (support functions along a line of directions are convex)
    /// and exact at `τ = 0`; a concave function positive at `0` and at `τ` is positive between,
    /// so every `τ` at which `G` is evaluated above the target is a safe step. Candidates: the
    /// root of `G`'s tangent at `0` (the support points' own closing rate), then chords between
    /// the last values above and below (regula falsi, Illinois variant). Shapes with a margin
    /// are bounded by their cores (a ball's turning moves no support plane).
    fn refine(
        &self,
        pa: &Posed<'_, T, A>,
        pb: &Posed<'_, T, B>,
        n: &Vector3<T>,
        gap: T,
        old: T,
        sign: T,
        limit: T,
        pad: T,
    ) -> T {
        if !(gap > T::ZERO && old < limit) {
            return old;
        }
        let (ca, cb) = (pa.anchor - pa.arm, pb.anchor - pb.arm);
        let (sa0, sb0) = (pa.core_support(n), pb.core_support(&-n));
        let (wa, wb) = (self.a.omega, self.b.omega);
        let dc = cb - ca;
        let dv = self.b.v - self.a.v;
        let mut best = old;
        for frame in 0..3 {
            let wf = match frame {
                0 => Vector3::zeros(),
                1 if wa != Vector3::zeros() => wa,
                2 if wb != Vector3::zeros() && wb != wa => wb,
                _ => continue,
            };
            // The second-order coefficients: each shape's turn against the frame's, and the
            // centers' offset seen from the turning direction.
            let kappa = |w: &Vector3<T>, rho: T, radius: T| {
                if wf == Vector3::zeros() {
                    w.norm() * w.cross(n).norm() * rho
                } else if wf == *w {
                    T::ZERO
                } else {
                    let s = w.norm() + wf.norm();
                    s * s * radius
                }
            };
            let (wf_n, dc_n) = (wf.norm(), dc.norm());
            let quad = (kappa(&wa, self.a.rho_core, self.a.core_radius)
                + kappa(&wb, self.b.rho_core, self.b.core_radius)
                + wf_n * wf_n * dc_n)
                * T::HALF
                + wf_n * dv.norm();
            let (ma, mb) = ((wf - wa).cross(n), (wf - wb).cross(n));
            let linear = wf.cross(n).dot(&dc) + n.dot(&dv);
            // How far the separation's lower bound falls in the signed time τ.
            let growth = |tau: T| {
                let da = n + ma * tau;
                let db = -n - mb * tau;
                let sa = pa.core_support(&da);
                let sb = pb.core_support(&db);
                let grow_a = n.dot(&(sa - sa0)) + tau * ma.dot(&(sa - ca));
                let grow_b = -n.dot(&(sb - sb0)) - tau * mb.dot(&(sb - cb));
                grow_a + grow_b - tau * linear + quad * tau * tau + pad * tau.abs()
            };
            let value = |tau: T| gap - growth(tau * sign);
            // The tangent at 0, from the supports a little way along the line of directions (a
            // face's support is its vertex farthest along m).
            let nudge = T::EPSILON.sqrt();
            let ta = pa.core_support(&(n + ma * (nudge * sign)));
            let tb = pb.core_support(&(-n - mb * (nudge * sign)));
            let slope = (ma.dot(&(ta - ca)) - mb.dot(&(tb - cb)) - linear) * sign;
            let first = if slope > T::ZERO { gap / slope } else { limit };
            let mut hi = first.fast_min(limit);
            if !(hi > best) {
                continue;
            }
            let g = value(hi);
            if g >= T::ZERO {
                best = hi;
                continue;
            }
            let (mut lo, mut g_lo, mut g_hi) = (T::ZERO, gap, g);
            // Illinois: a side kept twice has its value halved, so the chords close from both.
            let mut kept = false;
            for _ in 0..4 {
                let tau = lo + (hi - lo) * (g_lo / (g_lo - g_hi));
                if !(tau > lo && tau < hi) {
                    break;
                }
                let g = value(tau);
                if !g.is_finite() {
                    break;
                }
                if g >= T::ZERO {
                    (lo, g_lo) = (tau, g);
                    if kept {
                        g_hi *= T::HALF;
                    }
                    kept = true;
                } else {
                    (hi, g_hi) = (tau, g);
                    kept = false;
                }
                if hi - lo <= hi * T::lit(1e-3) {
                    break;
                }
            }
            best = best.fast_max(lo);
        }
        best
    }

    /// The time `τ` after `t` to which no contact is possible, rounded down so that `t + τ` is
    /// not beyond it.
    fn ahead(t: T, tau: T) -> T {
        if tau == T::INFINITY {
            return T::INFINITY;
        }
        let e = T::EPSILON;
        t + tau * (T::ONE - e * T::lit(16.0)) - (t.abs() + tau) * e * T::TWO
    }

    fn run(mut self, origin: &Point3<T>) -> Option<RigidImpact<T>> {
        let (start, end) = self.window;
        let mut lo = start;
        let mut hi = end;
        // Whether `hi` is a measured contact (its sample in `contact`).
        let mut hi_contact = false;
        let mut contact: Option<Sample<T>> = None;
        let mut stack = [(T::ZERO, T::ZERO, false); DEPTH];
        let mut top = 0;
        let mut previous_gap: Option<T> = None;
        let mut slow_before = false;
        loop {
            let s = self.measure(lo, false, (hi - lo, T::ZERO))?;
            if s.distance <= self.target + self.tolerance {
                let status = if lo == T::ZERO {
                    RigidStatus::AlreadyOverlapping
                } else {
                    RigidStatus::Converged
                };
                return self.impact(lo, &s, status, origin);
            }
            if self.iterations >= self.max_iterations {
                return self.impact(lo, &s, RigidStatus::HitIterationBound, origin);
            }
            let next = Self::ahead(lo, s.ahead);
            if !(next > lo) {
                // A step too small to move t: the distance is within the rounding of t (or of the
                // closest-point query) of the target.
                return self.impact(lo, &s, RigidStatus::Converged, origin);
            }
            if !(next < hi) {
                // [lo, hi] is clear.
                if hi_contact {
                    let c = contact?;
                    return self.impact(hi, &c, RigidStatus::Converged, origin);
                }
                if top == 0 {
                    return None;
                }
                top -= 1;
                (lo, hi, hi_contact) = stack[top];
                previous_gap = None;
                slow_before = false;
                continue;
            }
            // Stalled: the gap did not halve over two steps in a row, each covering less than
            // an eighth of what is left.
            let slow = previous_gap.is_some_and(|p| s.gap > p * T::HALF)
                && (next - lo) * T::lit(8.0) < hi - next;
            let stalled = slow && slow_before;
            slow_before = slow;
            previous_gap = Some(s.gap);
            lo = next;
            if stalled && top < DEPTH && self.iterations + 1 < self.max_iterations {
                // Halve what is left: a contact measured at the middle bounds the search from
                // above; otherwise the middle clears a stretch around it, both ways.
                let mid = lo + (hi - lo) * T::HALF;
                if !(lo < mid && mid < hi) {
                    continue;
                }
                let m = self.measure(mid, true, (hi - mid, mid - lo))?;
                if m.distance <= self.target {
                    hi = mid;
                    hi_contact = true;
                    contact = Some(m);
                    top = 0; // every later interval is after a contact
                    continue;
                }
                if m.distance <= self.target + self.tolerance {
                    continue; // within reach but not in contact: nothing to clear
                }
                let after = Self::ahead(mid, m.ahead);
                let before = -Self::ahead(-mid, m.behind);
                if after < hi || hi_contact {
                    stack[top] = (after.fast_min(hi), hi, hi_contact);
                    top += 1;
                }
                hi = before.fast_max(lo);
                hi_contact = false;
                if !(lo < hi) {
                    // [lo, mid] clear as well: on to the interval after it.
                    if top == 0 {
                        return None;
                    }
                    top -= 1;
                    (lo, hi, hi_contact) = stack[top];
                    previous_gap = None;
                    slow_before = false;
                }
            }
        }
    }

    /// The impact at `t` from its sample, in world space.
    fn impact(
        &self,
        t: T,
        s: &Sample<T>,
        status: RigidStatus,
        origin: &Point3<T>,
    ) -> Option<RigidImpact<T>> {
        let unit = |v: Vector3<T>| {
            let n2 = v.norm_squared();
            (n2 > T::ZERO && n2.is_finite()).then(|| UnitVector3::new_unchecked(v / n2.sqrt()))
        };
        // The normal: the candidate direction along which the shapes are farthest apart at `t`
        // (a contact normal separates them up to the distance). Candidates: GJK's direction now
        // (kept in f64, but at a rounding-size distance turned by about 1e-16 of the shapes'
        // size over the distance), and the separating directions measured last, at their times
        // and turned since with either shape (a face's normal turns with its shape).
        let (pa, pb) = (self.a.at(t), self.b.at(t));
        let separation =
            |n: &UnitVector3<T>| n.dot(&(pb.support(&-n.into_inner()) - pa.support(n)));
        let mut best: Option<(T, UnitVector3<T>)> = None;
        let consider = |best: &mut Option<(T, UnitVector3<T>)>, n: Option<UnitVector3<T>>| {
            if let Some(n) = n {
                let sep = separation(&n);
                #[cfg(feature = "std")]
                if std::env::var("RIGID_TRACE").is_ok() {
                    std::eprintln!("candidate {n:?} sep {sep:?}");
                }
                if best.is_none_or(|(b, _)| sep > b) {
                    *best = Some((sep, n));
                }
            }
        };
        consider(&mut best, unit(s.gjk_n));
        consider(&mut best, unit(s.n));
        for &(tn, n) in self.normals.iter().flatten() {
            consider(&mut best, unit(n));
            for omega in [self.a.omega, self.b.omega] {
                if omega != Vector3::zeros() {
                    consider(
                        &mut best,
                        unit(UnitQuaternion::from_scaled_axis(omega * (t - tn)) * n),
                    );
                }
            }
        }
        // Then GJK's direction with B moved away along the best of them by a thousandth of the
        // shapes' size: the same features are nearest (the normal of a face or of two edges does
        // not change as they part along it), now far enough apart for GJK's direction to be exact
        // to rounding.
        // Moved along GJK's direction now (rounding-size off at worst) and along the best
        // candidate (which may be a stale direction that separates by chance).
        let before = best.map(|(_, n)| n);
        for n in [unit(s.gjk_n), before].into_iter().flatten() {
            let apart = n.into_inner() * (self.size * T::lit(1e-3));
            let moved = Posed { anchor: pb.anchor + apart, ..pb };
            let r = distance_convex(&pa, &moved, Some(-n.into_inner()), GJK_MAX_ITERATIONS);
            if r.status == DistanceStatus::Separated {
                consider(&mut best, unit(-r.direction));
            }
            if before == unit(s.gjk_n) {
                break;
            }
        }
        let normal = best
            .filter(|(sep, _)| sep.is_finite())
            .map(|(_, n)| n)
            .or_else(|| unit(pb.anchor - pa.anchor))
            .unwrap_or_else(Vector3::x_axis);
        let point_a = s.point_a + origin.coords;
        let point_b = s.point_b + origin.coords;
        (is_finite_point(&point_a) && is_finite_point(&point_b)).then_some(RigidImpact {
            toi: t,
            point_a,
            point_b,
            normal,
            distance: s.distance,
            status,
            iterations: self.iterations,
        })
    }
}

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
