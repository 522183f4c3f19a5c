//! [`Cylinder`]: a solid right circular cylinder.

use crate::error::{finite_point, non_negative};
use crate::{
    Aabb, Bounded, ContainsPoint, Point3, Real, ShapeError, Unit, UnitVector3, Vector3, point_max,
    point_min,
};

shape! {
    /// A solid right circular cylinder: the disc of `radius` about the axis `a`→`b`, swept from `a` to
    /// `b` (Ericson 5.3.7's `p`, `q`, `r`).
    ///
    /// A zero radius makes it a segment (valid). `a == b` leaves the cap's orientation undefined:
    /// [`Cylinder::try_new`] rejects it, and queries treat such a cylinder as the sphere of `radius` about
    /// `a` (the union of every orientation of the flat disc), saying so in their docs.
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{ContainsPoint, Cylinder, Point3};
    ///
    /// let c = Cylinder::try_new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(0.0, 3.0, 0.0), 1.0)?;
    /// assert!(c.contains_point(&Point3::new(0.7, 3.0, 0.7)));
    /// assert!(!c.contains_point(&Point3::new(0.0, 3.1, 0.0)));
    /// # Ok::<(), osculate_math::ShapeError>(())
    /// ```
    pub struct Cylinder {
        /// The center of one end cap.
        pub a: Point3<T> => finite_point,
        /// The center of the other end cap.
        pub b: Point3<T> => finite_point,
        /// The radius (≥ 0 for a valid cylinder).
        pub radius: T => non_negative,
    }

    /// A cylinder.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::Negative`] for a negative radius,
    /// [`ShapeError::ZeroDirection`] when `a == b` (no axis).
    try_new then {
        if a == b {
            return Err(ShapeError::ZeroDirection("b - a"));
        }
    };
}

impl<T: Real> Cylinder<T> {
    /// The unit axis from `a` to `b`, or `None` when `a == b` (or the difference overflows).
    #[inline]
    #[must_use]
    pub fn axis(&self) -> Option<UnitVector3<T>> {
        Unit::try_new(self.b - self.a, T::ZERO)
    }
}

/// The half extents of a disc of radius `r` with unit normal `n`: `r·sqrt(1 − n_i²)` per axis.
#[inline]
pub(crate) fn disc_extents<T: Real>(n: &Vector3<T>, r: T) -> Vector3<T> {
    n.map(|c| r * (T::ONE - c * c).fast_max(T::ZERO).sqrt())
}

impl<T: Real> Bounded<T> for Cylinder<T> {
    #[inline]
    fn aabb(&self) -> Aabb<T> {
        let e = match self.axis() {
            Some(n) => disc_extents(&n, self.radius),
            None => Vector3::repeat(self.radius),
        };
        Aabb { min: point_min(&self.a, &self.b) - e, max: point_max(&self.a, &self.b) + e }
    }
}

impl<T: Real> ContainsPoint<T> for Cylinder<T> {
    #[inline]
    fn contains_point(&self, p: &Point3<T>) -> bool {
        if !(self.radius >= T::ZERO) {
            return false;
        }
        let d = self.b - self.a;
        let dd = d.norm_squared();
        let v = p - self.a;
        if dd == T::ZERO {
            return v.norm_squared() <= self.radius * self.radius;
        }
        let t = v.dot(&d);
        // The radial offset is measured as a vector, not as |v|² − t²/dd, which cancels.
        T::ZERO <= t && t <= dd && (v - d * (t / dd)).norm_squared() <= self.radius * self.radius
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn validation<T: Real>() {
        let o = Point3::<T>::origin();
        let p = Point3::new(T::ONE, T::ZERO, T::ZERO);
        assert_eq!(Cylinder::try_new(o, o, T::ONE), Err(ShapeError::ZeroDirection("b - a")));
        assert!(Cylinder::try_new(o, p, T::ZERO).is_ok());
    }

    #[test]
    fn negative_radius_is_empty() {
        let o = Point3::<f64>::origin();
        assert!(!Cylinder::new(o, Point3::new(1.0, 0.0, 0.0), -1.0).contains_point(&o));
    }

    #[test]
    fn zero_axis_is_the_ball_of_its_radius() {
        let o = Point3::<f64>::origin();
        let c = Cylinder::new(o, o, 1.0);
        assert!(c.contains_point(&Point3::new(0.0, 0.9, 0.0)));
        assert_eq!(c.aabb(), Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0)));
    }

    #[test]
    fn bounds_are_tight() {
        let cyl = Cylinder::new(Point3::new(0.0, 0.0, 0.0), Point3::new(0.0, 0.0, 4.0), 0.5);
        let b = cyl.aabb();
        approx::assert_relative_eq!(b.min, Point3::new(-0.5, -0.5, 0.0));
        approx::assert_relative_eq!(b.max, Point3::new(0.5, 0.5, 4.0));
    }

    osculate_testing::for_f32_and_f64!(validation);
}
