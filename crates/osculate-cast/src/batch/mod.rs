//! Batch casts over structure-of-arrays packets: one ray against many boxes or many triangles,
//! many rays against one box.
//!
//! The shapes are stored in packets of [`LANES`] (a padded array of structures of arrays: each
//! packet holds the x coordinates of its eight shapes side by side, then the y ones, and so on).
//! A cast runs one packet at a time through a lane body written over `[T; LANES]` with no branch
//! and no early exit, min and max as the scalar queries' comparisons and selects
//! ([`Real::fast_max`], [`Real::fast_min`]), so that the compiler turns it into packed
//! instructions on stable Rust without `unsafe` or intrinsics. Each lane performs the scalar
//! query's operations in the scalar query's order, so every answer is the scalar one to the bit;
//! the rare inputs the scalar query sends down a slow path are handed to the scalar query itself
//! after the packet.
//!
//! With the `rayon` feature, each batch has a `_par` form that splits the output into runs of
//! [`PAR_RUN`] items and runs the serial form on each, on rayon's current pool (the global one,
//! or one the caller `install`s): the same code per item, so the answers are the serial ones.

mod boxes;
mod rays;
mod triangles;

pub use boxes::ray_aabb_soa;
pub use osculate_closest::LANES;
pub use osculate_overlap::AabbSoa;
pub use rays::{RaySoa, rays_aabb_soa};
pub use triangles::{TriangleSoa, ray_triangle_watertight_soa};

#[cfg(feature = "rayon")]
pub use boxes::ray_aabb_soa_par;
#[cfg(feature = "rayon")]
pub use osculate_closest::PAR_RUN;
#[cfg(feature = "rayon")]
pub use rays::rays_aabb_soa_par;
#[cfg(feature = "rayon")]
pub use triangles::ray_triangle_watertight_soa_par;
