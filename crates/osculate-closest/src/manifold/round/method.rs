//! The round manifolds' method: the normal from the shapes' features (a face's own, across
//! straight edges and sides, or refined on the support maps), where the supporting sets meet
//! along it, and the clipping of the features along it.

use osculate_math::{Point3, Real, Segment, Unit, Vector3, any_perpendicular};

use super::super::capsule::PARALLEL_SINE;
use super::super::clip::{Along, ClipBuffer, ClipVertex, SidePlane};
use super::super::{
    FeatureId, MANIFOLD_MAX_POINTS, Manifold, ManifoldPoint, REDUCTION_DEPTH_TIE, reduce,
};
use super::{CLIP_CAPACITY, CLIP_SLACK, Support, Supporting};
use crate::{
    EPA_MAX_ITERATIONS, EpaWorkspace, SupportMap, closest_points_segment_segment,
    contact_convex_with_workspace,
};

/// How much more overlap (in units of the pair's size, [`Supporting::size`] summed) a normal
/// fixed by the shapes' features (a face's own normal, or a normal perpendicular to a straight
/// side) may have than GJK/EPA's and still be taken: 5e-4, half the box manifold's face
/// preference. EPA's normal on a curved pair is known only to about the square root of its
/// relative tolerance (`√ε` in the depth: 1e-2 in angle in f32, 1e-4 in f64), so under a rigid
/// motion it turns by that much; a normal taken from the features turns with the shapes, exactly
/// up to rounding. The depth reported is the overlap along the normal taken, so it is at most
/// this much deeper than EPA's.
const FEATURE_PREFERENCE: f64 = 5e-4;

/// The signed distance of `a` and `b` along the unit `n` (from A toward B): the gap between A's
/// supporting plane along `n` and B's along `−n`, negative when they overlap along it.
fn separation<T, A, B>(a: &A, b: &B, n: &Vector3<T>) -> T
where
    T: Real,
    A: SupportMap<T> + ?Sized,
    B: SupportMap<T> + ?Sized,
{
    n.dot(&(b.support(&-n) - a.support(n)))
}

/// The unit direction of a segment feature (`None` for a point, a face or a segment of no
/// length).
fn segment_dir<T: Real>(s: &Support<T>) -> Option<Vector3<T>> {
    (s.dimension() == 1).then(|| (s.at(1) - s.at(0)).try_normalize(T::ZERO)).flatten()
}

/// Where a candidate normal came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decided {
    /// The own normal of A's face (`true`) or of B's (`false`): the features are clipped, that
    /// face the reference.
    Face(bool),
    /// Perpendicular to two parallel segments: they are clipped.
    Parallel,
    /// Perpendicular to a straight edge or side and turned about it, or refined freely: one
    /// point.
    Point,
}

/// The candidate normals of the rule [`manifold_cylinder_cylinder`](super::manifold_cylinder_cylinder) states, in the order they
/// are tried, from GJK/EPA's `n0` and the supporting features along it, `fa` of A and `fb` of B:
/// 1. a face's own normal, A's first, then B's (the reference face decides the normal, as in
///    Box2D's, Jolt's and parry's polygonal manifolds);
/// 2. `n0` made perpendicular to a straight edge (the side of a cylinder, a cone or a capsule, a
///    side of a flat face: perpendicular to both when both features are segments not parallel)
///    and turned about it by [`refine`];
/// 3. `n0` refined by [`refine`].
///
/// Each is taken by [`local_round`] only when the separation along it is within the feature
/// preference of GJK/EPA's and the supporting sets along it meet.
fn candidates<T, A, B>(
    a: &A,
    b: &B,
    n0: &Vector3<T>,
    fa: &Support<T>,
    fb: &Support<T>,
    rounding: T,
    mut take: impl FnMut(Vector3<T>, Decided) -> bool,
) where
    T: Real,
    A: Supporting<T> + ?Sized,
    B: Supporting<T> + ?Sized,
{
    if fa.dimension() == 2 && take(fa.normal, Decided::Face(true)) {
        return;
    }
    if fb.dimension() == 2 && take(-fb.normal, Decided::Face(false)) {
        return;
    }
    let across = |e: &Vector3<T>| (n0 - e * e.dot(n0)).try_normalize(T::ZERO);
    if let (Some(ea), Some(eb)) = (segment_dir(fa), segment_dir(fb)) {
        let c = ea.cross(&eb);
        let sine = T::lit(PARALLEL_SINE);
        let taken = if c.norm_squared() > sine * sine {
            c.try_normalize(T::ZERO)
                .is_some_and(|c| take(if c.dot(n0) >= T::ZERO { c } else { -c }, Decided::Point))
        } else {
            across(&ea)
                .is_some_and(|n| take(refine(a, b, &n, Some(&ea), rounding), Decided::Parallel))
        };
        if taken {
            return;
        }
    }
    // The straight edges of the features: a segment, or the sides of a polygon (not a cap's,
    // which stands for a circle).
    let edges = |f: &Support<T>, k: usize| match f.dimension() {
        1 if k == 0 => segment_dir(f),
        2 if !f.round && k < f.len => Some(f.dir(k)).filter(|d| *d != Vector3::zeros()),
        _ => None,
    };
    // A cone's side: its normal at the supporting generator, turned about the cone's axis (the
    // normals of the side are that one turned about the axis).
    for (f, sign) in [(fa, T::ONE), (fb, -T::ONE)] {
        if f.turn != Vector3::zeros()
            && take(refine(a, b, &(f.normal * sign), Some(&f.turn), rounding), Decided::Point)
        {
            return;
        }
    }
    for f in [fa, fb] {
        for k in 0..f.len {
            if let Some(e) = edges(f, k)
                && let Some(n) = across(&e)
                && take(refine(a, b, &n, Some(&e), rounding), Decided::Point)
            {
                return;
            }
        }
    }
    let _ = take(refine(a, b, n0, None, rounding), Decided::Point);
}

/// [`refine`] turning `n` about the unit `e` only: `m(φ)` is `n` turned by `φ` about `e`, and
/// the condition is `t(φ)·w(m(φ)) = 0` with `t(φ) = m(φ) × e` (across the plane of `e` and the
/// normal: the support maps may jump along a straight side there without moving it), solved by
/// Newton's steps with differences of `√ε` in `φ`.
fn refine_about<T, A, B>(
    a: &A,
    b: &B,
    n: &Vector3<T>,
    e: &Vector3<T>,
    start: T,
    rounding: T,
) -> Vector3<T>
where
    T: Real,
    A: SupportMap<T> + ?Sized,
    B: SupportMap<T> + ?Sized,
{
    let h = T::EPSILON.sqrt();
    let turned = |phi: T| {
        let (sin, cos) = (phi.sin(), phi.cos());
        n * cos + e.cross(n) * sin + e * (e.dot(n) * (T::ONE - cos))
    };
    let f = |phi: T| {
        let m = turned(phi);
        let t = m.cross(e).try_normalize(T::ZERO).unwrap_or_else(Vector3::zeros);
        t.dot(&(a.support(&m) - b.support(&-m)))
    };
    let mut phi = T::ZERO;
    let mut value = f(phi);
    for _ in 0..REFINE_STEPS {
        if !(value.abs() > rounding) {
            break;
        }
        let slope = (f(phi + h) - value) / h;
        let step = -value / slope;
        if !(step.abs() <= T::lit(0.1)) {
            return *n;
        }
        phi += step;
        value = f(phi);
    }
    let m = turned(phi);
    let ok = value.abs() <= rounding && separation(a, b, &m) >= start - rounding;
    if ok { m.try_normalize(T::ZERO).unwrap_or(*n) } else { *n }
}

/// The most Newton steps [`refine`] takes: from EPA's normal (within about `√ε` of the answer)
/// the error squares each step once the differences have the Jacobian, so that six reach the
/// rounding in `f64` with room.
const REFINE_STEPS: usize = 8;

/// Newton's steps toward the normal `n` at which the support point `w(n) = sA(n) − sB(−n)` of
/// `A − B` is parallel to `n`: where the separation along `n` is largest, the normal of least
/// overlap (or of the closest points). Writing `m ∝ n + e₁t₁ + e₂t₂` for a basis `t₁, t₂` across
/// `n`, the condition is `tᵢ·w(m) = eᵢ (n·w(m))`; its Jacobian is taken by differences of
/// `√ε` in `e` (on a smooth part of `A − B` it is the radius of curvature there minus the
/// depth; a step of `√ε` resolves it to `√ε` relative, the rounding of `w` over the step, and
/// stays within the smooth part next to a nearby edge of `A − B`, such as a cap's rim seen from
/// a normal near the axis, that a longer step would cross). Where `fixed` is given, `m` turns about it only (one unknown). Where the
/// condition does not come within `rounding` of zero in [`REFINE_STEPS`] steps (the support maps are not
/// smooth there: a vertex or an edge of `A − B`), or the separation drops, `n` is returned
/// unchanged: EPA's normal there is a vertex of its polytope's, not a turning one.
fn refine<T, A, B>(
    a: &A,
    b: &B,
    n: &Vector3<T>,
    fixed: Option<&Vector3<T>>,
    rounding: T,
) -> Vector3<T>
where
    T: Real,
    A: SupportMap<T> + ?Sized,
    B: SupportMap<T> + ?Sized,
{
    let h = T::EPSILON.sqrt();
    let w = |m: &Vector3<T>| a.support(m) - b.support(&-m);
    let start = separation(a, b, n);
    if let Some(e) = fixed {
        return refine_about(a, b, n, e, start, rounding);
    }
    let mut m = *n;
    for _ in 0..REFINE_STEPS {
        let (t1, t2) = match fixed {
            Some(e) => (m.cross(e).try_normalize(T::ZERO).unwrap_or_else(Vector3::zeros), *e),
            None => {
                let t1 = any_perpendicular(&m).into_inner();
                (t1, m.cross(&t1))
            }
        };
        if t1 == Vector3::zeros() {
            return *n;
        }
        let f = |e1: T, e2: T| {
            let Some(d) = (m + t1 * e1 + t2 * e2).try_normalize(T::ZERO) else {
                return (T::NAN, T::NAN);
            };
            let x = w(&d);
            let along = m.dot(&x);
            (t1.dot(&x) - e1 * along, t2.dot(&x) - e2 * along)
        };
        let (f1, f2) = f(T::ZERO, T::ZERO);
        // Along a fixed segment the support maps jump between its ends: only `t₁` counts.
        let f2 = if fixed.is_some() { T::ZERO } else { f2 };
        if (f1 * f1 + f2 * f2).sqrt() <= rounding {
            break;
        }
        let (a11, a21) = f(h, T::ZERO);
        let (j11, j21) = ((a11 - f1) / h, (a21 - f2) / h);
        let (e1, e2) = if fixed.is_some() {
            if !(j11.abs() > T::ZERO) {
                return *n;
            }
            (-f1 / j11, T::ZERO)
        } else {
            let (a12, a22) = f(T::ZERO, h);
            let (j12, j22) = ((a12 - f1) / h, (a22 - f2) / h);
            let det = j11 * j22 - j12 * j21;
            if !(det.abs() > T::ZERO) {
                return *n;
            }
            ((-f1 * j22 + f2 * j12) / det, (f1 * j21 - f2 * j11) / det)
        };
        // A step longer than a tenth of a radian leaves the part of `A − B` the differences saw.
        if !(e1.abs() <= T::lit(0.1) && e2.abs() <= T::lit(0.1)) {
            return *n;
        }
        let Some(next) = (m + t1 * e1 + t2 * e2).try_normalize(T::ZERO) else { return *n };
        m = next;
    }
    let x = w(&m);
    let residual = match fixed {
        Some(e) => m.cross(e).try_normalize(T::ZERO).map_or(T::INFINITY, |t| t.dot(&x).abs()),
        None => (x - m * m.dot(&x)).norm(),
    };
    if residual <= rounding && separation(a, b, &m) >= start - rounding { m } else { *n }
}

/// The corners of the feature `f` of `shape` on its supporting plane along the unit `n` (within
/// `rounding` of it): one (a point), two (a segment) or the whole face; a cap polygon's rim
/// point along `n` where `n` is not the cap's normal.
fn support_set<T, S>(shape: &S, f: &Support<T>, n: &Vector3<T>, rounding: T) -> Support<T>
where
    T: Real,
    S: SupportMap<T> + ?Sized,
{
    let top = (0..f.len).fold(T::NEG_INFINITY, |m, k| m.fast_max(n.dot(&f.at(k).coords)));
    let extreme = shape.support(n);
    if !(top >= n.dot(&extreme.coords) - rounding) {
        // The feature (a face most facing `n`) does not hold the supporting point.
        return Support::point(extreme, f.id);
    }
    let on = |k: usize| n.dot(&f.at(k).coords) >= top - rounding;
    let count = (0..f.len).filter(|&k| on(k)).count();
    if count == f.len {
        return *f;
    }
    if f.round || count == 0 {
        return Support::point(extreme, f.id);
    }
    let first = (0..f.len).find(|&k| on(k) && !on((k + f.len - 1) % f.len)).unwrap_or(0);
    match count {
        1 => Support::point(f.at(first), f.vertices.get(first).copied().unwrap_or(f.id)),
        _ => {
            let next = (first + 1) % f.len;
            let id = f.edges.get(first).copied().unwrap_or(f.id);
            let v = |k: usize| f.vertices.get(k).copied().unwrap_or(f.id);
            Support::segment([(f.at(first), v(first)), (f.at(next), v(next))], id)
        }
    }
}

/// The closest point of the feature `f` (a point, a segment or a face's plane) to `p`.
fn nearest_on<T: Real>(f: &Support<T>, p: &Point3<T>) -> Point3<T> {
    match f.dimension() {
        0 => f.at(0),
        1 => {
            let e = f.at(1) - f.at(0);
            let t = ((p - f.at(0)).dot(&e) / e.norm_squared()).fast_max(T::ZERO).fast_min(T::ONE);
            if t.is_finite() { f.at(0) + e * t } else { f.at(0) }
        }
        _ => p - f.normal * f.normal.dot(&(p - f.at(0))),
    }
}

/// Where A and B touch along the unit normal `n` (from A toward B): the closest points of A's
/// supporting set along `n` and B's along `−n` (their features `fa`, `fb` cut to the corners on
/// the supporting planes), when those points are `n` apart within `rounding` (the sets meet seen
/// along `n`); [`Touch::Flat`] for a face against a segment or a face (the clipping's case);
/// [`Touch::Apart`] when they do not meet (`n` is not a normal of the contact).
fn touching<T, A, B>(
    a: &A,
    fa: &Support<T>,
    b: &B,
    fb: &Support<T>,
    n: &Vector3<T>,
    rounding: T,
) -> Touch<T>
where
    T: Real,
    A: SupportMap<T> + ?Sized,
    B: SupportMap<T> + ?Sized,
{
    let sa = support_set(a, fa, n, rounding);
    let sb = support_set(b, fb, &-n, rounding);
    let (pa, pb) = match (sa.dimension(), sb.dimension()) {
        (2, _) | (_, 2) if sa.dimension() > 0 && sb.dimension() > 0 => return Touch::Flat,
        (1, 1) => {
            let c = closest_points_segment_segment(
                &Segment::new(sa.at(0), sa.at(1)),
                &Segment::new(sb.at(0), sb.at(1)),
            );
            (c.point_a, c.point_b)
        }
        (0, _) => (sa.at(0), nearest_on(&sb, &sa.at(0))),
        _ => (nearest_on(&sa, &sb.at(0)), sb.at(0)),
    };
    let gap = pb - pa;
    let lateral = (gap - n * n.dot(&gap)).norm();
    // A face's set is a plane here: its point must lie inside the face.
    // A face's set is a plane here: its point must lie inside the face (a cap polygon's inside
    // its circle, which the polygon stands for).
    let inside = |f: &Support<T>, p: &Point3<T>| {
        if f.dimension() < 2 {
            return true;
        }
        if f.round {
            let count = T::lit(f.len as f64);
            let center = (0..f.len).fold(Vector3::zeros(), |c, k| c + f.at(k).coords) / count;
            let radius = (f.at(0).coords - center).norm();
            let r = p.coords - center;
            return (r - f.normal * f.normal.dot(&r)).norm() <= radius + rounding;
        }
        (0..f.len).all(|k| {
            let side = f.dir(k).cross(&f.normal);
            (p - f.at(k)).dot(&side) <= rounding
        })
    };
    if lateral <= rounding && inside(&sa, &pa) && inside(&sb, &pb) {
        Touch::Met(pa, pb)
    } else {
        Touch::Apart
    }
}

/// How two supporting sets meet along a normal.
#[derive(Clone, Copy, Debug)]
enum Touch<T: Real> {
    /// At these points of A and B.
    Met(Point3<T>, Point3<T>),
    /// A face against a segment or a face, lying in parallel planes: the clipping tells.
    Flat,
    /// Not along this normal.
    Apart,
}

/// [`manifold_round`](super::manifold_round) on shapes about the origin.
pub(super) fn local_round<T, A, B>(
    a: &A,
    b: &B,
    prediction: T,
    workspace: &mut EpaWorkspace<T>,
) -> Manifold<T>
where
    T: Real,
    A: Supporting<T> + ?Sized,
    B: Supporting<T> + ?Sized,
{
    // A first proof of separation, before GJK: the shapes' extents along the direction between
    // their centers, apart by more than the prediction and the rounding of the supports and of
    // GJK's distance (the distance is at least the separation along any axis; GJK's is then
    // beyond the prediction too).
    let towards = SupportMap::center(b) - SupportMap::center(a);
    let length = towards.norm();
    if length > T::ZERO {
        let l = towards / length;
        let gap = l.dot(&b.support(&-l).coords) - l.dot(&a.support(&l).coords);
        let slack = T::RELATIVE_TOLERANCE * (a.size() + b.size())
            + T::EPSILON * T::lit(64.0) * a.magnitude().fast_max(b.magnitude());
        if gap > prediction + slack {
            return Manifold::empty();
        }
    }
    let Some((c, _)) = contact_convex_with_workspace(a, b, EPA_MAX_ITERATIONS, workspace) else {
        return Manifold::empty();
    };
    if !(c.distance <= prediction) {
        return Manifold::empty();
    }
    let n0 = c.normal.into_inner();
    let offset = b.center() - a.center();
    let [fa0, fa1] = a.frame();
    let [fb0, fb1] = b.frame();
    let (roll_a, roll_b) = ([fb0, fb1, offset], [fa0, fa1, offset]);
    let size = a.size() + b.size();
    let rounding = T::EPSILON * T::lit(CLIP_SLACK) * (size + a.magnitude().fast_max(b.magnitude()));
    let (fa, fb) = (a.supporting(&n0, &roll_a), b.supporting(&-n0, &roll_b));
    let tolerance = T::lit(FEATURE_PREFERENCE) * size + rounding;
    let mut found = None;
    candidates(a, b, &n0, &fa, &fb, rounding, |n, decided| {
        if !(n.dot(&n0) > T::ZERO && separation(a, b, &n) >= c.distance - tolerance) {
            return false;
        }
        found = along(a, b, &n, decided, &roll_a, &roll_b, prediction, size, rounding, tolerance);
        found.is_some()
    });
    match found {
        Some(m) => m.checked(),
        // No feature's normal: GJK/EPA's one point.
        None => Manifold::from_contact(Some(c), prediction, |_| FeatureId { a: fa.id, b: fb.id }),
    }
}

/// The manifold along the candidate normal `n` (from A toward B), or `None` where the shapes do
/// not meet along it: a face's normal needs clipped points whose deepest reaches the overlap
/// along it within `tolerance`; any other needs the supporting sets to meet (see
/// [`touching`]).
#[allow(clippy::too_many_arguments)]
fn along<T, A, B>(
    a: &A,
    b: &B,
    n: &Vector3<T>,
    decided: Decided,
    roll_a: &[Vector3<T>; 3],
    roll_b: &[Vector3<T>; 3],
    prediction: T,
    size: T,
    rounding: T,
    tolerance: T,
) -> Option<Manifold<T>>
where
    T: Real,
    A: Supporting<T> + ?Sized,
    B: Supporting<T> + ?Sized,
{
    let n = *n;
    let (fa, fb) = (a.supporting(&n, roll_a), b.supporting(&-n, roll_b));
    let whole = FeatureId { a: fa.id, b: fb.id };
    let met = touching(a, &fa, b, &fb, &n, rounding);
    let touch = match met {
        Touch::Met(point_a, point_b) => Some(ManifoldPoint {
            point_a,
            point_b,
            distance: n.dot(&(point_b - point_a)),
            id: whole,
        }),
        _ => None,
    };
    let clipped = match (decided, fa.dimension(), fb.dimension()) {
        (_, 0, _) | (_, _, 0) => None,
        (Decided::Face(true), 2, _) => clip_features(&fa, &fb, &n, prediction, rounding),
        (Decided::Face(false), _, 2) => {
            clip_features(&fb, &fa, &-n, prediction, rounding).map(Manifold::swapped)
        }
        (Decided::Parallel, 1, 1) => {
            // The segment more nearly perpendicular to the normal is the reference.
            let lean = |s: &Support<T>| segment_dir(s).map_or(T::INFINITY, |e| e.dot(&n).abs());
            if lean(&fb) < lean(&fa) {
                clip_features(&fb, &fa, &-n, prediction, rounding).map(Manifold::swapped)
            } else {
                clip_features(&fa, &fb, &n, prediction, rounding)
            }
        }
        _ => None,
    };
    let clipped = clipped.filter(|m| !m.is_empty());
    let unit = Unit::new_unchecked(n);
    let Some(mut m) = clipped else {
        let p = touch?;
        let mut m = Manifold::with_normal(unit);
        if p.distance <= prediction {
            m.push(p);
        }
        return Some(m);
    };
    m.normal = unit;
    // The polygons stand for circles: where the touching point is deeper than every clipped
    // point by more than the reduction's tie (a tilted cap, whose deepest rim point lies between
    // the polygon's corners), it joins the manifold, so that the deepest point is the contact's.
    let shallowest_deep = m.deepest().map_or(T::INFINITY, |p| p.distance);
    if let Some(contact) = touch
        && contact.distance < shallowest_deep - T::lit(REDUCTION_DEPTH_TIE) * size
    {
        let mut points = [contact; MANIFOLD_MAX_POINTS + 1];
        for (slot, p) in points.iter_mut().zip(m.points()) {
            *slot = *p;
        }
        let count = m.len() + 1;
        m = reduce(&unit, points.get(..count).unwrap_or(&[]));
    }
    // The clipped points must reach the overlap along the normal (within the preference): else
    // the deepest part of the overlap lies beyond the face, and its normal is not the contact's.
    let deepest = m.deepest().map_or(T::INFINITY, |p| p.distance);
    (deepest <= separation(a, b, &n) + tolerance).then_some(m)
}

/// The manifold of the reference feature `r` (as A) against the incident feature `inc` along the
/// unit normal `n` from A toward B: the incident polygon clipped by the planes through the
/// reference face's sides along `n` (for a reference segment, the planes through its ends across
/// it; two segments only when parallel within a sine of 1e-2), each vertex projected along `n`
/// onto the reference plane, kept within `prediction`, reduced to four. `None` where the
/// features give no polygon contact (segments not parallel, a reference plane along `n`).
fn clip_features<T: Real>(
    r: &Support<T>,
    inc: &Support<T>,
    n: &Vector3<T>,
    prediction: T,
    slack: T,
) -> Option<Manifold<T>> {
    let (origin, plane) = match r.dimension() {
        2 => (r.at(0), r.normal),
        _ => {
            let e = r.at(1) - r.at(0);
            let f = inc.at(1) - inc.at(0);
            let sine = T::lit(PARALLEL_SINE);
            if inc.dimension() == 1
                && e.cross(&f).norm_squared() > sine * sine * e.norm_squared() * f.norm_squared()
            {
                return None;
            }
            // The plane through the segment across `n`.
            let across = n - e * (e.dot(n) / e.norm_squared());
            (r.at(0), across.try_normalize(T::ZERO)?)
        }
    };
    let k = plane.dot(n);
    if !(k > T::HALF) {
        return None;
    }
    let fill = ClipVertex { p: origin, on_r: r.id, on_i: inc.id, along: Along::Side(0) };
    let mut poly = ClipBuffer::<T, CLIP_CAPACITY>::new(fill);
    for i in 0..inc.len {
        let (Some(&p), Some(&v), Some(&e)) =
            (inc.points.get(i), inc.vertices.get(i), inc.edges.get(i))
        else {
            break;
        };
        poly.push(ClipVertex { p, on_r: r.id, on_i: v, along: Along::Incident(e) });
    }
    let mut out = poly;
    let sides = if r.dimension() == 2 { r.len } else { 2 };
    for s in 0..sides {
        let side = if r.dimension() == 2 {
            SidePlane {
                point: r.at(s),
                normal: r.dir(s).cross(n).try_normalize(T::ZERO).unwrap_or_else(Vector3::zeros),
                index: s,
                id: r.edges.get(s).copied().unwrap_or(r.id),
            }
        } else {
            let e = (r.at(1) - r.at(0)).try_normalize(T::ZERO)?;
            SidePlane {
                point: r.at(s),
                normal: if s == 0 { -e } else { e },
                index: s,
                id: r.vertices.get(s).copied().unwrap_or(r.id),
            }
        };
        // The reference corner where this side meets side `s2`.
        let corner = |s2: usize| {
            let c = if s2 == (s + 1) % sides { s + 1 } else { s };
            r.vertices.get(c % sides).copied().unwrap_or(r.id)
        };
        poly.clip_into(&side, slack, corner, inc.id, &mut out);
        core::mem::swap(&mut poly, &mut out);
        if poly.as_slice().is_empty() {
            return Some(Manifold::empty());
        }
    }
    let mut found = [ManifoldPoint {
        point_a: origin,
        point_b: origin,
        distance: T::ZERO,
        id: FeatureId { a: r.id, b: inc.id },
    }; CLIP_CAPACITY];
    let mut count = 0;
    for v in poly.as_slice() {
        let distance = (v.p - origin).dot(&plane) / k;
        if distance <= prediction
            && let Some(slot) = found.get_mut(count)
        {
            *slot = ManifoldPoint {
                point_a: v.p - n * distance,
                point_b: v.p,
                distance,
                id: FeatureId { a: v.on_r, b: v.on_i },
            };
            count += 1;
        }
    }
    Some(reduce(&Unit::new_unchecked(*n), found.get(..count).unwrap_or(&[])))
}
