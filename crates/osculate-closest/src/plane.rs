//! Planes and halfspaces: the closest point to a point, the signed and squared distances
//! (Ericson 5.1.1), and the contacts of a sphere with a plane and with a halfspace.

use osculate_math::{Halfspace, Plane, Point3, Real, Sphere, Unit};

use crate::types::{Contact, finite};

/// The point of `plane` closest to `p`: `p − (n·p − d) n` (Ericson 5.1.1).
///
/// NaN in, NaN out.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_plane;
/// use osculate_math::{Plane, Point3, Vector3};
///
/// let floor = Plane::new(Vector3::z_axis(), 1.0_f64);
/// assert_eq!(closest_point_on_plane(&Point3::new(2.0, 3.0, 5.0), &floor), Point3::new(2.0, 3.0, 1.0));
/// ```
#[inline]
#[must_use]
pub fn closest_point_on_plane<T: Real>(p: &Point3<T>, plane: &Plane<T>) -> Point3<T> {
    p - plane.normal.into_inner() * plane.signed_distance(p)
}

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

/// The contact of solid sphere `s` (A) and `plane` (B) taken as a two-sided surface: the sphere is
/// pushed back to the side its center is on. Signed distance `|n·c − d| − ρ`, normal from the
/// center toward the plane, witness points `c ± ρn` and the center's projection. A center exactly
/// on the plane is pushed to the front (the side `normal` points to).
///
/// # Examples
/// ```
/// use osculate_closest::contact_sphere_plane;
/// use osculate_math::{Plane, Point3, Sphere, Vector3};
///
/// let floor = Plane::new(Vector3::z_axis(), 0.0_f64);
/// let below = contact_sphere_plane(&Sphere::new(Point3::new(0.0, 0.0, -3.0), 1.0), &floor).unwrap();
/// assert_eq!((below.distance, below.normal), (2.0, Vector3::z_axis()));
/// ```
#[must_use]
pub fn contact_sphere_plane<T: Real>(s: &Sphere<T>, plane: &Plane<T>) -> Option<Contact<T>> {
    if !(s.radius >= T::ZERO) {
        return None;
    }
    let sd = plane.signed_distance(&s.center);
    let n = plane.normal.into_inner();
    let (normal, gap) = if sd >= T::ZERO { (-n, sd) } else { (n, -sd) };
    finite(Contact {
        distance: gap - s.radius,
        normal: Unit::new_unchecked(normal),
        point_a: s.center + normal * s.radius,
        point_b: s.center - n * sd,
    })
}

/// The contact of solid sphere `s` (A) and the solid halfspace `h` (B, the side behind its plane,
/// `n·x ≤ d`): signed distance `n·c − d − ρ` — as negative as the sphere is deep — normal `−n`
/// (from the sphere into the halfspace), witness points `c − ρn` and the center's projection on
/// the plane (Ericson 5.2.2's sphere-halfspace test, with the depth).
///
/// # Examples
/// ```
/// use osculate_closest::contact_sphere_halfspace;
/// use osculate_math::{Halfspace, Plane, Point3, Sphere, Vector3};
///
/// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
/// let sunk = contact_sphere_halfspace(&Sphere::new(Point3::new(0.0, 0.0, -3.0), 1.0), &ground).unwrap();
/// assert_eq!((sunk.distance, sunk.normal), (-4.0, -Vector3::z_axis()));
/// ```
#[must_use]
pub fn contact_sphere_halfspace<T: Real>(s: &Sphere<T>, h: &Halfspace<T>) -> Option<Contact<T>> {
    if !(s.radius >= T::ZERO) {
        return None;
    }
    let sd = h.plane.signed_distance(&s.center);
    let n = h.plane.normal.into_inner();
    finite(Contact {
        distance: sd - s.radius,
        normal: Unit::new_unchecked(-n),
        point_a: s.center - n * s.radius,
        point_b: s.center - n * sd,
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
        let plane = Plane::new(Vector3::y_axis(), l(-1.0));
        assert_eq!(closest_point_on_plane(&p(3.0, 4.0, 5.0), &plane), p(3.0, -1.0, 5.0));
    }

    // Sphere-plane (two-sided) and sphere-halfspace.

    fn sphere_and_plane_pushed_back_to_the_center_side<T: Real>() {
        let floor = Plane::new(Vector3::z_axis(), T::ONE);
        check_contact(
            contact_sphere_plane(&sphere(p(0.0, 0.0, 4.0), 1.0), &floor),
            2.0,
            [0.0, 0.0, -1.0],
        );
        check_contact(
            contact_sphere_plane(&sphere(p(0.0, 0.0, 0.5), 1.0), &floor),
            -0.5,
            [0.0, 0.0, 1.0],
        );
    }

    fn sphere_center_on_plane_is_pushed_to_the_front<T: Real>() {
        let floor = Plane::new(Vector3::z_axis(), T::ONE);
        let c = contact_sphere_plane(&sphere(p(3.0, 0.0, 1.0), 1.0), &floor);
        let c = check_contact(c, -1.0, [0.0, 0.0, -1.0]);
        assert_eq!((c.point_a, c.point_b), (p(3.0, 0.0, 0.0), p(3.0, 0.0, 1.0)));
    }

    fn sphere_center_below_halfspace_depth_counts_the_offset<T: Real>() {
        let ground = Halfspace::new(Plane::new(Vector3::z_axis(), T::ONE));
        check_contact(
            contact_sphere_halfspace(&sphere(p(0.0, 0.0, 0.5), 1.0), &ground),
            -1.5,
            [0.0, 0.0, -1.0],
        );
        check_contact(
            contact_sphere_halfspace(&sphere(p(0.0, 0.0, 4.0), 1.0), &ground),
            2.0,
            [0.0, 0.0, -1.0],
        );
    }

    for_f32_and_f64!(
        point_worked_cases,
        sphere_and_plane_pushed_back_to_the_center_side,
        sphere_center_on_plane_is_pushed_to_the_front,
        sphere_center_below_halfspace_depth_counts_the_offset,
    );
}
