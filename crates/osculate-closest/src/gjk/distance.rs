//! The GJK distance: closest points of two convex shapes, or overlap.

use osculate_math::{Point3, Real, Vector3};

use super::simplex::{Simplex, Vertex, usable_direction};
use super::{Core, GJK_MAX_ITERATIONS, at_origin, gjk_tolerance, magnitude, rounding, sqrt};
use crate::support::SupportMap;
use crate::types::{ClosestPoints, Param};

/// How a GJK run ended.
///
/// # Examples
/// ```
/// use osculate_closest::{DistanceStatus, GJK_MAX_ITERATIONS, distance_convex};
/// use osculate_math::{Aabb, Point3, Sphere};
///
/// let ball = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// let b = Aabb::new(Point3::new(2.0, -3.0, -3.0), Point3::new(4.0, 3.0, 3.0));
/// assert_eq!(distance_convex(&ball, &b, None, GJK_MAX_ITERATIONS).status, DistanceStatus::Separated);
/// assert_eq!(distance_convex(&ball, &ball, None, GJK_MAX_ITERATIONS).status, DistanceStatus::Overlapping);
/// // Stopped at the bound: the best answer so far, an upper bound on the distance (1).
/// let r = distance_convex(&ball, &b, None, 1);
/// assert_eq!(r.status, DistanceStatus::IterationLimit);
/// assert!(r.closest.distance >= 1.0);
/// let bad = Sphere::new(Point3::new(f64::NAN, 0.0, 0.0), 1.0);
/// assert_eq!(distance_convex(&bad, &b, None, GJK_MAX_ITERATIONS).status, DistanceStatus::Invalid);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DistanceStatus {
    /// The shapes are apart; the distance and points are within the relative tolerance.
    Separated,
    /// The shapes overlap, or touch within GJK's rounding: distance 0. Touching is a closest
    /// point within 8 ε of the support points' magnitude, or a run that ends (converged or
    /// stalled) without its last support point proving the shapes apart beyond the rounding
    /// of the closest point's own computation (see [`distance_convex`]).
    Overlapping,
    /// The iteration bound was reached; the answer is the best found (an upper bound on the
    /// distance).
    IterationLimit,
    /// A NaN or infinite support point: no answer.
    Invalid,
    /// Only from [`distance_convex_within`]: the shapes are proved farther apart than its
    /// `max_distance` (a lower bound on the distance exceeded it), and GJK stopped there. The
    /// points and distance are the best found so far: an upper bound on the distance, which is
    /// more than `max_distance`.
    Beyond,
}

/// The result of [`distance_convex`].
///
/// # Examples
/// ```
/// use osculate_closest::{GJK_MAX_ITERATIONS, distance_convex};
/// use osculate_math::{Obb, Point3, Rotation3, Vector3};
///
/// // Repeated queries on a moving pair: each starts from the previous direction.
/// let a = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(1.0_f64, 1.0, 1.0));
/// let mut dir = None;
/// for k in 0..3 {
///     let x = 3.0 + 0.01 * f64::from(k);
///     let b = Obb::new(Point3::new(x, 0.2, 0.1), Rotation3::from_axis_angle(&Vector3::z_axis(), 0.3), Vector3::new(0.5, 0.5, 0.5));
///     let r = distance_convex(&a, &b, dir, GJK_MAX_ITERATIONS);
///     assert!(r.closest.distance > 0.0 && r.closest.point_a.x <= 1.0 + 1e-12);
///     dir = Some(r.direction);
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ConvexDistance<T: Real> {
    /// How it ended.
    pub status: DistanceStatus,
    /// The closest points (`point_a` on A, `point_b` on B) and their distance; for overlapping
    /// shapes, distance 0 and a point near where they meet.
    pub closest: ClosestPoints<T>,
    /// Support-point evaluations pairs made.
    pub iterations: usize,
    /// The last search direction (`point_a − point_b` when separated, along which the shapes
    /// are then separated by at least the distance less GJK's termination gap and the rounding
    /// of the direction itself, a few ε of the coordinates over the distance, and by more than 0
    /// up to the support points' rounding; when the distance is 0
    /// within rounding, the last direction a support point was taken along, whose opposite is a
    /// contact normal from A to B when the shapes touch at that support point): pass it back as
    /// the warm start of the next query on the same, slightly moved, pair.
    pub direction: Vector3<T>,
}

/// The fraction of the vertices' magnitude (the size of `A − B` near the origin) below which the
/// termination's relative tolerance applies to it instead of to the distance: a distance a
/// thousandth of the shapes' size or less is found to `tol / 1000` of their size (f64: 675 ε of
/// it), not to `tol` of itself. Curved pairs converge linearly, and so slowly on nearly touching
/// rims that the relative test alone took 69 steps on two cylinders 3.3e-9 apart at the 1e-4
/// scale (`nearly_touching_cylinders_converge_within_the_bound`).
const SIZE_FLOOR_F64: f64 = 1e-3;

/// The GJK distance between convex shapes `a` and `b` (van den Bergen's algorithm, see the module
/// documentation): their closest points and distance, or overlap.
///
/// `warm_start` is an initial search direction (e.g. the previous query's
/// [`ConvexDistance::direction`] for a pair that moved a little); `None` starts from the centers.
/// `max_iterations` bounds the support evaluations ([`GJK_MAX_ITERATIONS`] covers the measured
/// tail: polytopes converge in a few, curved shapes linearly with the tolerance).
/// Termination: `|v|² − v·w ≤ tol·|v|·max(|v|, 10⁻³·size)` (the relative gap between the
/// distance's upper and lower bounds; `size` is the magnitude of `A − B`'s vertices, so a distance
/// below a thousandth of the shapes is found to `tol/1000` of their size), a repeated support
/// point, or no more progress in `|v|`. The simplex's closest point and `v` are computed in f64
/// for f32 input too. The gap's rounding includes `v`'s own: `v` is computed from simplex
/// vertices of norm up to `W`, so it is off by a few ε W (f64) whatever `|v|` (on a face, only
/// in length: its direction is the face's normal). The run ends separated only when its last
/// support point `w` proves the shapes apart, `v·w` beyond that rounding; otherwise the shapes
/// touch within GJK's resolution and the answer is [`DistanceStatus::Overlapping`]: a nearly
/// touching curved pair in f64 whose simplex's nearest point is no longer resolved (two
/// cylinders 1e-7 apart at the unit scale) had been reported apart along a direction that
/// overlapped them.
///
/// Shapes with a [margin](SupportMap::margin) (spheres, capsules, sums with them) are run on
/// their cores and the margins subtracted (van den Bergen's GJK with margins): their pairs with
/// polytopes then end in a few steps with an exact answer. The witness points are the cores'
/// moved out along the cores' closest direction by each margin; cores nearer than the margins'
/// sum report overlap, with the point dividing the cores' witnesses in the margins' ratio (in
/// both shapes).
///
/// # Examples
/// ```
/// use osculate_closest::{DistanceStatus, GJK_MAX_ITERATIONS, distance_convex};
/// use osculate_math::{Cone, Cylinder, Point3, Vector3};
///
/// let cyl = Cylinder::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0), 1.0);
/// let cone = Cone::new(Point3::new(4.0, 0.0, 1.0), -Vector3::x_axis(), 2.0, 1.0);
/// let r = distance_convex(&cyl, &cone, None, GJK_MAX_ITERATIONS);
/// assert_eq!(r.status, DistanceStatus::Separated);
/// assert!((r.closest.distance - 1.0).abs() < 1e-6); // the tip at x = 4 − 2 = 2, the side at x = 1
/// ```
#[must_use]
pub fn distance_convex<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    warm_start: Option<Vector3<T>>,
    max_iterations: usize,
) -> ConvexDistance<T> {
    let run = gjk_run(a, b, warm_start, max_iterations, Margins::Cores { stop_inside: true });
    run.result
}

/// [`distance_convex`] that stops as soon as the shapes are proved farther apart than
/// `max_distance`, with [`DistanceStatus::Beyond`]: the query a broad phase's candidate pair or a
/// proximity test within a range asks, where the exact distance of a pair out of range is not
/// needed. Each GJK step has the lower bound `v·w/|v|` on the distance of `A − B` from the origin
/// (the plane through the support point `w` along `−v` separates them), less the margins; the
/// run stops once that bound, less the rounding of `v·w`, exceeds `max_distance`. Otherwise the
/// run, and its answer, are [`distance_convex`]'s step for step.
///
/// A negative `max_distance` is taken as 0 (stop at the first proof of separation); a NaN one
/// never stops the run early. NaN or infinite shapes give [`DistanceStatus::Invalid`] as in
/// [`distance_convex`].
///
/// # Examples
/// ```
/// use osculate_closest::{DistanceStatus, GJK_MAX_ITERATIONS, distance_convex_within};
/// use osculate_math::{Cone, Cylinder, Point3, Vector3};
///
/// let cyl = Cylinder::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0), 1.0);
/// let cone = Cone::new(Point3::new(9.0, 0.0, 1.0), -Vector3::x_axis(), 2.0, 1.0);
/// // 6 apart: beyond a range of 1, within one of 10.
/// let far = distance_convex_within(&cyl, &cone, 1.0, None, GJK_MAX_ITERATIONS);
/// assert_eq!(far.status, DistanceStatus::Beyond);
/// assert!(far.closest.distance > 1.0);
/// let near = distance_convex_within(&cyl, &cone, 10.0, None, GJK_MAX_ITERATIONS);
/// assert_eq!(near.status, DistanceStatus::Separated);
/// assert!((near.closest.distance - 6.0).abs() < 1e-6);
/// ```
#[must_use]
pub fn distance_convex_within<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    max_distance: T,
    warm_start: Option<Vector3<T>>,
    max_iterations: usize,
) -> ConvexDistance<T> {
    // NaN compares false both ways: no limit.
    let limit = if max_distance >= T::ZERO {
        max_distance.to_f64()
    } else if max_distance < T::ZERO {
        0.0
    } else {
        f64::INFINITY
    };
    let start = Start { dir: warm_start, cached: &[], limit, tol: 0.0 };
    gjk_on_cores(a, b, start, max_iterations).result
}

/// [`distance_convex`] that stops as soon as its distance is known to `relative_tolerance` of
/// itself: the query an iterative method asks when it needs a lower bound on the distance, not
/// the distance to rounding (conservative advancement far from contact, where a step shortened
/// by a percent costs nothing and a curved pair's GJK, converging linearly, would take several
/// times the support points to resolve the last digits).
///
/// At the end `|v|² − v·w ≤ relative_tolerance · |v| · max(d⁺, 10⁻³ · size)` (the termination
/// of [`distance_convex`] with this tolerance; `d⁺` the distance reported, an upper bound, and
/// `size` the magnitude of `A − B`'s vertices), so `d⁺` is at most
/// `relative_tolerance · max(d⁺, 10⁻³ · size)` above the true distance (plus the rounding GJK
/// always allows; below 1, `d⁺ ≤ d / (1 − relative_tolerance)` away from contact). The witnesses are the simplex's: on
/// curved shapes they converge more slowly than the distance (a relative error `δ` in the
/// distance can place them `√δ` of the curvature radius away).
///
/// A `relative_tolerance` below GJK's own (or NaN) is raised to it: the run is then
/// [`distance_convex`]'s step for step. The run may stop apart where the shapes touch or overlap
/// within that bound (at a tolerance of 1 or more, as soon as its lower bound reaches 0): a
/// [`DistanceStatus::Separated`] answer proves separation only when `d⁺` exceeds the bound.
/// NaN or infinite shapes give [`DistanceStatus::Invalid`] as in [`distance_convex`].
///
/// # Examples
/// ```
/// use osculate_closest::{GJK_MAX_ITERATIONS, distance_convex, distance_convex_rough};
/// use osculate_math::{Cone, Cylinder, Point3, Vector3};
///
/// let cyl = Cylinder::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0), 1.0);
/// let cone = Cone::new(Point3::new(4.0, 0.3, 1.2), -Vector3::x_axis(), 2.0, 1.0);
/// let exact = distance_convex(&cyl, &cone, None, GJK_MAX_ITERATIONS);
/// let rough = distance_convex_rough(&cyl, &cone, 0.01, None, GJK_MAX_ITERATIONS);
/// let d = exact.closest.distance;
/// assert!(rough.closest.distance >= d - 1e-9 && rough.closest.distance <= d / 0.99 + 1e-9);
/// assert!(rough.iterations <= exact.iterations);
/// ```
#[must_use]
pub fn distance_convex_rough<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    relative_tolerance: T,
    warm_start: Option<Vector3<T>>,
    max_iterations: usize,
) -> ConvexDistance<T> {
    // NaN compares false: GJK's own tolerance.
    let tol = if relative_tolerance > T::ZERO { relative_tolerance.to_f64() } else { 0.0 };
    let start = Start { dir: warm_start, cached: &[], limit: f64::INFINITY, tol };
    gjk_on_cores(a, b, start, max_iterations).result
}

/// What a GJK distance query leaves for the next query on the same pair: the directions its
/// final simplex's vertices were found along. A pair that moved a little since (a step of a
/// simulation, a frame of a drag) is then warm-started from that simplex: the directions are
/// evaluated again on the shapes where they are now, which for a polytope pair finds the same
/// closest features, and for a curved pair points near the new closest ones, so GJK starts next
/// to its answer instead of from the centers. An empty cache ([`GjkCache::new`]) starts cold.
///
/// # Examples
/// ```
/// use osculate_closest::{GJK_MAX_ITERATIONS, GjkCache, distance_convex_cached};
/// use osculate_math::{Obb, Point3, Rotation3, Vector3};
///
/// let a = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(1.0_f64, 1.0, 1.0));
/// let mut cache = GjkCache::new();
/// for k in 0..3 {
///     let x = 3.0 + 0.01 * f64::from(k);
///     let b = Obb::new(Point3::new(x, 0.5, 0.0), Rotation3::identity(), Vector3::new(1.0, 1.0, 1.0));
///     let r = distance_convex_cached(&a, &b, &mut cache, GJK_MAX_ITERATIONS);
///     assert!((r.closest.distance - (x - 2.0)).abs() < 1e-9);
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct GjkCache<T: Real> {
    dirs: [Vector3<T>; 4],
    len: usize,
}

impl<T: Real> GjkCache<T> {
    /// An empty cache: the next query starts cold.
    #[must_use]
    pub fn new() -> Self {
        Self { dirs: [Vector3::zeros(); 4], len: 0 }
    }

    /// Empties the cache (for a pair that jumped, or another pair).
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the run's final simplex directions, the finite non-zero ones, when the shapes were
    /// apart. After overlap (or an invalid run) it keeps none: the cold start from the centers
    /// finds an overlap in two or three support points, fewer than re-evaluating a tetrahedron.
    fn keep(&mut self, run: &GjkRun<T>) {
        self.len = 0;
        if matches!(run.result.status, DistanceStatus::Invalid | DistanceStatus::Overlapping) {
            return;
        }
        for d in &run.directions[..run.len] {
            if *d != Vector3::zeros() && d.iter().all(|x| x.is_finite()) {
                self.dirs[self.len] = *d;
                self.len += 1;
            }
        }
    }
}

impl<T: Real> Default for GjkCache<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// [`distance_convex`] warm-started from `cache` and leaving its own final simplex there for the
/// next query (see [`GjkCache`]). The answer is [`distance_convex`]'s within its tolerance (the
/// run starts from another simplex of points of `A − B`, so it may stop at another point of the
/// same tolerance band); an empty cache gives [`distance_convex`]'s run exactly. Coherent queries
/// converge in fewer steps: for a polytope pair whose closest features stay the same, the cached
/// simplex's points are the new closest features and one more support point confirms them.
/// NaN or infinite shapes give [`DistanceStatus::Invalid`] and empty the cache.
///
/// # Examples
/// ```
/// use osculate_closest::{GJK_MAX_ITERATIONS, GjkCache, distance_convex, distance_convex_cached};
/// use osculate_math::{Cone, Cylinder, Point3, Vector3};
///
/// let cyl = Cylinder::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0), 1.0);
/// let mut cache = GjkCache::new();
/// for k in 0..10 {
///     let cone = Cone::new(Point3::new(4.0, 0.01 * f64::from(k), 1.0), -Vector3::x_axis(), 2.0, 1.0);
///     let warm = distance_convex_cached(&cyl, &cone, &mut cache, GJK_MAX_ITERATIONS);
///     let cold = distance_convex(&cyl, &cone, None, GJK_MAX_ITERATIONS);
///     assert!((warm.closest.distance - cold.closest.distance).abs() < 1e-6);
/// }
/// ```
#[must_use]
pub fn distance_convex_cached<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    cache: &mut GjkCache<T>,
    max_iterations: usize,
) -> ConvexDistance<T> {
    let dirs = cache.dirs;
    let start = Start { dir: None, cached: &dirs[..cache.len], limit: f64::INFINITY, tol: 0.0 };
    let run = gjk_on_cores(a, b, start, max_iterations);
    cache.keep(&run);
    run.result
}

/// [`gjk_loop`] from `start` on the shapes' cores, the margins subtracted from the answer (the
/// shapes themselves when neither has a margin), stopping once the cores are within the margins.
fn gjk_on_cores<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    start: Start<'_, T>,
    max_iterations: usize,
) -> GjkRun<T> {
    let (ma, mb) = (a.margin(), b.margin());
    if ma + mb == T::ZERO {
        return gjk_loop(a, b, start, max_iterations, (T::ZERO, T::ZERO), false);
    }
    gjk_loop(&Core(a), &Core(b), start, max_iterations, (ma, mb), true)
}

/// How a [`gjk_loop`] starts and when it may stop early: the first search direction (`None`:
/// from B's center to A's), the distance beyond which it stops with
/// [`DistanceStatus::Beyond`] (infinite: never) and the relative tolerance of its termination
/// (raised to GJK's own; 0 keeps GJK's own).
#[derive(Clone, Copy)]
struct Start<'c, T: Real> {
    dir: Option<Vector3<T>>,
    /// A cached simplex's directions (see [`GjkCache`]); when not empty, they replace `dir`.
    cached: &'c [Vector3<T>],
    limit: f64,
    tol: f64,
}

/// How [`gjk_run`] treats the shapes' [margins](SupportMap::margin).
#[derive(Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    not(feature = "alloc"),
    allow(dead_code, reason = "EPA, the user of `Whole`, needs alloc")
)]
pub(crate) enum Margins {
    /// The whole shapes (EPA needs their simplex).
    Whole,
    /// The cores, with the margins subtracted from the answer. `stop_inside`: stop as
    /// overlapping as soon as the cores are nearer than the margins' sum (a distance query needs
    /// no more); otherwise the cores' distance is converged (a contact's depth is read from it).
    Cores { stop_inside: bool },
}

/// A [`gjk_run`]: the answer, the final simplex (the vertices and their count), from which EPA
/// starts when the shapes overlap, and, with [`Margins::Cores`], the cores' own answer (their
/// closest points and distance, before the margins are subtracted) and the margins.
#[cfg_attr(not(feature = "alloc"), allow(dead_code, reason = "EPA, their reader, needs alloc"))]
pub(crate) struct GjkRun<T: Real> {
    pub(crate) result: ConvexDistance<T>,
    pub(crate) simplex: [Vertex<T>; 4],
    /// The direction each simplex vertex was found along (a warm start's cache).
    pub(crate) directions: [Vector3<T>; 4],
    pub(crate) len: usize,
    /// The cores' closest points (the simplex's witnesses) and their status.
    pub(crate) core: (Point3<T>, Point3<T>, DistanceStatus),
    /// The margins of A and B used (0 with [`Margins::Whole`]).
    pub(crate) margins: (T, T),
}

/// [`distance_convex`] with the margins treated as `margins` says.
pub(crate) fn gjk_run<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    warm_start: Option<Vector3<T>>,
    max_iterations: usize,
    margins: Margins,
) -> GjkRun<T> {
    let (ma, mb) = match margins {
        Margins::Whole => (T::ZERO, T::ZERO),
        Margins::Cores { .. } => (a.margin(), b.margin()),
    };
    let start = Start { dir: warm_start, cached: &[], limit: f64::INFINITY, tol: 0.0 };
    if ma + mb == T::ZERO {
        return gjk_loop(a, b, start, max_iterations, (T::ZERO, T::ZERO), false);
    }
    let stop_inside = margins == Margins::Cores { stop_inside: true };
    gjk_loop(&Core(a), &Core(b), start, max_iterations, (ma, mb), stop_inside)
}

/// The GJK loop on `a` and `b`, whose answer is moved out by the margins `(ma, mb)`: see [`distance_convex`]
/// and [`gjk_run`].
fn gjk_loop<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    start: Start<'_, T>,
    max_iterations: usize,
    (ma, mb): (T, T),
    stop_inside: bool,
) -> GjkRun<T> {
    let tol = gjk_tolerance::<T>();
    let m = ma + mb;
    let invalid = |iterations| {
        let nan = Point3::new(T::NAN, T::NAN, T::NAN);
        let v = Vertex { w: Vector3::zeros(), a: nan, b: nan };
        let r = ConvexDistance {
            status: DistanceStatus::Invalid,
            closest: ClosestPoints::nan(),
            iterations,
            direction: Vector3::zeros(),
        };
        GjkRun {
            result: r,
            simplex: [v; 4],
            directions: [Vector3::zeros(); 4],
            len: 0,
            core: (nan, nan, DistanceStatus::Invalid),
            margins: (ma, mb),
        }
    };
    // An invalid shape (NaN, a negative size, an inverted box …) gets no answer, as from the
    // closed forms: its support points may be finite and would make one up.
    if !(a.is_valid_input() && b.is_valid_input()) {
        return invalid(0);
    }
    let dir = usable_direction(
        start
            .dir
            .filter(|d| d.iter().all(|x| x.is_finite()) && *d != Vector3::zeros())
            .unwrap_or_else(|| a.center() - b.center()),
    );
    // The first vertex: the supports along −dir (A) and dir (B), a point of A − B.
    let support = |d: &Vector3<T>| Vertex::toward(a, b, d);
    // A warm start re-evaluates the cached simplex's directions on the shapes as they are now
    // (the cache's directions are finite and non-zero, see `GjkCache::keep`).
    let dirs = match start.cached {
        [] => core::slice::from_ref(&dir),
        cached => &cached[..cached.len().min(max_iterations.max(1))],
    };
    let first = support(&dirs[0]);
    if !first.w.iter().all(|x| x.is_finite()) {
        return invalid(1);
    }
    let mut simplex = Simplex::single(first, dirs[0]);
    // `v` is kept in f64 (the sub-algorithm's precision) and rounded to `T` only as a search
    // direction: in f32 a step's progress on a curved shape can be below `|v|`'s rounding, where
    // the f32 comparison saw none and stopped 8e-5 short at the unit scale (two cylinders, one of
    // radius 0; `progress_below_f32_rounding_still_counts`).
    let mut v64 = first.w.map(Real::to_f64);
    let mut v = first.w;
    // The magnitude of the support points: the rounding of every `w` is a few ε times it.
    let mut scale = magnitude(&first);
    // The vertices' magnitude: the size of `A − B` near the origin.
    let mut wscale = first.w.amax();
    let (tol, m64, floor) = (tol.to_f64().fast_max(start.tol), m.to_f64(), SIZE_FLOOR_F64);
    let mut iterations = 1;
    let mut status = DistanceStatus::IterationLimit;
    // The last direction a support point was taken along (`w = s_{A−B}(−searched)`).
    let mut searched = dirs[0];
    // The rest of a warm start's simplex (a point found twice adds nothing), and its closest
    // point: GJK goes on from any simplex of points of `A − B`.
    for d in &dirs[1..] {
        let x = support(d);
        iterations += 1;
        if !x.w.iter().all(|c| c.is_finite()) {
            return invalid(iterations);
        }
        scale = scale.fast_max(magnitude(&x));
        wscale = wscale.fast_max(x.w.amax());
        searched = *d;
        if (0..simplex.len).all(|i| simplex.v[i].w != x.w) {
            simplex.v[simplex.len] = x;
            simplex.dir[simplex.len] = *d;
            simplex.len += 1;
        }
    }
    let mut overlapping = false;
    if simplex.len > 1 {
        match simplex.closest(scale) {
            None => overlapping = true,
            Some((nv, weights)) => {
                simplex.keep(&weights[..simplex.len]);
                v64 = nv;
                v = nv.map(T::lit);
            }
        }
    }
    if overlapping {
        status = DistanceStatus::Overlapping;
    }
    while !overlapping && iterations < max_iterations {
        let vv = v64.norm_squared();
        // Touching or overlapping within rounding of the scale.
        if at_origin(vv, scale) {
            status = DistanceStatus::Overlapping;
            break;
        }
        // The cores nearer than the margins' sum: the shapes overlap (their witnesses, points of
        // the cores within `m`, give a shared point below).
        if stop_inside && vv <= m64 * m64 {
            status = DistanceStatus::Separated;
            break;
        }
        searched = v;
        let next = support(&v);
        iterations += 1;
        if !next.w.iter().all(|x| x.is_finite()) {
            return invalid(iterations);
        }
        scale = scale.fast_max(magnitude(&next));
        wscale = wscale.fast_max(next.w.amax());
        // Van den Bergen's termination: the support along −v cannot bring the lower bound
        // v·w/|v| closer to |v| than the tolerance — or than the rounding of `|v|² − v·w`,
        // which has two sources:
        // - the support points', rounded to a few ε of their magnitude `s` (`rounding`:
        //   8 ε_T |v| s), which is larger than the tolerance when |v| is small beside the
        //   shapes: without it a curved pair 7e-7 apart at the 1e-4 scale in f32 kept adding
        //   support points until a noise-thin tetrahedron "held" the origin
        //   (`gjk_stops_at_rounding_on_a_tiny_curved_pair`);
        // - `v`'s own, computed in f64 from vertices of norm up to `W` whose terms cancel down
        //   to |v| (`Simplex::v_rounding`): a segment's `v` is off by a few ε W in any
        //   direction, which enters `v·(v − w)` times `|v − w|`: 8 ε W (|v| + |w|); a face's `v`
        //   is its normal's direction (exact to ε over its widest angle's sine) times a length
        //   off by ε W: 8 ε (W gap/|v| + |v| |w| / sin θ). Below it the lower bound cannot be
        //   brought nearer |v|: the step `w` proves, `(|v|² − v·w)² / |w − v|²` off `|v|²`, is
        //   under `v`'s rounding (two cylinders 1e-7 apart at the unit scale, f64: 1e-25
        //   against 1e-23), and the sub-algorithm stalls.
        // Within that band the run ends; beyond the tolerance alone the lower bound decides
        // (`stalled`): separated when `v·w` exceeds `v`'s own rounding (the direction then
        // separates the shapes by the distance less the band over |v|: 8 ε W (|v| + |w|) / |v|
        // along a segment's `v`, the direction's rounding that `ConvexDistance::direction`
        // states), otherwise overlapping: `v` is within its rounding of a point of `A − B` at
        // the origin, and its direction, which a separated answer would report, does not
        // separate the shapes (a sphere and a cone overlapping by 0.39 would end "separated"
        // at 5e-15 along a noise `v`).
        // With margins the answer is `|v| − m`, and the gap is measured against it (against `|v|`
        // a ball of radius 1 at 1e-3 from a box would stop 1.5e-5 off in f32, 1.5% of the
        // distance); near `|v| = m` the gap falls to the rounding terms.
        let vw = v64.dot(&next.w.map(Real::to_f64));
        let d = sqrt(vv);
        // The lower bound `v·w/|v|` (less its rounding and the margins) beyond the limit: the
        // shapes are farther apart than asked about.
        if (vw - rounding(d, scale)) / d - m64 > start.limit {
            status = DistanceStatus::Beyond;
            break;
        }
        let gap =
            tol * d * if m64 > 0.0 { (d - m64).abs() } else { d }.fast_max(floor * wscale.to_f64());
        let own = simplex.v_rounding(d, vv - vw, &next.w);
        if vv - vw <= gap + rounding(d, scale) + own {
            // Within the tolerance alone the lower bound is at least `|v| − gap/|v|` (for
            // `distance_convex_rough` at a tolerance of 1 or more, as documented, possibly 0).
            status = if vv - vw <= gap { DistanceStatus::Separated } else { stalled(vw, own) };
            break;
        }
        // A support point already in the simplex: no progress is possible from it, unless the
        // sub-algorithm's `v` was not the simplex's nearest point (the termination test above
        // failed: `w` proves a nearer one); every face of the simplex is then measured.
        if (0..simplex.len).any(|i| simplex.v[i].w == next.w) {
            if let Some(nv) = simplex.nearest_face(None, vv) {
                v64 = nv;
                v = nv.map(T::lit);
                continue;
            }
            status = stalled(vw, own);
            break;
        }
        simplex.v[simplex.len] = next;
        simplex.dir[simplex.len] = v;
        simplex.len += 1;
        match simplex.closest(scale) {
            None => {
                status = DistanceStatus::Overlapping;
                break;
            }
            Some((nv, weights)) => {
                if !(nv.norm_squared() < vv) {
                    // No progress by the sub-algorithm, although `w` proves a nearer point of
                    // the simplex with it (the termination test failed): every face of the
                    // simplex with `w` is measured; when none is nearer (rounding), the previous
                    // simplex and its answer stand.
                    simplex.len -= 1;
                    if let Some(nv) = simplex.nearest_face(Some((next, v)), vv) {
                        v64 = nv;
                        v = nv.map(T::lit);
                        continue;
                    }
                    // No face is nearer within rounding: the previous answer stands, and the
                    // lower bound decides whether it is separated (see the termination test).
                    status = stalled(vw, own);
                    break;
                }
                simplex.keep(&weights[..simplex.len]);
                v64 = nv;
                v = nv.map(T::lit);
            }
        }
    }
    let (pa, pb) = simplex.witnesses();
    let core_distance =
        if status == DistanceStatus::Overlapping { T::ZERO } else { (pa - pb).norm() };
    if !core_distance.is_finite() {
        return invalid(iterations);
    }
    let core = (pa, pb, status);
    let (pa, pb, distance) = if status == DistanceStatus::Overlapping {
        let mid = Point3::from((pa.coords + pb.coords) * T::HALF);
        (mid, mid, T::ZERO)
    } else if m > T::ZERO && (core_distance <= m || v64.norm_squared() <= m64 * m64) {
        // The cores within the margins: the point dividing their witnesses' segment in the
        // margins' ratio is within `ma` of A's core and `mb` of B's, in both shapes. Decided by
        // `v` (the cores' distance, in f64, an upper bound) as well as by the witnesses: rounded
        // to `T` far from the origin their difference is off by their rounding (1e-3 at 1e4 in
        // f32), and cores 2.5e-4 within the margins there were reported apart, along a `v` that
        // did not separate the shapes.
        status = DistanceStatus::Overlapping;
        let p = pa + (pb - pa) * (ma / m);
        (p, p, T::ZERO)
    } else if m > T::ZERO {
        // The witnesses moved out along the cores' closest direction by each margin.
        let n = (pb - pa) / core_distance;
        (pa + n * ma, pb - n * mb, core_distance - m)
    } else {
        (pa, pb, core_distance)
    };
    // With `v` at the origin (within rounding) its direction is noise: the last search direction
    // is reported instead. When the simplex is the single support point found along it at the
    // origin (shapes touching at their first support points, e.g. two boxes face to face), `−v`
    // over `A − B` is at most its value at that point, 0: `−searched` is the normal of a plane
    // through the origin supporting `A − B`, a contact normal from A to B.
    let direction = if at_origin(v64.norm_squared(), scale) { searched } else { v };
    let r = ConvexDistance {
        status,
        closest: ClosestPoints {
            point_a: pa,
            point_b: pb,
            distance,
            param_a: Param::None,
            param_b: Param::None,
        },
        iterations,
        direction,
    };
    GjkRun {
        result: r,
        simplex: simplex.v,
        directions: simplex.dir,
        len: simplex.len,
        core,
        margins: (ma, mb),
    }
}

/// How a run that stops on its termination test or stalls ends, by the lower bound `v·w / |v|`
/// on the cores' distance that its last support point `w` gives: separated when `v·w` is
/// positive by more than the rounding `r` of `v` itself ([`Simplex::v_rounding`]: the plane
/// through `w` normal to `v` then separates the cores, up to the rounding of the support points,
/// the band [`at_origin`] calls touching); otherwise overlapping: the cores touch or overlap
/// within the rounding of `v`, whose direction is then noise (the margins, if any, are compared
/// with the cores' distance after the loop).
fn stalled(vw: f64, r: f64) -> DistanceStatus {
    if vw - r > 0.0 { DistanceStatus::Separated } else { DistanceStatus::Overlapping }
}

/// [`distance_convex`] as a [`ClosestPoints`] query with the default bound of [`GJK_MAX_ITERATIONS`]: the closest
/// points of any two convex shapes with a support mapping (distance 0 when they overlap).
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_convex;
/// use osculate_math::{Aabb, Point3, Triangle};
///
/// let b = Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let t = Triangle::new(Point3::new(2.0, 0.0, 0.0), Point3::new(3.0, 0.0, 0.0), Point3::new(2.0, 1.0, 0.0));
/// assert!((closest_points_convex(&b, &t).distance - 1.0).abs() < 1e-5);
/// ```
#[inline]
#[must_use]
pub fn closest_points_convex<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
) -> ClosestPoints<T> {
    distance_convex(a, b, None, GJK_MAX_ITERATIONS).closest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::*;
    use crate::*;
    use osculate_math::*;
    use osculate_testing::{Pair, for_f32_and_f64, test_tolerance};

    /// Asserts GJK's distance matches `want` within the GJK tolerance (relative to the distance)
    /// plus the test tolerance times the scale, and that it converged (not stopped by the bound
    /// of 64) within `bound` support evaluations.
    #[track_caller]
    fn agrees<T: Real>(got: &ConvexDistance<T>, want: T, scale: T, what: &str, bound: usize) {
        let tol = gjk_tolerance::<T>() * want.abs() * T::lit(4.0) + test_tolerance::<T>() * scale;
        assert!(
            (got.closest.distance - want).abs() <= tol,
            "{what}: distance_convex {:?} vs {want:?} (tol {tol:?}, {got:?})",
            got.closest.distance
        );
        assert!(
            matches!(got.status, DistanceStatus::Separated | DistanceStatus::Overlapping),
            "{what}: {got:?}"
        );
        assert!(got.iterations <= bound, "{what}: {} iterations, bound {bound}", got.iterations);
        // The witness points are that far apart.
        let gap = (got.closest.point_b - got.closest.point_a).norm();
        assert!((gap - got.closest.distance).abs() <= tol, "{what}: witnesses {got:?}");
    }

    /// The iteration bounds: twice the largest count measured over these 400 seeds in f32 and f64
    /// (sphere-sphere 10, in f32: in exact arithmetic two evaluations settle two spheres apart,
    /// the second confirming the first, and f32's rounding of `v·w` at the far and tiny scales
    /// costs more; segment-segment and point-triangle 4, AABB-AABB 5; the curved-flat pairs
    /// converge linearly, sphere-OBB 47 and capsule-capsule 38 in f64, where they are kept under
    /// the bound of 64 only).
    fn agrees_with_closed_forms<T: Real>() {
        for seed in 0..SEEDS {
            let p = Pair::<Sphere<T>, Sphere<T>>::from_seed(seed);
            let want = closest_points_sphere_sphere(&p.a, &p.b).distance;
            let s = scale(&[p.a.center, p.b.center]).fast_max(p.a.radius + p.b.radius);
            agrees(&distance_convex(&p.a, &p.b, None, 64), want, s, "sphere-sphere", 20);

            let p = Pair::<Segment<T>, Segment<T>>::from_seed(seed);
            let want = closest_points_segment_segment(&p.a, &p.b).distance;
            agrees(
                &distance_convex(&p.a, &p.b, None, 64),
                want,
                scale(&[p.a.a, p.a.b, p.b.a, p.b.b]),
                "segment-segment",
                8,
            );

            let p = Pair::<Point3<T>, Triangle<T>>::from_seed(seed);
            let want = (closest_point_on_triangle(&p.a, &p.b).point - p.a).norm();
            agrees(
                &distance_convex(&p.a, &p.b, None, 64),
                want,
                scale(&[p.a, p.b.a, p.b.b, p.b.c]),
                "point-triangle",
                8,
            );

            let p = Pair::<Sphere<T>, Obb<T>>::from_seed(seed);
            if let Some(c) = contact_sphere_obb(&p.a, &p.b) {
                let want = c.distance.fast_max(T::ZERO);
                let s =
                    scale(&[p.a.center, p.b.center]).fast_max(p.b.half_extents.amax() + p.a.radius);
                agrees(&distance_convex(&p.a, &p.b, None, 64), want, s, "sphere-obb", 63);
            }

            let p = Pair::<Capsule<T>, Capsule<T>>::from_seed(seed);
            let axes = closest_points_segment_segment(&p.a.segment(), &p.b.segment()).distance;
            let want = (axes - p.a.radius - p.b.radius).fast_max(T::ZERO);
            let s = scale(&[p.a.a, p.a.b, p.b.a, p.b.b]).fast_max(p.a.radius + p.b.radius);
            agrees(&distance_convex(&p.a, &p.b, None, 64), want, s, "capsule-capsule", 63);

            // Boxes: the closest-point distance of two AABBs is the per-axis gap's norm.
            let p = Pair::<Aabb<T>, Aabb<T>>::from_seed(seed);
            let gap = Vector3::from_fn(|i, _| {
                (p.a.min[i] - p.b.max[i]).fast_max(p.b.min[i] - p.a.max[i]).fast_max(T::ZERO)
            });
            let r = distance_convex(&p.a, &p.b, None, 64);
            agrees(&r, gap.norm(), scale(&[p.a.min, p.a.max, p.b.min, p.b.max]), "aabb-aabb", 10);

            // Warm start from the previous direction gives the same answer.
            let again = distance_convex(&p.a, &p.b, Some(r.direction), 64);
            agrees(
                &again,
                gap.norm(),
                scale(&[p.a.min, p.a.max, p.b.min, p.b.max]),
                "warm start",
                10,
            );
        }
    }

    /// A ball against a segment that converged to 0.00175, then a near-flat
    /// tetrahedron's noise signs picked a far face, the no-progress exit kept that simplex, and
    /// the reported distance jumped to 0.863.
    #[test]
    fn converged_answer_survives_a_noisy_last_step() {
        let p = Point3::new;
        let c = p(0.0012536554088737883_f64, -0.04524194418504224, 0.7212950989757188);
        let a = Capsule::new(c, c, 0.37334376022684274);
        let b = Capsule::new(
            p(-0.2434157912431223, -0.9452984562847255, 0.5963204423065172),
            p(0.338613637089086, 0.17923441361861148, 0.3153105154647484),
            0.0,
        );
        let want = closest_points_segment_sphere(&b.segment(), &Sphere::new(c, a.radius)).swapped();
        let r = distance_convex(&a, &b, None, 64);
        assert!((r.closest.distance - want.distance).abs() < 1e-9, "{r:?} vs {want:?}");
    }

    /// A cylinder and a cone 7.3e-7 apart at the 1e-4 scale, in
    /// f32. The relative gap test alone never held (the rounding of `v·w` is larger than 1.5e-5
    /// of `|v|²` there), GJK kept adding support points, and a noise-thin tetrahedron "held" the
    /// origin: overlapping at distance 0.
    #[test]
    fn gjk_stops_at_rounding_on_a_tiny_curved_pair() {
        use osculate_math::{Cone, Cylinder, Unit};
        let a = Cylinder::new(
            Point3::new(-5.0970677e-5_f32, -7.920982e-5, -5.8623216e-5),
            Point3::new(-4.6224e-5, -4.2559957e-5, -6.626485e-5),
            8.4148116e-5,
        );
        let b = Cone::new(
            Point3::new(6.0412367e-6, 5.45076e-5, -1.9249424e-5),
            Unit::new_normalize(Vector3::new(-0.0035613142, -0.9599848, -0.28002957)),
            6.940612e-5,
            6.4280255e-5,
        );
        let r = distance_convex(&a, &b, None, 64);
        // The referee of tests/it/convex_parry.rs: 7.3023e-7 apart.
        assert_eq!(r.status, DistanceStatus::Separated, "{r:?}");
        assert!((r.closest.distance - 7.3023e-7).abs() < 1e-8, "{r:?}");
        assert!(!intersect_convex(&a, &b, 64));
    }

    /// A shape's support mapping without its margin (GJK then runs on the whole shape).
    struct NoMargin<S>(S);

    impl<T: Real, S: SupportMap<T>> SupportMap<T> for NoMargin<S> {
        fn support(&self, dir: &Vector3<T>) -> Point3<T> {
            self.0.support(dir)
        }
        fn center(&self) -> Point3<T> {
            self.0.center()
        }
    }

    /// The simplex near a flat face of a curved `A − B` is a sliver beside the origin: the f32
    /// sub-algorithm turned `v` by 0.02 rad there and GJK stopped at 2.4854e-4 for 1.98e-5 (the
    /// gjk_pairs property, sphere-triangle in f32, run without the sphere's margin as it was
    /// then). In f64 with the triangle turned to its widest angle it ends within 6e-7.
    #[test]
    fn sliver_simplex_near_a_flat_face_still_converges_f32() {
        use crate::sq_distance_point_triangle;
        let ball = Sphere::new(Point3::new(-0.86495364_f32, -0.7951527, 0.0010139295), 0.8890672);
        let tri = Triangle::new(
            Point3::new(-0.049873088, 0.5160439, -0.12421342),
            Point3::new(-0.7394975, -0.05579791, 0.56824297),
            Point3::new(0.83021927, -0.24626009, -0.58733314),
        );
        let wide = Triangle::new(tri.a.cast::<f64>(), tri.b.cast::<f64>(), tri.c.cast::<f64>());
        let want = sq_distance_point_triangle(&ball.center.cast::<f64>(), &wide).sqrt()
            - f64::from(ball.radius);
        let r = distance_convex(&NoMargin(ball), &tri, None, GJK_MAX_ITERATIONS);
        assert_eq!(r.status, DistanceStatus::Separated, "{r:?}");
        assert!((f64::from(r.closest.distance) - want).abs() < 1e-6, "{r:?}, want {want}");
        // With its margin the ball is its center: a point against a triangle, exact in 3 steps.
        let r = distance_convex(&ball, &tri, None, GJK_MAX_ITERATIONS);
        assert!((f64::from(r.closest.distance) - want).abs() < 1e-7, "{r:?}, want {want}");
        assert!(r.iterations <= 3, "{r:?}");
    }

    /// On a curved pair a step's progress in `|v|` can be below f32's rounding of it (0.6621198
    /// then and after, for a true 0.6620398): the f32 comparison stopped 8e-5 short, the f64 `v`
    /// goes on (a cylinder and a radius-0 cylinder, the gjk_pairs property in f32).
    #[test]
    fn progress_below_f32_rounding_still_counts() {
        use osculate_math::Cylinder;
        let a = Cylinder::new(
            Point3::new(-0.0017457412_f32, 0.26911572, 0.40787065),
            Point3::new(-0.45482197, 0.1910243, -0.45614803),
            0.15335527,
        );
        let b = Cylinder::new(
            Point3::new(-0.6925105, 0.06252921, 0.7887055),
            Point3::new(-0.7291546, -0.095803216, 0.6504151),
            0.0,
        );
        let wide = |c: &Cylinder<f32>| {
            Cylinder::new(c.a.cast::<f64>(), c.b.cast::<f64>(), f64::from(c.radius))
        };
        let want = distance_convex(&wide(&a), &wide(&b), None, GJK_MAX_ITERATIONS);
        assert_eq!(want.status, DistanceStatus::Separated, "{want:?}");
        let r = distance_convex(&a, &b, None, GJK_MAX_ITERATIONS);
        assert_eq!(r.status, DistanceStatus::Separated, "{r:?}");
        let err = (f64::from(r.closest.distance) - want.closest.distance).abs();
        assert!(err < 1e-5, "{r:?}: {err:e} from {:?}", want.closest.distance);
    }

    /// Two cylinders 3.3e-9 apart at the 1e-4 scale (f64): the relative test alone needed 69
    /// steps; with the size floor it ends in 58. Two others, 1.5e-7
    /// apart at that scale and 4.5e-4 at the unit scale (a cylinder and a cone), need 66 and
    /// 65 (the most measured), within [`GJK_MAX_ITERATIONS`].
    #[test]
    fn nearly_touching_cylinders_converge_within_the_bound() {
        use osculate_math::{Cone, Cylinder, Unit};
        let p = |x: f64, y: f64, z: f64| Point3::new(x, y, z);
        // Within 1e-12 of the shapes' size: the size floor's `tol/1000` (1.5e-13), with room.
        let check = |r: ConvexDistance<f64>, want: f64, size: f64| {
            assert_eq!(r.status, DistanceStatus::Separated, "{r:?}");
            assert!((r.closest.distance - want).abs() <= 1e-12 * size, "{r:?}, want {want:e}");
        };
        let a = Cylinder::new(
            p(-1.1992413721123984e-5, 7.077041508845143e-5, 5.49444885125135e-5),
            p(-1.831932466614707e-6, 4.453733536794816e-5, 5.5770870619519955e-5),
            7.26846837660952e-5,
        );
        let b = Cylinder::new(
            p(-5.326800054484618e-5, -3.988453997472568e-5, 6.708177090805474e-5),
            p(-2.5801724526646096e-5, -6.841740273074383e-5, 0.00010808025851172321),
            8.158056966528398e-5,
        );
        // The references: 1,000 steps allowed.
        let r = distance_convex(&a, &b, None, GJK_MAX_ITERATIONS);
        assert!(r.iterations <= 64, "{r:?}");
        check(r, 3.282422123694808e-9, 1e-4);
        let a = Cylinder::new(
            p(5.438688279779771e-5, -6.911366220428828e-6, 9.9829166971108e-6),
            p(5.570976191136151e-5, -2.6567607296775857e-5, -3.114480680042263e-5),
            5.55950739131411e-5,
        );
        let b = Cylinder::new(
            p(-3.3153158671902494e-6, 6.226729874835784e-5, 1.7058571406165848e-5),
            p(-8.245408091675358e-6, 3.9036858345820185e-5, -9.873815828858945e-6),
            2.9932115465132932e-5,
        );
        check(distance_convex(&a, &b, None, GJK_MAX_ITERATIONS), 1.5247956792863532e-7, 1e-4);
        let a = Cylinder::new(
            p(0.347631721889339, -0.7485411629727241, -0.8551650346738151),
            p(0.1282480813414589, -0.6449707908935696, -1.4644705115801266),
            0.9175936250480524,
        );
        let axis = Vector3::new(0.5266981503311942, -0.8344035738762193, -0.16235681180748654);
        let b = Cone::new(
            p(0.5923261437716496, 0.9759431077381744, 0.016326530183369048),
            Unit::new_normalize(axis),
            0.8491949192709696,
            0.8146791077071148,
        );
        check(distance_convex(&a, &b, None, GJK_MAX_ITERATIONS), 0.0004460437201430068, 1.0);
    }

    /// Spheres and capsules run on their cores: a point (a radius-0 sphere has no margin, but
    /// the capsule does) against a capsule ends in 2 steps on the closed form's answer, where
    /// GJK on the round capsule stopped 1.3e-4 long in f32 (its progress below rounding); a ball
    /// sunk into a box gets the exact depth `m − d` along the cores' direction, with a witness
    /// on each shape.
    #[test]
    fn spheres_and_capsules_run_on_their_cores() {
        use crate::{closest_points_sphere_capsule, contact_convex};
        let a = Sphere::new(Point3::new(0.7293387_f32, 0.41285932, -0.52548856), 0.0);
        let b = Capsule::new(
            Point3::new(-0.25192955, -0.9182578, 0.43457285),
            Point3::new(0.6706611, 0.5259092, 0.27707574),
            0.27213687,
        );
        let r = distance_convex(&a, &b, None, GJK_MAX_ITERATIONS);
        let want = closest_points_sphere_capsule(&a, &b).distance;
        assert!((r.closest.distance - want).abs() < 1e-6, "{r:?}, want {want}");
        assert!(r.iterations <= 3, "{r:?}");
        let ball = Sphere::new(Point3::new(0.25_f64, -0.5, 1.2), 0.5);
        let cube = Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
        let Some(c) = contact_convex(&ball, &cube, 64) else {
            panic!("no contact for finite shapes");
        };
        assert!((c.distance + 0.3).abs() < 1e-12, "{c:?}");
        assert!((c.normal.into_inner() - Vector3::new(0.0, 0.0, -1.0)).norm() < 1e-12, "{c:?}");
        assert!((c.point_a - Point3::new(0.25, -0.5, 0.7)).norm() < 1e-12, "{c:?}");
        assert!((c.point_b - Point3::new(0.25, -0.5, 1.0)).norm() < 1e-12, "{c:?}");
        // Overlapping for `distance_convex`: one point in both shapes.
        let r = distance_convex(&ball, &cube, None, GJK_MAX_ITERATIONS);
        assert_eq!(r.status, DistanceStatus::Overlapping);
        let p = r.closest.point_a;
        assert!((p - ball.center).norm() <= 0.5 && p.z <= 1.0, "{r:?}");
        assert!(intersect_convex(&ball, &cube, GJK_MAX_ITERATIONS));
    }

    /// Two f32 boxes about 6e3 from the origin that overlap (f64 GJK on the same values says so):
    /// with f32's flatness tolerance, 128 ε of the support points' magnitude, every tetrahedron
    /// thinner than 0.1 there counted as flat, the one holding the origin was measured face by
    /// face, and GJK stopped "separated" at 0.016.
    #[test]
    fn overlapping_f32_boxes_far_from_the_origin_are_found() {
        use osculate_math::{Matrix3, Rotation3};
        let frame = |c: [[f32; 3]; 3]| {
            let m = Matrix3::from_columns(&c.map(|x| Vector3::new(x[0], x[1], x[2])));
            Rotation3::from_matrix_unchecked(m)
        };
        let a = Obb::new(
            Point3::new(-6264.1494_f32, -5011.3213, 5968.871),
            frame([
                [-0.5904158, -0.3517915, 0.7263966],
                [0.64850616, 0.32899946, 0.68643963],
                [-0.48046762, 0.87635744, 0.033892542],
            ]),
            Vector3::new(0.14746094, 0.5214844, 0.22509766),
        );
        let b = Obb::new(
            Point3::new(-6265.0894, -5010.9517, 5968.4316),
            frame([
                [0.30597216, -0.9358524, 0.17481767],
                [0.91767824, 0.2410258, -0.31586874],
                [0.25347096, 0.2570734, 0.9325587],
            ]),
            Vector3::new(0.49121094, 0.53759766, 0.28076172),
        );
        let wide = |o: &Obb<f32>| {
            let r = Rotation3::from_matrix_unchecked(o.rotation.matrix().map(f64::from));
            Obb::new(o.center.cast::<f64>(), r, o.half_extents.cast::<f64>())
        };
        let want = distance_convex(&wide(&a), &wide(&b), None, GJK_MAX_ITERATIONS);
        assert_eq!(want.status, DistanceStatus::Overlapping, "{want:?}");
        let r = distance_convex(&a, &b, None, GJK_MAX_ITERATIONS);
        assert_eq!(r.status, DistanceStatus::Overlapping, "{r:?}");
        assert!(intersect_convex(&a, &b, GJK_MAX_ITERATIONS));
    }

    #[test]
    fn degenerate_shapes_and_nan() {
        let p = |x: f64, y: f64, z: f64| Point3::new(x, y, z);
        // Points, a flat box, a zero-radius capsule (a segment), coincident shapes.
        let r = distance_convex(&p(0.0, 0.0, 0.0), &p(3.0, 4.0, 0.0), None, 64);
        assert_eq!((r.status, r.closest.distance), (DistanceStatus::Separated, 5.0));
        let flat = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 0.0));
        let r = distance_convex(&flat, &p(0.5, 0.5, 2.0), None, 64);
        assert!((r.closest.distance - 2.0).abs() < 1e-9, "{r:?}");
        let needle = Capsule::new(p(-1.0, 0.0, 0.0), p(1.0, 0.0, 0.0), 0.0);
        let r = distance_convex(&needle, &p(0.0, 1.0, 0.0), None, 64);
        assert!((r.closest.distance - 1.0).abs() < 1e-9, "{r:?}");
        let r = distance_convex(&flat, &flat, None, 64);
        assert_eq!((r.status, r.closest.distance), (DistanceStatus::Overlapping, 0.0));
        // NaN: invalid, no finite distance; the boolean says false.
        let bad = Sphere::new(p(f64::NAN, 0.0, 0.0), 1.0);
        let r = distance_convex(&bad, &flat, None, 64);
        assert!(r.status == DistanceStatus::Invalid && r.closest.distance.is_nan(), "{r:?}");
        assert!(!intersect_convex(&bad, &flat, 64));
        // The iteration bound is honoured and reported: a sphere against a box from a poor warm
        // start needs more than two support points.
        let s1 = Sphere::new(p(0.0, 0.0, 0.0), 1.0);
        let b = Aabb::new(p(2.0, -3.0, -3.0), p(4.0, 3.0, 3.0));
        let r = distance_convex(&s1, &b, Some(Vector3::new(0.3, 1.0, -0.7)), 2);
        assert!(r.iterations <= 2 && r.status == DistanceStatus::IterationLimit, "{r:?}");
        let r = distance_convex(&s1, &b, Some(Vector3::new(0.3, 1.0, -0.7)), 64);
        assert!(
            r.status == DistanceStatus::Separated && (r.closest.distance - 1.0).abs() < 1e-9,
            "{r:?}"
        );
    }

    /// on a sequence of slightly moved shapes, GJK started from the previous
    /// query's direction gives the same distance as a cold start (from the centers) and, in total,
    /// no more support evaluations.
    ///
    /// The case where the saving must hold: a point in the Voronoi region of an obtuse triangle's
    /// vertex `a`, whose centroid direction first picks another vertex (`c`): a cold start needs at
    /// least three evaluations. The previous answer's direction `a − p` lies in `a`'s normal cone
    /// as long as the point stays in `a`'s region, so the warm start's first support point is the
    /// closest one and its second only confirms it: two evaluations, the least any run makes.
    #[test]
    fn warm_start_saves_iterations_on_a_moving_pair() {
        let p = Point3::new;
        let tri = Triangle::new(p(0.0, 0.0, 0.0), p(10.0, 0.0, 0.0), p(-1.0, 1.0, 0.0));
        let (mut cold_total, mut warm_total) = (0, 0);
        let mut prev: Option<Vector3<f64>> = None;
        for k in 0..50 {
            let t = f64::from(k) * 0.01;
            let q = p(-1.0 + 0.3 * t, -3.0 + t, 0.5 - 0.2 * t);
            let cold = distance_convex(&tri, &q, None, 64);
            let warm = distance_convex(&tri, &q, prev, 64);
            let want = (q - tri.a).norm();
            assert!((cold.closest.distance - want).abs() <= 1e-12, "step {k}: {cold:?}");
            assert!((warm.closest.distance - want).abs() <= 1e-12, "step {k}: {warm:?}");
            assert!(cold.iterations >= 3, "step {k}: the cold start is not the intended case");
            if k > 0 {
                assert_eq!(warm.iterations, 2, "step {k}: {warm:?}");
            }
            cold_total += cold.iterations;
            warm_total += warm.iterations;
            prev = Some(warm.direction);
        }
        assert!(warm_total < cold_total, "warm {warm_total}, cold {cold_total}");

        // Curved shapes (a capsule turning past a cylinder): GJK converges linearly there, and a
        // warm start from the previous direction begins within the step's small angle of the
        // answer.
        let cyl = Cylinder::new(p(0.0, 0.0, -1.0), p(0.0, 0.0, 1.0), 0.8);
        let (mut cold_total, mut warm_total) = (0, 0);
        let mut prev: Option<Vector3<f64>> = None;
        for k in 0..50 {
            let angle = f64::from(k) * 0.02;
            let (s, c) = angle.sin_cos();
            let end = p(2.0 * c, 2.0 * s, 0.3);
            let cap = Capsule::new(end, end + Vector3::new(1.0 + c, 0.5, 1.5 - s), 0.4);
            let cold = distance_convex(&cyl, &cap, None, 64);
            let warm = distance_convex(&cyl, &cap, prev, 64);
            let d = cold.closest.distance;
            assert!(
                (warm.closest.distance - d).abs() <= 4.0 * gjk_tolerance::<f64>() * d + 1e-12,
                "step {k}: warm {warm:?}, cold {cold:?}"
            );
            cold_total += cold.iterations;
            warm_total += warm.iterations;
            prev = Some(warm.direction);
        }
        assert!(warm_total <= cold_total, "curved: warm {warm_total}, cold {cold_total}");
    }

    /// A ball 1.48e-3 from a box, both ~1e4 from the origin, moved by a rigid motion, in f64: it
    /// was reported overlapping. The vertices `w = a − b` are of size ~1 there, but each carries
    /// the rounding of support points of size 1e4: the termination and the tetrahedron's
    /// flatness test measured rounding against the vertices, so GJK went on adding noise until a
    /// tetrahedron 1e-12 thin "held" the origin. Both now measure it against the support points.
    #[test]
    fn far_sphere_and_box_under_motion_stay_apart() {
        use crate::support::Transformed;
        use osculate_math::nalgebra::Quaternion;
        use osculate_math::{Isometry3, Translation3, UnitQuaternion};
        let p = Point3::new;
        let a = Sphere::new(
            p(7873.496354467422_f64, 3128.419700933729, -5311.299063038478),
            0.8626169454450795,
        );
        let b = Aabb::new(
            p(7873.2106820149265, 3127.3618824561167, -5311.08010869831),
            p(7875.098114840587, 3127.5838022347957, -5310.713407228359),
        );
        let q = UnitQuaternion::new_unchecked(Quaternion::new(
            0.9509421406692878,
            -0.27574776200171014,
            -0.08935808383381713,
            -0.10810804643461637,
        ));
        let m = Isometry3::from_parts(
            Translation3::new(0.03722123371110264, -8.468147881775794, -8.244438359991111),
            q,
        );
        let plain = distance_convex(&a, &b, None, 64);
        let moved = distance_convex(
            &Transformed { shape: a, pose: m },
            &Transformed { shape: b, pose: m },
            None,
            64,
        );
        // The closed form: the center's distance to the box (Ericson 5.1.3) less the radius.
        let want = sq_distance_point_aabb(&a.center, &b).sqrt() - a.radius;
        for r in [plain, moved] {
            assert_eq!(r.status, DistanceStatus::Separated, "{r:?}");
            assert!((r.closest.distance - want).abs() <= 1e-9, "{r:?} vs {want}");
        }
    }

    for_f32_and_f64!(agrees_with_closed_forms);

    /// A capsule whose core lies 2.5e-4 within its radius of a triangle's, 1e4 from the origin:
    /// GJK stops as soon as the cores are nearer than the margin, and the f32 witnesses (rounded
    /// to 1e-3 there) were 1.4e-4 farther apart than the radius: the pair was reported apart by
    /// 1.4e-4 along a direction that overlapped them by 0.08. The cores' own distance decides.
    fn capsule_within_its_radius_of_a_far_triangle_overlaps<T: Real>() {
        use osculate_math::{Capsule, Triangle, point3};
        let p = point3::<T>;
        let cap = Capsule::new(
            p(2702.661, -9626.987, 132.0773),
            p(2701.922, -9628.0, 131.45758),
            T::lit(0.46515682),
        );
        let tri = Triangle::new(
            p(2702.5984, -9626.983, 131.15068),
            p(2701.316, -9626.927, 132.79533),
            p(2701.2522, -9626.555, 131.7627),
        );
        let r = distance_convex(&cap, &tri, None, GJK_MAX_ITERATIONS);
        assert_eq!(r.status, DistanceStatus::Overlapping, "{r:?}");
        assert_eq!(r.closest.distance, T::ZERO, "{r:?}");
    }

    for_f32_and_f64!(capsule_within_its_radius_of_a_far_triangle_overlaps);
}
