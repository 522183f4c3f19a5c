//! Moving boxes and triangles: against planes (Ericson 5.5.3), box against box (5.5.8), and the
//! separating-axis test over a linear motion for oriented boxes and triangles (5.5.2).

use osculate_closest::closest_point_on_obb;
use osculate_math::{
    Aabb, Halfspace, Obb, Plane, Point3, Real, Rotation3, Triangle, UnitVector3, Vector3,
    is_finite_point,
};

use crate::types::Impact;

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
    let mut n = Vector3::zeros();
    let centers = (bm.coords + bx.coords) - (am.coords + ax.coords);
    n[axis] = if overlapping {
        if centers[axis] >= T::ZERO { T::ONE } else { -T::ONE }
    } else if v[axis] < T::ZERO {
        T::ONE
    } else {
        -T::ONE
    };
    Impact::new(toi, point, UnitVector3::new_unchecked(n), overlapping)
}

/// The projection radius of a box with half extents `e` along the unit axes `u` on `n`.
#[inline]
fn box_radius<T: Real>(e: &Vector3<T>, u: &Rotation3<T>, n: &Vector3<T>) -> T {
    (0..3).fold(T::ZERO, |r, i| r + e[i] * u.matrix().column(i).dot(n).abs())
}

/// The box vertex (face center or edge midpoint where `n` is perpendicular to an axis) farthest
/// along `−n`.
#[inline]
fn support_toward<T: Real>(
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
    let s = crate::sphere::sphere_plane(&osculate_math::Sphere::new(b.center, r), v, plane)?;
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
    let s = crate::sphere::sphere_halfspace(&osculate_math::Sphere::new(b.center, r), v, h)?;
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

/// Candidate separating axes that are (nearly) zero — parallel edges — never separate and are
/// skipped (Ericson 5.2.1.1), which can only make the sweep report contact earlier, never miss it.
#[inline]
fn usable_axis<T: Real>(l: &Vector3<T>, u: &Vector3<T>, w: &Vector3<T>) -> bool {
    l.norm_squared() > T::DEGENERATE_SQ_TOLERANCE * u.norm_squared() * w.norm_squared()
}

/// The separating-axis test over a linear motion (Ericson 5.5.2): for each axis, the times at
/// which the projections overlap; the first common time. `project_a`/`project_b` give each shape's
/// interval on an axis at `t = 0`; B moves by `v` relative to A.
fn sweep_sat<T: Real>(
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
/// the axis is rounding, which gave opposite normals for the same relative motion (found by the
/// mixed-pair symmetry property).
fn sat_impact<T: Real>(
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
    let finite = |o: &Obb<T>| {
        is_finite_point(&o.center)
            && o.half_extents.iter().all(|e| e.is_finite() && *e >= T::ZERO)
            && o.rotation.matrix().iter().all(|x| x.is_finite())
    };
    if !(finite(a) && finite(b)) {
        return None;
    }
    let ua: [Vector3<T>; 3] = core::array::from_fn(|i| a.axis(i));
    let ub: [Vector3<T>; 3] = core::array::from_fn(|i| b.axis(i));
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

/// Moving triangle `t` (displaced by `vt`) against moving box `b` (displaced by `vb`) by separating
/// axes over the motion (Ericson 5.5.2) with the 13 axes of the static test (Akenine-Möller, 5.2.9):
/// the box's three, the triangle's normal, and the nine edge-axis cross products (parallel ones
/// skipped). The normal is the axis whose overlap starts last, from the triangle to the box; the
/// point is the triangle's vertex (or edge or face midpoint) farthest toward the box then, moved
/// onto the box.
///
/// # Examples
/// ```
/// use osculate_dynamic::triangle_aabb;
/// use osculate_math::{Aabb, Point3, Triangle, Vector3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let t = Triangle::new(Point3::new(0.0, 0.0, 3.0), Point3::new(1.0, 0.0, 3.0), Point3::new(0.0, 1.0, 3.0));
/// let hit = triangle_aabb(&t, &Vector3::new(0.0, 0.0, -4.0), &b, &Vector3::zeros()).unwrap();
/// assert_eq!((hit.toi, hit.normal), (0.5, -Vector3::z_axis()));
/// ```
#[must_use]
pub fn triangle_aabb<T: Real>(
    t: &Triangle<T>,
    vt: &Vector3<T>,
    b: &Aabb<T>,
    vb: &Vector3<T>,
) -> Option<Impact<T>> {
    let usable = is_finite_point(&t.a)
        && is_finite_point(&t.b)
        && is_finite_point(&t.c)
        && (0..3).all(|i| b.min[i] <= b.max[i] && b.min[i].is_finite() && b.max[i].is_finite());
    if !usable {
        return None;
    }
    let edges = [t.b - t.a, t.c - t.b, t.a - t.c];
    let mut axes = [Vector3::zeros(); 13];
    let mut count = 0;
    for i in 0..3 {
        let mut u = Vector3::zeros();
        u[i] = T::ONE;
        axes[count] = u;
        count += 1;
        for e in &edges {
            let l = u.cross(e);
            if usable_axis(&l, &u, e) {
                axes[count] = l;
                count += 1;
            }
        }
    }
    let n = edges[0].cross(&edges[1]);
    if usable_axis(&n, &edges[0], &edges[1]) {
        axes[count] = n;
        count += 1;
    }
    let project_t = |l: &Vector3<T>| {
        let d = [t.a.coords.dot(l), t.b.coords.dot(l), t.c.coords.dot(l)];
        (d[0].fast_min(d[1]).fast_min(d[2]), d[0].fast_max(d[1]).fast_max(d[2]))
    };
    let (c, e) = (b.center(), b.half_extents());
    let project_b = |l: &Vector3<T>| {
        let m = c.coords.dot(l);
        let r = e.x * l.x.abs() + e.y * l.y.abs() + e.z * l.z.abs();
        (m - r, m + r)
    };
    let (toi, axis, overlapping) = sweep_sat(&axes[..count], project_t, project_b, &(vb - vt))?;
    let shift_t = vt * toi;
    let tri_center = Point3::from((t.a.coords + t.b.coords + t.c.coords) / T::lit(3.0)) + shift_t;
    let box_now = Aabb { min: b.min + vb * toi, max: b.max + vb * toi };
    sat_impact(toi, &axis, overlapping, &(vb - vt), tri_center, box_now.center(), |n| {
        // The triangle's points farthest along n (toward the box): their mean.
        let d = [t.a.coords.dot(n), t.b.coords.dot(n), t.c.coords.dot(n)];
        let top = d[0].fast_max(d[1]).fast_max(d[2]);
        let slack = T::RELATIVE_TOLERANCE * (top.abs() + T::ONE);
        let (mut sum, mut k) = (Vector3::zeros(), T::ZERO);
        for (p, dp) in [t.a, t.b, t.c].iter().zip(d) {
            if dp >= top - slack {
                sum += p.coords;
                k += T::ONE;
            }
        }
        let tip = Point3::from(sum / k) + shift_t;
        osculate_closest::closest_point_on_aabb(&tip, &box_now)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangle_aabb_flat_shapes_normal_follows_the_approach() {
        // A triangle and a box both flat along the contact axis, touching edge to edge: the same
        // relative motion given as both moving or as the triangle alone gave opposite normals
        // (the centers' order along the axis was rounding). The normal is from the triangle to
        // the box, against the box's relative velocity.
        let p = |x: f64, y: f64, z: f64| Point3::new(x, y, z);
        let t = Triangle::new(
            p(0.258_145_181_936_914_94, -0.688_073_909_580_148_7, -0.732_221_711_331_804_4),
            p(0.847_316_445_711_642_4, 0.958_616_573_861_677_2, -0.382_611_930_530_000_64),
            p(0.774_174_435_409_712_9, 0.754_190_017_935_753_5, -0.426_013_847_360_143_47),
        );
        let b = Aabb::new(
            p(-0.754_997_949_871_261_3, -0.269_161_003_741_739_1, -0.136_921_404_299_169_44),
            p(-0.754_997_949_871_261_3, -0.269_161_003_741_739_1, 0.108_683_214_342_350_29),
        );
        let vt = Vector3::new(
            1.973_957_104_929_800_4,
            -1.486_317_889_653_613_1,
            1.591_903_751_341_772_6,
        );
        let vb =
            Vector3::new(5.443_344_869_609_33, 0.159_874_215_283_944_74, 0.534_804_689_054_940_9);
        let both = triangle_aabb(&t, &vt, &b, &vb);
        let alone = triangle_aabb(&t, &(vt - vb), &b, &Vector3::zeros());
        match (both, alone) {
            (Some(h), Some(g)) => {
                assert!(h.normal.dot(&(vb - vt)) < 0.0, "{h:?}");
                assert!(
                    (h.normal.into_inner() - g.normal.into_inner()).norm() < 1e-9,
                    "{h:?} {g:?}"
                );
            }
            _ => panic!("{both:?} {alone:?}"),
        }
    }

    #[test]
    fn aabb_aabb_infinite_box_gives_no_impact() {
        // Found by the non-finite property: a box with an infinite corner overlapping another at
        // t = 0 was reported as an impact with a finite point.
        let z = Vector3::zeros();
        let inf =
            Aabb { min: Point3::new(0.0_f64, 0.0, 0.0), max: Point3::new(f64::INFINITY, 0.0, 0.0) };
        let unit = Aabb { min: Point3::new(0.0, 0.0, 0.0), max: Point3::new(1.0, 1.0, 1.0) };
        assert!(aabb_aabb(&inf, &z, &unit, &z).is_none());
        assert!(aabb_aabb(&unit, &z, &inf, &z).is_none());
    }

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
        let v = |x: f64, y: f64, z: f64| Vector3::new(l(x), l(y), l(z));
        let close = |a: T, b: f64| (a - l(b)).abs() < l(1e-5);
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
        // Planes.
        let floor = Plane::new(Vector3::z_axis(), l(0.0));
        let high = Aabb::new(p(0.0, 0.0, 2.0), p(1.0, 1.0, 3.0));
        assert!(aabb_plane(&high, &v(0.0, 0.0, -4.0), &floor).is_some_and(|h| close(h.toi, 0.5)));
        assert!(aabb_plane(&high, &v(0.0, 0.0, 4.0), &floor).is_none());
        assert!(aabb_plane(&high, &v(0.0, 0.0, -1.0), &floor).is_none());
        let ground = Halfspace::new(floor);
        let sunk = Aabb::new(p(0.0, 0.0, -2.0), p(1.0, 1.0, -1.0));
        assert!(aabb_halfspace(&sunk, &zero, &ground).is_some_and(|h| h.initially_overlapping));
        // Triangle-box: face contact, a triangle sliding past beside the box.
        let tri = Triangle::new(p(0.0, 0.0, 3.0), p(1.0, 0.0, 3.0), p(0.0, 1.0, 3.0));
        assert!(
            triangle_aabb(&tri, &v(0.0, 0.0, -4.0), &a, &zero).is_some_and(|h| close(h.toi, 0.5))
        );
        let beside = Triangle::new(p(2.0, 0.0, 3.0), p(3.0, 0.0, 3.0), p(2.0, 1.0, 3.0));
        assert!(triangle_aabb(&beside, &v(0.0, 0.0, -4.0), &a, &zero).is_none());
        // Invalid input.
        let inverted = Aabb::new(p(1.0, 0.0, 0.0), p(0.0, 1.0, 1.0));
        assert!(aabb_aabb(&a, &zero, &inverted, &zero).is_none());
        let nan = Aabb::new(p(f64::NAN, 0.0, 0.0), p(1.0, 1.0, 1.0));
        assert!(aabb_aabb(&a, &zero, &nan, &v(1.0, 0.0, 0.0)).is_none());
    }

    #[test]
    fn worked_cases_f32() {
        worked_cases::<f32>();
    }

    #[test]
    fn worked_cases_f64() {
        worked_cases::<f64>();
    }
}
