//! The prepared polyhedron manifold allocates nothing per query once its workspace has grown:
//! this test binary counts every allocation through its own global allocator (`stats_alloc`) and
//! runs one test, so nothing else allocates while it measures. Generated polyhedron pairs (a mix
//! of overlapping, touching and apart), f32 and f64, their [`PolyhedronFeatures`] built first,
//! are answered once to grow one [`ManifoldWorkspace`], then again through it: the second
//! pass makes no allocation, reallocation or deallocation and gives the same manifolds as the
//! plain [`manifold_polyhedron_polyhedron`]. The plain function on the same pairs does allocate,
//! which shows that the counter counts.

use std::alloc::System;

use osculate_closest::{
    Manifold, ManifoldWorkspace, PolyhedronFeatures, manifold_polyhedron_polyhedron,
    manifold_polyhedron_polyhedron_with,
};
use osculate_math::{ConvexPolyhedron, Real};
use osculate_testing::Pair;
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};
use support::{allocating_nothing, counted};

#[path = "support/counted.rs"]
mod support;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Returns how many of the pairs have a manifold of at least one point.
fn no_allocation_after_growth<T: Real>() -> usize {
    let pred = T::lit(0.01);
    let mut pairs = Vec::new();
    for seed in 0..200 {
        let p = Pair::<ConvexPolyhedron<T>, ConvexPolyhedron<T>>::from_seed(seed);
        if let (Ok(fa), Ok(fb)) = (PolyhedronFeatures::new(&p.a), PolyhedronFeatures::new(&p.b)) {
            pairs.push((p.a, p.b, fa, fb));
        }
    }
    let want: Vec<Manifold<T>> =
        pairs.iter().map(|(a, b, _, _)| manifold_polyhedron_polyhedron(a, b, pred)).collect();
    let mut workspace = ManifoldWorkspace::new();
    for (_, _, fa, fb) in &pairs {
        let _ = manifold_polyhedron_polyhedron_with(fa, fb, pred, &mut workspace);
    }
    let mut got = Vec::with_capacity(pairs.len());
    allocating_nothing(GLOBAL, "the prepared manifold through a grown workspace", || {
        for (_, _, fa, fb) in &pairs {
            got.push(manifold_polyhedron_polyhedron_with(fa, fb, pred, &mut workspace));
        }
    });
    assert_eq!(got, want, "the prepared manifold differs from the plain one");
    let ((), fresh) = counted(GLOBAL, || {
        for (a, b, _, _) in &pairs {
            let _ = manifold_polyhedron_polyhedron(a, b, pred);
        }
    });
    assert!(fresh.allocations >= pairs.len(), "{fresh:?} for {} pairs", pairs.len());
    want.iter().filter(|m| !m.is_empty()).count()
}

#[test]
fn prepared_polyhedron_manifold_through_a_grown_workspace_allocates_nothing() {
    let (n32, n64) = (no_allocation_after_growth::<f32>(), no_allocation_after_growth::<f64>());
    // Enough of the 200 pairs touch for every path to have run.
    assert!(n32 > 50 && n64 > 50, "only {n32} (f32) and {n64} (f64) pairs in contact");
}
