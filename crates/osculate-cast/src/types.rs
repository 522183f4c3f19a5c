//! Result types of the casts.

use osculate_math::{Point3, Real, UnitVector3, Vector3, safe_normalize};

/// Where a ray meets a shape (van den Bergen 3.1.2's interval `[λ_enter, λ_exit]`).
///
/// Parameters are in units of the ray's direction (`point = origin + t·direction`), so for a segment
/// cast (`Ray::from_segment`) they are in `[0, 1]`. The interval is clipped to the ray's
/// `[0, max_t]`: a ray that starts inside a solid has `t_enter = 0`, and one that ends inside has
/// `t_exit = max_t`. For a surface (plane, triangle, polygon) `t_enter == t_exit`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit<T: Real> {
    /// The parameter where the ray enters the shape (0 when it starts inside).
    pub t_enter: T,
    /// The parameter where it leaves (clipped to `max_t`).
    pub t_exit: T,
    /// The entry point, `origin + t_enter·direction`.
    pub point: Point3<T>,
    /// The unit outward normal of the surface at the entry point: for a surface, the side facing
    /// the ray's origin; for a ray starting inside a solid, `−direction/|direction|` (the way back
    /// out), since there is no entry surface.
    pub normal: UnitVector3<T>,
}

/// A ray's hit on a triangle: the hit and the barycentric coordinates `[u, v, w]` of its point
/// (`point = u·a + v·b + w·c`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TriangleHit<T: Real> {
    /// The hit (`t_enter == t_exit`).
    pub hit: RayHit<T>,
    /// The barycentric coordinates of the hit point.
    pub barycentric: [T; 3],
}

/// The hit for the interval `[t_enter, t_exit]` of `ray` (already clipped), with `normal` the entry
/// surface's outward normal; a ray starting inside (`t_enter == 0` from the clip) gets the way back
/// out. `None` if anything is non-finite where it must not be.
#[inline]
pub(crate) fn hit<T: Real>(
    ray: &osculate_math::Ray<T>,
    t_enter: T,
    t_exit: T,
    normal: Option<UnitVector3<T>>,
    started_inside: bool,
) -> Option<RayHit<T>> {
    let normal = if started_inside { safe_normalize(&-ray.direction)? } else { normal? };
    let point = ray.point_at(t_enter);
    (t_enter.is_finite()
        & !t_exit.is_nan()
        & osculate_math::is_finite_point(&point)
        & is_unit(&normal.into_inner()))
    .then_some(RayHit { t_enter, t_exit, point, normal })
}

/// Whether `n` has unit length within `4 × UNIT_TOLERANCE`. A normal off unit length can only come
/// from an invalid shape built through its public fields (a plane whose "unit" normal is not one,
/// an oriented box whose rotation is not a rotation); every cast then returns `None`.
#[inline]
pub(crate) fn is_unit<T: Real>(n: &Vector3<T>) -> bool {
    (n.norm_squared() - T::ONE).abs() <= T::UNIT_TOLERANCE * T::lit(4.0)
}

/// Whether a ray is usable: finite origin and direction, a non-zero direction, `max_t ≥ 0` (`+∞`
/// allowed). Every cast returns `None` for any other ray (a zero direction included: it reaches
/// nothing but its origin, and even a solid containing the origin gets no meaningful normal).
#[inline]
pub(crate) fn valid_ray<T: Real>(ray: &osculate_math::Ray<T>) -> bool {
    // One branch-free test: `x − x` is `0` for every finite `x` and NaN otherwise.
    let (o, d) = (&ray.origin, &ray.direction);
    let z = osculate_math::finite_probe(&o.coords) + osculate_math::finite_probe(d);
    (z.x + z.y + z.z == T::ZERO)
        & ((d.x != T::ZERO) | (d.y != T::ZERO) | (d.z != T::ZERO))
        & (ray.max_t >= T::ZERO)
}
