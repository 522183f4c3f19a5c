//! Criterion benchmarks of osculate's queries.
//!
//! Today the layers above `osculate-math` hold no queries yet, so this measures the math layer's own
//! per-shape operations (bounding boxes and point containment) that the later queries build on. Each
//! query group will add parry3d beside osculate as the layers land (see the benchmarks issue).

use criterion::{Criterion, criterion_group, criterion_main};
use osculate_benches::{BATCH, inputs};
use osculate_math::{Aabb, Bounded, ContainsPoint, Obb, Point3, Sphere};
use std::hint::black_box;

fn math(c: &mut Criterion) {
    let spheres: Vec<Sphere<f64>> = inputs(1);
    let boxes: Vec<Obb<f64>> = inputs(2);
    let aabbs: Vec<Aabb<f64>> = inputs(3);
    let points: Vec<Point3<f64>> = inputs(4);
    let mut g = c.benchmark_group("math");
    let mut i = 0usize;
    g.bench_function("sphere_aabb/f64", |b| {
        b.iter(|| {
            i = i.wrapping_add(1);
            black_box(spheres[i & (BATCH - 1)].aabb())
        })
    });
    g.bench_function("obb_aabb/f64", |b| {
        b.iter(|| {
            i = i.wrapping_add(1);
            black_box(boxes[i & (BATCH - 1)].aabb())
        })
    });
    g.bench_function("aabb_contains_point/f64", |b| {
        b.iter(|| {
            i = i.wrapping_add(1);
            let k = i & (BATCH - 1);
            black_box(aabbs[k].contains_point(&points[k]))
        })
    });
    g.finish();
}

criterion_group!(benches, math);
criterion_main!(benches);
