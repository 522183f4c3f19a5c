//! Cylinders: the closest point to a point and the squared distance (the radial and axial
//! clamps of the solid).

use osculate_math::{Cylinder, Point3, Real, nan_point};

use crate::sphere::ball_point;

/// The point of solid cylinder `c` closest to `p`: the cylinder is a disc times an interval, so the
/// axial coordinate is clamped to the segment and the radial offset to the radius, independently
/// (the product-set form of Ericson 5.1.3's clamping). A point inside returns itself.
///
/// A cylinder with `a == b` is treated as the ball of its radius (its axis is unknown), as
/// `Cylinder::contains_point` does; a negative radius gives NaN.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_cylinder;
/// use osculate_math::{Cylinder, Point3};
///
/// let c = Cylinder::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0), 1.0);
/// assert_eq!(closest_point_on_cylinder(&Point3::new(3.0, 0.0, 1.0), &c), Point3::new(1.0, 0.0, 1.0));
/// assert_eq!(closest_point_on_cylinder(&Point3::new(0.5, 0.0, 5.0), &c), Point3::new(0.5, 0.0, 2.0));
/// assert_eq!(closest_point_on_cylinder(&Point3::new(3.0, 0.0, -1.0), &c), Point3::new(1.0, 0.0, 0.0));
/// ```
#[must_use]
pub fn closest_point_on_cylinder<T: Real>(p: &Point3<T>, c: &Cylinder<T>) -> Point3<T> {
    if !(c.radius >= T::ZERO) {
        return nan_point();
    }
    let d = c.b - c.a;
    let dd = d.norm_squared();
    if dd == T::ZERO {
        return ball_point(p, &c.a, c.radius);
    }
    let v = p - c.a;
    let t = v.dot(&d) / dd;
    // The radial offset as a vector (|v|² − t²·dd would cancel near the axis).
    let radial = v - d * t;
    let r2 = radial.norm_squared();
    let inside_axially = T::ZERO <= t && t <= T::ONE;
    let inside_radially = r2 <= c.radius * c.radius;
    if inside_axially && inside_radially {
        return *p;
    }
    let tc = if t < T::ZERO {
        T::ZERO
    } else if t > T::ONE {
        T::ONE
    } else {
        t
    };
    let radial = if inside_radially { radial } else { radial * (c.radius / r2.sqrt()) };
    if !t.is_finite() || !r2.is_finite() {
        return nan_point();
    }
    c.a + d * tc + radial
}

/// The squared distance from `p` to solid cylinder `c` (zero inside).
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_cylinder;
/// use osculate_math::{Cylinder, Point3};
///
/// let c = Cylinder::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0), 1.0);
/// assert_eq!(sq_distance_point_cylinder(&Point3::new(0.0, 4.0, 4.0), &c), 13.0);
/// ```
#[inline]
#[must_use]
pub fn sq_distance_point_cylinder<T: Real>(p: &Point3<T>, c: &Cylinder<T>) -> T {
    (closest_point_on_cylinder(p, c) - p).norm_squared()
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_math::point3;

    use osculate_testing::for_f32_and_f64;

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let close = |a: Point3<T>, b: Point3<T>| (a - b).norm() < l(1e-5);
        // Cylinder: side, cap, rim, inside, degenerate, negative radius.
        let cyl = Cylinder::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 2.0), l(1.0));
        assert!(close(closest_point_on_cylinder(&p(0.0, 3.0, 1.0), &cyl), p(0.0, 1.0, 1.0)));
        assert!(close(closest_point_on_cylinder(&p(0.2, 0.0, -3.0), &cyl), p(0.2, 0.0, 0.0)));
        assert!(close(closest_point_on_cylinder(&p(3.0, 0.0, 5.0), &cyl), p(1.0, 0.0, 2.0)));
        assert_eq!(closest_point_on_cylinder(&p(0.1, 0.2, 0.3), &cyl), p(0.1, 0.2, 0.3));
        let dot = Cylinder::new(p(1.0, 0.0, 0.0), p(1.0, 0.0, 0.0), l(0.5));
        assert!(close(closest_point_on_cylinder(&p(3.0, 0.0, 0.0), &dot), p(1.5, 0.0, 0.0)));
        let neg = Cylinder::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 1.0), l(-1.0));
        assert!(closest_point_on_cylinder(&p(0.0, 0.0, 0.0), &neg).x.is_nan());
    }

    for_f32_and_f64!(worked_cases);
}
