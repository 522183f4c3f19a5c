//! `cargo xtask bench-report`: runs the criterion suite of `osculate-benches` with short settings,
//! reads criterion's estimates and prints one Markdown table of ns per query and the ratios
//! osculate / parry3d and osculate / floor, with the geometric mean of each ratio column. The table
//! is also written to `target/bench-report.md`.

use std::fmt::Write as _;
use std::path::Path;

use crate::json;

/// The contenders, in column order (the benchmark ids of `benches/benches/queries.rs`).
const OSC32: &str = "osculate-f32";
const PARRY32: &str = "parry3d";
const OSC64: &str = "osculate-f64";
const PARRY64: &str = "parry3d-f64";
const FLOOR: &str = "floor";

/// The groups of the quick subset (about two minutes with the quick settings).
const QUICK: &str =
    "^(point_triangle|point_aabb|segment_segment|contact_sphere_sphere|zerocost_point_aabb)/";

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
        // About 350 contenders in all: 0.2 s of warm-up and 0.8 s of measurement each keep the full
        // run near eight minutes on two cores.
        let (warm, measure) = if o.quick { ("0.2", "0.5") } else { ("0.2", "0.8") };
        let mut cargo_args = vec![
            "bench",
            "-p",
            "osculate-benches",
            "--bench",
            "queries",
            "--bench",
            "coverage",
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
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root.join("target"), std::path::PathBuf::from);
    let criterion = target.join("criterion");
    let rows = read_estimates(&criterion)?;
    if rows.is_empty() {
        return Err(format!("no criterion estimates under {}", criterion.display()));
    }
    let mut table = render(&rows);
    let zero = read_zero_cost(&criterion)?;
    if !zero.is_empty() {
        table.push_str("\nZero-cost checks (ns; ratios to the generic free function):\n\n");
        table.push_str(&render_zero_cost(&zero));
    }
    print!("{table}");
    let out = target.join("bench-report.md");
    std::fs::write(&out, &table).map_err(|e| format!("writing {}: {e}", out.display()))?;
    println!("\nwritten to {}", out.display());
    Ok(())
}

/// One query's times in ns per contender (`None` where that contender has no benchmark).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Row {
    pub(crate) query: String,
    pub(crate) times: [Option<f64>; 5],
}

/// A group's row name and its times in ns, one per id.
type Group<const N: usize> = (String, [Option<f64>; N]);

/// Reads `criterion/<group>/<id>/new/estimates.json` (the mean's point estimate, in ns) for each
/// of `ids`, for every group whose name `select` maps to a row name; groups sorted by name.
fn read_groups<const N: usize>(
    criterion: &Path,
    ids: [&str; N],
    select: impl Fn(&str) -> Option<String>,
) -> Result<Vec<Group<N>>, String> {
    let mut rows = Vec::new();
    let Ok(groups) = std::fs::read_dir(criterion) else {
        return Ok(rows);
    };
    let mut groups: Vec<_> = groups.filter_map(Result::ok).map(|e| e.path()).collect();
    groups.sort();
    for group in groups {
        let Some(name) = group.file_name().and_then(|n| n.to_str()).and_then(&select) else {
            continue;
        };
        let mut times = [None; N];
        for (i, id) in ids.iter().enumerate() {
            let file = group.join(id).join("new").join("estimates.json");
            if let Ok(text) = std::fs::read_to_string(&file) {
                times[i] = Some(mean_ns(&text).map_err(|e| format!("{}: {e}", file.display()))?);
            }
        }
        rows.push((name, times));
    }
    Ok(rows)
}

/// The query groups (every group but the zero-cost ones) that have at least one contender.
fn read_estimates(criterion: &Path) -> Result<Vec<Row>, String> {
    let rows = read_groups(criterion, [OSC32, PARRY32, OSC64, PARRY64, FLOOR], |n| {
        (!n.starts_with("zerocost_")).then(|| n.to_owned())
    })?;
    Ok(rows
        .into_iter()
        .filter(|(_, times)| times.iter().any(Option::is_some))
        .map(|(query, times)| Row { query, times })
        .collect())
}

/// The ids of the zero-cost groups (`zerocost_*`), in column order: the generic free function, a
/// concrete-typed copy, the facade's trait call, for `f32` then `f64`.
const ZERO_IDS: [&str; 6] =
    ["generic-f32", "concrete-f32", "trait-f32", "generic-f64", "concrete-f64", "trait-f64"];

/// One zero-cost group's times in ns per id of [`ZERO_IDS`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ZeroRow {
    pub(crate) query: String,
    pub(crate) times: [Option<f64>; 6],
}

/// Reads the `zerocost_*` groups' estimates (their ids are not the contenders of [`Row`]).
fn read_zero_cost(criterion: &Path) -> Result<Vec<ZeroRow>, String> {
    let rows =
        read_groups(criterion, ZERO_IDS, |n| n.strip_prefix("zerocost_").map(str::to_owned))?;
    Ok(rows.into_iter().map(|(query, times)| ZeroRow { query, times }).collect())
}

/// The zero-cost table: for each scalar, the generic time, the concrete copy's and the trait
/// call's, each with its ratio to the generic one (1.00 is the goal: within noise).
pub(crate) fn render_zero_cost(rows: &[ZeroRow]) -> String {
    let mut s = String::from(
        "| query | generic f32 | concrete f32 | ratio | trait f32 | ratio | generic f64 \
         | concrete f64 | ratio | trait f64 | ratio |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for row in rows {
        let [g32, c32, t32, g64, c64, t64] = row.times;
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            row.query,
            cell(g32, 1),
            cell(c32, 1),
            cell(ratio(c32, g32), 2),
            cell(t32, 1),
            cell(ratio(t32, g32), 2),
            cell(g64, 1),
            cell(c64, 1),
            cell(ratio(c64, g64), 2),
            cell(t64, 1),
            cell(ratio(t64, g64), 2),
        );
    }
    s
}

/// The mean's point estimate from criterion's `estimates.json`.
pub(crate) fn mean_ns(text: &str) -> Result<f64, String> {
    json::parse(text)?
        .get("mean")
        .and_then(|m| m.get("point_estimate"))
        .and_then(json::Value::as_f64)
        .ok_or_else(|| "no mean.point_estimate".to_owned())
}

/// `a / b` when both are there.
fn ratio(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => Some(a / b),
        _ => None,
    }
}

/// The geometric mean of the present values.
fn geomean(xs: impl Iterator<Item = Option<f64>>) -> Option<f64> {
    let logs: Vec<f64> = xs.flatten().filter(|x| *x > 0.0).map(f64::ln).collect();
    (!logs.is_empty()).then(|| (logs.iter().sum::<f64>() / logs.len() as f64).exp())
}

fn cell(x: Option<f64>, digits: usize) -> String {
    x.map_or_else(|| "–".to_owned(), |x| format!("{x:.digits$}"))
}

/// The Markdown table: ns per query for each contender, the ratios, and their geometric means.
pub(crate) fn render(rows: &[Row]) -> String {
    let mut s = String::new();
    s.push_str(
        "| query | osculate f32 ns | parry3d ns | ratio | osculate f64 ns | parry3d-f64 ns | ratio \
         | floor ns | ratio to floor |\n",
    );
    s.push_str("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    let mut r32 = Vec::new();
    let mut r64 = Vec::new();
    let mut rfloor = Vec::new();
    for row in rows {
        let [o32, p32, o64, p64, fl] = row.times;
        let (a, b, c) = (ratio(o32, p32), ratio(o64, p64), ratio(o32, fl));
        r32.push(a);
        r64.push(b);
        rfloor.push(c);
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            row.query,
            cell(o32, 1),
            cell(p32, 1),
            cell(a, 2),
            cell(o64, 1),
            cell(p64, 1),
            cell(b, 2),
            cell(fl, 1),
            cell(c, 2),
        );
    }
    let _ = writeln!(
        s,
        "| **geometric mean** | | | **{}** | | | **{}** | | **{}** |",
        cell(geomean(r32.into_iter()), 2),
        cell(geomean(r64.into_iter()), 2),
        cell(geomean(rfloor.into_iter()), 2),
    );
    s
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

    #[test]
    fn table_has_ratios_and_geometric_means() {
        let rows = vec![
            Row {
                query: "a".into(),
                times: [Some(2.0), Some(4.0), Some(3.0), Some(3.0), Some(1.0)],
            },
            Row { query: "b".into(), times: [Some(8.0), Some(4.0), None, Some(3.0), None] },
        ];
        let t = render(&rows);
        assert!(t.contains("| a | 2.0 | 4.0 | 0.50 | 3.0 | 3.0 | 1.00 | 1.0 | 2.00 |"), "{t}");
        assert!(t.contains("| b | 8.0 | 4.0 | 2.00 | – | 3.0 | – | – | – |"), "{t}");
        // Geometric mean of 0.5 and 2.0 is 1.0.
        assert!(
            t.contains("| **geometric mean** | | | **1.00** | | | **1.00** | | **2.00** |"),
            "{t}"
        );
    }

    /// Both readers walk one criterion tree: the query groups get the contenders' columns, the
    /// `zerocost_*` groups their own, and neither picks up the other's.
    #[test]
    fn readers_split_query_and_zero_cost_groups() -> Result<(), String> {
        let root =
            std::env::temp_dir().join(format!("osculate-bench-report-{}", std::process::id()));
        let put = |group: &str, id: &str, ns: f64| -> Result<(), String> {
            let dir = root.join(group).join(id).join("new");
            std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
            let json = format!(r#"{{"mean":{{"point_estimate":{ns}}}}}"#);
            std::fs::write(dir.join("estimates.json"), json).map_err(|e| e.to_string())
        };
        put("ray_aabb", OSC32, 5.0)?;
        put("ray_aabb", PARRY32, 10.0)?;
        put("zerocost_ray_aabb", "generic-f32", 5.0)?;
        put("zerocost_ray_aabb", "trait-f32", 5.5)?;
        let rows = read_estimates(&root);
        let zero = read_zero_cost(&root);
        std::fs::remove_dir_all(&root).map_err(|e| e.to_string())?;
        let want =
            Row { query: "ray_aabb".into(), times: [Some(5.0), Some(10.0), None, None, None] };
        assert_eq!(rows, Ok(vec![want]));
        let want = ZeroRow {
            query: "ray_aabb".into(),
            times: [Some(5.0), None, Some(5.5), None, None, None],
        };
        assert_eq!(zero, Ok(vec![want]));
        Ok(())
    }

    #[test]
    fn zero_cost_table_has_ratios_to_generic() {
        let rows = vec![ZeroRow {
            query: "q".into(),
            times: [Some(2.0), Some(2.0), Some(3.0), Some(4.0), None, Some(2.0)],
        }];
        let t = render_zero_cost(&rows);
        assert!(
            t.contains("| q | 2.0 | 2.0 | 1.00 | 3.0 | 1.50 | 4.0 | – | – | 2.0 | 0.50 |"),
            "{t}"
        );
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
