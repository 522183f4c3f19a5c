//! # osculate-mesh: layer 5 of osculate
//!
//! Many shapes at once: a bounding volume hierarchy over any set of bounded items, and triangle
//! meshes as shapes.
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!(
    "osculate-mesh needs float functions: enable the `std` feature or the `libm` feature"
);

extern crate alloc;

mod bvh;
mod mesh;
mod point;
mod ray;
mod traverse;

pub use crate::bvh::{Bvh, BvhError, DEFAULT_LEAF_ITEMS, MAX_DEPTH};
pub use crate::mesh::{MeshError, MeshOptions, TriangleMesh};
pub use crate::point::{
    MeshHit, MeshPoint, closest_point_on_mesh, closest_point_on_mesh_within, ray_mesh,
    ray_mesh_test, signed_distance_point_mesh, sq_distance_point_mesh,
};
