//! # osculate-cast: layer 3 of osculate
//!
//! Ray, segment and line casts against every shape, with the entry/exit interval and the outward
//! normal (van den Bergen 3.1.2, 3.2.1; Ericson 5.3).
//!
//! **Layering**: depends on `osculate-math` (layer 0): a cast is a closed form on the shape
//! itself; and on `osculate-overlap` (layer 2) only for its exact arithmetic
//! ([`osculate_overlap::exact`]), which the exact hit decisions use. The dynamic layer and the
//! `osculate` facade build on it.
//!
//! ```
//! use osculate_cast::ray_aabb;
//! use osculate_math::{Aabb, Point3, Ray, Vector3};
//!
//! let b = Aabb::new(Point3::new(-1.0_f32, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
//! let hit = ray_aabb(&Ray::new(Point3::new(0.0, 0.0, -5.0), Vector3::z()), &b).unwrap();
//! assert_eq!((hit.t_enter, hit.point, hit.normal), (4.0, Point3::new(0.0, 0.0, -1.0), -Vector3::z_axis()));
//! ```
//!
//! ## What is here
//! Every cast takes a [`Ray`](osculate_math::Ray) (origin, direction of any non-zero length,
//! `max_t`) and returns `Option<`[`RayHit`]`>`: `t_enter`, `t_exit` (clipped to `[0, max_t]`), the
//! entry point and the outward unit normal there; `None` for a miss. Segment casts are ray casts
//! of `Ray::from_segment(s)` (parameters in `[0, 1]`); a few have their own names where the texts
//! give a segment algorithm.
//! - Spheres: [`ray_sphere`], [`segment_sphere`] (van den Bergen Alg. 3.1, numerically stable
//!   roots), [`segment_sphere_test`] (Alg. 3.2); capsules: [`ray_capsule`].
//! - Boxes: [`ray_aabb`] (robust slabs: Williams et al. 2005 + Ize 2013) and its batch form
//!   [`ray_aabb_many`] (one ray, many boxes), [`segment_aabb_outcode`]
//!   (van den Bergen Alg. 3.3), [`ray_obb`]; [`ray_aabb_hits_exact`], the hit decision exactly
//!   (a floating-point filter with a proven bound, exact arithmetic when it cannot tell).
//! - Planes: [`ray_plane`], [`ray_halfspace`], [`plane_plane`] (the point where three planes meet is
//!   [`osculate_math::three_planes`]).
//! - Triangles: [`ray_triangle`] (Möller-Trumbore), [`ray_triangle_watertight`] (Woop, Benthin,
//!   Wald 2013), both one- or two-sided ([`Culling`]), with barycentrics;
//!   [`ray_triangle_hits_exact`], the two-sided hit decision exactly; [`line_triangle`]
//!   (Ericson 5.3.4); [`ray_polygon`].
//! - Round solids: [`ray_cylinder`] (with caps), [`ray_cone`].
//! - Polytopes: [`ray_polyhedron`], [`ray_tetrahedron`] (Cyrus-Beck).
//!
//! - Cheap forms: where only the entry parameter or only hit-or-miss is wanted (a picking loop, a
//!   shadow ray), `_t` and `_hits` forms give exactly the full cast's `t_enter` and its hit
//!   decision without building the hit: [`ray_aabb_t`], [`ray_aabb_hits`], [`ray_obb_t`],
//!   [`ray_obb_hits`], [`ray_sphere_t`], [`ray_sphere_hits`], [`ray_capsule_t`],
//!   [`ray_capsule_hits`], [`ray_triangle_watertight_t`], [`ray_triangle_watertight_hits`]; and
//!   [`WatertightRay`], the watertight test's per-ray permutation and shear computed once for
//!   many triangles.
//!
//! - Batches (with `alloc`): casts over structure-of-arrays packets of [`LANES`] shapes that the
//!   compiler vectorises, each answer the scalar query's to the bit: [`ray_aabb_soa`] (one ray,
//!   many boxes in an [`AabbSoa`]), [`rays_aabb_soa`] (many rays in a [`RaySoa`], one box),
//!   [`ray_triangle_watertight_soa`] (one ray, many triangles in a [`TriangleSoa`]); with
//!   `rayon`, `_par` forms that run them across threads.
//!
//! A ray with a zero or non-finite direction, a NaN anywhere, or an empty shape (negative radius
//! or extent, inverted box) gets `None`.
//!
//! ## Features
//! - `std` (default): use the standard library.
//! - `alloc`: convex polygons and polyhedra.
//! - `libm`: float functions from libm, for `no_std` targets.
//! - `rayon`: the batches' `_par` forms, run on rayon's thread pool (implies `std`).
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!(
    "osculate-cast needs float functions: enable the `std` feature or the `libm` feature"
);

#[cfg(feature = "alloc")]
mod batch;
mod boxes;
mod capsule;
mod cone;
mod cylinder;
mod plane;
mod polytope;
mod quadric;
mod sphere;
mod tetrahedron;
mod triangle;
mod types;

#[cfg(feature = "alloc")]
pub use crate::batch::{
    AabbSoa, LANES, RaySoa, TriangleSoa, ray_aabb_soa, ray_triangle_watertight_soa, rays_aabb_soa,
};
#[cfg(feature = "rayon")]
pub use crate::batch::{
    PAR_RUN, ray_aabb_soa_par, ray_triangle_watertight_soa_par, rays_aabb_soa_par,
};
pub use crate::boxes::{
    ray_aabb, ray_aabb_hits, ray_aabb_hits_exact, ray_aabb_many, ray_aabb_t, ray_obb, ray_obb_hits,
    ray_obb_t, segment_aabb_outcode,
};
pub use crate::capsule::{ray_capsule, ray_capsule_hits, ray_capsule_t};
pub use crate::cone::ray_cone;
pub use crate::cylinder::ray_cylinder;
pub use crate::plane::{plane_plane, ray_halfspace, ray_plane};
#[cfg(feature = "alloc")]
pub use crate::polytope::{ray_polygon, ray_polyhedron};
pub use crate::sphere::{
    ray_sphere, ray_sphere_hits, ray_sphere_t, segment_sphere, segment_sphere_test,
};
pub use crate::tetrahedron::ray_tetrahedron;
pub use crate::triangle::{
    Culling, WatertightRay, line_triangle, ray_triangle, ray_triangle_hits_exact,
    ray_triangle_watertight, ray_triangle_watertight_hits, ray_triangle_watertight_t,
};
pub use crate::types::{RayHit, TriangleHit};
