//! Posed queries: every facade query on shapes that each carry a pose, the way an engine stores a
//! collider once in its own frame and moves it by an [`Isometry3`] every step.
//!
//! A [`Posed`] is a shape by reference and its pose; it implements [`Overlaps`], [`Distance`],
//! [`Penetration`], [`RayCast`] and [`Sweep`] against another [`Posed`] for every pair the world-space
//! traits have, and the free functions of this module ([`distance`], [`closest_points`],
//! [`overlaps`], [`contact`], [`cast_ray`], [`time_of_impact`]) take `(pose, shape)` arguments as
//! parry's `query::distance(&pos1, &g1, &pos2, &g2)` does.
//!
//! How a pair is answered: in the frame that costs least to reach, chosen at compile time from
//! what moving each shape costs ([`LocalShape::MOVE_COST`]) and how many vectors the answer maps
//! back. In one shape's frame, the other is moved into it ([`LocalShape::moved_between`]: a
//! sphere, capsule, segment, triangle, oriented box … stays the same kind of shape; an [`Aabb`]
//! becomes an [`Obb`]; a ball's center by two rotations, the poses never composed), the
//! world-space query of the pair answers there (the closed form where the pair has one, GJK / EPA
//! / the GJK ray cast otherwise), and the points and normals of the answer are mapped back by that
//! shape's pose. About world axes (two cheap shapes, as sphere-sphere, sphere-capsule or
//! sphere-box), each shape is turned by its own rotation about the first shape's origin and the
//! answer is only shifted back. So a sphere's overlap with a box is answered in the box's frame,
//! the ball's center moved in, as parry's posed queries do, and their contact about world axes,
//! the box turned by its pose's rotation matrix (a box built about its own origin and axes, the
//! usual collider, needs no more; a ball at its origin is not turned at all). The convex polygon and polyhedron are never rebuilt: a pair
//! with one of them is answered in the polytope's frame, and two polytopes through GJK / EPA on
//! the posed support map ([`Transformed`]); their contact manifold reads the second polyhedron's
//! faces, edges and vertices through the relative pose
//! ([`manifold_polyhedron_polyhedron_posed`](crate::closest::manifold_polyhedron_polyhedron_posed)).
//! Nothing allocates but what the world-space query allocates (EPA's workspace, reused per
//! thread: see [`Penetration::contact_with`]).
//!
//! A ray is moved into the shape's frame and its hit mapped back; a sweep takes world-space
//! velocities (rotated into `A`'s frame, the impact mapped back).
//!
//! Non-finite poses: a NaN or infinite translation or rotation makes the relative pose, hence the
//! moved shape, non-finite, and the world-space query then gives no answer (`false`, a NaN
//! distance, `None`), as it does for a non-finite shape. A pose's rotation is assumed unit (as
//! [`UnitQuaternion`] guarantees when built by nalgebra's constructors).

use osculate_cast::RayHit;
use osculate_closest::{ClosestPoints, Contact, Manifold, SupportMap, Transformed};
use osculate_dynamic::Impact;
use osculate_math::{
    Aabb, Capsule, Cone, Cylinder, Halfspace, Isometry3, Line, Obb, Plane, Point3, Ray, Real,
    Rotation3, Segment, Sphere, Tetrahedron, Transform, Triangle, UnitQuaternion, UnitVector3,
    Vector3,
};

use crate::{ContactManifold, Distance, Overlaps, Penetration, RayCast, Sweep};

mod sets;

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

/// A posed shape's support mapping in world space (the shape's, through its pose): what GJK,
/// EPA and [`Sweep::sweep_with`] run on.
impl<S: SupportMap<T>, T: Real> SupportMap<T> for Posed<'_, S, T> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        self.transformed().support(dir)
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        self.transformed().center()
    }
    #[inline]
    fn margin(&self) -> T {
        self.shape.margin()
    }
    #[inline]
    fn core_support(&self, dir: &Vector3<T>) -> Point3<T> {
        self.transformed().core_support(dir)
    }
    #[inline]
    fn is_valid_input(&self) -> bool {
        self.transformed().is_valid_input()
    }
}

impl<'a, S, T: Real> Posed<'a, S, T> {
    /// The lower layers' form of a posed shape.
    #[inline]
    fn transformed(&self) -> Transformed<&'a S, T> {
        Transformed { shape: self.shape, pose: self.pose }
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
    /// What moving the shape costs, in vectors rotated (a sphere's center is one, a capsule's
    /// ends two, an oriented box about its own origin and axes two: its pose's rotation matrix;
    /// an axis-aligned box about four): a pair is answered where moving its shapes and mapping
    /// the answer back costs least.
    const MOVE_COST: u8;
    /// The shape in its own frame.
    #[must_use]
    fn local(&self) -> Self::Local;
    /// The shape moved by `iso`.
    #[must_use]
    fn moved(&self, iso: &Isometry3<Self::Scalar>) -> Self::Local;
    /// The shape placed by `from`, seen in the frame of `to`: [`moved`](Self::moved) by
    /// `to⁻¹ · from`. A shape of one point moves it by the two rotations instead of composing
    /// the poses, the translations subtracted first (no rounding at the poses' scale).
    #[inline]
    #[must_use]
    fn moved_between(
        &self,
        from: &Isometry3<Self::Scalar>,
        to: &Isometry3<Self::Scalar>,
    ) -> Self::Local {
        self.moved(&relative(to, from))
    }
}

/// The point `p` of a shape placed by `from`, in the frame of `to`: `to⁻¹ · from · p` by two
/// rotations, the translations subtracted before the larger coordinates are met.
/// A point at its frame's origin (a shape built about it, the usual case) skips the first
/// rotation (see [`turned_origin`]).
#[inline]
fn point_between<T: Real>(p: &Point3<T>, from: &Isometry3<T>, to: &Isometry3<T>) -> Point3<T> {
    let offset = from.translation.vector - to.translation.vector;
    let turned = if p.coords == Vector3::zeros() {
        turned_origin(&from.rotation)
    } else {
        from.rotation * p.coords
    };
    Point3::from(to.rotation.inverse_transform_vector(&(offset + turned)))
}

/// `iso · p`, with no rotation for a point at the origin (see [`turned_origin`]).
#[inline]
fn point_moved<T: Real>(p: &Point3<T>, iso: &Isometry3<T>) -> Point3<T> {
    if p.coords == Vector3::zeros() {
        Point3::from(iso.translation.vector + turned_origin(&iso.rotation))
    } else {
        iso * p
    }
}

/// The origin turned by `q` without the rotation's arithmetic: zero for a finite rotation (what
/// the rotation gives, up to the sign of zero), NaN for a non-finite one (as the rotation gives),
/// so that a non-finite pose still yields no answer.
#[inline]
fn turned_origin<T: Real>(q: &UnitQuaternion<T>) -> Vector3<T> {
    let zero = q.quaternion().coords.sum() * T::ZERO;
    Vector3::new(zero, zero, zero)
}

/// `LocalShape` for the shapes whose [`Transform`] keeps their type, with their cost of moving,
/// and where it is cheaper than the transform, how the shape is `moved` and how it is moved
/// between two frames.
macro_rules! local_shape_by_transform {
    ($($S:ident: $cost:literal
       $(, moved |$m:ident, $iso:ident| $moved:expr)?
       $(, between |$s:ident, $from:ident, $to:ident| $between:expr)?;)*) => {$(
        impl<T: Real> LocalShape for $S<T> {
            type Scalar = T;
            type Local = Self;
            const MOVE_COST: u8 = $cost;
            #[inline]
            fn local(&self) -> Self {
                *self
            }
            #[inline]
            fn moved(&self, iso: &Isometry3<T>) -> Self {
                local_shape_by_transform!(@moved self, iso $(, |$m, $iso| $moved)?)
            }
            $(
                #[inline]
                fn moved_between(&self, $from: &Isometry3<T>, $to: &Isometry3<T>) -> Self {
                    let $s = self;
                    $between
                }
            )?
        }
    )*};
    (@moved $shape:ident, $i:ident) => {
        $shape.transformed($i)
    };
    (@moved $shape:ident, $i:ident, |$m:ident, $iso:ident| $moved:expr) => {{
        let ($m, $iso) = ($shape, $i);
        $moved
    }};
}

local_shape_by_transform! {
    Sphere: 1,
        moved |s, iso| Sphere { center: point_moved(&s.center, iso), radius: s.radius },
        between |s, from, to| Sphere { center: point_between(&s.center, from, to), radius: s.radius };
    Segment: 2;
    Capsule: 2;
    // An oriented box built about its own origin and along its frame's axes (the usual
    // collider) is moved by the pose's rotation matrix alone: the product with the identity and
    // the turn of the zero center would give the same numbers.
    Obb: 2, moved |b, iso| {
        let turn = iso.rotation.to_rotation_matrix();
        let identity = b.rotation == Rotation3::identity();
        Obb {
            center: point_moved(&b.center, iso),
            rotation: if identity { turn } else { turn * b.rotation },
            half_extents: b.half_extents,
        }
    };
    Triangle: 3;
    Tetrahedron: 4;
    Cylinder: 2;
    Cone: 2;
    Plane: 1;
    Halfspace: 1;
    Line: 2;
    Ray: 2;
}

impl<T: Real> LocalShape for Aabb<T> {
    type Scalar = T;
    type Local = Obb<T>;
    const MOVE_COST: u8 = 4;
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
    const MOVE_COST: u8 = 1;
    #[inline]
    fn local(&self) -> Self {
        *self
    }
    #[inline]
    fn moved(&self, iso: &Isometry3<T>) -> Self {
        iso * self
    }
    #[inline]
    fn moved_between(&self, from: &Isometry3<T>, to: &Isometry3<T>) -> Self {
        point_between(self, from, to)
    }
}

/// A frame a pair is answered in, as seen from world space: a pose (one shape's frame), or a
/// translation (world axes about one shape's origin).
#[derive(Clone, Copy)]
enum Place<'p, T: Real> {
    /// A shape's frame.
    Pose(&'p Isometry3<T>),
    /// World axes, origin at this point.
    Shift(Vector3<T>),
}

impl<T: Real> Place<'_, T> {
    /// A world-space vector in this frame.
    #[inline]
    fn vector_in(&self, v: &Vector3<T>) -> Vector3<T> {
        match self {
            Place::Pose(pose) => to_local(pose, v),
            Place::Shift(_) => *v,
        }
    }
    /// A point of this frame in world space.
    #[inline]
    fn point_out(&self, p: &Point3<T>) -> Point3<T> {
        match self {
            Place::Pose(pose) => *pose * p,
            Place::Shift(t) => p + t,
        }
    }
    /// A unit vector of this frame in world space.
    #[inline]
    fn normal_out(&self, n: &UnitVector3<T>) -> UnitVector3<T> {
        match self {
            Place::Pose(pose) => pose.rotation * n,
            Place::Shift(_) => *n,
        }
    }
}

/// An answer computed in a frame, mapped to world space.
trait ToWorld<T: Real>: Sized {
    /// The answer computed in `place`, in world space.
    fn out_of(self, place: &Place<'_, T>) -> Self;
    /// The answer computed in the frame of `pose`, in world space.
    #[inline]
    fn to_world(self, pose: &Isometry3<T>) -> Self {
        self.out_of(&Place::Pose(pose))
    }
}

impl<T: Real> ToWorld<T> for bool {
    #[inline]
    fn out_of(self, _: &Place<'_, T>) -> Self {
        self
    }
}

impl<T: Real> ToWorld<T> for ClosestPoints<T> {
    #[inline]
    fn out_of(self, place: &Place<'_, T>) -> Self {
        Self {
            point_a: place.point_out(&self.point_a),
            point_b: place.point_out(&self.point_b),
            ..self
        }
    }
}

impl<T: Real> ToWorld<T> for Option<Contact<T>> {
    #[inline]
    fn out_of(self, place: &Place<'_, T>) -> Self {
        self.map(|c| Contact {
            normal: place.normal_out(&c.normal),
            point_a: place.point_out(&c.point_a),
            point_b: place.point_out(&c.point_b),
            ..c
        })
    }
}

impl<T: Real> ToWorld<T> for Manifold<T> {
    #[inline]
    fn out_of(self, place: &Place<'_, T>) -> Self {
        match place {
            Place::Pose(pose) => self.transformed(pose),
            Place::Shift(t) => {
                self.transformed(&Isometry3::from_parts((*t).into(), UnitQuaternion::identity()))
            }
        }
    }
}

/// `ToWorld` for the optional answers made of one point and one normal.
macro_rules! point_and_normal_to_world {
    ($($answer:ident),*) => {$(
        impl<T: Real> ToWorld<T> for Option<$answer<T>> {
            #[inline]
            fn out_of(self, place: &Place<'_, T>) -> Self {
                self.map(|h| $answer {
                    point: place.point_out(&h.point),
                    normal: place.normal_out(&h.normal),
                    ..h
                })
            }
        }
    )*};
}

point_and_normal_to_world!(Impact, RayHit);

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

/// A world-space ray in the frame of `pose` (the same parameters: the pose is rigid).
#[inline]
fn local_ray<T: Real>(pose: &Isometry3<T>, ray: &Ray<T>) -> Ray<T> {
    Ray {
        origin: pose.inverse_transform_point(&ray.origin),
        direction: to_local(pose, &ray.direction),
        max_t: ray.max_t,
    }
}

/// Where a pair of [`LocalShape`]s is answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Frame {
    /// In `A`'s frame, `B` moved into it.
    OfA,
    /// In `B`'s frame, `A` moved into it.
    OfB,
    /// World axes about `A`'s origin: each shape turned by its own rotation, `B` shifted by the
    /// difference of the translations; the answer only shifted back (no rotation).
    Axes,
}

/// The cheapest [`Frame`] for shapes costing `cost_a` and `cost_b` to move
/// ([`LocalShape::MOVE_COST`]) and an answer of `outputs` vectors to rotate back (and, for a
/// sweep, the two velocities to rotate in). Moving a shape into the other's frame costs the
/// relative pose (a quaternion product and a rotation: about two) and the shape's own cost; a
/// one-point shape is moved by its two rotations alone. Ties go to a shape's frame, then to
/// `A`'s. So a sphere's overlap with a box is answered in the box's frame (the ball's center
/// moved in), and the sphere-sphere or sphere-capsule contact about the world axes (each shape
/// turned once, nothing rotated back).
#[inline]
const fn frame(cost_a: u8, cost_b: u8, outputs: u8) -> Frame {
    const fn into(cost: u8) -> u8 {
        if cost <= 1 { 2 } else { 2 + cost }
    }
    let (in_a, in_b, axes) = (into(cost_b) + outputs, into(cost_a) + outputs, cost_a + cost_b);
    if in_a <= in_b && in_a <= axes {
        Frame::OfA
    } else if in_b <= axes {
        Frame::OfB
    } else {
        Frame::Axes
    }
}

/// `query` on the posed shapes `a` and `b` in `frame`, its answer mapped to world space; the
/// query gets the frame to bring world-space vectors in.
#[inline]
fn in_frame<T, A, B, R>(
    a: &Posed<'_, A, T>,
    b: &Posed<'_, B, T>,
    frame: Frame,
    query: impl FnOnce(&A::Local, &B::Local, &Place<'_, T>) -> R,
) -> R
where
    T: Real,
    A: LocalShape<Scalar = T> + ?Sized,
    B: LocalShape<Scalar = T> + ?Sized,
    R: ToWorld<T>,
{
    match frame {
        Frame::OfA => {
            let place = Place::Pose(&a.pose);
            query(&a.shape.local(), &b.shape.moved_between(&b.pose, &a.pose), &place).out_of(&place)
        }
        Frame::OfB => {
            let place = Place::Pose(&b.pose);
            query(&a.shape.moved_between(&a.pose, &b.pose), &b.shape.local(), &place).out_of(&place)
        }
        Frame::Axes => {
            let origin = a.pose.translation.vector;
            let turn_a = Isometry3::from_parts(Vector3::zeros().into(), a.pose.rotation);
            let shift_b =
                Isometry3::from_parts((b.pose.translation.vector - origin).into(), b.pose.rotation);
            let place = Place::Shift(origin);
            query(&a.shape.moved(&turn_a), &b.shape.moved(&shift_b), &place).out_of(&place)
        }
    }
}

/// The [`Frame`] of query `$q` for the posed pair `$A`, `$B` (the number of vectors its answer
/// rotates back: none for an overlap, two points for closest points, a normal and two points for
/// a contact, two velocities in and a point and normal out for a sweep).
macro_rules! frame_of {
    ($A:ident, $B:ident; overlap) => {
        frame($A::MOVE_COST, $B::MOVE_COST, 0)
    };
    ($A:ident, $B:ident; distance) => {
        frame($A::MOVE_COST, $B::MOVE_COST, 2)
    };
    ($A:ident, $B:ident; contact) => {
        frame($A::MOVE_COST, $B::MOVE_COST, 3)
    };
    ($A:ident, $B:ident; sweep) => {
        frame($A::MOVE_COST, $B::MOVE_COST, 4)
    };
    ($A:ident, $B:ident; manifold) => {
        frame($A::MOVE_COST, $B::MOVE_COST, 9)
    };
}

/// The impl of query trait `$Trait` for two posed shapes whose local shapes answer it (with
/// `Scalar = T` where the trait has a scalar), `$body` its items.
macro_rules! posed_pair_impl {
    ($Trait:ident $(, $Scalar:ident)? { $($body:tt)* }) => {
        impl<'a, 'b, T, A, B> $Trait<Posed<'b, B, T>> for Posed<'a, A, T>
        where
            T: Real,
            A: LocalShape<Scalar = T>,
            B: LocalShape<Scalar = T>,
            A::Local: $Trait<B::Local $(, $Scalar = T)?>,
        {
            $($body)*
        }
    };
}

posed_pair_impl!(Overlaps {
    #[inline]
    fn overlaps(&self, other: &Posed<'b, B, T>) -> bool {
        in_frame(self, other, frame_of!(A, B; overlap), |a, b, _| a.overlaps(b))
    }
});

posed_pair_impl!(Distance, Scalar {
    type Scalar = T;
    #[inline]
    fn closest_points(&self, other: &Posed<'b, B, T>) -> ClosestPoints<T> {
        in_frame(self, other, frame_of!(A, B; distance), |a, b, _| a.closest_points(b))
    }
});

posed_pair_impl!(Penetration, Scalar {
    type Scalar = T;
    #[inline]
    fn contact(&self, other: &Posed<'b, B, T>) -> Option<Contact<T>> {
        in_frame(self, other, frame_of!(A, B; contact), |a, b, _| a.contact(b))
    }
    #[cfg(feature = "alloc")]
    #[inline]
    fn contact_with(
        &self,
        other: &Posed<'b, B, T>,
        workspace: &mut osculate_closest::EpaWorkspace<T>,
    ) -> Option<Contact<T>> {
        in_frame(self, other, frame_of!(A, B; contact), |a, b, _| a.contact_with(b, workspace))
    }
});

posed_pair_impl!(Sweep, Scalar {
    type Scalar = T;
    #[inline]
    fn time_of_impact(
        &self,
        v_self: &Vector3<T>,
        other: &Posed<'b, B, T>,
        v_other: &Vector3<T>,
    ) -> Option<Impact<T>> {
        in_frame(self, other, frame_of!(A, B; sweep), |a, b, place| {
            a.time_of_impact(&place.vector_in(v_self), b, &place.vector_in(v_other))
        })
    }
});

posed_pair_impl!(ContactManifold, Scalar {
    type Scalar = T;
    #[inline]
    fn manifold(&self, other: &Posed<'b, B, T>, prediction: T) -> Manifold<T> {
        in_frame(self, other, frame_of!(A, B; manifold), |a, b, _| a.manifold(b, prediction))
    }
});

impl<T, S> RayCast for Posed<'_, S, T>
where
    T: Real,
    S: LocalShape<Scalar = T>,
    S::Local: RayCast<Scalar = T>,
{
    type Scalar = T;
    #[inline]
    fn cast_ray(&self, ray: &Ray<T>) -> Option<RayHit<T>> {
        self.shape.local().cast_ray(&local_ray(&self.pose, ray)).to_world(&self.pose)
    }
}

/// The free functions of a pair query on two posed shapes: `fn name(pose_a, shape_a, pose_b,
/// shape_b)`, the trait's method on two [`Posed`].
macro_rules! posed_pair_fns {
    ($($(#[$doc:meta])* fn $name:ident -> $R:ty where [$($bound:tt)*];)*) => {$(
        $(#[$doc])*
        #[inline]
        #[must_use]
        pub fn $name<T: Real, A: ?Sized, B: ?Sized>(
            pose_a: &Isometry3<T>,
            shape_a: &A,
            pose_b: &Isometry3<T>,
            shape_b: &B,
        ) -> $R
        where
            for<'a, 'b> Posed<'a, A, T>: $($bound)*,
        {
            Posed::new(shape_a, *pose_a).$name(&Posed::new(shape_b, *pose_b))
        }
    )*};
}

posed_pair_fns! {
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
    fn overlaps -> bool where [Overlaps<Posed<'b, B, T>>];

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
    fn closest_points -> ClosestPoints<T> where [Distance<Posed<'b, B, T>, Scalar = T>];

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
    fn distance -> T where [Distance<Posed<'b, B, T>, Scalar = T>];

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
    fn contact -> Option<Contact<T>> where [Penetration<Posed<'b, B, T>, Scalar = T>];
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

#[cfg(test)]
mod tests {
    //! Each [`Frame`] a pair may be answered in gives the answer of the others: the frame the
    //! cost model picks for a sphere pair (the ball moved into the other shape's frame, or both
    //! turned about world axes) against the general path (`B` moved into `A`'s frame by the
    //! composed relative pose), on random shapes and poses, within rounding at the scene's scale.

    use super::*;
    use osculate_math::Bounded;
    use osculate_testing::{GenerateAny, Motion, Pair, test_tolerance};

    const FRAMES: [Frame; 3] = [Frame::OfA, Frame::OfB, Frame::Axes];

    /// Every query of the posed pair in every frame, against the answer in `A`'s frame.
    fn frames_agree<T, A, B>(pair: &Pair<A, B>, ma: &Motion<T>, mb: &Motion<T>) -> bool
    where
        T: Real,
        A: LocalShape<Scalar = T> + GenerateAny<Scalar = T>,
        B: LocalShape<Scalar = T> + GenerateAny<Scalar = T> + Bounded<T>,
        A::Local: Overlaps<B::Local>
            + Distance<B::Local, Scalar = T>
            + Penetration<B::Local, Scalar = T>
            + Sweep<B::Local, Scalar = T>,
    {
        // A common motion, `B` turned about its own center first: the generator's nearness kept.
        let c = pair.b.aabb().center().coords;
        let turn = Isometry3::from_parts(c.into(), mb.0.rotation)
            * Isometry3::translation(-c.x, -c.y, -c.z);
        let (a, b) = (Posed::new(&pair.a, ma.0), Posed::new(&pair.b, ma.0 * turn));
        // The scene's scale, as the world-against-posed tests take it: the frames' answers differ
        // by rounding at the magnitude of the coordinates, and the generator places pairs up to
        // 1e4 from the origin.
        let far = ma.0.translation.vector.amax().max(b.pose.translation.vector.amax());
        let tol = test_tolerance::<T>() * (T::lit(100.0) + far);
        let near = |p: &Point3<T>, q: &Point3<T>| (p - q).norm() <= tol;
        let unit = |n: &UnitVector3<T>, m: &UnitVector3<T>| {
            (n.into_inner() - m.into_inner()).norm() <= tol
        };
        let (va, vb) =
            (Vector3::new(T::ONE, T::lit(-2.0), T::HALF), Vector3::new(T::ZERO, T::ONE, T::ONE));
        let overlap = in_frame(&a, &b, Frame::OfA, |a, b, _| a.overlaps(b));
        let closest = in_frame(&a, &b, Frame::OfA, |a, b, _| a.closest_points(b));
        let contact = in_frame(&a, &b, Frame::OfA, |a, b, _| a.contact(b));
        let sweep = in_frame(&a, &b, Frame::OfA, |a, b, p| {
            a.time_of_impact(&p.vector_in(&va), b, &p.vector_in(&vb))
        });
        FRAMES.iter().all(|&frame| {
            let c = in_frame(&a, &b, frame, |a, b, _| a.closest_points(b));
            // Touching within rounding: the overlap test may go either way.
            let overlap_ok = in_frame(&a, &b, frame, |a, b, _| a.overlaps(b)) == overlap || c.distance <= tol;
            let closest_ok = (c.distance - closest.distance).abs() <= tol
                && (closest.distance <= tol || near(&c.point_a, &closest.point_a) && near(&c.point_b, &closest.point_b));
            let contact_ok = match (in_frame(&a, &b, frame, |a, b, _| a.contact(b)), contact) {
                (Some(c), Some(w)) => {
                    (c.distance - w.distance).abs() <= tol
                        && (unit(&c.normal, &w.normal) && near(&c.point_a, &w.point_a) && near(&c.point_b, &w.point_b)
                            // Overlapping with a ball's center near a medial plane of the other
                            // shape: two deepest normals, rounding picks one; the depth agrees.
                            || c.distance < T::ZERO && w.distance < T::ZERO)
                }
                (c, w) => c.is_none() && w.is_none(),
            };
            let hit = in_frame(&a, &b, frame, |a, b, p| a.time_of_impact(&p.vector_in(&va), b, &p.vector_in(&vb)));
            let sweep_ok = match (hit, sweep) {
                (Some(h), Some(w)) => (h.toi - w.toi).abs() <= tol && (h.initially_overlapping || near(&h.point, &w.point)),
                // Grazing within rounding: a hit in one frame, a miss in the other, at the end of
                // the motion or with the motion tangent at the hit (unit shapes: a closest
                // approach within `tol` of contact meets them at an angle below `√(2·tol)`).
                (h, w) => h.is_none() == w.is_none() || closest.distance <= tol || h.or(w).is_some_and(|h| {
                    let rel = vb - va;
                    h.toi >= T::ONE - tol
                        || h.normal.into_inner().dot(&rel).abs() <= (T::lit(2.0) * tol).sqrt() * rel.norm()
                }),
            };
            overlap_ok && closest_ok && contact_ok && sweep_ok
        })
    }

    macro_rules! frames_agree {
        ($($name:ident: $A:ident, $B:ident;)*) => {$(
            #[test]
            fn $name() {
                fn check<T: Real>(pair: Pair<$A<T>, $B<T>>, ma: Motion<T>, mb: Motion<T>) -> bool {
                    frames_agree(&pair, &ma, &mb)
                }
                let cases = osculate_testing::cases(200);
                quickcheck::QuickCheck::new().tests(cases).max_tests(cases * 10).quickcheck(
                    check::<f32> as fn(Pair<$A<f32>, $B<f32>>, Motion<f32>, Motion<f32>) -> bool,
                );
                quickcheck::QuickCheck::new().tests(cases).max_tests(cases * 10).quickcheck(
                    check::<f64> as fn(Pair<$A<f64>, $B<f64>>, Motion<f64>, Motion<f64>) -> bool,
                );
            }
        )*};
    }

    frames_agree! {
        sphere_sphere_frames_agree: Sphere, Sphere;
        sphere_capsule_frames_agree: Sphere, Capsule;
        sphere_obb_frames_agree: Sphere, Obb;
        aabb_sphere_frames_agree: Aabb, Sphere;
    }

    /// A box about its own origin and axes, and a ball at its origin, moved by the pose alone
    /// (the rotation matrix, the translation) give the numbers of the full transform exactly; a
    /// box off its origin or turned in its frame takes the full transform.
    fn moved_as_transformed<T: Real>(m: Motion<T>, turned: Motion<T>) -> bool {
        let e = Vector3::new(T::lit(0.5), T::lit(1.0), T::lit(2.0));
        let boxes = [
            Obb::new(Point3::origin(), Rotation3::identity(), e),
            Obb::new(Point3::origin(), turned.0.rotation.to_rotation_matrix(), e),
            Obb::new(Point3::from(turned.0.translation.vector), Rotation3::identity(), e),
        ];
        let ball = |c: Point3<T>| Sphere::new(c, T::ONE);
        let balls = [ball(Point3::origin()), ball(Point3::from(turned.0.translation.vector))];
        boxes.iter().all(|b| LocalShape::moved(b, &m.0) == b.transformed(&m.0))
            && balls.iter().all(|b| LocalShape::moved(b, &m.0) == b.transformed(&m.0))
    }

    /// A non-finite rotation still reaches a ball at its origin and a box about its origin (no
    /// answer for a non-finite pose, as the full transform gives).
    #[test]
    fn a_non_finite_rotation_reaches_shapes_at_their_origin() {
        let q = UnitQuaternion::new_unchecked(osculate_math::nalgebra::Quaternion::new(
            f64::NAN,
            0.0,
            0.0,
            0.0,
        ));
        let bad = Isometry3::from_parts(Vector3::zeros().into(), q);
        let ball = Sphere::new(Point3::origin(), 1.0);
        let cube = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(1.0, 1.0, 1.0));
        let good = Isometry3::identity();
        assert!(LocalShape::moved(&ball, &bad).center.x.is_nan());
        assert!(ball.moved_between(&bad, &good).center.x.is_nan());
        let moved = LocalShape::moved(&cube, &bad);
        assert!(moved.center.x.is_nan() && moved.rotation[(0, 0)].is_nan());
    }

    #[test]
    fn boxes_and_balls_about_their_origin_move_as_transformed() {
        let cases = osculate_testing::cases(500);
        quickcheck::QuickCheck::new()
            .tests(cases)
            .max_tests(cases * 10)
            .quickcheck(moved_as_transformed::<f32> as fn(Motion<f32>, Motion<f32>) -> bool);
        quickcheck::QuickCheck::new()
            .tests(cases)
            .max_tests(cases * 10)
            .quickcheck(moved_as_transformed::<f64> as fn(Motion<f64>, Motion<f64>) -> bool);
    }

    /// The frames the cost model picks for the sphere pairs.
    #[test]
    fn sphere_pairs_are_answered_in_the_cheap_frame() {
        type S = Sphere<f64>;
        type K = Capsule<f64>;
        type O = Obb<f64>;
        // The ball's center moved into the box: no box moved.
        assert_eq!(frame_of!(S, O; overlap), Frame::OfB);
        assert_eq!(frame_of!(O, S; overlap), Frame::OfA);
        // Three vectors back (a contact) or two (closest points) cost more than the box's
        // rotation matrix: the box turned into world axes, the answer only shifted.
        assert_eq!(frame_of!(S, O; contact), Frame::Axes);
        assert_eq!(frame_of!(O, S; distance), Frame::Axes);
        // Two balls, a ball and a capsule: each turned once, nothing rotated back.
        assert_eq!(frame_of!(S, S; contact), Frame::Axes);
        assert_eq!(frame_of!(S, K; contact), Frame::Axes);
        assert_eq!(frame_of!(S, K; distance), Frame::Axes);
    }
}
