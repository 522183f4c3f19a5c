//! Distances from a point to the shapes whose closest point is in `point`, where a formula without
//! the closest point is shorter: the plane's signed distance, and the squared distances to lines,
//! rays, spheres and capsules.

use osculate_math::{Capsule, Line, Plane, Point3, Ray, Real, Sphere};

use crate::point::{closest_point_on_line, closest_point_on_ray};

/// The signed distance from `p` to `plane`, `n·p − d`: positive in front (the side the normal
/// points to), negative behind (Ericson 5.1.1). NaN in, NaN out.
///
/// # Examples
/// ```
/// use osculate_closest::signed_distance_point_plane;
/// use osculate_math::{Plane, Point3, Vector3};
///
/// let floor = Plane::new(Vector3::z_axis(), 1.0_f64);
/// assert_eq!(signed_distance_point_plane(&Point3::new(5.0, 5.0, -2.0), &floor), -3.0);
/// ```
#[inline]
#[must_use]
pub fn signed_distance_point_plane<T: Real>(p: &Point3<T>, plane: &Plane<T>) -> T {
    plane.signed_distance(p)
}

/// The squared distance from `p` to `plane`.
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_plane;
/// use osculate_math::{Plane, Point3, Vector3};
///
/// let floor = Plane::new(Vector3::z_axis(), 1.0_f32);
/// assert_eq!(sq_distance_point_plane(&Point3::new(5.0, 5.0, -2.0), &floor), 9.0);
/// ```
#[inline]
#[must_use]
pub fn sq_distance_point_plane<T: Real>(p: &Point3<T>, plane: &Plane<T>) -> T {
    let s = plane.signed_distance(p);
    s * s
}

/// The squared distance from `p` to `line`, measured from the projected point (the division-free
/// `|ap|² − (ap·d)²/|d|²` cancels for points near a long line).
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_line;
/// use osculate_math::{Line, Point3, Vector3};
///
/// let l = Line::new(Point3::new(0.0_f64, 0.0, 0.0), Vector3::new(1.0, 0.0, 0.0));
/// assert_eq!(sq_distance_point_line(&Point3::new(-7.0, 3.0, 4.0), &l), 25.0);
/// ```
#[inline]
#[must_use]
pub fn sq_distance_point_line<T: Real>(p: &Point3<T>, line: &Line<T>) -> T {
    (closest_point_on_line(p, line).point - p).norm_squared()
}

/// The squared distance from `p` to `ray` (its parameter clamped to `[0, max_t]`).
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_ray;
/// use osculate_math::{Point3, Ray, Vector3};
///
/// let r = Ray::new(Point3::new(0.0_f64, 0.0, 0.0), Vector3::new(1.0, 0.0, 0.0));
/// assert_eq!(sq_distance_point_ray(&Point3::new(-3.0, 4.0, 0.0), &r), 25.0);
/// ```
#[inline]
#[must_use]
pub fn sq_distance_point_ray<T: Real>(p: &Point3<T>, ray: &Ray<T>) -> T {
    (closest_point_on_ray(p, ray).point - p).norm_squared()
}

/// The squared distance from `p` to solid sphere `s`: `(|p − c| − r)²` outside, 0 inside; NaN for
/// a negative radius.
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_sphere;
/// use osculate_math::{Point3, Sphere};
///
/// let s = Sphere::new(Point3::new(0.0_f32, 0.0, 0.0), 1.0);
/// assert_eq!(sq_distance_point_sphere(&Point3::new(0.0, 3.0, 0.0), &s), 4.0);
/// assert_eq!(sq_distance_point_sphere(&Point3::new(0.0, 0.5, 0.0), &s), 0.0);
/// ```
#[inline]
#[must_use]
pub fn sq_distance_point_sphere<T: Real>(p: &Point3<T>, s: &Sphere<T>) -> T {
    ball_sq_distance((p - s.center).norm_squared(), s.radius)
}

/// The squared distance from a point at squared distance `d2` from a ball's center to the ball.
#[inline]
fn ball_sq_distance<T: Real>(d2: T, r: T) -> T {
    if !(r >= T::ZERO) {
        return T::NAN;
    }
    if d2 <= r * r {
        return T::ZERO;
    }
    let gap = d2.sqrt() - r;
    gap * gap
}

/// The squared distance from `p` to solid capsule `c`: the distance to its axis minus the radius,
/// squared; 0 inside; NaN for a negative radius.
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_capsule;
/// use osculate_math::{Capsule, Point3};
///
/// let c = Capsule::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0), 1.0);
/// assert_eq!(sq_distance_point_capsule(&Point3::new(3.0, 2.0, 0.0), &c), 4.0);
/// assert_eq!(sq_distance_point_capsule(&Point3::new(0.0, 7.0, 0.0), &c), 4.0);
/// ```
#[inline]
#[must_use]
pub fn sq_distance_point_capsule<T: Real>(p: &Point3<T>, c: &Capsule<T>) -> T {
    ball_sq_distance(c.segment().sq_distance_to_point(p), c.radius)
}
