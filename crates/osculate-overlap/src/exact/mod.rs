//! Exact arithmetic for the exact boolean modes: a floating-point filter with a proven error
//! bound ([`Filtered`]) decides every sign it can, and exact dyadic arithmetic ([`Dyadic`])
//! decides the rest.
//!
//! Every predicate is written once, generic over [`Arith`], as a polynomial in the inputs (finite
//! doubles: an `f32` converts exactly) and their differences, of degree at most 4. It is first
//! evaluated with [`Filtered`], a running error bound: each value carries `err` with
//! `|computed − exact| ≤ err`. Each operation adds its own rounding, `u·|result|` with the unit
//! roundoff `u = 2⁻⁵³` (plus `2⁻¹⁰⁷³` for a product that underflows, where the error is absolute),
//! and propagates the operands' bounds (`|a|·err_b + |b|·err_a + err_a·err_b` for a product); the
//! bound's own computation rounds too, so every new bound is inflated by `1 + 4u`. A sign is
//! certain when `|value| > err` (an overflow makes the bound infinite or NaN: never certain). Only
//! when a sign is not certain is the same polynomial evaluated again in [`Dyadic`], where every
//! operation is exact: the answer is the exact one for the floating-point input as given.
//!
//! In front of both, the box tests use static filters in plain `f64` (Shewchuk's kind: one
//! error bound derived once for the whole expression, from the inputs' magnitudes or the
//! expression's permanent, each derivation written beside its filter), which cost about what
//! the fast tests cost and decide every axis of ordinary input; an axis they leave goes to
//! [`Filtered`] and then [`Dyadic`].

mod boxes;
mod dyadic;

pub use self::boxes::{
    aabb_triangle_exact, obb_obb_exact, obb_triangle_exact, segment_aabb_exact, segment_obb_exact,
};
pub use self::dyadic::Dyadic;

use core::ops::{Add, Mul, Neg, Sub};

/// The arithmetic an exact predicate is written in: [`Filtered`] (fast, may be undecided) or
/// [`Dyadic`] (exact, always decided).
pub trait Arith:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Neg<Output = Self>
{
    /// A finite double, exactly.
    fn of(x: f64) -> Self;
    /// `|self|`.
    #[must_use]
    fn magnitude(self) -> Self;
    /// The sign (−1, 0 or 1) when it is certain; `None` when the filter cannot tell.
    fn sign(&self) -> Option<i8>;
}

impl Arith for Dyadic {
    #[inline]
    fn of(x: f64) -> Self {
        Self::from(x)
    }
    #[inline]
    fn magnitude(self) -> Self {
        self.abs()
    }
    #[inline]
    fn sign(&self) -> Option<i8> {
        Some(self.signum())
    }
}

/// A double with a bound on its distance from the exact value: `|value − exact| ≤ err` (see the
/// module documentation for the rules).
///
/// # Examples
/// ```
/// use osculate_overlap::exact::{Arith, Filtered};
///
/// // 1e16 + 1 rounds to 1e16: the difference is computed as 0, with a bound of about 1.
/// let a = Filtered::of(1e16) + Filtered::of(1.0) - Filtered::of(1e16);
/// assert_eq!((a.value, a.sign()), (0.0, None)); // undecided: the exact value is 1
/// let b = Filtered::of(3.0) * Filtered::of(2.0) - Filtered::of(5.0);
/// assert_eq!(b.sign(), Some(1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Filtered {
    /// The computed value.
    pub value: f64,
    /// A bound on its error.
    pub err: f64,
}

/// The unit roundoff of `f64`, `2⁻⁵³`.
const U: f64 = f64::EPSILON * 0.5;
/// The inflation of a new bound for its own rounding (four operations at most per bound).
const INFLATE: f64 = 1.0 + 4.0 * f64::EPSILON;
/// The absolute error of a product that underflows, with room (`2⁻¹⁰⁷⁵` is half the smallest
/// subnormal spacing), and of the bound's own underflowing terms.
const UNDERFLOW: f64 = 2.0 * f64::from_bits(1);

impl Add for Filtered {
    type Output = Self;
    #[inline]
    fn add(self, o: Self) -> Self {
        let value = self.value + o.value;
        // A sum's rounding is relative (a subnormal sum is exact).
        Self { value, err: (self.err + o.err + U * value.abs()) * INFLATE }
    }
}

impl Sub for Filtered {
    type Output = Self;
    #[inline]
    fn sub(self, o: Self) -> Self {
        let value = self.value - o.value;
        Self { value, err: (self.err + o.err + U * value.abs()) * INFLATE }
    }
}

impl Mul for Filtered {
    type Output = Self;
    #[inline]
    fn mul(self, o: Self) -> Self {
        let value = self.value * o.value;
        let err = self.value.abs() * o.err + o.value.abs() * self.err + self.err * o.err;
        Self { value, err: (err + U * value.abs()) * INFLATE + UNDERFLOW }
    }
}

impl Neg for Filtered {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Self { value: -self.value, err: self.err }
    }
}

impl Arith for Filtered {
    #[inline]
    fn of(x: f64) -> Self {
        Self { value: x, err: 0.0 }
    }
    #[inline]
    fn magnitude(self) -> Self {
        Self { value: self.value.abs(), err: self.err }
    }
    #[inline]
    fn sign(&self) -> Option<i8> {
        // `err` infinite or NaN (an overflow) never decides.
        if self.value > self.err {
            Some(1)
        } else if -self.value > self.err {
            Some(-1)
        } else if self.value == 0.0 && self.err == 0.0 {
            Some(0)
        } else {
            None
        }
    }
}

/// A 3-vector in an [`Arith`].
pub type V3<A> = [A; 3];

/// `a − b` per coordinate, for finite doubles `a` and `b`.
#[inline]
pub fn diff<A: Arith>(a: &[f64; 3], b: &[f64; 3]) -> V3<A> {
    [A::of(a[0]) - A::of(b[0]), A::of(a[1]) - A::of(b[1]), A::of(a[2]) - A::of(b[2])]
}

/// The coordinates of a point of finite doubles.
#[inline]
pub fn exact<A: Arith>(a: &[f64; 3]) -> V3<A> {
    [A::of(a[0]), A::of(a[1]), A::of(a[2])]
}

/// `u × v`.
#[inline]
pub fn cross<A: Arith>(u: &V3<A>, v: &V3<A>) -> V3<A> {
    [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
}

/// `u · v`.
#[inline]
pub fn dot<A: Arith>(u: &V3<A>, v: &V3<A>) -> A {
    u[0] * v[0] + u[1] * v[1] + u[2] * v[2]
}

/// `det[u, v, w] = u · (v × w)`.
///
/// # Examples
/// ```
/// use osculate_overlap::exact::{Arith, Dyadic, det3, exact};
///
/// let e = |p: [f64; 3]| exact::<Dyadic>(&p);
/// let d = det3(&e([1.0, 0.0, 0.0]), &e([0.0, 1.0, 0.0]), &e([0.0, 0.0, 1.0]));
/// assert_eq!(d.sign(), Some(1));
/// ```
#[inline]
pub fn det3<A: Arith>(u: &V3<A>, v: &V3<A>, w: &V3<A>) -> A {
    u[0] * (v[1] * w[2] - v[2] * w[1])
        + u[1] * (v[2] * w[0] - v[0] * w[2])
        + u[2] * (v[0] * w[1] - v[1] * w[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filter_bounds_hold_and_decide_ordinary_signs() {
        let f = Filtered::of;
        // A sign decided: well away from zero.
        assert_eq!((f(1.0) * f(3.0) - f(2.0)).sign(), Some(1));
        assert_eq!((f(1e300) * f(1e300)).sign(), None); // overflow: never certain
        // 3·0.1 − 0.3 is 2.8e-17 exactly, computed 5.6e-17 with a bound of 3.3e-17: decided.
        assert_eq!((f(0.1) * f(3.0) - f(0.3)).sign(), Some(1));
        let d = Dyadic::of;
        assert_eq!((d(0.1) * d(3.0) - d(0.3)).sign(), Some(1));
        // Undecided where rounding hides the answer, then decided exactly.
        assert_eq!((f(1e16) + f(1.0) - f(1e16)).sign(), None);
        assert_eq!((d(1e16) + d(1.0) - d(1e16)).sign(), Some(1));
        // Underflow: a product below the smallest normal is not trusted by its relative error.
        let tiny = f(1e-200) * f(1e-200);
        assert!(tiny.err > 0.0);
        assert_eq!((tiny * f(1e300) * f(1e300) - f(1e200)).sign(), None);
    }
}
