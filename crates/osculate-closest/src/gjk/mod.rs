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
//! sub-algorithm's rounding turned `v` by up to 0.02 rad and GJK stopped short. For f64 input a
//! face's nearest point is the origin's projection along the face's normal, whose direction
//! does not carry the cancellation of a weighted sum of far vertices (see
//! `simplex::nearest_point`); GJK's termination counts the rounding `v` keeps (see
//! `Simplex::v_rounding` and the distance loop), and a run whose last support point does not
//! prove the shapes apart beyond it reports them touching.
//!
//! Spheres and capsules (and Minkowski sums with them) are handled with margins (van den Bergen
//! ch. 4): GJK runs on their cores (a point, a segment) and the radii are subtracted.
//!
//! Files: `simplex.rs` (the simplex and its sub-algorithm), `distance.rs` (the distance and
//! closest points), `intersect.rs` (the boolean test with a separating-axis exit), `cast.rs` (the
//! GJK ray cast: translational time of impact).

mod cast;
mod distance;
mod intersect;
mod simplex;

pub use self::cast::{ConvexCast, cast_convex};
pub use self::distance::{
    ConvexDistance, DistanceStatus, GjkCache, closest_points_convex, distance_convex,
    distance_convex_cached, distance_convex_rough, distance_convex_within,
};
#[cfg(feature = "alloc")]
pub(crate) use self::distance::{Margins, gjk_run};
pub use self::intersect::intersect_convex;
pub(crate) use self::simplex::Vertex;

use osculate_math::{Point3, Real, Vector3};

use crate::support::SupportMap;

/// The iteration bound [`closest_points_convex`], [`contact_convex`](crate::contact_convex) and
/// the facade's GJK fallbacks use. Polytopes (and spheres and capsules, whose cores are) converge
/// in a few steps; pairs of curved shapes (cylinders, cones) converge linearly: over 9.6 million
/// random cases of the GJK answer properties (48 properties × 200,000, f32 and f64, unit,
/// 1e-4 and 1e4 scales) the most was 66 steps, and 41 or more once in about 4,000, each step past
/// 40 about 15% rarer than the one before; the bound is about twice that tail.
///
/// # Examples
/// ```
/// use osculate_closest::{GJK_MAX_ITERATIONS, DistanceStatus, distance_convex};
/// use osculate_math::{Cone, Cylinder, Point3, Vector3};
///
/// let cyl = Cylinder::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0), 1.0);
/// // The cone's base, in the plane x = 1, touches the cylinder's side along a segment: GJK
/// // converges to touching (overlapping, distance 0) within the bound.
/// let cone = Cone::new(Point3::new(3.0, 0.5, 1.0), -Vector3::x_axis(), 2.0, 1.0);
/// let r = distance_convex(&cyl, &cone, None, GJK_MAX_ITERATIONS);
/// assert_eq!(r.status, DistanceStatus::Overlapping);
/// assert!(r.iterations < GJK_MAX_ITERATIONS);
/// // A quarter apart.
/// let cone = Cone::new(Point3::new(3.25, 0.5, 1.0), -Vector3::x_axis(), 2.0, 1.0);
/// let r = distance_convex(&cyl, &cone, None, GJK_MAX_ITERATIONS);
/// assert_eq!(r.status, DistanceStatus::Separated);
/// assert!((r.closest.distance - 0.25).abs() < 1e-9 && r.iterations < GJK_MAX_ITERATIONS);
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
/// direction of `v` is noise (a ball resting on a box face ended "separated" at 6.8e-16 and `contact_convex` took the noise
/// as its normal, (0.16, 0.16, 0.97) for +z): the shapes touch, and GJK says overlapping.
#[inline]
fn at_origin<T: Real>(vv: f64, scale: T) -> bool {
    let r = 8.0 * T::EPSILON.to_f64() * scale.to_f64();
    vv <= r * r
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
    #[inline]
    fn is_valid_input(&self) -> bool {
        self.0.is_valid_input()
    }
}
