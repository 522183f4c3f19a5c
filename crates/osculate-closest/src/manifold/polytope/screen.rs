//! The first tests of the separating-axis search on a polytope's vertices and face planes alone,
//! read before its features are built.

use alloc::borrow::Cow;

use osculate_math::{ConvexPolyhedron, Isometry3, Point3, Real, Vector3};

use super::{FACE_PREFERENCE, Face, ON_FACE, Polytope, extent};
use crate::manifold::Feature;

/// The size of a polytope as its tolerances read it: its vertices' centroid, the largest distance
/// of a vertex from it (its radius) and its largest absolute vertex coordinate (its magnitude).
#[derive(Clone, Copy, Debug)]
pub(in crate::manifold) struct Scale<T: Real> {
    pub(super) centroid: Point3<T>,
    pub(super) radius: T,
    pub(super) magnitude: T,
}

impl<T: Real> Scale<T> {
    /// The scale of a polytope of the given vertices, as [`Polytope`] computes it (the centroid
    /// of no vertex is NaN).
    pub(in crate::manifold) fn of(vertices: &[Point3<T>]) -> Self {
        Self::of_points(vertices.iter().copied())
    }

    /// [`Scale::of`] the vertices `points` gives (the same numbers, bit for bit).
    pub(in crate::manifold) fn of_points(points: impl Iterator<Item = Point3<T>> + Clone) -> Self {
        let count = T::lit(points.clone().count() as f64);
        let centroid = points.clone().fold(Vector3::zeros(), |s, v| s + v.coords) / count;
        let radius = points.clone().fold(T::ZERO, |r, v| r.fast_max((v.coords - centroid).norm()));
        let magnitude = points.fold(T::ZERO, |m, v| m.fast_max(v.coords.amax()));
        Self { centroid: Point3::from(centroid), radius, magnitude }
    }

    /// [`Polytope::tolerance`] of the pair of polytopes of these scales.
    pub(in crate::manifold) fn tolerance(&self, other: &Self) -> T {
        T::EPSILON * T::lit(64.0) * self.magnitude.fast_max(other.magnitude)
            + T::RELATIVE_TOLERANCE * (self.radius + other.radius)
    }

    /// [`Polytope::preference`] of the pair of polytopes of these scales.
    pub(in crate::manifold) fn preference(&self, other: &Self) -> T {
        T::lit(FACE_PREFERENCE) * (self.radius + other.radius)
    }
}

/// The vertices and face planes of a polytope, read from a [`Polytope`] or from a
/// [`ConvexPolyhedron`] before its features are built, with its [`Scale`]: what the first tests
/// of the separating-axis search read.
#[derive(Clone, Copy)]
pub(in crate::manifold) struct Outline<'a, T: Real> {
    vertices: &'a [Point3<T>],
    planes: Planes<'a, T>,
    scale: Scale<T>,
    /// Where the vertices and planes are placed (`None`: where they are).
    pose: Option<Isometry3<T>>,
}

/// The face planes of an [`Outline`].
#[derive(Clone, Copy)]
enum Planes<'a, T: Real> {
    /// A polytope's faces and offsets.
    Polytope(&'a [Face<T>], &'a [T]),
    /// A polyhedron's planes, face `i` of its polytope being plane `i`.
    Polyhedron(&'a [osculate_math::Plane<T>]),
}

impl<'a, T: Real> Outline<'a, T> {
    /// The outline of a built polytope.
    pub(in crate::manifold) fn of_polytope(p: &'a Polytope<T>) -> Self {
        Self {
            vertices: &p.vertices,
            planes: Planes::Polytope(&p.faces, &p.offsets),
            scale: p.scale(),
            pose: None,
        }
    }

    /// The outline of the polytope [`Polytope::from_polyhedron`] builds of `p`, its scale
    /// `scale` ([`Scale::of`] its vertices).
    pub(in crate::manifold) fn of_polyhedron(p: &'a ConvexPolyhedron<T>, scale: Scale<T>) -> Self {
        Self { vertices: &p.vertices, planes: Planes::Polyhedron(&p.planes), scale, pose: None }
    }

    /// The outline of `p` placed by `pose`, read through it: the numbers of the outline of the
    /// polyhedron moved by `pose` (its vertices `pose · v`, its planes as
    /// [`osculate_math::Plane`]'s transform moves them), bit for bit, without building it.
    pub(in crate::manifold) fn of_posed_polyhedron(
        p: &'a ConvexPolyhedron<T>,
        pose: &Isometry3<T>,
    ) -> Self {
        let scale = Scale::of_points(p.vertices.iter().map(|v| pose * v));
        Self {
            vertices: &p.vertices,
            planes: Planes::Polyhedron(&p.planes),
            scale,
            pose: Some(*pose),
        }
    }

    /// The vertices where the outline is placed.
    fn points(&self) -> impl Iterator<Item = Point3<T>> + Clone + '_ {
        let pose = self.pose;
        self.vertices.iter().map(move |v| pose.map_or(*v, |pose| pose * v))
    }

    /// A face's normal and offset where the outline is placed.
    fn placed(&self, normal: &Vector3<T>, d: T) -> (Vector3<T>, T) {
        match &self.pose {
            Some(pose) => {
                let n = pose.rotation * normal;
                (n, d + n.dot(&pose.translation.vector))
            }
            None => (*normal, d),
        }
    }

    /// The largest separation of `other`'s vertices from a face plane of this outline (both
    /// moved by `−o`, as [`core_manifold`](super::core_manifold)'s search computes it: its least projection on the
    /// face's normal less the face's moved offset), each face's separation `s` passed to `stop`
    /// first: `None` as soon as `stop(s)`.
    fn face_separation(&self, other: &Self, o: &Vector3<T>, stop: impl Fn(T) -> bool) -> Option<T> {
        let moved = || other.points().map(|v| v - o);
        let mut best = T::NEG_INFINITY;
        let mut face = |normal: &Vector3<T>, d: T| {
            let (normal, d) = self.placed(normal, d);
            let normal = &normal;
            let s = extent(moved(), normal).0 - (d - normal.dot(o));
            if stop(s) {
                return false;
            }
            if s > best {
                best = s;
            }
            true
        };
        let all = match self.planes {
            Planes::Polytope(faces, offsets) => {
                faces.iter().zip(offsets).all(|(f, d)| face(&f.normal, *d))
            }
            Planes::Polyhedron(planes) => planes.iter().all(|p| face(&p.normal.into_inner(), p.d)),
        };
        all.then_some(best)
    }
}

/// A screen of the pair of polytopes of outlines `a` (A) and `b` (B) by the first tests of
/// [`core_manifold`](super::core_manifold)'s search for [`local_manifold_in`](super::local_manifold_in) at `prediction`, computed as that search
/// computes them: `None` when the direction between their centroids or a face of A or of B
/// separates them by more than `prediction` plus the pair's tolerance and preference, where the
/// search stops with `None` too; else the largest separation on a face of A or of B, which the
/// search's manifold is empty beyond `prediction` of.
pub(in crate::manifold) fn screen<'a, T: Real>(
    a: &Outline<'a, T>,
    b: &Outline<'a, T>,
    prediction: T,
) -> Option<T> {
    let o = a.points().next().unwrap_or_else(Point3::origin).coords;
    let beyond = prediction + a.scale.tolerance(&b.scale) + a.scale.preference(&b.scale);
    let towards = (b.scale.centroid - o) - (a.scale.centroid - o);
    let length = towards.norm();
    if length > T::ZERO {
        let l = towards / length;
        let (pa, pb) = (a.points().map(|v| v - o), b.points().map(|v| v - o));
        if extent(pb, &l).0 - extent(pa, &l).1 > beyond {
            return None;
        }
    }
    let stop = |s: T| s > beyond;
    let s_a = a.face_separation(b, &o, stop)?;
    let s_b = b.face_separation(a, &o, stop)?;
    Some(s_a.fast_max(s_b))
}

/// The feature of polyhedron `b` (of scale `scale`) nearest its boundary point `p`, as
/// [`Polytope::feature_at`] names it on the polytope `pb` gives of `b` (`None` where it gives
/// none), read from `b`'s vertices and planes where they settle it: a vertex within `tol`, or a
/// point that no side of a face can be within `tol` of, whose feature is then a face. An edge is
/// a side of a face, its ends corners of it: within [`ON_FACE`] ε of the magnitude inside its
/// plane. A point within `tol` of it is then not inside that plane by more than that and `tol`
/// (twice `tol` covers the roundings); the polytope is asked for only where two face planes
/// reach the point, or where a pair of the one reaching plane's corners is within twice `tol`.
pub(in crate::manifold) fn polyhedron_feature_at<'p, T: Real>(
    b: &ConvexPolyhedron<T>,
    scale: &Scale<T>,
    pb: impl FnOnce() -> Option<Cow<'p, Polytope<T>>>,
    p: &Point3<T>,
    outward: &Vector3<T>,
    tol: T,
) -> Option<Feature> {
    let mut best = (T::INFINITY, Feature::Face(0));
    for (i, v) in b.vertices.iter().enumerate() {
        let d = (v - p).norm();
        if d < best.0 {
            best = (d, Feature::Vertex(i as u32));
        }
    }
    if best.0 <= tol {
        return Some(best.1);
    }
    let wide = T::EPSILON * T::lit(ON_FACE) * scale.magnitude;
    let reach = wide + tol + tol;
    let mut reaching = b.planes.iter().filter(|q| q.normal.dot(&p.coords) - q.d >= -reach);
    if let Some(q) = reaching.next() {
        let near = reaching.next().is_some() || {
            let normal = q.normal.into_inner();
            let corner = |v: &&Point3<T>| q.d - normal.dot(&v.coords) <= wide;
            let corners = || b.vertices.iter().filter(corner);
            let within = (tol + tol) * (tol + tol);
            corners().enumerate().any(|(k, u)| {
                corners().skip(k + 1).any(|v| {
                    let e = v - u;
                    let len = e.norm_squared();
                    let t = if len > T::ZERO {
                        ((p - u).dot(&e) / len).fast_max(T::ZERO).fast_min(T::ONE)
                    } else {
                        T::ZERO
                    };
                    !((u + e * t - p).norm_squared() > within)
                })
            })
        };
        if near {
            return pb().map(|pb| pb.feature_at(p, outward, tol));
        }
    }
    let gap = |q: &osculate_math::Plane<T>| (q.normal.dot(&p.coords) - q.d).abs();
    let nearest = b.planes.iter().fold(T::INFINITY, |g, q| g.fast_min(gap(q)));
    let mut face = (T::NEG_INFINITY, Feature::Face(0));
    for (i, q) in b.planes.iter().enumerate().filter(|(_, q)| gap(q) <= nearest + tol) {
        let facing = q.normal.dot(outward);
        if facing > face.0 {
            face = (facing, Feature::Face(i as u32));
        }
    }
    Some(face.1)
}
