//! Collapsed triangles against an exact reference: every query built on a triangle, on triangles
//! with coincident vertices (`a == b`, `b == c`, `c == a`, all three) or three collinear
//! vertices (each vertex in the middle in turn), near the origin and moved 1e4 and 1e8 from it.
//!
//! The reference decides in exact rational arithmetic (every finite float is a dyadic rational):
//! the squared distance of a point to a segment or a triangle, of a segment to a segment or a
//! triangle (the minimum over the feature pairs, zero when the segment pierces the triangle), so
//! a collapsed triangle is measured as the segment or point it is. Each float answer must be
//! within `BOUND × scale` of the exact distance, `scale` the largest coordinate magnitude and
//! `BOUND` 64 ε of the scalar type (f32 7.6e-6, f64 1.4e-14) for the closed forms, GJK's own
//! relative tolerance (1.5e-5 in f32, 1.5e-10 in f64, times 4) for the support-mapping queries.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use osculate_closest::{
    closest_point_on_triangle, closest_points_convex, closest_points_segment_triangle,
    closest_points_triangle_triangle, contact_sphere_triangle,
};
use osculate_math::{Point3, Real, Segment, Sphere, Triangle};
use osculate_testing::exact::{cross, dot, is_zero, rational_point as qp, sub};

type Q = BigRational;
type V = [Q; 3];

fn axpy(a: &V, t: &Q, d: &V) -> V {
    [&a[0] + t * &d[0], &a[1] + t * &d[1], &a[2] + t * &d[2]]
}
fn clamp01(t: Q) -> Q {
    if t.is_negative() {
        Q::zero()
    } else if t > Q::from_integer(BigInt::from(1)) {
        Q::from_integer(BigInt::from(1))
    } else {
        t
    }
}

/// Squared distance from `p` to segment `ab` (a point when `a == b`).
fn point_segment(p: &V, a: &V, b: &V) -> Q {
    let ab = sub(b, a);
    let ap = sub(p, a);
    let l = dot(&ab, &ab);
    if l.is_zero() {
        return dot(&ap, &ap);
    }
    let t = clamp01(dot(&ap, &ab) / l);
    let d = sub(p, &axpy(a, &t, &ab));
    dot(&d, &d)
}

/// Squared distance from `p` to triangle `t` (any triangle, collapsed included).
fn point_triangle(p: &V, t: &[V; 3]) -> Q {
    let edges =
        || [(0, 1), (1, 2), (2, 0)].iter().map(|&(i, j)| point_segment(p, &t[i], &t[j])).min();
    let n = cross(&sub(&t[1], &t[0]), &sub(&t[2], &t[0]));
    if is_zero(&n) {
        return edges().unwrap_or_else(Q::zero);
    }
    // Inside when the point's projection is on the inner side of every edge.
    let inside = (0..3).all(|i| {
        let (u, v) = (&t[i], &t[(i + 1) % 3]);
        !dot(&cross(&sub(v, u), &sub(p, u)), &n).is_negative()
    });
    if inside {
        let h = dot(&n, &sub(p, &t[0]));
        return &h * &h / dot(&n, &n);
    }
    edges().unwrap_or_else(Q::zero)
}

/// Squared distance between segments `ab` and `cd` (either may be a point): the minimum of the
/// four end-to-segment distances and, for non-parallel lines whose closest points are inside
/// both segments, the lines' distance.
fn segment_segment(a: &V, b: &V, c: &V, d: &V) -> Q {
    let mut best = [point_segment(a, c, d), point_segment(b, c, d)]
        .into_iter()
        .chain([point_segment(c, a, b), point_segment(d, a, b)])
        .min()
        .unwrap_or_else(Q::zero);
    let (u, v, w) = (sub(b, a), sub(d, c), sub(a, c));
    let (uu, uv, vv, uw, vw) = (dot(&u, &u), dot(&u, &v), dot(&v, &v), dot(&u, &w), dot(&v, &w));
    let den = &uu * &vv - &uv * &uv;
    if !den.is_zero() {
        let s = (&uv * &vw - &vv * &uw) / &den;
        let t = (&uu * &vw - &uv * &uw) / &den;
        let one = Q::from_integer(BigInt::from(1));
        if !s.is_negative() && s <= one && !t.is_negative() && t <= one {
            let dd = sub(&axpy(a, &s, &u), &axpy(c, &t, &v));
            best = best.min(dot(&dd, &dd));
        }
    }
    best
}

/// Squared distance between segment `pq` and triangle `t`.
fn segment_triangle(p: &V, q: &V, t: &[V; 3]) -> Q {
    let mut best = [point_triangle(p, t), point_triangle(q, t)]
        .into_iter()
        .chain([(0, 1), (1, 2), (2, 0)].iter().map(|&(i, j)| segment_segment(p, q, &t[i], &t[j])))
        .min()
        .unwrap_or_else(Q::zero);
    // A segment piercing the interior: the ends on opposite sides of the plane (or on it) and
    // the segment's line inside every edge (Ericson 5.3.4's triple products, exactly).
    let n = cross(&sub(&t[1], &t[0]), &sub(&t[2], &t[0]));
    if !is_zero(&n) {
        let (sp, sq) = (dot(&n, &sub(p, &t[0])), dot(&n, &sub(q, &t[0])));
        let same_side =
            (sp.is_positive() && sq.is_positive()) || (sp.is_negative() && sq.is_negative());
        if !same_side {
            let pq = sub(q, p);
            let e: Vec<Q> = (0..3)
                .map(|i| dot(&pq, &cross(&sub(&t[i], p), &sub(&t[(i + 1) % 3], p))))
                .collect();
            let pos = e.iter().all(|x| !x.is_negative());
            let neg = e.iter().all(|x| !x.is_positive());
            if (pos || neg) && !(sp.is_zero() && sq.is_zero()) {
                best = Q::zero();
            }
        }
    }
    best
}

/// Squared distance between two triangles, the first collapsed (a segment or a point).
fn collapsed_triangle_triangle(c: &[V; 3], t: &[V; 3]) -> Q {
    [(0, 1), (1, 2), (2, 0)]
        .iter()
        .map(|&(i, j)| segment_triangle(&c[i], &c[j], t))
        .min()
        .unwrap_or_else(Q::zero)
}

fn to_f64(x: &Q) -> f64 {
    let (n, d) = (x.numer().to_string(), x.denom().to_string());
    // Exact to well below f64's precision: the decimal strings parse to the nearest doubles.
    n.parse::<f64>().unwrap_or(f64::NAN) / d.parse::<f64>().unwrap_or(f64::NAN)
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A multiple of 1/64 in [−range, range]: sums of a few stay exact in f32.
    fn grid(&mut self, range: f64) -> f64 {
        let n = (range * 64.0) as u64;
        (self.next() % (2 * n + 1)) as f64 / 64.0 - range
    }
}

/// Cases per configuration (`OSCULATE_CASES` overrides it, for `cargo xtask soak`).
fn cases() -> u64 {
    std::env::var("OSCULATE_CASES").ok().and_then(|s| s.trim().parse().ok()).unwrap_or(300)
}

/// The collapsed configurations: `k` picks which vertices coincide or which is in the middle.
fn collapsed<T: Real>(rng: &mut Rng, k: u64, offset: f64) -> Triangle<T> {
    let o = [offset, -offset, offset * 0.5];
    let pt =
        |x: [f64; 3]| Point3::new(T::lit(x[0] + o[0]), T::lit(x[1] + o[1]), T::lit(x[2] + o[2]));
    let r = |rng: &mut Rng| [rng.grid(2.0), rng.grid(2.0), rng.grid(2.0)];
    let (p, u, d) = (r(rng), r(rng), [rng.grid(1.0), rng.grid(1.0), rng.grid(1.0)]);
    let along = |s: f64| [p[0] + s * d[0], p[1] + s * d[1], p[2] + s * d[2]];
    match k % 7 {
        0 => Triangle::new(pt(p), pt(p), pt(u)),
        1 => Triangle::new(pt(u), pt(p), pt(p)),
        2 => Triangle::new(pt(p), pt(u), pt(p)),
        3 => Triangle::new(pt(p), pt(p), pt(p)),
        // Collinear: the middle vertex is a, b, c in turn.
        4 => Triangle::new(pt(along(0.0)), pt(along(-1.0)), pt(along(2.0))),
        5 => Triangle::new(pt(along(-1.0)), pt(along(0.0)), pt(along(2.0))),
        _ => Triangle::new(pt(along(-1.0)), pt(along(2.0)), pt(along(0.0))),
    }
}

fn scale_of<T: Real>(points: &[Point3<T>]) -> f64 {
    points.iter().fold(1.0_f64, |s, p| s.max(p.coords.amax().to_f64()))
}

#[track_caller]
fn check(what: &str, got: f64, exact_sq: &Q, tol: f64, input: &dyn std::fmt::Debug) {
    let want = to_f64(exact_sq).sqrt();
    assert!(
        (got - want).abs() <= tol,
        "{what}: {got} against the exact {want} (tolerance {tol:e}) on {input:?}"
    );
}

fn collapsed_triangles_are_their_segments<T: Real>() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let eps = T::EPSILON.to_f64();
    let gjk_tol = if eps > 1e-10 { 6.0e-5 } else { 6.0e-10 };
    for i in 0..cases() {
        let offset = [0.0, 1.0e4, 1.0e8][(i / 7 % 3) as usize];
        let t = collapsed::<T>(&mut rng, i, offset);
        let g = |rng: &mut Rng| {
            Point3::new(
                T::lit(rng.grid(3.0) + offset),
                T::lit(rng.grid(3.0) - offset),
                T::lit(rng.grid(3.0) + offset * 0.5),
            )
        };
        let (p, s0, s1) = (g(&mut rng), g(&mut rng), g(&mut rng));
        let full = Triangle::new(g(&mut rng), g(&mut rng), g(&mut rng));
        let scale = scale_of(&[t.a, t.b, t.c, p, s0, s1, full.a, full.b, full.c]);
        let tol = 64.0 * eps * scale;
        let tv = [qp(&t.a), qp(&t.b), qp(&t.c)];

        // Point-triangle.
        let c = closest_point_on_triangle(&p, &t);
        let got = (c.point - p).norm().to_f64();
        check("closest_point_on_triangle", got, &point_triangle(&qp(&p), &tv), tol, &(p, t));

        // Segment-triangle.
        let s = Segment::new(s0, s1);
        let want = segment_triangle(&qp(&s0), &qp(&s1), &tv);
        let got = closest_points_segment_triangle(&s, &t).distance.to_f64();
        check("closest_points_segment_triangle", got, &want, tol, &(s, t));

        // Triangle-triangle, the collapsed one on either side, against a full triangle.
        let fv = [qp(&full.a), qp(&full.b), qp(&full.c)];
        let want = collapsed_triangle_triangle(&tv, &fv);
        for got in [
            closest_points_triangle_triangle(&t, &full).distance,
            closest_points_triangle_triangle(&full, &t).distance,
        ] {
            check("closest_points_triangle_triangle", got.to_f64(), &want, tol, &(t, full));
        }

        // Sphere-triangle contact: the signed distance is the center's distance minus ρ.
        let r = T::lit(0.25);
        if let Some(k) = contact_sphere_triangle(&Sphere::new(p, r), &t) {
            let got = (k.distance + r).to_f64();
            check("contact_sphere_triangle", got, &point_triangle(&qp(&p), &tv), tol, &(p, t));
        } else {
            panic!("contact_sphere_triangle gave no contact for a valid input: {p:?} {t:?}");
        }

        // GJK on the collapsed triangle, against a point and a segment.
        let gtol = gjk_tol * scale;
        let got = closest_points_convex(&t, &p).distance.to_f64();
        check(
            "closest_points_convex(triangle, point)",
            got,
            &point_triangle(&qp(&p), &tv),
            gtol,
            &(p, t),
        );
        let want = segment_triangle(&qp(&s0), &qp(&s1), &tv);
        let got = closest_points_convex(&s, &t).distance.to_f64();
        check("closest_points_convex(segment, triangle)", got, &want, gtol, &(s, t));
    }
}

/// A triangle with `a == b` and the query point beside the middle of the segment `a`–`c`: the
/// distance is to that segment, not to the vertex `a` (the edge region of the zero-length edge
/// `ab` used to accept the point, 30% too far here).
fn coincident_vertices_measure_the_segment<T: Real>() {
    let l = |x: f64| T::lit(x);
    let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
    let (a, c) = (p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0));
    let x = p(1.0, 1.0, 0.0);
    for t in [Triangle::new(a, a, c), Triangle::new(c, a, a), Triangle::new(a, c, a)] {
        let got = closest_point_on_triangle(&x, &t);
        assert_eq!(got.point, p(1.0, 0.0, 0.0), "{t:?}");
        let b = got.barycentric;
        assert!(
            b.iter().all(|w| *w >= T::ZERO) && (b[0] + b[1] + b[2] - T::ONE).abs() <= T::EPSILON
        );
        assert_eq!(closest_points_segment_triangle(&Segment::new(x, x), &t).distance, T::ONE);
    }
}

osculate_testing::for_f32_and_f64!(collapsed_triangles_are_their_segments);

osculate_testing::for_f32_and_f64!(coincident_vertices_measure_the_segment);
