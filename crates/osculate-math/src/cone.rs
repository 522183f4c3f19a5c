//! [`Cone`]: a solid right circular cone.

use crate::cylinder::disc_extents;
use crate::error::{finite_point, non_negative, unit_vector};
use crate::{
    Aabb, Bounded, ContainsPoint, Isometry3, Point3, Real, ShapeError, Transform, UnitVector3,
    point_max, point_min,
};

shape! {
    /// A solid right circular cone: the apex `tip`, the unit `axis` pointing from the tip into the cone,
    /// the `height` along it and the `radius` of the base disc (centered at `tip + height·axis`).
    ///
    /// A zero height makes it a flat disc, a zero radius a segment (both valid); a negative height or
    /// radius makes it empty.
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{Cone, ContainsPoint, Point3, Vector3};
    ///
    /// let c = Cone::try_new(Point3::new(0.0_f64, 2.0, 0.0), -Vector3::y_axis(), 2.0, 1.0)?;
    /// assert!(c.contains_point(&Point3::new(0.0, 1.0, 0.49)));
    /// assert!(!c.contains_point(&Point3::new(0.0, 1.0, 0.51)));
    /// # Ok::<(), osculate_math::ShapeError>(())
    /// ```
    pub struct Cone {
        /// The apex.
        pub tip: Point3<T> => finite_point,
        /// Unit vector from the tip toward the base center.
        pub axis: UnitVector3<T> => unit_vector,
        /// Distance from the tip to the base plane (≥ 0).
        pub height: T => non_negative,
        /// Radius of the base disc (≥ 0).
        pub radius: T => non_negative,
    }

    /// A cone.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::Negative`] for a negative height or radius,
    /// [`ShapeError::NotUnit`] when `axis` is not of unit length.
    try_new;
}

impl<T: Real> Cone<T> {
    /// The center of the base disc, `tip + height·axis`.
    #[inline]
    #[must_use]
    pub fn base_center(&self) -> Point3<T> {
        self.tip + self.axis.into_inner() * self.height
    }
}

impl<T: Real> Bounded<T> for Cone<T> {
    #[inline]
    fn aabb(&self) -> Aabb<T> {
        let c = self.base_center();
        let e = disc_extents(&self.axis, self.radius);
        Aabb { min: point_min(&self.tip, &(c - e)), max: point_max(&self.tip, &(c + e)) }
    }
}

impl<T: Real> ContainsPoint<T> for Cone<T> {
    #[inline]
    fn contains_point(&self, p: &Point3<T>) -> bool {
        if !(self.radius >= T::ZERO && self.height >= T::ZERO) {
            return false;
        }
        let v = p - self.tip;
        let t = v.dot(&self.axis);
        if !(T::ZERO <= t && t <= self.height) {
            return false;
        }
        // The radial offset as a vector (|v|² − t² would cancel near the axis).
        let radial_sq = (v - self.axis.into_inner() * t).norm_squared();
        if self.height == T::ZERO {
            return radial_sq <= self.radius * self.radius;
        }
        // radial ≤ radius·t/height, squared and multiplied through by height².
        radial_sq * self.height * self.height <= self.radius * self.radius * t * t
    }
}

impl<T: Real> Transform<T> for Cone<T> {
    type Output = Self;
    #[inline]
    fn transformed(&self, iso: &Isometry3<T>) -> Self {
        Self {
            tip: iso * self.tip,
            axis: iso.rotation * self.axis,
            height: self.height,
            radius: self.radius,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Unit, Vector3};

    fn validation<T: Real>() {
        let o = Point3::<T>::origin();
        let not_unit = Unit::new_unchecked(Vector3::new(T::TWO, T::ZERO, T::ZERO));
        assert_eq!(Cone::try_new(o, not_unit, T::ONE, T::ONE), Err(ShapeError::NotUnit("axis")));
        let zero = Unit::new_unchecked(Vector3::zeros());
        assert_eq!(Cone::try_new(o, zero, T::ONE, T::ONE), Err(ShapeError::ZeroDirection("axis")));
        assert_eq!(
            Cone::try_new(o, Vector3::x_axis(), -T::ONE, T::ONE),
            Err(ShapeError::Negative("height"))
        );
        assert!(Cone::try_new(o, Vector3::x_axis(), T::ZERO, T::ONE).is_ok());
    }

    #[test]
    fn negative_radius_is_empty() {
        let o = Point3::<f64>::origin();
        assert!(!Cone::new(o, Vector3::x_axis(), 1.0, -1.0).contains_point(&o));
    }

    #[test]
    fn zero_height_is_its_base_disc() {
        let o = Point3::<f64>::origin();
        let flat = Cone::new(o, Vector3::z_axis(), 0.0, 1.0);
        assert!(flat.contains_point(&Point3::new(0.5, 0.5, 0.0)));
        assert!(!flat.contains_point(&Point3::new(0.5, 0.5, 1e-9)));
        assert!(!flat.contains_point(&Point3::new(1.0, 1.0, 0.0)));
    }

    #[test]
    fn bounds_are_tight() {
        let cone = Cone::new(Point3::new(0.0, 0.0, 0.0), Vector3::y_axis(), 2.0, 1.0);
        let b = cone.aabb();
        approx::assert_relative_eq!(b.min, Point3::new(-1.0, 0.0, -1.0));
        approx::assert_relative_eq!(b.max, Point3::new(1.0, 2.0, 1.0));
    }

    osculate_testing::for_f32_and_f64!(validation);
}
