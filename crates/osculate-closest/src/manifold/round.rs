//! Manifolds of the round shapes, cylinders and cones, with each other and with boxes, capsules,
//! polyhedra and triangles: the one-point contact of GJK/EPA gives a first normal; the shapes'
//! supporting features along it (a face as a polygon, a segment, or a point) fix the normal
//! where they can (a face's own, perpendicular to a straight side, or refined on the support
//! maps), and are clipped along it, the reference feature against the incident one; the points
//! are reduced to four.

use osculate_math::{
    Aabb, Capsule, Cone, ConvexPolyhedron, Cylinder, Obb, Point3, Real, Sphere, Triangle, Vector3,
    any_perpendicular,
};

mod method;

use self::method::local_round;
use super::boxes::{corner as box_corner_id, edge as box_edge, face as box_face, face_ring};
use super::capsule::PARALLEL_SINE;
use super::planar_rim::rim_point;
use super::polytope::Polytope;
use super::{Feature, Manifold, ManifoldPoint, ManifoldWorkspace, PolyhedronFeatures};
use crate::{EpaWorkspace, SupportMap};

/// The number of vertices of the regular polygon a cylinder's cap or a cone's base stands for
/// in the clipping: 8, as Jolt's cylinder does. A chord of the polygon lies inside the circle by
/// at most `radius · (1 − cos(π/8))`, 7.6% of the radius: the bound on how far inside its
/// surface a point made on a chord may lie. The polygon's vertices lie on the rim.
pub const CAP_POLYGON_VERTICES: usize = 8;

/// `(cos, sin)` of the angles `2πk/8` of the cap polygon's vertices.
const CAP_DIRECTIONS: [(f64, f64); CAP_POLYGON_VERTICES] = super::EIGHTH_TURNS;

/// The most corners a supporting polygon keeps: a polyhedron face with more is clipped as the
/// polygon of its first 32 corners (a convex polygon still, inside the face).
const MAX_CORNERS: usize = 32;

/// The most vertices a clipped polygon has: the incident polygon's plus one per side plane.
const CLIP_CAPACITY: usize = 2 * MAX_CORNERS;

/// How far (in units of ε times the pair's magnitude and size) outside a side plane a vertex is
/// still kept, as in the box manifold: the rounding of a crossing point.
const CLIP_SLACK: f64 = 64.0;

/// A shape's supporting feature along a direction: a point (one corner), a segment (two) or a
/// face (three or more, counter-clockwise about its outward normal), with the id of each corner,
/// of each side (side `k` from corner `k` to corner `k + 1`) and of the whole.
#[derive(Clone, Copy, Debug)]
pub(super) struct Support<T: Real> {
    points: [Point3<T>; MAX_CORNERS],
    vertices: [Feature; MAX_CORNERS],
    edges: [Feature; MAX_CORNERS],
    /// The unit direction of each side (a box's axis even where the side has no length, so that
    /// a flat box's face still bounds the clipping; zero where unknown: from the corners).
    dirs: [Vector3<T>; MAX_CORNERS],
    len: usize,
    /// A round shape's cap polygon, standing for a circle.
    round: bool,
    /// The face, the segment's edge or the point's vertex.
    id: Feature,
    /// A face's outward unit normal; a cone side's outward normal along its segment (zero for
    /// another segment or a point).
    normal: Vector3<T>,
    /// A cone side's axis, about which its normals turn (zero for other features).
    turn: Vector3<T>,
}

impl<T: Real> Support<T> {
    fn new(id: Feature, normal: Vector3<T>) -> Self {
        Self {
            points: [Point3::origin(); MAX_CORNERS],
            vertices: [id; MAX_CORNERS],
            edges: [id; MAX_CORNERS],
            dirs: [Vector3::zeros(); MAX_CORNERS],
            len: 0,
            round: false,
            id,
            normal,
            turn: Vector3::zeros(),
        }
    }

    fn point(p: Point3<T>, id: Feature) -> Self {
        let mut s = Self::new(id, Vector3::zeros());
        s.push(p, id, id);
        s
    }

    fn segment(ends: [(Point3<T>, Feature); 2], id: Feature) -> Self {
        let mut s = Self::new(id, Vector3::zeros());
        for (p, v) in ends {
            s.push(p, v, id);
        }
        s
    }

    /// Appends a corner and the id of the side leaving it; ignored when full.
    fn push(&mut self, p: Point3<T>, vertex: Feature, edge: Feature) {
        if let (Some(x), Some(v), Some(e)) = (
            self.points.get_mut(self.len),
            self.vertices.get_mut(self.len),
            self.edges.get_mut(self.len),
        ) {
            (*x, *v, *e) = (p, vertex, edge);
            self.len += 1;
        }
    }

    /// 0 for a point, 1 for a segment, 2 for a face.
    fn dimension(&self) -> usize {
        self.len.saturating_sub(1).min(2)
    }

    /// The unit direction of side `k` (from corner `k` to corner `k + 1`): the one given, else
    /// from the corners (zero for a side of no length).
    fn dir(&self, k: usize) -> Vector3<T> {
        match self.dirs.get(k) {
            Some(d) if *d != Vector3::zeros() => *d,
            _ => {
                (self.at(k + 1) - self.at(k)).try_normalize(T::ZERO).unwrap_or_else(Vector3::zeros)
            }
        }
    }

    fn at(&self, k: usize) -> Point3<T> {
        self.points.get(k % self.len.max(1)).copied().unwrap_or_else(Point3::origin)
    }
}

/// A shape the round manifolds take: its supporting feature along a unit direction and the
/// directions of its own frame another shape's cap polygon takes its roll from.
pub(super) trait Supporting<T: Real>: SupportMap<T> {
    /// The supporting feature along the unit direction `d`; a cap polygon's first vertex points
    /// along the first of `roll` not within 30° of the cap's normal (else the farthest from it;
    /// the cap's own perpendicular when every one is along it).
    fn supporting(&self, d: &Vector3<T>, roll: &[Vector3<T>; 3]) -> Support<T>;
    /// Up to two directions fixed in the shape (zero when it has fewer).
    fn frame(&self) -> [Vector3<T>; 2];
    /// The largest distance of a point of the shape from its center, for the tolerances.
    fn size(&self) -> T;
    /// The largest absolute coordinate of the shape's defining points, for the rounding.
    fn magnitude(&self) -> T;
}

/// The regular polygon of [`CAP_POLYGON_VERTICES`] vertices on the circle of `center`, `radius`
/// and outward unit normal `normal`, counter-clockwise about it, its first vertex along the
/// first of `roll` not within 30° of the normal (else the one farthest from it, else
/// [`any_perpendicular`] where every one is along it); corners `Vertex(first + k)`, sides
/// `Edge(first + k)`.
pub(super) fn cap_polygon<T: Real>(
    center: &Point3<T>,
    normal: &Vector3<T>,
    radius: T,
    roll: &[Vector3<T>; 3],
    id: Feature,
    first: u32,
) -> Support<T> {
    let mut s = Support::new(id, *normal);
    let across = |v: &Vector3<T>| v - normal * normal.dot(v);
    // The sine of each direction's angle to the normal.
    let sine = |r: &Vector3<T>| {
        let len = r.norm();
        if len > T::ZERO { across(r).norm() / len } else { T::ZERO }
    };
    let best = roll.iter().fold(None, |best: Option<&Vector3<T>>, r| match best {
        Some(b) if sine(b) >= sine(r) => Some(b),
        _ => Some(r),
    });
    // sin 30° = 0.5: the first direction that far from the normal, else the farthest one.
    let x = roll
        .iter()
        .find(|r| sine(r) >= T::HALF)
        .or(best)
        .and_then(|r| across(r).try_normalize(T::ZERO))
        .unwrap_or_else(|| any_perpendicular(normal).into_inner());
    s.round = true;
    for (k, p) in rim_points(*center, normal, x, radius).enumerate() {
        s.push(p, Feature::Vertex(first + k as u32), Feature::Edge(first + k as u32));
    }
    s
}

/// The [`CAP_POLYGON_VERTICES`] corners of the regular polygon on the circle of `center`,
/// `radius` and unit normal `normal`, counter-clockwise about it from the unit direction `x`
/// across it.
pub(super) fn rim_points<T: Real>(
    center: Point3<T>,
    normal: &Vector3<T>,
    x: Vector3<T>,
    radius: T,
) -> impl Iterator<Item = Point3<T>> + use<T> {
    let y = normal.cross(&x);
    CAP_DIRECTIONS.iter().map(move |&turn| rim_point(&center, &x, &y, radius, turn))
}

/// The largest absolute coordinate of `v`, NaN where any is NaN or infinite (so that a shape's
/// magnitude says whether its numbers are finite).
fn amax<T: Real>(v: &Vector3<T>) -> T {
    v.amax() + (v.x + v.y + v.z) * T::ZERO
}

/// The larger of `x` and `y`, NaN where either is.
fn max_nan<T: Real>(x: T, y: T) -> T {
    x.fast_max(y) + (x + y) * T::ZERO
}

/// The unit component of `d` across the unit `axis`, or `None` when `d` is along it.
pub(super) fn radial<T: Real>(d: &Vector3<T>, axis: &Vector3<T>) -> Option<Vector3<T>> {
    let r = d - axis * axis.dot(d);
    let len = r.norm();
    (len > T::DEGENERATE_SQ_TOLERANCE.sqrt() * d.norm()).then(|| r / len)
}

/// Cylinder features: `Face(0)` the cap around `a`, `Face(1)` the cap around `b`, `Face(2)` the
/// side; the cap polygons' corners `Vertex(k)` (around `a`) and `Vertex(8 + k)` (around `b`), and
/// their sides `Edge(k)` and `Edge(8 + k)`; the side's segment along the direction `Edge(16)`,
/// its ends on the rims `Vertex(16)` (at `a`) and `Vertex(17)` (at `b`).
impl<T: Real> Supporting<T> for Cylinder<T> {
    fn supporting(&self, d: &Vector3<T>, roll: &[Vector3<T>; 3]) -> Support<T> {
        let axis = self.b - self.a;
        let len = axis.norm();
        if !(len > T::ZERO) {
            return Support::point(self.support(d), Feature::Face(2));
        }
        let u = axis / len;
        let along = u.dot(d);
        let Some(r) = radial(d, &u) else {
            return cap(self, &u, along, roll);
        };
        // The face whose normal is nearer `d`: a cap within 45° of the axis, else the side.
        if along.abs() >= r.dot(d) {
            return cap(self, &u, along, roll);
        }
        let n = CAP_POLYGON_VERTICES as u32;
        Support::segment(
            [
                (self.a + r * self.radius, Feature::Vertex(2 * n)),
                (self.b + r * self.radius, Feature::Vertex(2 * n + 1)),
            ],
            Feature::Edge(2 * n),
        )
    }
    fn frame(&self) -> [Vector3<T>; 2] {
        [self.b - self.a, Vector3::zeros()]
    }
    fn size(&self) -> T {
        (self.b - self.a).norm() * T::HALF + self.radius
    }
    fn magnitude(&self) -> T {
        max_nan(amax(&self.a.coords), amax(&self.b.coords))
    }
}

/// The cap of cylinder `c` (unit axis `u`) on the side of `along` (the direction's component on
/// the axis).
fn cap<T: Real>(c: &Cylinder<T>, u: &Vector3<T>, along: T, roll: &[Vector3<T>; 3]) -> Support<T> {
    let n = CAP_POLYGON_VERTICES as u32;
    if !(c.radius > T::ZERO) {
        // A cylinder of no radius is its axis: a cap is its end.
        return if along >= T::ZERO {
            Support::point(c.b, Feature::Face(1))
        } else {
            Support::point(c.a, Feature::Face(0))
        };
    }
    if along >= T::ZERO {
        cap_polygon(&c.b, u, c.radius, roll, Feature::Face(1), n)
    } else {
        cap_polygon(&c.a, &-u, c.radius, roll, Feature::Face(0), 0)
    }
}

/// Cone features: `Face(0)` the base, `Face(1)` the side; the base polygon's corners `Vertex(k)`
/// and sides `Edge(k)`; the apex `Vertex(8)`; the side's segment along the direction `Edge(8)`,
/// from the apex to its end on the rim, `Vertex(9)`. A cone of no height (a disc, of positive
/// radius) has its side flat on the base's plane, facing the other way: its supporting feature
/// along any direction with a component against the axis is that back face, `Face(1)`, the
/// base polygon seen from behind (outward normal `−axis`, corners `Vertex(10 + k)`, sides
/// `Edge(10 + k)`), so that a face resting on either side of the disc fixes the normal to the
/// axis exactly.
impl<T: Real> Supporting<T> for Cone<T> {
    fn supporting(&self, d: &Vector3<T>, roll: &[Vector3<T>; 3]) -> Support<T> {
        let n = CAP_POLYGON_VERTICES as u32;
        let u = self.axis.into_inner();
        let apex = Feature::Vertex(n);
        let base = || {
            if self.radius > T::ZERO {
                cap_polygon(&self.base_center(), &u, self.radius, roll, Feature::Face(0), 0)
            } else {
                Support::point(self.base_center(), Feature::Face(0))
            }
        };
        if !(self.height > T::ZERO) && self.radius > T::ZERO && u.dot(d) < T::ZERO {
            // A disc seen from behind: its back (its base on the axis's side, below).
            let back = Feature::Face(1);
            return cap_polygon(&self.base_center(), &-u, self.radius, roll, back, n + 2);
        }
        let Some(r) = radial(d, &u) else {
            return if u.dot(d) > T::ZERO { base() } else { Support::point(self.tip, apex) };
        };
        // The side's outward normal at the generator toward `r`: cos α · r − sin α · u, α the
        // half angle (tan α = radius / height); the face whose normal is nearer `d` supports it.
        let slant = self.height.hypot(self.radius);
        if !(slant > T::ZERO) {
            return Support::point(self.tip, apex);
        }
        let side_normal = (r * self.height - u * self.radius) / slant;
        if u.dot(d) >= side_normal.dot(d) && self.radius > T::ZERO {
            return base();
        }
        let rim = self.base_center() + r * self.radius;
        if rim == self.tip {
            return Support::point(self.tip, apex);
        }
        let mut s =
            Support::segment([(self.tip, apex), (rim, Feature::Vertex(n + 1))], Feature::Edge(n));
        (s.normal, s.turn) = (side_normal, u);
        s
    }
    fn frame(&self) -> [Vector3<T>; 2] {
        [self.axis.into_inner(), Vector3::zeros()]
    }
    fn size(&self) -> T {
        self.height.fast_max(self.radius)
    }
    fn magnitude(&self) -> T {
        max_nan(amax(&self.tip.coords), amax(&self.base_center().coords))
    }
}

/// Capsule features as [`Feature`] numbers them: a segment of the side (`Edge(0)`, its ends
/// `Vertex(0)` at `a` and `Vertex(1)` at `b`) along a direction within a sine of 1e-2 of
/// perpendicular to the axis (as the capsule-capsule manifold counts axes parallel), else a point
/// of a cap.
impl<T: Real> Supporting<T> for Capsule<T> {
    fn supporting(&self, d: &Vector3<T>, _: &[Vector3<T>; 3]) -> Support<T> {
        let axis = self.b - self.a;
        let len = axis.norm();
        let off = d * self.radius;
        if len > T::ZERO && axis.dot(d).abs() <= T::lit(PARALLEL_SINE) * len {
            return Support::segment(
                [(self.a + off, Feature::Vertex(0)), (self.b + off, Feature::Vertex(1))],
                Feature::Edge(0),
            );
        }
        let end = if axis.dot(d) >= T::ZERO { (self.b, 1) } else { (self.a, 0) };
        Support::point(end.0 + off, Feature::Vertex(end.1))
    }
    fn frame(&self) -> [Vector3<T>; 2] {
        [self.b - self.a, Vector3::zeros()]
    }
    fn size(&self) -> T {
        (self.b - self.a).norm() * T::HALF + self.radius
    }
    fn magnitude(&self) -> T {
        max_nan(amax(&self.a.coords), amax(&self.b.coords))
    }
}

/// The sphere's one feature, `Face(0)`: its support point.
impl<T: Real> Supporting<T> for Sphere<T> {
    fn supporting(&self, d: &Vector3<T>, _: &[Vector3<T>; 3]) -> Support<T> {
        Support::point(self.support(d), Feature::Face(0))
    }
    fn frame(&self) -> [Vector3<T>; 2] {
        [Vector3::zeros(); 2]
    }
    fn size(&self) -> T {
        self.radius
    }
    fn magnitude(&self) -> T {
        amax(&self.center.coords)
    }
}

/// Box features as [`Feature`] numbers them: the face whose normal is nearest the direction.
impl<T: Real> Supporting<T> for Obb<T> {
    fn supporting(&self, d: &Vector3<T>, _: &[Vector3<T>; 3]) -> Support<T> {
        let u = self.axes();
        let mut k = 0;
        for m in 1..3 {
            if u[m].dot(d).abs() > u[k].dot(d).abs() {
                k = m;
            }
        }
        let positive = u[k].dot(d) > T::ZERO;
        let normal = if positive { u[k] } else { -u[k] };
        let corners = self.corners();
        let ring = face_ring(k, positive);
        let mut s = Support::new(box_face(k, positive), normal);
        for (idx, &i) in ring.iter().enumerate() {
            let j = ring[(idx + 1) % 4];
            let along = (i ^ j).trailing_zeros() as usize;
            let sides = [i & 1 != 0, i & 2 != 0, i & 4 != 0];
            if let Some(d) = s.dirs.get_mut(s.len) {
                // From corner i toward corner j: along +axis when j has the bit set.
                let axis = u[along.min(2)];
                *d = if j & (1 << along) != 0 { axis } else { -axis };
            }
            s.push(corners[i], box_corner_id(sides), box_edge(along.min(2), sides));
        }
        s
    }
    fn frame(&self) -> [Vector3<T>; 2] {
        let u = self.axes();
        [u[0], u[1]]
    }
    fn size(&self) -> T {
        self.half_extents.norm()
    }
    fn magnitude(&self) -> T {
        amax(&self.center.coords) + amax(&self.half_extents)
    }
}

/// Triangle features as [`Feature`] numbers them: its face on the side of the direction; a
/// collapsed triangle's longest side, or its point.
impl<T: Real> Supporting<T> for Triangle<T> {
    fn supporting(&self, d: &Vector3<T>, _: &[Vector3<T>; 3]) -> Support<T> {
        let v = self.vertices();
        let Some(n) = self.unit_normal() else {
            let length = |[i, j]: [usize; 2]| (v[j] - v[i]).norm_squared();
            let [i, j] = [[0, 1], [1, 2], [2, 0]]
                .into_iter()
                .fold([0, 1], |best, e| if length(e) > length(best) { e } else { best });
            if length([i, j]) > T::ZERO {
                let id = Feature::Edge(i as u32);
                return Support::segment(
                    [(v[i], Feature::Vertex(i as u32)), (v[j], Feature::Vertex(j as u32))],
                    id,
                );
            }
            return Support::point(self.a, Feature::Vertex(0));
        };
        let n = n.into_inner();
        let front = n.dot(d) >= T::ZERO;
        let mut s = Support::new(Feature::Face(0), if front { n } else { -n });
        let ring: [usize; 3] = if front { [0, 1, 2] } else { [0, 2, 1] };
        for (idx, &i) in ring.iter().enumerate() {
            let j = ring[(idx + 1) % 3];
            // Edge k runs from vertex k to vertex k + 1 (mod 3).
            let edge = if (i + 1) % 3 == j { i } else { j };
            s.push(v[i], Feature::Vertex(i as u32), Feature::Edge(edge as u32));
        }
        s
    }
    fn frame(&self) -> [Vector3<T>; 2] {
        [self.b - self.a, self.c - self.a]
    }
    fn size(&self) -> T {
        let c = (self.a.coords + self.b.coords + self.c.coords) / T::lit(3.0);
        self.vertices().iter().fold(T::ZERO, |r, v| r.fast_max((v.coords - c).norm()))
    }
    fn magnitude(&self) -> T {
        self.vertices().iter().fold(T::ZERO, |m, v| max_nan(m, amax(&v.coords)))
    }
}

/// A convex polyhedron with its faces and edges found (as the polyhedron manifolds find them),
/// numbered as [`Feature`] says for polyhedra.
struct Hull<'a, T: Real> {
    shape: &'a ConvexPolyhedron<T>,
    polytope: &'a Polytope<T>,
}

impl<T: Real> SupportMap<T> for Hull<'_, T> {
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        self.shape.support(dir)
    }
    fn center(&self) -> Point3<T> {
        self.shape.center()
    }
    fn is_valid_input(&self) -> bool {
        self.shape.is_valid_input()
    }
}

impl<T: Real> Supporting<T> for Hull<'_, T> {
    fn supporting(&self, d: &Vector3<T>, _: &[Vector3<T>; 3]) -> Support<T> {
        let Some((corners, normal, id)) = self.polytope.face_along(d) else {
            return Support::point(self.shape.support(d), Feature::Vertex(0));
        };
        let mut s = Support::new(id, normal);
        let count = corners.len().min(MAX_CORNERS);
        for (k, &i) in corners.iter().take(count).enumerate() {
            let j = corners.get((k + 1) % count).copied().unwrap_or(i);
            s.push(
                self.polytope.vertex(i),
                Feature::Vertex(i as u32),
                self.polytope.edge_id(i, j, id),
            );
        }
        s
    }
    fn frame(&self) -> [Vector3<T>; 2] {
        let v = |i: usize| self.shape.vertices.get(i).map_or(Vector3::zeros(), |p| p.coords);
        [v(1) - v(0), v(2) - v(0)]
    }
    fn size(&self) -> T {
        let v = &self.shape.vertices;
        let count = T::lit(v.len().max(1) as f64);
        let c = v.iter().fold(Vector3::zeros(), |s, p| s + p.coords) / count;
        v.iter().fold(T::ZERO, |r, p| r.fast_max((p.coords - c).norm()))
    }
    fn magnitude(&self) -> T {
        self.shape.vertices.iter().fold(T::ZERO, |m, v| max_nan(m, amax(&v.coords)))
    }
}

/// A shape moved by `−offset`: the round manifolds run GJK/EPA and the clipping about a point of
/// A, so that their tolerances are at the scale of the shapes, not of their distance from the
/// origin.
struct Shifted<'a, S: ?Sized, T: Real> {
    shape: &'a S,
    offset: Vector3<T>,
}

impl<T: Real, S: SupportMap<T> + ?Sized> SupportMap<T> for Shifted<'_, S, T> {
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        self.shape.support(dir) - self.offset
    }
    fn center(&self) -> Point3<T> {
        self.shape.center() - self.offset
    }
    fn is_valid_input(&self) -> bool {
        self.shape.is_valid_input()
    }
}

impl<T: Real, S: Supporting<T> + ?Sized> Supporting<T> for Shifted<'_, S, T> {
    fn supporting(&self, d: &Vector3<T>, roll: &[Vector3<T>; 3]) -> Support<T> {
        let mut s = self.shape.supporting(d, roll);
        for p in &mut s.points {
            *p -= self.offset;
        }
        s
    }
    fn frame(&self) -> [Vector3<T>; 2] {
        self.shape.frame()
    }
    fn size(&self) -> T {
        self.shape.size()
    }
    fn magnitude(&self) -> T {
        self.shape.magnitude()
    }
}

/// The manifold of `a` (A) and `b` (B) by the round-shape method (the module's and
/// [`manifold_cylinder_cylinder`]'s documentation), EPA's polytope kept in `workspace`.
pub(super) fn manifold_round<T, A, B>(
    a: &A,
    b: &B,
    prediction: T,
    workspace: &mut EpaWorkspace<T>,
) -> Manifold<T>
where
    T: Real,
    A: Supporting<T> + ?Sized,
    B: Supporting<T> + ?Sized,
{
    if prediction.is_nan() || !(a.is_valid_input() && b.is_valid_input()) {
        return Manifold::empty();
    }
    let offset = a.center().coords;
    let scale = a.magnitude() + b.magnitude() + a.size() + b.size();
    if !(offset.iter().all(|x| x.is_finite()) && scale.is_finite()) {
        return Manifold::empty();
    }
    let m = local_round(
        &Shifted { shape: a, offset },
        &Shifted { shape: b, offset },
        prediction,
        workspace,
    );
    let mut moved = Manifold::with_normal(m.normal);
    for p in m.points() {
        moved.push(ManifoldPoint {
            point_a: p.point_a + offset,
            point_b: p.point_b + offset,
            ..*p
        });
    }
    moved.checked()
}

/// The contact manifold of two cylinders `a` (A) and `b` (B): up to four points sharing the
/// normal from A toward B, each with its signed distance along it; points apart by more than
/// `prediction` are left out.
///
/// Method (the supporting-face manifold of Jolt's `ManifoldBetweenTwoFaces`, with Gregorius's
/// reduction, GDC 2015): the one-point contact of [`contact_convex`](crate::contact_convex)
/// (GJK, and EPA when overlapping) gives a first normal `n₀`; each shape's supporting feature
/// along it is taken: a cylinder's cap when the normal is within 45° of its axis (the face whose
/// normal is nearer), as a regular polygon of [`CAP_POLYGON_VERTICES`] vertices on its rim, else
/// the segment of its side along the normal; a cone's base polygon or the segment of its side
/// from the apex (the face whose normal is nearer), or its apex alone where the normal is its
/// axis; a box's or a polyhedron's face most facing the normal; a triangle's face; a capsule's
/// side segment where the normal is within a sine of 1e-2 of perpendicular to its axis, else a
/// point; a sphere's point.
///
/// The normal is then the features' where they fix one, so that it turns with the shapes
/// exactly up to rounding (EPA's own is known only to about the square root of its relative
/// tolerance, `√(2√ε)`: 2.6e-2 rad in `f32`, 1.7e-4 in `f64`). The candidates, in order:
/// 1. A's face's own normal, then B's (the reference face decides the normal, as in Box2D's,
///    Jolt's and parry's polygonal manifolds): the incident feature is clipped by the planes
///    through the reference face's sides along the normal (Sutherland-Hodgman), each remaining
///    vertex projected along the normal onto the reference plane (on the incident shape the
///    vertex, on the reference shape its projection), kept when within `prediction`;
/// 2. perpendicular to both segments where both features are straight segments not parallel
///    (within a sine of 1e-2); for parallel ones, perpendicular to them and turned about them
///    (the segments are then clipped, the one nearer perpendicular to the normal the reference);
/// 3. a cone side's own normal at its supporting generator, turned about the cone's axis;
/// 4. `n₀` made perpendicular to a straight edge of either feature (a cylinder's or a capsule's
///    side, a side of a box's, a triangle's or a polyhedron's face) and turned about it;
/// 5. `n₀` refined freely.
///
/// "Turned" and "refined" are Newton's steps on the support maps toward the normal along which
/// the support point of `A − B` is parallel to it (where the separation along it is largest),
/// within 64 ε of the pair's size and magnitude. A candidate is taken when the separation along
/// it (the gap between the supporting planes) is within 5e-4 of the pair's size (the sizes
/// summed: half the length plus the radius for a cylinder or a capsule, the larger of height
/// and radius for a cone, the half extents' length for a box, a triangle's or a polyhedron's
/// largest distance of a vertex from their mean) of GJK/EPA's, and where the shapes meet along
/// it: the supporting sets along it (a feature's corners on the supporting plane, a cap's rim
/// point) meet within rounding seen along the normal, and for a face, the deepest clipped point
/// reaches the separation along the normal within that preference (else the deepest part of the
/// overlap lies beyond the face, whose normal is then not the contact's). Where none is taken,
/// the manifold is GJK/EPA's one point. Every depth is measured along the normal taken: a
/// clipped vertex's from the reference plane, the one point's between the supporting sets. Where
/// the point at which the supporting sets meet is deeper than every clipped point by more than
/// 5e-4 of the pair's size (a tilted cap, whose deepest rim point lies between the polygon's
/// corners), it joins them; more than four are reduced to four keeping the deepest and the
/// largest area.
///
/// A cap polygon's first vertex points along a direction of the other shape's own frame (a box's
/// first axis not within 30° of the cap's normal, a round shape's axis, a polytope's first edge),
/// else along the offset between the shapes' centers, else along
/// [`any_perpendicular`](osculate_math::any_perpendicular) of the normal: so the polygon, its
/// points and their ids turn with the pair under a rigid motion and stay under a small one.
/// Points made on a polygon's chord lie inside the round surface by at most
/// `radius · (1 − cos(π/8))` (7.6% of the radius); the polygon's vertices and the side segments
/// lie on it.
///
/// Feature ids: a cylinder's caps are `Face(0)` (around `a`) and `Face(1)` (around `b`), its side
/// `Face(2)`; the cap polygons' vertices `Vertex(k)` and `Vertex(8 + k)`, their sides `Edge(k)`
/// and `Edge(8 + k)`; the side segment `Edge(16)`, its ends `Vertex(16)` (on `a`'s rim) and
/// `Vertex(17)`. A cone's base is `Face(0)`, its side `Face(1)`, the base polygon's vertices
/// `Vertex(k)` and sides `Edge(k)`, its apex `Vertex(8)`, its side segment `Edge(8)` and that
/// segment's end on the rim `Vertex(9)`. The other shapes as [`Feature`] numbers them. A clipped
/// point is named as in the box manifold: (reference face, incident vertex), (reference side,
/// incident side) or (reference vertex, incident face); the contact's own point is (A's
/// supporting feature, B's supporting feature).
///
/// Each call runs EPA with a fresh workspace (it allocates its polytope); the polygons are on the
/// stack.
///
/// Degenerate and non-finite input: a cylinder whose ends coincide is the ball of its radius (a
/// point feature), a zero radius its axis; a cone of zero height or radius a disc or a segment. A
/// NaN or infinite number, a negative size or a NaN `prediction` gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_cylinder_cylinder};
/// use osculate_math::{Cylinder, Point3};
///
/// // A short cylinder standing on a wide one, sunk 0.01 into its top cap.
/// let ground = Cylinder::new(Point3::new(0.0_f64, 0.0, -1.0), Point3::new(0.0, 0.0, 0.0), 5.0);
/// let can = Cylinder::new(Point3::new(1.0, 0.0, -0.01), Point3::new(1.0, 0.0, 1.0), 0.5);
/// let m = manifold_cylinder_cylinder(&ground, &can, 0.0);
/// assert_eq!(m.len(), 4);
/// assert!((m.normal.z - 1.0).abs() < 1e-9);
/// assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-9));
/// // The can's bottom cap polygon corners, on its rim.
/// assert!(m.points().iter().all(|p| matches!(p.id.b, Feature::Vertex(0..=7))));
/// ```
#[must_use]
pub fn manifold_cylinder_cylinder<T: Real>(
    a: &Cylinder<T>,
    b: &Cylinder<T>,
    prediction: T,
) -> Manifold<T> {
    manifold_round(a, b, prediction, &mut EpaWorkspace::new())
}

/// The contact manifold of cylinder `a` (A) and cone `b` (B), by the method of
/// [`manifold_cylinder_cylinder`] (features numbered as it says).
///
/// Degenerate and non-finite input as [`manifold_cylinder_cylinder`] says.
///
/// # Examples
/// ```
/// use osculate_closest::manifold_cylinder_cone;
/// use osculate_math::{Cone, Cylinder, Point3, Vector3};
///
/// // A cone standing on its base on a cylinder's top cap, sunk 0.02.
/// let table = Cylinder::new(Point3::new(0.0_f64, 0.0, -1.0), Point3::new(0.0, 0.0, 0.0), 3.0);
/// let cone = Cone::new(Point3::new(0.0, 0.0, 0.98), -Vector3::z_axis(), 1.0, 0.5);
/// let m = manifold_cylinder_cone(&table, &cone, 0.0);
/// assert_eq!(m.len(), 4);
/// assert!(m.points().iter().all(|p| (p.distance + 0.02).abs() < 1e-9));
/// ```
#[must_use]
pub fn manifold_cylinder_cone<T: Real>(a: &Cylinder<T>, b: &Cone<T>, prediction: T) -> Manifold<T> {
    manifold_round(a, b, prediction, &mut EpaWorkspace::new())
}

/// The contact manifold of two cones `a` (A) and `b` (B), by the method of
/// [`manifold_cylinder_cylinder`] (features numbered as it says).
///
/// Degenerate and non-finite input as [`manifold_cylinder_cylinder`] says.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_cone_cone};
/// use osculate_math::{Cone, Point3, Vector3};
///
/// // A cone (tip down) standing on the upturned base of another, sunk 0.01 into it.
/// let cup = Cone::new(Point3::new(0.0_f64, 0.0, 0.0), Vector3::z_axis(), 1.0, 1.0);
/// let top = Cone::new(Point3::new(0.0, 0.0, 1.99), -Vector3::z_axis(), 1.0, 0.5);
/// let m = manifold_cone_cone(&cup, &top, 0.0);
/// assert_eq!(m.len(), 4);
/// assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-9));
/// assert!(m.points().iter().all(|p| p.id.a == Feature::Face(0))); // the lower cone's base
/// ```
#[must_use]
pub fn manifold_cone_cone<T: Real>(a: &Cone<T>, b: &Cone<T>, prediction: T) -> Manifold<T> {
    manifold_round(a, b, prediction, &mut EpaWorkspace::new())
}

/// The round-shape manifolds of the other shapes with a cylinder or a cone, one row per pair:
/// name, shape A, shape B, how A is read, the doc's example.
macro_rules! round_pairs {
    ($($name:ident: $A:ident, $B:ident, |$x:ident| $read:expr, $example:literal;)*) => {$(
        #[doc = concat!(
            "The contact manifold of `a` (A, a [`", stringify!($A), "`]) and `b` (B, a [`",
            stringify!($B), "`]), by the method of [`manifold_cylinder_cylinder`] (features \
            numbered as it says and as [`Feature`] says for the other shapes).\n\n\
            Degenerate and non-finite input as [`manifold_cylinder_cylinder`] says.\n\n\
            # Examples\n```\n", $example, "\n```"
        )]
        #[must_use]
        pub fn $name<T: Real>(a: &$A<T>, b: &$B<T>, prediction: T) -> Manifold<T> {
            let $x = a;
            match $read {
                Some(a) => manifold_round(&a, b, prediction, &mut EpaWorkspace::new()),
                None => Manifold::empty(),
            }
        }
    )*};
}

round_pairs! {
    manifold_sphere_cylinder: Sphere, Cylinder, |s| Some(*s),
        "use osculate_closest::{Feature, manifold_sphere_cylinder};
use osculate_math::{Cylinder, Point3, Sphere};

let c = Cylinder::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, 0.0, 1.0), 1.0);
let m = manifold_sphere_cylinder(&Sphere::new(Point3::new(0.0, 0.0, 1.4), 0.5), &c, 0.0);
assert_eq!(m.len(), 1);
assert!((m.points()[0].distance + 0.1).abs() < 1e-9);
assert_eq!(m.points()[0].id.b, Feature::Face(1)); // the cap around `b`";
    manifold_sphere_cone: Sphere, Cone, |s| Some(*s),
        "use osculate_closest::manifold_sphere_cone;
use osculate_math::{Cone, Point3, Sphere, Vector3};

let c = Cone::new(Point3::new(0.0_f64, 0.0, 1.0), -Vector3::z_axis(), 1.0, 1.0);
let m = manifold_sphere_cone(&Sphere::new(Point3::new(0.0, 0.0, -0.4), 0.5), &c, 0.0);
assert_eq!(m.len(), 1);
assert!((m.points()[0].distance + 0.1).abs() < 1e-9);";
    manifold_capsule_cylinder: Capsule, Cylinder, |c| Some(*c),
        "use osculate_closest::manifold_capsule_cylinder;
use osculate_math::{Capsule, Cylinder, Point3};

// A capsule lying on a cylinder's top cap, sunk 0.01: two points, one per end of its side.
let c = Cylinder::new(Point3::new(0.0_f64, 0.0, -1.0), Point3::new(0.0, 0.0, 0.0), 3.0);
let cap = Capsule::new(Point3::new(-1.0, 0.0, 0.49), Point3::new(1.0, 0.0, 0.49), 0.5);
let m = manifold_capsule_cylinder(&cap, &c, 0.0);
assert_eq!(m.len(), 2);
assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-9));";
    manifold_capsule_cone: Capsule, Cone, |c| Some(*c),
        "use osculate_closest::manifold_capsule_cone;
use osculate_math::{Capsule, Cone, Point3, Vector3};

// A capsule lying across a cone's upturned base, sunk 0.01: two points.
let cone = Cone::new(Point3::new(0.0_f64, 0.0, -2.0), Vector3::z_axis(), 2.0, 2.0);
let cap = Capsule::new(Point3::new(-1.0, 0.0, 0.49), Point3::new(1.0, 0.0, 0.49), 0.5);
let m = manifold_capsule_cone(&cap, &cone, 0.0);
assert_eq!(m.len(), 2);
assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-9));";
    manifold_aabb_cylinder: Aabb, Cylinder, |b| Some(b.to_obb()),
        "use osculate_closest::manifold_aabb_cylinder;
use osculate_math::{Aabb, Cylinder, Point3};

// A cylinder lying on its side on a box, sunk 0.01: two points along the side.
let ground = Aabb::new(Point3::new(-5.0_f64, -5.0, -1.0), Point3::new(5.0, 5.0, 0.0));
let log = Cylinder::new(Point3::new(-1.0, 0.0, 0.49), Point3::new(1.0, 0.0, 0.49), 0.5);
let m = manifold_aabb_cylinder(&ground, &log, 0.0);
assert_eq!(m.len(), 2);
assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-9));";
    manifold_aabb_cone: Aabb, Cone, |b| Some(b.to_obb()),
        "use osculate_closest::manifold_aabb_cone;
use osculate_math::{Aabb, Cone, Point3, Vector3};

// A cone standing on its base on a box, sunk 0.01: four of its base polygon's corners.
let ground = Aabb::new(Point3::new(-5.0_f64, -5.0, -1.0), Point3::new(5.0, 5.0, 0.0));
let cone = Cone::new(Point3::new(0.0, 0.0, 0.99), -Vector3::z_axis(), 1.0, 0.5);
let m = manifold_aabb_cone(&ground, &cone, 0.0);
assert_eq!(m.len(), 4);
assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-9));";
    manifold_obb_cylinder: Obb, Cylinder, |b| Some(*b),
        "use osculate_closest::manifold_obb_cylinder;
use osculate_math::{Cylinder, Obb, Point3, Rotation3, Vector3};

// A cylinder standing on a box, sunk 0.01: four corners of its bottom cap polygon.
let ground = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(5.0_f64, 5.0, 1.0));
let can = Cylinder::new(Point3::new(0.0, 0.0, 0.99), Point3::new(0.0, 0.0, 2.0), 0.5);
let m = manifold_obb_cylinder(&ground, &can, 0.0);
assert_eq!(m.len(), 4);
assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-9));";
    manifold_obb_cone: Obb, Cone, |b| Some(*b),
        "use osculate_closest::{Feature, manifold_obb_cone};
use osculate_math::{Cone, Obb, Point3, Rotation3, Vector3};

// A cone standing on its tip on a box: one point, the apex.
let ground = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(5.0_f64, 5.0, 1.0));
let cone = Cone::new(Point3::new(0.0, 0.0, 0.99), Vector3::z_axis(), 1.0, 0.5);
let m = manifold_obb_cone(&ground, &cone, 0.0);
assert_eq!(m.len(), 1);
assert_eq!(m.points()[0].id.b, Feature::Vertex(8));";
    manifold_triangle_cylinder: Triangle, Cylinder, |t| Some(*t),
        "use osculate_closest::manifold_triangle_cylinder;
use osculate_math::{Cylinder, Point3, Triangle};

// A cylinder standing on a large triangle, sunk 0.01.
let t = Triangle::new(Point3::new(-9.0_f64, -9.0, 0.0), Point3::new(9.0, -9.0, 0.0), Point3::new(0.0, 9.0, 0.0));
let can = Cylinder::new(Point3::new(0.0, 0.0, -0.01), Point3::new(0.0, 0.0, 1.0), 0.5);
let m = manifold_triangle_cylinder(&t, &can, 0.0);
assert_eq!(m.len(), 4);
assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-9));";
    manifold_triangle_cone: Triangle, Cone, |t| Some(*t),
        "use osculate_closest::manifold_triangle_cone;
use osculate_math::{Cone, Point3, Triangle, Vector3};

// A cone lying on a large triangle, touching along a generator: two points.
let t = Triangle::new(Point3::new(-9.0_f64, -9.0, 0.0), Point3::new(9.0, -9.0, 0.0), Point3::new(0.0, 9.0, 0.0));
let (h, r) = (2.0_f64, 1.0_f64);
let s = (h * h + r * r).sqrt();
// Tip on the plane, the axis tilted up by the half angle so that a generator lies flat, sunk 0.01.
let axis = osculate_math::Unit::new_normalize(osculate_math::Vector3::new(h / s, 0.0, r / s));
let cone = Cone::new(Point3::new(0.0, 0.0, -0.01), axis, h, r);
let m = manifold_triangle_cone(&t, &cone, 0.0);
assert_eq!(m.len(), 2);
assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-6));";
}

/// The manifold of polyhedron `shape` (A, its features `polytope`) and the round shape `b` (B),
/// EPA's polytope kept in `workspace`.
fn polyhedron_round<T: Real, B: Supporting<T>>(
    shape: &ConvexPolyhedron<T>,
    polytope: &Polytope<T>,
    b: &B,
    prediction: T,
    workspace: &mut EpaWorkspace<T>,
) -> Manifold<T> {
    if shape.planes.is_empty() {
        return Manifold::empty();
    }
    manifold_round(&Hull { shape, polytope }, b, prediction, workspace)
}

/// The contact manifold of `a` (A, a [`ConvexPolyhedron`]) and `b` (B, a [`Cylinder`]), by the
/// method of [`manifold_cylinder_cylinder`] (features numbered as it says and as [`Feature`] says
/// for polyhedra). The polyhedron's faces and edges are found at each call, which allocates;
/// [`manifold_polyhedron_cylinder_with`] gives the same manifold on features built once, in a
/// reused workspace.
///
/// Degenerate and non-finite input as [`manifold_cylinder_cylinder`] says; a polyhedron of no
/// plane or no vertex gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::manifold_polyhedron_cylinder;
/// use osculate_math::{Aabb, ConvexPolyhedron, Cylinder, Point3};
///
/// let ground = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(-5.0_f64, -5.0, -1.0), Point3::new(5.0, 5.0, 0.0)))?;
/// let can = Cylinder::new(Point3::new(0.0, 0.0, -0.01), Point3::new(0.0, 0.0, 1.0), 0.5);
/// let m = manifold_polyhedron_cylinder(&ground, &can, 0.0);
/// assert_eq!(m.len(), 4);
/// assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-9));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_polyhedron_cylinder<T: Real>(
    a: &ConvexPolyhedron<T>,
    b: &Cylinder<T>,
    prediction: T,
) -> Manifold<T> {
    match Polytope::from_polyhedron(a) {
        Some(polytope) => polyhedron_round(a, &polytope, b, prediction, &mut EpaWorkspace::new()),
        None => Manifold::empty(),
    }
}

/// [`manifold_polyhedron_cylinder`] on a polyhedron whose features were built once
/// ([`PolyhedronFeatures`]), EPA's polytope kept in `workspace`: the same manifold, bit for bit,
/// without finding the polyhedron's features again at each call.
///
/// Degenerate and non-finite input as [`manifold_polyhedron_cylinder`].
///
/// # Examples
/// ```
/// use osculate_closest::{ManifoldWorkspace, PolyhedronFeatures, manifold_polyhedron_cylinder, manifold_polyhedron_cylinder_with};
/// use osculate_math::{Aabb, ConvexPolyhedron, Cylinder, Point3};
///
/// let ground = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(-5.0_f64, -5.0, -1.0), Point3::new(5.0, 5.0, 0.0)))?;
/// let prepared = PolyhedronFeatures::new(&ground)?;
/// let mut workspace = ManifoldWorkspace::new();
/// for k in 0..4 {
///     let can = Cylinder::new(Point3::new(0.0, 0.0, -0.01 * f64::from(k)), Point3::new(0.3, 0.0, 1.0), 0.5);
///     let m = manifold_polyhedron_cylinder_with(&prepared, &can, 0.0, &mut workspace);
///     assert_eq!(m, manifold_polyhedron_cylinder(&ground, &can, 0.0));
/// }
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_polyhedron_cylinder_with<T: Real>(
    a: &PolyhedronFeatures<T>,
    b: &Cylinder<T>,
    prediction: T,
    workspace: &mut ManifoldWorkspace<T>,
) -> Manifold<T> {
    let (shape, polytope) = a.parts();
    polyhedron_round(shape, polytope, b, prediction, workspace.epa_mut())
}

/// The contact manifold of `a` (A, a [`ConvexPolyhedron`]) and `b` (B, a [`Cone`]), by the
/// method of [`manifold_cylinder_cylinder`] (features numbered as it says and as [`Feature`] says
/// for polyhedra). The polyhedron's faces and edges are found at each call, which allocates;
/// [`manifold_polyhedron_cone_with`] gives the same manifold on features built once, in a reused
/// workspace.
///
/// Degenerate and non-finite input as [`manifold_cylinder_cylinder`] says; a polyhedron of no
/// plane or no vertex gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::manifold_polyhedron_cone;
/// use osculate_math::{Aabb, ConvexPolyhedron, Cone, Point3, Vector3};
///
/// let ground = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(-5.0_f64, -5.0, -1.0), Point3::new(5.0, 5.0, 0.0)))?;
/// let cone = Cone::new(Point3::new(0.0, 0.0, 0.99), -Vector3::z_axis(), 1.0, 0.5);
/// let m = manifold_polyhedron_cone(&ground, &cone, 0.0);
/// assert_eq!(m.len(), 4);
/// assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-9));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_polyhedron_cone<T: Real>(
    a: &ConvexPolyhedron<T>,
    b: &Cone<T>,
    prediction: T,
) -> Manifold<T> {
    match Polytope::from_polyhedron(a) {
        Some(polytope) => polyhedron_round(a, &polytope, b, prediction, &mut EpaWorkspace::new()),
        None => Manifold::empty(),
    }
}

/// [`manifold_polyhedron_cone`] on a polyhedron whose features were built once
/// ([`PolyhedronFeatures`]), EPA's polytope kept in `workspace`: the same manifold, bit for bit,
/// without finding the polyhedron's features again at each call.
///
/// Degenerate and non-finite input as [`manifold_polyhedron_cone`].
///
/// # Examples
/// ```
/// use osculate_closest::{ManifoldWorkspace, PolyhedronFeatures, manifold_polyhedron_cone, manifold_polyhedron_cone_with};
/// use osculate_math::{Aabb, ConvexPolyhedron, Cone, Point3, Vector3};
///
/// let ground = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(-5.0_f64, -5.0, -1.0), Point3::new(5.0, 5.0, 0.0)))?;
/// let prepared = PolyhedronFeatures::new(&ground)?;
/// let cone = Cone::new(Point3::new(0.0, 0.0, 0.99), -Vector3::z_axis(), 1.0, 0.5);
/// let m = manifold_polyhedron_cone_with(&prepared, &cone, 0.0, &mut ManifoldWorkspace::new());
/// assert_eq!(m, manifold_polyhedron_cone(&ground, &cone, 0.0));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_polyhedron_cone_with<T: Real>(
    a: &PolyhedronFeatures<T>,
    b: &Cone<T>,
    prediction: T,
    workspace: &mut ManifoldWorkspace<T>,
) -> Manifold<T> {
    let (shape, polytope) = a.parts();
    polyhedron_round(shape, polytope, b, prediction, workspace.epa_mut())
}
