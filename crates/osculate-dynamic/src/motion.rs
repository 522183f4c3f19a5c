//! Rigid motions: a body's pose over time when a point of it (the center) moves at a constant
//! velocity and the body turns about it at a constant angular velocity, with bounds on how fast
//! the body's points move.

use osculate_math::{
    Isometry3, Point3, Real, ShapeError, Translation3, UnitQuaternion, Vector3, is_finite_point,
    is_finite_vector,
};

/// The motion of a rigid body with a constant linear velocity of its center and a constant angular
/// velocity about that center (the shape of parry's `NonlinearRigidMotion`): at time `t` a point
/// `x` of the body (in its local frame) is at
///
/// `c(t) + R(ω t) · (start · x − c₀)`, with `c₀ = start · local_center`, `c(t) = c₀ + linvel · t`,
///
/// where `R(ω t)` turns by the angle `|ω| t` about the axis `ω` (world frame). Every point moves
/// on a helix about the line through the center along `ω`, which travels with the center.
///
/// Built with [`RigidMotion::new`] from velocities (a time unit of your choosing: a time step, a
/// second), or between two poses over `t ∈ [0, 1]`: [`RigidMotion::between`] (the center
/// interpolated linearly and the rotation by slerp) and [`RigidMotion::screw`] (the screw motion:
/// a rotation about a fixed axis and a translation along it). [`pose_at`](RigidMotion::pose_at)
/// gives the pose at a time; [`speed_bound`](RigidMotion::speed_bound) and
/// [`rate_bound_along`](RigidMotion::rate_bound_along) bound how fast points move, which is what
/// a sound time-of-impact search steps by ([`crate::convex_convex_rigid`]).
///
/// # Examples
/// ```
/// use osculate_dynamic::RigidMotion;
/// use osculate_math::{Isometry3, Point3, Vector3};
/// use std::f64::consts::PI;
///
/// // A body at x = 5 turning half a revolution per unit time about the world origin's vertical:
/// // its center of rotation is 5 behind it in its own frame.
/// let m = RigidMotion::new(
///     Isometry3::translation(5.0, 0.0, 0.0),
///     Point3::new(-5.0, 0.0, 0.0),
///     Vector3::zeros(),
///     Vector3::new(0.0, 0.0, PI),
/// );
/// let p = m.pose_at(1.0) * Point3::origin();
/// assert!((p - Point3::new(-5.0, 0.0, 0.0)).norm() < 1e-12);
/// // Its points within 1 of the center's axis move no faster than |v| + |ω|·1.
/// assert_eq!(m.speed_bound(1.0), PI);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RigidMotion<T: Real> {
    /// The pose at `t = 0`.
    pub start: Isometry3<T>,
    /// The center of rotation, in the body's local frame (its center of mass, say).
    pub local_center: Point3<T>,
    /// The velocity of the center, in the world frame (length per unit time).
    pub linvel: Vector3<T>,
    /// The angular velocity, in the world frame: the axis times the angle turned per unit time
    /// (right-handed, radians).
    pub angvel: Vector3<T>,
}

impl<T: Real> RigidMotion<T> {
    /// A motion from its parts (not validated: see [`RigidMotion::try_new`]; a motion with a NaN
    /// or infinite number is answered by the searches with `None`).
    ///
    /// # Examples
    /// ```
    /// use osculate_dynamic::RigidMotion;
    /// use osculate_math::{Isometry3, Point3, Vector3};
    ///
    /// // Turning about its own origin at one radian per unit time while drifting along x.
    /// let m = RigidMotion::new(Isometry3::identity(), Point3::origin(), Vector3::x(), Vector3::<f64>::z());
    /// assert!((m.pose_at(2.0).rotation.angle() - 2.0).abs() < 1e-12);
    /// ```
    #[inline]
    #[must_use]
    pub const fn new(
        start: Isometry3<T>,
        local_center: Point3<T>,
        linvel: Vector3<T>,
        angvel: Vector3<T>,
    ) -> Self {
        Self { start, local_center, linvel, angvel }
    }

    /// A motion from its parts, checked: every number finite
    /// ([`ShapeError::NonFinite`] naming the field) and the start's rotation a unit quaternion
    /// ([`ShapeError::NotRotation`]).
    ///
    /// # Examples
    /// ```
    /// use osculate_dynamic::RigidMotion;
    /// use osculate_math::{Isometry3, Point3, ShapeError, Vector3};
    ///
    /// let bad = RigidMotion::try_new(Isometry3::identity(), Point3::origin(), Vector3::new(f64::NAN, 0.0, 0.0), Vector3::zeros());
    /// assert_eq!(bad, Err(ShapeError::NonFinite("linvel")));
    /// ```
    pub fn try_new(
        start: Isometry3<T>,
        local_center: Point3<T>,
        linvel: Vector3<T>,
        angvel: Vector3<T>,
    ) -> Result<Self, ShapeError> {
        let m = Self { start, local_center, linvel, angvel };
        if !is_finite_vector(&start.translation.vector)
            || !start.rotation.coords.iter().all(|x| x.is_finite())
        {
            return Err(ShapeError::NonFinite("start"));
        }
        if !((start.rotation.coords.norm_squared() - T::ONE).abs()
            <= T::UNIT_TOLERANCE * T::lit(4.0))
        {
            return Err(ShapeError::NotRotation);
        }
        if !is_finite_point(&local_center) {
            return Err(ShapeError::NonFinite("local_center"));
        }
        if !is_finite_vector(&linvel) {
            return Err(ShapeError::NonFinite("linvel"));
        }
        if !is_finite_vector(&angvel) {
            return Err(ShapeError::NonFinite("angvel"));
        }
        Ok(m)
    }

    /// A body that stays at `pose`.
    ///
    /// # Examples
    /// ```
    /// use osculate_dynamic::RigidMotion;
    /// use osculate_math::Isometry3;
    ///
    /// let at = Isometry3::translation(1.0_f32, 2.0, 3.0);
    /// assert_eq!(RigidMotion::stationary(at).pose_at(7.0), at);
    /// ```
    #[inline]
    #[must_use]
    pub fn stationary(pose: Isometry3<T>) -> Self {
        Self::new(pose, Point3::origin(), Vector3::zeros(), Vector3::zeros())
    }

    /// A body translating from `start` at `linvel`, without turning.
    ///
    /// # Examples
    /// ```
    /// use osculate_dynamic::RigidMotion;
    /// use osculate_math::{Isometry3, Vector3};
    ///
    /// let m = RigidMotion::translation(Isometry3::identity(), Vector3::new(0.0_f64, 2.0, 0.0));
    /// assert_eq!(m.pose_at(0.5).translation.vector, Vector3::new(0.0, 1.0, 0.0));
    /// assert_eq!(m.speed_bound(100.0), 2.0); // no turning: the size does not count
    /// ```
    #[inline]
    #[must_use]
    pub fn translation(start: Isometry3<T>, linvel: Vector3<T>) -> Self {
        Self::new(start, Point3::origin(), linvel, Vector3::zeros())
    }

    /// The motion from pose `start` at `t = 0` to pose `end` at `t = 1` that moves the body point
    /// `local_center` along the segment between its two positions at a constant speed and turns
    /// the body by slerp (the shorter way, at a constant angular velocity about that point): the
    /// usual interpolation of two poses, about the point the caller chooses (choose the body's
    /// center: the speed bounds are then smallest).
    ///
    /// # Examples
    /// ```
    /// use osculate_dynamic::RigidMotion;
    /// use osculate_math::{Isometry3, Point3, Vector3};
    /// use std::f64::consts::FRAC_PI_2;
    ///
    /// let start = Isometry3::translation(1.0, 0.0, 0.0);
    /// let end = Isometry3::new(Vector3::new(3.0, 0.0, 0.0), Vector3::z() * FRAC_PI_2);
    /// let m = RigidMotion::between(&start, &end, &Point3::origin());
    /// let mid = m.pose_at(0.5);
    /// assert!((mid.translation.vector - Vector3::new(2.0, 0.0, 0.0)).norm() < 1e-12);
    /// assert!((mid.rotation.angle() - FRAC_PI_2 / 2.0).abs() < 1e-12);
    /// assert!((m.pose_at(1.0).to_homogeneous() - end.to_homogeneous()).norm() < 1e-12);
    /// ```
    #[must_use]
    pub fn between(start: &Isometry3<T>, end: &Isometry3<T>, local_center: &Point3<T>) -> Self {
        // The center's displacement, from the translations' difference (exact for nearby poses
        // far from the origin) and the rotations' images of the center.
        let c = local_center.coords;
        let linvel = (end.translation.vector - start.translation.vector)
            + (end.rotation * c - start.rotation * c);
        let angvel = (end.rotation * start.rotation.inverse()).scaled_axis();
        Self::new(*start, *local_center, linvel, angvel)
    }

    /// The screw motion from pose `start` at `t = 0` to pose `end` at `t = 1`: the body turns at a
    /// constant rate about a fixed axis (the screw axis of the displacement `end · start⁻¹`, the
    /// shorter way) and translates along it at a constant rate (Chasles' theorem). Its center is
    /// the point of the axis nearest the body's origin at the start; a displacement without
    /// rotation is a translation.
    ///
    /// # Examples
    /// ```
    /// use osculate_dynamic::RigidMotion;
    /// use osculate_math::{Isometry3, Point3, Vector3};
    /// use std::f64::consts::PI;
    ///
    /// // Half a turn about the vertical line x = 1, y = 0 while rising 2: the origin goes to (2, 0, 2).
    /// let start = Isometry3::identity();
    /// let end = Isometry3::new(Vector3::new(2.0, 0.0, 2.0), Vector3::z() * PI);
    /// let m = RigidMotion::screw(&start, &end);
    /// let half = m.pose_at(0.5) * Point3::origin();
    /// assert!((half - Point3::new(1.0, -1.0, 1.0)).norm() < 1e-12);
    /// assert!((m.pose_at(1.0) * Point3::origin() - Point3::new(2.0, 0.0, 2.0)).norm() < 1e-12);
    /// ```
    #[must_use]
    pub fn screw(start: &Isometry3<T>, end: &Isometry3<T>) -> Self {
        let q = end.rotation * start.rotation.inverse();
        // The body origin's displacement (the displacement map relative to the start origin).
        let p = end.translation.vector - start.translation.vector;
        let Some((axis, angle)) = q.axis_angle().filter(|(_, a)| *a > T::ZERO) else {
            return Self::new(*start, Point3::origin(), p, Vector3::zeros());
        };
        let u = axis.into_inner();
        let along = u * u.dot(&p);
        let across = p - along;
        // The axis point nearest the start origin solves (I − R) a = p⊥ in the plane across u:
        // a = (p⊥ + cot(θ/2) · u × p⊥) / 2 (relative to the start origin).
        let (s, c) = (angle * T::HALF).sin_cos();
        let a = (across + u.cross(&across) * (c / s)) * T::HALF;
        let local_center = Point3::from(start.rotation.inverse_transform_vector(&a));
        Self::new(*start, local_center, along, u * angle)
    }

    /// Whether every number of the motion is finite.
    ///
    /// # Examples
    /// ```
    /// use osculate_dynamic::RigidMotion;
    /// use osculate_math::{Isometry3, Vector3};
    ///
    /// assert!(RigidMotion::translation(Isometry3::identity(), Vector3::<f64>::x()).is_finite());
    /// let bad = RigidMotion::translation(Isometry3::identity(), Vector3::new(f64::INFINITY, 0.0, 0.0));
    /// assert!(!bad.is_finite());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_finite(&self) -> bool {
        is_finite_vector(&self.start.translation.vector)
            && self.start.rotation.coords.iter().all(|x| x.is_finite())
            && is_finite_point(&self.local_center)
            && is_finite_vector(&self.linvel)
            && is_finite_vector(&self.angvel)
    }

    /// The pose at time `t` (any real `t`; `t = 0` gives `start`).
    ///
    /// # Examples
    /// ```
    /// use osculate_dynamic::RigidMotion;
    /// use osculate_math::{Isometry3, Point3, Vector3};
    ///
    /// let m = RigidMotion::translation(Isometry3::identity(), Vector3::new(1.0_f32, 2.0, 0.0));
    /// assert_eq!(m.pose_at(0.5) * Point3::origin(), Point3::new(0.5, 1.0, 0.0));
    /// ```
    #[must_use]
    pub fn pose_at(&self, t: T) -> Isometry3<T> {
        let turn = UnitQuaternion::from_scaled_axis(self.angvel * t);
        // The body origin: start + v t + (R − I)(start origin − c₀); start origin − c₀ is the
        // center's offset turned by the start rotation, negated. The (R − I) form keeps its
        // precision when the center is far away and the turn small (a screw of small angle).
        let arm = self.start.rotation * self.local_center.coords;
        let origin = self.start.translation.vector + self.linvel * t
            - turned_minus(&(self.angvel * t), &arm);
        Isometry3::from_parts(Translation3::from(origin), turn * self.start.rotation)
    }

    /// The position of the center at time `t`: `start · local_center + linvel · t`.
    ///
    /// # Examples
    /// ```
    /// use osculate_dynamic::RigidMotion;
    /// use osculate_math::{Isometry3, Point3, Vector3};
    ///
    /// let m = RigidMotion::new(Isometry3::translation(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0), Vector3::x(), Vector3::z());
    /// assert_eq!(m.center_at(2.0), Point3::new(3.0, 1.0, 0.0)); // the spin does not move it
    /// ```
    #[inline]
    #[must_use]
    pub fn center_at(&self, t: T) -> Point3<T> {
        self.start * self.local_center + self.linvel * t
    }

    /// A bound on the speed of every point of the body within distance `r` of the center's axis
    /// of rotation (in particular every point within `r` of the center), at every time:
    /// `|linvel| + |angvel| · r`. A point at distance `ρ` from the axis moves at
    /// `linvel + ω × (x − c)`, of length at most `|linvel| + |ω| ρ`.
    ///
    /// # Examples
    /// ```
    /// use osculate_dynamic::RigidMotion;
    /// use osculate_math::{Isometry3, Point3, Vector3};
    ///
    /// let m = RigidMotion::new(Isometry3::identity(), Point3::origin(), Vector3::new(3.0, 4.0, 0.0), Vector3::new(0.0, 0.0, 2.0));
    /// assert_eq!(m.speed_bound(0.5), 6.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn speed_bound(&self, r: T) -> T {
        self.linvel.norm() + self.angvel.norm() * r
    }

    /// A bound on how fast the distance along direction `n` (unit) grows for every point of the
    /// body within distance `r` of the center's axis, at every time: `d/dt (n · x) ≤ n · linvel +
    /// |n × ω| · r` (the rotational velocity `ω × (x − c)` has `n · (ω × (x − c)) = (x − c) ·
    /// (n × ω)`, and only the part of `x − c` across the axis counts, of length at most `r`). Its
    /// negative bounds how fast it shrinks when `n` is replaced by `−n`; the rate along `n` is
    /// within `±max(rate_bound_along(n), rate_bound_along(−n))`.
    ///
    /// # Examples
    /// ```
    /// use osculate_dynamic::RigidMotion;
    /// use osculate_math::{Isometry3, Point3, Vector3};
    ///
    /// // Spinning about z: along z no point moves, along x the rim (r = 1) at |ω|.
    /// let m = RigidMotion::new(Isometry3::identity(), Point3::origin(), Vector3::new(0.0, 0.0, -1.0), Vector3::new(0.0, 0.0, 5.0));
    /// assert_eq!(m.rate_bound_along(&Vector3::z(), 1.0), -1.0);
    /// assert_eq!(m.rate_bound_along(&Vector3::x(), 1.0), 5.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn rate_bound_along(&self, n: &Vector3<T>, r: T) -> T {
        n.dot(&self.linvel) + n.cross(&self.angvel).norm() * r
    }
}

/// `(R(θ) − I) w` for the rotation `R(θ)` by the scaled axis `θ`: `sin φ (u × w) + 2 sin²(φ/2)
/// u × (u × w)` with `φ = |θ|`, `u = θ / φ`, exact to rounding relative to its own (small, for a
/// small turn) size, where `R w − w` would carry the rounding of `|w|`.
#[inline]
pub(crate) fn turned_minus<T: Real>(theta: &Vector3<T>, w: &Vector3<T>) -> Vector3<T> {
    let phi = theta.norm();
    if !(phi > T::ZERO) {
        return if phi.is_nan() { Vector3::repeat(T::NAN) } else { Vector3::zeros() };
    }
    let u = theta / phi;
    let (s, _) = phi.sin_cos();
    let h = (phi * T::HALF).sin();
    let uw = u.cross(w);
    uw * s + u.cross(&uw) * (h * h * T::TWO)
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_math::Rotation3;

    #[test]
    fn turned_minus_is_the_rotation_minus_identity() {
        let theta = Vector3::new(0.3, -1.2, 0.7_f64);
        let w = Vector3::new(2.0, 0.5, -1.0);
        let r = Rotation3::from_scaled_axis(theta);
        assert!((turned_minus(&theta, &w) - (r * w - w)).norm() < 1e-14);
        assert_eq!(turned_minus(&Vector3::zeros(), &w), Vector3::zeros());
        assert!(turned_minus(&Vector3::new(f64::NAN, 0.0, 0.0), &w).x.is_nan());
    }

    #[test]
    fn a_small_screw_far_from_its_axis_keeps_its_precision() {
        // A turn of 1e-6 rad with a displacement of 1 across the axis: the axis is ~1e6 away.
        let start = Isometry3::translation(0.25_f32, 0.5, 0.0);
        let end = Isometry3::new(Vector3::new(1.25, 0.5, 0.0), Vector3::new(0.0, 0.0, 1e-6));
        let m = RigidMotion::screw(&start, &end);
        let at1 = m.pose_at(1.0);
        assert!((at1.translation.vector - end.translation.vector).norm() < 1e-6, "{at1:?}");
        let at_half = m.pose_at(0.5).translation.vector;
        assert!((at_half - Vector3::new(0.75, 0.5, 0.0)).norm() < 1e-6, "{at_half:?}");
    }
}
