//! The capsule-box manifolds: separating axes of the capsule's axis against the box, two points
//! along a face, one point otherwise; all in closed form.

use osculate_math::{Aabb, Capsule, Obb, Point3, Real, Segment, Unit, Vector3, is_finite_point};

use super::boxes::{box_feature, edge, face, valid};
use super::capsule::{PARALLEL_SINE, capsule_feature};
use super::{Feature, FeatureId, Manifold, ManifoldPoint};
use crate::{Param, closest_points_segment_aabb};

/// How much larger (relative to the pair's size: the box's largest half extent plus the larger of
/// the capsule's length and radius) an edge axis's separation must be than the best face axis's
/// before it is chosen: 1e-3, the box-box face preference, for the same reason (a capsule resting
/// on a face keeps that face from one step to the next).
const FACE_PREFERENCE: f64 = 1e-3;

/// How far, in units of ε times the pair's magnitude, a point may fall outside the box feature it
/// is computed on and still count as on it (the rounding of carrying the capsule into the box's
/// frame and of a crossing): as the box clipper's slack.
const SLACK: f64 = 64.0;

/// The capsule's axis in the box's frame, and what the candidate axes need of the pair.
struct Local<T: Real> {
    /// The axis's ends and direction in the box's frame.
    a: Vector3<T>,
    b: Vector3<T>,
    d: Vector3<T>,
    /// The box's half extents.
    e: Vector3<T>,
    /// The capsule's radius.
    r: T,
    /// How far a point may be off a feature by rounding ([`SLACK`]).
    slack: T,
}

/// A candidate separating axis: the separation of the axis segment from the box along `n` (the
/// unit direction from the capsule toward the box, in the box's frame), the radius not included;
/// `k` the box axis (a face normal, or the box axis crossed with the capsule's for an edge axis).
#[derive(Clone, Copy, Debug)]
struct Axis<T: Real> {
    separation: T,
    k: usize,
    n: Vector3<T>,
    face: bool,
}

impl<T: Real> Local<T> {
    /// The separation of the axis segment and the box along the unit axis `l`, turned so that the
    /// capsule is on its negative side (the larger of the two separations).
    fn axis(&self, l: Vector3<T>, k: usize, face: bool) -> Axis<T> {
        let (pa, pb) = (self.a.dot(&l), self.b.dot(&l));
        let radius = self.e.x * l.x.abs() + self.e.y * l.y.abs() + self.e.z * l.z.abs();
        let below = -radius - pa.fast_max(pb);
        let above = pa.fast_min(pb) - radius;
        if below >= above {
            Axis { separation: below, k, n: l, face }
        } else {
            Axis { separation: above, k, n: -l, face }
        }
    }

    /// The one point of face axis `x`: the axis end deepest along the normal against its
    /// projection on the box face (clamped onto the face), and whether that projection was on the
    /// face (else the axis is not where the shapes meet).
    fn face_point(&self, x: &Axis<T>) -> (LocalPoint<T>, bool) {
        let k = x.k;
        let (end, t) =
            if self.a.dot(&x.n) >= self.b.dot(&x.n) { (self.a, T::ZERO) } else { (self.b, T::ONE) };
        let positive = x.n[k] < T::ZERO;
        let mut q = end;
        let mut inside = true;
        for m in (0..3).filter(|&m| m != k) {
            inside &= end[m].abs() <= self.e[m] + self.slack;
            q[m] = end[m].fast_max(-self.e[m]).fast_min(self.e[m]);
        }
        q[k] = if positive { self.e[k] } else { -self.e[k] };
        let p = LocalPoint {
            point_a: end + x.n * self.r,
            point_b: q,
            distance: (q[k] - end[k]) * x.n[k] - self.r,
            id: FeatureId { a: capsule_feature(t), b: face(k, positive) },
        };
        (p, inside)
    }

    /// The one point of edge axis `x` (perpendicular to the capsule's axis and to box axis `k`):
    /// where the capsule's axis and the box edge parallel to `k` farthest along `−n` are joined
    /// along `n` (the closest points of their lines, from their projections on the plane
    /// perpendicular to `k`), clamped to both, and whether the join was on both (else the axis is
    /// not where the shapes meet).
    fn edge_point(&self, x: &Axis<T>) -> (LocalPoint<T>, bool) {
        let k = x.k;
        let (m1, m2) = ((k + 1) % 3, (k + 2) % 3);
        let mut c = Vector3::zeros();
        let mut sides = [false; 3];
        for m in [m1, m2] {
            sides[m] = x.n[m] < T::ZERO;
            c[m] = if sides[m] { self.e[m] } else { -self.e[m] };
        }
        let (d, w) = (self.d, self.a - c);
        let across = d[m1] * d[m1] + d[m2] * d[m2];
        let t = -(w[m1] * d[m1] + w[m2] * d[m2]) / across;
        let len = d.norm();
        let along = self.a[k] + d[k] * t;
        let inside = t >= -self.slack / len
            && t <= T::ONE + self.slack / len
            && along.abs() <= self.e[k] + self.slack;
        let t = t.fast_max(T::ZERO).fast_min(T::ONE);
        let p = self.a + d * t;
        let mut q = c;
        q[k] = p[k].fast_max(-self.e[k]).fast_min(self.e[k]);
        let point = LocalPoint {
            point_a: p + x.n * self.r,
            point_b: q,
            distance: (q - p).dot(&x.n) - self.r,
            id: FeatureId { a: capsule_feature(t), b: edge(k, sides) },
        };
        (point, inside)
    }

    /// The two points of face axis `x` with the capsule's axis nearly parallel to that face: the
    /// axis clipped to the face's rectangle (its two pairs of side planes), each clipped end
    /// against its projection on the face. `None` when the clipped axis is empty or a point.
    fn face_pair(&self, x: &Axis<T>) -> Option<[LocalPoint<T>; 2]> {
        let k = x.k;
        let positive = x.n[k] < T::ZERO;
        // Each end's parameter and the side plane (axis, side) that clipped it, if any.
        let (mut t0, mut t1) = ((T::ZERO, None), (T::ONE, None));
        for m in (0..3).filter(|&m| m != k) {
            let (a, d, e) = (self.a[m], self.d[m], self.e[m] + self.slack);
            if d == T::ZERO {
                if a.abs() > e {
                    return None;
                }
                continue;
            }
            // Entering through the side facing the start, leaving through the other.
            let (enter, leave) = if d > T::ZERO { (-e, e) } else { (e, -e) };
            let (lo, hi) = ((enter - a) / d, (leave - a) / d);
            if lo > t0.0 {
                t0 = (lo, Some((m, d < T::ZERO)));
            }
            if hi < t1.0 {
                t1 = (hi, Some((m, d > T::ZERO)));
            }
        }
        let ((t0, side0), (t1, side1)) = (t0, t1);
        if !(t1 - t0 > self.slack / self.d.norm()) {
            return None;
        }
        let end = |t: T, side: Option<(usize, bool)>, cap: u32| {
            let p = self.a + self.d * t;
            let mut q = p;
            for m in (0..3).filter(|&m| m != k) {
                q[m] = p[m].fast_max(-self.e[m]).fast_min(self.e[m]);
            }
            q[k] = if positive { self.e[k] } else { -self.e[k] };
            LocalPoint {
                point_a: p + x.n * self.r,
                point_b: q,
                distance: (q[k] - p[k]) * x.n[k] - self.r,
                id: match side {
                    None => FeatureId { a: Feature::Vertex(cap), b: face(k, positive) },
                    // Clipped: the capsule's side against the box edge where the face meets the
                    // side plane.
                    Some((m, side)) => {
                        let mut sides = [false; 3];
                        sides[k] = positive;
                        sides[m] = side;
                        FeatureId { a: Feature::Edge(0), b: edge(3 - k - m, sides) }
                    }
                },
            }
        };
        Some([end(t0, side0, 0), end(t1, side1, 1)])
    }
}

/// A manifold point in the box's frame (the points as vectors from the box's center).
#[derive(Clone, Copy, Debug)]
struct LocalPoint<T: Real> {
    point_a: Vector3<T>,
    point_b: Vector3<T>,
    distance: T,
    id: FeatureId,
}

/// The contact manifold of capsule `c` (A) and oriented box `o` (B): one point, or two when the
/// capsule lies along a face; the normal from A toward B. Points apart by more than `prediction`
/// are left out.
///
/// Method (Gregorius, "Robust Contact Creation for Physics Simulations", GDC 2015; Box2D v3's
/// capsule-polygon manifold), in closed form, in the box's frame: the separating axes of the
/// capsule's axis segment against the box are the box's three face normals and the capsule's
/// direction crossed with the box's three axes (skipped where the sine between them is below
/// √ε: that axis's facet of the segment-box Minkowski sum is then narrower than √ε of the
/// capsule's length). On each, oriented from the capsule toward the box, the separation is the
/// box's least projection less the segment's greatest, less the radius; the largest separation
/// beyond `prediction` empties the manifold. The best face axis is chosen unless an edge axis is
/// larger by more than a preference of 1e-3 of the pair's size.
/// - On a face axis with the capsule's axis parallel to the face within a sine of 1e-2 (the
///   capsule-capsule choice): the axis clipped to the face's rectangle gives two points, each
///   clipped end `e` against its projection on the face: A's point `e + n·r`, B's the
///   projection, the distance their separation along `n`. A's point is then off the capsule's
///   surface by at most `r · 1e-4 / 2` (the tilt squared). Kept only when the deeper of the two
///   is within the preference of the one-point contact (an axis tilted into the box beyond the
///   face's side is deeper there than at the clipped end); else one point.
/// - Otherwise one point: when the axis segment and the box are apart, their closest points
///   (van den Bergen's segment-box closest points), A's moved out by the radius; when they meet,
///   the deepest point along the chosen axis: on a face axis the segment end deepest below the
///   face against its projection on the face, on an edge axis the join along the axis of the
///   segment and the box edge. When that point falls outside its features (the preferred axis is
///   not the least separation), the largest-separation axis is used instead: the supporting
///   features of a least-separation axis always meet.
///
/// Features (numbered as [`Feature`] says): the box's face for a face point, its edge for an edge
/// point, the face, edge or corner its point lies on for the closest points; the capsule's
/// `Vertex(0)`/`Vertex(1)` for a point at an end of its axis, `Edge(0)` for one between (a clipped
/// end).
///
/// Degenerate and non-finite input: a zero-length capsule is a sphere (the same manifold as
/// [`manifold_sphere_obb`](crate::manifold_sphere_obb), up to rounding); a flat box (a zero half
/// extent) is valid. A NaN or infinite number, a negative radius or half extent or a NaN
/// `prediction` gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_capsule_obb};
/// use osculate_math::{Capsule, Obb, Point3, Rotation3, Vector3};
///
/// let ground = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(5.0_f64, 5.0, 1.0));
/// let c = Capsule::new(Point3::new(-1.0, 0.0, 1.4), Point3::new(1.0, 0.0, 1.4), 0.5);
/// let m = manifold_capsule_obb(&c, &ground, 0.0);
/// // Lying on the ground's top face (+z: Face(5)): its two caps, each 0.1 deep, normal down.
/// assert_eq!(m.len(), 2);
/// assert!((m.normal.into_inner() + Vector3::z()).norm() < 1e-12);
/// assert!(m.points().iter().all(|p| (p.distance + 0.1).abs() < 1e-12));
/// assert!(m.points().iter().all(|p| p.id.b == Feature::Face(5)));
/// ```
#[must_use]
pub fn manifold_capsule_obb<T: Real>(c: &Capsule<T>, o: &Obb<T>, prediction: T) -> Manifold<T> {
    let capsule_ok = is_finite_point(&c.a)
        && is_finite_point(&c.b)
        && c.radius.is_finite()
        && c.radius >= T::ZERO;
    if !(capsule_ok && valid(o)) || prediction.is_nan() {
        return Manifold::empty();
    }
    let (a, b) = (o.to_local(&c.a), o.to_local(&c.b));
    let d = b - a;
    let e = o.half_extents;
    let magnitude = e.amax()
        + o.center.coords.amax()
        + c.a.coords.amax().fast_max(c.b.coords.amax())
        + c.radius;
    let local = Local { a, b, d, e, r: c.radius, slack: T::EPSILON * T::lit(SLACK) * magnitude };
    let unit = |k: usize| {
        let mut v = Vector3::zeros();
        v[k] = T::ONE;
        v
    };
    let mut best_face = local.axis(unit(0), 0, true);
    for k in 1..3 {
        let x = local.axis(unit(k), k, true);
        if x.separation > best_face.separation {
            best_face = x;
        }
    }
    let len2 = d.norm_squared();
    let mut best_edge: Option<Axis<T>> = None;
    for k in 0..3 {
        // d × e_k, exact in the box's frame.
        let mut l = Vector3::zeros();
        let (m1, m2) = ((k + 1) % 3, (k + 2) % 3);
        l[m1] = d[m2];
        l[m2] = -d[m1];
        let n2 = l.norm_squared();
        if !(n2 > T::EPSILON * len2) {
            continue;
        }
        let x = local.axis(l / n2.sqrt(), k, false);
        if best_edge.is_none_or(|y| x.separation > y.separation) {
            best_edge = Some(x);
        }
    }
    let largest = best_edge
        .map_or(best_face, |x| if x.separation > best_face.separation { x } else { best_face });
    if largest.separation - c.radius > prediction {
        return Manifold::empty();
    }
    let size = e.amax() + d.norm().fast_max(c.radius);
    let prefer = T::lit(FACE_PREFERENCE) * size + T::RELATIVE_TOLERANCE * magnitude;
    let chosen = match best_edge {
        Some(x) if x.separation > best_face.separation + prefer => x,
        _ => best_face,
    };
    let one = one_point(&local, &chosen, &largest);
    let to_world = |p: &LocalPoint<T>| ManifoldPoint {
        point_a: o.center + o.rotation * p.point_a,
        point_b: o.center + o.rotation * p.point_b,
        distance: p.distance,
        id: p.id,
    };
    let finish = |n: &Vector3<T>, points: &[LocalPoint<T>]| {
        let mut m = Manifold::with_normal(Unit::new_normalize(o.rotation * n));
        for p in points.iter().filter(|p| p.distance <= prediction) {
            m.push(to_world(p));
        }
        m.checked()
    };
    if chosen.face
        && len2 > T::ZERO
        && d[chosen.k].abs() <= T::lit(PARALLEL_SINE) * len2.sqrt()
        && let Some(pair) = local.face_pair(&chosen)
    {
        let deepest = pair[0].distance.fast_min(pair[1].distance);
        if deepest <= one.1.distance + prefer && deepest <= prediction {
            return finish(&chosen.n, &pair);
        }
    }
    let (n, mut p, apart) = one;
    if apart {
        // The closest points' box feature: the face, edge or corner its point lies on.
        let outward = -(o.rotation * n);
        p.id.b = box_feature(o, &(o.center + o.rotation * p.point_b), &outward);
    }
    finish(&n, &[p])
}

/// The one point of [`manifold_capsule_obb`] and its normal (in the box's frame), and whether
/// the capsule's axis and the box are apart: then their closest points (the box's feature left
/// for the caller to find in world space), else the deepest point along `chosen`, or along
/// `largest` (the largest separation) when that of `chosen` is outside its features.
fn one_point<T: Real>(
    local: &Local<T>,
    chosen: &Axis<T>,
    largest: &Axis<T>,
) -> (Vector3<T>, LocalPoint<T>, bool) {
    let (a, b) = (Point3::from(local.a), Point3::from(local.b));
    let cp = closest_points_segment_aabb(
        &Segment::new(a, b),
        &Aabb::new(Point3::from(-local.e), Point3::from(local.e)),
    );
    // Apart by the separating axes (exact for the segment and the box), and by more than rounding
    // by the closest points (whose distance, for a segment through the box, is a rounding above
    // zero, not zero).
    if largest.separation > T::ZERO && cp.distance > local.slack {
        let n = (cp.point_b - cp.point_a) / cp.distance;
        let t = match cp.param_a {
            Param::Curve(t) => t,
            _ => T::ZERO,
        };
        return (
            n,
            LocalPoint {
                point_a: cp.point_a.coords + n * local.r,
                point_b: cp.point_b.coords,
                distance: cp.distance - local.r,
                id: FeatureId { a: capsule_feature(t), b: Feature::Face(0) },
            },
            true,
        );
    }
    let on = |x: &Axis<T>| if x.face { local.face_point(x) } else { local.edge_point(x) };
    let (p, inside) = on(chosen);
    if inside {
        return (chosen.n, p, false);
    }
    // Clamped onto the features when even the largest separation's point is off them (rounding).
    (largest.n, on(largest).0, false)
}

/// The contact manifold of capsule `c` (A) and box `b` (B): [`manifold_capsule_obb`] of the box
/// as an oriented box with the identity rotation.
///
/// Degenerate and non-finite input as [`manifold_capsule_obb`]; an inverted box (a `min` above
/// its `max`) has a negative half extent and gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_capsule_aabb};
/// use osculate_math::{Aabb, Capsule, Point3};
///
/// let b = Aabb::new(Point3::new(-1.0_f32, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
/// // Standing on its end on the top face: one point, the lower cap against Face(5).
/// let c = Capsule::new(Point3::new(0.0, 0.0, 1.4), Point3::new(0.0, 0.0, 3.0), 0.5);
/// let m = manifold_capsule_aabb(&c, &b, 0.0);
/// assert_eq!(m.len(), 1);
/// assert_eq!(m.points()[0].id.a, Feature::Vertex(0));
/// assert_eq!(m.points()[0].id.b, Feature::Face(5));
/// assert!((m.points()[0].distance + 0.1).abs() < 1e-5);
/// ```
#[must_use]
pub fn manifold_capsule_aabb<T: Real>(c: &Capsule<T>, b: &Aabb<T>, prediction: T) -> Manifold<T> {
    manifold_capsule_obb(c, &b.to_obb(), prediction)
}
