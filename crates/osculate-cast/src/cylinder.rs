//! Rays against cylinders (Ericson 5.3.7): the slab along the axis intersected with the infinite
//! cylinder; the entry normal belongs to whichever bound was the binding one.

use osculate_math::{Cylinder, Ray, Real, Vector3, is_finite_point, safe_normalize};

use crate::quadric::{clip, line_infinite_cylinder, line_slab, radial_normal};
use crate::types::{RayHit, hit, valid_ray};

/// The cast of `ray` against solid cylinder `c` with its end caps (Ericson 5.3.7): the
/// intersection of the slab between the end planes with the infinite tube of radius `r` around the
/// axis. The entry normal is the cap's (`±axis`) when the slab bound binds, the radial direction
/// when the tube's does. A cylinder with `a == b` is treated as the ball of its radius (as its
/// `contains_point` does); a zero-radius one is its axis segment, whose normal at a hit on the
/// side is the part of `−direction` perpendicular to the axis. `None` on a miss, an invalid ray,
/// NaN or a negative radius.
///
/// # Examples
/// ```
/// use osculate_cast::ray_cylinder;
/// use osculate_math::{Cylinder, Point3, Ray, Vector3};
///
/// let c = Cylinder::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0), 1.0);
/// let side = ray_cylinder(&Ray::new(Point3::new(-3.0, 0.0, 1.0), Vector3::x()), &c).unwrap();
/// assert_eq!((side.t_enter, side.t_exit, side.normal), (2.0, 4.0, -Vector3::x_axis()));
/// let cap = ray_cylinder(&Ray::new(Point3::new(0.5, 0.0, 5.0), -Vector3::z()), &c).unwrap();
/// assert_eq!((cap.t_enter, cap.t_exit, cap.normal), (3.0, 5.0, Vector3::z_axis()));
/// ```
#[must_use]
pub fn ray_cylinder<T: Real>(ray: &Ray<T>, c: &Cylinder<T>) -> Option<RayHit<T>> {
    if !(valid_ray(ray) && c.radius >= T::ZERO && is_finite_point(&c.a) && is_finite_point(&c.b)) {
        return None;
    }
    let axis = c.b - c.a;
    if axis == Vector3::zeros() {
        return crate::sphere::ray_sphere(ray, &osculate_math::Sphere::new(c.a, c.radius));
    }
    let (o, d) = (&ray.origin, &ray.direction);
    let (s1, s2) = line_slab(o, d, &c.a, &axis)?;
    let (c1, c2) = line_infinite_cylinder(o, d, &c.a, &axis, c.radius)?;
    let (t1, t2) = (s1.fast_max(c1), s2.fast_min(c2));
    if !(t1 <= t2) {
        return None;
    }
    let (enter, exit, inside) = clip(ray, t1, t2)?;
    let normal = if s1 >= c1 {
        // Through a cap: the bottom cap (normal −axis) when moving along the axis.
        let up = d.dot(&axis) < T::ZERO;
        safe_normalize(&if up { axis } else { -axis })
    } else {
        let p = ray.point_at(t1);
        let along = (p - c.a).dot(&axis) / axis.norm_squared();
        safe_normalize(&radial_normal(&(p - (c.a + axis * along)), &axis, d, c.radius))
    };
    hit(ray, enter, exit, normal.or_else(|| safe_normalize(&-ray.direction)), inside)
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_testing::{for_f32_and_f64, near, shorthands};

    fn worked_cases<T: Real>() {
        let (l, p, v) = shorthands::<T>();
        let close = near::<T>(1e-5);
        // Cylinder: side, cap, along the axis from inside, rim, parallel outside, a = b.
        let c = Cylinder::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 2.0), l(1.0));
        let h = ray_cylinder(&Ray::new(p(0.0, 0.0, 1.0), v(0.0, 0.0, 1.0)), &c);
        assert!(h.is_some_and(|h| h.t_enter == l(0.0) && close(h.t_exit, 1.0)), "{h:?}");
        let h = ray_cylinder(&Ray::new(p(0.5, 0.0, -3.0), v(0.0, 0.0, 1.0)), &c);
        assert!(
            h.is_some_and(|h| close(h.t_enter, 3.0) && h.normal.into_inner() == v(0.0, 0.0, -1.0)),
            "{h:?}"
        );
        assert!(ray_cylinder(&Ray::new(p(1.5, 0.0, -3.0), v(0.0, 0.0, 1.0)), &c).is_none());
        let rim = ray_cylinder(&Ray::new(p(-2.0, 0.0, 3.0), v(1.0, 0.0, -1.0)), &c);
        assert!(rim.is_some_and(|h| close(h.t_enter, 1.0)), "{rim:?}");
        let ball = Cylinder::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 0.0), l(1.0));
        assert!(
            ray_cylinder(&Ray::new(p(-3.0, 0.0, 0.0), v(1.0, 0.0, 0.0)), &ball)
                .is_some_and(|h| close(h.t_enter, 2.0))
        );
    }

    for_f32_and_f64!(worked_cases);
}
