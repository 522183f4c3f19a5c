//! Criterion benchmarks of osculate's queries beside parry3d, parry3d-f64 and a hand-written floor:
//! every row of the table (`rows/`), each contender on both input distributions
//! (`{query}/{contender}/{distribution}`), one query per iteration.

use criterion::{Criterion, criterion_group, criterion_main};
use osculate_benches::race::Sink;

mod rows;

fn table(c: &mut Criterion) {
    let mut sink = Sink::bench(c);
    rows::all(&mut sink);
    let _ = sink.finish();
}

criterion_group!(benches, table);
criterion_main!(benches);
