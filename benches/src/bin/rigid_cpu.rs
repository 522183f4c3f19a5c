//! The `rigid_*` rows timed by thread CPU time (`cargo run --release -p osculate-benches --bin
//! rigid_cpu`): the rows' own scenes (the same generator, seeds and sets as
//! `benches/rows/rigid.rs`), osculate's `convex_convex_rigid` and parry's
//! `cast_shapes_nonlinear_support_map_support_map` on each set, interleaved, best of `--rounds`
//! rounds (default 3) of at least 0.3 s each; printed as osculate's time over parry's.
//!
//! `--only ROW` keeps the rows whose name contains `ROW`; `--profile ROW PRECISION SET N` runs
//! osculate alone on one set `N` times (for valgrind), printing the mean distance evaluations.

use osculate::dynamic::{RigidMotion, RigidOptions, convex_convex_rigid};
use osculate_benches::convert::{p32, p64};
use osculate_benches::input::{Inputs, Narrow, inputs};
use osculate_math::{
    Capsule, Cone, ConvexPolyhedron, Cylinder, Isometry3, Obb, Point3, Rotation3, Translation3,
    UnitQuaternion, Vector3,
};
use osculate_testing::Rng;
use std::f64::consts::TAU;
use std::hint::black_box;

/// The CPU time this thread has run, in seconds (Linux's `schedstat`).
fn thread_cpu_seconds() -> f64 {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    let ns: f64 = s.split_whitespace().next().and_then(|x| x.parse().ok()).unwrap_or(f64::NAN);
    ns * 1e-9
}

/// The CPU time per call of one pass of `f` over its set, repeated for at least 0.3 s.
fn round(mut f: impl FnMut()) -> f64 {
    let t = thread_cpu_seconds();
    let mut calls = 0u32;
    loop {
        f();
        calls += 1;
        let spent = thread_cpu_seconds() - t;
        if spent >= 0.3 {
            return spent / f64::from(calls);
        }
    }
}

trait Body: Sized {
    fn body(rng: &mut Rng) -> Self;
    fn reach(&self) -> f64;
}

fn size(rng: &mut Rng) -> f64 {
    rng.range(0.2, 1.0)
}

fn on_y(h: f64) -> Point3<f64> {
    Point3::new(0.0, h, 0.0)
}

impl Body for Obb<f64> {
    fn body(rng: &mut Rng) -> Self {
        let e = Vector3::new(size(rng), size(rng), size(rng));
        Obb::new(Point3::origin(), Rotation3::identity(), e)
    }
    fn reach(&self) -> f64 {
        self.half_extents.norm()
    }
}

impl Body for Capsule<f64> {
    fn body(rng: &mut Rng) -> Self {
        let (h, r) = (size(rng), 0.5 * size(rng));
        Capsule::new(on_y(-h), on_y(h), r)
    }
    fn reach(&self) -> f64 {
        self.b.y + self.radius
    }
}

impl Body for Cylinder<f64> {
    fn body(rng: &mut Rng) -> Self {
        let (h, r) = (size(rng), size(rng));
        Cylinder::new(on_y(-h), on_y(h), r)
    }
    fn reach(&self) -> f64 {
        self.b.y.hypot(self.radius)
    }
}

impl Body for Cone<f64> {
    fn body(rng: &mut Rng) -> Self {
        let (h, r) = (size(rng), size(rng));
        Cone::new(on_y(h), -Vector3::y_axis(), 2.0 * h, r)
    }
    fn reach(&self) -> f64 {
        (self.height / 2.0).hypot(self.radius)
    }
}

fn has_hulls(p: &ConvexPolyhedron<f64>) -> bool {
    p64::hull(p).is_some() && p32::hull(&p.narrow()).is_some()
}

impl Body for ConvexPolyhedron<f64> {
    fn body(rng: &mut Rng) -> Self {
        loop {
            let count = 8 + rng.index(5);
            let points: Vec<Point3<f64>> = (0..count)
                .map(|_| Point3::from(rng.unit_vector::<f64>().into_inner() * rng.range(0.3, 1.0)))
                .collect();
            if let Ok(p) = ConvexPolyhedron::try_from_points(&points)
                && has_hulls(&p)
            {
                return p;
            }
        }
    }
    fn reach(&self) -> f64 {
        self.vertices.iter().map(|p| p.coords.norm()).fold(0.0, f64::max)
    }
}

fn v3(rng: &mut Rng, lo: f64, hi: f64) -> Vector3<f64> {
    rng.unit_vector::<f64>().into_inner() * rng.range(lo, hi)
}

type Scene<A, B, T = f64> = ((A, RigidMotion<T>), (B, RigidMotion<T>));

/// Named sets of scenes (the rows' `meet10` and `meet90`).
type SceneSets<A, B, T = f64> = [(String, Vec<Scene<A, B, T>>)];

fn scene<A: Body, B: Body>(rng: &mut Rng) -> Scene<A, B> {
    let (a, b) = (A::body(rng), B::body(rng));
    let far = (a.reach() + b.reach()) * rng.range(0.8, 2.0);
    let at_b = v3(rng, 1.0, 1.0) * far;
    let (linvel, angvel) = if rng.chance(0.5) {
        (v3(rng, 0.5 * far, 2.0 * far), v3(rng, 2.0 * TAU, 8.0 * TAU))
    } else {
        (at_b * rng.range(0.6, 2.0) + v3(rng, 0.0, 0.3 * far), v3(rng, 0.0, TAU))
    };
    let posed = |rng: &mut Rng, at: Vector3<f64>| {
        Isometry3::from_parts(
            Translation3::from(at),
            UnitQuaternion::from_scaled_axis(v3(rng, 0.0, 3.0)),
        )
    };
    let ma = RigidMotion::new(posed(rng, Vector3::zeros()), Point3::origin(), linvel, angvel);
    let still = rng.chance(0.5);
    let start_b = posed(rng, at_b);
    let mb = if still {
        RigidMotion::new(start_b, Point3::origin(), Vector3::zeros(), Vector3::zeros())
    } else {
        RigidMotion::new(
            start_b,
            Point3::origin(),
            v3(rng, 0.0, 0.5 * far),
            v3(rng, 0.0, TAU / 2.0),
        )
    };
    ((a, ma), (b, mb))
}

fn scenes<A, B>(seed: u64) -> Inputs<Scene<A, B>>
where
    A: Body + Clone + Narrow + osculate::closest::SupportMap<f64>,
    B: Body + Clone + Narrow + osculate::closest::SupportMap<f64>,
    Scene<A, B>: Narrow,
{
    inputs(seed, "meet", scene::<A, B>, |x| {
        convex_convex_rigid(&x.0.0, &x.0.1, &x.1.0, &x.1.1, &RigidOptions::default()).is_some()
    })
}

struct Args {
    only: Option<String>,
    rounds: usize,
    profile: Option<(String, String, String, usize)>,
}

fn args() -> Args {
    let mut a = Args { only: None, rounds: 3, profile: None };
    let v: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < v.len() {
        match v[i].as_str() {
            "--only" => {
                a.only = v.get(i + 1).cloned();
                i += 1;
            }
            "--rounds" => {
                a.rounds = v.get(i + 1).and_then(|x| x.parse().ok()).unwrap_or(3);
                i += 1;
            }
            "--profile" if i + 4 < v.len() => {
                a.profile = Some((
                    v[i + 1].clone(),
                    v[i + 2].clone(),
                    v[i + 3].clone(),
                    v[i + 4].parse().unwrap_or(1),
                ));
                i += 4;
            }
            _ => {}
        }
        i += 1;
    }
    a
}

macro_rules! row {
    ($args:ident, $name:literal, $seed:literal, $A:ty, $B:ty,
     |$sa:ident| $conv_a:expr, |$sb:ident| $conv_b:expr) => {{
        let name = $name;
        if $args.only.as_ref().is_none_or(|o| name.contains(o.as_str()))
            && $args.profile.as_ref().is_none_or(|p| p.0 == name)
        {
            let d = scenes::<$A, $B>($seed);
            let o64 = RigidOptions::<f64>::default();
            let o32 = RigidOptions::<f32>::default();
            if let Some((_, prec, set, n)) = &$args.profile {
                let (evals, calls) = if prec == "census" {
                    census(&d.f32.sets, set);
                    (0, 1)
                } else if prec == "parry32" {
                    for (_, set32) in d.f32.sets.iter().filter(|s| &s.0 == set) {
                        let q32: Vec<_> = set32.iter().map(|x| {
                            let $sa = &x.0.0;
                            let (fa, ga) = { #[allow(unused_imports)] use parry3d::math::Pose; use p32 as cv; $conv_a };
                            let $sb = &x.1.0;
                            let (fb, gb) = { #[allow(unused_imports)] use parry3d::math::Pose; use p32 as cv; $conv_b };
                            (p32::rigid_motion(&x.0.1, &fa), ga, p32::rigid_motion(&x.1.1, &fb), gb)
                        }).collect();
                        for _ in 0..*n {
                            parry_loop(|| for p in &q32 {
                                black_box(parry3d::query::details::cast_shapes_nonlinear_support_map_support_map(
                                    &parry3d::query::DefaultQueryDispatcher, &p.0, &p.1, &p.1, &p.2, &p.3, &p.3, 0.0, 1.0,
                                    parry3d::query::details::NonlinearShapeCastMode::StopAtPenetration));
                            });
                        }
                    }
                    (0, 1)
                } else if prec == "f32" {
                    profile_loop(&d.f32.sets, set, *n, &o32)
                } else {
                    profile_loop(&d.f64.sets, set, *n, &o64)
                };
                println!("{name} {prec} {set}: {calls} calls, {:.2} evaluations per hit call", evals as f64 / calls as f64);
            } else {
                let mut line = format!("{name:32}");
                for k in 0..d.f64.sets.len() {
                    let set = &d.f64.sets[k].1;
                    let set32 = &d.f32.sets[k].1;
                    let q64: Vec<_> = set.iter().map(|x| {
                        let $sa = &x.0.0;
                        let (fa, ga) = { #[allow(unused_imports)] use parry3d_f64::math::Pose; use p64 as cv; $conv_a };
                        let $sb = &x.1.0;
                        let (fb, gb) = { #[allow(unused_imports)] use parry3d_f64::math::Pose; use p64 as cv; $conv_b };
                        (p64::rigid_motion(&x.0.1, &fa), ga, p64::rigid_motion(&x.1.1, &fb), gb)
                    }).collect();
                    let q32: Vec<_> = set32.iter().map(|x| {
                        let $sa = &x.0.0;
                        let (fa, ga) = { #[allow(unused_imports)] use parry3d::math::Pose; use p32 as cv; $conv_a };
                        let $sb = &x.1.0;
                        let (fb, gb) = { #[allow(unused_imports)] use parry3d::math::Pose; use p32 as cv; $conv_b };
                        (p32::rigid_motion(&x.0.1, &fa), ga, p32::rigid_motion(&x.1.1, &fb), gb)
                    }).collect();
                    let mut best = [f64::INFINITY; 4];
                    for _ in 0..$args.rounds {
                        best[0] = best[0].min(round(|| {
                            for x in set32 {
                                black_box(convex_convex_rigid(&x.0.0, &x.0.1, &x.1.0, &x.1.1, &o32));
                            }
                        }));
                        best[1] = best[1].min(round(|| {
                            for p in &q32 {
                                black_box(parry3d::query::details::cast_shapes_nonlinear_support_map_support_map(
                                    &parry3d::query::DefaultQueryDispatcher, &p.0, &p.1, &p.1, &p.2, &p.3, &p.3, 0.0, 1.0,
                                    parry3d::query::details::NonlinearShapeCastMode::StopAtPenetration));
                            }
                        }));
                        best[2] = best[2].min(round(|| {
                            for x in set {
                                black_box(convex_convex_rigid(&x.0.0, &x.0.1, &x.1.0, &x.1.1, &o64));
                            }
                        }));
                        best[3] = best[3].min(round(|| {
                            for p in &q64 {
                                black_box(parry3d_f64::query::details::cast_shapes_nonlinear_support_map_support_map(
                                    &parry3d_f64::query::DefaultQueryDispatcher, &p.0, &p.1, &p.1, &p.2, &p.3, &p.3, 0.0, 1.0,
                                    parry3d_f64::query::details::NonlinearShapeCastMode::StopAtPenetration));
                            }
                        }));
                    }
                    let n = set.len() as f64;
                    line += &format!(
                        " | {}: f32 {:.2} ({:.0}/{:.0} ns) f64 {:.2} ({:.0}/{:.0} ns)",
                        d.f64.sets[k].0,
                        best[0] / best[1], best[0] / n * 1e9, best[1] / n * 1e9,
                        best[2] / best[3], best[2] / n * 1e9, best[3] / n * 1e9,
                    );
                }
                println!("{line}");
            }
        }
    }};
}

/// osculate alone on the set named `set`, `n` times: the distance evaluations of the calls that
/// return an impact, and the calls.
#[inline(never)]
fn profile_loop<T, A, B>(
    sets: &SceneSets<A, B, T>,
    set: &str,
    n: usize,
    o: &RigidOptions<T>,
) -> (usize, usize)
where
    T: osculate_math::Real,
    A: osculate::closest::SupportMap<T>,
    B: osculate::closest::SupportMap<T>,
{
    let (mut evals, mut calls) = (0, 0);
    for _ in 0..n {
        for (_, x) in sets.iter().filter(|s| s.0 == set) {
            for x in x {
                let h = convex_convex_rigid(&x.0.0, &x.0.1, &x.1.0, &x.1.1, o);
                evals += h.map_or(0, |h| h.iterations);
                calls += 1;
                black_box(h);
            }
        }
    }
    (evals, calls)
}

/// One pass of parry over a set (a name for valgrind's toggle).
#[inline(never)]
fn parry_loop(f: impl FnOnce()) {
    f();
}

/// Distance evaluations per scene by class (found by the least `max_iterations` that ends the
/// search), for f32.
fn census<A, B>(sets: &SceneSets<A, B, f32>, set: &str)
where
    A: osculate::closest::SupportMap<f32>,
    B: osculate::closest::SupportMap<f32>,
{
    use osculate::dynamic::RigidStatus;
    let mut tally = std::collections::BTreeMap::<String, (usize, usize)>::new();
    for (_, x) in sets.iter().filter(|s| s.0 == set) {
        for x in x {
            let o = RigidOptions::<f32>::default();
            let full = convex_convex_rigid(&x.0.0, &x.0.1, &x.1.0, &x.1.1, &o);
            let evals = match full {
                Some(h) => h.iterations,
                None => (1..=512)
                    .find(|&k| {
                        let o = RigidOptions::<f32> { max_iterations: k, ..o };
                        convex_convex_rigid(&x.0.0, &x.0.1, &x.1.0, &x.1.1, &o)
                            .is_none_or(|h| h.status != RigidStatus::HitIterationBound)
                    })
                    .map_or(0, |k| {
                        // zero when the search never ran (no evaluation)
                        let o = RigidOptions::<f32> { max_iterations: 0, ..o };
                        let _ = o;
                        k
                    }),
            };
            let spin =
                if x.0.1.angvel.norm() > 1.5 * std::f32::consts::TAU { "spin" } else { "aim" };
            let b = if x.1.1.angvel.norm() == 0.0 { "Bstill" } else { "Bturn" };
            let m = if full.is_some() { "meet" } else { "miss" };
            let e = tally.entry(format!("{spin} {b} {m}")).or_default();
            e.0 += 1;
            e.1 += evals;
        }
    }
    for (k, (n, e)) in tally {
        println!("{k:24} {n:5} scenes {e:6} evals ({:.1} each)", e as f64 / n as f64);
    }
}

fn main() {
    let args = args();
    row!(args, "rigid_box_box", 900, Obb<f64>, Obb<f64>, |a| cv::obb(a), |b| cv::obb(b));
    row!(
        args,
        "rigid_capsule_box",
        910,
        Capsule<f64>,
        Obb<f64>,
        |a| (Pose::IDENTITY, cv::capsule(a)),
        |b| cv::obb(b)
    );
    row!(args, "rigid_cylinder_cone", 920, Cylinder<f64>, Cone<f64>, |a| cv::cylinder(a), |b| {
        cv::cone(b)
    });
    row!(
        args,
        "rigid_polyhedron_polyhedron",
        930,
        ConvexPolyhedron<f64>,
        ConvexPolyhedron<f64>,
        |a| (Pose::IDENTITY, cv::kept_hull(a)),
        |b| (Pose::IDENTITY, cv::kept_hull(b))
    );
}
