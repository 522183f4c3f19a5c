//! Rays and lines against triangles: Möller-Trumbore (1997), the watertight test of Woop, Benthin
//! and Wald (2013), and the line test of Ericson 5.3.4; one- or two-sided ([`Culling`]).

use osculate_math::{Point3, Ray, Real, Triangle, is_finite_point};
use osculate_overlap::exact::{Arith, Dyadic, Filtered, V3, cross, det3, diff, dot, exact};

use crate::boxes::wide;
use crate::plane::facing;
use crate::types::{TriangleHit, hit, valid_ray};

/// Which faces of a triangle a ray cast may hit.
///
/// # Examples
/// ```
/// use osculate_cast::{Culling, ray_triangle};
/// use osculate_math::{Point3, Ray, Triangle, Vector3};
///
/// // Counter-clockwise seen from +z: the front face looks up.
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
/// let down = Ray::new(Point3::new(0.2, 0.2, 1.0), -Vector3::z());
/// let up = Ray::new(Point3::new(0.2, 0.2, -1.0), Vector3::z());
/// assert!(ray_triangle(&down, &t, Culling::FrontOnly).is_some());
/// assert!(ray_triangle(&up, &t, Culling::FrontOnly).is_none()); // reaches the back face
/// assert!(ray_triangle(&up, &t, Culling::TwoSided).is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Culling {
    /// Both faces hit (a two-sided triangle).
    TwoSided,
    /// Only the front face hits (back faces are culled): the face `(b − a) × (c − a)` points out
    /// of, whose vertices a ray hitting it sees counter-clockwise. Rays reaching the back face miss.
    FrontOnly,
}

/// The hit on a triangle from its parameter and barycentrics.
#[inline]
fn triangle_hit<T: Real>(
    ray: &Ray<T>,
    tri: &Triangle<T>,
    t: T,
    barycentric: [T; 3],
) -> Option<TriangleHit<T>> {
    if !(T::ZERO <= t && t <= ray.max_t) {
        return None;
    }
    let hit = hit(ray, t, t, facing(&tri.normal(), &ray.direction), false)?;
    Some(TriangleHit { hit, barycentric })
}

/// The cast of `ray` against triangle `tri` by Möller and Trumbore (1997, "Fast, Minimum Storage
/// Ray/Triangle Intersection"; Ericson 5.3.6): Cramer's rule on `o + t·d = a + v(b − a) + w(c − a)`
/// with the determinant from one cross product. Fast, but not watertight: a ray through a shared
/// edge of two triangles can miss both by rounding (see [`ray_triangle_watertight`]). Edges and
/// vertices count as inside.
///
/// A collapsed triangle or a ray parallel to its plane (the determinant below
/// [`Real::DEGENERATE_SQ_TOLERANCE`] relative to `|d|·|b − a|·|c − a|`, squared: collinear vertices
/// or a ray along the plane up to rounding, where the determinant is noise) misses. `None` on a
/// miss, an invalid ray or NaN. The normal faces the ray.
///
/// # Examples
/// ```
/// use osculate_cast::{Culling, ray_triangle};
/// use osculate_math::{Point3, Ray, Triangle, Vector3};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
/// let down = Ray::new(Point3::new(0.25, 0.25, 1.0), -Vector3::z());
/// let h = ray_triangle(&down, &t, Culling::FrontOnly).unwrap();
/// assert_eq!((h.hit.t_enter, h.barycentric), (1.0, [0.5, 0.25, 0.25]));
/// let up = Ray::new(Point3::new(0.25, 0.25, -1.0), Vector3::z());
/// assert!(ray_triangle(&up, &t, Culling::FrontOnly).is_none()); // the back face
/// assert!(ray_triangle(&up, &t, Culling::TwoSided).is_some());
/// ```
#[must_use]
pub fn ray_triangle<T: Real>(
    ray: &Ray<T>,
    tri: &Triangle<T>,
    culling: Culling,
) -> Option<TriangleHit<T>> {
    // No separate validation pass: a non-finite direction or vertex makes `det` non-finite (an
    // infinite component of `e2` or `d` reaches two components of `p`, and `∞·0` is NaN), a zero
    // direction makes it zero, a non-finite origin makes `v` infinite or NaN, and `max_t < 0` or
    // NaN fails the final range test; `unit_tests::invalid_rays_miss` walks every special value
    // through every coordinate.
    let (e1, e2) = (tri.b - tri.a, tri.c - tri.a);
    let p = ray.direction.cross(&e2);
    let det = e1.dot(&p);
    // Front face: det > 0 means the ray comes against the normal e1 × e2.
    let ok = match culling {
        Culling::TwoSided => det != T::ZERO,
        Culling::FrontOnly => det > T::ZERO,
    };
    if !ok || !det.is_finite() {
        return None;
    }
    let inv = T::ONE / det;
    let s = ray.origin - tri.a;
    let v = s.dot(&p) * inv;
    if !(T::ZERO <= v && v <= T::ONE) {
        return None;
    }
    let q = s.cross(&e1);
    let w = ray.direction.dot(&q) * inv;
    if !(T::ZERO <= w && v + w <= T::ONE) {
        return None;
    }
    // det = d·(e2 × e1): below DEGENERATE_SQ_TOLERANCE relative to |d|·|e1|·|e2| (squared), the
    // triangle is collapsed or the ray runs along its plane up to rounding, and the barycentrics
    // above are rounding noise that could put a hit anywhere along the ray. Tested only here, on
    // a candidate hit: a miss never pays for the three squared lengths.
    let scale_sq = e1.norm_squared() * e2.norm_squared() * ray.direction.norm_squared();
    if det * det <= T::DEGENERATE_SQ_TOLERANCE * scale_sq {
        return None;
    }
    let t = e2.dot(&q) * inv;
    triangle_hit(ray, tri, t, [T::ONE - v - w, v, w])
}

/// The edge functions of the watertight test in `f64`, for an `f32` input whose `f32` values were
/// exactly zero (the paper's fallback: the products are then exact in double).
fn edge_functions_f64(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64) -> [f64; 3] {
    [cx * by - cy * bx, ax * cy - ay * cx, bx * ay - by * ax]
}

/// The cast of `ray` against triangle `tri` by the watertight algorithm of Woop, Benthin and Wald
/// ("Watertight Ray/Triangle Intersection", JCGT 2013): the vertices are translated to the ray's
/// origin, the axes permuted so the ray's largest direction component is `z` (winding kept), and
/// sheared so the ray becomes the `z` axis; the 2D edge functions `U, V, W` of the sheared vertices
/// then decide, and since two triangles sharing an edge compute that edge's function from the same
/// numbers with opposite signs, no ray slips between them. For an `f32` input whose edge function
/// is exactly 0 the three are recomputed in `f64`, as the paper prescribes. Edges count as inside
/// (`U, V, W ≥ 0` or all `≤ 0`).
///
/// A triangle collapsed up to rounding (`|(b − a) × (c − a)|²` at most
/// [`Real::DEGENERATE_SQ_TOLERANCE`] `|b − a|²|c − a|²`) misses: its edge functions are rounding
/// noise. (The test depends on the triangle only, so two triangles sharing an edge still leave no
/// gap between them that a ray could slip through, unless one of them is such a sliver.) `None`
/// on a miss, an invalid ray or NaN. The normal faces the ray.
///
/// # Examples
/// ```
/// use osculate_cast::{Culling, ray_triangle_watertight};
/// use osculate_math::{Point3, Ray, Triangle, Vector3};
///
/// // Two triangles sharing the diagonal of a square; a ray exactly through the diagonal hits.
/// let a = Triangle::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(1.0, 1.0, 0.0));
/// let b = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 0.0), Point3::new(0.0, 1.0, 0.0));
/// let r = Ray::new(Point3::new(0.3, 0.3, 1.0), -Vector3::z());
/// assert!(ray_triangle_watertight(&r, &a, Culling::TwoSided).is_some() || ray_triangle_watertight(&r, &b, Culling::TwoSided).is_some());
/// ```
#[must_use]
pub fn ray_triangle_watertight<T: Real>(
    ray: &Ray<T>,
    tri: &Triangle<T>,
    culling: Culling,
) -> Option<TriangleHit<T>> {
    WatertightRay::new(ray).cast(tri, culling)
}

/// [`ray_triangle_watertight`]'s parameter alone: `Some(t)` exactly when that function returns a
/// hit, with `t` its `hit.t_enter` (the same operations on the same numbers), without the hit
/// point's normal and barycentrics (what a picking loop needs to rank triangles). `None` on a
/// miss, an invalid ray, NaN or a triangle collapsed up to rounding, as there.
///
/// # Examples
/// ```
/// use osculate_cast::{Culling, ray_triangle_watertight_t};
/// use osculate_math::{Point3, Ray, Triangle, Vector3};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
/// let down = Ray::new(Point3::new(0.25, 0.25, 2.0), -Vector3::z());
/// assert_eq!(ray_triangle_watertight_t(&down, &t, Culling::TwoSided), Some(2.0));
/// // A NaN anywhere, or a collapsed triangle: no hit.
/// let nan = Ray::new(Point3::new(f64::NAN, 0.25, 2.0), -Vector3::z());
/// assert_eq!(ray_triangle_watertight_t(&nan, &t, Culling::TwoSided), None);
/// let flat = Triangle::new(t.a, t.b, Point3::new(2.0, 0.0, 0.0));
/// assert_eq!(ray_triangle_watertight_t(&down, &flat, Culling::TwoSided), None);
/// ```
#[inline]
#[must_use]
pub fn ray_triangle_watertight_t<T: Real>(
    ray: &Ray<T>,
    tri: &Triangle<T>,
    culling: Culling,
) -> Option<T> {
    WatertightRay::new(ray).cast_t(tri, culling)
}

/// [`ray_triangle_watertight`]'s hit decision alone: `true` exactly when that function returns a
/// hit (the shadow ray's question). `false` on a miss, an invalid ray, NaN or a triangle
/// collapsed up to rounding, as there; [`ray_triangle_hits_exact`] decides the same question
/// exactly.
///
/// # Examples
/// ```
/// use osculate_cast::{Culling, ray_triangle_watertight_hits};
/// use osculate_math::{Point3, Ray, Triangle, Vector3};
///
/// let t = Triangle::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
/// let up = Ray::new(Point3::new(0.25, 0.25, -1.0), Vector3::z());
/// assert!(ray_triangle_watertight_hits(&up, &t, Culling::TwoSided));
/// assert!(!ray_triangle_watertight_hits(&up, &t, Culling::FrontOnly)); // the back face
/// // A zero direction hits nothing.
/// assert!(!ray_triangle_watertight_hits(&Ray::new(up.origin, Vector3::zeros()), &t, Culling::TwoSided));
/// ```
#[inline]
#[must_use]
pub fn ray_triangle_watertight_hits<T: Real>(
    ray: &Ray<T>,
    tri: &Triangle<T>,
    culling: Culling,
) -> bool {
    WatertightRay::new(ray).hits(tri, culling)
}

/// A ray prepared for the watertight triangle test of Woop, Benthin and Wald (2013): the axis
/// permutation `(kx, ky, kz)` that makes the largest direction component `z` (winding kept) and
/// the shear `(Sx, Sy, Sz) = (d_kx/d_kz, d_ky/d_kz, 1/d_kz)` that turns the ray into the `z` axis,
/// computed once per ray, as the paper does, instead of once per triangle. A traversal casting one
/// ray against many triangles (a mesh's leaves) prepares it once and calls [`cast`], [`cast_t`]
/// or [`hits`] per triangle.
///
/// Each answer is bit for bit that of [`ray_triangle_watertight`] (and its `_t` and `_hits`
/// forms) on the ray, which call this. An invalid ray (non-finite origin or direction, a zero
/// direction, `max_t` negative or NaN) prepares without complaint and then hits nothing.
///
/// [`cast`]: WatertightRay::cast
/// [`cast_t`]: WatertightRay::cast_t
/// [`hits`]: WatertightRay::hits
///
/// # Examples
/// ```
/// use osculate_cast::{Culling, WatertightRay, ray_triangle_watertight};
/// use osculate_math::{Point3, Ray, Triangle, Vector3};
///
/// let ray = Ray::new(Point3::new(0.3, 0.2, 5.0_f64), Vector3::new(0.01, 0.02, -1.0));
/// let prepared = WatertightRay::new(&ray);
/// let fan = [
///     Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0)),
///     Triangle::new(Point3::new(0.0, 0.0, 1.0), Point3::new(1.0, 0.0, 1.0), Point3::new(0.0, 1.0, 1.0)),
/// ];
/// for tri in &fan {
///     assert_eq!(prepared.cast(tri, Culling::TwoSided), ray_triangle_watertight(&ray, tri, Culling::TwoSided));
/// }
/// // The nearest of the fan, keeping the best parameter as the bound.
/// let mut best = prepared;
/// for tri in &fan {
///     if let Some(t) = best.cast_t(tri, Culling::TwoSided) {
///         best = best.with_max_t(t);
///     }
/// }
/// assert_eq!(best.ray().max_t, 4.0);
/// // A NaN origin prepares, and hits nothing.
/// let nan = WatertightRay::new(&Ray::new(Point3::new(f64::NAN, 0.0, 5.0), -Vector3::z()));
/// assert!(!nan.hits(&fan[0], Culling::TwoSided));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WatertightRay<T: Real> {
    /// The ray as given.
    pub(crate) ray: Ray<T>,
    /// Whether the ray is usable at all (see `valid_ray`).
    pub(crate) valid: bool,
    /// The permutation: `k[0] = kx`, `k[1] = ky`, `k[2] = kz`.
    pub(crate) k: [usize; 3],
    /// The origin's coordinates in permuted order: `(o_kx, o_ky, o_kz)`.
    pub(crate) o: [T; 3],
    /// The shear `(Sx, Sy, Sz)`.
    pub(crate) s: [T; 3],
    /// A parameter up to which every point of the ray is finite: `(MAX/4) / max|d_i|` (at most
    /// `MAX`) for an origin within `MAX/4` per coordinate, −1 otherwise (see `point_bound`).
    t_safe: T,
    /// `min(max_t, t_safe)` for a valid ray with `max_t ≥ 0`, −1 otherwise: a parameter in
    /// `[0, t_fast]` needs no other range or finiteness check.
    pub(crate) t_fast: T,
}

/// The axis after `kz` in cyclic order: the `kx` of a ray whose largest component is `kz`.
const KX: [usize; 3] = [1, 2, 0];
/// The axis after `kx` in cyclic order: the `ky` of that ray.
const KY: [usize; 3] = [2, 0, 1];

/// What the watertight test keeps of a triangle the ray passes through: the scaled parameter
/// `t·det`, the determinant `det = U + V + W`, and the edge functions `U, V, W`.
struct Crossing<T> {
    t_scaled: T,
    det: T,
    uvw: [T; 3],
}

/// A parameter `t_safe` such that `o + t·d` is finite, coordinate by coordinate as rounded, for
/// every `t ∈ [0, t_safe]`: with every `|o_i| ≤ MAX/4` and `t·|d_i| ≤ t_safe·max|d_i| ≤
/// (MAX/4)(1 + ε)`, each rounded coordinate is below `MAX/2·(1 + 3ε)`. `t_safe` is
/// `(MAX/4) / max|d_i|` rounded, or `MAX` if that is larger (then `max|d_i| < 1/4` and
/// `t·|d_i| ≤ MAX/4`); −1 (no parameter) for an origin beyond `MAX/4` or NaN.
#[inline]
pub(crate) fn point_bound<T: Real>(ray: &Ray<T>) -> T {
    let (o, d) = (&ray.origin, &ray.direction);
    let quarter = T::MAX * T::lit(0.25);
    let o_max = o.x.abs().fast_max(o.y.abs()).fast_max(o.z.abs());
    let d_max = d.x.abs().fast_max(d.y.abs()).fast_max(d.z.abs());
    if o_max <= quarter { (quarter / d_max).fast_min(T::MAX) } else { -T::ONE }
}

/// Whether `tri` is collapsed up to rounding: `|(b − a) × (c − a)|²` at most
/// [`Real::DEGENERATE_SQ_TOLERANCE`] `|b − a|²|c − a|²`, or NaN there. Such a triangle misses:
/// its edge functions are noise of one sign as often as not, and their noise barycentrics put
/// the hit anywhere along the sliver's length. The test depends on the triangle alone, not on
/// the ray.
#[inline(always)]
pub(crate) fn sliver<T: Real>(tri: &Triangle<T>) -> bool {
    let (e1, e2) = (tri.b - tri.a, tri.c - tri.a);
    !(e1.cross(&e2).norm_squared()
        > T::DEGENERATE_SQ_TOLERANCE * e1.norm_squared() * e2.norm_squared())
}

impl<T: Real> WatertightRay<T> {
    /// The permutation and shear of `ray` (any ray: an invalid one then hits nothing).
    #[inline]
    #[must_use]
    pub fn new(ray: &Ray<T>) -> Self {
        let d = &ray.direction;
        // The axis of the largest |d| becomes z; x and y follow cyclically, swapped if d_z < 0 to
        // keep the winding. Chosen by integer arithmetic on the comparisons rather than by
        // branches: the dominant axis of incoherent rays is data, not a pattern a branch
        // predictor learns.
        let (ax, ay, az) = (d.x.abs(), d.y.abs(), d.z.abs());
        let x_largest = (ax >= ay) & (ax >= az);
        let kz = usize::from(!x_largest) * (1 + usize::from(ay < az));
        let (mut kx, mut ky) = (KX[kz], KY[kz]);
        if d[kz] < T::ZERO {
            core::mem::swap(&mut kx, &mut ky);
        }
        let o = &ray.origin;
        let valid = valid_ray(ray);
        let t_safe = point_bound(ray);
        Self {
            ray: *ray,
            valid,
            k: [kx, ky, kz],
            o: [o[kx], o[ky], o[kz]],
            s: [d[kx] / d[kz], d[ky] / d[kz], T::ONE / d[kz]],
            t_safe,
            t_fast: Self::fast_bound(valid, ray.max_t, t_safe),
        }
    }

    /// `t_fast` of a ray: `min(max_t, t_safe)` if it is valid and `max_t ≥ 0`, −1 otherwise
    /// (a NaN `max_t` included).
    #[inline]
    fn fast_bound(valid: bool, max_t: T, t_safe: T) -> T {
        if valid & (max_t >= T::ZERO) { max_t.fast_min(t_safe) } else { -T::ONE }
    }

    /// The ray as given (with the `max_t` of [`WatertightRay::with_max_t`], if set).
    #[inline]
    #[must_use]
    pub fn ray(&self) -> &Ray<T> {
        &self.ray
    }

    /// The same prepared ray with `max_t` replaced (the permutation and shear do not depend on it):
    /// a nearest-hit search narrows it to the best parameter found so far. Its answers are those of
    /// [`ray_triangle_watertight`] on `Ray { max_t, ..ray }`.
    #[inline]
    #[must_use]
    pub fn with_max_t(self, max_t: T) -> Self {
        let t_fast = Self::fast_bound(self.valid, max_t, self.t_safe);
        Self { ray: Ray { max_t, ..self.ray }, t_fast, ..self }
    }

    /// [`ray_triangle_watertight`] on the prepared ray: the hit on `tri`, or `None`.
    ///
    /// # Examples
    /// ```
    /// use osculate_cast::{Culling, WatertightRay};
    /// use osculate_math::{Point3, Ray, Triangle, Vector3};
    ///
    /// let t = Triangle::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
    /// let r = WatertightRay::new(&Ray::new(Point3::new(0.5, 0.25, 1.0), -Vector3::z()));
    /// let h = r.cast(&t, Culling::FrontOnly).unwrap();
    /// assert_eq!((h.hit.t_enter, h.barycentric), (1.0, [0.25, 0.5, 0.25]));
    /// ```
    #[inline]
    #[must_use]
    pub fn cast(&self, tri: &Triangle<T>, culling: Culling) -> Option<TriangleHit<T>> {
        let x = self.crossing(tri, culling)?;
        if sliver(tri) {
            return None;
        }
        let inv = T::ONE / x.det;
        let [u, v, w] = x.uvw;
        triangle_hit(&self.ray, tri, x.t_scaled * inv, [u * inv, v * inv, w * inv])
    }

    /// [`ray_triangle_watertight_t`] on the prepared ray: the parameter of the hit on `tri`, or
    /// `None`.
    ///
    /// # Examples
    /// ```
    /// use osculate_cast::{Culling, WatertightRay};
    /// use osculate_math::{Point3, Ray, Triangle, Vector3};
    ///
    /// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
    /// let r = WatertightRay::new(&Ray::new(Point3::new(0.5, 0.25, 1.0), -Vector3::z()));
    /// assert_eq!(r.cast_t(&t, Culling::TwoSided), Some(1.0));
    /// assert_eq!(r.with_max_t(0.5).cast_t(&t, Culling::TwoSided), None); // stops short
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn cast_t(&self, tri: &Triangle<T>, culling: Culling) -> Option<T> {
        let x = self.crossing(tri, culling)?;
        let t = x.t_scaled * (T::ONE / x.det);
        // What `triangle_hit` and `hit` check besides the normal, which exists once the sliver
        // test below passes (`(b − a) × (c − a)` is then finite and non-zero, and its unit
        // vector, either way round, has unit length within the tolerance `hit` allows): `t` in
        // `[0, max_t]`, finite, and its point finite. A `t` in `[0, t_fast]` is all of these
        // (see `point_bound`); any other takes the full test. Each is a pure rejection, so the
        // order does not change the answer.
        let in_range = ((T::ZERO <= t) & (t <= self.t_fast)) || self.in_range_slow(t);
        (in_range && !sliver(tri)).then_some(t)
    }

    /// The range test of [`WatertightRay::cast_t`] for a parameter outside `[0, t_fast]`: in
    /// `[0, max_t]`, finite, and its point finite.
    #[cold]
    #[inline(never)]
    fn in_range_slow(&self, t: T) -> bool {
        let point = self.ray.point_at(t);
        (T::ZERO <= t) & (t <= self.ray.max_t) & t.is_finite() & is_finite_point(&point)
    }

    /// [`ray_triangle_watertight_hits`] on the prepared ray: whether it hits `tri`.
    ///
    /// # Examples
    /// ```
    /// use osculate_cast::{Culling, WatertightRay};
    /// use osculate_math::{Point3, Ray, Triangle, Vector3};
    ///
    /// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
    /// let r = WatertightRay::new(&Ray::new(Point3::new(1.0, 0.0, 1.0), -Vector3::z()));
    /// assert!(r.hits(&t, Culling::TwoSided)); // through the vertex b
    /// ```
    #[inline]
    #[must_use]
    pub fn hits(&self, tri: &Triangle<T>, culling: Culling) -> bool {
        self.cast_t(tri, culling).is_some()
    }

    /// The test up to the hit's parameter: `None` where the edge functions' signs reject, or
    /// their sum (a vertex that is not finite makes it so, see below), or the scaled parameter
    /// is out of range. The callers then test the divided parameter and the triangle's collapse
    /// (`sliver`): every test is a pure rejection, so their order does not change the answer,
    /// and the cheap ones come first.
    #[inline(always)]
    fn crossing(&self, tri: &Triangle<T>, culling: Culling) -> Option<Crossing<T>> {
        if !self.valid {
            return None;
        }
        let [kx, ky, kz] = self.k;
        let [sx, sy, sz] = self.s;
        let [ox, oy, oz] = self.o;
        // Each vertex relative to the origin in the permuted axes, read coordinate by coordinate
        // from the triangle (`v[k] − o[k]` is `(v − o)[k]`): a vector computed first and then
        // indexed by the ray's axes would go through the stack.
        let rel = |v: &Point3<T>| (v[kx] - ox, v[ky] - oy, v[kz] - oz);
        let ((ax, ay, az), (bx, by, bz), (cx, cy, cz)) = (rel(&tri.a), rel(&tri.b), rel(&tri.c));
        let (ax, ay) = (ax - sx * az, ay - sy * az);
        let (bx, by) = (bx - sx * bz, by - sy * bz);
        let (cx, cy) = (cx - sx * cz, cy - sy * cz);
        let mut u = cx * by - cy * bx;
        let mut v = ax * cy - ay * cx;
        let mut w = bx * ay - by * ax;
        let is_f32 = T::EPSILON > T::lit(1e-10);
        // Non-short-circuit `&` and `|`: the signs of u, v, w are data, not patterns a branch
        // predictor learns; one combined test branches once.
        if is_f32 & ((u == T::ZERO) | (v == T::ZERO) | (w == T::ZERO)) {
            let e = edge_functions_f64(
                ax.to_f64(),
                ay.to_f64(),
                bx.to_f64(),
                by.to_f64(),
                cx.to_f64(),
                cy.to_f64(),
            );
            (u, v, w) = (T::lit(e[0]), T::lit(e[1]), T::lit(e[2]));
        }
        let any_neg = (u < T::ZERO) | (v < T::ZERO) | (w < T::ZERO);
        let any_pos = (u > T::ZERO) | (v > T::ZERO) | (w > T::ZERO);
        let det = u + v + w;
        // The sign of det says which face the ray meets: positive is the front (counter-clockwise
        // seen from the origin, as in `ray_triangle`).
        let culled = (culling == Culling::FrontOnly) & (det < T::ZERO);
        // A vertex coordinate that is not finite needs no test of its own: it makes both
        // sheared coordinates of its vertex not finite (`x − s·z` is ±∞ or NaN when `x` or `z`
        // is, `0·∞` included), so both edge functions of that vertex are ±∞ or NaN (a product
        // with an infinite or NaN factor is, and so is its difference with anything), and so is
        // their sum `det` with the third (in `f32` and in the `f64` recomputation alike).
        if (any_neg & any_pos) | (det == T::ZERO) | !det.is_finite() | culled {
            return None;
        }
        let t_scaled = u * (sz * az) + v * (sz * bz) + w * (sz * cz);
        // t = t_scaled / det must be in [0, max_t]; compare without dividing (signs per det).
        let (t_s, det_abs) = if det < T::ZERO { (-t_scaled, -det) } else { (t_scaled, det) };
        if t_s < T::ZERO || t_s > self.ray.max_t * det_abs {
            return None;
        }
        Some(Crossing { t_scaled, det, uvw: [u, v, w] })
    }
}

/// The signs of `x` (−1, 0, 1) or `None` when the filter cannot tell, for each coordinate.
#[inline]
fn signs<A: Arith>(x: &V3<A>) -> Option<[i8; 3]> {
    Some([x[0].sign()?, x[1].sign()?, x[2].sign()?])
}

/// `p_i q_j − p_j q_i` in the projection that drops coordinate `k` (`i, j` follow it cyclically:
/// for `p × q` that is its `k`-th component).
#[inline]
fn cross2<A: Arith>(p: &V3<A>, q: &V3<A>, k: usize) -> A {
    let (i, j) = ((k + 1) % 3, (k + 2) % 3);
    p[i] * q[j] - p[j] * q[i]
}

/// Whether `sign · x ≥ 0` for certain (`None`: the filter cannot tell).
#[inline]
fn same_or_zero<A: Arith>(x: A, sign: i8) -> Option<bool> {
    Some(x.sign()? * sign >= 0)
}

/// Whether the ray `o + t·d` (`0 ≤ t ≤ max_t`) meets the closed segment `pq`, from signs of
/// polynomials of degree at most 3 (`None`: the filter cannot tell). With `f = q − p` and
/// `m = d × f`: non-parallel lines meet only when coplanar (`det[d, f, p − o] = 0`), and then, in
/// the projection dropping a coordinate `k` with `m_k ≠ 0`, at `t = (w × f)_k / m_k` and
/// `s = (w × d)_k / m_k` (`w = p − o`). Parallel (or `p = q`): the segment must lie on the ray's
/// line (`w × d = 0`), and its parameters `w·d` and `(q − o)·d` (over `d·d`) must reach `[0,
/// max_t]`.
fn ray_segment<A: Arith>(
    o: &[f64; 3],
    d: &V3<A>,
    max_t: f64,
    p: &[f64; 3],
    q: &[f64; 3],
) -> Option<bool> {
    let f = diff::<A>(q, p);
    let w = diff::<A>(p, o);
    let m = cross(d, &f);
    let ms = signs(&m)?;
    let bounded = max_t.is_finite();
    let mt = A::of(max_t);
    if let Some(k) = (0..3).find(|&k| ms[k] != 0) {
        if det3(d, &f, &w).sign()? != 0 {
            return Some(false);
        }
        let sigma = ms[k];
        let (t_num, s_num) = (cross2(&w, &f, k), cross2(&w, d, k));
        return Some(
            same_or_zero(t_num, sigma)?
                && (!bounded || same_or_zero(mt * m[k] - t_num, sigma)?)
                && same_or_zero(s_num, sigma)?
                && same_or_zero(m[k] - s_num, sigma)?,
        );
    }
    if signs(&cross(&w, d))? != [0; 3] {
        return Some(false);
    }
    let (alpha, beta) = (dot(&w, d), dot(&diff::<A>(q, o), d));
    let reaches_zero = alpha.sign()? >= 0 || beta.sign()? >= 0;
    if !bounded {
        return Some(reaches_zero);
    }
    let dd = dot(d, d);
    Some(reaches_zero && ((mt * dd - alpha).sign()? >= 0 || (mt * dd - beta).sign()? >= 0))
}

/// The exact ray-triangle decision in the arithmetic `A` (`None`: the filter cannot tell); the
/// cases of [`ray_triangle_hits_exact`].
fn ray_triangle_in<A: Arith>(
    o: &[f64; 3],
    d: &[f64; 3],
    max_t: f64,
    v: &[[f64; 3]; 3],
) -> Option<bool> {
    let dv = exact::<A>(d);
    let edges_hit = || -> Option<bool> {
        for (p, q) in [(&v[0], &v[1]), (&v[1], &v[2]), (&v[2], &v[0])] {
            if ray_segment(o, &dv, max_t, p, q)? {
                return Some(true);
            }
        }
        Some(false)
    };
    let n = cross(&diff::<A>(&v[1], &v[0]), &diff::<A>(&v[2], &v[0]));
    let ns = signs(&n)?;
    let Some(k) = (0..3).find(|&k| ns[k] != 0) else {
        return edges_hit(); // collapsed: a segment or a point
    };
    let side = dot(&n, &diff::<A>(o, &v[0])).sign()?;
    let n_d = dot(&n, &dv);
    let facing = n_d.sign()?;
    if facing == 0 {
        if side != 0 {
            return Some(false); // parallel to the plane, off it
        }
        // In the plane: the origin in the triangle (2D orientations in the projection that keeps
        // its area), or the ray through an edge.
        let ov = [0, 1, 2].map(|i| cross2(&diff::<A>(&v[i], o), &diff::<A>(&v[(i + 1) % 3], o), k));
        let s = signs(&ov)?;
        if s.iter().all(|&x| x >= 0) || s.iter().all(|&x| x <= 0) {
            return Some(true);
        }
        return edges_hit();
    }
    // Crossing the plane at t = −n·(o − a)/(n·d): t ≥ 0, and t ≤ max_t.
    if side * facing > 0 {
        return Some(false);
    }
    if max_t.is_finite() {
        let end = dot(&n, &diff::<A>(o, &v[0])) + A::of(max_t) * n_d;
        if end.sign()? * facing < 0 {
            return Some(false);
        }
    }
    // The line passes inside (or through) every edge: Ericson 5.3.4's triple products agree.
    let rel = [0, 1, 2].map(|i| diff::<A>(&v[i], o));
    let e = [0, 1, 2].map(|i| det3(&dv, &rel[i], &rel[(i + 1) % 3]));
    let s = signs(&e)?;
    Some(s.iter().all(|&x| x >= 0) || s.iter().all(|&x| x <= 0))
}

/// [`ray_triangle_watertight`]'s hit decision made exact: whether some point `o + t·d` with
/// `0 ≤ t ≤ max_t` lies in the closed triangle, for the values as given (an `f32` input widened
/// to `f64` exactly, the end point `o + max_t·d` the real number it is). Every decision is the
/// sign of a polynomial of degree at most 4 in the input: the side of the origin and of the
/// direction against the triangle's plane (`orient3d`), where along the ray the plane is crossed
/// against `max_t`, and Ericson 5.3.4's triple products `det[d, a − o, b − o]` (the line inside
/// every edge). Each is evaluated first with the running error bound of
/// [`osculate_overlap::exact::Filtered`] (every operation adds its rounding, `u·|result|` with
/// `u = 2⁻⁵³`, and propagates its operands' bounds; a sign is certain when the value exceeds its
/// bound), and only when one is not certain is the whole test evaluated again in exact dyadic
/// arithmetic ([`osculate_overlap::exact::Dyadic`]).
///
/// Two-sided, closed: a ray through an edge or a vertex hits, and so does one ending exactly on
/// the triangle. Where the watertight test misses by construction this one answers for the set:
/// a ray in the triangle's plane hits when it crosses the triangle there (an edge or the inside),
/// and a collapsed triangle is the segment or point it is. A ray parallel to the plane and off it
/// misses. `false` for a zero direction, `max_t < 0`, and any NaN or infinite coordinate
/// (`max_t = +∞` is an unbounded ray), as [`ray_triangle_watertight`] gives `None` there.
///
/// # Examples
/// ```
/// use osculate_cast::ray_triangle_hits_exact;
/// use osculate_math::{Point3, Ray, Triangle, Vector3};
///
/// let t = Triangle::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
/// // Through the edge x + y = 1 (at its midpoint) and through the vertex (1, 0, 0): hits.
/// assert!(ray_triangle_hits_exact(&Ray::new(Point3::new(0.5, 0.5, 1.0), -Vector3::z()), &t));
/// assert!(ray_triangle_hits_exact(&Ray::new(Point3::new(1.0, 0.0, -2.0), Vector3::z()), &t));
/// // A float beside the vertex: misses.
/// assert!(!ray_triangle_hits_exact(&Ray::new(Point3::new(1.0000001, 0.0, -2.0), Vector3::z()), &t));
/// // Grazing: in the triangle's plane, through it; parallel to it a float above, missing.
/// assert!(ray_triangle_hits_exact(&Ray::new(Point3::new(-1.0, 0.25, 0.0), Vector3::x()), &t));
/// assert!(!ray_triangle_hits_exact(&Ray::new(Point3::new(-1.0, 0.25, 1.0e-30), Vector3::x()), &t));
/// ```
#[must_use]
pub fn ray_triangle_hits_exact<T: Real>(ray: &Ray<T>, tri: &Triangle<T>) -> bool {
    if !(valid_ray(ray)
        && is_finite_point(&tri.a)
        && is_finite_point(&tri.b)
        && is_finite_point(&tri.c))
    {
        return false;
    }
    let (o, d) = (wide(&ray.origin.coords), wide(&ray.direction));
    let v = [wide(&tri.a.coords), wide(&tri.b.coords), wide(&tri.c.coords)];
    let max_t = ray.max_t.to_f64();
    match ray_triangle_static_filter(&o, &d, max_t, &v) {
        Some(hit) => hit,
        None => ray_triangle_undecided(&o, &d, max_t, &v),
    }
}

/// What the static filter of [`ray_triangle_hits_exact`] leaves: the running-bound filter, then
/// exact arithmetic. Kept out of line, so that the filter's caller carries none of its registers
/// and stack.
#[cold]
#[inline(never)]
fn ray_triangle_undecided(o: &[f64; 3], d: &[f64; 3], max_t: f64, v: &[[f64; 3]; 3]) -> bool {
    ray_triangle_in::<Filtered>(o, d, max_t, v)
        .or_else(|| ray_triangle_in::<Dyadic>(o, d, max_t, v))
        .unwrap_or(false)
}

/// The first stage of [`ray_triangle_hits_exact`]: the ordinary cases decided in plain `f64`
/// with static error bounds (one bound per quantity from the largest magnitudes, no running
/// bound per operation); `None` when a sign is within its bound or a magnitude is out of range.
///
/// With `r_i = v_i − o` (rounded) and `e_i = d·(r_i × r_{i+1})` (Ericson 5.3.4's triple products,
/// whose sum is `d·n`), `M` the largest `|r_i|` coordinate and `D` the largest `|d|` one:
/// rounding `r_i` moves each of the six products of `e_i` by at most `(2u + u²)·D·M²`, and
/// evaluating the cross and dot products adds at most `30u·D·M²` (`γ₂` per cross component,
/// `γ₃` for the dot, with `u = 2⁻⁵³`), so `|ẽ_i − e_i| ≤ 42u·D·M²` plus at most
/// `(3D + 2)·2⁻¹⁰⁷⁴` from underflowing products; the filter uses `64u·D·M² + (D + 1)·2⁻¹⁰⁰⁰`.
/// `V = det[r_0, r_1, r_2] = −n·(o − v_0)` (the origin's side of the plane) has the same bound
/// with `M³`. The magnitudes are kept within `2³⁰⁰` so that nothing overflows. The underflow
/// allowance `2⁻¹⁰⁰⁰` is far above what it covers, and a normal number: a subnormal one (such as
/// `2⁻¹⁰⁶⁸`) makes every bound a subnormal product, which the floating-point unit computes on a
/// slow path many times the cost of the whole filter. A larger allowance only sends more inputs
/// (those with `|e_i|` below it) on to the exact stages.
///
/// Two `e_i` of certainly opposite signs: the line passes outside an edge, a miss (also for a
/// collapsed triangle or a ray in the plane, where every `e_i` is exactly 0). All three certainly
/// of one sign `s`: the line crosses the inside, `d·n = Σ e_i` has sign `s`, and the crossing at
/// `t = V/(d·n)` must satisfy `V·s ≥ 0` and, for a bounded ray, `max_t·|d·n| − V·s ≥ 0`, each
/// decided when it clears its bound (the second's bound propagates `3` times `e`'s bound and the
/// rounding of `Σ e_i`, the product and the difference).
#[inline(always)]
fn ray_triangle_static_filter(
    o: &[f64; 3],
    d: &[f64; 3],
    max_t: f64,
    v: &[[f64; 3]; 3],
) -> Option<bool> {
    const U: f64 = f64::EPSILON * 0.5;
    const TINY: f64 = f64::from_bits(23 << 52); // 2⁻¹⁰⁰⁰ (biased exponent 23: a normal number)
    const LIMIT: f64 = f64::from_bits((1023 + 300) << 52); // 2³⁰⁰
    let r: [[f64; 3]; 3] = core::array::from_fn(|i| core::array::from_fn(|k| v[i][k] - o[k]));
    let m = r.iter().flatten().fold(0.0_f64, |m, x| m.max(x.abs()));
    let dm = d.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
    if !(m <= LIMIT && dm <= LIMIT) {
        return None;
    }
    let cross = |p: &[f64; 3], q: &[f64; 3]| {
        [p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]]
    };
    let dot = |p: &[f64; 3], q: &[f64; 3]| p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
    // Written out rather than with `array::map`, which is not always inlined here.
    let e =
        [dot(d, &cross(&r[0], &r[1])), dot(d, &cross(&r[1], &r[2])), dot(d, &cross(&r[2], &r[0]))];
    let bound_e = 64.0 * U * dm * m * m + (dm + 1.0) * TINY;
    let pos = [e[0] > bound_e, e[1] > bound_e, e[2] > bound_e];
    let neg = [e[0] < -bound_e, e[1] < -bound_e, e[2] < -bound_e];
    if pos.iter().any(|&p| p) && neg.iter().any(|&n| n) {
        return Some(false);
    }
    let s = if pos == [true; 3] {
        1.0
    } else if neg == [true; 3] {
        -1.0
    } else {
        return None;
    };
    let side = s * dot(&r[0], &cross(&r[1], &r[2]));
    let bound_v = 64.0 * U * m * m * m + (m + 1.0) * TINY;
    if side < -bound_v {
        return Some(false); // the plane is crossed behind the origin
    }
    if !(side > bound_v) {
        return None;
    }
    if max_t == f64::INFINITY {
        return Some(true);
    }
    let facing = s * (e[0] + e[1] + e[2]);
    let reach = max_t * facing;
    let gap = reach - side;
    let bound_gap = max_t * (3.0 * bound_e + 4.0 * U * facing)
        + 2.0 * U * reach
        + bound_v
        + 2.0 * U * gap.abs()
        + TINY;
    if !(gap.is_finite() && bound_gap.is_finite()) {
        return None;
    }
    if gap > bound_gap {
        Some(true)
    } else if gap < -bound_gap {
        Some(false)
    } else {
        None
    }
}

/// Where the infinite line through `p` and `q` meets triangle `tri`, by Ericson 5.3.4's scalar
/// triple products: `u = [pq, pc, pb]`, `v = [pq, pa, pc]`, `w = [pq, pb, pa]` must share a sign (the
/// line passes inside every edge); the point is then `(u·a + v·b + w·c)/(u + v + w)`. Returns the
/// point and its barycentrics, or `None` when the line misses, is parallel to the triangle's plane
/// (all three zero) or a NaN is involved.
///
/// # Examples
/// ```
/// use osculate_cast::line_triangle;
/// use osculate_math::{Point3, Triangle};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// let (x, w) = line_triangle(&Point3::new(1.0, 1.0, 5.0), &Point3::new(1.0, 1.0, 6.0), &t).unwrap();
/// assert_eq!((x, w), (Point3::new(1.0, 1.0, 0.0), [0.5, 0.25, 0.25]));
/// ```
#[must_use]
pub fn line_triangle<T: Real>(
    p: &Point3<T>,
    q: &Point3<T>,
    tri: &Triangle<T>,
) -> Option<(Point3<T>, [T; 3])> {
    let pq = q - p;
    let (pa, pb, pc) = (tri.a - p, tri.b - p, tri.c - p);
    let m = pq.cross(&pc);
    let u = pb.dot(&m);
    let v = -pa.dot(&m);
    let w = pq.cross(&pb).dot(&pa);
    let same = (u >= T::ZERO && v >= T::ZERO && w >= T::ZERO)
        || (u <= T::ZERO && v <= T::ZERO && w <= T::ZERO);
    let denom = u + v + w;
    if !same || denom == T::ZERO || !denom.is_finite() {
        return None;
    }
    let (u, v, w) = (u / denom, v / denom, w / denom);
    let x = Point3::from(tri.a.coords * u + tri.b.coords * v + tri.c.coords * w);
    is_finite_point(&x).then_some((x, [u, v, w]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_math::*;
    use osculate_testing::for_f32_and_f64;

    /// `ray_triangle` does no validation pass of its own: every non-finite or zero direction,
    /// non-finite origin or vertex, and negative or NaN `max_t` must still give `None`, under
    /// both cullings, for each coordinate taking each special value, from rays that hit the
    /// front face, the back face, an edge and a vertex when valid.
    fn invalid_rays_miss<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let v = vector3::<T>;
        let tri = Triangle::new(p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0), p(0.0, 2.0, 0.5));
        let rays = [
            (p(0.5, 0.5, 3.0), v(0.0, 0.1, -1.0), Culling::TwoSided),
            (p(0.5, 0.5, 3.0), v(0.05, 0.0, -2.0), Culling::FrontOnly),
            (p(0.4, 0.3, -3.0), v(0.0, 0.0, 1.0), Culling::TwoSided),
            (p(1.0, 0.0, 3.0), v(0.0, 0.0, -1.0), Culling::TwoSided),
            (p(0.0, 0.0, -1.0), v(0.0, 0.0, 1.0), Culling::TwoSided),
        ];
        let specials = [T::NAN, T::INFINITY, -T::INFINITY];
        for (o, d, culling) in rays {
            let cast = |o: Point3<T>, d: Vector3<T>, max_t: T, tri: &Triangle<T>| {
                ray_triangle(&Ray { origin: o, direction: d, max_t }, tri, culling)
            };
            assert!(cast(o, d, T::INFINITY, &tri).is_some(), "the base ray hits: {o:?} {d:?}");
            for i in 0..3 {
                for x in specials {
                    let mut bad_o = o;
                    bad_o[i] = x;
                    assert!(cast(bad_o, d, T::INFINITY, &tri).is_none(), "{bad_o:?}");
                    let mut bad_d = d;
                    bad_d[i] = x;
                    assert!(cast(o, bad_d, T::INFINITY, &tri).is_none(), "{bad_d:?}");
                    for k in 0..3 {
                        let mut bad = tri;
                        match k {
                            0 => bad.a[i] = x,
                            1 => bad.b[i] = x,
                            _ => bad.c[i] = x,
                        }
                        assert!(cast(o, d, T::INFINITY, &bad).is_none(), "{bad:?}");
                    }
                }
            }
            for max_t in [l(-1.0), T::NAN] {
                assert!(cast(o, d, max_t, &tri).is_none(), "max_t {max_t:?}");
            }
            assert!(cast(o, Vector3::zeros(), T::INFINITY, &tri).is_none());
        }
    }

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let v = vector3::<T>;
        // Triangles: both algorithms, interior, edge, vertex, miss, back face, parallel, collapsed.
        let tri = Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0));
        let down = |x: f64, y: f64| Ray::new(p(x, y, 1.0), v(0.0, 0.0, -1.0));
        for (r, want) in [
            (down(0.25, 0.25), true),
            (down(0.5, 0.5), true),
            (down(0.0, 0.0), true),
            (down(0.5, 0.0), true),
            (down(0.6, 0.6), false),
            (down(-0.1, 0.5), false),
        ] {
            assert_eq!(ray_triangle(&r, &tri, Culling::TwoSided).is_some(), want, "{r:?}");
            assert_eq!(
                ray_triangle_watertight(&r, &tri, Culling::TwoSided).is_some(),
                want,
                "{r:?}"
            );
            assert_eq!(
                ray_triangle_watertight(&r, &tri, Culling::FrontOnly).is_some(),
                want,
                "{r:?}"
            );
        }
        let up = Ray::new(p(0.25, 0.25, -1.0), v(0.0, 0.0, 1.0));
        assert!(ray_triangle(&up, &tri, Culling::FrontOnly).is_none());
        assert!(ray_triangle_watertight(&up, &tri, Culling::FrontOnly).is_none());
        let h = ray_triangle_watertight(&up, &tri, Culling::TwoSided);
        assert!(
            h.is_some_and(|h| h.hit.normal.into_inner() == v(0.0, 0.0, -1.0)
                && (h.barycentric[1] - l(0.25)).abs() < l(1e-6)),
            "{h:?}"
        );
        let flat = Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(2.0, 0.0, 0.0));
        assert!(ray_triangle(&down(0.5, 0.0), &flat, Culling::TwoSided).is_none());
        assert!(ray_triangle_watertight(&down(0.5, 0.0), &flat, Culling::TwoSided).is_none());
        let along = Ray::new(p(-1.0, 0.25, 0.0), v(1.0, 0.0, 0.0));
        assert!(ray_triangle(&along, &tri, Culling::TwoSided).is_none());
        // Line-triangle, both directions of the line.
        let (x, _) = line_triangle(&p(0.25, 0.25, -3.0), &p(0.25, 0.25, -2.0), &tri)
            .unwrap_or((p(9.0, 9.0, 9.0), [l(0.0); 3]));
        assert!((x - p(0.25, 0.25, 0.0)).norm() < l(1e-6));
        assert!(line_triangle(&p(0.25, 0.25, 2.0), &p(0.25, 0.25, 3.0), &tri).is_some());
        assert!(line_triangle(&p(0.8, 0.8, 2.0), &p(0.8, 0.8, 3.0), &tri).is_none());
    }

    /// The exact hit decision: rays through an edge, a vertex, grazing the face in its plane,
    /// parallel to it, ending on it, against a collapsed triangle, and a float beside each.
    fn exact_worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
        let v = |x: f64, y: f64, z: f64| Vector3::new(l(x), l(y), l(z));
        let tri = Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0));
        let ulp = if T::EPSILON > l(1e-10) { 1.2e-7 } else { 2.3e-16 };
        let hits = |r: &Ray<T>| ray_triangle_hits_exact(r, &tri);
        let ray = |o: Point3<T>, d: Vector3<T>| Ray::new(o, d);
        // Through the hypotenuse's midpoint and a float beyond it.
        assert!(hits(&ray(p(0.5, 0.5, 1.0), v(0.0, 0.0, -1.0))));
        assert!(!hits(&ray(p(0.5, 0.5 + ulp, 1.0), v(0.0, 0.0, -1.0))));
        // Through a vertex, obliquely, and beside it.
        assert!(hits(&ray(p(2.0, -1.0, 1.0), v(-1.0, 1.0, -1.0))));
        assert!(!hits(&ray(p(2.0, -1.0 - 2.0 * ulp, 1.0), v(-1.0, 1.0, -1.0))));
        // Grazing: in the plane through the face, along an edge, touching a vertex only.
        assert!(hits(&ray(p(-1.0, 0.25, 0.0), v(1.0, 0.0, 0.0))));
        assert!(hits(&ray(p(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0))));
        assert!(hits(&ray(p(1.0, -1.0, 0.0), v(0.0, 1.0, 0.0))));
        assert!(!hits(&ray(p(1.0 + 2.0 * ulp, -1.0, 0.0), v(0.0, 1.0, 0.0))));
        // In the plane, pointing away; starting inside the face.
        assert!(!hits(&ray(p(-1.0, 0.25, 0.0), v(-1.0, 0.0, 0.0))));
        assert!(hits(&ray(p(0.25, 0.25, 0.0), v(-1.0, 0.0, 0.0))));
        // Parallel to the plane, a float above it: a miss.
        assert!(!hits(&ray(p(-1.0, 0.25, 1.0e-30), v(1.0, 0.0, 0.0))));
        // Ending exactly on the face, and a float short of it.
        let end = Ray { max_t: l(1.0), ..ray(p(0.25, 0.25, 1.0), v(0.0, 0.0, -1.0)) };
        assert!(hits(&end));
        assert!(!hits(&Ray { max_t: l(1.0 - ulp), ..end }));
        // Behind the origin.
        assert!(!hits(&ray(p(0.25, 0.25, 1.0), v(0.0, 0.0, 1.0))));
        // A collapsed triangle is its segment: through it, and beside it.
        let flat = Triangle::new(p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0), p(1.0, 0.0, 0.0));
        assert!(ray_triangle_hits_exact(&ray(p(1.5, 0.0, 1.0), v(0.0, 0.0, -1.0)), &flat));
        assert!(!ray_triangle_hits_exact(&ray(p(1.5, ulp, 1.0), v(0.0, 0.0, -1.0)), &flat));
        assert!(ray_triangle_hits_exact(&ray(p(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0)), &flat));
        let point = Triangle::new(p(1.0, 1.0, 1.0), p(1.0, 1.0, 1.0), p(1.0, 1.0, 1.0));
        assert!(ray_triangle_hits_exact(&ray(p(0.0, 0.0, 0.0), v(1.0, 1.0, 1.0)), &point));
        assert!(!ray_triangle_hits_exact(&ray(p(0.0, 0.0, 0.0), v(1.0, 1.0, 1.0 + ulp)), &point));
        // Invalid: a zero direction, NaN.
        assert!(!hits(&ray(p(0.25, 0.25, 0.0), v(0.0, 0.0, 0.0))));
        assert!(!hits(&ray(p(f64::NAN, 0.25, 1.0), v(0.0, 0.0, -1.0))));
    }

    /// The watertight test as written before its per-ray part moved into [`WatertightRay`]
    /// (validation first, then the sliver test, then the edge functions), kept as the reference
    /// the prepared form must match bit for bit.
    fn reference_watertight<T: Real>(
        ray: &Ray<T>,
        tri: &Triangle<T>,
        culling: Culling,
    ) -> Option<TriangleHit<T>> {
        if !(valid_ray(ray)
            && is_finite_point(&tri.a)
            && is_finite_point(&tri.b)
            && is_finite_point(&tri.c))
        {
            return None;
        }
        let (e1, e2) = (tri.b - tri.a, tri.c - tri.a);
        if !(e1.cross(&e2).norm_squared()
            > T::DEGENERATE_SQ_TOLERANCE * e1.norm_squared() * e2.norm_squared())
        {
            return None;
        }
        let d = ray.direction;
        let ad = d.abs();
        let kz = if ad.x >= ad.y && ad.x >= ad.z {
            0
        } else if ad.y >= ad.z {
            1
        } else {
            2
        };
        let (mut kx, mut ky) = ((kz + 1) % 3, (kz + 2) % 3);
        if d[kz] < T::ZERO {
            core::mem::swap(&mut kx, &mut ky);
        }
        let sx = d[kx] / d[kz];
        let sy = d[ky] / d[kz];
        let sz = T::ONE / d[kz];
        let (a, b, c) = (tri.a - ray.origin, tri.b - ray.origin, tri.c - ray.origin);
        let (ax, ay) = (a[kx] - sx * a[kz], a[ky] - sy * a[kz]);
        let (bx, by) = (b[kx] - sx * b[kz], b[ky] - sy * b[kz]);
        let (cx, cy) = (c[kx] - sx * c[kz], c[ky] - sy * c[kz]);
        let mut u = cx * by - cy * bx;
        let mut v = ax * cy - ay * cx;
        let mut w = bx * ay - by * ax;
        let is_f32 = T::EPSILON > T::lit(1e-10);
        if is_f32 && (u == T::ZERO || v == T::ZERO || w == T::ZERO) {
            let e = edge_functions_f64(
                ax.to_f64(),
                ay.to_f64(),
                bx.to_f64(),
                by.to_f64(),
                cx.to_f64(),
                cy.to_f64(),
            );
            (u, v, w) = (T::lit(e[0]), T::lit(e[1]), T::lit(e[2]));
        }
        let any_neg = u < T::ZERO || v < T::ZERO || w < T::ZERO;
        let any_pos = u > T::ZERO || v > T::ZERO || w > T::ZERO;
        if any_neg && any_pos {
            return None;
        }
        let det = u + v + w;
        if det == T::ZERO || !det.is_finite() {
            return None;
        }
        if culling == Culling::FrontOnly && det < T::ZERO {
            return None;
        }
        let (az, bz, cz) = (sz * a[kz], sz * b[kz], sz * c[kz]);
        let t_scaled = u * az + v * bz + w * cz;
        let (t_s, det_abs) = if det < T::ZERO { (-t_scaled, -det) } else { (t_scaled, det) };
        if t_s < T::ZERO || t_s > ray.max_t * det_abs {
            return None;
        }
        let inv = T::ONE / det;
        triangle_hit(ray, tri, t_scaled * inv, [u * inv, v * inv, w * inv])
    }

    /// The prepared test (through `ray_triangle_watertight`, and one prepared ray reused over
    /// consecutive triangles) equals the reference bit for bit, and its `_t` form gives the
    /// reference's `t_enter`: random triangles of every flavour (collapsed ones included), rays
    /// through their vertices, edges and inside, random rays, rays with a zero direction
    /// component, and special values (NaN, ±∞, 0, huge) in any coordinate or `max_t`.
    fn prepared_matches_reference<T: Real>() {
        use osculate_testing::{Frame, Generate, Rng, Sample};
        let bits = |h: Option<TriangleHit<T>>| {
            h.map(|h| {
                let (p, n, w) = (h.hit.point, h.hit.normal.into_inner(), h.barycentric);
                [h.hit.t_enter, h.hit.t_exit, p.x, p.y, p.z, n.x, n.y, n.z, w[0], w[1], w[2]]
                    .map(|x| x.to_f64().to_bits())
            })
        };
        let specials = [T::NAN, T::INFINITY, -T::INFINITY, T::ZERO, T::MAX, T::MIN_POSITIVE];
        let mut rng = Rng::new(41);
        let mut hits = 0;
        for _ in 0..20_000 {
            let frame = Frame::random(&mut rng);
            let mut tri = Triangle::<T>::generate(&mut rng, &frame);
            let origin = frame.origin + frame.offset(&mut rng, 3.0);
            let target = match rng.index(4) {
                0 => tri.a,
                1 => Point3::from((tri.b.coords + tri.c.coords) * T::HALF),
                2 => tri.sample_inside(&mut rng),
                _ => frame.point(&mut rng),
            };
            let mut ray = Ray::new(origin, target - origin);
            if rng.chance(0.3) {
                ray.max_t = T::lit(rng.range(0.0, 1.5));
            }
            if rng.chance(0.1) {
                ray.direction[rng.index(3)] = T::ZERO;
            }
            if rng.chance(0.1) {
                let x = specials[rng.index(specials.len())];
                match rng.index(4) {
                    0 => ray.origin[rng.index(3)] = x,
                    1 => ray.direction[rng.index(3)] = x,
                    2 => ray.max_t = x,
                    _ => tri.b[rng.index(3)] = x,
                }
            }
            let prepared = WatertightRay::new(&ray);
            for culling in [Culling::TwoSided, Culling::FrontOnly] {
                let want = reference_watertight(&ray, &tri, culling);
                hits += usize::from(want.is_some());
                assert_eq!(bits(ray_triangle_watertight(&ray, &tri, culling)), bits(want));
                assert_eq!(bits(prepared.cast(&tri, culling)), bits(want), "{ray:?} {tri:?}");
                assert_eq!(
                    prepared.cast_t(&tri, culling).map(|t| t.to_f64().to_bits()),
                    want.map(|h| h.hit.t_enter.to_f64().to_bits()),
                    "{ray:?} {tri:?}"
                );
            }
        }
        assert!(hits > 5_000, "{hits} hits");
    }

    /// The static filter of `ray_triangle_hits_exact` answers as exact dyadic arithmetic wherever
    /// it decides, and decides most ordinary rays: random triangles of every flavour, rays aimed
    /// inside, at a vertex, at an edge's midpoint (which it must leave to the exact stages unless
    /// rounding put the point off the edge) or anywhere, a third of them bounded at about the
    /// crossing.
    fn static_filter_is_exact_where_it_decides<T: Real>() {
        use osculate_testing::{Frame, Generate, Rng, Sample};
        let mut rng = Rng::new(43);
        let (mut decided, mut ordinary, mut decided_ordinary) = (0, 0, 0);
        for _ in 0..20_000 {
            let frame = Frame::random(&mut rng);
            let tri = Triangle::<T>::generate(&mut rng, &frame);
            let origin = frame.origin + frame.offset(&mut rng, 3.0);
            let kind = rng.index(4);
            let target = match kind {
                0 => tri.a,
                1 => Point3::from((tri.b.coords + tri.c.coords) * T::HALF),
                2 => tri.sample_inside(&mut rng),
                _ => frame.point(&mut rng),
            };
            let mut ray = Ray::new(origin, target - origin);
            if rng.chance(0.3) {
                ray.max_t = T::lit(rng.range(0.5, 1.5));
            }
            if !valid_ray(&ray) {
                continue;
            }
            let (o, d) = (wide(&ray.origin.coords), wide(&ray.direction));
            let v = [wide(&tri.a.coords), wide(&tri.b.coords), wide(&tri.c.coords)];
            let max_t = ray.max_t.to_f64();
            let exact = ray_triangle_in::<Dyadic>(&o, &d, max_t, &v);
            let got = ray_triangle_static_filter(&o, &d, max_t, &v);
            if got.is_some() {
                assert_eq!(got, exact, "{ray:?} {tri:?}");
                decided += 1;
            }
            if kind >= 2 {
                ordinary += 1;
                decided_ordinary += usize::from(got.is_some());
            }
        }
        assert!(decided > 0);
        assert!(
            decided_ordinary * 10 >= ordinary * 9,
            "decided {decided_ordinary} of {ordinary} ordinary rays"
        );
    }

    /// The ray `at(λ)` on either side of where `pred` changes, `λ` adjacent floats (`None` when
    /// it does not change between 0 and 4).
    fn flip<T: Real, S>(at: impl Fn(T) -> S, pred: impl Fn(&S) -> bool) -> Option<[S; 2]> {
        osculate_testing::exact_reference::flip_within(at, pred, T::lit(4.0))
    }

    /// Rays driven to just inside and just outside the bounds of the static filter of
    /// `ray_triangle_hits_exact` (bisected to adjacent floats where it starts to prove a hit,
    /// where it starts to prove a miss, and where the exact answer flips: across an edge, a
    /// vertex, the origin's side of the plane and `max_t`), triangles 0, 1e4 and 1e8 from the
    /// origin, a third of the rays bounded: every answer the filter gives is exact dyadic
    /// arithmetic's, and the bisection reaches inputs it leaves undecided.
    fn static_filter_agrees_with_exact_arithmetic_at_its_bound<T: Real>() {
        let mut rng = osculate_testing::Rng::new(0x7E1_F11 ^ T::EPSILON.to_f64().to_bits());
        let l = |x: f64| T::lit(x);
        let (mut undecided, mut checked) = (0, 0);
        for _ in 0..osculate_testing::cases(300) {
            let offset = [0.0, 0.0, 1.0e4, 1.0e8][rng.index(4)];
            let mut p = |s: f64| {
                let q = [0, 1, 2].map(|_| l(rng.range(-s, s) + offset));
                Point3::new(q[0], q[1], q[2])
            };
            let tri = Triangle::new(p(1.0), p(1.0), p(1.0));
            let origin = p(3.0);
            let target = p(1.0);
            let mut ray = Ray::new(origin, target - origin);
            if rng.chance(0.3) {
                ray.max_t = l(rng.range(0.0, 2.0));
            }
            let w = Vector3::new(
                l(rng.range(-1.0, 1.0)),
                l(rng.range(-1.0, 1.0)),
                l(rng.range(-1.0, 1.0)),
            );
            // Move the origin, or (one time in four) the far end through `max_t`.
            let moves_end = ray.max_t.is_finite() && rng.chance(0.25);
            let at = |s: T| {
                if moves_end {
                    Ray { max_t: ray.max_t + s * l(0.25), ..ray }
                } else {
                    Ray { origin: ray.origin + w * s, ..ray }
                }
            };
            let parts = |r: &Ray<T>| {
                let (o, d) = (wide(&r.origin.coords), wide(&r.direction));
                let v = [wide(&tri.a.coords), wide(&tri.b.coords), wide(&tri.c.coords)];
                (o, d, r.max_t.to_f64(), v)
            };
            let filter = |r: &Ray<T>| {
                let (o, d, max_t, v) = parts(r);
                ray_triangle_static_filter(&o, &d, max_t, &v)
            };
            let exact = |r: &Ray<T>| {
                let (o, d, max_t, v) = parts(r);
                ray_triangle_in::<Dyadic>(&o, &d, max_t, &v) == Some(true)
            };
            let hit = |r: &Ray<T>| filter(r) == Some(true);
            let miss = |r: &Ray<T>| filter(r) == Some(false);
            for r in [flip(at, hit), flip(at, miss), flip(at, exact)].iter().flatten().flatten() {
                if !valid_ray(r) {
                    continue;
                }
                match filter(r) {
                    Some(answer) => assert_eq!(answer, exact(r), "{r:?} {tri:?}"),
                    None => undecided += 1,
                }
                assert_eq!(ray_triangle_hits_exact(r, &tri), exact(r), "{r:?} {tri:?}");
                checked += 1;
            }
        }
        if T::EPSILON.to_f64() < 1e-10 {
            assert!(undecided * 4 > checked / 10, "{undecided} of {checked} undecided");
        } else {
            // An `f32` input is widened to `f64`, whose bound is far below the spacing of `f32`
            // values: adjacent `f32` rays straddle it, and only exact ties stay undecided.
            assert!(checked > 40, "{checked} rays checked");
        }
    }

    /// `point_bound` is sound: on rays with origins and directions of every magnitude (up to
    /// `MAX`, down to subnormal), the ray's point at the bound, and at the largest parameter
    /// below it, is finite wherever the bound is a parameter (`≥ 0`); it is one for ordinary
    /// rays; and a hit parameter past it (a far triangle, a tiny direction) still takes the
    /// full range test and answers as the reference.
    fn point_bound_is_sound<T: Real>() {
        let mut rng = osculate_testing::Rng::new(47);
        let scale = |rng: &mut osculate_testing::Rng| {
            let e = rng.range(-1.0, 1.0) * T::MAX.to_f64().log2();
            T::lit(rng.range(-1.0, 1.0) * e.exp2())
        };
        let mut bounded = 0;
        for _ in 0..2_000 {
            let p =
                |rng: &mut osculate_testing::Rng| Vector3::new(scale(rng), scale(rng), scale(rng));
            let ray = Ray::new(Point3::from(p(&mut rng)), p(&mut rng));
            let t = point_bound(&ray);
            if t >= T::ZERO && valid_ray(&ray) {
                bounded += 1;
                assert!(is_finite_point(&ray.point_at(t)), "{ray:?} at {t:?}");
                let below = T::lit(t.to_f64() * (1.0 - 1e-6));
                assert!(is_finite_point(&ray.point_at(below)), "{ray:?} at {below:?}");
            }
        }
        assert!(bounded > 500, "{bounded} rays bounded");
        let l = |x: f64| T::lit(x);
        let ordinary =
            Ray::new(Point3::new(l(1.0), l(2.0), l(3.0)), Vector3::new(l(0.5), l(-1.0), l(2.0)));
        assert!(point_bound(&ordinary) > l(1e30));
        // Parameters past the bound or the precision's range (far triangles along tiny
        // directions), and an origin beyond `MAX/4` (no bound: every parameter takes the full
        // test, here a hit at 0.3·MAX): the same answers as the reference, hits among them.
        let far = |z: f64| {
            Triangle::new(
                Point3::new(l(-0.5), l(-0.5), l(z)),
                Point3::new(l(1.0), l(-0.5), l(z)),
                Point3::new(l(-0.5), l(1.0), l(z)),
            )
        };
        let big = -0.3 * T::MAX.to_f64();
        let mut far_hits = 0;
        for (oz, z, dz) in [
            (0.0, 1e30, 1e-10),
            (0.0, 1e300, 1e-300),
            (0.0, 1e20, 1e-30),
            (0.0, 1.0, 1e-38),
            (big, 0.0, 1.0),
        ] {
            let ray =
                Ray::new(Point3::new(l(0.0), l(0.0), l(oz)), Vector3::new(l(0.0), l(0.0), l(dz)));
            let (tri, prepared) = (far(z), WatertightRay::new(&ray));
            let want = reference_watertight(&ray, &tri, Culling::TwoSided);
            far_hits += usize::from(want.is_some());
            assert_eq!(
                prepared.cast_t(&tri, Culling::TwoSided).map(|t| t.to_f64().to_bits()),
                want.map(|h| h.hit.t_enter.to_f64().to_bits()),
                "{ray:?} {tri:?}"
            );
        }
        assert!(far_hits >= 2, "{far_hits} hits");
    }

    for_f32_and_f64!(
        invalid_rays_miss,
        worked_cases,
        exact_worked_cases,
        prepared_matches_reference,
        point_bound_is_sound,
        static_filter_is_exact_where_it_decides,
        static_filter_agrees_with_exact_arithmetic_at_its_bound
    );
}
