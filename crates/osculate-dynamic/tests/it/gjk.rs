//! The generic searches driven by the closest-point layer's GJK (`closest_points_convex`) on pairs
//! that have no closed-form sweep: cylinder-cone, oriented box-cylinder, tetrahedron pairs, each
//! shape translating linearly over `t ∈ [0, 1]`, f32 and f64.
//!
//! The properties: interval halving and conservative advancement, with the relative speed as the
//! bound, report a time at which GJK's distance is within the tolerance (halving: within
//! `2 tol + speed · time_tolerance`, what a bracket it cannot rule out allows — see its docs; advancement: within `tol` up to the
//! rounding of `t`), at every sampled earlier time the shapes
//! are apart (GJK distance above `tol / 2`: GJK's relative error is far below that), and when
//! they report no contact every sampled time in `[0, 1]` is apart.

use osculate_closest::{SupportMap, Transformed, closest_points_convex};
use osculate_dynamic::{Search, TimeOfImpact, conservative_advancement, interval_halving};
use osculate_math::testing::{Pair, Rng, test_tolerance};
use osculate_math::{Bounded, Cone, Cylinder, Isometry3, Obb, Real, Tetrahedron, Vector3};
use quickcheck::{QuickCheck, TestResult};

/// Cases per property by default (`OSCULATE_CASES` overrides it): GJK at a few hundred times per
/// case is the cost here, so fewer than the closed forms'.
const CASES: u64 = 100;
const SAMPLES: usize = 16;
/// The halving's time resolution (2⁻²⁰).
const TIME_TOLERANCE: f64 = 1.0 / 1_048_576.0;

fn run<A: quickcheck::Arbitrary + core::fmt::Debug>(prop: fn(A) -> TestResult) {
    let n = osculate_math::testing::cases(CASES);
    QuickCheck::new().tests(n).max_tests(n * 10).min_tests_passed(n).quickcheck(prop);
}

/// The scene: displacements (80% aimed from B toward A, so many cases hit), the tolerance and
/// GJK's distance at a time.
fn check<T: Real, A, B>(a: &A, b: &B, seed: u64) -> Result<(), String>
where
    A: SupportMap<T> + Bounded<T> + Copy,
    B: SupportMap<T> + Bounded<T> + Copy,
{
    let mut rng = Rng::new(seed);
    let (ba, bb) = (a.aabb(), b.aabb());
    let size = (ba.max - ba.min).amax().fast_max((bb.max - bb.min).amax());
    let mut offset = |k: f64| {
        Vector3::new(rng.range(-k, k), rng.range(-k, k), rng.range(-k, k)).map(T::lit) * size
    };
    let va = offset(1.0);
    let aim = (ba.center() - bb.center()) * T::lit(1.5);
    let vb = va + aim + offset(0.3);
    let scale = [ba.min.coords.amax(), ba.max.coords.amax(), bb.min.coords.amax()]
        .into_iter()
        .chain([bb.max.coords.amax(), va.norm(), vb.norm(), size])
        .fold(T::MIN_POSITIVE, |m, x| m.fast_max(x));
    let tol = test_tolerance::<T>() * T::lit(100.0) * scale;
    let moved = |s: &A, v: &Vector3<T>, t: T| Transformed {
        shape: *s,
        pose: Isometry3::translation(v.x * t, v.y * t, v.z * t),
    };
    let d = |t: T| {
        let tb =
            Transformed { shape: *b, pose: Isometry3::translation(vb.x * t, vb.y * t, vb.z * t) };
        closest_points_convex(&moved(a, &va, t), &tb).distance
    };
    let speed = (vb - va).norm();
    let tt = T::lit(TIME_TOLERANCE);
    let halving = interval_halving(d, speed, tol, tt, 1 << 16);
    let advancement = conservative_advancement(d, speed, tol, 10_000);
    // Advancement stops at a time where d ≤ tol, or where the next step is too small to move t
    // (d above tol by the rounding of t: speed · ε).
    let searches: [(&str, Option<TimeOfImpact<T>>, T); 2] = [
        ("interval_halving", halving, tol + tol + speed * tt),
        ("conservative_advancement", advancement, tol + speed * T::EPSILON * T::lit(4.0)),
    ];
    for (name, hit, reach) in searches {
        let end = match hit {
            Some(h) if h.status == Search::Converged => {
                let dt = d(h.toi);
                if !(dt <= reach) {
                    return Err(format!("{name}: distance {dt:?} at {h:?}, tol {tol:?}"));
                }
                h.toi
            }
            Some(_) => continue, // not converged: a lower bound only, nothing more to check
            None => T::ONE,
        };
        for i in 0..=SAMPLES {
            let t = end * T::lit(i as f64 / SAMPLES as f64);
            if hit.is_some() && !(t < end) {
                continue;
            }
            let dt = d(t);
            if !(dt > tol * T::HALF) {
                return Err(format!("{name}: distance {dt:?} at t = {t:?} before {hit:?}"));
            }
        }
    }
    Ok(())
}

fn property<T: Real, A, B>(pair: &Pair<A, B>) -> TestResult
where
    A: SupportMap<T> + Bounded<T> + Copy + core::fmt::Debug,
    B: SupportMap<T> + Bounded<T> + Copy + core::fmt::Debug,
{
    match check(&pair.a, &pair.b, pair.seed) {
        Ok(()) => TestResult::passed(),
        Err(e) => TestResult::error(format!("{e}\n {pair:?}")),
    }
}

macro_rules! gjk_tests {
    ($($name:ident: $A:ident, $B:ident;)*) => {
        $(
            mod $name {
                use super::*;
                fn prop_f32(p: Pair<$A<f32>, $B<f32>>) -> TestResult {
                    property(&p)
                }
                fn prop_f64(p: Pair<$A<f64>, $B<f64>>) -> TestResult {
                    property(&p)
                }
                #[test]
                fn f32() {
                    run(prop_f32 as fn(_) -> _);
                }
                #[test]
                fn f64() {
                    run(prop_f64 as fn(_) -> _);
                }
            }
        )*
    };
}

gjk_tests! {
    cylinder_cone: Cylinder, Cone;
    obb_cylinder: Obb, Cylinder;
    tetrahedron_tetrahedron: Tetrahedron, Tetrahedron;
}
