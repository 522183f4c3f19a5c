//! The showcase's pictures, rendered small: the image is not blank, known pixels show the expected
//! shape, and the SVG figures are well-formed.

#[path = "../../examples/showcase/scene.rs"]
#[allow(dead_code, reason = "the example's module, partly used here")]
mod scene;

/// Checks that `text` is one well-formed XML element tree (tags balanced and properly nested,
/// self-closing tags allowed); returns the root tag's name.
fn check_xml(text: &str) -> Result<String, String> {
    let mut stack: Vec<String> = Vec::new();
    let mut root = None;
    let mut rest = text;
    while let Some(open) = rest.find('<') {
        let close = rest[open..].find('>').ok_or("unclosed '<'")? + open;
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let top = stack.pop().ok_or(format!("</{name}> without an opening tag"))?;
            if top != name.trim() {
                return Err(format!("</{name}> closes <{top}>"));
            }
            continue;
        }
        let name = tag.split_whitespace().next().unwrap_or("").trim_end_matches('/').to_owned();
        if name.is_empty() {
            return Err("empty tag".into());
        }
        if root.is_none() {
            root = Some(name.clone());
        } else if stack.is_empty() {
            return Err(format!("second root element <{name}>"));
        }
        if !tag.ends_with('/') {
            stack.push(name);
        }
    }
    if let Some(open) = stack.pop() {
        return Err(format!("<{open}> never closed"));
    }
    root.ok_or_else(|| "no element".into())
}

#[test]
fn the_scene_renders_every_shape_where_expected() -> Result<(), Box<dyn std::error::Error>> {
    let objects = scene::build_scene()?;
    let (w, h) = (160, 120);
    let mut calls = 0;
    let img = scene::render(&objects, w, h, |_| calls += 1);
    assert_eq!(calls, h, "one progress call per row");
    assert_eq!(img.rgb.len(), w * h * 3);
    // Not blank: many distinct colours.
    let mut colours: Vec<[u8; 3]> = img.rgb.chunks(3).map(|c| [c[0], c[1], c[2]]).collect();
    colours.sort_unstable();
    colours.dedup();
    assert!(colours.len() > 500, "only {} colours", colours.len());
    // Every object appears somewhere.
    for (k, o) in objects.iter().enumerate() {
        let pixels = img.hit.iter().filter(|x| **x == Some(k)).count();
        assert!(pixels > 20, "{} covers {pixels} pixels", o.name);
    }
    // Known pixels: the camera's center ray goes toward (0, 0.6, 0), through the sphere of radius
    // 1 at (0, 1, 0); the bottom corners see only the ground.
    let index = |name: &str| objects.iter().position(|o| o.name == name);
    assert_eq!(img.hit[(h / 2) * w + w / 2], index("sphere"));
    assert_eq!(img.hit[(h - 1) * w], index("ground"));
    assert_eq!(img.hit[(h - 1) * w + w - 1], index("ground"));
    // Each of those pixels agrees with a direct cast through the same camera ray.
    let ray = scene::camera_ray(w / 2, h / 2, w, h);
    let hit =
        objects[index("sphere").ok_or("no sphere")?].cast(&ray).ok_or("the center ray misses")?;
    assert!((hit.point - osculate::math::Point3::new(0.0, 1.0, 0.0)).norm() <= 1.0 + 1e-9);
    Ok(())
}

#[test]
fn the_figures_are_well_formed_svg() {
    let (closest, closest_queries) = scene::closest_svg();
    let (sweep, sweep_queries) = scene::sweep_svg();
    assert_eq!(check_xml(&closest).as_deref(), Ok("svg"));
    assert_eq!(check_xml(&sweep).as_deref(), Ok("svg"));
    assert!(closest_queries >= 5 && sweep_queries >= 3);
    // The figures drew witness segments and reported the impacts.
    assert!(closest.matches("stroke=\"crimson\"").count() >= 5, "{closest}");
    assert!(
        sweep.contains("first impact at t = ") && sweep.matches("first impact").count() == 2,
        "{sweep}"
    );
    // The checker itself rejects broken documents.
    assert!(check_xml("<svg><g></svg>").is_err());
    assert!(check_xml("<svg></svg><svg/>").is_err());
}
