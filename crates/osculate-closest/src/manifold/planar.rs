//! The manifolds of boxes, capsules, triangles, polyhedra, cylinders and cones against a plane (a
//! two-sided surface) and a halfspace (a solid): the shape's corners (a round shape's rim points)
//! within the prediction of the plane, reduced to four keeping the deepest and the largest area.

use osculate_math::{
    Aabb, Capsule, Halfspace, Obb, Plane, Point3, Real, Triangle, UnitVector3, Validate,
};

use super::{
    Feature, FeatureId, MANIFOLD_MAX_POINTS, Manifold, ManifoldPoint, reduce, reduction_choice,
};
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
pub(super) fn point_on<T: Real>(
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

/// A candidate point as the reduction reads it where its shape knows the candidates'
/// coordinates in a frame of the plane (`e1`, `e2`, unit, `e1 × e2` the manifold's normal): its
/// coordinates `along` `e1` and `across` (along `e2`), its signed distance, and its index in the
/// shape's numbering, so that only the points kept are built.
#[derive(Clone, Copy)]
pub(super) struct FlatPoint<T: Real> {
    pub(super) along: T,
    pub(super) across: T,
    pub(super) distance: T,
    pub(super) index: usize,
}

impl<T: Real> FlatPoint<T> {
    /// A placeholder, to fill fixed arrays.
    pub(super) fn blank() -> Self {
        Self { along: T::ZERO, across: T::ZERO, distance: T::ZERO, index: 0 }
    }
}

/// The reduction's choice ([`reduction_choice`]) among points given in a frame of the plane: the
/// distances and areas of the points' projections, from two coordinates. It is the choice the
/// reduction makes on the built points up to rounding: the two can differ only where two scores
/// differ by their tie within rounding, where rounding decided the choice in either.
pub(super) fn flat_choice<T: Real>(kept: &[FlatPoint<T>]) -> ([usize; MANIFOLD_MAX_POINTS], usize) {
    reduction_choice(
        kept,
        |p| p.distance,
        |p, q| {
            let (x, y) = (p.along - q.along, p.across - q.across);
            x * x + y * y
        },
        |x, y, z| {
            (y.along - x.along) * (z.across - x.across)
                - (y.across - x.across) * (z.along - x.along)
        },
    )
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
    if prediction.is_nan() {
        return Manifold::empty();
    }
    // Each corner's distance along the normal from the center's and the axes', and its
    // projection on the plane, in a frame of the plane (`e1`, `e2 = normal × e1`), from the
    // axes' projections: the corners are chosen from these ([`flat_choice`]), and only those
    // kept are built, as [`Obb::corners`] computes them.
    let sign = -normal.dot(&plane.normal);
    let n = plane.normal.into_inner();
    let d = normal.into_inner();
    let e1 = osculate_math::any_perpendicular(&d).into_inner();
    let e2 = d.cross(&e1);
    let e = o.half_extents;
    let r = o.rotation.matrix();
    // Axis `k`'s half extent: its reach along the normal, its projection's coordinates.
    let axis = |k: usize, h: T| {
        let a = r.column(k) * h;
        (sign * n.dot(&a), e1.dot(&a), e2.dot(&a))
    };
    let axes = [axis(0, e.x), axis(1, e.y), axis(2, e.z)];
    let center = sign * plane.signed_distance(&o.center);
    let mut flat = [FlatPoint::blank(); 8];
    let mut count = 0;
    for i in 0..8 {
        let mut p = FlatPoint { along: T::ZERO, across: T::ZERO, distance: center, index: i };
        for (k, &(reach, along, across)) in axes.iter().enumerate() {
            let (reach, along, across) =
                if i & (1 << k) == 0 { (-reach, -along, -across) } else { (reach, along, across) };
            p.distance += reach;
            p.along += along;
            p.across += across;
        }
        if p.distance <= prediction
            && let Some(slot) = flat.get_mut(count)
        {
            *slot = p;
            count += 1;
        }
    }
    let kept = flat.get(..count).unwrap_or(&[]);
    let (chosen, len) = flat_choice(kept);
    let side = |i: usize, bit: usize, x: T| if i & bit == 0 { -x } else { x };
    let mut m = Manifold::with_normal(normal);
    for &i in chosen.get(..len).unwrap_or(&[]) {
        let Some(&FlatPoint { index, .. }) = kept.get(i) else { continue };
        let local = osculate_math::Vector3::new(
            side(index, 1, e.x),
            side(index, 2, e.y),
            side(index, 4, e.z),
        );
        let p =
            point_on(plane, &normal, o.center + o.rotation * local, Feature::Vertex(index as u32));
        if p.distance <= prediction {
            m.push(p);
        }
    }
    m.checked()
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

    use super::super::planar_rim::{rim, rim_floor, rim_toward, tilted_cylinder_manifold};
    use super::super::{
        CAP_POLYGON_VERTICES, Feature, Manifold, ManifoldWorkspace, PolyhedronFeatures,
        REDUCTION_DEPTH_TIE, reduce,
    };
    use super::{FlatPoint, flat_choice, from_candidates, point_on, valid_toward};

    /// The most candidate points of a cylinder (its two cap polygons), and the most kept
    /// vertices of a polyhedron gathered on the stack.
    const MAX_CANDIDATES: usize = 2 * CAP_POLYGON_VERTICES;
    use crate::manifold::ManifoldPoint;

    /// The manifold of polyhedron `p` against `plane`; where more than [`MAX_CANDIDATES`]
    /// vertices are within the prediction, its candidate points gathered in `found`.
    pub(super) fn polyhedron_manifold<T: Real>(
        p: &ConvexPolyhedron<T>,
        plane: &Plane<T>,
        solid: bool,
        prediction: T,
        found: &mut Vec<ManifoldPoint<T>>,
    ) -> Manifold<T> {
        let Some(normal) = valid_toward(p, plane, solid).filter(|_| !prediction.is_nan()) else {
            return Manifold::empty();
        };
        // Each vertex's distance first; a vertex kept is read by its projection's coordinates
        // in a frame of the plane (`e1`, `e2 = normal × e1`), the reduction's choice made from
        // them ([`flat_choice`]) and only the points kept built. A polyhedron with more than
        // [`MAX_CANDIDATES`] vertices that close to the plane builds them all in `found` and
        // reduces them.
        let sign = -normal.dot(&plane.normal);
        let d = normal.into_inner();
        let e1 = any_perpendicular(&d).into_inner();
        let e2 = d.cross(&e1);
        let mut flat = [FlatPoint::blank(); MAX_CANDIDATES];
        let mut len = 0;
        for (index, v) in p.vertices.iter().enumerate() {
            let distance = sign * plane.signed_distance(v);
            if !(distance <= prediction) {
                continue;
            }
            let Some(slot) = flat.get_mut(len) else {
                return many_vertices_manifold(p, plane, normal, prediction, found);
            };
            *slot =
                FlatPoint { along: e1.dot(&v.coords), across: e2.dot(&v.coords), distance, index };
            len += 1;
        }
        let kept = flat.get(..len).unwrap_or(&[]);
        let (chosen, count) = flat_choice(kept);
        let mut m = Manifold::with_normal(normal);
        for &i in chosen.get(..count).unwrap_or(&[]) {
            if let Some(v) = kept.get(i).and_then(|x| p.vertices.get(x.index).map(|v| (x.index, v)))
            {
                m.push(point_on(plane, &normal, *v.1, Feature::Vertex(v.0 as u32)));
            }
        }
        m.checked()
    }

    /// [`polyhedron_manifold`] where more than [`MAX_CANDIDATES`] vertices are within the
    /// prediction: every one built in `found`, then reduced.
    fn many_vertices_manifold<T: Real>(
        p: &ConvexPolyhedron<T>,
        plane: &Plane<T>,
        normal: UnitVector3<T>,
        prediction: T,
        found: &mut Vec<ManifoldPoint<T>>,
    ) -> Manifold<T> {
        found.clear();
        for (i, v) in p.vertices.iter().enumerate() {
            let x = point_on(plane, &normal, *v, Feature::Vertex(i as u32));
            if x.distance <= prediction {
                found.push(x);
            }
        }
        reduce(&normal, found).checked()
    }

    pub(super) fn cylinder_manifold<T: Real>(
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
        let toward = rim_toward(&normal, &across, tilt);
        if prediction.is_nan() {
            return Manifold::empty();
        }
        if tilt > T::lit(REDUCTION_DEPTH_TIE) && toward != Vector3::zeros() {
            return tilted_cylinder_manifold(c, plane, normal, &u, len, tilt, &toward, prediction);
        }
        // A cap whose every rim point lies beyond the prediction gives no point: skipped (both
        // skipped: the empty manifold, as the filter would leave it; a NaN prediction skips
        // neither, and `from_candidates` empties the manifold).
        let near =
            |center: &Point3<T>| !(rim_floor(plane, &normal, center, c.radius, tilt) > prediction);
        let (near_a, near_b) = (near(&c.a), near(&c.b));
        if !(near_a || near_b) {
            return Manifold::with_normal(normal).checked();
        }
        let caps = near_a
            .then(|| rim(c.a, -u, c.radius, &toward, 0))
            .into_iter()
            .flatten()
            .chain(near_b.then(|| rim(c.b, u, c.radius, &toward, n)).into_iter().flatten());
        from_candidates::<T, MAX_CANDIDATES>(plane, normal, caps, prediction)
    }

    /// The general path on a polyhedron: every vertex built, those within the prediction
    /// reduced.
    #[cfg(test)]
    pub(super) fn general_polyhedron_manifold<T: Real>(
        p: &ConvexPolyhedron<T>,
        plane: &Plane<T>,
        solid: bool,
        prediction: T,
    ) -> Manifold<T> {
        let Some(normal) = valid_toward(p, plane, solid).filter(|_| !prediction.is_nan()) else {
            return Manifold::empty();
        };
        many_vertices_manifold(p, plane, normal, prediction, &mut Vec::new())
    }

    /// The general path on every cylinder of positive length and radius: both rims' points
    /// built, those within the prediction reduced.
    #[cfg(test)]
    pub(super) fn general_cylinder_manifold<T: Real>(
        c: &Cylinder<T>,
        plane: &Plane<T>,
        solid: bool,
        prediction: T,
    ) -> Manifold<T> {
        let Some(normal) = valid_toward(c, plane, solid) else { return Manifold::empty() };
        let axis = c.b - c.a;
        let u = axis / axis.norm();
        let d = normal.into_inner();
        let across = d - u * u.dot(&d);
        let toward = rim_toward(&normal, &across, across.norm());
        let n = CAP_POLYGON_VERTICES as u32;
        let caps = rim(c.a, -u, c.radius, &toward, 0).chain(rim(c.b, u, c.radius, &toward, n));
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

#[cfg(test)]
#[cfg(feature = "alloc")]
mod tests {
    use osculate_math::{
        Aabb, ConvexPolyhedron, Cylinder, Obb, Plane, Point3, Real, Rotation3, Vector3,
    };
    use osculate_testing::{Rng, for_f32_and_f64};

    use super::super::{Feature, Manifold, REDUCTION_DEPTH_TIE};
    use super::with_alloc::{
        cylinder_manifold, general_cylinder_manifold, general_polyhedron_manifold,
        polyhedron_manifold,
    };
    use super::{from_candidates, obb_manifold, valid_toward};

    fn point<T: Real>(rng: &mut Rng) -> Point3<T> {
        Point3::new(
            T::lit(rng.range(-1.0, 1.0)),
            T::lit(rng.range(-1.0, 1.0)),
            T::lit(rng.range(-1.0, 1.0)),
        )
    }

    /// Runs `trial` on 20,000 seeded trials, each at four predictions against a two-sided and
    /// a solid plane, and asserts that the two manifolds it returns are equal, bit for bit, in
    /// every one. The choice from coordinates in the plane is the reduction's up to rounding: a
    /// difference needs a score within rounding of its tie or a distance within rounding of
    /// the prediction, which these inputs (exact ties among them) do not reach.
    fn all_equal<T: Real>(
        seed: u64,
        mut trial: impl FnMut(&mut Rng, usize, T, bool) -> (Manifold<T>, Manifold<T>),
    ) {
        let mut rng = Rng::new(seed);
        let (mut total, mut differ, mut first) = (0, 0, None);
        for k in 0..20_000 {
            for prediction in [0.0, 0.01, 0.1, 1.0] {
                for solid in [false, true] {
                    let (fast, general) = trial(&mut rng, k, T::lit(prediction), solid);
                    total += 1;
                    if fast != general {
                        differ += 1;
                        first = first.or(Some((k, prediction, solid, fast, general)));
                    }
                }
            }
        }
        assert!(total == 160_000 && differ == 0, "{differ} of {total} differ: {first:?}");
    }

    /// A tilted cylinder's manifold, chosen from the rim points' coordinates in the plane and
    /// built only where kept, against every rim point built and reduced, on random cylinders
    /// (lying, standing and tilted just past the depth tie among them) and planes.
    fn tilted_cylinder_matches_the_reduction<T: Real>() {
        all_equal::<T>(0x0c71_1bde_7a11, |rng, k, prediction, solid| {
            let a = point::<T>(rng);
            let up = rng.unit_vector::<T>();
            let side = osculate_math::any_perpendicular(&up).into_inner();
            let axis = match k % 4 {
                0 => side,
                1 => up.into_inner(),
                2 => {
                    let sine = T::lit(REDUCTION_DEPTH_TIE * rng.range(0.5, 3.0));
                    up.into_inner() * (T::ONE - sine * sine).sqrt() + side * sine
                }
                _ => rng.unit_vector::<T>().into_inner(),
            };
            let c = Cylinder::new(
                a,
                a + axis * T::lit(rng.range(0.1, 1.0)),
                T::lit(rng.range(0.05, 1.0)),
            );
            let plane = Plane::new(up, up.dot(&point::<T>(rng).coords));
            (
                cylinder_manifold(&c, &plane, solid, prediction),
                general_cylinder_manifold(&c, &plane, solid, prediction),
            )
        });
    }

    /// A box's manifold, chosen from its corners' coordinates in the plane, against every
    /// corner built and reduced, on random boxes and planes, a third of them axis-aligned boxes
    /// on axis-aligned planes (faces level: exact ties).
    fn box_matches_the_reduction<T: Real>() {
        all_equal::<T>(0x0b0c_5eed, |rng, k, prediction, solid| {
            let e = Vector3::new(
                T::lit(rng.range(0.05, 1.0)),
                T::lit(rng.range(0.05, 1.0)),
                T::lit(rng.range(0.05, 1.0)),
            );
            let level = k % 3 == 0;
            let rotation = if level { Rotation3::identity() } else { rng.rotation::<T>() };
            let o = Obb::new(point::<T>(rng), rotation, e);
            let up = if level { Vector3::z_axis() } else { rng.unit_vector::<T>() };
            let plane = Plane::new(up, up.dot(&point::<T>(rng).coords));
            let general = valid_toward(&o, &plane, solid).map_or(Manifold::empty(), |normal| {
                let side = |i: u32, bit: u32, x: T| if i & bit == 0 { -x } else { x };
                let corners = (0..8).map(|i| {
                    let local = Vector3::new(side(i, 1, e.x), side(i, 2, e.y), side(i, 4, e.z));
                    (o.center + o.rotation * local, Feature::Vertex(i))
                });
                from_candidates::<T, 8>(&plane, normal, corners, prediction)
            });
            (obb_manifold(&o, &plane, solid, prediction), general)
        });
    }

    /// A polyhedron's manifold, chosen from its vertices' coordinates in the plane, against
    /// every vertex built and reduced, on random hulls of 4 to 14 points and boxes.
    fn polyhedron_matches_the_reduction<T: Real>() {
        all_equal::<T>(0x9017_4ed2, |rng, k, prediction, solid| {
            let hull = if k % 3 == 0 {
                let (p, q) = (point::<T>(rng), point::<T>(rng));
                ConvexPolyhedron::try_from_aabb(&Aabb::new(p.inf(&q), p.sup(&q)))
            } else {
                let n = 4 + k % 11;
                ConvexPolyhedron::try_from_points(&(0..n).map(|_| point(rng)).collect::<Vec<_>>())
            };
            let Ok(hull) = hull else { return (Manifold::empty(), Manifold::empty()) };
            let up = if k % 3 == 0 { Vector3::z_axis() } else { rng.unit_vector::<T>() };
            let plane = Plane::new(up, up.dot(&point::<T>(rng).coords));
            (
                polyhedron_manifold(&hull, &plane, solid, prediction, &mut Vec::new()),
                general_polyhedron_manifold(&hull, &plane, solid, prediction),
            )
        });
    }

    for_f32_and_f64!(
        tilted_cylinder_matches_the_reduction,
        box_matches_the_reduction,
        polyhedron_matches_the_reduction
    );
}
