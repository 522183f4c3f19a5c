//! The contact-manifold rows' inputs timed by the thread's CPU time, osculate beside parry, best
//! of several interleaved rounds (`cargo run --release -p osculate-benches --example manifold_cpu
//! [-- poly|box|cyl] [--profile poly64]`): a steadier comparison than criterion's wall time on a
//! loaded machine, and a small program to run under callgrind (`--profile poly64 1 [parry]` runs
//! one contender's loop over one set alone, 0 for overlap10 and 1 for overlap90). `--dump` prints
//! every manifold of a group's inputs (`poly`, `box` or `cyl`), to compare two builds' answers.

use std::cell::RefCell;
use std::hint::black_box;

use osculate::{closest, overlap};
use osculate_benches::convert::{p32, p64};
use osculate_benches::input::{Dists, Narrow, inputs, pair};
use osculate_math::{ConvexPolyhedron, Cylinder, Obb, Real};
use osculate_testing::Rng;

/// The CPU time this thread has run, in seconds (Linux's `schedstat`).
fn thread_cpu_seconds() -> f64 {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    let ns: f64 = s.split_whitespace().next().and_then(|x| x.parse().ok()).unwrap_or(f64::NAN);
    ns * 1e-9
}

/// The least time of one round.
const ROUND_SECONDS: f64 = 0.25;

/// One contender on one input set: its name and a closure running the whole set once.
struct Entry<'a> {
    name: String,
    set: usize,
    run: Box<dyn FnMut() + 'a>,
    best: f64,
}

/// The entries' CPU time per call, best of `rounds` interleaved rounds.
fn measure(entries: &mut [Entry<'_>], rounds: usize, per_set: usize) {
    for _ in 0..rounds {
        for e in entries.iter_mut() {
            let t = thread_cpu_seconds();
            let mut calls = 0usize;
            loop {
                (e.run)();
                calls += per_set;
                let spent = thread_cpu_seconds() - t;
                if spent >= ROUND_SECONDS {
                    e.best = e.best.min(spent / calls as f64);
                    break;
                }
            }
        }
    }
}

fn hull_ok(p: &ConvexPolyhedron<f64>) -> bool {
    p64::hull(p).is_some() && p32::hull(&p.narrow()).is_some()
}

fn hull_pair(rng: &mut Rng) -> (ConvexPolyhedron<f64>, ConvexPolyhedron<f64>) {
    loop {
        let x = pair::<ConvexPolyhedron<f64>, ConvexPolyhedron<f64>>(rng);
        if hull_ok(&x.0) && hull_ok(&x.1) {
            return x;
        }
    }
}

fn sink<T: Real>(m: &closest::Manifold<T>) -> f64 {
    m.deepest().map_or(0.0, |p| p.distance.to_f64())
}

/// osculate's prepared polyhedron manifold on each set of `d`.
fn poly_ours<'a, T: Real>(
    d: &Dists<(ConvexPolyhedron<T>, ConvexPolyhedron<T>)>,
    tag: &str,
    out: &mut Vec<Entry<'a>>,
) {
    for (k, (name, set)) in d.sets.iter().enumerate() {
        let prepared: Vec<_> = set
            .iter()
            .filter_map(|x| {
                Some((
                    closest::PolyhedronFeatures::new(&x.0).ok()?,
                    closest::PolyhedronFeatures::new(&x.1).ok()?,
                ))
            })
            .collect();
        let mut w = closest::ManifoldWorkspace::new();
        out.push(Entry {
            name: format!("poly{tag} {name} ours"),
            set: k,
            run: Box::new(move || {
                for (a, b) in &prepared {
                    black_box(sink(&closest::manifold_polyhedron_polyhedron_with(
                        a,
                        b,
                        T::lit(0.01),
                        &mut w,
                    )));
                }
            }),
            best: f64::INFINITY,
        });
    }
}

macro_rules! poly_parry {
    ($d:expr, $cv:ident, $pr:ident, $tag:expr, $out:expr) => {
        for (k, (name, set)) in $d.sets.iter().enumerate() {
            let hulls: Vec<_> =
                set.iter().map(|x| ($cv::kept_hull(&x.0), $cv::kept_hull(&x.1))).collect();
            let m = RefCell::new($pr::query::ContactManifold::<(), ()>::new());
            $out.push(Entry {
                name: format!("poly{} {name} parry", $tag),
                set: k,
                run: Box::new(move || {
                    for (a, b) in &hulls {
                        let mut m = m.borrow_mut();
                        m.clear();
                        m.local_n1 = $pr::math::Vector::ZERO;
                        $pr::query::details::contact_manifold_pfm_pfm(
                            &$pr::math::Pose::IDENTITY,
                            a,
                            0.0,
                            None,
                            b,
                            0.0,
                            None,
                            0.01,
                            &mut m,
                        );
                        black_box(m.points.len());
                    }
                }),
                best: f64::INFINITY,
            });
        }
    };
}

macro_rules! box_rows {
    ($d:expr, $cv:ident, $pr:ident, $tag:expr, $out:expr) => {
        for (k, (name, set)) in $d.sets.iter().enumerate() {
            let ours = set.clone();
            $out.push(Entry {
                name: format!("box{} {name} ours", $tag),
                set: k,
                run: Box::new(move || {
                    for (a, b) in &ours {
                        black_box(sink(&closest::manifold_obb_obb(a, b, 0.01)));
                    }
                }),
                best: f64::INFINITY,
            });
            let theirs: Vec<_> = set
                .iter()
                .map(|x| {
                    let ((pa, ca), (pb, cb)) = ($cv::obb(&x.0), $cv::obb(&x.1));
                    (pa.inv_mul(&pb), ca, cb)
                })
                .collect();
            let m = RefCell::new($pr::query::ContactManifold::<(), ()>::new());
            $out.push(Entry {
                name: format!("box{} {name} parry", $tag),
                set: k,
                run: Box::new(move || {
                    for (p, a, b) in &theirs {
                        let mut m = m.borrow_mut();
                        m.clear();
                        m.local_n1 = $pr::math::Vector::ZERO;
                        $pr::query::details::contact_manifold_cuboid_cuboid(p, a, b, 0.01, &mut m);
                        black_box(m.points.len());
                    }
                }),
                best: f64::INFINITY,
            });
        }
    };
}

macro_rules! cyl_rows {
    ($d:expr, $cv:ident, $pr:ident, $tag:expr, $out:expr) => {
        for (k, (name, set)) in $d.sets.iter().enumerate() {
            let ours = set.clone();
            $out.push(Entry {
                name: format!("cyl{} {name} ours", $tag),
                set: k,
                run: Box::new(move || {
                    for (a, b) in &ours {
                        black_box(sink(&closest::manifold_cylinder_cylinder(a, b, 0.01)));
                    }
                }),
                best: f64::INFINITY,
            });
            let theirs: Vec<_> = set
                .iter()
                .map(|x| {
                    let ((pa, ya), (pb, yb)) = ($cv::cylinder(&x.0), $cv::cylinder(&x.1));
                    (pa.inv_mul(&pb), ya, yb)
                })
                .collect();
            let m = RefCell::new($pr::query::ContactManifold::<(), ()>::new());
            $out.push(Entry {
                name: format!("cyl{} {name} parry", $tag),
                set: k,
                run: Box::new(move || {
                    for (p, a, b) in &theirs {
                        let mut m = m.borrow_mut();
                        m.clear();
                        m.local_n1 = $pr::math::Vector::ZERO;
                        $pr::query::details::contact_manifold_pfm_pfm(
                            p, a, 0.0, None, b, 0.0, None, 0.01, &mut m,
                        );
                        black_box(m.points.len());
                    }
                }),
                best: f64::INFINITY,
            });
        }
    };
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let profile = args.iter().position(|a| a == "--profile").and_then(|i| args.get(i + 1)).cloned();
    let want = |g: &str| {
        let groups: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
        groups.is_empty()
            || groups.iter().any(|a| a.as_str() == g)
            || profile.as_deref().is_some_and(|p| p.starts_with(g))
    };
    let mut entries = Vec::new();
    if want("poly") {
        let d = inputs(702, "overlap", hull_pair, |(a, b)| {
            closest::intersect_convex(a, b, closest::GJK_MAX_ITERATIONS)
        });
        if args.iter().any(|a| a == "--dump") {
            // Every manifold of the polyhedron rows' inputs, to compare two builds' answers.
            let mut w32 = closest::ManifoldWorkspace::new();
            let mut w64 = closest::ManifoldWorkspace::new();
            for (_, set) in &d.f32.sets {
                for x in set {
                    if let (Ok(a), Ok(b)) = (
                        closest::PolyhedronFeatures::new(&x.0),
                        closest::PolyhedronFeatures::new(&x.1),
                    ) {
                        println!(
                            "{:?}",
                            closest::manifold_polyhedron_polyhedron_with(&a, &b, 0.01, &mut w32)
                        );
                    }
                }
            }
            for (_, set) in &d.f64.sets {
                for x in set {
                    if let (Ok(a), Ok(b)) = (
                        closest::PolyhedronFeatures::new(&x.0),
                        closest::PolyhedronFeatures::new(&x.1),
                    ) {
                        println!(
                            "{:?}",
                            closest::manifold_polyhedron_polyhedron_with(&a, &b, 0.01, &mut w64)
                        );
                    }
                }
            }
            return;
        }
        poly_ours(&d.f32, "32", &mut entries);
        poly_parry!(d.f32, p32, parry3d, "32", entries);
        poly_ours(&d.f64, "64", &mut entries);
        poly_parry!(d.f64, p64, parry3d_f64, "64", entries);
    }
    if want("box") {
        let d = inputs(700, "overlap", pair::<Obb<f64>, Obb<f64>>, |(a, b)| overlap::obb_obb(a, b));
        if args.iter().any(|a| a == "--dump") {
            for (_, set) in &d.f32.sets {
                for (a, b) in set {
                    println!("{:?}", closest::manifold_obb_obb(a, b, 0.01));
                }
            }
            for (_, set) in &d.f64.sets {
                for (a, b) in set {
                    println!("{:?}", closest::manifold_obb_obb(a, b, 0.01));
                }
            }
            return;
        }
        box_rows!(d.f32, p32, parry3d, "32", entries);
        box_rows!(d.f64, p64, parry3d_f64, "64", entries);
    }
    if want("cyl") {
        let d = inputs(703, "overlap", pair::<Cylinder<f64>, Cylinder<f64>>, |(a, b)| {
            closest::intersect_convex(a, b, closest::GJK_MAX_ITERATIONS)
        });
        if args.iter().any(|a| a == "--dump") {
            for (_, set) in &d.f32.sets {
                for (a, b) in set {
                    println!("{:?}", closest::manifold_cylinder_cylinder(a, b, 0.01));
                }
            }
            for (_, set) in &d.f64.sets {
                for (a, b) in set {
                    println!("{:?}", closest::manifold_cylinder_cylinder(a, b, 0.01));
                }
            }
            return;
        }
        cyl_rows!(d.f32, p32, parry3d, "32", entries);
        cyl_rows!(d.f64, p64, parry3d_f64, "64", entries);
    }
    if let Some(p) = profile {
        // `poly64 0 ours`-style names: the group and precision, then the set (0: overlap10).
        let set: usize = args.iter().filter_map(|a| a.parse().ok()).next().unwrap_or(0);
        let side = if args.iter().any(|a| a == "parry") { "parry" } else { "ours" };
        for e in entries
            .iter_mut()
            .filter(|e| e.name.starts_with(&p) && e.set == set && e.name.ends_with(side))
        {
            for _ in 0..20 {
                (e.run)();
            }
        }
        return;
    }
    let rounds = 5;
    measure(&mut entries, rounds, osculate_benches::BATCH);
    for o in entries.iter().filter(|e| e.name.ends_with(" ours")) {
        let key = o.name.trim_end_matches(" ours");
        if let Some(p) = entries
            .iter()
            .find(|e| e.name.trim_end_matches(" parry") == key && e.name.ends_with(" parry"))
        {
            println!(
                "{key:<24} ours {:>9.3} µs  parry {:>9.3} µs  ratio {:.2}",
                o.best * 1e6,
                p.best * 1e6,
                o.best / p.best
            );
        }
    }
}
