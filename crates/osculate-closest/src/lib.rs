//! # osculate-closest: layer 1 of osculate
//!
//! Closest points, distances, penetration depths and witness points between the shapes of
//! [`osculate_math`] (van den Bergen ch. 3, Ericson 5.1).
//!
//! **Layering**: depends only on `osculate-math` (layer 0). The overlap, cast and dynamic layers and
//! the `osculate` facade build on it.
//!
//! **Status**: the layer's queries are tracked in the project's closest-point issue; this crate is
//! the empty layer they land in.
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!(
    "osculate-closest needs float functions: enable the `std` feature or the `libm` feature"
);

pub use osculate_math;
