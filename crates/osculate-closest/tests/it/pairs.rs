//! Properties of the pair queries (`closest_points_*`), each written once, generic over the scalar,
//! and instantiated for `f32` and `f64` over the shared generators (every flavour). The point queries
//! (checked in `points.rs`) serve as the independent measure of a shape's distance to a sample.

use osculate_closest::{
    ClosestPoints, DistanceStatus, GJK_MAX_ITERATIONS, Param, SupportMap, Transformed,
    closest_points_capsule_capsule, closest_points_convex, closest_points_line_line,
    closest_points_segment_aabb, closest_points_segment_obb, closest_points_segment_segment,
    closest_points_segment_sphere, closest_points_segment_triangle, closest_points_sphere_capsule,
    closest_points_sphere_sphere, closest_points_triangle_triangle, distance_convex,
    intersect_convex, sq_distance_point_aabb, sq_distance_point_obb, sq_distance_point_triangle,
};
use osculate_math::{
    Aabb, Capsule, Cone, ConvexPolygon, ConvexPolyhedron, Cylinder, Line, Obb, Point3, Real,
    Rotation3, Segment, Sphere, Tetrahedron, Transform, Triangle, Vector3,
};
use osculate_testing::{Generated, Motion, Pair, Rng, test_tolerance};
use quickcheck::TestResult;

use crate::points::{
    PointQuery, SAMPLES, Shape, check_barycentric, check_curve, has_nan, magnitude, raw_point,
    raw_values, run,
};

/// The parameter a pair query reports for a shape: a curve parameter for lines and segments,
/// barycentrics for triangles, none for the rest.
trait Parametrised<T: Real>: Shape<T> {
    /// Checks `param` against `point`: the right kind, in range, reproducing the point within `tol`.
    fn check(&self, param: &Param<T>, _: &Point3<T>, _: T) -> Result<(), String> {
        match param {
            Param::None => Ok(()),
            other => Err(format!("unexpected parameter {other:?}")),
        }
    }
}

impl<T: Real> Parametrised<T> for Line<T> {
    fn check(&self, param: &Param<T>, point: &Point3<T>, tol: T) -> Result<(), String> {
        let Some(t) = param.curve() else {
            return Err(format!("a line with parameter {param:?}"));
        };
        check_curve(t, T::NEG_INFINITY, T::INFINITY, self.point_at(t), *point, tol)
    }
}

impl<T: Real> Parametrised<T> for Segment<T> {
    fn check(&self, param: &Param<T>, point: &Point3<T>, tol: T) -> Result<(), String> {
        let Some(t) = param.curve() else {
            return Err(format!("a segment with parameter {param:?}"));
        };
        check_curve(t, T::ZERO, T::ONE, self.point_at(t), *point, tol)
    }
}

impl<T: Real> Parametrised<T> for Triangle<T> {
    fn check(&self, param: &Param<T>, point: &Point3<T>, tol: T) -> Result<(), String> {
        let Some(bary) = param.barycentric() else {
            return Err(format!("a triangle with parameter {param:?}"));
        };
        // Barycentrics are dimensionless: the test tolerance bounds their rounding (as in
        // `points.rs`).
        check_barycentric(self, bary, point, test_tolerance::<T>(), tol)
    }
}

impl<T: Real> Parametrised<T> for Aabb<T> {}
impl<T: Real> Parametrised<T> for Obb<T> {}
impl<T: Real> Parametrised<T> for Sphere<T> {}
impl<T: Real> Parametrised<T> for Capsule<T> {}

/// A pair query under test, with `Self` as shape A and `B` as shape B.
trait PairQuery<T: Real, B: Parametrised<T> + PointQuery<T>>: Parametrised<T> + PointQuery<T> {
    fn closest_points(&self, b: &B) -> ClosestPoints<T>;
}

macro_rules! pair_query {
    ($($a:ident, $b:ident => $f:ident;)*) => {$(
        impl<T: Real> PairQuery<T, $b<T>> for $a<T> {
            fn closest_points(&self, b: &$b<T>) -> ClosestPoints<T> {
                $f(self, b)
            }
        }
    )*};
}

pair_query! {
    Line, Line => closest_points_line_line;
    Segment, Segment => closest_points_segment_segment;
    Segment, Triangle => closest_points_segment_triangle;
    Triangle, Triangle => closest_points_triangle_triangle;
    Segment, Aabb => closest_points_segment_aabb;
    Segment, Obb => closest_points_segment_obb;
    Sphere, Sphere => closest_points_sphere_sphere;
    Segment, Sphere => closest_points_segment_sphere;
    Sphere, Capsule => closest_points_sphere_capsule;
    Capsule, Capsule => closest_points_capsule_capsule;
}

/// The absolute tolerance of a pair query: the test tolerance times the magnitude of the input
/// (both shapes), the size its rounding errors are relative to.
fn tol_for<T: Real, A: Shape<T>, B: Shape<T>>(a: &A, b: &B) -> T {
    test_tolerance::<T>() * a.scale().fast_max(b.scale())
}

/// `c` is a valid answer for `(a, b)`, apart from optimality: finite, each point on its shape
/// (within `tol`), `distance = |point_b − point_a|` (within `tol`) and non-negative, each parameter
/// reproducing its point.
fn check_answer<T, A, B>(a: &A, b: &B, c: &ClosestPoints<T>, tol: T) -> Result<(), String>
where
    T: Real,
    A: PairQuery<T, B>,
    B: Parametrised<T> + PointQuery<T>,
{
    if !(c.distance.is_finite() && c.point_a.iter().chain(c.point_b.iter()).all(|x| x.is_finite()))
    {
        return Err("non-finite answer".into());
    }
    if !a.holds(&c.point_a, tol) {
        return Err("point_a is not on A".into());
    }
    if !b.holds(&c.point_b, tol) {
        return Err("point_b is not on B".into());
    }
    let gap = (c.point_b - c.point_a).norm();
    if !(c.distance >= T::ZERO && (c.distance - gap).abs() <= tol) {
        return Err(format!("distance {:?}, but the points are {gap:?} apart", c.distance));
    }
    a.check(&c.param_a, &c.point_a, tol).map_err(|e| format!("param_a: {e}"))?;
    b.check(&c.param_b, &c.point_b, tol).map_err(|e| format!("param_b: {e}"))
}

/// Both points lie on their shapes, the distance is the points' distance, and the parameters
/// reproduce the points. Tolerance: the test tolerance times the input's magnitude.
fn closest_points_lie_on_shapes<T, A, B>(a: &A, b: &B) -> TestResult
where
    T: Real,
    A: PairQuery<T, B>,
    B: Parametrised<T> + PointQuery<T>,
{
    let c = a.closest_points(b);
    match check_answer(a, b, &c, tol_for(a, b)) {
        Ok(()) => TestResult::passed(),
        Err(e) => TestResult::error(format!("A {a:?}, B {b:?}: {c:?}: {e}")),
    }
}

/// Neither returned point, and no sample of A or of B, is nearer the other shape than the reported
/// distance (beyond the scaled tolerance), the distance to the other shape measured by the point
/// queries; nor is any sampled pair nearer.
fn no_sample_is_closer<T, A, B>(a: &A, b: &B, seed: u64) -> TestResult
where
    T: Real,
    A: PairQuery<T, B>,
    B: Parametrised<T> + PointQuery<T>,
{
    let c = a.closest_points(b);
    let tol = tol_for(a, b);
    // The returned points first: each is as near the other shape as the distance says (a wrong
    // partner point would leave a nearer one on the other shape).
    let (from_pa, from_pb) =
        ((b.closest(&c.point_a) - c.point_a).norm(), (a.closest(&c.point_b) - c.point_b).norm());
    if from_pa.fast_min(from_pb) < c.distance - tol {
        return TestResult::error(format!(
            "A {a:?}, B {b:?}: {c:?}: point_a is {from_pa:?} from B, point_b {from_pb:?} from A"
        ));
    }
    let mut rng = Rng::new(seed);
    for _ in 0..SAMPLES {
        for (x, y) in [
            (a.sample_inside(&mut rng), b.sample_inside(&mut rng)),
            (a.sample_boundary(&mut rng), b.sample_boundary(&mut rng)),
        ] {
            let (from_x, from_y, xy) =
                ((b.closest(&x) - x).norm(), (a.closest(&y) - y).norm(), (y - x).norm());
            if from_x.fast_min(from_y).fast_min(xy) < c.distance - tol {
                return TestResult::error(format!(
                    "A {a:?}, B {b:?}: samples {x:?} (at {from_x:?} from B), {y:?} (at {from_y:?} \
                     from A), {xy:?} apart, beat the distance {:?}",
                    c.distance
                ));
            }
        }
    }
    TestResult::passed()
}

/// Exchanging the arguments keeps the distance (within the scaled tolerance), and the reversed
/// query's answer, `swapped()`, is a valid answer for the original order.
fn exchange_keeps_distance<T, S>(a: &S, b: &S) -> TestResult
where
    T: Real,
    S: PairQuery<T, S> + Parametrised<T> + PointQuery<T>,
{
    let (ab, ba) = (a.closest_points(b), b.closest_points(a));
    let tol = tol_for(a, b);
    if !((ab.distance - ba.distance).abs() <= tol) {
        return TestResult::error(format!(
            "A {a:?}, B {b:?}: distance {:?}, exchanged {:?}",
            ab.distance, ba.distance
        ));
    }
    match check_answer(a, b, &ba.swapped(), tol) {
        Ok(()) => TestResult::passed(),
        Err(e) => TestResult::error(format!("A {a:?}, B {b:?}: swapped {ba:?}: {e}")),
    }
}

/// Moving both shapes by one rigid motion keeps the distance. Tolerance: 4 × the test tolerance ×
/// the larger magnitude of the input before and after the motion (as for the point queries).
fn distance_is_invariant_under_motion<T, A, B>(a: &A, b: &B, m: &Motion<T>) -> TestResult
where
    T: Real,
    A: PairQuery<T, B> + Transform<T>,
    B: Parametrised<T> + PointQuery<T> + Transform<T>,
    A::Output: PairQuery<T, B::Output>,
    B::Output: Parametrised<T> + PointQuery<T>,
{
    let (ma, mb) = (a.transformed(&m.0), b.transformed(&m.0));
    let (d0, d1) = (a.closest_points(b).distance, ma.closest_points(&mb).distance);
    let tol = T::lit(4.0) * tol_for(a, b).fast_max(tol_for(&ma, &mb));
    if !((d0 - d1).abs() <= tol) {
        return TestResult::error(format!(
            "A {a:?}, B {b:?}, motion {m:?}: distance {d0:?} becomes {d1:?}"
        ));
    }
    TestResult::passed()
}

/// The f32 query agrees with the f64 query on the same input (generated in f64, rounded to f32,
/// widened back exactly). Tolerance: the f32 test tolerance times the input's magnitude.
fn f32_distance_agrees_with_f64<A, B>(a: &A, b: &B) -> TestResult
where
    A: PairQuery<f64, B>,
    B: Parametrised<f64> + PointQuery<f64>,
    A::As<f32>: PairQuery<f32, B::As<f32>>,
    B::As<f32>: Parametrised<f32> + PointQuery<f32>,
    <A::As<f32> as Shape<f32>>::As<f64>: PairQuery<f64, <B::As<f32> as Shape<f32>>::As<f64>>,
    <B::As<f32> as Shape<f32>>::As<f64>: Parametrised<f64> + PointQuery<f64>,
{
    let (a32, b32) = (a.recast::<f32>(), b.recast::<f32>());
    let (a64, b64) = (a32.recast::<f64>(), b32.recast::<f64>());
    let d32 = f64::from(a32.closest_points(&b32).distance);
    let d64 = a64.closest_points(&b64).distance;
    let tol = f64::from(test_tolerance::<f32>()) * a64.scale().max(b64.scale());
    if !((d32 - d64).abs() <= tol) {
        return TestResult::error(format!(
            "A {a:?}, B {b:?}: f32 distance {d32:?}, f64 distance {d64:?} (tol {tol:?})"
        ));
    }
    TestResult::passed()
}

/// A mixed pair has no free function in the other order (pair names have one order; the facade
/// answers B-vs-A with `closest_points_A_B(a, b).swapped()`), so the reversed query is computed
/// through another query that takes B first: a sphere is a capsule with a zero-length axis, a
/// segment a capsule of radius 0 or a collapsed triangle, and any convex pair has GJK.
trait Reversed<T: Real, A> {
    /// Whether the reversed query is a closed form whose witnesses must match (unique closest
    /// points when apart), rather than GJK (within its termination gap).
    const CLOSED_FORM: bool;
    /// The closest points of `(self, a)`, with `self` as shape A.
    fn reversed(&self, a: &A) -> ClosestPoints<T>;
}

/// A sphere as the capsule with both ends at its center.
fn sphere_capsule_of<T: Real>(s: &Sphere<T>) -> Capsule<T> {
    Capsule::new(s.center, s.center, s.radius)
}

impl<T: Real> Reversed<T, Segment<T>> for Sphere<T> {
    const CLOSED_FORM: bool = true;
    fn reversed(&self, seg: &Segment<T>) -> ClosestPoints<T> {
        closest_points_capsule_capsule(
            &sphere_capsule_of(self),
            &Capsule::new(seg.a, seg.b, T::ZERO),
        )
    }
}

impl<T: Real> Reversed<T, Sphere<T>> for Capsule<T> {
    const CLOSED_FORM: bool = true;
    fn reversed(&self, s: &Sphere<T>) -> ClosestPoints<T> {
        closest_points_capsule_capsule(self, &sphere_capsule_of(s))
    }
}

impl<T: Real> Reversed<T, Segment<T>> for Triangle<T> {
    /// Closest points of a segment and a triangle need not be unique (a segment parallel to the
    /// face): only the distance and the validity of the swapped answer are compared.
    const CLOSED_FORM: bool = false;
    fn reversed(&self, seg: &Segment<T>) -> ClosestPoints<T> {
        closest_points_triangle_triangle(self, &Triangle::new(seg.a, seg.b, seg.b))
    }
}

impl<T: Real> Reversed<T, Segment<T>> for Aabb<T> {
    const CLOSED_FORM: bool = false;
    fn reversed(&self, seg: &Segment<T>) -> ClosestPoints<T> {
        closest_points_convex(self, seg)
    }
}

impl<T: Real> Reversed<T, Segment<T>> for Obb<T> {
    const CLOSED_FORM: bool = false;
    fn reversed(&self, seg: &Segment<T>) -> ClosestPoints<T> {
        closest_points_convex(self, seg)
    }
}

/// Swapping A and B keeps the distance and swaps the witnesses: the reversed query's answer,
/// swapped, has each point on its shape and the distance between them; when the shapes are apart
/// by more than the tolerance and the reversed query is a closed form, its witnesses are the
/// original ones exchanged. Tolerance: the test tolerance times the input's magnitude, plus GJK's
/// relative termination gap (`max(128 ε, 0.01 √ε)`, as `gjk/distance.rs` sets it) times the distance when
/// the reversed query is GJK.
fn exchange_swaps_witnesses<T, A, B>(a: &A, b: &B) -> TestResult
where
    T: Real,
    A: PairQuery<T, B>,
    B: Parametrised<T> + PointQuery<T> + Reversed<T, A>,
{
    let (ab, ba) = (a.closest_points(b), b.reversed(a).swapped());
    let gjk_gap = T::RELATIVE_TOLERANCE.fast_max(T::EPSILON.sqrt() * T::lit(0.01));
    let tol =
        tol_for(a, b) + if B::CLOSED_FORM { T::ZERO } else { T::lit(4.0) * gjk_gap * ab.distance };
    let fail =
        |e: &str| TestResult::error(format!("A {a:?}, B {b:?}: {ab:?}, reversed {ba:?}: {e}"));
    if !((ab.distance - ba.distance).abs() <= tol) {
        return fail("the distances differ");
    }
    if !(a.holds(&ba.point_a, tol) && b.holds(&ba.point_b, tol)) {
        return fail("a swapped witness is not on its shape");
    }
    if !(((ba.point_b - ba.point_a).norm() - ba.distance).abs() <= tol) {
        return fail("the swapped witnesses are not the distance apart");
    }
    if B::CLOSED_FORM
        && ab.distance > tol
        && !((ab.point_a - ba.point_a).norm() <= tol && (ab.point_b - ba.point_b).norm() <= tol)
    {
        return fail("the witnesses are not exchanged");
    }
    TestResult::passed()
}

/// One property of a pair of shape types, a test per scalar type (`no_sample_is_closer::f32` …),
/// written into the pair's module (the property itself is the parent module's function).
macro_rules! pair_property {
    (no_sample_is_closer, $a:ident, $b:ident) => {
        fn no_sample_is_closer<T: Real>(c: Pair<$a<T>, $b<T>>) -> TestResult {
            super::no_sample_is_closer(&c.a, &c.b, c.seed)
        }
        osculate_testing::for_f32_and_f64!(run: no_sample_is_closer);
    };
    (distance_is_invariant_under_motion, $a:ident, $b:ident) => {
        fn distance_is_invariant_under_motion<T: Real>(
            (c, m): (Pair<$a<T>, $b<T>>, Motion<T>),
        ) -> TestResult {
            super::distance_is_invariant_under_motion(&c.a, &c.b, &m)
        }
        osculate_testing::for_f32_and_f64!(run: distance_is_invariant_under_motion);
    };
    (f32_agrees_with_f64, $a:ident, $b:ident) => {
        #[test]
        fn f32_agrees_with_f64() {
            run(|c: Pair<$a<f64>, $b<f64>>| f32_distance_agrees_with_f64(&c.a, &c.b));
        }
    };
    ($prop:ident, $a:ident, $b:ident) => {
        fn $prop<T: Real>(c: Pair<$a<T>, $b<T>>) -> TestResult {
            super::$prop(&c.a, &c.b)
        }
        osculate_testing::for_f32_and_f64!(run: $prop);
    };
}

/// One module per pair with the listed properties; `common` stands for the four every pair query
/// has (all but the exchange of arguments: `exchange_keeps_distance` for pairs of one shape type,
/// `exchange_swaps_witnesses` for mixed pairs).
macro_rules! pair_query_properties {
    ($($name:ident: $a:ident, $b:ident => [$($prop:ident),* $(,)?]),* $(,)?) => {$(
        mod $name {
            use super::*;
            $(pair_query_properties!(@expand $prop, $a, $b);)*
        }
    )*};
    (@expand common, $a:ident, $b:ident) => {
        pair_property!(closest_points_lie_on_shapes, $a, $b);
        pair_property!(no_sample_is_closer, $a, $b);
        pair_property!(distance_is_invariant_under_motion, $a, $b);
        pair_property!(f32_agrees_with_f64, $a, $b);
    };
    (@expand $prop:ident, $a:ident, $b:ident) => {
        pair_property!($prop, $a, $b);
    };
}

pair_query_properties!(
    line_line: Line, Line => [common, exchange_keeps_distance],
    segment_segment: Segment, Segment => [common, exchange_keeps_distance],
    segment_triangle: Segment, Triangle => [common, exchange_swaps_witnesses],
    triangle_triangle: Triangle, Triangle => [common, exchange_keeps_distance],
    segment_aabb: Segment, Aabb => [common, exchange_swaps_witnesses],
    segment_obb: Segment, Obb => [common, exchange_swaps_witnesses],
    sphere_sphere: Sphere, Sphere => [common, exchange_keeps_distance],
    segment_sphere: Segment, Sphere => [common, exchange_swaps_witnesses],
    sphere_capsule: Sphere, Capsule => [common, exchange_swaps_witnesses],
    capsule_capsule: Capsule, Capsule => [common, exchange_keeps_distance],
);

/// The support point along a random direction lies on the shape, and no sample of the shape reaches
/// farther along that direction (beyond the scaled tolerance); the zero direction gives a point of
/// the shape.
fn support_is_extreme<T: Real, S: Shape<T> + SupportMap<T>>(s: &S, seed: u64) -> TestResult {
    let tol = test_tolerance::<T>() * s.scale();
    let mut rng = Rng::new(seed);
    for i in 0..SAMPLES {
        let d = if i == 0 { Vector3::zeros() } else { rng.unit_vector::<T>().into_inner() };
        let x = s.support(&d);
        if !s.holds(&x, tol) {
            return TestResult::error(format!("{s:?}: support {x:?} along {d:?} is not on it"));
        }
        for y in [s.sample_inside(&mut rng), s.sample_boundary(&mut rng)] {
            if d.dot(&(y - x)) > tol {
                return TestResult::error(format!(
                    "{s:?}: sample {y:?} reaches past the support {x:?} along {d:?}"
                ));
            }
        }
    }
    TestResult::passed()
}

macro_rules! support_properties {
    ($($name:ident: $shape:ident),* $(,)?) => {$(
        mod $name {
            use super::*;
            fn support_is_extreme<T: Real>((s, seed): (Generated<$shape<T>>, u64)) -> TestResult {
                super::support_is_extreme(&s.0, seed)
            }
            osculate_testing::for_f32_and_f64!(run: support_is_extreme);
        }
    )*};
}

mod support {
    use super::*;
    support_properties!(
        sphere: Sphere,
        segment: Segment,
        capsule: Capsule,
        aabb: Aabb,
        obb: Obb,
        cylinder: Cylinder,
        cone: Cone,
        triangle: Triangle,
        tetrahedron: Tetrahedron,
        polygon: ConvexPolygon,
        polyhedron: ConvexPolyhedron,
    );
}

/// GJK on any convex pair: it ends separated or overlapping within `GJK_MAX_ITERATIONS` (128;
/// the most measured over 9.6 million cases of these properties was 66, on cylinders); both
/// points lie on their shapes (when overlapping, they are one point both shapes share); the
/// distance is the points' distance (0 when overlapping); neither
/// point, nor any sample, is nearer the other shape (by the point queries) than the distance;
/// `intersect_convex` says "overlapping" when GJK found them overlapping and "apart" when their
/// distance exceeds the tolerance. Tolerance: the test tolerance times the input's magnitude (GJK's own termination
/// gap, 1.5e-5 relative in f32 and 1.5e-10 in f64, is well inside it).
fn gjk_answer_is_closest<T, A, B>(a: &A, b: &B, seed: u64) -> TestResult
where
    T: Real,
    A: PointQuery<T> + SupportMap<T>,
    B: PointQuery<T> + SupportMap<T>,
{
    let r = distance_convex(a, b, None, GJK_MAX_ITERATIONS);
    let c = r.closest;
    let tol = tol_for(a, b);
    let fail = |e: String| TestResult::error(format!("A {a:?}, B {b:?}: {r:?}: {e}"));
    if !matches!(r.status, DistanceStatus::Separated | DistanceStatus::Overlapping) {
        return fail("no convergence".into());
    }
    if !(c.distance.is_finite() && c.point_a.iter().chain(c.point_b.iter()).all(|x| x.is_finite()))
    {
        return fail("non-finite answer".into());
    }
    // Separated: each point on its shape. Overlapping: one point both shapes share (the origin's
    // barycentric coordinates in the final simplex applied to each shape's support points).
    if !a.holds(&c.point_a, tol) || !b.holds(&c.point_b, tol) {
        return fail("a point is not on its shape".into());
    }
    if r.status == DistanceStatus::Overlapping && c.point_a != c.point_b {
        return fail("overlapping, but the two points differ".into());
    }
    let gap = (c.point_b - c.point_a).norm();
    if !(c.distance >= T::ZERO && (c.distance - gap).abs() <= tol) {
        return fail(format!("the points are {gap:?} apart"));
    }
    // (Separated at distance 0 is right too: witness points a rounding apart at the input's scale.)
    if r.status == DistanceStatus::Overlapping && c.distance != T::ZERO {
        return fail("overlapping at a distance".into());
    }
    let (from_pa, from_pb) =
        ((b.closest(&c.point_a) - c.point_a).norm(), (a.closest(&c.point_b) - c.point_b).norm());
    if from_pa.fast_min(from_pb) < c.distance - tol {
        return fail(format!("point_a is {from_pa:?} from B, point_b {from_pb:?} from A"));
    }
    let mut rng = Rng::new(seed);
    for _ in 0..SAMPLES {
        for (x, y) in [
            (a.sample_inside(&mut rng), b.sample_inside(&mut rng)),
            (a.sample_boundary(&mut rng), b.sample_boundary(&mut rng)),
        ] {
            let near = (b.closest(&x) - x).norm().fast_min((a.closest(&y) - y).norm());
            if near < c.distance - tol {
                return fail(format!("samples {x:?}, {y:?} are {near:?} from the other shape"));
            }
        }
    }
    // Touching within rounding (separated at distance 0, far from the origin in f32) may go either
    // way; overlapping must say so, and apart by more than the tolerance must not.
    let meets = intersect_convex(a, b, GJK_MAX_ITERATIONS);
    if (r.status == DistanceStatus::Overlapping && !meets) || (c.distance > tol && meets) {
        return fail(format!("intersect_convex says {meets}"));
    }
    TestResult::passed()
}

/// The distance of a pair by a closed form independent of GJK: the pair query where there is one,
/// and for a sphere against a triangle or a box the distance from its center by the point query
/// (Ericson 5.1.5, 5.1.3, 5.1.4) less its radius, at least 0; for a capsule against a segment
/// capsule-capsule with a radius-0 capsule.
trait ClosedDistance<T: Real, B>: Shape<T> {
    fn closed_distance(&self, b: &B) -> T;
}

macro_rules! closed_by_pair_query {
    ($($a:ident, $b:ident;)*) => {$(
        impl<T: Real> ClosedDistance<T, $b<T>> for $a<T> {
            fn closed_distance(&self, b: &$b<T>) -> T {
                PairQuery::closest_points(self, b).distance
            }
        }
    )*};
}

closed_by_pair_query! {
    Segment, Segment;
    Segment, Triangle;
    Triangle, Triangle;
    Segment, Aabb;
    Segment, Obb;
    Sphere, Sphere;
    Segment, Sphere;
    Sphere, Capsule;
    Capsule, Capsule;
}

impl<T: Real> ClosedDistance<T, Triangle<T>> for Sphere<T> {
    fn closed_distance(&self, t: &Triangle<T>) -> T {
        (sq_distance_point_triangle(&self.center, t).sqrt() - self.radius).fast_max(T::ZERO)
    }
}

impl<T: Real> ClosedDistance<T, Obb<T>> for Sphere<T> {
    fn closed_distance(&self, b: &Obb<T>) -> T {
        (sq_distance_point_obb(&self.center, b).sqrt() - self.radius).fast_max(T::ZERO)
    }
}

/// A segment is the capsule of radius 0 on it.
impl<T: Real> ClosedDistance<T, Segment<T>> for Capsule<T> {
    fn closed_distance(&self, s: &Segment<T>) -> T {
        closest_points_capsule_capsule(self, &Capsule::new(s.a, s.b, T::ZERO)).distance
    }
}

impl<T: Real> ClosedDistance<T, Aabb<T>> for Sphere<T> {
    fn closed_distance(&self, b: &Aabb<T>) -> T {
        (sq_distance_point_aabb(&self.center, b).sqrt() - self.radius).fast_max(T::ZERO)
    }
}

/// `closest_points_convex` (GJK) agrees with the closed form (within the test tolerance times the
/// input's magnitude).
fn gjk_distance_agrees_with_closed_form<T, A, B>(a: &A, b: &B) -> TestResult
where
    T: Real,
    A: ClosedDistance<T, B> + SupportMap<T>,
    B: Shape<T> + SupportMap<T>,
{
    let (g, want) = (closest_points_convex(a, b), a.closed_distance(b));
    if !((g.distance - want).abs() <= tol_for(a, b)) {
        return TestResult::error(format!("A {a:?}, B {b:?}: GJK {g:?}, closed form {want:?}"));
    }
    TestResult::passed()
}

/// GJK on the shapes under one rigid motion, through `Transformed` support mappings, gives the
/// distance it gives on the shapes themselves. Tolerance: 4 × the test tolerance × the larger
/// magnitude of the input before and after the motion.
fn gjk_distance_is_invariant_under_motion<T, A, B>(a: &A, b: &B, m: &Motion<T>) -> TestResult
where
    T: Real,
    A: Shape<T> + SupportMap<T>,
    B: Shape<T> + SupportMap<T>,
{
    let d0 = closest_points_convex(a, b).distance;
    let (ma, mb) = (Transformed { shape: a, pose: m.0 }, Transformed { shape: b, pose: m.0 });
    let d1 = closest_points_convex(&ma, &mb).distance;
    let moved = magnitude(&[m.0 * Point3::from(Vector3::repeat(a.scale().fast_max(b.scale())))]);
    let tol = T::lit(4.0) * tol_for(a, b).fast_max(test_tolerance::<T>() * moved);
    if !((d0 - d1).abs() <= tol) {
        return TestResult::error(format!("A {a:?}, B {b:?}, motion {m:?}: {d0:?} becomes {d1:?}"));
    }
    TestResult::passed()
}

/// One GJK test: a property instantiated for a pair in one scalar type (`closed`: both types).
macro_rules! gjk_test {
    ($test:ident: answer, $a:ident, $b:ident, $t:ty) => {
        #[test]
        fn $test() {
            run(|c: Pair<$a<$t>, $b<$t>>| gjk_answer_is_closest(&c.a, &c.b, c.seed));
        }
    };
    ($test:ident: motion, $a:ident, $b:ident, $t:ty) => {
        #[test]
        fn $test() {
            run(|(c, m): (Pair<$a<$t>, $b<$t>>, Motion<$t>)| {
                gjk_distance_is_invariant_under_motion(&c.a, &c.b, &m)
            });
        }
    };
    ($test:ident: closed, $a:ident, $b:ident) => {
        #[test]
        fn $test() {
            run(|c: Pair<$a<f32>, $b<f32>>| gjk_distance_agrees_with_closed_form(&c.a, &c.b));
            run(|c: Pair<$a<f64>, $b<f64>>| gjk_distance_agrees_with_closed_form(&c.a, &c.b));
        }
    };
}

/// One module per pair with the listed GJK tests: `answer` and `motion` a module of one test per
/// scalar type each, `closed` the closed-form comparison in both types where there is one.
macro_rules! gjk_properties {
    ($($name:ident: $a:ident, $b:ident => [$($what:tt)*]),* $(,)?) => {$(
        mod $name {
            use super::*;
            gjk_properties!(@tests $a, $b; $($what)*);
        }
    )*};
    (@tests $a:ident, $b:ident; ) => {};
    (@tests $a:ident, $b:ident; answer $($rest:tt)*) => {
        mod gjk_answer_is_closest {
            use super::*;
            gjk_test!(f32: answer, $a, $b, f32);
            gjk_test!(f64: answer, $a, $b, f64);
        }
        gjk_properties!(@tests $a, $b; $($rest)*);
    };
    (@tests $a:ident, $b:ident; motion $($rest:tt)*) => {
        mod gjk_distance_is_invariant_under_motion {
            use super::*;
            gjk_test!(f32: motion, $a, $b, f32);
            gjk_test!(f64: motion, $a, $b, f64);
        }
        gjk_properties!(@tests $a, $b; $($rest)*);
    };
    (@tests $a:ident, $b:ident; closed $($rest:tt)*) => {
        gjk_test!(gjk_agrees_with_closed_form: closed, $a, $b);
        gjk_properties!(@tests $a, $b; $($rest)*);
    };
}

// Every pair has every property: the answer in f32 and f64, motion invariance in both, and the
// closed-form comparison in both types where there is a closed form. The hardest of them (the f32
// answers of curved pairs, sliver simplices, nearly touching cylinders and cones: about one case
// in 10,000 to 200,000) hold because of three GJK measures, each with a unit test in
// `gjk/distance.rs`:
// - the sub-algorithm in f64, with each triangle's face formula at its widest angle
//   (`sliver_simplex_near_a_flat_face_still_converges_f32`: sphere-triangle, f32, had stopped at
//   2.4854e-4 for 1.98e-5), and `v` kept in f64 (`progress_below_f32_rounding_still_counts`);
// - spheres and capsules run on their cores with margins (`spheres_and_capsules_run_on_their_cores`;
//   `touching_far_from_the_origin_agrees_with_gjk_intersect` for `intersect_convex`'s touching band);
// - a termination floor of a thousandth of the shapes' size and the bound `GJK_MAX_ITERATIONS`:
//   nearly touching cylinders and cones converge linearly, well within it
//   (`nearly_touching_cylinders_converge_within_the_bound`).
// Checked by release runs at `OSCULATE_CASES=200000` of every test of this module (docs/robustness.md).
mod gjk_pairs {
    use super::*;
    gjk_properties!(
        segment_segment: Segment, Segment => [answer motion closed],
        segment_triangle: Segment, Triangle => [answer motion closed],
        triangle_triangle: Triangle, Triangle => [
            answer motion closed
        ],
        segment_aabb: Segment, Aabb => [answer motion closed],
        segment_obb: Segment, Obb => [answer motion closed],
        obb_obb: Obb, Obb => [answer motion],
        polyhedron_polyhedron: ConvexPolyhedron, ConvexPolyhedron => [
            answer motion
        ],
        sphere_sphere: Sphere, Sphere => [answer motion closed],
        segment_sphere: Segment, Sphere => [answer motion closed],
        sphere_capsule: Sphere, Capsule => [answer motion closed],
        sphere_triangle: Sphere, Triangle => [answer motion closed],
        sphere_aabb: Sphere, Aabb => [answer motion closed],
        sphere_obb: Sphere, Obb => [answer motion closed],
        capsule_segment: Capsule, Segment => [answer motion closed],
        capsule_capsule: Capsule, Capsule => [answer motion closed],
        capsule_obb: Capsule, Obb => [answer motion],
        cylinder_cylinder: Cylinder, Cylinder => [answer motion],
        cylinder_cone: Cylinder, Cone => [answer motion],
        cylinder_obb: Cylinder, Obb => [answer motion],
        cone_cone: Cone, Cone => [answer motion],
        cone_capsule: Cone, Capsule => [answer motion],
        cone_triangle: Cone, Triangle => [answer motion],
        sphere_cylinder: Sphere, Cylinder => [answer motion],
        tetrahedron_obb: Tetrahedron, Obb => [answer motion],
    );
}

/// Shapes built field by field from raw values (no validation): no pair query panics, and a NaN in
/// any field either shape is made of, or a negative sphere radius, never gives a finite distance.
fn non_finite_input_is_safe<T: Real>((raw, tame): ([f64; 16], bool)) -> TestResult {
    let x: [T; 16] = raw_values(raw, tame);
    let [p, q, r, s] = [0, 3, 6, 9].map(|i| raw_point(&x, i));
    let u = raw_point(&x, 12);
    let rot = Rotation3::from_matrix_unchecked(osculate_math::Matrix3::from_iterator(
        x[4..13].iter().copied(),
    ));
    let seg = |a, b| Segment::new(a, b);
    // Each query's distance and how many leading raw values its input reads.
    let checks: [(&str, T, usize); 10] = [
        (
            "line-line",
            closest_points_line_line(&Line::new(p, q.coords), &Line::new(r, s.coords)).distance,
            12,
        ),
        ("segment-segment", closest_points_segment_segment(&seg(p, q), &seg(r, s)).distance, 12),
        (
            "segment-triangle",
            closest_points_segment_triangle(&seg(p, q), &Triangle::new(r, s, u)).distance,
            15,
        ),
        (
            "triangle-triangle",
            closest_points_triangle_triangle(&Triangle::new(p, q, r), &Triangle::new(s, u, p))
                .distance,
            15,
        ),
        ("segment-aabb", closest_points_segment_aabb(&seg(p, q), &Aabb::new(r, s)).distance, 12),
        (
            "segment-obb",
            closest_points_segment_obb(&seg(p, q), &Obb::new(r, rot, u.coords)).distance,
            15,
        ),
        (
            "sphere-sphere",
            closest_points_sphere_sphere(
                &Sphere::new(p, x[3]),
                &Sphere::new(raw_point(&x, 4), x[7]),
            )
            .distance,
            8,
        ),
        (
            "sphere-segment",
            closest_points_segment_sphere(
                &seg(raw_point(&x, 4), raw_point(&x, 7)),
                &Sphere::new(p, x[3]),
            )
            .swapped()
            .distance,
            10,
        ),
        (
            "sphere-capsule",
            closest_points_sphere_capsule(
                &Sphere::new(p, x[3]),
                &Capsule::new(raw_point(&x, 4), raw_point(&x, 7), x[10]),
            )
            .distance,
            11,
        ),
        (
            "capsule-capsule",
            closest_points_capsule_capsule(
                &Capsule::new(p, q, x[6]),
                &Capsule::new(raw_point(&x, 7), raw_point(&x, 10), x[13]),
            )
            .distance,
            14,
        ),
    ];
    for (name, d, reads) in checks {
        if has_nan(&x[..reads]) && d.is_finite() {
            return TestResult::error(format!(
                "{name}: NaN input, finite distance {d:?} from {x:?}"
            ));
        }
    }
    // A negative radius is an invalid (empty) sphere: no finite distance, whatever the other shape.
    if x[3] < T::ZERO
        && checks.iter().any(|(name, d, _)| name.starts_with("sphere-") && d.is_finite())
    {
        return TestResult::error(format!(
            "a sphere of radius {:?}: finite distance from {x:?}",
            x[3]
        ));
    }
    TestResult::passed()
}

osculate_testing::for_f32_and_f64!(run: non_finite_input_is_safe);
