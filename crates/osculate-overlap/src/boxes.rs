//! Overlap of boxes: a sphere with an axis-aligned or oriented box (Ericson 5.2.5), two boxes in
//! min-max and center-extents form (van den Bergen 3.2.1), two oriented boxes by their 15
//! separating axes (Ericson 4.4.1), and a segment with a box (Ericson 5.3.3).
//!
//! Robustness (Ericson 5.2.1.1): the separating-axis comparisons grant a slack of
//! [`Real::RELATIVE_TOLERANCE`] times the axis length times the input's scale, so a near-zero
//! cross-product axis never separates shapes that touch (see [`crate::sat`]). A NaN or infinite
//! input gives `false`.

use osculate_closest::{
    closest_points_segment_aabb, closest_points_segment_obb, sq_distance_point_aabb,
};
use osculate_math::Validate;
use osculate_math::{
    Aabb, Capsule, Obb, Point3, Real, Segment, Sphere, Vector3, finite_probe, is_finite_point,
};

use crate::sphere::{finite, magnitude, within, within_slack};

/// Whether solid sphere `s` and solid box `b` overlap: the squared distance from the center to the
/// box (Ericson 5.2.5, 5.1.3.1) against `r²`. Touching (the center exactly `r` from the box)
/// counts as overlapping (`≤`; the per-axis clamp makes the distance exact for a center facing a
/// face). An inverted box is empty: `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::sphere_aabb;
/// use osculate_math::{Aabb, Point3, Sphere};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// assert!(sphere_aabb(&Sphere::new(Point3::new(1.5, 1.5, 0.5), 0.75), &b));
/// assert!(!sphere_aabb(&Sphere::new(Point3::new(1.5, 1.5, 1.5), 0.75), &b)); // off the corner
/// ```
#[inline]
#[must_use]
pub fn sphere_aabb<T: Real>(s: &Sphere<T>, b: &Aabb<T>) -> bool {
    // One branch-free test: the nine coordinates' finiteness probes sum to 0 only when all are
    // finite, and a NaN fails every comparison.
    let z =
        finite_probe(&s.center.coords) + finite_probe(&b.min.coords) + finite_probe(&b.max.coords);
    let d2 = sq_distance_point_aabb(&s.center, b);
    (z.x + z.y + z.z == T::ZERO) & within(d2, s.radius)
}

/// Whether solid sphere `s` and solid oriented box `b` overlap (Ericson 5.2.6): the squared distance
/// from the center, taken into the box's frame, to the box `[−e, e]` against `r²`. Touching counts
/// as overlapping (`≤`); within a rounding of touching (the rotation into the box's frame rounds)
/// the computed squared distance decides.
///
/// # Examples
/// ```
/// use osculate_overlap::sphere_obb;
/// use osculate_math::{Obb, Point3, Rotation3, Sphere, Vector3};
///
/// let b = Obb::new(Point3::origin(), Rotation3::from_axis_angle(&Vector3::z_axis(), 0.785398), Vector3::new(1.0_f64, 1.0, 1.0));
/// assert!(sphere_obb(&Sphere::new(Point3::new(1.8, 0.0, 0.0), 0.5), &b)); // the corner reaches √2
/// ```
#[inline]
#[must_use]
pub fn sphere_obb<T: Real>(s: &Sphere<T>, b: &Obb<T>) -> bool {
    // One branch-free test. A non-finite rotation entry makes the center's local coordinate it
    // multiplies non-finite (`∞·x` is infinite, `∞·0` and NaN are NaN), so the local point's
    // probe stands for the rotation's nine entries; the centers and extents are probed as given.
    let local = b.to_local(&s.center);
    let z = finite_probe(&s.center.coords)
        + finite_probe(&b.center.coords)
        + finite_probe(&b.half_extents)
        + finite_probe(&local);
    let d2 = sq_distance_to_centered_box(&local, &b.half_extents);
    (z.x + z.y + z.z == T::ZERO) & within(d2, s.radius)
}

/// The squared distance from `p` (in a box's frame) to the box `[−e, e]`, measured in that frame:
/// exactly 0 inside. (Going back to world space, as `sq_distance_point_obb` does, leaves a rounding
/// of the coordinates' size, so a zero-radius sphere deep inside a box far from the origin would
/// be reported outside.)
#[inline]
fn sq_distance_to_centered_box<T: Real>(p: &Vector3<T>, e: &Vector3<T>) -> T {
    p.abs().zip_map(e, |x, ei| (x - ei).fast_max(T::ZERO)).norm_squared()
}

/// Whether two boxes given by min and max corners overlap: their extents overlap on every axis
/// (van den Bergen 3.2.1, Ericson 4.2.1). Touching boxes overlap; an inverted (empty) box overlaps
/// nothing; NaN gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::aabb_aabb;
/// use osculate_math::{Aabb, Point3};
///
/// let a = Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// assert!(aabb_aabb(&a, &Aabb::new(Point3::new(1.0, 0.5, 0.5), Point3::new(2.0, 2.0, 2.0))));
/// assert!(!aabb_aabb(&a, &Aabb::new(Point3::new(1.5, 0.0, 0.0), Point3::new(2.0, 1.0, 1.0))));
/// ```
#[inline]
#[must_use]
pub fn aabb_aabb<T: Real>(a: &Aabb<T>, b: &Aabb<T>) -> bool {
    // One branch-free test (a `&&` chain mispredicts on random input once validation joins it).
    // Per axis, `max(min_a, min_b) ≤ min(max_a, max_b)` holds exactly when the intervals overlap
    // and both are valid (`min ≤ max`); all twelve coordinates must be finite, and a NaN among
    // them (which the max and min could drop) fails that test: `x − x` is `0` for a finite `x`
    // and NaN otherwise.
    #[allow(clippy::eq_op, reason = "x − x is the finiteness test: 0 for finite x, NaN otherwise")]
    let z = (a.min - a.min) + (a.max - a.max) + (b.min - b.min) + (b.max - b.max);
    let mut ok = z.x + z.y + z.z == T::ZERO;
    for i in 0..3 {
        ok &= a.min[i].fast_max(b.min[i]) <= a.max[i].fast_min(b.max[i]);
    }
    ok
}

/// Whether two boxes given by center and half extents overlap: `|c₁ − c₂| ≤ e₁ + e₂` on every axis
/// (van den Bergen 3.2.1, Ericson 4.2.1). Negative half extents (an empty box) or NaN give `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::aabb_aabb_center_extents;
/// use osculate_math::{Point3, Vector3};
///
/// let e = Vector3::new(0.5_f64, 0.5, 0.5);
/// assert!(aabb_aabb_center_extents(&Point3::new(0.0, 0.0, 0.0), &e, &Point3::new(1.0, 0.0, 0.0), &e));
/// assert!(!aabb_aabb_center_extents(&Point3::new(0.0, 0.0, 0.0), &e, &Point3::new(1.01, 0.0, 0.0), &e));
/// ```
#[inline]
#[must_use]
pub fn aabb_aabb_center_extents<T: Real>(
    c1: &Point3<T>,
    e1: &Vector3<T>,
    c2: &Point3<T>,
    e2: &Vector3<T>,
) -> bool {
    // One branch-free test. Per axis, `|c₁ − c₂| ≤ e₁ + e₂` fails for a NaN anywhere (a NaN side)
    // and for an infinite center (the gap is ∞ or NaN) unless the sum is infinite, which only an
    // infinite extent makes: so the extents alone are checked, each in `[0, ∞)` (the larger below
    // ∞, the smaller at least 0; a NaN extent has already failed through the sum).
    let mut ok = true;
    for i in 0..3 {
        let (lo, hi) = (e1[i].fast_min(e2[i]), e1[i].fast_max(e2[i]));
        ok &= ((c1[i] - c2[i]).abs() <= e1[i] + e2[i]) & (lo >= T::ZERO) & (hi < T::INFINITY);
    }
    ok
}

/// Whether every component of `v` is finite and non-negative.
#[inline]
pub(crate) fn valid_extents<T: Real>(v: &Vector3<T>) -> bool {
    v.iter().all(|x| x.is_finite() && *x >= T::ZERO)
}

/// Whether two oriented boxes overlap, by the 15 separating axes of Gottschalk et al. as Ericson
/// 4.4.1 writes them: the three axes of each box, then the nine cross products, all evaluated in
/// `a`'s frame from `R = Aᵀ B`. Near-parallel axes are handled as Ericson 4.4.1 and 5.2.1.1
/// advise: `|R|` gets an epsilon, so a near-zero cross-product axis is treated as parallel and
/// errs toward overlap. Touching boxes overlap, and so do boxes apart by less than the slack: on
/// a face axis `RELATIVE_TOLERANCE × scale` (plus that epsilon times the extents), on an edge axis
/// `a_i × b_j` `RELATIVE_TOLERANCE × scale` plus `(16 ε × scale + 4 ε × the four extents involved)
/// / |a_i × b_j|` (the floor that keeps a near-zero axis of rounding noise from separating). A
/// negative half extent or a non-finite value gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::obb_obb;
/// use osculate_math::{Obb, Point3, Rotation3, Vector3};
///
/// let e = Vector3::new(1.0_f64, 1.0, 1.0);
/// let a = Obb::new(Point3::origin(), Rotation3::identity(), e);
/// let turned = Rotation3::from_axis_angle(&Vector3::z_axis(), std::f64::consts::FRAC_PI_4);
/// // A box turned 45° reaches √2 along x: it overlaps a box 2.4 away, not one 2.5 away.
/// assert!(obb_obb(&a, &Obb::new(Point3::new(2.4, 0.0, 0.0), turned, e)));
/// assert!(!obb_obb(&a, &Obb::new(Point3::new(2.5, 0.0, 0.0), turned, e)));
/// ```
#[must_use]
pub fn obb_obb<T: Real>(a: &Obb<T>, b: &Obb<T>) -> bool {
    let (ea, eb) = (a.half_extents, b.half_extents);
    if !(a.is_valid() && b.is_valid()) {
        return false;
    }
    let arr = |v: &Vector3<T>| [v.x, v.y, v.z];
    let d = b.center - a.center;
    let f = ObbAxes::new(
        a.axes().map(|v| arr(&v)),
        b.axes().map(|v| arr(&v)),
        arr(&d),
        [arr(&ea), arr(&eb)],
        d.amax() + ea.amax() + eb.amax(),
    );
    // a's axes, b's axes, then the nine cross products.
    !((0..3).any(|i| f.face_a_apart(i))
        || (0..3).any(|j| f.face_b_apart(j))
        || (0..3).any(|i| (0..3).any(|j| f.edge_apart(i, j))))
}

/// The arithmetic [`ObbAxes`] is written in: one pair's scalars (`T` itself) or a packet's lanes
/// (the batch's eight-wide values), every operation lane by lane, so that the scalar test and the
/// batch make the same roundings in the same order.
pub(crate) trait Arith:
    Copy + core::ops::Add<Output = Self> + core::ops::Sub<Output = Self> + core::ops::Mul<Output = Self>
{
    /// The scalar of each lane.
    type Scalar: Real;
    /// A comparison's answer: a `bool`, or one per lane.
    type Mask: Copy + core::ops::BitOr<Output = Self::Mask> + core::ops::BitAnd<Output = Self::Mask>;
    /// `x` in every lane.
    fn splat(x: Self::Scalar) -> Self;
    /// `|x|` in every lane.
    fn absolute(self) -> Self;
    /// `self > other` in every lane.
    fn gt(self, other: Self) -> Self::Mask;
}

impl<T: Real> Arith for T {
    type Scalar = T;
    type Mask = bool;
    #[inline(always)]
    fn splat(x: T) -> T {
        x
    }
    #[inline(always)]
    fn absolute(self) -> T {
        self.abs()
    }
    #[inline(always)]
    fn gt(self, other: T) -> bool {
        self > other
    }
}

/// [`obb_obb`]'s quantities for one pair (or one packet of pairs), in `a`'s frame: `R = Aᵀ B` and
/// `|R| + ε`, the translation `t` in `a`'s frame, the half extents, and the slack and floor of the
/// comparisons.
pub(crate) struct ObbAxes<V> {
    r: [[V; 3]; 3],
    abs_r: [[V; 3]; 3],
    t: [V; 3],
    ea: [V; 3],
    eb: [V; 3],
    slack: V,
    floor: V,
}

impl<V: Arith> ObbAxes<V> {
    /// From the boxes' axes (`ax[i]`: `a`'s axis `i`), the centers' difference `d = c_b − c_a`,
    /// the half extents and `scale = max|d| + max e_a + max e_b`, each dot product summed in
    /// nalgebra's order.
    #[inline(always)]
    pub(crate) fn new(
        ax: [[V; 3]; 3],
        bx: [[V; 3]; 3],
        d: [V; 3],
        [ea, eb]: [[V; 3]; 2],
        scale: V,
    ) -> Self {
        let dot = |x: &[V; 3], y: &[V; 3]| x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
        let r: [[V; 3]; 3] =
            core::array::from_fn(|i| core::array::from_fn(|j| dot(&ax[i], &bx[j])));
        let tolerance = V::splat(V::Scalar::RELATIVE_TOLERANCE);
        let abs_r = r.map(|row| row.map(|x| x.absolute() + tolerance));
        let t = [dot(&d, &ax[0]), dot(&d, &ax[1]), dot(&d, &ax[2])];
        Self {
            r,
            abs_r,
            t,
            ea,
            eb,
            // The translation's own rounding: a relative slack on every comparison.
            slack: tolerance * scale,
            floor: V::splat(V::Scalar::EPSILON) * V::splat(V::Scalar::lit(16.0)) * scale,
        }
    }

    /// Whether `a`'s axis `i` separates the boxes.
    #[inline(always)]
    pub(crate) fn face_a_apart(&self, i: usize) -> V::Mask {
        let (eb, abs_r) = (&self.eb, &self.abs_r);
        let rb = eb[0] * abs_r[i][0] + eb[1] * abs_r[i][1] + eb[2] * abs_r[i][2];
        self.t[i].absolute().gt(self.ea[i] + rb + self.slack)
    }

    /// Whether `b`'s axis `j` separates the boxes.
    #[inline(always)]
    pub(crate) fn face_b_apart(&self, j: usize) -> V::Mask {
        let (ea, abs_r, r, t) = (&self.ea, &self.abs_r, &self.r, &self.t);
        let ra = ea[0] * abs_r[0][j] + ea[1] * abs_r[1][j] + ea[2] * abs_r[2][j];
        let dist = t[0] * r[0][j] + t[1] * r[1][j] + t[2] * r[2][j];
        dist.absolute().gt(ra + self.eb[j] + self.slack)
    }

    /// Whether the cross product `a_i × b_j` separates the boxes.
    ///
    /// The axis, unnormalised: in a's frame it is (0, −r[i2][j], r[i1][j]) permuted, of length
    /// |c| = √(r[i1][j]² + r[i2][j]²). The relative slack is granted in proportion to that length
    /// (so that, in distance, an edge axis errs toward overlap by `RELATIVE_TOLERANCE × scale`
    /// like the face axes, not by that over |c|: f32 boxes 1.4e-4 apart at unit scale on an axis
    /// of length 0.4 were reported overlapping), plus a floor of the rounding of `dist` and of
    /// the `|r|` products (16 ε × scale, and 4 ε on each `|r|`): for (near-)parallel edges the
    /// axis is rounding noise and must not separate (Ericson 5.2.1.1), and the floor keeps it
    /// from doing so.
    #[inline(always)]
    pub(crate) fn edge_apart(&self, i: usize, j: usize) -> V::Mask {
        let (ea, eb, r, t) = (&self.ea, &self.eb, &self.r, &self.t);
        let noise = V::splat(V::Scalar::EPSILON) * V::splat(V::Scalar::lit(4.0));
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
        let ra = ea[i1] * (r[i2][j].absolute() + noise) + ea[i2] * (r[i1][j].absolute() + noise);
        let rb = eb[j1] * (r[i][j2].absolute() + noise) + eb[j2] * (r[i][j1].absolute() + noise);
        let dist = t[i2] * r[i1][j] - t[i1] * r[i2][j];
        // `|dist| > ra + rb + floor + slack·|c|`, squared so that no square root is taken.
        let excess = dist.absolute() - (ra + rb + self.floor);
        let len2 = r[i1][j] * r[i1][j] + r[i2][j] * r[i2][j];
        excess.gt(V::splat(V::Scalar::ZERO)) & (excess * excess).gt(self.slack * self.slack * len2)
    }
}

/// The segment-box test in the box's frame: segment midpoint `m` and half vector `d` relative to a
/// box centered at the origin with half extents `e` (Ericson 5.3.3).
fn centered_box_segment<T: Real>(e: &Vector3<T>, m: &Vector3<T>, d: &Vector3<T>) -> bool {
    let scale = e.amax().fast_max(m.amax()).fast_max(d.amax());
    let slack = T::RELATIVE_TOLERANCE * scale;
    let ad = d.abs();
    // The box's axes.
    for i in 0..3 {
        if m[i].abs() > e[i] + ad[i] + slack {
            return false;
        }
    }
    // The cross products of the segment direction with the box's axes. Ericson adds an epsilon to
    // |d| against the near-parallel case; the slack, relative to the scale, does that here.
    let ad = ad.add_scalar(T::RELATIVE_TOLERANCE * d.amax());
    if (m.y * d.z - m.z * d.y).abs() > e.y * ad.z + e.z * ad.y + slack * d.amax() {
        return false;
    }
    if (m.z * d.x - m.x * d.z).abs() > e.x * ad.z + e.z * ad.x + slack * d.amax() {
        return false;
    }
    if (m.x * d.y - m.y * d.x).abs() > e.x * ad.y + e.y * ad.x + slack * d.amax() {
        return false;
    }
    true
}

/// Whether segment `s` and box `b` overlap, by separating axes (Ericson 5.3.3): the three box axes
/// and the three cross products of the segment's direction with them. Van den Bergen (3.2.1) notes
/// that for a yes/no answer this beats casting the segment as a ray. Touching counts; a zero-length
/// segment is a point; an inverted box or NaN gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::segment_aabb;
/// use osculate_math::{Aabb, Point3, Segment};
///
/// let b = Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// assert!(segment_aabb(&Segment::new(Point3::new(-1.0, -1.0, 0.5), Point3::new(2.0, 2.0, 0.5)), &b));
/// assert!(!segment_aabb(&Segment::new(Point3::new(-1.0, 0.5, 0.5), Point3::new(0.5, 2.0, 0.5)), &b));
/// ```
#[must_use]
pub fn segment_aabb<T: Real>(s: &Segment<T>, b: &Aabb<T>) -> bool {
    let finite = [b.min, b.max, s.a, s.b].iter().all(is_finite_point);
    if !finite {
        return false;
    }
    let e = b.half_extents();
    if !valid_extents(&e) {
        return false;
    }
    // The segment's midpoint relative to the box's center, as ((a − min) + (b − max)) / 2: far
    // from the origin each difference is exact (Sterbenz), so the error is relative to the local
    // sizes the slack is measured in. Forming the center first, as `(a + b) / 2 − (min + max) / 2`,
    // rounds at the coordinates' magnitude: an end lying on the box's face at 1e4 was 4e-4 off in
    // f32, beyond the slack.
    let m = ((s.a - b.min) + (s.b - b.max)) * T::HALF;
    let d = (s.b - s.a) * T::HALF;
    centered_box_segment(&e, &m, &d)
}

/// Whether segment `s` and oriented box `b` overlap: the segment taken into the box's frame and
/// tested as in [`segment_aabb`]. Touching counts as overlapping, and so does a gap within the
/// module's slack (`RELATIVE_TOLERANCE × scale`), which also absorbs the rounding of the move into
/// the box's frame.
///
/// # Examples
/// ```
/// use osculate_overlap::segment_obb;
/// use osculate_math::{Obb, Point3, Rotation3, Segment, Vector3};
///
/// let b = Obb::new(Point3::origin(), Rotation3::from_axis_angle(&Vector3::z_axis(), 0.785398), Vector3::new(1.0_f64, 1.0, 1.0));
/// assert!(segment_obb(&Segment::new(Point3::new(1.4, -1.0, 0.0), Point3::new(1.4, 1.0, 0.0)), &b));
/// assert!(!segment_obb(&Segment::new(Point3::new(1.5, -1.0, 0.0), Point3::new(1.5, 1.0, 0.0)), &b));
/// ```
#[must_use]
pub fn segment_obb<T: Real>(s: &Segment<T>, b: &Obb<T>) -> bool {
    if !(b.is_valid() && is_finite_point(&s.a) && is_finite_point(&s.b)) {
        return false;
    }
    let (la, lb) = (b.to_local(&s.a), b.to_local(&s.b));
    centered_box_segment(&b.half_extents, &((la + lb) * T::HALF), &((lb - la) * T::HALF))
}

/// Whether solid capsule `c` and solid box `b` overlap: the distance of the capsule's axis and the
/// box ([`closest_points_segment_aabb`](osculate_closest::closest_points_segment_aabb), exact up
/// to rounding) against the radius, with [`segment_segment`](crate::segment_segment)'s slack. Touching counts; an inverted
/// box, a negative or infinite radius or a NaN gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::capsule_aabb;
/// use osculate_math::{Aabb, Capsule, Point3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// assert!(capsule_aabb(&Capsule::new(Point3::new(-2.0, 0.5, 1.4), Point3::new(2.0, 0.5, 1.4), 0.5), &b));
/// assert!(!capsule_aabb(&Capsule::new(Point3::new(-2.0, 0.5, 1.6), Point3::new(2.0, 0.5, 1.6), 0.5), &b));
/// ```
#[must_use]
pub fn capsule_aabb<T: Real>(c: &Capsule<T>, b: &Aabb<T>) -> bool {
    let d = closest_points_segment_aabb(&c.segment(), b).distance;
    let points = [&c.a, &c.b, &b.min, &b.max];
    finite(&points) && within_slack(d, c.radius, magnitude(&points))
}

/// Whether solid capsule `c` and solid oriented box `b` overlap: as [`capsule_aabb`], the axis
/// measured by [`closest_points_segment_obb`](osculate_closest::closest_points_segment_obb).
///
/// # Examples
/// ```
/// use osculate_overlap::capsule_obb;
/// use osculate_math::{Capsule, Obb, Point3, Rotation3, Vector3};
///
/// let b = Obb::new(Point3::origin(), Rotation3::from_axis_angle(&Vector3::z_axis(), 0.785398), Vector3::new(1.0_f64, 1.0, 1.0));
/// // The turned box reaches 1.414 along x.
/// assert!(capsule_obb(&Capsule::new(Point3::new(1.8, 0.0, -2.0), Point3::new(1.8, 0.0, 2.0), 0.5), &b));
/// assert!(!capsule_obb(&Capsule::new(Point3::new(2.0, 0.0, -2.0), Point3::new(2.0, 0.0, 2.0), 0.5), &b));
/// ```
#[must_use]
pub fn capsule_obb<T: Real>(c: &Capsule<T>, b: &Obb<T>) -> bool {
    let d = closest_points_segment_obb(&c.segment(), b).distance;
    let reach = Point3::from(b.center.coords.abs() + b.half_extents.abs());
    let points = [&c.a, &c.b, &reach];
    finite(&points) && within_slack(d, c.radius, magnitude(&points))
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_math::Rotation3;
    use osculate_math::{point3, vector3};
    use osculate_testing::{for_f32_and_f64, sphere_shorthands};

    fn sphere_worked_cases<T: Real>() {
        let (_, p, _, s) = sphere_shorthands::<T>();
        let unit = s(p(0.0, 0.0, 0.0), 1.0);
        // Boxes: face, edge, corner, inside, inverted.
        let b = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        assert!(sphere_aabb(&s(p(2.0, 0.5, 0.5), 1.0), &b));
        assert!(!sphere_aabb(&s(p(1.8, 1.8, 0.5), 1.0), &b));
        assert!(sphere_aabb(&s(p(1.7, 1.7, 0.5), 1.0), &b));
        assert!(sphere_aabb(&s(p(0.5, 0.5, 0.5), 0.0), &b));
        assert!(!sphere_aabb(&unit, &Aabb::new(p(1.0, 0.0, 0.0), p(0.0, 1.0, 1.0))));
    }

    #[test]
    fn infinite_box_is_no_overlap_with_a_sphere() {
        let inf = f64::INFINITY;
        let o = Point3::origin();
        let unit = Sphere::new(o, 1.0);
        let everything = Aabb::new(Point3::new(-inf, -inf, -inf), Point3::new(inf, inf, inf));
        assert!(!sphere_aabb(&unit, &everything));
        let big = Obb::new(o, Rotation3::identity(), Vector3::new(inf, 1.0, 1.0));
        assert!(!sphere_obb(&unit, &big));
    }

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let v = vector3::<T>;
        let unit = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        // AABB pairs in both forms: face to face (touching), edge to edge, nested, apart, inverted.
        let cases = [
            (Aabb::new(p(1.0, 0.0, 0.0), p(2.0, 1.0, 1.0)), true),
            (Aabb::new(p(1.0, 1.0, 0.0), p(2.0, 2.0, 1.0)), true),
            (Aabb::new(p(0.25, 0.25, 0.25), p(0.5, 0.5, 0.5)), true),
            (Aabb::new(p(-1.0, -1.0, -1.0), p(2.0, 2.0, 2.0)), true),
            (Aabb::new(p(1.001, 0.0, 0.0), p(2.0, 1.0, 1.0)), false),
            (Aabb::new(p(0.5, 0.5, 0.5), p(0.4, 0.6, 0.6)), false),
        ];
        for (b, want) in cases {
            assert_eq!(aabb_aabb(&unit, &b), want, "{b:?}");
            assert_eq!(aabb_aabb(&b, &unit), want, "{b:?}");
            let ce = aabb_aabb_center_extents(
                &unit.center(),
                &unit.half_extents(),
                &b.center(),
                &b.half_extents(),
            );
            assert_eq!(ce, want, "center-extents {b:?}");
        }
        // OBB-OBB: face to face touching, parallel apart, nested, edge-to-edge crossing where only a
        // cross-product axis separates.
        let e = v(1.0, 1.0, 1.0);
        let a = Obb::new(p(0.0, 0.0, 0.0), Rotation3::identity(), e);
        assert!(obb_obb(&a, &Obb::new(p(2.0, 0.0, 0.0), Rotation3::identity(), e)));
        assert!(!obb_obb(&a, &Obb::new(p(2.01, 0.0, 0.0), Rotation3::identity(), e)));
        assert!(obb_obb(&a, &Obb::new(p(0.1, 0.0, 0.0), Rotation3::identity(), v(0.2, 0.2, 0.2))));
        // Two boxes turned 45° about different axes, edge toward edge: a's edge along z at
        // (√2, 0) after a 45° turn about z; b's edge along y at x = d − √2 after a 45° turn about
        // y. The face axes overlap up to d = 2√2; only the edge-edge axis x separates beyond it.
        let qz = Rotation3::from_axis_angle(&Vector3::z_axis(), l(core::f64::consts::FRAC_PI_4));
        let qy = Rotation3::from_axis_angle(&Vector3::y_axis(), l(core::f64::consts::FRAC_PI_4));
        let az = Obb::new(p(0.0, 0.0, 0.0), qz, e);
        let s2 = 2.0_f64.sqrt();
        assert!(obb_obb(&az, &Obb::new(p(2.0 * s2 - 0.01, 0.0, 0.0), qy, e)));
        assert!(!obb_obb(&az, &Obb::new(p(2.0 * s2 + 0.01, 0.0, 0.0), qy, e)));
        let nan = Obb::new(p(f64::NAN, 0.0, 0.0), Rotation3::identity(), e);
        assert!(!obb_obb(&a, &nan) && !obb_obb(&nan, &a));

        let obb = Obb::new(p(0.5, 0.5, 0.5), Rotation3::identity(), v(0.5, 0.5, 0.5));
        // Segment-box: through, grazing an edge, parallel to a face just above it, a point,
        // an oriented box.
        let seg = |a: Point3<T>, b: Point3<T>| Segment::new(a, b);
        assert!(segment_aabb(&seg(p(-1.0, 0.5, 0.5), p(2.0, 0.5, 0.5)), &unit));
        assert!(segment_aabb(&seg(p(-1.0, 3.0, 0.5), p(3.0, -1.0, 0.5)), &unit));
        assert!(!segment_aabb(&seg(p(-1.0, 3.1, 0.5), p(3.1, -1.0, 0.5)), &unit));
        assert!(!segment_aabb(&seg(p(-1.0, 0.5, 1.01), p(2.0, 0.5, 1.01)), &unit));
        assert!(segment_aabb(&seg(p(0.5, 0.5, 0.5), p(0.5, 0.5, 0.5)), &unit));
        assert!(!segment_aabb(&seg(p(0.5, 0.5, 1.5), p(0.5, 0.5, 1.5)), &unit));
        assert!(segment_obb(&seg(p(-1.0, 0.5, 0.5), p(2.0, 0.5, 0.5)), &obb));
    }

    #[test]
    fn segment_ending_on_a_far_box_face_touches() {
        // An f32 segment whose first end is on the box's face x = max.x, at 1e4 from the origin:
        // it touches.
        let p = |x: f32, y: f32, z: f32| Point3::new(x, y, z);
        let s = Segment::new(p(3901.5405, -5635.25, 7281.5845), p(3901.6506, -5634.617, 7280.491));
        let b = Aabb::new(p(3900.9038, -5636.5757, 7280.7954), p(3901.5405, -5635.1978, 7282.3696));
        assert!((0..3).all(|i| b.min[i] <= s.a[i] && s.a[i] <= b.max[i]));
        assert!(segment_aabb(&s, &b));
        assert!(segment_aabb(&Segment::new(s.b, s.a), &b));
    }

    /// OBB-OBB worked cases (kept apart from the AABB ones).
    fn obb_obb_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let e = Vector3::new(T::ONE, T::ONE, T::ONE);
        let a = Obb::new(p(0.0, 0.0, 0.0), Rotation3::identity(), e);
        // Nested: a small turned box inside a.
        let turn = Rotation3::from_axis_angle(&Vector3::x_axis(), l(0.3));
        assert!(obb_obb(&a, &Obb::new(p(0.2, -0.1, 0.3), turn, e * l(0.3))));
        // Face to face with both turned alike, 0.05 apart along a's turned x axis.
        let ta = Obb::new(p(0.0, 0.0, 0.0), turn, e);
        let next = |gap: f64| Obb::new(Point3::from(turn * Vector3::x() * l(2.0 + gap)), turn, e);
        assert!(obb_obb(&ta, &next(0.0)));
        assert!(!obb_obb(&ta, &next(0.05)));
        assert!(obb_obb(&ta, &next(-0.05)));
    }

    /// F32 boxes 1.44e-4 apart at unit scale,
    /// separated only by the edge axis a₁ × b₁ of length 0.398, were reported overlapping: the
    /// slack of that axis was not scaled by its length (2.5 times the face axes' slack, plus the
    /// `|R|` epsilon of 128 ε over the extents).
    #[test]
    fn f32_boxes_apart_on_a_short_edge_axis_are_apart() {
        let r = |m: [[f32; 3]; 3]| {
            Rotation3::from_matrix_unchecked(osculate_math::Matrix3::from_fn(|i, j| m[j][i]))
        };
        let a = Obb::new(
            Point3::new(-0.190_907_67_f32, -0.465_667_5, -0.415_914_18),
            r([
                [-0.161_999_03, -0.975_591_54, 0.148_247_84],
                [0.099_236_22, 0.133_364_23, 0.986_086_25],
                [-0.981_788_4, 0.174_456_6, 0.075_209_26],
            ]),
            Vector3::new(0.522_013_96, 0.643_128_4, 0.421_119_93),
        );
        let b = Obb::new(
            Point3::new(0.381_016_73, 0.606_923, -0.727_470_3),
            r([
                [-0.280_264_85, 0.958_208_5, 0.057_341_903],
                [-0.486_608_45, -0.090_327_635, -0.868_937_9],
                [-0.827_444_2, -0.271_435_8, 0.491_588_03],
            ]),
            Vector3::new(0.220_989_44, 0.566_050_7, 0.963_420_6),
        );
        assert!(!obb_obb(&a, &b) && !obb_obb(&b, &a));
        // Moved 3e-4 closer along that axis (a₁ × b₁, from A toward B) they overlap by 1.6e-4.
        let n = a.axes()[1].cross(&b.axes()[1]).normalize();
        let n = if n.dot(&(b.center - a.center)) > 0.0 { n } else { -n };
        let closer = Obb { center: b.center - n * 3.0e-4, ..b };
        assert!(obb_obb(&a, &closer) && obb_obb(&closer, &a));
    }

    /// Parallel edges make four of the nine edge axes rounding noise: with the slack scaled by the
    /// axis length, the floor alone keeps them from separating rotated boxes touching face to face
    /// or edge to edge near the origin, or overlapping by 64 roundings of the coordinates 1e4
    /// away (there the rounded center of B is itself a few roundings off touching, either way).
    fn parallel_rotated_boxes_touching_overlap<T: Real>() {
        let turn = Rotation3::from_axis_angle(
            &osculate_math::Unit::new_normalize(Vector3::new(T::ONE, T::TWO, T::THREE)),
            T::lit(0.7),
        );
        let e = Vector3::new(T::lit(0.5), T::lit(1.5), T::ONE);
        for origin in [0.0, 1.0e4] {
            let c = Point3::new(T::lit(origin), T::lit(-origin), T::lit(origin));
            let a = Obb::new(c, turn, e);
            for (k, dir) in [(0, [2.0 * 0.5, 0.0, 0.0]), (1, [2.0 * 0.5, 2.0 * 1.5, 0.0])] {
                let local = Vector3::new(T::lit(dir[0]), T::lit(dir[1]), T::lit(dir[2]));
                let into = T::EPSILON * T::lit(64.0 * origin) / local.norm();
                let b = Obb::new(c + turn * (local * (T::ONE - into)), turn, e);
                assert!(obb_obb(&a, &b) && obb_obb(&b, &a), "case {k} at {origin}");
                // Clearly apart along the same direction: separated.
                let far = Obb::new(c + turn * (local * T::lit(1.01)), turn, e);
                assert!(!obb_obb(&a, &far), "case {k} at {origin}, apart");
            }
        }
    }

    #[test]
    fn infinite_boxes_overlap_nothing() {
        let inf = f64::INFINITY;
        let all = Aabb::new(Point3::new(-inf, -inf, -inf), Point3::new(inf, inf, inf));
        let unit = Aabb::new(Point3::origin(), Point3::new(1.0, 1.0, 1.0));
        assert!(!aabb_aabb(&all, &unit) && !aabb_aabb(&unit, &all));
        let e = Vector3::new(1.0, 1.0, 1.0);
        let big = Vector3::new(inf, 1.0, 1.0);
        assert!(!aabb_aabb_center_extents(&Point3::origin(), &big, &Point3::origin(), &e));
    }

    /// The branch-free tests against their definitions written out with separate checks, on
    /// every placement of a special value (NaN, ±∞, a negative, the largest float, 0) in each
    /// coordinate of otherwise ordinary shapes, in both precisions.
    fn special_values_decide_as_the_definitions<T: Real>() {
        let finite = |v: &Vector3<T>| v.iter().all(|x| x.is_finite());
        let specials =
            [T::NAN, T::INFINITY, -T::INFINITY, -T::ONE, T::MAX, -T::MAX, T::ZERO, T::lit(0.5)];
        let base: [T; 14] = core::array::from_fn(|i| {
            T::lit([0.2, 0.1, -0.3, 0.5, 0.6, 0.7, 0.9, 0.4, 0.0, 0.6, 0.5, 0.4, 0.8, 1.1][i])
        });
        let mut decided = [0usize; 2];
        for slot in 0..base.len() {
            for s in specials {
                let mut x = base;
                x[slot] = s;
                let v = |i: usize| Vector3::new(x[i], x[i + 1], x[i + 2]);
                // Center-extents boxes: c1, e1, c2, e2 from the first twelve values.
                let (c1, e1, c2, e2) = (v(0), v(3), v(6), v(9));
                let want = (0..3).all(|i| {
                    e1[i] >= T::ZERO && e2[i] >= T::ZERO && (c1[i] - c2[i]).abs() <= e1[i] + e2[i]
                }) && finite(&c1)
                    && finite(&c2)
                    && finite(&e1)
                    && finite(&e2);
                let got = aabb_aabb_center_extents(&Point3::from(c1), &e1, &Point3::from(c2), &e2);
                assert_eq!(got, want, "center-extents {x:?}");
                decided[usize::from(got)] += 1;
                // A sphere (center c1, radius x[12]) against the box [c2 − |e2|, c2 + |e2|] and
                // against an oriented box there turned by x[13] about z.
                let sphere = Sphere::new(Point3::from(c1), x[12]);
                let r = x[12];
                let radius_ok = r >= T::ZERO && r.is_finite();
                let b = Aabb::new(Point3::from(c2 - e2.abs()), Point3::from(c2 + e2.abs()));
                let want = finite(&c1)
                    && finite(&b.min.coords)
                    && finite(&b.max.coords)
                    && radius_ok
                    && sq_distance_point_aabb(&sphere.center, &b) <= r * r;
                assert_eq!(sphere_aabb(&sphere, &b), want, "sphere-aabb {x:?}");
                let turn = Rotation3::from_axis_angle(&Vector3::z_axis(), x[13]);
                let o = Obb::new(Point3::from(c2), turn, e2);
                let local = o.to_local(&sphere.center);
                let want = finite(&c1)
                    && finite(&c2)
                    && finite(&e2)
                    && o.rotation.matrix().iter().all(|m| m.is_finite())
                    && finite(&local)
                    && radius_ok
                    && sq_distance_to_centered_box(&local, &e2) <= r * r;
                assert_eq!(sphere_obb(&sphere, &o), want, "sphere-obb {x:?}");
            }
        }
        // Both answers occur among the placements.
        assert!(decided[0] > 0 && decided[1] > 0, "{decided:?}");
    }

    #[test]
    fn point_inside_a_turned_box_overlaps() {
        // An f32 zero-radius sphere 0.2 inside a box
        // moved by a rigid motion. Going to the box frame and back leaves a rounding (the motion's
        // rotation is not exactly orthonormal): the world-space squared distance was 3.6e-15 > 0.
        // Measured in the box frame it is exactly 0.
        let r = Rotation3::from_matrix_unchecked(osculate_math::Matrix3::from_column_slice(&[
            0.43490583_f32,
            -0.544238,
            -0.7173995,
            -0.00461483,
            0.79533166,
            -0.606157,
            0.9004642,
            0.2669319,
            0.34338278,
        ]));
        let b = Obb::new(
            Point3::new(0.64290607, 8.530821, -0.9277663),
            r,
            Vector3::new(0.65053576, 0.98022795, 0.12906879),
        );
        let s = Sphere::new(Point3::new(0.6812277, 7.867584, -0.2996568), 0.0);
        assert!(sphere_obb(&s, &b));
    }

    for_f32_and_f64!(
        sphere_worked_cases,
        worked_cases,
        obb_obb_cases,
        parallel_rotated_boxes_touching_overlap,
        special_values_decide_as_the_definitions,
    );
}
