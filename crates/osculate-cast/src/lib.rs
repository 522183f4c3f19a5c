//! # osculate-cast: layer 3 of osculate
//!
//! Ray, segment and line casts against every shape, with the entry/exit interval and the outward
//! normal (van den Bergen 3.1.2, 3.2.1; Ericson 5.3).
//!
//! **Layering**: depends only on `osculate-math`, `osculate-closest` and `osculate-overlap`
//! (layers 0-2).
//!
//! **Status**: the layer's queries are tracked in the project's cast issue; this crate is the empty
//! layer they land in.
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!(
    "osculate-cast needs float functions: enable the `std` feature or the `libm` feature"
);

pub use osculate_overlap;
