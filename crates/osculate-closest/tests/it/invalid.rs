//! Invalid shapes built through their public fields (a NaN coordinate or size, a negative radius
//! or height, an inverted box, a non-unit cone axis) on the support-mapping queries: every query
//! gives its "no answer" (`false`, a NaN distance, `None`), the same verdict from each, and the
//! support mappings pass a NaN through rather than drop it in a comparison. A seeded fuzz corrupts
//! one field of a random shape of every kind the same way.
//!
//! Guards against GJK, EPA and the GJK cast making up answers from the finite support points of an
//! invalid shape: a cylinder with a NaN end that fell back to a ball (overlapping, distance 0, a
//! contact 1.99 deep), a cone with a NaN height 99 from a ball, a negative-radius cylinder that
//! overlapped, an inverted box 0.73 from a ball while its contact was `None`.

use osculate_closest::{
    EPA_MAX_ITERATIONS, GJK_MAX_ITERATIONS, SupportMap, Swept, Transformed, cast_convex,
    closest_points_convex, contact_convex, distance_convex, intersect_convex,
};
use osculate_math::{
    Aabb, Capsule, Cone, Cylinder, Isometry3, Obb, Point3, Real, Rotation3, Segment, Sphere,
    Tetrahedron, Triangle, Unit, Validate, Vector3,
};
use osculate_testing::{Frame, Generate, Rng, cases, for_f32_and_f64};

fn p<T: Real>(x: f64, y: f64, z: f64) -> Point3<T> {
    Point3::new(T::lit(x), T::lit(y), T::lit(z))
}

fn v<T: Real>(x: f64, y: f64, z: f64) -> Vector3<T> {
    Vector3::new(T::lit(x), T::lit(y), T::lit(z))
}

/// The directions the support mappings are probed along: the axes both ways and a diagonal.
fn directions<T: Real>() -> [Vector3<T>; 7] {
    let [a, b, c, d, e, f] = osculate_testing::axis_points::<T>().map(|p| p.coords);
    [a, b, c, d, e, f, v(0.3, -0.5, 0.8)]
}

/// Every support-mapping query on `(a, b)` and `(b, a)` gives no answer: not overlapping, a NaN
/// distance and closest points, no contact, no time of impact along any of three motions.
#[track_caller]
fn assert_no_answer<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    what: &str,
) {
    assert!(!intersect_convex(a, b, GJK_MAX_ITERATIONS), "{what}: overlaps");
    assert!(!intersect_convex(b, a, GJK_MAX_ITERATIONS), "{what}: overlaps (swapped)");
    let ab = distance_convex(a, b, None, GJK_MAX_ITERATIONS).closest.distance;
    let ba = distance_convex(b, a, None, GJK_MAX_ITERATIONS).closest.distance;
    assert!(ab.is_nan() && ba.is_nan(), "{what}: distances {ab:?}, {ba:?}");
    let cp = closest_points_convex(a, b);
    assert!(cp.distance.is_nan(), "{what}: closest points at {:?}", cp.distance);
    assert!(contact_convex(a, b, EPA_MAX_ITERATIONS).is_none(), "{what}: contact");
    assert!(contact_convex(b, a, EPA_MAX_ITERATIONS).is_none(), "{what}: contact (swapped)");
    for m in [v(0.0, 0.0, 0.0), v(200.0, 0.0, 0.0), v(-200.0, 0.0, 0.0)] {
        assert!(cast_convex(a, b, &m, GJK_MAX_ITERATIONS).is_none(), "{what}: cast {m:?}");
        assert!(cast_convex(b, a, &m, GJK_MAX_ITERATIONS).is_none(), "{what}: cast (swapped)");
    }
}

/// The same queries on a valid pair answer (the check above is not vacuous): the distance and
/// contact agree on whether the pair overlaps.
#[track_caller]
fn assert_answers<T: Real, A: SupportMap<T>, B: SupportMap<T>>(a: &A, b: &B, what: &str) {
    let d = distance_convex(a, b, None, GJK_MAX_ITERATIONS).closest.distance;
    assert!(d.is_finite(), "{what}: distance {d:?}");
    let hit = intersect_convex(a, b, GJK_MAX_ITERATIONS);
    assert_eq!(hit, d == T::ZERO, "{what}: overlaps {hit} at distance {d:?}");
    assert!(contact_convex(a, b, EPA_MAX_ITERATIONS).is_some(), "{what}: contact");
}

/// The balls the invalid shapes are tried against: at the origin (inside every shape below) and
/// 100 away (apart from every one).
fn balls<T: Real>() -> [Sphere<T>; 2] {
    [Sphere::new(p(0.0, 0.0, 0.0), T::ONE), Sphere::new(p(100.0, 0.0, 0.0), T::ONE)]
}

fn cylinder_with_nan_end_gets_no_answer<T: Real>() {
    let mut c = Cylinder::new(p(0.0, 0.0, -1.0), p(0.0, 0.0, 1.0), T::ONE);
    for ball in balls::<T>() {
        assert_answers(&c, &ball, "valid cylinder");
    }
    for i in 0..3 {
        c.b[i] = T::NAN;
        assert!(!c.is_valid_input());
        for ball in balls::<T>() {
            assert_no_answer(&c, &ball, "cylinder with a NaN end");
        }
        c.b[i] = if i == 2 { T::ONE } else { T::ZERO };
    }
}

fn cone_with_nan_or_negative_size_gets_no_answer<T: Real>() {
    let good = Cone::new(p(0.0, 0.0, -1.0), Vector3::z_axis(), T::TWO, T::ONE);
    for ball in balls::<T>() {
        assert_answers(&good, &ball, "valid cone");
    }
    let mut bad = [good; 5];
    bad[0].height = T::NAN;
    bad[1].radius = T::NAN;
    bad[2].height = -T::ONE;
    bad[3].radius = -T::ONE;
    bad[4].axis = Unit::new_unchecked(v(0.0, 0.0, 2.0));
    for (i, cone) in bad.iter().enumerate() {
        for ball in balls::<T>() {
            assert_no_answer(cone, &ball, &format!("cone {i}"));
        }
    }
}

fn negative_sizes_and_inverted_boxes_get_no_answer<T: Real>() {
    let m = -T::ONE;
    let cyl = Cylinder::new(p(0.0, 0.0, -1.0), p(0.0, 0.0, 1.0), m);
    let cap = Capsule::new(p(0.0, 0.0, -1.0), p(0.0, 0.0, 1.0), m);
    let sphere = Sphere::new(p(0.0, 0.0, 0.0), m);
    let inverted = Aabb::new(p(1.0, -1.0, -1.0), p(-1.0, 1.0, 1.0));
    let obb = Obb::new(p(0.0, 0.0, 0.0), Rotation3::identity(), v(1.0, -1.0, 1.0));
    for ball in balls::<T>() {
        assert_no_answer(&cyl, &ball, "negative-radius cylinder");
        assert_no_answer(&cap, &ball, "negative-radius capsule");
        assert_no_answer(&sphere, &ball, "negative-radius sphere");
        assert_no_answer(&inverted, &ball, "inverted box");
        assert_no_answer(&obb, &ball, "negative-extent oriented box");
    }
}

fn nan_vertices_get_no_answer<T: Real>() {
    let n = T::NAN;
    let seg = Segment::new(p(0.0, 0.0, 0.0), Point3::new(n, T::ZERO, T::ZERO));
    let tri = Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), Point3::new(T::ZERO, n, T::ZERO));
    let tet = Tetrahedron::new(
        p(0.0, 0.0, 0.0),
        p(1.0, 0.0, 0.0),
        p(0.0, 1.0, 0.0),
        Point3::new(T::ZERO, T::ZERO, n),
    );
    let aabb = Aabb::new(p(-1.0, -1.0, -1.0), Point3::new(T::ONE, n, T::ONE));
    let point = Point3::new(n, T::ZERO, T::ZERO);
    for ball in balls::<T>() {
        assert_no_answer(&seg, &ball, "segment with a NaN end");
        assert_no_answer(&tri, &ball, "triangle with a NaN vertex");
        assert_no_answer(&tet, &ball, "tetrahedron with a NaN vertex");
        assert_no_answer(&aabb, &ball, "box with a NaN corner");
        assert_no_answer(&point, &ball, "NaN point");
    }
}

fn wrappers_check_their_parts<T: Real>() {
    let good = Aabb::new(p(-1.0, -1.0, -1.0), p(1.0, 1.0, 1.0));
    let nan_pose = Isometry3::translation(T::NAN, T::ZERO, T::ZERO);
    let posed = Transformed { shape: good, pose: nan_pose };
    let swept = Swept { shape: good, motion: Vector3::new(T::NAN, T::ZERO, T::ZERO) };
    for ball in balls::<T>() {
        assert_no_answer(&posed, &ball, "box at a NaN pose");
        assert_no_answer(&swept, &ball, "box swept by a NaN motion");
        let placed = Transformed { shape: good, pose: Isometry3::identity() };
        assert_answers(&placed, &ball, "posed box");
    }
}

/// Every support mapping of a shape with a NaN field returns a non-finite point in every
/// direction, also where the comparison that picks the point would pick a finite one.
fn support_mappings_pass_nan_through<T: Real>() {
    let n = T::NAN;
    let shapes: [(&str, &dyn SupportMap<T>); 8] = [
        ("cylinder", &Cylinder::new(p(0.0, 0.0, 0.0), Point3::new(T::ZERO, n, T::ONE), T::ONE)),
        ("cone", &Cone::new(p(0.0, 0.0, 0.0), Vector3::z_axis(), n, T::ONE)),
        ("segment", &Segment::new(p(0.0, 0.0, 0.0), Point3::new(n, T::ZERO, T::ZERO))),
        ("capsule", &Capsule::new(p(0.0, 0.0, 0.0), Point3::new(n, T::ZERO, T::ZERO), T::ONE)),
        ("box", &Aabb::new(Point3::new(n, -T::ONE, -T::ONE), p(1.0, 1.0, 1.0))),
        ("triangle", &Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), Point3::new(n, n, n))),
        ("sphere", &Sphere::new(Point3::new(T::ZERO, n, T::ZERO), T::ONE)),
        ("point", &Point3::new(T::ZERO, T::ZERO, n)),
    ];
    for (what, s) in shapes {
        assert!(!s.is_valid_input(), "{what}");
        for d in directions::<T>() {
            let x = s.support(&d);
            assert!(x.iter().any(|c| !c.is_finite()), "{what} along {d:?}: {x:?}");
        }
    }
}

/// A bad value for a coordinate: NaN or an infinity.
fn bad<T: Real>(rng: &mut Rng) -> T {
    [T::NAN, T::INFINITY, -T::INFINITY][rng.index(3)]
}

/// A bad value for a size: NaN, an infinity or a negative number.
fn bad_size<T: Real>(rng: &mut Rng, frame: &Frame<T>) -> T {
    if rng.chance(0.5) { bad(rng) } else { -(frame.length(rng) + frame.scale * T::lit(1e-3)) }
}

/// A random shape of a random kind, valid as generated, with one field then made invalid: a
/// coordinate NaN or infinite, a size NaN, infinite or negative, a box inverted on one axis.
fn corrupted<T: Real>(rng: &mut Rng, frame: &Frame<T>) -> (&'static str, Box<dyn SupportMap<T>>) {
    let i = rng.index(3);
    match rng.index(9) {
        0 => {
            let mut s = Sphere::generate(rng, frame);
            if rng.chance(0.5) {
                s.center[i] = bad(rng)
            } else {
                s.radius = bad_size(rng, frame)
            }
            ("sphere", Box::new(s))
        }
        1 => {
            let mut b = Aabb::generate(rng, frame);
            match rng.index(3) {
                0 => b.min[i] = bad(rng),
                1 => b.max[i] = bad(rng),
                _ => b.min[i] = b.max[i] + frame.length(rng) + frame.scale,
            }
            ("box", Box::new(b))
        }
        2 => {
            let mut b = Obb::generate(rng, frame);
            if rng.chance(0.5) {
                b.center[i] = bad(rng);
            } else {
                b.half_extents[i] = bad_size(rng, frame);
            }
            ("oriented box", Box::new(b))
        }
        3 => {
            let mut s = Segment::generate(rng, frame);
            if rng.chance(0.5) {
                s.a[i] = bad(rng)
            } else {
                s.b[i] = bad(rng)
            }
            ("segment", Box::new(s))
        }
        4 => {
            let mut c = Capsule::generate(rng, frame);
            match rng.index(3) {
                0 => c.a[i] = bad(rng),
                1 => c.b[i] = bad(rng),
                _ => c.radius = bad_size(rng, frame),
            }
            ("capsule", Box::new(c))
        }
        5 => {
            let mut c = Cylinder::generate(rng, frame);
            match rng.index(3) {
                0 => c.a[i] = bad(rng),
                1 => c.b[i] = bad(rng),
                _ => c.radius = bad_size(rng, frame),
            }
            ("cylinder", Box::new(c))
        }
        6 => {
            let mut c = Cone::generate(rng, frame);
            match rng.index(3) {
                0 => c.tip[i] = bad(rng),
                1 => c.height = bad_size(rng, frame),
                _ => c.radius = bad_size(rng, frame),
            }
            ("cone", Box::new(c))
        }
        7 => {
            let mut t = Triangle::generate(rng, frame);
            let k = rng.index(3);
            let mut v = t.vertices();
            v[k][i] = bad(rng);
            t = Triangle::new(v[0], v[1], v[2]);
            ("triangle", Box::new(t))
        }
        _ => {
            let mut t = Tetrahedron::generate(rng, frame);
            let k = rng.index(4);
            let mut v = t.vertices();
            v[k][i] = bad(rng);
            t = Tetrahedron::new(v[0], v[1], v[2], v[3]);
            ("tetrahedron", Box::new(t))
        }
    }
}

/// Fuzz: a random shape of every kind with one field made invalid, against a valid ball, box,
/// cylinder or cone generated in the same frame, gets no answer from any support-mapping query.
fn every_corrupted_shape_gets_no_answer<T: Real>() {
    let mut rng = Rng::new(0x1_5a11d);
    for _ in 0..cases(300) {
        let frame = Frame::<T>::random(&mut rng);
        let (what, bad) = corrupted(&mut rng, &frame);
        assert!(!bad.is_valid_input(), "{what}");
        match rng.index(4) {
            0 => assert_no_answer(&*bad, &Sphere::generate(&mut rng, &frame), what),
            1 => assert_no_answer(&*bad, &Aabb::generate(&mut rng, &frame), what),
            2 => assert_no_answer(&*bad, &Cylinder::generate(&mut rng, &frame), what),
            _ => assert_no_answer(&*bad, &Cone::generate(&mut rng, &frame), what),
        }
    }
}

for_f32_and_f64!(
    every_corrupted_shape_gets_no_answer,
    cylinder_with_nan_end_gets_no_answer,
    cone_with_nan_or_negative_size_gets_no_answer,
    negative_sizes_and_inverted_boxes_get_no_answer,
    nan_vertices_get_no_answer,
    wrappers_check_their_parts,
    support_mappings_pass_nan_through,
);

/// Validity of every shape kind agrees with its `Validate` rules through the support mapping.
#[test]
fn valid_input_follows_the_validate_rules() {
    let tri = Triangle::new(p::<f64>(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0));
    assert_eq!(SupportMap::is_valid_input(&tri), Validate::is_valid(&tri));
    let collapsed = Triangle::new(p::<f64>(0.0, 0.0, 0.0), p(0.0, 0.0, 0.0), p(0.0, 0.0, 0.0));
    assert!(collapsed.is_valid_input(), "a collapsed triangle is valid input (a point)");
    let zero = Cylinder::new(p::<f32>(1.0, 2.0, 3.0), p(1.0, 2.0, 3.0), 0.0);
    assert!(zero.is_valid_input(), "a cylinder with a == b and radius 0 is a point");
}
