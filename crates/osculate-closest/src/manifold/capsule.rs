//! The capsule manifolds: sphere-capsule (one point) and capsule-capsule (two points when the
//! axes are parallel).

use osculate_math::{Capsule, Point3, Real, Segment, Sphere, Vector3};

use super::{Feature, FeatureId, Manifold, ManifoldPoint};
use crate::{
    closest_point_on_segment, contact_capsule_capsule, contact_sphere_capsule,
    sq_distance_point_segment,
};

/// The sine of the largest angle between two capsule axes that still counts as parallel and gets
/// two points: 1e-2 (Box2D v3 makes the same choice for its capsules, by a comparable angle). A
/// point of the pair is then off the other capsule's surface by at most `radius · 1e-4 / 2` (the
/// normal's tilt against that axis, squared), below f32's test tolerance at unit size.
pub(super) const PARALLEL_SINE: f64 = 1e-2;

/// The feature of capsule `c` at parameter `t` of its axis (`Vertex(0)` at `a`, `Vertex(1)` at
/// `b`, `Edge(0)` between).
pub(super) fn capsule_feature<T: Real>(t: T) -> Feature {
    if t <= T::ZERO {
        Feature::Vertex(0)
    } else if t >= T::ONE {
        Feature::Vertex(1)
    } else {
        Feature::Edge(0)
    }
}

/// The parameter of the point of segment `s` closest to `p`.
fn parameter<T: Real>(s: &Segment<T>, p: &Point3<T>) -> T {
    closest_point_on_segment(p, s).t
}

/// The one-point manifold of sphere `s` (A) and capsule `c` (B) from
/// [`contact_sphere_capsule`], when its distance is at most `prediction`. Features: the sphere's
/// `Face(0)`; the capsule's cap (`Vertex(0)`, `Vertex(1)`) or side (`Edge(0)`) by the axis
/// parameter of the sphere's center.
///
/// Degenerate and non-finite input as [`contact_sphere_capsule`] (a zero-length capsule is a
/// sphere); any NaN gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_sphere_capsule};
/// use osculate_math::{Capsule, Point3, Sphere};
///
/// let c = Capsule::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), 1.0);
/// let m = manifold_sphere_capsule(&Sphere::new(Point3::new(2.0, 1.5, 0.0), 1.0), &c, 0.0);
/// assert_eq!(m.points()[0].id.b, Feature::Edge(0));
/// assert!((m.points()[0].distance + 0.5).abs() < 1e-12);
/// ```
#[must_use]
pub fn manifold_sphere_capsule<T: Real>(
    s: &Sphere<T>,
    c: &Capsule<T>,
    prediction: T,
) -> Manifold<T> {
    let axis = Segment::new(c.a, c.b);
    Manifold::from_contact(contact_sphere_capsule(s, c), prediction, |_| FeatureId {
        a: Feature::Face(0),
        b: capsule_feature(parameter(&axis, &s.center)),
    })
}

/// The manifold of capsules `a` and `b`: one point (the one-point contact
/// [`contact_capsule_capsule`]), or two when the axes are parallel within a sine of 1e-2 and
/// their projections overlap (the ends of the overlap of B's axis projected on A's, as Box2D v3's
/// capsule manifold clips one segment by the other), plus the one-point contact as a third when
/// the axes cross between the ends and it is deeper than both. The points use the one-point
/// contact's normal `n`. At each end, A's point is its axis point moved out by A's radius along
/// `n`; B's axis point is the one straight along `n` from it (seen along `n`), the distance is
/// their separation along `n` less the radii, and B's point is A's moved by the distance along
/// `n`, so the two are joined along the normal. Each point is then off its surface by at most
/// `(radius_a + radius_b) · 1e-4 / 2` (the normal's tilt against the axes, squared), which is
/// checked: axes twisted about the normal (crossing when seen along it: the contact is a point,
/// not a line) give one point.
/// Points apart by more than `prediction` are left out.
///
/// Features: per capsule, `Vertex(0)` or `Vertex(1)` when the point's axis parameter is at an end,
/// `Edge(0)` between.
///
/// Degenerate and non-finite input: a zero-length capsule is a sphere (one point). A NaN or
/// infinite number, a negative radius or a NaN `prediction` gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::manifold_capsule_capsule;
/// use osculate_math::{Capsule, Point3};
///
/// let a = Capsule::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), 0.5);
/// let b = Capsule::new(Point3::new(1.0, 0.0, 0.9), Point3::new(6.0, 0.0, 0.9), 0.5);
/// let m = manifold_capsule_capsule(&a, &b, 0.0);
/// // Parallel: the overlap [1, 4] of the axes gives two points, each 0.1 deep.
/// assert_eq!(m.len(), 2);
/// assert!(m.points().iter().all(|p| (p.distance + 0.1).abs() < 1e-12));
/// ```
#[must_use]
pub fn manifold_capsule_capsule<T: Real>(
    a: &Capsule<T>,
    b: &Capsule<T>,
    prediction: T,
) -> Manifold<T> {
    let Some(c) = contact_capsule_capsule(a, b) else { return Manifold::empty() };
    if !(c.distance <= prediction) {
        return Manifold::empty();
    }
    let (sa, sb) = (Segment::new(a.a, a.b), Segment::new(b.a, b.b));
    let (da, db) = (a.b - a.a, b.b - b.a);
    let (la, lb) = (da.norm_squared(), db.norm_squared());
    let sine = T::lit(PARALLEL_SINE);
    let parallel =
        la > T::ZERO && lb > T::ZERO && da.cross(&db).norm_squared() <= sine * sine * la * lb;
    let one_point = |c: &crate::Contact<T>| {
        Manifold::from_contact(Some(*c), prediction, |c| FeatureId {
            a: capsule_feature(parameter(&sa, &(c.point_a + c.normal.into_inner() * a.radius))),
            b: capsule_feature(parameter(&sb, &(c.point_b - c.normal.into_inner() * b.radius))),
        })
    };
    if !parallel {
        return one_point(&c);
    }
    // B's ends projected on A's axis, clipped to A: the overlap [t0, t1].
    let project = |p: &Point3<T>| (p - a.a).dot(&da) / la;
    let (u, v) = (project(&b.a), project(&b.b));
    let t0 = u.fast_min(v).fast_max(T::ZERO);
    let t1 = u.fast_max(v).fast_min(T::ONE);
    // A relative tolerance: an overlap shorter than that is a single touching end.
    if !(t1 - t0 > T::RELATIVE_TOLERANCE * T::lit(64.0)) {
        return one_point(&c);
    }
    let n: Vector3<T> = c.normal.into_inner();
    // B's axis seen along the normal (its component across n): each end's point of B is the point
    // of B's axis straight along n from the end's point of A, not the closest point (which is off
    // the normal by the axes' tilt times their gap).
    let across = |v: &Vector3<T>| v - n * v.dot(&n);
    let db_across = across(&db);
    let lb_across = db_across.norm_squared();
    if !(lb_across > T::ZERO) {
        return one_point(&c);
    }
    // The stated bound, plus the rounding of the check itself at the capsules' magnitude.
    let magnitude = [a.a, a.b, b.a, b.b].iter().fold(T::ZERO, |s, p| s.fast_max(p.coords.amax()));
    let bound = T::lit(PARALLEL_SINE * PARALLEL_SINE / 2.0) * (a.radius + b.radius)
        + T::RELATIVE_TOLERANCE * (magnitude + a.radius + b.radius);
    let side = FeatureId { a: Feature::Edge(0), b: Feature::Edge(0) };
    let mut ends = [ManifoldPoint { point_a: a.a, point_b: a.a, distance: T::ZERO, id: side }; 2];
    for (end, t) in ends.iter_mut().zip([t0, t1]) {
        let p = a.a + da * t;
        let u = (across(&(p - b.a)).dot(&db_across) / lb_across).fast_max(T::ZERO).fast_min(T::ONE);
        let q = b.a + db * u;
        let distance = (q - p).dot(&n) - a.radius - b.radius;
        let point_a = p + n * a.radius;
        // B's point is A's moved by the distance along the normal, so the pair is joined along n
        // by construction; it lies on B's surface to within the axes' twist about n, checked.
        let point_b = point_a + n * distance;
        let off_a = (sq_distance_point_segment(&point_a, &sa).sqrt() - a.radius).abs();
        let off_b = (sq_distance_point_segment(&point_b, &sb).sqrt() - b.radius).abs();
        if !(off_a <= bound && off_b <= bound) {
            // Twisted about the normal (the axes cross when seen along it), or tilted more than
            // the bound allows: the contact is a point, not a line.
            return one_point(&c);
        }
        // A's feature by its own parameter; an end of the overlap at an end of A is A's cap.
        let fa = if t <= T::ZERO || t >= T::ONE { capsule_feature(t) } else { Feature::Edge(0) };
        *end = ManifoldPoint {
            point_a,
            point_b,
            distance,
            id: FeatureId { a: fa, b: capsule_feature(u) },
        };
    }
    let mut m = Manifold::with_normal(c.normal);
    let mut shallowest_end = T::NEG_INFINITY;
    let mut deepest_end = T::INFINITY;
    for end in ends {
        shallowest_end = shallowest_end.fast_max(end.distance);
        deepest_end = deepest_end.fast_min(end.distance);
        if end.distance <= prediction {
            m.push(end);
        }
    }
    // Axes a little off parallel whose projections cross: their closest points lie between the
    // ends, deeper than both. That point is added (side against side), so the deepest point is the
    // capsules' penetration and moving B by it along the normal separates them.
    let rounding = T::RELATIVE_TOLERANCE
        * T::lit(64.0)
        * (a.radius + b.radius + deepest_end.abs().fast_max(shallowest_end.abs()));
    if c.distance < deepest_end - rounding {
        m.push(ManifoldPoint {
            point_a: c.point_a,
            point_b: c.point_b,
            distance: c.distance,
            id: side,
        });
    }
    m.checked()
}
