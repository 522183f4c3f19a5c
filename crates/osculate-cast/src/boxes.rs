//! Rays and segments against boxes: the robust slab method (Williams et al. 2005, Ize 2013) and van
//! den Bergen's outcode clipper (Algorithm 3.3), and oriented boxes through the box's frame.

use osculate_math::Validate;
use osculate_math::{
    Aabb, Obb, Point3, Ray, Real, Segment, UnitVector3, Vector3, axis_vector, finite_probe,
    is_finite_point, safe_normalize,
};

use osculate_overlap::exact::Dyadic;

use crate::types::{RayHit, hit, valid_ray};

/// `1 + 2γ₃` with `γₙ = nε/(1 − nε)`: Ize's factor that makes the slab test's exit bound
/// conservative, so that the rounding of `(bound − o)·(1/d)` never turns a hit into a miss.
#[inline]
pub(crate) fn ize_factor<T: Real>() -> T {
    let three_eps = T::lit(3.0) * T::EPSILON * T::HALF;
    T::ONE + T::lit(2.0) * three_eps / (T::ONE - three_eps)
}

/// The unit vector `±e_axis`.
#[inline]
fn axis_normal<T: Real>(axis: usize, positive: bool) -> UnitVector3<T> {
    UnitVector3::new_unchecked(axis_vector(axis, if positive { T::ONE } else { -T::ONE }))
}

/// One axis of the slab test, shared by [`ray_aabb`] and [`ray_aabb_many`] so that the two agree
/// to the bit: the parameters where the ray crosses the slab `[lo, hi]` (`inv = 1/d`, finite),
/// ordered by a branch-free min/max, the exit widened by Ize's factor `ize` (2013) so that rounding
/// never separates enter > exit for a ray through an edge or a corner.
#[inline(always)]
pub(crate) fn slab_interval<T: Real>(lo: T, hi: T, o: T, inv: T, ize: T) -> (T, T) {
    let (ta, tb) = ((lo - o) * inv, (hi - o) * inv);
    (ta.fast_min(tb), ta.fast_max(tb) * ize)
}

/// The slab test on the box `[lo, hi]` for a usable ray and box: the clipped interval, the entry
/// normal, or the way back out for a ray that starts inside.
///
/// Written for speed without giving up robustness: the per-axis interval from `1/d` with its ends
/// ordered by a branch-free min/max, the bounds accumulated by branch-free max/min and the entry
/// axis found afterwards (the comparisons that decide them mispredict on random rays when they are
/// branches). A direction component whose reciprocal is infinite (zero or subnormal) is handled
/// apart, as "inside that slab, boundary included, or a miss", so an origin on a slab plane never
/// meets `0·∞ = NaN` (Williams et al. lean on IEEE rules there; this branch makes it exact, and it
/// is never taken by a ray in general position, so it is always predicted).
#[inline(always)]
fn slabs<T: Real>(ray: &Ray<T>, lo: &Point3<T>, hi: &Point3<T>) -> Option<RayHit<T>> {
    let s = slab_crossing(ray, lo, hi)?;
    let normal = slab_normal(ray, &s)?;
    let point = ray.point_at(s.t_enter);
    is_finite_point(&point).then_some(RayHit {
        t_enter: s.t_enter,
        t_exit: s.t_exit,
        point,
        normal,
    })
}

/// [`slabs`]' parameter alone, for a ray and box that are [`usable`]: `Some(t_enter)` exactly when
/// [`slabs`] returns a hit. The normal is not built, and nothing of it can fail: the way back out
/// for a ray starting inside is `−direction`, which normalises for the finite non-zero direction
/// [`usable`] requires.
#[inline(always)]
fn slabs_t<T: Real>(ray: &Ray<T>, lo: &Point3<T>, hi: &Point3<T>) -> Option<T> {
    let s = slab_crossing(ray, lo, hi)?;
    is_finite_point(&ray.point_at(s.t_enter)).then_some(s.t_enter)
}

/// The slab test's interval for a ray that meets the box: the clipped `[t_enter, t_exit]`, the
/// unclipped entry `enter` (negative for a ray starting inside) and the per-axis entries.
struct SlabCrossing<T> {
    t_enter: T,
    t_exit: T,
    enter: T,
    t_near: [T; 3],
}

/// The slab test on the box `[lo, hi]` for a usable ray and box, up to the interval: `None` on a
/// miss (see [`slabs`]).
#[inline(always)]
fn slab_crossing<T: Real>(ray: &Ray<T>, lo: &Point3<T>, hi: &Point3<T>) -> Option<SlabCrossing<T>> {
    let (o, d) = (&ray.origin, &ray.direction);
    let ize = ize_factor::<T>();
    let mut t_near = [T::NEG_INFINITY; 3];
    let mut t_far = [T::INFINITY; 3];
    let mut valid = true;
    for i in 0..3 {
        valid &= lo[i] <= hi[i]; // an inverted (empty) box
        let inv = T::ONE / d[i];
        if inv.abs() == T::INFINITY {
            if o[i] < lo[i] || o[i] > hi[i] {
                return None;
            }
            continue;
        }
        (t_near[i], t_far[i]) = slab_interval(lo[i], hi[i], o[i], inv, ize);
    }
    let enter = t_near[2].fast_max(t_near[1].fast_max(t_near[0]));
    let exit = t_far[2].fast_min(t_far[1].fast_min(t_far[0]));
    let t_enter = enter.fast_max(T::ZERO);
    // `max_t` is an exit bound like the others, widened by the same factor: a ray ending exactly
    // on the box has its entry computed up to a rounding past `max_t`. The reported interval is
    // then clipped to `max_t`.
    if !(valid & (t_enter <= exit) & (t_enter <= ray.max_t * ize)) {
        return None;
    }
    let t_exit = exit.fast_min(ray.max_t);
    let t_enter = t_enter.fast_min(t_exit);
    Some(SlabCrossing { t_enter, t_exit, enter, t_near })
}

/// The entry normal of a slab crossing: the face entered through, or the way back out for a ray
/// that starts inside (`None` only for a zero direction then).
#[inline(always)]
fn slab_normal<T: Real>(ray: &Ray<T>, s: &SlabCrossing<T>) -> Option<UnitVector3<T>> {
    if s.enter < T::ZERO {
        // Started inside (or parallel to every slab it could enter through): the way back out.
        safe_normalize(&-ray.direction)
    } else {
        Some(entry_face(ray, s).0)
    }
}

/// The face a ray entering from outside crosses (`s.enter ≥ 0`): its outward normal and axis.
/// The entering axis is the lowest one whose near plane is the entry; moving down the axis
/// enters through the max face (decided by the direction: a flat box's planes tie).
#[inline(always)]
fn entry_face<T: Real>(ray: &Ray<T>, s: &SlabCrossing<T>) -> (UnitVector3<T>, usize) {
    let (n0, n1) = (s.t_near[0] != s.enter, s.t_near[1] != s.enter);
    let axis = usize::from(n0) + usize::from(n0 & n1);
    (axis_normal(axis, ray.direction[axis] < T::ZERO), axis)
}

/// Whether the ray and the box are usable by the slab test: finite origin, direction and corners
/// (`x − x` is `0` for every finite `x` and NaN otherwise, so one sum tests all twelve without a
/// branch), a non-zero direction (a zero one is inside every slab it is not outside of, with no
/// way back out: [`slabs`] would give `None` too) and `max_t ≥ 0` (`+∞` allowed).
#[inline(always)]
fn usable<T: Real>(ray: &Ray<T>, lo: &Point3<T>, hi: &Point3<T>) -> bool {
    let (o, d) = (&ray.origin, &ray.direction);
    let z = finite_probe(&o.coords)
        + finite_probe(d)
        + finite_probe(&lo.coords)
        + finite_probe(&hi.coords);
    (z.x + z.y + z.z == T::ZERO)
        & ((d.x != T::ZERO) | (d.y != T::ZERO) | (d.z != T::ZERO))
        & (ray.max_t >= T::ZERO)
}

/// The cast of `ray` against solid box `b` by the slab method (Kay-Kajiya as Williams, Barrus,
/// Morley and Shirley, "An Efficient and Robust Ray-Box Intersection Algorithm", 2005, write it,
/// with Ize's conservative exit bound, "Robust BVH Ray Traversal", JCGT 2013):
///
/// - a zero direction component is handled as "inside that slab or a miss", so an origin on a slab
///   plane never produces `0·∞ = NaN`;
/// - the exit bound is multiplied by `1 + 2γ₃` (Ize), so a ray through a corner or along an edge
///   or a face is never reported as a miss by rounding (the price: a ray missing a corner by less
///   than that relative amount counts as grazing it); the comparison of the entry with `max_t` is
///   widened by the same factor, so a bounded ray ending exactly on the box hits (its `t_enter`
///   and `t_exit` clipped to `max_t`). [`ray_aabb_hits_exact`] decides the same question exactly.
///
/// Touching counts as a hit (`t_enter == t_exit`). The entry normal is the face the ray enters
/// through (ties go to the lowest axis); a ray starting inside has `t_enter = 0` and normal
/// `−direction`. `None` on a miss, for an inverted box, a zero or non-finite direction, or NaN.
///
/// Use this one for rays and for segments (`Ray::from_segment`). [`segment_aabb_outcode`] is van
/// den Bergen's clipper; its early out (both ends outside one face) does not pay for its branches
/// on mixed input (its outcode branches mispredict where this test's slabs run straight through;
/// see the `segment_aabb_outcode` and `segment_aabb_slab` benchmarks). Take it where its outcodes
/// are wanted anyway.
///
/// # Examples
/// ```
/// use osculate_cast::ray_aabb;
/// use osculate_math::{Aabb, Point3, Ray, Vector3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let h = ray_aabb(&Ray::new(Point3::new(-1.0, 0.5, 0.5), Vector3::x()), &b).unwrap();
/// assert_eq!((h.t_enter, h.normal), (1.0, -Vector3::x_axis()));
/// assert!((h.t_exit - 2.0).abs() < 1e-12); // widened by Ize's factor, a few ulps
/// // Along the top face, origin exactly on its plane: a hit, not a NaN miss.
/// assert!(ray_aabb(&Ray::new(Point3::new(-1.0, 0.5, 1.0), Vector3::x()), &b).is_some());
/// ```
#[must_use]
pub fn ray_aabb<T: Real>(ray: &Ray<T>, b: &Aabb<T>) -> Option<RayHit<T>> {
    if !usable(ray, &b.min, &b.max) {
        return None;
    }
    slabs(ray, &b.min, &b.max)
}

/// [`ray_aabb`]'s entry parameter alone: `Some(t_enter)` exactly when [`ray_aabb`] returns a hit,
/// with the same `t_enter` (the same slab arithmetic, 0 for a ray starting inside), without
/// building the entry point's normal (what a picking loop needs to rank boxes). `None` where
/// [`ray_aabb`] gives `None`: a miss, an inverted box, a zero or non-finite direction, NaN.
///
/// # Examples
/// ```
/// use osculate_cast::ray_aabb_t;
/// use osculate_math::{Aabb, Point3, Ray, Vector3};
///
/// let b = Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// assert_eq!(ray_aabb_t(&Ray::new(Point3::new(-1.0, 0.5, 0.5), Vector3::x()), &b), Some(1.0));
/// assert_eq!(ray_aabb_t(&Ray::new(Point3::new(0.5, 0.5, 0.5), Vector3::x()), &b), Some(0.0)); // inside
/// // Along the top face, origin exactly on its plane: a hit; a NaN origin: none.
/// assert_eq!(ray_aabb_t(&Ray::new(Point3::new(-1.0, 0.5, 1.0), Vector3::x()), &b), Some(1.0));
/// assert_eq!(ray_aabb_t(&Ray::new(Point3::new(f32::NAN, 0.5, 0.5), Vector3::x()), &b), None);
/// ```
#[inline]
#[must_use]
pub fn ray_aabb_t<T: Real>(ray: &Ray<T>, b: &Aabb<T>) -> Option<T> {
    if !usable(ray, &b.min, &b.max) {
        return None;
    }
    slabs_t(ray, &b.min, &b.max)
}

/// [`ray_aabb`]'s hit decision alone: `true` exactly when [`ray_aabb`] returns a hit (with its
/// conservative exit bound, so a ray through an edge or a corner hits). `false` for a miss, an
/// inverted box, a zero or non-finite direction, NaN. [`ray_aabb_hits_exact`] decides the same
/// question exactly.
///
/// # Examples
/// ```
/// use osculate_cast::ray_aabb_hits;
/// use osculate_math::{Aabb, Point3, Ray, Vector3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// // Through the edge x = 1, y = 0: a hit; pointing away: a miss; a zero direction: a miss.
/// assert!(ray_aabb_hits(&Ray::new(Point3::new(2.0, 1.0, 0.5), Vector3::new(-1.0, -1.0, 0.0)), &b));
/// assert!(!ray_aabb_hits(&Ray::new(Point3::new(2.0, 0.5, 0.5), Vector3::x()), &b));
/// assert!(!ray_aabb_hits(&Ray::new(Point3::new(0.5, 0.5, 0.5), Vector3::zeros()), &b));
/// ```
#[inline]
#[must_use]
pub fn ray_aabb_hits<T: Real>(ray: &Ray<T>, b: &Aabb<T>) -> bool {
    ray_aabb_t(ray, b).is_some()
}

/// The widened coordinates of a point or vector.
#[inline]
pub(crate) fn wide<T: Real>(p: &Vector3<T>) -> [f64; 3] {
    [p.x.to_f64(), p.y.to_f64(), p.z.to_f64()]
}

/// The slab test's filter, in the input precision and in the fast mode's own form: per axis the
/// parameters `t = (bound − o)·(1/d)`, the entry `max(0, near_i)` and the exit `min(max_t,
/// far_i)`, compared against one error bound. `None` when it cannot tell.
///
/// The bound, with `u` the unit roundoff of `T` (`2⁻²⁴` or `2⁻⁵³`) and `η` the largest absolute
/// error of an underflowing product (`2⁻¹⁵⁰` or `2⁻¹⁰⁷⁵`): the subtraction, the reciprocal and
/// the product each round relatively by `u` (the reciprocal neither overflows nor underflows: the
/// filter gives up unless `|1/d|` is finite and at least the least normal number), so every
/// computed `t̃` is within `γ₃|t| + η` of the exact `t` (`γ₃ = 3u/(1 − 3u)`) as long as nothing
/// overflows (the sum of every `t̃` is checked finite, which it is only when every `t̃` is, an
/// infinite term making the sum infinite or NaN: so neither a difference nor a product
/// overflowed; a sum that overflows from finite terms only makes the filter give up).
/// Rounding is monotone and `lo ≤ hi`, so the computed near and far parameters of an axis are
/// the rounded exact near and far ones. Of the entry `Ẽ = max(0, ñear_i)` against the exact `E`:
/// with `k` the computed maximum's index and `j` the exact one's, `Ẽ − E ≤ x̃_k − x_k` and `E − Ẽ
/// ≤ x_j − x̃_j`, each within `γ₃|x| + η` of a value at most `(|Ẽ| + |E − Ẽ| + η)`, so `|E − Ẽ| ≤
/// 3.01u|Ẽ| + 2η`; the same for the exit `X̃ = min(max_t, f̃ar_i)` (0 and `max_t` are exact). The
/// ray meets the box exactly when `X − E ≥ 0`, and the computed gap `fl(X̃ − Ẽ)` is within
/// `4.02u (|Ẽ| + |X̃|) + 4η` of it. `8u (|Ẽ| + |X̃|) + λ` (`λ` the least normal number, above `4η`
/// and normal so that no subnormal enters the arithmetic) bounds that with room for its own
/// roundings: a gap above it is a hit, one below its negative a miss.
///
/// A zero direction component keeps the ray in its slab or out of it, by exact comparisons.
///
/// The three axes are written out (as the fast mode's loop is unrolled), and the decision is one
/// branch, `|gap| > bound` (the filter is certain), with the hit the sign of the gap: whether the
/// ray hits is not a branch, so a random mix of hits and misses mispredicts nothing.
#[inline(always)]
#[allow(clippy::eq_op, reason = "s − s is the finiteness test: 0 for finite s, NaN otherwise")]
fn slab_filter<T: Real>(ray: &Ray<T>, lo: &Point3<T>, hi: &Point3<T>) -> Option<bool> {
    let (o, d) = (&ray.origin, &ray.direction);
    let mut f = FilterSlabs { enter: T::ZERO, exit: ray.max_t, valid: true, sum: T::ZERO };
    if !(f.axis(lo.x, hi.x, o.x, d.x) & f.axis(lo.y, hi.y, o.y, d.y) & f.axis(lo.z, hi.z, o.z, d.z))
    {
        return Some(false);
    }
    let (enter, exit) = (f.enter, f.exit);
    let gap = exit - enter;
    let bound = T::lit(8.0) * (T::EPSILON * T::HALF) * (enter + exit.abs()) + T::MIN_POSITIVE;
    (f.valid & (f.sum - f.sum == T::ZERO) & (gap.abs() > bound)).then_some(gap > T::ZERO)
}

/// What [`slab_filter`] accumulates over the axes: the entry and exit as computed, whether the
/// box is not inverted and every reciprocal is at least the least normal number, and the sum of
/// every parameter (finite only when all are: an infinite term makes the sum infinite or NaN).
struct FilterSlabs<T> {
    enter: T,
    exit: T,
    valid: bool,
    sum: T,
}

impl<T: Real> FilterSlabs<T> {
    /// One axis of [`slab_filter`]: `false` when a zero direction component keeps the ray out of
    /// the slab (a miss, decided exactly).
    #[inline(always)]
    fn axis(&mut self, lo: T, hi: T, o: T, d: T) -> bool {
        self.valid &= lo <= hi;
        if d == T::ZERO {
            return (lo <= o) & (o <= hi);
        }
        let inv = T::ONE / d;
        self.valid &= inv.abs() >= T::MIN_POSITIVE;
        let (ta, tb) = ((lo - o) * inv, (hi - o) * inv);
        self.sum += ta + tb;
        self.enter = self.enter.fast_max(ta.fast_min(tb));
        self.exit = self.exit.fast_min(ta.fast_max(tb));
        true
    }
}

/// The slab test in exact arithmetic: with `a_i = |d_i|` and the numerators `n_i = near_i − o_i`,
/// `f_i = far_i − o_i` (signed toward the direction), the entries are `n_i / a_i` and the exits
/// `f_i / a_i`; every entry (and 0) is at most every exit (and `max_t`) when `n_j·a_k ≤ f_k·a_j`,
/// `f_k ≥ 0` and `n_j ≤ max_t·a_j`: polynomials of degree 2, whose signs are exact in
/// [`Dyadic`].
fn slab_exact(o: &[f64; 3], d: &[f64; 3], lo: &[f64; 3], hi: &[f64; 3], max_t: f64) -> bool {
    let mut axes = [(Dyadic::ZERO, Dyadic::ZERO, Dyadic::ZERO); 3];
    let mut n = 0;
    for i in 0..3 {
        if d[i] == 0.0 {
            if o[i] < lo[i] || o[i] > hi[i] {
                return false;
            }
            continue;
        }
        let (near, far) = if d[i] > 0.0 { (lo[i], hi[i]) } else { (hi[i], lo[i]) };
        let sign = if d[i] > 0.0 { Dyadic::from(1.0) } else { Dyadic::from(-1.0) };
        let entry = (Dyadic::from(near) - Dyadic::from(o[i])) * sign;
        let exit = (Dyadic::from(far) - Dyadic::from(o[i])) * sign;
        axes[n] = (entry, exit, Dyadic::from(d[i].abs()));
        n += 1;
    }
    let axes = &axes[..n];
    let bounded = max_t.is_finite();
    for (entry, exit, a) in axes {
        if exit.signum() < 0 || (bounded && (*entry - Dyadic::from(max_t) * *a).signum() > 0) {
            return false;
        }
    }
    axes.iter().all(|(entry, _, aj)| {
        axes.iter().all(|(_, exit, ak)| (*entry * *ak - *exit * *aj).signum() <= 0)
    })
}

/// [`ray_aabb`]'s hit decision made exact: whether some point `o + t·d` with `0 ≤ t ≤ max_t` lies
/// in the closed box, for the values as given (an `f32` input widened to `f64` exactly; the end
/// point `o + max_t·d` taken as the real number it is, not rounded). The slab test of Kay-Kajiya
/// (Williams et al. 2005) as a set of comparisons between entry and exit parameters: first the
/// fast mode's own slab test in the input precision with a proven error bound (the gap between
/// the exit and the entry decided when it exceeds `8u` times their magnitudes, `u` the input's
/// unit roundoff), and only when it does not (the ray within rounding of grazing an edge, a
/// corner or a face), the same comparisons cross-multiplied in exact dyadic arithmetic.
///
/// Touching counts: a ray through an edge or a corner, along a face, or ending exactly on the box
/// hits. A zero direction component keeps the ray in its slab or out of it, decided by exact
/// comparisons. `false` for a zero direction, `max_t < 0`, an inverted box, and any NaN or
/// infinite coordinate (`max_t = +∞` is an unbounded ray); the same inputs for which [`ray_aabb`]
/// gives `None`. Where [`ray_aabb`] widens its exit by Ize's factor, it may report a hit for a ray
/// missing a corner by a few ulps; this test does not.
///
/// # Examples
/// ```
/// use osculate_cast::ray_aabb_hits_exact;
/// use osculate_math::{Aabb, Point3, Ray, Vector3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// // Through the edge x = 1, y = 0 exactly, and the same ray a float beside it.
/// let through = Ray::new(Point3::new(2.0, 1.0, 0.5), Vector3::new(-1.0, -1.0, 0.0));
/// assert!(ray_aabb_hits_exact(&through, &b));
/// let beside = Ray::new(Point3::new(2.0, 1.0 - 2.3e-16, 0.5), Vector3::new(-1.0, -1.0, 0.0));
/// assert!(!ray_aabb_hits_exact(&beside, &b));
/// // Along the top face (touching), and parallel to it a float above.
/// assert!(ray_aabb_hits_exact(&Ray::new(Point3::new(-1.0, 0.5, 1.0), Vector3::x()), &b));
/// assert!(!ray_aabb_hits_exact(&Ray::new(Point3::new(-1.0, 0.5, 1.0 + 2.3e-16), Vector3::x()), &b));
/// // A bounded ray ending exactly on the face x = 0, and one stopping just short of it.
/// let stop = Ray { max_t: 1.0, ..Ray::new(Point3::new(-1.0, 0.5, 0.5), Vector3::x()) };
/// assert!(ray_aabb_hits_exact(&stop, &b));
/// assert!(!ray_aabb_hits_exact(&Ray { max_t: 1.0 - 1.2e-16, ..stop }, &b));
/// ```
#[inline]
#[must_use]
pub fn ray_aabb_hits_exact<T: Real>(ray: &Ray<T>, b: &Aabb<T>) -> bool {
    if !usable(ray, &b.min, &b.max) {
        return false;
    }
    match slab_filter(ray, &b.min, &b.max) {
        Some(hit) => hit,
        None => slab_undecided(ray, b),
    }
}

/// What [`slab_filter`] leaves: the inverted box, and the exact test. Kept out of line, so that
/// the filter's caller carries none of its registers and stack.
#[cold]
#[inline(never)]
fn slab_undecided<T: Real>(ray: &Ray<T>, b: &Aabb<T>) -> bool {
    let (o, d) = (wide(&ray.origin.coords), wide(&ray.direction));
    let (lo, hi) = (wide(&b.min.coords), wide(&b.max.coords));
    if (0..3).any(|i| lo[i] > hi[i]) {
        return false;
    }
    slab_exact(&o, &d, &lo, &hi, ray.max_t.to_f64())
}

/// One ray against many boxes (the inner loop of a BVH traversal or a broad phase): `t_enter[i]`
/// is set to the entry parameter of `ray` into `boxes[i]`, exactly [`ray_aabb`]'s
/// `t_enter` (0 when the ray starts inside), or `+∞` where [`ray_aabb`] gives `None`. Writes
/// `min(boxes.len(), t_enter.len())` entries.
///
/// The ray's reciprocal direction, its validity and its parallel axes are worked out once; each
/// box then costs six subtractions and products and a few branch-free min/max (the slab method
/// of [`ray_aabb`], Williams et al. 2005 with Ize's conservative exit, without the normal and the
/// entry point, which a caller that wants them gets from [`ray_aabb`] for the boxes it keeps).
/// Benchmarked as `ray_aabb_many` against [`ray_aabb`] called in a loop.
///
/// # Examples
/// ```
/// use osculate_cast::ray_aabb_many;
/// use osculate_math::{Aabb, Point3, Ray, Vector3};
///
/// let boxes = [
///     Aabb::new(Point3::new(2.0_f32, -1.0, -1.0), Point3::new(3.0, 1.0, 1.0)),
///     Aabb::new(Point3::new(2.0, 5.0, -1.0), Point3::new(3.0, 6.0, 1.0)),
///     Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0)),
/// ];
/// let mut t = [0.0; 3];
/// ray_aabb_many(&Ray::new(Point3::origin(), Vector3::x()), &boxes, &mut t);
/// assert_eq!(t, [2.0, f32::INFINITY, 0.0]); // a hit, a miss, a box around the origin
/// ```
pub fn ray_aabb_many<T: Real>(ray: &Ray<T>, boxes: &[Aabb<T>], t_enter: &mut [T]) {
    let (o, d) = (&ray.origin, &ray.direction);
    let inf = T::INFINITY;
    // What `ray_aabb` would reject for every box: an unusable ray, and (for a ray that starts
    // inside) a direction with no unit vector.
    let z = finite_probe(&o.coords) + finite_probe(d);
    let ray_ok = (z.x + z.y + z.z == T::ZERO) & (ray.max_t >= T::ZERO);
    let has_back_normal = safe_normalize(&-ray.direction).is_some();
    if !ray_ok {
        t_enter.iter_mut().take(boxes.len()).for_each(|t| *t = inf);
        return;
    }
    let inv = d.map(|x| T::ONE / x);
    let parallel = [0, 1, 2].map(|i| inv[i].abs() == inf);
    let env = ManyRay { o: *o, d: *d, inv, parallel, max_t: ray.max_t, has_back_normal };
    // The loop without the parallel-axis test for a ray in general position (the common case),
    // so that its body has no branch at all.
    if parallel.iter().any(|p| *p) {
        many_loop::<T, true>(&env, boxes, t_enter);
    } else {
        many_loop::<T, false>(&env, boxes, t_enter);
    }
}

/// What [`ray_aabb_many`] works out once per ray.
struct ManyRay<T: Real> {
    o: Point3<T>,
    d: Vector3<T>,
    inv: Vector3<T>,
    parallel: [bool; 3],
    max_t: T,
    has_back_normal: bool,
}

/// The per-box loop of [`ray_aabb_many`]; `PARALLEL`: some direction component has an infinite
/// reciprocal (handled as `ray_aabb` does: inside that slab or a miss).
#[inline(always)]
fn many_loop<T: Real, const PARALLEL: bool>(r: &ManyRay<T>, boxes: &[Aabb<T>], t_enter: &mut [T]) {
    let (o, d, inv, inf) = (&r.o, &r.d, &r.inv, T::INFINITY);
    let ize = ize_factor::<T>();
    for (b, out) in boxes.iter().zip(t_enter.iter_mut()) {
        let (lo, hi) = (&b.min, &b.max);
        let zb = finite_probe(&lo.coords) + finite_probe(&hi.coords);
        let mut ok = zb.x + zb.y + zb.z == T::ZERO;
        let mut enter = T::NEG_INFINITY;
        let mut exit = inf;
        for i in 0..3 {
            ok &= lo[i] <= hi[i];
            if PARALLEL && r.parallel[i] {
                ok &= (lo[i] <= o[i]) & (o[i] <= hi[i]);
            } else {
                let (near, far) = slab_interval(lo[i], hi[i], o[i], inv[i], ize);
                enter = near.fast_max(enter);
                exit = far.fast_min(exit);
            }
        }
        let t = enter.fast_max(T::ZERO);
        let inside = enter < T::ZERO;
        // Clipped as `ray_aabb` clips it: to the exit, itself clipped to `max_t` (an exit of
        // `-0` at a face through the origin gives `-0`, as there).
        let t_clipped = t.fast_min(exit.fast_min(r.max_t));
        // The entry point must be finite, as `ray_aabb` requires.
        let p = o + d * t_clipped;
        let zp = finite_probe(&p.coords);
        ok &= (t <= exit)
            & (t <= r.max_t * ize)
            & (zp.x + zp.y + zp.z == T::ZERO)
            & (!inside | r.has_back_normal);
        *out = if ok { t_clipped } else { inf };
    }
}

/// The cast of segment `s` (λ ∈ [0, 1]) against solid box `b` by van den Bergen's Algorithm 3.3:
/// Cohen-Sutherland outcodes of the two ends reject a segment whose ends are outside a common face,
/// and Liang-Barsky parameters clip the rest (the loop as the second transcript of the text gives
/// it: a plane crossed by the segment is entering if the start is outside it, exiting if the end
/// is). Touching counts; the result, normal included, matches [`ray_aabb`] on
/// `Ray::from_segment(s)` except within rounding of an edge or a corner, where this clipper has no
/// conservative bound.
///
/// # Examples
/// ```
/// use osculate_cast::segment_aabb_outcode;
/// use osculate_math::{Aabb, Point3, Segment, Vector3};
///
/// let b = Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let h = segment_aabb_outcode(&Segment::new(Point3::new(0.5, 0.5, 3.0), Point3::new(0.5, 0.5, -1.0)), &b).unwrap();
/// assert_eq!((h.t_enter, h.t_exit, h.normal), (0.5, 0.75, Vector3::z_axis()));
/// ```
#[must_use]
pub fn segment_aabb_outcode<T: Real>(s: &Segment<T>, b: &Aabb<T>) -> Option<RayHit<T>> {
    let ray = Ray::from_segment(s);
    let usable = valid_ray(&ray)
        && is_finite_point(&b.min)
        && is_finite_point(&b.max)
        && (0..3).all(|i| b.min[i] <= b.max[i]);
    if !usable {
        return None;
    }
    // Bit 2i: outside the min face of axis i; bit 2i+1: outside the max face.
    let outcode = |p: &Point3<T>| {
        (0..3).fold(0u8, |bits, i| {
            bits | (u8::from(p[i] < b.min[i]) << (2 * i))
                | (u8::from(p[i] > b.max[i]) << (2 * i + 1))
        })
    };
    let (bits_s, bits_t) = (outcode(&s.a), outcode(&s.b));
    if bits_s & bits_t != 0 {
        return None; // a face plane separates the segment from the box
    }
    let (mut enter, mut exit) = (T::ZERO, T::ONE);
    let mut normal = None;
    let d = s.b - s.a;
    for i in 0..3 {
        for (k, bound, positive) in [(2 * i, b.min[i], false), (2 * i + 1, b.max[i], true)] {
            let bit = 1u8 << k;
            if bits_s & bit != 0 {
                let lambda = (bound - s.a[i]) / d[i];
                if lambda > enter {
                    enter = lambda;
                    normal = Some(axis_normal(i, positive));
                }
            } else if bits_t & bit != 0 {
                exit = exit.fast_min((bound - s.a[i]) / d[i]);
            }
        }
    }
    if !(enter <= exit) {
        return None;
    }
    // No entering plane: the start is inside the box.
    hit(&ray, enter, exit, normal, bits_s == 0)
}

/// The cast of `ray` against solid oriented box `b`: the ray taken into the box's frame, cast
/// against `[−e, e]` by [`ray_aabb`]'s slab method, the normal and point taken back. A negative half
/// extent is an empty box (`None`).
///
/// # Examples
/// ```
/// use osculate_cast::ray_obb;
/// use osculate_math::{Obb, Point3, Ray, Rotation3, Vector3};
///
/// let b = Obb::new(Point3::origin(), Rotation3::from_axis_angle(&Vector3::z_axis(), std::f64::consts::FRAC_PI_4), Vector3::new(1.0, 1.0, 1.0));
/// let h = ray_obb(&Ray::new(Point3::new(-5.0, 0.0, 0.0), Vector3::x()), &b).unwrap();
/// assert!((h.t_enter - (5.0 - 2.0_f64.sqrt())).abs() < 1e-12); // at the turned box's corner
/// ```
#[must_use]
pub fn ray_obb<T: Real>(ray: &Ray<T>, b: &Obb<T>) -> Option<RayHit<T>> {
    let local = obb_local_ray(ray, b)?;
    let e = b.half_extents;
    let h = slabs(&local, &Point3::from(-e), &Point3::from(e))?;
    let normal = UnitVector3::new_unchecked(b.rotation * h.normal.into_inner());
    // The world-space entry point is recomputed (it can overflow where the local one did not).
    let point = ray.point_at(h.t_enter);
    (crate::types::is_unit(&normal.into_inner()) && is_finite_point(&point)).then_some(RayHit {
        point,
        normal,
        ..h
    })
}

/// `ray` in the frame of `b`, or `None` for an invalid ray or box (a non-finite center or
/// rotation, a negative or non-finite half extent).
#[inline(always)]
fn obb_local_ray<T: Real>(ray: &Ray<T>, b: &Obb<T>) -> Option<Ray<T>> {
    if !(valid_ray(ray) && b.is_valid()) {
        return None;
    }
    Some(Ray {
        origin: Point3::from(b.to_local(&ray.origin)),
        direction: b.rotation.inverse_transform_vector(&ray.direction),
        max_t: ray.max_t,
    })
}

/// [`ray_obb`]'s entry parameter alone: `Some(t_enter)` exactly when [`ray_obb`] returns a hit,
/// with the same `t_enter`, without the world-space hit record. The checks [`ray_obb`] makes on
/// its normal and point are made here too (a rotation that is not one, built through the public
/// fields, can leave the normal off unit length: `None`, as there). `None` for a miss, an invalid
/// ray, NaN, or a negative half extent.
///
/// # Examples
/// ```
/// use osculate_cast::ray_obb_t;
/// use osculate_math::{Obb, Point3, Ray, Rotation3, Vector3};
///
/// let b = Obb::new(Point3::new(5.0_f64, 0.0, 0.0), Rotation3::identity(), Vector3::new(1.0, 1.0, 1.0));
/// assert_eq!(ray_obb_t(&Ray::new(Point3::origin(), Vector3::x()), &b), Some(4.0));
/// // A negative half extent is an empty box; a NaN direction hits nothing.
/// let empty = Obb { half_extents: Vector3::new(1.0, -1.0, 1.0), ..b };
/// assert_eq!(ray_obb_t(&Ray::new(Point3::origin(), Vector3::x()), &empty), None);
/// assert_eq!(ray_obb_t(&Ray::new(Point3::origin(), Vector3::new(f64::NAN, 0.0, 0.0)), &b), None);
/// ```
#[must_use]
pub fn ray_obb_t<T: Real>(ray: &Ray<T>, b: &Obb<T>) -> Option<T> {
    let local = obb_local_ray(ray, b)?;
    let e = b.half_extents;
    let (lo, hi) = (Point3::from(-e), Point3::from(e));
    let s = slab_crossing(&local, &lo, &hi)?;
    let local_normal = slab_normal(&local, &s)?;
    let normal = b.rotation * local_normal.into_inner();
    (is_finite_point(&local.point_at(s.t_enter))
        & crate::types::is_unit(&normal)
        & is_finite_point(&ray.point_at(s.t_enter)))
    .then_some(s.t_enter)
}

/// [`ray_obb`]'s hit decision alone: `true` exactly when [`ray_obb`] returns a hit. `false` for
/// a miss, an invalid ray, NaN, or a negative half extent.
///
/// # Examples
/// ```
/// use osculate_cast::ray_obb_hits;
/// use osculate_math::{Obb, Point3, Ray, Rotation3, Vector3};
///
/// let turned = Rotation3::from_axis_angle(&Vector3::z_axis(), std::f32::consts::FRAC_PI_4);
/// let b = Obb::new(Point3::origin(), turned, Vector3::new(1.0_f32, 1.0, 1.0));
/// assert!(ray_obb_hits(&Ray::new(Point3::new(-5.0, 1.3, 0.0), Vector3::x()), &b)); // the corner reaches 1.41
/// assert!(!ray_obb_hits(&Ray::new(Point3::new(-5.0, 1.5, 0.0), Vector3::x()), &b));
/// ```
#[inline]
#[must_use]
pub fn ray_obb_hits<T: Real>(ray: &Ray<T>, b: &Obb<T>) -> bool {
    ray_obb_t(ray, b).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_testing::shorthands;

    fn worked_cases<T: Real>() {
        let (l, p, v) = shorthands::<T>();
        let b = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        let both = |r: &Ray<T>| {
            let slab = ray_aabb(r, &b);
            // The outcode clipper on the same ray as a segment of length max_t (finite rays only).
            let seg = Segment::new(r.origin, r.point_at(r.max_t.fast_min(l(100.0))));
            (slab, segment_aabb_outcode(&seg, &b))
        };
        // Face hit: both algorithms, same normal.
        let r = Ray::new(p(-1.0, 0.5, 0.5), v(1.0, 0.0, 0.0));
        let (s, o) = both(&r);
        assert!(
            s.is_some_and(|h| h.t_enter == l(1.0) && h.normal.into_inner() == v(-1.0, 0.0, 0.0))
        );
        assert!(o.is_some_and(|h| h.normal.into_inner() == v(-1.0, 0.0, 0.0)), "{o:?}");
        // Through a corner exactly, along an edge, along a face (origin on the slab plane).
        let corner = Ray::new(p(-1.0, -1.0, -1.0), v(1.0, 1.0, 1.0));
        assert!(ray_aabb(&corner, &b).is_some());
        let corner_only = Ray::new(p(2.0, 0.0, 0.0), v(-1.0, 1.0, 0.0)); // touches the edge x=1,y=1? no: passes (1,1,0)
        assert!(ray_aabb(&corner_only, &b).is_some());
        let edge = Ray::new(p(-1.0, 1.0, 1.0), v(1.0, 0.0, 0.0));
        assert!(ray_aabb(&edge, &b).is_some());
        let face = Ray::new(p(-1.0, 0.5, 0.0), v(1.0, 0.0, 0.0));
        assert!(ray_aabb(&face, &b).is_some());
        let above = Ray::new(p(-1.0, 0.5, 1.001), v(1.0, 0.0, 0.0));
        assert!(ray_aabb(&above, &b).is_none() && both(&above).1.is_none());
        // From inside; pointing away; stopping short; a flat box; an inverted box; NaN.
        let h = ray_aabb(&Ray::new(p(0.5, 0.5, 0.5), v(0.0, 0.0, 2.0)), &b);
        assert!(
            h.is_some_and(|h| h.t_enter == l(0.0)
                && (h.t_exit - l(0.25)).abs() < l(1e-6)
                && h.normal.into_inner() == v(0.0, 0.0, -1.0)),
            "{h:?}"
        );
        assert!(ray_aabb(&Ray::new(p(-1.0, 0.5, 0.5), v(-1.0, 0.0, 0.0)), &b).is_none());
        let short = Ray { origin: p(-1.0, 0.5, 0.5), direction: v(1.0, 0.0, 0.0), max_t: l(0.5) };
        assert!(ray_aabb(&short, &b).is_none());
        let flat = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 0.0));
        let h = ray_aabb(&Ray::new(p(0.5, 0.5, 2.0), v(0.0, 0.0, -1.0)), &flat);
        assert!(
            h.is_some_and(|h| h.t_enter == l(2.0) && h.normal.into_inner() == v(0.0, 0.0, 1.0)),
            "{h:?}"
        );
        assert!(ray_aabb(&r, &Aabb::new(p(1.0, 0.0, 0.0), p(0.0, 1.0, 1.0))).is_none());
        assert!(ray_aabb(&Ray::new(p(f64::NAN, 0.5, 0.5), v(1.0, 0.0, 0.0)), &b).is_none());
        assert!(ray_aabb(&Ray::new(p(-1.0, 0.5, 0.5), v(0.0, 0.0, 0.0)), &b).is_none());
        // Outcode: the early-out (both ends above the box), a segment from inside.
        assert!(
            segment_aabb_outcode(&Segment::new(p(-1.0, 2.0, 0.5), p(2.0, 2.0, 0.5)), &b).is_none()
        );
        let h = segment_aabb_outcode(&Segment::new(p(0.5, 0.5, 0.5), p(0.5, 0.5, 2.5)), &b);
        assert!(h.is_some_and(|h| h.t_enter == l(0.0) && h.t_exit == l(0.25)), "{h:?}");
    }

    /// An oriented box built through its public fields with a matrix that is not a rotation: the
    /// hit's "unit" normal had length 2; such a box gets no hit.
    #[test]
    fn obb_with_a_non_rotation_matrix_gives_no_hit() {
        let bad = Obb {
            center: Point3::new(0.0_f64, 0.0, 0.0),
            rotation: osculate_math::Rotation3::from_matrix_unchecked(
                osculate_math::Matrix3::identity() * 2.0,
            ),
            half_extents: Vector3::new(1.0, 1.0, 1.0),
        };
        assert!(ray_obb(&Ray::new(Point3::new(0.0, 0.0, -5.0), Vector3::z()), &bad).is_none());
    }

    /// `ray_aabb_many` gives exactly `ray_aabb`'s `t_enter` (or `+∞` for its `None`) on random
    /// scenes of every flavour, on rays parallel to axes from origins on slab planes, on flat and
    /// inverted boxes, and with NaN, infinite and zero components in the ray or the boxes.
    fn many_agrees_with_single<T: Real>() {
        use osculate_testing::{Frame, Generate, Rng};
        let mut rng = Rng::new(77);
        let l = |x: f64| T::lit(x);
        let specials = [T::NAN, T::INFINITY, -T::INFINITY, T::ZERO, l(1.0), l(-1.0)];
        let mut hits = 0;
        let mut check = |ray: &Ray<T>, boxes: &[Aabb<T>]| {
            let mut out = vec![l(-7.0); boxes.len()];
            ray_aabb_many(ray, boxes, &mut out);
            for (b, t) in boxes.iter().zip(&out) {
                let single = ray_aabb(ray, b).map_or(T::INFINITY, |h| h.t_enter);
                assert!(single == *t, "{ray:?} {b:?}: single {single:?}, many {t:?}");
                hits += usize::from(t.is_finite());
            }
        };
        for round in 0..400 {
            let frame = Frame::<T>::random(&mut rng);
            let mut ray = Ray::generate(&mut rng, &frame);
            let mut boxes: Vec<Aabb<T>> =
                (0..16).map(|_| Aabb::generate(&mut rng, &frame)).collect();
            if round % 4 == 1 {
                // Axis-parallel rays from origins on the boxes' planes.
                let k = (rng.next_u64() % 3) as usize;
                ray.direction = Vector3::zeros();
                ray.direction[k] = if rng.chance(0.5) { l(1.0) } else { -l(1.0) };
                let b = boxes[0];
                ray.origin[(k + 1) % 3] = b.min[(k + 1) % 3];
                ray.origin[(k + 2) % 3] = b.max[(k + 2) % 3];
            }
            if round % 4 == 2 {
                // Special values in one coordinate of the ray or of a box.
                let x = specials[(rng.next_u64() % 6) as usize];
                let i = (rng.next_u64() % 3) as usize;
                match rng.next_u64() % 5 {
                    0 => ray.origin[i] = x,
                    1 => ray.direction[i] = x,
                    2 => ray.max_t = x,
                    3 => boxes[3].min[i] = x,
                    _ => boxes[5].max[i] = x,
                }
            }
            if round % 4 == 3 {
                boxes[1].max.x = boxes[1].min.x; // flat
                boxes[2].max.y = boxes[2].min.y - frame.scale; // inverted
            }
            check(&ray, &boxes);
        }
        // A zero direction: nothing, as for the single query.
        let b = [Aabb::new(
            Point3::new(l(-1.0), l(-1.0), l(-1.0)),
            Point3::new(l(1.0), l(1.0), l(1.0)),
        )];
        check(&Ray::new(Point3::origin(), Vector3::zeros()), &b);
        // Fewer outputs than boxes: only that many are written.
        let mut one = [l(5.0)];
        ray_aabb_many(&Ray::new(Point3::origin(), Vector3::x()), &[b[0], b[0]], &mut one);
        assert!(one[0] == l(0.0));
        // Not vacuous: a good share of the 6,400 random pairs meet.
        assert!(hits > 500, "{hits} hits");
    }

    /// A bounded ray whose `max_t` is the last float at which it still reaches the box (bisected
    /// by the exact predicate, confirmed by a rational reference): the entry parameter computed a
    /// rounding past `max_t` and `ray_aabb` missed.
    #[test]
    fn ray_ending_exactly_on_the_box_hits() {
        let r = Ray {
            max_t: 0.7987193409958606,
            ..Ray::new(
                Point3::new(-2.625485062966397, 2.0299918414712765, -1.4587478848240265),
                Vector3::new(2.0034686368305454, -1.8829223871630099, 2.5850496706598642),
            )
        };
        let b = Aabb::new(
            Point3::new(-1.9280498352073265, -0.1844898173966515, -0.723440030074867),
            Point3::new(-0.05774764062915638, 0.5260653132500847, 1.1263017858358375),
        );
        assert!(ray_aabb_hits_exact(&r, &b));
        let h = ray_aabb(&r, &b);
        assert!(h.is_some_and(|h| h.t_enter <= h.t_exit && h.t_exit <= r.max_t), "{h:?}");
        let mut t = [0.0];
        ray_aabb_many(&r, &[b], &mut t);
        assert_eq!(Some(t[0]), h.map(|h| h.t_enter));
    }

    /// The exact hit decision: rays through an edge, a corner, along a face, parallel to a face
    /// a float outside it, ending on the box, against flat and point boxes; a float beside each.
    fn exact_worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
        let v = |x: f64, y: f64, z: f64| Vector3::new(l(x), l(y), l(z));
        let b = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        let ulp = if T::EPSILON > l(1e-10) { 1.2e-7 } else { 2.3e-16 };
        let hits = |o: Point3<T>, d: Vector3<T>| ray_aabb_hits_exact(&Ray::new(o, d), &b);
        // Through the edge x = 1, y = 0; a float beside it.
        assert!(hits(p(2.0, 1.0, 0.5), v(-1.0, -1.0, 0.0)));
        assert!(!hits(p(2.0, 1.0 - ulp, 0.5), v(-1.0, -1.0, 0.0)));
        // Through the corner (1, 1, 1) along the diagonal; a float beside it.
        assert!(
            hits(p(2.0, 2.0, 2.0), v(-1.0, -1.0, -1.0))
                && hits(p(2.0, 0.0, 0.0), v(-1.0, 1.0, 1.0))
        );
        assert!(!hits(p(2.0, 0.0, 2.0 * ulp), v(-1.0, 1.0, 1.0)));
        // Along the top face (in its plane), parallel a float above it, and pointing away.
        assert!(hits(p(-1.0, 0.5, 1.0), v(1.0, 0.0, 0.0)));
        assert!(!hits(p(-1.0, 0.5, 1.0 + 2.0 * ulp), v(1.0, 0.0, 0.0)));
        assert!(!hits(p(-1.0, 0.5, 0.5), v(-1.0, 0.0, 0.0)));
        // Starting inside.
        assert!(hits(p(0.5, 0.5, 0.5), v(0.3, -0.2, 0.1)));
        // A bounded ray ending exactly on the face x = 0, and a float short of it.
        let end = Ray { max_t: l(1.0), ..Ray::new(p(-1.0, 0.5, 0.5), v(1.0, 0.0, 0.0)) };
        assert!(ray_aabb_hits_exact(&end, &b));
        assert!(!ray_aabb_hits_exact(&Ray { max_t: l(1.0 - ulp), ..end }, &b));
        // A flat box and a point box.
        let flat = Aabb::new(p(0.0, 0.0, 0.5), p(1.0, 1.0, 0.5));
        assert!(ray_aabb_hits_exact(&Ray::new(p(0.5, 0.5, 2.0), v(0.0, 0.0, -1.0)), &flat));
        let point = Aabb::new(p(1.0, 1.0, 1.0), p(1.0, 1.0, 1.0));
        assert!(ray_aabb_hits_exact(&Ray::new(p(0.0, 0.0, 0.0), v(1.0, 1.0, 1.0)), &point));
        assert!(!ray_aabb_hits_exact(&Ray::new(p(0.0, 0.0, 0.0), v(1.0, 1.0, 1.0 + ulp)), &point));
        // Invalid: a zero direction, NaN, an inverted box.
        assert!(!hits(p(0.5, 0.5, 0.5), v(0.0, 0.0, 0.0)));
        assert!(!hits(p(f64::NAN, 0.5, 0.5), v(1.0, 0.0, 0.0)));
        let inverted = Aabb::new(b.max, b.min);
        assert!(!ray_aabb_hits_exact(&Ray::new(p(0.5, 0.5, 2.0), v(0.0, 0.0, -1.0)), &inverted));
    }

    /// The ray `at(λ)` on either side of where `pred` changes, `λ` adjacent floats (`None` when
    /// it does not change between 0 and 4).
    fn flip<T: Real, S>(at: impl Fn(T) -> S, pred: impl Fn(&S) -> bool) -> Option<[S; 2]> {
        osculate_testing::exact_reference::flip_within(at, pred, T::lit(4.0))
    }

    /// Rays driven to just inside and just outside the bound of [`slab_filter`] (bisected to
    /// adjacent floats where it starts to prove a hit, where it starts to prove a miss, and where
    /// the exact answer flips), boxes 0, 1e4 and 1e8 from the origin, a third of the rays
    /// bounded, one in eight with a zero direction component: every answer the filter gives is
    /// the exact one ([`slab_exact`]), and the bisection reaches inputs it leaves undecided.
    fn slab_filter_agrees_with_exact_arithmetic_at_its_bound<T: Real>() {
        let mut rng = osculate_testing::Rng::new(0x051A_BF11 ^ T::EPSILON.to_f64().to_bits());
        let l = |x: f64| T::lit(x);
        let (mut undecided, mut checked) = (0, 0);
        for _ in 0..osculate_testing::cases(300) {
            let offset = [0.0, 0.0, 1.0e4, 1.0e8][rng.index(4)];
            let mut q = |s: f64| [0, 1, 2].map(|_| l(rng.range(-s, s) + offset));
            let c = q(1.0);
            let mut e = || l(rng.range(0.0, 1.0));
            let half = [e(), e(), e()];
            let lo = Point3::new(c[0] - half[0], c[1] - half[1], c[2] - half[2]);
            let hi = Point3::new(c[0] + half[0], c[1] + half[1], c[2] + half[2]);
            let b = Aabb::new(lo, hi);
            let mut dir = [0, 1, 2].map(|_| l(rng.range(-1.0, 1.0)));
            if rng.chance(0.125) {
                dir[rng.index(3)] = T::ZERO;
            }
            let d = Vector3::new(dir[0], dir[1], dir[2]);
            if d == Vector3::zeros() {
                continue;
            }
            let origin = Point3::new(
                l(rng.range(-3.0, 3.0) + offset),
                l(rng.range(-3.0, 3.0) + offset),
                l(rng.range(-3.0, 3.0) + offset),
            );
            let max_t = if rng.chance(0.3) { l(rng.range(0.0, 6.0)) } else { T::INFINITY };
            let w = Vector3::new(
                l(rng.range(-1.0, 1.0)),
                l(rng.range(-1.0, 1.0)),
                l(rng.range(-1.0, 1.0)),
            );
            let at = |s: T| Ray { max_t, ..Ray::new(origin + w * s, d) };
            let exact = |r: &Ray<T>| {
                let (o, d) = (wide(&r.origin.coords), wide(&r.direction));
                let (lo, hi) = (wide(&b.min.coords), wide(&b.max.coords));
                slab_exact(&o, &d, &lo, &hi, r.max_t.to_f64())
            };
            let hit = |r: &Ray<T>| slab_filter(r, &b.min, &b.max) == Some(true);
            let miss = |r: &Ray<T>| slab_filter(r, &b.min, &b.max) == Some(false);
            for r in [flip(at, hit), flip(at, miss), flip(at, exact)].iter().flatten().flatten() {
                match slab_filter(r, &b.min, &b.max) {
                    Some(answer) => assert_eq!(answer, exact(r), "{r:?} {b:?}"),
                    None => undecided += 1,
                }
                assert_eq!(ray_aabb_hits_exact(r, &b), exact(r), "{r:?} {b:?}");
                checked += 1;
            }
        }
        assert!(undecided * 4 > checked / 10, "{undecided} of {checked} undecided");
    }

    /// `f32` rays and boxes whose slab parameters overflow (coordinates up to `3e38`, direction
    /// components from `1e-40`, subnormal, to `1e38`, whose reciprocals are subnormal) or come
    /// near it: the filter gives up where anything overflowed, and every answer it gives is the
    /// exact one; both happen (counted).
    #[test]
    fn slab_filter_defers_on_overflow_in_f32() {
        let mut rng = osculate_testing::Rng::new(0x051A_BF12);
        let (mut decided, mut deferred) = (0, 0);
        for case in 0..4000 {
            let scale = [1.0e3, 1.0e20, 1.0e37, 3.0e38][case % 4];
            let size = [1.0e-40, 1.0e-30, 1.0, 1.0e30, 1.0e38][rng.index(5)];
            let c = |r: &mut osculate_testing::Rng, s: f64| r.range(-s, s) as f32;
            let mut v = |s: f64| [0; 3].map(|_| c(&mut rng, s));
            let (p, q, o) = (v(scale), v(scale), v(scale));
            let lo = Point3::new(p[0].min(q[0]), p[1].min(q[1]), p[2].min(q[2]));
            let hi = Point3::new(p[0].max(q[0]), p[1].max(q[1]), p[2].max(q[2]));
            let origin = Point3::new(o[0], o[1], o[2]);
            let d = Vector3::from(v(size));
            if d == Vector3::zeros() {
                continue;
            }
            let bounded = rng.chance(0.3);
            let max_t = if bounded { c(&mut rng, 1.0e30).abs() } else { f32::INFINITY };
            let r = Ray { max_t, ..Ray::new(origin, d) };
            let exact = {
                let (o, dw) = (wide(&r.origin.coords), wide(&r.direction));
                slab_exact(&o, &dw, &wide(&lo.coords), &wide(&hi.coords), f64::from(max_t))
            };
            match slab_filter(&r, &lo, &hi) {
                Some(answer) => {
                    assert_eq!(answer, exact, "case {case}: {r:?} {lo:?} {hi:?}");
                    decided += 1;
                }
                None => deferred += 1,
            }
            assert_eq!(ray_aabb_hits_exact(&r, &Aabb::new(lo, hi)), exact, "case {case}");
        }
        assert!(decided >= 500 && deferred >= 200, "decided {decided}, deferred {deferred}");
    }

    osculate_testing::for_f32_and_f64!(
        many_agrees_with_single,
        worked_cases,
        exact_worked_cases,
        slab_filter_agrees_with_exact_arithmetic_at_its_bound
    );
}
