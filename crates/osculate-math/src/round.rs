//! Round solids: [`Sphere`], [`Capsule`], [`Cylinder`] and [`Cone`].

use crate::error::{finite_point, non_negative, unit_vector};
use crate::{
    Aabb, Bounded, ContainsPoint, Isometry3, Point3, Real, Segment, ShapeError, Transform, Unit,
    UnitVector3, Vector3, point_max, point_min,
};

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
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sphere<T: Real> {
    /// The center.
    pub center: Point3<T>,
    /// The radius (≥ 0 for a valid sphere).
    pub radius: T,
}

impl<T: Real> Sphere<T> {
    /// A sphere, unchecked.
    #[inline]
    #[must_use]
    pub const fn new(center: Point3<T>, radius: T) -> Self {
        Self { center, radius }
    }

    /// A sphere.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] for a NaN or infinite field, [`ShapeError::Negative`] for a negative
    /// radius.
    pub fn try_new(center: Point3<T>, radius: T) -> Result<Self, ShapeError> {
        finite_point(&center, "center")?;
        non_negative(radius, "radius")?;
        Ok(Self { center, radius })
    }
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

impl<T: Real> Transform<T> for Sphere<T> {
    type Output = Self;
    #[inline]
    fn transformed(&self, iso: &Isometry3<T>) -> Self {
        Self { center: iso * self.center, radius: self.radius }
    }
}

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
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Capsule<T: Real> {
    /// One end of the inner segment.
    pub a: Point3<T>,
    /// The other end of the inner segment.
    pub b: Point3<T>,
    /// The radius around the segment (≥ 0 for a valid capsule).
    pub radius: T,
}

impl<T: Real> Capsule<T> {
    /// A capsule, unchecked.
    #[inline]
    #[must_use]
    pub const fn new(a: Point3<T>, b: Point3<T>, radius: T) -> Self {
        Self { a, b, radius }
    }

    /// A capsule.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::Negative`] for a negative radius.
    pub fn try_new(a: Point3<T>, b: Point3<T>, radius: T) -> Result<Self, ShapeError> {
        finite_point(&a, "a")?;
        finite_point(&b, "b")?;
        non_negative(radius, "radius")?;
        Ok(Self { a, b, radius })
    }

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

impl<T: Real> Transform<T> for Capsule<T> {
    type Output = Self;
    #[inline]
    fn transformed(&self, iso: &Isometry3<T>) -> Self {
        Self { a: iso * self.a, b: iso * self.b, radius: self.radius }
    }
}

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
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cylinder<T: Real> {
    /// The center of one end cap.
    pub a: Point3<T>,
    /// The center of the other end cap.
    pub b: Point3<T>,
    /// The radius (≥ 0 for a valid cylinder).
    pub radius: T,
}

impl<T: Real> Cylinder<T> {
    /// A cylinder, unchecked.
    #[inline]
    #[must_use]
    pub const fn new(a: Point3<T>, b: Point3<T>, radius: T) -> Self {
        Self { a, b, radius }
    }

    /// A cylinder.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::Negative`] for a negative radius,
    /// [`ShapeError::ZeroDirection`] when `a == b` (no axis).
    pub fn try_new(a: Point3<T>, b: Point3<T>, radius: T) -> Result<Self, ShapeError> {
        finite_point(&a, "a")?;
        finite_point(&b, "b")?;
        non_negative(radius, "radius")?;
        if a == b {
            return Err(ShapeError::ZeroDirection("b - a"));
        }
        Ok(Self { a, b, radius })
    }

    /// The unit axis from `a` to `b`, or `None` when `a == b` (or the difference overflows).
    #[inline]
    #[must_use]
    pub fn axis(&self) -> Option<UnitVector3<T>> {
        Unit::try_new(self.b - self.a, T::ZERO)
    }
}

/// The half extents of a disc of radius `r` with unit normal `n`: `r·sqrt(1 − n_i²)` per axis.
#[inline]
fn disc_extents<T: Real>(n: &Vector3<T>, r: T) -> Vector3<T> {
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

impl<T: Real> Transform<T> for Cylinder<T> {
    type Output = Self;
    #[inline]
    fn transformed(&self, iso: &Isometry3<T>) -> Self {
        Self { a: iso * self.a, b: iso * self.b, radius: self.radius }
    }
}

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
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cone<T: Real> {
    /// The apex.
    pub tip: Point3<T>,
    /// Unit vector from the tip toward the base center.
    pub axis: UnitVector3<T>,
    /// Distance from the tip to the base plane (≥ 0).
    pub height: T,
    /// Radius of the base disc (≥ 0).
    pub radius: T,
}

impl<T: Real> Cone<T> {
    /// A cone, unchecked.
    #[inline]
    #[must_use]
    pub const fn new(tip: Point3<T>, axis: UnitVector3<T>, height: T, radius: T) -> Self {
        Self { tip, axis, height, radius }
    }

    /// A cone.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::Negative`] for a negative height or radius,
    /// [`ShapeError::NotUnit`] when `axis` is not of unit length.
    pub fn try_new(
        tip: Point3<T>,
        axis: UnitVector3<T>,
        height: T,
        radius: T,
    ) -> Result<Self, ShapeError> {
        finite_point(&tip, "tip")?;
        unit_vector(&axis, "axis")?;
        non_negative(height, "height")?;
        non_negative(radius, "radius")?;
        Ok(Self { tip, axis, height, radius })
    }

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

    fn validation<T: Real>() {
        let o = Point3::<T>::origin();
        let p = Point3::new(T::ONE, T::ZERO, T::ZERO);
        assert_eq!(Sphere::try_new(o, T::NAN), Err(ShapeError::NonFinite("radius")));
        assert_eq!(Sphere::try_new(o, T::INFINITY), Err(ShapeError::NonFinite("radius")));
        assert_eq!(
            Sphere::try_new(Point3::new(T::NAN, T::ZERO, T::ZERO), T::ONE),
            Err(ShapeError::NonFinite("center"))
        );
        assert!(Sphere::try_new(o, T::ZERO).is_ok());
        assert_eq!(Capsule::try_new(o, p, -T::ONE), Err(ShapeError::Negative("radius")));
        assert_eq!(
            Capsule::try_new(o, Point3::new(T::ZERO, T::INFINITY, T::ZERO), T::ONE),
            Err(ShapeError::NonFinite("b"))
        );
        assert!(Capsule::try_new(o, o, T::ZERO).is_ok());
        assert_eq!(Cylinder::try_new(o, o, T::ONE), Err(ShapeError::ZeroDirection("b - a")));
        assert!(Cylinder::try_new(o, p, T::ZERO).is_ok());
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
    fn validation_f32() {
        validation::<f32>();
    }

    #[test]
    fn validation_f64() {
        validation::<f64>();
    }

    #[test]
    fn negative_radius_is_empty() {
        let o = Point3::<f64>::origin();
        assert!(!Sphere::new(o, -1.0).contains_point(&o));
        assert!(Sphere::new(o, -1.0).aabb().is_empty());
        assert!(!Capsule::new(o, o, -1.0).contains_point(&o));
        assert!(!Cylinder::new(o, Point3::new(1.0, 0.0, 0.0), -1.0).contains_point(&o));
        assert!(!Cone::new(o, Vector3::x_axis(), 1.0, -1.0).contains_point(&o));
    }

    #[test]
    fn degenerate_round_shapes() {
        let o = Point3::<f64>::origin();
        // A zero-radius sphere is its center.
        assert!(Sphere::new(o, 0.0).contains_point(&o));
        assert!(!Sphere::new(o, 0.0).contains_point(&Point3::new(1e-100, 0.0, 0.0)));
        // A zero-axis cylinder is treated as the ball of its radius.
        let c = Cylinder::new(o, o, 1.0);
        assert!(c.contains_point(&Point3::new(0.0, 0.9, 0.0)));
        assert_eq!(c.aabb(), Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0)));
        // A zero-height cone is its base disc.
        let flat = Cone::new(o, Vector3::z_axis(), 0.0, 1.0);
        assert!(flat.contains_point(&Point3::new(0.5, 0.5, 0.0)));
        assert!(!flat.contains_point(&Point3::new(0.5, 0.5, 1e-9)));
        assert!(!flat.contains_point(&Point3::new(1.0, 1.0, 0.0)));
    }

    #[test]
    fn cone_and_cylinder_bounds_are_tight() {
        let cone = Cone::new(Point3::new(0.0, 0.0, 0.0), Vector3::y_axis(), 2.0, 1.0);
        let b = cone.aabb();
        approx::assert_relative_eq!(b.min, Point3::new(-1.0, 0.0, -1.0));
        approx::assert_relative_eq!(b.max, Point3::new(1.0, 2.0, 1.0));
        let cyl = Cylinder::new(Point3::new(0.0, 0.0, 0.0), Point3::new(0.0, 0.0, 4.0), 0.5);
        let b = cyl.aabb();
        approx::assert_relative_eq!(b.min, Point3::new(-0.5, -0.5, 0.0));
        approx::assert_relative_eq!(b.max, Point3::new(0.5, 0.5, 4.0));
    }
}
