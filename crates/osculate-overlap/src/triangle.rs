//! Triangle-triangle and segment-triangle overlap from orientation predicates, in a fast and an
//! exact mode.
//!
//! Triangle-triangle uses Guigue and Devillers, "Fast and Robust Triangle-Triangle Overlap Test
//! Using Orientation Predicates" (JGT 2003), rather than Möller (1997): its every decision is the
//! sign of a 3×3 determinant (`orient3d`) or, for coplanar triangles, of a 2×2 one (`orient2d`),
//! so the same algorithm becomes exact by evaluating those signs exactly — no intersection points
//! or interval ends are ever computed, where Möller's interval test divides and compares the
//! results.
//!
//! The fast mode (`triangle_triangle`, `segment_triangle`) takes a vertex within
//! `RELATIVE_TOLERANCE × scale` of the other's plane as on it (then coplanar triangles are tested
//! in 2D, and otherwise the distance decides), and a triangle collinear up to rounding as its
//! edges: it errs only toward "overlapping", by at most that tolerance. Every other sign it uses
//! is certain: a floating-point determinant whose error bound decides it (Shewchuk's filter, on
//! ordinary input always), else the exact one. It never says "apart" where the exact mode says
//! "overlapping". The exact mode (`*_exact`) takes no tolerance: every orientation is decided by
//! the same filter, and within its error bound by Shewchuk's
//! adaptive predicates (the `robust` crate) on the inputs converted to `f64` — exact as long as no
//! intermediate product overflows or underflows: every non-zero coordinate within `[1e-80, 1e80]`
//! in magnitude (the predicates multiply up to three coordinate differences and their rounding
//! tails). Outside that range — e.g. a vertex at 1e-300 beside one at 3 — the
//! expansion loses its underflowed tails and a sign can be wrong, as in the fast mode. Both count touching as overlapping, and give
//! `false` for any non-finite coordinate.
//!
//! Degenerate triangles are handled by what they are: a triangle whose vertices are collinear is
//! the union of its edges (tested as segments), one whose vertices coincide is a point.
//!
//! Also here: a sphere with a triangle (a squared distance against a squared radius, Ericson
//! 5.2.7) and a box with a triangle (the 13 separating axes of Akenine-Möller, Ericson 5.2.9).

use osculate_closest::{
    closest_points_segment_segment, closest_points_segment_triangle, sq_distance_point_segment,
    sq_distance_point_triangle,
};
use osculate_math::Validate;
use osculate_math::{
    Aabb, Capsule, Obb, Point3, Real, Segment, Sphere, Triangle, Vector3, is_finite_point,
};

use crate::boxes::valid_extents;
use crate::sphere::{finite, magnitude, within, within_slack};

/// Whether solid sphere `s` and triangle `tri` meet: the squared distance from the center to the
/// triangle (Ericson 5.2.7, 5.1.5) against `r²`. Touching (the triangle exactly `r` from the
/// center) counts as meeting (`≤`); within a rounding of touching the computed squared distance
/// decides.
///
/// # Examples
/// ```
/// use osculate_overlap::sphere_triangle;
/// use osculate_math::{Point3, Sphere, Triangle};
///
/// let t = Triangle::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// assert!(sphere_triangle(&Sphere::new(Point3::new(1.0, 1.0, 0.9), 1.0), &t));
/// assert!(!sphere_triangle(&Sphere::new(Point3::new(1.0, 1.0, 1.1), 1.0), &t));
/// ```
#[inline]
#[must_use]
pub fn sphere_triangle<T: Real>(s: &Sphere<T>, tri: &Triangle<T>) -> bool {
    finite(&[&s.center, &tri.a, &tri.b, &tri.c])
        && within(sq_distance_to_triangle(&s.center, tri), s.radius)
}

/// The squared distance from `p` to `tri`. A triangle collapsed up to rounding
/// (`|n|² ≤ DEGENERATE_SQ_TOLERANCE · |b − a|² |c − a|²`) is measured as the union of its edges:
/// on such a triangle `sq_distance_point_triangle`'s Voronoi regions are decided by rounding
/// noise, and it was found off by 4e-3 on a unit triangle in f64 (3e-2 in f32).
fn sq_distance_to_triangle<T: Real>(p: &Point3<T>, t: &Triangle<T>) -> T {
    let (u, v) = (t.b - t.a, t.c - t.a);
    if u.cross(&v).norm_squared()
        <= T::DEGENERATE_SQ_TOLERANCE * u.norm_squared() * v.norm_squared()
    {
        let edge = |a: Point3<T>, b: Point3<T>| sq_distance_point_segment(p, &Segment::new(a, b));
        edge(t.a, t.b).fast_min(edge(t.b, t.c)).fast_min(edge(t.c, t.a))
    } else {
        sq_distance_point_triangle(p, t)
    }
}

/// The box-triangle test in the box's frame: a box centered at the origin with half extents `e`,
/// the triangle's vertices `v` relative to the box center (Akenine-Möller 2001, Ericson 5.2.9).
/// `world` is the magnitude of the coordinates before the move to the box's frame: that move
/// rounds at their magnitude, not at the centered ones', so the slack is scaled by the larger.
fn centered_box_triangle<T: Real>(e: &Vector3<T>, v: [Vector3<T>; 3], world: T) -> bool {
    // Every projection below errs by at most a few roundings of the coordinates involved times
    // the axis's 1-norm (≤ 3 × its largest component): the move to the frame rounds each vertex
    // by `ε·world`, the products and sums by `ε` of the centered values. The slack,
    // `RELATIVE_TOLERANCE` (128 ε) × the largest component × the larger scale, bounds both with
    // room to spare (an axis made of rounding noise is still an axis: only the projections'
    // rounding matters).
    let scale = e.amax().fast_max(v[0].amax()).fast_max(v[1].amax()).fast_max(v[2].amax());
    let scale = scale.fast_max(world);
    let f = [v[1] - v[0], v[2] - v[1], v[0] - v[2]];
    // Category 3 first (Akenine-Möller's order 3-1-2): the nine axes u_i × f_j. With
    // u_i = e_i the cross product is a permutation of f_j with one sign flip; a zero axis (an edge
    // parallel to u_i) gives p = r = 0 and never separates.
    for i in 0..3 {
        let mut u = Vector3::zeros();
        u[i] = T::ONE;
        for fj in &f {
            let axis = u.cross(fj);
            let p = [axis.dot(&v[0]), axis.dot(&v[1]), axis.dot(&v[2])];
            let r = e.x * axis.x.abs() + e.y * axis.y.abs() + e.z * axis.z.abs();
            let slack = T::RELATIVE_TOLERANCE * axis.amax() * scale;
            let pmax = p[0].fast_max(p[1]).fast_max(p[2]);
            let pmin = p[0].fast_min(p[1]).fast_min(p[2]);
            if pmin > r + slack || pmax < -r - slack {
                return false;
            }
        }
    }
    // Category 1: the box's face normals (the triangle's bounding box against the box).
    let slack = T::RELATIVE_TOLERANCE * scale;
    for i in 0..3 {
        let lo = v[0][i].fast_min(v[1][i]).fast_min(v[2][i]);
        let hi = v[0][i].fast_max(v[1][i]).fast_max(v[2][i]);
        if lo > e[i] + slack || hi < -e[i] - slack {
            return false;
        }
    }
    // Category 2: the triangle's normal (the plane-box test of Ericson 5.2.3). A collapsed triangle
    // has a zero normal, which never separates; its other axes suffice. A triangle collapsed up to
    // rounding has a tiny normal made of rounding noise, not perpendicular to its edges: project all
    // three vertices (as on any other axis), not only the first.
    let n = f[0].cross(&f[1]);
    let r = e.x * n.x.abs() + e.y * n.y.abs() + e.z * n.z.abs();
    let p = [n.dot(&v[0]), n.dot(&v[1]), n.dot(&v[2])];
    let slack = T::RELATIVE_TOLERANCE * n.amax() * scale;
    let pmax = p[0].fast_max(p[1]).fast_max(p[2]);
    let pmin = p[0].fast_min(p[1]).fast_min(p[2]);
    !(pmin > r + slack || pmax < -r - slack)
}

/// Whether box `b` and triangle `t` overlap, by the 13 separating axes of Akenine-Möller (2001) as
/// Ericson 5.2.9 gives them, in the order 3-1-2 (the nine edge-cross-axis tests first, then the
/// box's face normals, then the triangle's normal). Touching counts; a collapsed triangle is tested
/// as the segment it is (its edge axes remain); an inverted box or NaN gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::aabb_triangle;
/// use osculate_math::{Aabb, Point3, Triangle};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// // A big triangle slicing through the box's middle, and one cutting only past a corner.
/// let slice = Triangle::new(Point3::new(-5.0, -5.0, 0.5), Point3::new(5.0, -5.0, 0.5), Point3::new(0.0, 5.0, 0.5));
/// let past = Triangle::new(Point3::new(2.0, 0.0, 0.0), Point3::new(0.0, 2.0, 0.0), Point3::new(0.0, 0.0, 2.0));
/// assert!(aabb_triangle(&b, &slice));
/// assert!(aabb_triangle(&b, &past)); // the plane x + y + z = 2 cuts the box
/// let beyond = Triangle::new(Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0), Point3::new(0.0, 0.0, 4.0));
/// assert!(!aabb_triangle(&b, &beyond));
/// ```
#[must_use]
pub fn aabb_triangle<T: Real>(b: &Aabb<T>, t: &Triangle<T>) -> bool {
    if !(is_finite_point(&b.min) && is_finite_point(&b.max) && finite_triangle(t)) {
        return false;
    }
    let e = b.half_extents();
    if !valid_extents(&e) {
        return false;
    }
    let c = b.center();
    // The translation to the center rounds at the coordinates' magnitude (a box 1e4 from the
    // origin: 1e-12 in f64), which the slack must cover.
    let world =
        [b.min, b.max, t.a, t.b, t.c].iter().fold(T::ZERO, |s, p| s.fast_max(p.coords.amax()));
    centered_box_triangle(&e, [t.a - c, t.b - c, t.c - c], world)
}

/// Whether oriented box `b` and triangle `t` overlap: the triangle taken into the box's frame and
/// tested as in [`aabb_triangle`]. Touching counts as overlapping, and so does a gap within the
/// module's slack (`RELATIVE_TOLERANCE × scale` on each axis), which also absorbs the rounding of
/// the move into the box's frame.
///
/// # Examples
/// ```
/// use osculate_overlap::obb_triangle;
/// use osculate_math::{Obb, Point3, Rotation3, Triangle, Vector3};
///
/// let b = Obb::new(Point3::origin(), Rotation3::from_axis_angle(&Vector3::z_axis(), 0.785398), Vector3::new(1.0_f64, 1.0, 1.0));
/// let t = Triangle::new(Point3::new(1.3, 0.0, -1.0), Point3::new(3.0, 0.0, -1.0), Point3::new(1.3, 0.0, 1.0));
/// assert!(obb_triangle(&b, &t)); // the turned box's edge reaches x = √2
/// ```
#[must_use]
pub fn obb_triangle<T: Real>(b: &Obb<T>, t: &Triangle<T>) -> bool {
    if !b.is_valid() || !finite_triangle(t) {
        return false;
    }
    // The move to the box's frame rounds at the coordinates' magnitude (see `aabb_triangle`).
    let world = [b.center, t.a, t.b, t.c].iter().fold(T::ZERO, |s, p| s.fast_max(p.coords.amax()));
    centered_box_triangle(
        &b.half_extents,
        [b.to_local(&t.a), b.to_local(&t.b), b.to_local(&t.c)],
        world,
    )
}

/// The sign of a number: -1, 0 or 1.
type Sign = i8;

#[inline]
fn sign<T: Real>(x: T) -> Sign {
    if x > T::ZERO {
        1
    } else if x < T::ZERO {
        -1
    } else {
        0
    }
}

/// The orientation predicates the tests are built on. Both modes evaluate every orientation the
/// same way, certain in sign: a floating-point determinant in the input precision whose error
/// bound decides it (Shewchuk's filter, [`filtered_side`] and [`orient2d_bound`]; on ordinary
/// input always), else the exact predicate ([`exact_orient3d`], [`exact_orient2d`]). They differ
/// in what they take as on a plane and as collapsed ([`Predicates::plane`],
/// [`Predicates::sides`]).
trait Predicates<T: Real> {
    /// The sign of `(b − a) × (c − a) · (d − a)`: positive when `d` is on the side of plane `abc`
    /// that `(b − a) × (c − a)` points to.
    #[inline]
    fn orient3d(a: &Point3<T>, b: &Point3<T>, c: &Point3<T>, d: &Point3<T>) -> Sign {
        let (u, v) = (b - a, c - a);
        let (n, spread) = cross_with_spread(&u, &v);
        filtered_side(&n, &spread, &(d - a)).unwrap_or_else(|| exact_orient3d(a, b, c, d))
    }
    /// The sign of `(b − a) × (c − a)` in 2D: positive when `abc` turns counter-clockwise.
    #[inline]
    fn orient2d(a: [T; 2], b: [T; 2], c: [T; 2]) -> Sign {
        let left = (b[0] - a[0]) * (c[1] - a[1]);
        let right = (b[1] - a[1]) * (c[0] - a[0]);
        let det = left - right;
        if det.abs() > orient2d_bound(left.abs() + right.abs()) {
            sign(det)
        } else {
            exact_orient2d(a, b, c)
        }
    }
    /// Triangle `abc`'s plane, computed once for every test against it: `None` when the triangle
    /// is collinear (the exact mode) or taken as collapsed (the fast mode), so that it is tested
    /// as the union of its edges.
    ///
    /// The exact mode: one cross product `n = (b − a) × (c − a)` with its spread serves every
    /// test on the triangle ([`Predicates::sides`]). The projection drops the normal's largest
    /// coordinate when its filter decides that coordinate is not zero (see [`plane_from`]);
    /// otherwise [`projection_for`] decides, and `None` when every projection collapses.
    #[inline]
    fn plane(a: &Point3<T>, b: &Point3<T>, c: &Point3<T>) -> Option<TrianglePlane<T>>
    where
        Self: Sized,
    {
        let (n, spread) = cross_with_spread(&(b - a), &(c - a));
        plane_from::<T, Self>(a, b, c, n, spread, T::ZERO)
    }
    /// Whether [`Predicates::sides`] rounds signs within a tolerance of the plane to 0 (the fast
    /// mode): a 0 then means "within the tolerance", not "on the plane".
    const TOLERANT: bool = false;
    /// The sides of the points `others` with respect to the plane of the non-degenerate triangle
    /// `t` (whose [`Predicates::plane`] is `plane`): `orient3d(t, p)` for each (the fast mode: 0
    /// within a tolerance of the plane, `scale` the largest coordinate of the points tested, so
    /// that all zero means "coplanar").
    ///
    /// The exact mode: the sign of `n · (p − a)` with the plane's `n` and spread, the same
    /// operations as [`Predicates::orient3d`], so its filter [`filtered_side`] decides it with
    /// the same bound; within the bound, the exact predicate.
    #[inline]
    fn sides<const N: usize>(
        plane: &TrianglePlane<T>,
        t: [&Point3<T>; 3],
        others: [&Point3<T>; N],
        _scale: T,
    ) -> [Sign; N] {
        others.map(|p| {
            filtered_side(&plane.n, &plane.spread, &(p - t[0]))
                .unwrap_or_else(|| exact_orient3d(t[0], t[1], t[2], p))
        })
    }
}

/// What the tests against a non-degenerate triangle's plane use, computed once per triangle.
struct TrianglePlane<T: Real> {
    /// The coordinate to drop for a 2D test in which the triangle keeps its area.
    drop: usize,
    /// The normal `(b − a) × (c − a)` as computed in the input precision.
    n: Vector3<T>,
    /// Its spread (see [`cross_with_spread`]).
    spread: Vector3<T>,
    /// `(RELATIVE_TOLERANCE · |n|)²`, the fast mode's coplanarity tolerance before the scale
    /// (zero in the exact mode, which does not use it).
    tolerance_sq: T,
}

/// The plane of `abc` from its computed normal `n = (b − a) × (c − a)` and `spread`, for a
/// triangle not taken as collapsed: the projection drops the normal's largest coordinate. That
/// coordinate is the projected orientation [`Predicates::orient2d`] computes, with the same
/// operations, so its filter (on `n` and the spread) decides that the projection keeps the area;
/// when it cannot, [`projection_for`] does (`None`: collinear).
#[inline]
fn plane_from<T: Real, P: Predicates<T>>(
    a: &Point3<T>,
    b: &Point3<T>,
    c: &Point3<T>,
    n: Vector3<T>,
    spread: Vector3<T>,
    tolerance_sq: T,
) -> Option<TrianglePlane<T>> {
    let m = n.abs();
    let k = if m.x >= m.y && m.x >= m.z {
        0
    } else if m.y >= m.z {
        1
    } else {
        2
    };
    let drop = if m[k] > orient2d_bound(spread[k]) { k } else { projection_for::<T, P>(a, b, c)? };
    Some(TrianglePlane { drop, n, spread, tolerance_sq })
}

/// The fast mode: orientations against a plane taken as zero within a tolerance, triangles
/// collapsed up to rounding taken as their edges, and every other sign certain. A sign computed
/// in floating point without a margin is a coin toss within rounding of zero, and one such sign
/// on Guigue-Devillers' interval test said "apart" for triangles one ulp inside overlap; so the
/// orientations are the filtered ones of [`Predicates`] (Shewchuk's filter, a floating-point
/// evaluation with an error bound, then the exact predicate), which decide at the cost of one
/// floating-point determinant whenever the sign is certain, which on ordinary input is always.
struct Fast;

impl<T: Real> Predicates<T> for Fast {
    const TOLERANT: bool = true;
    /// One cross product `n = (b − a) × (c − a)` serves every test on the triangle. A triangle
    /// collapsed up to rounding (`|n|² ≤ DEGENERATE_SQ_TOLERANCE · |b − a|² |c − a|²`) has a
    /// normal made of rounding noise: every orientation against its plane would be a coin toss,
    /// wrong by a margin as large as the triangle. It is within rounding of its edges, so it is
    /// tested as their union, like an exactly collinear one (`None`). Otherwise the projection
    /// drops the normal's largest coordinate: that coordinate is the projected orientation
    /// [`Predicates::orient2d`] computes, with the same operations, so its filter (on `n` and the
    /// spread) decides that the projection keeps the area; when it cannot, [`projection_for`]
    /// does.
    #[inline]
    fn plane(a: &Point3<T>, b: &Point3<T>, c: &Point3<T>) -> Option<TrianglePlane<T>> {
        let (u, v) = (b - a, c - a);
        let (n, spread) = cross_with_spread(&u, &v);
        let n2 = n.norm_squared();
        if n2 <= T::DEGENERATE_SQ_TOLERANCE * u.norm_squared() * v.norm_squared() {
            return None;
        }
        let tolerance_sq = T::RELATIVE_TOLERANCE * T::RELATIVE_TOLERANCE * n2;
        plane_from::<T, Self>(a, b, c, n, spread, tolerance_sq)
    }
    /// Points within `RELATIVE_TOLERANCE × scale` of the plane (`scale` the largest coordinate
    /// involved) are on it (sign 0): they are in it up to the input's own rounding, and their
    /// computed orientations are noise. A coplanar mesh moved by a rigid motion is coplanar only
    /// that far — two coplanar triangles a unit apart were reported crossing; Möller (1997) tests
    /// coplanarity with a tolerance for the same reason — and all three vertices at 0 send the
    /// pair to the 2D test, which errs toward "overlapping" by at most that tolerance, as the
    /// separating-axis tests do. One or two vertices at 0 are treated by Guigue-Devillers as the
    /// exact algorithm treats a vertex on the plane, so the orientations that decide the answer
    /// all involve a vertex off the plane by more than rounding. Taking the noise sign instead let
    /// an edge lying in the other triangle's plane (up to a rigid motion's rounding) decide the
    /// interval test on the planes' common line — that edge — by noise: two triangles √5 apart
    /// were reported crossing.
    ///
    /// The test `|d| ≤ RELATIVE_TOLERANCE · |n| · scale` is made on squares, without a square
    /// root; where the squared tolerance overflows, on the magnitudes themselves. (Which points
    /// count as on the plane only moves answers toward "overlapping": every other sign is
    /// certain.)
    fn sides<const N: usize>(
        plane: &TrianglePlane<T>,
        t: [&Point3<T>; 3],
        others: [&Point3<T>; N],
        scale: T,
    ) -> [Sign; N] {
        let tolerance_sq = plane.tolerance_sq * scale * scale;
        // Beyond the tolerance the sign of the computed `d` is taken when its error bound
        // decides it (always on ordinary input: the bound is a few ε of the permanent, far below
        // the tolerance), else exactly: for a thin triangle the rounding of `n` can exceed the
        // tolerance.
        others.map(|p| {
            let w = p - t[0];
            let d = plane.n.dot(&w);
            let on_plane = if tolerance_sq.is_finite() {
                d * d <= tolerance_sq
            } else {
                d.abs() <= T::RELATIVE_TOLERANCE * plane.n.norm() * scale
            };
            if on_plane {
                0
            } else {
                filtered_side(&plane.n, &plane.spread, &w)
                    .unwrap_or_else(|| exact_orient3d(t[0], t[1], t[2], p))
            }
        })
    }
}

/// Shewchuk's `ccwerrboundA`, `(3 + 16u) u` of `|left| + |right|` (`spread`), with the underflow
/// term of [`filtered_side`]: a 2×2 orientation determinant computed in floating point beyond it
/// has the exact determinant's sign. An overflowing evaluation never gets beyond it: an
/// infinite or NaN product makes `spread` infinite or NaN, and an infinite `left − right` has
/// `|left| + |right|`, at least as large, infinite too.
#[inline]
fn orient2d_bound<T: Real>(spread: T) -> T {
    let u = T::EPSILON * T::HALF;
    (T::lit(3.0) + T::lit(16.0) * u) * u * spread + T::lit(4.0) * T::MIN_POSITIVE
}

/// `n = u × v` and, per coordinate, the sum of the magnitudes of the two products it is the
/// difference of (`|u_y v_z| + |u_z v_y|` …): the cross product's part of the permanent that
/// bounds the rounding of an orientation determinant.
#[inline]
fn cross_with_spread<T: Real>(u: &Vector3<T>, v: &Vector3<T>) -> (Vector3<T>, Vector3<T>) {
    let p = [u.y * v.z, u.z * v.y, u.z * v.x, u.x * v.z, u.x * v.y, u.y * v.x];
    (
        Vector3::new(p[0] - p[1], p[2] - p[3], p[4] - p[5]),
        Vector3::new(p[0].abs() + p[1].abs(), p[2].abs() + p[3].abs(), p[4].abs() + p[5].abs()),
    )
}

/// The sign of the orientation determinant `w · n` (`n = u × v` with its `spread` from
/// [`cross_with_spread`], `u, v, w` the differences of three points from a fourth) when the
/// floating-point value decides it, `None` when it is within its error bound.
///
/// The bound is Shewchuk's `o3derrboundA` ("Adaptive Precision Floating-Point Arithmetic and Fast
/// Robust Geometric Predicates", 1997, §4.3): with the unit roundoff `u = ε/2`, the computed
/// determinant, differences included, is within `(7 + 56u) u · Σ |w_i| spread_i` of the exact
/// determinant of the input points, the permanent being computed in the same arithmetic (the
/// `56u` covers its own rounding). Shewchuk assumes no underflow; a product that underflows is off
/// by at most half the smallest subnormal, which later products multiply by at most `|w_i|`, so
/// `MIN_POSITIVE · (1 + Σ |w_i|)` more covers it with a wide margin. Nor does Shewchuk allow for
/// overflow, which in `f32` begins with coordinates near `1e12`; an overflowing evaluation never
/// decides. Each computed `spread_i` is at least `|n_i|` and every term of the permanent at
/// least the magnitude of the matching term of `n · w` (rounding is monotone, and both sums are
/// taken in the same order), so an infinite `n`, product or `d` makes the permanent, and so the
/// bound, infinite or NaN (`0 · ∞` where a `w_i` is zero); so does an infinite difference; and
/// `|d| > bound` is false for either. Beyond the bound the sign is that of the exact
/// determinant; within it the caller asks the exact predicate.
#[inline]
fn filtered_side<T: Real>(n: &Vector3<T>, spread: &Vector3<T>, w: &Vector3<T>) -> Option<Sign> {
    let d = n.dot(w);
    let wa = w.abs();
    let u = T::EPSILON * T::HALF;
    let bound = (T::lit(7.0) + T::lit(56.0) * u) * u * wa.dot(spread)
        + T::MIN_POSITIVE * (T::ONE + wa.x + wa.y + wa.z);
    (d.abs() > bound).then(|| sign(d))
}

/// The exact mode: every orientation certain, no tolerance. Each is decided by its filter in the
/// input precision where the error bound allows (on ordinary input always, at the cost of the
/// fast mode's own arithmetic), else by Shewchuk's adaptive exact determinants on the inputs
/// widened to `f64`.
struct Exact;

impl<T: Real> Predicates<T> for Exact {}

/// The sign of [`Predicates::orient3d`] by Shewchuk's adaptive exact determinant (the `robust`
/// crate) on the inputs widened to `f64`. Out of line: the filters call it only within their
/// error bound.
#[cold]
#[inline(never)]
fn exact_orient3d<T: Real>(a: &Point3<T>, b: &Point3<T>, c: &Point3<T>, d: &Point3<T>) -> Sign {
    let w = |p: &Point3<T>| robust::Coord3D { x: p.x.to_f64(), y: p.y.to_f64(), z: p.z.to_f64() };
    // Shewchuk's orient3d is positive when d is *below* plane abc (abc counter-clockwise seen
    // from above), i.e. it is minus this module's orientation.
    -sign(robust::orient3d(w(a), w(b), w(c), w(d)))
}

/// The sign of [`Predicates::orient2d`] by Shewchuk's adaptive exact determinant on the inputs
/// widened to `f64`.
#[cold]
#[inline(never)]
fn exact_orient2d<T: Real>(a: [T; 2], b: [T; 2], c: [T; 2]) -> Sign {
    let w = |p: [T; 2]| robust::Coord { x: p[0].to_f64(), y: p[1].to_f64() };
    sign(robust::orient2d(w(a), w(b), w(c)))
}

/// The 2D projection dropping coordinate `drop`.
#[inline]
fn project<T: Real>(p: &Point3<T>, drop: usize) -> [T; 2] {
    match drop {
        0 => [p.y, p.z],
        1 => [p.z, p.x],
        _ => [p.x, p.y],
    }
}

/// The coordinate to drop so that the plane of the non-collinear points `a, b, c` projects without
/// collapsing: one where their projected orientation is not zero, or `None` when it is zero in all
/// three projections (the points are collinear).
fn projection_for<T: Real, P: Predicates<T>>(
    a: &Point3<T>,
    b: &Point3<T>,
    c: &Point3<T>,
) -> Option<usize> {
    // Prefer the axis of the normal's largest component (best conditioned for the fast mode); the
    // predicate decides whether that projection is degenerate.
    let n = (b - a).cross(&(c - a)).abs();
    let first = if n.x >= n.y && n.x >= n.z {
        0
    } else if n.y >= n.z {
        1
    } else {
        2
    };
    [first, (first + 1) % 3, (first + 2) % 3]
        .into_iter()
        .find(|&k| P::orient2d(project(a, k), project(b, k), project(c, k)) != 0)
}

/// Whether point `p` is on closed 2D segment `ab`, given that the three are collinear.
#[inline]
fn on_collinear_segment<T: Real>(p: [T; 2], a: [T; 2], b: [T; 2]) -> bool {
    (0..2).all(|i| a[i].fast_min(b[i]) <= p[i] && p[i] <= a[i].fast_max(b[i]))
}

/// Whether closed 2D segments `ab` and `cd` meet (either may be a point).
fn segments_2d<T: Real, P: Predicates<T>>(a: [T; 2], b: [T; 2], c: [T; 2], d: [T; 2]) -> bool {
    let (o1, o2) = (P::orient2d(a, b, c), P::orient2d(a, b, d));
    let (o3, o4) = (P::orient2d(c, d, a), P::orient2d(c, d, b));
    if o1 * o2 < 0 && o3 * o4 < 0 {
        return true;
    }
    (o1 == 0 && on_collinear_segment(c, a, b))
        || (o2 == 0 && on_collinear_segment(d, a, b))
        || (o3 == 0 && on_collinear_segment(a, c, d))
        || (o4 == 0 && on_collinear_segment(b, c, d))
}

/// Whether 2D point `p` is in the closed triangle `abc` of non-zero area.
fn in_triangle_2d<T: Real, P: Predicates<T>>(p: [T; 2], a: [T; 2], b: [T; 2], c: [T; 2]) -> bool {
    let s = [P::orient2d(a, b, p), P::orient2d(b, c, p), P::orient2d(c, a, p)];
    s.iter().all(|&x| x >= 0) || s.iter().all(|&x| x <= 0)
}

/// Whether closed 3D segments `pq` and `rs` meet (either may be a point).
fn segments_3d<T: Real, P: Predicates<T>>(
    p: &Point3<T>,
    q: &Point3<T>,
    r: &Point3<T>,
    s: &Point3<T>,
) -> bool {
    if P::TOLERANT {
        // The fast mode: whether four points are coplanar is a sign that rounding decides when
        // they are (near) collinear, as the segments of a collapsed triangle on one line are; a
        // non-zero rounded orientation said "apart" for collinear segments that overlap. The
        // distance decides instead, within the module's tolerance.
        let scale = max_coordinate(&[p, q, r, s]);
        let d = closest_points_segment_segment(&Segment::new(*p, *q), &Segment::new(*r, *s));
        return d.distance <= T::RELATIVE_TOLERANCE * scale;
    }
    if P::orient3d(p, q, r, s) != 0 {
        return false;
    }
    // Coplanar: find a projection in which their plane does not collapse. If the four points are
    // collinear every triangle of them is flat; then any projection that keeps the line a line
    // works (some pair of distinct points differs there), and if all points coincide, any does.
    let drop = projection_for::<T, P>(p, q, r)
        .or_else(|| projection_for::<T, P>(p, q, s))
        .or_else(|| projection_for::<T, P>(p, r, s))
        .or_else(|| projection_for::<T, P>(q, r, s))
        .unwrap_or_else(|| line_projection(&[*p, *q, *r, *s]));
    segments_2d::<T, P>(project(p, drop), project(q, drop), project(r, drop), project(s, drop))
}

/// For collinear points: a coordinate to drop that keeps distinct points distinct (the axis along
/// which the points' spread is smallest).
fn line_projection<T: Real>(points: &[Point3<T>]) -> usize {
    let spread = |i: usize| {
        let lo = points.iter().fold(T::INFINITY, |m, p| m.fast_min(p[i]));
        let hi = points.iter().fold(T::NEG_INFINITY, |m, p| m.fast_max(p[i]));
        hi - lo
    };
    let s = [spread(0), spread(1), spread(2)];
    if s[0] <= s[1] && s[0] <= s[2] {
        0
    } else if s[1] <= s[2] {
        1
    } else {
        2
    }
}

/// Whether segment `pq` meets the closed, non-degenerate triangle `abc`, given that all five points
/// are coplanar; `drop` is a projection in which the triangle keeps its area.
fn coplanar_segment_triangle<T: Real, P: Predicates<T>>(
    p: &Point3<T>,
    q: &Point3<T>,
    t: [&Point3<T>; 3],
    drop: usize,
) -> bool {
    let (p2, q2) = (project(p, drop), project(q, drop));
    let [a, b, c] = t.map(|v| project(v, drop));
    in_triangle_2d::<T, P>(p2, a, b, c)
        || segments_2d::<T, P>(p2, q2, a, b)
        || segments_2d::<T, P>(p2, q2, b, c)
        || segments_2d::<T, P>(p2, q2, c, a)
}

/// Segment-triangle overlap from orientations (the scalar triple products of Ericson 5.3.4, made a
/// closed test for a segment).
fn segment_triangle_with<T: Real, P: Predicates<T>>(s: &Segment<T>, t: &Triangle<T>) -> bool {
    let (p, q) = (&s.a, &s.b);
    let (a, b, c) = (&t.a, &t.b, &t.c);
    let Some(plane) = P::plane(a, b, c) else {
        // A collinear triangle is the union of its edges. One collinear only up to rounding (the
        // fast mode) is a sliver wider than the tolerance of its edges' test: a segment ending
        // inside it meets it but none of its edges, and the exact test decides that case.
        return segments_3d::<T, P>(p, q, a, b)
            || segments_3d::<T, P>(p, q, b, c)
            || segments_3d::<T, P>(p, q, c, a)
            || (P::TOLERANT && segment_triangle_with::<T, Exact>(s, t));
    };
    let scale = if P::TOLERANT { max_coordinate(&[p, q, a, b, c]) } else { T::ZERO };
    let [sp, sq] = P::sides(&plane, [a, b, c], [p, q], scale);
    if sp * sq > 0 {
        return false; // both ends strictly on one side
    }
    if sp == 0 && sq == 0 {
        return coplanar_segment_triangle::<T, P>(p, q, [a, b, c], plane.drop);
    }
    // The fast mode with one end within the tolerance of the plane: the test below would use the
    // segment's line, which may pierce the plane far from that end; the distance decides, as in
    // `triangle_triangle_with`.
    if P::TOLERANT && (sp == 0 || sq == 0) {
        let d = closest_points_segment_triangle(s, t).distance;
        return d <= T::RELATIVE_TOLERANCE * scale;
    }
    // The segment crosses (or touches) the plane at one point: it is in the triangle when the
    // segment's line passes on the inner side of (or through) each edge — the three orientations
    // of the line with the edges agree in sign, zeros allowed (Ericson 5.3.4's triple products).
    let (u, v) = if sp >= 0 && sq <= 0 { (p, q) } else { (q, p) };
    let e = [P::orient3d(u, v, a, b), P::orient3d(u, v, b, c), P::orient3d(u, v, c, a)];
    e.iter().all(|&x| x >= 0) || e.iter().all(|&x| x <= 0)
}

/// The decision of Guigue-Devillers once both triangles are in canonical form: `p1` alone on its
/// side of `T2`'s plane, `p2` alone on its side of `T1`'s plane, with the orientations arranged so
/// that the two intervals on the planes' common line overlap exactly when both tests hold.
fn check_min_max<T: Real, P: Predicates<T>>(
    p1: &Point3<T>,
    q1: &Point3<T>,
    r1: &Point3<T>,
    p2: &Point3<T>,
    q2: &Point3<T>,
    r2: &Point3<T>,
) -> bool {
    P::orient3d(q1, p2, p1, q2) <= 0 && P::orient3d(p1, p2, r1, r2) <= 0
}

/// Guigue-Devillers' canonical permutation of `T2` given `T1` in canonical form (`p1` alone), from
/// the orientations `(dp2, dq2, dr2)` of `T2`'s vertices with respect to `T1`'s plane.
#[allow(clippy::too_many_arguments, reason = "the paper's six vertices and three signs")]
fn tri_tri_3d<T: Real, P: Predicates<T>>(
    p1: &Point3<T>,
    q1: &Point3<T>,
    r1: &Point3<T>,
    p2: &Point3<T>,
    q2: &Point3<T>,
    r2: &Point3<T>,
    dp2: Sign,
    dq2: Sign,
    dr2: Sign,
) -> Option<bool> {
    let cmm = |a: &Point3<T>, b: &Point3<T>, c: &Point3<T>, d, e, f| {
        Some(check_min_max::<T, P>(a, b, c, d, e, f))
    };
    if dp2 > 0 {
        if dq2 > 0 {
            cmm(p1, r1, q1, r2, p2, q2)
        } else if dr2 > 0 {
            cmm(p1, r1, q1, q2, r2, p2)
        } else {
            cmm(p1, q1, r1, p2, q2, r2)
        }
    } else if dp2 < 0 {
        if dq2 < 0 {
            cmm(p1, q1, r1, r2, p2, q2)
        } else if dr2 < 0 {
            cmm(p1, q1, r1, q2, r2, p2)
        } else {
            cmm(p1, r1, q1, p2, q2, r2)
        }
    } else if dq2 < 0 {
        if dr2 >= 0 { cmm(p1, r1, q1, q2, r2, p2) } else { cmm(p1, q1, r1, p2, q2, r2) }
    } else if dq2 > 0 {
        if dr2 > 0 { cmm(p1, r1, q1, p2, q2, r2) } else { cmm(p1, q1, r1, q2, r2, p2) }
    } else if dr2 > 0 {
        cmm(p1, q1, r1, r2, p2, q2)
    } else if dr2 < 0 {
        cmm(p1, r1, q1, r2, p2, q2)
    } else {
        None // coplanar
    }
}

/// Triangle-triangle overlap by Guigue-Devillers with the given predicates.
fn triangle_triangle_with<T: Real, P: Predicates<T>>(t1: &Triangle<T>, t2: &Triangle<T>) -> bool {
    let (p1, q1, r1) = (&t1.a, &t1.b, &t1.c);
    let (p2, q2, r2) = (&t2.a, &t2.b, &t2.c);
    // Degenerate triangles: a collinear triangle is the union of its edges.
    // A triangle collapsed up to rounding only (the fast mode) is a sliver that the other
    // triangle can pierce without meeting its edges; the exact test decides that case.
    let Some(plane1) = P::plane(p1, q1, r1) else {
        return [(p1, q1), (q1, r1), (r1, p1)]
            .iter()
            .any(|(u, v)| segment_triangle_with::<T, P>(&Segment::new(**u, **v), t2))
            || (P::TOLERANT && triangle_triangle_with::<T, Exact>(t1, t2));
    };
    let Some(plane2) = P::plane(p2, q2, r2) else {
        return [(p2, q2), (q2, r2), (r2, p2)]
            .iter()
            .any(|(u, v)| segment_triangle_with::<T, P>(&Segment::new(**u, **v), t1))
            || (P::TOLERANT && triangle_triangle_with::<T, Exact>(t1, t2));
    };
    // Coplanar up to the fast mode's tolerance: T1 lies in T2's plane, so the 2D test projects
    // along T2's normal (and vice versa). A small T1 can lie within the tolerance of T2's plane
    // while T2, tilted, is far from T1's: projected along T1's normal the two overlapped although
    // they are 0.9 apart (f32, 1e4 from the origin).
    // (In the exact mode all sides are 0 only for exactly coplanar triangles, where either
    // projection keeps the area.)
    let scale = if P::TOLERANT { max_coordinate(&[p1, q1, r1, p2, q2, r2]) } else { T::ZERO };
    let [dp1, dq1, dr1] = P::sides(&plane2, [p2, q2, r2], [p1, q1, r1], scale);
    let [dp2, dq2, dr2] = P::sides(&plane1, [p1, q1, r1], [p2, q2, r2], scale);
    if dp1 == 0 && dq1 == 0 && dr1 == 0 {
        return coplanar_triangles::<T, P>([p1, q1, r1], [p2, q2, r2], plane2.drop);
    }
    if dp2 == 0 && dq2 == 0 && dr2 == 0 {
        return coplanar_triangles::<T, P>([p1, q1, r1], [p2, q2, r2], plane1.drop);
    }
    // T1's vertices against T2's plane (or T2's against T1's): all strictly on one side → apart.
    if (dp1 * dq1 > 0 && dp1 * dr1 > 0) || (dp2 * dq2 > 0 && dp2 * dr2 > 0) {
        return false;
    }
    // The fast mode with a vertex within the tolerance of the other plane (but not all three):
    // Guigue-Devillers would take it as on the plane, and its interval test on the planes'
    // common line, whose orientations are not rounded, answers for triangles moved by up to
    // the tolerance — which is not bounded by it: two f32 triangles 0.9 apart at 1e4 (the
    // tolerance 0.13 there) were reported overlapping. The distance decides instead, erring toward "overlapping" by at
    // most the tolerance, as documented.
    if P::TOLERANT && [dp1, dq1, dr1, dp2, dq2, dr2].contains(&0) {
        let d = osculate_closest::closest_points_triangle_triangle(t1, t2).distance;
        return d <= T::RELATIVE_TOLERANCE * scale;
    }
    // Permute T1 so that p1 is alone on its side (and T2's orientation swaps to match).
    let decided = if dp1 > 0 {
        if dq1 > 0 {
            tri_tri_3d::<T, P>(r1, p1, q1, p2, r2, q2, dp2, dr2, dq2)
        } else if dr1 > 0 {
            tri_tri_3d::<T, P>(q1, r1, p1, p2, r2, q2, dp2, dr2, dq2)
        } else {
            tri_tri_3d::<T, P>(p1, q1, r1, p2, q2, r2, dp2, dq2, dr2)
        }
    } else if dp1 < 0 {
        if dq1 < 0 {
            tri_tri_3d::<T, P>(r1, p1, q1, p2, q2, r2, dp2, dq2, dr2)
        } else if dr1 < 0 {
            tri_tri_3d::<T, P>(q1, r1, p1, p2, q2, r2, dp2, dq2, dr2)
        } else {
            tri_tri_3d::<T, P>(p1, q1, r1, p2, r2, q2, dp2, dr2, dq2)
        }
    } else if dq1 < 0 {
        if dr1 >= 0 {
            tri_tri_3d::<T, P>(q1, r1, p1, p2, r2, q2, dp2, dr2, dq2)
        } else {
            tri_tri_3d::<T, P>(p1, q1, r1, p2, q2, r2, dp2, dq2, dr2)
        }
    } else if dq1 > 0 {
        if dr1 > 0 {
            tri_tri_3d::<T, P>(p1, q1, r1, p2, r2, q2, dp2, dr2, dq2)
        } else {
            tri_tri_3d::<T, P>(q1, r1, p1, p2, q2, r2, dp2, dq2, dr2)
        }
    } else if dr1 > 0 {
        tri_tri_3d::<T, P>(r1, p1, q1, p2, q2, r2, dp2, dq2, dr2)
    } else if dr1 < 0 {
        tri_tri_3d::<T, P>(r1, p1, q1, p2, r2, q2, dp2, dr2, dq2)
    } else {
        None
    };
    decided.unwrap_or_else(|| coplanar_triangles::<T, P>([p1, q1, r1], [p2, q2, r2], plane1.drop))
}

/// The largest coordinate magnitude of the points: the fast mode's scale.
#[inline]
fn max_coordinate<T: Real>(points: &[&Point3<T>]) -> T {
    points.iter().fold(T::ZERO, |m, p| m.fast_max(p.coords.amax()))
}

/// Coplanar triangles: they overlap in the projection that keeps T1's area (the same plane, so it
/// keeps T2's too) when an edge pair crosses, or one holds a vertex of the other.
fn coplanar_triangles<T: Real, P: Predicates<T>>(
    t1: [&Point3<T>; 3],
    t2: [&Point3<T>; 3],
    drop1: usize,
) -> bool {
    let a = t1.map(|v| project(v, drop1));
    let b = t2.map(|v| project(v, drop1));
    (0..3).any(|i| (0..3).any(|j| segments_2d::<T, P>(a[i], a[(i + 1) % 3], b[j], b[(j + 1) % 3])))
        || in_triangle_2d::<T, P>(a[0], b[0], b[1], b[2])
        || in_triangle_2d::<T, P>(b[0], a[0], a[1], a[2])
}

#[inline]
fn finite_triangle<T: Real>(t: &Triangle<T>) -> bool {
    is_finite_point(&t.a) && is_finite_point(&t.b) && is_finite_point(&t.c)
}

/// [`segment_triangle_with`] on finite input, `false` on a NaN or infinite coordinate.
fn finite_segment_triangle<T: Real, P: Predicates<T>>(s: &Segment<T>, t: &Triangle<T>) -> bool {
    is_finite_point(&s.a)
        && is_finite_point(&s.b)
        && finite_triangle(t)
        && segment_triangle_with::<T, P>(s, t)
}

/// Whether two triangles meet (closed: touching counts), by Guigue and Devillers (2003) with the
/// orientation determinants filtered (decided in floating point when its error bound allows,
/// exactly otherwise). Coplanar triangles are tested in 2D;
/// collinear ("collapsed") triangles as the union of their edges. It never says "apart" where
/// [`triangle_triangle_exact`] says "overlapping": every orientation that can answer "apart" is
/// certain (filtered, exact when the filter cannot tell), and a triangle collapsed only up to
/// rounding that its edges do not decide goes to the exact test. Triangles
/// within `RELATIVE_TOLERANCE × scale` of each other's plane are taken as coplanar (and triangles
/// collinear up to `DEGENERATE_SQ_TOLERANCE` as collinear), so that a coplanar mesh moved by a
/// rigid motion is still tested in 2D; this errs toward "overlapping" by at most that tolerance.
/// When some but not all vertices of a triangle are within that tolerance of the other's plane,
/// the orientations cannot decide, and the distance of the closest-point layer
/// ([`closest_points_triangle_triangle`](osculate_closest::closest_points_triangle_triangle))
/// does: overlapping when at most the tolerance. NaN or infinity gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::triangle_triangle;
/// use osculate_math::{Point3, Triangle};
///
/// let floor = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// let stab = Triangle::new(Point3::new(1.0, 1.0, -1.0), Point3::new(1.0, 1.0, 1.0), Point3::new(1.0, 5.0, 1.0));
/// let above = Triangle::new(Point3::new(1.0, 1.0, 0.5), Point3::new(1.0, 1.0, 1.0), Point3::new(1.0, 5.0, 1.0));
/// assert!(triangle_triangle(&floor, &stab));
/// assert!(!triangle_triangle(&floor, &above));
/// ```
#[must_use]
pub fn triangle_triangle<T: Real>(a: &Triangle<T>, b: &Triangle<T>) -> bool {
    finite_triangle(a) && finite_triangle(b) && triangle_triangle_with::<T, Fast>(a, b)
}

/// [`triangle_triangle`] with every orientation certain and no tolerance: the true answer for the
/// given `f32` or `f64` coordinates, touching and coplanar configurations included. Each
/// orientation is decided by a floating-point filter in the input precision (the determinant
/// against Shewchuk's error bound, each triangle's normal computed once) and, within the bound,
/// by Shewchuk's adaptive predicates (the `robust` crate) on the coordinates widened to `f64`.
/// Costs less than the fast test when no sign is in doubt (the filter is the fast test's own
/// arithmetic, without its tolerance tests) and more only near degenerate configurations.
///
/// # Examples
/// ```
/// use osculate_overlap::triangle_triangle_exact;
/// use osculate_math::{Point3, Triangle};
///
/// // Two triangles touching at exactly one vertex, placed far from the origin.
/// let o = 1.0e4_f32;
/// let a = Triangle::new(Point3::new(o, o, o), Point3::new(o + 1.0, o, o), Point3::new(o, o + 1.0, o));
/// let b = Triangle::new(Point3::new(o + 1.0, o, o), Point3::new(o + 2.0, o, o + 1.0), Point3::new(o + 2.0, o + 1.0, o));
/// assert!(triangle_triangle_exact(&a, &b));
/// ```
#[must_use]
pub fn triangle_triangle_exact<T: Real>(a: &Triangle<T>, b: &Triangle<T>) -> bool {
    finite_triangle(a) && finite_triangle(b) && triangle_triangle_with::<T, Exact>(a, b)
}

/// Whether segment `s` meets triangle `t` (closed: touching counts), from orientations: the ends on
/// opposite sides of (or on) the plane, and the segment's line passing inside every edge — the
/// scalar triple products of Ericson 5.3.4. Coplanar segments are tested in 2D; a collinear
/// triangle as its edges. As in [`triangle_triangle`], ends within `RELATIVE_TOLERANCE × scale`
/// of the plane count as on it: both, and the segment is tested in 2D; one, and the distance
/// ([`closest_points_segment_triangle`](osculate_closest::closest_points_segment_triangle))
/// decides, overlapping when at most that tolerance. NaN or infinity gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::segment_triangle;
/// use osculate_math::{Point3, Segment, Triangle};
///
/// let t = Triangle::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
/// assert!(segment_triangle(&Segment::new(Point3::new(0.2, 0.2, -1.0), Point3::new(0.2, 0.2, 1.0)), &t));
/// assert!(!segment_triangle(&Segment::new(Point3::new(0.8, 0.8, -1.0), Point3::new(0.8, 0.8, 1.0)), &t));
/// ```
#[must_use]
pub fn segment_triangle<T: Real>(s: &Segment<T>, t: &Triangle<T>) -> bool {
    finite_segment_triangle::<T, Fast>(s, t)
}

/// [`segment_triangle`] with exact orientations (a floating-point filter in the input precision,
/// then Shewchuk's adaptive predicates within its error bound, as in [`triangle_triangle_exact`]):
/// the true answer for the given coordinates, within the range of exactness of the module
/// documentation. Touching
/// (an end on the triangle, the segment through an edge or a vertex, a coplanar segment meeting
/// the boundary) counts as meeting, exactly.
///
/// # Examples
/// ```
/// use osculate_overlap::segment_triangle_exact;
/// use osculate_math::{Point3, Segment, Triangle};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
/// // Through the edge's midpoint exactly.
/// assert!(segment_triangle_exact(&Segment::new(Point3::new(0.5, 0.5, -1.0), Point3::new(0.5, 0.5, 1.0)), &t));
/// ```
#[must_use]
pub fn segment_triangle_exact<T: Real>(s: &Segment<T>, t: &Triangle<T>) -> bool {
    finite_segment_triangle::<T, Exact>(s, t)
}

/// Whether solid capsule `c` and triangle `t` overlap: the distance of the capsule's axis and the
/// triangle ([`closest_points_segment_triangle`](osculate_closest::closest_points_segment_triangle),
/// Ericson 5.1.10) against the radius, with [`segment_segment`](crate::segment_segment)'s slack. Touching counts; a
/// negative or infinite radius or a NaN gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::capsule_triangle;
/// use osculate_math::{Capsule, Point3, Triangle};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// assert!(capsule_triangle(&Capsule::new(Point3::new(1.0, 1.0, 0.4), Point3::new(1.0, 1.0, 3.0), 0.5), &t));
/// assert!(!capsule_triangle(&Capsule::new(Point3::new(1.0, 1.0, 0.6), Point3::new(1.0, 1.0, 3.0), 0.5), &t));
/// ```
#[must_use]
pub fn capsule_triangle<T: Real>(c: &Capsule<T>, t: &Triangle<T>) -> bool {
    let d = closest_points_segment_triangle(&c.segment(), t).distance;
    let points = [&c.a, &c.b, &t.a, &t.b, &t.c];
    finite(&points) && within_slack(d, c.radius, magnitude(&points))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::*;
    use osculate_math::Rotation3;
    use osculate_math::{point3, vector3};
    use osculate_testing::{for_f32_and_f64, sphere_shorthands};

    fn sphere_worked_cases<T: Real>() {
        let (_, p, _, s) = sphere_shorthands::<T>();
        // Triangle: face, edge region, a collapsed triangle.
        let t = Triangle::new(p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0), p(0.0, 2.0, 0.0));
        assert!(sphere_triangle(&s(p(0.5, 0.5, 1.0), 1.0), &t));
        assert!(!sphere_triangle(&s(p(2.0, 2.0, 0.0), 1.0), &t));
        let flat = Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(2.0, 0.0, 0.0));
        assert!(sphere_triangle(&s(p(1.0, 0.5, 0.0), 0.5), &flat));
    }

    #[test]
    fn infinite_coordinate_is_no_overlap_with_a_sphere() {
        let o = Point3::origin();
        let unit = Sphere::new(o, 1.0);
        let t = Triangle::new(o, Point3::new(f64::INFINITY, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
        assert!(!sphere_triangle(&unit, &t));
    }

    #[test]
    fn sphere_reaching_a_triangle_collapsed_up_to_rounding_overlaps() {
        // The triangle is collinear up to rounding; the sphere
        // reaches its edge by 4.4e-3, which the closest-point layer's point-triangle distance
        // missed.
        let s = Sphere::new(
            Point3::new(0.008303399627563435, 0.6265227509109907, 0.42049419860194304),
            0.4274023101190497,
        );
        let t = Triangle::new(
            Point3::new(0.6615165315145648, 0.7497059738627871, 0.5214791030601587),
            Point3::new(-0.2593506846127631, -0.35382813365256016, 0.18799859200988567),
            Point3::new(-0.1025172195655677, -0.16588455737101981, 0.24479386407274978),
        );
        assert!(sphere_triangle(&s, &t));
    }

    fn box_worked_cases<T: Real>() {
        let p = point3::<T>;
        let v = vector3::<T>;
        let unit = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        // AABB-triangle: coplanar with a face, edge-parallel to an axis, through the middle,
        // separated by the triangle's normal, collapsed triangle, vertex inside (the case
        // separated only by a cross axis is `box_triangle_separated_only_by_an_edge_axis`).
        let on_face = Triangle::new(p(0.2, 0.2, 1.0), p(0.8, 0.2, 1.0), p(0.2, 0.8, 1.0));
        assert!(aabb_triangle(&unit, &on_face));
        let above = Triangle::new(p(0.2, 0.2, 1.01), p(0.8, 0.2, 1.01), p(0.2, 0.8, 1.01));
        assert!(!aabb_triangle(&unit, &above));
        // The triangle x + y = 2.5 (vertical, off the corner edge at x = y = 1): the face normals
        // overlap ([0.5, 2] on x and y), the triangle's normal separates.
        let off_edge = Triangle::new(p(0.5, 2.0, -1.0), p(2.0, 0.5, -1.0), p(1.25, 1.25, 3.0));
        assert!(!aabb_triangle(&unit, &off_edge));
        let on_edge = Triangle::new(p(0.0, 2.0, -1.0), p(2.0, 0.0, -1.0), p(1.0, 1.0, 3.0));
        assert!(aabb_triangle(&unit, &on_edge));
        let collapsed = Triangle::new(p(-1.0, 0.5, 0.5), p(0.0, 0.5, 0.5), p(2.0, 0.5, 0.5));
        assert!(aabb_triangle(&unit, &collapsed));
        let collapsed_off = Triangle::new(p(-1.0, 1.5, 0.5), p(0.0, 1.5, 0.5), p(2.0, 1.5, 0.5));
        assert!(!aabb_triangle(&unit, &collapsed_off));
        let inside = Triangle::new(p(0.5, 0.5, 0.5), p(5.0, 5.0, 7.0), p(6.0, 5.0, 7.0));
        assert!(aabb_triangle(&unit, &inside));
        let obb = Obb::new(p(0.5, 0.5, 0.5), Rotation3::identity(), v(0.5, 0.5, 0.5));
        assert!(obb_triangle(&obb, &on_face) && !obb_triangle(&obb, &above));
    }

    /// The box `[−1, 1]³` and a triangle with vertices at `x + y = 2.2, 2.2, 2.1` (so the edge axis
    /// `e_z × (v₁ − v₀) ∝ (1, 1, 0)` separates: the box reaches `x + y = 2`), whose x, y and z
    /// ranges meet the box's and whose plane `x + y − z/2 = 2.2` passes within the box's reach
    /// (radius 2.5): only a category-3 axis separates. Moved by −0.15 (1, 1, 0), its third vertex
    /// is inside the box. Both as an AABB and as the same configuration turned and moved (OBB).
    fn box_triangle_separated_only_by_an_edge_axis<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let cube = Aabb::new(p(-1.0, -1.0, -1.0), p(1.0, 1.0, 1.0));
        let apart = Triangle::new(p(2.5, -0.3, 0.0), p(-0.3, 2.5, 0.0), p(1.05, 1.05, -0.2));
        let shift = Vector3::new(l(-0.15), l(-0.15), T::ZERO);
        let meeting = Triangle::new(apart.a + shift, apart.b + shift, apart.c + shift);
        assert!(!aabb_triangle(&cube, &apart));
        assert!(aabb_triangle(&cube, &meeting));
        // The same pairs with the box turned about (1, 2, 3) and moved to (3, −1, 2).
        let turn = Rotation3::from_axis_angle(
            &osculate_math::Unit::new_normalize(Vector3::new(T::ONE, T::TWO, T::THREE)),
            l(0.9),
        );
        let c = p(3.0, -1.0, 2.0);
        let obb = Obb::new(c, turn, Vector3::new(T::ONE, T::ONE, T::ONE));
        let world = |t: &Triangle<T>| {
            Triangle::new(c + turn * t.a.coords, c + turn * t.b.coords, c + turn * t.c.coords)
        };
        assert!(!obb_triangle(&obb, &world(&apart)));
        assert!(obb_triangle(&obb, &world(&meeting)));
    }

    /// A rotated box (turned about (1, 1, 0) by 0.6, half extents (1, 0.5, 2), centered at
    /// (1, 2, 3)) against triangles and segments given in its frame: a triangle nested inside, one
    /// crossing the +x face, one 0.05 beyond it; a segment inside, one lying on the +x face, one
    /// 0.05 beyond it, one crossing the box's corner region diagonally.
    fn rotated_box_against_triangles_and_segments<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let turn = Rotation3::from_axis_angle(
            &osculate_math::Unit::new_normalize(Vector3::new(T::ONE, T::ONE, T::ZERO)),
            l(0.6),
        );
        let c = p(1.0, 2.0, 3.0);
        let b = Obb::new(c, turn, Vector3::new(T::ONE, l(0.5), T::TWO));
        let w = |x: f64, y: f64, z: f64| c + turn * Vector3::new(l(x), l(y), l(z));
        let tri = |a: Point3<T>, b: Point3<T>, c: Point3<T>| Triangle::new(a, b, c);
        let nested = tri(w(-0.5, -0.2, -1.0), w(0.5, 0.2, 0.0), w(0.0, 0.3, 1.5));
        let crossing = tri(w(0.9, 0.0, 0.0), w(1.5, 0.2, 0.1), w(1.5, -0.2, -0.1));
        let beyond = tri(w(1.05, -0.4, -1.0), w(1.05, 0.4, 0.0), w(1.3, 0.0, 1.5));
        assert!(obb_triangle(&b, &nested));
        assert!(obb_triangle(&b, &crossing));
        assert!(!obb_triangle(&b, &beyond));
        let seg = |a: Point3<T>, b: Point3<T>| Segment::new(a, b);
        assert!(segment_obb(&seg(w(-0.5, 0.0, -1.0), w(0.5, 0.1, 1.0)), &b));
        assert!(segment_obb(&seg(w(1.0, -0.4, -1.5), w(1.0, 0.4, 1.5)), &b)); // on the +x face
        assert!(!segment_obb(&seg(w(1.05, -0.4, -1.5), w(1.05, 0.4, 1.5)), &b));
        // Through the corner region: from beyond +x to beyond +y, passing x = 0.9, y = 0.45.
        assert!(segment_obb(&seg(w(1.4, -0.05, 0.0), w(0.4, 0.95, 0.0)), &b));
        // The same line moved 0.2 outward along (1, 1, 0) in the box frame: it misses the corner.
        assert!(!segment_obb(&seg(w(1.6, 0.15, 0.0), w(0.6, 1.15, 0.0)), &b));
    }

    /// A segment lying on a box face (touching counts), exactly (AABB), and a triangle nested in
    /// a box, in both box forms.
    fn segment_on_face_and_nested_triangle<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let unit = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        assert!(segment_aabb(&Segment::new(p(0.2, 0.3, 1.0), p(0.8, 0.6, 1.0)), &unit));
        assert!(segment_aabb(&Segment::new(p(-1.0, 0.5, 1.0), p(2.0, 0.5, 1.0)), &unit));
        assert!(!segment_aabb(&Segment::new(p(-1.0, 0.5, 1.001), p(2.0, 0.5, 1.001)), &unit));
        let nested = Triangle::new(p(0.2, 0.2, 0.2), p(0.8, 0.3, 0.4), p(0.4, 0.7, 0.9));
        assert!(aabb_triangle(&unit, &nested));
        let obb = Obb::new(p(0.5, 0.5, 0.5), Rotation3::identity(), Vector3::repeat(l(0.5)));
        assert!(obb_triangle(&obb, &nested));
    }

    #[test]
    fn triangle_collapsed_up_to_rounding_crossing_a_flat_box_overlaps() {
        // A triangle collinear up to rounding (normal ~1e-17,
        // rounding noise) whose middle crosses a box flat in y. Category 2 used to project only
        // the first vertex on that noise normal and separate them.
        let b = Aabb::new(
            Point3::new(-0.5085710357505137, 0.20272891565112583, -0.520795692556979),
            Point3::new(0.40427670118770964, 0.20272891565112583, 1.433608638282772),
        );
        let t = Triangle::new(
            Point3::new(-0.5163026536233215, 0.5483479395236925, -0.5357143562246682),
            Point3::new(-0.46514893148238423, -0.19606865741001012, 0.018846200068978414),
            Point3::new(-0.5124360627142936, 0.4920792199512839, -0.49379641329252644),
        );
        assert!(aabb_triangle(&b, &t));
        assert!(obb_triangle(&b.to_obb(), &t));
    }

    #[test]
    fn exact_orientation_agrees_in_sign_with_the_formula() {
        let (a, b, c) =
            (Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
        let up = Point3::new(0.0, 0.0, 1.0_f64);
        assert_eq!(exact_orient3d(&a, &b, &c, &up), 1);
        assert_eq!(<Exact as Predicates<f64>>::orient3d(&a, &b, &c, &up), 1);
        assert_eq!(<Fast as Predicates<f64>>::orient3d(&a, &b, &c, &up), 1);
        assert_eq!(exact_orient2d([0.0, 0.0], [1.0, 0.0], [0.0, 1.0]), 1);
        assert_eq!(<Exact as Predicates<f64>>::orient2d([0.0, 0.0], [1.0, 0.0], [0.0, 1.0]), 1);
        assert_eq!(<Fast as Predicates<f64>>::orient2d([0.0, 0.0], [1.0, 0.0], [0.0, 1.0]), 1);
    }

    fn both<T: Real>(a: &Triangle<T>, b: &Triangle<T>) -> [bool; 4] {
        [
            triangle_triangle(a, b),
            triangle_triangle(b, a),
            triangle_triangle_exact(a, b),
            triangle_triangle_exact(b, a),
        ]
    }

    fn worked_cases<T: Real>() {
        let p = point3::<T>;
        let tri = |a, b, c| Triangle::new(a, b, c);
        let floor = tri(p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), p(0.0, 4.0, 0.0));
        let cases = [
            // Crossing, stabbing through the interior.
            (tri(p(1.0, 1.0, -1.0), p(1.0, 1.0, 1.0), p(1.0, 5.0, 1.0)), true),
            // Touching the floor at one vertex, at an edge, lying on the floor edge-on.
            (tri(p(1.0, 1.0, 0.0), p(1.0, 1.0, 1.0), p(1.0, 2.0, 1.0)), true),
            (tri(p(1.0, 1.0, 0.0), p(2.0, 1.0, 0.0), p(1.0, 2.0, 1.0)), true),
            (tri(p(4.0, 0.0, 0.0), p(5.0, 0.0, 1.0), p(5.0, 1.0, 1.0)), true),
            // Above, and below the floor's plane but beside it.
            (tri(p(1.0, 1.0, 0.1), p(1.0, 1.0, 1.0), p(1.0, 2.0, 1.0)), false),
            (tri(p(3.0, 3.0, -1.0), p(3.0, 3.0, 1.0), p(5.0, 5.0, 0.0)), false),
            // Coplanar: overlapping, nested, sharing an edge, touching at a vertex, apart.
            (tri(p(1.0, 1.0, 0.0), p(5.0, 1.0, 0.0), p(1.0, 5.0, 0.0)), true),
            (tri(p(0.5, 0.5, 0.0), p(1.0, 0.5, 0.0), p(0.5, 1.0, 0.0)), true),
            (tri(p(4.0, 0.0, 0.0), p(0.0, 4.0, 0.0), p(4.0, 4.0, 0.0)), true),
            (tri(p(4.0, 0.0, 0.0), p(5.0, 0.0, 0.0), p(5.0, 1.0, 0.0)), true),
            (tri(p(4.1, 0.0, 0.0), p(5.0, 0.0, 0.0), p(5.0, 1.0, 0.0)), false),
            // Collapsed triangles: a segment through the floor, a segment beside it, a point on it.
            (tri(p(1.0, 1.0, -1.0), p(1.0, 1.0, 0.0), p(1.0, 1.0, 1.0)), true),
            (tri(p(5.0, 5.0, -1.0), p(5.0, 5.0, 0.0), p(5.0, 5.0, 1.0)), false),
            (tri(p(1.0, 1.0, 0.0), p(1.0, 1.0, 0.0), p(1.0, 1.0, 0.0)), true),
            (tri(p(1.0, 1.0, 0.5), p(1.0, 1.0, 0.5), p(1.0, 1.0, 0.5)), false),
        ];
        for (t, want) in cases {
            assert_eq!(both(&floor, &t), [want; 4], "{t:?}");
        }
        // Both collapsed.
        let s1 = tri(p(0.0, 0.0, 0.0), p(1.0, 1.0, 0.0), p(2.0, 2.0, 0.0));
        let s2 = tri(p(0.0, 2.0, 0.0), p(1.0, 1.0, 0.0), p(2.0, 0.0, 0.0));
        assert_eq!(both(&s1, &s2), [true; 4]);
        let s3 = tri(p(0.0, 2.0, 1.0), p(1.0, 1.0, 1.0), p(2.0, 0.0, 1.0));
        assert_eq!(both(&s1, &s3), [false; 4]);
        // NaN.
        let nan = tri(p(f64::NAN, 0.0, 0.0), p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0));
        assert_eq!(both(&floor, &nan), [false; 4]);

        // Segment-triangle: through, touching an edge, in the plane crossing, in the plane apart,
        // against a collapsed triangle, a point segment on the face.
        let seg = |a, b| Segment::new(a, b);
        let st = |s: &Segment<T>, t: &Triangle<T>| {
            [segment_triangle(s, t), segment_triangle_exact(s, t)]
        };
        assert_eq!(st(&seg(p(1.0, 1.0, -1.0), p(1.0, 1.0, 1.0)), &floor), [true; 2]);
        assert_eq!(st(&seg(p(2.0, 2.0, -1.0), p(2.0, 2.0, 1.0)), &floor), [true; 2]);
        assert_eq!(st(&seg(p(2.1, 2.1, -1.0), p(2.1, 2.1, 1.0)), &floor), [false; 2]);
        assert_eq!(st(&seg(p(-1.0, 1.0, 0.0), p(1.0, 1.0, 0.0)), &floor), [true; 2]);
        assert_eq!(st(&seg(p(-2.0, 1.0, 0.0), p(-1.0, 1.0, 0.0)), &floor), [false; 2]);
        assert_eq!(st(&seg(p(1.0, 1.0, 0.0), p(1.0, 1.0, 0.0)), &floor), [true; 2]);
        assert_eq!(st(&seg(p(1.0, 1.0, 1.0), p(1.0, 1.0, 3.0)), &floor), [false; 2]);
        let collapsed = tri(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(2.0, 0.0, 0.0));
        assert_eq!(st(&seg(p(1.5, -1.0, 0.0), p(1.5, 1.0, 0.0)), &collapsed), [true; 2]);
        assert_eq!(st(&seg(p(1.5, -1.0, 0.1), p(1.5, 1.0, 0.1)), &collapsed), [false; 2]);
    }

    #[test]
    fn triangle_collapsed_up_to_rounding_is_its_edges_in_the_fast_mode() {
        // `b` is collinear up to rounding (normal ~6e-17), and
        // `a` crosses it 0.05 deep. The fast mode took b's noise plane for real and said apart.
        let a = Triangle::new(
            Point3::new(-0.5695756238282284, 0.4317394642864758, 0.8957659482459355),
            Point3::new(0.827476264033838, -0.5341716062154658, -0.7203733465815458),
            Point3::new(0.6012252035153847, 0.9268076737838076, 0.0366610440175017),
        );
        let b = Triangle::new(
            Point3::new(-0.7399914159434628, 0.3684279168408586, -0.7243043914023315),
            Point3::new(0.9145514721653725, 0.9752399679492221, 0.4171108378862771),
            Point3::new(-0.5816009600549452, 0.4265184251646162, -0.6150359766489586),
        );
        assert_eq!(both(&a, &b), [true; 4]);
    }

    #[test]
    fn coplanar_triangles_apart_after_a_rigid_motion_stay_apart() {
        // Two triangles of the plane z = 0, √5 apart, moved by
        // a rigid motion. Rounding leaves them coplanar only up to 1e-15, and the fast mode's
        // orientations against each other's plane were noise: it said they cross.
        use osculate_math::nalgebra::Quaternion;
        use osculate_math::{Isometry3, Transform, Translation3, UnitQuaternion};
        let q = Quaternion::new(
            0.9938524979877982,
            -0.09222834937965459,
            0.05369955419962451,
            0.02945338168835104,
        );
        let m = Isometry3::from_parts(
            Translation3::new(-4.688033694327256, 2.05226386827103, 7.540961769193263),
            UnitQuaternion::new_unchecked(q),
        );
        let p = |x: f64, y: f64| Point3::new(x, y, 0.0);
        let a = Triangle::new(p(1.0, -1.0), p(1.0, -3.0), p(3.0, -1.0)).transformed(&m);
        let b = Triangle::new(p(3.0, 3.0), p(0.0, 1.0), p(-2.0, 2.0)).transformed(&m);
        assert_eq!(both(&a, &b), [false; 4]);
        let s = Segment::new(b.a, b.b);
        assert!(!segment_triangle(&s, &a) && !segment_triangle_exact(&s, &a));
    }

    #[test]
    fn edge_in_the_other_plane_after_a_rigid_motion_is_not_noise() {
        // In f64, a's edge
        // (1,1,3)-(1,3,3) lies in b's plane z = 3, √5 from b. After a rigid motion the edge's two
        // orientations against b's plane are rounding noise, and Guigue-Devillers' interval test
        // on the planes' common line (which is then that edge) was decided by noise: "crossing".
        use osculate_math::nalgebra::Quaternion;
        use osculate_math::{Isometry3, Transform, Translation3, UnitQuaternion};
        let q = Quaternion::new(
            0.9589861896739394,
            -0.19076886549815167,
            0.20296044194139753,
            -0.052533674706418294,
        );
        let m = Isometry3::from_parts(
            Translation3::new(7.331938369457788, 6.250462824442199, -6.45770963972593),
            UnitQuaternion::new_unchecked(q),
        );
        let p = |x: f64, y: f64, z: f64| Point3::new(x, y, z);
        let a = Triangle::new(p(1.0, 1.0, 3.0), p(1.0, 3.0, 3.0), p(-3.0, -1.0, -1.0));
        let b = Triangle::new(p(-1.0, -3.0, 3.0), p(2.0, -1.0, 3.0), p(3.0, -2.0, 3.0));
        assert_eq!(both(&a, &b), [false; 4]);
        assert_eq!(both(&a.transformed(&m), &b.transformed(&m)), [false; 4]);

        // The same property in f32: a vertex of a in b's plane z = 3, 0.72 from b.
        let q = Quaternion::new(0.27349398_f32, -0.58817506, 0.66990197, 0.3612237);
        let m = Isometry3::from_parts(
            Translation3::new(-9.894673_f32, 4.6455593, 3.1435022),
            UnitQuaternion::new_unchecked(q),
        );
        let p = |x: f32, y: f32, z: f32| Point3::new(x, y, z);
        let a = Triangle::new(p(-3.0, 2.0, -3.0), p(-2.0, 0.0, 0.0), p(-1.0, -3.0, 3.0));
        let b = Triangle::new(p(-1.0, -2.0, 3.0), p(1.0, -3.0, 3.0), p(-1.0, -1.0, 3.0));
        assert_eq!(both(&a, &b), [false; 4]);
        assert_eq!(both(&a.transformed(&m), &b.transformed(&m)), [false; 4]);

        // The f32 motion_triangles case, 0.9 apart at 1e4: after the motion the small `a` is
        // within the fast mode's coplanarity tolerance (128 ε × 1e4 ≈ 0.15) of b's plane, while
        // `b`, tilted, is not near a's plane; the 2D test projected along a's normal said "overlap".
        // It now projects along the normal of the plane the other triangle lies in.
        let q = Quaternion::new(0.855138_f32, -0.38870516, -0.17519438, 0.29487997);
        let m = Isometry3::from_parts(
            Translation3::new(-8.434331_f32, -7.6174946, 6.6095476),
            UnitQuaternion::new_unchecked(q),
        );
        let p = |x: f32, y: f32, z: f32| Point3::new(x, y, z);
        let a = Triangle::new(
            p(3262.8176, -7066.195, 6279.86),
            p(3263.2583, -7064.9478, 6279.2246),
            p(3263.1318, -7065.528, 6279.648),
        );
        let b = Triangle::new(
            p(3261.8535, -7064.9434, 6280.429),
            p(3262.288, -7065.403, 6280.179),
            p(3262.1125, -7066.121, 6280.476),
        );
        assert_eq!(both(&a, &b), [false; 4]);
        assert_eq!(both(&a.transformed(&m), &b.transformed(&m)), [false; 4]);
    }

    /// Triangles in parallel planes that are not coplanar never meet, however their projections
    /// overlap, down to a plane gap of 1e-3 (and, in the exact mode, a gap of about two ulps of the
    /// coordinates at 1e4); the same triangles with the gap closed are coplanar and overlap.
    fn parallel_planes_do_not_meet<T: Real>() {
        let l = |x: f64| T::lit(x);
        let tri = |o: [f64; 3], z: f64| {
            let p = |x: f64, y: f64| Point3::new(l(o[0] + x), l(o[1] + y), l(o[2] + z));
            Triangle::new(p(0.0, 0.0), p(2.0, 0.0), p(0.0, 2.0))
        };
        let other = |o: [f64; 3], z: f64| {
            let p = |x: f64, y: f64| Point3::new(l(o[0] + x), l(o[1] + y), l(o[2] + z));
            Triangle::new(p(0.5, 0.5), p(1.5, 0.2), p(0.3, 1.4))
        };
        let o = [0.0, 0.0, 0.0];
        for gap in [1.0, 1e-3] {
            assert!(!triangle_triangle(&tri(o, 0.0), &other(o, gap)), "gap {gap}");
            assert!(!triangle_triangle_exact(&tri(o, 0.0), &other(o, gap)), "gap {gap}");
            assert!(!triangle_triangle_exact(&other(o, -gap), &tri(o, 0.0)), "gap {gap}");
        }
        assert!(triangle_triangle(&tri(o, 0.0), &other(o, 0.0)));
        assert!(triangle_triangle_exact(&tri(o, 0.0), &other(o, 0.0)));
        // Far from the origin, one step of the coordinates' spacing apart (0.002 in f32 and
        // 2e-12 in f64 at 1e4): the exact mode still sees two parallel planes.
        let far = [1.0e4, -1.0e4, 1.0e4];
        let step = if T::EPSILON > T::lit(1e-10) { 2.0e-3 } else { 2.0e-12 };
        let (a, b) = (tri(far, 0.0), other(far, step));
        assert!(a.a.z != b.a.z, "the gap is representable");
        assert!(!triangle_triangle_exact(&a, &b));
        assert!(triangle_triangle_exact(&a, &other(far, 0.0)));
    }

    /// Pairs bisected to the last overlapping float translation (the exact mode's verdict,
    /// confirmed by an exact rational reference): a floating-point orientation on
    /// Guigue-Devillers' interval test, or on a segment's triple products, is rounding noise
    /// there, and the fast mode said "apart" for these overlapping pairs.
    #[test]
    fn pairs_one_float_inside_overlap_are_not_apart_in_the_fast_mode() {
        let p = |x: f64, y: f64, z: f64| Point3::new(x, y, z);
        let a = Triangle::new(
            p(-0.5952413178079757, 0.5934931083086443, 0.9881738021317523),
            p(0.9969736472695345, -0.7972374056572078, 1.3578236187606092),
            p(-0.27205603297818914, -1.245120459503397, -0.16820929752149505),
        );
        let b = Triangle::new(
            p(0.2898139858994764, -1.0538827955599428, 0.5242213489200837),
            p(1.2684902320457898, -1.4805049645194734, 1.2031964200984777),
            p(1.1014268650332502, 0.29319340523225523, -1.0175131955344776),
        );
        assert_eq!(both(&a, &b), [true; 4]);
        let s = Segment::new(
            p(-1.0405488105405132, 0.23205997137762424, -1.587643218035839),
            p(1.2180691202221068, -0.6556201568264187, 0.8507431149109559),
        );
        let t = Triangle::new(
            p(0.4787259617878248, -0.801181289847487, -1.0780601650725592),
            p(-0.7728369831448084, 0.4608514744588572, -0.4327641809880205),
            p(0.814321403563885, 0.8588882920752439, 0.7316074799460037),
        );
        assert!(segment_triangle_exact(&s, &t) && segment_triangle(&s, &t));

        let p = |x: f32, y: f32, z: f32| Point3::new(x, y, z);
        let a = Triangle::new(
            p(0.8588522, 0.48281467, -0.023807421),
            p(-0.057751983, -0.42241782, 0.99942404),
            p(-1.2607322, -0.65026927, 1.1807181),
        );
        let b = Triangle::new(
            p(-0.515108, 0.41862053, 0.86246425),
            p(0.9083645, -0.8644843, -0.26810947),
            p(1.5060415, 1.8006798, -0.49115765),
        );
        assert_eq!(both(&a, &b), [true; 4]);
        let s = Segment::new(
            p(-0.49550623, 1.4585798, -0.83245355),
            p(-1.3006397, 0.052299082, 0.31515068),
        );
        let t = Triangle::new(
            p(0.09054381, 0.45857194, 1.4199588),
            p(-1.2595313, 1.1057273, -1.241254),
            p(0.25442782, -0.5897368, -1.3917823),
        );
        assert!(segment_triangle_exact(&s, &t) && segment_triangle(&s, &t));
    }

    /// Two collapsed triangles on one line, overlapping along it: whether the four points of two
    /// of their edges are coplanar was a rounded sign, non-zero, and the fast mode said "apart".
    /// Also a segment crossing a collapsed triangle 1e4 from the origin, where the same rounded
    /// sign decided whether the segment and the triangle's edge meet.
    #[test]
    fn collapsed_triangles_on_one_line_overlap_in_the_fast_mode() {
        let p = |x: f32, y: f32, z: f32| Point3::new(x, y, z);
        let a = Triangle::new(
            p(0.70995003, -0.57793885, -0.91141635),
            p(1.20995, -1.5779389, -0.66141635),
            p(0.95995003, -1.0779389, -0.78641635),
        );
        let b = Triangle::new(
            p(1.3385376, -1.835114, -0.59712255),
            p(1.3864199, -1.9308788, -0.57318133),
            p(0.89636153, -0.950762, -0.8182106),
        );
        assert_eq!(both(&a, &b), [true; 4]);
        let p = |x: f64, y: f64, z: f64| Point3::new(x, y, z);
        let s = Segment::new(
            p(10000.269825144656, -10001.806084569707, 5000.491498514746),
            p(10000.578267880923, -10000.020488176186, 4999.760525966788),
        );
        let t = Triangle::new(
            p(9999.92264359048, -10001.111721461355, 5000.317907737658),
            p(10000.42264359048, -10002.111721461355, 5000.567907737658),
            p(10000.17264359048, -10001.611721461355, 5000.442907737658),
        );
        assert!(segment_triangle_exact(&s, &t) && segment_triangle(&s, &t));
    }

    #[test]
    fn exact_mode_decides_what_rounding_cannot() {
        // A triangle and a segment in the plane z = x·ε-ish: coordinates chosen so that the fast
        // determinant of the coplanar configuration is rounding noise, while the exact one is 0.
        let o = 1.0e8_f64;
        let a = Triangle::new(
            Point3::new(o, o, o),
            Point3::new(o + 1.0, o + 3.0, o + 7.0),
            Point3::new(o + 5.0, o + 11.0, o + 13.0),
        );
        // The point a + (b − a)·0.5 + (c − a)·0.25 lies exactly in the plane (all sums exact).
        let inside = Point3::new(o + 1.75, o + 4.25, o + 6.75);
        let s = Segment::new(inside, inside);
        assert!(segment_triangle_exact(&s, &a));
    }

    /// The filtered orientations (both modes', and the exact mode's sides of a plane computed once)
    /// are the exact ones wherever they answer: on points
    /// bisected onto a plane (the last floats on each side and on it, where the floating-point
    /// determinant is noise and the filter must defer), at the unit scale, 1e4 and 1e8 from the
    /// origin, and on ordinary points (where it must decide without the exact predicate: counted).
    fn filtered_orientations_are_exact<T: Real>() {
        let mut rng = osculate_testing::Rng::new(0x0f1);
        let mut decided = 0;
        for case in 0..3000 {
            let far = [0.0, 1e4, 1e8][case % 3];
            let mut p = || {
                let o = far + rng.range(-1.0, 1.0);
                point3::<T>(o, far + rng.range(-1.0, 1.0), far + rng.range(-1.0, 1.0))
            };
            let (a, b, c, q) = (p(), p(), p(), p());
            // `q` moved onto the plane through `a, b, c` along z, to the float nearest it, and
            // its neighbours on either side.
            let n = (b - a).cross(&(c - a));
            let onto = if n.z != T::ZERO { q.z - n.dot(&(q - a)) / n.z } else { q.z };
            let mut cases = [q; 4];
            cases[1].z = onto;
            cases[2].z = onto + onto.abs() * T::EPSILON;
            cases[3].z = onto - onto.abs() * T::EPSILON;
            for d in &cases {
                let exact = exact_orient3d(&a, &b, &c, d);
                assert_eq!(<Fast as Predicates<T>>::orient3d(&a, &b, &c, d), exact, "case {case}");
                assert_eq!(<Exact as Predicates<T>>::orient3d(&a, &b, &c, d), exact, "case {case}");
                // The exact mode's sides, from the plane computed once.
                if let Some(plane) = <Exact as Predicates<T>>::plane(&a, &b, &c) {
                    let [side] =
                        <Exact as Predicates<T>>::sides(&plane, [&a, &b, &c], [d], T::ZERO);
                    assert_eq!(side, exact, "case {case}: the exact mode's side");
                }
                let (nn, spread) = cross_with_spread(&(b - a), &(c - a));
                if let Some(s) = filtered_side(&nn, &spread, &(d - a)) {
                    assert_eq!(s, exact, "case {case}: the filter decided wrongly");
                    decided += 1;
                }
                let (x, y, z) = ([a.x, a.y], [b.x, b.y], [d.x, d.y]);
                let exact2 = exact_orient2d(x, y, z);
                assert_eq!(<Fast as Predicates<T>>::orient2d(x, y, z), exact2, "case {case}");
                assert_eq!(<Exact as Predicates<T>>::orient2d(x, y, z), exact2, "case {case}");
            }
        }
        // The ordinary points (a quarter of the determinants) are all decided by the filter.
        assert!(decided >= 3000, "the filter decided only {decided} of 12,000");
    }

    /// In `f32` the filters' products overflow for coordinates beyond about `1e12` (a product of
    /// three differences past `3.4e38`), where the adaptive predicates in `f64` are still exact:
    /// an overflowing evaluation must never decide. Points at scales up to `1e38`, ordinary and
    /// bisected onto a plane, against the adaptive predicates; the filter both decides and
    /// defers among them (counted).
    #[test]
    fn filtered_orientations_defer_on_overflow_in_f32() {
        let mut rng = osculate_testing::Rng::new(0x0f2);
        let (mut decided, mut deferred) = (0, 0);
        for case in 0..3000 {
            let scale = [1.0e6, 1.0e12, 1.0e13, 1.0e20, 1.0e30, 1.0e38][case % 6];
            let mut p = || {
                let c = |r: &mut osculate_testing::Rng| (r.range(-1.0, 1.0) * scale) as f32;
                Point3::new(c(&mut rng), c(&mut rng), c(&mut rng))
            };
            let (a, b, c, q) = (p(), p(), p(), p());
            let n = (b - a).cross(&(c - a));
            let onto =
                if n.z.is_finite() && n.z != 0.0 { q.z - n.dot(&(q - a)) / n.z } else { q.z };
            let mut cases = [q; 2];
            if onto.is_finite() {
                cases[1].z = onto;
            }
            for d in &cases {
                let exact = exact_orient3d(&a, &b, &c, d);
                assert_eq!(<Exact as Predicates<f32>>::orient3d(&a, &b, &c, d), exact, "{case}");
                assert_eq!(<Fast as Predicates<f32>>::orient3d(&a, &b, &c, d), exact, "{case}");
                if let Some(plane) = <Exact as Predicates<f32>>::plane(&a, &b, &c) {
                    let [side] = <Exact as Predicates<f32>>::sides(&plane, [&a, &b, &c], [d], 0.0);
                    assert_eq!(side, exact, "case {case}: the exact mode's side");
                }
                let (nn, spread) = cross_with_spread(&(b - a), &(c - a));
                match filtered_side(&nn, &spread, &(d - a)) {
                    Some(s) => {
                        assert_eq!(s, exact, "case {case}: the filter decided wrongly");
                        decided += 1;
                    }
                    None => deferred += 1,
                }
                let (x, y, z) = ([a.x, a.y], [b.x, b.y], [d.x, d.y]);
                let exact2 = exact_orient2d(x, y, z);
                assert_eq!(<Exact as Predicates<f32>>::orient2d(x, y, z), exact2, "case {case}");
            }
        }
        assert!(decided >= 1000 && deferred >= 1000, "decided {decided}, deferred {deferred}");
    }

    for_f32_and_f64!(
        filtered_orientations_are_exact,
        sphere_worked_cases,
        box_worked_cases,
        worked_cases,
        parallel_planes_do_not_meet,
        box_triangle_separated_only_by_an_edge_axis,
        rotated_box_against_triangles_and_segments,
        segment_on_face_and_nested_triangle,
    );
}
