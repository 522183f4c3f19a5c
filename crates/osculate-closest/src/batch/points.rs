//! Many points against one box, a packet of [`LANES`] points at a time: the closest points and
//! the squared distances, each the scalar query's to the bit.

use osculate_math::{Aabb, Point3, Real};

use super::{LANES, Lanes, Run, cut};
use crate::for_packets;

/// Eight points, axis by axis.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct PointPacket<T> {
    pub(crate) p: [[T; LANES]; 3],
}

impl<T: Real> Lanes for PointPacket<T> {
    type Item = Point3<T>;

    fn write(&mut self, lane: usize, p: &Point3<T>) {
        for i in 0..3 {
            self.p[i][lane] = p[i];
        }
    }

    fn read(&self, l: usize) -> Point3<T> {
        Point3::new(self.p[0][l], self.p[1][l], self.p[2][l])
    }
}

crate::soa_container! {
    /// Points in structure-of-arrays form, for [`closest_point_on_aabb_soa`],
    /// [`sq_distance_point_aabb_soa`] and
    /// [`closest_point_on_triangle_soa`](crate::closest_point_on_triangle_soa): packets of
    /// [`LANES`] points, each holding the eight points' `x`, then their `y`, then their `z` side
    /// by side, the last packet padded (with the origin; the padding is never read into an
    /// answer).
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
    PointSoa(pub(crate) PointPacket of Point3), "a point", "points"
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

/// Writes the closest points of whole packets into `out` (at most `packets.len() · LANES`).
fn closest_packets<T: Real>(c: &Clamp<T>, packets: &[PointPacket<T>], out: &mut [Point3<T>]) {
    for_packets!(packets, out, |p| {
        let q = c.packet(p);
        core::array::from_fn::<_, LANES, _>(|l| Point3::new(q[0][l], q[1][l], q[2][l]))
    });
}

/// Writes the squared distances of whole packets into `out` (at most `packets.len() · LANES`).
fn sq_packets<T: Real>(c: &Clamp<T>, packets: &[PointPacket<T>], out: &mut [T]) {
    for_packets!(packets, out, |p| c.sq_distances(p));
}

/// [`closest_point_on_aabb_soa`] run serially or on rayon's pool.
fn closest_run<T: Real>(points: &PointSoa<T>, b: &Aabb<T>, out: &mut [Point3<T>], run: Run) {
    let c = Clamp::new(b);
    run.packets(points.packets(), cut(out, points.len()), |p, o| closest_packets(&c, p, o));
}

/// [`sq_distance_point_aabb_soa`] run serially or on rayon's pool.
fn sq_run<T: Real>(points: &PointSoa<T>, b: &Aabb<T>, out: &mut [T], run: Run) {
    let c = Clamp::new(b);
    run.packets(points.packets(), cut(out, points.len()), |p, o| sq_packets(&c, p, o));
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
    closest_run(points, b, out, Run::Serial);
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
    sq_run(points, b, out, Run::Serial);
}

/// [`closest_point_on_aabb_soa`] run on rayon's current pool, [`PAR_RUN`](super::PAR_RUN) points a task: the
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
    closest_run(points, b, out, Run::Parallel);
}

/// [`sq_distance_point_aabb_soa`] run on rayon's current pool, [`PAR_RUN`](super::PAR_RUN) points a task: the
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
    sq_run(points, b, out, Run::Parallel);
}
