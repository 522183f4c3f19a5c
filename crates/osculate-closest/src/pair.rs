//! Closest points between two shapes (Ericson 5.1.8-5.1.11, van den Bergen 3.1).

use osculate_math::{Aabb, Capsule, Line, Obb, Point3, Real, Segment, Sphere, Triangle, Vector3};

use crate::point::{closest_point_on_segment, closest_point_on_triangle, ratio};
use crate::types::{ClosestPoints, Param};

#[inline]
fn nan_point<T: Real>() -> Point3<T> {
    Point3::new(T::NAN, T::NAN, T::NAN)
}

/// `t` clamped to `[0, 1]`; NaN stays NaN.
#[inline]
fn clamp01<T: Real>(t: T) -> T {
    if t < T::ZERO {
        T::ZERO
    } else if t > T::ONE {
        T::ONE
    } else {
        t
    }
}

/// A result from two points and their parameters, measuring the distance between the points.
#[inline]
fn result<T: Real>(
    point_a: Point3<T>,
    param_a: Param<T>,
    point_b: Point3<T>,
    param_b: Param<T>,
) -> ClosestPoints<T> {
    ClosestPoints { point_a, point_b, distance: (point_b - point_a).norm(), param_a, param_b }
}

/// The closest points of two lines and their parameters (Ericson 5.1.8).
///
/// The parameters are computed from cross products, `s = n·(d₂ × r)/|n|²` and
/// `t = n·(d₁ × r)/|n|²` with `n = d₁ × d₂`, `r = p₁ − p₂` — the same values as the book's
/// `(bf − ce)/(ae − b²)` by Lagrange's identity, but without the cancellation of `ae − b²` when the
/// lines are nearly parallel. Lines within [`Real::DEGENERATE_SQ_TOLERANCE`] of parallel (relative
/// to their lengths) are parallel: every point is equally close, and the answer takes `s = 0` on
/// `a` and its projection on `b`. A line with a zero direction is its point.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_line_line;
/// use osculate_math::{Line, Point3, Vector3};
///
/// let a = Line::new(Point3::new(0.0_f64, 0.0, 0.0), Vector3::new(1.0, 0.0, 0.0));
/// let b = Line::new(Point3::new(2.0, 5.0, 3.0), Vector3::new(0.0, 1.0, 0.0));
/// let c = closest_points_line_line(&a, &b);
/// assert_eq!((c.point_a, c.point_b, c.distance), (Point3::new(2.0, 0.0, 0.0), Point3::new(2.0, 0.0, 3.0), 3.0));
/// assert_eq!((c.param_a.curve(), c.param_b.curve()), (Some(2.0), Some(-5.0)));
/// ```
#[must_use]
pub fn closest_points_line_line<T: Real>(a: &Line<T>, b: &Line<T>) -> ClosestPoints<T> {
    let (d1, d2) = (a.direction, b.direction);
    let r = a.point - b.point;
    let (aa, e) = (d1.norm_squared(), d2.norm_squared());
    let (s, t) = if aa == T::ZERO {
        (T::ZERO, ratio(d2.dot(&r), e))
    } else if e == T::ZERO {
        (ratio(-d1.dot(&r), aa), T::ZERO)
    } else {
        let n = d1.cross(&d2);
        let nn = n.norm_squared();
        if nn > T::DEGENERATE_SQ_TOLERANCE * aa * e {
            (n.dot(&d2.cross(&r)) / nn, n.dot(&d1.cross(&r)) / nn)
        } else {
            (T::ZERO, d2.dot(&r) / e)
        }
    };
    result(a.point_at(s), Param::Curve(s), b.point_at(t), Param::Curve(t))
}

/// The parameters `(s, t)` of the closest points of segments `p1 + s·d1` and `p2 + t·d2`,
/// `s, t ∈ [0, 1]` (Ericson 5.1.9).
fn segment_segment_params<T: Real>(
    p1: &Point3<T>,
    d1: &Vector3<T>,
    p2: &Point3<T>,
    d2: &Vector3<T>,
) -> (T, T) {
    let r = p1 - p2;
    let a = d1.norm_squared();
    let e = d2.norm_squared();
    let f = d2.dot(&r);
    if a == T::ZERO {
        // The first segment is a point: project it on the second.
        return (T::ZERO, clamp01(ratio(f, e)));
    }
    let c = d1.dot(&r);
    if e == T::ZERO {
        // The second segment is a point.
        return (clamp01(-c / a), T::ZERO);
    }
    let b = d1.dot(d2);
    // The closest points of the infinite lines, through cross products (see
    // `closest_points_line_line`); for (nearly) parallel segments any s is a candidate, and the book
    // takes s = 0.
    let n = d1.cross(d2);
    let nn = n.norm_squared();
    let mut s = if nn > T::DEGENERATE_SQ_TOLERANCE * a * e {
        clamp01(n.dot(&d2.cross(&r)) / nn)
    } else {
        T::ZERO
    };
    // The point of the second line closest to the (clamped) first point; if it falls outside the
    // segment, clamp it and recompute s for the clamped end.
    let mut t = (b * s + f) / e;
    if t < T::ZERO {
        t = T::ZERO;
        s = clamp01(-c / a);
    } else if t > T::ONE {
        t = T::ONE;
        s = clamp01((b - c) / a);
    }
    (s, t)
}

/// The closest points of two segments with their parameters `s` on `a` and `t` on `b`, both in
/// `[0, 1]` (Ericson 5.1.9).
///
/// Robust in the cases the book singles out: either segment (or both) a point, and parallel
/// segments (any closest pair is correct; this one takes `s = 0` when the lines are parallel within
/// [`Real::DEGENERATE_SQ_TOLERANCE`]). The line parameters use the cross-product form of
/// [`closest_points_line_line`], which stays accurate for nearly parallel segments where the book's
/// `ae − b²` cancels. A NaN input gives a NaN distance.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_segment_segment;
/// use osculate_math::{Point3, Segment};
///
/// let a = Segment::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0));
/// let b = Segment::new(Point3::new(1.0, -1.0, 1.0), Point3::new(1.0, 1.0, 1.0));
/// let c = closest_points_segment_segment(&a, &b);
/// assert_eq!((c.point_a, c.point_b, c.distance), (Point3::new(1.0, 0.0, 0.0), Point3::new(1.0, 0.0, 1.0), 1.0));
/// assert_eq!((c.param_a.curve(), c.param_b.curve()), (Some(0.5), Some(0.5)));
/// ```
#[must_use]
pub fn closest_points_segment_segment<T: Real>(a: &Segment<T>, b: &Segment<T>) -> ClosestPoints<T> {
    let (d1, d2) = (a.direction(), b.direction());
    let (mut s, mut t) = segment_segment_params(&a.a, &d1, &b.a, &d2);
    let (aa, e) = (d1.norm_squared(), d2.norm_squared());
    let nn = d1.cross(&d2).norm_squared();
    // Nearly parallel (sin²θ below 1/16): the line parameters are ill-conditioned (f32 distance
    // errors up to 478 ε·scale in `cargo xtask accuracy`), so the four end-to-segment projections,
    // each well conditioned, are candidates too: the minimum over the parameter square is the
    // lines' interior point or lies on the square's boundary, whose edges' minima they are.
    // (With them the same inputs err by 1.5 ε·scale at most.) Rare on general input, so the
    // branch is predicted.
    //
    // A candidate replaces the current answer only when nearer by more than the rounding of the
    // squared distances (8 ε · scale · distance): where the minimum is flat, candidates a few ulps
    // apart lie far apart along the segments (1.5e-3 apart for f32 capsule axes at 11°), and a
    // strict `<` let each argument order pick its own, so the exchanged query's witnesses did not
    // swap (found by the 1,000,000-case soak, `contacts::exchange::capsule_capsule_f32`). The
    // accuracy cases the candidates exist for gain hundreds of ε · scale.
    if nn < aa * e * T::lit(0.0625) && aa > T::ZERO && e > T::ZERO {
        let scale = [a.a, a.b, b.a, b.b].iter().fold(T::ZERO, |m, p| m.fast_max(p.coords.amax()));
        let mut best = (b.point_at(t) - a.point_at(s)).norm_squared();
        let mut consider = |cs: T, ct: T| {
            let d = (b.point_at(ct) - a.point_at(cs)).norm_squared();
            if d < best - T::lit(8.0) * T::EPSILON * scale * best.sqrt() {
                best = d;
                (s, t) = (cs, ct);
            }
        };
        consider(T::ZERO, clamp01((a.a - b.a).dot(&d2) / e));
        consider(T::ONE, clamp01((a.b - b.a).dot(&d2) / e));
        consider(clamp01((b.a - a.a).dot(&d1) / aa), T::ZERO);
        consider(clamp01((b.b - a.a).dot(&d1) / aa), T::ONE);
    }
    result(a.point_at(s), Param::Curve(s), b.point_at(t), Param::Curve(t))
}

/// The closest pair found so far among candidates, each a point on A and a point on B.
struct Best<T: Real> {
    best: ClosestPoints<T>,
    sq: T,
    nan: bool,
}

impl<T: Real> Best<T> {
    fn new() -> Self {
        let nan = nan_point();
        Self {
            best: ClosestPoints {
                point_a: nan,
                point_b: nan,
                distance: T::NAN,
                param_a: Param::None,
                param_b: Param::None,
            },
            sq: T::INFINITY,
            nan: false,
        }
    }

    fn consider(&mut self, pa: Point3<T>, ma: Param<T>, pb: Point3<T>, mb: Param<T>) {
        let sq = (pb - pa).norm_squared();
        if sq.is_nan() {
            self.nan = true;
        } else if sq < self.sq {
            self.sq = sq;
            self.best = ClosestPoints {
                point_a: pa,
                point_b: pb,
                distance: sq.sqrt(),
                param_a: ma,
                param_b: mb,
            };
        }
    }

    fn finish(self) -> ClosestPoints<T> {
        if self.nan {
            let nan = nan_point();
            ClosestPoints {
                point_a: nan,
                point_b: nan,
                distance: T::NAN,
                param_a: Param::None,
                param_b: Param::None,
            }
        } else {
            self.best
        }
    }
}

/// Barycentric coordinates of the point at parameter `t` of edge `i → j`.
#[inline]
fn edge_barycentric<T: Real>(i: usize, j: usize, t: T) -> [T; 3] {
    let mut w = [T::ZERO; 3];
    w[i] = T::ONE - t;
    w[j] = t;
    w
}

/// The three edges of a triangle as (start, end, start index, end index).
#[inline]
fn edges<T: Real>(tri: &Triangle<T>) -> [(Point3<T>, Point3<T>, usize, usize); 3] {
    [(tri.a, tri.b, 0, 1), (tri.b, tri.c, 1, 2), (tri.c, tri.a, 2, 0)]
}

/// Where segment `p + t·d`, `t ∈ [0, 1]`, crosses the plane of `tri` (strictly or touching), if the
/// triangle has a plane and the segment is not parallel to it.
///
/// For `f32` input the plane and the two signed distances are computed in `f64` (exact
/// differences and products of the `f32` coordinates): a sliver's `f32` normal errs in direction
/// by `ε / sinθ`, the crossing found on that plane lay up to 1e-5 off the true one, and
/// [`closest_point_on_triangle`], accurate on slivers, then measured it that far from the
/// triangle (two crossing f32 slivers reported 1.04e-5 apart, `cargo xtask accuracy`).
#[inline]
fn plane_crossing<T: Real>(p: &Point3<T>, d: &Vector3<T>, tri: &Triangle<T>) -> Option<T> {
    if T::EPSILON.to_f64() > 1e-10 {
        let w = |x: &Point3<T>| x.map(Real::to_f64);
        let (a, b, c, p) = (w(&tri.a), w(&tri.b), w(&tri.c), w(p));
        let n = (b - a).cross(&(c - a));
        let sa = n.dot(&(p - a));
        let sb = n.dot(&(p + d.map(Real::to_f64) - a));
        return crossing_parameter(sa, sb).map(T::lit);
    }
    let n = tri.normal();
    crossing_parameter(n.dot(&(p - tri.a)), n.dot(&(p + d - tri.a)))
}

/// The signed heights (unnormalised: times the normal's length) of `from`'s vertices over the plane
/// of `to`, in f64 (exact products of `f32` coordinates; the same as `T`'s for `f64`).
#[inline]
fn vertex_heights<T: Real>(from: &Triangle<T>, to: &Triangle<T>) -> [f64; 3] {
    let w = |x: &Point3<T>| x.map(Real::to_f64);
    let (a, b, c) = (w(&to.a), w(&to.b), w(&to.c));
    let n = (b - a).cross(&(c - a));
    from.vertices().map(|p| n.dot(&(w(&p) - a)))
}

/// The parameter where a segment whose ends are at signed distances `sa` and `sb` from a plane
/// crosses it, if they are on opposite sides or one is on it.
#[inline]
fn crossing_parameter<T: Real>(sa: T, sb: T) -> Option<T> {
    // Opposite signs or a zero: the segment meets the plane (a NaN fails both tests).
    if (sa <= T::ZERO && sb >= T::ZERO) || (sa >= T::ZERO && sb <= T::ZERO) {
        let den = sa - sb;
        if den != T::ZERO {
            return Some(clamp01(sa / den));
        }
    }
    None
}

/// The candidates of a segment against a triangle, added to `best` (segment as A when `seg_is_a`).
fn segment_triangle_candidates<T: Real>(
    seg: &Segment<T>,
    tri: &Triangle<T>,
    best: &mut Best<T>,
    seg_is_a: bool,
) {
    let mut add = |ps: Point3<T>, ms: Param<T>, pt: Point3<T>, mt: Param<T>| {
        if seg_is_a { best.consider(ps, ms, pt, mt) } else { best.consider(pt, mt, ps, ms) }
    };
    // Where the segment crosses the triangle's plane: if the crossing is inside the triangle the
    // distance is zero; if not, the pair is still a valid candidate (never closer than the truth).
    let d = seg.direction();
    if let Some(t) = plane_crossing(&seg.a, &d, tri) {
        let x = seg.point_at(t);
        let q = closest_point_on_triangle(&x, tri);
        add(x, Param::Curve(t), q.point, Param::Barycentric(q.barycentric));
    }
    // The segment's end points against the triangle.
    for (end, t) in [(seg.a, T::ZERO), (seg.b, T::ONE)] {
        let q = closest_point_on_triangle(&end, tri);
        add(end, Param::Curve(t), q.point, Param::Barycentric(q.barycentric));
    }
    // The segment against each edge.
    for (u, v, i, j) in edges(tri) {
        let (s, t) = segment_segment_params(&seg.a, &d, &u, &(v - u));
        let pe = u + (v - u) * t;
        add(seg.point_at(s), Param::Curve(s), pe, Param::Barycentric(edge_barycentric(i, j, t)));
    }
}

/// The closest points of segment `s` (A) and triangle `tri` (B), with the segment parameter and
/// the triangle's barycentric coordinates (Ericson 5.1.10).
///
/// The closest pair of a segment and a triangle that do not meet involves an end point of the
/// segment (point-triangle, 5.1.5) or an edge of the triangle (segment-segment, 5.1.9); when they
/// meet, the point where the segment crosses the triangle's plane is in the triangle. All six
/// candidates are measured and the nearest kept, which is also right for collapsed triangles (their
/// edges cover them) and for segments lying in the triangle's plane. A NaN input gives a NaN
/// distance.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_segment_triangle;
/// use osculate_math::{Point3, Segment, Triangle};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// let through = Segment::new(Point3::new(1.0, 1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
/// assert_eq!(closest_points_segment_triangle(&through, &t).distance, 0.0);
/// let above = Segment::new(Point3::new(1.0, 1.0, 2.0), Point3::new(9.0, 9.0, 2.0));
/// assert_eq!(closest_points_segment_triangle(&above, &t).distance, 2.0);
/// ```
#[must_use]
pub fn closest_points_segment_triangle<T: Real>(
    s: &Segment<T>,
    tri: &Triangle<T>,
) -> ClosestPoints<T> {
    let mut best = Best::new();
    segment_triangle_candidates(s, tri, &mut best, true);
    best.finish()
}

/// The closest points of two triangles, with the barycentric coordinates of each (Ericson 5.1.11).
///
/// As the book reduces it: the closest pair either meets an edge of one triangle (edge-triangle,
/// 5.1.10, which also finds the crossing point when the triangles intersect) — so the nine
/// edge-edge pairs, the six vertex-triangle pairs and the six edge-plane crossings are measured,
/// and the nearest kept. Collapsed triangles and coplanar pairs need no special case. A NaN input
/// gives a NaN distance.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_triangle_triangle;
/// use osculate_math::{Point3, Triangle};
///
/// let floor = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// let roof = Triangle::new(Point3::new(1.0, 1.0, 3.0), Point3::new(2.0, 1.0, 5.0), Point3::new(1.0, 2.0, 5.0));
/// let c = closest_points_triangle_triangle(&floor, &roof);
/// assert_eq!((c.point_a, c.point_b, c.distance), (Point3::new(1.0, 1.0, 0.0), Point3::new(1.0, 1.0, 3.0), 3.0));
/// ```
#[must_use]
pub fn closest_points_triangle_triangle<T: Real>(
    a: &Triangle<T>,
    b: &Triangle<T>,
) -> ClosestPoints<T> {
    let mut best = Best::new();
    // Edge-edge pairs (each once).
    for (u1, v1, i1, j1) in edges(a) {
        for (u2, v2, i2, j2) in edges(b) {
            let (s, t) = segment_segment_params(&u1, &(v1 - u1), &u2, &(v2 - u2));
            best.consider(
                u1 + (v1 - u1) * s,
                Param::Barycentric(edge_barycentric(i1, j1, s)),
                u2 + (v2 - u2) * t,
                Param::Barycentric(edge_barycentric(i2, j2, t)),
            );
        }
    }
    // Vertices against the other triangle, and edges crossing the other triangle's plane.
    for (from, to, from_is_a) in [(a, b, true), (b, a, false)] {
        for (k, v) in from.vertices().into_iter().enumerate() {
            let q = closest_point_on_triangle(&v, to);
            let mut w = [T::ZERO; 3];
            w[k] = T::ONE;
            let (pv, mv) = (v, Param::Barycentric(w));
            let (pq, mq) = (q.point, Param::Barycentric(q.barycentric));
            if from_is_a { best.consider(pv, mv, pq, mq) } else { best.consider(pq, mq, pv, mv) }
        }
        // The signed heights of `from`'s vertices over `to`'s plane, once for the three edges
        // (in f64, as `plane_crossing` takes them; from the vertices themselves rather than
        // `u + (v − u)`): an edge crosses where its ends' heights change sign, and none does when
        // all three are on one side.
        let h = vertex_heights(from, to);
        if h.iter().all(|&x| x > 0.0) || h.iter().all(|&x| x < 0.0) {
            continue;
        }
        for (u, v, i, j) in edges(from) {
            if let Some(t) = crossing_parameter(h[i], h[j]).map(T::lit) {
                let x = u + (v - u) * t;
                let q = closest_point_on_triangle(&x, to);
                let (px, mx) = (x, Param::Barycentric(edge_barycentric(i, j, t)));
                let (pq, mq) = (q.point, Param::Barycentric(q.barycentric));
                if from_is_a {
                    best.consider(px, mx, pq, mq);
                } else {
                    best.consider(pq, mq, px, mx);
                }
            }
        }
    }
    best.finish()
}

/// The closest points of segment `p + t·d`, `t ∈ [0, 1]`, and the box `[lo, hi]`: `(t, point on
/// the segment, point in the box)`.
fn segment_box<T: Real>(
    p: &Point3<T>,
    d: &Vector3<T>,
    lo: &Vector3<T>,
    hi: &Vector3<T>,
) -> (T, Point3<T>, Point3<T>) {
    let clamp = |x: &Point3<T>| {
        Point3::from(core::array::from_fn::<T, 3, _>(|i| {
            crate::point::clamp_axis(x[i], lo[i], hi[i])
        }))
    };
    // The breakpoints: where the segment crosses a slab plane (the pieces of the piecewise
    // quadratic), plus the ends.
    let mut ts = [T::ZERO; 8];
    let mut count = 0;
    ts[count] = T::ZERO;
    count += 1;
    ts[count] = T::ONE;
    count += 1;
    for i in 0..3 {
        if d[i] != T::ZERO {
            for bound in [lo[i], hi[i]] {
                let t = (bound - p[i]) / d[i];
                if T::ZERO < t && t < T::ONE {
                    ts[count] = t;
                    count += 1;
                }
            }
        }
    }
    let ts = &mut ts[..count];
    ts.sort_unstable_by(|a, b| a.partial_cmp(b).unwrap_or(core::cmp::Ordering::Equal));
    let mut best_t = T::ZERO;
    let mut best_sq = T::INFINITY;
    let consider = |t: T, best_t: &mut T, best_sq: &mut T| {
        let x = p + d * t;
        let sq = (clamp(&x) - x).norm_squared();
        if sq < *best_sq {
            *best_sq = sq;
            *best_t = t;
        }
    };
    for &t in ts.iter() {
        consider(t, &mut best_t, &mut best_sq);
    }
    // In each piece the squared distance is Σ over the axes outside their slab of
    // (p_i + t d_i − bound_i)², minimal at t* = Σ d_i (bound_i − p_i) / Σ d_i².
    for w in ts.windows(2) {
        let (t0, t1) = (w[0], w[1]);
        let mid = (t0 + t1) * T::HALF;
        let x = p + d * mid;
        let (mut num, mut den) = (T::ZERO, T::ZERO);
        for i in 0..3 {
            let bound = if x[i] < lo[i] {
                lo[i]
            } else if x[i] > hi[i] {
                hi[i]
            } else {
                continue;
            };
            num += d[i] * (bound - p[i]);
            den += d[i] * d[i];
        }
        if den > T::ZERO {
            let t = num / den;
            let t = if t < t0 {
                t0
            } else if t > t1 {
                t1
            } else {
                t
            };
            consider(t, &mut best_t, &mut best_sq);
        } else {
            // Inside the box (or at a constant distance) across the whole piece.
            consider(mid, &mut best_t, &mut best_sq);
        }
    }
    if !best_sq.is_finite() {
        return (T::NAN, nan_point(), nan_point());
    }
    let x = p + d * best_t;
    (best_t, x, clamp(&x))
}

/// The closest points of segment `s` (A) and the solid box `b` (B), with the segment parameter.
///
/// Method (ours; the texts only bound it): the squared distance from the moving point `s(t)` to the
/// box is a convex, piecewise quadratic function of `t` whose pieces end where `s(t)` crosses one of
/// the six slab planes. Each piece's minimum is found in closed form (the box clamps a fixed set of
/// coordinates there), so the global minimum is exact up to rounding after at most seven pieces — no
/// iteration. A segment through the box gets distance 0 and a point inside the box. An inverted box
/// or a NaN gives a NaN distance.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_segment_aabb;
/// use osculate_math::{Aabb, Point3, Segment};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let s = Segment::new(Point3::new(-1.0, 4.0, 0.5), Point3::new(4.0, -1.0, 0.5));
/// let c = closest_points_segment_aabb(&s, &b);
/// assert!((c.distance - 0.5_f64.sqrt()).abs() < 1e-12);
/// assert!((c.point_b - Point3::new(1.0, 1.0, 0.5)).norm() < 1e-12);
/// ```
#[must_use]
pub fn closest_points_segment_aabb<T: Real>(s: &Segment<T>, b: &Aabb<T>) -> ClosestPoints<T> {
    let (t, pa, pb) = segment_box(&s.a, &s.direction(), &b.min.coords, &b.max.coords);
    result(pa, Param::Curve(t), pb, Param::None)
}

/// The closest points of segment `s` (A) and the solid oriented box `b` (B): the segment is taken
/// into the box's frame and measured as in [`closest_points_segment_aabb`].
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_segment_obb;
/// use osculate_math::{Obb, Point3, Rotation3, Segment, Vector3};
///
/// let b = Obb::new(Point3::new(5.0_f64, 0.0, 0.0), Rotation3::from_axis_angle(&Vector3::z_axis(), 0.3), Vector3::new(1.0, 1.0, 1.0));
/// let s = Segment::new(Point3::new(5.0, 0.0, 4.0), Point3::new(5.0, 0.0, 9.0));
/// assert!((closest_points_segment_obb(&s, &b).distance - 3.0).abs() < 1e-12);
/// ```
#[must_use]
pub fn closest_points_segment_obb<T: Real>(s: &Segment<T>, b: &Obb<T>) -> ClosestPoints<T> {
    let a = b.to_local(&s.a);
    let d = b.rotation.inverse_transform_vector(&s.direction());
    let e = b.half_extents;
    let (t, _, pb) = segment_box(&Point3::from(a), &d, &-e, &e);
    result(s.point_at(t), Param::Curve(t), b.center + b.rotation * pb.coords, Param::None)
}

/// The closest points of two solid balls given by center and radius.
fn ball_ball<T: Real>(c1: &Point3<T>, r1: T, c2: &Point3<T>, r2: T) -> ClosestPoints<T> {
    let none = Param::None;
    if !(r1 >= T::ZERO && r2 >= T::ZERO) {
        let nan = nan_point();
        return ClosestPoints {
            point_a: nan,
            point_b: nan,
            distance: T::NAN,
            param_a: none,
            param_b: none,
        };
    }
    let v = c2 - c1;
    let d = v.norm();
    if !d.is_finite() {
        let nan = nan_point();
        return ClosestPoints {
            point_a: nan,
            point_b: nan,
            distance: T::NAN,
            param_a: none,
            param_b: none,
        };
    }
    if d <= r1 + r2 {
        // Overlapping: report a shared point, the middle of the overlap of the two diameters on the
        // center line (any point of c1 for concentric balls).
        if d == T::ZERO {
            return ClosestPoints {
                point_a: *c1,
                point_b: *c1,
                distance: T::ZERO,
                param_a: none,
                param_b: none,
            };
        }
        let lo = (-r1).fast_max(d - r2);
        let hi = r1.fast_min(d + r2);
        let x = c1 + v * ((lo + hi) * T::HALF / d);
        return ClosestPoints {
            point_a: x,
            point_b: x,
            distance: T::ZERO,
            param_a: none,
            param_b: none,
        };
    }
    let u = v / d;
    ClosestPoints {
        point_a: c1 + u * r1,
        point_b: c2 - u * r2,
        distance: d - r1 - r2,
        param_a: none,
        param_b: none,
    }
}

/// The closest points of two solid spheres (van den Bergen 3.1.1): the surface points on the line
/// of centers, at distance `|c₂ − c₁| − r₁ − r₂`. Overlapping spheres get distance 0 and a point
/// they share (the middle of the overlap on the line of centers; the common center when
/// concentric). A negative radius or a NaN gives NaN.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_sphere_sphere;
/// use osculate_math::{Point3, Sphere};
///
/// let a = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// let b = Sphere::new(Point3::new(5.0, 0.0, 0.0), 2.0);
/// let c = closest_points_sphere_sphere(&a, &b);
/// assert_eq!((c.point_a, c.point_b, c.distance), (Point3::new(1.0, 0.0, 0.0), Point3::new(3.0, 0.0, 0.0), 2.0));
/// ```
#[inline]
#[must_use]
pub fn closest_points_sphere_sphere<T: Real>(a: &Sphere<T>, b: &Sphere<T>) -> ClosestPoints<T> {
    ball_ball(&a.center, a.radius, &b.center, b.radius)
}

/// The closest points of solid sphere `s` (A) and segment `seg` (B), with the segment parameter:
/// the segment point closest to the center (Ericson 5.1.2), and the sphere point toward it. A
/// segment meeting the sphere gets distance 0 and that segment point.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_sphere_segment;
/// use osculate_math::{Point3, Segment, Sphere};
///
/// let s = Sphere::new(Point3::new(0.0_f32, 0.0, 0.0), 1.0);
/// let seg = Segment::new(Point3::new(-5.0, 3.0, 0.0), Point3::new(5.0, 3.0, 0.0));
/// let c = closest_points_sphere_segment(&s, &seg);
/// assert_eq!((c.distance, c.point_a, c.param_b.curve()), (2.0, Point3::new(0.0, 1.0, 0.0), Some(0.5)));
/// ```
#[must_use]
pub fn closest_points_sphere_segment<T: Real>(s: &Sphere<T>, seg: &Segment<T>) -> ClosestPoints<T> {
    let q = closest_point_on_segment(&s.center, seg);
    let mut c = ball_ball(&s.center, s.radius, &q.point, T::ZERO);
    c.param_b = if c.distance.is_nan() { Param::None } else { Param::Curve(q.t) };
    c
}

/// The closest points of solid sphere `s` (A) and solid capsule `c` (B): the capsule is its axis
/// segment grown by its radius, so this is [`closest_points_sphere_segment`]'s axis point taken as
/// the center of a second sphere.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_sphere_capsule;
/// use osculate_math::{Capsule, Point3, Sphere};
///
/// let s = Sphere::new(Point3::new(0.0_f64, 5.0, 0.0), 1.0);
/// let c = Capsule::new(Point3::new(-3.0, 0.0, 0.0), Point3::new(3.0, 0.0, 0.0), 2.0);
/// assert_eq!(closest_points_sphere_capsule(&s, &c).distance, 2.0);
/// ```
#[must_use]
pub fn closest_points_sphere_capsule<T: Real>(s: &Sphere<T>, c: &Capsule<T>) -> ClosestPoints<T> {
    let q = closest_point_on_segment(&s.center, &c.segment()).point;
    ball_ball(&s.center, s.radius, &q, c.radius)
}

/// The closest points of two solid capsules: the closest points of their axis segments (Ericson
/// 5.1.9) taken as centers of two spheres (van den Bergen 3.1.1), so the distance is the axes'
/// distance minus both radii. Overlapping capsules get distance 0 and a shared point.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_capsule_capsule;
/// use osculate_math::{Capsule, Point3};
///
/// let a = Capsule::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), 1.0);
/// let b = Capsule::new(Point3::new(2.0, -3.0, 4.0), Point3::new(2.0, 3.0, 4.0), 0.5);
/// let c = closest_points_capsule_capsule(&a, &b);
/// assert_eq!((c.point_a, c.point_b, c.distance), (Point3::new(2.0, 0.0, 1.0), Point3::new(2.0, 0.0, 3.5), 2.5));
/// ```
#[must_use]
pub fn closest_points_capsule_capsule<T: Real>(a: &Capsule<T>, b: &Capsule<T>) -> ClosestPoints<T> {
    let axes = closest_points_segment_segment(&a.segment(), &b.segment());
    ball_ball(&axes.point_a, a.radius, &axes.point_b, b.radius)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two crossing f32 slivers (`cargo xtask accuracy`, near-degenerate class): the crossing of
    /// an edge with the other sliver's plane, found on the plane of its f32 normal (direction
    /// error `ε / sinθ`), lay 1e-5 off the true plane, and the pair was reported 1.04e-5 apart
    /// (89.6 ε·scale). With the plane in f64 the f32 answer is within a few ε of f64's.
    #[test]
    fn crossing_f32_slivers_meet() {
        let a = Triangle::new(
            Point3::new(-0.470861_f32, 0.8073555, -0.43982553),
            Point3::new(0.8430838, -0.9742549, -0.90333927),
            Point3::new(0.30328166, -0.24266264, -0.712917),
        );
        let b = Triangle::new(
            Point3::new(-0.4788851_f32, 0.94420815, -0.89932907),
            Point3::new(0.43824625, -0.44077438, -0.7050504),
            Point3::new(0.49989954, -0.53390396, -0.6918344),
        );
        let wide = |t: &Triangle<f32>| Triangle::<f64>::new(t.a.cast(), t.b.cast(), t.c.cast());
        let d64 = closest_points_triangle_triangle(&wide(&a), &wide(&b)).distance;
        for (x, y) in [(&a, &b), (&b, &a)] {
            let d32 = f64::from(closest_points_triangle_triangle(x, y).distance);
            assert!((d32 - d64).abs() < 8.0 * f64::from(f32::EPSILON), "{d32} against {d64}");
        }
    }

    #[track_caller]
    fn check<T: Real>(c: &ClosestPoints<T>, pa: Point3<T>, pb: Point3<T>, dist: f64) {
        let tol = T::lit(1e-5);
        assert!((c.point_a - pa).norm() < tol, "point_a {c:?}, want {pa:?}");
        assert!((c.point_b - pb).norm() < tol, "point_b {c:?}, want {pb:?}");
        assert!((c.distance - T::lit(dist)).abs() < tol, "distance {c:?}, want {dist}");
    }

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
        let seg = |a: Point3<T>, b: Point3<T>| Segment::new(a, b);

        // Segment-segment: crossing, both points, one a point, parallel overlapping, parallel
        // disjoint (end to end), collinear, and an end-point case needing the second clamp.
        let x = seg(p(-1.0, 0.0, 0.0), p(1.0, 0.0, 0.0));
        check(
            &closest_points_segment_segment(&x, &seg(p(0.0, -1.0, 2.0), p(0.0, 1.0, 2.0))),
            p(0.0, 0.0, 0.0),
            p(0.0, 0.0, 2.0),
            2.0,
        );
        check(
            &closest_points_segment_segment(
                &seg(p(1.0, 1.0, 1.0), p(1.0, 1.0, 1.0)),
                &seg(p(4.0, 5.0, 1.0), p(4.0, 5.0, 1.0)),
            ),
            p(1.0, 1.0, 1.0),
            p(4.0, 5.0, 1.0),
            5.0,
        );
        check(
            &closest_points_segment_segment(&seg(p(0.5, 3.0, 0.0), p(0.5, 3.0, 0.0)), &x),
            p(0.5, 3.0, 0.0),
            p(0.5, 0.0, 0.0),
            3.0,
        );
        check(
            &closest_points_segment_segment(&x, &seg(p(0.5, 3.0, 0.0), p(0.5, 3.0, 0.0))),
            p(0.5, 0.0, 0.0),
            p(0.5, 3.0, 0.0),
            3.0,
        );
        let par = closest_points_segment_segment(&x, &seg(p(0.0, 2.0, 0.0), p(5.0, 2.0, 0.0)));
        assert!(
            (par.distance - l(2.0)).abs() < l(1e-6)
                && (par.point_b - par.point_a - Vector3::new(l(0.0), l(2.0), l(0.0))).norm()
                    < l(1e-6),
            "{par:?}"
        );
        check(
            &closest_points_segment_segment(&x, &seg(p(3.0, 1.0, 0.0), p(6.0, 1.0, 0.0))),
            p(1.0, 0.0, 0.0),
            p(3.0, 1.0, 0.0),
            5.0_f64.sqrt(),
        );
        check(
            &closest_points_segment_segment(&x, &seg(p(9.0, 0.0, 0.0), p(3.0, 0.0, 0.0))),
            p(1.0, 0.0, 0.0),
            p(3.0, 0.0, 0.0),
            2.0,
        );
        check(
            &closest_points_segment_segment(&x, &seg(p(2.0, 1.0, 0.0), p(4.0, 3.0, 0.0))),
            p(1.0, 0.0, 0.0),
            p(2.0, 1.0, 0.0),
            2.0_f64.sqrt(),
        );
        // Nearly parallel, long segments: the cross-product form keeps the distance.
        let long_a = seg(p(0.0, 0.0, 0.0), p(100.0, 0.0, 0.0));
        let long_b = seg(p(0.0, 1.0, 0.5), p(100.0, 1.0001, 0.5));
        let c = closest_points_segment_segment(&long_a, &long_b);
        assert!((c.distance - (l(1.0) + l(0.25)).sqrt()).abs() < l(1e-4), "{c:?}");

        // Line-line: skew, parallel, and a zero direction.
        let la = Line::new(p(0.0, 0.0, 0.0), Vector3::new(l(1.0), l(0.0), l(0.0)));
        let lb = Line::new(p(3.0, 7.0, 2.0), Vector3::new(l(0.0), l(-2.0), l(0.0)));
        check(&closest_points_line_line(&la, &lb), p(3.0, 0.0, 0.0), p(3.0, 0.0, 2.0), 2.0);
        let lp = Line::new(p(5.0, 0.0, 4.0), Vector3::new(l(-3.0), l(0.0), l(0.0)));
        let c = closest_points_line_line(&la, &lp);
        assert!((c.distance - l(4.0)).abs() < l(1e-6), "{c:?}");
        let lz = Line::new(p(2.0, 2.0, 0.0), Vector3::zeros());
        check(&closest_points_line_line(&lz, &la), p(2.0, 2.0, 0.0), p(2.0, 0.0, 0.0), 2.0);

        // Segment-triangle: through the face, above it, coplanar crossing an edge, the end point
        // region, and a collapsed triangle.
        let tri = Triangle::new(p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), p(0.0, 4.0, 0.0));
        check(
            &closest_points_segment_triangle(&seg(p(1.0, 1.0, -1.0), p(1.0, 1.0, 3.0)), &tri),
            p(1.0, 1.0, 0.0),
            p(1.0, 1.0, 0.0),
            0.0,
        );
        check(
            &closest_points_segment_triangle(&seg(p(1.0, 1.0, 2.0), p(1.0, 1.0, 5.0)), &tri),
            p(1.0, 1.0, 2.0),
            p(1.0, 1.0, 0.0),
            2.0,
        );
        let coplanar = seg(p(-1.0, 1.0, 0.0), p(1.0, 1.0, 0.0));
        assert_eq!(closest_points_segment_triangle(&coplanar, &tri).distance, l(0.0));
        check(
            &closest_points_segment_triangle(&seg(p(-2.0, -2.0, 1.0), p(-2.0, -2.0, 5.0)), &tri),
            p(-2.0, -2.0, 1.0),
            p(0.0, 0.0, 0.0),
            3.0,
        );
        let c = closest_points_segment_triangle(&seg(p(5.0, 5.0, -1.0), p(5.0, 5.0, 1.0)), &tri);
        check(&c, p(5.0, 5.0, 0.0), p(2.0, 2.0, 0.0), 18.0_f64.sqrt());
        assert_eq!(c.param_b.barycentric().map(|w| w[0]), Some(l(0.0)));
        let flat = Triangle::new(p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0), p(4.0, 0.0, 0.0));
        check(
            &closest_points_segment_triangle(&seg(p(1.0, -1.0, 3.0), p(1.0, 1.0, 3.0)), &flat),
            p(1.0, 0.0, 3.0),
            p(1.0, 0.0, 0.0),
            3.0,
        );

        // Triangle-triangle: separated face to vertex, intersecting, coplanar overlapping,
        // coplanar apart, edge to edge.
        let roof = Triangle::new(p(1.0, 1.0, 3.0), p(2.0, 1.0, 5.0), p(1.0, 2.0, 5.0));
        check(
            &closest_points_triangle_triangle(&tri, &roof),
            p(1.0, 1.0, 0.0),
            p(1.0, 1.0, 3.0),
            3.0,
        );
        check(
            &closest_points_triangle_triangle(&roof, &tri),
            p(1.0, 1.0, 3.0),
            p(1.0, 1.0, 0.0),
            3.0,
        );
        let stab = Triangle::new(p(1.0, 1.0, -1.0), p(1.0, 1.0, 1.0), p(1.0, 5.0, 1.0));
        assert_eq!(closest_points_triangle_triangle(&tri, &stab).distance, l(0.0));
        let shifted = Triangle::new(p(1.0, 1.0, 0.0), p(5.0, 1.0, 0.0), p(1.0, 5.0, 0.0));
        assert_eq!(closest_points_triangle_triangle(&tri, &shifted).distance, l(0.0));
        let apart = Triangle::new(p(5.0, 0.0, 0.0), p(9.0, 0.0, 0.0), p(5.0, 4.0, 0.0));
        check(
            &closest_points_triangle_triangle(&tri, &apart),
            p(4.0, 0.0, 0.0),
            p(5.0, 0.0, 0.0),
            1.0,
        );
        let crossed = Triangle::new(p(3.0, 3.0, -1.0), p(3.0, 3.0, 1.0), p(9.0, 9.0, 0.0));
        check(
            &closest_points_triangle_triangle(&tri, &crossed),
            p(2.0, 2.0, 0.0),
            p(3.0, 3.0, 0.0),
            2.0_f64.sqrt(),
        );

        // Segment-box: through, beside, toward a corner, a point segment, an OBB.
        let b = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        let through = closest_points_segment_aabb(&seg(p(-1.0, 0.5, 0.5), p(2.0, 0.5, 0.5)), &b);
        assert_eq!(through.distance, l(0.0));
        assert_eq!(through.point_a, through.point_b);
        check(
            &closest_points_segment_aabb(&seg(p(-1.0, 0.5, 3.0), p(2.0, 0.5, 3.0)), &b),
            p(-1.0, 0.5, 3.0) + Vector3::new(l(1.0), l(0.0), l(0.0)),
            p(0.0, 0.5, 1.0),
            2.0,
        );
        check(
            &closest_points_segment_aabb(&seg(p(2.0, 2.0, 2.0), p(3.0, 3.0, 3.0)), &b),
            p(2.0, 2.0, 2.0),
            p(1.0, 1.0, 1.0),
            3.0_f64.sqrt(),
        );
        check(
            &closest_points_segment_aabb(&seg(p(-1.0, 4.0, 0.5), p(4.0, -1.0, 0.5)), &b),
            p(1.5, 1.5, 0.5),
            p(1.0, 1.0, 0.5),
            0.5_f64.sqrt(),
        );
        check(
            &closest_points_segment_aabb(&seg(p(3.0, 0.5, 0.5), p(3.0, 0.5, 0.5)), &b),
            p(3.0, 0.5, 0.5),
            p(1.0, 0.5, 0.5),
            2.0,
        );
        let inverted = Aabb::new(p(1.0, 0.0, 0.0), p(0.0, 1.0, 1.0));
        assert!(closest_points_segment_aabb(&x, &inverted).distance.is_nan());
        let obb = Obb::new(
            p(0.0, 0.0, 0.0),
            osculate_math::Rotation3::from_axis_angle(
                &Vector3::z_axis(),
                l(core::f64::consts::FRAC_PI_4),
            ),
            Vector3::new(l(1.0), l(1.0), l(1.0)),
        );
        let c = closest_points_segment_obb(&seg(p(3.0, -5.0, 0.0), p(3.0, 5.0, 0.0)), &obb);
        check(&c, p(3.0, 0.0, 0.0), p(2.0_f64.sqrt(), 0.0, 0.0), 3.0 - 2.0_f64.sqrt());

        // Spheres and capsules: apart, overlapping (shared point), concentric, negative radius.
        let s1 = Sphere::new(p(0.0, 0.0, 0.0), l(1.0));
        check(
            &closest_points_sphere_sphere(&s1, &Sphere::new(p(0.0, 4.0, 0.0), l(1.0))),
            p(0.0, 1.0, 0.0),
            p(0.0, 3.0, 0.0),
            2.0,
        );
        check(
            &closest_points_sphere_sphere(&s1, &Sphere::new(p(1.5, 0.0, 0.0), l(1.0))),
            p(0.75, 0.0, 0.0),
            p(0.75, 0.0, 0.0),
            0.0,
        );
        check(
            &closest_points_sphere_sphere(&s1, &Sphere::new(p(0.0, 0.0, 0.0), l(2.0))),
            p(0.0, 0.0, 0.0),
            p(0.0, 0.0, 0.0),
            0.0,
        );
        assert!(
            closest_points_sphere_sphere(&s1, &Sphere::new(p(0.0, 0.0, 0.0), l(-1.0)))
                .distance
                .is_nan()
        );
        check(
            &closest_points_sphere_segment(&s1, &seg(p(-1.0, 0.5, 0.0), p(1.0, 0.5, 0.0))),
            p(0.0, 0.5, 0.0),
            p(0.0, 0.5, 0.0),
            0.0,
        );
        let cap = Capsule::new(p(0.0, 3.0, -5.0), p(0.0, 3.0, 5.0), l(0.5));
        check(&closest_points_sphere_capsule(&s1, &cap), p(0.0, 1.0, 0.0), p(0.0, 2.5, 0.0), 1.5);
        let cap2 = Capsule::new(p(0.0, 0.0, -5.0), p(0.0, 0.0, 5.0), l(1.0));
        let c = closest_points_capsule_capsule(&cap, &cap2);
        assert!((c.distance - l(1.5)).abs() < l(1e-6), "{c:?}");
        assert_eq!(closest_points_capsule_capsule(&cap2, &cap2).distance, l(0.0));

        // NaN in, NaN distance out.
        let nan = seg(p(f64::NAN, 0.0, 0.0), p(1.0, 0.0, 0.0));
        assert!(closest_points_segment_segment(&nan, &x).distance.is_nan());
        assert!(closest_points_segment_triangle(&nan, &tri).distance.is_nan());
        assert!(closest_points_segment_aabb(&nan, &b).distance.is_nan());
        let nan_tri = Triangle::new(p(f64::NAN, 0.0, 0.0), tri.b, tri.c);
        assert!(closest_points_triangle_triangle(&nan_tri, &tri).distance.is_nan());
    }

    #[test]
    fn worked_cases_f32() {
        worked_cases::<f32>();
    }

    #[test]
    fn worked_cases_f64() {
        worked_cases::<f64>();
    }
}
