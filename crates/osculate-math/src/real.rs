//! The one scalar bound of osculate, [`Real`], implemented for `f32` and `f64`.

use nalgebra::RealField;

mod sealed {
    /// Keeps [`Real`](super::Real) closed: only `f32` and `f64` implement it.
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

/// The scalar type of every osculate query: `f32` or `f64`.
///
/// `Real` builds on nalgebra's [`RealField`] (which brings num-traits' `Zero`, `One`, `Signed` and
/// `FromPrimitive`, and approx's `RelativeEq`/`UlpsEq`), so every float function is called through one
/// path. It is sealed: downstream code writes `fn q<T: Real>(..)` and never adds its own impl.
///
/// It deliberately does *not* also require `num_traits::Float`: both traits declare `sqrt`, `abs`,
/// `max`, `min`, ... and every such call on a generic `T` would be ambiguous (E0034).
///
/// Literals go through [`Real::lit`]; the hot constants are associated consts so debug builds do not
/// convert them at run time. Tolerances are *relative*: a query multiplies them by the scale of its
/// input, so a box 10,000 units from the origin behaves like one at the origin.
///
/// # Examples
/// ```
/// use osculate_math::Real;
///
/// fn half<T: Real>(x: T) -> T {
///     x * T::HALF
/// }
/// assert_eq!(half(3.0_f32), 1.5);
/// assert_eq!(half(3.0_f64), 1.5);
/// assert_eq!(f64::lit(0.25), 0.25);
/// ```
pub trait Real: RealField + Copy + Default + sealed::Sealed {
    /// `0`.
    const ZERO: Self;
    /// `1`.
    const ONE: Self;
    /// `2`.
    const TWO: Self;
    /// `3`.
    const THREE: Self;
    /// `0.5`.
    const HALF: Self;
    /// Machine epsilon: the gap between 1 and the next representable value.
    const EPSILON: Self;
    /// Positive infinity.
    const INFINITY: Self;
    /// Negative infinity.
    const NEG_INFINITY: Self;
    /// A quiet NaN.
    const NAN: Self;
    /// The largest finite value.
    const MAX: Self;
    /// The smallest positive normal value.
    const MIN_POSITIVE: Self;
    /// Relative tolerance for "this lies on the boundary" decisions: 128 ε (f32 ≈ 1.5e-5,
    /// f64 ≈ 2.8e-14). Chosen as a few dozen roundings of a dot product or a cross product: every
    /// closed-form query in osculate performs fewer than 30 dependent roundings, and the factor 4 on
    /// top absorbs the accumulation in sums of three products. Multiply by the input's scale.
    const RELATIVE_TOLERANCE: Self;
    /// Relative tolerance under which a squared quantity, divided by the square of its scale, is
    /// treated as zero: "this segment is a point", "these directions are parallel", "this triangle
    /// is collapsed". It is `RELATIVE_TOLERANCE²·64` rounded up to a power of ten's neighbourhood:
    /// f32 1e-9 (a sine of ~3e-5), f64 1e-24 (a sine of ~1e-12). Below it, a division by the
    /// quantity loses every significant digit; the degenerate branch is then the accurate one.
    const DEGENERATE_SQ_TOLERANCE: Self;
    /// How far from 1 the length of a "unit" vector may be before a validating constructor rejects it:
    /// 1024 ε (f32 ≈ 1.2e-4, f64 ≈ 2.3e-13), room for a normalisation done in the caller's own code.
    const UNIT_TOLERANCE: Self;

    /// Converts an `f64` literal to `Self` (rounding to nearest for `f32`).
    fn lit(x: f64) -> Self;
    /// Widens (or keeps) `self` as an `f64`.
    fn to_f64(self) -> f64;
    /// `true` when `self` is NaN.
    fn is_nan(self) -> bool;
    /// The larger of two values by a plain comparison: `if a > b { a } else { b }`.
    ///
    /// Unlike `f32::max` it carries no NaN handling (a NaN in `a` returns `b`, a NaN in `b` returns
    /// `b`), which keeps slab and clamp loops branch-free. Use it where the caller has decided
    /// what NaN must do.
    fn fast_max(self, other: Self) -> Self;
    /// The smaller of two values by a plain comparison: `if a < b { a } else { b }` (see
    /// [`Real::fast_max`] for the NaN behaviour).
    fn fast_min(self, other: Self) -> Self;
}

macro_rules! impl_real {
    ($t:ident, $degenerate:expr) => {
        impl Real for $t {
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            const TWO: Self = 2.0;
            const THREE: Self = 3.0;
            const HALF: Self = 0.5;
            const EPSILON: Self = $t::EPSILON;
            const INFINITY: Self = $t::INFINITY;
            const NEG_INFINITY: Self = $t::NEG_INFINITY;
            const NAN: Self = $t::NAN;
            const MAX: Self = $t::MAX;
            const MIN_POSITIVE: Self = $t::MIN_POSITIVE;
            const RELATIVE_TOLERANCE: Self = 128.0 * $t::EPSILON;
            const DEGENERATE_SQ_TOLERANCE: Self = $degenerate;
            const UNIT_TOLERANCE: Self = 1024.0 * $t::EPSILON;

            #[inline(always)]
            fn lit(x: f64) -> Self {
                x as $t
            }
            #[inline(always)]
            fn to_f64(self) -> f64 {
                self as f64
            }
            #[inline(always)]
            fn is_nan(self) -> bool {
                $t::is_nan(self)
            }
            #[inline(always)]
            fn fast_max(self, other: Self) -> Self {
                if self > other { self } else { other }
            }
            #[inline(always)]
            fn fast_min(self, other: Self) -> Self {
                if self < other { self } else { other }
            }
        }
    };
}

impl_real!(f32, 1e-9);
impl_real!(f64, 1e-24);

#[cfg(test)]
mod tests {
    use super::Real;

    fn constants_are_consistent<T: Real>() {
        assert!(T::ZERO < T::EPSILON);
        assert!(T::ONE + T::EPSILON > T::ONE);
        assert!(T::ONE + T::EPSILON * T::lit(0.25) == T::ONE);
        assert_eq!(T::HALF + T::HALF, T::ONE);
        assert_eq!(T::ONE + T::ONE, T::TWO);
        assert_eq!(T::TWO + T::ONE, T::THREE);
        assert!(T::NAN.is_nan());
        assert!(!T::INFINITY.is_nan() && !T::INFINITY.is_finite());
        assert!(T::MAX.is_finite() && T::MIN_POSITIVE > T::ZERO);
        assert!(T::NEG_INFINITY < -T::MAX);
        assert!(T::RELATIVE_TOLERANCE > T::EPSILON && T::RELATIVE_TOLERANCE < T::lit(1e-4));
        assert!(T::DEGENERATE_SQ_TOLERANCE < T::RELATIVE_TOLERANCE);
        assert!(T::UNIT_TOLERANCE > T::RELATIVE_TOLERANCE);
        assert_eq!(T::lit(2.5).to_f64(), 2.5);
        assert_eq!(T::lit(2.0).fast_max(T::ONE), T::TWO);
        assert_eq!(T::lit(2.0).fast_min(T::ONE), T::ONE);
        // The documented NaN behaviour of the fast comparisons: the second argument wins.
        assert_eq!(T::NAN.fast_max(T::ONE), T::ONE);
        assert!(T::ONE.fast_min(T::NAN).is_nan());
    }

    osculate_testing::for_f32_and_f64!(constants_are_consistent);
}
