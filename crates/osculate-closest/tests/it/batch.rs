//! The point batches answer as the scalar queries, to the bit: for batches of 0, 1, 7, 8, 9 and
//! 33 points (around the packet width), every closest point and squared distance is
//! `closest_point_on_aabb`'s and `sq_distance_point_aabb`'s, and every closest point on a
//! triangle with its barycentrics is `closest_point_on_triangle`'s, compared by `to_bits` (NaN
//! as NaN); the `_par` forms (with `rayon`) give the serial answers. The points are inside,
//! outside and on the faces of the box, one in ten with a NaN, infinite or huge coordinate; one
//! box in ten is spoiled (inverted on an axis, or a NaN or infinite bound). Against a triangle,
//! the points are around it (some on its plane, some at a vertex or on an edge's line), one in
//! ten spoiled; the triangles are the generator's (slivers and needles among them), one in ten
//! collapsed (two vertices equal, or collinear) or spoiled by a special value.

use osculate_closest::{
    PointSoa, TrianglePoint, closest_point_on_aabb, closest_point_on_aabb_soa,
    closest_point_on_triangle, closest_point_on_triangle_soa, sq_distance_point_aabb,
    sq_distance_point_aabb_soa,
};
use osculate_math::{Aabb, Point3, Real, Triangle};
use osculate_testing::{Pair, Rng, for_f32_and_f64};
use quickcheck::TestResult;

use crate::points::run;

/// The batch lengths tried.
const LENGTHS: [usize; 6] = [0, 1, 7, 8, 9, 33];

/// The bits of a value, every NaN alike.
fn bits<T: Real>(x: T) -> u64 {
    if x.is_nan() { u64::MAX } else { x.to_f64().to_bits() }
}

fn point_bits<T: Real>(p: &Point3<T>) -> [u64; 3] {
    [bits(p.x), bits(p.y), bits(p.z)]
}

/// A special value: NaN, ±∞, the largest float, or ±0.
fn special<T: Real>(rng: &mut Rng) -> T {
    [T::NAN, T::INFINITY, -T::INFINITY, T::MAX, T::ZERO, -T::ZERO][rng.index(6)]
}

/// A point for `b`: around it at up to twice its size, a third of them on a face plane, one in
/// ten with a special coordinate.
fn point_for<T: Real>(rng: &mut Rng, b: &Aabb<T>) -> Point3<T> {
    let size = (b.max - b.min).amax().fast_max(T::lit(1e-4));
    let c = b.center();
    let mut p = Point3::from(c.coords.map(|x| x + size * T::lit(rng.range(-2.0, 2.0))));
    if rng.chance(0.3) {
        let i = rng.index(3);
        p[i] = if rng.chance(0.5) { b.min[i] } else { b.max[i] };
    }
    if rng.chance(0.1) {
        p[rng.index(3)] = special(rng);
    }
    p
}

fn points_box_agree<T: Real>(pair: Pair<Aabb<T>, Point3<T>>) -> TestResult {
    let mut rng = Rng::new(pair.seed);
    let mut b = pair.a;
    if rng.chance(0.1) {
        let i = rng.index(3);
        match rng.index(3) {
            0 => core::mem::swap(&mut b.min[i], &mut b.max[i]),
            _ => b.max[i] = special(&mut rng),
        }
    }
    for n in LENGTHS {
        let points: Vec<_> = (0..n).map(|_| point_for(&mut rng, &b)).collect();
        let soa = PointSoa::new(&points);
        let (mut closest, mut d2) =
            (vec![Point3::new(T::ONE, T::ONE, T::ONE); n + 2], vec![T::ONE; n + 2]);
        closest_point_on_aabb_soa(&soa, &b, &mut closest);
        sq_distance_point_aabb_soa(&soa, &b, &mut d2);
        #[cfg_attr(
            not(feature = "rayon"),
            allow(unused_mut, reason = "the `_par` outputs join it")
        )]
        let mut outputs = vec![(closest, d2)];
        #[cfg(feature = "rayon")]
        {
            let (mut closest, mut d2) =
                (vec![Point3::new(T::ONE, T::ONE, T::ONE); n + 2], vec![T::ONE; n + 2]);
            osculate_closest::closest_point_on_aabb_soa_par(&soa, &b, &mut closest);
            osculate_closest::sq_distance_point_aabb_soa_par(&soa, &b, &mut d2);
            outputs.push((closest, d2));
        }
        for (closest, d2) in &outputs {
            for (i, p) in points.iter().enumerate() {
                let (want_c, want_d) =
                    (closest_point_on_aabb(p, &b), sq_distance_point_aabb(p, &b));
                if point_bits(&closest[i]) != point_bits(&want_c) || bits(d2[i]) != bits(want_d) {
                    return TestResult::error(format!(
                        "{b:?} {p:?}: batch {:?} {:?}, scalar {want_c:?} {want_d:?}",
                        closest[i], d2[i]
                    ));
                }
            }
            if closest[n..].iter().any(|c| c.x != T::ONE) || d2[n..].iter().any(|d| *d != T::ONE) {
                return TestResult::error(format!("{b:?}: wrote past {n} points"));
            }
        }
        if (0..n).any(|i| soa.get(i).map(|p| point_bits(&p)) != Some(point_bits(&points[i]))) {
            return TestResult::error("PointSoa::get".to_string());
        }
    }
    TestResult::passed()
}

/// Worked cases: inside, outside past a corner, on a face; an inverted box gives NaN on its
/// empty axis; a NaN coordinate stays NaN; a shorter output gets only its entries.
fn worked_points_box<T: Real>() {
    let l = |x: f64| T::lit(x);
    let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
    let b = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 2.0, 3.0));
    let points = [p(0.5, 0.5, 0.5), p(2.0, -1.0, 4.0), p(1.0, 1.0, 1.0), p(f64::NAN, 1.0, 1.0)];
    let soa = PointSoa::new(&points);
    let mut c = [p(9.0, 9.0, 9.0); 4];
    let mut d = [l(9.0); 4];
    closest_point_on_aabb_soa(&soa, &b, &mut c);
    sq_distance_point_aabb_soa(&soa, &b, &mut d);
    assert_eq!(&c[..3], &[p(0.5, 0.5, 0.5), p(1.0, 0.0, 3.0), p(1.0, 1.0, 1.0)]);
    assert_eq!(&d[..3], &[l(0.0), l(3.0), l(0.0)]);
    assert!(c[3].x.is_nan() && c[3].y == l(1.0) && d[3].is_nan());
    let inverted = Aabb::new(p(0.0, 2.0, 0.0), p(1.0, 0.0, 3.0));
    closest_point_on_aabb_soa(&soa, &inverted, &mut c);
    assert!(c.iter().all(|c| c.y.is_nan() && !c.z.is_nan()), "{c:?}");
    let mut short = [l(9.0); 2];
    sq_distance_point_aabb_soa(&soa, &b, &mut short);
    assert_eq!(short, [l(0.0), l(3.0)]);
}

/// The bits of a triangle answer: the point's and the barycentrics'.
fn triangle_bits<T: Real>(t: &TrianglePoint<T>) -> [u64; 6] {
    let [x, y, z] = point_bits(&t.point);
    let [u, v, w] = t.barycentric.map(bits);
    [x, y, z, u, v, w]
}

/// A point for `t`: around it at up to twice its size; a fifth of them on its plane, a tenth on
/// a vertex, a tenth on an edge's line; one in ten with a special coordinate.
fn point_for_triangle<T: Real>(rng: &mut Rng, t: &Triangle<T>) -> Point3<T> {
    let verts = [t.a, t.b, t.c];
    let size = [(t.b - t.a).amax(), (t.c - t.a).amax(), T::lit(1e-4)]
        .into_iter()
        .fold(T::ZERO, |m, x| m.fast_max(x));
    let l = |rng: &mut Rng, lo: f64, hi: f64| T::lit(rng.range(lo, hi));
    let mut p = match rng.index(10) {
        0 => verts[rng.index(3)],
        1 => {
            let (u, v) = (verts[rng.index(3)], verts[rng.index(3)]);
            u + (v - u) * l(rng, -1.0, 2.0)
        }
        2 | 3 => {
            let (s, r) = (l(rng, -0.5, 1.5), l(rng, -0.5, 1.5));
            t.a + (t.b - t.a) * s + (t.c - t.a) * r
        }
        _ => Point3::from(t.a.coords.map(|x| x + size * l(rng, -2.0, 2.0))),
    };
    if rng.chance(0.1) {
        p[rng.index(3)] = special(rng);
    }
    p
}

fn points_triangle_agree<T: Real>(pair: Pair<Triangle<T>, Point3<T>>) -> TestResult {
    let mut rng = Rng::new(pair.seed);
    let mut t = pair.a;
    if rng.chance(0.1) {
        match rng.index(3) {
            0 => t.b = t.a,
            1 => t.c = t.a + (t.b - t.a) * T::lit(rng.range(-1.0, 2.0)),
            _ => t.c[rng.index(3)] = special(&mut rng),
        }
    }
    for n in LENGTHS {
        let points: Vec<_> = (0..n).map(|_| point_for_triangle(&mut rng, &t)).collect();
        let soa = PointSoa::new(&points);
        let filler =
            TrianglePoint { point: Point3::new(T::ONE, T::ONE, T::ONE), barycentric: [T::ONE; 3] };
        let mut out = vec![filler; n + 2];
        closest_point_on_triangle_soa(&soa, &t, &mut out);
        #[cfg_attr(
            not(feature = "rayon"),
            allow(unused_mut, reason = "the `_par` output joins it")
        )]
        let mut outputs = vec![out];
        #[cfg(feature = "rayon")]
        {
            let mut out = vec![filler; n + 2];
            osculate_closest::closest_point_on_triangle_soa_par(&soa, &t, &mut out);
            outputs.push(out);
        }
        for out in &outputs {
            for (i, p) in points.iter().enumerate() {
                let want = closest_point_on_triangle(p, &t);
                if triangle_bits(&out[i]) != triangle_bits(&want) {
                    return TestResult::error(format!(
                        "{t:?} {p:?}: batch {:?}, scalar {want:?}",
                        out[i]
                    ));
                }
            }
            if out[n..].iter().any(|o| *o != filler) {
                return TestResult::error(format!("{t:?}: wrote past {n} points"));
            }
        }
    }
    TestResult::passed()
}

/// Worked cases (Ericson 5.1.5's regions): the face, each vertex region, each edge region, a
/// point on an edge, a NaN coordinate; a collapsed triangle (a point twice) answers on its
/// segment; a sliver's points go through the scalar query's measurement.
fn worked_points_triangle<T: Real>() {
    let l = |x: f64| T::lit(x);
    let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
    let t = Triangle::new(p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0), p(0.0, 2.0, 0.0));
    let points = [
        p(0.5, 0.5, 3.0),
        p(-1.0, -1.0, 0.0),
        p(3.0, -1.0, 1.0),
        p(-1.0, 3.0, 0.0),
        p(1.0, -1.0, 0.0),
        p(-1.0, 1.0, 0.0),
        p(2.0, 2.0, -1.0),
        p(1.0, 0.0, 0.0),
        p(f64::NAN, 0.0, 0.0),
    ];
    let soa = PointSoa::new(&points);
    let filler = TrianglePoint { point: p(9.0, 9.0, 9.0), barycentric: [l(9.0); 3] };
    let mut out = [filler; 9];
    closest_point_on_triangle_soa(&soa, &t, &mut out);
    let want = [
        (p(0.5, 0.5, 0.0), [0.5, 0.25, 0.25]),
        (p(0.0, 0.0, 0.0), [1.0, 0.0, 0.0]),
        (p(2.0, 0.0, 0.0), [0.0, 1.0, 0.0]),
        (p(0.0, 2.0, 0.0), [0.0, 0.0, 1.0]),
        (p(1.0, 0.0, 0.0), [0.5, 0.5, 0.0]),
        (p(0.0, 1.0, 0.0), [0.5, 0.0, 0.5]),
        (p(1.0, 1.0, 0.0), [0.0, 0.5, 0.5]),
        (p(1.0, 0.0, 0.0), [0.5, 0.5, 0.0]),
    ];
    for (o, (q, bary)) in out.iter().zip(want) {
        assert_eq!((o.point, o.barycentric), (q, bary.map(l)));
    }
    assert!(out[8].point.x.is_nan() && out[8].barycentric[0].is_nan(), "{:?}", out[8]);
    let collapsed = Triangle::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0));
    closest_point_on_triangle_soa(&soa, &collapsed, &mut out);
    assert_eq!(out[4].point, p(1.0, 0.0, 0.0));
    let sliver = Triangle::new(p(0.0, 0.0, 0.0), p(10.0, 0.0, 0.0), p(5.0, 1e-4, 0.0));
    closest_point_on_triangle_soa(&soa, &sliver, &mut out);
    for (o, q) in out.iter().zip(&points) {
        assert_eq!(triangle_bits(o), triangle_bits(&closest_point_on_triangle(q, &sliver)));
    }
}

for_f32_and_f64!(run: points_box_agree, points_triangle_agree);
for_f32_and_f64!(worked_points_box, worked_points_triangle);
