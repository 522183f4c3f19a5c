//! Moving spheres and capsules (van den Bergen 3.1.2, Ericson 5.5.3, 5.5.5-5.5.7): each reduces to
//! a ray cast of the relative motion against the configuration-space obstacle (the Minkowski sum
//! of one shape and the other's ball).

use osculate_cast::{Culling, ray_aabb, ray_capsule, ray_sphere, ray_triangle_watertight};
use osculate_closest::{
    closest_point_on_aabb, closest_point_on_triangle, closest_points_segment_segment,
};
use osculate_math::{
    Aabb, Capsule, Halfspace, Obb, Plane, Point3, Ray, Real, Segment, Sphere, Triangle,
    UnitVector3, Vector3, any_perpendicular, is_finite_point, is_finite_vector,
};

use crate::types::Impact;

/// The unit vector along `v`, or `fallback` when `v` is zero.
#[inline]
fn unit_or<T: Real>(v: &Vector3<T>, fallback: impl FnOnce() -> UnitVector3<T>) -> UnitVector3<T> {
    let n2 = v.norm_squared();
    if n2 > T::ZERO && n2.is_finite() {
        UnitVector3::new_unchecked(v / n2.sqrt())
    } else {
        fallback()
    }
}

/// Whether both displacements are finite: a NaN or infinite displacement is invalid input, even for
/// shapes that already overlap at `t = 0` (no confident answer from garbage).
#[inline]
fn finite_motion<T: Real>(va: &Vector3<T>, vb: &Vector3<T>) -> bool {
    is_finite_vector(va) && is_finite_vector(vb)
}

/// The earliest `t_enter` of a set of candidate ray hits.
#[inline]
fn earliest<T: Real>(hits: impl IntoIterator<Item = Option<T>>) -> Option<T> {
    hits.into_iter()
        .flatten()
        .fold(None, |best: Option<T>, t| Some(best.map_or(t, |b| b.fast_min(t))))
}

/// The relative motion of B seen from A as a ray from `origin` (unbounded in direction, `max_t =
/// 1`), or `None` when there is no relative motion.
#[inline]
fn motion_ray<T: Real>(origin: Point3<T>, relative: Vector3<T>) -> Option<Ray<T>> {
    (relative != Vector3::zeros() && relative.iter().all(|x| x.is_finite())).then_some(Ray {
        origin,
        direction: relative,
        max_t: T::ONE,
    })
}

/// Moving sphere `a` (displaced by `va` over the interval) against moving sphere `b` (displaced by
/// `vb`): van den Bergen 3.1.2's space-time test — B's center, moving at `vb − va` relative to A,
/// is cast as a ray against the configuration-space obstacle, the sphere of radius `r_a + r_b`
/// around A's center ([`ray_sphere`], stable roots). Returns the first time of contact in `[0, 1]`
/// with the contact point and the normal from A to B, or `None` when they stay apart; spheres
/// overlapping at `t = 0` give `toi = 0` and `initially_overlapping`. A negative radius or NaN
/// gives `None`.
///
/// # Examples
/// ```
/// use osculate_dynamic::sphere_sphere;
/// use osculate_math::{Point3, Sphere, Vector3};
///
/// let a = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// let b = Sphere::new(Point3::new(10.0, 0.0, 0.0), 1.0);
/// // Both moving toward each other by 6 over the interval: contact when 8 apart → t = 8/12.
/// let hit = sphere_sphere(&a, &Vector3::new(6.0, 0.0, 0.0), &b, &Vector3::new(-6.0, 0.0, 0.0)).unwrap();
/// assert!((hit.toi - 8.0 / 12.0).abs() < 1e-12);
/// assert!((hit.point - Point3::new(5.0, 0.0, 0.0)).norm() < 1e-12);
/// assert_eq!(hit.normal, Vector3::x_axis());
/// ```
#[must_use]
pub fn sphere_sphere<T: Real>(
    a: &Sphere<T>,
    va: &Vector3<T>,
    b: &Sphere<T>,
    vb: &Vector3<T>,
) -> Option<Impact<T>> {
    if !(a.radius >= T::ZERO && b.radius >= T::ZERO && finite_motion(va, vb)) {
        return None;
    }
    let rel = vb - va;
    let offset = b.center - a.center;
    let r = a.radius + b.radius;
    if !(offset.iter().all(|x| x.is_finite()) && r.is_finite()) {
        return None;
    }
    let toi = if offset.norm_squared() <= r * r {
        T::ZERO
    } else {
        let ray = motion_ray(Point3::from(offset), rel)?;
        ray_sphere(&ray, &Sphere::new(Point3::origin(), r))?.t_enter
    };
    let (ca, cb) = (a.center + va * toi, b.center + vb * toi);
    let normal = unit_or(&(cb - ca), || unit_or(&rel, Vector3::x_axis));
    Impact::new(toi, ca + normal.into_inner() * a.radius, normal, toi == T::ZERO)
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
    let toi = if gap <= T::ZERO {
        T::ZERO
    } else if approach < T::ZERO && gap <= -approach {
        gap / -approach
    } else {
        return None;
    };
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
    let toi = if gap <= T::ZERO {
        T::ZERO
    } else if approach < T::ZERO && gap <= -approach {
        gap / -approach
    } else {
        return None;
    };
    let normal = UnitVector3::new_unchecked(-n);
    Impact::new(toi, s.center + v * toi - n * s.radius, normal, gap <= T::ZERO)
}

/// The impact of a sphere with a shape at a known time, given the shape's closest point to the
/// sphere's center then.
#[inline]
fn ball_impact<T: Real>(
    center_at_toi: Point3<T>,
    closest: Point3<T>,
    toi: T,
    motion: &Vector3<T>,
    overlapping: bool,
) -> Option<Impact<T>> {
    let normal = unit_or(&(closest - center_at_toi), || unit_or(motion, Vector3::x_axis));
    Impact::new(toi, closest, normal, overlapping)
}

/// Moving sphere `s` (displaced by `vs`) against moving triangle `tri` (displaced by `vt`), with
/// face, edge and vertex contacts (Ericson 5.5.6): the sphere's center, moving at `vs − vt`
/// relative to the triangle, is cast against the triangle grown by the radius — its two faces
/// offset by `±r` along the normal (watertight ray-triangle) and its three edges as capsules
/// (which include the vertex balls). The contact point is the triangle's closest point to the
/// center at the time of impact; the normal points from the sphere to it.
///
/// # Examples
/// ```
/// use osculate_dynamic::sphere_triangle;
/// use osculate_math::{Point3, Sphere, Triangle, Vector3};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// let s = Sphere::new(Point3::new(1.0, 1.0, 5.0), 1.0);
/// let hit = sphere_triangle(&s, &Vector3::new(0.0, 0.0, -8.0), &t, &Vector3::zeros()).unwrap();
/// assert!((hit.toi - 0.5).abs() < 1e-12); // face contact
/// // Past the edge x = 0: an edge contact, later and with a slanted normal.
/// let e = sphere_triangle(&Sphere::new(Point3::new(-0.5, 1.0, 5.0), 1.0), &Vector3::new(0.0, 0.0, -8.0), &t, &Vector3::zeros()).unwrap();
/// assert!(e.toi > 0.5 && e.normal.x > 0.0);
/// ```
#[must_use]
pub fn sphere_triangle<T: Real>(
    s: &Sphere<T>,
    vs: &Vector3<T>,
    tri: &Triangle<T>,
    vt: &Vector3<T>,
) -> Option<Impact<T>> {
    let r = s.radius;
    let finite_triangle =
        is_finite_point(&tri.a) && is_finite_point(&tri.b) && is_finite_point(&tri.c);
    if !(r >= T::ZERO
        && r.is_finite()
        && is_finite_point(&s.center)
        && finite_triangle
        && finite_motion(vs, vt))
    {
        return None;
    }
    let rel = vs - vt;
    let q0 = closest_point_on_triangle(&s.center, tri).point;
    let d2 = (q0 - s.center).norm_squared();
    if d2.is_nan() {
        return None;
    }
    if d2 <= r * r {
        return ball_impact(s.center, q0, T::ZERO, &rel, true);
    }
    let ray = motion_ray(s.center, rel)?;
    let n = tri.unit_normal().map(|n| n.into_inner() * r);
    let face = |offset: Vector3<T>| {
        let moved = Triangle::new(tri.a + offset, tri.b + offset, tri.c + offset);
        ray_triangle_watertight(&ray, &moved, Culling::TwoSided).map(|h| h.hit.t_enter)
    };
    let edge =
        |a: Point3<T>, b: Point3<T>| ray_capsule(&ray, &Capsule::new(a, b, r)).map(|h| h.t_enter);
    let toi = earliest([
        n.and_then(&face),
        n.and_then(|n| face(-n)),
        edge(tri.a, tri.b),
        edge(tri.b, tri.c),
        edge(tri.c, tri.a),
    ])?;
    let c = s.center + vs * toi;
    let moved = Triangle::new(tri.a + vt * toi, tri.b + vt * toi, tri.c + vt * toi);
    ball_impact(c, closest_point_on_triangle(&c, &moved).point, toi, &rel, false)
}

/// Moving sphere `s` (displaced by `vs`) against moving convex polygon `poly` (displaced by `vp`):
/// as [`sphere_triangle`], the polygon fanned into triangles from its first vertex (the fan of a
/// convex polygon covers it), so face, edge and vertex contacts are all found. A polygon of one
/// or two vertices is a point or a segment; `None` for one with no vertex or with a non-finite
/// vertex (any of them, not only those of the triangle hit first), and as [`sphere_triangle`] for
/// a non-finite sphere or displacement.
///
/// # Examples
/// ```
/// use osculate_dynamic::sphere_polygon;
/// use osculate_math::{ConvexPolygon, Point3, Sphere, Vector3};
///
/// let square = ConvexPolygon::try_new(vec![
///     Point3::new(0.0_f64, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0),
///     Point3::new(2.0, 2.0, 0.0), Point3::new(0.0, 2.0, 0.0),
/// ])?;
/// let hit = sphere_polygon(&Sphere::new(Point3::new(1.5, 1.5, 3.0), 0.5), &Vector3::new(0.0, 0.0, -5.0), &square, &Vector3::zeros()).unwrap();
/// assert!((hit.toi - 0.5).abs() < 1e-12);
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn sphere_polygon<T: Real>(
    s: &Sphere<T>,
    vs: &Vector3<T>,
    poly: &osculate_math::ConvexPolygon<T>,
    vp: &Vector3<T>,
) -> Option<Impact<T>> {
    let first = *poly.vertices.first()?;
    // Every vertex finite, not only those of the fan triangle that is hit first (a polygon with
    // a vertex at infinity is invalid input, found by the non-finite property).
    if !poly.vertices.iter().all(is_finite_point) {
        return None;
    }
    let mut best: Option<Impact<T>> = None;
    let count = poly.vertices.len();
    if count < 3 {
        let b = *poly.vertices.get(1).unwrap_or(&first);
        return sphere_triangle(s, vs, &Triangle::new(first, b, b), vp);
    }
    for i in 1..count - 1 {
        let t = Triangle::new(first, poly.vertices[i], poly.vertices[i + 1]);
        if let Some(h) = sphere_triangle(s, vs, &t, vp)
            && best.is_none_or(|b| h.toi < b.toi)
        {
            best = Some(h);
        }
    }
    best
}

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
    let q0 = closest_point_on_aabb(&s.center, b);
    let d2 = (q0 - s.center).norm_squared();
    if d2.is_nan() {
        return None;
    }
    if d2 <= r * r {
        return ball_impact(s.center, q0, T::ZERO, &rel, true);
    }
    let ray = motion_ray(s.center, rel)?;
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
    // sphere can still be finite, and an impact was reported from it (found by the
    // 1,000,000-case soak; the crate answers `None` for any non-finite input).
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
    let normal = unit_or(&(q - center), || unit_or(&rel, || any_perpendicular(&(c.b - c.a))));
    Impact::new(toi, center + normal.into_inner() * s.radius, normal, toi == T::ZERO)
}

/// Moving capsule `a` (displaced by `va`) against moving capsule `b` (displaced by `vb`): the
/// distance between the axes under a relative translation is a convex function of time, so
/// conservative advancement on the closed-form segment-segment distance (Ericson 5.1.9) converges
/// to the first contact from below without ever stepping past it. Within `RELATIVE_TOLERANCE` of
/// the scale; at most 64 steps (a grazing approach may stop short of the contact, reported as the
/// last safe time).
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
    let normal = unit_or(&(cp.point_b - cp.point_a), || unit_or(&rel, Vector3::x_axis));
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

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
        let v = |x: f64, y: f64, z: f64| Vector3::new(l(x), l(y), l(z));
        let close = |a: T, b: f64| (a - l(b)).abs() < l(1e-4);
        let zero = Vector3::zeros();
        let s = |c: Point3<T>, r: f64| Sphere::new(c, l(r));
        let a = s(p(0.0, 0.0, 0.0), 1.0);
        // Sphere-sphere: head-on, grazing (tangent path), parallel motion, already overlapping,
        // never touching, tunneling (a thin fast sphere through another between the ends).
        assert!(
            sphere_sphere(&a, &zero, &s(p(5.0, 0.0, 0.0), 1.0), &v(-6.0, 0.0, 0.0))
                .is_some_and(|h| close(h.toi, 0.5))
        );
        let graze = sphere_sphere(&a, &zero, &s(p(5.0, 2.0, 0.0), 1.0), &v(-10.0, 0.0, 0.0));
        assert!(graze.is_some_and(|h| close(h.toi, 0.5) && close(h.normal.y, 1.0)), "{graze:?}");
        assert!(
            sphere_sphere(&a, &zero, &s(p(5.0, 2.01, 0.0), 1.0), &v(-10.0, 0.0, 0.0)).is_none()
        );
        assert!(
            sphere_sphere(&a, &v(1.0, 0.0, 0.0), &s(p(0.0, 3.0, 0.0), 1.0), &v(1.0, 0.0, 0.0))
                .is_none()
        );
        let over = sphere_sphere(&a, &zero, &s(p(1.0, 0.0, 0.0), 1.0), &v(5.0, 0.0, 0.0));
        assert!(over.is_some_and(|h| h.toi == l(0.0) && h.initially_overlapping), "{over:?}");
        let bullet = sphere_sphere(&s(p(-50.0, 0.0, 0.0), 0.01), &v(100.0, 0.0, 0.0), &a, &zero);
        assert!(bullet.is_some_and(|h| close(h.toi, (49.0 - 0.01) / 100.0)), "{bullet:?}");
        assert!(sphere_sphere(&a, &zero, &s(p(5.0, 0.0, 0.0), -1.0), &zero).is_none());
        // Planes: the side it starts on, moving away, parallel.
        let floor = Plane::new(Vector3::z_axis(), l(0.0));
        let under = sphere_plane(&s(p(0.0, 0.0, -5.0), 1.0), &v(0.0, 0.0, 8.0), &floor);
        assert!(
            under.is_some_and(|h| close(h.toi, 0.5) && h.normal.into_inner() == v(0.0, 0.0, 1.0)),
            "{under:?}"
        );
        assert!(sphere_plane(&s(p(0.0, 0.0, 5.0), 1.0), &v(0.0, 0.0, 8.0), &floor).is_none());
        assert!(sphere_plane(&s(p(0.0, 0.0, 5.0), 1.0), &v(8.0, 0.0, 0.0), &floor).is_none());
        // Triangle: face, edge, vertex contacts; sliding past.
        let tri = Triangle::new(p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), p(0.0, 4.0, 0.0));
        let down = v(0.0, 0.0, -10.0);
        let face = sphere_triangle(&s(p(1.0, 1.0, 6.0), 1.0), &down, &tri, &zero);
        assert!(face.is_some_and(|h| close(h.toi, 0.5) && close(h.normal.z, -1.0)), "{face:?}");
        // Over the edge y = 0 by 0.6: touches the edge when the height is 0.8 (0.6² + 0.8² = 1).
        let edge = sphere_triangle(&s(p(1.0, -0.6, 6.0), 1.0), &down, &tri, &zero);
        assert!(edge.is_some_and(|h| close(h.toi, 0.52) && close(h.point.y, 0.0)), "{edge:?}");
        // Beyond the vertex (0, 0) by (−0.6, −0.6)·(1/√2)·... a vertex contact.
        let vertex = sphere_triangle(&s(p(-0.5, -0.5, 6.0), 1.0), &down, &tri, &zero);
        let h = (1.0_f64 - 0.5).sqrt();
        assert!(
            vertex
                .is_some_and(|x| close(x.toi, (6.0 - h) / 10.0)
                    && (x.point - p(0.0, 0.0, 0.0)).norm() < l(1e-4)),
            "{vertex:?}"
        );
        assert!(sphere_triangle(&s(p(-2.0, -2.0, 6.0), 1.0), &down, &tri, &zero).is_none());
        // The triangle moving instead of the sphere: the same time.
        let moving = sphere_triangle(&s(p(1.0, 1.0, 6.0), 1.0), &zero, &tri, &v(0.0, 0.0, 10.0));
        assert!(moving.is_some_and(|h| close(h.toi, 0.5)), "{moving:?}");
        // Box: face, edge, corner, tunneling through a thin box.
        let b = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        let e = sphere_aabb(&s(p(2.0, 2.0, 0.5), 0.5), &v(-2.0, -2.0, 0.0), &b, &zero);
        let want = (2.0_f64.sqrt() - 0.5) / (2.0 * 2.0_f64.sqrt());
        assert!(e.is_some_and(|h| close(h.toi, want)), "{e:?}");
        let thin = Aabb::new(p(5.0, -1.0, -1.0), p(5.001, 1.0, 1.0));
        let t = sphere_aabb(&s(p(0.0, 0.0, 0.0), 0.001), &v(10.0, 0.0, 0.0), &thin, &zero);
        assert!(t.is_some_and(|h| close(h.toi, 0.4999)), "{t:?}");
        assert!(sphere_aabb(&s(p(0.0, 3.0, 0.0), 0.5), &v(10.0, 0.0, 0.0), &thin, &zero).is_none());
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

    /// Found by the dynamic fuzz target: a plane built through its public fields with a zero
    /// "unit" normal gave an impact whose normal was the zero vector.
    #[cfg(feature = "alloc")]
    #[test]
    fn polygon_with_an_infinite_vertex_gives_no_impact() {
        // Found by the non-finite property: the sphere overlaps the fan's first triangle, the
        // infinite vertex is only in the second.
        let z = 0.0_f64;
        let poly = osculate_math::ConvexPolygon {
            vertices: vec![
                Point3::new(z, z, z),
                Point3::new(1.0, z, z),
                Point3::new(1.0, 1.0, z),
                Point3::new(z, f64::INFINITY, z),
            ],
            normal: Vector3::z_axis(),
        };
        let s = Sphere::new(Point3::new(0.5, 0.1, z), 0.5);
        assert!(sphere_polygon(&s, &Vector3::zeros(), &poly, &Vector3::zeros()).is_none());
    }

    #[test]
    fn plane_with_a_zero_normal_gives_no_impact() {
        let bad = Plane { normal: UnitVector3::new_unchecked(Vector3::zeros()), d: 0.0_f64 };
        let s = Sphere::new(Point3::new(0.0, 0.0, 0.0), 1.0);
        assert!(sphere_plane(&s, &Vector3::new(1.0, 0.0, 0.0), &bad).is_none());
        assert!(sphere_halfspace(&s, &Vector3::zeros(), &Halfspace::new(bad)).is_none());
    }

    #[test]
    fn non_finite_displacement_or_radius_gives_no_impact() {
        // Overlapping at t = 0, but one displacement is NaN or infinite: no confident answer.
        let a = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
        let c = Capsule::new(Point3::new(0.0, -1.0, 0.0), Point3::new(0.0, 1.0, 0.0), 0.5);
        let b = Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
        let t =
            Triangle::new(Point3::origin(), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
        let z = Vector3::zeros();
        for bad in [Vector3::new(f64::NAN, 0.0, 0.0), Vector3::new(0.0, f64::INFINITY, 0.0)] {
            assert!(sphere_sphere(&a, &z, &a, &bad).is_none());
            assert!(sphere_aabb(&a, &z, &b, &bad).is_none());
            assert!(sphere_triangle(&a, &z, &t, &bad).is_none());
            assert!(sphere_capsule(&a, &z, &c, &bad).is_none());
            assert!(capsule_capsule(&c, &z, &c, &bad).is_none());
        }
        // An infinite radius (found by the non-finite property: sphere_aabb reported an impact).
        let huge = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), f64::INFINITY);
        assert!(sphere_aabb(&huge, &z, &b, &z).is_none());
        assert!(sphere_triangle(&huge, &z, &t, &z).is_none());
        // A triangle with an infinite vertex (found by the non-finite property: an impact at
        // t = 0 reported as not overlapping).
        let far = Triangle::new(
            Point3::new(f64::NEG_INFINITY, 0.0, 0.0),
            Point3::origin(),
            Point3::new(-1.0, 0.0, 0.0),
        );
        let dot = Sphere::new(Point3::origin(), 0.0);
        assert!(sphere_triangle(&dot, &Vector3::new(-1.0, 0.0, 0.0), &far, &z).is_none());
    }

    #[test]
    fn capsule_capsule_grazing_miss_is_none() {
        // Found by the symmetric property: a grazing approach that never touches made conservative
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

    #[test]
    fn worked_cases_f32() {
        worked_cases::<f32>();
    }

    #[test]
    fn worked_cases_f64() {
        worked_cases::<f64>();
    }
}
