//! The row check: every contender of every row of the benchmark table answers the same question
//! as osculate on every benchmark input (hit or miss, overlap, the parameter or distance within
//! the row's tolerance; a documented share of grazing inputs may flip), so that a race never
//! compares different questions. Each module's rows are one test.
//!
//! It runs as this binary's unit tests (`cargo test -p osculate-benches`), so the rows are
//! compiled once for it and the CPU-time runner, not again for an integration test.

use super::rows;
use osculate::cast;
use osculate_benches::BATCH;
use osculate_benches::input::RATES;
use osculate_benches::race::Sink;
use osculate_math::{Point3, Ray, Real, Triangle};
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

/// `p` in `f64` (exactly).
fn widen<T: Real>(p: &Point3<T>) -> Point3<f64> {
    p.map(Real::to_f64)
}

/// `ray` in `f64` (exactly).
fn widen_ray<T: Real>(ray: &Ray<T>) -> Ray<f64> {
    Ray {
        origin: widen(&ray.origin),
        direction: ray.direction.map(Real::to_f64),
        max_t: ray.max_t.to_f64(),
    }
}

/// `tri` in `f64` (exactly).
fn widen_triangle<T: Real>(tri: &Triangle<T>) -> Triangle<f64> {
    Triangle::new(widen(&tri.a), widen(&tri.b), widen(&tri.c))
}

/// The smallest barycentric coordinate of the point where the line of `ray` crosses the plane
/// of `tri`, and that point's parameter, in `f64` from the inputs widened (exact inputs, one
/// rounding per operation): how close the pair is to a triangle's edge or to the ends of the ray.
fn crossing(ray: &Ray<f64>, tri: &Triangle<f64>) -> (f64, f64) {
    let (e1, e2) = (tri.b - tri.a, tri.c - tri.a);
    let p = ray.direction.cross(&e2);
    let det = e1.dot(&p);
    let s = ray.origin - tri.a;
    let q = s.cross(&e1);
    let (v, w) = (s.dot(&p) / det, ray.direction.dot(&q) / det);
    ((1.0 - v - w).min(v).min(w), e2.dot(&q) / det)
}

/// The prepared rows pair by pair: on every ray and triangle of both distributions, osculate's
/// prepared watertight `cast_t` and `hits` against parry's `Triangle::cast_local_ray` and
/// `intersects_local_ray` (Möller-Trumbore) in the same precision. Where both hit, the parameters
/// agree within the rows' tolerance. Where one hits and the other does not, the pair must be a
/// grazing one: the ray's line crosses the triangle's plane within `edge` (in barycentric units)
/// of an edge or vertex, where Möller-Trumbore's barycentrics, rounded apart for the two
/// triangles sharing an edge, may put the crossing on either side (the leak the watertight test
/// closes), or within `edge` of the ray's start or `max_t`. On these inputs, in each precision,
/// at most 2 pairs in 10,000 may do so. The central rays hit their rate of triangles.
#[test]
fn prepared_watertight_rows_agree_with_moller_trumbore_pair_by_pair() {
    use osculate::cast::{Culling, WatertightRay};
    use rows::casts::{LEAF, leaf_inputs};
    let d = leaf_inputs();
    macro_rules! compare {
        ($dists:expr, $pr:ident, $cv:ident, $tolerance:expr, $edge:expr) => {{
            use osculate_benches::convert::$cv as cv;
            use $pr::query::RayCast as _;
            let mut grazing = 0_usize;
            let mut pairs = 0_usize;
            for ((name, set), rate) in $dists.sets.iter().zip(RATES) {
                let mut hits = 0_usize;
                for (ray, tris) in set {
                    let prepared = WatertightRay::new(ray);
                    let pray = cv::ray(ray);
                    for tri in tris.iter() {
                        pairs += 1;
                        let ours = prepared.cast_t(tri, Culling::TwoSided);
                        assert_eq!(ours.is_some(), prepared.hits(tri, Culling::TwoSided));
                        hits += usize::from(ours.is_some());
                        let ptri = cv::triangle(tri);
                        let theirs = ptri.cast_local_ray(&pray, ray.max_t, true);
                        assert_eq!(theirs.is_some(), ptri.intersects_local_ray(&pray, ray.max_t));
                        match (ours, theirs) {
                            (Some(a), Some(b)) => {
                                let (a, b) = (f64::from(a), f64::from(b));
                                assert!(
                                    (a - b).abs() <= $tolerance * (1.0 + a.abs().max(b.abs())),
                                    "{name}: {a} against parry's {b} on {ray:?}, {tri:?}"
                                );
                            }
                            (None, None) => {}
                            _ => {
                                let (r64, t64) = (widen_ray(ray), widen_triangle(tri));
                                let (bary, t) = crossing(&r64, &t64);
                                let edge = bary.abs() <= $edge;
                                let ends = t.abs() <= $edge * (1.0 + t.abs())
                                    || (t - r64.max_t).abs() <= $edge * (1.0 + t.abs());
                                assert!(
                                    edge || ends,
                                    "{name}: osculate {ours:?}, parry {theirs:?} on a pair \
                                     {bary:e} from an edge at parameter {t} (max_t {}): \
                                     {ray:?}, {tri:?}",
                                    r64.max_t
                                );
                                grazing += 1;
                            }
                        }
                    }
                }
                // The jittered rays hit about the triangles their central ray hits.
                #[allow(clippy::cast_precision_loss, reason = "counts of a few thousand")]
                let share = hits as f64 / (set.len() * LEAF) as f64;
                assert!((share - rate as f64 / 100.0).abs() < 0.03, "{name}: {share}");
            }
            println!("{} grazing disagreements in {pairs} pairs", grazing);
            assert!(grazing * 5_000 <= pairs, "{grazing} grazing disagreements in {pairs} pairs");
        }};
    }
    compare!(d.f64, parry3d_f64, p64, 1e-5, 1e-9);
    compare!(d.f32, parry3d, p32, 2e-3, 1e-4);
}
