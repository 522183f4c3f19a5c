//! [`ShapeError`]: what a validating constructor found wrong.

use core::fmt;

use crate::{Point3, Real, Vector3};

/// Why a validating constructor (`try_new`, `try_from_*`) refused its input.
///
/// Each variant names the field or the relation that is wrong, so the message points at the
/// caller's bug. Shapes built through their public fields skip validation; the queries document
/// what they do with such shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShapeError {
    /// A coordinate or scalar is NaN or infinite; the payload names the field.
    NonFinite(&'static str),
    /// A radius, height or extent is negative; the payload names the field.
    Negative(&'static str),
    /// A direction, normal or axis has zero (or non-finite) length; the payload names the field.
    ZeroDirection(&'static str),
    /// A vector that must have unit length does not (beyond [`Real::UNIT_TOLERANCE`]).
    NotUnit(&'static str),
    /// A box has `min > max` on some axis.
    InvertedBox,
    /// An orientation is not a rotation (its columns are not orthonormal with determinant 1).
    NotRotation,
    /// Three points that must span a plane are collinear (or coincide).
    CollinearPoints,
    /// A polygon or polyhedron has too few vertices or planes to bound anything.
    TooFewElements,
    /// The vertices of a polygon do not lie in one plane.
    NotPlanar,
    /// The vertices of a polygon are not in convex position (or not consistently wound).
    NotConvex,
    /// A set of halfspaces has an empty intersection, or an unbounded one.
    EmptyOrUnbounded,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NonFinite(field) => write!(f, "`{field}` is NaN or infinite"),
            Self::Negative(field) => write!(f, "`{field}` is negative"),
            Self::ZeroDirection(field) => write!(f, "`{field}` has zero or non-finite length"),
            Self::NotUnit(field) => write!(f, "`{field}` does not have unit length"),
            Self::InvertedBox => f.write_str("box has min > max on some axis"),
            Self::NotRotation => f.write_str("orientation is not a proper rotation"),
            Self::CollinearPoints => f.write_str("points are collinear and span no plane"),
            Self::TooFewElements => f.write_str("too few vertices or planes"),
            Self::NotPlanar => f.write_str("polygon vertices are not coplanar"),
            Self::NotConvex => f.write_str("vertices are not in convex position"),
            Self::EmptyOrUnbounded => f.write_str("halfspaces bound an empty or unbounded set"),
        }
    }
}

impl core::error::Error for ShapeError {}

/// `Err(NonFinite(field))` unless `x` is finite.
#[inline]
pub(crate) fn finite<T: Real>(x: &T, field: &'static str) -> Result<(), ShapeError> {
    if x.is_finite() { Ok(()) } else { Err(ShapeError::NonFinite(field)) }
}

/// `Err(NonFinite(field))` unless every coordinate of `p` is finite.
#[inline]
pub(crate) fn finite_point<T: Real>(p: &Point3<T>, field: &'static str) -> Result<(), ShapeError> {
    finite_vector(&p.coords, field)
}

/// `Err(NonFinite(field))` unless every coordinate of `v` is finite.
#[inline]
pub(crate) fn finite_vector<T: Real>(
    v: &Vector3<T>,
    field: &'static str,
) -> Result<(), ShapeError> {
    if v.iter().all(|x| x.is_finite()) { Ok(()) } else { Err(ShapeError::NonFinite(field)) }
}

/// A finite, non-negative scalar.
#[inline]
pub(crate) fn non_negative<T: Real>(x: &T, field: &'static str) -> Result<(), ShapeError> {
    finite(x, field)?;
    if *x < T::ZERO { Err(ShapeError::Negative(field)) } else { Ok(()) }
}

/// A finite vector of non-zero length.
#[inline]
pub(crate) fn nonzero_vector<T: Real>(
    v: &Vector3<T>,
    field: &'static str,
) -> Result<(), ShapeError> {
    finite_vector(v, field)?;
    let n2 = v.norm_squared();
    if n2 > T::ZERO && n2.is_finite() { Ok(()) } else { Err(ShapeError::ZeroDirection(field)) }
}

/// A finite vector of unit length (within [`Real::UNIT_TOLERANCE`]).
#[inline]
pub(crate) fn unit_vector<T: Real>(v: &Vector3<T>, field: &'static str) -> Result<(), ShapeError> {
    nonzero_vector(v, field)?;
    if (v.norm_squared() - T::ONE).abs() <= T::TWO * T::UNIT_TOLERANCE {
        Ok(())
    } else {
        Err(ShapeError::NotUnit(field))
    }
}
