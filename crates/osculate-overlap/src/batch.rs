//! One box against many boxes, a packet of [`LANES`] boxes at a time: axis-aligned boxes
//! ([`aabb_aabb_soa`] over an [`AabbSoa`]) and oriented boxes ([`obb_obb_soa`] over an
//! [`ObbSoa`]), each answer the scalar test's.
//!
//! The boxes are stored in packets of [`LANES`] (a padded array of structures of arrays, see
//! `osculate_closest`'s batches). A test runs one packet at a time through a lane body written
//! over `[T; LANES]` with no branch per lane: every comparison the scalar test would make is
//! made, in its operations and order, and the answer is that none separates, which is the scalar
//! test's answer whichever comparison it would have stopped at. The oriented-box test runs a
//! register's worth of lanes at a time and skips the edge axes of those lanes when the face axes
//! have separated all of them.
//!
//! With the `rayon` feature, each batch has a `_par` form that runs the serial form on runs of
//! [`PAR_RUN`](osculate_closest::PAR_RUN) boxes on rayon's current pool: the same answers.

use osculate_closest::for_packets;

use crate::boxes::{Arith, ObbAxes};
use osculate_closest::soa::{LANES, Lanes, Run, cut};
use osculate_math::{Aabb, Obb, Point3, Real, Rotation3, Validate, Vector3};

/// Eight boxes: their corners' coordinates, axis by axis, and whether each is usable (`0` for a
/// box with finite corners, not inverted; NaN otherwise: a test of the box alone, made once when
/// it is added). Shared with the cast layer's slab test.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BoxPacket<T> {
    /// The `min` corners, axis by axis.
    pub min: [[T; LANES]; 3],
    /// The `max` corners, axis by axis.
    pub max: [[T; LANES]; 3],
    /// `0` for a finite box that is not inverted, NaN otherwise.
    pub usable: [T; LANES],
}

impl<T: Real> Lanes for BoxPacket<T> {
    type Item = Aabb<T>;

    fn write(&mut self, lane: usize, b: &Aabb<T>) {
        let usable =
            (0..3).all(|i| b.min[i].is_finite() & b.max[i].is_finite() & (b.min[i] <= b.max[i]));
        for i in 0..3 {
            self.min[i][lane] = b.min[i];
            self.max[i][lane] = b.max[i];
        }
        self.usable[lane] = if usable { T::ZERO } else { T::NAN };
    }

    fn read(&self, l: usize) -> Aabb<T> {
        let corner = |c: &[[T; LANES]; 3]| Point3::new(c[0][l], c[1][l], c[2][l]);
        Aabb::new(corner(&self.min), corner(&self.max))
    }
}

osculate_closest::soa_container! {
    /// Axis-aligned boxes in structure-of-arrays form, for [`aabb_aabb_soa`] (and the cast
    /// layer's `ray_aabb_soa`): packets of [`LANES`] boxes, each holding the eight boxes'
    /// `min.x`, then their `min.y`, …, then their `max.z` side by side, the last packet padded
    /// (with the box at the origin; the padding is never read into an answer), with each box's
    /// usability (finite, not inverted) tested once, when it is added. Built once from a slice
    /// of [`Aabb`] (or box by box with [`AabbSoa::push`]) and tested against as often as the
    /// caller likes.
    ///
    /// # Examples
    /// ```
    /// use osculate_overlap::AabbSoa;
    /// use osculate_math::{Aabb, Point3};
    ///
    /// let b = Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 2.0, 3.0));
    /// let mut soa = AabbSoa::new(&[b; 9]);
    /// assert_eq!((soa.len(), soa.get(8), soa.get(9)), (9, Some(b), None));
    /// soa.push(Aabb::new(Point3::origin(), Point3::origin()));
    /// assert_eq!(soa.len(), 10);
    /// ```
    AabbSoa(pub BoxPacket of Aabb), "a box", "boxes"
}

/// The min-max test of one packet against box `a` (finite): `aabb_aabb`'s per-axis
/// `max(min_a, min_b) ≤ min(max_a, max_b)`, lane by lane, with the box's usability.
#[inline(always)]
fn aabb_packet<T: Real>(a: &Aabb<T>, p: &BoxPacket<T>) -> [bool; LANES] {
    let mut out = [false; LANES];
    for (l, o) in out.iter_mut().enumerate() {
        // An inverted box fails its own axis's test; a non-finite one is not usable.
        let mut ok = p.usable[l] == T::ZERO;
        for i in 0..3 {
            ok &= a.min[i].fast_max(p.min[i][l]) <= a.max[i].fast_min(p.max[i][l]);
        }
        *o = ok;
    }
    out
}

/// [`aabb_aabb_soa`] run serially or on rayon's pool.
fn aabb_run<T: Real>(a: &Aabb<T>, boxes: &AabbSoa<T>, out: &mut [bool], run: Run) {
    let out = cut(out, boxes.len());
    let finite = (0..3).all(|i| a.min[i].is_finite() & a.max[i].is_finite());
    if finite {
        run.packets(boxes.packets(), out, |p, o| for_packets!(p, o, |p| aabb_packet(a, p)));
    } else {
        out.fill(false);
    }
}

/// One box against many boxes in structure-of-arrays form (a broad phase's candidate test, a
/// query box against a grid's cells): `out[i]` is set to whether `a` and box `i` overlap,
/// exactly [`aabb_aabb`](crate::aabb_aabb)'s answer (van den Bergen 3.2.1: their extents
/// overlap on every axis; touching boxes overlap; an inverted box overlaps nothing; a NaN or
/// infinite coordinate gives `false`). Writes `min(boxes.len(), out.len())` entries.
///
/// # Examples
/// ```
/// use osculate_overlap::{AabbSoa, aabb_aabb_soa};
/// use osculate_math::{Aabb, Point3};
///
/// let p = |x: f32, y: f32, z: f32| Point3::new(x, y, z);
/// let a = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
/// let boxes = AabbSoa::new(&[
///     Aabb::new(p(1.0, 0.5, 0.5), p(2.0, 2.0, 2.0)), // touching a face
///     Aabb::new(p(1.5, 0.0, 0.0), p(2.0, 1.0, 1.0)), // apart
///     Aabb::new(p(0.5, 0.5, 0.5), p(0.2, 0.7, 0.7)), // inverted
/// ]);
/// let mut out = [true; 3];
/// aabb_aabb_soa(&a, &boxes, &mut out);
/// assert_eq!(out, [true, false, false]);
/// ```
pub fn aabb_aabb_soa<T: Real>(a: &Aabb<T>, boxes: &AabbSoa<T>, out: &mut [bool]) {
    aabb_run(a, boxes, out, Run::Serial);
}

/// [`aabb_aabb_soa`] run on rayon's current pool, [`PAR_RUN`](osculate_closest::PAR_RUN) boxes
/// a task: the same answers.
///
/// # Examples
/// ```
/// use osculate_overlap::{AabbSoa, aabb_aabb_soa, aabb_aabb_soa_par};
/// use osculate_math::{Aabb, Point3};
///
/// let a = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(10.0, 1.0, 1.0));
/// let boxes: Vec<_> = (0..1000)
///     .map(|i| {
///         let x = f64::from(i) * 0.05;
///         Aabb::new(Point3::new(x, 0.5, 0.5), Point3::new(x + 0.01, 2.0, 2.0))
///     })
///     .collect();
/// let soa = AabbSoa::new(&boxes);
/// let (mut serial, mut parallel) = (vec![false; 1000], vec![true; 1000]);
/// aabb_aabb_soa(&a, &soa, &mut serial);
/// aabb_aabb_soa_par(&a, &soa, &mut parallel);
/// assert_eq!(serial, parallel);
/// assert_eq!((serial[200], serial[201]), (true, false));
/// ```
#[cfg(feature = "rayon")]
pub fn aabb_aabb_soa_par<T: Real>(a: &Aabb<T>, boxes: &AabbSoa<T>, out: &mut [bool]) {
    aabb_run(a, boxes, out, Run::Parallel);
}

/// Eight oriented boxes: their centers, their rotations' axes (`axis[j][k]`: component `k` of
/// axis `j`, the rotation matrix's column `j`) and half extents, lane by lane, with what the
/// test works out per box once, when it is added: the largest half extent and whether the box
/// is valid (`Obb::is_valid`: finite, extents not negative).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct ObbPacket<T> {
    center: [[T; LANES]; 3],
    axis: [[[T; LANES]; 3]; 3],
    extent: [[T; LANES]; 3],
    extent_max: [T; LANES],
    valid: [bool; LANES],
}

impl<T: Real> Lanes for ObbPacket<T> {
    type Item = Obb<T>;

    fn write(&mut self, lane: usize, b: &Obb<T>) {
        let m = b.rotation.matrix();
        for i in 0..3 {
            self.center[i][lane] = b.center[i];
            self.extent[i][lane] = b.half_extents[i];
            for k in 0..3 {
                self.axis[i][k][lane] = m[(k, i)];
            }
        }
        self.extent_max[lane] = b.half_extents.amax();
        self.valid[lane] = b.is_valid();
    }

    fn read(&self, l: usize) -> Obb<T> {
        let m = osculate_math::Matrix3::from_fn(|k, i| self.axis[i][k][l]);
        let v = |x: &[[T; LANES]; 3]| Vector3::new(x[0][l], x[1][l], x[2][l]);
        Obb::new(
            Point3::from(v(&self.center)),
            Rotation3::from_matrix_unchecked(m),
            v(&self.extent),
        )
    }
}

osculate_closest::soa_container! {
    /// Oriented boxes in structure-of-arrays form, for [`obb_obb_soa`]: packets of [`LANES`]
    /// boxes, each holding the eight boxes' centers, rotation matrices and half extents,
    /// component by component side by side (with each box's validity and largest half extent
    /// worked out once, when it is added), the last packet padded (the padding is never read
    /// into an answer).
    ///
    /// # Examples
    /// ```
    /// use osculate_overlap::ObbSoa;
    /// use osculate_math::{Obb, Point3, Rotation3, Vector3};
    ///
    /// let turned = Rotation3::from_axis_angle(&Vector3::z_axis(), 0.5);
    /// let b = Obb::new(Point3::new(1.0_f64, 2.0, 3.0), turned, Vector3::new(0.5, 1.0, 2.0));
    /// let soa = ObbSoa::new(&[b; 3]);
    /// assert_eq!((soa.len(), soa.get(2), soa.get(3)), (3, Some(b), None));
    /// ```
    ObbSoa(pub(crate) ObbPacket of Obb), "an oriented box", "oriented boxes"
}

/// What [`obb_obb_soa`] works out once for box `a` (valid): its center, axes, half extents and
/// their largest.
struct OneObb<T: Real> {
    center: [T; 3],
    axis: [[T; 3]; 3],
    e: [T; 3],
    e_max: T,
}

/// Box `a`'s constants, or `None` for a box `obb_obb` rejects against every box.
fn one_obb<T: Real>(a: &Obb<T>) -> Option<OneObb<T>> {
    a.is_valid().then(|| OneObb {
        center: [a.center.x, a.center.y, a.center.z],
        axis: a.axes().map(|v| [v.x, v.y, v.z]),
        e: [a.half_extents.x, a.half_extents.y, a.half_extents.z],
        e_max: a.half_extents.amax(),
    })
}

/// One quantity of `W` box pairs, lane by lane: [`ObbAxes`]'s arithmetic on a register's worth
/// of pairs at once (four `f32` or two `f64` lanes in an SSE2 register), each operation a loop
/// over the lanes that the compiler turns into one packed instruction.
#[derive(Clone, Copy)]
struct Wide<T, const W: usize>([T; W]);

/// The answers of `W` box pairs to one comparison, lane by lane, as `1` (true) or `0` (false) in
/// the lanes' own scalar: so the comparisons, their `or` (the larger) and `and` (the smaller) stay
/// packed instructions on the same registers, with no conversion to bytes between them.
#[derive(Clone, Copy)]
struct WideMask<T, const W: usize>([T; W]);

/// Each lane of `x` and `y` through `f`.
#[inline(always)]
fn lanes<X: Copy, Y: Copy, const W: usize>(x: [X; W], y: [X; W], f: impl Fn(X, X) -> Y) -> [Y; W] {
    core::array::from_fn(|l| f(x[l], y[l]))
}

macro_rules! wide_op {
    ($ty:ty, [$($bound:tt)*], $trait:ident, $method:ident, $op:tt) => {
        impl<$($bound)*> core::ops::$trait for $ty {
            type Output = Self;
            #[inline(always)]
            fn $method(self, other: Self) -> Self {
                Self(lanes(self.0, other.0, |x, y| x $op y))
            }
        }
    };
}
wide_op!(Wide<T, W>, [T: Real, const W: usize], Add, add, +);
wide_op!(Wide<T, W>, [T: Real, const W: usize], Sub, sub, -);
wide_op!(Wide<T, W>, [T: Real, const W: usize], Mul, mul, *);

impl<T: Real, const W: usize> core::ops::BitOr for WideMask<T, W> {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, other: Self) -> Self {
        Self(lanes(self.0, other.0, T::fast_max))
    }
}

impl<T: Real, const W: usize> core::ops::BitAnd for WideMask<T, W> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, other: Self) -> Self {
        Self(lanes(self.0, other.0, T::fast_min))
    }
}

impl<T: Real, const W: usize> Arith for Wide<T, W> {
    type Scalar = T;
    type Mask = WideMask<T, W>;
    #[inline(always)]
    fn splat(x: T) -> Self {
        Wide([x; W])
    }
    #[inline(always)]
    fn absolute(self) -> Self {
        Wide(self.0.map(|x| x.abs()))
    }
    #[inline(always)]
    fn gt(self, other: Self) -> WideMask<T, W> {
        WideMask(lanes(self.0, other.0, |x, y| if x > y { T::ONE } else { T::ZERO }))
    }
}

/// The 15 separating axes of one packet against box `a` (`obb_obb`'s, Ericson 4.4.1 with its
/// slack and floor, through the same [`ObbAxes`]), a register's worth of lanes at a time: a lane
/// overlaps when its box is valid and no axis separates.
#[inline(always)]
fn obb_packet<T: Real>(a: &OneObb<T>, p: &ObbPacket<T>) -> [bool; LANES] {
    let mut out = [false; LANES];
    if size_of::<T>() == 4 {
        obb_lanes::<T, 4>(a, p, &mut out);
    } else {
        obb_lanes::<T, 2>(a, p, &mut out);
    }
    out
}

/// [`obb_packet`] on the packet's lanes `W` at a time. The six face axes come first; when they
/// separate every valid lane of the `W` (as in most groups of boxes that are mostly apart), the
/// nine edge axes are not tested.
#[inline(always)]
fn obb_lanes<T: Real, const W: usize>(a: &OneObb<T>, p: &ObbPacket<T>, out: &mut [bool; LANES]) {
    let splat = <Wide<T, W> as Arith>::splat;
    for c in 0..LANES / W {
        let part = |x: &[T; LANES]| Wide::<T, W>(core::array::from_fn(|l| x[c * W + l]));
        let bx = p.axis.each_ref().map(|axis| axis.each_ref().map(part));
        let d: [Wide<T, W>; 3] = core::array::from_fn(|k| part(&p.center[k]) - splat(a.center[k]));
        // `max |d|` as nalgebra's `amax` (the order does not matter: no NaN reaches an answer).
        let m = d.map(|x| x.absolute().0);
        let d_max = Wide(core::array::from_fn(|l| m[0][l].fast_max(m[1][l]).fast_max(m[2][l])));
        let scale = d_max + splat(a.e_max) + part(&p.extent_max);
        let eb = p.extent.each_ref().map(part);
        let f =
            ObbAxes::new(a.axis.map(|axis| axis.map(splat)), bx, d, [a.e.map(splat), eb], scale);
        let invalid = |l| if p.valid[c * W + l] { T::ZERO } else { T::ONE };
        let mut apart = WideMask(core::array::from_fn(invalid));
        for i in 0..3 {
            apart = apart | f.face_a_apart(i) | f.face_b_apart(i);
        }
        if apart.0.contains(&T::ZERO) {
            for i in 0..3 {
                for j in 0..3 {
                    apart = apart | f.edge_apart(i, j);
                }
            }
        }
        for (l, x) in apart.0.into_iter().enumerate() {
            out[c * W + l] = x == T::ZERO;
        }
    }
}

/// [`obb_obb_soa`] run serially or on rayon's pool.
fn obb_run<T: Real>(a: &Obb<T>, boxes: &ObbSoa<T>, out: &mut [bool], run: Run) {
    let out = cut(out, boxes.len());
    match one_obb(a) {
        Some(a) => {
            run.packets(boxes.packets(), out, |p, o| for_packets!(p, o, |p| obb_packet(&a, p)));
        }
        None => out.fill(false),
    }
}

/// One oriented box against many in structure-of-arrays form: `out[i]` is set to whether `a`
/// and box `i` overlap, exactly [`obb_obb`](crate::obb_obb)'s answer (the 15 separating axes of
/// Gottschalk et al. as Ericson 4.4.1 writes them, with its slack toward overlap for touching and
/// near-parallel boxes; a negative half extent or a non-finite value gives `false`). Writes
/// `min(boxes.len(), out.len())` entries.
///
/// Box `a`'s axes, extents and constants are taken once; then [`LANES`] boxes at a time run the
/// scalar test's operations as packed instructions, a register's worth of boxes at a time: the
/// six face axes, then the nine edge axes unless the face axes have separated all of them.
///
/// # Examples
/// ```
/// use osculate_overlap::{ObbSoa, obb_obb_soa};
/// use osculate_math::{Obb, Point3, Rotation3, Vector3};
///
/// let e = Vector3::new(1.0_f64, 1.0, 1.0);
/// let a = Obb::new(Point3::origin(), Rotation3::identity(), e);
/// let turned = Rotation3::from_axis_angle(&Vector3::z_axis(), std::f64::consts::FRAC_PI_4);
/// // A box turned 45° reaches √2 along x: it overlaps a box 2.4 away, not one 2.5 away.
/// let boxes = ObbSoa::new(&[
///     Obb::new(Point3::new(2.4, 0.0, 0.0), turned, e),
///     Obb::new(Point3::new(2.5, 0.0, 0.0), turned, e),
///     Obb::new(Point3::new(0.0, 0.0, 0.0), turned, -e), // negative extents: invalid
/// ]);
/// let mut out = [false; 3];
/// obb_obb_soa(&a, &boxes, &mut out);
/// assert_eq!(out, [true, false, false]);
/// ```
pub fn obb_obb_soa<T: Real>(a: &Obb<T>, boxes: &ObbSoa<T>, out: &mut [bool]) {
    obb_run(a, boxes, out, Run::Serial);
}

/// [`obb_obb_soa`] run on rayon's current pool, [`PAR_RUN`](osculate_closest::PAR_RUN) boxes a
/// task: the same answers.
///
/// # Examples
/// ```
/// use osculate_overlap::{ObbSoa, obb_obb_soa, obb_obb_soa_par};
/// use osculate_math::{Obb, Point3, Rotation3, Vector3};
///
/// let e = Vector3::new(0.5_f32, 0.5, 0.5);
/// let a = Obb::new(Point3::origin(), Rotation3::from_axis_angle(&Vector3::y_axis(), 0.3), e);
/// let boxes: Vec<_> = (0..1000)
///     .map(|i| Obb::new(Point3::new(i as f32 * 0.01, 0.0, 0.0), Rotation3::identity(), e))
///     .collect();
/// let soa = ObbSoa::new(&boxes);
/// let (mut serial, mut parallel) = (vec![false; 1000], vec![true; 1000]);
/// obb_obb_soa(&a, &soa, &mut serial);
/// obb_obb_soa_par(&a, &soa, &mut parallel);
/// assert_eq!(serial, parallel);
/// assert_eq!((serial[0], serial[999]), (true, false));
/// ```
#[cfg(feature = "rayon")]
pub fn obb_obb_soa_par<T: Real>(a: &Obb<T>, boxes: &ObbSoa<T>, out: &mut [bool]) {
    obb_run(a, boxes, out, Run::Parallel);
}
