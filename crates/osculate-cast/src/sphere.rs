//! Rays and segments against spheres and capsules (van den Bergen 3.1.2-3.1.3, Ericson 5.3.2,
//! 5.3.7).

use osculate_math::{Capsule, Point3, Ray, Real, Segment, Sphere, Vector3};

use crate::types::{RayHit, hit, unit, valid_ray};

/// The interval `[t1, t2]` where the line `o + t·d` is within `r` of `c`, or `None` when it misses.
///
/// Numerically stable form (Haines, Günther, Akenine-Möller, "Precision Improvements for
/// Ray/Sphere Intersection", Ray Tracing Gems ch. 7, 2019) instead of the textbook discriminant
/// `(s·r)² − |r|²(|s|² − ρ²)` of van den Bergen's Algorithm 3.1, which cancels catastrophically
/// for a distant sphere (the text's own caveat): the discriminant is computed as
/// `ρ² − |l|²` with `l` the line's perpendicular offset from the center (no cancellation), and the
/// two roots as `q/a` and `c/q` so that neither is a difference of nearly equal numbers.
pub(crate) fn line_ball<T: Real>(
    o: &Point3<T>,
    d: &Vector3<T>,
    c: &Point3<T>,
    r: T,
) -> Option<(T, T)> {
    let m = o - c;
    let a = d.norm_squared();
    let b = m.dot(d);
    let inv_a = T::ONE / a;
    // The closest approach of the line to the center, and its squared distance.
    let l = m - d * (b * inv_a);
    let disc = r * r - l.norm_squared();
    if !((disc >= T::ZERO) & (r >= T::ZERO)) {
        return None;
    }
    let cc = m.norm_squared() - r * r;
    let root = (a * disc).sqrt();
    // `q = −(b + sign(b)·root)`: never a difference of nearly equal numbers (branch-free).
    let q = -(b + root.copysign(b));
    if q == T::ZERO {
        // The line passes through the center with the origin at the center: b = 0, r = 0.
        return Some((T::ZERO, T::ZERO));
    }
    let (t1, t2) = (q * inv_a, cc / q);
    Some((t1.fast_min(t2), t1.fast_max(t2)))
}

/// Clips the line interval `[t1, t2]` to the ray's `[0, max_t]`: `(t_enter, t_exit,
/// started_inside)`, or `None` when they do not meet.
#[inline]
pub(crate) fn clip<T: Real>(ray: &Ray<T>, t1: T, t2: T) -> Option<(T, T, bool)> {
    let enter = t1.fast_max(T::ZERO);
    let exit = t2.fast_min(ray.max_t);
    (enter <= exit).then_some((enter, exit, t1 < T::ZERO))
}

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
    let (enter, exit, inside) = clip(ray, t1, t2)?;
    let point = ray.point_at(enter);
    // A zero-radius sphere is a point: every direction is outward there, and `p − center` is
    // rounding noise, so the normal is the one facing the ray (as for a ray starting inside).
    let normal = if inside | (s.radius == T::ZERO) {
        unit(&-ray.direction)?
    } else {
        unit(&(point - s.center)).or_else(|| unit(&-ray.direction))?
    };
    // Both normals are unit by construction; only the hit's finiteness is left to check.
    (enter.is_finite() & !exit.is_nan() & osculate_math::is_finite_point(&point))
        .then_some(RayHit { t_enter: enter, t_exit: exit, point, normal })
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

/// The cast of `ray` against solid capsule `c`: the capsule is the union of the cylinder around
/// its axis and the balls at its ends (Ericson 5.3.7's decomposition), each convex, so the ray's
/// interval is the smallest enter and the largest exit over the pieces it meets. A zero-length
/// capsule is a sphere; a zero-radius one is its segment, whose normal at a hit is the part of
/// `−direction` perpendicular to the axis (`−direction` for a ray along the axis or a point).
/// `None` on a miss, an invalid ray, NaN or a negative radius.
///
/// # Examples
/// ```
/// use osculate_cast::ray_capsule;
/// use osculate_math::{Capsule, Point3, Ray, Vector3};
///
/// let c = Capsule::new(Point3::new(0.0_f64, -2.0, 0.0), Point3::new(0.0, 2.0, 0.0), 1.0);
/// let side = ray_capsule(&Ray::new(Point3::new(-5.0, 1.0, 0.0), Vector3::x()), &c).unwrap();
/// assert_eq!((side.t_enter, side.t_exit, side.normal), (4.0, 6.0, -Vector3::x_axis()));
/// let cap = ray_capsule(&Ray::new(Point3::new(0.0, 9.0, 0.0), -Vector3::y()), &c).unwrap();
/// assert_eq!((cap.t_enter, cap.t_exit, cap.normal), (6.0, 12.0, Vector3::y_axis()));
/// ```
#[must_use]
pub fn ray_capsule<T: Real>(ray: &Ray<T>, c: &Capsule<T>) -> Option<RayHit<T>> {
    if !valid_ray(ray) || !(c.radius >= T::ZERO) {
        return None;
    }
    let (o, d) = (&ray.origin, &ray.direction);
    let axis = c.b - c.a;
    let (t1, t2) = match line_capsule_by_tube(o, d, c, &axis) {
        Ok(interval) => interval?,
        Err(()) => line_capsule_by_union(o, d, c, &axis)?,
    };
    let (enter, exit, inside) = clip(ray, t1, t2)?;
    // The normal from the entry point to its closest point on the axis segment, whichever piece
    // gave the entry: where a ball and the body are tangent, rounding picks either piece, and the
    // ball's `p − end` would tilt along the axis by √ε at a point just past the end plane. A zero
    // radius leaves only rounding noise in that offset: the segment's normal facing the ray
    // instead (perpendicular to the axis: valid at an end too).
    let p = ray.point_at(t1);
    let aa = axis.norm_squared();
    let along = if aa > T::ZERO {
        ((p - c.a).dot(&axis) / aa).fast_max(T::ZERO).fast_min(T::ONE)
    } else {
        T::ZERO
    };
    let n = crate::round::radial_normal(&(p - (c.a + axis * along)), &axis, d, c.radius);
    hit(ray, enter, exit, unit(&n).or_else(|| unit(&-ray.direction)), inside)
}

/// The interval of the line `o + t·d` inside capsule `c` (axis `axis = c.b − c.a`) as the union
/// of its three convex pieces (the two end balls and the body between the end planes): the
/// smallest entry and the largest exit over the pieces the line meets. Robust for every capsule
/// (a zero axis, a zero radius, a line along the axis); [`ray_capsule`] takes it when
/// [`line_capsule_by_tube`] declines.
fn line_capsule_by_union<T: Real>(
    o: &Point3<T>,
    d: &Vector3<T>,
    c: &Capsule<T>,
    axis: &Vector3<T>,
) -> Option<(T, T)> {
    let mut best: Option<(T, T)> = None;
    let mut add = |t1: T, t2: T| {
        best = Some(match best {
            None => (t1, t2),
            Some((b1, b2)) => (b1.fast_min(t1), b2.fast_max(t2)),
        });
    };
    for end in [c.a, c.b] {
        if let Some((t1, t2)) = line_ball(o, d, &end, c.radius) {
            add(t1, t2);
        }
    }
    if *axis != Vector3::zeros()
        && let Some((t1, t2)) = crate::round::line_cylinder_body(o, d, &c.a, axis, c.radius)
    {
        add(t1, t2);
    }
    best
}

/// The same interval by one quadratic in the common case (Ericson 5.3.7's capsule as a tube with
/// hemispherical ends, as ray tracers write it): the line's interval in the infinite tube of
/// radius `r` around the axis (which holds the whole capsule, so missing it misses the capsule);
/// an end of that interval whose point lies between the end planes is the capsule's, and one
/// beyond an end plane is replaced by that end ball's root (the line crosses the end disc, which
/// is inside the ball, on its way in or out). One tube crossing and at most two ball crossings
/// instead of two balls, a slab and a tube. `Err(())` where it declines and the union decides: a
/// zero or non-finite axis or radius, a line parallel to the axis (its tube interval is
/// unbounded), or a ball that rounding makes miss where the tube says the line is inside.
fn line_capsule_by_tube<T: Real>(
    o: &Point3<T>,
    d: &Vector3<T>,
    c: &Capsule<T>,
    axis: &Vector3<T>,
) -> Result<Option<(T, T)>, ()> {
    let aa = axis.norm_squared();
    let ends = osculate_math::finite_probe(&c.a.coords) + osculate_math::finite_probe(&c.b.coords);
    let usable = (c.radius > T::ZERO)
        & (aa > T::ZERO)
        & (aa < T::INFINITY)
        & (ends.x + ends.y + ends.z == T::ZERO);
    if !usable {
        return Err(());
    }
    let Some((c1, c2)) = crate::round::line_infinite_cylinder(o, d, &c.a, axis, c.radius) else {
        return Ok(None);
    };
    if !(c1.is_finite() & c2.is_finite()) {
        return Err(()); // along the axis: unbounded in the tube
    }
    // Where along the axis each end of the tube interval lies, in units of `aa`.
    let along = |t: T| (o + d * t - c.a).dot(axis);
    let (y1, y2) = (along(c1), along(c2));
    let enter = if y1 < T::ZERO {
        match line_ball(o, d, &c.a, c.radius) {
            Some((t, _)) => t,
            None => return Ok(None), // beyond the end plane and outside the ball: a miss
        }
    } else if y1 > aa {
        match line_ball(o, d, &c.b, c.radius) {
            Some((t, _)) => t,
            None => return Ok(None),
        }
    } else {
        c1
    };
    let exit = if y2 < T::ZERO {
        line_ball(o, d, &c.a, c.radius).ok_or(())?.1
    } else if y2 > aa {
        line_ball(o, d, &c.b, c.radius).ok_or(())?.1
    } else {
        c2
    };
    Ok(Some((enter, exit)))
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// The tube-first capsule interval agrees with the union of the three pieces wherever it does
    /// not decline, on random capsules and lines of every flavour (within a relative tolerance:
    /// the two solve different quadratics near the seams), and the two agree on hit or miss
    /// away from grazing.
    fn capsule_tube_agrees_with_union<T: Real>() {
        use osculate_testing::{Frame, Generate, Rng, test_tolerance};
        let mut rng = Rng::new(91);
        let (mut compared, mut hits) = (0, 0);
        for _ in 0..3000 {
            let frame = Frame::<T>::random(&mut rng);
            let c = Capsule::generate(&mut rng, &frame);
            let ray = Ray::generate(&mut rng, &frame);
            let (o, d) = (&ray.origin, &ray.direction);
            let axis = c.b - c.a;
            let Ok(tube) = line_capsule_by_tube(o, d, &c, &axis) else { continue };
            let union = line_capsule_by_union(o, d, &c, &axis);
            compared += 1;
            let scale = frame.scale + (o - frame.origin).amax();
            let tol = test_tolerance::<T>() * T::lit(10.0) * (T::ONE + scale / frame.scale);
            match (tube, union) {
                (Some((a1, a2)), Some((b1, b2))) => {
                    hits += 1;
                    let len = d.norm();
                    assert!(
                        (a1 - b1).abs() * len <= tol * scale,
                        "{c:?} {ray:?} {tube:?} {union:?}"
                    );
                    assert!(
                        (a2 - b2).abs() * len <= tol * scale,
                        "{c:?} {ray:?} {tube:?} {union:?}"
                    );
                }
                (None, None) => {}
                // Grazing: a chord shorter than the tolerance either way.
                (Some((a1, a2)), None) | (None, Some((a1, a2))) => {
                    assert!((a2 - a1).abs() * d.norm() <= tol * scale, "{c:?} {ray:?}");
                }
            }
        }
        assert!(compared > 2000 && hits > 300, "{compared} compared, {hits} hits");
    }

    #[test]
    fn capsule_tube_agrees_with_union_f32() {
        capsule_tube_agrees_with_union::<f32>();
    }

    #[test]
    fn capsule_tube_agrees_with_union_f64() {
        capsule_tube_agrees_with_union::<f64>();
    }

    #[test]
    fn non_finite_and_zero_rays_miss_f32() {
        non_finite_and_zero_rays_miss::<f32>();
    }

    #[test]
    fn non_finite_and_zero_rays_miss_f64() {
        non_finite_and_zero_rays_miss::<f64>();
    }

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
        let v = |x: f64, y: f64, z: f64| Vector3::new(l(x), l(y), l(z));
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
        // Capsule: body, caps, along the axis from inside, a zero-length capsule.
        let c = Capsule::new(p(0.0, 0.0, -1.0), p(0.0, 0.0, 1.0), l(0.5));
        let h = ray_capsule(&Ray::new(p(-2.0, 0.0, 0.5), v(1.0, 0.0, 0.0)), &c);
        assert!(h.is_some_and(|h| h.t_enter == l(1.5) && h.t_exit == l(2.5)), "{h:?}");
        let h = ray_capsule(&Ray::new(p(0.0, 0.0, 0.0), v(0.0, 0.0, 1.0)), &c);
        assert!(h.is_some_and(|h| h.t_enter == l(0.0) && h.t_exit == l(1.5)), "{h:?}");
        let h = ray_capsule(&Ray::new(p(0.0, 0.0, 5.0), v(0.0, 0.0, -2.0)), &c);
        assert!(
            h.is_some_and(|h| h.t_enter == l(1.75) && h.normal.into_inner() == v(0.0, 0.0, 1.0)),
            "{h:?}"
        );
        assert!(ray_capsule(&Ray::new(p(-2.0, 0.6, 0.0), v(1.0, 0.0, 0.0)), &c).is_none());
        let ball = Capsule::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 0.0), l(1.0));
        let h = ray_capsule(&Ray::new(p(-3.0, 0.0, 0.0), v(1.0, 0.0, 0.0)), &ball);
        assert!(h.is_some_and(|h| h.t_enter == l(2.0) && h.t_exit == l(4.0)), "{h:?}");
    }

    #[test]
    fn worked_cases_f32() {
        worked_cases::<f32>();
    }

    #[test]
    fn worked_cases_f64() {
        worked_cases::<f64>();
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
}
