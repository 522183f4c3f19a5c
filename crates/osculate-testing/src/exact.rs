//! Vectors of exact numbers (big integers, big rationals) for the exact references of the tests:
//! every finite float is a dyadic rational, so a reference can decide its geometry without
//! rounding.

use core::ops::{Add, Mul, Neg, Sub};

use num_rational::BigRational;
use num_traits::Zero;
use osculate_math::{Point3, Real, Vector3};

/// A finite double exactly as a rational (zero for a NaN or an infinity, which the references
/// never receive).
#[must_use]
pub fn rational(x: f64) -> BigRational {
    BigRational::from_float(x).unwrap_or_else(BigRational::zero)
}

/// A point's coordinates exactly as rationals.
#[must_use]
pub fn rational_point<T: Real>(p: &Point3<T>) -> [BigRational; 3] {
    rational_vector(&p.coords)
}

/// A vector's coordinates exactly as rationals.
#[must_use]
pub fn rational_vector<T: Real>(v: &Vector3<T>) -> [BigRational; 3] {
    [rational(v.x.to_f64()), rational(v.y.to_f64()), rational(v.z.to_f64())]
}

/// `a − b`.
#[must_use]
pub fn sub<N>(a: &[N; 3], b: &[N; 3]) -> [N; 3]
where
    for<'x> &'x N: Sub<&'x N, Output = N>,
{
    [&a[0] - &b[0], &a[1] - &b[1], &a[2] - &b[2]]
}

/// `−a`.
#[must_use]
pub fn neg<N>(a: &[N; 3]) -> [N; 3]
where
    for<'x> &'x N: Neg<Output = N>,
{
    [-&a[0], -&a[1], -&a[2]]
}

/// `a · b`.
#[must_use]
pub fn dot<N: Add<Output = N>>(a: &[N; 3], b: &[N; 3]) -> N
where
    for<'x> &'x N: Mul<&'x N, Output = N>,
{
    &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2]
}

/// `a × b`.
#[must_use]
pub fn cross<N: Sub<Output = N>>(a: &[N; 3], b: &[N; 3]) -> [N; 3]
where
    for<'x> &'x N: Mul<&'x N, Output = N>,
{
    [&a[1] * &b[2] - &a[2] * &b[1], &a[2] * &b[0] - &a[0] * &b[2], &a[0] * &b[1] - &a[1] * &b[0]]
}

/// Whether every coordinate of `a` is zero.
#[must_use]
pub fn is_zero<N: Zero>(a: &[N; 3]) -> bool {
    a.iter().all(Zero::is_zero)
}
