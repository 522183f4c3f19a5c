//! The triangle manifolds: sphere-triangle from the one-point contact; box-triangle,
//! capsule-triangle and triangle-triangle by the polytope method (separating axes and clipping).

#[cfg(feature = "alloc")]
use osculate_math::{Aabb, Capsule, Obb, Unit};
use osculate_math::{Real, Sphere, Triangle};

#[cfg(feature = "alloc")]
use super::ManifoldPoint;
#[cfg(feature = "alloc")]
use super::capsule::PARALLEL_SINE;
#[cfg(feature = "alloc")]
use super::polytope::{Polytope, local_manifold, manifold_polytopes, one_point};
use super::{Feature, FeatureId, Manifold};
use crate::triangle::sphere_triangle_contact;

/// The one-point manifold of sphere `s` (A) and triangle `tri` (B) from
/// [`contact_sphere_triangle`](crate::contact_sphere_triangle), when its distance is at most `prediction`. Features: the sphere's
/// `Face(0)`; on the triangle, the Voronoi region (Ericson 5.1.5) of the sphere's center:
/// `Face(0)` over the interior, `Edge(k)` beside the edge from vertex `k` to `k + 1`, `Vertex(k)`
/// beyond a corner.
///
/// Degenerate and non-finite input as [`contact_sphere_triangle`](crate::contact_sphere_triangle) (a collapsed triangle is a
/// segment or a point); any NaN gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_sphere_triangle};
/// use osculate_math::{Point3, Sphere, Triangle};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// let m = manifold_sphere_triangle(&Sphere::new(Point3::new(1.0, 1.0, 0.5), 1.0), &t, 0.0);
/// assert_eq!(m.points()[0].id.b, Feature::Face(0));
/// let m = manifold_sphere_triangle(&Sphere::new(Point3::new(-0.5, -0.5, 0.0), 1.0), &t, 0.0);
/// assert_eq!(m.points()[0].id.b, Feature::Vertex(0));
/// ```
#[must_use]
pub fn manifold_sphere_triangle<T: Real>(
    s: &Sphere<T>,
    tri: &Triangle<T>,
    prediction: T,
) -> Manifold<T> {
    let found = sphere_triangle_contact(s, tri);
    let feature = found.map_or(Feature::Face(0), |(_, bary)| triangle_feature(&bary));
    Manifold::from_contact(found.map(|(c, _)| c), prediction, |_| FeatureId {
        a: Feature::Face(0),
        b: feature,
    })
}

/// The feature of a triangle a closest point with barycentrics `[u, v, w]` lies on: Ericson
/// 5.1.5's edge and vertex regions set the weights they clamp to exactly zero; one zero puts the
/// point on the edge opposite that vertex, two on the third vertex.
fn triangle_feature<T: Real>(bary: &[T; 3]) -> Feature {
    let zero = [bary[0] == T::ZERO, bary[1] == T::ZERO, bary[2] == T::ZERO];
    match zero {
        [false, true, true] => Feature::Vertex(0),
        [true, false, true] => Feature::Vertex(1),
        [true, true, false] => Feature::Vertex(2),
        // Zero weight of c: on edge ab (0); of a: on edge bc (1); of b: on edge ca (2).
        [false, false, true] => Feature::Edge(0),
        [true, false, false] => Feature::Edge(1),
        [false, true, false] => Feature::Edge(2),
        _ => Feature::Face(0),
    }
}

/// The contact manifold of oriented box `a` (A) and triangle `b` (B): up to four points sharing
/// the normal from A toward B, by the method of
/// [`manifold_polyhedron_polyhedron`](crate::manifold_polyhedron_polyhedron) (separating axes
/// over the box's three face normals, the triangle's normal and the nine edge pairs, the 13 axes
/// of Akenine-Möller's box-triangle test; a reference face clipped against the incident face, or
/// one edge-edge point), with the box as a polytope numbered as [`Feature`] says for boxes and
/// the triangle as a flat one: two faces, both `Face(0)` (the normal tells the side), edges
/// `Edge(k)` and corners `Vertex(k)`.
///
/// Degenerate and non-finite input: a flat box is valid; a collapsed triangle is the segment or
/// point it is (a polytope of no face). A NaN or infinite number, a negative half extent or a
/// NaN `prediction` gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_obb_triangle};
/// use osculate_math::{Obb, Point3, Rotation3, Triangle, Vector3};
///
/// // A crate resting on a ground triangle (normal +z), sunk 0.02.
/// let ground = Triangle::new(Point3::new(-4.0_f64, -4.0, 0.0), Point3::new(4.0, -4.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// let crate_ = Obb::new(Point3::new(0.0, 0.0, 0.48), Rotation3::identity(), Vector3::new(0.5, 0.5, 0.5));
/// let m = manifold_obb_triangle(&crate_, &ground, 0.0);
/// assert_eq!(m.len(), 4);
/// assert!((m.normal.z + 1.0).abs() < 1e-12); // from the crate down to the ground
/// assert!(m.points().iter().all(|p| p.id.b == Feature::Face(0) && (p.distance + 0.02).abs() < 1e-12));
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn manifold_obb_triangle<T: Real>(a: &Obb<T>, b: &Triangle<T>, prediction: T) -> Manifold<T> {
    let (Some(pa), Some(pb)) = (Polytope::from_obb(a), Polytope::from_triangle(b)) else {
        return Manifold::empty();
    };
    manifold_polytopes(&pa, &pb, a, b, prediction)
}

/// The contact manifold of box `a` (A) and triangle `b` (B): [`manifold_obb_triangle`] on the box
/// as an oriented box, features numbered the same way.
///
/// Degenerate and non-finite input as [`manifold_obb_triangle`]; an inverted box gives the empty
/// manifold.
///
/// # Examples
/// ```
/// use osculate_closest::manifold_aabb_triangle;
/// use osculate_math::{Aabb, Point3, Triangle};
///
/// let b = Aabb::new(Point3::new(-1.0_f32, -1.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// // A triangle cutting 0.1 into the box's top face.
/// let t = Triangle::new(Point3::new(-3.0, -3.0, 0.9), Point3::new(3.0, -3.0, 0.9), Point3::new(0.0, 3.0, 0.9));
/// let m = manifold_aabb_triangle(&b, &t, 0.0);
/// assert!(!m.is_empty());
/// assert!((m.deepest().unwrap().distance + 0.1).abs() < 1e-5);
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn manifold_aabb_triangle<T: Real>(a: &Aabb<T>, b: &Triangle<T>, prediction: T) -> Manifold<T> {
    if !(a.min.iter().zip(a.max.iter()).all(|(lo, hi)| lo <= hi)) {
        return Manifold::empty();
    }
    manifold_obb_triangle(&a.to_obb(), b, prediction)
}

/// The contact manifold of capsule `a` (A) and triangle `b` (B): up to four points (two along a
/// face, where the capsule's axis lies along the triangle) sharing the normal from A toward B.
///
/// Method: the capsule is its axis segment grown by its radius, so the pair is the segment
/// against the triangle (the polytope method of
/// [`manifold_polyhedron_polyhedron`](crate::manifold_polyhedron_polyhedron): separating axes over
/// the triangle's normal and the segment crossed with each edge, the complete set for a segment
/// and a triangle; the segment clipped by the triangle's sides, or one edge-edge point) within
/// `prediction + radius`, each point moved out of the axis by the radius along the normal. When
/// the clipping leaves nothing, or the axis is tilted against the normal (a sine above 1e-2) and
/// its deepest point is not an end of it (it crosses a side of the triangle, where the capsule's
/// surface is not the axis moved by the radius along the normal), the one point of the axis's
/// closest points with the triangle, or of [`contact_convex`](crate::contact_convex) when they
/// meet.
/// Features: the capsule's `Vertex(0)`, `Vertex(1)` (the caps) and `Edge(0)` (the side) as
/// [`Feature`] numbers them, the triangle's as in [`manifold_obb_triangle`].
///
/// Degenerate and non-finite input: a zero radius is a segment, a zero-length axis a sphere, a
/// collapsed triangle a segment or a point. A NaN or infinite number, a negative radius or a NaN
/// `prediction` gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, FeatureId, manifold_capsule_triangle};
/// use osculate_math::{Capsule, Point3, Triangle};
///
/// let ground = Triangle::new(Point3::new(-4.0_f64, -4.0, 0.0), Point3::new(4.0, -4.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// // Lying on the ground, sunk 0.05: one point under each cap.
/// let log = Capsule::new(Point3::new(-1.0, 0.0, 0.45), Point3::new(1.0, 0.0, 0.45), 0.5);
/// let m = manifold_capsule_triangle(&log, &ground, 0.0);
/// assert_eq!(m.len(), 2);
/// assert!(m.points().iter().all(|p| (p.distance + 0.05).abs() < 1e-12));
/// assert!(m.points().iter().any(|p| p.id == FeatureId { a: Feature::Vertex(0), b: Feature::Face(0) }));
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn manifold_capsule_triangle<T: Real>(
    a: &Capsule<T>,
    b: &Triangle<T>,
    prediction: T,
) -> Manifold<T> {
    let r = a.radius;
    if prediction.is_nan() || !(r >= T::ZERO && r.is_finite()) {
        return Manifold::empty();
    }
    let (Some(pa), Some(pb)) = (Polytope::from_segment(&a.a, &a.b), Polytope::from_triangle(b))
    else {
        return Manifold::empty();
    };
    let core = local_manifold(&pa, &pb, prediction + r);
    let axis = || crate::closest_points_segment_triangle(&osculate_math::Segment::new(a.a, a.b), b);
    capsule_polytope(a, &pa, &pb, b, (axis, T::NEG_INFINITY), &core, prediction)
}

/// The manifold of capsule `a` (A, its axis the polytope `pa`) and the shape `b` (B, the
/// polytope `pb`) from `core`, the polytope manifold of the axis and `b` within the prediction
/// plus the radius, and `axis`: what gives the closest points of the axis and `b` (asked only
/// where the answer reads them) and a lower bound on their distance (a separation of the axis
/// and `b` along some direction, or −∞): the method [`manifold_capsule_triangle`] documents.
#[cfg(feature = "alloc")]
pub(super) fn capsule_polytope<T: Real, B: crate::SupportMap<T> + ?Sized>(
    a: &Capsule<T>,
    pa: &Polytope<T>,
    pb: &Polytope<T>,
    b: &B,
    (mut axis, lower): (impl FnMut() -> crate::ClosestPoints<T>, T),
    core: &Manifold<T>,
    prediction: T,
) -> Manifold<T> {
    let r = a.radius;
    let tol = pa.tolerance(pb);
    let mut known = None;
    let mut axis = move || -> crate::ClosestPoints<T> { *known.get_or_insert_with(&mut axis) };
    let pref = pa.preference(pb);
    // The one point of the axis's closest points, when the axis and B are apart; the
    // contact by GJK/EPA when they meet.
    let closest = |axis: crate::ClosestPoints<T>| {
        if axis.distance > tol {
            let n = (axis.point_b - axis.point_a) / axis.distance;
            let c = crate::Contact {
                distance: axis.distance - r,
                normal: Unit::new_unchecked(n),
                point_a: axis.point_a + n * r,
                point_b: axis.point_b,
            };
            Manifold::from_contact(Some(c), prediction, |_| FeatureId {
                a: pa.feature_at(&axis.point_a, &n, tol),
                b: pb.feature_at(&axis.point_b, &-n, tol),
            })
        } else {
            one_point(pa, pb, crate::contact_convex(a, b, crate::EPA_MAX_ITERATIONS), prediction)
        }
    };
    let Some(deepest) = core.deepest() else { return closest(axis()) };
    // An axis apart from B: the separating axes bound its distance from below, and
    // give it only along the direction of the closest features; along another (a corner of the
    // triangle nearest an end of the axis), the closest points are the contact. (The test needs
    // the closest points only for a deepest point beyond the tolerance and the preference, since
    // a distance above the tolerance plus the preference is at least their sum, rounded; and
    // beyond the lower bound plus the preference less the tolerance, since the closest points,
    // on the shapes, are at least that bound apart but for roundings the tolerance covers.)
    if deepest.distance > tol + pref && !(deepest.distance <= lower + pref - tol) {
        let axis = axis();
        if axis.distance > tol && deepest.distance > axis.distance + pref {
            return closest(axis);
        }
    }
    let n = core.normal.into_inner();
    // Tilted against the normal by more than the capsules' parallel sine, the axis touches along
    // one point only (its deepest end, or the join of an edge pair): the other points' surface
    // points would be off the capsule by more than the parallel bound.
    let d = a.b - a.a;
    let sine = T::lit(PARALLEL_SINE);
    let tilted = d.dot(&n).abs() > sine * d.norm();
    // Tilted, the deepest point of the axis is on the capsule's surface (moved out by the radius
    // along the normal) only at an end of the axis, where the cap is round: a crossing of the axis
    // with a side plane of B (the axis's end beyond B's edge) is a point
    // inside the capsule by up to the radius times 1 − cos of the tilt, and the closest features
    // are then the axis and B's edge. The closest points, or GJK/EPA, answer.
    if tilted && !matches!(deepest.id.a, Feature::Vertex(_)) {
        return closest(axis());
    }
    let mut m = Manifold::with_normal(core.normal);
    for p in core.points() {
        if tilted && p.distance > deepest.distance {
            continue;
        }
        if p.distance - r <= prediction {
            m.push(ManifoldPoint { point_a: p.point_a + n * r, distance: p.distance - r, ..*p });
        }
        if tilted {
            break;
        }
    }
    m.checked()
}

/// The contact manifold of triangles `a` (A) and `b` (B), by the method of
/// [`manifold_polyhedron_polyhedron`](crate::manifold_polyhedron_polyhedron) with both triangles
/// as flat polytopes (their two normals and the nine edge pairs are the complete set of
/// separating axes), features as [`manifold_obb_triangle`] numbers a triangle's.
///
/// Two triangles lying in one plane and overlapping have no depth: the manifold's points are then
/// at distance zero (up to rounding) along one of the normals, the reference face chosen as for
/// any other pair.
///
/// Degenerate and non-finite input: a collapsed triangle is the segment or point it is. A NaN or
/// infinite number or a NaN `prediction` gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::manifold_triangle_triangle;
/// use osculate_math::{Point3, Triangle};
///
/// let floor = Triangle::new(Point3::new(-4.0_f64, -4.0, 0.0), Point3::new(4.0, -4.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// // A triangle standing on its edge, dipping 0.1 below the floor.
/// let fin = Triangle::new(Point3::new(-1.0, 0.0, -0.1), Point3::new(1.0, 0.0, -0.1), Point3::new(0.0, 0.0, 1.0));
/// let m = manifold_triangle_triangle(&floor, &fin, 0.0);
/// assert_eq!(m.len(), 2);
/// assert!(m.points().iter().all(|p| (p.distance + 0.1).abs() < 1e-12));
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn manifold_triangle_triangle<T: Real>(
    a: &Triangle<T>,
    b: &Triangle<T>,
    prediction: T,
) -> Manifold<T> {
    let (Some(pa), Some(pb)) = (Polytope::from_triangle(a), Polytope::from_triangle(b)) else {
        return Manifold::empty();
    };
    manifold_polytopes(&pa, &pb, a, b, prediction)
}
