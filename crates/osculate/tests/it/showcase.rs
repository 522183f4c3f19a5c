//! The showcase's pictures, rendered small: the image is not blank, known pixels show the expected
//! shape, and the SVG figures are well-formed.

#[path = "../../examples/showcase/scene.rs"]
#[allow(dead_code, reason = "the example's module, partly used here")]
mod scene;

/// Checks that `text` is a well-formed XML document (the subset SVG files use: an optional
/// `<?xml …?>` declaration, comments, elements with quoted, unique attributes, text with entity
/// references) and returns the root element's name. Names must start with a letter, `_` or `:`;
/// `<` never appears in attribute values or text; `&` only starts `&amp;`, `&lt;`, `&gt;`,
/// `&quot;`, `&apos;` or a character reference; tags nest and close in order; one root element,
/// nothing but whitespace and comments around it.
fn check_xml(text: &str) -> Result<String, String> {
    fn is_name_start(c: char) -> bool {
        c.is_alphabetic() || c == '_' || c == ':'
    }
    fn is_name_char(c: char) -> bool {
        is_name_start(c) || c.is_ascii_digit() || c == '-' || c == '.'
    }
    /// The name at the start of `s` and the rest.
    fn name(s: &str) -> Result<(&str, &str), String> {
        let end = s.find(|c: char| !is_name_char(c)).unwrap_or(s.len());
        let n = &s[..end];
        if !n.starts_with(is_name_start) {
            return Err(format!("bad name at {:?}", &s[..s.len().min(20)]));
        }
        Ok((n, &s[end..]))
    }
    /// Checks character data (text or an attribute value): no `<`, only known entities.
    fn chars(s: &str) -> Result<(), String> {
        if s.contains('<') {
            return Err(format!("'<' in {s:?}"));
        }
        let mut rest = s;
        while let Some(i) = rest.find('&') {
            let after = &rest[i + 1..];
            let end = after.find(';').ok_or(format!("unterminated entity in {s:?}"))?;
            let entity = &after[..end];
            let ok = matches!(entity, "amp" | "lt" | "gt" | "quot" | "apos")
                || entity
                    .strip_prefix("#x")
                    .is_some_and(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit()))
                || entity
                    .strip_prefix('#')
                    .is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()));
            if !ok {
                return Err(format!("unknown entity &{entity}; in {s:?}"));
            }
            rest = &after[end + 1..];
        }
        Ok(())
    }
    let mut rest = text.trim_start_matches('\u{feff}');
    if let Some(decl) = rest.strip_prefix("<?xml") {
        rest = &decl[decl.find("?>").ok_or("unterminated declaration")? + 2..];
    }
    let mut stack: Vec<&str> = Vec::new();
    let mut root: Option<String> = None;
    loop {
        let open = rest.find('<').unwrap_or(rest.len());
        let between = &rest[..open];
        if stack.is_empty() {
            if !between.trim().is_empty() {
                return Err(format!("text outside the root: {between:?}"));
            }
        } else {
            chars(between)?;
        }
        rest = &rest[open..];
        if rest.is_empty() {
            break;
        }
        if let Some(c) = rest.strip_prefix("<!--") {
            let end = c.find("-->").ok_or("unterminated comment")?;
            rest = &c[end + 3..];
            continue;
        }
        if let Some(c) = rest.strip_prefix("</") {
            let (n, after) = name(c)?;
            let after = after.trim_start();
            rest = after.strip_prefix('>').ok_or(format!("bad closing tag </{n}"))?;
            let top = stack.pop().ok_or(format!("</{n}> without an opening tag"))?;
            if top != n {
                return Err(format!("</{n}> closes <{top}>"));
            }
            continue;
        }
        let (n, mut after) = name(&rest[1..])?;
        if stack.is_empty() {
            if root.is_some() {
                return Err(format!("second root element <{n}>"));
            }
            root = Some(n.to_owned());
        }
        let mut seen: Vec<&str> = Vec::new();
        loop {
            let trimmed = after.trim_start();
            let spaced = trimmed.len() < after.len();
            if let Some(r) = trimmed.strip_prefix("/>") {
                after = r;
                break;
            }
            if let Some(r) = trimmed.strip_prefix('>') {
                stack.push(n);
                after = r;
                break;
            }
            if !spaced {
                return Err(format!("no space before an attribute in <{n}"));
            }
            let (attr, r) = name(trimmed)?;
            if seen.contains(&attr) {
                return Err(format!("duplicate attribute {attr} in <{n}>"));
            }
            seen.push(attr);
            let r = r.trim_start().strip_prefix('=').ok_or(format!("{attr} without '='"))?;
            let r = r.trim_start();
            let quote = r.chars().next().filter(|q| *q == '"' || *q == '\'');
            let quote = quote.ok_or(format!("unquoted value of {attr}"))?;
            let body = &r[1..];
            let end = body.find(quote).ok_or(format!("unterminated value of {attr}"))?;
            chars(&body[..end])?;
            after = &body[end + 1..];
        }
        rest = after;
    }
    if let Some(open) = stack.pop() {
        return Err(format!("<{open}> never closed"));
    }
    root.ok_or_else(|| "no element".into())
}

#[test]
fn the_scene_renders_every_shape_where_expected() -> Result<(), Box<dyn std::error::Error>> {
    let scene = scene::Scene::build(2)?;
    let objects = &scene.objects;
    let (w, h) = (160, 120);
    let mut calls = 0;
    let img = scene::render(&scene, w, h, |_| calls += 1);
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
    // The BVH traversal finds what casting every object finds: the same nearest object for every
    // pixel, and the same shadow verdict for every pixel's shadow ray.
    let light = osculate::math::Vector3::new(-0.5, 1.0, 0.6).normalize();
    let (mut casts, mut hits) = (0, 0);
    for y in 0..h {
        for x in 0..w {
            let ray = scene::camera_ray(x, y, w, h);
            let every: Vec<(usize, f64)> = objects
                .iter()
                .enumerate()
                .filter_map(|(k, o)| Some((k, o.cast(&ray)?.t_enter)))
                .collect();
            let nearest = every.iter().min_by(|a, b| a.1.total_cmp(&b.1)).map(|n| n.0);
            assert_eq!(img.hit[y * w + x], nearest, "pixel ({x}, {y})");
            let Some((k, hit)) = scene::trace(&scene, &ray, &mut casts, &mut hits) else {
                continue;
            };
            assert_eq!(Some(k), nearest);
            let shadow = osculate::math::Ray {
                origin: hit.point + hit.normal.into_inner() * 1e-6,
                direction: light,
                max_t: 100.0,
            };
            let any = objects.iter().any(|o| o.cast(&shadow).is_some());
            assert_eq!(scene::blocked(&scene, &shadow, &mut casts, &mut hits), any);
        }
    }
    assert_eq!(scene.mesh_triangles(), 20 * 16);
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

    // The PNG, encoded as the example writes it, decodes to the same pixels.
    let mut bytes = Vec::new();
    scene::encode_png(&img, &mut bytes)?;
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes)).read_info()?;
    let mut decoded = vec![0; reader.output_buffer_size().ok_or("no PNG size")?];
    let info = reader.next_frame(&mut decoded)?;
    assert_eq!((info.width, info.height), (w as u32, h as u32));
    assert_eq!((info.color_type, info.bit_depth), (png::ColorType::Rgb, png::BitDepth::Eight));
    assert_eq!(&decoded[..info.buffer_size()], &img.rgb[..]);

    // Shadows: the ground has one normal, so its lit pixels share one colour; a ground pixel
    // whose shadow ray (cast here, independently of the renderer) hits an object is darker.
    let ground = index("ground").ok_or("no ground")?;
    let (mut lit, mut shaded) = (None, None);
    for y in 0..h {
        for x in 0..w {
            if img.hit[y * w + x] != Some(ground) {
                continue;
            }
            let ray = scene::camera_ray(x, y, w, h);
            let g = objects[ground].cast(&ray).ok_or("a ground pixel misses the ground")?;
            let shadow_ray = osculate::math::Ray {
                origin: g.point + g.normal.into_inner() * 1e-6,
                direction: light,
                max_t: 100.0,
            };
            let blocked = objects.iter().any(|o| o.cast(&shadow_ray).is_some());
            let px = &decoded[(y * w + x) * 3..][..3];
            let brightness = px.iter().map(|c| u32::from(*c)).sum::<u32>();
            let slot = if blocked { &mut shaded } else { &mut lit };
            slot.get_or_insert(brightness);
        }
    }
    let (lit, shaded) = (lit.ok_or("no lit ground")?, shaded.ok_or("no shadow on the ground")?);
    assert!(shaded < lit, "shadowed ground {shaded} not darker than lit ground {lit}");
    Ok(())
}

#[test]
fn the_broad_phase_finds_the_scene_s_touching_boxes() -> Result<(), Box<dyn std::error::Error>> {
    let scene = scene::Scene::build(2)?;
    let objects = &scene.objects;
    let bounded = objects.iter().filter(|o| o.bounds().is_some()).count();
    let (tested, overlapping) = scene::box_overlaps(objects);
    assert_eq!(tested, bounded * (bounded - 1) / 2);
    // Each reported pair's boxes do overlap (checked with the free function).
    for (a, b) in &overlapping {
        let find = |n: &str| objects.iter().find(|o| o.name == n).and_then(scene::Object::bounds);
        let (ba, bb) = (find(a).ok_or("no box")?, find(b).ok_or("no box")?);
        assert!(osculate::overlap::aabb_aabb(&ba, &bb), "{a} {b}");
    }
    Ok(())
}

#[test]
fn the_figures_are_well_formed_svg() {
    let (closest, closest_queries) = scene::closest_svg();
    let (sweep, sweep_queries) = scene::sweep_svg();
    assert_eq!(check_xml(&closest).as_deref(), Ok("svg"));
    assert_eq!(check_xml(&sweep).as_deref(), Ok("svg"));
    assert!(closest_queries >= 5 && sweep_queries >= 5);
    // The figures drew witness segments and reported the impacts.
    assert!(closest.matches("stroke=\"crimson\"").count() >= 5, "{closest}");
    assert!(
        sweep.contains("first impact at t = ") && sweep.matches("first impact").count() == 3,
        "{sweep}"
    );
    // The checker itself accepts a well-formed document and rejects broken ones.
    let good =
        "<?xml version=\"1.0\"?>\n<!-- c --><svg a=\"1\" b='x &amp; &#60;'><g/>t &lt; u</svg>\n";
    assert_eq!(check_xml(good).as_deref(), Ok("svg"));
    for bad in [
        "<svg><g></svg>",
        "<svg></svg><svg/>",
        "<svg a=1/>",
        "<svg a=\"1\" a=\"2\"/>",
        "<svg a=\"<\"/>",
        "<svg>a & b</svg>",
        "<svg>&nbsp;</svg>",
        "<svg a=\"1\"b=\"2\"/>",
        "<1svg/>",
        "text<svg/>",
        "<svg><!-- open</svg>",
        "<svg>",
    ] {
        assert!(check_xml(bad).is_err(), "{bad}");
    }
}
