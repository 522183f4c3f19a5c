//! # osculate-benches
//!
//! Criterion benchmarks of osculate's queries beside parry3d and hand-written floors
//! (`cargo bench -p osculate-benches`; `cargo xtask bench-report` runs them and prints the ratios).
//!
//! The benchmarks are a table of rows, one per query (`benches/rows/`): its inputs on two
//! distributions ([`input`]), its contenders and what each answers ([`race`]), written with the
//! table's macros ([`osculate!`], [`parry!`], [`floor!`], [`table!`], [`only!`]). The bench
//! binary (`benches/queries.rs`) times every row; `cargo test -p osculate-benches` (the row check,
//! `src/bin/rows_cpu/check.rs`) checks every row, contender by contender, so that osculate and parry are never raced on
//! different questions.
//!
//! Inputs are seeded and pre-generated ([`BATCH`] per distribution), then cycled with
//! `i & (BATCH - 1)` so that branches are not all predicted. The `f32` inputs are the `f64`
//! inputs rounded.

pub mod accuracy;
pub mod concrete;
pub mod convert;
pub mod cpu;
pub mod floor;
pub mod input;
pub mod race;
pub mod soa;
mod table;

/// How many pre-generated inputs each benchmark cycles through (a power of two).
pub const BATCH: usize = 1024;

/// One timed entry of the criterion group `g` outside the row table (the `gjk` and `mesh`
/// benches): each iteration runs `f` on the next of `inputs` (a power-of-two batch, cycled with
/// `i & (len - 1)`), the input and the answer passed through `black_box`.
pub fn cycled<I, R>(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: criterion::BenchmarkId,
    inputs: &[I],
    mut f: impl FnMut(&I) -> R,
) {
    debug_assert!(inputs.len().is_power_of_two(), "a batch of {} inputs", inputs.len());
    let mask = inputs.len().wrapping_sub(1);
    let mut i = 0usize;
    g.bench_function(id, |b| {
        b.iter(|| {
            i = i.wrapping_add(1);
            std::hint::black_box(f(std::hint::black_box(&inputs[i & mask])))
        })
    });
}
