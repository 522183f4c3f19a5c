//! Triangles: the closest point to a point with its barycentrics (Ericson 5.1.5), the closest
//! points of a segment and a triangle and of two triangles (Ericson 5.1.10), and the contact of a
//! sphere and a triangle.

use osculate_math::{Capsule, Point3, Real, Segment, Sphere, Triangle, Vector3, any_perpendicular};

use crate::linear::{clamp01, closest_point_on_segment, ratio, segment_segment_params};
use crate::sphere::{contact_balls, grown_a};
use crate::types::{ClosestPoints, Contact, Param, TrianglePoint};

/// The point of triangle `tri` closest to `p`, with its barycentric coordinates, by Ericson 5.1.5's
/// Voronoi-region method: the vertex regions of `a`, `b`, `c`, then the edge regions, then the face.
///
/// Collapsed triangles (collinear or coincident vertices) are the segment or point they are: a
/// zero-length edge's region is skipped (with two coincident vertices the answer is on the
/// segment between the distinct ones), every division whose denominator is zero is skipped
/// (`ratio`), and the face case — reachable only for a non-degenerate triangle — falls back to
/// the nearest of the three edges when its denominator is not positive.
///
/// A sliver (`sin²θ < 1e-4` at `a`, which covers needles too) skips the region tests, whose
/// rounding errs by about `ε / sinθ` times the triangle's size: in f64 arithmetic (exact on f32
/// vertices) it takes the nearest point of the three edges, or the orthogonal projection of `p`
/// onto the plane when that is inside the triangle (signed areas), projected from the nearest
/// edge point so that the normal's direction error is multiplied by the sliver's width rather
/// than by its length.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_triangle;
/// use osculate_math::{Point3, Triangle};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(0.0, 2.0, 0.0));
/// let c = closest_point_on_triangle(&Point3::new(0.5, 0.5, 3.0), &t);
/// assert_eq!(c.point, Point3::new(0.5, 0.5, 0.0));
/// assert_eq!(c.barycentric, [0.5, 0.25, 0.25]);
/// ```
#[must_use]
#[inline]
pub fn closest_point_on_triangle<T: Real>(p: &Point3<T>, tri: &Triangle<T>) -> TrianglePoint<T> {
    closest_point_on_triangle_with::<T, true>(p, tri)
}

/// [`closest_point_on_triangle`] with the point exactly the barycentric combination
/// `u·a + v·b + w·c` even on a sliver (no orthogonal projection there): GJK and EPA interpolate
/// their witness points with the barycentrics and need the point to be that same combination.
#[must_use]
#[inline]
pub(crate) fn closest_point_on_triangle_barycentric<T: Real>(
    p: &Point3<T>,
    tri: &Triangle<T>,
) -> TrianglePoint<T> {
    closest_point_on_triangle_with::<T, false>(p, tri)
}

fn closest_point_on_triangle_with<T: Real, const PROJECT: bool>(
    p: &Point3<T>,
    tri: &Triangle<T>,
) -> TrianglePoint<T> {
    let (a, b, c) = (tri.a, tri.b, tri.c);
    let ab = b - a;
    let ac = c - a;
    if PROJECT {
        // A sliver goes to the edges and the face by measurement instead of region tests: each
        // region test below errs by about `ε |ap| / sinθ` in distance (θ the angle at `a`; vertex
        // `b`'s test by `ε |bp| |ab| / |bc|`), which on a needle put a point of the face 1.3e-4
        // (f32) into edge `ac`'s region. `sin²θ |ab|² |ac|²` is `|ab|²|ac|² − (ab·ac)²`
        // (Lagrange); its cancellation is below 1e-3 relative at the threshold even in f32.
        // The components spelled out: cheaper than through nalgebra's `norm_squared` and
        // `dot` on random queries.
        if sliver_at_a(&ab, &ac) {
            return sliver_point(p, tri);
        }
    }
    let ap = p - a;
    // Vertex region of a.
    let d1 = ab.dot(&ap);
    let d2 = ac.dot(&ap);
    if d1 <= T::ZERO && d2 <= T::ZERO {
        return TrianglePoint { point: a, barycentric: [T::ONE, T::ZERO, T::ZERO] };
    }
    // Vertex region of b.
    let bp = p - b;
    let d3 = ab.dot(&bp);
    let d4 = ac.dot(&bp);
    if d3 >= T::ZERO && d4 <= d3 {
        return TrianglePoint { point: b, barycentric: [T::ZERO, T::ONE, T::ZERO] };
    }
    // Edge region of ab. `d1 > d3` (`d1 − d3 = |ab|²`) skips a zero-length edge: with a == b
    // every region test of ab holds with zeros, and the answer is on the segment ac instead.
    let vc = d1 * d4 - d3 * d2;
    if vc <= T::ZERO && d1 >= T::ZERO && d3 <= T::ZERO && d1 > d3 {
        let v = ratio(d1, d1 - d3);
        return TrianglePoint { point: a + ab * v, barycentric: [T::ONE - v, v, T::ZERO] };
    }
    // Vertex region of c.
    let cp = p - c;
    let d5 = ab.dot(&cp);
    let d6 = ac.dot(&cp);
    if d6 >= T::ZERO && d5 <= d6 {
        return TrianglePoint { point: c, barycentric: [T::ZERO, T::ZERO, T::ONE] };
    }
    // Edge region of ac.
    let vb = d5 * d2 - d1 * d6;
    if vb <= T::ZERO && d2 >= T::ZERO && d6 <= T::ZERO && d2 > d6 {
        let w = ratio(d2, d2 - d6);
        return TrianglePoint { point: a + ac * w, barycentric: [T::ONE - w, T::ZERO, w] };
    }
    // Edge region of bc.
    let va = d3 * d6 - d5 * d4;
    if va <= T::ZERO
        && (d4 - d3) >= T::ZERO
        && (d5 - d6) >= T::ZERO
        && (d4 - d3) + (d5 - d6) > T::ZERO
    {
        let w = ratio(d4 - d3, (d4 - d3) + (d5 - d6));
        return TrianglePoint { point: b + (c - b) * w, barycentric: [T::ZERO, T::ONE - w, w] };
    }
    // Face region. Ericson's `vb / denom`, `vc / denom` lose all accuracy on a sliver (va, vb, vc
    // are differences of products of dot products: relative error ~ε/sin²θ for the angle θ at a),
    // so the barycentrics come from cross products against the normal instead (relative error
    // ~ε/sinθ). When those put the projection outside the triangle, rounding fooled the region
    // tests above (a sliver again): the answer is on an edge.
    let denom = va + vb + vc;
    if denom > T::ZERO && denom.is_finite() {
        let n = ab.cross(&ac);
        let nn = n.norm_squared();
        let v = ap.cross(&ac).dot(&n) / nn;
        let w = ab.cross(&ap).dot(&n) / nn;
        if v >= T::ZERO && w >= T::ZERO && v + w <= T::ONE {
            let face =
                TrianglePoint { point: a + ab * v + ac * w, barycentric: [T::ONE - v - w, v, w] };
            // On a sliver these barycentrics still err by up to ε/sinθ along it (~1e-3 in f32 at
            // θ ≈ 0.01°), and on a triangle collinear up to rounding they are noise that may land
            // inside; the nearest edge is within the sliver's width of the answer, so the nearer
            // of the two candidates is accurate either way.
            if face_sliver(&ab, &ac, nn) {
                // Reached only by the barycentric variant (the projecting one sends slivers to
                // `sliver_point` first, up to the rounding of the two sliver tests).
                if PROJECT {
                    return sliver_point(p, tri);
                }
                let edge = nearest_edge(p, tri);
                if (edge.point - p).norm_squared() < (face.point - p).norm_squared() {
                    return edge;
                }
                return face;
            }
            return face;
        }
        return nearest_edge(p, tri);
    }
    if !(d1.is_finite()
        && d2.is_finite()
        && d3.is_finite()
        && d4.is_finite()
        && d5.is_finite()
        && d6.is_finite())
    {
        let nan = Point3::new(T::NAN, T::NAN, T::NAN);
        return TrianglePoint { point: nan, barycentric: [T::NAN; 3] };
    }
    nearest_edge(p, tri)
}

/// Whether the triangle with edges `ab` and `ac` is a sliver at `a` (`sin²θ < SLIVER_SIN_SQ`),
/// the test [`closest_point_on_triangle`] makes before its region tests (and the batch makes
/// once per triangle).
#[inline]
pub(crate) fn sliver_at_a<T: Real>(ab: &Vector3<T>, ac: &Vector3<T>) -> bool {
    let ab2 = ab.x * ab.x + ab.y * ab.y + ab.z * ab.z;
    let ac2 = ac.x * ac.x + ac.y * ac.y + ac.z * ac.z;
    let abac = ab.x * ac.x + ab.y * ac.y + ab.z * ac.z;
    let scale = ab2 * ac2;
    abac * abac > T::lit(1.0 - SLIVER_SIN_SQ) * scale
}

/// Whether the face formula's answer needs the sliver treatment: `|n|² = nn` (`n = ab × ac`)
/// below `SLIVER_SIN_SQ · |ab|² |ac|²`. Depends on the triangle alone.
#[inline]
pub(crate) fn face_sliver<T: Real>(ab: &Vector3<T>, ac: &Vector3<T>, nn: T) -> bool {
    nn < T::lit(SLIVER_SIN_SQ) * ab.norm_squared() * ac.norm_squared()
}

/// `sin²θ` of the angle at `a` below which a triangle is a sliver for the face formula of
/// [`closest_point_on_triangle`]: θ under ~0.6°, where its barycentrics' relative error ε/sinθ exceeds
/// ~100 ε and the nearest edge is measured as well.
const SLIVER_SIN_SQ: f64 = 1e-4;

/// The point of sliver `tri` (`sin²θ < SLIVER_SIN_SQ` at `a`) closest to `p`, by measurement
/// rather than region tests, in f64 whatever `T` is (f32 vertices are exact there): the nearest
/// point `e` of the three edges, or the projection `q` of `p` onto the plane when it is inside
/// the triangle.
///
/// - `q` is projected from `e`, a point of the plane within the sliver's width of the answer:
///   `q = p − n (n·(p − e)) / |n|²`. The normal's direction errs by `ε / sinθ` on a sliver; taken
///   from a vertex, that error times the vertex's distance (the triangle's size) moved a point
///   of an f32 needle face 3.8e-6 off itself; from `e` it is times `|p − e|`.
/// - Inside is the signs of the three signed areas `(e_i × (q − start_i))·n`, each edge from its
///   own start vertex: the normal's direction error changes them only to second order.
/// - Every interior point is within half the smallest height `|n| / L_max` of the boundary, and
///   `e` is the boundary point nearest `q`; a `q` farther from `e` than that height is the
///   normal's noise (a triangle collinear up to rounding), and `e` is returned.
#[cold]
#[inline(never)]
fn sliver_point<T: Real>(p: &Point3<T>, tri: &Triangle<T>) -> TrianglePoint<T> {
    if !p.coords.iter().all(|x| x.is_finite()) {
        // As the region tests answer (the vertices are finite here: their sliver test passed).
        let nan = Point3::new(T::NAN, T::NAN, T::NAN);
        return TrianglePoint { point: nan, barycentric: [T::NAN; 3] };
    }
    let wide = |x: &Point3<T>| x.map(Real::to_f64);
    let (p, a, b, c) = (wide(p), wide(&tri.a), wide(&tri.b), wide(&tri.c));
    let narrow = |x: Point3<f64>, bary: [f64; 3]| TrianglePoint {
        point: x.map(T::lit),
        barycentric: bary.map(T::lit),
    };
    let edge = nearest_edge(&p, &Triangle::new(a, b, c));
    let (ab, ac, bc) = (b - a, c - a, c - b);
    let n = ab.cross(&ac);
    let nn = n.norm_squared();
    if !(nn > 0.0 && nn.is_finite()) {
        // Collinear or coincident vertices: the triangle is its edges (NaN carried on by them).
        return narrow(edge.point, edge.barycentric);
    }
    let q = p - n * (n.dot(&(p - edge.point)) / nn);
    // Twice the areas of the sub-triangles opposite a, b and c, times |n|.
    let sa = bc.cross(&(q - b)).dot(&n);
    let sb = (a - c).cross(&(q - c)).dot(&n);
    let sc = ab.cross(&(q - a)).dot(&n);
    let s = sa + sb + sc;
    let longest2 = ab.norm_squared().max(ac.norm_squared()).max(bc.norm_squared());
    let inside = sa >= 0.0 && sb >= 0.0 && sc >= 0.0 && s > 0.0;
    if !inside || (q - edge.point).norm_squared() * longest2 > nn {
        return narrow(edge.point, edge.barycentric);
    }
    let (v, w) = (sb / s, sc / s);
    narrow(q, [1.0 - v - w, v, w])
}

/// The nearest of the three edges, for triangles too flat for the face formula.
fn nearest_edge<T: Real>(p: &Point3<T>, tri: &Triangle<T>) -> TrianglePoint<T> {
    let edges = [(tri.a, tri.b, 0usize, 1usize), (tri.b, tri.c, 1, 2), (tri.c, tri.a, 2, 0)];
    let mut best = TrianglePoint { point: tri.a, barycentric: [T::ONE, T::ZERO, T::ZERO] };
    let mut best_d = T::INFINITY;
    for (u, v, i, j) in edges {
        let c = closest_point_on_segment(p, &Segment::new(u, v));
        let d = (c.point - p).norm_squared();
        if d < best_d {
            best_d = d;
            let mut bary = [T::ZERO; 3];
            bary[i] = T::ONE - c.t;
            bary[j] = c.t;
            best = TrianglePoint { point: c.point, barycentric: bary };
        }
    }
    best
}

/// The squared distance from `p` to triangle `tri` (Ericson 5.1.5).
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_triangle;
/// use osculate_math::{Point3, Triangle};
///
/// let t = Triangle::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
/// assert_eq!(sq_distance_point_triangle(&Point3::new(0.25, 0.25, -2.0), &t), 4.0);
/// ```
#[inline]
#[must_use]
pub fn sq_distance_point_triangle<T: Real>(p: &Point3<T>, tri: &Triangle<T>) -> T {
    (closest_point_on_triangle(p, tri).point - p).norm_squared()
}

/// The closest pair found so far among candidates, each a point on A and a point on B.
struct Best<T: Real> {
    best: ClosestPoints<T>,
    sq: T,
    nan: bool,
}

impl<T: Real> Best<T> {
    fn new() -> Self {
        Self { best: ClosestPoints::nan(), sq: T::INFINITY, nan: false }
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
        if self.nan { ClosestPoints::nan() } else { self.best }
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
/// triangle (two crossing f32 slivers reported 1.04e-5 apart).
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

/// The closest points of solid sphere `s` (A) and triangle `tri` (B), with the triangle's
/// barycentrics: the triangle point closest to the center ([`closest_point_on_triangle`], Ericson
/// 5.1.5) and the sphere point toward it (van den Bergen 3.1.1). A sphere meeting the triangle
/// gets distance 0 and that triangle point. A negative radius or a NaN gives a NaN distance.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_sphere_triangle;
/// use osculate_math::{Point3, Sphere, Triangle};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// let c = closest_points_sphere_triangle(&Sphere::new(Point3::new(1.0, 1.0, 3.0), 1.0), &t);
/// assert_eq!((c.distance, c.point_b, c.param_b.barycentric()), (2.0, Point3::new(1.0, 1.0, 0.0), Some([0.5, 0.25, 0.25])));
/// ```
#[must_use]
pub fn closest_points_sphere_triangle<T: Real>(
    s: &Sphere<T>,
    tri: &Triangle<T>,
) -> ClosestPoints<T> {
    let y = closest_point_on_triangle(&s.center, tri);
    let core = ClosestPoints {
        point_a: s.center,
        point_b: y.point,
        distance: T::ZERO,
        param_a: Param::None,
        param_b: Param::Barycentric(y.barycentric),
    };
    grown_a(core, s.radius)
}

/// The closest points of solid capsule `c` (A) and triangle `tri` (B), with the triangle's
/// barycentrics: the closest points of the capsule's axis and the triangle
/// ([`closest_points_segment_triangle`], Ericson 5.1.10), the axis point moved out by the radius
/// (van den Bergen 3.1.1). Overlap gives distance 0 and a triangle point within the radius of the
/// axis. A negative radius or a NaN gives a NaN distance.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_capsule_triangle;
/// use osculate_math::{Capsule, Point3, Triangle};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// let c = Capsule::new(Point3::new(1.0, 1.0, 2.0), Point3::new(1.0, 1.0, 5.0), 0.5);
/// assert_eq!(closest_points_capsule_triangle(&c, &t).distance, 1.5);
/// ```
#[must_use]
pub fn closest_points_capsule_triangle<T: Real>(
    c: &Capsule<T>,
    tri: &Triangle<T>,
) -> ClosestPoints<T> {
    let mut core = closest_points_segment_triangle(&c.segment(), tri);
    core.param_a = Param::None;
    grown_a(core, c.radius)
}

/// The contact of solid sphere `s` (A) and triangle `tri` (B, a two-sided surface): the triangle
/// point `y` closest to the center (Ericson 5.1.5), normal toward it, signed distance
/// `|y − c| − ρ`.
///
/// The triangle is taken relative to the center (`a − c`, `b − c`, `c − c`: exact for vertices
/// near the center), so `y − c` errs by the rounding of the triangle's own size, not of its
/// distance from the origin; where `y` is inside the face, the normal is the face's own
/// (toward the triangle's plane) and the distance the center's from that plane: `y − c` there
/// is the projection's rounding when the center is within it of the plane (a center 2e-5 from
/// a triangle 1e4 from the origin in f32 had an in-plane normal, and moving the triangle by the
/// depth along it left the shapes overlapping by a third of the radius).
///
/// Center on the triangle: the sphere leaves along the triangle's normal (`(b − a) × (c − a)`,
/// normalised; the sphere is pushed to the back side, depth `ρ`); a collapsed triangle uses a
/// direction perpendicular to its longest edge.
///
/// # Examples
/// ```
/// use osculate_closest::contact_sphere_triangle;
/// use osculate_math::{Point3, Sphere, Triangle, Vector3};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// let c = contact_sphere_triangle(&Sphere::new(Point3::new(1.0, 1.0, 0.5), 1.0), &t).unwrap();
/// assert_eq!((c.distance, c.normal, c.point_b), (-0.5, -Vector3::z_axis(), Point3::new(1.0, 1.0, 0.0)));
/// ```
#[must_use]
pub fn contact_sphere_triangle<T: Real>(s: &Sphere<T>, tri: &Triangle<T>) -> Option<Contact<T>> {
    sphere_triangle_contact(s, tri).map(|(c, _)| c)
}

/// [`contact_sphere_triangle`] with the barycentric coordinates of the triangle's point closest
/// to the center (the Voronoi region the manifold names as the triangle's feature).
pub(crate) fn sphere_triangle_contact<T: Real>(
    s: &Sphere<T>,
    tri: &Triangle<T>,
) -> Option<(Contact<T>, [T; 3])> {
    let c = s.center.coords;
    let local = Triangle::new(tri.a - c, tri.b - c, tri.c - c);
    let y = closest_point_on_triangle(&Point3::origin(), &local);
    let normal = local.unit_normal();
    let fallback = || {
        normal.unwrap_or_else(|| {
            let edges = [tri.b - tri.a, tri.c - tri.b, tri.a - tri.c];
            let longest = edges
                .iter()
                .fold(edges[0], |m, e| if e.norm_squared() > m.norm_squared() { *e } else { m });
            any_perpendicular(&longest)
        })
    };
    let inside = y.barycentric.iter().all(|&x| x > T::ZERO);
    let contact = match normal {
        // Inside the face: along the face's normal, by the center's distance from its plane.
        Some(n) if inside => {
            let h = n.dot(&local.a.coords);
            let toward = if h < T::ZERO { -n } else { n };
            let foot = Point3::from(toward.into_inner() * h.abs());
            contact_balls(&Point3::origin(), s.radius, &foot, T::ZERO, || n)
        }
        _ => contact_balls(&Point3::origin(), s.radius, &y.point, T::ZERO, fallback),
    }?;
    let contact = Contact { point_a: contact.point_a + c, point_b: contact.point_b + c, ..contact };
    Some((contact, y.barycentric))
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_math::point3;

    use crate::test_support::*;
    use osculate_testing::for_f32_and_f64;

    #[test]
    fn point_on_an_f32_sliver_maps_to_itself() {
        // A sliver (sinθ = 6.4e-4) at the 1e-4 scale and a point sampled on it. Its f64 closest
        // point is 2e-12 away; the f32 barycentric reconstruction was 1e-8 away (≈ 800 ε·scale),
        // the orthogonal projection is 3.3e-10.
        let t = Triangle::new(
            Point3::new(-8.6448665e-5_f32, -1.8977657e-5, 7.890869e-5),
            Point3::new(1.8494098e-5, -2.3063987e-5, 2.0295283e-5),
            Point3::new(9.335856e-5, -2.5965606e-5, -2.1368951e-5),
        );
        let p = Point3::new(2.363884e-5_f32, -2.3258344e-5, 1.7488002e-5);
        let q = closest_point_on_triangle(&p, &t);
        assert!((q.point - p).norm() < 1e-9, "{q:?}");
        let bary = q.barycentric;
        assert!(bary.iter().all(|x| (0.0..=1.0).contains(x)), "{bary:?}");
    }

    /// A triangle collinear up to rounding (`c` put on `ab`): `va + vb + vc` and the normal are both
    /// rounding noise, and the face formula's noise quotients landed inside the triangle, 0.07 from
    /// the point of `ab` the query point lies on.
    #[test]
    fn collapsed_triangle_point_on_it_is_its_own_closest() {
        let tri = Triangle::new(
            Point3::new(0.12036251374215845, -0.1843131275000658, -0.6009000417195911),
            Point3::new(-0.9643492474413518, 0.45238934281344534, 0.948625424427687),
            Point3::new(-0.6230192263074912, 0.25203596284181884, 0.4610308587244145),
        );
        let p = Point3::new(-0.11210441068999186, -0.047860043511522316, -0.26881788650120464);
        let c = closest_point_on_triangle(&p, &tri);
        assert!((c.point - p).norm() < 1e-12, "{c:?}");
    }

    /// An f32 sliver (`c` 9e-4 from `a`, nearly on `ab`): the face formula's barycentrics, inside the
    /// triangle, put a point of the edge 2.7e-4 away from itself along the sliver (property tests:
    /// `point_of_shape_is_its_own_closest::f32`).
    #[test]
    fn sliver_triangle_point_on_edge_is_its_own_closest() {
        let tri = Triangle::new(
            Point3::new(0.59445876_f32, 0.6951575, -0.45839715),
            Point3::new(-0.04005894, -0.13114521, 0.6955995),
            Point3::new(0.5940614, 0.6946401, -0.45767447),
        );
        let p = Point3::new(0.12406963, 0.08259171, 0.39709914);
        let c = closest_point_on_triangle(&p, &tri);
        assert!((c.point - p).norm() < 1e-6, "{c:?}");
        assert!(c.barycentric.iter().all(|&x| (0.0..=1.0).contains(&x)), "{c:?}");
    }

    /// A triangle whose third vertex was put on the edge `ab` and rounded: every region test fails
    /// by rounding and the face
    /// formula of Ericson 5.1.5 put the answer 1e-3 along the sliver from the true closest point.
    #[test]
    fn rounded_collinear_triangle_projects_on_its_edge() {
        let a = Point3::new(0.26749370165863606, 0.5011143248236636, 0.2676034057221921);
        let b = Point3::new(0.9412700768075701, 0.43833781995203713, 0.9521873829882126);
        let c = Point3::new(0.4580924642099557, 0.48335602312722303, 0.4612594372215486);
        let p = Point3::new(0.5890494819811585, 0.06731670570149562, 0.2209445313864311);
        let got = closest_point_on_triangle(&p, &Triangle::new(a, b, c));
        // The triangle is the segment ab up to rounding.
        let want = closest_point_on_segment(&p, &Segment::new(a, b)).point;
        assert!((got.point - want).norm() < 1e-12, "{got:?} != {want:?}");
        let [u, v, w] = got.barycentric;
        let from_bary = Point3::from(a.coords * u + b.coords * v + c.coords * w);
        assert!((from_bary - got.point).norm() < 1e-12, "{got:?}");
    }

    /// Reported by the dynamic-layer properties: a point on two edges of a sliver triangle.
    #[test]
    fn sliver_triangle_point_on_two_edges_is_its_own_closest() {
        let tri = Triangle::new(
            Point3::new(-0.7966618632134783, 0.22297659814643156, -0.7292378967105936),
            Point3::new(-0.08015450277496772, -0.6260221934114236, -0.1290113448989748),
            Point3::new(-0.13654911320283813, -0.5591994938171927, -0.17625376615918897),
        );
        let p = Point3::new(-0.46180937297586877, -0.17379442649158577, -0.4487280699059567);
        let c = closest_point_on_triangle(&p, &tri);
        assert!((c.point - p).norm() < 1e-9, "{c:?}");
    }

    /// A needle face of an f32 tetrahedron (`d` near the middle of edge `ac`, property test
    /// `tetrahedron::point_of_shape_is_its_own_closest::f32` at 1,000,000 cases): Ericson's
    /// region test for edge `ac` (`vb`, a difference of products of dot products) rounded the
    /// wrong way and mapped a point of the face to edge `ac`, 1.3e-4 away. The sliver path
    /// measures instead of testing regions.
    #[test]
    fn needle_triangle_point_on_face_is_its_own_closest() {
        let a = Point3::new(0.8908386_f32, 0.5412588, -0.06284224);
        let c = Point3::new(-0.8293677_f32, 0.7410618, -0.6028384);
        let d = Point3::new(0.00041280038_f32, 0.6451001, -0.34264773);
        let p = Point3::new(0.28313714_f32, 0.6119543, -0.25368443);
        for tri in [Triangle::new(a, c, d), Triangle::new(c, d, a), Triangle::new(d, a, c)] {
            let got = closest_point_on_triangle(&p, &tri);
            assert!((got.point - p).norm() < 1e-6, "{tri:?}: {got:?}");
            assert!(got.barycentric.iter().all(|&x| (0.0..=1.0).contains(&x)), "{got:?}");
            // A non-finite query point gives NaN on a sliver as on any triangle.
            for bad in [f32::NAN, f32::INFINITY] {
                let got = closest_point_on_triangle(&Point3::new(bad, 0.0, 0.0), &tri);
                assert!(got.point.x.is_nan() && got.barycentric[0].is_nan(), "{got:?}");
            }
        }
    }

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let tri = Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0));
        // Each Voronoi region of Ericson 5.1.5 by name.
        let cases = [
            (p(-1.0, -1.0, 1.0), p(0.0, 0.0, 0.0), [1.0, 0.0, 0.0]), // vertex a
            (p(2.0, -0.5, 1.0), p(1.0, 0.0, 0.0), [0.0, 1.0, 0.0]),  // vertex b
            (p(-0.5, 2.0, -1.0), p(0.0, 1.0, 0.0), [0.0, 0.0, 1.0]), // vertex c
            (p(0.5, -1.0, 0.0), p(0.5, 0.0, 0.0), [0.5, 0.5, 0.0]),  // edge ab
            (p(-1.0, 0.25, 0.0), p(0.0, 0.25, 0.0), [0.75, 0.0, 0.25]), // edge ac
            (p(1.0, 1.0, 0.0), p(0.5, 0.5, 0.0), [0.0, 0.5, 0.5]),   // edge bc
            (p(0.25, 0.25, 5.0), p(0.25, 0.25, 0.0), [0.5, 0.25, 0.25]), // face
        ];
        for (q, expect, bary) in cases {
            let c = closest_point_on_triangle(&q, &tri);
            assert!((c.point - expect).norm() < l(1e-6), "{q:?}: {c:?}");
            for (got, want) in c.barycentric.iter().zip(bary) {
                assert!((*got - l(want)).abs() < l(1e-6), "{q:?}: {c:?}");
            }
        }
        // Collapsed triangles: a segment, and a point.
        let flat = Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 0.0), p(2.0, 2.0, 0.0));
        let c = closest_point_on_triangle(&p(2.0, 0.0, 0.0), &flat);
        assert!((c.point - p(1.0, 1.0, 0.0)).norm() < l(1e-6), "{c:?}");
        let dot = Triangle::new(p(1.0, 2.0, 3.0), p(1.0, 2.0, 3.0), p(1.0, 2.0, 3.0));
        assert_eq!(closest_point_on_triangle(&p(0.0, 0.0, 0.0), &dot).point, p(1.0, 2.0, 3.0));
        // NaN queries never produce a confident finite answer.
        let nan = p(f64::NAN, 0.0, 0.0);
        assert!(sq_distance_point_triangle(&nan, &tri).is_nan());
    }

    fn pair_worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        // Segment-triangle: through the face, above it, coplanar crossing an edge, the end point
        // region, and a collapsed triangle.
        let tri = Triangle::new(p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), p(0.0, 4.0, 0.0));
        check_points(
            &closest_points_segment_triangle(&seg(p(1.0, 1.0, -1.0), p(1.0, 1.0, 3.0)), &tri),
            p(1.0, 1.0, 0.0),
            p(1.0, 1.0, 0.0),
            0.0,
        );
        check_points(
            &closest_points_segment_triangle(&seg(p(1.0, 1.0, 2.0), p(1.0, 1.0, 5.0)), &tri),
            p(1.0, 1.0, 2.0),
            p(1.0, 1.0, 0.0),
            2.0,
        );
        let coplanar = seg(p(-1.0, 1.0, 0.0), p(1.0, 1.0, 0.0));
        assert_eq!(closest_points_segment_triangle(&coplanar, &tri).distance, l(0.0));
        check_points(
            &closest_points_segment_triangle(&seg(p(-2.0, -2.0, 1.0), p(-2.0, -2.0, 5.0)), &tri),
            p(-2.0, -2.0, 1.0),
            p(0.0, 0.0, 0.0),
            3.0,
        );
        let c = closest_points_segment_triangle(&seg(p(5.0, 5.0, -1.0), p(5.0, 5.0, 1.0)), &tri);
        check_points(&c, p(5.0, 5.0, 0.0), p(2.0, 2.0, 0.0), 18.0_f64.sqrt());
        assert_eq!(c.param_b.barycentric().map(|w| w[0]), Some(l(0.0)));
        let flat = Triangle::new(p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0), p(4.0, 0.0, 0.0));
        check_points(
            &closest_points_segment_triangle(&seg(p(1.0, -1.0, 3.0), p(1.0, 1.0, 3.0)), &flat),
            p(1.0, 0.0, 3.0),
            p(1.0, 0.0, 0.0),
            3.0,
        );

        // Triangle-triangle: separated face to vertex, intersecting, coplanar overlapping,
        // coplanar apart, edge to edge.
        let roof = Triangle::new(p(1.0, 1.0, 3.0), p(2.0, 1.0, 5.0), p(1.0, 2.0, 5.0));
        check_points(
            &closest_points_triangle_triangle(&tri, &roof),
            p(1.0, 1.0, 0.0),
            p(1.0, 1.0, 3.0),
            3.0,
        );
        check_points(
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
        check_points(
            &closest_points_triangle_triangle(&tri, &apart),
            p(4.0, 0.0, 0.0),
            p(5.0, 0.0, 0.0),
            1.0,
        );
        let crossed = Triangle::new(p(3.0, 3.0, -1.0), p(3.0, 3.0, 1.0), p(9.0, 9.0, 0.0));
        check_points(
            &closest_points_triangle_triangle(&tri, &crossed),
            p(2.0, 2.0, 0.0),
            p(3.0, 3.0, 0.0),
            2.0_f64.sqrt(),
        );

        // NaN in, NaN distance out.
        let nan = seg(p(f64::NAN, 0.0, 0.0), p(1.0, 0.0, 0.0));
        assert!(closest_points_segment_triangle(&nan, &tri).distance.is_nan());
        let nan_tri = Triangle::new(p(f64::NAN, 0.0, 0.0), tri.b, tri.c);
        assert!(closest_points_triangle_triangle(&nan_tri, &tri).distance.is_nan());
    }

    /// Two crossing f32 slivers: the crossing of
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

    // Sphere-triangle.

    fn sphere_near_triangle_face_and_edge<T: Real>() {
        let tri = Triangle::new(p::<T>(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), p(0.0, 4.0, 0.0));
        check_contact(
            contact_sphere_triangle(&sphere(p(1.0, 1.0, 3.0), 1.0), &tri),
            2.0,
            [0.0, 0.0, -1.0],
        );
        check_contact(
            contact_sphere_triangle(&sphere(p(2.0, -2.0, 0.0), 1.0), &tri),
            1.0,
            [0.0, 1.0, 0.0],
        );
        check_contact(
            contact_sphere_triangle(&sphere(p(1.0, 1.0, -0.5), 1.0), &tri),
            -0.5,
            [0.0, 0.0, 1.0],
        );
    }

    fn sphere_center_on_triangle_leaves_along_its_normal<T: Real>() {
        // (b − a) × (c − a) = +z: the sphere is pushed to the back side, depth ρ.
        let tri = Triangle::new(p::<T>(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), p(0.0, 4.0, 0.0));
        let c = contact_sphere_triangle(&sphere(p(1.0, 1.0, 0.0), 1.0), &tri);
        let c = check_contact(c, -1.0, [0.0, 0.0, 1.0]);
        assert_eq!(c.point_b, p(1.0, 1.0, 0.0));
    }

    fn sphere_center_on_collapsed_triangle_uses_longest_edge<T: Real>() {
        // Collinear vertices: no normal; the longest edge a − c = (−4, 0, 0) gives
        // (−4, 0, 0) × e_y = (0, 0, −4).
        let tri = Triangle::new(p::<T>(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0), p(4.0, 0.0, 0.0));
        check_contact(
            contact_sphere_triangle(&sphere(p(1.0, 0.0, 0.0), 1.0), &tri),
            -1.0,
            [0.0, 0.0, -1.0],
        );
    }

    for_f32_and_f64!(
        worked_cases,
        pair_worked_cases,
        sphere_near_triangle_face_and_edge,
        sphere_center_on_triangle_leaves_along_its_normal,
        sphere_center_on_collapsed_triangle_uses_longest_edge,
    );
}
