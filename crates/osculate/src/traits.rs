//! Generic dispatch over shape pairs: [`Overlaps`], [`Distance`], [`Penetration`], [`RayCast`] and
//! [`Sweep`], implemented for every pair the layers support, in both argument orders.
//!
//! Each impl is a direct call of the layer's free function (inlined: no dispatcher, no `dyn`, no
//! cost over the free function). The pairs without a closed form go through the general convex
//! algorithms of [`closest`](crate::closest) on the shapes' support mappings: [`Overlaps`] through
//! GJK with a separating-axis exit ([`intersect_convex`](crate::closest::intersect_convex)),
//! [`Distance`] through GJK ([`closest_points_convex`](crate::closest::closest_points_convex)),
//! each with [`GJK_MAX_ITERATIONS`](crate::closest::GJK_MAX_ITERATIONS) iterations, [`Penetration`] through GJK + EPA
//! ([`contact_convex`](crate::closest::contact_convex), [`EPA_MAX_ITERATIONS`](crate::closest::EPA_MAX_ITERATIONS) steps; behind `alloc`)
//! and [`Sweep`] through the GJK ray cast ([`convex_convex`](crate::dynamic::convex_convex)).
//! Each trait's documentation lists which pairs are closed forms. The reversed
//! order swaps the witness points and parameters ([`ClosestPoints::swapped`]), flips the contact
//! normal ([`Contact::swapped`]) and the impact normal, so the answer always reads "from `self` to
//! `other`"; for two shapes of different types the reversed answer is exactly the swapped forward
//! one.

use osculate_cast::{self as cast, RayHit};
use osculate_closest::{self as closest, ClosestPoints, Contact, Param};
use osculate_dynamic::{self as dynamic, Impact};
use osculate_math::{
    Aabb, Capsule, Cone, Cylinder, Halfspace, Line, Obb, Plane, Point3, Ray, Real, Segment, Sphere,
    Tetrahedron, Triangle, Vector3,
};
use osculate_overlap as overlap;

/// Boolean overlap with a shape of type `B` (touching counts; see [`overlap`](crate::overlap)).
///
/// What answers each pair (both orders give the same answer):
/// - **closed form** ([`overlap`](crate::overlap)): sphere with sphere, segment, capsule, box, oriented box,
///   triangle, convex polygon, plane and halfspace; capsule-capsule, capsule-plane,
///   capsule-halfspace; box-box, box-triangle, box-plane, box-halfspace and the same four for the
///   oriented box; segment with box, oriented box and triangle; triangle-triangle,
///   triangle-plane, triangle-halfspace; cone-plane and cone-halfspace;
/// - **containment** ([`contains_point`](crate::overlap::contains_point)): a [`Point3`] with a sphere, box,
///   oriented box, capsule, cylinder, cone, tetrahedron, halfspace or convex polyhedron;
/// - **GJK** ([`intersect_convex`](crate::closest::intersect_convex), [`GJK_MAX_ITERATIONS`](crate::closest::GJK_MAX_ITERATIONS) iterations;
///   touching within GJK's relative
///   tolerance counts, NaN gives `false`): every other pair of sphere, segment, capsule, box,
///   oriented box, cylinder, cone, triangle, tetrahedron, convex polygon and convex polyhedron
///   (cylinder-cone, box-cylinder, capsule-box, polyhedron pairs …), and a point with a segment,
///   triangle or convex polygon.
///
/// Not covered: lines and rays (use [`RayCast`] or the cast layer), and a plane or halfspace with
/// a segment, cylinder, tetrahedron or polytope (no closed form yet, and an unbounded plane has no
/// support mapping).
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let ball = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// let crate_box = Aabb::new(Point3::new(0.5, -1.0, -1.0), Point3::new(2.0, 1.0, 1.0));
/// assert!(ball.overlaps(&crate_box) && crate_box.overlaps(&ball)); // closed form, both orders
/// // A post of radius 0.25 whose axis is 1.5 from the ball's center: 0.25 apart (GJK).
/// let post = Cylinder::new(Point3::new(1.5, 0.0, -1.0), Point3::new(1.5, 0.0, 1.0), 0.25);
/// assert!(!ball.overlaps(&post) && !post.overlaps(&ball));
/// assert!(post.overlaps(&crate_box));
/// assert!(Point3::new(0.5, 0.5, 0.0).overlaps(&ball)); // containment
/// ```
pub trait Overlaps<B: ?Sized> {
    /// Whether `self` and `other` overlap or touch.
    fn overlaps(&self, other: &B) -> bool;
}

/// Closest points and distance to a shape of type `B` (see [`closest`](crate::closest)).
///
/// What answers each pair:
/// - **closed form** (`closest_points_*`): line-line, segment-segment, segment-triangle,
///   segment-box, segment-oriented box, triangle-triangle, sphere-sphere, sphere-segment,
///   sphere-capsule, capsule-capsule;
/// - **point queries** (`closest_point_on_*`, the parameter kept where the shape has one): a
///   [`Point3`] with a plane, line, ray, segment, box, oriented box, triangle, tetrahedron, sphere,
///   capsule, cylinder, cone, convex polygon and convex polyhedron;
/// - **GJK** ([`closest_points_convex`](crate::closest::closest_points_convex), [`GJK_MAX_ITERATIONS`](crate::closest::GJK_MAX_ITERATIONS) iterations;
///   no parameters): every other pair of sphere,
///   segment, capsule, box, oriented box, cylinder, cone, triangle, tetrahedron, convex polygon
///   and convex polyhedron.
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let rod = Segment::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0));
/// let ball = Sphere::new(Point3::new(0.5, 2.0, 0.0), 0.5);
/// let c = rod.closest_points(&ball); // closed form
/// assert!((c.distance - 1.5).abs() < 1e-12);
/// assert!((c.point_a - Point3::new(0.5, 0.0, 0.0)).norm() < 1e-12);
/// assert_eq!(ball.closest_points(&rod).point_b, c.point_a); // reversed: witnesses swapped
/// // A cone above the ball, tip up, its base 0.5 over the ball's top (GJK).
/// let cone = Cone::new(Point3::new(0.5, 4.0, 0.0), -Vector3::y_axis(), 1.0, 0.5);
/// assert!((cone.distance(&ball) - 0.5).abs() < 1e-6);
/// assert_eq!(Point3::new(3.0, 0.0, 0.0).distance(&rod), 2.0); // a point query
/// ```
pub trait Distance<B: ?Sized> {
    /// The scalar type.
    type Scalar: Real;
    /// The closest points: `point_a` on `self`, `point_b` on `other`.
    fn closest_points(&self, other: &B) -> ClosestPoints<Self::Scalar>;
    /// The distance (0 when overlapping).
    #[inline]
    fn distance(&self, other: &B) -> Self::Scalar {
        self.closest_points(other).distance
    }
}

/// Signed distance, normal and witness points with a shape of type `B` (see
/// [`Contact`](crate::closest::Contact)).
///
/// What answers each pair:
/// - **closed form** (`contact_*`, van den Bergen's special cases included): sphere with sphere,
///   segment, capsule, box, oriented box, triangle, plane and halfspace; capsule-capsule; oriented
///   box-oriented box;
/// - **GJK + EPA** ([`contact_convex`](crate::closest::contact_convex), [`EPA_MAX_ITERATIONS`](crate::closest::EPA_MAX_ITERATIONS) EPA steps;
///   behind the `alloc` feature): every other pair
///   of sphere, segment, capsule, box, oriented box, cylinder, cone, triangle, tetrahedron, convex
///   polygon and convex polyhedron. EPA's depth is a lower bound when it runs out of steps, and it
///   answers `None` when both shapes are flat in a common plane (no volume to penetrate).
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let ball = Sphere::new(Point3::new(1.25_f64, 0.0, 0.0), 0.5);
/// let crate_box = Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
/// let c = ball.contact(&crate_box).unwrap(); // closed form: sunk 0.25, normal toward the box
/// assert_eq!((c.distance, c.normal.into_inner()), (-0.25, -Vector3::x()));
/// assert_eq!(crate_box.contact(&ball).unwrap().normal.into_inner(), Vector3::x()); // flipped
/// // GJK + EPA: the same ball sunk 0.25 into the side of a cylinder of radius 1.
/// let cyl = Cylinder::new(Point3::new(0.0, 0.0, -1.0), Point3::new(0.0, 0.0, 1.0), 1.0);
/// let c = cyl.contact(&ball).unwrap();
/// assert!((c.distance + 0.25).abs() < 1e-6 && (c.normal.x - 1.0).abs() < 1e-6);
/// ```
pub trait Penetration<B: ?Sized> {
    /// The scalar type.
    type Scalar: Real;
    /// The contact, normal from `self` toward `other`; `None` for invalid input (and, for the
    /// GJK + EPA pairs, two flat shapes in a common plane).
    fn contact(&self, other: &B) -> Option<Contact<Self::Scalar>>;
}

/// A ray cast against this shape (see [`cast`](crate::cast)): implemented for the sphere, box,
/// oriented box, capsule, cylinder, cone, plane, halfspace, tetrahedron, triangle (two-sided,
/// watertight), convex polygon and convex polyhedron, each by its closed-form `ray_*` cast.
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let ray = Ray::new(Point3::new(-5.0_f64, 0.0, 0.0), Vector3::x());
/// let ball = Sphere::new(Point3::new(0.0, 0.0, 0.0), 1.0);
/// let hit = ball.cast_ray(&ray).unwrap();
/// assert_eq!((hit.t_enter, hit.t_exit), (4.0, 6.0));
/// assert_eq!(hit.normal.into_inner(), -Vector3::x());
/// let floor = Plane::try_from_point_normal(Point3::new(0.0, -1.0, 0.0), Vector3::y())?;
/// assert!(floor.cast_ray(&ray).is_none()); // parallel, above the plane
/// # Ok::<(), ShapeError>(())
/// ```
///
/// Generic code names the scalar through the shape (`S::Scalar`) and builds points from `f64`
/// literals with [`point3`](crate::math::point3) and [`vector3`](crate::math::vector3):
/// ```
/// use osculate::prelude::*;
///
/// /// The nearest hit of a downward ray from height 10 above `(x, y)`.
/// fn drop_onto<S: RayCast>(shapes: &[S], x: f64, y: f64) -> Option<S::Scalar> {
///     let ray = Ray::new(point3(x, y, 10.0), vector3(0.0, 0.0, -1.0));
///     shapes.iter().filter_map(|s| s.cast_ray(&ray)).map(|h| h.t_enter).reduce(|a, b| if b < a { b } else { a })
/// }
/// let balls = [Sphere::new(point3::<f32>(0.0, 0.0, 0.0), 1.0), Sphere::new(point3(0.0, 0.0, 3.0), 1.0)];
/// assert_eq!(drop_onto(&balls, 0.0, 0.0), Some(6.0));
/// assert_eq!(drop_onto(&balls, 5.0, 0.0), None);
/// ```
pub trait RayCast {
    /// The scalar type.
    type Scalar: Real;
    /// Where `ray` enters and leaves the shape, or `None` when it misses.
    fn cast_ray(&self, ray: &Ray<Self::Scalar>) -> Option<RayHit<Self::Scalar>>;
}

/// Time of impact with a shape of type `B`, both translating over `t ∈ [0, 1]` (see
/// [`dynamic`](crate::dynamic)).
///
/// Closed forms of the dynamic layer: sphere with sphere, capsule, box, oriented box, triangle,
/// convex polygon (`alloc`), plane and halfspace; capsule-capsule; box-box, box-triangle,
/// box-plane, box-halfspace; oriented box with oriented box, plane and halfspace. The plane and
/// halfspace functions take one relative motion; here the plane may move too (the time and normal
/// are those of the relative motion, the contact point moves with the plane). Every other pair of
/// sphere, capsule, box, oriented box, triangle, segment, cylinder, cone and tetrahedron goes
/// through the GJK ray cast ([`convex_convex`](crate::dynamic::convex_convex)).
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let ball = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// let crate_box = Aabb::new(Point3::new(1.5, -0.5, -0.5), Point3::new(2.5, 0.5, 0.5));
/// // The ball rolling 2 to the right touches the box a quarter of the way along.
/// let hit = ball.time_of_impact(&Vector3::new(2.0, 0.0, 0.0), &crate_box, &Vector3::zeros());
/// assert_eq!(hit.map(|h| h.toi), Some(0.25));
/// // The same from the box's side: the box moving left meets the ball; normal from box to ball.
/// let hit = crate_box.time_of_impact(&Vector3::new(-2.0, 0.0, 0.0), &ball, &Vector3::zeros());
/// assert_eq!(hit.map(|h| (h.toi, h.normal.into_inner())), Some((0.25, -Vector3::x())));
/// // No closed form (the GJK ray cast): a post sliding into a cone's tip, 1 away.
/// let post = Cylinder::new(Point3::new(0.0_f64, 0.0, -1.0), Point3::new(0.0, 0.0, 1.0), 0.5);
/// let cone = Cone::new(Point3::new(1.5, 0.0, 0.0), Vector3::x_axis(), 1.0, 0.5);
/// let hit = post.time_of_impact(&Vector3::new(4.0, 0.0, 0.0), &cone, &Vector3::zeros()).unwrap();
/// assert!((hit.toi - 0.25).abs() < 1e-9);
/// ```
pub trait Sweep<B: ?Sized> {
    /// The scalar type.
    type Scalar: Real;
    /// The first contact when `self` moves by `v_self` and `other` by `v_other`; normal from
    /// `self` toward `other`.
    fn time_of_impact(
        &self,
        v_self: &Vector3<Self::Scalar>,
        other: &B,
        v_other: &Vector3<Self::Scalar>,
    ) -> Option<Impact<Self::Scalar>>;
}

/// `impl Overlaps` for `A` vs `B` by `f(a, b)`, and for `B` vs `A` by `f(b, a)` swapped (unless
/// `A == B`, marked `same`).
macro_rules! overlaps {
    ($($f:path: $A:ident, $B:ident;)*) => {$(
        impl<T: Real> Overlaps<$B<T>> for $A<T> {
            #[inline]
            fn overlaps(&self, other: &$B<T>) -> bool { $f(self, other) }
        }
        impl<T: Real> Overlaps<$A<T>> for $B<T> {
            #[inline]
            fn overlaps(&self, other: &$A<T>) -> bool { $f(other, self) }
        }
    )*};
}

macro_rules! overlaps_same {
    ($($f:path: $A:ident;)*) => {$(
        impl<T: Real> Overlaps<$A<T>> for $A<T> {
            #[inline]
            fn overlaps(&self, other: &$A<T>) -> bool { $f(self, other) }
        }
    )*};
}

overlaps_same! {
    overlap::sphere_sphere: Sphere;
    overlap::capsule_capsule: Capsule;
    overlap::aabb_aabb: Aabb;
    overlap::obb_obb: Obb;
    overlap::triangle_triangle: Triangle;
}

overlaps! {
    overlap::segment_sphere: Segment, Sphere;
    overlap::sphere_capsule: Sphere, Capsule;
    overlap::sphere_aabb: Sphere, Aabb;
    overlap::sphere_obb: Sphere, Obb;
    overlap::sphere_triangle: Sphere, Triangle;
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

#[cfg(feature = "alloc")]
mod alloc_overlaps {
    use super::{Overlaps, Real, Sphere, overlap};
    use osculate_math::ConvexPolygon;
    overlaps! { overlap::sphere_polygon: Sphere, ConvexPolygon; }
}

/// Point containment for every solid, both orders.
macro_rules! contains {
    ($($S:ident),*) => {$(
        impl<T: Real> Overlaps<Point3<T>> for $S<T> {
            #[inline]
            fn overlaps(&self, p: &Point3<T>) -> bool { overlap::contains_point(self, p) }
        }
        impl<T: Real> Overlaps<$S<T>> for Point3<T> {
            #[inline]
            fn overlaps(&self, s: &$S<T>) -> bool { overlap::contains_point(s, self) }
        }
    )*};
}

contains!(Sphere, Aabb, Obb, Capsule, Cylinder, Cone, Tetrahedron, Halfspace);

/// GJK's iteration bound for the overlap fallback (as `closest_points_convex`'s default).
const GJK_ITERATIONS: usize = closest::GJK_MAX_ITERATIONS;

/// EPA's step bound for the `Penetration` fallback.
#[cfg(feature = "alloc")]
const EPA_STEPS: usize = closest::EPA_MAX_ITERATIONS;

/// `impl Overlaps` through GJK with its separating-axis exit (`osculate_closest::intersect_convex`)
/// for the convex pairs without a closed-form test, both orders (the reversed order runs the same
/// call, so both orders give the same answer).
macro_rules! overlaps_gjk {
    ($($A:ident, $B:ident;)*) => {$(
        impl<T: Real> Overlaps<$B<T>> for $A<T> {
            #[inline]
            fn overlaps(&self, other: &$B<T>) -> bool {
                closest::intersect_convex(self, other, GJK_ITERATIONS)
            }
        }
        impl<T: Real> Overlaps<$A<T>> for $B<T> {
            #[inline]
            fn overlaps(&self, other: &$A<T>) -> bool {
                closest::intersect_convex(other, self, GJK_ITERATIONS)
            }
        }
    )*};
}

macro_rules! overlaps_gjk_same {
    ($($A:ident),*) => {$(
        impl<T: Real> Overlaps<$A<T>> for $A<T> {
            #[inline]
            fn overlaps(&self, other: &$A<T>) -> bool {
                closest::intersect_convex(self, other, GJK_ITERATIONS)
            }
        }
    )*};
}

overlaps_gjk_same!(Segment, Cylinder, Cone, Tetrahedron);

overlaps_gjk! {
    Sphere, Cylinder; Sphere, Cone; Sphere, Tetrahedron;
    Segment, Capsule; Segment, Cylinder; Segment, Cone; Segment, Tetrahedron;
    Capsule, Aabb; Capsule, Obb; Capsule, Cylinder; Capsule, Cone; Capsule, Triangle;
    Capsule, Tetrahedron;
    Aabb, Obb; Aabb, Cylinder; Aabb, Cone; Aabb, Tetrahedron;
    Obb, Cylinder; Obb, Cone; Obb, Tetrahedron;
    Cylinder, Cone; Cylinder, Triangle; Cylinder, Tetrahedron;
    Cone, Triangle; Cone, Tetrahedron;
    Triangle, Tetrahedron;
    Point3, Segment; Point3, Triangle;
}

/// `impl Distance` for `A` vs `B` by `f(a, b)`, and `B` vs `A` swapped.
macro_rules! distance {
    ($($f:path: $A:ident, $B:ident;)*) => {$(
        impl<T: Real> Distance<$B<T>> for $A<T> {
            type Scalar = T;
            #[inline]
            fn closest_points(&self, other: &$B<T>) -> ClosestPoints<T> { $f(self, other) }
        }
        impl<T: Real> Distance<$A<T>> for $B<T> {
            type Scalar = T;
            #[inline]
            fn closest_points(&self, other: &$A<T>) -> ClosestPoints<T> { $f(other, self).swapped() }
        }
    )*};
}

macro_rules! distance_same {
    ($($f:path: $A:ident;)*) => {$(
        impl<T: Real> Distance<$A<T>> for $A<T> {
            type Scalar = T;
            #[inline]
            fn closest_points(&self, other: &$A<T>) -> ClosestPoints<T> { $f(self, other) }
        }
    )*};
}

distance_same! {
    closest::closest_points_line_line: Line;
    closest::closest_points_segment_segment: Segment;
    closest::closest_points_triangle_triangle: Triangle;
    closest::closest_points_sphere_sphere: Sphere;
    closest::closest_points_capsule_capsule: Capsule;
}

distance! {
    closest::closest_points_segment_triangle: Segment, Triangle;
    closest::closest_points_segment_aabb: Segment, Aabb;
    closest::closest_points_segment_obb: Segment, Obb;
    closest::closest_points_segment_sphere: Segment, Sphere;
    closest::closest_points_sphere_capsule: Sphere, Capsule;
}

/// `impl Distance` through GJK (`osculate_closest::closest_points_convex`) for the pairs without a
/// closed form, both orders.
macro_rules! distance_gjk {
    ($($A:ident, $B:ident;)*) => {$(
        impl<T: Real> Distance<$B<T>> for $A<T> {
            type Scalar = T;
            #[inline]
            fn closest_points(&self, other: &$B<T>) -> ClosestPoints<T> {
                closest::closest_points_convex(self, other)
            }
        }
        impl<T: Real> Distance<$A<T>> for $B<T> {
            type Scalar = T;
            #[inline]
            fn closest_points(&self, other: &$A<T>) -> ClosestPoints<T> {
                closest::closest_points_convex(other, self).swapped()
            }
        }
    )*};
}

macro_rules! distance_gjk_same {
    ($($A:ident),*) => {$(
        impl<T: Real> Distance<$A<T>> for $A<T> {
            type Scalar = T;
            #[inline]
            fn closest_points(&self, other: &$A<T>) -> ClosestPoints<T> {
                closest::closest_points_convex(self, other)
            }
        }
    )*};
}

distance_gjk_same!(Aabb, Obb, Cylinder, Cone, Tetrahedron);

distance_gjk! {
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

/// `ClosestPoints` of a point `p` and its closest point `q` on a shape (parameter `param`).
#[inline]
fn point_result<T: Real>(p: &Point3<T>, q: Point3<T>, param: Param<T>) -> ClosestPoints<T> {
    ClosestPoints {
        point_a: *p,
        point_b: q,
        distance: (q - p).norm(),
        param_a: Param::None,
        param_b: param,
    }
}

/// `impl Distance` between a point and a shape through `closest_point_on_*`, both orders.
macro_rules! point_distance {
    ($($S:ident => |$p:ident, $s:ident| $body:expr;)*) => {$(
        impl<T: Real> Distance<$S<T>> for Point3<T> {
            type Scalar = T;
            #[inline]
            fn closest_points(&self, other: &$S<T>) -> ClosestPoints<T> {
                let ($p, $s) = (self, other);
                $body
            }
        }
        impl<T: Real> Distance<Point3<T>> for $S<T> {
            type Scalar = T;
            #[inline]
            fn closest_points(&self, other: &Point3<T>) -> ClosestPoints<T> {
                let ($p, $s) = (other, self);
                ($body).swapped()
            }
        }
    )*};
}

point_distance! {
    Plane => |p, s| point_result(p, closest::closest_point_on_plane(p, s), Param::None);
    Line => |p, s| { let c = closest::closest_point_on_line(p, s); point_result(p, c.point, Param::Curve(c.t)) };
    Ray => |p, s| { let c = closest::closest_point_on_ray(p, s); point_result(p, c.point, Param::Curve(c.t)) };
    Segment => |p, s| { let c = closest::closest_point_on_segment(p, s); point_result(p, c.point, Param::Curve(c.t)) };
    Aabb => |p, s| point_result(p, closest::closest_point_on_aabb(p, s), Param::None);
    Obb => |p, s| point_result(p, closest::closest_point_on_obb(p, s), Param::None);
    Triangle => |p, s| { let c = closest::closest_point_on_triangle(p, s); point_result(p, c.point, Param::Barycentric(c.barycentric)) };
    Tetrahedron => |p, s| point_result(p, closest::closest_point_on_tetrahedron(p, s), Param::None);
    Sphere => |p, s| point_result(p, closest::closest_point_on_sphere(p, s), Param::None);
    Capsule => |p, s| point_result(p, closest::closest_point_on_capsule(p, s), Param::None);
    Cylinder => |p, s| point_result(p, closest::closest_point_on_cylinder(p, s), Param::None);
    Cone => |p, s| point_result(p, closest::closest_point_on_cone(p, s), Param::None);
}

/// `impl Penetration` for `A` vs `B` by `f(a, b)`, and `B` vs `A` swapped.
macro_rules! penetration {
    ($($f:path: $A:ident, $B:ident;)*) => {$(
        impl<T: Real> Penetration<$B<T>> for $A<T> {
            type Scalar = T;
            #[inline]
            fn contact(&self, other: &$B<T>) -> Option<Contact<T>> { $f(self, other) }
        }
        impl<T: Real> Penetration<$A<T>> for $B<T> {
            type Scalar = T;
            #[inline]
            fn contact(&self, other: &$A<T>) -> Option<Contact<T>> { $f(other, self).map(Contact::swapped) }
        }
    )*};
}

macro_rules! penetration_same {
    ($($f:path: $A:ident;)*) => {$(
        impl<T: Real> Penetration<$A<T>> for $A<T> {
            type Scalar = T;
            #[inline]
            fn contact(&self, other: &$A<T>) -> Option<Contact<T>> { $f(self, other) }
        }
    )*};
}

penetration_same! {
    closest::contact_sphere_sphere: Sphere;
    closest::contact_capsule_capsule: Capsule;
    closest::contact_obb_obb: Obb;
}

penetration! {
    closest::contact_segment_sphere: Segment, Sphere;
    closest::contact_sphere_capsule: Sphere, Capsule;
    closest::contact_sphere_aabb: Sphere, Aabb;
    closest::contact_sphere_obb: Sphere, Obb;
    closest::contact_sphere_triangle: Sphere, Triangle;
    closest::contact_sphere_plane: Sphere, Plane;
    closest::contact_sphere_halfspace: Sphere, Halfspace;
}

/// `impl Penetration` through GJK + EPA (`osculate_closest::contact_convex`, `EPA_STEPS`) for the
/// convex pairs without a closed form, both orders.
#[cfg(feature = "alloc")]
macro_rules! penetration_epa {
    ($($A:ident, $B:ident;)*) => {$(
        impl<T: Real> Penetration<$B<T>> for $A<T> {
            type Scalar = T;
            #[inline]
            fn contact(&self, other: &$B<T>) -> Option<Contact<T>> {
                closest::contact_convex(self, other, $crate::traits::EPA_STEPS)
            }
        }
        impl<T: Real> Penetration<$A<T>> for $B<T> {
            type Scalar = T;
            #[inline]
            fn contact(&self, other: &$A<T>) -> Option<Contact<T>> {
                closest::contact_convex(other, self, $crate::traits::EPA_STEPS).map(Contact::swapped)
            }
        }
    )*};
}

#[cfg(feature = "alloc")]
macro_rules! penetration_epa_same {
    ($($A:ident),*) => {$(
        impl<T: Real> Penetration<$A<T>> for $A<T> {
            type Scalar = T;
            #[inline]
            fn contact(&self, other: &$A<T>) -> Option<Contact<T>> {
                closest::contact_convex(self, other, $crate::traits::EPA_STEPS)
            }
        }
    )*};
}

#[cfg(feature = "alloc")]
penetration_epa_same!(Aabb, Cylinder, Cone, Tetrahedron, Triangle, Segment);

#[cfg(feature = "alloc")]
penetration_epa! {
    Sphere, Cylinder; Sphere, Cone; Sphere, Tetrahedron;
    Capsule, Segment; Capsule, Triangle; Capsule, Aabb; Capsule, Obb; Capsule, Cylinder;
    Capsule, Cone; Capsule, Tetrahedron;
    Segment, Cylinder; Segment, Cone; Segment, Tetrahedron; Segment, Aabb; Segment, Obb;
    Segment, Triangle;
    Triangle, Aabb; Triangle, Obb; Triangle, Cylinder; Triangle, Cone; Triangle, Tetrahedron;
    Aabb, Obb; Aabb, Cylinder; Aabb, Cone; Aabb, Tetrahedron;
    Obb, Cylinder; Obb, Cone; Obb, Tetrahedron;
    Cylinder, Cone; Cylinder, Tetrahedron;
    Cone, Tetrahedron;
}

/// `impl RayCast` through a cast function.
macro_rules! ray_cast {
    ($($S:ident => $f:expr;)*) => {$(
        impl<T: Real> RayCast for $S<T> {
            type Scalar = T;
            #[inline]
            fn cast_ray(&self, ray: &Ray<T>) -> Option<RayHit<T>> { ($f)(ray, self) }
        }
    )*};
}

ray_cast! {
    Sphere => cast::ray_sphere;
    Aabb => cast::ray_aabb;
    Obb => cast::ray_obb;
    Capsule => cast::ray_capsule;
    Cylinder => cast::ray_cylinder;
    Cone => cast::ray_cone;
    Plane => cast::ray_plane;
    Halfspace => cast::ray_halfspace;
    Tetrahedron => cast::ray_tetrahedron;
    Triangle => |r: &Ray<T>, t: &Triangle<T>| cast::ray_triangle_watertight(r, t, cast::Culling::TwoSided).map(|h| h.hit);
}

#[cfg(feature = "alloc")]
mod alloc_casts {
    use super::{Ray, RayCast, RayHit, Real, cast};
    use osculate_math::{ConvexPolygon, ConvexPolyhedron};
    ray_cast! {
        ConvexPolygon => cast::ray_polygon;
        ConvexPolyhedron => cast::ray_polyhedron;
    }
}

/// `impl Sweep` for `A` vs `B` by `f(a, va, b, vb)`, and `B` vs `A` with the normal flipped.
macro_rules! sweep {
    ($($f:path: $A:ident, $B:ident;)*) => {$(
        impl<T: Real> Sweep<$B<T>> for $A<T> {
            type Scalar = T;
            #[inline]
            fn time_of_impact(&self, va: &Vector3<T>, other: &$B<T>, vb: &Vector3<T>) -> Option<Impact<T>> {
                $f(self, va, other, vb)
            }
        }
        impl<T: Real> Sweep<$A<T>> for $B<T> {
            type Scalar = T;
            #[inline]
            fn time_of_impact(&self, va: &Vector3<T>, other: &$A<T>, vb: &Vector3<T>) -> Option<Impact<T>> {
                $f(other, vb, self, va).map(Impact::swapped)
            }
        }
    )*};
}

macro_rules! sweep_same {
    ($($f:path: $A:ident;)*) => {$(
        impl<T: Real> Sweep<$A<T>> for $A<T> {
            type Scalar = T;
            #[inline]
            fn time_of_impact(&self, va: &Vector3<T>, other: &$A<T>, vb: &Vector3<T>) -> Option<Impact<T>> {
                $f(self, va, other, vb)
            }
        }
    )*};
}

sweep_same! {
    dynamic::sphere_sphere: Sphere;
    dynamic::capsule_capsule: Capsule;
    dynamic::aabb_aabb: Aabb;
    dynamic::obb_obb: Obb;
}

sweep! {
    dynamic::sphere_triangle: Sphere, Triangle;
    dynamic::sphere_aabb: Sphere, Aabb;
    dynamic::sphere_obb: Sphere, Obb;
    dynamic::sphere_capsule: Sphere, Capsule;
    dynamic::aabb_triangle: Aabb, Triangle;
}

// The pairs with no closed form: the GJK ray cast.
sweep_same! {
    dynamic::convex_convex: Triangle;
    dynamic::convex_convex: Segment;
    dynamic::convex_convex: Cylinder;
    dynamic::convex_convex: Cone;
    dynamic::convex_convex: Tetrahedron;
}

sweep! {
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

/// A sweep against a plane or halfspace that does not move on its own: the relative motion.
macro_rules! sweep_static {
    ($($f:path: $A:ident, $B:ident;)*) => {$(
        impl<T: Real> Sweep<$B<T>> for $A<T> {
            type Scalar = T;
            #[inline]
            fn time_of_impact(&self, va: &Vector3<T>, other: &$B<T>, vb: &Vector3<T>) -> Option<Impact<T>> {
                let hit = $f(self, &(va - vb), other)?;
                Some(Impact { point: hit.point + vb * hit.toi, ..hit })
            }
        }
        impl<T: Real> Sweep<$A<T>> for $B<T> {
            type Scalar = T;
            #[inline]
            fn time_of_impact(&self, va: &Vector3<T>, other: &$A<T>, vb: &Vector3<T>) -> Option<Impact<T>> {
                let hit = $f(other, &(vb - va), self)?;
                Some(Impact { point: hit.point + va * hit.toi, ..hit }.swapped())
            }
        }
    )*};
}

sweep_static! {
    dynamic::sphere_plane: Sphere, Plane;
    dynamic::sphere_halfspace: Sphere, Halfspace;
    dynamic::aabb_plane: Aabb, Plane;
    dynamic::obb_plane: Obb, Plane;
    dynamic::aabb_halfspace: Aabb, Halfspace;
    dynamic::obb_halfspace: Obb, Halfspace;
}

#[cfg(feature = "alloc")]
mod alloc_sweeps {
    use super::{Impact, Real, Sphere, Sweep, Vector3, dynamic};
    use osculate_math::ConvexPolygon;
    sweep! { dynamic::sphere_polygon: Sphere, ConvexPolygon; }
}

/// The convex polygon and polyhedron pairs: point distance through `closest_point_on_polygon` /
/// `closest_point_on_polyhedron`, containment of a point in a polyhedron, and GJK / EPA for every
/// pair of shapes with a support mapping (the one closed form is sphere-polygon overlap).
#[cfg(feature = "alloc")]
mod alloc_polytopes {
    use super::{
        Aabb, Capsule, ClosestPoints, Cone, Contact, Cylinder, Distance, GJK_ITERATIONS, Obb,
        Overlaps, Param, Penetration, Point3, Real, Segment, Sphere, Tetrahedron, Triangle,
        closest, overlap, point_result,
    };
    use osculate_math::{ConvexPolygon, ConvexPolyhedron};

    point_distance! {
        ConvexPolygon => |p, s| point_result(p, closest::closest_point_on_polygon(p, s), Param::None);
        ConvexPolyhedron => |p, s| point_result(p, closest::closest_point_on_polyhedron(p, s), Param::None);
    }

    contains!(ConvexPolyhedron);

    overlaps_gjk_same!(ConvexPolygon, ConvexPolyhedron);
    overlaps_gjk! {
        Point3, ConvexPolygon;
        ConvexPolygon, Segment; ConvexPolygon, Capsule; ConvexPolygon, Aabb; ConvexPolygon, Obb;
        ConvexPolygon, Cylinder; ConvexPolygon, Cone; ConvexPolygon, Triangle;
        ConvexPolygon, Tetrahedron; ConvexPolygon, ConvexPolyhedron;
        ConvexPolyhedron, Sphere; ConvexPolyhedron, Segment; ConvexPolyhedron, Capsule;
        ConvexPolyhedron, Aabb; ConvexPolyhedron, Obb; ConvexPolyhedron, Cylinder;
        ConvexPolyhedron, Cone; ConvexPolyhedron, Triangle; ConvexPolyhedron, Tetrahedron;
    }

    /// Both polytopes against every other convex shape (`$m! { P, S; ... }`), and each other.
    macro_rules! polytope_pairs {
        ($m:ident, $same:ident) => {
            $same!(ConvexPolygon, ConvexPolyhedron);
            polytope_pairs!(@rows $m: ConvexPolygon, ConvexPolyhedron);
            $m! { ConvexPolygon, ConvexPolyhedron; }
        };
        (@rows $m:ident: $($P:ident),*) => {$(
            $m! {
                $P, Sphere; $P, Segment; $P, Capsule; $P, Aabb; $P, Obb; $P, Cylinder; $P, Cone;
                $P, Triangle; $P, Tetrahedron;
            }
        )*};
    }

    polytope_pairs!(distance_gjk, distance_gjk_same);
    polytope_pairs!(penetration_epa, penetration_epa_same);
}
