//! Moving capsules: against a sphere (a ray cast on the capsule grown by the radius) and against a
//! capsule (conservative advancement on the closed-form distance).

use osculate_cast::ray_capsule;
use osculate_closest::closest_points_segment_segment;
use osculate_math::{
    Capsule, Point3, Real, Segment, Sphere, Vector3, any_perpendicular, is_finite_point,
    safe_normalize,
};

use crate::sphere::{finite_motion, motion_ray};
use crate::types::Impact;

/// Moving sphere `s` (displaced by `vs`) against moving capsule `c` (displaced by `vc`): the
/// center, moving relative to the capsule, cast against the capsule grown by the sphere's radius
/// ([`ray_capsule`]).
///
/// # Examples
/// ```
/// use osculate_dynamic::sphere_capsule;
/// use osculate_math::{Capsule, Point3, Sphere, Vector3};
///
/// let c = Capsule::new(Point3::new(0.0_f64, -2.0, 0.0), Point3::new(0.0, 2.0, 0.0), 0.5);
/// let hit = sphere_capsule(&Sphere::new(Point3::new(5.0, 1.0, 0.0), 0.5), &Vector3::new(-8.0, 0.0, 0.0), &c, &Vector3::zeros()).unwrap();
/// assert!((hit.toi - 0.5).abs() < 1e-12);
/// ```
#[must_use]
pub fn sphere_capsule<T: Real>(
    s: &Sphere<T>,
    vs: &Vector3<T>,
    c: &Capsule<T>,
    vc: &Vector3<T>,
) -> Option<Impact<T>> {
    let seg = Segment::new(c.a, c.b);
    let axis_point = |center: &Point3<T>, shift: &Vector3<T>| {
        let moved = Segment::new(seg.a + shift, seg.b + shift);
        osculate_closest::closest_point_on_segment(center, &moved).point
    };
    let rel = vs - vc;
    let r = s.radius + c.radius;
    // Every coordinate finite: a capsule with an infinite end is a ray, whose closest point to a
    // sphere can still be finite, and an impact was reported from it (the crate answers `None`
    // for any non-finite input).
    if !(s.radius >= T::ZERO
        && c.radius >= T::ZERO
        && r.is_finite()
        && finite_motion(vs, vc)
        && is_finite_point(&s.center)
        && is_finite_point(&c.a)
        && is_finite_point(&c.b))
    {
        return None;
    }
    let q0 = axis_point(&s.center, &Vector3::zeros());
    let d0 = (q0 - s.center).norm();
    if d0.is_nan() {
        return None;
    }
    let toi = if d0 <= r {
        T::ZERO
    } else {
        ray_capsule(&motion_ray(s.center, rel)?, &Capsule::new(c.a, c.b, r))?.t_enter
    };
    let center = s.center + vs * toi;
    let q = axis_point(&center, &(vc * toi));
    let normal = safe_normalize(&(q - center))
        .or_else(|| safe_normalize(&rel))
        .unwrap_or_else(|| any_perpendicular(&(c.b - c.a)));
    Impact::new(toi, center + normal.into_inner() * s.radius, normal, toi == T::ZERO)
}

/// Moving capsule `a` (displaced by `va`) against moving capsule `b` (displaced by `vb`): the
/// distance between the axes under a relative translation is a convex function of time, so
/// conservative advancement on the closed-form segment-segment distance (Ericson 5.1.9) converges
/// to the first contact from below without ever stepping past it. Within `RELATIVE_TOLERANCE` of
/// the scale, in a bounded number of steps (a grazing approach may stop short of the contact,
/// reported as the last safe time).
///
/// # Examples
/// ```
/// use osculate_dynamic::capsule_capsule;
/// use osculate_math::{Capsule, Point3, Vector3};
///
/// let a = Capsule::new(Point3::new(0.0_f64, -2.0, 0.0), Point3::new(0.0, 2.0, 0.0), 0.5);
/// let b = Capsule::new(Point3::new(5.0, 0.0, -2.0), Point3::new(5.0, 0.0, 2.0), 0.5);
/// let hit = capsule_capsule(&a, &Vector3::zeros(), &b, &Vector3::new(-8.0, 0.0, 0.0)).unwrap();
/// assert!((hit.toi - 0.5).abs() < 1e-9);
/// assert!((hit.point - Point3::new(0.5, 0.0, 0.0)).norm() < 1e-6);
/// ```
#[must_use]
pub fn capsule_capsule<T: Real>(
    a: &Capsule<T>,
    va: &Vector3<T>,
    b: &Capsule<T>,
    vb: &Vector3<T>,
) -> Option<Impact<T>> {
    let r = a.radius + b.radius;
    if !(a.radius >= T::ZERO
        && b.radius >= T::ZERO
        && r.is_finite()
        && finite_motion(va, vb)
        && [a.a, a.b, b.a, b.b].iter().all(is_finite_point))
    {
        return None;
    }
    let rel = vb - va;
    let sa = Segment::new(a.a, a.b);
    let at = |t: T| {
        let shift = rel * t;
        closest_points_segment_segment(&sa, &Segment::new(b.a + shift, b.b + shift))
    };
    let scale = [a.a, a.b, b.a, b.b].iter().fold(r, |m, p| m.fast_max(p.coords.amax()));
    let tol = T::RELATIVE_TOLERANCE * scale;
    let speed = rel.norm();
    let gap = |t: T| at(t).distance - r;
    let hit = crate::generic::conservative_advancement(gap, speed, tol, 64)?;
    let toi = if hit.status == crate::generic::Search::Converged {
        hit.toi
    } else {
        // A grazing approach: advancement stopped short of the contact, at a safe time. The gap is
        // convex in t (the distance between convex sets under a relative translation), so finish
        // exactly: its minimum over [toi, 1] by ternary search, then the first crossing before it
        // by bisection; no contact when the minimum stays above the tolerance.
        first_crossing_convex(&gap, hit.toi, tol)?
    };
    let cp = at(toi);
    let normal = safe_normalize(&(cp.point_b - cp.point_a))
        .or_else(|| safe_normalize(&rel))
        .unwrap_or_else(Vector3::x_axis);
    // In A's frame the motion was relative; move the contact with A.
    let point = cp.point_a + normal.into_inner() * a.radius + va * toi;
    Impact::new(toi, point, normal, toi == T::ZERO)
}

/// The first `t ∈ [t0, 1]` with `gap(t) ≤ tol` for a convex `gap` with `gap(t0) > tol`, or `None`.
fn first_crossing_convex<T: Real>(gap: &impl Fn(T) -> T, t0: T, tol: T) -> Option<T> {
    let (mut lo, mut hi) = (t0, T::ONE);
    let third = T::ONE / T::lit(3.0);
    for _ in 0..96 {
        let (m1, m2) = (lo + (hi - lo) * third, hi - (hi - lo) * third);
        if gap(m1) <= gap(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let mid = (lo + hi) * T::HALF;
    let t_min = if gap(T::ONE) <= gap(mid) { T::ONE } else { mid };
    if !(gap(t_min) <= tol) {
        return None;
    }
    let (mut a, mut b) = (t0, t_min);
    for _ in 0..64 {
        let m = (a + b) * T::HALF;
        if gap(m) <= tol {
            b = m;
        } else {
            a = m;
        }
    }
    Some(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    use osculate_testing::{for_f32_and_f64, near, sphere_shorthands};

    fn worked_cases<T: Real>() {
        let (l, p, v, s) = sphere_shorthands::<T>();
        let (close, zero) = (near::<T>(1e-4), Vector3::zeros());
        // Capsules: crossing, parallel sliding past, already overlapping.
        let c1 = Capsule::new(p(0.0, -2.0, 0.0), p(0.0, 2.0, 0.0), l(0.5));
        let c2 = Capsule::new(p(4.0, 0.0, -2.0), p(4.0, 0.0, 2.0), l(0.5));
        assert!(
            capsule_capsule(&c1, &zero, &c2, &v(-6.0, 0.0, 0.0)).is_some_and(|h| close(h.toi, 0.5))
        );
        assert!(capsule_capsule(&c1, &zero, &c2, &v(0.0, 0.0, 6.0)).is_none());
        assert!(capsule_capsule(&c1, &zero, &c1, &zero).is_some_and(|h| h.initially_overlapping));
        let sc = sphere_capsule(&s(p(4.0, 0.0, 0.0), 0.5), &v(-6.0, 0.0, 0.0), &c1, &zero);
        assert!(sc.is_some_and(|h| close(h.toi, 0.5) && close(h.normal.x, -1.0)), "{sc:?}");
    }

    #[test]
    fn capsule_capsule_grazing_miss_is_none() {
        // A grazing approach that never touches made conservative
        // advancement stop at its iteration bound, and the bound's lower time was reported as an
        // impact. Parallel capsules sliding past at a gap of 1e-3 after a long oblique approach.
        let a = Capsule::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), 0.5);
        let b = Capsule::new(Point3::new(-3.0, 1.001, 1.0), Point3::new(-2.0, 1.001, 1.0), 0.5);
        let hit = capsule_capsule(&a, &Vector3::zeros(), &b, &Vector3::new(6.0, 0.0, -2.0));
        assert!(hit.is_none(), "{hit:?}");
        // Grazing into contact: the reported time is a touching one, not the bound's lower time.
        let c = Capsule::new(Point3::new(-3.0, 0.999, 1.0), Point3::new(-2.0, 0.999, 1.0), 0.5);
        let hit = capsule_capsule(&a, &Vector3::zeros(), &c, &Vector3::new(6.0, 0.0, -2.0));
        let Some(h) = hit else { panic!("a grazing contact was missed") };
        let shift = Vector3::new(6.0, 0.0, -2.0) * h.toi;
        let moved = Capsule::new(c.a + shift, c.b + shift, 0.5);
        let d = closest_points_segment_segment(&a.segment(), &moved.segment()).distance - 1.0;
        assert!(d.abs() < 1e-9, "{hit:?}, gap {d}");
    }

    for_f32_and_f64!(worked_cases);
}
