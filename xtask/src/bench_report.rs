//! `cargo xtask bench-report`: runs the criterion suite of `osculate-benches` with short settings
//! and prints one Markdown table of the races, written to `target/bench-report.md` and into
//! `docs/performance.md` between `<!-- begin bench-report -->` and `<!-- end bench-report -->`
//! (the markers are added at the end of the file when it has none).
//!
//! Each row of the suite (`osculate_benches::rows`) is a criterion group; its contenders are the
//! ids below, each run on two input distributions (criterion's parameter: `hit10`, `hit90`, ...).
//! The bench run writes the rows' class, calls and notes to `target/bench-rows.tsv`. A row's ratio
//! is osculate over parry in the same precision on the distribution where it is worse; a row whose
//! parry also has a cheaper call (`parry3d-cheap`) gets a second line raced against it. The
//! geometric means are taken per class: like-for-like (the headline) and closed-vs-general.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::json;

/// The contenders, as the bench names them.
const OSC32: &str = "osculate-f32";
const PARRY32: &str = "parry3d";
const PARRY32_CHEAP: &str = "parry3d-cheap";
const OSC64: &str = "osculate-f64";
const PARRY64: &str = "parry3d-f64";
const PARRY64_CHEAP: &str = "parry3d-f64-cheap";
const FLOOR: &str = "floor";

/// The classes, as the bench names them.
const LIKE: &str = "like-for-like";
const CLOSED: &str = "closed-vs-general";

/// The groups of the quick subset (a few minutes with the quick settings).
const QUICK: &str = "^(point_triangle|segment_segment|contact_sphere_sphere|ray_aabb|overlap_obb_obb|\
                     sweep_sphere_aabb|distance_cylinder_cone|zerocost_point_aabb)/";

/// The document the table is written into, and its markers' name.
const DOC: &str = "docs/performance.md";
const MARKER: &str = "bench-report";

/// The task's options.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Options {
    /// The quick subset with shorter measurements.
    pub(crate) quick: bool,
    /// Do not run the benchmarks: report the estimates already under `target/criterion`.
    pub(crate) no_run: bool,
}

/// Parses the task's arguments.
pub(crate) fn options(args: &[String]) -> Result<Options, String> {
    let mut o = Options::default();
    for a in args {
        match a.as_str() {
            "--quick" => o.quick = true,
            "--no-run" => o.no_run = true,
            other => return Err(format!("bench-report: unknown option `{other}`")),
        }
    }
    Ok(o)
}

/// Runs the task.
pub(crate) fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let o = options(args)?;
    if !o.no_run {
        // About 900 benchmarks (each contender on two distributions): 0.1 s of warm-up and 0.5 s
        // of measurement each keep the full run near fifteen minutes on two cores.
        let (warm, measure) = if o.quick { ("0.1", "0.3") } else { ("0.1", "0.5") };
        let mut cargo_args = vec![
            "bench",
            "-p",
            "osculate-benches",
            "--bench",
            "queries",
            "--",
            "--warm-up-time",
            warm,
            "--measurement-time",
            measure,
            "--noplot",
        ];
        if o.quick {
            cargo_args.push(QUICK);
        }
        crate::run_cargo(&cargo_args, &[])?;
    }
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let criterion = target.join("criterion");
    let rows_file = target.join("bench-rows.tsv");
    let metas = match std::fs::read_to_string(&rows_file) {
        Ok(text) => parse_rows(&text)?,
        Err(_) => {
            println!(
                "bench-report: no {} (run the benches once): rows unclassified",
                rows_file.display()
            );
            Vec::new()
        }
    };
    let groups = read_criterion(&criterion)?;
    if groups.is_empty() {
        return Err(format!("no criterion estimates under {}", criterion.display()));
    }
    let command =
        if o.quick { "cargo xtask bench-report --quick" } else { "cargo xtask bench-report" };
    let body = render(&machine(), command, &metas, &groups);
    print!("{body}");
    let commit = git_commit(root).map_or_else(String::new, |c| format!("Commit: {c}\n\n"));
    let out = target.join("bench-report.md");
    std::fs::write(&out, format!("{commit}{body}"))
        .map_err(|e| format!("writing {}: {e}", out.display()))?;
    println!("\nwritten to {}", out.display());
    let doc = root.join(DOC);
    write_into_doc(&doc, &body)?;
    println!("and into {DOC} between its `{MARKER}` markers");
    Ok(())
}

/// One row's description, as the bench run wrote it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Meta {
    pub(crate) query: String,
    pub(crate) class: String,
    /// The distributions' names (criterion's parameters).
    pub(crate) sets: Vec<String>,
    /// Each contender's call.
    pub(crate) calls: Vec<(String, String)>,
    pub(crate) note: String,
}

/// Parses `target/bench-rows.tsv`: per line the query, class, distributions (comma-separated),
/// calls (`id=call`, semicolon-separated) and note, tab-separated.
pub(crate) fn parse_rows(text: &str) -> Result<Vec<Meta>, String> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let [query, class, sets, calls, note] = f[..] else {
                return Err(format!("bench-rows.tsv: not five fields: {line}"));
            };
            let calls = calls
                .split(';')
                .filter(|c| !c.is_empty())
                .map(|c| {
                    let (id, call) = c.split_once('=').unwrap_or((c, ""));
                    (id.to_owned(), call.to_owned())
                })
                .collect();
            Ok(Meta {
                query: query.to_owned(),
                class: class.to_owned(),
                sets: sets.split(',').filter(|s| !s.is_empty()).map(str::to_owned).collect(),
                calls,
                note: note.to_owned(),
            })
        })
        .collect()
}

/// A group's mean times in ns: by contender id, then by distribution (`""` for a benchmark with
/// no parameter).
pub(crate) type Times = BTreeMap<String, BTreeMap<String, f64>>;

/// Reads `criterion/<group>/<id>/<distribution>/new/estimates.json` (and
/// `criterion/<group>/<id>/new/estimates.json`, a benchmark without distributions): the mean's
/// point estimate of every benchmark, by group.
fn read_criterion(criterion: &Path) -> Result<BTreeMap<String, Times>, String> {
    let mut groups = BTreeMap::new();
    for group in subdirs(criterion) {
        let mut times = Times::new();
        for id in subdirs(&group) {
            let mut by_set = BTreeMap::new();
            let direct = id.join("new").join("estimates.json");
            if direct.is_file() {
                by_set.insert(String::new(), read_mean(&direct)?);
            }
            for set in subdirs(&id) {
                let file = set.join("new").join("estimates.json");
                if file.is_file() {
                    by_set.insert(name(&set), read_mean(&file)?);
                }
            }
            if !by_set.is_empty() {
                times.insert(name(&id), by_set);
            }
        }
        if !times.is_empty() {
            groups.insert(name(&group), times);
        }
    }
    Ok(groups)
}

/// The subdirectories of `dir`, sorted (none when it cannot be read).
fn subdirs(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_dir()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

fn name(p: &Path) -> String {
    p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

fn read_mean(file: &Path) -> Result<f64, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    mean_ns(&text).map_err(|e| format!("{}: {e}", file.display()))
}

/// The mean's point estimate from criterion's `estimates.json`.
pub(crate) fn mean_ns(text: &str) -> Result<f64, String> {
    json::parse(text)?
        .get("mean")
        .and_then(|m| m.get("point_estimate"))
        .and_then(json::Value::as_f64)
        .ok_or_else(|| "no mean.point_estimate".to_owned())
}

/// One line of the table: a row raced against parry's matching call, or against its cheap one.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Line {
    pub(crate) query: String,
    pub(crate) class: String,
    pub(crate) sets: Vec<String>,
    /// ns per distribution of: osculate f32, parry f32, osculate f64, parry f64, floor.
    pub(crate) times: [Vec<Option<f64>>; 5],
}

impl Line {
    /// The worse (largest) ratio over the distributions of contender `a` to contender `b`.
    pub(crate) fn worse_ratio(&self, a: usize, b: usize) -> Option<f64> {
        worse(&self.times[a], &self.times[b])
    }
}

/// The largest ratio `a[i] / b[i]` over the distributions where both are there.
pub(crate) fn worse(a: &[Option<f64>], b: &[Option<f64>]) -> Option<f64> {
    a.iter()
        .zip(b)
        .filter_map(|(x, y)| ratio(*x, *y))
        .fold(None, |m: Option<f64>, r| Some(m.map_or(r, |m| m.max(r))))
}

/// The table's lines: for each row of `metas` (or, without them, each group) that has times, its
/// line against parry's matching call and, when it has one, against parry's cheap call. The
/// zero-cost groups are left to [`zero_cost_lines`].
pub(crate) fn lines(metas: &[Meta], groups: &BTreeMap<String, Times>) -> Vec<Line> {
    let known: Vec<Meta> = if metas.is_empty() {
        groups
            .iter()
            .filter(|(g, _)| !g.starts_with("zerocost_"))
            .map(|(g, t)| Meta {
                query: g.clone(),
                class: "?".to_owned(),
                sets: sets_of(t),
                calls: Vec::new(),
                note: String::new(),
            })
            .collect()
    } else {
        metas.iter().filter(|m| !m.query.starts_with("zerocost_")).cloned().collect()
    };
    let mut out = Vec::new();
    for m in known {
        let Some(t) = groups.get(&m.query) else { continue };
        let sets = if m.sets.is_empty() { sets_of(t) } else { m.sets.clone() };
        let col = |id: &str| -> Vec<Option<f64>> {
            sets.iter()
                .map(|s| t.get(id).and_then(|by| by.get(s).or_else(|| by.get(""))).copied())
                .collect()
        };
        out.push(Line {
            query: m.query.clone(),
            class: m.class.clone(),
            sets: sets.clone(),
            times: [col(OSC32), col(PARRY32), col(OSC64), col(PARRY64), col(FLOOR)],
        });
        if t.contains_key(PARRY32_CHEAP) || t.contains_key(PARRY64_CHEAP) {
            let cheap = m
                .calls
                .iter()
                .find(|(id, _)| id == PARRY32_CHEAP)
                .map_or_else(|| "cheap call".to_owned(), |(_, c)| format!("`{c}`"));
            let none = vec![None; sets.len()];
            out.push(Line {
                query: format!("{} vs parry {cheap}", m.query),
                class: m.class.clone(),
                sets: sets.clone(),
                times: [col(OSC32), col(PARRY32_CHEAP), col(OSC64), col(PARRY64_CHEAP), none],
            });
        }
    }
    out
}

/// The distributions a group's benchmarks ran on.
fn sets_of(t: &Times) -> Vec<String> {
    let mut s: Vec<String> = t.values().flat_map(|by| by.keys().cloned()).collect();
    s.sort();
    s.dedup();
    s
}

/// `a / b` when both are there.
fn ratio(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => Some(a / b),
        _ => None,
    }
}

/// The geometric mean of the present values.
pub(crate) fn geomean(xs: impl Iterator<Item = Option<f64>>) -> Option<f64> {
    let logs: Vec<f64> = xs.flatten().filter(|x| *x > 0.0).map(f64::ln).collect();
    #[allow(clippy::cast_precision_loss, reason = "a few hundred rows")]
    let n = logs.len() as f64;
    (!logs.is_empty()).then(|| (logs.iter().sum::<f64>() / n).exp())
}

fn cell(x: Option<f64>, digits: usize) -> String {
    x.map_or_else(|| "–".to_owned(), |x| format!("{x:.digits$}"))
}

/// ns per distribution, `a / b`.
fn ns(xs: &[Option<f64>]) -> String {
    if xs.iter().all(Option::is_none) {
        return "–".to_owned();
    }
    xs.iter().map(|x| cell(*x, 1)).collect::<Vec<_>>().join(" / ")
}

/// `hit 10/90%` for sets `hit10`, `hit90`: the word and the rates.
pub(crate) fn distributions(sets: &[String]) -> String {
    let split = |s: &str| {
        let i = s.find(|c: char| c.is_ascii_digit()).unwrap_or(s.len());
        (s[..i].to_owned(), s[i..].to_owned())
    };
    let parts: Vec<(String, String)> = sets.iter().map(|s| split(s)).collect();
    match parts.first() {
        Some((word, _)) if parts.iter().all(|(w, r)| w == word && !r.is_empty()) => {
            let rates: Vec<&str> = parts.iter().map(|(_, r)| r.as_str()).collect();
            format!("{word} {}%", rates.join("/"))
        }
        _ => sets.join(", "),
    }
}

/// The machine: the CPU model and the number of logical CPUs (from `/proc/cpuinfo`).
fn machine() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    machine_from(&info).unwrap_or_else(|| {
        let n = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        format!("unknown CPU ({n} logical CPUs)")
    })
}

/// The machine line from the text of `/proc/cpuinfo`.
pub(crate) fn machine_from(cpuinfo: &str) -> Option<String> {
    let model = cpuinfo
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split_once(':'))
        .map(|(_, m)| m.split_whitespace().collect::<Vec<_>>().join(" "))?;
    let n = cpuinfo.lines().filter(|l| l.starts_with("processor")).count().max(1);
    Some(format!("{model} ({n} logical CPU{})", if n == 1 { "" } else { "s" }))
}

/// The commit checked out (for `target/bench-report.md` only: the docs carry none).
fn git_commit(root: &Path) -> Option<String> {
    let out = std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(root)
        .output()
        .ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// The report: the machine and command, the table, the geometric means, the zero-cost checks
/// and each row's calls and note.
pub(crate) fn render(
    machine: &str,
    command: &str,
    metas: &[Meta],
    groups: &BTreeMap<String, Times>,
) -> String {
    let lines = lines(metas, groups);
    let mut s = format!(
        "Machine: {machine}. Command: `{command}`. ns: criterion's mean per query on each input \
         distribution; ratio: osculate / parry3d in the same precision on the distribution where \
         it is worse.\n\n"
    );
    s.push_str(
        "| query | class | inputs | osculate f32 ns | parry3d ns | ratio | osculate f64 ns \
         | parry3d-f64 ns | ratio | floor ns | ratio to floor |\n",
    );
    s.push_str("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for l in &lines {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            l.query,
            l.class,
            distributions(&l.sets),
            ns(&l.times[0]),
            ns(&l.times[1]),
            cell(l.worse_ratio(0, 1), 2),
            ns(&l.times[2]),
            ns(&l.times[3]),
            cell(l.worse_ratio(2, 3), 2),
            ns(&l.times[4]),
            cell(l.worse_ratio(0, 4), 2),
        );
    }
    s.push('\n');
    s.push_str(&render_means(&lines));
    let zero = zero_cost_lines(groups);
    if !zero.is_empty() {
        s.push_str("\nZero-cost checks (ns per distribution; ratios to the generic free function, the worse distribution's):\n\n");
        s.push_str(&render_zero_cost(&zero));
    }
    if !metas.is_empty() {
        s.push_str("\nCalls (parry on its most direct path; `(.., MAX)` asks for shapes apart too, `(.., 0)` for touching ones only):\n\n");
        s.push_str("| query | osculate | parry | parry, cheap | note |\n|---|---|---|---|---|\n");
        for m in metas.iter().filter(|m| !m.query.starts_with("zerocost_")) {
            let call = |id: &str| {
                m.calls
                    .iter()
                    .find(|(i, _)| i == id)
                    .map_or_else(|| "–".to_owned(), |(_, c)| format!("`{c}`"))
            };
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} |",
                m.query,
                call(OSC32),
                call(PARRY32),
                call(PARRY32_CHEAP),
                m.note
            );
        }
    }
    s
}

/// The geometric means of the worse ratios, per class and precision, with how many lines are
/// slower than parry.
pub(crate) fn render_means(lines: &[Line]) -> String {
    let mut s = String::from(
        "| geometric mean of the worse ratios | lines | f32 | f64 | lines above 1.0 (f32 / f64) |\n\
         |---|---:|---:|---:|---:|\n",
    );
    for (class, label) in [(LIKE, "like-for-like (the headline)"), (CLOSED, "closed-vs-general")] {
        let of: Vec<&Line> = lines.iter().filter(|l| l.class == class).collect();
        let r32: Vec<Option<f64>> = of.iter().map(|l| l.worse_ratio(0, 1)).collect();
        let r64: Vec<Option<f64>> = of.iter().map(|l| l.worse_ratio(2, 3)).collect();
        let above = |r: &[Option<f64>]| r.iter().flatten().filter(|x| **x > 1.0).count();
        let _ = writeln!(
            s,
            "| {label} | {} | {} | {} | {} / {} |",
            of.len(),
            cell(geomean(r32.iter().copied()), 2),
            cell(geomean(r64.iter().copied()), 2),
            above(&r32),
            above(&r64),
        );
    }
    let floors: Vec<Option<f64>> =
        lines.iter().map(|l| l.worse_ratio(0, 4)).filter(Option::is_some).collect();
    let _ = writeln!(
        s,
        "| osculate f32 / floor | {} | {} | – | {} / – |",
        floors.len(),
        cell(geomean(floors.iter().copied()), 2),
        floors.iter().flatten().filter(|x| **x > 1.0).count()
    );
    s
}

/// The ids of the zero-cost groups, in column order: the generic free function, a concrete-typed
/// copy, the facade's trait call, for `f32` then `f64`.
const ZERO_IDS: [&str; 6] =
    ["generic-f32", "concrete-f32", "trait-f32", "generic-f64", "concrete-f64", "trait-f64"];

/// A zero-cost group: its name (without `zerocost_`) and ns per distribution of each id of
/// [`ZERO_IDS`].
pub(crate) type ZeroLine = (String, [Vec<Option<f64>>; 6]);

/// The zero-cost groups (`zerocost_*`).
pub(crate) fn zero_cost_lines(groups: &BTreeMap<String, Times>) -> Vec<ZeroLine> {
    groups
        .iter()
        .filter_map(|(g, t)| {
            let query = g.strip_prefix("zerocost_")?;
            let sets = sets_of(t);
            let col = |id: &str| -> Vec<Option<f64>> {
                sets.iter().map(|s| t.get(id).and_then(|by| by.get(s)).copied()).collect()
            };
            Some((query.to_owned(), ZERO_IDS.map(col)))
        })
        .collect()
}

/// The zero-cost table: for each scalar, the generic time, the concrete copy's and the trait
/// call's, each with its worse ratio to the generic one (1.00 is the goal: within noise).
pub(crate) fn render_zero_cost(lines: &[ZeroLine]) -> String {
    let mut s = String::from(
        "| query | generic f32 | concrete f32 | ratio | trait f32 | ratio | generic f64 \
         | concrete f64 | ratio | trait f64 | ratio |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for (query, t) in lines {
        let _ = writeln!(
            s,
            "| {query} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            ns(&t[0]),
            ns(&t[1]),
            cell(worse(&t[1], &t[0]), 2),
            ns(&t[2]),
            cell(worse(&t[2], &t[0]), 2),
            ns(&t[3]),
            ns(&t[4]),
            cell(worse(&t[4], &t[3]), 2),
            ns(&t[5]),
            cell(worse(&t[5], &t[3]), 2),
        );
    }
    s
}

/// Writes `body` into the document at `path` between its `bench-report` markers, adding the
/// markers at the end of the document when it has none.
fn write_into_doc(path: &Path, body: &str) -> Result<(), String> {
    let shown = path.display();
    let doc = std::fs::read_to_string(path).unwrap_or_default();
    if doc.contains(&format!("<!-- begin {MARKER} -->")) {
        return crate::generated::write_section(path, MARKER, body);
    }
    let new = splice_or_append(&doc, body)?;
    std::fs::write(path, new).map_err(|e| format!("could not write {shown}: {e}"))
}

/// `doc` with `body` between its `bench-report` markers (see `generated::splice`), or with the
/// markers and `body` appended when it has neither marker.
pub(crate) fn splice_or_append(doc: &str, body: &str) -> Result<String, String> {
    let begin = format!("<!-- begin {MARKER} -->");
    let end = format!("<!-- end {MARKER} -->");
    if !doc.contains(&begin) && !doc.contains(&end) {
        let sep = if doc.is_empty() || doc.ends_with("\n\n") {
            ""
        } else if doc.ends_with('\n') {
            "\n"
        } else {
            "\n\n"
        };
        return Ok(format!("{doc}{sep}{begin}\n{}\n{end}\n", body.trim_end_matches('\n')));
    }
    crate::generated::splice(doc, MARKER, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_criterion_mean() {
        let text = r#"{"mean":{"confidence_interval":{"confidence_level":0.95,"lower_bound":1.0,"upper_bound":3.0},"point_estimate":2.5,"standard_error":0.1},"median":{"point_estimate":2.0}}"#;
        assert_eq!(mean_ns(text), Ok(2.5));
        assert!(mean_ns("{}").is_err());
    }

    const ROWS: &str = "ray_aabb\tlike-for-like\thit10,hit90\tosculate-f32=cast::ray_aabb;parry3d=cast_local_ray_and_get_normal;parry3d-cheap=cast_local_ray\tsame box\n\
                        ray_cone\tclosed-vs-general\thit10,hit90\tosculate-f32=cast::ray_cone;parry3d=cast_ray_and_get_normal\tGJK\n\
                        ray_plane\tosculate-only\thit10,hit90\tosculate-f32=cast::ray_plane\t\n";

    #[test]
    fn rows_file_parses() {
        let m = parse_rows(ROWS).unwrap_or_default();
        assert_eq!(m.len(), 3);
        assert_eq!(m[0].query, "ray_aabb");
        assert_eq!(m[0].class, LIKE);
        assert_eq!(m[0].sets, ["hit10", "hit90"]);
        assert_eq!(m[0].calls[2], ("parry3d-cheap".to_owned(), "cast_local_ray".to_owned()));
        assert_eq!(m[2].note, "");
        assert!(parse_rows("a\tb\n").is_err());
    }

    /// A criterion tree of times: (group, id, distribution, ns).
    fn groups(times: &[(&str, &str, &str, f64)]) -> BTreeMap<String, Times> {
        let mut g: BTreeMap<String, Times> = BTreeMap::new();
        for &(group, id, set, ns) in times {
            g.entry(group.into()).or_default().entry(id.into()).or_default().insert(set.into(), ns);
        }
        g
    }

    #[test]
    fn each_line_keeps_the_worse_distribution_and_a_cheap_call_gets_its_own_line() {
        let metas = parse_rows(ROWS).unwrap_or_default();
        let g = groups(&[
            ("ray_aabb", OSC32, "hit10", 8.0),
            ("ray_aabb", OSC32, "hit90", 9.0),
            ("ray_aabb", PARRY32, "hit10", 10.0),
            ("ray_aabb", PARRY32, "hit90", 6.0),
            ("ray_aabb", PARRY32_CHEAP, "hit10", 4.0),
            ("ray_aabb", PARRY32_CHEAP, "hit90", 3.0),
            ("ray_cone", OSC32, "hit10", 10.0),
            ("ray_cone", PARRY32, "hit10", 100.0),
            ("ray_plane", OSC32, "hit10", 5.0),
        ]);
        let l = lines(&metas, &g);
        assert_eq!(l.len(), 4);
        // 8/10 on hit10, 9/6 on hit90: the worse is 1.5.
        assert_eq!(l[0].worse_ratio(0, 1), Some(1.5));
        assert_eq!(l[1].query, "ray_aabb vs parry `cast_local_ray`");
        assert_eq!(l[1].worse_ratio(0, 1), Some(3.0));
        assert_eq!(l[2].class, CLOSED);
        assert_eq!(l[2].worse_ratio(0, 1), Some(0.1));
        assert_eq!(l[3].worse_ratio(0, 1), None);
    }

    #[test]
    fn geometric_means_are_per_class() {
        let metas = parse_rows(ROWS).unwrap_or_default();
        let g = groups(&[
            ("ray_aabb", OSC32, "hit10", 2.0),
            ("ray_aabb", PARRY32, "hit10", 4.0),
            ("ray_aabb", PARRY32_CHEAP, "hit10", 1.0),
            ("ray_aabb", OSC64, "hit10", 3.0),
            ("ray_aabb", PARRY64, "hit10", 3.0),
            ("ray_cone", OSC32, "hit10", 1.0),
            ("ray_cone", PARRY32, "hit10", 100.0),
        ]);
        let means = render_means(&lines(&metas, &g));
        // Like-for-like: 0.5 and 2.0 (the cheap line) in f32, 1.0 in f64.
        assert!(
            means.contains("| like-for-like (the headline) | 2 | 1.00 | 1.00 | 1 / 0 |"),
            "{means}"
        );
        assert!(means.contains("| closed-vs-general | 1 | 0.01 | – | 0 / 0 |"), "{means}");
        assert_eq!(geomean([Some(0.5), None, Some(2.0)].into_iter()), Some(1.0));
        assert_eq!(geomean(std::iter::empty()), None);
    }

    #[test]
    fn the_table_shows_both_distributions_and_no_date_or_commit() {
        let metas = parse_rows(ROWS).unwrap_or_default();
        let g = groups(&[
            ("ray_aabb", OSC32, "hit10", 8.0),
            ("ray_aabb", OSC32, "hit90", 9.0),
            ("ray_aabb", PARRY32, "hit10", 10.0),
            ("ray_aabb", PARRY32, "hit90", 6.0),
            ("ray_aabb", FLOOR, "hit10", 4.0),
            ("ray_aabb", FLOOR, "hit90", 4.5),
            ("zerocost_ray_aabb", "generic-f32", "hit10", 5.0),
            ("zerocost_ray_aabb", "trait-f32", "hit10", 5.5),
        ]);
        let t = render("CPU X (2 logical CPUs)", "cargo xtask bench-report", &metas, &g);
        assert!(
            t.starts_with("Machine: CPU X (2 logical CPUs). Command: `cargo xtask bench-report`."),
            "{t}"
        );
        assert!(
            t.contains("| ray_aabb | like-for-like | hit 10/90% | 8.0 / 9.0 | 10.0 / 6.0 | 1.50 | – | – | – | 4.0 / 4.5 | 2.00 |"),
            "{t}"
        );
        assert!(t.contains("| ray_aabb | 5.0 | – | – | 5.5 | 1.10 |"), "{t}");
        assert!(t.contains("| ray_aabb | `cast::ray_aabb` | `cast_local_ray_and_get_normal` | `cast_local_ray` | same box |"), "{t}");
        assert!(!t.contains("Commit"));
    }

    #[test]
    fn distributions_read_as_word_and_rates() {
        let s = |v: &[&str]| v.iter().map(|x| (*x).to_owned()).collect::<Vec<_>>();
        assert_eq!(distributions(&s(&["hit10", "hit90"])), "hit 10/90%");
        assert_eq!(distributions(&s(&["overlap10", "inside90"])), "overlap10, inside90");
        assert_eq!(distributions(&s(&[""])), "");
    }

    #[test]
    fn machine_line_from_cpuinfo() {
        let info = "processor\t: 0\nmodel name\t: AMD EPYC   7B13\nprocessor\t: 1\nmodel name\t: AMD EPYC 7B13\n";
        assert_eq!(machine_from(info).as_deref(), Some("AMD EPYC 7B13 (2 logical CPUs)"));
        assert_eq!(machine_from(""), None);
    }

    /// The reader walks a criterion tree with distributions (and without, for older runs).
    #[test]
    fn criterion_tree_is_read_by_group_contender_and_distribution() -> Result<(), String> {
        let root =
            std::env::temp_dir().join(format!("osculate-bench-report-{}", std::process::id()));
        let put = |path: &[&str], ns: f64| -> Result<(), String> {
            let mut dir = root.clone();
            for p in path {
                dir = dir.join(p);
            }
            let dir = dir.join("new");
            std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
            let json = format!(r#"{{"mean":{{"point_estimate":{ns}}}}}"#);
            std::fs::write(dir.join("estimates.json"), json).map_err(|e| e.to_string())
        };
        put(&["ray_aabb", OSC32, "hit10"], 5.0)?;
        put(&["ray_aabb", OSC32, "hit90"], 6.0)?;
        put(&["ray_aabb", PARRY32, "hit10"], 10.0)?;
        put(&["old_group", OSC32], 7.0)?;
        let read = read_criterion(&root);
        std::fs::remove_dir_all(&root).map_err(|e| e.to_string())?;
        let want = groups(&[
            ("ray_aabb", OSC32, "hit10", 5.0),
            ("ray_aabb", OSC32, "hit90", 6.0),
            ("ray_aabb", PARRY32, "hit10", 10.0),
            ("old_group", OSC32, "", 7.0),
        ]);
        assert_eq!(read, Ok(want));
        Ok(())
    }

    #[test]
    fn the_table_goes_between_the_markers_or_they_are_added() {
        let body = "| t |\n";
        let appended = splice_or_append("# Performance\n\nProse.\n", body);
        assert_eq!(
            appended.as_deref(),
            Ok(
                "# Performance\n\nProse.\n\n<!-- begin bench-report -->\n| t |\n<!-- end bench-report -->\n"
            )
        );
        let again = appended.and_then(|d| splice_or_append(&d, "| u |\n"));
        assert_eq!(
            again.as_deref(),
            Ok(
                "# Performance\n\nProse.\n\n<!-- begin bench-report -->\n| u |\n<!-- end bench-report -->\n"
            )
        );
        assert!(splice_or_append("<!-- end bench-report -->\n", body).is_err());
    }

    #[test]
    fn options_parse() {
        assert_eq!(options(&[]), Ok(Options::default()));
        assert_eq!(
            options(&["--quick".into(), "--no-run".into()]),
            Ok(Options { quick: true, no_run: true })
        );
        assert!(options(&["--fast".into()]).is_err());
    }
}
