//! The search behind [`convex_convex_rigid`](super::convex_convex_rigid): each shape tracked
//! along its motion with the bounds conservative advancement needs (how far its points are from
//! its rotation axis, how fast the separation along a direction can shrink), and the search over
//! time that steps by those bounds, halves where steps stall and refines near contact.

use osculate_closest::{
    DistanceStatus, GJK_MAX_ITERATIONS, GjkCache, SupportMap, distance_convex,
    distance_convex_cached, distance_convex_rough,
};
use osculate_math::{
    Point3, Real, Rotation3, UnitQuaternion, UnitVector3, Vector3, any_perpendicular,
    is_finite_point, is_finite_vector,
};

use super::*;
use crate::motion::{RigidMotion, turned_minus};

/// The in-plane directions used to bound a shape's distance from its rotation axis: `K` unit
/// directions `2πi/K` apart around the axis. Any vector across the axis is within `π/K` of one of
/// them, so its length is at most its component along that one over `cos(π/K)`.
pub(super) const AROUND: usize = 8;
/// `(cos, sin)` of `2πi/8`.
pub(super) const AROUND_DIRS: [(f64, f64); AROUND] = osculate_closest::EIGHTH_TURNS;
/// `1 / cos(π/8)`, rounded up (and a little more for the rounding of the supports).
pub(super) const AROUND_SLACK: f64 = 1.082_392_200_292_394;

/// A shape following its motion, in the search's frame (translated by `−origin`), with what the
/// bounds need: the radius of its core about its rotation axis and its bounding sphere's.
pub(super) struct Track<'s, T: Real, S: ?Sized> {
    pub(super) shape: &'s S,
    pub(super) q0: UnitQuaternion<T>,
    pub(super) omega: Vector3<T>,
    pub(super) spin: T,
    pub(super) v: Vector3<T>,
    /// The shape's own center, in its local frame (a point near it: keeps the placement precise).
    pub(super) anchor_local: Point3<T>,
    /// That center's position at `t = 0`, in the search frame.
    pub(super) anchor0: Point3<T>,
    /// From the motion's center to the anchor at `t = 0` (world).
    pub(super) arm: Vector3<T>,
    /// A bound on the distance of the core's points from the rotation axis.
    pub(super) rho_core: T,
    /// A bound on the distance of the shape's points from its anchor (its own size).
    pub(super) own: T,
    /// A bound on the distance of the shape's points from the motion's center.
    pub(super) radius: T,
    /// The same for the core's points.
    pub(super) core_radius: T,
    /// The motion's center at `t = 0`, in the search frame.
    pub(super) center0: Point3<T>,
}

/// A shape at one time: placed by the rotation `rot` about its anchor at `anchor`.
pub(super) struct Posed<'s, T: Real, S: ?Sized> {
    pub(super) shape: &'s S,
    pub(super) rot: Rotation3<T>,
    pub(super) anchor: Point3<T>,
    pub(super) anchor_local: Point3<T>,
    /// From the motion's center to the anchor, now.
    pub(super) arm: Vector3<T>,
}

impl<T: Real, S: ?Sized> Clone for Posed<'_, T, S> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Real, S: ?Sized> Copy for Posed<'_, T, S> {}

impl<T: Real, S: SupportMap<T> + ?Sized> SupportMap<T> for Posed<'_, T, S> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        let local = self.shape.support(&self.rot.inverse_transform_vector(dir));
        self.anchor + self.rot * (local - self.anchor_local)
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        self.anchor
    }
    #[inline]
    fn margin(&self) -> T {
        self.shape.margin()
    }
    #[inline]
    fn core_support(&self, dir: &Vector3<T>) -> Point3<T> {
        let local = self.shape.core_support(&self.rot.inverse_transform_vector(dir));
        self.anchor + self.rot * (local - self.anchor_local)
    }
}

/// The closing rate along a direction: at most `first + second·τ` a time `τ` later, never more
/// than `cap`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rate<T: Real> {
    pub(super) first: T,
    pub(super) second: T,
    pub(super) cap: T,
}

impl<T: Real> core::ops::Add for Rate<T> {
    type Output = Self;
    #[inline]
    fn add(self, o: Self) -> Self {
        Self { first: self.first + o.first, second: self.second + o.second, cap: self.cap + o.cap }
    }
}

impl<'s, T: Real, S: SupportMap<T> + ?Sized> Track<'s, T, S> {
    /// The track of `shape` under `m`, or `None` when a bound is not finite (NaN or overflow).
    pub(super) fn new(shape: &'s S, m: &RigidMotion<T>, origin: &Point3<T>) -> Option<Self> {
        let anchor_local = shape.center();
        let margin = shape.margin();
        // From the motion's center to the anchor, in the local frame, then turned to the world.
        let arm_local = anchor_local - m.local_center;
        let arm = m.start.rotation * arm_local;
        let anchor0 = Point3::from(
            (m.start.translation.vector - origin.coords) + m.start.rotation * anchor_local.coords,
        );
        let omega = m.angvel;
        let spin = omega.norm();
        // The axis in the local frame (constant: the body turns about it); any axis when the body
        // does not turn (the bounding sphere still needs one).
        let axis = m.start.rotation.inverse_transform_vector(&omega);
        let axis = if spin > T::ZERO { axis / spin } else { Vector3::z() };
        let e1 = any_perpendicular(&axis).into_inner();
        let e2 = axis.cross(&e1);
        // The core's extent about the anchor: across the axis (any vector across it is within
        // π/8 of one of the eight directions) and along it.
        let reach = |d: &Vector3<T>| (shape.core_support(d) - anchor_local).dot(d);
        let mut across = T::ZERO;
        for (cos, sin) in AROUND_DIRS {
            let d = e1 * T::lit(cos) + e2 * T::lit(sin);
            across = across.fast_max(reach(&d));
        }
        let slack = T::ONE + T::EPSILON * T::lit(64.0);
        let across = across.fast_max(T::ZERO) * T::lit(AROUND_SLACK) * slack;
        let along = reach(&axis).fast_max(reach(&-axis)).fast_max(T::ZERO) * slack;
        let own = (across * across + along * along).sqrt() * slack + margin;
        // About the axis through the motion's center: the anchor's own distance from it added.
        let off_axis = (arm_local - axis * axis.dot(&arm_local)).norm();
        let rho_core = (across + off_axis) * slack;
        let radius = (own + arm_local.norm()) * slack;
        let core_radius = (own - margin + arm_local.norm()) * slack;
        let center0 = Point3::from(
            (m.start.translation.vector - origin.coords) + m.start.rotation * m.local_center.coords,
        );
        let ok = rho_core.is_finite()
            && radius.is_finite()
            && is_finite_point(&anchor0)
            && is_finite_vector(&arm)
            && is_finite_point(&center0);
        ok.then_some(Self {
            shape,
            q0: m.start.rotation,
            omega,
            spin,
            v: m.linvel,
            anchor_local,
            anchor0,
            arm,
            rho_core,
            own,
            radius,
            core_radius,
            center0,
        })
    }

    /// A bound on the anchor's coordinates over `[0, max_time]`: its start, its travel, and a
    /// swing about a center away from it (at most twice the arm).
    pub(super) fn travel(&self, max_time: T) -> T {
        self.anchor0.coords.amax()
            + self.v.amax() * max_time
            + self.arm.amax() * (self.spin * max_time).fast_min(T::TWO)
    }

    /// Whether turning moves no point of the shape: no rotation, or a core on the axis.
    pub(super) fn rotation_moves_nothing(&self) -> bool {
        self.spin == T::ZERO || self.rho_core == T::ZERO
    }

    /// The shape at time `t`.
    pub(super) fn at(&self, t: T) -> Posed<'s, T, S> {
        let theta = self.omega * t;
        let turn = UnitQuaternion::from_scaled_axis(theta);
        let rot = (turn * self.q0).to_rotation_matrix();
        let swing = turned_minus(&theta, &self.arm);
        Posed {
            shape: self.shape,
            rot,
            anchor: self.anchor0 + self.v * t + swing,
            anchor_local: self.anchor_local,
            arm: self.arm + swing,
        }
    }

    /// How fast the support plane of the shape along `n` (unit) can advance along `n`, from the
    /// shape's placement `p` now: `n·v + max over the core of (x − c)·(n × ω)` now (one support
    /// point), growing by at most `|ω| ρ |n × ω|` per unit time as the shape turns, and never more
    /// than `n·v + ρ |n × ω|`.
    pub(super) fn rate(&self, p: &Posed<'s, T, S>, n: &Vector3<T>) -> Rate<T> {
        let nv = n.dot(&self.v);
        if self.spin == T::ZERO {
            return Rate { first: nv, second: T::ZERO, cap: nv };
        }
        let m = n.cross(&self.omega);
        let reach = (p.core_support(&m) - p.anchor).dot(&m) + p.arm.dot(&m);
        let mn = m.norm();
        let cap = nv + self.rho_core * mn;
        Rate { first: (nv + reach).fast_min(cap), second: self.spin * self.rho_core * mn, cap }
    }
}

/// A measurement at one time.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sample<T: Real> {
    /// GJK's distance (an upper bound) and its witnesses, in the search frame.
    pub(super) distance: T,
    pub(super) point_a: Point3<T>,
    pub(super) point_b: Point3<T>,
    /// The unit direction from A to B the separation is measured along (zero when overlapping).
    pub(super) n: Vector3<T>,
    /// GJK's own direction, from A to B (zero when overlapping).
    pub(super) gjk_n: Vector3<T>,
    /// The separation along `n` minus the target and the rounding allowance.
    pub(super) gap: T,
    /// The safe steps forward in time, and backward (only measured for halving): no contact
    /// within them.
    pub(super) ahead: T,
    pub(super) behind: T,
}

/// The largest `τ` with `first·τ + second·τ²/2 ≤ gap` (the rate capped at `cap`), infinite when
/// the separation cannot shrink to the gap.
pub(super) fn step<T: Real>(gap: T, r: &Rate<T>) -> T {
    if !(gap > T::ZERO) {
        return T::ZERO;
    }
    let Rate { first, second, cap } = *r;
    if second > T::ZERO && cap > first {
        // The quadratic root, in the form without cancellation for either sign of `first`.
        let root = (first * first + T::TWO * second * gap).sqrt();
        let tq =
            if first >= T::ZERO { gap * T::TWO / (first + root) } else { (root - first) / second };
        let tc = (cap - first) / second;
        if tq <= tc {
            return tq;
        }
        if !(cap > T::ZERO) {
            return T::INFINITY;
        }
        let used = first * tc + second * tc * tc * T::HALF;
        return tc + (gap - used).fast_max(T::ZERO) / cap;
    }
    let rate = first.fast_min(cap);
    if rate > T::ZERO { gap / rate } else { T::INFINITY }
}

/// The relative tolerance of GJK's distance far from contact (see [`Search::measure`]).
pub(super) const ROUGH: f64 = 1.0 / 256.0;
/// The distance, as a fraction of the shapes' size, below which GJK runs to its own tolerance.
pub(super) const NEAR: f64 = 0.05;

/// Levels of interval halving kept: each halving pushes one later interval.
pub(super) const DEPTH: usize = 48;

/// A sample GJK called overlapping, resolved (see [`Search::resolve`]).
pub(super) struct Resolved<T: Real> {
    /// A point of A.
    pub(super) point_a: Point3<T>,
    /// A point of B.
    pub(super) point_b: Point3<T>,
    /// Their distance: at least the shapes'.
    pub(super) distance: T,
    /// The unit direction from A to B of the pair moved apart.
    pub(super) n: Vector3<T>,
}

/// The search state: both tracks, the target and tolerance, the time window and the intervals
/// still to clear.
pub(super) struct Search<'t, 's, T: Real, A: ?Sized, B: ?Sized> {
    pub(super) a: &'t Track<'s, T, A>,
    pub(super) b: &'t Track<'s, T, B>,
    pub(super) target: T,
    pub(super) tolerance: T,
    pub(super) max_iterations: usize,
    pub(super) iterations: usize,
    pub(super) warm: Option<Vector3<T>>,
    /// The window where the bounding spheres come within the target.
    pub(super) window: (T, T),
    /// The scale of the coordinates (for the rounding allowance).
    pub(super) extent: T,
    /// The shapes' own size (the sum of their bounding radii about their anchors).
    pub(super) size: T,
    /// The last separating directions measured (any time, distance above the tolerance), with
    /// their times: the normal of a contact met at a rounding-size distance is the nearest in
    /// time.
    pub(super) normals: [Option<(T, Vector3<T>)>; 3],
    /// The direction the last separation was measured along.
    pub(super) hint: Option<Vector3<T>>,
    /// The distance measured last (infinite before the first).
    pub(super) last: T,
    /// The simplex of the last GJK run to its own tolerance.
    pub(super) cache: GjkCache<T>,
    /// Whether turning can move the shapes' points faster than their relative translation:
    /// the steps are then bounded by the turns and end short of contact (see `measure`).
    pub(super) turning: bool,
}

impl<'t, 's, T, A, B> Search<'t, 's, T, A, B>
where
    T: Real,
    A: SupportMap<T> + ?Sized,
    B: SupportMap<T> + ?Sized,
{
    /// The search, or `None` when the bounding spheres never come within the target (no contact).
    pub(super) fn new(
        a: &'t Track<'s, T, A>,
        b: &'t Track<'s, T, B>,
        o: &RigidOptions<T>,
        start: T,
    ) -> Option<Self> {
        let target = o.target_distance;
        let size = a.own + b.own;
        let offset = b.center0 - a.center0;
        let rel = b.v - a.v;
        // The coordinates' magnitude in the search frame over the motion: the anchors' start,
        // their travel (a swing moves an anchor by at most twice its arm) and the shapes.
        let extent = a.travel(o.max_time) + b.travel(o.max_time) + size + target;
        let eps = T::EPSILON;
        // The bounding spheres about the centers (which move on straight lines): the shapes can
        // only be within the target while |offset + rel t| ≤ reach.
        let spheres = a.radius + b.radius + target;
        let reach = spheres * (T::ONE + eps * T::lit(64.0))
            + eps * T::lit(64.0) * (extent + offset.amax() + spheres);
        let window = sphere_window(&offset, &rel, reach, o.max_time)?;
        // No contact before `start` either.
        if !(start <= window.1) {
            return None;
        }
        let window = (window.0.fast_max(start), window.1);
        let gjk_tol = T::RELATIVE_TOLERANCE.fast_max(T::EPSILON.sqrt() * T::lit(0.01));
        let floor = T::lit(4.0)
            * (gjk_tol * target.fast_max(size * T::lit(1e-3)) + eps * T::lit(32.0) * extent);
        if !(extent.is_finite() && floor.is_finite()) {
            return None;
        }
        Some(Self {
            a,
            b,
            target,
            tolerance: o.tolerance.fast_max(floor),
            max_iterations: o.max_iterations.max(1),
            iterations: 0,
            warm: None,
            window,
            extent,
            size,
            normals: [None; 3],
            hint: None,
            last: T::INFINITY,
            cache: GjkCache::new(),
            turning: a.spin * a.rho_core + b.spin * b.rho_core > rel.norm(),
        })
    }

    /// The distance below which GJK runs to its own tolerance: [`NEAR`] of the shapes' size
    /// and twice the target and tolerance.
    fn near(&self) -> T {
        self.size * T::lit(NEAR) + (self.target + self.tolerance) * T::TWO
    }

    /// Measures the pair at `t` (`None`: NaN or overflow).
    ///
    /// Where turning dominates the motion (each shape's spin times its reach beyond the relative
    /// translation), and far from contact (beyond [`NEAR`] of the shapes' size and twice the
    /// target and tolerance), GJK runs to the relative tolerance [`ROUGH`] only: the step is
    /// taken from the separation along GJK's direction, a lower bound whatever GJK's accuracy,
    /// and the turns' bound limits it to well short of contact anyway, so a rough direction
    /// shortens it by at most that fraction, while a curved pair's GJK needs several times the
    /// support points for the last digits. Nearer, wherever the rough distance falls there, and
    /// in a motion dominated by translation (whose step lands within the distance's error of
    /// the target), GJK runs to its own tolerance from the simplex of its last such run.
    pub(super) fn measure(&mut self, t: T, backward: bool, limits: (T, T)) -> Option<Sample<T>> {
        self.iterations += 1;
        let pa = self.a.at(t);
        let pb = self.b.at(t);
        let near = self.near();
        // Near at the last measurement: likely near again, GJK to its own tolerance at once,
        // from the simplex of the last such run (its directions evaluated on the shapes where
        // they are now: near the new closest points of a curved pair).
        let r = if !self.turning || self.last < near * T::lit(4.0) {
            distance_convex_cached(&pa, &pb, &mut self.cache, GJK_MAX_ITERATIONS)
        } else {
            let r = distance_convex_rough(&pa, &pb, T::lit(ROUGH), self.warm, GJK_MAX_ITERATIONS);
            if r.status == DistanceStatus::Separated && r.closest.distance < near {
                distance_convex_cached(&pa, &pb, &mut self.cache, GJK_MAX_ITERATIONS)
            } else {
                r
            }
        };
        self.last = r.closest.distance;
        if r.status == DistanceStatus::Invalid {
            return None;
        }
        if is_finite_vector(&r.direction) && r.direction != Vector3::zeros() {
            self.warm = Some(r.direction);
        }
        let (mut point_a, mut point_b, mut distance) =
            (r.closest.point_a, r.closest.point_b, r.closest.distance);
        let mut resolved = None;
        if r.status == DistanceStatus::Overlapping && t > T::ZERO {
            resolved = self.resolve(&pa, &pb, &r.direction);
            if let Some(q) = &resolved {
                (point_a, point_b, distance) = (q.point_a, q.point_b, q.distance);
            }
        }
        let mut s = Sample {
            distance,
            point_a,
            point_b,
            n: Vector3::zeros(),
            gjk_n: Vector3::zeros(),
            gap: T::ZERO,
            ahead: T::ZERO,
            behind: T::ZERO,
        };
        if !(distance.is_finite() && is_finite_point(&point_a) && is_finite_point(&point_b)) {
            return None;
        }
        // GJK's direction (its `v`, from B's core to A's, kept in f64 and rounded once): more
        // precise than the witnesses' difference, which near contact is a difference of nearly
        // equal points — a direction off by δ loses δ times the shapes' width from the
        // separation along it.
        let v = -r.direction;
        let vn = v.norm();
        if r.status != DistanceStatus::Overlapping && vn > T::ZERO && vn.is_finite() {
            s.n = v / vn;
            s.gjk_n = s.n;
        }
        if let Some(q) = &resolved {
            s.n = q.n;
            s.gjk_n = q.n;
        }
        if distance <= self.target + self.tolerance {
            return Some(s); // within reach: no step needed
        }
        if s.n == Vector3::zeros() {
            let d = point_b - point_a;
            s.n = d / d.norm();
        }
        if !is_finite_vector(&s.n) {
            return None;
        }
        // The separation along n: a lower bound on the distance, whatever GJK's accuracy. Near
        // contact GJK's direction carries the rounding of its closest point (ε times the shapes'
        // size over the distance, in radians), which costs that angle times the shapes' width
        // in separation; the direction of the previous measurement, taken farther apart, is
        // often better then: the larger separation of the two is used.
        let separation = |n: &Vector3<T>| {
            let (sa, sb) = (pa.support(n), pb.support(&-n));
            (n.dot(&(sb - sa)), sa.coords.amax().fast_max(sb.coords.amax()))
        };
        let (mut sep, mut far) = separation(&s.n);
        if let Some(h) = self.hint.filter(|h| *h != s.n) {
            let (sep_h, far_h) = separation(&h);
            if sep_h > sep {
                (sep, far, s.n) = (sep_h, far_h, h);
            }
        }
        // Still short of the distance by more than the tolerance, near contact: GJK's direction
        // with B moved away along it by a thousandth of the shapes' size, where the same
        // features are nearest (the normal of a face, or of two edges, does not change as they
        // part along it) and far enough apart for GJK's direction to be exact to rounding.
        let apart = self.size * T::lit(1e-3);
        if distance - sep > self.tolerance * T::HALF && distance < apart {
            let moved = Posed { anchor: pb.anchor + s.n * apart, ..pb };
            let r = distance_convex(&pa, &moved, Some(-s.n), GJK_MAX_ITERATIONS);
            let v = -r.direction;
            let vn = v.norm();
            if r.status == DistanceStatus::Separated && vn > T::ZERO && vn.is_finite() {
                let d = v / vn;
                let (sep_d, far_d) = separation(&d);
                if sep_d > sep {
                    (sep, far, s.n) = (sep_d, far_d, d);
                }
            }
        }
        // The hint and the normals follow the steps from the start of the search (a halving's
        // middle is at another time).
        if !backward {
            self.hint = Some(s.n);
            self.normals = [Some((t, s.n)), self.normals[0], self.normals[1]];
        }
        let n = s.n;
        let extent = self.extent.fast_max(far);
        s.gap = sep - self.target - T::EPSILON * T::lit(32.0) * extent;
        // The rounding of a rate: a few ε of the velocities and of the spins times the reach.
        let slack = T::ONE + T::EPSILON * T::lit(64.0);
        let vel = self.a.v.amax() + self.b.v.amax();
        let spin = self.a.spin * (self.a.radius + self.a.arm.amax())
            + self.b.spin * (self.b.radius + self.b.arm.amax());
        let pad = T::EPSILON * T::lit(16.0) * (vel + spin);
        let padded = |r: Rate<T>| Rate {
            first: r.first * slack + pad,
            cap: r.cap * slack + pad,
            second: r.second * slack,
        };
        let forward = padded(self.a.rate(&pa, &n) + self.b.rate(&pb, &-n));
        if !(s.gap.is_finite()
            && forward.first.is_finite()
            && forward.second.is_finite()
            && forward.cap.is_finite())
        {
            return None;
        }
        // Far from contact in a motion dominated by turning, the step of the rate bound alone:
        // the refinement's support points (three frames of reference) lengthen such a step by
        // less than they cost, where near contact they save many steps.
        let refined = !(self.turning && distance >= self.near());
        s.ahead = if refined {
            self.refine(&pa, &pb, &n, s.gap, step(s.gap, &forward), T::ONE, limits.0, pad)
        } else {
            step(s.gap, &forward)
        };
        if backward {
            let back = padded(self.a.rate(&pa, &-n) + self.b.rate(&pb, &n));
            if !(back.first.is_finite() && back.second.is_finite() && back.cap.is_finite()) {
                return None;
            }
            s.behind = self.refine(&pa, &pb, &n, s.gap, step(s.gap, &back), -T::ONE, limits.1, pad);
        }
        (!s.ahead.is_nan() && !s.behind.is_nan()).then_some(s)
    }

    /// The pair at a time after the start where GJK ended "overlapping": a run that stalls
    /// within its rounding (a curved pair's can, a few hundred-millionths of its size apart)
    /// reports overlap with a midpoint witness that need not lie on either shape, for a pair
    /// that need not touch. B moved away by a thousandth of the shapes' size, along the last
    /// separating direction (or GJK's last search direction), is far enough apart for GJK to
    /// resolve, and the same features are nearest: its witnesses, B's moved back, are points of
    /// the shapes, so their distance bounds the pair's from above (`measure` then bounds it
    /// from below along the direction). Returns the witnesses, their distance and the moved
    /// pair's direction from A to B; `None` when the moved pair still overlaps (a real overlap).
    fn resolve(
        &self,
        pa: &Posed<'s, T, A>,
        pb: &Posed<'s, T, B>,
        searched: &Vector3<T>,
    ) -> Option<Resolved<T>> {
        let unit = |v: Vector3<T>| {
            let n = v.norm();
            (n > T::ZERO && n.is_finite()).then(|| v / n)
        };
        let n = self.hint.or_else(|| unit(-*searched))?;
        let apart = self.size * T::lit(1e-3);
        let moved = Posed { anchor: pb.anchor + n * apart, ..*pb };
        let r = distance_convex(pa, &moved, Some(-n), GJK_MAX_ITERATIONS);
        if r.status != DistanceStatus::Separated {
            return None;
        }
        let d = unit(-r.direction)?;
        let (qa, qb) = (r.closest.point_a, r.closest.point_b - n * apart);
        let distance = (qb - qa).norm();
        (distance.is_finite() && is_finite_point(&qa) && is_finite_point(&qb)).then_some(Resolved {
            point_a: qa,
            point_b: qb,
            distance,
            n: d,
        })
    }

    /// The longest time `τ ≤ limit` (forward for `sign = 1`, backward for `−1`) over which the
    /// shapes provably stay farther apart than the target, at least `old` (the step of the rate
    /// bound), by the separation along a direction that turns with a frame `F` (the world, A or
    /// B: a face's normal turns with its shape) at angular velocity `ω_F`, `n(τ) = R(ω_F τ) n`.
    ///
    /// A point of shape `S` (center `c`, velocity `v`, spin `ω`) at `t + τ` is `c + τ v +
    /// R(ω τ) y`, `y` its offset from `c` now, so `n(τ) · x = n(τ) · (c + τ v) + (Q n) · y` with
    /// `Q = R(−ω τ) R(ω_F τ)`, and `Q n = n + τ (ω_F − ω) × n + r`, `|r| ≤ κ τ²` (Taylor: `κ =
    /// |ω| |ω × n| / 2` in the world's frame, across the axis, so that only `y`'s distance `ρ`
    /// from the axis counts; `0` in the shape's own; `(|ω| + |ω_F|)² / 2` otherwise). Hence the largest `n(τ) · x` over A is at most
    /// `h_A(n + τ m_A) + κ_A r_A τ²` plus the centers' part, `h_A` A's support function about its
    /// center now and `m_A = (ω_F − ω_A) × n`; the smallest over B at least `−h_B(−n − τ m_B) −
    /// κ_B r_B τ²`; and `n(τ) · Δc(τ) ≥ n · Δc + τ ((ω_F × n) · Δc + n · Δv) − τ² (|ω_F|² |Δc|/2 +
    /// |ω_F| |Δv|)` (chord against tangent again). Their sum `G(τ)`, a lower bound on the
    /// separation, is concave in `τ` (support functions along a line of directions are convex)
    /// and exact at `τ = 0`; a concave function positive at `0` and at `τ` is positive between,
    /// so every `τ` at which `G` is evaluated above the target is a safe step. Candidates: the
    /// root of `G`'s tangent at `0` (the support points' own closing rate), then chords between
    /// the last values above and below (regula falsi, Illinois variant). Shapes with a margin
    /// are bounded by their cores (a ball's turning moves no support plane).
    pub(super) fn refine(
        &self,
        pa: &Posed<'_, T, A>,
        pb: &Posed<'_, T, B>,
        n: &Vector3<T>,
        gap: T,
        old: T,
        sign: T,
        limit: T,
        pad: T,
    ) -> T {
        if !(gap > T::ZERO && old < limit) {
            return old;
        }
        let (ca, cb) = (pa.anchor - pa.arm, pb.anchor - pb.arm);
        let (sa0, sb0) = (pa.core_support(n), pb.core_support(&-n));
        let (wa, wb) = (self.a.omega, self.b.omega);
        let dc = cb - ca;
        let dv = self.b.v - self.a.v;
        let mut best = old;
        for frame in 0..3 {
            let wf = match frame {
                0 => Vector3::zeros(),
                1 if wa != Vector3::zeros() => wa,
                2 if wb != Vector3::zeros() && wb != wa => wb,
                _ => continue,
            };
            // The second-order coefficients: each shape's turn against the frame's, and the
            // centers' offset seen from the turning direction.
            let kappa = |w: &Vector3<T>, rho: T, radius: T| {
                if wf == Vector3::zeros() {
                    w.norm() * w.cross(n).norm() * rho
                } else if wf == *w {
                    T::ZERO
                } else {
                    let s = w.norm() + wf.norm();
                    s * s * radius
                }
            };
            let (wf_n, dc_n) = (wf.norm(), dc.norm());
            let quad = (kappa(&wa, self.a.rho_core, self.a.core_radius)
                + kappa(&wb, self.b.rho_core, self.b.core_radius)
                + wf_n * wf_n * dc_n)
                * T::HALF
                + wf_n * dv.norm();
            let (ma, mb) = ((wf - wa).cross(n), (wf - wb).cross(n));
            let linear = wf.cross(n).dot(&dc) + n.dot(&dv);
            // How far the separation's lower bound falls in the signed time τ.
            let growth = |tau: T| {
                let da = n + ma * tau;
                let db = -n - mb * tau;
                let sa = pa.core_support(&da);
                let sb = pb.core_support(&db);
                let grow_a = n.dot(&(sa - sa0)) + tau * ma.dot(&(sa - ca));
                let grow_b = -n.dot(&(sb - sb0)) - tau * mb.dot(&(sb - cb));
                grow_a + grow_b - tau * linear + quad * tau * tau + pad * tau.abs()
            };
            let value = |tau: T| gap - growth(tau * sign);
            // The tangent at 0, from the supports a little way along the line of directions (a
            // face's support is its vertex farthest along m).
            let nudge = T::EPSILON.sqrt();
            let ta = pa.core_support(&(n + ma * (nudge * sign)));
            let tb = pb.core_support(&(-n - mb * (nudge * sign)));
            let slope = (ma.dot(&(ta - ca)) - mb.dot(&(tb - cb)) - linear) * sign;
            let first = if slope > T::ZERO { gap / slope } else { limit };
            let mut hi = first.fast_min(limit);
            if !(hi > best) {
                continue;
            }
            let g = value(hi);
            if g >= T::ZERO {
                best = hi;
                continue;
            }
            let (mut lo, mut g_lo, mut g_hi) = (T::ZERO, gap, g);
            // Illinois: a side kept twice has its value halved, so the chords close from both.
            let mut kept = false;
            for _ in 0..4 {
                let tau = lo + (hi - lo) * (g_lo / (g_lo - g_hi));
                if !(tau > lo && tau < hi) {
                    break;
                }
                let g = value(tau);
                if !g.is_finite() {
                    break;
                }
                if g >= T::ZERO {
                    (lo, g_lo) = (tau, g);
                    if kept {
                        g_hi *= T::HALF;
                    }
                    kept = true;
                } else {
                    (hi, g_hi) = (tau, g);
                    kept = false;
                }
                if hi - lo <= hi * T::lit(1e-3) {
                    break;
                }
            }
            best = best.fast_max(lo);
        }
        best
    }

    /// The time `τ` after `t` to which no contact is possible, rounded down so that `t + τ` is
    /// not beyond it.
    pub(super) fn ahead(t: T, tau: T) -> T {
        if tau == T::INFINITY {
            return T::INFINITY;
        }
        let e = T::EPSILON;
        t + tau * (T::ONE - e * T::lit(16.0)) - (t.abs() + tau) * e * T::TWO
    }

    pub(super) fn run(mut self, origin: &Point3<T>) -> Option<RigidImpact<T>> {
        let (start, end) = self.window;
        let mut lo = start;
        let mut hi = end;
        // Whether `hi` is a measured contact (its sample in `contact`).
        let mut hi_contact = false;
        let mut contact: Option<Sample<T>> = None;
        let mut stack = [(T::ZERO, T::ZERO, false); DEPTH];
        let mut top = 0;
        let mut previous_gap: Option<T> = None;
        let mut slow_before = false;
        loop {
            let s = self.measure(lo, false, (hi - lo, T::ZERO))?;
            if s.distance <= self.target + self.tolerance {
                let status = if lo == T::ZERO {
                    RigidStatus::AlreadyOverlapping
                } else {
                    RigidStatus::Converged
                };
                return self.impact(lo, &s, status, origin);
            }
            if self.iterations >= self.max_iterations {
                return self.impact(lo, &s, RigidStatus::HitIterationBound, origin);
            }
            let next = Self::ahead(lo, s.ahead);
            if !(next > lo) {
                // A step too small to move t: the distance is within the rounding of t (or of the
                // closest-point query) of the target.
                return self.impact(lo, &s, RigidStatus::Converged, origin);
            }
            if !(next < hi) {
                // [lo, hi] is clear.
                if hi_contact {
                    let c = contact?;
                    return self.impact(hi, &c, RigidStatus::Converged, origin);
                }
                if top == 0 {
                    return None;
                }
                top -= 1;
                (lo, hi, hi_contact) = stack[top];
                previous_gap = None;
                slow_before = false;
                continue;
            }
            // Stalled: the gap did not halve over two steps in a row, each covering less than
            // an eighth of what is left.
            let slow = previous_gap.is_some_and(|p| s.gap > p * T::HALF)
                && (next - lo) * T::lit(8.0) < hi - next;
            let stalled = slow && slow_before;
            slow_before = slow;
            previous_gap = Some(s.gap);
            lo = next;
            if stalled && top < DEPTH && self.iterations + 1 < self.max_iterations {
                // Halve what is left: a contact measured at the middle bounds the search from
                // above; otherwise the middle clears a stretch around it, both ways.
                let mid = lo + (hi - lo) * T::HALF;
                if !(lo < mid && mid < hi) {
                    continue;
                }
                let m = self.measure(mid, true, (hi - mid, mid - lo))?;
                if m.distance <= self.target {
                    hi = mid;
                    hi_contact = true;
                    contact = Some(m);
                    top = 0; // every later interval is after a contact
                    continue;
                }
                if m.distance <= self.target + self.tolerance {
                    continue; // within reach but not in contact: nothing to clear
                }
                let after = Self::ahead(mid, m.ahead);
                let before = -Self::ahead(-mid, m.behind);
                if after < hi || hi_contact {
                    stack[top] = (after.fast_min(hi), hi, hi_contact);
                    top += 1;
                }
                hi = before.fast_max(lo);
                hi_contact = false;
                if !(lo < hi) {
                    // [lo, mid] clear as well: on to the interval after it.
                    if top == 0 {
                        return None;
                    }
                    top -= 1;
                    (lo, hi, hi_contact) = stack[top];
                    previous_gap = None;
                    slow_before = false;
                }
            }
        }
    }

    /// The impact at `t` from its sample, in world space.
    pub(super) fn impact(
        &self,
        t: T,
        s: &Sample<T>,
        status: RigidStatus,
        origin: &Point3<T>,
    ) -> Option<RigidImpact<T>> {
        let unit = |v: Vector3<T>| {
            let n2 = v.norm_squared();
            (n2 > T::ZERO && n2.is_finite()).then(|| UnitVector3::new_unchecked(v / n2.sqrt()))
        };
        // The normal: the candidate direction along which the shapes are farthest apart at `t`
        // (a contact normal separates them up to the distance). Candidates: GJK's direction now
        // (kept in f64, but at a rounding-size distance turned by about 1e-16 of the shapes'
        // size over the distance), and the separating directions measured last, at their times
        // and turned since with either shape (a face's normal turns with its shape).
        let (pa, pb) = (self.a.at(t), self.b.at(t));
        let separation =
            |n: &UnitVector3<T>| n.dot(&(pb.support(&-n.into_inner()) - pa.support(n)));
        let mut best: Option<(T, UnitVector3<T>)> = None;
        let consider = |best: &mut Option<(T, UnitVector3<T>)>, n: Option<UnitVector3<T>>| {
            if let Some(n) = n {
                let sep = separation(&n);
                if best.is_none_or(|(b, _)| sep > b) {
                    *best = Some((sep, n));
                }
            }
        };
        consider(&mut best, unit(s.gjk_n));
        consider(&mut best, unit(s.n));
        for &(tn, n) in self.normals.iter().flatten() {
            consider(&mut best, unit(n));
            for omega in [self.a.omega, self.b.omega] {
                if omega != Vector3::zeros() {
                    consider(
                        &mut best,
                        unit(UnitQuaternion::from_scaled_axis(omega * (t - tn)) * n),
                    );
                }
            }
        }
        // Then GJK's direction with B moved away along the best of them by a thousandth of the
        // shapes' size: the same features are nearest (the normal of a face or of two edges does
        // not change as they part along it), now far enough apart for GJK's direction to be exact
        // to rounding.
        // Moved along GJK's direction now (rounding-size off at worst) and along the best
        // candidate (which may be a stale direction that separates by chance).
        let before = best.map(|(_, n)| n);
        for n in [unit(s.gjk_n), before].into_iter().flatten() {
            let apart = n.into_inner() * (self.size * T::lit(1e-3));
            let moved = Posed { anchor: pb.anchor + apart, ..pb };
            let r = distance_convex(&pa, &moved, Some(-n.into_inner()), GJK_MAX_ITERATIONS);
            if r.status == DistanceStatus::Separated {
                consider(&mut best, unit(-r.direction));
            }
            if before == unit(s.gjk_n) {
                break;
            }
        }
        let normal = best
            .filter(|(sep, _)| sep.is_finite())
            .map(|(_, n)| n)
            .or_else(|| unit(pb.anchor - pa.anchor))
            .unwrap_or_else(Vector3::x_axis);
        // A sample far from contact was measured roughly (see `measure`): its witnesses again
        // to GJK's own tolerance.
        let mut closest = (s.point_a, s.point_b, s.distance);
        if s.distance >= self.near() {
            let r = distance_convex(&pa, &pb, Some(-normal.into_inner()), GJK_MAX_ITERATIONS);
            if r.status == DistanceStatus::Separated {
                closest = (r.closest.point_a, r.closest.point_b, r.closest.distance);
            }
        }
        let point_a = closest.0 + origin.coords;
        let point_b = closest.1 + origin.coords;
        (is_finite_point(&point_a) && is_finite_point(&point_b)).then_some(RigidImpact {
            toi: t,
            point_a,
            point_b,
            normal,
            distance: closest.2,
            status,
            iterations: self.iterations,
        })
    }
}
