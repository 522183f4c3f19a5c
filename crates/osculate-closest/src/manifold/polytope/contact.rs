//! The two answers of the polytope search: the one point where a pair of supporting edges is
//! joined, and a reference face clipped against the incident face.

use osculate_math::{Real, Unit, Vector3};

use super::super::clip::{Along, ClipVertex, SidePlane, clip_by_side};
use super::super::{Feature, FeatureId, Manifold, ManifoldPoint, reduce};
use super::{CLIP_SLACK, CLIP_SLACK_SHIFTED, Clipping, Placed};

/// The one-point manifold of edge `i` of A against edge `j` of B on the unit axis `n` (from A
/// toward B), both supporting their shapes along it: the points where they are joined along `n`,
/// clamped to the edges when the shapes overlap and `least` (the pair is the axis of least
/// overlap) within the preference; the empty manifold when they are apart and the join falls
/// outside either edge (the caller falls back to the closest points); `None` for a join farther
/// outside, or edges not joined at the pair's separation (the caller falls back to the one-point
/// contact, or keeps the face it has).
pub(super) fn edge_contact<T: Real>(
    pa: Placed<'_, T>,
    pb: Placed<'_, T>,
    (i, j): (usize, usize),
    n: &Vector3<T>,
    prediction: T,
    least: bool,
) -> Option<Manifold<T>> {
    let (ea, eb) = (*pa.p.edges.get(i)?, *pb.p.edges.get(j)?);
    let (x, ca, ha) = pa.edge_line(&ea);
    let (y, cb, hb) = pb.edge_line(&eb);
    // The lines `ca + s·x` and `cb + t·y` joined along n: s = −r·(y × n)/k, t = −r·(x × n)/k,
    // r = ca − cb, k = n·(x × y), as in the box manifold.
    let r = ca - cb;
    let k = n.dot(&osculate_math::edge_cross(&x, &y));
    let s = -r.dot(&y.cross(n)) / k;
    let t = -r.dot(&x.cross(n)) / k;
    // Overlapping, the axis of least overlap is the face of the shapes' Minkowski difference
    // nearest the origin, and the origin's projection on it (the join) lies within both edges: a
    // join outside is rounding (of size ε / sin θ for edges at an angle θ) and is clamped, so that
    // the edge pair does not give way to a face as rounding decides; beyond the preference (1e-3
    // of the size), or for a pair that is not the axis of least overlap (`least` false), it is no
    // rounding and the face answers. Apart, a join outside an edge means the closest features are
    // a corner and something else: the closest points answer (the empty manifold here, the
    // caller's one-point fallback).
    let slack = T::RELATIVE_TOLERANCE * (pa.p.radius + pb.p.radius);
    let reach = if least { pa.preference(&pb).fast_max(slack) } else { slack };
    let separation = pb.extent(n).0 - pa.extent(n).1;
    let inside = s.abs() <= ha + slack && t.abs() <= hb + slack;
    if separation > T::ZERO && !inside {
        return Some(Manifold::empty());
    }
    if !(s.abs() <= ha + reach && t.abs() <= hb + reach) {
        return None;
    }
    let clamp = |v: T, e: T| v.fast_max(-e).fast_min(e);
    let (p, q) = (ca + x * clamp(s, ha), cb + y * clamp(t, hb));
    let distance = (q - p).dot(n);
    // Edges that support their shapes along n are joined at the separation: a pair the edge
    // cones took for supporting where they do not (a face's corners misread) is no answer.
    if !((distance - separation).abs() <= pa.tolerance(&pb) + reach) {
        return None;
    }
    let mut m = Manifold::with_normal(Unit::new_unchecked(*n));
    if distance <= prediction {
        m.push(ManifoldPoint {
            point_a: p,
            point_b: q,
            distance,
            id: FeatureId { a: ea.id, b: eb.id },
        });
    }
    Some(m)
}

/// The manifold of face `f` of the reference polytope `r` (as A) against the incident polytope
/// `inc`: the face of `inc` most anti-parallel to it among those through its deepest vertex,
/// clipped by the reference face's side planes
/// (Sutherland-Hodgman, vertices within [`CLIP_SLACK`] and [`CLIP_SLACK_SHIFTED`] outside kept),
/// each remaining vertex within `prediction` of the reference plane a point, reduced to four.
pub(super) fn face_contact<T: Real>(
    r: Placed<'_, T>,
    f: usize,
    inc: Placed<'_, T>,
    prediction: T,
    clipping: &mut Clipping<'_, T>,
) -> Manifold<T> {
    let Some(face) = r.p.faces.get(f) else { return Manifold::empty() };
    let n = r.normal(f);
    let face_d = r.offset(f);
    // The incident face: among the faces through the incident polytope's deepest vertex along
    // −n, the one most anti-parallel to n. The face most anti-parallel of all may miss that vertex
    // (where its region on the Gauss map is narrow), and the clipping then the deepest point.
    let depth = |i: usize| n.dot(&inc.vertex(i).coords);
    let deepest = (0..inc.vertices.len()).fold(0, |b, i| if depth(i) < depth(b) { i } else { b });
    let most_anti_parallel = |through: bool| {
        let mut g = None;
        for (k, h) in inc.p.faces.iter().enumerate() {
            let c = inc.normal(k).dot(&n);
            if (!through || h.corners.contains(&deepest)) && g.is_none_or(|(best, _)| c < best) {
                g = Some((c, k));
            }
        }
        g
    };
    let g = most_anti_parallel(true).or_else(|| most_anti_parallel(false));
    // The incident polygon: its corners, its id, and (for a face with sides) its normal and
    // offset. A polytope of no face (a capsule's axis, a collapsed triangle) is its own incident
    // polygon: the ends of its edge, or its one point (a collapsed triangle's third corner lies
    // between the ends, or on one).
    let (corners, incident_id, plane) = match g.and_then(|(_, k)| Some((k, inc.p.faces.get(k)?))) {
        Some((k, h)) => (
            h.corners.as_slice(),
            h.id,
            (!h.sides.is_empty()).then(|| (inc.normal(k), inc.offset(k))),
        ),
        None => match inc.p.edges.first() {
            Some(e) => (&e.v[..], e.id, None),
            None => (&[0][..], Feature::Vertex(0), None),
        },
    };
    let count = corners.len();
    let Clipping { polygon, clipped, found } = clipping;
    polygon.clear();
    polygon.extend(corners.iter().enumerate().map(|(k, &v)| {
        let next = corners.get((k + 1) % count).copied().unwrap_or(v);
        ClipVertex {
            p: inc.vertex(v),
            on_r: face.id,
            on_i: Feature::Vertex(v as u32),
            along: Along::Incident(inc.p.edge_id(v, next, incident_id)),
        }
    }));
    let slack = T::EPSILON
        * (T::lit(CLIP_SLACK) * (r.p.radius + inc.p.radius)
            + T::lit(CLIP_SLACK_SHIFTED) * r.magnitude.fast_max(inc.magnitude));
    let ring = &face.corners;
    let m = ring.len();
    // The reference corner where sides `s` and `s2` meet.
    let corner = |s: usize, s2: usize| {
        let at = |k: usize| ring.get(k % m.max(1)).copied().unwrap_or(0);
        if s2 == (s + 1) % m { at(s + 1) } else { at(s) }
    };
    for s in 0..m {
        let (Some(&i0), Some(&i1), Some(side)) =
            (ring.get(s), ring.get((s + 1) % m), r.side(face, s))
        else {
            break;
        };
        let side = SidePlane {
            point: r.vertex(i0),
            normal: side,
            index: s,
            id: r.p.edge_id(i0, i1, face.id),
        };
        clipped.clear();
        clip_by_side(
            polygon,
            &side,
            slack,
            |s2| Feature::Vertex(corner(s, s2) as u32),
            incident_id,
            |c| clipped.push(c),
        );
        core::mem::swap(*polygon, *clipped);
        if polygon.is_empty() {
            return Manifold::empty();
        }
    }
    found.clear();
    found.extend(polygon.iter().filter_map(|v| {
        let id = FeatureId { a: v.on_r, b: v.on_i };
        // A corner of the reference face inside the incident face: the clipped vertex is
        // only near it (where two side planes cross the incident face, each crossing rounded);
        // the corner itself, joined along n to the incident plane, is exact.
        if let (Feature::Vertex(c), Some((normal, d))) = (v.on_r, plane) {
            let corner = r.vertex(c as usize);
            let k = normal.dot(&n);
            let distance = (d - normal.dot(&corner.coords)) / k;
            if k < T::ZERO && distance.is_finite() {
                return (distance <= prediction).then(|| ManifoldPoint {
                    point_a: corner,
                    point_b: corner + n * distance,
                    distance,
                    id,
                });
            }
        }
        let distance = n.dot(&v.p.coords) - face_d;
        (distance <= prediction).then(|| ManifoldPoint {
            point_a: v.p - n * distance,
            point_b: v.p,
            distance,
            id,
        })
    }));
    reduce(&Unit::new_unchecked(n), found)
}
