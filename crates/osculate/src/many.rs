//! The query traits for many shapes at once: [`TriangleMesh`] and [`Compound`] (from
//! [`mesh`](crate::mesh)) with every convex shape, in both argument orders, and rays against
//! both.
//!
//! Each impl calls the mesh layer's free function, which descends the tree and answers per
//! triangle or per part (see docs/queries.md):
//! - [`Overlaps`]: [`overlap_convex_mesh`], [`overlap_convex_compound`]; a mesh with a mesh
//!   ([`overlap_mesh_mesh`], both in one frame), a compound with a compound
//!   ([`overlap_compound_compound`]).
//! - [`Distance`]: [`closest_points_convex_mesh`], [`closest_points_convex_compound`]; a NaN
//!   answer (NaN distance and points) for a shape with a NaN or infinite bound.
//! - [`Penetration`]: the contact with the deepest triangle or part when they overlap, else with
//!   the nearest ([`contact_convex_mesh`], [`contact_convex_compound`] with the distance as the
//!   prediction); `None` for invalid input.
//! - [`Sweep`]: [`sweep_convex_mesh`], [`sweep_convex_compound`] on the relative motion, the
//!   contact point carried by the mesh's or compound's own motion.
//! - [`RayCast`]: [`ray_mesh`] (two-sided, watertight) and [`ray_compound`].
//!
//! The convex shapes are those with a support mapping and a box: sphere, segment, capsule, box,
//! oriented box, triangle, cylinder, cone, tetrahedron and convex polyhedron, and any of them
//! carried by a pose ([`MovedShape`](osculate_mesh::MovedShape): how a posed polytope meets a
//! posed set). Two sets (meshes and compounds, in any pairing) answer through the mesh layer's
//! set queries.
//!
//! # Examples
//! ```
//! use osculate::mesh::{Compound, TriangleMesh};
//! use osculate::prelude::*;
//!
//! // A floor of two triangles, and a table of a top and four legs.
//! let v = vec![
//!     Point3::new(-5.0_f64, 0.0, -5.0), Point3::new(5.0, 0.0, -5.0),
//!     Point3::new(5.0, 0.0, 5.0), Point3::new(-5.0, 0.0, 5.0),
//! ];
//! let floor = TriangleMesh::try_new(v, vec![[0, 2, 1], [0, 3, 2]])?;
//! let leg = Aabb::new(Point3::new(-0.05, 0.0, -0.05), Point3::new(0.05, 1.0, 0.05));
//! let top = Aabb::new(Point3::new(-1.0, 1.0, -0.5), Point3::new(1.0, 1.05, 0.5));
//! let mut parts = vec![(Isometry3::identity(), top)];
//! for (x, z) in [(-0.9, -0.4), (0.9, -0.4), (-0.9, 0.4), (0.9, 0.4)] {
//!     parts.push((Isometry3::translation(x, 0.0, z), leg));
//! }
//! let table = Compound::try_new(parts)?;
//!
//! let ball = Sphere::new(Point3::new(0.0, 3.0, 0.0), 0.25);
//! // Dropped, the ball lands on the table top, 1.7 below its bottom: before the floor.
//! let fall = Vector3::new(0.0, -4.0, 0.0);
//! let on_table = ball.time_of_impact(&fall, &table, &Vector3::zeros()).unwrap();
//! let on_floor = ball.time_of_impact(&fall, &floor, &Vector3::zeros()).unwrap();
//! assert!((on_table.toi - 1.7 / 4.0).abs() < 1e-6 && on_table.toi < on_floor.toi);
//! assert!(table.overlaps(&Sphere::new(Point3::new(0.9, 0.5, 0.4), 0.1))); // a leg
//! assert!((ball.distance(&floor) - 2.75).abs() < 1e-9);
//! let down = Ray::new(Point3::new(2.0, 1.0, 2.0), -Vector3::y());
//! assert_eq!(floor.cast_ray(&down).map(|h| h.t_enter), Some(1.0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use osculate_closest::{ClosestPoints, Contact, Param, SupportMap};
use osculate_dynamic::Impact;
use osculate_math::{
    Aabb, Bounded, Capsule, Cone, ConvexPolygon, ConvexPolyhedron, Cylinder, Isometry3, Obb, Ray,
    Real, Segment, Sphere, Tetrahedron, Triangle, Vector3, nan_point,
};
use osculate_mesh::{
    Compound, MovedShape, Part, TriangleMesh, closest_points_convex_compound,
    closest_points_convex_mesh, closest_points_sets, contact_convex_compound, contact_convex_mesh,
    contact_sets, overlap_compound_compound, overlap_convex_compound, overlap_convex_mesh,
    overlap_mesh_mesh, overlap_sets, ray_compound, ray_mesh, sweep_convex_compound,
    sweep_convex_mesh, sweep_sets,
};

use crate::{Distance, Overlaps, Penetration, RayCast, Sweep};
use osculate_cast::{Culling, RayHit};

/// The answer for a shape with a NaN or infinite bound: NaN points and distance.
pub(crate) fn no_points<T: Real>() -> ClosestPoints<T> {
    ClosestPoints {
        point_a: nan_point(),
        point_b: nan_point(),
        distance: T::NAN,
        param_a: Param::None,
        param_b: Param::None,
    }
}

/// The contact with the deepest of the many when the shape overlaps them, else with the nearest:
/// `contact(prediction)` asked with the distance as the prediction, loosened by
/// `√ε·(1 + d + m)`, `m` the largest coordinate magnitude of the two boxes (the contact's distance
/// is computed apart from the closest points' and may round above it by a few `ε·m`: far from the
/// origin that exceeds a slack relative to `d` alone). A looser prediction only admits more
/// candidates; the deepest is still the answer.
pub(crate) fn contact_within<T: Real>(
    distance: Option<T>,
    boxes: (Aabb<T>, Aabb<T>),
    contact: impl FnOnce(T) -> Option<Contact<T>>,
) -> Option<Contact<T>> {
    let d = distance.filter(|d| !d.is_nan())?.fast_max(T::ZERO);
    let m = [boxes.0, boxes.1]
        .iter()
        .flat_map(|b| [b.min.coords.amax(), b.max.coords.amax()])
        .fold(T::ZERO, |m, x| m.fast_max(x));
    contact(d + T::EPSILON.sqrt() * (T::ONE + d + m))
}

impl<T: Real> RayCast for TriangleMesh<T> {
    type Scalar = T;
    /// [`ray_mesh`], two-sided.
    #[inline]
    fn cast_ray(&self, ray: &Ray<T>) -> Option<RayHit<T>> {
        ray_mesh(ray, self, Culling::TwoSided).map(|h| h.hit)
    }
}

impl<T: Real, P: Part<T>> RayCast for Compound<T, P> {
    type Scalar = T;
    /// [`ray_compound`].
    #[inline]
    fn cast_ray(&self, ray: &Ray<T>) -> Option<RayHit<T>> {
        ray_compound(ray, self).map(|h| h.result)
    }
}

impl<T: Real> Overlaps<Self> for TriangleMesh<T> {
    /// [`overlap_mesh_mesh`], both meshes in one frame.
    #[inline]
    fn overlaps(&self, other: &Self) -> bool {
        overlap_mesh_mesh(self, other, &Isometry3::identity())
    }
}

impl<T: Real, P: Part<T>, Q: Part<T>> Overlaps<Compound<T, Q>> for Compound<T, P> {
    /// [`overlap_compound_compound`].
    #[inline]
    fn overlaps(&self, other: &Compound<T, Q>) -> bool {
        overlap_compound_compound(self, other)
    }
}

/// [`Distance`], [`Penetration`] and [`Sweep`] of `$A` with `$B` (with the generics `$g`) in
/// that order, by the mesh layer's queries `$closest`, `$contact` (with the distance as the
/// prediction) and `$sweep` (on the relative motion, the point carried by `other`'s motion).
macro_rules! one_way {
    ([$($g:tt)*] $A:ty, $B:ty; $closest:ident, $contact:ident, $sweep:ident) => {
        impl<$($g)*> Distance<$B> for $A {
            type Scalar = T;
            #[doc = concat!("[`", stringify!($closest), "`].")]
            #[inline]
            fn closest_points(&self, other: &$B) -> ClosestPoints<T> {
                $closest(self, other).map_or_else(no_points, |c| c.result)
            }
        }
        impl<$($g)*> Penetration<$B> for $A {
            type Scalar = T;
            #[doc = concat!("[`", stringify!($contact), "`] with the distance as the prediction.")]
            fn contact(&self, other: &$B) -> Option<Contact<T>> {
                let d = $closest(self, other).map(|c| c.result.distance);
                contact_within(d, (self.aabb(), other.aabb()), |p| Some($contact(self, other, p)?.result))
            }
        }
        one_way!(@sweep [$($g)*] $A, $B;
            #[doc = concat!("[`", stringify!($sweep), "`] on the relative motion, the point carried by `other`'s motion.")]
            |self, v_self, other, v_other| {
                let hit = $sweep(self, &(v_self - v_other), other)?.result;
                Some(Impact { point: hit.point + v_other * hit.toi, ..hit })
            }
        );
    };
    // The [`Sweep`] impl of `$A` with `$B`, `$body` its answer from the method's arguments.
    (@sweep [$($g:tt)*] $A:ty, $B:ty; $(#[$attr:meta])* |$s:ident, $vs:ident, $o:ident, $vo:ident| $body:block) => {
        impl<$($g)*> Sweep<$B> for $A {
            type Scalar = T;
            $(#[$attr])*
            fn time_of_impact(&$s, $vs: &Vector3<T>, $o: &$B, $vo: &Vector3<T>) -> Option<Impact<T>> $body
        }
    };
}

/// The four traits between convex shape type `$S` and the set type `$Set` (with the generics
/// `$g` besides `T`), in both orders, by the mesh layer's queries `$overlap`, `$closest`,
/// `$contact` and `$sweep` of that set type.
macro_rules! convex_with_set {
    ($S:ty, $Set:ty, [$($g:tt)*], $overlap:ident, $closest:ident, $contact:ident, $sweep:ident) => {
        impl<$($g)*> Overlaps<$Set> for $S {
            #[inline]
            fn overlaps(&self, other: &$Set) -> bool {
                $overlap(self, other)
            }
        }
        impl<$($g)*> Overlaps<$S> for $Set {
            #[inline]
            fn overlaps(&self, other: &$S) -> bool {
                $overlap(other, self)
            }
        }
        one_way!([$($g)*] $S, $Set; $closest, $contact, $sweep);
        impl<$($g)*> Distance<$S> for $Set {
            type Scalar = T;
            #[inline]
            fn closest_points(&self, other: &$S) -> ClosestPoints<T> {
                other.closest_points(self).swapped()
            }
        }
        impl<$($g)*> Penetration<$S> for $Set {
            type Scalar = T;
            #[inline]
            fn contact(&self, other: &$S) -> Option<Contact<T>> {
                other.contact(self).map(Contact::swapped)
            }
        }
        one_way!(@sweep [$($g)*] $Set, $S; #[inline] |self, v_self, other, v_other| {
            other.time_of_impact(v_other, self, v_self).map(Impact::swapped)
        });
    };
}

/// The four traits between each convex shape and the mesh and compound types, in both orders.
macro_rules! convex_with_many {
    ($([$($g:tt)*] $S:ty),* $(,)?) => {$(
        convex_with_set!(
            $S, TriangleMesh<T>, [$($g)*], overlap_convex_mesh, closest_points_convex_mesh,
            contact_convex_mesh, sweep_convex_mesh
        );
        convex_with_set!(
            $S, Compound<T, P>, [$($g)*, P: Part<T>], overlap_convex_compound,
            closest_points_convex_compound, contact_convex_compound, sweep_convex_compound
        );
    )*};
}

convex_with_many!(
    [T: Real] Sphere<T>,
    [T: Real] Segment<T>,
    [T: Real] Capsule<T>,
    [T: Real] Aabb<T>,
    [T: Real] Obb<T>,
    [T: Real] Triangle<T>,
    [T: Real] Cylinder<T>,
    [T: Real] Cone<T>,
    [T: Real] Tetrahedron<T>,
    [T: Real] ConvexPolygon<T>,
    [T: Real] ConvexPolyhedron<T>,
    ['m, T: Real, S: SupportMap<T> + ?Sized] MovedShape<'m, S, T>,
);

impl<T: Real, P: Part<T>> Overlaps<Compound<T, P>> for TriangleMesh<T> {
    /// [`overlap_sets`].
    #[inline]
    fn overlaps(&self, other: &Compound<T, P>) -> bool {
        overlap_sets(self, other)
    }
}

impl<T: Real, P: Part<T>> Overlaps<TriangleMesh<T>> for Compound<T, P> {
    /// [`overlap_sets`].
    #[inline]
    fn overlaps(&self, other: &TriangleMesh<T>) -> bool {
        overlap_sets(self, other)
    }
}

/// [`Distance`], [`Penetration`] and [`Sweep`] between two sets of pieces (meshes and
/// compounds), by the mesh layer's set queries.
macro_rules! set_with_set {
    ($([$($g:tt)*] $A:ty, $B:ty);* $(;)?) => {$(
        one_way!([T: Real, $($g)*] $A, $B; closest_points_sets, contact_sets, sweep_sets);
    )*};
}

set_with_set! {
    [] TriangleMesh<T>, TriangleMesh<T>;
    [P: Part<T>, Q: Part<T>] Compound<T, P>, Compound<T, Q>;
    [P: Part<T>] TriangleMesh<T>, Compound<T, P>;
    [P: Part<T>] Compound<T, P>, TriangleMesh<T>;
}
