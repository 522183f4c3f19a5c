//! The three capabilities every shape shares: [`Transform`], [`Bounded`] and [`ContainsPoint`].

use crate::{
    Aabb, Capsule, Cylinder, Isometry3, Line, Point3, Ray, Real, Segment, Sphere, Tetrahedron,
    Triangle,
};

/// A shape that can be moved rigidly.
///
/// # Examples
/// ```
/// use osculate_math::{Isometry3, Point3, Segment, Transform, Vector3};
///
/// let s = Segment::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0));
/// let moved = s.transformed(&Isometry3::translation(0.0, 2.0, 0.0));
/// assert_eq!(moved.b, Point3::new(1.0, 2.0, 0.0));
/// ```
pub trait Transform<T: Real> {
    /// The shape type after the motion (an [`Aabb`] becomes an [`Obb`](crate::Obb); every other
    /// shape keeps its type).
    type Output;
    /// The shape moved by `iso` (rotation, then translation).
    #[must_use]
    fn transformed(&self, iso: &Isometry3<T>) -> Self::Output;
}

// The shapes made of points and vectors, each moved field by field.
rigid_transform! {
    Sphere { center; radius },
    Segment { a, b },
    Ray { origin, direction; max_t },
    Line { point, direction },
    Capsule { a, b; radius },
    Cylinder { a, b; radius },
    Triangle { a, b, c },
    Tetrahedron { a, b, c, d },
}

/// A shape that can report an axis-aligned box containing it.
///
/// The box is tight for polytopes, spheres, capsules, cylinders and cones; unbounded shapes (planes,
/// halfspaces, lines, rays without `max_t`) report infinite bounds on the axes they extend along.
/// A shape with NaN fields reports a box with NaN bounds, which contains nothing.
///
/// # Examples
/// ```
/// use osculate_math::{Bounded, Capsule, Point3};
///
/// let c = Capsule::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(0.0, 2.0, 0.0), 0.5);
/// let b = c.aabb();
/// assert_eq!(b.min, Point3::new(-0.5, -0.5, -0.5));
/// assert_eq!(b.max, Point3::new(0.5, 2.5, 0.5));
/// ```
pub trait Bounded<T: Real> {
    /// The bounding axis-aligned box.
    #[must_use]
    fn aabb(&self) -> Aabb<T>;
}

/// A solid that can say whether a point lies in it.
///
/// Solids are closed sets: a point on the boundary is contained. The test is the plain floating-point
/// evaluation of the shape's defining inequalities (no tolerance), so a point computed to lie on the
/// boundary may fall on either side by a rounding. A NaN coordinate is never contained. A shape whose
/// fields make it empty (negative radius, `min > max` box, negative extent) contains nothing.
///
/// # Examples
/// ```
/// use osculate_math::{Aabb, ContainsPoint, Point3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// assert!(b.contains_point(&Point3::new(1.0, 0.5, 0.0)));
/// assert!(!b.contains_point(&Point3::new(1.5, 0.5, 0.0)));
/// ```
pub trait ContainsPoint<T: Real> {
    /// `true` when `p` lies in the solid or on its boundary.
    #[must_use]
    fn contains_point(&self, p: &Point3<T>) -> bool;
}
