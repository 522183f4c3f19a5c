//! Manifolds of the box pairs: box-box by separating axes and clipping, sphere-box from the
//! one-point contact.

use osculate_math::{Aabb, Obb, Point3, Real, Sphere, Unit, Vector3, edge_edge_axis};

use super::clip::{Along, ClipBuffer, ClipVertex, SidePlane};
use super::{Feature, FeatureId, Manifold, ManifoldPoint, reduce};
use crate::{contact_sphere_aabb, contact_sphere_obb};

/// How much deeper (relative to the boxes' size, the sum of their largest half extents) an edge
/// axis, or a face axis of B, must be than a face axis of A before it is chosen over it
/// (Gregorius, GDC 2015: a relative preference keeps the reference face of a resting box from
/// flipping between two nearly equal axes from one step to the next). 1e-3 of the size: a resting
/// box jittered by 1e-4 of its size, in position or angle, changes the overlaps it compares by
/// about that much, ten times less than the preference.
pub(super) const FACE_PREFERENCE: f64 = 1e-3;

/// How far (in units of ε times the pair's magnitude: its largest center coordinate plus its
/// largest half extents) outside a side plane of the reference face a vertex is still kept, so
/// that a vertex computed on a side plane is inside it: the crossing of an edge with a plane
/// rounds to a few ε of the coordinates off it; 64 ε leaves a margin and keeps the points within
/// rounding of the reference face.
const CLIP_SLACK: f64 = 64.0;

/// The id of the face of a box on the `positive` (or negative) side of its axis `k`.
pub(super) fn face(k: usize, positive: bool) -> Feature {
    Feature::Face(2 * k as u32 + u32::from(positive))
}

/// The corners (indices into [`Obb::corners`]) of the face of a box on the `positive` (or
/// negative) side of its axis `k`, counter-clockwise about the face's outward normal (read by
/// the polyhedron and round manifolds, which need `alloc`).
#[cfg(feature = "alloc")]
pub(super) fn face_ring(k: usize, positive: bool) -> [usize; 4] {
    let (p, q) = ((k + 1) % 3, (k + 2) % 3);
    let (p, q) = (p.min(q), p.max(q));
    let bit = |s: bool, axis: usize| usize::from(s) << axis;
    // The corners (−,−), (+,−), (+,+), (−,+) over the other two axes (p, q) turn
    // counter-clockwise about +k when (p, q, k) is a cyclic order of the axes (k = 0, 2),
    // clockwise for k = 1; and the other way about −k.
    let mut ring = [(false, false), (true, false), (true, true), (false, true)]
        .map(|(sp, sq)| bit(positive, k) | bit(sp, p) | bit(sq, q));
    if (k != 1) != positive {
        ring.reverse();
    }
    ring
}

/// The id of the corner with the given sides per axis (bit `k` set: on the `+k` side), as
/// `Obb::corners` numbers them.
pub(super) fn corner(sides: [bool; 3]) -> Feature {
    Feature::Vertex(sides.iter().enumerate().map(|(k, &s)| u32::from(s) << k).sum())
}

/// The id of the edge parallel to axis `k` whose coordinates on the other two axes have the sides
/// `sides` (the entry for `k` is ignored).
pub(super) fn edge(k: usize, sides: [bool; 3]) -> Feature {
    let (lo, hi) = ((k + 1) % 3, (k + 2) % 3);
    let (lo, hi) = (lo.min(hi), lo.max(hi));
    Feature::Edge(4 * k as u32 + u32::from(sides[lo]) + 2 * u32::from(sides[hi]))
}

/// `true` for a box whose every number is finite and whose half extents are not negative.
pub(super) fn valid<T: Real>(o: &Obb<T>) -> bool {
    osculate_math::Validate::is_valid(o)
}

/// The contact manifold of two oriented boxes `a` (A) and `b` (B): up to four points sharing the
/// normal from A toward B, with the distance along it; points apart by more than `prediction` are
/// left out.
///
/// Method (Gregorius, "Robust Contact Creation for Physics Simulations", GDC 2015; the box
/// manifold of Box3D and Box2D v3's polygon manifold): the separation of the boxes on each of the
/// 15 candidate axes (three face normals of each, nine edge cross products, parallel edges
/// skipped as in Ericson 5.2.1.1); any separation beyond `prediction` empties the manifold. The
/// largest separation picks the contact: the best face of A, unless B's best face is larger by
/// more than a preference of 1e-3 of the boxes' size; then the best edge pair only if larger than
/// that face by more than the preference (so a resting box keeps its reference face, and the axis
/// chosen is within one preference of the largest separation). For a face, that face is the
/// *reference face*; the face of the other box most anti-parallel to it, the *incident face*, is
/// clipped by the reference face's four side planes (Sutherland-Hodgman, a vertex within the
/// rounding of a crossing point outside a plane kept, so that the two coinciding side planes of a
/// flat box's zero-width face keep the vertices on them), and each remaining vertex within `prediction` of
/// the reference plane is a point: on the incident box the vertex, on the reference box its
/// projection on the reference face. More than four are reduced to four, keeping the deepest
/// (within 5e-4 of the patch's size) and the largest area: the deepest point is within the
/// preference of the boxes' penetration depth. For an edge
/// pair, one point: where the two supporting edges are joined along the axis; when that join falls
/// outside an edge (the edges do not meet: the axis separates boxes that are apart beside their
/// edges), the best face axis is used instead. When the clipped polygon is empty (apart, the
/// closest features beside the reference face), the one-point [`contact_obb_obb`](crate::contact_obb_obb)
/// (the closest points by GJK when apart) is the manifold, its features found from its points.
///
/// Feature ids (numbered as [`Feature`] says for boxes): an incident vertex inside the reference
/// face is (reference face, incident vertex); the crossing of an incident edge with a side plane
/// is (reference edge, incident edge); a corner of the reference face inside the incident face is
/// (reference vertex, incident face); an edge-edge point is (edge, edge). Each id names the
/// features the point is computed from, so it is unchanged while the configuration moves without
/// a feature entering or leaving the clipped polygon.
///
/// For separated boxes within `prediction` the distances are measured along the manifold normal
/// (a speculative contact), which is at least the boxes' true gap.
///
/// Degenerate and non-finite input: flat boxes (a zero half extent) are valid. A NaN or infinite
/// number, a negative half extent or a NaN `prediction` gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::manifold_obb_obb;
/// use osculate_math::{Obb, Point3, Rotation3, Vector3};
///
/// let ground = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(5.0_f64, 5.0, 1.0));
/// let crate_ = Obb::new(Point3::new(0.0, 0.0, 1.49), Rotation3::identity(), Vector3::new(0.5, 0.5, 0.5));
/// let m = manifold_obb_obb(&ground, &crate_, 0.0);
/// // The crate's four bottom corners, each 0.01 deep, normal up.
/// assert_eq!(m.len(), 4);
/// assert!((m.normal.into_inner() - Vector3::z()).norm() < 1e-12);
/// assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-12));
/// ```
#[must_use]
pub fn manifold_obb_obb<T: Real>(a: &Obb<T>, b: &Obb<T>, prediction: T) -> Manifold<T> {
    obb_obb(a, b, prediction, false)
}

/// [`manifold_obb_obb`]; `aligned` for two boxes of the identity rotation, whose axes are the
/// same exact unit vectors: B's face axes are then A's and give the same separations, and each
/// edge pair's cross product is (exactly, its entries 0 and ±1) a face axis with the separation
/// of that face, so never larger than the face chosen by the preference. Those separations are
/// not computed again: the same manifold.
fn obb_obb<T: Real>(a: &Obb<T>, b: &Obb<T>, prediction: T, aligned: bool) -> Manifold<T> {
    if !(valid(a) && valid(b)) || prediction.is_nan() {
        return Manifold::empty();
    }
    let ua = a.axes();
    let ub = b.axes();
    let d = b.center - a.center;
    let radius = |o: &Obb<T>, u: &[Vector3<T>; 3], l: &Vector3<T>| {
        (0..3).fold(T::ZERO, |r, i| r + o.half_extents[i] * u[i].dot(l).abs())
    };
    // The separation of the boxes' projections on the unit axis `l` (negative: overlap), and `l`
    // turned from A toward B.
    let separation = |l: &Vector3<T>| {
        let s = d.dot(l);
        (s.abs() - radius(a, &ua, l) - radius(b, &ub, l), if s < T::ZERO { -l } else { *l })
    };
    let mut face_a = (T::NEG_INFINITY, 0, Vector3::zeros());
    let mut face_b = face_a;
    let mut edges = (T::NEG_INFINITY, (0, 0), Vector3::zeros());
    // Any axis separating the boxes by more than the prediction empties the manifold: the search
    // ends there (the face axes first, the cheapest and the likeliest to separate).
    for k in 0..3 {
        let (s, n) = separation(&ua[k]);
        if s > prediction {
            return Manifold::empty();
        }
        if s > face_a.0 {
            face_a = (s, k, n);
        }
        if aligned {
            continue;
        }
        let (s, n) = separation(&ub[k]);
        if s > prediction {
            return Manifold::empty();
        }
        if s > face_b.0 {
            face_b = (s, k, n);
        }
    }
    if aligned {
        face_b = face_a;
    }
    for (i, x) in ua.iter().enumerate().filter(|_| !aligned) {
        for (j, y) in ub.iter().enumerate() {
            let Some(c) = edge_edge_axis(x, y, &Vector3::zeros()) else { continue };
            let (s, n) = separation(&(c / c.norm()));
            if s > prediction {
                return Manifold::empty();
            }
            if s > edges.0 {
                edges = (s, (i, j), n);
            }
        }
    }
    if face_a.0.fast_max(face_b.0).fast_max(edges.0) > prediction {
        return Manifold::empty();
    }
    let size = a.half_extents.amax() + b.half_extents.amax();
    let far = a.center.coords.amax().fast_max(b.center.coords.amax());
    let prefer = T::lit(FACE_PREFERENCE) * size + T::RELATIVE_TOLERANCE * far;
    // The face first (B's only when larger than A's by the preference), then an edge pair only
    // when larger than that face by the preference: the chosen axis is within one preference of
    // the largest separation (comparing the edges with the larger face instead would let A's face
    // win when it is two preferences below an edge pair).
    let use_b = face_b.0 > face_a.0 + prefer;
    let face_separation = if use_b { face_b.0 } else { face_a.0 };
    let edge = if edges.0 > face_separation + prefer {
        edge_contact(a, &ua, b, &ub, edges.1, &edges.2, prediction)
    } else {
        None
    };
    let manifold = edge.unwrap_or_else(|| {
        if use_b {
            face_contact(b, &ub, face_b.1, &-face_b.2, a, &ua, prediction).swapped()
        } else {
            face_contact(a, &ua, face_a.1, &face_a.2, b, &ub, prediction)
        }
    });
    if manifold.is_empty() {
        // Nothing left after clipping: apart, with the closest features outside the reference
        // face (or an overlap of rounding size). The one-point contact answers.
        let contact = crate::contact_obb_obb(a, b);
        return Manifold::from_contact(contact, prediction, |c| FeatureId {
            a: box_feature(a, &c.point_a, &c.normal.into_inner()),
            b: box_feature(b, &c.point_b, &-c.normal.into_inner()),
        });
    }
    manifold.checked()
}

/// The manifold of the reference box `r` (axes `ur`), whose face on axis `k` has the outward
/// normal `n`, against the incident box `o`: the incident face clipped by the reference face's
/// side planes, as [`manifold_obb_obb`] describes; with `r` as A.
fn face_contact<T: Real>(
    r: &Obb<T>,
    ur: &[Vector3<T>; 3],
    k: usize,
    n: &Vector3<T>,
    o: &Obb<T>,
    uo: &[Vector3<T>; 3],
    prediction: T,
) -> Manifold<T> {
    let ref_positive = ur[k].dot(n) > T::ZERO;
    let ref_face = face(k, ref_positive);
    // The incident face: the face of `o` whose outward normal is most anti-parallel to n.
    let mut j = 0;
    for m in 1..3 {
        if uo[m].dot(n).abs() > uo[j].dot(n).abs() {
            j = m;
        }
    }
    let clip = Clip {
        r,
        ur,
        k,
        ref_positive,
        o,
        uo,
        // The rounding of a crossing point, within which a vertex outside a side plane is kept.
        slack: T::EPSILON
            * T::lit(CLIP_SLACK)
            * (r.center.coords.amax()
                + o.center.coords.amax()
                + r.half_extents.amax()
                + o.half_extents.amax()),
    };
    let plane = r.center + n * (r.half_extents[k]);
    let point = |v: &ClipVertex<T>| {
        let distance = (v.p - plane).dot(n);
        ManifoldPoint {
            point_a: v.p - n * distance,
            point_b: v.p,
            distance,
            id: FeatureId { a: v.on_r, b: v.on_i },
        }
    };
    let mut found =
        [point(&ClipVertex { p: plane, on_r: ref_face, on_i: ref_face, along: Along::Side(0) }); 8];
    let poly = clip.face(j, uo[j].dot(n) < T::ZERO);
    let mut kept = 0;
    for v in poly.as_slice() {
        let p = point(v);
        if p.distance <= prediction
            && let Some(slot) = found.get_mut(kept)
        {
            *slot = p;
            kept += 1;
        }
    }
    reduce(&Unit::new_unchecked(*n), found.get(..kept).unwrap_or(&[]))
}

/// The clipping of faces of the incident box `o` by the side planes of the face on axis `k` of
/// the reference box `r` (on its positive side when `ref_positive`), as [`face_contact`] does it.
struct Clip<'a, T: Real> {
    r: &'a Obb<T>,
    ur: &'a [Vector3<T>; 3],
    k: usize,
    ref_positive: bool,
    o: &'a Obb<T>,
    uo: &'a [Vector3<T>; 3],
    /// How far outside a side plane a vertex is still kept ([`CLIP_SLACK`]).
    slack: T,
}

impl<T: Real> Clip<'_, T> {
    /// The face of `o` on axis `j` (its positive side when `positive`) clipped by the reference
    /// face's side planes (Sutherland-Hodgman): the vertices of the clipped polygon and their
    /// number, each with the features it comes from.
    fn face(&self, j: usize, positive: bool) -> ClipBuffer<T, 8> {
        let (r, ur, k, o, uo) = (self.r, self.ur, self.k, self.o, self.uo);
        let ref_face = face(k, self.ref_positive);
        let inc_face = face(j, positive);
        let (p, q) = ((j + 1) % 3, (j + 2) % 3);
        let (p, q) = (p.min(q), p.max(q));
        let sign = |s: bool| if s { T::ONE } else { -T::ONE };
        // Its corners in cyclic order (−,−), (+,−), (+,+), (−,+) over axes (p, q), each with the
        // edge to the next: along p at q's side, along q at p's side, along p, along q.
        let cycle = [(false, false), (true, false), (true, true), (false, true)];
        let fill =
            ClipVertex { p: o.center, on_r: ref_face, on_i: inc_face, along: Along::Side(0) };
        let mut start = [fill; 4];
        for (idx, &(sp, sq)) in cycle.iter().enumerate() {
            let mut sides = [false; 3];
            sides[j] = positive;
            sides[p] = sp;
            sides[q] = sq;
            let point = o.center
                + uo[j] * (sign(positive) * o.half_extents[j])
                + uo[p] * (sign(sp) * o.half_extents[p])
                + uo[q] * (sign(sq) * o.half_extents[q]);
            // The edge to the next corner runs along p from even corners and along q from odd
            // ones; its side on the other axis is this corner's (`edge` ignores the entry of its
            // own axis).
            let along_axis = if idx % 2 == 0 { p } else { q };
            if let Some(v) = start.get_mut(idx) {
                *v = ClipVertex {
                    p: point,
                    on_r: ref_face,
                    on_i: corner(sides),
                    along: Along::Incident(edge(along_axis, sides)),
                };
            }
        }
        let mut poly = ClipBuffer::<T, 8>::new(fill);
        for v in &start {
            poly.push(*v);
        }
        let mut out = poly;
        for m in (0..3).filter(|&m| m != k) {
            for positive in [true, false] {
                // Side `2m + 1` on the `+m` side, `2m` on the `−m` side. Without the slack, a
                // reference face of zero width (a flat box, whose two side planes on that axis
                // coincide) would see the crossings made by the first plane of the pair fall, by
                // rounding, outside the second; the crossing of the edge between two such
                // vertices is then anywhere along it, and the deepest vertex of the clipped
                // segment is lost.
                let normal = if positive { ur[m] } else { -ur[m] };
                let mut s = [false; 3];
                s[k] = self.ref_positive;
                s[m] = positive;
                let side = SidePlane {
                    point: r.center + normal * r.half_extents[m],
                    normal,
                    index: 2 * m + usize::from(positive),
                    id: edge(3 - k - m, s),
                };
                // The corner where this side meets side `s2` (axis s2 / 2, side s2 % 2).
                let corner_with = |s2: usize| {
                    let mut c = s;
                    if let Some(x) = c.get_mut(s2 / 2) {
                        *x = s2 % 2 == 1;
                    }
                    corner(c)
                };
                poly.clip_into(&side, self.slack, corner_with, inc_face, &mut out);
                core::mem::swap(&mut poly, &mut out);
                if poly.as_slice().is_empty() {
                    return poly;
                }
            }
        }
        poly
    }
}

/// The one-point manifold of edge `i` of `a` against edge `j` of `b` along the unit axis `n` (from
/// A toward B): the points where the edge of A farthest along `n` and the edge of B farthest along
/// `−n` are joined along `n`; `None` when that join falls outside either edge.
fn edge_contact<T: Real>(
    a: &Obb<T>,
    ua: &[Vector3<T>; 3],
    b: &Obb<T>,
    ub: &[Vector3<T>; 3],
    (i, j): (usize, usize),
    n: &Vector3<T>,
    prediction: T,
) -> Option<Manifold<T>> {
    let support_edge = |o: &Obb<T>, u: &[Vector3<T>; 3], k: usize, dir: &Vector3<T>| {
        let mut c = o.center;
        let mut sides = [false; 3];
        for m in (0..3).filter(|&m| m != k) {
            let positive = u[m].dot(dir) >= T::ZERO;
            sides[m] = positive;
            let e = o.half_extents[m];
            c += u[m] * if positive { e } else { -e };
        }
        (c, edge(k, sides))
    };
    let (ca, fa) = support_edge(a, ua, i, n);
    let (cb, fb) = support_edge(b, ub, j, &-n);
    // The edges' lines `ca + s·x` and `cb + t·y` are joined along n where
    // s = −r·(y × n)/k and t = −r·(x × n)/k, r = ca − cb, k = n·(x × y) (dot the join with y × n
    // and with x × n; k, of size sin θ, from the accurate `edge_cross`), as in `contact_obb_obb`.
    let (x, y) = (ua[i], ub[j]);
    let r = ca - cb;
    let k = n.dot(&osculate_math::edge_cross(&x, &y));
    let s = -r.dot(&y.cross(n)) / k;
    let t = -r.dot(&x.cross(n)) / k;
    // Joined outside an edge: the edge pair is not where the boxes meet (the axis is not the one
    // of least overlap, or the boxes are apart beyond their edges); the caller falls back.
    let slack = T::RELATIVE_TOLERANCE * (a.half_extents.amax() + b.half_extents.amax());
    if !(s.abs() <= a.half_extents[i] + slack && t.abs() <= b.half_extents[j] + slack) {
        return None;
    }
    let clamp = |v: T, e: T| v.fast_max(-e).fast_min(e);
    let (p, q) = (ca + x * clamp(s, a.half_extents[i]), cb + y * clamp(t, b.half_extents[j]));
    let distance = (q - p).dot(n);
    let mut m = Manifold::with_normal(Unit::new_unchecked(*n));
    if distance <= prediction {
        m.push(ManifoldPoint { point_a: p, point_b: q, distance, id: FeatureId { a: fa, b: fb } });
    }
    Some(m)
}

/// The feature of box `o` a boundary point `p` lies on: the faces whose plane `p` is on (within a
/// relative tolerance) meet in a face (one), an edge (two) or a corner (three). The side of each
/// is the sign of `p`'s coordinate, or, where that is within the tolerance of zero (a flat box,
/// whose two faces on that axis coincide), the sign of the box's `outward` direction at `p`.
pub(super) fn box_feature<T: Real>(o: &Obb<T>, p: &Point3<T>, outward: &Vector3<T>) -> Feature {
    let local = o.to_local(p);
    let out = o.rotation.inverse_transform_vector(outward);
    // The rounding of a point carried to the box's frame and back: a few ε of the coordinates.
    let tol = T::EPSILON * T::lit(64.0) * (o.half_extents.amax() + o.center.coords.amax());
    let on = |m: usize| {
        let positive = if local[m].abs() <= tol { out[m] > T::ZERO } else { local[m] > T::ZERO };
        (local[m].abs() >= o.half_extents[m] - tol, positive)
    };
    let sides = [on(0).1, on(1).1, on(2).1];
    let flags = [on(0).0, on(1).0, on(2).0];
    feature_on(flags, sides).unwrap_or_else(|| {
        // Inside (rounding): the face nearest relative to the extents.
        let gap = |m: usize| o.half_extents[m] - local[m].abs();
        let k = if gap(0) <= gap(1) && gap(0) <= gap(2) {
            0
        } else if gap(1) <= gap(2) {
            1
        } else {
            2
        };
        face(k, sides[k])
    })
}

/// The feature where the faces on the axes flagged in `on` meet, on the given sides: one face, an
/// edge of two, the corner of three; `None` for none.
fn feature_on(on: [bool; 3], sides: [bool; 3]) -> Option<Feature> {
    Some(match on {
        [true, true, true] => corner(sides),
        [true, true, false] => edge(2, sides),
        [true, false, true] => edge(1, sides),
        [false, true, true] => edge(0, sides),
        [true, false, false] => face(0, sides[0]),
        [false, true, false] => face(1, sides[1]),
        [false, false, true] => face(2, sides[2]),
        [false, false, false] => return None,
    })
}

/// The feature of a box of half extents `e` nearest to a point at `local` (box coordinates): the
/// Voronoi region of the box the point is in (Ericson 5.1.3's clamping): clamped on one axis a
/// face, on two an edge, on three a corner. A point inside is nearest to the face whose axis is
/// closest to `out`, the box's outward direction toward the point.
fn region_feature<T: Real>(e: &Vector3<T>, local: &Vector3<T>, out: &Vector3<T>) -> Feature {
    let clamped = [local.x.abs() > e.x, local.y.abs() > e.y, local.z.abs() > e.z];
    let sides = [local.x > T::ZERO, local.y > T::ZERO, local.z > T::ZERO];
    feature_on(clamped, sides).unwrap_or_else(|| {
        let k = out.iamax();
        face(k, out[k] > T::ZERO)
    })
}

/// The one-point manifold of sphere `s` (A) and oriented box `b` (B) from [`contact_sphere_obb`]
/// (van den Bergen 4.3.3 with the center-inside case), when its distance is at most `prediction`.
/// Features: the sphere's `Face(0)`; the box's face, edge or corner whose Voronoi region holds the
/// sphere's center (the face the contact leaves by when the center is inside).
///
/// Degenerate and non-finite input as [`contact_sphere_obb`] (a zero radius is a point); any NaN
/// (`prediction` included) gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_sphere_obb};
/// use osculate_math::{Obb, Point3, Rotation3, Sphere, Vector3};
///
/// let b = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(1.0_f64, 1.0, 1.0));
/// let m = manifold_sphere_obb(&Sphere::new(Point3::new(0.0, 0.0, 1.4), 0.5), &b, 0.0);
/// assert_eq!(m.points()[0].id.b, Feature::Face(5));
/// assert!((m.points()[0].distance + 0.1).abs() < 1e-12);
/// ```
#[must_use]
pub fn manifold_sphere_obb<T: Real>(s: &Sphere<T>, b: &Obb<T>, prediction: T) -> Manifold<T> {
    let local = b.to_local(&s.center);
    Manifold::from_contact(contact_sphere_obb(s, b), prediction, |c| FeatureId {
        a: Feature::Face(0),
        b: region_feature(
            &b.half_extents,
            &local,
            &b.rotation.inverse_transform_vector(&-c.normal.into_inner()),
        ),
    })
}

/// The one-point manifold of sphere `s` (A) and box `b` (B) from [`contact_sphere_aabb`], when
/// its distance is at most `prediction`; features as [`manifold_sphere_obb`] gives them.
///
/// Degenerate and non-finite input as [`contact_sphere_aabb`]; any NaN gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_sphere_aabb};
/// use osculate_math::{Aabb, Point3, Sphere};
///
/// let b = Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let m = manifold_sphere_aabb(&Sphere::new(Point3::new(1.2, 1.2, 1.2), 0.5), &b, 0.0);
/// assert_eq!(m.points()[0].id.b, Feature::Vertex(7));
/// ```
#[must_use]
pub fn manifold_sphere_aabb<T: Real>(s: &Sphere<T>, b: &Aabb<T>, prediction: T) -> Manifold<T> {
    let local = s.center - b.center();
    Manifold::from_contact(contact_sphere_aabb(s, b), prediction, |c| FeatureId {
        a: Feature::Face(0),
        b: region_feature(&b.half_extents(), &local, &-c.normal.into_inner()),
    })
}

/// The contact manifold of boxes `a` (A) and `b` (B): [`manifold_obb_obb`] on the boxes as
/// oriented boxes of the identity rotation. Feature ids as [`Feature`] numbers them for boxes
/// (corner `i` of [`Aabb::corners`], faces and edges along the world axes), meaningful as the
/// oriented-box manifold's are.
///
/// Degenerate and non-finite input as [`manifold_obb_obb`]; an inverted box (`min > max` on an
/// axis) gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_aabb_aabb};
/// use osculate_math::{Aabb, Point3};
///
/// let ground = Aabb::new(Point3::new(-5.0_f64, -5.0, -1.0), Point3::new(5.0, 5.0, 0.0));
/// let crate_ = Aabb::new(Point3::new(0.0, 0.0, -0.01), Point3::new(1.0, 1.0, 0.99));
/// let m = manifold_aabb_aabb(&ground, &crate_, 0.0);
/// assert_eq!(m.len(), 4);
/// assert!(m.points().iter().all(|p| p.id.a == Feature::Face(5) && (p.distance + 0.01).abs() < 1e-12));
/// ```
#[must_use]
pub fn manifold_aabb_aabb<T: Real>(a: &Aabb<T>, b: &Aabb<T>, prediction: T) -> Manifold<T> {
    if !(osculate_math::Validate::is_valid(a) && osculate_math::Validate::is_valid(b)) {
        return Manifold::empty();
    }
    obb_obb(&a.to_obb(), &b.to_obb(), prediction, true)
}

/// The contact manifold of box `a` (A) and oriented box `b` (B): [`manifold_obb_obb`] on the box
/// as an oriented box of the identity rotation, ids numbered as for two oriented boxes.
///
/// Degenerate and non-finite input as [`manifold_obb_obb`]; an inverted box (`min > max` on an
/// axis) gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::manifold_aabb_obb;
/// use osculate_math::{Aabb, Obb, Point3, Rotation3, Vector3};
///
/// let ground = Aabb::new(Point3::new(-5.0_f64, -5.0, -1.0), Point3::new(5.0, 5.0, 0.0));
/// let spun = Rotation3::from_axis_angle(&Vector3::z_axis(), 0.3);
/// let crate_ = Obb::new(Point3::new(0.0, 0.0, 0.49), spun, Vector3::new(0.5, 0.5, 0.5));
/// let m = manifold_aabb_obb(&ground, &crate_, 0.0);
/// assert_eq!(m.len(), 4);
/// assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-12));
/// ```
#[must_use]
pub fn manifold_aabb_obb<T: Real>(a: &Aabb<T>, b: &Obb<T>, prediction: T) -> Manifold<T> {
    if !osculate_math::Validate::is_valid(a) {
        return Manifold::empty();
    }
    manifold_obb_obb(&a.to_obb(), b, prediction)
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_math::{Rotation3, point3, vector3};
    use osculate_testing::for_f32_and_f64;

    fn box_on_box_worked_cases<T: Real>() {
        let ground =
            Obb::new(point3(0.0, 0.0, 0.0), Rotation3::identity(), vector3::<T>(5.0, 5.0, 1.0));
        let top =
            Obb::new(point3(1.0, 0.0, 1.9), Rotation3::identity(), vector3::<T>(1.0, 1.0, 1.0));
        let m = manifold_obb_obb(&ground, &top, T::ZERO);
        assert_eq!(m.len(), 4);
        let mut ids: Vec<_> = m.points().iter().map(|p| p.id).collect();
        ids.sort_by_key(|id| format!("{id:?}"));
        // Ground's top face (+z: Face(5)) against the top box's four bottom corners (bit 2 clear).
        for id in &ids {
            assert_eq!(id.a, Feature::Face(5));
            assert!(matches!(id.b, Feature::Vertex(0..=3)), "{id:?}");
        }
        for p in m.points() {
            assert!((p.distance + T::lit(0.1)).abs() < T::lit(1e-5));
            assert!((p.point_a.z - T::ONE).abs() < T::lit(1e-5));
        }
        // Apart by 0.2 but within a prediction of 0.5: four positive points; beyond: none.
        let above = Obb { center: point3(1.0, 0.0, 2.2), ..top };
        let m = manifold_obb_obb(&ground, &above, T::lit(0.5));
        assert_eq!(m.len(), 4);
        assert!(m.points().iter().all(|p| (p.distance - T::lit(0.2)).abs() < T::lit(1e-5)));
        assert!(manifold_obb_obb(&ground, &above, T::lit(0.1)).is_empty());
        // Swapped roles: the normal flips, the ids swap.
        let m = manifold_obb_obb(&top, &ground, T::ZERO);
        assert_eq!(m.len(), 4);
        assert!((m.normal.z + T::ONE).abs() < T::lit(1e-5));
        assert!(m.points().iter().all(|p| p.id.b == Feature::Face(5)));
        // Overhanging the ground's edge: the crossings of the incident edges with the side plane
        // x = 5 carry (ground's edge, top's edge) ids.
        let over = Obb { center: point3(4.5, 0.0, 1.9), ..top };
        let m = manifold_obb_obb(&ground, &over, T::ZERO);
        assert_eq!(m.len(), 4);
        let edges = m.points().iter().filter(|p| matches!(p.id.a, Feature::Edge(_))).count();
        assert_eq!(edges, 2);
        // Edge on edge: two boxes crossed at right angles, each on its edge.
        let q = Rotation3::from_axis_angle(&Vector3::x_axis(), T::frac_pi_4());
        let r = Rotation3::from_axis_angle(&Vector3::y_axis(), T::frac_pi_4());
        let e = vector3::<T>(1.0, 1.0, 1.0);
        let lower = Obb::new(point3(0.0, 0.0, 0.0), q, e);
        let upper = Obb::new(point3(0.0, 0.0, 2.0_f64.sqrt() * 2.0 - 0.1), r, e);
        let m = manifold_obb_obb(&lower, &upper, T::ZERO);
        assert_eq!(m.len(), 1);
        assert!(matches!(m.points()[0].id, FeatureId { a: Feature::Edge(_), b: Feature::Edge(_) }));
        assert!((m.points()[0].distance + T::lit(0.1)).abs() < T::lit(1e-4));
        // NaN and negative extents: empty.
        let nan = Obb { center: point3(f64::NAN, 0.0, 0.0), ..top };
        assert!(manifold_obb_obb(&ground, &nan, T::ZERO).is_empty());
        assert!(manifold_obb_obb(&ground, &top, T::NAN).is_empty());
        let negative = Obb { half_extents: vector3(-1.0, 1.0, 1.0), ..top };
        assert!(manifold_obb_obb(&ground, &negative, T::ZERO).is_empty());
    }

    fn box_features_are_numbered<T: Real>() {
        let b = Obb::new(point3(0.0, 0.0, 0.0), Rotation3::identity(), vector3::<T>(1.0, 2.0, 3.0));
        let up = Vector3::z();
        assert_eq!(box_feature(&b, &point3(1.0, 0.0, 0.0), &up), Feature::Face(1));
        assert_eq!(box_feature(&b, &point3(0.0, -2.0, 0.0), &up), Feature::Face(2));
        assert_eq!(box_feature(&b, &point3(1.0, 2.0, 3.0), &up), Feature::Vertex(7));
        assert_eq!(box_feature(&b, &point3(-1.0, 2.0, -3.0), &up), Feature::Vertex(2));
        // Parallel to z at x = +1, y = −2: axis 2, bit 0 (x) set, bit 1 (y) clear.
        assert_eq!(box_feature(&b, &point3(1.0, -2.0, 0.5), &up), Feature::Edge(9));
        // A flat box (zero height): the side comes from the outward direction.
        let flat = Obb { half_extents: vector3(1.0, 2.0, 0.0), ..b };
        assert_eq!(box_feature(&flat, &point3(0.0, 0.0, 0.0), &up), Feature::Face(5));
        assert_eq!(box_feature(&flat, &point3(0.0, 0.0, 0.0), &-up), Feature::Face(4));
    }

    for_f32_and_f64!(box_on_box_worked_cases, box_features_are_numbered);
}
