//! Capsules: the closest point to a point, squared distance, and the closest points and contacts
//! of a capsule with a sphere and with a capsule: each a ball query on the closest point of the
//! axis (Ericson 5.1.2, 5.1.9; van den Bergen 3.1.1, 3.1.3).

use osculate_math::{Capsule, Point3, Real, Segment, Sphere, Unit, UnitVector3, any_perpendicular};

use crate::linear::{closest_point_on_segment, closest_points_segment_segment};
use crate::sphere::{ball_point, ball_sq_distance, closest_balls, contact_balls, grown_a};
use crate::types::{ClosestPoints, Contact, Param, finite};

/// The point of solid capsule `c` closest to `p`: the closest point of its inner segment, pushed out
/// by the radius (Ericson 5.1.2 + van den Bergen 3.1.1). A negative radius gives NaN.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_capsule;
/// use osculate_math::{Capsule, Point3};
///
/// let c = Capsule::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0), 1.0);
/// assert_eq!(closest_point_on_capsule(&Point3::new(3.0, 2.0, 0.0), &c), Point3::new(1.0, 2.0, 0.0));
/// ```
#[inline]
#[must_use]
pub fn closest_point_on_capsule<T: Real>(p: &Point3<T>, c: &Capsule<T>) -> Point3<T> {
    let axis = closest_point_on_segment(p, &c.segment()).point;
    ball_point(p, &axis, c.radius)
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

/// The closest points of solid sphere `s` (A) and solid capsule `c` (B): the capsule is its axis
/// segment grown by its radius, so this is [`closest_points_segment_sphere`](crate::closest_points_segment_sphere)'s axis point taken as
/// the center of a second sphere.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_sphere_capsule;
/// use osculate_math::{Capsule, Point3, Sphere};
///
/// let s = Sphere::new(Point3::new(0.0_f64, 5.0, 0.0), 1.0);
/// let c = Capsule::new(Point3::new(-3.0, 0.0, 0.0), Point3::new(3.0, 0.0, 0.0), 2.0);
/// assert_eq!(closest_points_sphere_capsule(&s, &c).distance, 2.0);
/// ```
#[must_use]
pub fn closest_points_sphere_capsule<T: Real>(s: &Sphere<T>, c: &Capsule<T>) -> ClosestPoints<T> {
    let q = closest_point_on_segment(&s.center, &c.segment()).point;
    closest_balls(&s.center, s.radius, &q, c.radius)
}

/// The closest points of segment `s` (A) and solid capsule `c` (B), with the segment parameter:
/// the closest points of the segment and the capsule's axis ([`closest_points_segment_segment`],
/// Ericson 5.1.9), the axis point moved out by the radius (van den Bergen 3.1.1). A segment meeting
/// the capsule gets distance 0 and a segment point within the radius of the axis. A negative
/// radius or a NaN gives a NaN distance.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_segment_capsule;
/// use osculate_math::{Capsule, Point3, Segment};
///
/// let s = Segment::new(Point3::new(0.0_f64, -2.0, 3.0), Point3::new(0.0, 2.0, 3.0));
/// let c = Capsule::new(Point3::new(-3.0, 0.0, 0.0), Point3::new(3.0, 0.0, 0.0), 1.0);
/// let r = closest_points_segment_capsule(&s, &c);
/// assert_eq!((r.distance, r.point_b, r.param_a.curve()), (2.0, Point3::new(0.0, 0.0, 1.0), Some(0.5)));
/// ```
#[must_use]
pub fn closest_points_segment_capsule<T: Real>(s: &Segment<T>, c: &Capsule<T>) -> ClosestPoints<T> {
    let mut core = closest_points_segment_segment(&c.segment(), s);
    core.param_a = Param::None;
    grown_a(core, c.radius).swapped()
}

/// The closest points of two solid capsules: the closest points of their axis segments (Ericson
/// 5.1.9) taken as centers of two spheres (van den Bergen 3.1.1), so the distance is the axes'
/// distance minus both radii. Overlapping capsules get distance 0 and a shared point.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_capsule_capsule;
/// use osculate_math::{Capsule, Point3};
///
/// let a = Capsule::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), 1.0);
/// let b = Capsule::new(Point3::new(2.0, -3.0, 4.0), Point3::new(2.0, 3.0, 4.0), 0.5);
/// let c = closest_points_capsule_capsule(&a, &b);
/// assert_eq!((c.point_a, c.point_b, c.distance), (Point3::new(2.0, 0.0, 1.0), Point3::new(2.0, 0.0, 3.5), 2.5));
/// ```
#[must_use]
pub fn closest_points_capsule_capsule<T: Real>(a: &Capsule<T>, b: &Capsule<T>) -> ClosestPoints<T> {
    let axes = closest_points_segment_segment(&a.segment(), &b.segment());
    closest_balls(&axes.point_a, a.radius, &axes.point_b, b.radius)
}

/// The contact of two balls `(c1, r1)` (A) and `(c1 + normal·d, r2)` (B) whose centers are `d ≥ 0`
/// apart along the unit `normal`, known exactly (no direction taken from rounded points).
#[inline]
fn balls_along<T: Real>(
    c1: &Point3<T>,
    r1: T,
    d: T,
    r2: T,
    normal: UnitVector3<T>,
) -> Option<Contact<T>> {
    if !(r1 >= T::ZERO && r2 >= T::ZERO) {
        return None;
    }
    let c2 = c1 + normal.into_inner() * d;
    finite(Contact {
        distance: d - r1 - r2,
        normal,
        point_a: c1 + normal.into_inner() * r1,
        point_b: c2 - normal.into_inner() * r2,
    })
}

/// The contact of solid sphere `s` (A) and solid capsule `c` (B): [`contact_segment_sphere`](crate::contact_segment_sphere) with
/// the capsule's radius added on the segment side (the capsule is its axis grown by its radius).
///
/// # Examples
/// ```
/// use osculate_closest::contact_sphere_capsule;
/// use osculate_math::{Capsule, Point3, Sphere};
///
/// let s = Sphere::new(Point3::new(0.0_f32, 2.0, 0.0), 1.0);
/// let c = Capsule::new(Point3::new(-1.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), 0.5);
/// assert_eq!(contact_sphere_capsule(&s, &c).unwrap().distance, 0.5);
/// ```
#[must_use]
pub fn contact_sphere_capsule<T: Real>(s: &Sphere<T>, c: &Capsule<T>) -> Option<Contact<T>> {
    let seg = c.segment();
    let y = closest_point_on_segment(&s.center, &seg).point;
    contact_balls(&s.center, s.radius, &y, c.radius, || any_perpendicular(&seg.direction()))
}

/// The contact of two solid capsules: the closest points of the axes (Ericson 5.1.9) as the
/// centers of two balls (van den Bergen 3.1.1). When the axes meet, the normal is perpendicular to
/// both (`d₁ × d₂`), or to the common direction when they are parallel.
///
/// # Examples
/// ```
/// use osculate_closest::contact_capsule_capsule;
/// use osculate_math::{Capsule, Point3, Vector3};
///
/// let a = Capsule::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), 1.0);
/// let b = Capsule::new(Point3::new(2.0, -3.0, 1.5), Point3::new(2.0, 3.0, 1.5), 1.0);
/// let c = contact_capsule_capsule(&a, &b).unwrap();
/// assert_eq!((c.distance, c.normal), (-0.5, Vector3::z_axis()));
/// ```
#[must_use]
pub fn contact_capsule_capsule<T: Real>(a: &Capsule<T>, b: &Capsule<T>) -> Option<Contact<T>> {
    let (sa, sb) = (a.segment(), b.segment());
    let axes = closest_points_segment_segment(&sa, &sb);
    let (d1, d2) = (sa.direction(), sb.direction());
    let n = d1.cross(&d2);
    let nn = n.norm_squared();
    let crossing = nn > T::DEGENERATE_SQ_TOLERANCE * d1.norm_squared() * d2.norm_squared();
    let inside = |p: Param<T>| matches!(p, Param::Curve(s) if T::ZERO < s && s < T::ONE);
    // Both closest points inside their segments, axes not parallel: the line between them is the
    // common perpendicular d₁ × d₂, exactly. Take the direction from the cross product and the
    // axes' distance along it, not from the rounded points: when the axes nearly meet, their
    // difference is mostly rounding, and its direction could be anything (an f32 pair 0.68 deep,
    // moved out along that normal, still overlapped by 0.083). The sign follows
    // the points, so the exchanged query gets the flipped normal.
    // The normal is that unit `±n` itself, not the direction of `center_b − point_a` after
    // `center_b = point_a + n·along` was rounded: at 7e-7 apart (f32, coordinates near 0.7)
    // that rounding turned it 0.04 rad, and the witness points left the capsules' surfaces by
    // up to 0.017.
    if crossing && inside(axes.param_a) && inside(axes.param_b) {
        let n = Unit::new_unchecked(n / nn.sqrt());
        let along = (axes.point_b - axes.point_a).dot(&n);
        let normal = if along < T::ZERO { -n } else { n };
        return balls_along(&axes.point_a, a.radius, along.abs(), b.radius, normal);
    }
    contact_balls(&axes.point_a, a.radius, &axes.point_b, b.radius, || {
        if crossing {
            Unit::new_unchecked(n / nn.sqrt())
        } else if d1.norm_squared() >= d2.norm_squared() {
            any_perpendicular(&d1)
        } else {
            any_perpendicular(&d2)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::*;

    use osculate_math::*;
    use osculate_testing::for_f32_and_f64;

    fn point_worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        // A capsule whose axis is a point: a ball.
        let cap = Capsule::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 0.0), l(1.0));
        assert!(
            (closest_point_on_capsule(&p(0.0, 3.0, 0.0), &cap) - p(0.0, 1.0, 0.0)).norm() < l(1e-6)
        );
    }

    fn pair_worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let s1 = Sphere::new(p(0.0, 0.0, 0.0), l(1.0));
        let cap = Capsule::new(p(0.0, 3.0, -5.0), p(0.0, 3.0, 5.0), l(0.5));
        check_points(
            &closest_points_sphere_capsule(&s1, &cap),
            p(0.0, 1.0, 0.0),
            p(0.0, 2.5, 0.0),
            1.5,
        );
        let cap2 = Capsule::new(p(0.0, 0.0, -5.0), p(0.0, 0.0, 5.0), l(1.0));
        let c = closest_points_capsule_capsule(&cap, &cap2);
        assert!((c.distance - l(1.5)).abs() < l(1e-6), "{c:?}");
        assert_eq!(closest_points_capsule_capsule(&cap2, &cap2).distance, l(0.0));
    }

    /// Two f32 capsules whose axes cross 7e-7 apart, 1.26 deep: the normal came from the
    /// rounded `center_b − point_a`, 0.04 rad off `d₁ × d₂`, and the witness points were off the
    /// capsules' surfaces. Now the normal is the unit cross product and each witness is its
    /// radius from its own axis.
    #[test]
    fn capsules_with_nearly_meeting_axes_keep_witnesses_on_the_surfaces() {
        let a = Capsule::new(
            Point3::new(-0.24073954_f32, 0.84830016, 0.65920556),
            Point3::new(-0.703057, 0.70715183, -0.8960277),
            0.40752456,
        );
        let b = Capsule::new(
            Point3::new(0.25026417_f32, 0.4955758, 0.27693915),
            Point3::new(-0.6995275, 0.7710849, -0.6298006),
            0.8518508,
        );
        for (x, y, flip) in [(&a, &b, 1.0_f32), (&b, &a, -1.0)] {
            let Some(c) = contact_capsule_capsule(x, y) else { panic!("no contact") };
            let axis = |s: &Capsule<f32>, p: &Point3<f32>| {
                (closest_point_on_segment(p, &s.segment()).point - p).norm()
            };
            assert!((axis(x, &c.point_a) - x.radius).abs() < 1e-6, "{c:?}");
            assert!((axis(y, &c.point_b) - y.radius).abs() < 1e-6, "{c:?}");
            // The f64 query's normal on the same numbers, and d₁ × d₂'s direction.
            let want = Vector3::new(0.4547691970987364, 0.8646017094047166, -0.21365594179571143);
            let got = (c.normal.into_inner() * flip).map(f64::from);
            assert!((got - want).norm() < 1e-5, "{c:?}");
            assert!((c.distance + 1.2593746).abs() < 1e-6, "{c:?}");
        }
    }

    // Sphere-capsule and capsule-capsule: balls around the axes' closest points.

    fn sphere_beside_capsule<T: Real>() {
        let cap = Capsule::new(p(-3.0, 0.0, 0.0), p(3.0, 0.0, 0.0), T::lit(0.5));
        let s = sphere(p(0.0, 2.0, 0.0), 1.0);
        check_contact(contact_sphere_capsule(&s, &cap), 0.5, [0.0, -1.0, 0.0]);
    }

    fn sphere_center_on_capsule_axis_uses_r_cross_e_min<T: Real>() {
        // The axis r = (6, 0, 0); its smallest coordinates are y and z, the first is taken:
        // r × e_y = (0, 0, 6). Depth ρ + capsule radius.
        let cap = Capsule::new(p(-3.0, 0.0, 0.0), p(3.0, 0.0, 0.0), T::lit(0.5));
        let c = check_contact(
            contact_sphere_capsule(&sphere(p(1.0, 0.0, 0.0), 1.0), &cap),
            -1.5,
            [0.0, 0.0, 1.0],
        );
        assert_eq!((c.point_a, c.point_b), (p(1.0, 0.0, 1.0), p(1.0, 0.0, -0.5)));
    }

    fn crossing_capsule_axes_use_d1_cross_d2<T: Real>() {
        let a = Capsule::new(p(-3.0, 0.0, 0.0), p(3.0, 0.0, 0.0), T::lit(0.5));
        let b = Capsule::new(p(0.0, -3.0, 0.0), p(0.0, 3.0, 0.0), T::lit(0.5));
        check_contact(contact_capsule_capsule(&a, &b), -1.0, [0.0, 0.0, 1.0]);
        check_contact(contact_capsule_capsule(&b, &a), -1.0, [0.0, 0.0, -1.0]);
    }

    fn coincident_parallel_capsules_get_a_perpendicular_axis<T: Real>() {
        let a = Capsule::new(p(-3.0, 0.0, 0.0), p(3.0, 0.0, 0.0), T::lit(0.5));
        let c = check_contact(contact_capsule_capsule(&a, &a), -1.0, [0.0, 0.0, 1.0]);
        assert_eq!(c.normal.x, T::ZERO);
    }

    fn capsules_apart<T: Real>() {
        let a = Capsule::new(p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), T::lit(1.0));
        let b = Capsule::new(p(2.0, -3.0, 3.0), p(2.0, 3.0, 3.0), T::lit(0.5));
        check_contact(contact_capsule_capsule(&a, &b), 1.5, [0.0, 0.0, 1.0]);
    }

    for_f32_and_f64!(
        point_worked_cases,
        pair_worked_cases,
        sphere_beside_capsule,
        sphere_center_on_capsule_axis_uses_r_cross_e_min,
        crossing_capsule_axes_use_d1_cross_d2,
        coincident_parallel_capsules_get_a_perpendicular_axis,
        capsules_apart,
    );
}
