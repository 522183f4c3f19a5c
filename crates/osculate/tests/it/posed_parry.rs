//! Posed queries against parry3d's posed `query::*` functions (f64 against parry3d-f64, f32
//! against parry3d): two shapes built once in their own frames, each placed by a pose, and the
//! same question put to both libraries (`distance`, `intersection_test`, `contact`, a posed ray
//! cast and `cast_shapes`). What this proves is that a pose means the same in both libraries and
//! that the answer comes back in world space: the scenes are well conditioned (shapes of unit
//! size, poses up to 10 away from the origin, every rotation), and the shapes' own adversarial
//! inputs are the subject of each layer's differential tests and of `posed.rs` (posed against
//! world space on the generators' whole range).
//!
//! Our answer is certified on every seed by a referee computed from the world-space shapes'
//! support functions, independent of both libraries' algorithms: a distance by its witnesses (on
//! the shapes, `distance` apart) and the axis through them (which separates the shapes by as
//! much); a depth by its normal (which needs exactly that depth to separate the shapes) and by
//! parry's normal (which needs no less); a ray hit by its point (on the ray at its parameter, and
//! on the shape's supporting plane along its normal); a time of impact by the gap (zero at it,
//! positive at 15 earlier times). The two answers agree when they are within parry's own
//! tolerance (`10·√(10ε)` of the scene, from its GJK's relative tolerance). Every other case is
//! counted in its named class, bounded by the share it was measured at:
//! - *parry not closest*: parry's distance exceeds our certified witnesses' (an upper bound on the
//!   true distance) by more than its tolerance;
//! - *parry shallow*: parry's depth is less than its own normal needs;
//! - *touching*: an overlap test differs only for shapes within the tolerance of touching;
//! - *grazing*: a ray or a sweep that only grazes a shape hits in one library and misses in the
//!   other; checked by moving the ray (the target) sideways by a few tolerances, which flips our
//!   answer;
//! - *end of motion*: a sweep whose first contact is within the tolerance of the motion's end.

/// Seeds per pair and query.
const SEEDS: u64 = 40;

/// One test per pair: every query of the pair, each with its tally (`sweep` where the facade
/// sweeps the pair).
macro_rules! pairs {
    ($($name:ident: $A:ident, $B:ident $(, $sweep:ident)?;)*) => {$(
        #[test]
        fn $name() {
            let mut d = Tally::new(concat!(stringify!($name), " distance"));
            distance::<$A<T>, $B<T>>(&mut d);
            d.finish_within(SEEDS, 0.75, BOUNDS);
            let mut o = Tally::new(concat!(stringify!($name), " overlap"));
            overlap::<$A<T>, $B<T>>(&mut o);
            o.finish_within(SEEDS, 0.95, BOUNDS);
            let mut c = Tally::new(concat!(stringify!($name), " contact"));
            contact::<$A<T>, $B<T>>(&mut c);
            c.finish_within(SEEDS, 0.75, BOUNDS);
            $(
                let mut s = Tally::new(concat!(stringify!($name), " ", stringify!($sweep)));
                $sweep::<$A<T>, $B<T>>(&mut s);
                s.finish_within(SEEDS, 0.75, BOUNDS);
            )?
        }
    )*};
}

/// One test per shape: posed rays against it.
macro_rules! rays {
    ($($name:ident: $B:ident;)*) => {$(
        #[test]
        fn $name() {
            let mut t = Tally::new(stringify!($name));
            ray::<$B<T>>(&mut t);
            t.finish_within(SEEDS, 0.95, BOUNDS);
        }
    )*};
}

macro_rules! posed_parry {
    ($module:ident, $T:ident, $parry:ident) => {
        mod $module {
            use super::SEEDS;
            use $parry::math::{Pose, Rotation, Vector};
            use $parry::query::{self as pq, ShapeCastOptions};
            use $parry::shape;
            use osculate::closest::SupportMap;
            use osculate::posed::{self, LocalShape};
            use osculate::prelude::*;
            use osculate_testing::{Rng, Tally};

            type T = $T;

            fn v(p: &Point3<T>) -> Vector {
                Vector::new(p.x, p.y, p.z)
            }

            fn w(p: &Vector3<T>) -> Vector {
                Vector::new(p.x, p.y, p.z)
            }

            fn pt(x: Vector) -> Point3<T> {
                Point3::new(x.x, x.y, x.z)
            }

            fn pose(iso: &Isometry3<T>) -> Pose {
                let q = iso.rotation.quaternion();
                Pose::from_parts(
                    w(&iso.translation.vector),
                    Rotation::from_xyzw(q.i, q.j, q.k, q.w),
                )
            }

            /// A pose putting parry's y axis along unit `axis`, at `center`.
            fn pose_y_along(center: &Point3<T>, axis: &Vector3<T>) -> Pose {
                Pose::from_parts(v(center), Rotation::from_rotation_arc(Vector::Y, w(axis)))
            }

            fn small(rng: &mut Rng) -> Vector3<T> {
                Vector3::new(rng.range(-0.2, 0.2), rng.range(-0.2, 0.2), rng.range(-0.2, 0.2))
                    .map(|x| x as T)
            }

            fn r(rng: &mut Rng, lo: f64, hi: f64) -> T {
                rng.range(lo, hi) as T
            }

            /// A point in the ball of radius `radius` about the origin.
            fn in_ball(rng: &mut Rng, radius: f64) -> Point3<T> {
                Point3::from(rng.unit_vector::<T>().into_inner() * r(rng, 0.3 * radius, radius))
            }

            /// A shape of the comparison, in its own frame.
            trait Body: core::fmt::Debug + Sized {
                /// The shape placed in world space (the referee's support function).
                type World: SupportMap<T>;
                /// A random shape of unit size about its frame's origin.
                fn random(rng: &mut Rng) -> Self;
                /// parry's form of the shape in the same frame.
                fn parry(&self) -> (Pose, Box<dyn shape::Shape>);
                /// A radius about the frame's origin that holds the shape.
                fn reach(&self) -> T;
                /// The shape placed by `pose`.
                fn world(&self, pose: &Isometry3<T>) -> Self::World;
            }

            macro_rules! world_by_local {
                () => {
                    type World = <Self as LocalShape>::Local;
                    fn world(&self, pose: &Isometry3<T>) -> Self::World {
                        self.moved(pose)
                    }
                };
            }

            impl Body for Sphere<T> {
                world_by_local!();
                fn random(rng: &mut Rng) -> Self {
                    Sphere::new(Point3::from(small(rng)), r(rng, 0.3, 1.2))
                }
                fn parry(&self) -> (Pose, Box<dyn shape::Shape>) {
                    (Pose::from_translation(v(&self.center)), Box::new(shape::Ball::new(self.radius)))
                }
                fn reach(&self) -> T {
                    self.center.coords.norm() + self.radius
                }
            }

            impl Body for Obb<T> {
                world_by_local!();
                fn random(rng: &mut Rng) -> Self {
                    let half = Vector3::new(r(rng, 0.15, 1.0), r(rng, 0.15, 1.0), r(rng, 0.15, 1.0));
                    Obb::new(Point3::from(small(rng)), rng.rotation::<T>(), half)
                }
                fn parry(&self) -> (Pose, Box<dyn shape::Shape>) {
                    let q = UnitQuaternion::from_rotation_matrix(&self.rotation);
                    let iso = Isometry3::from_parts(self.center.coords.into(), q);
                    (pose(&iso), Box::new(shape::Cuboid::new(w(&self.half_extents))))
                }
                fn reach(&self) -> T {
                    self.center.coords.norm() + self.half_extents.norm()
                }
            }

            impl Body for Capsule<T> {
                world_by_local!();
                fn random(rng: &mut Rng) -> Self {
                    let (c, h) = (small(rng), rng.unit_vector::<T>().into_inner() * r(rng, 0.1, 0.8));
                    Capsule::new(Point3::from(c + h), Point3::from(c - h), r(rng, 0.1, 0.6))
                }
                fn parry(&self) -> (Pose, Box<dyn shape::Shape>) {
                    let cap = shape::Capsule::new(v(&self.a), v(&self.b), self.radius);
                    (Pose::IDENTITY, Box::new(cap))
                }
                fn reach(&self) -> T {
                    self.a.coords.norm().max(self.b.coords.norm()) + self.radius
                }
            }

            /// Our cylinder (axis `a → b`) as parry's y-axis `Cylinder` centred at the midpoint.
            impl Body for Cylinder<T> {
                world_by_local!();
                fn random(rng: &mut Rng) -> Self {
                    let (c, h) = (small(rng), rng.unit_vector::<T>().into_inner() * r(rng, 0.2, 0.8));
                    Cylinder::new(Point3::from(c - h), Point3::from(c + h), r(rng, 0.2, 0.8))
                }
                fn parry(&self) -> (Pose, Box<dyn shape::Shape>) {
                    let axis = self.b - self.a;
                    let half = axis.norm() / 2.0;
                    let m = pose_y_along(&self.a.lerp(&self.b, 0.5), &(axis / (2.0 * half)));
                    (m, Box::new(shape::Cylinder::new(half, self.radius)))
                }
                fn reach(&self) -> T {
                    self.a.coords.norm().max(self.b.coords.norm()) + self.radius
                }
            }

            /// Our cone (tip, unit axis toward the base) as parry's `Cone` (apex at
            /// `+half_height` on y) centred half way down the axis.
            impl Body for Cone<T> {
                world_by_local!();
                fn random(rng: &mut Rng) -> Self {
                    let axis = rng.unit_vector::<T>();
                    let height = r(rng, 0.4, 1.5);
                    let tip = Point3::from(small(rng) - axis.into_inner() * (height / 2.0));
                    Cone::new(tip, axis, height, r(rng, 0.2, 0.8))
                }
                fn parry(&self) -> (Pose, Box<dyn shape::Shape>) {
                    let axis = self.axis.into_inner();
                    let m = pose_y_along(&(self.tip + axis * (self.height / 2.0)), &-axis);
                    (m, Box::new(shape::Cone::new(self.height / 2.0, self.radius)))
                }
                fn reach(&self) -> T {
                    self.tip.coords.norm() + self.height + self.radius
                }
            }

            impl Body for ConvexPolyhedron<T> {
                type World = ConvexPolyhedron<T>;
                fn random(rng: &mut Rng) -> Self {
                    loop {
                        let points: Vec<_> = (0..10).map(|_| in_ball(rng, 1.0)).collect();
                        if let Ok(p) = ConvexPolyhedron::try_from_points(&points) {
                            return p;
                        }
                    }
                }
                fn parry(&self) -> (Pose, Box<dyn shape::Shape>) {
                    let verts: Vec<Vector> = self.vertices.iter().map(v).collect();
                    let hull = shape::ConvexPolyhedron::from_convex_hull(&verts).expect("a hull");
                    (Pose::IDENTITY, Box::new(hull))
                }
                fn reach(&self) -> T {
                    self.vertices.iter().fold(0.0, |m, p| m.max(p.coords.norm()))
                }
                fn world(&self, pose: &Isometry3<T>) -> Self {
                    self.transformed(pose)
                }
            }

            /// One scene: two shapes, each in its own frame, and their poses (`b` placed at a
            /// random direction from `a`, from overlapping deeply to apart by their sizes).
            struct Scene<A, B> {
                seed: u64,
                a: A,
                b: B,
                pose_a: Isometry3<T>,
                pose_b: Isometry3<T>,
                /// The largest coordinate the scene reaches (the tolerances' scale).
                scale: T,
            }

            impl<A: Body, B: Body> Scene<A, B> {
                fn new(seed: u64) -> Self {
                    let mut rng = Rng::new(seed);
                    let (a, b) = (A::random(&mut rng), B::random(&mut rng));
                    let at = rng.unit_vector::<T>().into_inner() * r(&mut rng, 0.0, 10.0);
                    let turn = |rng: &mut Rng| UnitQuaternion::from_rotation_matrix(&rng.rotation::<T>());
                    let pose_a = Isometry3::from_parts(at.into(), turn(&mut rng));
                    let apart = r(&mut rng, 0.0, 1.3) * (a.reach() + b.reach());
                    let to_b = at + rng.unit_vector::<T>().into_inner() * apart;
                    let pose_b = Isometry3::from_parts(to_b.into(), turn(&mut rng));
                    let scale = at.amax().max(to_b.amax()) + a.reach() + b.reach();
                    Self { seed, a, b, pose_a, pose_b, scale }
                }
                fn parry_a(&self) -> (Pose, Box<dyn shape::Shape>) {
                    let (m, g) = self.a.parry();
                    (pose(&self.pose_a) * m, g)
                }
                fn parry_b(&self) -> (Pose, Box<dyn shape::Shape>) {
                    let (m, g) = self.b.parry();
                    (pose(&self.pose_b) * m, g)
                }
                /// The overlap of the placed shapes along unit `n` (from `a` toward `b`): how
                /// far `b` must move along `n` to separate them (negative: their gap along `n`).
                fn depth_along(&self, n: &Vector3<T>) -> T {
                    let (wa, wb) = (self.a.world(&self.pose_a), self.b.world(&self.pose_b));
                    n.dot(&wa.support(n).coords) - n.dot(&wb.support(&-n).coords)
                }
                fn what(&self) -> String {
                    format!("seed {}: {:?} at {:?}, {:?} at {:?}", self.seed, self.a, self.pose_a, self.b, self.pose_b)
                }
            }

            /// Our tolerance for an answer of GJK (and the closed forms) at `scale`: rounding, or
            /// GJK's termination where larger (it stops once its upper and lower bounds on the
            /// distance agree to `√ε / 100` of the distance).
            fn ours(scale: T) -> T {
                (1e3 * T::EPSILON).max(0.04 * T::EPSILON.sqrt()) * scale
            }

            /// Our tolerance for a depth from EPA at `scale` (it reaches curved shapes' depth from
            /// below to within its relative tolerance).
            fn ours_epa(scale: T) -> T {
                (2.0 * T::EPSILON.sqrt()).max(1e4 * T::EPSILON) * scale
            }

            /// parry's own tolerance: its GJK's `eps_rel` (`√(10ε)`), times ten, times the scale.
            fn parry_own(scale: T) -> T {
                10.0 * (10.0 * T::EPSILON).sqrt() * scale
            }

            /// The tolerance two answers are compared within: parry's own, or ours where larger.
            fn agreement(scale: T) -> T {
                parry_own(scale).max(ours_epa(scale))
            }

            const PARRY_NOT_CLOSEST: &str =
                "parry GJK: a distance larger than our certified witnesses' by more than its own tolerance (it stopped at a pair that is not the closest)";
            const PARRY_EPA_SHALLOW: &str =
                "parry EPA: a depth smaller than its own normal needs by more than its own tolerance (moving B out by it leaves the shapes overlapping)";
            const PARRY_NO_CONTACT: &str = "parry contact: None for shapes our referee shows overlapping";
            const TOUCHING: &str = "touching: the shapes are within the tolerance of touching";
            const GRAZING: &str =
                "grazing: moving the ray or the target sideways by a few tolerances flips our answer";
            const END_OF_MOTION: &str =
                "end of motion: the first contact is within the tolerance of the motion's end";

            /// The gap between `A` moved by `va·t` and `B` moved by `vb·t` (0 when they overlap).
            fn gap_at<A: Body, B: Body>(s: &Scene<A, B>, va: &Vector3<T>, vb: &Vector3<T>, t: T) -> T
            where
                for<'x, 'y> Posed<'x, A, T>: Distance<Posed<'y, B, T>, Scalar = T>,
            {
                let by = |pose: &Isometry3<T>, v: &Vector3<T>| {
                    Isometry3::from_parts((pose.translation.vector + v * t).into(), pose.rotation)
                };
                posed::distance(&by(&s.pose_a, va), &s.a, &by(&s.pose_b, vb), &s.b)
            }

            /// `posed::distance` against `query::distance`. Ours is certified on every seed: its
            /// witnesses are `distance` apart and lie on the shapes, and the axis through them
            /// separates the shapes by as much (an upper and a lower bound on the true distance).
            fn distance<A: Body, B: Body>(tally: &mut Tally)
            where
                for<'x, 'y> Posed<'x, A, T>: Distance<Posed<'y, B, T>, Scalar = T>,
            {
                for seed in 0..SEEDS {
                    let s = Scene::<A, B>::new(seed);
                    let cp = posed::closest_points(&s.pose_a, &s.a, &s.pose_b, &s.b);
                    let (ma, ga) = s.parry_a();
                    let (mb, gb) = s.parry_b();
                    let theirs = pq::distance(&ma, &*ga, &mb, &*gb).expect("a supported pair").distance;
                    let tol = ours(s.scale);
                    let what = format!("{}: ours {cp:?}, parry's {theirs}", s.what());
                    assert!(((cp.point_b - cp.point_a).norm() - cp.distance).abs() <= tol, "{what}");
                    if cp.distance > tol {
                        let n = (cp.point_b - cp.point_a) / cp.distance;
                        let (wa, wb) = (s.a.world(&s.pose_a), s.b.world(&s.pose_b));
                        // On the shapes: each witness on its shape's supporting plane along `n`.
                        assert!((n.dot(&wa.support(&n).coords) - n.dot(&cp.point_a.coords)).abs() <= tol, "{what}");
                        assert!((n.dot(&wb.support(&-n).coords) - n.dot(&cp.point_b.coords)).abs() <= tol, "{what}");
                        assert!((-s.depth_along(&n) - cp.distance).abs() <= tol, "{what}");
                    }
                    if (cp.distance - theirs).abs() <= agreement(s.scale) {
                        tally.agree();
                    } else {
                        assert!(theirs > cp.distance, "{what}");
                        tally.class(PARRY_NOT_CLOSEST);
                    }
                }
            }

            /// `posed::overlaps` against `query::intersection_test`.
            fn overlap<A: Body, B: Body>(tally: &mut Tally)
            where
                for<'x, 'y> Posed<'x, A, T>: Overlaps<Posed<'y, B, T>>
                    + Distance<Posed<'y, B, T>, Scalar = T>
                    + Penetration<Posed<'y, B, T>, Scalar = T>,
            {
                for seed in 0..SEEDS {
                    let s = Scene::<A, B>::new(seed);
                    let ours_says = posed::overlaps(&s.pose_a, &s.a, &s.pose_b, &s.b);
                    let (ma, ga) = s.parry_a();
                    let (mb, gb) = s.parry_b();
                    let theirs = pq::intersection_test(&ma, &*ga, &mb, &*gb).expect("a supported pair");
                    if ours_says == theirs.intersecting {
                        tally.agree();
                        continue;
                    }
                    let d = posed::distance(&s.pose_a, &s.a, &s.pose_b, &s.b);
                    let depth = posed::contact(&s.pose_a, &s.a, &s.pose_b, &s.b).map_or(T::ZERO, |c| c.depth());
                    let tol = agreement(s.scale);
                    assert!(d <= tol && depth <= tol, "{}: ours {ours_says}, parry's {theirs:?}", s.what());
                    tally.class(TOUCHING);
                }
            }

            /// `posed::contact` against `query::contact` on overlapping scenes. Ours is certified:
            /// moving B by our depth along our normal makes the shapes touch, and our depth is no
            /// larger than what parry's normal needs.
            fn contact<A: Body, B: Body>(tally: &mut Tally)
            where
                for<'x, 'y> Posed<'x, A, T>: Penetration<Posed<'y, B, T>, Scalar = T>,
            {
                for seed in 0..SEEDS {
                    let s = Scene::<A, B>::new(seed);
                    let c = posed::contact(&s.pose_a, &s.a, &s.pose_b, &s.b);
                    let (ma, ga) = s.parry_a();
                    let (mb, gb) = s.parry_b();
                    let theirs = pq::contact(&ma, &*ga, &mb, &*gb, 0.0).expect("a supported pair");
                    let (tol, agree) = (ours_epa(s.scale), agreement(s.scale));
                    let what = format!("{}: ours {c:?}, parry's {theirs:?}", s.what());
                    let Some(c) = c.filter(|c| c.distance < -agree) else {
                        // Apart or touching for us: parry's depth, if any, is within the tolerance.
                        assert!(theirs.is_none_or(|t| t.dist >= -2.0 * agree), "{what}");
                        tally.agree();
                        continue;
                    };
                    assert!((s.depth_along(&c.normal) - c.depth()).abs() <= tol, "{what}");
                    let Some(t) = theirs else {
                        tally.class(PARRY_NO_CONTACT);
                        continue;
                    };
                    let n = Vector3::new(t.normal1.x, t.normal1.y, t.normal1.z);
                    assert!(c.depth() <= s.depth_along(&n) + tol, "{what}");
                    if (c.distance - t.dist).abs() <= agree {
                        tally.agree();
                    } else {
                        assert!(-t.dist < s.depth_along(&n) - agree, "{what}");
                        tally.class(PARRY_EPA_SHALLOW);
                    }
                }
            }

            /// Rays from outside `B` toward it (aimed within 1.2 of its reach from its centre, so
            /// that some miss). Ours is certified: its point is on the ray at its parameter and on
            /// `B`'s supporting plane along its normal.
            fn ray<B: Body>(tally: &mut Tally)
            where
                for<'x> Posed<'x, B, T>: RayCast<Scalar = T>,
            {
                for seed in 0..SEEDS {
                    let s = Scene::<B, B>::new(seed);
                    let mut rng = Rng::new(seed ^ 0xA11);
                    let center = s.pose_b.translation.vector;
                    let reach = s.b.reach();
                    let origin = center + rng.unit_vector::<T>().into_inner() * (reach * r(&mut rng, 2.0, 4.0));
                    let aim = center + rng.unit_vector::<T>().into_inner() * (reach * r(&mut rng, 0.0, 1.2));
                    let ray = Ray::new(Point3::from(origin), (aim - origin) * r(&mut rng, 0.5, 2.0));
                    let ours_hit = posed::cast_ray(&s.pose_b, &s.b, &ray);
                    let (mb, gb) = s.parry_b();
                    let pray = pq::Ray::new(w(&ray.origin.coords), w(&ray.direction));
                    let theirs = gb.cast_ray_and_get_normal(&mb, &pray, T::MAX, true);
                    let tol = ours(s.scale);
                    let speed = ray.direction.norm();
                    let what = format!("{}: ray {ray:?}: ours {ours_hit:?}, parry's {theirs:?}", s.what());
                    if let Some(o) = ours_hit {
                        let wb = s.b.world(&s.pose_b);
                        let n = o.normal.into_inner();
                        assert!((ray.origin + ray.direction * o.t_enter - o.point).norm() <= tol, "{what}");
                        assert!((n.dot(&wb.support(&n).coords) - n.dot(&o.point.coords)).abs() <= tol, "{what}");
                    }
                    match (ours_hit, theirs) {
                        (None, None) => tally.agree(),
                        (Some(o), Some(t)) => {
                            let p = pt(pray.point_at(t.time_of_impact));
                            let agree = agreement(s.scale);
                            assert!((o.t_enter - t.time_of_impact).abs() * speed <= agree, "{what}");
                            assert!((o.point - p).norm() <= agree, "{what}");
                            tally.agree();
                        }
                        (hit, _) => {
                            let side = ray.direction.cross(&rng.unit_vector::<T>()).normalize();
                            let flips = [side, -side, ray.direction.cross(&side).normalize()]
                                .iter()
                                .any(|d| {
                                    let moved = Ray::new(ray.origin + d * (8.0 * tol), ray.direction);
                                    posed::cast_ray(&s.pose_b, &s.b, &moved).is_some() != hit.is_some()
                                });
                            assert!(flips, "{what}");
                            tally.class(GRAZING);
                        }
                    }
                }
            }

            /// `posed::time_of_impact` against `query::cast_shapes`, on scenes that start apart,
            /// `A` thrown toward `B` (or past it) while `B` drifts. Ours is certified: the shapes
            /// touch at its time and are apart at 16 earlier times.
            fn sweep<A: Body, B: Body>(tally: &mut Tally)
            where
                for<'x, 'y> Posed<'x, A, T>:
                    Sweep<Posed<'y, B, T>, Scalar = T> + Distance<Posed<'y, B, T>, Scalar = T>,
            {
                let mut seed = 0;
                let mut done = 0;
                while done < SEEDS {
                    seed += 1;
                    let s = Scene::<A, B>::new(seed);
                    let (tol, agree) = (ours(s.scale), agreement(s.scale));
                    if posed::distance(&s.pose_a, &s.a, &s.pose_b, &s.b) <= agree {
                        continue;
                    }
                    done += 1;
                    let mut rng = Rng::new(seed ^ 0x5EED);
                    let toward = s.pose_b.translation.vector - s.pose_a.translation.vector;
                    let va = toward * r(&mut rng, 0.5, 3.0)
                        + rng.unit_vector::<T>().into_inner() * (s.a.reach() + s.b.reach());
                    let vb = rng.unit_vector::<T>().into_inner() * r(&mut rng, 0.0, 0.5);
                    let ours_hit = posed::time_of_impact(&s.pose_a, &s.a, &va, &s.pose_b, &s.b, &vb);
                    let (ma, ga) = s.parry_a();
                    let (mb, gb) = s.parry_b();
                    let options = ShapeCastOptions {
                        max_time_of_impact: 1.0,
                        target_distance: 0.0,
                        stop_at_penetration: true,
                        compute_impact_geometry_on_penetration: true,
                    };
                    let theirs = pq::cast_shapes(&ma, w(&va), &*ga, &mb, w(&vb), &*gb, options)
                        .expect("a supported pair");
                    let speed = (va - vb).norm();
                    let what = format!("{}: v {va:?} {vb:?}: ours {ours_hit:?}, parry's {theirs:?}", s.what());
                    if let Some(o) = ours_hit {
                        assert!(gap_at(&s, &va, &vb, o.toi) <= agree, "{what}");
                        assert!((1..16).all(|k| gap_at(&s, &va, &vb, o.toi * (k as T) / 16.0) > 0.0), "{what}");
                    }
                    match (ours_hit, theirs) {
                        (None, None) => tally.agree(),
                        (Some(o), Some(t)) => {
                            assert!((o.toi - t.time_of_impact).abs() * speed <= agree, "{what}");
                            tally.agree();
                        }
                        (hit, other) => {
                            let toi = hit.map(|h| h.toi).or(other.map(|h| h.time_of_impact));
                            if toi.is_some_and(|t| (1.0 - t) * speed <= agree) {
                                tally.class(END_OF_MOTION);
                                continue;
                            }
                            let side = (va - vb).cross(&rng.unit_vector::<T>()).normalize();
                            let flips = [side, -side, (va - vb).cross(&side).normalize()].iter().any(|d| {
                                let moved = Isometry3::from_parts(
                                    (s.pose_b.translation.vector + d * (8.0 * tol)).into(),
                                    s.pose_b.rotation,
                                );
                                posed::time_of_impact(&s.pose_a, &s.a, &va, &moved, &s.b, &vb).is_some()
                                    != hit.is_some()
                            });
                            assert!(flips, "{what}");
                            tally.class(GRAZING);
                        }
                    }
                }
            }

            /// The share of seeds each class may hold (what was measured, with room).
            const BOUNDS: &[(&str, f64)] = &[
                (PARRY_NOT_CLOSEST, 0.2),
                (PARRY_EPA_SHALLOW, 0.1),
                (PARRY_NO_CONTACT, 0.05),
                (TOUCHING, 0.05),
                (GRAZING, 0.05),
                (END_OF_MOTION, 0.05),
            ];

            pairs! {
                sphere_sphere: Sphere, Sphere, sweep;
                sphere_obb: Sphere, Obb, sweep;
                obb_sphere: Obb, Sphere, sweep;
                obb_obb: Obb, Obb, sweep;
                capsule_capsule: Capsule, Capsule, sweep;
                capsule_obb: Capsule, Obb, sweep;
                obb_capsule: Obb, Capsule, sweep;
                cylinder_cone: Cylinder, Cone, sweep;
                cone_obb: Cone, Obb, sweep;
                sphere_cylinder: Sphere, Cylinder, sweep;
                // The facade has no sweep of a polyhedron.
                polyhedron_polyhedron: ConvexPolyhedron, ConvexPolyhedron;
                polyhedron_capsule: ConvexPolyhedron, Capsule;
            }

            rays! {
                ray_sphere: Sphere;
                ray_obb: Obb;
                ray_capsule: Capsule;
                ray_cylinder: Cylinder;
                ray_cone: Cone;
                ray_polyhedron: ConvexPolyhedron;
            }
        }
    };
}

posed_parry!(f64_parry, f64, parry3d_f64);
posed_parry!(f32_parry, f32, parry3d);
