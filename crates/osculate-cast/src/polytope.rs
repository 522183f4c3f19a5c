//! Rays against convex polygons (Ericson 5.3.6) and convex polyhedra (Cyrus-Beck clipping against
//! the face planes, Ericson 5.3.8), and the clipping the tetrahedron cast shares.

use osculate_math::{Ray, Real, UnitVector3, Vector3, safe_normalize};

#[cfg(feature = "alloc")]
use crate::plane::facing;
#[cfg(feature = "alloc")]
use crate::types::valid_ray;
use crate::types::{RayHit, hit};

/// Cyrus-Beck: the ray clipped by the halfspaces behind `planes` (Ericson 5.3.8). Each plane
/// either bounds the ray's entry (it moves into the halfspace) or its exit; a ray parallel to a
/// plane is inside it or misses.
pub(crate) fn clip_planes<T: Real>(
    ray: &Ray<T>,
    planes: impl Iterator<Item = (Vector3<T>, T)>,
) -> Option<RayHit<T>> {
    let (mut first, mut last) = (T::ZERO, ray.max_t);
    let mut normal: Option<UnitVector3<T>> = None;
    let mut any = false;
    for (n, d) in planes {
        any = true;
        let denom = n.dot(&ray.direction);
        let dist = d - n.dot(&ray.origin.coords);
        if !(denom.is_finite() && dist.is_finite()) {
            return None;
        }
        if denom == T::ZERO {
            // Parallel: the origin must be behind (or on) the plane.
            if dist < T::ZERO {
                return None;
            }
            continue;
        }
        let t = dist / denom;
        if denom < T::ZERO {
            // Entering this halfspace.
            if t > first || (t == first && normal.is_none() && t > T::ZERO) {
                first = t;
                normal = safe_normalize(&n);
            }
        } else if t < last {
            last = t;
        }
        if first > last {
            return None;
        }
    }
    if !any {
        return None;
    }
    // No entering plane moved `first` past 0: the origin is inside.
    let inside = normal.is_none();
    hit(ray, first, last, normal, inside)
}

/// The cast of `ray` against solid convex polyhedron `poly` by Cyrus-Beck clipping against its face
/// planes (Ericson 5.3.8): the entry is the last plane entered, the exit the first one left. A ray
/// starting inside has `t_enter = 0`. `None` on a miss, an invalid ray, NaN or no planes.
///
/// # Examples
/// ```
/// use osculate_cast::ray_polyhedron;
/// use osculate_math::{Aabb, ConvexPolyhedron, Point3, Ray, Vector3};
///
/// let cube = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)))?;
/// let h = ray_polyhedron(&Ray::new(Point3::new(0.5, 0.5, 4.0), -Vector3::z()), &cube).unwrap();
/// assert!((h.t_enter - 3.0).abs() < 1e-12 && (h.t_exit - 4.0).abs() < 1e-12);
/// assert!((h.normal.into_inner() - Vector3::z()).norm() < 1e-12);
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn ray_polyhedron<T: Real>(
    ray: &Ray<T>,
    poly: &osculate_math::ConvexPolyhedron<T>,
) -> Option<RayHit<T>> {
    if !valid_ray(ray) {
        return None;
    }
    clip_planes(ray, poly.planes.iter().map(|p| (p.normal.into_inner(), p.d)))
}

/// The cast of `ray` against convex polygon `poly` (a two-sided flat surface): the ray meets the
/// polygon's plane (Ericson 5.3.1) at a point inside every edge (Ericson 5.3.5's point-in-convex-
/// polygon test, either winding). Edges count as inside. `None` on a miss, for a ray parallel to the
/// plane, an invalid ray, NaN or fewer than three vertices.
///
/// # Examples
/// ```
/// use osculate_cast::ray_polygon;
/// use osculate_math::{ConvexPolygon, Point3, Ray, Vector3};
///
/// let square = ConvexPolygon::try_new(vec![
///     Point3::new(0.0_f64, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0),
///     Point3::new(2.0, 2.0, 0.0), Point3::new(0.0, 2.0, 0.0),
/// ])?;
/// let h = ray_polygon(&Ray::new(Point3::new(1.5, 0.5, 3.0), -Vector3::z()), &square).unwrap();
/// assert_eq!(h.point, Point3::new(1.5, 0.5, 0.0));
/// assert!(ray_polygon(&Ray::new(Point3::new(2.5, 0.5, 3.0), -Vector3::z()), &square).is_none());
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn ray_polygon<T: Real>(
    ray: &Ray<T>,
    poly: &osculate_math::ConvexPolygon<T>,
) -> Option<RayHit<T>> {
    let first = *poly.vertices.first()?;
    if poly.vertices.len() < 3 || !valid_ray(ray) {
        return None;
    }
    let n = poly.normal.into_inner();
    let denom = n.dot(&ray.direction);
    if denom == T::ZERO {
        return None;
    }
    let t = (first - ray.origin).dot(&n) / denom;
    if !(T::ZERO <= t && t <= ray.max_t) {
        return None;
    }
    let x = ray.point_at(t);
    let count = poly.vertices.len();
    let (mut pos, mut neg) = (false, false);
    for i in 0..count {
        let (a, b) = (&poly.vertices[i], &poly.vertices[(i + 1) % count]);
        let s = (b - a).cross(&(x - a)).dot(&n);
        if s.is_nan() {
            return None;
        }
        pos |= s > T::ZERO;
        neg |= s < T::ZERO;
    }
    if pos && neg {
        return None;
    }
    hit(ray, t, t, facing(&n, &ray.direction), false)
}
