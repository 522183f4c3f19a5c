//! The floors: minimal hand-written scalar `f32` versions of the short queries, with no validation,
//! no degenerate-input handling and no generic code — what a user could write in ten lines. A
//! query much slower than its floor has overhead to find.

use osculate_math::{Point3, Vector3};

/// A point as three floats.
pub type P = [f32; 3];

/// A point's coordinates.
#[must_use]
pub fn point(p: &Point3<f32>) -> P {
    [p.x, p.y, p.z]
}

/// A vector's coordinates.
#[must_use]
pub fn vector(v: &Vector3<f32>) -> P {
    [v.x, v.y, v.z]
}

#[inline]
fn sub(a: P, b: P) -> P {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

#[inline]
fn dot(a: P, b: P) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

#[inline]
fn mul_add(a: P, b: P, t: f32) -> P {
    [a[0] + b[0] * t, a[1] + b[1] * t, a[2] + b[2] * t]
}

/// The point `a + (b − a)·t`.
#[inline]
#[must_use]
pub fn lerp(a: P, b: P, t: f32) -> P {
    mul_add(a, sub(b, a), t)
}

/// The point of box `[lo, hi]` closest to `p` (Ericson 5.1.3).
#[inline]
#[must_use]
pub fn point_aabb(p: P, lo: P, hi: P) -> P {
    [p[0].clamp(lo[0], hi[0]), p[1].clamp(lo[1], hi[1]), p[2].clamp(lo[2], hi[2])]
}

/// The point of triangle `abc` closest to `p` (Ericson 5.1.5, no degenerate handling).
#[inline]
#[must_use]
pub fn point_triangle(p: P, a: P, b: P, c: P) -> P {
    let (ab, ac, ap) = (sub(b, a), sub(c, a), sub(p, a));
    let (d1, d2) = (dot(ab, ap), dot(ac, ap));
    if d1 <= 0.0 && d2 <= 0.0 {
        return a;
    }
    let bp = sub(p, b);
    let (d3, d4) = (dot(ab, bp), dot(ac, bp));
    if d3 >= 0.0 && d4 <= d3 {
        return b;
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        return mul_add(a, ab, d1 / (d1 - d3));
    }
    let cp = sub(p, c);
    let (d5, d6) = (dot(ab, cp), dot(ac, cp));
    if d6 >= 0.0 && d5 <= d6 {
        return c;
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return mul_add(a, ac, d2 / (d2 - d6));
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 {
        return mul_add(b, sub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6)));
    }
    let denom = 1.0 / (va + vb + vc);
    mul_add(mul_add(a, ab, vb * denom), ac, vc * denom)
}

/// The signed distance of two spheres (van den Bergen 3.1.1).
#[inline]
#[must_use]
pub fn sphere_sphere(c1: P, r1: f32, c2: P, r2: f32) -> f32 {
    let d = sub(c2, c1);
    dot(d, d).sqrt() - r1 - r2
}

/// The parameters of the closest points of segments `p1 + s d1`, `p2 + t d2` (Ericson 5.1.9, with
/// its absolute epsilon).
#[inline]
#[must_use]
pub fn segment_segment(p1: P, q1: P, p2: P, q2: P) -> (f32, f32) {
    let (d1, d2, r) = (sub(q1, p1), sub(q2, p2), sub(p1, p2));
    let (a, e, f) = (dot(d1, d1), dot(d2, d2), dot(d2, r));
    if a <= f32::EPSILON && e <= f32::EPSILON {
        return (0.0, 0.0);
    }
    if a <= f32::EPSILON {
        return (0.0, (f / e).clamp(0.0, 1.0));
    }
    let c = dot(d1, r);
    if e <= f32::EPSILON {
        return ((-c / a).clamp(0.0, 1.0), 0.0);
    }
    let b = dot(d1, d2);
    let denom = a * e - b * b;
    let mut s = if denom != 0.0 { ((b * f - c * e) / denom).clamp(0.0, 1.0) } else { 0.0 };
    let mut t = (b * s + f) / e;
    if t < 0.0 {
        t = 0.0;
        s = (-c / a).clamp(0.0, 1.0);
    } else if t > 1.0 {
        t = 1.0;
        s = ((b - c) / a).clamp(0.0, 1.0);
    }
    (s, t)
}

/// The slab test of a ray (origin `o`, reciprocal direction `inv`) against box `[lo, hi]`, up to
/// `max_t`: the entry parameter (Kay-Kajiya, no NaN or edge care).
#[inline]
#[must_use]
pub fn ray_aabb(o: P, inv: P, lo: P, hi: P, max_t: f32) -> Option<f32> {
    let mut t0 = 0.0_f32;
    let mut t1 = max_t;
    for i in 0..3 {
        let (a, b) = ((lo[i] - o[i]) * inv[i], (hi[i] - o[i]) * inv[i]);
        let (near, far) = if a < b { (a, b) } else { (b, a) };
        t0 = if near > t0 { near } else { t0 };
        t1 = if far < t1 { far } else { t1 };
    }
    (t0 <= t1).then_some(t0)
}

#[inline]
fn cross(a: P, b: P) -> P {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

/// Möller-Trumbore, two-sided: the ray parameter of the hit, up to `max_t`.
#[inline]
#[must_use]
pub fn ray_triangle(o: P, d: P, a: P, b: P, c: P, max_t: f32) -> Option<f32> {
    let (e1, e2) = (sub(b, a), sub(c, a));
    let p = cross(d, e2);
    let det = dot(e1, p);
    if det == 0.0 {
        return None;
    }
    let inv = 1.0 / det;
    let s = sub(o, a);
    let u = dot(s, p) * inv;
    if !(0.0..=1.0).contains(&u) {
        return None;
    }
    let q = cross(s, e1);
    let v = dot(d, q) * inv;
    if v < 0.0 || u + v > 1.0 {
        return None;
    }
    let t = dot(e2, q) * inv;
    (t >= 0.0 && t <= max_t).then_some(t)
}

/// Whether boxes `[lo1, hi1]` and `[lo2, hi2]` overlap.
#[inline]
#[must_use]
pub fn aabb_aabb(lo1: P, hi1: P, lo2: P, hi2: P) -> bool {
    lo1[0] <= hi2[0]
        && lo2[0] <= hi1[0]
        && lo1[1] <= hi2[1]
        && lo2[1] <= hi1[1]
        && lo1[2] <= hi2[2]
        && lo2[2] <= hi1[2]
}
