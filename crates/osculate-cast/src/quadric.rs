//! The line-quadric crossings the round solids share: the stable ball crossing (van den Bergen
//! Alg. 3.1 with numerically stable roots), the slab along an axis, the infinite cylinder, and the
//! clip of a line interval to a ray; a sphere, capsule, cylinder or cone cast is the intersection
//! of some of these intervals.

use osculate_math::{Point3, Ray, Real, Vector3, safe_normalize};

/// The interval `[t1, t2]` where the line `o + t·d` is within `r` of `c`, or `None` when it misses.
///
/// Numerically stable form (Haines, Günther, Akenine-Möller, "Precision Improvements for
/// Ray/Sphere Intersection", Ray Tracing Gems ch. 7, 2019) instead of the textbook discriminant
/// `(s·r)² − |r|²(|s|² − ρ²)` of van den Bergen's Algorithm 3.1, which cancels catastrophically
/// for a distant sphere (the text's own caveat): the discriminant is computed as
/// `ρ² − |l|²` with `l` the line's perpendicular offset from the center (no cancellation), and the
/// two roots as `q/a` and `c/q` so that neither is a difference of nearly equal numbers.
pub(crate) fn line_ball<T: Real>(
    o: &Point3<T>,
    d: &Vector3<T>,
    c: &Point3<T>,
    r: T,
) -> Option<(T, T)> {
    let m = o - c;
    let a = d.norm_squared();
    let b = m.dot(d);
    let inv_a = T::ONE / a;
    // The closest approach of the line to the center, and its squared distance.
    let l = m - d * (b * inv_a);
    let disc = r * r - l.norm_squared();
    if !((disc >= T::ZERO) & (r >= T::ZERO)) {
        return None;
    }
    let cc = m.norm_squared() - r * r;
    let root = (a * disc).sqrt();
    // `q = −(b + sign(b)·root)`: never a difference of nearly equal numbers (branch-free).
    let q = -(b + root.copysign(b));
    if q == T::ZERO {
        // The line passes through the center with the origin at the center: b = 0, r = 0.
        return Some((T::ZERO, T::ZERO));
    }
    let (t1, t2) = (q * inv_a, cc / q);
    Some((t1.fast_min(t2), t1.fast_max(t2)))
}

/// Clips the line interval `[t1, t2]` to the ray's `[0, max_t]`: `(t_enter, t_exit,
/// started_inside)`, or `None` when they do not meet.
#[inline]
pub(crate) fn clip<T: Real>(ray: &Ray<T>, t1: T, t2: T) -> Option<(T, T, bool)> {
    let enter = t1.fast_max(T::ZERO);
    let exit = t2.fast_min(ray.max_t);
    (enter <= exit).then_some((enter, exit, t1 < T::ZERO))
}

/// The interval where the line `o + t·d` is within the slab `0 ≤ (x − base)·axis ≤ len²` (axis not
/// unit: `len² = |axis|²`), or `None` when the line is parallel to it and outside.
pub(crate) fn line_slab<T: Real>(
    o: &Point3<T>,
    d: &Vector3<T>,
    base: &Point3<T>,
    axis: &Vector3<T>,
) -> Option<(T, T)> {
    let h0 = (o - base).dot(axis);
    let hd = d.dot(axis);
    let top = axis.norm_squared();
    if hd == T::ZERO {
        return (T::ZERO <= h0 && h0 <= top).then_some((T::NEG_INFINITY, T::INFINITY));
    }
    let (t1, t2) = (-h0 / hd, (top - h0) / hd);
    Some(if t1 <= t2 { (t1, t2) } else { (t2, t1) })
}

/// The interval where the line `o + t·d` is within `r` of the infinite line through `base` along
/// `axis` (the cylinder's body, without the end planes), or `None`.
pub(crate) fn line_infinite_cylinder<T: Real>(
    o: &Point3<T>,
    d: &Vector3<T>,
    base: &Point3<T>,
    axis: &Vector3<T>,
    r: T,
) -> Option<(T, T)> {
    let aa = axis.norm_squared();
    // The components perpendicular to the axis, as vectors (no |v|² − (v·u)² cancellation).
    let perp = |v: &Vector3<T>| v - axis * (v.dot(axis) / aa);
    let (m, n) = (perp(&(o - base)), perp(d));
    let a = n.norm_squared();
    if a == T::ZERO {
        // Parallel to the axis: inside the tube everywhere or nowhere.
        return (m.norm_squared() <= r * r).then_some((T::NEG_INFINITY, T::INFINITY));
    }
    // The tube in the perpendicular plane is a disc: the stable disc crossing of `line_ball`.
    line_ball(&Point3::from(m), &n, &Point3::origin(), r)
}

/// The outward normal of a tube of radius `r` about `axis` at a point whose offset from the axis
/// is `radial`. For `r = 0` (a segment) the offset is rounding noise, and the normal is the part of
/// the ray's `−d` perpendicular to the axis (outward on the segment, at its ends too, and facing
/// the ray), or `−d` itself for a ray along the axis or a zero axis.
pub(crate) fn radial_normal<T: Real>(
    radial: &Vector3<T>,
    axis: &Vector3<T>,
    d: &Vector3<T>,
    r: T,
) -> Vector3<T> {
    if r != T::ZERO {
        return *radial;
    }
    let perp = -(d - axis * (d.dot(axis) / axis.norm_squared()));
    if safe_normalize(&perp).is_some() { perp } else { -d }
}

/// The interval where the line `o + t·d` is inside the capsule's body (the cylinder between the
/// end planes), for `ray_capsule`.
pub(crate) fn line_cylinder_body<T: Real>(
    o: &Point3<T>,
    d: &Vector3<T>,
    base: &Point3<T>,
    axis: &Vector3<T>,
    r: T,
) -> Option<(T, T)> {
    let (s1, s2) = line_slab(o, d, base, axis)?;
    let (c1, c2) = line_infinite_cylinder(o, d, base, axis, r)?;
    let (t1, t2) = (s1.fast_max(c1), s2.fast_min(c2));
    (t1 <= t2).then_some((t1, t2))
}
