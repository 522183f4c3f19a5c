//! Overlap of a sphere with a convex polygon: the squared distance against the squared radius
//! (Ericson 5.2.8).

use osculate_math::{Real, Sphere, is_finite_point, is_finite_vector};

use crate::sphere::within;

/// Whether solid sphere `s` and convex polygon `poly` meet: the squared distance from the center to
/// the polygon (Ericson 5.2.8) against `r²`. Touching (the polygon exactly `r` from the center)
/// counts as meeting (`≤`); within a rounding of touching the computed squared distance decides.
///
/// # Examples
/// ```
/// use osculate_overlap::sphere_polygon;
/// use osculate_math::{ConvexPolygon, Point3, Sphere};
///
/// let square = ConvexPolygon::try_new(vec![
///     Point3::new(0.0_f64, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0),
///     Point3::new(2.0, 2.0, 0.0), Point3::new(0.0, 2.0, 0.0),
/// ])?;
/// assert!(sphere_polygon(&Sphere::new(Point3::new(1.0, 1.0, 0.5), 1.0), &square));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[cfg(feature = "alloc")]
#[inline]
#[must_use]
pub fn sphere_polygon<T: Real>(s: &Sphere<T>, poly: &osculate_math::ConvexPolygon<T>) -> bool {
    is_finite_point(&s.center)
        && poly.vertices.iter().all(is_finite_point)
        && is_finite_vector(&poly.normal)
        && within(osculate_closest::sq_distance_point_polygon(&s.center, poly), s.radius)
}
