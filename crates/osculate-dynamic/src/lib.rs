//! # osculate-dynamic: layer 4 of osculate
//!
//! Moving-object tests: sweeps, interval halving and time of impact (van den Bergen 3.1.2,
//! Ericson 5.5).
//!
//! **Layering**: depends only on the layers below it (`osculate-math`, `osculate-closest`,
//! `osculate-overlap`, `osculate-cast`).
//!
//! **Status**: the layer's queries are tracked in the project's dynamic issue; this crate is the
//! empty layer they land in.
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!(
    "osculate-dynamic needs float functions: enable the `std` feature or the `libm` feature"
);

pub use osculate_cast;
