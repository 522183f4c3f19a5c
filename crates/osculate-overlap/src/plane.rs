//! Shapes against a plane and against a halfspace (Ericson 5.2.2-5.2.4).
//!
//! A plane is `n·x = d` with a unit normal; the halfspace of a [`Halfspace`] is the solid behind
//! its plane, `n·x ≤ d` (Ericson's "negative halfspace"). Each shape is projected on the normal and
//! its interval `[lo, hi]` of signed distances compared with 0: it meets the plane when
//! `lo ≤ 0 ≤ hi` and the halfspace when `lo ≤ 0`. Touching counts as meeting. NaN input, negative
//! radii or extents give `false`.

use osculate_math::{Aabb, Capsule, Cone, Halfspace, Obb, Plane, Real, Sphere, Triangle, Vector3};

/// The interval of signed distances of a shape: `[center − r, center + r]`, or `None` for a
/// negative, NaN or infinite radius or a non-finite center distance.
#[inline]
fn interval<T: Real>(center: T, r: T) -> Option<(T, T)> {
    (r >= T::ZERO && r.is_finite() && center.is_finite()).then(|| (center - r, center + r))
}

#[inline]
fn meets<T: Real>(iv: Option<(T, T)>) -> bool {
    iv.is_some_and(|(lo, hi)| lo <= T::ZERO && T::ZERO <= hi)
}

#[inline]
fn enters<T: Real>(iv: Option<(T, T)>) -> bool {
    iv.is_some_and(|(lo, _)| lo <= T::ZERO)
}

/// The signed-distance interval of a sphere.
#[inline]
fn sphere_iv<T: Real>(s: &Sphere<T>, p: &Plane<T>) -> Option<(T, T)> {
    interval(p.signed_distance(&s.center), s.radius)
}

/// Whether sphere `s` intersects `plane`: `|n·c − d| ≤ r` (Ericson 5.2.2, `TestSpherePlane`).
///
/// # Examples
/// ```
/// use osculate_overlap::sphere_plane;
/// use osculate_math::{Plane, Point3, Sphere, Vector3};
///
/// let floor = Plane::new(Vector3::z_axis(), 0.0_f64);
/// assert!(sphere_plane(&Sphere::new(Point3::new(0.0, 0.0, 0.5), 1.0), &floor));
/// assert!(!sphere_plane(&Sphere::new(Point3::new(0.0, 0.0, -2.0), 1.0), &floor));
/// ```
#[inline]
#[must_use]
pub fn sphere_plane<T: Real>(s: &Sphere<T>, plane: &Plane<T>) -> bool {
    meets(sphere_iv(s, plane))
}

/// Whether sphere `s` lies fully behind `plane`: `n·c − d < −r` (Ericson 5.2.2,
/// `InsideSpherePlane`; a sphere touching the plane from behind is not fully behind).
///
/// # Examples
/// ```
/// use osculate_overlap::sphere_behind_plane;
/// use osculate_math::{Plane, Point3, Sphere, Vector3};
///
/// let floor = Plane::new(Vector3::z_axis(), 0.0_f64);
/// assert!(sphere_behind_plane(&Sphere::new(Point3::new(0.0, 0.0, -2.0), 1.0), &floor));
/// assert!(!sphere_behind_plane(&Sphere::new(Point3::new(0.0, 0.0, -1.0), 1.0), &floor));
/// ```
#[inline]
#[must_use]
pub fn sphere_behind_plane<T: Real>(s: &Sphere<T>, plane: &Plane<T>) -> bool {
    sphere_iv(s, plane).is_some_and(|(_, hi)| hi < T::ZERO)
}

/// Whether sphere `s` intersects the halfspace behind the plane of `h`: `n·c − d ≤ r` (Ericson
/// 5.2.2, `TestSphereHalfspace`).
///
/// # Examples
/// ```
/// use osculate_overlap::sphere_halfspace;
/// use osculate_math::{Halfspace, Plane, Point3, Sphere, Vector3};
///
/// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f32));
/// assert!(sphere_halfspace(&Sphere::new(Point3::new(0.0, 0.0, -9.0), 1.0), &ground));
/// assert!(!sphere_halfspace(&Sphere::new(Point3::new(0.0, 0.0, 1.5), 1.0), &ground));
/// ```
#[inline]
#[must_use]
pub fn sphere_halfspace<T: Real>(s: &Sphere<T>, h: &Halfspace<T>) -> bool {
    enters(sphere_iv(s, &h.plane))
}

/// The signed-distance interval of a box given by center and half extents along three axes.
#[inline]
fn box_iv<T: Real>(s: T, e: &Vector3<T>, axes_dot_n: [T; 3]) -> Option<(T, T)> {
    if !(e.x >= T::ZERO && e.y >= T::ZERO && e.z >= T::ZERO) {
        return None;
    }
    let r = e.x * axes_dot_n[0].abs() + e.y * axes_dot_n[1].abs() + e.z * axes_dot_n[2].abs();
    interval(s, r)
}

#[inline]
fn aabb_iv<T: Real>(b: &Aabb<T>, p: &Plane<T>) -> Option<(T, T)> {
    let n = p.normal.into_inner();
    box_iv(p.signed_distance(&b.center()), &b.half_extents(), [n.x, n.y, n.z])
}

#[inline]
fn obb_iv<T: Real>(b: &Obb<T>, p: &Plane<T>) -> Option<(T, T)> {
    let n = p.normal.into_inner();
    let dots = [b.axes()[0].dot(&n), b.axes()[1].dot(&n), b.axes()[2].dot(&n)];
    box_iv(p.signed_distance(&b.center), &b.half_extents, dots)
}

/// Whether box `b` intersects `plane`: the projection radius `r = Σ e_i |n_i|` against the center's
/// signed distance, `|s| ≤ r` (Ericson 5.2.3, `TestAABBPlane`). An inverted box gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::aabb_plane;
/// use osculate_math::{Aabb, Plane, Point3, Vector3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let diagonal = Plane::try_from_point_normal(Point3::new(1.0, 1.0, 1.0), Vector3::new(1.0, 1.0, 1.0))?;
/// assert!(aabb_plane(&b, &diagonal)); // through a corner
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[inline]
#[must_use]
pub fn aabb_plane<T: Real>(b: &Aabb<T>, plane: &Plane<T>) -> bool {
    meets(aabb_iv(b, plane))
}

/// Whether box `b` intersects the halfspace behind the plane of `h` (`s ≤ r`, Ericson 5.2.3).
///
/// # Examples
/// ```
/// use osculate_overlap::aabb_halfspace;
/// use osculate_math::{Aabb, Halfspace, Plane, Point3, Vector3};
///
/// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
/// assert!(aabb_halfspace(&Aabb::new(Point3::new(0.0, 0.0, -5.0), Point3::new(1.0, 1.0, -4.0)), &ground));
/// assert!(!aabb_halfspace(&Aabb::new(Point3::new(0.0, 0.0, 0.5), Point3::new(1.0, 1.0, 1.0)), &ground));
/// ```
#[inline]
#[must_use]
pub fn aabb_halfspace<T: Real>(b: &Aabb<T>, h: &Halfspace<T>) -> bool {
    enters(aabb_iv(b, &h.plane))
}

/// Whether oriented box `b` intersects `plane`: `r = Σ e_i |u_i · n|`, `|s| ≤ r` (Ericson 5.2.3,
/// `TestOBBPlane`). A negative half extent gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::obb_plane;
/// use osculate_math::{Obb, Plane, Point3, Rotation3, Vector3};
///
/// let b = Obb::new(Point3::new(0.0_f64, 0.0, 1.3), Rotation3::from_axis_angle(&Vector3::x_axis(), 0.785398), Vector3::new(1.0, 1.0, 1.0));
/// assert!(obb_plane(&b, &Plane::new(Vector3::z_axis(), 0.0))); // the rotated box reaches down √2
/// ```
#[inline]
#[must_use]
pub fn obb_plane<T: Real>(b: &Obb<T>, plane: &Plane<T>) -> bool {
    meets(obb_iv(b, plane))
}

/// Whether oriented box `b` intersects the halfspace behind the plane of `h` (Ericson 5.2.3):
/// `s − r ≤ 0` for the center's signed distance `s` and the projection radius `r`. A box touching
/// the plane from the front (its lowest point on it) counts as intersecting.
///
/// # Examples
/// ```
/// use osculate_overlap::obb_halfspace;
/// use osculate_math::{Halfspace, Obb, Plane, Point3, Rotation3, Vector3};
///
/// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
/// let b = Obb::new(Point3::new(0.0, 0.0, 1.5), Rotation3::identity(), Vector3::new(1.0, 1.0, 1.0));
/// assert!(!obb_halfspace(&b, &ground));
/// ```
#[inline]
#[must_use]
pub fn obb_halfspace<T: Real>(b: &Obb<T>, h: &Halfspace<T>) -> bool {
    enters(obb_iv(b, &h.plane))
}

/// The signed-distance interval of a cone (Ericson 5.2.4): its extremes along `n` are the tip and
/// the base-rim points farthest along `∓n`, `Q = T + h·d ± r·m` with `m` the unit vector of
/// `(n × d) × d` (the direction in the base plane most aligned with `−n`). When `n ∥ d` every rim
/// point is equally far and `m` is zero.
fn cone_iv<T: Real>(c: &Cone<T>, p: &Plane<T>) -> Option<(T, T)> {
    if !(c.height >= T::ZERO && c.radius >= T::ZERO) {
        return None;
    }
    let n = p.normal.into_inner();
    let d = c.axis.into_inner();
    let tip = p.signed_distance(&c.tip);
    let base = tip + c.height * n.dot(&d);
    // The radius of the rim's projection on n: r·|n − (n·d) d| = r·sqrt(1 − (n·d)²).
    let nd = n.dot(&d);
    let rim = c.radius * (T::ONE - nd * nd).fast_max(T::ZERO).sqrt();
    let lo = tip.fast_min(base - rim);
    let hi = tip.fast_max(base + rim);
    (lo.is_finite() && hi.is_finite()).then_some((lo, hi))
}

/// Whether cone `c` intersects `plane`: the tip and the two extreme rim points bound its projection
/// on the normal (Ericson 5.2.4, both sides). A cone touching the plane (tip or rim on it, the
/// rest on one side) counts as intersecting (`lo ≤ 0 ≤ hi`).
///
/// # Examples
/// ```
/// use osculate_overlap::cone_plane;
/// use osculate_math::{Cone, Plane, Point3, Vector3};
///
/// // Tip at z = 1 pointing down, base disc at z = −1 of radius 1.
/// let c = Cone::new(Point3::new(0.0_f64, 0.0, 1.0), -Vector3::z_axis(), 2.0, 1.0);
/// assert!(cone_plane(&c, &Plane::new(Vector3::z_axis(), 0.0)));
/// assert!(!cone_plane(&c, &Plane::new(Vector3::z_axis(), 1.5)));
/// // A tilted plane just clears the rim.
/// let tilted = Plane::try_from_point_normal(Point3::new(1.1, 0.0, -1.0), Vector3::new(1.0, 0.0, 0.0))?;
/// assert!(!cone_plane(&c, &tilted));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[inline]
#[must_use]
pub fn cone_plane<T: Real>(c: &Cone<T>, plane: &Plane<T>) -> bool {
    meets(cone_iv(c, plane))
}

/// Whether cone `c` intersects the halfspace behind the plane of `h`: the tip or the rim point
/// farthest along `−n` is behind the plane (Ericson 5.2.4, `TestConeHalfspace`). Touching (that
/// point exactly on the plane) counts as intersecting (`≤ 0`).
///
/// # Examples
/// ```
/// use osculate_overlap::cone_halfspace;
/// use osculate_math::{Cone, Halfspace, Plane, Point3, Vector3};
///
/// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
/// // Lying on its side 0.5 above the ground: the rim reaches down to z = −0.5.
/// let c = Cone::new(Point3::new(0.0, 0.0, 0.5), Vector3::x_axis(), 2.0, 1.0);
/// assert!(cone_halfspace(&c, &ground));
/// ```
#[inline]
#[must_use]
pub fn cone_halfspace<T: Real>(c: &Cone<T>, h: &Halfspace<T>) -> bool {
    enters(cone_iv(c, &h.plane))
}

/// The signed-distance interval of a capsule: its axis end points grown by the radius.
#[inline]
fn capsule_iv<T: Real>(c: &Capsule<T>, p: &Plane<T>) -> Option<(T, T)> {
    let (sa, sb) = (p.signed_distance(&c.a), p.signed_distance(&c.b));
    if !(c.radius >= T::ZERO && c.radius.is_finite() && sa.is_finite() && sb.is_finite()) {
        return None;
    }
    Some((sa.fast_min(sb) - c.radius, sa.fast_max(sb) + c.radius))
}

/// Whether capsule `c` intersects `plane`: its axis end points' signed distances, widened by the
/// radius, straddle 0 (the sphere-plane test of Ericson 5.2.2 swept along the axis). A capsule
/// touching the plane (its nearest end exactly `r` from it) counts as intersecting.
///
/// # Examples
/// ```
/// use osculate_overlap::capsule_plane;
/// use osculate_math::{Capsule, Plane, Point3, Vector3};
///
/// let c = Capsule::new(Point3::new(0.0_f64, 0.0, 1.0), Point3::new(0.0, 0.0, 3.0), 0.5);
/// assert!(!capsule_plane(&c, &Plane::new(Vector3::z_axis(), 0.0)));
/// assert!(capsule_plane(&c, &Plane::new(Vector3::z_axis(), 0.5)));
/// ```
#[inline]
#[must_use]
pub fn capsule_plane<T: Real>(c: &Capsule<T>, plane: &Plane<T>) -> bool {
    meets(capsule_iv(c, plane))
}

/// Whether capsule `c` intersects the halfspace behind the plane of `h`: the lower axis end's signed
/// distance minus the radius is at most 0. Touching from the front counts as intersecting.
///
/// # Examples
/// ```
/// use osculate_overlap::capsule_halfspace;
/// use osculate_math::{Capsule, Halfspace, Plane, Point3, Vector3};
///
/// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f32));
/// let c = Capsule::new(Point3::new(0.0, 0.0, 0.4), Point3::new(0.0, 0.0, 3.0), 0.5);
/// assert!(capsule_halfspace(&c, &ground));
/// ```
#[inline]
#[must_use]
pub fn capsule_halfspace<T: Real>(c: &Capsule<T>, h: &Halfspace<T>) -> bool {
    enters(capsule_iv(c, &h.plane))
}

/// The signed-distance interval of a triangle: its vertices' extremes.
#[inline]
fn triangle_iv<T: Real>(t: &Triangle<T>, p: &Plane<T>) -> Option<(T, T)> {
    let s = [p.signed_distance(&t.a), p.signed_distance(&t.b), p.signed_distance(&t.c)];
    if !s.iter().all(|x| x.is_finite()) {
        return None;
    }
    Some((s[0].fast_min(s[1]).fast_min(s[2]), s[0].fast_max(s[1]).fast_max(s[2])))
}

/// Whether triangle `t` meets `plane`: its vertices are not all strictly on one side.
///
/// # Examples
/// ```
/// use osculate_overlap::triangle_plane;
/// use osculate_math::{Plane, Point3, Triangle, Vector3};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, -1.0), Point3::new(1.0, 0.0, 1.0), Point3::new(0.0, 1.0, 1.0));
/// assert!(triangle_plane(&t, &Plane::new(Vector3::z_axis(), 0.0)));
/// assert!(!triangle_plane(&t, &Plane::new(Vector3::z_axis(), 2.0)));
/// ```
#[inline]
#[must_use]
pub fn triangle_plane<T: Real>(t: &Triangle<T>, plane: &Plane<T>) -> bool {
    meets(triangle_iv(t, plane))
}

/// Whether triangle `t` meets the halfspace behind the plane of `h`: some vertex is behind or on
/// the plane.
///
/// # Examples
/// ```
/// use osculate_overlap::triangle_halfspace;
/// use osculate_math::{Halfspace, Plane, Point3, Triangle, Vector3};
///
/// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
/// let t = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 1.0), Point3::new(0.0, 1.0, 1.0));
/// assert!(triangle_halfspace(&t, &ground)); // a vertex on the plane
/// ```
#[inline]
#[must_use]
pub fn triangle_halfspace<T: Real>(t: &Triangle<T>, h: &Halfspace<T>) -> bool {
    enters(triangle_iv(t, &h.plane))
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_math::point3;
    use osculate_math::{Point3, Rotation3};

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let floor = Plane::new(Vector3::z_axis(), l(0.0));
        let ground = Halfspace::new(floor);
        // Spheres: the three variants of Ericson 5.2.2, touching included.
        let touching = Sphere::new(p(0.0, 0.0, 1.0), l(1.0));
        assert!(sphere_plane(&touching, &floor) && sphere_halfspace(&touching, &ground));
        assert!(!sphere_behind_plane(&touching, &floor));
        let deep = Sphere::new(p(0.0, 0.0, -5.0), l(1.0));
        assert!(!sphere_plane(&deep, &floor) && sphere_halfspace(&deep, &ground));
        assert!(sphere_behind_plane(&deep, &floor));
        assert!(!sphere_plane(&Sphere::new(p(0.0, 0.0, 0.0), l(-1.0)), &floor));
        // Boxes: face on the plane, below, above; a flat box in the plane; inverted.
        let b = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        assert!(aabb_plane(&b, &floor) && aabb_halfspace(&b, &ground));
        let above = Aabb::new(p(0.0, 0.0, 0.5), p(1.0, 1.0, 1.0));
        assert!(!aabb_plane(&above, &floor) && !aabb_halfspace(&above, &ground));
        let below = Aabb::new(p(0.0, 0.0, -2.0), p(1.0, 1.0, -1.0));
        assert!(!aabb_plane(&below, &floor) && aabb_halfspace(&below, &ground));
        assert!(aabb_plane(&Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 0.0)), &floor));
        assert!(!aabb_plane(&Aabb::new(p(0.0, 0.0, 1.0), p(1.0, 1.0, -1.0)), &floor));
        let tilted = Obb::new(
            p(0.0, 0.0, 1.4),
            Rotation3::from_axis_angle(&Vector3::x_axis(), l(core::f64::consts::FRAC_PI_4)),
            Vector3::new(l(1.0), l(1.0), l(1.0)),
        );
        assert!(obb_plane(&tilted, &floor));
        let lifted = Obb { center: p(0.0, 0.0, 1.5), ..tilted };
        assert!(!obb_plane(&lifted, &floor) && !obb_halfspace(&lifted, &ground));
        // Cones: upright (tip down touching), lying on its side, axis along the normal.
        let cone = Cone::new(p(0.0, 0.0, 0.0), Vector3::z_axis(), l(2.0), l(1.0));
        assert!(cone_plane(&cone, &floor) && cone_halfspace(&cone, &ground));
        let raised = Cone::new(p(0.0, 0.0, 0.1), Vector3::z_axis(), l(2.0), l(1.0));
        assert!(!cone_plane(&raised, &floor) && !cone_halfspace(&raised, &ground));
        let side = Cone::new(p(0.0, 0.0, 0.9), Vector3::x_axis(), l(2.0), l(1.0));
        assert!(cone_plane(&side, &floor));
        let side_up = Cone::new(p(0.0, 0.0, 1.1), Vector3::x_axis(), l(2.0), l(1.0));
        assert!(!cone_halfspace(&side_up, &ground));
        // Capsules and triangles.
        let cap = Capsule::new(p(0.0, 0.0, 1.0), p(5.0, 0.0, 3.0), l(1.0));
        assert!(capsule_plane(&cap, &floor) && capsule_halfspace(&cap, &ground));
        let t = Triangle::new(p(0.0, 0.0, 1.0), p(1.0, 0.0, 2.0), p(0.0, 1.0, 3.0));
        assert!(!triangle_plane(&t, &floor) && !triangle_halfspace(&t, &ground));
        let nan = Triangle::new(p(f64::NAN, 0.0, 0.0), t.b, t.c);
        assert!(!triangle_plane(&nan, &floor) && !triangle_halfspace(&nan, &ground));
    }

    #[test]
    fn infinite_input_meets_nothing() {
        let inf = f64::INFINITY;
        let floor = Plane::new(Vector3::z_axis(), 0.0);
        let ground = Halfspace::new(floor);
        let s = Sphere::new(Point3::new(0.0, -inf, 1.0), 0.5);
        assert!(!sphere_plane(&s, &floor) && !sphere_behind_plane(&s, &floor));
        assert!(!sphere_halfspace(&Sphere::new(Point3::origin(), inf), &ground));
        let b = Aabb::new(Point3::new(0.0, 0.0, -inf), Point3::new(1.0, 1.0, 1.0));
        assert!(!aabb_plane(&b, &floor) && !aabb_halfspace(&b, &ground));
        let c = Capsule::new(Point3::origin(), Point3::new(1.0, 0.0, 0.0), inf);
        assert!(!capsule_plane(&c, &floor) && !capsule_halfspace(&c, &ground));
        let far = Halfspace::new(Plane::new(Vector3::z_axis(), inf));
        assert!(!sphere_halfspace(&Sphere::new(Point3::origin(), 1.0), &far));
    }

    osculate_testing::for_f32_and_f64!(worked_cases);
}
