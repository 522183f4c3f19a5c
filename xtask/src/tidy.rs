//! `cargo xtask tidy`: the checks that keep the tree a reference rather than a log (after
//! rust-analyzer's `xtask/src/tidy.rs`). Each finding names a file and a line:
//!
//! - history in `crates/`, `docs/` and `README.md` (not `CHANGELOG.md`, where history belongs): a
//!   date, a session or run label, a reference to this project's own issues, a commit hash;
//! - an instruction count or a callgrind figure in a comment of `crates/` (a measurement belongs
//!   in a benchmark and in docs/performance.md, not beside the code it measured once), and a
//!   comment saying which check found a defect ("found by the soak") rather than what it was;
//! - a library source file (`crates/*/src/**.rs`) over [`MAX_LIBRARY_LINES`] lines, not counting
//!   its `#[cfg(test)]` items;
//! - a relative link in `docs/*.md`, `README.md` or `CHANGELOG.md` to a missing file or a missing
//!   heading anchor (GitHub's slug rules);
//! - a public query of a layer crate (a top-level `pub fn` in `crates/osculate-*/src`, the
//!   scalar and test-support crates aside) named neither in `docs/queries.md` nor in `benches/`,
//!   unless [`UNLISTED`] says why;
//! - a like-for-like row of docs/performance.md's generated table slower than parry3d in either
//!   precision (ratio above 1.0) whose query has no row in the "Known misses" section.
//!
//! std only, like the rest of xtask.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Component, Path};

/// The longest a library source file may be, its `#[cfg(test)]` items not counted.
pub(crate) const MAX_LIBRARY_LINES: usize = 1_000;

/// Public functions of the layer crates that are not queries, or are documented under another
/// name, each with the reason it needs neither a row in docs/queries.md nor a benchmark group.
pub(crate) const UNLISTED: &[(&str, &str)] = &[
    (
        "diff",
        "vector arithmetic of `osculate_overlap::exact` for the exact predicates, not a query",
    ),
    (
        "det3",
        "vector arithmetic of `osculate_overlap::exact` for the exact predicates, not a query",
    ),
];

/// Crates under `crates/` whose public functions are not queries: the scalar and shape layer, and
/// the test-support crate.
const NOT_QUERY_CRATES: [&str; 2] = ["osculate-math", "osculate-testing"];

/// Other projects a line may cite issue numbers of (matched case-insensitively): their issues
/// are sources, not this project's history.
const OTHER_PROJECTS: [&str; 8] =
    ["parry", "nalgebra", "fcl", "coal", "box2d", "jolt", "github.com", "gitlab.com"];

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Violation {
    /// The file, relative to the workspace root, with `/` separators.
    pub(crate) path: String,
    /// The 1-based line.
    pub(crate) line: usize,
    /// What is wrong there.
    pub(crate) reason: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.path, self.line, self.reason)
    }
}

/// The files tidy reads: the real tree, or a map in the tests.
pub(crate) trait Tree {
    /// Every file under the directory `dir` (relative), recursively, in a stable order; empty
    /// when there is no such directory.
    fn files(&self, dir: &str) -> Vec<String>;
    /// The file's text, or `None` when there is no such file (or it is not text).
    fn read(&self, path: &str) -> Option<String>;
    /// Whether a file or a directory exists at `path`.
    fn exists(&self, path: &str) -> bool;
}

/// The workspace on disk.
pub(crate) struct Disk<'a>(pub(crate) &'a Path);

impl Tree for Disk<'_> {
    fn files(&self, dir: &str) -> Vec<String> {
        fn walk(root: &Path, rel: &str, out: &mut Vec<String>) {
            let Ok(entries) = std::fs::read_dir(root.join(rel)) else { return };
            let mut names: Vec<(String, bool)> = entries
                .filter_map(Result::ok)
                .map(|e| {
                    let dir = e.file_type().is_ok_and(|t| t.is_dir());
                    (e.file_name().to_string_lossy().into_owned(), dir)
                })
                .collect();
            names.sort();
            for (name, is_dir) in names {
                if name == "target" || name.starts_with('.') {
                    continue;
                }
                let path = format!("{rel}/{name}");
                if is_dir {
                    walk(root, &path, out);
                } else {
                    out.push(path);
                }
            }
        }
        let mut out = Vec::new();
        walk(self.0, dir, &mut out);
        out
    }
    fn read(&self, path: &str) -> Option<String> {
        std::fs::read_to_string(self.0.join(path)).ok()
    }
    fn exists(&self, path: &str) -> bool {
        self.0.join(path).exists()
    }
}

/// `cargo xtask tidy [PATH…]`: every check on the whole tree; with paths, only the findings in
/// files under them are reported.
pub(crate) fn run(root: &Path, args: &[String]) -> Result<(), String> {
    if let Some(flag) = args.iter().find(|a| a.starts_with('-')) {
        return Err(format!("tidy: unknown option `{flag}` (tidy takes paths to limit it to)"));
    }
    let found = check(&Disk(root));
    let shown: Vec<&Violation> = found
        .iter()
        .filter(|v| {
            args.is_empty()
                || args.iter().any(|a| {
                    let a = a.trim_end_matches('/');
                    v.path == a || v.path.starts_with(&format!("{a}/"))
                })
        })
        .collect();
    for v in &shown {
        println!("{v}");
    }
    if shown.is_empty() {
        println!(
            "tidy: no dates, run labels, issue numbers, hashes, measurements or discovery notes \
             in comments, long files, broken links or unlisted queries"
        );
        Ok(())
    } else {
        Err(format!("tidy: {} finding(s), listed above", shown.len()))
    }
}

/// Every check over `tree`, sorted by file and line.
pub(crate) fn check(tree: &dyn Tree) -> Vec<Violation> {
    let mut out = Vec::new();
    let mut push = |path: &str, found: Vec<(usize, String)>| {
        out.extend(found.into_iter().map(|(line, reason)| Violation {
            path: path.to_string(),
            line,
            reason,
        }));
    };

    let crate_files = tree.files("crates");
    let doc_files: Vec<String> =
        tree.files("docs").into_iter().filter(|p| p.ends_with(".md")).collect();
    let mut history_scope: Vec<&String> =
        crate_files.iter().filter(|p| is_text_source(p)).chain(&doc_files).collect();
    let readme = "README.md".to_string();
    if tree.exists(&readme) {
        history_scope.push(&readme);
    }
    for path in &history_scope {
        if let Some(text) = tree.read(path) {
            push(path, history_marks(&text));
        }
    }

    for path in crate_files.iter().filter(|p| p.ends_with(".rs")) {
        if let Some(text) = tree.read(path) {
            push(path, instruction_counts(&text));
            push(path, discovery_notes(&text));
            if is_library_source(path) {
                let n = library_lines(&text);
                if n > MAX_LIBRARY_LINES {
                    push(
                        path,
                        vec![(
                            1,
                            format!(
                                "{n} lines outside #[cfg(test)] (a library file has at most \
                                 {MAX_LIBRARY_LINES}): split it"
                            ),
                        )],
                    );
                }
            }
        }
    }

    let mut linked: Vec<String> = doc_files.clone();
    linked.extend(["README.md".to_string(), "CHANGELOG.md".to_string()]);
    for path in linked.iter().filter(|p| tree.exists(p)) {
        if let Some(text) = tree.read(path) {
            push(path, broken_links(path, &text, tree));
        }
    }

    let mut listed = tree.read("docs/queries.md").unwrap_or_default();
    for bench in tree.files("benches").iter().filter(|p| p.ends_with(".rs")) {
        listed.push('\n');
        listed.push_str(&tree.read(bench).unwrap_or_default());
    }
    let listed = words(&listed);
    for path in crate_files.iter().filter(|p| is_query_source(p)) {
        if let Some(text) = tree.read(path) {
            let unlisted = public_fns(&text)
                .into_iter()
                .filter(|(_, name)| {
                    !listed.contains(name.as_str()) && !UNLISTED.iter().any(|(n, _)| n == name)
                })
                .map(|(line, name)| {
                    (
                        line,
                        format!(
                            "public query `{name}` is in neither docs/queries.md nor benches/ \
                             (document or benchmark it, or add it to tidy's UNLISTED with a reason)"
                        ),
                    )
                })
                .collect();
            push(path, unlisted);
        }
    }
    if let Some(text) = tree.read(PERFORMANCE) {
        push(PERFORMANCE, unexplained_misses(&text));
    }
    out.sort();
    out
}

/// The document with the benchmark table and its known misses.
const PERFORMANCE: &str = "docs/performance.md";

/// The like-for-like rows of the table `cargo xtask bench-report` writes between its markers
/// whose worse ratio in `f32` or `f64` is above 1.0 and whose query (the first cell up to a
/// ` vs ` naming parry's other call) is named in no row of the "## Known misses" section's
/// tables: (line, reason).
pub(crate) fn unexplained_misses(text: &str) -> Vec<(usize, String)> {
    let (Some(begin), Some(end)) =
        (text.find("<!-- begin bench-report -->"), text.find("<!-- end bench-report -->"))
    else {
        return Vec::new();
    };
    let section = text.find("\n## Known misses").map(|at| {
        let rest = &text[at + 1..];
        let stop = rest[3..].find("\n## ").map_or(rest.len(), |j| j + 3);
        &rest[..stop]
    });
    // The first cell of every row of the section's tables, as the words it names.
    let explained: BTreeSet<&str> = section
        .into_iter()
        .flat_map(str::lines)
        .filter_map(|line| line.strip_prefix("| ")?.split(" |").next())
        .flat_map(|cell| cell.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')))
        .filter(|w| !w.is_empty())
        .collect();
    let first_line = text[..begin].lines().count() + 1;
    let mut out = Vec::new();
    for (i, line) in text[begin..end].lines().enumerate() {
        let cells: Vec<&str> = line.trim().trim_matches('|').split('|').map(str::trim).collect();
        if cells.len() < 9 || cells[1] != "like-for-like" {
            continue;
        }
        let worse = [cells[5], cells[8]]
            .iter()
            .filter_map(|c| c.parse::<f64>().ok())
            .fold(f64::NEG_INFINITY, f64::max);
        let query = cells[0].split(" vs ").next().unwrap_or(cells[0]).trim();
        if worse > 1.0 && !explained.contains(query) {
            out.push((
                first_line + i,
                format!(
                    "`{query}` is slower than parry3d ({worse}) and has no row under \"Known \
                     misses\": say why and what was tried"
                ),
            ));
        }
    }
    out
}

/// Source and documentation files whose text tidy reads for history.
fn is_text_source(path: &str) -> bool {
    [".rs", ".md", ".toml"].iter().any(|ext| path.ends_with(ext))
}

/// `crates/<crate>/src/**.rs`.
fn is_library_source(path: &str) -> bool {
    let mut parts = path.split('/');
    parts.next() == Some("crates")
        && parts.next().is_some()
        && parts.next() == Some("src")
        && path.ends_with(".rs")
}

/// `crates/osculate-<layer>/src/**.rs` of a crate whose public functions are queries.
fn is_query_source(path: &str) -> bool {
    let krate = path.split('/').nth(1).unwrap_or_default();
    is_library_source(path) && krate.starts_with("osculate-") && !NOT_QUERY_CRATES.contains(&krate)
}

// -------------------------------------------------------------------------------------------------
// History: dates, session and run labels, this project's issue numbers, commit hashes.

/// Every mark of history in `text`: (line, reason).
pub(crate) fn history_marks(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if let Some(d) = date(line) {
            out.push((n, format!("a date ({d}): history goes to CHANGELOG.md")));
        }
        if let Some(l) = session_or_run_label(line) {
            out.push((n, format!("a session or run label ({l}): say what, not when")));
        }
        if let Some(r) = own_issue(line) {
            out.push((n, format!("a reference to this project's issues ({r}): say what and why")));
        }
        if let Some(h) = commit_hash(line) {
            out.push((n, format!("a commit hash ({h}): history goes to git and CHANGELOG.md")));
        }
    }
    out
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The first `YYYY-MM-DD` (month 01-12, day 01-31) standing alone.
fn date(line: &str) -> Option<&str> {
    let b = line.as_bytes();
    (0..b.len().saturating_sub(9)).find_map(|i| {
        let w = &b[i..i + 10];
        let digits = |r: std::ops::Range<usize>| r.into_iter().all(|k| w[k].is_ascii_digit());
        let shape = digits(0..4) && w[4] == b'-' && digits(5..7) && w[7] == b'-' && digits(8..10);
        let alone = (i == 0 || !is_word_byte(b[i - 1]))
            && b.get(i + 10).is_none_or(|&c| !is_word_byte(c) && c != b'-');
        if !(shape && alone) {
            return None;
        }
        let two = |k: usize| u32::from(w[k] - b'0') * 10 + u32::from(w[k + 1] - b'0');
        ((1..=12).contains(&two(5)) && (1..=31).contains(&two(8))).then(|| &line[i..i + 10])
    })
}

/// The line's words, lower-cased, with their byte spans (letters, digits, `_`, `#`).
fn spans(line: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices().chain([(line.len(), ' ')]) {
        let inside = c.is_alphanumeric() || c == '_' || c == '#';
        match (start, inside) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                out.push((s, i, line[s..i].to_lowercase()));
                start = None;
            }
            _ => {}
        }
    }
    out
}

const ORDINALS: [&str; 20] = [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
];

/// Whether `w` is a number, optionally written `#3`.
fn is_number(w: &str) -> bool {
    let n = w.strip_prefix('#').unwrap_or(w);
    !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
}

/// Words that make "session" a label when they come before it ("the seventh session", "this
/// session"), besides the ordinals.
const SESSION_DEICTICS: [&str; 9] =
    ["this", "that", "last", "previous", "next", "earlier", "later", "the", "all"];

/// "seventh session", "this session", "2nd session", "session 3", "run #3", or "run 3" closing a
/// clause ("(run 3)", "run 3:"; not "run 10 minutes").
fn session_or_run_label(line: &str) -> Option<String> {
    let words = spans(line);
    let label = |from: usize, to: usize| Some(line[words[from].0..words[to].1].to_string());
    for (k, (_, _, w)) in words.iter().enumerate() {
        let before = k.checked_sub(1).map(|j| words[j].2.as_str());
        let after = words.get(k + 1).map(|(_, _, n)| n.as_str());
        if w == "session" || w == "sessions" {
            let numeric_ordinal = |b: &str| {
                ["st", "nd", "rd", "th"].iter().any(|suffix| {
                    b.strip_suffix(suffix).is_some_and(|d| is_number(d) && !d.starts_with('#'))
                })
            };
            if before.is_some_and(|b| {
                ORDINALS.contains(&b) || SESSION_DEICTICS.contains(&b) || numeric_ordinal(b)
            }) {
                return label(k - 1, k);
            }
            if after.is_some_and(is_number) {
                return label(k, k + 1);
            }
        }
        if w == "run" && after.is_some_and(is_number) {
            let rest = line[words[k + 1].1..].trim_start_matches(' ');
            let closes = after.is_some_and(|n| n.starts_with('#'))
                || rest.is_empty()
                || rest.starts_with([')', ',', '.', ':', ';', ']']);
            if closes {
                return label(k, k + 1);
            }
        }
    }
    None
}

/// "issue 21", "issue #9", "issues 10", "#8" — unless the line names another project.
fn own_issue(line: &str) -> Option<String> {
    let lower = line.to_lowercase();
    if OTHER_PROJECTS.iter().any(|p| lower.contains(p)) {
        return None;
    }
    let words = spans(line);
    for (k, (s, e, w)) in words.iter().enumerate() {
        let after = words.get(k + 1);
        if (w == "issue" || w == "issues") && after.is_some_and(|(_, _, n)| is_number(n)) {
            return Some(line[*s..words[k + 1].1].to_string());
        }
        // A bare `#8`: not part of a longer token (`&#38;`, `r#1`, `"#246"`), not a run label.
        let after_run = k.checked_sub(1).is_some_and(|j| words[j].2 == "run");
        let before = line[..*s].chars().next_back();
        let standalone = before.is_none_or(|c| !c.is_alphanumeric() && !"&#\"'=".contains(c));
        if w.starts_with('#') && is_number(w) && standalone && !after_run {
            return Some(line[*s..*e].to_string());
        }
    }
    None
}

/// A word of 7 to 40 lower-case hex digits with at least one letter and one digit, not a number
/// with an exponent or a float suffix (`1000f64`), not inside a URL.
fn commit_hash(line: &str) -> Option<String> {
    for (s, e, _) in spans(line) {
        let raw = &line[s..e];
        let hex = raw.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        if !hex || !(7..=40).contains(&raw.len()) {
            continue;
        }
        let has_digit = raw.bytes().any(|b| b.is_ascii_digit());
        let has_letter = raw.bytes().any(|b| b.is_ascii_alphabetic());
        let number = {
            let body = raw.strip_suffix("f32").or_else(|| raw.strip_suffix("f64")).unwrap_or(raw);
            let mut parts = body.splitn(2, 'e');
            let mantissa = parts.next().unwrap_or_default();
            let exponent = parts.next().unwrap_or("0");
            !mantissa.is_empty()
                && mantissa.bytes().all(|b| b.is_ascii_digit())
                && exponent.bytes().all(|b| b.is_ascii_digit())
        };
        let token_start = line[..s].rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let token_end = line[e..].find(char::is_whitespace).map_or(line.len(), |i| e + i);
        let in_url = line[token_start..token_end].contains("://");
        if has_digit && has_letter && !number && !in_url {
            return Some(raw.to_string());
        }
    }
    None
}

// -------------------------------------------------------------------------------------------------
// Instruction counts in comments.

/// Where a measurement belongs instead of a comment.
const MEASURED: &str = "it belongs in a benchmark and docs/performance.md";

/// The comment part (from `//`) of each line of a Rust source: (line, comment).
fn comments(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(i, line)| line.find("//").map(|at| (i + 1, &line[at..])))
}

/// Comments that quote an instruction count or a callgrind run: (line, reason).
pub(crate) fn instruction_counts(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, comment) in comments(text) {
        let lower = comment.to_ascii_lowercase();
        if lower.contains("callgrind") || lower.contains("cachegrind") {
            out.push((n, format!("a callgrind measurement in a comment: {MEASURED}")));
            continue;
        }
        for (pos, _) in lower.match_indices("instruction") {
            // Back over "more"/"fewer", a `%`, a `k`/`m` multiplier and spaces to a number:
            // "12,700 instructions", "2.5k instructions", "14% more instructions".
            let before = lower[..pos].trim_end();
            let before = ["more", "fewer", "less"]
                .iter()
                .find_map(|w| before.strip_suffix(w))
                .map_or(before, |b| b.trim_end().trim_end_matches('%'));
            let before = before.strip_suffix(['k', 'm']).unwrap_or(before).trim_end();
            if before.ends_with(|c: char| c.is_ascii_digit()) {
                let start = before
                    .rfind(|c: char| !(c.is_ascii_digit() || c == ',' || c == '.'))
                    .map_or(0, |j| j + 1);
                let end = lower[pos..]
                    .find(|c: char| !c.is_alphabetic())
                    .map_or(lower.len(), |j| pos + j);
                let count = &comment[start..end];
                out.push((n, format!("an instruction count in a comment ({count}): {MEASURED}")));
                break;
            }
        }
    }
    out
}

/// What found a defect, which a comment should not say ("found by the soak"): the tools.
const FINDERS: [&str; 5] = ["soak", "fuzz", "propert", "quickcheck", "differential"];

/// Comments that say which check found something ("found by the 1,000,000-case soak") instead
/// of naming the input class and the failure: (line, reason).
pub(crate) fn discovery_notes(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, comment) in comments(text) {
        let lower = comment.to_ascii_lowercase();
        for (pos, _) in lower.match_indices("found by") {
            let tail = &lower[pos..];
            let window = &tail[..tail.len().min(60)];
            if let Some(finder) = FINDERS.iter().find(|f| window.contains(*f)) {
                let end = pos + window.find(finder).unwrap_or(0) + finder.len();
                let end = lower[end..]
                    .find(|c: char| !c.is_alphabetic())
                    .map_or(lower.len(), |j| end + j);
                out.push((
                    n,
                    format!(
                        "a discovery note in a comment ({}): name the input class and the \
                         failure; history goes to CHANGELOG.md",
                        &comment[pos..end]
                    ),
                ));
                break;
            }
        }
    }
    out
}

// -------------------------------------------------------------------------------------------------
// File length.

/// The lines of a Rust source file outside its top-level `#[cfg(test)]` items (an attribute at
/// column 0 and the item after it, to its closing `}` at column 0 or its `;`).
pub(crate) fn library_lines(text: &str) -> usize {
    let mut count = 0;
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim_end() != "#[cfg(test)]" {
            count += 1;
            continue;
        }
        // Skip further attributes, then the item.
        for item in lines.by_ref() {
            if item.starts_with("#[") {
                continue;
            }
            if item.trim_end().ends_with(';') {
                break;
            }
            if item.trim_end().ends_with('{') {
                for inner in lines.by_ref() {
                    if inner.starts_with('}') {
                        break;
                    }
                }
                break;
            }
        }
    }
    count
}

// -------------------------------------------------------------------------------------------------
// Links.

/// The relative links of a Markdown file that point at a missing file or anchor: (line, reason).
pub(crate) fn broken_links(path: &str, text: &str, tree: &dyn Tree) -> Vec<(usize, String)> {
    let dir = Path::new(path).parent().unwrap_or(Path::new(""));
    let mut anchors_of: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut out = Vec::new();
    for (line, target) in links(text) {
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (file, anchor) = match target.split_once('#') {
            Some((f, a)) => (f, Some(a)),
            None => (target.as_str(), None),
        };
        let resolved = if file.is_empty() {
            path.to_string()
        } else {
            match normalise(&dir.join(file)) {
                Some(p) => p,
                None => {
                    out.push((line, format!("link `{target}` leaves the repository")));
                    continue;
                }
            }
        };
        if !tree.exists(&resolved) {
            out.push((line, format!("link `{target}`: no file {resolved}")));
            continue;
        }
        let Some(anchor) = anchor else { continue };
        if !resolved.ends_with(".md") || anchor.is_empty() {
            continue;
        }
        let anchors = anchors_of
            .entry(resolved.clone())
            .or_insert_with(|| anchors(&tree.read(&resolved).unwrap_or_default()));
        if !anchors.contains(anchor) {
            out.push((
                line,
                format!("link `{target}`: no heading with anchor `#{anchor}` in {resolved}"),
            ));
        }
    }
    out
}

/// `a/b/../c` as `a/c`, with `/` separators; `None` when it climbs above the root.
fn normalise(p: &Path) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    for c in p.components() {
        match c {
            Component::Normal(s) => parts.push(s.to_string_lossy().into_owned()),
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::CurDir => {}
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(parts.join("/"))
}

/// Lines of a Markdown text outside fenced code blocks, with inline code spans blanked.
fn prose_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fence: Option<String> = None;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if let Some(f) = &fence {
            if t.starts_with(f.as_str()) {
                fence = None;
            }
            continue;
        }
        if t.starts_with("```") || t.starts_with("~~~") {
            fence = Some(t[..3].to_string());
            continue;
        }
        // Blank the code spans (backtick runs of equal length).
        let mut prose = String::with_capacity(line.len());
        let mut rest = line;
        while let Some(open) = rest.find('`') {
            prose.push_str(&rest[..open]);
            let ticks = rest[open..].bytes().take_while(|&b| b == b'`').count();
            let after = &rest[open + ticks..];
            match after.find(&"`".repeat(ticks)) {
                Some(close) => rest = &after[close + ticks..],
                None => {
                    rest = after;
                }
            }
            prose.push(' ');
        }
        prose.push_str(rest);
        out.push((i + 1, prose));
    }
    out
}

/// The targets of the inline links and images (`[text](target)`) and of the reference
/// definitions (`[label]: target`) outside code: (line, target).
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in prose_lines(text) {
        let t = line.trim_start();
        if let Some(close) = t.strip_prefix('[').and_then(|r| r.find("]:")) {
            let target = t[close + 3..].split_whitespace().next().unwrap_or_default();
            out.push((n, target.trim_matches(['<', '>']).to_string()));
            continue;
        }
        let mut rest = line.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let mut depth = 0usize;
            let end = after
                .char_indices()
                .find(|&(_, c)| {
                    if c == '(' {
                        depth += 1;
                    } else if c == ')' {
                        if depth == 0 {
                            return true;
                        }
                        depth -= 1;
                    }
                    false
                })
                .map_or(after.len(), |(i, _)| i);
            let target = after[..end].split_whitespace().next().unwrap_or_default();
            out.push((n, target.trim_matches(['<', '>']).to_string()));
            rest = &after[end..];
        }
    }
    out
}

/// The anchors GitHub gives a Markdown file's headings (and its explicit `id`/`name` anchors).
pub(crate) fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeSet::new();
    for (_, line) in prose_lines(text) {
        for key in ["id=\"", "name=\""] {
            for (at, _) in line.match_indices(key) {
                let rest = &line[at + key.len()..];
                if let Some(end) = rest.find('"') {
                    out.insert(rest[..end].to_string());
                }
            }
        }
        let t = line.trim_start();
        let hashes = t.bytes().take_while(|&b| b == b'#').count();
        if !(1..=6).contains(&hashes) || !t[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(t[hashes..].trim().trim_end_matches('#').trim());
        let k = seen.entry(base.clone()).or_insert(0);
        out.insert(if *k == 0 { base.clone() } else { format!("{base}-{k}") });
        *k += 1;
    }
    out
}

/// GitHub's heading slug: link text for links, lower case, letters, digits, `-` and `_` kept,
/// each space a `-`, everything else dropped.
pub(crate) fn slug(heading: &str) -> String {
    // `[text](url)` reads as `text`.
    let mut plain = String::with_capacity(heading.len());
    let mut rest = heading;
    while let Some(open) = rest.find('[') {
        let Some(mid) = rest[open..].find("](") else { break };
        let Some(close) = rest[open + mid..].find(')') else { break };
        plain.push_str(&rest[..open]);
        plain.push_str(&rest[open + 1..open + mid]);
        rest = &rest[open + mid + close + 1..];
    }
    plain.push_str(rest);
    plain
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

// -------------------------------------------------------------------------------------------------
// Public queries.

/// The top-level `pub fn`s of a Rust source file: (line, name).
pub(crate) fn public_fns(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let rest =
                line.strip_prefix("pub fn ").or_else(|| line.strip_prefix("pub const fn "))?;
            let name: String =
                rest.chars().take_while(|&c| c.is_alphanumeric() || c == '_').collect();
            (!name.is_empty()).then_some((i + 1, name))
        })
        .collect()
}

/// The identifier-like words of a text (letters, digits and `_`).
fn words(text: &str) -> BTreeSet<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tree of files in memory.
    struct Mem(BTreeMap<String, String>);

    impl Mem {
        fn new(files: &[(&str, &str)]) -> Self {
            Self(files.iter().map(|(p, t)| (p.to_string(), t.to_string())).collect())
        }
    }

    impl Tree for Mem {
        fn files(&self, dir: &str) -> Vec<String> {
            self.0.keys().filter(|p| p.starts_with(&format!("{dir}/"))).cloned().collect()
        }
        fn read(&self, path: &str) -> Option<String> {
            self.0.get(path).cloned()
        }
        fn exists(&self, path: &str) -> bool {
            self.0.contains_key(path) || !self.files(path).is_empty()
        }
    }

    fn reasons(found: &[(usize, String)]) -> Vec<String> {
        found.iter().map(|(n, r)| format!("{n}: {r}")).collect()
    }

    /// Each line of `found` is reported once, as `message` of its mark; no line of `fine` is.
    #[track_caller]
    fn check_marks(found: &[(&str, &str)], message: impl Fn(&str) -> String, fine: &[&str]) {
        for (line, mark) in found {
            assert_eq!(history_marks(line), [(1, message(mark))], "{line}");
        }
        for line in fine {
            assert_eq!(history_marks(line), [], "{line}");
        }
    }

    #[test]
    fn dates_are_found_and_numbers_are_not() {
        assert_eq!(
            reasons(&history_marks("ok\nmeasured on 2026-11-24, quiet\n")),
            ["2: a date (2026-11-24): history goes to CHANGELOG.md"]
        );
        for fine in ["1e-4 to 1e-6", "2026-13-01", "v1234-56-78", "10-11-2026", "0.2 s / 0.8 s"] {
            assert_eq!(history_marks(fine), [], "{fine}");
        }
    }

    #[test]
    fn session_and_run_labels_are_found() {
        check_marks(
            &[
                ("the seventh session's table", "seventh session"),
                ("Tried this session and not kept", "this session"),
                ("fixed in the 2nd session", "2nd session"),
                ("see session 4", "session 4"),
                ("as measured (run 3)", "run 3"),
                ("Run 2: quiet", "Run 2"),
                ("the same as run #5 showed", "run #5"),
            ],
            |label| format!("a session or run label ({label}): say what, not when"),
            &[
                "each fuzz target has run 10 minutes",
                "a run of 1,000,000 cases",
                "sessions of a game",
                "run 500 cases per property",
            ],
        );
    }

    #[test]
    fn own_issue_numbers_are_found_and_other_projects_issues_kept() {
        check_marks(
            &[
                ("taken out of CI (issue 10)", "issue 10"),
                ("see Issue #9 for the plan", "Issue #9"),
                ("as #8 asked", "#8"),
            ],
            |r| format!("a reference to this project's issues ({r}): say what and why"),
            &[
                "parry's GJK stops early (parry issue #281)",
                "nalgebra #1234 changed `normalize`",
                "https://github.com/dimforge/parry/issues/12",
                "Box2D v3 (#812) and Jolt #99",
                "#[cfg(test)] and r#\"raw\"# and &#38;",
                "stroke=\"#246\" and fill='#333'",
                "## 3. Heading",
            ],
        );
    }

    #[test]
    fn commit_hashes_are_found_and_hex_like_numbers_kept() {
        assert_eq!(
            reasons(&history_marks("fixed in f666ea2 (the corner)")),
            ["1: a commit hash (f666ea2): history goes to git and CHANGELOG.md"]
        );
        assert_eq!(
            reasons(&history_marks("x\n  // since 394ae06c1f, the active sets")),
            ["2: a commit hash (394ae06c1f): history goes to git and CHANGELOG.md"]
        );
        for fine in [
            "deadbeef and facade and 1234567",
            "let seed = 0x5eed_1234_abcd;",
            "https://github.com/o/r/commit/f666ea2d",
            "1000f64 and 1234e56 and 2048f32",
            "a cafe, a decade, 12,700",
            "abc1234x is an identifier",
        ] {
            assert_eq!(history_marks(fine), [], "{fine}");
        }
    }

    #[test]
    fn instruction_counts_in_comments_are_found() {
        let text = "fn f() {}\n// ~12.7k -> 2.5k instructions a query\n\
                    let s = \"200 instructions\";\n/// callgrind on the bench inputs\n\
                    // 383 instructions\n// the instruction set\n\
                    // costs 14% more instructions\n";
        assert_eq!(
            reasons(&instruction_counts(text)),
            [
                "2: an instruction count in a comment (2.5k instructions): it belongs in a \
                 benchmark and docs/performance.md",
                "4: a callgrind measurement in a comment: it belongs in a benchmark and \
                 docs/performance.md",
                "5: an instruction count in a comment (383 instructions): it belongs in a \
                 benchmark and docs/performance.md",
                "7: an instruction count in a comment (14% more instructions): it belongs in a \
                 benchmark and docs/performance.md",
            ]
        );
        assert_eq!(instruction_counts("// one SIMD instruction per lane\n"), []);
    }

    #[test]
    fn discovery_notes_in_comments_are_found() {
        let text = "// Found by the 1,000,000-case soak (f32 at 1e4): ...\n\
                    /// A box 1e4 away, found by the cast fuzz target.\n\
                    // the point found by GJK is the closest\n\
                    let s = \"found by the soak\";\n";
        assert_eq!(
            reasons(&discovery_notes(text)),
            [
                "1: a discovery note in a comment (Found by the 1,000,000-case soak): name the \
                 input class and the failure; history goes to CHANGELOG.md",
                "2: a discovery note in a comment (found by the cast fuzz): name the input class \
                 and the failure; history goes to CHANGELOG.md",
            ]
        );
    }

    #[test]
    fn test_modules_do_not_count_toward_a_files_length() {
        let text = "//! doc\nfn a() {}\n\n#[cfg(test)]\nmod tests {\n    fn t() {\n    }\n}\n\
                    fn b() {}\n#[cfg(test)]\nmod more;\n\
                    #[cfg(test)]\n#[allow(dead_code)]\nfn helper() {\n}\n";
        assert_eq!(library_lines(text), 4);
    }

    #[test]
    fn a_long_library_file_fails_and_its_tests_are_free() {
        let body: String =
            (0..MAX_LIBRARY_LINES).map(|i| format!("const C{i}: u8 = 0;\n")).collect();
        let tests = "#[cfg(test)]\nmod tests {\n    fn t() {}\n}\n";
        let ok = Mem::new(&[("crates/osculate-math/src/a.rs", &format!("{body}{tests}"))]);
        assert_eq!(check(&ok), []);
        let long = Mem::new(&[
            ("crates/osculate-math/src/a.rs", &format!("{body}const X: u8 = 1;\n{tests}")),
            ("crates/osculate-math/tests/it/long.rs", &format!("{body}{body}")),
        ]);
        assert_eq!(
            check(&long).iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["crates/osculate-math/src/a.rs:1: 1001 lines outside #[cfg(test)] (a library file \
              has at most 1000): split it"]
        );
    }

    #[test]
    fn a_slower_like_for_like_row_needs_a_known_miss() {
        let doc = "# Performance\n\n<!-- begin bench-report -->\n\
                   | query | class | inputs | a | b | ratio | c | d | ratio |\n\
                   |---|---|---|---|---|---|---|---|---|\n\
                   | fast | like-for-like | x | 1 | 2 | 0.50 | 1 | 2 | 0.50 |\n\
                   | slow | like-for-like | x | 2 | 1 | 2.00 | 1 | 2 | 0.50 |\n\
                   | slow64 vs parry `other` | like-for-like | x | 1 | 2 | 0.50 | 3 | 2 | 1.50 |\n\
                   | general | closed-vs-general | x | 4 | 1 | 4.00 | 4 | 1 | 4.00 |\n\
                   | named | like-for-like | x | 2 | 1 | 2.00 | 2 | 1 | 2.00 |\n\
                   | only | osculate-only | x | 2 | – | – | 2 | – | – |\n\
                   <!-- end bench-report -->\n\n## Known misses\n\n\
                   | query | ratio | why | tried |\n|---|---|---|---|\n\
                   | named, other (plain) | 2 / 2 | why | what |\n\n## Next\n\n\
                   | slow | – | – | – |\n";
        let found = unexplained_misses(doc);
        let lines: Vec<usize> = found.iter().map(|(n, _)| *n).collect();
        assert_eq!(lines, [7, 8], "{found:?}");
        assert!(found[0].1.contains("`slow`") && found[1].1.contains("`slow64`"), "{found:?}");
        // The table's own line numbers.
        assert_eq!(doc.lines().nth(6).map(|l| l.starts_with("| slow |")), Some(true));
    }

    #[test]
    fn slugs_follow_githubs_rules() {
        assert_eq!(slug("Facade traits"), "facade-traits");
        assert_eq!(slug("osculate-closest (layer 1)"), "osculate-closest-layer-1");
        assert_eq!(slug("`ray_aabb`: slabs, Ize's fix"), "ray_aabb-slabs-izes-fix");
        assert_eq!(slug("Accuracy (f32 against f64)"), "accuracy-f32-against-f64");
        assert_eq!(slug("See [the table](x.md) — now"), "see-the-table--now");
        let a =
            anchors("# A\n## Notes\n```\n# not a heading\n```\n## Notes\n<a id=\"here\"></a>\n");
        assert_eq!(
            a.into_iter().collect::<Vec<_>>(),
            ["a", "here", "notes", "notes-1"].map(String::from)
        );
    }

    #[test]
    fn broken_links_are_found() {
        let tree = Mem::new(&[
            ("README.md", "# R\n"),
            ("docs/queries.md", "# Queries\n## Facade traits\n"),
            ("docs/img/scene.png", ""),
            (
                "docs/cookbook.md",
                "# Cookbook\n[ok](queries.md#facade-traits) ![img](img/scene.png) \
                 [self](#cookbook)\n\
                 [web](https://example.com/x.md) [up](../README.md)\n`[code](nothing.md)`\n\
                 ```\n[fenced](nothing.md)\n```\n[gone](missing.md) [anchor](queries.md#traits)\n\
                 [ref]: ../CHANGELOG.md\n[out](../../etc/passwd)\n",
            ),
        ]);
        let text = tree.read("docs/cookbook.md").unwrap_or_default();
        assert_eq!(
            reasons(&broken_links("docs/cookbook.md", &text, &tree)),
            [
                "8: link `missing.md`: no file docs/missing.md",
                "8: link `queries.md#traits`: no heading with anchor `#traits` in docs/queries.md",
                "9: link `../CHANGELOG.md`: no file CHANGELOG.md",
                "10: link `../../etc/passwd` leaves the repository",
            ]
        );
    }

    #[test]
    fn unlisted_public_queries_are_found() {
        let tree = Mem::new(&[
            ("docs/queries.md", "| `closest_point_on_aabb` | clamp |\n"),
            ("benches/benches/q.rs", "bench(|x| cast::ray_aabb(&x.0, &x.1));\n"),
            (
                "crates/osculate-cast/src/boxes.rs",
                "pub fn ray_aabb() {}\npub fn ray_obb<T>() {}\nfn private() {}\n\
                 impl X {\n    pub fn method() {}\n}\npub(crate) fn helper() {}\n",
            ),
            ("crates/osculate-closest/src/point.rs", "pub fn closest_point_on_aabb() {}\n"),
            ("crates/osculate-math/src/lib.rs", "pub fn finite_probe() {}\n"),
        ]);
        assert_eq!(
            check(&tree).iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["crates/osculate-cast/src/boxes.rs:2: public query `ray_obb` is in neither \
              docs/queries.md nor benches/ (document or benchmark it, or add it to tidy's \
              UNLISTED with a reason)"]
        );
    }

    #[test]
    fn history_is_checked_in_crates_docs_and_readme_but_not_the_changelog() {
        let tree = Mem::new(&[
            ("README.md", "fast since 8a8dfdb\n"),
            ("CHANGELOG.md", "## [0.1.0] - 2026-11-24\nFixed in 8a8dfdb.\n"),
            ("docs/robustness.md", "# R\nsoaked in the fifth session\n"),
            ("crates/osculate-cast/tests/it/worked.rs", "// found on 2026-11-23\n"),
            ("crates/osculate-cast/Cargo.toml", "# issue 12\n"),
            ("benches/benches/q.rs", "// 2026-11-23, 8a8dfdb\n"),
        ]);
        assert_eq!(
            check(&tree).iter().map(ToString::to_string).collect::<Vec<_>>(),
            [
                "README.md:1: a commit hash (8a8dfdb): history goes to git and CHANGELOG.md",
                "crates/osculate-cast/Cargo.toml:1: a reference to this project's issues \
                 (issue 12): say what and why",
                "crates/osculate-cast/tests/it/worked.rs:1: a date (2026-11-23): history goes \
                 to CHANGELOG.md",
                "docs/robustness.md:2: a session or run label (fifth session): say what, not when",
            ]
        );
    }

    /// The documents pass tidy; `crates/` is checked by `cargo xtask tidy` itself.
    #[test]
    fn the_docs_are_tidy() {
        let root = crate::root();
        let found: Vec<String> = check(&Disk(&root))
            .iter()
            .filter(|v| {
                v.path.starts_with("docs/") || v.path == "README.md" || v.path == "CHANGELOG.md"
            })
            .map(ToString::to_string)
            .collect();
        assert_eq!(found, Vec::<String>::new());
    }
}
