//! # osculate-dynamic: layer 4 of osculate
//!
//! Moving-object tests: sweeps, interval halving and time of impact (van den Bergen 3.1.2,
//! Ericson 5.5).
//!
//! **Layering**: depends only on the layers below it (`osculate-math`, `osculate-closest`,
//! `osculate-overlap`, `osculate-cast`).
//!
//! ```
//! use osculate_dynamic::sphere_aabb;
//! use osculate_math::{Aabb, Point3, Sphere, Vector3};
//!
//! // A small fast sphere crossing a thin wall between two frames: a test at t = 0 and t = 1 would
//! // miss it; the sweep does not.
//! let wall = Aabb::new(Point3::new(5.0_f32, -5.0, -5.0), Point3::new(5.1, 5.0, 5.0));
//! let bullet = Sphere::new(Point3::new(0.0, 0.0, 0.0), 0.05);
//! let hit = sphere_aabb(&bullet, &Vector3::new(10.0, 0.0, 0.0), &wall, &Vector3::zeros()).unwrap();
//! assert!((hit.toi - 0.495).abs() < 1e-6);
//! ```
//!
//! ## What is here
//! Each shape moves by a displacement over the interval `t ∈ [0, 1]` (a translation; rotation is
//! left to the generic searches). The pair tests return `Option<`[`Impact`]`>`: the time of first
//! contact, a contact point, the normal from A to B, and whether the shapes already overlap at
//! `t = 0` (`toi = 0` then); `None` when they stay apart or the input is invalid (NaN, negative
//! radius, inverted box).
//! - Spheres: [`sphere_sphere`] (van den Bergen's ray cast on the configuration-space obstacle),
//!   [`sphere_plane`], [`sphere_halfspace`], [`sphere_triangle`], [`sphere_polygon`] (face, edge
//!   and vertex contacts), [`sphere_aabb`], [`sphere_obb`] (Ericson 5.5.7), [`sphere_capsule`].
//! - Capsules: [`capsule_capsule`] (conservative advancement on the closed-form distance).
//! - Boxes: [`aabb_aabb`] (Ericson 5.5.8, with the zero-velocity axis the book misses),
//!   [`aabb_plane`], [`obb_plane`], [`aabb_halfspace`], [`obb_halfspace`], [`obb_obb`] and
//!   [`aabb_triangle`] (separating axes over the motion, 5.5.2).
//! - Any two convex shapes with a support mapping, translating: [`convex_convex`] (van den
//!   Bergen's GJK ray cast).
//! - Any pair with a distance: [`interval_halving`] (Ericson 5.5.1) and
//!   [`conservative_advancement`], driven by a distance closure and a speed bound.
//! - Rotating bodies: [`RigidMotion`] (a start pose, a linear velocity and an angular velocity
//!   about a center; or between two poses by slerp or by screw) and [`convex_convex_rigid`], the
//!   time of impact of any two convex shapes under rigid motions, reported from below so that no
//!   contact is missed (conservative advancement with C2A's directional bound), with
//!   [`sphere_sphere_rigid`] in closed form where the spins move no point.
//!
//! ## Features
//! - `std` (default): use the standard library.
//! - `alloc`: convex polygons.
//! - `libm`: float functions from libm, for `no_std` targets.
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!(
    "osculate-dynamic needs float functions: enable the `std` feature or the `libm` feature"
);

mod boxes;
mod capsule;
mod generic;
mod motion;
mod plane;
#[cfg(feature = "alloc")]
mod polytope;
mod rigid;
mod sphere;
#[cfg(feature = "alloc")]
mod sweep;
mod triangle;
mod types;

pub use crate::boxes::{aabb_aabb, obb_obb, sphere_aabb, sphere_obb};
pub use crate::capsule::{capsule_capsule, sphere_capsule};
pub use crate::generic::{
    Search, TimeOfImpact, conservative_advancement, convex_convex, convex_convex_with_status,
    interval_halving,
};
pub use crate::motion::RigidMotion;
pub use crate::plane::{
    aabb_halfspace, aabb_plane, obb_halfspace, obb_plane, sphere_halfspace, sphere_plane,
};
#[cfg(feature = "alloc")]
pub use crate::polytope::sphere_polygon;
pub use crate::rigid::{
    RIGID_MAX_ITERATIONS, RigidImpact, RigidOptions, RigidStatus, convex_convex_rigid,
    sphere_sphere_rigid,
};
pub use crate::sphere::sphere_sphere;
#[cfg(feature = "alloc")]
pub use crate::sweep::{SweepHit, SweepOptions, sweep_convex};
pub use crate::triangle::{aabb_triangle, sphere_triangle};
pub use crate::types::Impact;
