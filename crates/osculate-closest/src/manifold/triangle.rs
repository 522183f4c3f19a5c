//! The sphere-triangle manifold.

use osculate_math::{Real, Sphere, Triangle};

use super::{Feature, FeatureId, Manifold};
use crate::{closest_point_on_triangle, contact_sphere_triangle};

/// The one-point manifold of sphere `s` (A) and triangle `tri` (B) from
/// [`contact_sphere_triangle`], when its distance is at most `prediction`. Features: the sphere's
/// `Face(0)`; on the triangle, from the barycentrics of the point (Ericson 5.1.5's Voronoi
/// regions): `Face(0)` inside, `Edge(k)` on the edge from vertex `k` to `k + 1`, `Vertex(k)` at a
/// corner.
///
/// Degenerate and non-finite input as [`contact_sphere_triangle`] (a collapsed triangle is a
/// segment or a point); any NaN gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_sphere_triangle};
/// use osculate_math::{Point3, Sphere, Triangle};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// let m = manifold_sphere_triangle(&Sphere::new(Point3::new(1.0, 1.0, 0.5), 1.0), &t, 0.0);
/// assert_eq!(m.points()[0].id.b, Feature::Face(0));
/// let m = manifold_sphere_triangle(&Sphere::new(Point3::new(-0.5, -0.5, 0.0), 1.0), &t, 0.0);
/// assert_eq!(m.points()[0].id.b, Feature::Vertex(0));
/// ```
#[must_use]
pub fn manifold_sphere_triangle<T: Real>(
    s: &Sphere<T>,
    tri: &Triangle<T>,
    prediction: T,
) -> Manifold<T> {
    Manifold::from_contact(contact_sphere_triangle(s, tri), prediction, |c| FeatureId {
        a: Feature::Face(0),
        b: triangle_feature(&closest_point_on_triangle(&c.point_b, tri).barycentric),
    })
}

/// The feature of a triangle a point with barycentrics `[u, v, w]` lies on: a zero weight (within
/// a relative tolerance) puts it on the edge opposite that vertex, two on the third vertex.
pub(crate) fn triangle_feature<T: Real>(bary: &[T; 3]) -> Feature {
    let tol = T::RELATIVE_TOLERANCE * T::lit(64.0);
    let zero = [bary[0] <= tol, bary[1] <= tol, bary[2] <= tol];
    match zero {
        [false, true, true] => Feature::Vertex(0),
        [true, false, true] => Feature::Vertex(1),
        [true, true, false] => Feature::Vertex(2),
        // Zero weight of c: on edge ab (0); of a: on edge bc (1); of b: on edge ca (2).
        [false, false, true] => Feature::Edge(0),
        [true, false, false] => Feature::Edge(1),
        [false, true, false] => Feature::Edge(2),
        _ => Feature::Face(0),
    }
}
