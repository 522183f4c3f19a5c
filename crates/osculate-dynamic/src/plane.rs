//! Moving shapes against planes and halfspaces: a sphere (Ericson 5.5.3) and a box (its support
//! point toward the plane moved as the sphere of radius the box's projected radius).

use osculate_math::{Aabb, Halfspace, Obb, Plane, Real, Sphere, UnitVector3, Vector3};

use crate::boxes::{box_radius, support_toward};
use crate::types::Impact;

/// The time in `[0, 1]` at which a gap `gap` closes when it changes by `approach` over the motion
/// (negative: closing): `0` for a gap already closed, `None` when it does not close within the
/// motion.
#[inline]
fn closing_time<T: Real>(gap: T, approach: T) -> Option<T> {
    if gap <= T::ZERO {
        Some(T::ZERO)
    } else if approach < T::ZERO && gap <= -approach {
        Some(gap / -approach)
    } else {
        None
    }
}

/// Moving sphere `s` (displaced by `v`) against `plane` as a two-sided surface (Ericson 5.5.3,
/// `IntersectMovingSpherePlane`): the center's signed distance changes linearly, and contact is
/// when it reaches `±r` on the side it starts from. Normal from the sphere toward the plane.
///
/// # Examples
/// ```
/// use osculate_dynamic::sphere_plane;
/// use osculate_math::{Plane, Point3, Sphere, Vector3};
///
/// let floor = Plane::new(Vector3::z_axis(), 0.0_f32);
/// let hit = sphere_plane(&Sphere::new(Point3::new(0.0, 0.0, 5.0), 1.0), &Vector3::new(2.0, 0.0, -8.0), &floor).unwrap();
/// assert_eq!((hit.toi, hit.point, hit.normal), (0.5, Point3::new(1.0, 0.0, 0.0), -Vector3::z_axis()));
/// ```
#[must_use]
pub fn sphere_plane<T: Real>(s: &Sphere<T>, v: &Vector3<T>, plane: &Plane<T>) -> Option<Impact<T>> {
    let n = plane.normal.into_inner();
    let dist = plane.signed_distance(&s.center);
    let side = if dist >= T::ZERO { T::ONE } else { -T::ONE };
    let approach = n.dot(v) * side; // negative when moving toward the plane
    if !(s.radius >= T::ZERO && dist.is_finite() && approach.is_finite()) {
        return None;
    }
    let gap = dist * side - s.radius;
    let toi = closing_time(gap, approach)?;
    let normal = UnitVector3::new_unchecked(n * -side);
    Impact::new(toi, s.center + v * toi + normal.into_inner() * s.radius, normal, gap <= T::ZERO)
}

/// Moving sphere `s` (displaced by `v`) against the solid halfspace of `h` (behind its plane):
/// contact when the center comes within `r` of the plane from the front; a sphere already reaching
/// behind it is overlapping at `t = 0` (Ericson 5.5.3). Normal `−n`, from the sphere into the
/// halfspace.
///
/// # Examples
/// ```
/// use osculate_dynamic::sphere_halfspace;
/// use osculate_math::{Halfspace, Plane, Point3, Sphere, Vector3};
///
/// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
/// let hit = sphere_halfspace(&Sphere::new(Point3::new(0.0, 0.0, 3.0), 1.0), &Vector3::new(0.0, 0.0, -4.0), &ground).unwrap();
/// assert_eq!(hit.toi, 0.5);
/// ```
#[must_use]
pub fn sphere_halfspace<T: Real>(
    s: &Sphere<T>,
    v: &Vector3<T>,
    h: &Halfspace<T>,
) -> Option<Impact<T>> {
    let n = h.plane.normal.into_inner();
    let gap = h.plane.signed_distance(&s.center) - s.radius;
    let approach = n.dot(v);
    if !(s.radius >= T::ZERO && gap.is_finite() && approach.is_finite()) {
        return None;
    }
    let toi = closing_time(gap, approach)?;
    let normal = UnitVector3::new_unchecked(-n);
    Impact::new(toi, s.center + v * toi - n * s.radius, normal, gap <= T::ZERO)
}

/// Moving oriented box `b` (displaced by `v`) against `plane`, two-sided (Ericson 5.5.3 with the
/// box's projection radius of 5.2.3 in place of the sphere's radius). The contact point is the box
/// vertex (or edge midpoint, face center) that reaches the plane first, on the plane; the normal
/// points from the box to the plane.
///
/// # Examples
/// ```
/// use osculate_dynamic::obb_plane;
/// use osculate_math::{Obb, Plane, Point3, Rotation3, Vector3};
///
/// let floor = Plane::new(Vector3::z_axis(), 0.0_f64);
/// let b = Obb::new(Point3::new(0.0, 0.0, 5.0), Rotation3::identity(), Vector3::new(1.0, 1.0, 1.0));
/// let hit = obb_plane(&b, &Vector3::new(0.0, 0.0, -8.0), &floor).unwrap();
/// assert_eq!((hit.toi, hit.point), (0.5, Point3::new(0.0, 0.0, 0.0)));
/// ```
#[must_use]
pub fn obb_plane<T: Real>(b: &Obb<T>, v: &Vector3<T>, plane: &Plane<T>) -> Option<Impact<T>> {
    if !b.half_extents.iter().all(|e| *e >= T::ZERO) {
        return None;
    }
    let n = plane.normal.into_inner();
    let r = box_radius(&b.half_extents, &b.rotation, &n);
    let s = sphere_plane(&Sphere::new(b.center, r), v, plane)?;
    let toward = -s.normal.into_inner(); // from the plane back to the box
    let vertex = support_toward(&(b.center + v * s.toi), &b.half_extents, &b.rotation, &toward);
    let on_plane = vertex - n * plane.signed_distance(&vertex);
    let point = if s.initially_overlapping { vertex } else { on_plane };
    Impact::new(s.toi, point, s.normal, s.initially_overlapping)
}

/// Moving box `b` (displaced by `v`) against `plane`, two-sided: [`obb_plane`] for the box as an
/// oriented box without rotation.
///
/// # Examples
/// ```
/// use osculate_dynamic::aabb_plane;
/// use osculate_math::{Aabb, Plane, Point3, Vector3};
///
/// let floor = Plane::new(Vector3::z_axis(), 0.0_f32);
/// let b = Aabb::new(Point3::new(-1.0, -1.0, 2.0), Point3::new(1.0, 1.0, 3.0));
/// assert_eq!(aabb_plane(&b, &Vector3::new(0.0, 0.0, -4.0), &floor).unwrap().toi, 0.5);
/// ```
#[inline]
#[must_use]
pub fn aabb_plane<T: Real>(b: &Aabb<T>, v: &Vector3<T>, plane: &Plane<T>) -> Option<Impact<T>> {
    obb_plane(&b.to_obb(), v, plane)
}

/// Moving oriented box `b` (displaced by `v`) against the solid halfspace of `h`: contact when the
/// box's lowest point (along the normal) reaches the plane from the front; a box already reaching
/// behind it overlaps at `t = 0`. Normal `−n`.
///
/// # Examples
/// ```
/// use osculate_dynamic::obb_halfspace;
/// use osculate_math::{Halfspace, Obb, Plane, Point3, Rotation3, Vector3};
///
/// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
/// let b = Obb::new(Point3::new(0.0, 0.0, 3.0), Rotation3::identity(), Vector3::new(1.0, 1.0, 1.0));
/// assert_eq!(obb_halfspace(&b, &Vector3::new(0.0, 0.0, -4.0), &ground).unwrap().toi, 0.5);
/// ```
#[must_use]
pub fn obb_halfspace<T: Real>(b: &Obb<T>, v: &Vector3<T>, h: &Halfspace<T>) -> Option<Impact<T>> {
    if !b.half_extents.iter().all(|e| *e >= T::ZERO) {
        return None;
    }
    let n = h.plane.normal.into_inner();
    let r = box_radius(&b.half_extents, &b.rotation, &n);
    let s = sphere_halfspace(&Sphere::new(b.center, r), v, h)?;
    let vertex = support_toward(&(b.center + v * s.toi), &b.half_extents, &b.rotation, &n);
    Impact::new(s.toi, vertex, s.normal, s.initially_overlapping)
}

/// Moving box `b` (displaced by `v`) against the solid halfspace of `h` ([`obb_halfspace`]).
///
/// # Examples
/// ```
/// use osculate_dynamic::aabb_halfspace;
/// use osculate_math::{Aabb, Halfspace, Plane, Point3, Vector3};
///
/// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
/// let b = Aabb::new(Point3::new(0.0, 0.0, 1.0), Point3::new(1.0, 1.0, 2.0));
/// assert!(aabb_halfspace(&b, &Vector3::new(5.0, 0.0, 0.0), &ground).is_none()); // parallel
/// ```
#[inline]
#[must_use]
pub fn aabb_halfspace<T: Real>(b: &Aabb<T>, v: &Vector3<T>, h: &Halfspace<T>) -> Option<Impact<T>> {
    obb_halfspace(&b.to_obb(), v, h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_math::*;
    use osculate_testing::{for_f32_and_f64, near, shorthands, sphere_shorthands};

    fn sphere_worked_cases<T: Real>() {
        let (l, p, v, s) = sphere_shorthands::<T>();
        let close = near::<T>(1e-4);
        // Planes: the side it starts on, moving away, parallel.
        let floor = Plane::new(Vector3::z_axis(), l(0.0));
        let under = sphere_plane(&s(p(0.0, 0.0, -5.0), 1.0), &v(0.0, 0.0, 8.0), &floor);
        assert!(
            under.is_some_and(|h| close(h.toi, 0.5) && h.normal.into_inner() == v(0.0, 0.0, 1.0)),
            "{under:?}"
        );
        assert!(sphere_plane(&s(p(0.0, 0.0, 5.0), 1.0), &v(0.0, 0.0, 8.0), &floor).is_none());
        assert!(sphere_plane(&s(p(0.0, 0.0, 5.0), 1.0), &v(8.0, 0.0, 0.0), &floor).is_none());
    }

    fn box_worked_cases<T: Real>() {
        let (l, p, v) = shorthands::<T>();
        let close = near::<T>(1e-5);
        let zero = Vector3::zeros();
        // Boxes.
        let floor = Plane::new(Vector3::z_axis(), l(0.0));
        let high = Aabb::new(p(0.0, 0.0, 2.0), p(1.0, 1.0, 3.0));
        assert!(aabb_plane(&high, &v(0.0, 0.0, -4.0), &floor).is_some_and(|h| close(h.toi, 0.5)));
        assert!(aabb_plane(&high, &v(0.0, 0.0, 4.0), &floor).is_none());
        assert!(aabb_plane(&high, &v(0.0, 0.0, -1.0), &floor).is_none());
        let ground = Halfspace::new(floor);
        let sunk = Aabb::new(p(0.0, 0.0, -2.0), p(1.0, 1.0, -1.0));
        assert!(aabb_halfspace(&sunk, &zero, &ground).is_some_and(|h| h.initially_overlapping));
    }

    /// A plane built through its public fields with a zero "unit" normal: it gave an impact whose
    /// normal was the zero vector.
    #[test]
    fn plane_with_a_zero_normal_gives_no_impact() {
        let bad = Plane { normal: UnitVector3::new_unchecked(Vector3::zeros()), d: 0.0_f64 };
        let s = Sphere::new(Point3::new(0.0, 0.0, 0.0), 1.0);
        assert!(sphere_plane(&s, &Vector3::new(1.0, 0.0, 0.0), &bad).is_none());
        assert!(sphere_halfspace(&s, &Vector3::zeros(), &Halfspace::new(bad)).is_none());
    }

    for_f32_and_f64!(sphere_worked_cases, box_worked_cases);
}
