//! Contacts: signed distance, normal and witness points (van den Bergen 3.1-3.2).
//!
//! Every `contact_*` query returns `Some` for finite, valid input — apart, touching or overlapping —
//! and `None` only when there is no answer: a NaN or infinite coordinate, a negative radius, an
//! inverted box.

use osculate_math::{
    Aabb, Capsule, Halfspace, Obb, Plane, Point3, Real, Segment, Sphere, Triangle, Unit,
    UnitVector3, Vector3, any_perpendicular, finite_probe, is_finite_point,
};

use crate::point::{
    closest_point_on_aabb, closest_point_on_obb, closest_point_on_segment,
    closest_point_on_triangle,
};
use crate::types::{Contact, Param};

/// The contact if every number in it is finite and the normal is unit. (A normal off unit length
/// can only come from an invalid shape built through its public fields — a plane whose "unit"
/// normal is not, an oriented box whose rotation is not one — and such input gets `None`.)
#[inline]
fn finite<T: Real>(c: Contact<T>) -> Option<Contact<T>> {
    // One branch-free test (the `&&` chain cost six branches a contact): `x − x` is 0 for every
    // finite `x` and NaN otherwise, so one sum of the probes compares equal to 0 only when every
    // number is finite; a NaN normal fails the unit test.
    let z = finite_probe(&c.point_a.coords) + finite_probe(&c.point_b.coords);
    #[allow(clippy::eq_op, reason = "x − x is the finiteness probe: 0 for finite x, NaN otherwise")]
    let dz = c.distance - c.distance;
    let ok = (z.x + z.y + z.z + dz == T::ZERO)
        & ((c.normal.norm_squared() - T::ONE).abs() <= T::UNIT_TOLERANCE * T::lit(4.0));
    ok.then_some(c)
}

/// The contact of two balls `(c1, r1)` (A) and `(c2, r2)` (B); when the centers coincide the normal
/// is `fallback` (van den Bergen 3.1.1: any unit vector is then right for the spheres alone; the
/// callers pass one that is right for the shape the ball stands for).
#[inline]
fn ball_ball<T: Real>(
    c1: &Point3<T>,
    r1: T,
    c2: &Point3<T>,
    r2: T,
    fallback: impl FnOnce() -> UnitVector3<T>,
) -> Option<Contact<T>> {
    if !(r1 >= T::ZERO && r2 >= T::ZERO) {
        return None;
    }
    finite(ball_ball_unchecked(c1, r1, c2, r2, fallback))
}

/// [`ball_ball`] without the radius and finiteness checks, for callers that make them.
#[inline]
fn ball_ball_unchecked<T: Real>(
    c1: &Point3<T>,
    r1: T,
    c2: &Point3<T>,
    r2: T,
    fallback: impl FnOnce() -> UnitVector3<T>,
) -> Contact<T> {
    let v = c2 - c1;
    let d = v.norm();
    let normal = if d > T::ZERO { Unit::new_unchecked(v / d) } else { fallback() };
    Contact {
        distance: d - r1 - r2,
        normal,
        point_a: c1 + normal.into_inner() * r1,
        point_b: c2 - normal.into_inner() * r2,
    }
}

/// The contact of two balls `(c1, r1)` (A) and `(c1 + normal·d, r2)` (B) whose centers are `d ≥ 0`
/// apart along the unit `normal`, known exactly (no direction taken from rounded points).
#[inline]
fn balls_along<T: Real>(
    c1: &Point3<T>,
    r1: T,
    d: T,
    r2: T,
    normal: UnitVector3<T>,
) -> Option<Contact<T>> {
    if !(r1 >= T::ZERO && r2 >= T::ZERO) {
        return None;
    }
    let c2 = c1 + normal.into_inner() * d;
    finite(Contact {
        distance: d - r1 - r2,
        normal,
        point_a: c1 + normal.into_inner() * r1,
        point_b: c2 - normal.into_inner() * r2,
    })
}

/// The contact of two solid spheres (van den Bergen 3.1.1): signed distance `|c₂ − c₁| − r₁ − r₂`,
/// normal along the line of centers, witness points `c₁ + r₁n` and `c₂ − r₂n`.
///
/// Concentric spheres: every direction is a shortest way out, and the text says any unit axis will
/// do; this returns `+x`, depth `r₁ + r₂`.
///
/// # Examples
/// ```
/// use osculate_closest::contact_sphere_sphere;
/// use osculate_math::{Point3, Sphere, Vector3};
///
/// let a = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// let b = Sphere::new(Point3::new(1.5, 0.0, 0.0), 1.0);
/// let c = contact_sphere_sphere(&a, &b).unwrap();
/// assert_eq!((c.distance, c.normal, c.depth()), (-0.5, Vector3::x_axis(), 0.5));
/// assert_eq!((c.point_a, c.point_b), (Point3::new(1.0, 0.0, 0.0), Point3::new(0.5, 0.0, 0.0)));
/// ```
#[inline]
#[must_use]
pub fn contact_sphere_sphere<T: Real>(a: &Sphere<T>, b: &Sphere<T>) -> Option<Contact<T>> {
    ball_ball(&a.center, a.radius, &b.center, b.radius, Vector3::x_axis)
}

/// A unit vector perpendicular to segment direction `d`, as van den Bergen 3.1.3 picks it for a
/// segment through a sphere's center: `d × e_i` on the axis `i` where `|d_i|` is smallest (the best
/// conditioned cross product); `+x` for a zero direction.
#[inline]
fn perpendicular_to<T: Real>(d: &Vector3<T>) -> UnitVector3<T> {
    any_perpendicular(d)
}

/// The contact of solid sphere `s` (A) and segment `seg` (B) (van den Bergen 3.1.3): the segment
/// point `y` closest to the center `c`, normal `(y − c)/|y − c|`, signed distance `|y − c| − ρ`,
/// witness points `c + ρn` and `y`.
///
/// When the segment passes through the center, the text's choice: the normal is `r × e_i`
/// normalised, with `r` the segment direction and `i` the axis where `|r_i|` is smallest, so the
/// sphere is pushed out perpendicular to the segment, depth `ρ`.
///
/// # Examples
/// ```
/// use osculate_closest::contact_sphere_segment;
/// use osculate_math::{Point3, Segment, Sphere, Vector3};
///
/// let s = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// let seg = Segment::new(Point3::new(-2.0, 0.5, 0.0), Point3::new(2.0, 0.5, 0.0));
/// let c = contact_sphere_segment(&s, &seg).unwrap();
/// assert_eq!((c.distance, c.normal, c.point_b), (-0.5, Vector3::y_axis(), Point3::new(0.0, 0.5, 0.0)));
/// // Through the center: pushed out perpendicular to the segment.
/// let through = Segment::new(Point3::new(-2.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0));
/// let c = contact_sphere_segment(&s, &through).unwrap();
/// assert_eq!(c.distance, -1.0);
/// assert!(c.normal.x.abs() < 1e-12);
/// ```
#[must_use]
pub fn contact_sphere_segment<T: Real>(s: &Sphere<T>, seg: &Segment<T>) -> Option<Contact<T>> {
    let y = closest_point_on_segment(&s.center, seg).point;
    ball_ball(&s.center, s.radius, &y, T::ZERO, || perpendicular_to(&seg.direction()))
}

/// The contact of solid sphere `s` (A) and solid capsule `c` (B): [`contact_sphere_segment`] with
/// the capsule's radius added on the segment side (the capsule is its axis grown by its radius).
///
/// # Examples
/// ```
/// use osculate_closest::contact_sphere_capsule;
/// use osculate_math::{Capsule, Point3, Sphere};
///
/// let s = Sphere::new(Point3::new(0.0_f32, 2.0, 0.0), 1.0);
/// let c = Capsule::new(Point3::new(-1.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), 0.5);
/// assert_eq!(contact_sphere_capsule(&s, &c).unwrap().distance, 0.5);
/// ```
#[must_use]
pub fn contact_sphere_capsule<T: Real>(s: &Sphere<T>, c: &Capsule<T>) -> Option<Contact<T>> {
    let seg = c.segment();
    let y = closest_point_on_segment(&s.center, &seg).point;
    ball_ball(&s.center, s.radius, &y, c.radius, || perpendicular_to(&seg.direction()))
}

/// The contact of two solid capsules: the closest points of the axes (Ericson 5.1.9) as the
/// centers of two balls (van den Bergen 3.1.1). When the axes meet, the normal is perpendicular to
/// both (`d₁ × d₂`), or to the common direction when they are parallel.
///
/// # Examples
/// ```
/// use osculate_closest::contact_capsule_capsule;
/// use osculate_math::{Capsule, Point3, Vector3};
///
/// let a = Capsule::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), 1.0);
/// let b = Capsule::new(Point3::new(2.0, -3.0, 1.5), Point3::new(2.0, 3.0, 1.5), 1.0);
/// let c = contact_capsule_capsule(&a, &b).unwrap();
/// assert_eq!((c.distance, c.normal), (-0.5, Vector3::z_axis()));
/// ```
#[must_use]
pub fn contact_capsule_capsule<T: Real>(a: &Capsule<T>, b: &Capsule<T>) -> Option<Contact<T>> {
    let (sa, sb) = (a.segment(), b.segment());
    let axes = crate::pair::closest_points_segment_segment(&sa, &sb);
    let (d1, d2) = (sa.direction(), sb.direction());
    let n = d1.cross(&d2);
    let nn = n.norm_squared();
    let crossing = nn > T::DEGENERATE_SQ_TOLERANCE * d1.norm_squared() * d2.norm_squared();
    let inside = |p: Param<T>| matches!(p, Param::Curve(s) if T::ZERO < s && s < T::ONE);
    // Both closest points inside their segments, axes not parallel: the line between them is the
    // common perpendicular d₁ × d₂, exactly. Take the direction from the cross product and the
    // axes' distance along it, not from the rounded points: when the axes nearly meet, their
    // difference is mostly rounding, and its direction could be anything (an f32 pair 0.68 deep,
    // moved out along that normal, still overlapped by 0.083: found by the 1,000,000-case soak,
    // `contacts::capsule_capsule::moving_b_out_along_normal_makes_touch_f32`). The sign follows
    // the points, so the exchanged query gets the flipped normal.
    // The normal is that unit `±n` itself, not the direction of `center_b − point_a` after
    // `center_b = point_a + n·along` was rounded: at 7e-7 apart (f32, coordinates near 0.7)
    // that rounding turned it 0.04 rad, and the witness points left the capsules' surfaces by
    // up to 0.017 (found by the 1,000,000-case soak, `contact_is_consistent_f32`).
    if crossing && inside(axes.param_a) && inside(axes.param_b) {
        let n = Unit::new_unchecked(n / nn.sqrt());
        let along = (axes.point_b - axes.point_a).dot(&n);
        let normal = if along < T::ZERO { -n } else { n };
        return balls_along(&axes.point_a, a.radius, along.abs(), b.radius, normal);
    }
    ball_ball(&axes.point_a, a.radius, &axes.point_b, b.radius, || {
        if crossing {
            Unit::new_unchecked(n / nn.sqrt())
        } else if d1.norm_squared() >= d2.norm_squared() {
            perpendicular_to(&d1)
        } else {
            perpendicular_to(&d2)
        }
    })
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
        return Some(ball_ball_unchecked(c, rho, &q, T::ZERO, Vector3::x_axis));
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
    let mut face_normal = Vector3::zeros();
    face_normal[axis] = if to_max { T::ONE } else { -T::ONE };
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

/// The contact of solid sphere `s` (A) and triangle `tri` (B, a two-sided surface): the triangle
/// point `y` closest to the center (Ericson 5.1.5), normal toward it, signed distance
/// `|y − c| − ρ`.
///
/// Center on the triangle: the sphere leaves along the triangle's normal (`(b − a) × (c − a)`,
/// normalised; the sphere is pushed to the back side, depth `ρ`); a collapsed triangle uses a
/// direction perpendicular to its longest edge.
///
/// # Examples
/// ```
/// use osculate_closest::contact_sphere_triangle;
/// use osculate_math::{Point3, Sphere, Triangle, Vector3};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// let c = contact_sphere_triangle(&Sphere::new(Point3::new(1.0, 1.0, 0.5), 1.0), &t).unwrap();
/// assert_eq!((c.distance, c.normal, c.point_b), (-0.5, -Vector3::z_axis(), Point3::new(1.0, 1.0, 0.0)));
/// ```
#[must_use]
pub fn contact_sphere_triangle<T: Real>(s: &Sphere<T>, tri: &Triangle<T>) -> Option<Contact<T>> {
    let y = closest_point_on_triangle(&s.center, tri).point;
    ball_ball(&s.center, s.radius, &y, T::ZERO, || {
        tri.unit_normal().unwrap_or_else(|| {
            let edges = [tri.b - tri.a, tri.c - tri.b, tri.a - tri.c];
            let longest = edges
                .iter()
                .fold(edges[0], |m, e| if e.norm_squared() > m.norm_squared() { *e } else { m });
            perpendicular_to(&longest)
        })
    })
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

/// The contact of two solid oriented boxes by separating axes: the penetration depth of two convex
/// polyhedra is reached along one of the candidate axes of the separating-axis test (the face
/// normals of either and the cross products of their edges — the face normals of the Minkowski
/// difference), so when the 15 axes all overlap, the axis of least overlap gives the exact depth
/// and normal (Gottschalk et al.'s axes, Ericson 4.4.1, measured rather than only tested). Face
/// axes are preferred over edge axes within a relative tolerance, which keeps the normal of a box
/// resting on another steady. When an axis separates, the boxes are apart and the exact distance
/// and witnesses come from GJK ([`gjk`](crate::gjk)).
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
    let valid = |o: &Obb<T>| {
        is_finite_point(&o.center)
            && o.half_extents.iter().all(|e| e.is_finite() && *e >= T::ZERO)
            && o.rotation.matrix().iter().all(|x| x.is_finite())
    };
    if !(valid(a) && valid(b)) {
        return None;
    }
    let ua: [Vector3<T>; 3] = core::array::from_fn(|i| a.axis(i));
    let ub: [Vector3<T>; 3] = core::array::from_fn(|i| b.axis(i));
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
                edge_axis(&ua[i], &ub[j]).map(|l| (l, SatAxis::Edges(i, j)))
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
        let r = crate::gjk::gjk(a, b, None, 64);
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

/// The cross product of box edge directions `x` and `y` (unit), accurate also when they are nearly
/// parallel: `x × y` then has length `sin θ` but carries rounding of order `ε` from its products,
/// an `ε / sin θ` error in direction (f32 edges 1e-3 apart: 1e-4); `x × (y ∓ x)` is the same
/// vector, and `y ∓ x` (the sign of `x·y`) is formed almost exactly, so its error is `ε` relative.
#[inline]
fn edge_cross<T: Real>(x: &Vector3<T>, y: &Vector3<T>) -> Vector3<T> {
    let c = x.cross(y);
    // sin² θ < 1e-3: rare on general input, so the branch is predicted.
    if c.norm_squared() < T::lit(1e-3) {
        let w = if x.dot(y) >= T::ZERO { y - x } else { y + x };
        x.cross(&w)
    } else {
        c
    }
}

/// The unit axis along [`edge_cross`]`(x, y)`, or `None` when the edges are parallel within
/// [`Real::DEGENERATE_SQ_TOLERANCE`]: parallel edges give no axis of their own (Ericson 5.2.1.1;
/// the face axes cover them).
#[inline]
fn edge_axis<T: Real>(x: &Vector3<T>, y: &Vector3<T>) -> Option<Vector3<T>> {
    let c = edge_cross(x, y);
    let n2 = c.norm_squared();
    (n2 > T::DEGENERATE_SQ_TOLERANCE).then(|| c / n2.sqrt())
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
            // y × n and with x × n; k, of size sin θ, from the accurate `edge_cross`). The
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
    // the size off its box, found at 5,000 cases of `contact_is_consistent`).
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
        let u = r.axis(m);
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

    /// Two f32 capsules whose axes cross 7e-7 apart, 1.26 deep (the 1,000,000-case soak,
    /// `contacts::capsule_capsule::contact_is_consistent_f32`): the normal came from the
    /// rounded `center_b − point_a`, 0.04 rad off `d₁ × d₂`, and the witness points were off the
    /// capsules' surfaces. Now the normal is the unit cross product and each witness is its
    /// radius from its own axis.
    #[test]
    fn capsules_with_nearly_meeting_axes_keep_witnesses_on_the_surfaces() {
        let a = Capsule::new(
            Point3::new(-0.24073954_f32, 0.84830016, 0.65920556),
            Point3::new(-0.703057, 0.70715183, -0.8960277),
            0.40752456,
        );
        let b = Capsule::new(
            Point3::new(0.25026417_f32, 0.4955758, 0.27693915),
            Point3::new(-0.6995275, 0.7710849, -0.6298006),
            0.8518508,
        );
        for (x, y, flip) in [(&a, &b, 1.0_f32), (&b, &a, -1.0)] {
            let Some(c) = contact_capsule_capsule(x, y) else { panic!("no contact") };
            let axis = |s: &Capsule<f32>, p: &Point3<f32>| {
                (closest_point_on_segment(p, &s.segment()).point - p).norm()
            };
            assert!((axis(x, &c.point_a) - x.radius).abs() < 1e-6, "{c:?}");
            assert!((axis(y, &c.point_b) - y.radius).abs() < 1e-6, "{c:?}");
            // The f64 query's normal on the same numbers, and d₁ × d₂'s direction.
            let want = Vector3::new(0.4547691970987364, 0.8646017094047166, -0.21365594179571143);
            let got = (c.normal.into_inner() * flip).map(f64::from);
            assert!((got - want).norm() < 1e-5, "{c:?}");
            assert!((c.distance + 1.2593746).abs() < 1e-6, "{c:?}");
        }
    }

    #[track_caller]
    fn check<T: Real>(c: Option<Contact<T>>, dist: f64, normal: [f64; 3]) -> Contact<T> {
        let Some(c) = c else { panic!("no contact") };
        let tol = T::lit(1e-5);
        let n = Vector3::new(T::lit(normal[0]), T::lit(normal[1]), T::lit(normal[2]));
        assert!((c.distance - T::lit(dist)).abs() < tol, "distance {c:?}, want {dist}");
        assert!((c.normal.into_inner() - n).norm() < tol, "normal {c:?}, want {normal:?}");
        // The contact invariant: point_b − point_a = distance · normal.
        let gap = c.point_b - c.point_a - c.normal.into_inner() * c.distance;
        assert!(gap.norm() < tol, "witnesses {c:?}");
        c
    }

    fn p<T: Real>(x: f64, y: f64, z: f64) -> Point3<T> {
        Point3::new(T::lit(x), T::lit(y), T::lit(z))
    }

    fn sphere<T: Real>(c: Point3<T>, r: f64) -> Sphere<T> {
        Sphere::new(c, T::lit(r))
    }

    /// The box [0, 4]³.
    fn cube4<T: Real>() -> Aabb<T> {
        Aabb::new(p(0.0, 0.0, 0.0), p(4.0, 4.0, 4.0))
    }

    fn unit_sphere<T: Real>() -> Sphere<T> {
        sphere(p(0.0, 0.0, 0.0), 1.0)
    }

    // Sphere-sphere (van den Bergen 3.1.1).

    fn spheres_apart_meet_on_the_line_of_centers<T: Real>() {
        let c = check(
            contact_sphere_sphere(&unit_sphere::<T>(), &sphere(p(0.0, 3.0, 0.0), 1.0)),
            1.0,
            [0.0, 1.0, 0.0],
        );
        assert_eq!((c.point_a, c.point_b), (p(0.0, 1.0, 0.0), p(0.0, 2.0, 0.0)));
    }

    fn touching_spheres_have_distance_zero<T: Real>() {
        let b = sphere(p(0.0, 0.0, -2.0), 1.0);
        check(contact_sphere_sphere(&unit_sphere::<T>(), &b), 0.0, [0.0, 0.0, -1.0]);
    }

    fn concentric_spheres_get_any_unit_axis<T: Real>() {
        // Every direction is a shortest way out; the text lets any unit axis do: +x, depth r₁ + r₂.
        let c = contact_sphere_sphere(&unit_sphere::<T>(), &sphere(p(0.0, 0.0, 0.0), 2.0));
        let c = check(c, -3.0, [1.0, 0.0, 0.0]);
        assert_eq!((c.point_a, c.point_b), (p(1.0, 0.0, 0.0), p(-2.0, 0.0, 0.0)));
        // Two points (zero radii) at the same place: distance 0, still a unit axis.
        let dot = sphere::<T>(p(5.0, 5.0, 5.0), 0.0);
        check(contact_sphere_sphere(&dot, &dot), 0.0, [1.0, 0.0, 0.0]);
    }

    fn invalid_spheres_have_no_contact<T: Real>() {
        let a = unit_sphere::<T>();
        assert!(contact_sphere_sphere(&a, &sphere(p(0.0, 0.0, 0.0), -1.0)).is_none());
        assert!(contact_sphere_sphere(&a, &sphere(p(f64::NAN, 0.0, 0.0), 1.0)).is_none());
        assert!(contact_sphere_sphere(&a, &sphere(p(f64::INFINITY, 0.0, 0.0), 1.0)).is_none());
    }

    // Segment-sphere (van den Bergen 3.1.3).

    fn segment_apart_from_sphere_meets_at_its_closest_point<T: Real>() {
        let seg = Segment::new(p(-2.0, 0.0, 3.0), p(2.0, 0.0, 3.0));
        let c = check(contact_sphere_segment(&unit_sphere::<T>(), &seg), 2.0, [0.0, 0.0, 1.0]);
        assert_eq!(c.point_b, p(0.0, 0.0, 3.0));
        // Beyond an end: the end point is the closest.
        let short = Segment::new(p(3.0, 0.0, 0.0), p(5.0, 0.0, 0.0));
        check(contact_sphere_segment(&unit_sphere::<T>(), &short), 2.0, [1.0, 0.0, 0.0]);
    }

    fn segment_through_sphere_center_uses_r_cross_e_min<T: Real>() {
        // r = (2, 4, 6): its smallest coordinate is x, so y = r × e_x = (0, 6, −4), normalised;
        // depth ρ, the witness on the segment is the center.
        let seg = Segment::new(p(-1.0, -2.0, -3.0), p(1.0, 2.0, 3.0));
        let k = 13.0_f64.sqrt().recip();
        let c = contact_sphere_segment(&unit_sphere::<T>(), &seg);
        let c = check(c, -1.0, [0.0, 3.0 * k, -2.0 * k]);
        assert_eq!(c.point_b, p(0.0, 0.0, 0.0));
        // Along y: the smallest coordinates are x and z (both 0); the first, x, is taken:
        // (0, 4, 0) × e_x = (0, 0, −4).
        let along_y = Segment::new(p(0.0, -2.0, 0.0), p(0.0, 2.0, 0.0));
        check(contact_sphere_segment(&unit_sphere::<T>(), &along_y), -1.0, [0.0, 0.0, -1.0]);
    }

    fn point_segment_at_sphere_center_gets_any_unit_axis<T: Real>() {
        let dot = Segment::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 0.0));
        check(contact_sphere_segment(&unit_sphere::<T>(), &dot), -1.0, [1.0, 0.0, 0.0]);
    }

    // Sphere-capsule and capsule-capsule: balls around the axes' closest points.

    fn sphere_beside_capsule<T: Real>() {
        let cap = Capsule::new(p(-3.0, 0.0, 0.0), p(3.0, 0.0, 0.0), T::lit(0.5));
        let s = sphere(p(0.0, 2.0, 0.0), 1.0);
        check(contact_sphere_capsule(&s, &cap), 0.5, [0.0, -1.0, 0.0]);
    }

    fn sphere_center_on_capsule_axis_uses_r_cross_e_min<T: Real>() {
        // The axis r = (6, 0, 0); its smallest coordinates are y and z, the first is taken:
        // r × e_y = (0, 0, 6). Depth ρ + capsule radius.
        let cap = Capsule::new(p(-3.0, 0.0, 0.0), p(3.0, 0.0, 0.0), T::lit(0.5));
        let c = check(
            contact_sphere_capsule(&sphere(p(1.0, 0.0, 0.0), 1.0), &cap),
            -1.5,
            [0.0, 0.0, 1.0],
        );
        assert_eq!((c.point_a, c.point_b), (p(1.0, 0.0, 1.0), p(1.0, 0.0, -0.5)));
    }

    fn crossing_capsule_axes_use_d1_cross_d2<T: Real>() {
        let a = Capsule::new(p(-3.0, 0.0, 0.0), p(3.0, 0.0, 0.0), T::lit(0.5));
        let b = Capsule::new(p(0.0, -3.0, 0.0), p(0.0, 3.0, 0.0), T::lit(0.5));
        check(contact_capsule_capsule(&a, &b), -1.0, [0.0, 0.0, 1.0]);
        check(contact_capsule_capsule(&b, &a), -1.0, [0.0, 0.0, -1.0]);
    }

    fn coincident_parallel_capsules_get_a_perpendicular_axis<T: Real>() {
        let a = Capsule::new(p(-3.0, 0.0, 0.0), p(3.0, 0.0, 0.0), T::lit(0.5));
        let c = check(contact_capsule_capsule(&a, &a), -1.0, [0.0, 0.0, 1.0]);
        assert_eq!(c.normal.x, T::ZERO);
    }

    fn capsules_apart<T: Real>() {
        let a = Capsule::new(p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), T::lit(1.0));
        let b = Capsule::new(p(2.0, -3.0, 3.0), p(2.0, 3.0, 3.0), T::lit(0.5));
        check(contact_capsule_capsule(&a, &b), 1.5, [0.0, 0.0, 1.0]);
    }

    // Sphere-box (van den Bergen 3.2.2).

    fn sphere_outside_box_face_and_corner<T: Real>() {
        let b = cube4::<T>();
        let c =
            check(contact_sphere_aabb(&sphere(p(6.0, 2.0, 2.0), 1.0), &b), 1.0, [-1.0, 0.0, 0.0]);
        assert_eq!((c.point_a, c.point_b), (p(5.0, 2.0, 2.0), p(4.0, 2.0, 2.0)));
        let r = 3.0_f64.sqrt().recip();
        let corner = contact_sphere_aabb(&sphere(p(5.0, 5.0, 5.0), 1.0), &b);
        let c = check(corner, 3.0_f64.sqrt() - 1.0, [-r, -r, -r]);
        assert_eq!(c.point_b, p(4.0, 4.0, 4.0));
    }

    fn sphere_overlapping_box_center_outside<T: Real>() {
        // The center outside, the sphere reaching in: depth ρ − |v| along v.
        let b = cube4::<T>();
        check(contact_sphere_aabb(&sphere(p(2.0, 2.0, 4.5), 1.0), &b), -0.5, [0.0, 0.0, -1.0]);
    }

    fn sphere_center_inside_aabb_nearest_face_depth<T: Real>() {
        // δ = (1, 2, 2, 3, 2, 2) to the six faces: the x-min face is nearest, depth δ + ρ = 1.5,
        // y = c + δ sign(γ) e_i on the face, r = c − ρ sign(γ) e_i on the sphere.
        let b = cube4::<T>();
        let c = contact_sphere_aabb(&sphere(p(1.0, 2.0, 2.0), 0.5), &b);
        let c = check(c, -1.5, [1.0, 0.0, 0.0]);
        assert_eq!((c.point_a, c.point_b), (p(1.5, 2.0, 2.0), p(0.0, 2.0, 2.0)));
    }

    fn sphere_center_on_aabb_face_depth_is_the_radius<T: Real>() {
        let b = cube4::<T>();
        let c =
            check(contact_sphere_aabb(&sphere(p(2.0, 2.0, 4.0), 1.0), &b), -1.0, [0.0, 0.0, -1.0]);
        assert_eq!(c.point_b, p(2.0, 2.0, 4.0));
    }

    fn sphere_center_at_aabb_center_takes_the_first_nearest_face<T: Real>() {
        // Every δ_i ties; the text lets any do: the lowest axis, min side first.
        let b = cube4::<T>();
        let c =
            check(contact_sphere_aabb(&sphere(p(2.0, 2.0, 2.0), 1.0), &b), -3.0, [1.0, 0.0, 0.0]);
        assert_eq!(c.point_b, p(0.0, 2.0, 2.0));
    }

    fn inverted_aabb_has_no_contact<T: Real>() {
        let b = Aabb::new(p(1.0, 0.0, 0.0), p(0.0, 1.0, 1.0));
        assert!(contact_sphere_aabb(&unit_sphere::<T>(), &b).is_none());
    }

    fn rotated_box<T: Real>() -> Obb<T> {
        let turn = T::lit(core::f64::consts::FRAC_PI_4);
        let r = osculate_math::Rotation3::from_axis_angle(&Vector3::z_axis(), turn);
        Obb::new(p(0.0, 0.0, 0.0), r, Vector3::new(T::lit(2.0), T::ONE, T::lit(3.0)))
    }

    fn sphere_outside_rotated_obb<T: Real>() {
        // The box (half extents 2, 1, 3) turned 45° about z. In its frame the center (4, 0, 0) is
        // (2√2, −2√2, 0), clamped to the edge (2, −1, 0): the offset (2√2 − 2, 1 − 2√2, 0).
        let s2 = 2.0_f64.sqrt();
        let (ox, oy) = (2.0 * s2 - 2.0, 1.0 - 2.0 * s2);
        let len = (ox * ox + oy * oy).sqrt();
        // Back to world: R(45°)·(−ox, −oy)/len, the normal from the sphere toward the box.
        let (nx, ny) = ((-ox + oy) / (s2 * len), (-ox - oy) / (s2 * len));
        check(
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
        let c = check(contact_sphere_obb(&s, &rotated_box::<T>()), -0.5, [h, -h, 0.0]);
        let y = p::<T>(-h, h, 0.0);
        assert!((c.point_b - y).norm() < T::lit(1e-5), "{c:?}");
    }

    // Sphere-triangle.

    fn sphere_near_triangle_face_and_edge<T: Real>() {
        let tri = Triangle::new(p::<T>(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), p(0.0, 4.0, 0.0));
        check(contact_sphere_triangle(&sphere(p(1.0, 1.0, 3.0), 1.0), &tri), 2.0, [0.0, 0.0, -1.0]);
        check(contact_sphere_triangle(&sphere(p(2.0, -2.0, 0.0), 1.0), &tri), 1.0, [0.0, 1.0, 0.0]);
        check(
            contact_sphere_triangle(&sphere(p(1.0, 1.0, -0.5), 1.0), &tri),
            -0.5,
            [0.0, 0.0, 1.0],
        );
    }

    fn sphere_center_on_triangle_leaves_along_its_normal<T: Real>() {
        // (b − a) × (c − a) = +z: the sphere is pushed to the back side, depth ρ.
        let tri = Triangle::new(p::<T>(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), p(0.0, 4.0, 0.0));
        let c = contact_sphere_triangle(&sphere(p(1.0, 1.0, 0.0), 1.0), &tri);
        let c = check(c, -1.0, [0.0, 0.0, 1.0]);
        assert_eq!(c.point_b, p(1.0, 1.0, 0.0));
    }

    fn sphere_center_on_collapsed_triangle_uses_longest_edge<T: Real>() {
        // Collinear vertices: no normal; the longest edge a − c = (−4, 0, 0) gives
        // (−4, 0, 0) × e_y = (0, 0, −4).
        let tri = Triangle::new(p::<T>(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0), p(4.0, 0.0, 0.0));
        check(
            contact_sphere_triangle(&sphere(p(1.0, 0.0, 0.0), 1.0), &tri),
            -1.0,
            [0.0, 0.0, -1.0],
        );
    }

    // Sphere-plane (two-sided) and sphere-halfspace.

    fn sphere_and_plane_pushed_back_to_the_center_side<T: Real>() {
        let floor = Plane::new(Vector3::z_axis(), T::ONE);
        check(contact_sphere_plane(&sphere(p(0.0, 0.0, 4.0), 1.0), &floor), 2.0, [0.0, 0.0, -1.0]);
        check(contact_sphere_plane(&sphere(p(0.0, 0.0, 0.5), 1.0), &floor), -0.5, [0.0, 0.0, 1.0]);
    }

    fn sphere_center_on_plane_is_pushed_to_the_front<T: Real>() {
        let floor = Plane::new(Vector3::z_axis(), T::ONE);
        let c = contact_sphere_plane(&sphere(p(3.0, 0.0, 1.0), 1.0), &floor);
        let c = check(c, -1.0, [0.0, 0.0, -1.0]);
        assert_eq!((c.point_a, c.point_b), (p(3.0, 0.0, 0.0), p(3.0, 0.0, 1.0)));
    }

    fn sphere_center_below_halfspace_depth_counts_the_offset<T: Real>() {
        let ground = Halfspace::new(Plane::new(Vector3::z_axis(), T::ONE));
        check(
            contact_sphere_halfspace(&sphere(p(0.0, 0.0, 0.5), 1.0), &ground),
            -1.5,
            [0.0, 0.0, -1.0],
        );
        check(
            contact_sphere_halfspace(&sphere(p(0.0, 0.0, 4.0), 1.0), &ground),
            2.0,
            [0.0, 0.0, -1.0],
        );
    }

    // OBB-OBB.

    fn concentric_boxes_leave_along_the_least_overlap<T: Real>() {
        let id = osculate_math::Rotation3::identity();
        let a = Obb::new(p(0.0, 0.0, 0.0), id, Vector3::new(T::ONE, T::ONE, T::ONE));
        let b = Obb::new(p(0.0, 0.0, 0.0), id, Vector3::new(T::TWO, T::HALF, T::ONE));
        check(contact_obb_obb(&a, &b), -1.5, [0.0, 1.0, 0.0]);
    }

    /// Each worked case as a test for `f32` and one for `f64` (`contact::tests::f32::name`).
    macro_rules! worked_cases {
        ($($name:ident),* $(,)?) => {
            mod f32 {
                $(#[test] fn $name() { super::$name::<f32>(); })*
            }
            mod f64 {
                $(#[test] fn $name() { super::$name::<f64>(); })*
            }
        };
    }

    worked_cases!(
        spheres_apart_meet_on_the_line_of_centers,
        touching_spheres_have_distance_zero,
        concentric_spheres_get_any_unit_axis,
        invalid_spheres_have_no_contact,
        segment_apart_from_sphere_meets_at_its_closest_point,
        segment_through_sphere_center_uses_r_cross_e_min,
        point_segment_at_sphere_center_gets_any_unit_axis,
        sphere_beside_capsule,
        sphere_center_on_capsule_axis_uses_r_cross_e_min,
        crossing_capsule_axes_use_d1_cross_d2,
        coincident_parallel_capsules_get_a_perpendicular_axis,
        capsules_apart,
        sphere_outside_box_face_and_corner,
        sphere_overlapping_box_center_outside,
        sphere_center_inside_aabb_nearest_face_depth,
        sphere_center_on_aabb_face_depth_is_the_radius,
        sphere_center_at_aabb_center_takes_the_first_nearest_face,
        inverted_aabb_has_no_contact,
        sphere_outside_rotated_obb,
        sphere_center_inside_obb_nearest_face_depth,
        sphere_near_triangle_face_and_edge,
        sphere_center_on_triangle_leaves_along_its_normal,
        sphere_center_on_collapsed_triangle_uses_longest_edge,
        sphere_and_plane_pushed_back_to_the_center_side,
        sphere_center_on_plane_is_pushed_to_the_front,
        sphere_center_below_halfspace_depth_counts_the_offset,
        concentric_boxes_leave_along_the_least_overlap,
        obb_obb_contact_separates,
    );

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
                let g = crate::gjk::gjk(&p.a, &p.b, None, 64).closest.distance;
                assert!((g - c.distance).abs() <= tol, "seed {seed}: {c:?} vs gjk {g:?}");
                continue;
            }
            overlapping += 1;
            let depth = -c.distance;
            let moved = |t: T| Obb { center: p.b.center + c.normal.into_inner() * t, ..p.b };
            let past = crate::gjk::gjk(&p.a, &moved(depth + tol), None, 64).closest.distance;
            assert!(
                past > T::ZERO && past <= tol * T::lit(2.0),
                "seed {seed}: past the depth {past:?}, {c:?}"
            );
            if depth > tol * T::lit(2.0) {
                let short = crate::gjk::gjk(&p.a, &moved(depth - tol), None, 64).closest.distance;
                assert_eq!(short, T::ZERO, "seed {seed}: short of the depth, {c:?}");
            }
        }
        assert!(overlapping > 20, "only {overlapping} overlapping pairs");
    }

    /// Found by the properties: boxes in touching contact (an axis separating them by rounding,
    /// GJK's witnesses coinciding) got `None`; they now get distance 0.
    #[test]
    fn touching_boxes_have_a_contact() {
        let e = Vector3::new(1.0_f64, 1.0, 1.0);
        let a = Obb::new(Point3::new(0.0, 0.0, 0.0), osculate_math::Rotation3::identity(), e);
        for x in [2.0, 2.0 + 1e-15, 2.0 - 1e-15] {
            let b = Obb::new(Point3::new(x, 0.0, 0.0), osculate_math::Rotation3::identity(), e);
            let c = contact_obb_obb(&a, &b);
            assert!(c.is_some_and(|c| c.distance.abs() < 1e-12 && c.normal.x > 0.99), "{x}: {c:?}");
        }
    }
}
