//! [`RigidSweep`]: the time of impact of two shapes under rigid motion (translation and rotation),
//! for every pair of convex shapes.

use osculate_dynamic::{
    RigidImpact, RigidMotion, RigidOptions, convex_convex_rigid, sphere_sphere_rigid,
};
use osculate_math::{
    Aabb, Capsule, Cone, ConvexPolyhedron, Cylinder, Obb, Real, Segment, Sphere, Tetrahedron,
    Triangle,
};

/// The first time two shapes moving rigidly come within a target distance of each other: each
/// shape is given in its own frame and placed over time by its [`RigidMotion`] (velocities about
/// a center, a slerp or a screw between two poses), so a spinning body is answered as it turns,
/// not as the straight-line sweep [`Sweep`](crate::Sweep) measures.
///
/// What answers each pair: sphere-sphere by its closed form
/// ([`sphere_sphere_rigid`](crate::dynamic::sphere_sphere_rigid): the centers' paths, a quadratic
/// per step); every other pair of sphere, segment, capsule, box, oriented box, triangle, cylinder,
/// cone, tetrahedron and convex polyhedron by conservative advancement on GJK distances
/// ([`convex_convex_rigid`](crate::dynamic::convex_convex_rigid)), which reports the time from
/// below and never misses a contact however thin or fast the shapes. [`RigidOptions`] sets the
/// interval, the target distance, the tolerance and the evaluation bound; the answer's
/// [`status`](RigidImpact::status) says whether it converged. `None` when the shapes stay apart,
/// and for a NaN or infinite shape, motion or option (see `convex_convex_rigid`).
///
/// # Examples
/// ```
/// use osculate::dynamic::{RigidMotion, RigidOptions};
/// use osculate::prelude::*;
/// use std::f64::consts::PI;
///
/// // A plank of half-length 2 along x, spinning half a turn per unit time about its center, and
/// // a post at rest 1.5 away on the y axis.
/// let plank = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(2.0, 0.05, 0.5));
/// let spin = RigidMotion::new(Isometry3::identity(), Point3::origin(), Vector3::zeros(), Vector3::new(0.0, 0.0, PI));
/// let post = Cylinder::new(Point3::new(0.0, 0.0, -1.0), Point3::new(0.0, 0.0, 1.0), 0.1);
/// let at = RigidMotion::stationary(Isometry3::translation(0.0, 1.5, 0.0));
/// let hit = plank.rigid_time_of_impact(&spin, &post, &at, &RigidOptions::default()).unwrap();
/// // Its side meets the post a little before the quarter turn that points it at the post.
/// let want = (PI / 2.0 - (0.15_f64 / 1.5).asin()) / PI;
/// assert!(hit.toi <= want && want - hit.toi < 1e-6, "{}", hit.toi);
/// // Spinning the other way from the start, it meets the post as soon, mirrored.
/// let back = RigidMotion::new(Isometry3::identity(), Point3::origin(), Vector3::zeros(), Vector3::new(0.0, 0.0, -PI));
/// let mirrored = plank.rigid_time_of_impact(&back, &post, &at, &RigidOptions::default()).unwrap();
/// assert!((mirrored.toi - hit.toi).abs() < 1e-6);
/// ```
pub trait RigidSweep<B: ?Sized> {
    /// The scalar type.
    type Scalar: Real;
    /// The first contact of `self` moving by `motion` and `other` moving by `other_motion`, both
    /// given in their own frames; normal from `self` toward `other`.
    fn rigid_time_of_impact(
        &self,
        motion: &RigidMotion<Self::Scalar>,
        other: &B,
        other_motion: &RigidMotion<Self::Scalar>,
        options: &RigidOptions<Self::Scalar>,
    ) -> Option<RigidImpact<Self::Scalar>>;
}

impl<T: Real> RigidSweep<Self> for Sphere<T> {
    type Scalar = T;
    #[inline]
    fn rigid_time_of_impact(
        &self,
        motion: &RigidMotion<T>,
        other: &Self,
        other_motion: &RigidMotion<T>,
        options: &RigidOptions<T>,
    ) -> Option<RigidImpact<T>> {
        sphere_sphere_rigid(self, motion, other, other_motion, options)
    }
}

/// `RigidSweep` of `$A` with each of the listed shapes, by conservative advancement.
macro_rules! rigid_row {
    ($A:ident: $($B:ident),* $(,)?) => {$(
        impl<T: Real> RigidSweep<$B<T>> for $A<T> {
            type Scalar = T;
            #[inline]
            fn rigid_time_of_impact(
                &self,
                motion: &RigidMotion<T>,
                other: &$B<T>,
                other_motion: &RigidMotion<T>,
                options: &RigidOptions<T>,
            ) -> Option<RigidImpact<T>> {
                convex_convex_rigid(self, motion, other, other_motion, options)
            }
        }
    )*};
}

/// Every shape of the row's list but the sphere: the sphere with itself is the closed form.
macro_rules! rigid_rows {
    ($($A:ident),* $(,)?) => {
        rigid_row!(Sphere: Segment, Capsule, Aabb, Obb, Triangle, Cylinder, Cone, Tetrahedron, ConvexPolyhedron);
        $( rigid_row!($A: Sphere, Segment, Capsule, Aabb, Obb, Triangle, Cylinder, Cone, Tetrahedron, ConvexPolyhedron); )*
    };
}

rigid_rows!(Segment, Capsule, Aabb, Obb, Triangle, Cylinder, Cone, Tetrahedron, ConvexPolyhedron);
