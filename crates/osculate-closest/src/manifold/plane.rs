//! The sphere-plane and sphere-halfspace manifolds.

use osculate_math::{Halfspace, Plane, Real, Sphere};

use super::{Feature, FeatureId, Manifold};
use crate::{contact_sphere_halfspace, contact_sphere_plane};

const SPHERE_FACE: FeatureId = FeatureId { a: Feature::Face(0), b: Feature::Face(0) };

/// The one-point manifold of sphere `s` (A) and the plane (B, a thin surface) from
/// [`contact_sphere_plane`], when its distance is at most `prediction`. Features: `Face(0)` on
/// each.
///
/// Degenerate and non-finite input as [`contact_sphere_plane`]; any NaN gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::manifold_sphere_plane;
/// use osculate_math::{Plane, Point3, Sphere, Vector3};
///
/// let floor = Plane::new(Vector3::z_axis(), 0.0_f64);
/// let m = manifold_sphere_plane(&Sphere::new(Point3::new(0.0, 0.0, 0.5), 1.0), &floor, 0.0);
/// // A two-sided surface: the sphere is pushed back to the side of its center, 0.5 deep.
/// assert_eq!(m.len(), 1);
/// assert!((m.points()[0].distance + 0.5).abs() < 1e-12);
/// ```
#[must_use]
pub fn manifold_sphere_plane<T: Real>(
    s: &Sphere<T>,
    plane: &Plane<T>,
    prediction: T,
) -> Manifold<T> {
    Manifold::from_contact(contact_sphere_plane(s, plane), prediction, |_| SPHERE_FACE)
}

/// The one-point manifold of sphere `s` (A) and the solid halfspace `h` (B) from
/// [`contact_sphere_halfspace`], when its distance is at most `prediction`. Features: `Face(0)`
/// on each.
///
/// Degenerate and non-finite input as [`contact_sphere_halfspace`]; any NaN gives the empty
/// manifold.
///
/// # Examples
/// ```
/// use osculate_closest::manifold_sphere_halfspace;
/// use osculate_math::{Halfspace, Plane, Point3, Sphere, Vector3};
///
/// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
/// let m = manifold_sphere_halfspace(&Sphere::new(Point3::new(0.0, 0.0, 0.5), 1.0), &ground, 0.0);
/// assert!((m.points()[0].distance + 0.5).abs() < 1e-12);
/// ```
#[must_use]
pub fn manifold_sphere_halfspace<T: Real>(
    s: &Sphere<T>,
    h: &Halfspace<T>,
    prediction: T,
) -> Manifold<T> {
    Manifold::from_contact(contact_sphere_halfspace(s, h), prediction, |_| SPHERE_FACE)
}
