//! The facade's GJK + EPA contacts and its prepared polyhedron manifolds allocate nothing per
//! query once their workspaces have grown: this test binary counts every allocation through its
//! own global allocator (`stats_alloc`) and runs one test, so nothing else allocates while it
//! measures. A sequence of overlapping pairs answered by EPA through [`Penetration`]
//! (cylinder-cone, box-oriented box, capsule-box, triangle-box, the same pairs posed, and two
//! posed polyhedra; f32 and f64) is answered once to grow the workspaces, then again: through
//! [`Penetration::contact`] (the thread's workspace) and through [`Penetration::contact_with`]
//! (a caller's), the second pass makes no allocation, reallocation or deallocation and gives the
//! same contacts as the first. The same pass through the lower layer's workspace-free
//! `contact_convex` does allocate, which shows that the counter counts. Likewise the prepared
//! polyhedron ([`PolyhedronFeatures`]) through [`ContactManifold`] with a polyhedron, a
//! cylinder, a cone, a plane and a halfspace, in both orders (the thread's manifold workspace).

use std::alloc::System;

use osculate::closest::{
    EPA_MAX_ITERATIONS, EpaWorkspace, Manifold, PolyhedronFeatures, contact_convex,
    manifold_polyhedron_cylinder,
};
use osculate::prelude::*;
use osculate_testing::{Motion, Pair, Rng};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The seeds of each family.
const SEEDS: u64 = 60;

/// Every pair's contact through `contact` (the thread's workspace) and `contact_with`
/// (`workspace`).
fn contacts<T: Real>(
    scene: &Scene<T>,
    workspace: &mut EpaWorkspace<T>,
    out: &mut Vec<Option<Contact<T>>>,
) {
    for (a, b) in &scene.cylinder_cone {
        out.extend([a.contact(b), a.contact_with(b, workspace)]);
    }
    for (a, b) in &scene.aabb_obb {
        out.extend([a.contact(b), a.contact_with(b, workspace)]);
    }
    for (a, b) in &scene.capsule_aabb {
        out.extend([a.contact(b), a.contact_with(b, workspace)]);
    }
    for (a, b) in &scene.triangle_obb {
        out.extend([a.contact(b), a.contact_with(b, workspace)]);
    }
    for ((a, b), (pa, pb)) in scene.cylinder_cone.iter().zip(&scene.poses) {
        let (a, b) = (Posed::new(a, *pa), Posed::new(b, *pb));
        out.extend([a.contact(&b), a.contact_with(&b, workspace)]);
    }
    for (h, (pa, pb)) in scene.hulls.iter().zip(&scene.poses) {
        let (a, b) = (Posed::new(&h.0, *pa), Posed::new(&h.1, *pb));
        out.extend([a.contact(&b), a.contact_with(&b, workspace)]);
    }
}

/// The pairs, built before anything is counted.
#[derive(Default)]
struct Scene<T: Real> {
    cylinder_cone: Vec<(Cylinder<T>, Cone<T>)>,
    aabb_obb: Vec<(Aabb<T>, Obb<T>)>,
    capsule_aabb: Vec<(Capsule<T>, Aabb<T>)>,
    triangle_obb: Vec<(Triangle<T>, Obb<T>)>,
    /// Poses that keep each pair as near as the generator made it (a common motion).
    poses: Vec<(Isometry3<T>, Isometry3<T>)>,
    /// Two hulls of the oriented boxes.
    hulls: Vec<(ConvexPolyhedron<T>, ConvexPolyhedron<T>)>,
}

fn scene<T: Real>() -> Scene<T> {
    let mut s = Scene::default();
    for seed in 0..SEEDS {
        let p = Pair::<Cylinder<T>, Cone<T>>::from_seed(seed);
        s.cylinder_cone.push((p.a, p.b));
        let p = Pair::<Aabb<T>, Obb<T>>::from_seed(seed);
        s.aabb_obb.push((p.a, p.b));
        let p = Pair::<Capsule<T>, Aabb<T>>::from_seed(seed);
        s.capsule_aabb.push((p.a, p.b));
        let p = Pair::<Triangle<T>, Obb<T>>::from_seed(seed);
        s.triangle_obb.push((p.a, p.b));
        let g = Motion::<T>::random(&mut Rng::new(seed)).0;
        s.poses.push((g, g));
        let p = Pair::<Obb<T>, Obb<T>>::from_seed(seed);
        let hull = |b: &Obb<T>| ConvexPolyhedron::try_from_points(&b.corners()).ok();
        if let (Some(a), Some(b)) = (hull(&p.a), hull(&p.b)) {
            s.hulls.push((a, b));
        }
    }
    s
}

/// Runs `answers` twice into vectors of room enough: once to grow the workspaces, then counted;
/// asserts the second run allocated nothing (`grown` says what did) and gave the first run's
/// answers (`changed` says what changed); returns them.
fn grown_then_reused<R: PartialEq + std::fmt::Debug>(
    mut answers: impl FnMut(&mut Vec<R>),
    grown: &str,
    changed: &str,
) -> Vec<R> {
    let (mut want, mut got) = (Vec::with_capacity(4096), Vec::with_capacity(4096));
    answers(&mut want);
    let region = Region::new(GLOBAL);
    answers(&mut got);
    let reused = region.change();
    assert_eq!(
        (reused.allocations, reused.reallocations, reused.deallocations),
        (0, 0, 0),
        "{grown}: {reused:?}"
    );
    assert_eq!(got, want, "{changed}");
    want
}

/// Returns how many of the contacts were of overlapping shapes (EPA ran on them).
fn no_allocation_after_growth<T: Real>() -> usize {
    let scene = scene::<T>();
    let mut workspace = EpaWorkspace::new();
    let want = grown_then_reused(
        |out| contacts(&scene, &mut workspace, out),
        "EPA through the facade allocated once its workspaces had grown",
        "a reused workspace changed an answer",
    );
    // `contact` and `contact_with` give the same answer.
    assert!(want.chunks(2).all(|c| c[0] == c[1]), "contact and contact_with differ");
    // Without a workspace each overlapping pair allocates its polytope: the counter counts.
    let region = Region::new(GLOBAL);
    for (a, b) in &scene.cylinder_cone {
        let _ = contact_convex(a, b, EPA_MAX_ITERATIONS);
    }
    let fresh = region.change();
    let overlapping = want.iter().filter(|c| c.is_some_and(|c| c.distance < T::ZERO)).count();
    assert!(fresh.allocations > 0, "{fresh:?}: the counter did not count");
    overlapping
}

/// The prepared polyhedra's pairs, built before anything is counted.
#[derive(Default)]
struct Prepared<T: Real> {
    hulls: Vec<(PolyhedronFeatures<T>, PolyhedronFeatures<T>)>,
    cylinder: Vec<(PolyhedronFeatures<T>, ConvexPolyhedron<T>, Cylinder<T>)>,
    cone: Vec<(PolyhedronFeatures<T>, Cone<T>)>,
    plane: Vec<(PolyhedronFeatures<T>, Plane<T>)>,
    halfspace: Vec<(PolyhedronFeatures<T>, Halfspace<T>)>,
}

fn prepared<T: Real>() -> Prepared<T> {
    let mut s = Prepared::default();
    let features = PolyhedronFeatures::new;
    for seed in 0..SEEDS {
        let p = Pair::<ConvexPolyhedron<T>, ConvexPolyhedron<T>>::from_seed(seed);
        if let (Ok(a), Ok(b)) = (features(&p.a), features(&p.b)) {
            s.hulls.push((a, b));
        }
        let p = Pair::<ConvexPolyhedron<T>, Cylinder<T>>::from_seed(seed);
        if let Ok(a) = features(&p.a) {
            s.cylinder.push((a, p.a, p.b));
        }
        let p = Pair::<ConvexPolyhedron<T>, Cone<T>>::from_seed(seed);
        if let Ok(a) = features(&p.a) {
            s.cone.push((a, p.b));
        }
        let p = Pair::<ConvexPolyhedron<T>, Plane<T>>::from_seed(seed);
        if let Ok(a) = features(&p.a) {
            s.plane.push((a, p.b));
        }
        let p = Pair::<ConvexPolyhedron<T>, Halfspace<T>>::from_seed(seed);
        if let Ok(a) = features(&p.a) {
            s.halfspace.push((a, p.b));
        }
    }
    s
}

/// Every prepared pair's manifold through the trait, in both orders.
fn manifolds<T: Real>(s: &Prepared<T>, out: &mut Vec<Manifold<T>>) {
    let pred = T::lit(0.01);
    for (a, b) in &s.hulls {
        out.extend([a.manifold(b, pred), b.manifold(a, pred)]);
    }
    for (a, _, b) in &s.cylinder {
        out.extend([a.manifold(b, pred), b.manifold(a, pred)]);
    }
    for (a, b) in &s.cone {
        out.extend([a.manifold(b, pred), b.manifold(a, pred)]);
    }
    for (a, b) in &s.plane {
        out.extend([a.manifold(b, pred), b.manifold(a, pred)]);
    }
    for (a, b) in &s.halfspace {
        out.extend([a.manifold(b, pred), b.manifold(a, pred)]);
    }
}

/// Returns how many of the prepared manifolds have a point.
fn prepared_manifolds_allocate_nothing<T: Real>() -> usize {
    let s = prepared::<T>();
    let want = grown_then_reused(
        |out| manifolds(&s, out),
        "a prepared manifold through the facade allocated once its workspace had grown",
        "a reused workspace changed a manifold",
    );
    // The plain polyhedron-cylinder query finds the features and grows EPA's polytope afresh.
    let region = Region::new(GLOBAL);
    for (_, a, b) in &s.cylinder {
        let _ = manifold_polyhedron_cylinder(a, b, T::lit(0.01));
    }
    let fresh = region.change();
    assert!(fresh.allocations > 0, "{fresh:?}: the counter did not count");
    want.iter().filter(|m| !m.is_empty()).count()
}

#[test]
fn facade_epa_and_prepared_manifolds_allocate_nothing_once_grown() {
    let (n32, n64) = (no_allocation_after_growth::<f32>(), no_allocation_after_growth::<f64>());
    // Enough of the pairs overlap for EPA to have run on every family.
    assert!(n32 > 100 && n64 > 100, "only {n32} (f32) and {n64} (f64) contacts overlapping");
    let (m32, m64) = (
        prepared_manifolds_allocate_nothing::<f32>(),
        prepared_manifolds_allocate_nothing::<f64>(),
    );
    assert!(m32 > 100 && m64 > 100, "only {m32} (f32) and {m64} (f64) manifolds in contact");
}
