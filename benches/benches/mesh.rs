//! Criterion benchmarks of triangle meshes: osculate's `TriangleMesh` (f32 and f64) beside
//! parry3d's `TriMesh` (and, for the rays, the build and the memory, parry3d-f64's beside
//! osculate's `f64` mesh) on its most direct paths (`TriMesh::new`, `RayCast::cast_local_ray`,
//! `PointQuery::project_local_point`, `query::intersection_test`, and
//! `query::details::{distance,contact,cast_shapes}_composite_shape_shape` for a capsule's
//! distance, contact and sweep against the mesh).
//!
//! The meshes are displaced spheres: an icosahedron whose faces are cut into `n²` triangles
//! (vertices shared), pushed onto a bumpy sphere of radius about 1; 10k, 100k and 1M triangles.
//! Incoherent rays start on a sphere of radius 3 and aim at random points within radius 1;
//! coherent rays come from a 64 × 64 pinhole camera at distance 3, in scanline order. Each
//! iteration casts one ray of a seeded batch, so the time is the time of one ray (criterion's
//! throughput line gives rays per second). The build group builds each mesh once per iteration.
//! The heap memory of each mesh per triangle is printed once per size.
//!
//! Run one group with short settings, e.g.
//! `cargo bench -p osculate-benches --bench mesh -- mesh_ray_incoherent --warm-up-time 1 --measurement-time 3`;
//! or the plain loop timed by the thread's CPU time (rays, builds and memory; steadier than
//! wall time on a loaded machine): `cargo bench -p osculate-benches --bench mesh -- --cpu-loop`.

use std::collections::HashMap;
use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group};
use osculate::cast::Culling;
use osculate::closest::closest_points_segment_triangle;
use osculate::mesh::{
    TriangleMesh, closest_point_on_mesh, closest_points_convex_mesh, contact_convex_mesh,
    overlap_convex_mesh, ray_mesh, sweep_convex_mesh,
};
use osculate_benches::cycled;
use osculate_math::{Capsule, Point3, Ray, Segment, Sphere, Vector3};
use osculate_testing::Rng;
use parry3d::query::{PointQuery as _, RayCast as _};
use parry3d_f64::query::RayCast as _;

/// Rays (or points) per batch, cycled with `i & (BATCH - 1)`.
const BATCH: usize = 4096;

/// The mesh sizes: triangles per icosahedron face edge, and the label.
const SIZES: [(usize, &str); 3] = [(22, "10k"), (71, "100k"), (224, "1M")];

/// The bumpy sphere's radius along the unit direction `d`.
fn radius(d: [f64; 3]) -> f64 {
    let [x, y, z] = d;
    1.0 + 0.05 * (5.0 * x).sin() * (7.0 * y).sin() * (6.0 * z).sin()
        + 0.01 * (23.0 * x + 1.0).sin() * (19.0 * z + 2.0).sin()
}

/// The displaced sphere with `20 n²` triangles: vertices and counter-clockwise triangles.
fn sphere(n: usize) -> (Vec<[f64; 3]>, Vec<[u32; 3]>) {
    let ico = osculate_testing::icosahedron_vertices();
    let faces = osculate_testing::ICOSAHEDRON_FACES;
    let mut vertices = Vec::new();
    let mut index: HashMap<[i64; 3], u32> = HashMap::new();
    let mut vertex = |p: [f64; 3]| -> u32 {
        // Shared edges produce the same point from two faces, up to rounding: key it coarsely.
        let key = p.map(|c| (c * 1e9).round() as i64);
        *index.entry(key).or_insert_with(|| {
            let l = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt();
            let d = p.map(|c| c / l);
            let r = radius(d);
            vertices.push(d.map(|c| c * r));
            (vertices.len() - 1) as u32
        })
    };
    let mut triangles = Vec::new();
    for f in faces {
        let [a, b, c] = f.map(|i| ico[i]);
        let at = |i: usize, j: usize| -> [f64; 3] {
            let (u, v) = (i as f64 / n as f64, j as f64 / n as f64);
            std::array::from_fn(|k| a[k] + u * (b[k] - a[k]) + v * (c[k] - a[k]))
        };
        let mut grid = vec![vec![0u32; n + 1]; n + 1];
        for (i, row) in grid.iter_mut().enumerate() {
            for (j, cell) in row.iter_mut().enumerate().take(n + 1 - i) {
                *cell = vertex(at(i, j));
            }
        }
        for i in 0..n {
            for j in 0..n - i {
                triangles.push([grid[i][j], grid[i + 1][j], grid[i][j + 1]]);
                if i + j + 1 < n {
                    triangles.push([grid[i + 1][j], grid[i + 1][j + 1], grid[i][j + 1]]);
                }
            }
        }
    }
    (vertices, triangles)
}

/// The mesh built, or a panic naming the error (the generator makes valid meshes).
fn valid<M, E: std::fmt::Debug>(r: Result<M, E>) -> M {
    match r {
        Ok(m) => m,
        Err(e) => panic!("the generated mesh is invalid: {e:?}"),
    }
}

/// The four meshes of one size.
struct Meshes {
    f32: TriangleMesh<f32>,
    f64: TriangleMesh<f64>,
    parry: parry3d::shape::TriMesh,
    parry64: parry3d_f64::shape::TriMesh,
}

/// The vertices of a mesh in each library and precision.
struct VertexSets {
    v32: Vec<Point3<f32>>,
    v64: Vec<Point3<f64>>,
    vp: Vec<parry3d::math::Vector>,
    vp64: Vec<parry3d_f64::math::Vector>,
}

/// The vertices as osculate's `f32` and `f64` points and as parry3d's and parry3d-f64's vectors.
fn vertex_sets(v: &[[f64; 3]]) -> VertexSets {
    let v64: Vec<Point3<f64>> = v.iter().map(|x| Point3::new(x[0], x[1], x[2])).collect();
    let v32: Vec<Point3<f32>> = v64.iter().map(|x| x.cast()).collect();
    let vp = v32.iter().map(|x| parry3d::math::Vector::new(x.x, x.y, x.z)).collect();
    let vp64 = v64.iter().map(|x| parry3d_f64::math::Vector::new(x.x, x.y, x.z)).collect();
    VertexSets { v32, v64, vp, vp64 }
}

fn meshes(v: &[[f64; 3]], t: &[[u32; 3]]) -> Meshes {
    let VertexSets { v32, v64, vp, vp64 } = vertex_sets(v);
    Meshes {
        f32: valid(TriangleMesh::try_new(v32, t.to_vec())),
        f64: valid(TriangleMesh::try_new(v64, t.to_vec())),
        parry: valid(parry3d::shape::TriMesh::new(vp, t.to_vec())),
        parry64: valid(parry3d_f64::shape::TriMesh::new(vp64, t.to_vec())),
    }
}

/// Incoherent rays: from a sphere of radius 3 toward random points within radius 1 (unit
/// directions).
fn incoherent(rng: &mut Rng) -> Vec<Ray<f64>> {
    (0..BATCH)
        .map(|_| {
            let o = rng.unit_vector::<f64>().into_inner() * 3.0;
            let target = rng.unit_vector::<f64>().into_inner() * rng.unit().cbrt();
            Ray::new(Point3::from(o), (target - o).normalize())
        })
        .collect()
}

/// Coherent rays: a 64 × 64 pinhole camera at (0.3, 0.2, 3) looking down −z, scanline order.
fn coherent() -> Vec<Ray<f64>> {
    let eye = Point3::new(0.3, 0.2, 3.0);
    (0..BATCH)
        .map(|k| {
            let (x, y) = ((k % 64) as f64 / 63.0 - 0.5, (k / 64) as f64 / 63.0 - 0.5);
            Ray::new(eye, Vector3::new(x * 0.9, y * 0.9, -1.0).normalize())
        })
        .collect()
}

fn parry_ray(r: &Ray<f32>) -> parry3d::query::Ray {
    let v = |p: &Vector3<f32>| parry3d::math::Vector::new(p.x, p.y, p.z);
    parry3d::query::Ray::new(v(&r.origin.coords), v(&r.direction))
}

fn parry64_ray(r: &Ray<f64>) -> parry3d_f64::query::Ray {
    let v = |p: &Vector3<f64>| parry3d_f64::math::Vector::new(p.x, p.y, p.z);
    parry3d_f64::query::Ray::new(v(&r.origin.coords), v(&r.direction))
}

/// One ray group: osculate f32 and f64 and parry3d on every size.
fn ray_group(c: &mut Criterion, name: &str, all: &[(Meshes, &str)], rays: &[Ray<f64>]) {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(1));
    let r32: Vec<Ray<f32>> =
        rays.iter().map(|r| Ray::new(r.origin.cast(), r.direction.cast())).collect();
    let rp: Vec<parry3d::query::Ray> = r32.iter().map(parry_ray).collect();
    let rp64: Vec<parry3d_f64::query::Ray> = rays.iter().map(parry64_ray).collect();
    for (m, label) in all {
        cycled(&mut g, BenchmarkId::new("osculate-f32", label), &r32, |r| {
            ray_mesh(r, &m.f32, Culling::TwoSided)
        });
        cycled(&mut g, BenchmarkId::new("osculate-f64", label), rays, |r| {
            ray_mesh(r, &m.f64, Culling::TwoSided)
        });
        cycled(&mut g, BenchmarkId::new("parry3d", label), &rp, |r| {
            m.parry.cast_local_ray(r, f32::MAX, true)
        });
        cycled(&mut g, BenchmarkId::new("parry3d-f64", label), &rp64, |r| {
            m.parry64.cast_local_ray(r, f64::MAX, true)
        });
    }
    g.finish();
}

fn all_meshes() -> Vec<(Meshes, &'static str)> {
    SIZES
        .iter()
        .map(|&(n, label)| {
            let (v, t) = sphere(n);
            let m = meshes(&v, &t);
            let per = |bytes: usize| bytes as f64 / t.len() as f64;
            eprintln!(
                "mesh {label}: {} triangles, {} vertices; heap bytes per triangle: osculate-f32 {:.1}, osculate-f64 {:.1}, parry3d {:.1}, parry3d-f64 {:.1}",
                t.len(),
                v.len(),
                per(m.f32.memory_bytes()),
                per(m.f64.memory_bytes()),
                per(m.parry.heap_memory_size()),
                per(m.parry64.heap_memory_size()),
            );
            (m, label)
        })
        .collect()
}

fn rays(c: &mut Criterion) {
    let all = all_meshes();
    let mut rng = Rng::new(0x5EED_0026);
    ray_group(c, "mesh_ray_incoherent", &all, &incoherent(&mut rng));
    ray_group(c, "mesh_ray_coherent", &all, &coherent());

    // Closest point: points within radius 2.
    let mut g = c.benchmark_group("mesh_point");
    g.throughput(Throughput::Elements(1));
    let points: Vec<Point3<f64>> = (0..BATCH)
        .map(|_| Point3::from(rng.unit_vector::<f64>().into_inner() * 2.0 * rng.unit().cbrt()))
        .collect();
    let p32: Vec<Point3<f32>> = points.iter().map(|p| p.cast()).collect();
    let pp: Vec<parry3d::math::Vector> =
        p32.iter().map(|p| parry3d::math::Vector::new(p.x, p.y, p.z)).collect();
    for (m, label) in &all {
        cycled(&mut g, BenchmarkId::new("osculate-f32", label), &p32, |p| {
            closest_point_on_mesh(p, &m.f32)
        });
        cycled(&mut g, BenchmarkId::new("osculate-f64", label), &points, |p| {
            closest_point_on_mesh(p, &m.f64)
        });
        cycled(&mut g, BenchmarkId::new("parry3d", label), &pp, |p| {
            m.parry.project_local_point(*p, false)
        });
    }
    g.finish();

    // Sphere-mesh overlap: balls of radius 0.05 centred within radius 1.2.
    let mut g = c.benchmark_group("mesh_sphere_overlap");
    g.throughput(Throughput::Elements(1));
    let balls: Vec<Sphere<f32>> = (0..BATCH)
        .map(|_| {
            let c = rng.unit_vector::<f64>().into_inner() * 1.2 * rng.unit().cbrt();
            Sphere::new(Point3::from(c).cast(), 0.05)
        })
        .collect();
    let ball = parry3d::shape::Ball::new(0.05);
    let poses: Vec<parry3d::math::Pose> = balls
        .iter()
        .map(|s| {
            parry3d::math::Pose::from_translation(parry3d::math::Vector::new(
                s.center.x, s.center.y, s.center.z,
            ))
        })
        .collect();
    for (m, label) in &all {
        cycled(&mut g, BenchmarkId::new("osculate-f32", label), &balls, |s| {
            overlap_convex_mesh(s, &m.f32)
        });
        cycled(&mut g, BenchmarkId::new("parry3d", label), &poses, |pose| {
            parry3d::query::intersection_test(pose, &ball, &parry3d::math::Pose::IDENTITY, &m.parry)
        });
    }
    g.finish();
}

/// Capsules of length 0.2 and radius 0.05, turned at random, centred in the shell between radius
/// 0.8 and 1.3 (about the surface: many touch or cross it), as osculate `f32` and `f64` capsules
/// and parry's capsules (their segments given in the mesh's frame).
fn capsules(rng: &mut Rng) -> (Vec<Capsule<f32>>, Vec<Capsule<f64>>, Vec<parry3d::shape::Capsule>) {
    let c64: Vec<Capsule<f64>> = (0..BATCH)
        .map(|_| {
            let c = rng.unit_vector::<f64>().into_inner() * rng.range(0.8, 1.3);
            let half = rng.unit_vector::<f64>().into_inner() * 0.1;
            Capsule::new(Point3::from(c - half), Point3::from(c + half), 0.05)
        })
        .collect();
    let c32: Vec<Capsule<f32>> =
        c64.iter().map(|k| Capsule::new(k.a.cast(), k.b.cast(), 0.05)).collect();
    let v = |p: &Point3<f32>| parry3d::math::Vector::new(p.x, p.y, p.z);
    let cp = c32.iter().map(|k| parry3d::shape::Capsule::new(v(&k.a), v(&k.b), k.radius)).collect();
    (c32, c64, cp)
}

/// Convex shapes against the mesh: a capsule's distance, contact (prediction 0.05) and sweep (by
/// 0.5 toward the origin), beside parry3d's most direct composite paths
/// (`query::details::{distance,contact,cast_shapes}_composite_shape_shape` with the mesh first
/// and the capsule given in the mesh's frame). Before timing, each group checks that both give
/// the same distances (and the same hits and times for the sweep) within `2e-3` on every input
/// but the grazing ones.
fn convex(c: &mut Criterion) {
    use parry3d::query::details::{
        cast_shapes_composite_shape_shape, contact_composite_shape_shape,
        distance_composite_shape_shape,
    };
    use parry3d::query::{DefaultQueryDispatcher, ShapeCastOptions};
    let all: Vec<_> = all_meshes().into_iter().take(2).collect();
    let mut rng = Rng::new(0x5EED_0126);
    let (c32, c64, cp) = capsules(&mut rng);
    let id = parry3d::math::Pose::IDENTITY;
    let d = DefaultQueryDispatcher;
    let prediction = 0.05_f32;
    let motion = |k: &Capsule<f32>| -(k.a.coords + k.b.coords) * 0.25;
    let vp = |v: Vector3<f32>| parry3d::math::Vector::new(v.x, v.y, v.z);
    let options = ShapeCastOptions { max_time_of_impact: 1.0, ..ShapeCastOptions::default() };
    for (m, label) in &all {
        // The capsule's distance to the mesh by brute force, in f64 over every triangle: the
        // referee when the two disagree.
        let brute = |k: &Capsule<f32>| {
            let axis = Segment::new(k.a.cast::<f64>(), k.b.cast());
            let d =
                m.f64.triangles().map(|(_, t)| closest_points_segment_triangle(&axis, &t).distance);
            d.fold(f64::INFINITY, f64::min) - f64::from(k.radius)
        };
        let mut parry_misses = [0usize; 4];
        let mut parry_deeper = 0usize;
        for (k, p) in c32.iter().zip(&cp) {
            let ours =
                closest_points_convex_mesh(k, &m.f32).map_or(f32::NAN, |c| c.result.distance);
            let theirs = distance_composite_shape_shape(&d, &id, &m.parry, p).distance;
            if (ours - theirs).abs() > 2e-3 {
                let b = brute(k) as f32;
                assert!(
                    (ours - b).abs() <= 2e-3,
                    "distance {label}: ours {ours}, brute force {b}, {k:?}"
                );
                // Parry above it missed the nearest triangle; below it (0, in the cases seen),
                // it called apart shapes touching.
                parry_misses[usize::from(theirs < b) * 3] += 1;
            }
            let ours = contact_convex_mesh(k, &m.f32, prediction).map(|c| c.result.distance);
            let theirs =
                contact_composite_shape_shape(&d, &id, &m.parry, p, prediction).map(|c| c.dist);
            let near_edge = |x: f32| (x - prediction).abs() <= 2e-3;
            match (ours, theirs) {
                (Some(a), Some(b)) if (a - b).abs() <= 2e-3 => {}
                (Some(x), None) | (None, Some(x)) if near_edge(x) => {}
                (None, None) => {}
                // Penetrating with the capsule's axis clear of every triangle: ours is the
                // smallest translation out of the nearest triangle (the brute force's radius
                // less the axis's distance); parry's triangle contact pushes out along the face
                // and reports a deeper one.
                (Some(a), Some(b)) if b < a && a < 0.0 && (a - brute(k) as f32).abs() <= 2e-3 => {
                    parry_deeper += 1;
                }
                _ => {
                    // Apart, a disagreement is a miss of the nearest triangle: the brute force
                    // decides.
                    let b = brute(k) as f32;
                    let ours_right = ours.is_some_and(|a| (a - b).abs() <= 2e-3)
                        || (ours.is_none() && b > prediction);
                    assert!(
                        b > 0.0 && ours_right,
                        "contact {label}: ours {ours:?}, parry {theirs:?}, brute force {b}, {k:?}"
                    );
                    parry_misses[1] += 1;
                }
            }
            let v = motion(k);
            let ours = sweep_convex_mesh(k, &v, &m.f32).map(|h| h.result.toi);
            let theirs = cast_shapes_composite_shape_shape(&d, &id, vp(v), &m.parry, p, options)
                .map(|h| h.time_of_impact);
            // The capsule moved to time `t`.
            let at = |t: f32| Capsule::new(k.a + v * t, k.b + v * t, k.radius);
            match (ours, theirs) {
                (Some(a), Some(b)) if (a - b).abs() <= 2e-3 => {}
                (Some(a), Some(b)) => {
                    // Ours earlier: it must touch there (parry is late, through the first
                    // contact); ours later: wrong.
                    let gap = brute(&at(a)) as f32;
                    assert!(
                        a < b && gap.abs() <= 2e-3,
                        "sweep {label}: ours {a} (gap {gap}), parry {b}, {k:?}"
                    );
                    parry_misses[2] += 1;
                }
                (Some(x), None) | (None, Some(x)) => {
                    assert!(x >= 1.0 - 2e-3, "sweep {label}: {x} one-sided, {k:?}")
                }
                (None, None) => {}
            }
        }
        eprintln!(
            "{label}: parry's distance above the brute force on {} of {BATCH} capsules and below it on {}, its contact off on {} (deeper, along the face, on {parry_deeper}), its sweep late on {}",
            parry_misses[0], parry_misses[3], parry_misses[1], parry_misses[2]
        );
    }
    let groups: [(&str, u8); 3] =
        [("mesh_capsule_distance", 0), ("mesh_capsule_contact", 1), ("mesh_capsule_sweep", 2)];
    for (name, query) in groups {
        let mut g = c.benchmark_group(name);
        g.throughput(Throughput::Elements(1));
        for (m, label) in &all {
            match query {
                0 => {
                    cycled(&mut g, BenchmarkId::new("osculate-f32", label), &c32, |k| {
                        closest_points_convex_mesh(k, &m.f32)
                    });
                    cycled(&mut g, BenchmarkId::new("osculate-f64", label), &c64, |k| {
                        closest_points_convex_mesh(k, &m.f64)
                    });
                    cycled(&mut g, BenchmarkId::new("parry3d", label), &cp, |p| {
                        distance_composite_shape_shape(&d, &id, &m.parry, p)
                    });
                }
                1 => {
                    cycled(&mut g, BenchmarkId::new("osculate-f32", label), &c32, |k| {
                        contact_convex_mesh(k, &m.f32, prediction)
                    });
                    cycled(&mut g, BenchmarkId::new("osculate-f64", label), &c64, |k| {
                        contact_convex_mesh(k, &m.f64, 0.05)
                    });
                    cycled(&mut g, BenchmarkId::new("parry3d", label), &cp, |p| {
                        contact_composite_shape_shape(&d, &id, &m.parry, p, prediction)
                    });
                }
                _ => {
                    let moves: Vec<(Capsule<f32>, Vector3<f32>)> =
                        c32.iter().map(|k| (*k, motion(k))).collect();
                    let moves64: Vec<(Capsule<f64>, Vector3<f64>)> = moves
                        .iter()
                        .map(|(k, v)| (Capsule::new(k.a.cast(), k.b.cast(), 0.05), v.cast()))
                        .collect();
                    let pm: Vec<(&parry3d::shape::Capsule, parry3d::math::Vector)> =
                        cp.iter().zip(&moves).map(|(p, (_, v))| (p, vp(*v))).collect();
                    cycled(&mut g, BenchmarkId::new("osculate-f32", label), &moves, |(k, v)| {
                        sweep_convex_mesh(k, v, &m.f32)
                    });
                    cycled(&mut g, BenchmarkId::new("osculate-f64", label), &moves64, |(k, v)| {
                        sweep_convex_mesh(k, v, &m.f64)
                    });
                    cycled(&mut g, BenchmarkId::new("parry3d", label), &pm, |(p, v)| {
                        cast_shapes_composite_shape_shape(&d, &id, *v, &m.parry, *p, options)
                    });
                }
            }
        }
        g.finish();
    }
}

fn build(c: &mut Criterion) {
    let mut g = c.benchmark_group("mesh_build");
    g.sample_size(10);
    for &(n, label) in &SIZES {
        let (v, t) = sphere(n);
        let VertexSets { v32, v64, vp, vp64 } = vertex_sets(&v);
        g.throughput(Throughput::Elements(t.len() as u64));
        g.bench_function(BenchmarkId::new("osculate-f32", label), |b| {
            b.iter(|| black_box(TriangleMesh::try_new(v32.clone(), t.clone())))
        });
        g.bench_function(BenchmarkId::new("osculate-f64", label), |b| {
            b.iter(|| black_box(TriangleMesh::try_new(v64.clone(), t.clone())))
        });
        g.bench_function(BenchmarkId::new("parry3d", label), |b| {
            b.iter(|| black_box(parry3d::shape::TriMesh::new(vp.clone(), t.clone())))
        });
        g.bench_function(BenchmarkId::new("parry3d-f64", label), |b| {
            b.iter(|| black_box(parry3d_f64::shape::TriMesh::new(vp64.clone(), t.clone())))
        });
    }
    g.finish();
}

/// The least CPU time of one round of the loop over a run (the thread's own time, which the
/// other processes on a loaded machine do not inflate as they do wall time).
const RUN_SECONDS: f64 = 0.4;

/// The least CPU time per call of `f` over three runs, each repeating `f` for at least
/// [`RUN_SECONDS`], in seconds.
fn best_of_three(f: impl FnMut()) -> f64 {
    osculate_benches::cpu::best_of(3, RUN_SECONDS, f)
}

/// The plain-loop measurement (`cargo bench -p osculate-benches --bench mesh -- --cpu-loop`):
/// every ray of each batch cast in a loop, timed by the thread's CPU time, best of three runs of
/// at least [`RUN_SECONDS`]; the same for each build; and the memory per triangle. Printed as
/// parry3d's time over osculate's (above 1: osculate is faster) and the times.
fn cpu_loop() {
    // `--cpu-loop 100k` (or `10k`, `1M`) measures that size's rays alone.
    let only: Vec<String> = std::env::args().filter(|a| SIZES.iter().any(|s| s.1 == a)).collect();
    let all: Vec<_> = all_meshes()
        .into_iter()
        .filter(|(_, label)| only.is_empty() || only.iter().any(|o| o == label))
        .collect();
    let mut rng = Rng::new(0x5EED_0026);
    let batches = [("incoherent", incoherent(&mut rng)), ("coherent", coherent())];
    for (name, rays) in &batches {
        let r32: Vec<Ray<f32>> =
            rays.iter().map(|r| Ray::new(r.origin.cast(), r.direction.cast())).collect();
        let rp: Vec<parry3d::query::Ray> = r32.iter().map(parry_ray).collect();
        let rp64: Vec<parry3d_f64::query::Ray> = rays.iter().map(parry64_ray).collect();
        for (m, label) in &all {
            let per_ray = |s: f64| s * 1e9 / BATCH as f64;
            let f32_s = best_of_three(|| {
                for r in &r32 {
                    black_box(ray_mesh(black_box(r), &m.f32, Culling::TwoSided));
                }
            });
            let f64_s = best_of_three(|| {
                for r in rays {
                    black_box(ray_mesh(black_box(r), &m.f64, Culling::TwoSided));
                }
            });
            let parry_s = best_of_three(|| {
                for r in &rp {
                    black_box(m.parry.cast_local_ray(black_box(r), f32::MAX, true));
                }
            });
            let parry64_s = best_of_three(|| {
                for r in &rp64 {
                    black_box(m.parry64.cast_local_ray(black_box(r), f64::MAX, true));
                }
            });
            println!(
                "rays {name} {label}: ns/ray osculate-f32 {:.0}, osculate-f64 {:.0}, parry3d {:.0}, parry3d-f64 {:.0}; parry/f32 {:.2}, parry-f64/f64 {:.2}",
                per_ray(f32_s),
                per_ray(f64_s),
                per_ray(parry_s),
                per_ray(parry64_s),
                parry_s / f32_s,
                parry64_s / f64_s,
            );
        }
    }
    if !only.is_empty() {
        return;
    }
    for &(n, label) in &SIZES {
        let (v, t) = sphere(n);
        let VertexSets { v32, v64, vp, vp64 } = vertex_sets(&v);
        let f32_s = best_of_three(|| {
            black_box(TriangleMesh::try_new(v32.clone(), t.clone()).is_ok());
        });
        let f64_s = best_of_three(|| {
            black_box(TriangleMesh::try_new(v64.clone(), t.clone()).is_ok());
        });
        let parry_s = best_of_three(|| {
            black_box(parry3d::shape::TriMesh::new(vp.clone(), t.clone()).is_ok());
        });
        let parry64_s = best_of_three(|| {
            black_box(parry3d_f64::shape::TriMesh::new(vp64.clone(), t.clone()).is_ok());
        });
        println!(
            "build {label}: ms osculate-f32 {:.2}, osculate-f64 {:.2}, parry3d {:.2}, parry3d-f64 {:.2}; parry/f32 {:.2}, parry-f64/f64 {:.2}",
            f32_s * 1e3,
            f64_s * 1e3,
            parry_s * 1e3,
            parry64_s * 1e3,
            parry_s / f32_s,
            parry64_s / f64_s,
        );
    }
}

criterion_group!(benches, build, rays, convex);

fn main() {
    if std::env::args().any(|a| a == "--cpu-loop") {
        cpu_loop();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
