//! One ray against many boxes, a packet of [`LANES`] boxes at a time.

use osculate_closest::for_packets;
use osculate_closest::soa::{LANES, Lanes, Run, cut};
use osculate_math::{Ray, Real};
use osculate_overlap::{AabbSoa, BoxPacket};

use crate::boxes::{ize_factor, ray_aabb_t, slab_interval};
use crate::triangle::point_bound;

/// What [`ray_aabb_soa`] works out once per ray (as `ray_aabb_many` does).
struct BoxRay<T: Real> {
    ray: Ray<T>,
    o: [T; 3],
    inv: [T; 3],
    parallel: [bool; 3],
    max_t: T,
    /// `max_t` widened by Ize's factor, the entry's bound.
    max_t_wide: T,
    ize: T,
    /// A parameter up to which every point of the ray is finite (see `point_bound`).
    t_safe: T,
}

/// The ray's constants, or `None` for a ray [`ray_aabb`](crate::ray_aabb) rejects against
/// every box: a non-finite origin or direction, a zero direction, `max_t` negative or NaN.
#[allow(clippy::eq_op, reason = "x − x is the finiteness probe: 0 for finite x, NaN otherwise")]
fn box_ray<T: Real>(ray: &Ray<T>) -> Option<BoxRay<T>> {
    let (o, d) = (&ray.origin, &ray.direction);
    let z = (o.coords - o.coords) + (d - d);
    let usable = (z.x + z.y + z.z == T::ZERO)
        & ((d.x != T::ZERO) | (d.y != T::ZERO) | (d.z != T::ZERO))
        & (ray.max_t >= T::ZERO);
    if !usable {
        return None;
    }
    let inv = [0, 1, 2].map(|i| T::ONE / d[i]);
    let ize = ize_factor::<T>();
    Some(BoxRay {
        ray: *ray,
        o: [o.x, o.y, o.z],
        inv,
        parallel: inv.map(|x| x.abs() == T::INFINITY),
        max_t: ray.max_t,
        max_t_wide: ray.max_t * ize,
        ize,
        t_safe: point_bound(ray),
    })
}

/// The slab test of one packet: `ray_aabb`'s slab crossing (Williams et al. 2005 with Ize's
/// exit bound) lane by lane, in its order, without a branch. `PARALLEL`: some direction
/// component has an infinite reciprocal; on such an axis the ray is inside the slab (boundary
/// included) or misses, and the slab leaves the entry and the exit as they are (the scalar
/// query's `−∞` and `+∞` entries there, which `fast_max` and `fast_min` pass over).
///
/// The scalar query's last test, that the entry point is finite, holds for every entry up to
/// the ray's `t_safe` (see `point_bound`); a lane past it (a ray starting beyond a quarter of
/// the largest float, or an entry that far along) is answered afterwards by the scalar query.
#[inline(always)]
fn box_packet<T: Real, const PARALLEL: bool>(r: &BoxRay<T>, p: &BoxPacket<T>) -> [T; LANES] {
    let mut out = [T::INFINITY; LANES];
    let mut slow = [false; LANES];
    for l in 0..LANES {
        let lo = [p.min[0][l], p.min[1][l], p.min[2][l]];
        let hi = [p.max[0][l], p.max[1][l], p.max[2][l]];
        let mut ok = p.usable[l] == T::ZERO;
        let mut near = [T::NEG_INFINITY; 3];
        let mut far = [T::INFINITY; 3];
        for i in 0..3 {
            let (n, f) = slab_interval(lo[i], hi[i], r.o[i], r.inv[i], r.ize);
            if PARALLEL {
                let par = r.parallel[i];
                ok &= !par | ((lo[i] <= r.o[i]) & (r.o[i] <= hi[i]));
                near[i] = if par { T::NEG_INFINITY } else { n };
                far[i] = if par { T::INFINITY } else { f };
            } else {
                (near[i], far[i]) = (n, f);
            }
        }
        let enter = near[2].fast_max(near[1].fast_max(near[0]));
        let exit = far[2].fast_min(far[1].fast_min(far[0]));
        let t_enter = enter.fast_max(T::ZERO);
        ok &= (t_enter <= exit) & (t_enter <= r.max_t_wide);
        let t_exit = exit.fast_min(r.max_t);
        let t = t_enter.fast_min(t_exit);
        let safe = t <= r.t_safe;
        slow[l] = ok & !safe;
        out[l] = if ok & safe { t } else { T::INFINITY };
    }
    if slow.iter().fold(false, |a, s| a | s) {
        slow_lanes(r, p, slow, &mut out);
    }
    out
}

/// The lanes of a packet marked `slow`, answered by the scalar query. Kept out of line, so that
/// the packet's loop carries none of its code.
#[cold]
#[inline(never)]
fn slow_lanes<T: Real>(r: &BoxRay<T>, p: &BoxPacket<T>, slow: [bool; LANES], out: &mut [T; LANES]) {
    for (l, (o, s)) in out.iter_mut().zip(slow).enumerate() {
        if s {
            *o = ray_aabb_t(&r.ray, &p.read(l)).unwrap_or(T::INFINITY);
        }
    }
}

/// The packets' answers into `out` (at most `packets.len() · LANES` long).
fn box_packets<T: Real>(r: &BoxRay<T>, packets: &[BoxPacket<T>], out: &mut [T]) {
    if r.parallel.iter().any(|p| *p) {
        for_packets!(packets, out, |p| box_packet::<T, true>(r, p));
    } else {
        for_packets!(packets, out, |p| box_packet::<T, false>(r, p));
    }
}

/// [`ray_aabb_soa`] run serially or on rayon's pool.
fn boxes_run<T: Real>(ray: &Ray<T>, boxes: &AabbSoa<T>, t_enter: &mut [T], run: Run) {
    let out = cut(t_enter, boxes.len());
    match box_ray(ray) {
        Some(r) => run.packets(boxes.packets(), out, |p, o| box_packets(&r, p, o)),
        None => out.fill(T::INFINITY),
    }
}

/// One ray against many boxes in structure-of-arrays form (the inner loop of a broad phase or a
/// flat BVH's leaves): `t_enter[i]` is set to the entry parameter of `ray` into box `i`, exactly
/// [`ray_aabb`](crate::ray_aabb)'s `t_enter` (0 when the ray starts inside), or `+∞` where
/// [`ray_aabb`](crate::ray_aabb) gives `None` (a miss, an inverted box, a NaN or infinite
/// coordinate, a zero or non-finite direction, `max_t` negative or NaN). Writes
/// `min(boxes.len(), t_enter.len())` entries; the answers are those of
/// [`ray_aabb_many`](crate::ray_aabb_many) on the same boxes.
///
/// The slab method of [`ray_aabb`](crate::ray_aabb) (Williams et al. 2005 with Ize's
/// conservative exit, 2013): the ray's reciprocal direction and its axes parallel to a slab are
/// worked out once, then [`LANES`](super::LANES) boxes at a time run the same operations in the
/// same order as the scalar query, as packed instructions (see [`AabbSoa`] for the layout).
///
/// # Examples
/// ```
/// use osculate_cast::{AabbSoa, ray_aabb_soa};
/// use osculate_math::{Aabb, Point3, Ray, Vector3};
///
/// let boxes = AabbSoa::new(&[
///     Aabb::new(Point3::new(2.0_f32, -1.0, -1.0), Point3::new(3.0, 1.0, 1.0)),
///     Aabb::new(Point3::new(2.0, 5.0, -1.0), Point3::new(3.0, 6.0, 1.0)),
///     Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0)),
/// ]);
/// let mut t = [0.0; 3];
/// ray_aabb_soa(&Ray::new(Point3::origin(), Vector3::x()), &boxes, &mut t);
/// assert_eq!(t, [2.0, f32::INFINITY, 0.0]); // a hit, a miss, a box around the origin
/// ```
pub fn ray_aabb_soa<T: Real>(ray: &Ray<T>, boxes: &AabbSoa<T>, t_enter: &mut [T]) {
    boxes_run(ray, boxes, t_enter, Run::Serial);
}

/// [`ray_aabb_soa`] run on rayon's current pool, [`PAR_RUN`](super::PAR_RUN) boxes a task:
/// the same answers, to the bit (each box's is computed by the same code).
///
/// # Examples
/// ```
/// use osculate_cast::{AabbSoa, ray_aabb_soa, ray_aabb_soa_par};
/// use osculate_math::{Aabb, Point3, Ray, Vector3};
///
/// let boxes: Vec<_> = (0..1000)
///     .map(|i| {
///         let x = f64::from(i);
///         Aabb::new(Point3::new(x, -1.0, -1.0), Point3::new(x + 0.5, 1.0, 1.0))
///     })
///     .collect();
/// let soa = AabbSoa::new(&boxes);
/// let ray = Ray::new(Point3::new(-1.0, 0.0, 0.0), Vector3::new(1.0, 0.001, 0.0));
/// let (mut serial, mut parallel) = (vec![0.0; 1000], vec![0.0; 1000]);
/// ray_aabb_soa(&ray, &soa, &mut serial);
/// ray_aabb_soa_par(&ray, &soa, &mut parallel);
/// assert_eq!(serial, parallel);
/// assert_eq!(serial[3], 4.0);
/// ```
#[cfg(feature = "rayon")]
pub fn ray_aabb_soa_par<T: Real>(ray: &Ray<T>, boxes: &AabbSoa<T>, t_enter: &mut [T]) {
    boxes_run(ray, boxes, t_enter, Run::Parallel);
}
