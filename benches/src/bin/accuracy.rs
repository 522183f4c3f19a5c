//! The accuracy of osculate's `f32` queries against `f64` on the same input (`cargo xtask accuracy`).
//!
//! For each query that returns a distance, a parameter or a point, inputs are generated in `f32`
//! (so that they are exactly representable in `f64`), the query runs in `f32` and in `f64` on the
//! same values, and the `f32` result's error against the `f64` one is measured in units of
//! `scale × f32::EPSILON` (lengths and points; `scale` is the largest absolute coordinate or size
//! of the input, see `osculate_benches::accuracy::Scale`) or of `f32::EPSILON` (parameters). A ray
//! parameter is measured as the length `t·|direction|`, a time of impact as `toi·|relative motion|`.
//!
//! Input classes: ordinary (unit scale near the origin), far (unit-scale shapes ~1e4 from the
//! origin), near-degenerate (per query: nearly parallel, near-collinear, grazing, near-concentric),
//! and for casts and sweeps distant (a unit shape near the origin, the ray or the motion starting
//! 1e3 to 1e4 away). Where one precision answers `None` and the other `Some`, the case is counted
//! as "disagree on hit" instead of as an error. Inputs where both answer `None` are skipped.
//!
//! Usage: `accuracy [--cases N] [--out PATH]` (N inputs per query and class, default 20,000).

use std::fmt::Write as _;
use std::time::Instant;

use osculate::cast::{self, Culling};
use osculate::closest;
use osculate::dynamic;
use osculate_benches::accuracy::{Scale, Stats, Value, Widen, error, format_error};
use osculate_math::{
    Aabb, Capsule, Cylinder, Line, Obb, Point3, Ray, Real, Rotation3, Segment, Sphere, Triangle,
    Vector3,
};
use osculate_testing::{Flavour, Frame, Generate, Rng};

/// The input classes, in column order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Ordinary,
    Far,
    NearDegenerate,
    Distant,
}

const CLASSES: [Class; 4] = [Class::Ordinary, Class::Far, Class::NearDegenerate, Class::Distant];

/// The results of one query: per quantity, per class.
struct Row {
    query: &'static str,
    degenerate: &'static str,
    quantities: Vec<(&'static str, [Option<Stats>; 4])>,
    /// Per quantity and class: the largest error and the input that gave it.
    worst: Vec<[Option<(f64, String)>; 4]>,
}

/// Parses the command line.
fn options() -> Result<Options, String> {
    let mut cases = 200_000;
    let mut exact_cases = 5_000;
    let mut out = None;
    let mut out_exact = None;
    let mut worst = false;
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--cases" => {
                let n = it.next().ok_or("--cases needs a number")?;
                cases = n.parse().map_err(|_| format!("--cases: not a number: {n}"))?;
            }
            "--exact-cases" => {
                let n = it.next().ok_or("--exact-cases needs a number")?;
                exact_cases = n.parse().map_err(|_| format!("--exact-cases: not a number: {n}"))?;
            }
            "--out" => out = Some(it.next().ok_or("--out needs a path")?),
            "--out-exact" => out_exact = Some(it.next().ok_or("--out-exact needs a path")?),
            "--worst" => worst = true,
            other => return Err(format!("accuracy: unknown option `{other}`")),
        }
    }
    Ok(Options { cases, exact_cases, out, out_exact, worst })
}

/// The command line.
struct Options {
    /// Inputs per query and class of the `f32`-against-`f64` table.
    cases: usize,
    /// Cases per family and scalar type of the exact-reference table.
    exact_cases: u64,
    /// Where to write the `f32`-against-`f64` table.
    out: Option<String>,
    /// Where to write the exact-reference table.
    out_exact: Option<String>,
    /// Whether to print the input behind each maximum.
    worst: bool,
}

/// Runs one query over every class it has a generator for.
#[allow(clippy::type_complexity, reason = "two function pointers of one query, spelled once")]
fn measure<I: Widen + Scale + std::fmt::Debug>(
    cases: usize,
    seed: u64,
    query: &'static str,
    degenerate: &'static str,
    names: &[&'static str],
    generate: fn(&mut Rng, Class) -> Option<I>,
    low: fn(&I) -> Option<Vec<Value>>,
    high: fn(&I::Wide) -> Option<Vec<Value>>,
) -> Row {
    let mut quantities: Vec<(&'static str, [Option<Stats>; 4])> =
        names.iter().map(|&n| (n, [None, None, None, None])).collect();
    let mut worst: Vec<[Option<(f64, String)>; 4]> =
        names.iter().map(|_| [None, None, None, None]).collect();
    for (k, class) in CLASSES.into_iter().enumerate() {
        let mut rng = Rng::new(seed.wrapping_mul(31).wrapping_add(k as u64));
        if generate(&mut rng.clone(), class).is_none() {
            continue;
        }
        let mut stats: Vec<Stats> = names.iter().map(|_| Stats::default()).collect();
        let mut answered = 0;
        // Inputs where both precisions miss are skipped; stop at 50 N inputs in any case.
        for _ in 0..cases * 50 {
            if answered == cases {
                break;
            }
            let Some(input) = generate(&mut rng, class) else { break };
            let (a, b) = (low(&input), high(&input.widen()));
            if a.is_none() && b.is_none() {
                continue;
            }
            answered += 1;
            for (j, s) in stats.iter_mut().enumerate() {
                s.cases += 1;
                match (&a, &b) {
                    (Some(a), Some(b)) => {
                        let e = error(&a[j], &b[j], input.scale());
                        s.errors.push(e);
                        if worst[j][k].as_ref().is_none_or(|w| e > w.0) {
                            worst[j][k] = Some((e, format!("{input:?}")));
                        }
                    }
                    _ => s.disagree += 1,
                }
            }
        }
        for (q, s) in quantities.iter_mut().zip(stats) {
            q.1[k] = Some(s);
        }
    }
    Row { query, degenerate, quantities, worst }
}

// ---------------------------------------------------------------------------------------------
// Generation (in f32; every value is built in f64 and rounded once).

fn f(x: f64) -> f32 {
    x as f32
}

fn pt(v: Vector3<f64>) -> Point3<f32> {
    Point3::from(v.map(f))
}

fn vec3(v: Vector3<f64>) -> Vector3<f32> {
    v.map(f)
}

fn unit(rng: &mut Rng) -> Vector3<f64> {
    rng.unit_vector::<f64>().into_inner()
}

/// A unit vector perpendicular to unit `u`.
fn perpendicular(rng: &mut Rng, u: &Vector3<f64>) -> Vector3<f64> {
    loop {
        let w = unit(rng).cross(u);
        if w.norm() > 0.1 {
            return w.normalize();
        }
    }
}

/// `10^-x` with `x` uniform in `[lo, hi)`: a small quantity spread over several decades.
fn decades(rng: &mut Rng, lo: f64, hi: f64) -> f64 {
    10f64.powf(-rng.range(lo, hi))
}

/// A point uniform in the cube of half side 1 around the origin, in f64.
fn cube(rng: &mut Rng) -> Vector3<f64> {
    Vector3::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), rng.range(-1.0, 1.0))
}

fn widen_pt(p: &Point3<f32>) -> Vector3<f64> {
    p.coords.map(f64::from)
}

/// A frame of the ordinary or the far flavour; `None` for the other classes.
fn frame(rng: &mut Rng, class: Class) -> Option<Frame<f32>> {
    match class {
        Class::Ordinary => Some(Frame::new(Flavour::Ordinary, rng)),
        Class::Far => Some(Frame::new(Flavour::Far, rng)),
        _ => None,
    }
}

/// Two shapes generated in one frame of `class` (`None` for the classes [`frame`] has none of).
fn generated<A: Generate<f32>, B: Generate<f32>>(rng: &mut Rng, class: Class) -> Option<(A, B)> {
    let fr = frame(rng, class)?;
    Some((A::generate(rng, &fr), B::generate(rng, &fr)))
}

/// A ray from `origin` aimed at `target`, its direction of length in `[0.5, 2)`.
fn aimed(rng: &mut Rng, origin: Vector3<f64>, target: Vector3<f64>) -> Ray<f32> {
    let d = (target - origin).normalize() * rng.range(0.5, 2.0);
    Ray::new(pt(origin), vec3(d))
}

/// A ray for a shape around `center` of size `size`: ordinary and far from a point of the frame,
/// distant from 1e3 to 1e4 away; aimed at a point within `1.2·size` of the center.
fn ray_at(rng: &mut Rng, class: Class, center: Vector3<f64>, size: f64) -> Ray<f32> {
    let target = center + cube(rng) * (1.2 * size);
    let origin = match class {
        Class::Distant => center + unit(rng) * 10f64.powf(rng.range(3.0, 4.0)),
        _ => center + cube(rng) * 2.0,
    };
    aimed(rng, origin, target)
}

/// A sliver: `a`, `b` and a third vertex `10^-[2, 6)` off the line through them.
fn sliver(rng: &mut Rng) -> Triangle<f32> {
    let (a, b) = (cube(rng), cube(rng));
    let c = a + (b - a) * rng.range(-0.2, 1.2) + unit(rng) * decades(rng, 2.0, 6.0);
    Triangle::new(pt(a), pt(b), pt(c))
}

/// A unit-scale shape for the near-degenerate and distant classes.
fn unit_frame(rng: &mut Rng) -> Frame<f32> {
    Frame::new(Flavour::Ordinary, rng)
}

fn gen_point_triangle(rng: &mut Rng, class: Class) -> Option<(Point3<f32>, Triangle<f32>)> {
    match class {
        Class::NearDegenerate => Some((pt(cube(rng)), sliver(rng))),
        Class::Distant => None,
        _ => generated(rng, class),
    }
}

fn gen_point_segment(rng: &mut Rng, class: Class) -> Option<(Point3<f32>, Segment<f32>)> {
    match class {
        Class::NearDegenerate => {
            let a = cube(rng);
            let b = a + unit(rng) * decades(rng, 3.0, 6.0);
            Some((pt(cube(rng)), Segment::new(pt(a), pt(b))))
        }
        Class::Distant => None,
        _ => generated(rng, class),
    }
}

/// Two nearly parallel segments (or lines): the second direction `10^-[1, 6)` rad off the first,
/// the second start within the unit cube of the first's.
fn nearly_parallel(rng: &mut Rng) -> (Vector3<f64>, Vector3<f64>, Vector3<f64>, Vector3<f64>) {
    let a = cube(rng);
    let d = unit(rng) * rng.range(0.5, 2.0);
    let theta = decades(rng, 1.0, 6.0);
    let d2 = (d + perpendicular(rng, &d.normalize()) * (d.norm() * theta)) * rng.range(0.5, 1.5);
    let b = a + cube(rng) * 0.5 - d2 * rng.range(0.0, 0.5);
    (a, d, b, d2)
}

fn gen_segment_segment(rng: &mut Rng, class: Class) -> Option<(Segment<f32>, Segment<f32>)> {
    match class {
        Class::NearDegenerate => {
            let (a, d, b, d2) = nearly_parallel(rng);
            Some((Segment::new(pt(a), pt(a + d)), Segment::new(pt(b), pt(b + d2))))
        }
        Class::Distant => None,
        _ => generated(rng, class),
    }
}

fn gen_line_line(rng: &mut Rng, class: Class) -> Option<(Line<f32>, Line<f32>)> {
    match class {
        Class::NearDegenerate => {
            let (a, d, b, d2) = nearly_parallel(rng);
            Some((Line::new(pt(a), vec3(d)), Line::new(pt(b), vec3(d2))))
        }
        Class::Distant => None,
        _ => generated(rng, class),
    }
}

fn gen_triangle_triangle(rng: &mut Rng, class: Class) -> Option<(Triangle<f32>, Triangle<f32>)> {
    match class {
        Class::NearDegenerate => Some((sliver(rng), sliver(rng))),
        Class::Distant => None,
        _ => generated(rng, class),
    }
}

fn gen_sphere_sphere(rng: &mut Rng, class: Class) -> Option<(Sphere<f32>, Sphere<f32>)> {
    match class {
        Class::NearDegenerate => {
            // Near-concentric: centers 10^-[2, 6) apart.
            let c = cube(rng);
            let c2 = c + unit(rng) * decades(rng, 2.0, 6.0);
            let (r1, r2) = (rng.range(0.05, 1.0), rng.range(0.05, 1.0));
            Some((Sphere::new(pt(c), f(r1)), Sphere::new(pt(c2), f(r2))))
        }
        Class::Distant => None,
        _ => generated(rng, class),
    }
}

fn gen_sphere_aabb(rng: &mut Rng, class: Class) -> Option<(Sphere<f32>, Aabb<f32>)> {
    match class {
        Class::NearDegenerate => {
            // The center within 10^-[2, 6) of a face of the box, on either side.
            let fr = unit_frame(rng);
            let b = Aabb::generate(rng, &fr);
            let (lo, hi) = (widen_pt(&b.min), widen_pt(&b.max));
            let mut c = lo + (hi - lo).component_mul(&cube(rng).map(|x| 0.5 * (x + 1.0)));
            let i = rng.index(3);
            let side = if rng.chance(0.5) { lo[i] } else { hi[i] };
            c[i] = side + decades(rng, 2.0, 6.0) * if rng.chance(0.5) { 1.0 } else { -1.0 };
            Some((Sphere::new(pt(c), f(rng.range(0.05, 1.0))), b))
        }
        Class::Distant => None,
        _ => generated(rng, class),
    }
}

fn gen_box_box(rng: &mut Rng, class: Class) -> Option<(Obb<f32>, Obb<f32>)> {
    match class {
        Class::NearDegenerate => {
            // Nearly parallel faces: B is A's rotation turned by 10^-[2, 6) rad, placed beside A
            // along one of A's axes with a gap in [0.001, 0.1) and a lateral offset.
            let fr = unit_frame(rng);
            let a = Obb::generate(rng, &fr);
            let ra: Rotation3<f64> =
                Rotation3::from_matrix_unchecked(a.rotation.matrix().map(f64::from));
            let turn =
                Rotation3::from_axis_angle(&nalgebra_unit(unit(rng)), decades(rng, 2.0, 6.0));
            let hb = Vector3::new(rng.range(0.05, 1.0), rng.range(0.05, 1.0), rng.range(0.05, 1.0));
            let i = rng.index(3);
            let mut local = cube(rng) * 0.5;
            local[i] = f64::from(a.half_extents[i]) + hb[i] + rng.range(0.001, 0.1);
            let c = widen_pt(&a.center) + ra * local;
            let rb = ra * turn;
            let b = Obb::new(pt(c), Rotation3::from_matrix_unchecked(rb.matrix().map(f)), vec3(hb));
            Some((a, b))
        }
        Class::Distant => None,
        _ => generated(rng, class),
    }
}

fn nalgebra_unit(v: Vector3<f64>) -> osculate_math::UnitVector3<f64> {
    osculate_math::Unit::new_normalize(v)
}

/// A ray passing `h` from `center` (closest approach), perpendicular to `w`, from `2..4` away.
fn ray_passing(
    rng: &mut Rng,
    center: Vector3<f64>,
    dir: Vector3<f64>,
    w: Vector3<f64>,
    h: f64,
) -> Ray<f32> {
    let closest = center + w * h;
    let origin = closest - dir * rng.range(2.0, 4.0);
    Ray::new(pt(origin), vec3(dir * rng.range(0.5, 2.0)))
}

fn gen_ray_sphere(rng: &mut Rng, class: Class) -> Option<(Ray<f32>, Sphere<f32>)> {
    let fr = frame(rng, class).unwrap_or_else(|| unit_frame(rng));
    let s = Sphere::generate(rng, &fr);
    let (c, r) = (widen_pt(&s.center), f64::from(s.radius));
    let ray = match class {
        Class::NearDegenerate => {
            // Grazing: closest approach r·(1 − 10^-[1, 6)) from the center.
            let d = unit(rng);
            let w = perpendicular(rng, &d);
            let h = r * (1.0 - decades(rng, 1.0, 6.0));
            ray_passing(rng, c, d, w, h)
        }
        _ => ray_at(rng, class, c, r),
    };
    Some((ray, s))
}

fn gen_ray_aabb(rng: &mut Rng, class: Class) -> Option<(Ray<f32>, Aabb<f32>)> {
    let fr = frame(rng, class).unwrap_or_else(|| unit_frame(rng));
    let b = Aabb::generate(rng, &fr);
    let (lo, hi) = (widen_pt(&b.min), widen_pt(&b.max));
    let ray = match class {
        Class::NearDegenerate => {
            // Grazing: aimed at a point of a face, `10^-[1, 6)` rad off the face's plane.
            let mut q = lo + (hi - lo).component_mul(&cube(rng).map(|x| 0.5 * (x + 1.0)));
            let i = rng.index(3);
            let outward = if rng.chance(0.5) { -1.0 } else { 1.0 };
            q[i] = if outward > 0.0 { hi[i] } else { lo[i] };
            let mut along = unit(rng);
            along[i] = 0.0;
            let mut d = along.normalize();
            d[i] = -outward * decades(rng, 1.0, 6.0);
            let origin = q - d * rng.range(1.0, 3.0);
            aimed(rng, origin, q)
        }
        _ => ray_at(rng, class, (lo + hi) * 0.5, (hi - lo).amax() * 0.5),
    };
    Some((ray, b))
}

fn gen_ray_triangle(rng: &mut Rng, class: Class) -> Option<(Ray<f32>, Triangle<f32>)> {
    let fr = frame(rng, class).unwrap_or_else(|| unit_frame(rng));
    let t = Triangle::generate(rng, &fr);
    let (a, b, c) = (widen_pt(&t.a), widen_pt(&t.b), widen_pt(&t.c));
    let w = rng.simplex_weights::<f64>(3);
    let q = a * w[0] + b * w[1] + c * w[2];
    let ray = match class {
        Class::NearDegenerate => {
            // Grazing: aimed at a point of the triangle `10^-[1, 6)` rad off its plane.
            let n = (b - a).cross(&(c - a));
            if n.norm() < 1e-3 {
                return Some((ray_at(rng, class, q, 1.0), t));
            }
            let n = n.normalize();
            let d = perpendicular(rng, &n)
                + n * decades(rng, 1.0, 6.0) * if rng.chance(0.5) { 1.0 } else { -1.0 };
            let origin = q - d * rng.range(1.0, 3.0);
            aimed(rng, origin, q)
        }
        Class::Distant => {
            let origin = q + unit(rng) * 10f64.powf(rng.range(3.0, 4.0));
            aimed(rng, origin, q)
        }
        _ => {
            let origin = q + cube(rng) * 2.0;
            aimed(rng, origin, q)
        }
    };
    Some((ray, t))
}

/// A grazing ray for a round shape with axis `a → b` and radius `r`: it passes
/// `r·(1 − 10^-[1, 6))` from the axis line, perpendicular to the axis and the ray's direction.
fn grazing_round(rng: &mut Rng, a: Vector3<f64>, b: Vector3<f64>, r: f64) -> Ray<f32> {
    let axis = b - a;
    let center = a + axis * rng.unit();
    let d = unit(rng);
    let w = d.cross(&axis);
    let w = if w.norm() > 1e-3 { w.normalize() } else { perpendicular(rng, &d) };
    let h = r * (1.0 - decades(rng, 1.0, 6.0));
    ray_passing(rng, center, d, w, h)
}

fn gen_ray_capsule(rng: &mut Rng, class: Class) -> Option<(Ray<f32>, Capsule<f32>)> {
    let fr = frame(rng, class).unwrap_or_else(|| unit_frame(rng));
    let cap = Capsule::generate(rng, &fr);
    let (a, b, r) = (widen_pt(&cap.a), widen_pt(&cap.b), f64::from(cap.radius));
    let ray = match class {
        Class::NearDegenerate => grazing_round(rng, a, b, r),
        _ => ray_at(rng, class, (a + b) * 0.5, 0.5 * (b - a).amax() + r),
    };
    Some((ray, cap))
}

fn gen_ray_cylinder(rng: &mut Rng, class: Class) -> Option<(Ray<f32>, Cylinder<f32>)> {
    let fr = frame(rng, class).unwrap_or_else(|| unit_frame(rng));
    let cyl = Cylinder::generate(rng, &fr);
    let (a, b, r) = (widen_pt(&cyl.a), widen_pt(&cyl.b), f64::from(cyl.radius));
    let ray = match class {
        Class::NearDegenerate => grazing_round(rng, a, b, r),
        _ => ray_at(rng, class, (a + b) * 0.5, 0.5 * (b - a).amax() + r),
    };
    Some((ray, cyl))
}

type Sweep = (Sphere<f32>, Vector3<f32>, Sphere<f32>, Vector3<f32>);

fn gen_sweep(rng: &mut Rng, class: Class) -> Option<Sweep> {
    let fr = frame(rng, class).unwrap_or_else(|| unit_frame(rng));
    let a = Sphere::generate(rng, &fr);
    let mut b = Sphere::generate(rng, &fr);
    let (ca, ra) = (widen_pt(&a.center), f64::from(a.radius));
    let va = cube(rng) * 0.5;
    let rb = f64::from(b.radius);
    // The relative motion of B (B moves by `vb`, A by `va`).
    let (cb, rel) = match class {
        Class::NearDegenerate => {
            // Grazing: B's center passes `(ra + rb)·(1 − 10^-[1, 6))` from A's (relative motion).
            let d = unit(rng);
            let w = perpendicular(rng, &d);
            let h = (ra + rb) * (1.0 - decades(rng, 1.0, 6.0));
            let len = rng.range(2.0, 4.0);
            let start = ca + w * h - d * (len * rng.range(0.3, 0.7));
            (start, d * len)
        }
        Class::Distant => {
            let u = unit(rng);
            let dist = 10f64.powf(rng.range(3.0, 4.0));
            let start = ca + u * dist;
            let target = ca + cube(rng) * (ra + rb);
            (start, (target - start) * rng.range(1.0, 1.5))
        }
        _ => {
            let start = widen_pt(&b.center);
            let target = ca + cube(rng) * (ra + rb) * 1.2;
            (start, (target - start) * rng.range(0.5, 2.0))
        }
    };
    b.center = pt(cb);
    Some((a, vec3(va), b, vec3(va + rel)))
}

/// An oriented box and a cylinder, both moving, A's motion relative to B aimed at B's center
/// (1 to 2 times the offset, plus a sideways part up to a fifth of it): hits, grazes and misses.
type ConvexSweep = (Obb<f32>, Vector3<f32>, Cylinder<f32>, Vector3<f32>);

fn gen_convex_sweep(rng: &mut Rng, class: Class) -> Option<ConvexSweep> {
    let fr = frame(rng, class).unwrap_or_else(|| unit_frame(rng));
    let a = Obb::generate(rng, &fr);
    let b = Cylinder::generate(rng, &fr);
    let ca = widen_pt(&a.center);
    let cb = (widen_pt(&b.a) + widen_pt(&b.b)) * 0.5;
    let offset = cb - ca;
    let va = cube(rng) * 0.5;
    let rel = offset * rng.range(1.0, 2.0) + cube(rng) * (0.2 * offset.norm());
    Some((a, vec3(va), b, vec3(va - rel)))
}

// ---------------------------------------------------------------------------------------------
// The queries, each written once for both precisions.

fn p<T: Real>(q: &Point3<T>) -> Value {
    Value::Point([q.x.to_f64(), q.y.to_f64(), q.z.to_f64()])
}

fn len<T: Real>(x: T) -> Value {
    Value::Length(x.to_f64())
}

fn par<T: Real>(x: T) -> Value {
    Value::Param(x.to_f64())
}

/// `|v|` computed in f64 from the (identical) input values.
fn norm64<T: Real>(v: &Vector3<T>) -> f64 {
    let w = Vector3::new(v.x.to_f64(), v.y.to_f64(), v.z.to_f64());
    w.norm()
}

fn q_point_triangle<T: Real>((q, t): &(Point3<T>, Triangle<T>)) -> Option<Vec<Value>> {
    Some(vec![p(&closest::closest_point_on_triangle(q, t).point)])
}

fn q_point_segment<T: Real>((q, s): &(Point3<T>, Segment<T>)) -> Option<Vec<Value>> {
    let r = closest::closest_point_on_segment(q, s);
    Some(vec![p(&r.point), par(r.t)])
}

fn q_segment_segment<T: Real>((a, b): &(Segment<T>, Segment<T>)) -> Option<Vec<Value>> {
    let r = closest::closest_points_segment_segment(a, b);
    let (s, t) = (r.param_a.curve()?, r.param_b.curve()?);
    Some(vec![len(r.distance), par(s), par(t)])
}

fn q_line_line<T: Real>((a, b): &(Line<T>, Line<T>)) -> Option<Vec<Value>> {
    let r = closest::closest_points_line_line(a, b);
    Some(vec![len(r.distance), p(&r.point_a)])
}

fn q_triangle_triangle<T: Real>((a, b): &(Triangle<T>, Triangle<T>)) -> Option<Vec<Value>> {
    Some(vec![len(closest::closest_points_triangle_triangle(a, b).distance)])
}

fn q_sphere_sphere<T: Real>((a, b): &(Sphere<T>, Sphere<T>)) -> Option<Vec<Value>> {
    let c = closest::contact_sphere_sphere(a, b)?;
    Some(vec![len(c.distance), p(&c.point_a)])
}

fn q_sphere_aabb<T: Real>((s, b): &(Sphere<T>, Aabb<T>)) -> Option<Vec<Value>> {
    let c = closest::contact_sphere_aabb(s, b)?;
    Some(vec![len(c.distance), p(&c.point_b)])
}

fn q_box_box<T: Real>((a, b): &(Obb<T>, Obb<T>)) -> Option<Vec<Value>> {
    Some(vec![len(closest::closest_points_convex(a, b).distance)])
}

fn ray_values<T: Real>(ray: &Ray<T>, h: Option<cast::RayHit<T>>) -> Option<Vec<Value>> {
    let h = h?;
    Some(vec![Value::Length(h.t_enter.to_f64() * norm64(&ray.direction)), p(&h.point)])
}

fn q_ray_sphere<T: Real>((r, s): &(Ray<T>, Sphere<T>)) -> Option<Vec<Value>> {
    ray_values(r, cast::ray_sphere(r, s))
}

fn q_ray_aabb<T: Real>((r, b): &(Ray<T>, Aabb<T>)) -> Option<Vec<Value>> {
    ray_values(r, cast::ray_aabb(r, b))
}

fn q_ray_triangle<T: Real>((r, t): &(Ray<T>, Triangle<T>)) -> Option<Vec<Value>> {
    ray_values(r, cast::ray_triangle(r, t, Culling::TwoSided).map(|h| h.hit))
}

fn q_ray_triangle_watertight<T: Real>((r, t): &(Ray<T>, Triangle<T>)) -> Option<Vec<Value>> {
    ray_values(r, cast::ray_triangle_watertight(r, t, Culling::TwoSided).map(|h| h.hit))
}

fn q_ray_capsule<T: Real>((r, c): &(Ray<T>, Capsule<T>)) -> Option<Vec<Value>> {
    ray_values(r, cast::ray_capsule(r, c))
}

fn q_ray_cylinder<T: Real>((r, c): &(Ray<T>, Cylinder<T>)) -> Option<Vec<Value>> {
    ray_values(r, cast::ray_cylinder(r, c))
}

#[allow(clippy::type_complexity, reason = "the sweep's four inputs")]
fn q_sweep<T: Real>(
    (a, va, b, vb): &(Sphere<T>, Vector3<T>, Sphere<T>, Vector3<T>),
) -> Option<Vec<Value>> {
    let i = dynamic::sphere_sphere(a, va, b, vb)?;
    Some(vec![Value::Length(i.toi.to_f64() * norm64(&(vb - va))), p(&i.point)])
}

#[allow(clippy::type_complexity, reason = "the sweep's four inputs")]
fn q_convex_sweep<T: Real>(
    (a, va, b, vb): &(Obb<T>, Vector3<T>, Cylinder<T>, Vector3<T>),
) -> Option<Vec<Value>> {
    // The time only: a box and a cylinder often meet face to face (a cap on a face), where the
    // contact point is any point of the patch and f32 and f64 may rightly pick different ones.
    let i = dynamic::convex_convex(a, va, b, vb)?;
    Some(vec![Value::Length(i.toi.to_f64() * norm64(&(vb - va)))])
}

/// The textbook ray-sphere cast (Ericson 5.3.2: `b = m·d`, `c = m·m − r²`, `t = −b − √(b² − c)`
/// with `d` unnormalised, so `t = (−b − √(b² − a·c)) / a`), for comparison with the library's stable
/// form: the discriminant cancels when the origin is far from the sphere.
fn q_textbook_ray_sphere<T: Real>((r, s): &(Ray<T>, Sphere<T>)) -> Option<Vec<Value>> {
    let m = r.origin - s.center;
    let a = r.direction.norm_squared();
    let b = m.dot(&r.direction);
    let c = m.norm_squared() - s.radius * s.radius;
    if c > T::ZERO && b > T::ZERO {
        return None;
    }
    let disc = b * b - a * c;
    if disc < T::ZERO {
        return None;
    }
    let t = ((-b - disc.sqrt()) / a).max(T::ZERO);
    ray_values(
        r,
        Some(cast::RayHit {
            t_enter: t,
            t_exit: t,
            point: r.point_at(t),
            normal: Vector3::x_axis(),
        }),
    )
}

/// A proposal: the library's segment-segment distance, then the four endpoint-to-segment distances
/// as further candidates, the least kept. For nearly parallel segments the line parameters are
/// ill-conditioned and the clamped `s` can pick the wrong end; each endpoint projection is well
/// conditioned, and the minimum of a convex function over the parameter square is on its boundary
/// whenever it is not the interior point of the lines.
fn q_segment_segment_endpoints<T: Real>((a, b): &(Segment<T>, Segment<T>)) -> Option<Vec<Value>> {
    let mut d = closest::closest_points_segment_segment(a, b).distance;
    for (q, s) in [(&a.a, b), (&a.b, b), (&b.a, a), (&b.b, a)] {
        d = d.min((closest::closest_point_on_segment(q, s).point - q).norm());
    }
    Some(vec![len(d)])
}

// ---------------------------------------------------------------------------------------------
// The table.

fn cell(s: &Option<Stats>) -> String {
    let Some(s) = s else { return "—".into() };
    let mut s = s.clone();
    match s.summary() {
        Some((max, p999)) => format!("{} / {}", format_error(p999), format_error(max)),
        None => "(no hits)".into(),
    }
}

fn table(rows: &[Row], cases: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| query | quantity | ordinary | far (~1e4) | near-degenerate | distant start | \
         disagree on hit (o/f/n/d) |\n|---|---|---:|---:|---:|---:|---:|"
    );
    for row in rows {
        for (k, (name, per_class)) in row.quantities.iter().enumerate() {
            let disagree: Vec<String> = per_class
                .iter()
                .map(|s| s.as_ref().map_or("—".into(), |s| s.disagree.to_string()))
                .collect();
            let _ = writeln!(
                out,
                "| {} | {name} | {} | {} | {} | {} | {} |",
                if k == 0 { row.query } else { "" },
                cell(&per_class[0]),
                cell(&per_class[1]),
                cell(&per_class[2]),
                cell(&per_class[3]),
                if k == 0 { disagree.join(" / ") } else { String::new() },
            );
        }
    }
    let _ = writeln!(
        out,
        "\nCells: 99.9th percentile / max of |f32 − f64|, in scale·ε (lengths, points) or ε \
         (parameters), ε = f32::EPSILON; {cases} inputs per query and class where at least one \
         precision answered (both missing: skipped).\n\nNear-degenerate inputs:\n"
    );
    for row in rows {
        let _ = writeln!(out, "- {}: {}", row.query, row.degenerate);
    }
    out
}

fn main() -> std::process::ExitCode {
    let (cases, out, print_worst, exact_cases, out_exact) = match options() {
        Ok(o) => (o.cases, o.out, o.worst, o.exact_cases, o.out_exact),
        Err(e) => {
            eprintln!("{e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let mut rows = Vec::new();
    macro_rules! run {
        ($seed:expr, $name:expr, $deg:expr, $names:expr, $gen:ident, $q:ident) => {{
            let t = Instant::now();
            rows.push(measure(cases, $seed, $name, $deg, $names, $gen, $q::<f32>, $q::<f64>));
            eprintln!("{:<34} {:>6.1}s", $name, t.elapsed().as_secs_f64());
        }};
    }
    run!(
        1,
        "closest_point_on_triangle",
        "sliver triangles (third vertex 1e-2..1e-6 off the line of the other two)",
        &["point"],
        gen_point_triangle,
        q_point_triangle
    );
    run!(
        2,
        "closest_point_on_segment",
        "tiny segments (length 1e-3..1e-6)",
        &["point", "t"],
        gen_point_segment,
        q_point_segment
    );
    run!(
        3,
        "closest_points_segment_segment",
        "nearly parallel (1e-1..1e-6 rad)",
        &["distance", "s", "t"],
        gen_segment_segment,
        q_segment_segment
    );
    run!(
        4,
        "closest_points_line_line",
        "nearly parallel (1e-1..1e-6 rad)",
        &["distance", "point_a"],
        gen_line_line,
        q_line_line
    );
    run!(
        5,
        "closest_points_triangle_triangle",
        "two sliver triangles",
        &["distance"],
        gen_triangle_triangle,
        q_triangle_triangle
    );
    run!(
        6,
        "contact_sphere_sphere",
        "near-concentric (centers 1e-2..1e-6 apart)",
        &["distance", "point_a"],
        gen_sphere_sphere,
        q_sphere_sphere
    );
    run!(
        7,
        "contact_sphere_aabb",
        "center 1e-2..1e-6 from a face, either side",
        &["distance", "point_b"],
        gen_sphere_aabb,
        q_sphere_aabb
    );
    run!(
        8,
        "closest_points_convex (GJK, box-box)",
        "nearly parallel faces (1e-2..1e-6 rad), gap 0.001..0.1",
        &["distance"],
        gen_box_box,
        q_box_box
    );
    run!(
        9,
        "ray_sphere",
        "grazing (closest approach r(1 − 1e-1..1e-6))",
        &["t_enter", "point"],
        gen_ray_sphere,
        q_ray_sphere
    );
    run!(
        10,
        "ray_aabb",
        "grazing a face (1e-1..1e-6 rad off its plane)",
        &["t_enter", "point"],
        gen_ray_aabb,
        q_ray_aabb
    );
    run!(
        11,
        "ray_triangle (Möller-Trumbore)",
        "grazing (1e-1..1e-6 rad off the plane)",
        &["t_enter", "point"],
        gen_ray_triangle,
        q_ray_triangle
    );
    run!(
        11,
        "ray_triangle_watertight",
        "grazing (1e-1..1e-6 rad off the plane)",
        &["t_enter", "point"],
        gen_ray_triangle,
        q_ray_triangle_watertight
    );
    run!(
        13,
        "ray_capsule",
        "grazing the wall (r(1 − 1e-1..1e-6) from the axis)",
        &["t_enter", "point"],
        gen_ray_capsule,
        q_ray_capsule
    );
    run!(
        14,
        "ray_cylinder",
        "grazing the wall (r(1 − 1e-1..1e-6) from the axis)",
        &["t_enter", "point"],
        gen_ray_cylinder,
        q_ray_cylinder
    );
    run!(
        15,
        "dynamic::sphere_sphere",
        "grazing motion ((ra + rb)(1 − 1e-1..1e-6) from A's center)",
        &["toi", "point"],
        gen_sweep,
        q_sweep
    );
    run!(
        17,
        "dynamic::convex_convex (GJK ray cast, box-cylinder)",
        "as generated (near-degenerate shapes in that class)",
        &["toi"],
        gen_convex_sweep,
        q_convex_sweep
    );
    run!(
        16,
        "reference: textbook ray_sphere (not library code)",
        "as ray_sphere",
        &["t_enter", "point"],
        gen_ray_sphere,
        q_textbook_ray_sphere
    );
    run!(
        3,
        "proposal: segment_segment + endpoint candidates (not library code)",
        "as segment_segment",
        &["distance"],
        gen_segment_segment,
        q_segment_segment_endpoints
    );
    let text = table(&rows, cases);
    println!("{text}");
    if print_worst {
        for row in &rows {
            for ((name, _), per_class) in row.quantities.iter().zip(&row.worst) {
                for (class, w) in CLASSES.iter().zip(per_class) {
                    if let Some((e, input)) = w {
                        eprintln!("worst {} {name} {class:?}: {e:.3e}\n  {input}", row.query);
                    }
                }
            }
        }
    }
    let t = Instant::now();
    let families = exact_reference::families(exact_cases);
    let exact_text = exact_reference::table(&families, exact_cases);
    println!("{exact_text}");
    eprintln!("{:<34} {:>6.1}s", "exact reference", t.elapsed().as_secs_f64());
    eprintln!("accuracy: {:.1}s", start.elapsed().as_secs_f64());
    for (path, text) in [(out, &text), (out_exact, &exact_text)] {
        if let Some(path) = path {
            if let Err(e) = std::fs::write(&path, text) {
                eprintln!("accuracy: could not write {path}: {e}");
                return std::process::ExitCode::FAILURE;
            }
            eprintln!("accuracy: table written to {path}");
        }
    }
    let broken: Vec<&str> =
        families.iter().filter(|f| !f.promise_holds()).map(|f| f.family).collect();
    if !broken.is_empty() {
        eprintln!("accuracy: a mode broke its promise against the exact reference: {broken:?}");
        return std::process::ExitCode::FAILURE;
    }
    std::process::ExitCode::SUCCESS
}

/// The boolean tests' fast and exact modes against the big-integer reference of
/// `osculate_testing::exact_reference`: per family and scalar type, the fast mode's false "apart"
/// (promised none) and false "overlapping" (promised within its band), the exact mode's
/// disagreements (promised none).
mod exact_reference {
    use std::fmt::Write as _;

    use osculate::overlap;
    use osculate_math::Real;
    use osculate_testing::Rng;
    use osculate_testing::exact_reference::{self as reference, BAND, Outcome};

    /// The tally of one family and scalar type.
    #[derive(Clone, Debug, Default)]
    pub(crate) struct Family {
        pub(crate) family: &'static str,
        pub(crate) scalar: &'static str,
        pairs: u64,
        overlapping: u64,
        false_apart: u64,
        false_overlap: u64,
        beyond_band: u64,
        disagreements: u64,
    }

    impl Family {
        fn add<S>(&mut self, outcomes: Vec<Outcome<S>>) {
            for o in outcomes {
                self.pairs += 1;
                self.overlapping += u64::from(o.overlap);
                self.false_apart += u64::from(o.false_apart());
                self.false_overlap += u64::from(o.false_overlap());
                self.beyond_band += u64::from(o.false_overlap() && !o.within_band);
                self.disagreements += u64::from(o.exact != o.overlap);
            }
        }

        /// No false "apart", no false "overlapping" beyond the band, no exact disagreement.
        pub(crate) fn promise_holds(&self) -> bool {
            self.false_apart == 0 && self.beyond_band == 0 && self.disagreements == 0
        }
    }

    /// Runs `cases` draws of one family in one scalar type.
    fn run<T: Real, S>(
        family: &'static str,
        seed: u64,
        cases: u64,
        case: impl Fn(&mut Rng, u64) -> Vec<Outcome<S>>,
    ) -> Family {
        let scalar = if T::EPSILON.to_f64() == f64::from(f32::EPSILON) { "f32" } else { "f64" };
        let mut tally = Family { family, scalar, ..Family::default() };
        let mut rng = Rng::new(seed ^ T::EPSILON.to_f64().to_bits());
        for i in 0..cases {
            tally.add(case(&mut rng, i));
        }
        tally
    }

    /// Every family, `f32` then `f64`.
    pub(crate) fn families(cases: u64) -> Vec<Family> {
        let mut out = Vec::new();
        macro_rules! family {
            ($name:literal, $seed:expr, $case:ident, $exact:ident, $fast:ident) => {
                out.push(run::<f32, _>($name, $seed, cases, |rng, i| {
                    reference::$case(rng, i, overlap::$exact::<f32>, overlap::$fast::<f32>)
                }));
                out.push(run::<f64, _>($name, $seed, cases, |rng, i| {
                    reference::$case(rng, i, overlap::$exact::<f64>, overlap::$fast::<f64>)
                }));
            };
        }
        family!(
            "aabb_triangle",
            0xACC_0001,
            aabb_triangle_case,
            aabb_triangle_exact,
            aabb_triangle
        );
        family!("obb_triangle", 0xACC_0002, obb_triangle_case, obb_triangle_exact, obb_triangle);
        family!("obb_obb", 0xACC_0003, obb_obb_case, obb_obb_exact, obb_obb);
        family!("segment_aabb", 0xACC_0004, segment_aabb_case, segment_aabb_exact, segment_aabb);
        family!("segment_obb", 0xACC_0005, segment_obb_case, segment_obb_exact, segment_obb);
        family!(
            "triangle_triangle",
            0xACC_0006,
            triangle_triangle_case,
            triangle_triangle_exact,
            triangle_triangle
        );
        family!(
            "segment_triangle",
            0xACC_0007,
            segment_triangle_case,
            segment_triangle_exact,
            segment_triangle
        );
        out
    }

    /// The Markdown table of the families.
    pub(crate) fn table(families: &[Family], cases: u64) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "| test | scalar | pairs | overlapping | fast: false \"apart\" | fast: false \
             \"overlapping\" (of the pairs apart) | beyond the band | exact: disagreements |\n\
             |---|---|---:|---:|---:|---:|---:|---:|"
        );
        for f in families {
            let apart = f.pairs - f.overlapping;
            let rate = if apart == 0 { 0.0 } else { 100.0 * f.false_overlap as f64 / apart as f64 };
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} ({rate:.2}%) | {} | {} |",
                f.family,
                f.scalar,
                f.pairs,
                f.overlapping,
                f.false_apart,
                f.false_overlap,
                f.beyond_band,
                f.disagreements,
            );
        }
        let _ = writeln!(
            out,
            "\n{cases} draws per test and scalar type (a bisected draw gives two pairs: the last \
             overlapping and the first separated float translation). The band: a false \
             \"overlapping\" is within it when no reference axis separates the pair by more than \
             {BAND} × `RELATIVE_TOLERANCE` × scale (`RELATIVE_TOLERANCE` = 128 ε of the scalar \
             type; scale the largest coordinate or extent magnitude)."
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_inputs_are_exact_in_f64() {
        let mut rng = Rng::new(7);
        for class in CLASSES {
            if let Some((r, s)) = gen_ray_sphere(&mut rng, class) {
                assert_eq!((r, s).widen().0.origin.x, f64::from(r.origin.x));
            }
        }
    }

    #[test]
    fn table_has_a_row_per_quantity() {
        let row = measure(
            50,
            1,
            "q",
            "d",
            &["distance", "s", "t"],
            gen_segment_segment,
            q_segment_segment::<f32>,
            q_segment_segment::<f64>,
        );
        let t = table(&[row], 50);
        assert_eq!(
            t.lines().filter(|l| l.starts_with("| q |") || l.starts_with("|  |")).count(),
            3
        );
    }
}
