//! The manifolds of boxes, capsules, triangles, polyhedra, cylinders and cones against a plane (a
//! two-sided surface) and a halfspace (a solid): the shape's corners (a round shape's rim points)
//! within the prediction of the plane, reduced to four keeping the deepest and the largest area.

use osculate_math::{
    Aabb, Capsule, Halfspace, Obb, Plane, Point3, Real, Triangle, UnitVector3, Validate,
};

use super::{Feature, FeatureId, Manifold, ManifoldPoint, reduce};
use crate::SupportMap;

/// The unit normal from the shape (support map `s`) toward the plane: for a halfspace (`solid`)
/// always `−n`, the shape pushed out of its front; for a two-sided plane the side that needs the
/// shorter push (`−n` when the shape's lowest point along `n` is above the plane by no less than
/// its highest point is below it: for a sphere, the side of its center; a shape centred on the
/// plane goes to the front). `None` for a plane or shape with a NaN or infinite number.
fn toward<T: Real, S: SupportMap<T> + ?Sized>(
    s: &S,
    plane: &Plane<T>,
    solid: bool,
) -> Option<UnitVector3<T>> {
    if !plane.is_valid() {
        return None;
    }
    let n = plane.normal;
    if solid {
        return Some(-n);
    }
    let low = plane.signed_distance(&s.support(&-n.into_inner()));
    let high = plane.signed_distance(&s.support(&n.into_inner()));
    if !(low.is_finite() && high.is_finite()) {
        return None;
    }
    Some(if -low <= high { -n } else { n })
}

/// [`toward`] for a valid shape: `None` also for a shape with a NaN or infinite number or a
/// negative size (its [`Validate`] check), which gives the empty manifold.
fn valid_toward<T: Real, S: SupportMap<T> + Validate>(
    s: &S,
    plane: &Plane<T>,
    solid: bool,
) -> Option<UnitVector3<T>> {
    if s.is_valid() { toward(s, plane, solid) } else { None }
}

/// The manifold point of the shape's boundary point `x` (feature `id`) against the plane, with
/// the normal `normal` (`±n`) toward it: the signed distance along the normal, the point's
/// projection on the plane.
fn point_on<T: Real>(
    plane: &Plane<T>,
    normal: &UnitVector3<T>,
    x: Point3<T>,
    id: Feature,
) -> ManifoldPoint<T> {
    let n = plane.normal.into_inner();
    let s = plane.signed_distance(&x);
    let sign = -normal.dot(&n);
    ManifoldPoint {
        point_a: x,
        point_b: x - n * s,
        distance: sign * s,
        id: FeatureId { a: id, b: Feature::Face(0) },
    }
}

/// A placeholder point, to fill fixed arrays of candidates.
fn blank<T: Real>() -> ManifoldPoint<T> {
    ManifoldPoint {
        point_a: Point3::origin(),
        point_b: Point3::origin(),
        distance: T::ZERO,
        id: FeatureId { a: Feature::Face(0), b: Feature::Face(0) },
    }
}

/// The manifold of the candidate points (at most `N`, the shape's fixed number: a box's 8
/// corners, a cylinder's 16 rim points) within `prediction`, reduced to four.
fn from_candidates<T: Real, const N: usize>(
    plane: &Plane<T>,
    normal: UnitVector3<T>,
    candidates: impl IntoIterator<Item = (Point3<T>, Feature)>,
    prediction: T,
) -> Manifold<T> {
    if prediction.is_nan() {
        return Manifold::empty();
    }
    let mut found = [blank(); N];
    let mut len = 0;
    for (x, id) in candidates {
        let p = point_on(plane, &normal, x, id);
        if p.distance <= prediction
            && let Some(slot) = found.get_mut(len)
        {
            *slot = p;
            len += 1;
        }
    }
    reduce(&normal, found.get(..len).unwrap_or(&[])).checked()
}

/// `64 ε` times `scale`: the rounding allowed for a point of a shape of that scale (the sum of
/// its defining numbers' magnitudes and the plane's offset) and of its distance from the plane,
/// with a wide margin.
fn rounding<T: Real>(scale: T) -> T {
    T::lit(64.0) * T::EPSILON * scale
}

/// The sum of the magnitudes of `v`'s coordinates.
fn abs_sum<T: Real>(v: &osculate_math::Vector3<T>) -> T {
    v.x.abs() + v.y.abs() + v.z.abs()
}

fn obb_manifold<T: Real>(o: &Obb<T>, plane: &Plane<T>, solid: bool, prediction: T) -> Manifold<T> {
    let Some(normal) = valid_toward(o, plane, solid) else { return Manifold::empty() };
    // Each corner's distance along the normal, estimated from the center's and the axes': a
    // corner beyond the prediction by more than the rounding of the estimate and of the corner's
    // own distance is left out before it is computed (as the filter would leave it out). The
    // corners kept are computed as [`Obb::corners`] computes them.
    let sign = -normal.dot(&plane.normal);
    let n = plane.normal.into_inner();
    let e = o.half_extents;
    let r = o.rotation.matrix();
    let reach = |k: usize, h: T| sign * n.dot(&r.column(k)) * h;
    let (rx, ry, rz) = (reach(0, e.x), reach(1, e.y), reach(2, e.z));
    let center = sign * plane.signed_distance(&o.center);
    let size = e.x * abs_sum(&r.column(0).into())
        + e.y * abs_sum(&r.column(1).into())
        + e.z * abs_sum(&r.column(2).into());
    let limit = prediction + rounding(abs_sum(&o.center.coords) + size + plane.d.abs());
    let side = |i: u32, bit: u32, x: T| if i & bit == 0 { -x } else { x };
    let corners = (0..8)
        .filter(|&i| !(center + side(i, 1, rx) + side(i, 2, ry) + side(i, 4, rz) > limit))
        .map(|i| {
            let local =
                osculate_math::Vector3::new(side(i, 1, e.x), side(i, 2, e.y), side(i, 4, e.z));
            (o.center + o.rotation * local, Feature::Vertex(i))
        });
    from_candidates::<T, 8>(plane, normal, corners, prediction)
}

fn capsule_manifold<T: Real>(
    c: &Capsule<T>,
    plane: &Plane<T>,
    solid: bool,
    prediction: T,
) -> Manifold<T> {
    let Some(normal) = valid_toward(c, plane, solid) else { return Manifold::empty() };
    // Both candidates lie within the radius of an end: with both ends beyond the prediction by
    // more than the radius and the rounding, none is kept.
    let sign = -normal.dot(&plane.normal);
    let beyond = |end: &Point3<T>| {
        let floor = sign * plane.signed_distance(end)
            - c.radius
            - rounding(abs_sum(&end.coords) + c.radius + plane.d.abs());
        floor > prediction
    };
    if beyond(&c.a) && beyond(&c.b) {
        return Manifold::with_normal(normal).checked();
    }
    let m = normal.into_inner();
    let axis = c.b - c.a;
    // A capsule of no length is a sphere: one point, its support point.
    if axis == osculate_math::Vector3::zeros() {
        return from_candidates::<T, 1>(
            plane,
            normal,
            [(c.a + m * c.radius, Feature::Vertex(0))],
            prediction,
        );
    }
    // The lower end (farther along the normal; `a` on a tie): its cap's deepest point. The
    // other end: the end of the side's generator nearest the plane (the end moved by the radius
    // along the normal's component across the axis), on the rim of its cap; none when the axis
    // is along the normal.
    let low = if axis.dot(&m) > T::ZERO { Feature::Vertex(1) } else { Feature::Vertex(0) };
    let across = m - axis * (axis.dot(&m) / axis.norm_squared());
    let len = across.norm();
    let across = (len > T::DEGENERATE_SQ_TOLERANCE.sqrt()).then(|| across / len);
    let mut points = [(c.a, low); 2];
    let mut count = 0;
    for (end, id) in [(c.a, Feature::Vertex(0)), (c.b, Feature::Vertex(1))] {
        let x =
            if id == low { Some(end + m * c.radius) } else { across.map(|w| end + w * c.radius) };
        if let (Some(x), Some(slot)) = (x, points.get_mut(count)) {
            *slot = (x, id);
            count += 1;
        }
    }
    from_candidates::<T, 2>(plane, normal, points.into_iter().take(count), prediction)
}

fn triangle_manifold<T: Real>(
    t: &Triangle<T>,
    plane: &Plane<T>,
    solid: bool,
    prediction: T,
) -> Manifold<T> {
    let Some(normal) = valid_toward(t, plane, solid) else { return Manifold::empty() };
    let corners = t.vertices().into_iter().zip((0..3).map(Feature::Vertex));
    from_candidates::<T, 3>(plane, normal, corners, prediction)
}

/// The contact manifold of oriented box `o` (A) and `plane` (B, a two-sided surface): the box is
/// pushed back to the side that needs the shorter push (the side of its center), normal `∓n`
/// toward the plane; each corner within `prediction` of the plane along the normal is a point
/// (the corner on the box, its projection on the plane), more than four reduced to four keeping
/// the deepest and the largest area (Gregorius, GDC 2015). A box resting on a face gives that
/// face's four corners.
///
/// Feature ids: (`Vertex(i)`, `Face(0)`), `i` the corner's index in [`Obb::corners`] (the box's
/// numbering, see [`Feature`]): they depend on the box's own frame, so they survive any motion
/// that keeps the same corners within the prediction.
///
/// Degenerate and non-finite input: a flat box (a zero half extent) is valid. A NaN or infinite
/// number, a negative half extent, a normal that is not unit or a NaN `prediction` gives the
/// empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_obb_plane};
/// use osculate_math::{Obb, Plane, Point3, Rotation3, Vector3};
///
/// let floor = Plane::new(Vector3::z_axis(), 0.0_f64);
/// let crate_ = Obb::new(Point3::new(0.0, 0.0, 0.49), Rotation3::identity(), Vector3::new(0.5, 0.5, 0.5));
/// let m = manifold_obb_plane(&crate_, &floor, 0.0);
/// // The four bottom corners, 0.01 deep, the normal down toward the floor.
/// assert_eq!(m.len(), 4);
/// assert!((m.normal.z + 1.0).abs() < 1e-12);
/// assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-12 && p.id.b == Feature::Face(0)));
/// ```
#[must_use]
pub fn manifold_obb_plane<T: Real>(o: &Obb<T>, plane: &Plane<T>, prediction: T) -> Manifold<T> {
    obb_manifold(o, plane, false, prediction)
}

/// The contact manifold of oriented box `o` (A) and the solid halfspace `h` (B, `n·x ≤ d`):
/// normal `−n`, each corner within `prediction` of the plane (its signed distance `n·x − d`) a
/// point, reduced to four as [`manifold_obb_plane`] does; ids (`Vertex(i)`, `Face(0)`).
///
/// Degenerate and non-finite input as [`manifold_obb_plane`].
///
/// # Examples
/// ```
/// use osculate_closest::manifold_obb_halfspace;
/// use osculate_math::{Halfspace, Obb, Plane, Point3, Rotation3, Vector3};
///
/// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
/// // Sunk below the surface by 2 (its center under it): still pushed up, 2.5 deep.
/// let sunk = Obb::new(Point3::new(0.0, 0.0, -1.5), Rotation3::identity(), Vector3::new(0.5, 0.5, 0.5));
/// let m = manifold_obb_halfspace(&sunk, &ground, 0.0);
/// assert_eq!(m.len(), 4);
/// assert!(m.points().iter().all(|p| (p.distance + 2.0).abs() < 1e-12));
/// ```
#[must_use]
pub fn manifold_obb_halfspace<T: Real>(o: &Obb<T>, h: &Halfspace<T>, prediction: T) -> Manifold<T> {
    obb_manifold(o, &h.plane, true, prediction)
}

/// The contact manifold of box `b` (A) and `plane` (B): [`manifold_obb_plane`] on the box as an
/// oriented box, ids numbered the same way (corner `i` of [`Aabb::corners`]).
///
/// Degenerate and non-finite input as [`manifold_obb_plane`]; an inverted box (`min > max` on
/// an axis) gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::manifold_aabb_plane;
/// use osculate_math::{Aabb, Plane, Point3, Vector3};
///
/// let wall = Plane::new(Vector3::x_axis(), 2.0_f64);
/// let b = Aabb::new(Point3::new(1.0, 0.0, 0.0), Point3::new(2.1, 1.0, 1.0));
/// let m = manifold_aabb_plane(&b, &wall, 0.0);
/// assert_eq!(m.len(), 4);
/// assert!(m.points().iter().all(|p| (p.distance + 0.1).abs() < 1e-12));
/// ```
#[must_use]
pub fn manifold_aabb_plane<T: Real>(b: &Aabb<T>, plane: &Plane<T>, prediction: T) -> Manifold<T> {
    if !b.is_valid() {
        return Manifold::empty();
    }
    manifold_obb_plane(&b.to_obb(), plane, prediction)
}

/// The contact manifold of box `b` (A) and the solid halfspace `h` (B):
/// [`manifold_obb_halfspace`] on the box as an oriented box.
///
/// Degenerate and non-finite input as [`manifold_aabb_plane`].
///
/// # Examples
/// ```
/// use osculate_closest::manifold_aabb_halfspace;
/// use osculate_math::{Aabb, Halfspace, Plane, Point3, Vector3};
///
/// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
/// let b = Aabb::new(Point3::new(0.0, 0.0, 0.2), Point3::new(1.0, 1.0, 1.0));
/// // Apart by 0.2: four predicted points within 0.5, none within 0.1.
/// assert_eq!(manifold_aabb_halfspace(&b, &ground, 0.5).len(), 4);
/// assert!(manifold_aabb_halfspace(&b, &ground, 0.1).is_empty());
/// ```
#[must_use]
pub fn manifold_aabb_halfspace<T: Real>(
    b: &Aabb<T>,
    h: &Halfspace<T>,
    prediction: T,
) -> Manifold<T> {
    if !b.is_valid() {
        return Manifold::empty();
    }
    manifold_obb_halfspace(&b.to_obb(), h, prediction)
}

/// The contact manifold of capsule `c` (A) and `plane` (B, a two-sided surface): the capsule is
/// pushed back to the side that needs the shorter push, normal `∓n` toward the plane. Two
/// candidate points, each exactly on the capsule: the deeper end's cap point deepest along the
/// normal (the capsule's support point), and the other end of the side's generator nearest the
/// plane (that end moved by the radius across the axis, toward the plane); those within
/// `prediction` are the points: two for a capsule lying along the plane, one for a tilted or
/// standing one (none from the upper end when the axis is along the normal).
///
/// Feature ids: (`Vertex(0)`, `Face(0)`) for the cap around `a`, (`Vertex(1)`, `Face(0)`) for the
/// cap around `b`. A capsule of no length is a sphere: one point, `Vertex(0)`.
///
/// Degenerate and non-finite input: a NaN or infinite number, a negative radius, a normal that is
/// not unit or a NaN `prediction` gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_capsule_plane};
/// use osculate_math::{Capsule, Plane, Point3, Vector3};
///
/// let floor = Plane::new(Vector3::z_axis(), 0.0_f64);
/// let lying = Capsule::new(Point3::new(-1.0, 0.0, 0.45), Point3::new(1.0, 0.0, 0.45), 0.5);
/// let m = manifold_capsule_plane(&lying, &floor, 0.0);
/// assert_eq!(m.len(), 2);
/// assert!(m.points().iter().all(|p| (p.distance + 0.05).abs() < 1e-12));
/// assert_eq!(m.points()[1].id.a, Feature::Vertex(1));
/// ```
#[must_use]
pub fn manifold_capsule_plane<T: Real>(
    c: &Capsule<T>,
    plane: &Plane<T>,
    prediction: T,
) -> Manifold<T> {
    capsule_manifold(c, plane, false, prediction)
}

/// The contact manifold of capsule `c` (A) and the solid halfspace `h` (B, `n·x ≤ d`): normal
/// `−n`, the deeper end's deepest point and the nearest generator's other end within
/// `prediction`, as
/// [`manifold_capsule_plane`] describes them.
///
/// Degenerate and non-finite input as [`manifold_capsule_plane`].
///
/// # Examples
/// ```
/// use osculate_closest::manifold_capsule_halfspace;
/// use osculate_math::{Capsule, Halfspace, Plane, Point3, Vector3};
///
/// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
/// let standing = Capsule::new(Point3::new(0.0, 0.0, 0.4), Point3::new(0.0, 0.0, 2.0), 0.5);
/// let m = manifold_capsule_halfspace(&standing, &ground, 0.0);
/// assert_eq!(m.len(), 1);
/// assert!((m.points()[0].distance + 0.1).abs() < 1e-12);
/// ```
#[must_use]
pub fn manifold_capsule_halfspace<T: Real>(
    c: &Capsule<T>,
    h: &Halfspace<T>,
    prediction: T,
) -> Manifold<T> {
    capsule_manifold(c, &h.plane, true, prediction)
}

/// The contact manifold of triangle `t` (A) and `plane` (B, a two-sided surface): the triangle is
/// pushed back to the side that needs the shorter push, normal `∓n` toward the plane; each corner
/// within `prediction` is a point (three for a triangle lying in or along the plane).
///
/// Feature ids: (`Vertex(k)`, `Face(0)`), `k` the corner (`a`, `b`, `c`).
///
/// Degenerate and non-finite input: a collapsed triangle is valid (its corners). A NaN or
/// infinite number, a normal that is not unit or a NaN `prediction` gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::manifold_triangle_plane;
/// use osculate_math::{Plane, Point3, Triangle, Vector3};
///
/// let floor = Plane::new(Vector3::z_axis(), 0.0_f64);
/// let t = Triangle::new(Point3::new(0.0, 0.0, -0.1), Point3::new(1.0, 0.0, -0.1), Point3::new(0.0, 1.0, 1.0));
/// // Pushed up (the shorter way): its two low corners, 0.1 deep.
/// let m = manifold_triangle_plane(&t, &floor, 0.0);
/// assert_eq!(m.len(), 2);
/// assert!(m.points().iter().all(|p| (p.distance + 0.1).abs() < 1e-12));
/// ```
#[must_use]
pub fn manifold_triangle_plane<T: Real>(
    t: &Triangle<T>,
    plane: &Plane<T>,
    prediction: T,
) -> Manifold<T> {
    triangle_manifold(t, plane, false, prediction)
}

/// The contact manifold of triangle `t` (A) and the solid halfspace `h` (B, `n·x ≤ d`): normal
/// `−n`, each corner within `prediction` a point, ids (`Vertex(k)`, `Face(0)`).
///
/// Degenerate and non-finite input as [`manifold_triangle_plane`].
///
/// # Examples
/// ```
/// use osculate_closest::manifold_triangle_halfspace;
/// use osculate_math::{Halfspace, Plane, Point3, Triangle, Vector3};
///
/// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
/// let t = Triangle::new(Point3::new(0.0, 0.0, -0.1), Point3::new(1.0, 0.0, -0.1), Point3::new(0.0, 1.0, -0.1));
/// let m = manifold_triangle_halfspace(&t, &ground, 0.0);
/// assert_eq!(m.len(), 3);
/// assert!(m.points().iter().all(|p| (p.distance + 0.1).abs() < 1e-12));
/// ```
#[must_use]
pub fn manifold_triangle_halfspace<T: Real>(
    t: &Triangle<T>,
    h: &Halfspace<T>,
    prediction: T,
) -> Manifold<T> {
    triangle_manifold(t, &h.plane, true, prediction)
}

#[cfg(feature = "alloc")]
pub use self::with_alloc::{
    manifold_cone_halfspace, manifold_cone_plane, manifold_cylinder_halfspace,
    manifold_cylinder_plane, manifold_polyhedron_halfspace, manifold_polyhedron_halfspace_with,
    manifold_polyhedron_plane, manifold_polyhedron_plane_with,
};

#[cfg(feature = "alloc")]
mod with_alloc {
    use alloc::vec::Vec;

    use osculate_math::{
        Cone, ConvexPolyhedron, Cylinder, Halfspace, Plane, Point3, Real, UnitVector3, Vector3,
        any_perpendicular,
    };

    use super::super::round::rim_points;
    use super::super::{
        CAP_POLYGON_VERTICES, Feature, Manifold, ManifoldWorkspace, PolyhedronFeatures,
        REDUCTION_DEPTH_TIE, reduce,
    };
    use super::{blank, from_candidates, point_on, valid_toward};

    /// The most candidate points of a cylinder (its two cap polygons), and the most kept
    /// vertices of a polyhedron gathered on the stack.
    const MAX_CANDIDATES: usize = 2 * CAP_POLYGON_VERTICES;
    use crate::manifold::ManifoldPoint;

    /// The manifold of polyhedron `p` against `plane`, its candidate points gathered in `found`.
    fn polyhedron_manifold<T: Real>(
        p: &ConvexPolyhedron<T>,
        plane: &Plane<T>,
        solid: bool,
        prediction: T,
        found: &mut Vec<ManifoldPoint<T>>,
    ) -> Manifold<T> {
        let Some(normal) = valid_toward(p, plane, solid).filter(|_| !prediction.is_nan()) else {
            return Manifold::empty();
        };
        // Each vertex's distance first, its point made only when kept. The first
        // [`MAX_CANDIDATES`] kept points go to the stack, the rest (of a polyhedron with more
        // vertices that close to the plane) with them to `found`: a polyhedron of few vertices
        // touching the plane allocates nothing.
        let sign = -normal.dot(&plane.normal);
        let mut near = [blank(); MAX_CANDIDATES];
        let mut len = 0;
        found.clear();
        for (i, v) in p.vertices.iter().enumerate() {
            if !(sign * plane.signed_distance(v) <= prediction) {
                continue;
            }
            let x = point_on(plane, &normal, *v, Feature::Vertex(i as u32));
            if let Some(slot) = near.get_mut(len) {
                *slot = x;
                len += 1;
            } else {
                if found.is_empty() {
                    found.extend_from_slice(&near);
                }
                found.push(x);
            }
        }
        let kept = if found.is_empty() { near.get(..len).unwrap_or(&[]) } else { found.as_slice() };
        reduce(&normal, kept).checked()
    }

    /// The direction from a circle's center (unit normal `axis` of its plane, `±axis` alike)
    /// toward its first rim point: the rim's point farthest along `normal` where the circle is
    /// tilted to the plane (the sine of the tilt, `across`'s length `len`, above
    /// [`REDUCTION_DEPTH_TIE`]); a circle level within that sine, whose rim points' depths differ
    /// by less than the reduction's depth tie, takes [`any_perpendicular`] of `normal`, a
    /// direction fixed by the plane, so that small motions of a standing cylinder or cone neither
    /// turn its points about the axis nor renumber them. `across` is `normal`'s part across the
    /// axis.
    fn rim_toward<T: Real>(normal: &UnitVector3<T>, across: &Vector3<T>, len: T) -> Vector3<T> {
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
    fn rim<T: Real>(
        center: Point3<T>,
        axis: Vector3<T>,
        radius: T,
        toward: &Vector3<T>,
        first: u32,
    ) -> impl Iterator<Item = (Point3<T>, Feature)> + use<T> {
        let x = (toward - axis * axis.dot(toward))
            .try_normalize(T::ZERO)
            .unwrap_or_else(|| any_perpendicular(&axis).into_inner());
        rim_points(center, &axis, x, radius).zip(first..).map(|(p, k)| (p, Feature::Vertex(k)))
    }

    /// A lower bound on the signed distance along `normal` (`±n`) from `plane` of every point of
    /// the rim of radius `radius` about `center` whose plane's normal leaves `normal` a part of
    /// length `len` across it, the rounding of the rim points and of their distances included:
    /// above the prediction, none of the rim's points is kept.
    fn rim_floor<T: Real>(
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

    fn cylinder_manifold<T: Real>(
        c: &Cylinder<T>,
        plane: &Plane<T>,
        solid: bool,
        prediction: T,
    ) -> Manifold<T> {
        let Some(normal) = valid_toward(c, plane, solid) else { return Manifold::empty() };
        let n = CAP_POLYGON_VERTICES as u32;
        let axis = c.b - c.a;
        let len = axis.norm();
        if !(len > T::ZERO) {
            // Of no length: the ball of its radius, as its support map takes it; one point.
            let x = c.a + normal.into_inner() * c.radius;
            return from_candidates::<T, 1>(
                plane,
                normal,
                [(x, Feature::Vertex(2 * n))],
                prediction,
            );
        }
        if !(c.radius > T::ZERO) {
            // Of no radius: its axis, the two ends.
            let ends = [(c.a, Feature::Vertex(2 * n)), (c.b, Feature::Vertex(2 * n + 1))];
            return from_candidates::<T, 2>(plane, normal, ends, prediction);
        }
        let u = axis / len;
        let d = normal.into_inner();
        let across = d - u * u.dot(&d);
        let tilt = across.norm();
        // A cap whose every rim point lies beyond the prediction gives no point: skipped (both
        // skipped: the empty manifold, as the filter would leave it; a NaN prediction skips
        // neither, and `from_candidates` empties the manifold).
        let near =
            |center: &Point3<T>| !(rim_floor(plane, &normal, center, c.radius, tilt) > prediction);
        let (near_a, near_b) = (near(&c.a), near(&c.b));
        if !(near_a || near_b) {
            return Manifold::with_normal(normal).checked();
        }
        let toward = rim_toward(&normal, &across, tilt);
        let caps = near_a
            .then(|| rim(c.a, -u, c.radius, &toward, 0))
            .into_iter()
            .flatten()
            .chain(near_b.then(|| rim(c.b, u, c.radius, &toward, n)).into_iter().flatten());
        from_candidates::<T, MAX_CANDIDATES>(plane, normal, caps, prediction)
    }

    fn cone_manifold<T: Real>(
        c: &Cone<T>,
        plane: &Plane<T>,
        solid: bool,
        prediction: T,
    ) -> Manifold<T> {
        let Some(normal) = valid_toward(c, plane, solid) else { return Manifold::empty() };
        let n = CAP_POLYGON_VERTICES as u32;
        let apex = core::iter::once((c.tip, Feature::Vertex(n)));
        if !(c.radius > T::ZERO) {
            let base = core::iter::once((c.base_center(), Feature::Face(0)));
            return from_candidates::<T, 2>(plane, normal, apex.chain(base), prediction);
        }
        let u = c.axis.into_inner();
        let d = normal.into_inner();
        let across = d - u * u.dot(&d);
        let toward = rim_toward(&normal, &across, across.norm());
        let base = rim(c.base_center(), u, c.radius, &toward, 0);
        from_candidates::<T, { CAP_POLYGON_VERTICES + 1 }>(
            plane,
            normal,
            base.chain(apex),
            prediction,
        )
    }

    /// The contact manifold of convex polyhedron `p` (A) and `plane` (B, a two-sided surface):
    /// the polyhedron is pushed back to the side that needs the shorter push, normal `∓n` toward
    /// the plane; each vertex within `prediction` is a point (the vertex, its projection on the
    /// plane), more than four reduced to four keeping the deepest and the largest area
    /// (Gregorius, GDC 2015).
    ///
    /// Feature ids: (`Vertex(i)`, `Face(0)`), `i` the vertex's index in
    /// [`ConvexPolyhedron::vertices`].
    ///
    /// Degenerate and non-finite input: a polyhedron of no vertex, a NaN or infinite number, a
    /// normal that is not unit or a NaN `prediction` gives the empty manifold.
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::manifold_polyhedron_plane;
    /// use osculate_math::{ConvexPolyhedron, Plane, Point3, Vector3};
    ///
    /// let floor = Plane::new(Vector3::z_axis(), 0.0_f64);
    /// let tet = ConvexPolyhedron::try_from_points(&[
    ///     Point3::new(-1.0, -1.0, -0.05), Point3::new(1.0, -1.0, -0.05),
    ///     Point3::new(0.0, 1.0, -0.05), Point3::new(0.0, 0.0, 1.0),
    /// ])?;
    /// let m = manifold_polyhedron_plane(&tet, &floor, 0.0);
    /// assert_eq!(m.len(), 3);
    /// assert!(m.points().iter().all(|p| (p.distance + 0.05).abs() < 1e-12));
    /// # Ok::<(), osculate_math::ShapeError>(())
    /// ```
    #[must_use]
    pub fn manifold_polyhedron_plane<T: Real>(
        p: &ConvexPolyhedron<T>,
        plane: &Plane<T>,
        prediction: T,
    ) -> Manifold<T> {
        polyhedron_manifold(p, plane, false, prediction, &mut Vec::new())
    }

    /// [`manifold_polyhedron_plane`] on a polyhedron whose features were built once
    /// ([`PolyhedronFeatures`]), its candidate points gathered in `workspace`: the same
    /// manifold, bit for bit, without allocating once the workspace has grown.
    ///
    /// Degenerate and non-finite input as [`manifold_polyhedron_plane`].
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::{ManifoldWorkspace, PolyhedronFeatures, manifold_polyhedron_plane, manifold_polyhedron_plane_with};
    /// use osculate_math::{Aabb, ConvexPolyhedron, Plane, Point3, Vector3};
    ///
    /// let block = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(0.0_f64, 0.0, -0.1), Point3::new(1.0, 1.0, 1.0)))?;
    /// let prepared = PolyhedronFeatures::new(&block)?;
    /// let mut workspace = ManifoldWorkspace::new();
    /// for k in 0..4 {
    ///     let floor = Plane::new(Vector3::z_axis(), 0.01 * f64::from(k));
    ///     let m = manifold_polyhedron_plane_with(&prepared, &floor, 0.0, &mut workspace);
    ///     assert_eq!(m, manifold_polyhedron_plane(&block, &floor, 0.0));
    ///     assert_eq!(m.len(), 4);
    /// }
    /// # Ok::<(), osculate_math::ShapeError>(())
    /// ```
    #[must_use]
    pub fn manifold_polyhedron_plane_with<T: Real>(
        p: &PolyhedronFeatures<T>,
        plane: &Plane<T>,
        prediction: T,
        workspace: &mut ManifoldWorkspace<T>,
    ) -> Manifold<T> {
        polyhedron_manifold(p.parts().0, plane, false, prediction, workspace.points_mut())
    }

    /// The contact manifold of convex polyhedron `p` (A) and the solid halfspace `h` (B,
    /// `n·x ≤ d`): normal `−n`, each vertex within `prediction` a point, reduced to four as
    /// [`manifold_polyhedron_plane`] does; ids (`Vertex(i)`, `Face(0)`).
    ///
    /// Degenerate and non-finite input as [`manifold_polyhedron_plane`].
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::manifold_polyhedron_halfspace;
    /// use osculate_math::{Aabb, ConvexPolyhedron, Halfspace, Plane, Point3, Vector3};
    ///
    /// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
    /// let block = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(0.0, 0.0, -0.1), Point3::new(1.0, 1.0, 1.0)))?;
    /// let m = manifold_polyhedron_halfspace(&block, &ground, 0.0);
    /// assert_eq!(m.len(), 4);
    /// assert!(m.points().iter().all(|p| (p.distance + 0.1).abs() < 1e-12));
    /// # Ok::<(), osculate_math::ShapeError>(())
    /// ```
    #[must_use]
    pub fn manifold_polyhedron_halfspace<T: Real>(
        p: &ConvexPolyhedron<T>,
        h: &Halfspace<T>,
        prediction: T,
    ) -> Manifold<T> {
        polyhedron_manifold(p, &h.plane, true, prediction, &mut Vec::new())
    }

    /// [`manifold_polyhedron_halfspace`] on a polyhedron whose features were built once
    /// ([`PolyhedronFeatures`]), its candidate points gathered in `workspace`: the same
    /// manifold, bit for bit, without allocating once the workspace has grown.
    ///
    /// Degenerate and non-finite input as [`manifold_polyhedron_halfspace`].
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::{ManifoldWorkspace, PolyhedronFeatures, manifold_polyhedron_halfspace, manifold_polyhedron_halfspace_with};
    /// use osculate_math::{Aabb, ConvexPolyhedron, Halfspace, Plane, Point3, Vector3};
    ///
    /// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
    /// let block = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(0.0, 0.0, -0.1), Point3::new(1.0, 1.0, 1.0)))?;
    /// let m = manifold_polyhedron_halfspace_with(&PolyhedronFeatures::new(&block)?, &ground, 0.0, &mut ManifoldWorkspace::new());
    /// assert_eq!(m, manifold_polyhedron_halfspace(&block, &ground, 0.0));
    /// # Ok::<(), osculate_math::ShapeError>(())
    /// ```
    #[must_use]
    pub fn manifold_polyhedron_halfspace_with<T: Real>(
        p: &PolyhedronFeatures<T>,
        h: &Halfspace<T>,
        prediction: T,
        workspace: &mut ManifoldWorkspace<T>,
    ) -> Manifold<T> {
        polyhedron_manifold(p.parts().0, &h.plane, true, prediction, workspace.points_mut())
    }

    /// The contact manifold of cylinder `c` (A) and `plane` (B, a two-sided surface): the
    /// cylinder is pushed back to the side that needs the shorter push, normal `∓n` toward the
    /// plane. Each cap's rim is taken as exact rim points: the [`CAP_POLYGON_VERTICES`] corners
    /// of its cap polygon, turned so that the first is the rim's point deepest along the normal;
    /// every point lies on the cylinder, and the deepest is the cylinder's exact support point
    /// (no polygon approximation of the depth; a cap level with the plane within a sine of 5e-4
    /// keeps a roll fixed by the plane, its deepest point within `radius · 5e-4` of the support
    /// depth, as the ids below say). Those within `prediction` are points, reduced to
    /// four keeping the deepest and the largest area: a cylinder standing on a cap gives four
    /// rim points spanning it, one lying on its side the two ends of its lowest generator, a
    /// tilted one its deepest rim point.
    ///
    /// Feature ids, as the cylinder's other manifolds number them: (`Vertex(k)`, `Face(0)`) for
    /// the rim around `a`, (`Vertex(8 + k)`, `Face(0)`) around `b`, `k` counted from the rim's
    /// deepest point. The rim points turn with the plane's direction about the axis (the
    /// cylinder has no frame of its own about it), so ids persist under rigid motions and under
    /// small motions of a cylinder lying or tilted. A cylinder standing level within a sine of
    /// 5e-4 (the reduction's depth tie: its rim points' depths differ by less than the tie) takes
    /// its first point along [`any_perpendicular`](osculate_math::any_perpendicular) of the
    /// normal, a direction fixed by the plane: its points and ids stay under small motions (there
    /// the points do not follow a rigid motion of both bodies about the normal, which the pair
    /// has no frame to follow; the deepest rim point lies within `radius · 5e-4` of the exact
    /// support depth). A cylinder of no radius is its axis: its ends `Vertex(16)` and
    /// `Vertex(17)`.
    ///
    /// Degenerate and non-finite input: a NaN or infinite number, a negative radius, a normal that
    /// is not unit or a NaN `prediction` gives the empty manifold.
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::manifold_cylinder_plane;
    /// use osculate_math::{Cylinder, Plane, Point3, Vector3};
    ///
    /// let floor = Plane::new(Vector3::z_axis(), 0.0_f64);
    /// let can = Cylinder::new(Point3::new(0.0, 0.0, -0.01), Point3::new(0.0, 0.0, 2.0), 0.5);
    /// let m = manifold_cylinder_plane(&can, &floor, 0.0);
    /// // Four rim points of the bottom cap, 0.01 deep, spanning its diameter.
    /// assert_eq!(m.len(), 4);
    /// assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-12));
    /// assert!(m.points().iter().all(|p| (p.point_a.coords.xy().norm() - 0.5).abs() < 1e-12));
    /// let lying = Cylinder::new(Point3::new(-1.0, 0.0, 0.49), Point3::new(1.0, 0.0, 0.49), 0.5);
    /// assert_eq!(manifold_cylinder_plane(&lying, &floor, 0.0).len(), 2);
    /// ```
    #[must_use]
    pub fn manifold_cylinder_plane<T: Real>(
        c: &Cylinder<T>,
        plane: &Plane<T>,
        prediction: T,
    ) -> Manifold<T> {
        cylinder_manifold(c, plane, false, prediction)
    }

    /// The contact manifold of cylinder `c` (A) and the solid halfspace `h` (B, `n·x ≤ d`):
    /// normal `−n`, the exact rim points within `prediction`, as [`manifold_cylinder_plane`]
    /// describes them and numbers their ids.
    ///
    /// Degenerate and non-finite input as [`manifold_cylinder_plane`].
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::manifold_cylinder_halfspace;
    /// use osculate_math::{Cylinder, Halfspace, Plane, Point3, Vector3};
    ///
    /// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
    /// // Tilted by 45°: its rim's lowest point, at z = 0.3 − 0.5 · sin(π/4), alone below.
    /// let d = 0.5 * std::f64::consts::FRAC_1_SQRT_2;
    /// let tilted = Cylinder::new(Point3::new(0.0, 0.0, 0.3), Point3::new(1.0, 0.0, 1.3), 0.5);
    /// let m = manifold_cylinder_halfspace(&tilted, &ground, 0.0);
    /// assert_eq!(m.len(), 1);
    /// assert!((m.points()[0].distance - (0.3 - d)).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn manifold_cylinder_halfspace<T: Real>(
        c: &Cylinder<T>,
        h: &Halfspace<T>,
        prediction: T,
    ) -> Manifold<T> {
        cylinder_manifold(c, &h.plane, true, prediction)
    }

    /// The contact manifold of cone `c` (A) and `plane` (B, a two-sided surface): the cone is
    /// pushed back to the side that needs the shorter push, normal `∓n` toward the plane; its
    /// apex and its base rim taken as exact rim points (the [`CAP_POLYGON_VERTICES`] corners of
    /// its base polygon, turned so that the first is the rim's deepest point, as
    /// [`manifold_cylinder_plane`] does), those within `prediction` reduced to four: a cone on
    /// its base gives four rim points, on its side the apex and the rim's deepest point, on its
    /// tip the apex.
    ///
    /// Feature ids, as the cone's other manifolds number them: (`Vertex(k)`, `Face(0)`) the base
    /// rim's points, `k` counted from the deepest (a base level with the plane within a sine of
    /// 5e-4 from a direction fixed by the plane, as [`manifold_cylinder_plane`] says);
    /// (`Vertex(8)`, `Face(0)`) the apex. A cone of
    /// no radius is its axis: the apex and the base center (`Face(0)`).
    ///
    /// Degenerate and non-finite input: a NaN or infinite number, an axis that is not unit, a
    /// negative height or radius, a plane normal that is not unit or a NaN `prediction` gives the
    /// empty manifold.
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::{Feature, manifold_cone_plane};
    /// use osculate_math::{Cone, Plane, Point3, Vector3};
    ///
    /// let floor = Plane::new(Vector3::z_axis(), 0.0_f64);
    /// // Standing on its tip, 0.02 deep: the apex.
    /// let cone = Cone::new(Point3::new(0.0, 0.0, -0.02), Vector3::z_axis(), 1.0, 0.5);
    /// let m = manifold_cone_plane(&cone, &floor, 0.0);
    /// assert_eq!(m.len(), 1);
    /// assert_eq!(m.points()[0].id.a, Feature::Vertex(8));
    /// assert!((m.points()[0].distance + 0.02).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn manifold_cone_plane<T: Real>(
        c: &Cone<T>,
        plane: &Plane<T>,
        prediction: T,
    ) -> Manifold<T> {
        cone_manifold(c, plane, false, prediction)
    }

    /// The contact manifold of cone `c` (A) and the solid halfspace `h` (B, `n·x ≤ d`): normal
    /// `−n`, the apex and the exact base rim points within `prediction`, as
    /// [`manifold_cone_plane`] describes them and numbers their ids.
    ///
    /// Degenerate and non-finite input as [`manifold_cone_plane`].
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::manifold_cone_halfspace;
    /// use osculate_math::{Cone, Halfspace, Plane, Point3, Vector3};
    ///
    /// let ground = Halfspace::new(Plane::new(Vector3::z_axis(), 0.0_f64));
    /// // On its base (the axis down from the tip), 0.01 deep: four rim points.
    /// let cone = Cone::new(Point3::new(0.0, 0.0, 0.99), -Vector3::z_axis(), 1.0, 0.5);
    /// let m = manifold_cone_halfspace(&cone, &ground, 0.0);
    /// assert_eq!(m.len(), 4);
    /// assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-12));
    /// ```
    #[must_use]
    pub fn manifold_cone_halfspace<T: Real>(
        c: &Cone<T>,
        h: &Halfspace<T>,
        prediction: T,
    ) -> Manifold<T> {
        cone_manifold(c, &h.plane, true, prediction)
    }
}
