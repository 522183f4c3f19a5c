//! The traversals of a [`Bvh`]: best-first descent with pruning (rays, nearest item, any
//! lower-bounded minimum), depth-first visits (boxes, convex shapes), and simultaneous descent of
//! two trees or of one tree against itself (candidate pairs). None allocates: each keeps its
//! pending nodes on a fixed-size stack whose bound follows from the depth cap ([`MAX_DEPTH`]).

use core::ops::{ControlFlow, Range};

use osculate_math::{Aabb, Point3, Ray, Real};

use crate::bvh::{Box32, Bvh, Child, MAX_DEPTH, Node};
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

/// The stack of a single-tree traversal: expanding a node leaves at most three siblings pending
/// per level, and the four-wide tree is no deeper than [`MAX_DEPTH`].
const STACK: usize = 4 * MAX_DEPTH;

/// The stack of a two-tree traversal: each expansion of either side leaves at most three more
/// pairs pending, over at most `2·MAX_DEPTH` levels.
const PAIR_STACK: usize = 8 * MAX_DEPTH;

/// The stack of a self-pair traversal: a node's expansion leaves three sibling subtrees and six
/// sibling pairs pending per level, then the pairs' descents three per level of either side.
const SELF_STACK: usize = 16 * MAX_DEPTH;

/// A reference to a subtree during a pair traversal: lane `lane` of node `node`, or the whole
/// tree (`lane == 4`).
#[derive(Clone, Copy, Debug)]
struct Ref {
    node: u32,
    lane: u32,
}

impl Ref {
    const ROOT: Self = Self { node: 0, lane: 4 };
}

/// A task of the self-pair traversal: the pairs within one subtree, or across two.
#[derive(Clone, Copy)]
enum SelfTask {
    Within(Child),
    Across(Ref, Ref),
}

/// Calls `leaf` for every pair of slots of leaves `a` and `b`, until it breaks.
#[inline]
fn every_pair(
    a: Child,
    b: Child,
    leaf: &mut impl FnMut(usize, usize) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for sa in a.slots() {
        for sb in b.slots() {
            leaf(sa, sb)?;
        }
    }
    ControlFlow::Continue(())
}

/// Up to four lanes ordered by their bounds, largest first (the nearest is pushed last and so
/// popped first).
#[inline(always)]
fn by_bound_descending<T: Real>(lanes: &mut [(T, usize)]) {
    for i in 1..lanes.len() {
        let mut j = i;
        while j > 0 && lanes[j].0 > lanes[j - 1].0 {
            lanes.swap(j, j - 1);
            j -= 1;
        }
    }
}

impl Bvh {
    /// The box and the child a pair-traversal reference stands for.
    #[inline(always)]
    fn resolve(&self, r: Ref, root_box: &Box32) -> Option<(Box32, Child)> {
        if r.lane >= 4 {
            return Some((*root_box, Child::ROOT));
        }
        let n = self.nodes.get(r.node as usize)?;
        let l = r.lane as usize;
        Some((n.lane_box(l), n.child(l)))
    }

    /// The box of every item, as a build box.
    fn root_box(&self) -> Box32 {
        let mut b = Box32::EMPTY;
        if let Some(root) = self.nodes.first() {
            for l in (0..4).filter(|&l| root.used(l)) {
                b.grow(&root.lane_box(l));
            }
        }
        b
    }

    /// Best-first descent: the slot minimising `value` with its value, expanding nodes in order
    /// of the bounds `lower` gives their lanes and skipping every lane whose bound exceeds the
    /// best value found times `slack`.
    ///
    /// `lower(node, best)` returns, per lane, a bound not above the value of any slot under it
    /// that could beat `best` (`+∞` prunes; unused lanes are skipped whatever it returns);
    /// `value(slot, best)` returns the slot's value, or `None` when it cannot beat `best`. A value
    /// replaces the best when smaller; the first value found is accepted when not above `best`
    /// (so `best` starts as an inclusive bound, e.g. a ray's `max_t`). A tie keeps the earlier
    /// slot.
    pub(crate) fn best_first_slots<T: Real>(
        &self,
        mut best: T,
        slack: T,
        mut lower: impl FnMut(&Node, T) -> [T; 4],
        mut value: impl FnMut(usize, T) -> Option<T>,
    ) -> Option<(usize, T)> {
        // A lane is visited when its bound is finite and within the best (times the slack): a
        // bound of +∞ prunes even while the best is still +∞.
        let visit = |bound: T, best: T| bound < T::INFINITY && bound <= best * slack;
        let mut node = self.nodes.first()?;
        let mut winner: Option<usize> = None;
        let mut stack: Stack<(Child, T), STACK> = Stack::new((Child::ROOT, T::ZERO));
        loop {
            let bounds = lower(node, best);
            let mut lanes = [(T::ZERO, 0); 4];
            let mut m = 0;
            for (l, &b) in bounds.iter().enumerate() {
                if node.used(l) && visit(b, best) {
                    lanes[m] = (b, l);
                    m += 1;
                }
            }
            by_bound_descending(&mut lanes[..m]);
            for &(b, l) in &lanes[..m] {
                stack.push((node.child(l), b));
            }
            // Pop the nearest pending child that can still beat the best; leaves are tested
            // here, an interior child becomes the next node to expand.
            loop {
                let Some((child, bound)) = stack.pop() else {
                    return winner.map(|s| (s, best));
                };
                if !visit(bound, best) {
                    continue;
                }
                if child.is_leaf() {
                    for slot in child.slots() {
                        if let Some(v) = value(slot, best)
                            && (v < best || (winner.is_none() && v <= best))
                        {
                            best = v;
                            winner = Some(slot);
                        }
                    }
                } else if let Some(n) = self.nodes.get(child.start as usize) {
                    node = n;
                    break;
                }
            }
        }
    }

    /// Depth-first visit of the slots of every leaf whose lane (and ancestors) pass `test`.
    pub(crate) fn visit_slots(
        &self,
        mut test: impl FnMut(&Node) -> [bool; 4],
        mut leaf: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Some(mut node) = self.nodes.first() else { return ControlFlow::Continue(()) };
        let mut stack: Stack<Child, STACK> = Stack::new(Child::ROOT);
        loop {
            let hits = test(node);
            for l in (0..4).rev() {
                if node.used(l) && hits[l] {
                    stack.push(node.child(l));
                }
            }
            loop {
                let Some(child) = stack.pop() else { return ControlFlow::Continue(()) };
                if child.is_leaf() {
                    for slot in child.slots() {
                        leaf(slot)?;
                    }
                } else if let Some(n) = self.nodes.get(child.start as usize) {
                    node = n;
                    break;
                }
            }
        }
    }

    /// One pair of lanes, `ra` of `a` and `rb` of `b` (each tree with its root's box): the slot
    /// pairs of two leaves go to `leaf`, any other pair is expanded one level down
    /// ([`Self::expand_pair`]).
    #[inline]
    fn visit_pair<const N: usize, E: Copy>(
        (a, ra, root_a): (&Self, Ref, &Box32),
        (b, rb, root_b): (&Self, Ref, &Box32),
        test: &mut impl FnMut(&Box32, &Box32) -> bool,
        leaf: &mut impl FnMut(usize, usize) -> ControlFlow<()>,
        stack: &mut Stack<E, N>,
        wrap: impl Fn(Ref, Ref) -> E,
    ) -> ControlFlow<()> {
        let (Some((ba, ca)), Some((bb, cb))) = (a.resolve(ra, root_a), b.resolve(rb, root_b))
        else {
            return ControlFlow::Continue(());
        };
        if ca.is_leaf() && cb.is_leaf() {
            return every_pair(ca, cb, leaf);
        }
        Self::expand_pair((a, ra, &ba, ca), (b, rb, &bb, cb), test, stack, wrap);
        ControlFlow::Continue(())
    }

    /// Pushes the pairs of `(a, b)` one level down, expanding the larger interior side (its
    /// lanes that pass `test` against the other side's box).
    #[inline]
    fn expand_pair<const N: usize, E: Copy>(
        a: (&Self, Ref, &Box32, Child),
        b: (&Self, Ref, &Box32, Child),
        test: &mut impl FnMut(&Box32, &Box32) -> bool,
        stack: &mut Stack<E, N>,
        wrap: impl Fn(Ref, Ref) -> E,
    ) {
        let expand_a =
            !a.3.is_leaf() && (b.3.is_leaf() || a.2.measure(false) >= b.2.measure(false));
        let (tree, parent, other, other_box) =
            if expand_a { (a.0, a.3, b.1, b.2) } else { (b.0, b.3, a.1, a.2) };
        let Some(node) = tree.nodes.get(parent.start as usize) else { return };
        for l in (0..4).filter(|&l| node.used(l)) {
            let lane = node.lane_box(l);
            #[allow(clippy::cast_possible_truncation, reason = "lane < 4")]
            let r = Ref { node: parent.start, lane: l as u32 };
            if expand_a {
                if test(&lane, other_box) {
                    stack.push(wrap(r, other));
                }
            } else if test(other_box, &lane) {
                stack.push(wrap(other, r));
            }
        }
    }

    /// Best-first descent of two trees at once: the pair of leaves, one of `self` and one of
    /// `other`, whose answer `leaves` values least, with that answer's payload and value.
    ///
    /// A pair of subtrees is split on its larger interior side (as [`Self::expand_pair`]); the
    /// new pairs whose bounds `lower(box of self's side, box of other's side)` are within the
    /// best value (times `slack`) are pushed farthest first, so the nearest is taken next, and a
    /// pending pair whose bound the best has since dropped below is skipped. `lower` must not
    /// exceed the value of any pair of slots under the two boxes; `+∞` prunes. At a pair of
    /// leaves, `leaves(slots of self's leaf, slots of other's leaf, best)` returns its least
    /// value with a payload (or `None`); it replaces the best when smaller, the first one when
    /// not above the starting `best`. Values are taken to be non-negative: the search stops at 0.
    /// The pending pairs live on a fixed stack (each split leaves at most three more, over at
    /// most `2·MAX_DEPTH` levels): nothing is allocated.
    pub(crate) fn best_first_pair_slots<T: Real, P>(
        &self,
        other: &Self,
        mut best: T,
        slack: T,
        mut lower: impl FnMut(&Box32, &Box32) -> T,
        mut leaves: impl FnMut(Range<usize>, Range<usize>, T) -> Option<(P, T)>,
    ) -> Option<(P, T)> {
        if self.nodes.is_empty() || other.nodes.is_empty() {
            return None;
        }
        let visit = |bound: T, best: T| bound < T::INFINITY && bound <= best * slack;
        let (root_a, root_b) = (self.root_box(), other.root_box());
        let mut winner: Option<P> = None;
        let mut stack: Stack<(Ref, Ref, T), PAIR_STACK> =
            Stack::new((Ref::ROOT, Ref::ROOT, T::ZERO));
        stack.push((Ref::ROOT, Ref::ROOT, lower(&root_a, &root_b)));
        while let Some((ra, rb, bound)) = stack.pop() {
            if !visit(bound, best) {
                continue;
            }
            let (Some((ba, ca)), Some((bb, cb))) =
                (self.resolve(ra, &root_a), other.resolve(rb, &root_b))
            else {
                continue;
            };
            if ca.is_leaf() && cb.is_leaf() {
                if let Some((p, v)) = leaves(ca.slots(), cb.slots(), best)
                    && (v < best || (winner.is_none() && v <= best))
                {
                    best = v;
                    winner = Some(p);
                    if best <= T::ZERO {
                        break;
                    }
                }
                continue;
            }
            let expand_a =
                !ca.is_leaf() && (cb.is_leaf() || ba.measure(false) >= bb.measure(false));
            let parent = if expand_a { ca } else { cb };
            let tree = if expand_a { self } else { other };
            let Some(node) = tree.nodes.get(parent.start as usize) else { continue };
            let mut lanes = [(T::ZERO, 0); 4];
            let mut m = 0;
            for l in (0..4).filter(|&l| node.used(l)) {
                let lane = node.lane_box(l);
                let b = if expand_a { lower(&lane, &bb) } else { lower(&ba, &lane) };
                if visit(b, best) {
                    lanes[m] = (b, l);
                    m += 1;
                }
            }
            by_bound_descending(&mut lanes[..m]);
            for &(b, l) in &lanes[..m] {
                #[allow(clippy::cast_possible_truncation, reason = "lane < 4")]
                let r = Ref { node: parent.start, lane: l as u32 };
                stack.push(if expand_a { (r, rb, b) } else { (ra, r, b) });
            }
        }
        winner.map(|p| (p, best))
    }

    /// The slot pairs of every pair of leaves, one from `self` and one from `other`, whose lanes
    /// (and ancestors) pass `test`.
    pub(crate) fn pair_slots(
        &self,
        other: &Self,
        mut test: impl FnMut(&Box32, &Box32) -> bool,
        mut leaf: impl FnMut(usize, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.nodes.is_empty() || other.nodes.is_empty() {
            return ControlFlow::Continue(());
        }
        let (root_a, root_b) = (self.root_box(), other.root_box());
        if !test(&root_a, &root_b) {
            return ControlFlow::Continue(());
        }
        let mut stack: Stack<(Ref, Ref), PAIR_STACK> = Stack::new((Ref::ROOT, Ref::ROOT));
        stack.push((Ref::ROOT, Ref::ROOT));
        while let Some((ra, rb)) = stack.pop() {
            Self::visit_pair(
                (self, ra, &root_a),
                (other, rb, &root_b),
                &mut test,
                &mut leaf,
                &mut stack,
                |x, y| (x, y),
            )?;
        }
        ControlFlow::Continue(())
    }

    /// The pairs of distinct slots of `self` under pairs of lanes that pass `test` (each
    /// unordered pair once; slots of one leaf are paired without a test).
    pub(crate) fn self_pair_slots(
        &self,
        mut test: impl FnMut(&Box32, &Box32) -> bool,
        mut leaf: impl FnMut(usize, usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.nodes.is_empty() {
            return ControlFlow::Continue(());
        }
        let root = self.root_box();
        let mut stack: Stack<SelfTask, SELF_STACK> = Stack::new(SelfTask::Within(Child::ROOT));
        stack.push(SelfTask::Within(Child::ROOT));
        while let Some(task) = stack.pop() {
            match task {
                SelfTask::Within(c) if c.is_leaf() => {
                    let slots = c.slots();
                    for a in slots.clone() {
                        for b in a + 1..slots.end {
                            leaf(a, b)?;
                        }
                    }
                }
                SelfTask::Within(c) => {
                    let Some(n) = self.nodes.get(c.start as usize) else { continue };
                    let used: [bool; 4] = core::array::from_fn(|l| n.used(l));
                    for i in 0..4 {
                        for j in i + 1..4 {
                            if used[i] && used[j] && test(&n.lane_box(i), &n.lane_box(j)) {
                                #[allow(clippy::cast_possible_truncation, reason = "lanes < 4")]
                                let (a, b) = (
                                    Ref { node: c.start, lane: i as u32 },
                                    Ref { node: c.start, lane: j as u32 },
                                );
                                stack.push(SelfTask::Across(a, b));
                            }
                        }
                    }
                    for l in (0..4).filter(|&l| used[l]) {
                        stack.push(SelfTask::Within(n.child(l)));
                    }
                }
                SelfTask::Across(ra, rb) => Self::visit_pair(
                    (self, ra, &root),
                    (self, rb, &root),
                    &mut test,
                    &mut leaf,
                    &mut stack,
                    SelfTask::Across,
                )?,
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
        self.visit_slots(
            |n| slab.enter(n, ray.max_t).map(|t| t < T::INFINITY),
            |s| visit(self.item(s)),
        )
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
        self.visit_slots(
            |n| core::array::from_fn(|l| n.used(l) && overlaps(&n.aabb(l))),
            |s| visit(self.item(s)),
        )
    }

    /// [`Bvh::visit`] with the boxes that overlap `aabb` (touching counts): every item whose box
    /// overlaps `aabb` is visited, with the other items of its leaf. A box with a NaN bound
    /// overlaps nothing.
    ///
    /// # Examples
    /// See [`Bvh`].
    pub fn visit_aabb<T: Real>(
        &self,
        aabb: &Aabb<T>,
        mut visit: impl FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let q = Box32::outward(aabb);
        self.visit_slots(
            |n| {
                core::array::from_fn(|l| {
                    (0..3).all(|a| n.lo[a][l] <= q.max[a] && q.min[a] <= n.hi[a][l])
                })
            },
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
            |n, _| {
                core::array::from_fn(|l| if n.used(l) { lower(&n.aabb(l)) } else { T::INFINITY })
            },
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

/// The squared distance from `p` to each lane's box of `node` (0 inside).
#[inline(always)]
pub(crate) fn sq_distance_to_node<T: Real>(p: &Point3<T>, node: &Node) -> [T; 4] {
    let mut d2 = [T::ZERO; 4];
    for a in 0..3 {
        for (l, d2) in d2.iter_mut().enumerate() {
            let lo = T::lit(f64::from(node.lo[a][l]));
            let hi = T::lit(f64::from(node.hi[a][l]));
            let d = (lo - p[a]).fast_max(p[a] - hi).fast_max(T::ZERO);
            *d2 += d * d;
        }
    }
    d2
}
