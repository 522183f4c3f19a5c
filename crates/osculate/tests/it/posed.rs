//! Posed queries against the world-space queries on the moved shapes: for every row of the pair
//! table ([`osculate::pair_table!`]) and every query it lists, in both argument orders, in `f32`
//! and `f64`, the answer of two [`Posed`] shapes equals the world-space answer of the same pair
//! with each shape moved by its pose, within the test tolerance at the scene's scale.
//!
//! The poses are a random rigid motion common to both shapes, each shape turned about its own
//! center first (so the shapes keep the nearness the generator gave them). The posed answer is
//! computed in one shape's frame, the world answer in world space: the two differ by rounding, so
//! every comparison is within a tolerance, and the disagreements rounding can cause are classified
//! and checked here:
//! - *touching*: an overlap test differs only when the shapes are within the tolerance of touching;
//! - *non-unique witnesses*: two shapes with parallel features have many closest pairs (or many
//!   deepest directions): the posed witnesses (normal) then differ from the world ones but are as
//!   good (on the shapes, `distance` apart; the normal gives the same depth);
//! - *grazing*: a sweep or a ray that only touches a shape may hit in one frame and miss in the
//!   other (the approach speed along the normal is within the tolerance, or the contact is at the
//!   end of the motion or of the ray).
//!
//! Non-finite poses are checked against the world-space policy at the end of this file.

use osculate::closest::{ClosestPoints, Contact, SupportMap};
use osculate::dynamic::Impact;
use osculate::math::UnitVector3;
use osculate::posed::LocalShape;
use osculate::prelude::*;
use osculate_testing::{GenerateAny, Motion, Pair, Rng, test_tolerance};

/// Seeds per row, query and scalar type.
const SEEDS: u64 = 48;
/// Seeds per row and scalar type for the queries through EPA (costly in a debug build).
const EPA_SEEDS: u64 = 6;

/// A shape as the test places it in world space (the world side of each comparison), and where
/// it is and how large.
trait Place<T: Real> {
    /// The moved shape's type.
    type World;
    /// The shape moved by `iso`.
    fn place(&self, iso: &Isometry3<T>) -> Self::World;
    /// A point of the shape (its bounding box's center where it is bounded).
    fn anchor(&self) -> Point3<T>;
    /// The largest coordinate of the shape's finite bounds (its anchor's for an unbounded one).
    fn size(&self) -> T;
}

fn bounded_size<T: Real, S: Bounded<T>>(s: &S) -> T {
    let b = s.aabb();
    b.min.iter().chain(b.max.iter()).filter(|x| x.is_finite()).fold(T::ZERO, |m, x| m.max(x.abs()))
}

macro_rules! place_local {
    ($($S:ident),*) => {$(
        impl<T: Real> Place<T> for $S<T> {
            type World = <$S<T> as LocalShape>::Local;
            fn place(&self, iso: &Isometry3<T>) -> Self::World { self.moved(iso) }
            fn anchor(&self) -> Point3<T> { self.aabb().center() }
            fn size(&self) -> T { bounded_size(self) }
        }
    )*};
}
place_local!(Sphere, Segment, Capsule, Aabb, Obb, Triangle, Tetrahedron, Cylinder, Cone);

macro_rules! place_polytope {
    ($($S:ident),*) => {$(
        impl<T: Real> Place<T> for $S<T> {
            type World = $S<T>;
            fn place(&self, iso: &Isometry3<T>) -> Self::World { self.transformed(iso) }
            fn anchor(&self) -> Point3<T> { self.aabb().center() }
            fn size(&self) -> T { bounded_size(self) }
        }
    )*};
}
place_polytope!(ConvexPolygon, ConvexPolyhedron);

macro_rules! place_unbounded {
    ($($S:ident: |$s:ident| $anchor:expr;)*) => {$(
        impl<T: Real> Place<T> for $S<T> {
            type World = <$S<T> as LocalShape>::Local;
            fn place(&self, iso: &Isometry3<T>) -> Self::World { self.moved(iso) }
            fn anchor(&self) -> Point3<T> { let $s = self; $anchor }
            fn size(&self) -> T { self.anchor().coords.amax() }
        }
    )*};
}
place_unbounded! {
    Point3: |p| *p;
    Line: |l| l.point;
    Ray: |r| r.origin;
    Plane: |p| Point3::from(p.normal.into_inner() * p.d);
    Halfspace: |h| Point3::from(h.plane.normal.into_inner() * h.plane.d);
}

/// A scene: the pair, a pose for each shape, the world-space shapes and the tolerance.
struct Scene<A: Place<T>, B: Place<T>, T: Real> {
    pair: Pair<A, B>,
    pose_a: Isometry3<T>,
    pose_b: Isometry3<T>,
    world_a: A::World,
    world_b: B::World,
    tol: T,
}

/// A random rotation about `center` followed by `common`.
fn turned_about<T: Real>(rng: &mut Rng, center: &Point3<T>, common: &Isometry3<T>) -> Isometry3<T> {
    let r = UnitQuaternion::from_rotation_matrix(&rng.rotation::<T>());
    let about = Isometry3::from_parts(center.coords.into(), r)
        * Isometry3::from_parts((-center.coords).into(), UnitQuaternion::identity());
    common * about
}

impl<T: Real, A, B> Scene<A, B, T>
where
    A: Place<T> + GenerateAny<Scalar = T>,
    B: Place<T> + GenerateAny<Scalar = T>,
{
    fn new(seed: u64) -> Self {
        let pair = Pair::<A, B>::from_seed(seed);
        let mut rng = Rng::new(pair.seed);
        let common = Motion::<T>::random(&mut rng).0;
        let pose_a = turned_about(&mut rng, &pair.a.anchor(), &common);
        let pose_b = turned_about(&mut rng, &pair.b.anchor(), &common);
        let scale = pair.a.size().max(pair.b.size()) + common.translation.vector.amax();
        let (world_a, world_b) = (pair.a.place(&pose_a), pair.b.place(&pose_b));
        Self { pair, pose_a, pose_b, world_a, world_b, tol: test_tolerance::<T>() * scale }
    }
    fn posed_a(&self) -> Posed<'_, A, T> {
        Posed::new(&self.pair.a, self.pose_a)
    }
    fn posed_b(&self) -> Posed<'_, B, T> {
        Posed::new(&self.pair.b, self.pose_b)
    }
    /// A displacement of `seed`: toward the other shape half the time.
    fn velocity(&self, seed: u64, toward: Vector3<T>) -> Vector3<T> {
        let mut rng = Rng::new(seed);
        if rng.chance(0.5) {
            toward * T::lit(rng.range(0.5, 3.0))
        } else {
            rng.unit_vector::<T>().into_inner()
                * T::lit(rng.range(0.0, 3.0))
                * (self.tol / test_tolerance::<T>())
        }
    }
    /// The world-space motions of a sweep: each toward the other half the time.
    fn motions(&self) -> (Vector3<T>, Vector3<T>) {
        let toward = self.pose_b * self.pair.b.anchor() - self.pose_a * self.pair.a.anchor();
        (self.velocity(self.pair.seed ^ 5, toward), self.velocity(self.pair.seed ^ 6, -toward))
    }
}

/// The tolerance factor of a query answered by `how`: the iterative algorithms stop at their own
/// relative tolerance, larger than rounding.
fn factor<T: Real>(how: &str) -> T {
    match how {
        "gjk" | "cast" => T::lit(1e3),
        "epa" => T::lit(1e4),
        _ => T::lit(64.0),
    }
}

/// `a` and `b` equal within `tol`.
fn near<T: Real>(a: &Point3<T>, b: &Point3<T>, tol: T) -> bool {
    (a - b).norm() <= tol
}

/// Unit normals equal within `tol` (unitless).
fn same_normal<T: Real>(a: &UnitVector3<T>, b: &UnitVector3<T>, tol: T) -> bool {
    (a.into_inner() - b.into_inner()).norm() <= tol
}

/// The separation of `a` and `b` along `n` (from `a` toward `b`): the gap between their supports.
fn separation<T: Real, A: SupportMap<T>, B: SupportMap<T>>(a: &A, b: &B, n: &Vector3<T>) -> T {
    n.dot(&b.support(&-n).coords) - n.dot(&a.support(n).coords)
}

/// How far the placed shapes are from touching (0 when they touch; for a plane, the signed
/// distance of the shape's extent along its normal).
macro_rules! gap {
    (Plane; $a:expr, $p:expr) => {{
        let n = $p.normal.into_inner();
        let (hi, lo) = (n.dot(&$a.support(&n).coords), n.dot(&$a.support(&-n).coords));
        if lo > $p.d {
            lo - $p.d
        } else if hi < $p.d {
            $p.d - hi
        } else {
            T::ZERO
        }
    }};
    (Halfspace; $a:expr, $h:expr) => {{
        let n = $h.plane.normal.into_inner();
        (n.dot(&$a.support(&-n).coords) - $h.plane.d).max(T::ZERO)
    }};
    ($B:ident; $a:expr, $b:expr) => {
        osculate::closest::closest_points_convex($a, $b).distance
    };
}

/// The signed depth of `a` into `b` (negative when they overlap; for a plane, the least
/// signed distance of the shape's extent to it).
macro_rules! depth {
    (Plane; $a:expr, $p:expr) => {{
        let n = $p.normal.into_inner();
        let (hi, lo) =
            (n.dot(&$a.support(&n).coords) - $p.d, n.dot(&$a.support(&-n).coords) - $p.d);
        if lo > T::ZERO {
            lo
        } else if hi < T::ZERO {
            -hi
        } else {
            -hi.min(-lo)
        }
    }};
    (Halfspace; $a:expr, $h:expr) => {{
        let n = $h.plane.normal.into_inner();
        n.dot(&$a.support(&-n).coords) - $h.plane.d
    }};
    ($B:ident; $a:expr, $b:expr) => {
        osculate::closest::contact_convex($a, $b, osculate::closest::EPA_MAX_ITERATIONS)
            .map_or(T::ZERO, |c| c.distance)
    };
}

/// A world-space shape translated by `v`.
trait Shift<T: Real> {
    fn shifted(&self, v: &Vector3<T>) -> Self;
}

macro_rules! shift {
    ($($S:ident),*) => {$(
        impl<T: Real> Shift<T> for $S<T> {
            fn shifted(&self, v: &Vector3<T>) -> Self { self.transformed(&Isometry3::translation(v.x, v.y, v.z)) }
        }
    )*};
}
shift!(
    Sphere,
    Segment,
    Capsule,
    Obb,
    Triangle,
    Tetrahedron,
    Cylinder,
    Cone,
    Plane,
    Halfspace,
    ConvexPolygon,
    ConvexPolyhedron
);

/// The distance of `p` to the placed shape (a point's own distance for a point, the distance
/// outside for a halfspace).
macro_rules! off_shape {
    (Point3; $p:expr, $s:expr) => {
        ($p - $s).norm()
    };
    (Halfspace; $p:expr, $h:expr) => {
        ($h.plane.normal.dot(&$p.coords) - $h.plane.d).max(T::ZERO)
    };
    ($S:ident; $p:expr, $s:expr) => {
        $p.distance($s)
    };
}

/// The direction check of a contact normal: the posed normal gives the world depth.
/// (A plane's normal is unique: no other normal is accepted there.)
macro_rules! normal_gives_depth {
    (Plane, $B:ident; $a:expr, $b:expr, $n:expr) => {{
        let _ = $n;
        T::NAN
    }};
    (Halfspace, $B:ident; $a:expr, $b:expr, $n:expr) => {{
        let _ = $n;
        T::NAN
    }};
    ($A:ident, Plane; $a:expr, $b:expr, $n:expr) => {{
        let _ = $n;
        T::NAN
    }};
    ($A:ident, Halfspace; $a:expr, $b:expr, $n:expr) => {{
        let _ = $n;
        T::NAN
    }};
    ($A:ident, $B:ident; $a:expr, $b:expr, $n:expr) => {
        separation($a, $b, $n)
    };
}

/// Overlap: equal, or the shapes within the tolerance of touching.
macro_rules! check_overlap {
    ($A:ident, $B:ident, $how:ident; $s:expr, $touching:expr) => {{
        let s = &$s;
        let got = s.posed_a().overlaps(&s.posed_b());
        let back = s.posed_b().overlaps(&s.posed_a());
        let want = s.world_a.overlaps(&s.world_b);
        let want_back = s.world_b.overlaps(&s.world_a);
        if got != want || back != want_back {
            let gap: T = gap!($B; &s.world_a, &s.world_b);
            assert!(gap.abs() <= factor::<T>(stringify!($how)) * s.tol,
                "overlap {got}/{back}, world {want}/{want_back}, gap {gap:?}: {:?}", s.pair);
            $touching += 1;
        }
    }};
}

/// Distance: the distance within the tolerance; the witnesses the world ones or (non-unique
/// witnesses) on their shapes and `distance` apart.
fn check_closest<T: Real>(
    got: &ClosestPoints<T>,
    want: &ClosestPoints<T>,
    tol: T,
    on_shapes: impl Fn(&ClosestPoints<T>) -> (T, T),
    what: &dyn std::fmt::Debug,
) -> bool {
    if !want.distance.is_finite() {
        assert!(!got.distance.is_finite(), "posed {got:?}, world {want:?}: {what:?}");
        return true;
    }
    assert!((got.distance - want.distance).abs() <= tol, "posed {got:?}, world {want:?}: {what:?}");
    if near(&got.point_a, &want.point_a, tol) && near(&got.point_b, &want.point_b, tol) {
        return true;
    }
    let (off_a, off_b) = on_shapes(got);
    assert!(
        off_a <= tol && off_b <= tol,
        "posed witnesses off the shapes {got:?}, {want:?}: {what:?}"
    );
    assert!(((got.point_b - got.point_a).norm() - got.distance).abs() <= tol, "{got:?}: {what:?}");
    false
}

macro_rules! check_distance {
    ($A:ident, $B:ident, $how:ident; $s:expr, $other:expr) => {{
        let s = &$s;
        let tol = factor::<T>(stringify!($how)) * s.tol;
        let got = s.posed_a().closest_points(&s.posed_b());
        let want = s.world_a.closest_points(&s.world_b);
        assert!(crate::catalogue::same(&s.posed_a().distance(&s.posed_b()), &got.distance));
        let on = |c: &ClosestPoints<T>| (off_shape!($A; c.point_a, &s.world_a), off_shape!($B; c.point_b, &s.world_b));
        if !check_closest(&got, &want, tol, on, &s.pair) { $other += 1; }
        let got = s.posed_b().closest_points(&s.posed_a());
        let want = s.world_b.closest_points(&s.world_a);
        let on = |c: &ClosestPoints<T>| (off_shape!($B; c.point_a, &s.world_b), off_shape!($A; c.point_b, &s.world_a));
        if !check_closest(&got, &want, tol, on, &s.pair) { $other += 1; }
    }};
}

/// Contact: both none or both some; the distance within the tolerance; the normal and witnesses
/// the world ones or (non-unique) a normal along which the shapes are `distance` apart.
fn check_contact<T: Real>(
    got: &Option<Contact<T>>,
    want: &Option<Contact<T>>,
    tol: T,
    unit_tol: T,
    depth_along: impl Fn(&Vector3<T>) -> T,
    what: &dyn std::fmt::Debug,
) -> bool {
    let (got, want) = match (got, want) {
        (None, None) => return true,
        (Some(g), Some(w)) => (g, w),
        (Some(c), None) | (None, Some(c)) => {
            // Touching within the tolerance: EPA may find no depth to resolve in one frame.
            assert!(c.distance.abs() <= tol, "posed {got:?}, world {want:?}: {what:?}");
            return false;
        }
    };
    assert!((got.distance - want.distance).abs() <= tol, "posed {got:?}, world {want:?}: {what:?}");
    if same_normal(&got.normal, &want.normal, unit_tol)
        && near(&got.point_a, &want.point_a, tol)
        && near(&got.point_b, &want.point_b, tol)
    {
        return true;
    }
    let along = depth_along(&got.normal);
    assert!(
        (along - want.distance).abs() <= tol,
        "posed normal gives {along:?}: {got:?}, {want:?}: {what:?}"
    );
    false
}

macro_rules! check_contact {
    ($A:ident, $B:ident, $how:ident; $s:expr, $other:expr) => {{
        let s = &$s;
        let k = factor::<T>(stringify!($how));
        let (tol, unit_tol) = (k * s.tol, k * test_tolerance::<T>().sqrt());
        let got = s.posed_a().contact(&s.posed_b());
        let want = s.world_a.contact(&s.world_b);
        let along = |n: &Vector3<T>| normal_gives_depth!($A, $B; &s.world_a, &s.world_b, n);
        if !check_contact(&got, &want, tol, unit_tol, along, &s.pair) { $other += 1; }
        let got = s.posed_b().contact(&s.posed_a());
        let want = s.world_b.contact(&s.world_a);
        let along = |n: &Vector3<T>| normal_gives_depth!($B, $A; &s.world_b, &s.world_a, n);
        if !check_contact(&got, &want, tol, unit_tol, along, &s.pair) { $other += 1; }
    }};
}

/// Sweep: both none or both some (else grazing: `A`'s path over the relative motion is within the
/// tolerance of touching `B`, `path_touches`); the time, point and normal within the tolerance (at
/// an initial touch within the tolerance one answer may say overlapping at 0 and the other a time
/// within the tolerance; the normal at an initial overlap, at a grazing contact or at an edge may
/// differ, then it still opposes the approach).
fn check_impact<T: Real>(
    got: &Option<Impact<T>>,
    want: &Option<Impact<T>>,
    v_rel: &Vector3<T>,
    path_touches: impl Fn() -> bool,
    on_shapes: impl Fn(&Impact<T>) -> T,
    tol: T,
    unit_tol: T,
    what: &dyn std::fmt::Debug,
) -> bool {
    let speed = v_rel.norm();
    let time_tol = if speed > T::ZERO { tol / speed } else { T::INFINITY };
    let (got, want) = match (got, want) {
        (None, None) => return true,
        (Some(g), Some(w)) => (g, w),
        _ => {
            assert!(path_touches(), "posed {got:?}, world {want:?}: {what:?}");
            return false;
        }
    };
    assert!((got.toi - want.toi).abs() <= time_tol, "posed {got:?}, world {want:?}: {what:?}");
    if got.initially_overlapping != want.initially_overlapping {
        assert!(got.toi.max(want.toi) <= time_tol, "posed {got:?}, world {want:?}: {what:?}");
        return false;
    }
    if same_normal(&got.normal, &want.normal, unit_tol) && near(&got.point, &want.point, tol) {
        return true;
    }
    if same_normal(&got.normal, &want.normal, unit_tol) {
        // Overlapping at the start, or face against face: the point is one of many, on both
        // shapes (inside both when overlapping) at the time of impact.
        let off = on_shapes(got);
        assert!(off <= tol, "posed point {off:?} off the shapes {got:?}, {want:?}: {what:?}");
        return true;
    }
    // A contact at an edge or vertex, or an initial overlap: another normal, as valid.
    assert!(
        got.initially_overlapping || path_touches() || got.normal.dot(v_rel) >= -unit_tol * speed,
        "posed {got:?}, world {want:?}: {what:?}"
    );
    false
}

macro_rules! check_sweep {
    ($A:ident, $B:ident, $how:ident; $s:expr, $other:expr) => {{
        let s = &$s;
        let k = factor::<T>(stringify!($how));
        let (tol, unit_tol) = (k * s.tol, k * test_tolerance::<T>().sqrt());
        let (va, vb) = s.motions();
        // A's path over the relative motion only touches B: its signed depth within the tolerance.
        let touches = || {
            let path = osculate::closest::Swept { shape: &s.world_a, motion: va - vb };
            let depth: T = depth!($B; &path, &s.world_b);
            depth.abs() <= tol
        };
        let on = |h: &Impact<T>| {
            let (a, b) = (s.world_a.shifted(&(va * h.toi)), s.world_b.shifted(&(vb * h.toi)));
            // On one shape at least: the oriented boxes' sweep gives a point of A nearest B's
            // extreme vertex, which for faces in contact is one vertex of a tie, off B.
            off_shape!($A; h.point, &a).min(off_shape!($B; h.point, &b))
        };
        let got = s.posed_a().time_of_impact(&va, &s.posed_b(), &vb);
        let want = s.world_a.time_of_impact(&va, &s.world_b, &vb);
        if !check_impact(&got, &want, &(va - vb), touches, on, tol, unit_tol, &s.pair) { $other += 1; }
        let got = s.posed_b().time_of_impact(&vb, &s.posed_a(), &va);
        let want = s.world_b.time_of_impact(&vb, &s.world_a, &va);
        if !check_impact(&got, &want, &(vb - va), touches, on, tol, unit_tol, &s.pair) { $other += 1; }
    }};
}

/// Ray: both none or both some (else grazing: the hit's normal across the ray within the
/// tolerance, or the hit at the ray's end); the parameters, point and normal within the tolerance
/// (the normal at an edge may differ, still facing the ray).
fn check_ray<T: Real>(
    got: &Option<RayHit<T>>,
    want: &Option<RayHit<T>>,
    ray: &Ray<T>,
    tol: T,
    unit_tol: T,
    what: &dyn std::fmt::Debug,
) -> bool {
    let len = ray.direction.norm();
    let t_tol = tol / len;
    let grazing = |h: &RayHit<T>| {
        h.normal.dot(&ray.direction).abs() <= unit_tol * len || h.t_enter >= ray.max_t - t_tol
    };
    let (got, want) = match (got, want) {
        (None, None) => return true,
        (Some(g), Some(w)) => (g, w),
        (Some(h), None) | (None, Some(h)) => {
            assert!(grazing(h), "posed {got:?}, world {want:?}: {what:?}");
            return false;
        }
    };
    assert!((got.t_enter - want.t_enter).abs() <= t_tol, "posed {got:?}, world {want:?}: {what:?}");
    let exits = (got.t_exit - want.t_exit).abs() <= t_tol || got.t_exit == want.t_exit;
    assert!(exits, "posed {got:?}, world {want:?}: {what:?}");
    if same_normal(&got.normal, &want.normal, unit_tol) && near(&got.point, &want.point, tol) {
        return true;
    }
    assert!(near(&got.point, &want.point, tol), "posed {got:?}, world {want:?}: {what:?}");
    assert!(
        got.normal.dot(&ray.direction) <= unit_tol * len,
        "posed {got:?}, world {want:?}: {what:?}"
    );
    false
}

macro_rules! check_ray {
    ($B:ident, $how:ident; $s:expr, $other:expr) => {{
        let s = &$s;
        let k = factor::<T>(stringify!($how));
        let (tol, unit_tol) = (k * s.tol, k * test_tolerance::<T>().sqrt());
        // The pair's ray is near the shape in the shape's frame: the shape's pose carries it.
        let ray = s.pair.a.moved(&s.pose_b);
        let got = s.posed_b().cast_ray(&ray);
        let want = s.world_b.cast_ray(&ray);
        if !check_ray(&got, &want, &ray, tol, unit_tol, &s.pair) {
            $other += 1;
        }
    }};
}

/// The checks of one query of one row over its seeds; each disagreement class bounded to a small
/// share of the cases (rounding makes them rare on random input).
macro_rules! check_query {
    ($A:ident, $B:ident; $q:ident $how:ident) => {{
        let seeds = if stringify!($how) == "epa" { EPA_SEEDS } else { SEEDS };
        let mut classified = 0_u64;
        for seed in 0..seeds {
            let s = Scene::<$A<T>, $B<T>, T>::new(seed);
            check_query!(@one $A, $B; $q $how; s, classified);
        }
        assert!(
            classified * 8 <= 2 * seeds.max(8),
            "{} {} {}: {classified} classified disagreements in {seeds}",
            stringify!($A), stringify!($q), stringify!($B)
        );
    }};
    (@one $A:ident, $B:ident; overlap $how:ident; $s:expr, $n:expr) => { check_overlap!($A, $B, $how; $s, $n) };
    (@one $A:ident, $B:ident; distance $how:ident; $s:expr, $n:expr) => { check_distance!($A, $B, $how; $s, $n) };
    (@one $A:ident, $B:ident; contact $how:ident; $s:expr, $n:expr) => { check_contact!($A, $B, $how; $s, $n) };
    (@one $A:ident, $B:ident; sweep $how:ident; $s:expr, $n:expr) => { check_sweep!($A, $B, $how; $s, $n) };
    (@one $A:ident, $B:ident; ray $how:ident; $s:expr, $n:expr) => { check_ray!($B, $how; $s, $n) };
}

/// A check per row and query of the pair table, in `T`.
macro_rules! posed_rows {
    (root: $root:tt; always { $($always:tt)* } alloc { $($alloc:tt)* }) => {
        fn every_row_posed_equals_world<T: Real>() {
            posed_rows!(@rows $($always)* $($alloc)*);
        }
    };
    (@rows $($A:ident $(, $B:ident)? => $($q:ident: $how:ident $(($($f:tt)*))?),+;)*) => {
        $( posed_rows!(@row [$A $(, $B)?] $($q $how)+); )*
    };
    (@row [$A:ident] $($q:ident $how:ident)+) => { $( check_query!($A, $A; $q $how); )+ };
    (@row [$A:ident, $B:ident] $($q:ident $how:ident)+) => { $( check_query!($A, $B; $q $how); )+ };
}

osculate::pair_table!(posed_rows);

osculate_testing::for_f32_and_f64!(every_row_posed_equals_world);

/// Non-finite poses: a NaN or infinite translation or rotation gives no answer (no overlap, a
/// non-finite distance, no contact, no hit, no impact), as a non-finite shape does in world space.
fn non_finite_poses_give_no_answer<T: Real>() {
    let ball = Sphere::new(Point3::<T>::origin(), T::ONE);
    let crate_box = Aabb::new(point3(-1.0, -1.0, -1.0), point3(1.0, 1.0, 1.0));
    let post = Cylinder::new(point3(0.0, 0.0, -1.0), point3(0.0, 0.0, 1.0), T::HALF);
    let good = Isometry3::<T>::identity();
    let bad_translations =
        [T::NAN, T::INFINITY, T::NEG_INFINITY].map(|x| Isometry3::translation(x, T::ZERO, T::ZERO));
    let nan_rotation = Isometry3::from_parts(
        Vector3::zeros().into(),
        UnitQuaternion::new_unchecked(osculate::math::nalgebra::Quaternion::new(
            T::NAN,
            T::ZERO,
            T::ZERO,
            T::ZERO,
        )),
    );
    let ray = Ray::new(point3(-5.0, 0.0, 0.0), Vector3::x());
    for bad in bad_translations.iter().chain([&nan_rotation]) {
        for (pa, pb) in [(bad, &good), (&good, bad)] {
            let (a, b, c) =
                (Posed::new(&ball, *pa), Posed::new(&crate_box, *pb), Posed::new(&post, *pb));
            assert!(!a.overlaps(&b) && !b.overlaps(&a) && !a.overlaps(&c), "{pa:?} {pb:?}");
            assert!(!a.distance(&b).is_finite() && !a.distance(&c).is_finite(), "{pa:?} {pb:?}");
            assert!(a.contact(&b).is_none() && c.contact(&a).is_none(), "{pa:?} {pb:?}");
            let v = Vector3::x();
            assert!(a.time_of_impact(&v, &b, &-v).is_none(), "{pa:?} {pb:?}");
            assert!(a.time_of_impact(&v, &c, &-v).is_none(), "{pa:?} {pb:?}");
        }
        assert!(Posed::new(&crate_box, *bad).cast_ray(&ray).is_none(), "{bad:?}");
        assert!(Posed::new(&ball, *bad).cast_ray(&ray).is_none(), "{bad:?}");
    }
}

osculate_testing::for_f32_and_f64!(non_finite_poses_give_no_answer);

/// A rigid motion `g` of both poses moves every answer with it: the distance is unchanged, the
/// witnesses and normals are carried by `g` (a property of the posed queries on their own, with
/// random poses; closed forms and GJK pairs).
fn common_motion_carries_the_answer<T: Real>(
    pair: Pair<Capsule<T>, Obb<T>>,
    ma: Motion<T>,
    mb: Motion<T>,
    g: Motion<T>,
) -> bool {
    let (a, b, g) = (Posed::new(&pair.a, ma.0), Posed::new(&pair.b, mb.0), g.0);
    let (ga, gb) = (Posed::new(&pair.a, g * ma.0), Posed::new(&pair.b, g * mb.0));
    let scale = pair.a.size().max(pair.b.size()) + T::lit(40.0);
    let tol = test_tolerance::<T>() * scale * T::lit(64.0);
    let (c, gc) = (a.closest_points(&b), ga.closest_points(&gb));
    let unique = c.distance > tol;
    let distance_ok = (c.distance - gc.distance).abs() <= tol;
    let points_ok = !unique
        || (near(&(g * c.point_a), &gc.point_a, tol) && near(&(g * c.point_b), &gc.point_b, tol));
    // Through GJK: a cylinder against the oriented box.
    let post = Cylinder::new(pair.a.a, pair.a.b, pair.a.radius);
    let (p, gp) = (Posed::new(&post, ma.0), Posed::new(&post, g * ma.0));
    let gjk_ok = (p.distance(&b) - gp.distance(&gb)).abs() <= tol * T::lit(16.0);
    distance_ok && points_ok && gjk_ok && a.overlaps(&b) == ga.overlaps(&gb)
        || c.distance.abs() <= tol
}

#[test]
fn common_motion_carries_the_answer_f32_f64() {
    let cases = osculate_testing::cases(200);
    quickcheck::QuickCheck::new().tests(cases).max_tests(cases * 10).quickcheck(
        common_motion_carries_the_answer::<f32>
            as fn(Pair<Capsule<f32>, Obb<f32>>, Motion<f32>, Motion<f32>, Motion<f32>) -> bool,
    );
    quickcheck::QuickCheck::new().tests(cases).max_tests(cases * 10).quickcheck(
        common_motion_carries_the_answer::<f64>
            as fn(Pair<Capsule<f64>, Obb<f64>>, Motion<f64>, Motion<f64>, Motion<f64>) -> bool,
    );
}

/// [`Sweep::sweep_with`] on random capsule-box scenes (the GJK ray cast) and sphere-box scenes
/// (a closed form for `time_of_impact`), world and posed, in both argument orders:
/// - with [`SweepOptions::STOP_ON_CONTACT`] the time is `time_of_impact`'s (up to grazing: a path
///   within the tolerance of touching may hit by one and miss by the other);
/// - the posed sweep is the world one on the moved shapes;
/// - with a skin, a hit after the start leaves the shapes the skin apart;
/// - from the contact of a hit, the reversed motion is no hit by default options (moving away from
///   a resting contact) and a hit at 0 with `STOP_ON_CONTACT`.
fn sweep_options_keep_their_promises<T: Real>() {
    use osculate::dynamic::{SweepHit, SweepOptions};
    fn check<T, A, B>(s: &Scene<A, B, T>, skin: T)
    where
        T: Real,
        A: Place<T> + GenerateAny<Scalar = T> + SupportMap<T> + std::fmt::Debug,
        B: Place<T> + GenerateAny<Scalar = T> + SupportMap<T> + std::fmt::Debug,
        A: LocalShape<Scalar = T, Local = A::World>,
        B: LocalShape<Scalar = T, Local = B::World>,
        A::World: SupportMap<T> + Sweep<B::World, Scalar = T> + Shift<T>,
        B::World: SupportMap<T> + Sweep<A::World, Scalar = T> + Shift<T>,
    {
        let tol = factor::<T>("cast") * s.tol;
        let (va, vb) = s.motions();
        let speed = (va - vb).norm();
        let time_tol = if speed > T::ZERO { tol / speed } else { T::INFINITY };
        let touches = || {
            let path = osculate::closest::Swept { shape: &s.world_a, motion: va - vb };
            osculate::closest::closest_points_convex(&path, &s.world_b).distance <= tol
        };
        let stop = SweepOptions::STOP_ON_CONTACT;
        let toi = |h: Option<Impact<T>>| h.map(|h| h.toi);
        let hit_toi = |h: Option<SweepHit<T>>| h.map(|h| h.toi);
        let same = |x: Option<T>, y: Option<T>| match (x, y) {
            (Some(x), Some(y)) => (x - y).abs() <= time_tol,
            (None, None) => true,
            _ => touches(),
        };
        let world = s.world_a.sweep_with(&va, &s.world_b, &vb, &stop);
        assert!(
            same(hit_toi(world), toi(s.world_a.time_of_impact(&va, &s.world_b, &vb))),
            "{:?}",
            s.pair
        );
        let back = s.world_b.sweep_with(&vb, &s.world_a, &va, &stop);
        assert!(
            same(hit_toi(back), toi(s.world_b.time_of_impact(&vb, &s.world_a, &va))),
            "{:?}",
            s.pair
        );
        let posed = s.posed_a().sweep_with(&va, &s.posed_b(), &vb, &stop);
        assert!(
            same(hit_toi(posed), hit_toi(world)),
            "posed {posed:?}, world {world:?}: {:?}",
            s.pair
        );
        let options = SweepOptions { skin, ..SweepOptions::default() };
        let Some(hit) = s.world_a.sweep_with(&va, &s.world_b, &vb, &options) else { return };
        if hit.toi > T::ZERO {
            assert!(
                (hit.contact.distance - skin).abs() <= tol,
                "{hit:?} for skin {skin:?}: {:?}",
                s.pair
            );
        }
        // From where they stopped, the way back leaves the contact.
        let (a, b) = (s.world_a.shifted(&(va * hit.toi)), s.world_b.shifted(&(vb * hit.toi)));
        if hit.contact.normal.dot(&(va - vb)) > tol * speed {
            assert!(a.sweep_with(&-va, &b, &-vb, &options).is_none(), "{hit:?}: {:?}", s.pair);
            let held = SweepOptions { skin: skin + tol, stop_at_penetration: true };
            assert_eq!(hit_toi(a.sweep_with(&-va, &b, &-vb, &held)), Some(T::ZERO), "{:?}", s.pair);
        }
    }
    for seed in 0..SEEDS {
        let skin = T::lit(0.01 * (seed % 4) as f64);
        check(&Scene::<Capsule<T>, Obb<T>, T>::new(seed), skin);
        check(&Scene::<Sphere<T>, Aabb<T>, T>::new(seed), skin);
    }
}

osculate_testing::for_f32_and_f64!(sweep_options_keep_their_promises);
