//! The structure-of-arrays batch benchmarks' inputs and contenders, declared once for the
//! criterion group (`benches/batch.rs`) and the CPU-time table (`batch_cpu`): for each batch, the
//! scalar query in a loop over the same inputs, the batch, and (the `_par` forms) the batch on a
//! local rayon pool of 1 and of 2 threads; [`ITEMS`] items a call, hit rates of 10% and 90%.
//!
//! - `ray_aabb`: one ray against boxes. Scalar: `ray_aabb_t` per box; also `ray_aabb_many`.
//! - `ray_triangle`: one ray against triangles (watertight). Scalar: a [`WatertightRay`]
//!   prepared once, `cast_t` per triangle (the scalar loop at its best).
//! - `rays_aabb`: rays against one box. Scalar: `ray_aabb_t` per ray.
//! - `points_aabb`: points against one box, the squared distance. Scalar:
//!   `sq_distance_point_aabb` per point. (Hit rate: the share of points inside the box.)
//!
//! Hits and misses are drawn at the rate's odds and made by rejection (a candidate kept when the
//! scalar query in `f64` agrees), so hits and misses are interleaved at random.

use osculate::cast::{
    AabbSoa, Culling, RaySoa, TriangleSoa, WatertightRay, ray_aabb_many, ray_aabb_soa,
    ray_aabb_soa_par, ray_aabb_t, ray_triangle_watertight_soa, ray_triangle_watertight_soa_par,
    ray_triangle_watertight_t, rays_aabb_soa, rays_aabb_soa_par,
};
use osculate::closest::{
    PointSoa, sq_distance_point_aabb, sq_distance_point_aabb_soa, sq_distance_point_aabb_soa_par,
};
use osculate::math::{Aabb, Point3, Ray, Real, Triangle, Vector3};
use osculate_testing::Rng;

/// Items (boxes, triangles or rays) per batch call.
pub const ITEMS: usize = 4096;

/// The hit rates of the input sets.
pub const RATES: [f64; 2] = [0.1, 0.9];

/// How a row is timed: by the calling thread's CPU time (serial contenders), or by wall time
/// (the contenders that run on a pool's threads, whose work the caller's CPU time misses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// The calling thread's CPU time.
    Thread,
    /// Wall time.
    Wall,
}

/// The inputs of one hit rate, in `f64`, before rounding to the timed scalar.
#[derive(Clone, Debug)]
struct Inputs {
    ray: Ray<f64>,
    boxes: Vec<Aabb<f64>>,
    triangles: Vec<Triangle<f64>>,
    one_box: Aabb<f64>,
    rays: Vec<Ray<f64>>,
    points: Vec<Point3<f64>>,
}

fn point(rng: &mut Rng, s: f64) -> Point3<f64> {
    Point3::new(rng.range(-s, s), rng.range(-s, s), rng.range(-s, s))
}

/// Draws candidates until one answers `hit` (kept by rejection).
fn until<X>(
    rng: &mut Rng,
    hit: bool,
    mut make: impl FnMut(&mut Rng) -> X,
    hits: impl Fn(&X) -> bool,
) -> X {
    loop {
        let x = make(rng);
        if hits(&x) == hit {
            return x;
        }
    }
}

fn inputs(seed: u64, rate: f64) -> Inputs {
    let mut rng = Rng::new(seed);
    let ray = Ray::new(point(&mut rng, 1.0), rng.unit_vector::<f64>().into_inner());
    // Boxes of size ~0.5 around points of the ray or near it.
    let boxes = (0..ITEMS)
        .map(|_| {
            let hit = rng.chance(rate);
            until(
                &mut rng,
                hit,
                |rng| {
                    let c = ray.point_at(rng.range(-2.0, 20.0)) + point(rng, 1.5).coords;
                    let e =
                        Vector3::new(rng.range(0.1, 0.5), rng.range(0.1, 0.5), rng.range(0.1, 0.5));
                    Aabb::from_center_extents(c, e)
                },
                |b| ray_aabb_t(&ray, b).is_some(),
            )
        })
        .collect();
    let triangles = (0..ITEMS)
        .map(|_| {
            let hit = rng.chance(rate);
            until(
                &mut rng,
                hit,
                |rng| {
                    let c = ray.point_at(rng.range(-2.0, 20.0)) + point(rng, 0.6).coords;
                    let mut v = || c + point(rng, 0.8).coords;
                    Triangle::new(v(), v(), v())
                },
                |t| ray_triangle_watertight_t(&ray, t, Culling::TwoSided).is_some(),
            )
        })
        .collect();
    let one_box = Aabb::new(Point3::new(-1.0, -0.5, -0.7), Point3::new(1.0, 0.5, 0.7));
    let rays = (0..ITEMS)
        .map(|_| {
            let hit = rng.chance(rate);
            until(
                &mut rng,
                hit,
                |rng| {
                    let o = point(rng, 4.0);
                    let target = point(rng, 1.6);
                    Ray::new(o, target - o)
                },
                |r| ray_aabb_t(r, &one_box).is_some(),
            )
        })
        .collect();
    let points = (0..ITEMS)
        .map(|_| {
            let inside = rng.chance(rate);
            until(
                &mut rng,
                inside,
                |rng| point(rng, 2.0),
                |p| sq_distance_point_aabb(p, &one_box) == 0.0,
            )
        })
        .collect();
    Inputs { ray, boxes, triangles, one_box, rays, points }
}

fn round<T: Real>(p: &Point3<f64>) -> Point3<T> {
    p.map(T::lit)
}

fn round_ray<T: Real>(r: &Ray<f64>) -> Ray<T> {
    Ray::new(round(&r.origin), r.direction.map(T::lit))
}

fn round_box<T: Real>(b: &Aabb<f64>) -> Aabb<T> {
    Aabb::new(round(&b.min), round(&b.max))
}

/// What [`rows`] calls for each row: `(query, contender, set, clock, run)`.
pub type Visit<'a> = dyn FnMut(&str, &str, &str, Clock, &mut dyn FnMut()) + 'a;

/// Calls `visit(query, contender, set, clock, run)` for every row, where `run` makes one batch
/// call (of [`ITEMS`] items) of the contender on the set.
pub fn rows(visit: &mut Visit<'_>) {
    let pools: Vec<(usize, rayon::ThreadPool)> = [1, 2]
        .into_iter()
        .filter_map(|n| rayon::ThreadPoolBuilder::new().num_threads(n).build().ok().map(|p| (n, p)))
        .collect();
    for (k, &rate) in RATES.iter().enumerate() {
        let set = format!("hit{}", (rate * 100.0).round());
        let x = inputs(0x5_0A + k as u64, rate);
        scalar_rows::<f32>(visit, &x, &set, "f32", &pools);
        scalar_rows::<f64>(visit, &x, &set, "f64", &pools);
    }
}

fn scalar_rows<T: Real>(
    visit: &mut Visit<'_>,
    x: &Inputs,
    set: &str,
    ty: &str,
    pools: &[(usize, rayon::ThreadPool)],
) {
    use std::hint::black_box;
    let inf = T::INFINITY;
    let ray: Ray<T> = round_ray(&x.ray);
    let boxes: Vec<Aabb<T>> = x.boxes.iter().map(round_box).collect();
    let box_soa = AabbSoa::new(&boxes);
    let mut out = vec![T::ZERO; ITEMS];
    let c = |s: &str| format!("{s}-{ty}");

    visit("ray_aabb", &c("loop"), set, Clock::Thread, &mut || {
        let ray = black_box(&ray);
        for (o, b) in out.iter_mut().zip(&boxes) {
            *o = ray_aabb_t(ray, b).unwrap_or(inf);
        }
        black_box(&mut out);
    });
    visit("ray_aabb", &c("many"), set, Clock::Thread, &mut || {
        ray_aabb_many(black_box(&ray), &boxes, &mut out);
        black_box(&mut out);
    });
    visit("ray_aabb", &c("soa"), set, Clock::Thread, &mut || {
        ray_aabb_soa(black_box(&ray), &box_soa, &mut out);
        black_box(&mut out);
    });
    for (n, pool) in pools {
        visit("ray_aabb", &c(&format!("par{n}")), set, Clock::Wall, &mut || {
            pool.install(|| ray_aabb_soa_par(black_box(&ray), &box_soa, &mut out));
            black_box(&mut out);
        });
    }

    let tris: Vec<Triangle<T>> =
        x.triangles.iter().map(|t| Triangle::new(round(&t.a), round(&t.b), round(&t.c))).collect();
    let tri_soa = TriangleSoa::new(&tris);
    let two = Culling::TwoSided;
    visit("ray_triangle", &c("loop"), set, Clock::Thread, &mut || {
        let prepared = WatertightRay::new(black_box(&ray));
        for (o, t) in out.iter_mut().zip(&tris) {
            *o = prepared.cast_t(t, two).unwrap_or(inf);
        }
        black_box(&mut out);
    });
    visit("ray_triangle", &c("soa"), set, Clock::Thread, &mut || {
        ray_triangle_watertight_soa(black_box(&ray), &tri_soa, two, &mut out);
        black_box(&mut out);
    });
    for (n, pool) in pools {
        visit("ray_triangle", &c(&format!("par{n}")), set, Clock::Wall, &mut || {
            pool.install(|| {
                ray_triangle_watertight_soa_par(black_box(&ray), &tri_soa, two, &mut out)
            });
            black_box(&mut out);
        });
    }

    let one_box: Aabb<T> = round_box(&x.one_box);
    let rays: Vec<Ray<T>> = x.rays.iter().map(round_ray).collect();
    let ray_soa = RaySoa::new(&rays);
    visit("rays_aabb", &c("loop"), set, Clock::Thread, &mut || {
        let b = black_box(&one_box);
        for (o, r) in out.iter_mut().zip(&rays) {
            *o = ray_aabb_t(r, b).unwrap_or(inf);
        }
        black_box(&mut out);
    });
    visit("rays_aabb", &c("soa"), set, Clock::Thread, &mut || {
        rays_aabb_soa(&ray_soa, black_box(&one_box), &mut out);
        black_box(&mut out);
    });
    for (n, pool) in pools {
        visit("rays_aabb", &c(&format!("par{n}")), set, Clock::Wall, &mut || {
            pool.install(|| rays_aabb_soa_par(&ray_soa, black_box(&one_box), &mut out));
            black_box(&mut out);
        });
    }

    let points: Vec<Point3<T>> = x.points.iter().map(round).collect();
    let point_soa = PointSoa::new(&points);
    visit("points_aabb", &c("loop"), set, Clock::Thread, &mut || {
        let b = black_box(&one_box);
        for (o, p) in out.iter_mut().zip(&points) {
            *o = sq_distance_point_aabb(p, b);
        }
        black_box(&mut out);
    });
    visit("points_aabb", &c("soa"), set, Clock::Thread, &mut || {
        sq_distance_point_aabb_soa(&point_soa, black_box(&one_box), &mut out);
        black_box(&mut out);
    });
    for (n, pool) in pools {
        visit("points_aabb", &c(&format!("par{n}")), set, Clock::Wall, &mut || {
            pool.install(|| {
                sq_distance_point_aabb_soa_par(&point_soa, black_box(&one_box), &mut out)
            });
            black_box(&mut out);
        });
    }
}
