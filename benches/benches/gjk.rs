//! Criterion benchmarks of the GJK and EPA engineering, f64, each group beside parry3d-f64 on its
//! most direct path (`query::details::*`, shape 2's pose in shape 1's frame computed outside the
//! timed loop):
//!
//! - `epa_contact/{pair}/{contender}`: the contact of 256 overlapping pairs (GJK then EPA):
//!   osculate's `contact_convex_with_status` (a fresh EPA workspace per query) and
//!   `contact_convex_with_workspace` (one workspace reused, no allocation), with the facade's
//!   bound `EPA_MAX_ITERATIONS`; parry's `contact_support_map_support_map`.
//! - `gjk_warm/{pair}/{contender}`: a sequence of 1,024 small moves of B (a step of 1e-3 of the
//!   size and a turn of 1e-3 rad each) answered in order: osculate cold (`distance_convex` from
//!   the centers), warm from the previous query's direction (`distance_convex` with
//!   `warm_start`), and warm from the previous query's simplex (`distance_convex_cached`);
//!   parry cold (`distance_support_map_support_map`) and warm from the previous direction
//!   (`closest_points_support_map_support_map_with_params` with `init_dir`).
//! - `gjk_within/{pair}/{contender}`: 256 pairs 1 to 4 apart and a range of 0.5: osculate's
//!   plain `distance_convex`, `distance_convex_within` and `distance_convex_rough` at a relative
//!   tolerance of 1/256 (the distance to a lower bound, as conservative advancement far from
//!   contact asks); parry's `closest_points_support_map_support_map` with the range as its
//!   prediction (which also stops early).
//! - `triangle_triangle_filter/overlap/{fast,exact,parry}`: the triangle-triangle overlap test's
//!   fast and exact modes on 256 ordinary pairs, beside parry's GJK intersection test.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use osculate::closest::{
    EPA_MAX_ITERATIONS, EpaWorkspace, GJK_MAX_ITERATIONS, GjkCache, SupportMap, Transformed,
    contact_convex_with_status, contact_convex_with_workspace, distance_convex,
    distance_convex_cached, distance_convex_rough, distance_convex_within,
};
use osculate_benches::convert::p64 as cv;
use osculate_math::{
    Cone, Cylinder, Isometry3, Obb, Point3, Rotation3, Translation3, UnitQuaternion, Vector3,
};
use osculate_testing::Rng;
use parry3d_f64::math::Pose;
use parry3d_f64::query::details as qd;
use parry3d_f64::query::gjk::VoronoiSimplex;
use parry3d_f64::shape::Cuboid;

/// Inputs per group (a power of two: cycled with `i & (N − 1)`).
const N: usize = 256;
/// Moves in a warm-start sequence.
const MOVES: usize = 1024;

/// A uniform vector in `±s` per coordinate.
fn vec(rng: &mut Rng, s: f64) -> Vector3<f64> {
    Vector3::new(rng.range(-s, s), rng.range(-s, s), rng.range(-s, s))
}

/// A cylinder of length and radius 0.5 to 1 about `c`, in a random direction.
fn cylinder(rng: &mut Rng, c: Point3<f64>) -> Cylinder<f64> {
    let h = vec(rng, 1.0).normalize() * rng.range(0.25, 0.5);
    Cylinder::new(c - h, c + h, rng.range(0.5, 1.0))
}

/// A cone of height and radius 0.5 to 1 whose middle is at `c`, in a random direction.
fn cone(rng: &mut Rng, c: Point3<f64>) -> Cone<f64> {
    let axis = osculate_math::Unit::new_normalize(vec(rng, 1.0));
    let h = rng.range(0.5, 1.0);
    Cone::new(c - axis.into_inner() * (h / 2.0), axis, h, rng.range(0.5, 1.0))
}

/// A box of half extents 0.25 to 0.5 about `c`, randomly turned.
fn obb(rng: &mut Rng, c: Point3<f64>) -> Obb<f64> {
    let r = Rotation3::from_scaled_axis(vec(rng, 3.0));
    Obb::new(c, r, Vector3::new(rng.range(0.25, 0.5), rng.range(0.25, 0.5), rng.range(0.25, 0.5)))
}

/// parry's pose of a frame `b` in frame `a`.
fn pos12(a: &Pose, b: &Pose) -> Pose {
    a.inv_mul(b)
}

/// An osculate `Isometry3` as parry's pose.
fn pose(p: &Isometry3<f64>) -> Pose {
    Pose::from_parts(
        cv::point(&Point3::from(p.translation.vector)),
        cv::rotation(&p.rotation.to_rotation_matrix()),
    )
}

fn epa(c: &mut Criterion) {
    let mut g = c.benchmark_group("epa_contact");
    let mut rng = Rng::new(0xe9a);
    let overlapping = |a: &dyn SupportMap<f64>, b: &dyn SupportMap<f64>| {
        contact_convex_with_status(a, b, EPA_MAX_ITERATIONS).is_some_and(|(c, _)| c.distance < 0.0)
    };
    let mut cc = Vec::new();
    while cc.len() < N {
        let a = cylinder(&mut rng, Point3::origin());
        let at = Point3::from(vec(&mut rng, 0.6));
        let b = cone(&mut rng, at);
        if overlapping(&a, &b) {
            cc.push((a, b));
        }
    }
    let mut bb = Vec::new();
    while bb.len() < N {
        let a = obb(&mut rng, Point3::origin());
        let at = Point3::from(vec(&mut rng, 0.5));
        let b = obb(&mut rng, at);
        if overlapping(&a, &b) {
            bb.push((a, b));
        }
    }
    bench_epa(&mut g, "cylinder_cone", &cc, |(a, b)| {
        let ((pa, ya), (pb, kb)) = (cv::cylinder(a), cv::cone(b));
        (pos12(&pa, &pb), ya, kb)
    });
    bench_epa(&mut g, "obb_obb", &bb, |(a, b)| {
        let ((pa, ca), (pb, cb)) = (cv::obb(a), cv::obb(b));
        (pos12(&pa, &pb), ca, cb)
    });
    g.finish();
}

fn bench_epa<A, B, PA, PB>(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    pairs: &[(A, B)],
    parry: impl Fn(&(A, B)) -> (Pose, PA, PB),
) where
    A: SupportMap<f64>,
    B: SupportMap<f64>,
    PA: parry3d_f64::shape::SupportMap,
    PB: parry3d_f64::shape::SupportMap,
{
    g.bench_function(BenchmarkId::new(name, "fresh"), |bn| {
        let mut i = 0;
        bn.iter(|| {
            let (a, b) = &pairs[i & (N - 1)];
            i += 1;
            black_box(contact_convex_with_status(black_box(a), black_box(b), EPA_MAX_ITERATIONS))
        });
    });
    g.bench_function(BenchmarkId::new(name, "workspace"), |bn| {
        let mut ws = EpaWorkspace::new();
        let mut i = 0;
        bn.iter(|| {
            let (a, b) = &pairs[i & (N - 1)];
            i += 1;
            black_box(contact_convex_with_workspace(
                black_box(a),
                black_box(b),
                EPA_MAX_ITERATIONS,
                &mut ws,
            ))
        });
    });
    let p: Vec<_> = pairs.iter().map(parry).collect();
    g.bench_function(BenchmarkId::new(name, "parry"), |bn| {
        let mut i = 0;
        bn.iter(|| {
            let (pose, a, b) = &p[i & (N - 1)];
            i += 1;
            black_box(qd::contact_support_map_support_map(black_box(pose), a, b, 0.0))
        });
    });
}

/// The poses of a smooth path of `MOVES` small moves: each a step of 1e-3 and a turn of 1e-3
/// rad, in a direction that drifts.
fn path(rng: &mut Rng) -> Vec<Isometry3<f64>> {
    let mut step = vec(rng, 1.0).normalize();
    let mut spin = vec(rng, 1.0).normalize();
    let mut p = Isometry3::identity();
    (0..MOVES)
        .map(|_| {
            step = (step + vec(rng, 0.05)).normalize();
            spin = (spin + vec(rng, 0.05)).normalize();
            let turn = UnitQuaternion::from_scaled_axis(spin * 1e-3);
            p = Translation3::from(step * 1e-3)
                * Isometry3::from_parts(Translation3::identity(), turn)
                * p;
            p
        })
        .collect()
}

fn warm(c: &mut Criterion) {
    let mut g = c.benchmark_group("gjk_warm");
    let mut rng = Rng::new(0x3a7);
    // B about 0.3 from A, and its path around its own center (kept within 0.1 of the start).
    let a = cylinder(&mut rng, Point3::origin());
    let b = cone(&mut rng, Point3::origin());
    let b_local = Cone::new(b.tip - b.center().coords, b.axis, b.height, b.radius);
    let mut at = Vector3::new(2.0, 0.0, 0.0);
    while distance_convex(
        &a,
        &Transformed { shape: b_local, pose: Isometry3::from(Translation3::from(at)) },
        None,
        GJK_MAX_ITERATIONS,
    )
    .closest
    .distance
        > 0.3
    {
        at *= 0.97;
    }
    let poses: Vec<Isometry3<f64>> =
        path(&mut rng).into_iter().map(|p| Translation3::from(at) * p).collect();
    let (pa, ya) = cv::cylinder(&a);
    let (pk, kb) = cv::cone(&b_local);
    let parry: Vec<Pose> = poses.iter().map(|p| pos12(&pa, &(pose(p) * pk))).collect();
    bench_warm(&mut g, "cylinder_cone", &a, b_local, &poses, &ya, &kb, &parry);

    let a = obb(&mut rng, Point3::origin());
    let b_local = obb(&mut rng, Point3::origin());
    let at = Vector3::new(1.2, 0.1, 0.0);
    let poses: Vec<Isometry3<f64>> =
        path(&mut rng).into_iter().map(|p| Translation3::from(at) * p).collect();
    let (pa, ca) = cv::obb(&a);
    let (pb, cb): (Pose, Cuboid) = cv::obb(&b_local);
    let parry: Vec<Pose> = poses.iter().map(|p| pos12(&pa, &(pose(p) * pb))).collect();
    bench_warm(&mut g, "obb_obb", &a, b_local, &poses, &ca, &cb, &parry);
    g.finish();
}

#[allow(clippy::too_many_arguments, reason = "one group's inputs for both libraries")]
fn bench_warm<A, B, PA, PB>(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    a: &A,
    b: B,
    poses: &[Isometry3<f64>],
    pa: &PA,
    pb: &PB,
    parry: &[Pose],
) where
    A: SupportMap<f64>,
    B: SupportMap<f64> + Copy,
    PA: parry3d_f64::shape::SupportMap,
    PB: parry3d_f64::shape::SupportMap,
{
    let moved: Vec<_> = poses.iter().map(|&pose| Transformed { shape: b, pose }).collect();
    g.bench_function(BenchmarkId::new(name, "cold"), |bn| {
        let mut i = 0;
        bn.iter(|| {
            let m = &moved[i & (MOVES - 1)];
            i += 1;
            black_box(distance_convex(a, black_box(m), None, GJK_MAX_ITERATIONS))
        });
    });
    g.bench_function(BenchmarkId::new(name, "warm_direction"), |bn| {
        let (mut i, mut dir) = (0, None);
        bn.iter(|| {
            let m = &moved[i & (MOVES - 1)];
            i += 1;
            let r = distance_convex(a, black_box(m), dir, GJK_MAX_ITERATIONS);
            dir = Some(r.direction);
            black_box(r)
        });
    });
    g.bench_function(BenchmarkId::new(name, "warm_simplex"), |bn| {
        let (mut i, mut cache) = (0, GjkCache::new());
        bn.iter(|| {
            let m = &moved[i & (MOVES - 1)];
            i += 1;
            black_box(distance_convex_cached(a, black_box(m), &mut cache, GJK_MAX_ITERATIONS))
        });
    });
    g.bench_function(BenchmarkId::new(name, "parry_cold"), |bn| {
        let mut i = 0;
        bn.iter(|| {
            let p = &parry[i & (MOVES - 1)];
            i += 1;
            black_box(qd::distance_support_map_support_map(black_box(p), pa, pb))
        });
    });
    g.bench_function(BenchmarkId::new(name, "parry_warm_direction"), |bn| {
        let (mut i, mut dir, mut simplex) = (0, None, VoronoiSimplex::new());
        bn.iter(|| {
            let p = &parry[i & (MOVES - 1)];
            i += 1;
            let r = qd::closest_points_support_map_support_map_with_params(
                black_box(p),
                pa,
                pb,
                f64::MAX,
                &mut simplex,
                dir,
            );
            if let parry3d_f64::query::gjk::GJKResult::ClosestPoints(p1, p2, _) = r {
                dir = Some(p1 - p2);
            }
            black_box(r)
        });
    });
}

fn within(c: &mut Criterion) {
    let mut g = c.benchmark_group("gjk_within");
    let mut rng = Rng::new(0x71);
    let mut pairs = Vec::new();
    while pairs.len() < N {
        let a = cylinder(&mut rng, Point3::origin());
        let at = vec(&mut rng, 1.0).normalize() * rng.range(2.5, 5.0);
        let b = cone(&mut rng, Point3::from(at));
        let d = distance_convex(&a, &b, None, GJK_MAX_ITERATIONS).closest.distance;
        if (1.0..=4.0).contains(&d) {
            pairs.push((a, b));
        }
    }
    let range = 0.5;
    g.bench_function(BenchmarkId::new("cylinder_cone", "plain"), |bn| {
        let mut i = 0;
        bn.iter(|| {
            let (a, b) = &pairs[i & (N - 1)];
            i += 1;
            black_box(distance_convex(black_box(a), black_box(b), None, GJK_MAX_ITERATIONS))
        });
    });
    g.bench_function(BenchmarkId::new("cylinder_cone", "within"), |bn| {
        let mut i = 0;
        bn.iter(|| {
            let (a, b) = &pairs[i & (N - 1)];
            i += 1;
            black_box(distance_convex_within(
                black_box(a),
                black_box(b),
                range,
                None,
                GJK_MAX_ITERATIONS,
            ))
        });
    });
    g.bench_function(BenchmarkId::new("cylinder_cone", "rough"), |bn| {
        let mut i = 0;
        bn.iter(|| {
            let (a, b) = &pairs[i & (N - 1)];
            i += 1;
            black_box(distance_convex_rough(
                black_box(a),
                black_box(b),
                1.0 / 256.0,
                None,
                GJK_MAX_ITERATIONS,
            ))
        });
    });
    let p: Vec<_> = pairs
        .iter()
        .map(|(a, b)| {
            let ((pa, ya), (pb, kb)) = (cv::cylinder(a), cv::cone(b));
            (pos12(&pa, &pb), ya, kb)
        })
        .collect();
    g.bench_function(BenchmarkId::new("cylinder_cone", "parry"), |bn| {
        let mut i = 0;
        bn.iter(|| {
            let (pose, a, b) = &p[i & (N - 1)];
            i += 1;
            black_box(qd::closest_points_support_map_support_map(black_box(pose), a, b, range))
        });
    });
    g.finish();
}

/// `overlap_triangle_triangle`'s fast and exact modes on 256 pairs of the ordinary generator
/// (about half overlapping), beside parry's GJK intersection test on the same triangles.
fn triangles(c: &mut Criterion) {
    use osculate::overlap::{triangle_triangle, triangle_triangle_exact};
    use osculate_math::Triangle;
    let mut g = c.benchmark_group("triangle_triangle_filter");
    let mut rng = Rng::new(0x310);
    let pairs: Vec<(Triangle<f64>, Triangle<f64>)> =
        (0..N).map(|_| osculate_benches::input::pair(&mut rng)).collect();
    g.bench_function(BenchmarkId::new("overlap", "fast"), |bn| {
        let mut i = 0;
        bn.iter(|| {
            let (a, b) = &pairs[i & (N - 1)];
            i += 1;
            black_box(triangle_triangle(black_box(a), black_box(b)))
        });
    });
    g.bench_function(BenchmarkId::new("overlap", "exact"), |bn| {
        let mut i = 0;
        bn.iter(|| {
            let (a, b) = &pairs[i & (N - 1)];
            i += 1;
            black_box(triangle_triangle_exact(black_box(a), black_box(b)))
        });
    });
    let p: Vec<_> = pairs.iter().map(|(a, b)| (cv::triangle(a), cv::triangle(b))).collect();
    g.bench_function(BenchmarkId::new("overlap", "parry"), |bn| {
        let mut i = 0;
        bn.iter(|| {
            let (a, b) = &p[i & (N - 1)];
            i += 1;
            black_box(qd::intersection_test_support_map_support_map(&Pose::IDENTITY, a, b))
        });
    });
    g.finish();
}

criterion_group!(benches, epa, warm, within, triangles);
criterion_main!(benches);
