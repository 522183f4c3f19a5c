//! # osculate-benches
//!
//! Criterion benchmarks of osculate's queries beside parry3d and hand-written floors
//! (`cargo bench -p osculate-benches`; `cargo xtask bench-report` runs them and prints the ratios).
//!
//! The benchmarks are a table of rows, one per query (`benches/rows/`): its inputs on two
//! distributions ([`input`]), its contenders and what each answers ([`race`]), written with the
//! table's macros ([`osculate!`], [`parry!`], [`floor!`], [`table!`], [`only!`]). The bench
//! binary (`benches/queries.rs`) times every row; `cargo test -p osculate-benches` (`tests/rows.rs`)
//! checks every row, contender by contender, so that osculate and parry are never raced on
//! different questions.
//!
//! Inputs are seeded and pre-generated ([`BATCH`] per distribution), then cycled with
//! `i & (BATCH - 1)` so that branches are not all predicted. The `f32` inputs are the `f64`
//! inputs rounded.

pub mod accuracy;
pub mod concrete;
pub mod convert;
pub mod floor;
pub mod input;
pub mod race;
mod table;

/// How many pre-generated inputs each benchmark cycles through (a power of two).
pub const BATCH: usize = 1024;
