//! Criterion benchmarks of the structure-of-arrays batches beside the scalar queries in a loop
//! (`osculate_benches::soa`): `batch/{query}/{contender}-{scalar}/{set}`, one batch call of
//! `soa::ITEMS` items per iteration.

use criterion::{Criterion, criterion_group, criterion_main};
use osculate_benches::soa;

fn batch(c: &mut Criterion) {
    let mut g = c.benchmark_group("batch");
    soa::rows(&mut |query, contender, set, _clock, run| {
        g.bench_function(format!("{query}/{contender}/{set}"), |b| b.iter(&mut *run));
    });
    g.finish();
}

criterion_group!(benches, batch);
criterion_main!(benches);
