//! The GJK entry points beside the plain distance query: the warm start from a cached simplex
//! (`distance_convex_cached`), the early exit beyond a distance (`distance_convex_within`) and
//! the stop at a coarser tolerance (`distance_convex_rough`), each checked against
//! `distance_convex` on the same pairs, f32 and f64.

use osculate_closest::{
    ConvexDistance, DistanceStatus, GJK_MAX_ITERATIONS, GjkCache, SupportMap, Transformed,
    distance_convex, distance_convex_cached, distance_convex_rough, distance_convex_within,
};
use osculate_math::Vector3 as V;
use osculate_math::{
    Capsule, Cone, Cylinder, Isometry3, Obb, Real, Translation3, UnitQuaternion, Vector3,
};
use osculate_testing::{Pair, Rng, test_tolerance};
use quickcheck::TestResult;

use crate::points::run;

/// GJK's relative tolerance (`max(RELATIVE_TOLERANCE, √ε / 100)`, as the crate documents it).
pub(crate) fn gjk_tolerance<T: Real>() -> T {
    T::RELATIVE_TOLERANCE.fast_max(T::EPSILON.sqrt() * T::lit(0.01))
}

/// The largest coordinate of the two shapes' support points along the axes: the magnitude the
/// answers' rounding is relative to.
pub(crate) fn size<T: Real>(a: &dyn SupportMap<T>, b: &dyn SupportMap<T>) -> T {
    let axes = [V::x(), V::y(), V::z(), -V::x(), -V::y(), -V::z()];
    axes.iter().fold(T::MIN_POSITIVE, |s, d| {
        s.fast_max(a.support(d).coords.amax()).fast_max(b.support(d).coords.amax())
    })
}

/// How far two converged distances of the same pair may differ: both are within GJK's relative
/// gap of the distance (or of a thousandth of the size, below which the gap is taken against
/// that), plus the test tolerance of the size.
fn band<T: Real>(d: T, size: T) -> T {
    T::lit(4.0) * gjk_tolerance::<T>() * d.fast_max(T::lit(1e-3) * size)
        + test_tolerance::<T>() * size
}

/// Whether a run ended within its tolerance (not at the bound, not invalid).
fn converged(s: DistanceStatus) -> bool {
    matches!(s, DistanceStatus::Separated | DistanceStatus::Overlapping)
}

/// 32 small moves of B (a turn of up to 0.01 rad about its center and a step of up to 1% of the
/// pair's size, each), queried warm from the previous query's cache and cold: the same distance
/// within the tolerance band. (How many support evaluations the warm start saves is measured by
/// the `gjk_warm` benchmark group, not asserted: on these generated pairs, many overlapping or
/// touching, it saves none on some.)
fn warm_agrees_with_cold<T: Real, A: SupportMap<T>, B: SupportMap<T> + Copy>(
    a: &A,
    b: &B,
    seed: u64,
) -> TestResult {
    let s = size(a, b);
    let mut rng = Rng::new(seed);
    let mut r = |x: f64| T::lit(rng.range(-x, x));
    let center = b.center();
    let mut pose = Isometry3::identity();
    let mut cache = GjkCache::new();
    for k in 0..32 {
        let turn = UnitQuaternion::from_scaled_axis(Vector3::new(r(0.01), r(0.01), r(0.01)));
        let step = Vector3::new(r(0.01), r(0.01), r(0.01)) * s;
        pose = Translation3::from(step) * Isometry3::rotation_wrt_point(turn, center) * pose;
        let moved = Transformed { shape: *b, pose };
        let warm = distance_convex_cached(a, &moved, &mut cache, GJK_MAX_ITERATIONS);
        let cold = distance_convex(a, &moved, None, GJK_MAX_ITERATIONS);
        if !(converged(warm.status) && converged(cold.status)) {
            if cold.status == DistanceStatus::Invalid || warm.status == DistanceStatus::Invalid {
                return TestResult::error(format!("move {k}: invalid on finite input"));
            }
            return TestResult::discard();
        }
        let (dw, dc) = (warm.closest.distance, cold.closest.distance);
        if !((dw - dc).abs() <= band(dc, s)) {
            return TestResult::error(format!(
                "move {k}: warm {dw:?} ({:?}), cold {dc:?} ({:?}), band {:?}",
                warm.status,
                cold.status,
                band(dc, s)
            ));
        }
    }
    TestResult::passed()
}

/// `property` of `a` and `b` given their plain query (`distance_convex`), which must not be
/// invalid on finite input.
fn against_plain<T: Real, A: SupportMap<T>, B: SupportMap<T>>(
    a: &A,
    b: &B,
    property: fn(&A, &B, ConvexDistance<T>) -> TestResult,
) -> TestResult {
    let plain = distance_convex(a, b, None, GJK_MAX_ITERATIONS);
    if plain.status == DistanceStatus::Invalid {
        return TestResult::error("invalid on finite input");
    }
    property(a, b, plain)
}

/// `distance_convex_within` at limits below, near and above the plain distance, and at a NaN
/// and a negative one: a `Beyond` answer is right (the plain distance is at least the limit, up
/// to the band) and reports a distance above the limit, in no more steps; any other answer is the
/// plain query's exactly; a limit at half a converged distance well above the band always stops
/// early.
fn within_agrees_with_plain<T: Real, A: SupportMap<T>, B: SupportMap<T>>(
    a: &A,
    b: &B,
    plain: ConvexDistance<T>,
) -> TestResult {
    let (d, s) = (plain.closest.distance, size(a, b));
    for limit in
        [T::ZERO, d * T::HALF, d * T::lit(0.99), d * T::lit(1.01), d * T::TWO, T::NAN, -T::ONE]
    {
        let r = distance_convex_within(a, b, limit, None, GJK_MAX_ITERATIONS);
        if r.status == DistanceStatus::Beyond {
            let floor = if limit > T::ZERO { limit } else { T::ZERO };
            if !(d >= floor - band(d, s)
                && r.closest.distance > floor
                && r.iterations <= plain.iterations)
            {
                return TestResult::error(format!(
                    "limit {limit:?}: {r:?} beyond, plain {plain:?}"
                ));
            }
        } else if r != plain {
            return TestResult::error(format!("limit {limit:?}: {r:?}, plain {plain:?}"));
        }
    }
    let clearly_apart = plain.status == DistanceStatus::Separated && d > T::lit(4.0) * band(d, s);
    let half = distance_convex_within(a, b, d * T::HALF, None, GJK_MAX_ITERATIONS);
    if clearly_apart && half.status != DistanceStatus::Beyond {
        return TestResult::error(format!("half the distance: {half:?}, plain {plain:?}"));
    }
    TestResult::passed()
}

/// `distance_convex_rough` at relative tolerances from GJK's own to 1, and at 0, a negative and
/// a NaN one: a distance not below the plain one (less the band: both are upper bounds of the
/// true distance; 0 when the plain query finds overlap) and at most
/// `tol · max(reported, 10⁻³ · size)` above it (an overlap reported only where that bound
/// reaches 0), in no more support evaluations; with a tolerance at or
/// below GJK's own, the plain run exactly.
fn rough_bounds_the_distance<T: Real, A: SupportMap<T>, B: SupportMap<T>>(
    a: &A,
    b: &B,
    plain: ConvexDistance<T>,
) -> TestResult {
    if !converged(plain.status) {
        return TestResult::discard();
    }
    let (d, s) = (plain.closest.distance, size(a, b));
    for tol in [T::ZERO, -T::ONE, T::NAN, gjk_tolerance::<T>()] {
        let r = distance_convex_rough(a, b, tol, None, GJK_MAX_ITERATIONS);
        if r != plain {
            return TestResult::error(format!("tolerance {tol:?}: {r:?}, plain {plain:?}"));
        }
    }
    for tol in [T::lit(1e-3), T::lit(1.0 / 32.0), T::lit(0.25), T::ONE] {
        let r = distance_convex_rough(a, b, tol, None, GJK_MAX_ITERATIONS);
        if r.status == DistanceStatus::Invalid || r.iterations > plain.iterations {
            return TestResult::error(format!("tolerance {tol:?}: {r:?}, plain {plain:?}"));
        }
        // Overlapping: the true distance is 0, and a rough run may still stop apart within its
        // bound (its lower bound reached 0 less the tolerance), so the bound is checked at 0.
        let d = if plain.status == DistanceStatus::Overlapping { T::ZERO } else { d };
        if r.status == DistanceStatus::Overlapping {
            if d <= band(d, s) + tol * T::lit(2e-3) * s {
                continue;
            }
            return TestResult::error(format!("tolerance {tol:?}: {r:?}, plain {plain:?}"));
        }
        if r.status != DistanceStatus::Separated {
            return TestResult::error(format!("tolerance {tol:?}: {r:?}, plain {plain:?}"));
        }
        let dr = r.closest.distance;
        // The termination's scale: the distance reported, or a thousandth of `A − B`'s vertices
        // (up to twice the shapes' coordinates) below it.
        let reach = dr.fast_max(T::lit(2e-3) * s);
        if !(dr >= d - band(d, s) && dr <= d + tol * reach + band(d, s)) {
            return TestResult::error(format!("tolerance {tol:?}: rough {dr:?}, plain {d:?}"));
        }
    }
    TestResult::passed()
}

macro_rules! pair_properties {
    ($($m:ident: $a:ident, $b:ident;)*) => {$(
        mod $m {
            use super::*;
            fn warm_agrees_with_cold<T: Real>(c: Pair<$a<T>, $b<T>>) -> TestResult {
                super::warm_agrees_with_cold(&c.a, &c.b, c.seed)
            }
            fn within_agrees_with_plain<T: Real>(c: Pair<$a<T>, $b<T>>) -> TestResult {
                against_plain(&c.a, &c.b, super::within_agrees_with_plain)
            }
            fn rough_bounds_the_distance<T: Real>(c: Pair<$a<T>, $b<T>>) -> TestResult {
                against_plain(&c.a, &c.b, super::rough_bounds_the_distance)
            }
            osculate_testing::for_f32_and_f64!(
                run: warm_agrees_with_cold, within_agrees_with_plain, rough_bounds_the_distance
            );
        }
    )*};
}

pair_properties! {
    cylinder_cone: Cylinder, Cone;
    obb_obb: Obb, Obb;
    capsule_obb: Capsule, Obb;
}
