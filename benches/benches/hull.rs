//! Criterion benchmarks of the convex hull: osculate's `ConvexPolyhedron::try_from_points` (f32
//! and f64, quickhull with coplanar faces merged) beside parry3d's
//! `ConvexPolyhedron::from_convex_hull` (its quickhull, then the faces merged), at 30, 1,000 and
//! 10,000 points.
//!
//! Two clouds per size: uniform in a ball (the hull has a few hundred faces; most points are
//! inside and dropped early) and on a sphere (every point is a corner, the hardest case for
//! quickhull). Each iteration builds one hull from the same points.
//!
//! Run with short settings, e.g.
//! `cargo bench -p osculate-benches --bench hull -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use osculate_math::{ConvexPolyhedron, Point3};
use osculate_testing::Rng;

/// `n` points uniform in the unit ball and the same points pushed onto the unit sphere.
fn clouds(n: usize, seed: u64) -> [(&'static str, Vec<[f64; 3]>); 2] {
    let mut rng = Rng::new(seed);
    let mut ball = Vec::with_capacity(n);
    while ball.len() < n {
        let p = [rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)];
        let r = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
        if r > 1e-3 && r <= 1.0 {
            ball.push(p);
        }
    }
    let sphere = ball
        .iter()
        .map(|p| {
            let r = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
            [p[0] / r, p[1] / r, p[2] / r]
        })
        .collect();
    [("ball", ball), ("sphere", sphere)]
}

fn hull(c: &mut Criterion) {
    let mut g = c.benchmark_group("convex_hull");
    for n in [30, 1_000, 10_000] {
        for (cloud, points) in clouds(n, 41 + n as u64) {
            let label = format!("{cloud}-{n}");
            let p64: Vec<Point3<f64>> =
                points.iter().map(|x| Point3::new(x[0], x[1], x[2])).collect();
            let p32: Vec<Point3<f32>> = p64.iter().map(|x| x.cast()).collect();
            let pp: Vec<parry3d::math::Vector> =
                p32.iter().map(|x| parry3d::math::Vector::new(x.x, x.y, x.z)).collect();
            g.throughput(Throughput::Elements(n as u64));
            g.bench_function(BenchmarkId::new("osculate-f32", &label), |b| {
                b.iter(|| black_box(ConvexPolyhedron::try_from_points(black_box(&p32))))
            });
            g.bench_function(BenchmarkId::new("osculate-f64", &label), |b| {
                b.iter(|| black_box(ConvexPolyhedron::try_from_points(black_box(&p64))))
            });
            g.bench_function(BenchmarkId::new("parry3d", &label), |b| {
                b.iter(|| {
                    black_box(parry3d::shape::ConvexPolyhedron::from_convex_hull(black_box(&pp)))
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, hull);
criterion_main!(benches);
