//! Posed queries: every facade query on shapes that each carry a pose, the way an engine stores a
//! collider once in its own frame and moves it by an [`Isometry3`] every step.
//!
//! A [`Posed`] is a shape by reference and its pose; it implements [`Overlaps`], [`Distance`],
//! [`Penetration`], [`RayCast`] and [`Sweep`] against another [`Posed`] for every pair the world-space
//! traits have, and the free functions of this module ([`distance`], [`closest_points`],
//! [`overlaps`], [`contact`], [`cast_ray`], [`time_of_impact`]) take `(pose, shape)` arguments as
//! parry's `query::distance(&pos1, &g1, &pos2, &g2)` does.
//!
//! How a pair is answered: the relative pose `pose_a⁻¹ · pose_b` is computed once, `B` is moved by
//! it into `A`'s frame ([`LocalShape::moved`]: a sphere, capsule, segment, triangle, oriented box …
//! stays the same kind of shape; an [`Aabb`] becomes an [`Obb`]), the world-space query of the pair
//! answers there (the closed form where the pair has one, GJK / EPA / the GJK ray cast otherwise),
//! and the points and normals of the answer are mapped back to world space by `pose_a`. The
//! convex polygon and polyhedron are never rebuilt: a pair with one of them is answered in the
//! polytope's frame, and two polytopes through GJK / EPA on the posed support map
//! ([`Transformed`]). Nothing allocates but what the world-space query allocates (EPA).
//!
//! A ray is moved into the shape's frame and its hit mapped back; a sweep takes world-space
//! velocities (rotated into `A`'s frame, the impact mapped back).
//!
//! Non-finite poses: a NaN or infinite translation or rotation makes the relative pose, hence the
//! moved shape, non-finite, and the world-space query then gives no answer (`false`, a NaN
//! distance, `None`), as it does for a non-finite shape. A pose's rotation is assumed unit (as
//! [`UnitQuaternion`](crate::math::UnitQuaternion) guarantees when built by nalgebra's constructors).

use osculate_cast::RayHit;
use osculate_closest::{ClosestPoints, Contact, Transformed};
use osculate_dynamic::Impact;
use osculate_math::{
    Aabb, Capsule, Cone, Cylinder, Halfspace, Isometry3, Line, Obb, Plane, Point3, Ray, Real,
    Segment, Sphere, Tetrahedron, Transform, Triangle, Vector3,
};

use osculate_mesh::{Compound, Part, TriangleMesh};

use crate::{Distance, Overlaps, Penetration, RayCast, Sweep};

/// A shape (by reference) placed in world space by a pose: `pose * p` maps a point `p` of the
/// shape's own frame to world space.
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// // Both shapes built once around their own origin, then placed.
/// let ball = Sphere::new(Point3::origin(), 0.5_f64);
/// let crate_box = Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
/// let a = Posed::new(&ball, Isometry3::translation(3.0, 0.0, 0.0));
/// let turned = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), std::f64::consts::FRAC_PI_4);
/// let b = Posed::new(&crate_box, Isometry3::from_parts(Vector3::zeros().into(), turned));
/// // The box turned by 45° reaches √2 along x: the ball is 3 − 0.5 − √2 away.
/// assert!((a.distance(&b) - (2.5 - 2.0_f64.sqrt())).abs() < 1e-12);
/// assert!(!a.overlaps(&b));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Posed<'a, S: ?Sized, T: Real> {
    /// The shape, in its own frame.
    pub shape: &'a S,
    /// Where it is: from the shape's frame to world space.
    pub pose: Isometry3<T>,
}

impl<'a, S: ?Sized, T: Real> Posed<'a, S, T> {
    /// `shape` placed by `pose`.
    #[inline]
    #[must_use]
    pub const fn new(shape: &'a S, pose: Isometry3<T>) -> Self {
        Self { shape, pose }
    }
}

/// A shape that can be expressed in another shape's frame without allocating: the shape type the
/// world-space queries see for it there. Implemented for every shape of the facade but the convex
/// polygon and polyhedron (which [`Posed`] answers in their own frame instead).
///
/// The scalar is an associated type (not a parameter) so that no other crate can implement the
/// trait for the polytopes, whose [`Posed`] impls are separate.
pub trait LocalShape {
    /// The scalar type.
    type Scalar: Real;
    /// The shape as the world-space queries see it in a frame (an [`Aabb`] is an [`Obb`] once it
    /// may be rotated; every other shape keeps its type).
    type Local;
    /// The shape in its own frame.
    #[must_use]
    fn local(&self) -> Self::Local;
    /// The shape moved by `iso`.
    #[must_use]
    fn moved(&self, iso: &Isometry3<Self::Scalar>) -> Self::Local;
}

/// `LocalShape` for the shapes whose [`Transform`] keeps their type.
macro_rules! local_shape_by_transform {
    ($($S:ident),*) => {$(
        impl<T: Real> LocalShape for $S<T> {
            type Scalar = T;
            type Local = Self;
            #[inline]
            fn local(&self) -> Self {
                *self
            }
            #[inline]
            fn moved(&self, iso: &Isometry3<T>) -> Self {
                self.transformed(iso)
            }
        }
    )*};
}

local_shape_by_transform!(
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
    Line,
    Ray
);

impl<T: Real> LocalShape for Aabb<T> {
    type Scalar = T;
    type Local = Obb<T>;
    #[inline]
    fn local(&self) -> Obb<T> {
        self.to_obb()
    }
    #[inline]
    fn moved(&self, iso: &Isometry3<T>) -> Obb<T> {
        self.transformed(iso)
    }
}

impl<T: Real> LocalShape for Point3<T> {
    type Scalar = T;
    type Local = Self;
    #[inline]
    fn local(&self) -> Self {
        *self
    }
    #[inline]
    fn moved(&self, iso: &Isometry3<T>) -> Self {
        iso * self
    }
}

/// An answer computed in a frame, mapped to world space by that frame's pose.
trait ToWorld<T: Real> {
    fn to_world(self, pose: &Isometry3<T>) -> Self;
}

impl<T: Real> ToWorld<T> for bool {
    #[inline]
    fn to_world(self, _: &Isometry3<T>) -> Self {
        self
    }
}

impl<T: Real> ToWorld<T> for ClosestPoints<T> {
    #[inline]
    fn to_world(self, pose: &Isometry3<T>) -> Self {
        Self { point_a: pose * self.point_a, point_b: pose * self.point_b, ..self }
    }
}

impl<T: Real> ToWorld<T> for Option<Contact<T>> {
    #[inline]
    fn to_world(self, pose: &Isometry3<T>) -> Self {
        self.map(|c| Contact {
            normal: pose.rotation * c.normal,
            point_a: pose * c.point_a,
            point_b: pose * c.point_b,
            ..c
        })
    }
}

impl<T: Real> ToWorld<T> for Option<Impact<T>> {
    #[inline]
    fn to_world(self, pose: &Isometry3<T>) -> Self {
        self.map(|h| Impact { point: pose * h.point, normal: pose.rotation * h.normal, ..h })
    }
}

impl<T: Real> ToWorld<T> for Option<RayHit<T>> {
    #[inline]
    fn to_world(self, pose: &Isometry3<T>) -> Self {
        self.map(|h| RayHit { point: pose * h.point, normal: pose.rotation * h.normal, ..h })
    }
}

/// `B`'s pose in `A`'s frame: `pose_a⁻¹ · pose_b`.
#[inline]
fn relative<T: Real>(pose_a: &Isometry3<T>, pose_b: &Isometry3<T>) -> Isometry3<T> {
    pose_a.inv_mul(pose_b)
}

/// A world-space vector in the frame of `pose`.
#[inline]
fn to_local<T: Real>(pose: &Isometry3<T>, v: &Vector3<T>) -> Vector3<T> {
    pose.rotation.inverse_transform_vector(v)
}

/// The answer of `$a.$m($b)` for two posed [`LocalShape`]s, in `$a`'s frame (`A` as it is, `B`
/// moved by the relative pose), mapped to world space.
macro_rules! in_frame {
    ($a:expr, $b:expr; $m:ident) => {{
        let rel = relative(&$a.pose, &$b.pose);
        ToWorld::to_world($a.shape.local().$m(&$b.shape.moved(&rel)), &$a.pose)
    }};
}

impl<'a, 'b, T, A, B> Overlaps<Posed<'b, B, T>> for Posed<'a, A, T>
where
    T: Real,
    A: LocalShape<Scalar = T>,
    B: LocalShape<Scalar = T>,
    A::Local: Overlaps<B::Local>,
{
    #[inline]
    fn overlaps(&self, other: &Posed<'b, B, T>) -> bool {
        in_frame!(self, other; overlaps)
    }
}

impl<'a, 'b, T, A, B> Distance<Posed<'b, B, T>> for Posed<'a, A, T>
where
    T: Real,
    A: LocalShape<Scalar = T>,
    B: LocalShape<Scalar = T>,
    A::Local: Distance<B::Local, Scalar = T>,
{
    type Scalar = T;
    #[inline]
    fn closest_points(&self, other: &Posed<'b, B, T>) -> ClosestPoints<T> {
        in_frame!(self, other; closest_points)
    }
}

impl<'a, 'b, T, A, B> Penetration<Posed<'b, B, T>> for Posed<'a, A, T>
where
    T: Real,
    A: LocalShape<Scalar = T>,
    B: LocalShape<Scalar = T>,
    A::Local: Penetration<B::Local, Scalar = T>,
{
    type Scalar = T;
    #[inline]
    fn contact(&self, other: &Posed<'b, B, T>) -> Option<Contact<T>> {
        in_frame!(self, other; contact)
    }
}

impl<'a, 'b, T, A, B> Sweep<Posed<'b, B, T>> for Posed<'a, A, T>
where
    T: Real,
    A: LocalShape<Scalar = T>,
    B: LocalShape<Scalar = T>,
    A::Local: Sweep<B::Local, Scalar = T>,
{
    type Scalar = T;
    #[inline]
    fn time_of_impact(
        &self,
        v_self: &Vector3<T>,
        other: &Posed<'b, B, T>,
        v_other: &Vector3<T>,
    ) -> Option<Impact<T>> {
        let rel = relative(&self.pose, &other.pose);
        let (va, vb) = (to_local(&self.pose, v_self), to_local(&self.pose, v_other));
        let hit = self.shape.local().time_of_impact(&va, &other.shape.moved(&rel), &vb);
        hit.to_world(&self.pose)
    }
}

impl<T, S> RayCast for Posed<'_, S, T>
where
    T: Real,
    S: LocalShape<Scalar = T>,
    S::Local: RayCast<Scalar = T>,
{
    type Scalar = T;
    #[inline]
    fn cast_ray(&self, ray: &Ray<T>) -> Option<RayHit<T>> {
        let local = Ray {
            origin: self.pose.inverse_transform_point(&ray.origin),
            direction: to_local(&self.pose, &ray.direction),
            max_t: ray.max_t,
        };
        self.shape.local().cast_ray(&local).to_world(&self.pose)
    }
}

/// The posed impls with a convex polygon or polyhedron `$P`: against a [`LocalShape`] in `$P`'s
/// frame (the other shape moved into it, `$P` never rebuilt), and against the polytope `$Q` by the
/// world-space query on the posed support map ([`Transformed`]) of `$Q` in `$P`'s frame.
macro_rules! polytope_impls {
    ([$($g:tt)*] $P:ty; $($Q:ident),*) => {
        impl<'a, 'b, T: Real, $($g)* B: LocalShape<Scalar = T>> Overlaps<Posed<'b, B, T>> for Posed<'a, $P, T>
        where $P: Overlaps<B::Local> {
            #[inline]
            fn overlaps(&self, other: &Posed<'b, B, T>) -> bool {
                self.shape.overlaps(&other.shape.moved(&relative(&self.pose, &other.pose)))
            }
        }
        impl<'a, 'b, T: Real, $($g)* A: LocalShape<Scalar = T>> Overlaps<Posed<'b, $P, T>> for Posed<'a, A, T>
        where A::Local: Overlaps<$P> {
            #[inline]
            fn overlaps(&self, other: &Posed<'b, $P, T>) -> bool {
                self.shape.moved(&relative(&other.pose, &self.pose)).overlaps(other.shape)
            }
        }
        impl<'a, 'b, T: Real, $($g)* B: LocalShape<Scalar = T>> Distance<Posed<'b, B, T>> for Posed<'a, $P, T>
        where $P: Distance<B::Local, Scalar = T> {
            type Scalar = T;
            #[inline]
            fn closest_points(&self, other: &Posed<'b, B, T>) -> ClosestPoints<T> {
                let moved = other.shape.moved(&relative(&self.pose, &other.pose));
                self.shape.closest_points(&moved).to_world(&self.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)* A: LocalShape<Scalar = T>> Distance<Posed<'b, $P, T>> for Posed<'a, A, T>
        where A::Local: Distance<$P, Scalar = T> {
            type Scalar = T;
            #[inline]
            fn closest_points(&self, other: &Posed<'b, $P, T>) -> ClosestPoints<T> {
                let moved = self.shape.moved(&relative(&other.pose, &self.pose));
                moved.closest_points(other.shape).to_world(&other.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)* B: LocalShape<Scalar = T>> Penetration<Posed<'b, B, T>> for Posed<'a, $P, T>
        where $P: Penetration<B::Local, Scalar = T> {
            type Scalar = T;
            #[inline]
            fn contact(&self, other: &Posed<'b, B, T>) -> Option<Contact<T>> {
                let moved = other.shape.moved(&relative(&self.pose, &other.pose));
                self.shape.contact(&moved).to_world(&self.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)* A: LocalShape<Scalar = T>> Penetration<Posed<'b, $P, T>> for Posed<'a, A, T>
        where A::Local: Penetration<$P, Scalar = T> {
            type Scalar = T;
            #[inline]
            fn contact(&self, other: &Posed<'b, $P, T>) -> Option<Contact<T>> {
                let moved = self.shape.moved(&relative(&other.pose, &self.pose));
                moved.contact(other.shape).to_world(&other.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)* A: LocalShape<Scalar = T>> Sweep<Posed<'b, $P, T>> for Posed<'a, A, T>
        where A::Local: Sweep<$P, Scalar = T> {
            type Scalar = T;
            #[inline]
            fn time_of_impact(
                &self,
                v_self: &Vector3<T>,
                other: &Posed<'b, $P, T>,
                v_other: &Vector3<T>,
            ) -> Option<Impact<T>> {
                let moved = self.shape.moved(&relative(&other.pose, &self.pose));
                let (va, vb) = (to_local(&other.pose, v_self), to_local(&other.pose, v_other));
                moved.time_of_impact(&va, other.shape, &vb).to_world(&other.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)* B: LocalShape<Scalar = T>> Sweep<Posed<'b, B, T>> for Posed<'a, $P, T>
        where $P: Sweep<B::Local, Scalar = T> {
            type Scalar = T;
            #[inline]
            fn time_of_impact(
                &self,
                v_self: &Vector3<T>,
                other: &Posed<'b, B, T>,
                v_other: &Vector3<T>,
            ) -> Option<Impact<T>> {
                let moved = other.shape.moved(&relative(&self.pose, &other.pose));
                let (va, vb) = (to_local(&self.pose, v_self), to_local(&self.pose, v_other));
                self.shape.time_of_impact(&va, &moved, &vb).to_world(&self.pose)
            }
        }
        impl<T: Real, $($g)*> RayCast for Posed<'_, $P, T> {
            type Scalar = T;
            #[inline]
            fn cast_ray(&self, ray: &Ray<T>) -> Option<RayHit<T>> {
                let local = Ray {
                    origin: self.pose.inverse_transform_point(&ray.origin),
                    direction: to_local(&self.pose, &ray.direction),
                    max_t: ray.max_t,
                };
                RayCast::cast_ray(self.shape, &local).to_world(&self.pose)
            }
        }
        $(
            impl<'a, 'b, T: Real> Overlaps<Posed<'b, $Q<T>, T>> for Posed<'a, $P, T> {
                #[inline]
                fn overlaps(&self, other: &Posed<'b, $Q<T>, T>) -> bool {
                    let moved = Transformed { shape: other.shape, pose: relative(&self.pose, &other.pose) };
                    osculate_closest::intersect_convex(self.shape, &moved, osculate_closest::GJK_MAX_ITERATIONS)
                }
            }
            impl<'a, 'b, T: Real> Distance<Posed<'b, $Q<T>, T>> for Posed<'a, $P, T> {
                type Scalar = T;
                #[inline]
                fn closest_points(&self, other: &Posed<'b, $Q<T>, T>) -> ClosestPoints<T> {
                    let moved = Transformed { shape: other.shape, pose: relative(&self.pose, &other.pose) };
                    osculate_closest::closest_points_convex(self.shape, &moved).to_world(&self.pose)
                }
            }
            impl<'a, 'b, T: Real> Penetration<Posed<'b, $Q<T>, T>> for Posed<'a, $P, T> {
                type Scalar = T;
                #[inline]
                fn contact(&self, other: &Posed<'b, $Q<T>, T>) -> Option<Contact<T>> {
                    let moved = Transformed { shape: other.shape, pose: relative(&self.pose, &other.pose) };
                    osculate_closest::contact_convex(self.shape, &moved, osculate_closest::EPA_MAX_ITERATIONS)
                        .to_world(&self.pose)
                }
            }
            impl<'a, 'b, T: Real> Sweep<Posed<'b, $Q<T>, T>> for Posed<'a, $P, T> {
                type Scalar = T;
                #[inline]
                fn time_of_impact(
                    &self,
                    v_self: &Vector3<T>,
                    other: &Posed<'b, $Q<T>, T>,
                    v_other: &Vector3<T>,
                ) -> Option<Impact<T>> {
                    let moved = Transformed { shape: other.shape, pose: relative(&self.pose, &other.pose) };
                    let (va, vb) = (to_local(&self.pose, v_self), to_local(&self.pose, v_other));
                    osculate_dynamic::convex_convex(self.shape, &va, &moved, &vb).to_world(&self.pose)
                }
            }
        )*
    };
}

#[cfg(feature = "alloc")]
const _: () = {
    use osculate_math::{ConvexPolygon, ConvexPolyhedron};
    polytope_impls!([] ConvexPolygon<T>; ConvexPolygon, ConvexPolyhedron);
    polytope_impls!([] ConvexPolyhedron<T>; ConvexPolygon, ConvexPolyhedron);
};

polytope_impls!([] TriangleMesh<T>;);
polytope_impls!([P: Part<T>,] Compound<T, P>;);

impl<'a, 'b, T: Real> Overlaps<Posed<'b, TriangleMesh<T>, T>> for Posed<'a, TriangleMesh<T>, T> {
    /// [`overlap_mesh_mesh`](crate::mesh::overlap_mesh_mesh) with the relative pose: neither
    /// mesh moved or rebuilt, `other`'s triangles placed in `self`'s frame as they are met.
    #[inline]
    fn overlaps(&self, other: &Posed<'b, TriangleMesh<T>, T>) -> bool {
        osculate_mesh::overlap_mesh_mesh(
            self.shape,
            other.shape,
            &relative(&self.pose, &other.pose),
        )
    }
}

/// Whether `shape_a` placed by `pose_a` and `shape_b` placed by `pose_b` overlap or touch
/// ([`Overlaps`] on two [`Posed`]; parry's `query::intersection_test`).
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let ball = Sphere::new(Point3::origin(), 1.0_f32);
/// let (p1, p2) = (Isometry3::translation(0.0, 0.0, 0.0), Isometry3::translation(1.5, 0.0, 0.0));
/// assert!(osculate::posed::overlaps(&p1, &ball, &p2, &ball));
/// ```
#[inline]
#[must_use]
pub fn overlaps<T: Real, A: ?Sized, B: ?Sized>(
    pose_a: &Isometry3<T>,
    shape_a: &A,
    pose_b: &Isometry3<T>,
    shape_b: &B,
) -> bool
where
    for<'a, 'b> Posed<'a, A, T>: Overlaps<Posed<'b, B, T>>,
{
    Posed::new(shape_a, *pose_a).overlaps(&Posed::new(shape_b, *pose_b))
}

/// The closest points of two posed shapes, in world space ([`Distance::closest_points`] on two
/// [`Posed`]).
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let rod = Segment::new(Point3::new(-1.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0));
/// let up = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), std::f64::consts::FRAC_PI_2);
/// let (p1, p2) = (Isometry3::identity(), Isometry3::from_parts(Vector3::new(3.0, 0.0, 0.0).into(), up));
/// let c = osculate::posed::closest_points(&p1, &rod, &p2, &rod); // the second rod stands along y
/// assert!((c.distance - 2.0).abs() < 1e-12 && (c.point_b - Point3::new(3.0, 0.0, 0.0)).norm() < 1e-12);
/// ```
#[inline]
#[must_use]
pub fn closest_points<T: Real, A: ?Sized, B: ?Sized>(
    pose_a: &Isometry3<T>,
    shape_a: &A,
    pose_b: &Isometry3<T>,
    shape_b: &B,
) -> ClosestPoints<T>
where
    for<'a, 'b> Posed<'a, A, T>: Distance<Posed<'b, B, T>, Scalar = T>,
{
    Posed::new(shape_a, *pose_a).closest_points(&Posed::new(shape_b, *pose_b))
}

/// The distance between two posed shapes (0 when they overlap; [`Distance::distance`] on two
/// [`Posed`]; parry's `query::distance`).
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let ball = Sphere::new(Point3::origin(), 0.5_f64);
/// let post = Cylinder::new(Point3::new(0.0, 0.0, -1.0), Point3::new(0.0, 0.0, 1.0), 0.25);
/// let (p1, p2) = (Isometry3::translation(2.0, 0.0, 0.0), Isometry3::translation(0.0, 0.0, 0.0));
/// assert!((osculate::posed::distance(&p1, &ball, &p2, &post) - 1.25).abs() < 1e-6); // GJK
/// ```
#[inline]
#[must_use]
pub fn distance<T: Real, A: ?Sized, B: ?Sized>(
    pose_a: &Isometry3<T>,
    shape_a: &A,
    pose_b: &Isometry3<T>,
    shape_b: &B,
) -> T
where
    for<'a, 'b> Posed<'a, A, T>: Distance<Posed<'b, B, T>, Scalar = T>,
{
    Posed::new(shape_a, *pose_a).distance(&Posed::new(shape_b, *pose_b))
}

/// The contact of two posed shapes: signed distance, world-space normal from `A` toward `B` and
/// witness points ([`Penetration::contact`] on two [`Posed`]; parry's `query::contact` without a
/// prediction distance).
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let ball = Sphere::new(Point3::origin(), 1.0_f64);
/// let (p1, p2) = (Isometry3::translation(0.0, 1.5, 0.0), Isometry3::translation(0.0, 0.0, 0.0));
/// let c = osculate::posed::contact(&p1, &ball, &p2, &ball).unwrap();
/// assert_eq!((c.distance, c.normal.into_inner()), (-0.5, -Vector3::y()));
/// ```
#[inline]
#[must_use]
pub fn contact<T: Real, A: ?Sized, B: ?Sized>(
    pose_a: &Isometry3<T>,
    shape_a: &A,
    pose_b: &Isometry3<T>,
    shape_b: &B,
) -> Option<Contact<T>>
where
    for<'a, 'b> Posed<'a, A, T>: Penetration<Posed<'b, B, T>, Scalar = T>,
{
    Posed::new(shape_a, *pose_a).contact(&Posed::new(shape_b, *pose_b))
}

/// A world-space ray cast against a posed shape ([`RayCast::cast_ray`] on a [`Posed`]; parry's
/// `Shape::cast_ray` with a pose): the hit point and normal in world space, the parameters those
/// of `ray`.
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let crate_box = Aabb::new(Point3::new(-1.0_f64, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
/// let pose = Isometry3::translation(5.0, 0.0, 0.0);
/// let ray = Ray::new(Point3::origin(), Vector3::x());
/// let hit = osculate::posed::cast_ray(&pose, &crate_box, &ray).unwrap();
/// assert_eq!((hit.t_enter, hit.normal.into_inner()), (4.0, -Vector3::x()));
/// ```
#[inline]
#[must_use]
pub fn cast_ray<T: Real, S: ?Sized>(
    pose: &Isometry3<T>,
    shape: &S,
    ray: &Ray<T>,
) -> Option<RayHit<T>>
where
    for<'a> Posed<'a, S, T>: RayCast<Scalar = T>,
{
    Posed::new(shape, *pose).cast_ray(ray)
}

/// The first contact of two posed shapes translating by the world-space displacements `v_a` and
/// `v_b` over `t ∈ [0, 1]` ([`Sweep::time_of_impact`] on two [`Posed`]; parry's
/// `query::cast_shapes` with the displacements as velocities over a unit time): the impact's point
/// and normal in world space.
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let ball = Sphere::new(Point3::origin(), 1.0_f64);
/// let (p1, p2) = (Isometry3::translation(0.0, 0.0, 0.0), Isometry3::translation(4.0, 0.0, 0.0));
/// let v = Vector3::new(4.0, 0.0, 0.0);
/// let hit = osculate::posed::time_of_impact(&p1, &ball, &v, &p2, &ball, &Vector3::zeros());
/// assert_eq!(hit.map(|h| h.toi), Some(0.5));
/// ```
#[inline]
#[must_use]
pub fn time_of_impact<T: Real, A: ?Sized, B: ?Sized>(
    pose_a: &Isometry3<T>,
    shape_a: &A,
    v_a: &Vector3<T>,
    pose_b: &Isometry3<T>,
    shape_b: &B,
    v_b: &Vector3<T>,
) -> Option<Impact<T>>
where
    for<'a, 'b> Posed<'a, A, T>: Sweep<Posed<'b, B, T>, Scalar = T>,
{
    Posed::new(shape_a, *pose_a).time_of_impact(v_a, &Posed::new(shape_b, *pose_b), v_b)
}
