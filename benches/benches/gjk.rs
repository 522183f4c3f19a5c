//! Criterion benchmarks of the GJK and EPA engineering, f64, each group beside parry3d-f64 on its
//! most direct path (`query::details::*`, shape 2's pose in shape 1's frame computed outside the
//! timed loop):
//!
//! - `epa_contact/{pair}/{contender}`: the contact of 256 overlapping pairs (GJK then EPA):
//!   osculate's `contact_convex_with_status` (a fresh EPA workspace per query) and
//!   `contact_convex_with_workspace` (one workspace reused, no allocation), with the facade's
//!   bound `EPA_MAX_ITERATIONS`; parry's `contact_support_map_support_map`.
//! - `gjk_warm/{pair}/{contender}`: a sequence of 1,024 small moves of B (a step of 1e-3 of the
//!   size and a turn of 1e-3 rad each) answered in order: osculate cold (`distance_convex` from
//!   the centers), warm from the previous query's direction (`distance_convex` with
//!   `warm_start`), and warm from the previous query's simplex (`distance_convex_cached`);
//!   parry cold (`distance_support_map_support_map`) and warm from the previous direction
//!   (`closest_points_support_map_support_map_with_params` with `init_dir`).
//! - `gjk_within/{pair}/{contender}`: 256 pairs 1 to 4 apart and a range of 0.5: osculate's
//!   plain `distance_convex`, `distance_convex_within` and `distance_convex_rough` at a relative
//!   tolerance of 1/256 (the distance to a lower bound, as conservative advancement far from
//!   contact asks); parry's `closest_points_support_map_support_map` with the range as its
//!   prediction (which also stops early).
//! - `triangle_triangle_filter/overlap/{fast,exact,parry}`: the triangle-triangle overlap test's
//!   fast and exact modes on 256 ordinary pairs, beside parry's GJK intersection test.
//! - `segment_triangle_filter/overlap/{fast,exact,parry}`: the same for the segment-triangle test
//!   on 256 segments aimed at or near their triangles.
//! - `ray_aabb_filter/hits/{fast,exact,parry}`: the ray-box hit decision, `ray_aabb_hits` and
//!   `ray_aabb_hits_exact`, on 256 rays aimed at or near their boxes, beside parry's
//!   `intersects_local_ray` (not GJK: the exact modes' filters side by side with their fast modes).
//! - `exact_modes/{test}/{fast,exact}`: every other exact boolean test (`aabb_triangle`,
//!   `obb_triangle`, `obb_obb`, `segment_aabb`, `segment_obb`, `ray_triangle` beside
//!   `ray_triangle_watertight_hits`) beside its fast mode on 256 ordinary inputs.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, criterion_group, criterion_main};
use osculate::closest::{
    EPA_MAX_ITERATIONS, EpaWorkspace, GJK_MAX_ITERATIONS, GjkCache, SupportMap, Transformed,
    contact_convex_with_status, contact_convex_with_workspace, distance_convex,
    distance_convex_cached, distance_convex_rough, distance_convex_within,
};
use osculate_benches::convert::p64 as cv;
use osculate_benches::cycled;
use osculate_math::{
    Cone, Cylinder, Isometry3, Obb, Point3, Rotation3, Translation3, UnitQuaternion, Vector3,
};
use osculate_testing::Rng;
use parry3d_f64::math::Pose;
use parry3d_f64::query::details as qd;
use parry3d_f64::query::gjk::VoronoiSimplex;
use parry3d_f64::shape::Cuboid;

/// Inputs per group (a power of two: [`cycled`] with `i & (N − 1)`).
const N: usize = 256;
/// Moves in a warm-start sequence.
const MOVES: usize = 1024;

/// A uniform vector in `±s` per coordinate.
fn vec(rng: &mut Rng, s: f64) -> Vector3<f64> {
    Vector3::new(rng.range(-s, s), rng.range(-s, s), rng.range(-s, s))
}

/// A cylinder of length and radius 0.5 to 1 about `c`, in a random direction.
fn cylinder(rng: &mut Rng, c: Point3<f64>) -> Cylinder<f64> {
    let h = vec(rng, 1.0).normalize() * rng.range(0.25, 0.5);
    Cylinder::new(c - h, c + h, rng.range(0.5, 1.0))
}

/// A cone of height and radius 0.5 to 1 whose middle is at `c`, in a random direction.
fn cone(rng: &mut Rng, c: Point3<f64>) -> Cone<f64> {
    let axis = osculate_math::Unit::new_normalize(vec(rng, 1.0));
    let h = rng.range(0.5, 1.0);
    Cone::new(c - axis.into_inner() * (h / 2.0), axis, h, rng.range(0.5, 1.0))
}

/// A box of half extents 0.25 to 0.5 about `c`, randomly turned.
fn obb(rng: &mut Rng, c: Point3<f64>) -> Obb<f64> {
    let r = Rotation3::from_scaled_axis(vec(rng, 3.0));
    Obb::new(c, r, Vector3::new(rng.range(0.25, 0.5), rng.range(0.25, 0.5), rng.range(0.25, 0.5)))
}

/// parry's pose of a frame `b` in frame `a`.
fn pos12(a: &Pose, b: &Pose) -> Pose {
    a.inv_mul(b)
}

/// An osculate `Isometry3` as parry's pose.
fn pose(p: &Isometry3<f64>) -> Pose {
    Pose::from_parts(
        cv::point(&Point3::from(p.translation.vector)),
        cv::rotation(&p.rotation.to_rotation_matrix()),
    )
}

/// [`N`] pairs drawn by `draw`, each kept when `keep` accepts it.
fn pairs_where<A, B>(
    rng: &mut Rng,
    keep: impl Fn(&A, &B) -> bool,
    mut draw: impl FnMut(&mut Rng) -> (A, B),
) -> Vec<(A, B)> {
    let mut pairs = Vec::with_capacity(N);
    while pairs.len() < N {
        let (a, b) = draw(rng);
        if keep(&a, &b) {
            pairs.push((a, b));
        }
    }
    pairs
}

fn epa(c: &mut Criterion) {
    let mut g = c.benchmark_group("epa_contact");
    let mut rng = Rng::new(0xe9a);
    fn overlapping<A: SupportMap<f64>, B: SupportMap<f64>>(a: &A, b: &B) -> bool {
        contact_convex_with_status(a, b, EPA_MAX_ITERATIONS).is_some_and(|(c, _)| c.distance < 0.0)
    }
    let cc = pairs_where(&mut rng, overlapping, |rng| {
        let a = cylinder(rng, Point3::origin());
        let at = Point3::from(vec(rng, 0.6));
        (a, cone(rng, at))
    });
    let bb = pairs_where(&mut rng, overlapping, |rng| {
        let a = obb(rng, Point3::origin());
        let at = Point3::from(vec(rng, 0.5));
        (a, obb(rng, at))
    });
    bench_epa(&mut g, "cylinder_cone", &cc, |(a, b)| {
        let ((pa, ya), (pb, kb)) = (cv::cylinder(a), cv::cone(b));
        (pos12(&pa, &pb), ya, kb)
    });
    bench_epa(&mut g, "obb_obb", &bb, |(a, b)| {
        let ((pa, ca), (pb, cb)) = (cv::obb(a), cv::obb(b));
        (pos12(&pa, &pb), ca, cb)
    });
    g.finish();
}

fn bench_epa<A, B, PA, PB>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    pairs: &[(A, B)],
    parry: impl Fn(&(A, B)) -> (Pose, PA, PB),
) where
    A: SupportMap<f64>,
    B: SupportMap<f64>,
    PA: parry3d_f64::shape::SupportMap,
    PB: parry3d_f64::shape::SupportMap,
{
    cycled(g, BenchmarkId::new(name, "fresh"), pairs, |(a, b)| {
        contact_convex_with_status(a, b, EPA_MAX_ITERATIONS)
    });
    let mut ws = EpaWorkspace::new();
    cycled(g, BenchmarkId::new(name, "workspace"), pairs, |(a, b)| {
        contact_convex_with_workspace(a, b, EPA_MAX_ITERATIONS, &mut ws)
    });
    let p: Vec<_> = pairs.iter().map(parry).collect();
    cycled(g, BenchmarkId::new(name, "parry"), &p, |(pose, a, b)| {
        qd::contact_support_map_support_map(pose, a, b, 0.0)
    });
}

/// The poses of a smooth path of `MOVES` small moves: each a step of 1e-3 and a turn of 1e-3
/// rad, in a direction that drifts.
fn path(rng: &mut Rng) -> Vec<Isometry3<f64>> {
    let mut step = vec(rng, 1.0).normalize();
    let mut spin = vec(rng, 1.0).normalize();
    let mut p = Isometry3::identity();
    (0..MOVES)
        .map(|_| {
            step = (step + vec(rng, 0.05)).normalize();
            spin = (spin + vec(rng, 0.05)).normalize();
            let turn = UnitQuaternion::from_scaled_axis(spin * 1e-3);
            p = Translation3::from(step * 1e-3)
                * Isometry3::from_parts(Translation3::identity(), turn)
                * p;
            p
        })
        .collect()
}

fn warm(c: &mut Criterion) {
    let mut g = c.benchmark_group("gjk_warm");
    let mut rng = Rng::new(0x3a7);
    // B about 0.3 from A, and its path around its own center (kept within 0.1 of the start).
    let a = cylinder(&mut rng, Point3::origin());
    let b = cone(&mut rng, Point3::origin());
    let b_local = Cone::new(b.tip - b.center().coords, b.axis, b.height, b.radius);
    let mut at = Vector3::new(2.0, 0.0, 0.0);
    while distance_convex(
        &a,
        &Transformed { shape: b_local, pose: Isometry3::from(Translation3::from(at)) },
        None,
        GJK_MAX_ITERATIONS,
    )
    .closest
    .distance
        > 0.3
    {
        at *= 0.97;
    }
    let poses: Vec<Isometry3<f64>> =
        path(&mut rng).into_iter().map(|p| Translation3::from(at) * p).collect();
    let (pa, ya) = cv::cylinder(&a);
    let (pk, kb) = cv::cone(&b_local);
    let parry: Vec<Pose> = poses.iter().map(|p| pos12(&pa, &(pose(p) * pk))).collect();
    bench_warm(&mut g, "cylinder_cone", &a, b_local, &poses, &ya, &kb, &parry);

    let a = obb(&mut rng, Point3::origin());
    let b_local = obb(&mut rng, Point3::origin());
    let at = Vector3::new(1.2, 0.1, 0.0);
    let poses: Vec<Isometry3<f64>> =
        path(&mut rng).into_iter().map(|p| Translation3::from(at) * p).collect();
    let (pa, ca) = cv::obb(&a);
    let (pb, cb): (Pose, Cuboid) = cv::obb(&b_local);
    let parry: Vec<Pose> = poses.iter().map(|p| pos12(&pa, &(pose(p) * pb))).collect();
    bench_warm(&mut g, "obb_obb", &a, b_local, &poses, &ca, &cb, &parry);
    g.finish();
}

#[allow(clippy::too_many_arguments, reason = "one group's inputs for both libraries")]
fn bench_warm<A, B, PA, PB>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    a: &A,
    b: B,
    poses: &[Isometry3<f64>],
    pa: &PA,
    pb: &PB,
    parry: &[Pose],
) where
    A: SupportMap<f64>,
    B: SupportMap<f64> + Copy,
    PA: parry3d_f64::shape::SupportMap,
    PB: parry3d_f64::shape::SupportMap,
{
    let moved: Vec<_> = poses.iter().map(|&pose| Transformed { shape: b, pose }).collect();
    cycled(g, BenchmarkId::new(name, "cold"), &moved, |m| {
        distance_convex(a, m, None, GJK_MAX_ITERATIONS)
    });
    let mut dir = None;
    cycled(g, BenchmarkId::new(name, "warm_direction"), &moved, |m| {
        let r = distance_convex(a, m, dir, GJK_MAX_ITERATIONS);
        dir = Some(r.direction);
        r
    });
    let mut cache = GjkCache::new();
    cycled(g, BenchmarkId::new(name, "warm_simplex"), &moved, |m| {
        distance_convex_cached(a, m, &mut cache, GJK_MAX_ITERATIONS)
    });
    cycled(g, BenchmarkId::new(name, "parry_cold"), parry, |p| {
        qd::distance_support_map_support_map(p, pa, pb)
    });
    let (mut dir, mut simplex) = (None, VoronoiSimplex::new());
    cycled(g, BenchmarkId::new(name, "parry_warm_direction"), parry, |p| {
        let r = qd::closest_points_support_map_support_map_with_params(
            p,
            pa,
            pb,
            f64::MAX,
            &mut simplex,
            dir,
        );
        if let parry3d_f64::query::gjk::GJKResult::ClosestPoints(p1, p2, _) = r {
            dir = Some(p1 - p2);
        }
        r
    });
}

fn within(c: &mut Criterion) {
    let mut g = c.benchmark_group("gjk_within");
    let mut rng = Rng::new(0x71);
    let apart = |a: &Cylinder<f64>, b: &Cone<f64>| {
        (1.0..=4.0).contains(&distance_convex(a, b, None, GJK_MAX_ITERATIONS).closest.distance)
    };
    let pairs = pairs_where(&mut rng, apart, |rng| {
        let a = cylinder(rng, Point3::origin());
        let at = vec(rng, 1.0).normalize() * rng.range(2.5, 5.0);
        (a, cone(rng, Point3::from(at)))
    });
    let range = 0.5;
    cycled(&mut g, BenchmarkId::new("cylinder_cone", "plain"), &pairs, |(a, b)| {
        distance_convex(a, b, None, GJK_MAX_ITERATIONS)
    });
    cycled(&mut g, BenchmarkId::new("cylinder_cone", "within"), &pairs, |(a, b)| {
        distance_convex_within(a, b, range, None, GJK_MAX_ITERATIONS)
    });
    cycled(&mut g, BenchmarkId::new("cylinder_cone", "rough"), &pairs, |(a, b)| {
        distance_convex_rough(a, b, 1.0 / 256.0, None, GJK_MAX_ITERATIONS)
    });
    let p: Vec<_> = pairs
        .iter()
        .map(|(a, b)| {
            let ((pa, ya), (pb, kb)) = (cv::cylinder(a), cv::cone(b));
            (pos12(&pa, &pb), ya, kb)
        })
        .collect();
    cycled(&mut g, BenchmarkId::new("cylinder_cone", "parry"), &p, |(pose, a, b)| {
        qd::closest_points_support_map_support_map(pose, a, b, range)
    });
    g.finish();
}

/// `{test}/fast` and `{test}/exact`: a boolean test's two modes on the same inputs.
fn fast_and_exact<A, B>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    test: &str,
    inputs: &[(A, B)],
    fast: impl Fn(&A, &B) -> bool,
    exact: impl Fn(&A, &B) -> bool,
) {
    cycled(g, BenchmarkId::new(test, "fast"), inputs, |(a, b)| fast(a, b));
    cycled(g, BenchmarkId::new(test, "exact"), inputs, |(a, b)| exact(a, b));
}

/// A boolean test of two shapes.
type Test<A, B> = fn(&A, &B) -> bool;

/// An overlap test's fast and exact modes (`modes`) on 256 pairs drawn by `draw` (seeded with `seed`),
/// beside parry's GJK intersection test on the same pairs (`parry` converts one):
/// `{group}/overlap/{fast,exact,parry}`.
fn beside_gjk<A, B, PA, PB>(
    c: &mut Criterion,
    group: &str,
    seed: u64,
    draw: fn(&mut Rng) -> (A, B),
    modes: [Test<A, B>; 2],
    parry: fn(&A, &B) -> (PA, PB),
) where
    PA: parry3d_f64::shape::SupportMap,
    PB: parry3d_f64::shape::SupportMap,
{
    let mut g = c.benchmark_group(group);
    let mut rng = Rng::new(seed);
    let pairs: Vec<(A, B)> = (0..N).map(|_| draw(&mut rng)).collect();
    fast_and_exact(&mut g, "overlap", &pairs, modes[0], modes[1]);
    let p: Vec<_> = pairs.iter().map(|(a, b)| parry(a, b)).collect();
    cycled(&mut g, BenchmarkId::new("overlap", "parry"), &p, |(a, b)| {
        qd::intersection_test_support_map_support_map(&Pose::IDENTITY, a, b)
    });
    g.finish();
}

/// `overlap_triangle_triangle`'s fast and exact modes on 256 pairs of the ordinary generator
/// (about half overlapping), beside parry's GJK intersection test on the same triangles.
fn triangles(c: &mut Criterion) {
    use osculate::overlap::{triangle_triangle, triangle_triangle_exact};
    use osculate_math::Triangle;
    beside_gjk::<Triangle<f64>, Triangle<f64>, _, _>(
        c,
        "triangle_triangle_filter",
        0x310,
        osculate_benches::input::pair,
        [triangle_triangle, triangle_triangle_exact],
        |a, b| (cv::triangle(a), cv::triangle(b)),
    );
}

/// `overlap_segment_triangle`'s fast and exact modes on 256 segments aimed at or near their
/// triangles (the rows' generator), beside parry's GJK intersection test on the same pairs.
fn segment_triangles(c: &mut Criterion) {
    use osculate::overlap::{segment_triangle, segment_triangle_exact};
    beside_gjk(
        c,
        "segment_triangle_filter",
        0x544,
        osculate_benches::input::segment_at,
        [segment_triangle, segment_triangle_exact],
        |s, t| (cv::segment(s), cv::triangle(t)),
    );
}

/// `ray_aabb_hits` and `ray_aabb_hits_exact` on 256 rays aimed at or near their boxes (the rows'
/// generator, a third of them bounded), beside parry's `Aabb::intersects_local_ray`.
fn ray_boxes(c: &mut Criterion) {
    use osculate::cast::{ray_aabb_hits, ray_aabb_hits_exact};
    use osculate_math::{Aabb, Ray};
    use parry3d_f64::query::RayCast as _;
    let mut g = c.benchmark_group("ray_aabb_filter");
    let mut rng = Rng::new(0x200);
    let pairs: Vec<(Ray<f64>, Aabb<f64>)> =
        (0..N).map(|_| osculate_benches::input::ray_at(&mut rng)).collect();
    cycled(&mut g, BenchmarkId::new("hits", "fast"), &pairs, |(r, b)| ray_aabb_hits(r, b));
    cycled(&mut g, BenchmarkId::new("hits", "exact"), &pairs, |(r, b)| ray_aabb_hits_exact(r, b));
    let p: Vec<_> = pairs.iter().map(|(r, b)| (cv::aabb(b), cv::ray(r), r.max_t)).collect();
    cycled(&mut g, BenchmarkId::new("hits", "parry"), &p, |(b, r, max_t)| {
        b.intersects_local_ray(r, *max_t)
    });
    g.finish();
}

/// The other exact boolean tests beside their fast modes, on 256 inputs of the rows' ordinary
/// generators each (pairs of the shape generators, segments and rays aimed at or near their
/// shapes): `exact_modes/{test}/{fast,exact}`.
fn exact_modes(c: &mut Criterion) {
    use osculate::cast::{Culling, ray_triangle_hits_exact, ray_triangle_watertight_hits};
    use osculate::overlap::{
        aabb_triangle, aabb_triangle_exact, obb_obb, obb_obb_exact, obb_triangle,
        obb_triangle_exact, segment_aabb, segment_aabb_exact, segment_obb, segment_obb_exact,
    };
    use osculate_benches::input::{pair, ray_at, segment_at};
    use osculate_math::{Aabb, Ray, Segment, Triangle};
    let mut g = c.benchmark_group("exact_modes");
    let mut rng = Rng::new(0x3E7);
    let boxes: Vec<(Aabb<f64>, Triangle<f64>)> = (0..N).map(|_| pair(&mut rng)).collect();
    fast_and_exact(&mut g, "aabb_triangle", &boxes, aabb_triangle, aabb_triangle_exact);
    let obbs: Vec<(Obb<f64>, Triangle<f64>)> = (0..N).map(|_| pair(&mut rng)).collect();
    fast_and_exact(&mut g, "obb_triangle", &obbs, obb_triangle, obb_triangle_exact);
    let pairs: Vec<(Obb<f64>, Obb<f64>)> = (0..N).map(|_| pair(&mut rng)).collect();
    fast_and_exact(&mut g, "obb_obb", &pairs, obb_obb, obb_obb_exact);
    let sa: Vec<(Segment<f64>, Aabb<f64>)> = (0..N).map(|_| segment_at(&mut rng)).collect();
    fast_and_exact(&mut g, "segment_aabb", &sa, segment_aabb, segment_aabb_exact);
    let so: Vec<(Segment<f64>, Obb<f64>)> = (0..N).map(|_| segment_at(&mut rng)).collect();
    fast_and_exact(&mut g, "segment_obb", &so, segment_obb, segment_obb_exact);
    let rays: Vec<(Ray<f64>, Triangle<f64>)> = (0..N).map(|_| ray_at(&mut rng)).collect();
    fast_and_exact(
        &mut g,
        "ray_triangle",
        &rays,
        |r, t| ray_triangle_watertight_hits(r, t, Culling::TwoSided),
        ray_triangle_hits_exact,
    );
    g.finish();
}

criterion_group!(benches, epa, warm, within, triangles, segment_triangles, ray_boxes, exact_modes);
criterion_main!(benches);
