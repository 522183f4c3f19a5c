//! The box batches answer as the scalar tests: for batches of 0, 1, 7, 8, 9 and 33 boxes
//! (around the packet width), every entry of `aabb_aabb_soa` is `aabb_aabb`'s and every entry of
//! `obb_obb_soa` is `obb_obb`'s; the `_par` forms (with `rayon`) give the serial answers; a
//! shorter output gets only its entries and a longer one is left alone past them.
//!
//! The boxes are near the query box (overlapping, touching on a face plane taken from it, or
//! apart), one in ten spoiled (a NaN, ±∞ or ±0 in a coordinate, an inverted box or a negative
//! extent); the query box is spoiled one time in ten as well. Oriented boxes take the query
//! box's rotation a third of the time (parallel edges: the cross-product axes are rounding
//! noise there) and a random rotation otherwise.

use osculate_math::{Aabb, Obb, Point3, Real, Rotation3, Vector3};
use osculate_overlap::{AabbSoa, ObbSoa, aabb_aabb, aabb_aabb_soa, obb_obb, obb_obb_soa};
use osculate_testing::{Pair, Rng, for_f32_and_f64};
use quickcheck::TestResult;

use crate::properties::run;

/// The batch lengths tried.
const LENGTHS: [usize; 6] = [0, 1, 7, 8, 9, 33];

/// A special value: NaN, ±∞, the largest float, or ±0.
fn special<T: Real>(rng: &mut Rng) -> T {
    [T::NAN, T::INFINITY, -T::INFINITY, T::MAX, T::ZERO, -T::ZERO][rng.index(6)]
}

/// The batch's answers (serial, and with `rayon` the `_par` form's), each checked for writing
/// only its first `n` entries.
fn outputs(n: usize, batch: &dyn Fn(&mut [bool], bool)) -> Result<Vec<Vec<bool>>, String> {
    #[cfg_attr(not(feature = "rayon"), allow(unused_mut, reason = "the `_par` form joins it"))]
    let mut modes = vec![false];
    #[cfg(feature = "rayon")]
    modes.push(true);
    let mut all = Vec::new();
    for par in modes {
        for fill in [false, true] {
            let mut out = vec![fill; n + 3];
            batch(&mut out, par);
            if out[n..].iter().any(|x| *x != fill) {
                return Err(format!("wrote past {n} entries (par {par})"));
            }
            out.truncate(n);
            all.push(out);
        }
        let mut short = vec![false; n / 2];
        batch(&mut short, par);
        all.push(short);
    }
    Ok(all)
}

/// Checks every output of a batch against the scalar answers `want`.
fn agree(n: usize, want: &[bool], batch: &dyn Fn(&mut [bool], bool)) -> Result<(), String> {
    for got in outputs(n, batch)? {
        if let Some(i) = got.iter().zip(want).position(|(g, w)| g != w) {
            return Err(format!("entry {i}: batch {}, scalar {}", got[i], want[i]));
        }
    }
    Ok(())
}

/// A box near `a`: shifted by up to its size on each axis, a third of the time with a face on
/// one of `a`'s face planes (touching or sharing a face); one in ten spoiled.
fn aabb_near<T: Real>(rng: &mut Rng, a: &Aabb<T>, b: &Aabb<T>) -> Aabb<T> {
    let size = (a.max - a.min).amax().fast_max((b.max - b.min).amax()).fast_max(T::lit(1e-3));
    let shift = Vector3::from_fn(|_, _| size * T::lit(rng.range(-1.5, 1.5)));
    let mut c = Aabb::new(b.min + shift, b.max + shift);
    if rng.chance(0.3) {
        let i = rng.index(3);
        if rng.chance(0.5) {
            (c.min[i], c.max[i]) = (a.max[i], a.max[i] + size);
        } else {
            (c.min[i], c.max[i]) = (a.min[i] - size, a.min[i]);
        }
    }
    if rng.chance(0.1) {
        let i = rng.index(3);
        match rng.index(3) {
            0 => core::mem::swap(&mut c.min[i], &mut c.max[i]),
            1 => c.min[i] = special(rng),
            _ => c.max[i] = special(rng),
        }
    }
    c
}

/// An oriented box near `a`: `b`'s extents, `a`'s rotation a third of the time (parallel edges)
/// or a random one, its center within twice the boxes' size of `a`'s; one in ten spoiled (a
/// special value in the center, an extent or the rotation, or a negative extent).
fn obb_near<T: Real>(rng: &mut Rng, a: &Obb<T>, b: &Obb<T>) -> Obb<T> {
    let size = a.half_extents.amax().fast_max(b.half_extents.amax()).fast_max(T::lit(1e-3));
    let rotation = if rng.chance(0.33) { a.rotation } else { rng.rotation::<T>() };
    let center = a.center + Vector3::from_fn(|_, _| size * T::lit(rng.range(-2.5, 2.5)));
    let mut c = Obb::new(center, rotation, b.half_extents);
    if rng.chance(0.1) {
        let i = rng.index(3);
        match rng.index(4) {
            0 => c.center[i] = special(rng),
            1 => c.half_extents[i] = special(rng),
            2 => c.half_extents[i] = -c.half_extents[i] - T::lit(1e-3),
            _ => {
                let mut m = *c.rotation.matrix();
                m[(i, rng.index(3))] = special(rng);
                c.rotation = Rotation3::from_matrix_unchecked(m);
            }
        }
    }
    c
}

/// A box batch under test: the container, the scalar test, the serial and `_par` forms, how a
/// box near the query is drawn and how the query box is spoiled.
trait BoxBatch: Sized + std::fmt::Debug {
    /// The structure-of-arrays container.
    type Soa;
    fn soa(boxes: &[Self]) -> Self::Soa;
    fn get(soa: &Self::Soa, i: usize) -> Option<Self>;
    fn scalar(a: &Self, b: &Self) -> bool;
    fn batch(a: &Self, soa: &Self::Soa, out: &mut [bool], par: bool);
    fn near(rng: &mut Rng, a: &Self, b: &Self) -> Self;
    fn spoil(&mut self, rng: &mut Rng);
}

/// The [`BoxBatch`] impls, one row a shape: its container, scalar test, batch, `_par` form,
/// generator and the coordinate a spoiled query box gets a special value in.
macro_rules! box_batches {
    ($($shape:ident: $soa:ident, $scalar:ident, $serial:ident, $par:ident, $near:ident,
        |$s:ident, $rng:ident| $spoil:expr;)*) => {$(
        impl<T: Real> BoxBatch for $shape<T> {
            type Soa = $soa<T>;
            fn soa(boxes: &[Self]) -> $soa<T> {
                $soa::new(boxes)
            }
            fn get(soa: &$soa<T>, i: usize) -> Option<Self> {
                soa.get(i)
            }
            fn scalar(a: &Self, b: &Self) -> bool {
                $scalar(a, b)
            }
            fn batch(a: &Self, soa: &$soa<T>, out: &mut [bool], par: bool) {
                if par {
                    #[cfg(feature = "rayon")]
                    osculate_overlap::$par(a, soa, out);
                } else {
                    $serial(a, soa, out);
                }
            }
            fn near(rng: &mut Rng, a: &Self, b: &Self) -> Self {
                $near(rng, a, b)
            }
            fn spoil(&mut self, $rng: &mut Rng) {
                let $s = self;
                $spoil;
            }
        }
    )*};
}

box_batches! {
    Aabb: AabbSoa, aabb_aabb, aabb_aabb_soa, aabb_aabb_soa_par, aabb_near,
        |s, rng| s.max[rng.index(3)] = special(rng);
    Obb: ObbSoa, obb_obb, obb_obb_soa, obb_obb_soa_par, obb_near,
        |s, rng| s.half_extents[rng.index(3)] = special(rng);
}

/// The property: the query box spoiled one time in ten, then for each length a batch of boxes
/// near it, every entry (serial and `_par`, full, longer and shorter outputs) the scalar test's,
/// and the container's `get` giving the boxes back.
fn batch_agrees<S: BoxBatch>(pair: Pair<S, S>) -> TestResult {
    let mut rng = Rng::new(pair.seed);
    let mut a = pair.a;
    if rng.chance(0.1) {
        a.spoil(&mut rng);
    }
    for n in LENGTHS {
        let boxes: Vec<_> = (0..n).map(|_| S::near(&mut rng, &a, &pair.b)).collect();
        let soa = S::soa(&boxes);
        let want: Vec<_> = boxes.iter().map(|b| S::scalar(&a, b)).collect();
        if let Err(e) = agree(n, &want, &|out, par| S::batch(&a, &soa, out, par)) {
            return TestResult::error(format!("{a:?} boxes {boxes:?}: {e}"));
        }
        let same =
            |i: usize| S::get(&soa, i).map(|b| format!("{b:?}")) == Some(format!("{:?}", boxes[i]));
        if !(0..n).all(same) {
            return TestResult::error("the container's get".to_string());
        }
    }
    TestResult::passed()
}

fn aabb_batch_agrees<T: Real>(pair: Pair<Aabb<T>, Aabb<T>>) -> TestResult {
    batch_agrees(pair)
}

fn obb_batch_agrees<T: Real>(pair: Pair<Obb<T>, Obb<T>>) -> TestResult {
    batch_agrees(pair)
}

/// Worked cases: overlapping, touching on a face, apart, inverted, NaN and infinite boxes, and
/// a non-finite query box; ten boxes (a packet and a partial one).
fn worked_aabb<T: Real>() {
    let l = |x: f64| T::lit(x);
    let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
    let a = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
    let boxes = [
        Aabb::new(p(0.5, 0.5, 0.5), p(2.0, 2.0, 2.0)),
        Aabb::new(p(1.0, 0.0, 0.0), p(2.0, 1.0, 1.0)),
        Aabb::new(p(1.0, 1.0, 1.0), p(2.0, 2.0, 2.0)),
        Aabb::new(p(1.5, 0.0, 0.0), p(2.0, 1.0, 1.0)),
        Aabb::new(p(0.2, 0.8, 0.2), p(0.8, 0.2, 0.8)),
        Aabb::new(p(f64::NAN, 0.0, 0.0), p(1.0, 1.0, 1.0)),
        Aabb::new(p(0.0, 0.0, 0.0), p(f64::INFINITY, 1.0, 1.0)),
        Aabb::new(p(-1.0, -1.0, -1.0), p(3.0, 3.0, 3.0)),
        Aabb::new(p(0.25, 0.25, 0.25), p(0.75, 0.75, 0.75)),
        Aabb::new(p(0.0, -2.0, 0.0), p(1.0, -1.0, 1.0)),
    ];
    let soa = AabbSoa::new(&boxes);
    let mut out = [false; 10];
    aabb_aabb_soa(&a, &soa, &mut out);
    let want = [true, true, true, false, false, false, false, true, true, false];
    assert_eq!(out, want);
    let nan = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, f64::NAN, 1.0));
    aabb_aabb_soa(&nan, &soa, &mut out);
    assert_eq!(out, [false; 10]);
    let mut short = [false; 3];
    aabb_aabb_soa(&a, &soa, &mut short);
    assert_eq!(short, [true, true, true]);
}

/// Worked cases: the 45° box reaching √2 (in at 2.4, out at 2.5), face to face touching
/// (parallel edges), a box inside, a NaN rotation, a negative extent.
fn worked_obb<T: Real>() {
    let l = |x: f64| T::lit(x);
    let e = Vector3::new(l(1.0), l(1.0), l(1.0));
    let a = Obb::new(Point3::origin(), Rotation3::identity(), e);
    let turned = Rotation3::from_axis_angle(&Vector3::z_axis(), l(core::f64::consts::FRAC_PI_4));
    let at = |x: f64, r: Rotation3<T>| Obb::new(Point3::new(l(x), l(0.0), l(0.0)), r, e);
    let mut nan_rotation = *turned.matrix();
    nan_rotation[(0, 1)] = T::NAN;
    let boxes = [
        at(2.4, turned),
        at(2.5, turned),
        at(2.0, Rotation3::identity()),
        at(2.1, Rotation3::identity()),
        at(0.5, turned),
        at(0.5, Rotation3::from_matrix_unchecked(nan_rotation)),
        Obb::new(Point3::origin(), turned, -e),
    ];
    let soa = ObbSoa::new(&boxes);
    let mut out = [false; 7];
    obb_obb_soa(&a, &soa, &mut out);
    assert_eq!(out, [true, false, true, false, true, false, false]);
    let mut invalid = a;
    invalid.half_extents.y = T::INFINITY;
    obb_obb_soa(&invalid, &soa, &mut out);
    assert_eq!(out, [false; 7]);
}

for_f32_and_f64!(run: aabb_batch_agrees, obb_batch_agrees);
for_f32_and_f64!(worked_aabb, worked_obb);
