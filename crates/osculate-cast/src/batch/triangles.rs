//! One ray against many triangles by the watertight test, a packet of [`LANES`] triangles at a
//! time.

use osculate_math::{Point3, Ray, Real, Triangle};

use crate::triangle::{Culling, WatertightRay, sliver};
use osculate_closest::for_packets;
use osculate_closest::soa::{LANES, Lanes, Run, cut};

/// Eight triangles: their vertices' coordinates, axis by axis, and whether each is collapsed up
/// to rounding (the watertight test's sliver rejection, which depends on the triangle alone).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct TrianglePacket<T> {
    a: [[T; LANES]; 3],
    b: [[T; LANES]; 3],
    c: [[T; LANES]; 3],
    sliver: [bool; LANES],
}

impl<T: Real> Lanes for TrianglePacket<T> {
    type Item = Triangle<T>;

    fn write(&mut self, lane: usize, t: &Triangle<T>) {
        for i in 0..3 {
            self.a[i][lane] = t.a[i];
            self.b[i][lane] = t.b[i];
            self.c[i][lane] = t.c[i];
        }
        self.sliver[lane] = sliver(t);
    }

    fn read(&self, l: usize) -> Triangle<T> {
        let v = |c: &[[T; LANES]; 3]| Point3::new(c[0][l], c[1][l], c[2][l]);
        Triangle::new(v(&self.a), v(&self.b), v(&self.c))
    }
}

osculate_closest::soa_container! {
    /// Triangles in structure-of-arrays form, for [`ray_triangle_watertight_soa`]: packets of
    /// [`LANES`](super::LANES) triangles, each holding the eight triangles' `a.x`, …, `c.z` side by
    /// side, the last packet padded (the padding is never read into an answer). Each triangle's
    /// collapse test (the one [`ray_triangle_watertight`](crate::ray_triangle_watertight) rejects
    /// slivers by, which depends on the triangle alone) is made once, when it is added.
    ///
    /// # Examples
    /// ```
    /// use osculate_cast::TriangleSoa;
    /// use osculate_math::{Point3, Triangle};
    ///
    /// let t = Triangle::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
    /// let soa = TriangleSoa::new(&[t, t, t]);
    /// assert_eq!((soa.len(), soa.get(2), soa.get(3)), (3, Some(t), None));
    /// ```
    TriangleSoa(pub(crate) TrianglePacket of Triangle), "a triangle", "triangles"
}

/// The watertight test of one packet (Woop, Benthin and Wald 2013, as
/// [`WatertightRay::cast_t`] writes it) lane by lane, in its order, without a branch per lane: the
/// vertices relative to the origin in the ray's permuted axes, sheared, the edge functions, the
/// sign and range tests on the scaled parameter, the division. A lane the scalar test would
/// send down a slow path (an `f32` edge function exactly zero, recomputed in `f64`; a parameter
/// beyond the range where its point is known finite) is marked and answered afterwards by the
/// scalar test itself.
#[inline(always)]
fn triangle_packet<T: Real>(
    r: &WatertightRay<T>,
    front_only: bool,
    p: &TrianglePacket<T>,
) -> [T; LANES] {
    let mut out = [T::INFINITY; LANES];
    let mut slow = [false; LANES];
    if size_of::<T>() == 4 {
        triangle_lanes::<T, 8>(r, front_only, p, &mut out, &mut slow);
    } else {
        triangle_lanes::<T, 2>(r, front_only, p, &mut out, &mut slow);
    }
    if slow.iter().fold(false, |a, s| a | s) {
        slow_lanes(r, front_only, p, slow, &mut out);
    }
    out
}

/// [`triangle_packet`] on the packet's lanes `W` at a time (all eight `f32` lanes, or two `f64`
/// lanes, an SSE2 register). The edge functions come first; when their signs (or the collapse
/// test) rule out every lane of the `W` and none needs the `f64` recomputation, the group is a
/// miss without the parameter, its range tests and the division, as the scalar test leaves at
/// the signs. (Groups of four `f32` lanes were slower: the lanes' `bool` answers are packed to
/// bytes and back twice as often as the skipped work saves.)
#[inline(always)]
fn triangle_lanes<T: Real, const W: usize>(
    r: &WatertightRay<T>,
    front_only: bool,
    p: &TrianglePacket<T>,
    out: &mut [T; LANES],
    slow: &mut [bool; LANES],
) {
    let [kx, ky, kz] = r.k;
    let [sx, sy, sz] = r.s;
    let [ox, oy, oz] = r.o;
    let is_f32 = T::EPSILON > T::lit(1e-10);
    let (pa, pb, pc) = (
        (&p.a[kx], &p.a[ky], &p.a[kz]),
        (&p.b[kx], &p.b[ky], &p.b[kz]),
        (&p.c[kx], &p.c[ky], &p.c[kz]),
    );
    for c in 0..LANES / W {
        let mut edge = [[T::ZERO; W]; 3];
        let mut sheared_z = [[T::ZERO; W]; 3];
        let mut zero = [false; W];
        let mut crossed = [false; W];
        for l in 0..W {
            let i = c * W + l;
            let (ax, ay, az) = (pa.0[i] - ox, pa.1[i] - oy, pa.2[i] - oz);
            let (bx, by, bz) = (pb.0[i] - ox, pb.1[i] - oy, pb.2[i] - oz);
            let (cx, cy, cz) = (pc.0[i] - ox, pc.1[i] - oy, pc.2[i] - oz);
            let (ax, ay) = (ax - sx * az, ay - sy * az);
            let (bx, by) = (bx - sx * bz, by - sy * bz);
            let (cx, cy) = (cx - sx * cz, cy - sy * cz);
            let u = cx * by - cy * bx;
            let v = ax * cy - ay * cx;
            let w = bx * ay - by * ax;
            zero[l] = is_f32 & ((u == T::ZERO) | (v == T::ZERO) | (w == T::ZERO));
            let any_neg = (u < T::ZERO) | (v < T::ZERO) | (w < T::ZERO);
            let any_pos = (u > T::ZERO) | (v > T::ZERO) | (w > T::ZERO);
            crossed[l] = !(any_neg & any_pos) & !p.sliver[i];
            [edge[0][l], edge[1][l], edge[2][l]] = [u, v, w];
            [sheared_z[0][l], sheared_z[1][l], sheared_z[2][l]] = [az, bz, cz];
        }
        let open = (0..W).fold(false, |acc, l| acc | crossed[l] | zero[l]);
        if !open {
            continue;
        }
        for l in 0..W {
            let i = c * W + l;
            let [u, v, w] = [edge[0][l], edge[1][l], edge[2][l]];
            let [az, bz, cz] = [sheared_z[0][l], sheared_z[1][l], sheared_z[2][l]];
            let det = u + v + w;
            let culled = front_only & (det < T::ZERO);
            let mut miss = !crossed[l] | (det == T::ZERO) | !det.is_finite() | culled;
            let t_scaled = u * (sz * az) + v * (sz * bz) + w * (sz * cz);
            let negative = det < T::ZERO;
            let t_s = if negative { -t_scaled } else { t_scaled };
            let det_abs = if negative { -det } else { det };
            miss |= (t_s < T::ZERO) | (t_s > r.ray.max_t * det_abs);
            let t = t_scaled * (T::ONE / det);
            let fast = (T::ZERO <= t) & (t <= r.t_fast);
            slow[i] = zero[l] | (!miss & !fast);
            out[i] = if miss | !fast { T::INFINITY } else { t };
        }
    }
}

/// The lanes of a packet marked `slow`, answered by the scalar test. Kept out of line, so that
/// the packet's loop carries none of its code.
#[cold]
#[inline(never)]
fn slow_lanes<T: Real>(
    r: &WatertightRay<T>,
    front_only: bool,
    p: &TrianglePacket<T>,
    slow: [bool; LANES],
    out: &mut [T; LANES],
) {
    let culling = if front_only { Culling::FrontOnly } else { Culling::TwoSided };
    for (l, (o, s)) in out.iter_mut().zip(slow).enumerate() {
        if s {
            *o = r.cast_t(&p.read(l), culling).unwrap_or(T::INFINITY);
        }
    }
}

/// [`ray_triangle_watertight_soa`] run serially or on rayon's pool.
fn triangles_run<T: Real>(
    ray: &Ray<T>,
    triangles: &TriangleSoa<T>,
    culling: Culling,
    t: &mut [T],
    run: Run,
) {
    let out = cut(t, triangles.len());
    let r = WatertightRay::new(ray);
    if !r.valid {
        out.fill(T::INFINITY);
        return;
    }
    let front_only = culling == Culling::FrontOnly;
    run.packets(triangles.packets(), out, |p, o| {
        for_packets!(p, o, |p| triangle_packet(&r, front_only, p));
    });
}

/// One ray against many triangles in structure-of-arrays form, by the watertight test of Woop,
/// Benthin and Wald (2013; a mesh's leaf, a brute-force pick): `t[i]` is set to the parameter of
/// the hit on triangle `i`, exactly [`ray_triangle_watertight_t`](crate::ray_triangle_watertight_t)'s
/// (and so the `hit.t_enter` of [`ray_triangle_watertight`](crate::ray_triangle_watertight)), or
/// `+∞` where that gives `None` (a miss, a culled back face, a triangle collapsed up to rounding,
/// an invalid ray, NaN). Writes `min(triangles.len(), t.len())` entries.
///
/// The ray's permutation and shear are computed once ([`WatertightRay`]), then
/// [`LANES`](super::LANES) triangles at a time run the scalar test's operations in its order as
/// packed instructions; the lanes the scalar test sends to its slow paths (an `f32` edge
/// function exactly zero, which the paper recomputes in `f64`; a parameter so large its point
/// may overflow) are answered by the scalar test. Two triangles sharing an edge leave no gap a
/// ray slips through, as in the scalar test.
///
/// # Examples
/// ```
/// use osculate_cast::{Culling, TriangleSoa, ray_triangle_watertight_soa};
/// use osculate_math::{Point3, Ray, Triangle, Vector3};
///
/// let p = |x: f32, y: f32, z: f32| Point3::new(x, y, z);
/// let tris = TriangleSoa::new(&[
///     Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0)),
///     Triangle::new(p(0.0, 0.0, -1.0), p(0.0, 1.0, -1.0), p(1.0, 0.0, -1.0)), // facing down
///     Triangle::new(p(5.0, 5.0, 0.0), p(6.0, 5.0, 0.0), p(5.0, 6.0, 0.0)),
/// ]);
/// let ray = Ray::new(p(0.25, 0.25, 2.0), -Vector3::z());
/// let mut t = [0.0; 3];
/// ray_triangle_watertight_soa(&ray, &tris, Culling::TwoSided, &mut t);
/// assert_eq!(t, [2.0, 3.0, f32::INFINITY]);
/// ray_triangle_watertight_soa(&ray, &tris, Culling::FrontOnly, &mut t);
/// assert_eq!(t, [2.0, f32::INFINITY, f32::INFINITY]); // the back face culled
/// ```
pub fn ray_triangle_watertight_soa<T: Real>(
    ray: &Ray<T>,
    triangles: &TriangleSoa<T>,
    culling: Culling,
    t: &mut [T],
) {
    triangles_run(ray, triangles, culling, t, Run::Serial);
}

/// [`ray_triangle_watertight_soa`] run on rayon's current pool, [`PAR_RUN`](super::PAR_RUN)
/// triangles a task: the same answers, to the bit (each triangle's is computed by the same
/// code).
///
/// # Examples
/// ```
/// use osculate_cast::{Culling, TriangleSoa, ray_triangle_watertight_soa, ray_triangle_watertight_soa_par};
/// use osculate_math::{Point3, Ray, Triangle, Vector3};
///
/// let tris: Vec<_> = (0..1000)
///     .map(|i| {
///         let z = -f64::from(i);
///         Triangle::new(Point3::new(0.0, 0.0, z), Point3::new(1.0, 0.0, z), Point3::new(0.0, 1.0, z))
///     })
///     .collect();
/// let soa = TriangleSoa::new(&tris);
/// let ray = Ray::new(Point3::new(0.25, 0.25, 1.0), -Vector3::z());
/// let (mut serial, mut parallel) = (vec![0.0; 1000], vec![0.0; 1000]);
/// ray_triangle_watertight_soa(&ray, &soa, Culling::TwoSided, &mut serial);
/// ray_triangle_watertight_soa_par(&ray, &soa, Culling::TwoSided, &mut parallel);
/// assert_eq!(serial, parallel);
/// assert_eq!(serial[999], 1000.0);
/// ```
#[cfg(feature = "rayon")]
pub fn ray_triangle_watertight_soa_par<T: Real>(
    ray: &Ray<T>,
    triangles: &TriangleSoa<T>,
    culling: Culling,
    t: &mut [T],
) {
    triangles_run(ray, triangles, culling, t, Run::Parallel);
}
