//! The Gilbert-Johnson-Keerthi distance algorithm for any two convex shapes with a support mapping,
//! in van den Bergen's formulation (ch. 4 of his book; "A Fast and Robust GJK Implementation for
//! Collision Detection of Convex Objects", JGT 1999): the point `v` of the configuration-space
//! obstacle `A − B` closest to the origin is approached through simplices of support points, with a
//! relative-gap termination test.
//!
//! The sub-algorithm (the point of a simplex closest to the origin and the smallest sub-simplex
//! holding it) is not Johnson's determinant recursion but the Voronoi-region closest points of
//! this crate (segment, triangle by Ericson 5.1.5, tetrahedron by 5.1.6), whose every division is
//! guarded: degenerate (flat, collinear, repeated) simplices cannot produce NaN or a wrong
//! region.

use osculate_math::{Point3, Real, Segment, Triangle, Vector3};

use crate::point::closest_point_on_triangle_barycentric;
use crate::support::SupportMap;
use crate::types::{ClosestPoints, Param};

/// How a GJK run ended.
///
/// # Examples
/// ```
/// use osculate_closest::{GjkStatus, gjk};
/// use osculate_math::{Aabb, Point3, Sphere};
///
/// let ball = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// let b = Aabb::new(Point3::new(2.0, -3.0, -3.0), Point3::new(4.0, 3.0, 3.0));
/// assert_eq!(gjk(&ball, &b, None, 64).status, GjkStatus::Separated);
/// assert_eq!(gjk(&ball, &ball, None, 64).status, GjkStatus::Overlapping);
/// // Stopped at the bound: the best answer so far, an upper bound on the distance (1).
/// let r = gjk(&ball, &b, None, 1);
/// assert_eq!(r.status, GjkStatus::IterationLimit);
/// assert!(r.closest.distance >= 1.0);
/// let bad = Sphere::new(Point3::new(f64::NAN, 0.0, 0.0), 1.0);
/// assert_eq!(gjk(&bad, &b, None, 64).status, GjkStatus::Invalid);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GjkStatus {
    /// The shapes are apart; the distance and points are within the relative tolerance.
    Separated,
    /// The shapes overlap (or touch within the tolerance): distance 0.
    Overlapping,
    /// The iteration bound was reached; the answer is the best found (an upper bound on the
    /// distance).
    IterationLimit,
    /// A NaN or infinite support point: no answer.
    Invalid,
}

/// The result of [`gjk`].
///
/// # Examples
/// ```
/// use osculate_closest::gjk;
/// use osculate_math::{Obb, Point3, Rotation3, Vector3};
///
/// // Repeated queries on a moving pair: each starts from the previous direction.
/// let a = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(1.0_f64, 1.0, 1.0));
/// let mut dir = None;
/// for k in 0..3 {
///     let x = 3.0 + 0.01 * f64::from(k);
///     let b = Obb::new(Point3::new(x, 0.2, 0.1), Rotation3::from_axis_angle(&Vector3::z_axis(), 0.3), Vector3::new(0.5, 0.5, 0.5));
///     let r = gjk(&a, &b, dir, 64);
///     assert!(r.closest.distance > 0.0 && r.closest.point_a.x <= 1.0 + 1e-12);
///     dir = Some(r.direction);
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GjkResult<T: Real> {
    /// How it ended.
    pub status: GjkStatus,
    /// The closest points (`point_a` on A, `point_b` on B) and their distance; for overlapping
    /// shapes, distance 0 and a point near where they meet.
    pub closest: ClosestPoints<T>,
    /// Support-point evaluations pairs made.
    pub iterations: usize,
    /// The last search direction (`point_a − point_b` when separated; when the distance is 0
    /// within rounding, the last direction a support point was taken along, whose opposite is a
    /// contact normal from A to B when the shapes touch at that support point): pass it back as
    /// the warm start of the next query on the same, slightly moved, pair.
    pub direction: Vector3<T>,
}

/// A vertex of the simplex: `w = a − b` and the support points it came from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Vertex<T: Real> {
    pub(crate) w: Vector3<T>,
    pub(crate) a: Point3<T>,
    pub(crate) b: Point3<T>,
}

/// The simplex: up to four vertices with the barycentric weights of `v` on them.
struct Simplex<T: Real> {
    v: [Vertex<T>; 4],
    weight: [T; 4],
    len: usize,
}

impl<T: Real> Simplex<T> {
    /// Keeps the vertices with a positive weight.
    fn keep(&mut self, weights: &[T]) {
        let mut k = 0;
        for (i, &wi) in weights.iter().enumerate().take(self.len) {
            if wi > T::ZERO {
                self.v[k] = self.v[i];
                self.weight[k] = wi;
                k += 1;
            }
        }
        if k == 0 {
            // All weights zero (a degenerate tie): keep the first vertex.
            self.weight[0] = T::ONE;
            k = 1;
        }
        self.len = k;
    }

    /// The point of the simplex closest to the origin; reduces the simplex to the smallest face
    /// holding it. Returns `None` when the origin is inside a full (tetrahedral) simplex. `scale`
    /// bounds the magnitude of the support points the vertices are differences of (their
    /// rounding is a few ε times it).
    fn closest(&mut self, scale: T) -> Option<Vector3<T>> {
        let origin = Point3::origin();
        match self.len {
            1 => self.keep(&[T::ONE]),
            2 => {
                let (p, q) = (self.v[0].w, self.v[1].w);
                let t = Segment::new(Point3::from(p), Point3::from(q)).closest_parameter(&origin);
                self.keep(&[T::ONE - t, t]);
            }
            3 => {
                let tri = Triangle::new(
                    Point3::from(self.v[0].w),
                    Point3::from(self.v[1].w),
                    Point3::from(self.v[2].w),
                );
                let c = closest_point_on_triangle_barycentric(&origin, &tri);
                self.keep(&c.barycentric);
            }
            _ => {
                let w = [self.v[0].w, self.v[1].w, self.v[2].w, self.v[3].w];
                let orient = |a: usize, b: usize, c: usize, p: &Vector3<T>| {
                    (w[b] - w[a]).cross(&(w[c] - w[a])).dot(&(p - w[a]))
                };
                // Faces with their opposite vertex; the origin is inside when it is on the
                // opposite vertex's side of every face.
                let faces = [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)];
                let zero = Vector3::zeros();
                // Near convergence the new vertex is nearly coplanar with the triangle: a sliver
                // whose orientation signs are rounding noise. Flat up to rounding, it has no
                // inside: every face is measured. Flat: a volume below a relative tolerance of
                // the edge lengths' product, or a thickness (the smallest height, the volume
                // over the largest face) below the rounding of the vertices, 128 ε times the
                // support points' magnitude — which far from the origin is much larger than the
                // vertices themselves (found by the GJK motion property: a sphere 1.5e-3 from a
                // box 1e4 from the origin, in f64, reported overlapping when moved).
                let vol = orient(0, 1, 2, &w[3]);
                let largest_face = [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
                    .iter()
                    .map(|&(a, b, c)| (w[b] - w[a]).cross(&(w[c] - w[a])).norm())
                    .fold(T::ZERO, T::fast_max);
                let flat = vol.abs()
                    <= T::RELATIVE_TOLERANCE
                        * (w[1] - w[0]).norm()
                        * (w[2] - w[0]).norm()
                        * (w[3] - w[0]).norm()
                    || vol.abs() <= T::RELATIVE_TOLERANCE * scale * largest_face;
                let mut best: Option<(T, [T; 4])> = None;
                let mut outside_any = false;
                // The origin's barycentric coordinates, for when it is inside: the weight of the
                // vertex opposite a face is the ratio of the signed volumes over that face.
                let mut inside = [T::ZERO; 4];
                for (a, b, c, d) in faces {
                    let so = orient(a, b, c, &w[d]);
                    let sp = orient(a, b, c, &zero);
                    if so != T::ZERO {
                        inside[d] = sp / so;
                    }
                    // In front of this face (or the tetrahedron is flat): the origin is outside.
                    if flat || so == T::ZERO || sp * so < T::ZERO {
                        outside_any = true;
                    }
                    // Every face is measured: outside the solid, its closest point is the nearest
                    // of the four faces' (choosing only the faces in front would trust signs that
                    // are rounding noise on a near-flat tetrahedron).
                    let measure = true;
                    if measure {
                        let tri = Triangle::new(
                            Point3::from(w[a]),
                            Point3::from(w[b]),
                            Point3::from(w[c]),
                        );
                        let cp = closest_point_on_triangle_barycentric(&origin, &tri);
                        let d2 = cp.point.coords.norm_squared();
                        if best.is_none_or(|(bd, _)| d2 < bd) {
                            let mut full = [T::ZERO; 4];
                            full[a] = cp.barycentric[0];
                            full[b] = cp.barycentric[1];
                            full[c] = cp.barycentric[2];
                            best = Some((d2, full));
                        }
                    }
                }
                if !outside_any {
                    // Inside: with these weights `Σ λᵢ aᵢ = Σ λᵢ bᵢ` (up to rounding), a point
                    // both shapes share, which the overlapping answer reports. The weights are
                    // trusted only when they reproduce the origin (`|Σ λᵢ wᵢ|` within the GJK
                    // tolerance of the support points' magnitude; an f64 box and ball overlapping
                    // at the unit scale, moved 10 away, reproduce it to 2.9e-13 of 9.4, 1,300 ε,
                    // so 128 ε is too tight): a tetrahedron of two tight clusters of
                    // vertices passes the flatness tests, but its signs and weights are noise
                    // (found by the GJK answer property, capsule-OBB in f32: weights 7.6e-3 off
                    // the origin, a "shared" point 3.8e-3 outside the box). Otherwise the
                    // origin is taken as outside and the nearest face stands.
                    let sum = inside.iter().fold(T::ZERO, |s, x| s + *x);
                    if sum > T::ZERO {
                        let lambda = inside.map(|x| x / sum);
                        let at = (0..4).fold(Vector3::zeros(), |s, i| s + w[i] * lambda[i]);
                        if at.norm() <= gjk_tolerance::<T>() * scale {
                            self.weight = lambda;
                            return None;
                        }
                    }
                }
                let (_, weights) = best?;
                self.keep(&weights);
            }
        }
        Some((0..self.len).fold(Vector3::zeros(), |s, i| s + self.v[i].w * self.weight[i]))
    }

    /// The witness points: the same weights on the support points of A and of B.
    fn witnesses(&self) -> (Point3<T>, Point3<T>) {
        let mut a = Vector3::zeros();
        let mut b = Vector3::zeros();
        for i in 0..self.len {
            a += self.v[i].a.coords * self.weight[i];
            b += self.v[i].b.coords * self.weight[i];
        }
        (Point3::from(a), Point3::from(b))
    }
}

/// The relative tolerance of the termination test: the gap between the upper bound `|v|` and the
/// lower bound `v·w/|v|` of the distance, relative to `|v|`. `max(RELATIVE_TOLERANCE, √ε / 100)`:
/// f32 ≈ 1.5e-5, f64 ≈ 1.5e-10 — near the accuracy the support computations allow, without the
/// many extra iterations a curved shape needs to go further.
#[inline]
fn gjk_tolerance<T: Real>() -> T {
    T::RELATIVE_TOLERANCE.fast_max(T::EPSILON.sqrt() * T::lit(0.01))
}

/// The largest coordinate of a vertex's support points and of the vertex itself.
#[inline]
fn magnitude<T: Real>(x: &Vertex<T>) -> T {
    x.a.coords.amax().fast_max(x.b.coords.amax()).fast_max(x.w.amax())
}

/// The rounding error of `v·w` for `|v|² = vv` and support points of coordinates up to `scale`:
/// 8 ε |v| scale (three products and two sums, with room).
#[inline]
fn rounding<T: Real>(vv: T, scale: T) -> T {
    T::lit(8.0) * T::EPSILON * vv.sqrt() * scale
}

/// Whether `v` (with `|v|² = vv`) is the origin up to the rounding of support points of
/// coordinates up to `scale`: `|v| ≤ 8 ε scale`, the bound [`rounding`] uses. Below it the
/// direction of `v` is noise (found by `touching_shapes_give_depth_zero_and_the_face_normal`: a
/// ball resting on a box face ended "separated" at 6.8e-16 and `contact_convex` took the noise
/// as its normal, (0.16, 0.16, 0.97) for +z): the shapes touch, and GJK says overlapping.
#[inline]
fn at_origin<T: Real>(vv: T, scale: T) -> bool {
    let r = T::lit(8.0) * T::EPSILON * scale;
    vv <= r * r
}

/// The GJK distance between convex shapes `a` and `b` (van den Bergen's algorithm, see the module
/// documentation): their closest points and distance, or overlap.
///
/// `warm_start` is an initial search direction (e.g. the previous query's
/// [`GjkResult::direction`] for a pair that moved a little); `None` starts from the centers.
/// `max_iterations` bounds the support evaluations (64 is plenty: polytopes converge in a few,
/// smooth shapes linearly with the tolerance). Termination: `|v|² − v·w ≤ tol·|v|²` (the relative
/// gap between the distance's upper and lower bounds), a repeated support point, or no more
/// progress in `|v|`.
///
/// # Examples
/// ```
/// use osculate_closest::{GjkStatus, gjk};
/// use osculate_math::{Cone, Cylinder, Point3, Vector3};
///
/// let cyl = Cylinder::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0), 1.0);
/// let cone = Cone::new(Point3::new(4.0, 0.0, 1.0), -Vector3::x_axis(), 2.0, 1.0);
/// let r = gjk(&cyl, &cone, None, 64);
/// assert_eq!(r.status, GjkStatus::Separated);
/// assert!((r.closest.distance - 1.0).abs() < 1e-6); // the tip at x = 4 − 2 = 2, the side at x = 1
/// ```
#[must_use]
pub fn gjk<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    warm_start: Option<Vector3<T>>,
    max_iterations: usize,
) -> GjkResult<T> {
    gjk_with_simplex(a, b, warm_start, max_iterations).0
}

/// [`gjk`], also returning its final simplex (the vertices and their count), from which EPA starts
/// when the shapes overlap.
pub(crate) fn gjk_with_simplex<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    warm_start: Option<Vector3<T>>,
    max_iterations: usize,
) -> (GjkResult<T>, [Vertex<T>; 4], usize) {
    let tol = gjk_tolerance::<T>();
    let invalid = |iterations| {
        let nan = Point3::new(T::NAN, T::NAN, T::NAN);
        let v = Vertex { w: Vector3::zeros(), a: nan, b: nan };
        let r = GjkResult {
            status: GjkStatus::Invalid,
            closest: ClosestPoints {
                point_a: nan,
                point_b: nan,
                distance: T::NAN,
                param_a: Param::None,
                param_b: Param::None,
            },
            iterations,
            direction: Vector3::zeros(),
        };
        (r, [v; 4], 0)
    };
    let mut dir = warm_start
        .filter(|d| d.iter().all(|x| x.is_finite()) && *d != Vector3::zeros())
        .unwrap_or_else(|| a.center() - b.center());
    if dir == Vector3::zeros() || !dir.iter().all(|x| x.is_finite()) {
        dir = Vector3::x();
    }
    // The first vertex: the supports along −dir (A) and dir (B), a point of A − B.
    let support = |d: &Vector3<T>| {
        let pa = a.support(&-d);
        let pb = b.support(d);
        Vertex { w: pa - pb, a: pa, b: pb }
    };
    let first = support(&dir);
    if !first.w.iter().all(|x| x.is_finite()) {
        return invalid(1);
    }
    let mut simplex =
        Simplex { v: [first; 4], weight: [T::ONE, T::ZERO, T::ZERO, T::ZERO], len: 1 };
    let mut v = first.w;
    // The magnitude of the support points: the rounding of every `w` is a few ε times it.
    let mut scale = magnitude(&first);
    let mut iterations = 1;
    let mut status = GjkStatus::IterationLimit;
    // The last direction a support point was taken along (`w = s_{A−B}(−searched)`).
    let mut searched = dir;
    while iterations < max_iterations {
        let vv = v.norm_squared();
        // Touching or overlapping within rounding of the scale.
        if at_origin(vv, scale) {
            status = GjkStatus::Overlapping;
            break;
        }
        searched = v;
        let next = support(&v);
        iterations += 1;
        if !next.w.iter().all(|x| x.is_finite()) {
            return invalid(iterations);
        }
        scale = scale.fast_max(magnitude(&next));
        // Van den Bergen's termination: the support along −v cannot bring the lower bound
        // v·w/|v| closer to |v| than the tolerance — or than the rounding of v·w itself (a few ε
        // of |v| times the support points' magnitude), which is larger when |v| is small beside
        // the shapes: without it a curved pair 7e-7 apart at the 1e-4 scale in f32 kept adding
        // support points until a noise-thin tetrahedron "held" the origin (found by the parry
        // differential, `gjk_stops_at_rounding_on_a_tiny_curved_pair`).
        let vw = v.dot(&next.w);
        if vv - vw <= tol * vv + rounding::<T>(vv, scale) {
            status = GjkStatus::Separated;
            break;
        }
        // A support point already in the simplex: no progress is possible.
        if (0..simplex.len).any(|i| simplex.v[i].w == next.w) {
            status = GjkStatus::Separated;
            break;
        }
        let saved = (simplex.v, simplex.weight, simplex.len);
        simplex.v[simplex.len] = next;
        simplex.len += 1;
        match simplex.closest(scale) {
            None => {
                status = GjkStatus::Overlapping;
                break;
            }
            Some(nv) => {
                if !(nv.norm_squared() < vv) {
                    // No progress (rounding): the previous simplex and its answer stand.
                    (simplex.v, simplex.weight, simplex.len) = saved;
                    status = GjkStatus::Separated;
                    break;
                }
                v = nv;
            }
        }
    }
    let (pa, pb) = simplex.witnesses();
    let distance = if status == GjkStatus::Overlapping { T::ZERO } else { (pa - pb).norm() };
    if !distance.is_finite() {
        return invalid(iterations);
    }
    let (pa, pb) = if status == GjkStatus::Overlapping {
        let mid = Point3::from((pa.coords + pb.coords) * T::HALF);
        (mid, mid)
    } else {
        (pa, pb)
    };
    // With `v` at the origin (within rounding) its direction is noise: the last search direction
    // is reported instead. When the simplex is the single support point found along it at the
    // origin (shapes touching at their first support points, e.g. two boxes face to face), `−v`
    // over `A − B` is at most its value at that point, 0: `−searched` is the normal of a plane
    // through the origin supporting `A − B`, a contact normal from A to B.
    let direction = if at_origin(v.norm_squared(), scale) { searched } else { v };
    let r = GjkResult {
        status,
        closest: ClosestPoints {
            point_a: pa,
            point_b: pb,
            distance,
            param_a: Param::None,
            param_b: Param::None,
        },
        iterations,
        direction,
    };
    (r, simplex.v, simplex.len)
}

/// Whether convex shapes `a` and `b` overlap, by GJK with the early exit of a separating axis: as
/// soon as a support point along `−v` does not reach past the origin (`v·w > 0`), the plane it
/// defines separates the shapes. Touching counts as overlapping within the GJK tolerance; NaN gives
/// `false`.
///
/// # Examples
/// ```
/// use osculate_closest::gjk_intersect;
/// use osculate_math::{Obb, Point3, Rotation3, Vector3};
///
/// let e = Vector3::new(1.0_f64, 1.0, 1.0);
/// let a = Obb::new(Point3::origin(), Rotation3::identity(), e);
/// let b = Obb::new(Point3::new(2.3, 0.0, 0.0), Rotation3::from_axis_angle(&Vector3::z_axis(), 0.785398), e);
/// assert!(gjk_intersect(&a, &b, 64)); // the turned box reaches 1.414 toward a
/// ```
#[must_use]
pub fn gjk_intersect<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    max_iterations: usize,
) -> bool {
    let mut dir = a.center() - b.center();
    if dir == Vector3::zeros() || !dir.iter().all(|x| x.is_finite()) {
        dir = Vector3::x();
    }
    let support = |d: &Vector3<T>| {
        let pa = a.support(&-d);
        let pb = b.support(d);
        Vertex { w: pa - pb, a: pa, b: pb }
    };
    let first = support(&dir);
    if !first.w.iter().all(|x| x.is_finite()) {
        return false;
    }
    let mut simplex =
        Simplex { v: [first; 4], weight: [T::ONE, T::ZERO, T::ZERO, T::ZERO], len: 1 };
    let mut v = first.w;
    // The support points' magnitude (their rounding), and the vertices' (the touching band).
    let mut scale = magnitude(&first);
    let mut wscale = first.w.amax();
    for _ in 1..max_iterations {
        let vv = v.norm_squared();
        if at_origin(vv, scale) {
            return true;
        }
        let next = support(&v);
        if !next.w.iter().all(|x| x.is_finite()) {
            return false;
        }
        scale = scale.fast_max(magnitude(&next));
        wscale = wscale.fast_max(next.w.amax());
        let vw = v.dot(&next.w);
        // A separating axis: the support along −v stays on v's side of the origin, by more than
        // the tolerance and than the rounding of `v·w` (within them the shapes count as touching,
        // as `gjk` counts a `v` within the rounding of the origin: without the rounding term, far
        // from the origin in f32 this said apart where `gjk` found the shapes touching).
        if vw > (gjk_tolerance::<T>() * vv).fast_max(rounding::<T>(vv, scale)) {
            return false;
        }
        if vv - vw <= gjk_tolerance::<T>() * vv + rounding::<T>(vv, scale)
            || (0..simplex.len).any(|i| simplex.v[i].w == next.w)
        {
            // Converged on a (near-)touching distance: touching counts as overlapping.
            return vv <= (gjk_tolerance::<T>() * wscale) * (gjk_tolerance::<T>() * wscale);
        }
        simplex.v[simplex.len] = next;
        simplex.len += 1;
        match simplex.closest(scale) {
            None => return true,
            Some(nv) => {
                if !(nv.norm_squared() < vv) {
                    return vv <= (gjk_tolerance::<T>() * wscale) * (gjk_tolerance::<T>() * wscale);
                }
                v = nv;
            }
        }
    }
    // Out of iterations without a separating axis: in doubt, overlapping.
    true
}

/// [`gjk`] as a [`ClosestPoints`] query with the default bound of 64 iterations: the closest
/// points of any two convex shapes with a support mapping (distance 0 when they overlap).
///
/// # Examples
/// ```
/// use osculate_closest::closest_points_convex;
/// use osculate_math::{Aabb, Point3, Triangle};
///
/// let b = Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let t = Triangle::new(Point3::new(2.0, 0.0, 0.0), Point3::new(3.0, 0.0, 0.0), Point3::new(2.0, 1.0, 0.0));
/// assert!((closest_points_convex(&b, &t).distance - 1.0).abs() < 1e-5);
/// ```
#[inline]
#[must_use]
pub fn closest_points_convex<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
) -> ClosestPoints<T> {
    gjk(a, b, None, 64).closest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pair::{closest_points_segment_segment, closest_points_sphere_sphere};
    use crate::{closest_point_on_triangle, contact_sphere_obb};
    use osculate_math::testing::{Pair, test_tolerance};
    use osculate_math::{Aabb, Capsule, Obb, Sphere, Tetrahedron};

    const SEEDS: u64 = 400;

    /// The scale of a pair: its largest coordinate magnitude or size, at least a tiny positive.
    fn scale<T: Real>(points: &[Point3<T>]) -> T {
        points.iter().fold(T::MIN_POSITIVE, |s, p| s.fast_max(p.coords.amax()))
    }

    /// Asserts GJK's distance matches `want` within the GJK tolerance (relative to the distance)
    /// plus the test tolerance times the scale, and that it converged (not stopped by the bound
    /// of 64) within `bound` support evaluations.
    #[track_caller]
    fn agrees<T: Real>(got: &GjkResult<T>, want: T, scale: T, what: &str, bound: usize) {
        let tol = gjk_tolerance::<T>() * want.abs() * T::lit(4.0) + test_tolerance::<T>() * scale;
        assert!(
            (got.closest.distance - want).abs() <= tol,
            "{what}: gjk {:?} vs {want:?} (tol {tol:?}, {got:?})",
            got.closest.distance
        );
        assert!(
            matches!(got.status, GjkStatus::Separated | GjkStatus::Overlapping),
            "{what}: {got:?}"
        );
        assert!(got.iterations <= bound, "{what}: {} iterations, bound {bound}", got.iterations);
        // The witness points are that far apart.
        let gap = (got.closest.point_b - got.closest.point_a).norm();
        assert!((gap - got.closest.distance).abs() <= tol, "{what}: witnesses {got:?}");
    }

    /// The iteration bounds: twice the largest count measured over these 400 seeds in f32 and f64
    /// (sphere-sphere 10, in f32: in exact arithmetic two evaluations settle two spheres apart,
    /// the second confirming the first, and f32's rounding of `v·w` at the far and tiny scales
    /// costs more; segment-segment and point-triangle 4, AABB-AABB 5; the curved-flat pairs
    /// converge linearly, sphere-OBB 47 and capsule-capsule 38 in f64, where they are kept under
    /// the bound of 64 only).
    fn agrees_with_closed_forms<T: Real>() {
        for seed in 0..SEEDS {
            let p = Pair::<Sphere<T>, Sphere<T>>::from_seed(seed);
            let want = closest_points_sphere_sphere(&p.a, &p.b).distance;
            let s = scale(&[p.a.center, p.b.center]).fast_max(p.a.radius + p.b.radius);
            agrees(&gjk(&p.a, &p.b, None, 64), want, s, "sphere-sphere", 20);

            let p = Pair::<Segment<T>, Segment<T>>::from_seed(seed);
            let want = closest_points_segment_segment(&p.a, &p.b).distance;
            agrees(
                &gjk(&p.a, &p.b, None, 64),
                want,
                scale(&[p.a.a, p.a.b, p.b.a, p.b.b]),
                "segment-segment",
                8,
            );

            let p = Pair::<Point3<T>, Triangle<T>>::from_seed(seed);
            let want = (closest_point_on_triangle(&p.a, &p.b).point - p.a).norm();
            agrees(
                &gjk(&p.a, &p.b, None, 64),
                want,
                scale(&[p.a, p.b.a, p.b.b, p.b.c]),
                "point-triangle",
                8,
            );

            let p = Pair::<Sphere<T>, Obb<T>>::from_seed(seed);
            if let Some(c) = contact_sphere_obb(&p.a, &p.b) {
                let want = c.distance.fast_max(T::ZERO);
                let s =
                    scale(&[p.a.center, p.b.center]).fast_max(p.b.half_extents.amax() + p.a.radius);
                agrees(&gjk(&p.a, &p.b, None, 64), want, s, "sphere-obb", 63);
            }

            let p = Pair::<Capsule<T>, Capsule<T>>::from_seed(seed);
            let axes = closest_points_segment_segment(&p.a.segment(), &p.b.segment()).distance;
            let want = (axes - p.a.radius - p.b.radius).fast_max(T::ZERO);
            let s = scale(&[p.a.a, p.a.b, p.b.a, p.b.b]).fast_max(p.a.radius + p.b.radius);
            agrees(&gjk(&p.a, &p.b, None, 64), want, s, "capsule-capsule", 63);

            // Boxes: the closest-point distance of two AABBs is the per-axis gap's norm.
            let p = Pair::<Aabb<T>, Aabb<T>>::from_seed(seed);
            let gap = Vector3::from_fn(|i, _| {
                (p.a.min[i] - p.b.max[i]).fast_max(p.b.min[i] - p.a.max[i]).fast_max(T::ZERO)
            });
            let r = gjk(&p.a, &p.b, None, 64);
            agrees(&r, gap.norm(), scale(&[p.a.min, p.a.max, p.b.min, p.b.max]), "aabb-aabb", 10);

            // Warm start from the previous direction gives the same answer.
            let again = gjk(&p.a, &p.b, Some(r.direction), 64);
            agrees(
                &again,
                gap.norm(),
                scale(&[p.a.min, p.a.max, p.b.min, p.b.max]),
                "warm start",
                10,
            );
        }
    }

    #[test]
    fn agrees_with_closed_forms_f32() {
        agrees_with_closed_forms::<f32>();
    }

    #[test]
    fn agrees_with_closed_forms_f64() {
        agrees_with_closed_forms::<f64>();
    }

    fn intersect_agrees_with_distance<T: Real>() {
        for seed in 0..SEEDS {
            let p = Pair::<Obb<T>, Tetrahedron<T>>::from_seed(seed);
            let d = gjk(&p.a, &p.b, None, 64).closest.distance;
            let s =
                scale(&[p.a.center, p.b.a, p.b.b, p.b.c, p.b.d]).fast_max(p.a.half_extents.amax());
            let band = test_tolerance::<T>() * s * T::lit(10.0);
            if d > band {
                assert!(!gjk_intersect(&p.a, &p.b, 64), "seed {seed}: apart by {d:?}");
            } else if d == T::ZERO {
                assert!(gjk_intersect(&p.a, &p.b, 64), "seed {seed}: overlapping");
            }
        }
    }

    #[test]
    fn intersect_agrees_with_distance_f32() {
        intersect_agrees_with_distance::<f32>();
    }

    #[test]
    fn intersect_agrees_with_distance_f64() {
        intersect_agrees_with_distance::<f64>();
    }

    /// Found by the properties: a ball against a segment converged to 0.00175, then a near-flat
    /// tetrahedron's noise signs picked a far face, the no-progress exit kept that simplex, and
    /// the reported distance jumped to 0.863.
    #[test]
    fn converged_answer_survives_a_noisy_last_step() {
        let p = Point3::new;
        let c = p(0.0012536554088737883_f64, -0.04524194418504224, 0.7212950989757188);
        let a = Capsule::new(c, c, 0.37334376022684274);
        let b = Capsule::new(
            p(-0.2434157912431223, -0.9452984562847255, 0.5963204423065172),
            p(0.338613637089086, 0.17923441361861148, 0.3153105154647484),
            0.0,
        );
        let want = crate::closest_points_sphere_segment(&Sphere::new(c, a.radius), &b.segment());
        let r = gjk(&a, &b, None, 64);
        assert!((r.closest.distance - want.distance).abs() < 1e-9, "{r:?} vs {want:?}");
    }

    /// Found by the parry differential: a cylinder and a cone 7.3e-7 apart at the 1e-4 scale, in
    /// f32. The relative gap test alone never held (the rounding of `v·w` is larger than 1.5e-5
    /// of `|v|²` there), GJK kept adding support points, and a noise-thin tetrahedron "held" the
    /// origin: overlapping at distance 0.
    #[test]
    fn gjk_stops_at_rounding_on_a_tiny_curved_pair() {
        use osculate_math::{Cone, Cylinder, Unit};
        let a = Cylinder::new(
            Point3::new(-5.0970677e-5_f32, -7.920982e-5, -5.8623216e-5),
            Point3::new(-4.6224e-5, -4.2559957e-5, -6.626485e-5),
            8.4148116e-5,
        );
        let b = Cone::new(
            Point3::new(6.0412367e-6, 5.45076e-5, -1.9249424e-5),
            Unit::new_normalize(Vector3::new(-0.0035613142, -0.9599848, -0.28002957)),
            6.940612e-5,
            6.4280255e-5,
        );
        let r = gjk(&a, &b, None, 64);
        // The referee of tests/it/convex_parry.rs: 7.3023e-7 apart.
        assert_eq!(r.status, GjkStatus::Separated, "{r:?}");
        assert!((r.closest.distance - 7.3023e-7).abs() < 1e-8, "{r:?}");
        assert!(!gjk_intersect(&a, &b, 64));
    }

    #[test]
    fn degenerate_shapes_and_nan() {
        let p = |x: f64, y: f64, z: f64| Point3::new(x, y, z);
        // Points, a flat box, a zero-radius capsule (a segment), coincident shapes.
        let r = gjk(&p(0.0, 0.0, 0.0), &p(3.0, 4.0, 0.0), None, 64);
        assert_eq!((r.status, r.closest.distance), (GjkStatus::Separated, 5.0));
        let flat = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 0.0));
        let r = gjk(&flat, &p(0.5, 0.5, 2.0), None, 64);
        assert!((r.closest.distance - 2.0).abs() < 1e-9, "{r:?}");
        let needle = Capsule::new(p(-1.0, 0.0, 0.0), p(1.0, 0.0, 0.0), 0.0);
        let r = gjk(&needle, &p(0.0, 1.0, 0.0), None, 64);
        assert!((r.closest.distance - 1.0).abs() < 1e-9, "{r:?}");
        let r = gjk(&flat, &flat, None, 64);
        assert_eq!((r.status, r.closest.distance), (GjkStatus::Overlapping, 0.0));
        // NaN: invalid, no finite distance; the boolean says false.
        let bad = Sphere::new(p(f64::NAN, 0.0, 0.0), 1.0);
        let r = gjk(&bad, &flat, None, 64);
        assert!(r.status == GjkStatus::Invalid && r.closest.distance.is_nan(), "{r:?}");
        assert!(!gjk_intersect(&bad, &flat, 64));
        // The iteration bound is honoured and reported: a sphere against a box from a poor warm
        // start needs more than two support points.
        let s1 = Sphere::new(p(0.0, 0.0, 0.0), 1.0);
        let b = Aabb::new(p(2.0, -3.0, -3.0), p(4.0, 3.0, 3.0));
        let r = gjk(&s1, &b, Some(Vector3::new(0.3, 1.0, -0.7)), 2);
        assert!(r.iterations <= 2 && r.status == GjkStatus::IterationLimit, "{r:?}");
        let r = gjk(&s1, &b, Some(Vector3::new(0.3, 1.0, -0.7)), 64);
        assert!(
            r.status == GjkStatus::Separated && (r.closest.distance - 1.0).abs() < 1e-9,
            "{r:?}"
        );
    }

    /// A box of half extents `h` about `c`, in scalar `T`.
    fn aabb<T: Real>(c: Vector3<f64>, h: Vector3<f64>) -> Aabb<T> {
        Aabb::new(Point3::from((c - h).map(T::lit)), Point3::from((c + h).map(T::lit)))
    }

    /// `p` lies in the box loosened by `tol`, and within `tol` of one of its faces.
    fn on_box_boundary<T: Real>(b: &Aabb<T>, p: &Point3<T>, tol: T) -> bool {
        let inside = (0..3).all(|i| p[i] >= b.min[i] - tol && p[i] <= b.max[i] + tol);
        let on_face =
            (0..3).any(|i| (p[i] - b.min[i]).abs() <= tol || (p[i] - b.max[i]).abs() <= tol);
        inside && on_face
    }

    /// Issue 10, tests item 4: EPA (`contact_convex`) on two overlapping AABBs against the closed
    /// form, the axis of least overlap: depth `min_i min(a.maxᵢ − b.minᵢ, b.maxᵢ − a.minᵢ)`, normal
    /// `±eᵢ` toward B's side. The `Contact` convention (types.rs): `point_b − point_a =
    /// distance · normal` with `distance = −depth`, the normal from A to B, each witness on its
    /// shape's boundary. Tolerance: the test tolerance times the input's scale (EPA on polytopes
    /// ends on an exact face of `A − B`, so only rounding is left). The normal is compared when
    /// the least overlap is unique by more than twice the tolerance.
    #[cfg(feature = "alloc")]
    fn epa_aabb_depth_is_the_least_overlap<T: Real>() {
        use crate::contact_convex;
        use osculate_math::testing::Rng;
        let mut rng = Rng::new(0x10_e9a);
        let mut normals = 0;
        for case in 0..SEEDS {
            let mut v = |lo: f64, hi: f64| {
                Vector3::new(rng.range(lo, hi), rng.range(lo, hi), rng.range(lo, hi))
            };
            let (ha, hb) = (v(0.05, 1.0), v(0.05, 1.0));
            let ca = v(-2.0, 2.0);
            // Centers closer than the half extents' sum on every axis: overlapping.
            let cb = ca + (ha + hb).component_mul(&v(-0.95, 0.95));
            let (a, b) = (aabb::<T>(ca, ha), aabb::<T>(cb, hb));
            let overlap =
                Vector3::from_fn(|i, _| (a.max[i] - b.min[i]).fast_min(b.max[i] - a.min[i]));
            let axis = (1..3).fold(0, |m, i| if overlap[i] < overlap[m] { i } else { m });
            let depth = overlap[axis];
            let second =
                (0..3).filter(|&i| i != axis).map(|i| overlap[i]).fold(T::INFINITY, T::fast_min);
            let side = if a.max[axis] - b.min[axis] <= b.max[axis] - a.min[axis] {
                T::ONE
            } else {
                -T::ONE
            };
            let scale = scale(&[a.min, a.max, b.min, b.max]);
            let tol = test_tolerance::<T>() * scale;
            let Some(c) = contact_convex(&a, &b, 128) else {
                panic!("case {case}: no contact for {a:?}, {b:?}");
            };
            assert!(
                (c.distance + depth).abs() <= tol,
                "case {case}: depth {:?}, least overlap {depth:?} ({a:?}, {b:?})",
                -c.distance
            );
            if second - depth > T::lit(2.0) * tol {
                normals += 1;
                assert!(
                    c.normal[axis] * side >= T::ONE - tol,
                    "case {case}: normal {:?}, want {side:?} e{axis} ({a:?}, {b:?})",
                    c.normal
                );
            }
            let gap = c.point_b - c.point_a - c.normal.into_inner() * c.distance;
            assert!(gap.norm() <= tol, "case {case}: witnesses {c:?} off by {gap:?}");
            assert!(
                on_box_boundary(&a, &c.point_a, tol) && on_box_boundary(&b, &c.point_b, tol),
                "case {case}: a witness off its box's boundary: {c:?} ({a:?}, {b:?})"
            );
        }
        // Nearly every case has one clearly least overlap.
        assert!(normals > SEEDS as usize * 9 / 10, "only {normals} normals compared");
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn epa_aabb_depth_is_the_least_overlap_f32() {
        epa_aabb_depth_is_the_least_overlap::<f32>();
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn epa_aabb_depth_is_the_least_overlap_f64() {
        epa_aabb_depth_is_the_least_overlap::<f64>();
    }

    /// Issue 10, tests item 4, "separated at distance 0, then EPA": shapes that exactly touch
    /// (a face of the unit box against another box's face, a ball, a tetrahedron's vertex, a
    /// segment lying on it). GJK must end overlapping or separated at distance 0 (within the test
    /// tolerance of the scale); `contact_convex` must then give depth 0, the face's outward normal
    /// (from A toward B) and coinciding witnesses, `point_a` on A's boundary. Before `at_origin`
    /// the ball ended "separated" at 6.8e-16 (f64) with the noise of `v` as its normal, (0.16,
    /// 0.16, 0.97); the two boxes face to face met at their first support points with `v = 0` and
    /// the normal was an arbitrary perpendicular of x, −z.
    #[cfg(feature = "alloc")]
    fn touching_shapes_give_depth_zero_and_the_face_normal<T: Real>() {
        use crate::contact_convex;
        let p = |x: f64, y: f64, z: f64| Point3::new(T::lit(x), T::lit(y), T::lit(z));
        let unit = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        let face = Aabb::new(p(1.0, 0.2, 0.3), p(2.0, 0.8, 1.3));
        let full = Aabb::new(p(1.0, 0.0, 0.0), p(2.0, 1.0, 1.0));
        let ball = Sphere::new(p(0.5, 0.5, 1.5), T::HALF);
        let spike = Tetrahedron::new(
            p(0.4, 0.0, 0.7),
            p(0.0, -1.0, 0.0),
            p(1.0, -1.0, 0.2),
            p(0.5, -1.2, 1.0),
        );
        let lying = Segment::new(p(1.0, 0.2, 0.3), p(1.0, 0.8, 0.6));
        let cases: [(&str, &dyn SupportMap<T>, Vector3<T>); 5] = [
            ("face on part of a face", &face, Vector3::x()),
            ("face on a whole face", &full, Vector3::x()),
            ("ball on a face", &ball, Vector3::z()),
            ("vertex on a face", &spike, -Vector3::y()),
            ("segment on a face", &lying, Vector3::x()),
        ];
        let tol = test_tolerance::<T>() * T::lit(2.0);
        for (what, b, normal) in cases {
            let g = gjk(&unit, b, None, 64);
            assert!(
                matches!(g.status, GjkStatus::Separated | GjkStatus::Overlapping)
                    && g.closest.distance <= tol,
                "{what}: {g:?}"
            );
            let c = contact_convex(&unit, b, 128);
            let Some(c) = c else { panic!("{what}: no contact (GJK {g:?})") };
            assert!(c.distance.abs() <= tol, "{what}: {c:?} (GJK {g:?})");
            assert!(c.normal.dot(&normal) >= T::ONE - tol, "{what}: normal {c:?} (GJK {g:?})");
            assert!((c.point_b - c.point_a).norm() <= tol, "{what}: witnesses {c:?}");
            assert!(on_box_boundary(&unit, &c.point_a, tol), "{what}: point_a {c:?}");
        }
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn touching_shapes_give_depth_zero_and_the_face_normal_f32() {
        touching_shapes_give_depth_zero_and_the_face_normal::<f32>();
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn touching_shapes_give_depth_zero_and_the_face_normal_f64() {
        touching_shapes_give_depth_zero_and_the_face_normal::<f64>();
    }

    /// Issue 10, warm start: on a sequence of slightly moved shapes, GJK started from the previous
    /// query's direction gives the same distance as a cold start (from the centers) and, in total,
    /// no more support evaluations.
    ///
    /// The case where the saving must hold: a point in the Voronoi region of an obtuse triangle's
    /// vertex `a`, whose centroid direction first picks another vertex (`c`): a cold start needs at
    /// least three evaluations. The previous answer's direction `a − p` lies in `a`'s normal cone
    /// as long as the point stays in `a`'s region, so the warm start's first support point is the
    /// closest one and its second only confirms it: two evaluations, the least any run makes.
    #[test]
    fn warm_start_saves_iterations_on_a_moving_pair() {
        let p = Point3::new;
        let tri = Triangle::new(p(0.0, 0.0, 0.0), p(10.0, 0.0, 0.0), p(-1.0, 1.0, 0.0));
        let (mut cold_total, mut warm_total) = (0, 0);
        let mut prev: Option<Vector3<f64>> = None;
        for k in 0..50 {
            let t = f64::from(k) * 0.01;
            let q = p(-1.0 + 0.3 * t, -3.0 + t, 0.5 - 0.2 * t);
            let cold = gjk(&tri, &q, None, 64);
            let warm = gjk(&tri, &q, prev, 64);
            let want = (q - tri.a).norm();
            assert!((cold.closest.distance - want).abs() <= 1e-12, "step {k}: {cold:?}");
            assert!((warm.closest.distance - want).abs() <= 1e-12, "step {k}: {warm:?}");
            assert!(cold.iterations >= 3, "step {k}: the cold start is not the intended case");
            if k > 0 {
                assert_eq!(warm.iterations, 2, "step {k}: {warm:?}");
            }
            cold_total += cold.iterations;
            warm_total += warm.iterations;
            prev = Some(warm.direction);
        }
        assert!(warm_total < cold_total, "warm {warm_total}, cold {cold_total}");

        // Curved shapes (a capsule turning past a cylinder): GJK converges linearly there, and a
        // warm start from the previous direction begins within the step's small angle of the
        // answer.
        let cyl = osculate_math::Cylinder::new(p(0.0, 0.0, -1.0), p(0.0, 0.0, 1.0), 0.8);
        let (mut cold_total, mut warm_total) = (0, 0);
        let mut prev: Option<Vector3<f64>> = None;
        for k in 0..50 {
            let angle = f64::from(k) * 0.02;
            let (s, c) = angle.sin_cos();
            let end = p(2.0 * c, 2.0 * s, 0.3);
            let cap = Capsule::new(end, end + Vector3::new(1.0 + c, 0.5, 1.5 - s), 0.4);
            let cold = gjk(&cyl, &cap, None, 64);
            let warm = gjk(&cyl, &cap, prev, 64);
            let d = cold.closest.distance;
            assert!(
                (warm.closest.distance - d).abs() <= 4.0 * gjk_tolerance::<f64>() * d + 1e-12,
                "step {k}: warm {warm:?}, cold {cold:?}"
            );
            cold_total += cold.iterations;
            warm_total += warm.iterations;
            prev = Some(warm.direction);
        }
        assert!(warm_total <= cold_total, "curved: warm {warm_total}, cold {cold_total}");
    }

    /// Found by the GJK motion property (`tests/it/pairs.rs`, sphere-AABB, f64, about one case in
    /// 100,000): a ball 1.48e-3 from a box, both ~1e4 from the origin, moved by a rigid motion,
    /// was reported overlapping. The vertices `w = a − b` are of size ~1 there, but each carries
    /// the rounding of support points of size 1e4: the termination and the tetrahedron's
    /// flatness test measured rounding against the vertices, so GJK went on adding noise until a
    /// tetrahedron 1e-12 thin "held" the origin. Both now measure it against the support points.
    #[test]
    fn far_sphere_and_box_under_motion_stay_apart() {
        use crate::support::Transformed;
        use osculate_math::nalgebra::Quaternion;
        use osculate_math::{Isometry3, Translation3, UnitQuaternion};
        let p = Point3::new;
        let a = Sphere::new(
            p(7873.496354467422_f64, 3128.419700933729, -5311.299063038478),
            0.8626169454450795,
        );
        let b = Aabb::new(
            p(7873.2106820149265, 3127.3618824561167, -5311.08010869831),
            p(7875.098114840587, 3127.5838022347957, -5310.713407228359),
        );
        let q = UnitQuaternion::new_unchecked(Quaternion::new(
            0.9509421406692878,
            -0.27574776200171014,
            -0.08935808383381713,
            -0.10810804643461637,
        ));
        let m = Isometry3::from_parts(
            Translation3::new(0.03722123371110264, -8.468147881775794, -8.244438359991111),
            q,
        );
        let plain = gjk(&a, &b, None, 64);
        let moved =
            gjk(&Transformed { shape: a, pose: m }, &Transformed { shape: b, pose: m }, None, 64);
        // The closed form: the center's distance to the box (Ericson 5.1.3) less the radius.
        let want = crate::sq_distance_point_aabb(&a.center, &b).sqrt() - a.radius;
        for r in [plain, moved] {
            assert_eq!(r.status, GjkStatus::Separated, "{r:?}");
            assert!((r.closest.distance - want).abs() <= 1e-9, "{r:?} vs {want}");
        }
    }
}
