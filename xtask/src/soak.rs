//! `cargo xtask soak --cases N`: the quickcheck properties of every layer with `N` cases each
//! (default 1,000,000), in release mode, one property at a time with a progress bar, then a table
//! of cases, failures and seconds per property. `--filter S` keeps the properties whose name
//! contains `S`; `--crate C` (repeatable) only lists and builds those crates' tests.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// The crates whose `tests/it` binary holds properties.
const CRATES: [&str; 7] = [
    "osculate-math",
    "osculate-closest",
    "osculate-overlap",
    "osculate-cast",
    "osculate-dynamic",
    "osculate-mesh",
    "osculate",
];

/// What the soak runs: the cases per property, a filter on the names, and the crates (empty:
/// every crate of [`CRATES`]).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Options {
    cases: u64,
    filter: Option<String>,
    crates: Vec<String>,
}

/// Parses `--cases N` (default 1,000,000), `--filter S` (only properties whose name contains S)
/// and `--crate C` (only that crate's properties; repeatable).
pub(crate) fn options(args: &[String]) -> Result<Options, String> {
    let mut o = Options { cases: 1_000_000, filter: None, crates: Vec::new() };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--cases" => {
                o.cases = crate::number_after(&mut it, "--cases")?;
            }
            "--filter" => o.filter = Some(it.next().ok_or("--filter needs a string")?.clone()),
            "--crate" => {
                let c = it.next().ok_or("--crate needs a crate name")?;
                if !CRATES.contains(&c.as_str()) {
                    return Err(format!("soak: no properties in `{c}` (one of {CRATES:?})"));
                }
                o.crates.push(c.clone());
            }
            other => return Err(format!("soak: unknown option `{other}`")),
        }
    }
    Ok(o)
}

/// The names of the tests of one crate's `it` binary (`--list`).
fn list(root: &Path, krate: &str) -> Result<Vec<String>, String> {
    let out = Command::new(crate::cargo())
        .args(["test", "--release", "-q", "-p", krate, "--test", "it", "--", "--list"])
        .current_dir(root)
        .output()
        .map_err(|e| format!("could not start cargo: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "listing {krate}'s tests failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.strip_suffix(": test"))
        .map(str::to_owned)
        .collect())
}

/// Runs the soak.
pub(crate) fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let Options { cases, filter, crates } = options(args)?;
    let mut all = Vec::new();
    for krate in CRATES {
        if !crates.is_empty() && !crates.iter().any(|c| c == krate) {
            continue;
        }
        if !root.join("crates").join(krate).join("tests/it/main.rs").exists() {
            continue;
        }
        for name in list(root, krate)? {
            if filter.as_ref().is_none_or(|f| name.contains(f.as_str())) {
                all.push((krate, name));
            }
        }
    }
    println!("soak: {} tests, OSCULATE_CASES={cases}, release mode", all.len());
    let mut rows = Vec::new();
    let total = all.len().max(1);
    for (k, (krate, name)) in all.iter().enumerate() {
        let done = k * 30 / total;
        eprint!(
            "\r[{}{}] {}/{} {krate}::{name:<60.60}",
            "#".repeat(done),
            " ".repeat(30 - done),
            k,
            total
        );
        let start = Instant::now();
        let out = Command::new(crate::cargo())
            .args(["test", "--release", "-q", "-p", krate, "--test", "it", "--", "--exact", name])
            .env("OSCULATE_CASES", cases.to_string())
            .current_dir(root)
            .output()
            .map_err(|e| format!("could not start cargo: {e}"))?;
        let seconds = start.elapsed().as_secs_f64();
        let failed = !out.status.success();
        if failed {
            eprintln!("\n{krate}::{name} FAILED:\n{}", String::from_utf8_lossy(&out.stdout));
        }
        rows.push((format!("{krate}::{name}"), failed, seconds));
    }
    eprintln!("\r[{}] {total}/{total}{:<70}", "#".repeat(30), "");
    println!("\n| property | cases | failures | seconds |\n|---|---:|---:|---:|");
    for (name, failed, seconds) in &rows {
        println!("| {name} | {cases} | {} | {seconds:.1} |", u8::from(*failed));
    }
    let failures = rows.iter().filter(|r| r.1).count();
    if failures > 0 {
        return Err(format!("{failures} properties failed"));
    }
    println!("soak: all {} passed", rows.len());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse() {
        let all = Options { cases: 1_000_000, filter: None, crates: Vec::new() };
        assert_eq!(options(&[]), Ok(all));
        let args: Vec<String> =
            ["--cases", "50", "--filter", "sphere", "--crate", "osculate-dynamic"]
                .map(String::from)
                .into();
        let want = Options {
            cases: 50,
            filter: Some("sphere".into()),
            crates: vec!["osculate-dynamic".into()],
        };
        assert_eq!(options(&args), Ok(want));
        assert!(options(&["--crate".into()]).is_err());
        assert!(options(&["--crate".into(), "parry".into()]).is_err());
        assert!(options(&["--cases".into()]).is_err());
        assert!(options(&["--cases".into(), "x".into()]).is_err());
    }
}
