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
//! region. It runs in f64 for f32 input as well (the vertices are exact in f64), with each
//! triangle turned so its face formula works at the vertex opposite the longest edge: near
//! convergence on a curved shape the simplex is a sliver beside the origin, where the f32
//! sub-algorithm's rounding turned `v` by up to 0.02 rad and GJK stopped short.
//!
//! Spheres and capsules (and Minkowski sums with them) are handled with margins (van den Bergen
//! ch. 4): GJK runs on their cores (a point, a segment) and the radii are subtracted.

use osculate_math::{Point3, Real, Segment, Triangle, Vector3, is_finite_vector};

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

    /// The point of the simplex closest to the origin (in f64, see below) and its weights, zero
    /// off the smallest face holding it. Returns `None` when the origin is inside a full
    /// (tetrahedral) simplex, whose weights it then sets. `scale` bounds the magnitude of the support points the vertices are differences of (their
    /// rounding is a few ε times it).
    ///
    /// The arithmetic is f64 whatever `T` is (exact on f32 vertices): near convergence on a
    /// curved shape the simplex is a sliver beside the origin, and the f32 sub-algorithm's
    /// rounding there turned `v` by up to 0.02 rad, so the support along `−v` left the simplex no
    /// nearer and GJK stopped 2.3e-4 short at the unit scale (sphere-triangle, distance 2e-5;
    /// `sliver_simplex_near_a_flat_face_still_converges_f32`). The flatness tolerance is the
    /// arithmetic's (f64): the signs are those of the vertices as given, which f64 gets right
    /// down to its own rounding (with f32's, at 1e4 every tetrahedron thinner than 0.1 counted as
    /// flat, and two f32 boxes overlapping by 0.016 there were reported that far apart). The
    /// tolerance that the inside weights reproduce the origin stays `T`'s GJK tolerance: the
    /// vertices carry `T`'s rounding.
    ///
    /// An outside answer is returned with its weights and not yet applied: the caller keeps it
    /// ([`Simplex::keep`]) only when it makes progress, and otherwise drops the newest vertex
    /// (`len − 1`) to get the previous simplex back unchanged, without saving a copy of it each
    /// step (that copy was 4.6% of a cylinder-cone pair's GJK, callgrind).
    fn closest(&mut self, scale: T) -> Option<(Vector3<f64>, [T; 4])> {
        let w: [Vector3<f64>; 4] = core::array::from_fn(|i| self.v[i].w.map(Real::to_f64));
        match sub_algorithm(
            &w[..self.len],
            scale.to_f64(),
            f64::RELATIVE_TOLERANCE,
            gjk_tolerance::<T>().to_f64(),
            T::EPSILON.to_f64() < 1e-10,
        ) {
            SubResult::Inside(lambda) => {
                self.weight = lambda.map(T::lit);
                None
            }
            SubResult::Outside(weights) => {
                // `v` from the f64 weights and vertices: summed in f32 its rounding, ε times
                // the vertices' magnitude, would turn a small `v` again.
                let v = (0..self.len).fold(Vector3::zeros(), |s, i| s + w[i] * weights[i]);
                Some((v, weights.map(T::lit)))
            }
        }
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

/// What the sub-algorithm found: the origin inside the tetrahedron with these barycentric
/// coordinates, or outside with the weights of its closest point (zero off the smallest face
/// holding it).
enum SubResult {
    Inside([f64; 4]),
    Outside([f64; 4]),
}

/// The closest point of a triangle to the origin ([`closest_point_on_triangle_barycentric`],
/// Ericson 5.1.5) with the triangle turned so that its first vertex is the one opposite the longest
/// edge: the face formula takes its cross products at that vertex, where the angle is the
/// largest and the barycentrics' relative error `ε / sin θ` the least (at a sliver's sharp vertex
/// it is 100 times worse). Returns the barycentric weights in the given order and the point.
/// `turn: false` keeps the order: for f32 vertices the f64 arithmetic is accurate enough at any
/// vertex (`ε_64 / sin θ` is far below f32's rounding), and the turn costs about 6% of a box
/// pair's GJK (callgrind).
#[inline]
fn triangle_weights(w: [Vector3<f64>; 3], turn: bool) -> ([f64; 3], Vector3<f64>) {
    if !turn {
        let tri = Triangle::new(Point3::from(w[0]), Point3::from(w[1]), Point3::from(w[2]));
        let c = closest_point_on_triangle_barycentric(&Point3::origin(), &tri);
        return (c.barycentric, c.point.coords);
    }
    let opposite =
        [(w[1] - w[2]).norm_squared(), (w[2] - w[0]).norm_squared(), (w[0] - w[1]).norm_squared()];
    let k = if opposite[0] >= opposite[1] && opposite[0] >= opposite[2] {
        0
    } else if opposite[1] >= opposite[2] {
        1
    } else {
        2
    };
    let (i, j) = ((k + 1) % 3, (k + 2) % 3);
    let tri = Triangle::new(Point3::from(w[k]), Point3::from(w[i]), Point3::from(w[j]));
    let c = closest_point_on_triangle_barycentric(&Point3::origin(), &tri);
    let mut out = [0.0; 3];
    out[k] = c.barycentric[0];
    out[i] = c.barycentric[1];
    out[j] = c.barycentric[2];
    (out, c.point.coords)
}

/// The sub-algorithm on `w` (1 to 4 vertices): the origin's closest point's weights, or the
/// origin inside the tetrahedron. `scale` is the support points' magnitude, `relative` and `gjk`
/// the input type's relative and GJK tolerances; `turn`: see [`triangle_weights`].
#[inline]
fn sub_algorithm(w: &[Vector3<f64>], scale: f64, relative: f64, gjk: f64, turn: bool) -> SubResult {
    let point =
        |weights: &[f64]| w.iter().zip(weights).fold(Vector3::zeros(), |s, (x, l)| s + x * *l);
    match w.len() {
        1 => SubResult::Outside([1.0, 0.0, 0.0, 0.0]),
        2 => {
            let t = Segment::new(Point3::from(w[0]), Point3::from(w[1]))
                .closest_parameter(&Point3::origin());
            SubResult::Outside([1.0 - t, t, 0.0, 0.0])
        }
        3 => {
            let ([a, b, c], _) = triangle_weights([w[0], w[1], w[2]], turn);
            SubResult::Outside([a, b, c, 0.0])
        }
        _ => {
            // Faces with their opposite vertex, listed as even permutations of (0, 1, 2, 3) with
            // that vertex last: the opposite vertex's orientation over face k is `sign[k] · vol`
            // (alternating), one determinant instead of four. The origin is inside when it is on
            // the opposite vertex's side of every face.
            let faces = [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)];
            let sign = [1.0, -1.0, 1.0, -1.0];
            let normals = faces.map(|(a, b, c, _)| (w[b] - w[a]).cross(&(w[c] - w[a])));
            let vol = normals[0].dot(&(w[3] - w[0]));
            // Near convergence the new vertex is nearly coplanar with the triangle: a sliver
            // whose orientation signs are rounding noise. Flat up to rounding, it has no
            // inside: every face is measured. Flat: a volume below a relative tolerance of
            // the edge lengths' product, or a thickness (the smallest height, the volume
            // over the largest face) below the rounding of the vertices, 128 ε times the
            // support points' magnitude — which far from the origin is much larger than the
            // vertices themselves (found by the GJK motion property: a sphere 1.5e-3 from a
            // box 1e4 from the origin, in f64, reported overlapping when moved).
            let largest_face =
                sqrt(normals.iter().map(Vector3::norm_squared).fold(0.0, f64::fast_max));
            let flat = vol.abs()
                <= relative * (w[1] - w[0]).norm() * (w[2] - w[0]).norm() * (w[3] - w[0]).norm()
                || vol.abs() <= relative * scale * largest_face;
            // The origin's orientation over each face, and whether it is in front of it (or
            // the tetrahedron is flat): then the origin is outside.
            let sp: [f64; 4] = core::array::from_fn(|k| -normals[k].dot(&w[faces[k].0]));
            let front: [bool; 4] = core::array::from_fn(|k| {
                let so = sign[k] * vol;
                flat || so == 0.0 || sp[k] * so < 0.0
            });
            if !front.iter().any(|&f| f) {
                // Inside: with these weights `Σ λᵢ aᵢ = Σ λᵢ bᵢ` (up to rounding), a point
                // both shapes share, which the overlapping answer reports. The weight of the
                // vertex opposite a face is the ratio of the signed volumes over that face.
                // The weights are trusted only when they reproduce the origin (`|Σ λᵢ wᵢ|`
                // within the GJK tolerance of the support points' magnitude; an f64 box and
                // ball overlapping at the unit scale, moved 10 away, reproduce it to 2.9e-13
                // of 9.4, 1,300 ε, so 128 ε is too tight): a tetrahedron of two tight clusters
                // of vertices passes the flatness tests, but its signs and weights are noise
                // (found by the GJK answer property, capsule-OBB in f32: weights 7.6e-3 off
                // the origin, a "shared" point 3.8e-3 outside the box). Otherwise the origin
                // is taken as outside and the nearest of all four faces stands.
                let mut inside = [0.0; 4];
                for (k, &(_, _, _, d)) in faces.iter().enumerate() {
                    inside[d] = sp[k] / (sign[k] * vol);
                }
                let sum = inside.iter().sum::<f64>();
                if sum > 0.0 {
                    let lambda = inside.map(|x| x / sum);
                    if point(&lambda).norm() <= gjk * scale {
                        return SubResult::Inside(lambda);
                    }
                }
            }
            // Outside the solid its closest point is on a face the origin is in front of (the
            // normal cone at the closest point is spanned by the normals of the faces through
            // it, Ericson 5.1.6): those faces are measured, and any face whose orientation is
            // within its rounding of zero (16 ε of the product of its edges and the vertex's
            // magnitude; compared squared, an overflow measures the face), whose sign is not
            // to be trusted. A flat tetrahedron, or an inside that did not reproduce the
            // origin, measures all four.
            let all = !front.iter().any(|&f| f) || flat;
            let mut best: Option<(f64, [f64; 4])> = None;
            for (k, &(a, b, c, _)) in faces.iter().enumerate() {
                let noise = 256.0
                    * f64::EPSILON
                    * f64::EPSILON
                    * (w[b] - w[a]).norm_squared()
                    * (w[c] - w[a]).norm_squared()
                    * w[a].norm_squared();
                if !(all || front[k] || sp[k] * sp[k] <= noise) {
                    continue;
                }
                let (tw, at) = triangle_weights([w[a], w[b], w[c]], turn);
                let d2 = at.norm_squared();
                if best.is_none_or(|(bd, _)| d2 < bd) {
                    let mut full = [0.0; 4];
                    full[a] = tw[0];
                    full[b] = tw[1];
                    full[c] = tw[2];
                    best = Some((d2, full));
                }
            }
            // At least one face was measured, so `best` is set; its weights are finite for
            // finite vertices.
            SubResult::Outside(best.map_or([1.0, 0.0, 0.0, 0.0], |(_, weights)| weights))
        }
    }
}

/// The fraction of the vertices' magnitude (the size of `A − B` near the origin) below which the
/// termination's relative tolerance applies to it instead of to the distance: a distance a
/// thousandth of the shapes' size or less is found to `tol / 1000` of their size (f64: 675 ε of
/// it), not to `tol` of itself. Curved pairs converge linearly, and so slowly on nearly touching
/// rims that the relative test alone took 69 steps on two cylinders 3.3e-9 apart at the 1e-4
/// scale (`nearly_touching_cylinders_converge_within_the_bound`).
const SIZE_FLOOR_F64: f64 = 1e-3;

/// The iteration bound [`closest_points_convex`], [`contact_convex`](crate::contact_convex) and
/// the facade's GJK fallbacks use. Polytopes (and spheres and capsules, whose cores are) converge
/// in a few steps; pairs of curved shapes (cylinders, cones) converge linearly: over 9.6 million
/// random cases of the GJK answer properties (48 properties × 200,000, f32 and f64, unit,
/// 1e-4 and 1e4 scales) the most was 66 steps, and 41 or more once in about 4,000, each step past
/// 40 about 15% rarer than the one before. 128 leaves that tail room.
///
/// # Examples
/// ```
/// use osculate_closest::{GJK_MAX_ITERATIONS, GjkStatus, gjk};
/// use osculate_math::{Cone, Cylinder, Point3, Vector3};
///
/// let cyl = Cylinder::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0), 1.0);
/// let cone = Cone::new(Point3::new(3.0, 0.5, 1.0), -Vector3::x_axis(), 2.0, 1.0);
/// let r = gjk(&cyl, &cone, None, GJK_MAX_ITERATIONS);
/// assert_eq!(r.status, GjkStatus::Separated);
/// assert!(r.iterations < GJK_MAX_ITERATIONS);
/// ```
pub const GJK_MAX_ITERATIONS: usize = 128;

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

/// `√x` through [`Real`] (f64's own `sqrt` needs `std`; this works under `no_std` with `libm`).
#[inline]
fn sqrt<T: Real>(x: T) -> T {
    x.sqrt()
}

/// The rounding error of `v·w` for `|v| = d` and support points of coordinates up to `scale`,
/// in the input type `T` (the GJK state is f64, its inputs carry `T`'s rounding): 8 ε |v| scale
/// (three products and two sums, with room).
#[inline]
fn rounding<T: Real>(d: f64, scale: T) -> f64 {
    8.0 * T::EPSILON.to_f64() * d * scale.to_f64()
}

/// Whether `v` (with `|v|² = vv`) is the origin up to the rounding of support points of
/// coordinates up to `scale`: `|v| ≤ 8 ε scale`, the bound [`rounding`] uses. Below it the
/// direction of `v` is noise (found by `touching_shapes_give_depth_zero_and_the_face_normal`: a
/// ball resting on a box face ended "separated" at 6.8e-16 and `contact_convex` took the noise
/// as its normal, (0.16, 0.16, 0.97) for +z): the shapes touch, and GJK says overlapping.
#[inline]
fn at_origin<T: Real>(vv: f64, scale: T) -> bool {
    let r = 8.0 * T::EPSILON.to_f64() * scale.to_f64();
    vv <= r * r
}

/// Whether a converged distance `gap` counts as touching for [`gjk_intersect`]: within the GJK
/// tolerance of the vertices' magnitude `wscale`, or within the rounding of support points of
/// magnitude `scale` ([`at_origin`]'s band, in which [`gjk`] reports overlap).
#[inline]
fn touching<T: Real>(gap: f64, wscale: T, scale: T) -> bool {
    gap <= (gjk_tolerance::<T>() * wscale + T::lit(8.0) * T::EPSILON * scale).to_f64()
}

/// The GJK distance between convex shapes `a` and `b` (van den Bergen's algorithm, see the module
/// documentation): their closest points and distance, or overlap.
///
/// `warm_start` is an initial search direction (e.g. the previous query's
/// [`GjkResult::direction`] for a pair that moved a little); `None` starts from the centers.
/// `max_iterations` bounds the support evaluations ([`GJK_MAX_ITERATIONS`], 128, covers the
/// measured tail: polytopes converge in a few, curved shapes linearly with the tolerance).
/// Termination: `|v|² − v·w ≤ tol·|v|·max(|v|, 10⁻³·size)` (the relative gap between the
/// distance's upper and lower bounds; `size` is the magnitude of `A − B`'s vertices, so a distance
/// below a thousandth of the shapes is found to `tol/1000` of their size), a repeated support
/// point, or no more progress in `|v|`. The simplex's closest point and `v` are computed in f64
/// for f32 input too.
///
/// Shapes with a [margin](SupportMap::margin) (spheres, capsules, sums with them) are run on
/// their cores and the margins subtracted (van den Bergen's GJK with margins): their pairs with
/// polytopes then end in a few steps with an exact answer. The witness points are the cores'
/// moved out along the cores' closest direction by each margin; cores nearer than the margins'
/// sum report overlap, with the point dividing the cores' witnesses in the margins' ratio (in
/// both shapes).
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
    let run = gjk_run(a, b, warm_start, max_iterations, Margins::Cores { stop_inside: true });
    run.result
}

/// How [`gjk_run`] treats the shapes' [margins](SupportMap::margin).
#[derive(Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    not(feature = "alloc"),
    allow(dead_code, reason = "EPA, the user of `Whole`, needs alloc")
)]
pub(crate) enum Margins {
    /// The whole shapes (EPA needs their simplex).
    Whole,
    /// The cores, with the margins subtracted from the answer. `stop_inside`: stop as
    /// overlapping as soon as the cores are nearer than the margins' sum (a distance query needs
    /// no more); otherwise the cores' distance is converged (a contact's depth is read from it).
    Cores { stop_inside: bool },
}

/// A [`gjk_run`]: the answer, the final simplex (the vertices and their count), from which EPA
/// starts when the shapes overlap, and, with [`Margins::Cores`], the cores' own answer (their
/// closest points and distance, before the margins are subtracted) and the margins.
#[cfg_attr(not(feature = "alloc"), allow(dead_code, reason = "EPA, their reader, needs alloc"))]
pub(crate) struct GjkRun<T: Real> {
    pub(crate) result: GjkResult<T>,
    pub(crate) simplex: [Vertex<T>; 4],
    pub(crate) len: usize,
    /// The cores' closest points (the simplex's witnesses) and their status.
    pub(crate) core: (Point3<T>, Point3<T>, GjkStatus),
    /// The margins of A and B used (0 with [`Margins::Whole`]).
    pub(crate) margins: (T, T),
}

/// The shape without its margin: its support mapping is the core's.
struct Core<'s, S: ?Sized>(&'s S);

impl<T: Real, S: SupportMap<T> + ?Sized> SupportMap<T> for Core<'_, S> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        self.0.core_support(dir)
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        self.0.center()
    }
}

/// [`gjk`] with the margins treated as `margins` says.
pub(crate) fn gjk_run<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    warm_start: Option<Vector3<T>>,
    max_iterations: usize,
    margins: Margins,
) -> GjkRun<T> {
    let (ma, mb) = match margins {
        Margins::Whole => (T::ZERO, T::ZERO),
        Margins::Cores { .. } => (a.margin(), b.margin()),
    };
    if ma + mb == T::ZERO {
        return gjk_loop(a, b, warm_start, max_iterations, (T::ZERO, T::ZERO), false);
    }
    let stop_inside = margins == Margins::Cores { stop_inside: true };
    gjk_loop(&Core(a), &Core(b), warm_start, max_iterations, (ma, mb), stop_inside)
}

/// The GJK loop on `a` and `b`, whose answer is moved out by the margins `(ma, mb)`: see [`gjk`]
/// and [`gjk_run`].
fn gjk_loop<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    warm_start: Option<Vector3<T>>,
    max_iterations: usize,
    (ma, mb): (T, T),
    stop_inside: bool,
) -> GjkRun<T> {
    let tol = gjk_tolerance::<T>();
    let m = ma + mb;
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
        GjkRun {
            result: r,
            simplex: [v; 4],
            len: 0,
            core: (nan, nan, GjkStatus::Invalid),
            margins: (ma, mb),
        }
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
    // `v` is kept in f64 (the sub-algorithm's precision) and rounded to `T` only as a search
    // direction: in f32 a step's progress on a curved shape can be below `|v|`'s rounding, where
    // the f32 comparison saw none and stopped 8e-5 short at the unit scale (two cylinders, one of
    // radius 0; `progress_below_f32_rounding_still_counts`).
    let mut v64 = first.w.map(Real::to_f64);
    let mut v = first.w;
    // The magnitude of the support points: the rounding of every `w` is a few ε times it.
    let mut scale = magnitude(&first);
    // The vertices' magnitude: the size of `A − B` near the origin.
    let mut wscale = first.w.amax();
    let (tol, m64, floor) = (tol.to_f64(), m.to_f64(), SIZE_FLOOR_F64);
    let mut iterations = 1;
    let mut status = GjkStatus::IterationLimit;
    // The last direction a support point was taken along (`w = s_{A−B}(−searched)`).
    let mut searched = dir;
    while iterations < max_iterations {
        let vv = v64.norm_squared();
        // Touching or overlapping within rounding of the scale.
        if at_origin(vv, scale) {
            status = GjkStatus::Overlapping;
            break;
        }
        // The cores nearer than the margins' sum: the shapes overlap (their witnesses, points of
        // the cores within `m`, give a shared point below).
        if stop_inside && vv <= m64 * m64 {
            status = GjkStatus::Separated;
            break;
        }
        searched = v;
        let next = support(&v);
        iterations += 1;
        if !next.w.iter().all(|x| x.is_finite()) {
            return invalid(iterations);
        }
        scale = scale.fast_max(magnitude(&next));
        wscale = wscale.fast_max(next.w.amax());
        // Van den Bergen's termination: the support along −v cannot bring the lower bound
        // v·w/|v| closer to |v| than the tolerance — or than the rounding of v·w itself (a few ε
        // of |v| times the support points' magnitude), which is larger when |v| is small beside
        // the shapes: without it a curved pair 7e-7 apart at the 1e-4 scale in f32 kept adding
        // support points until a noise-thin tetrahedron "held" the origin (found by the parry
        // differential, `gjk_stops_at_rounding_on_a_tiny_curved_pair`).
        // With margins the answer is `|v| − m`, and the gap is measured against it (against `|v|`
        // a ball of radius 1 at 1e-3 from a box would stop 1.5e-5 off in f32, 1.5% of the
        // distance); near `|v| = m` the gap falls to the rounding term.
        let vw = v64.dot(&next.w.map(Real::to_f64));
        let d = sqrt(vv);
        let gap =
            tol * d * if m64 > 0.0 { (d - m64).abs() } else { d }.fast_max(floor * wscale.to_f64());
        if vv - vw <= gap + rounding(d, scale) {
            status = GjkStatus::Separated;
            break;
        }
        // A support point already in the simplex: no progress is possible.
        if (0..simplex.len).any(|i| simplex.v[i].w == next.w) {
            status = GjkStatus::Separated;
            break;
        }
        simplex.v[simplex.len] = next;
        simplex.len += 1;
        match simplex.closest(scale) {
            None => {
                status = GjkStatus::Overlapping;
                break;
            }
            Some((nv, weights)) => {
                if !(nv.norm_squared() < vv) {
                    // No progress (rounding): the previous simplex and its answer stand.
                    simplex.len -= 1;
                    status = GjkStatus::Separated;
                    break;
                }
                simplex.keep(&weights[..simplex.len]);
                v64 = nv;
                v = nv.map(T::lit);
            }
        }
    }
    let (pa, pb) = simplex.witnesses();
    let core_distance = if status == GjkStatus::Overlapping { T::ZERO } else { (pa - pb).norm() };
    if !core_distance.is_finite() {
        return invalid(iterations);
    }
    let core = (pa, pb, status);
    let (pa, pb, distance) = if status == GjkStatus::Overlapping {
        let mid = Point3::from((pa.coords + pb.coords) * T::HALF);
        (mid, mid, T::ZERO)
    } else if m > T::ZERO && core_distance <= m {
        // The cores within the margins: the point dividing their witnesses' segment in the
        // margins' ratio is within `ma` of A's core and `mb` of B's, in both shapes.
        status = GjkStatus::Overlapping;
        let p = pa + (pb - pa) * (ma / m);
        (p, p, T::ZERO)
    } else if m > T::ZERO {
        // The witnesses moved out along the cores' closest direction by each margin.
        let n = (pb - pa) / core_distance;
        (pa + n * ma, pb - n * mb, core_distance - m)
    } else {
        (pa, pb, core_distance)
    };
    // With `v` at the origin (within rounding) its direction is noise: the last search direction
    // is reported instead. When the simplex is the single support point found along it at the
    // origin (shapes touching at their first support points, e.g. two boxes face to face), `−v`
    // over `A − B` is at most its value at that point, 0: `−searched` is the normal of a plane
    // through the origin supporting `A − B`, a contact normal from A to B.
    let direction = if at_origin(v64.norm_squared(), scale) { searched } else { v };
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
    GjkRun { result: r, simplex: simplex.v, len: simplex.len, core, margins: (ma, mb) }
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
    let (ma, mb) = (a.margin(), b.margin());
    if ma + mb > T::ZERO {
        intersect_loop(&Core(a), &Core(b), ma + mb, max_iterations)
    } else {
        intersect_loop(a, b, T::ZERO, max_iterations)
    }
}

/// [`gjk_intersect`] on shapes `a` and `b` (the cores) grown by `m` (their margins' sum): they
/// overlap when the cores are within `m`.
fn intersect_loop<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    m: T,
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
    // `v` in f64, as in `gjk`.
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
        // as `gjk` counts a `v` within the rounding of the origin: without the rounding term, far
        // from the origin in f32 this said apart where `gjk` found the shapes touching).
        // With margins: the support plane along `−v` is farther than `m` from the origin.
        let d = sqrt(vv);
        if vw - m * d > (tol * vv).fast_max(rounding(d, scale)) {
            return false;
        }
        if vv - vw <= tol * vv + rounding(d, scale)
            || (0..simplex.len).any(|i| simplex.v[i].w == next.w)
        {
            // Converged on a (near-)touching distance: touching counts as overlapping, within the
            // tolerance and the rounding `gjk` counts as touching (`at_origin`; without it, at
            // 1e4 in f32 `gjk` said overlapping where this said apart).
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

/// The result of [`gjk_cast`]: the first contact of two convex shapes, one translating relative
/// to the other.
///
/// # Examples
/// ```
/// use osculate_closest::gjk_cast;
/// use osculate_math::{Aabb, Point3, Vector3};
///
/// let a = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let b = Aabb::new(Point3::new(3.0, 0.0, 0.0), Point3::new(4.0, 1.0, 1.0));
/// let hit = gjk_cast(&a, &b, &Vector3::new(4.0, 0.0, 0.0), 64).unwrap();
/// assert!((hit.toi - 0.5).abs() < 1e-12 && hit.converged);
/// assert!((hit.normal - Vector3::x()).norm() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GjkCast<T: Real> {
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
    /// Whether the cast ended within its tolerance (`false`: the iteration bound was reached
    /// first, and `toi` is only a lower bound on the contact, which may not happen at all).
    pub converged: bool,
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
/// its closest point is computed in f64 by the same sub-algorithm as [`gjk`]. Shapes with
/// [margins](SupportMap::margin) are cast on their cores against the obstacle grown by the
/// margins' sum (the planes offset by it), which ends in a few steps for spheres and capsules.
///
/// The cast stops when `x` is within `tol · size` of the obstacle, `tol` being [`gjk`]'s relative
/// tolerance (1.5e-5 in f32, 1.5e-10 in f64) and `size` the extent of the simplex around `x`, or
/// within the rounding of the support points (8 ε of their magnitude), or when a step from the
/// same `x` brings the simplex no nearer (on a curved boundary the support points can be too far
/// apart around `x` for the simplex to get within the tolerance in floating point). The time is a lower bound
/// on the first contact; the contact is within that distance after it, along the motion.
///
/// Returns `None` when the shapes do not touch for any `t ∈ [0, 1]` (a zero `motion` included,
/// unless they touch at the start), or when a support point or the motion is not finite.
/// `max_iterations` bounds the support evaluations ([`GJK_MAX_ITERATIONS`] covers curved pairs);
/// at the bound the cast returns its lower bound with `converged: false`.
///
/// # Examples
/// ```
/// use osculate_closest::gjk_cast;
/// use osculate_math::{Cone, Cylinder, Point3, Vector3};
///
/// // A cylinder of radius 1 around the z axis slides along x toward a cone's tip at x = 5.
/// let cyl = Cylinder::new(Point3::new(0.0_f64, 0.0, -1.0), Point3::new(0.0, 0.0, 1.0), 1.0);
/// let cone = Cone::new(Point3::new(5.0, 0.0, 0.0), Vector3::x_axis(), 2.0, 1.0);
/// let hit = gjk_cast(&cyl, &cone, &Vector3::new(8.0, 0.0, 0.0), 128).unwrap();
/// assert!((hit.toi - 0.5).abs() < 1e-9 && hit.converged); // the side reaches the tip, 4 away
/// assert!(gjk_cast(&cyl, &cone, &Vector3::new(0.0, 8.0, 0.0), 128).is_none());
/// ```
#[must_use]
pub fn gjk_cast<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    motion: &Vector3<T>,
    max_iterations: usize,
) -> Option<GjkCast<T>> {
    let (ma, mb) = (a.margin(), b.margin());
    if ma + mb > T::ZERO {
        cast_loop(&Core(a), &Core(b), motion, (ma, mb), max_iterations)
    } else {
        cast_loop(a, b, motion, (T::ZERO, T::ZERO), max_iterations)
    }
}

/// [`gjk_cast`] on shapes `a` and `b` (the cores) grown by the margins `(ma, mb)`.
fn cast_loop<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    motion: &Vector3<T>,
    (ma, mb): (T, T),
    max_iterations: usize,
) -> Option<GjkCast<T>> {
    let w64 = |p: &Vector3<T>| p.map(Real::to_f64);
    // The ray, in f64 like the rest of the state: from the origin along −motion.
    let r = -w64(motion);
    if !r.iter().all(|x| x.is_finite()) {
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
    let mut simplex = Simplex { v: [blank; 4], weight: [T::ZERO; 4], len: 0 };
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
                    // previous simplex and its answer stand, as in `gjk`.
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
    ok.then_some(GjkCast { toi, point, normal, converged, iterations })
}

/// `max |x − p|` over the coordinates, `p` a vertex of the obstacle in `T`.
#[inline]
fn seen_amax<T: Real>(x: &Vector3<f64>, p: &Vector3<T>) -> f64 {
    (x - p.map(Real::to_f64)).amax()
}

/// [`gjk`] as a [`ClosestPoints`] query with the default bound of [`GJK_MAX_ITERATIONS`]: the closest
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
    gjk(a, b, None, GJK_MAX_ITERATIONS).closest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pair::{closest_points_segment_segment, closest_points_sphere_sphere};
    use crate::{closest_point_on_triangle, contact_sphere_obb};
    use osculate_math::{Aabb, Capsule, Obb, Sphere, Tetrahedron};
    use osculate_testing::{Pair, test_tolerance};

    /// Worked cases of [`gjk_cast`], each with its answer by hand: boxes face to face, spheres
    /// (margins: exact in a few steps), a capsule reaching a box's edge, a cylinder's rim meeting
    /// a cone's slant; misses (moving apart, passing by, stopping short, a zero motion); contact
    /// at the start; NaN.
    fn cast_worked_cases<T: Real>() {
        #[track_caller]
        fn found<T: Real>(r: Option<GjkCast<T>>) -> GjkCast<T> {
            match r {
                Some(h) => h,
                None => panic!("no contact found"),
            }
        }
        let l = |x: f64| T::lit(x);
        let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
        let v = |x: f64, y: f64, z: f64| Vector3::new(l(x), l(y), l(z));
        let tol = test_tolerance::<T>() * l(10.0);
        let near = |a: T, b: f64| (a - l(b)).abs() <= tol * l(1.0 + b.abs());
        let unit_box = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        // Boxes: B's face at x = 3, A's at x = 1; a motion of 4 along x closes 2 at t = 0.5.
        let b = Aabb::new(p(3.0, 0.2, 0.3), p(4.0, 1.2, 1.3));
        let hit = found(gjk_cast(&unit_box, &b, &v(4.0, 0.0, 0.0), GJK_MAX_ITERATIONS));
        assert!(near(hit.toi, 0.5) && hit.converged, "{hit:?}");
        assert!((hit.normal - Vector3::x()).norm() <= tol, "{hit:?}");
        assert!(near(hit.point.x, 3.0) && hit.point.y >= l(0.2) - tol, "{hit:?}");
        // Spheres: radii 1 and 0.5, centers 6 apart along a diagonal; contact when 1.5 apart.
        let dir = v(2.0, 2.0, 1.0) / l(3.0);
        let sa = Sphere::new(p(0.0, 0.0, 0.0), l(1.0));
        let sb = Sphere::new(Point3::from(dir * l(6.0)), l(0.5));
        let hit = found(gjk_cast(&sa, &sb, &(dir * l(9.0)), GJK_MAX_ITERATIONS));
        assert!(near(hit.toi, 0.5) && hit.converged && hit.iterations <= 8, "{hit:?}");
        assert!((hit.normal - dir).norm() <= tol, "{hit:?}");
        assert!((hit.point - Point3::from(dir * l(5.5))).norm() <= tol * l(6.0), "{hit:?}");
        // A capsule (radius 0.25, axis along z) sliding along −y onto a box's top edge... here the
        // box's face y = 1, from y = 3: the surface 2.75 away over a motion of 5.5.
        let cap = Capsule::new(p(0.5, 3.0, 0.2), p(0.5, 3.0, 0.8), l(0.25));
        let hit = found(gjk_cast(&cap, &unit_box, &v(0.0, -5.5, 0.0), GJK_MAX_ITERATIONS));
        assert!(near(hit.toi, 1.75 / 5.5) && hit.converged, "{hit:?}");
        assert!((hit.normal + Vector3::y()).norm() <= tol, "{hit:?}");
        // A cylinder (radius 1 around z, |z| ≤ 0.5) sliding along +x toward a cone whose tip is
        // at x = 4 pointing back at it (axis +x, height 2, radius 2: every other cone point is
        // farther along x than the tip is from the cylinder's side at x = 1): contact after 3, so
        // a motion of 2 misses and one of 6 hits at t = 0.5.
        let cyl = osculate_math::Cylinder::new(p(0.0, 0.0, -0.5), p(0.0, 0.0, 0.5), l(1.0));
        let cone = osculate_math::Cone::new(p(4.0, 0.0, 0.0), Vector3::x_axis(), l(2.0), l(2.0));
        assert!(gjk_cast(&cyl, &cone, &v(2.0, 0.0, 0.0), GJK_MAX_ITERATIONS).is_none());
        let hit = found(gjk_cast(&cyl, &cone, &v(6.0, 0.0, 0.0), GJK_MAX_ITERATIONS));
        assert!(near(hit.toi, 0.5) && hit.converged, "{hit:?}");
        // Misses: moving apart, passing by, stopping short, not moving.
        for m in [v(-4.0, 0.0, 0.0), v(0.0, 4.0, 0.0), v(1.5, 0.0, 0.0), v(0.0, 0.0, 0.0)] {
            assert!(gjk_cast(&unit_box, &b, &m, GJK_MAX_ITERATIONS).is_none(), "{m:?}");
        }
        // Overlapping or touching at the start: time 0, no normal, a shared point.
        let c = Aabb::new(p(0.5, 0.5, 0.5), p(2.0, 2.0, 2.0));
        let touching = Aabb::new(p(1.0, 0.0, 0.0), p(2.0, 1.0, 1.0));
        for other in [c, touching] {
            for m in [v(1.0, 0.0, 0.0), v(0.0, 0.0, 0.0), v(-1.0, 2.0, 0.0)] {
                let hit = found(gjk_cast(&unit_box, &other, &m, GJK_MAX_ITERATIONS));
                assert!(hit.toi == l(0.0) && hit.normal == Vector3::zeros(), "{hit:?}");
                let q = hit.point;
                assert!(q.iter().all(|x| *x >= -tol && *x <= l(1.0) + tol), "{hit:?}");
            }
        }
        // NaN and infinite input: no answer.
        let bad = Aabb::new(p(f64::NAN, 0.0, 0.0), p(1.0, 1.0, 1.0));
        assert!(gjk_cast(&bad, &b, &v(4.0, 0.0, 0.0), GJK_MAX_ITERATIONS).is_none());
        for x in [T::NAN, T::INFINITY] {
            let m = Vector3::new(x, l(0.0), l(0.0));
            assert!(gjk_cast(&unit_box, &b, &m, GJK_MAX_ITERATIONS).is_none());
        }
        // The iteration bound: a lower bound, not converged.
        let hit = gjk_cast(&cyl, &cone, &v(6.0, 0.0, 0.0), 2);
        assert!(hit.is_none_or(|h| !h.converged && h.toi <= l(0.5)), "{hit:?}");
    }

    /// An f64 cylinder sliding into a cone's slant: the ray's point ends on the curved boundary,
    /// where the simplex of support points around it stopped getting nearer at |v| = 8.8e-10 of
    /// the unit size, above the 1.5e-10 tolerance, and the cast ran on to the 128-step bound.
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
        let hit = gjk_cast(&cyl, &cone, &m, GJK_MAX_ITERATIONS);
        let Some(hit) = hit else { panic!("no contact found") };
        assert!(hit.converged && hit.iterations < 64, "{hit:?}");
        let at = m * hit.toi;
        let moved = crate::support::Transformed {
            shape: cyl,
            pose: Isometry3::translation(at.x, at.y, at.z),
        };
        let d = closest_points_convex(&moved, &cone).distance;
        assert!(d <= 1e-8, "distance {d} at {hit:?}");
        // And just before it, apart.
        let before = m * (hit.toi - 1e-6);
        let moved = crate::support::Transformed {
            shape: cyl,
            pose: Isometry3::translation(before.x, before.y, before.z),
        };
        assert!(closest_points_convex(&moved, &cone).distance > 0.0);
    }

    #[test]
    fn cast_worked_cases_f32() {
        cast_worked_cases::<f32>();
    }

    #[test]
    fn cast_worked_cases_f64() {
        cast_worked_cases::<f64>();
    }

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

    /// A shape's support mapping without its margin (GJK then runs on the whole shape).
    struct NoMargin<S>(S);

    impl<T: Real, S: SupportMap<T>> SupportMap<T> for NoMargin<S> {
        fn support(&self, dir: &Vector3<T>) -> Point3<T> {
            self.0.support(dir)
        }
        fn center(&self) -> Point3<T> {
            self.0.center()
        }
    }

    /// The simplex near a flat face of a curved `A − B` is a sliver beside the origin: the f32
    /// sub-algorithm turned `v` by 0.02 rad there and GJK stopped at 2.4854e-4 for 1.98e-5 (the
    /// gjk_pairs property, sphere-triangle in f32, run without the sphere's margin as it was
    /// then). In f64 with the triangle turned to its widest angle it ends within 6e-7.
    #[test]
    fn sliver_simplex_near_a_flat_face_still_converges_f32() {
        use crate::sq_distance_point_triangle;
        let ball = Sphere::new(Point3::new(-0.86495364_f32, -0.7951527, 0.0010139295), 0.8890672);
        let tri = Triangle::new(
            Point3::new(-0.049873088, 0.5160439, -0.12421342),
            Point3::new(-0.7394975, -0.05579791, 0.56824297),
            Point3::new(0.83021927, -0.24626009, -0.58733314),
        );
        let wide = Triangle::new(tri.a.cast::<f64>(), tri.b.cast::<f64>(), tri.c.cast::<f64>());
        let want = sq_distance_point_triangle(&ball.center.cast::<f64>(), &wide).sqrt()
            - f64::from(ball.radius);
        let r = gjk(&NoMargin(ball), &tri, None, GJK_MAX_ITERATIONS);
        assert_eq!(r.status, GjkStatus::Separated, "{r:?}");
        assert!((f64::from(r.closest.distance) - want).abs() < 1e-6, "{r:?}, want {want}");
        // With its margin the ball is its center: a point against a triangle, exact in 3 steps.
        let r = gjk(&ball, &tri, None, GJK_MAX_ITERATIONS);
        assert!((f64::from(r.closest.distance) - want).abs() < 1e-7, "{r:?}, want {want}");
        assert!(r.iterations <= 3, "{r:?}");
    }

    /// On a curved pair a step's progress in `|v|` can be below f32's rounding of it (0.6621198
    /// then and after, for a true 0.6620398): the f32 comparison stopped 8e-5 short, the f64 `v`
    /// goes on (a cylinder and a radius-0 cylinder, the gjk_pairs property in f32).
    #[test]
    fn progress_below_f32_rounding_still_counts() {
        use osculate_math::Cylinder;
        let a = Cylinder::new(
            Point3::new(-0.0017457412_f32, 0.26911572, 0.40787065),
            Point3::new(-0.45482197, 0.1910243, -0.45614803),
            0.15335527,
        );
        let b = Cylinder::new(
            Point3::new(-0.6925105, 0.06252921, 0.7887055),
            Point3::new(-0.7291546, -0.095803216, 0.6504151),
            0.0,
        );
        let wide = |c: &Cylinder<f32>| {
            Cylinder::new(c.a.cast::<f64>(), c.b.cast::<f64>(), f64::from(c.radius))
        };
        let want = gjk(&wide(&a), &wide(&b), None, GJK_MAX_ITERATIONS);
        assert_eq!(want.status, GjkStatus::Separated, "{want:?}");
        let r = gjk(&a, &b, None, GJK_MAX_ITERATIONS);
        assert_eq!(r.status, GjkStatus::Separated, "{r:?}");
        let err = (f64::from(r.closest.distance) - want.closest.distance).abs();
        assert!(err < 1e-5, "{r:?}: {err:e} from {:?}", want.closest.distance);
    }

    /// Two cylinders 3.3e-9 apart at the 1e-4 scale (f64): the relative test alone needed 69
    /// steps, past the old bound of 64; with the size floor it ends in 58. Two others, 1.5e-7
    /// apart at that scale and 4.5e-4 at the unit scale (a cylinder and a cone), need 66 and
    /// 65 (the most measured), within [`GJK_MAX_ITERATIONS`].
    #[test]
    fn nearly_touching_cylinders_converge_within_the_bound() {
        use osculate_math::{Cone, Cylinder, Unit};
        let p = |x: f64, y: f64, z: f64| Point3::new(x, y, z);
        // Within 1e-12 of the shapes' size: the size floor's `tol/1000` (1.5e-13), with room.
        let check = |r: GjkResult<f64>, want: f64, size: f64| {
            assert_eq!(r.status, GjkStatus::Separated, "{r:?}");
            assert!((r.closest.distance - want).abs() <= 1e-12 * size, "{r:?}, want {want:e}");
        };
        let a = Cylinder::new(
            p(-1.1992413721123984e-5, 7.077041508845143e-5, 5.49444885125135e-5),
            p(-1.831932466614707e-6, 4.453733536794816e-5, 5.5770870619519955e-5),
            7.26846837660952e-5,
        );
        let b = Cylinder::new(
            p(-5.326800054484618e-5, -3.988453997472568e-5, 6.708177090805474e-5),
            p(-2.5801724526646096e-5, -6.841740273074383e-5, 0.00010808025851172321),
            8.158056966528398e-5,
        );
        // The references: 1,000 steps allowed.
        let r = gjk(&a, &b, None, GJK_MAX_ITERATIONS);
        assert!(r.iterations <= 64, "{r:?}");
        check(r, 3.282422123694808e-9, 1e-4);
        let a = Cylinder::new(
            p(5.438688279779771e-5, -6.911366220428828e-6, 9.9829166971108e-6),
            p(5.570976191136151e-5, -2.6567607296775857e-5, -3.114480680042263e-5),
            5.55950739131411e-5,
        );
        let b = Cylinder::new(
            p(-3.3153158671902494e-6, 6.226729874835784e-5, 1.7058571406165848e-5),
            p(-8.245408091675358e-6, 3.9036858345820185e-5, -9.873815828858945e-6),
            2.9932115465132932e-5,
        );
        check(gjk(&a, &b, None, GJK_MAX_ITERATIONS), 1.5247956792863532e-7, 1e-4);
        let a = Cylinder::new(
            p(0.347631721889339, -0.7485411629727241, -0.8551650346738151),
            p(0.1282480813414589, -0.6449707908935696, -1.4644705115801266),
            0.9175936250480524,
        );
        let axis = Vector3::new(0.5266981503311942, -0.8344035738762193, -0.16235681180748654);
        let b = Cone::new(
            p(0.5923261437716496, 0.9759431077381744, 0.016326530183369048),
            Unit::new_normalize(axis),
            0.8491949192709696,
            0.8146791077071148,
        );
        check(gjk(&a, &b, None, GJK_MAX_ITERATIONS), 0.0004460437201430068, 1.0);
    }

    /// Spheres and capsules run on their cores: a point (a radius-0 sphere has no margin, but
    /// the capsule does) against a capsule ends in 2 steps on the closed form's answer, where
    /// GJK on the round capsule stopped 1.3e-4 long in f32 (its progress below rounding); a ball
    /// sunk into a box gets the exact depth `m − d` along the cores' direction, with a witness
    /// on each shape.
    #[test]
    fn spheres_and_capsules_run_on_their_cores() {
        use crate::{closest_points_sphere_capsule, contact_convex};
        let a = Sphere::new(Point3::new(0.7293387_f32, 0.41285932, -0.52548856), 0.0);
        let b = Capsule::new(
            Point3::new(-0.25192955, -0.9182578, 0.43457285),
            Point3::new(0.6706611, 0.5259092, 0.27707574),
            0.27213687,
        );
        let r = gjk(&a, &b, None, GJK_MAX_ITERATIONS);
        let want = closest_points_sphere_capsule(&a, &b).distance;
        assert!((r.closest.distance - want).abs() < 1e-6, "{r:?}, want {want}");
        assert!(r.iterations <= 3, "{r:?}");
        let ball = Sphere::new(Point3::new(0.25_f64, -0.5, 1.2), 0.5);
        let cube = Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
        let Some(c) = contact_convex(&ball, &cube, 64) else {
            panic!("no contact for finite shapes");
        };
        assert!((c.distance + 0.3).abs() < 1e-12, "{c:?}");
        assert!((c.normal.into_inner() - Vector3::new(0.0, 0.0, -1.0)).norm() < 1e-12, "{c:?}");
        assert!((c.point_a - Point3::new(0.25, -0.5, 0.7)).norm() < 1e-12, "{c:?}");
        assert!((c.point_b - Point3::new(0.25, -0.5, 1.0)).norm() < 1e-12, "{c:?}");
        // Overlapping for `gjk`: one point in both shapes.
        let r = gjk(&ball, &cube, None, GJK_MAX_ITERATIONS);
        assert_eq!(r.status, GjkStatus::Overlapping);
        let p = r.closest.point_a;
        assert!((p - ball.center).norm() <= 0.5 && p.z <= 1.0, "{r:?}");
        assert!(gjk_intersect(&ball, &cube, GJK_MAX_ITERATIONS));
    }

    /// A ball touching a box within f32's rounding at 1e4 (0.282 below a face at z = 9463.621,
    /// radius 0.28212): `gjk` finds the cores within the margin (overlapping), and
    /// `gjk_intersect` must agree — it said apart while its touching band lacked the rounding of
    /// the support points (the gjk_pairs property, sphere-AABB in f32).
    #[test]
    fn touching_far_from_the_origin_agrees_with_gjk_intersect() {
        let ball = Sphere::new(Point3::new(1157.52_f32, 3017.4832, 9463.339), 0.28212214);
        let b = Aabb::new(
            Point3::new(1156.4685, 3017.003, 9463.621),
            Point3::new(1158.4436, 3017.8228, 9463.844),
        );
        let r = gjk(&ball, &b, None, GJK_MAX_ITERATIONS);
        assert_eq!(r.status, GjkStatus::Overlapping, "{r:?}");
        assert!(gjk_intersect(&ball, &b, GJK_MAX_ITERATIONS));
        assert!(gjk_intersect(&b, &ball, GJK_MAX_ITERATIONS));
    }

    /// Two f32 boxes about 6e3 from the origin that overlap (f64 GJK on the same values says so):
    /// with f32's flatness tolerance, 128 ε of the support points' magnitude, every tetrahedron
    /// thinner than 0.1 there counted as flat, the one holding the origin was measured face by
    /// face, and GJK stopped "separated" at 0.016 (`cargo xtask accuracy`, box-box far class).
    #[test]
    fn overlapping_f32_boxes_far_from_the_origin_are_found() {
        use osculate_math::{Matrix3, Rotation3};
        let frame = |c: [[f32; 3]; 3]| {
            let m = Matrix3::from_columns(&c.map(|x| Vector3::new(x[0], x[1], x[2])));
            Rotation3::from_matrix_unchecked(m)
        };
        let a = Obb::new(
            Point3::new(-6264.1494_f32, -5011.3213, 5968.871),
            frame([
                [-0.5904158, -0.3517915, 0.7263966],
                [0.64850616, 0.32899946, 0.68643963],
                [-0.48046762, 0.87635744, 0.033892542],
            ]),
            Vector3::new(0.14746094, 0.5214844, 0.22509766),
        );
        let b = Obb::new(
            Point3::new(-6265.0894, -5010.9517, 5968.4316),
            frame([
                [0.30597216, -0.9358524, 0.17481767],
                [0.91767824, 0.2410258, -0.31586874],
                [0.25347096, 0.2570734, 0.9325587],
            ]),
            Vector3::new(0.49121094, 0.53759766, 0.28076172),
        );
        let wide = |o: &Obb<f32>| {
            let r = Rotation3::from_matrix_unchecked(o.rotation.matrix().map(f64::from));
            Obb::new(o.center.cast::<f64>(), r, o.half_extents.cast::<f64>())
        };
        let want = gjk(&wide(&a), &wide(&b), None, GJK_MAX_ITERATIONS);
        assert_eq!(want.status, GjkStatus::Overlapping, "{want:?}");
        let r = gjk(&a, &b, None, GJK_MAX_ITERATIONS);
        assert_eq!(r.status, GjkStatus::Overlapping, "{r:?}");
        assert!(gjk_intersect(&a, &b, GJK_MAX_ITERATIONS));
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
        use osculate_testing::Rng;
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
