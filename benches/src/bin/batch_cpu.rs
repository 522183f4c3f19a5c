//! The structure-of-arrays batches beside the scalar queries in a loop, timed (`cargo run
//! --release -p osculate-benches --bin batch_cpu -- [FILTER] [--rounds N] [--seconds S]`): each
//! contender's batch call of `soa::ITEMS` items, best of `N` runs (default 5) of at least `S`
//! seconds (default 0.3), by the thread's CPU time for the serial contenders and by wall time for
//! the `par` ones (their work runs on the pool's threads); printed per row with the time per item
//! and the ratio of the scalar loop's time to it. `FILTER` keeps the rows whose
//! `query/contender/set` contains it.

use std::time::Instant;

use osculate_benches::cpu::best_of;
use osculate_benches::soa::{self, Clock, ITEMS};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut rounds, mut seconds, mut only) = (5, 0.3, None);
    let mut i = 0;
    while i < args.len() {
        let next = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--rounds" => {
                rounds = next.parse().unwrap_or(rounds);
                i += 1;
            }
            "--seconds" => {
                seconds = next.parse().unwrap_or(seconds);
                i += 1;
            }
            filter => only = Some(filter.to_owned()),
        }
        i += 1;
    }
    let mut loop_time = std::collections::HashMap::new();
    println!(
        "{:<14} {:<10} {:<6} {:>11} {:>9} {:>8}",
        "query", "contender", "set", "ns/call", "ns/item", "vs loop"
    );
    soa::rows(&mut |query, contender, set, clock, run| {
        let name = format!("{query}/{contender}/{set}");
        if only.as_ref().is_some_and(|f| !name.contains(f.as_str())) {
            return;
        }
        let t = match clock {
            Clock::Thread => best_of(rounds, seconds, &mut *run),
            Clock::Wall => (0..rounds)
                .map(|_| {
                    let start = Instant::now();
                    let mut calls = 0u32;
                    while start.elapsed().as_secs_f64() < seconds {
                        run();
                        calls += 1;
                    }
                    start.elapsed().as_secs_f64() / f64::from(calls)
                })
                .fold(f64::INFINITY, f64::min),
        };
        let ty = contender.rsplit('-').next().unwrap_or_default();
        let key = format!("{query}/{ty}/{set}");
        if contender.starts_with("loop") {
            loop_time.insert(key.clone(), t);
        }
        let ratio = loop_time.get(&key).map_or(f64::NAN, |l| l / t);
        println!(
            "{query:<14} {contender:<10} {set:<6} {:>11.0} {:>9.2} {ratio:>8.2}",
            t * 1e9,
            t * 1e9 / ITEMS as f64
        );
    });
}
