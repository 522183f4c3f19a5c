//! The closed forms the pair table uses where GJK answered before, checked against GJK on seeded
//! random pairs (ordinary, tiny, far and degenerate shapes) in `f32` and `f64`: the distance
//! within the test tolerance of GJK's, each witness point on its shape, and the overlap answer
//! equal to GJK's except within that tolerance of touching (where both answers are right: each
//! test counts a touch within its own tolerance as overlap).

use osculate::closest::{self, SupportMap};
use osculate::prelude::*;
use osculate_testing::{GenerateAny, Pair, test_tolerance};

/// Seeded pairs per pair of shape types and scalar type.
const SEEDS: u64 = 2000;

/// The test tolerance at the scale of the pair: the largest coordinate of the two bounding boxes
/// (rounding is relative to the coordinates, the far frame's 1e4 included).
fn tolerance<T: Real, A: Bounded<T>, B: Bounded<T>>(a: &A, b: &B) -> T {
    let (ba, bb) = (a.aabb(), b.aabb());
    let scale =
        [ba.min, ba.max, bb.min, bb.max].iter().fold(T::ZERO, |m, p| m.max(p.coords.amax()));
    test_tolerance::<T>() * scale
}

/// The facade's `Distance` and `Overlaps` of `A` and `B` (now closed forms) against GJK.
fn agrees_with_gjk<T, A, B>()
where
    T: Real,
    A: GenerateAny<Scalar = T> + SupportMap<T> + Bounded<T> + std::fmt::Debug,
    B: GenerateAny<Scalar = T> + SupportMap<T> + Bounded<T> + std::fmt::Debug,
    A: Distance<B, Scalar = T> + Overlaps<B>,
    Point3<T>: Distance<A, Scalar = T> + Distance<B, Scalar = T>,
{
    let what = || format!("{} vs {}", std::any::type_name::<A>(), std::any::type_name::<B>());
    let mut touching = 0;
    for seed in 0..SEEDS {
        let p = Pair::<A, B>::from_seed(seed);
        let (a, b) = (&p.a, &p.b);
        let tol = tolerance(a, b);
        let got = a.closest_points(b);
        let gjk = closest::closest_points_convex(a, b);
        assert!(got.distance.is_finite(), "{}: not finite {p:?}", what());
        assert!(
            (got.distance - gjk.distance).abs() <= tol,
            "{}: distance {:?}, GJK {:?} {p:?}",
            what(),
            got.distance,
            gjk.distance
        );
        assert!(
            ((got.point_b - got.point_a).norm() - got.distance).abs() <= tol,
            "{}: the witnesses are not `distance` apart {p:?}",
            what()
        );
        assert!(got.point_a.distance(a) <= tol, "{}: point_a off A {p:?}", what());
        assert!(got.point_b.distance(b) <= tol, "{}: point_b off B {p:?}", what());

        let overlap = a.overlaps(b);
        let gjk = closest::intersect_convex(a, b, closest::GJK_MAX_ITERATIONS);
        if overlap != gjk {
            // Both tests count a touch within their own tolerance as overlap: they may differ only
            // at a distance within the test tolerance.
            assert!(got.distance <= tol, "{}: overlap {overlap}, GJK {gjk} {p:?}", what());
            touching += 1;
        }
        // The two closed forms of the pair agree with each other.
        assert!(overlap || got.distance > T::ZERO, "{}: apart at distance 0 {p:?}", what());
        assert!(!overlap || got.distance <= tol, "{}: overlapping at a distance {p:?}", what());
    }
    // A disagreement is a touch to within rounding: rare on random input.
    assert!(touching * 50 <= SEEDS, "{}: {touching} disagreements in {SEEDS}", what());
}

macro_rules! against_gjk {
    ($($name:ident: $A:ident, $B:ident;)*) => {
        $(
            fn $name<T: Real>() {
                agrees_with_gjk::<T, $A<T>, $B<T>>();
            }
            osculate_testing::for_f32_and_f64!($name);
        )*
    };
}

against_gjk! {
    sphere_aabb: Sphere, Aabb;
    sphere_obb: Sphere, Obb;
    sphere_triangle: Sphere, Triangle;
    segment_segment: Segment, Segment;
    segment_capsule: Segment, Capsule;
    capsule_aabb: Capsule, Aabb;
    capsule_obb: Capsule, Obb;
    capsule_triangle: Capsule, Triangle;
    aabb_aabb: Aabb, Aabb;
}
