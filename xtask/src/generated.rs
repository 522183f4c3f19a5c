//! Tables that a tool writes into a document between two markers, e.g. `cargo xtask accuracy`
//! into `docs/robustness.md` between `<!-- begin accuracy -->` and `<!-- end accuracy -->`. The
//! prose around the markers is the document's; what lies between them belongs to the tool and is
//! replaced whole on every run.

use std::path::Path;

/// `doc` with the text between the line holding `<!-- begin NAME -->` and the line holding
/// `<!-- end NAME -->` replaced by `body` (the marker lines themselves stay). An error names the
/// marker when either is missing, repeated or out of order.
pub(crate) fn splice(doc: &str, name: &str, body: &str) -> Result<String, String> {
    let begin = format!("<!-- begin {name} -->");
    let end = format!("<!-- end {name} -->");
    let find = |marker: &str| -> Result<usize, String> {
        let mut at = doc.match_indices(marker).map(|(i, _)| i);
        let first = at.next().ok_or(format!("no `{marker}` marker"))?;
        match at.next() {
            Some(_) => Err(format!("`{marker}` appears more than once")),
            None => Ok(first),
        }
    };
    let (b, e) = (find(&begin)?, find(&end)?);
    if e < b {
        return Err(format!("`{end}` comes before `{begin}`"));
    }
    // Keep the begin marker's whole line and start the end marker on its own line.
    let after_begin = doc[b..].find('\n').map_or(doc.len(), |i| b + i + 1);
    let end_line = doc[..e].rfind('\n').map_or(0, |i| i + 1);
    if end_line < after_begin {
        return Err(format!("`{begin}` and `{end}` must be on separate lines"));
    }
    let mut out = String::with_capacity(doc.len() + body.len());
    out.push_str(&doc[..after_begin]);
    out.push_str(body.trim_end_matches('\n'));
    out.push('\n');
    out.push_str(&doc[end_line..]);
    Ok(out)
}

/// Replaces the `name` section of the file at `path` by `body` (see [`splice`]).
pub(crate) fn write_section(path: &Path, name: &str, body: &str) -> Result<(), String> {
    let shown = path.display();
    let doc = std::fs::read_to_string(path).map_err(|e| format!("could not read {shown}: {e}"))?;
    let new = splice(&doc, name, body).map_err(|e| format!("{shown}: {e}"))?;
    if new != doc {
        std::fs::write(path, new).map_err(|e| format!("could not write {shown}: {e}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "# Title\n\nProse before.\n\n<!-- begin table -->\n| old |\n|---|\n\
                       <!-- end table -->\n\nProse after.\n";

    #[test]
    fn the_body_between_the_markers_is_replaced() {
        let out = splice(DOC, "table", "| new |\n|---|\n| 1 |\n");
        assert_eq!(
            out.as_deref(),
            Ok("# Title\n\nProse before.\n\n<!-- begin table -->\n| new |\n|---|\n| 1 |\n\
                <!-- end table -->\n\nProse after.\n")
        );
    }

    #[test]
    fn splicing_twice_gives_the_same_document() {
        let once = splice(DOC, "table", "| a |").unwrap_or_default();
        assert_eq!(splice(&once, "table", "| a |"), Ok(once.clone()));
    }

    #[test]
    fn missing_repeated_or_swapped_markers_are_errors() {
        assert_eq!(
            splice("no markers", "table", "x"),
            Err("no `<!-- begin table -->` marker".to_string())
        );
        let twice = format!("{DOC}<!-- end table -->\n");
        assert_eq!(
            splice(&twice, "table", "x"),
            Err("`<!-- end table -->` appears more than once".to_string())
        );
        let swapped = "<!-- end table -->\n<!-- begin table -->\n";
        assert_eq!(
            splice(swapped, "table", "x"),
            Err("`<!-- end table -->` comes before `<!-- begin table -->`".to_string())
        );
        assert!(splice("<!-- begin table --> <!-- end table -->\n", "table", "x").is_err());
    }
}
