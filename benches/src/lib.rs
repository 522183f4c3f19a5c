//! # osculate-benches
//!
//! Criterion benchmarks of osculate's queries beside parry3d and hand-written floors
//! (`cargo bench -p osculate-benches`). Shared input generation lives here; the benchmark binary is
//! `benches/queries.rs`.
//!
//! Inputs are seeded and pre-generated ([`BATCH`] of them), then cycled with `i & (BATCH - 1)` so
//! that branches are not all predicted.

use osculate_math::testing::{Flavour, Frame, Generate, Rng};

/// How many pre-generated inputs each benchmark cycles through (a power of two).
pub const BATCH: usize = 1024;

/// `BATCH` seeded random values of a generated shape type, in the ordinary flavour.
#[must_use]
pub fn inputs<S: Generate<f64>>(seed: u64) -> Vec<S> {
    let mut rng = Rng::new(seed);
    (0..BATCH)
        .map(|_| {
            let frame = Frame::new(Flavour::Ordinary, &mut rng);
            S::generate(&mut rng, &frame)
        })
        .collect()
}
