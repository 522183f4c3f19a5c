//! Overlap of a capsule with a sphere, a segment and a capsule: the distance of the axis against
//! the radii (Ericson 4.5.1, 5.1.9).

use osculate_closest::{closest_points_segment_segment, sq_distance_point_segment};
use osculate_math::{Capsule, Real, Segment, Sphere};

use crate::sphere::{finite, magnitude, within, within_slack};

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

/// Whether segment `s` and solid capsule `c` meet: the distance of the segment and the capsule's
/// axis (Ericson 5.1.9) against the radius, with [`segment_segment`](crate::segment_segment)'s slack. Touching counts; a
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

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_math::Point3;
    use osculate_testing::{for_f32_and_f64, sphere_shorthands};

    fn worked_cases<T: Real>() {
        let (l, p, _, s) = sphere_shorthands::<T>();
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
