//! The exact box tests: separating axes whose every decision is the exact sign of a polynomial in
//! the input, filtered ([`Filtered`]) and, where the filter cannot tell, exact ([`Dyadic`]).
//!
//! An oriented box is the set `{c + R x : |x_i| ≤ e_i}` with the rotation matrix `R`'s entries
//! taken as exact numbers (a rounded rotation is a parallelepiped within rounding of a box). Its
//! face normals are the cross products of `R`'s columns and its projection radius on an axis `u`
//! is `Σ e_k |u · R_k|`; every projection is then a 3×3 determinant, `u·(p − c)` with
//! `u = R_i × f` being `det[R_i, f, p − c]`. The axis set is complete for any two such shapes,
//! flat and collapsed ones included (the cross products of every pair of edge directions: the
//! boxes' axes, the segment's direction, the triangle's edges), as long as each `R` is
//! invertible (every rotation is; a singular "rotation" may then err toward "overlapping").

mod filter;

use super::{Arith, Dyadic, Filtered, U, det3, diff, exact};
use filter::{
    Filter, obb_obb_filter, obb_obb_rotation_filter, obb_points_filter, segment_obb_filter,
};
use osculate_math::{Aabb, Obb, Point3, Real, Segment, Triangle, Validate};

/// `axis::<Filtered>`, or in exact arithmetic when the filter cannot tell. The exact
/// evaluation always decides (`unwrap_or(false)` is never reached).
macro_rules! separates {
    ($f:ident($($arg:expr),* $(,)?)) => {
        match $f::<Filtered>($($arg),*) {
            Some(s) => s,
            None => $f::<Dyadic>($($arg),*).unwrap_or(false),
        }
    };
}

/// Whether every coordinate is finite ([`Validate::is_valid`] of a segment or a triangle),
/// without a branch per value: `x − x` is 0 for a finite `x` and NaN otherwise.
#[inline]
#[allow(clippy::eq_op, reason = "x − x is the finiteness test: 0 for finite x, NaN otherwise")]
fn finite_points(points: &[[f64; 3]]) -> bool {
    let mut z = 0.0;
    for p in points {
        z += (p[0] - p[0]) + (p[1] - p[1]) + (p[2] - p[2]);
    }
    z == 0.0
}

#[inline]
fn wide<T: Real>(p: &Point3<T>) -> [f64; 3] {
    [p.x.to_f64(), p.y.to_f64(), p.z.to_f64()]
}

/// The rotation's columns (the box's axes) and the half extents, widened.
#[inline]
fn obb_parts<T: Real>(b: &Obb<T>) -> ([f64; 3], [[f64; 3]; 3], [f64; 3]) {
    let m = b.rotation.matrix();
    let col = |j: usize| [m[(0, j)].to_f64(), m[(1, j)].to_f64(), m[(2, j)].to_f64()];
    let e = [b.half_extents.x.to_f64(), b.half_extents.y.to_f64(), b.half_extents.z.to_f64()];
    (wide(&b.center), [col(0), col(1), col(2)], e)
}

/// `det[u, v, w]` with exact columns `u`, `v` and `w`.
#[inline]
fn det_exact<A: Arith>(u: &[f64; 3], v: &[f64; 3], w: &[f64; 3]) -> A {
    det3(&exact::<A>(u), &exact::<A>(v), &exact::<A>(w))
}

/// Whether `lo > 0` for every value, or `hi < 0` for every value: the interval of the values
/// `[min, max]` lies beyond `[−r, r]` when `lo = value − r` and `hi = value + r`.
#[inline]
fn beyond<A: Arith>(values: &[A], r: A) -> Option<bool> {
    let mut above = true;
    for v in values {
        if (*v - r).sign()? <= 0 {
            above = false;
            break;
        }
    }
    if above {
        return Some(true);
    }
    for v in values {
        if (*v + r).sign()? >= 0 {
            return Some(false);
        }
    }
    Some(true)
}

// ---------------------------------------------------------------------------------------------
// Axis-aligned box and triangle or segment.

/// The box edge axis `e_i × f` (`f = v1 − v0`) against the box `[lo, hi]` and the points
/// `v0` (on the edge) and `others`: in the plane of the two other coordinates `p`, `q` the axis is
/// `(−f_q, f_p)`, and `a·(x − v) = f_p (x_q − v_q) − f_q (x_p − v_p)` is a 2×2 determinant of
/// differences. The box corner extreme along the axis is chosen by the signs of `f_p`, `f_q`
/// (exact comparisons of the coordinates). Separated when the box's lowest corner is above
/// every point, or its highest below.
fn box_edge_axis<A: Arith>(
    i: usize,
    v0: &[f64; 3],
    v1: &[f64; 3],
    others: &[[f64; 3]],
    lo: &[f64; 3],
    hi: &[f64; 3],
) -> Option<bool> {
    let (p, q) = ((i + 1) % 3, (i + 2) % 3);
    let (fp, fq) = (A::of(v1[p]) - A::of(v0[p]), A::of(v1[q]) - A::of(v0[q]));
    // The axis is (a_p, a_q) = (−f_q, f_p); its lowest corner takes lo where a is positive.
    let (low, high) = edge_axis_corners((p, q), v0, v1, lo, hi);
    let along = |x: &[f64; 2], v: &[f64; 3]| {
        fp * (A::of(x[1]) - A::of(v[q])) - fq * (A::of(x[0]) - A::of(v[p]))
    };
    separates(v0, others, &low, &high, |x, v| along(x, v).sign())
}

/// The corners of box `[lo, hi]` lowest and highest along the edge axis `(a_p, a_q) = (−f_q, f_p)`
/// of [`box_edge_axis`] (`f = v1 − v0`, in the plane of coordinates `p`, `q`): the lowest takes
/// `lo` where the axis is positive. The signs of `f` are exact comparisons of the coordinates.
#[inline(always)]
fn edge_axis_corners(
    (p, q): (usize, usize),
    v0: &[f64; 3],
    v1: &[f64; 3],
    lo: &[f64; 3],
    hi: &[f64; 3],
) -> ([f64; 2], [f64; 2]) {
    let low =
        [if v1[q] < v0[q] { lo[p] } else { hi[p] }, if v1[p] > v0[p] { lo[q] } else { hi[q] }];
    let high =
        [if v1[q] < v0[q] { hi[p] } else { lo[p] }, if v1[p] > v0[p] { hi[q] } else { lo[q] }];
    (low, high)
}

/// Whether an edge axis separates the box from the points `v0` and `others`, given the sign of
/// `a·(x − v)` for a corner `x` and a point `v` (`None`: undecided, and so is the answer): the
/// box's `low` corner above every point, or its `high` corner below every one.
#[inline(always)]
fn separates(
    v0: &[f64; 3],
    others: &[[f64; 3]],
    low: &[f64; 2],
    high: &[f64; 2],
    side: impl Fn(&[f64; 2], &[f64; 3]) -> Option<i8>,
) -> Option<bool> {
    let points = core::iter::once(v0).chain(others);
    let mut above = true;
    for v in points.clone() {
        if side(low, v)? <= 0 {
            above = false;
            break;
        }
    }
    if above {
        return Some(true);
    }
    for v in points {
        if side(high, v)? >= 0 {
            return Some(false);
        }
    }
    Some(true)
}

/// The triangle's normal `n = (v1 − v0) × (v2 − v0)` against the box: the triangle projects to
/// `n·v0`, the box's corners to `n·x`; `n·(x − v0) = det[v1 − v0, v2 − v0, x − v0]`. The extreme
/// corners follow the signs of `n`'s components (2×2 determinants). A collapsed triangle has
/// `n = 0`, which separates nothing.
fn triangle_normal_axis<A: Arith>(v: &[[f64; 3]; 3], lo: &[f64; 3], hi: &[f64; 3]) -> Option<bool> {
    let (f0, f1) = (diff::<A>(&v[1], &v[0]), diff::<A>(&v[2], &v[0]));
    let n = [
        f0[1] * f1[2] - f0[2] * f1[1],
        f0[2] * f1[0] - f0[0] * f1[2],
        f0[0] * f1[1] - f0[1] * f1[0],
    ];
    let mut low = [0.0; 3];
    let mut high = [0.0; 3];
    for k in 0..3 {
        let positive = n[k].sign()? > 0;
        low[k] = if positive { lo[k] } else { hi[k] };
        high[k] = if positive { hi[k] } else { lo[k] };
    }
    if det3(&f0, &f1, &diff::<A>(&low, &v[0])).sign()? > 0 {
        return Some(true);
    }
    Some(det3(&f0, &f1, &diff::<A>(&high, &v[0])).sign()? < 0)
}

/// The sign of `(a − b)(c − d) − (e − f)(g − h)` when the floating-point value decides it
/// (`None` within its bound): Shewchuk's `ccwerrboundA`, `(3 + 16u) u` times the permanent
/// `|(a − b)(c − d)| + |(e − f)(g − h)|` of the computed differences, for exactly this shape of
/// expression (four differences, two products, one difference), plus `2⁻¹⁰²⁰` for the two
/// products' underflow (each off by at most `2⁻¹⁰⁷⁵`).
#[inline(always)]
fn static_det2(left: (f64, f64), right: (f64, f64)) -> Option<i8> {
    let (l, r) = (left.0 * left.1, right.0 * right.1);
    let det = l - r;
    let bound = (3.0 + 16.0 * U) * U * (l.abs() + r.abs()) + 4.0 * f64::MIN_POSITIVE;
    if det > bound {
        Some(1)
    } else if -det > bound {
        Some(-1)
    } else {
        None
    }
}

/// [`box_edge_axis`] in plain `f64`, each sign decided by [`static_det2`]: `None` when one is
/// not (then the caller evaluates the axis with [`Filtered`] and [`Dyadic`]). Every value
/// `f_p (x_q − v_q) − f_q (x_p − v_p)` with `f = v1 − v0` is an expression of that shape.
#[inline]
fn box_edge_axis_static(
    i: usize,
    v0: &[f64; 3],
    v1: &[f64; 3],
    others: &[[f64; 3]],
    lo: &[f64; 3],
    hi: &[f64; 3],
) -> Option<bool> {
    let (p, q) = ((i + 1) % 3, (i + 2) % 3);
    let (fp, fq) = (v1[p] - v0[p], v1[q] - v0[q]);
    let (low, high) = edge_axis_corners((p, q), v0, v1, lo, hi);
    let along = |x: &[f64; 2], v: &[f64; 3]| static_det2((fp, x[1] - v[q]), (fq, x[0] - v[p]));
    separates(v0, others, &low, &high, along)
}

/// [`triangle_normal_axis`] in plain `f64`: the normal's components by [`static_det2`], the
/// corners' sides by Shewchuk's `o3derrboundA`, `(7 + 56u) u` times the permanent, for
/// `det[v1 − v0, v2 − v0, x − v0]` (the shape of `orient3d`), plus `2⁻¹⁰²⁰ (1 + Σ |x − v0|)` for
/// underflow; `None` when a sign is not decided.
#[inline]
fn triangle_normal_axis_static(v: &[[f64; 3]; 3], lo: &[f64; 3], hi: &[f64; 3]) -> Option<bool> {
    let f0 = [v[1][0] - v[0][0], v[1][1] - v[0][1], v[1][2] - v[0][2]];
    let f1 = [v[2][0] - v[0][0], v[2][1] - v[0][1], v[2][2] - v[0][2]];
    let prods = [
        (f0[1] * f1[2], f0[2] * f1[1]),
        (f0[2] * f1[0], f0[0] * f1[2]),
        (f0[0] * f1[1], f0[1] * f1[0]),
    ];
    let n = prods.map(|(l, r)| l - r);
    let spread = prods.map(|(l, r)| l.abs() + r.abs());
    // A component is exactly zero when each of its products has a zero factor (a difference
    // of floats is zero only for equal floats); then either corner is extreme along it.
    let zero =
        |p: usize, q: usize| (f0[p] == 0.0 || f1[q] == 0.0) && (f0[q] == 0.0 || f1[p] == 0.0);
    let exact_zero = [zero(1, 2), zero(2, 0), zero(0, 1)];
    if exact_zero == [true; 3] {
        return Some(false); // a collapsed triangle: the normal is zero and separates nothing
    }
    let mut low = [0.0; 3];
    let mut high = [0.0; 3];
    for k in 0..3 {
        let bound = (3.0 + 16.0 * U) * U * spread[k] + 4.0 * f64::MIN_POSITIVE;
        if n[k].abs() <= bound && !exact_zero[k] {
            return None;
        }
        let positive = n[k] > 0.0;
        low[k] = if positive { lo[k] } else { hi[k] };
        high[k] = if positive { hi[k] } else { lo[k] };
    }
    let side = |x: &[f64; 3]| {
        let w = [x[0] - v[0][0], x[1] - v[0][1], x[2] - v[0][2]];
        let d = n[0] * w[0] + n[1] * w[1] + n[2] * w[2];
        let wa = w.map(f64::abs);
        let permanent = spread[0] * wa[0] + spread[1] * wa[1] + spread[2] * wa[2];
        let bound = (7.0 + 56.0 * U) * U * permanent
            + 4.0 * f64::MIN_POSITIVE * (1.0 + wa[0] + wa[1] + wa[2]);
        if d > bound {
            Some(1)
        } else if -d > bound {
            Some(-1)
        } else {
            None
        }
    };
    if side(&low)? > 0 {
        return Some(true);
    }
    Some(side(&high)? < 0)
}

/// [`aabb_triangle`](crate::aabb_triangle) decided exactly: whether the closed box and the closed
/// triangle share a point, for the coordinates as given (an `f32` input is widened to `f64`
/// exactly). The 13 separating axes of Akenine-Möller (2001): the box's faces (exact
/// comparisons), the nine `e_i × f_j` (each a 2×2 determinant of coordinate differences per
/// corner and vertex) and the triangle's normal (3×3 determinants, the `orient3d` of the
/// triangle and a box corner). Each sign comes from Shewchuk's static bound for its shape of
/// expression (`orient2d`'s, `orient3d`'s) in plain `f64`, else from the filter of
/// [`exact`](crate::exact) (a running error bound) or, where it cannot tell, from exact dyadic
/// arithmetic. Touching counts; a collapsed triangle is the segment or point it is; an
/// inverted box or a non-finite coordinate gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::aabb_triangle_exact;
/// use osculate_math::{Aabb, Point3, Triangle};
///
/// let o = 1.0e8_f64; // far from the origin, where the fast test's slack is 1e-6
/// let b = Aabb::new(Point3::new(o, o, o), Point3::new(o + 1.0, o + 1.0, o + 1.0));
/// // A triangle touching the box's top face at one vertex, and the same one float higher.
/// let touch = Triangle::new(Point3::new(o + 0.5, o + 0.5, o + 1.0), Point3::new(o + 3.0, o, o + 3.0), Point3::new(o, o + 3.0, o + 3.0));
/// assert!(aabb_triangle_exact(&b, &touch));
/// let up = |p: Point3<f64>| Point3::new(p.x, p.y, p.z + 1.5e-8);
/// let apart = Triangle::new(up(touch.a), up(touch.b), up(touch.c));
/// assert!(!aabb_triangle_exact(&b, &apart));
/// ```
#[must_use]
pub fn aabb_triangle_exact<T: Real>(b: &Aabb<T>, t: &Triangle<T>) -> bool {
    if !(b.is_valid() && t.is_valid()) {
        return false;
    }
    let (lo, hi) = (wide(&b.min), wide(&b.max));
    let v = [wide(&t.a), wide(&t.b), wide(&t.c)];
    // The box's faces: exact comparisons.
    for i in 0..3 {
        let (tlo, thi) = (v[0][i].min(v[1][i]).min(v[2][i]), v[0][i].max(v[1][i]).max(v[2][i]));
        if tlo > hi[i] || thi < lo[i] {
            return false;
        }
    }
    for i in 0..3 {
        for j in 0..3 {
            let (v0, v1, other) = (&v[j], &v[(j + 1) % 3], &v[(j + 2) % 3]);
            let others = core::slice::from_ref(other);
            if box_edge_axis_static(i, v0, v1, others, &lo, &hi)
                .unwrap_or_else(|| separates!(box_edge_axis(i, v0, v1, others, &lo, &hi)))
            {
                return false;
            }
        }
    }
    !triangle_normal_axis_static(&v, &lo, &hi)
        .unwrap_or_else(|| separates!(triangle_normal_axis(&v, &lo, &hi)))
}

/// [`segment_aabb`](crate::segment_aabb) decided exactly: whether the closed segment and the
/// closed box share a point, for the coordinates as given. The separating axes of Ericson 5.3.3:
/// the box's faces (exact comparisons) and the three `e_i × (b − a)` (2×2 determinants of
/// coordinate differences), each sign decided in plain `f64` by Shewchuk's static `orient2d`
/// bound where it can, else filtered and, where the filter cannot tell, exact.
/// Touching counts; a zero-length segment is a point; an inverted box or a non-finite coordinate
/// gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::segment_aabb_exact;
/// use osculate_math::{Aabb, Point3, Segment};
///
/// let b = Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// // Through the edge x = 1, y = 0 exactly, and a float beside it.
/// assert!(segment_aabb_exact(&Segment::new(Point3::new(2.0, 1.0, 0.5), Point3::new(0.0, -1.0, 0.5)), &b));
/// let beside = Segment::new(Point3::new(2.0, 1.0 - 1.2e-7, 0.5), Point3::new(0.0, -1.0 - 1.2e-7, 0.5));
/// assert!(!segment_aabb_exact(&beside, &b));
/// ```
#[must_use]
pub fn segment_aabb_exact<T: Real>(s: &Segment<T>, b: &Aabb<T>) -> bool {
    if !(b.is_valid() && s.is_valid()) {
        return false;
    }
    let (lo, hi) = (wide(&b.min), wide(&b.max));
    let (p, q) = (wide(&s.a), wide(&s.b));
    for i in 0..3 {
        if p[i].min(q[i]) > hi[i] || p[i].max(q[i]) < lo[i] {
            return false;
        }
    }
    !(0..3).any(|i| {
        box_edge_axis_static(i, &p, &q, &[], &lo, &hi)
            .unwrap_or_else(|| separates!(box_edge_axis(i, &p, &q, &[], &lo, &hi)))
    })
}

// ---------------------------------------------------------------------------------------------
// Oriented boxes (parallelepipeds).

/// An oriented box widened: center, axes (the rotation's columns) and half extents.
struct Box3 {
    c: [f64; 3],
    r: [[f64; 3]; 3],
    e: [f64; 3],
}

impl Box3 {
    /// The box widened to `f64`, or `None` when it is not valid ([`Box3::is_valid`]).
    #[inline]
    fn of<T: Real>(b: &Obb<T>) -> Option<Self> {
        let w = Self::widened(b);
        w.is_valid().then_some(w)
    }

    /// The box widened to `f64`, valid or not.
    #[inline]
    fn widened<T: Real>(b: &Obb<T>) -> Self {
        let (c, r, e) = obb_parts(b);
        Self { c, r, e }
    }

    /// Whether the box is valid ([`Validate::is_valid`]: no non-finite value, no negative half
    /// extent), checked without a branch per value: `x − x` is 0 for a finite `x` and NaN
    /// otherwise.
    #[inline]
    #[allow(clippy::eq_op, reason = "x − x is the finiteness test: 0 for finite x, NaN otherwise")]
    fn is_valid(&self) -> bool {
        let (c, r, e) = (&self.c, &self.r, &self.e);
        let zero = |v: &[f64; 3]| ((v[0] - v[0]) + (v[1] - v[1])) + (v[2] - v[2]);
        let z = ((zero(c) + zero(e)) + (zero(&r[0]) + zero(&r[1]))) + zero(&r[2]);
        (z == 0.0) & (e[0] >= 0.0) & (e[1] >= 0.0) & (e[2] >= 0.0)
    }

    /// The projection radius on the axis `u` whose products with the box's axes are the
    /// determinants `u_dots[k] = u · R_k`: `Σ e_k |u · R_k|`.
    #[inline]
    fn radius<A: Arith>(&self, u_dots: [A; 3]) -> A {
        A::of(self.e[0]) * u_dots[0].magnitude()
            + A::of(self.e[1]) * u_dots[1].magnitude()
            + A::of(self.e[2]) * u_dots[2].magnitude()
    }
}

/// The face axis `R_{k+1} × R_{k+2}` of box `b` against the points `pts` (a triangle's vertices
/// or a segment's ends): `u·(p − c) = det[R_{k+1}, R_{k+2}, p − c]`, radius `e_k |det R|`.
fn obb_face_axis<A: Arith>(b: &Box3, k: usize, pts: &[[f64; 3]]) -> Option<bool> {
    let (r1, r2) = (&b.r[(k + 1) % 3], &b.r[(k + 2) % 3]);
    let radius = A::of(b.e[k]) * det_exact::<A>(r1, r2, &b.r[k]).magnitude();
    let (u1, u2) = (exact::<A>(r1), exact::<A>(r2));
    let mut values = [A::of(0.0); 3];
    for (v, p) in values.iter_mut().zip(pts) {
        *v = det3(&u1, &u2, &diff::<A>(p, &b.c));
    }
    beyond(&values[..pts.len()], radius)
}

/// The axis `R_i × f` (`f` a triangle edge or the segment's direction, `f = v1 − v0`): its dot
/// products with the box's axes are `det[R_i, f, R_k]`, and with `p − c` `det[R_i, f, p − c]`.
fn obb_edge_axis<A: Arith>(
    b: &Box3,
    i: usize,
    v0: &[f64; 3],
    v1: &[f64; 3],
    pts: &[[f64; 3]],
) -> Option<bool> {
    let ri = exact::<A>(&b.r[i]);
    let f = diff::<A>(v1, v0);
    let dots =
        [0, 1, 2].map(|k| if k == i { A::of(0.0) } else { det3(&ri, &f, &exact::<A>(&b.r[k])) });
    let radius = b.radius(dots);
    let mut values = [A::of(0.0); 3];
    for (v, p) in values.iter_mut().zip(pts) {
        *v = det3(&ri, &f, &diff::<A>(p, &b.c));
    }
    beyond(&values[..pts.len()], radius)
}

/// The triangle's normal `n = f0 × f1` against the box: `n·(v0 − c) = det[f0, f1, v0 − c]`,
/// radius `Σ e_k |det[f0, f1, R_k]|`.
fn obb_normal_axis<A: Arith>(b: &Box3, v: &[[f64; 3]; 3]) -> Option<bool> {
    let (f0, f1) = (diff::<A>(&v[1], &v[0]), diff::<A>(&v[2], &v[0]));
    let dots = [0, 1, 2].map(|k| det3(&f0, &f1, &exact::<A>(&b.r[k])));
    let radius = b.radius(dots);
    beyond(&[det3(&f0, &f1, &diff::<A>(&v[0], &b.c))], radius)
}

/// [`obb_triangle`](crate::obb_triangle) decided exactly, for the coordinates as given and the
/// box `{c + R x : |x_i| ≤ e_i}` with `R`'s entries as exact numbers (see the module
/// documentation of [`exact`](crate::exact)). The 13 axes of Akenine-Möller in the box's own
/// terms: its three face normals `R_j × R_k`, the nine `R_i × f_j`, the triangle's normal; every
/// projection a 3×3 determinant, its comparison with the box's radius a polynomial of degree 4:
/// decided in plain `f64` by a static filter with a proven bound where it can
/// (`obb_points_filter`), else filtered with a running bound and, where that cannot tell, exact. Touching counts; an invalid box (negative
/// extent) or a non-finite value gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::obb_triangle_exact;
/// use osculate_math::{Obb, Point3, Rotation3, Triangle, Vector3};
///
/// let b = Obb::new(Point3::new(1.0e4_f64, 0.0, 0.0), Rotation3::identity(), Vector3::new(1.0, 1.0, 1.0));
/// let t = Triangle::new(Point3::new(1.0e4 + 1.0, 0.0, 0.0), Point3::new(1.0e4 + 2.0, 1.0, 0.0), Point3::new(1.0e4 + 2.0, 0.0, 1.0));
/// assert!(obb_triangle_exact(&b, &t)); // touching the face x = 1e4 + 1 at a vertex
/// let moved = Triangle::new(t.a + Vector3::new(2e-12, 0.0, 0.0), t.b, t.c);
/// assert!(!obb_triangle_exact(&b, &moved)); // one float beyond it
/// ```
#[must_use]
pub fn obb_triangle_exact<T: Real>(b: &Obb<T>, t: &Triangle<T>) -> bool {
    let Some(bx) = Box3::of(b) else {
        return false;
    };
    let v = [wide(&t.a), wide(&t.b), wide(&t.c)];
    if !finite_points(&v) {
        return false;
    }
    let Filter::Undecided(mask) = obb_points_filter(&bx, &v, true) else {
        return false;
    };
    // The axes the static filter could not decide (none, on ordinary input).
    (0..13).filter(|k| mask & (1 << k) != 0).all(|k| match k {
        0..3 => !separates!(obb_face_axis(&bx, k, &v)),
        3..12 => {
            let (i, j) = ((k - 3) / 3, (k - 3) % 3);
            !separates!(obb_edge_axis(&bx, i, &v[j], &v[(j + 1) % 3], &v))
        }
        _ => !separates!(obb_normal_axis(&bx, &v)),
    })
}

/// [`segment_obb`](crate::segment_obb) decided exactly, for the coordinates as given and the box
/// `{c + R x : |x_i| ≤ e_i}` (`R`'s entries exact): the box's three face normals `R_j × R_k`
/// and the three `R_i × (b − a)`, each comparison decided by a static filter in the fast mode's
/// form in the box's frame (`segment_obb_filter`), then by that of [`obb_triangle_exact`] where it can,
/// else filtered and, where the filter cannot tell, exact. Touching counts; an invalid box or a non-finite value gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::segment_obb_exact;
/// use osculate_math::{Obb, Point3, Rotation3, Segment, Vector3};
///
/// let b = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(1.0_f32, 1.0, 1.0));
/// assert!(segment_obb_exact(&Segment::new(Point3::new(1.0, 2.0, 0.0), Point3::new(1.0, -2.0, 0.0)), &b));
/// assert!(!segment_obb_exact(&Segment::new(Point3::new(1.0000001, 2.0, 0.0), Point3::new(1.0000001, -2.0, 0.0)), &b));
/// ```
#[must_use]
pub fn segment_obb_exact<T: Real>(s: &Segment<T>, b: &Obb<T>) -> bool {
    let Some(bx) = Box3::of(b) else {
        return false;
    };
    let ends = [wide(&s.a), wide(&s.b)];
    if !finite_points(&ends) {
        return false;
    }
    match segment_obb_filter(&bx, &ends[0], &ends[1]) {
        Some(Filter::Apart) => false,
        Some(Filter::Undecided(0)) => true,
        _ => segment_obb_undecided(&bx, &ends),
    }
}

/// What [`segment_obb_filter`] leaves: the static filter of [`obb_triangle_exact`] over the
/// quantities themselves, then the running-bound filter and exact arithmetic for each axis that
/// leaves. Kept out of line, so that the filter's caller carries none of its registers and
/// stack.
#[cold]
#[inline(never)]
fn segment_obb_undecided(bx: &Box3, ends: &[[f64; 3]; 2]) -> bool {
    let Filter::Undecided(mask) = obb_points_filter(bx, ends, false) else {
        return false;
    };
    (0..6).filter(|k| mask & (1 << k) != 0).all(|k| match k {
        0..3 => !separates!(obb_face_axis(bx, k, ends)),
        _ => !separates!(obb_edge_axis(bx, k - 3, &ends[0], &ends[1], ends)),
    })
}

/// A face axis of box `a` (`k`: `A_{k+1} × A_{k+2}`) for the pair: `u·d = det[A_{k+1},
/// A_{k+2}, d]` against `e_k |det A| + Σ f_j |det[A_{k+1}, A_{k+2}, B_j]|`.
fn obb_obb_face_axis<A: Arith>(a: &Box3, b: &Box3, k: usize) -> Option<bool> {
    let (a1, a2) = (exact::<A>(&a.r[(k + 1) % 3]), exact::<A>(&a.r[(k + 2) % 3]));
    let ra = A::of(a.e[k]) * det3(&a1, &a2, &exact::<A>(&a.r[k])).magnitude();
    let rb = b.radius([0, 1, 2].map(|j| det3(&a1, &a2, &exact::<A>(&b.r[j]))));
    let d = det3(&a1, &a2, &diff::<A>(&b.c, &a.c));
    beyond(&[d], ra + rb)
}

/// The edge axis `A_i × B_j`: `u·d = det[A_i, B_j, d]` against the two radii.
fn obb_obb_edge_axis<A: Arith>(a: &Box3, b: &Box3, i: usize, j: usize) -> Option<bool> {
    let (ai, bj) = (exact::<A>(&a.r[i]), exact::<A>(&b.r[j]));
    let ra = a.radius(
        [0, 1, 2].map(|k| if k == i { A::of(0.0) } else { det3(&ai, &bj, &exact::<A>(&a.r[k])) }),
    );
    let rb = b.radius(
        [0, 1, 2].map(|k| if k == j { A::of(0.0) } else { det3(&ai, &bj, &exact::<A>(&b.r[k])) }),
    );
    let d = det3(&ai, &bj, &diff::<A>(&b.c, &a.c));
    beyond(&[d], ra + rb)
}

/// [`obb_obb`](crate::obb_obb) decided exactly, for the coordinates as given and each box
/// `{c + R x : |x_i| ≤ e_i}` (`R`'s entries exact): the 15 axes of Gottschalk et al. in the boxes'
/// own terms (each box's three face normals `R_j × R_k`, the nine `A_i × B_j`), every comparison
/// a polynomial of degree 4 in the input. Decided in plain `f64` first by Gottschalk's test in the
/// fast mode's shape with a proven bound that includes how far each matrix is from orthonormal
/// (`obb_obb_rotation_filter`), then, for what that leaves, by a static filter over the
/// quantities themselves (`obb_obb_filter`), and, for an axis neither decides, filtered with a
/// running bound and, where that cannot tell, exact.
/// Touching counts; parallel edges (a zero cross product) are handled exactly, with no epsilon;
/// an invalid box or a non-finite value gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::obb_obb_exact;
/// use osculate_math::{Obb, Point3, Rotation3, Vector3};
///
/// let e = Vector3::new(1.0_f64, 1.0, 1.0);
/// let a = Obb::new(Point3::new(1.0e4, 0.0, 0.0), Rotation3::identity(), e);
/// assert!(obb_obb_exact(&a, &Obb::new(Point3::new(1.0e4 + 2.0, 0.5, 0.0), Rotation3::identity(), e)));
/// let next = 1.0e4 + 2.0 + 2.0e-12; // the next doubles after 10002 are 1.8e-12 apart
/// assert!(!obb_obb_exact(&a, &Obb::new(Point3::new(next, 0.5, 0.0), Rotation3::identity(), e)));
/// ```
#[must_use]
pub fn obb_obb_exact<T: Real>(a: &Obb<T>, b: &Obb<T>) -> bool {
    // The filter runs on the boxes as given: an invalid pair is never overlapping, so "apart"
    // is right for it too, the filter's arithmetic on a non-finite value neither panics nor
    // loops, and it decides "overlapping" only for valid boxes.
    let (ba, bb) = (Box3::widened(a), Box3::widened(b));
    match obb_obb_rotation_filter(&ba, &bb) {
        Some(Filter::Apart) => false,
        Some(Filter::Undecided(0)) => true,
        Some(Filter::Undecided(_)) | None => obb_obb_undecided(&ba, &bb),
    }
}

/// What [`obb_obb_rotation_filter`] leaves: the static filter over the quantities themselves,
/// then the running-bound filter and exact arithmetic for each axis that leaves. Kept out of
/// line, so that the first filter's caller carries none of its registers and stack.
#[cold]
#[inline(never)]
fn obb_obb_undecided(ba: &Box3, bb: &Box3) -> bool {
    if !(ba.is_valid() && bb.is_valid()) {
        return false;
    }
    let Filter::Undecided(mask) = obb_obb_filter(ba, bb) else {
        return false;
    };
    // The axes the static filter could not decide (none, on ordinary input): the running-bound
    // filter, then exact arithmetic.
    (0..15).filter(|k| mask & (1 << k) != 0).all(|k| match k {
        0..3 => !separates!(obb_obb_face_axis(ba, bb, k)),
        3..6 => !separates!(obb_obb_face_axis(bb, ba, k - 3)),
        _ => !separates!(obb_obb_edge_axis(ba, bb, (k - 6) / 3, (k - 6) % 3)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::fmt::Debug;
    use osculate_math::{Rotation3, Vector3};

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
        let unit = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        let tri = |a, b, c| Triangle::new(a, b, c);
        let cases = [
            (tri(p(0.2, 0.2, 1.0), p(0.8, 0.2, 1.0), p(0.2, 0.8, 1.0)), true), // on the top face
            (tri(p(0.2, 0.2, 1.5), p(0.8, 0.2, 1.5), p(0.2, 0.8, 1.5)), false),
            (tri(p(0.0, 2.0, -1.0), p(2.0, 0.0, -1.0), p(1.0, 1.0, 3.0)), true), // through an edge
            (tri(p(0.5, 2.0, -1.0), p(2.0, 0.5, -1.0), p(1.25, 1.25, 3.0)), false), // normal axis
            (tri(p(-1.0, 0.5, 0.5), p(0.0, 0.5, 0.5), p(2.0, 0.5, 0.5)), true),  // collapsed
            (tri(p(-1.0, 1.5, 0.5), p(0.0, 1.5, 0.5), p(2.0, 1.5, 0.5)), false),
            (tri(p(0.5, 0.5, 0.5), p(0.5, 0.5, 0.5), p(0.5, 0.5, 0.5)), true), // a point inside
            (tri(p(1.0, 1.0, 1.0), p(2.0, 2.0, 1.0), p(2.0, 1.0, 3.0)), true), // at the corner
            // Only a cross-product axis separates: the edge x + y = 2.2 past the corner edge.
            (tri(p(2.5, -0.3, 0.0), p(-0.3, 2.5, 0.0), p(1.05, 1.05, -0.2)), false),
        ];
        let obb = Obb::new(p(0.5, 0.5, 0.5), Rotation3::identity(), Vector3::repeat(l(0.5)));
        for (t, want) in cases {
            assert_eq!(aabb_triangle_exact(&unit, &t), want, "{t:?}");
            assert_eq!(obb_triangle_exact(&obb, &t), want, "{t:?}");
        }
        let nan = tri(p(f64::NAN, 0.0, 0.0), p(0.5, 0.5, 0.5), p(0.5, 0.5, 0.5));
        assert!(!aabb_triangle_exact(&unit, &nan) && !obb_triangle_exact(&obb, &nan));
        let inverted = Aabb::new(p(1.0, 0.0, 0.0), p(0.0, 1.0, 1.0));
        assert!(!aabb_triangle_exact(&inverted, &cases[0].0));

        let seg = |a, b| Segment::new(a, b);
        let segs = [
            (seg(p(-1.0, 0.5, 0.5), p(2.0, 0.5, 0.5)), true),
            (seg(p(-1.0, 3.0, 0.5), p(3.0, -1.0, 0.5)), true), // through the corner edge
            (seg(p(-1.0, 3.1, 0.5), p(3.1, -1.0, 0.5)), false),
            (seg(p(-1.0, 0.5, 1.0), p(2.0, 0.5, 1.0)), true), // on a face
            (seg(p(0.5, 0.5, 0.5), p(0.5, 0.5, 0.5)), true),
            (seg(p(0.5, 0.5, 1.5), p(0.5, 0.5, 1.5)), false),
        ];
        for (s, want) in segs {
            assert_eq!(segment_aabb_exact(&s, &unit), want, "{s:?}");
            assert_eq!(segment_obb_exact(&s, &obb), want, "{s:?}");
        }

        // Boxes: touching faces, a float apart, turned 45° edge to edge.
        let e = Vector3::repeat(T::ONE);
        let a = Obb::new(p(0.0, 0.0, 0.0), Rotation3::identity(), e);
        assert!(obb_obb_exact(&a, &Obb::new(p(2.0, 0.0, 0.0), Rotation3::identity(), e)));
        assert!(!obb_obb_exact(&a, &Obb::new(p(2.01, 0.0, 0.0), Rotation3::identity(), e)));
        let qz = Rotation3::from_axis_angle(&Vector3::z_axis(), l(core::f64::consts::FRAC_PI_4));
        let qy = Rotation3::from_axis_angle(&Vector3::y_axis(), l(core::f64::consts::FRAC_PI_4));
        let s2 = 2.0_f64.sqrt();
        let az = Obb::new(p(0.0, 0.0, 0.0), qz, e);
        assert!(obb_obb_exact(&az, &Obb::new(p(2.0 * s2 - 0.01, 0.0, 0.0), qy, e)));
        assert!(!obb_obb_exact(&az, &Obb::new(p(2.0 * s2 + 0.01, 0.0, 0.0), qy, e)));
        let bad = Obb::new(p(0.0, 0.0, 0.0), Rotation3::identity(), -e);
        assert!(!obb_obb_exact(&a, &bad));
        // Invalid boxes that would overlap `a` were their numbers valid, in both orders: the
        // filter runs on them unchecked and must not call them overlapping.
        let (inf, nan) = (f64::INFINITY, f64::NAN);
        let entry = |i: usize, j: usize, x: f64| {
            let mut m = *Rotation3::<T>::identity().matrix();
            m[(i, j)] = l(x);
            Obb::new(p(0.5, 0.0, 0.0), Rotation3::from_matrix_unchecked(m), e)
        };
        let extent = |k: usize, x: f64| {
            let mut h = e;
            h[k] = l(x);
            Obb::new(p(0.5, 0.0, 0.0), Rotation3::identity(), h)
        };
        let check = |bad: &Obb<T>| {
            assert!(!obb_obb_exact(&a, bad) && !obb_obb_exact(bad, &a), "{bad:?}");
        };
        check(&Obb::new(p(inf, 0.0, 0.0), Rotation3::identity(), e));
        check(&Obb::new(p(0.5, nan, 0.0), Rotation3::identity(), e));
        check(&Obb::new(p(0.5, 0.0, -inf), Rotation3::identity(), e));
        for (i, j) in [(0, 0), (1, 2), (2, 1)] {
            for x in [nan, inf, -inf] {
                check(&entry(i, j, x));
            }
        }
        for k in 0..3 {
            for x in [nan, inf, -inf, -0.5] {
                check(&extent(k, x));
            }
        }
        // A NaN and an infinity in one column, which a largest-magnitude scan may pass over.
        let mut m = *Rotation3::<T>::identity().matrix();
        (m[(0, 0)], m[(1, 0)]) = (l(inf), l(nan));
        check(&Obb::new(p(0.5, 0.0, 0.0), Rotation3::from_matrix_unchecked(m), e));
    }

    osculate_testing::for_f32_and_f64!(worked_cases);

    /// `obb_obb_exact` without the static filter: every axis by the running-bound filter and
    /// exact arithmetic.
    fn obb_obb_unfiltered(a: &Box3, b: &Box3) -> bool {
        (0..15).all(|k| !axis_separates::<Dyadic>(a, b, k))
    }

    /// Axis `k` of [`obb_obb_filter`]'s numbering, in arithmetic `A` (`Dyadic` always decides).
    fn axis_separates<A: Arith>(a: &Box3, b: &Box3, k: usize) -> bool {
        match k {
            0..3 => obb_obb_face_axis::<A>(a, b, k),
            3..6 => obb_obb_face_axis::<A>(b, a, k - 3),
            _ => obb_obb_edge_axis::<A>(a, b, (k - 6) / 3, (k - 6) % 3),
        }
        .unwrap_or(false)
    }

    fn box3<T: Real>(o: &Obb<T>) -> Box3 {
        let (c, r, e) = obb_parts(o);
        Box3 { c, r, e }
    }

    fn random_obb<T: Real>(rng: &mut osculate_testing::Rng, offset: f64) -> Obb<T> {
        let l = T::lit;
        let c = [0, 1, 2].map(|_| l(rng.range(-1.0, 1.0) + offset));
        let mut e = [0, 1, 2].map(|_| rng.range(0.05, 1.0));
        if rng.chance(0.1) {
            e[rng.index(3)] = 0.0;
        }
        let rotation = match rng.index(6) {
            0 => Rotation3::identity(),
            1 => Rotation3::from_axis_angle(&Vector3::z_axis(), l(core::f64::consts::FRAC_PI_2)),
            _ => rng.rotation::<T>(),
        };
        Obb::new(Point3::new(c[0], c[1], c[2]), rotation, Vector3::new(l(e[0]), l(e[1]), l(e[2])))
    }

    /// The shapes `at(λ)` on either side of where `pred` changes, `λ` adjacent floats (`None`
    /// when it does not change between 0 and 64).
    fn flip<T: Real, S>(at: impl Fn(T) -> S, pred: impl Fn(&S) -> bool) -> Option<[S; 2]> {
        osculate_testing::exact_reference::flip_within(at, pred, T::lit(64.0))
    }

    fn direction<T: Real>(rng: &mut osculate_testing::Rng) -> Vector3<T> {
        Vector3::new(
            T::lit(rng.range(-1.0, 1.0)),
            T::lit(rng.range(-1.0, 1.0)),
            T::lit(rng.range(-1.0, 1.0)),
        )
    }

    /// A box-box filter's promise on one pair (`None`: the filter did not apply): "apart" only
    /// where exact arithmetic says so, and no axis outside its mask separating. Returns whether
    /// some axis was left undecided.
    #[track_caller]
    fn check_box_filter(ba: &Box3, bx: &Box3, filter: Option<Filter>, pair: &dyn Debug) -> bool {
        match filter {
            None => false,
            Some(Filter::Apart) => {
                assert!(!obb_obb_unfiltered(ba, bx), "filter: apart; {pair:?}");
                false
            }
            Some(Filter::Undecided(mask)) => {
                for k in (0..15).filter(|k| mask & (1 << k) == 0) {
                    assert!(!axis_separates::<Dyadic>(ba, bx, k), "axis {k}: {pair:?}");
                }
                mask != 0
            }
        }
    }

    /// `o` with every matrix entry moved by up to `size` (off orthonormal: the exact modes take
    /// the entries as given).
    fn skew<T: Real>(rng: &mut osculate_testing::Rng, o: Obb<T>, size: f64) -> Obb<T> {
        let m = o.rotation.matrix().map(|x| T::lit(x.to_f64() + rng.range(-size, size)));
        Obb { rotation: Rotation3::from_matrix_unchecked(m), ..o }
    }

    /// Pairs of boxes driven to just inside and just outside a box-box filter's bound (bisected
    /// to adjacent floats where it starts to prove "apart", where it stops proving "overlapping",
    /// and where the exact answer flips), 0, 1e4 and 1e8 from the origin, one pair in five with
    /// parallel edges, their matrices moved off orthonormal by up to one of `skews` per entry:
    /// the exact answer is the unfiltered one and `filter` agrees with exact arithmetic on every
    /// axis it decides. Returns how many pairs it left some axis undecided on, and how many it
    /// checked.
    fn box_filter_at_its_bound<T: Real>(
        seed: u64,
        skews: &[f64],
        filter: fn(&Box3, &Box3) -> Option<Filter>,
    ) -> (usize, usize) {
        let mut rng = osculate_testing::Rng::new(seed ^ T::EPSILON.to_f64().to_bits());
        let (mut near_bound, mut checked) = (0, 0);
        for _ in 0..osculate_testing::cases(300) {
            let offset = [0.0, 0.0, 1.0e4, 1.0e8][rng.index(4)];
            let size = skews[rng.index(skews.len())];
            let a = random_obb::<T>(&mut rng, offset);
            let a = skew(&mut rng, a, size);
            let mut b = random_obb::<T>(&mut rng, offset);
            if rng.chance(0.2) {
                b.rotation = a.rotation; // parallel edges: zero cross products
            }
            let b = skew(&mut rng, b, size);
            let w = direction::<T>(&mut rng);
            let ba = box3(&a);
            let apart = |x: &Obb<T>| matches!(filter(&ba, &box3(x)), Some(Filter::Apart));
            let sure = |x: &Obb<T>| matches!(filter(&ba, &box3(x)), Some(Filter::Undecided(0)));
            let exact = |x: &Obb<T>| obb_obb_exact(&a, x);
            let at = |s: T| Obb { center: b.center + w * s, ..b };
            let pairs = [flip(at, apart), flip(at, sure), flip(at, exact)];
            for x in pairs.iter().flatten().flatten() {
                let bx = box3(x);
                assert_eq!(obb_obb_exact(&a, x), obb_obb_unfiltered(&ba, &bx), "{a:?} {x:?}");
                let undecided = check_box_filter(&ba, &bx, filter(&ba, &bx), &(a, x));
                near_bound += usize::from(undecided);
                checked += 1;
            }
        }
        (near_bound, checked)
    }

    /// [`box_filter_at_its_bound`] for [`obb_obb_filter`], on rotations as rounded.
    fn static_filter_agrees_with_exact_arithmetic_at_its_bound<T: Real>() {
        let filter = |a: &Box3, b: &Box3| Some(obb_obb_filter(a, b));
        let (near_bound, checked) = box_filter_at_its_bound::<T>(0xF11_7E4, &[0.0], filter);
        // The bisection reaches inside the bound: the filter leaves axes undecided there.
        assert!(near_bound * 4 > checked / 10, "{near_bound} of {checked} near the bound");
    }

    osculate_testing::for_f32_and_f64!(static_filter_agrees_with_exact_arithmetic_at_its_bound);

    /// Axis `k` of [`obb_points_filter`]'s numbering, in arithmetic `A`.
    fn points_axis_separates<A: Arith>(b: &Box3, v: &[[f64; 3]], k: usize) -> bool {
        let n = v.len();
        match k {
            0..3 => obb_face_axis::<A>(b, k, v),
            12 => obb_normal_axis::<A>(b, &[v[0], v[1], v[2]]),
            _ if n == 2 => obb_edge_axis::<A>(b, k - 3, &v[0], &v[1], v),
            _ => {
                let (i, j) = ((k - 3) / 3, (k - 3) % 3);
                obb_edge_axis::<A>(b, i, &v[j], &v[(j + 1) % 3], v)
            }
        }
        .unwrap_or(false)
    }

    /// [`obb_points_filter`]'s promise on one input: "apart" only where exact arithmetic says
    /// so, every axis outside the mask not separating, and the filtered answer the unfiltered
    /// one. Returns whether some axis was left undecided.
    #[track_caller]
    fn check_points_filter(
        b: &Box3,
        v: &[[f64; 3]],
        filtered: bool,
        filter: Option<Filter>,
    ) -> bool {
        let axes = if v.len() == 3 { 13 } else { 6 };
        let unfiltered = (0..axes).all(|k| !points_axis_separates::<Dyadic>(b, v, k));
        assert_eq!(filtered, unfiltered, "{v:?} against {:?}", (b.c, b.r, b.e));
        match filter {
            None => false,
            Some(Filter::Apart) => {
                assert!(!unfiltered, "filter: apart; {v:?} against {:?}", (b.c, b.r, b.e));
                false
            }
            Some(Filter::Undecided(mask)) => {
                for k in (0..axes).filter(|k| mask & (1 << k) == 0) {
                    let separates = points_axis_separates::<Dyadic>(b, v, k);
                    assert!(!separates, "axis {k}: {v:?} against {:?}", (b.c, b.r, b.e));
                }
                mask != 0
            }
        }
    }

    /// Triangles and segments driven to just inside and just outside the bound of
    /// [`obb_points_filter`] against random boxes (bisected to adjacent floats where the filter
    /// starts to prove "apart", where it stops proving "overlapping", and where the exact answer
    /// flips), 0, 1e4 and 1e8 from the origin, collapsed triangles and zero-length segments
    /// among them: the filter agrees with exact arithmetic on every axis it decides.
    fn points_filter_agrees_with_exact_arithmetic_at_its_bound<T: Real>() {
        let mut rng = osculate_testing::Rng::new(0xF11_7E5 ^ T::EPSILON.to_f64().to_bits());
        let (mut near_bound, mut checked) = (0, 0);
        for _ in 0..osculate_testing::cases(300) {
            let offset = [0.0, 0.0, 1.0e4, 1.0e8][rng.index(4)];
            let o = random_obb::<T>(&mut rng, offset);
            let bx = box3(&o);
            let mut p = || {
                let q = [0, 1, 2].map(|_| T::lit(rng.range(-1.5, 1.5) + offset));
                Point3::new(q[0], q[1], q[2])
            };
            let (a, mut b2, c) = (p(), p(), p());
            if rng.chance(0.1) {
                b2 = a; // collapsed
            }
            let t = Triangle::new(a, b2, c);
            let w = direction::<T>(&mut rng);
            let filter = |t: &Triangle<T>| {
                obb_points_filter(&bx, &[wide(&t.a), wide(&t.b), wide(&t.c)], true)
            };
            let at = |s: T| Triangle::new(t.a + w * s, t.b + w * s, t.c + w * s);
            let apart = |t: &Triangle<T>| matches!(filter(t), Filter::Apart);
            let sure = |t: &Triangle<T>| matches!(filter(t), Filter::Undecided(0));
            let exact = |t: &Triangle<T>| obb_triangle_exact(&o, t);
            for t in [flip(at, apart), flip(at, sure), flip(at, exact)].iter().flatten().flatten() {
                let v = [wide(&t.a), wide(&t.b), wide(&t.c)];
                let filter = Some(obb_points_filter(&bx, &v, true));
                near_bound +=
                    usize::from(check_points_filter(&bx, &v, obb_triangle_exact(&o, t), filter));
                checked += 1;
            }
            let s = Segment::new(a, if rng.chance(0.1) { a } else { c });
            let filter = |s: &Segment<T>| obb_points_filter(&bx, &[wide(&s.a), wide(&s.b)], false);
            let at = |x: T| Segment::new(s.a + w * x, s.b + w * x);
            let apart = |s: &Segment<T>| matches!(filter(s), Filter::Apart);
            let sure = |s: &Segment<T>| matches!(filter(s), Filter::Undecided(0));
            let exact = |s: &Segment<T>| segment_obb_exact(s, &o);
            for s in [flip(at, apart), flip(at, sure), flip(at, exact)].iter().flatten().flatten() {
                let v = [wide(&s.a), wide(&s.b)];
                let filter = Some(obb_points_filter(&bx, &v, true));
                near_bound +=
                    usize::from(check_points_filter(&bx, &v, segment_obb_exact(s, &o), filter));
                checked += 1;
            }
        }
        assert!(near_bound * 4 > checked / 10, "{near_bound} of {checked} near the bound");
    }

    osculate_testing::for_f32_and_f64!(points_filter_agrees_with_exact_arithmetic_at_its_bound);

    /// [`box_filter_at_its_bound`] for [`obb_obb_rotation_filter`], on rotations as rounded and
    /// matrices moved off orthonormal by up to 1e-12, 1e-9 or 1e-6 per entry.
    fn rotation_filter_agrees_with_exact_arithmetic_at_its_bound<T: Real>() {
        let skews = [0.0, 0.0, 1.0e-12, 1.0e-9, 1.0e-6];
        let filter = obb_obb_rotation_filter;
        let (near_bound, checked) = box_filter_at_its_bound::<T>(0xF11_7E6, &skews, filter);
        assert!(near_bound * 4 > checked / 10, "{near_bound} of {checked} near the bound");
    }

    osculate_testing::for_f32_and_f64!(rotation_filter_agrees_with_exact_arithmetic_at_its_bound);

    /// Segments driven to just inside and just outside the bound of [`segment_obb_filter`]
    /// against random boxes (bisected as above), 0, 1e4 and 1e8 from the origin, zero-length
    /// segments and matrices moved off orthonormal by up to 1e-6 per entry among them: every
    /// axis the filter decides is decided as exact arithmetic decides it.
    fn segment_filter_agrees_with_exact_arithmetic_at_its_bound<T: Real>() {
        let mut rng = osculate_testing::Rng::new(0xF11_7E7 ^ T::EPSILON.to_f64().to_bits());
        let (mut near_bound, mut checked) = (0, 0);
        for _ in 0..osculate_testing::cases(300) {
            let offset = [0.0, 0.0, 1.0e4, 1.0e8][rng.index(4)];
            let size = [0.0, 0.0, 1.0e-9, 1.0e-6][rng.index(4)];
            let o = random_obb::<T>(&mut rng, offset);
            let o = skew(&mut rng, o, size);
            let bx = box3(&o);
            let mut p = || {
                let q = [0, 1, 2].map(|_| T::lit(rng.range(-1.5, 1.5) + offset));
                Point3::new(q[0], q[1], q[2])
            };
            let (a, c) = (p(), p());
            let s = Segment::new(a, if rng.chance(0.1) { a } else { c });
            let w = direction::<T>(&mut rng);
            let filter = |s: &Segment<T>| segment_obb_filter(&bx, &wide(&s.a), &wide(&s.b));
            let at = |x: T| Segment::new(s.a + w * x, s.b + w * x);
            let apart = |s: &Segment<T>| matches!(filter(s), Some(Filter::Apart));
            let sure = |s: &Segment<T>| matches!(filter(s), Some(Filter::Undecided(0)));
            let exact = |s: &Segment<T>| segment_obb_exact(s, &o);
            for s in [flip(at, apart), flip(at, sure), flip(at, exact)].iter().flatten().flatten() {
                let v = [wide(&s.a), wide(&s.b)];
                let filtered = segment_obb_exact(s, &o);
                near_bound += usize::from(check_points_filter(&bx, &v, filtered, filter(s)));
                checked += 1;
            }
        }
        assert!(near_bound * 4 > checked / 10, "{near_bound} of {checked} near the bound");
    }

    osculate_testing::for_f32_and_f64!(segment_filter_agrees_with_exact_arithmetic_at_its_bound);

    /// The static axes of the box-triangle test on one input: every one decided agrees with
    /// exact arithmetic. Returns (whether some was undecided, whether some separates exactly).
    fn check_box_axes(lo: &[f64; 3], hi: &[f64; 3], v: &[[f64; 3]]) -> (bool, bool) {
        let (mut undecided, mut separated) = (false, false);
        let mut compare = |fast: Option<bool>, exact: Option<bool>| {
            let exact = exact.unwrap_or(false);
            separated |= exact;
            match fast {
                Some(s) => assert_eq!(s, exact, "{v:?} against {lo:?} {hi:?}"),
                None => undecided = true,
            }
        };
        for i in 0..3 {
            if v.len() == 2 {
                let (s, d) = (
                    box_edge_axis_static(i, &v[0], &v[1], &[], lo, hi),
                    box_edge_axis::<Dyadic>(i, &v[0], &v[1], &[], lo, hi),
                );
                compare(s, d);
                continue;
            }
            for j in 0..3 {
                let (v0, v1, other) = (&v[j], &v[(j + 1) % 3], &v[(j + 2) % 3]);
                let others = core::slice::from_ref(other);
                compare(
                    box_edge_axis_static(i, v0, v1, others, lo, hi),
                    box_edge_axis::<Dyadic>(i, v0, v1, others, lo, hi),
                );
            }
        }
        if v.len() == 3 {
            let t = [v[0], v[1], v[2]];
            compare(
                triangle_normal_axis_static(&t, lo, hi),
                triangle_normal_axis::<Dyadic>(&t, lo, hi),
            );
        }
        (undecided, separated)
    }

    /// Triangles and segments driven to where the axis-aligned box tests' static signs stop
    /// deciding and to where the exact answer flips (bisected to adjacent floats), 0, 1e4 and
    /// 1e8 from the origin, collapsed triangles and zero-length segments among them: every sign
    /// the static filter decides is the exact one, and the filtered answers are the unfiltered
    /// ones.
    fn aabb_static_signs_agree_with_exact_arithmetic_at_their_bound<T: Real>() {
        let mut rng = osculate_testing::Rng::new(0xF11_7E6 ^ T::EPSILON.to_f64().to_bits());
        let (mut near_bound, mut checked) = (0, 0);
        for _ in 0..osculate_testing::cases(300) {
            let offset = [0.0, 0.0, 1.0e4, 1.0e8][rng.index(4)];
            let o = random_obb::<T>(&mut rng, offset);
            let bb = Aabb::new(o.center - o.half_extents, o.center + o.half_extents);
            let (lo, hi) = (wide(&bb.min), wide(&bb.max));
            let mut p = || {
                let q = [0, 1, 2].map(|_| T::lit(rng.range(-1.5, 1.5) + offset));
                Point3::new(q[0], q[1], q[2])
            };
            let (a, mut b2, c) = (p(), p(), p());
            if rng.chance(0.1) {
                b2 = a;
            }
            let t = Triangle::new(a, b2, c);
            let w = direction::<T>(&mut rng);
            let verts = |t: &Triangle<T>| [wide(&t.a), wide(&t.b), wide(&t.c)];
            let at = |s: T| Triangle::new(t.a + w * s, t.b + w * s, t.c + w * s);
            let sure = |t: &Triangle<T>| !check_box_axes(&lo, &hi, &verts(t)).0;
            let exact = |t: &Triangle<T>| aabb_triangle_exact(&bb, t);
            for t in [flip(at, sure), flip(at, exact)].iter().flatten().flatten() {
                let v = verts(t);
                let (undecided, separated) = check_box_axes(&lo, &hi, &v);
                let faces = (0..3)
                    .all(|k| v.iter().any(|x| x[k] >= lo[k]) && v.iter().any(|x| x[k] <= hi[k]));
                assert_eq!(aabb_triangle_exact(&bb, t), faces && !separated, "{t:?} {bb:?}");
                near_bound += usize::from(undecided);
                checked += 1;
            }
            let s = Segment::new(a, if rng.chance(0.1) { a } else { c });
            let ends = |s: &Segment<T>| [wide(&s.a), wide(&s.b)];
            let at = |x: T| Segment::new(s.a + w * x, s.b + w * x);
            let sure = |s: &Segment<T>| !check_box_axes(&lo, &hi, &ends(s)).0;
            let exact = |s: &Segment<T>| segment_aabb_exact(s, &bb);
            for s in [flip(at, sure), flip(at, exact)].iter().flatten().flatten() {
                let v = ends(s);
                let (undecided, separated) = check_box_axes(&lo, &hi, &v);
                let faces = (0..3)
                    .all(|k| v.iter().any(|x| x[k] >= lo[k]) && v.iter().any(|x| x[k] <= hi[k]));
                assert_eq!(segment_aabb_exact(s, &bb), faces && !separated, "{s:?} {bb:?}");
                near_bound += usize::from(undecided);
                checked += 1;
            }
        }
        assert!(near_bound * 4 > checked / 10, "{near_bound} of {checked} near the bound");
    }

    osculate_testing::for_f32_and_f64!(
        aabb_static_signs_agree_with_exact_arithmetic_at_their_bound
    );
}
