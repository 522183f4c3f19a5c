//! Differential tests against parry's `cast_shapes` (linear shape casting), parry3d-f64 against our
//! f64 sweeps and parry3d against our f32 ones (module `in_f64`, `in_f32`): every sweep parry also
//! answers, on 1,000 seeded scenes of the shared generators (`OSCULATE_PARRY_SEEDS` sets
//! another number) with the displacements of the properties (most aimed at a hit), over
//! `t ∈ [0, 1]` (`max_time_of_impact = 1`, `stop_at_penetration`).
//!
//! The referee of every disagreement is the first-contact bracket of the properties: with the
//! closest-point layer's distance at a time, a search finds the first time the shapes come within
//! `tol` (`t_near`) and the first time they penetrate by `tol` (`t_deep`); a time of impact is
//! consistent when it lies in `[t_near, t_deep]`, a miss when there is no `t_deep`. A wrong answer
//! of ours fails the test. A parry answer outside the bracket is classed by how it is wrong
//! ([`Kind`]: misses, overlapping at `t = 0` but reported later, late, early, a contact where there
//! is none) and at which scale (unit, or a tiny scene of scale 1e-4), and a case counts in its
//! class only when an independent check proves it: the referee distance evaluated directly at the
//! times that show it (parry's time, `t = 0`, `t_deep`) and the overlap layer's boolean test there;
//! our answer is checked again by samples of the same distance. Each class is bounded per pair (a
//! fraction of the cases).
//!
//! The mechanism: every cast parry answers through GJK (all pairs but ball-ball) is traced by a
//! copy of its ray cast ([`super::parry_trace`]), asserted to reproduce parry's time bit for bit,
//! which names the exit parry's answer came from and counts the support points its simplex
//! refused. Measured on 1,000 and 20,000 seeds (parry3d-f64 0.31.1): every wrong
//! answer at tiny scale follows a support point the simplex refused (absolute thresholds on
//! squared lengths and areas that are the size of a 1e-4 shape's), and the same scene scaled up by
//! 1e4 is answered right; at unit scale parry is wrong only early, on ball-triangle (1 in 1,000,
//! 2 in 20,000): the "last chance" exit after 30 iterations, where GJK's upper bound on the
//! distance stopped decreasing at 1.6e-7 with nothing refused, and parry returned its lower bound
//! with the shapes 1.1e-7 apart (5 tol).

use std::collections::BTreeMap;

/// Seeds per pair by default: each test loops over `0..seeds()`.
const SEEDS: u64 = 1000;

/// The seeds per pair: [`SEEDS`], or the `OSCULATE_PARRY_SEEDS` environment variable when it is
/// set to a number (to look for rare classes; the bounds are fractions, so they still apply).
fn seeds() -> u64 {
    std::env::var("OSCULATE_PARRY_SEEDS").ok().and_then(|s| s.trim().parse().ok()).unwrap_or(SEEDS)
}

/// The outcome of one pair's comparison over all seeds.
#[derive(Debug)]
struct Tally {
    query: &'static str,
    cases: usize,
    agree: usize,
    classes: BTreeMap<&'static str, usize>,
    /// The unit-scale parry-wrong cases by class and by the exit of parry's cast that produced
    /// them ([`Exit`], traced), or `"closed form"` for ball-ball (parry's ray-ball formula).
    mechanisms: BTreeMap<(&'static str, String), usize>,
    /// Cases whose parry cast was traced and reproduced bit for bit.
    traced: usize,
}

impl Tally {
    fn class(&mut self, class: &'static str) {
        self.cases += 1;
        *self.classes.entry(class).or_default() += 1;
    }

    /// Prints the tally (visible with `--nocapture`), asserts every seed was counted once, that
    /// the libraries agree on at least `min_agree` of the cases, and that each class in which
    /// parry is proved wrong ([`PARRY_WRONG`]) stays within its bound in `bounds`, a fraction of
    /// the cases (a class not listed is bounded by 0). The seeds are fixed, so the counts are
    /// deterministic; the bounds are the fractions measured with parry3d-f64 0.31.1 on 1,000 and
    /// 20,000 seeds, with a margin; the bounds are the rows of [`BOUNDS`] for `pair`, in
    /// `column` (0: f64, 1: f32).
    #[track_caller]
    fn finish(&self, min_agree: f64, pair: &str, column: usize) {
        eprintln!(
            "{}: {} of {} agree, {:?}, parry's exits {:?}, {} traced",
            self.query, self.agree, self.cases, self.classes, self.mechanisms, self.traced
        );
        assert_eq!(self.cases as u64, seeds(), "{self:?}");
        assert_eq!(self.agree + self.classes.values().sum::<usize>(), self.cases, "{self:?}");
        assert!(self.agree as f64 >= min_agree * self.cases as f64, "{self:?}");
        for class in PARRY_WRONG {
            let count = self.classes.get(class).copied().unwrap_or(0);
            let bound = BOUNDS
                .iter()
                .find(|&&(q, c, _)| q == pair && c == class)
                .map_or(0.0, |(_, _, b)| b[column]);
            assert!(
                count as f64 <= bound * self.cases as f64,
                "{}: {count} cases of {class:?}, bound {bound} of {}\n{self:?}",
                self.query,
                self.cases
            );
        }
    }
}

/// Both libraries consistent with the referee, at different times or one a miss: a graze within
/// the tolerance band, where the first contact is ill-conditioned.
const GRAZE: &str = "both right: a graze within the touching band";
/// How parry is wrong, each proved independently of our answer by the referee distance evaluated
/// at the times named (no bracket search) and by the overlap layer's boolean test there.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// Parry returns no impact while the shapes penetrate: the referee distance is at most `−tol`
    /// at `t_deep`, and the overlap layer says they overlap there.
    Misses,
    /// Parry reports a contact after `t = 0` for shapes that already overlap at `t = 0`: the
    /// referee distance is at most `−tol` at `t = 0`, and the overlap layer says they overlap.
    StartOverlap,
    /// Parry reports its contact after the shapes already penetrate (not overlapping at `t = 0`
    /// by `tol`): the referee distance is at most `−tol` at `t_deep`, before parry's time, with
    /// the overlap layer agreeing there.
    Late,
    /// Parry reports a contact while the shapes are apart, and they touch later: the referee
    /// distance is above `tol` at parry's time, with the overlap layer agreeing (apart).
    Early,
    /// Parry reports a contact while the shapes are apart and never come within `tol`: proved as
    /// [`Kind::Early`].
    Phantom,
}

impl Kind {
    /// The class of a case: the kind, at unit scale or on a tiny scene (scale below 1e-2, where
    /// parry's absolute tolerances are the size of the shapes, and answered right by parry once
    /// the scene is scaled up by 1e4; a tiny scene parry also gets wrong scaled up counts at unit
    /// scale).
    fn class(self, tiny: bool) -> &'static str {
        match (self, tiny) {
            (Self::Misses, false) => PARRY_MISSES,
            (Self::StartOverlap, false) => PARRY_START,
            (Self::StartOverlap, true) => TINY_START,
            (Self::Late, false) => PARRY_LATE,
            (Self::Early, false) => PARRY_EARLY,
            (Self::Phantom, false) => PARRY_PHANTOM,
            (Self::Misses, true) => TINY_MISSES,
            (Self::Late, true) => TINY_LATE,
            (Self::Early, true) => TINY_EARLY,
            (Self::Phantom, true) => TINY_PHANTOM,
        }
    }
}

/// [`Kind::Misses`] at unit scale.
const PARRY_MISSES: &str = "parry wrong: misses a contact";
/// [`Kind::StartOverlap`] at unit scale.
const PARRY_START: &str = "parry wrong: overlapping at t = 0, reported later";
/// [`Kind::StartOverlap`] on a tiny scene.
const TINY_START: &str = "parry wrong, tiny scale: overlapping at t = 0, reported later";
/// [`Kind::Late`] at unit scale.
const PARRY_LATE: &str = "parry wrong: late";
/// [`Kind::Early`] at unit scale.
const PARRY_EARLY: &str = "parry wrong: early";
/// [`Kind::Phantom`] at unit scale.
const PARRY_PHANTOM: &str = "parry wrong: contact where there is none";
/// [`Kind::Misses`] on a tiny scene.
const TINY_MISSES: &str = "parry wrong, tiny scale: misses a contact";
/// [`Kind::Late`] on a tiny scene.
const TINY_LATE: &str = "parry wrong, tiny scale: late";
/// [`Kind::Early`] on a tiny scene.
const TINY_EARLY: &str = "parry wrong, tiny scale: early";
/// [`Kind::Phantom`] on a tiny scene.
const TINY_PHANTOM: &str = "parry wrong, tiny scale: contact where there is none";
/// The classes in which parry is proved wrong, each bounded per pair.
const PARRY_WRONG: [&str; 10] = [
    PARRY_MISSES,
    PARRY_START,
    TINY_START,
    PARRY_LATE,
    PARRY_EARLY,
    PARRY_PHANTOM,
    TINY_MISSES,
    TINY_LATE,
    TINY_EARLY,
    TINY_PHANTOM,
];
/// Parry and we agree on the time but not on the normal, where it is unique: the referee's normal
/// (the direction from the ball's center to the other shape's nearest point at the time of
/// impact) is within 1e-4 of ours, parry's is off by 1e-4 to [`PARRY_NORMAL_BOUND`] — the direction
/// its GJK-based cast converged on, not the exact one (balls against boxes, triangles, capsules).
const PARRY_NORMAL: &str = "parry imprecise: normal off";

/// The class bounds of each pair (see [`Tally::finish`]): `(pair, class, [f64 bound, f32 bound])`,
/// a fraction of the cases against parry3d-f64 and parry3d (f32); a class not listed for a pair,
/// or listed with 0, is bounded by 0.
#[rustfmt::skip]
const BOUNDS: &[(&str, &str, [f64; 2])] = &[
    ("sphere_aabb", PARRY_LATE, [0.0, 0.006]),
    ("sphere_aabb", TINY_MISSES, [0.039, 0.195]),
    ("sphere_aabb", TINY_START, [0.05, 0.0]),
    ("sphere_aabb", TINY_LATE, [0.102, 0.029]),
    ("sphere_aabb", TINY_EARLY, [0.038, 0.057]),
    ("sphere_aabb", TINY_PHANTOM, [0.006, 0.003]),
    ("sphere_obb", PARRY_LATE, [0.0, 0.004]),
    ("sphere_obb", TINY_MISSES, [0.041, 0.197]),
    ("sphere_obb", TINY_START, [0.044, 0.0]),
    ("sphere_obb", TINY_LATE, [0.113, 0.033]),
    ("sphere_obb", TINY_EARLY, [0.039, 0.052]),
    ("sphere_obb", TINY_PHANTOM, [0.005, 0.003]),
    ("sphere_triangle", PARRY_MISSES, [0.0, 0.001]),
    ("sphere_triangle", PARRY_LATE, [0.0, 0.003]),
    ("sphere_triangle", PARRY_EARLY, [0.002, 0.0]),
    ("sphere_triangle", TINY_MISSES, [0.045, 0.183]),
    ("sphere_triangle", TINY_START, [0.052, 0.0]),
    ("sphere_triangle", TINY_LATE, [0.102, 0.023]),
    ("sphere_triangle", TINY_EARLY, [0.045, 0.048]),
    ("sphere_triangle", TINY_PHANTOM, [0.012, 0.008]),
    ("sphere_capsule", PARRY_MISSES, [0.0, 0.001]),
    ("sphere_capsule", PARRY_LATE, [0.0, 0.008]),
    ("sphere_capsule", TINY_MISSES, [0.042, 0.234]),
    ("sphere_capsule", TINY_START, [0.083, 0.0]),
    ("sphere_capsule", TINY_LATE, [0.099, 0.024]),
    ("sphere_capsule", TINY_EARLY, [0.008, 0.029]),
    ("sphere_capsule", TINY_PHANTOM, [0.004, 0.003]),
    ("capsule_capsule", PARRY_MISSES, [0.0, 0.001]),
    ("capsule_capsule", PARRY_LATE, [0.0, 0.003]),
    ("capsule_capsule", TINY_MISSES, [0.035, 0.284]),
    ("capsule_capsule", TINY_START, [0.06, 0.0]),
    ("capsule_capsule", TINY_LATE, [0.048, 0.01]),
    ("capsule_capsule", TINY_EARLY, [0.011, 0.01]),
    ("capsule_capsule", TINY_PHANTOM, [0.002, 0.001]),
    ("aabb_aabb", TINY_MISSES, [0.014, 0.258]),
    ("aabb_aabb", TINY_START, [0.011, 0.0]),
    ("aabb_aabb", TINY_LATE, [0.026, 0.019]),
    ("aabb_aabb", TINY_EARLY, [0.046, 0.02]),
    ("aabb_aabb", TINY_PHANTOM, [0.004, 0.002]),
    ("obb_obb", TINY_MISSES, [0.017, 0.239]),
    ("obb_obb", TINY_START, [0.024, 0.0]),
    ("obb_obb", TINY_LATE, [0.073, 0.029]),
    ("obb_obb", TINY_EARLY, [0.041, 0.025]),
    ("obb_obb", TINY_PHANTOM, [0.005, 0.001]),
    ("triangle_aabb", TINY_MISSES, [0.047, 0.239]),
    ("triangle_aabb", TINY_START, [0.03, 0.0]),
    ("triangle_aabb", TINY_LATE, [0.077, 0.017]),
    ("triangle_aabb", TINY_EARLY, [0.043, 0.017]),
    ("triangle_aabb", TINY_PHANTOM, [0.012, 0.003]),
];

/// One `#[test]` per row: `test: spec, parry_a, parry_b, normal;` compares the sweep `spec`
/// against parry's cast of the shapes `parry_a(a)`, `parry_b(b)`, with the referee normal
/// `normal(a, b)`, and finishes the tally against the pair's bounds (the pair named by the spec).
macro_rules! rows {
    ($min_agree:expr, $column:expr; $($test:ident: $spec:expr, $pa:ident, $pb:ident, $normal:ident;)*) => {$(
        #[test]
        fn $test() {
            let spec = $spec;
            let pair = spec.name;
            run_pair(&spec, |a, b| ($pa(a), $pb(b)), $normal).finish($min_agree, pair, $column);
        }
    )*};
}

/// The differential for one parry build and scalar: `$parry` the crate, `$T` the scalar, `$trace`
/// the traced copy of its cast, `$same_time` the time difference that still agrees, `$angle_tol`
/// the normal difference that still agrees, `$normal_bound` the largest normal difference counted
/// as [`PARRY_NORMAL`], `$column` the column of each pair's class bounds in [`BOUNDS`], `$min_agree` the least fraction of
/// cases on which the libraries agree.
macro_rules! differential {
    ($name:ident, $parry:ident, $T:ty, $trace:ident, $same_time:expr, $angle_tol:expr, $normal_bound:expr, $column:expr, $min_agree:expr) => {
        pub(crate) mod $name {
        use super::*;
        use osculate_dynamic::Impact;
        use osculate_testing::{GenerateAny, Pair};
        use osculate_math::{Aabb, Capsule, Obb, Point3, Sphere, Triangle, Vector3};
        use $parry::math::Pose;
        use $parry::query::{ShapeCastHit, ShapeCastOptions, cast_shapes};
        use $parry::shape::Shape;

        use super::super::parry_trace::$trace::trace_cast;
        use super::super::parry_trace::Trace;
        use super::super::properties::{
            Bracket, Moving, Spec, bracket, capsule_capsule, in_bracket, scene, sphere_aabb,
            sphere_capsule, sphere_obb, sphere_sphere, sphere_triangle,
        };

        /// Times closer than this are the same answer (f64: parry's GJK-based cast stops within about
        /// 1e-8 of the scale, the closed forms are exact up to rounding; f32: parry3d's absolute and
        /// relative GJK tolerances are 1.2e-6 and 1.1e-3).
        const SAME_TIME: T = $same_time;

        type T = $T;

        use osculate_testing::parry::$parry::{self as conv, vector as w};

        /// A parry shape with its pose.
        pub(super) struct Posed {
            pose: Pose,
            shape: Box<dyn Shape>,
        }

        pub(super) fn ball(s: &Sphere<T>) -> Posed {
            let (pose, ball) = conv::ball(s);
            Posed { pose, shape: Box::new(ball) }
        }

        pub(super) fn cuboid(b: &Obb<T>) -> Posed {
            let (pose, cuboid) = conv::obb(b);
            Posed { pose, shape: Box::new(cuboid) }
        }

        fn capsule(c: &Capsule<T>) -> Posed {
            Posed { pose: Pose::IDENTITY, shape: Box::new(conv::capsule(c)) }
        }

        fn triangle(t: &Triangle<T>) -> Posed {
            Posed { pose: Pose::IDENTITY, shape: Box::new(conv::triangle(t)) }
        }

        /// Parry's cast over `[0, 1]` with the displacements as velocities; the normal (outward on the
        /// first shape) taken to world space.
        pub(super) fn parry_cast(a: &Posed, va: &Vector3<T>, b: &Posed, vb: &Vector3<T>) -> Option<ShapeCastHit> {
            let options = ShapeCastOptions {
                max_time_of_impact: 1.0,
                target_distance: 0.0,
                stop_at_penetration: true,
                compute_impact_geometry_on_penetration: true,
            };
            let hit = cast_shapes(&a.pose, w(va), &*a.shape, &b.pose, w(vb), &*b.shape, options);
            let hit = hit.ok().flatten()?;
            Some(ShapeCastHit { normal1: a.pose.rotation * hit.normal1, ..hit })
        }

        /// Parry's precision at unit scale, in multiples of the test tolerance (its GJK-based cast stops
        /// within a few 1e-8 of the contact: 100 × 1e-9 × 10 = 1e-6 of the scale).
        const PARRY_PRECISION: T = 100.0;
        /// The largest normal error of parry's counted in [`PARRY_NORMAL`] (seen: 1.5e-3 on 1,000 seeds,
        /// 3.4e-3 on 20,000).
        const PARRY_NORMAL_BOUND: T = $normal_bound;

        /// One scene's answers (printed with a failing case).
        #[derive(Debug)]
        #[allow(dead_code, reason = "read through Debug in failure messages")]
        struct Answers {
            ours: Option<Impact<T>>,
            parry: Option<ShapeCastHit>,
            bracket: Bracket<T>,
            trace: Option<Trace>,
            /// The referee distance at parry's time and at ours.
            at_parry: Option<T>,
            at_ours: Option<T>,
        }

        /// Parry's cast traced ([`trace_cast`]) when it goes through the support-map cast (every pair
        /// here but ball-ball, which parry answers in closed form).
        fn traced(a: &Posed, va: &Vector3<T>, b: &Posed, vb: &Vector3<T>) -> Option<Trace> {
            if a.shape.as_ball().is_some() && b.shape.as_ball().is_some() {
                return None;
            }
            let (ga, gb) = (a.shape.as_support_map()?, b.shape.as_support_map()?);
            Some(trace_cast(&a.pose, w(va), ga, &b.pose, w(vb), gb))
        }

        /// Our answer checked by samples of the referee distance, without the bracket's search: a
        /// contact after `t = 0` is touching (`|d| ≤ tol`) and 64 evenly spaced earlier times are not
        /// penetrating (`d > −tol`); a miss has no penetrating time among 65 samples of `[0, 1]`.
        fn ours_sampled(d: &impl Fn(T) -> T, ours: Option<Impact<T>>, tol: T) -> Result<(), String> {
            let end = match ours {
                Some(h) if h.initially_overlapping => return Ok(()),
                Some(h) if !(d(h.toi).abs() <= tol) => {
                    return Err(format!("distance {:?} at our time", d(h.toi)));
                }
                Some(h) => h.toi,
                None => 1.0,
            };
            let n = if ours.is_some() { 64 } else { 65 };
            for i in 0..n {
                let t = end * (i as T) / 64.0;
                if !(d(t) > -tol) {
                    return Err(format!("penetrating by {:?} at {t} before our time", d(t)));
                }
            }
            Ok(())
        }

        /// Runs one pair over the seeds. `to_parry` poses the two shapes for parry; `normal` gives the
        /// referee's unit normal at a time when it is unique (or `None`, normals not compared).
        fn run_pair<A, B>(
            spec: &Spec<T, A, B>,
            to_parry: impl Fn(&A, &B) -> (Posed, Posed),
            normal: impl Fn(&A, &B) -> Option<(Vector3<T>, T)>,
        ) -> Tally
        where
            A: Moving<T> + GenerateAny<Scalar = T>,
            B: Moving<T> + GenerateAny<Scalar = T>,
        {
            let mut tally = Tally {
                query: spec.name,
                cases: 0,
                agree: 0,
                classes: BTreeMap::new(),
                mechanisms: BTreeMap::new(),
                traced: 0,
            };
            for seed in 0..seeds() {
                let pair = Pair::<A, B>::from_seed(seed);
                let (a, b) = (&pair.a, &pair.b);
                let (va, vb, tol, _) = scene(&pair);
                let d = |t: T| (spec.distance)(&a.shifted(&(va * t)), &b.shifted(&(vb * t)));
                let br = bracket(&d, tol);
                let ours = (spec.sweep)(a, &va, b, &vb);
                let (pa, pb) = to_parry(a, b);
                let parry = parry_cast(&pa, &va, &pb, &vb);
                let trace = traced(&pa, &va, &pb, &vb);
                if let Some(t) = trace {
                    assert_eq!(
                        t.toi.map(f64::to_bits),
                        parry.map(|p| f64::from(p.time_of_impact).to_bits()),
                        "the traced copy of parry's cast does not reproduce it, seed {seed}: {t:?}"
                    );
                    tally.traced += 1;
                }
                let at_parry = parry.map(|p| d(p.time_of_impact));
                let at_ours = ours.map(|h| d(h.toi));
                let answers = Answers { ours, parry, bracket: br, trace, at_parry, at_ours };
                let context = || {
                    format!(
                        "{}, seed {seed}: a = {a:?}, b = {b:?}, va = {va:?}, vb = {vb:?}, tol = {tol:?}\n{answers:?}",
                        spec.name
                    )
                };
                if let Err(e) = in_bracket(ours.map(|h| h.toi), &br) {
                    panic!("osculate is wrong: {e}\n{}", context());
                }
                let same = match (ours, parry) {
                    (None, None) => true,
                    (Some(o), Some(p)) => (o.toi - p.time_of_impact).abs() <= SAME_TIME,
                    _ => false,
                };
                if same {
                    // The normals, where unique: at a contact after t = 0 (parry's normal at a penetration
                    // is its own convention) that both found.
                    if let (Some(o), Some(p)) = (ours, parry)
                        && !o.initially_overlapping
                        && p.time_of_impact > 0.0
                        && let Some(n) = normal(&a.shifted(&(va * o.toi)), &b.shifted(&(vb * o.toi)))
                    {
                        let pn = Vector3::new(p.normal1.x, p.normal1.y, p.normal1.z);
                        // Plus the referee's own rounding: 64 ε of the coordinates over the
                        // length the normal is measured along (in f32, a far scene's
                        // coordinates of 1e4 turn it by 1e-2).
                        let (n, length) = n;
                        let sc = super::super::properties::scene_scale(a, &va, b, &vb);
                        let angle_tol: T = $angle_tol + 64.0 * T::EPSILON * sc / length;
                        let ours_ok = (o.normal.into_inner() - n).norm() <= angle_tol;
                        let parry_ok = (pn - n).norm() <= angle_tol;
                        if !ours_ok {
                            panic!("osculate's normal is wrong (referee {n:?})\n{}", context());
                        }
                        if !parry_ok {
                            assert!(
                                (pn - n).norm() <= PARRY_NORMAL_BOUND,
                                "unclassified: parry's normal {pn:?} is {} off\n{}",
                                (pn - n).norm(),
                                context()
                            );
                            tally.class(PARRY_NORMAL);
                            continue;
                        }
                    }
                    tally.agree += 1;
                    tally.cases += 1;
                    continue;
                }
                let tiny = super::super::properties::scene_scale(a, &va, b, &vb) < 1e-2;
                let class = match in_bracket(parry.map(|p| p.time_of_impact), &br) {
                    Ok(()) => GRAZE,
                    Err(_) => {
                        // The independent proof that parry is wrong in this way, from the referee distance
                        // evaluated directly (no bracket search) and the overlap layer, and the same check
                        // of our answer (touching at our time, apart at 64 earlier samples).
                        let at = |t: T| (a.shifted(&(va * t)), b.shifted(&(vb * t)));
                        let overlap = |t: T| {
                            let (x, y) = at(t);
                            (spec.overlap)(&x, &y)
                        };
                        let (kind, proved) = match (parry, br.deep) {
                            (None, Some(deep)) => (Kind::Misses, d(deep) <= -tol && overlap(deep)),
                            (Some(p), Some(_)) if p.time_of_impact > 0.0 && d(0.0) <= -tol => {
                                (Kind::StartOverlap, overlap(0.0))
                            }
                            (Some(p), Some(deep)) if p.time_of_impact > deep => {
                                (Kind::Late, d(deep) <= -tol && overlap(deep))
                            }
                            (Some(p), _) => {
                                let t = p.time_of_impact;
                                let kind = if br.near.is_some() { Kind::Early } else { Kind::Phantom };
                                (kind, d(t) > tol && !overlap(t))
                            }
                            (None, None) => (Kind::Misses, false), // in the bracket: not reached
                        };
                        assert!(
                            proved,
                            "unclassified: {kind:?} not proved, distance {:?} at parry's time\n{}",
                            parry.map(|p| d(p.time_of_impact)),
                            context()
                        );
                        if let Err(e) = ours_sampled(&d, ours, tol) {
                            panic!("osculate is wrong by the samples: {e}\n{}", context());
                        }
                        // A tiny scene counts as such when the same scene scaled up by 1e4 (times
                        // of impact are invariant under scaling) is answered right by parry, within
                        // its own precision at unit scale (the bracket of 100 tol); else its
                        // failure is not the scale's, and it counts at unit scale.
                        let tiny = tiny && {
                            let k = 1e4;
                            let (sa, sb) = to_parry(&a.scaled(k), &b.scaled(k));
                            let scaled = parry_cast(&sa, &(va * k), &sb, &(vb * k));
                            let loose = bracket(&d, tol * PARRY_PRECISION);
                            in_bracket(scaled.map(|p| p.time_of_impact), &loose).is_ok()
                        };
                        let class = kind.class(tiny);
                        let exit = trace.map_or_else(
                            || "closed form".to_string(),
                            |t| {
                                let refused = if t.rejected > 0 { ", a support point refused" } else { "" };
                                format!("{:?}{refused}", t.exit)
                            },
                        );
                        *tally.mechanisms.entry((class, exit)).or_default() += 1;
                        class
                    }
                };
                if !tally.classes.contains_key(class) {
                    eprintln!("first of class {class}: {}", context());
                }
                tally.class(class);
            }
            tally
        }

        /// The referee's normal of a ball touching a shape: from the ball's center toward the shape's
        /// closest point, unique when the ball has a radius well above the tolerance (else its center is
        /// on the shape and the direction is the shape's feature's, not unique at edges).
        fn ball_normal(s: &Sphere<T>, closest: &Point3<T>) -> Option<(Vector3<T>, T)> {
            let d = closest - s.center;
            (s.radius > 1e-3 && d.norm() > 1e-3).then(|| (d.normalize(), d.norm()))
        }

        fn ball_ball_normal(a: &Sphere<T>, b: &Sphere<T>) -> Option<(Vector3<T>, T)> {
            ball_normal(a, &osculate_closest::closest_point_on_sphere(&a.center, b))
        }

        fn ball_aabb_normal(a: &Sphere<T>, b: &Aabb<T>) -> Option<(Vector3<T>, T)> {
            ball_normal(a, &osculate_closest::closest_point_on_aabb(&a.center, b))
        }

        fn ball_obb_normal(a: &Sphere<T>, b: &Obb<T>) -> Option<(Vector3<T>, T)> {
            ball_normal(a, &osculate_closest::closest_point_on_obb(&a.center, b))
        }

        fn ball_triangle_normal(a: &Sphere<T>, b: &Triangle<T>) -> Option<(Vector3<T>, T)> {
            ball_normal(a, &super::super::properties::on_triangle(&a.center, b))
        }

        /// Ball against capsule: the ball grown by the capsule's radius against its axis.
        fn ball_capsule_normal(a: &Sphere<T>, b: &Capsule<T>) -> Option<(Vector3<T>, T)> {
            let on_axis = osculate_closest::closest_point_on_segment(&a.center, &b.segment()).point;
            ball_normal(&Sphere::new(a.center, a.radius + b.radius), &on_axis)
        }

        /// No referee normal (the pair has no unique one to compare).
        fn no_normal<A, B>(_: &A, _: &B) -> Option<(Vector3<T>, T)> {
            None
        }

        fn aabb(b: &Aabb<T>) -> Posed {
            cuboid(&b.to_obb())
        }

        use super::super::properties::{aabb_aabb, obb_obb, triangle_aabb};

        // The GJK ray cast (`convex_convex`, the `gjk_cast_` rows) on the pairs that are support
        // maps, against the same parry answers and referee, with the same class bounds (the
        // classes count parry's wrong answers, which do not depend on ours).
        rows! { $min_agree, $column;
            ball_ball: sphere_sphere(), ball, ball, ball_ball_normal;
            ball_cuboid_aabb: sphere_aabb(), ball, aabb, ball_aabb_normal;
            ball_cuboid_obb: sphere_obb(), ball, cuboid, ball_obb_normal;
            ball_triangle: sphere_triangle(), ball, triangle, ball_triangle_normal;
            ball_capsule: sphere_capsule(), ball, capsule, ball_capsule_normal;
            capsule_capsule_pair: capsule_capsule(), capsule, capsule, no_normal;
            cuboid_cuboid_aabb: aabb_aabb(), aabb, aabb, no_normal;
            cuboid_cuboid_obb: obb_obb(), cuboid, cuboid, no_normal;
            triangle_cuboid: triangle_aabb(), triangle, aabb, no_normal;
            gjk_cast_ball_cuboid_obb: sphere_obb().by_gjk_cast(), ball, cuboid, ball_obb_normal;
            gjk_cast_ball_capsule: sphere_capsule().by_gjk_cast(), ball, capsule, ball_capsule_normal;
            gjk_cast_capsule_capsule: capsule_capsule().by_gjk_cast(), capsule, capsule, no_normal;
            gjk_cast_cuboid_cuboid_obb: obb_obb().by_gjk_cast(), cuboid, cuboid, no_normal;
            gjk_cast_triangle_cuboid: triangle_aabb().by_gjk_cast(), triangle, aabb, no_normal;
        }
        }
    };
}

differential!(in_f64, parry3d_f64, f64, in_f64, 1e-6, 1e-4, 5e-3, 0, 0.7);
differential!(in_f32, parry3d, f32, in_f32, 1e-4, 1e-3, 0.2, 1, 0.5);

/// The NaN policy (DESIGN.md: a NaN anywhere never produces a confident answer) is stricter than
/// parry's; both answers are asserted on three inputs, ball against unit cube:
///
/// 1. A ball with a NaN center coordinate: parry reports an impact at `t = 0` ("converged"), a
///    finite witness on the ball and a finite normal (its NaN witness on the cube aside).
/// 2. A cube with a NaN half extent: the same, an impact at `t = 0`.
/// 3. A NaN displacement: parry reports a hit whose time of impact is NaN (`Some`, "converged").
///
/// Ours: `None` for all three.
#[test]
fn nan_policy_vs_parry() {
    use in_f64::{ball, cuboid, parry_cast};
    use osculate_dynamic as od;
    use osculate_math::{Obb, Point3, Rotation3, Sphere, Vector3};
    use parry3d_f64::query::{ShapeCastHit, ShapeCastStatus};
    let nan = f64::NAN;
    let unit = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(1.0, 1.0, 1.0));
    let toward = Vector3::new(-10.0, 0.0, 0.0);
    let zero = Vector3::zeros();
    let converged_at_zero = |h: &Option<ShapeCastHit>| {
        h.is_some_and(|h| {
            h.time_of_impact == 0.0
                && h.status == ShapeCastStatus::Converged
                && h.normal1.is_finite()
                && h.witness1.is_finite()
        })
    };
    // 1.
    let s = Sphere::new(Point3::new(5.0, nan, 0.0), 0.5);
    assert!(od::sphere_obb(&s, &toward, &unit, &zero).is_none());
    let p1 = parry_cast(&ball(&s), &toward, &cuboid(&unit), &zero);
    assert!(converged_at_zero(&p1), "{p1:?}");
    // 2.
    let b = Obb { half_extents: Vector3::new(nan, 1.0, 1.0), ..unit };
    let ok = Sphere::new(Point3::new(5.0, 0.0, 0.0), 0.5);
    assert!(od::sphere_obb(&ok, &toward, &b, &zero).is_none());
    let p2 = parry_cast(&ball(&ok), &toward, &cuboid(&b), &zero);
    assert!(converged_at_zero(&p2), "{p2:?}");
    // 3.
    let nan_v = Vector3::new(nan, 0.0, 0.0);
    assert!(od::sphere_obb(&ok, &nan_v, &unit, &zero).is_none());
    let p3 = parry_cast(&ball(&ok), &nan_v, &cuboid(&unit), &zero);
    assert!(p3.is_some_and(|h| h.time_of_impact.is_nan()), "{p3:?}");
}
