//! The rims of cylinders and cones against a plane: the direction their rim points turn from,
//! the rim points, and a tilted cylinder's manifold chosen from its rim points' closed-form
//! distances and coordinates in a frame of the plane.

use osculate_math::{Cylinder, Plane, Point3, Real, UnitVector3, Vector3, any_perpendicular};

use super::planar::{FlatPoint, flat_choice, point_on};
use super::round::rim_points;
use super::{CAP_POLYGON_VERTICES, EIGHTH_TURNS, Feature, Manifold, REDUCTION_DEPTH_TIE};

/// The corner of [`rim_points`] at `(cos, sin)` of its angle: `center + (x cos + y sin) radius`,
/// `y = normal × x`.
pub(super) fn rim_point<T: Real>(
    center: &Point3<T>,
    x: &Vector3<T>,
    y: &Vector3<T>,
    radius: T,
    (c, s): (f64, f64),
) -> Point3<T> {
    center + (x * T::lit(c) + y * T::lit(s)) * radius
}

/// The most rim points of a cylinder (its two cap polygons).
const MAX_CANDIDATES: usize = 2 * CAP_POLYGON_VERTICES;

/// The direction from a circle's center (unit normal `axis` of its plane, `±axis` alike)
/// toward its first rim point: the rim's point farthest along `normal` where the circle is
/// tilted to the plane (the sine of the tilt, `across`'s length `len`, above
/// [`REDUCTION_DEPTH_TIE`]); a circle level within that sine, whose rim points' depths differ
/// by less than the reduction's depth tie, takes [`any_perpendicular`] of `normal`, a
/// direction fixed by the plane, so that small motions of a standing cylinder or cone neither
/// turn its points about the axis nor renumber them. `across` is `normal`'s part across the
/// axis.
pub(super) fn rim_toward<T: Real>(
    normal: &UnitVector3<T>,
    across: &Vector3<T>,
    len: T,
) -> Vector3<T> {
    let d = normal.into_inner();
    if len > T::lit(REDUCTION_DEPTH_TIE) {
        // `radial`'s test and quotient on the part across already computed.
        if len > T::DEGENERATE_SQ_TOLERANCE.sqrt() * d.norm() {
            across / len
        } else {
            Vector3::zeros()
        }
    } else {
        any_perpendicular(&d).into_inner()
    }
}

/// The rim of a circle (center `center`, unit normal `axis` of its plane, radius `radius`)
/// as the [`CAP_POLYGON_VERTICES`] corners of its cap polygon (the points `cap_polygon`
/// gives with every roll direction `toward`), ids `Vertex(first + k)`, the first along
/// `toward`'s part across the axis ([`rim_toward`]).
pub(super) fn rim<T: Real>(
    center: Point3<T>,
    axis: Vector3<T>,
    radius: T,
    toward: &Vector3<T>,
    first: u32,
) -> impl Iterator<Item = (Point3<T>, Feature)> + use<T> {
    let (x, _) = rim_frame(&axis, toward);
    rim_points(center, &axis, x, radius).zip(first..).map(|(p, k)| (p, Feature::Vertex(k)))
}

/// The unit directions `x` and `y = axis × x` from which [`rim`] turns a circle's points
/// (unit normal `axis`): `x` along `toward`'s part across the axis.
fn rim_frame<T: Real>(axis: &Vector3<T>, toward: &Vector3<T>) -> (Vector3<T>, Vector3<T>) {
    let x = (toward - axis * axis.dot(toward))
        .try_normalize(T::ZERO)
        .unwrap_or_else(|| any_perpendicular(axis).into_inner());
    (x, axis.cross(&x))
}

/// The manifold of cylinder `c` tilted to the plane (`tilt`, the sine of the angle between
/// its axis `u` and the plane, above [`REDUCTION_DEPTH_TIE`]; `toward` the rims' first
/// direction from [`rim_toward`]), the same rim points and the same reduction as the
/// general path, chosen from two coordinates and built only where kept.
///
/// The rims' first direction `x` is the normal's part across the axis, so each rim point's
/// signed distance is its cap center's minus `radius · tilt · cos θ` (`θ` its angle from
/// `x`), and the rims' projections on the plane are two ellipses on one line. In the plane's
/// frame `e1` (along the projection of `x`) and `e2 = normal × e1` (so that an area seen
/// along the normal is the frame's cross product), with `s` the sign of `u · normal` (−1 for
/// zero), the rim point at `θ` about `a` lies at `(r |u · normal| cos θ, −s r sin θ)` from
/// `a`'s projection, the one about `b` at `(−s L tilt + r |u · normal| cos θ, s r sin θ)`
/// (`L` the axis's length). The reduction's distances and areas are those of the projected
/// points, so it keeps the same points as on the built ones up to rounding: a choice can
/// differ only where two scores differ by their tie within rounding (rounding, not
/// geometry, decided it there too), and a point's kept-or-not only where its distance is
/// the prediction within rounding (a point built beyond the prediction is left out).
#[allow(clippy::too_many_arguments, reason = "the cylinder's quantities, computed once")]
pub(super) fn tilted_cylinder_manifold<T: Real>(
    c: &Cylinder<T>,
    plane: &Plane<T>,
    normal: UnitVector3<T>,
    u: &Vector3<T>,
    len: T,
    tilt: T,
    toward: &Vector3<T>,
    prediction: T,
) -> Manifold<T> {
    let ud = u.dot(&normal);
    let s = if ud > T::ZERO { T::ONE } else { -T::ONE };
    let semi = c.radius * ud.abs();
    let reach = c.radius * tilt;
    let sign = -normal.dot(&plane.normal);
    // Per cap: its center's signed distance, its projection's offset along `e1`, the sign
    // of its rim's `e2` coordinates.
    let caps = [
        (sign * plane.signed_distance(&c.a), T::ZERO, -s),
        (sign * plane.signed_distance(&c.b), -s * len * tilt, s),
    ];
    // Each cap's first rim point is its deepest (`cos θ = 1`): both beyond the prediction,
    // no point is kept.
    if !(caps[0].0 - reach <= prediction || caps[1].0 - reach <= prediction) {
        return Manifold::with_normal(normal).checked();
    }
    let mut flat = [FlatPoint::blank(); MAX_CANDIDATES];
    let mut count = 0;
    for (cap, &(height, offset, turn)) in caps.iter().enumerate() {
        for (k, &(cos, sin)) in EIGHTH_TURNS.iter().enumerate() {
            let distance = height - reach * T::lit(cos);
            if distance <= prediction
                && let Some(slot) = flat.get_mut(count)
            {
                *slot = FlatPoint {
                    along: offset + semi * T::lit(cos),
                    across: turn * c.radius * T::lit(sin),
                    distance,
                    index: CAP_POLYGON_VERTICES * cap + k,
                };
                count += 1;
            }
        }
    }
    let kept = flat.get(..count).unwrap_or(&[]);
    let (chosen, n) = flat_choice(kept);
    // The kept points built as [`rim`] builds them.
    let frames = [(c.a, rim_frame(&-u, toward)), (c.b, rim_frame(u, toward))];
    let mut m = Manifold::with_normal(normal);
    for &i in chosen.get(..n).unwrap_or(&[]) {
        let Some(p) = kept.get(i) else { continue };
        let (cap, k) = (p.index / CAP_POLYGON_VERTICES, p.index % CAP_POLYGON_VERTICES);
        if let (Some((center, (x, y))), Some(&turn)) = (frames.get(cap), EIGHTH_TURNS.get(k)) {
            let x = rim_point(center, x, y, c.radius, turn);
            let q = point_on(plane, &normal, x, Feature::Vertex(p.index as u32));
            if q.distance <= prediction {
                m.push(q);
            }
        }
    }
    m.checked()
}

/// A lower bound on the signed distance along `normal` (`±n`) from `plane` of every point of
/// the rim of radius `radius` about `center` whose plane's normal leaves `normal` a part of
/// length `len` across it, the rounding of the rim points and of their distances included:
/// above the prediction, none of the rim's points is kept.
pub(super) fn rim_floor<T: Real>(
    plane: &Plane<T>,
    normal: &UnitVector3<T>,
    center: &Point3<T>,
    radius: T,
    len: T,
) -> T {
    let sign = -normal.dot(&plane.normal);
    let c = center.coords;
    let scale = c.x.abs() + c.y.abs() + c.z.abs() + radius + plane.d.abs();
    sign * plane.signed_distance(center) - radius * len - T::lit(64.0) * T::EPSILON * scale
}
