//! Rays against capsules (van den Bergen 3.1.3, Ericson 5.3.7): the union of the tube and the
//! two end balls.

use osculate_math::{Capsule, Point3, Ray, Real, Vector3, safe_normalize};

use crate::quadric::{clip, line_ball, line_cylinder_body, line_infinite_cylinder, radial_normal};
use crate::types::{RayHit, hit, valid_ray};

/// The cast of `ray` against solid capsule `c`: the capsule is the union of the cylinder around
/// its axis and the balls at its ends (Ericson 5.3.7's decomposition), each convex, so the ray's
/// interval is the smallest enter and the largest exit over the pieces it meets. A zero-length
/// capsule is a sphere; a zero-radius one is its segment, whose normal at a hit is the part of
/// `−direction` perpendicular to the axis (`−direction` for a ray along the axis or a point).
/// `None` on a miss, an invalid ray, or an invalid capsule (a NaN or infinite end or radius, a
/// negative radius).
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
    let (t1, enter, exit, inside) = capsule_interval(ray, c)?;
    let d = &ray.direction;
    let axis = c.b - c.a;
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
    let n = radial_normal(&(p - (c.a + axis * along)), &axis, d, c.radius);
    hit(ray, enter, exit, safe_normalize(&n).or_else(|| safe_normalize(&-ray.direction)), inside)
}

/// The line's interval `t1` (unclipped entry) and the ray's clipped `[enter, exit]` in the
/// capsule, and whether the ray starts inside; `None` on a miss or an invalid input (see
/// [`ray_capsule`]).
#[inline(always)]
fn capsule_interval<T: Real>(ray: &Ray<T>, c: &Capsule<T>) -> Option<(T, T, T, bool)> {
    // A capsule with a NaN or infinite end or radius is never hit (an end's NaN could otherwise
    // drop out of the union of its pieces and leave a finite ball to hit).
    if !valid_ray(ray) || !osculate_math::Validate::is_valid(c) {
        return None;
    }
    let (o, d) = (&ray.origin, &ray.direction);
    let axis = c.b - c.a;
    let (t1, t2) = match line_capsule_by_tube(o, d, c, &axis) {
        Ok(interval) => interval?,
        Err(()) => line_capsule_by_union(o, d, c, &axis)?,
    };
    let (enter, exit, inside) = clip(ray, t1, t2)?;
    Some((t1, enter, exit, inside))
}

/// [`ray_capsule`]'s entry parameter alone: `Some(t_enter)` exactly when [`ray_capsule`] returns
/// a hit, with the same `t_enter` (0 for a ray starting inside), without the normal (which
/// always exists for a valid ray: `−direction` normalises where the radial offset does not).
/// `None` on a miss, an invalid ray, or an invalid capsule (a NaN or infinite end or radius, a
/// negative radius).
///
/// # Examples
/// ```
/// use osculate_cast::ray_capsule_t;
/// use osculate_math::{Capsule, Point3, Ray, Vector3};
///
/// let c = Capsule::new(Point3::new(0.0_f64, -2.0, 0.0), Point3::new(0.0, 2.0, 0.0), 1.0);
/// assert_eq!(ray_capsule_t(&Ray::new(Point3::new(-5.0, 1.0, 0.0), Vector3::x()), &c), Some(4.0));
/// assert_eq!(ray_capsule_t(&Ray::new(Point3::new(0.0, 9.0, 0.0), -Vector3::y()), &c), Some(6.0));
/// // A zero-radius capsule is its segment; a NaN radius hits nothing.
/// let seg = Capsule { radius: 0.0, ..c };
/// assert_eq!(ray_capsule_t(&Ray::new(Point3::new(-5.0, 1.0, 0.0), Vector3::x()), &seg), Some(5.0));
/// let bad = Capsule { radius: f64::NAN, ..c };
/// assert_eq!(ray_capsule_t(&Ray::new(Point3::new(-5.0, 1.0, 0.0), Vector3::x()), &bad), None);
/// ```
#[inline]
#[must_use]
pub fn ray_capsule_t<T: Real>(ray: &Ray<T>, c: &Capsule<T>) -> Option<T> {
    let (_, enter, exit, _) = capsule_interval(ray, c)?;
    (enter.is_finite() & !exit.is_nan() & osculate_math::is_finite_point(&ray.point_at(enter)))
        .then_some(enter)
}

/// [`ray_capsule`]'s hit decision alone: `true` exactly when [`ray_capsule`] returns a hit.
/// `false` on a miss, an invalid ray or an invalid capsule.
///
/// # Examples
/// ```
/// use osculate_cast::ray_capsule_hits;
/// use osculate_math::{Capsule, Point3, Ray, Vector3};
///
/// let c = Capsule::new(Point3::new(0.0_f32, -2.0, 0.0), Point3::new(0.0, 2.0, 0.0), 1.0);
/// assert!(ray_capsule_hits(&Ray::new(Point3::new(-5.0, 2.5, 0.0), Vector3::x()), &c)); // an end ball
/// assert!(!ray_capsule_hits(&Ray::new(Point3::new(-5.0, 3.5, 0.0), Vector3::x()), &c));
/// assert!(!ray_capsule_hits(&Ray::new(Point3::new(-5.0, 0.0, 0.0), Vector3::zeros()), &c));
/// ```
#[inline]
#[must_use]
pub fn ray_capsule_hits<T: Real>(ray: &Ray<T>, c: &Capsule<T>) -> bool {
    ray_capsule_t(ray, c).is_some()
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
        && let Some((t1, t2)) = line_cylinder_body(o, d, &c.a, axis, c.radius)
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
    let Some((c1, c2)) = line_infinite_cylinder(o, d, &c.a, axis, c.radius) else {
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
    use osculate_math::{point3, vector3};

    use osculate_testing::for_f32_and_f64;

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

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let v = vector3::<T>;
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

    /// A capsule with a NaN or infinite end or radius, or a negative radius, is never hit: a ray
    /// through where its valid end's ball lies used to hit that ball (the NaN end dropped out of
    /// the union of the pieces).
    fn invalid_capsules_are_never_hit<T: Real>() {
        let ray = Ray::new(point3(-5.0, 0.05, 0.02), vector3(1.0, 0.0, 0.0));
        let (o, z, n, inf) = (T::ZERO, T::ONE, T::NAN, T::INFINITY);
        let good = Capsule::new(point3(0.0, 0.0, 0.0), point3(0.0, 0.0, 1.0), z);
        assert!(ray_capsule(&ray, &good).is_some());
        let bad = [
            Capsule { b: Point3::new(o, o, n), ..good },
            Capsule { a: Point3::new(n, o, o), ..good },
            Capsule { b: Point3::new(o, inf, z), ..good },
            Capsule { radius: n, ..good },
            Capsule { radius: -z, ..good },
        ];
        for c in bad {
            assert!(ray_capsule(&ray, &c).is_none(), "{c:?}");
        }
    }

    for_f32_and_f64!(capsule_tube_agrees_with_union, worked_cases, invalid_capsules_are_never_hit);
}
