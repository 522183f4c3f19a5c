//! Moving boxes: a sphere against an axis-aligned or oriented box (Ericson 5.5.7), box against box
//! (5.5.8), and the separating-axis test over a linear motion (5.5.2) that the oriented boxes and
//! the box-triangle sweep share.

use osculate_cast::{ray_aabb, ray_capsule};
use osculate_closest::{closest_point_on_aabb, closest_point_on_obb};
use osculate_math::Validate;
use osculate_math::{
    Aabb, Capsule, Obb, Point3, Real, Rotation3, Sphere, UnitVector3, Vector3, axis_vector,
    is_finite_point,
};

use crate::sphere::{ball_impact, earliest, finite_motion, sweep_start};
use crate::types::Impact;

/// Moving sphere `s` (displaced by `vs`) against moving box `b` (displaced by `vb`), Ericson
/// 5.5.7: the center, moving relative to the box, is cast against the box grown by the radius —
/// the union of the box extended by `r` along each single axis (three boxes: the face regions)
/// and the twelve edges as capsules of radius `r` (the edge and corner regions), each with the cast
/// layer ([`ray_aabb`], [`ray_capsule`], the segment-capsule test the text calls for). The earliest
/// entry is the time of impact.
///
/// # Examples
/// ```
/// use osculate_dynamic::sphere_aabb;
/// use osculate_math::{Aabb, Point3, Sphere, Vector3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let face = sphere_aabb(&Sphere::new(Point3::new(0.5, 0.5, 4.0), 0.5), &Vector3::new(0.0, 0.0, -5.0), &b, &Vector3::zeros()).unwrap();
/// assert!((face.toi - 0.5).abs() < 1e-12);
/// // Toward the corner (1, 1, 1) along the diagonal: contact when the center is r past it.
/// let s = Sphere::new(Point3::new(3.0, 3.0, 3.0), 0.5);
/// let corner = sphere_aabb(&s, &Vector3::new(-3.0, -3.0, -3.0), &b, &Vector3::zeros()).unwrap();
/// let expected = (2.0 * 3.0_f64.sqrt() - 0.5) / (3.0 * 3.0_f64.sqrt());
/// assert!((corner.toi - expected).abs() < 1e-9);
/// ```
#[must_use]
pub fn sphere_aabb<T: Real>(
    s: &Sphere<T>,
    vs: &Vector3<T>,
    b: &Aabb<T>,
    vb: &Vector3<T>,
) -> Option<Impact<T>> {
    let r = s.radius;
    let valid = r >= T::ZERO
        && r.is_finite()
        && is_finite_point(&s.center)
        && is_finite_point(&b.min)
        && is_finite_point(&b.max)
        && (0..3).all(|i| b.min[i] <= b.max[i])
        && finite_motion(vs, vb);
    if !valid {
        return None;
    }
    let rel = vs - vb;
    let ray = match sweep_start(s, closest_point_on_aabb(&s.center, b), &rel) {
        Ok(ray) => ray,
        Err(decided) => return decided,
    };
    // Early out: the box grown by r on every axis contains the rounded box.
    ray_aabb(&ray, &Aabb { min: b.min - Vector3::repeat(r), max: b.max + Vector3::repeat(r) })?;
    let mut candidates: [Option<T>; 15] = [None; 15];
    for (i, slot) in candidates.iter_mut().take(3).enumerate() {
        let mut grow = Vector3::zeros();
        grow[i] = r;
        *slot = ray_aabb(&ray, &Aabb { min: b.min - grow, max: b.max + grow }).map(|h| h.t_enter);
    }
    let corner = |k: usize| {
        Point3::new(
            if k & 1 == 0 { b.min.x } else { b.max.x },
            if k & 2 == 0 { b.min.y } else { b.max.y },
            if k & 4 == 0 { b.min.z } else { b.max.z },
        )
    };
    let mut slot = 3;
    for k in 0..8usize {
        for bit in [1usize, 2, 4] {
            if k & bit == 0 {
                let cap = Capsule::new(corner(k), corner(k | bit), r);
                candidates[slot] = ray_capsule(&ray, &cap).map(|h| h.t_enter);
                slot += 1;
            }
        }
    }
    let toi = earliest(candidates)?;
    let c = s.center + vs * toi;
    let moved = Aabb { min: b.min + vb * toi, max: b.max + vb * toi };
    ball_impact(c, closest_point_on_aabb(&c, &moved), toi, &rel, false)
}

/// Moving sphere `s` (displaced by `vs`) against moving oriented box `b` (displaced by `vb`): the
/// motion taken into the box's frame and solved as [`sphere_aabb`], the result taken back.
///
/// # Examples
/// ```
/// use osculate_dynamic::sphere_obb;
/// use osculate_math::{Obb, Point3, Rotation3, Sphere, Vector3};
///
/// let b = Obb::new(Point3::origin(), Rotation3::from_axis_angle(&Vector3::z_axis(), std::f64::consts::FRAC_PI_4), Vector3::new(1.0, 1.0, 1.0));
/// let hit = sphere_obb(&Sphere::new(Point3::new(5.0, 0.0, 0.0), 0.5), &Vector3::new(-4.0, 0.0, 0.0), &b, &Vector3::zeros()).unwrap();
/// assert!((hit.toi - (5.0 - 0.5 - 2.0_f64.sqrt()) / 4.0).abs() < 1e-9); // onto the turned box's edge
/// ```
#[must_use]
pub fn sphere_obb<T: Real>(
    s: &Sphere<T>,
    vs: &Vector3<T>,
    b: &Obb<T>,
    vb: &Vector3<T>,
) -> Option<Impact<T>> {
    let inv = |v: &Vector3<T>| b.rotation.inverse_transform_vector(v);
    let local = Sphere::new(Point3::from(b.to_local(&s.center)), s.radius);
    let e = b.half_extents;
    let boxed = Aabb { min: Point3::from(-e), max: Point3::from(e) };
    let h = sphere_aabb(&local, &inv(vs), &boxed, &inv(vb))?;
    let normal = UnitVector3::new_unchecked(b.rotation * h.normal.into_inner());
    Impact::new(h.toi, b.center + b.rotation * h.point.coords, normal, h.initially_overlapping)
}

/// The times `t` at which the interval `[lo_b, hi_b] + w·t` meets `[lo_a, hi_a]`: `None` when
/// never (parallel motion on a separated axis — the case Ericson 5.5.8's code misses), else the
/// time interval (possibly unbounded).
#[inline]
fn sweep_axis<T: Real>(lo_a: T, hi_a: T, lo_b: T, hi_b: T, w: T) -> Option<(T, T)> {
    if w == T::ZERO {
        return (lo_b <= hi_a && hi_b >= lo_a).then_some((T::NEG_INFINITY, T::INFINITY));
    }
    // lo_b + w t ≤ hi_a and hi_b + w t ≥ lo_a.
    let (t1, t2) = ((hi_a - lo_b) / w, (lo_a - hi_b) / w);
    Some(if t1 <= t2 { (t1, t2) } else { (t2, t1) })
}

/// The first time in `[0, 1]` at which all the intervals overlap, and the index of the axis whose
/// interval starts last (the contact axis), or `None`.
fn first_common_time<T: Real>(
    intervals: impl Iterator<Item = Option<(T, T)>>,
) -> Option<(T, usize)> {
    let (mut first, mut last, mut axis) = (T::NEG_INFINITY, T::ONE, 0);
    for (k, iv) in intervals.enumerate() {
        let (t1, t2) = iv?;
        if !(t1 <= t2) {
            return None; // NaN
        }
        if t1 > first {
            first = t1;
            axis = k;
        }
        last = last.fast_min(t2);
    }
    let toi = first.fast_max(T::ZERO);
    (toi <= last && last >= T::ZERO).then_some((toi, axis))
}

/// Moving box `a` (displaced by `va`) against moving box `b` (displaced by `vb`), Ericson 5.5.8:
/// per axis the times at which the two extents overlap, intersected. A zero relative velocity on
/// an axis on which the boxes are apart means they never meet (the book's code leaves that case
/// out and can report a false hit). The normal is the axis whose overlap starts last, pointing from
/// A to B; the point is the center of the boxes' common face region at the time of impact.
/// Inverted boxes or NaN give `None`.
///
/// # Examples
/// ```
/// use osculate_dynamic::aabb_aabb;
/// use osculate_math::{Aabb, Point3, Vector3};
///
/// let a = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let b = Aabb::new(Point3::new(3.0, 0.0, 0.0), Point3::new(4.0, 1.0, 1.0));
/// let hit = aabb_aabb(&a, &Vector3::zeros(), &b, &Vector3::new(-4.0, 0.0, 0.0)).unwrap();
/// assert_eq!((hit.toi, hit.normal, hit.point), (0.5, Vector3::x_axis(), Point3::new(1.0, 0.5, 0.5)));
/// // Sliding past on a separated axis with no motion there: never.
/// let beside = Aabb::new(Point3::new(3.0, 2.0, 0.0), Point3::new(4.0, 3.0, 1.0));
/// assert!(aabb_aabb(&a, &Vector3::zeros(), &beside, &Vector3::new(-8.0, 0.0, 0.0)).is_none());
/// ```
#[must_use]
pub fn aabb_aabb<T: Real>(
    a: &Aabb<T>,
    va: &Vector3<T>,
    b: &Aabb<T>,
    vb: &Vector3<T>,
) -> Option<Impact<T>> {
    let finite = is_finite_point(&a.min)
        && is_finite_point(&a.max)
        && is_finite_point(&b.min)
        && is_finite_point(&b.max);
    if !finite || !(0..3).all(|i| a.min[i] <= a.max[i] && b.min[i] <= b.max[i]) {
        return None;
    }
    let v = vb - va;
    let (toi, axis) = first_common_time(
        (0..3).map(|i| sweep_axis(a.min[i], a.max[i], b.min[i], b.max[i], v[i])),
    )?;
    let overlapping = osculate_overlap::aabb_aabb(a, b);
    let (am, bm) = (a.min + va * toi, b.min + vb * toi);
    let (ax, bx) = (a.max + va * toi, b.max + vb * toi);
    // The center of the boxes' common region (a face, an edge or a point at touching contact).
    let lo = Point3::from(am.coords.zip_map(&bm.coords, |x, y| x.fast_max(y)));
    let hi = Point3::from(ax.coords.zip_map(&bx.coords, |x, y| x.fast_min(y)));
    let point = Point3::from((lo.coords + hi.coords) * T::HALF);
    let centers = (bm.coords + bx.coords) - (am.coords + ax.coords);
    let sign = if overlapping {
        if centers[axis] >= T::ZERO { T::ONE } else { -T::ONE }
    } else if v[axis] < T::ZERO {
        T::ONE
    } else {
        -T::ONE
    };
    Impact::new(toi, point, UnitVector3::new_unchecked(axis_vector(axis, sign)), overlapping)
}

/// The projection radius of a box with half extents `e` along the unit axes `u` on `n`.
#[inline]
pub(crate) fn box_radius<T: Real>(e: &Vector3<T>, u: &Rotation3<T>, n: &Vector3<T>) -> T {
    (0..3).fold(T::ZERO, |r, i| r + e[i] * u.matrix().column(i).dot(n).abs())
}

/// The box vertex (face center or edge midpoint where `n` is perpendicular to an axis) farthest
/// along `−n`.
#[inline]
pub(crate) fn support_toward<T: Real>(
    center: &Point3<T>,
    e: &Vector3<T>,
    u: &Rotation3<T>,
    n: &Vector3<T>,
) -> Point3<T> {
    (0..3).fold(*center, |p, i| {
        let axis = u.matrix().column(i).into_owned();
        let s = axis.dot(n);
        let step = if s > T::ZERO {
            -e[i]
        } else if s < T::ZERO {
            e[i]
        } else {
            T::ZERO
        };
        p + axis * step
    })
}

/// Candidate separating axes that are (nearly) zero — parallel edges — never separate and are
/// skipped (Ericson 5.2.1.1), which can only make the sweep report contact earlier, never miss it.
#[inline]
pub(crate) fn usable_axis<T: Real>(l: &Vector3<T>, u: &Vector3<T>, w: &Vector3<T>) -> bool {
    l.norm_squared() > T::DEGENERATE_SQ_TOLERANCE * u.norm_squared() * w.norm_squared()
}

/// The separating-axis test over a linear motion (Ericson 5.5.2): for each axis, the times at
/// which the projections overlap; the first common time. `project_a`/`project_b` give each shape's
/// interval on an axis at `t = 0`; B moves by `v` relative to A.
pub(crate) fn sweep_sat<T: Real>(
    axes: &[Vector3<T>],
    project_a: impl Fn(&Vector3<T>) -> (T, T),
    project_b: impl Fn(&Vector3<T>) -> (T, T),
    v: &Vector3<T>,
) -> Option<(T, Vector3<T>, bool)> {
    let mut overlapping = true;
    let (toi, k) = first_common_time(axes.iter().map(|l| {
        let (lo_a, hi_a) = project_a(l);
        let (lo_b, hi_b) = project_b(l);
        overlapping &= lo_b <= hi_a && hi_b >= lo_a;
        sweep_axis(lo_a, hi_a, lo_b, hi_b, l.dot(v))
    }))?;
    let axis = *axes.get(k)?;
    Some((toi, axis, overlapping))
}

/// The contact normal along `axis`, pointing from A's interval toward B's at time `toi`, and the
/// impact built from it. For a contact after `t = 0` the side is the one B came from: against
/// `v`, B's velocity relative to A (non-zero along the axis whose overlap starts last). The
/// centers decide only for shapes already overlapping: at a touching contact between flat shapes
/// (a degenerate box, a triangle) both project to the same point and their centers' order along
/// the axis is rounding, which gave opposite normals for the same relative motion.
pub(crate) fn sat_impact<T: Real>(
    toi: T,
    axis: &Vector3<T>,
    overlapping: bool,
    v: &Vector3<T>,
    a_center: Point3<T>,
    b_center: Point3<T>,
    point: impl FnOnce(&Vector3<T>) -> Point3<T>,
) -> Option<Impact<T>> {
    let n2 = axis.norm_squared();
    if !(n2 > T::ZERO) {
        return None;
    }
    let mut n = axis / n2.sqrt();
    let approach = n.dot(v);
    let b_behind = if !overlapping && approach != T::ZERO {
        approach > T::ZERO
    } else {
        (b_center - a_center).dot(&n) < T::ZERO
    };
    if b_behind {
        n = -n;
    }
    Impact::new(toi, point(&n), UnitVector3::new_unchecked(n), overlapping)
}

/// Moving oriented box `a` (displaced by `va`) against moving oriented box `b` (displaced by `vb`)
/// by separating axes over the motion (Ericson 5.5.2): the 15 axes of the static test (5.2.1,
/// 4.4.1) are fixed under translation, and on each the projections' overlap is an interval of
/// time; the first time common to all is the time of impact. Axes from (nearly) parallel edges are
/// skipped (they never separate). The normal is the axis whose overlap starts last, from A to B;
/// the point is A's point nearest B's extreme vertex toward A at that time (exact for a vertex of B
/// on a face of A, a representative point of the contact patch otherwise).
///
/// # Examples
/// ```
/// use osculate_dynamic::obb_obb;
/// use osculate_math::{Obb, Point3, Rotation3, Vector3};
///
/// let e = Vector3::new(1.0_f64, 1.0, 1.0);
/// let a = Obb::new(Point3::origin(), Rotation3::identity(), e);
/// let b = Obb::new(Point3::new(6.0, 0.0, 0.0), Rotation3::from_axis_angle(&Vector3::z_axis(), std::f64::consts::FRAC_PI_4), e);
/// let hit = obb_obb(&a, &Vector3::zeros(), &b, &Vector3::new(-8.0, 0.0, 0.0)).unwrap();
/// // B's corner, √2 ahead of its center, meets A's face at x = 1.
/// assert!((hit.toi - (5.0 - 2.0_f64.sqrt()) / 8.0).abs() < 1e-12);
/// assert!((hit.normal.into_inner() - Vector3::x()).norm() < 1e-12);
/// ```
#[must_use]
pub fn obb_obb<T: Real>(
    a: &Obb<T>,
    va: &Vector3<T>,
    b: &Obb<T>,
    vb: &Vector3<T>,
) -> Option<Impact<T>> {
    if !(a.is_valid() && b.is_valid()) {
        return None;
    }
    let ua: [Vector3<T>; 3] = a.axes();
    let ub: [Vector3<T>; 3] = b.axes();
    let mut axes = [Vector3::zeros(); 15];
    let mut count = 0;
    for u in ua.iter().chain(ub.iter()) {
        axes[count] = *u;
        count += 1;
    }
    for x in &ua {
        for y in &ub {
            let l = x.cross(y);
            if usable_axis(&l, x, y) {
                axes[count] = l;
                count += 1;
            }
        }
    }
    let project = |o: &Obb<T>, l: &Vector3<T>| {
        let c = o.center.coords.dot(l);
        let r = box_radius(&o.half_extents, &o.rotation, l);
        (c - r, c + r)
    };
    let (toi, axis, overlapping) =
        sweep_sat(&axes[..count], |l| project(a, l), |l| project(b, l), &(vb - va))?;
    let (ca, cb) = (a.center + va * toi, b.center + vb * toi);
    sat_impact(toi, &axis, overlapping, &(vb - va), ca, cb, |n| {
        let moved_a = Obb { center: ca, ..*a };
        let deepest_b = support_toward(&cb, &b.half_extents, &b.rotation, n);
        closest_point_on_obb(&deepest_b, &moved_a)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use osculate_testing::{for_f32_and_f64, near, shorthands, sphere_shorthands};

    fn sphere_worked_cases<T: Real>() {
        let (_, p, v, s) = sphere_shorthands::<T>();
        let (close, zero) = (near::<T>(1e-4), Vector3::zeros());
        // Box: face, edge, corner, tunneling through a thin box.
        let b = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        let e = sphere_aabb(&s(p(2.0, 2.0, 0.5), 0.5), &v(-2.0, -2.0, 0.0), &b, &zero);
        let want = (2.0_f64.sqrt() - 0.5) / (2.0 * 2.0_f64.sqrt());
        assert!(e.is_some_and(|h| close(h.toi, want)), "{e:?}");
        let thin = Aabb::new(p(5.0, -1.0, -1.0), p(5.001, 1.0, 1.0));
        let t = sphere_aabb(&s(p(0.0, 0.0, 0.0), 0.001), &v(10.0, 0.0, 0.0), &thin, &zero);
        assert!(t.is_some_and(|h| close(h.toi, 0.4999)), "{t:?}");
        assert!(sphere_aabb(&s(p(0.0, 3.0, 0.0), 0.5), &v(10.0, 0.0, 0.0), &thin, &zero).is_none());
    }

    fn worked_cases<T: Real>() {
        let (l, p, v) = shorthands::<T>();
        let close = near::<T>(1e-5);
        let a = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        let zero = Vector3::zeros();
        // Head-on; already overlapping; never touching (moving away); parallel motion beside;
        // grazing (edge to edge exactly); tunneling (a thin fast box through a thin wall).
        let b = Aabb::new(p(3.0, 0.0, 0.0), p(4.0, 1.0, 1.0));
        assert!(aabb_aabb(&a, &zero, &b, &v(-4.0, 0.0, 0.0)).is_some_and(|h| close(h.toi, 0.5)));
        let inside = Aabb::new(p(0.5, 0.5, 0.5), p(2.0, 2.0, 2.0));
        assert!(
            aabb_aabb(&a, &zero, &inside, &v(1.0, 0.0, 0.0))
                .is_some_and(|h| h.toi == l(0.0) && h.initially_overlapping)
        );
        assert!(aabb_aabb(&a, &zero, &b, &v(4.0, 0.0, 0.0)).is_none());
        let graze = Aabb::new(p(3.0, 1.0, 0.0), p(4.0, 2.0, 1.0));
        assert!(
            aabb_aabb(&a, &zero, &graze, &v(-4.0, 0.0, 0.0)).is_some_and(|h| close(h.toi, 0.5))
        );
        let wall = Aabb::new(p(5.0, -10.0, -10.0), p(5.01, 10.0, 10.0));
        let bullet = Aabb::new(p(0.0, 0.0, 0.0), p(0.01, 0.01, 0.01));
        let h = aabb_aabb(&bullet, &v(100.0, 0.0, 0.0), &wall, &zero);
        assert!(
            h.is_some_and(|h| close(h.toi, 0.0499) && h.normal.into_inner() == v(1.0, 0.0, 0.0)),
            "{h:?}"
        );
        // OBB-OBB agrees with AABB-AABB for unrotated boxes.
        let (oa, ob) = (a.to_obb(), b.to_obb());
        assert!(obb_obb(&oa, &zero, &ob, &v(-4.0, 0.0, 0.0)).is_some_and(|h| close(h.toi, 0.5)));
        assert!(
            obb_obb(&oa, &zero, &graze.to_obb(), &v(-4.0, 0.0, 0.0))
                .is_some_and(|h| close(h.toi, 0.5))
        );
        assert!(obb_obb(&oa, &zero, &ob, &v(0.0, 4.0, 0.0)).is_none());
        // Invalid input.
        let inverted = Aabb::new(p(1.0, 0.0, 0.0), p(0.0, 1.0, 1.0));
        assert!(aabb_aabb(&a, &zero, &inverted, &zero).is_none());
        let nan = Aabb::new(p(f64::NAN, 0.0, 0.0), p(1.0, 1.0, 1.0));
        assert!(aabb_aabb(&a, &zero, &nan, &v(1.0, 0.0, 0.0)).is_none());
    }

    #[test]
    fn aabb_aabb_infinite_box_gives_no_impact() {
        // A box with an infinite corner overlapping another at t = 0: it was reported as an
        // impact with a finite point.
        let z = Vector3::zeros();
        let inf =
            Aabb { min: Point3::new(0.0_f64, 0.0, 0.0), max: Point3::new(f64::INFINITY, 0.0, 0.0) };
        let unit = Aabb { min: Point3::new(0.0, 0.0, 0.0), max: Point3::new(1.0, 1.0, 1.0) };
        assert!(aabb_aabb(&inf, &z, &unit, &z).is_none());
        assert!(aabb_aabb(&unit, &z, &inf, &z).is_none());
    }

    for_f32_and_f64!(sphere_worked_cases, worked_cases);
}
