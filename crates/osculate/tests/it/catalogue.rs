//! The catalogue test: every row of the facade's pair table ([`osculate::pair_table!`]) is
//! reachable through the traits, in both argument orders, and gives what the row says: the
//! closed-form function's answer, or GJK's, EPA's or the GJK ray cast's, called in the row's
//! argument order; the reversed order that answer swapped (witnesses and parameters exchanged,
//! normals flipped), or for a shape with itself the function on the exchanged arguments.
//!
//! This file reads each row's answer kinds on its own ([`want!`]), so a row that the impls read
//! differently fails here. Besides, this file requires
//! `Overlaps`, `Distance` and `Penetration` for every ordered pair of convex shapes and `Overlaps`
//! and `Distance` between a point and each: a pair missing from the table does not compile.

use osculate::closest::{self, ClosestPoints, Contact};
use osculate::dynamic::Impact;
use osculate::prelude::*;
use osculate_testing::{GenerateAny, Pair, Rng};

/// Seeds per row, query and scalar type.
const SEEDS: u64 = 64;
/// Seeds per row and scalar type for the pairs whose penetration goes through EPA (costly in a
/// debug build; these check the dispatch, the closest layer tests EPA itself).
const EPA_SEEDS: u64 = 6;
/// The facade's iteration bounds for GJK (overlap) and EPA.
const GJK_ITERATIONS: usize = closest::GJK_MAX_ITERATIONS;
const EPA_ITERATIONS: usize = closest::EPA_MAX_ITERATIONS;

/// Equality of two results, NaN included (the same computation prints the same).
pub(crate) fn same<A: std::fmt::Debug, B: std::fmt::Debug>(a: &A, b: &B) -> bool {
    format!("{a:?}") == format!("{b:?}")
}

/// A displacement for a sweep: toward the other shape half the time.
fn velocity<T: Real>(seed: u64, toward: Vector3<T>) -> Vector3<T> {
    let mut rng = Rng::new(seed);
    if rng.chance(0.5) {
        toward * T::lit(rng.range(0.5, 3.0))
    } else {
        rng.unit_vector::<T>().into_inner() * T::lit(rng.range(0.0, 3.0))
    }
}

/// The motions of a sweep between two bounded shapes: each toward the other half the time.
fn motions<T: Real, A: Bounded<T>, B: Bounded<T>>(p: &Pair<A, B>) -> (Vector3<T>, Vector3<T>) {
    let toward = p.b.aabb().center() - p.a.aabb().center();
    (velocity(p.seed, toward), velocity(p.seed ^ 1, -toward))
}

/// The motions of a sweep against a plane or halfspace: `A` toward the origin half the time, the
/// plane moving half the time.
fn motions_relative<T: Real, A: Bounded<T>, B>(p: &Pair<A, B>) -> (Vector3<T>, Vector3<T>) {
    let va = velocity(p.seed, -p.a.aabb().center().coords);
    let moving = Rng::new(p.seed ^ 2).chance(0.5);
    let vb =
        if moving { velocity(p.seed ^ 3, p.a.aabb().center().coords) } else { Vector3::zeros() };
    (va, vb)
}

/// An answer with the roles of the two shapes exchanged.
trait Swapped {
    fn swap(self) -> Self;
}

impl Swapped for bool {
    fn swap(self) -> Self {
        self
    }
}

impl<T: Real> Swapped for ClosestPoints<T> {
    fn swap(self) -> Self {
        self.swapped()
    }
}

impl<T: Real> Swapped for Option<Contact<T>> {
    fn swap(self) -> Self {
        self.map(Contact::swapped)
    }
}

impl<T: Real> Swapped for Option<Impact<T>> {
    fn swap(self) -> Self {
        self.map(Impact::swapped)
    }
}

impl<T: Real> Swapped for Option<RayHit<T>> {
    fn swap(self) -> Self {
        self
    }
}

/// The closest points of point `p` and a shape whose closest point to it is `q`.
fn point_result<T: Real>(
    p: &Point3<T>,
    q: Point3<T>,
    param_b: closest::Param<T>,
) -> ClosestPoints<T> {
    ClosestPoints {
        point_a: *p,
        point_b: q,
        distance: (q - p).norm(),
        param_a: closest::Param::None,
        param_b,
    }
}

/// Checks one query of one row on `seeds` seeded pairs: `got` against `want`, and `back` (the
/// reversed call) against `want_back`, each a function of the pair in the row's order.
fn check<A, B, R>(
    what: &str,
    seeds: u64,
    want: impl Fn(&Pair<A, B>) -> R,
    got: impl Fn(&Pair<A, B>) -> R,
    want_back: impl Fn(&Pair<A, B>) -> R,
    back: impl Fn(&Pair<A, B>) -> R,
) where
    A: GenerateAny + std::fmt::Debug,
    B: GenerateAny<Scalar = A::Scalar> + std::fmt::Debug,
    R: std::fmt::Debug,
{
    for seed in 0..seeds {
        let p = Pair::<A, B>::from_seed(seed);
        assert!(same(&got(&p), &want(&p)), "{what}: {p:?}");
        assert!(same(&back(&p), &want_back(&p)), "{what} reversed: {p:?}");
    }
}

/// What a row's answer `how` to query `q` gives for `a` against `b` (and for a sweep, their
/// motions `va`, `vb`; for a cast, the ray `a`), as this test reads the table.
macro_rules! want {
    (overlap closed($($f:ident)::+); $a:expr, $b:expr) => { osculate::$($f)::+($a, $b) };
    (overlap gjk(); $a:expr, $b:expr) => { closest::intersect_convex($a, $b, GJK_ITERATIONS) };
    (overlap contains(); $a:expr, $b:expr) => { osculate::overlap::contains_point($b, $a) };
    (distance closed($($f:ident)::+); $a:expr, $b:expr) => { osculate::$($f)::+($a, $b) };
    (distance gjk(); $a:expr, $b:expr) => { closest::closest_points_convex($a, $b) };
    (distance point($($f:ident)::+); $a:expr, $b:expr) => {
        point_result($a, osculate::$($f)::+($a, $b), closest::Param::None)
    };
    (distance curve($($f:ident)::+); $a:expr, $b:expr) => {{
        let c = osculate::$($f)::+($a, $b);
        point_result($a, c.point, closest::Param::Curve(c.t))
    }};
    (distance barycentric($($f:ident)::+); $a:expr, $b:expr) => {{
        let c = osculate::$($f)::+($a, $b);
        point_result($a, c.point, closest::Param::Barycentric(c.barycentric))
    }};
    (contact closed($($f:ident)::+); $a:expr, $b:expr) => { osculate::$($f)::+($a, $b) };
    (contact epa(); $a:expr, $b:expr) => { closest::contact_convex($a, $b, EPA_ITERATIONS) };
    (sweep closed($($f:ident)::+); $a:expr, $va:expr, $b:expr, $vb:expr) => { osculate::$($f)::+($a, $va, $b, $vb) };
    (sweep cast(); $a:expr, $va:expr, $b:expr, $vb:expr) => { osculate::dynamic::convex_convex($a, $va, $b, $vb) };
    (sweep relative($($f:ident)::+); $a:expr, $va:expr, $b:expr, $vb:expr) => {
        osculate::$($f)::+($a, &($va - $vb), $b).map(|h| Impact { point: h.point + $vb * h.toi, ..h })
    };
    (ray closed($($f:ident)::+); $a:expr, $b:expr) => { osculate::$($f)::+($a, $b) };
    (ray two_sided($($f:ident)::+); $a:expr, $b:expr) => {
        osculate::$($f)::+($a, $b, osculate::cast::Culling::TwoSided).map(|h| h.hit)
    };
}

/// The check of one query of one row; `$same` for a shape with itself (the reversed call is then
/// the function on the exchanged arguments, not a swapped answer).
macro_rules! check_query {
    ($A:ident, $B:ident, $same:tt; overlap $how:ident $args:tt) => {
        check::<$A<T>, $B<T>, _>(
            concat!(stringify!($A), " overlaps ", stringify!($B), " by ", stringify!($how $args)),
            SEEDS,
            |p| want!(overlap $how $args; &p.a, &p.b),
            |p| p.a.overlaps(&p.b),
            |p| check_query!(@back $same, want!(overlap $how $args; &p.a, &p.b), want!(overlap $how $args; &p.b, &p.a)),
            |p| p.b.overlaps(&p.a),
        );
    };
    ($A:ident, $B:ident, $same:tt; distance $how:ident $args:tt) => {
        check::<$A<T>, $B<T>, _>(
            concat!(stringify!($A), " distance ", stringify!($B), " by ", stringify!($how $args)),
            SEEDS,
            |p| want!(distance $how $args; &p.a, &p.b),
            |p| {
                let c = p.a.closest_points(&p.b);
                assert!(same(&p.a.distance(&p.b), &c.distance), "distance is not closest_points' distance");
                c
            },
            |p| check_query!(@back $same, want!(distance $how $args; &p.a, &p.b), want!(distance $how $args; &p.b, &p.a)),
            |p| p.b.closest_points(&p.a),
        );
    };
    ($A:ident, $B:ident, $same:tt; contact $how:ident $args:tt) => {
        // Every pair that overlaps has a contact (flat Minkowski differences included): only
        // invalid input answers `None`.
        for seed in 0..if stringify!($how) == "epa" { EPA_SEEDS } else { SEEDS } {
            let p = Pair::<$A<T>, $B<T>>::from_seed(seed);
            if p.a.overlaps(&p.b) {
                assert!(p.a.contact(&p.b).is_some() && p.b.contact(&p.a).is_some(), "no contact: {p:?}");
            }
        }
        check::<$A<T>, $B<T>, _>(
            concat!(stringify!($A), " contact ", stringify!($B), " by ", stringify!($how $args)),
            if stringify!($how) == "epa" { EPA_SEEDS } else { SEEDS },
            |p| want!(contact $how $args; &p.a, &p.b),
            |p| p.a.contact(&p.b),
            |p| check_query!(@back $same, want!(contact $how $args; &p.a, &p.b), want!(contact $how $args; &p.b, &p.a)),
            |p| p.b.contact(&p.a),
        );
    };
    ($A:ident, $B:ident, $same:tt; sweep relative $args:tt) => {
        check::<$A<T>, $B<T>, _>(
            concat!(stringify!($A), " sweep ", stringify!($B), " by relative", stringify!($args)),
            SEEDS,
            |p| { let (va, vb) = motions_relative(p); want!(sweep relative $args; &p.a, &va, &p.b, &vb) },
            |p| { let (va, vb) = motions_relative(p); p.a.time_of_impact(&va, &p.b, &vb) },
            |p| { let (va, vb) = motions_relative(p); want!(sweep relative $args; &p.a, &va, &p.b, &vb).swap() },
            |p| { let (va, vb) = motions_relative(p); p.b.time_of_impact(&vb, &p.a, &va) },
        );
    };
    ($A:ident, $B:ident, $same:tt; sweep $how:ident $args:tt) => {
        check::<$A<T>, $B<T>, _>(
            concat!(stringify!($A), " sweep ", stringify!($B), " by ", stringify!($how $args)),
            SEEDS,
            |p| { let (va, vb) = motions(p); want!(sweep $how $args; &p.a, &va, &p.b, &vb) },
            |p| { let (va, vb) = motions(p); p.a.time_of_impact(&va, &p.b, &vb) },
            |p| {
                let (va, vb) = motions(p);
                check_query!(@back $same, want!(sweep $how $args; &p.a, &va, &p.b, &vb), want!(sweep $how $args; &p.b, &vb, &p.a, &va))
            },
            |p| { let (va, vb) = motions(p); p.b.time_of_impact(&vb, &p.a, &va) },
        );
    };
    ($A:ident, $B:ident, $same:tt; ray $how:ident $args:tt) => {
        check::<$A<T>, $B<T>, _>(
            concat!(stringify!($B), " cast_ray by ", stringify!($how $args)),
            SEEDS,
            |p| want!(ray $how $args; &p.a, &p.b),
            |p| p.b.cast_ray(&p.a),
            |p| want!(ray $how $args; &p.a, &p.b),
            |p| p.b.cast_ray(&p.a),
        );
    };
    (@back same, $forward:expr, $exchanged:expr) => { $exchanged };
    (@back pair, $forward:expr, $exchanged:expr) => { Swapped::swap($forward) };
}

/// The test of every row of the table, in the scalar type `T`.
macro_rules! catalogue {
    (root: $root:tt; always { $($always:tt)* } alloc { $($alloc:tt)* }) => {
        fn every_row_of_the_pair_table<T: Real>() {
            catalogue!(@rows $($always)* $($alloc)*);
        }
    };
    (@rows $($A:ident $(, $B:ident)? => $($q:ident: $how:ident $(($($f:tt)*))?),+;)*) => {
        $( catalogue!(@row [$A $(, $B)?] $($q $how ($($($f)*)?))+); )*
    };
    (@row [$A:ident] $($q:ident $how:ident $args:tt)+) => {
        $( check_query!($A, $A, same; $q $how $args); )+
    };
    (@row [$A:ident, $B:ident] $($q:ident $how:ident $args:tt)+) => {
        $( check_query!($A, $B, pair; $q $how $args); )+
    };
}

osculate::pair_table!(catalogue);

/// Overlapping pairs whose Minkowski difference is flat (no volume for EPA's polytope) answer
/// `Penetration` through the facade in both orders: depth 0, a unit normal of the flat
/// difference. Crossing segments, collinear segments, a segment in a triangle, coplanar
/// triangles, flat boxes and a polygon on a triangle in their plane.
fn flat_pairs_answer_contact<T: Real>() -> Result<(), ShapeError> {
    fn answers<T: Real, A: Penetration<B, Scalar = T>, B: Penetration<A, Scalar = T>>(
        what: &str,
        a: &A,
        b: &B,
        normal: Option<Vector3<T>>,
    ) {
        let (c, r) = (a.contact(b), b.contact(a));
        let (Some(c), Some(r)) = (c, r) else { panic!("{what}: no contact") };
        assert_eq!((c.distance, r.distance), (T::ZERO, T::ZERO), "{what}");
        if let Some(n) = normal {
            let along = c.normal.dot(&n).abs();
            assert!((along - T::ONE).abs() <= T::lit(1e-4), "{what}: {c:?}");
        }
    }
    let p = |x: f64, y: f64, z: f64| Point3::new(T::lit(x), T::lit(y), T::lit(z));
    let z = Some(Vector3::z());
    let (s1, s2) = (
        Segment::new(p(0.0, 0.0, 0.0), p(2.0, 2.0, 0.0)),
        Segment::new(p(2.0, 0.0, 0.0), p(0.0, 2.0, 0.0)),
    );
    answers("crossing segments", &s1, &s2, z);
    let (l1, l2) = (
        Segment::new(p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0)),
        Segment::new(p(1.0, 0.0, 0.0), p(3.0, 0.0, 0.0)),
    );
    answers("collinear segments", &l1, &l2, None);
    let t1 = Triangle::new(p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), p(0.0, 4.0, 0.0));
    let t2 = Triangle::new(p(1.0, 1.0, 0.0), p(5.0, 1.0, 0.0), p(1.0, 5.0, 0.0));
    answers("segment in a triangle", &s1, &t1, z);
    answers("coplanar triangles", &t1, &t2, z);
    let (b1, b2) = (
        Aabb::new(p(0.0, 0.0, 0.0), p(2.0, 2.0, 0.0)),
        Aabb::new(p(1.0, 1.0, 0.0), p(3.0, 3.0, 0.0)),
    );
    answers("flat boxes", &b1, &b2, z);
    answers("flat box and triangle", &b1, &t1, z);
    let square = ConvexPolygon::try_new(vec![
        p(1.0, 1.0, 0.0),
        p(3.0, 1.0, 0.0),
        p(3.0, 3.0, 0.0),
        p(1.0, 3.0, 0.0),
    ])?;
    answers("polygon and triangle", &square, &t1, z);
    answers("polygon and segment", &square, &s1, z);
    Ok(())
}

osculate_testing::for_f32_and_f64!(every_row_of_the_pair_table, flat_pairs_answer_contact);

/// Every convex shape with a support mapping, for `$m!(A, B)` on each ordered pair.
macro_rules! convex_shapes {
    ($m:ident) => {
        convex_shapes!(@rows $m; [Sphere, Segment, Capsule, Aabb, Obb, Cylinder, Cone, Triangle,
            Tetrahedron, ConvexPolygon, ConvexPolyhedron];
            Sphere, Segment, Capsule, Aabb, Obb, Cylinder, Cone, Triangle, Tetrahedron,
            ConvexPolygon, ConvexPolyhedron)
    };
    (@rows $m:ident; $all:tt; $($A:ident),*) => { $( convex_shapes!(@row $m; $A; $all); )* };
    (@row $m:ident; $A:ident; [$($B:ident),*]) => { $( $m!($A, $B); )* };
}

/// The three queries for `A` against `B`, and the two with a point: a requirement the compiler
/// checks (the answers are checked by [`every_row_of_the_pair_table`]).
fn three_queries<T: Real, A, B>()
where
    A: Overlaps<B> + Distance<B, Scalar = T> + Penetration<B, Scalar = T>,
    A: Overlaps<Point3<T>> + Distance<Point3<T>, Scalar = T>,
    Point3<T>: Overlaps<A> + Distance<A, Scalar = T>,
{
}

/// Every ordered pair of convex shapes has `Overlaps`, `Distance` and `Penetration`, and every
/// convex shape `Overlaps` and `Distance` with a point: a table without one of these pairs fails
/// to compile this file (a compile-time requirement, so no test function runs it).
const _: () = {
    #[allow(dead_code, reason = "instantiated for the compiler's trait checks only")]
    fn every_convex_pair_has_the_three_queries() {
        macro_rules! require {
            ($A:ident, $B:ident) => {
                three_queries::<f32, $A<f32>, $B<f32>>();
                three_queries::<f64, $A<f64>, $B<f64>>();
            };
        }
        convex_shapes!(require);
    }
};
