//! Quickcheck properties of the sweeps, each written once, generic over the scalar, instantiated for
//! `f32` and `f64`.
//!
//! The referee of every sweep is an oracle distance at a time `t` (the closest-point layer on the
//! shapes moved by their displacements times `t`; for the box sweeps, the static separating-axis
//! separation), which changes no faster than the relative speed. With it, [`interval_halving`]
//! brackets the true first contact: after `t_near`, the first time the distance is within `+tol`,
//! and no later than `t_deep`, the first time it is below `−tol`. A sweep's time of impact must lie
//! in that bracket (and be `None` only when `t_deep` is), the distance at it must be within `tol`
//! of zero, and every sampled earlier time must be apart — for the overlap layer too, outside the
//! touching band.
//!
//! Tolerances: `tol = 10 · test_tolerance · scale`, where the scale is the largest coordinate,
//! size or displacement of the scene; times within `2⁻²⁰` (the searches' time resolution).

use osculate_closest as oc;
use osculate_dynamic as od;
use osculate_dynamic::{Impact, Search, conservative_advancement, interval_halving};
use osculate_math::{
    Aabb, Capsule, ConvexPolygon, Halfspace, Isometry3, Obb, Plane, Point3, Real, Rotation3,
    Sphere, Transform, Triangle, Unit, Vector3,
};
use osculate_overlap as ov;
use osculate_testing::{Flavour, Frame, Generate, Motion, Pair, Rng, test_tolerance};
use quickcheck::{Arbitrary, QuickCheck, TestResult};

/// Cases per property by default (`OSCULATE_CASES` overrides it, see
/// [`osculate_testing::cases`]; `cargo xtask soak` sets it): enough to see every flavour many
/// times, small enough for debug builds.
const CASES: u64 = 500;
/// Times sampled before a time of impact (or over `[0, 1]` for a miss).
const SAMPLES: usize = 16;
/// The tolerance factor over `test_tolerance · scale`: the sweeps chain a ray cast and a closest
/// point, the oracles a closest point, each a dozen dependent roundings.
pub(super) const TOLERANCE_FACTOR: f64 = 10.0;
/// The searches' time resolution (2⁻²⁰), also the slack on compared times.
pub(super) const TIME_TOLERANCE: f64 = 1.0 / 1_048_576.0;
/// The interval-halving evaluation bound (grazing approaches need a few thousand).
const MAX_EVALUATIONS: usize = 1 << 16;

pub(super) fn run<A: Arbitrary + core::fmt::Debug>(prop: fn(A) -> TestResult) {
    let n = osculate_testing::cases(CASES);
    QuickCheck::new().tests(n).max_tests(n * 10).min_tests_passed(n).quickcheck(prop);
}

/// A shape that can be translated and reports its size for tolerances.
pub(super) trait Moving<T: Real>: Copy + core::fmt::Debug {
    fn shifted(&self, d: &Vector3<T>) -> Self;
    fn center(&self) -> Point3<T>;
    /// The largest absolute coordinate or length of the shape.
    fn extent(&self) -> T;
    /// The shape scaled by `k` about the origin.
    fn scaled(&self, k: T) -> Self;
}

fn amax<T: Real>(points: &[Point3<T>]) -> T {
    points.iter().fold(T::ZERO, |m, p| m.fast_max(p.coords.amax()))
}

impl<T: Real> Moving<T> for Sphere<T> {
    fn scaled(&self, k: T) -> Self {
        Sphere::new(self.center * k, self.radius * k)
    }
    fn shifted(&self, d: &Vector3<T>) -> Self {
        Sphere::new(self.center + d, self.radius)
    }
    fn center(&self) -> Point3<T> {
        self.center
    }
    fn extent(&self) -> T {
        amax(&[self.center]).fast_max(self.radius)
    }
}

impl<T: Real> Moving<T> for Aabb<T> {
    fn scaled(&self, k: T) -> Self {
        Aabb { min: self.min * k, max: self.max * k }
    }
    fn shifted(&self, d: &Vector3<T>) -> Self {
        Aabb { min: self.min + d, max: self.max + d }
    }
    fn center(&self) -> Point3<T> {
        Aabb::center(self)
    }
    fn extent(&self) -> T {
        amax(&[self.min, self.max])
    }
}

impl<T: Real> Moving<T> for Obb<T> {
    fn scaled(&self, k: T) -> Self {
        Obb { center: self.center * k, half_extents: self.half_extents * k, ..*self }
    }
    fn shifted(&self, d: &Vector3<T>) -> Self {
        Obb { center: self.center + d, ..*self }
    }
    fn center(&self) -> Point3<T> {
        self.center
    }
    fn extent(&self) -> T {
        amax(&[self.center]) + self.half_extents.norm()
    }
}

impl<T: Real> Moving<T> for Capsule<T> {
    fn scaled(&self, k: T) -> Self {
        Capsule::new(self.a * k, self.b * k, self.radius * k)
    }
    fn shifted(&self, d: &Vector3<T>) -> Self {
        Capsule::new(self.a + d, self.b + d, self.radius)
    }
    fn center(&self) -> Point3<T> {
        Point3::from((self.a.coords + self.b.coords) * T::HALF)
    }
    fn extent(&self) -> T {
        amax(&[self.a, self.b]).fast_max(self.radius)
    }
}

impl<T: Real> Moving<T> for Triangle<T> {
    fn scaled(&self, k: T) -> Self {
        Triangle::new(self.a * k, self.b * k, self.c * k)
    }
    fn shifted(&self, d: &Vector3<T>) -> Self {
        Triangle::new(self.a + d, self.b + d, self.c + d)
    }
    fn center(&self) -> Point3<T> {
        Point3::from((self.a.coords + self.b.coords + self.c.coords) / T::lit(3.0))
    }
    fn extent(&self) -> T {
        amax(&[self.a, self.b, self.c])
    }
}

/// A sweep under test.
type SweepFn<T, A, B> = fn(&A, &Vector3<T>, &B, &Vector3<T>) -> Option<Impact<T>>;
/// The larger of a point's distances from two shapes.
type OffShapesFn<T, A, B> = fn(&A, &B, &Point3<T>) -> T;

/// One sweep under test with its oracles.
pub(super) struct Spec<T: Real, A, B> {
    pub(super) name: &'static str,
    pub(super) sweep: SweepFn<T, A, B>,
    /// The (signed where available) distance of the static shapes: ≤ 0 when they touch.
    pub(super) distance: fn(&A, &B) -> T,
    /// The overlap layer's boolean test of the static shapes.
    pub(super) overlap: fn(&A, &B) -> bool,
    /// For pairs with a unique contact point: the larger of its distances from the two shapes.
    off_shapes: Option<OffShapesFn<T, A, B>>,
}

impl<T: Real, A: oc::SupportMap<T>, B: oc::SupportMap<T>> Spec<T, A, B> {
    /// The same pair and oracles with the sweep under test replaced by the GJK ray cast,
    /// [`od::convex_convex`] (the differential against parry runs it beside the closed form).
    pub(super) fn by_gjk_cast(self) -> Self {
        Self { sweep: od::convex_convex, ..self }
    }
}

/// Displacements for a scene: 80% of the cases aim B's relative motion at A (from 0.5 to 3 times
/// the gap, plus a random sideways part, so that many cases hit and many graze or miss), the rest
/// random; both shapes move.
fn displacements<T: Real>(
    rng: &mut Rng,
    frame: &Frame<T>,
    ca: &Point3<T>,
    cb: &Point3<T>,
) -> (Vector3<T>, Vector3<T>) {
    let va = frame.offset(rng, 2.0);
    let rel = if rng.chance(0.8) {
        (ca - cb) * T::lit(rng.range(0.5, 3.0)) + frame.offset(rng, 0.5)
    } else {
        frame.offset(rng, 4.0)
    };
    (va, va + rel)
}

/// The scene's scale: the largest coordinate, size or displacement (not clamped to 1: tiny scenes
/// get tiny tolerances).
fn scale<T: Real, A: Moving<T>, B: Moving<T>>(a: &A, va: &Vector3<T>, b: &B, vb: &Vector3<T>) -> T {
    a.extent()
        .fast_max(b.extent())
        .fast_max(va.norm())
        .fast_max(vb.norm())
        .fast_max(T::MIN_POSITIVE)
}

/// The scale of a scene (see [`scale`]).
pub(super) fn scene_scale<T: Real, A: Moving<T>, B: Moving<T>>(
    a: &A,
    va: &Vector3<T>,
    b: &B,
    vb: &Vector3<T>,
) -> T {
    scale(a, va, b, vb)
}

/// The first time the oracle distance is within `tol` of zero (`near`) and the first time it is
/// below `−tol` (`deep`), `None` when never in `[0, 1]`. The oracle distances are convex in `t`
/// (convex shapes under a relative translation; the separating-axis separation is a maximum of
/// linear functions), so each is found exactly: a ternary search for the minimum, then bisection
/// on the decreasing part before it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bracket<T: Real> {
    pub(super) near: Option<T>,
    pub(super) deep: Option<T>,
}

/// The first `t ∈ [0, 1]` with `d(t) ≤ level` for a convex `d`.
fn first_crossing<T: Real>(d: &impl Fn(T) -> T, level: T) -> Option<T> {
    if d(T::ZERO) <= level {
        return Some(T::ZERO);
    }
    let (mut lo, mut hi) = (T::ZERO, T::ONE);
    let third = T::ONE / T::lit(3.0);
    for _ in 0..100 {
        let (m1, m2) = (lo + (hi - lo) * third, hi - (hi - lo) * third);
        if d(m1) <= d(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let tm = (lo + hi) * T::HALF;
    let t_min = if d(T::ONE) <= d(tm) { T::ONE } else { tm };
    if !(d(t_min) <= level) {
        return None;
    }
    let (mut a, mut b) = (T::ZERO, t_min);
    for _ in 0..64 {
        let m = (a + b) * T::HALF;
        if d(m) <= level {
            b = m;
        } else {
            a = m;
        }
    }
    Some(b)
}

pub(super) fn bracket<T: Real>(d: &impl Fn(T) -> T, tol: T) -> Bracket<T> {
    Bracket { near: first_crossing(d, tol), deep: first_crossing(d, -tol) }
}

/// Whether a time of impact (or a miss) is consistent with the bracket.
pub(super) fn in_bracket<T: Real>(toi: Option<T>, b: &Bracket<T>) -> Result<(), String> {
    let eps = T::EPSILON * T::lit(16.0);
    match (toi, b.near, b.deep) {
        (None, _, Some(t)) => Err(format!("missed: the shapes penetrate by tol at t = {t:?}")),
        (None, _, None) => Ok(()),
        (Some(_), None, _) => Err("a contact reported where they never come within tol".into()),
        (Some(toi), Some(t), _) if toi < t - eps => {
            Err(format!("too early: apart by more than tol until {t:?}"))
        }
        (Some(toi), _, Some(t)) if toi > t + eps => {
            Err(format!("too late: already penetrating by tol at {t:?}"))
        }
        _ => Ok(()),
    }
}

/// Interval halving (with the relative speed as the bound) on `d − level`: a lower bound on the
/// first time `d ≤ level`, `Some(None)` when it proves there is none, `None` when it did not
/// converge.
fn halving_bound<T: Real>(d: &impl Fn(T) -> T, speed: T, level: T) -> Option<Option<T>> {
    match interval_halving(
        |t| d(t) - level,
        speed,
        T::ZERO,
        T::lit(TIME_TOLERANCE),
        MAX_EVALUATIONS,
    ) {
        None => Some(None),
        Some(h) if h.status == Search::Converged => Some(Some(h.toi)),
        Some(_) => None,
    }
}

/// The two-sided agreement of a closed form with interval halving on the same oracle distance:
/// halving on `d − tol` gives a lower bound on the first time within `tol` (so on any right time
/// of impact), halving on `d + tol` one on the first time the shapes penetrate by `tol`, which a
/// right time of impact does not pass by more than the halving's time resolution — when the
/// halving's bracket is confirmed (`d ≤ −tol` measured at its end: halving errs toward contact,
/// and with the relative speed as the bound it cannot rule out a stretch where the distance stays
/// near `−tol`, e.g. along a degenerate box's flat axis). `initially`: the sweep reported an
/// overlap at `t = 0` (then only the upper side is checked).
pub(super) fn halving_agrees<T: Real>(
    d: &impl Fn(T) -> T,
    speed: T,
    tol: T,
    toi: Option<T>,
    initially: bool,
) -> Result<(), String> {
    let slack = T::lit(2.0 * TIME_TOLERANCE);
    match (halving_bound(d, speed, tol), toi) {
        (Some(None), Some(_)) if !initially => {
            return Err("interval halving proves they never come within tol".into());
        }
        (Some(Some(t)), Some(toi)) if toi < t - slack => {
            return Err(format!("before interval halving's lower bound {t:?}"));
        }
        _ => {}
    }
    let confirmed = |t: T| d((t + slack).fast_min(T::ONE)) <= -tol;
    match (halving_bound(d, speed, -tol), toi) {
        (Some(Some(t)), None) if confirmed(t) => {
            Err(format!("a miss where interval halving finds them penetrating by tol from {t:?}"))
        }
        (Some(Some(t)), Some(toi)) if toi > t + slack && confirmed(t) => {
            Err(format!("after interval halving's bracket on penetrating by tol, {t:?}"))
        }
        _ => Ok(()),
    }
}

/// The core property: the sweep's answer is the first contact of the oracle distance (see the
/// module documentation). Returns the impact for further checks.
fn check_sweep<T: Real, A: Moving<T>, B: Moving<T>>(
    spec: &Spec<T, A, B>,
    a: &A,
    va: &Vector3<T>,
    b: &B,
    vb: &Vector3<T>,
    tol: T,
) -> Result<(Option<Impact<T>>, Bracket<T>), String> {
    let at = |t: T| (a.shifted(&(va * t)), b.shifted(&(vb * t)));
    let d = |t: T| {
        let (x, y) = at(t);
        (spec.distance)(&x, &y)
    };
    let speed = (vb - va).norm();
    let hit = (spec.sweep)(a, va, b, vb);
    let br = bracket(&d, tol);
    in_bracket(hit.map(|h| h.toi), &br)?;
    // The generic searches on the same distance: interval halving's brackets on both sides and
    // conservative advancement's lower bound on the first time within tol.
    halving_agrees(
        &d,
        speed,
        tol,
        hit.map(|h| h.toi),
        hit.is_some_and(|h| h.initially_overlapping),
    )?;
    if let Some(ca) = conservative_advancement(&d, speed, tol, 10_000)
        && ca.status == Search::Converged
    {
        match hit {
            Some(h) if h.toi < ca.toi - T::lit(2.0 * TIME_TOLERANCE) && !(d(h.toi) <= tol) => {
                return Err(format!("before conservative advancement's {:?}", ca.toi));
            }
            _ => {}
        }
    }
    // Sampled times before the impact (all of [0, 1] for a miss) are apart, for the oracle and, away
    // from the touching band, for the overlap layer.
    let end = hit.map_or(T::ONE, |h| h.toi);
    let count = if hit.is_some() { SAMPLES } else { SAMPLES + 1 };
    for i in 0..count {
        let t = end * T::lit(i as f64 / SAMPLES as f64);
        if hit.is_some() && !(t < end) {
            continue;
        }
        let dt = d(t);
        if !(dt > -tol) {
            return Err(match hit {
                Some(_) => format!("penetrating by {dt:?} at t = {t:?} before the impact"),
                None => format!("penetrating by {dt:?} at t = {t:?} but no impact"),
            });
        }
        let (x, y) = at(t);
        if dt > tol && (spec.overlap)(&x, &y) {
            return Err(format!(
                "the overlap layer says overlapping at t = {t:?} (distance {dt:?})"
            ));
        }
    }
    let Some(h) = hit else { return Ok((hit, br)) };
    if !(T::ZERO <= h.toi && h.toi <= T::ONE) {
        return Err(format!("toi {:?} outside [0, 1]", h.toi));
    }
    if !((h.normal.norm() - T::ONE).abs() <= T::lit(64.0) * T::EPSILON) {
        return Err(format!("normal not unit: {:?}", h.normal));
    }
    let d0 = d(T::ZERO);
    if h.initially_overlapping != (h.toi == T::ZERO && d0 <= tol) && (d0 <= -tol || d0 > tol) {
        return Err(format!(
            "initially_overlapping {} with distance {d0:?} at 0",
            h.initially_overlapping
        ));
    }
    if h.initially_overlapping && h.toi != T::ZERO {
        return Err("initially overlapping at a time of impact after 0".into());
    }
    if !h.initially_overlapping {
        let dt = d(h.toi);
        if !(dt.abs() <= tol) {
            return Err(format!("not touching at the time of impact: distance {dt:?}"));
        }
        if let Some(off) = spec.off_shapes {
            let (x, y) = at(h.toi);
            let e = off(&x, &y, &h.point);
            if !(e <= tol) {
                return Err(format!("contact point {:?} is {e:?} off the shapes", h.point));
            }
        }
    }
    if hit.is_none() && d0 <= -tol {
        return Err("overlapping at t = 0 but no impact".into());
    }
    Ok((hit, br))
}

/// The scene of a case: the pair, displacements from the seed, the tolerance.
pub(super) fn scene<T: Real, A: Moving<T>, B: Moving<T>>(
    pair: &Pair<A, B>,
) -> (Vector3<T>, Vector3<T>, T, Rng) {
    let mut rng = Rng::new(pair.seed);
    // The frame only sets the size of the displacements: the pair's own frame is not kept, so its
    // scale is estimated from the shapes.
    let size = (pair.a.extent() - amax(&[pair.a.center()]))
        .fast_max(pair.b.extent() - amax(&[pair.b.center()]));
    let s = if size > T::lit(1e-2) { T::ONE } else { T::lit(1e-4) };
    let frame = Frame { flavour: Flavour::Ordinary, origin: Point3::origin(), scale: s };
    let (va, vb) = displacements(&mut rng, &frame, &pair.a.center(), &pair.b.center());
    let tol = test_tolerance::<T>() * T::lit(TOLERANCE_FACTOR) * scale(&pair.a, &va, &pair.b, &vb);
    (va, vb, tol, rng)
}

fn first_contact<T: Real, A: Moving<T>, B: Moving<T>>(
    spec: &Spec<T, A, B>,
    pair: &Pair<A, B>,
) -> TestResult {
    let (va, vb, tol, _) = scene(pair);
    match check_sweep(spec, &pair.a, &va, &pair.b, &vb, tol) {
        Ok(_) => TestResult::passed(),
        Err(e) => TestResult::error(format!(
            "{}: {e}\n {pair:?}\n va = {va:?}, vb = {vb:?}, tol = {tol:?}",
            spec.name
        )),
    }
}

/// Swapping the shapes gives the same time (within the bracket) and, for spheres, the negated
/// normal.
fn symmetric<T: Real, A: Moving<T>>(
    spec: &Spec<T, A, A>,
    pair: &Pair<A, A>,
    normals: bool,
) -> TestResult {
    let (va, vb, tol, _) = scene(pair);
    let (a, b) = (&pair.a, &pair.b);
    let fwd = check_sweep(spec, a, &va, b, &vb, tol);
    let back = check_sweep(spec, b, &vb, a, &va, tol);
    let ((h, br), (g, _)) = match (fwd, back) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) | (_, Err(e)) => return TestResult::error(format!("{}: {e}", spec.name)),
    };
    if let Err(e) = in_bracket(g.map(|g| g.toi), &br) {
        return TestResult::error(format!("{}: swapped: {e}", spec.name));
    }
    if let (true, Some(h), Some(g)) = (normals, h, g)
        && h.toi == g.toi
        && !((h.normal.into_inner() + g.normal.into_inner()).norm() <= T::lit(1e-3))
    {
        return TestResult::error(format!(
            "{}: normals {:?} and {:?}",
            spec.name, h.normal, g.normal
        ));
    }
    TestResult::passed()
}

/// A mixed pair's symmetry: the sweeps take their shapes in one order only, so what is swapped is
/// the roles of mover and target — the same relative motion given as A moving alone, as B moving
/// alone (`vb − va`) and as both moving. All three answers lie in the bracket; at equal times the
/// normals agree where they are unique: `ball` gives the radius of the ball the normal is
/// measured from (the sphere's, or sphere plus capsule), compared when it is above `1000 · tol`
/// (a point touching an edge or a face has no unique normal, and the normal's error is about the
/// position error over the radius). For the sphere and capsule, the swap of the shapes themselves: `sphere_capsule`
/// against `capsule_capsule` with the sphere as a zero-length capsule in the second place, whose
/// normal is the negation (`capsule_swapped`).
fn symmetric_mixed<T: Real, A: Moving<T>, B: Moving<T>>(
    spec: &Spec<T, A, B>,
    pair: &Pair<A, B>,
    swapped: Option<SweepFn<T, A, B>>,
    ball: Option<fn(&A, &B) -> T>,
) -> TestResult {
    let (va, vb, tol, _) = scene(pair);
    let (a, b) = (&pair.a, &pair.b);
    let zero = Vector3::zeros();
    let fail = |e: String| {
        TestResult::error(format!(
            "{}: {e}\n {pair:?}\n va = {va:?}, vb = {vb:?}, tol = {tol:?}",
            spec.name
        ))
    };
    let (h, br) = match check_sweep(spec, a, &va, b, &vb, tol) {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    let roles = [
        ("A moving alone", (spec.sweep)(a, &(va - vb), b, &zero), false),
        ("B moving alone", (spec.sweep)(a, &zero, b, &(vb - va)), false),
    ];
    let flipped = swapped.map(|f| ("shapes swapped", f(a, &va, b, &vb), true));
    for (what, g, flip) in roles.into_iter().chain(flipped) {
        if let Err(e) = in_bracket(g.map(|g| g.toi), &br) {
            return fail(format!("{what}: {e}"));
        }
        if let (Some(h), Some(g), Some(r)) = (h, g, ball)
            && h.toi == g.toi
            && !h.initially_overlapping
            && r(a, b) > T::lit(1000.0) * tol
        {
            let want = if flip { -h.normal.into_inner() } else { h.normal.into_inner() };
            if !((g.normal.into_inner() - want).norm() <= T::lit(1e-3)) {
                return fail(format!("{what}: normal {:?}, want {want:?}", g.normal));
            }
        }
    }
    TestResult::passed()
}

/// `sphere_capsule` with the shapes swapped: `capsule_capsule(c, vc, sphere as a point capsule,
/// vs)`, its normal negated back (so a right answer equals the unswapped one, normal included).
fn capsule_swapped<T: Real>(
    s: &Sphere<T>,
    vs: &Vector3<T>,
    c: &Capsule<T>,
    vc: &Vector3<T>,
) -> Option<Impact<T>> {
    let point = Capsule::new(s.center, s.center, s.radius);
    od::capsule_capsule(c, vc, &point, vs).map(|h| Impact { normal: -h.normal, ..h })
}

/// A rigid motion of the whole scene (shapes moved, displacements rotated) keeps the time of
/// impact within the original bracket (tolerance grown with the motion's translation).
fn rigid_invariant<T: Real, A, B>(
    spec: &Spec<T, A, B>,
    pair: &Pair<A, B>,
    m: &Motion<T>,
) -> TestResult
where
    A: Moving<T> + Transform<T, Output = A>,
    B: Moving<T> + Transform<T, Output = B>,
{
    let iso: &Isometry3<T> = &m.0;
    let (a, b) = (pair.a.transformed(iso), pair.b.transformed(iso));
    moved_invariant(spec, pair, &a, &b, |v| iso.rotation * v)
}

/// [`rigid_invariant`] for pairs with an axis-aligned box, which cannot rotate: the motion's
/// translation alone.
fn translation_invariant<T: Real, A: Moving<T>, B: Moving<T>>(
    spec: &Spec<T, A, B>,
    pair: &Pair<A, B>,
    m: &Motion<T>,
) -> TestResult {
    let shift = m.0.translation.vector;
    let (a, b) = (pair.a.shifted(&shift), pair.b.shifted(&shift));
    moved_invariant(spec, pair, &a, &b, |v| *v)
}

/// The sweep of the moved scene (`a`, `b` and the displacements mapped by `turn`) lies in the
/// bracket of the original one.
fn moved_invariant<T: Real, A: Moving<T>, B: Moving<T>>(
    spec: &Spec<T, A, B>,
    pair: &Pair<A, B>,
    a: &A,
    b: &B,
    turn: impl Fn(&Vector3<T>) -> Vector3<T>,
) -> TestResult {
    let (va, vb, tol, _) = scene(pair);
    let grown = tol + test_tolerance::<T>() * T::lit(TOLERANCE_FACTOR * 20.0);
    let (wa, wb) = (turn(&va), turn(&vb));
    let (_, br) = match check_sweep(spec, &pair.a, &va, &pair.b, &vb, grown) {
        Ok(x) => x,
        Err(e) => {
            return TestResult::error(format!(
                "{}: {e}\n {pair:?}\n va = {va:?}, vb = {vb:?}, tol = {grown:?}",
                spec.name
            ));
        }
    };
    let moved = (spec.sweep)(a, &wa, b, &wb);
    match in_bracket(moved.map(|h| h.toi), &br) {
        Ok(()) => TestResult::passed(),
        Err(e) => TestResult::error(format!("{}: moved scene: {e}", spec.name)),
    }
}

// ---- The specs -------------------------------------------------------------------------------

fn ball_gap<T: Real>(s: &Sphere<T>, p: &Point3<T>) -> T {
    ((p - s.center).norm() - s.radius).abs()
}

pub(super) fn sphere_sphere<T: Real>() -> Spec<T, Sphere<T>, Sphere<T>> {
    Spec {
        name: "sphere_sphere",
        sweep: od::sphere_sphere,
        distance: |a, b| (b.center - a.center).norm() - a.radius - b.radius,
        overlap: ov::sphere_sphere,
        off_shapes: Some(|a, b, p| ball_gap(a, p).fast_max(ball_gap(b, p))),
    }
}

pub(super) fn sphere_aabb<T: Real>() -> Spec<T, Sphere<T>, Aabb<T>> {
    Spec {
        name: "sphere_aabb",
        sweep: od::sphere_aabb,
        distance: |s, b| oc::sq_distance_point_aabb(&s.center, b).sqrt() - s.radius,
        overlap: ov::sphere_aabb,
        off_shapes: Some(|s, b, p| {
            ball_gap(s, p).fast_max(oc::sq_distance_point_aabb(p, b).sqrt())
        }),
    }
}

pub(super) fn sphere_obb<T: Real>() -> Spec<T, Sphere<T>, Obb<T>> {
    Spec {
        name: "sphere_obb",
        sweep: od::sphere_obb,
        distance: |s, b| oc::sq_distance_point_obb(&s.center, b).sqrt() - s.radius,
        overlap: ov::sphere_obb,
        off_shapes: Some(|s, b, p| ball_gap(s, p).fast_max(oc::sq_distance_point_obb(p, b).sqrt())),
    }
}

/// The point of segment `uv` nearest `p`.
fn on_segment<T: Real>(p: &Point3<T>, u: &Point3<T>, v: &Point3<T>) -> Point3<T> {
    let d = v - u;
    let dd = d.norm_squared();
    let s = if dd > T::ZERO {
        ((p - u).dot(&d) / dd).fast_max(T::ZERO).fast_min(T::ONE)
    } else {
        T::ZERO
    };
    u + d * s
}

/// The point of triangle `t` nearest `p`, independent of the closest-point layer: the nearest of
/// its three edges' points and, when the projection on its plane falls inside (the signs of the
/// three edge functions), that projection. A sliver (sin² of its angle below 1e-10) is its edges.
///
/// Independent of the layer on purpose: it was written when the layer's `closest_point_on_triangle`
/// returned another edge's point for a point on an edge of a nearly collinear triangle (fixed since,
/// docs/robustness.md); an oracle that shares no code with the query keeps catching such bugs.
pub(super) fn on_triangle<T: Real>(p: &Point3<T>, t: &Triangle<T>) -> Point3<T> {
    let mut best = on_segment(p, &t.a, &t.b);
    let mut consider = |q: Point3<T>| {
        if (q - p).norm_squared() < (best - p).norm_squared() {
            best = q;
        }
    };
    consider(on_segment(p, &t.b, &t.c));
    consider(on_segment(p, &t.c, &t.a));
    let (ab, ac) = (t.b - t.a, t.c - t.a);
    let n = ab.cross(&ac);
    let nn = n.norm_squared();
    if nn > T::lit(1e-10) * ab.norm_squared() * ac.norm_squared() {
        let q = p - n * (n.dot(&(p - t.a)) / nn);
        let inside = [(t.a, t.b), (t.b, t.c), (t.c, t.a)]
            .iter()
            .all(|(u, v)| (v - u).cross(&(q - u)).dot(&n) >= T::ZERO);
        if inside {
            consider(q);
        }
    }
    best
}

/// The distance from `p` to triangle `t` ([`on_triangle`]).
fn to_triangle<T: Real>(p: &Point3<T>, t: &Triangle<T>) -> T {
    (on_triangle(p, t) - p).norm()
}

pub(super) fn sphere_triangle<T: Real>() -> Spec<T, Sphere<T>, Triangle<T>> {
    Spec {
        name: "sphere_triangle",
        sweep: od::sphere_triangle,
        distance: |s, t| to_triangle(&s.center, t) - s.radius,
        overlap: ov::sphere_triangle,
        off_shapes: Some(|s, t, p| ball_gap(s, p).fast_max(to_triangle(p, t))),
    }
}

pub(super) fn sphere_capsule<T: Real>() -> Spec<T, Sphere<T>, Capsule<T>> {
    Spec {
        name: "sphere_capsule",
        sweep: od::sphere_capsule,
        distance: |s, c| {
            oc::sq_distance_point_segment(&s.center, &c.segment()).sqrt() - s.radius - c.radius
        },
        overlap: ov::sphere_capsule,
        off_shapes: Some(|s, c, p| {
            let to_c = oc::sq_distance_point_segment(p, &c.segment()).sqrt() - c.radius;
            ball_gap(s, p).fast_max(to_c.fast_max(T::ZERO))
        }),
    }
}

pub(super) fn capsule_capsule<T: Real>() -> Spec<T, Capsule<T>, Capsule<T>> {
    Spec {
        name: "capsule_capsule",
        sweep: od::capsule_capsule,
        distance: |a, b| {
            oc::closest_points_segment_segment(&a.segment(), &b.segment()).distance
                - a.radius
                - b.radius
        },
        overlap: ov::capsule_capsule,
        off_shapes: Some(|a, b, p| {
            let on_a = (oc::sq_distance_point_segment(p, &a.segment()).sqrt() - a.radius).abs();
            let in_b = oc::sq_distance_point_segment(p, &b.segment()).sqrt() - b.radius;
            on_a.fast_max(in_b.fast_max(T::ZERO))
        }),
    }
}

/// The separation of two convex sets along the unit axes given (unnormalised): the largest gap of
/// their projections — at most their distance, and ≤ 0 exactly when no axis separates them.
fn sat_separation<T: Real>(
    axes: &[Vector3<T>],
    project_a: impl Fn(&Vector3<T>) -> (T, T),
    project_b: impl Fn(&Vector3<T>) -> (T, T),
) -> T {
    let mut sep = T::NEG_INFINITY;
    for l in axes {
        let n = l.norm();
        if !(n > T::ZERO) {
            continue;
        }
        let u = l / n;
        let (lo_a, hi_a) = project_a(&u);
        let (lo_b, hi_b) = project_b(&u);
        sep = sep.fast_max((lo_b - hi_a).fast_max(lo_a - hi_b));
    }
    sep
}

/// Cross-product axes of two edge sets, (nearly) parallel pairs left out as the static test does.
fn cross_axes<T: Real>(xs: &[Vector3<T>], ys: &[Vector3<T>], out: &mut Vec<Vector3<T>>) {
    for x in xs {
        for y in ys {
            let l = x.cross(y);
            if l.norm_squared() > T::DEGENERATE_SQ_TOLERANCE * x.norm_squared() * y.norm_squared() {
                out.push(l);
            }
        }
    }
}

fn project_obb<T: Real>(o: &Obb<T>, u: &Vector3<T>) -> (T, T) {
    let c = o.center.coords.dot(u);
    let r = (0..3).fold(T::ZERO, |r, i| r + o.half_extents[i] * o.axes()[i].dot(u).abs());
    (c - r, c + r)
}

fn obb_separation<T: Real>(a: &Obb<T>, b: &Obb<T>) -> T {
    let ua: Vec<_> = (0..3).map(|i| a.axes()[i]).collect();
    let ub: Vec<_> = (0..3).map(|i| b.axes()[i]).collect();
    let mut axes: Vec<_> = ua.iter().chain(&ub).copied().collect();
    cross_axes(&ua, &ub, &mut axes);
    sat_separation(&axes, |u| project_obb(a, u), |u| project_obb(b, u))
}

fn triangle_aabb_separation<T: Real>(t: &Triangle<T>, b: &Aabb<T>) -> T {
    let edges = [t.b - t.a, t.c - t.b, t.a - t.c];
    let units: Vec<_> = (0..3).map(|i| Vector3::ith(i, T::ONE)).collect();
    let mut axes = units.clone();
    cross_axes(&units, &edges, &mut axes);
    cross_axes(&edges[..1], &edges[1..2], &mut axes);
    let project_t = |u: &Vector3<T>| {
        let d = [t.a.coords.dot(u), t.b.coords.dot(u), t.c.coords.dot(u)];
        (d[0].fast_min(d[1]).fast_min(d[2]), d[0].fast_max(d[1]).fast_max(d[2]))
    };
    sat_separation(&axes, project_t, |u| project_obb(&b.to_obb(), u))
}

pub(super) fn aabb_aabb<T: Real>() -> Spec<T, Aabb<T>, Aabb<T>> {
    Spec {
        name: "aabb_aabb",
        sweep: od::aabb_aabb,
        // The interval distance: the largest per-axis gap.
        distance: |a, b| {
            (0..3).fold(T::NEG_INFINITY, |s, i| {
                s.fast_max((b.min[i] - a.max[i]).fast_max(a.min[i] - b.max[i]))
            })
        },
        overlap: ov::aabb_aabb,
        off_shapes: None,
    }
}

pub(super) fn obb_obb<T: Real>() -> Spec<T, Obb<T>, Obb<T>> {
    Spec {
        name: "obb_obb",
        sweep: od::obb_obb,
        distance: obb_separation,
        overlap: ov::obb_obb,
        off_shapes: None,
    }
}

/// The box-triangle sweep with the triangle as shape A (the query takes the box first).
pub(super) fn triangle_aabb_sweep<T: Real>(
    t: &Triangle<T>,
    vt: &Vector3<T>,
    b: &Aabb<T>,
    vb: &Vector3<T>,
) -> Option<Impact<T>> {
    od::aabb_triangle(b, vb, t, vt).map(Impact::swapped)
}

pub(super) fn triangle_aabb<T: Real>() -> Spec<T, Triangle<T>, Aabb<T>> {
    Spec {
        name: "triangle_aabb",
        sweep: triangle_aabb_sweep,
        distance: triangle_aabb_separation,
        overlap: |t, b| ov::aabb_triangle(b, t),
        off_shapes: None,
    }
}

// ---- Planes and halfspaces, whose oracles are the signed distance of the support point ----------

/// A plane or halfspace sweep: the shape against a fixed plane (it is its own oracle: the signed
/// distance along the normal, two-sided for planes).
fn plane_sweep<T: Real, A: Moving<T>>(
    name: &str,
    shape: &A,
    v: &Vector3<T>,
    sweep: impl Fn(&A, &Vector3<T>) -> Option<Impact<T>>,
    distance: impl Fn(&A) -> T,
    tol: T,
) -> TestResult {
    let d = |t: T| distance(&shape.shifted(&(v * t)));
    let hit = sweep(shape, v);
    let br = bracket(&d, tol);
    if let Err(e) = in_bracket(hit.map(|h| h.toi), &br).and_then(|()| {
        let initially = hit.is_some_and(|h| h.initially_overlapping);
        halving_agrees(&d, v.norm(), tol, hit.map(|h| h.toi), initially)
    }) {
        return TestResult::error(format!("{name}: {e}, v = {v:?}, tol = {tol:?}"));
    }
    if let Some(h) = hit {
        if !((h.normal.norm() - T::ONE).abs() <= T::lit(64.0) * T::EPSILON) {
            return TestResult::error(format!("{name}: normal not unit"));
        }
        let d0 = d(T::ZERO);
        if (d0 <= -tol && !h.initially_overlapping) || (d0 > tol && h.initially_overlapping) {
            return TestResult::error(format!("{name}: initially_overlapping vs {d0:?}"));
        }
        if !h.initially_overlapping && !(d(h.toi).abs() <= tol) {
            return TestResult::error(format!("{name}: distance {:?} at toi", d(h.toi)));
        }
    }
    TestResult::passed()
}

pub(super) fn obb_reach<T: Real>(b: &Obb<T>, n: &Vector3<T>) -> T {
    (0..3).fold(T::ZERO, |r, i| r + b.half_extents[i] * b.axes()[i].dot(n).abs())
}

/// The scene of the plane properties: a plane, a sphere, an oriented box and a box of one frame,
/// each displaced toward the plane (from 0.5 to 3 times its distance, plus a random part), and the
/// tolerance.
pub(super) struct PlaneScene<T: Real> {
    pub(super) plane: Plane<T>,
    pub(super) s: Sphere<T>,
    pub(super) o: Obb<T>,
    pub(super) b: Aabb<T>,
    pub(super) vs: Vector3<T>,
    pub(super) vo: Vector3<T>,
    pub(super) vb: Vector3<T>,
    pub(super) tol: T,
}

pub(super) fn plane_scene<T: Real>(seed: u64) -> PlaneScene<T> {
    let mut rng = Rng::new(seed);
    let frame = Frame::<T>::random(&mut rng);
    let plane = Plane::generate(&mut rng, &frame);
    let s = Sphere::generate(&mut rng, &frame);
    let o = Obb::generate(&mut rng, &frame);
    let b = Aabb::generate(&mut rng, &frame);
    let n = plane.normal.into_inner();
    let aim = |rng: &mut Rng, c: &Point3<T>| {
        let toward = -n * plane.signed_distance(c) * T::lit(rng.range(0.5, 3.0));
        toward + frame.offset(rng, 0.5)
    };
    let (vs, vo, vb) =
        (aim(&mut rng, &s.center), aim(&mut rng, &o.center), aim(&mut rng, &b.center()));
    let sc = [s.extent(), o.extent(), b.extent(), plane.d.abs(), vs.norm(), vo.norm(), vb.norm()]
        .iter()
        .fold(T::MIN_POSITIVE, |m, x| m.fast_max(*x));
    let tol = test_tolerance::<T>() * T::lit(TOLERANCE_FACTOR) * sc;
    PlaneScene { plane, s, o, b, vs, vo, vb, tol }
}

fn planes<T: Real>(seed: u64) -> TestResult {
    let PlaneScene { plane, s, o, b, vs, vo, vb, tol } = plane_scene::<T>(seed);
    let h = Halfspace::new(plane);
    let n = plane.normal.into_inner();
    let two_sided = |gap: T, reach: T| gap.abs() - reach;
    let checks = [
        plane_sweep(
            "sphere_plane",
            &s,
            &vs,
            |x, v| od::sphere_plane(x, v, &plane),
            |x| two_sided(plane.signed_distance(&x.center), x.radius),
            tol,
        ),
        plane_sweep(
            "sphere_halfspace",
            &s,
            &vs,
            |x, v| od::sphere_halfspace(x, v, &h),
            |x| plane.signed_distance(&x.center) - x.radius,
            tol,
        ),
        plane_sweep(
            "obb_plane",
            &o,
            &vo,
            |x, v| od::obb_plane(x, v, &plane),
            |x| two_sided(plane.signed_distance(&x.center), obb_reach(x, &n)),
            tol,
        ),
        plane_sweep(
            "obb_halfspace",
            &o,
            &vo,
            |x, v| od::obb_halfspace(x, v, &h),
            |x| plane.signed_distance(&x.center) - obb_reach(x, &n),
            tol,
        ),
        plane_sweep(
            "aabb_plane",
            &b,
            &vb,
            |x, v| od::aabb_plane(x, v, &plane),
            |x| two_sided(plane.signed_distance(&x.center()), obb_reach(&x.to_obb(), &n)),
            tol,
        ),
        plane_sweep(
            "aabb_halfspace",
            &b,
            &vb,
            |x, v| od::aabb_halfspace(x, v, &h),
            |x| plane.signed_distance(&x.center()) - obb_reach(&x.to_obb(), &n),
            tol,
        ),
    ];
    checks.into_iter().find(TestResult::is_failure).unwrap_or_else(TestResult::passed)
}

// ---- Sphere against convex polygon ----------------------------------------------------------------

/// The displacements and tolerance of a sphere-polygon case (as [`scene`] for the `Copy` shapes):
/// 80% aimed from the polygon's centroid at the sphere.
pub(super) fn polygon_scene<T: Real>(
    pair: &Pair<Sphere<T>, ConvexPolygon<T>>,
) -> (Vector3<T>, Vector3<T>, T) {
    let (s, poly) = (&pair.a, &pair.b);
    let mut rng = Rng::new(pair.seed);
    let c = Point3::from(
        poly.vertices.iter().fold(Vector3::zeros(), |acc, v| acc + v.coords)
            / T::lit(poly.vertices.len().max(1) as f64),
    );
    let size = if s.radius > T::lit(1e-2) || s.radius == T::ZERO { 1.0 } else { 1e-4 };
    let frame = Frame { flavour: Flavour::Ordinary, origin: Point3::origin(), scale: T::lit(size) };
    let (vs, vp) = displacements(&mut rng, &frame, &s.center, &c);
    let sc =
        poly.vertices.iter().fold(s.extent().fast_max(vs.norm()).fast_max(vp.norm()), |m, v| {
            m.fast_max(v.coords.amax())
        });
    (vs, vp, test_tolerance::<T>() * T::lit(TOLERANCE_FACTOR) * sc)
}

/// The point of `poly` shifted by `shift` nearest `p`: the nearest of its fan triangles' points
/// ([`on_triangle`], independent of the closest-point layer).
pub(super) fn on_polygon<T: Real>(
    p: &Point3<T>,
    poly: &ConvexPolygon<T>,
    shift: &Vector3<T>,
) -> Point3<T> {
    let v = &poly.vertices;
    let Some(first) = v.first() else { return *p };
    // One or two vertices: a point or a segment (as the sweep reads them).
    let mut best = on_segment(p, &(first + shift), &(v[v.len().min(2) - 1] + shift));
    for i in 1..v.len().saturating_sub(1) {
        let q = on_triangle(p, &Triangle::new(v[0] + shift, v[i] + shift, v[i + 1] + shift));
        if (q - p).norm_squared() < (best - p).norm_squared() {
            best = q;
        }
    }
    best
}

/// `sphere_polygon` is the first contact of the oracle distance to the polygon (the nearest of its
/// fan triangles, [`to_triangle`]), as [`check_sweep`] checks the pairs with `Copy` shapes: in the
/// bracket, touching at the time of impact, the contact point on both shapes.
fn sphere_polygon<T: Real>(pair: Pair<Sphere<T>, ConvexPolygon<T>>) -> TestResult {
    let (s, poly) = (&pair.a, &pair.b);
    let (vs, vp, tol) = polygon_scene(&pair);
    let to_poly = |p: &Point3<T>, shift: &Vector3<T>| (on_polygon(p, poly, shift) - p).norm();
    let d = |t: T| to_poly(&(s.center + vs * t), &(vp * t)) - s.radius;
    let hit = od::sphere_polygon(s, &vs, poly, &vp);
    let br = bracket(&d, tol);
    let fail = |e: String| {
        TestResult::error(format!(
            "sphere_polygon: {e}\n {pair:?}\n vs = {vs:?}, vp = {vp:?}, tol = {tol:?}"
        ))
    };
    if let Err(e) = in_bracket(hit.map(|h| h.toi), &br).and_then(|()| {
        let initially = hit.is_some_and(|h| h.initially_overlapping);
        halving_agrees(&d, (vp - vs).norm(), tol, hit.map(|h| h.toi), initially)
    }) {
        return fail(e);
    }
    if let Some(h) = hit
        && !h.initially_overlapping
    {
        let dt = d(h.toi);
        if !(dt.abs() <= tol) {
            return fail(format!("distance {dt:?} at the time of impact"));
        }
        let on_sphere = ((h.point - (s.center + vs * h.toi)).norm() - s.radius).abs();
        let on_poly = to_poly(&h.point, &(vp * h.toi));
        if !(on_sphere.fast_max(on_poly) <= tol) {
            return fail(format!("contact point {:?} off the shapes", h.point));
        }
    }
    TestResult::passed()
}

// ---- Tunneling ---------------------------------------------------------------------------------

/// A small fast object crossing a thin wall between two frames, clear of it at `t = 0` and
/// `t = 1`: every sweep finds the crossing, at the expected time.
fn tunneling<T: Real>(seed: u64) -> TestResult {
    let mut rng = Rng::new(seed);
    let s = if rng.chance(0.3) { 1e-4 } else { 1.0 };
    let l = |x: f64| T::lit(x * s);
    let half = 1e-3; // the wall's half thickness
    let r = rng.range(1e-3, 1e-2);
    let reach = rng.range(1.0, 100.0); // start and end at ∓reach along x
    let (y, z) = (rng.range(-0.5, 0.5), rng.range(-0.5, 0.5));
    let want = (reach - r - half) / (2.0 * reach);
    let wall =
        Aabb::new(Point3::new(l(-half), l(-1.0), l(-1.0)), Point3::new(l(half), l(1.0), l(1.0)));
    let start = Point3::new(l(-reach), l(y), l(z));
    let v = Vector3::new(l(2.0 * reach), T::ZERO, T::ZERO);
    let zero = Vector3::zeros();
    let bullet = Sphere::new(start, l(r));
    let cube = Aabb::from_center_extents(start, Vector3::repeat(l(r)));
    let rot: Rotation3<T> = rng.rotation();
    let iso = Isometry3::from_parts(
        Vector3::zeros().into(),
        osculate_math::UnitQuaternion::from_rotation_matrix(&rot),
    );
    let plate = Triangle::new(
        Point3::new(T::ZERO, l(-3.0), l(-3.0)),
        Point3::new(T::ZERO, l(3.0), l(-3.0)),
        Point3::new(T::ZERO, T::ZERO, l(3.0)),
    );
    let rod = Capsule::new(start - Vector3::new(T::ZERO, l(r), T::ZERO), start, l(r));
    let wall_rod = Capsule::new(
        Point3::new(T::ZERO, l(-1.0), l(z)),
        Point3::new(T::ZERO, l(1.0), l(z)),
        l(half),
    );
    let cases = [
        ("sphere_aabb", od::sphere_aabb(&bullet, &v, &wall, &zero), want),
        ("sphere_aabb (wall moving)", od::sphere_aabb(&bullet, &zero, &wall, &-v), want),
        (
            "sphere_obb",
            od::sphere_obb(&bullet.transformed(&iso), &(rot * v), &wall.transformed(&iso), &zero),
            want,
        ),
        (
            "sphere_triangle",
            od::sphere_triangle(&bullet, &v, &plate, &zero),
            (reach - r) / (2.0 * reach),
        ),
        ("aabb_aabb", od::aabb_aabb(&cube, &v, &wall, &zero), want),
        (
            "obb_obb",
            od::obb_obb(&cube.transformed(&iso), &(rot * v), &wall.transformed(&iso), &zero),
            want,
        ),
        (
            "triangle_aabb",
            triangle_aabb_sweep(
                &plate,
                &-v,
                &Aabb::from_center_extents(start, Vector3::repeat(l(r))),
                &zero,
            ),
            (reach - r) / (2.0 * reach),
        ),
        ("capsule_capsule", od::capsule_capsule(&rod, &v, &wall_rod, &zero), want),
    ];
    // The construction: apart at both ends.
    if ov::sphere_aabb(&bullet, &wall) || ov::sphere_aabb(&bullet.shifted(&v), &wall) {
        return TestResult::error("construction: the bullet touches the wall at an end");
    }
    let slack = test_tolerance::<T>().to_f64() * 10.0 * (1.0 + 2.0 * reach) / (2.0 * reach);
    for (name, hit, want) in cases {
        match hit {
            Some(h) if (h.toi.to_f64() - want).abs() <= slack && !h.initially_overlapping => {}
            _ => return TestResult::error(format!("{name}: tunneled: {hit:?}, want toi {want}")),
        }
    }
    TestResult::passed()
}

// ---- Non-finite input ---------------------------------------------------------------------------

/// Raw quickcheck floats (NaN, ±∞, ±0, huge) into every public field: nothing panics, and no query
/// whose own input has a non-finite number reports an impact.
fn non_finite<T: Real>(raw: [f64; 16]) -> TestResult {
    let x = raw.map(T::lit);
    let fin = |xs: &[T]| xs.iter().all(|v| v.is_finite());
    let p = |i: usize| Point3::new(x[i], x[i + 1], x[i + 2]);
    let v = |i: usize| Vector3::new(x[i], x[i + 1], x[i + 2]);
    let (s1, s2) = (Sphere::new(p(0), x[3]), Sphere::new(p(4), x[7]));
    let (va, vb) = (v(8), v(11));
    let b = Aabb { min: p(0), max: p(4) };
    let rot = Rotation3::from_euler_angles(x[13], x[14], x[15]);
    let o1 = Obb { center: p(0), rotation: rot, half_extents: v(4).abs() };
    let o2 = Obb { center: p(12), rotation: Rotation3::identity(), half_extents: v(5).abs() };
    let tri = Triangle::new(p(0), p(4), p(8));
    let c1 = Capsule::new(p(0), p(3), x[6]);
    let c2 = Capsule::new(p(7), p(10), x[13]);
    let plane = Plane { normal: Unit::new_unchecked(v(10)), d: x[13] };
    let h = Halfspace::new(plane);
    // Whether every input a query reads is finite (the index ranges of `x` it uses).
    let used = |ranges: &[core::ops::Range<usize>]| ranges.iter().all(|r| fin(&x[r.clone()]));
    let results = [
        ("sphere_sphere", od::sphere_sphere(&s1, &va, &s2, &vb), fin(&x[0..14])),
        ("sphere_aabb", od::sphere_aabb(&s2, &va, &b, &vb), used(&[0..3, 4..14])),
        ("sphere_obb", od::sphere_obb(&s2, &va, &o1, &vb), used(&[0..3, 4..16])),
        ("sphere_triangle", od::sphere_triangle(&s2, &va, &tri, &vb), used(&[0..3, 4..14])),
        ("sphere_capsule", od::sphere_capsule(&s2, &va, &c1, &vb), fin(&x[0..14])),
        ("capsule_capsule", od::capsule_capsule(&c1, &va, &c2, &vb), fin(&x[0..14])),
        ("sphere_plane", od::sphere_plane(&s1, &va, &plane), used(&[0..4, 8..14])),
        ("sphere_halfspace", od::sphere_halfspace(&s1, &va, &h), used(&[0..4, 8..14])),
        (
            "aabb_aabb",
            od::aabb_aabb(&b, &va, &Aabb { min: p(7), max: p(10) }, &vb),
            used(&[0..3, 4..14]),
        ),
        ("aabb_plane", od::aabb_plane(&b, &va, &plane), used(&[0..3, 4..7, 8..14])),
        ("aabb_halfspace", od::aabb_halfspace(&b, &va, &h), used(&[0..3, 4..7, 8..14])),
        ("obb_plane", od::obb_plane(&o1, &va, &plane), used(&[0..3, 4..7, 8..16])),
        ("obb_halfspace", od::obb_halfspace(&o1, &va, &h), used(&[0..3, 4..7, 8..16])),
        ("obb_obb", od::obb_obb(&o1, &va, &o2, &vb), used(&[0..3, 4..16])),
        ("triangle_aabb", triangle_aabb_sweep(&tri, &va, &b, &vb), used(&[0..3, 4..7, 8..14])),
        (
            "sphere_polygon",
            od::sphere_polygon(
                &s2,
                &va,
                &ConvexPolygon {
                    vertices: vec![p(0), p(4), p(8), p(12)],
                    normal: Vector3::z_axis(),
                },
                &vb,
            ),
            used(&[0..3, 4..15]),
        ),
    ];
    for (name, hit, finite) in results {
        if let Some(h) = hit {
            if !finite {
                return TestResult::error(format!("{name}: {h:?} from non-finite input"));
            }
            if !(h.toi >= T::ZERO
                && h.toi <= T::ONE
                && h.point.coords.iter().all(|c| c.is_finite()))
            {
                return TestResult::error(format!("{name}: invalid impact {h:?}"));
            }
        }
    }
    // The generic searches: raw speed and tolerances, a raw linear distance.
    let d = |t: T| x[0] + x[1] * t;
    let ih = interval_halving(d, x[2], x[3], x[4], 200);
    let ca = conservative_advancement(d, x[2], x[3], 200);
    // A NaN distance, speed or tolerance gives no answer (infinite ones are meaningful bounds).
    let no_nan = !x[0..5].iter().any(|v| v.is_nan());
    for (name, r, finite) in [
        ("interval_halving", ih, no_nan),
        ("conservative_advancement", ca, !x[0..4].iter().any(|v| v.is_nan())),
    ] {
        if let Some(r) = r
            && !(finite && r.toi >= T::ZERO && r.toi <= T::ONE)
        {
            return TestResult::error(format!("{name}: {r:?} from {:?}", &x[0..5]));
        }
    }
    TestResult::passed()
}

// ---- Instantiation ------------------------------------------------------------------------------

macro_rules! first_contact_tests {
    ($($name:ident: $spec:ident, $A:ident, $B:ident;)*) => {
        osculate_testing::properties!(mod first_contact; $(
            $name(p: Pair<$A<T>, $B<T>>) => first_contact(&super::$spec::<T>(), &p);
        )*);
    };
}

first_contact_tests! {
    sphere_sphere: sphere_sphere, Sphere, Sphere;
    sphere_aabb: sphere_aabb, Sphere, Aabb;
    sphere_obb: sphere_obb, Sphere, Obb;
    sphere_triangle: sphere_triangle, Sphere, Triangle;
    sphere_capsule: sphere_capsule, Sphere, Capsule;
    capsule_capsule: capsule_capsule, Capsule, Capsule;
    aabb_aabb: aabb_aabb, Aabb, Aabb;
    obb_obb: obb_obb, Obb, Obb;
    triangle_aabb: triangle_aabb, Triangle, Aabb;
}

macro_rules! symmetric_tests {
    ($($name:ident: $spec:ident, $A:ident, $normals:expr;)*) => {
        osculate_testing::properties!(mod symmetric; $(
            $name(p: Pair<$A<T>, $A<T>>) => symmetric(&super::$spec::<T>(), &p, $normals);
        )*);
    };
}

symmetric_tests! {
    sphere_sphere: sphere_sphere, Sphere, true;
    capsule_capsule: capsule_capsule, Capsule, false;
    aabb_aabb: aabb_aabb, Aabb, false;
    obb_obb: obb_obb, Obb, false;
}

macro_rules! rigid_tests {
    ($($name:ident: $spec:ident, $A:ident, $B:ident, $check:ident;)*) => {
        osculate_testing::properties!(mod rigid_motion; $(
            $name((p, m): (Pair<$A<T>, $B<T>>, Motion<T>)) => $check(&super::$spec::<T>(), &p, &m);
        )*);
    };
}

rigid_tests! {
    sphere_sphere: sphere_sphere, Sphere, Sphere, rigid_invariant;
    sphere_obb: sphere_obb, Sphere, Obb, rigid_invariant;
    sphere_triangle: sphere_triangle, Sphere, Triangle, rigid_invariant;
    sphere_capsule: sphere_capsule, Sphere, Capsule, rigid_invariant;
    capsule_capsule: capsule_capsule, Capsule, Capsule, rigid_invariant;
    obb_obb: obb_obb, Obb, Obb, rigid_invariant;
    sphere_aabb: sphere_aabb, Sphere, Aabb, translation_invariant;
    aabb_aabb: aabb_aabb, Aabb, Aabb, translation_invariant;
    triangle_aabb: triangle_aabb, Triangle, Aabb, translation_invariant;
}

macro_rules! mixed_symmetric_tests {
    ($($name:ident: $spec:ident, $A:ident, $B:ident, $swapped:expr, $ball:expr;)*) => {
        osculate_testing::properties!(mod symmetric_mixed; $(
            $name(p: Pair<$A<T>, $B<T>>) => symmetric_mixed(&super::$spec::<T>(), &p, $swapped, $ball);
        )*);
    };
}

mixed_symmetric_tests! {
    sphere_aabb: sphere_aabb, Sphere, Aabb, None, Some(|s, _| s.radius);
    sphere_obb: sphere_obb, Sphere, Obb, None, Some(|s, _| s.radius);
    sphere_triangle: sphere_triangle, Sphere, Triangle, None, Some(|s, _| s.radius);
    sphere_capsule: sphere_capsule, Sphere, Capsule, Some(capsule_swapped),
        Some(|s, c| s.radius + c.radius);
    triangle_aabb: triangle_aabb, Triangle, Aabb, None, None;
}

#[test]
fn soak_finding_infinite_capsule_end_is_no_impact() {
    // Replayed through `non_finite_input_is_safe`: a capsule from the origin to (−∞, −1, 0),
    // radius 0, beside a unit sphere at (−1, 0, 0). The sphere touches that ray; guards against
    // `sphere_capsule` reporting an impact at t = 0 from the infinite input.
    let mut raw = [0.0_f64; 16];
    raw[2] = -0.0;
    raw[3] = f64::NEG_INFINITY;
    raw[4] = -1.0;
    raw[7] = 1.0;
    raw[13] = 1.0;
    let r = non_finite::<f64>(raw);
    assert!(!r.is_failure(), "{r:?}");
    let r = non_finite::<f32>(raw);
    assert!(!r.is_failure(), "{r:?}");
}

osculate_testing::for_f32_and_f64!(run: sphere_polygon, planes, tunneling, non_finite);
