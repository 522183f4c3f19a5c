//! An exact reference for the boolean overlap tests, in big integers, and the generators of hard
//! inputs it is run on (`osculate-overlap`'s `tests/it/exact_reference.rs`, and the exact-reference
//! table of `cargo xtask accuracy`).
//!
//! Every finite float is a dyadic rational, so one power of two `2^S` makes every coordinate,
//! extent and rotation entry of a case an integer; a box's corners `c + Σ ±e_k R_k` are then
//! integers in units of `2^−2S`, and every projection on an axis made of integer cross products
//! is exact. The reference is a separating-axis test over a complete axis set, built from the
//! shapes' actual edge directions `E` (a box's axes with a non-zero extent, a triangle's non-zero
//! edges, a segment's non-zero direction) by the dimension of their span (the dimension of the
//! Minkowski difference `A − B`): all cross products of pairs of `E` when it spans space; those
//! and the in-plane normals `n × e` when it spans a plane; `e` and `e × x, e × y, e × z` when a
//! line; `x, y, z` for two points. The projections are the min and max over the vertices (eight
//! corners, three vertices, two ends), so the reference shares no formula with the tests.
//!
//! Generators, in f32 and f64, all moved 0, 1e4 and 1e8 from the origin: random pairs (boxes
//! flat or a point with some probability, triangles collapsed or collinear); pairs bisected to
//! the last overlapping and the first separated float translation of one shape (by the exact
//! mode, then both checked by the reference); shapes touching at a vertex placed on the other's
//! corner, edge or face (exactly, for axis-aligned boxes).
//!
//! Each family draws one case with [`Rng`] and the case's index (which picks the class), runs
//! the queries it is given (the exact mode also steers the bisection) and returns one
//! [`Outcome`] per pair: the reference's verdict, the modes' answers and whether a false
//! "overlapping" of the fast mode is within its band — no reference axis separates the pair by
//! more than `BAND × RELATIVE_TOLERANCE × scale` (`BAND` 4; `scale` the largest coordinate or
//! extent magnitude).

use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use osculate_math::{Aabb, Obb, Point3, Real, Rotation3, Segment, Triangle, Vector3};

use crate::Rng;
use crate::exact::{cross, dot, is_zero as zero, sub};

/// A big integer.
type I = BigInt;
/// A vector of big integers.
type V = [I; 3];

// ---------------------------------------------------------------------------------------------
// The reference.

/// The exponent that makes `x` an integer: `x · 2^k` is one for `k ≥ need(x)`.
fn need(x: f64) -> i32 {
    if x == 0.0 {
        return i32::MIN;
    }
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (m, e) = if biased == 0 { (frac, -1074) } else { (frac | (1 << 52), biased - 1075) };
    -(e + m.trailing_zeros() as i32)
}

/// `x · 2^s`, an integer for `s ≥ need(x)`.
fn int(x: f64, s: i32) -> I {
    if x == 0.0 {
        return I::zero();
    }
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (m, e) = if biased == 0 { (frac, -1074) } else { (frac | (1 << 52), biased - 1075) };
    let v = I::from(m);
    let v = if e + s >= 0 { v << (e + s) as usize } else { v >> (-(e + s)) as usize };
    if x < 0.0 { -v } else { v }
}

/// A convex shape for the reference: its vertices and edge directions (integers, one scale).
struct Hull {
    /// The vertices, in units of `2^−2S`.
    points: Vec<V>,
    /// The non-zero edge directions.
    edges: Vec<V>,
}

/// Every float of a case, to choose the scale.
struct Scale(i32);
impl Scale {
    /// The scale that makes every value an integer.
    fn of(values: &[f64]) -> Self {
        Self(values.iter().map(|x| need(*x)).max().unwrap_or(0).max(0))
    }
    /// A point in units of `2^−2S`.
    fn point(&self, p: [f64; 3]) -> V {
        p.map(|x| int(x, 2 * self.0))
    }
}

fn aabb_hull(s: &Scale, lo: [f64; 3], hi: [f64; 3]) -> Hull {
    let points = (0..8)
        .map(|i| {
            s.point([
                if i & 1 == 0 { lo[0] } else { hi[0] },
                if i & 2 == 0 { lo[1] } else { hi[1] },
                if i & 4 == 0 { lo[2] } else { hi[2] },
            ])
        })
        .collect();
    let edges = (0..3)
        .filter(|&k| lo[k] != hi[k])
        .map(|k| {
            let mut e = [I::zero(), I::zero(), I::zero()];
            e[k] = I::from(1);
            e
        })
        .collect();
    Hull { points, edges }
}

fn obb_hull(s: &Scale, c: [f64; 3], r: [[f64; 3]; 3], e: [f64; 3]) -> Hull {
    let c = s.point(c);
    let col = |k: usize| r[k].map(|x| int(x, s.0));
    let ext = e.map(|x| int(x, s.0));
    let points = (0..8)
        .map(|i| {
            let mut p = c.clone();
            for (k, ek) in ext.iter().enumerate() {
                let sign = if i & (1 << k) == 0 { -1 } else { 1 };
                let d = col(k).map(|x| x * ek * sign);
                p = [&p[0] + &d[0], &p[1] + &d[1], &p[2] + &d[2]];
            }
            p
        })
        .collect();
    let edges = (0..3).filter(|&k| e[k] != 0.0).map(col).filter(|v| !zero(v)).collect();
    Hull { points, edges }
}

fn points_hull(s: &Scale, pts: &[[f64; 3]]) -> Hull {
    let points: Vec<V> = pts.iter().map(|p| s.point(*p)).collect();
    let mut edges = Vec::new();
    for i in 0..points.len() {
        for j in i + 1..points.len() {
            let e = sub(&points[j], &points[i]);
            if !zero(&e) {
                edges.push(e);
            }
        }
    }
    Hull { points, edges }
}

fn unit_axes() -> Vec<V> {
    (0..3)
        .map(|k| {
            let mut e = [I::zero(), I::zero(), I::zero()];
            e[k] = I::from(1);
            e
        })
        .collect()
}

/// The complete axis set for hulls `a` and `b` (module documentation).
fn axes(a: &Hull, b: &Hull) -> Vec<V> {
    let e: Vec<&V> = a.edges.iter().chain(&b.edges).collect();
    let mut crosses = Vec::new();
    for i in 0..e.len() {
        for j in i + 1..e.len() {
            let c = cross(e[i], e[j]);
            if !zero(&c) {
                crosses.push(c);
            }
        }
    }
    let spans_space = crosses.iter().any(|c| e.iter().any(|x| !dot(c, x).is_zero()));
    if spans_space {
        return crosses;
    }
    if let Some(n) = crosses.first() {
        // A plane: its normal and the in-plane normals of every edge.
        let mut out = vec![n.clone()];
        out.extend(e.iter().map(|x| cross(n, x)));
        return out;
    }
    if let Some(d) = e.first() {
        // A line: along it and across it.
        let mut out = vec![(*d).clone()];
        out.extend(unit_axes().iter().map(|x| cross(d, x)).filter(|v| !zero(v)));
        return out;
    }
    unit_axes()
}

/// The reference's verdict (whether the hulls share a point), and the largest gap on a separating axis as `(gap², |axis|²)`.
fn reference(a: &Hull, b: &Hull) -> (bool, Option<(I, I)>) {
    let mut worst: Option<(I, I)> = None;
    for u in axes(a, b) {
        let pa: Vec<I> = a.points.iter().map(|p| dot(&u, p)).collect();
        let pb: Vec<I> = b.points.iter().map(|p| dot(&u, p)).collect();
        let (amin, amax) = (
            pa.iter().min().unwrap_or(&I::zero()).clone(),
            pa.iter().max().unwrap_or(&I::zero()).clone(),
        );
        let (bmin, bmax) = (
            pb.iter().min().unwrap_or(&I::zero()).clone(),
            pb.iter().max().unwrap_or(&I::zero()).clone(),
        );
        let gap = if amax < bmin {
            &bmin - &amax
        } else if bmax < amin {
            &amin - &bmax
        } else {
            continue;
        };
        let (g2, n2) = (&gap * &gap, dot(&u, &u));
        // Keep the largest gap²/|u|²: compare cross-multiplied.
        if worst.as_ref().is_none_or(|(wg, wn)| &g2 * wn > wg * &n2) {
            worst = Some((g2, n2));
        }
    }
    (worst.is_none(), worst)
}

// ---------------------------------------------------------------------------------------------
// Generators.

/// The draws these generators add to the shared generator.
trait Draw {
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T;
    fn vec(&mut self, r: f64) -> [f64; 3];
    /// A rotation: the identity 15% of the time, a quarter turn about a random axis 17%, else
    /// a random angle (so both exactly representable and rounded rotation matrices occur).
    fn rotation_case<T: Real>(&mut self) -> Rotation3<T>;
}

impl Draw for Rng {
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.index(xs.len())]
    }
    fn vec(&mut self, r: f64) -> [f64; 3] {
        [self.range(-r, r), self.range(-r, r), self.range(-r, r)]
    }
    fn rotation_case<T: Real>(&mut self) -> Rotation3<T> {
        if self.chance(0.15) {
            return Rotation3::identity();
        }
        let axis = Vector3::new(
            T::lit(self.range(-1.0, 1.0)),
            T::lit(self.range(-1.0, 1.0)),
            T::lit(self.range(0.1, 1.0)),
        );
        let angle =
            if self.chance(0.2) { core::f64::consts::FRAC_PI_2 } else { self.range(-3.0, 3.0) };
        Rotation3::from_axis_angle(&osculate_math::Unit::new_normalize(axis), T::lit(angle))
    }
}

/// A point's coordinates, widened to `f64` (exactly).
fn wide<T: Real>(p: &Point3<T>) -> [f64; 3] {
    [p.x.to_f64(), p.y.to_f64(), p.z.to_f64()]
}
fn pt<T: Real>(x: [f64; 3], o: f64) -> Point3<T> {
    Point3::new(T::lit(x[0] + o), T::lit(x[1] - o), T::lit(x[2] + 0.5 * o))
}

fn gen_aabb<T: Real>(rng: &mut Rng, o: f64) -> Aabb<T> {
    let c = rng.vec(1.0);
    let mut e = [rng.range(0.05, 1.0), rng.range(0.05, 1.0), rng.range(0.05, 1.0)];
    if rng.chance(0.15) {
        e[rng.pick(&[0, 1, 2])] = 0.0; // flat
    }
    if rng.chance(0.05) {
        e = [0.0; 3]; // a point
    }
    let lo = pt::<T>([c[0] - e[0], c[1] - e[1], c[2] - e[2]], o);
    let hi = pt::<T>([c[0] + e[0], c[1] + e[1], c[2] + e[2]], o);
    // Flat stays flat after rounding: copy the coordinate.
    let hi = Point3::new(
        if e[0] == 0.0 { lo.x } else { hi.x },
        if e[1] == 0.0 { lo.y } else { hi.y },
        if e[2] == 0.0 { lo.z } else { hi.z },
    );
    Aabb::new(lo, hi)
}

fn gen_obb<T: Real>(rng: &mut Rng, o: f64) -> Obb<T> {
    let b = gen_aabb::<T>(rng, o);
    let e = (b.max - b.min) * T::HALF;
    Obb::new(b.center(), rng.rotation_case(), e.map(|x| x.abs()))
}

fn gen_triangle<T: Real>(rng: &mut Rng, o: f64) -> Triangle<T> {
    let a = rng.vec(1.5);
    let (b, c) = (rng.vec(1.5), rng.vec(1.5));
    let p = |x: [f64; 3]| pt::<T>(x, 0.0);
    let t = match rng.index(8) {
        0 => Triangle::new(p(a), p(a), p(c)),
        1 => Triangle::new(p(a), p(a), p(a)),
        2 => {
            // Collinear in exact dyadic steps.
            let d = [0.25, -0.5, 0.125];
            let at = |k: f64| [a[0] + k * d[0], a[1] + k * d[1], a[2] + k * d[2]];
            Triangle::new(p(at(0.0)), p(at(2.0)), p(at(1.0)))
        }
        _ => Triangle::new(p(a), p(b), p(c)),
    };
    t.map_offset(o)
}

/// Triangles are made at the origin and moved after (so a collapsed one stays collapsed when
/// the offset keeps the coordinates exact).
trait Offset {
    fn map_offset(self, o: f64) -> Self;
}
impl<T: Real> Offset for Triangle<T> {
    fn map_offset(self, o: f64) -> Self {
        let m = |p: Point3<T>| Point3::new(p.x + T::lit(o), p.y - T::lit(o), p.z + T::lit(0.5 * o));
        Triangle::new(m(self.a), m(self.b), m(self.c))
    }
}

fn gen_segment<T: Real>(rng: &mut Rng, o: f64) -> Segment<T> {
    let a = pt::<T>(rng.vec(2.0), o);
    if rng.chance(0.1) {
        return Segment::new(a, a);
    }
    Segment::new(a, pt(rng.vec(2.0), o))
}

/// The offsets from the origin: 0, 1e4, 1e8.
fn offset(rng: &mut Rng) -> f64 {
    rng.pick(&[0.0, 0.0, 1.0e4, 1.0e8])
}

/// Bisects the translation `s·w` of the second shape (applied by `moved`) between a translation
/// where `exact` says "overlapping" (`s = 0` when it does there) and one where it says "apart",
/// to adjacent floats; returns the two translated shapes (or `None` when the start is apart).
fn bisect<T: Real, B: Copy>(
    b: B,
    w: Vector3<T>,
    moved: impl Fn(&B, Vector3<T>) -> B,
    overlaps: impl Fn(&B) -> bool,
) -> Option<(B, B)> {
    // At `s = 0` the shape as given.
    let at = |s: T| if s == T::ZERO { b } else { moved(&b, w * s) };
    let (lo, hi) = bisect_turn(|s| overlaps(&at(s)), 200)?;
    Some((at(lo), at(hi)))
}

/// The inputs `at(λ)` on either side of where `pred` changes between `λ = 0` and `λ = hi`,
/// `λ` bisected to adjacent floats: `[at(last λ like 0), at(first λ like hi)]`, or `None` when
/// `pred` is the same at both ends. A filter's bound tests drive their inputs to where it starts
/// and stops deciding, and to where the exact answer flips.
pub fn flip_within<T: Real, S>(
    at: impl Fn(T) -> S,
    pred: impl Fn(&S) -> bool,
    hi: T,
) -> Option<[S; 2]> {
    let (mut lo, mut hi) = (T::ZERO, hi);
    let start = pred(&at(lo));
    if pred(&at(hi)) == start {
        return None;
    }
    loop {
        let mid = (lo + hi) * T::HALF;
        if mid <= lo || mid >= hi {
            return Some([at(lo), at(hi)]);
        }
        if pred(&at(mid)) == start { lo = mid } else { hi = mid }
    }
}

/// The float parameter `s ≥ 0` where `hit(s)` turns from true (at `s = 0`) to false, bisected to
/// adjacent floats in at most `steps` halvings: `(last true, first false)`, or `None` when
/// `hit(0)` is false or `hit` is still true beyond `s = 1e6`.
pub fn bisect_turn<T: Real>(hit: impl Fn(T) -> bool, steps: usize) -> Option<(T, T)> {
    if !hit(T::ZERO) {
        return None;
    }
    let (mut lo, mut hi) = (T::ZERO, T::ONE);
    while hit(hi) {
        hi *= T::TWO;
        if hi > T::lit(1e6) {
            return None;
        }
    }
    for _ in 0..steps {
        let mid = (lo + hi) * T::HALF;
        if mid <= lo || mid >= hi {
            break;
        }
        if hit(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some((lo, hi))
}

// ---------------------------------------------------------------------------------------------
// The families.

/// One pair of a family, decided by the reference and by the two modes.
#[derive(Clone, Debug)]
pub struct Outcome<S> {
    /// The pair.
    pub input: S,
    /// The reference's verdict: the shapes share a point.
    pub overlap: bool,
    /// The exact mode's answer.
    pub exact: bool,
    /// The fast mode's answer.
    pub fast: bool,
    /// Whether the fast mode's answer is within its promise: "overlapping" for an overlapping
    /// pair, and for a pair apart either "apart" or a gap within the band.
    pub within_band: bool,
    /// The band, `BAND × RELATIVE_TOLERANCE × scale`.
    pub band: f64,
}

impl<S> Outcome<S> {
    /// The fast mode said "apart" for an overlapping pair.
    pub fn false_apart(&self) -> bool {
        self.overlap && !self.fast
    }
    /// The fast mode said "overlapping" for a pair apart.
    pub fn false_overlap(&self) -> bool {
        !self.overlap && self.fast
    }
}

/// How far a fast mode may err toward "overlapping", in `RELATIVE_TOLERANCE × scale`.
pub const BAND: f64 = 4.0;

fn outcome<S>(
    input: S,
    want: (bool, Option<(I, I)>),
    exact: bool,
    fast: bool,
    band: f64,
    s: &Scale,
) -> Outcome<S> {
    let (overlap, worst) = want;
    let within_band = if overlap {
        fast
    } else if fast {
        let (g2, n2) = worst.unwrap_or((I::zero(), I::from(1)));
        let b = int(band, 2 * s.0);
        g2 <= &b * &b * n2
    } else {
        true
    };
    Outcome { input, overlap, exact, fast, within_band, band }
}

fn band<T: Real>(values: &[f64]) -> f64 {
    let scale = values.iter().fold(1.0_f64, |m, x| m.max(x.abs()));
    BAND * T::RELATIVE_TOLERANCE.to_f64() * scale
}

fn moved_triangle<T: Real>(t: &Triangle<T>, d: Vector3<T>) -> Triangle<T> {
    Triangle::new(t.a + d, t.b + d, t.c + d)
}

fn moved_segment<T: Real>(s: &Segment<T>, d: Vector3<T>) -> Segment<T> {
    Segment::new(s.a + d, s.b + d)
}

/// A random direction with coordinates in `[−1, 1]`.
fn direction<T: Real>(rng: &mut Rng) -> Vector3<T> {
    let d = rng.vec(1.0);
    Vector3::new(T::lit(d[0]), T::lit(d[1]), T::lit(d[2]))
}

/// A shape as the reference reads it: its floats (widened to `f64`, exactly) and its hull.
trait Exact {
    /// Every coordinate, extent and rotation entry.
    fn floats(&self) -> Vec<f64>;
    /// The vertices and edge directions at scale `s`.
    fn hull(&self, s: &Scale) -> Hull;
}

impl<T: Real> Exact for Aabb<T> {
    fn floats(&self) -> Vec<f64> {
        wide(&self.min).into_iter().chain(wide(&self.max)).collect()
    }
    fn hull(&self, s: &Scale) -> Hull {
        aabb_hull(s, wide(&self.min), wide(&self.max))
    }
}

impl<T: Real> Exact for Obb<T> {
    fn floats(&self) -> Vec<f64> {
        obb_parts(self).3
    }
    fn hull(&self, s: &Scale) -> Hull {
        let (c, r, e, _) = obb_parts(self);
        obb_hull(s, c, r, e)
    }
}

impl<T: Real> Exact for Triangle<T> {
    fn floats(&self) -> Vec<f64> {
        [wide(&self.a), wide(&self.b), wide(&self.c)].into_iter().flatten().collect()
    }
    fn hull(&self, s: &Scale) -> Hull {
        points_hull(s, &[wide(&self.a), wide(&self.b), wide(&self.c)])
    }
}

impl<T: Real> Exact for Segment<T> {
    fn floats(&self) -> Vec<f64> {
        [wide(&self.a), wide(&self.b)].into_iter().flatten().collect()
    }
    fn hull(&self, s: &Scale) -> Hull {
        points_hull(s, &[wide(&self.a), wide(&self.b)])
    }
}

/// An oriented box's full extents `2e`, which widen the band of its pairs with points (a triangle
/// or a segment): the box spans `2e` along each axis.
fn spans<T: Real>(b: &Obb<T>) -> Vec<f64> {
    obb_parts(b).2.iter().map(|x| x * 2.0).collect()
}

/// The pairs of one case: `(fixed, moving)`; or, when `bisecting` and `exact` says the two
/// overlap, the last overlapping and the first separated translation of `moving` along `w()`.
fn bisected<T: Real, A: Copy, B: Copy>(
    bisecting: bool,
    fixed: A,
    moving: B,
    w: impl FnOnce() -> Vector3<T>,
    moved: impl Fn(&B, Vector3<T>) -> B,
    exact: impl Fn(&A, &B) -> bool,
) -> Vec<(A, B)> {
    if bisecting && let Some((p, q)) = bisect(moving, w(), moved, |x| exact(&fixed, x)) {
        return vec![(fixed, p), (fixed, q)];
    }
    vec![(fixed, moving)]
}

/// One pair decided by the reference and by both modes; `spans` joins the floats the band is
/// scaled by.
fn judge<T: Real, A: Exact + Copy, B: Exact + Copy>(
    a: A,
    b: B,
    exact: &impl Fn(&A, &B) -> bool,
    fast: &impl Fn(&A, &B) -> bool,
    spans: &[f64],
) -> Outcome<(A, B)> {
    let all: Vec<f64> = a.floats().into_iter().chain(b.floats()).collect();
    let s = Scale::of(&all);
    let want = reference(&a.hull(&s), &b.hull(&s));
    let scale: Vec<f64> = all.iter().chain(spans).copied().collect();
    outcome((a, b), want, exact(&a, &b), fast(&a, &b), band::<T>(&scale), &s)
}

fn obb_parts<T: Real>(b: &Obb<T>) -> ([f64; 3], [[f64; 3]; 3], [f64; 3], Vec<f64>) {
    let m = b.rotation.matrix();
    let r = [0, 1, 2].map(|j| [m[(0, j)].to_f64(), m[(1, j)].to_f64(), m[(2, j)].to_f64()]);
    let c = wide(&b.center);
    let e = [b.half_extents.x.to_f64(), b.half_extents.y.to_f64(), b.half_extents.z.to_f64()];
    let all = c.iter().chain(r.iter().flatten()).chain(&e).copied().collect();
    (c, r, e, all)
}

/// Judges each pair of `pairs` ([`judge`]), its `spans` joining the floats the band is scaled by.
fn judged<T: Real, A: Exact + Copy, B: Exact + Copy>(
    pairs: Vec<(A, B)>,
    exact: &impl Fn(&A, &B) -> bool,
    fast: &impl Fn(&A, &B) -> bool,
    spans: impl Fn(&A, &B) -> Vec<f64>,
) -> Vec<Outcome<(A, B)>> {
    pairs.into_iter().map(|(a, b)| judge::<T, _, _>(a, b, exact, fast, &spans(&a, &b))).collect()
}

/// A family's public generator of cases, `pub fn $name<T: Real>(rng: &mut Rng, i: u64, exact,
/// fast) -> Vec<Outcome<($A<T>, $B<T>)>>` (`exact` and `fast` the two modes of the `$A`-`$B`
/// test; without `fast`, only the exact mode is judged), `$body` its body with the arguments
/// named as given.
macro_rules! family {
    ($(#[$doc:meta])* $name:ident($A:ident, $B:ident) |$rng:ident, $i:ident, $exact:ident $(, $fast:ident)?| $body:block) => {
        $(#[$doc])*
        pub fn $name<T: Real>(
            $rng: &mut Rng,
            $i: u64,
            $exact: impl Fn(&$A<T>, &$B<T>) -> bool,
            $($fast: impl Fn(&$A<T>, &$B<T>) -> bool,)?
        ) -> Vec<Outcome<($A<T>, $B<T>)>> $body
    };
}

family! {
    /// Box-triangle pairs: random, touching (a vertex on a corner, an edge point or a face point of
    /// the box, exactly), bisected; `i` picks the class.
    aabb_triangle_case(Aabb, Triangle) |rng, i, exact, fast| {
        let o = offset(rng);
        let b = gen_aabb::<T>(rng, o);
        let mut t = gen_triangle::<T>(rng, o);
        if i % 4 == 1 {
            let k = rng.index(3);
            let mut v = if rng.chance(0.5) { b.min } else { b.max };
            if k >= 1 {
                v.x = b.center().x.fast_min(b.max.x).fast_max(b.min.x);
            }
            if k == 2 {
                v.y = b.center().y.fast_min(b.max.y).fast_max(b.min.y);
            }
            t = Triangle::new(v, t.b, t.c);
        }
        let pairs = bisected(i % 4 >= 2, b, t, || direction::<T>(rng), moved_triangle, &exact);
        judged::<T, _, _>(pairs, &exact, &fast, |_, _| Vec::new())
    }
}

family! {
    /// Oriented box-triangle pairs: random or bisected; `i` picks the class.
    obb_triangle_case(Obb, Triangle) |rng, i, exact, fast| {
        let o = offset(rng);
        let (b, t) = (gen_obb::<T>(rng, o), gen_triangle::<T>(rng, o));
        let pairs = bisected(i % 2 == 1, b, t, || direction::<T>(rng), moved_triangle, &exact);
        judged::<T, _, _>(pairs, &exact, &fast, |b, _| spans(b))
    }
}

/// `x` moved by `d`.
fn moved_obb<T: Real>(x: &Obb<T>, d: Vector3<T>) -> Obb<T> {
    Obb { center: x.center + d, ..*x }
}

family! {
    /// Oriented box pairs: random, with parallel edges (one rotation for both) one time in five,
    /// or bisected; `i` picks the class.
    obb_obb_case(Obb, Obb) |rng, i, exact, fast| {
        let o = offset(rng);
        let a = gen_obb::<T>(rng, o);
        let mut b = gen_obb::<T>(rng, o);
        if i.is_multiple_of(5) {
            b.rotation = a.rotation; // parallel edges
        }
        let pairs = bisected(i % 2 == 1, a, b, || direction::<T>(rng), moved_obb, &exact);
        judged::<T, _, _>(pairs, &exact, &fast, |_, _| Vec::new())
    }
}

/// Segment-box pairs (of `gen_box`'s boxes, turned by `turn`): random or bisected by `i`, the
/// segment moved; judged with the box's `spans`.
fn segment_box_pairs<T: Real, B: Exact + Copy>(
    rng: &mut Rng,
    i: u64,
    gen_box: impl FnOnce(&mut Rng, f64) -> B,
    turn: impl FnOnce(&mut Rng, B) -> B,
    exact: &impl Fn(&Segment<T>, &B) -> bool,
    fast: &impl Fn(&Segment<T>, &B) -> bool,
    spans: impl Fn(&B) -> Vec<f64>,
) -> Vec<Outcome<(Segment<T>, B)>> {
    let o = offset(rng);
    let b = gen_box(rng, o);
    let b = turn(rng, b);
    let seg = gen_segment::<T>(rng, o);
    let w = direction::<T>(rng);
    let pairs = bisected(i % 2 == 1, b, seg, || w, moved_segment, |b, s| exact(s, b));
    let pairs = pairs.into_iter().map(|(b, s)| (s, b)).collect();
    judged::<T, _, _>(pairs, exact, fast, |_, b| spans(b))
}

family! {
    /// Segment-box pairs: random or bisected; `i` picks the class.
    segment_aabb_case(Segment, Aabb) |rng, i, exact, fast| {
        segment_box_pairs(rng, i, gen_aabb, |_, b| b, &exact, &fast, |_| Vec::new())
    }
}

family! {
    /// Segment-oriented box pairs: random or bisected; `i` picks the class.
    segment_obb_case(Segment, Obb) |rng, i, exact, fast| {
        segment_box_pairs(rng, i, gen_obb, |_, b| b, &exact, &fast, spans)
    }
}

/// A point of triangle `t` in float arithmetic: a vertex, an edge point or a face point (exactly
/// on it for a vertex, within rounding for the others: the reference decides).
fn point_of<T: Real>(rng: &mut Rng, t: &Triangle<T>) -> Point3<T> {
    let w = match rng.index(3) {
        0 => [1.0, 0.0, 0.0],
        1 => {
            let u = rng.unit();
            let s = rng.pick(&[0.5, 0.25, u]);
            [s, 1.0 - s, 0.0]
        }
        _ => {
            let (s, r) = (rng.unit() * 0.5, rng.unit() * 0.5);
            [1.0 - s - r, s, r]
        }
    };
    let l = T::lit;
    Point3::from(t.a.coords * l(w[0]) + t.b.coords * l(w[1]) + t.c.coords * l(w[2]))
}

/// A triangle for the triangle families: `gen_triangle`'s, or (one time in six) one in the plane
/// of `other`, made of points of it moved along its edges (coplanar up to rounding).
fn gen_triangle_near<T: Real>(rng: &mut Rng, o: f64, other: &Triangle<T>) -> Triangle<T> {
    if rng.chance(1.0 / 6.0) {
        let (u, v) = (other.b - other.a, other.c - other.a);
        let mut q = || {
            let (s, r) = (T::lit(rng.range(-1.0, 2.0)), T::lit(rng.range(-1.0, 2.0)));
            other.a + u * s + v * r
        };
        return Triangle::new(q(), q(), q());
    }
    gen_triangle(rng, o)
}

family! {
    /// Triangle pairs: random (coplanar up to rounding one time in six), touching (a vertex of one
    /// on a vertex, an edge or the face of the other) or bisected; `i` picks the class.
    triangle_triangle_case(Triangle, Triangle) |rng, i, exact, fast| {
        let o = offset(rng);
        let a = gen_triangle::<T>(rng, o);
        let mut b = gen_triangle_near::<T>(rng, o, &a);
        if i % 4 == 1 {
            b = Triangle::new(point_of(rng, &a), b.b, b.c);
        }
        let pairs = bisected(i % 4 >= 2, a, b, || direction::<T>(rng), moved_triangle, &exact);
        judged::<T, _, _>(pairs, &exact, &fast, |_, _| Vec::new())
    }
}

family! {
    /// Segment-triangle pairs: random (in the triangle's plane up to rounding one time in six),
    /// touching (an end on the triangle) or bisected; `i` picks the class.
    segment_triangle_case(Segment, Triangle) |rng, i, exact, fast| {
        let o = offset(rng);
        let t = gen_triangle::<T>(rng, o);
        let mut seg = if rng.chance(1.0 / 6.0) {
            let near = gen_triangle_near::<T>(rng, o, &t);
            Segment::new(near.a, near.b)
        } else {
            gen_segment::<T>(rng, o)
        };
        if i % 4 == 1 {
            seg = Segment::new(point_of(rng, &t), seg.b);
        }
        let pairs =
            bisected(i % 4 >= 2, t, seg, || direction::<T>(rng), moved_segment, |t, s| exact(s, t));
        let pairs = pairs.into_iter().map(|(t, s)| (s, t)).collect();
        judged::<T, _, _>(pairs, &exact, &fast, |_, _| Vec::new())
    }
}

/// `b` with its rotation matrix moved off orthonormal: every entry by up to `10⁻³`, `10⁻⁶` or
/// `10⁻⁹` (picked by `rng`), rounded to `T`. The exact modes take the entries as exact numbers,
/// so the box is the parallelepiped they span.
fn skewed<T: Real>(rng: &mut Rng, b: Obb<T>) -> Obb<T> {
    let size = rng.pick(&[1.0e-3, 1.0e-6, 1.0e-9]);
    let m = b.rotation.matrix().map(|x| T::lit(x.to_f64() + rng.range(-size, size)));
    Obb { rotation: Rotation3::from_matrix_unchecked(m), ..b }
}

family! {
    /// Oriented box pairs whose matrices are off orthonormal (every entry moved by up to `10⁻³`, `10⁻⁶` or `10⁻⁹`, one box or both): random
    /// or bisected; `i` picks the class. Only the exact mode is judged: the fast mode's promise is
    /// made for rotations, so the outcomes' `fast` and `within_band` repeat the exact mode's answer
    /// and say nothing.
    obb_obb_skewed_case(Obb, Obb) |rng, i, exact| {
        let o = offset(rng);
        let a = gen_obb::<T>(rng, o);
        let a = skewed(rng, a);
        let b = gen_obb::<T>(rng, o);
        let b = if rng.chance(0.5) { skewed(rng, b) } else { b };
        let pairs = bisected(i % 2 == 1, a, b, || direction::<T>(rng), moved_obb, &exact);
        judged::<T, _, _>(pairs, &exact, &exact, |_, _| Vec::new())
    }
}

family! {
    /// Segment-box pairs whose box matrix is off orthonormal (as in [`obb_obb_skewed_case`]): random or bisected; `i`
    /// picks the class. Only the exact mode is judged, as in [`obb_obb_skewed_case`].
    segment_obb_skewed_case(Segment, Obb) |rng, i, exact| {
        segment_box_pairs(rng, i, gen_obb, skewed, &exact, &exact, spans)
    }
}
