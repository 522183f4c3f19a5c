//! The manifold of two convex polytopes (polyhedra, boxes, triangles as flat polytopes) by
//! separating axes over their face normals and edge pairs, then a reference face clipped against
//! an incident face, or a single edge-edge point: the method of [`manifold_obb_obb`] carried to
//! polytopes whose faces, edges and vertices are listed rather than implied by three axes.
//!
//! [`manifold_obb_obb`]: super::manifold_obb_obb

use alloc::vec::Vec;

use osculate_math::{
    ConvexPolyhedron, Isometry3, Obb, Point3, Real, Triangle, Vector3, any_perpendicular,
    is_finite_point,
};

use super::boxes::{
    FACE_PREFERENCE, edge as box_edge, face as box_face, face_ring as box_face_ring,
    valid as box_valid,
};
use super::clip::ClipVertex;
use super::{Feature, FeatureId, Manifold, ManifoldPoint};
use crate::{EPA_MAX_ITERATIONS, EpaWorkspace, SupportMap, contact_convex_with_workspace};

mod contact;
mod placed;
mod screen;
mod segment;

use contact::{edge_contact, face_contact};
use placed::{Arc, Placed, PosedStorage, extent};
pub(super) use screen::{Outline, Scale, polyhedron_feature_at, screen};

/// How far (in units of ε times the polytope's magnitude, its largest vertex coordinate) a vertex
/// may be inside a face plane and still count as a corner of that face. A polyhedron's planes are
/// pushed out to its farthest vertex at construction, and its vertices come from three planes or
/// from the input points: each within a few dozen ε of the coordinates of its faces' planes; 1024
/// ε (f32 1.2e-4, f64 2.3e-13 of the magnitude) is well above that and well below the distance
/// at which a vertex of a neighbouring face lies off the plane in a polyhedron a user builds.
const ON_FACE: f64 = 1024.0;

/// How far (in units of ε times the polytope's magnitude) the translation of a polytope built
/// near the origin moves its vertices off its face planes: each coordinate and each plane offset
/// rounds once on the scale of the largest coordinate, their dot product by at most 4 ε of it;
/// 8 ε covers them. Far from the origin in `f32` (coordinates of 1e4) it is 0.01, where [`ON_FACE`] of the magnitude
/// would be more than the size of a unit polyhedron, so [`ON_FACE`] counts on the polytope's
/// radius and this on its magnitude.
const ON_FACE_SHIFTED: f64 = 8.0;

/// How far (in units of ε times the sum of the pair's radii) outside a side plane of the reference
/// face a vertex is still kept, as in the box manifold: the side test is computed about a vertex of
/// A, where a vertex on a side plane rounds to a few ε of the shapes' size off it, and 64 ε keeps
/// it. The input's own rounding, on the scale of its coordinates, is [`CLIP_SLACK_SHIFTED`].
const CLIP_SLACK: f64 = 64.0;

/// How far (in units of ε times the pair's magnitude) outside a side plane a vertex is still kept
/// for the rounding of the input's coordinates: each vertex and each side plane rounds once on
/// their scale, their difference along the side's normal by at most 4 ε of it; 8 ε covers it.
/// (64 ε of the magnitude, as for boxes, is 0.1 at coordinates of 1e4 in `f32`: a vertex that far
/// beside a unit triangle would be kept as touching its face.)
const CLIP_SLACK_SHIFTED: f64 = 8.0;

/// How far (a dot product of unit vectors, about the sine of an angle) both ends of an edge's
/// normal-cone arc must be on one side of the plane normal to another edge's direction before the
/// pair is set aside unexamined: the arc then does not cross that plane, where the pair's axis
/// lies, so the pair makes no face of the shapes' Minkowski difference (Gregorius's arc test
/// split into its two plane tests). The margin is far above the rounding of the cone tests that
/// decide the other pairs, so the pairs set aside are ones those tests reject as well, save where
/// the axis is within about this angle of a face normal (an arc's end), where the face and the
/// pair give the same separation.
const PLANE_MARGIN: f64 = 1.0 / 64.0;

/// The least squared sine of the angle between an edge's two face normals for its arc to be
/// screened by [`PLANE_MARGIN`] (the arc of a nearly flat edge, or of one whose faces nearly fold
/// onto each other, is prepared from a cross product of few significant digits, and is always
/// examined).
const ARC_SIN_SQ: f64 = 1e-4;

/// The faces of an edge that is never screened: no face index (a screen reads no side for it).
const NO_ARC: [u32; 2] = [u32::MAX; 2];

/// A face: its outward unit normal, its corners (indices into the vertices, counter-clockwise
/// about the normal), the outward unit normal of each side (side `s` from corner `s` to corner
/// `s + 1`, in the face's plane; zero for a side that bounds nothing) and its feature id. Its
/// plane offset, which moves with the polytope, is kept beside it ([`Polytope`]'s `offsets`).
#[derive(Clone, Debug)]
pub(super) struct Face<T: Real> {
    normal: Vector3<T>,
    pub(super) corners: Vec<usize>,
    sides: Vec<Vector3<T>>,
    id: Feature,
}

/// The outward unit normals of the sides of a face with the given corners and normal: each side's
/// direction crossed with the normal; zero for a side of no length.
fn side_normals<T: Real>(
    vertices: &[Point3<T>],
    corners: &[usize],
    normal: &Vector3<T>,
) -> Vec<Vector3<T>> {
    let at = |i: usize| vertices.get(i).copied().unwrap_or_else(Point3::origin);
    let n = corners.len();
    corners
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let j = corners.get((k + 1) % n).copied().unwrap_or(i);
            let side = (at(j) - at(i)).cross(normal);
            let len = side.norm();
            if len > T::ZERO { side / len } else { Vector3::zeros() }
        })
        .collect()
}

/// An edge: its two vertices (the lower index first) and its feature id.
#[derive(Clone, Copy, Debug)]
pub(super) struct Edge {
    pub(super) v: [usize; 2],
    id: Feature,
}

/// A convex polytope as the manifold reads it: its vertices (vertex `i` has the id
/// `Vertex(i)`), its faces and its edges, each with the id the shape's numbering gives it.
#[derive(Clone, Debug)]
pub(super) struct Polytope<T: Real> {
    vertices: Vec<Point3<T>>,
    pub(super) faces: Vec<Face<T>>,
    /// The outward unit normal of each face (parallel to `faces`, each its face's `normal`): the
    /// search reads them as a slice, which a posed polytope replaces by its turned normals.
    normals: Vec<Vector3<T>>,
    /// The plane offset of each face (parallel to `faces`): `normal · x = d` on the face.
    offsets: Vec<T>,
    pub(super) edges: Vec<Edge>,
    /// The normal cone of each edge (parallel to `edges`): for each face the edge is a side of,
    /// the face's outward normal and the side's outward normal in the face's plane. Empty for an
    /// edge of no face (a segment's), whose cone is every direction perpendicular to it.
    cones: Vec<Vec<(Vector3<T>, Vector3<T>)>>,
    /// Each edge's cone prepared for the edge-pair tests (parallel to `edges`; an edge past its
    /// end has no face, and every direction).
    arcs: Vec<Arc<T>>,
    /// The two faces of each edge whose cone is the arc between them and neither short nor near
    /// a half circle (parallel to `edges`), for [`PLANE_MARGIN`]'s screening; [`NO_ARC`] for
    /// every other edge, which is never screened.
    arc_faces: Vec<[u32; 2]>,
    /// The largest distance of a vertex from the vertices' centroid (rotation-invariant size).
    radius: T,
    /// The vertices' centroid.
    centroid: Point3<T>,
    /// The largest absolute vertex coordinate (the scale of roundings).
    magnitude: T,
}

/// Sorts `corners` counter-clockwise about `normal` around their centroid, starting at the lowest
/// index: the order depends on the shape alone, not on its orientation in space, so the clipped
/// points come in the same order after a rigid motion (and [`reduce`] breaks ties the same way).
fn order_ccw<T: Real>(vertices: &[Point3<T>], corners: &mut [usize], normal: &Vector3<T>) {
    let at = |i: usize| vertices.get(i).copied().unwrap_or_else(Point3::origin);
    let count = T::lit(corners.len().max(1) as f64);
    let c = corners.iter().fold(Vector3::zeros(), |s, &i| s + at(i).coords) / count;
    let u = any_perpendicular(normal).into_inner();
    let v = normal.cross(&u);
    // A pseudo-angle in [0, 4), increasing with the angle from `u` toward `v` as `atan2` does
    // (a corner at the centroid at 0): the same cyclic order, from one division instead of an
    // arc tangent. The cut's place does not matter: the order is rotated to its lowest index.
    let angle = |i: usize| {
        let r = at(i).coords - c;
        let (x, y) = (r.dot(&u), r.dot(&v));
        let l1 = x.abs() + y.abs();
        if !(l1 > T::ZERO) {
            T::ZERO
        } else if y >= T::ZERO {
            T::ONE - x / l1
        } else {
            T::lit(3.0) + x / l1
        }
    };
    corners.sort_by(|&i, &j| {
        angle(i).partial_cmp(&angle(j)).unwrap_or(core::cmp::Ordering::Equal).then(i.cmp(&j))
    });
    if let Some(first) = corners.iter().enumerate().min_by_key(|&(_, &i)| i).map(|(k, _)| k) {
        corners.rotate_left(first);
    }
}

impl<T: Real> Polytope<T> {
    /// The polytope of the given vertices and faces (with their plane offsets); its edges are the
    /// sides of the faces, each named by `edge_id(lower vertex, higher vertex, rank)`, `rank`
    /// being its place among the edges sorted by their vertex pair. `None` when a number is not
    /// finite.
    fn new(
        vertices: Vec<Point3<T>>,
        faces: Vec<Face<T>>,
        offsets: Vec<T>,
        edge_id: impl Fn(usize, usize, usize) -> Feature,
    ) -> Option<Self> {
        let finite = vertices.iter().all(is_finite_point)
            && offsets.iter().all(|d| d.is_finite())
            && faces.iter().all(|f| f.normal.iter().all(|x| x.is_finite()));
        if !finite || vertices.is_empty() {
            return None;
        }
        let mut pairs: Vec<[usize; 2]> = Vec::new();
        for f in &faces {
            let n = f.corners.len();
            for (k, &i) in f.corners.iter().enumerate() {
                let j = f.corners.get((k + 1) % n).copied().unwrap_or(i);
                if i != j {
                    pairs.push([i.min(j), i.max(j)]);
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let edges =
            pairs.iter().enumerate().map(|(r, &[i, j])| Edge { v: [i, j], id: edge_id(i, j, r) });
        let mut cones = alloc::vec![Vec::new(); pairs.len()];
        let mut cone_faces = alloc::vec![Vec::new(); pairs.len()];
        for (k_face, f) in faces.iter().enumerate() {
            let n = f.corners.len();
            for (k, &i) in f.corners.iter().enumerate() {
                let j = f.corners.get((k + 1) % n).copied().unwrap_or(i);
                let side = f.sides.get(k).copied().unwrap_or_else(Vector3::zeros);
                if let Ok(r) = pairs.binary_search(&[i.min(j), i.max(j)])
                    && let (Some(cone), Some(by)) = (cones.get_mut(r), cone_faces.get_mut(r))
                {
                    cone.push((f.normal, side));
                    by.push(k_face);
                }
            }
        }
        let Scale { centroid, radius, magnitude } = Scale::of(&vertices);
        let mut p = Self {
            normals: faces.iter().map(|f| f.normal).collect(),
            edges: edges.collect(),
            cones,
            arcs: Vec::new(),
            arc_faces: Vec::new(),
            vertices,
            faces,
            offsets,
            radius,
            centroid,
            magnitude,
        };
        p.arcs = (0..p.edges.len()).map(|e| p.arc(e)).collect();
        p.arc_faces = p
            .arcs
            .iter()
            .zip(&p.cones)
            .zip(&cone_faces)
            .map(|((arc, cone), by)| match (arc, cone.as_slice(), by.as_slice()) {
                (Arc::Between(..), [(n1, _), (n2, _)], &[f1, f2])
                    if n1.cross(n2).norm_squared() >= T::lit(ARC_SIN_SQ) =>
                {
                    match (u32::try_from(f1), u32::try_from(f2)) {
                        (Ok(f1), Ok(f2)) if f1 != u32::MAX && f2 != u32::MAX => [f1, f2],
                        _ => NO_ARC,
                    }
                }
                _ => NO_ARC,
            })
            .collect();
        Some(p)
    }

    /// Appends an edge of no face (a segment's, a collapsed triangle's): every direction is in
    /// its cone.
    fn push_bare_edge(&mut self, edge: Edge) {
        self.edges.push(edge);
        self.cones.push(Vec::new());
        self.arcs.push(Arc::All);
        self.arc_faces.push(NO_ARC);
    }

    /// A convex polyhedron: face `i` is plane `i` (`Face(i)`), its corners the vertices within
    /// [`ON_FACE`] ε of its radius plus [`ON_FACE_SHIFTED`] ε of its magnitude of it (when that
    /// finds fewer than three, within [`ON_FACE`] ε of its magnitude, the hull's own tolerance
    /// when it was built where it is); vertex `i` is `Vertex(i)`; an edge is `Edge(r)`, `r` its
    /// rank among the edges sorted by their (lower, higher) vertex indices.
    pub(super) fn from_polyhedron(p: &ConvexPolyhedron<T>) -> Option<Self> {
        let magnitude = p.vertices.iter().fold(T::ZERO, |m, v| m.fast_max(v.coords.amax()));
        let count = T::lit(p.vertices.len().max(1) as f64);
        let centroid = p.vertices.iter().fold(Vector3::zeros(), |s, v| s + v.coords) / count;
        let radius =
            p.vertices.iter().fold(T::ZERO, |r, v| r.fast_max((v.coords - centroid).norm()));
        let wide = T::EPSILON * T::lit(ON_FACE) * magnitude;
        let tol = (T::EPSILON * (T::lit(ON_FACE) * radius + T::lit(ON_FACE_SHIFTED) * magnitude))
            .fast_min(wide);
        let faces = p
            .planes
            .iter()
            .enumerate()
            .map(|(i, plane)| {
                let normal = plane.normal.into_inner();
                let within = |tol: T| -> Vec<usize> {
                    (0..p.vertices.len())
                        .filter(|&v| {
                            p.vertices
                                .get(v)
                                .is_some_and(|x| plane.d - normal.dot(&x.coords) <= tol)
                        })
                        .collect()
                };
                let mut corners = within(tol);
                if corners.len() < 3 {
                    corners = within(wide);
                }
                order_ccw(&p.vertices, &mut corners, &normal);
                let sides = side_normals(&p.vertices, &corners, &normal);
                Face { normal, corners, sides, id: Feature::Face(i as u32) }
            })
            .collect();
        let offsets = p.planes.iter().map(|plane| plane.d).collect();
        Self::new(p.vertices.clone(), faces, offsets, |_, _, r| Feature::Edge(r as u32))
    }

    /// An oriented box, its features numbered as [`Feature`] says for boxes.
    pub(super) fn from_obb(o: &Obb<T>) -> Option<Self> {
        if !box_valid(o) {
            return None;
        }
        let u = o.axes();
        let corners = o.corners();
        let mut faces = Vec::with_capacity(6);
        let mut offsets = Vec::with_capacity(6);
        for (k, axis) in u.iter().enumerate() {
            for positive in [false, true] {
                let normal = if positive { *axis } else { -axis };
                let e = o.half_extents.get(k).copied().unwrap_or(T::ZERO);
                let ring = box_face_ring(k, positive).to_vec();
                // The side from corner i to corner j runs along the axis where they differ; its
                // outward normal is the face's other axis, on corner i's side of it: exact, and
                // defined for a side of zero length (a flat box's face).
                let sides = (0..4)
                    .map(|s| {
                        let i = ring.get(s).copied().unwrap_or(0);
                        let j = ring.get((s + 1) % 4).copied().unwrap_or(0);
                        let along = (i ^ j).trailing_zeros() as usize;
                        let other = 3usize.saturating_sub(k + along).min(2);
                        let w = u.get(other).copied().unwrap_or_else(Vector3::zeros);
                        if i & (1 << other) != 0 { w } else { -w }
                    })
                    .collect();
                faces.push(Face { normal, corners: ring, sides, id: box_face(k, positive) });
                offsets.push(normal.dot(&o.center.coords) + e);
            }
        }
        Self::new(corners.to_vec(), faces, offsets, |i, j, _| {
            let k = (i ^ j).trailing_zeros() as usize;
            box_edge(k.min(2), [i & 1 != 0, i & 2 != 0, i & 4 != 0])
        })
    }

    /// A triangle as a flat polytope: two faces, both `Face(0)` (the front, about its normal
    /// `(b − a) × (c − a)`, and the back), its corners `Vertex(k)` and its edges `Edge(k)` from
    /// vertex `k` to `k + 1 (mod 3)`. A collapsed triangle (no normal) has no face: its edges of
    /// non-zero length and its corners, a segment or a point.
    pub(super) fn from_triangle(t: &Triangle<T>) -> Option<Self> {
        let id = |i: usize, j: usize| {
            Feature::Edge(match (i, j) {
                (0, 1) => 0,
                (1, 2) => 1,
                _ => 2,
            })
        };
        let Some(n) = t.unit_normal() else {
            // Collapsed: the segment between its two corners farthest apart (the third lies on
            // it), or a point.
            let mut p = Self::new(t.vertices().to_vec(), Vec::new(), Vec::new(), |_, _, _| {
                Feature::Edge(0)
            })?;
            let length = |[i, j]: [usize; 2]| (p.vertex(j) - p.vertex(i)).norm_squared();
            let longest = [[0, 1], [1, 2], [0, 2]]
                .into_iter()
                .fold([0, 1], |best, e| if length(e) > length(best) { e } else { best });
            if length(longest) > T::ZERO {
                p.push_bare_edge(Edge { v: longest, id: id(longest[0], longest[1]) });
            }
            return Some(p);
        };
        let n = n.into_inner();
        let d = n.dot(&t.a.coords);
        let vertices = t.vertices().to_vec();
        let face = |normal: Vector3<T>, corners: Vec<usize>| Face {
            sides: side_normals(&vertices, &corners, &normal),
            normal,
            corners,
            id: Feature::Face(0),
        };
        let faces = alloc::vec![face(n, alloc::vec![0, 1, 2]), face(-n, alloc::vec![0, 2, 1])];
        Self::new(vertices, faces, alloc::vec![d, -d], |i, j, _| id(i, j))
    }

    /// The axis of a capsule as a polytope of no face: its ends `Vertex(0)` (`a`) and `Vertex(1)`
    /// (`b`), the segment between them `Edge(0)` (the capsule's feature numbering); one vertex
    /// when the ends coincide.
    pub(super) fn from_segment(a: &Point3<T>, b: &Point3<T>) -> Option<Self> {
        let vertices = if a == b { alloc::vec![*a] } else { alloc::vec![*a, *b] };
        let mut p = Self::new(vertices, Vec::new(), Vec::new(), |_, _, _| Feature::Edge(0))?;
        if p.vertices.len() == 2 {
            p.push_bare_edge(Edge { v: [0, 1], id: Feature::Edge(0) });
        }
        Some(p)
    }

    /// How far from a feature a point may be and still be on it: 64 ε of the pair's magnitude
    /// (the rounding of its coordinates) plus 128 ε of its size (the rounding of GJK's witnesses
    /// and of a projection), well inside the features' sizes.
    pub(super) fn tolerance(&self, other: &Self) -> T {
        self.scale().tolerance(&other.scale())
    }

    /// The polytope's centroid, radius and magnitude.
    pub(super) fn scale(&self) -> Scale<T> {
        Scale { centroid: self.centroid, radius: self.radius, magnitude: self.magnitude }
    }

    /// Whether [`from_polyhedron`](Self::from_polyhedron) builds a polytope of `p` (it gives
    /// `None` for a polyhedron of no vertex, or a NaN or infinite number in a vertex or a plane),
    /// without building it.
    pub(super) fn polyhedron_is_valid(p: &ConvexPolyhedron<T>) -> bool {
        !p.vertices.is_empty()
            && p.vertices.iter().all(is_finite_point)
            && p.planes.iter().all(|q| q.d.is_finite() && q.normal.iter().all(|x| x.is_finite()))
    }

    /// The separation preference of the pair: [`FACE_PREFERENCE`] of the sum of the radii. It
    /// depends on the shapes alone, not on where they are: a preference that grew with the
    /// coordinates would choose another axis for the same pair moved elsewhere. (The separations
    /// it compares are computed about a vertex of A, at the scale of the shapes.)
    pub(super) fn preference(&self, other: &Self) -> T {
        T::lit(FACE_PREFERENCE) * (self.radius + other.radius)
    }

    /// The face most facing the direction `d` (the largest `normal · d`, the first on ties): its
    /// corners (indices into the vertices, counter-clockwise about its normal), its outward unit
    /// normal and its id; `None` for a polytope of no face.
    pub(super) fn face_along(&self, d: &Vector3<T>) -> Option<(&[usize], Vector3<T>, Feature)> {
        let mut best: Option<&Face<T>> = None;
        for f in &self.faces {
            if best.is_none_or(|b| f.normal.dot(d) > b.normal.dot(d)) {
                best = Some(f);
            }
        }
        best.map(|f| (f.corners.as_slice(), f.normal, f.id))
    }

    /// Vertex `i` (the origin for an index out of range).
    pub(super) fn vertex(&self, i: usize) -> Point3<T> {
        self.at_rest().vertex(i)
    }

    /// `true` when the unit direction `n` (perpendicular to edge `e`, the `e`-th of the edges) is
    /// in the edge's normal cone: the polytope's support along `n` contains the edge. On the Gauss
    /// map the cone is the arc between the normals of the edge's two faces (Gregorius, "The
    /// Separating Axis Test between Convex Polyhedra", GDC 2013); `n` is on it when the triple
    /// products `(n₁ × n)·(n₁ × n₂)` and `(n × n₂)·(n₁ × n₂)` are not negative. A flat polytope's
    /// edge (a triangle's: faces `n₁ = −n₂`) has the half circle on the side's outward normal `m`
    /// (`n·m ≥ 0`); an edge of no face (a segment's) every direction. Signs of products of unit
    /// vectors, free of any distance tolerance: a direction on an arc's end is a face normal, where
    /// the face and the edge pair give the same separation, so either answer is right there.
    fn in_cone(&self, e: usize, n: &Vector3<T>) -> bool {
        let Some(cone) = self.cones.get(e).filter(|c| !c.is_empty()) else { return true };
        if let [(_, m)] = cone.as_slice() {
            return n.dot(m) >= T::ZERO;
        }
        cone.iter().enumerate().any(|(k, (n1, m1))| {
            cone.iter().skip(k + 1).any(|(n2, _)| {
                let c = n1.cross(n2);
                if n1.dot(n2) < T::ZERO && c.norm_squared() <= T::DEGENERATE_SQ_TOLERANCE {
                    n.dot(m1) >= T::ZERO
                } else {
                    n1.cross(n).dot(&c) >= T::ZERO && n.cross(n2).dot(&c) >= T::ZERO
                }
            })
        })
    }

    /// The normal cone of edge `e` prepared for many [`in_cone`](Self::in_cone) tests: its
    /// triple products rewritten as dot products with vectors of the edge alone,
    /// `(n₁ × n)·c = n·(c × n₁)` and `(n × n₂)·c = n·(n₂ × c)`, so that a test is two dot products.
    fn arc(&self, e: usize) -> Arc<T> {
        match self.cones.get(e).map(Vec::as_slice) {
            None | Some([]) => Arc::All,
            Some([(_, m)]) => Arc::Half(*m),
            Some([(n1, m1), (n2, _)]) => {
                let c = n1.cross(n2);
                if n1.dot(n2) < T::ZERO && c.norm_squared() <= T::DEGENERATE_SQ_TOLERANCE {
                    Arc::Half(*m1)
                } else {
                    Arc::Between(c.cross(n1), n2.cross(&c))
                }
            }
            Some(_) => Arc::General(e),
        }
    }

    /// The id of the edge between vertices `i` and `j`, or the face `fallback` when they are no
    /// edge (a repeated corner).
    pub(super) fn edge_id(&self, i: usize, j: usize, fallback: Feature) -> Feature {
        let key = [i.min(j), i.max(j)];
        self.edges.iter().find(|e| e.v == key).map_or(fallback, |e| e.id)
    }

    /// The feature of this polytope nearest to its boundary point `p`: a vertex within `tol`, else
    /// an edge within `tol`, else the face whose plane is nearest (the one facing `outward` most
    /// among planes within `tol`).
    pub(super) fn feature_at(&self, p: &Point3<T>, outward: &Vector3<T>, tol: T) -> Feature {
        let mut best = (T::INFINITY, Feature::Face(0));
        for (i, v) in self.vertices.iter().enumerate() {
            let d = (v - p).norm();
            if d < best.0 {
                best = (d, Feature::Vertex(i as u32));
            }
        }
        if best.0 <= tol {
            return best.1;
        }
        best = (T::INFINITY, Feature::Face(0));
        for e in &self.edges {
            let (dir, mid, half) = self.at_rest().edge_line(e);
            let s = (p - mid).dot(&dir).fast_max(-half).fast_min(half);
            let d = (mid + dir * s - p).norm();
            if d < best.0 {
                best = (d, e.id);
            }
        }
        if best.0 <= tol {
            return best.1;
        }
        let gap = |(f, d): (&Face<T>, &T)| (f.normal.dot(&p.coords) - *d).abs();
        let faces = || self.faces.iter().zip(&self.offsets);
        let nearest = faces().fold(T::INFINITY, |g, f| g.fast_min(gap(f)));
        let mut face = (T::NEG_INFINITY, Feature::Face(0));
        for (f, _) in faces().filter(|&f| gap(f) <= nearest + tol) {
            let facing = f.normal.dot(outward);
            if facing > face.0 {
                face = (facing, f.id);
            }
        }
        face.1
    }
}

/// The storage a polytope manifold computes in: both polytopes' moved vertices and face offsets,
/// B's edge directions, the clipped polygon and the candidate points. Kept across queries it keeps
/// its capacity, and a query allocates nothing once it has held the largest pair.
#[derive(Clone, Debug, Default)]
pub(super) struct Scratch<T: Real> {
    vertices_a: Vec<Point3<T>>,
    vertices_b: Vec<Point3<T>>,
    offsets_a: Vec<T>,
    offsets_b: Vec<T>,
    normals_b: Vec<Vector3<T>>,
    arcs_b: Vec<Arc<T>>,
    directions_b: Vec<(Vector3<T>, T, Point3<T>)>,
    sides_a: Vec<i8>,
    sides_b: Vec<i8>,
    polygon: Vec<ClipVertex<T>>,
    clipped: Vec<ClipVertex<T>>,
    found: Vec<ManifoldPoint<T>>,
    /// A capsule's axis's polytope, kept for its storage.
    segment: Option<Polytope<T>>,
}

/// The contact manifold of polytopes `pa` (A) and `pb` (B), the shapes `a` and `b` they describe
/// (for the one-point fallback), as [`manifold_polyhedron_polyhedron`] documents it.
///
/// [`manifold_polyhedron_polyhedron`]: super::manifold_polyhedron_polyhedron
pub(super) fn manifold_polytopes<T, A, B>(
    pa: &Polytope<T>,
    pb: &Polytope<T>,
    a: &A,
    b: &B,
    prediction: T,
) -> Manifold<T>
where
    T: Real,
    A: SupportMap<T> + ?Sized,
    B: SupportMap<T> + ?Sized,
{
    manifold_polytopes_in(
        pa,
        pb,
        a,
        b,
        prediction,
        &mut Scratch::default(),
        &mut EpaWorkspace::new(),
    )
}

/// [`manifold_polytopes`] computed in `scratch`, the one-point fallback's EPA in `epa`: the same
/// answer whatever they held before.
pub(super) fn manifold_polytopes_in<T, A, B>(
    pa: &Polytope<T>,
    pb: &Polytope<T>,
    a: &A,
    b: &B,
    prediction: T,
    scratch: &mut Scratch<T>,
    epa: &mut EpaWorkspace<T>,
) -> Manifold<T>
where
    T: Real,
    A: SupportMap<T> + ?Sized,
    B: SupportMap<T> + ?Sized,
{
    if prediction.is_nan() {
        return Manifold::empty();
    }
    let Some(core) = local_manifold_in(pa, pb, prediction, scratch) else {
        // Apart beyond the prediction along an axis by more than any rounding of the one-point
        // contact's distance (at least the separation on any axis): that contact would be
        // beyond the prediction too.
        return Manifold::empty();
    };
    if core.is_empty() {
        // Nothing left after clipping: apart with the closest features beside the reference
        // face, or an overlap of rounding size. The one-point contact answers.
        let c = contact_convex_with_workspace(a, b, EPA_MAX_ITERATIONS, epa).map(|(c, _)| c);
        return one_point(pa, pb, c, prediction);
    }
    core.checked()
}

/// [`core_manifold`] computed about a vertex of `pa` (both polytopes moved by minus it, the
/// answer moved back): the separations, clipping and tolerances are then at the scale of the
/// shapes and their distance, not of their distance from the origin, where the coordinates'
/// own rounding is many times the shapes' features in `f32`.
pub(super) fn local_manifold<T: Real>(
    pa: &Polytope<T>,
    pb: &Polytope<T>,
    prediction: T,
) -> Manifold<T> {
    local_manifold_in(pa, pb, prediction, &mut Scratch::default()).unwrap_or_else(Manifold::empty)
}

/// [`local_manifold`] computed in `scratch`; `None` when [`core_manifold`] proves the polytopes
/// apart beyond the prediction.
pub(super) fn local_manifold_in<T: Real>(
    pa: &Polytope<T>,
    pb: &Polytope<T>,
    prediction: T,
    scratch: &mut Scratch<T>,
) -> Option<Manifold<T>> {
    posed_manifold_in(pa, pb, None, prediction, scratch)
}

/// [`local_manifold_in`] with `pb` placed by `pose` in `pa`'s frame when one is given
/// ([`Polytope::posed_into`]: read through the pose, not rebuilt); the answer in `pa`'s frame.
pub(super) fn posed_manifold_in<T: Real>(
    pa: &Polytope<T>,
    pb: &Polytope<T>,
    pose: Option<&Isometry3<T>>,
    prediction: T,
    scratch: &mut Scratch<T>,
) -> Option<Manifold<T>> {
    let o = pa.vertex(0).coords;
    let Scratch {
        vertices_a,
        vertices_b,
        offsets_a,
        offsets_b,
        normals_b,
        arcs_b,
        directions_b,
        sides_a,
        sides_b,
        polygon,
        clipped,
        found,
        ..
    } = scratch;
    let a = pa.moved_into(&o, vertices_a, offsets_a);
    let b = match pose {
        Some(pose) => pb.posed_into(
            pose,
            &o,
            PosedStorage {
                vertices: vertices_b,
                offsets: offsets_b,
                normals: normals_b,
                arcs: arcs_b,
            },
        ),
        None => pb.moved_into(&o, vertices_b, offsets_b),
    };
    let m = core_manifold(
        a,
        b,
        prediction,
        EdgeStorage { directions_b, sides_a, sides_b },
        &mut Clipping { polygon, clipped, found },
    )?;
    let mut moved = Manifold::with_normal(m.normal);
    for p in m.points() {
        moved.push(ManifoldPoint { point_a: p.point_a + o, point_b: p.point_b + o, ..*p });
    }
    Some(moved)
}

/// The one-point manifold of contact `c` of the shapes `pa` and `pb` describe, when within
/// `prediction`, its features the nearest to its witness points.
pub(super) fn one_point<T: Real>(
    pa: &Polytope<T>,
    pb: &Polytope<T>,
    c: Option<crate::Contact<T>>,
    prediction: T,
) -> Manifold<T> {
    let tol = pa.tolerance(pb);
    Manifold::from_contact(c, prediction, |c| FeatureId {
        a: pa.feature_at(&c.point_a, &c.normal.into_inner(), tol),
        b: pb.feature_at(&c.point_b, &-c.normal.into_inner(), tol),
    })
}

/// [`one_point`] for `pb` placed by `pose` in `pa`'s frame (the contact `c` in that frame): its
/// feature read at the contact's point and normal brought into `pb`'s own frame, the tolerance of
/// the pair as placed (`magnitude_b`: [`Polytope::posed_into`]'s).
fn one_point_posed<T: Real>(
    pa: &Polytope<T>,
    pb: &Polytope<T>,
    pose: &Isometry3<T>,
    magnitude_b: T,
    c: Option<crate::Contact<T>>,
    prediction: T,
) -> Manifold<T> {
    let tol = pa.scale().tolerance(&Scale { magnitude: magnitude_b, ..pb.scale() });
    Manifold::from_contact(c, prediction, |c| FeatureId {
        a: pa.feature_at(&c.point_a, &c.normal.into_inner(), tol),
        b: pb.feature_at(
            &pose.inverse_transform_point(&c.point_b),
            &pose.rotation.inverse_transform_vector(&-c.normal.into_inner()),
            tol,
        ),
    })
}

/// [`manifold_polytopes_in`] with `pb` (of the shape `b`, in its own frame) placed by `pose` in
/// `pa`'s frame, read through the pose without being rebuilt ([`Polytope::posed_into`]); the
/// one-point fallback on `b`'s support map through the pose ([`Transformed`]). The answer in
/// `pa`'s frame.
///
/// [`Transformed`]: crate::Transformed
#[allow(clippy::too_many_arguments)]
pub(super) fn manifold_polytopes_posed_in<T, A, B>(
    pa: &Polytope<T>,
    pb: &Polytope<T>,
    pose: &Isometry3<T>,
    a: &A,
    b: &B,
    prediction: T,
    scratch: &mut Scratch<T>,
    epa: &mut EpaWorkspace<T>,
) -> Manifold<T>
where
    T: Real,
    A: SupportMap<T> + ?Sized,
    B: SupportMap<T> + ?Sized,
{
    if prediction.is_nan() {
        return Manifold::empty();
    }
    let Some(core) = posed_manifold_in(pa, pb, Some(pose), prediction, scratch) else {
        return Manifold::empty();
    };
    if core.is_empty() {
        let moved = crate::Transformed { shape: b, pose: *pose };
        let c = contact_convex_with_workspace(a, &moved, EPA_MAX_ITERATIONS, epa).map(|(c, _)| c);
        let magnitude_b =
            pb.vertices.iter().fold(T::ZERO, |m, v| m.fast_max((pose * v).coords.amax()));
        return one_point_posed(pa, pb, pose, magnitude_b, c, prediction);
    }
    core.checked()
}

/// The clipping's storage: the polygon, the polygon clipped by one more side, the points found.
struct Clipping<'a, T: Real> {
    polygon: &'a mut Vec<ClipVertex<T>>,
    clipped: &'a mut Vec<ClipVertex<T>>,
    found: &'a mut Vec<ManifoldPoint<T>>,
}

/// [`edge_edge_axis`](osculate_math::edge_edge_axis) of the edge directions `x` and `y` (squared lengths `xx` and `yy`) with no
/// offset between the edges: their cross product by [`edge_cross`](osculate_math::edge_cross),
/// `None` when it is (nearly) zero. The same roundings, with the lengths computed once per edge.
#[inline]
fn pair_axis<T: Real>(x: &Vector3<T>, y: &Vector3<T>, xx: T, yy: T) -> Option<Vector3<T>> {
    let c = x.cross(y);
    let m = if c.norm_squared() < T::lit(1e-3) * xx * yy {
        let w = if x.dot(y) >= T::ZERO { y - x } else { y + x };
        if w.norm_squared() < yy { x.cross(&w) } else { c }
    } else {
        c
    };
    (m.norm_squared() > T::DEGENERATE_SQ_TOLERANCE * xx * yy).then_some(m)
}

/// The edge search's storage: B's edge directions (each with its squared length and a vertex),
/// the sides of B's face normals on the plane normal to an edge of A, and the sides of A's face
/// normals on the plane normal to each edge of B.
struct EdgeStorage<'a, T: Real> {
    directions_b: &'a mut Vec<(Vector3<T>, T, Point3<T>)>,
    sides_a: &'a mut Vec<i8>,
    sides_b: &'a mut Vec<i8>,
}

/// The manifold of the polytopes by separating axes and clipping, empty when they are apart by
/// more than `prediction` or the clipping leaves nothing; `None` as soon as an axis separates
/// them by more than `prediction` plus the pair's tolerance and preference (the one-point
/// contact's distance, at least any axis's separation less its rounding, is then beyond the
/// prediction as well). `edge_storage` and `clipping` are storage.
fn core_manifold<T: Real>(
    pa: Placed<'_, T>,
    pb: Placed<'_, T>,
    prediction: T,
    edge_storage: EdgeStorage<'_, T>,
    clipping: &mut Clipping<'_, T>,
) -> Option<Manifold<T>> {
    // The best face of A: its separation is B's least projection on the normal less the face's
    // offset; of B the same with the roles exchanged (the normal from A toward B is then −n).
    // `None` as soon as an axis separates beyond `beyond`: first the direction from A's centroid
    // to B's, which separates most pairs that are well apart at the cost of one projection of
    // each shape (a proof of the distance, as any axis is, though none of the faces or edge pairs
    // the search measures), then each face.
    let beyond = prediction + pa.tolerance(&pb) + pa.preference(&pb);
    let towards = pb.centroid - pa.centroid;
    let length = towards.norm();
    if length > T::ZERO {
        let l = towards / length;
        if pb.extent(&l).0 - pa.extent(&l).1 > beyond {
            return None;
        }
    }
    let EdgeStorage { directions_b, sides_a, sides_b } = edge_storage;
    let best_face = |r: &Placed<'_, T>, o: &Placed<'_, T>| {
        let mut best = (T::NEG_INFINITY, 0);
        for (i, n) in r.normals.iter().enumerate() {
            let s = o.extent(n).0 - r.offset(i);
            if s > best.0 {
                if s > beyond {
                    return None;
                }
                best = (s, i);
            }
        }
        Some(best)
    };
    let face_a = best_face(&pa, &pb)?;
    let face_b = best_face(&pb, &pa)?;
    let prefer = pa.preference(&pb);
    let use_b = face_b.0 > face_a.0 + prefer;
    let face_separation = if use_b { face_b.0 } else { face_a.0 };
    // The best edge pair matters only where it separates more than the chosen face (below, every
    // use of it is behind `edges.0 > face_separation`, and the face's separation already bounds
    // the shapes'): the search starts from the face's, and a pair that cannot beat it is skipped
    // unmeasured.
    let mut edges = (face_separation, (0, 0), Vector3::zeros());
    // B's edge directions (with their squared lengths and a vertex of each) once, not once for
    // each edge of A.
    directions_b.clear();
    directions_b.extend(pb.p.edges.iter().map(|e| {
        let y = pb.edge_line(e).0;
        (y, y.norm_squared(), pb.vertex(e.v[0]))
    }));
    // The side of each face normal of A on the plane normal to each edge of B (`faces_a` a row),
    // and (for each edge of A in turn) of each face normal of B on the plane normal to it: 1 or
    // −1 beyond the margin, 0 within it.
    let margin = T::lit(PLANE_MARGIN);
    let side = |d: T| -> i8 {
        if d > margin {
            1
        } else if d < -margin {
            -1
        } else {
            0
        }
    };
    let faces_a = pa.normals.len();
    sides_b.clear();
    for (y, _, _) in directions_b.iter() {
        sides_b.extend(pa.normals.iter().map(|n| side(n.dot(y))));
    }
    // Whether the arc between faces `f` of a polytope lies beyond the margin on one side (never
    // for [`NO_ARC`], whose faces have no side).
    let apart = |sides: &[i8], [f1, f2]: [u32; 2]| {
        let s1 = sides.get(f1 as usize).copied().unwrap_or(0);
        s1 != 0 && sides.get(f2 as usize).is_some_and(|&s2| s2 == s1)
    };
    for (i, (ea, arc_a)) in pa.p.edges.iter().zip(pa.arcs).enumerate() {
        let (x, _, _) = pa.edge_line(ea);
        let xx = x.norm_squared();
        let a_at = pa.vertex(ea.v[0]);
        let faces_of_a = pa.p.arc_faces.get(i).copied().unwrap_or(NO_ARC);
        sides_a.clear();
        sides_a.extend(pb.normals.iter().map(|n| side(n.dot(&x))));
        let pairs_b = directions_b.iter().zip(pb.arcs).zip(&pb.p.arc_faces).enumerate();
        for (j, (((y, yy, b_at), arc_b), faces_of_b)) in pairs_b {
            // Gregorius's arc test, first as its two plane tests on prepared signs: B's arc must
            // cross the plane normal to A's edge, and A's the plane normal to B's edge.
            if apart(sides_a, *faces_of_b)
                || apart(sides_b.get(j * faces_a..).unwrap_or(&[]), faces_of_a)
            {
                continue;
            }
            // Parallel edges give no axis of their own: their pair's axes are face normals.
            let Some(c) = pair_axis(&x, y, xx, *yy) else { continue };
            // Only a pair whose edges support their shapes along the axis (A's along n, B's along
            // −n) makes a face of the shapes' Minkowski difference, Gregorius's Gauss-map test:
            // the arcs of A's and of B's negated edge cones cross, at ±c. Another pair's axis is a
            // valid lower bound on the separation, but its edges are not where the shapes meet.
            // A flat polytope's edge (or a segment) supports its shape both ways along an axis in
            // its plane: both signs may make a face, each is a valid bound, the larger counts.
            // The cone tests are signs of products linear in the axis, so they take it as it is
            // (both signs from the same products); only a pair that passes them is normalised and
            // measured.
            let (a_plus, a_minus) = arc_a.sides(&pa, &c);
            if !(a_plus || a_minus) {
                continue;
            }
            let (b_plus, b_minus) = arc_b.sides(&pb, &c);
            for (n, holds) in [(c, a_plus && b_minus), (-c, a_minus && b_plus)] {
                if !holds {
                    continue;
                }
                let n = n / n.norm();
                // A bound from one vertex of each edge: B's least projection is at most its
                // edge's, A's largest at least its edge's, so the pair's separation (the same
                // roundings of the same products) is at most `bound`. Edges that support their
                // shapes along n make it the separation up to rounding; only a pair whose bound
                // beats the best is measured over all the vertices.
                let bound = n.dot(&b_at.coords) - n.dot(&a_at.coords);
                if bound <= edges.0 {
                    continue;
                }
                let s = pb.extent(&n).0 - pa.extent(&n).1;
                if s > edges.0 {
                    if s > beyond {
                        return None;
                    }
                    edges = (s, (i, j), n);
                }
            }
        }
    }
    if !(face_a.0.fast_max(face_b.0).fast_max(edges.0) <= prediction) {
        // Separated beyond the prediction, or a NaN.
        return Some(Manifold::empty());
    }
    if edges.0 > face_separation + prefer {
        // The edge pair's axis separates more than every face by the preference: the faces'
        // clipping would answer along a worse axis. When its join is no answer (beyond the
        // preference outside an edge, or edges not at the separation: a face's corners misread),
        // the one-point contact does (the caller's fallback on the empty manifold).
        return Some(
            edge_contact(pa, pb, edges.1, &edges.2, prediction, true)
                .unwrap_or_else(Manifold::empty),
        );
    }
    let face = if use_b {
        face_contact(pb, face_b.1, pa, prediction, clipping).swapped()
    } else {
        face_contact(pa, face_a.1, pb, prediction, clipping)
    };
    // The face won by the preference over an edge pair, and its clipped points are shallower than
    // its separation by more than the preference: the deepest vertex lies beside the reference
    // face (it does only where the face is not the shapes' axis of least overlap), and the edge
    // pair's point is the deeper answer.
    let shallow = face.deepest().is_none_or(|p| p.distance > face_separation + prefer);
    if shallow
        && edges.0 > face_separation
        && let Some(m) = edge_contact(pa, pb, edges.1, &edges.2, prediction, false)
        && m.deepest().is_some_and(|e| face.deepest().is_none_or(|f| e.distance < f.distance))
    {
        return Some(m);
    }
    Some(face)
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_testing::{Frame, Generate, Rng, cases, for_f32_and_f64};

    /// Two polyhedra of one random frame, the second moved by up to twice the frame's size: as
    /// often apart as overlapping.
    fn polyhedra<T: Real>(rng: &mut Rng) -> (ConvexPolyhedron<T>, ConvexPolyhedron<T>) {
        let frame = Frame::<T>::random(rng);
        let a = ConvexPolyhedron::generate(rng, &frame);
        let moved = Frame { origin: frame.origin + frame.offset(rng, 2.0), ..frame };
        (a, ConvexPolyhedron::generate(rng, &moved))
    }

    /// The screen's verdicts are the search's: where it proves the pair apart (`None`), the
    /// search ends with `None` too, and where a face separates it beyond the prediction, the
    /// search's manifold is empty. Its scale is the polytope's, bit for bit.
    fn screen_agrees_with_the_search<T: Real>() {
        let mut rng = Rng::new(0x05c4_ee11);
        let mut scratch = Scratch::default();
        let (mut proved, mut beyond) = (0, 0);
        for i in 0..cases(400) {
            let (a, b) = polyhedra::<T>(&mut rng);
            let (Some(pa), Some(pb)) =
                (Polytope::from_polyhedron(&a), Polytope::from_polyhedron(&b))
            else {
                continue;
            };
            for p in [&a, &b] {
                let (s, t) =
                    (Scale::of(&p.vertices), Polytope::from_polyhedron(p).map(|q| q.scale()));
                let t = t.unwrap_or(s);
                assert_eq!(
                    (s.centroid, s.radius.to_f64().to_bits(), s.magnitude.to_f64().to_bits()),
                    (t.centroid, t.radius.to_f64().to_bits(), t.magnitude.to_f64().to_bits())
                );
            }
            let prediction = T::lit([0.0, 0.01, 0.3, -0.05][(i % 4) as usize]);
            let (oa, ob) = (
                Outline::of_polyhedron(&a, Scale::of(&a.vertices)),
                Outline::of_polyhedron(&b, Scale::of(&b.vertices)),
            );
            let search = local_manifold_in(&pa, &pb, prediction, &mut scratch);
            match screen(&oa, &ob, prediction) {
                None => {
                    proved += 1;
                    assert!(search.is_none(), "{a:?} {b:?} {prediction:?}");
                }
                Some(s) if s > prediction => {
                    beyond += 1;
                    assert!(search.is_none_or(|m| m.is_empty()), "{a:?} {b:?} {prediction:?}");
                }
                Some(_) => {}
            }
            // A segment (a capsule's axis) against the polyhedron: the outline of a built
            // polytope.
            let (Some(p), Some(q)) = (a.vertices.first(), a.vertices.last()) else { continue };
            let Some(ps) = Polytope::from_segment(p, q) else { continue };
            let search = local_manifold_in(&ps, &pb, prediction, &mut scratch);
            match screen(&Outline::of_polytope(&ps), &ob, prediction) {
                None => assert!(search.is_none()),
                Some(s) if s > prediction => assert!(search.is_none_or(|m| m.is_empty())),
                Some(_) => {}
            }
        }
        assert!(proved > 0 && beyond > 0, "{proved} {beyond}");
    }

    for_f32_and_f64!(screen_agrees_with_the_search);
}
