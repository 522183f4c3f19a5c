//! Properties of the point queries (`closest_point_on_*`, `sq_distance_point_*`), each written once,
//! generic over the scalar, and instantiated for `f32` and `f64` over the shared generators (every
//! flavour: ordinary, tiny, far, degenerate). The shape support here (scale, membership, casts) is
//! shared with the pair and contact properties.

use std::fmt::Debug;

use osculate_closest::{
    closest_point_on_aabb, closest_point_on_capsule, closest_point_on_cone,
    closest_point_on_cylinder, closest_point_on_line, closest_point_on_obb, closest_point_on_plane,
    closest_point_on_polygon, closest_point_on_polyhedron, closest_point_on_ray,
    closest_point_on_segment, closest_point_on_sphere, closest_point_on_tetrahedron,
    closest_point_on_triangle, signed_distance_point_plane, sq_distance_point_aabb,
    sq_distance_point_capsule, sq_distance_point_cone, sq_distance_point_cylinder,
    sq_distance_point_line, sq_distance_point_obb, sq_distance_point_plane,
    sq_distance_point_polygon, sq_distance_point_polyhedron, sq_distance_point_ray,
    sq_distance_point_segment, sq_distance_point_sphere, sq_distance_point_tetrahedron,
    sq_distance_point_triangle,
};
use osculate_math::{
    Aabb, Capsule, Cone, ContainsPoint, ConvexPolygon, ConvexPolyhedron, Cylinder, Line, Obb,
    Plane, Point3, Ray, Real, Rotation3, Segment, Sphere, Tetrahedron, Transform, Triangle, Unit,
    Vector3,
};
use osculate_testing::{Generated, Motion, Pair, Rng, Sample, cases, test_tolerance};
use quickcheck::{Arbitrary, QuickCheck, TestResult};

/// Cases per property: enough to see every flavour many times, small enough for debug builds.
pub(crate) const CASES: u64 = 500;
/// Points sampled per generated shape.
pub(crate) const SAMPLES: usize = 16;

/// Runs a property over `CASES` cases (or `OSCULATE_CASES`, for `cargo xtask soak`).
pub(crate) fn run<A: Arbitrary + Debug>(prop: fn(A) -> TestResult) {
    let n = cases(CASES);
    QuickCheck::new().tests(n).max_tests(n * 10).quickcheck(prop);
}

/// The largest absolute coordinate of the points: the magnitude rounding errors are relative to.
/// At least `MIN_POSITIVE`, so an all-zero input still gets a (tiny) positive tolerance.
pub(crate) fn magnitude<T: Real>(points: &[Point3<T>]) -> T {
    points.iter().fold(T::MIN_POSITIVE, |s, p| s.fast_max(p.coords.amax()))
}

/// A value converted to another scalar type through `f64` (exact from `f32` to `f64`; rounding to
/// nearest from `f64` to `f32`).
pub(crate) fn cast<T: Real, U: Real>(x: T) -> U {
    U::lit(x.to_f64())
}

pub(crate) fn cast_point<T: Real, U: Real>(p: &Point3<T>) -> Point3<U> {
    p.map(cast)
}

fn cast_vector<T: Real, U: Real>(v: &Vector3<T>) -> Vector3<U> {
    v.map(cast)
}

/// A unit vector converted and normalised again in the new type: an f32 unit vector widened to
/// f64 is off unit length by ~1e-8, which f64 queries rightly treat as an invalid shape.
fn cast_unit<T: Real, U: Real>(v: &Vector3<T>) -> Unit<Vector3<U>> {
    Unit::new_normalize(cast_vector(v))
}

/// A shape as the properties see it: its rounding scale, a membership test independent of the query
/// under test, and its conversion to the other scalar type.
pub(crate) trait Shape<T: Real>: Sample<T> + Debug + Clone {
    /// The same shape in scalar `U` (field by field; unit vectors and rotations normalised again).
    type As<U: Real>: Shape<U>;
    fn recast<U: Real>(&self) -> Self::As<U>;
    /// The largest coordinate magnitude among the points that define the shape: a query's rounding
    /// error is a few ε times this (and the query point's own magnitude).
    fn scale(&self) -> T;
    /// Whether `q` lies on the shape (in it, for solids), loosened by the absolute tolerance `tol`,
    /// judged by the shape's own measure rather than by a query of this crate.
    fn holds(&self, q: &Point3<T>, tol: T) -> bool;
    /// A solid whose [`Shape::holds`] with a negative tolerance is the solid shrunk by it.
    const SHRINKS: bool = false;
    /// For solids: whether `q` lies inside by at least `margin` (in the solid shrunk by `margin`);
    /// by default `holds(q, −margin)` for a solid that [`Shape::SHRINKS`] so, else never.
    fn deep_inside(&self, q: &Point3<T>, margin: T) -> bool {
        Self::SHRINKS && self.holds(q, -margin)
    }
}

/// The distance from `q` to the line through `o` along `d` (`d ≠ 0`), and `q`'s signed length along
/// `d`, both from the cross and dot products alone.
fn line_offsets<T: Real>(q: &Point3<T>, o: &Point3<T>, d: &Vector3<T>) -> (T, T) {
    let n = d.norm();
    let v = q - o;
    (v.cross(d).norm() / n, v.dot(d) / n)
}

impl<T: Real> Shape<T> for Plane<T> {
    type As<U: Real> = Plane<U>;
    fn recast<U: Real>(&self) -> Plane<U> {
        Plane::new(cast_unit(&self.normal), cast(self.d))
    }
    fn scale(&self) -> T {
        self.d.abs()
    }
    fn holds(&self, q: &Point3<T>, tol: T) -> bool {
        self.signed_distance(q).abs() <= tol
    }
}

impl<T: Real> Shape<T> for Line<T> {
    type As<U: Real> = Line<U>;
    fn recast<U: Real>(&self) -> Line<U> {
        Line::new(cast_point(&self.point), cast_vector(&self.direction))
    }
    fn scale(&self) -> T {
        magnitude(&[self.point])
    }
    fn holds(&self, q: &Point3<T>, tol: T) -> bool {
        line_offsets(q, &self.point, &self.direction).0 <= tol
    }
}

impl<T: Real> Shape<T> for Ray<T> {
    type As<U: Real> = Ray<U>;
    fn recast<U: Real>(&self) -> Ray<U> {
        Ray {
            origin: cast_point(&self.origin),
            direction: cast_vector(&self.direction),
            max_t: cast(self.max_t),
        }
    }
    fn scale(&self) -> T {
        if self.max_t.is_finite() {
            magnitude(&[self.origin, self.point_at(self.max_t)])
        } else {
            magnitude(&[self.origin])
        }
    }
    fn holds(&self, q: &Point3<T>, tol: T) -> bool {
        let (off, along) = line_offsets(q, &self.origin, &self.direction);
        off <= tol && along >= -tol && along <= self.max_t * self.direction.norm() + tol
    }
}

impl<T: Real> Shape<T> for Segment<T> {
    type As<U: Real> = Segment<U>;
    fn recast<U: Real>(&self) -> Segment<U> {
        Segment::new(cast_point(&self.a), cast_point(&self.b))
    }
    fn scale(&self) -> T {
        magnitude(&[self.a, self.b])
    }
    fn holds(&self, q: &Point3<T>, tol: T) -> bool {
        let d = self.b - self.a;
        if d == Vector3::zeros() {
            return (q - self.a).norm() <= tol;
        }
        let (off, along) = line_offsets(q, &self.a, &d);
        off <= tol && along >= -tol && along <= d.norm() + tol
    }
}

impl<T: Real> Shape<T> for Aabb<T> {
    const SHRINKS: bool = true;
    type As<U: Real> = Aabb<U>;
    fn recast<U: Real>(&self) -> Aabb<U> {
        Aabb::new(cast_point(&self.min), cast_point(&self.max))
    }
    fn scale(&self) -> T {
        magnitude(&[self.min, self.max])
    }
    fn holds(&self, q: &Point3<T>, tol: T) -> bool {
        self.loosened(tol).contains_point(q)
    }
}

impl<T: Real> Shape<T> for Obb<T> {
    const SHRINKS: bool = true;
    type As<U: Real> = Obb<U>;
    fn recast<U: Real>(&self) -> Obb<U> {
        Obb::new(
            cast_point(&self.center),
            Rotation3::from_matrix(&self.rotation.matrix().map(cast)),
            cast_vector(&self.half_extents),
        )
    }
    fn scale(&self) -> T {
        magnitude(&[self.center]) + self.half_extents.sum()
    }
    fn holds(&self, q: &Point3<T>, tol: T) -> bool {
        Obb::new(self.center, self.rotation, self.half_extents.add_scalar(tol)).contains_point(q)
    }
}

impl<T: Real> Shape<T> for Triangle<T> {
    type As<U: Real> = Triangle<U>;
    fn recast<U: Real>(&self) -> Triangle<U> {
        Triangle::new(cast_point(&self.a), cast_point(&self.b), cast_point(&self.c))
    }
    fn scale(&self) -> T {
        magnitude(&self.vertices())
    }
    /// Within `tol` of one of the triangle's edges, or over its face and within `tol` of its plane
    /// (by [`Triangle::barycentric`], which is `None` for a collapsed triangle).
    fn holds(&self, q: &Point3<T>, tol: T) -> bool {
        let v = self.vertices();
        if (0..3).any(|i| Segment::new(v[i], v[(i + 1) % 3]).holds(q, tol)) {
            return true;
        }
        let (Some(n), Some(bary)) = (self.unit_normal(), self.barycentric(q)) else {
            return false;
        };
        n.dot(&(q - self.a)).abs() <= tol && bary.iter().all(|&x| x >= T::ZERO)
    }
}

impl<T: Real> Shape<T> for Sphere<T> {
    const SHRINKS: bool = true;
    type As<U: Real> = Sphere<U>;
    fn recast<U: Real>(&self) -> Sphere<U> {
        Sphere::new(cast_point(&self.center), cast(self.radius))
    }
    fn scale(&self) -> T {
        magnitude(&[self.center]) + self.radius
    }
    fn holds(&self, q: &Point3<T>, tol: T) -> bool {
        (q - self.center).norm() <= self.radius + tol
    }
}

impl<T: Real> Shape<T> for Capsule<T> {
    const SHRINKS: bool = true;
    type As<U: Real> = Capsule<U>;
    fn recast<U: Real>(&self) -> Capsule<U> {
        Capsule::new(cast_point(&self.a), cast_point(&self.b), cast(self.radius))
    }
    fn scale(&self) -> T {
        magnitude(&[self.a, self.b]) + self.radius
    }
    fn holds(&self, q: &Point3<T>, tol: T) -> bool {
        self.segment().sq_distance_to_point(q).sqrt() <= self.radius + tol
    }
}

impl<T: Real> Shape<T> for Tetrahedron<T> {
    type As<U: Real> = Tetrahedron<U>;
    fn recast<U: Real>(&self) -> Tetrahedron<U> {
        let [a, b, c, d] = self.vertices().map(|v| cast_point(&v));
        Tetrahedron::new(a, b, c, d)
    }
    fn scale(&self) -> T {
        magnitude(&self.vertices())
    }
    /// Contained, or within `tol` of one of its faces (which covers flat tetrahedra).
    fn holds(&self, q: &Point3<T>, tol: T) -> bool {
        self.contains_point(q) || self.faces().iter().any(|f| f.holds(q, tol))
    }
    /// Inside every face plane by `margin`, for a tetrahedron thick enough that its face planes are
    /// well conditioned (six times its volume over a hundredth of its longest edge cubed, as the
    /// shape tests of osculate-math judge slivers); a flat one has no inside.
    fn deep_inside(&self, q: &Point3<T>, margin: T) -> bool {
        let v = self.vertices();
        let edge = (0..4)
            .flat_map(|i| (i + 1..4).map(move |j| (i, j)))
            .fold(T::ZERO, |m, (i, j)| m.fast_max((v[i] - v[j]).norm()));
        let thick = self.signed_volume().abs() * T::lit(6.0) > T::lit(1e-2) * edge * edge * edge;
        // `faces()` are wound outward for a positive signed volume, inward for a negative one.
        let sign = if self.signed_volume() > T::ZERO { T::ONE } else { -T::ONE };
        thick
            && self.faces().iter().all(|f| {
                let n = f.normal() * sign;
                n.dot(&(q - f.a)) <= -margin * n.norm()
            })
    }
}

impl<T: Real> Shape<T> for ConvexPolygon<T> {
    type As<U: Real> = ConvexPolygon<U>;
    fn recast<U: Real>(&self) -> ConvexPolygon<U> {
        ConvexPolygon {
            vertices: self.vertices.iter().map(cast_point).collect(),
            normal: cast_unit(&self.normal),
        }
    }
    fn scale(&self) -> T {
        magnitude(&self.vertices)
    }
    /// Within `tol` of an edge, or within `tol` of its plane with the projection on the inner side
    /// of every edge (either winding).
    fn holds(&self, q: &Point3<T>, tol: T) -> bool {
        let v = &self.vertices;
        let k = v.len();
        if (0..k).any(|i| Segment::new(v[i], v[(i + 1) % k]).holds(q, tol)) {
            return true;
        }
        let n = self.normal.into_inner();
        let sides: Vec<T> =
            (0..k).map(|i| (v[(i + 1) % k] - v[i]).cross(&(q - v[i])).dot(&n)).collect();
        self.plane().signed_distance(q).abs() <= tol
            && (sides.iter().all(|&x| x >= T::ZERO) || sides.iter().all(|&x| x <= T::ZERO))
    }
}

impl<T: Real> Shape<T> for ConvexPolyhedron<T> {
    type As<U: Real> = ConvexPolyhedron<U>;
    fn recast<U: Real>(&self) -> ConvexPolyhedron<U> {
        ConvexPolyhedron {
            planes: self.planes.iter().map(Shape::recast).collect(),
            vertices: self.vertices.iter().map(cast_point).collect(),
        }
    }
    fn scale(&self) -> T {
        magnitude(&self.vertices)
    }
    /// Behind every face plane pushed out by `tol`, plus the slack the two descriptions of the
    /// solid have between them: the hull's vertices lie within 8·`RELATIVE_TOLERANCE`·scale of its
    /// planes (`ConvexPolyhedron::try_from_points`), so a point of a face polygon built from those
    /// vertices may lie that far outside a neighbouring, nearly coplanar plane.
    fn holds(&self, q: &Point3<T>, tol: T) -> bool {
        let slack = T::lit(8.0) * T::RELATIVE_TOLERANCE * self.scale();
        self.planes.iter().all(|p| p.signed_distance(q) <= tol + slack)
    }
    fn deep_inside(&self, q: &Point3<T>, margin: T) -> bool {
        self.planes.iter().all(|p| p.signed_distance(q) <= -margin)
    }
}

impl<T: Real> Shape<T> for Cylinder<T> {
    const SHRINKS: bool = true;
    type As<U: Real> = Cylinder<U>;
    fn recast<U: Real>(&self) -> Cylinder<U> {
        Cylinder::new(cast_point(&self.a), cast_point(&self.b), cast(self.radius))
    }
    fn scale(&self) -> T {
        magnitude(&[self.a, self.b]) + self.radius
    }
    /// Axial coordinate in `[−tol, length + tol]`, radial distance at most `radius + tol`.
    fn holds(&self, q: &Point3<T>, tol: T) -> bool {
        let d = self.b - self.a;
        if d == Vector3::zeros() {
            return (q - self.a).norm() <= self.radius + tol;
        }
        let (off, along) = line_offsets(q, &self.a, &d);
        off <= self.radius + tol && along >= -tol && along <= d.norm() + tol
    }
}

impl<T: Real> Shape<T> for Cone<T> {
    const SHRINKS: bool = true;
    type As<U: Real> = Cone<U>;
    fn recast<U: Real>(&self) -> Cone<U> {
        Cone::new(
            cast_point(&self.tip),
            cast_unit(&self.axis),
            cast(self.height),
            cast(self.radius),
        )
    }
    fn scale(&self) -> T {
        magnitude(&[self.tip]) + self.height + self.radius
    }
    /// Axial coordinate `x` in `[−tol, height + tol]`, radial distance `y` at most `radius + tol`,
    /// and within `tol` of the inner side of the slanted line `y·h = x·r`.
    fn holds(&self, q: &Point3<T>, tol: T) -> bool {
        let (h, r) = (self.height, self.radius);
        let (y, x) = line_offsets(q, &self.tip, &self.axis);
        x >= -tol && x <= h + tol && y <= r + tol && y * h - x * r <= tol * (h * h + r * r).sqrt()
    }
}

/// A point query under test: the closest point of the shape, its squared-distance companion, and
/// the query's parameter, checked against the point it describes.
pub(crate) trait PointQuery<T: Real>: Shape<T> {
    /// Solids whose documentation promises that a contained point is returned bit for bit.
    const RETURNS_INSIDE_POINT_EXACTLY: bool = false;
    fn closest(&self, p: &Point3<T>) -> Point3<T>;
    /// The `sq_distance_point_*` companion, where there is one.
    fn sq_distance(&self, _: &Point3<T>) -> Option<T> {
        None
    }
    /// Checks the query's parameter (curve `t`, barycentrics) against its point: the parameter is in
    /// the shape's range and reproduces the point within `tol`.
    fn check_param(&self, _: &Point3<T>, _: T) -> Result<(), String> {
        Ok(())
    }
}

/// A curve parameter in `[lo, hi]` that reproduces the point within `tol`.
pub(crate) fn check_curve<T: Real>(
    t: T,
    lo: T,
    hi: T,
    at: Point3<T>,
    point: Point3<T>,
    tol: T,
) -> Result<(), String> {
    if !(t >= lo && t <= hi) {
        return Err(format!("parameter {t:?} outside [{lo:?}, {hi:?}]"));
    }
    if !((at - point).norm() <= tol) {
        return Err(format!("parameter {t:?} gives {at:?}, not the point {point:?}"));
    }
    Ok(())
}

/// The [`PointQuery`] impls of the shapes whose query answers `closest(p, shape)` (its `.point`
/// where the answer carries a parameter) with the companion `sq(p, shape)`: a row is
/// `Shape: closest, sq, returns_inside_point_exactly`, and for a curve `curve(lo, hi)`, the
/// parameter's range (`hi` a function of the shape).
macro_rules! point_queries {
    ($($shape:ident: $closest:ident $(.$field:ident)?, $sq:ident, $exact:literal
        $(, curve($lo:expr, $hi:expr))?;)*) => {$(
        impl<T: Real> PointQuery<T> for $shape<T> {
            const RETURNS_INSIDE_POINT_EXACTLY: bool = $exact;
            fn closest(&self, p: &Point3<T>) -> Point3<T> {
                $closest(p, self)$(.$field)?
            }
            fn sq_distance(&self, p: &Point3<T>) -> Option<T> {
                Some($sq(p, self))
            }
            $(
                fn check_param(&self, p: &Point3<T>, tol: T) -> Result<(), String> {
                    let c = $closest(p, self);
                    check_curve(c.t, $lo, ($hi)(self), self.point_at(c.t), c.point, tol)
                }
            )?
        }
    )*};
}

point_queries! {
    Plane: closest_point_on_plane, sq_distance_point_plane, false;
    Line: closest_point_on_line.point, sq_distance_point_line, false,
        curve(T::NEG_INFINITY, |_| T::INFINITY);
    Ray: closest_point_on_ray.point, sq_distance_point_ray, false,
        curve(T::ZERO, |s: &Ray<T>| s.max_t);
    Segment: closest_point_on_segment.point, sq_distance_point_segment, false,
        curve(T::ZERO, |_| T::ONE);
    Aabb: closest_point_on_aabb, sq_distance_point_aabb, true;
    Obb: closest_point_on_obb, sq_distance_point_obb, false;
    Sphere: closest_point_on_sphere, sq_distance_point_sphere, true;
    Capsule: closest_point_on_capsule, sq_distance_point_capsule, true;
    Tetrahedron: closest_point_on_tetrahedron, sq_distance_point_tetrahedron, true;
    ConvexPolygon: closest_point_on_polygon, sq_distance_point_polygon, false;
    ConvexPolyhedron: closest_point_on_polyhedron, sq_distance_point_polyhedron, true;
    Cylinder: closest_point_on_cylinder, sq_distance_point_cylinder, true;
    Cone: closest_point_on_cone, sq_distance_point_cone, true;
}

/// Barycentrics each in `[0, 1]` (loosened by `slack`), summing to 1, reproducing the point.
pub(crate) fn check_barycentric<T: Real>(
    tri: &Triangle<T>,
    bary: [T; 3],
    point: &Point3<T>,
    slack: T,
    tol: T,
) -> Result<(), String> {
    let sum = bary[0] + bary[1] + bary[2];
    if !(bary.iter().all(|&x| x >= -slack && x <= T::ONE + slack) && (sum - T::ONE).abs() <= slack)
    {
        return Err(format!("barycentrics {bary:?} are not convex weights"));
    }
    let at = tri.point_from_barycentric(bary);
    if !((at - point).norm() <= tol) {
        return Err(format!("barycentrics {bary:?} give {at:?}, not the point {point:?}"));
    }
    Ok(())
}

impl<T: Real> PointQuery<T> for Triangle<T> {
    fn closest(&self, p: &Point3<T>) -> Point3<T> {
        closest_point_on_triangle(p, self).point
    }
    fn sq_distance(&self, p: &Point3<T>) -> Option<T> {
        Some(sq_distance_point_triangle(p, self))
    }
    fn check_param(&self, p: &Point3<T>, tol: T) -> Result<(), String> {
        let c = closest_point_on_triangle(p, self);
        // Barycentrics are dimensionless: the test tolerance itself bounds their rounding error
        // (a few dozen ε relative to 1) for the triangles the generators make.
        check_barycentric(self, c.barycentric, &c.point, test_tolerance::<T>(), tol)
    }
}

/// The absolute tolerance of a point query: the test tolerance times the magnitude of the input
/// (the query point and the shape), the size its rounding errors are relative to.
fn tol_for<T: Real, S: Shape<T>>(p: &Point3<T>, s: &S) -> T {
    test_tolerance::<T>() * s.scale().fast_max(magnitude(&[*p]))
}

/// The returned point is finite, lies on the shape (within the scaled tolerance), and the query's
/// parameter reproduces it.
fn closest_point_lies_on_shape<T: Real, S: PointQuery<T>>(p: &Point3<T>, s: &S) -> TestResult {
    let q = s.closest(p);
    let tol = tol_for(p, s);
    if !q.coords.iter().all(|x| x.is_finite()) {
        return TestResult::error(format!(
            "point {p:?}, shape {s:?}: non-finite closest point {q:?}"
        ));
    }
    if !s.holds(&q, tol) {
        return TestResult::error(format!(
            "point {p:?}, shape {s:?}: closest point {q:?} is not on the shape (tol {tol:?})"
        ));
    }
    match s.check_param(p, tol) {
        Ok(()) => TestResult::passed(),
        Err(e) => TestResult::error(format!("point {p:?}, shape {s:?}: {e}")),
    }
}

/// No sampled point of the shape (inside or on the boundary) is closer to `p` than the returned
/// point, beyond the scaled tolerance (which covers the rounding of the query and of the sampler).
fn no_sample_is_closer<T: Real, S: PointQuery<T>>(p: &Point3<T>, s: &S, seed: u64) -> TestResult {
    let d = (s.closest(p) - p).norm();
    let tol = tol_for(p, s);
    let mut rng = Rng::new(seed);
    for _ in 0..SAMPLES {
        for x in [s.sample_inside(&mut rng), s.sample_boundary(&mut rng)] {
            let e = (x - p).norm();
            if e < d - tol {
                return TestResult::error(format!(
                    "point {p:?}, shape {s:?}: sample {x:?} at {e:?} beats the distance {d:?}"
                ));
            }
        }
    }
    TestResult::passed()
}

/// `sq_distance_point_*` is the squared distance to the returned point: compared as distances, within
/// the scaled tolerance (squared distances would need a tolerance scaled by the distance too).
fn sq_distance_matches_closest_point<T: Real, S: PointQuery<T>>(
    p: &Point3<T>,
    s: &S,
) -> TestResult {
    let Some(sq) = s.sq_distance(p) else {
        return TestResult::discard();
    };
    let d = (s.closest(p) - p).norm();
    let tol = tol_for(p, s);
    if !(sq >= T::ZERO && (sq.sqrt() - d).abs() <= tol) {
        return TestResult::error(format!(
            "point {p:?}, shape {s:?}: squared distance {sq:?}, distance to the point {d:?}"
        ));
    }
    TestResult::passed()
}

/// A point of the shape is its own closest point (within the scaled tolerance: a sample may lie a
/// rounding outside); a point inside a solid by more than that tolerance is returned bit for bit
/// where the query documents it (nearer the boundary, the query's own inside test may round the
/// other way than `ContainsPoint` and return a boundary point within the tolerance instead).
fn point_of_shape_is_its_own_closest<T: Real, S: PointQuery<T>>(s: &S, seed: u64) -> TestResult {
    let mut rng = Rng::new(seed);
    for _ in 0..SAMPLES {
        for x in [s.sample_inside(&mut rng), s.sample_boundary(&mut rng)] {
            let q = s.closest(&x);
            let tol = tol_for(&x, s);
            if !((q - x).norm() <= tol) {
                return TestResult::error(format!(
                    "shape {s:?}: point {x:?} of the shape maps to {q:?}"
                ));
            }
            if S::RETURNS_INSIDE_POINT_EXACTLY && s.deep_inside(&x, tol) && q != x {
                return TestResult::error(format!(
                    "shape {s:?}: inside point {x:?} maps to {q:?}, not itself"
                ));
            }
        }
    }
    TestResult::passed()
}

/// Moving the point and the shape by one rigid motion keeps the distance. Tolerance: 4 × the test
/// tolerance × the larger magnitude of the input before and after the motion (the motion's own
/// rotation and translation round each coordinate at that magnitude; a few such roundings).
fn distance_is_invariant_under_motion<T, S>(p: &Point3<T>, s: &S, m: &Motion<T>) -> TestResult
where
    T: Real,
    S: PointQuery<T> + Transform<T>,
    S::Output: PointQuery<T>,
{
    let (mp, ms) = (m.0 * p, s.transformed(&m.0));
    let d0 = (s.closest(p) - p).norm();
    let d1 = (ms.closest(&mp) - mp).norm();
    let tol = T::lit(4.0) * tol_for(p, s).fast_max(tol_for(&mp, &ms));
    if !((d0 - d1).abs() <= tol) {
        return TestResult::error(format!(
            "point {p:?}, shape {s:?}, motion {m:?}: distance {d0:?} becomes {d1:?} after the motion"
        ));
    }
    TestResult::passed()
}

/// The f32 query agrees with the f64 query on the same input (generated in f64, rounded to f32, and
/// widened back exactly, so both see identical numbers). Tolerance: the f32 test tolerance times the
/// input's magnitude (the f32 computation's rounding; the f64 one is far smaller).
fn f32_distance_agrees_with_f64<S: PointQuery<f64>>(p: &Point3<f64>, s: &S) -> TestResult
where
    S::As<f32>: PointQuery<f32>,
    <S::As<f32> as Shape<f32>>::As<f64>: PointQuery<f64>,
{
    let (p32, s32) = (cast_point::<f64, f32>(p), s.recast::<f32>());
    let (p64, s64) = (cast_point::<f32, f64>(&p32), s32.recast::<f64>());
    let d32 = f64::from((s32.closest(&p32) - p32).norm());
    let d64 = (s64.closest(&p64) - p64).norm();
    let tol = f64::from(test_tolerance::<f32>()) * s64.scale().max(magnitude(&[p64]));
    if !((d32 - d64).abs() <= tol) {
        return TestResult::error(format!(
            "point {p:?}, shape {s:?}: f32 distance {d32:?}, f64 distance {d64:?} (tol {tol:?})"
        ));
    }
    TestResult::passed()
}

/// One test: a property instantiated for a shape in one scalar type.
macro_rules! point_test {
    ($test:ident: closest_point_lies_on_shape, $shape:ident<$t:ty>) => {
        #[test]
        fn $test() {
            run(|c: Pair<Point3<$t>, $shape<$t>>| closest_point_lies_on_shape(&c.a, &c.b));
        }
    };
    ($test:ident: no_sample_is_closer, $shape:ident<$t:ty>) => {
        #[test]
        fn $test() {
            run(|c: Pair<Point3<$t>, $shape<$t>>| no_sample_is_closer(&c.a, &c.b, c.seed));
        }
    };
    ($test:ident: point_of_shape_is_its_own_closest, $shape:ident<$t:ty>) => {
        #[test]
        fn $test() {
            run(|(s, seed): (Generated<$shape<$t>>, u64)| {
                point_of_shape_is_its_own_closest(&s.0, seed)
            });
        }
    };
    ($test:ident: distance_is_invariant_under_motion, $shape:ident<$t:ty>) => {
        #[test]
        fn $test() {
            run(|(c, m): (Pair<Point3<$t>, $shape<$t>>, Motion<$t>)| {
                distance_is_invariant_under_motion(&c.a, &c.b, &m)
            });
        }
    };
    ($test:ident: sq_distance_matches_closest_point, $shape:ident<$t:ty>) => {
        #[test]
        fn $test() {
            run(|c: Pair<Point3<$t>, $shape<$t>>| sq_distance_matches_closest_point(&c.a, &c.b));
        }
    };
}

/// A property's tests for a shape: a module of one test per scalar type, `f32` and `f64` (or the
/// one f32-against-f64 test); `common` stands for the five every point query has (all but the
/// squared-distance companion).
macro_rules! point_property {
    (common, $shape:ident) => {
        point_property!(closest_point_lies_on_shape, $shape);
        point_property!(no_sample_is_closer, $shape);
        point_property!(point_of_shape_is_its_own_closest, $shape);
        point_property!(distance_is_invariant_under_motion, $shape);
        point_property!(f32_agrees_with_f64, $shape);
    };
    (f32_agrees_with_f64, $shape:ident) => {
        #[test]
        fn f32_agrees_with_f64() {
            run(|c: Pair<Point3<f64>, $shape<f64>>| f32_distance_agrees_with_f64(&c.a, &c.b));
        }
    };
    ($property:ident, $shape:ident) => {
        mod $property {
            use super::*;
            point_test!(f32: $property, $shape<f32>);
            point_test!(f64: $property, $shape<f64>);
        }
    };
}

/// One module per shape with the listed properties, and optionally single tests.
macro_rules! point_query_properties {
    ($($name:ident: $shape:ident => [$($prop:ident),* $(,)?] $({ $($one:tt)* })?),* $(,)?) => {$(
        mod $name {
            use super::*;
            $(point_property!($prop, $shape);)*
            $($($one)*)?
        }
    )*};
}

point_query_properties!(
    plane: Plane => [common, sq_distance_matches_closest_point],
    line: Line => [common, sq_distance_matches_closest_point],
    ray: Ray => [common, sq_distance_matches_closest_point],
    segment: Segment => [common, sq_distance_matches_closest_point],
    aabb: Aabb => [common, sq_distance_matches_closest_point],
    obb: Obb => [common, sq_distance_matches_closest_point],
    triangle: Triangle => [common, sq_distance_matches_closest_point],
    sphere: Sphere => [common, sq_distance_matches_closest_point],
    capsule: Capsule => [common, sq_distance_matches_closest_point],
    cylinder: Cylinder => [common, sq_distance_matches_closest_point],
    cone: Cone => [common, sq_distance_matches_closest_point],
    polygon: ConvexPolygon => [common, sq_distance_matches_closest_point],
    polyhedron: ConvexPolyhedron => [common, sq_distance_matches_closest_point],
    tetrahedron: Tetrahedron => [common, sq_distance_matches_closest_point],
);

/// `signed_distance_point_plane` is the distance to the closest point of the plane, positive on the
/// side the normal points to: `p − closest = signed·normal` within the scaled tolerance.
fn signed_plane_distance_matches_closest_point<T: Real>(
    p: &Point3<T>,
    plane: &Plane<T>,
) -> TestResult {
    let signed = signed_distance_point_plane(p, plane);
    let offset = p - closest_point_on_plane(p, plane);
    if !((offset - plane.normal.into_inner() * signed).norm() <= tol_for(p, plane)) {
        return TestResult::error(format!(
            "point {p:?}, plane {plane:?}: signed distance {signed:?}, offset {offset:?}"
        ));
    }
    TestResult::passed()
}

mod signed_plane_distance {
    use super::*;
    fn matches_closest_point<T: Real>(c: Pair<Point3<T>, Plane<T>>) -> TestResult {
        signed_plane_distance_matches_closest_point(&c.a, &c.b)
    }
    osculate_testing::for_f32_and_f64!(run: matches_closest_point);
}

/// quickcheck's raw `f64`s (NaN, ±∞, ±0, MAX and huge exponents), converted to `T`; with `tame`,
/// the finite ones are squeezed to `[-8, 8]` (keeping NaN and ±∞), so that one NaN field meets an
/// otherwise ordinary shape.
pub(crate) fn raw_values<T: Real, const N: usize>(raw: [f64; N], tame: bool) -> [T; N] {
    raw.map(|x| {
        if tame && x.is_finite() && x != 0.0 {
            T::lit(x.signum() * x.abs().log2().abs() / 128.0)
        } else {
            T::lit(x)
        }
    })
}

pub(crate) fn raw_point<T: Real>(x: &[T], i: usize) -> Point3<T> {
    Point3::new(x[i], x[i + 1], x[i + 2])
}

/// `true` when a NaN is among the values.
pub(crate) fn has_nan<T: Real>(x: &[T]) -> bool {
    x.iter().any(|v| v.is_nan())
}

/// Shapes built field by field from raw values (no validation): no point query panics, and a NaN in
/// the query point or in any field the shape is made of, or a negative radius or height, never
/// gives a finite distance.
fn non_finite_input_is_safe<T: Real>((raw, tame): ([f64; 16], bool)) -> TestResult {
    let x: [T; 16] = raw_values(raw, tame);
    let p = raw_point(&x, 0);
    let (u, v, w) = (raw_point(&x, 3), raw_point(&x, 6), raw_point(&x, 9));
    let rot = Rotation3::from_matrix_unchecked(osculate_math::Matrix3::from_iterator(
        x[7..16].iter().copied(),
    ));
    let z = raw_point(&x, 12);
    let unit = |p: Point3<T>| Unit::new_unchecked(p.coords);
    let polygon = ConvexPolygon { vertices: vec![u, v, w], normal: unit(z) };
    let polyhedron = ConvexPolyhedron {
        planes: vec![
            Plane::new(unit(u), x[9]),
            Plane::new(unit(v), x[10]),
            Plane::new(unit(w), x[11]),
            Plane::new(unit(z), x[15]),
        ],
        vertices: vec![u, v, w, z],
    };
    // Each query's distance (or squared distance) and how many leading raw values its input reads.
    let checks: [(&str, T, usize); 24] = [
        (
            "plane",
            (closest_point_on_plane(&p, &Plane::new(Unit::new_unchecked(u.coords), x[6])) - p)
                .norm(),
            7,
        ),
        ("line", (closest_point_on_line(&p, &Line::new(u, v.coords)).point - p).norm(), 9),
        (
            "ray",
            (closest_point_on_ray(&p, &Ray { origin: u, direction: v.coords, max_t: x[9] }).point
                - p)
                .norm(),
            10,
        ),
        ("segment", (closest_point_on_segment(&p, &Segment::new(u, v)).point - p).norm(), 9),
        ("segment sq", sq_distance_point_segment(&p, &Segment::new(u, v)), 9),
        ("aabb", (closest_point_on_aabb(&p, &Aabb::new(u, v)) - p).norm(), 9),
        ("aabb sq", sq_distance_point_aabb(&p, &Aabb::new(u, v)), 9),
        ("obb", (closest_point_on_obb(&p, &Obb::new(u, rot, v.coords)) - p).norm(), 16),
        ("obb sq", sq_distance_point_obb(&p, &Obb::new(u, rot, v.coords)), 16),
        ("triangle", (closest_point_on_triangle(&p, &Triangle::new(u, v, w)).point - p).norm(), 12),
        ("triangle sq", sq_distance_point_triangle(&p, &Triangle::new(u, v, w)), 12),
        ("sphere", (closest_point_on_sphere(&p, &Sphere::new(u, x[6])) - p).norm(), 7),
        ("capsule", (closest_point_on_capsule(&p, &Capsule::new(u, v, x[9])) - p).norm(), 10),
        ("tetrahedron", sq_distance_point_tetrahedron(&p, &Tetrahedron::new(u, v, w, z)), 15),
        ("polygon", sq_distance_point_polygon(&p, &polygon), 15),
        ("polyhedron", sq_distance_point_polyhedron(&p, &polyhedron), 16),
        ("plane sq", sq_distance_point_plane(&p, &Plane::new(unit(u), x[6])), 7),
        ("plane signed", signed_distance_point_plane(&p, &Plane::new(unit(u), x[6])), 7),
        ("line sq", sq_distance_point_line(&p, &Line::new(u, v.coords)), 9),
        (
            "ray sq",
            sq_distance_point_ray(&p, &Ray { origin: u, direction: v.coords, max_t: x[9] }),
            10,
        ),
        ("sphere sq", sq_distance_point_sphere(&p, &Sphere::new(u, x[6])), 7),
        ("capsule sq", sq_distance_point_capsule(&p, &Capsule::new(u, v, x[9])), 10),
        ("cylinder", sq_distance_point_cylinder(&p, &Cylinder::new(u, v, x[9])), 10),
        (
            "cone",
            sq_distance_point_cone(&p, &Cone::new(u, Unit::new_unchecked(v.coords), x[9], x[10])),
            11,
        ),
    ];
    for (name, d, reads) in checks {
        if has_nan(&x[..reads]) && d.is_finite() {
            return TestResult::error(format!(
                "{name}: NaN input, finite distance {d:?} from {x:?}"
            ));
        }
    }
    // A negative radius (or cone height) is an empty solid: no finite distance.
    let empty = [
        ("sphere", x[6] < T::ZERO),
        ("sphere sq", x[6] < T::ZERO),
        ("capsule", x[9] < T::ZERO),
        ("capsule sq", x[9] < T::ZERO),
        ("cylinder", x[9] < T::ZERO),
        ("cone", x[9] < T::ZERO || x[10] < T::ZERO),
    ];
    for (name, d, _) in checks {
        if empty.iter().any(|&(e, negative)| e == name && negative) && d.is_finite() {
            return TestResult::error(format!(
                "{name}: empty solid, finite distance {d:?} from {x:?}"
            ));
        }
    }
    TestResult::passed()
}

osculate_testing::for_f32_and_f64!(run: non_finite_input_is_safe);
