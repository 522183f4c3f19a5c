//! Axis-aligned and oriented boxes: the closest point to a point, squared distances, the closest
//! points of a segment and a box (Ericson 5.1.3, 5.1.4, 5.1.9), the contacts of a sphere and a
//! box (van den Bergen 3.1.2), and the contact of two oriented boxes by separating axes.

use osculate_math::Validate;
use osculate_math::{
    Aabb, Capsule, Obb, Point3, Real, Segment, Sphere, Unit, Vector3, axis_vector, edge_cross,
    edge_edge_axis, nan_point,
};

use crate::sphere::{closest_balls, contact_balls_unchecked, grown_a};
use crate::types::{ClosestPoints, Contact, Param, finite, result};

/// The point of box `b` closest to `p`: `p` clamped to the box per axis (Ericson 5.1.3). A point
/// inside returns itself.
///
/// An inverted box (`min > max` on an axis) is empty and has no closest point: each such axis gets
/// NaN, so the distance is NaN too. A NaN coordinate of `p` stays NaN.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_aabb;
/// use osculate_math::{Aabb, Point3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// assert_eq!(closest_point_on_aabb(&Point3::new(2.0, 0.5, -1.0), &b), Point3::new(1.0, 0.5, 0.0));
/// ```
#[inline]
#[must_use]
pub fn closest_point_on_aabb<T: Real>(p: &Point3<T>, b: &Aabb<T>) -> Point3<T> {
    Point3::from(core::array::from_fn::<T, 3, _>(|i| clamp_axis(p[i], b.min[i], b.max[i])))
}

/// `x` clamped to `[lo, hi]`, NaN when `lo > hi` (empty interval) or any input is NaN.
#[inline]
pub(crate) fn clamp_axis<T: Real>(x: T, lo: T, hi: T) -> T {
    if !(lo <= hi) {
        return T::NAN;
    }
    // Branch-free (the `if x < lo … else if x > hi` ladder mispredicts on random points):
    // `fast_max(a, b)` is `if a > b { a } else { b }`, so a NaN `x` passes through both.
    hi.fast_min(lo.fast_max(x))
}

/// The squared distance from `p` to box `b`, summing the per-axis excess (Ericson 5.1.3.1).
/// Zero for a point inside; NaN for an inverted box or a NaN input.
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_aabb;
/// use osculate_math::{Aabb, Point3};
///
/// let b = Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// assert_eq!(sq_distance_point_aabb(&Point3::new(2.0, 3.0, 0.5), &b), 5.0);
/// ```
#[inline]
#[must_use]
pub fn sq_distance_point_aabb<T: Real>(p: &Point3<T>, b: &Aabb<T>) -> T {
    (closest_point_on_aabb(p, b) - p).norm_squared()
}

/// The point of oriented box `b` closest to `p`: `p`'s coordinates along each box axis clamped to
/// the half extents (Ericson 5.1.4). A negative half extent (an empty box) gives NaN.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_obb;
/// use osculate_math::{Obb, Point3, Rotation3, Vector3};
///
/// let b = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(1.0_f64, 2.0, 3.0));
/// assert_eq!(closest_point_on_obb(&Point3::new(5.0, 0.0, -9.0), &b), Point3::new(1.0, 0.0, -3.0));
/// ```
#[inline]
#[must_use]
pub fn closest_point_on_obb<T: Real>(p: &Point3<T>, b: &Obb<T>) -> Point3<T> {
    let local = b.to_local(p);
    let e = b.half_extents;
    let clamped = Vector3::new(
        clamp_axis(local.x, -e.x, e.x),
        clamp_axis(local.y, -e.y, e.y),
        clamp_axis(local.z, -e.z, e.z),
    );
    b.center + b.rotation * clamped
}

/// The squared distance from `p` to oriented box `b` (Ericson 5.1.4.1).
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_obb;
/// use osculate_math::{Obb, Point3, Rotation3, Vector3};
///
/// let b = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(1.0_f64, 1.0, 1.0));
/// assert_eq!(sq_distance_point_obb(&Point3::new(3.0, 0.0, 0.0), &b), 4.0);
/// ```
#[inline]
#[must_use]
pub fn sq_distance_point_obb<T: Real>(p: &Point3<T>, b: &Obb<T>) -> T {
    (closest_point_on_obb(p, b) - p).norm_squared()
}

/// The closest points of segment `p + t·d`, `t ∈ [0, 1]`, and the box `[lo, hi]`: `(t, point on
/// the segment, point in the box)`.
fn segment_box<T: Real>(
    p: &Point3<T>,
    d: &Vector3<T>,
    lo: &Vector3<T>,
    hi: &Vector3<T>,
) -> (T, Point3<T>, Point3<T>) {
    let clamp = |x: &Point3<T>| {
        Point3::from(core::array::from_fn::<T, 3, _>(|i| clamp_axis(x[i], lo[i], hi[i])))
    };
    // The breakpoints: where the segment crosses a slab plane (the pieces of the piecewise
    // quadratic), plus the ends.
    let mut ts = [T::ZERO; 8];
    let mut count = 0;
    ts[count] = T::ZERO;
    count += 1;
    ts[count] = T::ONE;
    count += 1;
    for i in 0..3 {
        if d[i] != T::ZERO {
            for bound in [lo[i], hi[i]] {
                let t = (bound - p[i]) / d[i];
                if T::ZERO < t && t < T::ONE {
                    ts[count] = t;
                    count += 1;
                }
            }
        }
    }
    let ts = &mut ts[..count];
    ts.sort_unstable_by(|a, b| a.partial_cmp(b).unwrap_or(core::cmp::Ordering::Equal));
    let mut best_t = T::ZERO;
    let mut best_sq = T::INFINITY;
    let consider = |t: T, best_t: &mut T, best_sq: &mut T| {
        let x = p + d * t;
        let sq = (clamp(&x) - x).norm_squared();
        if sq < *best_sq {
            *best_sq = sq;
            *best_t = t;
        }
    };
    for &t in ts.iter() {
        consider(t, &mut best_t, &mut best_sq);
    }
    // In each piece the squared distance is Σ over the axes outside their slab of
    // (p_i + t d_i − bound_i)², minimal at t* = Σ d_i (bound_i − p_i) / Σ d_i².
    for w in ts.windows(2) {
        let (t0, t1) = (w[0], w[1]);
        let mid = (t0 + t1) * T::HALF;
        let x = p + d * mid;
        let (mut num, mut den) = (T::ZERO, T::ZERO);
        for i in 0..3 {
            let bound = if x[i] < lo[i] {
                lo[i]
            } else if x[i] > hi[i] {
                hi[i]
            } else {
                continue;
            };
            num += d[i] * (bound - p[i]);
            den += d[i] * d[i];
        }
        if den > T::ZERO {
            let t = num / den;
            let t = if t < t0 {
                t0
            } else if t > t1 {
                t1
            } else {
                t
            };
            consider(t, &mut best_t, &mut best_sq);
        } else {
            // Inside the box (or at a constant distance) across the whole piece.
            consider(mid, &mut best_t, &mut best_sq);
        }
    }
    if !best_sq.is_finite() {
        return (T::NAN, nan_point(), nan_point());
    }
    let x = p + d * best_t;
    (best_t, x, clamp(&x))
}

/// The closest points of segment `s` (A) and the solid box `b` (B), with the segment parameter.
///
/// Method (ours; the texts only bound it): the squared distance from the moving point `s(t)` to the
/// box is a convex, piecewise quadratic function of `t` whose pieces end where `s(t)` crosses one of
/// the six slab planes. Each piece's minimum is found in closed form (the box clamps a fixed set of
/// coordinates there), so the global minimum is exact up to rounding after at most seven pieces — no
/// iteration. A segment through the box gets distance 0 and a point inside the box. An inverted box
/// or a NaN gives a NaN distance.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_segment_aabb;
/// use osculate_math::{Aabb, Point3, Segment};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let s = Segment::new(Point3::new(-1.0, 4.0, 0.5), Point3::new(4.0, -1.0, 0.5));
/// let c = closest_points_segment_aabb(&s, &b);
/// assert!((c.distance - 0.5_f64.sqrt()).abs() < 1e-12);
/// assert!((c.point_b - Point3::new(1.0, 1.0, 0.5)).norm() < 1e-12);
/// ```
#[must_use]
pub fn closest_points_segment_aabb<T: Real>(s: &Segment<T>, b: &Aabb<T>) -> ClosestPoints<T> {
    let (t, pa, pb) = segment_box(&s.a, &s.direction(), &b.min.coords, &b.max.coords);
    result(pa, Param::Curve(t), pb, Param::None)
}

/// The closest points of segment `s` (A) and the solid oriented box `b` (B): the segment is taken
/// into the box's frame and measured as in [`closest_points_segment_aabb`].
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_segment_obb;
/// use osculate_math::{Obb, Point3, Rotation3, Segment, Vector3};
///
/// let b = Obb::new(Point3::new(5.0_f64, 0.0, 0.0), Rotation3::from_axis_angle(&Vector3::z_axis(), 0.3), Vector3::new(1.0, 1.0, 1.0));
/// let s = Segment::new(Point3::new(5.0, 0.0, 4.0), Point3::new(5.0, 0.0, 9.0));
/// assert!((closest_points_segment_obb(&s, &b).distance - 3.0).abs() < 1e-12);
/// ```
#[must_use]
pub fn closest_points_segment_obb<T: Real>(s: &Segment<T>, b: &Obb<T>) -> ClosestPoints<T> {
    let a = b.to_local(&s.a);
    let d = b.rotation.inverse_transform_vector(&s.direction());
    let e = b.half_extents;
    let (t, _, pb) = segment_box(&Point3::from(a), &d, &-e, &e);
    result(s.point_at(t), Param::Curve(t), b.center + b.rotation * pb.coords, Param::None)
}

/// The contact of a ball `(c, ρ)` (A) and the box `[lo, hi]` (B), in the box's frame.
fn ball_box<T: Real>(c: &Point3<T>, rho: T, b: &Aabb<T>) -> Option<Contact<T>> {
    ball_box_unchecked(c, rho, b).and_then(finite)
}

/// [`ball_box`] without the final finiteness check (`None` only for a negative or NaN radius),
/// for [`contact_sphere_obb`], which checks its contact once, in world coordinates: a NaN or
/// infinite input reaches the answer either way (a NaN closest point differs from the center and
/// gives a NaN distance).
#[inline]
fn ball_box_unchecked<T: Real>(c: &Point3<T>, rho: T, b: &Aabb<T>) -> Option<Contact<T>> {
    if !(rho >= T::ZERO) {
        return None;
    }
    let q = closest_point_on_aabb(c, b);
    if q != *c {
        // The center is outside: as for a point-sized ball at q.
        return Some(contact_balls_unchecked(c, rho, &q, T::ZERO, Vector3::x_axis));
    }
    // The center is inside (or on the boundary): the nearest face, at depth δ_i, is the way out;
    // the sphere leaves through it, so the normal from the sphere to the box points inward there.
    let mut axis = 0;
    let mut to_max = false;
    let mut delta = T::INFINITY;
    for i in 0..3 {
        let (down, up) = (c[i] - b.min[i], b.max[i] - c[i]);
        if down < delta {
            (axis, to_max, delta) = (i, false, down);
        }
        if up < delta {
            (axis, to_max, delta) = (i, true, up);
        }
    }
    let face_normal = axis_vector(axis, if to_max { T::ONE } else { -T::ONE });
    let mut point_b = *c;
    point_b[axis] = if to_max { b.max[axis] } else { b.min[axis] };
    let normal = Unit::new_unchecked(-face_normal);
    Some(Contact { distance: -(delta + rho), normal, point_a: c - face_normal * rho, point_b })
}

/// The contact of solid sphere `s` (A) and solid box `b` (B) (van den Bergen 3.2.2).
///
/// Center outside the box: the box point `q` closest to the center (Ericson 5.1.3), normal toward
/// it, signed distance `|q − c| − ρ`. Center inside (or on the boundary): the text's special case —
/// the face nearest the center, at distance `δ_i`, is the way out; depth `δ_i + ρ`, the normal is
/// that face's inward normal (from the sphere into the box), the witness on the box is the center
/// projected on the face. Ties between faces go to the lowest axis, min side first. An inverted
/// box gives `None`.
///
/// # Examples
/// ```
/// use osculate_closest::contact_sphere_aabb;
/// use osculate_math::{Aabb, Point3, Sphere, Vector3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 4.0, 4.0));
/// let outside = contact_sphere_aabb(&Sphere::new(Point3::new(2.0, 2.0, 6.0), 1.0), &b).unwrap();
/// assert_eq!((outside.distance, outside.normal), (1.0, -Vector3::z_axis()));
/// // Center inside, 1 below the top face: depth δ + ρ = 2, pushed out through the top.
/// let inside = contact_sphere_aabb(&Sphere::new(Point3::new(2.0, 2.0, 3.0), 1.0), &b).unwrap();
/// assert_eq!((inside.distance, inside.normal, inside.point_b), (-2.0, -Vector3::z_axis(), Point3::new(2.0, 2.0, 4.0)));
/// ```
#[must_use]
pub fn contact_sphere_aabb<T: Real>(s: &Sphere<T>, b: &Aabb<T>) -> Option<Contact<T>> {
    ball_box(&s.center, s.radius, b)
}

/// The closest points of solid sphere `s` (A) and solid box `b` (B): the box point closest to the
/// center (Ericson 5.1.3) and the sphere point toward it (van den Bergen 3.1.1). A sphere meeting
/// the box gets distance 0 and that box point (the center itself when it is inside). An inverted
/// box, a negative radius or a NaN gives a NaN distance.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_sphere_aabb;
/// use osculate_math::{Aabb, Point3, Sphere};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let c = closest_points_sphere_aabb(&Sphere::new(Point3::new(0.5, 0.5, 4.0), 1.0), &b);
/// assert_eq!((c.point_a, c.point_b, c.distance), (Point3::new(0.5, 0.5, 3.0), Point3::new(0.5, 0.5, 1.0), 2.0));
/// ```
#[inline]
#[must_use]
pub fn closest_points_sphere_aabb<T: Real>(s: &Sphere<T>, b: &Aabb<T>) -> ClosestPoints<T> {
    closest_balls(&s.center, s.radius, &closest_point_on_aabb(&s.center, b), T::ZERO)
}

/// The closest points of solid sphere `s` (A) and solid oriented box `b` (B): as
/// [`closest_points_sphere_aabb`], with the box point from [`closest_point_on_obb`].
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_sphere_obb;
/// use osculate_math::{Obb, Point3, Rotation3, Sphere, Vector3};
///
/// let b = Obb::new(Point3::origin(), Rotation3::from_axis_angle(&Vector3::z_axis(), 0.7), Vector3::new(1.0_f64, 1.0, 1.0));
/// let c = closest_points_sphere_obb(&Sphere::new(Point3::new(0.0, 0.0, 3.0), 0.5), &b);
/// assert!((c.distance - 1.5).abs() < 1e-12);
/// ```
#[inline]
#[must_use]
pub fn closest_points_sphere_obb<T: Real>(s: &Sphere<T>, b: &Obb<T>) -> ClosestPoints<T> {
    closest_balls(&s.center, s.radius, &closest_point_on_obb(&s.center, b), T::ZERO)
}

/// The closest points of solid capsule `c` (A) and solid box `b` (B): the closest points of the
/// capsule's axis and the box ([`closest_points_segment_aabb`]), the axis point moved out by the
/// radius (van den Bergen 3.1.1). Overlap gives distance 0 and a box point within the radius of
/// the axis. A negative radius, an inverted box or a NaN gives a NaN distance.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_capsule_aabb;
/// use osculate_math::{Aabb, Capsule, Point3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let c = Capsule::new(Point3::new(-2.0, 0.5, 3.0), Point3::new(2.0, 0.5, 3.0), 0.5);
/// assert_eq!(closest_points_capsule_aabb(&c, &b).distance, 1.5);
/// ```
#[must_use]
pub fn closest_points_capsule_aabb<T: Real>(c: &Capsule<T>, b: &Aabb<T>) -> ClosestPoints<T> {
    grown_a(closest_points_segment_aabb(&c.segment(), b), c.radius)
}

/// The closest points of solid capsule `c` (A) and solid oriented box `b` (B): as
/// [`closest_points_capsule_aabb`], with the axis measured by [`closest_points_segment_obb`].
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_capsule_obb;
/// use osculate_math::{Capsule, Obb, Point3, Rotation3, Vector3};
///
/// let b = Obb::new(Point3::origin(), Rotation3::from_axis_angle(&Vector3::z_axis(), 0.3), Vector3::new(1.0_f64, 1.0, 1.0));
/// let c = Capsule::new(Point3::new(0.0, 0.0, 3.0), Point3::new(0.0, 0.0, 5.0), 0.5);
/// assert!((closest_points_capsule_obb(&c, &b).distance - 1.5).abs() < 1e-12);
/// ```
#[must_use]
pub fn closest_points_capsule_obb<T: Real>(c: &Capsule<T>, b: &Obb<T>) -> ClosestPoints<T> {
    grown_a(closest_points_segment_obb(&c.segment(), b), c.radius)
}

/// The closest points of two solid boxes, axis by axis: where the boxes' intervals on an axis are
/// apart, the facing ends; where they overlap, the middle of the overlap for both points (the
/// distance is separable: `d² = Σ gap²`, each axis's gap independent of the others). Overlapping
/// boxes get distance 0 and a point they share (the center of their intersection). An inverted box
/// or a NaN gives a NaN distance.
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_aabb_aabb;
/// use osculate_math::{Aabb, Point3};
///
/// let a = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let b = Aabb::new(Point3::new(4.0, 0.5, 5.0), Point3::new(5.0, 3.0, 6.0));
/// let c = closest_points_aabb_aabb(&a, &b);
/// assert_eq!((c.point_a, c.point_b, c.distance), (Point3::new(1.0, 0.75, 1.0), Point3::new(4.0, 0.75, 5.0), 5.0));
/// ```
#[must_use]
pub fn closest_points_aabb_aabb<T: Real>(a: &Aabb<T>, b: &Aabb<T>) -> ClosestPoints<T> {
    let inverted = (0..3).any(|i| !(a.min[i] <= a.max[i] && b.min[i] <= b.max[i]));
    if inverted {
        return ClosestPoints::nan();
    }
    let (mut pa, mut pb) = (a.min, b.min);
    for i in 0..3 {
        (pa[i], pb[i]) = if a.max[i] < b.min[i] {
            (a.max[i], b.min[i])
        } else if b.max[i] < a.min[i] {
            (a.min[i], b.max[i])
        } else {
            // The overlap of the intervals, [max of the mins, min of the maxes]; its middle, halved
            // before adding so that huge finite bounds do not overflow.
            let lo = a.min[i].fast_max(b.min[i]);
            let hi = a.max[i].fast_min(b.max[i]);
            let mid = lo * T::HALF + hi * T::HALF;
            (mid, mid)
        };
    }
    result(pa, Param::None, pb, Param::None)
}

/// The contact of solid sphere `s` (A) and solid oriented box `b` (B): [`contact_sphere_aabb`] in
/// the box's frame, the result rotated back (van den Bergen 3.2.2 with the box's transform).
///
/// # Examples
/// ```
/// use osculate_closest::contact_sphere_obb;
/// use osculate_math::{Obb, Point3, Rotation3, Sphere, Vector3};
///
/// let b = Obb::new(Point3::new(0.0_f64, 0.0, 0.0), Rotation3::from_axis_angle(&Vector3::z_axis(), 0.7), Vector3::new(1.0, 1.0, 1.0));
/// let c = contact_sphere_obb(&Sphere::new(Point3::new(0.0, 0.0, 3.0), 0.5), &b).unwrap();
/// assert!((c.distance - 1.5).abs() < 1e-12);
/// ```
#[must_use]
pub fn contact_sphere_obb<T: Real>(s: &Sphere<T>, b: &Obb<T>) -> Option<Contact<T>> {
    let e = b.half_extents;
    let local = ball_box_unchecked(
        &Point3::from(b.to_local(&s.center)),
        s.radius,
        &Aabb { min: Point3::from(-e), max: Point3::from(e) },
    )?;
    let to_world = |p: Point3<T>| b.center + b.rotation * p.coords;
    finite(Contact {
        distance: local.distance,
        normal: Unit::new_unchecked(b.rotation * local.normal.into_inner()),
        point_a: to_world(local.point_a),
        point_b: to_world(local.point_b),
    })
}

/// The contact of two solid oriented boxes by separating axes: the penetration depth of two convex
/// polyhedra is reached along one of the candidate axes of the separating-axis test (the face
/// normals of either and the cross products of their edges — the face normals of the Minkowski
/// difference), so when the 15 axes all overlap, the axis of least overlap gives the exact depth
/// and normal (Gottschalk et al.'s axes, Ericson 4.4.1, measured rather than only tested). Face
/// axes are preferred over edge axes within a relative tolerance, which keeps the normal of a box
/// resting on another steady. When an axis separates, the boxes are apart and the exact distance
/// and witnesses come from GJK ([`distance_convex`](crate::distance_convex)).
///
/// Witness points when overlapping, both on their boxes and `depth·normal` apart: for a face axis,
/// the other box's deepest feature along the axis (vertex, edge or face), moved out by the depth,
/// touches the reference face; it is clipped to that face (Sutherland-Hodgman) and the centroid of
/// the clipped patch is the witness on the reference box, the other witness `depth` behind it. For
/// an edge-edge axis, the points of the two edges (the edge of A farthest along the normal, of B
/// farthest against it) joined along the axis — their lines' common perpendicular — centred so
/// that they are exactly `depth·normal` apart.
///
/// Those constructions hold for the axis of least overlap only. Another axis within the face
/// preference (or within rounding) of it can belong to a face of the Minkowski difference nearly
/// parallel to the least one's (an edge of one box nearly parallel to a face of the other): its
/// overlap is then as small, but its features do not meet, and the witnesses would miss by the
/// overlaps' difference divided by the angle between the faces (f32 boxes at unit scale: 0.05).
/// So each construction reports how far its witnesses miss their features; when that is beyond
/// rounding, every axis within twice the face preference of the least overlap is tried and the
/// one whose witnesses miss least is taken (in exact arithmetic the least one, which misses by
/// nothing). `None` for NaN, infinite values or a negative half extent.
///
/// # Examples
/// ```
/// use osculate_closest::contact_obb_obb;
/// use osculate_math::{Obb, Point3, Rotation3, Vector3};
///
/// let e = Vector3::new(1.0_f64, 1.0, 1.0);
/// let floor = Obb::new(Point3::new(0.0, 0.0, 0.0), Rotation3::identity(), e);
/// let resting = Obb::new(Point3::new(0.3, 0.2, 1.9), Rotation3::from_axis_angle(&Vector3::z_axis(), 0.4), e);
/// let c = contact_obb_obb(&floor, &resting).unwrap();
/// assert!((c.distance + 0.1).abs() < 1e-12 && (c.normal.into_inner() - Vector3::z()).norm() < 1e-12);
/// ```
#[must_use]
pub fn contact_obb_obb<T: Real>(a: &Obb<T>, b: &Obb<T>) -> Option<Contact<T>> {
    if !(a.is_valid() && b.is_valid()) {
        return None;
    }
    let ua: [Vector3<T>; 3] = a.axes();
    let ub: [Vector3<T>; 3] = b.axes();
    let d = b.center - a.center;
    let radius = |o: &Obb<T>, u: &[Vector3<T>; 3], l: &Vector3<T>| {
        (0..3).fold(T::ZERO, |r, i| r + o.half_extents[i] * u[i].dot(l).abs())
    };
    // The overlap of the boxes' projections on axis `l`, and `l` turned from A toward B.
    let sat = |l: &Vector3<T>| {
        let s = d.dot(l);
        (radius(a, &ua, l) + radius(b, &ub, l) - s.abs(), if s < T::ZERO { -l } else { *l })
    };
    // Candidate `k`: A's face normals (0..3), B's (3..6), the edge pairs (6..15; none for
    // parallel edges, Ericson 5.2.1.1).
    let axis = |k: usize| -> Option<(Vector3<T>, SatAxis)> {
        match k {
            0..3 => Some((ua[k], SatAxis::FaceA)),
            3..6 => Some((ub[k - 3], SatAxis::FaceB)),
            _ => {
                let (i, j) = ((k - 6) / 3, (k - 6) % 3);
                edge_edge_axis(&ua[i], &ub[j], &Vector3::zeros())
                    .map(|c| (c / c.norm_squared().sqrt(), SatAxis::Edges(i, j)))
            }
        }
    };
    let scale = d.amax() + a.half_extents.amax() + b.half_extents.amax();
    let prefer_faces = T::RELATIVE_TOLERANCE * scale;
    let mut best: Option<(T, Vector3<T>, SatAxis)> = None;
    let mut least = T::INFINITY;
    let mut separating: Option<Vector3<T>> = None;
    for k in 0..15 {
        let Some((l, kind)) = axis(k) else { continue };
        let (overlap, n) = sat(&l);
        if overlap < T::ZERO {
            separating = Some(l);
            break;
        }
        least = least.fast_min(overlap);
        let better = match (best, kind) {
            (None, _) => true,
            (Some((depth, _, _)), SatAxis::FaceA | SatAxis::FaceB) => overlap < depth,
            (Some((depth, _, _)), SatAxis::Edges(..)) => overlap < depth - prefer_faces,
        };
        if better {
            best = Some((overlap, n, kind));
        }
    }
    if let Some(axis) = separating {
        let r = crate::gjk::distance_convex(a, b, None, crate::GJK_MAX_ITERATIONS);
        let (pa, pb) = (r.closest.point_a, r.closest.point_b);
        if let Some(n) = Unit::try_new(pb - pa, T::ZERO) {
            let distance = r.closest.distance;
            return finite(Contact { distance, normal: n, point_a: pa, point_b: pb });
        }
        // Touching within rounding (GJK's witnesses coincide): distance 0 along the axis that
        // separated, from A toward B.
        let n = Unit::try_new(if axis.dot(&d) < T::ZERO { -axis } else { axis }, T::ZERO)?;
        return finite(Contact { distance: T::ZERO, normal: n, point_a: pa, point_b: pa });
    }
    let (mut depth, mut n, kind) = best?;
    let (mut point_a, mut point_b, mut miss) = obb_witnesses(a, &ua, b, &ub, &n, depth, kind);
    // Rounding of the witnesses: relative to the coordinates, which may lie far from the origin.
    let rounding =
        T::RELATIVE_TOLERANCE * (scale + a.center.coords.amax().fast_max(b.center.coords.amax()));
    if miss > rounding {
        // Rare: the axis is not the least one (see above); the least is within twice the
        // preference (its own, the preference, and their roundings).
        let limit = least + prefer_faces * T::TWO;
        for k in 0..15 {
            let Some((l, kind)) = axis(k) else { continue };
            let (overlap, m) = sat(&l);
            if overlap > limit {
                continue;
            }
            let (pa, pb, e) = obb_witnesses(a, &ua, b, &ub, &m, overlap, kind);
            if e < miss {
                (depth, n, point_a, point_b, miss) = (overlap, m, pa, pb, e);
            }
        }
    }
    finite(Contact { distance: -depth, normal: Unit::new_unchecked(n), point_a, point_b })
}

/// The witness points of boxes `a` and `b` (axes `ua`, `ub`) overlapping by `depth` along the
/// candidate axis `kind`, whose direction from A toward B is `n`, built as
/// [`contact_obb_obb`] describes; and how far they may miss their boxes (an upper bound: zero up
/// to rounding when `kind` is the axis of least overlap).
fn obb_witnesses<T: Real>(
    a: &Obb<T>,
    ua: &[Vector3<T>; 3],
    b: &Obb<T>,
    ub: &[Vector3<T>; 3],
    n: &Vector3<T>,
    depth: T,
    kind: SatAxis,
) -> (Point3<T>, Point3<T>, T) {
    match kind {
        SatAxis::FaceA => {
            // A's face with outward normal n is the reference face: B's deepest feature along −n,
            // moved out by the depth, touches it; the touching patch is that feature clipped to
            // the face, and its centroid, on A's face, is `point_a`.
            let (pa, miss) = touching_point(a, b, n, depth);
            (pa, pa - n * depth, miss)
        }
        SatAxis::FaceB => {
            // The same with B's face (outward normal −n) as the reference face.
            let (pb, miss) = touching_point(b, a, &-n, depth);
            (pb + n * depth, pb, miss)
        }
        SatAxis::Edges(i, j) => {
            // The edge of A farthest along n, `p = ca + s·x`, and the edge of B farthest along
            // −n, `q = cb + t·y`: with n perpendicular to both, p − q ∥ n where
            // s = −r·(y × n)/k and t = −r·(x × n)/k, r = ca − cb, k = n·(x × y) (dot p − q with
            // y × n and with x × n; k, of size sin θ, from the accurate [`edge_cross`]). The
            // parameters are ill-conditioned along the edges when they are nearly parallel, but
            // an error there moves p − q off n only by that error times sin θ.
            let center = |o: &Obb<T>, u: &[Vector3<T>; 3], k: usize, dir: &Vector3<T>| {
                let mut c = o.center;
                for m in (0..3).filter(|&m| m != k) {
                    let e = o.half_extents[m];
                    c += u[m] * if u[m].dot(dir) >= T::ZERO { e } else { -e };
                }
                c
            };
            let (ca, cb) = (center(a, ua, i, n), center(b, ub, j, &-n));
            let (x, y) = (ua[i], ub[j]);
            let r = ca - cb;
            let k = n.dot(&edge_cross(&x, &y));
            let clamp = |v: T, e: T| v.fast_max(-e).fast_min(e);
            let s = clamp(-r.dot(&y.cross(n)) / k, a.half_extents[i]);
            let t = clamp(-r.dot(&x.cross(n)) / k, b.half_extents[j]);
            let (p, q) = (ca + x * s, cb + y * t);
            let mid = Point3::from((p.coords + q.coords) * T::HALF);
            let miss = (p - q - n * depth).norm();
            (mid + n * (depth * T::HALF), mid - n * (depth * T::HALF), miss)
        }
    }
}

/// Which candidate axis of the box-box separating-axis test gave the least overlap.
#[derive(Clone, Copy, Debug)]
enum SatAxis {
    /// A face normal of A.
    FaceA,
    /// A face normal of B.
    FaceB,
    /// The cross product of A's edge `i` and B's edge `j`.
    Edges(usize, usize),
}

/// The touching point of box `r` (reference) and box `o` moved by `depth` along `n`, where `n` is
/// the outward normal of one of `r`'s faces and `depth` the boxes' overlap along it: `o`'s deepest
/// feature along `−n` (a vertex, edge or face; ties within a relative tolerance) moved by
/// `depth·n` lies in the plane of `r`'s face; it is clipped to that face (Sutherland-Hodgman
/// against the face's four sides) and the centroid of what remains, clamped onto `r`, is returned.
/// When everything is clipped away (rounding, or `n` not the axis of least overlap) the feature's
/// centroid, clamped onto `r`, stands in. Also returned: how far the clamp moved the point, which
/// bounds how far the other witness, `depth` behind it, is off `o`'s feature.
fn touching_point<T: Real>(r: &Obb<T>, o: &Obb<T>, n: &Vector3<T>, depth: T) -> (Point3<T>, T) {
    let local = o.rotation.inverse_transform_vector(&-n);
    // Components below the relative tolerance count as ties: the tilt that ignores, times the
    // box's size, stays inside the witnesses' rounding (16 times more put an f32 witness 2e-4 of
    // the size off its box).
    let tie = T::RELATIVE_TOLERANCE;
    let sign = |x: T| {
        if x > tie {
            T::ONE
        } else if x < -tie {
            -T::ONE
        } else {
            T::ZERO
        }
    };
    let s = local.map(sign);
    // The free axes of the feature (those tied) span it: its corners are the sign combinations.
    let free: [bool; 3] = [s.x == T::ZERO, s.y == T::ZERO, s.z == T::ZERO];
    let mut poly = [Point3::origin(); 8];
    let mut len = 0;
    // Corners in cyclic order: (−,−), (+,−), (+,+), (−,+) over the free axes.
    let free_axes: [usize; 3] = {
        let mut f = [3; 3];
        let mut k = 0;
        for (m, is_free) in free.iter().enumerate() {
            if *is_free {
                f[k] = m;
                k += 1;
            }
        }
        f
    };
    let nfree = free.iter().filter(|x| **x).count().min(2);
    let cycle: &[(T, T)] = match nfree {
        0 => &[(T::ZERO, T::ZERO)],
        1 => &[(-T::ONE, T::ZERO), (T::ONE, T::ZERO)],
        _ => &[(-T::ONE, -T::ONE), (T::ONE, -T::ONE), (T::ONE, T::ONE), (-T::ONE, T::ONE)],
    };
    for &(u, v) in cycle {
        let mut c = Vector3::zeros();
        for m in 0..3 {
            let e = o.half_extents[m];
            c[m] = if m == free_axes[0] && nfree >= 1 {
                u * e
            } else if m == free_axes[1] && nfree >= 2 {
                v * e
            } else {
                s[m] * e
            };
        }
        poly[len] = o.center + o.rotation * c + n * depth;
        len += 1;
    }
    let centroid = |p: &[Point3<T>]| {
        let k = T::from_usize(p.len().max(1)).unwrap_or(T::ONE);
        Point3::from(p.iter().fold(Vector3::zeros(), |acc, q| acc + q.coords) / k)
    };
    let fallback = centroid(&poly[..len]);
    // Clip against the reference face's sides: |(x − c)·u_m| ≤ e_m for its two in-plane axes.
    for m in 0..3 {
        let u = r.axes()[m];
        if u.dot(n).abs() > T::HALF {
            continue; // the face's own normal
        }
        for side in [T::ONE, -T::ONE] {
            let inside = |p: &Point3<T>| side * (p - r.center).dot(&u) - r.half_extents[m];
            let mut out = [Point3::origin(); 8];
            let mut k = 0;
            for idx in 0..len {
                let (p, q) = (poly[idx], poly[(idx + 1) % len]);
                let (dp, dq) = (inside(&p), inside(&q));
                if dp <= T::ZERO && k < 8 {
                    out[k] = p;
                    k += 1;
                }
                if len > 1 && (dp < T::ZERO) != (dq < T::ZERO) && dp != dq && k < 8 {
                    out[k] = p + (q - p) * (dp / (dp - dq));
                    k += 1;
                }
            }
            poly = out;
            len = k;
            if len == 0 {
                let p = closest_point_on_obb(&fallback, r);
                return (p, (p - fallback).norm());
            }
        }
    }
    let c = centroid(&poly[..len]);
    let p = closest_point_on_obb(&c, r);
    (p, (p - c).norm())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::*;
    use crate::*;
    use osculate_math::*;
    use osculate_testing::for_f32_and_f64;

    fn point_worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        // Boxes: inside, outside, and the inverted box.
        let b = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 2.0, 3.0));
        assert_eq!(closest_point_on_aabb(&p(0.5, 0.5, 0.5), &b), p(0.5, 0.5, 0.5));
        assert_eq!(sq_distance_point_aabb(&p(-1.0, 3.0, 4.0), &b), l(3.0));
        assert!(
            sq_distance_point_aabb(
                &p(0.0, 0.0, 0.0),
                &Aabb::new(p(1.0, 0.0, 0.0), p(0.0, 1.0, 1.0))
            )
            .is_nan()
        );
        let rot = Rotation3::from_axis_angle(&Vector3::z_axis(), T::frac_pi_2());
        let o = Obb::new(p(1.0, 0.0, 0.0), rot, Vector3::new(l(2.0), l(1.0), l(1.0)));
        // Rotated a quarter turn, the long axis lies along y.
        assert!((closest_point_on_obb(&p(1.0, 5.0, 0.0), &o) - p(1.0, 2.0, 0.0)).norm() < l(1e-6));
        assert!((sq_distance_point_obb(&p(3.0, 0.0, 0.0), &o) - l(1.0)).abs() < l(1e-5));
        // NaN queries never produce a confident finite answer.
        let nan = p(f64::NAN, 0.0, 0.0);
        assert!(sq_distance_point_aabb(&nan, &b).is_nan());
    }

    fn pair_worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let x = seg(p(-1.0, 0.0, 0.0), p(1.0, 0.0, 0.0));
        // Segment-box: through, beside, toward a corner, a point segment, an OBB.
        let b = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        let through = closest_points_segment_aabb(&seg(p(-1.0, 0.5, 0.5), p(2.0, 0.5, 0.5)), &b);
        assert_eq!(through.distance, l(0.0));
        assert_eq!(through.point_a, through.point_b);
        check_points(
            &closest_points_segment_aabb(&seg(p(-1.0, 0.5, 3.0), p(2.0, 0.5, 3.0)), &b),
            p(-1.0, 0.5, 3.0) + Vector3::new(l(1.0), l(0.0), l(0.0)),
            p(0.0, 0.5, 1.0),
            2.0,
        );
        check_points(
            &closest_points_segment_aabb(&seg(p(2.0, 2.0, 2.0), p(3.0, 3.0, 3.0)), &b),
            p(2.0, 2.0, 2.0),
            p(1.0, 1.0, 1.0),
            3.0_f64.sqrt(),
        );
        check_points(
            &closest_points_segment_aabb(&seg(p(-1.0, 4.0, 0.5), p(4.0, -1.0, 0.5)), &b),
            p(1.5, 1.5, 0.5),
            p(1.0, 1.0, 0.5),
            0.5_f64.sqrt(),
        );
        check_points(
            &closest_points_segment_aabb(&seg(p(3.0, 0.5, 0.5), p(3.0, 0.5, 0.5)), &b),
            p(3.0, 0.5, 0.5),
            p(1.0, 0.5, 0.5),
            2.0,
        );
        let inverted = Aabb::new(p(1.0, 0.0, 0.0), p(0.0, 1.0, 1.0));
        assert!(closest_points_segment_aabb(&x, &inverted).distance.is_nan());
        let obb = Obb::new(
            p(0.0, 0.0, 0.0),
            Rotation3::from_axis_angle(&Vector3::z_axis(), l(core::f64::consts::FRAC_PI_4)),
            Vector3::new(l(1.0), l(1.0), l(1.0)),
        );
        let c = closest_points_segment_obb(&seg(p(3.0, -5.0, 0.0), p(3.0, 5.0, 0.0)), &obb);
        check_points(&c, p(3.0, 0.0, 0.0), p(2.0_f64.sqrt(), 0.0, 0.0), 3.0 - 2.0_f64.sqrt());

        // NaN in, NaN distance out.
        let nan = seg(p(f64::NAN, 0.0, 0.0), p(1.0, 0.0, 0.0));
        assert!(closest_points_segment_aabb(&nan, &b).distance.is_nan());
    }

    // Sphere-box (van den Bergen 3.2.2).

    fn sphere_outside_box_face_and_corner<T: Real>() {
        let b = cube4::<T>();
        let c = check_contact(
            contact_sphere_aabb(&sphere(p(6.0, 2.0, 2.0), 1.0), &b),
            1.0,
            [-1.0, 0.0, 0.0],
        );
        assert_eq!((c.point_a, c.point_b), (p(5.0, 2.0, 2.0), p(4.0, 2.0, 2.0)));
        let r = 3.0_f64.sqrt().recip();
        let corner = contact_sphere_aabb(&sphere(p(5.0, 5.0, 5.0), 1.0), &b);
        let c = check_contact(corner, 3.0_f64.sqrt() - 1.0, [-r, -r, -r]);
        assert_eq!(c.point_b, p(4.0, 4.0, 4.0));
    }

    fn sphere_overlapping_box_center_outside<T: Real>() {
        // The center outside, the sphere reaching in: depth ρ − |v| along v.
        let b = cube4::<T>();
        check_contact(
            contact_sphere_aabb(&sphere(p(2.0, 2.0, 4.5), 1.0), &b),
            -0.5,
            [0.0, 0.0, -1.0],
        );
    }

    fn sphere_center_inside_aabb_nearest_face_depth<T: Real>() {
        // δ = (1, 2, 2, 3, 2, 2) to the six faces: the x-min face is nearest, depth δ + ρ = 1.5,
        // y = c + δ sign(γ) e_i on the face, r = c − ρ sign(γ) e_i on the sphere.
        let b = cube4::<T>();
        let c = contact_sphere_aabb(&sphere(p(1.0, 2.0, 2.0), 0.5), &b);
        let c = check_contact(c, -1.5, [1.0, 0.0, 0.0]);
        assert_eq!((c.point_a, c.point_b), (p(1.5, 2.0, 2.0), p(0.0, 2.0, 2.0)));
    }

    fn sphere_center_on_aabb_face_depth_is_the_radius<T: Real>() {
        let b = cube4::<T>();
        let c = check_contact(
            contact_sphere_aabb(&sphere(p(2.0, 2.0, 4.0), 1.0), &b),
            -1.0,
            [0.0, 0.0, -1.0],
        );
        assert_eq!(c.point_b, p(2.0, 2.0, 4.0));
    }

    fn sphere_center_at_aabb_center_takes_the_first_nearest_face<T: Real>() {
        // Every δ_i ties; the text lets any do: the lowest axis, min side first.
        let b = cube4::<T>();
        let c = check_contact(
            contact_sphere_aabb(&sphere(p(2.0, 2.0, 2.0), 1.0), &b),
            -3.0,
            [1.0, 0.0, 0.0],
        );
        assert_eq!(c.point_b, p(0.0, 2.0, 2.0));
    }

    fn inverted_aabb_has_no_contact<T: Real>() {
        let b = Aabb::new(p(1.0, 0.0, 0.0), p(0.0, 1.0, 1.0));
        assert!(contact_sphere_aabb(&unit_sphere::<T>(), &b).is_none());
    }

    fn sphere_outside_rotated_obb<T: Real>() {
        // The box (half extents 2, 1, 3) turned 45° about z. In its frame the center (4, 0, 0) is
        // (2√2, −2√2, 0), clamped to the edge (2, −1, 0): the offset (2√2 − 2, 1 − 2√2, 0).
        let s2 = 2.0_f64.sqrt();
        let (ox, oy) = (2.0 * s2 - 2.0, 1.0 - 2.0 * s2);
        let len = (ox * ox + oy * oy).sqrt();
        // Back to world: R(45°)·(−ox, −oy)/len, the normal from the sphere toward the box.
        let (nx, ny) = ((-ox + oy) / (s2 * len), (-ox - oy) / (s2 * len));
        check_contact(
            contact_sphere_obb(&sphere(p(4.0, 0.0, 0.0), 0.5), &rotated_box::<T>()),
            len - 0.5,
            [nx, ny, 0.0],
        );
    }

    fn sphere_center_inside_obb_nearest_face_depth<T: Real>() {
        // In the box frame the center is (0, 0.7, 0): the +y' face is nearest (δ = 0.3), depth
        // δ + ρ = 0.5, the normal −y' = −(−1, 1, 0)/√2 in the world.
        let h = core::f64::consts::FRAC_1_SQRT_2;
        let s = sphere(p(-0.7 * h, 0.7 * h, 0.0), 0.2);
        let c = check_contact(contact_sphere_obb(&s, &rotated_box::<T>()), -0.5, [h, -h, 0.0]);
        let y = p::<T>(-h, h, 0.0);
        assert!((c.point_b - y).norm() < T::lit(1e-5), "{c:?}");
    }

    // OBB-OBB.

    fn concentric_boxes_leave_along_the_least_overlap<T: Real>() {
        let id = Rotation3::identity();
        let a = Obb::new(p(0.0, 0.0, 0.0), id, Vector3::new(T::ONE, T::ONE, T::ONE));
        let b = Obb::new(p(0.0, 0.0, 0.0), id, Vector3::new(T::TWO, T::HALF, T::ONE));
        check_contact(contact_obb_obb(&a, &b), -1.5, [0.0, 1.0, 0.0]);
    }

    /// OBB-OBB contact: apart, the GJK distance; overlapping, translating B by the depth along the
    /// normal brings the boxes to touching (GJK distance ≈ 0 just past it, overlap just short of
    /// it), and no candidate axis needs less.
    fn obb_obb_contact_separates<T: Real>() {
        use osculate_testing::{Pair, test_tolerance};
        let mut overlapping = 0;
        for seed in 0..400 {
            let p = Pair::<Obb<T>, Obb<T>>::from_seed(seed);
            let Some(c) = contact_obb_obb(&p.a, &p.b) else { panic!("seed {seed}: no contact") };
            // Rounding is relative to the coordinates' magnitude (the far flavour sits 1e4 away).
            let scale = p.a.center.coords.amax().fast_max(p.b.center.coords.amax())
                + p.a.half_extents.amax()
                + p.b.half_extents.amax();
            let tol = test_tolerance::<T>() * scale.fast_max(T::MIN_POSITIVE);
            let gap = (c.point_b - c.point_a - c.normal.into_inner() * c.distance).norm();
            assert!(gap <= tol, "seed {seed}: witnesses {c:?}");
            if c.distance >= T::ZERO {
                let g = distance_convex(&p.a, &p.b, None, 64).closest.distance;
                assert!(
                    (g - c.distance).abs() <= tol,
                    "seed {seed}: {c:?} vs distance_convex {g:?}"
                );
                continue;
            }
            overlapping += 1;
            let depth = -c.distance;
            let moved = |t: T| Obb { center: p.b.center + c.normal.into_inner() * t, ..p.b };
            let past = distance_convex(&p.a, &moved(depth + tol), None, 64).closest.distance;
            assert!(
                past > T::ZERO && past <= tol * T::lit(2.0),
                "seed {seed}: past the depth {past:?}, {c:?}"
            );
            if depth > tol * T::lit(2.0) {
                let short = distance_convex(&p.a, &moved(depth - tol), None, 64).closest.distance;
                assert_eq!(short, T::ZERO, "seed {seed}: short of the depth, {c:?}");
            }
        }
        assert!(overlapping > 20, "only {overlapping} overlapping pairs");
    }

    /// Boxes in touching contact (an axis separating them by rounding, GJK's witnesses
    /// coinciding): they get distance 0, not `None`.
    #[test]
    fn touching_boxes_have_a_contact() {
        let e = Vector3::new(1.0_f64, 1.0, 1.0);
        let a = Obb::new(Point3::new(0.0, 0.0, 0.0), Rotation3::identity(), e);
        for x in [2.0, 2.0 + 1e-15, 2.0 - 1e-15] {
            let b = Obb::new(Point3::new(x, 0.0, 0.0), Rotation3::identity(), e);
            let c = contact_obb_obb(&a, &b);
            assert!(c.is_some_and(|c| c.distance.abs() < 1e-12 && c.normal.x > 0.99), "{x}: {c:?}");
        }
    }

    for_f32_and_f64!(
        point_worked_cases,
        pair_worked_cases,
        sphere_outside_box_face_and_corner,
        sphere_overlapping_box_center_outside,
        sphere_center_inside_aabb_nearest_face_depth,
        sphere_center_on_aabb_face_depth_is_the_radius,
        sphere_center_at_aabb_center_takes_the_first_nearest_face,
        inverted_aabb_has_no_contact,
        sphere_outside_rotated_obb,
        sphere_center_inside_obb_nearest_face_depth,
        concentric_boxes_leave_along_the_least_overlap,
        obb_obb_contact_separates,
    );
}
