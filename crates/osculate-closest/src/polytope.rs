//! Convex polygons: the closest point to a point and the squared distance (Ericson 5.1.5's
//! regions over the polygon's edges); the planar projection the polyhedron shares.

use osculate_math::ConvexPolygon;
use osculate_math::{Point3, Real, Vector3, nan_point};

use crate::linear::closest_point_on_segment;

/// The point of a planar convex region closest to `p`: the vertices are in order (either winding)
/// around `normal`. The projection of `p` when it falls inside, else the nearest edge point.
#[cfg(feature = "alloc")]
pub(crate) fn closest_on_planar<T: Real>(
    p: &Point3<T>,
    vertices: &[Point3<T>],
    normal: &Vector3<T>,
) -> Point3<T> {
    let Some(first) = vertices.first() else {
        return nan_point();
    };
    if vertices.len() == 1 {
        return *first;
    }
    // The projection of p onto the plane through the first vertex.
    let q = p - normal * (p - first).dot(normal);
    let n = vertices.len();
    // Inside when q is on the same side of every edge (either winding is accepted; a zero turn,
    // q on an edge line, counts as inside that edge).
    let (mut pos, mut neg) = (false, false);
    for i in 0..n {
        let (u, v) = (&vertices[i], &vertices[(i + 1) % n]);
        let s = (v - u).cross(&(q - u)).dot(normal);
        pos |= s > T::ZERO;
        neg |= s < T::ZERO;
        if s.is_nan() {
            return nan_point();
        }
    }
    if !(pos && neg) && (pos || neg) {
        return q;
    }
    let mut best = *first;
    let mut best_d = T::INFINITY;
    for i in 0..n {
        let seg = osculate_math::Segment::new(vertices[i], vertices[(i + 1) % n]);
        let c = closest_point_on_segment(p, &seg).point;
        let d = (c - p).norm_squared();
        if d < best_d {
            best_d = d;
            best = c;
        }
    }
    best
}

/// The point of convex polygon `poly` (a flat surface) closest to `p`: the projection of `p` on its
/// plane when that falls inside, else the closest point of the nearest edge (Ericson 5.1.5's
/// reasoning, generalised from the triangle to a convex polygon).
///
/// A polygon with no vertices gives NaN; one vertex is a point; collinear vertices are the segment
/// they span (every edge is measured).
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_polygon;
/// use osculate_math::{ConvexPolygon, Point3};
///
/// let square = ConvexPolygon::try_new(vec![
///     Point3::new(0.0_f64, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0),
///     Point3::new(2.0, 2.0, 0.0), Point3::new(0.0, 2.0, 0.0),
/// ])?;
/// assert_eq!(closest_point_on_polygon(&Point3::new(1.0, 1.0, 3.0), &square), Point3::new(1.0, 1.0, 0.0));
/// assert_eq!(closest_point_on_polygon(&Point3::new(5.0, 1.0, 3.0), &square), Point3::new(2.0, 1.0, 0.0));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn closest_point_on_polygon<T: Real>(p: &Point3<T>, poly: &ConvexPolygon<T>) -> Point3<T> {
    closest_on_planar(p, &poly.vertices, &poly.normal.into_inner())
}

/// The squared distance from `p` to convex polygon `poly`.
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_polygon;
/// use osculate_math::{ConvexPolygon, Point3};
///
/// let tri = ConvexPolygon::try_new(vec![
///     Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0),
/// ])?;
/// assert_eq!(sq_distance_point_polygon(&Point3::new(0.25, 0.25, 2.0), &tri), 4.0);
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[cfg(feature = "alloc")]
#[inline]
#[must_use]
pub fn sq_distance_point_polygon<T: Real>(p: &Point3<T>, poly: &ConvexPolygon<T>) -> T {
    (closest_point_on_polygon(p, poly) - p).norm_squared()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::*;
    use osculate_math::point3;

    use osculate_testing::for_f32_and_f64;

    fn polygon_cases<T: Real>() -> Result<(), osculate_math::ShapeError> {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let close = |a: Point3<T>, b: Point3<T>| (a - b).norm() < l(1e-5);
        let square = ConvexPolygon::try_new(alloc::vec![
            p(0.0, 0.0, 0.0),
            p(1.0, 0.0, 0.0),
            p(1.0, 1.0, 0.0),
            p(0.0, 1.0, 0.0)
        ])?;
        assert!(close(closest_point_on_polygon(&p(0.5, 0.5, -2.0), &square), p(0.5, 0.5, 0.0)));
        assert!(close(closest_point_on_polygon(&p(2.0, 2.0, 1.0), &square), p(1.0, 1.0, 0.0)));
        assert!(close(closest_point_on_polygon(&p(-1.0, 0.5, 1.0), &square), p(0.0, 0.5, 0.0)));
        // Clockwise vertices with the same normal are accepted too.
        let mut cw = square.clone();
        cw.vertices.reverse();
        assert!(close(closest_point_on_polygon(&p(0.5, 0.5, -2.0), &cw), p(0.5, 0.5, 0.0)));
        let empty = ConvexPolygon { vertices: alloc::vec![], normal: Vector3::z_axis() };
        assert!(closest_point_on_polygon(&p(0.0, 0.0, 0.0), &empty).x.is_nan());

        Ok(())
    }

    for_f32_and_f64!(polygon_cases);
}
