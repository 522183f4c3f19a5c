//! A polytope as a query places it: where it was built, moved by a shift, or placed by a pose
//! without being rebuilt ([`Placed`]), and its edges' normal cones as the search reads them
//! ([`Arc`]).

use alloc::vec::Vec;

use osculate_math::{Isometry3, Matrix3, Point3, Real, Vector3};

use super::{Edge, Face, Polytope, Scale};

/// An edge's normal cone as [`Polytope::arc`] prepares it.
#[derive(Clone, Copy, Debug)]
pub(super) enum Arc<T: Real> {
    /// Every direction (an edge of no face).
    All,
    /// The directions with `n·m ≥ 0` (a flat polytope's edge: `m` its side's outward normal).
    Half(Vector3<T>),
    /// The directions with `n·u₁ ≥ 0` and `n·u₂ ≥ 0`: the arc between the two faces' normals.
    Between(Vector3<T>, Vector3<T>),
    /// An edge of more than two faces, tested by [`Polytope::in_cone`].
    General(usize),
}

impl<T: Real> Arc<T> {
    /// Whether the direction `n` and whether `−n` (perpendicular to the edge, any length) are in
    /// the cone of the edge of `p` this arc was prepared from, from one set of products (a product
    /// of `−n` is the negated product of `n`, exactly).
    #[inline]
    pub(super) fn sides(&self, p: &Placed<'_, T>, n: &Vector3<T>) -> (bool, bool) {
        match self {
            Arc::All => (true, true),
            Arc::Half(m) => {
                let d = n.dot(m);
                (d >= T::ZERO, d <= T::ZERO)
            }
            Arc::Between(u1, u2) => {
                let (d1, d2) = (n.dot(u1), n.dot(u2));
                (d1 >= T::ZERO && d2 >= T::ZERO, d1 <= T::ZERO && d2 <= T::ZERO)
            }
            Arc::General(e) => (p.in_cone(*e, n), p.in_cone(*e, &-n)),
        }
    }

    /// The arc turned by the rotation matrix `turn` (an edge's cone where its polytope is turned
    /// by it).
    #[inline]
    pub(super) fn turned(&self, turn: &Matrix3<T>) -> Self {
        match self {
            Arc::Half(m) => Arc::Half(turn * m),
            Arc::Between(u1, u2) => Arc::Between(turn * u1, turn * u2),
            Arc::All | Arc::General(_) => *self,
        }
    }
}

impl<T: Real> Polytope<T> {
    /// This polytope where it was built.
    pub(super) fn at_rest(&self) -> Placed<'_, T> {
        Placed {
            p: self,
            vertices: &self.vertices,
            offsets: &self.offsets,
            normals: &self.normals,
            arcs: &self.arcs,
            turn: None,
            centroid: self.centroid,
            magnitude: self.magnitude,
        }
    }

    /// This polytope moved by `−o`, its moved vertices and face offsets written into `vertices`
    /// and `offsets` (emptied first; their capacity kept). Its magnitude stays the one it was
    /// given at: the coordinates' rounding comes with the input, and the tolerances must cover it
    /// wherever the computation is done.
    pub(super) fn moved_into<'a>(
        &'a self,
        o: &Vector3<T>,
        vertices: &'a mut Vec<Point3<T>>,
        offsets: &'a mut Vec<T>,
    ) -> Placed<'a, T> {
        vertices.clear();
        vertices.extend(self.vertices.iter().map(|v| v - o));
        offsets.clear();
        offsets.extend(self.faces.iter().zip(&self.offsets).map(|(f, d)| *d - f.normal.dot(o)));
        Placed {
            p: self,
            vertices,
            offsets,
            normals: &self.normals,
            arcs: &self.arcs,
            turn: None,
            centroid: self.centroid - o,
            magnitude: self.magnitude,
        }
    }

    /// This polytope placed by `pose` and then moved by `−o`, without being rebuilt: its vertices
    /// `pose · v − o`, its face normals turned by the pose's rotation and their offsets moved with
    /// them, its edges' arcs turned, written into `storage` (emptied first; their capacity kept).
    /// The vertices, normals and offsets are computed as [`moved_into`](Self::moved_into) computes
    /// them on the polyhedron moved by `pose` (its planes moved as [`osculate_math::Plane`]'s
    /// transform moves them), bit for bit, and so are the centroid and the magnitude (of the
    /// placed vertices, before the shift by `−o`); the arcs and the faces' side normals are the
    /// polytope's own turned (by the rotation's matrix), which a rebuilt polytope recomputes
    /// from the moved vertices and normals: they differ by rounding. The radius is the
    /// polytope's own (rotation-invariant, up to rounding).
    pub(super) fn posed_into<'a>(
        &'a self,
        pose: &Isometry3<T>,
        o: &Vector3<T>,
        storage: PosedStorage<'a, T>,
    ) -> Placed<'a, T> {
        let PosedStorage { vertices, offsets, normals, arcs } = storage;
        let turn = pose.rotation.to_rotation_matrix().into_inner();
        let t = pose.translation.vector;
        vertices.clear();
        let (mut sum, mut magnitude) = (Vector3::zeros(), T::ZERO);
        for v in &self.vertices {
            let w = pose * v;
            sum += w.coords;
            magnitude = magnitude.fast_max(w.coords.amax());
            vertices.push(w - o);
        }
        let centroid = Point3::from(sum / T::lit(self.vertices.len() as f64));
        normals.clear();
        offsets.clear();
        for (f, d) in self.faces.iter().zip(&self.offsets) {
            let n = pose.rotation * f.normal;
            normals.push(n);
            offsets.push((*d + n.dot(&t)) - n.dot(o));
        }
        arcs.clear();
        arcs.extend(self.arcs.iter().map(|a| a.turned(&turn)));
        Placed {
            p: self,
            vertices,
            offsets,
            normals,
            arcs,
            turn: Some(turn),
            centroid: centroid - o,
            magnitude,
        }
    }
}

/// The least and largest projections of `points` on `l`.
#[inline]
pub(super) fn extent<T: Real>(points: impl Iterator<Item = Point3<T>>, l: &Vector3<T>) -> (T, T) {
    points.fold((T::INFINITY, T::NEG_INFINITY), |(lo, hi), v| {
        let x = l.dot(&v.coords);
        (lo.fast_min(x), hi.fast_max(x))
    })
}

/// A polytope as a query places it: its topology and prepared cones, with its vertices and face
/// offsets where the query computes (moved by minus a vertex of A, in a caller's scratch: the
/// polytope itself is never copied).
#[derive(Clone, Copy)]
pub(super) struct Placed<'a, T: Real> {
    pub(super) p: &'a Polytope<T>,
    pub(super) vertices: &'a [Point3<T>],
    pub(super) offsets: &'a [T],
    /// The faces' outward unit normals, placed with the vertices.
    pub(super) normals: &'a [Vector3<T>],
    /// The edges' arcs, placed with the vertices.
    pub(super) arcs: &'a [Arc<T>],
    /// The rotation matrix the polytope is turned by where it is placed (`None`: not turned), for
    /// what is read rarely and turned as it is read: a face's side normals, a general cone.
    pub(super) turn: Option<Matrix3<T>>,
    /// The vertices' centroid, placed with them.
    pub(super) centroid: Point3<T>,
    /// The largest absolute vertex coordinate where the polytope is placed (before the shift
    /// about a vertex of A): the scale of the coordinates' rounding.
    pub(super) magnitude: T,
}

/// The storage a posed polytope is placed in ([`Polytope::posed_into`]).
pub(super) struct PosedStorage<'a, T: Real> {
    pub(super) vertices: &'a mut Vec<Point3<T>>,
    pub(super) offsets: &'a mut Vec<T>,
    pub(super) normals: &'a mut Vec<Vector3<T>>,
    pub(super) arcs: &'a mut Vec<Arc<T>>,
}

impl<T: Real> Placed<'_, T> {
    /// The outward unit normal of face `k` where placed (zero for an index out of range).
    #[inline]
    pub(super) fn normal(&self, k: usize) -> Vector3<T> {
        self.normals.get(k).copied().unwrap_or_else(Vector3::zeros)
    }

    /// The outward unit normal of side `s` of face `f` where placed (`None` out of range).
    #[inline]
    pub(super) fn side(&self, f: &Face<T>, s: usize) -> Option<Vector3<T>> {
        let side = f.sides.get(s)?;
        Some(self.turn.map_or(*side, |m| m * side))
    }

    /// [`Polytope::in_cone`] for a direction `n` of the placed frame.
    pub(super) fn in_cone(&self, e: usize, n: &Vector3<T>) -> bool {
        match self.turn {
            Some(m) => self.p.in_cone(e, &m.tr_mul(n)),
            None => self.p.in_cone(e, n),
        }
    }

    /// [`Polytope::tolerance`] of the placed pair (the magnitudes where they are placed).
    pub(super) fn tolerance(&self, other: &Self) -> T {
        self.scale().tolerance(&other.scale())
    }

    /// [`Polytope::preference`] of the pair.
    pub(super) fn preference(&self, other: &Self) -> T {
        self.p.preference(other.p)
    }

    /// The scale of the placed polytope (its centroid as placed, about a vertex of A).
    pub(super) fn scale(&self) -> Scale<T> {
        Scale { centroid: self.centroid, radius: self.p.radius, magnitude: self.magnitude }
    }

    /// Vertex `i` (the origin for an index out of range).
    pub(super) fn vertex(&self, i: usize) -> Point3<T> {
        self.vertices.get(i).copied().unwrap_or_else(Point3::origin)
    }

    /// The plane offset of face `k` (zero for an index out of range).
    pub(super) fn offset(&self, k: usize) -> T {
        self.offsets.get(k).copied().unwrap_or(T::ZERO)
    }

    /// The least and largest projections of the vertices on `l`.
    pub(super) fn extent(&self, l: &Vector3<T>) -> (T, T) {
        extent(self.vertices.iter().copied(), l)
    }

    /// The unit direction, midpoint and half length of edge `e`.
    pub(super) fn edge_line(&self, e: &Edge) -> (Vector3<T>, Point3<T>, T) {
        let (p, q) = (self.vertex(e.v[0]), self.vertex(e.v[1]));
        let len = (q - p).norm();
        let dir = if len > T::ZERO { (q - p) / len } else { Vector3::zeros() };
        (dir, p + (q - p) * T::HALF, len * T::HALF)
    }
}
