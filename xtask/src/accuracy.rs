//! `cargo xtask accuracy`: builds and runs the release binary `accuracy` of `osculate-benches`
//! (`benches/src/bin/accuracy.rs`), which measures every `f32` query against `f64` on the same
//! inputs and prints one Markdown table of the errors per query and input class, then runs the
//! boolean tests' fast and exact modes against the big-integer exact reference and prints a
//! second table. The tables are written to `target/accuracy.md` and `target/accuracy-exact.md`
//! and, for a run with the default number of cases, into `docs/robustness.md` between
//! `<!-- begin accuracy -->` and `<!-- end accuracy -->`, and between `<!-- begin
//! exact-reference -->` and `<!-- end exact-reference -->`.

use std::path::Path;

/// Parses `--cases N` (inputs per query and class; the binary's default, 200,000, when absent).
pub(crate) fn options(args: &[String]) -> Result<Option<u64>, String> {
    let mut cases = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--cases" => {
                cases = Some(crate::number_after(&mut it, "--cases")?);
            }
            other => return Err(format!("accuracy: unknown option `{other}`")),
        }
    }
    Ok(cases)
}

/// Runs the task.
pub(crate) fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let cases = options(args)?.map(|n| n.to_string());
    let out = root.join("target").join("accuracy.md");
    std::fs::create_dir_all(root.join("target"))
        .map_err(|e| format!("could not create target/: {e}"))?;
    let out = out.to_string_lossy().into_owned();
    let out_exact = root.join("target").join("accuracy-exact.md").to_string_lossy().into_owned();
    let mut cargo_args =
        vec!["run", "--release", "-q", "-p", "osculate-benches", "--bin", "accuracy", "--"];
    if let Some(n) = &cases {
        cargo_args.extend(["--cases", n.as_str()]);
    }
    cargo_args.extend(["--out", out.as_str(), "--out-exact", out_exact.as_str()]);
    crate::run_cargo(&cargo_args, &[])?;
    if cases.is_some() {
        // A table of another size is a trial, not the reference: it stays in target/.
        println!("accuracy: --cases given, docs/robustness.md left as it is");
        return Ok(());
    }
    let doc = root.join("docs").join("robustness.md");
    for (path, section) in [(&out, "accuracy"), (&out_exact, "exact-reference")] {
        let table =
            std::fs::read_to_string(path).map_err(|e| format!("could not read {path}: {e}"))?;
        crate::generated::write_section(&doc, section, &table)?;
    }
    println!("accuracy: tables written to docs/robustness.md");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse() {
        assert_eq!(options(&[]), Ok(None));
        assert_eq!(options(&["--cases".into(), "50".into()]), Ok(Some(50)));
        assert!(options(&["--cases".into()]).is_err());
        assert!(options(&["--cases".into(), "x".into()]).is_err());
        assert!(options(&["--quick".into()]).is_err());
    }
}
