//! Many rays against one box, a packet of [`LANES`] rays at a time.

use osculate_math::{Aabb, Point3, Ray, Real, Vector3};

use crate::boxes::{ize_factor, ray_aabb_t, slab_interval};
use crate::triangle::point_bound;
use osculate_closest::for_packets;
use osculate_closest::soa::{LANES, Lanes, Run, cut};

/// Eight rays: their origins' and directions' coordinates, axis by axis, and their `max_t`;
/// and what the slab test works out per ray, once, when the ray is added: the reciprocal
/// direction, whether the ray is usable (`0` for finite origin and direction, a non-zero
/// direction and `max_t ≥ 0`; NaN otherwise) and its `t_safe` (see `point_bound`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct RayPacket<T> {
    origin: [[T; LANES]; 3],
    direction: [[T; LANES]; 3],
    max_t: [T; LANES],
    inv: [[T; LANES]; 3],
    usable: [T; LANES],
    t_safe: [T; LANES],
}

impl<T: Real> Lanes for RayPacket<T> {
    type Item = Ray<T>;

    fn write(&mut self, lane: usize, r: &Ray<T>) {
        let (o, d) = (&r.origin, &r.direction);
        let usable = (0..3).all(|i| o[i].is_finite() & d[i].is_finite())
            & (*d != Vector3::zeros())
            & (r.max_t >= T::ZERO);
        for i in 0..3 {
            self.origin[i][lane] = r.origin[i];
            self.direction[i][lane] = r.direction[i];
            self.inv[i][lane] = T::ONE / r.direction[i];
        }
        self.max_t[lane] = r.max_t;
        self.usable[lane] = if usable { T::ZERO } else { T::NAN };
        self.t_safe[lane] = point_bound(r);
    }

    fn read(&self, l: usize) -> Ray<T> {
        let o = Point3::new(self.origin[0][l], self.origin[1][l], self.origin[2][l]);
        let d = Vector3::new(self.direction[0][l], self.direction[1][l], self.direction[2][l]);
        Ray { max_t: self.max_t[l], ..Ray::new(o, d) }
    }
}

osculate_closest::soa_container! {
    /// Rays in structure-of-arrays form, for [`rays_aabb_soa`]: packets of
    /// [`LANES`](super::LANES) rays, each holding the eight rays' `origin.x`, …, `direction.z` and
    /// `max_t` side by side (with each ray's reciprocal direction, usability and the parameter up
    /// to which its points are finite, worked out when it is added), the last packet padded (the
    /// padding is never read into an answer).
    ///
    /// # Examples
    /// ```
    /// use osculate_cast::RaySoa;
    /// use osculate_math::{Point3, Ray, Vector3};
    ///
    /// let r = Ray::new(Point3::new(0.0_f64, 1.0, 2.0), Vector3::new(0.0, 0.0, -1.0));
    /// let soa = RaySoa::new(&[r, Ray { max_t: 3.0, ..r }]);
    /// assert_eq!((soa.len(), soa.get(1).map(|r| r.max_t), soa.get(2)), (2, Some(3.0), None));
    /// ```
    RaySoa(pub(crate) RayPacket of Ray), "a ray", "rays"
}

/// The box [`rays_aabb_soa`] casts against.
struct OneBox<T: Real> {
    b: Aabb<T>,
    lo: [T; 3],
    hi: [T; 3],
    ize: T,
}

/// The slab test of one packet of rays against the box: `ray_aabb`'s slab crossing lane by
/// lane, in its order, without a branch. A direction component whose reciprocal is infinite
/// leaves the ray inside that slab (boundary included) or misses, and the slab leaves the
/// entry and the exit as they are (the scalar query's `−∞` and `+∞` entries there); its
/// interval, computed from an infinite reciprocal, is discarded. The entry point is finite for
/// every entry up to the ray's `t_safe`; a lane past it is answered afterwards by the scalar
/// query.
#[inline(always)]
fn ray_packet<T: Real>(b: &OneBox<T>, p: &RayPacket<T>) -> [T; LANES] {
    let mut out = [T::INFINITY; LANES];
    let mut slow = [false; LANES];
    for l in 0..LANES {
        let o = [p.origin[0][l], p.origin[1][l], p.origin[2][l]];
        let max_t = p.max_t[l];
        let mut ok = p.usable[l] == T::ZERO;
        let mut near = [T::NEG_INFINITY; 3];
        let mut far = [T::INFINITY; 3];
        for i in 0..3 {
            let inv = p.inv[i][l];
            let par = inv.abs() == T::INFINITY;
            let (n, f) = slab_interval(b.lo[i], b.hi[i], o[i], inv, b.ize);
            ok &= !par | ((b.lo[i] <= o[i]) & (o[i] <= b.hi[i]));
            near[i] = if par { T::NEG_INFINITY } else { n };
            far[i] = if par { T::INFINITY } else { f };
        }
        let enter = near[2].fast_max(near[1].fast_max(near[0]));
        let exit = far[2].fast_min(far[1].fast_min(far[0]));
        let t_enter = enter.fast_max(T::ZERO);
        ok &= (t_enter <= exit) & (t_enter <= max_t * b.ize);
        let t_exit = exit.fast_min(max_t);
        let t = t_enter.fast_min(t_exit);
        let safe = t <= p.t_safe[l];
        slow[l] = ok & !safe;
        out[l] = if ok & safe { t } else { T::INFINITY };
    }
    if slow.iter().fold(false, |a, s| a | s) {
        slow_lanes(b, p, slow, &mut out);
    }
    out
}

/// The lanes of a packet marked `slow`, answered by the scalar query. Kept out of line, so that
/// the packet's loop carries none of its code.
#[cold]
#[inline(never)]
fn slow_lanes<T: Real>(b: &OneBox<T>, p: &RayPacket<T>, slow: [bool; LANES], out: &mut [T; LANES]) {
    for (l, (o, s)) in out.iter_mut().zip(slow).enumerate() {
        if s {
            *o = ray_aabb_t(&p.read(l), &b.b).unwrap_or(T::INFINITY);
        }
    }
}

/// The box's constants, or `None` for a box [`ray_aabb`](crate::ray_aabb) rejects for every
/// ray: a NaN or infinite coordinate, or inverted.
fn one_box<T: Real>(b: &Aabb<T>) -> Option<OneBox<T>> {
    let usable =
        (0..3).all(|i| b.min[i].is_finite() & b.max[i].is_finite() & (b.min[i] <= b.max[i]));
    usable.then(|| OneBox {
        b: *b,
        lo: [b.min.x, b.min.y, b.min.z],
        hi: [b.max.x, b.max.y, b.max.z],
        ize: ize_factor::<T>(),
    })
}

/// [`rays_aabb_soa`] run serially or on rayon's pool.
fn rays_run<T: Real>(rays: &RaySoa<T>, b: &Aabb<T>, t_enter: &mut [T], run: Run) {
    let out = cut(t_enter, rays.len());
    match one_box(b) {
        Some(b) => run.packets(rays.packets(), out, |p, o| {
            for_packets!(p, o, |p| ray_packet(&b, p));
        }),
        None => out.fill(T::INFINITY),
    }
}

/// Many rays in structure-of-arrays form against one box (a packet of camera or shadow rays, a
/// sensor's beams against a bounding box): `t_enter[i]` is set to the entry parameter of ray
/// `i` into `b`, exactly [`ray_aabb`](crate::ray_aabb)'s `t_enter` (0 for a ray starting
/// inside), or `+∞` where [`ray_aabb`](crate::ray_aabb) gives `None` (a miss, an inverted box,
/// a NaN or infinite coordinate, a zero or non-finite direction, `max_t` negative or NaN).
/// Writes `min(rays.len(), t_enter.len())` entries.
///
/// The slab method of [`ray_aabb`](crate::ray_aabb) (Williams et al. 2005 with Ize's
/// conservative exit, 2013), [`LANES`](super::LANES) rays at a time, each lane running the
/// scalar query's operations in its order (reciprocals included) as packed instructions.
///
/// # Examples
/// ```
/// use osculate_cast::{RaySoa, rays_aabb_soa};
/// use osculate_math::{Aabb, Point3, Ray, Vector3};
///
/// let b = Aabb::new(Point3::new(-1.0_f32, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
/// let rays = RaySoa::new(&[
///     Ray::new(Point3::new(-3.0, 0.0, 0.0), Vector3::x()),
///     Ray::new(Point3::new(-3.0, 2.0, 0.0), Vector3::x()),
///     Ray::new(Point3::new(-1.0, 0.0, 1.0), Vector3::x()), // along the top face
/// ]);
/// let mut t = [0.0; 3];
/// rays_aabb_soa(&rays, &b, &mut t);
/// assert_eq!(t, [2.0, f32::INFINITY, 0.0]);
/// ```
pub fn rays_aabb_soa<T: Real>(rays: &RaySoa<T>, b: &Aabb<T>, t_enter: &mut [T]) {
    rays_run(rays, b, t_enter, Run::Serial);
}

/// [`rays_aabb_soa`] run on rayon's current pool, [`PAR_RUN`](super::PAR_RUN) rays a task:
/// the same answers, to the bit (each ray's is computed by the same code).
///
/// # Examples
/// ```
/// use osculate_cast::{RaySoa, rays_aabb_soa, rays_aabb_soa_par};
/// use osculate_math::{Aabb, Point3, Ray, Vector3};
///
/// let b = Aabb::new(Point3::new(-1.0_f32, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
/// let rays: Vec<_> = (0..1000)
///     .map(|i| Ray::new(Point3::new(-3.0, i as f32 * 0.002, 0.0), Vector3::x()))
///     .collect();
/// let soa = RaySoa::new(&rays);
/// let (mut serial, mut parallel) = (vec![0.0; 1000], vec![0.0; 1000]);
/// rays_aabb_soa(&soa, &b, &mut serial);
/// rays_aabb_soa_par(&soa, &b, &mut parallel);
/// assert_eq!(serial, parallel);
/// assert_eq!((serial[0], serial[999]), (2.0, f32::INFINITY));
/// ```
#[cfg(feature = "rayon")]
pub fn rays_aabb_soa_par<T: Real>(rays: &RaySoa<T>, b: &Aabb<T>, t_enter: &mut [T]) {
    rays_run(rays, b, t_enter, Run::Parallel);
}
