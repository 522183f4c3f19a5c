//! The benchmark table's rows timed by the thread's CPU time (`cargo run --release -p
//! osculate-benches --bin rows_cpu -- [QUERY] [--rounds N] [--seconds S]`): each contender's loop
//! over each whole input set, best of `N` runs (default 3) of at least `S` seconds (default 0.3),
//! printed per row and set as osculate's time over parry's with both times per call. A steadier
//! comparison than criterion's wall time on a loaded machine; `QUERY` keeps the rows whose name
//! contains it (`rigid_`, `manifold_box_box`).
//!
//! `--profile CONTENDER SET PASSES` runs one contender's loop over one set `PASSES` times and
//! times nothing: a small program to run under valgrind (`rows_cpu manifold_box_box --profile
//! osculate-f64 overlap10 50`).

#[path = "../../../benches/rows/mod.rs"]
#[allow(dead_code, reason = "the rows' module also serves the row check and criterion")]
mod rows;

#[cfg(test)]
mod check;

use osculate_benches::race::{CpuOptions, Sink};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut o = CpuOptions::default();
    let mut i = 0;
    while i < args.len() {
        let next = |k: usize| args.get(i + k).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--rounds" => {
                o.rounds = next(1).parse().unwrap_or(o.rounds);
                i += 1;
            }
            "--seconds" => {
                o.seconds = next(1).parse().unwrap_or(o.seconds);
                i += 1;
            }
            "--profile" => {
                o.profile = Some((next(1), next(2), next(3).parse().unwrap_or(1)));
                i += 3;
            }
            query => o.only = Some(query.to_owned()),
        }
        i += 1;
    }
    let mut sink = Sink::cpu(o);
    rows::all(&mut sink);
    let _ = sink.finish();
}
