//! Cones: the closest point to a point and the squared distance (the solid's regions in the
//! plane through its axis and the point).

use osculate_math::{Cone, Point3, Real, Triangle, any_perpendicular, nan_point};

use crate::triangle::closest_point_on_triangle;

/// The point of solid cone `cone` closest to `p`. The cone is a solid of revolution, so the problem
/// is solved in the half-plane through the axis and `p`: there the cone is the triangle (tip, base
/// rim, base center) in (axial, radial) coordinates, and Ericson 5.1.5's Voronoi regions give the
/// closest point, rotated back. A point inside returns itself.
///
/// A zero height is a disc, a zero radius a segment (the triangle collapses and the degenerate path
/// of [`closest_point_on_triangle`] measures its edges). A negative height or radius, or a NaN, gives
/// NaN.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_cone;
/// use osculate_math::{Cone, Point3, Vector3};
///
/// // Tip at the origin, opening along +z, height 1, base radius 1.
/// let c = Cone::new(Point3::new(0.0_f64, 0.0, 0.0), Vector3::z_axis(), 1.0, 1.0);
/// assert_eq!(closest_point_on_cone(&Point3::new(0.0, 0.0, -2.0), &c), Point3::new(0.0, 0.0, 0.0));
/// assert_eq!(closest_point_on_cone(&Point3::new(0.5, 0.0, 3.0), &c), Point3::new(0.5, 0.0, 1.0));
/// let q = closest_point_on_cone(&Point3::new(0.0, 1.0, 0.0), &c); // onto the slanted side
/// assert!((q - Point3::new(0.0, 0.5, 0.5)).norm() < 1e-12);
/// ```
#[must_use]
pub fn closest_point_on_cone<T: Real>(p: &Point3<T>, cone: &Cone<T>) -> Point3<T> {
    let (h, r) = (cone.height, cone.radius);
    if !(h >= T::ZERO && r >= T::ZERO) {
        return nan_point();
    }
    let axis = cone.axis.into_inner();
    let v = p - cone.tip;
    let x = v.dot(&axis);
    let radial = v - axis * x;
    let y2 = radial.norm_squared();
    if !(x.is_finite() && y2.is_finite()) {
        return nan_point();
    }
    let y = y2.sqrt();
    // Inside: within the axial range and under the slanted side (y·h ≤ x·r, compared without a
    // division so a zero height works).
    if T::ZERO <= x && x <= h && y * h <= x * r {
        return *p;
    }
    let o = T::ZERO;
    let tri = Triangle::new(Point3::new(o, o, o), Point3::new(h, r, o), Point3::new(h, o, o));
    let q = closest_point_on_triangle(&Point3::new(x, y, o), &tri).point;
    let dir = if y > T::ZERO { radial / y } else { any_perpendicular(&axis).into_inner() };
    cone.tip + axis * q.x + dir * q.y
}

/// The squared distance from `p` to solid cone `cone` (zero inside).
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_cone;
/// use osculate_math::{Cone, Point3, Vector3};
///
/// let c = Cone::new(Point3::new(0.0_f32, 0.0, 0.0), Vector3::z_axis(), 1.0, 1.0);
/// assert_eq!(sq_distance_point_cone(&Point3::new(0.0, 0.0, 3.0), &c), 4.0);
/// ```
#[inline]
#[must_use]
pub fn sq_distance_point_cone<T: Real>(p: &Point3<T>, cone: &Cone<T>) -> T {
    (closest_point_on_cone(p, cone) - p).norm_squared()
}

#[cfg(test)]
mod tests {
    use super::*;

    use osculate_math::*;
    use osculate_testing::for_f32_and_f64;

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let close = |a: Point3<T>, b: Point3<T>| (a - b).norm() < l(1e-5);
        // Cone: tip region, base face, rim, slanted side, inside, on the axis below the tip.
        let cone = Cone::new(p(0.0, 0.0, 0.0), Vector3::z_axis(), l(2.0), l(1.0));
        assert!(close(closest_point_on_cone(&p(0.0, 0.0, -1.0), &cone), p(0.0, 0.0, 0.0)));
        assert!(close(closest_point_on_cone(&p(0.3, 0.0, 3.0), &cone), p(0.3, 0.0, 2.0)));
        assert!(close(closest_point_on_cone(&p(0.0, 3.0, 3.0), &cone), p(0.0, 1.0, 2.0)));
        // The side through (0,0,0) and (1,0,2): unit direction (1,0,2)/√5; (2,0,1) projects at
        // t = 4/√5 → (0.8, 0, 1.6).
        assert!(close(closest_point_on_cone(&p(2.0, 0.0, 1.0), &cone), p(0.8, 0.0, 1.6)));
        assert_eq!(closest_point_on_cone(&p(0.1, 0.0, 1.0), &cone), p(0.1, 0.0, 1.0));
        let disc = Cone::new(p(0.0, 0.0, 0.0), Vector3::z_axis(), l(0.0), l(1.0));
        assert!(close(closest_point_on_cone(&p(0.5, 0.0, 2.0), &disc), p(0.5, 0.0, 0.0)));
        assert!(close(closest_point_on_cone(&p(3.0, 0.0, 2.0), &disc), p(1.0, 0.0, 0.0)));
        let needle = Cone::new(p(0.0, 0.0, 0.0), Vector3::z_axis(), l(2.0), l(0.0));
        assert!(close(closest_point_on_cone(&p(1.0, 0.0, 1.0), &needle), p(0.0, 0.0, 1.0)));
    }

    for_f32_and_f64!(worked_cases);
}
