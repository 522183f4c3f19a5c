//! The static floating-point filters in front of the exact oriented-box tests: each decides the
//! separating axes in plain `f64` against one proven error bound, and names the axes it cannot
//! decide for the running-bound filter and exact arithmetic of [`super`].

use super::Box3;
use crate::exact::U;

/// `u × v` in floating point.
#[inline(always)]
fn fcross(u: &[f64; 3], v: &[f64; 3]) -> [f64; 3] {
    [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
}

/// `u · v` in floating point, summed left to right.
#[inline(always)]
fn fdot(u: &[f64; 3], v: &[f64; 3]) -> f64 {
    u[0] * v[0] + u[1] * v[1] + u[2] * v[2]
}

/// The larger of two numbers, neither NaN (one `maxsd`; `f64::max` also orders NaN).
#[inline(always)]
fn fmax(x: f64, y: f64) -> f64 {
    if x > y { x } else { y }
}

/// The largest magnitude of the entries (finite).
#[inline(always)]
fn fmax_abs(v: &[f64; 3]) -> f64 {
    fmax(fmax(v[0].abs(), v[1].abs()), v[2].abs())
}

/// Whether every entry is finite: `x − x` is 0 for a finite `x` and NaN otherwise.
#[inline(always)]
#[allow(clippy::eq_op, reason = "x − x is the finiteness test: 0 for finite x, NaN otherwise")]
fn finite3(v: &[f64; 3]) -> bool {
    ((v[0] - v[0]) + (v[1] - v[1])) + (v[2] - v[2]) == 0.0
}

/// `Σ |c_kp − r_kp|` over the nine entries, summed as a tree.
#[inline(always)]
fn departure(c: &[[f64; 3]; 3], r: &[[f64; 3]; 3]) -> f64 {
    let row = |k: usize| {
        ((c[k][0] - r[k][0]).abs() + (c[k][1] - r[k][1]).abs()) + (c[k][2] - r[k][2]).abs()
    };
    (row(0) + row(1)) + row(2)
}

/// The bound of [`obb_obb_filter`] is proven for inputs below these magnitudes (no intermediate
/// overflows under them); above them every axis goes to the exact path.
const FILTER_MAX_ENTRY: f64 = 1.0e60; // < 2^200
const FILTER_MAX_SIZE: f64 = 1.0e90; // < 2^300
/// The largest rotation entry [`obb_obb_rotation_filter`] takes (a rotation's entries are at most
/// 1, and within a few rounding errors of that when rounded); above it the filter does not apply.
/// Its bound takes the powers of `1 + α` at this value, constants, instead of at the input's own
/// `α`: no chain of products from the entries to the bound.
const ROTATION_MAX_ENTRY: f64 = 1.0 + 1.0 / 1024.0;
/// `(1 + ROTATION_MAX_ENTRY)⁴`, rounded up: above `(1 + α)⁴` for every `α` the filter takes.
const ROTATION_K4: f64 = 16.04;
/// `(1 + ROTATION_MAX_ENTRY)⁶`, rounded up.
const ROTATION_K6: f64 = 64.19;
/// The unit of the filters' underflow term: each proof asks for at most `2⁻¹⁰⁶⁰` times its
/// factors, and `2⁻¹⁰²²` is taken instead, the least normal number, because a term in the
/// subnormal range would take the processor's slow path for subnormal arithmetic on every call.
/// A larger allowance is still a bound; it only leaves undecided inputs of size near `10⁻³⁰⁰`.
const UNDERFLOW_UNIT: f64 = f64::MIN_POSITIVE;

/// The outcome of a static filter over a set of separating axes.
pub(super) enum Filter {
    /// Some axis separates the shapes, certainly.
    Apart,
    /// No axis separates them except possibly those of the mask (bit `k` for axis `k`), whose
    /// sign the filter cannot tell.
    Undecided(u32),
}

/// The axes a filter leaves undecided, bit `k` for axis `k`.
#[derive(Default)]
struct Open(u32);

impl Open {
    /// Whether axis `k`'s excess `s` (its `|D| − R`, or how far its values' interval lies beyond
    /// the radius) certainly exceeds 0, being above `bound`; the axis is marked undecided when
    /// `|s| ≤ bound`.
    #[inline(always)]
    fn apart(&mut self, k: usize, s: f64, bound: f64) -> bool {
        if s > bound {
            return true;
        }
        if s >= -bound {
            self.0 |= 1 << k;
        }
        false
    }
}

/// The static floating-point filter in front of [`obb_obb_exact`](super::obb_obb_exact): each of the 15 axes' test
/// `|D| > R` in plain `f64`, with one error bound `E` for all of them (Shewchuk's static
/// filters, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric Predicates",
/// 1997, §4.3, with Higham's `γ_n = n u / (1 − n u)`, "Accuracy and Stability of Numerical
/// Algorithms", §3.1).
///
/// The quantities, for boxes with axes `A_k`, `B_k` (the rotations' columns, exact numbers),
/// half extents `e`, `f` and `d = c_b − c_a`: the face normals `CA_l = A_{l+1} × A_{l+2}` and
/// `CB_l`, the entries `MA[l][j] = CA_l · B_j`, `MB[m][i] = CB_m · A_i`, `det A = CA_0 · A_0`,
/// `det B`, and the projections `CA_k · d`, `CB_k · d`, `A_i · (B_j × d)`. They are exactly the
/// determinants of the exact test: `det[A_i, B_j, A_k] = B_j · (A_k × A_i) = ±MA[l][j]` and
/// `det[A_i, B_j, B_k] = ±MB[m][i]` (`l`, `m` the third indices; only magnitudes enter the
/// radii), `det[A_i, B_j, d] = A_i · (B_j × d)`. A face axis `k` of `A`: `D = CA_k · d`,
/// `R = e_k |det A| + Σ_j f_j |MA[k][j]|`; of `B`: `D = CB_k · d`, `R = f_k |det B| + Σ_i e_i
/// |MB[k][i]|`; the edge axis `A_i × B_j`: `D = A_i · (B_j × d)`, `R = e_{i+1} |MA[i+2][j]| +
/// e_{i+2} |MA[i+1][j]| + f_{j+1} |MB[j+2][i]| + f_{j+2} |MB[j+1][i]|`. The axis separates
/// exactly when `|D| − R > 0`.
///
/// The bound, with `u = 2⁻⁵³`, `α` the largest rotation entry's magnitude, `S = Σ e + Σ f` and
/// `δ` the largest `|d̃_p|` of the computed `d̃ = fl(c_b − c_a)`:
/// - every `MA`, `MB`, `det` is a sum of three terms `(x_p y_q − x_q y_p) z_p`, each monomial
///   rounded at most 5 times (product, difference, product, two sums): error `≤ γ_5 P` with the
///   permanent `P = Σ (|x_p y_q| + |x_q y_p|) |z_p| ≤ 6α³`;
/// - every `D` is such a sum with one factor `d̃_p = d_p (1 + δ_p)`: `≤ γ_6 · 6α² |d|_max`;
/// - every `R` is a sum of at most four terms `e_t |x_t|` with each `|x̃_t| − |x_t|` within
///   `γ_5 P_t`: one product and three sums more give `≤ γ_9 Σ e_t P_t ≤ γ_9 · 6α³ S` (each
///   extent enters an axis at most once);
/// - the computed `s = fl(|D̃| − R̃)` is `(|D̃| − R̃)(1 + δ)`: when `s > E` the exact `|D| − R`
///   exceeds `E / (1 + u) − (ε_D + ε_R)`, which is positive when `E ≥ (1 + u)(γ_9 · 6α³ S + γ_6
///   · 6α² δ / (1 − u))`, about `54u α³ S + 36u α² δ`; symmetrically `s < −E` proves `|D| < R`.
///   `E = 64u α² (α S + δ)` covers it with room for its own four roundings.
/// - Underflow (Higham's `fl(xy) = xy(1 + δ) + η`, `|η| ≤ 2⁻¹⁰⁷⁵`; sums of floats do not
///   underflow inexactly): the products' absolute errors, carried through the later factors, add
///   at most `η (6αS + 3S + 6α + 6δ + 7) ≤ 16η (1 + α)(S + δ + 2)`; `E` gets twice that,
///   `2⁻¹⁰⁷⁰ (1 + α)(S + δ + 2)`, which also covers the underflow of `E`'s own products
///   (taken with [`UNDERFLOW_UNIT`], above it).
/// - Overflow: with `α ≤ 1e60`, `S ≤ 1e90` and `δ ≤ 1e90` every intermediate is below `1e272`;
///   beyond them the filter decides nothing.
///
/// An axis with `|s| ≤ E` is left to the exact evaluation; on ordinary input none is.
#[inline]
#[allow(clippy::needless_range_loop, reason = "the indices are the formulas' i, j, k")]
pub(super) fn obb_obb_filter(a: &Box3, b: &Box3) -> Filter {
    const ALL: u32 = (1 << 15) - 1;
    let d = [b.c[0] - a.c[0], b.c[1] - a.c[1], b.c[2] - a.c[2]];
    let alpha = a.r.iter().chain(&b.r).map(fmax_abs).fold(0.0, f64::max);
    let size = (a.e[0] + a.e[1] + a.e[2]) + (b.e[0] + b.e[1] + b.e[2]);
    let reach = fmax_abs(&d);
    if !(alpha <= FILTER_MAX_ENTRY && size <= FILTER_MAX_SIZE && reach <= FILTER_MAX_SIZE) {
        return Filter::Undecided(ALL);
    }
    let bound = alpha * alpha * (alpha * size + reach) * (64.0 * U)
        + (1.0 + alpha) * (size + reach + 2.0) * UNDERFLOW_UNIT;
    let mut open = Open::default();
    let ca = [fcross(&a.r[1], &a.r[2]), fcross(&a.r[2], &a.r[0]), fcross(&a.r[0], &a.r[1])];
    let det_a = fdot(&ca[0], &a.r[0]).abs();
    let ma = [0, 1, 2].map(|l| [0, 1, 2].map(|j| fdot(&ca[l], &b.r[j]).abs()));
    for k in 0..3 {
        let radius = a.e[k] * det_a + b.e[0] * ma[k][0] + b.e[1] * ma[k][1] + b.e[2] * ma[k][2];
        if open.apart(k, fdot(&ca[k], &d).abs() - radius, bound) {
            return Filter::Apart;
        }
    }
    let cb = [fcross(&b.r[1], &b.r[2]), fcross(&b.r[2], &b.r[0]), fcross(&b.r[0], &b.r[1])];
    let det_b = fdot(&cb[0], &b.r[0]).abs();
    let mb = [0, 1, 2].map(|m| [0, 1, 2].map(|i| fdot(&cb[m], &a.r[i]).abs()));
    for k in 0..3 {
        let radius = b.e[k] * det_b + a.e[0] * mb[k][0] + a.e[1] * mb[k][1] + a.e[2] * mb[k][2];
        if open.apart(3 + k, fdot(&cb[k], &d).abs() - radius, bound) {
            return Filter::Apart;
        }
    }
    for j in 0..3 {
        let w = fcross(&b.r[j], &d);
        let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
        for i in 0..3 {
            let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
            let radius = a.e[i1] * ma[i2][j]
                + a.e[i2] * ma[i1][j]
                + b.e[j1] * mb[j2][i]
                + b.e[j2] * mb[j1][i];
            if open.apart(6 + 3 * i + j, fdot(&a.r[i], &w).abs() - radius, bound) {
                return Filter::Apart;
            }
        }
    }
    Filter::Undecided(open.0)
}

/// The static filter that runs first in [`obb_obb_exact`](super::obb_obb_exact): Gottschalk's test in the shape the
/// fast [`obb_obb`](crate::obb_obb) evaluates it, made exact for rotations given as rounded
/// matrices by measuring how far each matrix is from orthonormal. `None` when it does not apply
/// (a rotation entry above [`ROTATION_MAX_ENTRY`], a determinant below 1/2, magnitudes beyond
/// those of [`obb_obb_filter`], or, where no axis separates, a box it cannot show valid); then
/// [`obb_obb_filter`] decides. It runs on the boxes unchecked: its arithmetic on a non-finite
/// value is harmless, an invalid pair is never overlapping (so "apart" is right for it), and it
/// answers "overlapping" only for valid boxes: a NaN rotation entry makes its matrix's
/// determinant NaN (so it is not at least 1/2), without one the largest entry is the true one (so
/// an infinite entry is above the largest taken), a center coordinate is finite when `d`'s is (a
/// difference of floats is finite only for finite floats), a half extent is finite or `−∞` when
/// their sum is at most the size taken, and their signs are tested.
///
/// With `A_k`, `B_k` the columns, `CA_k = A_{k+1} × A_{k+2}` the cofactor columns, `d = c_b −
/// c_a`, and `MA[k][j] = CA_k · B_j`, `ta_k = CA_k · d`, `tb_k = CB_k · d`, the exact test's
/// quantities (see [`obb_obb_filter`]) are:
/// - face `k` of `A`: `|ta_k|` against `e_k |det A| + Σ_j f_j |MA[k][j]|`, exactly;
/// - face `k` of `B`: `|tb_k|` against `f_k |det B| + Σ_i e_i |CB_k · A_i|`, and `CB_k · A_i`
///   differs from `MA[i][k]` by `A_i · ΔB_k − ΔA_i · B_k` (`ΔA_k = CA_k − A_k`, zero for an exact
///   rotation);
/// - edge `A_i × B_j`: `det(A) · det[A_i, B_j, d] = ta_{i2} MA[i1][j] − ta_{i1} MA[i2][j]` exactly
///   (Binet–Cauchy, and `CA_{i1} × CA_{i2} = det(A) A_i`), against `|det A|` times the radius
///   `e_{i1} |MA[i2][j]| + e_{i2} |MA[i1][j]| + f_{j1} |A_i · CB_{j2}| + f_{j2} |A_i · CB_{j1}|`,
///   whose `B` terms are taken as `|MA[i][j2]|`, `|MA[i][j1]|` as on the faces of `B`. With
///   `|det A| ≥ 1/2` the scaled test has the exact one's sign.
///
/// So the only departure from the exact quantities is the `B` radii's use of `MA` for `CB · A`,
/// at most `3α (ηA + ηB)` per unit of extent (`η` the largest entry of `ΔA`, `ΔB`, `α` the largest
/// rotation entry), times `|det A| ≤ 6α³` on an edge: `18 α⁴ (ηA + ηB) S` in all (`S = Σ e + Σ
/// f`). The computed `η̃` of each matrix is within `u η + 2γ₂ α²` of its `η` (the cross products'
/// rounding); the filter takes the sum of every entry's departure, which bounds `η̃A + η̃B`.
///
/// The rounding, counted as in [`obb_obb_filter`] with `δ` the largest `|d̃_p|` and `K = (1 +
/// α)⁶` (above every power of `α` up to the sixth; taken at `α` = [`ROTATION_MAX_ENTRY`], a
/// constant, so that the bound waits on no products of the entries): `CA`, `MA`, `ta` within `4.01u α²`, `30.2u
/// α³`, `36.2u α² δ`; a face's `|D| − R` within `u K (36.2 δ + 54.3 S)`; an edge's `D` (two
/// products of a `ta` and an `MA`, and their difference) within `941u K δ`, its scaled radius
/// within `542u K S`. `E = (1024 u K + 24 (1 + α)⁴ (η̃A + η̃B + 8u α²)) (δ + S)` (`α` again at its largest) is above every
/// axis's error with room for `E`'s own roundings, and `2⁻¹⁰⁶⁰ K (δ + S + 2)` (taken with [`UNDERFLOW_UNIT`])
/// covers the underflow of the products, each carried through at most five later factors.
///
/// The faces of `A`, whose quantities are the exact ones, are tested against the rounding part of
/// `E` alone, before `B`'s cofactors are formed. An axis with `|s| ≤ E` is left undecided. For a
/// rotation rounded to `f64`, `E` is about `10⁻¹¹
/// (δ + S)`; to `f32`, about `5·10⁻⁵ (δ + S)`, where [`obb_obb_filter`] takes the rest.
#[inline(always)]
#[allow(clippy::needless_range_loop, reason = "the indices are the formulas' i, j, k")]
pub(super) fn obb_obb_rotation_filter(a: &Box3, b: &Box3) -> Option<Filter> {
    let d = [b.c[0] - a.c[0], b.c[1] - a.c[1], b.c[2] - a.c[2]];
    let alpha = fmax(
        fmax(fmax(fmax_abs(&a.r[0]), fmax_abs(&a.r[1])), fmax_abs(&a.r[2])),
        fmax(fmax(fmax_abs(&b.r[0]), fmax_abs(&b.r[1])), fmax_abs(&b.r[2])),
    );
    let size = (a.e[0] + a.e[1] + a.e[2]) + (b.e[0] + b.e[1] + b.e[2]);
    let reach = fmax_abs(&d);
    if !(alpha <= ROTATION_MAX_ENTRY && size <= FILTER_MAX_SIZE && reach <= FILTER_MAX_SIZE) {
        return None;
    }
    let ca = [fcross(&a.r[1], &a.r[2]), fcross(&a.r[2], &a.r[0]), fcross(&a.r[0], &a.r[1])];
    let det_a = fdot(&ca[0], &a.r[0]).abs();
    if !(det_a >= 0.5) {
        return None;
    }
    let scale = reach + size;
    // The rounding part of the bound, all that the faces of `A` (the exact quantities) need.
    let rounding =
        (1024.0 * U * ROTATION_K6) * scale + ROTATION_K6 * (scale + 2.0) * UNDERFLOW_UNIT;
    let mut open = Open::default();
    let mut ma = [[0.0; 3]; 3];
    let mut m = [[0.0; 3]; 3];
    for k in 0..3 {
        for j in 0..3 {
            ma[k][j] = fdot(&ca[k], &b.r[j]);
            m[k][j] = ma[k][j].abs();
        }
    }
    let ta = [fdot(&ca[0], &d), fdot(&ca[1], &d), fdot(&ca[2], &d)];
    for k in 0..3 {
        let radius = (a.e[k] * det_a + b.e[0] * m[k][0]) + (b.e[1] * m[k][1] + b.e[2] * m[k][2]);
        if open.apart(k, ta[k].abs() - radius, rounding) {
            return Some(Filter::Apart);
        }
    }
    let cb = [fcross(&b.r[1], &b.r[2]), fcross(&b.r[2], &b.r[0]), fcross(&b.r[0], &b.r[1])];
    let det_b = fdot(&cb[0], &b.r[0]).abs();
    if !(det_b >= 0.5) {
        return None;
    }
    // `η̃A + η̃B`, bounded by the sum of every entry's departure (no maximum to order), summed
    // as a tree so that no long chain of additions holds the bound back.
    let eta = departure(&ca, &a.r) + departure(&cb, &b.r);
    let bound = rounding
        + (24.0 * ROTATION_K4) * (eta + 8.0 * U * ROTATION_MAX_ENTRY * ROTATION_MAX_ENTRY) * scale;
    for k in 0..3 {
        let radius = (b.e[k] * det_b + a.e[0] * m[0][k]) + (a.e[1] * m[1][k] + a.e[2] * m[2][k]);
        if open.apart(3 + k, fdot(&cb[k], &d).abs() - radius, bound) {
            return Some(Filter::Apart);
        }
    }
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
            let radius = (a.e[i1] * m[i2][j] + a.e[i2] * m[i1][j])
                + (b.e[j1] * m[i][j2] + b.e[j2] * m[i][j1]);
            let dist = ta[i2] * ma[i1][j] - ta[i1] * ma[i2][j];
            if open.apart(6 + 3 * i + j, dist.abs() - det_a * radius, bound) {
                return Some(Filter::Apart);
            }
        }
    }
    // The boxes are valid when they overlap here: every rotation entry is finite (an infinite
    // one is above the largest entry, a NaN makes its matrix's determinant NaN), and so is
    // every center coordinate when `d` is (a difference of floats is finite only for finite
    // floats), and every half extent when their sum is; what is left is their signs.
    let e_signs = (a.e[0] >= 0.0) & (a.e[1] >= 0.0) & (a.e[2] >= 0.0);
    let e_signs = e_signs & (b.e[0] >= 0.0) & (b.e[1] >= 0.0) & (b.e[2] >= 0.0);
    if !(e_signs && finite3(&d)) {
        return None;
    }
    Some(Filter::Undecided(open.0))
}

/// The static filter that runs first in [`segment_obb_exact`](super::segment_obb_exact): the six axes of the exact test in
/// the shape of the fast [`segment_obb`](crate::segment_obb)'s test in the box's frame. `None`
/// beyond the magnitudes its bound is proven for (every input below `1e50`); then
/// [`obb_points_filter`] decides.
///
/// With `w = p − c` (`p`, `q` the segment's ends, `c`, `R`, `e` the box) and `f = q − p`, so
/// that `q − c = w + f` exactly, and `C_k = R_{k+1} × R_{k+2}`, the box's frame is taken through
/// the cofactors: `W_k = C_k · w` and `G_k = C_k · f` are `det R` times the local coordinates of
/// `w` and `f`. The exact test's quantities are:
/// - face `k`: the ends project to `W_k` and `W_k + G_k`, an interval beyond `[−r, r]` (`r = e_k
///   |det R|`) exactly when `|2 W_k + G_k| − |G_k| − 2r > 0` (the fast mode's midpoint form);
/// - edge `R_i × f`: both ends project to `det[R_i, f, w]`, against `e_{i+1} |G_{i+2}| + e_{i+2}
///   |G_{i+1}|`. Since `C_{i+1} × C_{i+2} = det(R) R_i` (the adjugate's adjugate), Binet–Cauchy
///   gives `det(R) · det[R_i, f, w] = G_{i+1} W_{i+2} − W_{i+1} G_{i+2}` exactly: the fast mode's
///   cross product in the box's frame. The axis separates exactly when `|G_{i+1} W_{i+2} −
///   W_{i+1} G_{i+2}| − |det R| (e_{i+1} |G_{i+2}| + e_{i+2} |G_{i+1}|) > 0`, `|det R|` times the
///   unscaled test (so a certain sign of it needs no lower bound on `det R`: a zero `det R` makes
///   it 0, never decided).
///
/// A segment with `q = p` has `f̃ = 0` exactly (a difference of floats is zero only for equal
/// floats): its edge axes are zero and separate nothing.
///
/// The rounding, with `u = 2⁻⁵³`, `α` the largest rotation entry, `W`, `F` the largest
/// coordinates of the computed `w̃`, `f̃` and `S = Σ e`: `C` within `4.01u α²` per entry, `det R`
/// within `30u α³` (and `|det R| ≤ 6α³`), each `W_k` within `36.2u α² W` and `G_k` within `36.2u
/// α² F` (and `|W_k| ≤ 6.01 α² W`, `|G_k| ≤ 6.01 α² F`); a face's `s` within `u (109 α² W + 103
/// α² F + 96 α³ S)`, below `E = 128u (1 + α)³ (1 + F) (W + F + S)`. An edge's scaled value: each
/// product `G̃ W̃` within `|ΔG| |W̃| + |G| |ΔW| + u |G̃ W̃| ≤ 472.3u α⁴ F W`, the difference within
/// `1017.2u α⁴ F W`; its scaled radius: the inner sum within `48.3u α² F S` (of magnitude `≤ 6.02
/// α² F S`), the product with `|det R|` within `507.3u α⁵ F S`; its `s`, with the last
/// difference's rounding, within `u (1090 α⁴ F W + 544 α⁵ F S)`, below `E' = 2048u α⁴ F (W + α
/// S)` with room for its own roundings. `2⁻¹⁰⁶⁰ (1 + α)⁵ (1 + F) (W + F + S + 1)` (taken with
/// [`UNDERFLOW_UNIT`]) covers the products' underflow, each carried through later factors below
/// that. An axis with `|s|` at most its bound is left undecided.
///
/// The faces come first, each face's cofactor column formed only when the faces before it have
/// not separated the pair: on ordinary input most separated pairs are separated by a face.
#[inline(always)]
pub(super) fn segment_obb_filter(b: &Box3, p: &[f64; 3], q: &[f64; 3]) -> Option<Filter> {
    const MAX: f64 = 1.0e50;
    let w = [p[0] - b.c[0], p[1] - b.c[1], p[2] - b.c[2]];
    let f = [q[0] - p[0], q[1] - p[1], q[2] - p[2]];
    let alpha = fmax(fmax(fmax_abs(&b.r[0]), fmax_abs(&b.r[1])), fmax_abs(&b.r[2]));
    let (reach, edge) = (fmax_abs(&w), fmax_abs(&f));
    let size = b.e[0] + b.e[1] + b.e[2];
    if !(alpha <= MAX && reach <= MAX && edge <= MAX && size <= MAX) {
        return None;
    }
    let a1 = 1.0 + alpha;
    let k3 = a1 * a1 * a1 * (1.0 + edge);
    let scale = reach + edge + size;
    let tiny = k3 * a1 * a1 * (scale + 1.0) * UNDERFLOW_UNIT;
    let bound = (128.0 * U) * k3 * scale + tiny;
    let c0 = fcross(&b.r[1], &b.r[2]);
    let det = fdot(&c0, &b.r[0]).abs();
    let mut open = Open::default();
    // Each face's cofactor column and coordinates only when the face before has not separated.
    let (mut g, mut cw) = ([0.0; 3], [0.0; 3]);
    for k in 0..3 {
        let ck = match k {
            0 => c0,
            1 => fcross(&b.r[2], &b.r[0]),
            _ => fcross(&b.r[0], &b.r[1]),
        };
        (g[k], cw[k]) = (fdot(&ck, &f), fdot(&ck, &w));
        let mid = 2.0 * cw[k] + g[k];
        if open.apart(k, mid.abs() - g[k].abs() - 2.0 * b.e[k] * det, bound) {
            return Some(Filter::Apart);
        }
    }
    if edge == 0.0 {
        return Some(Filter::Undecided(open.0));
    }
    let a2 = alpha * alpha;
    let bound = (2048.0 * U) * (a2 * a2) * edge * (reach + alpha * size) + tiny;
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        let value = g[i1] * cw[i2] - cw[i1] * g[i2];
        let radius = det * (b.e[i1] * g[i2].abs() + b.e[i2] * g[i1].abs());
        if open.apart(3 + i, value.abs() - radius, bound) {
            return Some(Filter::Apart);
        }
    }
    Some(Filter::Undecided(open.0))
}

/// The static filter in front of [`obb_triangle_exact`](super::obb_triangle_exact) (`v` the three vertices, `normal` set)
/// and [`segment_obb_exact`](super::segment_obb_exact) (`v` the two ends): the box's three face axes `C_k = R_{k+1} ×
/// R_{k+2}` (bits 0–2), the axes `R_i × f_j` for each edge `f_j = v_{j+1} − v_j` (bits `3 + 3i +
/// j`; the segment has one edge, bits 3–5) and the triangle's normal `n = f_0 × (v_2 − v_0)`
/// (bit 12), each decided in plain `f64` against one error bound `E` where it can, as
/// [`obb_obb_filter`] does.
///
/// The quantities are exactly the determinants of the exact test, evaluated in another order:
/// with `w_p = p − c`, a face axis projects `p` to `C_k · w_p` against the radius `e_k |det R|`
/// (`det R = C_0 · R_0`); the edge axis `R_i × f` projects it to `(R_i × f) · w_p`, and its dot
/// products with the box's axes are `det[R_i, f, R_k] = f · (R_k × R_i) = ±f · C_l` (`l` the third
/// index), so the radius is `e_{i+1} |f · C_{i+2}| + e_{i+2} |f · C_{i+1}|`; the normal projects
/// every vertex to `n · w_0` against `Σ e_k |n · R_k|`. (An edge's two ends project to the same
/// value exactly, so the edge axis evaluates one end and the opposite vertex.) An axis
/// separates when the values' interval `[lo, hi]` lies beyond `[−r, r]`: `lo − r > 0` or
/// `−hi − r > 0`.
///
/// The bound, with `u = 2⁻⁵³`, `α` the largest rotation entry's magnitude, `F` the largest
/// coordinate of a computed edge `f̃`, `W` that of a computed `w̃`, `S = Σ e` (each a difference
/// rounded once: `f̃ = f (1 + δ)`), and counting the roundings of each monomial as in
/// [`obb_obb_filter`]: a face value `≤ γ_6 · 6α² W` (difference, product, difference, product,
/// two sums), its radius `≤ γ_6 · 6α³ e_k`; an edge value `≤ γ_7 · 6α F W`, its radius
/// `≤ γ_8 · 6α² F S`; the normal's value `≤ γ_8 · 6F² W`, its radius `≤ γ_10 · 6F² α S`. The
/// extremes `lo`, `hi` of values each within `ε_v` are within `ε_v` of the exact extremes, and
/// the last difference rounds once more. Expanded, `E = 64u (α + F)² (W + α S)` has the terms
/// `α² W`, `α F W`, `F² W`, `α³ S`, `α² F S` and `α F² S` with coefficients of at least `64u`,
/// above every value's bound plus its radius's (at most `60u` per term, `γ_n ≤ n u (1 + n u)`),
/// with room for the last difference and `E`'s own roundings. `2⁻¹⁰⁶⁸ (1 + α + F)(1 + W + S)` (taken with [`UNDERFLOW_UNIT`])
/// covers the underflow of the at most 64 products, each carried through later factors below
/// `(1 + α + F)(1 + W + S)`. With every input magnitude below `1e60` no intermediate overflows
/// (all are below `1e250`); beyond, the filter decides nothing.
#[inline]
#[allow(clippy::needless_range_loop, reason = "the indices are the formulas' i, j, k")]
pub(super) fn obb_points_filter(b: &Box3, v: &[[f64; 3]], normal: bool) -> Filter {
    const MAX: f64 = 1.0e60;
    let triangle = v.len() == 3;
    let all = if triangle { (1 << 13) - 1 } else { (1 << 6) - 1 };
    let sub = |p: &[f64; 3], q: &[f64; 3]| [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
    let mut w = [[0.0; 3]; 3];
    let mut f = [[0.0; 3]; 3];
    let edges = if triangle { 3 } else { 1 };
    for p in 0..v.len() {
        w[p] = sub(&v[p], &b.c);
    }
    for j in 0..edges {
        f[j] = sub(&v[(j + 1) % v.len()], &v[j]);
    }
    let alpha = b.r.iter().map(fmax_abs).fold(0.0, f64::max);
    let reach = w[..v.len()].iter().map(fmax_abs).fold(0.0, f64::max);
    let edge = f[..edges].iter().map(fmax_abs).fold(0.0, f64::max);
    let size = b.e[0] + b.e[1] + b.e[2];
    if !(alpha <= MAX && reach <= MAX && edge <= MAX && size <= MAX) {
        return Filter::Undecided(all);
    }
    let ae = alpha + edge;
    let bound = ae * ae * (reach + alpha * size) * (64.0 * U)
        + (1.0 + ae) * (1.0 + reach + size) * UNDERFLOW_UNIT;
    let mut open = Open::default();
    // The interval test of axis `k` on the values `vals` against the radius `r`: how far the
    // values lie above `r` or below `−r`.
    let mut test = |k: usize, vals: &[f64], r: f64| {
        let (lo, hi) = vals
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| (lo.min(*x), hi.max(*x)));
        open.apart(k, fmax(lo - r, -hi - r), bound)
    };
    let c = [fcross(&b.r[1], &b.r[2]), fcross(&b.r[2], &b.r[0]), fcross(&b.r[0], &b.r[1])];
    let det = fdot(&c[0], &b.r[0]).abs();
    for k in 0..3 {
        let vals = [fdot(&c[k], &w[0]), fdot(&c[k], &w[1]), fdot(&c[k], &w[2])];
        if test(k, &vals[..v.len()], b.e[k] * det) {
            return Filter::Apart;
        }
    }
    for j in 0..edges {
        let fc = [0, 1, 2].map(|l| fdot(&f[j], &c[l]).abs());
        for i in 0..3 {
            let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
            let axis = fcross(&b.r[i], &f[j]);
            let radius = b.e[i1] * fc[i2] + b.e[i2] * fc[i1];
            let vals = [fdot(&axis, &w[j]), fdot(&axis, &w[(j + 2) % 3])];
            let bit = if triangle { 3 + 3 * i + j } else { 3 + i };
            if test(bit, &vals[..edges.min(2)], radius) {
                return Filter::Apart;
            }
        }
    }
    if normal && triangle {
        let n = fcross(&f[0], &f[2]);
        let radius = b.e[0] * fdot(&n, &b.r[0]).abs()
            + b.e[1] * fdot(&n, &b.r[1]).abs()
            + b.e[2] * fdot(&n, &b.r[2]).abs();
        if test(12, &[fdot(&n, &w[0])], radius) {
            return Filter::Apart;
        }
    }
    Filter::Undecided(open.0)
}
