//! Property tests of osculate-math's shapes, each written once, generic over the scalar, and
//! instantiated for `f32` and `f64`.

use osculate_math::{
    Aabb, Bounded, Capsule, Cone, ContainsPoint, ConvexPolygon, ConvexPolyhedron, Cylinder,
    Halfspace, Isometry3, Line, Obb, Plane, Point3, Ray, Real, Segment, Sphere, Tetrahedron,
    Transform, Triangle, Vector3,
};
use osculate_testing::{Flavour, Frame, Generate, Generated, Motion, Rng, Sample, test_tolerance};
use quickcheck::{QuickCheck, TestResult};

/// Cases per property: enough to see every flavour many times, small enough for debug builds.
const CASES: u64 = 500;
/// Points sampled per generated shape.
const SAMPLES: usize = 16;

fn run<A: quickcheck::Arbitrary + std::fmt::Debug>(prop: fn(A) -> TestResult) {
    let n = osculate_testing::cases(CASES);
    QuickCheck::new().tests(n).max_tests(n * 10).quickcheck(prop);
}

/// The absolute tolerance for a shape of the given box: the test tolerance times its scale.
fn tol_for<T: Real>(b: &Aabb<T>) -> T {
    let s = [b.min, b.max].iter().fold(T::ONE, |s, p| s.fast_max(p.coords.amax()));
    test_tolerance::<T>() * s
}

/// The bounding box contains every inside and boundary sample.
fn bounds_contain_samples<T: Real, S: Bounded<T> + Sample<T>>(shape: &S, seed: u64) -> TestResult {
    let b = shape.aabb();
    let loose = b.loosened(tol_for(&b));
    let mut rng = Rng::new(seed);
    for _ in 0..SAMPLES {
        for p in [shape.sample_inside(&mut rng), shape.sample_boundary(&mut rng)] {
            if !loose.contains_point(&p) {
                return TestResult::error(format!("{p:?} outside the bounding box {b:?}"));
            }
        }
    }
    TestResult::passed()
}

/// A solid grown by a tolerance, so that samples a rounding away from the boundary are inside it.
trait Grow<T: Real>: Sized {
    fn grown(&self, eps: T) -> Self;
    /// Slivers and flat solids, whose containment is decided by roundings of their tiny height:
    /// the property checks only that a contained sample is found for them, not every sample.
    fn is_thin(&self) -> bool {
        false
    }
}

impl<T: Real> Grow<T> for Sphere<T> {
    fn grown(&self, eps: T) -> Self {
        Sphere::new(self.center, self.radius + eps)
    }
}
impl<T: Real> Grow<T> for Aabb<T> {
    fn grown(&self, eps: T) -> Self {
        self.loosened(eps)
    }
}
impl<T: Real> Grow<T> for Obb<T> {
    fn grown(&self, eps: T) -> Self {
        Obb::new(self.center, self.rotation, self.half_extents.add_scalar(eps))
    }
}
impl<T: Real> Grow<T> for Capsule<T> {
    fn grown(&self, eps: T) -> Self {
        Capsule::new(self.a, self.b, self.radius + eps)
    }
}
impl<T: Real> Grow<T> for Cylinder<T> {
    fn grown(&self, eps: T) -> Self {
        let d = self.axis().map_or(Vector3::zeros(), |n| n.into_inner() * eps);
        Cylinder::new(self.a - d, self.b + d, self.radius + eps)
    }
}
impl<T: Real> Grow<T> for Cone<T> {
    /// Scaled about its centroid by 1 + 1e-3 (generated cones have half-angles over 2°, so the
    /// lateral surface moves out by far more than a rounding), then the disc and axis loosened.
    fn grown(&self, eps: T) -> Self {
        if self.height <= eps || self.radius <= eps {
            // A flat disc or a needle: grow it into a long, nearly cylindrical cone around it.
            let long = (self.height + self.radius) * T::lit(10.0) + eps;
            let h = long + self.height + eps;
            let r = (self.radius + eps) * h / long + eps;
            return Cone::new(self.tip - self.axis.into_inner() * long, self.axis, h, r);
        }
        let k = T::lit(1e-3);
        let back = self.height * T::lit(0.75) * k + eps;
        let h = self.height * (T::ONE + k) + back + eps;
        // At the original base plane (height + back from the new tip) the radius is radius + eps.
        let r = (self.radius * (T::ONE + k) + eps) * h / (self.height + back);
        Cone::new(self.tip - self.axis.into_inner() * back, self.axis, h, r)
    }
}
impl<T: Real> Grow<T> for Halfspace<T> {
    fn grown(&self, eps: T) -> Self {
        Halfspace::new(Plane::new(self.plane.normal, self.plane.d + eps))
    }
}
impl<T: Real> Grow<T> for Tetrahedron<T> {
    fn grown(&self, eps: T) -> Self {
        let c = Point3::from(
            (self.a.coords + self.b.coords + self.c.coords + self.d.coords) / T::lit(4.0),
        );
        let f = |p: Point3<T>| {
            let v = p - c;
            let n = v.norm();
            if n > T::ZERO { c + v * (T::ONE + T::lit(1e-3) + eps / n) } else { p }
        };
        Tetrahedron::new(f(self.a), f(self.b), f(self.c), f(self.d))
    }
    fn is_thin(&self) -> bool {
        let v = self.vertices();
        let mut edge = T::ZERO;
        for i in 0..4 {
            for j in i + 1..4 {
                edge = edge.fast_max((v[i] - v[j]).norm());
            }
        }
        !(self.signed_volume().abs() * T::lit(6.0) > T::lit(1e-2) * edge * edge * edge)
    }
}
impl<T: Real> Grow<T> for ConvexPolyhedron<T> {
    fn grown(&self, eps: T) -> Self {
        ConvexPolyhedron {
            planes: self.planes.iter().map(|p| Plane::new(p.normal, p.d + eps)).collect(),
            vertices: self.vertices.clone(),
        }
    }
}

/// Inside samples are contained (in the shape grown by a rounding tolerance), and a point beyond the
/// bounding box is not.
fn contains_agrees_with_samples<T: Real, S: Bounded<T> + Sample<T> + ContainsPoint<T> + Grow<T>>(
    shape: &S,
    seed: u64,
) -> TestResult {
    let b = shape.aabb();
    let eps = tol_for(&b);
    if b.volume() <= eps * eps * eps || shape.is_thin() {
        // A flat solid (zero-volume tetrahedron) contains only the points exactly in it, which
        // rounded samples are not: the documented, exact behaviour, tested by unit cases instead.
        if shape.grown(eps).contains_point(&shape.sample_inside(&mut Rng::new(seed))) {
            return TestResult::passed();
        }
        return TestResult::discard();
    }
    let grown = shape.grown(eps);
    let mut rng = Rng::new(seed);
    for _ in 0..SAMPLES {
        for p in [shape.sample_inside(&mut rng), shape.sample_boundary(&mut rng)] {
            if !grown.contains_point(&p) {
                return TestResult::error(format!("sample {p:?} not contained"));
            }
        }
    }
    if b.max.coords.iter().all(|x| x.is_finite()) {
        let beyond = b.max + Vector3::repeat(eps * T::lit(10.0) + T::ONE);
        if shape.contains_point(&beyond) {
            return TestResult::error(format!("{beyond:?} beyond the bounds is contained"));
        }
    }
    if shape.contains_point(&Point3::new(T::NAN, T::ZERO, T::ZERO)) {
        return TestResult::error("a NaN point is contained");
    }
    TestResult::passed()
}

/// Moving a shape moves its samples: a sample of the moved shape, moved back, lies in the original's
/// bounding box, and the moved shape's bounding box contains the moved samples.
fn motion_moves_samples<T: Real, S>(shape: &S, motion: &Isometry3<T>, seed: u64) -> TestResult
where
    S: Bounded<T> + Sample<T> + Transform<T>,
    S::Output: Bounded<T> + Sample<T>,
{
    let moved = shape.transformed(motion);
    let b0 = shape.aabb();
    let b1 = moved.aabb();
    let (l0, l1) =
        (b0.loosened(tol_for(&b0) * T::lit(40.0)), b1.loosened(tol_for(&b1) * T::lit(40.0)));
    let mut rng = Rng::new(seed);
    for _ in 0..SAMPLES {
        let p = shape.sample_inside(&mut rng);
        if !l1.contains_point(&(motion * p)) {
            return TestResult::error(format!("moved sample {:?} outside {b1:?}", motion * p));
        }
        let q = moved.sample_boundary(&mut rng);
        if !l0.contains_point(&motion.inverse_transform_point(&q)) {
            return TestResult::error(format!("sample moved back {q:?} outside {b0:?}"));
        }
    }
    TestResult::passed()
}

/// Relative closeness of two measurements.
fn close<T: Real>(a: T, b: T, scale: T) -> bool {
    (a - b).abs() <= test_tolerance::<T>() * T::lit(10.0) * scale.fast_max(T::ONE)
}

/// Rigid motions preserve the measurements each shape has.
fn motion_preserves_measurements<T: Real>(seed: u64) -> TestResult {
    let mut rng = Rng::new(seed);
    let frame = Frame::<T>::random(&mut rng);
    let m = Motion::<T>::random(&mut rng).0;
    let s = 20.0_f64.max(frame.origin.coords.amax().to_f64() + 20.0);
    let s = T::lit(s);
    let seg = Segment::generate(&mut rng, &frame);
    if !close(seg.transformed(&m).length(), seg.length(), s) {
        return TestResult::error("segment length changed");
    }
    let tri = Triangle::generate(&mut rng, &frame);
    if !close(tri.transformed(&m).area(), tri.area(), s * s) {
        return TestResult::error("triangle area changed");
    }
    let tet = Tetrahedron::generate(&mut rng, &frame);
    if !close(tet.transformed(&m).signed_volume(), tet.signed_volume(), s * s * s) {
        return TestResult::error("tetrahedron volume changed");
    }
    let obb = Obb::generate(&mut rng, &frame);
    let moved = obb.transformed(&m);
    if moved.half_extents != obb.half_extents {
        return TestResult::error("box extents changed");
    }
    // The moved box's axes are still orthonormal.
    let r = moved.rotation.matrix();
    if !((r.transpose() * r - osculate_math::Matrix3::identity()).abs().max() < T::lit(1e-3)) {
        return TestResult::error("box rotation no longer orthonormal");
    }
    let plane = Plane::generate(&mut rng, &frame);
    let p = plane.point();
    let q = Point3::generate(&mut rng, &frame);
    if !close(plane.transformed(&m).signed_distance(&(m * q)), plane.signed_distance(&q), s) {
        return TestResult::error(format!(
            "plane distance changed {:?}",
            plane.signed_distance(&p)
        ));
    }
    let sphere = Sphere::generate(&mut rng, &frame);
    if sphere.transformed(&m).radius != sphere.radius
        || !close((m * sphere.center - sphere.transformed(&m).center).norm(), T::ZERO, s)
    {
        return TestResult::error("sphere changed");
    }
    let capsule = Capsule::generate(&mut rng, &frame);
    let mcap = capsule.transformed(&m);
    if mcap.radius != capsule.radius
        || !close(mcap.segment().length(), capsule.segment().length(), s)
    {
        return TestResult::error("capsule changed");
    }
    let cone = Cone::generate(&mut rng, &frame);
    let mc = cone.transformed(&m);
    if !close((mc.base_center() - mc.tip).norm(), cone.height, s) {
        return TestResult::error("cone height changed");
    }
    TestResult::passed()
}

/// No accessor panics on non-finite fields; bounding boxes of NaN shapes contain nothing;
/// validating constructors reject them.
fn non_finite_input_is_safe<T: Real>(raw: [f64; 7]) -> TestResult {
    let x = raw.map(T::lit);
    let p = Point3::new(x[0], x[1], x[2]);
    let q = Point3::new(x[3], x[4], x[5]);
    let r = x[6];
    let finite = x.iter().all(|v| v.is_finite());
    let probe = Point3::new(T::ZERO, T::ZERO, T::ZERO);
    let _ = Sphere::new(p, r).aabb();
    let _ = Sphere::new(p, r).contains_point(&probe);
    let _ = Capsule::new(p, q, r).contains_point(&q);
    let _ = Cylinder::new(p, q, r).contains_point(&probe);
    let _ = Cylinder::new(p, q, r).aabb();
    let _ = Aabb::new(p, q).contains_point(&probe);
    let _ = Segment::new(p, q).closest_parameter(&probe);
    let _ = Triangle::new(p, q, probe).barycentric(&Point3::new(r, r, r));
    let _ = Triangle::new(p, q, probe).unit_normal();
    let _ = Tetrahedron::new(p, q, probe, Point3::new(r, T::ONE, T::ZERO)).contains_point(&probe);
    let _ = Ray::new(p, q.coords).aabb();
    let _ = Line::new(p, q.coords).aabb();
    let _ = osculate_math::any_perpendicular(&q.coords);
    let finite_p = x[..3].iter().all(|v| v.is_finite());
    let finite_q = x[3..6].iter().all(|v| v.is_finite());
    if !finite {
        let sphere_ok = Sphere::try_new(p, r).is_ok();
        if sphere_ok && !(finite_p && r.is_finite()) {
            return TestResult::error("non-finite sphere accepted");
        }
        if (Capsule::try_new(p, q, r).is_ok() || Segment::try_new(p, q).is_ok())
            && !(finite_p && finite_q)
        {
            return TestResult::error("non-finite segment or capsule accepted");
        }
        let nan_sphere = x[..3].iter().any(|v| v.is_nan()) || r.is_nan();
        if nan_sphere && Sphere::new(p, r).contains_point(&probe) {
            return TestResult::error("NaN sphere contains a point");
        }
    }
    if x[..6].iter().any(|v| v.is_nan()) && !Aabb::new(p, q).is_empty() {
        return TestResult::error("NaN box is not empty");
    }
    let _ = ConvexPolyhedron::try_from_points(&[
        p,
        q,
        probe,
        Point3::new(r, r, r),
        Point3::new(T::ONE, r, T::ZERO),
    ]);
    let _ = ConvexPolygon::try_new(vec![p, q, probe]);
    TestResult::passed()
}

macro_rules! shape_properties {
    ($name:ident: $shape:ident) => {
        mod $name {
            mod solid_or_surface {
                use super::super::*;
                fn bounds_f32(s: Generated<$shape<f32>>, seed: u64) -> TestResult {
                    bounds_contain_samples(&s.0, seed)
                }
                fn bounds_f64(s: Generated<$shape<f64>>, seed: u64) -> TestResult {
                    bounds_contain_samples(&s.0, seed)
                }
                fn motion_f32(s: Generated<$shape<f32>>, m: Motion<f32>, seed: u64) -> TestResult {
                    motion_moves_samples(&s.0, &m.0, seed)
                }
                fn motion_f64(s: Generated<$shape<f64>>, m: Motion<f64>, seed: u64) -> TestResult {
                    motion_moves_samples(&s.0, &m.0, seed)
                }
                #[test]
                fn bounding_box_contains_samples_f32() {
                    run(|(s, seed)| bounds_f32(s, seed));
                }
                #[test]
                fn bounding_box_contains_samples_f64() {
                    run(|(s, seed)| bounds_f64(s, seed));
                }
                #[test]
                fn motion_moves_samples_f32() {
                    run(|(s, m, seed)| motion_f32(s, m, seed));
                }
                #[test]
                fn motion_moves_samples_f64() {
                    run(|(s, m, seed)| motion_f64(s, m, seed));
                }
            }
        }
    };
}

macro_rules! solid_properties {
    ($($name:ident: $shape:ident),* $(,)?) => {$(
        mod $name {
            use super::*;
            shape_properties!(shape: $shape);
            fn contains_f32(s: Generated<$shape<f32>>, seed: u64) -> TestResult { contains_agrees_with_samples(&s.0, seed) }
            fn contains_f64(s: Generated<$shape<f64>>, seed: u64) -> TestResult { contains_agrees_with_samples(&s.0, seed) }
            #[test]
            fn contains_point_agrees_with_samplers_f32() { run(|(s, seed)| contains_f32(s, seed)); }
            #[test]
            fn contains_point_agrees_with_samplers_f64() { run(|(s, seed)| contains_f64(s, seed)); }
        }
    )*};
}

macro_rules! surface_properties {
    ($($name:ident: $shape:ident),* $(,)?) => {$(
        mod $name {
            use super::*;
            shape_properties!(shape: $shape);
        }
    )*};
}

solid_properties!(
    sphere: Sphere,
    aabb: Aabb,
    obb: Obb,
    capsule: Capsule,
    cylinder: Cylinder,
    cone: Cone,
    halfspace: Halfspace,
    tetrahedron: Tetrahedron,
    polyhedron: ConvexPolyhedron,
);

surface_properties!(
    segment: Segment,
    triangle: Triangle,
    polygon: ConvexPolygon,
    plane: Plane,
    ray: Ray,
    line: Line,
);

osculate_testing::for_f32_and_f64!(run: motion_preserves_measurements);

#[test]
fn non_finite_input_is_safe_f32() {
    run(|raw: (f64, f64, f64, f64, f64, f64, f64)| {
        non_finite_input_is_safe::<f32>([raw.0, raw.1, raw.2, raw.3, raw.4, raw.5, raw.6])
    });
}

#[test]
fn non_finite_input_is_safe_f64() {
    run(|raw: (f64, f64, f64, f64, f64, f64, f64)| {
        non_finite_input_is_safe::<f64>([raw.0, raw.1, raw.2, raw.3, raw.4, raw.5, raw.6])
    });
}

#[test]
fn every_flavour_generates_valid_shapes() {
    let mut rng = Rng::new(7);
    for flavour in Flavour::ALL {
        let frame = Frame::<f64>::new(flavour, &mut rng);
        for _ in 0..50 {
            let s = Sphere::generate(&mut rng, &frame);
            assert!(Sphere::try_new(s.center, s.radius).is_ok());
            let b = Aabb::generate(&mut rng, &frame);
            assert!(Aabb::try_new(b.min, b.max).is_ok());
            let o = Obb::generate(&mut rng, &frame);
            assert!(Obb::try_new(o.center, o.rotation, o.half_extents).is_ok());
            let c = Cone::generate(&mut rng, &frame);
            assert!(Cone::try_new(c.tip, c.axis, c.height, c.radius).is_ok());
            let p = ConvexPolygon::generate(&mut rng, &frame);
            assert!(ConvexPolygon::try_with_normal(p.vertices.clone(), p.normal).is_ok(), "{p:?}");
            let h = ConvexPolyhedron::generate(&mut rng, &frame);
            assert!(h.planes.len() >= 4 && h.vertices.len() >= 4);
        }
        // The degenerate flavour does produce degenerate shapes.
        if flavour == Flavour::Degenerate {
            let degenerate = (0..100)
                .filter(|_| Triangle::generate(&mut rng, &frame).unit_normal().is_none())
                .count();
            assert!(degenerate > 10, "only {degenerate} collapsed triangles");
            let points = (0..100)
                .filter(|_| {
                    let s = Segment::generate(&mut rng, &frame);
                    s.a == s.b
                })
                .count();
            assert!(points > 10);
        }
    }
}
