//! Criterion benchmarks of the time of impact under rigid motion (translation and rotation):
//! osculate's `convex_convex_rigid` in f32 and f64 beside parry's
//! `query::cast_shapes_nonlinear` (parry3d and parry3d-f64) on the same shapes and the same
//! motions (parry's `NonlinearRigidMotion` and osculate's `RigidMotion` describe a body the same
//! way: a start pose, a center of rotation in the body's frame, a linear and an angular velocity),
//! over `t ∈ [0, 1]`, parry stopping at penetration.
//!
//! Groups: box-box, capsule-box, cylinder-cone and polyhedron-polyhedron (hulls of 8 to 12
//! points), each over two input distributions of 256 seeded scenes: `aimed` (A moves toward B
//! while turning up to a turn per unit time, B still or drifting: most pairs meet) and `spinning`
//! (A spins 2 to 8 turns and drifts past B in a random direction: about half meet). Before
//! timing, each group prints how often osculate (f64) and parry3d-f64 agree on hit or miss and
//! their median time difference where both hit — both must answer the same question for the
//! times to compare (`tests/it/rigid_parry.rs` in osculate-dynamic classifies every
//! disagreement).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use osculate::dynamic::{RigidMotion, RigidOptions, convex_convex_rigid};
use osculate_math::{
    Capsule, Cone, ConvexPolyhedron, Cylinder, Isometry3, Obb, Point3, Real, Rotation3,
    Translation3, UnitQuaternion, Vector3,
};
use osculate_testing::Rng;
use std::hint::black_box;

/// Scenes per distribution (a power of two: inputs are cycled with `i & (N − 1)`).
const N: usize = 256;

/// A shape of the benchmarks, described once and built for each contender.
#[derive(Clone, Debug)]
enum Shape {
    /// Half extents.
    Cuboid([f64; 3]),
    /// Half height along y, radius.
    Capsule(f64, f64),
    /// Half height along y, radius.
    Cylinder(f64, f64),
    /// Half height along y (apex at `+y`), base radius.
    Cone(f64, f64),
    /// Points whose hull it is.
    Hull(Vec<[f64; 3]>),
}

/// A motion: start translation and rotation (scaled axis), center of rotation (local), linear
/// and angular velocity.
#[derive(Clone, Copy, Debug)]
struct Motion {
    at: [f64; 3],
    turn: [f64; 3],
    center: [f64; 3],
    linvel: [f64; 3],
    angvel: [f64; 3],
}

#[derive(Clone, Debug)]
struct Scene {
    a: Shape,
    ma: Motion,
    b: Shape,
    mb: Motion,
}

fn v3(rng: &mut Rng, lo: f64, hi: f64) -> [f64; 3] {
    let u = rng.unit_vector::<f64>().into_inner() * rng.range(lo, hi);
    [u.x, u.y, u.z]
}

fn shape(rng: &mut Rng, kind: &str) -> Shape {
    let mut size = || rng.range(0.2, 1.0);
    match kind {
        "cuboid" => Shape::Cuboid([size(), size(), size()]),
        "capsule" => Shape::Capsule(size(), 0.5 * size()),
        "cylinder" => Shape::Cylinder(size(), size()),
        "cone" => Shape::Cone(size(), size()),
        _ => {
            let count = 8 + rng.index(5);
            Shape::Hull((0..count).map(|_| v3(rng, 0.3, 1.0)).collect())
        }
    }
}

/// A bound on the distance of a shape's points from its origin.
fn reach(s: &Shape) -> f64 {
    match s {
        Shape::Cuboid(e) => (e[0] * e[0] + e[1] * e[1] + e[2] * e[2]).sqrt(),
        Shape::Capsule(h, r) => h + r,
        Shape::Cylinder(h, r) | Shape::Cone(h, r) => h.hypot(*r),
        Shape::Hull(p) => {
            p.iter().map(|q| (q[0] * q[0] + q[1] * q[1] + q[2] * q[2]).sqrt()).fold(0.0, f64::max)
        }
    }
}

fn scenes(seed: u64, kinds: (&str, &str), spinning: bool) -> Vec<Scene> {
    let mut rng = Rng::new(seed);
    (0..N)
        .map(|_| {
            let a = shape(&mut rng, kinds.0);
            let b = shape(&mut rng, kinds.1);
            let gap = reach(&a) + reach(&b);
            let dir = v3(&mut rng, 1.0, 1.0);
            let far = gap * rng.range(0.8, 2.0);
            let at_b = [dir[0] * far, dir[1] * far, dir[2] * far];
            let (linvel, angvel) = if spinning {
                let drift = v3(&mut rng, 0.5 * far, 2.0 * far);
                (drift, v3(&mut rng, 2.0 * std::f64::consts::TAU, 8.0 * std::f64::consts::TAU))
            } else {
                let k = rng.range(0.6, 2.0);
                let aim = [at_b[0] * k, at_b[1] * k, at_b[2] * k];
                let wobble = v3(&mut rng, 0.0, 0.3 * far);
                (
                    [aim[0] + wobble[0], aim[1] + wobble[1], aim[2] + wobble[2]],
                    v3(&mut rng, 0.0, std::f64::consts::TAU),
                )
            };
            let ma = Motion {
                at: [0.0; 3],
                turn: v3(&mut rng, 0.0, 3.0),
                center: [0.0; 3],
                linvel,
                angvel,
            };
            let still = rng.chance(0.5);
            let mb = Motion {
                at: at_b,
                turn: v3(&mut rng, 0.0, 3.0),
                center: [0.0; 3],
                linvel: if still { [0.0; 3] } else { v3(&mut rng, 0.0, 0.5 * far) },
                angvel: if still { [0.0; 3] } else { v3(&mut rng, 0.0, std::f64::consts::PI) },
            };
            Scene { a, ma, b, mb }
        })
        .collect()
}

/// osculate's side: the shapes and motions in `T`.
mod ours {
    use super::*;

    /// A shape as the support-mapped type it is.
    #[derive(Clone, Debug)]
    pub(super) enum Body<T: Real> {
        Obb(Obb<T>),
        Capsule(Capsule<T>),
        Cylinder(Cylinder<T>),
        Cone(Cone<T>),
        Hull(ConvexPolyhedron<T>),
    }

    fn v<T: Real>(a: &[f64; 3]) -> Vector3<T> {
        Vector3::new(T::lit(a[0]), T::lit(a[1]), T::lit(a[2]))
    }

    pub(super) fn body<T: Real>(s: &Shape) -> Body<T> {
        let y = |h: f64| Point3::new(T::ZERO, T::lit(h), T::ZERO);
        match s {
            Shape::Cuboid(e) => Body::Obb(Obb::new(Point3::origin(), Rotation3::identity(), v(e))),
            Shape::Capsule(h, r) => Body::Capsule(Capsule::new(y(-h), y(*h), T::lit(*r))),
            Shape::Cylinder(h, r) => Body::Cylinder(Cylinder::new(y(-h), y(*h), T::lit(*r))),
            Shape::Cone(h, r) => {
                Body::Cone(Cone::new(y(*h), -Vector3::y_axis(), T::lit(2.0 * h), T::lit(*r)))
            }
            Shape::Hull(p) => {
                let pts: Vec<Point3<T>> = p.iter().map(|q| Point3::from(v(q))).collect();
                match ConvexPolyhedron::try_from_points(&pts) {
                    Ok(h) => Body::Hull(h),
                    Err(e) => panic!("the generated hull is invalid: {e:?}"),
                }
            }
        }
    }

    pub(super) fn motion<T: Real>(m: &Motion) -> RigidMotion<T> {
        let start = Isometry3::from_parts(
            Translation3::from(v::<T>(&m.at)),
            UnitQuaternion::from_scaled_axis(v::<T>(&m.turn)),
        );
        RigidMotion::new(start, Point3::from(v::<T>(&m.center)), v(&m.linvel), v(&m.angvel))
    }

    /// The time of impact, or `None`.
    pub(super) fn toi<T: Real>(
        a: &Body<T>,
        ma: &RigidMotion<T>,
        b: &Body<T>,
        mb: &RigidMotion<T>,
    ) -> Option<T> {
        let o = RigidOptions::default();
        macro_rules! with_b {
            ($x:expr) => {
                match b {
                    Body::Obb(y) => convex_convex_rigid($x, ma, y, mb, &o),
                    Body::Capsule(y) => convex_convex_rigid($x, ma, y, mb, &o),
                    Body::Cylinder(y) => convex_convex_rigid($x, ma, y, mb, &o),
                    Body::Cone(y) => convex_convex_rigid($x, ma, y, mb, &o),
                    Body::Hull(y) => convex_convex_rigid($x, ma, y, mb, &o),
                }
            };
        }
        let hit = match a {
            Body::Obb(x) => with_b!(x),
            Body::Capsule(x) => with_b!(x),
            Body::Cylinder(x) => with_b!(x),
            Body::Cone(x) => with_b!(x),
            Body::Hull(x) => with_b!(x),
        };
        hit.map(|h| h.toi)
    }

    /// A unit quaternion's `(i, j, k, w)`, for parry.
    pub(super) fn quat(q: &UnitQuaternion<f64>) -> [f64; 4] {
        [q.i, q.j, q.k, q.w]
    }
}

/// parry's side, for parry3d (`$p = parry3d`, f32) and parry3d-f64.
macro_rules! parry_side {
    ($name:ident, $p:ident, $t:ty) => {
        mod $name {
            use super::*;
            use $p::math::{Pose, Rot3, Vector};
            use $p::query::{NonlinearRigidMotion, cast_shapes_nonlinear};
            use $p::shape::{Capsule, Cone, ConvexPolyhedron, Cuboid, Cylinder, SharedShape};

            fn v(a: &[f64; 3]) -> Vector {
                Vector::new(a[0] as $t, a[1] as $t, a[2] as $t)
            }

            pub(super) fn shape(s: &Shape) -> SharedShape {
                match s {
                    Shape::Cuboid(e) => SharedShape::new(Cuboid::new(v(e))),
                    Shape::Capsule(h, r) => SharedShape::new(Capsule::new_y(*h as $t, *r as $t)),
                    Shape::Cylinder(h, r) => SharedShape::new(Cylinder::new(*h as $t, *r as $t)),
                    Shape::Cone(h, r) => SharedShape::new(Cone::new(*h as $t, *r as $t)),
                    Shape::Hull(p) => {
                        let pts: Vec<Vector> = p.iter().map(v).collect();
                        match ConvexPolyhedron::from_convex_hull(&pts) {
                            Some(h) => SharedShape::new(h),
                            None => panic!("parry refused the generated hull"),
                        }
                    }
                }
            }

            pub(super) fn motion(m: &Motion) -> NonlinearRigidMotion {
                let q = ours::quat(&UnitQuaternion::from_scaled_axis(Vector3::new(
                    m.turn[0], m.turn[1], m.turn[2],
                )));
                let rot = Rot3::from_xyzw(q[0] as $t, q[1] as $t, q[2] as $t, q[3] as $t);
                NonlinearRigidMotion::new(
                    Pose::from_parts(v(&m.at), rot),
                    v(&m.center),
                    v(&m.linvel),
                    v(&m.angvel),
                )
            }

            pub(super) fn toi(
                a: &SharedShape,
                ma: &NonlinearRigidMotion,
                b: &SharedShape,
                mb: &NonlinearRigidMotion,
            ) -> Option<$t> {
                cast_shapes_nonlinear(ma, &**a, mb, &**b, 0.0, 1.0, true)
                    .ok()
                    .flatten()
                    .map(|h| h.time_of_impact)
            }
        }
    };
}

parry_side!(parry32, parry3d, f32);
parry_side!(parry64, parry3d_f64, f64);

/// Prints how often osculate (f64) and parry3d-f64 agree on hit or miss over a distribution, and
/// their median time difference where both hit.
fn agreement(name: &str, scenes: &[Scene]) {
    let (mut both, mut neither, mut ours_only, mut parry_only) = (0, 0, 0, 0);
    let mut differences = Vec::new();
    for s in scenes {
        let ours = ours::toi::<f64>(
            &ours::body(&s.a),
            &ours::motion(&s.ma),
            &ours::body(&s.b),
            &ours::motion(&s.mb),
        );
        let parry = parry64::toi(
            &parry64::shape(&s.a),
            &parry64::motion(&s.ma),
            &parry64::shape(&s.b),
            &parry64::motion(&s.mb),
        );
        match (ours, parry) {
            (Some(x), Some(y)) => {
                both += 1;
                differences.push((x - y).abs());
            }
            (None, None) => neither += 1,
            (Some(_), None) => ours_only += 1,
            (None, Some(_)) => parry_only += 1,
        }
    }
    differences.sort_by(f64::total_cmp);
    let median = differences.get(differences.len() / 2).copied().unwrap_or(0.0);
    eprintln!(
        "{name}: both hit {both}, both miss {neither}, only osculate hits {ours_only}, only parry hits {parry_only}; median |Δt| {median:.1e}"
    );
}

fn group(c: &mut Criterion, name: &str, seed: u64, kinds: (&str, &str), spinning: bool) {
    let scenes = scenes(seed, kinds, spinning);
    agreement(name, &scenes);
    let mut g = c.benchmark_group(name);
    let o32: Vec<_> = scenes
        .iter()
        .map(|s| {
            (
                ours::body::<f32>(&s.a),
                ours::motion::<f32>(&s.ma),
                ours::body::<f32>(&s.b),
                ours::motion::<f32>(&s.mb),
            )
        })
        .collect();
    let o64: Vec<_> = scenes
        .iter()
        .map(|s| {
            (
                ours::body::<f64>(&s.a),
                ours::motion::<f64>(&s.ma),
                ours::body::<f64>(&s.b),
                ours::motion::<f64>(&s.mb),
            )
        })
        .collect();
    let p32: Vec<_> = scenes
        .iter()
        .map(|s| {
            (
                parry32::shape(&s.a),
                parry32::motion(&s.ma),
                parry32::shape(&s.b),
                parry32::motion(&s.mb),
            )
        })
        .collect();
    let p64: Vec<_> = scenes
        .iter()
        .map(|s| {
            (
                parry64::shape(&s.a),
                parry64::motion(&s.ma),
                parry64::shape(&s.b),
                parry64::motion(&s.mb),
            )
        })
        .collect();
    let mut i = 0usize;
    g.bench_function(BenchmarkId::new("osculate", "f32"), |b| {
        b.iter(|| {
            i = i.wrapping_add(1);
            let x = black_box(&o32[i & (N - 1)]);
            black_box(ours::toi(&x.0, &x.1, &x.2, &x.3))
        })
    });
    g.bench_function(BenchmarkId::new("osculate", "f64"), |b| {
        b.iter(|| {
            i = i.wrapping_add(1);
            let x = black_box(&o64[i & (N - 1)]);
            black_box(ours::toi(&x.0, &x.1, &x.2, &x.3))
        })
    });
    g.bench_function(BenchmarkId::new("parry3d", "f32"), |b| {
        b.iter(|| {
            i = i.wrapping_add(1);
            let x = black_box(&p32[i & (N - 1)]);
            black_box(parry32::toi(&x.0, &x.1, &x.2, &x.3))
        })
    });
    g.bench_function(BenchmarkId::new("parry3d-f64", "f64"), |b| {
        b.iter(|| {
            i = i.wrapping_add(1);
            let x = black_box(&p64[i & (N - 1)]);
            black_box(parry64::toi(&x.0, &x.1, &x.2, &x.3))
        })
    });
    g.finish();
}

fn rigid(c: &mut Criterion) {
    for (name, seed, kinds) in [
        ("rigid_box_box", 900, ("cuboid", "cuboid")),
        ("rigid_capsule_box", 910, ("capsule", "cuboid")),
        ("rigid_cylinder_cone", 920, ("cylinder", "cone")),
        ("rigid_polyhedron_polyhedron", 930, ("hull", "hull")),
    ] {
        group(c, &format!("{name}_aimed"), seed, kinds, false);
        group(c, &format!("{name}_spinning"), seed + 1, kinds, true);
    }
}

criterion_group!(benches, rigid);
criterion_main!(benches);
