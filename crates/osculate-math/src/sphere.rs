//! [`Sphere`]: a solid ball.

use crate::error::{finite_point, non_negative};
use crate::{Aabb, Bounded, ContainsPoint, Point3, Real, ShapeError, Vector3};

shape! {
    /// A solid ball: every point within `radius` of `center`.
    ///
    /// A zero radius makes it a point (valid); a negative radius makes it empty.
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{Point3, Sphere, ShapeError};
    ///
    /// assert!(Sphere::try_new(Point3::new(0.0_f32, 0.0, 0.0), 1.0).is_ok());
    /// assert_eq!(
    ///     Sphere::try_new(Point3::new(0.0_f32, 0.0, 0.0), -1.0),
    ///     Err(ShapeError::Negative("radius"))
    /// );
    /// ```
    pub struct Sphere {
        /// The center.
        pub center: Point3<T> => finite_point,
        /// The radius (≥ 0 for a valid sphere).
        pub radius: T => non_negative,
    }

    /// A sphere.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] for a NaN or infinite field, [`ShapeError::Negative`] for a negative
    /// radius.
    try_new;
}

impl<T: Real> Bounded<T> for Sphere<T> {
    #[inline]
    fn aabb(&self) -> Aabb<T> {
        let r = Vector3::repeat(self.radius);
        Aabb { min: self.center - r, max: self.center + r }
    }
}

impl<T: Real> ContainsPoint<T> for Sphere<T> {
    #[inline]
    fn contains_point(&self, p: &Point3<T>) -> bool {
        self.radius >= T::ZERO && (p - self.center).norm_squared() <= self.radius * self.radius
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn validation<T: Real>() {
        let o = Point3::<T>::origin();
        assert_eq!(Sphere::try_new(o, T::NAN), Err(ShapeError::NonFinite("radius")));
        assert_eq!(Sphere::try_new(o, T::INFINITY), Err(ShapeError::NonFinite("radius")));
        assert_eq!(
            Sphere::try_new(Point3::new(T::NAN, T::ZERO, T::ZERO), T::ONE),
            Err(ShapeError::NonFinite("center"))
        );
        assert!(Sphere::try_new(o, T::ZERO).is_ok());
    }

    #[test]
    fn negative_radius_is_empty() {
        let o = Point3::<f64>::origin();
        assert!(!Sphere::new(o, -1.0).contains_point(&o));
        assert!(Sphere::new(o, -1.0).aabb().is_empty());
    }

    #[test]
    fn zero_radius_is_its_center() {
        let o = Point3::<f64>::origin();
        assert!(Sphere::new(o, 0.0).contains_point(&o));
        assert!(!Sphere::new(o, 0.0).contains_point(&Point3::new(1e-100, 0.0, 0.0)));
    }

    osculate_testing::for_f32_and_f64!(validation);
}
