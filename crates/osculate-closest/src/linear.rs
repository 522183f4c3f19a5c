//! Lines, rays and segments: the closest point of each to a point, squared distances, and the
//! closest points of two lines and of two segments (Ericson 5.1.2, 5.1.8, 5.1.9).

use osculate_math::{Line, Point3, Ray, Real, Segment, Vector3};

use crate::types::{ClosestPoints, CurvePoint, Param, result};

/// `num / den`, or 0 when `den` is 0 (a degenerate configuration whose every parameter is equally
/// right).
#[inline]
pub(crate) fn ratio<T: Real>(num: T, den: T) -> T {
    if den == T::ZERO { T::ZERO } else { num / den }
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

/// The squared distance from `p` to `line`, measured from the projected point (the division-free
/// `|ap|² − (ap·d)²/|d|²` cancels for points near a long line).
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_line;
/// use osculate_math::{Line, Point3, Vector3};
///
/// let l = Line::new(Point3::new(0.0_f64, 0.0, 0.0), Vector3::new(1.0, 0.0, 0.0));
/// assert_eq!(sq_distance_point_line(&Point3::new(-7.0, 3.0, 4.0), &l), 25.0);
/// ```
#[inline]
#[must_use]
pub fn sq_distance_point_line<T: Real>(p: &Point3<T>, line: &Line<T>) -> T {
    (closest_point_on_line(p, line).point - p).norm_squared()
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

/// The squared distance from `p` to `ray` (its parameter clamped to `[0, max_t]`).
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_ray;
/// use osculate_math::{Point3, Ray, Vector3};
///
/// let r = Ray::new(Point3::new(0.0_f64, 0.0, 0.0), Vector3::new(1.0, 0.0, 0.0));
/// assert_eq!(sq_distance_point_ray(&Point3::new(-3.0, 4.0, 0.0), &r), 25.0);
/// ```
#[inline]
#[must_use]
pub fn sq_distance_point_ray<T: Real>(p: &Point3<T>, ray: &Ray<T>) -> T {
    (closest_point_on_ray(p, ray).point - p).norm_squared()
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

/// `t` clamped to `[0, 1]`; NaN stays NaN.
#[inline]
pub(crate) fn clamp01<T: Real>(t: T) -> T {
    if t < T::ZERO {
        T::ZERO
    } else if t > T::ONE {
        T::ONE
    } else {
        t
    }
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
pub(crate) fn segment_segment_params<T: Real>(
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
    // errors up to 478 ε·scale), so the four end-to-segment projections,
    // each well conditioned, are candidates too: the minimum over the parameter square is the
    // lines' interior point or lies on the square's boundary, whose edges' minima they are.
    // (With them the same inputs err by 1.5 ε·scale at most.) Rare on general input, so the
    // branch is predicted.
    //
    // A candidate replaces the current answer only when nearer by more than the rounding of the
    // squared distances (8 ε · scale · distance): where the minimum is flat, candidates a few ulps
    // apart lie far apart along the segments (1.5e-3 apart for f32 capsule axes at 11°), and a
    // strict `<` let each argument order pick its own, so the exchanged query's witnesses did not
    // swap. The
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

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_math::point3;

    use crate::test_support::*;
    use osculate_testing::for_f32_and_f64;

    fn point_worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        // Lines and rays; a zero-direction line.
        let line = Line::new(p(0.0, 0.0, 0.0), Vector3::zeros());
        assert_eq!(
            closest_point_on_line(&p(1.0, 1.0, 1.0), &line),
            CurvePoint { point: p(0.0, 0.0, 0.0), t: T::ZERO }
        );
        let ray = Ray { origin: p(0.0, 0.0, 0.0), direction: Vector3::x(), max_t: l(2.0) };
        assert_eq!(closest_point_on_ray(&p(5.0, 1.0, 0.0), &ray).t, l(2.0));
        // NaN queries never produce a confident finite answer.
        let nan = p(f64::NAN, 0.0, 0.0);
        assert!(
            sq_distance_point_segment(&nan, &Segment::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0)))
                .is_nan()
        );
    }

    /// A ray with a NaN `max_t`: the clamp's comparison skipped it and the ray reported a finite
    /// closest point (distance 0 from the origin for a zero direction); it gets NaN.
    #[test]
    fn ray_with_nan_max_t_gives_nan() {
        let o = Point3::new(0.0_f64, 0.0, 0.0);
        for direction in [Vector3::zeros(), Vector3::x()] {
            let ray = Ray { origin: o, direction, max_t: f64::NAN };
            let c = closest_point_on_ray(&Point3::new(0.5, 1.0, 0.0), &ray);
            assert!(c.t.is_nan() && c.point.x.is_nan(), "{c:?}");
        }
    }

    fn pair_worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        // Segment-segment: crossing, both points, one a point, parallel overlapping, parallel
        // disjoint (end to end), collinear, and an end-point case needing the second clamp.
        let x = seg(p(-1.0, 0.0, 0.0), p(1.0, 0.0, 0.0));
        check_points(
            &closest_points_segment_segment(&x, &seg(p(0.0, -1.0, 2.0), p(0.0, 1.0, 2.0))),
            p(0.0, 0.0, 0.0),
            p(0.0, 0.0, 2.0),
            2.0,
        );
        check_points(
            &closest_points_segment_segment(
                &seg(p(1.0, 1.0, 1.0), p(1.0, 1.0, 1.0)),
                &seg(p(4.0, 5.0, 1.0), p(4.0, 5.0, 1.0)),
            ),
            p(1.0, 1.0, 1.0),
            p(4.0, 5.0, 1.0),
            5.0,
        );
        check_points(
            &closest_points_segment_segment(&seg(p(0.5, 3.0, 0.0), p(0.5, 3.0, 0.0)), &x),
            p(0.5, 3.0, 0.0),
            p(0.5, 0.0, 0.0),
            3.0,
        );
        check_points(
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
        check_points(
            &closest_points_segment_segment(&x, &seg(p(3.0, 1.0, 0.0), p(6.0, 1.0, 0.0))),
            p(1.0, 0.0, 0.0),
            p(3.0, 1.0, 0.0),
            5.0_f64.sqrt(),
        );
        check_points(
            &closest_points_segment_segment(&x, &seg(p(9.0, 0.0, 0.0), p(3.0, 0.0, 0.0))),
            p(1.0, 0.0, 0.0),
            p(3.0, 0.0, 0.0),
            2.0,
        );
        check_points(
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
        check_points(&closest_points_line_line(&la, &lb), p(3.0, 0.0, 0.0), p(3.0, 0.0, 2.0), 2.0);
        let lp = Line::new(p(5.0, 0.0, 4.0), Vector3::new(l(-3.0), l(0.0), l(0.0)));
        let c = closest_points_line_line(&la, &lp);
        assert!((c.distance - l(4.0)).abs() < l(1e-6), "{c:?}");
        let lz = Line::new(p(2.0, 2.0, 0.0), Vector3::zeros());
        check_points(&closest_points_line_line(&lz, &la), p(2.0, 2.0, 0.0), p(2.0, 0.0, 0.0), 2.0);

        // NaN in, NaN distance out.
        let nan = seg(p(f64::NAN, 0.0, 0.0), p(1.0, 0.0, 0.0));
        assert!(closest_points_segment_segment(&nan, &x).distance.is_nan());
    }

    for_f32_and_f64!(point_worked_cases, pair_worked_cases);
}
