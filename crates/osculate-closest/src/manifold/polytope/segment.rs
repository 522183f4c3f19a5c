//! A segment's polytope rebuilt in the storage of the last one, for the capsule manifolds that
//! run once a call.

use osculate_math::{Point3, Real, is_finite_point};

use super::{Edge, Polytope, Scale, Scratch};
use crate::manifold::Feature;

impl<T: Real> Scratch<T> {
    /// [`Polytope::from_segment`] of `a` and `b`, built in the storage of the segment last given
    /// back by [`Scratch::keep_segment`]: the same polytope, without allocating once a segment's
    /// storage is kept.
    pub(in crate::manifold) fn take_segment(
        &mut self,
        a: &Point3<T>,
        b: &Point3<T>,
    ) -> Option<Polytope<T>> {
        let Some(mut p) = self.segment.take() else { return Polytope::from_segment(a, b) };
        if !(is_finite_point(a) && is_finite_point(b)) {
            self.segment = Some(p);
            return None;
        }
        p.vertices.clear();
        p.vertices.push(*a);
        if a != b {
            p.vertices.push(*b);
        }
        p.faces.clear();
        p.normals.clear();
        p.offsets.clear();
        p.edges.clear();
        p.cones.clear();
        p.arcs.clear();
        p.arc_faces.clear();
        let Scale { centroid, radius, magnitude } = Scale::of(&p.vertices);
        (p.centroid, p.radius, p.magnitude) = (centroid, radius, magnitude);
        if p.vertices.len() == 2 {
            p.push_bare_edge(Edge { v: [0, 1], id: Feature::Edge(0) });
        }
        Some(p)
    }

    /// Keeps a segment's polytope's storage for the next [`Scratch::take_segment`].
    pub(in crate::manifold) fn keep_segment(&mut self, p: Polytope<T>) {
        self.segment = Some(p);
    }
}
