//! The facade's integration tests: the catalogue of pairs ([`catalogue`]), the closed forms
//! checked against the general convex algorithms ([`closed_forms`]), the adversarial catalogue,
//! the contact manifolds in both argument orders ([`manifold`]), the traits on meshes and
//! compounds ([`many`]), time of impact under rigid motion ([`motion`]), the showcase scene, and
//! the facade's `math` module against `osculate-math`'s root.

mod adversarial;
mod catalogue;
mod closed_forms;
mod manifold;
mod many;
mod motion;
mod posed;
mod posed_manifold;
mod posed_parry;
mod posed_sets;
mod shape;
mod showcase;

/// The names `pub use` lists in `text` (one `use` item per line or per braced list), without
/// `self` re-exports of whole crates.
fn re_exported_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("pub use ") {
        let item = &rest[i + "pub use ".len()..];
        let end = item.find(';').unwrap_or(item.len());
        let list = &item[..end];
        let list = list.find('{').map_or_else(
            || list.rsplit("::").next().unwrap_or(list),
            |open| &list[open + 1..list.rfind('}').unwrap_or(list.len())],
        );
        names.extend(list.split(',').map(str::trim).filter(|n| !n.is_empty()).map(String::from));
        rest = &item[end..];
    }
    names
}

/// The facade's `math` module lists `osculate-math`'s root items one by one (so that nalgebra
/// stays a link instead of being copied into the facade's documentation): every item the math
/// crate exports, but the nalgebra crate itself, is in that list.
#[test]
fn the_math_module_lists_every_item_of_osculate_math() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let read = |path: &str| std::fs::read_to_string(format!("{dir}/{path}")).unwrap_or_default();
    let math = read("../osculate-math/src/lib.rs");
    let facade = read("src/lib.rs");
    let block = facade.split("pub mod math {").nth(1).and_then(|b| b.split("\n}").next());
    let listed = re_exported_names(block.unwrap_or_default());
    let mut exported = re_exported_names(&math);
    exported.extend(
        math.lines()
            .filter_map(|l| l.strip_prefix("pub type ").or_else(|| l.strip_prefix("pub fn ")))
            .filter_map(|l| l.split(['<', '(', ' ']).next())
            .map(String::from),
    );
    assert!(exported.len() > 40, "{exported:?}");
    let missing: Vec<_> = exported.iter().filter(|n| !listed.contains(n)).collect();
    assert!(missing.is_empty(), "not in the facade's math module: {missing:?}");
}
