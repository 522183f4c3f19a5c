//! `cargo xtask fuzz --seconds N [--target T]`: runs each libFuzzer target of `fuzz/` (cargo-fuzz,
//! nightly toolchain) for `N` seconds, stopping at the first crash. Installs cargo-fuzz first when
//! it is missing.

use std::path::Path;
use std::process::Command;

/// The targets in `fuzz/fuzz_targets/`.
const TARGETS: [&str; 4] = ["closest", "overlap", "cast", "dynamic"];

/// Parses `--seconds N` (default 60) and `--target T`.
pub(crate) fn options(args: &[String]) -> Result<(u64, Option<String>), String> {
    crate::number_and_name("fuzz", args, ("--seconds", 60), ("--target", "name"), |t| {
        if TARGETS.contains(&t) {
            Ok(())
        } else {
            Err(format!("unknown fuzz target `{t}` (have: {})", TARGETS.join(", ")))
        }
    })
}

fn run_in(dir: &Path, program: &str, args: &[&str]) -> Result<(), String> {
    println!("$ {program} {}", args.join(" "));
    crate::run_to_end(Command::new(program).args(args).current_dir(dir), program, args)
}

/// Runs the fuzzers.
pub(crate) fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let (seconds, target) = options(args)?;
    let have_fuzz = Command::new(crate::cargo())
        .args(["+nightly", "fuzz", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !have_fuzz {
        run_in(root, "cargo", &["install", "cargo-fuzz", "--locked"])?;
    }
    let fuzz_dir = root.join("fuzz");
    let max_time = format!("-max_total_time={seconds}");
    for t in TARGETS.iter().filter(|t| target.as_deref().is_none_or(|x| x == **t)) {
        run_in(&fuzz_dir, "cargo", &["+nightly", "fuzz", "run", t, "--", &max_time])?;
    }
    println!("fuzz: every target ran {seconds} s without a crash");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse() {
        assert_eq!(options(&[]), Ok((60, None)));
        let args: Vec<String> = ["--seconds", "600", "--target", "cast"].map(String::from).into();
        assert_eq!(options(&args), Ok((600, Some("cast".into()))));
        assert!(options(&["--target".into(), "nope".into()]).is_err());
    }
}
