//! The row check: every contender of every row of the benchmark table answers the same question
//! as osculate on every benchmark input (hit or miss, overlap, the parameter or distance within
//! the row's tolerance; a documented share of grazing inputs may flip), so that a race never
//! compares different questions. Each module's rows are one test.

#[path = "../benches/rows/mod.rs"]
mod rows;

use osculate::cast;
use osculate_benches::BATCH;
use osculate_benches::input::RATES;
use osculate_benches::race::Sink;
use osculate_testing::Rng;

/// Runs `rows` as a check: prints every comparison, fails listing the ones that disagree.
fn check(rows: fn(&mut Sink<'_>)) {
    let mut s = Sink::check();
    rows(&mut s);
    let log = s.finish();
    for line in &log.checks {
        println!("{line}");
    }
    assert!(
        log.failures.is_empty(),
        "{} comparisons failed:\n{}",
        log.failures.len(),
        log.failures.join("\n")
    );
}

#[test]
fn point_rows_race_the_same_questions() {
    check(rows::points::all);
}

#[test]
fn closest_rows_race_the_same_questions() {
    check(rows::closest::all);
}

#[test]
fn convex_rows_race_the_same_questions() {
    check(rows::convex::all);
}

#[test]
fn overlap_rows_race_the_same_questions() {
    check(rows::overlaps::all);
}

#[test]
fn cast_rows_race_the_same_questions() {
    check(rows::casts::all);
}

#[test]
fn sweep_rows_race_the_same_questions() {
    check(rows::sweeps::all);
}

#[test]
fn posed_rows_race_the_same_questions() {
    check(rows::posed::all);
}

#[test]
fn rigid_rows_race_the_same_questions() {
    check(rows::rigid::all);
}

#[test]
fn manifold_rows_race_the_same_questions() {
    check(rows::manifolds::all);
}

#[test]
fn bounding_volume_rows_and_zero_cost_checks_agree() {
    check(rows::extra::all);
}

/// The batch entry point gives exactly the single query's entry parameters on the inputs of the
/// `ray_aabb_many_1024` row, and its bundles hit their rates of boxes.
#[test]
fn ray_aabb_many_matches_the_loop_on_the_bundles() {
    let mut rng = Rng::new(205);
    for rate in RATES {
        let bundle = rows::casts::ray_bundle(&mut rng, rate);
        let mut out = vec![0.0; BATCH];
        let mut hits = 0_u32;
        for (ray, boxes) in bundle.iter().step_by(64) {
            cast::ray_aabb_many(ray, boxes, &mut out);
            for (b, &t) in boxes.iter().zip(&out) {
                let single = cast::ray_aabb(ray, b).map_or(f64::INFINITY, |h| h.t_enter);
                assert_eq!(t.to_bits(), single.to_bits());
                hits += u32::from(t.is_finite());
            }
        }
        let share = f64::from(hits) / (16.0 * 1024.0);
        assert!((share - f64::from(rate as u32) / 100.0).abs() < 0.03, "rate {rate}: {share}");
    }
}
