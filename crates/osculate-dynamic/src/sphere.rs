//! Moving spheres: against a sphere (van den Bergen's ray cast on the configuration-space
//! obstacle, 3.1.2; Ericson 5.5.5), and the helpers every sphere sweep shares.

use osculate_math::{
    Point3, Ray, Real, Sphere, Vector3, finite_probe, is_finite_vector, safe_normalize,
};

use crate::types::Impact;

/// Whether both displacements are finite: a NaN or infinite displacement is invalid input, even for
/// shapes that already overlap at `t = 0` (no confident answer from garbage).
#[inline]
pub(crate) fn finite_motion<T: Real>(va: &Vector3<T>, vb: &Vector3<T>) -> bool {
    is_finite_vector(va) && is_finite_vector(vb)
}

/// The earliest `t_enter` of a set of candidate ray hits.
#[inline]
pub(crate) fn earliest<T: Real>(hits: impl IntoIterator<Item = Option<T>>) -> Option<T> {
    hits.into_iter()
        .flatten()
        .fold(None, |best: Option<T>, t| Some(best.map_or(t, |b| b.fast_min(t))))
}

/// The relative motion of B seen from A as a ray from `origin` (unbounded in direction, `max_t =
/// 1`), or `None` when there is no relative motion.
#[inline]
pub(crate) fn motion_ray<T: Real>(origin: Point3<T>, relative: Vector3<T>) -> Option<Ray<T>> {
    (relative != Vector3::zeros() && relative.iter().all(|x| x.is_finite())).then_some(Ray {
        origin,
        direction: relative,
        max_t: T::ONE,
    })
}

/// The impact of a sphere with a shape at a known time, given the shape's closest point to the
/// sphere's center then. At a first contact (not `overlapping`) the normal cannot oppose the
/// approach: a `closest − center` that does is rounding noise (a zero-radius sphere meeting a flat
/// box or a triangle edge-on leaves only a rounding-sized offset, of either sign), and the motion's
/// direction is taken instead.
#[inline]
pub(crate) fn ball_impact<T: Real>(
    center_at_toi: Point3<T>,
    closest: Point3<T>,
    toi: T,
    motion: &Vector3<T>,
    overlapping: bool,
) -> Option<Impact<T>> {
    let offset = closest - center_at_toi;
    let against = !overlapping && offset.dot(motion) < T::ZERO;
    let normal = (if against { None } else { safe_normalize(&offset) })
        .or_else(|| safe_normalize(motion))
        .unwrap_or_else(Vector3::x_axis);
    Impact::new(toi, closest, normal, overlapping)
}

/// The start of sphere `s`'s sweep against a still shape (the relative motion `rel`), given the
/// shape's point `q0` closest to the center: `Err` with the answer when `t = 0` decides it (a NaN
/// distance: none; the sphere already touching: an impact at `t = 0`; no relative motion: none),
/// else `Ok` with the center's path.
#[inline]
pub(crate) fn sweep_start<T: Real>(
    s: &Sphere<T>,
    q0: Point3<T>,
    rel: &Vector3<T>,
) -> Result<Ray<T>, Option<Impact<T>>> {
    let d2 = (q0 - s.center).norm_squared();
    if d2.is_nan() {
        return Err(None);
    }
    if d2 <= s.radius * s.radius {
        return Err(ball_impact(s.center, q0, T::ZERO, rel, true));
    }
    motion_ray(s.center, *rel).ok_or(None)
}

/// Moving sphere `a` (displaced by `va` over the interval) against moving sphere `b` (displaced by
/// `vb`): van den Bergen 3.1.2's space-time test — B's center, moving at `vb − va` relative to A,
/// is cast as a ray against the configuration-space obstacle, the sphere of radius `r_a + r_b`
/// around A's center, with the stable roots of [`ray_sphere`](osculate_cast::ray_sphere) (Haines
/// et al. 2019). Returns the first time of contact in `[0, 1]` with the contact point and the
/// normal from A to B, or `None` when they stay apart; spheres overlapping at `t = 0` give `toi =
/// 0` and `initially_overlapping`. A negative radius or a NaN or infinite number gives `None`, as
/// does a cast whose squared lengths overflow (an offset times a relative motion beyond about
/// `1.8e19` in `f32`).
///
/// # Examples
/// ```
/// use osculate_dynamic::sphere_sphere;
/// use osculate_math::{Point3, Sphere, Vector3};
///
/// let a = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// let b = Sphere::new(Point3::new(10.0, 0.0, 0.0), 1.0);
/// // Both moving toward each other by 6 over the interval: contact when 8 apart → t = 8/12.
/// let hit = sphere_sphere(&a, &Vector3::new(6.0, 0.0, 0.0), &b, &Vector3::new(-6.0, 0.0, 0.0)).unwrap();
/// assert!((hit.toi - 8.0 / 12.0).abs() < 1e-12);
/// assert!((hit.point - Point3::new(5.0, 0.0, 0.0)).norm() < 1e-12);
/// assert_eq!(hit.normal, Vector3::x_axis());
/// ```
#[must_use]
pub fn sphere_sphere<T: Real>(
    a: &Sphere<T>,
    va: &Vector3<T>,
    b: &Sphere<T>,
    vb: &Vector3<T>,
) -> Option<Impact<T>> {
    // The ray: from `m` (B's center from A's) along `rel`, against the ball of radius `r` at
    // the origin; `c = |m|² − r²` is its quadratic's constant term (Ericson 5.3.2's `c`).
    let rel = vb - va;
    let m = b.center - a.center;
    let r = a.radius + b.radius;
    let c = m.norm_squared() - r * r;
    // One branch-free validity test (no confident answer from NaN or ∞): `max(r, c) < ∞` fails
    // for a NaN or infinite radius or center (`c` is then NaN or +∞) and passes a radius whose
    // square alone overflows (`c = −∞`, overlapping); the probes sum to 0 only for finite
    // displacements, which must be checked even when the spheres overlap at `t = 0`.
    let z = finite_probe(va) + finite_probe(vb);
    let valid = (a.radius >= T::ZERO)
        & (b.radius >= T::ZERO)
        & (r.fast_max(c) < T::INFINITY)
        & (z.x + z.y + z.z == T::ZERO);
    if !valid {
        return None;
    }
    let toi = if c <= T::ZERO {
        T::ZERO
    } else {
        // Outside at `t = 0`: the entry is the smaller root `c / q`, `q = −b + √(a·disc)`, one
        // division. The discriminant in the stable form of `line_ball` without its division:
        // `a·(r² − |l|²) = a·r² − |m × rel|²` (Lagrange's identity, `l` the line's offset from
        // the center), so a miss costs no division. `b < 0`: approaching (zero motion, or moving
        // apart, misses); `c ≤ q`: the entry within the interval (`c/q ≤ 1`), false for a NaN
        // root (the line misses the ball); `q < ∞`: `a·r²` overflowed.
        let (aa, bb) = (rel.norm_squared(), m.dot(&rel));
        let disc = aa * (r * r) - m.cross(&rel).norm_squared();
        let q = disc.sqrt() - bb;
        if !((bb < T::ZERO) & (c <= q) & (q < T::INFINITY)) {
            return None;
        }
        c / q
    };
    let (ca, cb) = (a.center + va * toi, b.center + vb * toi);
    let normal =
        safe_normalize(&(cb - ca)).or_else(|| safe_normalize(&rel)).unwrap_or_else(Vector3::x_axis);
    Impact::new(toi, ca + normal.into_inner() * a.radius, normal, toi == T::ZERO)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::*;
    use osculate_math::*;
    use osculate_testing::{for_f32_and_f64, near, sphere_shorthands};

    fn worked_cases<T: Real>() {
        let (l, p, v, s) = sphere_shorthands::<T>();
        let (close, zero) = (near::<T>(1e-4), Vector3::zeros());
        let a = s(p(0.0, 0.0, 0.0), 1.0);
        // Sphere-sphere: head-on, grazing (tangent path), parallel motion, already overlapping,
        // never touching, tunneling (a thin fast sphere through another between the ends).
        assert!(
            sphere_sphere(&a, &zero, &s(p(5.0, 0.0, 0.0), 1.0), &v(-6.0, 0.0, 0.0))
                .is_some_and(|h| close(h.toi, 0.5))
        );
        let graze = sphere_sphere(&a, &zero, &s(p(5.0, 2.0, 0.0), 1.0), &v(-10.0, 0.0, 0.0));
        assert!(graze.is_some_and(|h| close(h.toi, 0.5) && close(h.normal.y, 1.0)), "{graze:?}");
        assert!(
            sphere_sphere(&a, &zero, &s(p(5.0, 2.01, 0.0), 1.0), &v(-10.0, 0.0, 0.0)).is_none()
        );
        assert!(
            sphere_sphere(&a, &v(1.0, 0.0, 0.0), &s(p(0.0, 3.0, 0.0), 1.0), &v(1.0, 0.0, 0.0))
                .is_none()
        );
        let over = sphere_sphere(&a, &zero, &s(p(1.0, 0.0, 0.0), 1.0), &v(5.0, 0.0, 0.0));
        assert!(over.is_some_and(|h| h.toi == l(0.0) && h.initially_overlapping), "{over:?}");
        let bullet = sphere_sphere(&s(p(-50.0, 0.0, 0.0), 0.01), &v(100.0, 0.0, 0.0), &a, &zero);
        assert!(bullet.is_some_and(|h| close(h.toi, (49.0 - 0.01) / 100.0)), "{bullet:?}");
        assert!(sphere_sphere(&a, &zero, &s(p(5.0, 0.0, 0.0), -1.0), &zero).is_none());
    }

    #[test]
    fn non_finite_displacement_or_radius_gives_no_impact() {
        // Overlapping at t = 0, but one displacement is NaN or infinite: no confident answer.
        let a = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
        let c = Capsule::new(Point3::new(0.0, -1.0, 0.0), Point3::new(0.0, 1.0, 0.0), 0.5);
        let b = Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
        let t =
            Triangle::new(Point3::origin(), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
        let z = Vector3::zeros();
        for bad in [Vector3::new(f64::NAN, 0.0, 0.0), Vector3::new(0.0, f64::INFINITY, 0.0)] {
            assert!(sphere_sphere(&a, &z, &a, &bad).is_none());
            assert!(sphere_aabb(&a, &z, &b, &bad).is_none());
            assert!(sphere_triangle(&a, &z, &t, &bad).is_none());
            assert!(sphere_capsule(&a, &z, &c, &bad).is_none());
            assert!(capsule_capsule(&c, &z, &c, &bad).is_none());
        }
        // An infinite radius (sphere_aabb reported an impact).
        let huge = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), f64::INFINITY);
        assert!(sphere_aabb(&huge, &z, &b, &z).is_none());
        assert!(sphere_triangle(&huge, &z, &t, &z).is_none());
        // A triangle with an infinite vertex (an impact at t = 0 was reported as not
        // overlapping).
        let far = Triangle::new(
            Point3::new(f64::NEG_INFINITY, 0.0, 0.0),
            Point3::origin(),
            Point3::new(-1.0, 0.0, 0.0),
        );
        let dot = Sphere::new(Point3::origin(), 0.0);
        assert!(sphere_triangle(&dot, &Vector3::new(-1.0, 0.0, 0.0), &far, &z).is_none());
    }

    for_f32_and_f64!(worked_cases);
}
