//! The sphere-sphere manifold.

use osculate_math::{Real, Sphere};

use super::{Feature, FeatureId, Manifold};
use crate::contact_sphere_sphere;

/// The one-point manifold of spheres `a` and `b` from [`contact_sphere_sphere`] (van den Bergen
/// 4.3.1, concentric spheres included), when its distance is at most `prediction`. Features:
/// `Face(0)` on each.
///
/// Degenerate and non-finite input as [`contact_sphere_sphere`] (a zero radius is a point); any
/// NaN (`prediction` included) gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::manifold_sphere_sphere;
/// use osculate_math::{Point3, Sphere};
///
/// let a = Sphere::new(Point3::new(0.0_f32, 0.0, 0.0), 1.0);
/// let b = Sphere::new(Point3::new(2.5, 0.0, 0.0), 1.0);
/// assert!(manifold_sphere_sphere(&a, &b, 0.0).is_empty());
/// assert_eq!(manifold_sphere_sphere(&a, &b, 1.0).points()[0].distance, 0.5);
/// ```
#[must_use]
pub fn manifold_sphere_sphere<T: Real>(a: &Sphere<T>, b: &Sphere<T>, prediction: T) -> Manifold<T> {
    Manifold::from_contact(contact_sphere_sphere(a, b), prediction, |_| FeatureId {
        a: Feature::Face(0),
        b: Feature::Face(0),
    })
}
