//! [`Validate`]: whether a shape built through its public fields is valid input, by the rules its
//! validating constructor (`try_new`) applies.

use crate::{
    Aabb, Capsule, Cone, Cylinder, Halfspace, Line, Obb, Plane, Point3, Ray, Real, Segment, Sphere,
    Tetrahedron, Triangle, UnitVector3, Vector3, is_finite_point, is_finite_vector,
};

/// Whether a shape is valid input for the queries: what its validating constructor would accept,
/// checked on a shape built through its public fields.
///
/// The rules are those of each shape's `try_new`: every coordinate and size finite, radii,
/// heights and half extents non-negative, a box's `min ≤ max`, a unit axis or normal where the
/// shape requires one (within `2 ×` [`Real::UNIT_TOLERANCE`] in squared length), a non-zero ray or
/// line direction and a ray's `max_t ≥ 0`. The degenerate shapes the queries accept are valid: a
/// zero radius, a zero extent, a zero-length segment, a collapsed triangle, a cylinder with
/// `a == b` (treated as the ball of its radius). Every query that reaches a general algorithm
/// (GJK, EPA, the GJK ray cast) checks it on both shapes, so that an invalid shape gets the same
/// "no answer" (`false`, NaN, `None`) there as from the closed forms.
///
/// # Examples
/// ```
/// use osculate_math::{Aabb, Cylinder, Point3, Sphere, Validate};
///
/// assert!(Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 0.0).is_valid()); // a point
/// assert!(!Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), -1.0).is_valid()); // empty
/// let nan = Cylinder::new(Point3::origin(), Point3::new(f64::NAN, 0.0, 1.0), 1.0);
/// assert!(!nan.is_valid());
/// let inverted = Aabb::new(Point3::new(1.0_f32, 0.0, 0.0), Point3::new(0.0, 1.0, 1.0));
/// assert!(!inverted.is_valid());
/// ```
pub trait Validate {
    /// `true` when the shape is valid input (see the trait documentation).
    #[must_use]
    fn is_valid(&self) -> bool;
}

/// A finite, non-negative scalar.
#[inline]
fn size<T: Real>(x: T) -> bool {
    x.is_finite() && x >= T::ZERO
}

/// A finite vector of unit length within the tolerance of the validating constructors.
#[inline]
fn unit<T: Real>(v: &UnitVector3<T>) -> bool {
    is_finite_vector(v) && (v.norm_squared() - T::ONE).abs() <= T::TWO * T::UNIT_TOLERANCE
}

/// A finite vector of non-zero (and finite) squared length.
#[inline]
fn direction<T: Real>(v: &Vector3<T>) -> bool {
    let n2 = v.norm_squared();
    is_finite_vector(v) && n2 > T::ZERO && n2.is_finite()
}

impl<T: Real> Validate for Point3<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        is_finite_point(self)
    }
}

impl<T: Real> Validate for Segment<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        is_finite_point(&self.a) & is_finite_point(&self.b)
    }
}

impl<T: Real> Validate for Ray<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        is_finite_point(&self.origin) && direction(&self.direction) && self.max_t >= T::ZERO
    }
}

impl<T: Real> Validate for Line<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        is_finite_point(&self.point) && direction(&self.direction)
    }
}

impl<T: Real> Validate for Triangle<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        is_finite_point(&self.a) & is_finite_point(&self.b) & is_finite_point(&self.c)
    }
}

impl<T: Real> Validate for Tetrahedron<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        self.vertices().iter().all(is_finite_point)
    }
}

impl<T: Real> Validate for Sphere<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        is_finite_point(&self.center) && size(self.radius)
    }
}

impl<T: Real> Validate for Capsule<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        is_finite_point(&self.a) && is_finite_point(&self.b) && size(self.radius)
    }
}

impl<T: Real> Validate for Cylinder<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        is_finite_point(&self.a) && is_finite_point(&self.b) && size(self.radius)
    }
}

impl<T: Real> Validate for Cone<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        is_finite_point(&self.tip) && unit(&self.axis) && size(self.height) && size(self.radius)
    }
}

impl<T: Real> Validate for Aabb<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        is_finite_point(&self.min)
            && is_finite_point(&self.max)
            && (0..3).all(|i| self.min[i] <= self.max[i])
    }
}

impl<T: Real> Validate for Obb<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        is_finite_point(&self.center)
            && self.rotation.matrix().iter().all(|x| x.is_finite())
            && self.half_extents.iter().all(|x| size(*x))
    }
}

impl<T: Real> Validate for Plane<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        unit(&self.normal) && self.d.is_finite()
    }
}

impl<T: Real> Validate for Halfspace<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        self.plane.is_valid()
    }
}

#[cfg(feature = "alloc")]
impl<T: Real> Validate for crate::ConvexPolygon<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        !self.vertices.is_empty() && self.vertices.iter().all(is_finite_point) && unit(&self.normal)
    }
}

#[cfg(feature = "alloc")]
impl<T: Real> Validate for crate::ConvexPolyhedron<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        !self.vertices.is_empty()
            && self.vertices.iter().all(is_finite_point)
            && self.planes.iter().all(Validate::is_valid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rotation3, Unit};

    fn rules<T: Real>() {
        let o = Point3::<T>::origin();
        let p = Point3::new(T::ONE, T::ZERO, T::ZERO);
        let nan = Point3::new(T::NAN, T::ZERO, T::ZERO);
        let inf = Point3::new(T::ZERO, T::INFINITY, T::ZERO);
        let e = Vector3::new(T::ONE, T::ONE, T::ONE);
        // Valid, degenerate included.
        assert!(Sphere::new(o, T::ZERO).is_valid());
        assert!(Capsule::new(o, o, T::ZERO).is_valid());
        assert!(Cylinder::new(o, o, T::ONE).is_valid());
        assert!(Cone::new(o, Vector3::x_axis(), T::ZERO, T::ZERO).is_valid());
        assert!(Aabb::new(o, o).is_valid());
        assert!(Obb::new(o, Rotation3::identity(), Vector3::zeros()).is_valid());
        assert!(Segment::new(o, o).is_valid() && Triangle::new(o, o, o).is_valid());
        assert!(Tetrahedron::new(o, o, o, o).is_valid());
        assert!(Ray::new(o, Vector3::x()).is_valid() && Line::new(o, Vector3::x()).is_valid());
        assert!(Plane::new(Vector3::z_axis(), T::ONE).is_valid());
        // Invalid: non-finite, negative, inverted, not unit, zero direction.
        assert!(!Sphere::new(nan, T::ONE).is_valid() && !Sphere::new(o, -T::ONE).is_valid());
        assert!(!Sphere::new(o, T::INFINITY).is_valid() && !Sphere::new(o, T::NAN).is_valid());
        assert!(!Capsule::new(o, inf, T::ONE).is_valid());
        assert!(!Cylinder::new(o, nan, T::ONE).is_valid());
        assert!(!Cylinder::new(o, p, -T::ONE).is_valid());
        assert!(!Cone::new(o, Vector3::x_axis(), T::NAN, T::ONE).is_valid());
        assert!(!Cone::new(o, Vector3::x_axis(), T::ONE, -T::ONE).is_valid());
        let long = Unit::new_unchecked(Vector3::new(T::TWO, T::ZERO, T::ZERO));
        assert!(!Cone::new(o, long, T::ONE, T::ONE).is_valid());
        assert!(!Aabb::new(p, o).is_valid() && !Aabb::new(nan, p).is_valid());
        assert!(!Obb::new(o, Rotation3::identity(), -e).is_valid());
        let r = Rotation3::from_matrix_unchecked(crate::Matrix3::from_element(T::NAN));
        assert!(!Obb::new(o, r, e).is_valid());
        assert!(!Segment::new(o, nan).is_valid() && !Triangle::new(o, o, inf).is_valid());
        assert!(!Ray::new(o, Vector3::zeros()).is_valid());
        assert!(!Ray { max_t: -T::ONE, ..Ray::new(o, Vector3::x()) }.is_valid());
        assert!(!Ray { max_t: T::NAN, ..Ray::new(o, Vector3::x()) }.is_valid());
        assert!(!Plane::new(Vector3::z_axis(), T::NAN).is_valid());
    }

    osculate_testing::for_f32_and_f64!(rules);
}
