//! Rays and segments against boxes: the robust slab method (Williams et al. 2005, Ize 2013) and van
//! den Bergen's outcode clipper (Algorithm 3.3), and oriented boxes through the box's frame.

use osculate_math::{
    Aabb, Obb, Point3, Ray, Real, Segment, UnitVector3, Vector3, finite_probe, is_finite_point,
    safe_normalize,
};

use crate::types::{RayHit, hit, valid_ray};

/// `1 + 2γ₃` with `γₙ = nε/(1 − nε)`: Ize's factor that makes the slab test's exit bound
/// conservative, so that the rounding of `(bound − o)·(1/d)` never turns a hit into a miss.
#[inline]
fn ize_factor<T: Real>() -> T {
    let three_eps = T::lit(3.0) * T::EPSILON * T::HALF;
    T::ONE + T::lit(2.0) * three_eps / (T::ONE - three_eps)
}

/// The unit vector `±e_axis`.
#[inline]
fn axis_normal<T: Real>(axis: usize, positive: bool) -> UnitVector3<T> {
    let mut n = Vector3::zeros();
    n[axis] = if positive { T::ONE } else { -T::ONE };
    UnitVector3::new_unchecked(n)
}

/// One axis of the slab test, shared by [`ray_aabb`] and [`ray_aabb_many`] so that the two agree
/// to the bit: the parameters where the ray crosses the slab `[lo, hi]` (`inv = 1/d`, finite),
/// ordered by a branch-free min/max, the exit widened by Ize's factor `ize` (2013) so that rounding
/// never separates enter > exit for a ray through an edge or a corner.
#[inline(always)]
fn slab_interval<T: Real>(lo: T, hi: T, o: T, inv: T, ize: T) -> (T, T) {
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
    let t_exit = exit.fast_min(ray.max_t);
    if !(valid & (t_enter <= t_exit)) {
        return None;
    }
    let normal = if enter < T::ZERO {
        // Started inside (or parallel to every slab it could enter through): the way back out.
        safe_normalize(&-ray.direction)?
    } else {
        // The entering axis: the lowest one whose near plane is the entry. Moving down the axis
        // enters through the max face (decided by the direction: a flat box's planes tie).
        let (n0, n1) = (t_near[0] != enter, t_near[1] != enter);
        let axis = usize::from(n0) + usize::from(n0 & n1);
        axis_normal(axis, d[axis] < T::ZERO)
    };
    let point = ray.point_at(t_enter);
    is_finite_point(&point).then_some(RayHit { t_enter, t_exit, point, normal })
}

/// Whether the ray and the box are usable by the slab test: finite origin, direction and corners
/// (`x − x` is `0` for every finite `x` and NaN otherwise, so one sum tests all twelve without a
/// branch) and `max_t ≥ 0` (`+∞` allowed). A zero direction passes here and gets `None` from
/// [`slabs`] (inside every slab, no way back out).
#[inline(always)]
fn usable<T: Real>(ray: &Ray<T>, lo: &Point3<T>, hi: &Point3<T>) -> bool {
    let (o, d) = (&ray.origin, &ray.direction);
    let z = finite_probe(&o.coords)
        + finite_probe(d)
        + finite_probe(&lo.coords)
        + finite_probe(&hi.coords);
    (z.x + z.y + z.z == T::ZERO) & (ray.max_t >= T::ZERO)
}

/// The cast of `ray` against solid box `b` by the slab method (Kay-Kajiya as Williams, Barrus,
/// Morley and Shirley, "An Efficient and Robust Ray-Box Intersection Algorithm", 2005, write it,
/// with Ize's conservative exit bound, "Robust BVH Ray Traversal", JCGT 2013):
///
/// - a zero direction component is handled as "inside that slab or a miss", so an origin on a slab
///   plane never produces `0·∞ = NaN`;
/// - the exit bound is multiplied by `1 + 2γ₃` (Ize), so a ray through a corner or along an edge
///   or a face is never reported as a miss by rounding (the price: a ray missing a corner by less
///   than that relative amount counts as grazing it).
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
        t_enter.iter_mut().for_each(|t| *t = inf);
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
        // The entry point must be finite, as `ray_aabb` requires.
        let p = o + d * t;
        let zp = finite_probe(&p.coords);
        ok &= (t <= exit.fast_min(r.max_t))
            & (zp.x + zp.y + zp.z == T::ZERO)
            & (!inside | r.has_back_normal);
        *out = if ok { t } else { inf };
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
    if !valid_ray(ray)
        || !is_finite_point(&b.center)
        || !b.rotation.matrix().iter().all(|x| x.is_finite())
        || !b.half_extents.iter().all(|e| e.is_finite() && *e >= T::ZERO)
    {
        return None;
    }
    let local = Ray {
        origin: Point3::from(b.to_local(&ray.origin)),
        direction: b.rotation.inverse_transform_vector(&ray.direction),
        max_t: ray.max_t,
    };
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

    osculate_testing::for_f32_and_f64!(many_agrees_with_single, worked_cases);
}
