//! Overlap of spheres and capsules with each other and with boxes, triangles and polygons: a
//! squared distance from the closest-point layer against a squared radius (Ericson 5.2.5-5.2.8,
//! van den Bergen 3.1.1, 3.2.2).
//!
//! Touching counts as overlapping (`≤`). A negative radius is an empty shape: no overlap. A NaN
//! anywhere gives `false` (every comparison with NaN fails).

use osculate_closest::{
    sq_distance_point_aabb, sq_distance_point_obb, sq_distance_point_segment,
    sq_distance_point_triangle,
};
use osculate_math::{Aabb, Capsule, ContainsPoint, Obb, Point3, Real, Segment, Sphere, Triangle};

/// Whether a point at squared distance `d2` from a ball's center is within radius `r`.
#[inline]
fn within<T: Real>(d2: T, r: T) -> bool {
    r >= T::ZERO && d2 <= r * r
}

/// Whether two solid spheres overlap: `|c₂ − c₁|² ≤ (r₁ + r₂)²` (van den Bergen 3.1.1, Ericson
/// 4.3.1), without a square root. Touching spheres overlap.
///
/// # Examples
/// ```
/// use osculate_overlap::sphere_sphere;
/// use osculate_math::{Point3, Sphere};
///
/// let a = Sphere::new(Point3::new(0.0_f32, 0.0, 0.0), 1.0);
/// assert!(sphere_sphere(&a, &Sphere::new(Point3::new(2.0, 0.0, 0.0), 1.0))); // touching
/// assert!(!sphere_sphere(&a, &Sphere::new(Point3::new(2.1, 0.0, 0.0), 1.0)));
/// ```
#[inline]
#[must_use]
pub fn sphere_sphere<T: Real>(a: &Sphere<T>, b: &Sphere<T>) -> bool {
    a.radius >= T::ZERO
        && b.radius >= T::ZERO
        && within((b.center - a.center).norm_squared(), a.radius + b.radius)
}

/// Whether solid sphere `s` and segment `seg` meet: the squared distance from the center to the
/// segment (Ericson 5.1.2.1) against `r²` — van den Bergen's Algorithm 3.2 answers the same.
///
/// # Examples
/// ```
/// use osculate_overlap::sphere_segment;
/// use osculate_math::{Point3, Segment, Sphere};
///
/// let s = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// assert!(sphere_segment(&s, &Segment::new(Point3::new(-5.0, 0.5, 0.0), Point3::new(5.0, 0.5, 0.0))));
/// assert!(!sphere_segment(&s, &Segment::new(Point3::new(2.0, 0.0, 0.0), Point3::new(5.0, 0.0, 0.0))));
/// ```
#[inline]
#[must_use]
pub fn sphere_segment<T: Real>(s: &Sphere<T>, seg: &Segment<T>) -> bool {
    within(sq_distance_point_segment(&s.center, seg), s.radius)
}

/// Whether solid sphere `s` and solid capsule `c` overlap: the center's squared distance to the
/// capsule's axis against `(r_s + r_c)²` (Ericson 4.5.1).
///
/// # Examples
/// ```
/// use osculate_overlap::sphere_capsule;
/// use osculate_math::{Capsule, Point3, Sphere};
///
/// let c = Capsule::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0), 1.0);
/// assert!(sphere_capsule(&Sphere::new(Point3::new(1.5, 2.0, 0.0), 0.5), &c));
/// assert!(!sphere_capsule(&Sphere::new(Point3::new(0.0, 6.0, 0.0), 0.5), &c));
/// ```
#[inline]
#[must_use]
pub fn sphere_capsule<T: Real>(s: &Sphere<T>, c: &Capsule<T>) -> bool {
    s.radius >= T::ZERO
        && c.radius >= T::ZERO
        && within(sq_distance_point_segment(&s.center, &c.segment()), s.radius + c.radius)
}

/// Whether two solid capsules overlap: the squared distance of their axes (Ericson 5.1.9) against
/// `(r₁ + r₂)²` (Ericson 4.5.1).
///
/// # Examples
/// ```
/// use osculate_overlap::capsule_capsule;
/// use osculate_math::{Capsule, Point3};
///
/// let a = Capsule::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), 1.0);
/// let b = Capsule::new(Point3::new(2.0, -2.0, 1.5), Point3::new(2.0, 2.0, 1.5), 0.5);
/// assert!(capsule_capsule(&a, &b));
/// ```
#[inline]
#[must_use]
pub fn capsule_capsule<T: Real>(a: &Capsule<T>, b: &Capsule<T>) -> bool {
    let d = osculate_closest::closest_points_segment_segment(&a.segment(), &b.segment()).distance;
    a.radius >= T::ZERO && b.radius >= T::ZERO && within(d * d, a.radius + b.radius)
}

/// Whether solid sphere `s` and solid box `b` overlap: the squared distance from the center to the
/// box (Ericson 5.2.5, 5.1.3.1) against `r²`. An inverted box is empty: `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::sphere_aabb;
/// use osculate_math::{Aabb, Point3, Sphere};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// assert!(sphere_aabb(&Sphere::new(Point3::new(1.5, 1.5, 0.5), 0.75), &b));
/// assert!(!sphere_aabb(&Sphere::new(Point3::new(1.5, 1.5, 1.5), 0.75), &b)); // off the corner
/// ```
#[inline]
#[must_use]
pub fn sphere_aabb<T: Real>(s: &Sphere<T>, b: &Aabb<T>) -> bool {
    within(sq_distance_point_aabb(&s.center, b), s.radius)
}

/// Whether solid sphere `s` and solid oriented box `b` overlap (Ericson 5.2.6).
///
/// # Examples
/// ```
/// use osculate_overlap::sphere_obb;
/// use osculate_math::{Obb, Point3, Rotation3, Sphere, Vector3};
///
/// let b = Obb::new(Point3::origin(), Rotation3::from_axis_angle(&Vector3::z_axis(), 0.785398), Vector3::new(1.0_f64, 1.0, 1.0));
/// assert!(sphere_obb(&Sphere::new(Point3::new(1.8, 0.0, 0.0), 0.5), &b)); // the corner reaches √2
/// ```
#[inline]
#[must_use]
pub fn sphere_obb<T: Real>(s: &Sphere<T>, b: &Obb<T>) -> bool {
    within(sq_distance_point_obb(&s.center, b), s.radius)
}

/// Whether solid sphere `s` and triangle `tri` meet: the squared distance from the center to the
/// triangle (Ericson 5.2.7, 5.1.5) against `r²`.
///
/// # Examples
/// ```
/// use osculate_overlap::sphere_triangle;
/// use osculate_math::{Point3, Sphere, Triangle};
///
/// let t = Triangle::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// assert!(sphere_triangle(&Sphere::new(Point3::new(1.0, 1.0, 0.9), 1.0), &t));
/// assert!(!sphere_triangle(&Sphere::new(Point3::new(1.0, 1.0, 1.1), 1.0), &t));
/// ```
#[inline]
#[must_use]
pub fn sphere_triangle<T: Real>(s: &Sphere<T>, tri: &Triangle<T>) -> bool {
    within(sq_distance_point_triangle(&s.center, tri), s.radius)
}

/// Whether solid sphere `s` and convex polygon `poly` meet: the squared distance from the center to
/// the polygon (Ericson 5.2.8) against `r²`.
///
/// # Examples
/// ```
/// use osculate_overlap::sphere_polygon;
/// use osculate_math::{ConvexPolygon, Point3, Sphere};
///
/// let square = ConvexPolygon::try_new(vec![
///     Point3::new(0.0_f64, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0),
///     Point3::new(2.0, 2.0, 0.0), Point3::new(0.0, 2.0, 0.0),
/// ])?;
/// assert!(sphere_polygon(&Sphere::new(Point3::new(1.0, 1.0, 0.5), 1.0), &square));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[cfg(feature = "alloc")]
#[inline]
#[must_use]
pub fn sphere_polygon<T: Real>(s: &Sphere<T>, poly: &osculate_math::ConvexPolygon<T>) -> bool {
    within(osculate_closest::sq_distance_point_polygon(&s.center, poly), s.radius)
}

/// Whether solid `shape` contains point `p` (boundary included): the
/// [`ContainsPoint`](osculate_math::ContainsPoint) test of every solid of `osculate-math` (sphere,
/// box, oriented box, capsule, cylinder, cone, tetrahedron, halfspace, convex polyhedron), as a free
/// function beside the pair tests.
///
/// # Examples
/// ```
/// use osculate_overlap::contains_point;
/// use osculate_math::{Cone, Point3, Vector3};
///
/// let c = Cone::new(Point3::new(0.0_f64, 0.0, 0.0), Vector3::z_axis(), 2.0, 1.0);
/// assert!(contains_point(&c, &Point3::new(0.2, 0.0, 1.0)));
/// assert!(!contains_point(&c, &Point3::new(0.8, 0.0, 1.0)));
/// ```
#[inline]
#[must_use]
pub fn contains_point<T: Real, S: ContainsPoint<T> + ?Sized>(shape: &S, p: &Point3<T>) -> bool {
    shape.contains_point(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
        let s = |c: Point3<T>, r: f64| Sphere::new(c, l(r));
        let unit = s(p(0.0, 0.0, 0.0), 1.0);
        // Touching, nested, apart, negative radius, NaN.
        assert!(sphere_sphere(&unit, &s(p(0.0, 0.0, 2.0), 1.0)));
        assert!(sphere_sphere(&unit, &s(p(0.1, 0.0, 0.0), 0.2)));
        assert!(!sphere_sphere(&unit, &s(p(0.0, 3.0, 0.0), 1.0)));
        assert!(!sphere_sphere(&unit, &s(p(0.0, 0.0, 0.0), -0.5)));
        assert!(!sphere_sphere(&s(p(0.0, 0.0, 0.0), -2.0), &s(p(0.0, 0.0, 0.0), 3.0)));
        assert!(!sphere_sphere(&unit, &s(p(f64::NAN, 0.0, 0.0), 1.0)));
        // Boxes: face, edge, corner, inside, inverted.
        let b = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        assert!(sphere_aabb(&s(p(2.0, 0.5, 0.5), 1.0), &b));
        assert!(!sphere_aabb(&s(p(1.8, 1.8, 0.5), 1.0), &b));
        assert!(sphere_aabb(&s(p(1.7, 1.7, 0.5), 1.0), &b));
        assert!(sphere_aabb(&s(p(0.5, 0.5, 0.5), 0.0), &b));
        assert!(!sphere_aabb(&unit, &Aabb::new(p(1.0, 0.0, 0.0), p(0.0, 1.0, 1.0))));
        // Capsules: crossing, parallel apart, a zero-length capsule is a sphere.
        let c1 = Capsule::new(p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), l(0.5));
        assert!(capsule_capsule(&c1, &Capsule::new(p(2.0, -1.0, 0.9), p(2.0, 1.0, 0.9), l(0.5))));
        assert!(!capsule_capsule(&c1, &Capsule::new(p(0.0, 1.1, 0.0), p(4.0, 1.1, 0.0), l(0.5))));
        assert!(capsule_capsule(&c1, &Capsule::new(p(5.0, 0.0, 0.0), p(5.0, 0.0, 0.0), l(0.5))));
        assert!(sphere_capsule(&s(p(2.0, 1.0, 0.0), 0.5), &c1));
        assert!(!sphere_capsule(&s(p(2.0, 1.0, 0.0), 0.4), &c1));
        // Triangle: face, edge region, a collapsed triangle.
        let t = Triangle::new(p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0), p(0.0, 2.0, 0.0));
        assert!(sphere_triangle(&s(p(0.5, 0.5, 1.0), 1.0), &t));
        assert!(!sphere_triangle(&s(p(2.0, 2.0, 0.0), 1.0), &t));
        let flat = Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(2.0, 0.0, 0.0));
        assert!(sphere_triangle(&s(p(1.0, 0.5, 0.0), 0.5), &flat));
        assert!(sphere_segment(&s(p(1.0, 0.5, 0.0), 0.5), &Segment::new(t.a, t.b)));
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
