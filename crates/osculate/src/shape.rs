//! [`Shape`]: one enum over every bounded shape of the library, with every query trait, so that a
//! scene of mixed shapes is a `Vec<Shape<T>>` and needs neither `dyn` nor a hand-written match.

use osculate_cast::{self as cast, RayHit};
use osculate_closest::{ClosestPoints, Contact};
use osculate_dynamic::Impact;
use osculate_math::{
    Aabb, Bounded, Capsule, Cone, ConvexPolygon, ConvexPolyhedron, Cylinder, Obb, Ray, Real,
    Segment, Sphere, Tetrahedron, Triangle, Vector3,
};
use osculate_mesh::{Compound, ConvexPart, TriangleMesh};

use crate::{Distance, Overlaps, Penetration, RayCast, Sweep};

/// Any bounded shape: every convex primitive, a triangle mesh or a compound of convex parts.
///
/// `Shape` implements [`Overlaps`], [`Distance`], [`Penetration`] and [`Sweep`] between any two
/// shapes and between a shape and each concrete shape type (both orders), and [`RayCast`]. Each
/// call matches the variants and calls the concrete pair's trait impl, so the answer is exactly
/// the concrete call's: the closed form where the pair has one, GJK / EPA / the GJK ray cast
/// otherwise, the mesh layer's tree queries for meshes and compounds (see the traits and
/// [`mesh`](crate::mesh) for which pair is answered how).
///
/// What is not a variant, and why: planes and halfspaces (unbounded: no box, no support
/// mapping, so most pairs have no query), lines, rays and points (not solids; rays are the
/// argument of [`RayCast`]). A compound holds [`ConvexPart`]s, not `Shape`s: a compound of
/// meshes or of compounds would make the type recursive and every part query a mesh query.
///
/// Degenerate and non-finite input behave as in the concrete call. A [`Segment`] has no
/// `RayCast` of its own; `Shape::Segment` is cast as a capsule of radius 0 (a hit only where the
/// ray crosses the segment within rounding; `None` otherwise, and for a NaN ray).
///
/// # Examples
/// ```
/// use osculate::prelude::*;
/// use osculate::Shape;
///
/// // A scene of mixed shapes in one `Vec`.
/// let scene: Vec<Shape<f64>> = vec![
///     Sphere::new(Point3::new(0.0, 0.0, 0.0), 1.0).into(),
///     Aabb::new(Point3::new(3.0, -1.0, -1.0), Point3::new(5.0, 1.0, 1.0)).into(),
///     Cylinder::new(Point3::new(8.0, 0.0, -1.0), Point3::new(8.0, 0.0, 1.0), 0.5).into(),
/// ];
/// let probe: Shape<f64> = Capsule::new(Point3::new(4.0, 3.0, 0.0), Point3::new(4.0, 5.0, 0.0), 0.5).into();
/// let near = scene.iter().map(|s| s.distance(&probe)).fold(f64::INFINITY, f64::min);
/// assert!((near - 1.5).abs() < 1e-9); // its foot is 1.5 above the box's top
/// assert!(scene.iter().all(|s| !s.overlaps(&probe)));
/// // The concrete shapes meet a `Shape` in either order.
/// assert!(Sphere::new(Point3::new(4.0, 0.0, 0.0), 0.5).overlaps(&scene[1]));
/// let ray = Ray::new(Point3::new(-5.0, 0.0, 0.0), Vector3::x());
/// assert_eq!(scene[1].cast_ray(&ray).map(|h| h.t_enter), Some(8.0));
/// assert_eq!(scene[2].aabb().max, Point3::new(8.5, 0.5, 1.0));
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(serialize = "T: serde::Serialize", deserialize = "T: serde::Deserialize<'de>"))
)]
pub enum Shape<T: Real> {
    /// A ball.
    Sphere(Sphere<T>),
    /// A segment.
    Segment(Segment<T>),
    /// A capsule.
    Capsule(Capsule<T>),
    /// An axis-aligned box.
    Aabb(Aabb<T>),
    /// An oriented box.
    Obb(Obb<T>),
    /// A triangle.
    Triangle(Triangle<T>),
    /// A solid cylinder.
    Cylinder(Cylinder<T>),
    /// A solid cone.
    Cone(Cone<T>),
    /// A tetrahedron.
    Tetrahedron(Tetrahedron<T>),
    /// A flat convex polygon.
    Polygon(ConvexPolygon<T>),
    /// A convex polyhedron.
    Polyhedron(ConvexPolyhedron<T>),
    /// A triangle mesh (a surface, or a solid when built so).
    Mesh(TriangleMesh<T>),
    /// Convex parts, each placed by a pose, under one tree.
    Compound(Compound<T, ConvexPart<T>>),
}

/// `$body` with `$s` bound to the shape inside `$shape`, whichever variant it is.
macro_rules! each_shape {
    ($shape:expr, $s:ident => $body:expr) => {
        match $shape {
            Shape::Sphere($s) => $body,
            Shape::Segment($s) => $body,
            Shape::Capsule($s) => $body,
            Shape::Aabb($s) => $body,
            Shape::Obb($s) => $body,
            Shape::Triangle($s) => $body,
            Shape::Cylinder($s) => $body,
            Shape::Cone($s) => $body,
            Shape::Tetrahedron($s) => $body,
            Shape::Polygon($s) => $body,
            Shape::Polyhedron($s) => $body,
            Shape::Mesh($s) => $body,
            Shape::Compound($s) => $body,
        }
    };
}

impl<T: Real> Bounded<T> for Shape<T> {
    /// The variant's box (for a mesh or compound, the box of the whole).
    #[inline]
    fn aabb(&self) -> Aabb<T> {
        each_shape!(self, s => s.aabb())
    }
}

impl<T: Real> Shape<T> {
    /// The shape's axis-aligned bounding box ([`Bounded::aabb`] without the trait in scope).
    ///
    /// # Examples
    /// ```
    /// use osculate::prelude::*;
    /// use osculate::Shape;
    ///
    /// let s = Shape::from(Sphere::new(Point3::new(1.0_f32, 0.0, 0.0), 0.5));
    /// assert_eq!(s.aabb().min, Point3::new(0.5, -0.5, -0.5));
    /// ```
    #[inline]
    #[must_use]
    pub fn aabb(&self) -> Aabb<T> {
        Bounded::aabb(self)
    }
}

impl<T: Real> Overlaps<Self> for Shape<T> {
    fn overlaps(&self, other: &Self) -> bool {
        each_shape!(self, a => each_shape!(other, b => a.overlaps(b)))
    }
}

impl<T: Real> Distance<Self> for Shape<T> {
    type Scalar = T;
    fn closest_points(&self, other: &Self) -> ClosestPoints<T> {
        each_shape!(self, a => each_shape!(other, b => a.closest_points(b)))
    }
}

impl<T: Real> Penetration<Self> for Shape<T> {
    type Scalar = T;
    fn contact(&self, other: &Self) -> Option<Contact<T>> {
        each_shape!(self, a => each_shape!(other, b => a.contact(b)))
    }
}

impl<T: Real> Sweep<Self> for Shape<T> {
    type Scalar = T;
    fn time_of_impact(
        &self,
        v_self: &Vector3<T>,
        other: &Self,
        v_other: &Vector3<T>,
    ) -> Option<Impact<T>> {
        each_shape!(self, a => each_shape!(other, b => a.time_of_impact(v_self, b, v_other)))
    }
}

impl<T: Real> RayCast for Shape<T> {
    type Scalar = T;
    fn cast_ray(&self, ray: &Ray<T>) -> Option<RayHit<T>> {
        match self {
            Self::Sphere(s) => s.cast_ray(ray),
            Self::Segment(s) => cast::ray_capsule(ray, &Capsule::new(s.a, s.b, T::ZERO)),
            Self::Capsule(s) => s.cast_ray(ray),
            Self::Aabb(s) => s.cast_ray(ray),
            Self::Obb(s) => s.cast_ray(ray),
            Self::Triangle(s) => s.cast_ray(ray),
            Self::Cylinder(s) => s.cast_ray(ray),
            Self::Cone(s) => s.cast_ray(ray),
            Self::Tetrahedron(s) => s.cast_ray(ray),
            Self::Polygon(s) => s.cast_ray(ray),
            Self::Polyhedron(s) => s.cast_ray(ray),
            Self::Mesh(s) => s.cast_ray(ray),
            Self::Compound(s) => s.cast_ray(ray),
        }
    }
}

/// `From` each concrete shape, and the four pair traits between `Shape` and it in both orders.
macro_rules! with_concrete {
    ($($Variant:ident($C:ty)),* $(,)?) => {$(
        impl<T: Real> From<$C> for Shape<T> {
            #[inline]
            fn from(s: $C) -> Self {
                Self::$Variant(s)
            }
        }
        impl<T: Real> Overlaps<$C> for Shape<T> {
            fn overlaps(&self, other: &$C) -> bool {
                each_shape!(self, a => a.overlaps(other))
            }
        }
        impl<T: Real> Overlaps<Shape<T>> for $C {
            fn overlaps(&self, other: &Shape<T>) -> bool {
                each_shape!(other, b => self.overlaps(b))
            }
        }
        impl<T: Real> Distance<$C> for Shape<T> {
            type Scalar = T;
            fn closest_points(&self, other: &$C) -> ClosestPoints<T> {
                each_shape!(self, a => a.closest_points(other))
            }
        }
        impl<T: Real> Distance<Shape<T>> for $C {
            type Scalar = T;
            fn closest_points(&self, other: &Shape<T>) -> ClosestPoints<T> {
                each_shape!(other, b => self.closest_points(b))
            }
        }
        impl<T: Real> Penetration<$C> for Shape<T> {
            type Scalar = T;
            fn contact(&self, other: &$C) -> Option<Contact<T>> {
                each_shape!(self, a => a.contact(other))
            }
        }
        impl<T: Real> Penetration<Shape<T>> for $C {
            type Scalar = T;
            fn contact(&self, other: &Shape<T>) -> Option<Contact<T>> {
                each_shape!(other, b => self.contact(b))
            }
        }
        impl<T: Real> Sweep<$C> for Shape<T> {
            type Scalar = T;
            fn time_of_impact(&self, v_self: &Vector3<T>, other: &$C, v_other: &Vector3<T>) -> Option<Impact<T>> {
                each_shape!(self, a => a.time_of_impact(v_self, other, v_other))
            }
        }
        impl<T: Real> Sweep<Shape<T>> for $C {
            type Scalar = T;
            fn time_of_impact(&self, v_self: &Vector3<T>, other: &Shape<T>, v_other: &Vector3<T>) -> Option<Impact<T>> {
                each_shape!(other, b => self.time_of_impact(v_self, b, v_other))
            }
        }
    )*};
}

with_concrete!(
    Sphere(Sphere<T>),
    Segment(Segment<T>),
    Capsule(Capsule<T>),
    Aabb(Aabb<T>),
    Obb(Obb<T>),
    Triangle(Triangle<T>),
    Cylinder(Cylinder<T>),
    Cone(Cone<T>),
    Tetrahedron(Tetrahedron<T>),
    Polygon(ConvexPolygon<T>),
    Polyhedron(ConvexPolyhedron<T>),
    Mesh(TriangleMesh<T>),
    Compound(Compound<T, ConvexPart<T>>),
);
