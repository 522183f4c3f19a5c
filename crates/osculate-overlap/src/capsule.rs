//! Overlap of a capsule with a sphere, a segment, a capsule, a box and a triangle, and of two
//! segments (capsules of radius 0): the distance of the axis against the radii (Ericson 4.5.1,
//! 5.1.9), the axis measured by the closest-point layer.

use osculate_closest::{
    closest_points_segment_aabb, closest_points_segment_obb, closest_points_segment_segment,
    closest_points_segment_triangle, sq_distance_point_segment,
};
use osculate_math::{Aabb, Capsule, Obb, Point3, Real, Segment, Sphere, Triangle};

use crate::sphere::{finite, within};

/// The rounding slack of a closest-point distance between points of magnitude `scale`, in units of
/// `ε · scale`: the band in which GJK's boolean test also counts shapes as touching (its rounding
/// of support points of that magnitude), so that both tests err the same way.
const ROUNDING_SLACK: f64 = 8.0;

/// Whether an axis at computed distance `d` from a shape is within radius `r` of it: `d ≤ r`
/// with the slack [`ROUNDING_SLACK`]` · ε · scale` for the rounding of `d` (`scale` the largest
/// coordinate of the inputs), so that in doubt the test errs toward overlap (Ericson 5.2.1.1);
/// this matters most for radius 0, where every touch is decided by rounding. A NaN distance or a
/// negative or infinite radius gives `false`.
#[inline]
fn within_slack<T: Real>(d: T, r: T, scale: T) -> bool {
    r >= T::ZERO && r.is_finite() && d <= r + T::lit(ROUNDING_SLACK) * T::EPSILON * scale
}

/// The largest coordinate of `points`, in magnitude (0 for none).
#[inline]
fn magnitude<T: Real>(points: &[&Point3<T>]) -> T {
    points.iter().fold(T::ZERO, |m, p| m.fast_max(p.coords.amax()))
}

/// Whether solid sphere `s` and solid capsule `c` overlap: the center's squared distance to the
/// capsule's axis against `(r_s + r_c)²` (Ericson 4.5.1). Touching (the center exactly `r_s + r_c`
/// from the axis) counts as overlapping (`≤`); within a rounding of touching the computed squared
/// distance decides.
///
/// # Examples
/// ```
/// use osculate_overlap::sphere_capsule;
/// use osculate_math::{Capsule, Point3, Sphere};
///
/// let c = Capsule::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0), 1.0);
/// assert!(sphere_capsule(&Sphere::new(Point3::new(1.5, 2.0, 0.0), 0.5), &c));
/// assert!(!sphere_capsule(&Sphere::new(Point3::new(0.0, 6.0, 0.0), 0.5), &c));
/// ```
#[inline]
#[must_use]
pub fn sphere_capsule<T: Real>(s: &Sphere<T>, c: &Capsule<T>) -> bool {
    s.radius >= T::ZERO
        && c.radius >= T::ZERO
        && finite(&[&s.center, &c.a, &c.b])
        && within(sq_distance_point_segment(&s.center, &c.segment()), s.radius + c.radius)
}

/// Whether two solid capsules overlap: the squared distance of their axes (Ericson 5.1.9) against
/// `(r₁ + r₂)²` (Ericson 4.5.1). Touching (the axes exactly `r₁ + r₂` apart) counts as overlapping
/// (`≤`); within a rounding of touching the computed squared distance decides.
///
/// # Examples
/// ```
/// use osculate_overlap::capsule_capsule;
/// use osculate_math::{Capsule, Point3};
///
/// let a = Capsule::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), 1.0);
/// let b = Capsule::new(Point3::new(2.0, -2.0, 1.5), Point3::new(2.0, 2.0, 1.5), 0.5);
/// assert!(capsule_capsule(&a, &b));
/// ```
#[inline]
#[must_use]
pub fn capsule_capsule<T: Real>(a: &Capsule<T>, b: &Capsule<T>) -> bool {
    let d = closest_points_segment_segment(&a.segment(), &b.segment()).distance;
    a.radius >= T::ZERO
        && b.radius >= T::ZERO
        && finite(&[&a.a, &a.b, &b.a, &b.b])
        && within(d * d, a.radius + b.radius)
}

/// Whether two segments meet: the distance of their closest points (Ericson 5.1.9) within the
/// rounding slack of the coordinates' magnitude (crossing segments meet at a point no arithmetic
/// lands on exactly, so the slack errs toward overlap, Ericson 5.2.1.1). A zero-length segment is
/// a point; a NaN gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::segment_segment;
/// use osculate_math::{Point3, Segment};
///
/// let a = Segment::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 0.3));
/// let b = Segment::new(Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.3)); // crossing
/// assert!(segment_segment(&a, &b));
/// assert!(!segment_segment(&a, &Segment::new(Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.4))));
/// ```
#[must_use]
pub fn segment_segment<T: Real>(a: &Segment<T>, b: &Segment<T>) -> bool {
    let d = closest_points_segment_segment(a, b).distance;
    finite(&[&a.a, &a.b, &b.a, &b.b])
        && within_slack(d, T::ZERO, magnitude(&[&a.a, &a.b, &b.a, &b.b]))
}

/// Whether segment `s` and solid capsule `c` meet: the distance of the segment and the capsule's
/// axis (Ericson 5.1.9) against the radius, with [`segment_segment`]'s slack. Touching counts; a
/// negative or infinite radius or a NaN gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::segment_capsule;
/// use osculate_math::{Capsule, Point3, Segment};
///
/// let c = Capsule::new(Point3::new(-3.0_f64, 0.0, 0.0), Point3::new(3.0, 0.0, 0.0), 1.0);
/// assert!(segment_capsule(&Segment::new(Point3::new(0.0, -2.0, 0.9), Point3::new(0.0, 2.0, 0.9)), &c));
/// assert!(!segment_capsule(&Segment::new(Point3::new(0.0, -2.0, 1.1), Point3::new(0.0, 2.0, 1.1)), &c));
/// ```
#[must_use]
pub fn segment_capsule<T: Real>(s: &Segment<T>, c: &Capsule<T>) -> bool {
    let d = closest_points_segment_segment(s, &c.segment()).distance;
    let points = [&s.a, &s.b, &c.a, &c.b];
    finite(&points) && within_slack(d, c.radius, magnitude(&points))
}

/// Whether solid capsule `c` and solid box `b` overlap: the distance of the capsule's axis and the
/// box ([`closest_points_segment_aabb`](osculate_closest::closest_points_segment_aabb), exact up
/// to rounding) against the radius, with [`segment_segment`]'s slack. Touching counts; an inverted
/// box, a negative or infinite radius or a NaN gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::capsule_aabb;
/// use osculate_math::{Aabb, Capsule, Point3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// assert!(capsule_aabb(&Capsule::new(Point3::new(-2.0, 0.5, 1.4), Point3::new(2.0, 0.5, 1.4), 0.5), &b));
/// assert!(!capsule_aabb(&Capsule::new(Point3::new(-2.0, 0.5, 1.6), Point3::new(2.0, 0.5, 1.6), 0.5), &b));
/// ```
#[must_use]
pub fn capsule_aabb<T: Real>(c: &Capsule<T>, b: &Aabb<T>) -> bool {
    let d = closest_points_segment_aabb(&c.segment(), b).distance;
    let points = [&c.a, &c.b, &b.min, &b.max];
    finite(&points) && within_slack(d, c.radius, magnitude(&points))
}

/// Whether solid capsule `c` and solid oriented box `b` overlap: as [`capsule_aabb`], the axis
/// measured by [`closest_points_segment_obb`](osculate_closest::closest_points_segment_obb).
///
/// # Examples
/// ```
/// use osculate_overlap::capsule_obb;
/// use osculate_math::{Capsule, Obb, Point3, Rotation3, Vector3};
///
/// let b = Obb::new(Point3::origin(), Rotation3::from_axis_angle(&Vector3::z_axis(), 0.785398), Vector3::new(1.0_f64, 1.0, 1.0));
/// // The turned box reaches 1.414 along x.
/// assert!(capsule_obb(&Capsule::new(Point3::new(1.8, 0.0, -2.0), Point3::new(1.8, 0.0, 2.0), 0.5), &b));
/// assert!(!capsule_obb(&Capsule::new(Point3::new(2.0, 0.0, -2.0), Point3::new(2.0, 0.0, 2.0), 0.5), &b));
/// ```
#[must_use]
pub fn capsule_obb<T: Real>(c: &Capsule<T>, b: &Obb<T>) -> bool {
    let d = closest_points_segment_obb(&c.segment(), b).distance;
    let reach = Point3::from(b.center.coords.abs() + b.half_extents.abs());
    let points = [&c.a, &c.b, &reach];
    finite(&points) && within_slack(d, c.radius, magnitude(&points))
}

/// Whether solid capsule `c` and triangle `t` overlap: the distance of the capsule's axis and the
/// triangle ([`closest_points_segment_triangle`](osculate_closest::closest_points_segment_triangle),
/// Ericson 5.1.10) against the radius, with [`segment_segment`]'s slack. Touching counts; a
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
    use osculate_math::Point3;
    use osculate_math::point3;
    use osculate_testing::for_f32_and_f64;

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let s = |c: Point3<T>, r: f64| Sphere::new(c, l(r));
        // Capsules: crossing, parallel apart, a zero-length capsule is a sphere.
        let c1 = Capsule::new(p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), l(0.5));
        assert!(capsule_capsule(&c1, &Capsule::new(p(2.0, -1.0, 0.9), p(2.0, 1.0, 0.9), l(0.5))));
        assert!(!capsule_capsule(&c1, &Capsule::new(p(0.0, 1.1, 0.0), p(4.0, 1.1, 0.0), l(0.5))));
        assert!(capsule_capsule(&c1, &Capsule::new(p(5.0, 0.0, 0.0), p(5.0, 0.0, 0.0), l(0.5))));
        assert!(sphere_capsule(&s(p(2.0, 1.0, 0.0), 0.5), &c1));
        assert!(!sphere_capsule(&s(p(2.0, 1.0, 0.0), 0.4), &c1));
    }

    #[test]
    fn infinite_radius_is_no_overlap() {
        let o = Point3::origin();
        let unit = Sphere::new(o, 1.0);
        let c = Capsule::new(o, Point3::new(1.0, 0.0, 0.0), f64::INFINITY);
        assert!(!sphere_capsule(&unit, &c) && !capsule_capsule(&c, &c));
    }

    for_f32_and_f64!(worked_cases);
}
