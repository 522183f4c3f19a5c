//! Many points against one triangle (Ericson 5.1.5, as [`closest_point_on_triangle`] writes
//! it), a packet of [`LANES`] points at a time.

use osculate_math::{Point3, Real, Triangle, Vector3};

use super::points::{PointPacket, PointSoa};
use super::{LANES, Lanes, Run, cut};
use crate::for_packets;
use crate::triangle::{closest_point_on_triangle, face_sliver, sliver_at_a};
use crate::types::TrianglePoint;

/// What [`closest_point_on_triangle_soa`] works out once per triangle, as the scalar query
/// computes it per point: the vertices, the edges `ab`, `ac` and `c − b`, the normal
/// `n = ab × ac` and `nn = |n|²`, and whether the face formula's answer needs the sliver
/// treatment (then a point in the face region is answered by the scalar query).
struct OneTriangle<T: Real> {
    tri: Triangle<T>,
    a: [T; 3],
    b: [T; 3],
    c: [T; 3],
    ab: [T; 3],
    ac: [T; 3],
    bc: [T; 3],
    n: [T; 3],
    nn: T,
    face_sliver: bool,
}

/// The triangle's constants, or `None` for a sliver at `a`, whose points all go to the scalar
/// query (it measures them in `f64` instead of testing regions).
fn one_triangle<T: Real>(tri: &Triangle<T>) -> Option<OneTriangle<T>> {
    let (ab, ac, bc) = (tri.b - tri.a, tri.c - tri.a, tri.c - tri.b);
    if sliver_at_a(&ab, &ac) {
        return None;
    }
    let n = ab.cross(&ac);
    let nn = n.norm_squared();
    let arr = |v: &Vector3<T>| [v.x, v.y, v.z];
    Some(OneTriangle {
        tri: *tri,
        a: arr(&tri.a.coords),
        b: arr(&tri.b.coords),
        c: arr(&tri.c.coords),
        ab: arr(&ab),
        ac: arr(&ac),
        bc: arr(&bc),
        n: arr(&n),
        nn,
        face_sliver: face_sliver(&ab, &ac, nn),
    })
}

/// `x · y` as nalgebra's `dot` sums it, `(x₀y₀ + x₁y₁) + x₂y₂`.
#[inline(always)]
fn dot<T: Real>(x: [T; 3], y: [T; 3]) -> T {
    x[0] * y[0] + x[1] * y[1] + x[2] * y[2]
}

/// `x × y` as nalgebra's `cross` computes it.
#[inline(always)]
fn cross<T: Real>(x: [T; 3], y: [T; 3]) -> [T; 3] {
    [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]]
}

/// `num / den`, or 0 for a zero denominator (the scalar query's `ratio`), without a branch.
#[inline(always)]
fn ratio<T: Real>(num: T, den: T) -> T {
    let q = num / den;
    if den == T::ZERO { T::ZERO } else { q }
}

/// `o + d·s` per axis, as nalgebra computes `point + vector * scalar`.
#[inline(always)]
fn along<T: Real>(o: [T; 3], d: [T; 3], s: T) -> [T; 3] {
    [o[0] + d[0] * s, o[1] + d[1] * s, o[2] + d[2] * s]
}

/// `cand` (a point's coordinates and its barycentrics) where `take`, else `keep`, without a
/// branch.
#[inline(always)]
fn select<T: Real>(take: bool, cand: [T; 6], keep: [T; 6]) -> [T; 6] {
    let mut out = keep;
    for (o, c) in out.iter_mut().zip(cand) {
        *o = if take { c } else { *o };
    }
    out
}

/// The region tests of one packet (Ericson 5.1.5 as [`closest_point_on_triangle`] writes them)
/// lane by lane, in its order, without a branch: every region's candidate is computed and the
/// first region that holds, in the scalar query's order (vertex `a`, vertex `b`, edge `ab`,
/// vertex `c`, edge `ac`, edge `bc`, the face), is selected. A lane the scalar query would
/// answer by its nearest-edge fallback (a face projection outside the triangle, a face
/// denominator not positive with finite dot products) or by its sliver treatment of a face
/// point is marked and answered afterwards by the scalar query itself. The answers are kept
/// component by component (`out[k][lane]`: the point's `x`, `y`, `z`, then `u`, `v`, `w`), so
/// that the loop over the lanes is a loop of packed instructions.
#[inline(always)]
fn triangle_packet<T: Real>(t: &OneTriangle<T>, p: &PointPacket<T>) -> [TrianglePoint<T>; LANES] {
    let (o, i) = (T::ZERO, T::ONE);
    let mut out = [[T::NAN; LANES]; 6];
    let mut slow = [false; LANES];
    for l in 0..LANES {
        let q = [p.p[0][l], p.p[1][l], p.p[2][l]];
        let ap = [q[0] - t.a[0], q[1] - t.a[1], q[2] - t.a[2]];
        let d1 = dot(t.ab, ap);
        let d2 = dot(t.ac, ap);
        let bp = [q[0] - t.b[0], q[1] - t.b[1], q[2] - t.b[2]];
        let d3 = dot(t.ab, bp);
        let d4 = dot(t.ac, bp);
        let vc = d1 * d4 - d3 * d2;
        let cp = [q[0] - t.c[0], q[1] - t.c[1], q[2] - t.c[2]];
        let d5 = dot(t.ab, cp);
        let d6 = dot(t.ac, cp);
        let vb = d5 * d2 - d1 * d6;
        let va = d3 * d6 - d5 * d4;
        let (e1, e2) = (d4 - d3, d5 - d6);
        let denom = va + vb + vc;
        // The face: barycentrics from cross products against the normal.
        let fv = dot(cross(ap, t.ac), t.n) / t.nn;
        let fw = dot(cross(t.ab, ap), t.n) / t.nn;
        let face_ok = (denom > o) & denom.is_finite();
        let inside = (fv >= o) & (fw >= o) & (fv + fw <= i);
        let finite = d1.is_finite()
            & d2.is_finite()
            & d3.is_finite()
            & d4.is_finite()
            & d5.is_finite()
            & d6.is_finite();
        let [fx, fy, fz] = along(along(t.a, t.ab, fv), t.ac, fw);
        // Below the face: NaN for a non-finite dot product, else the nearest edge (slow).
        let nan = T::NAN;
        let face = [fx, fy, fz, i - fv - fw, fv, fw];
        let mut r = select(face_ok, face, [nan; 6]);
        let mut fallback = if face_ok { !inside | t.face_sliver } else { finite };
        // The regions from last to first, so that the first that holds is the one kept.
        let w = ratio(e1, e1 + e2);
        let bc = (e1 >= o) & (e2 >= o) & (e1 + e2 > o) & (va <= o);
        let [x, y, z] = along(t.b, t.bc, w);
        r = select(bc, [x, y, z, o, i - w, w], r);
        let w = ratio(d2, d2 - d6);
        let ac = (vb <= o) & (d2 >= o) & (d6 <= o) & (d2 > d6);
        let [x, y, z] = along(t.a, t.ac, w);
        r = select(ac, [x, y, z, i - w, o, w], r);
        let vertex_c = (d6 >= o) & (d5 <= d6);
        r = select(vertex_c, [t.c[0], t.c[1], t.c[2], o, o, i], r);
        let v = ratio(d1, d1 - d3);
        let ab = (vc <= o) & (d1 >= o) & (d3 <= o) & (d1 > d3);
        let [x, y, z] = along(t.a, t.ab, v);
        r = select(ab, [x, y, z, i - v, v, o], r);
        let vertex_b = (d3 >= o) & (d4 <= d3);
        r = select(vertex_b, [t.b[0], t.b[1], t.b[2], o, i, o], r);
        let vertex_a = (d1 <= o) & (d2 <= o);
        r = select(vertex_a, [t.a[0], t.a[1], t.a[2], i, o, o], r);
        fallback &= !(vertex_a | vertex_b | ab | vertex_c | ac | bc);
        slow[l] = fallback;
        for (k, x) in r.into_iter().enumerate() {
            out[k][l] = x;
        }
    }
    let mut answers: [TrianglePoint<T>; LANES] = core::array::from_fn(|l| TrianglePoint {
        point: Point3::new(out[0][l], out[1][l], out[2][l]),
        barycentric: [out[3][l], out[4][l], out[5][l]],
    });
    if slow.iter().fold(false, |a, s| a | s) {
        slow_lanes(t, p, slow, &mut answers);
    }
    answers
}

/// The lanes of a packet marked `slow`, answered by the scalar query. Kept out of line, so that
/// the packet's loop carries none of its code.
#[cold]
#[inline(never)]
fn slow_lanes<T: Real>(
    t: &OneTriangle<T>,
    p: &PointPacket<T>,
    slow: [bool; LANES],
    out: &mut [TrianglePoint<T>; LANES],
) {
    for (l, (o, s)) in out.iter_mut().zip(slow).enumerate() {
        if s {
            *o = closest_point_on_triangle(&p.read(l), &t.tri);
        }
    }
}

/// [`closest_point_on_triangle_soa`] run serially or on rayon's pool.
fn triangle_run<T: Real>(
    points: &PointSoa<T>,
    tri: &Triangle<T>,
    out: &mut [TrianglePoint<T>],
    run: Run,
) {
    let out = cut(out, points.len());
    match one_triangle(tri) {
        Some(t) => run.packets(points.packets(), out, |p, o| {
            for_packets!(p, o, |p| triangle_packet(&t, p));
        }),
        None => run.packets(points.packets(), out, |p, o| {
            for (o, q) in o.iter_mut().zip(p.iter().flat_map(|p| (0..LANES).map(|l| p.read(l)))) {
                *o = closest_point_on_triangle(&q, tri);
            }
        }),
    }
}

/// Many points in structure-of-arrays form against one triangle: `out[i]` is set to the point of
/// `tri` closest to point `i` with its barycentric coordinates, exactly
/// [`closest_point_on_triangle`]'s, to the bit (Ericson 5.1.5's Voronoi regions; a collapsed
/// triangle is its segment or point; NaN where a coordinate is NaN or infinite and the regions
/// cannot decide). Writes `min(points.len(), out.len())` entries.
///
/// The triangle's edges, normal and sliver tests are worked out once; then [`LANES`] points at a
/// time run every region test and candidate in packed instructions and keep the first region
/// that holds, in the scalar query's order, so each answer is computed by the scalar query's
/// operations. The points the scalar query answers by measurement rather than by a region (the
/// nearest-edge fallback when rounding puts a face projection outside the triangle, a sliver
/// triangle or face) are handed to the scalar query itself.
///
/// # Examples
/// ```
/// use osculate_closest::{PointSoa, closest_point_on_triangle_soa};
/// use osculate_math::{Point3, Triangle};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(0.0, 2.0, 0.0));
/// let points = PointSoa::new(&[Point3::new(0.5, 0.5, 3.0), Point3::new(3.0, -1.0, 0.0)]);
/// let mut out = [Default::default(); 2];
/// closest_point_on_triangle_soa(&points, &t, &mut out);
/// assert_eq!((out[0].point, out[0].barycentric), (Point3::new(0.5, 0.5, 0.0), [0.5, 0.25, 0.25]));
/// assert_eq!((out[1].point, out[1].barycentric), (Point3::new(2.0, 0.0, 0.0), [0.0, 1.0, 0.0]));
/// ```
pub fn closest_point_on_triangle_soa<T: Real>(
    points: &PointSoa<T>,
    tri: &Triangle<T>,
    out: &mut [TrianglePoint<T>],
) {
    triangle_run(points, tri, out, Run::Serial);
}

/// [`closest_point_on_triangle_soa`] run on rayon's current pool, [`PAR_RUN`](super::PAR_RUN)
/// points a task: the same answers, to the bit.
///
/// # Examples
/// ```
/// use osculate_closest::{PointSoa, closest_point_on_triangle_soa, closest_point_on_triangle_soa_par};
/// use osculate_math::{Point3, Triangle};
///
/// let t = Triangle::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
/// let points: Vec<_> = (0..1000).map(|i| Point3::new(i as f32 * 0.002, 0.25, 1.0)).collect();
/// let soa = PointSoa::new(&points);
/// let (mut serial, mut parallel) = (vec![Default::default(); 1000], vec![Default::default(); 1000]);
/// closest_point_on_triangle_soa(&soa, &t, &mut serial);
/// closest_point_on_triangle_soa_par(&soa, &t, &mut parallel);
/// assert_eq!(serial, parallel);
/// assert_eq!((serial[0].point, serial[999].point), (Point3::new(0.0, 0.25, 0.0), Point3::new(1.0, 0.0, 0.0)));
/// ```
#[cfg(feature = "rayon")]
pub fn closest_point_on_triangle_soa_par<T: Real>(
    points: &PointSoa<T>,
    tri: &Triangle<T>,
    out: &mut [TrianglePoint<T>],
) {
    triangle_run(points, tri, out, Run::Parallel);
}
