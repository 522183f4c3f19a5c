//! Batches over structure-of-arrays packets: many points against one box or one triangle, and
//! the packet storage, drivers and container macro the batches of this crate and of the layers
//! above (overlap, cast) share.
//!
//! The items are stored in packets of [`LANES`] (a padded array of structures of arrays: each
//! packet holds its eight items' x coordinates side by side, then the y ones, and so on). A
//! batch runs one packet at a time through a lane body written over `[T; LANES]` with no branch
//! and no early exit, min and max as the scalar queries' comparisons and selects
//! ([`Real::fast_max`](osculate_math::Real::fast_max),
//! [`Real::fast_min`](osculate_math::Real::fast_min)), so that the compiler turns it into packed
//! instructions on stable Rust without `unsafe` or intrinsics.
//!
//! With the `rayon` feature, each batch has a `_par` form that splits the output into runs of
//! [`PAR_RUN`] items and runs the serial form on each, on rayon's current pool (the global one,
//! or one the caller `install`s): the same code per item, so the answers are the serial ones.

use alloc::vec::Vec;

pub(crate) mod points;
pub(crate) mod triangle;

/// The number of items in a packet: eight `f32` fill a 256-bit register, four `f64` a 256-bit
/// register twice; a 128-bit target takes two or four registers per operation.
pub const LANES: usize = 8;

/// The items a `_par` batch hands to one rayon task (a multiple of [`LANES`]).
#[cfg(feature = "rayon")]
pub const PAR_RUN: usize = 32 * LANES;

/// A packet of [`LANES`] items in structure-of-arrays form: how an item is written into its
/// lane (with whatever the batches work out per item once, when it is added) and read back.
pub trait Lanes: Copy + Default {
    /// The item a lane holds.
    type Item;
    /// Writes `item` into lane `lane` (`< LANES`).
    fn write(&mut self, lane: usize, item: &Self::Item);
    /// The item in lane `lane` (`< LANES`).
    fn read(&self, lane: usize) -> Self::Item;
}

/// A growable array of packets of [`LANES`] items each, the last padded with
/// `P::default()` (the padding is never read into an answer): the storage of the
/// structure-of-arrays containers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Packets<P> {
    packets: Vec<P>,
    len: usize,
}

impl<P: Lanes> Packets<P> {
    /// Appends an item in the last packet's next lane (in a new packet when the last is full).
    pub fn push(&mut self, item: &P::Item) {
        let lane = self.len % LANES;
        if lane == 0 {
            self.packets.push(P::default());
        }
        if let Some(p) = self.packets.last_mut() {
            p.write(lane, item);
            self.len += 1;
        }
    }

    /// Item `i`, if there is one.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<P::Item> {
        if i < self.len { self.packets.get(i / LANES).map(|p| p.read(i % LANES)) } else { None }
    }

    /// The number of items.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no items.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The packets, the last one padded.
    #[must_use]
    pub fn packets(&self) -> &[P] {
        &self.packets
    }
}

/// A public structure-of-arrays container of items of one shape, over a [`Packets`] of a
/// private packet type implementing [`Lanes`]: the struct (with the doc comment and attributes
/// given) and its `new`, `push`, `len`, `is_empty`, `get` and, for the batches, `packets` with
/// the packet type's visibility (`pub`, hidden, where a layer above reads the packets).
#[doc(hidden)]
#[macro_export]
macro_rules! soa_container {
    ($(#[$meta:meta])* $name:ident($pvis:vis $packet:ident of $item:ident), $one:literal, $many:literal) => {
        $(#[$meta])*
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct $name<T: osculate_math::Real> {
            packets: $crate::soa::Packets<$packet<T>>,
        }

        impl<T: osculate_math::Real> $name<T> {
            #[doc = concat!("The ", $many, " of `items`, in order.")]
            #[must_use]
            pub fn new(items: &[$item<T>]) -> Self {
                let mut soa = Self::default();
                items.iter().for_each(|x| soa.push(*x));
                soa
            }

            #[doc = concat!("Appends ", $one, ".")]
            pub fn push(&mut self, item: $item<T>) {
                self.packets.push(&item);
            }

            #[doc = concat!("The number of ", $many, ".")]
            #[must_use]
            pub fn len(&self) -> usize {
                self.packets.len()
            }

            #[doc = concat!("Whether there are no ", $many, ".")]
            #[must_use]
            pub fn is_empty(&self) -> bool {
                self.packets.is_empty()
            }

            #[doc = concat!("Item `i` of the ", $many, ", if there is one.")]
            #[must_use]
            pub fn get(&self, i: usize) -> Option<$item<T>> {
                self.packets.get(i)
            }

            /// The packets, the last one padded (for the batches).
            #[doc(hidden)]
            #[must_use]
            $pvis fn packets(&self) -> &[$packet<T>] {
                self.packets.packets()
            }
        }
    };
}

/// Writes `$body` (an expression of the packet `$p`, an array of [`LANES`] answers) for each
/// packet of `$packets` into `$out`, [`LANES`] entries a packet: the whole packets directly, the
/// last partial one through a temporary. `$out` is at most `$packets.len() · LANES` long (the
/// callers cut it to the batch's length). A macro rather than a function taking a closure, so
/// that the lane body is inlined into the loop and the query's constants stay in registers.
#[doc(hidden)]
#[macro_export]
macro_rules! for_packets {
    ($packets:expr, $out:expr, |$p:ident| $body:expr) => {{
        let (whole, tail) = $out.as_chunks_mut::<{ $crate::soa::LANES }>();
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

/// The first `n` entries of `out` (all of them if it is shorter).
pub fn cut<X>(out: &mut [X], n: usize) -> &mut [X] {
    let n = n.min(out.len());
    out.get_mut(..n).unwrap_or_default()
}

/// Where a batch runs: on the calling thread, or (with `rayon`) on rayon's current pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Run {
    /// On the calling thread.
    Serial,
    /// On rayon's current pool, [`PAR_RUN`] items a task.
    #[cfg(feature = "rayon")]
    Parallel,
}

impl Run {
    /// Runs `each` on the packets and their part of `out` (at most `packets.len() · LANES`
    /// long): once, or on runs of [`PAR_RUN`] items on rayon's current pool.
    #[inline(always)]
    pub fn packets<P: Sync, X: Send>(
        self,
        packets: &[P],
        out: &mut [X],
        each: impl Fn(&[P], &mut [X]) + Sync + Send,
    ) {
        match self {
            Self::Serial => each(packets, out),
            #[cfg(feature = "rayon")]
            Self::Parallel => {
                use rayon::prelude::*;
                out.par_chunks_mut(PAR_RUN)
                    .zip(packets.par_chunks(PAR_RUN / LANES))
                    .for_each(|(o, p)| each(p, o));
            }
        }
    }
}
