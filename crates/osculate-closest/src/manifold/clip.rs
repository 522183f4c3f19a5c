//! Sutherland-Hodgman clipping of an incident polygon by the side planes of a reference face,
//! with the features each clipped vertex comes from: the one clipping loop of the box, polytope
//! and round-shape manifolds.

use osculate_math::{Point3, Real, Vector3};

use super::Feature;

/// Which feature the clipped polygon's edge leaving a vertex runs along: an edge of the incident
/// face, or the reference face's side of the given index.
#[derive(Clone, Copy, Debug)]
pub(super) enum Along {
    /// An edge of the incident face.
    Incident(Feature),
    /// A side of the reference face.
    Side(usize),
}

/// A vertex of the polygon being clipped, with the features of the reference shape (`on_r`) and
/// of the incident one (`on_i`) it comes from.
#[derive(Clone, Copy, Debug)]
pub(super) struct ClipVertex<T: Real> {
    pub(super) p: Point3<T>,
    pub(super) on_r: Feature,
    pub(super) on_i: Feature,
    pub(super) along: Along,
}

/// A side plane of the reference face: the points `x` with `(x − point)·normal ≤ 0` are inside.
#[derive(Clone, Copy, Debug)]
pub(super) struct SidePlane<T: Real> {
    /// A point of the plane (a corner of the side).
    pub(super) point: Point3<T>,
    /// The outward normal (unit, or zero for a side that bounds nothing).
    pub(super) normal: Vector3<T>,
    /// The side's index, as [`Along::Side`] names it.
    pub(super) index: usize,
    /// The reference feature of a crossing of an incident edge with this side.
    pub(super) id: Feature,
}

/// Clips the polygon `poly` by `side` (one Sutherland-Hodgman step), handing each vertex of the
/// result to `emit` in order. A vertex within `slack` outside the plane is kept; a crossing is
/// computed on the plane itself (moving the plane out by the slack would move a crossing along
/// an edge at a small angle θ to it by slack / sin θ: the crossing would not move with the
/// shapes); a kept end within the slack of the plane is itself the crossing (a crossing computed
/// beside it would be a second point at the same place, there or not as rounding decides). A
/// crossing of an incident edge is (`side.id`, that edge); one leaving along another side `s2` is
/// (`corner(s2)`, `incident`): the reference corner where the two sides meet, against the
/// incident face. A polygon of two vertices is a segment: its closing edge is the same edge, and
/// is crossed once.
pub(super) fn clip_by_side<T: Real>(
    poly: &[ClipVertex<T>],
    side: &SidePlane<T>,
    slack: T,
    corner: impl Fn(usize) -> Feature,
    incident: Feature,
    mut emit: impl FnMut(ClipVertex<T>),
) {
    if side.normal == Vector3::zeros() {
        for v in poly {
            emit(*v);
        }
        return;
    }
    let beyond = |x: &Point3<T>| (x - side.point).dot(&side.normal);
    let len = poly.len();
    for (k, v) in poly.iter().enumerate() {
        let Some(w) = poly.get((k + 1) % len) else { break };
        let (bv, bw) = (beyond(&v.p), beyond(&w.p));
        let (keep_v, keep_w) = (bv <= slack, bw <= slack);
        let crosses = keep_v != keep_w && len >= 2 && !(len == 2 && k == 1);
        // Leaving the inside at a kept end within the slack of the plane: the polygon runs along
        // this side from there.
        let leaves_here = crosses && keep_v && bv >= -slack;
        if keep_v {
            emit(if leaves_here {
                ClipVertex { along: Along::Side(side.index), ..*v }
            } else {
                *v
            });
        }
        if !crosses || leaves_here || (keep_w && bw >= -slack) {
            continue;
        }
        let t = bv / (bv - bw);
        let point = v.p + (w.p - v.p) * t;
        let (on_r, on_i) = match v.along {
            Along::Incident(e) => (side.id, e),
            Along::Side(s2) => (corner(s2), incident),
        };
        // Leaving the inside, the polygon runs along this side to the next crossing.
        let along = if keep_v { Along::Side(side.index) } else { v.along };
        emit(ClipVertex { p: point, on_r, on_i, along });
    }
}

/// A polygon of at most `N` clip vertices on the stack, for the manifolds that do not allocate.
#[derive(Clone, Copy, Debug)]
pub(super) struct ClipBuffer<T: Real, const N: usize> {
    v: [ClipVertex<T>; N],
    len: usize,
}

impl<T: Real, const N: usize> ClipBuffer<T, N> {
    /// An empty buffer, its slots filled with `fill`.
    pub(super) fn new(fill: ClipVertex<T>) -> Self {
        Self { v: [fill; N], len: 0 }
    }

    /// Appends a vertex; ignored when full (the callers size `N` for the most vertices a clip
    /// can make: the incident polygon's plus one per side plane).
    pub(super) fn push(&mut self, c: ClipVertex<T>) {
        if let Some(slot) = self.v.get_mut(self.len) {
            *slot = c;
            self.len += 1;
        }
    }

    /// The vertices.
    pub(super) fn as_slice(&self) -> &[ClipVertex<T>] {
        self.v.get(..self.len).unwrap_or(&[])
    }

    /// This polygon clipped by `side` into `out` (emptied first), as [`clip_by_side`] does it.
    pub(super) fn clip_into(
        &self,
        side: &SidePlane<T>,
        slack: T,
        corner: impl Fn(usize) -> Feature,
        incident: Feature,
        out: &mut Self,
    ) {
        out.len = 0;
        clip_by_side(self.as_slice(), side, slack, corner, incident, |c| out.push(c));
    }
}
