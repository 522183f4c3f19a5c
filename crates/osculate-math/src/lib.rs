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
//! ## Features
//! - `std` (default): use the standard library; implies `alloc`.
//! - `alloc`: [`ConvexPolygon`] and [`ConvexPolyhedron`], which own `Vec`s.
//! - `libm`: float functions from libm, for `no_std` builds (`--no-default-features --features libm`).
//! - `quickcheck`: the [`testing`] module: generators and samplers for every shape, used by the test
//!   suites of every layer.
#![cfg_attr(not(feature = "std"), no_std)]

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!(
    "osculate-math needs float functions: enable the `std` feature or the `libm` feature"
);

#[cfg(feature = "alloc")]
extern crate alloc;

mod error;
mod linear;
mod plane;
mod real;
mod round;
mod solid;
mod traits;
mod triangle;

#[cfg(feature = "alloc")]
mod polytope;

#[cfg(feature = "quickcheck")]
pub mod testing;

pub use crate::error::ShapeError;
pub use crate::linear::{Line, Ray, Segment};
pub use crate::plane::{Halfspace, Plane};
pub use crate::real::Real;
pub use crate::round::{Capsule, Cone, Cylinder, Sphere};
pub use crate::solid::{Aabb, Obb};
pub use crate::traits::{Bounded, ContainsPoint, Transform};
pub use crate::triangle::{Tetrahedron, Triangle};

#[cfg(feature = "alloc")]
pub use crate::polytope::{ConvexPolygon, ConvexPolyhedron};

/// nalgebra, re-exported so that layers and users name one version of it.
pub use nalgebra;
pub use nalgebra::{
    Isometry3, Matrix3, Point3, Rotation3, Translation3, Unit, UnitQuaternion, Vector3,
};

/// A unit-length 3D vector.
pub type UnitVector3<T> = Unit<Vector3<T>>;

/// The componentwise minimum of two points by plain comparisons (see [`Real::fast_min`]).
#[inline]
#[must_use]
pub fn point_min<T: Real>(a: &Point3<T>, b: &Point3<T>) -> Point3<T> {
    Point3::new(a.x.fast_min(b.x), a.y.fast_min(b.y), a.z.fast_min(b.z))
}

/// The componentwise maximum of two points by plain comparisons (see [`Real::fast_max`]).
#[inline]
#[must_use]
pub fn point_max<T: Real>(a: &Point3<T>, b: &Point3<T>) -> Point3<T> {
    Point3::new(a.x.fast_max(b.x), a.y.fast_max(b.y), a.z.fast_max(b.z))
}

/// `true` when every coordinate of `p` is finite.
#[inline]
#[must_use]
pub fn is_finite_point<T: Real>(p: &Point3<T>) -> bool {
    // Non-short-circuit `&`: one branch-free test instead of three branches.
    p.x.is_finite() & p.y.is_finite() & p.z.is_finite()
}

/// `v − v`: `0` in every finite coordinate, NaN in every infinite or NaN one. Added over several
/// points and vectors, one comparison of the sum's coordinates with zero tests them all for
/// finiteness without a branch (the hot queries use it in place of a chain of `is_finite`).
///
/// # Examples
/// ```
/// use osculate_math::{Vector3, finite_probe};
///
/// let z = finite_probe(&Vector3::new(1.0_f64, -2.0, 3.0)) + finite_probe(&Vector3::new(0.0, 5.0, 7.0));
/// assert_eq!(z.x + z.y + z.z, 0.0);
/// let w = z + finite_probe(&Vector3::new(f64::INFINITY, 0.0, 0.0));
/// assert!((w.x + w.y + w.z).is_nan());
/// ```
#[inline(always)]
#[must_use]
pub fn finite_probe<T: Real>(v: &Vector3<T>) -> Vector3<T> {
    #[allow(clippy::eq_op, reason = "x − x is the finiteness probe: 0 for finite x, NaN otherwise")]
    let z = v - v;
    z
}

/// `true` when every coordinate of `v` is finite.
#[inline]
#[must_use]
pub fn is_finite_vector<T: Real>(v: &Vector3<T>) -> bool {
    v.x.is_finite() & v.y.is_finite() & v.z.is_finite()
}

/// The largest absolute coordinate among the given points: the *scale* that relative tolerances are
/// multiplied by. Returns at least 1 so that inputs near the origin use absolute tolerances of order ε.
#[inline]
#[must_use]
pub fn scale_of<T: Real>(points: &[&Point3<T>]) -> T {
    let mut s = T::ONE;
    for p in points {
        s = s.fast_max(p.x.abs()).fast_max(p.y.abs()).fast_max(p.z.abs());
    }
    s
}

/// A unit vector perpendicular to `v` (any one; deterministic). For a zero or non-finite `v` it
/// returns the x axis.
///
/// Uses the axis of `v`'s smallest component, which keeps the cross product well conditioned.
#[inline]
#[must_use]
pub fn any_perpendicular<T: Real>(v: &Vector3<T>) -> UnitVector3<T> {
    let (ax, ay, az) = (v.x.abs(), v.y.abs(), v.z.abs());
    let other = if ax <= ay && ax <= az {
        Vector3::x()
    } else if ay <= az {
        Vector3::y()
    } else {
        Vector3::z()
    };
    let c = v.cross(&other);
    let n2 = c.norm_squared();
    if n2 > T::ZERO && n2.is_finite() {
        Unit::new_unchecked(c / n2.sqrt())
    } else {
        Vector3::x_axis()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn perpendicular_is_unit_and_orthogonal<T: Real>() {
        for v in [
            Vector3::new(T::ONE, T::ZERO, T::ZERO),
            Vector3::new(T::lit(0.3), T::lit(-2.0), T::lit(5.0)),
            Vector3::new(T::lit(1e-20), T::ZERO, T::lit(1e-20)),
        ] {
            let p = any_perpendicular(&v);
            assert!((p.norm() - T::ONE).abs() < T::lit(1e-5));
            assert!(p.dot(&v).abs() <= T::lit(1e-5) * v.norm());
        }
        assert_eq!(any_perpendicular(&Vector3::<T>::zeros()), Vector3::x_axis());
        assert_eq!(any_perpendicular(&Vector3::new(T::NAN, T::ZERO, T::ZERO)), Vector3::x_axis());
    }

    #[test]
    fn perpendicular_f32() {
        perpendicular_is_unit_and_orthogonal::<f32>();
    }

    #[test]
    fn perpendicular_f64() {
        perpendicular_is_unit_and_orthogonal::<f64>();
    }

    #[test]
    fn scale_is_at_least_one() {
        assert_eq!(scale_of::<f64>(&[&Point3::new(0.1, -0.2, 0.0)]), 1.0);
        assert_eq!(scale_of::<f64>(&[&Point3::origin(), &Point3::new(3.0, -7.0, 2.0)]), 7.0);
    }
}
