//! Spheres: the closest point to a point, squared distance, and the closest points and
//! contacts of a sphere with a sphere and with a segment (van den Bergen 3.1.1-3.1.3), with the
//! ball helpers the capsule and box queries share.

use osculate_math::{
    Point3, Real, Segment, Sphere, Unit, UnitVector3, Vector3, any_perpendicular, finite_probe,
};

use crate::linear::closest_point_on_segment;
use crate::types::{ClosestPoints, Contact, Param, finite};

/// The point of solid ball `s` closest to `p`: `p` itself when inside, else the surface point toward
/// `p` (van den Bergen 3.1.1). A negative radius (empty sphere) gives NaN.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_sphere;
/// use osculate_math::{Point3, Sphere};
///
/// let s = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// assert_eq!(closest_point_on_sphere(&Point3::new(0.0, 3.0, 0.0), &s), Point3::new(0.0, 1.0, 0.0));
/// assert_eq!(closest_point_on_sphere(&Point3::new(0.0, 0.5, 0.0), &s), Point3::new(0.0, 0.5, 0.0));
/// ```
#[inline]
#[must_use]
pub fn closest_point_on_sphere<T: Real>(p: &Point3<T>, s: &Sphere<T>) -> Point3<T> {
    ball_point(p, &s.center, s.radius)
}

/// The point of the solid ball (`center`, `radius`) closest to `p`.
#[inline]
pub(crate) fn ball_point<T: Real>(p: &Point3<T>, center: &Point3<T>, radius: T) -> Point3<T> {
    if !(radius >= T::ZERO) {
        return Point3::new(T::NAN, T::NAN, T::NAN);
    }
    let v = p - center;
    let d2 = v.norm_squared();
    if d2 <= radius * radius {
        return *p;
    }
    center + v * (radius / d2.sqrt())
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
pub(crate) fn ball_sq_distance<T: Real>(d2: T, r: T) -> T {
    if !(r >= T::ZERO) {
        return T::NAN;
    }
    if d2 <= r * r {
        return T::ZERO;
    }
    let gap = d2.sqrt() - r;
    gap * gap
}

/// The closest points of two solid balls given by center and radius.
#[inline]
pub(crate) fn closest_balls<T: Real>(
    c1: &Point3<T>,
    r1: T,
    c2: &Point3<T>,
    r2: T,
) -> ClosestPoints<T> {
    let none = Param::None;
    let v = c2 - c1;
    let d = v.norm();
    // One branch for every invalid input: a negative or NaN radius, a NaN or infinite center
    // (`d < ∞` fails for a NaN or infinite `d`).
    if !((r1 >= T::ZERO) & (r2 >= T::ZERO) & (d < T::INFINITY)) {
        return ClosestPoints::nan();
    }
    if d <= r1 + r2 {
        // Overlapping: report a shared point, the middle of the overlap of the two diameters on the
        // center line (any point of c1 for concentric balls).
        if d == T::ZERO {
            return ClosestPoints {
                point_a: *c1,
                point_b: *c1,
                distance: T::ZERO,
                param_a: none,
                param_b: none,
            };
        }
        let lo = (-r1).fast_max(d - r2);
        let hi = r1.fast_min(d + r2);
        let x = c1 + v * ((lo + hi) * T::HALF / d);
        return ClosestPoints {
            point_a: x,
            point_b: x,
            distance: T::ZERO,
            param_a: none,
            param_b: none,
        };
    }
    // One division and three products (a vector divided by a scalar is three divisions);
    // `d > r1 + r2 ≥ 0` here.
    let u = v * (T::ONE / d);
    ClosestPoints {
        point_a: c1 + u * r1,
        point_b: c2 - u * r2,
        distance: d - r1 - r2,
        param_a: none,
        param_b: none,
    }
}

/// The closest points of a shape `A` grown by radius `r` (a sphere about its center, a capsule about
/// its axis) and a shape `B`, from `core`, the closest points of `A`'s core and `B`: `A`'s witness
/// moved out by `r` toward `B` (van den Bergen 3.1.1), `B`'s witness and parameter kept. Overlap
/// (the core within `r` of `B`) gives distance 0 and `B`'s witness as the shared point.
#[inline]
pub(crate) fn grown_a<T: Real>(core: ClosestPoints<T>, r: T) -> ClosestPoints<T> {
    let mut c = closest_balls(&core.point_a, r, &core.point_b, T::ZERO);
    if !c.distance.is_nan() {
        c.param_b = core.param_b;
    }
    c
}

/// The closest points of two solid spheres (van den Bergen 3.1.1): the surface points on the line
/// of centers, at distance `|c₂ − c₁| − r₁ − r₂`. Overlapping spheres get distance 0 and a point
/// they share (the middle of the overlap on the line of centers; the common center when
/// concentric). A negative radius or a NaN gives NaN.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_sphere_sphere;
/// use osculate_math::{Point3, Sphere};
///
/// let a = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// let b = Sphere::new(Point3::new(5.0, 0.0, 0.0), 2.0);
/// let c = closest_points_sphere_sphere(&a, &b);
/// assert_eq!((c.point_a, c.point_b, c.distance), (Point3::new(1.0, 0.0, 0.0), Point3::new(3.0, 0.0, 0.0), 2.0));
/// ```
#[inline]
#[must_use]
pub fn closest_points_sphere_sphere<T: Real>(a: &Sphere<T>, b: &Sphere<T>) -> ClosestPoints<T> {
    closest_balls(&a.center, a.radius, &b.center, b.radius)
}

/// The closest points of segment `seg` (A) and solid sphere `s` (B), with the segment parameter:
/// the segment point closest to the center (Ericson 5.1.2), and the sphere point toward it. A
/// segment meeting the sphere gets distance 0 and that segment point.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_segment_sphere;
/// use osculate_math::{Point3, Segment, Sphere};
///
/// let s = Sphere::new(Point3::new(0.0_f32, 0.0, 0.0), 1.0);
/// let seg = Segment::new(Point3::new(-5.0, 3.0, 0.0), Point3::new(5.0, 3.0, 0.0));
/// let c = closest_points_segment_sphere(&seg, &s);
/// assert_eq!((c.distance, c.point_b, c.param_a.curve()), (2.0, Point3::new(0.0, 1.0, 0.0), Some(0.5)));
/// ```
#[must_use]
pub fn closest_points_segment_sphere<T: Real>(seg: &Segment<T>, s: &Sphere<T>) -> ClosestPoints<T> {
    let q = closest_point_on_segment(&s.center, seg);
    let mut c = closest_balls(&q.point, T::ZERO, &s.center, s.radius);
    c.param_a = if c.distance.is_nan() { Param::None } else { Param::Curve(q.t) };
    c
}

/// The contact of two balls `(c1, r1)` (A) and `(c2, r2)` (B); when the centers coincide the normal
/// is `fallback` (van den Bergen 3.1.1: any unit vector is then right for the spheres alone; the
/// callers pass one that is right for the shape the ball stands for).
#[inline]
pub(crate) fn contact_balls<T: Real>(
    c1: &Point3<T>,
    r1: T,
    c2: &Point3<T>,
    r2: T,
    fallback: impl FnOnce() -> UnitVector3<T>,
) -> Option<Contact<T>> {
    if !(r1 >= T::ZERO && r2 >= T::ZERO) {
        return None;
    }
    finite(contact_balls_unchecked(c1, r1, c2, r2, fallback))
}

/// [`ball_ball`] without the radius and finiteness checks, for callers that make them.
#[inline]
pub(crate) fn contact_balls_unchecked<T: Real>(
    c1: &Point3<T>,
    r1: T,
    c2: &Point3<T>,
    r2: T,
    fallback: impl FnOnce() -> UnitVector3<T>,
) -> Contact<T> {
    let v = c2 - c1;
    let d2 = v.norm_squared();
    let d = d2.sqrt();
    // One division and three products where `d²` is a normal number (the three quotients `v/d`
    // where it is subnormal: `1/d` may overflow there, and `d` has lost precision).
    let normal = if d2 >= T::MIN_POSITIVE {
        Unit::new_unchecked(v * (T::ONE / d))
    } else if d > T::ZERO {
        Unit::new_unchecked(v / d)
    } else {
        fallback()
    };
    Contact {
        distance: d - r1 - r2,
        normal,
        point_a: c1 + normal.into_inner() * r1,
        point_b: c2 - normal.into_inner() * r2,
    }
}

/// The contact of two solid spheres (van den Bergen 3.1.1): signed distance `|c₂ − c₁| − r₁ − r₂`,
/// normal along the line of centers, witness points `c₁ + r₁n` and `c₂ − r₂n`.
///
/// Concentric spheres: every direction is a shortest way out, and the text says any unit axis will
/// do; this returns `+x`, depth `r₁ + r₂`, also for centers whose squared distance is subnormal
/// (closer than about 1e-19 in `f32`, 1e-154 in `f64`). A negative radius or a NaN or infinite
/// number gives `None`.
///
/// # Examples
/// ```
/// use osculate_closest::contact_sphere_sphere;
/// use osculate_math::{Point3, Sphere, Vector3};
///
/// let a = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// let b = Sphere::new(Point3::new(1.5, 0.0, 0.0), 1.0);
/// let c = contact_sphere_sphere(&a, &b).unwrap();
/// assert_eq!((c.distance, c.normal, c.depth()), (-0.5, Vector3::x_axis(), 0.5));
/// assert_eq!((c.point_a, c.point_b), (Point3::new(1.0, 0.0, 0.0), Point3::new(0.5, 0.0, 0.0)));
/// ```
#[inline]
#[must_use]
pub fn contact_sphere_sphere<T: Real>(a: &Sphere<T>, b: &Sphere<T>) -> Option<Contact<T>> {
    let v = b.center - a.center;
    let d2 = v.norm_squared();
    let d = d2.sqrt();
    // Centers whose squared distance is below the least normal number (about 1e-19 apart in
    // `f32`, 1e-154 in `f64`) are concentric to the precision `d` has there: `+x`. Elsewhere
    // `v/d` is unit to rounding, so no test of the normal is needed.
    let normal = if d2 >= T::MIN_POSITIVE {
        Unit::new_unchecked(v * (T::ONE / d))
    } else {
        Vector3::x_axis()
    };
    let n = normal.into_inner();
    let c = Contact {
        distance: d - a.radius - b.radius,
        normal,
        point_a: a.center + n * a.radius,
        point_b: b.center - n * b.radius,
    };
    // One branch-free test: the radii not negative (nor NaN), and every number of the answer
    // finite (`x − x` is 0 only for finite `x`; an infinite `d²` leaves a zero normal and an
    // infinite distance, a NaN one a NaN distance).
    let z = finite_probe(&c.point_a.coords) + finite_probe(&c.point_b.coords);
    #[allow(clippy::eq_op, reason = "x − x is the finiteness probe: 0 for finite x, NaN otherwise")]
    let dz = c.distance - c.distance;
    let ok = (a.radius >= T::ZERO) & (b.radius >= T::ZERO) & (z.x + z.y + z.z + dz == T::ZERO);
    ok.then_some(c)
}

/// The contact of segment `seg` (A) and solid sphere `s` (B) (van den Bergen 3.1.3): the segment
/// point `y` closest to the center `c`, normal `(c − y)/|c − y|` (from the segment toward the
/// sphere), signed distance `|c − y| − ρ`, witness points `y` and `c − ρn`.
///
/// When the segment passes through the center, the text's choice: the normal is `r × e_i`
/// normalised (up to its sign), with `r` the segment direction and `i` the axis where `|r_i|` is
/// smallest, so the sphere is pushed out perpendicular to the segment, depth `ρ`.
///
/// # Examples
/// ```
/// use osculate_closest::contact_segment_sphere;
/// use osculate_math::{Point3, Segment, Sphere, Vector3};
///
/// let s = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// let seg = Segment::new(Point3::new(-2.0, 0.5, 0.0), Point3::new(2.0, 0.5, 0.0));
/// let c = contact_segment_sphere(&seg, &s).unwrap();
/// assert_eq!((c.distance, c.normal, c.point_a), (-0.5, -Vector3::y_axis(), Point3::new(0.0, 0.5, 0.0)));
/// // Through the center: pushed out perpendicular to the segment.
/// let through = Segment::new(Point3::new(-2.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0));
/// let c = contact_segment_sphere(&through, &s).unwrap();
/// assert_eq!(c.distance, -1.0);
/// assert!(c.normal.x.abs() < 1e-12);
/// ```
#[must_use]
pub fn contact_segment_sphere<T: Real>(seg: &Segment<T>, s: &Sphere<T>) -> Option<Contact<T>> {
    let y = closest_point_on_segment(&s.center, seg).point;
    contact_balls(&y, T::ZERO, &s.center, s.radius, || -any_perpendicular(&seg.direction()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_math::point3;

    use crate::test_support::*;
    use osculate_testing::for_f32_and_f64;

    fn point_worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        // Inside, outside, the empty sphere.
        let s = Sphere::new(p(1.0, 1.0, 1.0), l(2.0));
        assert!(
            (closest_point_on_sphere(&p(1.0, 1.0, 5.0), &s) - p(1.0, 1.0, 3.0)).norm() < l(1e-6)
        );
        assert!(
            closest_point_on_sphere(&p(0.0, 0.0, 0.0), &Sphere::new(p(0.0, 0.0, 0.0), -l(1.0)))
                .x
                .is_nan()
        );
        // NaN queries never produce a confident finite answer.
        let nan = p(f64::NAN, 0.0, 0.0);
        assert!((closest_point_on_sphere(&nan, &s) - nan).x.is_nan());
    }

    fn pair_worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        // Spheres and capsules: apart, overlapping (shared point), concentric, negative radius.
        let s1 = Sphere::new(p(0.0, 0.0, 0.0), l(1.0));
        check_points(
            &closest_points_sphere_sphere(&s1, &Sphere::new(p(0.0, 4.0, 0.0), l(1.0))),
            p(0.0, 1.0, 0.0),
            p(0.0, 3.0, 0.0),
            2.0,
        );
        check_points(
            &closest_points_sphere_sphere(&s1, &Sphere::new(p(1.5, 0.0, 0.0), l(1.0))),
            p(0.75, 0.0, 0.0),
            p(0.75, 0.0, 0.0),
            0.0,
        );
        check_points(
            &closest_points_sphere_sphere(&s1, &Sphere::new(p(0.0, 0.0, 0.0), l(2.0))),
            p(0.0, 0.0, 0.0),
            p(0.0, 0.0, 0.0),
            0.0,
        );
        assert!(
            closest_points_sphere_sphere(&s1, &Sphere::new(p(0.0, 0.0, 0.0), l(-1.0)))
                .distance
                .is_nan()
        );
        check_points(
            &closest_points_segment_sphere(&seg(p(-1.0, 0.5, 0.0), p(1.0, 0.5, 0.0)), &s1)
                .swapped(),
            p(0.0, 0.5, 0.0),
            p(0.0, 0.5, 0.0),
            0.0,
        );
    }

    // Sphere-sphere (van den Bergen 3.1.1).

    fn spheres_apart_meet_on_the_line_of_centers<T: Real>() {
        let c = check_contact(
            contact_sphere_sphere(&unit_sphere::<T>(), &sphere(p(0.0, 3.0, 0.0), 1.0)),
            1.0,
            [0.0, 1.0, 0.0],
        );
        assert_eq!((c.point_a, c.point_b), (p(0.0, 1.0, 0.0), p(0.0, 2.0, 0.0)));
    }

    fn touching_spheres_have_distance_zero<T: Real>() {
        let b = sphere(p(0.0, 0.0, -2.0), 1.0);
        check_contact(contact_sphere_sphere(&unit_sphere::<T>(), &b), 0.0, [0.0, 0.0, -1.0]);
    }

    fn concentric_spheres_get_any_unit_axis<T: Real>() {
        // Every direction is a shortest way out; the text lets any unit axis do: +x, depth r₁ + r₂.
        let c = contact_sphere_sphere(&unit_sphere::<T>(), &sphere(p(0.0, 0.0, 0.0), 2.0));
        let c = check_contact(c, -3.0, [1.0, 0.0, 0.0]);
        assert_eq!((c.point_a, c.point_b), (p(1.0, 0.0, 0.0), p(-2.0, 0.0, 0.0)));
        // Two points (zero radii) at the same place: distance 0, still a unit axis.
        let dot = sphere::<T>(p(5.0, 5.0, 5.0), 0.0);
        check_contact(contact_sphere_sphere(&dot, &dot), 0.0, [1.0, 0.0, 0.0]);
        // Centers whose squared distance is subnormal (along y, so a computed normal would not
        // be +x): concentric to the precision `d` has there, +x. An infinite radius: none.
        let tiny = T::MIN_POSITIVE.sqrt() * T::lit(0.25);
        let near = Sphere::new(Point3::new(T::ZERO, tiny, T::ZERO), T::lit(2.0));
        check_contact(contact_sphere_sphere(&unit_sphere::<T>(), &near), -3.0, [1.0, 0.0, 0.0]);
        let huge = Sphere::new(Point3::origin(), T::INFINITY);
        assert!(contact_sphere_sphere(&unit_sphere::<T>(), &huge).is_none());
    }

    fn invalid_spheres_have_no_contact<T: Real>() {
        let a = unit_sphere::<T>();
        assert!(contact_sphere_sphere(&a, &sphere(p(0.0, 0.0, 0.0), -1.0)).is_none());
        assert!(contact_sphere_sphere(&a, &sphere(p(f64::NAN, 0.0, 0.0), 1.0)).is_none());
        assert!(contact_sphere_sphere(&a, &sphere(p(f64::INFINITY, 0.0, 0.0), 1.0)).is_none());
    }

    // Segment-sphere (van den Bergen 3.1.3).

    fn segment_apart_from_sphere_meets_at_its_closest_point<T: Real>() {
        let seg = Segment::new(p(-2.0, 0.0, 3.0), p(2.0, 0.0, 3.0));
        let c = check_contact(
            contact_segment_sphere(&seg, &unit_sphere::<T>()).map(Contact::swapped),
            2.0,
            [0.0, 0.0, 1.0],
        );
        assert_eq!(c.point_b, p(0.0, 0.0, 3.0));
        // Beyond an end: the end point is the closest.
        let short = Segment::new(p(3.0, 0.0, 0.0), p(5.0, 0.0, 0.0));
        check_contact(
            contact_segment_sphere(&short, &unit_sphere::<T>()).map(Contact::swapped),
            2.0,
            [1.0, 0.0, 0.0],
        );
    }

    fn segment_through_sphere_center_uses_r_cross_e_min<T: Real>() {
        // r = (2, 4, 6): its smallest coordinate is x, so y = r × e_x = (0, 6, −4), normalised;
        // depth ρ, the witness on the segment is the center.
        let seg = Segment::new(p(-1.0, -2.0, -3.0), p(1.0, 2.0, 3.0));
        let k = 13.0_f64.sqrt().recip();
        let c = contact_segment_sphere(&seg, &unit_sphere::<T>()).map(Contact::swapped);
        let c = check_contact(c, -1.0, [0.0, 3.0 * k, -2.0 * k]);
        assert_eq!(c.point_b, p(0.0, 0.0, 0.0));
        // Along y: the smallest coordinates are x and z (both 0); the first, x, is taken:
        // (0, 4, 0) × e_x = (0, 0, −4).
        let along_y = Segment::new(p(0.0, -2.0, 0.0), p(0.0, 2.0, 0.0));
        check_contact(
            contact_segment_sphere(&along_y, &unit_sphere::<T>()).map(Contact::swapped),
            -1.0,
            [0.0, 0.0, -1.0],
        );
    }

    fn point_segment_at_sphere_center_gets_any_unit_axis<T: Real>() {
        let dot = Segment::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 0.0));
        check_contact(
            contact_segment_sphere(&dot, &unit_sphere::<T>()).map(Contact::swapped),
            -1.0,
            [1.0, 0.0, 0.0],
        );
    }

    for_f32_and_f64!(
        point_worked_cases,
        pair_worked_cases,
        spheres_apart_meet_on_the_line_of_centers,
        touching_spheres_have_distance_zero,
        concentric_spheres_get_any_unit_axis,
        invalid_spheres_have_no_contact,
        segment_apart_from_sphere_meets_at_its_closest_point,
        segment_through_sphere_center_uses_r_cross_e_min,
        point_segment_at_sphere_center_gets_any_unit_axis,
    );
}
