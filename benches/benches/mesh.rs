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
use osculate::closest::{closest_points_convex, closest_points_segment_triangle};
use osculate::mesh::{Compound, ConvexPart};
use osculate::mesh::{
    TriangleMesh, closest_point_on_mesh, closest_points_convex_mesh, contact_convex_mesh,
    overlap_convex_mesh, ray_mesh, sweep_convex_mesh,
};
use osculate_benches::cycled;
use osculate_math::{
    Aabb, Capsule, Isometry3, Point3, Ray, Segment, Sphere, UnitQuaternion, Vector3,
};
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
        // The `rayon` build (the same mesh, across the machine's cores), timed by wall time.
        g.bench_function(BenchmarkId::new("osculate-f32-par", label), |b| {
            b.iter(|| black_box(TriangleMesh::try_new_par(v32.clone(), t.clone())))
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
        // The `rayon` builds use every core, so their CPU time is no measure: wall time, best
        // of three, beside the serial build's wall time in the same loop.
        let wall = |f: &dyn Fn() -> bool| {
            (0..3)
                .map(|_| {
                    let start = std::time::Instant::now();
                    black_box(f());
                    start.elapsed().as_secs_f64()
                })
                .fold(f64::INFINITY, f64::min)
        };
        let serial32 = wall(&|| TriangleMesh::try_new(v32.clone(), t.clone()).is_ok());
        let par32 = wall(&|| TriangleMesh::try_new_par(v32.clone(), t.clone()).is_ok());
        let serial64 = wall(&|| TriangleMesh::try_new(v64.clone(), t.clone()).is_ok());
        let par64 = wall(&|| TriangleMesh::try_new_par(v64.clone(), t.clone()).is_ok());
        println!(
            "build {label} (wall, {} threads): ms osculate-f32 {:.2}, rayon {:.2}; osculate-f64 {:.2}, rayon {:.2}; serial/rayon {:.2} and {:.2}",
            rayon::current_num_threads(),
            serial32 * 1e3,
            par32 * 1e3,
            serial64 * 1e3,
            par64 * 1e3,
            serial32 / par32,
            serial64 / par64,
        );
    }
}

/// Inputs per set group (a pair of 10k meshes' distance takes milliseconds in parry: a smaller
/// batch keeps the check before timing short).
const SET_BATCH: usize = 256;

/// One contender in a group of the set queries: its label and the query on input `i` of the
/// batch (a number to keep: a distance, or 1 for an overlap).
struct Side<'a> {
    label: &'static str,
    run: Box<dyn Fn(usize) -> f64 + 'a>,
}

impl<'a> Side<'a> {
    fn new(label: &'static str, run: impl Fn(usize) -> f64 + 'a) -> Self {
        Self { label, run: Box::new(run) }
    }
}

/// A group of the set queries: its name, the size label, and the contenders (osculate-f32,
/// osculate-f64, parry3d, parry3d-f64).
struct SetGroup<'a> {
    name: &'static str,
    size: &'static str,
    sides: Vec<Side<'a>>,
    /// The distance of input `i`'s shapes in `f64`, by a separate path: the pair distance of
    /// the `f64` meshes (checked against the brute force over every pair of triangles by the
    /// tests), or the least GJK distance over the compound's parts.
    referee: Box<dyn Fn(usize) -> f64 + 'a>,
}

/// Mesh sizes of the mesh-mesh groups: triangles per icosahedron face edge, and the label
/// (980 and 9,680 triangles).
const PAIR_SIZES: [(usize, &str); 2] = [(7, "1k"), (22, "10k")];

/// Poses of the second copy of a mesh: turned at random, its centre at a random direction and a
/// distance in `[near, far]` from the first's.
fn pair_poses(rng: &mut Rng, near: f64, far: f64) -> Vec<Isometry3<f64>> {
    (0..SET_BATCH)
        .map(|_| {
            let t = rng.unit_vector::<f64>().into_inner() * rng.range(near, far);
            let q = UnitQuaternion::from_rotation_matrix(&rng.rotation::<f64>());
            Isometry3::from_parts(t.into(), q)
        })
        .collect()
}

/// Twenty convex parts on a ring of radius 2 (balls of radius 0.3, boxes of half side 0.25 and
/// capsules of length 0.4 and radius 0.15 in turn, each turned at random): poses and shapes.
fn ring_parts(rng: &mut Rng) -> Vec<(Isometry3<f64>, ConvexPart<f64>)> {
    (0..20)
        .map(|i| {
            let a = std::f64::consts::TAU * f64::from(i) / 20.0;
            let t = Vector3::new(2.0 * a.cos(), 2.0 * a.sin(), 0.0);
            let q = UnitQuaternion::from_rotation_matrix(&rng.rotation::<f64>());
            let part = match i % 3 {
                0 => ConvexPart::Sphere(Sphere::new(Point3::origin(), 0.3)),
                1 => ConvexPart::Aabb(Aabb::new(
                    Point3::new(-0.25, -0.25, -0.25),
                    Point3::new(0.25, 0.25, 0.25),
                )),
                _ => ConvexPart::Capsule(Capsule::new(
                    Point3::new(0.0, -0.2, 0.0),
                    Point3::new(0.0, 0.2, 0.0),
                    0.15,
                )),
            };
            (Isometry3::from_parts(t.into(), q), part)
        })
        .collect()
}

/// A part of [`ring_parts`] in `f32`.
fn part32(p: &ConvexPart<f64>) -> ConvexPart<f32> {
    match p {
        ConvexPart::Sphere(s) => ConvexPart::Sphere(Sphere::new(s.center.cast(), s.radius as f32)),
        ConvexPart::Aabb(b) => ConvexPart::Aabb(Aabb::new(b.min.cast(), b.max.cast())),
        ConvexPart::Capsule(k) => {
            ConvexPart::Capsule(Capsule::new(k.a.cast(), k.b.cast(), k.radius as f32))
        }
        _ => unreachable!("the ring has balls, boxes and capsules"),
    }
}

/// Capsules of length 0.4 and radius 0.1, turned at random, centred in the slab around the ring
/// (within 2.6 of the axis, 0.6 of its plane): many touch a part, most are near one.
fn ring_probes(rng: &mut Rng) -> Vec<Capsule<f64>> {
    (0..SET_BATCH)
        .map(|_| {
            let c = Vector3::new(rng.range(-2.6, 2.6), rng.range(-2.6, 2.6), rng.range(-0.6, 0.6));
            let half = rng.unit_vector::<f64>().into_inner() * 0.2;
            Capsule::new(Point3::from(c - half), Point3::from(c + half), 0.1)
        })
        .collect()
}

/// Checks every input of a group before it is timed: each side's answer against the referee's
/// distance. An overlap must be the referee's (distance 0) but where the distance is within the
/// precision's tolerance (`1e-4` in `f32`, `1e-8` in `f64`: either answer is right there); a
/// distance (or a contact's signed distance, when the shapes are apart within the prediction)
/// must be within `2e-3` in `f32` and `1e-6` in `f64` (relative above 1). osculate must pass on
/// every input; parry's misses are counted and printed.
fn check_group(g: &SetGroup<'_>) {
    let overlap = g.name.ends_with("overlap");
    let contact = g.name.ends_with("contact");
    let mut misses = [0usize; 4];
    let mut crossing = 0;
    for i in 0..SET_BATCH {
        let d = (g.referee)(i);
        crossing += usize::from(d <= 0.0);
        for (k, side) in g.sides.iter().enumerate() {
            let v = (side.run)(i);
            let tol = if k % 2 == 0 { 2e-3 } else { 1e-6 };
            let ok = if overlap {
                (v == 1.0) == (d <= 0.0) || d < if k % 2 == 0 { 1e-4 } else { 1e-8 }
            } else if contact {
                // Apart beyond the prediction: no contact (the prediction stands in); apart
                // within it: the distance; penetrating: a depth (EPA's, not refereed here).
                if d > RING_PREDICTION + tol {
                    v == RING_PREDICTION
                } else if d > tol {
                    (v - d).abs() <= tol
                } else {
                    v <= tol
                }
            } else {
                (v - d).abs() <= tol * d.abs().max(1.0)
            };
            if !ok {
                assert!(
                    k >= 2,
                    "{} {}: input {i}: {} {v}, referee {d}",
                    g.name,
                    g.size,
                    side.label
                );
                if misses[k] < 3 {
                    eprintln!("{} {}: input {i}: {} {v}, referee {d}", g.name, g.size, side.label);
                }
                misses[k] += 1;
            }
        }
    }
    eprintln!(
        "{} {}: osculate agrees with the referee on all {SET_BATCH} inputs ({crossing} overlapping), parry3d misses {}, parry3d-f64 {}",
        g.name, g.size, misses[2], misses[3]
    );
}

/// The set groups: two meshes' overlap and distance (the second a turned copy of the first,
/// placed by a pose), and a capsule's overlap, distance and contact against a compound of twenty
/// parts. Before a group is returned, every input is run on every side and checked
/// ([`check_group`]).
fn set_groups<'a>(all: &'a [(Meshes, &'static str)], ring: &'a Ring) -> Vec<SetGroup<'a>> {
    use osculate::mesh::{closest_points_sets_posed, overlap_mesh_mesh};
    let mut rng = Rng::new(0x5EED_0226);
    let mut groups = Vec::new();
    // Crossing (centres 1.7 to 2.05 apart: the bumpy surfaces cross, or nearly) and apart (2.2 to
    // 3): the overlap answers both ways, the distance is positive.
    let cross = pair_poses(&mut rng, 1.8, 2.15);
    let apart = pair_poses(&mut rng, 2.2, 3.0);
    for (m, size) in all {
        for (name, poses) in [("mesh_mesh_overlap", &cross), ("mesh_mesh_distance", &apart)] {
            let own = poses.to_vec();
            let p64: Vec<Isometry3<f64>> = poses.to_vec();
            let p32: Vec<Isometry3<f32>> = poses.iter().map(|p| p.cast()).collect();
            let pp: Vec<parry3d::math::Pose> =
                p32.iter().map(osculate_testing::parry::parry3d::pose).collect();
            let pp64: Vec<parry3d_f64::math::Pose> =
                p64.iter().map(osculate_testing::parry::parry3d_f64::pose).collect();
            let id = parry3d::math::Pose::IDENTITY;
            let id64 = parry3d_f64::math::Pose::IDENTITY;
            let sides = if name == "mesh_mesh_overlap" {
                vec![
                    Side::new("osculate-f32", move |i| {
                        f64::from(u8::from(overlap_mesh_mesh(&m.f32, &m.f32, &p32[i])))
                    }),
                    Side::new("osculate-f64", move |i| {
                        f64::from(u8::from(overlap_mesh_mesh(&m.f64, &m.f64, &p64[i])))
                    }),
                    Side::new("parry3d", move |i| {
                        let r = parry3d::query::intersection_test(&id, &m.parry, &pp[i], &m.parry);
                        f64::from(u8::from(r.is_ok_and(|r| r.intersecting)))
                    }),
                    Side::new("parry3d-f64", move |i| {
                        let r = parry3d_f64::query::intersection_test(
                            &id64, &m.parry64, &pp64[i], &m.parry64,
                        );
                        f64::from(u8::from(r.is_ok_and(|r| r.intersecting)))
                    }),
                ]
            } else {
                vec![
                    Side::new("osculate-f32", move |i| {
                        closest_points_sets_posed(&m.f32, &m.f32, &p32[i])
                            .map_or(f64::NAN, |c| f64::from(c.result.distance))
                    }),
                    Side::new("osculate-f64", move |i| {
                        closest_points_sets_posed(&m.f64, &m.f64, &p64[i])
                            .map_or(f64::NAN, |c| c.result.distance)
                    }),
                    Side::new("parry3d", move |i| {
                        let r = parry3d::query::distance(&id, &m.parry, &pp[i], &m.parry);
                        r.map_or(f64::NAN, |r| f64::from(r.distance))
                    }),
                    Side::new("parry3d-f64", move |i| {
                        let r =
                            parry3d_f64::query::distance(&id64, &m.parry64, &pp64[i], &m.parry64);
                        r.map_or(f64::NAN, |r| r.distance)
                    }),
                ]
            };
            let referee = Box::new(move |i: usize| {
                closest_points_sets_posed(&m.f64, &m.f64, &own[i])
                    .map_or(f64::NAN, |c| c.result.distance)
            });
            groups.push(SetGroup { name, size, sides, referee });
        }
    }
    for name in
        ["compound_capsule_overlap", "compound_capsule_distance", "compound_capsule_contact"]
    {
        let referee = Box::new(move |i: usize| {
            let k = &ring.c64[i];
            ring.f64
                .parts()
                .iter()
                .map(|p| closest_points_convex(k, p).distance)
                .fold(f64::INFINITY, f64::min)
        });
        groups.push(SetGroup { name, size: "20 parts", sides: ring.sides(name), referee });
    }
    for g in &groups {
        check_group(g);
    }
    groups
}

/// The compound of [`ring_parts`] and the capsules of [`ring_probes`] in each library and
/// precision.
struct Ring {
    f32: Compound<f32, ConvexPart<f32>>,
    f64: Compound<f64, ConvexPart<f64>>,
    parry: parry3d::shape::Compound,
    parry64: parry3d_f64::shape::Compound,
    c32: Vec<Capsule<f32>>,
    c64: Vec<Capsule<f64>>,
    cp: Vec<parry3d::shape::Capsule>,
    cp64: Vec<parry3d_f64::shape::Capsule>,
}

/// The prediction of the compound contact group.
const RING_PREDICTION: f64 = 0.05;

impl Ring {
    fn new() -> Self {
        use osculate_testing::parry::{parry3d as p32, parry3d_f64 as p64};
        let mut rng = Rng::new(0x5EED_0326);
        let parts = ring_parts(&mut rng);
        let shared = |p: &ConvexPart<f64>| match p {
            ConvexPart::Sphere(s) => (
                parry3d::shape::SharedShape::ball(s.radius as f32),
                parry3d_f64::shape::SharedShape::ball(s.radius),
            ),
            ConvexPart::Aabb(b) => {
                let h = b.half_extents();
                (
                    parry3d::shape::SharedShape::cuboid(h.x as f32, h.y as f32, h.z as f32),
                    parry3d_f64::shape::SharedShape::cuboid(h.x, h.y, h.z),
                )
            }
            ConvexPart::Capsule(k) => (
                parry3d::shape::SharedShape::capsule(
                    p32::point(&k.a.cast()),
                    p32::point(&k.b.cast()),
                    k.radius as f32,
                ),
                parry3d_f64::shape::SharedShape::capsule(
                    p64::point(&k.a),
                    p64::point(&k.b),
                    k.radius,
                ),
            ),
            _ => unreachable!("the ring has balls, boxes and capsules"),
        };
        let (mut sp, mut sp64) = (Vec::new(), Vec::new());
        for (pose, part) in &parts {
            let (a, b) = shared(part);
            sp.push((p32::pose(&pose.cast()), a));
            sp64.push((p64::pose(pose), b));
        }
        let c64 = ring_probes(&mut rng);
        let c32: Vec<Capsule<f32>> =
            c64.iter().map(|k| Capsule::new(k.a.cast(), k.b.cast(), k.radius as f32)).collect();
        Self {
            f32: valid(Compound::try_new(
                parts.iter().map(|(p, s)| (p.cast(), part32(s))).collect(),
            )),
            f64: valid(Compound::try_new(parts)),
            parry: parry3d::shape::Compound::new(sp),
            parry64: parry3d_f64::shape::Compound::new(sp64),
            cp: c32.iter().map(p32::capsule).collect(),
            cp64: c64.iter().map(p64::capsule).collect(),
            c32,
            c64,
        }
    }

    /// The four sides of the compound group `name`.
    fn sides(&self, name: &str) -> Vec<Side<'_>> {
        use osculate::mesh::{
            closest_points_convex_compound, contact_convex_compound, overlap_convex_compound,
        };
        let id = parry3d::math::Pose::IDENTITY;
        let id64 = parry3d_f64::math::Pose::IDENTITY;
        let yes = |b: bool| f64::from(u8::from(b));
        let pr = RING_PREDICTION;
        match name {
            "compound_capsule_overlap" => vec![
                Side::new("osculate-f32", move |i| {
                    yes(overlap_convex_compound(&self.c32[i], &self.f32))
                }),
                Side::new("osculate-f64", move |i| {
                    yes(overlap_convex_compound(&self.c64[i], &self.f64))
                }),
                Side::new("parry3d", move |i| {
                    yes(parry3d::query::intersection_test(&id, &self.cp[i], &id, &self.parry)
                        .is_ok_and(|r| r.intersecting))
                }),
                Side::new("parry3d-f64", move |i| {
                    yes(parry3d_f64::query::intersection_test(
                        &id64,
                        &self.cp64[i],
                        &id64,
                        &self.parry64,
                    )
                    .is_ok_and(|r| r.intersecting))
                }),
            ],
            "compound_capsule_distance" => vec![
                Side::new("osculate-f32", move |i| {
                    closest_points_convex_compound(&self.c32[i], &self.f32)
                        .map_or(f64::NAN, |c| f64::from(c.result.distance))
                }),
                Side::new("osculate-f64", move |i| {
                    closest_points_convex_compound(&self.c64[i], &self.f64)
                        .map_or(f64::NAN, |c| c.result.distance)
                }),
                Side::new("parry3d", move |i| {
                    parry3d::query::distance(&id, &self.cp[i], &id, &self.parry)
                        .map_or(f64::NAN, |r| f64::from(r.distance))
                }),
                Side::new("parry3d-f64", move |i| {
                    parry3d_f64::query::distance(&id64, &self.cp64[i], &id64, &self.parry64)
                        .map_or(f64::NAN, |r| r.distance)
                }),
            ],
            // The contact's signed distance, or the prediction when there is none.
            _ => vec![
                Side::new("osculate-f32", move |i| {
                    contact_convex_compound(&self.c32[i], &self.f32, pr as f32)
                        .map_or(pr, |c| f64::from(c.result.distance))
                }),
                Side::new("osculate-f64", move |i| {
                    contact_convex_compound(&self.c64[i], &self.f64, pr)
                        .map_or(pr, |c| c.result.distance)
                }),
                Side::new("parry3d", move |i| {
                    let c = parry3d::query::contact(&id, &self.cp[i], &id, &self.parry, pr as f32);
                    c.ok().flatten().map_or(pr, |c| f64::from(c.dist))
                }),
                Side::new("parry3d-f64", move |i| {
                    let c =
                        parry3d_f64::query::contact(&id64, &self.cp64[i], &id64, &self.parry64, pr);
                    c.ok().flatten().map_or(pr, |c| c.dist)
                }),
            ],
        }
    }
}

/// The pair meshes of [`PAIR_SIZES`].
fn pair_meshes() -> Vec<(Meshes, &'static str)> {
    PAIR_SIZES
        .iter()
        .map(|&(n, label)| {
            let (v, t) = sphere(n);
            (meshes(&v, &t), label)
        })
        .collect()
}

/// The set groups in criterion: each side one query of its batch per iteration.
fn sets(c: &mut Criterion) {
    let all = pair_meshes();
    let ring = Ring::new();
    for g in set_groups(&all, &ring) {
        let mut group = c.benchmark_group(g.name);
        group.throughput(Throughput::Elements(1));
        for side in &g.sides {
            let mut i = 0usize;
            group.bench_function(BenchmarkId::new(side.label, g.size), |b| {
                b.iter(|| {
                    i = i.wrapping_add(1);
                    black_box((side.run)(black_box(i & (SET_BATCH - 1))))
                })
            });
        }
        group.finish();
    }
}

/// The set groups in the plain loop (`--cpu-loop sets`): every input of each side's batch in a
/// loop, timed by the thread's CPU time, best of three runs; printed as nanoseconds per query
/// and parry's time over osculate's in each precision (above 1: osculate is faster). A further
/// argument (`--cpu-loop sets compound`) keeps the groups whose name contains it.
fn sets_cpu_loop() {
    let filter = std::env::args().skip_while(|a| a != "sets").nth(1);
    let all = pair_meshes();
    let ring = Ring::new();
    for g in set_groups(&all, &ring) {
        if filter.as_ref().is_some_and(|f| !g.name.contains(f.as_str())) {
            continue;
        }
        let t: Vec<f64> = g
            .sides
            .iter()
            .map(|s| {
                best_of_three(|| {
                    for i in 0..SET_BATCH {
                        black_box((s.run)(black_box(i)));
                    }
                }) * 1e9
                    / SET_BATCH as f64
            })
            .collect();
        println!(
            "{} {}: ns/query osculate-f32 {:.0}, osculate-f64 {:.0}, parry3d {:.0}, parry3d-f64 {:.0}; parry/f32 {:.2}, parry-f64/f64 {:.2}",
            g.name,
            g.size,
            t[0],
            t[1],
            t[2],
            t[3],
            t[2] / t[0],
            t[3] / t[1],
        );
    }
}

criterion_group!(benches, build, rays, convex, sets);

fn main() {
    if std::env::args().any(|a| a == "--cpu-loop") {
        if std::env::args().any(|a| a == "sets") {
            sets_cpu_loop();
            return;
        }
        cpu_loop();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
