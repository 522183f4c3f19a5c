//! Overlap of spheres and capsules with each other and with boxes, triangles and polygons: a
//! squared distance from the closest-point layer against a squared radius (Ericson 5.2.5-5.2.8,
//! van den Bergen 3.1.1, 3.2.2).
//!
//! Touching counts as overlapping (`≤`). A negative radius is an empty shape: no overlap. A NaN
//! anywhere gives `false` (every comparison with NaN fails).

use osculate_closest::{
    sq_distance_point_aabb, sq_distance_point_segment, sq_distance_point_triangle,
};
use osculate_math::{
    Aabb, Capsule, ContainsPoint, Obb, Point3, Real, Segment, Sphere, Triangle, Vector3,
    finite_probe, is_finite_point, is_finite_vector,
};

/// Whether a point at squared distance `d2` from a ball's center is within radius `r`. An
/// infinite radius is non-finite input: `false`.
#[inline]
fn within<T: Real>(d2: T, r: T) -> bool {
    r >= T::ZERO && r.is_finite() && d2 <= r * r
}

/// Whether every point is finite (the other shape's coordinates; an infinite box or segment could
/// otherwise put a finite center at distance 0).
#[inline]
fn finite<T: Real>(points: &[&Point3<T>]) -> bool {
    points.iter().all(|p| is_finite_point(*p))
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
    let d2 = (b.center - a.center).norm_squared();
    let r = a.radius + b.radius;
    // Non-short-circuit `&`: one branch-free test on random input (the `&&` chain mispredicted).
    // A NaN anywhere fails a comparison; `finite_probe` sums to 0 only for finite centers.
    let z = finite_probe(&a.center.coords) + finite_probe(&b.center.coords);
    (a.radius >= T::ZERO)
        & (b.radius >= T::ZERO)
        & (r < T::INFINITY)
        & (d2 <= r * r)
        & (z.x + z.y + z.z == T::ZERO)
}

/// Whether solid sphere `s` and segment `seg` meet: the squared distance from the center to the
/// segment (Ericson 5.1.2.1) against `r²` — van den Bergen's Algorithm 3.2 answers the same.
/// Touching (the segment exactly `r` from the center) counts as meeting (`≤`); within a rounding
/// of touching the computed squared distance decides.
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
    finite(&[&s.center, &seg.a, &seg.b])
        && within(sq_distance_point_segment(&s.center, seg), s.radius)
}

/// Whether solid sphere `s` and solid capsule `c` overlap: the center's squared distance to the
/// capsule's axis against `(r_s + r_c)²` (Ericson 4.5.1). Touching (the center exactly `r_s + r_c`
/// from the axis) counts as overlapping (`≤`); within a rounding of touching the computed squared
/// distance decides.
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
        && finite(&[&s.center, &c.a, &c.b])
        && within(sq_distance_point_segment(&s.center, &c.segment()), s.radius + c.radius)
}

/// Whether two solid capsules overlap: the squared distance of their axes (Ericson 5.1.9) against
/// `(r₁ + r₂)²` (Ericson 4.5.1). Touching (the axes exactly `r₁ + r₂` apart) counts as overlapping
/// (`≤`); within a rounding of touching the computed squared distance decides.
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
    a.radius >= T::ZERO
        && b.radius >= T::ZERO
        && finite(&[&a.a, &a.b, &b.a, &b.b])
        && within(d * d, a.radius + b.radius)
}

/// Whether solid sphere `s` and solid box `b` overlap: the squared distance from the center to the
/// box (Ericson 5.2.5, 5.1.3.1) against `r²`. Touching (the center exactly `r` from the box)
/// counts as overlapping (`≤`; the per-axis clamp makes the distance exact for a center facing a
/// face). An inverted box is empty: `false`.
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
    finite(&[&s.center, &b.min, &b.max]) && within(sq_distance_point_aabb(&s.center, b), s.radius)
}

/// Whether solid sphere `s` and solid oriented box `b` overlap (Ericson 5.2.6): the squared distance
/// from the center, taken into the box's frame, to the box `[−e, e]` against `r²`. Touching counts
/// as overlapping (`≤`); within a rounding of touching (the rotation into the box's frame rounds)
/// the computed squared distance decides.
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
    finite(&[&s.center, &b.center])
        && is_finite_vector(&b.half_extents)
        && b.rotation.matrix().iter().all(|x| x.is_finite())
        && within(sq_distance_to_centered_box(&b.to_local(&s.center), &b.half_extents), s.radius)
}

/// The squared distance from `p` (in a box's frame) to the box `[−e, e]`, measured in that frame:
/// exactly 0 inside. (Going back to world space, as `sq_distance_point_obb` does, leaves a rounding
/// of the coordinates' size, so a zero-radius sphere deep inside a box far from the origin would
/// be reported outside.)
#[inline]
fn sq_distance_to_centered_box<T: Real>(p: &Vector3<T>, e: &Vector3<T>) -> T {
    p.abs().zip_map(e, |x, ei| (x - ei).fast_max(T::ZERO)).norm_squared()
}

/// Whether solid sphere `s` and triangle `tri` meet: the squared distance from the center to the
/// triangle (Ericson 5.2.7, 5.1.5) against `r²`. Touching (the triangle exactly `r` from the
/// center) counts as meeting (`≤`); within a rounding of touching the computed squared distance
/// decides.
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
    finite(&[&s.center, &tri.a, &tri.b, &tri.c])
        && within(sq_distance_to_triangle(&s.center, tri), s.radius)
}

/// The squared distance from `p` to `tri`. A triangle collapsed up to rounding
/// (`|n|² ≤ DEGENERATE_SQ_TOLERANCE · |b − a|² |c − a|²`) is measured as the union of its edges:
/// on such a triangle `sq_distance_point_triangle`'s Voronoi regions are decided by rounding
/// noise, and it was found off by 4e-3 on a unit triangle in f64 (3e-2 in f32).
fn sq_distance_to_triangle<T: Real>(p: &Point3<T>, t: &Triangle<T>) -> T {
    let (u, v) = (t.b - t.a, t.c - t.a);
    if u.cross(&v).norm_squared()
        <= T::DEGENERATE_SQ_TOLERANCE * u.norm_squared() * v.norm_squared()
    {
        let edge = |a: Point3<T>, b: Point3<T>| sq_distance_point_segment(p, &Segment::new(a, b));
        edge(t.a, t.b).fast_min(edge(t.b, t.c)).fast_min(edge(t.c, t.a))
    } else {
        sq_distance_point_triangle(p, t)
    }
}

/// Whether solid sphere `s` and convex polygon `poly` meet: the squared distance from the center to
/// the polygon (Ericson 5.2.8) against `r²`. Touching (the polygon exactly `r` from the center)
/// counts as meeting (`≤`); within a rounding of touching the computed squared distance decides.
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
    is_finite_point(&s.center)
        && poly.vertices.iter().all(is_finite_point)
        && is_finite_vector(&poly.normal)
        && within(osculate_closest::sq_distance_point_polygon(&s.center, poly), s.radius)
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
    fn infinite_radius_or_coordinate_is_no_overlap() {
        let inf = f64::INFINITY;
        let o = Point3::origin();
        let unit = Sphere::new(o, 1.0);
        assert!(!sphere_sphere(&unit, &Sphere::new(Point3::new(1.0, 0.0, 0.0), inf)));
        assert!(!sphere_sphere(&Sphere::new(Point3::new(1e200, 0.0, inf), 1e200), &unit));
        let everything = Aabb::new(Point3::new(-inf, -inf, -inf), Point3::new(inf, inf, inf));
        assert!(!sphere_aabb(&unit, &everything));
        let big = Obb::new(o, osculate_math::Rotation3::identity(), Vector3::new(inf, 1.0, 1.0));
        assert!(!sphere_obb(&unit, &big));
        let c = Capsule::new(o, Point3::new(1.0, 0.0, 0.0), inf);
        assert!(!sphere_capsule(&unit, &c) && !capsule_capsule(&c, &c));
        let t = Triangle::new(o, Point3::new(inf, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
        assert!(!sphere_triangle(&unit, &t));
    }

    #[test]
    fn point_inside_a_turned_box_overlaps() {
        // Found by the motion-invariance property (f32): a zero-radius sphere 0.2 inside a box
        // moved by a rigid motion. Going to the box frame and back leaves a rounding (the motion's
        // rotation is not exactly orthonormal): the world-space squared distance was 3.6e-15 > 0.
        // Measured in the box frame it is exactly 0.
        let r = osculate_math::Rotation3::from_matrix_unchecked(
            osculate_math::Matrix3::from_column_slice(&[
                0.43490583_f32,
                -0.544238,
                -0.7173995,
                -0.00461483,
                0.79533166,
                -0.606157,
                0.9004642,
                0.2669319,
                0.34338278,
            ]),
        );
        let b = Obb::new(
            Point3::new(0.64290607, 8.530821, -0.9277663),
            r,
            Vector3::new(0.65053576, 0.98022795, 0.12906879),
        );
        let s = Sphere::new(Point3::new(0.6812277, 7.867584, -0.2996568), 0.0);
        assert!(sphere_obb(&s, &b));
    }

    #[test]
    fn sphere_reaching_a_triangle_collapsed_up_to_rounding_overlaps() {
        // Found by the quickcheck property: the triangle is collinear up to rounding; the sphere
        // reaches its edge by 4.4e-3, which the closest-point layer's point-triangle distance
        // missed.
        let s = Sphere::new(
            Point3::new(0.008303399627563435, 0.6265227509109907, 0.42049419860194304),
            0.4274023101190497,
        );
        let t = Triangle::new(
            Point3::new(0.6615165315145648, 0.7497059738627871, 0.5214791030601587),
            Point3::new(-0.2593506846127631, -0.35382813365256016, 0.18799859200988567),
            Point3::new(-0.1025172195655677, -0.16588455737101981, 0.24479386407274978),
        );
        assert!(sphere_triangle(&s, &t));
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
