//! Rays and segments against spheres (van den Bergen 3.1.2, Alg. 3.1 and 3.2; Ericson 5.3.2).

use osculate_math::{Ray, Real, Segment, Sphere, safe_normalize};

use crate::quadric::{clip, line_ball};
use crate::types::RayHit;

/// The cast of `ray` against solid sphere `s`: the interval of the ray inside the sphere and the
/// entry point and normal (van den Bergen Algorithm 3.1 in its ray form, Ericson 5.3.2), with the
/// numerically stable roots of `line_ball` (Haines et al. 2019) — van den Bergen notes the
/// textbook discriminant limits long-range accuracy; the stable form keeps the hit on the sphere
/// far from it too (measured in this module's tests).
///
/// The ray's direction need not be unit. Returns `None` when the ray misses, for a zero or
/// non-finite direction, a NaN anywhere, or a negative radius. A ray starting inside gets
/// `t_enter = 0` and the normal `−direction`. A ray grazing the sphere hits with `t_enter ==
/// t_exit`. A zero-radius sphere (a point) hit exactly gets the normal `−direction`.
///
/// # Examples
/// ```
/// use osculate_cast::ray_sphere;
/// use osculate_math::{Point3, Ray, Sphere, Vector3};
///
/// let s = Sphere::new(Point3::new(0.0_f64, 0.0, 5.0), 1.0);
/// let h = ray_sphere(&Ray::new(Point3::origin(), Vector3::new(0.0, 0.0, 2.0)), &s).unwrap();
/// assert_eq!((h.t_enter, h.t_exit), (2.0, 3.0));
/// assert_eq!((h.point, h.normal), (Point3::new(0.0, 0.0, 4.0), -Vector3::z_axis()));
/// ```
#[must_use]
pub fn ray_sphere<T: Real>(ray: &Ray<T>, s: &Sphere<T>) -> Option<RayHit<T>> {
    let (enter, exit, inside) = sphere_interval(ray, s)?;
    let point = ray.point_at(enter);
    // A zero-radius sphere is a point: every direction is outward there, and `p − center` is
    // rounding noise, so the normal is the one facing the ray (as for a ray starting inside).
    let normal = if inside | (s.radius == T::ZERO) {
        safe_normalize(&-ray.direction)?
    } else {
        safe_normalize(&(point - s.center)).or_else(|| safe_normalize(&-ray.direction))?
    };
    // Both normals are unit by construction; only the hit's finiteness is left to check.
    (enter.is_finite() & !exit.is_nan() & osculate_math::is_finite_point(&point))
        .then_some(RayHit { t_enter: enter, t_exit: exit, point, normal })
}

/// The ray's interval in the sphere, clipped to `[0, max_t]`, and whether it starts inside;
/// `None` on a miss or an invalid input (see [`ray_sphere`]).
#[inline(always)]
fn sphere_interval<T: Real>(ray: &Ray<T>, s: &Sphere<T>) -> Option<(T, T, bool)> {
    let m = ray.origin - s.center;
    // Ericson 5.3.2's early out: the origin outside the sphere and the ray pointing away from it.
    // No separate validation of the ray: a NaN or infinite origin or direction, or a zero one,
    // makes the offset `l` of `line_ball` NaN or infinite and so its discriminant fails (a zero
    // direction: `b/a = 0·∞`), and a negative or NaN `max_t` fails the clip; the test
    // `non_finite_and_zero_rays_miss` below goes through every such case.
    let away = (m.norm_squared() > s.radius * s.radius) & (m.dot(&ray.direction) > T::ZERO);
    if away {
        return None;
    }
    let (t1, t2) = line_ball(&ray.origin, &ray.direction, &s.center, s.radius)?;
    clip(ray, t1, t2)
}

/// [`ray_sphere`]'s entry parameter alone: `Some(t_enter)` exactly when [`ray_sphere`] returns
/// a hit, with the same `t_enter` (0 for a ray starting inside), without the normal. The normal
/// needs no check here: an interval is only found for a finite non-zero direction, and then
/// `−direction` normalises where `p − center` does not. `None` on a miss, for a zero or
/// non-finite direction, a NaN anywhere, or a negative radius.
///
/// # Examples
/// ```
/// use osculate_cast::ray_sphere_t;
/// use osculate_math::{Point3, Ray, Sphere, Vector3};
///
/// let s = Sphere::new(Point3::new(0.0_f64, 0.0, 5.0), 1.0);
/// assert_eq!(ray_sphere_t(&Ray::new(Point3::origin(), Vector3::new(0.0, 0.0, 2.0)), &s), Some(2.0));
/// // A point (zero radius) hit through its center; a negative radius is empty.
/// let point = Sphere::new(Point3::new(0.0, 0.0, 5.0), 0.0);
/// assert_eq!(ray_sphere_t(&Ray::new(Point3::origin(), Vector3::z()), &point), Some(5.0));
/// let empty = Sphere::new(Point3::new(0.0, 0.0, 5.0), -1.0);
/// assert_eq!(ray_sphere_t(&Ray::new(Point3::origin(), Vector3::z()), &empty), None);
/// ```
#[inline]
#[must_use]
pub fn ray_sphere_t<T: Real>(ray: &Ray<T>, s: &Sphere<T>) -> Option<T> {
    let (enter, exit, _) = sphere_interval(ray, s)?;
    (enter.is_finite() & !exit.is_nan() & osculate_math::is_finite_point(&ray.point_at(enter)))
        .then_some(enter)
}

/// [`ray_sphere`]'s hit decision alone: `true` exactly when [`ray_sphere`] returns a hit
/// (grazing counts). `false` on a miss, for a zero or non-finite direction, a NaN anywhere, or a
/// negative radius.
///
/// # Examples
/// ```
/// use osculate_cast::ray_sphere_hits;
/// use osculate_math::{Point3, Ray, Sphere, Vector3};
///
/// let s = Sphere::new(Point3::new(0.0_f32, 0.0, 5.0), 1.0);
/// assert!(ray_sphere_hits(&Ray::new(Point3::new(1.0, 0.0, 0.0), Vector3::z()), &s)); // grazing
/// assert!(!ray_sphere_hits(&Ray::new(Point3::origin(), -Vector3::z()), &s)); // pointing away
/// assert!(!ray_sphere_hits(&Ray::new(Point3::origin(), Vector3::new(0.0, f32::INFINITY, 1.0)), &s));
/// ```
#[inline]
#[must_use]
pub fn ray_sphere_hits<T: Real>(ray: &Ray<T>, s: &Sphere<T>) -> bool {
    ray_sphere_t(ray, s).is_some()
}

/// The cast of segment `seg` (from `seg.a` to `seg.b`, λ ∈ [0, 1]) against solid sphere `s`: van
/// den Bergen's Algorithm 3.1 as stated, returning `[λ_enter, λ_exit]` and the entry point, with
/// the stable roots of [`ray_sphere`]. A zero-length segment gives `None`.
///
/// # Examples
/// ```
/// use osculate_cast::segment_sphere;
/// use osculate_math::{Point3, Segment, Sphere};
///
/// let s = Sphere::new(Point3::new(0.0_f32, 0.0, 0.0), 1.0);
/// let h = segment_sphere(&Segment::new(Point3::new(-2.0, 0.0, 0.0), Point3::new(0.0, 0.0, 0.0)), &s).unwrap();
/// assert_eq!((h.t_enter, h.t_exit), (0.5, 1.0)); // ends inside: λ_exit = 1
/// ```
#[inline]
#[must_use]
pub fn segment_sphere<T: Real>(seg: &Segment<T>, s: &Sphere<T>) -> Option<RayHit<T>> {
    ray_sphere(&Ray::from_segment(seg), s)
}

/// Whether segment `seg` meets solid sphere `s`, without the intersection points: van den Bergen's
/// Algorithm 3.2 — the segment point closest to the center (the division deferred until it is
/// known to be inside the segment) within the radius. Touching counts (`≤`, where the text's
/// pseudocode has `<`); NaN or a negative radius gives `false`.
///
/// # Examples
/// ```
/// use osculate_cast::segment_sphere_test;
/// use osculate_math::{Point3, Segment, Sphere};
///
/// let s = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// assert!(segment_sphere_test(&Segment::new(Point3::new(-3.0, 1.0, 0.0), Point3::new(3.0, 1.0, 0.0)), &s));
/// assert!(!segment_sphere_test(&Segment::new(Point3::new(-3.0, 1.5, 0.0), Point3::new(3.0, 1.5, 0.0)), &s));
/// ```
#[must_use]
pub fn segment_sphere_test<T: Real>(seg: &Segment<T>, s: &Sphere<T>) -> bool {
    // In the sphere's frame: s → seg.a − c, r = seg.b − seg.a.
    let sv = seg.a - s.center;
    let r = seg.b - seg.a;
    let delta = -sv.dot(&r);
    let rr = r.norm_squared();
    let x = if !(delta > T::ZERO) {
        sv
    } else if delta >= rr {
        seg.b - s.center
    } else {
        sv + r * (delta / rr)
    };
    s.radius >= T::ZERO && x.norm_squared() <= s.radius * s.radius
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_math::*;
    use osculate_testing::for_f32_and_f64;

    /// `ray_sphere` does no validation pass of its own: every non-finite or zero direction,
    /// non-finite origin and negative or NaN `max_t` must still give `None`, from origins inside
    /// and outside the sphere, for each coordinate taking each special value.
    fn non_finite_and_zero_rays_miss<T: Real>() {
        let l = |x: f64| T::lit(x);
        let s = Sphere::new(Point3::new(l(0.5), l(-0.25), l(0.0)), l(2.0));
        let specials = [T::NAN, T::INFINITY, -T::INFINITY];
        let origins = [Point3::new(l(0.0), l(0.0), l(0.0)), Point3::new(l(-5.0), l(0.0), l(0.0))];
        let dirs = [Vector3::new(l(1.0), l(0.0), l(0.0)), Vector3::new(l(1.0), l(0.1), l(-0.05))];
        for o in origins {
            for d in dirs {
                assert!(ray_sphere(&Ray::new(o, d), &s).is_some(), "the base ray hits");
                for i in 0..3 {
                    for x in specials {
                        let mut bad_o = o;
                        bad_o[i] = x;
                        assert!(ray_sphere(&Ray::new(bad_o, d), &s).is_none(), "{bad_o:?}");
                        let mut bad_d = d;
                        bad_d[i] = x;
                        assert!(ray_sphere(&Ray::new(o, bad_d), &s).is_none(), "{bad_d:?}");
                    }
                }
                for max_t in [l(-1.0), T::NAN] {
                    assert!(ray_sphere(&Ray { origin: o, direction: d, max_t }, &s).is_none());
                }
                assert!(ray_sphere(&Ray::new(o, Vector3::zeros()), &s).is_none());
                let tiny = Vector3::new(T::MIN_POSITIVE * l(0.5), l(0.0), l(0.0));
                assert!(ray_sphere(&Ray::new(o, tiny), &s).is_none(), "subnormal direction");
            }
        }
    }

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let v = vector3::<T>;
        let s = Sphere::new(p(0.0, 0.0, 0.0), l(1.0));
        // Through the center, from inside, grazing, missing, pointing away, short of the sphere.
        let h = ray_sphere(&Ray::new(p(-3.0, 0.0, 0.0), v(1.0, 0.0, 0.0)), &s);
        assert!(h.is_some_and(|h| h.t_enter == l(2.0) && h.t_exit == l(4.0)), "{h:?}");
        let h = ray_sphere(&Ray::new(p(0.5, 0.0, 0.0), v(1.0, 0.0, 0.0)), &s);
        assert!(
            h.is_some_and(|h| h.t_enter == l(0.0)
                && h.t_exit == l(0.5)
                && h.normal.into_inner() == v(-1.0, 0.0, 0.0)),
            "{h:?}"
        );
        let h = ray_sphere(&Ray::new(p(-3.0, 1.0, 0.0), v(1.0, 0.0, 0.0)), &s);
        assert!(h.is_some_and(|h| h.t_enter == l(3.0) && h.t_exit == l(3.0)), "{h:?}");
        assert!(ray_sphere(&Ray::new(p(-3.0, 1.01, 0.0), v(1.0, 0.0, 0.0)), &s).is_none());
        assert!(ray_sphere(&Ray::new(p(-3.0, 0.0, 0.0), v(-1.0, 0.0, 0.0)), &s).is_none());
        let short = Ray { origin: p(-3.0, 0.0, 0.0), direction: v(1.0, 0.0, 0.0), max_t: l(1.5) };
        assert!(ray_sphere(&short, &s).is_none());
        // Invalid: zero direction, NaN, negative radius.
        assert!(ray_sphere(&Ray::new(p(0.0, 0.0, 0.0), v(0.0, 0.0, 0.0)), &s).is_none());
        assert!(ray_sphere(&Ray::new(p(f64::NAN, 0.0, 0.0), v(1.0, 0.0, 0.0)), &s).is_none());
        assert!(
            ray_sphere(
                &Ray::new(p(-3.0, 0.0, 0.0), v(1.0, 0.0, 0.0)),
                &Sphere::new(p(0.0, 0.0, 0.0), l(-1.0))
            )
            .is_none()
        );
        // A zero-radius sphere is a point: hit exactly through it.
        let dot = Sphere::new(p(2.0, 0.0, 0.0), l(0.0));
        let h = ray_sphere(&Ray::new(p(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0)), &dot);
        assert!(h.is_some_and(|h| h.t_enter == l(2.0) && h.t_exit == l(2.0)), "{h:?}");
        // Segment form and Algorithm 3.2.
        let seg = Segment::new(p(-2.0, 0.0, 0.0), p(2.0, 0.0, 0.0));
        let h = segment_sphere(&seg, &s);
        assert!(h.is_some_and(|h| h.t_enter == l(0.25) && h.t_exit == l(0.75)), "{h:?}");
        assert!(segment_sphere_test(&seg, &s));
        assert!(segment_sphere_test(&Segment::new(p(0.2, 0.2, 0.2), p(0.2, 0.2, 0.2)), &s));
        assert!(!segment_sphere_test(&Segment::new(p(2.0, 0.0, 0.0), p(3.0, 0.0, 0.0)), &s));
    }

    /// Van den Bergen's Algorithm 3.1 exactly as printed (textbook discriminant and roots), in the
    /// ray form, for the accuracy comparison.
    fn textbook_enter(o: &Point3<f32>, d: &Vector3<f32>, c: &Point3<f32>, r: f32) -> Option<f32> {
        let s = o - c;
        let sigma = s.dot(d).powi(2) - d.norm_squared() * (s.norm_squared() - r * r);
        (sigma > 0.0).then(|| (-s.dot(d) - sigma.sqrt()) / d.norm_squared())
    }

    /// The long-range caveat of van den Bergen 3.1.2, measured: spheres of radius 1 at distances
    /// 1e2-1e4 in f32, hit by rays aimed within the sphere from the origin. The stable form's
    /// entry parameter stays within a few ulps of the f64 answer; the textbook's error grows with
    /// the distance (and it misses some spheres outright).
    #[test]
    fn stable_roots_beat_the_textbook_far_away() {
        let mut rng = osculate_testing::Rng::new(7);
        let (mut worst_stable, mut worst_textbook, mut textbook_misses) = (0.0_f64, 0.0_f64, 0);
        for _ in 0..2000 {
            let dist = 10f64.powf(rng.range(2.0, 4.0));
            let dir = rng.unit_vector::<f64>().into_inner();
            let c64 = Point3::from(dir * dist);
            // Aim at a point within 0.9 of the center so the ray clearly hits.
            let aim = c64 + rng.unit_vector::<f64>().into_inner() * rng.range(0.0, 0.9);
            let d64 = aim.coords.normalize();
            let (c32, d32) = (c64.cast::<f32>(), d64.cast::<f32>());
            // The reference: the same f32 inputs, solved in f64.
            let (c_ref, d_ref) = (c32.cast::<f64>(), d32.cast::<f64>());
            let Some((t_ref, _)) = line_ball(&Point3::origin(), &d_ref, &c_ref, 1.0) else {
                continue;
            };
            let ours = line_ball(&Point3::origin(), &d32, &c32, 1.0_f32).map(|(t, _)| f64::from(t));
            let Some(ours) = ours else { panic!("stable form missed a hit at {dist}") };
            worst_stable = worst_stable.max((ours - t_ref).abs() / t_ref);
            match textbook_enter(&Point3::origin(), &d32, &c32, 1.0) {
                Some(t) => {
                    worst_textbook = worst_textbook.max((f64::from(t) - t_ref).abs() / t_ref)
                }
                None => textbook_misses += 1,
            }
        }
        // A few ulps of f32 (ε ≈ 1.2e-7) relative error for ours.
        assert!(worst_stable < 1e-6, "stable: {worst_stable:e}");
        assert!(
            worst_textbook > 10.0 * worst_stable || textbook_misses > 0,
            "textbook {worst_textbook:e} ({textbook_misses} misses) vs stable {worst_stable:e}"
        );
    }

    for_f32_and_f64!(non_finite_and_zero_rays_miss, worked_cases);
}
