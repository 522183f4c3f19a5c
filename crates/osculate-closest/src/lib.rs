//! # osculate-closest: layer 1 of osculate
//!
//! Closest points, distances, penetration depths and witness points between the shapes of
//! [`osculate_math`] (van den Bergen ch. 3, Ericson 5.1).
//!
//! **Layering**: depends only on `osculate-math` (layer 0). The overlap, cast and dynamic layers and
//! the `osculate` facade build on it.
//!
//! ```
//! use osculate_closest::closest_point_on_triangle;
//! use osculate_math::{Point3, Triangle};
//!
//! let t = Triangle::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
//! assert_eq!(closest_point_on_triangle(&Point3::new(2.0, 2.0, 0.0), &t).point, Point3::new(0.5, 0.5, 0.0));
//! ```
//!
//! ## What is here
//! - **Point against a shape**: `closest_point_on_*` and `sq_distance_point_*` for planes (and
//!   [`signed_distance_point_plane`]), lines, rays, segments, boxes, oriented boxes, triangles
//!   (Voronoi regions, with barycentrics), tetrahedra, convex polygons and polyhedra, spheres,
//!   capsules, cylinders and cones.
//! - **Batches** (with `alloc`): many points in a [`PointSoa`] against one box,
//!   [`closest_point_on_aabb_soa`] and [`sq_distance_point_aabb_soa`], or against one triangle,
//!   [`closest_point_on_triangle_soa`], [`LANES`] points at a time in packed instructions, each
//!   answer the scalar query's to the bit; with `rayon`, `_par` forms that run them across
//!   threads.
//! - **Shape against shape**: `closest_points_*` → [`ClosestPoints`] for line-line,
//!   segment-segment, segment-triangle, triangle-triangle, segment-box, segment-oriented box and the
//!   sphere and capsule pairs.
//! - **Contacts**: `contact_*` → [`Contact`] (signed distance, normal from A to B, witness points)
//!   for sphere-sphere, segment-sphere, sphere-capsule, capsule-capsule, sphere-box,
//!   sphere-oriented box, sphere-triangle, sphere-plane and sphere-halfspace, with van den Bergen's
//!   special cases (concentric spheres, a segment through the center, a center inside the box),
//!   and oriented box-oriented box by separating axes.
//! - **Contact manifolds**: `manifold_*` → [`Manifold`] (up to four points sharing one normal, each
//!   with its signed distance, its point on each shape and a [`FeatureId`] stable under small
//!   motion, within a prediction distance) for box-box (separating axes, reference face clipped
//!   against incident face, or one edge-edge point; Gregorius, GDC 2015), capsule-capsule (two
//!   points when parallel) and the sphere with every shape (one point).
//! - **Any two convex shapes** with a [`SupportMap`] (every convex shape, moved by
//!   [`Transformed`], grown by [`MinkowskiSum`], swept by [`Swept`]): the GJK distance
//!   ([`closest_points_convex`], and [`distance_convex`] with its [`DistanceStatus`]), the GJK
//!   boolean test ([`intersect_convex`]), the GJK ray cast ([`cast_convex`], with its
//!   [`Convergence`]) and, with `alloc`, EPA's penetration depth (`contact_convex`, and
//!   `contact_convex_with_status`), bounded by [`GJK_MAX_ITERATIONS`] and `EPA_MAX_ITERATIONS`.
//!
//! Every query is generic over [`Real`](osculate_math::Real) (`f32`, `f64`), never panics, and says
//! in its documentation what it returns for degenerate and non-finite input. The catalogue with the
//! algorithm of each query and its tests is `docs/queries.md`.
//!
//! ## Features
//! - `std` (default): use the standard library.
//! - `alloc`: convex polygons and polyhedra (`Vec`-backed shapes).
//! - `libm`: float functions from libm, for `no_std` targets.
//! - `rayon`: the batches' `_par` forms, run on rayon's thread pool (implies `std`).
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!(
    "osculate-closest needs float functions: enable the `std` feature or the `libm` feature"
);

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(feature = "alloc")]
mod batch;
mod boxes;
mod capsule;
mod cone;
mod cylinder;
#[cfg(feature = "alloc")]
mod epa;
mod gjk;
mod linear;
mod manifold;
mod plane;
#[cfg(feature = "alloc")]
mod polyhedron;
#[cfg(feature = "alloc")]
mod polytope;
mod sphere;
mod support;
mod tetrahedron;
mod triangle;
mod types;

#[cfg(test)]
mod test_support;

#[cfg(feature = "alloc")]
pub use crate::batch::LANES;
#[cfg(feature = "rayon")]
pub use crate::batch::PAR_RUN;
#[cfg(feature = "alloc")]
pub use crate::batch::points::{PointSoa, closest_point_on_aabb_soa, sq_distance_point_aabb_soa};
#[cfg(feature = "rayon")]
pub use crate::batch::points::{closest_point_on_aabb_soa_par, sq_distance_point_aabb_soa_par};
#[cfg(feature = "alloc")]
pub use crate::batch::triangle::closest_point_on_triangle_soa;
#[cfg(feature = "rayon")]
pub use crate::batch::triangle::closest_point_on_triangle_soa_par;

/// The structure-of-arrays machinery the batches of this crate and of the layers above share:
/// the packet storage ([`Packets`](soa::Packets) of a [`Lanes`](soa::Lanes) packet), the
/// drivers ([`Run`](soa::Run), [`cut`](soa::cut)) and, at the crate root, the container and
/// packet-loop macros. Not a user-facing interface.
#[cfg(feature = "alloc")]
#[doc(hidden)]
pub mod soa {
    #[cfg(feature = "rayon")]
    pub use crate::batch::PAR_RUN;
    pub use crate::batch::{LANES, Lanes, Packets, Run, cut};
}
pub use crate::boxes::{
    closest_point_on_aabb, closest_point_on_obb, closest_points_aabb_aabb,
    closest_points_capsule_aabb, closest_points_capsule_obb, closest_points_segment_aabb,
    closest_points_segment_obb, closest_points_sphere_aabb, closest_points_sphere_obb,
    contact_obb_obb, contact_sphere_aabb, contact_sphere_obb, sq_distance_point_aabb,
    sq_distance_point_obb,
};
pub use crate::capsule::{
    closest_point_on_capsule, closest_points_capsule_capsule, closest_points_segment_capsule,
    closest_points_sphere_capsule, contact_capsule_capsule, contact_sphere_capsule,
    sq_distance_point_capsule,
};
pub use crate::cone::{closest_point_on_cone, sq_distance_point_cone};
pub use crate::cylinder::{closest_point_on_cylinder, sq_distance_point_cylinder};
#[cfg(feature = "alloc")]
pub use crate::epa::{
    EPA_MAX_ITERATIONS, EpaWorkspace, contact_convex, contact_convex_with_status,
    contact_convex_with_workspace,
};
pub use crate::gjk::{
    ConvexCast, ConvexDistance, DistanceStatus, GJK_MAX_ITERATIONS, GjkCache, cast_convex,
    closest_points_convex, distance_convex, distance_convex_cached, distance_convex_rough,
    distance_convex_within, intersect_convex,
};
pub use crate::linear::{
    closest_point_on_line, closest_point_on_ray, closest_point_on_segment,
    closest_points_line_line, closest_points_segment_segment, sq_distance_point_line,
    sq_distance_point_ray, sq_distance_point_segment,
};
// Every public item of the manifold module, each listed (with the `alloc` ones' cfg) in its
// `pub use` lines.
pub use crate::manifold::*;
pub use crate::plane::{
    closest_point_on_plane, contact_sphere_halfspace, contact_sphere_plane,
    signed_distance_point_plane, sq_distance_point_plane,
};
#[cfg(feature = "alloc")]
pub use crate::polyhedron::{closest_point_on_polyhedron, sq_distance_point_polyhedron};
#[cfg(feature = "alloc")]
pub use crate::polytope::{closest_point_on_polygon, sq_distance_point_polygon};
pub use crate::sphere::{
    closest_point_on_sphere, closest_points_segment_sphere, closest_points_sphere_sphere,
    contact_segment_sphere, contact_sphere_sphere, sq_distance_point_sphere,
};
pub use crate::support::{MinkowskiSum, SupportMap, Swept, Transformed};
pub use crate::tetrahedron::{closest_point_on_tetrahedron, sq_distance_point_tetrahedron};
pub use crate::triangle::{
    closest_point_on_triangle, closest_points_capsule_triangle, closest_points_segment_triangle,
    closest_points_sphere_triangle, closest_points_triangle_triangle, contact_sphere_triangle,
    sq_distance_point_triangle,
};
pub use crate::types::{ClosestPoints, Contact, Convergence, CurvePoint, Param, TrianglePoint};
