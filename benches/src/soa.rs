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
//! - `points_triangle`: points against one triangle, the closest point with its barycentrics.
//!   Scalar: `closest_point_on_triangle` per point. (Hit rate: the share of points whose
//!   closest point is inside the face, the others in a vertex or edge region.)
//! - `aabb_aabb`: one box against boxes. Scalar: `aabb_aabb` per box.
//! - `obb_obb`: one oriented box against oriented boxes. Scalar: `obb_obb` per box.
//!
//! Hits and misses are drawn at the rate's odds and made by rejection (a candidate kept when the
//! scalar query in `f64` agrees), so hits and misses are interleaved at random.

use osculate::cast::{
    AabbSoa, Culling, RaySoa, TriangleSoa, WatertightRay, ray_aabb_many, ray_aabb_soa,
    ray_aabb_soa_par, ray_aabb_t, ray_triangle_watertight_soa, ray_triangle_watertight_soa_par,
    ray_triangle_watertight_t, rays_aabb_soa, rays_aabb_soa_par,
};
use osculate::closest::{
    PointSoa, TrianglePoint, closest_point_on_triangle, closest_point_on_triangle_soa,
    closest_point_on_triangle_soa_par, sq_distance_point_aabb, sq_distance_point_aabb_soa,
    sq_distance_point_aabb_soa_par,
};
use osculate::math::{Aabb, Obb, Point3, Ray, Real, Rotation3, Triangle, Vector3};
use osculate::overlap::{
    ObbSoa, aabb_aabb, aabb_aabb_soa, aabb_aabb_soa_par, obb_obb, obb_obb_soa, obb_obb_soa_par,
};
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
    one_triangle: Triangle<f64>,
    triangle_points: Vec<Point3<f64>>,
    aabbs: Vec<Aabb<f64>>,
    one_obb: Obb<f64>,
    obbs: Vec<Obb<f64>>,
}

fn point(rng: &mut Rng, s: f64) -> Point3<f64> {
    Point3::new(rng.range(-s, s), rng.range(-s, s), rng.range(-s, s))
}

/// [`ITEMS`] items, each a hit with probability `rate`: candidates from `make` are drawn until
/// one answers as wanted (kept by rejection), so hits and misses are interleaved at random.
fn draw<X>(
    rng: &mut Rng,
    rate: f64,
    mut make: impl FnMut(&mut Rng) -> X,
    hits: impl Fn(&X) -> bool,
) -> Vec<X> {
    (0..ITEMS)
        .map(|_| {
            let hit = rng.chance(rate);
            loop {
                let x = make(rng);
                if hits(&x) == hit {
                    return x;
                }
            }
        })
        .collect()
}

/// Half extents drawn in `[lo, hi)` per axis.
fn extents(rng: &mut Rng, lo: f64, hi: f64) -> Vector3<f64> {
    Vector3::new(rng.range(lo, hi), rng.range(lo, hi), rng.range(lo, hi))
}

fn inputs(seed: u64, rate: f64) -> Inputs {
    let mut rng = Rng::new(seed);
    let rng = &mut rng;
    let ray = Ray::new(point(rng, 1.0), rng.unit_vector::<f64>().into_inner());
    // Boxes of size ~0.5 around points of the ray or near it.
    let boxes = draw(
        rng,
        rate,
        |rng| {
            let c = ray.point_at(rng.range(-2.0, 20.0)) + point(rng, 1.5).coords;
            Aabb::from_center_extents(c, extents(rng, 0.1, 0.5))
        },
        |b| ray_aabb_t(&ray, b).is_some(),
    );
    let triangles = draw(
        rng,
        rate,
        |rng| {
            let c = ray.point_at(rng.range(-2.0, 20.0)) + point(rng, 0.6).coords;
            let mut v = || c + point(rng, 0.8).coords;
            Triangle::new(v(), v(), v())
        },
        |t| ray_triangle_watertight_t(&ray, t, Culling::TwoSided).is_some(),
    );
    let one_box = Aabb::new(Point3::new(-1.0, -0.5, -0.7), Point3::new(1.0, 0.5, 0.7));
    let rays = draw(
        rng,
        rate,
        |rng| {
            let o = point(rng, 4.0);
            let target = point(rng, 1.6);
            Ray::new(o, target - o)
        },
        |r| ray_aabb_t(r, &one_box).is_some(),
    );
    // Hits: points inside the box.
    let points =
        draw(rng, rate, |rng| point(rng, 2.0), |p| sq_distance_point_aabb(p, &one_box) == 0.0);
    let p = Point3::new;
    let one_triangle = Triangle::new(p(-1.0, -0.8, 0.1), p(1.2, -0.5, -0.2), p(0.1, 1.0, 0.3));
    // Hits: points whose closest point is inside the face.
    let triangle_points = draw(
        rng,
        rate,
        |rng| point(rng, 2.0),
        |q| closest_point_on_triangle(q, &one_triangle).barycentric.iter().all(|u| *u > 0.0),
    );
    let aabbs = draw(
        rng,
        rate,
        |rng| Aabb::from_center_extents(point(rng, 2.5), extents(rng, 0.1, 0.5)),
        |b| aabb_aabb(&one_box, b),
    );
    let one_obb = Obb::new(p(0.1, -0.2, 0.3), rng.rotation(), Vector3::new(0.8, 0.5, 0.3));
    let obbs = draw(
        rng,
        rate,
        |rng| Obb::new(point(rng, 2.0), rng.rotation(), extents(rng, 0.1, 0.6)),
        |b| obb_obb(&one_obb, b),
    );
    Inputs {
        ray,
        boxes,
        triangles,
        one_box,
        rays,
        points,
        one_triangle,
        triangle_points,
        aabbs,
        one_obb,
        obbs,
    }
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

fn round_triangle<T: Real>(t: &Triangle<f64>) -> Triangle<T> {
    Triangle::new(round(&t.a), round(&t.b), round(&t.c))
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

/// A local rayon pool and its number of threads.
type Pools = [(usize, rayon::ThreadPool)];

/// The rows of one batch on one set: the scalar query in a loop over `items`, the batch, and
/// the batch's `_par` form on each pool, all writing `out`. The scalar query is reached through
/// `black_box`, so that what it captures (the ray, the box) is not hoisted out of the calls.
#[allow(clippy::too_many_arguments, reason = "one row group's names, buffers and contenders")]
fn batch_rows<I, O: Send>(
    visit: &mut Visit<'_>,
    (query, ty, set): (&str, &str, &str),
    pools: &Pools,
    out: &mut [O],
    items: &[I],
    scalar: impl Fn(&I) -> O,
    batch: impl Fn(&mut [O]),
    par: impl Fn(&mut [O]) + Sync,
) {
    use std::hint::black_box;
    let c = |s: &str| format!("{s}-{ty}");
    visit(query, &c("loop"), set, Clock::Thread, &mut || {
        let scalar = black_box(&scalar);
        for (o, x) in out.iter_mut().zip(items) {
            *o = scalar(x);
        }
        black_box(&mut *out);
    });
    visit(query, &c("soa"), set, Clock::Thread, &mut || {
        batch(&mut *out);
        black_box(&mut *out);
    });
    for (n, pool) in pools {
        visit(query, &c(&format!("par{n}")), set, Clock::Wall, &mut || {
            pool.install(|| par(&mut *out));
            black_box(&mut *out);
        });
    }
}

/// The batches' rows, one line of the table each: the query's name, the output buffer, the
/// items, the scalar query of one item, and the serial and `_par` batch calls on an output.
macro_rules! batch_table {
    ($visit:ident, $ty:ident, $set:ident, $pools:ident;
     $($query:literal: $out:expr, $items:expr, |$x:ident| $scalar:expr, |$o:ident| $soa:expr, $par:expr;)*) => {$(
        batch_rows($visit, ($query, $ty, $set), $pools, $out, $items, |$x| $scalar, |$o| $soa, |$o| $par);
    )*};
}

fn scalar_rows<T: Real>(visit: &mut Visit<'_>, x: &Inputs, set: &str, ty: &str, pools: &Pools) {
    use std::hint::black_box;
    let inf = T::INFINITY;
    let ray: Ray<T> = round_ray(&x.ray);
    let boxes: Vec<Aabb<T>> = x.boxes.iter().map(round_box).collect();
    let box_soa = AabbSoa::new(&boxes);
    let tris: Vec<Triangle<T>> = x.triangles.iter().map(round_triangle).collect();
    let tri_soa = TriangleSoa::new(&tris);
    let (two, prepared) = (Culling::TwoSided, WatertightRay::new(&ray));
    let one_box: Aabb<T> = round_box(&x.one_box);
    let rays: Vec<Ray<T>> = x.rays.iter().map(round_ray).collect();
    let ray_soa = RaySoa::new(&rays);
    let points: Vec<Point3<T>> = x.points.iter().map(round).collect();
    let point_soa = PointSoa::new(&points);
    let tri = round_triangle(&x.one_triangle);
    let tri_points: Vec<Point3<T>> = x.triangle_points.iter().map(round).collect();
    let tri_point_soa = PointSoa::new(&tri_points);
    let aabbs: Vec<Aabb<T>> = x.aabbs.iter().map(round_box).collect();
    let aabb_soa = AabbSoa::new(&aabbs);
    let round_obb = |b: &Obb<f64>| {
        let r = Rotation3::from_matrix_unchecked(b.rotation.matrix().map(T::lit));
        Obb::new(round(&b.center), r, b.half_extents.map(T::lit))
    };
    let one_obb = round_obb(&x.one_obb);
    let obbs: Vec<Obb<T>> = x.obbs.iter().map(round_obb).collect();
    let obb_soa = ObbSoa::new(&obbs);
    let mut out = vec![T::ZERO; ITEMS];
    let mut closest =
        vec![TrianglePoint { point: Point3::origin(), barycentric: [T::ZERO; 3] }; ITEMS];
    let mut hits = vec![false; ITEMS];

    batch_table! { visit, ty, set, pools;
        "ray_aabb": &mut out, &boxes, |b| ray_aabb_t(&ray, b).unwrap_or(inf),
            |o| ray_aabb_soa(black_box(&ray), &box_soa, o), ray_aabb_soa_par(black_box(&ray), &box_soa, o);
        "ray_triangle": &mut out, &tris, |t| prepared.cast_t(t, two).unwrap_or(inf),
            |o| ray_triangle_watertight_soa(black_box(&ray), &tri_soa, two, o),
            ray_triangle_watertight_soa_par(black_box(&ray), &tri_soa, two, o);
        "rays_aabb": &mut out, &rays, |r| ray_aabb_t(r, &one_box).unwrap_or(inf),
            |o| rays_aabb_soa(&ray_soa, black_box(&one_box), o), rays_aabb_soa_par(&ray_soa, black_box(&one_box), o);
        "points_aabb": &mut out, &points, |p| sq_distance_point_aabb(p, &one_box),
            |o| sq_distance_point_aabb_soa(&point_soa, black_box(&one_box), o),
            sq_distance_point_aabb_soa_par(&point_soa, black_box(&one_box), o);
        "points_triangle": &mut closest, &tri_points, |p| closest_point_on_triangle(p, &tri),
            |o| closest_point_on_triangle_soa(&tri_point_soa, black_box(&tri), o),
            closest_point_on_triangle_soa_par(&tri_point_soa, black_box(&tri), o);
        "aabb_aabb": &mut hits, &aabbs, |b| aabb_aabb(&one_box, b),
            |o| aabb_aabb_soa(black_box(&one_box), &aabb_soa, o), aabb_aabb_soa_par(black_box(&one_box), &aabb_soa, o);
        "obb_obb": &mut hits, &obbs, |b| obb_obb(&one_obb, b),
            |o| obb_obb_soa(black_box(&one_obb), &obb_soa, o), obb_obb_soa_par(black_box(&one_obb), &obb_soa, o);
    }
    visit("ray_aabb", &format!("many-{ty}"), set, Clock::Thread, &mut || {
        ray_aabb_many(black_box(&ray), &boxes, &mut out);
        black_box(&mut out);
    });
}
