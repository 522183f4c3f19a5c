//! The structure-of-arrays batches answer as the scalar queries, to the bit: for batches of 0,
//! 1, 7, 8, 9 and 33 shapes or rays (empty, one, a packet short, a packet, a packet and one,
//! four packets and one), every entry is the scalar query's `t_enter` (`+∞` where it gives
//! `None`), compared by `to_bits`; the `_par` forms (with `rayon`) give the serial answers.
//!
//! The inputs are the properties' scenes: a ray from the scene (spoiled as in `cheap_rays`: a
//! direction component zeroed, so parallel to a slab, often with its origin on a slab plane;
//! NaN, ±∞, 0 in a coordinate; `max_t` negative, NaN, 0 or the aimed parameter), and shapes
//! placed along it (about half hit) or anywhere in the frame, one in ten spoiled (NaN, ±∞, an
//! inverted box, a collapsed triangle), some with a face through the ray's origin. A tenth of
//! the triangle batches are on an integer grid with an axis-aligned ray, where `f32` edge
//! functions are exactly zero (the scalar test's `f64` recomputation) and rays cross vertices
//! and edges.

use osculate_cast::{
    AabbSoa, Culling, RaySoa, TriangleSoa, ray_aabb_many, ray_aabb_soa, ray_aabb_t,
    ray_triangle_watertight_soa, ray_triangle_watertight_t, rays_aabb_soa,
};
use osculate_math::{Aabb, Point3, Ray, Real, Triangle, Vector3};
use osculate_testing::{Generate, Rng, for_f32_and_f64};
use quickcheck::TestResult;

use crate::cheap_rays::{Spoil, special, spoil_ray};
use crate::properties::{Scene, run, scene_ray};

/// The batch lengths tried: around the packet width.
const LENGTHS: [usize; 6] = [0, 1, 7, 8, 9, 33];

/// An answer's bits (`+∞` for a miss; `-0.0` differs from `0.0`).
fn bits<T: Real>(t: T) -> u64 {
    t.to_f64().to_bits()
}

/// The first entry where `got` differs from `want` by bits, as an error.
fn compare<T: Real>(what: &str, got: &[T], want: &[T]) -> Result<(), String> {
    if got.len() != want.len() {
        return Err(format!("{what}: {} answers, {} wanted", got.len(), want.len()));
    }
    match got.iter().zip(want).position(|(g, w)| bits(*g) != bits(*w)) {
        Some(i) => Err(format!("{what}: entry {i}: {:?}, scalar {:?}", got[i], want[i])),
        None => Ok(()),
    }
}

/// One in ten shapes spoiled by a special value in a coordinate.
fn maybe_spoil<T: Real, S: Spoil<T>>(rng: &mut Rng, mut shape: S) -> S {
    if rng.chance(0.1) {
        let x = special(rng);
        shape.spoil(rng, x);
    }
    shape
}

/// A box for `ray`: around a point of the ray (half the time) or anywhere in the frame; one in
/// ten with a face through the origin's coordinate on some axis (where a parallel ray runs in
/// the face's plane), one in ten inverted or spoiled.
fn box_for<T: Real>(rng: &mut Rng, s: &Scene<T, Aabb<T>>, ray: &Ray<T>) -> Aabb<T> {
    let mut b = if rng.chance(0.5) {
        let reach = s.t_target.unwrap_or(T::ONE) * T::lit(rng.range(-0.5, 2.5));
        let c = ray.point_at(reach) + s.frame.offset(rng, 0.3);
        let e = Vector3::new(s.frame.length(rng), s.frame.length(rng), s.frame.length(rng));
        Aabb::from_center_extents(c, e)
    } else {
        Aabb::generate(rng, &s.frame)
    };
    if rng.chance(0.1) {
        let i = rng.index(3);
        if rng.chance(0.5) { b.min[i] = ray.origin[i] } else { b.max[i] = ray.origin[i] }
    }
    if rng.chance(0.05) {
        b = Aabb::new(b.max, b.min);
    }
    maybe_spoil(rng, b)
}

/// The output checks every batch shares: the batch against the scalar answers, a shorter output
/// (only its entries written) and a longer one (the rest left alone).
fn check_lengths<T: Real>(what: &str, want: &[T], batch: impl Fn(&mut [T])) -> Result<(), String> {
    let n = want.len();
    let mut got = vec![T::NAN; n + 3];
    batch(&mut got);
    compare(what, &got[..n], want)?;
    if got[n..].iter().any(|t| !t.is_nan()) {
        return Err(format!("{what}: wrote past the batch"));
    }
    let mut short = vec![T::NAN; n / 2];
    batch(&mut short);
    compare(&format!("{what} (short output)"), &short, &want[..n / 2])
}

/// One ray against boxes: `ray_aabb_soa` and `ray_aabb_many` against `ray_aabb_t`.
fn ray_boxes_agree<T: Real>(s: Scene<T, Aabb<T>>) -> TestResult {
    let mut rng = Rng::new(s.seed ^ 0xB0C5);
    let ray = spoil_ray(&mut rng, &s.ray, s.t_target);
    let result = LENGTHS.iter().try_for_each(|&n| {
        let boxes: Vec<_> = (0..n).map(|_| box_for(&mut rng, &s, &ray)).collect();
        let want: Vec<T> =
            boxes.iter().map(|b| ray_aabb_t(&ray, b).unwrap_or(T::INFINITY)).collect();
        let soa = AabbSoa::new(&boxes);
        check_lengths("ray_aabb_soa", &want, |out| ray_aabb_soa(&ray, &soa, out))?;
        check_lengths("ray_aabb_many", &want, |out| ray_aabb_many(&ray, &boxes, out))?;
        #[cfg(feature = "rayon")]
        check_lengths("ray_aabb_soa_par", &want, |out| {
            osculate_cast::ray_aabb_soa_par(&ray, &soa, out);
        })?;
        let back: Vec<_> = (0..n).filter_map(|i| soa.get(i)).collect();
        (back.len() == n
            && back.iter().zip(&boxes).all(|(a, b)| format!("{a:?}") == format!("{b:?}")))
        .then_some(())
        .ok_or_else(|| "AabbSoa::get".to_string())
    });
    result.map_or_else(|e| TestResult::error(format!("{ray:?}: {e}")), |()| TestResult::passed())
}

/// Many rays against one box: `rays_aabb_soa` against `ray_aabb_t`.
fn rays_box_agree<T: Real>(s: Scene<T, Aabb<T>>) -> TestResult {
    let mut rng = Rng::new(s.seed ^ 0x4A75);
    let b = maybe_spoil(&mut rng, s.shape);
    let result = LENGTHS.iter().try_for_each(|&n| {
        let rays: Vec<_> = (0..n)
            .map(|_| {
                let (r, t) = scene_ray(&mut rng, &s.frame, &s.shape);
                let mut r = spoil_ray(&mut rng, &r, t);
                if rng.chance(0.1) {
                    // On a face plane of the box, and parallel to that axis.
                    let i = rng.index(3);
                    r.origin[i] = if rng.chance(0.5) { b.min[i] } else { b.max[i] };
                    r.direction[i] = T::ZERO;
                }
                r
            })
            .collect();
        let want: Vec<T> = rays.iter().map(|r| ray_aabb_t(r, &b).unwrap_or(T::INFINITY)).collect();
        let soa = RaySoa::new(&rays);
        check_lengths("rays_aabb_soa", &want, |out| rays_aabb_soa(&soa, &b, out))?;
        #[cfg(feature = "rayon")]
        check_lengths("rays_aabb_soa_par", &want, |out| {
            osculate_cast::rays_aabb_soa_par(&soa, &b, out);
        })?;
        let back = (0..n).filter_map(|i| soa.get(i)).map(|r| format!("{r:?}"));
        back.eq(rays.iter().map(|r| format!("{r:?}")))
            .then_some(())
            .ok_or_else(|| "RaySoa::get".to_string())
    });
    result.map_or_else(|e| TestResult::error(format!("{b:?}: {e}")), |()| TestResult::passed())
}

/// A triangle for `ray`: through a point of the ray (half the time) or anywhere in the frame,
/// one in ten spoiled (a special coordinate or collapsed).
fn triangle_for<T: Real>(rng: &mut Rng, s: &Scene<T, Triangle<T>>, ray: &Ray<T>) -> Triangle<T> {
    let t = if rng.chance(0.5) {
        let reach = s.t_target.unwrap_or(T::ONE) * T::lit(rng.range(-0.5, 2.5));
        let c = ray.point_at(reach);
        let mut v = || c + s.frame.offset(rng, 0.6);
        Triangle::new(v(), v(), v())
    } else {
        Triangle::generate(rng, &s.frame)
    };
    maybe_spoil(rng, t)
}

/// A triangle with small integer vertices, and an axis-aligned ray from an integer point: edge
/// functions exactly zero (the scalar `f32` test's `f64` path), rays through vertices and edges.
fn grid_case<T: Real>(rng: &mut Rng, n: usize) -> (Ray<T>, Vec<Triangle<T>>) {
    let int = |rng: &mut Rng| T::lit(rng.index(5) as f64 - 2.0);
    let point = |rng: &mut Rng| Point3::new(int(rng), int(rng), int(rng));
    let origin = point(rng);
    let mut d = Vector3::zeros();
    d[rng.index(3)] = if rng.chance(0.5) { T::ONE } else { -T::ONE };
    let tris = (0..n).map(|_| Triangle::new(point(rng), point(rng), point(rng))).collect();
    (Ray::new(origin, d), tris)
}

/// One ray against triangles, both cullings: `ray_triangle_watertight_soa` against
/// `ray_triangle_watertight_t`.
fn ray_triangles_agree<T: Real>(s: Scene<T, Triangle<T>>) -> TestResult {
    let mut rng = Rng::new(s.seed ^ 0x7215);
    let scene_ray = spoil_ray(&mut rng, &s.ray, s.t_target);
    let grid = rng.chance(0.1);
    let result = LENGTHS.iter().try_for_each(|&n| {
        let (ray, tris) = if grid {
            grid_case(&mut rng, n)
        } else {
            (scene_ray, (0..n).map(|_| triangle_for(&mut rng, &s, &scene_ray)).collect())
        };
        let soa = TriangleSoa::new(&tris);
        for culling in [Culling::TwoSided, Culling::FrontOnly] {
            let want: Vec<T> = tris
                .iter()
                .map(|t| ray_triangle_watertight_t(&ray, t, culling).unwrap_or(T::INFINITY))
                .collect();
            let what = format!("ray_triangle_watertight_soa {culling:?} {ray:?}");
            check_lengths(&what, &want, |out| {
                ray_triangle_watertight_soa(&ray, &soa, culling, out)
            })?;
            #[cfg(feature = "rayon")]
            check_lengths(&format!("{what} par"), &want, |out| {
                osculate_cast::ray_triangle_watertight_soa_par(&ray, &soa, culling, out);
            })?;
        }
        let back = (0..n).filter_map(|i| soa.get(i)).map(|t| format!("{t:?}"));
        back.eq(tris.iter().map(|t| format!("{t:?}")))
            .then_some(())
            .ok_or_else(|| "TriangleSoa::get".to_string())
    });
    result.map_or_else(TestResult::error, |()| TestResult::passed())
}

for_f32_and_f64!(run: ray_boxes_agree, rays_box_agree, ray_triangles_agree);

/// Worked cases: one ray against boxes it enters, starts inside, runs along a face of (parallel,
/// origin on the face plane), misses, leaves through a face through its origin (the scalar
/// query's `-0`), and boxes that are inverted, NaN or infinite; the same through the ray batch.
fn worked_boxes<T: Real>() {
    let l = |x: f64| T::lit(x);
    let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
    let inf = T::INFINITY;
    let ray = Ray::new(p(0.0, 0.5, 1.0), Vector3::new(l(1.0), l(0.0), l(0.0)));
    let boxes = [
        Aabb::new(p(2.0, 0.0, 0.0), p(3.0, 1.0, 1.0)), // along its top face: enters at 2
        Aabb::new(p(-1.0, 0.0, 0.0), p(1.0, 1.0, 2.0)), // starts inside: 0
        Aabb::new(p(2.0, 0.0, 1.5), p(3.0, 1.0, 2.0)), // parallel, above: a miss
        Aabb::new(p(-1.0, 0.0, 0.0), p(-0.5, 1.0, 2.0)), // behind: a miss
        Aabb::new(p(-1.0, 0.0, 0.0), p(0.0, 1.0, 2.0)), // leaves through x = 0 at the origin
        Aabb::new(p(3.0, 1.0, 1.0), p(2.0, 0.0, 0.0)), // inverted
        Aabb::new(p(2.0, f64::NAN, 0.0), p(3.0, 1.0, 1.0)),
        Aabb::new(p(2.0, 0.0, 0.0), p(f64::INFINITY, 1.0, 1.0)),
        Aabb::new(p(4.0, 0.5, 1.0), p(4.0, 0.5, 1.0)), // a point box on the ray
    ];
    let want = [l(2.0), l(0.0), inf, inf, l(0.0), inf, inf, inf, l(4.0)];
    let scalar: Vec<T> = boxes.iter().map(|b| ray_aabb_t(&ray, b).unwrap_or(inf)).collect();
    let mut got = [T::NAN; 9];
    ray_aabb_soa(&ray, &AabbSoa::new(&boxes), &mut got);
    for (what, x) in [("scalar", &scalar[..]), ("batch", &got[..])] {
        assert!(compare(what, x, &want).is_ok(), "{what}: {x:?}");
    }
    // Each box against the same ray held in a ray batch.
    for (b, w) in boxes.iter().zip(want) {
        let mut t = [T::NAN; 2];
        rays_aabb_soa(&RaySoa::new(&[ray, Ray { max_t: l(1.0), ..ray }]), b, &mut t);
        let bounded = ray_aabb_t(&Ray { max_t: l(1.0), ..ray }, b).unwrap_or(inf);
        assert_eq!([bits(t[0]), bits(t[1])], [bits(w), bits(bounded)], "{b:?}");
    }
    // Leaving a box through the face at its origin, against the axis: the exit `0·(−1) = −0`
    // clips the entry to `−0`, in the scalar query and in both batches.
    let back = Ray::new(p(0.0, 0.5, 0.5), Vector3::new(l(-1.0), l(0.0), l(0.0)));
    let unit = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
    let (mut a, mut b) = ([T::NAN], [T::NAN]);
    ray_aabb_soa(&back, &AabbSoa::new(&[unit]), &mut a);
    rays_aabb_soa(&RaySoa::new(&[back]), &unit, &mut b);
    let scalar = ray_aabb_t(&back, &unit).unwrap_or(inf);
    assert_eq!([bits(scalar), bits(a[0]), bits(b[0])], [bits(l(-0.0)); 3]);
    // From half the largest float: past the range where the entry point is known finite, so
    // answered by the scalar query (a hit), in both batches.
    let far = Ray::new(
        Point3::new(T::MAX * T::HALF, l(0.5), l(0.5)),
        Vector3::new(l(-1.0), l(0.0), l(0.0)),
    );
    let (mut a, mut b) = ([T::NAN], [T::NAN]);
    ray_aabb_soa(&far, &AabbSoa::new(&[unit]), &mut a);
    rays_aabb_soa(&RaySoa::new(&[far]), &unit, &mut b);
    let scalar = ray_aabb_t(&far, &unit);
    assert!(scalar.is_some_and(|t| t > T::MAX * l(0.25)), "{scalar:?}");
    assert_eq!([bits(a[0]), bits(b[0])], [bits(scalar.unwrap_or(inf)); 2]);
    // A NaN ray and a zero direction hit nothing; an empty batch writes nothing.
    let mut t = [l(7.0); 9];
    let soa = AabbSoa::new(&boxes);
    ray_aabb_soa(&Ray::new(p(f64::NAN, 0.0, 0.0), ray.direction), &soa, &mut t);
    assert!(t.iter().all(|t| *t == inf));
    ray_aabb_soa(&Ray::new(p(0.5, 0.5, 0.5), Vector3::zeros()), &soa, &mut t);
    assert!(t.iter().all(|t| *t == inf));
    let mut t = [l(7.0); 3];
    ray_aabb_soa(&ray, &AabbSoa::new(&[]), &mut t);
    assert_eq!(t, [l(7.0); 3]);
}

/// Worked cases of the triangle batch: two triangles sharing the diagonal of a square and a ray
/// exactly through it (watertight: at least one hit, in `f32` through the `f64` recomputation of
/// a zero edge function), a ray through a vertex, a back face under both cullings, a collapsed
/// triangle, a NaN vertex, and 9 triangles (a packet and one).
fn worked_triangles<T: Real>() {
    let l = |x: f64| T::lit(x);
    let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
    let inf = T::INFINITY;
    let down = Ray::new(p(0.5, 0.5, 2.0), Vector3::new(l(0.0), l(0.0), l(-1.0)));
    let tris = [
        Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(1.0, 1.0, 0.0)),
        Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 0.0), p(0.0, 1.0, 0.0)),
        Triangle::new(p(0.5, 0.5, 1.0), p(1.5, 0.5, 1.0), p(0.5, 1.5, 1.0)), // its vertex
        Triangle::new(p(0.0, 0.0, -1.0), p(0.0, 2.0, -1.0), p(2.0, 0.0, -1.0)), // back face
        Triangle::new(p(0.0, 0.0, -2.0), p(1.0, 1.0, -2.0), p(2.0, 2.0, -2.0)), // collapsed
        Triangle::new(p(0.0, 0.0, -3.0), p(f64::NAN, 0.0, -3.0), p(0.0, 2.0, -3.0)),
        Triangle::new(p(5.0, 5.0, 0.0), p(6.0, 5.0, 0.0), p(5.0, 6.0, 0.0)), // aside
        Triangle::new(p(0.0, 0.0, 1.5), p(2.0, 0.0, 1.5), p(0.0, 2.0, 1.5)),
        Triangle::new(p(0.0, 0.0, -4.0), p(2.0, 0.0, -4.0), p(0.0, 2.0, -4.0)),
    ];
    let soa = TriangleSoa::new(&tris);
    for (culling, back) in [(Culling::TwoSided, l(3.0)), (Culling::FrontOnly, inf)] {
        let mut got = [T::NAN; 9];
        ray_triangle_watertight_soa(&down, &soa, culling, &mut got);
        let scalar: Vec<T> = tris
            .iter()
            .map(|t| ray_triangle_watertight_t(&down, t, culling).unwrap_or(inf))
            .collect();
        assert!(compare("batch", &got, &scalar).is_ok(), "{culling:?}: {got:?} {scalar:?}");
        assert!(got[0] == l(2.0) || got[1] == l(2.0), "{got:?}: the diagonal leaks");
        let want = [l(1.0), back, inf, inf, inf, l(0.5), l(6.0)];
        assert_eq!(
            &got[2..].iter().map(|t| bits(*t)).collect::<Vec<_>>(),
            &want.map(bits),
            "{culling:?}"
        );
    }
}

for_f32_and_f64!(worked_boxes, worked_triangles);
