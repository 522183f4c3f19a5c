//! The stack: `cargo run --release --example stack`.
//!
//! Contact manifolds in motion. A minimal rigid-body step written inside this example (sequential
//! impulses with accumulated, clamped impulses and warm starting, after Catto, "Iterative Dynamics
//! with Temporal Coherence", GDC 2005; not a library feature) drops a column of ten boxes and a
//! crib of capsules (4, 3, 2 and 1 per layer, each layer across the one below) on a ground box and
//! runs 600 steps at 60 Hz. Every contact point comes from osculate's manifolds
//! (`manifold_obb_obb`, `manifold_capsule_obb`, `manifold_capsule_capsule`) with a prediction
//! distance, and warm starting matches this step's points to the last step's by their feature ids.
//!
//! It prints how far each body drifted sideways and sank, and writes `target/showcase/stack.svg`:
//! the bodies seen from the side at several times.

use std::collections::HashMap;
use std::fmt::Write as _;

use osculate::closest::{
    FeatureId, Manifold, manifold_capsule_capsule, manifold_capsule_obb, manifold_obb_obb,
};
use osculate::math::{Capsule, Matrix3, Obb, Point3, UnitQuaternion, Vector3};

#[path = "showcase/out_dir.rs"]
mod out_dir;
use out_dir::out_dir;

/// Steps per second.
const HZ: f64 = 60.0;
/// Steps run.
const STEPS: usize = 600;
/// Substeps per step.
const SUBSTEPS: usize = 8;
/// Velocity iterations per substep, and relax iterations.
const ITERATIONS: usize = 4;
/// The contacts' push-out frequency (capped at a quarter of the substep rate) and damping ratio.
const CONTACT_HERTZ: f64 = 120.0;
const CONTACT_DAMPING: f64 = 10.0;
/// The fastest penetration is pushed out.
const MAX_PUSH: f64 = 4.0;
/// Contacts are made this far apart (speculative contacts: the solver lets a gap close, no more).
const PREDICTION: f64 = 0.02;
/// Penetration left alone, so resting contacts do not chatter.
const SLOP: f64 = 0.005;
/// Coulomb friction coefficient of every pair.
const FRICTION: f64 = 0.6;
/// The edge length of the stacked boxes.
const BOX: f64 = 1.0;
/// Boxes in the column.
const COLUMN: usize = 10;

#[derive(Clone, Copy)]
enum Kind {
    /// A box with these half extents.
    Box(Vector3<f64>),
    /// A capsule along its local x axis.
    Capsule { half_length: f64, radius: f64 },
}

#[derive(Clone)]
struct Body {
    kind: Kind,
    x: Vector3<f64>,
    q: UnitQuaternion<f64>,
    v: Vector3<f64>,
    w: Vector3<f64>,
    inv_mass: f64,
    /// The inverse inertia's diagonal in the body's frame.
    inv_inertia: Vector3<f64>,
}

impl Body {
    fn new(kind: Kind, x: Vector3<f64>, q: UnitQuaternion<f64>, density: f64) -> Self {
        let (inv_mass, inv_inertia) = if density == 0.0 {
            (0.0, Vector3::zeros())
        } else {
            let (mass, inertia) = match kind {
                Kind::Box(h) => {
                    let m = density * 8.0 * h.x * h.y * h.z;
                    let i = Vector3::new(
                        h.y * h.y + h.z * h.z,
                        h.x * h.x + h.z * h.z,
                        h.x * h.x + h.y * h.y,
                    );
                    (m, i * (m / 3.0))
                }
                Kind::Capsule { half_length, radius } => {
                    // A solid cylinder as long as the capsule: an approximation the example is
                    // content with.
                    let len = 2.0 * (half_length + radius);
                    let m = density * std::f64::consts::PI * radius * radius * len;
                    let across = m * (3.0 * radius * radius + len * len) / 12.0;
                    (m, Vector3::new(m * radius * radius / 2.0, across, across))
                }
            };
            (1.0 / mass, inertia.map(|i| 1.0 / i))
        };
        Self { kind, x, q, v: Vector3::zeros(), w: Vector3::zeros(), inv_mass, inv_inertia }
    }

    fn obb(&self, half: Vector3<f64>) -> Obb<f64> {
        Obb::new(Point3::from(self.x), self.q.to_rotation_matrix(), half)
    }

    fn capsule(&self, half_length: f64, radius: f64) -> Capsule<f64> {
        let d = self.q * Vector3::new(half_length, 0.0, 0.0);
        Capsule::new(Point3::from(self.x - d), Point3::from(self.x + d), radius)
    }

    /// A radius of a sphere around the body, for the broad phase.
    fn reach(&self) -> f64 {
        match self.kind {
            Kind::Box(h) => h.norm(),
            Kind::Capsule { half_length, radius } => half_length + radius,
        }
    }

    fn inv_inertia_world(&self) -> Matrix3<f64> {
        let r = self.q.to_rotation_matrix();
        r.matrix() * Matrix3::from_diagonal(&self.inv_inertia) * r.matrix().transpose()
    }
}

/// The manifold of bodies `i` and `j`, with the body that is A in it first.
fn manifold(bodies: &[Body], i: usize, j: usize) -> (usize, usize, Manifold<f64>) {
    let (a, b) = (&bodies[i], &bodies[j]);
    match (a.kind, b.kind) {
        (Kind::Box(ha), Kind::Box(hb)) => {
            (i, j, manifold_obb_obb(&a.obb(ha), &b.obb(hb), PREDICTION))
        }
        (Kind::Capsule { half_length, radius }, Kind::Box(h)) => {
            (i, j, manifold_capsule_obb(&a.capsule(half_length, radius), &b.obb(h), PREDICTION))
        }
        (Kind::Box(h), Kind::Capsule { half_length, radius }) => {
            (j, i, manifold_capsule_obb(&b.capsule(half_length, radius), &a.obb(h), PREDICTION))
        }
        (
            Kind::Capsule { half_length: la, radius: ra },
            Kind::Capsule { half_length: lb, radius: rb },
        ) => (i, j, manifold_capsule_capsule(&a.capsule(la, ra), &b.capsule(lb, rb), PREDICTION)),
    }
}

/// One contact point as the solver holds it.
struct Point {
    id: FeatureId,
    /// Where it is, in body A's frame.
    local: Vector3<f64>,
    ra: Vector3<f64>,
    rb: Vector3<f64>,
    tangents: [Vector3<f64>; 2],
    mass_normal: f64,
    mass_tangent: [f64; 2],
    /// The signed distance along the normal (negative: penetrating).
    separation: f64,
    normal_impulse: f64,
    tangent_impulse: [f64; 2],
}

struct Constraint {
    a: usize,
    b: usize,
    normal: Vector3<f64>,
    points: Vec<Point>,
}

/// A point of last step's manifold of a pair, kept to warm-start this step's.
struct Old {
    id: FeatureId,
    /// Where it was, in body A's frame.
    local: Vector3<f64>,
    normal_impulse: f64,
    /// The friction impulse as a world vector (the tangent basis may turn from one step to the next).
    friction: Vector3<f64>,
}

/// Last step's points by body pair.
type Cache = HashMap<(usize, usize), Vec<Old>>;

/// Points closer than this (in A's frame) to one of last step's are the same point when their
/// feature ids differ: a corner of one box crossing an edge of another, or a reduction to four
/// points that picked another of several nearly equally deep points, renames a point that has not
/// moved.
const SAME_POINT: f64 = 0.05 * BOX;

/// Last step's impulses of the point with this id, else of the nearest one within [`SAME_POINT`].
fn warm(old: Option<&Vec<Old>>, id: FeatureId, local: &Vector3<f64>) -> (f64, Vector3<f64>, bool) {
    let Some(old) = old else { return (0.0, Vector3::zeros(), false) };
    if let Some(o) = old.iter().find(|o| o.id == id) {
        return (o.normal_impulse, o.friction, true);
    }
    old.iter()
        .map(|o| ((o.local - local).norm(), o))
        .filter(|(d, _)| *d < SAME_POINT)
        .min_by(|x, y| x.0.total_cmp(&y.0))
        .map_or((0.0, Vector3::zeros(), false), |(_, o)| (o.normal_impulse, o.friction, false))
}

fn effective_mass(
    a: &Body,
    b: &Body,
    ia: &Matrix3<f64>,
    ib: &Matrix3<f64>,
    ra: &Vector3<f64>,
    rb: &Vector3<f64>,
    d: &Vector3<f64>,
) -> f64 {
    let ca = ra.cross(d);
    let cb = rb.cross(d);
    let k = a.inv_mass + b.inv_mass + ca.dot(&(ia * ca)) + cb.dot(&(ib * cb));
    if k > 0.0 { 1.0 / k } else { 0.0 }
}

fn apply(
    bodies: &mut [Body],
    inv: &[Matrix3<f64>],
    c: &Constraint,
    ra: &Vector3<f64>,
    rb: &Vector3<f64>,
    p: &Vector3<f64>,
) {
    let (a, b) = (c.a, c.b);
    bodies[a].v -= p * bodies[a].inv_mass;
    bodies[a].w -= inv[a] * ra.cross(p);
    bodies[b].v += p * bodies[b].inv_mass;
    bodies[b].w += inv[b] * rb.cross(p);
}

fn relative_velocity(
    bodies: &[Body],
    c: &Constraint,
    ra: &Vector3<f64>,
    rb: &Vector3<f64>,
) -> Vector3<f64> {
    let (a, b) = (&bodies[c.a], &bodies[c.b]);
    b.v + b.w.cross(rb) - a.v - a.w.cross(ra)
}

/// The contact constraints of this step, warm-started from `cache`.
fn collide(
    bodies: &[Body],
    inv: &[Matrix3<f64>],
    cache: &Cache,
    queries: &mut usize,
) -> Vec<Constraint> {
    let mut out = Vec::new();
    for i in 0..bodies.len() {
        for j in i + 1..bodies.len() {
            if bodies[i].inv_mass == 0.0 && bodies[j].inv_mass == 0.0 {
                continue;
            }
            let reach = bodies[i].reach() + bodies[j].reach() + PREDICTION;
            if (bodies[i].x - bodies[j].x).norm_squared() > reach * reach {
                continue;
            }
            *queries += 1;
            let (a, b, m) = manifold(bodies, i, j);
            if m.is_empty() {
                continue;
            }
            let n = m.normal.into_inner();
            let t0 = if n.x.abs() < 0.57 { n.cross(&Vector3::x()) } else { n.cross(&Vector3::y()) }
                .normalize();
            let t1 = n.cross(&t0);
            let (ba, bb) = (&bodies[a], &bodies[b]);
            let points = m
                .points()
                .iter()
                .map(|mp| {
                    let p = (mp.point_a.coords + mp.point_b.coords) * 0.5;
                    let (ra, rb) = (p - ba.x, p - bb.x);

                    let local = ba.q.inverse() * (p - ba.x);
                    let (normal_impulse, friction, _) = warm(cache.get(&(a, b)), mp.id, &local);
                    Point {
                        id: mp.id,
                        local,
                        ra,
                        rb,
                        tangents: [t0, t1],
                        mass_normal: effective_mass(ba, bb, &inv[a], &inv[b], &ra, &rb, &n),
                        mass_tangent: [t0, t1]
                            .map(|t| effective_mass(ba, bb, &inv[a], &inv[b], &ra, &rb, &t)),
                        separation: mp.distance,
                        normal_impulse,
                        tangent_impulse: [friction.dot(&t0), friction.dot(&t1)],
                    }
                })
                .collect();
            out.push(Constraint { a, b, normal: n, points });
        }
    }
    // Bottom first: the solver's pass then carries the weight up the stack in one sweep.
    out.sort_by(|c, d| {
        let low = |c: &Constraint| bodies[c.a].x.y.min(bodies[c.b].x.y);
        low(c).total_cmp(&low(d))
    });
    out
}

/// Contact softness (Catto, "Solver2D", 2024, and Box2D v3): a contact pushes out penetration like
/// a spring of this frequency with this damping ratio, whatever the masses.
struct Soft {
    bias_rate: f64,
    mass_scale: f64,
    impulse_scale: f64,
}

impl Soft {
    fn new(hertz: f64, damping_ratio: f64, dt: f64) -> Self {
        let omega = 2.0 * std::f64::consts::PI * hertz;
        let a1 = 2.0 * damping_ratio + dt * omega;
        let a2 = dt * omega * a1;
        let a3 = 1.0 / (1.0 + a2);
        Self { bias_rate: omega / a1, mass_scale: a2 * a3, impulse_scale: a3 }
    }
}

/// One pass over the contacts: the normal impulses (push apart, never pull), then friction bounded
/// by them. With `soft`, penetration is pushed out softly; without, the pass only removes
/// approaching velocity (the relax pass that takes the push-out velocity back out).
fn solve(
    bodies: &mut [Body],
    inv: &[Matrix3<f64>],
    constraints: &mut [Constraint],
    dt: f64,
    soft: Option<&Soft>,
) {
    for c in constraints {
        let n = c.normal;
        for k in 0..c.points.len() {
            let (ra, rb) = (c.points[k].ra, c.points[k].rb);
            let vn = relative_velocity(bodies, c, &ra, &rb).dot(&n);
            let p = &mut c.points[k];
            let s = p.separation + SLOP;
            let (bias, mass_scale, impulse_scale) = match soft {
                _ if s > 0.0 => (s / dt, 1.0, 0.0),
                Some(soft) => {
                    ((soft.bias_rate * s).max(-MAX_PUSH), soft.mass_scale, soft.impulse_scale)
                }
                None => (0.0, 1.0, 0.0),
            };
            let change =
                -p.mass_normal * mass_scale * (vn + bias) - impulse_scale * p.normal_impulse;
            let new = (p.normal_impulse + change).max(0.0);
            let change = new - p.normal_impulse;
            p.normal_impulse = new;
            apply(bodies, inv, c, &ra, &rb, &(n * change));
        }
        for k in 0..c.points.len() {
            let (ra, rb) = (c.points[k].ra, c.points[k].rb);
            let dv = relative_velocity(bodies, c, &ra, &rb);
            let p = &mut c.points[k];
            let limit = FRICTION * p.normal_impulse;
            let old = p.tangent_impulse;
            let mut new = [0.0; 2];
            for t in 0..2 {
                new[t] = old[t] - p.mass_tangent[t] * dv.dot(&p.tangents[t]);
            }
            let len = new[0].hypot(new[1]);
            if len > limit {
                new = new.map(|x| x * limit / len);
            }
            p.tangent_impulse = new;
            let impulse = p.tangents[0] * (new[0] - old[0]) + p.tangents[1] * (new[1] - old[1]);
            apply(bodies, inv, c, &ra, &rb, &impulse);
        }
    }
}

/// One substep: gravity, contacts (warm-started from `cache`), the soft solve, positions, the relax
/// pass, and the impulses kept for the next substep.
fn substep(bodies: &mut [Body], cache: &mut Cache, dt: f64, queries: &mut usize) {
    let gravity = Vector3::new(0.0, -9.81, 0.0);
    for b in bodies.iter_mut().filter(|b| b.inv_mass > 0.0) {
        b.v += gravity * dt;
    }
    let inv: Vec<Matrix3<f64>> = bodies.iter().map(Body::inv_inertia_world).collect();
    let mut constraints = collide(bodies, &inv, cache, queries);
    for c in &constraints {
        for p in &c.points {
            let impulse = c.normal * p.normal_impulse
                + p.tangents[0] * p.tangent_impulse[0]
                + p.tangents[1] * p.tangent_impulse[1];
            apply(bodies, &inv, c, &p.ra, &p.rb, &impulse);
        }
    }
    let soft = Soft::new(CONTACT_HERTZ.min(0.25 / dt), CONTACT_DAMPING, dt);
    for _ in 0..ITERATIONS {
        solve(bodies, &inv, &mut constraints, dt, Some(&soft));
    }
    for b in bodies.iter_mut().filter(|b| b.inv_mass > 0.0) {
        b.x += b.v * dt;
        b.q = UnitQuaternion::from_scaled_axis(b.w * dt) * b.q;
    }
    for _ in 0..ITERATIONS {
        solve(bodies, &inv, &mut constraints, dt, None);
    }
    cache.clear();
    for c in &constraints {
        let old = c.points.iter().map(|p| Old {
            id: p.id,
            local: p.local,
            normal_impulse: p.normal_impulse,
            friction: p.tangents[0] * p.tangent_impulse[0] + p.tangents[1] * p.tangent_impulse[1],
        });
        cache.insert((c.a, c.b), old.collect());
    }
}

/// The scene: ground, a column of boxes (each set off a little and turned a little, so that the
/// column is not trivially symmetric) and a crib of capsules beside it.
fn scene() -> Vec<Body> {
    let mut bodies = vec![Body::new(
        Kind::Box(Vector3::new(20.0, 0.5, 20.0)),
        Vector3::new(0.0, -0.5, 0.0),
        UnitQuaternion::identity(),
        0.0,
    )];
    let half = Vector3::repeat(BOX / 2.0);
    let gap = 0.01;
    for k in 0..COLUMN {
        let sign = if k % 2 == 0 { 1.0 } else { -1.0 };
        let x = Vector3::new(0.004 * sign, BOX / 2.0 + k as f64 * (BOX + gap) + gap, -0.003 * sign);
        let turn = UnitQuaternion::from_axis_angle(&Vector3::y_axis(), 0.02 * sign);
        bodies.push(Body::new(Kind::Box(half), x, turn, 1.0));
    }
    let (radius, half_length) = (0.25, 1.0);
    let along_z = UnitQuaternion::from_axis_angle(&Vector3::y_axis(), std::f64::consts::FRAC_PI_2);
    let mut y = radius + 0.01;
    for (layer, count) in [4_usize, 3, 2, 1].into_iter().enumerate() {
        let across = layer % 2 == 1;
        for k in 0..count {
            let offset = (k as f64 - (count - 1) as f64 / 2.0) * 0.7;
            let (x, z, q) = if across {
                (4.0, offset, UnitQuaternion::identity())
            } else {
                (4.0 + offset, 0.0, along_z)
            };
            bodies.push(Body::new(
                Kind::Capsule { half_length, radius },
                Vector3::new(x, y, z),
                q,
                1.0,
            ));
        }
        y += 2.0 * radius + 0.01;
    }
    bodies
}

/// The bodies seen from the side (looking along −z), as SVG shapes in a panel whose world origin
/// is at `(ox, oy)` pixels, `scale` pixels per unit.
fn draw(svg: &mut String, bodies: &[Body], ox: f64, oy: f64, scale: f64) {
    let px = |p: &Vector3<f64>| (ox + p.x * scale, oy - p.y * scale);
    for b in &bodies[1..] {
        match b.kind {
            Kind::Box(h) => {
                let obb = b.obb(h);
                let corners: Vec<(f64, f64)> =
                    obb.corners().iter().map(|c| px(&c.coords)).collect();
                let hull = hull_2d(&corners);
                let pts: Vec<String> = hull.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
                let _ = writeln!(
                    svg,
                    r##"<polygon points="{}" fill="#e8b04b" stroke="#6b4b10" stroke-width="1"/>"##,
                    pts.join(" ")
                );
            }
            Kind::Capsule { half_length, radius } => {
                let c = b.capsule(half_length, radius);
                let (x1, y1) = px(&c.a.coords);
                let (x2, y2) = px(&c.b.coords);
                let _ = writeln!(
                    svg,
                    r##"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#4b8be8" stroke-opacity="0.85" stroke-width="{:.1}" stroke-linecap="round"/>"##,
                    2.0 * radius * scale
                );
            }
        }
    }
    let (gx, gy) = px(&Vector3::new(-1.5, 0.0, 0.0));
    let _ = writeln!(
        svg,
        r##"<rect x="{gx:.1}" y="{gy:.1}" width="{:.1}" height="6" fill="#777"/>"##,
        7.5 * scale
    );
}

/// The convex hull of a few points in the plane (gift wrapping).
fn hull_2d(p: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let start = (0..p.len())
        .min_by(|&i, &j| p[i].0.total_cmp(&p[j].0).then(p[i].1.total_cmp(&p[j].1)))
        .unwrap_or(0);
    let mut hull = vec![];
    let mut at = start;
    loop {
        hull.push(p[at]);
        let mut next = (at + 1) % p.len();
        for k in 0..p.len() {
            let cross = (p[next].0 - p[at].0) * (p[k].1 - p[at].1)
                - (p[next].1 - p[at].1) * (p[k].0 - p[at].0);
            if cross < 0.0 {
                next = k;
            }
        }
        at = next;
        if at == start || hull.len() > p.len() {
            break;
        }
    }
    hull
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut bodies = scene();
    let start: Vec<Vector3<f64>> = bodies.iter().map(|b| b.x).collect();
    let mut cache = Cache::new();
    let frames = [0, 30, 60, 120, 300, 600];
    let (scale, width, height) = (28.0, 8.0, 12.0);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{:.0}" height="{:.0}" font-family="sans-serif" font-size="13">"#,
        frames.len() as f64 * width * scale,
        height * scale + 24.0
    );
    let _ = writeln!(svg, r##"<rect width="100%" height="100%" fill="#fff"/>"##);
    let mut panel = 0;
    let mut manifold_calls = 0_usize;
    let clock = std::time::Instant::now();
    for n in 0..=STEPS {
        if frames.contains(&n) {
            let ox = panel as f64 * width * scale + 1.5 * scale;
            draw(&mut svg, &bodies, ox, height * scale, scale);
            let _ = writeln!(
                svg,
                r#"<text x="{:.1}" y="{:.1}">t = {:.1} s</text>"#,
                ox,
                height * scale + 18.0,
                n as f64 / HZ
            );
            panel += 1;
        }
        if n < STEPS {
            for _ in 0..SUBSTEPS {
                substep(&mut bodies, &mut cache, 1.0 / HZ / SUBSTEPS as f64, &mut manifold_calls);
            }
        }
    }
    let seconds = clock.elapsed().as_secs_f64();
    let _ = writeln!(svg, "</svg>");
    let dir = out_dir();
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join("stack.svg"), &svg)?;

    let drift = |range: std::ops::Range<usize>| {
        range
            .map(|i| {
                let d = bodies[i].x - start[i];
                (d.x.hypot(d.z), d.y)
            })
            .fold((0.0_f64, 0.0_f64), |(s, h), (ds, dh)| (s.max(ds), h.min(dh)))
    };
    let (side, sink) = drift(1..1 + COLUMN);
    let (cside, csink) = drift(1 + COLUMN..bodies.len());
    let top = &bodies[COLUMN];
    let rest = BOX / 2.0 + (COLUMN - 1) as f64 * BOX;
    println!(
        "osculate stack: {COLUMN} boxes and {} capsules on a ground box, {STEPS} steps at {HZ} Hz \
         ({SUBSTEPS} substeps of {ITERATIONS} iterations and {ITERATIONS} relax iterations), {:.2} s",
        bodies.len() - 1 - COLUMN,
        seconds
    );
    println!();
    println!("| what | value |");
    println!("|---|---:|");
    println!(
        "| box column: largest sideways drift of a box | {:.4} ({:.2}% of the box size) |",
        side,
        100.0 * side / BOX
    );
    println!(
        "| box column: lowest height change of a box (the initial gaps closing) | {sink:.4} |"
    );
    println!(
        "| box column: top box height at rest / stacked exactly | {:.4} / {rest:.4} |",
        top.x.y
    );
    println!("| capsule crib: largest sideways drift of a capsule | {cside:.4} |");
    println!("| capsule crib: lowest height change of a capsule | {csink:.4} |");
    println!(
        "| largest speed at the end | {:.2e} |",
        bodies.iter().map(|b| b.v.norm()).fold(0.0, f64::max)
    );
    println!("| manifold queries (pairs within their bounding spheres) | {manifold_calls} |");
    println!();
    println!("wrote {}", dir.join("stack.svg").display());
    // The example checks what it shows: a stable stack drifts less than 1% of a box size.
    if side >= 0.01 * BOX || cside >= 0.01 * BOX {
        return Err(format!("the stack drifted {side} (boxes), {cside} (capsules)").into());
    }
    Ok(())
}
