//! The `rayon` feature's build of a [`Bvh`] across threads: the same tree as the serial build,
//! its two halves built at once from each split of more than [`PAR_ITEMS`] items down.

use alloc::vec::Vec;

use osculate_math::{Aabb, Real};

use super::{
    Bin, Binary, Box32, Bvh, BvhError, DEFAULT_LEAF_ITEMS, MAX_DEPTH, Prim, Task, build_binary,
    checked, find_split, finish, prim,
};

/// The fewest items a node of the build must hold for its two halves to be built as separate
/// rayon tasks; smaller subtrees are built by the serial loop (a task's overhead is a few
/// microseconds, a subtree of this many items takes about a millisecond).
const PAR_ITEMS: usize = 4096;

impl Bvh {
    /// [`Bvh::try_new`] built across the threads of rayon's current pool: the same tree (equal
    /// by `==`, node for node), in less wall time for large item sets.
    ///
    /// # Errors
    /// [`BvhError::TooManyItems`] for more than `u32::MAX` boxes.
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{Aabb, Point3};
    /// use osculate_mesh::Bvh;
    ///
    /// let boxes: Vec<Aabb<f32>> = (0..10_000)
    ///     .map(|i| {
    ///         let (x, y) = ((i % 100) as f32, (i / 100) as f32);
    ///         Aabb::new(Point3::new(x, y, 0.0), Point3::new(x + 0.5, y + 0.5, 0.5))
    ///     })
    ///     .collect();
    /// assert_eq!(Bvh::try_new_par(&boxes)?, Bvh::try_new(&boxes)?);
    /// # Ok::<(), osculate_mesh::BvhError>(())
    /// ```
    pub fn try_new_par<T: Real>(boxes: &[Aabb<T>]) -> Result<Self, BvhError> {
        Self::try_with_leaf_size_par(boxes, DEFAULT_LEAF_ITEMS)
    }

    /// [`Bvh::try_with_leaf_size`] built across the threads of rayon's current pool: the same
    /// tree as the serial build.
    ///
    /// # Errors
    /// [`BvhError::TooManyItems`] for more than `u32::MAX` boxes.
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{Aabb, Point3};
    /// use osculate_mesh::Bvh;
    ///
    /// let boxes: Vec<Aabb<f64>> = (0..5_000)
    ///     .map(|i| Aabb::new(Point3::new(f64::from(i), 0.0, 0.0), Point3::new(f64::from(i) + 2.0, 1.0, 1.0)))
    ///     .collect();
    /// assert_eq!(Bvh::try_with_leaf_size_par(&boxes, 4)?, Bvh::try_with_leaf_size(&boxes, 4)?);
    /// # Ok::<(), osculate_mesh::BvhError>(())
    /// ```
    pub fn try_with_leaf_size_par<T: Real>(
        boxes: &[Aabb<T>],
        leaf_items: u32,
    ) -> Result<Self, BvhError> {
        with_threshold(boxes, leaf_items, PAR_ITEMS, MAX_DEPTH)
    }
}

/// The parallel build with nodes of at least `par_items` items split across tasks and every node
/// at depth `max_depth − 1` a leaf (parameters so that the tests can run the task path on small
/// item sets, and reach the depth cap).
pub(super) fn with_threshold<T: Real>(
    boxes: &[Aabb<T>],
    leaf_items: u32,
    par_items: usize,
    max_depth: usize,
) -> Result<Bvh, BvhError> {
    checked(boxes, |boxes| {
        let (mut prims, root) = prims_par(boxes);
        let limits = Limits { leaf_items: leaf_items.clamp(1, 64), max_depth, par_items };
        let (binary, depth) = subtree(&mut prims, root.bounds, root.centroids, 0, &limits);
        finish(&binary, &prims, depth)
    })
}

/// [`prims`](super::prims) across threads: each run of [`PRIM_RUN`] boxes converted by a task straight into
/// its place, the runs' bounds then grown in order, as the serial loop grows them item by item
/// (growing keeps the earlier of two equal bounds, so the order of the runs is all that matters).
fn prims_par<T: Real>(boxes: &[Aabb<T>]) -> (Vec<Prim>, Bin) {
    use rayon::prelude::*;
    let mut all = alloc::vec![Prim { bounds: Box32::EMPTY }; boxes.len()];
    let bins: Vec<Bin> = all
        .par_chunks_mut(PRIM_RUN)
        .zip(boxes.par_chunks(PRIM_RUN))
        .enumerate()
        .map(|(k, (out, run))| {
            let mut bin = Bin::EMPTY;
            #[allow(clippy::cast_possible_truncation, reason = "the caller checked n ≤ u32::MAX")]
            let first = (k * PRIM_RUN) as u32;
            for ((id, b), p) in (first..).zip(run).zip(out) {
                *p = prim(id, b, &mut bin);
            }
            bin
        })
        .collect();
    let mut root = Bin::EMPTY;
    for bin in &bins {
        root.grow(bin);
    }
    (all, root)
}

/// The boxes one task of [`prims_par`] converts.
const PRIM_RUN: usize = 1 << 14;

/// The build's fixed parameters.
struct Limits {
    leaf_items: u32,
    max_depth: usize,
    par_items: usize,
}

/// [`build_binary`]'s tree over `prims`, the two halves of a split of at least
/// `limits.par_items` items built by `rayon::join` and joined behind their parent.
///
/// The serial build numbers a node's two children consecutively; here the parent is node 0, its
/// children 1 and 2, then the rest of the left subtree and the rest of the right. The collapse
/// into four-wide nodes follows child links only, so the numbering does not reach the tree; and
/// each split is `find_split` on the same items in the same order as the serial build's, so the
/// partitions, and with them the leaves, are the same.
fn subtree(
    prims: &mut [Prim],
    bounds: Box32,
    centroids: Box32,
    depth: u32,
    limits: &Limits,
) -> (Vec<Binary>, u32) {
    let n = prims.len();
    if n < limits.par_items.max(2) || (depth as usize) + 1 >= limits.max_depth {
        return build_binary(prims, bounds, centroids, depth, limits.leaf_items, limits.max_depth);
    }
    let task = Task { node: 0, lo: 0, hi: n, depth, bounds, centroids };
    let Some(s) = find_split(prims, &task, limits.leaf_items) else {
        // A leaf, as the serial build makes it (`find_split` left the items as they were, or
        // sorted them as the serial build's own call would have).
        #[allow(clippy::cast_possible_truncation, reason = "n ≤ u32::MAX")]
        let leaf = Binary { bounds, start: 0, count: n as u32 };
        return (alloc::vec![leaf], depth);
    };
    let (left, right) = prims.split_at_mut(s.mid);
    let ((l, l_depth), (r, r_depth)) = rayon::join(
        || subtree(left, s.left.bounds, s.left.centroids, depth + 1, limits),
        || subtree(right, s.right.bounds, s.right.centroids, depth + 1, limits),
    );
    // Left node i > 0 moves to i + 2, right node j > 0 to j + |l| + 1; the right half's slots
    // start `mid` after the left's.
    #[allow(
        clippy::cast_possible_truncation,
        reason = "fewer than 2n ≤ 2^33 nodes and n ≤ u32::MAX"
    )]
    let (l_shift, r_shift, r_slots) = (2, l.len() as u32 + 1, s.mid as u32);
    let moved = |b: &Binary, shift: u32, slots: u32| {
        if b.count == 0 {
            Binary { start: b.start + shift, ..*b }
        } else {
            Binary { start: b.start + slots, ..*b }
        }
    };
    let mut out = Vec::with_capacity(1 + l.len() + r.len());
    out.push(Binary { bounds, start: 1, count: 0 });
    out.extend(l.first().map(|b| moved(b, l_shift, 0)));
    out.extend(r.first().map(|b| moved(b, r_shift, r_slots)));
    out.extend(l.iter().skip(1).map(|b| moved(b, l_shift, 0)));
    out.extend(r.iter().skip(1).map(|b| moved(b, r_shift, r_slots)));
    (out, depth.max(l_depth).max(r_depth))
}

#[cfg(test)]
mod tests {
    use alloc::vec;
    use alloc::vec::Vec;

    use osculate_math::{Aabb, Point3, Real};

    use super::{Bvh, PAR_ITEMS, with_threshold};
    use crate::MAX_DEPTH;
    use crate::bvh::{build, checked, prims};

    /// A deterministic stream of values in `[0, 1)` (a 64-bit LCG's high bits).
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self) -> f64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            #[allow(clippy::cast_precision_loss, reason = "53 bits")]
            let x = (self.0 >> 11) as f64 / (1u64 << 53) as f64;
            x
        }
    }

    fn aabb<T: Real>(lo: [f64; 3], hi: [f64; 3]) -> Aabb<T> {
        let p = |c: [f64; 3]| Point3::new(T::lit(c[0]), T::lit(c[1]), T::lit(c[2]));
        Aabb::new(p(lo), p(hi))
    }

    /// The item sets: random boxes of every size class, spoiled boxes (NaN, inverted, infinite,
    /// beyond the `f32` range) among them, boxes on one line, coincident boxes, and boxes spaced
    /// exponentially (a chain about 20 deep).
    fn item_sets<T: Real>() -> Vec<Vec<Aabb<T>>> {
        let mut rng = Lcg(7);
        let mut random = |n: usize, spoil: bool| -> Vec<Aabb<T>> {
            (0..n)
                .map(|i| {
                    let c: [f64; 3] = core::array::from_fn(|_| 100.0 * rng.next() - 50.0);
                    let e: [f64; 3] = core::array::from_fn(|_| 4.0 * rng.next() * rng.next());
                    let mut lo = [c[0] - e[0], c[1] - e[1], c[2] - e[2]];
                    let mut hi = [c[0] + e[0], c[1] + e[1], c[2] + e[2]];
                    if spoil {
                        match i % 23 {
                            0 => lo[1] = f64::NAN,
                            5 => (lo[0], hi[0]) = (hi[0], lo[0]),
                            11 => hi[2] = f64::INFINITY,
                            17 => lo[0] = -1e300,
                            _ => {}
                        }
                    }
                    aabb(lo, hi)
                })
                .collect()
        };
        let mut sets = vec![
            random(0, false),
            random(1, false),
            random(2, false),
            random(3, true),
            random(100, false),
            random(1000, true),
            random(PAR_ITEMS + 904, false),
        ];
        sets.push(
            (0..300)
                .map(|i| aabb([f64::from(i), 0.0, 0.0], [f64::from(i) + 0.5, 0.0, 0.0]))
                .collect(),
        );
        sets.push(vec![aabb([0.0; 3], [1.0; 3]); 200]);
        sets.push(
            (0..400)
                .map(|i| {
                    let x = 1.1_f64.powi(i);
                    aabb([x, 0.0, 0.0], [x * 1.01, 1.0, 1.0])
                })
                .collect(),
        );
        sets
    }

    /// With a depth cap the sets reach (6: the nodes at depth 5 become leaves holding all below
    /// them), the parallel build still gives the serial build's tree, capped leaves included.
    #[test]
    fn capped_trees_are_the_serial_trees() {
        for boxes in item_sets::<f64>() {
            for leaf in [1, 8] {
                let serial = checked(&boxes, |b| {
                    let (p, root) = prims(b);
                    build(p, root, leaf, 6)
                });
                assert!(serial.as_ref().map_or(true, |t| t.depth() <= 5));
                for par_items in [2, 16] {
                    assert_eq!(with_threshold(&boxes, leaf, par_items, 6), serial);
                }
            }
        }
        let chain: Vec<Aabb<f64>> = (0..300)
            .map(|i| aabb([f64::from(i), 0.0, 0.0], [f64::from(i) + 0.5, 1.0, 1.0]))
            .collect();
        assert_eq!(with_threshold(&chain, 1, 2, 6).map(|t| t.depth()), Ok(5));
    }

    /// The parallel build gives the serial build's tree, node for node, item order and depth
    /// included, whichever subtrees it builds as tasks.
    fn the_same_tree_as_the_serial_build<T: Real>() {
        for boxes in item_sets::<T>() {
            for leaf in [1, 4, 8] {
                let serial = Bvh::try_with_leaf_size(&boxes, leaf);
                for par_items in [2, 16, PAR_ITEMS] {
                    assert_eq!(
                        with_threshold(&boxes, leaf, par_items, MAX_DEPTH),
                        serial,
                        "{} items, leaves of {leaf}, tasks from {par_items}",
                        boxes.len()
                    );
                }
            }
            assert_eq!(Bvh::try_new_par(&boxes), Bvh::try_new(&boxes));
        }
    }

    /// More items than one conversion run of the parallel build holds, the least bounds tied
    /// between `-0` and `+0` (growing keeps the first of equal bounds, so the runs' order
    /// decides which zero the root's box keeps): the serial tree.
    fn many_runs_give_the_serial_tree<T: Real>() {
        let mut rng = Lcg(11);
        let boxes: Vec<Aabb<T>> = (0..2 * super::PRIM_RUN + 77)
            .map(|i| {
                let lo: [f64; 3] = core::array::from_fn(|_| rng.next());
                let mut lo = lo.map(|x| if x < 0.01 { 0.0 } else { x });
                if i % 2 == 1 && lo[0] == 0.0 {
                    lo[0] = -0.0;
                }
                aabb(lo, lo.map(|x| x + 0.01))
            })
            .collect();
        assert_eq!(Bvh::try_new_par(&boxes), Bvh::try_new(&boxes));
    }

    osculate_testing::for_f32_and_f64!(
        the_same_tree_as_the_serial_build,
        many_runs_give_the_serial_tree
    );
}
