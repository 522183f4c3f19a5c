//! # osculate-overlap: layer 2 of osculate
//!
//! Boolean overlap tests between shapes: separating axes and friends (van den Bergen 3.2-3.3,
//! Ericson 5.2).
//!
//! **Layering**: depends only on `osculate-math` (layer 0) and `osculate-closest` (layer 1).
//!
//! **Status**: the layer's queries are tracked in the project's overlap issue; this crate is the
//! empty layer they land in.
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!(
    "osculate-overlap needs float functions: enable the `std` feature or the `libm` feature"
);

pub use osculate_closest;
