//! Differential tests against parry3d-f64 and parry3d (f32): every osculate-closest query that parry
//! also answers, on 2,000 seeded inputs of the shared generators, with each disagreement checked
//! against an independent exact reference (computed in f64), named, asserted and counted.
//!
//! The checks are written once in `differential!` and instantiated for `f64` against parry3d-f64 and
//! for `f32` against parry3d, as glam instantiates its tests per float type. Queries parry does not
//! have (point against line, ray, convex polygon) are not here.

use osculate_math::{Point3, Real, Vector3};

/// Seeds per query: each test loops over `0..SEEDS`.
const SEEDS: u64 = 2000;

/// The classes of a parry GJK/EPA answer the exact reference rejects, shared by every differential
/// test of this crate (here and `convex_parry.rs`), each recognised by its mechanism:
pub(crate) mod class {
    /// The input is the generator's tiny flavour (size ≤ 1e-3) and parry answers the same input
    /// scaled by 2^14 (exactly) right, or within one of the classes below: its GJK and EPA compare
    /// squared lengths and simplex projections with absolute multiples of ε.
    pub(crate) const SMALL_SCALE: &str = "parry wrong at the 1e-4 scale (absolute GJK/EPA tolerances); the same input scaled up by 2^14 is right or in a class below";
    /// The error exceeds our tolerance but not parry's own ([`super::parry_own_tolerance`]).
    pub(crate) const IMPRECISE: &str =
        "parry GJK/EPA: off by more than our tolerance, within its own (10·√(10ε)·size)";
    /// The points lie on their shapes (a valid pair, so its distance bounds the exact one from
    /// above) and the distance is larger than the exact one by more than parry's own tolerance:
    /// GJK stopped (stalled) early.
    pub(crate) const NOT_CLOSEST: &str = "parry GJK/EPA: stopped at a valid pair that is not the closest (distance too large by more than its own tolerance)";
}

/// Widens a point to `f64` (exactly) for the exact references.
pub(crate) fn c<T: Real>(p: &Point3<T>) -> Point3<f64> {
    p.map(|x| x.to_f64())
}

/// Widens a vector to `f64` (exactly) for the exact references.
pub(crate) fn cv<T: Real>(v: &Vector3<T>) -> Vector3<f64> {
    v.map(|x| x.to_f64())
}

/// `p` scaled by `k` about the origin (`k` a power of two: exact), for the differential tests'
/// shapes brought to unit size.
pub(crate) fn sp<T: Real>(p: &Point3<T>, k: T) -> Point3<T> {
    Point3::from(p.coords * k)
}

/// parry's own tolerance for an input of `size` in a scalar of machine epsilon `epsilon`: GJK's
/// `eps_rel` (`√(10ε)`, relative to the squared distance), times ten, times the size.
pub(crate) fn parry_own_tolerance(epsilon: f64, size: f64) -> f64 {
    10.0 * (10.0 * epsilon).sqrt() * size
}

/// Whose answer a named disagreement class shows wrong (the exact reference decides).
#[derive(Clone, Copy, Debug)]
enum Verdict {
    /// Parry's answer is wrong (or follows another convention); ours matches the reference.
    Parry(&'static str),
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

    /// Point against the convex hull of `v` (a solid): the point itself when no face plane of the
    /// hull separates it, else the nearest point over every triangle of three vertices (every
    /// such triangle lies in the hull, and the hull's boundary faces are covered by them).
    pub(super) fn hull_point(p: &Point3<f64>, v: &[Point3<f64>]) -> Point3<f64> {
        let mut best = v[0];
        let mut separated = false;
        for i in 0..v.len() {
            for j in i + 1..v.len() {
                for k in j + 1..v.len() {
                    let q = triangle(p, &v[i], &v[j], &v[k]);
                    if (q - p).norm_squared() < (best - p).norm_squared() {
                        best = q;
                    }
                    // A face plane: every vertex on one side, p strictly on the other.
                    let n = (v[j] - v[i]).cross(&(v[k] - v[i]));
                    let size = (v[j] - v[i]).norm() * (v[k] - v[i]).norm();
                    if n.norm() <= 1e-9 * size {
                        continue;
                    }
                    let side = |x: &Point3<f64>| n.dot(&(x - v[i])) / n.norm();
                    let tol = 1e-9 * size.sqrt();
                    let (lo, hi) = v
                        .iter()
                        .fold((0.0_f64, 0.0_f64), |(lo, hi), x| (lo.min(side(x)), hi.max(side(x))));
                    let sp = side(p);
                    if (hi <= tol && sp > tol) || (lo >= -tol && sp < -tol) {
                        separated = true;
                    }
                }
            }
        }
        if separated { best } else { *p }
    }

    /// The distance from `p` to the convex hull of `v`.
    pub(super) fn hull_distance(p: &Point3<f64>, v: &[Point3<f64>]) -> f64 {
        (hull_point(p, v) - p).norm()
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

/// The exact answer of a pair query: the (signed) distance, and the witness points and contact
/// normal where they are unique (`None`: not compared).
#[derive(Clone, Copy, Debug)]
struct Reference {
    distance: f64,
    points: Option<[Point3<f64>; 2]>,
    /// The unit normal and its lever: the length over which a point error of the tolerance tilts
    /// it (the normal's tolerance is the tolerance over the lever).
    normal: Option<(Vector3<f64>, f64)>,
}

/// Exact pair references, by enumerating the features that can hold the closest pair.
mod exact_pair {
    use super::exact::{segment, triangle};
    use super::{Point3, Reference, Vector3};

    /// `sin²` of the angle between two directions below which their segments count as parallel
    /// for the witness points: near-parallel segments have a distance that is well conditioned but
    /// closest points that move by the distance error over sin², so they are compared by distance
    /// only (sin θ < 0.1).
    pub(super) const PARALLEL_SIN2: f64 = 1e-2;

    /// A candidate closest pair.
    #[derive(Clone, Copy, Debug)]
    pub(super) struct Candidate {
        pub(super) a: Point3<f64>,
        pub(super) b: Point3<f64>,
        /// Whether this feature pair has a unique closest pair (not two parallel segments).
        pub(super) unique: bool,
    }

    impl Candidate {
        fn distance(&self) -> f64 {
            (self.b - self.a).norm()
        }
    }

    /// Closest points of segments `a0a1`, `b0b1`: the four end-point projections and, for
    /// non-parallel segments, the interior critical point when it lies inside both.
    pub(super) fn segment_segment(
        a0: &Point3<f64>,
        a1: &Point3<f64>,
        b0: &Point3<f64>,
        b1: &Point3<f64>,
    ) -> Candidate {
        let (d1, d2) = (a1 - a0, b1 - b0);
        let n = d1.cross(&d2);
        let sin2 = n.norm_squared() / (d1.norm_squared() * d2.norm_squared());
        let degenerate = d1.norm_squared() == 0.0 || d2.norm_squared() == 0.0;
        let unique = degenerate || sin2 >= PARALLEL_SIN2;
        let mut cands = vec![
            Candidate { a: *a0, b: segment(a0, b0, b1), unique },
            Candidate { a: *a1, b: segment(a1, b0, b1), unique },
            Candidate { a: segment(b0, a0, a1), b: *b0, unique },
            Candidate { a: segment(b1, a0, a1), b: *b1, unique },
        ];
        if !degenerate && sin2 > 1e-24 {
            let r = a0 - b0;
            let nn = n.norm_squared();
            let s = n.dot(&d2.cross(&r)) / nn;
            let t = n.dot(&d1.cross(&r)) / nn;
            if (0.0..=1.0).contains(&s) && (0.0..=1.0).contains(&t) {
                cands.push(Candidate { a: a0 + d1 * s, b: b0 + d2 * t, unique });
            }
        }
        best(&cands, 0.0)
    }

    /// The nearest candidate; not unique when another candidate with other points is within `tol`
    /// of the same distance.
    pub(super) fn best(cands: &[Candidate], tol: f64) -> Candidate {
        let mut b = cands[0];
        for c in cands {
            if c.distance() < b.distance() {
                b = *c;
            }
        }
        let tie = cands.iter().any(|c| {
            c.distance() <= b.distance() + tol
                && ((c.a - b.a).norm() > tol || (c.b - b.b).norm() > tol)
        });
        Candidate { unique: b.unique && !tie, ..b }
    }

    /// Closest points of segment `s0s1` and triangle `abc`: the end points against the triangle, the
    /// segment against the three edges, and the crossing of the segment through the triangle.
    pub(super) fn segment_triangle(
        s0: &Point3<f64>,
        s1: &Point3<f64>,
        t: &[Point3<f64>; 3],
        tol: f64,
    ) -> Candidate {
        let mut cands = vec![
            Candidate { a: *s0, b: triangle(s0, &t[0], &t[1], &t[2]), unique: true },
            Candidate { a: *s1, b: triangle(s1, &t[0], &t[1], &t[2]), unique: true },
        ];
        for (u, v) in [(0, 1), (1, 2), (2, 0)] {
            cands.push(segment_segment(s0, s1, &t[u], &t[v]));
        }
        if let Some(x) = crossing(s0, s1, t) {
            cands.push(Candidate { a: x, b: x, unique: true });
        }
        best(&cands, tol)
    }

    /// Where segment `s0s1` crosses the plane of triangle `t` inside the triangle, if it does.
    fn crossing(s0: &Point3<f64>, s1: &Point3<f64>, t: &[Point3<f64>; 3]) -> Option<Point3<f64>> {
        let n = (t[1] - t[0]).cross(&(t[2] - t[0]));
        let (h0, h1) = (n.dot(&(s0 - t[0])), n.dot(&(s1 - t[0])));
        if h0 * h1 > 0.0 || h0 == h1 {
            return None;
        }
        let x = s0 + (s1 - s0) * (h0 / (h0 - h1));
        ((triangle(&x, &t[0], &t[1], &t[2]) - x).norm() <= 1e-12 * (1.0 + x.coords.amax()))
            .then_some(x)
    }

    /// Closest points of two triangles: each one's vertices against the other, the nine edge
    /// pairs, and each one's edges crossing the other.
    pub(super) fn triangle_triangle(
        a: &[Point3<f64>; 3],
        b: &[Point3<f64>; 3],
        tol: f64,
    ) -> Candidate {
        let mut cands = Vec::new();
        for v in a {
            cands.push(Candidate { a: *v, b: triangle(v, &b[0], &b[1], &b[2]), unique: true });
        }
        for v in b {
            cands.push(Candidate { a: triangle(v, &a[0], &a[1], &a[2]), b: *v, unique: true });
        }
        let edges = [(0, 1), (1, 2), (2, 0)];
        for (i, j) in edges {
            for (k, l) in edges {
                cands.push(segment_segment(&a[i], &a[j], &b[k], &b[l]));
            }
            if let Some(x) = crossing(&a[i], &a[j], b) {
                cands.push(Candidate { a: x, b: x, unique: false });
            }
            if let Some(x) = crossing(&b[i], &b[j], a) {
                cands.push(Candidate { a: x, b: x, unique: false });
            }
        }
        best(&cands, tol)
    }

    /// Closest points of segment `s0s1` and the box (`center`, `axes`, `half`): the end points
    /// against the box, the segment against the twelve edges, and the segment crossing the box.
    pub(super) fn segment_box(
        s0: &Point3<f64>,
        s1: &Point3<f64>,
        center: &Point3<f64>,
        axes: &[Vector3<f64>; 3],
        half: &Vector3<f64>,
        tol: f64,
    ) -> Candidate {
        let boxed = |p: &Point3<f64>| super::exact::boxed(p, center, axes, half);
        let mut cands = vec![
            Candidate { a: *s0, b: boxed(s0), unique: true },
            Candidate { a: *s1, b: boxed(s1), unique: true },
        ];
        let corner = |i: usize| {
            let sign = |k: usize| if i >> k & 1 == 1 { 1.0 } else { -1.0 };
            center
                + axes[0] * (sign(0) * half[0])
                + axes[1] * (sign(1) * half[1])
                + axes[2] * (sign(2) * half[2])
        };
        for i in 0..8 {
            for k in 0..3 {
                if i >> k & 1 == 0 {
                    cands.push(segment_segment(s0, s1, &corner(i), &corner(i | 1 << k)));
                }
            }
        }
        // Slab clipping in the box frame: the part of the segment inside the box, if any.
        let (p0, p1) = (s0 - center, s1 - center);
        let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
        for k in 0..3 {
            let (x0, dx) = (p0.dot(&axes[k]), (p1 - p0).dot(&axes[k]));
            if dx == 0.0 {
                if x0.abs() > half[k] {
                    hi = -1.0;
                }
            } else {
                let (t0, t1) = ((-half[k] - x0) / dx, (half[k] - x0) / dx);
                lo = lo.max(t0.min(t1));
                hi = hi.min(t0.max(t1));
            }
        }
        if lo <= hi {
            let x = s0 + (s1 - s0) * lo;
            cands.push(Candidate { a: x, b: x, unique: false });
        }
        best(&cands, tol)
    }

    /// Two balls from the closest pair of their centres' shapes: the contact (signed distance,
    /// the normal along the centres unless they coincide, the surface points).
    ///
    /// Centres closer than `tol` (concentric up to rounding) give no unique normal or points.
    pub(super) fn ball_ball_contact(axes: &Candidate, r1: f64, r2: f64, tol: f64) -> Reference {
        let v = axes.b - axes.a;
        let d = v.norm();
        if d <= tol || !axes.unique {
            return Reference { distance: d - r1 - r2, points: None, normal: None };
        }
        let u = v / d;
        Reference {
            distance: d - r1 - r2,
            points: Some([axes.a + u * r1, axes.b - u * r2]),
            normal: Some((u, d)),
        }
    }

    /// The closest points of two balls (distance 0 and no unique points when they overlap).
    pub(super) fn ball_ball_closest(axes: &Candidate, r1: f64, r2: f64, tol: f64) -> Reference {
        let c = ball_ball_contact(axes, r1, r2, tol);
        if c.distance <= 0.0 {
            Reference { distance: 0.0, points: None, normal: None }
        } else {
            Reference { normal: None, ..c }
        }
    }
}

/// The two tests of each row builder `$row::<CONTACT>()` that has a closest-points form
/// (`$closest`, `CONTACT = false`) and a contact form (`$contact`).
macro_rules! closest_and_contact_tests {
    ($($row:ident: $closest:ident, $contact:ident;)*) => {$(
        #[test]
        fn $closest() {
            $row::<false>().run();
        }

        #[test]
        fn $contact() {
            $row::<true>().run();
        }
    )*};
}

/// Writes the differential tests for one scalar type against the parry crate of that precision.
///
/// Every query is one row of a table: a [`PointRow`] for a point query, a [`PairRow`] for a
/// pair query, each naming our function, parry's, the exact reference, the input's scale and the
/// classes a disagreement may fall in. The rows share one runner per kind, so a query is added by
/// writing its row.
macro_rules! differential {
    ($module:ident, $T:ident, $parry:ident) => {
        mod $module {
            use super::{
                Reference, SEEDS, Verdict, c, class, cv, exact, exact_pair, parry_own_tolerance,
                scale, sp,
            };
            use $parry::math::{Pose, Vector};
            use $parry::query::PointQuery;
            use $parry::shape;
            use osculate_closest as oc;
            use osculate_math::{
                Aabb, Capsule, Cone, ConvexPolyhedron, Cylinder, Halfspace, Line, Obb, Plane,
                Point3, Segment, Sphere, Tetrahedron, Triangle, UnitQuaternion, Vector3,
            };
            use osculate_testing::parry::$parry::{at, axis_pose, placed, point, to_point, vector};
            use osculate_testing::{GenerateAny, Pair, Tally, test_tolerance};

            type T = $T;

            /// A power of two that brings the generator's tiny shapes (1e-4) to unit size exactly.
            const UP: T = 16384.0;

            // ---- Point queries. ----

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
                    (c(point) - self.exact).norm().max((f64::from(distance) - exact_distance).abs())
                }

                fn ours_right(&self) -> bool {
                    self.error(&self.ours, self.ours_distance) <= f64::from(self.tol)
                }

                fn parry_right(&self) -> bool {
                    self.error(&self.parry, self.parry_distance) <= f64::from(self.tol)
                }
            }

            /// One row of the point-query table: the query of ours and of parry, the exact
            /// reference and the classes a disagreement may fall in.
            struct PointRow<S> {
                /// The name the tally prints.
                name: &'static str,
                /// Our closest point and distance.
                ours: fn(&Point3<T>, &S) -> (Point3<T>, T),
                /// Parry's closest point and distance on the input scaled by `k` (a power of two,
                /// exact; 1 for the input itself), not scaled back.
                parry: fn(&Point3<T>, &S, T) -> (Point3<T>, T),
                /// The exact closest point, in f64.
                exact: fn(&Point3<T>, &S) -> Point3<f64>,
                /// The input's scale, which the tolerance is relative to.
                scale: fn(&Point3<T>, &S) -> T,
                /// Names a disagreement in which ours matches the exact answer and parry's does
                /// not, or returns `None` (then the test fails, printing the case).
                classes: fn(&Case<'_, S>, &Self) -> Option<Verdict>,
                /// The least fraction of the cases on which both agree.
                min_agree: f64,
            }

            impl<S: GenerateAny<Scalar = T> + core::fmt::Debug> PointRow<S> {
                /// Runs the row over the seeds and asserts its tally.
                #[track_caller]
                fn run(&self) {
                    let name = self.name;
                    let mut tally = Tally::new(name);
                    for seed in 0..SEEDS {
                        let Pair { a: p, b: shape, .. } = Pair::<Point3<T>, S>::from_seed(seed);
                        let (ours, ours_distance) = (self.ours)(&p, &shape);
                        let (parry, parry_distance) = (self.parry)(&p, &shape, 1.0);
                        let exact = (self.exact)(&p, &shape);
                        let tol = test_tolerance::<T>() * (self.scale)(&p, &shape);
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
                        match (self.classes)(&case, self) {
                            Some(Verdict::Parry(class)) if case.ours_right() => tally.class(class),
                            _ if !case.ours_right() => {
                                panic!("{name}: osculate is wrong:\n{case:?}")
                            }
                            _ => panic!("{name}: unclassified disagreement:\n{case:?}"),
                        }
                    }
                    tally.finish(SEEDS, self.min_agree);
                }
            }

            fn unclassified<S>(_: &Case<'_, S>, _: &PointRow<S>) -> Option<Verdict> {
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
            fn tetrahedron_classes(
                case: &Case<'_, Tetrahedron<T>>,
                _: &PointRow<Tetrahedron<T>>,
            ) -> Option<Verdict> {
                if !is_flat(case.shape) {
                    return None;
                }
                if !case.ours_right() {
                    // Ours wrong is never a class: it fails the test (flat tetrahedra are their
                    // faces, see `rounded_flat_tetrahedron_is_its_faces` in tetrahedron.rs).
                    return None;
                }
                let parry_inside =
                    case.parry_distance == 0.0 && (case.parry - case.p).norm() <= case.tol;
                parry_inside.then_some(Verdict::Parry(PARRY_FLAT_TETRAHEDRON))
            }

            const PARRY_FLAT_TETRAHEDRON: &str =
                "parry wrong: flat tetrahedron, a point off it called inside";

            /// Point-cone class (parry): a zero-radius cone is the segment from the tip to the
            /// base centre, but parry's inside test (the slant's cross product with the axis, zero
            /// here) passes for every point between the tip's and the base's planes: it returns
            /// the point itself at distance 0.
            fn parry_zero_radius_cone(
                case: &Case<'_, Cone<T>>,
                _: &PointRow<Cone<T>>,
            ) -> Option<Verdict> {
                let k = case.shape;
                let h = (case.p - k.tip).dot(&k.axis);
                let slab = 0.0 <= h && h <= k.height;
                let inside = case.parry_distance == 0.0 && (case.parry - case.p).norm() <= case.tol;
                (k.radius == 0.0 && slab && inside)
                    .then_some(Verdict::Parry(PARRY_ZERO_RADIUS_CONE))
            }

            const PARRY_ZERO_RADIUS_CONE: &str =
                "parry wrong: zero-radius cone, a point in its slab called inside";

            #[test]
            fn point_triangle() {
                PointRow::<Triangle<T>> {
                    name: "point-triangle",
                    ours: |p, t| {
                        let d = oc::sq_distance_point_triangle(p, t).sqrt();
                        (oc::closest_point_on_triangle(p, t).point, d)
                    },
                    parry: |p, t, k| {
                        let tri =
                            shape::Triangle::new(point(&sp(&t.a, k)), point(&sp(&t.b, k)), point(&sp(&t.c, k)));
                        let q = point(&sp(p, k));
                        (
                            to_point(tri.project_local_point(q, true).point),
                            tri.distance_to_local_point(q, true),
                        )
                    },
                    exact: |p, t| exact::triangle(&c(p), &c(&t.a), &c(&t.b), &c(&t.c)),
                    scale: |p, t| scale(&[*p, t.a, t.b, t.c], &[]),
                    classes: unclassified,
                    min_agree: 0.99,
                }
                .run();
            }

            #[test]
            fn point_segment() {
                PointRow::<Segment<T>> {
                    name: "point-segment",
                    ours: |p, s| {
                        let d = oc::sq_distance_point_segment(p, s).sqrt();
                        (oc::closest_point_on_segment(p, s).point, d)
                    },
                    parry: |p, s, k| {
                        let seg = shape::Segment::new(point(&sp(&s.a, k)), point(&sp(&s.b, k)));
                        let q = point(&sp(p, k));
                        (
                            to_point(seg.project_local_point(q, true).point),
                            seg.distance_to_local_point(q, true),
                        )
                    },
                    exact: |p, s| exact::segment(&c(p), &c(&s.a), &c(&s.b)),
                    scale: |p, s| scale(&[*p, s.a, s.b], &[]),
                    classes: unclassified,
                    min_agree: 0.99,
                }
                .run();
            }

            /// The AABB as a parry `Cuboid` centred at the origin: the query point is moved into the
            /// box's local frame and the answer back.
            #[test]
            fn point_aabb() {
                PointRow::<Aabb<T>> {
                    name: "point-aabb (Cuboid)",
                    ours: |p, b| {
                        (oc::closest_point_on_aabb(p, b), oc::sq_distance_point_aabb(p, b).sqrt())
                    },
                    parry: |p, b, k| {
                        let center = sp(&b.center(), k);
                        let cuboid = shape::Cuboid::new(vector(&(b.half_extents() * k)));
                        let local = point(&sp(p, k)) - point(&center);
                        let theirs = to_point(cuboid.project_local_point(local, true).point + point(&center));
                        (theirs, cuboid.distance_to_local_point(local, true))
                    },
                    exact: |p, b| {
                        let axes = [Vector3::x(), Vector3::y(), Vector3::z()];
                        exact::boxed(&c(p), &c(&b.center()), &axes, &cv(&b.half_extents()))
                    },
                    scale: |p, b| scale(&[*p, b.min, b.max], &[]),
                    classes: unclassified,
                    min_agree: 0.99,
                }
                .run();
            }

            #[test]
            fn point_obb() {
                PointRow::<Obb<T>> {
                    name: "point-obb (Cuboid with a pose)",
                    ours: |p, b| {
                        (oc::closest_point_on_obb(p, b), oc::sq_distance_point_obb(p, b).sqrt())
                    },
                    parry: |p, b, k| {
                        let q = UnitQuaternion::from_rotation_matrix(&b.rotation);
                        let m = placed(&sp(&b.center, k), &q);
                        let cuboid = shape::Cuboid::new(vector(&(b.half_extents * k)));
                        let x = point(&sp(p, k));
                        (
                            to_point(cuboid.project_point(&m, x, true).point),
                            cuboid.distance_to_point(&m, x, true),
                        )
                    },
                    exact: |p, b| {
                        let axes = b.axes().map(|a| cv(&a));
                        exact::boxed(&c(p), &c(&b.center), &axes, &cv(&b.half_extents))
                    },
                    scale: |p, b| scale(&[*p, b.center], &[b.half_extents.amax()]),
                    classes: unclassified,
                    min_agree: 0.99,
                }
                .run();
            }

            #[test]
            fn point_sphere() {
                PointRow::<Sphere<T>> {
                    name: "point-sphere (Ball)",
                    ours: |p, s| {
                        (
                            oc::closest_point_on_sphere(p, s),
                            oc::sq_distance_point_sphere(p, s).sqrt(),
                        )
                    },
                    parry: |p, s, k| {
                        let center = sp(&s.center, k);
                        let ball = shape::Ball::new(s.radius * k);
                        let local = point(&sp(p, k)) - point(&center);
                        let theirs = to_point(ball.project_local_point(local, true).point + point(&center));
                        (theirs, ball.distance_to_local_point(local, true))
                    },
                    exact: |p, s| exact::ball(&c(p), &c(&s.center), f64::from(s.radius)),
                    scale: |p, s| scale(&[*p, s.center], &[s.radius]),
                    classes: unclassified,
                    min_agree: 0.99,
                }
                .run();
            }

            #[test]
            fn point_capsule() {
                PointRow::<Capsule<T>> {
                    name: "point-capsule",
                    ours: |p, k| {
                        (
                            oc::closest_point_on_capsule(p, k),
                            oc::sq_distance_point_capsule(p, k).sqrt(),
                        )
                    },
                    parry: |p, cap, k| {
                        let cap = shape::Capsule::new(
                            point(&sp(&cap.a, k)),
                            point(&sp(&cap.b, k)),
                            cap.radius * k,
                        );
                        let q = point(&sp(p, k));
                        (
                            to_point(cap.project_local_point(q, true).point),
                            cap.distance_to_local_point(q, true),
                        )
                    },
                    exact: |p, k| {
                        let axis = exact::segment(&c(p), &c(&k.a), &c(&k.b));
                        exact::ball(&c(p), &axis, f64::from(k.radius))
                    },
                    scale: |p, k| scale(&[*p, k.a, k.b], &[k.radius]),
                    classes: unclassified,
                    min_agree: 0.99,
                }
                .run();
            }

            /// A plane against parry's `HalfSpace` boundary: `solid = false` projects on the plane
            /// from either side. Both distances are signed (parry's `HalfSpace` distance with
            /// `solid = false` is `n·p` in its frame) and compared as magnitudes once their signs
            /// agree: parry's row takes the sign of ours, and a different sign (both beyond the
            /// tolerance) makes its distance NaN, never an agreement.
            #[test]
            fn point_plane() {
                PointRow::<Plane<T>> {
                    name: "point-plane (HalfSpace boundary)",
                    ours: |p, pl| {
                        (
                            oc::closest_point_on_plane(p, pl),
                            oc::signed_distance_point_plane(p, pl).abs(),
                        )
                    },
                    parry: |p, pl, k| {
                        let hs = shape::HalfSpace::new(vector(&pl.normal));
                        let m = Pose::from_translation(point(&sp(&pl.point(), k)));
                        let x = point(&sp(p, k));
                        let td = hs.distance_to_point(&m, x, false);
                        let d = oc::signed_distance_point_plane(p, pl);
                        let tol = test_tolerance::<T>() * scale(&[*p, pl.point()], &[pl.d]);
                        let same_sign = d * td >= 0.0 || d.abs().min(td.abs()) <= tol;
                        (
                            to_point(hs.project_point(&m, x, false).point),
                            if same_sign { td.abs() } else { T::NAN },
                        )
                    },
                    exact: |p, pl| {
                        let n = cv(&pl.normal);
                        c(p) - n * (n.dot(&c(p).coords) - f64::from(pl.d))
                    },
                    scale: |p, pl| scale(&[*p, pl.point()], &[pl.d]),
                    classes: unclassified,
                    min_agree: 0.99,
                }
                .run();
            }

            #[test]
            fn point_tetrahedron() {
                PointRow::<Tetrahedron<T>> {
                    name: "point-tetrahedron",
                    ours: |p, t| {
                        (
                            oc::closest_point_on_tetrahedron(p, t),
                            oc::sq_distance_point_tetrahedron(p, t).sqrt(),
                        )
                    },
                    parry: |p, t, k| {
                        let [a, b, cc, d] = [t.a, t.b, t.c, t.d].map(|x| point(&sp(&x, k)));
                        let tet = shape::Tetrahedron::new(a, b, cc, d);
                        let q = point(&sp(p, k));
                        (
                            to_point(tet.project_local_point(q, true).point),
                            tet.distance_to_local_point(q, true),
                        )
                    },
                    exact: |p, t| exact::tetrahedron(&c(p), &[c(&t.a), c(&t.b), c(&t.c), c(&t.d)]),
                    scale: |p, t| scale(&[*p, t.a, t.b, t.c, t.d], &[]),
                    classes: tetrahedron_classes,
                    min_agree: 0.98,
                }
                .run();
            }

            /// Our cylinder (axis `a → b`) as parry's y-axis `Cylinder` centred at the midpoint.
            #[test]
            fn point_cylinder() {
                PointRow::<Cylinder<T>> {
                    name: "point-cylinder",
                    ours: |p, k| {
                        (
                            oc::closest_point_on_cylinder(p, k),
                            oc::sq_distance_point_cylinder(p, k).sqrt(),
                        )
                    },
                    parry: |p, cyl, k| {
                        let (a, b) = (sp(&cyl.a, k), sp(&cyl.b, k));
                        let axis = b - a;
                        let half = axis.norm() / 2.0;
                        let m = axis_pose(&a.lerp(&b, 0.5), Vector::Y, vector(&(axis / (2.0 * half))));
                        let g = shape::Cylinder::new(half, cyl.radius * k);
                        let x = point(&sp(p, k));
                        (to_point(g.project_point(&m, x, true).point), g.distance_to_point(&m, x, true))
                    },
                    exact: |p, k| exact::cylinder(&c(p), &c(&k.a), &c(&k.b), f64::from(k.radius)),
                    scale: |p, k| scale(&[*p, k.a, k.b], &[k.radius]),
                    classes: unclassified,
                    min_agree: 0.99,
                }
                .run();
            }

            /// Our cone (tip, unit axis toward the base) as parry's `Cone` (apex at `+half_height`
            /// on y, base at `−half_height`) centred half way down the axis.
            #[test]
            fn point_cone() {
                PointRow::<Cone<T>> {
                    name: "point-cone",
                    ours: |p, k| {
                        (oc::closest_point_on_cone(p, k), oc::sq_distance_point_cone(p, k).sqrt())
                    },
                    parry: |p, cone, k| {
                        let axis = cone.axis.into_inner();
                        let (tip, height) = (sp(&cone.tip, k), cone.height * k);
                        let m = axis_pose(&(tip + axis * (height / 2.0)), Vector::Y, vector(&-axis));
                        let g = shape::Cone::new(height / 2.0, cone.radius * k);
                        let x = point(&sp(p, k));
                        (to_point(g.project_point(&m, x, true).point), g.distance_to_point(&m, x, true))
                    },
                    exact: |p, k| {
                        let axis = cv(&k.axis.into_inner());
                        exact::cone(
                            &c(p),
                            &c(&k.tip),
                            &axis,
                            f64::from(k.height),
                            f64::from(k.radius),
                        )
                    },
                    scale: |p, k| scale(&[*p, k.tip], &[k.height, k.radius]),
                    classes: parry_zero_radius_cone,
                    min_agree: 0.99,
                }
                .run();
            }

            const PARRY_POINT_GJK: &str =
                "parry GJK: point projection within its own tolerance, not ours";

            /// Point-polyhedron classes (parry): `ConvexPolyhedron` projects points through GJK
            /// (`point_support_map`).
            ///
            /// - GJK: it stops at its own relative tolerance (`√(10ε)` times ten, times the input's
            ///   size), its point still on the polyhedron (within that tolerance).
            /// - small scale: at the generator's 1e-4 scale its absolute tolerances fail; the same
            ///   input scaled by 2^14 (exactly) is answered right or within the GJK class.
            fn parry_point_gjk(
                case: &Case<'_, ConvexPolyhedron<T>>,
                row: &PointRow<ConvexPolyhedron<T>>,
            ) -> Option<Verdict> {
                let size = scale(&case.shape.vertices, &[]).max(case.p.coords.amax());
                if !case.ours_right() {
                    // Ours wrong is never a class: it fails the test (far from the origin in f32
                    // the face-membership tolerance is covered in polyhedron.rs).
                    return None;
                }
                let gjk = |point: &Point3<T>, distance: T| {
                    let own = parry_own_tolerance(f64::from(T::EPSILON), f64::from(size));
                    let exact_distance = (case.exact - c(case.p)).norm();
                    let error = (f64::from(distance) - exact_distance).abs();
                    error <= own && exact::hull_distance(&c(point), &hull64(case.shape)) <= own
                };
                if size <= 1e-3 {
                    let (point, distance) = (row.parry)(case.p, case.shape, UP);
                    let (point, distance) = (sp(&point, 1.0 / UP), distance / UP);
                    let right = case.error(&point, distance) <= f64::from(case.tol);
                    return (right || gjk(&point, distance))
                        .then_some(Verdict::Parry(class::SMALL_SCALE));
                }
                gjk(&case.parry, case.parry_distance).then_some(Verdict::Parry(PARRY_POINT_GJK))
            }

            fn hull64(poly: &ConvexPolyhedron<T>) -> Vec<Point3<f64>> {
                poly.vertices.iter().map(c).collect()
            }

            /// The polyhedron as parry's `ConvexPolyhedron::from_convex_hull` of its vertices.
            #[test]
            fn point_polyhedron() {
                PointRow::<ConvexPolyhedron<T>> {
                    name: "point-polyhedron (ConvexPolyhedron)",
                    ours: |p, poly| {
                        let d = oc::sq_distance_point_polyhedron(p, poly).sqrt();
                        (oc::closest_point_on_polyhedron(p, poly), d)
                    },
                    parry: |p, poly, k| {
                        let verts: Vec<Vector> =
                            poly.vertices.iter().map(|u| point(&sp(u, k))).collect();
                        let hull =
                            shape::ConvexPolyhedron::from_convex_hull(&verts).expect("a hull");
                        let q = point(&sp(p, k));
                        (
                            to_point(hull.project_local_point(q, true).point),
                            hull.distance_to_local_point(q, true),
                        )
                    },
                    exact: |p, poly| exact::hull_point(&c(p), &hull64(poly)),
                    scale: |p, poly| scale(&poly.vertices, &[]).max(p.coords.amax()),
                    classes: parry_point_gjk,
                    min_agree: 0.8,
                }
                .run();
            }

            // ---- Shape pairs: closest points and contacts. ----

            /// One pair query's answer as compared: the (signed) distance, the witness points (none
            /// when parry reports "intersecting" without them) and the contact normal.
            #[derive(Clone, Copy, Debug)]
            struct Answer {
                distance: T,
                points: Option<[Point3<T>; 2]>,
                normal: Option<Vector3<T>>,
            }

            impl Answer {
                /// The answer with the shapes' roles exchanged: witnesses swapped, normal flipped
                /// (parry's halfspace-first order read as ours, sphere first).
                fn swapped(self) -> Self {
                    Answer {
                        distance: self.distance,
                        points: self.points.map(|[p, q]| [q, p]),
                        normal: self.normal.map(|n| -n),
                    }
                }
            }

            fn ours_closest(r: oc::ClosestPoints<T>) -> Answer {
                Answer { distance: r.distance, points: Some([r.point_a, r.point_b]), normal: None }
            }

            fn ours_contact(r: Option<oc::Contact<T>>) -> Answer {
                match r {
                    Some(r) => Answer {
                        distance: r.distance,
                        points: Some([r.point_a, r.point_b]),
                        normal: Some(r.normal.into_inner()),
                    },
                    None => Answer { distance: T::NAN, points: None, normal: None },
                }
            }

            fn parry_closest(r: $parry::query::ClosestPoints) -> Answer {
                use $parry::query::ClosestPoints as P;
                match r {
                    P::WithinMargin(p1, p2) => Answer {
                        distance: (p2 - p1).length(),
                        points: Some([to_point(p1), to_point(p2)]),
                        normal: None,
                    },
                    P::Intersecting => Answer { distance: 0.0, points: None, normal: None },
                    P::Disjoint => Answer { distance: T::INFINITY, points: None, normal: None },
                }
            }

            fn parry_contact(r: Option<$parry::query::Contact>) -> Answer {
                match r {
                    Some(r) => Answer {
                        distance: r.dist,
                        points: Some([to_point(r.point1), to_point(r.point2)]),
                        normal: Some(Vector3::new(r.normal1.x, r.normal1.y, r.normal1.z)),
                    },
                    None => Answer { distance: T::NAN, points: None, normal: None },
                }
            }

            /// parry's `query::closest_points` in the world frame, no distance limit.
            fn parry_closest_points(
                m1: &Pose,
                g1: &dyn shape::Shape,
                m2: &Pose,
                g2: &dyn shape::Shape,
            ) -> Answer {
                parry_closest(
                    $parry::query::closest_points(m1, g1, m2, g2, T::MAX).expect("supported pair"),
                )
            }

            /// parry's `query::contact` in the world frame, with an unlimited prediction so that
            /// separated shapes get a contact too (ours always answers).
            fn parry_contact_points(
                m1: &Pose,
                g1: &dyn shape::Shape,
                m2: &Pose,
                g2: &dyn shape::Shape,
            ) -> Answer {
                parry_contact(
                    $parry::query::contact(m1, g1, m2, g2, T::MAX).expect("supported pair"),
                )
            }

            /// parry shapes of ours, scaled by `k` about the origin (a power of two: exact).
            fn ball(s: &Sphere<T>, k: T) -> (Pose, shape::Ball) {
                (at(&sp(&s.center, k)), shape::Ball::new(s.radius * k))
            }

            fn segment(s: &Segment<T>, k: T) -> (Pose, shape::Segment) {
                (Pose::IDENTITY, shape::Segment::new(point(&sp(&s.a, k)), point(&sp(&s.b, k))))
            }

            fn capsule(s: &Capsule<T>, k: T) -> (Pose, shape::Capsule) {
                let cap = shape::Capsule::new(point(&sp(&s.a, k)), point(&sp(&s.b, k)), s.radius * k);
                (Pose::IDENTITY, cap)
            }

            fn triangle(t: &Triangle<T>, k: T) -> (Pose, shape::Triangle) {
                let [a, b, cc] = [t.a, t.b, t.c].map(|x| point(&sp(&x, k)));
                (Pose::IDENTITY, shape::Triangle::new(a, b, cc))
            }

            fn aabb(b: &Aabb<T>, k: T) -> (Pose, shape::Cuboid) {
                (at(&sp(&b.center(), k)), shape::Cuboid::new(vector(&(b.half_extents() * k))))
            }

            fn obb(b: &Obb<T>, k: T) -> (Pose, shape::Cuboid) {
                let q = UnitQuaternion::from_rotation_matrix(&b.rotation);
                (placed(&sp(&b.center, k), &q), shape::Cuboid::new(vector(&(b.half_extents * k))))
            }

            /// parry's closest points of two posed shapes.
            fn closest<A: shape::Shape, B: shape::Shape>(a: (Pose, A), b: (Pose, B)) -> Answer {
                parry_closest_points(&a.0, &a.1, &b.0, &b.1)
            }

            /// parry's contact of two posed shapes.
            fn contact<A: shape::Shape, B: shape::Shape>(a: (Pose, A), b: (Pose, B)) -> Answer {
                parry_contact_points(&a.0, &a.1, &b.0, &b.1)
            }

            /// One pair query's answers on one input.
            #[derive(Clone, Copy)]
            struct PairCase<'a, A, B> {
                seed: u64,
                a: &'a A,
                b: &'a B,
                ours: Answer,
                parry: Answer,
                exact: Reference,
                /// The input's scale, which `tol` is relative to.
                scale: T,
                tol: T,
            }

            impl<A: core::fmt::Debug, B: core::fmt::Debug> core::fmt::Debug for PairCase<'_, A, B> {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    write!(
                        f,
                        "seed {}:\n  a = {:?}\n  b = {:?}\n  ours  {:?}\n  parry {:?}\n  exact {:?}\n  tol {:?}",
                        self.seed, self.a, self.b, self.ours, self.parry, self.exact, self.tol
                    )
                }
            }

            impl<A, B> PairCase<'_, A, B> {
                /// Whether `x` matches the exact reference: the distance, and the points and the
                /// normal where those are unique.
                fn right(&self, x: &Answer) -> bool {
                    let tol = f64::from(self.tol);
                    let distance = (f64::from(x.distance) - self.exact.distance).abs() <= tol;
                    let points = match (self.exact.points, x.points) {
                        (Some(e), Some(p)) => {
                            (c(&p[0]) - e[0]).norm() <= tol && (c(&p[1]) - e[1]).norm() <= tol
                        }
                        _ => true,
                    };
                    let normal = match (self.exact.normal, x.normal) {
                        (Some((n, lever)), Some(m)) => (cv(&m) - n).norm() <= tol / lever,
                        _ => true,
                    };
                    distance && points && normal
                }

                fn ours_right(&self) -> bool {
                    self.right(&self.ours)
                }

                fn parry_right(&self) -> bool {
                    self.right(&self.parry)
                }

                /// Whether ours and parry's agree: the distance, and the points and the normal
                /// where the exact ones are unique and both give them.
                fn same(&self) -> bool {
                    let (o, p, tol) = (&self.ours, &self.parry, self.tol);
                    let distance = (o.distance - p.distance).abs() <= tol;
                    let points = match (self.exact.points, o.points, p.points) {
                        (Some(_), Some(a), Some(b)) => {
                            (a[0] - b[0]).norm() <= tol && (a[1] - b[1]).norm() <= tol
                        }
                        _ => true,
                    };
                    let normal = match (self.exact.normal, o.normal, p.normal) {
                        (Some((_, lever)), Some(a), Some(b)) => {
                            f64::from((a - b).norm()) <= f64::from(tol) / lever
                        }
                        _ => true,
                    };
                    distance && points && normal
                }
            }

            /// The disagreement classes a pair row admits.
            enum PairClasses<A, B> {
                /// None: every disagreement fails the test.
                None,
                /// parry's GJK classes ([`gjk_classes`]), with the exact distance of a point to
                /// each shape (to tell whether parry's witnesses lie on them).
                Gjk(fn(&A, &Point3<f64>) -> f64, fn(&B, &Point3<f64>) -> f64),
                /// A classifier of the row's own.
                Own(fn(&PairCase<'_, A, B>, &PairRow<A, B>) -> Option<Verdict>),
            }

            /// One row of the pair-query table: the query of ours and of parry, the exact
            /// reference and the classes a disagreement may fall in.
            struct PairRow<A, B> {
                /// The name the tally prints.
                name: &'static str,
                /// Our answer.
                ours: fn(&A, &B) -> Answer,
                /// Parry's answer on the input scaled by `k` about the origin (a power of two,
                /// exact; 1 for the input itself), not scaled back.
                parry: fn(&A, &B, T) -> Answer,
                /// The exact answer, given the absolute tolerance (`test_tolerance × scale`, f64).
                exact: fn(&A, &B, f64) -> Reference,
                /// The input's scale, which the tolerance is relative to (given our answer, for
                /// the unbounded shapes whose closest points set it).
                scale: fn(&A, &B, &Answer) -> T,
                classes: PairClasses<A, B>,
                /// The least fraction of the cases on which both agree.
                min_agree: f64,
            }

            impl<A, B> PairRow<A, B>
            where
                A: GenerateAny<Scalar = T> + core::fmt::Debug,
                B: GenerateAny<Scalar = T> + core::fmt::Debug,
            {
                /// Runs the row over the seeds and asserts its tally: a case agrees when both
                /// answers match each other or both match the exact one; otherwise ours must be
                /// right and parry's disagreement fall in one of the row's classes.
                #[track_caller]
                fn run(&self) {
                    let name = self.name;
                    let mut tally = Tally::new(name);
                    for seed in 0..SEEDS {
                        let Pair { a, b, .. } = Pair::<A, B>::from_seed(seed);
                        let ours = (self.ours)(&a, &b);
                        let s = (self.scale)(&a, &b, &ours);
                        let tol = test_tolerance::<T>() * s;
                        let exact = (self.exact)(&a, &b, f64::from(tol));
                        let parry = (self.parry)(&a, &b, 1.0);
                        let case =
                            PairCase { seed, a: &a, b: &b, ours, parry, exact, scale: s, tol };
                        if case.same() || (case.ours_right() && case.parry_right()) {
                            tally.agree();
                            continue;
                        }
                        let verdict = match self.classes {
                            PairClasses::None => None,
                            PairClasses::Gjk(dist_a, dist_b) => gjk_classes(
                                &case,
                                |k| (self.parry)(&a, &b, k),
                                |p| dist_a(&a, p),
                                |p| dist_b(&b, p),
                            ),
                            PairClasses::Own(classify) => classify(&case, self),
                        };
                        match verdict {
                            Some(Verdict::Parry(class)) if case.ours_right() => tally.class(class),
                            _ if !case.ours_right() => {
                                panic!("{name}: osculate is wrong:\n{case:?}")
                            }
                            _ => panic!("{name}: unclassified disagreement:\n{case:?}"),
                        }
                    }
                    tally.finish(SEEDS, self.min_agree);
                }
            }

            /// parry's answer on the input scaled by `UP`, scaled back.
            fn scaled_back(x: Answer) -> Answer {
                Answer {
                    distance: x.distance / UP,
                    points: x.points.map(|[p, q]| [sp(&p, 1.0 / UP), sp(&q, 1.0 / UP)]),
                    normal: x.normal,
                }
            }

            const PARRY_SEGMENT_EPSILON: &str = "parry wrong: absolute epsilon, short or nearly parallel segments taken as parallel";
            const PARRY_GJK_WITNESS: &str =
                "parry GJK: distance right, valid witness points off the unique closest pair";

            /// Segment-segment class (parry): `closest_points_segment_segment_with_locations_nD`
            /// compares `|d₁|²`, `|d₂|²` and `|d₁|²|d₂|² − (d₁·d₂)²` with the absolute
            /// `DEFAULT_EPSILON` (= ε). Segments of length 1e-4 (f64: the determinant ~1e-16) or
            /// 3e-4 (f32: the squared length ~1e-7) are taken as parallel or as points, and the
            /// answer clamps from `s = 0`. Checked: the mechanism's condition holds, and the same
            /// segments scaled by 2^14 (exactly) are answered right.
            fn parry_segment_epsilon(
                case: &PairCase<'_, Segment<T>, Segment<T>>,
                row: &PairRow<Segment<T>, Segment<T>>,
            ) -> Option<Verdict> {
                let (d1, d2) = (case.a.b - case.a.a, case.b.b - case.b.a);
                let (aa, e, b) = (d1.norm_squared(), d2.norm_squared(), d1.dot(&d2));
                let eps = T::EPSILON;
                let mechanism = aa <= eps || e <= eps || aa * e - b * b <= eps;
                let scaled_right = case.right(&scaled_back((row.parry)(case.a, case.b, UP)));
                (mechanism && scaled_right).then_some(Verdict::Parry(PARRY_SEGMENT_EPSILON))
            }

            /// Line-line class (parry): its absolute epsilon, as for segments (`a·e − b² ≤ ε`:
            /// parallel).
            fn parry_line_epsilon(
                case: &PairCase<'_, Line<T>, Line<T>>,
                _: &PairRow<Line<T>, Line<T>>,
            ) -> Option<Verdict> {
                let (d1, d2) = (case.a.direction, case.b.direction);
                let (aa, e, b) = (d1.norm_squared(), d2.norm_squared(), d1.dot(&d2));
                (aa * e - b * b <= T::EPSILON).then_some(Verdict::Parry(PARRY_SEGMENT_EPSILON))
            }

            /// The classes of parry's GJK-based pairs (`closest_points` and `contact` of support
            /// maps: everything but ball-ball, ball-convex and segment-segment): the shared
            /// [`class`]es, and a witness class of its own: both parry points lie on their shapes
            /// (within the tolerance) and the distance is right, but the points are not the unique
            /// closest pair (on curved shapes GJK's point error is about the square root of its
            /// distance error).
            fn gjk_classes<A, B>(
                case: &PairCase<'_, A, B>,
                parry_at: impl Fn(T) -> Answer,
                dist_a: impl Fn(&Point3<f64>) -> f64,
                dist_b: impl Fn(&Point3<f64>) -> f64,
            ) -> Option<Verdict> {
                let size = case.scale;
                if size <= 1e-3 {
                    let scaled = PairCase { parry: scaled_back(parry_at(UP)), ..*case };
                    let unit_scale_class = gjk_precision_class(&scaled, size, &dist_a, &dist_b);
                    return (scaled.parry_right() || unit_scale_class.is_some())
                        .then_some(Verdict::Parry(class::SMALL_SCALE));
                }
                gjk_precision_class(case, size, &dist_a, &dist_b)
            }

            /// The GJK classes other than the small scale one (see [`gjk_classes`]).
            fn gjk_precision_class<A, B>(
                case: &PairCase<'_, A, B>,
                size: T,
                dist_a: &impl Fn(&Point3<f64>) -> f64,
                dist_b: &impl Fn(&Point3<f64>) -> f64,
            ) -> Option<Verdict> {
                let [p1, p2] = case.parry.points?;
                let tol = f64::from(case.tol);
                let own = parry_own_tolerance(f64::from(T::EPSILON), f64::from(size));
                let on_shapes = |t: f64| dist_a(&c(&p1)) <= t && dist_b(&c(&p2)) <= t;
                let error = f64::from(case.parry.distance) - case.exact.distance;
                if error.abs() <= tol && on_shapes(tol) {
                    return Some(Verdict::Parry(PARRY_GJK_WITNESS));
                }
                if error.abs() <= own && on_shapes(own) {
                    return Some(Verdict::Parry(class::IMPRECISE));
                }
                (error > own && on_shapes(tol)).then_some(Verdict::Parry(class::NOT_CLOSEST))
            }

            fn to_segment(s: &Segment<T>, p: &Point3<f64>) -> f64 {
                (exact::segment(p, &c(&s.a), &c(&s.b)) - p).norm()
            }

            fn to_triangle(t: &Triangle<T>, p: &Point3<f64>) -> f64 {
                (exact::triangle(p, &c(&t.a), &c(&t.b), &c(&t.c)) - p).norm()
            }

            fn to_capsule(k: &Capsule<T>, p: &Point3<f64>) -> f64 {
                (to_segment(&k.segment(), p) - f64::from(k.radius)).max(0.0)
            }

            fn to_aabb(b: &Aabb<T>, p: &Point3<f64>) -> f64 {
                (exact::boxed(p, &c(&b.center()), &WORLD_AXES, &cv(&b.half_extents())) - p).norm()
            }

            fn to_obb(b: &Obb<T>, p: &Point3<f64>) -> f64 {
                let axes = b.axes().map(|a| cv(&a));
                (exact::boxed(p, &c(&b.center), &axes, &cv(&b.half_extents)) - p).norm()
            }

            const WORLD_AXES: [Vector3<f64>; 3] = [
                Vector3::new(1.0, 0.0, 0.0),
                Vector3::new(0.0, 1.0, 0.0),
                Vector3::new(0.0, 0.0, 1.0),
            ];

            fn tri64(t: &Triangle<T>) -> [Point3<f64>; 3] {
                [c(&t.a), c(&t.b), c(&t.c)]
            }

            fn seg_ref(s: &Segment<T>, t: &Segment<T>) -> exact_pair::Candidate {
                exact_pair::segment_segment(&c(&s.a), &c(&s.b), &c(&t.a), &c(&t.b))
            }

            /// A reference from a candidate closest pair: distance, points when unique.
            fn closest_ref(k: &exact_pair::Candidate) -> Reference {
                Reference {
                    distance: (k.b - k.a).norm(),
                    points: k.unique.then_some([k.a, k.b]),
                    normal: None,
                }
            }

            fn point_candidate(p: Point3<f64>, q: Point3<f64>) -> exact_pair::Candidate {
                exact_pair::Candidate { a: p, b: q, unique: true }
            }

            /// The exact answer of two balls about the candidate pair `k` of their centres (radii
            /// `r1` and `r2`): the contact (`CONTACT`), else the closest points.
            fn balls<const CONTACT: bool>(
                k: &exact_pair::Candidate,
                r1: f64,
                r2: f64,
                tol: f64,
            ) -> Reference {
                if CONTACT {
                    exact_pair::ball_ball_contact(k, r1, r2, tol)
                } else {
                    exact_pair::ball_ball_closest(k, r1, r2, tol)
                }
            }

            /// The exact ball-ball answer of a sphere against a point `q` of a shape grown by
            /// `r`: the contact (`CONTACT`), else the closest points.
            fn ball_ref<const CONTACT: bool>(s: &Sphere<T>, q: Point3<f64>, r: f64, tol: f64) -> Reference {
                balls::<CONTACT>(&point_candidate(c(&s.center), q), f64::from(s.radius), r, tol)
            }

            /// Our answer of a row that has a closest-points and a contact form: `contact`'s
            /// (`CONTACT`), else `closest`'s.
            fn ours_either<const CONTACT: bool>(
                closest: impl FnOnce() -> oc::ClosestPoints<T>,
                contact: impl FnOnce() -> Option<oc::Contact<T>>,
            ) -> Answer {
                if CONTACT { ours_contact(contact()) } else { ours_closest(closest()) }
            }

            /// parry's contact of two posed shapes (`CONTACT`), else their closest points.
            fn parry_either<const CONTACT: bool, A: shape::Shape, B: shape::Shape>(
                a: (Pose, A),
                b: (Pose, B),
            ) -> Answer {
                if CONTACT { contact(a, b) } else { closest(a, b) }
            }

            /// Segment-segment through parry's most direct path,
            /// `closest_points_segment_segment_with_locations_nD`. Nearly parallel segments
            /// (sin θ < 0.1) have no well-conditioned closest pair: distance only.
            #[test]
            fn segment_segment() {
                PairRow::<Segment<T>, Segment<T>> {
                    name: "segment-segment",
                    ours: |s, t| ours_closest(oc::closest_points_segment_segment(s, t)),
                    parry: |s, t, k| {
                        use $parry::query::details::closest_points_segment_segment_with_locations_nD as cp;
                        let (s1, s2) = (segment(s, k).1, segment(t, k).1);
                        let (l1, l2) = cp((&s1.a, &s1.b), (&s2.a, &s2.b));
                        let (p1, p2) = (to_point(s1.point_at(&l1)), to_point(s2.point_at(&l2)));
                        Answer { distance: (p2 - p1).norm(), points: Some([p1, p2]), normal: None }
                    },
                    exact: |s, t, _| closest_ref(&seg_ref(s, t)),
                    scale: |s, t, _| scale(&[s.a, s.b, t.a, t.b], &[]),
                    classes: PairClasses::Own(parry_segment_epsilon),
                    min_agree: 0.75,
                }
                .run();
            }

            /// The capsule-capsule row, closest points or contact (`CONTACT`): parry's contact
            /// goes through GJK and EPA (`contact_support_map_support_map`).
            fn capsule_capsule<const CONTACT: bool>() -> PairRow<Capsule<T>, Capsule<T>> {
                PairRow {
                    name: if CONTACT { "contact capsule-capsule" } else { "closest capsule-capsule" },
                    ours: |a, b| {
                        ours_either::<CONTACT>(
                            || oc::closest_points_capsule_capsule(a, b),
                            || oc::contact_capsule_capsule(a, b),
                        )
                    },
                    parry: |a, b, k| parry_either::<CONTACT, _, _>(capsule(a, k), capsule(b, k)),
                    exact: |a, b, tol| {
                        let axes = seg_ref(&a.segment(), &b.segment());
                        balls::<CONTACT>(&axes, f64::from(a.radius), f64::from(b.radius), tol)
                    },
                    scale: |a, b, _| scale(&[a.a, a.b, b.a, b.b], &[a.radius, b.radius]),
                    classes: PairClasses::Gjk(to_capsule, to_capsule),
                    min_agree: if CONTACT { 0.2 } else { 0.6 },
                }
            }

            /// The sphere-sphere row, closest points or contact (`CONTACT`).
            fn sphere_sphere<const CONTACT: bool>() -> PairRow<Sphere<T>, Sphere<T>> {
                PairRow {
                    name: if CONTACT { "contact sphere-sphere" } else { "closest sphere-sphere" },
                    ours: |s, t| {
                        ours_either::<CONTACT>(
                            || oc::closest_points_sphere_sphere(s, t),
                            || oc::contact_sphere_sphere(s, t),
                        )
                    },
                    parry: |s, t, k| parry_either::<CONTACT, _, _>(ball(s, k), ball(t, k)),
                    exact: |s, t, tol| ball_ref::<CONTACT>(s, c(&t.center), f64::from(t.radius), tol),
                    scale: |s, t, _| scale(&[s.center, t.center], &[s.radius, t.radius]),
                    classes: PairClasses::None,
                    min_agree: 0.99,
                }
            }

            /// The sphere-segment row, closest points or contact (`CONTACT`): ours in the
            /// segment-first order, swapped.
            fn sphere_segment<const CONTACT: bool>() -> PairRow<Sphere<T>, Segment<T>> {
                PairRow {
                    name: if CONTACT { "contact sphere-segment" } else { "closest sphere-segment" },
                    ours: |s, t| {
                        ours_either::<CONTACT>(
                            || oc::closest_points_segment_sphere(t, s).swapped(),
                            || oc::contact_segment_sphere(t, s).map(oc::Contact::swapped),
                        )
                    },
                    parry: |s, t, k| parry_either::<CONTACT, _, _>(ball(s, k), segment(t, k)),
                    exact: |s, t, tol| {
                        let q = exact::segment(&c(&s.center), &c(&t.a), &c(&t.b));
                        ball_ref::<CONTACT>(s, q, 0.0, tol)
                    },
                    scale: |s, t, _| scale(&[s.center, t.a, t.b], &[s.radius]),
                    classes: PairClasses::None,
                    min_agree: 0.99,
                }
            }

            /// The sphere-capsule row, closest points or contact (`CONTACT`).
            fn sphere_capsule<const CONTACT: bool>() -> PairRow<Sphere<T>, Capsule<T>> {
                PairRow {
                    name: if CONTACT { "contact sphere-capsule" } else { "closest sphere-capsule" },
                    ours: |s, k| {
                        ours_either::<CONTACT>(
                            || oc::closest_points_sphere_capsule(s, k),
                            || oc::contact_sphere_capsule(s, k),
                        )
                    },
                    parry: |s, cap, k| parry_either::<CONTACT, _, _>(ball(s, k), capsule(cap, k)),
                    exact: |s, k, tol| {
                        let q = exact::segment(&c(&s.center), &c(&k.a), &c(&k.b));
                        ball_ref::<CONTACT>(s, q, f64::from(k.radius), tol)
                    },
                    scale: |s, k, _| scale(&[s.center, k.a, k.b], &[s.radius, k.radius]),
                    classes: PairClasses::None,
                    min_agree: 0.99,
                }
            }

            closest_and_contact_tests! {
                capsule_capsule: closest_capsule_capsule, contact_capsule_capsule;
                sphere_sphere: closest_sphere_sphere, contact_sphere_sphere;
                sphere_segment: closest_sphere_segment, contact_sphere_segment;
                sphere_capsule: closest_sphere_capsule, contact_sphere_capsule;
            }


            #[test]
            fn closest_segment_triangle() {
                PairRow::<Segment<T>, Triangle<T>> {
                    name: "closest segment-triangle",
                    ours: |s, t| ours_closest(oc::closest_points_segment_triangle(s, t)),
                    parry: |s, t, k| closest(segment(s, k), triangle(t, k)),
                    exact: |s, t, tol| {
                        closest_ref(&exact_pair::segment_triangle(
                            &c(&s.a),
                            &c(&s.b),
                            &tri64(t),
                            tol,
                        ))
                    },
                    scale: |s, t, _| scale(&[s.a, s.b, t.a, t.b, t.c], &[]),
                    classes: PairClasses::Gjk(to_segment, to_triangle),
                    min_agree: 0.75,
                }
                .run();
            }

            #[test]
            fn closest_triangle_triangle() {
                PairRow::<Triangle<T>, Triangle<T>> {
                    name: "closest triangle-triangle",
                    ours: |a, b| ours_closest(oc::closest_points_triangle_triangle(a, b)),
                    parry: |a, b, k| closest(triangle(a, k), triangle(b, k)),
                    exact: |a, b, tol| {
                        closest_ref(&exact_pair::triangle_triangle(&tri64(a), &tri64(b), tol))
                    },
                    scale: |a, b, _| scale(&[a.a, a.b, a.c, b.a, b.b, b.c], &[]),
                    classes: PairClasses::Gjk(to_triangle, to_triangle),
                    min_agree: 0.75,
                }
                .run();
            }

            #[test]
            fn closest_segment_aabb() {
                PairRow::<Segment<T>, Aabb<T>> {
                    name: "closest segment-aabb (Cuboid)",
                    ours: |s, b| ours_closest(oc::closest_points_segment_aabb(s, b)),
                    parry: |s, b, k| closest(segment(s, k), aabb(b, k)),
                    exact: |s, b, tol| {
                        let half = cv(&b.half_extents());
                        let k = exact_pair::segment_box(
                            &c(&s.a),
                            &c(&s.b),
                            &c(&b.center()),
                            &WORLD_AXES,
                            &half,
                            tol,
                        );
                        closest_ref(&k)
                    },
                    scale: |s, b, _| scale(&[s.a, s.b, b.min, b.max], &[]),
                    classes: PairClasses::Gjk(to_segment, to_aabb),
                    min_agree: 0.8,
                }
                .run();
            }

            #[test]
            fn closest_segment_obb() {
                PairRow::<Segment<T>, Obb<T>> {
                    name: "closest segment-obb (Cuboid with a pose)",
                    ours: |s, b| ours_closest(oc::closest_points_segment_obb(s, b)),
                    parry: |s, b, k| closest(segment(s, k), obb(b, k)),
                    exact: |s, b, tol| {
                        let (axes, half) = (b.axes().map(|a| cv(&a)), cv(&b.half_extents));
                        let k = exact_pair::segment_box(
                            &c(&s.a),
                            &c(&s.b),
                            &c(&b.center),
                            &axes,
                            &half,
                            tol,
                        );
                        closest_ref(&k)
                    },
                    scale: |s, b, _| scale(&[s.a, s.b, b.center], &[b.half_extents.amax()]),
                    classes: PairClasses::Gjk(to_segment, to_obb),
                    min_agree: 0.8,
                }
                .run();
            }








            /// The exact sphere-box contact: outside, the ball against the box's closest point;
            /// centre inside, out through the nearest face (not unique on a tie).
            fn sphere_box_ref(
                s: &Sphere<T>,
                center: &Point3<T>,
                axes: &[Vector3<f64>; 3],
                half: &Vector3<T>,
                tol: f64,
            ) -> Reference {
                let (cc, bc, h) = (c(&s.center), c(center), cv(half));
                let r = f64::from(s.radius);
                let q = exact::boxed(&cc, &bc, axes, &h);
                if q != cc {
                    return exact_pair::ball_ball_contact(&point_candidate(cc, q), r, 0.0, tol);
                }
                let local = [0, 1, 2].map(|i| (cc - bc).dot(&axes[i]));
                let gaps = [0, 1, 2].map(|i| h[i] - local[i].abs());
                let k = (0..3).min_by(|&i, &j| gaps[i].total_cmp(&gaps[j])).unwrap_or(0);
                let tie =
                    (0..3).any(|i| i != k && gaps[i] <= gaps[k] + tol) || local[k].abs() <= tol;
                let out = axes[k] * local[k].signum();
                let distance = -(gaps[k] + r);
                if tie {
                    return Reference { distance, points: None, normal: None };
                }
                Reference {
                    distance,
                    points: Some([cc - out * r, cc + out * gaps[k]]),
                    normal: Some((-out, h.amax().max(r))),
                }
            }

            #[test]
            fn contact_sphere_aabb() {
                PairRow::<Sphere<T>, Aabb<T>> {
                    name: "contact sphere-aabb (Cuboid)",
                    ours: |s, b| ours_contact(oc::contact_sphere_aabb(s, b)),
                    parry: |s, b, k| contact(ball(s, k), aabb(b, k)),
                    exact: |s, b, tol| {
                        sphere_box_ref(s, &b.center(), &WORLD_AXES, &b.half_extents(), tol)
                    },
                    scale: |s, b, _| scale(&[s.center, b.min, b.max], &[s.radius]),
                    classes: PairClasses::None,
                    min_agree: 0.99,
                }
                .run();
            }

            #[test]
            fn contact_sphere_obb() {
                PairRow::<Sphere<T>, Obb<T>> {
                    name: "contact sphere-obb (Cuboid with a pose)",
                    ours: |s, b| ours_contact(oc::contact_sphere_obb(s, b)),
                    parry: |s, b, k| contact(ball(s, k), obb(b, k)),
                    exact: |s, b, tol| {
                        sphere_box_ref(
                            s,
                            &b.center,
                            &b.axes().map(|a| cv(&a)),
                            &b.half_extents,
                            tol,
                        )
                    },
                    scale: |s, b, _| {
                        scale(&[s.center, b.center], &[s.radius, b.half_extents.amax()])
                    },
                    classes: PairClasses::None,
                    min_agree: 0.99,
                }
                .run();
            }

            /// Sphere against a two-sided triangle: the ball against the triangle's closest point;
            /// a centre on the triangle leaves along either side's normal (not unique).
            #[test]
            fn contact_sphere_triangle() {
                PairRow::<Sphere<T>, Triangle<T>> {
                    name: "contact sphere-triangle",
                    ours: |s, t| ours_contact(oc::contact_sphere_triangle(s, t)),
                    parry: |s, t, k| contact(ball(s, k), triangle(t, k)),
                    exact: |s, t, tol| {
                        let [a, b, cc] = tri64(t);
                        ball_ref::<true>(s, exact::triangle(&c(&s.center), &a, &b, &cc), 0.0, tol)
                    },
                    scale: |s, t, _| scale(&[s.center, t.a, t.b, t.c], &[s.radius]),
                    classes: PairClasses::None,
                    min_agree: 0.99,
                }
                .run();
            }

            /// Sphere against a solid halfspace (`n·x ≤ d`), as parry's `HalfSpace` with outward
            /// normal `n` placed at the plane's point, taken in parry's halfspace-first order
            /// (`contact_halfspace_support_map`) and flipped: the sphere-first order is wrong in
            /// parry 0.31 (see `contact_sphere_halfspace_parry_sphere_first_is_mirrored`).
            #[test]
            fn contact_sphere_halfspace() {
                PairRow::<Sphere<T>, Halfspace<T>> {
                    name: "contact sphere-halfspace",
                    ours: |s, h| ours_contact(oc::contact_sphere_halfspace(s, h)),
                    parry: |s, h, k| {
                        let hs = (
                            at(&sp(&h.plane.point(), k)),
                            shape::HalfSpace::new(vector(&h.plane.normal)),
                        );
                        contact(hs, ball(s, k)).swapped()
                    },
                    exact: |s, h, _| sphere_halfspace_ref(s, h),
                    scale: |s, h, _| scale(&[s.center, h.plane.point()], &[s.radius, h.plane.d]),
                    classes: PairClasses::None,
                    min_agree: 0.99,
                }
                .run();
            }

            /// The exact sphere-halfspace contact: signed distance `n·c − d − ρ`, normal `−n`.
            fn sphere_halfspace_ref(s: &Sphere<T>, h: &Halfspace<T>) -> Reference {
                let n = cv(&h.plane.normal);
                let cc = c(&s.center);
                let r = f64::from(s.radius);
                let height = n.dot(&cc.coords) - f64::from(h.plane.d);
                Reference {
                    distance: height - r,
                    points: Some([cc - n * r, cc - n * height]),
                    normal: Some((-n, 1.0)),
                }
            }

            /// parry 0.31's sphere-first order, `query::contact(ball, halfspace)`, goes through
            /// `contact_support_map_halfspace`, which hands its `pos12` (the halfspace in the
            /// ball's frame) to `contact_halfspace_support_map`, which reads it as the ball in the
            /// halfspace's frame: the ball is mirrored through the halfspace's origin. Asserted:
            /// wherever parry's answer differs from the exact one, it is the exact answer for the
            /// mirrored sphere (`2·p₀ − c`, `p₀` the plane's point), and ours is the exact one.
            #[test]
            fn contact_sphere_halfspace_parry_sphere_first_is_mirrored() {
                let mut tally = Tally::new("contact sphere-halfspace, parry sphere first");
                for seed in 0..SEEDS {
                    let Pair { a: s, b: h, .. } = Pair::<Sphere<T>, Halfspace<T>>::from_seed(seed);
                    let tol = f64::from(
                        test_tolerance::<T>()
                            * scale(&[s.center, h.plane.point()], &[s.radius, h.plane.d]),
                    );
                    let parry = parry_contact_points(
                        &at(&s.center),
                        &shape::Ball::new(s.radius),
                        &at(&h.plane.point()),
                        &shape::HalfSpace::new(vector(&h.plane.normal)),
                    );
                    let exact = sphere_halfspace_ref(&s, &h);
                    let ours = ours_contact(oc::contact_sphere_halfspace(&s, &h));
                    assert!(
                        (f64::from(ours.distance) - exact.distance).abs() <= tol,
                        "seed {seed}"
                    );
                    if (f64::from(parry.distance) - exact.distance).abs() <= tol {
                        tally.agree();
                        continue;
                    }
                    let p0 = c(&h.plane.point());
                    let mirrored = Point3::from(p0.coords * 2.0 - c(&s.center).coords);
                    let n = cv(&h.plane.normal);
                    let mirrored_distance = n.dot(&(mirrored - p0)) - f64::from(s.radius);
                    assert!(
                        (f64::from(parry.distance) - mirrored_distance).abs() <= tol,
                        "seed {seed}: parry {parry:?}, exact {exact:?}, mirrored {mirrored_distance}"
                    );
                    tally.class("parry wrong: sphere first, the sphere mirrored through the halfspace's origin");
                }
                // Only a sphere whose centre is on the plane (mirrored: the same distance) agrees.
                tally.finish(SEEDS, 0.0);
            }

            /// The exact closest pair of two lines: the 2×2 system solved by cross products in
            /// f64; lines within sin θ < 0.1 of parallel by distance only (`|r·n|/|n|`, or the
            /// distance to the line when exactly parallel).
            fn line_line_ref(l: &Line<T>, m: &Line<T>) -> Reference {
                let (p1, d1, p2, d2) =
                    (c(&l.point), cv(&l.direction), c(&m.point), cv(&m.direction));
                let n = d1.cross(&d2);
                let r = p1 - p2;
                let sin2 = n.norm_squared() / (d1.norm_squared() * d2.norm_squared());
                if sin2 >= exact_pair::PARALLEL_SIN2 {
                    let s = n.dot(&d2.cross(&r)) / n.norm_squared();
                    let t = n.dot(&d1.cross(&r)) / n.norm_squared();
                    let (a, b) = (p1 + d1 * s, p2 + d2 * t);
                    Reference { distance: (b - a).norm(), points: Some([a, b]), normal: None }
                } else if n.norm_squared() > 0.0 {
                    Reference { distance: r.dot(&n).abs() / n.norm(), points: None, normal: None }
                } else {
                    Reference {
                        distance: r.cross(&d1).norm() / d1.norm(),
                        points: None,
                        normal: None,
                    }
                }
            }

            /// Line-line through parry's `closest_points_line_line_parameters`.
            #[test]
            fn line_line() {
                PairRow::<Line<T>, Line<T>> {
                    name: "closest line-line",
                    ours: |l, m| ours_closest(oc::closest_points_line_line(l, m)),
                    parry: |l, m, k| {
                        use $parry::query::details::closest_points_line_line_parameters as params;
                        let (lp, ld, mp, md) =
                            (sp(&l.point, k), l.direction * k, sp(&m.point, k), m.direction * k);
                        let (s, t) = params(point(&lp), vector(&ld), point(&mp), vector(&md));
                        let (p1, p2) = (lp + ld * s, mp + md * t);
                        Answer { distance: (p2 - p1).norm(), points: Some([p1, p2]), normal: None }
                    },
                    exact: |l, m, _| line_line_ref(l, m),
                    scale: |l, m, ours| {
                        scale(&[l.point, m.point, ours.points.map_or(l.point, |p| p[0])], &[])
                    },
                    classes: PairClasses::Own(parry_line_epsilon),
                    min_agree: 0.95,
                }
                .run();
            }

            /// Sphere against a two-sided plane: parry has only the one-sided `HalfSpace`; ours is
            /// the halfspace whose outward normal points to the side the centre is on (`n` for a
            /// centre on the plane), in parry's halfspace-first order, flipped.
            #[test]
            fn contact_sphere_plane() {
                PairRow::<Sphere<T>, Plane<T>> {
                    name: "contact sphere-plane (HalfSpace toward the sphere)",
                    ours: |s, pl| ours_contact(oc::contact_sphere_plane(s, pl)),
                    parry: |s, pl, k| {
                        let n = plane_side(s, pl);
                        let hs = (at(&sp(&pl.point(), k)), shape::HalfSpace::new(vector(&n)));
                        contact(hs, ball(s, k)).swapped()
                    },
                    exact: |s, pl, _| {
                        let (nn, cc, r) =
                            (cv(&plane_side(s, pl)), c(&s.center), f64::from(s.radius));
                        let height = nn.dot(&(cc - c(&pl.point())));
                        Reference {
                            distance: height - r,
                            points: Some([cc - nn * r, cc - nn * height]),
                            normal: Some((-nn, 1.0)),
                        }
                    },
                    scale: |s, pl, _| scale(&[s.center, pl.point()], &[s.radius, pl.d]),
                    classes: PairClasses::None,
                    min_agree: 0.99,
                }
                .run();
            }

            /// The plane's normal turned toward the sphere's centre (`n` for a centre on it).
            fn plane_side(s: &Sphere<T>, pl: &Plane<T>) -> Vector3<T> {
                let side = if pl.signed_distance(&s.center) >= 0.0 { 1.0 } else { -1.0 };
                pl.normal.into_inner() * side
            }

            /// The NaN policy (DESIGN.md: a NaN anywhere never produces a confident answer) is
            /// stricter than parry's; both answers are asserted on three inputs:
            ///
            /// 1. A box with a NaN half extent: parry's cuboid projection computes the per-axis
            ///    push-out with `max(mins − p, 0)`, where `max` drops the NaN, so the origin is
            ///    "inside" at distance 0. Ours: a NaN point and a NaN distance.
            /// 2. A NaN query point against a unit cube: parry reports it inside (`is_inside`,
            ///    `contains_local_point`); ours: NaN.
            /// 3. A segment with a NaN end point against a cube through GJK (`query::distance`):
            ///    parry returns a finite distance, the one from the segment's finite end point
            ///    (its support function's comparisons never pick the NaN one); ours: NaN.
            #[test]
            fn nan_policy_is_stricter_than_parry() {
                let nan = T::NAN;
                let origin = Point3::new(0.0, 0.0, 0.0);
                // 1.
                let b =
                    Aabb { min: Point3::new(-nan, -1.0, -1.0), max: Point3::new(nan, 1.0, 1.0) };
                let cuboid = shape::Cuboid::new(Vector::new(nan, 1.0, 1.0));
                let proj = cuboid.project_local_point(point(&origin), true);
                assert!(proj.is_inside);
                assert_eq!(cuboid.distance_to_local_point(point(&origin), true), 0.0);
                assert!(oc::sq_distance_point_aabb(&origin, &b).is_nan());
                assert!(oc::closest_point_on_aabb(&origin, &b).x.is_nan());
                // 2.
                let cube = shape::Cuboid::new(Vector::new(1.0, 1.0, 1.0));
                let unit =
                    Aabb { min: Point3::new(-1.0, -1.0, -1.0), max: Point3::new(1.0, 1.0, 1.0) };
                let p = Point3::new(nan, 0.5, 0.5);
                assert!(cube.project_local_point(point(&p), true).is_inside);
                assert!(cube.contains_local_point(point(&p)));
                assert!(oc::sq_distance_point_aabb(&p, &unit).is_nan());
                // 3.
                let s = Segment { a: Point3::new(nan, 3.0, 0.0), b: Point3::new(2.0, 3.0, 0.0) };
                let seg = shape::Segment::new(point(&s.a), point(&s.b));
                let parry = $parry::query::distance(&Pose::IDENTITY, &seg, &Pose::IDENTITY, &cube)
                    .expect("supported pair")
                    .distance;
                // The support function's comparisons drop the NaN end point: parry measures from
                // the finite end point alone.
                let from_b = oc::sq_distance_point_aabb(&s.b, &unit).sqrt();
                assert!(parry.is_finite() && (parry - from_b).abs() <= 1e3 * T::EPSILON, "{parry}");
                assert!(oc::closest_points_segment_aabb(&s, &unit).distance.is_nan());
            }
        }
    };
}

differential!(with_f64, f64, parry3d_f64);
differential!(with_f32, f32, parry3d);
