//! The GJK ray cast (van den Bergen 2004): the first time a translating convex shape touches
//! another.

use osculate_math::{Point3, Real, Vector3, is_finite_vector};

use super::simplex::{Simplex, SubResult, Vertex, sub_algorithm};
use super::{Core, gjk_tolerance, magnitude};
use crate::support::SupportMap;
use crate::types::Convergence;

/// The result of [`cast_convex`]: the first contact of two convex shapes, one translating relative
/// to the other.
///
/// # Examples
/// ```
/// use osculate_closest::{Convergence, GJK_MAX_ITERATIONS, cast_convex};
/// use osculate_math::{Aabb, Point3, Vector3};
///
/// let a = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let b = Aabb::new(Point3::new(3.0, 0.0, 0.0), Point3::new(4.0, 1.0, 1.0));
/// let hit = cast_convex(&a, &b, &Vector3::new(4.0, 0.0, 0.0), GJK_MAX_ITERATIONS).unwrap();
/// assert!((hit.toi - 0.5).abs() < 1e-12 && hit.status == Convergence::Converged);
/// assert!((hit.normal - Vector3::x()).norm() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ConvexCast<T: Real> {
    /// The time of first contact in `[0, 1]` (in units of the motion), from below: no contact
    /// happens earlier. `0` when the shapes already overlap (or touch) at the start.
    pub toi: T,
    /// A point where the shapes touch at `toi`, in the frame of the motion's start for B (B does
    /// not move in this query; A is translated by `toi · motion`). For shapes overlapping at the
    /// start: a point both share.
    pub point: Point3<T>,
    /// The unit contact normal at `toi`, from A toward B: for shapes with margins the direction
    /// from the cores' obstacle to the ray's point (exact at the contact), otherwise the normal
    /// of the last support plane that advanced the time. Zero when the shapes overlap at the
    /// start (no plane ever separated them).
    pub normal: Vector3<T>,
    /// How the cast ended: [`Convergence::Converged`] within its tolerance, or
    /// [`Convergence::IterationLimit`] when the iteration bound was reached first, and `toi` is
    /// only a lower bound on the contact, which may not happen at all.
    pub status: Convergence,
    /// Support-point evaluations made.
    pub iterations: usize,
}

/// The first time `t ∈ [0, 1]` at which convex shape `a`, translated by `t · motion`, touches
/// convex shape `b`: van den Bergen's GJK ray cast ("Ray Casting against General Convex Objects
/// with Application to Continuous Collision Detection", 2004, Algorithm 1).
///
/// The ray `λ · (−motion)` is cast from the origin against the configuration-space obstacle
/// `A − B` (A touches B at time `λ` exactly when `−λ · motion ∈ A − B`). GJK finds the point of
/// the obstacle nearest the ray's current point `x`; when the support plane along that direction
/// separates `x` from the obstacle, `x` advances to the plane, a new lower bound on the time of
/// contact (the obstacle is behind the plane), or the ray misses if it points away from it. The
/// simplex's vertices are stored as points of the obstacle, so they stay valid as `x` moves;
/// its closest point is computed in f64 by the same sub-algorithm as [`distance_convex`](crate::distance_convex). Shapes with
/// [margins](SupportMap::margin) are cast on their cores against the obstacle grown by the
/// margins' sum (the planes offset by it), which ends in a few steps for spheres and capsules.
///
/// The cast stops when `x` is within `tol · size` of the obstacle, `tol` being [`distance_convex`](crate::distance_convex)'s relative
/// tolerance (1.5e-5 in f32, 1.5e-10 in f64) and `size` the extent of the simplex around `x`, or
/// within the rounding of the support points (8 ε of their magnitude), or when a step from the
/// same `x` brings the simplex no nearer (on a curved boundary the support points can be too far
/// apart around `x` for the simplex to get within the tolerance in floating point). The time is a lower bound
/// on the first contact; the contact is within that distance after it, along the motion.
///
/// Returns `None` when the shapes do not touch for any `t ∈ [0, 1]` (a zero `motion` included,
/// unless they touch at the start), or when a support point or the motion is not finite.
/// `max_iterations` bounds the support evaluations ([`GJK_MAX_ITERATIONS`](crate::GJK_MAX_ITERATIONS) covers curved pairs);
/// at the bound the cast returns its lower bound with [`Convergence::IterationLimit`].
///
/// # Examples
/// ```
/// use osculate_closest::{Convergence, GJK_MAX_ITERATIONS, cast_convex};
/// use osculate_math::{Cone, Cylinder, Point3, Vector3};
///
/// // A cylinder of radius 1 around the z axis slides along x toward a cone's tip at x = 5.
/// let cyl = Cylinder::new(Point3::new(0.0_f64, 0.0, -1.0), Point3::new(0.0, 0.0, 1.0), 1.0);
/// let cone = Cone::new(Point3::new(5.0, 0.0, 0.0), Vector3::x_axis(), 2.0, 1.0);
/// let hit = cast_convex(&cyl, &cone, &Vector3::new(8.0, 0.0, 0.0), GJK_MAX_ITERATIONS).unwrap();
/// assert!((hit.toi - 0.5).abs() < 1e-9 && hit.status == Convergence::Converged); // the side reaches the tip, 4 away
/// assert!(cast_convex(&cyl, &cone, &Vector3::new(0.0, 8.0, 0.0), GJK_MAX_ITERATIONS).is_none());
/// ```
#[must_use]
pub fn cast_convex<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    motion: &Vector3<T>,
    max_iterations: usize,
) -> Option<ConvexCast<T>> {
    let (ma, mb) = (a.margin(), b.margin());
    if ma + mb > T::ZERO {
        cast_loop(&Core(a), &Core(b), motion, (ma, mb), max_iterations)
    } else {
        cast_loop(a, b, motion, (T::ZERO, T::ZERO), max_iterations)
    }
}

/// [`cast_convex`] on shapes `a` and `b` (the cores) grown by the margins `(ma, mb)`.
fn cast_loop<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    motion: &Vector3<T>,
    (ma, mb): (T, T),
    max_iterations: usize,
) -> Option<ConvexCast<T>> {
    let w64 = |p: &Vector3<T>| p.map(Real::to_f64);
    // The ray, in f64 like the rest of the state: from the origin along −motion. An invalid
    // shape is never hit, as in the closed forms.
    let r = -w64(motion);
    if !(r.iter().all(|x| x.is_finite()) && a.is_valid_input() && b.is_valid_input()) {
        return None;
    }
    let m = (ma + mb).to_f64();
    let tol = gjk_tolerance::<T>().to_f64();
    let eps_t = T::EPSILON.to_f64();
    // The support point of `A − B` farthest along `d` (both shapes' supports, as vertices).
    let support = |d: &Vector3<f64>| {
        let d = d.map(T::lit);
        let pa = a.support(&d);
        let pb = b.support(&-d);
        Vertex { w: pa - pb, a: pa, b: pb }
    };
    let mut v = w64(&(b.center() - a.center()));
    if v == Vector3::zeros() || !v.iter().all(|x| x.is_finite()) {
        v = Vector3::x();
    }
    let mut lambda = 0.0_f64;
    let mut x = Vector3::<f64>::zeros();
    let mut normal = Vector3::<f64>::zeros();
    let nan = Point3::new(T::NAN, T::NAN, T::NAN);
    let blank = Vertex { w: Vector3::zeros(), a: nan, b: nan };
    let mut simplex =
        Simplex { v: [blank; 4], dir: [Vector3::zeros(); 4], weight: [T::ZERO; 4], len: 0 };
    // The support points' magnitude: their rounding is a few ε of it.
    let mut scale = 0.0_f64;
    let mut iterations = 0;
    let mut converged = false;
    // With margins, `x` already within the tolerance of the grown obstacle: the direction of `v`
    // is still to converge (below).
    let mut near = false;
    // Whether `v` is a simplex's distance from `x` (not the starting guess).
    let mut measured = false;
    while iterations < max_iterations {
        let p = support(&v);
        iterations += 1;
        if !p.w.iter().all(|x| x.is_finite()) || !v.iter().all(|x| x.is_finite()) {
            return None;
        }
        scale = scale.fast_max(magnitude(&p).to_f64());
        let vn = v.norm();
        // The distance from `x` to the core obstacle has converged too: GJK's relative gap
        // between its upper bound `|v|` and lower bound `v·(x − p)/|v|`. Then `v`'s direction is
        // the contact normal: the time alone converges as `|v| − m` does, but the direction only
        // as its square root (a sphere against a box in f32 stopped there with its normal 1e-2
        // off the face's, in the differential against parry); with the polytope cores of
        // margin shapes the gap closes in a few more steps.
        if near {
            let gap = vn * vn - v.dot(&(x - w64(&p.w)));
            if gap <= tol * vn * vn + 8.0 * eps_t * vn * scale.fast_max(x.amax()) {
                converged = true;
                break;
            }
        }
        // The support plane of the grown obstacle along `v` (at `v·p + m|v|`) separates `x`
        // from it: advance `x` to the plane, or miss if the ray does not approach it.
        let vw = v.dot(&(x - w64(&p.w))) - m * vn;
        let mut advanced = false;
        if vw > 0.0 {
            let vr = v.dot(&r);
            if !(vr < 0.0) {
                return None;
            }
            let next = lambda - vw / vr;
            if !(next <= 1.0) {
                return None;
            }
            advanced = next > lambda;
            lambda = next;
            x = r * lambda;
            normal = v;
        }
        let repeated = (0..simplex.len).any(|i| simplex.v[i].w == p.w);
        if repeated && !advanced {
            // No progress is possible: the support along `v` is already a vertex, so `x` is
            // `|v|` from the obstacle's core up to rounding. Only rounding gets here.
            converged = true;
            break;
        }
        if !repeated {
            simplex.v[simplex.len] = p;
            simplex.len += 1;
        }
        // The point of the simplex nearest `x`: the sub-algorithm on the vertices seen from `x`.
        let seen: [Vector3<f64>; 4] = core::array::from_fn(|i| x - w64(&simplex.v[i].w));
        let at = scale.fast_max(x.amax());
        match sub_algorithm(
            &seen[..simplex.len],
            at,
            f64::RELATIVE_TOLERANCE,
            tol,
            T::EPSILON.to_f64() < 1e-10,
        ) {
            SubResult::Inside(lambdas) => {
                // `x` inside a tetrahedron of the obstacle's (core's) points: contact.
                simplex.weight = lambdas.map(T::lit);
                v = Vector3::zeros();
                converged = true;
                break;
            }
            SubResult::Outside(weights) => {
                let nv = (0..simplex.len).fold(Vector3::zeros(), |s, i| s + seen[i] * weights[i]);
                if measured && !advanced && !(nv.norm_squared() < v.norm_squared()) {
                    // No progress from the same `x`: the support point reaches past `x` along
                    // `v` (no plane separates them) yet the simplex comes no nearer, which only
                    // rounding allows — `x` is on the obstacle's boundary within `|v|`, the
                    // support points too far apart around it on a curved surface for the
                    // simplex to get closer (an f64 cylinder-cone cast stuck at |v| = 8.8e-10
                    // of the unit size for 100 steps, against a tolerance of 1.5e-10; without
                    // this stop 578 of 803 such casts ran into the 128-step bound). The
                    // previous simplex and its answer stand, as in `distance_convex`.
                    if !repeated {
                        simplex.len -= 1;
                    }
                    converged = true;
                    break;
                }
                v = nv;
                measured = true;
                simplex.keep(&weights.map(T::lit)[..simplex.len]);
            }
        }
        // Within the tolerance of the grown obstacle: `|v| − m` against the extent of the
        // simplex around `x` and the rounding of the support points.
        let size =
            (0..simplex.len).map(|i| seen_amax(&x, &simplex.v[i].w)).fold(0.0, f64::fast_max);
        let eps = tol * size + 8.0 * eps_t * at;
        if v.norm() - m <= eps {
            if m > 0.0 && v.norm() > 0.5 * m {
                near = true;
                continue;
            }
            converged = true;
            break;
        }
        near = false;
    }
    let (pa, pb) = simplex.witnesses();
    let vn = v.norm();
    let (point, normal) = if lambda == 0.0 && normal == Vector3::zeros() {
        // Overlapping (or touching) at the start: the point dividing the cores' witnesses in
        // the margins' ratio lies in both shapes.
        let p = if m > 0.0 { pa + (pb - pa) * (ma / (ma + mb)) } else { pb };
        (p, Vector3::zeros())
    } else {
        // `v` (and the normal) point from the obstacle toward the ray, i.e. from A toward B.
        // With margins the final `v`, from the core obstacle to `x` about `m` away, is the exact
        // normal of the grown one there; the last advancing plane's normal is only as good as
        // the simplex was then (3e-3 off for an f32 sphere against a box, against the closest
        // point's direction). Without margins `x` ends on the obstacle, `v` near zero and its
        // direction noise: the plane's normal it is.
        let n = if m > 0.0 && vn > 0.5 * m { v / vn } else { normal / normal.norm() };
        // B's core witness moved out toward A by B's margin: B's surface faces `−n`.
        (pb - n.map(T::lit) * mb, n.map(T::lit))
    };
    let toi = T::lit(lambda);
    let ok = toi <= T::ONE && is_finite_vector(&point.coords) && is_finite_vector(&normal);
    let status = if converged { Convergence::Converged } else { Convergence::IterationLimit };
    ok.then_some(ConvexCast { toi, point, normal, status, iterations })
}

/// `max |x − p|` over the coordinates, `p` a vertex of the obstacle in `T`.
#[inline]
fn seen_amax<T: Real>(x: &Vector3<f64>, p: &Vector3<T>) -> f64 {
    (x - p.map(Real::to_f64)).amax()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::*;
    use osculate_math::*;
    use osculate_testing::{for_f32_and_f64, test_tolerance};

    /// Worked cases of [`cast_convex`], each with its answer by hand: boxes face to face, spheres
    /// (margins: exact in a few steps), a capsule reaching a box's edge, a cylinder's rim meeting
    /// a cone's slant; misses (moving apart, passing by, stopping short, a zero motion); contact
    /// at the start; NaN.
    fn cast_worked_cases<T: Real>() {
        #[track_caller]
        fn found<T: Real>(r: Option<ConvexCast<T>>) -> ConvexCast<T> {
            match r {
                Some(h) => h,
                None => panic!("no contact found"),
            }
        }
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let v = vector3::<T>;
        let tol = test_tolerance::<T>() * l(10.0);
        let near = |a: T, b: f64| (a - l(b)).abs() <= tol * l(1.0 + b.abs());
        let unit_box = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        // Boxes: B's face at x = 3, A's at x = 1; a motion of 4 along x closes 2 at t = 0.5.
        let b = Aabb::new(p(3.0, 0.2, 0.3), p(4.0, 1.2, 1.3));
        let hit = found(cast_convex(&unit_box, &b, &v(4.0, 0.0, 0.0), GJK_MAX_ITERATIONS));
        assert!(near(hit.toi, 0.5) && hit.status == Convergence::Converged, "{hit:?}");
        assert!((hit.normal - Vector3::x()).norm() <= tol, "{hit:?}");
        assert!(near(hit.point.x, 3.0) && hit.point.y >= l(0.2) - tol, "{hit:?}");
        // Spheres: radii 1 and 0.5, centers 6 apart along a diagonal; contact when 1.5 apart.
        let dir = v(2.0, 2.0, 1.0) / l(3.0);
        let sa = Sphere::new(p(0.0, 0.0, 0.0), l(1.0));
        let sb = Sphere::new(Point3::from(dir * l(6.0)), l(0.5));
        let hit = found(cast_convex(&sa, &sb, &(dir * l(9.0)), GJK_MAX_ITERATIONS));
        assert!(
            near(hit.toi, 0.5) && hit.status == Convergence::Converged && hit.iterations <= 8,
            "{hit:?}"
        );
        assert!((hit.normal - dir).norm() <= tol, "{hit:?}");
        assert!((hit.point - Point3::from(dir * l(5.5))).norm() <= tol * l(6.0), "{hit:?}");
        // A capsule (radius 0.25, axis along z) sliding along −y onto a box's top edge... here the
        // box's face y = 1, from y = 3: the surface 2.75 away over a motion of 5.5.
        let cap = Capsule::new(p(0.5, 3.0, 0.2), p(0.5, 3.0, 0.8), l(0.25));
        let hit = found(cast_convex(&cap, &unit_box, &v(0.0, -5.5, 0.0), GJK_MAX_ITERATIONS));
        assert!(near(hit.toi, 1.75 / 5.5) && hit.status == Convergence::Converged, "{hit:?}");
        assert!((hit.normal + Vector3::y()).norm() <= tol, "{hit:?}");
        // A cylinder (radius 1 around z, |z| ≤ 0.5) sliding along +x toward a cone whose tip is
        // at x = 4 pointing back at it (axis +x, height 2, radius 2: every other cone point is
        // farther along x than the tip is from the cylinder's side at x = 1): contact after 3, so
        // a motion of 2 misses and one of 6 hits at t = 0.5.
        let cyl = Cylinder::new(p(0.0, 0.0, -0.5), p(0.0, 0.0, 0.5), l(1.0));
        let cone = Cone::new(p(4.0, 0.0, 0.0), Vector3::x_axis(), l(2.0), l(2.0));
        assert!(cast_convex(&cyl, &cone, &v(2.0, 0.0, 0.0), GJK_MAX_ITERATIONS).is_none());
        let hit = found(cast_convex(&cyl, &cone, &v(6.0, 0.0, 0.0), GJK_MAX_ITERATIONS));
        assert!(near(hit.toi, 0.5) && hit.status == Convergence::Converged, "{hit:?}");
        // Misses: moving apart, passing by, stopping short, not moving.
        for m in [v(-4.0, 0.0, 0.0), v(0.0, 4.0, 0.0), v(1.5, 0.0, 0.0), v(0.0, 0.0, 0.0)] {
            assert!(cast_convex(&unit_box, &b, &m, GJK_MAX_ITERATIONS).is_none(), "{m:?}");
        }
        // Overlapping or touching at the start: time 0, no normal, a shared point.
        let c = Aabb::new(p(0.5, 0.5, 0.5), p(2.0, 2.0, 2.0));
        let touching = Aabb::new(p(1.0, 0.0, 0.0), p(2.0, 1.0, 1.0));
        for other in [c, touching] {
            for m in [v(1.0, 0.0, 0.0), v(0.0, 0.0, 0.0), v(-1.0, 2.0, 0.0)] {
                let hit = found(cast_convex(&unit_box, &other, &m, GJK_MAX_ITERATIONS));
                assert!(hit.toi == l(0.0) && hit.normal == Vector3::zeros(), "{hit:?}");
                let q = hit.point;
                assert!(q.iter().all(|x| *x >= -tol && *x <= l(1.0) + tol), "{hit:?}");
            }
        }
        // NaN and infinite input: no answer.
        let bad = Aabb::new(p(f64::NAN, 0.0, 0.0), p(1.0, 1.0, 1.0));
        assert!(cast_convex(&bad, &b, &v(4.0, 0.0, 0.0), GJK_MAX_ITERATIONS).is_none());
        for x in [T::NAN, T::INFINITY] {
            let m = Vector3::new(x, l(0.0), l(0.0));
            assert!(cast_convex(&unit_box, &b, &m, GJK_MAX_ITERATIONS).is_none());
        }
        // The iteration bound: a lower bound, not converged.
        let hit = cast_convex(&cyl, &cone, &v(6.0, 0.0, 0.0), 2);
        assert!(
            hit.is_none_or(|h| h.status == Convergence::IterationLimit && h.toi <= l(0.5)),
            "{hit:?}"
        );
    }

    /// An f64 cylinder sliding into a cone's slant: the ray's point ends on the curved boundary,
    /// where the simplex of support points around it stopped getting nearer at |v| = 8.8e-10 of
    /// the unit size, above the 1.5e-10 tolerance, and the cast ran on to its iteration bound.
    /// It now stops at the first step that brings no progress, converged, with the shapes
    /// touching at its time.
    #[test]
    fn cast_onto_a_curved_boundary_stops_when_the_simplex_stalls() {
        use osculate_math::{Cone, Cylinder, Isometry3, UnitVector3};
        let cyl = Cylinder::new(
            Point3::new(
                -0.269_013_296_606_859_24,
                -0.915_878_674_411_942,
                -0.587_703_765_393_619_2,
            ),
            Point3::new(
                -0.598_803_968_820_353_2,
                -0.097_849_741_058_629_87,
                -1.195_083_954_410_775,
            ),
            0.482_992_046_654_644_96,
        );
        let axis = Vector3::new(
            -0.620_389_180_423_348_9,
            -0.506_462_004_849_417_3,
            -0.598_843_470_748_036_3,
        );
        let cone = Cone::new(
            Point3::new(
                2.926_595_595_355_941_3,
                -0.094_767_043_647_667_53,
                -0.969_358_109_366_721_4,
            ),
            UnitVector3::new_normalize(axis),
            1.201_739_203_423_17,
            0.223_558_481_886_716_95,
        );
        let m = Vector3::new(6.0, -0.143_888_756_097_978_47, -0.926_964_158_626_499_6);
        let hit = cast_convex(&cyl, &cone, &m, GJK_MAX_ITERATIONS);
        let Some(hit) = hit else { panic!("no contact found") };
        assert!(hit.status == Convergence::Converged && hit.iterations < 64, "{hit:?}");
        let at = m * hit.toi;
        let moved = Transformed { shape: cyl, pose: Isometry3::translation(at.x, at.y, at.z) };
        let d = closest_points_convex(&moved, &cone).distance;
        assert!(d <= 1e-8, "distance {d} at {hit:?}");
        // And just before it, apart.
        let before = m * (hit.toi - 1e-6);
        let moved =
            Transformed { shape: cyl, pose: Isometry3::translation(before.x, before.y, before.z) };
        assert!(closest_points_convex(&moved, &cone).distance > 0.0);
    }

    /// The cast says how it ended: a cylinder sliding into a cone's tip converges within
    /// [`GJK_MAX_ITERATIONS`]; stopped after one support evaluation it returns a lower bound on
    /// the time, marked [`Convergence::IterationLimit`].
    fn status_reports_the_iteration_bound<T: Real>() {
        let p = point3::<T>;
        let cyl = Cylinder::new(p(0.0, 0.0, -1.0), p(0.0, 0.0, 1.0), T::ONE);
        let cone = Cone::new(p(5.0, 0.0, 0.0), Vector3::x_axis(), T::TWO, T::ONE);
        let motion = vector3::<T>(8.0, 0.0, 0.0);
        let Some(full) = cast_convex(&cyl, &cone, &motion, GJK_MAX_ITERATIONS) else {
            panic!("the cylinder reaches the cone");
        };
        assert_eq!(full.status, Convergence::Converged, "{full:?}");
        assert!(full.iterations < GJK_MAX_ITERATIONS, "{full:?}");
        let short = cast_convex(&cyl, &cone, &motion, 1);
        assert!(
            short.is_some_and(|h| h.status == Convergence::IterationLimit && h.toi <= full.toi),
            "{short:?} against {full:?}"
        );
    }

    for_f32_and_f64!(cast_worked_cases, status_reports_the_iteration_bound);
}
