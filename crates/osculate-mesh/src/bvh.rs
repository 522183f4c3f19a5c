//! [`Bvh`]: a bounding volume hierarchy of axis-aligned boxes over any set of bounded items, built
//! by the binned surface-area heuristic and flattened into one array of four-wide nodes.

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use osculate_math::{Aabb, Point3, Real};

#[cfg(feature = "rayon")]
mod par;

/// The deepest level a node of the binary build can have, plus one: the root is at depth 0 and
/// the build turns every node at depth `MAX_DEPTH − 1` into a leaf, whatever it holds (the
/// four-wide tree collapsed from it is no deeper). The traversal stacks are sized from it (a
/// descent leaves at most three siblings pending per level), so no query overflows them and none
/// allocates. Binned SAH on real meshes stays far below it (about 25 binary levels for a million
/// triangles); the cap only matters for adversarial item sets (boxes at exponentially growing
/// distances), where a deep chain ends in one larger leaf instead of an overflow.
pub const MAX_DEPTH: usize = 64;

/// The default largest number of items in a leaf (the surface-area heuristic may make leaves
/// smaller; only the depth cap makes them larger).
pub const DEFAULT_LEAF_ITEMS: u32 = 8;

/// Bins per split search (Wald 2007 finds 16 within a few percent of the full sweep).
const BINS: usize = 16;

/// The cost of visiting one node, in units of the cost of testing one item (the surface-area
/// heuristic's `C_trav / C_isect`). A node visit is a dependent fetch of two cache lines, while a
/// leaf's items lie contiguously and stream in. Measured on incoherent rays through displaced
/// spheres of 10k and 1M triangles: leaves of up to 8 with a cost of 3 or 6 ran fastest (25% ahead
/// of leaves of 4 with a cost of 1 at 1M), and 6 makes fewer nodes.
const TRAVERSAL_COST: f32 = 6.0;

/// The marker of an unused lane of a [`Node`] (its `start`).
pub(crate) const UNUSED: u32 = u32::MAX;

/// A child of a node: an interior node (`count == 0`, `start` its index) or a leaf (`count`
/// items in the slots `start..start + count`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Child {
    pub(crate) start: u32,
    pub(crate) count: u32,
}

impl Child {
    /// The whole tree: interior node 0.
    pub(crate) const ROOT: Self = Self { start: 0, count: 0 };

    /// Whether this is a leaf.
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
}

/// One node of the flattened tree: the boxes of up to four children, coordinate by coordinate
/// (`lo[axis][lane]`, so that a query tests the four lanes with the same instructions), and each
/// child's reference; 128 bytes, two cache lines. Bounds are `f32` rounded outward from the
/// items' boxes, so a node contains its items whatever the scalar type of the queries. An unused
/// lane has an empty box and `start ==` [`UNUSED`]; the traversals skip it before any test.
///
/// A child node's index is larger than its parent's: a reverse sweep over the array visits
/// children before parents (the refit's order).
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C, align(64))]
pub(crate) struct Node {
    /// The smallest corners, `lo[axis][lane]`.
    pub(crate) lo: [[f32; 4]; 3],
    /// The largest corners, `hi[axis][lane]`.
    pub(crate) hi: [[f32; 4]; 3],
    /// Per lane: interior child's node index, or leaf's first slot, or [`UNUSED`].
    pub(crate) start: [u32; 4],
    /// Per lane: 0 for an interior child, the item count (at least 1) for a leaf.
    pub(crate) count: [u32; 4],
}

impl Node {
    /// A node with every lane unused.
    const EMPTY: Self = Self {
        lo: [[f32::INFINITY; 4]; 3],
        hi: [[f32::NEG_INFINITY; 4]; 3],
        start: [UNUSED; 4],
        count: [0; 4],
    };

    /// Whether lane `l` holds a child.
    #[inline(always)]
    pub(crate) fn used(&self, l: usize) -> bool {
        self.start[l] != UNUSED
    }

    /// The child in lane `l`.
    #[inline(always)]
    pub(crate) fn child(&self, l: usize) -> Child {
        Child { start: self.start[l], count: self.count[l] }
    }

    /// The smallest corner of lane `l`'s box.
    #[inline(always)]
    pub(crate) fn lane_lo(&self, l: usize) -> [f32; 3] {
        [self.lo[0][l], self.lo[1][l], self.lo[2][l]]
    }

    /// The largest corner of lane `l`'s box.
    #[inline(always)]
    pub(crate) fn lane_hi(&self, l: usize) -> [f32; 3] {
        [self.hi[0][l], self.hi[1][l], self.hi[2][l]]
    }

    /// Lane `l`'s box in the query's scalar type (exact: every `f32` is a `T`).
    #[inline(always)]
    pub(crate) fn aabb<T: Real>(&self, l: usize) -> Aabb<T> {
        Aabb::new(point(&self.lane_lo(l)), point(&self.lane_hi(l)))
    }

    /// Lane `l`'s box as a build box.
    #[inline(always)]
    pub(crate) fn lane_box(&self, l: usize) -> Box32 {
        let (lo, hi) = (self.lane_lo(l), self.lane_hi(l));
        Box32 { min: [lo[0], lo[1], lo[2], 0.0], max: [hi[0], hi[1], hi[2], 0.0] }
    }

    /// Sets lane `l`.
    #[inline]
    fn set(&mut self, l: usize, b: &Box32, child: Child) {
        for a in 0..3 {
            self.lo[a][l] = b.min[a];
            self.hi[a][l] = b.max[a];
        }
        self.start[l] = child.start;
        self.count[l] = child.count;
    }
}

/// A node of the binary tree the build makes before it is collapsed into four-wide [`Node`]s.
#[derive(Clone, Copy, Debug)]
struct Binary {
    bounds: Box32,
    /// Leaf: the first slot; interior: the first child's index (the second follows).
    start: u32,
    /// Leaf: the number of items; interior: 0.
    count: u32,
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

/// A box in `f32`, the build's working type: four lanes per corner so that growing one is a
/// single vector min and max. The fourth lane is no coordinate (a [`Prim`] keeps its item
/// number there; in a merged box it is meaningless).
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C, align(16))]
pub(crate) struct Box32 {
    pub(crate) min: [f32; 4],
    pub(crate) max: [f32; 4],
}

impl Box32 {
    /// The empty box, identity of [`Box32::grow`].
    pub(crate) const EMPTY: Self = Self { min: [f32::INFINITY; 4], max: [f32::NEG_INFINITY; 4] };

    /// The box in the query's scalar type (exact).
    #[inline(always)]
    pub(crate) fn aabb<T: Real>(&self) -> Aabb<T> {
        Aabb::new(point(&self.lo()), point(&self.hi()))
    }

    /// The three coordinates of the smallest corner.
    #[inline(always)]
    fn lo(&self) -> [f32; 3] {
        [self.min[0], self.min[1], self.min[2]]
    }

    /// The three coordinates of the largest corner.
    #[inline(always)]
    fn hi(&self) -> [f32; 3] {
        [self.max[0], self.max[1], self.max[2]]
    }

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

    /// Grows to contain `o` (a NaN bound of `o` is ignored: plain comparisons, which compile to
    /// single min/max instructions).
    #[inline(always)]
    pub(crate) fn grow(&mut self, o: &Self) {
        for i in 0..4 {
            self.min[i] = if o.min[i] < self.min[i] { o.min[i] } else { self.min[i] };
            self.max[i] = if o.max[i] > self.max[i] { o.max[i] } else { self.max[i] };
        }
    }

    /// Grows to contain `p` (a NaN coordinate is ignored).
    #[inline(always)]
    fn grow_point(&mut self, p: &[f32; 4]) {
        for (i, &x) in p.iter().enumerate() {
            self.min[i] = if x < self.min[i] { x } else { self.min[i] };
            self.max[i] = if x > self.max[i] { x } else { self.max[i] };
        }
    }

    /// The heuristic's measure of the box: half its surface area, or for a box of no area (every
    /// item on one line) its length; 0 for an empty box. In `f32`: an overflow gives `+∞` (and a
    /// box with infinite bounds may give NaN), which no finite cost loses to.
    #[inline(always)]
    pub(crate) fn measure(&self, by_length: bool) -> f32 {
        let d: [f32; 3] = core::array::from_fn(|i| self.max[i] - self.min[i]);
        if !(d[0] >= 0.0 && d[1] >= 0.0 && d[2] >= 0.0) {
            return 0.0;
        }
        if by_length { d[0] + d[1] + d[2] } else { d[0] * d[1] + d[1] * d[2] + d[2] * d[0] }
    }
}

/// Twice the centroid of a box, `min + max` (the split search only compares centroids, so the
/// factor does not matter). An empty box gives NaN and a box beyond half the `f32` range may
/// give `±∞`: the bins send both to an end bin, and bounds ignore the NaN.
#[inline(always)]
fn centroid2(b: &Box32) -> [f32; 4] {
    core::array::from_fn(|i| b.min[i] + b.max[i])
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
/// **Layout.** One array of 128-byte four-wide nodes — the `f32` boxes of up to four children
/// stored coordinate by coordinate, so that a query tests all four with the same instructions,
/// and each child's reference (an interior node, or a leaf's contiguous range of items) — and 4
/// bytes per item mapping the tree's order back to the caller's item numbers; nothing else,
/// about 20 to 30 bytes per item with the default leaf size. A ray through a million items
/// descends about a dozen nodes, each two adjacent cache lines. The bounds are `f32` for `f64`
/// queries too, rounded away from the items, so every node still contains its items; an `f64`
/// query pays only for a few more visits of nodes that a tight `f64` box would have excluded.
///
/// **Build.** Top-down by the binned surface-area heuristic (Wald, "On fast Construction of
/// SAH-based Bounding Volume Hierarchies", 2007; Ericson 6.2 for the alternatives): at each node
/// the item centroids are binned into 16 intervals along the axis of their largest spread, the 15
/// candidate planes are scored by `area(left)·n(left) + area(right)·n(right)`, and a node becomes a
/// leaf when it holds at most the leaf size and no split is cheaper than testing its items. Items
/// whose centroids coincide are halved by count; nodes at depth [`MAX_DEPTH`]` − 1` become leaves.
/// The binary tree is then collapsed into four-wide nodes (each node takes its children, then
/// replaces its largest interior child by that child's two until it has four). The build
/// allocates; the queries do not (each uses a fixed stack sized from [`MAX_DEPTH`]).
///
/// **Items with empty boxes** (a NaN bound or `min > max`) widen no node; they are passed to a
/// query's item callback only with the other items of their leaf.
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
///     // The items of a leaf whose box meets the query come together: test each.
///     if osculate_overlap::aabb_aabb(&boxes[i], &query) {
///         found.push(i);
///     }
///     ControlFlow::Continue(())
/// });
/// found.sort();
/// assert_eq!(found, [10, 11, 12]);
/// # Ok::<(), osculate_mesh::BvhError>(())
/// ```
#[derive(Clone, Default, PartialEq)]
pub struct Bvh {
    /// The four-wide nodes; node 0 is the root (its lanes are the top of the tree).
    pub(crate) nodes: Vec<Node>,
    /// The caller's item number of each slot, in leaf order.
    pub(crate) items: Vec<u32>,
    /// The depth of the deepest leaf of the binary build (0 for a single leaf).
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

/// One item during the build: its box, with its item number in the fourth lane of `min` (32
/// bytes: a swap in the partition is two aligned 16-byte moves).
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct Prim {
    bounds: Box32,
}

impl Prim {
    #[inline(always)]
    fn id(&self) -> u32 {
        self.bounds.min[3].to_bits()
    }
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
    /// assert!(fine.node_count() >= coarse.node_count());
    /// assert_eq!(fine.len(), 64);
    /// # Ok::<(), osculate_mesh::BvhError>(())
    /// ```
    pub fn try_with_leaf_size<T: Real>(
        boxes: &[Aabb<T>],
        leaf_items: u32,
    ) -> Result<Self, BvhError> {
        checked(boxes, |boxes| {
            let (prims, root) = prims(boxes);
            build(prims, root, leaf_items.clamp(1, 64), MAX_DEPTH)
        })
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

    /// The number of (four-wide) nodes.
    #[inline]
    #[must_use]
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The depth of the deepest leaf of the binary tree the build made (the root alone is depth
    /// 0), below [`MAX_DEPTH`]; the four-wide tree has about half as many levels.
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
        let mut b = Box32::EMPTY;
        if let Some(root) = self.nodes.first() {
            for l in (0..4).filter(|&l| root.used(l)) {
                b.grow(&root.lane_box(l));
            }
        }
        if b.min[0] <= b.max[0] { Aabb::new(point(&b.lo()), point(&b.hi())) } else { Aabb::EMPTY }
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
            let Some(mut node) = self.nodes.get(k).copied() else { continue };
            for l in 0..4 {
                if !node.used(l) {
                    continue;
                }
                let child = node.child(l);
                let mut b = Box32::EMPTY;
                if child.is_leaf() {
                    for &id in self.items.get(child.slots()).unwrap_or(&[]) {
                        if let Some(item) = boxes.get(id as usize) {
                            b.grow(&Box32::outward(item));
                        }
                    }
                } else if let Some(c) = self.nodes.get(child.start as usize) {
                    for cl in (0..4).filter(|&cl| c.used(cl)) {
                        b.grow(&c.lane_box(cl));
                    }
                }
                node.set(l, &b, child);
            }
            if let Some(n) = self.nodes.get_mut(k) {
                *n = node;
            }
        }
        Ok(())
    }
}

/// The checks every build makes before `build(boxes)`: an error past `u32::MAX` boxes, the empty
/// tree for none.
fn checked<T: Real>(
    boxes: &[Aabb<T>],
    build: impl FnOnce(&[Aabb<T>]) -> Bvh,
) -> Result<Bvh, BvhError> {
    if u32::try_from(boxes.len()).is_err() {
        return Err(BvhError::TooManyItems);
    }
    if boxes.is_empty() {
        return Ok(Bvh::default());
    }
    Ok(build(boxes))
}

/// The build's items (boxes rounded outward to `f32`, with their centroids) and their bounds.
fn prims<T: Real>(boxes: &[Aabb<T>]) -> (Vec<Prim>, Bin) {
    let mut root = Bin::EMPTY;
    let prims = (0..).zip(boxes).map(|(id, b)| prim(id, b, &mut root)).collect();
    (prims, root)
}

/// Item `id` of box `b` as the build takes it, with `bin` grown to hold its box and centroid.
#[inline(always)]
fn prim<T: Real>(id: u32, b: &Aabb<T>, bin: &mut Bin) -> Prim {
    let mut bounds = Box32::outward(b);
    bin.bounds.grow(&bounds);
    bin.centroids.grow_point(&centroid2(&bounds));
    bin.count += 1;
    bounds.min[3] = f32::from_bits(id);
    Prim { bounds }
}

/// The top-down build over `prims` whose bounds are `root`, every node at depth
/// `max_depth − 1` a leaf, collapsed into four-wide nodes.
fn build(mut prims: Vec<Prim>, root: Bin, leaf_items: u32, max_depth: usize) -> Bvh {
    let (binary, depth) =
        build_binary(&mut prims, root.bounds, root.centroids, 0, leaf_items, max_depth);
    finish(&binary, &prims, depth)
}

/// The tree whose binary build is `binary` over the items in the order `prims` was left in, its
/// deepest leaf at `depth`.
fn finish(binary: &[Binary], prims: &[Prim], depth: u32) -> Bvh {
    Bvh { nodes: collapse(binary), items: prims.iter().map(Prim::id).collect(), depth }
}

/// The binary tree over `prims` (partitioned in place), whose items' boxes and centroids are
/// bounded by `bounds` and `centroids`: node 0 is its root, at depth `depth0` of the whole tree,
/// and leaf slots count from the start of `prims`. Returns it with the depth of its deepest node.
fn build_binary(
    prims: &mut [Prim],
    bounds: Box32,
    centroids: Box32,
    depth0: u32,
    leaf_items: u32,
    max_depth: usize,
) -> (Vec<Binary>, u32) {
    let n = prims.len();
    // A binary tree with leaves of at least one item has fewer than 2n nodes.
    let mut binary: Vec<Binary> = Vec::with_capacity(2 * n / leaf_items.max(2) as usize + 1);
    binary.push(Binary { bounds, start: 0, count: 0 });
    let mut tasks = vec![Task { node: 0, lo: 0, hi: n, depth: depth0, bounds, centroids }];
    let mut depth = depth0;
    while let Some(t) = tasks.pop() {
        depth = depth.max(t.depth);
        let split = if (t.depth as usize) + 1 < max_depth {
            prims.get_mut(t.lo..t.hi).and_then(|p| find_split(p, &t, leaf_items))
        } else {
            None
        };
        let Some(s) = split else {
            // Slot and count fit in u32: the caller checked n ≤ u32::MAX.
            #[allow(clippy::cast_possible_truncation, reason = "n ≤ u32::MAX")]
            let leaf = Binary { bounds: t.bounds, start: t.lo as u32, count: (t.hi - t.lo) as u32 };
            if let Some(slot) = binary.get_mut(t.node) {
                *slot = leaf;
            }
            continue;
        };
        let left = binary.len();
        #[allow(clippy::cast_possible_truncation, reason = "fewer than 2n ≤ 2^33 nodes")]
        let node = Binary { bounds: t.bounds, start: left as u32, count: 0 };
        if let Some(slot) = binary.get_mut(t.node) {
            *slot = node;
        }
        binary.push(Binary { bounds: s.left.bounds, ..node });
        binary.push(Binary { bounds: s.right.bounds, ..node });
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
    (binary, depth)
}

/// The binary tree collapsed into four-wide nodes: each node takes its binary node's children,
/// then replaces the interior one with the largest surface by its two children until it holds
/// four (or only leaves). Nodes are numbered depth first, each node's interior children
/// consecutively after it.
fn collapse(binary: &[Binary]) -> Vec<Node> {
    let mut nodes = Vec::with_capacity(binary.len() / 3 + 1);
    nodes.push(Node::EMPTY);
    // (binary node, four-wide node standing for it)
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    while let Some((b, k)) = stack.pop() {
        let mut kids: [usize; 4] = [b; 4];
        let mut len = 1;
        while len < 4 {
            // The interior kid with the largest surface.
            let widest = (0..len)
                .filter(|&i| binary.get(kids[i]).is_some_and(|x| x.count == 0))
                .max_by(|&i, &j| {
                    let m = |i: usize| binary.get(kids[i]).map_or(0.0, |x| x.bounds.measure(false));
                    m(i).total_cmp(&m(j))
                });
            let Some(i) = widest else { break };
            let first = binary.get(kids[i]).map_or(0, |x| x.start as usize);
            kids[i] = first;
            kids[len] = first + 1;
            len += 1;
        }
        let mut node = Node::EMPTY;
        let mut pending = [(0usize, 0usize); 4];
        let mut n_pending = 0;
        for (l, &kid) in kids[..len].iter().enumerate() {
            let Some(x) = binary.get(kid) else { continue };
            let child = if x.count > 0 {
                Child { start: x.start, count: x.count }
            } else {
                let index = nodes.len();
                nodes.push(Node::EMPTY);
                pending[n_pending] = (kid, index);
                n_pending += 1;
                #[allow(clippy::cast_possible_truncation, reason = "fewer nodes than items")]
                let start = index as u32;
                Child { start, count: 0 }
            };
            node.set(l, &x.bounds, child);
        }
        if let Some(slot) = nodes.get_mut(k) {
            *slot = node;
        }
        // Depth first, the first child's subtree next in memory.
        for &p in pending[..n_pending].iter().rev() {
            stack.push(p);
        }
    }
    nodes.shrink_to_fit();
    nodes
}

/// The bin of the item `p` along `axis` for bins starting at `lo`, `scale` bins per unit.
#[inline(always)]
fn bin_of(p: &Prim, axis: usize, lo: f32, scale: f32) -> usize {
    let c = p.bounds.min[axis] + p.bounds.max[axis];
    // `as i32` saturates (NaN to 0), and the clamp keeps the top coordinate in the last bin.
    #[allow(clippy::cast_possible_truncation, reason = "saturating")]
    let b = ((c - lo) * scale) as i32;
    #[allow(clippy::cast_sign_loss, reason = "clamped to 0..BINS")]
    let b = b.clamp(0, BINS as i32 - 1) as usize;
    b
}

/// Nodes of at most this many items are split by sorting them along the axis and scoring every
/// plane between them (the exact heuristic, and cheaper than 16 bins for so few).
const SMALL_NODE: usize = 12;

/// The split of `prims` (the items of task `t`) by the binned surface-area heuristic, with
/// `prims` partitioned so the left half comes first; `None` when the node should be a leaf.
fn find_split(prims: &mut [Prim], t: &Task, leaf_items: u32) -> Option<Split> {
    let n = prims.len();
    if n <= 1 {
        return None;
    }
    let ext: [f32; 3] = core::array::from_fn(|i| t.centroids.max[i] - t.centroids.min[i]);
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
        return (n > leaf_items as usize).then(|| halve(prims, prims.len() / 2));
    }
    // Items on one line have boxes of no area: every split would cost 0; lengths rank them.
    let by_length = !(t.bounds.measure(false) > 0.0);
    let leaf_cost = |cost: f32| {
        // Leaf: n item tests; split: one more node visit, then each side's items weighted by
        // the chance (area ratio) that a query reaching this node reaches that side.
        let area = t.bounds.measure(by_length);
        n <= leaf_items as usize && n as f32 * area <= TRAVERSAL_COST * area + cost
    };
    if n <= SMALL_NODE {
        return small_split(prims, axis, by_length, leaf_cost);
    }
    let lo = t.centroids.min[axis];
    let scale = BINS as f32 / ext[axis];
    let mut bins = [Bin::EMPTY; BINS];
    for p in prims.iter() {
        let b = &mut bins[bin_of(p, axis, lo, scale)];
        b.bounds.grow(&p.bounds);
        b.centroids.grow_point(&centroid2(&p.bounds));
        b.count += 1;
    }
    // Sweep right to left for the right sides' measures, then left to right scoring each plane.
    let mut right_cost = [0.0_f32; BINS];
    let mut right_count = [0_u32; BINS];
    let (mut acc, mut count) = (Box32::EMPTY, 0);
    for i in (1..BINS).rev() {
        acc.grow(&bins[i].bounds);
        count += bins[i].count;
        right_count[i] = count;
        #[allow(clippy::cast_precision_loss, reason = "a cost weight")]
        let c = acc.measure(by_length) * count as f32;
        right_cost[i] = c;
    }
    let (mut acc, mut count) = (Box32::EMPTY, 0);
    let (mut best_cost, mut split_bin) = (f32::INFINITY, 0);
    for i in 1..BINS {
        acc.grow(&bins[i - 1].bounds);
        count += bins[i - 1].count;
        if count == 0 || right_count[i] == 0 {
            continue;
        }
        #[allow(clippy::cast_precision_loss, reason = "a cost weight")]
        let cost = acc.measure(by_length) * count as f32 + right_cost[i];
        if cost < best_cost {
            (best_cost, split_bin) = (cost, i);
        }
    }
    if split_bin == 0 {
        // No finite cost (overflowing or NaN measures): halve by count.
        return (n > leaf_items as usize).then(|| halve(prims, prims.len() / 2));
    }
    if leaf_cost(best_cost) {
        return None;
    }
    // Partition in place (Hoare): items of the bins left of the plane first.
    let left_of = |p: &Prim| bin_of(p, axis, lo, scale) < split_bin;
    let (mut i, mut j) = (0, n);
    loop {
        while i < j && left_of(&prims[i]) {
            i += 1;
        }
        while i < j && !left_of(&prims[j - 1]) {
            j -= 1;
        }
        if i + 1 >= j {
            break;
        }
        prims.swap(i, j - 1);
        i += 1;
        j -= 1;
    }
    let (mut left, mut right) = (Bin::EMPTY, Bin::EMPTY);
    for b in &bins[..split_bin] {
        left.grow(b);
    }
    for b in &bins[split_bin..] {
        right.grow(b);
    }
    (i > 0 && i < n).then_some(Split { mid: i, left, right })
}

/// [`find_split`] for a node of at most [`SMALL_NODE`] items: sorted by centroid along `axis`,
/// every plane between two of them scored.
fn small_split(
    prims: &mut [Prim],
    axis: usize,
    by_length: bool,
    leaf_cost: impl Fn(f32) -> bool,
) -> Option<Split> {
    let n = prims.len();
    let key = |p: &Prim| p.bounds.min[axis] + p.bounds.max[axis];
    // Insertion sort: a handful of items.
    for i in 1..n {
        let mut j = i;
        while j > 0 && key(&prims[j]) < key(&prims[j - 1]) {
            prims.swap(j, j - 1);
            j -= 1;
        }
    }
    let mut right_cost = [0.0_f32; SMALL_NODE];
    let mut acc = Box32::EMPTY;
    for i in (1..n).rev() {
        acc.grow(&prims[i].bounds);
        #[allow(clippy::cast_precision_loss, reason = "a cost weight")]
        let c = acc.measure(by_length) * (n - i) as f32;
        right_cost[i] = c;
    }
    let mut acc = Box32::EMPTY;
    let (mut best_cost, mut mid) = (f32::INFINITY, n / 2);
    for i in 1..n {
        acc.grow(&prims[i - 1].bounds);
        #[allow(clippy::cast_precision_loss, reason = "a cost weight")]
        let cost = acc.measure(by_length) * i as f32 + right_cost[i];
        if cost < best_cost {
            (best_cost, mid) = (cost, i);
        }
    }
    if leaf_cost(best_cost) {
        return None;
    }
    Some(halve(prims, mid))
}

/// The items split at `mid`, with each side's bounds.
fn halve(prims: &[Prim], mid: usize) -> Split {
    let bounds = |ps: &[Prim]| {
        let mut b = Bin::EMPTY;
        for p in ps {
            b.bounds.grow(&p.bounds);
            b.centroids.grow_point(&centroid2(&p.bounds));
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
    fn nodes_are_two_cache_lines() {
        assert_eq!(size_of::<Node>(), 128);
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
        assert!(leaves(&bvh).iter().all(|c| c.count >= 1000 / 64));
    }

    /// Every leaf of the tree.
    fn leaves(bvh: &Bvh) -> Vec<Child> {
        bvh.nodes
            .iter()
            .flat_map(|n| (0..4).filter(|&l| n.used(l)).map(|l| n.child(l)))
            .filter(Child::is_leaf)
            .collect()
    }

    /// Every item is in exactly one leaf, every lane's box contains its items or its child's
    /// lanes, child nodes come after their parents, and each node but the root is the child of
    /// exactly one lane.
    pub(crate) fn check_structure(bvh: &Bvh, boxes: &[Aabb<f64>]) {
        let mut seen = vec![0u32; boxes.len()];
        let mut parents = vec![0u32; bvh.nodes.len()];
        for (k, node) in bvh.nodes.iter().enumerate() {
            for l in (0..4).filter(|&l| node.used(l)) {
                let b = node.aabb::<f64>(l);
                let c = node.child(l);
                if c.is_leaf() {
                    for &id in &bvh.items[c.slots()] {
                        seen[id as usize] += 1;
                        assert!(b.contains_aabb(&boxes[id as usize]));
                    }
                } else {
                    let child = c.start as usize;
                    assert!(child > k);
                    parents[child] += 1;
                    let cn = &bvh.nodes[child];
                    assert!((0..4).any(|cl| cn.used(cl)));
                    for cl in (0..4).filter(|&cl| cn.used(cl)) {
                        assert!(b.contains_aabb(&cn.aabb(cl)));
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s == 1));
        assert!(parents.iter().skip(1).all(|&p| p == 1) && parents[0] == 0);
    }

    #[test]
    fn coincident_centroids_are_halved() {
        let boxes = vec![Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)); 33];
        let bvh = Bvh::try_new(&boxes).unwrap_or_default();
        check_structure(&bvh, &boxes);
        assert!(leaves(&bvh).iter().all(|c| c.count <= DEFAULT_LEAF_ITEMS));
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
