//! Differential tests against parry3d-f64 and parry3d (f32): every osculate-closest query that parry
//! also answers, on 2,000 seeded inputs of the shared generators, with each disagreement checked
//! against an independent exact reference (computed in f64), named, asserted and counted.
//!
//! The checks are written once in `differential!` and instantiated for `f64` against parry3d-f64 and
//! for `f32` against parry3d, as glam instantiates its tests per float type. Queries parry does not
//! have (point against line, ray, convex polygon) are not here.

use std::collections::BTreeMap;

use osculate_math::{Point3, Real, Vector3};

/// Seeds per query: each test loops over `0..SEEDS`.
const SEEDS: u64 = 2000;

/// The outcome of one query's comparison over all seeds: how many cases agreed and how many fell in
/// each named disagreement class.
#[derive(Debug)]
struct Tally {
    query: &'static str,
    cases: usize,
    agree: usize,
    classes: BTreeMap<&'static str, usize>,
}

impl Tally {
    fn new(query: &'static str) -> Self {
        Self { query, cases: 0, agree: 0, classes: BTreeMap::new() }
    }

    fn agree(&mut self) {
        self.cases += 1;
        self.agree += 1;
    }

    fn class(&mut self, class: &'static str) {
        self.cases += 1;
        *self.classes.entry(class).or_default() += 1;
    }

    /// Prints the tally (visible with `--nocapture`) and asserts every seed was counted once and
    /// that parry and osculate agree on at least `min_agree` of the cases.
    #[track_caller]
    fn finish(&self, min_agree: f64) {
        eprintln!("{}: {} of {} agree, {:?}", self.query, self.agree, self.cases, self.classes);
        assert_eq!(self.cases as u64, SEEDS, "{self:?}");
        assert_eq!(self.agree + self.classes.values().sum::<usize>(), self.cases, "{self:?}");
        assert!(self.agree as f64 >= min_agree * self.cases as f64, "{self:?}");
    }
}

/// Whose answer a named disagreement class shows wrong (the exact reference decides).
#[derive(Clone, Copy, Debug)]
enum Verdict {
    /// Parry's answer is wrong (or follows another convention); ours matches the reference.
    Parry(&'static str),
    /// Ours is wrong: a known bug, reported, in a file this test does not own.
    Osculate(&'static str),
}

/// The scale relative tolerances are multiplied by: the largest absolute coordinate or length of
/// the input (not clamped to 1, so tiny inputs get tiny tolerances).
fn scale<T: Real>(points: &[Point3<T>], lengths: &[T]) -> T {
    let mut s = T::MIN_POSITIVE;
    for p in points {
        s = s.fast_max(p.coords.amax());
    }
    for l in lengths {
        s = s.fast_max(l.abs());
    }
    s
}

/// Exact (well: f64, by methods independent of both libraries) closest points, the referee of every
/// disagreement. An f32 input is widened to f64 first, so the reference answers the same question.
mod exact {
    use super::{Point3, Vector3};

    /// Point against segment `ab`: the parameter clamped to `[0, 1]`.
    pub(super) fn segment(p: &Point3<f64>, a: &Point3<f64>, b: &Point3<f64>) -> Point3<f64> {
        let d = b - a;
        let dd = d.norm_squared();
        if dd == 0.0 {
            return *a;
        }
        a + d * ((p - a).dot(&d) / dd).clamp(0.0, 1.0)
    }

    /// The nearest of `candidates` to `p`.
    pub(super) fn nearest(p: &Point3<f64>, candidates: &[Point3<f64>]) -> Point3<f64> {
        let mut best = candidates[0];
        for c in candidates {
            if (c - p).norm_squared() < (best - p).norm_squared() {
                best = *c;
            }
        }
        best
    }

    /// Point against triangle `abc`: the projection on its plane when that lies inside (by the signs
    /// of the three edge functions against the normal), else the nearest of the three edges.
    pub(super) fn triangle(
        p: &Point3<f64>,
        a: &Point3<f64>,
        b: &Point3<f64>,
        c: &Point3<f64>,
    ) -> Point3<f64> {
        let edges = [segment(p, a, b), segment(p, b, c), segment(p, c, a)];
        let n = (b - a).cross(&(c - a));
        let nn = n.norm_squared();
        // A sliver with sin²θ below 1e-22 is treated as its edges: the error is at most its width,
        // 1e-11 of its size, far below any tolerance here, while its rounded normal is noise.
        if nn > 1e-22 * (b - a).norm_squared() * (c - a).norm_squared() {
            let q = p - n * (n.dot(&(p - a)) / nn);
            let inside = [(a, b), (b, c), (c, a)]
                .iter()
                .all(|(u, v)| (*v - *u).cross(&(q - *u)).dot(&n) >= 0.0);
            if inside {
                return nearest(p, &[q, edges[0], edges[1], edges[2]]);
            }
        }
        nearest(p, &edges)
    }

    /// Point against the solid box `[lo, hi]` in a frame (`center + rotation · local`).
    pub(super) fn boxed(
        p: &Point3<f64>,
        center: &Point3<f64>,
        axes: &[Vector3<f64>; 3],
        half: &Vector3<f64>,
    ) -> Point3<f64> {
        let v = p - center;
        let mut q = *center;
        for i in 0..3 {
            q += axes[i] * v.dot(&axes[i]).clamp(-half[i], half[i]);
        }
        q
    }

    /// Point against the solid ball.
    pub(super) fn ball(p: &Point3<f64>, center: &Point3<f64>, r: f64) -> Point3<f64> {
        let v = p - center;
        let d = v.norm();
        if d <= r { *p } else { center + v * (r / d) }
    }

    /// Point against the solid tetrahedron: inside when on the inner side of all four faces, else
    /// the nearest point of the four faces.
    pub(super) fn tetrahedron(p: &Point3<f64>, v: &[Point3<f64>; 4]) -> Point3<f64> {
        let orient = |a: &Point3<f64>, b: &Point3<f64>, c: &Point3<f64>, d: &Point3<f64>| {
            (b - a).cross(&(c - a)).dot(&(d - a))
        };
        let faces = [[0, 1, 2, 3], [0, 1, 3, 2], [0, 2, 3, 1], [1, 2, 3, 0]];
        // Flat (six times the volume below 1e-11 of the cube of the size; the rounded orientations
        // of a flat tetrahedron are noise): no inside, the union of the faces. The error is at most
        // the thickness, 1e-11 of the size.
        let size = v.iter().map(|u| (u - v[0]).norm()).fold(0.0, f64::max);
        let flat = orient(&v[0], &v[1], &v[2], &v[3]).abs() <= 1e-11 * size.powi(3);
        let inside = !flat
            && faces.iter().all(|&[i, j, k, l]| {
                let s = orient(&v[i], &v[j], &v[k], &v[l]);
                orient(&v[i], &v[j], &v[k], p) * s >= 0.0
            });
        if inside {
            return *p;
        }
        let on_faces: Vec<_> =
            faces.iter().map(|&[i, j, k, _]| triangle(p, &v[i], &v[j], &v[k])).collect();
        nearest(p, &on_faces)
    }

    /// An axis (unit) and a unit vector perpendicular to it pointing at `p` (any one on the axis).
    fn radial(
        p: &Point3<f64>,
        origin: &Point3<f64>,
        axis: &Vector3<f64>,
    ) -> (f64, f64, Vector3<f64>) {
        let v = p - origin;
        let h = v.dot(axis);
        let r = v - axis * h;
        let rl = r.norm();
        let dir =
            if rl > 0.0 { r / rl } else { osculate_math::any_perpendicular(axis).into_inner() };
        (h, rl, dir)
    }

    /// Point against the solid cylinder of axis `ab`: a disc times an interval, so the projection
    /// is the disc's projection of the radial part times the interval's of the axial part.
    pub(super) fn cylinder(
        p: &Point3<f64>,
        a: &Point3<f64>,
        b: &Point3<f64>,
        radius: f64,
    ) -> Point3<f64> {
        let len = (b - a).norm();
        let axis = (b - a) / len;
        let (h, rl, dir) = radial(p, a, &axis);
        a + axis * h.clamp(0.0, len) + dir * rl.min(radius)
    }

    /// Point against the solid cone: in the half-plane through the axis and `p`, the cone is the
    /// triangle (tip, base center, base rim); project on it there.
    pub(super) fn cone(
        p: &Point3<f64>,
        tip: &Point3<f64>,
        axis: &Vector3<f64>,
        height: f64,
        radius: f64,
    ) -> Point3<f64> {
        let (h, rl, dir) = radial(p, tip, axis);
        let o = Point3::origin();
        let q = triangle(
            &Point3::new(rl, h, 0.0),
            &o,
            &Point3::new(0.0, height, 0.0),
            &Point3::new(radius, height, 0.0),
        );
        tip + axis * q.y + dir * q.x
    }
}

/// Writes the differential tests for one scalar type against the parry crate of that precision.
macro_rules! differential {
    ($module:ident, $T:ident, $parry:ident) => {
        mod $module {
            use super::{SEEDS, Tally, Verdict, exact, scale};
            use osculate_closest as oc;
            use osculate_math::testing::{GenerateAny, Pair, test_tolerance};
            use osculate_math::{
                Aabb, Capsule, Cone, Cylinder, Obb, Plane, Point3, Segment, Sphere, Tetrahedron,
                Triangle, UnitQuaternion, Vector3,
            };
            use $parry::math::{Pose, Rotation, Vector};
            use $parry::query::PointQuery;
            use $parry::shape;

            type T = $T;

            fn v(p: &Point3<T>) -> Vector {
                Vector::new(p.x, p.y, p.z)
            }

            fn w(p: &Vector3<T>) -> Vector {
                Vector::new(p.x, p.y, p.z)
            }

            fn pt(v: Vector) -> Point3<T> {
                Point3::new(v.x, v.y, v.z)
            }

            /// Widens to f64 for the exact reference.
            fn c(p: &Point3<T>) -> Point3<f64> {
                p.cast()
            }

            fn cv(p: &Vector3<T>) -> Vector3<f64> {
                p.cast()
            }

            /// A pose putting parry's y axis along `axis`, at `center`.
            fn pose_y_along(center: &Point3<T>, axis: &Vector3<T>) -> Pose {
                Pose::from_parts(v(center), Rotation::from_rotation_arc(Vector::Y, w(axis)))
            }

            fn pose(center: &Point3<T>, q: &UnitQuaternion<T>) -> Pose {
                let q = q.quaternion();
                Pose::from_parts(v(center), Rotation::from_xyzw(q.i, q.j, q.k, q.w))
            }

            /// One point query's answers on one input.
            struct Case<'a, S> {
                seed: u64,
                p: &'a Point3<T>,
                shape: &'a S,
                ours: Point3<T>,
                ours_distance: T,
                parry: Point3<T>,
                parry_distance: T,
                exact: Point3<f64>,
                tol: T,
            }

            impl<S: core::fmt::Debug> core::fmt::Debug for Case<'_, S> {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    write!(
                        f,
                        "seed {}: p = {:?}, shape = {:?}\n  ours  {:?} (distance {:?})\n  parry {:?} (distance {:?})\n  exact {:?} (distance {:?}), tol {:?}",
                        self.seed,
                        self.p,
                        self.shape,
                        self.ours,
                        self.ours_distance,
                        self.parry,
                        self.parry_distance,
                        self.exact,
                        (self.exact - c(self.p)).norm(),
                        self.tol
                    )
                }
            }

            impl<S> Case<'_, S> {
                /// Distance of a point from the exact closest point, and of a distance from the exact
                /// distance, in f64.
                fn error(&self, point: &Point3<T>, distance: T) -> f64 {
                    let exact_distance = (self.exact - c(self.p)).norm();
                    (c(point) - self.exact)
                        .norm()
                        .max((f64::from(distance) - exact_distance).abs())
                }

                fn ours_right(&self) -> bool {
                    self.error(&self.ours, self.ours_distance) <= f64::from(self.tol)
                }

                fn parry_right(&self) -> bool {
                    self.error(&self.parry, self.parry_distance) <= f64::from(self.tol)
                }
            }

            /// Runs one point query over the seeds. `query` returns (ours, our distance, parry's,
            /// parry's distance, the exact point, the input's scale); `classify` names a disagreement
            /// in which ours matches the exact answer and parry's does not, or returns `None` (then
            /// the test fails, printing the case).
            fn run<S: GenerateAny<Scalar = T> + core::fmt::Debug>(
                name: &'static str,
                query: impl Fn(&Point3<T>, &S) -> (Point3<T>, T, Point3<T>, T, Point3<f64>, T),
                classify: impl Fn(&Case<'_, S>) -> Option<Verdict>,
            ) -> Tally {
                let mut tally = Tally::new(name);
                for seed in 0..SEEDS {
                    let Pair { a: p, b: shape, .. } = Pair::<Point3<T>, S>::from_seed(seed);
                    let (ours, ours_distance, parry, parry_distance, exact, s) = query(&p, &shape);
                    let tol = test_tolerance::<T>() * s;
                    let case = Case {
                        seed,
                        p: &p,
                        shape: &shape,
                        ours,
                        ours_distance,
                        parry,
                        parry_distance,
                        exact,
                        tol,
                    };
                    let same = (ours - parry).norm() <= tol
                        && (ours_distance - parry_distance).abs() <= tol;
                    if same || (case.ours_right() && case.parry_right()) {
                        tally.agree();
                        continue;
                    }
                    match classify(&case) {
                        Some(Verdict::Parry(class)) if case.ours_right() => tally.class(class),
                        Some(Verdict::Osculate(class)) if !case.ours_right() => tally.class(class),
                        _ if !case.ours_right() => panic!("{name}: osculate is wrong:\n{case:?}"),
                        _ => panic!("{name}: unclassified disagreement:\n{case:?}"),
                    }
                }
                tally
            }

            fn unclassified<S>(_: &Case<'_, S>) -> Option<Verdict> {
                None
            }

            /// Whether a tetrahedron is flat to within the rounding of its scalar: six times its
            /// volume (in f64) below 1000 ε of the cube of its size. The generator's flat
            /// tetrahedra (fourth vertex an affine combination of the other three, or a repeated
            /// vertex) are flat up to rounding, a few ε thick.
            fn is_flat(t: &Tetrahedron<T>) -> bool {
                let v = [c(&t.a), c(&t.b), c(&t.c), c(&t.d)];
                let size = v.iter().map(|u| (u - v[0]).norm()).fold(0.0, f64::max);
                let vol = (v[1] - v[0]).cross(&(v[2] - v[0])).dot(&(v[3] - v[0]));
                vol.abs() <= 1e3 * f64::from(T::EPSILON) * size.powi(3)
            }

            /// Point-tetrahedron classes, both on flat tetrahedra only.
            ///
            /// - parry: its Voronoi-region tests divide by, and compare against, signed volumes
            ///   that are rounding noise; it calls a point off the flat tetrahedron "inside" and
            ///   returns the point itself at distance 0.
            /// - osculate (solid.rs, reported): `closest_point_on_tetrahedron` treats a
            ///   tetrahedron as flat only when a face's orientation against its opposite vertex is
            ///   exactly 0; a rounded flat tetrahedron gets noise signs, so faces that hold the
            ///   closest point are skipped or the point is called inside.
            fn tetrahedron_classes(case: &Case<'_, Tetrahedron<T>>) -> Option<Verdict> {
                if !is_flat(case.shape) {
                    return None;
                }
                if !case.ours_right() {
                    return Some(Verdict::Osculate(OSCULATE_FLAT_TETRAHEDRON));
                }
                let parry_inside = case.parry_distance == 0.0 && (case.parry - case.p).norm() <= case.tol;
                parry_inside.then_some(Verdict::Parry(PARRY_FLAT_TETRAHEDRON))
            }

            const OSCULATE_FLAT_TETRAHEDRON: &str = "osculate wrong: flat tetrahedron (solid.rs)";
            const PARRY_FLAT_TETRAHEDRON: &str = "parry wrong: flat tetrahedron, a point off it called inside";

            /// Point-cone class (parry): a zero-radius cone is the segment from the tip to the
            /// base centre, but parry's inside test (the slant's cross product with the axis, zero
            /// here) passes for every point between the tip's and the base's planes: it returns
            /// the point itself at distance 0.
            fn parry_zero_radius_cone(case: &Case<'_, Cone<T>>) -> Option<Verdict> {
                let k = case.shape;
                let h = (case.p - k.tip).dot(&k.axis);
                let slab = 0.0 <= h && h <= k.height;
                let inside = case.parry_distance == 0.0 && (case.parry - case.p).norm() <= case.tol;
                (k.radius == 0.0 && slab && inside).then_some(Verdict::Parry(PARRY_ZERO_RADIUS_CONE))
            }

            const PARRY_ZERO_RADIUS_CONE: &str = "parry wrong: zero-radius cone, a point in its slab called inside";

            #[test]
            fn point_triangle() {
                let tally = run::<Triangle<T>>(
                    "point-triangle",
                    |p, t| {
                        let ours = oc::closest_point_on_triangle(p, t).point;
                        let d = oc::sq_distance_point_triangle(p, t).sqrt();
                        let pt_shape = shape::Triangle::new(v(&t.a), v(&t.b), v(&t.c));
                        let theirs = pt(pt_shape.project_local_point(v(p), true).point);
                        let td = pt_shape.distance_to_local_point(v(p), true);
                        let e = exact::triangle(&c(p), &c(&t.a), &c(&t.b), &c(&t.c));
                        (ours, d, theirs, td, e, scale(&[*p, t.a, t.b, t.c], &[]))
                    },
                    unclassified,
                );
                tally.finish(0.99);
            }

            #[test]
            fn point_segment() {
                let tally = run::<Segment<T>>(
                    "point-segment",
                    |p, s| {
                        let ours = oc::closest_point_on_segment(p, s).point;
                        let d = oc::sq_distance_point_segment(p, s).sqrt();
                        let seg = shape::Segment::new(v(&s.a), v(&s.b));
                        let theirs = pt(seg.project_local_point(v(p), true).point);
                        let td = seg.distance_to_local_point(v(p), true);
                        let e = exact::segment(&c(p), &c(&s.a), &c(&s.b));
                        (ours, d, theirs, td, e, scale(&[*p, s.a, s.b], &[]))
                    },
                    unclassified,
                );
                tally.finish(0.99);
            }

            /// The AABB as a parry `Cuboid` centred at the origin: the query point is moved into the
            /// box's local frame and the answer back.
            #[test]
            fn point_aabb() {
                let tally = run::<Aabb<T>>(
                    "point-aabb (Cuboid)",
                    |p, b| {
                        let ours = oc::closest_point_on_aabb(p, b);
                        let d = oc::sq_distance_point_aabb(p, b).sqrt();
                        let center = b.center();
                        let cuboid = shape::Cuboid::new(w(&b.half_extents()));
                        let local = v(p) - v(&center);
                        let theirs = pt(cuboid.project_local_point(local, true).point + v(&center));
                        let td = cuboid.distance_to_local_point(local, true);
                        let e = exact::boxed(
                            &c(p),
                            &c(&center),
                            &[Vector3::x(), Vector3::y(), Vector3::z()],
                            &cv(&b.half_extents()),
                        );
                        (ours, d, theirs, td, e, scale(&[*p, b.min, b.max], &[]))
                    },
                    unclassified,
                );
                tally.finish(0.99);
            }

            #[test]
            fn point_obb() {
                let tally = run::<Obb<T>>(
                    "point-obb (Cuboid with a pose)",
                    |p, b| {
                        let ours = oc::closest_point_on_obb(p, b);
                        let d = oc::sq_distance_point_obb(p, b).sqrt();
                        let q = UnitQuaternion::from_rotation_matrix(&b.rotation);
                        let m = pose(&b.center, &q);
                        let cuboid = shape::Cuboid::new(w(&b.half_extents));
                        let theirs = pt(cuboid.project_point(&m, v(p), true).point);
                        let td = cuboid.distance_to_point(&m, v(p), true);
                        let axes = [0, 1, 2].map(|i| cv(&b.axis(i)));
                        let e = exact::boxed(&c(p), &c(&b.center), &axes, &cv(&b.half_extents));
                        let s = scale(&[*p, b.center], &[b.half_extents.amax()]);
                        (ours, d, theirs, td, e, s)
                    },
                    unclassified,
                );
                tally.finish(0.99);
            }

            #[test]
            fn point_sphere() {
                let tally = run::<Sphere<T>>(
                    "point-sphere (Ball)",
                    |p, s| {
                        let ours = oc::closest_point_on_sphere(p, s);
                        let d = (ours - p).norm();
                        let ball = shape::Ball::new(s.radius);
                        let local = v(p) - v(&s.center);
                        let theirs = pt(ball.project_local_point(local, true).point + v(&s.center));
                        let td = ball.distance_to_local_point(local, true);
                        let e = exact::ball(&c(p), &c(&s.center), f64::from(s.radius));
                        (ours, d, theirs, td, e, scale(&[*p, s.center], &[s.radius]))
                    },
                    unclassified,
                );
                tally.finish(0.99);
            }

            #[test]
            fn point_capsule() {
                let tally = run::<Capsule<T>>(
                    "point-capsule",
                    |p, k| {
                        let ours = oc::closest_point_on_capsule(p, k);
                        let d = (ours - p).norm();
                        let cap = shape::Capsule::new(v(&k.a), v(&k.b), k.radius);
                        let theirs = pt(cap.project_local_point(v(p), true).point);
                        let td = cap.distance_to_local_point(v(p), true);
                        let axis = exact::segment(&c(p), &c(&k.a), &c(&k.b));
                        let e = exact::ball(&c(p), &axis, f64::from(k.radius));
                        (ours, d, theirs, td, e, scale(&[*p, k.a, k.b], &[k.radius]))
                    },
                    unclassified,
                );
                tally.finish(0.99);
            }

            /// A plane against parry's `HalfSpace` boundary: `solid = false` projects on the plane
            /// from either side.
            #[test]
            fn point_plane() {
                let tally = run::<Plane<T>>(
                    "point-plane (HalfSpace boundary)",
                    |p, pl| {
                        let ours = oc::closest_point_on_plane(p, pl);
                        let d = (ours - p).norm();
                        let hs = shape::HalfSpace::new(w(&pl.normal));
                        let m = Pose::from_translation(v(&pl.point()));
                        let theirs = pt(hs.project_point(&m, v(p), false).point);
                        let td = hs.distance_to_point(&m, v(p), false).abs();
                        let n = cv(&pl.normal);
                        let e = c(p) - n * (n.dot(&c(p).coords) - f64::from(pl.d));
                        (ours, d, theirs, td, e, scale(&[*p, pl.point()], &[pl.d]))
                    },
                    unclassified,
                );
                tally.finish(0.99);
            }

            #[test]
            fn point_tetrahedron() {
                let tally = run::<Tetrahedron<T>>(
                    "point-tetrahedron",
                    |p, t| {
                        let ours = oc::closest_point_on_tetrahedron(p, t);
                        let d = oc::sq_distance_point_tetrahedron(p, t).sqrt();
                        let tet = shape::Tetrahedron::new(v(&t.a), v(&t.b), v(&t.c), v(&t.d));
                        let theirs = pt(tet.project_local_point(v(p), true).point);
                        let td = tet.distance_to_local_point(v(p), true);
                        let e = exact::tetrahedron(&c(p), &[c(&t.a), c(&t.b), c(&t.c), c(&t.d)]);
                        (ours, d, theirs, td, e, scale(&[*p, t.a, t.b, t.c, t.d], &[]))
                    },
                    tetrahedron_classes,
                );
                tally.finish(0.98);
            }

            /// Our cylinder (axis `a → b`) as parry's y-axis `Cylinder` centred at the midpoint.
            #[test]
            fn point_cylinder() {
                let tally = run::<Cylinder<T>>(
                    "point-cylinder",
                    |p, k| {
                        let ours = oc::closest_point_on_cylinder(p, k);
                        let d = oc::sq_distance_point_cylinder(p, k).sqrt();
                        let axis = k.b - k.a;
                        let half = axis.norm() / 2.0;
                        let m = pose_y_along(&k.a.lerp(&k.b, 0.5), &(axis / (2.0 * half)));
                        let cyl = shape::Cylinder::new(half, k.radius);
                        let theirs = pt(cyl.project_point(&m, v(p), true).point);
                        let td = cyl.distance_to_point(&m, v(p), true);
                        let e = exact::cylinder(&c(p), &c(&k.a), &c(&k.b), f64::from(k.radius));
                        (ours, d, theirs, td, e, scale(&[*p, k.a, k.b], &[k.radius]))
                    },
                    unclassified,
                );
                tally.finish(0.99);
            }

            /// Our cone (tip, unit axis toward the base) as parry's `Cone` (apex at `+half_height`
            /// on y, base at `−half_height`) centred half way down the axis.
            #[test]
            fn point_cone() {
                let tally = run::<Cone<T>>(
                    "point-cone",
                    |p, k| {
                        let ours = oc::closest_point_on_cone(p, k);
                        let d = oc::sq_distance_point_cone(p, k).sqrt();
                        let axis = k.axis.into_inner();
                        let m = pose_y_along(&(k.tip + axis * (k.height / 2.0)), &-axis);
                        let cone = shape::Cone::new(k.height / 2.0, k.radius);
                        let theirs = pt(cone.project_point(&m, v(p), true).point);
                        let td = cone.distance_to_point(&m, v(p), true);
                        let e = exact::cone(
                            &c(p),
                            &c(&k.tip),
                            &cv(&axis),
                            f64::from(k.height),
                            f64::from(k.radius),
                        );
                        (ours, d, theirs, td, e, scale(&[*p, k.tip], &[k.height, k.radius]))
                    },
                    parry_zero_radius_cone,
                );
                tally.finish(0.99);
            }
        }
    };
}

differential!(with_f64, f64, parry3d_f64);
differential!(with_f32, f32, parry3d);
