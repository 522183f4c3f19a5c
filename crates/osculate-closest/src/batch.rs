//! Many points against one box, a packet of [`LANES`] points at a time: the closest points and
//! the squared distances, each the scalar query's to the bit.
//!
//! The points are stored in packets of [`LANES`] (a padded array of structures of arrays: each
//! packet holds its eight points' x coordinates side by side, then the y ones, then the z ones).
//! The lane body is written over `[T; LANES]` with no branch, min and max as the scalar query's
//! comparisons and selects ([`Real::fast_max`], [`Real::fast_min`]), so that the compiler turns
//! it into packed instructions on stable Rust without `unsafe` or intrinsics.
//!
//! With the `rayon` feature, each batch has a `_par` form that splits the output into runs of
//! [`PAR_RUN`] items and runs the serial form on each, on rayon's current pool: the same code
//! per item, so the answers are the serial ones.

use alloc::vec::Vec;

use osculate_math::{Aabb, Point3, Real};

/// The number of points in a packet (eight `f32` fill a 256-bit register).
pub const LANES: usize = 8;

/// The items a `_par` batch hands to one rayon task (a multiple of [`LANES`]).
#[cfg(feature = "rayon")]
pub const PAR_RUN: usize = 32 * LANES;

/// Eight points, axis by axis.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct PointPacket<T> {
    p: [[T; LANES]; 3],
}

/// Points in structure-of-arrays form, for [`closest_point_on_aabb_soa`] and
/// [`sq_distance_point_aabb_soa`]: packets of [`LANES`] points, each holding the eight points'
/// `x`, then their `y`, then their `z` side by side, the last packet padded (with the origin;
/// the padding is never read into an answer).
///
/// # Examples
/// ```
/// use osculate_closest::PointSoa;
/// use osculate_math::Point3;
///
/// let mut soa = PointSoa::new(&[Point3::new(1.0_f32, 2.0, 3.0); 8]);
/// soa.push(Point3::origin());
/// assert_eq!((soa.len(), soa.get(0), soa.get(8), soa.get(9)), (9, Some(Point3::new(1.0, 2.0, 3.0)), Some(Point3::origin()), None));
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PointSoa<T: Real> {
    packets: Vec<PointPacket<T>>,
    len: usize,
}

impl<T: Real> PointSoa<T> {
    /// The points of `points`, in order.
    #[must_use]
    pub fn new(points: &[Point3<T>]) -> Self {
        let mut soa = Self::default();
        points.iter().for_each(|p| soa.push(*p));
        soa
    }

    /// Appends a point.
    pub fn push(&mut self, p: Point3<T>) {
        let lane = self.len % LANES;
        if lane == 0 {
            self.packets.push(PointPacket::default());
        }
        if let Some(packet) = self.packets.last_mut() {
            for i in 0..3 {
                packet.p[i][lane] = p[i];
            }
            self.len += 1;
        }
    }

    /// The number of points.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no points.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Point `i`, if there is one.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<Point3<T>> {
        if i >= self.len {
            return None;
        }
        let (packet, l) = (self.packets.get(i / LANES)?, i % LANES);
        Some(Point3::new(packet.p[0][l], packet.p[1][l], packet.p[2][l]))
    }
}

/// The box as [`closest_point_on_aabb`](crate::closest_point_on_aabb) clamps to it: per axis the
/// bounds, and whether the axis is empty (`min > max` or NaN: every point gets NaN there).
struct Clamp<T> {
    lo: [T; 3],
    hi: [T; 3],
    empty: [bool; 3],
}

impl<T: Real> Clamp<T> {
    fn new(b: &Aabb<T>) -> Self {
        Self {
            lo: [b.min.x, b.min.y, b.min.z],
            hi: [b.max.x, b.max.y, b.max.z],
            empty: [0, 1, 2].map(|i| !(b.min[i] <= b.max[i])),
        }
    }

    /// `clamp_axis` on axis `i` of a coordinate.
    #[inline(always)]
    fn clamp(&self, i: usize, x: T) -> T {
        let c = self.hi[i].fast_min(self.lo[i].fast_max(x));
        if self.empty[i] { T::NAN } else { c }
    }

    /// The clamped coordinates of one packet (`clamp_axis` lane by lane).
    #[inline(always)]
    fn packet(&self, p: &PointPacket<T>) -> [[T; LANES]; 3] {
        let mut q = [[T::ZERO; LANES]; 3];
        for (i, q) in q.iter_mut().enumerate() {
            for (q, x) in q.iter_mut().zip(p.p[i]) {
                *q = self.clamp(i, x);
            }
        }
        q
    }

    /// The squared distances of one packet: `(q − p)·(q − p)` as nalgebra's `norm_squared`
    /// sums it, `0 + ((x² + y²) + z²)`.
    #[inline(always)]
    fn sq_distances(&self, p: &PointPacket<T>) -> [T; LANES] {
        let mut out = [T::ZERO; LANES];
        for (l, o) in out.iter_mut().enumerate() {
            let (x, y, z) = (p.p[0][l], p.p[1][l], p.p[2][l]);
            let dx = self.clamp(0, x) - x;
            let dy = self.clamp(1, y) - y;
            let dz = self.clamp(2, z) - z;
            *o = T::ZERO + (dx * dx + dy * dy + dz * dz);
        }
        out
    }
}

/// The first `n` entries of `out` (all of them if it is shorter).
fn cut<X>(out: &mut [X], n: usize) -> &mut [X] {
    let n = n.min(out.len());
    out.get_mut(..n).unwrap_or_default()
}

/// Writes the closest points of whole packets into `out` (at most `packets.len() · LANES`).
fn closest_packets<T: Real>(c: &Clamp<T>, packets: &[PointPacket<T>], out: &mut [Point3<T>]) {
    for (o, p) in out.chunks_mut(LANES).zip(packets) {
        let q = c.packet(p);
        for (l, o) in o.iter_mut().enumerate() {
            *o = Point3::new(q[0][l], q[1][l], q[2][l]);
        }
    }
}

/// Writes the squared distances of whole packets into `out` (at most `packets.len() · LANES`).
fn sq_packets<T: Real>(c: &Clamp<T>, packets: &[PointPacket<T>], out: &mut [T]) {
    let (whole, tail) = out.as_chunks_mut::<LANES>();
    let mut packets = packets.iter();
    for (o, p) in whole.iter_mut().zip(&mut packets) {
        *o = c.sq_distances(p);
    }
    if let Some(p) = packets.next() {
        for (o, x) in tail.iter_mut().zip(c.sq_distances(p)) {
            *o = x;
        }
    }
}

/// Many points in structure-of-arrays form against one box: `out[i]` is set to the point of `b`
/// closest to point `i`, exactly [`closest_point_on_aabb`](crate::closest_point_on_aabb)'s
/// (the point clamped to the box per axis, Ericson 5.1.3; NaN on an axis where the box is
/// inverted, and where the point's coordinate is NaN). Writes `min(points.len(), out.len())`
/// entries.
///
/// # Examples
/// ```
/// use osculate_closest::{PointSoa, closest_point_on_aabb_soa};
/// use osculate_math::{Aabb, Point3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let points = PointSoa::new(&[Point3::new(2.0, 0.5, -1.0), Point3::new(0.5, 0.5, 0.5)]);
/// let mut out = [Point3::origin(); 2];
/// closest_point_on_aabb_soa(&points, &b, &mut out);
/// assert_eq!(out, [Point3::new(1.0, 0.5, 0.0), Point3::new(0.5, 0.5, 0.5)]);
/// ```
pub fn closest_point_on_aabb_soa<T: Real>(
    points: &PointSoa<T>,
    b: &Aabb<T>,
    out: &mut [Point3<T>],
) {
    closest_packets(&Clamp::new(b), &points.packets, cut(out, points.len));
}

/// Many points in structure-of-arrays form against one box: `out[i]` is set to the squared
/// distance from point `i` to `b`, exactly
/// [`sq_distance_point_aabb`](crate::sq_distance_point_aabb)'s (Ericson 5.1.3.1: zero inside;
/// NaN for an inverted box or a NaN coordinate). Writes `min(points.len(), out.len())` entries.
///
/// # Examples
/// ```
/// use osculate_closest::{PointSoa, sq_distance_point_aabb_soa};
/// use osculate_math::{Aabb, Point3};
///
/// let b = Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let points = PointSoa::new(&[Point3::new(2.0, 3.0, 0.5), Point3::new(0.5, 0.5, 0.5)]);
/// let mut d2 = [0.0; 2];
/// sq_distance_point_aabb_soa(&points, &b, &mut d2);
/// assert_eq!(d2, [5.0, 0.0]);
/// ```
pub fn sq_distance_point_aabb_soa<T: Real>(points: &PointSoa<T>, b: &Aabb<T>, out: &mut [T]) {
    sq_packets(&Clamp::new(b), &points.packets, cut(out, points.len));
}

/// [`closest_point_on_aabb_soa`] run on rayon's current pool, [`PAR_RUN`] points a task: the
/// same answers, to the bit.
///
/// # Examples
/// ```
/// use osculate_closest::{PointSoa, closest_point_on_aabb_soa, closest_point_on_aabb_soa_par};
/// use osculate_math::{Aabb, Point3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let points: Vec<_> = (0..1000).map(|i| Point3::new(f64::from(i) * 0.01, -1.0, 0.5)).collect();
/// let soa = PointSoa::new(&points);
/// let (mut serial, mut parallel) = (vec![Point3::origin(); 1000], vec![Point3::origin(); 1000]);
/// closest_point_on_aabb_soa(&soa, &b, &mut serial);
/// closest_point_on_aabb_soa_par(&soa, &b, &mut parallel);
/// assert_eq!(serial, parallel);
/// assert_eq!(serial[999], Point3::new(1.0, 0.0, 0.5));
/// ```
#[cfg(feature = "rayon")]
pub fn closest_point_on_aabb_soa_par<T: Real>(
    points: &PointSoa<T>,
    b: &Aabb<T>,
    out: &mut [Point3<T>],
) {
    use rayon::prelude::*;
    let c = Clamp::new(b);
    cut(out, points.len)
        .par_chunks_mut(PAR_RUN)
        .zip(points.packets.par_chunks(PAR_RUN / LANES))
        .for_each(|(o, p)| closest_packets(&c, p, o));
}

/// [`sq_distance_point_aabb_soa`] run on rayon's current pool, [`PAR_RUN`] points a task: the
/// same answers, to the bit.
///
/// # Examples
/// ```
/// use osculate_closest::{PointSoa, sq_distance_point_aabb_soa, sq_distance_point_aabb_soa_par};
/// use osculate_math::{Aabb, Point3};
///
/// let b = Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let points: Vec<_> = (0..1000).map(|i| Point3::new(i as f32 * 0.01, -1.0, 0.5)).collect();
/// let soa = PointSoa::new(&points);
/// let (mut serial, mut parallel) = (vec![0.0; 1000], vec![0.0; 1000]);
/// sq_distance_point_aabb_soa(&soa, &b, &mut serial);
/// sq_distance_point_aabb_soa_par(&soa, &b, &mut parallel);
/// assert_eq!(serial, parallel);
/// assert_eq!(serial[0], 1.0);
/// ```
#[cfg(feature = "rayon")]
pub fn sq_distance_point_aabb_soa_par<T: Real>(points: &PointSoa<T>, b: &Aabb<T>, out: &mut [T]) {
    use rayon::prelude::*;
    let c = Clamp::new(b);
    cut(out, points.len)
        .par_chunks_mut(PAR_RUN)
        .zip(points.packets.par_chunks(PAR_RUN / LANES))
        .for_each(|(o, p)| sq_packets(&c, p, o));
}
