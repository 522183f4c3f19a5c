//! The showcase: `cargo run --release --example showcase`.
//!
//! Renders, through osculate's public API only, `target/showcase/scene.png` (a ray-cast image of
//! every castable shape, a bumpy sphere of 1,310,720 triangles among them, traced through a BVH
//! over the scene and the mesh's own BVH, shaded by the hit normal, with shadow rays),
//! `closest.svg` (closest-point
//! pairs and their witness segments) and `sweep.svg` (moving shapes at the start, at the time of
//! impact and at the end; a spinning plank by `RigidSweep`), and prints what it ran (casts,
//! closest-point, sweep and broad-phase overlap queries, and rays per second).

use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

mod scene;

fn out_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"),
        PathBuf::from,
    );
    target.join("showcase")
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (width, height) = (800, 600);
    let dir = out_dir();
    std::fs::create_dir_all(&dir)?;
    let built = Instant::now();
    let scene = scene::Scene::build(scene::MESH_LEVELS)?;
    let build_seconds = built.elapsed().as_secs_f64();
    let objects = &scene.objects;
    let names: Vec<&str> = objects.iter().map(|o| o.name).collect();
    println!("osculate showcase: {width}×{height} pixels of {}", names.join(", "));

    let start = Instant::now();
    let mut last = -1;
    let img = scene::render(&scene, width, height, |done| {
        let pct = (done * 100.0) as i32;
        if pct / 5 != last / 5 {
            last = pct;
            let bar = "#".repeat((pct / 5) as usize);
            eprint!("\rrendering [{bar:<20}] {pct:>3}%");
            let _ = std::io::stderr().flush();
        }
    });
    let seconds = start.elapsed().as_secs_f64();
    eprintln!();

    let png_path = dir.join("scene.png");
    scene::encode_png(&img, std::io::BufWriter::new(std::fs::File::create(&png_path)?))?;

    let (closest, closest_queries) = scene::closest_svg();
    std::fs::write(dir.join("closest.svg"), closest)?;
    let (sweep, sweep_queries) = scene::sweep_svg();
    std::fs::write(dir.join("sweep.svg"), sweep)?;

    let (box_pairs, touching) = scene::box_overlaps(objects);
    let pixels_hit = img.hit.iter().filter(|h| h.is_some()).count();
    println!();
    println!("| what | count |");
    println!("|---|---:|");
    println!("| triangles in the mesh | {} |", scene.mesh_triangles());
    println!("| mesh and scene BVH build (mesh generation included) | {build_seconds:.2} s |");
    println!("| rays traced (primary and shadow) | {} |", img.rays);
    println!("| ray-object casts (objects the scene's BVH did not rule out) | {} |", img.casts);
    println!("| ray-object hits | {} |", img.hits);
    println!("| pixels showing a shape | {pixels_hit} of {} |", width * height);
    println!("| million rays per second (one thread) | {:.2} |", img.rays as f64 / seconds / 1e6);
    println!("| render time | {seconds:.2} s |");
    println!("| closest-point queries (closest.svg) | {closest_queries} |");
    println!("| sweep queries (sweep.svg) | {sweep_queries} |");
    println!(
        "| bounding-box overlap tests (broad phase over the scene) | {box_pairs}, {} overlapping |",
        touching.len()
    );
    println!();
    println!("wrote {}", png_path.display());
    println!("wrote {}", dir.join("closest.svg").display());
    println!("wrote {}", dir.join("sweep.svg").display());
    Ok(())
}
