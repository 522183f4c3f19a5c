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

use osculate_closest::{
    GJK_MAX_ITERATIONS, SupportMap, Transformed, closest_points_convex, contact_convex,
};
use osculate_dynamic::{
    Impact, Search, TimeOfImpact, conservative_advancement, convex_convex, interval_halving,
};
use osculate_math::{
    Bounded, Capsule, Cone, Cylinder, Isometry3, Obb, Real, Sphere, Tetrahedron, Vector3,
};
use osculate_testing::{Pair, Rng, test_tolerance};
use quickcheck::{QuickCheck, TestResult};

/// Cases per property by default (`OSCULATE_CASES` overrides it): GJK at a few hundred times per
/// case is the cost here, so fewer than the closed forms'.
const CASES: u64 = 100;
const SAMPLES: usize = 16;
/// The halving's time resolution (2⁻²⁰).
const TIME_TOLERANCE: f64 = 1.0 / 1_048_576.0;

fn run<A: quickcheck::Arbitrary + core::fmt::Debug>(prop: fn(A) -> TestResult) {
    let n = osculate_testing::cases(CASES);
    QuickCheck::new().tests(n).max_tests(n * 10).min_tests_passed(n).quickcheck(prop);
}

/// The scene: displacements (80% aimed from B toward A, so many cases hit), the tolerance and
/// GJK's distance at a time.
fn check<T: Real, A, B>(a: &A, b: &B, seed: u64) -> Result<(), String>
where
    A: SupportMap<T> + Bounded<T> + Copy,
    B: SupportMap<T> + Bounded<T> + Copy,
{
    let (va, vb, scale) = scene(a, b, seed);
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
        osculate_testing::properties!($($name(p: Pair<$A<T>, $B<T>>) => property(&p);)*);
    };
}

gjk_tests! {
    cylinder_cone: Cylinder, Cone;
    obb_cylinder: Obb, Cylinder;
    tetrahedron_tetrahedron: Tetrahedron, Tetrahedron;
}

// ---------------------------------------------------------------------------------------------
// The GJK ray cast, `convex_convex`, on the same scenes.

/// The displacements of a scene (80% aimed from B toward A) and its scale, from the seed.
fn scene<T: Real, A: Bounded<T>, B: Bounded<T>>(
    a: &A,
    b: &B,
    seed: u64,
) -> (Vector3<T>, Vector3<T>, T) {
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
    (va, vb, scale)
}

/// The pose of a shape moved by `t·v`: its place at time `t` of the motion `v`.
fn moved_by<T: Real>(v: &Vector3<T>, t: T) -> Isometry3<T> {
    Isometry3::translation(v.x * t, v.y * t, v.z * t)
}

/// The GJK distance of `a` and `b` at time `t` of their motions `va` and `vb`.
fn distance_at<T: Real, A, B>(a: &A, va: &Vector3<T>, b: &B, vb: &Vector3<T>, t: T) -> T
where
    A: SupportMap<T> + Copy,
    B: SupportMap<T> + Copy,
{
    closest_points_convex(
        &Transformed { shape: *a, pose: moved_by(va, t) },
        &Transformed { shape: *b, pose: moved_by(vb, t) },
    )
    .distance
}

/// `convex_convex`'s answer on a scene: at its time the shapes are within the tolerance of each
/// other (GJK's distance), at every sampled earlier time they are apart, and with no contact
/// every sampled time is apart; the normal's plane through the point separates the two shapes at
/// that time (each shape's support along it within the tolerance of the plane), and the point is
/// within the tolerance of both shapes.
///
/// "Apart" at a sampled time: a GJK distance above 0, or, where GJK says the shapes touch, a
/// penetration depth (EPA, `contact_convex`) within `64 ε · scale`, the rounding of the support
/// points on these coordinates — not a distance above the loose `tol` of the searches above:
/// the cast looks for the contact itself (distance 0), not for the first time within `tol`, so
/// shapes 0.05 apart at the 8e3 scale in f32 (`tol` = 80) are rightly apart before it.
fn check_cast<T: Real, A, B>(a: &A, b: &B, seed: u64) -> Result<Option<Impact<T>>, String>
where
    A: SupportMap<T> + Bounded<T> + Copy,
    B: SupportMap<T> + Bounded<T> + Copy,
{
    let (va, vb, scale) = scene(a, b, seed);
    let tol = test_tolerance::<T>() * T::lit(100.0) * scale;
    let d = |t: T| distance_at(a, &va, b, &vb, t);
    let hit = convex_convex(a, &va, b, &vb);
    let end = match hit {
        Some(h) => {
            let dt = d(h.toi);
            if !(dt <= tol) {
                return Err(format!("distance {dt:?} at {h:?}, tol {tol:?}"));
            }
            if h.initially_overlapping && !(h.toi == T::ZERO && d(T::ZERO) <= tol) {
                return Err(format!("initially_overlapping wrong: {h:?}, d(0) = {:?}", d(T::ZERO)));
            }
            let pa = Transformed { shape: *a, pose: moved_by(&va, h.toi) };
            let pb = Transformed { shape: *b, pose: moved_by(&vb, h.toi) };
            let inside = |x: T| x <= tol;
            if !inside(
                closest_points_convex(&pa, &osculate_math::Aabb::new(h.point, h.point)).distance,
            ) || !inside(
                closest_points_convex(&pb, &osculate_math::Aabb::new(h.point, h.point)).distance,
            ) {
                return Err(format!("point off the shapes: {h:?}"));
            }
            if !h.initially_overlapping {
                let n = h.normal.into_inner();
                let plane = n.dot(&h.point.coords);
                let reach_a = pa.support(&n).coords.dot(&n) - plane;
                let reach_b = plane - pb.support(&-n).coords.dot(&n);
                if !(reach_a <= tol && reach_b <= tol) {
                    return Err(format!("normal does not separate: {reach_a:?} {reach_b:?} {h:?}"));
                }
            }
            h.toi
        }
        None => T::ONE,
    };
    let rounding = T::EPSILON * T::lit(64.0) * scale;
    for i in 0..=SAMPLES {
        let t = end * T::lit(i as f64 / SAMPLES as f64);
        if hit.is_some() && !(t < end) {
            continue;
        }
        let dt = d(t);
        if !(dt > T::ZERO) {
            let pa = Transformed { shape: *a, pose: moved_by(&va, t) };
            let pb = Transformed { shape: *b, pose: moved_by(&vb, t) };
            let depth = contact_convex(&pa, &pb, GJK_MAX_ITERATIONS).map(|c| -c.distance);
            if !depth.is_some_and(|x| x <= rounding) {
                return Err(format!("depth {depth:?} at t = {t:?} before {hit:?}"));
            }
        }
    }
    Ok(hit)
}

fn cast_property<T: Real, A, B>(pair: &Pair<A, B>) -> TestResult
where
    A: SupportMap<T> + Bounded<T> + Copy + core::fmt::Debug,
    B: SupportMap<T> + Bounded<T> + Copy + core::fmt::Debug,
{
    match check_cast(&pair.a, &pair.b, pair.seed) {
        Ok(_) => TestResult::passed(),
        Err(e) => TestResult::error(format!("{e}\n {pair:?}")),
    }
}

macro_rules! cast_tests {
    ($($name:ident: $A:ident, $B:ident;)*) => {
        osculate_testing::properties!(mod cast; $($name(p: Pair<$A<T>, $B<T>>) => cast_property(&p);)*);
    };
}

cast_tests! {
    cylinder_cone: Cylinder, Cone;
    obb_cylinder: Obb, Cylinder;
    tetrahedron_tetrahedron: Tetrahedron, Tetrahedron;
    sphere_obb: Sphere, Obb;
    capsule_cone: Capsule, Cone;
    capsule_capsule: Capsule, Capsule;
}

/// A closed-form sweep of the dynamic layer.
type ClosedForm<T, A, B> = fn(&A, &Vector3<T>, &B, &Vector3<T>) -> Option<Impact<T>>;

/// `convex_convex` agrees with the closed-form sweeps where they exist: the same hit or miss
/// except within the tolerance of grazing, and the same time within the tolerance over the
/// relative speed. (Each is also checked on its own: both are lower bounds within their
/// tolerances of the first contact.)
fn agrees_with_closed_form<T: Real, A, B>(
    pair: &Pair<A, B>,
    closed: ClosedForm<T, A, B>,
) -> TestResult
where
    A: SupportMap<T> + Bounded<T> + Copy + core::fmt::Debug,
    B: SupportMap<T> + Bounded<T> + Copy + core::fmt::Debug,
{
    let (a, b) = (&pair.a, &pair.b);
    let (va, vb, scale) = scene(a, b, pair.seed);
    let tol = test_tolerance::<T>() * T::lit(100.0) * scale;
    let speed = (vb - va).norm();
    let ours = match check_cast(a, b, pair.seed) {
        Ok(h) => h,
        Err(e) => return TestResult::error(format!("{e}\n {pair:?}")),
    };
    let theirs = closed(a, &va, b, &vb);
    let d = |t: T| distance_at(a, &va, b, &vb, t);
    match (ours, theirs) {
        (Some(x), Some(y)) => {
            if !((x.toi - y.toi).abs() * speed <= tol + tol) {
                return TestResult::error(format!("toi {x:?} vs closed form {y:?}\n {pair:?}"));
            }
        }
        (None, None) => {}
        // The closed form's contact is a graze, the shapes within the tolerance but apart by
        // GJK's distance; otherwise the cast missed a contact.
        (None, Some(y)) => {
            if !(d(y.toi) > T::ZERO) {
                return TestResult::error(format!("missed {y:?}\n {pair:?}"));
            }
        }
        (Some(x), None) => {
            if !(d(x.toi) <= tol) {
                return TestResult::error(format!("extra {x:?}\n {pair:?}"));
            }
        }
    }
    TestResult::passed()
}

mod cast_closed_forms {
    use super::*;
    fn spheres<T: Real>(p: Pair<Sphere<T>, Sphere<T>>) -> TestResult {
        agrees_with_closed_form(&p, osculate_dynamic::sphere_sphere)
    }
    fn obbs<T: Real>(p: Pair<Obb<T>, Obb<T>>) -> TestResult {
        agrees_with_closed_form(&p, osculate_dynamic::obb_obb)
    }
    fn capsules<T: Real>(p: Pair<Capsule<T>, Capsule<T>>) -> TestResult {
        agrees_with_closed_form(&p, osculate_dynamic::capsule_capsule)
    }
    #[test]
    fn sphere_sphere() {
        run(spheres::<f32> as fn(_) -> _);
        run(spheres::<f64> as fn(_) -> _);
    }
    #[test]
    fn obb_obb() {
        run(obbs::<f32> as fn(_) -> _);
        run(obbs::<f64> as fn(_) -> _);
    }
    #[test]
    fn capsule_capsule() {
        run(capsules::<f32> as fn(_) -> _);
        run(capsules::<f64> as fn(_) -> _);
    }
}
