//! Rays against tetrahedra: Cyrus-Beck clipping against the four face planes (Ericson 5.3.8).

use osculate_math::{Ray, Real, Tetrahedron, Triangle};

use crate::polytope::clip_planes;
use crate::triangle::{Culling, ray_triangle_watertight};
use crate::types::{RayHit, valid_ray};

/// The cast of `ray` against solid tetrahedron `tet`: Cyrus-Beck against its four face planes,
/// oriented outward whatever the vertex order. A flat tetrahedron (six times its volume below
/// [`Real::RELATIVE_TOLERANCE`] times the cube of its longest edge: flat up to rounding) has no
/// inside and is cast as the union of its four faces (two-sided, watertight triangle test;
/// `t_enter == t_exit`). `None` on a miss, an invalid ray or NaN.
///
/// # Examples
/// ```
/// use osculate_cast::ray_tetrahedron;
/// use osculate_math::{Point3, Ray, Tetrahedron, Vector3};
///
/// let t = Tetrahedron::new(
///     Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0),
///     Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0),
/// );
/// let h = ray_tetrahedron(&Ray::new(Point3::new(0.2, 0.2, -1.0), Vector3::z()), &t).unwrap();
/// assert!((h.t_enter - 1.0).abs() < 1e-12 && (h.t_exit - 1.6).abs() < 1e-12);
/// assert_eq!(h.normal, -Vector3::z_axis());
/// ```
#[must_use]
pub fn ray_tetrahedron<T: Real>(ray: &Ray<T>, tet: &Tetrahedron<T>) -> Option<RayHit<T>> {
    if !valid_ray(ray) {
        return None;
    }
    let vol = tet.signed_volume();
    if !vol.is_finite() {
        return None;
    }
    // Flat up to rounding (six times the volume below `RELATIVE_TOLERANCE` times the cube of the
    // longest edge, as `closest_point_on_tetrahedron` decides): the face planes of such a sliver
    // are nearly parallel and their rounded normals make the Cyrus-Beck clip garbage far outside
    // it, so it is cast as its faces.
    let [a, b, c, d] = [tet.a, tet.b, tet.c, tet.d];
    let longest = [b - a, c - a, d - a, c - b, d - b, d - c]
        .iter()
        .fold(T::ZERO, |m, e| m.fast_max(e.norm_squared()))
        .sqrt();
    let flat = (vol * T::lit(6.0)).abs() <= T::RELATIVE_TOLERANCE * longest * longest * longest;
    if flat {
        let mut best: Option<RayHit<T>> = None;
        for f in tet.faces() {
            if let Some(h) = ray_triangle_watertight(ray, &f, Culling::TwoSided)
                && best.is_none_or(|b| h.hit.t_enter < b.t_enter)
            {
                best = Some(h.hit);
            }
        }
        return best;
    }
    // Outward face normals: each face's normal points away from the opposite vertex.
    let faces: [(Triangle<T>, _); 4] = [
        (Triangle::new(tet.a, tet.b, tet.c), tet.d),
        (Triangle::new(tet.a, tet.c, tet.d), tet.b),
        (Triangle::new(tet.a, tet.d, tet.b), tet.c),
        (Triangle::new(tet.b, tet.d, tet.c), tet.a),
    ];
    clip_planes(
        ray,
        faces.into_iter().map(|(f, opposite)| {
            let n = f.normal();
            let n = if n.dot(&(opposite - f.a)) > T::ZERO { -n } else { n };
            (n, n.dot(&f.a.coords))
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_testing::{corner_tetrahedra, for_f32_and_f64, near, shorthands};

    fn worked_cases<T: Real>() {
        let (l, p, v) = shorthands::<T>();
        let close = near::<T>(1e-5);
        for t in corner_tetrahedra::<T>() {
            let h = ray_tetrahedron(&Ray::new(p(0.1, 0.1, 0.1), v(1.0, 0.0, 0.0)), &t);
            assert!(h.is_some_and(|h| h.t_enter == l(0.0) && close(h.t_exit, 0.7)), "{h:?}");
            let h = ray_tetrahedron(&Ray::new(p(2.0, 2.0, 2.0), v(-1.0, -1.0, -1.0)), &t);
            assert!(
                h.is_some_and(|h| close(h.t_enter, 2.0 - 1.0 / 3.0) && close(h.t_exit, 2.0)),
                "{h:?}"
            );
            assert!(ray_tetrahedron(&Ray::new(p(2.0, 2.0, 2.0), v(1.0, 1.0, 1.0)), &t).is_none());
            assert!(ray_tetrahedron(&Ray::new(p(0.6, 0.6, -1.0), v(0.0, 0.0, 1.0)), &t).is_none());
        }
        let flat = Tetrahedron::new(
            p(0.0, 0.0, 0.0),
            p(1.0, 0.0, 0.0),
            p(0.0, 1.0, 0.0),
            p(0.2, 0.2, 0.0),
        );
        let h = ray_tetrahedron(&Ray::new(p(0.3, 0.3, 1.0), v(0.0, 0.0, -1.0)), &flat);
        assert!(h.is_some_and(|h| close(h.t_enter, 1.0)), "{h:?}");
    }

    for_f32_and_f64!(worked_cases);
}
