//! # osculate
//!
//! 3D collision-detection primitive queries, generic over `f32` and `f64`. This facade re-exports
//! every layer as a module:
//!
//! | module | crate | holds |
//! |---|---|---|
//! | [`math`] | `osculate-math` | the `Real` scalar trait, shapes, tolerances, errors |
//! | [`closest`] | `osculate-closest` | closest points, distances, penetration |
//! | [`overlap`] | `osculate-overlap` | boolean overlap tests |
//! | [`cast`] | `osculate-cast` | ray / segment / line casts |
//! | [`dynamic`] | `osculate-dynamic` | moving-object tests, time of impact |
//!
//! ```
//! use osculate::prelude::*;
//!
//! let ball = Sphere::try_new(Point3::new(0.0_f64, 0.0, 0.0), 1.0)?;
//! assert!(ball.contains_point(&Point3::new(0.5, 0.5, 0.5)));
//! # Ok::<(), ShapeError>(())
//! ```
//!
//! **Layering**: the facade may depend on every layer; no layer depends on it.
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!("osculate needs float functions: enable the `std` feature or the `libm` feature");

pub use osculate_cast as cast;
pub use osculate_closest as closest;
pub use osculate_dynamic as dynamic;
pub use osculate_math as math;
pub use osculate_overlap as overlap;

/// The shapes, the scalar trait and the shape traits, for `use osculate::prelude::*`.
pub mod prelude {
    pub use osculate_math::{
        Aabb, Bounded, Capsule, Cone, ContainsPoint, Cylinder, Halfspace, Isometry3, Line, Obb,
        Plane, Point3, Ray, Real, Rotation3, Segment, ShapeError, Sphere, Tetrahedron, Transform,
        Triangle, UnitQuaternion, Vector3,
    };
    #[cfg(feature = "alloc")]
    pub use osculate_math::{ConvexPolygon, ConvexPolyhedron};
}
