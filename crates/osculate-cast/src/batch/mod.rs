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

use alloc::vec::Vec;

mod boxes;
mod rays;
mod triangles;

pub use boxes::{AabbSoa, ray_aabb_soa};
pub use rays::{RaySoa, rays_aabb_soa};
pub use triangles::{TrianglePacket, TriangleSoa, ray_triangle_watertight_soa};

#[cfg(feature = "rayon")]
pub use boxes::ray_aabb_soa_par;
#[cfg(feature = "rayon")]
pub use rays::rays_aabb_soa_par;
#[cfg(feature = "rayon")]
pub use triangles::ray_triangle_watertight_soa_par;

/// The number of shapes in a packet: eight `f32` fill a 256-bit register, four `f64` a
/// 256-bit register twice; a 128-bit target takes two or four registers per operation.
pub const LANES: usize = 8;

/// The items a `_par` batch hands to one rayon task (a multiple of [`LANES`]).
#[cfg(feature = "rayon")]
pub const PAR_RUN: usize = 32 * LANES;

/// Writes `$body` (an expression of the packet `$p`, `[T; LANES]`) for each packet of
/// `$packets` into `$out`, [`LANES`] entries a packet: the whole packets directly, the last
/// partial one through a temporary. `$out` is at most `$packets.len() · LANES` long (the
/// callers cut it to the batch's length). A macro rather than a function taking a closure, so
/// that the lane body is inlined into the loop and the ray's constants stay in registers.
macro_rules! for_packets {
    ($packets:expr, $out:expr, |$p:ident| $body:expr) => {{
        let (whole, tail) = $out.as_chunks_mut::<{ $crate::batch::LANES }>();
        let mut packets = $packets.iter();
        for (o, $p) in whole.iter_mut().zip(&mut packets) {
            *o = $body;
        }
        if !tail.is_empty()
            && let Some($p) = packets.next()
        {
            for (o, x) in tail.iter_mut().zip($body) {
                *o = x;
            }
        }
    }};
}
use for_packets;

/// The first `n` entries of `out` (all of them if it is shorter).
fn cut<T>(out: &mut [T], n: usize) -> &mut [T] {
    let n = n.min(out.len());
    out.get_mut(..n).unwrap_or_default()
}

/// Runs `serial` on runs of [`PAR_RUN`] items of `out` and their packets, on rayon's current
/// pool.
#[cfg(feature = "rayon")]
fn par_packets<P: Sync, T: osculate_math::Real>(
    packets: &[P],
    out: &mut [T],
    serial: impl Fn(&[P], &mut [T]) + Sync + Send,
) {
    use rayon::prelude::*;
    out.par_chunks_mut(PAR_RUN)
        .zip(packets.par_chunks(PAR_RUN / LANES))
        .for_each(|(o, p)| serial(p, o));
}

/// A growable array of packets of [`LANES`] items each, padded with `pad`: the storage of the
/// structure-of-arrays containers.
#[derive(Clone, Debug, Default, PartialEq)]
struct Packets<P> {
    packets: Vec<P>,
    len: usize,
}

impl<P: Copy> Packets<P> {
    /// Appends an item: `write` fills its lane of the last packet (a new one, `pad`, when the
    /// last is full).
    fn push_with(&mut self, pad: P, write: impl FnOnce(&mut P, usize)) {
        let lane = self.len % LANES;
        if lane == 0 {
            self.packets.push(pad);
        }
        if let Some(p) = self.packets.last_mut() {
            write(p, lane);
            self.len += 1;
        }
    }

    /// The packet and lane of item `i`, if there is one.
    fn slot(&self, i: usize) -> Option<(&P, usize)> {
        if i < self.len { self.packets.get(i / LANES).map(|p| (p, i % LANES)) } else { None }
    }
}
