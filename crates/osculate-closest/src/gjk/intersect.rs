//! The GJK boolean test: whether two convex shapes overlap, with the early exit of a separating
//! axis.

use osculate_math::{Real, Vector3};

use super::simplex::{Simplex, Vertex, usable_direction};
use super::{Core, at_origin, gjk_tolerance, magnitude, rounding, sqrt};
use crate::support::SupportMap;

/// Whether a converged distance `gap` counts as touching for [`intersect_convex`]: within the GJK
/// tolerance of the vertices' magnitude `wscale`, or within the rounding of support points of
/// magnitude `scale` ([`at_origin`]'s band, in which [`distance_convex`] reports overlap).
#[inline]
fn touching<T: Real>(gap: f64, wscale: T, scale: T) -> bool {
    gap <= (gjk_tolerance::<T>() * wscale + T::lit(8.0) * T::EPSILON * scale).to_f64()
}

/// Whether convex shapes `a` and `b` overlap, by GJK with the early exit of a separating axis: as
/// soon as a support point along `−v` does not reach past the origin (`v·w > 0`), the plane it
/// defines separates the shapes. Touching counts as overlapping within the GJK tolerance; NaN gives
/// `false`.
///
/// # Examples
/// ```
/// use osculate_closest::{GJK_MAX_ITERATIONS, intersect_convex};
/// use osculate_math::{Obb, Point3, Rotation3, Vector3};
///
/// let e = Vector3::new(1.0_f64, 1.0, 1.0);
/// let a = Obb::new(Point3::origin(), Rotation3::identity(), e);
/// let b = Obb::new(Point3::new(2.3, 0.0, 0.0), Rotation3::from_axis_angle(&Vector3::z_axis(), 0.785398), e);
/// assert!(intersect_convex(&a, &b, GJK_MAX_ITERATIONS)); // the turned box reaches 1.414 toward a
/// ```
#[must_use]
pub fn intersect_convex<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    max_iterations: usize,
) -> bool {
    let (ma, mb) = (a.margin(), b.margin());
    if ma + mb > T::ZERO {
        intersect_loop(&Core(a), &Core(b), ma + mb, max_iterations)
    } else {
        intersect_loop(a, b, T::ZERO, max_iterations)
    }
}

/// [`intersect_convex`] on shapes `a` and `b` (the cores) grown by `m` (their margins' sum): they
/// overlap when the cores are within `m`.
fn intersect_loop<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    m: T,
    max_iterations: usize,
) -> bool {
    // An invalid shape overlaps nothing, as in the closed forms.
    if !(a.is_valid_input() && b.is_valid_input()) {
        return false;
    }
    let dir = usable_direction(a.center() - b.center());
    let support = |d: &Vector3<T>| Vertex::toward(a, b, d);
    let first = support(&dir);
    if !first.w.iter().all(|x| x.is_finite()) {
        return false;
    }
    let mut simplex = Simplex::single(first, Vector3::zeros());
    // `v` in f64, as in `distance_convex`.
    let mut v64 = first.w.map(Real::to_f64);
    let mut v = first.w;
    // The support points' magnitude (their rounding), and the vertices' (the touching band).
    let mut scale = magnitude(&first);
    let mut wscale = first.w.amax();
    let (tol, m) = (gjk_tolerance::<T>().to_f64(), m.to_f64());
    for _ in 1..max_iterations {
        let vv = v64.norm_squared();
        if at_origin(vv, scale) || vv <= m * m {
            return true;
        }
        let next = support(&v);
        if !next.w.iter().all(|x| x.is_finite()) {
            return false;
        }
        scale = scale.fast_max(magnitude(&next));
        wscale = wscale.fast_max(next.w.amax());
        let vw = v64.dot(&next.w.map(Real::to_f64));
        // A separating axis: the support along −v stays on v's side of the origin, by more than
        // the tolerance and than the rounding of `v·w` (within them the shapes count as touching,
        // as `distance_convex` counts a `v` within the rounding of the origin: without the rounding term, far
        // from the origin in f32 this said apart where `distance_convex` found the shapes touching).
        // With margins: the support plane along `−v` is farther than `m` from the origin.
        let d = sqrt(vv);
        if vw - m * d > (tol * vv).fast_max(rounding(d, scale)) {
            return false;
        }
        if vv - vw <= tol * vv + rounding(d, scale)
            || (0..simplex.len).any(|i| simplex.v[i].w == next.w)
        {
            // Converged on a (near-)touching distance: touching counts as overlapping, within the
            // tolerance and the rounding `distance_convex` counts as touching (`at_origin`; without it, at
            // 1e4 in f32 `distance_convex` said overlapping where this said apart).
            return touching(d - m, wscale, scale);
        }
        simplex.v[simplex.len] = next;
        simplex.len += 1;
        match simplex.closest(scale) {
            None => return true,
            Some((nv, weights)) => {
                if !(nv.norm_squared() < vv) {
                    return touching(d - m, wscale, scale);
                }
                simplex.keep(&weights[..simplex.len]);
                v64 = nv;
                v = nv.map(T::lit);
            }
        }
    }
    // Out of iterations without a separating axis: in doubt, overlapping.
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::*;
    use crate::*;
    use osculate_math::*;
    use osculate_testing::{Pair, for_f32_and_f64, test_tolerance};

    fn intersect_agrees_with_distance<T: Real>() {
        for seed in 0..SEEDS {
            let p = Pair::<Obb<T>, Tetrahedron<T>>::from_seed(seed);
            let d = distance_convex(&p.a, &p.b, None, 64).closest.distance;
            let s =
                scale(&[p.a.center, p.b.a, p.b.b, p.b.c, p.b.d]).fast_max(p.a.half_extents.amax());
            let band = test_tolerance::<T>() * s * T::lit(10.0);
            if d > band {
                assert!(!intersect_convex(&p.a, &p.b, 64), "seed {seed}: apart by {d:?}");
            } else if d == T::ZERO {
                assert!(intersect_convex(&p.a, &p.b, 64), "seed {seed}: overlapping");
            }
        }
    }

    /// A ball touching a box within f32's rounding at 1e4 (0.282 below a face at z = 9463.621,
    /// radius 0.28212): `distance_convex` finds the cores within the margin (overlapping), and
    /// `intersect_convex` must agree — it said apart while its touching band lacked the rounding of
    /// the support points (the gjk_pairs property, sphere-AABB in f32).
    #[test]
    fn touching_far_from_the_origin_agrees_with_gjk_intersect() {
        let ball = Sphere::new(Point3::new(1157.52_f32, 3017.4832, 9463.339), 0.28212214);
        let b = Aabb::new(
            Point3::new(1156.4685, 3017.003, 9463.621),
            Point3::new(1158.4436, 3017.8228, 9463.844),
        );
        let r = distance_convex(&ball, &b, None, GJK_MAX_ITERATIONS);
        assert_eq!(r.status, DistanceStatus::Overlapping, "{r:?}");
        assert!(intersect_convex(&ball, &b, GJK_MAX_ITERATIONS));
        assert!(intersect_convex(&b, &ball, GJK_MAX_ITERATIONS));
    }

    for_f32_and_f64!(intersect_agrees_with_distance);
}
