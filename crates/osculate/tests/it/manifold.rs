//! The facade's [`ContactManifold`]: every pair with a `manifold_*` query is reachable in both
//! argument orders, on seeded pairs of the shared generators in `f32` and `f64`. For two shapes
//! of different types the two orders agree exactly (the normal flipped, the points and the
//! features of A and B exchanged); a shape with its own type answers by the free function in the
//! order given (the two orders of a box pair may choose different reference faces).

use osculate::ContactManifold;
use osculate::closest::{
    Manifold, PolyhedronFeatures, manifold_aabb_aabb, manifold_aabb_polyhedron,
    manifold_capsule_capsule, manifold_capsule_polyhedron, manifold_cone_cone,
    manifold_cylinder_cylinder, manifold_obb_obb, manifold_obb_polyhedron,
    manifold_polyhedron_cone, manifold_polyhedron_cylinder, manifold_polyhedron_halfspace,
    manifold_polyhedron_plane, manifold_polyhedron_polyhedron, manifold_sphere_polyhedron,
    manifold_sphere_sphere, manifold_triangle_polyhedron, manifold_triangle_triangle,
};
use osculate::math::{
    Aabb, Capsule, Cone, ConvexPolyhedron, Cylinder, Halfspace, Obb, Plane, Real, Sphere, Triangle,
};
use osculate_testing::{GenerateAny, Pair};

/// Seeds per pair and scalar.
const SEEDS: u64 = 500;

/// The predictions each seed is tried with: none, and a tenth of a unit.
fn predictions<T: Real>() -> [T; 2] {
    [T::ZERO, T::lit(0.1)]
}

/// The manifold of `a` with `b` equals the manifold of `b` with `a` swapped (two empty manifolds
/// are equal whatever their normal, which means nothing); at least one seed gives a point.
fn both_orders_agree<T, A, B>()
where
    T: Real,
    A: GenerateAny<Scalar = T> + ContactManifold<B, Scalar = T> + std::fmt::Debug,
    B: GenerateAny<Scalar = T> + ContactManifold<A, Scalar = T> + std::fmt::Debug,
{
    let mut touching = 0;
    for seed in 0..SEEDS {
        let p = Pair::<A, B>::from_seed(seed);
        for prediction in predictions::<T>() {
            let ab: Manifold<T> = p.a.manifold(&p.b, prediction);
            let ba: Manifold<T> = p.b.manifold(&p.a, prediction);
            if ab.is_empty() && ba.is_empty() {
                continue;
            }
            assert_eq!(ab, ba.swapped(), "seed {seed}: {:?} {:?}", p.a, p.b);
            touching += 1;
        }
    }
    assert!(touching > 0, "no seed gave a point");
}

/// A shape with its own type: each order is the free function `f` in that order.
fn same_type_is_the_free_function<T, A>(f: fn(&A, &A, T) -> Manifold<T>)
where
    T: Real,
    A: GenerateAny<Scalar = T> + ContactManifold<A, Scalar = T> + std::fmt::Debug,
{
    let mut touching = 0;
    for seed in 0..SEEDS {
        let p = Pair::<A, A>::from_seed(seed);
        for prediction in predictions::<T>() {
            let ab = p.a.manifold(&p.b, prediction);
            assert_eq!(ab, f(&p.a, &p.b, prediction), "seed {seed}");
            assert_eq!(p.b.manifold(&p.a, prediction), f(&p.b, &p.a, prediction), "seed {seed}");
            touching += usize::from(!ab.is_empty());
        }
    }
    assert!(touching > 0, "no seed gave a point");
}

macro_rules! same_type {
    ($($name:ident: $A:ident, $f:ident;)*) => {$(
        fn $name<T: Real>() {
            same_type_is_the_free_function::<T, $A<T>>($f);
        }
        osculate_testing::for_f32_and_f64!($name);
    )*};
}

macro_rules! two_types {
    ($($name:ident: $A:ident, $B:ident;)*) => {$(
        fn $name<T: Real>() {
            both_orders_agree::<T, $A<T>, $B<T>>();
        }
        osculate_testing::for_f32_and_f64!($name);
    )*};
}

same_type! {
    obb_obb: Obb, manifold_obb_obb;
    capsule_capsule: Capsule, manifold_capsule_capsule;
    sphere_sphere: Sphere, manifold_sphere_sphere;
    polyhedron_polyhedron: ConvexPolyhedron, manifold_polyhedron_polyhedron;
    triangle_triangle: Triangle, manifold_triangle_triangle;
    cylinder_cylinder: Cylinder, manifold_cylinder_cylinder;
    cone_cone: Cone, manifold_cone_cone;
    aabb_aabb: Aabb, manifold_aabb_aabb;
}

two_types! {
    capsule_obb: Capsule, Obb;
    capsule_aabb: Capsule, Aabb;
    sphere_capsule: Sphere, Capsule;
    sphere_aabb: Sphere, Aabb;
    sphere_obb: Sphere, Obb;
    sphere_triangle: Sphere, Triangle;
    sphere_plane: Sphere, Plane;
    sphere_halfspace: Sphere, Halfspace;
    aabb_polyhedron: Aabb, ConvexPolyhedron;
    obb_polyhedron: Obb, ConvexPolyhedron;
    triangle_polyhedron: Triangle, ConvexPolyhedron;
    aabb_triangle: Aabb, Triangle;
    obb_triangle: Obb, Triangle;
    capsule_triangle: Capsule, Triangle;
    cylinder_cone: Cylinder, Cone;
    sphere_cylinder: Sphere, Cylinder;
    sphere_cone: Sphere, Cone;
    capsule_cylinder: Capsule, Cylinder;
    capsule_cone: Capsule, Cone;
    aabb_cylinder: Aabb, Cylinder;
    aabb_cone: Aabb, Cone;
    obb_cylinder: Obb, Cylinder;
    obb_cone: Obb, Cone;
    triangle_cylinder: Triangle, Cylinder;
    triangle_cone: Triangle, Cone;
    polyhedron_cylinder: ConvexPolyhedron, Cylinder;
    polyhedron_cone: ConvexPolyhedron, Cone;
    sphere_polyhedron: Sphere, ConvexPolyhedron;
    capsule_polyhedron: Capsule, ConvexPolyhedron;
    aabb_obb: Aabb, Obb;
    obb_plane: Obb, Plane;
    obb_halfspace: Obb, Halfspace;
    aabb_plane: Aabb, Plane;
    aabb_halfspace: Aabb, Halfspace;
    capsule_plane: Capsule, Plane;
    capsule_halfspace: Capsule, Halfspace;
    triangle_plane: Triangle, Plane;
    triangle_halfspace: Triangle, Halfspace;
    polyhedron_plane: ConvexPolyhedron, Plane;
    polyhedron_halfspace: ConvexPolyhedron, Halfspace;
    cylinder_plane: Cylinder, Plane;
    cylinder_halfspace: Cylinder, Halfspace;
    cone_plane: Cone, Plane;
    cone_halfspace: Cone, Halfspace;
}

/// The text of a manifold, which tells every bit of its numbers (−0 from 0) and its ids.
fn bits<T: Real>(m: &Manifold<T>) -> String {
    format!("{m:?}")
}

/// Prepared polyhedra ([`PolyhedronFeatures`]) through the trait, every query of the loop in
/// this thread's manifold workspace (left by the one before): the plain free function's
/// manifold bit for bit, with a prepared polyhedron, a box, an oriented box, a triangle, a sphere
/// and a capsule, in both orders (the reversed one swapped).
fn prepared_is_the_plain_path<T: Real>() {
    let mut touching = 0;
    for seed in 0..SEEDS {
        let p = Pair::<ConvexPolyhedron<T>, ConvexPolyhedron<T>>::from_seed(seed);
        let (Ok(fa), Ok(fb)) = (PolyhedronFeatures::new(&p.a), PolyhedronFeatures::new(&p.b))
        else {
            continue;
        };
        let q = Pair::<Obb<T>, Aabb<T>>::from_seed(seed);
        let r = Pair::<Sphere<T>, Triangle<T>>::from_seed(seed);
        let c = Pair::<Capsule<T>, Capsule<T>>::from_seed(seed).a;
        for prediction in predictions::<T>() {
            let m = fa.manifold(&fb, prediction);
            assert_eq!(bits(&m), bits(&manifold_polyhedron_polyhedron(&p.a, &p.b, prediction)));
            touching += usize::from(!m.is_empty());
            let pairs = [
                (q.a.manifold(&fb, prediction), manifold_obb_polyhedron(&q.a, &p.b, prediction)),
                (q.b.manifold(&fb, prediction), manifold_aabb_polyhedron(&q.b, &p.b, prediction)),
                (
                    r.b.manifold(&fb, prediction),
                    manifold_triangle_polyhedron(&r.b, &p.b, prediction),
                ),
                (r.a.manifold(&fb, prediction), manifold_sphere_polyhedron(&r.a, &p.b, prediction)),
                (c.manifold(&fb, prediction), manifold_capsule_polyhedron(&c, &p.b, prediction)),
            ];
            for (prepared, plain) in pairs {
                assert_eq!(bits(&prepared), bits(&plain), "seed {seed}");
            }
            let reversed = [
                (fb.manifold(&q.a, prediction), q.a.manifold(&fb, prediction)),
                (fb.manifold(&q.b, prediction), q.b.manifold(&fb, prediction)),
                (fb.manifold(&r.b, prediction), r.b.manifold(&fb, prediction)),
                (fb.manifold(&r.a, prediction), r.a.manifold(&fb, prediction)),
                (fb.manifold(&c, prediction), c.manifold(&fb, prediction)),
            ];
            for (ba, ab) in reversed {
                assert_eq!(bits(&ba), bits(&ab.swapped()), "seed {seed}");
            }
        }
    }
    assert!(touching > 0, "no seed gave a point");
}

osculate_testing::for_f32_and_f64!(prepared_is_the_plain_path);

/// The polyhedron pairs through the trait on a worked case: a cube resting on a box, in both
/// orders.
#[test]
fn polyhedron_on_box_through_the_trait() {
    let ground = Obb::new(
        osculate::math::Point3::origin(),
        osculate::math::Rotation3::identity(),
        osculate::math::Vector3::new(5.0_f64, 5.0, 1.0),
    );
    let cube = ConvexPolyhedron::try_from_aabb(&Aabb::new(
        osculate::math::Point3::new(0.0, 0.0, 0.99),
        osculate::math::Point3::new(1.0, 1.0, 1.99),
    ));
    let Ok(cube) = cube else { panic!("{cube:?}") };
    let m = ground.manifold(&cube, 0.0);
    assert_eq!(m.len(), 4);
    assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-12));
    assert_eq!(cube.manifold(&ground, 0.0), m.swapped());
}

/// A prepared polyhedron ([`PolyhedronFeatures`]) with `B` through the trait, in this thread's
/// manifold workspace (left by the query before): the plain `f(polyhedron, b)` bit for bit, and
/// the reversed order its swap; returns how many manifolds had a point.
fn prepared_first_is_the_plain_path<T, B>(
    f: fn(&ConvexPolyhedron<T>, &B, T) -> Manifold<T>,
) -> usize
where
    T: Real,
    B: GenerateAny<Scalar = T>
        + ContactManifold<PolyhedronFeatures<T>, Scalar = T>
        + std::fmt::Debug,
    PolyhedronFeatures<T>: ContactManifold<B, Scalar = T>,
{
    let mut touching = 0;
    for seed in 0..SEEDS {
        let p = Pair::<ConvexPolyhedron<T>, B>::from_seed(seed);
        let Ok(fa) = PolyhedronFeatures::new(&p.a) else {
            continue;
        };
        for prediction in predictions::<T>() {
            let m = fa.manifold(&p.b, prediction);
            assert_eq!(bits(&m), bits(&f(&p.a, &p.b, prediction)), "seed {seed}: {:?}", p.b);
            assert_eq!(bits(&p.b.manifold(&fa, prediction)), bits(&m.swapped()), "seed {seed}");
            touching += usize::from(!m.is_empty());
        }
    }
    touching
}

/// The prepared polyhedron with a cylinder, a cone, a plane and a halfspace (the
/// `manifold_polyhedron_*_with` queries): each the plain query's manifold, bit for bit, in both
/// orders, and each pair touching on some seeds.
fn prepared_round_and_planar_are_the_plain_path<T: Real>() {
    let counts = [
        prepared_first_is_the_plain_path::<T, Cylinder<T>>(manifold_polyhedron_cylinder),
        prepared_first_is_the_plain_path::<T, Cone<T>>(manifold_polyhedron_cone),
        prepared_first_is_the_plain_path::<T, Plane<T>>(manifold_polyhedron_plane),
        prepared_first_is_the_plain_path::<T, Halfspace<T>>(manifold_polyhedron_halfspace),
    ];
    assert!(counts.iter().all(|&n| n > 0), "a pair never touched: {counts:?}");
}

osculate_testing::for_f32_and_f64!(prepared_round_and_planar_are_the_plain_path);
