//! Moving convex polygons: a sphere against a polygon (its face, then its edges and vertices).

use osculate_math::{Real, Sphere, Triangle, Vector3, is_finite_point};

use crate::triangle::sphere_triangle;
use crate::types::Impact;

/// Moving sphere `s` (displaced by `vs`) against moving convex polygon `poly` (displaced by `vp`):
/// as [`sphere_triangle`], the polygon fanned into triangles from its first vertex (the fan of a
/// convex polygon covers it), so face, edge and vertex contacts are all found. A polygon of one
/// or two vertices is a point or a segment; `None` for one with no vertex or with a non-finite
/// vertex (any of them, not only those of the triangle hit first), and as [`sphere_triangle`] for
/// a non-finite sphere or displacement.
///
/// # Examples
/// ```
/// use osculate_dynamic::sphere_polygon;
/// use osculate_math::{ConvexPolygon, Point3, Sphere, Vector3};
///
/// let square = ConvexPolygon::try_new(vec![
///     Point3::new(0.0_f64, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0),
///     Point3::new(2.0, 2.0, 0.0), Point3::new(0.0, 2.0, 0.0),
/// ])?;
/// let hit = sphere_polygon(&Sphere::new(Point3::new(1.5, 1.5, 3.0), 0.5), &Vector3::new(0.0, 0.0, -5.0), &square, &Vector3::zeros()).unwrap();
/// assert!((hit.toi - 0.5).abs() < 1e-12);
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn sphere_polygon<T: Real>(
    s: &Sphere<T>,
    vs: &Vector3<T>,
    poly: &osculate_math::ConvexPolygon<T>,
    vp: &Vector3<T>,
) -> Option<Impact<T>> {
    let first = *poly.vertices.first()?;
    // Every vertex finite, not only those of the fan triangle that is hit first (a polygon with
    // a vertex at infinity is invalid input).
    if !poly.vertices.iter().all(is_finite_point) {
        return None;
    }
    let mut best: Option<Impact<T>> = None;
    let count = poly.vertices.len();
    if count < 3 {
        let b = *poly.vertices.get(1).unwrap_or(&first);
        return sphere_triangle(s, vs, &Triangle::new(first, b, b), vp);
    }
    for i in 1..count - 1 {
        let t = Triangle::new(first, poly.vertices[i], poly.vertices[i + 1]);
        if let Some(h) = sphere_triangle(s, vs, &t, vp)
            && best.is_none_or(|b| h.toi < b.toi)
        {
            best = Some(h);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_math::*;

    /// A polygon with an infinite vertex: the sphere overlaps the fan's first triangle, the
    /// infinite vertex is only in the second; an impact was reported from the first.
    #[cfg(feature = "alloc")]
    #[test]
    fn polygon_with_an_infinite_vertex_gives_no_impact() {
        let z = 0.0_f64;
        let poly = ConvexPolygon {
            vertices: vec![
                Point3::new(z, z, z),
                Point3::new(1.0, z, z),
                Point3::new(1.0, 1.0, z),
                Point3::new(z, f64::INFINITY, z),
            ],
            normal: Vector3::z_axis(),
        };
        let s = Sphere::new(Point3::new(0.5, 0.1, z), 0.5);
        assert!(sphere_polygon(&s, &Vector3::zeros(), &poly, &Vector3::zeros()).is_none());
    }
}
