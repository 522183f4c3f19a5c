//! Overlap of a sphere with a sphere and with a segment: a squared distance against a squared
//! radius (van den Bergen 3.1.1, Ericson 4.3.1, 5.1.2.1), and the ball helpers the capsule, box,
//! triangle and polygon tests share.
//!
//! Touching counts as overlapping (`≤`). A negative radius is an empty shape: no overlap. A NaN
//! anywhere gives `false` (every comparison with NaN fails).

use osculate_closest::sq_distance_point_segment;
use osculate_math::{Point3, Real, Segment, Sphere, is_finite_point};

/// Whether a point at squared distance `d2` from a ball's center is within radius `r`. An
/// infinite radius is non-finite input: `false`.
#[inline]
pub(crate) fn within<T: Real>(d2: T, r: T) -> bool {
    // Three comparisons under one non-short-circuit `&`, no branch; NaN fails each.
    (r >= T::ZERO) & (r < T::INFINITY) & (d2 <= r * r)
}

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
pub(crate) fn within_slack<T: Real>(d: T, r: T, scale: T) -> bool {
    r >= T::ZERO && r.is_finite() && d <= r + T::lit(ROUNDING_SLACK) * T::EPSILON * scale
}

/// The largest coordinate of `points`, in magnitude (0 for none).
#[inline]
pub(crate) fn magnitude<T: Real>(points: &[&Point3<T>]) -> T {
    points.iter().fold(T::ZERO, |m, p| m.fast_max(p.coords.amax()))
}

/// Whether every point is finite (the other shape's coordinates; an infinite box or segment could
/// otherwise put a finite center at distance 0).
#[inline]
pub(crate) fn finite<T: Real>(points: &[&Point3<T>]) -> bool {
    points.iter().all(|p| is_finite_point(*p))
}

/// Whether two solid spheres overlap: `|c₂ − c₁|² ≤ (r₁ + r₂)²` (van den Bergen 3.1.1, Ericson
/// 4.3.1), without a square root. Touching spheres overlap. A negative radius or a NaN or
/// infinite number gives `false`, as do centers whose squared distance overflows (more than about
/// 1.8e19 apart in `f32`, 1.3e154 in `f64`).
///
/// # Examples
/// ```
/// use osculate_overlap::sphere_sphere;
/// use osculate_math::{Point3, Sphere};
///
/// let a = Sphere::new(Point3::new(0.0_f32, 0.0, 0.0), 1.0);
/// assert!(sphere_sphere(&a, &Sphere::new(Point3::new(2.0, 0.0, 0.0), 1.0))); // touching
/// assert!(!sphere_sphere(&a, &Sphere::new(Point3::new(2.1, 0.0, 0.0), 1.0)));
/// ```
#[inline]
#[must_use]
pub fn sphere_sphere<T: Real>(a: &Sphere<T>, b: &Sphere<T>) -> bool {
    let d2 = (b.center - a.center).norm_squared();
    let r = a.radius + b.radius;
    // Non-short-circuit `&`: one branch-free test on random input (the `&&` chain mispredicted).
    // A NaN anywhere fails `d² ≤ r²`; `max(d², r) < ∞` fails for an infinite radius and for an
    // infinite center (`d²` is then +∞ or NaN), also where `r²` overflows.
    (a.radius >= T::ZERO) & (b.radius >= T::ZERO) & (d2 <= r * r) & (d2.fast_max(r) < T::INFINITY)
}

/// Whether segment `seg` and solid sphere `s` meet: the squared distance from the center to the
/// segment (Ericson 5.1.2.1) against `r²` — van den Bergen's Algorithm 3.2 answers the same.
/// Touching (the segment exactly `r` from the center) counts as meeting (`≤`); within a rounding
/// of touching the computed squared distance decides.
///
/// # Examples
/// ```
/// use osculate_overlap::segment_sphere;
/// use osculate_math::{Point3, Segment, Sphere};
///
/// let s = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// assert!(segment_sphere(&Segment::new(Point3::new(-5.0, 0.5, 0.0), Point3::new(5.0, 0.5, 0.0)), &s));
/// assert!(!segment_sphere(&Segment::new(Point3::new(2.0, 0.0, 0.0), Point3::new(5.0, 0.0, 0.0)), &s));
/// ```
#[inline]
#[must_use]
pub fn segment_sphere<T: Real>(seg: &Segment<T>, s: &Sphere<T>) -> bool {
    finite(&[&s.center, &seg.a, &seg.b])
        && within(sq_distance_point_segment(&s.center, seg), s.radius)
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_testing::{for_f32_and_f64, sphere_shorthands};

    fn worked_cases<T: Real>() {
        let (_, p, _, s) = sphere_shorthands::<T>();
        let unit = s(p(0.0, 0.0, 0.0), 1.0);
        // Touching, nested, apart, negative radius, NaN.
        assert!(sphere_sphere(&unit, &s(p(0.0, 0.0, 2.0), 1.0)));
        assert!(sphere_sphere(&unit, &s(p(0.1, 0.0, 0.0), 0.2)));
        assert!(!sphere_sphere(&unit, &s(p(0.0, 3.0, 0.0), 1.0)));
        assert!(!sphere_sphere(&unit, &s(p(0.0, 0.0, 0.0), -0.5)));
        assert!(!sphere_sphere(&s(p(0.0, 0.0, 0.0), -2.0), &s(p(0.0, 0.0, 0.0), 3.0)));
        assert!(!sphere_sphere(&unit, &s(p(f64::NAN, 0.0, 0.0), 1.0)));
        // A segment touching a ball.
        let (a, b) = (p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0));
        assert!(segment_sphere(&Segment::new(a, b), &s(p(1.0, 0.5, 0.0), 0.5)));
    }

    #[test]
    fn infinite_radius_or_coordinate_is_no_overlap() {
        let inf = f64::INFINITY;
        let unit = Sphere::new(Point3::origin(), 1.0);
        assert!(!sphere_sphere(&unit, &Sphere::new(Point3::new(1.0, 0.0, 0.0), inf)));
        assert!(!sphere_sphere(&Sphere::new(Point3::new(1e200, 0.0, inf), 1e200), &unit));
    }

    for_f32_and_f64!(worked_cases);
}
