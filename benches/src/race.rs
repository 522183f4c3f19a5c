//! The race machinery, written once: a [`Row`] of the benchmark table, its contenders and what
//! each answers.
//!
//! A row is one query raced by osculate (`f32` and `f64`) against parry3d and parry3d-f64 on the
//! same inputs (both [distributions](crate::input::RATES)), and by a hand-written floor where one
//! is short. Where osculate returns more than parry's cheapest call (the exit parameter, the point,
//! the normal, the distance of shapes apart), parry runs twice: its call that answers as much as
//! osculate's ([`PARRY_F32`] / [`PARRY_F64`]) and its cheapest ([`PARRY_F32_CHEAP`] /
//! [`PARRY_F64_CHEAP`]).
//!
//! A [`Sink`] runs each row one of three ways: under criterion (each contender a benchmark
//! `{query}/{contender}/{distribution}`, one query per iteration, inputs cycled with
//! `i & (BATCH - 1)`); as a check that every contender answers the same question as osculate
//! on every input (hit or miss, overlap, the parameter or distance within a tolerance), so that a
//! race never compares different questions; or timed by the thread's CPU time ([`CpuOptions`],
//! the `rows_cpu` binary), each contender's loop over a whole set, a steadier comparison than
//! criterion's wall time on a loaded machine and a small program to profile. The bench run also writes each row's class, calls and
//! note to `target/bench-rows.tsv` for `cargo xtask bench-report`.

use crate::BATCH;
use crate::input::Dists;
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion};
use osculate::cast::{RayHit, TriangleHit};
use osculate::closest::{ClosestPoints, Contact};
use osculate::dynamic::{Impact, RigidImpact};
use osculate_math::{Point3, Real};
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// osculate on `f32` inputs.
pub const OSCULATE_F32: &str = "osculate-f32";
/// parry3d's call answering as much as osculate's.
pub const PARRY_F32: &str = "parry3d";
/// parry3d's cheapest call for the query.
pub const PARRY_F32_CHEAP: &str = "parry3d-cheap";
/// osculate on `f64` inputs.
pub const OSCULATE_F64: &str = "osculate-f64";
/// parry3d-f64's call answering as much as osculate's.
pub const PARRY_F64: &str = "parry3d-f64";
/// parry3d-f64's cheapest call for the query.
pub const PARRY_F64_CHEAP: &str = "parry3d-f64-cheap";
/// The hand-written `f32` floor.
pub const FLOOR: &str = "floor";

/// A zero-cost check's generic free function on `f32`.
pub const GENERIC_F32: &str = "generic-f32";
/// Its concrete-typed copy on `f32`.
pub const CONCRETE_F32: &str = "concrete-f32";
/// The facade's trait call on `f32`.
pub const TRAIT_F32: &str = "trait-f32";
/// A zero-cost check's generic free function on `f64`.
pub const GENERIC_F64: &str = "generic-f64";
/// Its concrete-typed copy on `f64`.
pub const CONCRETE_F64: &str = "concrete-f64";
/// The facade's trait call on `f64`.
pub const TRAIT_F64: &str = "trait-f64";

/// The pairs of contenders the check compares (the second against the first), with the
/// precision of the comparison.
const COMPARED: [(&str, &str, Precision); 9] = [
    (OSCULATE_F32, PARRY_F32, Precision::F32),
    (OSCULATE_F32, PARRY_F32_CHEAP, Precision::F32),
    (OSCULATE_F64, PARRY_F64, Precision::F64),
    (OSCULATE_F64, PARRY_F64_CHEAP, Precision::F64),
    (OSCULATE_F32, FLOOR, Precision::F32),
    (GENERIC_F32, CONCRETE_F32, Precision::F32),
    (GENERIC_F32, TRAIT_F32, Precision::F32),
    (GENERIC_F64, CONCRETE_F64, Precision::F64),
    (GENERIC_F64, TRAIT_F64, Precision::F64),
];

/// What the two sides of a row compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Both sides a closed form, or both general (GJK, EPA, the GJK ray cast, conservative
    /// advancement). Also where osculate is general and parry a closed form: the headline never
    /// leans on a method mismatch in osculate's favour.
    LikeForLike,
    /// osculate's closed form against parry's general path: the ratio says what choosing the
    /// closed form saves, not how the two libraries' code compares.
    ClosedVsGeneral,
    /// parry has no counterpart.
    OsculateOnly,
}

impl Class {
    /// The name the report prints.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::LikeForLike => "like-for-like",
            Self::ClosedVsGeneral => "closed-vs-general",
            Self::OsculateOnly => "osculate-only",
        }
    }
}

/// One row of the table: the query, its class, what its inputs' predicate is and how close the
/// contenders' answers must be.
#[derive(Clone, Debug)]
pub struct Row {
    /// The benchmark group's name.
    pub query: &'static str,
    /// What the two sides compute.
    pub class: Class,
    /// Why the class, or where the contenders differ by design.
    pub note: &'static str,
    /// The largest difference of a parameter or distance counted as the same answer, in `f32`
    /// and in `f64` (inputs are of unit scale).
    pub tolerance: [f64; 2],
    /// The share of inputs on which the contenders may disagree on hit or miss (grazing and
    /// touching inputs, decided by rounding).
    pub flips: f64,
    /// Whether the cheap parry call reports a contact only for touching shapes (prediction 0):
    /// osculate's answer for shapes apart is then compared as "no contact".
    pub cheap_touching_only: bool,
    /// The share of inputs on which a contender may miss a first contact osculate's answer
    /// certifies ([`Answer::Certified`]): answer it later, or not at all.
    pub misses: f64,
}

impl Row {
    /// A row with the default tolerances (`2e-3` in `f32`, `1e-5` in `f64`, 0.3% flips).
    #[must_use]
    pub const fn new(query: &'static str, class: Class) -> Self {
        Self {
            query,
            class,
            note: "",
            tolerance: [2e-3, 1e-5],
            flips: 0.003,
            cheap_touching_only: false,
            misses: 0.0,
        }
    }

    /// With a note.
    #[must_use]
    pub const fn note(mut self, note: &'static str) -> Self {
        self.note = note;
        self
    }

    /// With other tolerances.
    #[must_use]
    pub const fn tolerance(mut self, f32: f64, f64: f64) -> Self {
        self.tolerance = [f32, f64];
        self
    }

    /// With another share of hit-or-miss disagreements.
    #[must_use]
    pub const fn flips(mut self, share: f64) -> Self {
        self.flips = share;
        self
    }

    /// Another share of inputs on which a contender may miss a certified first contact.
    #[must_use]
    pub const fn misses(mut self, share: f64) -> Self {
        self.misses = share;
        self
    }

    /// The cheap parry call answers only for touching shapes.
    #[must_use]
    pub const fn cheap_touching_only(mut self) -> Self {
        self.cheap_touching_only = true;
        self
    }
}

/// The precision of a comparison.
#[derive(Clone, Copy, Debug)]
enum Precision {
    F32,
    F64,
}

/// What a contender answered, in a form both libraries' results map to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Answer {
    /// A yes or no (overlap).
    Bool(bool),
    /// A parameter, time or distance, or none (no hit, no contact).
    Value(Option<f64>),
    /// The time of a first contact that the row's answer mapping has checked (the shapes touch
    /// there): a contender answering a later time, or none, missed it; an earlier time beyond
    /// the tolerance is a disagreement.
    Certified(f64),
}

/// A result that maps to an [`Answer`].
pub trait ToAnswer {
    /// The answer.
    fn answer(&self) -> Answer;
}

impl Answer {
    /// `a`'s answer.
    pub fn of<A: ToAnswer + ?Sized>(a: &A) -> Self {
        a.answer()
    }

    /// A distance between two points given as coordinates.
    #[must_use]
    pub fn distance(a: [f64; 3], b: [f64; 3]) -> Self {
        Self::Value(Some(
            ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt(),
        ))
    }

    /// The answer of a call that reports only touching shapes: a positive distance is "none".
    fn touching_only(self) -> Self {
        match self {
            Self::Value(Some(d)) if d > 0.0 => Self::Value(None),
            a => a,
        }
    }
}

impl ToAnswer for bool {
    fn answer(&self) -> Answer {
        Answer::Bool(*self)
    }
}

impl ToAnswer for f32 {
    fn answer(&self) -> Answer {
        Answer::Value(Some(f64::from(*self)))
    }
}

impl ToAnswer for f64 {
    fn answer(&self) -> Answer {
        Answer::Value(Some(*self))
    }
}

impl<A: ToAnswer> ToAnswer for Option<A> {
    fn answer(&self) -> Answer {
        self.as_ref().map_or(Answer::Value(None), ToAnswer::answer)
    }
}

/// The distance between two points of the same precision (a point query's answer: how far the
/// closest point is from the query point).
pub fn point_distance<T: Real>(a: &Point3<T>, b: &Point3<T>) -> Answer {
    Answer::Value(Some((a - b).norm().to_f64()))
}

/// A floor's point as `f64` coordinates.
#[must_use]
pub fn wide(p: [f32; 3]) -> [f64; 3] {
    p.map(f64::from)
}

impl<T: Real> ToAnswer for RayHit<T> {
    fn answer(&self) -> Answer {
        Answer::Value(Some(self.t_enter.to_f64()))
    }
}

impl<T: Real> ToAnswer for TriangleHit<T> {
    fn answer(&self) -> Answer {
        self.hit.answer()
    }
}

impl<T: Real> ToAnswer for Contact<T> {
    fn answer(&self) -> Answer {
        Answer::Value(Some(self.distance.to_f64()))
    }
}

impl<T: Real> ToAnswer for ClosestPoints<T> {
    fn answer(&self) -> Answer {
        Answer::Value(Some(self.distance.to_f64()))
    }
}

impl<T: Real> ToAnswer for RigidImpact<T> {
    fn answer(&self) -> Answer {
        Answer::Value(Some(self.toi.to_f64()))
    }
}

impl<T: Real> ToAnswer for Impact<T> {
    fn answer(&self) -> Answer {
        Answer::Value(Some(self.toi.to_f64()))
    }
}

/// How a group's contenders are run: timed by criterion, checked against each other, or timed
/// by CPU time.
#[allow(missing_debug_implementations, reason = "criterion's types have no `Debug`")]
pub struct Sink<'c> {
    criterion: Option<&'c mut Criterion>,
    cpu: Option<CpuOptions>,
    log: Log,
}

/// What [`Sink::cpu`] runs: each contender's loop over each set of the rows kept, best of
/// `rounds` runs of at least `seconds` of the thread's CPU time; or, with `profile`, one
/// contender's loop alone (for valgrind), untimed.
#[derive(Clone, Debug)]
pub struct CpuOptions {
    /// Keeps the rows whose query contains this text (every row when `None`).
    pub only: Option<String>,
    /// How many runs of each loop (the least time is kept).
    pub rounds: usize,
    /// The least CPU time of a run, in seconds.
    pub seconds: f64,
    /// `(contender, set, passes)`: runs that contender's loop over the named set `passes` times
    /// and times nothing.
    pub profile: Option<(String, String, usize)>,
}

impl Default for CpuOptions {
    fn default() -> Self {
        Self { only: None, rounds: 3, seconds: 0.3, profile: None }
    }
}

/// What the rows left: their descriptions and, when checked, their disagreements.
#[derive(Debug, Default)]
pub struct Log {
    /// One line per row for `target/bench-rows.tsv` (see [`Race::finish`]).
    pub rows: Vec<String>,
    /// The comparisons that failed, one line each.
    pub failures: Vec<String>,
    /// One line per comparison made: the row, the pair, the agreement.
    pub checks: Vec<String>,
}

impl<'c> Sink<'c> {
    /// Rows timed by `criterion`.
    pub fn bench(criterion: &'c mut Criterion) -> Self {
        Self { criterion: Some(criterion), cpu: None, log: Log::default() }
    }

    /// Rows checked: every contender's answers compared with osculate's.
    #[must_use]
    pub fn check() -> Self {
        Self { criterion: None, cpu: None, log: Log::default() }
    }

    /// Rows timed by the thread's CPU time, one line printed per row and set: each contender's
    /// time per call and osculate's time over parry's in each precision.
    #[must_use]
    pub fn cpu(options: CpuOptions) -> Self {
        Self { criterion: None, cpu: Some(options), log: Log::default() }
    }

    /// Starts a row.
    pub fn race(&mut self, row: Row) -> Race<'_> {
        let group = self.criterion.as_deref_mut().map(|c| c.benchmark_group(row.query));
        let cpu = self
            .cpu
            .clone()
            .filter(|o| o.only.as_ref().is_none_or(|q| row.query.contains(q.as_str())));
        Race {
            skip: self.cpu.is_some() && cpu.is_none(),
            cpu,
            times: Vec::new(),
            row,
            group,
            log: &mut self.log,
            answers: Vec::new(),
            calls: Vec::new(),
            sets: Vec::new(),
        }
    }

    /// What the rows left. In a bench run, also writes their descriptions to
    /// `target/bench-rows.tsv` (the workspace's target directory, or `CARGO_TARGET_DIR`).
    ///
    /// # Panics
    /// When the file cannot be written.
    #[must_use]
    pub fn finish(self) -> Log {
        if self.criterion.is_some() {
            let dir = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
                || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("target"),
                std::path::PathBuf::from,
            );
            let path = dir.join("bench-rows.tsv");
            let text: String = self.log.rows.iter().map(|l| format!("{l}\n")).collect();
            if let Err(e) = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, text))
            {
                panic!("writing {}: {e}", path.display());
            }
        }
        self.log
    }
}

/// A row being run: add its contenders with [`Race::run`] (or the `osculate!`, `parry!` and
/// `floor!` macros), then [`Race::finish`].
#[allow(missing_debug_implementations, reason = "criterion's types have no `Debug`")]
#[must_use = "a race is logged by `finish`"]
pub struct Race<'s> {
    row: Row,
    group: Option<BenchmarkGroup<'s, WallTime>>,
    log: &'s mut Log,
    /// Each checked contender's answers, per set.
    answers: Vec<(&'static str, Vec<Vec<Answer>>)>,
    /// Each contender's call, as written.
    calls: Vec<(&'static str, String)>,
    /// The sets' names.
    sets: Vec<String>,
    /// A CPU-time run's options, for a row it keeps.
    cpu: Option<CpuOptions>,
    /// A CPU-time run leaves this row out.
    skip: bool,
    /// Each contender's CPU time per call on each set, in a CPU-time run.
    times: Vec<(&'static str, Vec<f64>)>,
}

impl Race<'_> {
    /// Runs contender `id` (one of this module's ids) on each set of `data`: `f` is the timed
    /// call (`call` its source text, for the report), `answer` maps its result to an [`Answer`].
    pub fn run<D, R>(
        &mut self,
        id: &'static str,
        call: &'static str,
        data: &Dists<D>,
        mut f: impl FnMut(&D) -> R,
        answer: impl Fn(&D, &R) -> Answer,
    ) {
        if self.skip {
            return;
        }
        self.calls.push((id, call_name(call)));
        if self.sets.is_empty() {
            self.sets = data.names();
        }
        if let Some(o) = &self.cpu {
            let mut pass = |set: &[D]| {
                for x in set {
                    black_box(f(black_box(x)));
                }
            };
            if let Some((who, which, passes)) = &o.profile {
                for (_, set) in data.sets.iter().filter(|(name, _)| who == id && name == which) {
                    (0..*passes).for_each(|_| pass(set));
                }
            } else {
                let times = data
                    .sets
                    .iter()
                    .map(|(_, set)| {
                        #[allow(clippy::cast_precision_loss, reason = "a batch of 1,024")]
                        let n = set.len().max(1) as f64;
                        crate::cpu::best_of(o.rounds, o.seconds, || pass(set)) / n
                    })
                    .collect();
                self.times.push((id, times));
            }
        } else if let Some(g) = &mut self.group {
            for (name, set) in &data.sets {
                debug_assert_eq!(set.len(), BATCH);
                let mut i = 0usize;
                // Criterion's `iter` loop, written here so that criterion's own code is
                // instantiated once for every contender (see `time`).
                let mut timed = |iters: u64| {
                    let start = Instant::now();
                    for _ in 0..iters {
                        i = i.wrapping_add(1);
                        black_box(f(black_box(&set[i & (BATCH - 1)])));
                    }
                    start.elapsed()
                };
                time(g, BenchmarkId::new(id, name), &mut timed);
            }
        } else {
            let answers = data
                .sets
                .iter()
                .map(|(_, set)| set.iter().map(|x| answer(x, &f(x))).collect())
                .collect();
            self.answers.push((id, answers));
        }
    }

    /// Ends the row: logs its description and, when checked, compares each contender's answers
    /// with osculate's in the same precision (and the floor's with osculate `f32`).
    pub fn finish(self) {
        let Self { row, group, log, answers, calls, sets, times, .. } = self;
        drop(group);
        print_times(row.query, &sets, &times);
        let class = if calls.iter().any(|(id, _)| id.starts_with("parry")) {
            row.class
        } else {
            Class::OsculateOnly
        };
        let mut line = format!("{}\t{}\t{}\t", row.query, class.name(), sets.join(","));
        for (i, (id, call)) in calls.iter().enumerate() {
            let _ = write!(line, "{}{id}={call}", if i == 0 { "" } else { ";" });
        }
        let _ = write!(line, "\t{}", row.note);
        log.rows.push(line);
        let find = |id: &str| answers.iter().find(|(i, _)| *i == id).map(|(_, a)| a);
        let reference = find(OSCULATE_F64);
        for (base, other, precision) in COMPARED {
            let (Some(ours), Some(theirs)) = (find(base), find(other)) else { continue };
            let tolerance = row.tolerance[precision as usize];
            let cheap = other.ends_with("-cheap") && row.cheap_touching_only;
            for (j, (name, (ours, theirs))) in sets.iter().zip(ours.iter().zip(theirs)).enumerate()
            {
                let mut flips = 0;
                let mut first_flip = None;
                let mut missed = 0;
                let mut first_miss = None;
                let mut worst: Option<(usize, f64)> = None;
                for (k, (&a, &b)) in ours.iter().zip(theirs).enumerate() {
                    let a = if cheap { a.touching_only() } else { a };
                    match compare(a, b, tolerance) {
                        Agreement::Same => {}
                        Agreement::Flip => {
                            flips += 1;
                            first_flip.get_or_insert(k);
                        }
                        Agreement::Missed => {
                            missed += 1;
                            first_miss.get_or_insert(k);
                        }
                        Agreement::Off(d) => {
                            if worst.is_none_or(|(_, w)| d > w) {
                                worst = Some((k, d));
                            }
                        }
                    }
                }
                let n = ours.len();
                let flip = first_flip.map_or_else(String::new, |k| {
                    format!(" (#{k}: {:?} vs {:?})", ours[k], theirs[k])
                });
                let miss = first_miss.map_or_else(String::new, |k| {
                    format!(
                        ", {missed} certified contacts missed (#{k}: {:?} vs {:?})",
                        ours[k], theirs[k]
                    )
                });
                let summary = format!(
                    "{} {other} vs {base} on {name}: {flips} of {n} flip{flip}{miss}{}",
                    row.query,
                    worst.map_or_else(String::new, |(k, d)| {
                        let f64_answer = match (precision, reference) {
                            (Precision::F32, Some(r)) => format!(", osculate-f64 {:?}", r[j][k]),
                            _ => String::new(),
                        };
                        format!(
                            ", off by {d:.2e} at #{k} ({:?} vs {:?}{f64_answer})",
                            ours[k], theirs[k]
                        )
                    })
                );
                #[allow(clippy::cast_precision_loss, reason = "counts of a few thousand")]
                let too_many =
                    flips as f64 > row.flips * n as f64 || missed as f64 > row.misses * n as f64;
                if too_many || worst.is_some() {
                    log.failures.push(summary.clone());
                }
                log.checks.push(summary);
            }
        }
    }
}

/// Prints a CPU-time run's row: per set, each precision's osculate time per call, parry's, and
/// their ratio (osculate over parry; below 1 osculate is faster), then the cheap parry call's.
fn print_times(query: &str, sets: &[String], times: &[(&'static str, Vec<f64>)]) {
    let find = |id: &str| times.iter().find(|(i, _)| *i == id).map(|(_, t)| t);
    for (k, set) in sets.iter().enumerate() {
        let mut line = String::new();
        for (ours, theirs) in [
            (OSCULATE_F32, PARRY_F32),
            (OSCULATE_F32, PARRY_F32_CHEAP),
            (OSCULATE_F64, PARRY_F64),
            (OSCULATE_F64, PARRY_F64_CHEAP),
        ] {
            let at = |id| find(id).and_then(|t| t.get(k)).copied();
            if let (Some(a), Some(b)) = (at(ours), at(theirs)) {
                let _ = write!(line, " | {theirs} {:.2} ({:.1}/{:.1} ns)", a / b, a * 1e9, b * 1e9);
            }
        }
        if !line.is_empty() {
            println!("{query} {set}{line}");
        }
    }
}

/// Times one contender on one input set: `timed(n)` runs `n` queries and returns their wall
/// time, as criterion's `Bencher::iter` does. Not generic, so criterion's sampling and analysis
/// are compiled once for the whole table instead of once per contender.
fn time(
    g: &mut BenchmarkGroup<'_, WallTime>,
    id: BenchmarkId,
    timed: &mut dyn FnMut(u64) -> Duration,
) {
    g.bench_function(id, |b| b.iter_custom(&mut *timed));
}

/// How two answers compare.
enum Agreement {
    /// The second answers later than a certified contact, or not at all.
    Missed,
    /// The same within the tolerance.
    Same,
    /// One hits or overlaps and the other does not.
    Flip,
    /// Both hit, with values this far apart (beyond the tolerance).
    Off(f64),
}

/// Compares `a` and `b`: values within `tolerance·(1 + max(|a|, |b|))` are the same.
fn compare(a: Answer, b: Answer, tolerance: f64) -> Agreement {
    match (a, b) {
        (Answer::Bool(x), Answer::Bool(y)) => {
            if x == y {
                Agreement::Same
            } else {
                Agreement::Flip
            }
        }
        (Answer::Value(Some(x)), Answer::Value(Some(y))) => {
            let d = (x - y).abs();
            if d <= tolerance * (1.0 + x.abs().max(y.abs())) {
                Agreement::Same
            } else {
                Agreement::Off(d)
            }
        }
        (Answer::Certified(x), Answer::Value(Some(y))) if y > x => {
            match compare(Answer::Value(Some(x)), b, tolerance) {
                Agreement::Same => Agreement::Same,
                _ => Agreement::Missed,
            }
        }
        (Answer::Certified(_), Answer::Value(None)) => Agreement::Missed,
        (Answer::Certified(x), b) => compare(Answer::Value(Some(x)), b, tolerance),
        (a, Answer::Certified(y)) => compare(a, Answer::Value(Some(y)), tolerance),
        (Answer::Value(None), Answer::Value(None)) => Agreement::Same,
        (Answer::Value(_), Answer::Value(_)) => Agreement::Flip,
        _ => Agreement::Off(f64::INFINITY),
    }
}

/// The function a call's source text names: `details::contact_ball_ball` for
/// `qd::contact_ball_ball(&p.0, ..)` (`qd` is parry's `query::details`), `cast_local_ray` for
/// `p.1.cast_local_ray(&p.0, p.2, true)`, a block's first `qd::` call, with a trailing argument
/// that sets the semantics (`Real::MAX`, `0.0`) kept as `(.., MAX)`.
fn call_name(call: &str) -> String {
    let call = call.trim();
    // A block's call: its first statement that calls parry's `query::details`.
    let call = match call.find("qd::") {
        Some(i) if call.starts_with('{') => call[i..].split(';').next().unwrap_or(call),
        _ => call,
    };
    let head = call.split('(').next().unwrap_or(call).trim();
    let head = head.rsplit_once(". ").map_or(head, |(_, h)| h);
    let head = match head.rsplit_once('.') {
        Some((_, method)) => method,
        None => head
            .trim_start_matches("pr::query::")
            .trim_start_matches("pr::")
            .trim_start_matches("osculate::"),
    };
    let head: String = head.split_whitespace().collect();
    let head = match head.strip_prefix("qd::") {
        Some(f) => format!("details::{f}"),
        None => head,
    };
    let args = call.rsplit_once(')').map_or("", |(a, _)| a);
    let last = args.rsplit(',').next().unwrap_or("").trim();
    if last.ends_with("::MAX") {
        format!("{head}(.., MAX)")
    } else if last == "0.0" {
        format!("{head}(.., 0)")
    } else {
        head
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn call_names() {
        assert_eq!(
            call_name("qd::contact_ball_ball(&p.0, &p.1, &p.2, Real::MAX)"),
            "details::contact_ball_ball(.., MAX)"
        );
        assert_eq!(
            call_name("pr::bounding_volume::BoundingVolume::intersects(&p.0, &p.1)"),
            "bounding_volume::BoundingVolume::intersects"
        );
        assert_eq!(call_name("p.1.cast_local_ray(&p.0, p.2, true)"), "cast_local_ray");
        assert_eq!(
            call_name(
                "{ let m = fresh(q); qd::contact_manifold_pfm_pfm(&p.0, m, 0.0); deepest(m) }"
            ),
            "details::contact_manifold_pfm_pfm(.., 0)"
        );
        assert_eq!(
            call_name("closest::contact_sphere_sphere(&x.0, &x.1)"),
            "closest::contact_sphere_sphere"
        );
        assert_eq!(
            call_name("qd::contact_ball_ball(&p.0, &p.1, &p.2, 0.0)"),
            "details::contact_ball_ball(.., 0)"
        );
    }

    #[test]
    fn answers_compare_within_tolerance() {
        let v = |x| Answer::Value(Some(x));
        assert!(matches!(compare(v(1.0), v(1.0 + 1e-6), 1e-5), Agreement::Same));
        assert!(matches!(compare(v(1.0), v(1.1), 1e-5), Agreement::Off(_)));
        assert!(matches!(compare(v(1.0), Answer::Value(None), 1e-5), Agreement::Flip));
        assert!(matches!(compare(Answer::Bool(true), Answer::Bool(false), 1e-5), Agreement::Flip));
        assert_eq!(v(0.5).touching_only(), Answer::Value(None));
        assert_eq!(v(-0.5).touching_only(), v(-0.5));
    }

    #[test]
    fn a_certified_contact_answered_later_or_not_at_all_is_missed() {
        let (c, v) = (Answer::Certified, |x| Answer::Value(Some(x)));
        assert!(matches!(compare(c(0.5), v(0.5 + 1e-6), 1e-5), Agreement::Same));
        assert!(matches!(compare(c(0.5), v(0.7), 1e-5), Agreement::Missed));
        assert!(matches!(compare(c(0.5), Answer::Value(None), 1e-5), Agreement::Missed));
        // Earlier than a contact with no contact before it: a disagreement, not a miss.
        assert!(matches!(compare(c(0.5), v(0.3), 1e-5), Agreement::Off(_)));
        assert!(matches!(compare(v(0.5), c(0.5), 1e-5), Agreement::Same));
    }
}
