//! osculate's task runner: `cargo xtask <task>` (an alias in `.cargo/config.toml`).
//!
//! Tasks: `ci` (everything CI checks, in order, stopping at the first failure), `tidy` (the tree
//! stays a reference: no history marks, no long files, no broken links, no undocumented queries),
//! `layering` (no crate depends on its own or a higher layer), `bench-report` (benchmarks beside
//! parry3d), `soak`, `fuzz`, `accuracy` (f32 against f64 error tables), `help`. std only, by
//! design: xtask builds before every task.

use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

mod accuracy;
mod bench_report;
mod fuzz;
mod generated;
mod json;
mod soak;
mod tidy;

/// The layered crates and their layers; the facade sits above every layer.
const LAYERS: [(&str, u32); 7] = [
    ("osculate-math", 0),
    ("osculate-closest", 1),
    ("osculate-overlap", 2),
    ("osculate-cast", 3),
    ("osculate-dynamic", 4),
    ("osculate-mesh", 5),
    ("osculate", 6),
];

/// Every interop feature of the facade: the serde derives and the mint and glam conversions.
const INTEROP: &str = "serde,mint,glam030,glam031,glam032,glam033";

/// The facade's interop features as `cargo --features` takes them for the whole workspace.
fn interop_features() -> String {
    INTEROP.split(',').map(|f| format!("osculate/{f}")).collect::<Vec<_>>().join(",")
}

/// Whether `cargo xtask ci` runs `tidy` as its first step (as rust-analyzer's tidy test runs
/// with its other tests): the tree is kept free of what tidy reports.
const TIDY_IN_CI: bool = true;

const HELP: &str = "\
cargo xtask <task>

tasks:
  ci            fmt --check, clippy -D warnings (every target, benches included), tests,
                docs -D warnings, the interop features,
                no_std build of each library crate, layering check (stops at the first failure)
  tidy          fail, naming file and line, on a date, a session or run label, this project's
                issue numbers or a commit hash in crates/, docs/ or README.md; an instruction
                count or a \"found by the soak\" note in a comment of crates/; a library file
                over 1,000 lines (tests aside); a broken relative link in the docs; a public
                query in neither docs/queries.md nor benches/
                  [PATH...]  report only the findings under these paths
  layering      fail, naming the edge, if a crate depends on a crate of its own or a higher layer
  bench-report  run the criterion suite with short settings and print ns per query on each input
                distribution, the worse ratio osculate / parry3d and osculate / floor, and the
                geometric means per class (also target/bench-report.md and docs/performance.md)
                  --quick   a few-minute subset    --no-run  report the last run's estimates
  soak          every layer's properties with many cases in release mode, one at a time
                  --cases N (default 1000000)   --filter S (names containing S)
                  --crate C (only crate C's properties; repeatable)
  fuzz          run each cargo-fuzz target of fuzz/ (nightly) for N seconds
                  --seconds N (default 60)   --target closest|overlap|cast|dynamic
  accuracy      every query in f32 against f64 on the same inputs: max and 99.9th percentile
                error per query and input class (target/accuracy.md; with the default number
                of cases also the table in docs/robustness.md)
                  --cases N (inputs per query and class, default 200000)
  help          this text
";

fn main() -> ExitCode {
    let task = env::args().nth(1).unwrap_or_default();
    // The arguments after the task's name, for the tasks that take options.
    let rest: Vec<String> = env::args().skip(2).collect();
    let result = match task.as_str() {
        "ci" => ci(),
        "layering" => layering(),
        "tidy" => tidy::run(&root(), &rest),
        "fuzz" => fuzz::run(&root(), &rest),
        "soak" => soak::run(&root(), &rest),
        "accuracy" => accuracy::run(&root(), &rest),
        "bench-report" => bench_report::run(&root(), &rest),
        "" | "help" | "--help" | "-h" => {
            print!("{HELP}");
            Ok(())
        }
        other => Err(format!("unknown task `{other}`\n\n{HELP}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root: the parent of this crate's manifest directory.
fn root() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    dir.parent().map_or(dir.clone(), Path::to_path_buf)
}

pub(crate) fn cargo() -> String {
    env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

/// Runs `cargo args...` in the workspace root with extra environment, printing the command first.
pub(crate) fn run_cargo(args: &[&str], envs: &[(&str, &str)]) -> Result<(), String> {
    let shown: Vec<String> = envs.iter().map(|(k, v)| format!("{k}=\"{v}\"")).collect();
    println!(
        "$ {}cargo {}",
        if shown.is_empty() { String::new() } else { shown.join(" ") + " " },
        args.join(" ")
    );
    let mut command = Command::new(cargo());
    command.args(args).envs(envs.iter().copied()).current_dir(root());
    run_to_end(&mut command, "cargo", args)
}

/// Runs `command` (named `program` with `args` in messages) until it exits: `Ok` when it succeeds.
pub(crate) fn run_to_end(
    command: &mut Command,
    program: &str,
    args: &[&str],
) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("could not start {program}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{program} {}` failed ({status})", args.join(" ")))
    }
}

/// The number after an option (`flag`, as `--cases`) taken from `it`, for the tasks' option
/// parsers.
pub(crate) fn number_after<'a>(
    it: &mut impl Iterator<Item = &'a String>,
    flag: &str,
) -> Result<u64, String> {
    let n = it.next().ok_or_else(|| format!("{flag} needs a number"))?;
    n.parse().map_err(|_| format!("{flag}: not a number: {n}"))
}

/// The options `[NUMBER n] [NAME name]` in any order of the task `task`, for the tasks that take a
/// count and a name: the number (`default` without it) and the name, which `check` accepts or
/// rejects (`noun` says what the name is when it is missing).
pub(crate) fn number_and_name(
    task: &str,
    args: &[String],
    (number, default): (&str, u64),
    (name, noun): (&str, &str),
    check: impl Fn(&str) -> Result<(), String>,
) -> Result<(u64, Option<String>), String> {
    let mut n = default;
    let mut named = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            flag if flag == number => n = number_after(&mut it, number)?,
            flag if flag == name => {
                let value = it.next().ok_or_else(|| format!("{name} needs a {noun}"))?;
                check(value)?;
                named = Some(value.clone());
            }
            other => return Err(format!("{task}: unknown option `{other}`")),
        }
    }
    Ok((n, named))
}

type Step = (&'static str, Box<dyn Fn() -> Result<(), String>>);

fn ci() -> Result<(), String> {
    let mut steps: Vec<Step> = vec![
        ("fmt", Box::new(|| run_cargo(&["fmt", "--all", "--check"], &[]))),
        (
            // Every target, the bench binaries and examples included: their type check is their
            // compile check (the optimised bench build is `cargo xtask bench-report`'s). With
            // every interop feature on, so the serde derives, the conversions and the interop
            // test are linted in the same pass as the rest.
            "clippy",
            Box::new(|| {
                let features = interop_features();
                run_cargo(
                    &[
                        "clippy",
                        "--workspace",
                        "--all-targets",
                        "--features",
                        &features,
                        "--",
                        "-D",
                        "warnings",
                    ],
                    &[],
                )
            }),
        ),
        (
            // One build of every test target, with the interop features on: they only add
            // derives and conversions (no query changes with them), so the suite's answers are
            // the default build's, and the interop test shares the build instead of compiling
            // every layer a second time.
            "test",
            Box::new(|| {
                run_cargo(&["test", "--workspace", "--features", &interop_features()], &[])
            }),
        ),
        (
            "doc",
            Box::new(|| {
                run_cargo(&["doc", "--workspace", "--no-deps"], &[("RUSTDOCFLAGS", "-D warnings")])
            }),
        ),
        (
            // The facade's documentation alone (as docs.rs builds it): its module links and
            // inlined layers must stand without the layers' own pages.
            "doc (facade)",
            Box::new(|| {
                run_cargo(
                    &["doc", "-p", "osculate", "--no-deps"],
                    &[("RUSTDOCFLAGS", "-D warnings")],
                )
            }),
        ),
        (
            // The libraries as a user without features builds them (lints that only show
            // there), and the facade without `std`, with the features that work there.
            "default features",
            Box::new(|| {
                run_cargo(&["clippy", "--workspace", "--lib", "--", "-D", "warnings"], &[])?;
                run_cargo(
                    &[
                        "build",
                        "-p",
                        "osculate",
                        "--no-default-features",
                        "--features",
                        "libm,serde,mint",
                    ],
                    &[],
                )
            }),
        ),
    ];
    if TIDY_IN_CI {
        steps.insert(0, ("tidy", Box::new(|| tidy::run(&root(), &[]))));
    }
    for (krate, _) in LAYERS {
        steps.push((
            krate_no_std_name(krate),
            Box::new(move || {
                run_cargo(
                    &["build", "-p", krate, "--no-default-features", "--features", "libm"],
                    &[],
                )
            }),
        ));
    }
    steps.push(("layering", Box::new(layering)));

    let total = steps.len();
    let mut times: Vec<(&str, Duration)> = Vec::new();
    for (i, (name, step)) in steps.iter().enumerate() {
        println!("\n== ci step {}/{total}: {name}", i + 1);
        let start = Instant::now();
        let result = step();
        let took = start.elapsed();
        println!(
            "== {name}: {} in {:.1}s",
            if result.is_ok() { "ok" } else { "FAILED" },
            took.as_secs_f64()
        );
        result.map_err(|e| format!("ci step `{name}` failed: {e}"))?;
        times.push((name, took));
    }
    println!("\nstep                          seconds");
    for (name, t) in &times {
        println!("{name:<30}{:>7.1}", t.as_secs_f64());
    }
    println!("ci: all {total} steps passed");
    Ok(())
}

/// A static name for each crate's no_std step.
fn krate_no_std_name(krate: &str) -> &'static str {
    match krate {
        "osculate-math" => "no_std osculate-math",
        "osculate-closest" => "no_std osculate-closest",
        "osculate-overlap" => "no_std osculate-overlap",
        "osculate-cast" => "no_std osculate-cast",
        "osculate-dynamic" => "no_std osculate-dynamic",
        "osculate-mesh" => "no_std osculate-mesh",
        _ => "no_std osculate",
    }
}

/// `cargo xtask layering`: reads `cargo metadata` and checks every normal and build dependency.
fn layering() -> Result<(), String> {
    println!("$ cargo metadata --format-version 1 --no-deps");
    let out = Command::new(cargo())
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .current_dir(root())
        .output()
        .map_err(|e| format!("could not start cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err(format!("cargo metadata failed: {}", String::from_utf8_lossy(&out.stderr)));
    }
    let text = String::from_utf8(out.stdout).map_err(|e| format!("cargo metadata output: {e}"))?;
    let edges = edges_from_metadata(&text)?;
    let violations = check_layering(&edges);
    if violations.is_empty() {
        println!("layering: {} dependency edges checked, none goes sideways or up", edges.len());
        Ok(())
    } else {
        Err(violations.join("\n"))
    }
}

/// The (package, dependency) edges of normal and build dependencies in `cargo metadata` JSON.
fn edges_from_metadata(text: &str) -> Result<Vec<(String, String)>, String> {
    let doc = json::parse(text)?;
    let packages = doc
        .get("packages")
        .and_then(json::Value::as_array)
        .ok_or("metadata has no `packages` array")?;
    let mut edges = Vec::new();
    for p in packages {
        let name = p.get("name").and_then(json::Value::as_str).ok_or("package without a name")?;
        let deps = p
            .get("dependencies")
            .and_then(json::Value::as_array)
            .ok_or("package without dependencies")?;
        for d in deps {
            let kind = d.get("kind").and_then(json::Value::as_str);
            if matches!(kind, None | Some("build")) {
                let dep = d
                    .get("name")
                    .and_then(json::Value::as_str)
                    .ok_or("dependency without a name")?;
                edges.push((name.to_string(), dep.to_string()));
            }
        }
    }
    Ok(edges)
}

fn layer_of(name: &str) -> Option<u32> {
    LAYERS.iter().find(|(n, _)| *n == name).map(|&(_, l)| l)
}

/// The test-support crate: a dev-dependency of the layers only (unlayered itself).
const TEST_SUPPORT: &str = "osculate-testing";

/// One message per forbidden edge: a layered crate depending on a layered crate of its own or a
/// higher layer, or on the test-support crate (unlayered crates such as xtask and the benches are
/// unrestricted).
fn check_layering(edges: &[(String, String)]) -> Vec<String> {
    edges
        .iter()
        .filter_map(|(from, to)| {
            let lf = layer_of(from)?;
            if to == TEST_SUPPORT {
                return Some(format!(
                    "layering: {from} (layer {lf}) depends on {to}, a dev-dependency only"
                ));
            }
            let lt = layer_of(to)?;
            (lt >= lf)
                .then(|| format!("layering: {from} (layer {lf}) depends on {to} (layer {lt})"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edges(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
    }

    const GOOD: [(&str, &str); 12] = [
        ("osculate-math", "nalgebra"),
        ("osculate-closest", "osculate-math"),
        ("osculate-overlap", "osculate-closest"),
        ("osculate-cast", "osculate-overlap"),
        ("osculate-dynamic", "osculate-cast"),
        ("osculate-mesh", "osculate-dynamic"),
        ("osculate-mesh", "osculate-math"),
        ("osculate", "osculate-mesh"),
        ("osculate-benches", "osculate"),
        ("osculate-benches", "osculate-testing"),
        ("osculate-testing", "osculate-math"),
        ("xtask", "osculate-math"),
    ];

    #[test]
    fn the_intended_graph_passes() {
        assert_eq!(check_layering(&edges(&GOOD)), Vec::<String>::new());
    }

    #[test]
    fn a_forbidden_edge_fails_naming_it() {
        for (bad, message) in [
            (
                ("osculate-closest", "osculate-overlap"),
                "layering: osculate-closest (layer 1) depends on osculate-overlap (layer 2)",
            ),
            (
                ("osculate-math", "osculate-closest"),
                "layering: osculate-math (layer 0) depends on osculate-closest (layer 1)",
            ),
            (
                ("osculate-overlap", "osculate-overlap"),
                "layering: osculate-overlap (layer 2) depends on osculate-overlap (layer 2)",
            ),
            (
                ("osculate-dynamic", "osculate-mesh"),
                "layering: osculate-dynamic (layer 4) depends on osculate-mesh (layer 5)",
            ),
            (
                ("osculate-mesh", "osculate"),
                "layering: osculate-mesh (layer 5) depends on osculate (layer 6)",
            ),
            (
                ("osculate-closest", "osculate-testing"),
                "layering: osculate-closest (layer 1) depends on osculate-testing, a dev-dependency \
                 only",
            ),
        ] {
            let mut graph = edges(&GOOD);
            graph.push((bad.0.to_string(), bad.1.to_string()));
            assert_eq!(check_layering(&graph), vec![message.to_string()]);
        }
    }

    #[test]
    fn metadata_edges_skip_dev_dependencies() {
        let sample = r#"{"packages":[
            {"name":"osculate-math","dependencies":[
                {"name":"nalgebra","kind":null},
                {"name":"osculate-math","kind":"dev","rename":null}]},
            {"name":"osculate-closest","dependencies":[
                {"name":"osculate-math","kind":null},
                {"name":"osculate-overlap","kind":"build"},
                {"name":"quickcheck","kind":"dev"}]}],
            "version":1,"flag":true,"n":-1.5e3,"s":"a\"b\\c\u00e9"}"#;
        let e = edges_from_metadata(sample).unwrap_or_default();
        assert_eq!(
            e,
            edges(&[
                ("osculate-math", "nalgebra"),
                ("osculate-closest", "osculate-math"),
                ("osculate-closest", "osculate-overlap"),
            ])
        );
        assert_eq!(check_layering(&e).len(), 1);
    }

    #[test]
    fn the_real_workspace_passes() {
        assert_eq!(layering(), Ok(()));
    }
}
