//! The closest point of a shape to a point, and the squared distance (Ericson 5.1.1-5.1.5).

use osculate_math::{
    Aabb, Capsule, Line, Obb, Plane, Point3, Ray, Real, Segment, Sphere, Triangle,
};

/// A point on a parametrised curve (line, ray, segment) and its parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CurvePoint<T: Real> {
    /// The point.
    pub point: Point3<T>,
    /// Its parameter `t` on the curve (`point = start + t·direction`).
    pub t: T,
}

/// The point of a triangle closest to a query point, with its barycentric coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrianglePoint<T: Real> {
    /// The point.
    pub point: Point3<T>,
    /// `[u, v, w]` with `point = u·a + v·b + w·c`, each in `[0, 1]`, summing to 1.
    pub barycentric: [T; 3],
}

/// `num / den`, or 0 when `den` is 0 (a degenerate configuration whose every parameter is equally
/// right).
#[inline]
pub(crate) fn ratio<T: Real>(num: T, den: T) -> T {
    if den == T::ZERO { T::ZERO } else { num / den }
}

/// The point of `plane` closest to `p`: `p − (n·p − d) n` (Ericson 5.1.1).
///
/// NaN in, NaN out.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_plane;
/// use osculate_math::{Plane, Point3, Vector3};
///
/// let floor = Plane::new(Vector3::z_axis(), 1.0_f64);
/// assert_eq!(closest_point_on_plane(&Point3::new(2.0, 3.0, 5.0), &floor), Point3::new(2.0, 3.0, 1.0));
/// ```
#[inline]
#[must_use]
pub fn closest_point_on_plane<T: Real>(p: &Point3<T>, plane: &Plane<T>) -> Point3<T> {
    p - plane.normal.into_inner() * plane.signed_distance(p)
}

/// The point of `line` closest to `p` and its parameter (Ericson 5.1.2 without the clamp).
///
/// A zero direction (an invalid line) returns the line's `point` with `t = 0`.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_line;
/// use osculate_math::{Line, Point3, Vector3};
///
/// let l = Line::new(Point3::new(0.0_f32, 0.0, 0.0), Vector3::new(2.0, 0.0, 0.0));
/// let c = closest_point_on_line(&Point3::new(-3.0, 1.0, 0.0), &l);
/// assert_eq!((c.point, c.t), (Point3::new(-3.0, 0.0, 0.0), -1.5));
/// ```
#[inline]
#[must_use]
pub fn closest_point_on_line<T: Real>(p: &Point3<T>, line: &Line<T>) -> CurvePoint<T> {
    let d = line.direction;
    let t = ratio((p - line.point).dot(&d), d.norm_squared());
    CurvePoint { point: line.point_at(t), t }
}

/// The point of `ray` closest to `p`, with its parameter clamped to `[0, ray.max_t]`.
///
/// NaN in (the point, the ray's fields or its `max_t`), NaN out.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_ray;
/// use osculate_math::{Point3, Ray, Vector3};
///
/// let r = Ray::new(Point3::new(0.0_f64, 0.0, 0.0), Vector3::new(1.0, 0.0, 0.0));
/// assert_eq!(closest_point_on_ray(&Point3::new(-3.0, 1.0, 0.0), &r).t, 0.0);
/// assert_eq!(closest_point_on_ray(&Point3::new(3.0, 1.0, 0.0), &r).t, 3.0);
/// ```
#[inline]
#[must_use]
pub fn closest_point_on_ray<T: Real>(p: &Point3<T>, ray: &Ray<T>) -> CurvePoint<T> {
    let d = ray.direction;
    let mut t = ratio((p - ray.origin).dot(&d), d.norm_squared());
    if t < T::ZERO {
        t = T::ZERO;
    }
    // A NaN `max_t` must reach the point: the comparison alone would keep a finite `t`.
    if t > ray.max_t || ray.max_t.is_nan() {
        t = ray.max_t;
    }
    CurvePoint { point: ray.point_at(t), t }
}

/// The point of segment `s` closest to `p` and its parameter `t ∈ [0, 1]` (Ericson 5.1.2).
///
/// A zero-length segment returns its point with `t = 0`.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_segment;
/// use osculate_math::{Point3, Segment};
///
/// let s = Segment::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0));
/// let c = closest_point_on_segment(&Point3::new(1.0, 2.0, 0.0), &s);
/// assert_eq!((c.point, c.t), (Point3::new(1.0, 0.0, 0.0), 0.25));
/// ```
#[inline]
#[must_use]
pub fn closest_point_on_segment<T: Real>(p: &Point3<T>, s: &Segment<T>) -> CurvePoint<T> {
    let t = s.closest_parameter(p);
    CurvePoint { point: s.point_at(t), t }
}

/// The squared distance from `p` to segment `s` (Ericson 5.1.2.1's quantity, measured from the
/// projected point for accuracy; see [`Segment::sq_distance_to_point`]).
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_segment;
/// use osculate_math::{Point3, Segment};
///
/// let s = Segment::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0));
/// assert_eq!(sq_distance_point_segment(&Point3::new(6.0, 0.0, 0.0), &s), 4.0);
/// ```
#[inline]
#[must_use]
pub fn sq_distance_point_segment<T: Real>(p: &Point3<T>, s: &Segment<T>) -> T {
    s.sq_distance_to_point(p)
}

/// The point of box `b` closest to `p`: `p` clamped to the box per axis (Ericson 5.1.3). A point
/// inside returns itself.
///
/// An inverted box (`min > max` on an axis) is empty and has no closest point: each such axis gets
/// NaN, so the distance is NaN too. A NaN coordinate of `p` stays NaN.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_aabb;
/// use osculate_math::{Aabb, Point3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// assert_eq!(closest_point_on_aabb(&Point3::new(2.0, 0.5, -1.0), &b), Point3::new(1.0, 0.5, 0.0));
/// ```
#[inline]
#[must_use]
pub fn closest_point_on_aabb<T: Real>(p: &Point3<T>, b: &Aabb<T>) -> Point3<T> {
    Point3::from(core::array::from_fn::<T, 3, _>(|i| clamp_axis(p[i], b.min[i], b.max[i])))
}

/// `x` clamped to `[lo, hi]`, NaN when `lo > hi` (empty interval) or any input is NaN.
#[inline]
pub(crate) fn clamp_axis<T: Real>(x: T, lo: T, hi: T) -> T {
    if !(lo <= hi) {
        return T::NAN;
    }
    // Branch-free (the `if x < lo … else if x > hi` ladder mispredicts on random points):
    // `fast_max(a, b)` is `if a > b { a } else { b }`, so a NaN `x` passes through both.
    hi.fast_min(lo.fast_max(x))
}

/// The squared distance from `p` to box `b`, summing the per-axis excess (Ericson 5.1.3.1).
/// Zero for a point inside; NaN for an inverted box or a NaN input.
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_aabb;
/// use osculate_math::{Aabb, Point3};
///
/// let b = Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// assert_eq!(sq_distance_point_aabb(&Point3::new(2.0, 3.0, 0.5), &b), 5.0);
/// ```
#[inline]
#[must_use]
pub fn sq_distance_point_aabb<T: Real>(p: &Point3<T>, b: &Aabb<T>) -> T {
    (closest_point_on_aabb(p, b) - p).norm_squared()
}

/// The point of oriented box `b` closest to `p`: `p`'s coordinates along each box axis clamped to
/// the half extents (Ericson 5.1.4). A negative half extent (an empty box) gives NaN.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_obb;
/// use osculate_math::{Obb, Point3, Rotation3, Vector3};
///
/// let b = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(1.0_f64, 2.0, 3.0));
/// assert_eq!(closest_point_on_obb(&Point3::new(5.0, 0.0, -9.0), &b), Point3::new(1.0, 0.0, -3.0));
/// ```
#[inline]
#[must_use]
pub fn closest_point_on_obb<T: Real>(p: &Point3<T>, b: &Obb<T>) -> Point3<T> {
    let local = b.to_local(p);
    let e = b.half_extents;
    let clamped = osculate_math::Vector3::new(
        clamp_axis(local.x, -e.x, e.x),
        clamp_axis(local.y, -e.y, e.y),
        clamp_axis(local.z, -e.z, e.z),
    );
    b.center + b.rotation * clamped
}

/// The squared distance from `p` to oriented box `b` (Ericson 5.1.4.1).
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_obb;
/// use osculate_math::{Obb, Point3, Rotation3, Vector3};
///
/// let b = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(1.0_f64, 1.0, 1.0));
/// assert_eq!(sq_distance_point_obb(&Point3::new(3.0, 0.0, 0.0), &b), 4.0);
/// ```
#[inline]
#[must_use]
pub fn sq_distance_point_obb<T: Real>(p: &Point3<T>, b: &Obb<T>) -> T {
    (closest_point_on_obb(p, b) - p).norm_squared()
}

/// The point of triangle `tri` closest to `p`, with its barycentric coordinates, by Ericson 5.1.5's
/// Voronoi-region method: the vertex regions of `a`, `b`, `c`, then the edge regions, then the face.
///
/// Collapsed triangles (collinear or coincident vertices) are the segment or point they are: every
/// division whose denominator is zero is skipped (`ratio`), and the face case — reachable only for
/// a non-degenerate triangle — falls back to the nearest of the three edges when its denominator is
/// not positive.
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
        // The components spelled out: the test costs 14% more instructions on random
        // queries, against 25% through nalgebra's `norm_squared` and `dot` (callgrind).
        let ab2 = ab.x * ab.x + ab.y * ab.y + ab.z * ab.z;
        let ac2 = ac.x * ac.x + ac.y * ac.y + ac.z * ac.z;
        let abac = ab.x * ac.x + ab.y * ac.y + ab.z * ac.z;
        let scale = ab2 * ac2;
        if abac * abac > T::lit(1.0 - SLIVER_SIN_SQ) * scale {
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
    // Edge region of ab.
    let vc = d1 * d4 - d3 * d2;
    if vc <= T::ZERO && d1 >= T::ZERO && d3 <= T::ZERO {
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
    if vb <= T::ZERO && d2 >= T::ZERO && d6 <= T::ZERO {
        let w = ratio(d2, d2 - d6);
        return TrianglePoint { point: a + ac * w, barycentric: [T::ONE - w, T::ZERO, w] };
    }
    // Edge region of bc.
    let va = d3 * d6 - d5 * d4;
    if va <= T::ZERO && (d4 - d3) >= T::ZERO && (d5 - d6) >= T::ZERO {
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
            if nn < T::lit(SLIVER_SIN_SQ) * ab.norm_squared() * ac.norm_squared() {
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

/// The point of solid ball `s` closest to `p`: `p` itself when inside, else the surface point toward
/// `p` (van den Bergen 3.1.1). A negative radius (empty sphere) gives NaN.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_sphere;
/// use osculate_math::{Point3, Sphere};
///
/// let s = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// assert_eq!(closest_point_on_sphere(&Point3::new(0.0, 3.0, 0.0), &s), Point3::new(0.0, 1.0, 0.0));
/// assert_eq!(closest_point_on_sphere(&Point3::new(0.0, 0.5, 0.0), &s), Point3::new(0.0, 0.5, 0.0));
/// ```
#[inline]
#[must_use]
pub fn closest_point_on_sphere<T: Real>(p: &Point3<T>, s: &Sphere<T>) -> Point3<T> {
    ball_point(p, &s.center, s.radius)
}

/// The point of the solid ball (`center`, `radius`) closest to `p`.
#[inline]
pub(crate) fn ball_point<T: Real>(p: &Point3<T>, center: &Point3<T>, radius: T) -> Point3<T> {
    if !(radius >= T::ZERO) {
        return Point3::new(T::NAN, T::NAN, T::NAN);
    }
    let v = p - center;
    let d2 = v.norm_squared();
    if d2 <= radius * radius {
        return *p;
    }
    center + v * (radius / d2.sqrt())
}

/// The point of solid capsule `c` closest to `p`: the closest point of its inner segment, pushed out
/// by the radius (Ericson 5.1.2 + van den Bergen 3.1.1). A negative radius gives NaN.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_capsule;
/// use osculate_math::{Capsule, Point3};
///
/// let c = Capsule::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0), 1.0);
/// assert_eq!(closest_point_on_capsule(&Point3::new(3.0, 2.0, 0.0), &c), Point3::new(1.0, 2.0, 0.0));
/// ```
#[inline]
#[must_use]
pub fn closest_point_on_capsule<T: Real>(p: &Point3<T>, c: &Capsule<T>) -> Point3<T> {
    let axis = closest_point_on_segment(p, &c.segment()).point;
    ball_point(p, &axis, c.radius)
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_math::{Rotation3, Vector3};

    #[test]
    fn point_on_an_f32_sliver_maps_to_itself() {
        // Found by the 200,000-case runs (points::triangle::point_of_shape_is_its_own_closest_f32):
        // a sliver (sinθ = 6.4e-4) at the 1e-4 scale and a point sampled on it. Its f64 closest
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

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
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
        // Boxes: inside, outside, and the inverted box.
        let b = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 2.0, 3.0));
        assert_eq!(closest_point_on_aabb(&p(0.5, 0.5, 0.5), &b), p(0.5, 0.5, 0.5));
        assert_eq!(sq_distance_point_aabb(&p(-1.0, 3.0, 4.0), &b), l(3.0));
        assert!(
            sq_distance_point_aabb(
                &p(0.0, 0.0, 0.0),
                &Aabb::new(p(1.0, 0.0, 0.0), p(0.0, 1.0, 1.0))
            )
            .is_nan()
        );
        let rot = Rotation3::from_axis_angle(&Vector3::z_axis(), T::frac_pi_2());
        let o = Obb::new(p(1.0, 0.0, 0.0), rot, Vector3::new(l(2.0), l(1.0), l(1.0)));
        // Rotated a quarter turn, the long axis lies along y.
        assert!((closest_point_on_obb(&p(1.0, 5.0, 0.0), &o) - p(1.0, 2.0, 0.0)).norm() < l(1e-6));
        assert!((sq_distance_point_obb(&p(3.0, 0.0, 0.0), &o) - l(1.0)).abs() < l(1e-5));
        // Spheres and capsules: inside, outside, the empty sphere.
        let s = Sphere::new(p(1.0, 1.0, 1.0), l(2.0));
        assert!(
            (closest_point_on_sphere(&p(1.0, 1.0, 5.0), &s) - p(1.0, 1.0, 3.0)).norm() < l(1e-6)
        );
        assert!(
            closest_point_on_sphere(&p(0.0, 0.0, 0.0), &Sphere::new(p(0.0, 0.0, 0.0), -l(1.0)))
                .x
                .is_nan()
        );
        let cap = Capsule::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 0.0), l(1.0));
        assert!(
            (closest_point_on_capsule(&p(0.0, 3.0, 0.0), &cap) - p(0.0, 1.0, 0.0)).norm() < l(1e-6)
        );
        // Lines, rays, planes; a zero-direction line.
        let line = Line::new(p(0.0, 0.0, 0.0), Vector3::zeros());
        assert_eq!(
            closest_point_on_line(&p(1.0, 1.0, 1.0), &line),
            CurvePoint { point: p(0.0, 0.0, 0.0), t: T::ZERO }
        );
        let ray = Ray { origin: p(0.0, 0.0, 0.0), direction: Vector3::x(), max_t: l(2.0) };
        assert_eq!(closest_point_on_ray(&p(5.0, 1.0, 0.0), &ray).t, l(2.0));
        let plane = Plane::new(Vector3::y_axis(), l(-1.0));
        assert_eq!(closest_point_on_plane(&p(3.0, 4.0, 5.0), &plane), p(3.0, -1.0, 5.0));
        // NaN queries never produce a confident finite answer.
        let nan = p(f64::NAN, 0.0, 0.0);
        assert!(sq_distance_point_triangle(&nan, &tri).is_nan());
        assert!(sq_distance_point_aabb(&nan, &b).is_nan());
        assert!(
            sq_distance_point_segment(&nan, &Segment::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0)))
                .is_nan()
        );
        assert!((closest_point_on_sphere(&nan, &s) - nan).x.is_nan());
    }

    /// A triangle collinear up to rounding (`c` put on `ab`): `va + vb + vc` and the normal are both
    /// rounding noise, and the face formula's noise quotients landed inside the triangle, 0.07 from
    /// the point of `ab` the query point lies on (found by searching around a property-test failure).
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
    /// `point_of_shape_is_its_own_closest_f32`).
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

    /// Found by the property tests: a NaN `max_t` was skipped by the clamp's comparison and the ray
    /// reported a finite closest point (distance 0 from the origin for a zero direction).
    #[test]
    fn ray_with_nan_max_t_gives_nan() {
        let o = Point3::new(0.0_f64, 0.0, 0.0);
        for direction in [Vector3::zeros(), Vector3::x()] {
            let ray = Ray { origin: o, direction, max_t: f64::NAN };
            let c = closest_point_on_ray(&Point3::new(0.5, 1.0, 0.0), &ray);
            assert!(c.t.is_nan() && c.point.x.is_nan(), "{c:?}");
        }
    }

    /// A triangle whose third vertex was put on the edge `ab` and rounded (found by the differential
    /// test against parry3d-f64, seed 1237): every region test fails by rounding and the face
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
    /// `tetrahedron::point_of_shape_is_its_own_closest_f32` at 1,000,000 cases): Ericson's
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

    #[test]
    fn worked_cases_f32() {
        worked_cases::<f32>();
    }

    #[test]
    fn worked_cases_f64() {
        worked_cases::<f64>();
    }
}
