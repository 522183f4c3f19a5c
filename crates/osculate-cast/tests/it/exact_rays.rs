//! The exact ray predicates against an exact reference of their own, in big rationals.
//!
//! Every finite float is a rational, and so is every parameter at which a ray crosses a plane
//! through float points. The reference is a Cyrus-Beck clip (Cyrus and Beck 1978) of the ray's
//! parameter interval `[0, max_t]` against the shape written as halfspaces `g·x ≤ h` with
//! rational `g` and `h`: the six faces of a box; for a triangle its plane (twice, as two
//! halfspaces) and its three edges' outward normals `e × n`; for a collapsed triangle the line
//! through its two farthest vertices (the planes `(f × e_k)·x = (f × e_k)·p`) and the two ends,
//! for a point the three coordinate planes. It divides and compares rationals, where the
//! predicates cross-multiply signs of polynomials: the two share no formula.
//!
//! Generators, in f32 and f64, moved 0, 1e4 and 1e8 from the origin: random rays; rays aimed at
//! a box's corner, edge or face point or a triangle's vertex, edge or face point; the origin
//! bisected along a random direction to the last hitting and the first missing float; `max_t`
//! bisected to the last hitting and the first missing float; rays parallel to a box face in its
//! plane or a float off it; rays in a triangle's plane (a grid of eighths, where every
//! coordinate is exact) and a float off it; flat and point boxes, collapsed triangles.
//!
//! Asserted: the exact predicates agree with the reference on every case; [`ray_aabb`] (Ize's
//! conservative exit) never misses where the reference hits. The watertight test is not exact
//! (its hit region at an edge is decided by rounding, consistently between neighbours) and is not
//! compared here.
//!
//! Cases per family and scalar type: 300 (`OSCULATE_CASES` overrides it, for `cargo xtask
//! soak`); the quickcheck properties draw their own seeds.

use num_rational::BigRational;
use num_traits::{Signed, Zero};
use osculate_cast::{ray_aabb, ray_aabb_hits_exact, ray_triangle_hits_exact};
use osculate_math::{Aabb, Point3, Ray, Real, Triangle, Vector3};
use osculate_testing::exact::{
    cross, dot, is_zero, neg, rational as q, rational_vector as qv, sub,
};
use osculate_testing::exact_reference::bisect_turn;
use osculate_testing::{Rng, for_f32_and_f64};
use quickcheck::{QuickCheck, TestResult};

type Q = BigRational;
type V = [Q; 3];

fn cases() -> u64 {
    osculate_testing::cases(300)
}

// ---------------------------------------------------------------------------------------------
// The reference.

/// The unit vector along axis `k`.
fn unit(k: usize) -> V {
    let mut e = [Q::zero(), Q::zero(), Q::zero()];
    e[k] = Q::from_integer(1.into());
    e
}

/// The halfspace `g·x ≤ h`.
struct Half {
    g: V,
    h: Q,
}

/// `g·x = g·p` as two halfspaces.
fn plane(out: &mut Vec<Half>, g: V, p: &V) {
    let h = dot(&g, p);
    out.push(Half { g: neg::<Q>(&g), h: -h.clone() });
    out.push(Half { g, h });
}

/// Whether some `t` in `[0, max_t]` (`None`: unbounded) puts `o + t·d` in every halfspace.
fn clip(o: &V, d: &V, max_t: Option<Q>, halves: &[Half]) -> bool {
    let mut lo = Q::zero();
    let mut hi = max_t;
    for Half { g, h } in halves {
        let gd = dot(g, d);
        let rhs = h - dot(g, o);
        if gd.is_zero() {
            if rhs.is_negative() {
                return false;
            }
        } else {
            let t = rhs / &gd;
            if gd.is_positive() {
                hi = Some(hi.map_or(t.clone(), |x| x.min(t)));
            } else {
                lo = lo.max(t);
            }
        }
    }
    hi.is_none_or(|hi| lo <= hi)
}

fn ray_parts<T: Real>(r: &Ray<T>) -> (V, V, Option<Q>) {
    let max_t = r.max_t.to_f64();
    (qv(&r.origin.coords), qv(&r.direction), max_t.is_finite().then(|| q(max_t)))
}

fn reference_aabb<T: Real>(r: &Ray<T>, b: &Aabb<T>) -> bool {
    let (o, d, max_t) = ray_parts(r);
    let (lo, hi) = (qv(&b.min.coords), qv(&b.max.coords));
    let mut halves = Vec::new();
    for k in 0..3 {
        halves.push(Half { g: unit(k), h: hi[k].clone() });
        halves.push(Half { g: neg::<Q>(&unit(k)), h: -lo[k].clone() });
    }
    clip(&o, &d, max_t, &halves)
}

fn reference_triangle<T: Real>(r: &Ray<T>, t: &Triangle<T>) -> bool {
    let (o, d, max_t) = ray_parts(r);
    let v = [qv(&t.a.coords), qv(&t.b.coords), qv(&t.c.coords)];
    let n = cross(&sub(&v[1], &v[0]), &sub(&v[2], &v[0]));
    let mut halves = Vec::new();
    if !is_zero(&n) {
        plane(&mut halves, n.clone(), &v[0]);
        for i in 0..3 {
            let e = sub(&v[(i + 1) % 3], &v[i]);
            let g = cross(&e, &n);
            let h = dot(&g, &v[i]);
            halves.push(Half { g, h });
        }
    } else {
        // Collapsed: the segment between the two farthest vertices, or a point.
        let pairs = [(0, 1), (1, 2), (2, 0)];
        let (i, j) = pairs
            .into_iter()
            .max_by(|a, b| {
                let la = sub(&v[a.1], &v[a.0]);
                let lb = sub(&v[b.1], &v[b.0]);
                dot(&la, &la).cmp(&dot(&lb, &lb))
            })
            .unwrap_or((0, 1));
        let f = sub(&v[j], &v[i]);
        if is_zero(&f) {
            for k in 0..3 {
                plane(&mut halves, unit(k), &v[0]);
            }
        } else {
            for k in 0..3 {
                let c = cross(&f, &unit(k));
                if !is_zero(&c) {
                    plane(&mut halves, c, &v[i]);
                }
            }
            halves.push(Half { g: f.clone(), h: dot(&f, &v[j]) });
            halves.push(Half { g: neg::<Q>(&f), h: -dot(&f, &v[i]) });
        }
    }
    clip(&o, &d, max_t, &halves)
}

// ---------------------------------------------------------------------------------------------
// Generators.

fn vec3<T: Real>(rng: &mut Rng, r: f64) -> Vector3<T> {
    Vector3::new(T::lit(rng.range(-r, r)), T::lit(rng.range(-r, r)), T::lit(rng.range(-r, r)))
}

/// The offset from the origin: 0, 1e4 or 1e8 (per coordinate: `+o`, `−o`, `+o/2`).
fn offset<T: Real>(rng: &mut Rng) -> Vector3<T> {
    let o = [0.0, 0.0, 1.0e4, 1.0e8][rng.index(4)];
    Vector3::new(T::lit(o), T::lit(-o), T::lit(0.5 * o))
}

/// The next float above `x` (toward `+∞`).
fn up<T: Real>(x: T) -> T {
    let f = x.to_f64();
    let next =
        if T::EPSILON > T::lit(1e-10) { f64::from((f as f32).next_up()) } else { f.next_up() };
    T::lit(next)
}

fn gen_box<T: Real>(rng: &mut Rng, off: Vector3<T>) -> Aabb<T> {
    let c = vec3::<T>(rng, 1.0);
    let mut e = Vector3::new(
        T::lit(rng.range(0.05, 1.0)),
        T::lit(rng.range(0.05, 1.0)),
        T::lit(rng.range(0.05, 1.0)),
    );
    if rng.chance(0.15) {
        e[rng.index(3)] = T::ZERO;
    }
    if rng.chance(0.05) {
        e = Vector3::zeros();
    }
    let lo = Point3::from(c - e + off);
    let mut hi = Point3::from(c + e + off);
    for k in 0..3 {
        if e[k] == T::ZERO {
            hi[k] = lo[k];
        }
    }
    Aabb::new(lo, hi)
}

/// A point of the box: a corner, an edge point or a face point (exactly on the box: its free
/// coordinates are within the box's range).
fn box_point<T: Real>(rng: &mut Rng, b: &Aabb<T>) -> Point3<T> {
    let mut p = Point3::new(T::ZERO, T::ZERO, T::ZERO);
    let free = rng.index(3); // how many coordinates are free (0: a corner)
    for k in 0..3 {
        p[k] = if k < free {
            let s = T::lit(rng.unit());
            (b.min[k] + (b.max[k] - b.min[k]) * s).fast_max(b.min[k]).fast_min(b.max[k])
        } else if rng.chance(0.5) {
            b.min[k]
        } else {
            b.max[k]
        };
    }
    p
}

/// A random ray from `origin` (direction in `[−1, 1]³`), its `max_t` drawn in `[0, 4)` three
/// times in ten.
fn random_ray<T: Real>(rng: &mut Rng, origin: Point3<T>) -> Ray<T> {
    let mut r = Ray::new(origin, vec3(rng, 1.0));
    if rng.chance(0.3) {
        r.max_t = T::lit(rng.range(0.0, 4.0));
    }
    r
}

/// Ray `r`'s origin moved along a random `w` to the last hitting and the first missing float
/// (`r` alone when the bisection finds no such pair).
fn origin_bisected<T: Real, S: Copy>(
    rng: &mut Rng,
    r: Ray<T>,
    shape: S,
    hits: fn(&Ray<T>, &S) -> bool,
) -> Vec<(Ray<T>, S)> {
    let w = vec3::<T>(rng, 1.0);
    let at = |s: T| Ray { origin: r.origin + w * s, ..r };
    match bisect_turn(|s| hits(&at(s), &shape), 300) {
        Some((s, t)) => vec![(at(s), shape), (at(t), shape)],
        None => vec![(r, shape)],
    }
}

/// Ray `r` with `max_t = 4` bisected down to the last missing and the first hitting float.
fn max_t_bisected<T: Real, S: Copy>(
    r: Ray<T>,
    shape: S,
    hits: fn(&Ray<T>, &S) -> bool,
) -> Vec<(Ray<T>, S)> {
    let r = Ray { max_t: T::lit(4.0), ..r };
    let with = |s: T| Ray { max_t: T::lit(4.0) - s, ..r };
    match bisect_turn(|s| hits(&with(s), &shape), 300) {
        Some((s, t)) => vec![(with(s), shape), (with(t), shape)],
        None => vec![(r, shape)],
    }
}

/// Ray-box cases for one draw (two for a bisected class).
fn ray_box_cases<T: Real>(rng: &mut Rng, class: u64) -> Vec<(Ray<T>, Aabb<T>)> {
    let off = offset::<T>(rng);
    let b = gen_box(rng, off);
    let origin = Point3::from(vec3::<T>(rng, 3.0) + off);
    match class % 5 {
        0 => vec![(random_ray(rng, origin), b)],
        1 => {
            // Aimed at a corner, an edge point or a face point, sometimes from within the face's
            // plane (a zero direction component).
            let target = box_point(rng, &b);
            let mut o = origin;
            if rng.chance(0.3) {
                let k = rng.index(3);
                o[k] = target[k];
            }
            let mut r = Ray::new(o, target - o);
            if rng.chance(0.3) {
                r.max_t = T::ONE; // ending exactly at the target, up to the rounding of d
            }
            vec![(r, b)]
        }
        2 => {
            // The origin moved along w to the last hitting and the first missing float.
            let target = box_point(rng, &b);
            origin_bisected(rng, Ray::new(origin, target - origin), b, ray_aabb_hits_exact)
        }
        3 => {
            // max_t bisected to the last missing and the first hitting float.
            let target = box_point(rng, &b);
            max_t_bisected(Ray::new(origin, target - origin), b, ray_aabb_hits_exact)
        }
        _ => {
            // Parallel to a face: in its plane, or a float outside it.
            let k = rng.index(3);
            let mut d = vec3::<T>(rng, 1.0);
            d[k] = T::ZERO;
            let mut o = origin;
            o[k] = if rng.chance(0.5) { b.max[k] } else { up(b.max[k]) };
            vec![(Ray::new(o, d), b)]
        }
    }
}

fn gen_triangle<T: Real>(rng: &mut Rng, off: Vector3<T>) -> Triangle<T> {
    let grid = rng.chance(0.3);
    let mut p = || {
        let v = if grid {
            let g = |rng: &mut Rng| T::lit((rng.index(33) as f64 - 16.0) / 8.0);
            Vector3::new(g(rng), g(rng), g(rng))
        } else {
            vec3::<T>(rng, 1.5)
        };
        Point3::from(v + off)
    };
    let (a, b, c) = (p(), p(), p());
    match rng.index(10) {
        0 => Triangle::new(a, a, c),
        1 => Triangle::new(a, a, a),
        2 => {
            // Collinear: the midpoint of a grid segment at the origin, moved after.
            let (x, y) = (a.coords - off, c.coords - off);
            let m = Point3::from((x + y) * T::HALF + off);
            Triangle::new(a, m, c)
        }
        _ => Triangle::new(a, b, c),
    }
}

/// A point of the triangle: a vertex, an edge point or a face point (within rounding for the
/// last two).
fn triangle_point<T: Real>(rng: &mut Rng, t: &Triangle<T>) -> Point3<T> {
    let w = match rng.index(3) {
        0 => [1.0, 0.0, 0.0],
        1 => [0.5, 0.5, 0.0],
        _ => {
            let (s, r) = (rng.unit() * 0.5, rng.unit() * 0.5);
            [1.0 - s - r, s, r]
        }
    };
    let l = T::lit;
    Point3::from(t.a.coords * l(w[0]) + t.b.coords * l(w[1]) + t.c.coords * l(w[2]))
}

fn ray_triangle_cases<T: Real>(rng: &mut Rng, class: u64) -> Vec<(Ray<T>, Triangle<T>)> {
    let off = offset::<T>(rng);
    let t = gen_triangle(rng, off);
    let origin = Point3::from(vec3::<T>(rng, 3.0) + off);
    match class % 5 {
        0 => vec![(random_ray(rng, origin), t)],
        1 => {
            let target = triangle_point(rng, &t);
            let mut r = Ray::new(origin, target - origin);
            if rng.chance(0.3) {
                r.max_t = T::ONE;
            }
            vec![(r, t)]
        }
        2 => {
            let r = Ray::new(origin, triangle_point(rng, &t) - origin);
            origin_bisected(rng, r, t, ray_triangle_hits_exact)
        }
        3 => max_t_bisected(
            Ray::new(origin, triangle_point(rng, &t) - origin),
            t,
            ray_triangle_hits_exact,
        ),
        _ => {
            // In the triangle's plane: origin a + α e1 + β e2, direction γ e1 + δ e2 (quarters:
            // exact on a grid triangle), and the same ray a float off the plane.
            let (e1, e2) = (t.b - t.a, t.c - t.a);
            let quarter = |rng: &mut Rng| T::lit((rng.index(17) as f64 - 8.0) / 4.0);
            let o = t.a + e1 * quarter(rng) + e2 * quarter(rng);
            let d = e1 * quarter(rng) + e2 * quarter(rng);
            let r = Ray::new(o, d);
            let k = rng.index(3);
            let mut lifted = o;
            lifted[k] = up(o[k]);
            vec![(r, t), (Ray { origin: lifted, ..r }, t)]
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The checks.

/// A zero direction (an aimed ray whose target rounds onto its origin) is an invalid ray: `false`,
/// as the casts give `None`.
fn check_box<T: Real>(r: &Ray<T>, b: &Aabb<T>) {
    if r.direction == Vector3::zeros() {
        assert!(!ray_aabb_hits_exact(r, b));
        return;
    }
    let want = reference_aabb(r, b);
    assert_eq!(ray_aabb_hits_exact(r, b), want, "ray_aabb_hits_exact disagrees on {r:?} {b:?}");
    if want {
        assert!(ray_aabb(r, b).is_some(), "ray_aabb misses where the ray hits: {r:?} {b:?}");
    }
}

fn check_triangle<T: Real>(r: &Ray<T>, t: &Triangle<T>) {
    if r.direction == Vector3::zeros() {
        assert!(!ray_triangle_hits_exact(r, t));
        return;
    }
    let want = reference_triangle(r, t);
    assert_eq!(
        ray_triangle_hits_exact(r, t),
        want,
        "ray_triangle_hits_exact disagrees on {r:?} {t:?}"
    );
}

fn ray_aabb_family<T: Real>() {
    let mut rng = Rng::new(0x5EED_0101 ^ T::EPSILON.to_f64().to_bits());
    for i in 0..cases() {
        for (r, b) in ray_box_cases::<T>(&mut rng, i) {
            check_box(&r, &b);
        }
    }
}

fn ray_triangle_family<T: Real>() {
    let mut rng = Rng::new(0x5EED_0102 ^ T::EPSILON.to_f64().to_bits());
    for i in 0..cases() {
        for (r, t) in ray_triangle_cases::<T>(&mut rng, i) {
            check_triangle(&r, &t);
        }
    }
}

for_f32_and_f64!(ray_aabb_family, ray_triangle_family);

// ---------------------------------------------------------------------------------------------
// The same checks as quickcheck properties (random seeds and classes).

fn run(prop: fn(u64, u8) -> TestResult) {
    let n = osculate_testing::cases(200);
    QuickCheck::new().tests(n).max_tests(n * 10).min_tests_passed(n).quickcheck(prop);
}

fn prop_ray_aabb_hits_exact_agrees_with_the_reference<T: Real>(seed: u64, class: u8) -> TestResult {
    for (r, b) in ray_box_cases::<T>(&mut Rng::new(seed), u64::from(class)) {
        check_box(&r, &b);
    }
    TestResult::passed()
}

fn prop_ray_triangle_hits_exact_agrees_with_the_reference<T: Real>(
    seed: u64,
    class: u8,
) -> TestResult {
    for (r, t) in ray_triangle_cases::<T>(&mut Rng::new(seed), u64::from(class)) {
        check_triangle(&r, &t);
    }
    TestResult::passed()
}

for_f32_and_f64!(
    run: prop_ray_aabb_hits_exact_agrees_with_the_reference,
    prop_ray_triangle_hits_exact_agrees_with_the_reference
);

/// Non-finite input and invalid rays: `false`.
#[test]
fn exact_ray_predicates_reject_non_finite_and_invalid_input() {
    let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
    let t = Triangle::new(Point3::new(0.0, 0.0, 0.5), Point3::new(1.0, 0.0, 0.5), b.max);
    let through = Ray::new(Point3::new(0.5, 0.25, -1.0), Vector3::z());
    assert!(ray_aabb_hits_exact(&through, &b) && ray_triangle_hits_exact(&through, &t));
    let nan = f64::NAN;
    for r in [
        Ray::new(Point3::new(nan, 0.25, -1.0), Vector3::z()),
        Ray::new(Point3::new(0.5, 0.25, -1.0), Vector3::new(0.0, 0.0, f64::INFINITY)),
        Ray::new(Point3::new(0.5, 0.25, -1.0), Vector3::zeros()),
        Ray { max_t: nan, ..through },
        Ray { max_t: -1.0, ..through },
    ] {
        assert!(!ray_aabb_hits_exact(&r, &b), "{r:?}");
        assert!(!ray_triangle_hits_exact(&r, &t), "{r:?}");
    }
    let inverted = Aabb::new(b.max, b.min);
    assert!(!ray_aabb_hits_exact(&through, &inverted));
    let bad = Triangle::new(t.a, t.b, Point3::new(nan, 0.0, 0.0));
    assert!(!ray_triangle_hits_exact(&through, &bad));
}
