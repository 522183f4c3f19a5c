//! The catalogue test: every pair the layers support is reachable through the facade's traits, in
//! both argument orders, and gives the free function's answer (the reversed order with the
//! witnesses swapped and the normals flipped).

mod showcase;

use osculate::prelude::*;
use osculate::{cast, closest, dynamic, overlap};
use osculate_math::testing::{GenerateAny, Pair, Rng};

/// Seeds per pair and scalar type.
const SEEDS: u64 = 64;

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

macro_rules! overlap_pairs {
    ($T:ty; $($f:path: $A:ident, $B:ident;)*) => {$(
        for p in pairs::<$A<$T>, $B<$T>>() {
            let want = $f(&p.a, &p.b);
            assert_eq!(p.a.overlaps(&p.b), want, "{} {:?}", stringify!($f), p);
            assert_eq!(p.b.overlaps(&p.a), want, "{} reversed {:?}", stringify!($f), p);
        }
    )*};
}

macro_rules! distance_pairs {
    ($T:ty; $($f:path: $A:ident, $B:ident;)*) => {$(
        for p in pairs::<$A<$T>, $B<$T>>() {
            let want = $f(&p.a, &p.b);
            assert!(same(&p.a.closest_points(&p.b), &want), "{} {:?}", stringify!($f), p);
            assert!(same(&p.b.closest_points(&p.a), &want.swapped()), "{} reversed {:?}", stringify!($f), p);
            assert!(same(&p.a.distance(&p.b), &want.distance));
        }
    )*};
}

macro_rules! point_pairs {
    ($T:ty; $($f:path: $B:ident;)*) => {$(
        for p in pairs::<Point3<$T>, $B<$T>>() {
            let want = $f(&p.a, &p.b);
            let got = p.a.closest_points(&p.b);
            assert!(same(&got.point_b, &want), "{} {:?}", stringify!($f), p);
            assert!(same(&p.b.closest_points(&p.a).point_a, &want), "{} reversed", stringify!($f));
        }
    )*};
}

macro_rules! contact_pairs {
    ($T:ty; $($f:path: $A:ident, $B:ident;)*) => {$(
        for p in pairs::<$A<$T>, $B<$T>>() {
            let want = $f(&p.a, &p.b);
            assert!(same(&p.a.contact(&p.b), &want), "{} {:?}", stringify!($f), p);
            assert!(same(&p.b.contact(&p.a), &want.map(|c| c.swapped())), "{} reversed {:?}", stringify!($f), p);
        }
    )*};
}

macro_rules! cast_shapes {
    ($T:ty; $($f:expr => $S:ident;)*) => {$(
        for p in pairs::<Ray<$T>, $S<$T>>() {
            assert!(same(&p.b.cast_ray(&p.a), &($f)(&p.a, &p.b)), "{} {:?}", stringify!($S), p);
        }
    )*};
}

macro_rules! sweep_pairs {
    ($T:ty; $($f:path: $A:ident, $B:ident;)*) => {$(
        for p in pairs::<$A<$T>, $B<$T>>() {
            let toward = p.b.aabb().center() - p.a.aabb().center();
            let (va, vb) = (velocity(p.seed, toward), velocity(p.seed ^ 1, -toward));
            let want = $f(&p.a, &va, &p.b, &vb);
            assert!(same(&p.a.time_of_impact(&va, &p.b, &vb), &want), "{} {:?}", stringify!($f), p);
            let back = p.b.time_of_impact(&vb, &p.a, &va);
            assert!(same(&back.map(|i| i.toi), &want.map(|i| i.toi)), "{} reversed toi", stringify!($f));
            assert!(same(&back.map(|i| -i.normal), &want.map(|i| i.normal)), "{} reversed normal", stringify!($f));
        }
    )*};
}

/// Sweeps against a static plane or halfspace: the traits take both motions and use the relative
/// one.
macro_rules! sweep_static_pairs {
    ($T:ty; $($f:path: $A:ident, $B:ident;)*) => {$(
        for p in pairs::<$A<$T>, $B<$T>>() {
            let va = velocity(p.seed, -p.a.aabb().center().coords);
            let want = $f(&p.a, &va, &p.b);
            let got = p.a.time_of_impact(&va, &p.b, &Vector3::zeros());
            assert!(same(&got, &want), "{} {:?}", stringify!($f), p);
            let back = p.b.time_of_impact(&Vector3::zeros(), &p.a, &va);
            assert!(same(&back.map(|i| (i.toi, -i.normal)), &want.map(|i| (i.toi, i.normal))), "{} reversed", stringify!($f));
        }
    )*};
}

/// Pairs of one type: the reversed call is the free function with the arguments exchanged.
macro_rules! same_type {
    ($T:ty; $($kind:ident $f:path: $A:ident;)*) => {$(
        for p in pairs::<$A<$T>, $A<$T>>() {
            same_type!(@check $kind $f, p);
        }
    )*};
    (@check overlap $f:path, $p:ident) => {
        assert_eq!($p.a.overlaps(&$p.b), $f(&$p.a, &$p.b), "{}", stringify!($f));
        assert_eq!($p.b.overlaps(&$p.a), $f(&$p.b, &$p.a), "{}", stringify!($f));
    };
    (@check distance $f:path, $p:ident) => {
        assert!(same(&$p.a.closest_points(&$p.b), &$f(&$p.a, &$p.b)), "{}", stringify!($f));
        assert!(same(&$p.b.closest_points(&$p.a), &$f(&$p.b, &$p.a)), "{}", stringify!($f));
    };
    (@check contact $f:path, $p:ident) => {
        assert!(same(&$p.a.contact(&$p.b), &$f(&$p.a, &$p.b)), "{}", stringify!($f));
        assert!(same(&$p.b.contact(&$p.a), &$f(&$p.b, &$p.a)), "{}", stringify!($f));
    };
    (@check sweep $f:path, $p:ident) => {
        let toward = $p.b.aabb().center() - $p.a.aabb().center();
        let (va, vb) = (velocity($p.seed, toward), velocity($p.seed ^ 1, -toward));
        assert!(same(&$p.a.time_of_impact(&va, &$p.b, &vb), &$f(&$p.a, &va, &$p.b, &vb)), "{}", stringify!($f));
        assert!(same(&$p.b.time_of_impact(&vb, &$p.a, &va), &$f(&$p.b, &vb, &$p.a, &va)), "{}", stringify!($f));
    };
}

fn catalogue<T: Real>() {
    same_type! { T;
        overlap overlap::sphere_sphere: Sphere;
        overlap overlap::capsule_capsule: Capsule;
        overlap overlap::aabb_aabb: Aabb;
        overlap overlap::obb_obb: Obb;
        overlap overlap::triangle_triangle: Triangle;
        distance closest::closest_points_line_line: Line;
        distance closest::closest_points_segment_segment: Segment;
        distance closest::closest_points_triangle_triangle: Triangle;
        distance closest::closest_points_sphere_sphere: Sphere;
        distance closest::closest_points_capsule_capsule: Capsule;
        contact closest::contact_sphere_sphere: Sphere;
        contact closest::contact_capsule_capsule: Capsule;
        contact closest::contact_obb_obb: Obb;
        sweep dynamic::sphere_sphere: Sphere;
        sweep dynamic::capsule_capsule: Capsule;
        sweep dynamic::aabb_aabb: Aabb;
        sweep dynamic::obb_obb: Obb;
    }
    overlap_pairs! { T;
        overlap::sphere_segment: Sphere, Segment;
        overlap::sphere_capsule: Sphere, Capsule;
        overlap::sphere_aabb: Sphere, Aabb;
        overlap::sphere_obb: Sphere, Obb;
        overlap::sphere_triangle: Sphere, Triangle;
        overlap::sphere_polygon: Sphere, ConvexPolygon;
        overlap::sphere_plane: Sphere, Plane;
        overlap::sphere_halfspace: Sphere, Halfspace;
        overlap::aabb_triangle: Aabb, Triangle;
        overlap::obb_triangle: Obb, Triangle;
        overlap::segment_aabb: Segment, Aabb;
        overlap::segment_obb: Segment, Obb;
        overlap::segment_triangle: Segment, Triangle;
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
    // Point containment, both orders, for every solid.
    macro_rules! containment {
        ($($S:ident),*) => {$(
            for p in pairs::<Point3<T>, $S<T>>() {
                let want = overlap::contains_point(&p.b, &p.a);
                assert_eq!(p.b.overlaps(&p.a), want);
                assert_eq!(p.a.overlaps(&p.b), want);
            }
        )*};
    }
    containment!(Sphere, Aabb, Obb, Capsule, Cylinder, Cone, Tetrahedron, Halfspace);

    distance_pairs! { T;
        closest::closest_points_segment_triangle: Segment, Triangle;
        closest::closest_points_segment_aabb: Segment, Aabb;
        closest::closest_points_segment_obb: Segment, Obb;
        closest::closest_points_sphere_segment: Sphere, Segment;
        closest::closest_points_sphere_capsule: Sphere, Capsule;
    }
    point_pairs! { T;
        closest::closest_point_on_plane: Plane;
        closest::closest_point_on_aabb: Aabb;
        closest::closest_point_on_obb: Obb;
        closest::closest_point_on_tetrahedron: Tetrahedron;
        closest::closest_point_on_sphere: Sphere;
        closest::closest_point_on_capsule: Capsule;
        closest::closest_point_on_cylinder: Cylinder;
        closest::closest_point_on_cone: Cone;
    }
    for p in pairs::<Point3<T>, Triangle<T>>() {
        let want = closest::closest_point_on_triangle(&p.a, &p.b).point;
        assert!(same(&p.a.closest_points(&p.b).point_b, &want));
    }
    for p in pairs::<Point3<T>, Segment<T>>() {
        let want = closest::closest_point_on_segment(&p.a, &p.b).point;
        assert!(same(&p.b.closest_points(&p.a).point_a, &want));
    }
    // The pairs without a closed form go through GJK.
    macro_rules! gjk_pairs {
        ($($A:ident, $B:ident;)*) => {$(
            for p in pairs::<$A<T>, $B<T>>() {
                assert!(same(&p.a.closest_points(&p.b), &closest::closest_points_convex(&p.a, &p.b)));
                assert!(same(&p.b.closest_points(&p.a), &closest::closest_points_convex(&p.b, &p.a)));
            }
        )*};
    }
    gjk_pairs! {
        Aabb, Aabb; Obb, Obb; Cylinder, Cylinder; Cone, Cone; Tetrahedron, Tetrahedron;
        Sphere, Aabb; Sphere, Obb; Sphere, Triangle; Sphere, Cylinder; Sphere, Cone; Sphere, Tetrahedron;
        Capsule, Segment; Capsule, Triangle; Capsule, Aabb; Capsule, Obb; Capsule, Cylinder;
        Capsule, Cone; Capsule, Tetrahedron;
        Segment, Cylinder; Segment, Cone; Segment, Tetrahedron;
        Triangle, Aabb; Triangle, Obb; Triangle, Cylinder; Triangle, Cone; Triangle, Tetrahedron;
        Aabb, Obb; Aabb, Cylinder; Aabb, Cone; Aabb, Tetrahedron;
        Obb, Cylinder; Obb, Cone; Obb, Tetrahedron;
        Cylinder, Cone; Cylinder, Tetrahedron;
        Cone, Tetrahedron;
    }
    contact_pairs! { T;
        closest::contact_sphere_segment: Sphere, Segment;
        closest::contact_sphere_capsule: Sphere, Capsule;
        closest::contact_sphere_aabb: Sphere, Aabb;
        closest::contact_sphere_obb: Sphere, Obb;
        closest::contact_sphere_triangle: Sphere, Triangle;
        closest::contact_sphere_plane: Sphere, Plane;
        closest::contact_sphere_halfspace: Sphere, Halfspace;
    }
    cast_shapes! { T;
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
    sweep_pairs! { T;
        dynamic::sphere_triangle: Sphere, Triangle;
        dynamic::sphere_aabb: Sphere, Aabb;
        dynamic::sphere_obb: Sphere, Obb;
        dynamic::sphere_capsule: Sphere, Capsule;
        dynamic::triangle_aabb: Triangle, Aabb;
    }
    sweep_static_pairs! { T;
        dynamic::sphere_plane: Sphere, Plane;
        dynamic::sphere_halfspace: Sphere, Halfspace;
        dynamic::aabb_plane: Aabb, Plane;
        dynamic::obb_plane: Obb, Plane;
        dynamic::aabb_halfspace: Aabb, Halfspace;
        dynamic::obb_halfspace: Obb, Halfspace;
    }
}

#[test]
fn every_pair_is_reachable_through_the_traits_f32() {
    catalogue::<f32>();
}

#[test]
fn every_pair_is_reachable_through_the_traits_f64() {
    catalogue::<f64>();
}
