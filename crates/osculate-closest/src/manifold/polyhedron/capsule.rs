//! The capsule-polyhedron manifold on the capsule's axis's polytope.

use alloc::borrow::Cow;

use osculate_math::{Capsule, ConvexPolyhedron, Real, Segment};

use super::super::Manifold;
use super::super::polytope::{Outline, Polytope, Scale, Scratch, local_manifold_in, screen};
use super::super::triangle::capsule_polytope;

/// [`capsule_polytope_in`](super::capsule_polytope_in) on the axis's polytope `pa`.
pub(super) fn capsule_segment_polytope<'p, T: Real>(
    a: &Capsule<T>,
    pa: &Polytope<T>,
    pb: impl FnOnce() -> Option<Cow<'p, Polytope<T>>>,
    scale_b: &Scale<T>,
    b: &ConvexPolyhedron<T>,
    prediction: T,
    scratch: &mut Scratch<T>,
) -> Manifold<T> {
    let r = a.radius;
    let segment = Segment::new(a.a, a.b);
    let axis = || crate::closest_points_convex(&segment, b);
    // The axis's manifold at `prediction + r` is empty where a face of B, or the direction
    // between the centroids, separates the axis from B beyond it (the search's first tests,
    // computed as it computes them); `capsule_polytope` then answers the axis's closest points,
    // moved out by the radius, when they are apart by more than the tolerance: empty where their
    // distance less the radius is beyond the prediction.
    let tol = pa.scale().tolerance(scale_b);
    let screened =
        screen(&Outline::of_polytope(pa), &Outline::of_polyhedron(b, *scale_b), prediction + r);
    // A screen that separates the axis from B by more than `prediction + r` plus the tolerance
    // and the preference, where that is above the tolerance, separates them by more than twice
    // the tolerance: their closest points (on the shapes, at least their distance apart, within
    // the rounding the tolerance covers) are then apart by more than it and by more than `r`
    // beyond the prediction, and the answer is empty without them.
    if screened.is_none() && prediction + r > tol {
        return Manifold::empty();
    }
    let mut known = None;
    if screened.is_none_or(|s| s > prediction + r) {
        let axis = *known.get_or_insert_with(axis);
        if axis.distance > tol && !(axis.distance - r <= prediction) {
            return Manifold::empty();
        }
    }
    let Some(pb) = pb() else { return Manifold::empty() };
    let core = local_manifold_in(pa, &pb, prediction + r, scratch).unwrap_or_else(Manifold::empty);
    // The screen's separation on a face of B, a lower bound on the axis's distance from B.
    let lower = screened.unwrap_or(T::NEG_INFINITY);
    let axis = || *known.get_or_insert_with(axis);
    capsule_polytope(a, pa, &pb, b, (axis, lower), &core, prediction)
}
