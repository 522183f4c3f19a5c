//! # osculate-overlap: layer 2 of osculate
//!
//! Boolean overlap tests between shapes: separating axes and friends (van den Bergen 3.2-3.3,
//! Ericson 5.2).
//!
//! **Layering**: depends only on `osculate-math` (layer 0) and `osculate-closest` (layer 1).
//!
//! ```
//! use osculate_overlap::{obb_obb, sphere_aabb};
//! use osculate_math::{Aabb, Obb, Point3, Rotation3, Sphere, Vector3};
//!
//! let b = Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
//! assert!(sphere_aabb(&Sphere::new(Point3::new(1.5, 0.5, 0.5), 0.5), &b));
//! let e = Vector3::new(1.0_f32, 1.0, 1.0);
//! assert!(!obb_obb(&Obb::new(Point3::origin(), Rotation3::identity(), e), &Obb::new(Point3::new(3.0, 0.0, 0.0), Rotation3::identity(), e)));
//! ```
//!
//! ## What is here
//! - **Round shapes** ([`sphere_sphere`], [`sphere_capsule`], [`capsule_capsule`],
//!   [`sphere_aabb`], [`sphere_obb`], [`sphere_triangle`], [`sphere_polygon`],
//!   [`segment_sphere`]): a squared distance from `osculate-closest` against a squared radius.
//! - **Planes and halfspaces** (Ericson 5.2.2-5.2.4): sphere (intersects / fully behind / enters
//!   the negative halfspace), AABB, OBB, cone, capsule, triangle.
//! - **Separating axes** ([`sat`]: a reusable helper with Ericson 5.2.1.1's repair of near-zero
//!   cross-product axes): [`aabb_aabb`] (min-max) and [`aabb_aabb_center_extents`], [`obb_obb`]
//!   (15 axes), [`aabb_triangle`] and [`obb_triangle`] (13 axes, Akenine-Möller),
//!   [`segment_aabb`] and [`segment_obb`].
//! - **Orientation predicates**: [`triangle_triangle`] (Guigue-Devillers 2003) and
//!   [`segment_triangle`], each with an exact mode ([`triangle_triangle_exact`],
//!   [`segment_triangle_exact`]) through a filter with Shewchuk's error bound and, within it,
//!   Shewchuk's adaptive predicates.
//! - **Exact modes of the box tests** ([`exact`]): [`aabb_triangle_exact`],
//!   [`obb_triangle_exact`], [`obb_obb_exact`], [`segment_aabb_exact`], [`segment_obb_exact`]:
//!   the same separating axes with every sign filtered and, where the filter cannot tell,
//!   decided in exact dyadic arithmetic.
//! - **Containment**: [`contains_point`] for every solid.
//! - **Batches** (with `alloc`): one box against many in structure-of-arrays form,
//!   [`aabb_aabb_soa`] over an [`AabbSoa`] and [`obb_obb_soa`] over an [`ObbSoa`], eight boxes at
//!   a time in packed instructions, each answer the scalar test's; with `rayon`, `_par` forms
//!   that run them across threads.
//!
//! Every test counts touching as overlapping and answers `false` for any NaN or infinite input and
//! for empty shapes (negative radius or extent, inverted box). A fast test never says "apart" for
//! shapes that touch or overlap; where rounding could flip its answer it errs toward
//! "overlapping", by at most a stated relative tolerance (Ericson 5.2.1.1). An `_exact` test
//! gives the exact answer for the coordinates as given.
//!
//! ## Features
//! - `std` (default): use the standard library.
//! - `alloc`: convex polygons (`sphere_polygon`) and the batches.
//! - `libm`: float functions from libm, for `no_std` targets.
//! - `rayon`: the batches' `_par` forms, run on rayon's thread pool (implies `std`).
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!(
    "osculate-overlap needs float functions: enable the `std` feature or the `libm` feature"
);

#[cfg(feature = "alloc")]
mod batch;
mod boxes;
mod capsule;
pub mod exact;
mod linear;
mod plane;
#[cfg(feature = "alloc")]
mod polytope;
pub mod sat;
mod sphere;
mod triangle;

#[cfg(feature = "alloc")]
#[doc(hidden)]
pub use crate::batch::BoxPacket;
#[cfg(feature = "alloc")]
pub use crate::batch::{AabbSoa, ObbSoa, aabb_aabb_soa, obb_obb_soa};
#[cfg(feature = "rayon")]
pub use crate::batch::{aabb_aabb_soa_par, obb_obb_soa_par};
pub use crate::boxes::{
    aabb_aabb, aabb_aabb_center_extents, capsule_aabb, capsule_obb, obb_obb, segment_aabb,
    segment_obb, sphere_aabb, sphere_obb,
};
pub use crate::capsule::{capsule_capsule, segment_capsule, sphere_capsule};
pub use crate::exact::{
    aabb_triangle_exact, obb_obb_exact, obb_triangle_exact, segment_aabb_exact, segment_obb_exact,
};
pub use crate::linear::segment_segment;
pub use crate::plane::{
    aabb_halfspace, aabb_plane, capsule_halfspace, capsule_plane, cone_halfspace, cone_plane,
    obb_halfspace, obb_plane, sphere_behind_plane, sphere_halfspace, sphere_plane,
    triangle_halfspace, triangle_plane,
};
#[cfg(feature = "alloc")]
pub use crate::polytope::sphere_polygon;
pub use crate::sphere::{segment_sphere, sphere_sphere};
pub use crate::triangle::{
    aabb_triangle, capsule_triangle, obb_triangle, segment_triangle, segment_triangle_exact,
    sphere_triangle, triangle_triangle, triangle_triangle_exact,
};

use osculate_math::{ContainsPoint, Point3, Real};

/// Whether solid `shape` contains point `p` (boundary included): the
/// [`ContainsPoint`] test of every solid of `osculate-math` (sphere,
/// box, oriented box, capsule, cylinder, cone, tetrahedron, halfspace, convex polyhedron), as a free
/// function beside the pair tests.
///
/// # Examples
/// ```
/// use osculate_overlap::contains_point;
/// use osculate_math::{Cone, Point3, Vector3};
///
/// let c = Cone::new(Point3::new(0.0_f64, 0.0, 0.0), Vector3::z_axis(), 2.0, 1.0);
/// assert!(contains_point(&c, &Point3::new(0.2, 0.0, 1.0)));
/// assert!(!contains_point(&c, &Point3::new(0.8, 0.0, 1.0)));
/// ```
#[inline]
#[must_use]
pub fn contains_point<T: Real, S: ContainsPoint<T> + ?Sized>(shape: &S, p: &Point3<T>) -> bool {
    shape.contains_point(p)
}
