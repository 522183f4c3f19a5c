//! Per-ray precomputation for the slab test: the reciprocals ([`SlabRay`]), done once per ray
//! rather than once per box (the watertight triangle test's is `osculate_cast::WatertightRay`).

use osculate_math::{Ray, Real, Vector3};

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
    /// Per axis: the moving box's coordinate that meets the node's near bound, and the one that
    /// leaves its far bound (`hi`, `lo` moving up the axis; `lo`, `hi` moving down).
    near_o: [T; 3],
    far_o: [T; 3],
    inv: [T; 3],
    /// Per axis: which of a node's bounds is met first, as an index into `[lo, hi]` (an index
    /// rather than a branch: the direction's signs are data to the branch predictor).
    near_side: [usize; 3],
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
        let negative = inv.map(|x| x < T::ZERO);
        // Moving up the axis, the box's top meets the node's bottom first and its bottom
        // leaves the node's top last; down the axis, the other way round.
        Self {
            near_o: core::array::from_fn(|a| if negative[a] { lo[a] } else { hi[a] }),
            far_o: core::array::from_fn(|a| if negative[a] { hi[a] } else { lo[a] }),
            inv,
            near_side: negative.map(usize::from),
            slack: slab_slack(),
        }
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
            let sides = [&node.lo[a], &node.hi[a]];
            let near_side = self.near_side[a] & 1;
            let (near_b, far_b) = (sides[near_side], sides[near_side ^ 1]);
            for l in 0..4 {
                let near = (T::lit(f64::from(near_b[l])) - self.near_o[a]) * self.inv[a];
                let far = (T::lit(f64::from(far_b[l])) - self.far_o[a]) * self.inv[a];
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

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_math::Point3;

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
