//! The point batches answer as the scalar queries, to the bit: for batches of 0, 1, 7, 8, 9 and
//! 33 points (around the packet width), every closest point and squared distance is
//! `closest_point_on_aabb`'s and `sq_distance_point_aabb`'s, compared by `to_bits` (NaN as
//! NaN); the `_par` forms (with `rayon`) give the serial answers. The points are inside, outside
//! and on the faces of the box, one in ten with a NaN, infinite or huge coordinate; one box in
//! ten is spoiled (inverted on an axis, or a NaN or infinite bound).

use osculate_closest::{
    PointSoa, closest_point_on_aabb, closest_point_on_aabb_soa, sq_distance_point_aabb,
    sq_distance_point_aabb_soa,
};
use osculate_math::{Aabb, Point3, Real};
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

for_f32_and_f64!(run: points_box_agree);
for_f32_and_f64!(worked_points_box);
