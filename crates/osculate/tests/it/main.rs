//! The catalogue test: every pair the layers support is reachable through the facade's traits, in
//! both argument orders, and gives the free function's answer (or the GJK / EPA fallback's), the
//! reversed order with the witnesses swapped and the normals flipped.
//!
//! The convex shapes are checked as a product: [`every_ordered_convex_pair`] calls one check per
//! ordered pair of [`convex_shapes!`], which requires the facade's `Overlaps`, `Distance` and
//! `Penetration` impls and this file's [`Reference`] row for that pair, so a pair missing from
//! either does not compile.

mod adversarial;
mod showcase;

use osculate::closest::{ClosestPoints, Contact, SupportMap};
use osculate::prelude::*;
use osculate::{cast, closest, dynamic, overlap};
use osculate_testing::{GenerateAny, Pair, Rng};

/// Seeds per pair and scalar type.
const SEEDS: u64 = 64;
/// Seeds per pair and scalar type for the pairs whose penetration goes through EPA (costly in a
/// debug build; these check the dispatch, the closest layer tests EPA itself).
const EPA_SEEDS: u64 = 6;
/// The facade's iteration bounds for GJK (overlap) and EPA.
const GJK_ITERATIONS: usize = 64;
const EPA_ITERATIONS: usize = 1024;

/// Equality of two results, NaN included (the same computation prints the same).
fn same<A: std::fmt::Debug, B: std::fmt::Debug>(a: &A, b: &B) -> bool {
    format!("{a:?}") == format!("{b:?}")
}

fn pairs<A: GenerateAny, B: GenerateAny<Scalar = A::Scalar>>() -> impl Iterator<Item = Pair<A, B>> {
    (0..SEEDS).map(Pair::from_seed)
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

/// The answers the facade may give for `self` against a `B`: the closed-form free function's, or
/// for a fallback GJK's / EPA's in either argument order (the facade picks one order and derives
/// the other by swapping, which the checks below verify exactly).
trait Reference<B> {
    /// The scalar type.
    type Scalar: Real;
    /// `self` and `B` are one type: the reversed call is the function on exchanged arguments.
    const SAME: bool;
    /// Penetration goes through EPA.
    const EPA: bool;
    fn want_overlap(&self, b: &B) -> Vec<bool>;
    fn want_closest(&self, b: &B) -> Vec<ClosestPoints<Self::Scalar>>;
    fn want_contact(&self, b: &B) -> Vec<Option<Contact<Self::Scalar>>>;
}

fn gjk_overlap<T: Real, A: SupportMap<T>, B: SupportMap<T>>(a: &A, b: &B) -> Vec<bool> {
    vec![
        closest::intersect_convex(a, b, GJK_ITERATIONS),
        closest::intersect_convex(b, a, GJK_ITERATIONS),
    ]
}

fn gjk_closest<T: Real, A: SupportMap<T>, B: SupportMap<T>>(a: &A, b: &B) -> Vec<ClosestPoints<T>> {
    vec![closest::closest_points_convex(a, b), closest::closest_points_convex(b, a).swapped()]
}

fn epa_contact<T: Real, A: SupportMap<T>, B: SupportMap<T>>(
    a: &A,
    b: &B,
) -> Vec<Option<Contact<T>>> {
    vec![
        closest::contact_convex(a, b, EPA_ITERATIONS),
        closest::contact_convex(b, a, EPA_ITERATIONS).map(Contact::swapped),
    ]
}

/// One candidate list: `gjk` / `epa` for the fallback, or the path of the free function.
macro_rules! want {
    (overlap gjk, $a:expr, $b:expr) => { gjk_overlap($a, $b) };
    (overlap $($f:ident)::+, $a:expr, $b:expr) => { vec![$($f)::+($a, $b)] };
    (closest gjk, $a:expr, $b:expr) => { gjk_closest($a, $b) };
    (closest $($f:ident)::+, $a:expr, $b:expr) => { vec![$($f)::+($a, $b)] };
    (contact epa, $a:expr, $b:expr) => { epa_contact($a, $b) };
    (contact $($f:ident)::+, $a:expr, $b:expr) => { vec![$($f)::+($a, $b)] };
    (is_epa epa) => { true };
    (is_epa $($f:ident)::+) => { false };
}

/// The table: one row per unordered pair, `A, B => overlap, closest points, contact;` (`A =>` for
/// a pair of one type), in the free functions' argument order.
macro_rules! reference {
    () => {};
    ($A:ident => $($o:ident)::+, $($d:ident)::+, $($c:ident)::+; $($rest:tt)*) => {
        impl<T: Real> Reference<$A<T>> for $A<T> {
            type Scalar = T;
            const SAME: bool = true;
            const EPA: bool = want!(is_epa $($c)::+);
            fn want_overlap(&self, b: &$A<T>) -> Vec<bool> { want!(overlap $($o)::+, self, b) }
            fn want_closest(&self, b: &$A<T>) -> Vec<ClosestPoints<T>> { want!(closest $($d)::+, self, b) }
            fn want_contact(&self, b: &$A<T>) -> Vec<Option<Contact<T>>> { want!(contact $($c)::+, self, b) }
        }
        reference!($($rest)*);
    };
    ($A:ident, $B:ident => $($o:ident)::+, $($d:ident)::+, $($c:ident)::+; $($rest:tt)*) => {
        impl<T: Real> Reference<$B<T>> for $A<T> {
            type Scalar = T;
            const SAME: bool = false;
            const EPA: bool = want!(is_epa $($c)::+);
            fn want_overlap(&self, b: &$B<T>) -> Vec<bool> { want!(overlap $($o)::+, self, b) }
            fn want_closest(&self, b: &$B<T>) -> Vec<ClosestPoints<T>> { want!(closest $($d)::+, self, b) }
            fn want_contact(&self, b: &$B<T>) -> Vec<Option<Contact<T>>> { want!(contact $($c)::+, self, b) }
        }
        impl<T: Real> Reference<$A<T>> for $B<T> {
            type Scalar = T;
            const SAME: bool = false;
            const EPA: bool = want!(is_epa $($c)::+);
            fn want_overlap(&self, a: &$A<T>) -> Vec<bool> { want!(overlap $($o)::+, a, self) }
            fn want_closest(&self, a: &$A<T>) -> Vec<ClosestPoints<T>> {
                want!(closest $($d)::+, a, self).into_iter().map(ClosestPoints::swapped).collect()
            }
            fn want_contact(&self, a: &$A<T>) -> Vec<Option<Contact<T>>> {
                want!(contact $($c)::+, a, self).into_iter().map(|c| c.map(Contact::swapped)).collect()
            }
        }
        reference!($($rest)*);
    };
}

reference! {
    Sphere => overlap::sphere_sphere, closest::closest_points_sphere_sphere, closest::contact_sphere_sphere;
    Segment, Sphere => overlap::segment_sphere, closest::closest_points_segment_sphere, closest::contact_segment_sphere;
    Sphere, Capsule => overlap::sphere_capsule, closest::closest_points_sphere_capsule, closest::contact_sphere_capsule;
    Sphere, Aabb => overlap::sphere_aabb, gjk, closest::contact_sphere_aabb;
    Sphere, Obb => overlap::sphere_obb, gjk, closest::contact_sphere_obb;
    Sphere, Cylinder => gjk, gjk, epa;
    Sphere, Cone => gjk, gjk, epa;
    Sphere, Triangle => overlap::sphere_triangle, gjk, closest::contact_sphere_triangle;
    Sphere, Tetrahedron => gjk, gjk, epa;
    Sphere, ConvexPolygon => overlap::sphere_polygon, gjk, epa;
    Sphere, ConvexPolyhedron => gjk, gjk, epa;
    Segment => gjk, closest::closest_points_segment_segment, epa;
    Segment, Capsule => gjk, gjk, epa;
    Segment, Aabb => overlap::segment_aabb, closest::closest_points_segment_aabb, epa;
    Segment, Obb => overlap::segment_obb, closest::closest_points_segment_obb, epa;
    Segment, Cylinder => gjk, gjk, epa;
    Segment, Cone => gjk, gjk, epa;
    Segment, Triangle => overlap::segment_triangle, closest::closest_points_segment_triangle, epa;
    Segment, Tetrahedron => gjk, gjk, epa;
    Segment, ConvexPolygon => gjk, gjk, epa;
    Segment, ConvexPolyhedron => gjk, gjk, epa;
    Capsule => overlap::capsule_capsule, closest::closest_points_capsule_capsule, closest::contact_capsule_capsule;
    Capsule, Aabb => gjk, gjk, epa;
    Capsule, Obb => gjk, gjk, epa;
    Capsule, Cylinder => gjk, gjk, epa;
    Capsule, Cone => gjk, gjk, epa;
    Capsule, Triangle => gjk, gjk, epa;
    Capsule, Tetrahedron => gjk, gjk, epa;
    Capsule, ConvexPolygon => gjk, gjk, epa;
    Capsule, ConvexPolyhedron => gjk, gjk, epa;
    Aabb => overlap::aabb_aabb, gjk, epa;
    Aabb, Obb => gjk, gjk, epa;
    Aabb, Cylinder => gjk, gjk, epa;
    Aabb, Cone => gjk, gjk, epa;
    Aabb, Triangle => overlap::aabb_triangle, gjk, epa;
    Aabb, Tetrahedron => gjk, gjk, epa;
    Aabb, ConvexPolygon => gjk, gjk, epa;
    Aabb, ConvexPolyhedron => gjk, gjk, epa;
    Obb => overlap::obb_obb, gjk, closest::contact_obb_obb;
    Obb, Cylinder => gjk, gjk, epa;
    Obb, Cone => gjk, gjk, epa;
    Obb, Triangle => overlap::obb_triangle, gjk, epa;
    Obb, Tetrahedron => gjk, gjk, epa;
    Obb, ConvexPolygon => gjk, gjk, epa;
    Obb, ConvexPolyhedron => gjk, gjk, epa;
    Cylinder => gjk, gjk, epa;
    Cylinder, Cone => gjk, gjk, epa;
    Cylinder, Triangle => gjk, gjk, epa;
    Cylinder, Tetrahedron => gjk, gjk, epa;
    Cylinder, ConvexPolygon => gjk, gjk, epa;
    Cylinder, ConvexPolyhedron => gjk, gjk, epa;
    Cone => gjk, gjk, epa;
    Cone, Triangle => gjk, gjk, epa;
    Cone, Tetrahedron => gjk, gjk, epa;
    Cone, ConvexPolygon => gjk, gjk, epa;
    Cone, ConvexPolyhedron => gjk, gjk, epa;
    Triangle => overlap::triangle_triangle, closest::closest_points_triangle_triangle, epa;
    Triangle, Tetrahedron => gjk, gjk, epa;
    Triangle, ConvexPolygon => gjk, gjk, epa;
    Triangle, ConvexPolyhedron => gjk, gjk, epa;
    Tetrahedron => gjk, gjk, epa;
    Tetrahedron, ConvexPolygon => gjk, gjk, epa;
    Tetrahedron, ConvexPolyhedron => gjk, gjk, epa;
    ConvexPolygon => gjk, gjk, epa;
    ConvexPolygon, ConvexPolyhedron => gjk, gjk, epa;
    ConvexPolyhedron => gjk, gjk, epa;
}

/// Checks `A` against `B` (and `B` against `A`) through the facade against the [`Reference`].
fn check_pair<T: Real, A, B>()
where
    A: GenerateAny<Scalar = T> + std::fmt::Debug,
    B: GenerateAny<Scalar = T> + std::fmt::Debug,
    A: Reference<B, Scalar = T>
        + Overlaps<B>
        + Distance<B, Scalar = T>
        + Penetration<B, Scalar = T>,
    B: Reference<A, Scalar = T>
        + Overlaps<A>
        + Distance<A, Scalar = T>
        + Penetration<A, Scalar = T>,
{
    let what = || format!("{} vs {}", std::any::type_name::<A>(), std::any::type_name::<B>());
    for (i, p) in pairs::<A, B>().enumerate() {
        let (a, b) = (&p.a, &p.b);
        let got = a.overlaps(b);
        assert!(a.want_overlap(b).contains(&got), "overlaps: {} {p:?}", what());
        let back = b.overlaps(a);
        assert!(b.want_overlap(a).contains(&back), "overlaps reversed: {} {p:?}", what());
        assert!(<A as Reference<B>>::SAME || back == got, "overlaps asymmetric: {} {p:?}", what());

        let got = a.closest_points(b);
        assert!(a.want_closest(b).iter().any(|w| same(w, &got)), "closest: {} {p:?}", what());
        assert!(same(&a.distance(b), &got.distance), "distance: {}", what());
        let back = b.closest_points(a);
        assert!(
            b.want_closest(a).iter().any(|w| same(w, &back)),
            "closest reversed: {} {p:?}",
            what()
        );
        if !<A as Reference<B>>::SAME {
            assert!(same(&back, &got.swapped()), "closest reversed not swapped: {} {p:?}", what());
        }

        if <A as Reference<B>>::EPA && i as u64 >= EPA_SEEDS {
            continue;
        }
        let got = a.contact(b);
        assert!(a.want_contact(b).iter().any(|w| same(w, &got)), "contact: {} {p:?}", what());
        let back = b.contact(a);
        assert!(
            b.want_contact(a).iter().any(|w| same(w, &back)),
            "contact reversed: {} {p:?}",
            what()
        );
        if !<A as Reference<B>>::SAME {
            assert!(
                same(&back, &got.map(Contact::swapped)),
                "contact reversed not flipped: {} {p:?}",
                what()
            );
        }
    }
}

/// What a point's query against `self` should give: the closest point (`closest_point_on_*`) and
/// containment (`contains_point` for solids, GJK for flat shapes).
trait PointReference {
    /// The scalar type.
    type Scalar: Real;
    fn want_point(&self, p: &Point3<Self::Scalar>) -> Point3<Self::Scalar>;
    fn want_inside(&self, p: &Point3<Self::Scalar>) -> bool;
}

macro_rules! point_reference {
    ($($S:ident => $on:expr, $inside:expr;)*) => {$(
        impl<T: Real> PointReference for $S<T> {
            type Scalar = T;
            fn want_point(&self, p: &Point3<T>) -> Point3<T> { ($on)(p, self) }
            fn want_inside(&self, p: &Point3<T>) -> bool { ($inside)(p, self) }
        }
    )*};
}

fn contains<T: Real, S: ContainsPoint<T>>(p: &Point3<T>, s: &S) -> bool {
    overlap::contains_point(s, p)
}

fn gjk_point<T: Real, S: SupportMap<T>>(p: &Point3<T>, s: &S) -> bool {
    closest::intersect_convex(p, s, GJK_ITERATIONS)
}

point_reference! {
    Sphere => closest::closest_point_on_sphere, contains;
    Segment => |p, s| closest::closest_point_on_segment(p, s).point, gjk_point;
    Capsule => closest::closest_point_on_capsule, contains;
    Aabb => closest::closest_point_on_aabb, contains;
    Obb => closest::closest_point_on_obb, contains;
    Cylinder => closest::closest_point_on_cylinder, contains;
    Cone => closest::closest_point_on_cone, contains;
    Triangle => |p, s| closest::closest_point_on_triangle(p, s).point, gjk_point;
    Tetrahedron => closest::closest_point_on_tetrahedron, contains;
    ConvexPolygon => closest::closest_point_on_polygon, gjk_point;
    ConvexPolyhedron => closest::closest_point_on_polyhedron, contains;
}

/// A point against shape `S`, both orders, through the facade against the [`PointReference`].
fn check_point<T: Real, S>()
where
    S: GenerateAny<Scalar = T> + PointReference<Scalar = T> + std::fmt::Debug,
    S: Distance<Point3<T>, Scalar = T> + Overlaps<Point3<T>>,
    Point3<T>: Distance<S, Scalar = T> + Overlaps<S>,
{
    let what = std::any::type_name::<S>;
    for p in pairs::<Point3<T>, S>() {
        let want = p.b.want_point(&p.a);
        let got = p.a.closest_points(&p.b);
        assert!(same(&(got.point_a, got.point_b), &(p.a, want)), "point: {} {p:?}", what());
        assert!(same(&got.distance, &(want - p.a).norm()), "point distance: {}", what());
        assert!(same(&p.b.closest_points(&p.a), &got.swapped()), "point reversed: {}", what());
        let inside = p.b.want_inside(&p.a);
        assert_eq!(p.a.overlaps(&p.b), inside, "point overlap: {} {p:?}", what());
        assert_eq!(p.b.overlaps(&p.a), inside, "point overlap reversed: {} {p:?}", what());
    }
}

/// Point distances to the unbounded shapes and the parameters of the curve and triangle points.
fn check_point_params<T: Real>() {
    macro_rules! curve {
        ($($f:path: $S:ident;)*) => {$(
            for p in pairs::<Point3<T>, $S<T>>() {
                let want = $f(&p.a, &p.b);
                let got = p.a.closest_points(&p.b);
                assert!(same(&(got.point_b, got.param_b), &(want.point, closest::Param::Curve(want.t))), "{} {p:?}", stringify!($f));
                assert!(same(&got.param_a, &closest::Param::<T>::None));
                assert!(same(&p.b.closest_points(&p.a), &got.swapped()), "{} reversed", stringify!($f));
            }
        )*};
    }
    curve! {
        closest::closest_point_on_line: Line;
        closest::closest_point_on_ray: Ray;
        closest::closest_point_on_segment: Segment;
    }
    for p in pairs::<Point3<T>, Triangle<T>>() {
        let want = closest::closest_point_on_triangle(&p.a, &p.b);
        let got = p.a.closest_points(&p.b);
        assert!(same(&got.param_b, &closest::Param::Barycentric(want.barycentric)), "{p:?}");
        assert!(same(&p.b.closest_points(&p.a), &got.swapped()));
    }
    for p in pairs::<Point3<T>, Plane<T>>() {
        let want = closest::closest_point_on_plane(&p.a, &p.b);
        let got = p.a.closest_points(&p.b);
        assert!(same(&(got.point_a, got.point_b, got.distance), &(p.a, want, (want - p.a).norm())));
        assert!(same(&p.b.closest_points(&p.a), &got.swapped()));
    }
    // A point in a halfspace (not convex-bounded, so outside the product).
    for p in pairs::<Point3<T>, Halfspace<T>>() {
        let want = overlap::contains_point(&p.b, &p.a);
        assert_eq!(p.a.overlaps(&p.b), want);
        assert_eq!(p.b.overlaps(&p.a), want);
    }
}

macro_rules! check_pair {
    ($A:ident, $B:ident) => {
        check_pair::<T, $A<T>, $B<T>>();
    };
}

macro_rules! check_point {
    ($A:ident, $B:ident) => {
        // Once per shape: the row where the shape meets the sphere.
        if std::any::type_name::<$A<f32>>() == std::any::type_name::<Sphere<f32>>() {
            check_point::<T, $B<T>>();
        }
    };
}

/// Every ordered pair of convex shapes and every point-shape pair.
fn every_ordered_convex_pair<T: Real>() {
    convex_shapes!(check_pair);
    convex_shapes!(check_point);
    check_point_params::<T>();
}

/// The pairs with a plane or halfspace, which have closed forms only (no support mapping).
fn plane_pairs<T: Real>() {
    macro_rules! overlap_pairs {
        ($($f:path: $A:ident, $B:ident;)*) => {$(
            for p in pairs::<$A<T>, $B<T>>() {
                let want = $f(&p.a, &p.b);
                assert_eq!(p.a.overlaps(&p.b), want, "{} {:?}", stringify!($f), p);
                assert_eq!(p.b.overlaps(&p.a), want, "{} reversed {:?}", stringify!($f), p);
            }
        )*};
    }
    overlap_pairs! {
        overlap::sphere_plane: Sphere, Plane;
        overlap::sphere_halfspace: Sphere, Halfspace;
        overlap::aabb_plane: Aabb, Plane;
        overlap::aabb_halfspace: Aabb, Halfspace;
        overlap::obb_plane: Obb, Plane;
        overlap::obb_halfspace: Obb, Halfspace;
        overlap::cone_plane: Cone, Plane;
        overlap::cone_halfspace: Cone, Halfspace;
        overlap::capsule_plane: Capsule, Plane;
        overlap::capsule_halfspace: Capsule, Halfspace;
        overlap::triangle_plane: Triangle, Plane;
        overlap::triangle_halfspace: Triangle, Halfspace;
    }
    macro_rules! contact_pairs {
        ($($f:path: $A:ident, $B:ident;)*) => {$(
            for p in pairs::<$A<T>, $B<T>>() {
                let want = $f(&p.a, &p.b);
                assert!(same(&p.a.contact(&p.b), &want), "{} {:?}", stringify!($f), p);
                assert!(same(&p.b.contact(&p.a), &want.map(|c| c.swapped())), "{} reversed {:?}", stringify!($f), p);
            }
        )*};
    }
    contact_pairs! {
        closest::contact_sphere_plane: Sphere, Plane;
        closest::contact_sphere_halfspace: Sphere, Halfspace;
    }
    distance_line_line::<T>();
}

/// Lines: closest points of two lines, each order the function on exchanged arguments.
fn distance_line_line<T: Real>() {
    for p in pairs::<Line<T>, Line<T>>() {
        assert!(same(&p.a.closest_points(&p.b), &closest::closest_points_line_line(&p.a, &p.b)));
        assert!(same(&p.b.closest_points(&p.a), &closest::closest_points_line_line(&p.b, &p.a)));
    }
}

fn casts<T: Real>() {
    macro_rules! cast_shapes {
        ($($f:expr => $S:ident;)*) => {$(
            for p in pairs::<Ray<T>, $S<T>>() {
                assert!(same(&p.b.cast_ray(&p.a), &($f)(&p.a, &p.b)), "{} {:?}", stringify!($S), p);
            }
        )*};
    }
    cast_shapes! {
        cast::ray_sphere => Sphere;
        cast::ray_aabb => Aabb;
        cast::ray_obb => Obb;
        cast::ray_capsule => Capsule;
        cast::ray_cylinder => Cylinder;
        cast::ray_cone => Cone;
        cast::ray_plane => Plane;
        cast::ray_halfspace => Halfspace;
        cast::ray_tetrahedron => Tetrahedron;
        cast::ray_polygon => ConvexPolygon;
        cast::ray_polyhedron => ConvexPolyhedron;
        |r: &Ray<T>, t: &Triangle<T>| cast::ray_triangle_watertight(r, t, cast::Culling::TwoSided).map(|h| h.hit) => Triangle;
    }
}

fn sweeps<T: Real>() {
    macro_rules! sweep_pairs {
        ($($f:path: $A:ident, $B:ident;)*) => {$(
            for p in pairs::<$A<T>, $B<T>>() {
                let toward = p.b.aabb().center() - p.a.aabb().center();
                let (va, vb) = (velocity(p.seed, toward), velocity(p.seed ^ 1, -toward));
                let want = $f(&p.a, &va, &p.b, &vb);
                assert!(same(&p.a.time_of_impact(&va, &p.b, &vb), &want), "{} {:?}", stringify!($f), p);
                let back = p.b.time_of_impact(&vb, &p.a, &va);
                assert!(
                    same(&back.map(|i| (i.toi, i.point, -i.normal)), &want.map(|i| (i.toi, i.point, i.normal))),
                    "{} reversed {:?}", stringify!($f), p
                );
            }
        )*};
    }
    sweep_pairs! {
        dynamic::sphere_triangle: Sphere, Triangle;
        dynamic::sphere_aabb: Sphere, Aabb;
        dynamic::sphere_obb: Sphere, Obb;
        dynamic::sphere_capsule: Sphere, Capsule;
        dynamic::sphere_polygon: Sphere, ConvexPolygon;
        dynamic::aabb_triangle: Aabb, Triangle;
        // No closed form: the GJK ray cast.
        dynamic::convex_convex: Sphere, Segment;
        dynamic::convex_convex: Sphere, Cylinder;
        dynamic::convex_convex: Sphere, Cone;
        dynamic::convex_convex: Sphere, Tetrahedron;
        dynamic::convex_convex: Capsule, Aabb;
        dynamic::convex_convex: Capsule, Obb;
        dynamic::convex_convex: Capsule, Triangle;
        dynamic::convex_convex: Capsule, Segment;
        dynamic::convex_convex: Capsule, Cylinder;
        dynamic::convex_convex: Capsule, Cone;
        dynamic::convex_convex: Capsule, Tetrahedron;
        dynamic::convex_convex: Aabb, Obb;
        dynamic::convex_convex: Aabb, Segment;
        dynamic::convex_convex: Aabb, Cylinder;
        dynamic::convex_convex: Aabb, Cone;
        dynamic::convex_convex: Aabb, Tetrahedron;
        dynamic::convex_convex: Obb, Triangle;
        dynamic::convex_convex: Obb, Segment;
        dynamic::convex_convex: Obb, Cylinder;
        dynamic::convex_convex: Obb, Cone;
        dynamic::convex_convex: Obb, Tetrahedron;
        dynamic::convex_convex: Triangle, Segment;
        dynamic::convex_convex: Triangle, Cylinder;
        dynamic::convex_convex: Triangle, Cone;
        dynamic::convex_convex: Triangle, Tetrahedron;
        dynamic::convex_convex: Segment, Cylinder;
        dynamic::convex_convex: Segment, Cone;
        dynamic::convex_convex: Segment, Tetrahedron;
        dynamic::convex_convex: Cylinder, Cone;
        dynamic::convex_convex: Cylinder, Tetrahedron;
        dynamic::convex_convex: Cone, Tetrahedron;
    }
    // Pairs of one type: the reversed call is the free function with the arguments exchanged.
    macro_rules! sweep_same {
        ($($f:path: $A:ident;)*) => {$(
            for p in pairs::<$A<T>, $A<T>>() {
                let toward = p.b.aabb().center() - p.a.aabb().center();
                let (va, vb) = (velocity(p.seed, toward), velocity(p.seed ^ 1, -toward));
                assert!(same(&p.a.time_of_impact(&va, &p.b, &vb), &$f(&p.a, &va, &p.b, &vb)), "{}", stringify!($f));
                assert!(same(&p.b.time_of_impact(&vb, &p.a, &va), &$f(&p.b, &vb, &p.a, &va)), "{}", stringify!($f));
            }
        )*};
    }
    sweep_same! {
        dynamic::sphere_sphere: Sphere;
        dynamic::capsule_capsule: Capsule;
        dynamic::aabb_aabb: Aabb;
        dynamic::obb_obb: Obb;
        dynamic::convex_convex: Triangle;
        dynamic::convex_convex: Segment;
        dynamic::convex_convex: Cylinder;
        dynamic::convex_convex: Cone;
        dynamic::convex_convex: Tetrahedron;
    }
    // Sweeps against a plane or halfspace: the free function takes the relative motion (the plane
    // at rest); the traits take both motions, and a moving plane moves the contact point with it.
    macro_rules! sweep_static_pairs {
        ($($f:path: $A:ident, $B:ident;)*) => {$(
            for p in pairs::<$A<T>, $B<T>>() {
                let va = velocity(p.seed, -p.a.aabb().center().coords);
                let moving = Rng::new(p.seed ^ 2).chance(0.5);
                let vb = if moving { velocity(p.seed ^ 3, p.a.aabb().center().coords) } else { Vector3::zeros() };
                let want = $f(&p.a, &(va - vb), &p.b).map(|h| Impact { point: h.point + vb * h.toi, ..h });
                let got = p.a.time_of_impact(&va, &p.b, &vb);
                assert!(same(&got, &want), "{} {:?}", stringify!($f), p);
                let back = p.b.time_of_impact(&vb, &p.a, &va);
                assert!(
                    same(&back.map(|i| (i.toi, i.point, -i.normal)), &want.map(|i| (i.toi, i.point, i.normal))),
                    "{} reversed {:?}", stringify!($f), p
                );
            }
        )*};
    }
    sweep_static_pairs! {
        dynamic::sphere_plane: Sphere, Plane;
        dynamic::sphere_halfspace: Sphere, Halfspace;
        dynamic::aabb_plane: Aabb, Plane;
        dynamic::obb_plane: Obb, Plane;
        dynamic::aabb_halfspace: Aabb, Halfspace;
        dynamic::obb_halfspace: Obb, Halfspace;
    }
}

#[test]
fn every_plane_pair_cast_and_sweep_is_reachable_f32() {
    plane_pairs::<f32>();
    casts::<f32>();
    sweeps::<f32>();
}

#[test]
fn every_plane_pair_cast_and_sweep_is_reachable_f64() {
    plane_pairs::<f64>();
    casts::<f64>();
    sweeps::<f64>();
}

/// The names `pub use` lists in `text` (one `use` item per line or per braced list), without
/// `self` re-exports of whole crates.
fn re_exported_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("pub use ") {
        let item = &rest[i + "pub use ".len()..];
        let end = item.find(';').unwrap_or(item.len());
        let list = &item[..end];
        let list = list.find('{').map_or_else(
            || list.rsplit("::").next().unwrap_or(list),
            |open| &list[open + 1..list.rfind('}').unwrap_or(list.len())],
        );
        names.extend(list.split(',').map(str::trim).filter(|n| !n.is_empty()).map(String::from));
        rest = &item[end..];
    }
    names
}

/// The facade's `math` module lists `osculate-math`'s root items one by one (so that nalgebra
/// stays a link instead of being copied into the facade's documentation): every item the math
/// crate exports, but the nalgebra crate itself, is in that list.
#[test]
fn the_math_module_lists_every_item_of_osculate_math() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let read = |path: &str| std::fs::read_to_string(format!("{dir}/{path}")).unwrap_or_default();
    let math = read("../osculate-math/src/lib.rs");
    let facade = read("src/lib.rs");
    let block = facade.split("pub mod math {").nth(1).and_then(|b| b.split("\n}").next());
    let listed = re_exported_names(block.unwrap_or_default());
    let mut exported = re_exported_names(&math);
    exported.extend(
        math.lines()
            .filter_map(|l| l.strip_prefix("pub type ").or_else(|| l.strip_prefix("pub fn ")))
            .filter_map(|l| l.split(['<', '(', ' ']).next())
            .map(String::from),
    );
    assert!(exported.len() > 40, "{exported:?}");
    let missing: Vec<_> = exported.iter().filter(|n| !listed.contains(n)).collect();
    assert!(missing.is_empty(), "not in the facade's math module: {missing:?}");
}

osculate_testing::for_f32_and_f64!(every_ordered_convex_pair);
