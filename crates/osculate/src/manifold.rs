//! Contact manifolds through one trait, [`ContactManifold`], for every pair that has a
//! `manifold_*` query in [`closest`](crate::closest), in both argument orders.

use osculate_closest::{
    Manifold, manifold_aabb_aabb, manifold_aabb_halfspace, manifold_aabb_obb, manifold_aabb_plane,
    manifold_capsule_aabb, manifold_capsule_capsule, manifold_capsule_halfspace,
    manifold_capsule_obb, manifold_capsule_plane, manifold_obb_halfspace, manifold_obb_obb,
    manifold_obb_plane, manifold_sphere_aabb, manifold_sphere_capsule, manifold_sphere_halfspace,
    manifold_sphere_obb, manifold_sphere_plane, manifold_sphere_sphere, manifold_sphere_triangle,
    manifold_triangle_halfspace, manifold_triangle_plane,
};
#[cfg(feature = "alloc")]
use osculate_closest::{
    PolyhedronFeatures, manifold_aabb_polyhedron_with, manifold_capsule_polyhedron_with,
    manifold_obb_polyhedron_with, manifold_polyhedron_cone_with, manifold_polyhedron_cylinder_with,
    manifold_polyhedron_halfspace_with, manifold_polyhedron_plane_with,
    manifold_polyhedron_polyhedron_with, manifold_sphere_polyhedron_with,
    manifold_triangle_polyhedron_with,
};
#[cfg(feature = "alloc")]
use osculate_closest::{
    manifold_aabb_cone, manifold_aabb_cylinder, manifold_capsule_cone, manifold_capsule_cylinder,
    manifold_cone_cone, manifold_cylinder_cone, manifold_cylinder_cylinder, manifold_obb_cone,
    manifold_obb_cylinder, manifold_polyhedron_cone, manifold_polyhedron_cylinder,
    manifold_sphere_cone, manifold_sphere_cylinder, manifold_triangle_cone,
    manifold_triangle_cylinder,
};
#[cfg(feature = "alloc")]
use osculate_closest::{
    manifold_aabb_polyhedron, manifold_aabb_triangle, manifold_capsule_polyhedron,
    manifold_capsule_triangle, manifold_obb_polyhedron, manifold_obb_triangle,
    manifold_polyhedron_polyhedron, manifold_sphere_polyhedron, manifold_triangle_polyhedron,
    manifold_triangle_triangle,
};
#[cfg(feature = "alloc")]
use osculate_closest::{
    manifold_cone_halfspace, manifold_cone_plane, manifold_cylinder_halfspace,
    manifold_cylinder_plane, manifold_polyhedron_halfspace, manifold_polyhedron_plane,
};
use osculate_math::{Aabb, Capsule, Halfspace, Obb, Plane, Real, Sphere, Triangle};

#[cfg(feature = "alloc")]
use crate::workspace::with_manifold_workspace;
#[cfg(feature = "alloc")]
use osculate_math::{Cone, ConvexPolyhedron, Cylinder};

/// The contact manifold of this shape (A) and `other` (B): up to four points sharing one unit
/// normal from A toward B, each with its signed distance, its point on each shape and the pair of
/// features that produced it (see [`closest::Manifold`](crate::closest::Manifold) and
/// [`closest::Feature`](crate::closest::Feature)); points apart by more than `prediction` are
/// left out.
///
/// Implemented for box-box ([`Obb`] and [`Aabb`] in any mix, by separating axes and clipping:
/// [`manifold_obb_obb`](crate::closest::manifold_obb_obb)), capsule-capsule (two points when
/// parallel), capsule-box and capsule-oriented box (two points along a face:
/// [`manifold_capsule_obb`](crate::closest::manifold_capsule_obb)), the sphere with the sphere,
/// capsule, box, oriented box, triangle, plane and halfspace (one point), and the box, oriented
/// box, capsule and triangle with a plane and a halfspace (the corners within the prediction,
/// reduced to four: [`manifold_obb_plane`](crate::closest::manifold_obb_plane)); with the
/// `alloc` feature also the convex polyhedron with the polyhedron, the box, the oriented box, the
/// triangle, the capsule (two points along a face) and the sphere (one point), and the triangle
/// with the box, the oriented box, the capsule and the triangle (separating axes and clipping:
/// [`manifold_polyhedron_polyhedron`](crate::closest::manifold_polyhedron_polyhedron)), the
/// cylinder and the cone with each other and with the sphere, capsule, box, oriented box,
/// triangle and polyhedron (the normal from GJK/EPA, the supporting features clipped, caps as
/// octagons: [`manifold_cylinder_cylinder`](crate::closest::manifold_cylinder_cylinder)), the
/// polyhedron, the cylinder and the cone with a plane and a halfspace (vertices and exact rim
/// points: [`manifold_cylinder_plane`](crate::closest::manifold_cylinder_plane)), and the
/// prepared polyhedron ([`PolyhedronFeatures`](crate::closest::PolyhedronFeatures), built once)
/// with itself, the box, the oriented box, the triangle, the sphere, the capsule, the cylinder,
/// the cone, the plane and the halfspace, by the allocation-free `manifold_*_polyhedron_with` and
/// `manifold_polyhedron_*_with` queries in a thread-local
/// [`ManifoldWorkspace`](crate::closest::ManifoldWorkspace) (behind `std`; a fresh one per query
/// without it): the same manifold as the plain query on the polyhedron, bit for bit. Each in
/// both argument orders: for two shapes of different types the
/// reversed order calls the same function on `(other, self)` and swaps the answer
/// ([`Manifold::swapped`]: the normal flipped, the points and the features of A and B
/// exchanged), so both orders agree exactly; a shape with its own type calls the function in the
/// order given (the reference face of a box pair goes to A within the face preference). Degenerate
/// and non-finite input as each function documents: any NaN gives the empty manifold.
///
/// Two [`Posed`](crate::Posed) shapes have the manifold of their shapes: it is computed in one
/// body's frame, the other shape moved into it as the other posed queries move it (a box stays a
/// box, an [`Aabb`] becomes an [`Obb`], a polyhedron is never moved against a moved shape), and
/// mapped back by that body's pose ([`Manifold::transformed`]); the ids are the shapes' own, so
/// they persist as the bodies move. A posed polyhedron with a posed polyhedron is answered in the
/// first's frame with the second read through the relative pose, never rebuilt
/// ([`manifold_polyhedron_polyhedron_posed`](crate::closest::manifold_polyhedron_polyhedron_posed):
/// the manifold of the moved polyhedron, its ids and point count, its geometry to rounding); two
/// posed prepared polyhedra ([`PolyhedronFeatures`](crate::closest::PolyhedronFeatures), built
/// once in their own frames) by the allocation-free
/// [`manifold_polyhedron_polyhedron_posed_with`](crate::closest::manifold_polyhedron_polyhedron_posed_with),
/// both in this thread's manifold workspace.
///
/// # Examples
/// ```
/// use osculate::ContactManifold;
/// use osculate::closest::Feature;
/// use osculate::prelude::*;
///
/// let ground = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(5.0_f64, 5.0, 1.0));
/// let ball = Sphere::new(Point3::new(0.0, 0.0, 1.4), 0.5);
/// let m = ball.manifold(&ground, 0.0);
/// assert_eq!(m.len(), 1);
/// assert!((m.normal.z + 1.0).abs() < 1e-12); // from the ball down to the ground
/// assert_eq!(m.points()[0].id.b, Feature::Face(5)); // the ground's top face
/// // The other order: the normal flipped, the features exchanged.
/// let r = ground.manifold(&ball, 0.0);
/// assert_eq!(r.normal.into_inner(), -m.normal.into_inner());
/// assert_eq!(r.points()[0].id, m.points()[0].id.swapped());
///
/// // Posed: the ball kept about its own origin, placed by a pose; the same manifold.
/// let local = Sphere::new(Point3::origin(), 0.5);
/// let placed = Posed::new(&local, Isometry3::translation(0.0, 0.0, 1.4));
/// let p = placed.manifold(&Posed::new(&ground, Isometry3::identity()), 0.0);
/// assert_eq!(p.points()[0].id, m.points()[0].id);
/// assert!((p.points()[0].distance - m.points()[0].distance).abs() < 1e-12);
/// ```
pub trait ContactManifold<B: ?Sized> {
    /// The scalar type.
    type Scalar: Real;
    /// The manifold, normal from `self` toward `other`; empty when the shapes are apart by more
    /// than `prediction` or the input is invalid.
    fn manifold(&self, other: &B, prediction: Self::Scalar) -> Manifold<Self::Scalar>;
}

/// Implements [`ContactManifold`] for `A` with `A` (one row per shape paired with itself).
macro_rules! same_pairs {
    ($($A:ident: $f:ident;)*) => {$(
        impl<T: Real> ContactManifold<$A<T>> for $A<T> {
            type Scalar = T;
            #[inline]
            fn manifold(&self, other: &$A<T>, prediction: T) -> Manifold<T> {
                $f(self, other, prediction)
            }
        }
    )*};
}

/// Implements [`ContactManifold`] for `A` with `B` by `f(a, b)` and for `B` with `A` by the
/// swapped `f(b, a)`.
macro_rules! both_orders {
    ($($A:ident, $B:ident: $f:ident;)*) => {$(
        impl<T: Real> ContactManifold<$B<T>> for $A<T> {
            type Scalar = T;
            #[inline]
            fn manifold(&self, other: &$B<T>, prediction: T) -> Manifold<T> {
                $f(self, other, prediction)
            }
        }
        impl<T: Real> ContactManifold<$A<T>> for $B<T> {
            type Scalar = T;
            #[inline]
            fn manifold(&self, other: &$A<T>, prediction: T) -> Manifold<T> {
                $f(other, self, prediction).swapped()
            }
        }
    )*};
}

same_pairs! {
    Sphere: manifold_sphere_sphere;
    Capsule: manifold_capsule_capsule;
    Obb: manifold_obb_obb;
    Aabb: manifold_aabb_aabb;
}

both_orders! {
    Capsule, Obb: manifold_capsule_obb;
    Capsule, Aabb: manifold_capsule_aabb;
    Sphere, Capsule: manifold_sphere_capsule;
    Sphere, Aabb: manifold_sphere_aabb;
    Sphere, Obb: manifold_sphere_obb;
    Sphere, Triangle: manifold_sphere_triangle;
    Sphere, Plane: manifold_sphere_plane;
    Sphere, Halfspace: manifold_sphere_halfspace;
    Aabb, Obb: manifold_aabb_obb;
    Obb, Plane: manifold_obb_plane;
    Obb, Halfspace: manifold_obb_halfspace;
    Aabb, Plane: manifold_aabb_plane;
    Aabb, Halfspace: manifold_aabb_halfspace;
    Capsule, Plane: manifold_capsule_plane;
    Capsule, Halfspace: manifold_capsule_halfspace;
    Triangle, Plane: manifold_triangle_plane;
    Triangle, Halfspace: manifold_triangle_halfspace;
}

#[cfg(feature = "alloc")]
same_pairs! {
    ConvexPolyhedron: manifold_polyhedron_polyhedron;
    Triangle: manifold_triangle_triangle;
    Cylinder: manifold_cylinder_cylinder;
    Cone: manifold_cone_cone;
}

#[cfg(feature = "alloc")]
both_orders! {
    Aabb, ConvexPolyhedron: manifold_aabb_polyhedron;
    Obb, ConvexPolyhedron: manifold_obb_polyhedron;
    Triangle, ConvexPolyhedron: manifold_triangle_polyhedron;
    Aabb, Triangle: manifold_aabb_triangle;
    Obb, Triangle: manifold_obb_triangle;
    Capsule, Triangle: manifold_capsule_triangle;
    Cylinder, Cone: manifold_cylinder_cone;
    Sphere, Cylinder: manifold_sphere_cylinder;
    Sphere, Cone: manifold_sphere_cone;
    Capsule, Cylinder: manifold_capsule_cylinder;
    Capsule, Cone: manifold_capsule_cone;
    Aabb, Cylinder: manifold_aabb_cylinder;
    Aabb, Cone: manifold_aabb_cone;
    Obb, Cylinder: manifold_obb_cylinder;
    Obb, Cone: manifold_obb_cone;
    Triangle, Cylinder: manifold_triangle_cylinder;
    Triangle, Cone: manifold_triangle_cone;
    ConvexPolyhedron, Cylinder: manifold_polyhedron_cylinder;
    ConvexPolyhedron, Cone: manifold_polyhedron_cone;
    Sphere, ConvexPolyhedron: manifold_sphere_polyhedron;
    Capsule, ConvexPolyhedron: manifold_capsule_polyhedron;
    ConvexPolyhedron, Plane: manifold_polyhedron_plane;
    ConvexPolyhedron, Halfspace: manifold_polyhedron_halfspace;
    Cylinder, Plane: manifold_cylinder_plane;
    Cylinder, Halfspace: manifold_cylinder_halfspace;
    Cone, Plane: manifold_cone_plane;
    Cone, Halfspace: manifold_cone_halfspace;
}

/// Implements [`ContactManifold`] for `A` with prepared polyhedron features by
/// `f(a, features, prediction, workspace)` in this thread's manifold workspace, and for the
/// features with `A` by the swapped answer.
#[cfg(feature = "alloc")]
macro_rules! prepared_pairs {
    ($($A:ident: $f:ident;)*) => {$(
        impl<T: Real> ContactManifold<PolyhedronFeatures<T>> for $A<T> {
            type Scalar = T;
            #[inline]
            fn manifold(&self, other: &PolyhedronFeatures<T>, prediction: T) -> Manifold<T> {
                with_manifold_workspace(|w| $f(self, other, prediction, w))
            }
        }
        impl<T: Real> ContactManifold<$A<T>> for PolyhedronFeatures<T> {
            type Scalar = T;
            #[inline]
            fn manifold(&self, other: &$A<T>, prediction: T) -> Manifold<T> {
                with_manifold_workspace(|w| $f(other, self, prediction, w)).swapped()
            }
        }
    )*};
}

#[cfg(feature = "alloc")]
prepared_pairs! {
    Obb: manifold_obb_polyhedron_with;
    Aabb: manifold_aabb_polyhedron_with;
    Triangle: manifold_triangle_polyhedron_with;
    Sphere: manifold_sphere_polyhedron_with;
    Capsule: manifold_capsule_polyhedron_with;
}

/// Implements [`ContactManifold`] for prepared polyhedron features with `B` by
/// `f(features, b, prediction, workspace)` in this thread's manifold workspace, and for `B` with
/// the features by the swapped answer (the `_with` queries that take the polyhedron first).
#[cfg(feature = "alloc")]
macro_rules! prepared_first_pairs {
    ($($B:ident: $f:ident;)*) => {$(
        impl<T: Real> ContactManifold<$B<T>> for PolyhedronFeatures<T> {
            type Scalar = T;
            #[inline]
            fn manifold(&self, other: &$B<T>, prediction: T) -> Manifold<T> {
                with_manifold_workspace(|w| $f(self, other, prediction, w))
            }
        }
        impl<T: Real> ContactManifold<PolyhedronFeatures<T>> for $B<T> {
            type Scalar = T;
            #[inline]
            fn manifold(&self, other: &PolyhedronFeatures<T>, prediction: T) -> Manifold<T> {
                with_manifold_workspace(|w| $f(other, self, prediction, w)).swapped()
            }
        }
    )*};
}

#[cfg(feature = "alloc")]
prepared_first_pairs! {
    Cylinder: manifold_polyhedron_cylinder_with;
    Cone: manifold_polyhedron_cone_with;
    Plane: manifold_polyhedron_plane_with;
    Halfspace: manifold_polyhedron_halfspace_with;
}

/// Two prepared polyhedra ([`PolyhedronFeatures`], built once): the allocation-free
/// [`manifold_polyhedron_polyhedron_with`](crate::closest::manifold_polyhedron_polyhedron_with) in
/// this thread's manifold workspace (behind `std`; a fresh workspace per query without it), the
/// same manifold as [`manifold_polyhedron_polyhedron`](crate::closest::manifold_polyhedron_polyhedron)
/// on the polyhedra, bit for bit.
#[cfg(feature = "alloc")]
impl<T: Real> ContactManifold<PolyhedronFeatures<T>> for PolyhedronFeatures<T> {
    type Scalar = T;
    #[inline]
    fn manifold(&self, other: &PolyhedronFeatures<T>, prediction: T) -> Manifold<T> {
        with_manifold_workspace(|w| manifold_polyhedron_polyhedron_with(self, other, prediction, w))
    }
}
