//! Per-ray precomputation: the slab test's reciprocals ([`SlabRay`]) and the watertight triangle
//! test's axis permutation and shear ([`ShearedRay`]), each done once per ray rather than once per
//! box or triangle.

use osculate_cast::Culling;
use osculate_math::{Point3, Ray, Real, Triangle, Vector3};

use crate::bvh::Node;

/// Whether a ray is usable (finite origin and direction, non-zero direction, `max_t ≥ 0`): the
/// condition under which `osculate_cast`'s casts answer at all.
#[inline]
pub(crate) fn valid_ray<T: Real>(ray: &Ray<T>) -> bool {
    let (o, d) = (&ray.origin, &ray.direction);
    let z = osculate_math::finite_probe(&o.coords) + osculate_math::finite_probe(d);
    (z.x + z.y + z.z == T::ZERO)
        & ((d.x != T::ZERO) | (d.y != T::ZERO) | (d.z != T::ZERO))
        & (ray.max_t >= T::ZERO)
}

/// The slab test's multiplier on the far bound: `1 + 32ε`. Ize ("Robust BVH Ray Traversal", JCGT
/// 2013) shows that `1 + 2γ₃ ≈ 1 + 3ε` makes the rounded slab test conservative: no box the exact
/// ray touches is rejected. The rest covers the watertight triangle test's own rounding, which
/// may accept a ray a few `ε·|v − o|` outside a triangle (its sheared vertex coordinates carry
/// that error): with it, a box whose triangle the test would accept is not rejected either, so
/// the tree's answer is the brute-force answer (the item boxes are padded for the part of that
/// error that grows with the triangle's size, see `TriangleMesh`).
#[inline(always)]
pub(crate) fn slab_slack<T: Real>() -> T {
    T::ONE + T::EPSILON * T::lit(32.0)
}

/// A ray prepared for slab tests against many boxes (Williams, Barrus, Morley and Shirley, "An
/// Efficient and Robust Ray–Box Intersection Algorithm", 2005): the reciprocal of each direction
/// component (`±∞` for a zero one, with the sign of the zero) and which bound is met first on each
/// axis. A box moving along the direction is the same test with the node boxes grown by it
/// (`lo`, `hi` are then the moving box's corners; for a ray both are its origin).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SlabRay<T: Real> {
    lo: [T; 3],
    hi: [T; 3],
    inv: [T; 3],
    negative: [bool; 3],
    slack: T,
}

impl<T: Real> SlabRay<T> {
    #[inline]
    pub(crate) fn new(ray: &Ray<T>) -> Self {
        let o = [ray.origin.x, ray.origin.y, ray.origin.z];
        Self::moving(o, o, &ray.direction)
    }

    /// The box `[lo, hi]` moving by `motion` (`t ∈ [0, t_max]` in units of it).
    #[inline]
    pub(crate) fn moving(lo: [T; 3], hi: [T; 3], motion: &Vector3<T>) -> Self {
        let inv: [T; 3] = core::array::from_fn(|i| T::ONE / motion[i]);
        Self { lo, hi, inv, negative: inv.map(|x| x < T::ZERO), slack: slab_slack() }
    }

    /// The slack multiplier (see [`slab_slack`]).
    #[inline(always)]
    pub(crate) fn slack(&self) -> T {
        self.slack
    }

    /// Per lane of `node`: the parameter where the ray (the moving box) enters the lane's box
    /// (at least 0), or `+∞` when it misses the box within `[0, t_max]` (up to the slack). An
    /// unused lane's empty box is always missed.
    ///
    /// A zero direction component with the origin on that axis's bound gives `0·∞ = NaN`; the
    /// comparisons below keep the previous bound then (the ray runs in the face's plane, which
    /// a closed box contains), so NaN never rejects nor accepts on its own.
    #[inline(always)]
    pub(crate) fn enter(&self, node: &Node, t_max: T) -> [T; 4] {
        let mut t_near = [T::ZERO; 4];
        let mut t_far = [t_max; 4];
        for a in 0..3 {
            // Moving up the axis, the box's top meets the node's bottom first and its bottom
            // leaves the node's top last; down the axis, the other way round.
            let (near_b, far_b, near_o, far_o) = if self.negative[a] {
                (&node.hi[a], &node.lo[a], self.lo[a], self.hi[a])
            } else {
                (&node.lo[a], &node.hi[a], self.hi[a], self.lo[a])
            };
            for l in 0..4 {
                let near = (T::lit(f64::from(near_b[l])) - near_o) * self.inv[a];
                let far = (T::lit(f64::from(far_b[l])) - far_o) * self.inv[a];
                // `x.fast_max(y)` is `y` when `x` is NaN: a NaN slab leaves the interval alone.
                t_near[l] = near.fast_max(t_near[l]);
                t_far[l] = far.fast_min(t_far[l]);
            }
        }
        // A select per lane (no branch): entered lanes keep their entry parameter.
        core::array::from_fn(|l| {
            let entered = t_near[l] <= t_far[l] * self.slack;
            if entered { t_near[l] } else { T::INFINITY }
        })
    }
}

/// A ray prepared for the watertight triangle test (Woop, Benthin and Wald, "Watertight
/// Ray/Triangle Intersection", JCGT 2013): the axis permutation that makes the largest direction
/// component `z` and the shear that turns the ray into the `z` axis, computed once per ray.
///
/// [`ShearedRay::may_hit`] repeats, operation for operation, the rejection tests of
/// [`osculate_cast::ray_triangle_watertight`] on these precomputed values, so it returns `false`
/// only for a triangle that function misses; the mesh confirms each candidate with that function,
/// whose answer is then exactly the brute-force one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ShearedRay<T: Real> {
    /// The origin's coordinates in the permuted order `(kx, ky, kz)`.
    origin: [T; 3],
    /// The permutation: `k[0] = kx`, `k[1] = ky`, `k[2] = kz`.
    k: [usize; 3],
    /// The shear `(sx, sy, sz) = (d_kx/d_kz, d_ky/d_kz, 1/d_kz)`.
    s: [T; 3],
    culling: Culling,
}

/// The edge functions in `f64`, for an `f32` input whose `f32` value of one was exactly zero (as
/// `osculate_cast::ray_triangle_watertight` does, after the paper).
fn edge_functions_f64(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64) -> [f64; 3] {
    [cx * by - cy * bx, ax * cy - ay * cx, bx * ay - by * ax]
}

impl<T: Real> ShearedRay<T> {
    /// The precomputation for a valid ray (see [`valid_ray`]).
    #[inline]
    pub(crate) fn new(ray: &Ray<T>, culling: Culling) -> Self {
        let d = ray.direction;
        let ad = d.abs();
        let kz = if ad.x >= ad.y && ad.x >= ad.z {
            0
        } else if ad.y >= ad.z {
            1
        } else {
            2
        };
        let (mut kx, mut ky) = ((kz + 1) % 3, (kz + 2) % 3);
        if d[kz] < T::ZERO {
            core::mem::swap(&mut kx, &mut ky);
        }
        let o = ray.origin;
        Self {
            origin: [o[kx], o[ky], o[kz]],
            k: [kx, ky, kz],
            s: [d[kx] / d[kz], d[ky] / d[kz], T::ONE / d[kz]],
            culling,
        }
    }

    /// The vertex `p` relative to the origin, permuted: the same numbers as
    /// `(p − origin)[k]` (a permutation commutes with the subtraction).
    #[inline(always)]
    fn relative(&self, p: &Point3<T>) -> [T; 3] {
        let [kx, ky, kz] = self.k;
        [p[kx] - self.origin[0], p[ky] - self.origin[1], p[kz] - self.origin[2]]
    }

    /// `false` only when `osculate_cast::ray_triangle_watertight` on this ray with `max_t =
    /// t_max` certainly returns `None` for `tri` (whose vertices are finite and which is not
    /// collapsed up to rounding: the mesh checked both once).
    #[inline(always)]
    pub(crate) fn may_hit(&self, tri: &Triangle<T>, t_max: T) -> bool {
        self.hit_t(tri, t_max).is_some()
    }

    /// The parameter `osculate_cast::ray_triangle_watertight` computes for `tri` (the same
    /// operations on the same numbers, so the same bits) when it lies in `[0, t_max]`; `None`
    /// when that function certainly misses. It may still miss where this returns a parameter:
    /// on a triangle collapsed up to rounding (the mesh flags those) or when the hit point or
    /// normal overflows.
    #[inline(always)]
    pub(crate) fn hit_t(&self, tri: &Triangle<T>, t_max: T) -> Option<T> {
        let (a, b, c) = (self.relative(&tri.a), self.relative(&tri.b), self.relative(&tri.c));
        let [sx, sy, sz] = self.s;
        let (ax, ay) = (a[0] - sx * a[2], a[1] - sy * a[2]);
        let (bx, by) = (b[0] - sx * b[2], b[1] - sy * b[2]);
        let (cx, cy) = (c[0] - sx * c[2], c[1] - sy * c[2]);
        let mut u = cx * by - cy * bx;
        let mut v = ax * cy - ay * cx;
        let mut w = bx * ay - by * ax;
        let is_f32 = T::EPSILON > T::lit(1e-10);
        // Non-short-circuit `&` and `|`: the signs of u, v, w are data, not patterns a branch
        // predictor learns; one combined test branches once.
        if is_f32 & ((u == T::ZERO) | (v == T::ZERO) | (w == T::ZERO)) {
            let e = edge_functions_f64(
                ax.to_f64(),
                ay.to_f64(),
                bx.to_f64(),
                by.to_f64(),
                cx.to_f64(),
                cy.to_f64(),
            );
            (u, v, w) = (T::lit(e[0]), T::lit(e[1]), T::lit(e[2]));
        }
        let any_neg = (u < T::ZERO) | (v < T::ZERO) | (w < T::ZERO);
        let any_pos = (u > T::ZERO) | (v > T::ZERO) | (w > T::ZERO);
        let det = u + v + w;
        let culled = (self.culling == Culling::FrontOnly) & (det < T::ZERO);
        if (any_neg & any_pos) | (det == T::ZERO) | !det.is_finite() | culled {
            return None;
        }
        let t_scaled = u * (sz * a[2]) + v * (sz * b[2]) + w * (sz * c[2]);
        let (t_s, det_abs) = if det < T::ZERO { (-t_scaled, -det) } else { (t_scaled, det) };
        if t_s < T::ZERO || t_s > t_max * det_abs {
            return None;
        }
        let t = t_scaled * (T::ONE / det);
        (T::ZERO <= t && t <= t_max).then_some(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_cast::ray_triangle_watertight;
    use osculate_testing::Rng;

    /// The prepared test never rejects a triangle the library's test hits, on rays through
    /// vertices, edges and random points of random and axis-aligned triangles, with `max_t` at
    /// the hit itself.
    fn prepared_is_a_superset<T: Real>() {
        let mut rng = Rng::new(7);
        let p = |rng: &mut Rng, s: f64| {
            Point3::new(
                T::lit((rng.range(-s, s) * 8.0).round() / 8.0),
                T::lit(rng.range(-s, s)),
                T::lit(rng.range(-s, s)),
            )
        };
        let mut hits = 0;
        for _ in 0..20_000 {
            let tri = Triangle::new(p(&mut rng, 1.0), p(&mut rng, 1.0), p(&mut rng, 1.0));
            let w: [f64; 3] = match rng.index(3) {
                0 => [1.0, 0.0, 0.0],
                1 => [0.5, 0.5, 0.0],
                _ => {
                    let (x, y) = (rng.unit(), rng.unit());
                    [x * 0.5, y * 0.5, 1.0 - x * 0.5 - y * 0.5]
                }
            };
            let target = tri.point_from_barycentric(w.map(T::lit));
            let origin = p(&mut rng, 3.0);
            let dir: Vector3<T> = target - origin;
            for culling in [Culling::TwoSided, Culling::FrontOnly] {
                let mut ray = Ray::new(origin, dir);
                if rng.chance(0.3) {
                    ray.max_t = T::lit(rng.range(0.0, 1.2));
                }
                let sheared = ShearedRay::new(&ray, culling);
                let Some(h) = ray_triangle_watertight(&ray, &tri, culling) else { continue };
                hits += 1;
                assert!(sheared.may_hit(&tri, ray.max_t), "{ray:?} {tri:?}");
                // With `max_t` about the hit's own parameter, whichever way the library decides.
                let t = h.hit.t_enter;
                for max_t in [t, t * (T::ONE - T::EPSILON), t * (T::ONE + T::EPSILON)] {
                    let r = Ray { max_t, ..ray };
                    if ray_triangle_watertight(&r, &tri, culling).is_some() {
                        assert!(sheared.may_hit(&tri, max_t), "{r:?} {tri:?}");
                    }
                }
            }
        }
        assert!(hits > 10_000, "{hits}");
    }

    #[test]
    fn prepared_is_a_superset_f32() {
        prepared_is_a_superset::<f32>();
    }

    #[test]
    fn prepared_is_a_superset_f64() {
        prepared_is_a_superset::<f64>();
    }

    #[test]
    fn slab_in_face_plane_with_zero_direction_hits() {
        // Lane 0: the unit box; the other lanes unused (empty boxes).
        let mut node = Node {
            lo: [[f32::INFINITY; 4]; 3],
            hi: [[f32::NEG_INFINITY; 4]; 3],
            start: [crate::bvh::UNUSED; 4],
            count: [0; 4],
        };
        for a in 0..3 {
            (node.lo[a][0], node.hi[a][0]) = (0.0, 1.0);
        }
        // Along the box's bottom face: y = 0 exactly, direction y = 0.
        let r = Ray::new(Point3::new(-1.0_f32, 0.0, 0.5), Vector3::new(1.0, 0.0, 0.0));
        assert_eq!(
            SlabRay::new(&r).enter(&node, f32::INFINITY),
            [1.0, f32::INFINITY, f32::INFINITY, f32::INFINITY]
        );
        let r = Ray::new(Point3::new(-1.0_f64, -0.0, 0.5), Vector3::new(1.0, -0.0, 0.0));
        assert_eq!(SlabRay::new(&r).enter(&node, f64::INFINITY)[0], 1.0);
        // Just below the face: a miss.
        let r = Ray::new(Point3::new(-1.0_f64, -1e-300, 0.5), Vector3::new(1.0, 0.0, 0.0));
        assert_eq!(SlabRay::new(&r).enter(&node, f64::INFINITY)[0], f64::INFINITY);
        // Beyond t_max: a miss.
        let r = Ray::new(Point3::new(-1.0_f64, 0.5, 0.5), Vector3::new(1.0, 0.0, 0.0));
        assert_eq!(SlabRay::new(&r).enter(&node, 0.5)[0], f64::INFINITY);
        // Starting inside: 0.
        let r = Ray::new(Point3::new(0.5_f64, 0.5, 0.5), Vector3::new(1.0, 2.0, 0.0));
        assert_eq!(
            SlabRay::new(&r).enter(&node, 0.5),
            [0.0, f64::INFINITY, f64::INFINITY, f64::INFINITY]
        );
    }
}
