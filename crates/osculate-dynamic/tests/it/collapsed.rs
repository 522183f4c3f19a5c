//! The triangle sweeps on collapsed triangles: coincident vertices (`a == b`, `b == c`, `c == a`,
//! all three) and three collinear vertices (each vertex in the middle in turn), near the origin
//! and moved 1e4 from it.
//!
//! A collapsed triangle is the segment (or point) between its two farthest vertices, so:
//! - `sphere_triangle` must give the time of `sphere_capsule` against that segment as a capsule
//!   of radius 0 (both hit, at times within the test tolerance, or both miss). The sphere is
//!   aimed at a point of the segment (a certain hit) or moved beside it by more than its radius
//!   plus a margin (a certain miss).
//! - `aabb_triangle` must give the first time at which the moved box meets the segment, decided
//!   exactly: the segment moved against the box sweeps a parallelogram that grows with time, and
//!   whether it meets the box by time `T` (`aabb_triangle_exact` on its two triangles) is
//!   bisected in `T` (a corner graze can last less than any sampling step).
//!
//! Times agree within `test_tolerance × scale / |relative speed|` (the tolerance is per unit of
//! length; `scale` the largest coordinate).

use osculate_dynamic::{aabb_triangle, sphere_capsule, sphere_triangle};
use osculate_math::{Aabb, Capsule, Point3, Real, Segment, Sphere, Triangle, Vector3};
use osculate_overlap::{aabb_triangle_exact, segment_aabb_exact};
use osculate_testing::{Rng, for_f32_and_f64, test_tolerance};

fn vec3<T: Real>(rng: &mut Rng, r: f64) -> Vector3<T> {
    Vector3::new(T::lit(rng.range(-r, r)), T::lit(rng.range(-r, r)), T::lit(rng.range(-r, r)))
}

/// A collapsed triangle of configuration `k` (0..7) and the segment it is (its two farthest
/// vertices), built at the origin in exact dyadic steps and moved by `off`.
fn collapsed<T: Real>(rng: &mut Rng, k: u64, off: Vector3<T>) -> (Triangle<T>, Segment<T>) {
    let a = Point3::from(vec3::<T>(rng, 1.0) + off);
    let q = Point3::from(vec3::<T>(rng, 1.0) + off);
    // Collinear: p, p + d, p + 2d with d in quarters (exact sums).
    let quarter = |rng: &mut Rng| T::lit((rng.index(9) as f64 - 4.0) / 4.0);
    let d = Vector3::new(quarter(rng), quarter(rng), quarter(rng));
    let (p0, p1, p2) = (a, a + d, a + d * T::TWO);
    match k % 7 {
        0 => (Triangle::new(a, a, q), Segment::new(a, q)),
        1 => (Triangle::new(q, a, a), Segment::new(q, a)),
        2 => (Triangle::new(a, q, a), Segment::new(a, q)),
        3 => (Triangle::new(a, a, a), Segment::new(a, a)),
        4 => (Triangle::new(p1, p0, p2), Segment::new(p0, p2)),
        5 => (Triangle::new(p0, p1, p2), Segment::new(p0, p2)),
        _ => (Triangle::new(p0, p2, p1), Segment::new(p0, p2)),
    }
}

fn offset<T: Real>(rng: &mut Rng) -> Vector3<T> {
    let o = if rng.chance(0.5) { 0.0 } else { 1.0e4 };
    Vector3::new(T::lit(o), T::lit(-o), T::lit(0.5 * o))
}

fn scale<T: Real>(points: &[Point3<T>]) -> f64 {
    points.iter().fold(1.0_f64, |m, p| m.max(p.coords.amax().to_f64()))
}

fn sphere_triangle_on_collapsed_triangles<T: Real>() {
    let mut rng = Rng::new(0x5EED_0201 ^ T::EPSILON.to_f64().to_bits());
    for i in 0..osculate_testing::cases(700) {
        let off = offset::<T>(&mut rng);
        let (tri, seg) = collapsed::<T>(&mut rng, i, off);
        let r = T::lit(rng.range(0.1, 0.5));
        let target = seg.a + (seg.b - seg.a) * T::lit(rng.unit());
        let away = vec3::<T>(&mut rng, 1.0);
        let start = target + away * (T::lit(3.0) / away.norm().fast_max(T::lit(1e-3)));
        let hit = rng.chance(0.5);
        // A miss: aimed beside the target, across the segment's direction, by 2r + 0.5.
        let side = {
            let f = seg.b - seg.a;
            let c = f.cross(&away);
            let c = if c.norm() > T::lit(1e-3) { c } else { away.cross(&Vector3::x()) };
            c.normalize() * (r * T::TWO + T::HALF)
        };
        let aim = if hit { target } else { target + side };
        let vs = (aim - start) * T::TWO; // reaches the aim at t = 0.5
        let vt = vec3::<T>(&mut rng, 0.5) * T::lit(if rng.chance(0.3) { 1.0 } else { 0.0 });
        let s = Sphere::new(start, r);
        let got = sphere_triangle(&s, &(vs + vt), &tri, &vt);
        let want = sphere_capsule(&s, &(vs + vt), &Capsule::new(seg.a, seg.b, T::ZERO), &vt);
        let speed = vs.norm().to_f64();
        let tol = test_tolerance::<T>().to_f64() * scale(&[start, tri.a, tri.b, tri.c]) / speed;
        match (got, want) {
            (Some(g), Some(w)) => assert!(
                (g.toi - w.toi).abs().to_f64() <= tol,
                "sphere_triangle {} against the segment's {} on {tri:?} {s:?} {vs:?}",
                g.toi,
                w.toi
            ),
            (None, None) => assert!(!hit, "neither hit an aimed sphere: {tri:?} {s:?} {vs:?}"),
            _ => panic!(
                "sphere_triangle {:?} against the segment's {:?} on {tri:?} {s:?} {vs:?}",
                got.map(|x| x.toi),
                want.map(|x| x.toi)
            ),
        }
        if hit {
            assert!(got.is_some(), "an aimed sphere missed the collapsed triangle {tri:?}");
        }
    }
}

/// The first time in `[0, 1]` at which the box `b` moved by `v·t` meets the segment `seg`: the
/// segment moved by `−v·t` relative to the box sweeps the parallelogram `seg ⊕ [0, −v·T]` by
/// time `T`, which grows with `T`; it meets the box exactly when some time in `[0, T]` is a
/// contact. Decided by `aabb_triangle_exact` on its two triangles, bisected to 60 halvings.
fn first_contact<T: Real>(b: &Aabb<T>, v: &Vector3<T>, seg: &Segment<T>) -> Option<f64> {
    let swept = |t: f64| {
        let back = -*v * T::lit(t);
        let (p, q) = (seg.a, seg.b);
        aabb_triangle_exact(b, &Triangle::new(p, q, p + back))
            || aabb_triangle_exact(b, &Triangle::new(q, q + back, p + back))
    };
    if !swept(1.0) {
        return None;
    }
    if segment_aabb_exact(seg, b) {
        return Some(0.0);
    }
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if swept(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

fn aabb_triangle_on_collapsed_triangles<T: Real>() {
    let mut rng = Rng::new(0x5EED_0202 ^ T::EPSILON.to_f64().to_bits());
    let (mut hits, mut misses) = (0, 0);
    let n = osculate_testing::cases(70);
    for i in 0..n {
        let off = offset::<T>(&mut rng);
        let (tri, seg) = collapsed::<T>(&mut rng, i, off);
        let c = Point3::from(vec3::<T>(&mut rng, 3.0) + off);
        let e = Vector3::new(
            T::lit(rng.range(0.1, 0.8)),
            T::lit(rng.range(0.1, 0.8)),
            T::lit(rng.range(0.1, 0.8)),
        );
        let b = Aabb::new(c - e, c + e);
        let target = seg.a + (seg.b - seg.a) * T::lit(rng.unit()) + vec3::<T>(&mut rng, 0.6);
        let vb = (target - c) * T::TWO;
        let vt = vec3::<T>(&mut rng, 0.5) * T::lit(if rng.chance(0.3) { 1.0 } else { 0.0 });
        let got = aabb_triangle(&b, &(vb + vt), &tri, &vt);
        let want = first_contact(&b, &vb, &seg); // relative motion: vb against a still segment
        let speed = vb.norm().to_f64().max(1e-3);
        let tol =
            test_tolerance::<T>().to_f64() * scale(&[b.min, b.max, tri.a, tri.b, tri.c]) / speed;
        match (got, want) {
            (Some(g), Some(w)) => {
                assert!(
                    (g.toi.to_f64() - w).abs() <= tol,
                    "aabb_triangle {} against the reference {w} on {b:?} {vb:?} {tri:?}",
                    g.toi
                );
                hits += 1;
            }
            (None, None) => misses += 1,
            _ => panic!(
                "aabb_triangle {:?} against the reference {want:?} on {b:?} {vb:?} {tri:?}",
                got.map(|x| x.toi)
            ),
        }
    }
    // Both outcomes occur often enough to mean something.
    assert!(hits >= n / 5 && misses >= n / 10, "{hits} hits, {misses} misses of {n}");
}

for_f32_and_f64!(sphere_triangle_on_collapsed_triangles, aabb_triangle_on_collapsed_triangles);
