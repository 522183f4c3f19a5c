//! # osculate
//!
//! 3D collision-detection primitive queries, generic over `f32` and `f64`. This facade re-exports
//! every layer as a module:
//!
//! | module | crate | holds |
//! |---|---|---|
//! | [`math`] | `osculate-math` | the `Real` scalar trait, shapes, tolerances, errors |
//! | [`closest`] | `osculate-closest` | closest points, distances, penetration |
//! | [`overlap`] | `osculate-overlap` | boolean overlap tests |
//! | [`cast`] | `osculate-cast` | ray / segment / line casts |
//! | [`dynamic`] | `osculate-dynamic` | moving-object tests, time of impact |
//! | [`mesh`] | `osculate-mesh` | a bounding volume hierarchy, triangle meshes as shapes |
//!
//! ```
//! use osculate::prelude::*;
//!
//! fn main() -> Result<(), ShapeError> {
//!     let ball = Sphere::try_new(Point3::new(0.0_f64, 0.0, 0.0), 1.0)?;
//!     let crate_box = Aabb::try_new(Point3::new(1.5, -0.5, -0.5), Point3::new(2.5, 0.5, 0.5))?;
//!     assert!(!ball.overlaps(&crate_box)); // overlap layer
//!     assert_eq!(ball.contact(&crate_box).map(|c| c.distance), Some(0.5)); // closest-point layer
//!     let ray = Ray::new(Point3::new(-5.0, 0.0, 0.0), Vector3::x());
//!     assert_eq!(crate_box.cast_ray(&ray).map(|h| h.t_enter), Some(6.5)); // cast layer
//!     // The ball rolling 2 to the right touches the box a quarter of the way along.
//!     let hit = ball.time_of_impact(&Vector3::new(2.0, 0.0, 0.0), &crate_box, &Vector3::zeros());
//!     assert_eq!(hit.map(|h| h.toi), Some(0.25)); // dynamic layer
//!     Ok(())
//! }
//! ```
//!
//! ## Traits
//! [`Overlaps`], [`Distance`], [`Penetration`], [`RayCast`], [`Sweep`] and [`RigidSweep`] (time of
//! impact under rotation) dispatch over every pair
//! the layers support, in both argument orders (the reversed order swaps the witnesses and flips
//! the normals, so an answer always reads from `self` to `other`). Each impl is an inlined call of
//! the layer's free function; the free functions stay the explicit path. Every pair of convex
//! shapes has `Overlaps`, `Distance` and `Penetration` (a point with each: `Overlaps` and
//! `Distance`): the closed form where a layer has one, otherwise GJK
//! ([`closest::intersect_convex`], [`closest::closest_points_convex`]) or GJK + EPA
//! ([`closest::contact_convex`], with `alloc`); each trait's documentation lists which.
//! Triangle meshes and compounds ([`mesh::TriangleMesh`], [`mesh::Compound`]) have the four
//! traits with every convex shape (sphere, segment, capsule, box, oriented box, triangle,
//! cylinder, cone, tetrahedron, convex polyhedron) in both orders, and [`RayCast`] (a mesh
//! two-sided); a mesh overlaps a mesh and a compound a compound. Each impl calls the mesh layer's
//! tree query ([`mesh::overlap_convex_mesh`], [`mesh::closest_points_convex_compound`], …);
//! [`Penetration`] gives the contact with the deepest triangle or part when the shapes overlap,
//! else with the nearest; [`Distance`] gives NaN points and distance for a shape with a NaN or
//! infinite bound.
//!
//! **Layering**: the facade may depend on every layer; no layer depends on it.
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!("osculate needs float functions: enable the `std` feature or the `libm` feature");

mod manifold;
mod many;
mod motion;
mod pairs;
pub mod posed;
#[cfg(feature = "alloc")]
mod shape;
mod traits;
#[cfg(feature = "alloc")]
mod workspace;

pub use crate::manifold::ContactManifold;
pub use crate::motion::RigidSweep;
pub use crate::posed::Posed;
#[cfg(feature = "alloc")]
pub use crate::shape::Shape;
pub use crate::traits::{
    Distance, Overlaps, Penetration, RayCast, Sweep, TriangleRayCast, TriangleRayOptions,
    TriangleTest,
};
#[doc(inline)]
pub use osculate_cast as cast;
#[doc(inline)]
pub use osculate_closest as closest;
#[doc(inline)]
pub use osculate_dynamic as dynamic;
/// Layer 0 (`osculate-math`): the [`Real`](math::Real) scalar trait, the shapes and their
/// validating constructors, [`ShapeError`](math::ShapeError), the shape traits
/// ([`Transform`](math::Transform), [`Bounded`](math::Bounded),
/// [`ContainsPoint`](math::ContainsPoint)), the vector helpers every layer shares
/// ([`safe_normalize`](math::safe_normalize), [`point3`](math::point3), [`vector3`](math::vector3),
/// …) and nalgebra's types.
///
/// The items are listed one by one (the catalogue test checks the list against `osculate-math`'s
/// root) so that nalgebra, re-exported for naming the version osculate uses, stays a link to its
/// own documentation instead of being copied into this one.
pub mod math {
    #[doc(no_inline)]
    pub use osculate_math::nalgebra;
    #[doc(inline)]
    pub use osculate_math::{
        Aabb, Bounded, Capsule, Cone, ContainsPoint, Cylinder, Halfspace, Isometry3, Line, Matrix3,
        Obb, Plane, Point3, Ray, Real, Rotation3, Segment, ShapeError, Sphere, Tetrahedron,
        Transform, Translation3, Triangle, Unit, UnitQuaternion, UnitVector3, Validate, Vector3,
        any_perpendicular, axis_vector, edge_cross, edge_edge_axis, finite_probe, is_finite_point,
        is_finite_vector, nan_point, point_max, point_min, point3, safe_normalize, scale_of,
        three_planes, vector3,
    };
    #[cfg(feature = "alloc")]
    #[doc(inline)]
    pub use osculate_math::{ConvexPolygon, ConvexPolyhedron};
}
#[doc(inline)]
pub use osculate_mesh as mesh;
#[doc(inline)]
pub use osculate_overlap as overlap;

/// The snippets of `docs/cookbook.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/cookbook.md")]
pub struct CookbookDoctests;

/// The shapes, the scalar trait, the shape traits, the query traits and [`point3`](crate::math::point3)
/// and [`vector3`](crate::math::vector3), for `use osculate::prelude::*`.
pub mod prelude {
    pub use osculate_math::{
        Aabb, Bounded, Capsule, Cone, ContainsPoint, Cylinder, Halfspace, Isometry3, Line, Obb,
        Plane, Point3, Ray, Real, Rotation3, Segment, ShapeError, Sphere, Tetrahedron, Transform,
        Triangle, UnitQuaternion, Vector3, point3, vector3,
    };
    #[cfg(feature = "alloc")]
    pub use osculate_math::{ConvexPolygon, ConvexPolyhedron};

    pub use crate::manifold::ContactManifold;
    pub use crate::motion::RigidSweep;
    pub use crate::posed::Posed;
    pub use crate::traits::{
        Distance, Overlaps, Penetration, RayCast, Sweep, TriangleRayCast, TriangleRayOptions,
        TriangleTest,
    };
    pub use osculate_cast::{Culling, RayHit, TriangleHit};
    pub use osculate_closest::{ClosestPoints, Contact};
    pub use osculate_dynamic::Impact;
}
