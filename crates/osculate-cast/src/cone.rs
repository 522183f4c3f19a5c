//! Rays against cones (Ericson 5.3.7 extended to cones): the slab along the axis intersected
//! with the infinite double cone's nappe; the entry normal belongs to the binding bound.

use osculate_math::{Cone, Cylinder, Point3, Ray, Real, Vector3, is_finite_point, safe_normalize};

use crate::cylinder::ray_cylinder;
use crate::quadric::{clip, line_ball};
use crate::types::{RayHit, hit, valid_ray};

/// The intervals (at most two) where `A t² + 2B t + C ≤ 0`.
fn quadratic_le_zero<T: Real>(a: T, b: T, c: T) -> [Option<(T, T)>; 2] {
    let (ninf, inf) = (T::NEG_INFINITY, T::INFINITY);
    if a == T::ZERO {
        // Linear: 2B t + C ≤ 0.
        return if b == T::ZERO {
            [(c <= T::ZERO).then_some((ninf, inf)), None]
        } else if b > T::ZERO {
            [Some((ninf, -c / (T::lit(2.0) * b))), None]
        } else {
            [Some((-c / (T::lit(2.0) * b), inf)), None]
        };
    }
    let disc = b * b - a * c;
    if disc < T::ZERO {
        // No real root: everywhere (A < 0) or nowhere (A > 0).
        return [(a < T::ZERO).then_some((ninf, inf)), None];
    }
    let root = disc.sqrt();
    let q = if b > T::ZERO { -(b + root) } else { root - b };
    let (r1, r2) = if q == T::ZERO { (T::ZERO, T::ZERO) } else { (q / a, c / q) };
    let (lo, hi) = if r1 <= r2 { (r1, r2) } else { (r2, r1) };
    if a > T::ZERO { [Some((lo, hi)), None] } else { [Some((ninf, lo)), Some((hi, inf))] }
}

/// The cast of `ray` against solid cone `cone`: the cone is the slab `0 ≤ s ≤ h` along its axis
/// (`s` measured from the tip) intersected with the nappe `|x_⊥|² ≤ (s·r/h)²`, `s ≥ 0`. Along the
/// ray the nappe condition is a quadratic inequality whose solution set is one interval or two
/// half-lines (one per nappe); intersected with the slab, which lies on the right nappe's side of
/// the tip, it is the ray's interval in the cone (the extension of Ericson 5.3.7's cylinder cast to
/// the cone). The entry normal is the base's (`axis`) when the slab binds, otherwise the slant's
/// normal along the generator through the entry point, `h·x̂_⊥ − r·axis` normalised (`−axis` at
/// the tip). A zero height is a flat disc, a zero radius the axis segment
/// (cast as a zero-radius [`ray_cylinder`]).
/// `None` on a miss, an invalid ray, NaN or a negative height or radius.
///
/// # Examples
/// ```
/// use osculate_cast::ray_cone;
/// use osculate_math::{Cone, Point3, Ray, Vector3};
///
/// // Tip at the origin opening along +z, height 2, base radius 1.
/// let c = Cone::new(Point3::new(0.0_f64, 0.0, 0.0), Vector3::z_axis(), 2.0, 1.0);
/// let base = ray_cone(&Ray::new(Point3::new(0.2, 0.0, 5.0), -Vector3::z()), &c).unwrap();
/// assert_eq!((base.t_enter, base.normal), (3.0, Vector3::z_axis()));
/// let side = ray_cone(&Ray::new(Point3::new(-3.0, 0.0, 1.0), Vector3::x()), &c).unwrap();
/// assert!((side.t_enter - 2.5).abs() < 1e-12 && (side.t_exit - 3.5).abs() < 1e-12);
/// ```
#[must_use]
pub fn ray_cone<T: Real>(ray: &Ray<T>, cone: &Cone<T>) -> Option<RayHit<T>> {
    let (h, r) = (cone.height, cone.radius);
    let usable = valid_ray(ray)
        && h >= T::ZERO
        && r >= T::ZERO
        && h.is_finite()
        && r.is_finite()
        && is_finite_point(&cone.tip)
        && cone.axis.iter().all(|x| x.is_finite());
    if !usable {
        return None;
    }
    let u = cone.axis.into_inner();
    if r == T::ZERO && h > T::ZERO {
        // The axis segment. The nappe's quadratic has a discriminant that cancels to rounding
        // noise for a line through the axis and would report a chord of length √ε around it;
        // the cylinder's tube is measured from the line's offset to the axis, without
        // cancellation.
        return ray_cylinder(ray, &Cylinder::new(cone.tip, cone.tip + u * h, T::ZERO));
    }
    let d = &ray.direction;
    // The quadratic below is solved from the line's point nearest the cone's middle, `o + tc·d`,
    // not from the ray's origin: its coefficients are then of the size of the cone rather than of
    // the origin's distance, and the discriminant of a short chord (near the tip, or from far
    // away) does not cancel to rounding noise. Parameters are shifted back by `tc` at the end.
    let mid = cone.tip + u * (h * T::HALF);
    let tc = (mid - ray.origin).dot(d) / d.norm_squared();
    let tc = if tc.is_finite() { tc } else { T::ZERO };
    let o = ray.origin + d * tc;
    let m = o - cone.tip;
    // Axial coordinates s(t) = s0 + t·s1 and perpendicular parts.
    let (s0, s1) = (m.dot(&u), d.dot(&u));
    let (mp, dp) = (m - u * s0, d - u * s1);
    // The slab 0 ≤ s ≤ h.
    let (sl1, sl2) = if s1 == T::ZERO {
        if !(T::ZERO <= s0 && s0 <= h) {
            return None;
        }
        (T::NEG_INFINITY, T::INFINITY)
    } else {
        let (a, b) = (-s0 / s1, (h - s0) / s1);
        if a <= b { (a, b) } else { (b, a) }
    };
    if h == T::ZERO {
        // A flat cone is the disc of radius r in the plane s = 0.
        let (t1, t2) = if s1 == T::ZERO {
            // In the plane (the slab test passed): the disc's chord.
            line_ball(&Point3::from(mp), &dp, &Point3::origin(), r)?
        } else {
            let t = -s0 / s1;
            if !((mp + dp * t).norm_squared() <= r * r) {
                return None;
            }
            (t, t)
        };
        let (enter, exit, inside) = clip(ray, t1 + tc, t2 + tc)?;
        let normal = safe_normalize(&if s1 > T::ZERO { -u } else { u });
        return hit(ray, enter, exit, normal.or_else(|| safe_normalize(&-ray.direction)), inside);
    }
    // The nappe, written without dividing by h: h²|x_⊥|² − r² s² ≤ 0.
    let (h2, r2) = (h * h, r * r);
    let qa = h2 * dp.norm_squared() - r2 * s1 * s1;
    let qb = h2 * mp.dot(&dp) - r2 * s0 * s1;
    let qc = h2 * mp.norm_squared() - r2 * s0 * s0;
    let mut best: Option<(T, T, bool)> = None;
    for piece in quadratic_le_zero(qa, qb, qc).into_iter().flatten() {
        let (t1, t2) = (piece.0.fast_max(sl1), piece.1.fast_min(sl2));
        if t1 <= t2 {
            // The slab lies on s ≥ 0, so only the right nappe's piece survives (the other meets
            // the slab at most at the tip).
            let slab_binds = sl1 >= piece.0;
            best = Some(match best {
                Some(b) if b.0 <= t1 => (b.0, b.1.fast_max(t2), b.2),
                Some(b) => (t1, t2.fast_max(b.1), slab_binds),
                None => (t1, t2, slab_binds),
            });
        }
    }
    let (t1, t2, slab_binds) = best?;
    let (t1, t2) = (t1 + tc, t2 + tc);
    let (enter, exit, inside) = clip(ray, t1, t2)?;
    let p = ray.point_at(t1);
    let normal = if slab_binds {
        // Entering through the base (s = h, normal +axis) or, for a flat cone, either face.
        safe_normalize(&if s1 > T::ZERO { -u } else { u })
    } else {
        // The slant's normal along the generator through p's azimuth: h·x̂_⊥ − r·u (normalised).
        // Unlike the quadratic's gradient h² x_⊥ − r² s u, it does not tilt when p is off the
        // surface by rounding (near the tip, where x_⊥ and s are small, that tilt is large).
        let q = p - cone.tip;
        let s = q.dot(&u);
        let slant = |radial: &Vector3<T>| {
            safe_normalize(radial)
                .and_then(|radial| safe_normalize(&(radial.into_inner() * h - u * r)))
        };
        let n = slant(&(q - u * s)).or_else(|| safe_normalize(&-u));
        // An entry normal along the ray: a chord near the tip shorter than the quadratic
        // resolves (its discriminant below rounding: about √ε of the cone's size, 3e-4 in f32)
        // collapses to one point inside the chord, whose azimuth can be the exit's (an f32 ray
        // 9e-5 from the tip got n·d̂ = 0.19).
        // There the point is the tip up to that resolution, and the slant normal on the side
        // the ray comes from (the azimuth opposite to the ray's part across the axis) is one of
        // the tip's normals that faces the ray.
        if !inside && n.is_some_and(|n| n.dot(d) > T::ZERO) {
            slant(&-(d - u * s1)).filter(|m| m.dot(d) <= T::ZERO).or(n)
        } else {
            n
        }
    };
    hit(ray, enter, exit, normal.or_else(|| safe_normalize(&-ray.direction)), inside)
}

#[cfg(test)]
mod tests {
    use super::*;

    use osculate_testing::{for_f32_and_f64, near, shorthands};

    fn worked_cases<T: Real>() {
        let (l, p, v) = shorthands::<T>();
        let close = near::<T>(1e-5);
        // Cone: base, side, tip region, along the axis into the tip, from inside, flat cone.
        let k = Cone::new(p(0.0, 0.0, 0.0), Vector3::z_axis(), l(2.0), l(1.0));
        let h = ray_cone(&Ray::new(p(0.0, 0.0, -1.0), v(0.0, 0.0, 1.0)), &k);
        assert!(
            h.is_some_and(|h| close(h.t_enter, 1.0)
                && close(h.t_exit, 3.0)
                && h.normal.into_inner() == v(0.0, 0.0, -1.0)),
            "{h:?}"
        );
        let h = ray_cone(&Ray::new(p(0.0, 0.0, 1.0), v(1.0, 0.0, 0.0)), &k);
        assert!(h.is_some_and(|h| h.t_enter == l(0.0) && close(h.t_exit, 0.5)), "{h:?}");
        assert!(ray_cone(&Ray::new(p(-3.0, 0.0, 0.4), v(1.0, 0.0, 0.0)), &k).is_some());
        assert!(ray_cone(&Ray::new(p(-3.0, 0.0, -0.1), v(1.0, 0.0, 0.0)), &k).is_none());
        assert!(ray_cone(&Ray::new(p(-3.0, 0.0, 2.1), v(1.0, 0.0, 0.0)), &k).is_none());
        // Side hit: the cone opens upward, so its slanted side faces outward and down: the normal
        // at (−0.5, 0, 1) is (−2, 0, −1)/√5.
        let h = ray_cone(&Ray::new(p(-3.0, 0.0, 1.0), v(1.0, 0.0, 0.0)), &k);
        let s5 = 5.0_f64.sqrt();
        assert!(
            h.is_some_and(
                |h| (h.normal.into_inner() - v(-2.0 / s5, 0.0, -1.0 / s5)).norm() < l(1e-5)
            ),
            "{h:?}"
        );
        let disc = Cone::new(p(0.0, 0.0, 0.0), Vector3::z_axis(), l(0.0), l(1.0));
        let h = ray_cone(&Ray::new(p(0.5, 0.0, 2.0), v(0.0, 0.0, -1.0)), &disc);
        assert!(h.is_some_and(|h| close(h.t_enter, 2.0) && close(h.t_exit, 2.0)), "{h:?}");
        assert!(ray_cone(&Ray::new(p(1.5, 0.0, 2.0), v(0.0, 0.0, -1.0)), &disc).is_none());
    }

    /// An f32 ray 9.2e-5 from a cone's tip: its
    /// chord through the cone (1e-4 long in f64) is below what the f32 quadratic resolves and
    /// collapsed to one point, whose azimuth gave the exit's normal (`n·d̂ = 0.19`). The normal
    /// now faces the ray and is one of the tip's: the closest point of the cone to `p + n` is
    /// `p` up to the chord's size.
    #[test]
    fn ray_grazing_a_cone_tip_in_f32_gets_a_facing_normal() {
        let cone = Cone::new(
            Point3::new(-0.927742_f32, 0.57154757, 0.38064134),
            osculate_math::Unit::new_unchecked(Vector3::new(-0.4309641, -0.8996825, -0.0695802)),
            0.9744898,
            0.46718648,
        );
        let ray = Ray {
            origin: Point3::new(1.3938713_f32, 1.0572803, 2.8785625),
            direction: Vector3::new(-3.1436043, -0.6578079, -3.3822377),
            max_t: f32::INFINITY,
        };
        let Some(h) = ray_cone(&ray, &cone) else { panic!("the ray meets the cone") };
        assert!(h.normal.dot(&ray.direction) < 0.0, "{h:?}");
        let q = h.point + h.normal.into_inner();
        let c = osculate_closest::closest_point_on_cone(&q, &cone);
        assert!((c - h.point).norm() < 1e-3, "{h:?}: {c:?}");
    }

    for_f32_and_f64!(worked_cases);
}
