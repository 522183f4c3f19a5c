//! [`Dyadic`]: exact dyadic rationals `±m · 2^e` in a fixed-capacity big integer, enough for
//! every polynomial of degree at most 4 in `f64` inputs (and their differences).

/// 64-bit limbs of the magnitude. Every finite `f64` is `m · 2^e` with `m < 2^53` and
/// `e ≥ −1074`; a difference of two is a multiple of `2^−1074` below `2^1025`. A product of four
/// such is a multiple of `2^−4296` below `2^4100`, and a sum of a few hundred of those spans at
/// most 8,405 bits: 132 limbs, plus one for the carry and one for an alignment in progress.
const LIMBS: usize = 134;

/// An exact dyadic rational `(−1)^neg · mag · 2^exp`, `mag` a big integer of at most
/// `LIMBS` 64-bit limbs (little-endian, `len` of them in use, the top one non-zero; zero has
/// `len == 0`). Sums, differences and products are exact; every finite `f64` converts exactly.
///
/// The capacity covers any sum of products of up to four factors, each a finite `f64` or the
/// difference of two: the degree of every predicate of this module. No allocation: it lives on
/// the stack (1.1 KB).
///
/// # Examples
/// ```
/// use osculate_overlap::exact::Dyadic;
///
/// // 0.1 + 0.2 − 0.3 is not 0 in f64 arithmetic, and not 0 exactly either: the three doubles
/// // are not the decimals.
/// let x = Dyadic::from(0.1) + Dyadic::from(0.2) - Dyadic::from(0.3);
/// assert_eq!(x.signum(), 1);
/// // (1e16 + 1) − 1e16 is exactly 1, although 1e16 + 1 rounds in f64.
/// let y = Dyadic::from(1e16) + Dyadic::from(1.0) - Dyadic::from(1e16);
/// assert_eq!(y.signum(), 1);
/// assert_eq!((y - Dyadic::from(1.0)).signum(), 0);
/// ```
#[derive(Clone, Copy)]
pub struct Dyadic {
    neg: bool,
    len: usize,
    exp: i32,
    mag: [u64; LIMBS],
}

impl core::fmt::Debug for Dyadic {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "Dyadic({}{:x?} × 2^{})",
            if self.neg { "−" } else { "" },
            &self.mag[..self.len],
            self.exp
        )
    }
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Self = Self { neg: false, len: 0, exp: 0, mag: [0; LIMBS] };

    /// The sign: −1, 0 or 1.
    ///
    /// # Examples
    /// ```
    /// use osculate_overlap::exact::Dyadic;
    ///
    /// assert_eq!(Dyadic::from(-2.5).signum(), -1);
    /// assert_eq!(Dyadic::ZERO.signum(), 0);
    /// ```
    #[inline]
    #[must_use]
    pub fn signum(&self) -> i8 {
        if self.len == 0 {
            0
        } else if self.neg {
            -1
        } else {
            1
        }
    }

    /// `|self|`.
    ///
    /// # Examples
    /// ```
    /// use osculate_overlap::exact::Dyadic;
    ///
    /// assert_eq!(Dyadic::from(-2.5).abs().signum(), 1);
    /// ```
    #[inline]
    #[must_use]
    pub fn abs(mut self) -> Self {
        self.neg = false;
        self
    }

    /// The exact difference `a − b` of two finite doubles.
    ///
    /// # Examples
    /// ```
    /// use osculate_overlap::exact::Dyadic;
    ///
    /// assert_eq!((Dyadic::diff(1e16 + 2.0, 1e16) - Dyadic::from(2.0)).signum(), 0);
    /// ```
    #[inline]
    #[must_use]
    pub fn diff(a: f64, b: f64) -> Self {
        Self::from(a) - Self::from(b)
    }

    /// Drops zero limbs at both ends (the low ones into the exponent).
    fn normalize(&mut self) {
        while self.len > 0 && self.mag[self.len - 1] == 0 {
            self.len -= 1;
        }
        let low = self.mag[..self.len].iter().take_while(|&&x| x == 0).count();
        if low > 0 {
            self.mag.copy_within(low..self.len, 0);
            for x in &mut self.mag[self.len - low..self.len] {
                *x = 0;
            }
            self.len -= low;
            self.exp += 64 * low as i32;
        }
        if self.len == 0 {
            self.neg = false;
            self.exp = 0;
        }
    }

    /// The magnitude shifted left by `bits` (as a new limb array and its length). The caller
    /// guarantees the result fits (see [`LIMBS`]); past the capacity the top limbs are dropped
    /// (never reached by this module's predicates).
    fn shifted(&self, bits: u32) -> ([u64; LIMBS], usize) {
        let mut out = [0u64; LIMBS];
        let (limbs, rem) = ((bits / 64) as usize, bits % 64);
        debug_assert!(self.len + limbs < LIMBS, "Dyadic capacity exceeded");
        let mut len = 0;
        for i in 0..self.len {
            let j = i + limbs;
            if j >= LIMBS {
                break;
            }
            if rem == 0 {
                out[j] |= self.mag[i];
            } else {
                out[j] |= self.mag[i] << rem;
                if j + 1 < LIMBS {
                    out[j + 1] |= self.mag[i] >> (64 - rem);
                }
            }
            len = (j + 2).min(LIMBS);
        }
        (out, len)
    }

    /// Compares two magnitudes of `len` limbs.
    fn cmp_mag(a: &[u64; LIMBS], b: &[u64; LIMBS], len: usize) -> core::cmp::Ordering {
        for i in (0..len).rev() {
            if a[i] != b[i] {
                return a[i].cmp(&b[i]);
            }
        }
        core::cmp::Ordering::Equal
    }

    fn add_signed(self, other: Self, other_neg: bool) -> Self {
        if other.len == 0 {
            return self;
        }
        if self.len == 0 {
            return Self { neg: other_neg, ..other };
        }
        let exp = self.exp.min(other.exp);
        let (a, la) = self.shifted((self.exp - exp) as u32);
        let (b, lb) = other.shifted((other.exp - exp) as u32);
        let len = la.max(lb);
        let mut out = Self { neg: self.neg, len: 0, exp, mag: [0; LIMBS] };
        if self.neg == other_neg {
            let mut carry = 0u64;
            for i in 0..len {
                let (s1, c1) = a[i].overflowing_add(b[i]);
                let (s2, c2) = s1.overflowing_add(carry);
                out.mag[i] = s2;
                carry = u64::from(c1) + u64::from(c2);
            }
            out.len = len;
            if carry > 0 && len < LIMBS {
                out.mag[len] = carry;
                out.len = len + 1;
            }
        } else {
            let (big, small, neg) = match Self::cmp_mag(&a, &b, len) {
                core::cmp::Ordering::Less => (&b, &a, other_neg),
                _ => (&a, &b, self.neg),
            };
            let mut borrow = 0u64;
            for i in 0..len {
                let (d1, b1) = big[i].overflowing_sub(small[i]);
                let (d2, b2) = d1.overflowing_sub(borrow);
                out.mag[i] = d2;
                borrow = u64::from(b1) + u64::from(b2);
            }
            out.neg = neg;
            out.len = len;
        }
        out.normalize();
        out
    }
}

impl From<f64> for Dyadic {
    /// The exact value of a finite double (a non-finite one gives zero: the predicates check
    /// finiteness first).
    #[inline]
    fn from(x: f64) -> Self {
        if !x.is_finite() || x == 0.0 {
            return Self::ZERO;
        }
        let bits = x.to_bits();
        let biased = ((bits >> 52) & 0x7ff) as i32;
        let frac = bits & ((1u64 << 52) - 1);
        let (m, e) = if biased == 0 { (frac, -1074) } else { (frac | (1u64 << 52), biased - 1075) };
        let tz = m.trailing_zeros();
        let mut out = Self { neg: x < 0.0, len: 1, exp: e + tz as i32, mag: [0; LIMBS] };
        out.mag[0] = m >> tz;
        out
    }
}

impl core::ops::Add for Dyadic {
    type Output = Self;
    #[inline]
    fn add(self, other: Self) -> Self {
        self.add_signed(other, other.neg)
    }
}

impl core::ops::Sub for Dyadic {
    type Output = Self;
    #[inline]
    fn sub(self, other: Self) -> Self {
        self.add_signed(other, !other.neg)
    }
}

impl core::ops::Neg for Dyadic {
    type Output = Self;
    #[inline]
    fn neg(mut self) -> Self {
        if self.len > 0 {
            self.neg = !self.neg;
        }
        self
    }
}

impl core::ops::Mul for Dyadic {
    type Output = Self;
    fn mul(self, other: Self) -> Self {
        if self.len == 0 || other.len == 0 {
            return Self::ZERO;
        }
        debug_assert!(self.len + other.len <= LIMBS, "Dyadic capacity exceeded");
        let mut out = Self {
            neg: self.neg != other.neg,
            len: (self.len + other.len).min(LIMBS),
            exp: self.exp + other.exp,
            mag: [0; LIMBS],
        };
        for i in 0..self.len {
            let mut carry = 0u128;
            for j in 0..other.len {
                let k = i + j;
                if k >= LIMBS {
                    break;
                }
                let t = u128::from(self.mag[i]) * u128::from(other.mag[j])
                    + u128::from(out.mag[k])
                    + carry;
                out.mag[k] = t as u64;
                carry = t >> 64;
            }
            let k = i + other.len;
            if k < LIMBS {
                out.mag[k] = carry as u64;
            }
        }
        out.normalize();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(d: &Dyadic) -> f64 {
        // Exact for the small test values below.
        let mut m = 0.0;
        for i in (0..d.len).rev() {
            m = m * 18_446_744_073_709_551_616.0 + d.mag[i] as f64;
        }
        let v = m * 2f64.powi(d.exp);
        if d.neg { -v } else { v }
    }

    #[test]
    fn arithmetic_is_exact() {
        let d = |x: f64| Dyadic::from(x);
        assert_eq!(value(&(d(1.5) + d(2.25))), 3.75);
        assert_eq!(value(&(d(1.5) - d(2.25))), -0.75);
        assert_eq!(value(&(d(-1.5) * d(2.25))), -3.375);
        assert_eq!((d(0.1) * d(3.0) - d(0.3)).signum(), 1);
        // Far apart exponents: the tiniest subnormal against the largest double.
        let tiny = d(f64::from_bits(1));
        let big = d(f64::MAX);
        assert_eq!(((big + tiny) - big - tiny).signum(), 0);
        assert_eq!(((big + tiny) - big).signum(), 1);
        // A product of four extreme values and its cancellation.
        let p = big * big * big * big;
        let q = tiny * tiny * tiny * tiny;
        assert_eq!((p + q - p - q).signum(), 0);
        assert_eq!((p + q - p).signum(), 1);
        assert_eq!((d(2.0) * d(-3.0) + d(6.0)).signum(), 0);
        assert_eq!((-d(2.0)).signum(), -1);
        assert_eq!(Dyadic::diff(1.0, 1.0).signum(), 0);
    }
}
