//! EPA allocates nothing per query once its workspace has grown: this test binary counts every
//! allocation through its own global allocator (`stats_alloc`) and runs one test, so nothing else
//! allocates while it measures. A sequence of overlapping pairs (curved, polytope and margin
//! pairs, f32 and f64) is answered once to grow one [`EpaWorkspace`], then again through it:
//! the second pass makes no allocation, reallocation or deallocation, and gives the same contacts
//! as the workspace-free entry point. The same pass without a workspace does allocate, which
//! shows that the counter counts.

use std::alloc::System;

use osculate_closest::{
    EPA_MAX_ITERATIONS, EpaWorkspace, SupportMap, contact_convex_with_status,
    contact_convex_with_workspace,
};
use osculate_math::{Aabb, Capsule, Cone, Cylinder, Obb, Real, Triangle};
use osculate_testing::Pair;
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};
use support::{allocating_nothing, counted};

#[path = "support/counted.rs"]
mod support;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

type Shapes<T> = Vec<(Box<dyn SupportMap<T>>, Box<dyn SupportMap<T>>)>;

/// 100 seeds each of cylinder-cone, box-box, capsule-box and triangle-box.
fn pairs<T: Real>() -> Shapes<T> {
    let mut out: Shapes<T> = Vec::new();
    for seed in 0..100 {
        let p = Pair::<Cylinder<T>, Cone<T>>::from_seed(seed);
        out.push((Box::new(p.a), Box::new(p.b)));
        let p = Pair::<Obb<T>, Obb<T>>::from_seed(seed);
        out.push((Box::new(p.a), Box::new(p.b)));
        let p = Pair::<Capsule<T>, Aabb<T>>::from_seed(seed);
        out.push((Box::new(p.a), Box::new(p.b)));
        let p = Pair::<Triangle<T>, Obb<T>>::from_seed(seed);
        out.push((Box::new(p.a), Box::new(p.b)));
    }
    out
}

/// Returns how many pairs overlapped (EPA ran on them).
fn no_allocation_after_growth<T: Real>() -> usize {
    let shapes = pairs::<T>();
    let mut workspace = EpaWorkspace::new();
    let mut want = Vec::with_capacity(shapes.len());
    for (a, b) in &shapes {
        want.push(contact_convex_with_status(&**a, &**b, EPA_MAX_ITERATIONS));
        let grown = contact_convex_with_workspace(&**a, &**b, EPA_MAX_ITERATIONS, &mut workspace);
        assert_eq!(grown, *want.last().unwrap_or(&None));
    }
    let mut got = Vec::with_capacity(shapes.len());
    allocating_nothing(GLOBAL, "EPA through a grown workspace", || {
        for (a, b) in &shapes {
            got.push(contact_convex_with_workspace(&**a, &**b, EPA_MAX_ITERATIONS, &mut workspace));
        }
    });
    assert_eq!(got, want, "a reused workspace changed an answer");
    // Without a workspace each overlapping pair allocates its polytope: the counter counts.
    let ((), fresh) = counted(GLOBAL, || {
        for (a, b) in &shapes {
            let _ = contact_convex_with_status(&**a, &**b, EPA_MAX_ITERATIONS);
        }
    });
    let overlapping = want.iter().filter(|c| c.is_some_and(|(c, _)| c.distance < T::ZERO)).count();
    assert!(fresh.allocations >= overlapping, "{fresh:?} for {overlapping} overlapping pairs");
    overlapping
}

#[test]
fn epa_through_a_grown_workspace_allocates_nothing() {
    let (n32, n64) = (no_allocation_after_growth::<f32>(), no_allocation_after_growth::<f64>());
    // Enough of the 400 pairs overlap for EPA to have run on every family.
    assert!(n32 > 100 && n64 > 100, "only {n32} (f32) and {n64} (f64) pairs overlapping");
}
