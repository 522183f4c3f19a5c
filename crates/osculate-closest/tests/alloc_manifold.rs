//! The prepared polyhedron manifolds allocate nothing per query once their workspace has grown:
//! this test binary counts every allocation through its own global allocator (`stats_alloc`) and
//! runs one test, so nothing else allocates while it measures. Generated pairs (a mix of
//! overlapping, touching and apart), f32 and f64, the polyhedra's [`PolyhedronFeatures`] built
//! first, are answered once to grow one [`ManifoldWorkspace`], then again through it: the second
//! pass makes no allocation, reallocation or deallocation and gives the same manifolds as the
//! plain queries. The pairs: polyhedron-polyhedron ([`manifold_polyhedron_polyhedron_with`]),
//! and the polyhedron with a cylinder, a cone, a plane and a halfspace
//! ([`manifold_polyhedron_cylinder_with`], [`manifold_polyhedron_cone_with`],
//! [`manifold_polyhedron_plane_with`], [`manifold_polyhedron_halfspace_with`]). The plain
//! functions on the same pairs do allocate, which shows that the counter counts.

use std::alloc::System;

use osculate_closest::{
    Manifold, ManifoldWorkspace, PolyhedronFeatures, manifold_polyhedron_cone,
    manifold_polyhedron_cone_with, manifold_polyhedron_cylinder, manifold_polyhedron_cylinder_with,
    manifold_polyhedron_halfspace, manifold_polyhedron_halfspace_with, manifold_polyhedron_plane,
    manifold_polyhedron_plane_with, manifold_polyhedron_polyhedron,
    manifold_polyhedron_polyhedron_with,
};
use osculate_math::{Cone, ConvexPolyhedron, Cylinder, Halfspace, Plane, Real};
use osculate_testing::{GenerateAny, Pair};
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

/// [`no_allocation_after_growth`] for a polyhedron (A, prepared) with a `B`: `with` the prepared
/// query, `plain` the allocating one. Returns how many of the pairs have a manifold of at least
/// one point.
fn polyhedron_first_allocates_nothing<T, B>(
    what: &str,
    plain: fn(&ConvexPolyhedron<T>, &B, T) -> Manifold<T>,
    with: fn(&PolyhedronFeatures<T>, &B, T, &mut ManifoldWorkspace<T>) -> Manifold<T>,
    allocates: bool,
) -> usize
where
    T: Real,
    B: GenerateAny<Scalar = T>,
{
    let pred = T::lit(0.01);
    let mut pairs = Vec::new();
    for seed in 0..200 {
        let p = Pair::<ConvexPolyhedron<T>, B>::from_seed(seed);
        if let Ok(fa) = PolyhedronFeatures::new(&p.a) {
            pairs.push((p.a, p.b, fa));
        }
    }
    let want: Vec<Manifold<T>> = pairs.iter().map(|(a, b, _)| plain(a, b, pred)).collect();
    let mut workspace = ManifoldWorkspace::new();
    for (_, b, fa) in &pairs {
        let _ = with(fa, b, pred, &mut workspace);
    }
    let mut got = Vec::with_capacity(pairs.len());
    allocating_nothing(GLOBAL, what, || {
        for (_, b, fa) in &pairs {
            got.push(with(fa, b, pred, &mut workspace));
        }
    });
    assert_eq!(got, want, "{what}: the prepared manifold differs from the plain one");
    let ((), fresh) = counted(GLOBAL, || {
        for (a, b, _) in &pairs {
            let _ = plain(a, b, pred);
        }
    });
    if allocates {
        assert!(fresh.allocations >= pairs.len(), "{what}: {fresh:?} for {} pairs", pairs.len());
    }
    want.iter().filter(|m| !m.is_empty()).count()
}

/// Each prepared query with a round or planar shape through one grown workspace per pair type;
/// returns the number of pairs in contact of each.
fn round_and_planar<T: Real>() -> [usize; 4] {
    [
        polyhedron_first_allocates_nothing::<T, Cylinder<T>>(
            "polyhedron-cylinder",
            manifold_polyhedron_cylinder,
            manifold_polyhedron_cylinder_with,
            true,
        ),
        polyhedron_first_allocates_nothing::<T, Cone<T>>(
            "polyhedron-cone",
            manifold_polyhedron_cone,
            manifold_polyhedron_cone_with,
            true,
        ),
        // The plain planar queries allocate their candidates only when the polyhedron reaches
        // within the prediction of the plane: not asserted per pair.
        polyhedron_first_allocates_nothing::<T, Plane<T>>(
            "polyhedron-plane",
            manifold_polyhedron_plane,
            manifold_polyhedron_plane_with,
            false,
        ),
        polyhedron_first_allocates_nothing::<T, Halfspace<T>>(
            "polyhedron-halfspace",
            manifold_polyhedron_halfspace,
            manifold_polyhedron_halfspace_with,
            false,
        ),
    ]
}

#[test]
fn prepared_polyhedron_manifold_through_a_grown_workspace_allocates_nothing() {
    let (n32, n64) = (no_allocation_after_growth::<f32>(), no_allocation_after_growth::<f64>());
    // Enough of the 200 pairs touch for every path to have run.
    assert!(n32 > 50 && n64 > 50, "only {n32} (f32) and {n64} (f64) pairs in contact");
    let (r32, r64) = (round_and_planar::<f32>(), round_and_planar::<f64>());
    assert!(
        r32.iter().chain(&r64).all(|&n| n > 30),
        "too few pairs in contact: {r32:?} (f32), {r64:?} (f64)"
    );
}
