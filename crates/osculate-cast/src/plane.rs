//! Rays against planes and halfspaces (Ericson 5.3.1), and the line where two planes meet
//! (Ericson 5.4.4).

use osculate_math::{
    Halfspace, Line, Plane, Point3, Ray, Real, UnitVector3, Vector3, is_finite_point,
    safe_normalize,
};

use crate::quadric::clip;
use crate::types::{RayHit, hit, valid_ray};

/// The unit normal `n` turned to face the ray (against its direction `d`).
#[inline]
pub(crate) fn facing<T: Real>(n: &Vector3<T>, d: &Vector3<T>) -> Option<UnitVector3<T>> {
    safe_normalize(&if n.dot(d) > T::ZERO { -n } else { *n })
}

/// The cast of `ray` against `plane` (a two-sided surface), Ericson 5.3.1: `t = (d − n·o)/(n·dir)`.
/// The normal faces the ray's origin. A ray parallel to the plane misses — unless it lies in it,
/// when it "hits" at `t = 0`. `None` on a miss (behind the origin or beyond `max_t`), an invalid ray
/// or NaN.
///
/// # Examples
/// ```
/// use osculate_cast::ray_plane;
/// use osculate_math::{Plane, Point3, Ray, Vector3};
///
/// let floor = Plane::new(Vector3::z_axis(), 0.0_f64);
/// let h = ray_plane(&Ray::new(Point3::new(1.0, 2.0, 3.0), Vector3::new(0.0, 0.0, -2.0)), &floor).unwrap();
/// assert_eq!((h.t_enter, h.point, h.normal), (1.5, Point3::new(1.0, 2.0, 0.0), Vector3::z_axis()));
/// ```
#[must_use]
pub fn ray_plane<T: Real>(ray: &Ray<T>, plane: &Plane<T>) -> Option<RayHit<T>> {
    if !valid_ray(ray) {
        return None;
    }
    let n = plane.normal.into_inner();
    let s = plane.signed_distance(&ray.origin);
    let denom = n.dot(&ray.direction);
    let t = if denom == T::ZERO {
        if s != T::ZERO {
            return None;
        }
        T::ZERO
    } else {
        -s / denom
    };
    if !(T::ZERO <= t && t <= ray.max_t) {
        return None;
    }
    let normal = if denom == T::ZERO { safe_normalize(&n) } else { facing(&n, &ray.direction) };
    hit(ray, t, t, normal, false)
}

/// The cast of `ray` against the solid halfspace of `h` (behind its plane, `n·x ≤ d`): the ray's
/// interval behind the plane, entering with the plane's normal. A ray starting behind the plane has
/// `t_enter = 0`; one that never leaves has `t_exit = max_t` (`+∞` for an unbounded ray).
///
/// # Examples
/// ```
/// use osculate_cast::ray_halfspace;
/// use osculate_math::{Halfspace, Plane, Point3, Ray, Vector3};
///
/// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f32));
/// let h = ray_halfspace(&Ray::new(Point3::new(0.0, 0.0, 2.0), -Vector3::z()), &ground).unwrap();
/// assert_eq!((h.t_enter, h.t_exit, h.normal), (2.0, f32::INFINITY, Vector3::z_axis()));
/// ```
#[must_use]
pub fn ray_halfspace<T: Real>(ray: &Ray<T>, h: &Halfspace<T>) -> Option<RayHit<T>> {
    if !valid_ray(ray) {
        return None;
    }
    let n = h.plane.normal.into_inner();
    let s = h.plane.signed_distance(&ray.origin);
    let denom = n.dot(&ray.direction);
    let (t1, t2) = if denom == T::ZERO {
        if s > T::ZERO {
            return None;
        }
        (T::NEG_INFINITY, T::INFINITY)
    } else if denom < T::ZERO {
        (-s / denom, T::INFINITY)
    } else {
        (T::NEG_INFINITY, -s / denom)
    };
    let (enter, exit, inside) = clip(ray, t1, t2)?;
    // The plane's normal as it is: `hit` rejects one off unit length (a plane built through its
    // public fields), as every cast does, without normalising a unit vector again.
    hit(
        ray,
        enter,
        exit,
        Some(h.plane.normal),
        inside || (s <= T::ZERO && enter == T::ZERO && denom >= T::ZERO),
    )
}

/// The line where planes `p1` and `p2` meet (Ericson 5.4.4): direction `d = n₁ × n₂`, through
/// `((d₁ n₂ − d₂ n₁) × d) / |d|²`. `None` when the planes are parallel (`|d|² ≤
/// DEGENERATE_SQ_TOLERANCE` for unit normals: the point would be garbage) or NaN.
///
/// # Examples
/// ```
/// use osculate_cast::plane_plane;
/// use osculate_math::{Plane, Point3, Vector3};
///
/// let l = plane_plane(&Plane::new(Vector3::x_axis(), 1.0_f64), &Plane::new(Vector3::y_axis(), 2.0)).unwrap();
/// assert_eq!((l.point, l.direction), (Point3::new(1.0, 2.0, 0.0), Vector3::z()));
/// assert!(plane_plane(&Plane::new(Vector3::x_axis(), 1.0_f64), &Plane::new(Vector3::x_axis(), 2.0)).is_none());
/// ```
#[must_use]
pub fn plane_plane<T: Real>(p1: &Plane<T>, p2: &Plane<T>) -> Option<Line<T>> {
    let (n1, n2) = (p1.normal.into_inner(), p2.normal.into_inner());
    let d = n1.cross(&n2);
    let dd = d.norm_squared();
    if !(dd > T::DEGENERATE_SQ_TOLERANCE) || !dd.is_finite() {
        return None;
    }
    let point = Point3::from((n2 * p1.d - n1 * p2.d).cross(&d) / dd);
    is_finite_point(&point).then_some(Line::new(point, d))
}

#[cfg(test)]
mod tests {
    use super::*;

    use osculate_math::UnitVector3;
    use osculate_testing::{for_f32_and_f64, shorthands};

    fn worked_cases<T: Real>() {
        let (l, p, v) = shorthands::<T>();
        let floor = Plane::new(Vector3::z_axis(), l(0.0));
        // Plane: from above and below (normal faces the ray), parallel off and in the plane, behind.
        let h = ray_plane(&Ray::new(p(0.0, 0.0, -2.0), v(0.0, 0.0, 1.0)), &floor);
        assert!(
            h.is_some_and(|h| h.t_enter == l(2.0) && h.normal.into_inner() == v(0.0, 0.0, -1.0))
        );
        assert!(ray_plane(&Ray::new(p(0.0, 0.0, 1.0), v(1.0, 0.0, 0.0)), &floor).is_none());
        assert!(
            ray_plane(&Ray::new(p(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0)), &floor)
                .is_some_and(|h| h.t_enter == l(0.0))
        );
        assert!(ray_plane(&Ray::new(p(0.0, 0.0, 1.0), v(0.0, 0.0, 1.0)), &floor).is_none());
        // Halfspace: from inside, leaving; from outside, parallel outside.
        let ground = Halfspace::new(floor);
        let h = ray_halfspace(&Ray::new(p(0.0, 0.0, -1.0), v(0.0, 0.0, 1.0)), &ground);
        assert!(h.is_some_and(|h| h.t_enter == l(0.0) && h.t_exit == l(1.0)), "{h:?}");
        assert!(ray_halfspace(&Ray::new(p(0.0, 0.0, 1.0), v(1.0, 0.0, 0.0)), &ground).is_none());

        // Planes: the intersection line lies on both; three planes; parallel ones.
        let a = Plane::new(UnitVector3::new_normalize(v(1.0, 1.0, 0.0)), l(1.0));
        let b = Plane::new(Vector3::z_axis(), l(2.0));
        let line = plane_plane(&a, &b);
        assert!(line.is_some_and(|ln| a.signed_distance(&ln.point).abs() < l(1e-6)
            && b.signed_distance(&ln.point).abs() < l(1e-6)));
        assert!(osculate_math::three_planes(&a, &b, &a).is_none());
    }

    for_f32_and_f64!(worked_cases);
}
