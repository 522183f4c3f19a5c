//! Contact manifolds: up to four contact points sharing one normal, each with its signed distance,
//! its point on each shape and the pair of features that produced it, for a solver that needs
//! several points per touching pair and ids that persist from one step to the next (to
//! warm-start). The method follows Gregorius, "Robust Contact Creation for Physics Simulations"
//! (GDC 2015), and the manifold functions of Box2D v3 and Box3D: the separating axis of least
//! penetration with a preference for face axes, a reference face against an incident face clipped
//! by Sutherland-Hodgman, or a single edge-edge point; reduction to four points keeping the deepest
//! and the largest area.
//!
//! The shapes are given in one frame; a posed query calls the same functions on shapes in one
//! body's frame and moves the answer back ([`Manifold::transformed`]).

mod boxes;
mod capsule;
mod capsule_box;
mod clip;
mod planar;
#[cfg(feature = "alloc")]
mod planar_rim;
mod plane;
#[cfg(feature = "alloc")]
mod polyhedron;
#[cfg(feature = "alloc")]
mod polytope;
#[cfg(feature = "alloc")]
mod round;
mod sphere;
mod triangle;

use osculate_math::{Isometry3, Point3, Real, UnitVector3, Vector3, is_finite_point};

pub use self::boxes::{
    manifold_aabb_aabb, manifold_aabb_obb, manifold_obb_obb, manifold_sphere_aabb,
    manifold_sphere_obb,
};
pub use self::capsule::{manifold_capsule_capsule, manifold_sphere_capsule};
pub use self::capsule_box::{manifold_capsule_aabb, manifold_capsule_obb};
pub use self::planar::{
    manifold_aabb_halfspace, manifold_aabb_plane, manifold_capsule_halfspace,
    manifold_capsule_plane, manifold_obb_halfspace, manifold_obb_plane,
    manifold_triangle_halfspace, manifold_triangle_plane,
};
#[cfg(feature = "alloc")]
pub use self::planar::{
    manifold_cone_halfspace, manifold_cone_plane, manifold_cylinder_halfspace,
    manifold_cylinder_plane, manifold_polyhedron_halfspace, manifold_polyhedron_halfspace_with,
    manifold_polyhedron_plane, manifold_polyhedron_plane_with,
};
pub use self::plane::{manifold_sphere_halfspace, manifold_sphere_plane};
#[cfg(feature = "alloc")]
pub use self::polyhedron::{
    ManifoldWorkspace, PolyhedronFeatures, manifold_aabb_polyhedron, manifold_aabb_polyhedron_with,
    manifold_capsule_polyhedron, manifold_capsule_polyhedron_with, manifold_obb_polyhedron,
    manifold_obb_polyhedron_with, manifold_polyhedron_polyhedron,
    manifold_polyhedron_polyhedron_posed, manifold_polyhedron_polyhedron_posed_with,
    manifold_polyhedron_polyhedron_with, manifold_sphere_polyhedron,
    manifold_sphere_polyhedron_with, manifold_triangle_polyhedron,
    manifold_triangle_polyhedron_with,
};
#[cfg(feature = "alloc")]
pub use self::round::{
    CAP_POLYGON_VERTICES, manifold_aabb_cone, manifold_aabb_cylinder, manifold_capsule_cone,
    manifold_capsule_cylinder, manifold_cone_cone, manifold_cylinder_cone,
    manifold_cylinder_cylinder, manifold_obb_cone, manifold_obb_cylinder, manifold_polyhedron_cone,
    manifold_polyhedron_cone_with, manifold_polyhedron_cylinder, manifold_polyhedron_cylinder_with,
    manifold_sphere_cone, manifold_sphere_cylinder, manifold_triangle_cone,
    manifold_triangle_cylinder,
};
pub use self::sphere::manifold_sphere_sphere;
pub use self::triangle::manifold_sphere_triangle;
#[cfg(feature = "alloc")]
pub use self::triangle::{
    manifold_aabb_triangle, manifold_capsule_triangle, manifold_obb_triangle,
    manifold_triangle_triangle,
};

use crate::Contact;

/// The most points a [`Manifold`] holds: four span a stable support polygon (Gregorius, GDC 2015).
pub const MANIFOLD_MAX_POINTS: usize = 4;

/// `(cos, sin)` of the eight angles `2πk/8`, `k = 0..8`: unit directions in a plane an eighth of a
/// turn apart, counter-clockwise from the first axis. The manifolds of cylinders and cones take
/// their caps' and bases' rims as the regular polygon of these directions.
pub const EIGHTH_TURNS: [(f64, f64); 8] = [
    (1.0, 0.0),
    (core::f64::consts::FRAC_1_SQRT_2, core::f64::consts::FRAC_1_SQRT_2),
    (0.0, 1.0),
    (-core::f64::consts::FRAC_1_SQRT_2, core::f64::consts::FRAC_1_SQRT_2),
    (-1.0, 0.0),
    (-core::f64::consts::FRAC_1_SQRT_2, -core::f64::consts::FRAC_1_SQRT_2),
    (0.0, -1.0),
    (core::f64::consts::FRAC_1_SQRT_2, -core::f64::consts::FRAC_1_SQRT_2),
];

/// A feature of one shape: which face, edge or vertex produced a contact point.
///
/// The numbering per shape (stable: it depends on the shape's own frame only, so it survives small
/// motions):
/// - **Box** (`Aabb`, `Obb`; axes `k = 0, 1, 2` of the box's frame): `Face(2k)` is the face on
///   the `−k` side, `Face(2k + 1)` the face on the `+k` side; `Vertex(i)` is corner `i` of
///   [`Obb::corners`](osculate_math::Obb::corners) (bit `k` of `i` set: on the `+k` side);
///   `Edge(4k + m)` is the edge parallel to axis `k` whose other two coordinates have the signs of
///   bits 0 (the lower of the other two axes) and 1 (the higher one) of `m`.
/// - **Sphere**: `Face(0)`, its one surface.
/// - **Capsule**: `Vertex(0)` the cap around `a`, `Vertex(1)` the cap around `b`, `Edge(0)` the
///   side between them.
/// - **Triangle**: `Face(0)` its interior (either side), `Vertex(k)` its corners `a`, `b`, `c`,
///   `Edge(k)` the edge from vertex `k` to vertex `k + 1 (mod 3)`.
/// - **Convex polyhedron**: `Face(i)` the face on plane `i` of its `planes`, `Vertex(i)` vertex `i`
///   of its `vertices`, `Edge(r)` the edge of rank `r` among its edges sorted by their (lower,
///   higher) vertex indices.
/// - **Plane** and **halfspace**: `Face(0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Feature {
    /// A face, numbered per shape as the type's documentation says.
    Face(u32),
    /// An edge.
    Edge(u32),
    /// A vertex.
    Vertex(u32),
}

/// The pair of features, one on each shape, that produced a contact point: the key a solver matches
/// points by from one step to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FeatureId {
    /// The feature of shape A.
    pub a: Feature,
    /// The feature of shape B.
    pub b: Feature,
}

impl FeatureId {
    /// The pair with the roles of A and B exchanged.
    #[inline]
    #[must_use]
    pub const fn swapped(self) -> Self {
        Self { a: self.b, b: self.a }
    }
}

/// One point of a [`Manifold`].
///
/// `point_b − point_a = distance · normal` (the manifold's normal), up to rounding.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ManifoldPoint<T: Real> {
    /// The point on A's boundary.
    pub point_a: Point3<T>,
    /// The point on B's boundary.
    pub point_b: Point3<T>,
    /// The signed distance along the manifold's normal: negative when the shapes overlap there
    /// (minus the local penetration depth), positive for a predicted point (apart by less than the
    /// prediction distance).
    pub distance: T,
    /// The features of A and B that produced the point.
    pub id: FeatureId,
}

/// Up to [`MANIFOLD_MAX_POINTS`] contact points between two shapes `A` and `B` sharing one unit
/// normal from A toward B, as the `manifold_*` queries return it.
///
/// An empty manifold (no points) means the shapes are apart by more than the prediction distance,
/// or the input was invalid (NaN, infinite, a negative size); its normal is then meaningless.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_sphere_sphere};
/// use osculate_math::{Point3, Sphere};
///
/// let a = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// let b = Sphere::new(Point3::new(1.5, 0.0, 0.0), 1.0);
/// let m = manifold_sphere_sphere(&a, &b, 0.0);
/// assert_eq!(m.len(), 1);
/// assert_eq!(m.points()[0].id.a, Feature::Face(0));
/// assert!((m.deepest().unwrap().distance + 0.5).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Manifold<T: Real> {
    /// The unit contact normal shared by every point, from A toward B.
    pub normal: UnitVector3<T>,
    points: [ManifoldPoint<T>; MANIFOLD_MAX_POINTS],
    len: usize,
}

impl<T: Real> Manifold<T> {
    /// The manifold with no points (normal along `+x`).
    #[inline]
    #[must_use]
    pub fn empty() -> Self {
        let p = ManifoldPoint {
            point_a: Point3::origin(),
            point_b: Point3::origin(),
            distance: T::ZERO,
            id: FeatureId { a: Feature::Face(0), b: Feature::Face(0) },
        };
        Self { normal: Vector3::x_axis(), points: [p; MANIFOLD_MAX_POINTS], len: 0 }
    }

    /// An empty manifold with the given normal, to be filled by [`Manifold::push`].
    #[inline]
    pub(crate) fn with_normal(normal: UnitVector3<T>) -> Self {
        Self { normal, ..Self::empty() }
    }

    /// Appends a point; ignored when the manifold is full.
    #[inline]
    pub(crate) fn push(&mut self, p: ManifoldPoint<T>) {
        if let Some(slot) = self.points.get_mut(self.len) {
            *slot = p;
            self.len += 1;
        }
    }

    /// The points.
    #[inline]
    #[must_use]
    pub fn points(&self) -> &[ManifoldPoint<T>] {
        self.points.get(..self.len).unwrap_or(&[])
    }

    /// The number of points (0 to [`MANIFOLD_MAX_POINTS`]).
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// `true` when there is no point.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The point of least signed distance (the deepest), or `None` when empty.
    #[must_use]
    pub fn deepest(&self) -> Option<&ManifoldPoint<T>> {
        self.points().iter().reduce(|x, y| if y.distance < x.distance { y } else { x })
    }

    /// The same manifold with the roles of A and B exchanged (the normal flipped, the points and
    /// the features exchanged).
    #[must_use]
    pub fn swapped(mut self) -> Self {
        self.normal = -self.normal;
        for p in &mut self.points {
            *p = ManifoldPoint {
                point_a: p.point_b,
                point_b: p.point_a,
                distance: p.distance,
                id: p.id.swapped(),
            };
        }
        self
    }

    /// The same manifold moved by the rigid motion `iso`: the normal turned, both points of every
    /// contact moved; distances and features unchanged (what a posed query does to bring a
    /// manifold computed in one body's frame to world space).
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::manifold_sphere_sphere;
    /// use osculate_math::{Isometry3, Point3, Sphere, Vector3};
    ///
    /// let (a, b) = (Sphere::new(Point3::origin(), 1.0_f64), Sphere::new(Point3::new(1.5, 0.0, 0.0), 1.0));
    /// let quarter = Isometry3::new(Vector3::new(0.0, 0.0, 5.0), Vector3::z() * std::f64::consts::FRAC_PI_2);
    /// let m = manifold_sphere_sphere(&a, &b, 0.0).transformed(&quarter);
    /// assert!((m.normal.into_inner() - Vector3::y()).norm() < 1e-12); // +x turned to +y
    /// assert!((m.points()[0].point_a - Point3::new(0.0, 1.0, 5.0)).norm() < 1e-12);
    /// assert_eq!(m.points()[0].distance, -0.5);
    /// ```
    #[must_use]
    pub fn transformed(mut self, iso: &Isometry3<T>) -> Self {
        self.normal = iso.rotation * self.normal;
        for p in self.points.iter_mut().take(self.len) {
            p.point_a = iso * p.point_a;
            p.point_b = iso * p.point_b;
        }
        self
    }

    /// The manifold emptied when any of its numbers is not finite or its normal is not unit: a
    /// NaN anywhere in the input never yields a confident point.
    pub(crate) fn checked(self) -> Self {
        let ok = is_finite_unit(&self.normal)
            && self.points().iter().all(|p| {
                is_finite_point(&p.point_a) && is_finite_point(&p.point_b) && p.distance.is_finite()
            });
        if ok { self } else { Self::empty() }
    }

    /// The one-point manifold of a contact whose distance is at most `prediction`, with the given
    /// features; empty otherwise (and for a NaN prediction).
    pub(crate) fn from_contact(
        c: Option<Contact<T>>,
        prediction: T,
        id: impl Fn(&Contact<T>) -> FeatureId,
    ) -> Self {
        match c {
            Some(c) if c.distance <= prediction => {
                let mut m = Self::with_normal(c.normal);
                m.push(ManifoldPoint {
                    point_a: c.point_a,
                    point_b: c.point_b,
                    distance: c.distance,
                    id: id(&c),
                });
                m.checked()
            }
            _ => Self::empty(),
        }
    }
}

/// The normal and the points in use (the unused slots are left out).
impl<T: Real> core::fmt::Debug for Manifold<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Manifold")
            .field("normal", &self.normal)
            .field("points", &self.points())
            .finish()
    }
}

/// `true` for a finite normal of unit length within 1e-3: a "rotation" that is not one (a zero
/// or skewed matrix given to a box) gives axes that are not unit, and no confident normal.
fn is_finite_unit<T: Real>(n: &UnitVector3<T>) -> bool {
    (n.x.is_finite() & n.y.is_finite() & n.z.is_finite())
        && (n.norm_squared() - T::ONE).abs() <= T::lit(1e-3)
}

/// Scores within this fraction of the candidate patch's size (its squared size for areas) count as
/// ties in [`reduce`], won by the earlier candidate: the candidates come in the order of the shapes'
/// own features, so a tie is decided the same way after a small motion or a rigid one, where
/// rounding alone would pick either. 1e-3, the box-box face preference.
const REDUCTION_TIE: f64 = 1e-3;

/// The tie of [`reduce`]'s first choice, the deepest point, as a fraction of the candidate
/// patch's size: 5e-4, half the others'. The deepest point kept is then within that of the
/// deepest candidate, and a patch is never wider than the box it lies on (2√3 of its largest half
/// extent), so the box manifold's deepest point stays within its face preference (1e-3 of the
/// boxes' size) of the deepest candidate; a resting box jittered by 1e-4 of its size in angle
/// changes its corners' depths by ten times less than the tie.
pub(super) const REDUCTION_DEPTH_TIE: f64 = 5e-4;

/// Reduces `candidates` to at most four points (Gregorius, GDC 2015, "contact reduction"): the
/// deepest point first (it bounds the penetration the solver must remove); then the point farthest
/// from it; then the point making the triangle of largest area with those two; then the point that
/// adds the most area outside that triangle. Areas are measured in the plane perpendicular to
/// `normal`. Scores within [`REDUCTION_TIE`] ([`REDUCTION_DEPTH_TIE`] for the depth) of the best
/// are ties, won by the earlier candidate.
pub(crate) fn reduce<T: Real>(
    normal: &UnitVector3<T>,
    candidates: &[ManifoldPoint<T>],
) -> Manifold<T> {
    let mut m = Manifold::with_normal(*normal);
    let (chosen, count) = reduction_choice(
        candidates,
        |p| p.distance,
        |p, q| (p.point_b - q.point_b).norm_squared(),
        // Signed area (doubled) of the triangle (x, y, z) seen along the normal.
        |x, y, z| (y.point_b - x.point_b).cross(&(z.point_b - x.point_b)).dot(normal),
    );
    for &i in chosen.get(..count).unwrap_or(&[]) {
        if let Some(p) = candidates.get(i) {
            m.push(*p);
        }
    }
    m
}

/// The indices [`reduce`] keeps, in increasing order and distinct, and their number: every
/// candidate when there are at most four, else the deepest, the farthest from it, the one making
/// the largest triangle with those two and the one adding the most area outside it, with the
/// same ties. The candidates are read through `distance` (the signed distance),
/// `distance_sq` (between two candidates' points in the plane) and `area` (the doubled signed
/// area of three candidates' points seen along the normal), so that a shape whose points lie in
/// a known plane frame can choose from two coordinates and build only the points it keeps.
pub(crate) fn reduction_choice<T: Real, P>(
    candidates: &[P],
    distance: impl Fn(&P) -> T,
    distance_sq: impl Fn(&P, &P) -> T,
    area: impl Fn(&P, &P, &P) -> T,
) -> ([usize; MANIFOLD_MAX_POINTS], usize) {
    let mut chosen = [0, 1, 2, 3];
    let Some(first) = candidates.first() else { return (chosen, 0) };
    if candidates.len() <= MANIFOLD_MAX_POINTS {
        return (chosen, candidates.len());
    }
    let at = |i: usize| candidates.get(i).unwrap_or(first);
    // The largest squared distance from the first point, then its one square root: the square
    // root is increasing, so this is the largest distance, bit for bit.
    let size = candidates.iter().fold(T::ZERO, |s, p| s.fast_max(distance_sq(p, first))).sqrt();
    let tie = T::lit(REDUCTION_TIE) * size;
    let depth_tie = T::lit(REDUCTION_DEPTH_TIE) * size;
    let (i0, _) = argmax(candidates, depth_tie, |p| -distance(p));
    let p0 = at(i0);
    let (i1, _) = argmax(candidates, tie * size, |p| distance_sq(p, p0));
    let p1 = at(i1);
    let (i2, _) = argmax(candidates, tie * size, |p| area(p0, p1, p).abs());
    let p2 = at(i2);
    // Orient the triangle counter-clockwise about the normal, then the fourth point is the one
    // farthest outside one of its edges (the largest negative area against an edge).
    let (q0, q1, q2) = if area(p0, p1, p2) >= T::ZERO { (p0, p1, p2) } else { (p0, p2, p1) };
    let (i3, gain) = argmax(candidates, tie * size, |x| {
        (-area(q0, q1, x)).fast_max(-area(q1, q2, x)).fast_max(-area(q2, q0, x))
    });
    chosen = [i0, i1, i2, i3];
    let count = if gain > T::ZERO { 4 } else { 3 };
    // Distinct indices only (a collapsed set, all points on one line, repeats an index).
    chosen[..count].sort_unstable();
    let mut kept = chosen;
    let mut distinct = 0;
    let mut last = usize::MAX;
    for &i in &chosen[..count] {
        if i != last {
            if let Some(slot) = kept.get_mut(distinct) {
                *slot = i;
                distinct += 1;
            }
            last = i;
        }
    }
    (kept, distinct)
}

/// The index and score of the candidate of highest `score`, a later one winning only by more than
/// `tie`; `(0, −∞)` when none scores above `−∞` (NaN scores never win). Generic, so that each
/// pass of [`reduce`] inlines its score.
fn argmax<T: Real, P>(candidates: &[P], tie: T, score: impl Fn(&P) -> T) -> (usize, T) {
    let mut best = (0, T::NEG_INFINITY);
    for (i, p) in candidates.iter().enumerate() {
        let s = score(p);
        if s > best.1 + tie {
            best = (i, s);
        }
    }
    best
}
