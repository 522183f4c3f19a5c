//! The boolean box and triangle tests against an exact reference of their own, in big integers
//! (`osculate_testing::exact_reference`: a separating-axis test over a complete axis set, exact in
//! integers, and generators of random, touching, bisected, flat and collapsed pairs at 0, 1e4 and
//! 1e8 from the origin, in f32 and f64).
//!
//! Asserted: the exact mode agrees with the reference on every case; the fast mode never says
//! "apart" when the reference says "overlapping"; every false "overlapping" of the fast mode is
//! within its band (`BAND × RELATIVE_TOLERANCE × scale`); the exact box-box and triangle-triangle
//! tests are symmetric, and the fast triangle test never says "apart" in either order.
//!
//! Cases per family and scalar type: 200 (`OSCULATE_CASES` overrides it, for `cargo xtask
//! soak`); the same draws also run as quickcheck properties from random seeds (100 each).

use osculate_math::{Aabb, Matrix3, Obb, Point3, Real, Rotation3, Segment, Triangle, Vector3};
use osculate_overlap::{
    aabb_triangle, aabb_triangle_exact, obb_obb, obb_obb_exact, obb_triangle, obb_triangle_exact,
    segment_aabb, segment_aabb_exact, segment_obb, segment_obb_exact, segment_triangle,
    segment_triangle_exact, triangle_triangle, triangle_triangle_exact,
};
use osculate_testing::exact_reference::{self as reference, Outcome};
use osculate_testing::{Rng, for_f32_and_f64};
use quickcheck::{QuickCheck, TestResult};

fn cases() -> u64 {
    osculate_testing::cases(200)
}

/// Checks one case: the exact mode against the reference, the fast mode's promise.
#[track_caller]
fn check<S: std::fmt::Debug>(what: &str, o: &Outcome<S>) {
    let input = &o.input;
    assert_eq!(o.exact, o.overlap, "{what}_exact disagrees with the reference on {input:?}");
    assert!(!o.false_apart(), "{what} says apart for an overlapping pair: {input:?}");
    assert!(o.within_band, "{what}: a false overlap beyond the band {:e}: {input:?}", o.band);
}

fn aabb_triangle_case<T: Real>(rng: &mut Rng, i: u64) {
    for o in reference::aabb_triangle_case::<T>(rng, i, aabb_triangle_exact, aabb_triangle) {
        check("aabb_triangle", &o);
    }
}

fn obb_triangle_case<T: Real>(rng: &mut Rng, i: u64) {
    for o in reference::obb_triangle_case::<T>(rng, i, obb_triangle_exact, obb_triangle) {
        check("obb_triangle", &o);
    }
}

fn obb_obb_case<T: Real>(rng: &mut Rng, i: u64) {
    for o in reference::obb_obb_case::<T>(rng, i, obb_obb_exact, obb_obb) {
        check("obb_obb", &o);
        let (a, b) = &o.input;
        assert_eq!(obb_obb_exact(b, a), o.overlap, "obb_obb_exact is not symmetric on {a:?} {b:?}");
    }
}

fn segment_box_case<T: Real>(rng: &mut Rng, i: u64) {
    for o in reference::segment_aabb_case::<T>(rng, i, segment_aabb_exact, segment_aabb) {
        check("segment_aabb", &o);
    }
    for o in reference::segment_obb_case::<T>(rng, i, segment_obb_exact, segment_obb) {
        check("segment_obb", &o);
    }
}

/// Boxes whose matrices are off orthonormal by up to `1e-3` per entry: the exact modes take the
/// entries as exact, and their first filter measures how far each matrix is from orthonormal.
/// Only the exact mode is judged (the fast mode's promise is made for rotations).
fn skewed_box_case<T: Real>(rng: &mut Rng, i: u64) {
    for o in reference::obb_obb_skewed_case::<T>(rng, i, obb_obb_exact) {
        let (a, b) = &o.input;
        assert_eq!(o.exact, o.overlap, "obb_obb_exact disagrees with the reference on {a:?} {b:?}");
        assert_eq!(obb_obb_exact(b, a), o.overlap, "obb_obb_exact is not symmetric on {a:?} {b:?}");
    }
    for o in reference::segment_obb_skewed_case::<T>(rng, i, segment_obb_exact) {
        let (s, b) = &o.input;
        assert_eq!(
            o.exact, o.overlap,
            "segment_obb_exact disagrees with the reference on {s:?} {b:?}"
        );
    }
}

fn triangle_triangle_case<T: Real>(rng: &mut Rng, i: u64) {
    for o in
        reference::triangle_triangle_case::<T>(rng, i, triangle_triangle_exact, triangle_triangle)
    {
        check("triangle_triangle", &o);
        let (a, b) = &o.input;
        assert_eq!(triangle_triangle_exact(b, a), o.overlap, "not symmetric on {a:?} {b:?}");
        assert!(
            !o.overlap || triangle_triangle(b, a),
            "triangle_triangle says apart for an overlapping pair (swapped): {a:?} {b:?}"
        );
    }
}

fn segment_triangle_case<T: Real>(rng: &mut Rng, i: u64) {
    for o in reference::segment_triangle_case::<T>(rng, i, segment_triangle_exact, segment_triangle)
    {
        check("segment_triangle", &o);
    }
}

/// One family over `cases()` draws from its seed.
macro_rules! families {
    ($($name:ident => $case:ident, $seed:expr;)*) => {$(
        fn $name<T: Real>() {
            let mut rng = Rng::new($seed ^ T::EPSILON.to_f64().to_bits());
            for i in 0..cases() {
                $case::<T>(&mut rng, i);
            }
        }
    )*};
}

families! {
    aabb_triangle_family => aabb_triangle_case, 0x5EED_0001;
    obb_triangle_family => obb_triangle_case, 0x5EED_0002;
    obb_obb_family => obb_obb_case, 0x5EED_0003;
    segment_box_family => segment_box_case, 0x5EED_0004;
    skewed_box_family => skewed_box_case, 0x5EED_0007;
    triangle_triangle_family => triangle_triangle_case, 0x5EED_0005;
    segment_triangle_family => segment_triangle_case, 0x5EED_0006;
}

/// The exact modes on non-finite input: `false`.
#[test]
fn exact_modes_reject_non_finite_input() {
    let nan = f64::NAN;
    let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
    let t = Triangle::new(
        Point3::new(nan, 0.5, 0.5),
        Point3::new(0.5, 0.5, 0.5),
        Point3::new(0.5, 0.5, 0.5),
    );
    assert!(!aabb_triangle_exact(&b, &t) && !obb_triangle_exact(&b.to_obb(), &t));
    let s = Segment::new(Point3::new(0.5, 0.5, f64::INFINITY), Point3::new(0.5, 0.5, 0.5));
    assert!(!segment_aabb_exact(&s, &b) && !segment_obb_exact(&s, &b.to_obb()));
    let bad = Obb::new(
        Point3::origin(),
        Rotation3::from_matrix_unchecked(Matrix3::from_element(nan)),
        Vector3::repeat(1.0),
    );
    assert!(!obb_obb_exact(&b.to_obb(), &bad));
}

for_f32_and_f64!(
    aabb_triangle_family,
    obb_triangle_family,
    obb_obb_family,
    segment_box_family,
    skewed_box_family,
    triangle_triangle_family,
    segment_triangle_family,
);

/// quickcheck properties over the same draws: a random seed and class each (100 cases per
/// property and scalar type, `OSCULATE_CASES` overrides it).
macro_rules! properties {
    ($($name:ident => $case:ident),* $(,)?) => {$(
        fn $name<T: Real>() {
            fn prop<T: Real>(seed: u64, class: u8) -> TestResult {
                $case::<T>(&mut Rng::new(seed), u64::from(class));
                TestResult::passed()
            }
            let n = osculate_testing::cases(100);
            QuickCheck::new()
                .tests(n)
                .max_tests(n * 10)
                .min_tests_passed(n)
                .quickcheck(prop::<T> as fn(u64, u8) -> TestResult);
        }
    )*};
}

properties!(
    prop_aabb_triangle_exact_agrees_with_the_reference => aabb_triangle_case,
    prop_obb_triangle_exact_agrees_with_the_reference => obb_triangle_case,
    prop_obb_obb_exact_agrees_with_the_reference => obb_obb_case,
    prop_segment_box_exact_agrees_with_the_reference => segment_box_case,
    prop_skewed_box_exact_agrees_with_the_reference => skewed_box_case,
    prop_triangle_triangle_exact_agrees_with_the_reference => triangle_triangle_case,
    prop_segment_triangle_exact_agrees_with_the_reference => segment_triangle_case,
);

for_f32_and_f64!(
    prop_aabb_triangle_exact_agrees_with_the_reference,
    prop_obb_triangle_exact_agrees_with_the_reference,
    prop_obb_obb_exact_agrees_with_the_reference,
    prop_segment_box_exact_agrees_with_the_reference,
    prop_skewed_box_exact_agrees_with_the_reference,
    prop_triangle_triangle_exact_agrees_with_the_reference,
    prop_segment_triangle_exact_agrees_with_the_reference,
);
