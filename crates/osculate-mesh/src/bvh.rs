//! [`Bvh`]: a bounding volume hierarchy of axis-aligned boxes over any set of bounded items, built
//! by the binned surface-area heuristic and flattened into one array of 32-byte nodes.

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use osculate_math::{Aabb, Point3, Real};

/// The deepest level a node can have, plus one: the root is at depth 0 and the build turns every
/// node at depth `MAX_DEPTH − 1` into a leaf, whatever it holds. The traversal stacks hold
/// `MAX_DEPTH` entries (a descent pushes at most one node per level), so no query overflows them
/// and none allocates. Binned SAH on real meshes stays far below it (about 25 levels for a million
/// triangles); the cap only matters for adversarial item sets (boxes at exponentially growing
/// distances), where a deep chain ends in one larger leaf instead of an overflow.
pub const MAX_DEPTH: usize = 64;

/// The default largest number of items in a leaf (the surface-area heuristic may make leaves
/// smaller; only the depth cap makes them larger).
pub const DEFAULT_LEAF_ITEMS: u32 = 4;

/// Bins per split search (Wald 2007 finds 16 within a few percent of the full sweep).
const BINS: usize = 16;

/// The cost of visiting one interior node, in units of the cost of testing one item (the
/// surface-area heuristic's `C_trav / C_isect`). 1 is the usual choice for triangles: an item test
/// and a box test cost about the same.
const TRAVERSAL_COST: f64 = 1.0;

/// One node of the flattened tree: 32 bytes, bounds in `f32` rounded outward from the items'
/// boxes (so a node contains its items whatever the scalar type of the queries).
///
/// The two children of an interior node are adjacent (`start` and `start + 1`), and a child's
/// index is larger than its parent's: a reverse sweep over the array visits children before
/// parents (the refit's order).
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C, align(32))]
pub(crate) struct Node {
    /// The box's smallest corner.
    pub(crate) min: [f32; 3],
    /// Leaf: the first slot of its items in [`Bvh::items`]; interior: the first child's index.
    pub(crate) start: u32,
    /// The box's largest corner.
    pub(crate) max: [f32; 3],
    /// Leaf: the number of items (at least 1); interior: 0.
    pub(crate) count: u32,
}

impl Node {
    /// Whether this node is a leaf.
    #[inline(always)]
    pub(crate) fn is_leaf(&self) -> bool {
        self.count != 0
    }

    /// The slots of a leaf's items.
    #[inline(always)]
    pub(crate) fn slots(&self) -> core::ops::Range<usize> {
        let s = self.start as usize;
        s..s + self.count as usize
    }

    /// The box in the query's scalar type (exact: every `f32` is a `T`).
    #[inline(always)]
    pub(crate) fn aabb<T: Real>(&self) -> Aabb<T> {
        Aabb::new(point(&self.min), point(&self.max))
    }
}

/// An `f32` triple as a point of `T` (exact).
#[inline(always)]
pub(crate) fn point<T: Real>(p: &[f32; 3]) -> Point3<T> {
    Point3::new(T::lit(f64::from(p[0])), T::lit(f64::from(p[1])), T::lit(f64::from(p[2])))
}

/// The largest `f32` not above `x` (NaN stays NaN).
#[inline]
fn f32_down(x: f64) -> f32 {
    #[allow(clippy::cast_possible_truncation, reason = "rounded, then corrected outward")]
    let y = x as f32;
    if f64::from(y) > x { y.next_down() } else { y }
}

/// The smallest `f32` not below `x` (NaN stays NaN).
#[inline]
fn f32_up(x: f64) -> f32 {
    #[allow(clippy::cast_possible_truncation, reason = "rounded, then corrected outward")]
    let y = x as f32;
    if f64::from(y) < x { y.next_up() } else { y }
}

/// A box in `f32`, the build's working type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Box32 {
    pub(crate) min: [f32; 3],
    pub(crate) max: [f32; 3],
}

impl Box32 {
    /// The empty box, identity of [`Box32::merge`].
    pub(crate) const EMPTY: Self = Self { min: [f32::INFINITY; 3], max: [f32::NEG_INFINITY; 3] };

    /// `b` rounded outward to `f32`; a box with a NaN bound or `min > max` on an axis is empty.
    #[inline]
    pub(crate) fn outward<T: Real>(b: &Aabb<T>) -> Self {
        let mut r = Self::EMPTY;
        for i in 0..3 {
            let (lo, hi) = (b.min[i].to_f64(), b.max[i].to_f64());
            if !(lo <= hi) {
                return Self::EMPTY;
            }
            r.min[i] = f32_down(lo);
            r.max[i] = f32_up(hi);
        }
        r
    }

    #[inline(always)]
    fn grow(&mut self, o: &Self) {
        for i in 0..3 {
            self.min[i] = self.min[i].min(o.min[i]);
            self.max[i] = self.max[i].max(o.max[i]);
        }
    }

    #[inline(always)]
    fn grow_point(&mut self, p: &[f32; 3]) {
        for (i, &x) in p.iter().enumerate() {
            self.min[i] = self.min[i].min(x);
            self.max[i] = self.max[i].max(x);
        }
    }

    /// The heuristic's measure of the box: half its surface area, or for a box of no area (every
    /// item on one line) its length, in `f64` so that huge boxes do not overflow; 0 for an empty
    /// box.
    fn measure(&self, by_length: bool) -> f64 {
        let d: [f64; 3] = core::array::from_fn(|i| f64::from(self.max[i]) - f64::from(self.min[i]));
        if !(d[0] >= 0.0 && d[1] >= 0.0 && d[2] >= 0.0) {
            return 0.0;
        }
        let a =
            if by_length { d[0] + d[1] + d[2] } else { d[0] * d[1] + d[1] * d[2] + d[2] * d[0] };
        if a.is_finite() { a } else { f64::MAX }
    }
}

/// The centroid of a box, finite whatever the box (0 for an empty one, clamped to `±f32::MAX`
/// for one with infinite bounds), so that the split search never sees a NaN.
#[inline]
fn centroid(b: &Box32) -> [f32; 3] {
    core::array::from_fn(|i| {
        let c = 0.5 * b.min[i] + 0.5 * b.max[i];
        if c.is_nan() { 0.0 } else { c.clamp(-f32::MAX, f32::MAX) }
    })
}

/// Why a [`Bvh`] could not be built or refitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BvhError {
    /// More than `u32::MAX` items: the nodes index items with 32 bits.
    TooManyItems,
    /// A refit was given a number of boxes other than the number of items the tree was built on.
    ItemCountMismatch {
        /// The number of items in the tree.
        expected: usize,
        /// The number of boxes given.
        found: usize,
    },
}

impl fmt::Display for BvhError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooManyItems => f.write_str("more than u32::MAX items"),
            Self::ItemCountMismatch { expected, found } => {
                write!(f, "refit with {found} boxes for a tree of {expected} items")
            }
        }
    }
}

impl core::error::Error for BvhError {}

/// A bounding volume hierarchy over a set of items, each given by its axis-aligned box.
///
/// **Layout.** One array of 32-byte nodes (`f32` bounds rounded outward, a start index and a
/// count: an interior node's children are adjacent, a leaf's items are a contiguous range of a
/// second array that maps the tree's order back to the caller's item numbers), 4 bytes per item
/// for that map, and nothing else: about 20 to 40 bytes per item with the default leaf size.
/// The bounds are `f32` for `f64` queries too, rounded away from the items, so every node still
/// contains its items; an `f64` query pays only for a few more visits of nodes that a tight `f64`
/// box would have excluded.
///
/// **Build.** Top-down by the binned surface-area heuristic (Wald, "On fast Construction of
/// SAH-based Bounding Volume Hierarchies", 2007; Ericson 6.2 for the alternatives): at each node
/// the item centroids are binned into 16 intervals along the axis of their largest spread, the 15
/// candidate planes are scored by `area(left)·n(left) + area(right)·n(right)`, and a node becomes a
/// leaf when it holds at most the leaf size and no split is cheaper than testing its items. Items
/// whose centroids coincide are halved by count; nodes at depth [`MAX_DEPTH`]` − 1` become leaves.
/// The build allocates; the queries do not (each uses a fixed stack of [`MAX_DEPTH`] entries).
///
/// **Items with empty boxes** (a NaN bound or `min > max`) are kept but never reached by a query.
///
/// # Examples
/// ```
/// use core::ops::ControlFlow;
/// use osculate_math::{Aabb, Point3};
/// use osculate_mesh::Bvh;
///
/// let boxes: Vec<Aabb<f64>> = (0..100)
///     .map(|i| {
///         let x = f64::from(i);
///         Aabb::new(Point3::new(x, 0.0, 0.0), Point3::new(x + 0.5, 1.0, 1.0))
///     })
///     .collect();
/// let bvh = Bvh::try_new(&boxes)?;
/// let query = Aabb::new(Point3::new(10.2, 0.2, 0.2), Point3::new(12.2, 0.4, 0.4));
/// let mut found = Vec::new();
/// let _ = bvh.visit_aabb(&query, |i| {
///     found.push(i);
///     ControlFlow::Continue(())
/// });
/// found.sort();
/// assert_eq!(found, [10, 11, 12]);
/// # Ok::<(), osculate_mesh::BvhError>(())
/// ```
#[derive(Clone, Default, PartialEq)]
pub struct Bvh {
    pub(crate) nodes: Vec<Node>,
    /// The caller's item number of each slot, in leaf order.
    pub(crate) items: Vec<u32>,
    /// The depth of the deepest leaf (0 for a single leaf).
    pub(crate) depth: u32,
}

impl fmt::Debug for Bvh {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bvh")
            .field("items", &self.items.len())
            .field("nodes", &self.nodes.len())
            .field("depth", &self.depth)
            .finish()
    }
}

/// One item during the build: its box, its centroid and its number.
#[derive(Clone, Copy)]
struct Prim {
    bounds: Box32,
    centroid: [f32; 3],
    id: u32,
}

/// A bin of the split search: the boxes and centroids that fell in it.
#[derive(Clone, Copy)]
struct Bin {
    bounds: Box32,
    centroids: Box32,
    count: u32,
}

impl Bin {
    const EMPTY: Self = Self { bounds: Box32::EMPTY, centroids: Box32::EMPTY, count: 0 };

    fn grow(&mut self, o: &Self) {
        self.bounds.grow(&o.bounds);
        self.centroids.grow(&o.centroids);
        self.count += o.count;
    }
}

/// A node still to be built: its slot range, its depth, and the bounds of its items' boxes and
/// centroids (computed by its parent's split).
struct Task {
    node: usize,
    lo: usize,
    hi: usize,
    depth: u32,
    bounds: Box32,
    centroids: Box32,
}

/// The outcome of a split search: the first slot of the right half and both halves' bounds.
struct Split {
    mid: usize,
    left: Bin,
    right: Bin,
}

impl Bvh {
    /// A tree over `boxes` (item `i` is `boxes[i]`) with leaves of at most
    /// [`DEFAULT_LEAF_ITEMS`] items (except at the depth cap).
    ///
    /// # Errors
    /// [`BvhError::TooManyItems`] for more than `u32::MAX` boxes.
    pub fn try_new<T: Real>(boxes: &[Aabb<T>]) -> Result<Self, BvhError> {
        Self::try_with_leaf_size(boxes, DEFAULT_LEAF_ITEMS)
    }

    /// A tree over `boxes` with leaves of at most `leaf_items` items (clamped to `1..=64`; the
    /// depth cap can make a leaf larger).
    ///
    /// # Errors
    /// [`BvhError::TooManyItems`] for more than `u32::MAX` boxes.
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{Aabb, Point3};
    /// use osculate_mesh::Bvh;
    ///
    /// let boxes: Vec<Aabb<f32>> = (0..64)
    ///     .map(|i| Aabb::new(Point3::new(i as f32, 0.0, 0.0), Point3::new(i as f32 + 1.0, 1.0, 1.0)))
    ///     .collect();
    /// let fine = Bvh::try_with_leaf_size(&boxes, 1)?;
    /// let coarse = Bvh::try_with_leaf_size(&boxes, 8)?;
    /// assert!(fine.node_count() > coarse.node_count());
    /// assert_eq!(fine.len(), 64);
    /// # Ok::<(), osculate_mesh::BvhError>(())
    /// ```
    pub fn try_with_leaf_size<T: Real>(
        boxes: &[Aabb<T>],
        leaf_items: u32,
    ) -> Result<Self, BvhError> {
        let n = boxes.len();
        if u32::try_from(n).is_err() {
            return Err(BvhError::TooManyItems);
        }
        if n == 0 {
            return Ok(Self::default());
        }
        let (prims, root) = prims(boxes);
        Ok(build(prims, root, leaf_items.clamp(1, 64), MAX_DEPTH))
    }

    /// The number of items.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the tree holds no item.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The number of nodes.
    #[inline]
    #[must_use]
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The depth of the deepest leaf (the root alone is depth 0); below [`MAX_DEPTH`].
    #[inline]
    #[must_use]
    pub fn depth(&self) -> usize {
        self.depth as usize
    }

    /// The box of every item (the root's box, rounded outward to `f32`); [`Aabb::EMPTY`] for an
    /// empty tree.
    #[inline]
    #[must_use]
    pub fn aabb<T: Real>(&self) -> Aabb<T> {
        self.nodes.first().map_or(Aabb::EMPTY, Node::aabb)
    }

    /// The bytes of heap memory the tree holds (its nodes and its item map).
    #[inline]
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.nodes.capacity() * size_of::<Node>() + self.items.capacity() * size_of::<u32>()
    }

    /// The items in leaf order: `leaf_order()[k]` is the item in slot `k`. Items of one leaf are
    /// adjacent, and leaves near each other in space tend to be near each other here, so storing
    /// item data in this order (as [`TriangleMesh`](crate::TriangleMesh) does) makes queries read
    /// memory mostly in sequence.
    #[inline]
    #[must_use]
    pub fn leaf_order(&self) -> &[u32] {
        &self.items
    }

    /// Recomputes every node's box from `boxes` (item `i`'s new box is `boxes[i]`), keeping the
    /// tree's shape: `O(n)`, for items that moved a little. The tree stays correct however far
    /// they move, but its queries slow down as the boxes drift from the ones it was built on;
    /// rebuild then.
    ///
    /// # Errors
    /// [`BvhError::ItemCountMismatch`] when `boxes` has another length than the tree's items (the
    /// tree is left unchanged).
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{Aabb, Point3, Vector3};
    /// use osculate_mesh::Bvh;
    ///
    /// let mut boxes = vec![Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)); 10];
    /// let mut bvh = Bvh::try_new(&boxes)?;
    /// boxes[3].max += Vector3::new(5.0, 0.0, 0.0);
    /// bvh.refit(&boxes)?;
    /// assert_eq!(bvh.aabb::<f64>().max.x, 6.0);
    /// # Ok::<(), osculate_mesh::BvhError>(())
    /// ```
    pub fn refit<T: Real>(&mut self, boxes: &[Aabb<T>]) -> Result<(), BvhError> {
        if boxes.len() != self.items.len() {
            return Err(BvhError::ItemCountMismatch {
                expected: self.items.len(),
                found: boxes.len(),
            });
        }
        for k in (0..self.nodes.len()).rev() {
            let Some(node) = self.nodes.get(k).copied() else { continue };
            let mut b = Box32::EMPTY;
            if node.is_leaf() {
                for &id in self.items.get(node.slots()).unwrap_or(&[]) {
                    if let Some(item) = boxes.get(id as usize) {
                        b.grow(&Box32::outward(item));
                    }
                }
            } else {
                let c = node.start as usize;
                for child in self.nodes.get(c..c + 2).unwrap_or(&[]) {
                    b.grow(&Box32 { min: child.min, max: child.max });
                }
            }
            if let Some(n) = self.nodes.get_mut(k) {
                (n.min, n.max) = (b.min, b.max);
            }
        }
        Ok(())
    }
}

/// The build's items (boxes rounded outward to `f32`, with their centroids) and their bounds.
fn prims<T: Real>(boxes: &[Aabb<T>]) -> (Vec<Prim>, Bin) {
    let mut prims = Vec::with_capacity(boxes.len());
    let mut root = Bin::EMPTY;
    for (id, b) in (0..).zip(boxes) {
        let bounds = Box32::outward(b);
        let c = centroid(&bounds);
        root.bounds.grow(&bounds);
        root.centroids.grow_point(&c);
        root.count += 1;
        prims.push(Prim { bounds, centroid: c, id });
    }
    (prims, root)
}

/// The top-down build over `prims` whose bounds are `root`, every node at depth
/// `max_depth − 1` a leaf.
fn build(mut prims: Vec<Prim>, root: Bin, leaf_items: u32, max_depth: usize) -> Bvh {
    let n = prims.len();
    // A binary tree with leaves of at least one item has fewer than 2n nodes.
    let mut nodes = Vec::with_capacity((2 * n / leaf_items.max(2) as usize).max(1) + 1);
    nodes.push(Node { min: root.bounds.min, start: 0, max: root.bounds.max, count: 0 });
    let mut tasks = vec![Task {
        node: 0,
        lo: 0,
        hi: n,
        depth: 0,
        bounds: root.bounds,
        centroids: root.centroids,
    }];
    let mut depth = 0;
    while let Some(t) = tasks.pop() {
        depth = depth.max(t.depth);
        let split = if (t.depth as usize) + 1 < max_depth {
            prims.get_mut(t.lo..t.hi).and_then(|p| find_split(p, &t, leaf_items))
        } else {
            None
        };
        let (min, max) = (t.bounds.min, t.bounds.max);
        let Some(s) = split else {
            // Slot and count fit in u32: the caller checked n ≤ u32::MAX.
            #[allow(clippy::cast_possible_truncation, reason = "n ≤ u32::MAX")]
            let node = Node { min, start: t.lo as u32, max, count: (t.hi - t.lo) as u32 };
            if let Some(slot) = nodes.get_mut(t.node) {
                *slot = node;
            }
            continue;
        };
        let left = nodes.len();
        #[allow(clippy::cast_possible_truncation, reason = "fewer than 2n ≤ 2^33 nodes")]
        let node = Node { min, start: left as u32, max, count: 0 };
        if let Some(slot) = nodes.get_mut(t.node) {
            *slot = node;
        }
        nodes.push(node);
        nodes.push(node);
        let mid = t.lo + s.mid;
        tasks.push(Task {
            node: left + 1,
            lo: mid,
            hi: t.hi,
            depth: t.depth + 1,
            bounds: s.right.bounds,
            centroids: s.right.centroids,
        });
        tasks.push(Task {
            node: left,
            lo: t.lo,
            hi: mid,
            depth: t.depth + 1,
            bounds: s.left.bounds,
            centroids: s.left.centroids,
        });
    }
    nodes.shrink_to_fit();
    Bvh { nodes, items: prims.iter().map(|p| p.id).collect(), depth }
}

/// The bin of centroid coordinate `c` for bins starting at `lo`, `scale` bins per unit.
#[inline(always)]
fn bin_of(c: f32, lo: f64, scale: f64) -> usize {
    // `as usize` saturates (NaN to 0), and the clamp keeps the top coordinate in the last bin.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "saturating")]
    let b = ((f64::from(c) - lo) * scale) as usize;
    b.min(BINS - 1)
}

/// The split of `prims` (the items of task `t`) by the binned surface-area heuristic, with
/// `prims` partitioned so the left half comes first; `None` when the node should be a leaf.
fn find_split(prims: &mut [Prim], t: &Task, leaf_items: u32) -> Option<Split> {
    let n = prims.len();
    if n <= 1 {
        return None;
    }
    let ext: [f64; 3] =
        core::array::from_fn(|i| f64::from(t.centroids.max[i]) - f64::from(t.centroids.min[i]));
    let axis = if ext[0] >= ext[1] && ext[0] >= ext[2] {
        0
    } else if ext[1] >= ext[2] {
        1
    } else {
        2
    };
    if !(ext[axis] > 0.0) {
        // Every centroid coincides: no plane separates them. A leaf when small enough, else the
        // items halved by count (their order is arbitrary, and either half is as good).
        return (n > leaf_items as usize).then(|| halve(prims));
    }
    let lo = f64::from(t.centroids.min[axis]);
    let scale = BINS as f64 / ext[axis];
    let mut bins = [Bin::EMPTY; BINS];
    for p in prims.iter() {
        let b = &mut bins[bin_of(p.centroid[axis], lo, scale)];
        b.bounds.grow(&p.bounds);
        b.centroids.grow_point(&p.centroid);
        b.count += 1;
    }
    // Sweep: `right[i]` holds bins i.. (right to left), then the left prefix is grown in step.
    let mut right = [Bin::EMPTY; BINS];
    let mut acc = Bin::EMPTY;
    for i in (1..BINS).rev() {
        acc.grow(&bins[i]);
        right[i] = acc;
    }
    // Items on one line have boxes of no area: every split would cost 0; lengths rank them.
    let by_length = !(t.bounds.measure(false) > 0.0);
    let mut left = Bin::EMPTY;
    let mut best: Option<(f64, usize, Bin)> = None;
    for i in 1..BINS {
        left.grow(&bins[i - 1]);
        let r = &right[i];
        if left.count == 0 || r.count == 0 {
            continue;
        }
        let cost = left.bounds.measure(by_length) * f64::from(left.count)
            + r.bounds.measure(by_length) * f64::from(r.count);
        if best.is_none_or(|(c, _, _)| cost < c) {
            best = Some((cost, i, left));
        }
    }
    let Some((cost, split_bin, left)) = best else {
        return (n > leaf_items as usize).then(|| halve(prims));
    };
    if n <= leaf_items as usize {
        let area = t.bounds.measure(by_length);
        // Leaf: n item tests; split: one more node visit, then each side's items weighted by
        // the chance (area ratio) that a query reaching this node reaches that side.
        let split_cost = TRAVERSAL_COST * area + cost;
        if n as f64 * area <= split_cost {
            return None;
        }
    }
    // Partition in place: items of the bins left of the plane first.
    let (mut i, mut j) = (0, n);
    while i < j {
        if bin_of(prims[i].centroid[axis], lo, scale) < split_bin {
            i += 1;
        } else {
            j -= 1;
            prims.swap(i, j);
        }
    }
    (i > 0 && i < n).then(|| Split { mid: i, left, right: right[split_bin] })
}

/// The items halved by count, with each half's bounds.
fn halve(prims: &[Prim]) -> Split {
    let mid = prims.len() / 2;
    let bounds = |ps: &[Prim]| {
        let mut b = Bin::EMPTY;
        for p in ps {
            b.bounds.grow(&p.bounds);
            b.centroids.grow_point(&p.centroid);
            b.count += 1;
        }
        b
    };
    Split { mid, left: bounds(&prims[..mid]), right: bounds(&prims[mid..]) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_are_32_bytes() {
        assert_eq!(size_of::<Node>(), 32);
    }

    #[test]
    fn outward_rounding_contains_the_f64_box() {
        let b = Aabb::new(Point3::new(0.1_f64, -0.3, 1e-50), Point3::new(0.7, 1e40, 3.0));
        let r = Box32::outward(&b);
        for i in 0..3 {
            assert!(f64::from(r.min[i]) <= b.min[i] && f64::from(r.max[i]) >= b.max[i]);
        }
        assert_eq!(r.max[1], f32::INFINITY);
        let nan = Aabb::new(Point3::new(f64::NAN, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
        assert_eq!(Box32::outward(&nan), Box32::EMPTY);
        let inverted = Aabb::new(Point3::new(2.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
        assert_eq!(Box32::outward(&inverted), Box32::EMPTY);
    }

    /// Every item is in exactly one leaf, every node contains its children and items, and the
    /// depth stays below the cap, on boxes spaced exponentially (the worst case for the depth).
    #[test]
    fn structure_holds_on_exponential_spacing() {
        let boxes: Vec<Aabb<f64>> = (0..400)
            .map(|i| {
                let x = 1.1_f64.powi(i);
                Aabb::new(Point3::new(x, 0.0, 0.0), Point3::new(x * 1.01, 1.0, 1.0))
            })
            .collect();
        for leaf in [1, 4] {
            let bvh = Bvh::try_with_leaf_size(&boxes, leaf).unwrap_or_default();
            check_structure(&bvh, &boxes);
            assert!(bvh.depth() < MAX_DEPTH);
        }
    }

    /// A tree built with a depth cap of 6 over 1,000 boxes: the nodes at depth 5 are leaves
    /// holding everything under them, and the tree is still complete.
    #[test]
    fn the_depth_cap_ends_a_chain_in_a_leaf() {
        let boxes: Vec<Aabb<f64>> = (0..1000)
            .map(|i| {
                let x = f64::from(i);
                Aabb::new(Point3::new(x, 0.0, 0.0), Point3::new(x + 0.5, 1.0, 1.0))
            })
            .collect();
        let (prims, root) = prims(&boxes);
        let bvh = build(prims, root, 1, 6);
        check_structure(&bvh, &boxes);
        assert_eq!(bvh.depth(), 5);
        assert!(bvh.nodes.iter().all(|n| !n.is_leaf() || n.count >= 1000 / 64));
    }

    pub(crate) fn check_structure(bvh: &Bvh, boxes: &[Aabb<f64>]) {
        let mut seen = vec![0u32; boxes.len()];
        for (k, node) in bvh.nodes.iter().enumerate() {
            let b = node.aabb::<f64>();
            if node.is_leaf() {
                for &id in &bvh.items[node.slots()] {
                    seen[id as usize] += 1;
                    assert!(b.contains_aabb(&boxes[id as usize]));
                }
            } else {
                let c = node.start as usize;
                assert!(c > k);
                for child in &bvh.nodes[c..c + 2] {
                    assert!(b.contains_aabb(&child.aabb()));
                }
            }
        }
        assert!(seen.iter().all(|&s| s == 1));
    }

    #[test]
    fn coincident_centroids_are_halved() {
        let boxes = vec![Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)); 33];
        let bvh = Bvh::try_new(&boxes).unwrap_or_default();
        check_structure(&bvh, &boxes);
        assert!(bvh.nodes.iter().all(|n| n.count <= DEFAULT_LEAF_ITEMS));
    }

    #[test]
    fn empty_and_single() {
        let none: [Aabb<f32>; 0] = [];
        let bvh = Bvh::try_new(&none).unwrap_or_default();
        assert!(bvh.is_empty() && bvh.node_count() == 0);
        assert!(bvh.aabb::<f32>().is_empty());
        let one = [Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0))];
        let bvh = Bvh::try_new(&one).unwrap_or_default();
        assert_eq!((bvh.len(), bvh.node_count(), bvh.depth()), (1, 1, 0));
    }

    #[test]
    fn refit_checks_the_count() {
        let b = [Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)); 3];
        let mut bvh = Bvh::try_new(&b).unwrap_or_default();
        assert_eq!(bvh.refit(&b[..2]), Err(BvhError::ItemCountMismatch { expected: 3, found: 2 }));
    }
}
