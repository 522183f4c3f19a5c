//! The sphere-triangle manifold.

use osculate_math::{Real, Sphere, Triangle};

use super::{Feature, FeatureId, Manifold};
use crate::{closest_point_on_triangle, contact_sphere_triangle};

/// The one-point manifold of sphere `s` (A) and triangle `tri` (B) from
/// [`contact_sphere_triangle`], when its distance is at most `prediction`. Features: the sphere's
/// `Face(0)`; on the triangle, the Voronoi region (Ericson 5.1.5) of the sphere's center:
/// `Face(0)` over the interior, `Edge(k)` beside the edge from vertex `k` to `k + 1`, `Vertex(k)`
/// beyond a corner.
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
    Manifold::from_contact(contact_sphere_triangle(s, tri), prediction, |_| FeatureId {
        a: Feature::Face(0),
        b: triangle_feature(&closest_point_on_triangle(&s.center, tri).barycentric),
    })
}

/// The feature of a triangle a closest point with barycentrics `[u, v, w]` lies on: Ericson
/// 5.1.5's edge and vertex regions set the weights they clamp to exactly zero; one zero puts the
/// point on the edge opposite that vertex, two on the third vertex.
fn triangle_feature<T: Real>(bary: &[T; 3]) -> Feature {
    let zero = [bary[0] == T::ZERO, bary[1] == T::ZERO, bary[2] == T::ZERO];
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
