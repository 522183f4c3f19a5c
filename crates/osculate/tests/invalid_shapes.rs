//! Invalid shapes built through their public fields (a NaN coordinate, a negative radius,
//! height or extent, an inverted box, a non-unit cone axis) give the same "no answer" from every
//! facade query, closed form or GJK / EPA / the GJK ray cast alike: `overlaps` is `false`, the
//! distance NaN, the contact `None`, the ray cast `None`, the sweep `None`. Each is checked
//! against a valid partner of every convex type, in both argument orders, in f32 and f64. The
//! general algorithms used to make answers up from the finite support points of such shapes (a
//! cylinder with a NaN end overlapped a ball and was 98 from a ball 100 away; a negative-radius
//! sphere was 0 or 99.9999 from a box while `overlaps` said `false`).

use osculate::prelude::*;
use osculate_math::{Matrix3, Unit};
use osculate_testing::for_f32_and_f64;

/// Invalid variants of a shape type and a valid one near the origin.
trait Cases: Sized {
    fn bad() -> Vec<Self>;
    fn good() -> Self;
}

fn p<T: Real>(x: f64, y: f64, z: f64) -> Point3<T> {
    Point3::new(T::lit(x), T::lit(y), T::lit(z))
}

impl<T: Real> Cases for Sphere<T> {
    fn bad() -> Vec<Self> {
        vec![
            Sphere::new(p(f64::NAN, 0.0, 0.0), T::ONE),
            Sphere::new(p(0.0, 0.0, 0.0), -T::ONE),
            Sphere::new(p(0.0, 0.0, 0.0), T::NAN),
        ]
    }
    fn good() -> Self {
        Sphere::new(p(0.3, 0.2, 0.1), T::ONE)
    }
}

impl<T: Real> Cases for Segment<T> {
    fn bad() -> Vec<Self> {
        vec![
            Segment::new(p(0.0, 0.0, 0.0), p(0.0, f64::NAN, 1.0)),
            Segment::new(p(f64::INFINITY, 0.0, 0.0), p(0.0, 0.0, 1.0)),
        ]
    }
    fn good() -> Self {
        Segment::new(p(-1.0, 0.1, 0.2), p(1.0, -0.1, 0.3))
    }
}

impl<T: Real> Cases for Capsule<T> {
    fn bad() -> Vec<Self> {
        vec![
            Capsule::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, f64::NAN), T::ONE),
            Capsule::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 1.0), -T::ONE),
        ]
    }
    fn good() -> Self {
        Capsule::new(p(0.0, -0.5, 0.0), p(0.2, 0.5, 0.1), T::HALF)
    }
}

impl<T: Real> Cases for Aabb<T> {
    fn bad() -> Vec<Self> {
        vec![
            Aabb::new(p(1.0, -1.0, -1.0), p(-1.0, 1.0, 1.0)),
            Aabb::new(p(-1.0, f64::NAN, -1.0), p(1.0, 1.0, 1.0)),
        ]
    }
    fn good() -> Self {
        Aabb::new(p(-0.5, -0.6, -0.7), p(0.8, 0.9, 0.6))
    }
}

impl<T: Real> Cases for Obb<T> {
    fn bad() -> Vec<Self> {
        let r = Rotation3::from_axis_angle(&Vector3::z_axis(), T::lit(0.3));
        vec![
            Obb::new(p(0.0, 0.0, 0.0), r, Vector3::new(T::ONE, -T::ONE, T::ONE)),
            Obb::new(p(0.0, 0.0, f64::NAN), r, Vector3::repeat(T::ONE)),
            Obb::new(
                p(0.0, 0.0, 0.0),
                Rotation3::from_matrix_unchecked(Matrix3::from_element(T::NAN)),
                Vector3::repeat(T::ONE),
            ),
        ]
    }
    fn good() -> Self {
        Obb::new(
            p(0.1, 0.0, -0.1),
            Rotation3::from_axis_angle(&Vector3::x_axis(), T::lit(0.5)),
            Vector3::repeat(T::lit(0.7)),
        )
    }
}

impl<T: Real> Cases for Cylinder<T> {
    fn bad() -> Vec<Self> {
        vec![
            Cylinder::new(p(0.0, 0.0, -1.0), p(0.0, f64::NAN, 1.0), T::ONE),
            Cylinder::new(p(0.0, 0.0, -1.0), p(0.0, 0.0, 1.0), -T::ONE),
            Cylinder::new(p(0.0, 0.0, -1.0), p(0.0, 0.0, 1.0), T::NAN),
        ]
    }
    fn good() -> Self {
        Cylinder::new(p(0.0, 0.0, -1.0), p(0.1, 0.0, 1.0), T::lit(0.6))
    }
}

impl<T: Real> Cases for Cone<T> {
    fn bad() -> Vec<Self> {
        let long = Unit::new_unchecked(Vector3::new(T::TWO, T::ZERO, T::ZERO));
        vec![
            Cone::new(p(0.0, 0.0, 0.0), Vector3::x_axis(), T::NAN, T::ONE),
            Cone::new(p(0.0, 0.0, 0.0), Vector3::x_axis(), T::ONE, -T::ONE),
            Cone::new(p(0.0, 0.0, 0.0), Vector3::x_axis(), -T::ONE, T::ONE),
            Cone::new(p(0.0, 0.0, 0.0), long, T::ONE, T::ONE),
        ]
    }
    fn good() -> Self {
        Cone::new(p(-0.5, 0.0, 0.0), Vector3::x_axis(), T::ONE, T::lit(0.5))
    }
}

impl<T: Real> Cases for Triangle<T> {
    fn bad() -> Vec<Self> {
        vec![Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, f64::NAN), p(0.0, 1.0, 0.0))]
    }
    fn good() -> Self {
        Triangle::new(p(-1.0, -1.0, 0.1), p(1.0, -1.0, 0.0), p(0.0, 1.0, -0.1))
    }
}

impl<T: Real> Cases for Tetrahedron<T> {
    fn bad() -> Vec<Self> {
        vec![Tetrahedron::new(
            p(0.0, 0.0, 0.0),
            p(1.0, 0.0, 0.0),
            p(0.0, 1.0, 0.0),
            p(0.0, 0.0, f64::INFINITY),
        )]
    }
    fn good() -> Self {
        Tetrahedron::new(
            p(-1.0, -1.0, -1.0),
            p(1.0, -1.0, -1.0),
            p(0.0, 1.0, -1.0),
            p(0.0, 0.0, 1.0),
        )
    }
}

/// Overlaps, Distance and Penetration of every invalid `A` with a valid `B`, both orders.
#[track_caller]
fn no_answer<T: Real, A, B>()
where
    A: Cases + Debug + Overlaps<B> + Distance<B, Scalar = T> + Penetration<B, Scalar = T>,
    B: Cases + Debug + Overlaps<A> + Distance<A, Scalar = T> + Penetration<A, Scalar = T>,
{
    let b = B::good();
    for a in A::bad() {
        assert!(!a.overlaps(&b) && !b.overlaps(&a), "overlaps: {a:?} {b:?}");
        assert!(a.distance(&b).is_nan() && b.distance(&a).is_nan(), "distance: {a:?} {b:?}");
        assert!(a.contact(&b).is_none() && b.contact(&a).is_none(), "contact: {a:?} {b:?}");
    }
}

/// The sweep of every invalid `A` against a valid `B`, both orders, moving toward each other.
#[track_caller]
fn no_impact<T: Real, A, B>()
where
    A: Cases + Debug + Sweep<B, Scalar = T>,
    B: Cases + Debug + Sweep<A, Scalar = T>,
{
    let b = B::good();
    let v = Vector3::new(T::ONE, T::ZERO, T::ZERO);
    for a in A::bad() {
        assert!(a.time_of_impact(&v, &b, &-v).is_none(), "sweep: {a:?} {b:?}");
        assert!(b.time_of_impact(&-v, &a, &v).is_none(), "sweep: {b:?} {a:?}");
    }
}

/// The ray cast of every invalid shape: through where it would be.
fn no_hit<T: Real, S: Cases + Debug + RayCast<Scalar = T>>() {
    let ray = Ray::new(p(-5.0, 0.05, 0.02), Vector3::new(T::ONE, T::ZERO, T::ZERO));
    for s in S::bad() {
        assert!(s.cast_ray(&ray).is_none(), "cast_ray: {s:?}");
    }
}

use std::fmt::Debug;

macro_rules! each_pair {
    ($T:ty; $($A:ident),*) => { each_pair!(@rows $T; [$($A),*]; $($A),*); };
    (@rows $T:ty; $all:tt; $($A:ident),*) => { $( each_pair!(@row $T; $A; $all); )* };
    (@row $T:ty; $A:ident; [$($B:ident),*]) => { $( no_answer::<$T, $A<$T>, $B<$T>>(); )* };
}

macro_rules! sweeps {
    ($T:ty; $($A:ident, $B:ident;)*) => { $( no_impact::<$T, $A<$T>, $B<$T>>(); no_impact::<$T, $B<$T>, $A<$T>>(); )* };
}

fn every_query<T: Real>() {
    each_pair!(T; Sphere, Segment, Capsule, Aabb, Obb, Cylinder, Cone, Triangle, Tetrahedron);
    sweeps!(T;
        Sphere, Sphere; Capsule, Capsule; Aabb, Aabb; Obb, Obb; Triangle, Triangle; Segment, Segment;
        Cylinder, Cylinder; Cone, Cone; Tetrahedron, Tetrahedron;
        Sphere, Triangle; Sphere, Aabb; Sphere, Obb; Sphere, Capsule; Triangle, Aabb;
        Sphere, Segment; Sphere, Cylinder; Sphere, Cone; Sphere, Tetrahedron;
        Capsule, Aabb; Capsule, Obb; Capsule, Triangle; Capsule, Segment; Capsule, Cylinder;
        Capsule, Cone; Capsule, Tetrahedron; Aabb, Obb; Aabb, Segment; Aabb, Cylinder; Aabb, Cone;
        Aabb, Tetrahedron; Obb, Triangle; Obb, Segment; Obb, Cylinder; Obb, Cone; Obb, Tetrahedron;
        Triangle, Segment; Triangle, Cylinder; Triangle, Cone; Triangle, Tetrahedron;
        Segment, Cylinder; Segment, Cone; Segment, Tetrahedron; Cylinder, Cone;
        Cylinder, Tetrahedron; Cone, Tetrahedron;
    );
    no_hit::<T, Sphere<T>>();
    no_hit::<T, Aabb<T>>();
    no_hit::<T, Obb<T>>();
    no_hit::<T, Capsule<T>>();
    no_hit::<T, Cylinder<T>>();
    no_hit::<T, Cone<T>>();
    no_hit::<T, Triangle<T>>();
    no_hit::<T, Tetrahedron<T>>();
}

for_f32_and_f64!(every_query);
