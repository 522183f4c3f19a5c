//! Helpers on points and vectors shared by every layer: finiteness probes, componentwise bounds,
//! the input's scale, the one safe normaliser, a perpendicular, the separating-axis edge cross
//! product, and [`point3`] / [`vector3`], which build points and vectors of any [`Real`] from
//! `f64` literals.

use crate::{Point3, Real, Unit, UnitVector3, Vector3};

/// The point `(x, y, z)` in scalar `T`, each coordinate rounded once from `f64` (with
/// [`Real::lit`]): generic code builds shapes from literals without a `T::lit` per coordinate.
///
/// # Examples
/// ```
/// use osculate_math::{Real, Sphere, point3};
///
/// fn unit_ball<T: Real>() -> Sphere<T> {
///     Sphere::new(point3(1.0, 2.0, 3.0), T::ONE)
/// }
/// assert_eq!(unit_ball::<f32>().center.y, 2.0);
/// assert_eq!(point3::<f64>(0.1, 0.0, 0.0).x, 0.1);
/// ```
#[inline]
#[must_use]
pub fn point3<T: Real>(x: f64, y: f64, z: f64) -> Point3<T> {
    Point3::new(T::lit(x), T::lit(y), T::lit(z))
}

/// The vector `(x, y, z)` in scalar `T`, each component rounded once from `f64` (with
/// [`Real::lit`]); see [`point3`].
///
/// # Examples
/// ```
/// use osculate_math::{Ray, Real, point3, vector3};
///
/// fn down<T: Real>() -> Ray<T> {
///     Ray::new(point3(0.0, 0.0, 10.0), vector3(0.0, 0.0, -1.0))
/// }
/// assert_eq!(down::<f32>().direction.z, -1.0);
/// ```
#[inline]
#[must_use]
pub fn vector3<T: Real>(x: f64, y: f64, z: f64) -> Vector3<T> {
    Vector3::new(T::lit(x), T::lit(y), T::lit(z))
}

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

/// The vector with `value` at coordinate `axis` (0, 1 or 2) and `+0` elsewhere, each coordinate
/// chosen by a comparison rather than written through an index: a vector assembled by an indexed
/// store into memory and then read whole stalls the read until the store lands (a failed store
/// forward), which can cost more than the arithmetic around it.
///
/// # Examples
/// ```
/// use osculate_math::{Vector3, axis_vector};
///
/// assert_eq!(axis_vector(1, -1.0_f64), Vector3::new(0.0, -1.0, 0.0));
/// ```
#[inline(always)]
#[must_use]
pub fn axis_vector<T: Real>(axis: usize, value: T) -> Vector3<T> {
    let at = |i: usize| if axis == i { value } else { T::ZERO };
    Vector3::new(at(0), at(1), at(2))
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

/// The point with every coordinate NaN: the answer of a point query to invalid input.
#[inline]
#[must_use]
pub fn nan_point<T: Real>() -> Point3<T> {
    Point3::new(T::NAN, T::NAN, T::NAN)
}

/// The unit vector along `v`, or `None` for a zero or non-finite `v`: the one normaliser of
/// osculate, exact to rounding for every finite non-zero `v`, subnormal or huge included.
///
/// A squared length below the smallest normal value (or overflowing) has lost its precision, and
/// `v / |v|` computed from it is off unit length (an f32 direction of length 1e-20 came out of
/// length 0.998): such a `v` is first divided by its largest component.
///
/// # Examples
/// ```
/// use osculate_math::{Vector3, safe_normalize};
///
/// let u = safe_normalize(&Vector3::new(3.0_f64, 0.0, 4.0)).unwrap();
/// assert!((u.into_inner() - Vector3::new(0.6, 0.0, 0.8)).norm() < 1e-15);
/// let tiny = safe_normalize(&Vector3::new(1e-20_f32, 0.0, 0.0)).unwrap();
/// assert_eq!(tiny.into_inner(), Vector3::x());
/// assert!(safe_normalize(&Vector3::<f32>::zeros()).is_none());
/// assert!(safe_normalize(&Vector3::new(f32::NAN, 1.0, 0.0)).is_none());
/// ```
#[must_use]
#[inline]
pub fn safe_normalize<T: Real>(v: &Vector3<T>) -> Option<UnitVector3<T>> {
    let n2 = v.norm_squared();
    // One division and three products (a vector divided by a scalar is three divisions).
    if (n2 >= T::MIN_POSITIVE) & n2.is_finite() {
        return Some(UnitVector3::new_unchecked(v * (T::ONE / n2.sqrt())));
    }
    // A squared length that is subnormal (or overflows) loses its precision: an f32 direction of
    // length 1e-20 normalised to length 0.998. Scale by the largest component
    // first; zero and non-finite vectors give `None`.
    let m = v.amax();
    if !((m > T::ZERO) & m.is_finite() & v.iter().all(|x| x.is_finite())) {
        return None;
    }
    let w = v / m;
    Some(UnitVector3::new_unchecked(w * (T::ONE / w.norm())))
}

/// The cross product of edge directions `x` and `y`, accurate also when they are nearly parallel:
/// `x × y` then has length `|x| |y| sin θ` but carries rounding of order `ε |x| |y|` from its
/// products, an `ε / sin θ` error in direction (f32 unit edges 1e-3 apart: 1e-4); `x × (y ∓ x)` is
/// the same vector, and for edges of similar length `y ∓ x` (the sign of `x·y`) is formed almost
/// exactly, so its error is `ε` relative. The rewrite is taken only where `y ∓ x` is shorter than
/// `y`: its products carry rounding of `ε |x| |y ∓ x|`, which for an edge much shorter than the
/// other (`|y ∓ x| ≈ |x|`) would exceed the plain product's `ε |x| |y|` (parallel f32 edges of
/// lengths 1 and 1e-3 would cross to a rounding residual `10³` times larger than `x × y`'s).
///
/// # Examples
/// ```
/// use osculate_math::{Vector3, edge_cross};
///
/// let x = Vector3::new(1.0_f64, 0.0, 0.0);
/// assert_eq!(edge_cross(&x, &Vector3::y()), Vector3::z());
/// assert_eq!(edge_cross(&x, &x), Vector3::zeros());
/// ```
#[inline]
#[must_use]
pub fn edge_cross<T: Real>(x: &Vector3<T>, y: &Vector3<T>) -> Vector3<T> {
    let c = x.cross(y);
    // sin² θ < 1e-3: rare on general input, so the branch is predicted.
    if c.norm_squared() < T::lit(1e-3) * x.norm_squared() * y.norm_squared() {
        let w = if x.dot(y) >= T::ZERO { y - x } else { y + x };
        if w.norm_squared() < y.norm_squared() { x.cross(&w) } else { c }
    } else {
        c
    }
}

/// The candidate separating axis of edge `ab` (direction `ab`) and edge `cd` (direction `cd`), with
/// Ericson 5.2.1.1's repair for (nearly) parallel edges: `ab × cd` (by [`edge_cross`]) when it is
/// not (nearly) zero;
/// otherwise the edges lie in a common plane and the axis is `ab × (ab × (c − a))`, perpendicular to
/// `ab` in that plane; `None` when that is zero too — the edges are collinear and no axis of theirs
/// can separate.
///
/// "Nearly zero" is `|m|² ≤ DEGENERATE_SQ_TOLERANCE · |u|² |v|²` for `m = u × v`.
///
/// # Examples
/// ```
/// use osculate_math::{Vector3, edge_edge_axis};
///
/// let x = Vector3::new(1.0_f64, 0.0, 0.0);
/// assert_eq!(edge_edge_axis(&x, &Vector3::y(), &Vector3::zeros()), Some(Vector3::z()));
/// // Parallel edges one unit apart along y: the axis is in their plane, perpendicular to them.
/// let m = edge_edge_axis(&x, &x, &Vector3::y()).unwrap();
/// assert!(m.x == 0.0 && m.z == 0.0 && m.y != 0.0);
/// // Collinear edges: no axis.
/// assert_eq!(edge_edge_axis(&x, &x, &Vector3::new(5.0, 0.0, 0.0)), None);
/// ```
#[must_use]
pub fn edge_edge_axis<T: Real>(
    ab: &Vector3<T>,
    cd: &Vector3<T>,
    c_minus_a: &Vector3<T>,
) -> Option<Vector3<T>> {
    let nonzero = |m: &Vector3<T>, u: &Vector3<T>, v: &Vector3<T>| {
        m.norm_squared() > T::DEGENERATE_SQ_TOLERANCE * u.norm_squared() * v.norm_squared()
    };
    let m = edge_cross(ab, cd);
    if nonzero(&m, ab, cd) {
        return Some(m);
    }
    let n = ab.cross(c_minus_a);
    let m = ab.cross(&n);
    nonzero(&m, ab, &n).then_some(m)
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

    /// Parallel edges of very different lengths (the short one a rounded multiple of the long
    /// one): the cross product stays a rounding residual of `ε` relative to both lengths, so that
    /// the parallel test of [`edge_edge_axis`] sees zero, not an axis `ε |x|²` long that points
    /// anywhere.
    fn short_parallel_edge_crosses_to_rounding<T: Real>() {
        let x = Vector3::new(T::lit(-0.174_764_93), T::lit(-0.621_404_6), T::lit(0.226_055_92));
        for k in [1e-2, -1e-3, 3e-4, -7e-5] {
            for (a, b) in [(x, x * T::lit(k)), (x * T::lit(k), x)] {
                let c = edge_cross(&a, &b);
                let rel = c.norm() / (a.norm() * b.norm());
                assert!(rel <= T::EPSILON * T::lit(8.0), "{k}: {c:?} ({rel:?})");
                assert!(edge_edge_axis(&a, &b, &Vector3::zeros()).is_none(), "{k}");
            }
        }
    }

    #[test]
    fn scale_is_at_least_one() {
        assert_eq!(scale_of::<f64>(&[&Point3::new(0.1, -0.2, 0.0)]), 1.0);
        assert_eq!(scale_of::<f64>(&[&Point3::origin(), &Point3::new(3.0, -7.0, 2.0)]), 7.0);
    }

    #[test]
    fn tiny_and_huge_vectors_normalise_to_unit_length() {
        // A vector whose squared length is subnormal (an f32 direction of length 1e-20) or
        // overflows still normalises to unit length; zero and non-finite vectors have no direction.
        for s in [1e-20_f32, 1e-30, 1e-44, 1e20, 3e38] {
            let u = safe_normalize(&Vector3::new(0.0, 0.3 * s, -0.4 * s));
            assert!(u.is_some_and(|u| (u.norm() - 1.0).abs() < 1e-6), "{s}: {u:?}");
        }
        assert!(safe_normalize(&Vector3::new(0.0_f32, 0.0, 0.0)).is_none());
        assert!(safe_normalize(&Vector3::new(f32::INFINITY, 0.0, 0.0)).is_none());
        assert!(safe_normalize(&Vector3::new(f32::NAN, 1.0, 0.0)).is_none());
        let u = safe_normalize(&Vector3::new(1e-300_f64, 0.0, 0.0));
        assert!(u.is_some_and(|u| (u.norm() - 1.0).abs() < 1e-12), "{u:?}");
    }

    osculate_testing::for_f32_and_f64!(
        perpendicular_is_unit_and_orthogonal,
        short_parallel_edge_crosses_to_rounding
    );
}
