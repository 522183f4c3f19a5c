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

/// Declares [`Shape`] from its variant list, written once: the enum, `each_shape!` (one match arm
/// per variant) and, through `with_concrete!`, `From` each concrete shape and the pair traits
/// between `Shape` and it. `$d` is a `$` token, so that the generated `each_shape!` can name its
/// own fragments.
macro_rules! shape {
    (
        $d:tt
        $(#[$meta:meta])*
        pub enum Shape<T: Real> { $($(#[$doc:meta])* $Variant:ident($C:ty),)* }
    ) => {
        $(#[$meta])*
        pub enum Shape<T: Real> {
            $($(#[$doc])* $Variant($C),)*
        }

        /// `$body` with `$s` bound to the shape inside `$shape`, whichever variant it is.
        macro_rules! each_shape {
            ($d shape:expr, $d s:ident => $d body:expr) => {
                match $d shape {
                    $(Shape::$Variant($d s) => $d body,)*
                }
            };
        }

        with_concrete!($($Variant($C)),*);
    };
}

shape! {
    $
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
        each_shape!(self, s => s.cast_variant(ray))
    }
}

/// The ray cast of one variant: [`RayCast`] where the shape has it; a [`Segment`], which has none,
/// as a capsule of radius 0.
trait CastVariant<T: Real> {
    fn cast_variant(&self, ray: &Ray<T>) -> Option<RayHit<T>>;
}

impl<T: Real, S: RayCast<Scalar = T>> CastVariant<T> for S {
    #[inline]
    fn cast_variant(&self, ray: &Ray<T>) -> Option<RayHit<T>> {
        self.cast_ray(ray)
    }
}

impl<T: Real> CastVariant<T> for Segment<T> {
    #[inline]
    fn cast_variant(&self, ray: &Ray<T>) -> Option<RayHit<T>> {
        cast::ray_capsule(ray, &Capsule::new(self.a, self.b, T::ZERO))
    }
}
