//! The traversals of a [`Bvh`]: best-first descent with pruning (rays, nearest item, any
//! lower-bounded minimum), depth-first visits (boxes, convex shapes), and simultaneous descent of
//! two trees or of one tree against itself (candidate pairs). None allocates: each keeps its
//! pending nodes on a fixed-size stack whose bound follows from the depth cap ([`MAX_DEPTH`]).

use core::ops::ControlFlow;

use osculate_math::{Aabb, Point3, Ray, Real};

use crate::bvh::{Bvh, MAX_DEPTH, Node};
use crate::ray::{SlabRay, valid_ray};

/// A fixed-capacity stack. The traversals size it from the depth cap so that it cannot fill up;
/// were it ever full, a push would be dropped (a missed subtree) rather than panic.
pub(crate) struct Stack<E: Copy, const N: usize> {
    items: [E; N],
    len: usize,
}

impl<E: Copy, const N: usize> Stack<E, N> {
    #[inline(always)]
    pub(crate) fn new(fill: E) -> Self {
        Self { items: [fill; N], len: 0 }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, e: E) {
        debug_assert!(self.len < N, "traversal stack bound violated");
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = e;
            self.len += 1;
        }
    }

    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<E> {
        self.len = self.len.checked_sub(1)?;
        self.items.get(self.len).copied()
    }
}

/// A task of the self-pair traversal: the pairs within one subtree, or across two.
#[derive(Clone, Copy)]
enum SelfTask {
    Within(u32),
    Across(u32, u32),
}

impl Bvh {
    /// The two children of interior node `n`.
    #[inline(always)]
    pub(crate) fn children(&self, n: &Node) -> Option<(&Node, &Node)> {
        let c = n.start as usize;
        match self.nodes.get(c..c + 2) {
            Some([l, r]) => Some((l, r)),
            _ => None,
        }
    }

    /// Best-first descent: the slot minimising `value` with its value, visiting nodes in order of
    /// `lower` and skipping every node whose bound exceeds the best value found times `slack`.
    ///
    /// `lower(node, best)` must not exceed the value of any slot under `node` that could beat
    /// `best` (return `+∞` to prune); `value(slot, best)` returns the slot's value, or `None`
    /// when it cannot beat `best`. A value replaces the best when smaller; the first value found
    /// is accepted when not above `best` (so `best` starts as an inclusive bound, e.g. a ray's
    /// `max_t`). A tie keeps the earlier slot.
    pub(crate) fn best_first_slots<T: Real>(
        &self,
        mut best: T,
        slack: T,
        mut lower: impl FnMut(&Node, T) -> T,
        mut value: impl FnMut(usize, T) -> Option<T>,
    ) -> Option<(usize, T)> {
        let mut node = self.nodes.first()?;
        if !(lower(node, best) <= best * slack) {
            return None;
        }
        let mut winner: Option<usize> = None;
        // Each descent pushes at most one node per level: at most MAX_DEPTH − 1 pending.
        let mut stack: Stack<(u32, T), MAX_DEPTH> = Stack::new((0, T::ZERO));
        loop {
            if node.is_leaf() {
                for slot in node.slots() {
                    if let Some(v) = value(slot, best)
                        && (v < best || (winner.is_none() && v <= best))
                    {
                        best = v;
                        winner = Some(slot);
                    }
                }
            } else if let Some((l, r)) = self.children(node) {
                let (bl, br) = (lower(l, best), lower(r, best));
                let bound = best * slack;
                match (bl <= bound, br <= bound) {
                    (true, true) => {
                        let (near, far_bound, far_index) =
                            if bl <= br { (l, br, node.start + 1) } else { (r, bl, node.start) };
                        stack.push((far_index, far_bound));
                        node = near;
                        continue;
                    }
                    (true, false) => {
                        node = l;
                        continue;
                    }
                    (false, true) => {
                        node = r;
                        continue;
                    }
                    (false, false) => {}
                }
            }
            // Pop the nearest pending node that can still beat the best.
            loop {
                let Some((index, bound)) = stack.pop() else {
                    return winner.map(|s| (s, best));
                };
                if bound <= best * slack
                    && let Some(n) = self.nodes.get(index as usize)
                {
                    node = n;
                    break;
                }
            }
        }
    }

    /// Depth-first visit of the slots of every leaf whose node (and ancestors) pass `test`.
    pub(crate) fn visit_slots(
        &self,
        mut test: impl FnMut(&Node) -> bool,
        mut leaf: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Some(root) = self.nodes.first() else { return ControlFlow::Continue(()) };
        if !test(root) {
            return ControlFlow::Continue(());
        }
        let mut stack: Stack<u32, MAX_DEPTH> = Stack::new(0);
        let mut node = root;
        loop {
            if node.is_leaf() {
                for slot in node.slots() {
                    leaf(slot)?;
                }
            } else if let Some((l, r)) = self.children(node) {
                match (test(l), test(r)) {
                    (true, true) => {
                        stack.push(node.start + 1);
                        node = l;
                        continue;
                    }
                    (true, false) => {
                        node = l;
                        continue;
                    }
                    (false, true) => {
                        node = r;
                        continue;
                    }
                    (false, false) => {}
                }
            }
            match stack.pop().and_then(|i| self.nodes.get(i as usize)) {
                Some(n) => node = n,
                None => return ControlFlow::Continue(()),
            }
        }
    }

    /// The slot pairs of every pair of leaves, one from `self` and one from `other`, whose nodes
    /// (and ancestors) pass `test`.
    pub(crate) fn pair_slots(
        &self,
        other: &Self,
        mut test: impl FnMut(&Node, &Node) -> bool,
        mut leaf: impl FnMut(usize, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.nodes.is_empty() || other.nodes.is_empty() {
            return ControlFlow::Continue(());
        }
        // Each step replaces one pair by at most two whose depths sum one more: at most
        // 2·(MAX_DEPTH − 1) + 1 pending.
        let mut stack: Stack<(u32, u32), { 2 * MAX_DEPTH }> = Stack::new((0, 0));
        stack.push((0, 0));
        while let Some((ia, ib)) = stack.pop() {
            let (Some(a), Some(b)) = (self.nodes.get(ia as usize), other.nodes.get(ib as usize))
            else {
                continue;
            };
            if !test(a, b) {
                continue;
            }
            match (a.is_leaf(), b.is_leaf()) {
                (true, true) => {
                    for sa in a.slots() {
                        for sb in b.slots() {
                            leaf(sa, sb)?;
                        }
                    }
                }
                (false, true) => {
                    stack.push((a.start + 1, ib));
                    stack.push((a.start, ib));
                }
                (true, false) => {
                    stack.push((ia, b.start + 1));
                    stack.push((ia, b.start));
                }
                (false, false) => {
                    if half_area(a) >= half_area(b) {
                        stack.push((a.start + 1, ib));
                        stack.push((a.start, ib));
                    } else {
                        stack.push((ia, b.start + 1));
                        stack.push((ia, b.start));
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The pairs of distinct slots of `self` under pairs of nodes that pass `test` (each
    /// unordered pair once; slots of one leaf are paired without a test).
    pub(crate) fn self_pair_slots(
        &self,
        mut test: impl FnMut(&Node, &Node) -> bool,
        mut leaf: impl FnMut(usize, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.nodes.is_empty() {
            return ControlFlow::Continue(());
        }
        // A `Within` task leaves two tasks pending per level (the sibling's `Within` and the
        // `Across`), and an `Across` descent one per level of either side: at most
        // 2·(MAX_DEPTH − 1) + 2·(MAX_DEPTH − 1) + 1 pending.
        let mut stack: Stack<SelfTask, { 4 * MAX_DEPTH }> = Stack::new(SelfTask::Within(0));
        stack.push(SelfTask::Within(0));
        while let Some(task) = stack.pop() {
            match task {
                SelfTask::Within(i) => {
                    let Some(n) = self.nodes.get(i as usize) else { continue };
                    if n.is_leaf() {
                        let slots = n.slots();
                        for a in slots.clone() {
                            for b in a + 1..slots.end {
                                leaf(a, b)?;
                            }
                        }
                    } else {
                        stack.push(SelfTask::Across(n.start, n.start + 1));
                        stack.push(SelfTask::Within(n.start + 1));
                        stack.push(SelfTask::Within(n.start));
                    }
                }
                SelfTask::Across(ia, ib) => {
                    let (Some(a), Some(b)) =
                        (self.nodes.get(ia as usize), self.nodes.get(ib as usize))
                    else {
                        continue;
                    };
                    if !test(a, b) {
                        continue;
                    }
                    match (a.is_leaf(), b.is_leaf()) {
                        (true, true) => {
                            for sa in a.slots() {
                                for sb in b.slots() {
                                    leaf(sa, sb)?;
                                }
                            }
                        }
                        (false, true) => {
                            stack.push(SelfTask::Across(a.start + 1, ib));
                            stack.push(SelfTask::Across(a.start, ib));
                        }
                        (true, false) => {
                            stack.push(SelfTask::Across(ia, b.start + 1));
                            stack.push(SelfTask::Across(ia, b.start));
                        }
                        (false, false) => {
                            if half_area(a) >= half_area(b) {
                                stack.push(SelfTask::Across(a.start + 1, ib));
                                stack.push(SelfTask::Across(a.start, ib));
                            } else {
                                stack.push(SelfTask::Across(ia, b.start + 1));
                                stack.push(SelfTask::Across(ia, b.start));
                            }
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The item in slot `slot`.
    #[inline(always)]
    pub(crate) fn item(&self, slot: usize) -> usize {
        self.items.get(slot).map_or(usize::MAX, |&i| i as usize)
    }

    /// The nearest item along `ray`: visits the items whose boxes the ray reaches, nearest box
    /// first, calling `hit(item, t_max)`, which returns the item's ray parameter when the ray
    /// meets it within `[0, t_max]` (`t_max` is the ray's `max_t`, then the best parameter so
    /// far); returns that item and parameter. Boxes entered beyond the best parameter are
    /// skipped, so most items are never tested.
    ///
    /// Boxes are tested by the slab method with reciprocal directions (Williams et al. 2005;
    /// `±∞` for a zero component, a NaN slab ignored), its far bound scaled by `1 + 32ε` after
    /// Ize ("Robust BVH Ray Traversal", 2013) so that rounding never rejects a box the ray
    /// touches. Ties keep the item found first. `None` for a ray with a non-finite or zero
    /// direction, a non-finite origin or a negative or NaN `max_t`, and when nothing is hit.
    ///
    /// # Examples
    /// ```
    /// use osculate_cast::ray_sphere;
    /// use osculate_math::{Bounded, Point3, Ray, Sphere, Vector3};
    /// use osculate_mesh::Bvh;
    ///
    /// let balls: Vec<Sphere<f32>> =
    ///     (0..50).map(|i| Sphere::new(Point3::new(i as f32 * 3.0, 0.0, 0.0), 1.0)).collect();
    /// let boxes: Vec<_> = balls.iter().map(Bounded::aabb).collect();
    /// let bvh = Bvh::try_new(&boxes)?;
    /// let ray = Ray::new(Point3::new(200.0, 0.5, 0.0), -Vector3::x());
    /// let hit = bvh.cast_ray(&ray, |i, t_max| {
    ///     let h = ray_sphere(&Ray { max_t: t_max, ..ray }, &balls[i])?;
    ///     Some(h.t_enter)
    /// });
    /// let (item, t) = hit.unwrap();
    /// assert_eq!(item, 49);
    /// assert!((t - (200.0 - 147.0 - 0.75_f32.sqrt())).abs() < 1e-4);
    /// # Ok::<(), osculate_mesh::BvhError>(())
    /// ```
    pub fn cast_ray<T: Real>(
        &self,
        ray: &Ray<T>,
        mut hit: impl FnMut(usize, T) -> Option<T>,
    ) -> Option<(usize, T)> {
        if !valid_ray(ray) {
            return None;
        }
        let slab = SlabRay::new(ray);
        let (slot, t) = self.best_first_slots(
            ray.max_t,
            slab.slack(),
            |n, best| slab.enter(n, best),
            |slot, best| hit(self.item(slot), best),
        )?;
        Some((self.item(slot), t))
    }

    /// Calls `visit(item)` for every item whose box `ray` reaches within `[0, max_t]`, in no
    /// particular order, until `visit` breaks (any-hit queries, and every hit). Returns
    /// `Break` when `visit` did. Invalid rays (see [`Bvh::cast_ray`]) visit nothing.
    ///
    /// # Examples
    /// ```
    /// use core::ops::ControlFlow;
    /// use osculate_math::{Aabb, Point3, Ray, Vector3};
    /// use osculate_mesh::Bvh;
    ///
    /// let boxes: Vec<Aabb<f64>> = (0..10)
    ///     .map(|i| Aabb::new(Point3::new(f64::from(i), 0.0, 0.0), Point3::new(f64::from(i) + 0.5, 1.0, 1.0)))
    ///     .collect();
    /// let bvh = Bvh::try_new(&boxes)?;
    /// let mut n = 0;
    /// let _ = bvh.visit_ray(&Ray::new(Point3::new(-1.0, 0.5, 0.5), Vector3::x()), |_| {
    ///     n += 1;
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(n, 10);
    /// # Ok::<(), osculate_mesh::BvhError>(())
    /// ```
    pub fn visit_ray<T: Real>(
        &self,
        ray: &Ray<T>,
        mut visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if !valid_ray(ray) {
            return ControlFlow::Continue(());
        }
        let slab = SlabRay::new(ray);
        self.visit_slots(|n| slab.enter(n, ray.max_t) < T::INFINITY, |s| visit(self.item(s)))
    }

    /// Calls `visit(item)` for every item in a leaf whose node and ancestors pass `overlaps`
    /// (given each node's box), depth first, until `visit` breaks: the traversal for any query
    /// shape with a cheap test against a box (a box, a sphere, an oriented box, a frustum).
    /// Returns `Break` when `visit` did.
    ///
    /// # Examples
    /// ```
    /// use core::ops::ControlFlow;
    /// use osculate_math::{Aabb, Point3, Sphere};
    /// use osculate_mesh::Bvh;
    ///
    /// let boxes: Vec<Aabb<f64>> = (0..10)
    ///     .map(|i| Aabb::new(Point3::new(f64::from(i), 0.0, 0.0), Point3::new(f64::from(i) + 0.5, 1.0, 1.0)))
    ///     .collect();
    /// let bvh = Bvh::try_new(&boxes)?;
    /// let ball = Sphere::new(Point3::new(4.25, 2.0, 0.5), 1.1);
    /// let mut near = Vec::new();
    /// let _ = bvh.visit(
    ///     |b| osculate_overlap::sphere_aabb(&ball, b),
    ///     |i| {
    ///         // A leaf's items come together: test each.
    ///         if osculate_overlap::sphere_aabb(&ball, &boxes[i]) {
    ///             near.push(i);
    ///         }
    ///         ControlFlow::Continue(())
    ///     },
    /// );
    /// assert_eq!(near, [4]);
    /// # Ok::<(), osculate_mesh::BvhError>(())
    /// ```
    pub fn visit<T: Real>(
        &self,
        mut overlaps: impl FnMut(&Aabb<T>) -> bool,
        mut visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.visit_slots(|n| overlaps(&n.aabb()), |s| visit(self.item(s)))
    }

    /// [`Bvh::visit`] with the boxes that overlap `aabb` (touching counts). A box with a NaN
    /// bound overlaps nothing.
    ///
    /// # Examples
    /// See [`Bvh`].
    pub fn visit_aabb<T: Real>(
        &self,
        aabb: &Aabb<T>,
        mut visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let q = crate::bvh::Box32::outward(aabb);
        self.visit_slots(
            |n| (0..3).all(|i| n.min[i] <= q.max[i] && q.min[i] <= n.max[i]),
            |s| visit(self.item(s)),
        )
    }

    /// The item nearest `point`: visits items in order of their boxes' distance, calling
    /// `sq_distance(item, best)`, which returns the item's squared distance to the point when it
    /// is at most `best` (the squared bound so far, `max_sq_distance` at first); returns that item
    /// and squared distance. Boxes farther than the best are skipped (their squared distance
    /// computed in the query's scalar, the comparison widened by `1 + 64ε` for its rounding).
    /// `None` for a non-finite point or when no item is within `max_sq_distance` (pass
    /// `T::INFINITY` for no bound).
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::sq_distance_point_aabb;
    /// use osculate_math::{Aabb, Point3};
    /// use osculate_mesh::Bvh;
    ///
    /// let boxes: Vec<Aabb<f64>> = (0..100)
    ///     .map(|i| {
    ///         let c = Point3::new(f64::from(i % 10) * 2.0, f64::from(i / 10) * 2.0, 0.0);
    ///         Aabb::new(c, c + osculate_math::Vector3::new(1.0, 1.0, 1.0))
    ///     })
    ///     .collect();
    /// let bvh = Bvh::try_new(&boxes)?;
    /// let p = Point3::new(7.6, 12.2, 0.5);
    /// let (item, d2) = bvh.nearest(&p, f64::INFINITY, |i, _| Some(sq_distance_point_aabb(&p, &boxes[i]))).unwrap();
    /// assert_eq!(item, 64);
    /// assert!((d2 - 0.16).abs() < 1e-12);
    /// # Ok::<(), osculate_mesh::BvhError>(())
    /// ```
    pub fn nearest<T: Real>(
        &self,
        point: &Point3<T>,
        max_sq_distance: T,
        mut sq_distance: impl FnMut(usize, T) -> Option<T>,
    ) -> Option<(usize, T)> {
        if !osculate_math::is_finite_point(point) || max_sq_distance.is_nan() {
            return None;
        }
        let (slot, d) = self.best_first_slots(
            max_sq_distance,
            distance_slack(),
            |n, _| sq_distance_to_node(point, n),
            |slot, best| sq_distance(self.item(slot), best),
        )?;
        Some((self.item(slot), d))
    }

    /// The generic best-first search: the item minimising a value, visiting nodes in order of
    /// `lower(node box)`, a lower bound on the value of every item under the node (`+∞` prunes
    /// the node), and calling `value(item, best)` for the items of the leaves reached, which
    /// returns the item's value when it is at most `best`. Nodes whose bound exceeds the best
    /// value found (times `1 + 64ε`, for the bound's rounding) are skipped. Starts from `bound`
    /// (inclusive); `None` when no item's value is within it.
    ///
    /// [`Bvh::cast_ray`] and [`Bvh::nearest`] are this search with the ray's entry parameter and
    /// the box's distance as the bounds; a distance between a shape and a set of shapes, or the
    /// earliest impact of a swept shape, are others.
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{Aabb, Point3};
    /// use osculate_mesh::Bvh;
    ///
    /// // The item whose box's lowest corner has the smallest x + y + z.
    /// let boxes: Vec<Aabb<f64>> = (0..64)
    ///     .map(|i| {
    ///         let c = Point3::new(f64::from(i % 4), f64::from((i / 4) % 4), f64::from(i / 16));
    ///         Aabb::new(c, c + osculate_math::Vector3::new(0.5, 0.5, 0.5))
    ///     })
    ///     .collect();
    /// let bvh = Bvh::try_new(&boxes)?;
    /// let key = |b: &Aabb<f64>| b.min.x + b.min.y + b.min.z;
    /// let (item, v) = bvh.best_first(f64::INFINITY, key, |i, _| Some(key(&boxes[i]))).unwrap();
    /// assert_eq!((item, v), (0, 0.0));
    /// # Ok::<(), osculate_mesh::BvhError>(())
    /// ```
    pub fn best_first<T: Real>(
        &self,
        bound: T,
        mut lower: impl FnMut(&Aabb<T>) -> T,
        mut value: impl FnMut(usize, T) -> Option<T>,
    ) -> Option<(usize, T)> {
        if bound.is_nan() {
            return None;
        }
        let (slot, v) = self.best_first_slots(
            bound,
            distance_slack(),
            |n, _| lower(&n.aabb()),
            |slot, best| value(self.item(slot), best),
        )?;
        Some((self.item(slot), v))
    }

    /// Calls `visit(a, b)` for every pair of items, `a` of `self` and `b` of `other`, in leaves
    /// whose nodes (and ancestors) pass `overlaps(box of a's node, box of b's node)`, until
    /// `visit` breaks: the candidate pairs of two sets (simultaneous descent, the larger node
    /// split first; Ericson 6.5). Pass a test that moves one tree's boxes into the other's frame
    /// to pair posed sets. Returns `Break` when `visit` did.
    ///
    /// # Examples
    /// ```
    /// use core::ops::ControlFlow;
    /// use osculate_math::{Aabb, Point3, Vector3};
    /// use osculate_mesh::Bvh;
    ///
    /// let unit = |x: f64, y: f64| Aabb::new(Point3::new(x, y, 0.0), Point3::new(x + 1.0, y + 1.0, 1.0));
    /// let rows: Vec<_> = (0..20).map(|i| unit(f64::from(i) * 2.0, 0.0)).collect();
    /// let column: Vec<_> = (0..20).map(|i| unit(6.5, f64::from(i) - 0.5)).collect();
    /// let (a, b) = (Bvh::try_new(&rows)?, Bvh::try_new(&column)?);
    /// let mut pairs = Vec::new();
    /// let _ = a.visit_pairs(&b, osculate_overlap::aabb_aabb::<f64>, |i, j| {
    ///     if osculate_overlap::aabb_aabb(&rows[i], &column[j]) {
    ///         pairs.push((i, j));
    ///     }
    ///     ControlFlow::Continue(())
    /// });
    /// pairs.sort();
    /// assert_eq!(pairs, [(3, 0), (3, 1)]);
    /// # Ok::<(), osculate_mesh::BvhError>(())
    /// ```
    pub fn visit_pairs<T: Real>(
        &self,
        other: &Self,
        mut overlaps: impl FnMut(&Aabb<T>, &Aabb<T>) -> bool,
        mut visit: impl FnMut(usize, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.pair_slots(
            other,
            |a, b| overlaps(&a.aabb(), &b.aabb()),
            |sa, sb| visit(self.item(sa), other.item(sb)),
        )
    }

    /// Calls `visit(a, b)` once for every unordered pair of distinct items in leaves whose nodes
    /// pass `overlaps` (items of one leaf are paired without a node test), until `visit` breaks:
    /// the candidate pairs of a set against itself (a broad phase, a mesh's self-intersections).
    /// Returns `Break` when `visit` did.
    ///
    /// # Examples
    /// ```
    /// use core::ops::ControlFlow;
    /// use osculate_math::{Aabb, Point3};
    /// use osculate_mesh::Bvh;
    ///
    /// let boxes: Vec<Aabb<f32>> = (0..30)
    ///     .map(|i| Aabb::new(Point3::new(i as f32 * 0.6, 0.0, 0.0), Point3::new(i as f32 * 0.6 + 1.0, 1.0, 1.0)))
    ///     .collect();
    /// let bvh = Bvh::try_new(&boxes)?;
    /// let mut n = 0;
    /// let _ = bvh.visit_self_pairs(osculate_overlap::aabb_aabb::<f32>, |i, j| {
    ///     if osculate_overlap::aabb_aabb(&boxes[i], &boxes[j]) {
    ///         n += 1;
    ///     }
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(n, 29); // each box overlaps its next neighbour only
    /// # Ok::<(), osculate_mesh::BvhError>(())
    /// ```
    pub fn visit_self_pairs<T: Real>(
        &self,
        mut overlaps: impl FnMut(&Aabb<T>, &Aabb<T>) -> bool,
        mut visit: impl FnMut(usize, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.self_pair_slots(
            |a, b| overlaps(&a.aabb(), &b.aabb()),
            |sa, sb| visit(self.item(sa), self.item(sb)),
        )
    }
}

/// The multiplier on pruning bounds for distances: `1 + 64ε`, room for the rounding of a box's
/// squared distance and of an item's own distance computation.
#[inline(always)]
pub(crate) fn distance_slack<T: Real>() -> T {
    T::ONE + T::EPSILON * T::lit(64.0)
}

/// The squared distance from `p` to `node`'s box (0 inside).
#[inline(always)]
pub(crate) fn sq_distance_to_node<T: Real>(p: &Point3<T>, node: &Node) -> T {
    let mut d2 = T::ZERO;
    for i in 0..3 {
        let lo = T::lit(f64::from(node.min[i]));
        let hi = T::lit(f64::from(node.max[i]));
        let d = (lo - p[i]).fast_max(p[i] - hi).fast_max(T::ZERO);
        d2 += d * d;
    }
    d2
}

/// Half the surface area of a node's box (which node of a pair to split first).
#[inline(always)]
fn half_area(n: &Node) -> f32 {
    let d: [f32; 3] = core::array::from_fn(|i| n.max[i] - n.min[i]);
    d[0] * d[1] + d[1] * d[2] + d[2] * d[0]
}
