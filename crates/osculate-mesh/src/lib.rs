//! # osculate-mesh: layer 5 of osculate
//!
//! Many shapes at once: a bounding volume hierarchy over any set of bounded items, and triangle
//! meshes as shapes, with every query of the layers below answered against them.
//!
//! **Layering**: depends only on the layers below it (`osculate-math`, `osculate-closest`,
//! `osculate-overlap`, `osculate-cast`, `osculate-dynamic`).
//!
//! ```
//! use osculate_cast::Culling;
//! use osculate_math::{Point3, Ray, Sphere, Vector3};
//! use osculate_mesh::{TriangleMesh, closest_point_on_mesh, overlap_convex_mesh, ray_mesh};
//!
//! // A 20 × 20 terrain of 800 triangles, gently rolling.
//! let n = 21;
//! let height = |x: f64, y: f64| 0.3 * (x * 0.7).sin() * (y * 0.5).cos();
//! let vertices: Vec<Point3<f64>> = (0..n * n)
//!     .map(|i| {
//!         let (x, y) = (f64::from(i % n), f64::from(i / n));
//!         Point3::new(x, y, height(x, y))
//!     })
//!     .collect();
//! let mut triangles = Vec::new();
//! for j in 0..n - 1 {
//!     for i in 0..n - 1 {
//!         let k = j * n + i;
//!         triangles.push([k, k + 1, k + n + 1]);
//!         triangles.push([k, k + n + 1, k + n]);
//!     }
//! }
//! let terrain = TriangleMesh::try_new(vertices, triangles)?;
//!
//! // A ray straight down lands on the surface.
//! let down = Ray::new(Point3::new(7.5, 3.25, 10.0), -Vector3::z());
//! let hit = ray_mesh(&down, &terrain, Culling::TwoSided).unwrap();
//! assert!((hit.hit.point.z - 10.0 + hit.hit.t_enter).abs() < 1e-12);
//! // A point above it, and a ball resting on it.
//! let above = closest_point_on_mesh(&Point3::new(4.0, 4.0, 2.0), &terrain).unwrap();
//! assert!(above.sq_distance.sqrt() < 2.3); // the surface stays within 0.3 of z = 0
//! assert!(overlap_convex_mesh(&Sphere::new(Point3::new(4.0, 4.0, 0.0), 0.5), &terrain));
//! # Ok::<(), osculate_mesh::MeshError>(())
//! ```
//!
//! ## What is here
//! - [`Bvh`]: a binned surface-area-heuristic tree over any items' boxes, flattened into
//!   four-wide 128-byte `f32` nodes, with [`Bvh::refit`], and traversals that never allocate:
//!   nearest-first rays ([`Bvh::cast_ray`], [`Bvh::visit_ray`]) with a robust slab test, any box test
//!   ([`Bvh::visit`], [`Bvh::visit_aabb`]), the nearest item to a point ([`Bvh::nearest`]), any
//!   lower-bounded minimum ([`Bvh::best_first`]), and pairs of trees ([`Bvh::visit_pairs`],
//!   [`Bvh::visit_self_pairs`]). With the `rayon` feature the build runs across threads and
//!   gives the same tree.
//! - [`Compound`]: convex parts ([`Part`]; [`ConvexPart`] mixes every convex solid), each with
//!   its pose, under one tree: [`ray_compound`], [`overlap_convex_compound`],
//!   [`closest_points_convex_compound`], [`contact_convex_compound`], [`sweep_convex_compound`]
//!   and [`overlap_compound_compound`]; rays by each part's closed form in its frame, convex
//!   shapes by GJK, EPA and the GJK ray cast on the posed part.
//! - [`TriangleMesh`]: validated construction ([`MeshError`]), optional welding and the solid
//!   topology ([`MeshOptions`]), degenerate triangles reported.
//! - Rays and points: [`ray_mesh`] (nearest hit, watertight), [`ray_mesh_test`] (any hit),
//!   [`closest_point_on_mesh`], [`closest_point_on_mesh_within`], [`sq_distance_point_mesh`],
//!   [`signed_distance_point_mesh`] and `contains_point` for solid meshes (angle-weighted
//!   pseudo-normals).
//! - Convex shapes ([`ConvexShape`]: every convex shape of `osculate-math`, or your own with a
//!   support mapping and a box): [`overlap_convex_mesh`], [`closest_points_convex_mesh`],
//!   [`contact_convex_mesh`] (one point), [`sweep_convex_mesh`] (translation, earliest impact).
//! - Mesh against mesh: [`visit_intersecting_triangles`], [`overlap_mesh_mesh`] and
//!   [`overlap_mesh_mesh_exact`].
//!
//! Queries take every shape in the mesh's frame (mesh-mesh queries take the second mesh's
//! pose in the first's frame). They allocate nothing; building a mesh or a tree does.
//!
//! ## Non-finite and degenerate input
//! Construction rejects non-finite vertices and indices out of range with a [`MeshError`] naming
//! the vertex or triangle. Degenerate triangles are valid and listed. A query with a NaN or
//! infinite input (ray, point, shape, pose) gives no hit, no point, no overlap: never a confident
//! answer.
//!
//! ## Features
//! - `std` (default): use the standard library.
//! - `libm`: float functions from libm, for `no_std` targets. The crate always needs `alloc`.
//! - `rayon`: the tree built across threads on rayon's pool ([`Bvh::try_new_par`],
//!   [`TriangleMesh::try_new_par`]), the same tree as the serial build.
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!(
    "osculate-mesh needs float functions: enable the `std` feature or the `libm` feature"
);

extern crate alloc;

mod bvh;
mod closed;
mod compound;
mod convex;
mod mesh;
mod pairs;
mod point;
mod ray;
mod sets;
mod traverse;

pub use crate::bvh::{Bvh, BvhError, DEFAULT_LEAF_ITEMS, MAX_DEPTH};
pub use crate::closed::{
    PartForm, closest_points_convex_part, contact_convex_part, overlap_convex_part,
};
pub use crate::compound::{
    Compound, CompoundError, ConvexPart, OnPart, Part, closest_points_convex_compound,
    contact_convex_compound, overlap_compound_compound, overlap_convex_compound, ray_compound,
    sweep_convex_compound,
};
pub use crate::convex::{
    ConvexShape, OnTriangle, closest_points_convex_mesh, contact_convex_mesh, overlap_convex_mesh,
    sweep_convex_mesh,
};
pub use crate::mesh::{MeshError, MeshOptions, TriangleMesh};
pub use crate::pairs::{
    Predicate, overlap_mesh_mesh, overlap_mesh_mesh_exact, visit_intersecting_triangles,
};
pub use crate::point::{
    MeshHit, MeshPoint, closest_point_on_mesh, closest_point_on_mesh_within, ray_mesh,
    ray_mesh_test, signed_distance_point_mesh, sq_distance_point_mesh,
};
pub use crate::sets::{
    ConvexSet, MovedShape, OnPieces, PlacedPart, closest_points_sets, closest_points_sets_posed,
    contact_sets, contact_sets_posed, overlap_sets, overlap_sets_posed, sweep_sets,
    sweep_sets_posed,
};
