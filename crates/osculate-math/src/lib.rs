//! # osculate-math: layer 0 of osculate
//!
//! The scalar bound [`Real`] (`f32` or `f64`), the vector types osculate uses (nalgebra's, re-exported),
//! every shape the queries take, the [`ShapeError`] their validating constructors return, and the three
//! things every shape can do: be moved by an [`Isometry3`] ([`Transform`]), report its bounding box
//! ([`Bounded`]) and, for solids, say whether it contains a point ([`ContainsPoint`]).
//!
//! **Layering**: this crate depends only on nalgebra, num-traits and approx. Every other osculate crate
//! depends on it.
//!
//! ```
//! use osculate_math::{Bounded, ContainsPoint, Point3, Sphere};
//!
//! let ball = Sphere::try_new(Point3::new(1.0_f32, 2.0, 3.0), 0.5)?;
//! assert!(ball.contains_point(&Point3::new(1.0, 2.0, 3.4)));
//! assert_eq!(ball.aabb().min, Point3::new(0.5, 1.5, 2.5));
//! # Ok::<(), osculate_math::ShapeError>(())
//! ```
//!
//! Generic code builds points and vectors of any [`Real`] from `f64` literals with [`point3`] and
//! [`vector3`] (each coordinate rounded once), and scalars with [`Real::lit`]:
//!
//! ```
//! use osculate_math::{Real, Sphere, point3};
//!
//! fn ball<T: Real>() -> Result<Sphere<T>, osculate_math::ShapeError> {
//!     Sphere::try_new(point3(0.5, -1.0, 2.0), T::lit(0.25))
//! }
//! assert_eq!(ball::<f32>()?.center.x, 0.5);
//! # Ok::<(), osculate_math::ShapeError>(())
//! ```
//!
//! ## Features
//! - `std` (default): use the standard library; implies `alloc`.
//! - `alloc`: [`ConvexPolygon`] and [`ConvexPolyhedron`], which own `Vec`s.
//! - `libm`: float functions from libm, for `no_std` builds (`--no-default-features --features libm`).
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!(
    "osculate-math needs float functions: enable the `std` feature or the `libm` feature"
);

#[cfg(feature = "alloc")]
extern crate alloc;

#[macro_use]
mod declare;

mod boxes;
mod capsule;
mod cone;
mod cylinder;
mod error;
mod linear;
mod plane;
mod real;
mod sphere;
mod tetrahedron;
mod traits;
mod triangle;
#[cfg(feature = "serde")]
pub mod unbounded;
mod validate;
mod vector;

#[cfg(feature = "alloc")]
mod hull;
#[cfg(feature = "alloc")]
mod polytope;

pub use crate::boxes::{Aabb, Obb};
pub use crate::capsule::Capsule;
pub use crate::cone::Cone;
pub use crate::cylinder::Cylinder;
pub use crate::error::ShapeError;
pub use crate::linear::{Line, Ray, Segment};
pub use crate::plane::{Halfspace, Plane, three_planes};
pub use crate::real::Real;
pub use crate::sphere::Sphere;
pub use crate::tetrahedron::Tetrahedron;
pub use crate::traits::{Bounded, ContainsPoint, Transform};
pub use crate::triangle::Triangle;
pub use crate::validate::Validate;
pub use crate::vector::{
    any_perpendicular, axis_vector, edge_cross, edge_edge_axis, finite_probe, is_finite_point,
    is_finite_vector, nan_point, point_max, point_min, point3, safe_normalize, scale_of, vector3,
};

#[cfg(feature = "alloc")]
pub use crate::polytope::{ConvexPolygon, ConvexPolyhedron};

/// nalgebra, re-exported so that layers and users name one version of it.
pub use nalgebra;
pub use nalgebra::{
    Isometry3, Matrix3, Point3, Rotation3, Translation3, Unit, UnitQuaternion, Vector3,
};

/// A unit-length 3D vector.
pub type UnitVector3<T> = Unit<Vector3<T>>;
