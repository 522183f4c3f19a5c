//! Where the examples write their images: `target/showcase` (or `$CARGO_TARGET_DIR/showcase`).

use std::path::PathBuf;

/// The examples' output directory (not created here).
pub(crate) fn out_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"),
        PathBuf::from,
    );
    target.join("showcase")
}
