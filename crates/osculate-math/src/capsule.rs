//! [`Capsule`]: a segment swept by a ball.

use crate::error::{finite_point, non_negative};
use crate::{
    Aabb, Bounded, ContainsPoint, Point3, Real, Segment, ShapeError, Vector3, point_max, point_min,
};

shape! {
    /// A capsule (a "swept sphere"): every point within `radius` of the segment `a`–`b`.
    ///
    /// `a == b` makes it a sphere and a zero radius makes it a segment (both valid); a negative radius
    /// makes it empty.
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{Capsule, ContainsPoint, Point3};
    ///
    /// let c = Capsule::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0), 1.0);
    /// assert!(c.contains_point(&Point3::new(0.0, 0.0, 2.9)));
    /// assert!(!c.contains_point(&Point3::new(0.9, 0.0, 2.9)));
    /// ```
    pub struct Capsule {
        /// One end of the inner segment.
        pub a: Point3<T> => finite_point,
        /// The other end of the inner segment.
        pub b: Point3<T> => finite_point,
        /// The radius around the segment (≥ 0 for a valid capsule).
        pub radius: T => non_negative,
    }

    /// A capsule.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::Negative`] for a negative radius.
    try_new;
}

impl<T: Real> Capsule<T> {
    /// The inner segment `a`–`b`.
    #[inline]
    #[must_use]
    pub const fn segment(&self) -> Segment<T> {
        Segment { a: self.a, b: self.b }
    }
}

impl<T: Real> Bounded<T> for Capsule<T> {
    #[inline]
    fn aabb(&self) -> Aabb<T> {
        let r = Vector3::repeat(self.radius);
        Aabb { min: point_min(&self.a, &self.b) - r, max: point_max(&self.a, &self.b) + r }
    }
}

impl<T: Real> ContainsPoint<T> for Capsule<T> {
    #[inline]
    fn contains_point(&self, p: &Point3<T>) -> bool {
        self.radius >= T::ZERO
            && self.segment().sq_distance_to_point(p) <= self.radius * self.radius
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn validation<T: Real>() {
        let o = Point3::<T>::origin();
        let p = Point3::new(T::ONE, T::ZERO, T::ZERO);
        assert_eq!(Capsule::try_new(o, p, -T::ONE), Err(ShapeError::Negative("radius")));
        assert_eq!(
            Capsule::try_new(o, Point3::new(T::ZERO, T::INFINITY, T::ZERO), T::ONE),
            Err(ShapeError::NonFinite("b"))
        );
        assert!(Capsule::try_new(o, o, T::ZERO).is_ok());
    }

    #[test]
    fn negative_radius_is_empty() {
        let o = Point3::<f64>::origin();
        assert!(!Capsule::new(o, o, -1.0).contains_point(&o));
    }

    osculate_testing::for_f32_and_f64!(validation);
}
