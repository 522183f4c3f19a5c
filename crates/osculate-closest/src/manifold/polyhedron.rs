//! Manifolds of the convex polyhedron pairs: box-polyhedron, triangle-polyhedron and
//! polyhedron-polyhedron, by separating axes over face normals and edge pairs and clipping.

use osculate_math::{
    Aabb, Capsule, ConvexPolyhedron, Isometry3, Obb, Real, ShapeError, Sphere, Triangle, Unit,
    Validate,
};

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::polytope::{
    Outline, Polytope, Scale, Scratch, manifold_polytopes, manifold_polytopes_in,
    manifold_polytopes_posed_in, polyhedron_feature_at, screen,
};
mod capsule;

use super::{Feature, FeatureId, Manifold, ManifoldPoint};
use crate::{Contact, EpaWorkspace};
use capsule::capsule_segment_polytope;

/// The faces, edges and vertices of a convex polyhedron as its contact manifolds read them, built
/// once and kept with the polyhedron (a copy of it) for [`manifold_polyhedron_polyhedron_with`]
/// and the other `manifold_*_polyhedron_with` queries, which then find no feature at each call.
///
/// Face `i` is plane `i` of [`ConvexPolyhedron::planes`] (`Feature::Face(i)`), its corners the
/// vertices on its plane, counter-clockwise about its normal; edge `r` (`Feature::Edge(r)`) is the
/// side of a face of rank `r` among the edges sorted by their (lower, higher) vertex indices, with
/// the arc between its two faces' normals on the Gauss map prepared for the separating-axis tests;
/// vertex `i` is vertex `i` of [`ConvexPolyhedron::vertices`]. The numbering is
/// [`manifold_polyhedron_polyhedron`]'s, which builds the same structure at each call.
///
/// The features are those of the polyhedron where it is: a manifold query on the prepared
/// polyhedron is the query on that polyhedron, placed where it was built.
///
/// # Examples
/// ```
/// use osculate_closest::{ManifoldWorkspace, PolyhedronFeatures, manifold_polyhedron_polyhedron, manifold_polyhedron_polyhedron_with};
/// use osculate_math::{Aabb, ConvexPolyhedron, Point3};
///
/// let cube = |x: f64, z: f64| {
///     ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(x, 0.0, z), Point3::new(x + 1.0, 1.0, z + 1.0)))
/// };
/// let (ground, crate_) = (cube(0.0, 0.0)?, cube(0.25, 0.99)?);
/// let (g, c) = (PolyhedronFeatures::new(&ground)?, PolyhedronFeatures::new(&crate_)?);
/// assert_eq!((g.face_count(), g.edge_count()), (6, 12));
/// let mut workspace = ManifoldWorkspace::new();
/// let m = manifold_polyhedron_polyhedron_with(&g, &c, 0.0, &mut workspace);
/// assert_eq!(m, manifold_polyhedron_polyhedron(&ground, &crate_, 0.0));
/// assert_eq!(m.len(), 4);
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[derive(Clone, Debug)]
pub struct PolyhedronFeatures<T: Real> {
    shape: ConvexPolyhedron<T>,
    polytope: Polytope<T>,
}

impl<T: Real> PolyhedronFeatures<T> {
    /// The features of `p` (a copy of `p` kept with them): O(faces · vertices) to build, as
    /// [`manifold_polyhedron_polyhedron`] finds them.
    ///
    /// # Errors
    /// [`ShapeError::TooFewElements`] for a polyhedron of no plane or no vertex (not
    /// constructible through [`ConvexPolyhedron`]'s constructors, whose fields are public),
    /// [`ShapeError::NonFinite`] (`"vertices"` or `"planes"`) for a NaN or infinite number in a
    /// vertex or a plane: the polyhedra on which [`manifold_polyhedron_polyhedron`] answers the
    /// empty manifold.
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::PolyhedronFeatures;
    /// use osculate_math::{ConvexPolyhedron, Point3, ShapeError};
    ///
    /// let tet = ConvexPolyhedron::try_from_points(&[
    ///     Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0),
    ///     Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0),
    /// ])?;
    /// let f = PolyhedronFeatures::new(&tet)?;
    /// assert_eq!((f.face_count(), f.edge_count()), (4, 6));
    /// // A NaN vertex is refused.
    /// let mut bad = tet.clone();
    /// bad.vertices[1].x = f64::NAN;
    /// assert_eq!(PolyhedronFeatures::new(&bad).unwrap_err(), ShapeError::NonFinite("vertices"));
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn new(p: &ConvexPolyhedron<T>) -> Result<Self, ShapeError> {
        if p.planes.is_empty() || p.vertices.is_empty() {
            return Err(ShapeError::TooFewElements);
        }
        if !p.vertices.iter().all(osculate_math::is_finite_point) {
            return Err(ShapeError::NonFinite("vertices"));
        }
        match Polytope::from_polyhedron(p) {
            Some(polytope) => Ok(Self { shape: p.clone(), polytope }),
            None => Err(ShapeError::NonFinite("planes")),
        }
    }

    /// The polyhedron the features are of.
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::PolyhedronFeatures;
    /// use osculate_math::{Aabb, ConvexPolyhedron, Point3};
    ///
    /// let cube = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::origin(), Point3::new(1.0_f32, 1.0, 1.0)))?;
    /// assert_eq!(PolyhedronFeatures::new(&cube)?.polyhedron(), &cube);
    /// # Ok::<(), osculate_math::ShapeError>(())
    /// ```
    #[must_use]
    pub fn polyhedron(&self) -> &ConvexPolyhedron<T> {
        &self.shape
    }

    /// The number of faces: one per plane.
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::PolyhedronFeatures;
    /// use osculate_math::{Aabb, ConvexPolyhedron, Point3};
    ///
    /// let cube = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::origin(), Point3::new(1.0_f64, 1.0, 1.0)))?;
    /// assert_eq!(PolyhedronFeatures::new(&cube)?.face_count(), cube.planes.len());
    /// # Ok::<(), osculate_math::ShapeError>(())
    /// ```
    #[must_use]
    pub fn face_count(&self) -> usize {
        self.polytope.faces.len()
    }

    /// The corners of face `i` (`Feature::Face(i)`, plane `i`): indices into the vertices,
    /// counter-clockwise about the face's outward normal, the lowest index first; `None` past the
    /// last face.
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::PolyhedronFeatures;
    /// use osculate_math::{Aabb, ConvexPolyhedron, Point3};
    ///
    /// let cube = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::origin(), Point3::new(1.0_f64, 1.0, 1.0)))?;
    /// let f = PolyhedronFeatures::new(&cube)?;
    /// for i in 0..f.face_count() {
    ///     let corners = f.face_corners(i).unwrap();
    ///     assert_eq!(corners.len(), 4);
    ///     // Counter-clockwise about the outward normal.
    ///     let v = |k: usize| cube.vertices[corners[k]];
    ///     let n = (v(1) - v(0)).cross(&(v(2) - v(1)));
    ///     assert!(n.dot(&cube.planes[i].normal) > 0.0);
    /// }
    /// assert!(f.face_corners(6).is_none());
    /// # Ok::<(), osculate_math::ShapeError>(())
    /// ```
    #[must_use]
    pub fn face_corners(&self, i: usize) -> Option<&[usize]> {
        self.polytope.faces.get(i).map(|f| f.corners.as_slice())
    }

    /// The number of edges.
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::PolyhedronFeatures;
    /// use osculate_math::{Aabb, ConvexPolyhedron, Point3};
    ///
    /// let cube = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::origin(), Point3::new(1.0_f64, 1.0, 1.0)))?;
    /// assert_eq!(PolyhedronFeatures::new(&cube)?.edge_count(), 12);
    /// # Ok::<(), osculate_math::ShapeError>(())
    /// ```
    #[must_use]
    pub fn edge_count(&self) -> usize {
        self.polytope.edges.len()
    }

    /// The two vertices of edge `r` (`Feature::Edge(r)`), the lower index first; `None` past the
    /// last edge. The edges are sorted by these pairs.
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::PolyhedronFeatures;
    /// use osculate_math::{ConvexPolyhedron, Point3};
    ///
    /// let tet = ConvexPolyhedron::try_from_points(&[
    ///     Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0),
    ///     Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0),
    /// ])?;
    /// let f = PolyhedronFeatures::new(&tet)?;
    /// let edges: Vec<[usize; 2]> = (0..f.edge_count()).filter_map(|r| f.edge_vertices(r)).collect();
    /// assert!(edges.windows(2).all(|w| w[0] < w[1]) && edges.iter().all(|e| e[0] < e[1]));
    /// assert!(f.edge_vertices(6).is_none());
    /// # Ok::<(), osculate_math::ShapeError>(())
    /// ```
    #[must_use]
    pub fn edge_vertices(&self, r: usize) -> Option<[usize; 2]> {
        self.polytope.edges.get(r).map(|e| e.v)
    }
}

/// Reusable storage for the polytope manifolds (`manifold_*_polyhedron_with`): the query's
/// moved vertices and face planes, the clipped polygon, the candidate points and the one-point
/// fallback's EPA polytope. A query clears what it uses and grows it as it needs; a workspace
/// reused across queries keeps its capacity, so once it has held the largest pair of a sequence a
/// polyhedron-polyhedron query allocates nothing. The answer is the same whatever the workspace
/// held before.
///
/// # Examples
/// ```
/// use osculate_closest::{ManifoldWorkspace, PolyhedronFeatures, manifold_polyhedron_polyhedron_with};
/// use osculate_math::{Aabb, ConvexPolyhedron, Point3};
///
/// let cube = |x: f64| ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(x, 0.0, 0.0), Point3::new(x + 1.0, 1.0, 1.0)));
/// let a = PolyhedronFeatures::new(&cube(0.0)?)?;
/// let mut workspace = ManifoldWorkspace::new();
/// for k in 0..10 {
///     let b = PolyhedronFeatures::new(&cube(0.9 + 0.01 * f64::from(k))?)?;
///     let m = manifold_polyhedron_polyhedron_with(&a, &b, 0.0, &mut workspace);
///     assert!((m.deepest().unwrap().distance + 0.1 - 0.01 * f64::from(k)).abs() < 1e-12);
/// }
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[derive(Debug, Default)]
pub struct ManifoldWorkspace<T: Real> {
    scratch: Scratch<T>,
    epa: EpaWorkspace<T>,
    points: Vec<ManifoldPoint<T>>,
}

impl<T: Real> ManifoldWorkspace<T> {
    /// An empty workspace (allocates nothing until used).
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::ManifoldWorkspace;
    ///
    /// let workspace = ManifoldWorkspace::<f32>::new();
    /// # let _ = workspace;
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self { scratch: Scratch::default(), epa: EpaWorkspace::new(), points: Vec::new() }
    }

    /// EPA's polytope, for the round-shape manifolds.
    pub(super) fn epa_mut(&mut self) -> &mut EpaWorkspace<T> {
        &mut self.epa
    }

    /// A buffer of manifold points, for the manifolds that gather candidates before reducing.
    pub(super) fn points_mut(&mut self) -> &mut Vec<ManifoldPoint<T>> {
        &mut self.points
    }
}

impl<T: Real> PolyhedronFeatures<T> {
    /// The polyhedron and its features.
    pub(super) fn parts(&self) -> (&ConvexPolyhedron<T>, &Polytope<T>) {
        (&self.shape, &self.polytope)
    }
}

/// The contact manifold of two convex polyhedra `a` (A) and `b` (B): up to four points sharing
/// the normal from A toward B, each with its signed distance along it; points apart by more than
/// `prediction` are left out.
///
/// Method (Gregorius, "Robust Contact Creation for Physics Simulations", GDC 2015; Box2D v3's
/// polygon manifold and Box3D's hull manifold), as [`manifold_obb_obb`](crate::manifold_obb_obb)
/// does it for boxes: the separation of the shapes' projections on every face normal of A and of B
/// and on the cross product of every pair of non-parallel edges (one of A, one of B) that makes a
/// face of the shapes' Minkowski difference: Gregorius's Gauss-map test, the arcs between each
/// edge's two face normals crossing (signs of triple products of unit normals, no distance
/// tolerance, so the test is the same near the origin and far from it). Any separation beyond
/// `prediction` empties the manifold (a face's separation beyond it by more than the pair's
/// rounding tolerance and preference ends the search before the edge pairs, an edge pair's ends
/// it there: the polyhedra's distance is at least any axis's separation). The largest picks the contact, a face of A preferred over a
/// face of B, and a face over an edge pair, unless the other is larger by 1e-3 of the pair's size
/// (the sum of the polyhedra's radii about their vertex centroids), so a resting polyhedron keeps
/// its reference face. For a face: among the faces of the other polyhedron through its deepest
/// vertex, the one most anti-parallel to it (the incident face) is clipped by the reference
/// face's side planes (Sutherland-Hodgman, crossings on the planes, a vertex within rounding
/// outside a plane kept), each remaining vertex within `prediction` is a point (on the incident
/// shape the vertex, on the reference shape its projection on the reference face), and more than
/// four are reduced to four keeping the deepest and the largest area. When the clipped points are
/// shallower than the face's separation by more than the preference and an edge pair's point is
/// deeper, the edge pair answers. For an edge pair: one point, where the edges are joined along
/// the axis; overlapping, a join outside an edge (rounding) is clamped to it; apart, it means the
/// closest features are elsewhere. When the clipping leaves nothing, or the edge pair's join is
/// no answer (apart, outside an edge; overlapping, outside by more than the preference or its
/// edges not at the pair's separation), the manifold is the one point of
/// [`contact_convex`](crate::contact_convex)
/// (GJK, and EPA when overlapping), its features the nearest to its witness points.
///
/// The polyhedra's faces and edges are found from their planes and vertices at each call (the
/// corners of a face are the vertices within 1024 ε of its radius and 8 ε of its coordinates of
/// its plane, sorted about its normal): O(faces · vertices) to build, O(edges_a · edges_b ·
/// (vertices_a + vertices_b)) for the edge axes, and it allocates. Meant for the small hulls
/// collision shapes are. [`manifold_polyhedron_polyhedron_with`] gives the same answer on
/// features built once ([`PolyhedronFeatures`]) in a reused [`ManifoldWorkspace`], without
/// allocating.
///
/// Feature ids: `Face(i)` is plane `i` of [`ConvexPolyhedron::planes`], `Vertex(i)` vertex `i`
/// of [`ConvexPolyhedron::vertices`], `Edge(r)` the edge of rank `r` among the edges sorted by
/// their (lower, higher) vertex indices. An incident vertex inside the reference face is
/// (reference face, incident vertex); the crossing of an incident edge with a side plane is
/// (reference edge, incident edge); a corner of the reference face inside the incident face is
/// (reference vertex, incident face); an edge-edge point is (edge, edge). Each id names the
/// features the point is computed from, all numbered in the shapes' own data, so ids persist under
/// motions that do not change which features meet.
///
/// Degenerate and non-finite input: a polyhedron with no plane or no vertex (not constructible
/// through its constructors), a NaN or infinite number anywhere, or a NaN `prediction` gives the
/// empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_polyhedron_polyhedron};
/// use osculate_math::{Aabb, ConvexPolyhedron, Point3};
///
/// let cube = |x: f64, z: f64| {
///     ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(x, 0.0, z), Point3::new(x + 1.0, 1.0, z + 1.0)))
/// };
/// let (ground, crate_) = (cube(0.0, 0.0)?, cube(0.25, 0.99)?);
/// let m = manifold_polyhedron_polyhedron(&ground, &crate_, 0.0);
/// // The ground's top face against the crate's bottom face, clipped: four points 0.01 deep.
/// assert_eq!(m.len(), 4);
/// assert!((m.normal.z - 1.0).abs() < 1e-12);
/// assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-12));
/// assert!(m.points().iter().all(|p| matches!(p.id.a, Feature::Face(_) | Feature::Edge(_))));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_polyhedron_polyhedron<T: Real>(
    a: &ConvexPolyhedron<T>,
    b: &ConvexPolyhedron<T>,
    prediction: T,
) -> Manifold<T> {
    // The search's first tests on the polyhedra's planes and vertices, before their features are
    // built: where they separate the pair beyond the prediction plus the tolerance and preference,
    // the search ends there with the empty manifold.
    let outline = |p| Outline::of_polyhedron(p, Scale::of(&p.vertices));
    if screen(&outline(a), &outline(b), prediction).is_none() {
        return Manifold::empty();
    }
    let (Some(pa), Some(pb)) = (Polytope::from_polyhedron(a), Polytope::from_polyhedron(b)) else {
        return Manifold::empty();
    };
    if a.planes.is_empty() || b.planes.is_empty() {
        return Manifold::empty();
    }
    manifold_polytopes(&pa, &pb, a, b, prediction)
}

/// The contact manifold of oriented box `a` (A) and convex polyhedron `b` (B), by the method of
/// [`manifold_polyhedron_polyhedron`] with the box as a polyhedron of six faces, twelve edges and
/// eight corners, numbered as [`Feature`](crate::Feature) says for boxes; the polyhedron's
/// features as [`manifold_polyhedron_polyhedron`] numbers them.
///
/// Degenerate and non-finite input: a flat box (a zero half extent) is valid. A NaN or infinite
/// number, a negative half extent, a polyhedron with no plane or no vertex or a NaN `prediction`
/// gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_obb_polyhedron};
/// use osculate_math::{ConvexPolyhedron, Obb, Point3, Rotation3, Vector3};
///
/// let ground = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(5.0_f64, 5.0, 1.0));
/// // A tetrahedron standing on its base, sunk 0.05 into the ground's top face (z = 1).
/// let tet = ConvexPolyhedron::try_from_points(&[
///     Point3::new(-1.0, -1.0, 0.95), Point3::new(1.0, -1.0, 0.95),
///     Point3::new(0.0, 1.0, 0.95), Point3::new(0.0, 0.0, 2.0),
/// ])?;
/// let m = manifold_obb_polyhedron(&ground, &tet, 0.0);
/// assert_eq!(m.len(), 3);
/// assert!(m.points().iter().all(|p| p.id.a == Feature::Face(5) && (p.distance + 0.05).abs() < 1e-12));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_obb_polyhedron<T: Real>(
    a: &Obb<T>,
    b: &ConvexPolyhedron<T>,
    prediction: T,
) -> Manifold<T> {
    let Some(pa) = Polytope::from_obb(a) else { return Manifold::empty() };
    polytope_polyhedron(&pa, a, b, prediction)
}

/// The contact manifold of box `a` (A) and convex polyhedron `b` (B): [`manifold_obb_polyhedron`]
/// on the box as an oriented box, features numbered the same way.
///
/// Degenerate and non-finite input as [`manifold_obb_polyhedron`]; an inverted box (`min > max`
/// on an axis) gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::manifold_aabb_polyhedron;
/// use osculate_math::{Aabb, ConvexPolyhedron, Point3};
///
/// let ground = Aabb::new(Point3::new(-5.0_f64, -5.0, -1.0), Point3::new(5.0, 5.0, 0.0));
/// let block = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(0.0, 0.0, -0.1), Point3::new(1.0, 1.0, 1.0)))?;
/// let m = manifold_aabb_polyhedron(&ground, &block, 0.0);
/// assert_eq!(m.len(), 4);
/// assert!(m.points().iter().all(|p| (p.distance + 0.1).abs() < 1e-12));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_aabb_polyhedron<T: Real>(
    a: &Aabb<T>,
    b: &ConvexPolyhedron<T>,
    prediction: T,
) -> Manifold<T> {
    manifold_obb_polyhedron(&a.to_obb(), b, prediction)
}

/// The contact manifold of triangle `a` (A) and convex polyhedron `b` (B), by the method of
/// [`manifold_polyhedron_polyhedron`] with the triangle as a flat polyhedron: two faces (its
/// normal `(b − a) × (c − a)` and the opposite), three edges and three corners, numbered as
/// [`Feature`](crate::Feature) says for triangles (both faces are `Face(0)`; the normal tells the
/// side). Its edges' axes and its normal with the polyhedron's faces and edges are the complete
/// set of separating axes of the pair.
///
/// Degenerate and non-finite input: a collapsed triangle (no normal) is the segment or point it
/// is: a polytope of no face, its edges of non-zero length and its corners. A NaN or infinite number,
/// a polyhedron with no plane or no vertex, or a NaN `prediction` gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_triangle_polyhedron};
/// use osculate_math::{Aabb, ConvexPolyhedron, Point3, Triangle};
///
/// let floor = Triangle::new(Point3::new(-4.0_f64, -4.0, 0.0), Point3::new(4.0, -4.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// let block = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(0.0, 0.0, -0.1), Point3::new(1.0, 1.0, 1.0)))?;
/// let m = manifold_triangle_polyhedron(&floor, &block, 0.0);
/// assert_eq!(m.len(), 4);
/// assert!(m.points().iter().all(|p| p.id.a == Feature::Face(0) && (p.distance + 0.1).abs() < 1e-12));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_triangle_polyhedron<T: Real>(
    a: &Triangle<T>,
    b: &ConvexPolyhedron<T>,
    prediction: T,
) -> Manifold<T> {
    let Some(pa) = Polytope::from_triangle(a) else { return Manifold::empty() };
    polytope_polyhedron(&pa, a, b, prediction)
}

/// The manifold of the polytope `pa` of shape `a` (A) and the polyhedron `b` (B): the search's
/// first tests before B's features are built (as for two polyhedra), then the search.
fn polytope_polyhedron<T: Real, A: crate::SupportMap<T>>(
    pa: &Polytope<T>,
    a: &A,
    b: &ConvexPolyhedron<T>,
    prediction: T,
) -> Manifold<T> {
    let outline_b = Outline::of_polyhedron(b, Scale::of(&b.vertices));
    if screen(&Outline::of_polytope(pa), &outline_b, prediction).is_none() {
        return Manifold::empty();
    }
    let Some(pb) = Polytope::from_polyhedron(b) else { return Manifold::empty() };
    if b.planes.is_empty() {
        return Manifold::empty();
    }
    manifold_polytopes(pa, &pb, a, b, prediction)
}

/// [`manifold_polyhedron_polyhedron`] on polyhedra whose features were built once
/// ([`PolyhedronFeatures`]), computed in `workspace`: the same manifold (points, distances,
/// normal and feature ids, bit for bit) without finding the features again, and with no
/// allocation once the workspace has held the pair's size. Per call: O(edges_a · edges_b ·
/// (vertices_a + vertices_b)) for the edge axes, O(faces + vertices) for the rest.
///
/// Method and feature ids as [`manifold_polyhedron_polyhedron`] documents them.
///
/// Degenerate and non-finite input: the features of a polyhedron of no plane or vertex, or with a
/// non-finite number, cannot be built ([`PolyhedronFeatures::new`] refuses them); a NaN
/// `prediction` gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{ManifoldWorkspace, PolyhedronFeatures, manifold_polyhedron_polyhedron, manifold_polyhedron_polyhedron_with};
/// use osculate_math::{ConvexPolyhedron, Point3};
///
/// let tet = |z: f64| ConvexPolyhedron::try_from_points(&[
///     Point3::new(-1.0, -1.0, z), Point3::new(1.0, -1.0, z),
///     Point3::new(0.0, 1.0, z), Point3::new(0.0, 0.0, z + 1.0),
/// ]);
/// let (a, b) = (tet(0.0)?, tet(0.9)?);
/// let (fa, fb) = (PolyhedronFeatures::new(&a)?, PolyhedronFeatures::new(&b)?);
/// let mut workspace = ManifoldWorkspace::new();
/// let m = manifold_polyhedron_polyhedron_with(&fa, &fb, 0.0, &mut workspace);
/// assert_eq!(m, manifold_polyhedron_polyhedron(&a, &b, 0.0));
/// assert!(m.deepest().unwrap().distance < 0.0);
/// // A NaN prediction: the empty manifold.
/// assert!(manifold_polyhedron_polyhedron_with(&fa, &fb, f64::NAN, &mut workspace).is_empty());
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_polyhedron_polyhedron_with<T: Real>(
    a: &PolyhedronFeatures<T>,
    b: &PolyhedronFeatures<T>,
    prediction: T,
    workspace: &mut ManifoldWorkspace<T>,
) -> Manifold<T> {
    let ManifoldWorkspace { scratch, epa, .. } = workspace;
    manifold_polytopes_in(&a.polytope, &b.polytope, &a.shape, &b.shape, prediction, scratch, epa)
}

/// Whether every number of `pose` is finite.
fn finite_pose<T: Real>(pose: &Isometry3<T>) -> bool {
    pose.translation.vector.iter().chain(pose.rotation.coords.iter()).all(|x| x.is_finite())
}

/// The contact manifold of convex polyhedron `a` (A) and convex polyhedron `b` (B) placed by
/// `pose` in A's frame (`pose · v` is where B's vertex `v` is), in A's frame: the manifold of
/// [`manifold_polyhedron_polyhedron`] on `a` and `b` moved by `pose`, computed without moving
/// `b`. B's vertices, face normals and planes, its faces' side normals and its edges' arcs are
/// read through the pose as the search meets them (into `workspace`: the polyhedron is not
/// rebuilt); B's features are found on `b` as it is, in its own frame.
///
/// What it gives against [`manifold_polyhedron_polyhedron`] on the moved polyhedron
/// (`b.transformed(pose)`): the same feature ids, the same number of points and, to rounding, the
/// same normal, points and distances. The first tests (the direction between the centroids, the
/// face planes) and the face separations read the same numbers bit for bit: B's vertices are
/// `pose · v` and its planes move as [`Plane`](osculate_math::Plane)'s transform moves them. What
/// the moved polyhedron recomputes from its moved numbers, this query turns by the pose's
/// rotation matrix: the side normals the clipping cuts along, the edge arcs, and B's radius (the
/// polyhedron's own). A clipped point, an edge-edge point and the one-point fallback (GJK/EPA on
/// B's support map through the pose) differ from the moved polyhedron's by the rounding of those
/// numbers: a few ε of the pair's magnitude. Only where a choice lies within that rounding of a tie
/// (a vertex on a side plane, two axes separating equally to the last bits) can the two answers
/// pick differently, as the moved polyhedron's answer itself does under a rounding-sized motion.
///
/// Allocation: B's and A's features are found at each call as [`manifold_polyhedron_polyhedron`]
/// finds them (it allocates what that query allocates, less the moved polyhedron); the search
/// computes in `workspace`. [`manifold_polyhedron_polyhedron_posed_with`] on features built once
/// allocates nothing.
///
/// Method, feature ids, degenerate input as [`manifold_polyhedron_polyhedron`]; a NaN or infinite
/// number in the pose gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{ManifoldWorkspace, manifold_polyhedron_polyhedron, manifold_polyhedron_polyhedron_posed};
/// use osculate_math::{Aabb, ConvexPolyhedron, Isometry3, Point3, Transform, Vector3};
///
/// // A unit cube about its own origin; the second sits on the first, 0.01 deep, turned about z.
/// let cube = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(-0.5, -0.5, -0.5), Point3::new(0.5_f64, 0.5, 0.5)))?;
/// let pose = Isometry3::new(Vector3::new(0.2, 0.1, 0.99), Vector3::new(0.0, 0.0, 0.3));
/// let mut workspace = ManifoldWorkspace::new();
/// let m = manifold_polyhedron_polyhedron_posed(&cube, &cube, &pose, 0.0, &mut workspace);
/// assert_eq!(m.len(), 4);
/// assert!(m.points().iter().all(|p| (p.distance + 0.01).abs() < 1e-12));
/// // The manifold of the moved cube: the same ids, the same geometry to rounding.
/// let moved = manifold_polyhedron_polyhedron(&cube, &cube.transformed(&pose), 0.0);
/// for (p, q) in m.points().iter().zip(moved.points()) {
///     assert_eq!(p.id, q.id);
///     assert!((p.point_b - q.point_b).norm() < 1e-12);
/// }
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_polyhedron_polyhedron_posed<T: Real>(
    a: &ConvexPolyhedron<T>,
    b: &ConvexPolyhedron<T>,
    pose: &Isometry3<T>,
    prediction: T,
    workspace: &mut ManifoldWorkspace<T>,
) -> Manifold<T> {
    if !finite_pose(pose) {
        return Manifold::empty();
    }
    let outline_a = Outline::of_polyhedron(a, Scale::of(&a.vertices));
    if screen(&outline_a, &Outline::of_posed_polyhedron(b, pose), prediction).is_none() {
        return Manifold::empty();
    }
    let (Some(pa), Some(pb)) = (Polytope::from_polyhedron(a), Polytope::from_polyhedron(b)) else {
        return Manifold::empty();
    };
    if a.planes.is_empty() || b.planes.is_empty() {
        return Manifold::empty();
    }
    let ManifoldWorkspace { scratch, epa, .. } = workspace;
    manifold_polytopes_posed_in(&pa, &pb, pose, a, b, prediction, scratch, epa)
}

/// [`manifold_polyhedron_polyhedron_posed`] on polyhedra whose features were built once
/// ([`PolyhedronFeatures`]), B placed by `pose` in A's frame, computed in `workspace`: no feature
/// found again, nothing allocated once the workspace has held the pair's size (B's placed
/// vertices, planes and arcs are written into it). The answer, in A's frame, is
/// [`manifold_polyhedron_polyhedron_posed`]'s on the polyhedra, bit for bit, and
/// [`manifold_polyhedron_polyhedron_with`]'s on B's features built where `pose` puts it to the
/// rounding that query documents. Per call: O(vertices_b + faces_b + edges_b) to place B, then
/// the search of [`manifold_polyhedron_polyhedron_with`].
///
/// Method and feature ids as [`manifold_polyhedron_polyhedron`] documents them. Degenerate and
/// non-finite input: as [`manifold_polyhedron_polyhedron_with`]; a NaN or infinite number in the
/// pose gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{ManifoldWorkspace, PolyhedronFeatures, manifold_polyhedron_polyhedron_posed, manifold_polyhedron_polyhedron_posed_with};
/// use osculate_math::{ConvexPolyhedron, Isometry3, Point3, Vector3};
///
/// let tet = ConvexPolyhedron::try_from_points(&[
///     Point3::new(-1.0, -1.0, 0.0), Point3::new(1.0, -1.0, 0.0),
///     Point3::new(0.0, 1.0, 0.0), Point3::new(0.0_f64, 0.0, 1.0),
/// ])?;
/// let prepared = PolyhedronFeatures::new(&tet)?;
/// let mut workspace = ManifoldWorkspace::new();
/// // The second tetrahedron 0.9 up, turned half a turn about z: its base inside the first.
/// let pose = Isometry3::new(Vector3::new(0.0, 0.0, 0.9), Vector3::new(0.0, 0.0, std::f64::consts::PI));
/// let m = manifold_polyhedron_polyhedron_posed_with(&prepared, &prepared, &pose, 0.0, &mut workspace);
/// assert!(m.deepest().unwrap().distance < 0.0);
/// assert_eq!(m, manifold_polyhedron_polyhedron_posed(&tet, &tet, &pose, 0.0, &mut workspace));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_polyhedron_polyhedron_posed_with<T: Real>(
    a: &PolyhedronFeatures<T>,
    b: &PolyhedronFeatures<T>,
    pose: &Isometry3<T>,
    prediction: T,
    workspace: &mut ManifoldWorkspace<T>,
) -> Manifold<T> {
    if !finite_pose(pose) {
        return Manifold::empty();
    }
    let ManifoldWorkspace { scratch, epa, .. } = workspace;
    manifold_polytopes_posed_in(
        &a.polytope,
        &b.polytope,
        pose,
        &a.shape,
        &b.shape,
        prediction,
        scratch,
        epa,
    )
}

/// [`manifold_obb_polyhedron`] on a polyhedron whose features were built once
/// ([`PolyhedronFeatures`]), computed in `workspace`: the same manifold, bit for bit. The box's
/// own features are built at each call (a few small allocations).
///
/// Degenerate and non-finite input as [`manifold_obb_polyhedron`] (the polyhedron's are refused
/// by [`PolyhedronFeatures::new`]).
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, ManifoldWorkspace, PolyhedronFeatures, manifold_obb_polyhedron_with};
/// use osculate_math::{ConvexPolyhedron, Obb, Point3, Rotation3, Vector3};
///
/// let ground = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(5.0_f64, 5.0, 1.0));
/// let tet = PolyhedronFeatures::new(&ConvexPolyhedron::try_from_points(&[
///     Point3::new(-1.0, -1.0, 0.95), Point3::new(1.0, -1.0, 0.95),
///     Point3::new(0.0, 1.0, 0.95), Point3::new(0.0, 0.0, 2.0),
/// ])?)?;
/// let m = manifold_obb_polyhedron_with(&ground, &tet, 0.0, &mut ManifoldWorkspace::new());
/// assert_eq!(m.len(), 3);
/// assert!(m.points().iter().all(|p| p.id.a == Feature::Face(5) && (p.distance + 0.05).abs() < 1e-12));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_obb_polyhedron_with<T: Real>(
    a: &Obb<T>,
    b: &PolyhedronFeatures<T>,
    prediction: T,
    workspace: &mut ManifoldWorkspace<T>,
) -> Manifold<T> {
    let Some(pa) = Polytope::from_obb(a) else { return Manifold::empty() };
    let ManifoldWorkspace { scratch, epa, .. } = workspace;
    manifold_polytopes_in(&pa, &b.polytope, a, &b.shape, prediction, scratch, epa)
}

/// [`manifold_aabb_polyhedron`] on a polyhedron whose features were built once
/// ([`PolyhedronFeatures`]): [`manifold_obb_polyhedron_with`] on the box as an oriented box.
///
/// Degenerate and non-finite input as [`manifold_aabb_polyhedron`].
///
/// # Examples
/// ```
/// use osculate_closest::{ManifoldWorkspace, PolyhedronFeatures, manifold_aabb_polyhedron_with};
/// use osculate_math::{Aabb, ConvexPolyhedron, Point3};
///
/// let ground = Aabb::new(Point3::new(-5.0_f64, -5.0, -1.0), Point3::new(5.0, 5.0, 0.0));
/// let block = PolyhedronFeatures::new(&ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(0.0, 0.0, -0.1), Point3::new(1.0, 1.0, 1.0)))?)?;
/// let m = manifold_aabb_polyhedron_with(&ground, &block, 0.0, &mut ManifoldWorkspace::new());
/// assert_eq!(m.len(), 4);
/// assert!(m.points().iter().all(|p| (p.distance + 0.1).abs() < 1e-12));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_aabb_polyhedron_with<T: Real>(
    a: &Aabb<T>,
    b: &PolyhedronFeatures<T>,
    prediction: T,
    workspace: &mut ManifoldWorkspace<T>,
) -> Manifold<T> {
    manifold_obb_polyhedron_with(&a.to_obb(), b, prediction, workspace)
}

/// [`manifold_triangle_polyhedron`] on a polyhedron whose features were built once
/// ([`PolyhedronFeatures`]), computed in `workspace`: the same manifold, bit for bit. The
/// triangle's own features are built at each call (a few small allocations).
///
/// Degenerate and non-finite input as [`manifold_triangle_polyhedron`] (a collapsed triangle is
/// its segment or point; the polyhedron's are refused by [`PolyhedronFeatures::new`]).
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, ManifoldWorkspace, PolyhedronFeatures, manifold_triangle_polyhedron_with};
/// use osculate_math::{Aabb, ConvexPolyhedron, Point3, Triangle};
///
/// let floor = Triangle::new(Point3::new(-4.0_f64, -4.0, 0.0), Point3::new(4.0, -4.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// let block = PolyhedronFeatures::new(&ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(0.0, 0.0, -0.1), Point3::new(1.0, 1.0, 1.0)))?)?;
/// let m = manifold_triangle_polyhedron_with(&floor, &block, 0.0, &mut ManifoldWorkspace::new());
/// assert_eq!(m.len(), 4);
/// assert!(m.points().iter().all(|p| p.id.a == Feature::Face(0) && (p.distance + 0.1).abs() < 1e-12));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_triangle_polyhedron_with<T: Real>(
    a: &Triangle<T>,
    b: &PolyhedronFeatures<T>,
    prediction: T,
    workspace: &mut ManifoldWorkspace<T>,
) -> Manifold<T> {
    let Some(pa) = Polytope::from_triangle(a) else { return Manifold::empty() };
    let ManifoldWorkspace { scratch, epa, .. } = workspace;
    manifold_polytopes_in(&pa, &b.polytope, a, &b.shape, prediction, scratch, epa)
}

/// The one-point manifold of sphere `s` (A) and the polyhedron `b` (B, of scale `scale_b`),
/// its polytope (`None` when it has none) asked of `pb` only where the manifold has a point
/// outside `b`, whose feature it names.
fn sphere_polytope<'p, T: Real>(
    s: &Sphere<T>,
    pb: impl FnOnce() -> Option<Cow<'p, Polytope<T>>>,
    scale_b: &Scale<T>,
    b: &ConvexPolyhedron<T>,
    prediction: T,
) -> Manifold<T> {
    if !s.is_valid() || prediction.is_nan() || b.planes.is_empty() {
        return Manifold::empty();
    }
    let (c, r) = (s.center, s.radius);
    // The scale of the center's polytope (`Polytope::from_segment(c, c)`), without building it.
    if !osculate_math::is_finite_point(&c) {
        return Manifold::empty();
    }
    let tol = Scale::of(&[c]).tolerance(scale_b);
    let q = crate::closest_point_on_polyhedron(&c, b);
    let gap = (q - c).norm();
    let contact = if gap > tol {
        // Outside: along the center's closest point, a face, an edge or a vertex.
        let n = (q - c) / gap;
        Contact {
            distance: gap - r,
            normal: Unit::new_unchecked(n),
            point_a: c + n * r,
            point_b: q,
        }
    } else {
        // Inside, or on the boundary within rounding: out through the nearest face plane (for a
        // convex polyhedron the distance to its boundary from inside is the least of its face
        // planes' distances).
        let mut best: Option<(usize, T)> = None;
        for (i, p) in b.planes.iter().enumerate() {
            let sd = p.signed_distance(&c);
            if best.is_none_or(|(_, d)| sd > d) {
                best = Some((i, sd));
            }
        }
        let Some((i, sd)) = best else { return Manifold::empty() };
        let Some(n) = b.planes.get(i).map(|p| p.normal.into_inner()) else {
            return Manifold::empty();
        };
        let m = Manifold::from_contact(
            Some(Contact {
                distance: sd - r,
                normal: Unit::new_unchecked(-n),
                point_a: c - n * r,
                point_b: c - n * sd,
            }),
            prediction,
            |_| FeatureId { a: Feature::Face(0), b: Feature::Face(i as u32) },
        );
        return m;
    };
    if !(contact.distance <= prediction) {
        // The empty manifold of `Manifold::from_contact`, without the polytope.
        return Manifold::empty();
    }
    let outward = -contact.normal.into_inner();
    let Some(feature) = polyhedron_feature_at(b, scale_b, pb, &contact.point_b, &outward, tol)
    else {
        return Manifold::empty();
    };
    Manifold::from_contact(Some(contact), prediction, |_| FeatureId {
        a: Feature::Face(0),
        b: feature,
    })
}

/// The one-point contact manifold of sphere `s` (A) and convex polyhedron `b` (B), when its
/// distance is at most `prediction`. Method: the center's closest point on the polyhedron
/// ([`closest_point_on_polyhedron`](crate::closest_point_on_polyhedron), Ericson 5.1.6's regions
/// over the face planes); a center outside by more than rounding leaves along the direction to it
/// (distance: the gap less the radius). A center inside (or on the boundary within rounding)
/// leaves through the nearest face plane: for a convex polyhedron the depth of a point is the
/// least distance to its face planes, so the penetration is exact, normal minus that plane's.
///
/// Feature ids: `Face(0)` on the sphere; on the polyhedron the feature nearest the point (a
/// vertex or an edge within rounding of it, else the face), numbered as
/// [`manifold_polyhedron_polyhedron`] numbers them; inside, the face of the nearest plane.
///
/// Degenerate and non-finite input: a sphere of radius zero is a point. A NaN or infinite number,
/// a negative radius, a polyhedron with no plane or no vertex, or a NaN `prediction` gives the
/// empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_sphere_polyhedron};
/// use osculate_math::{Aabb, ConvexPolyhedron, Point3, Sphere};
///
/// let cube = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)))?;
/// // Resting on the top face, 0.1 deep.
/// let m = manifold_sphere_polyhedron(&Sphere::new(Point3::new(0.5, 0.5, 1.4), 0.5), &cube, 0.0);
/// assert_eq!(m.len(), 1);
/// assert!((m.points()[0].distance + 0.1).abs() < 1e-12);
/// assert!((m.normal.z + 1.0).abs() < 1e-12);
/// // The center inside, nearest the face x = 1: pushed out through it.
/// let m = manifold_sphere_polyhedron(&Sphere::new(Point3::new(0.9, 0.5, 0.5), 0.25), &cube, 0.0);
/// assert!((m.points()[0].distance + 0.35).abs() < 1e-12);
/// assert!(matches!(m.points()[0].id.b, Feature::Face(_)));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_sphere_polyhedron<T: Real>(
    s: &Sphere<T>,
    b: &ConvexPolyhedron<T>,
    prediction: T,
) -> Manifold<T> {
    // `Polytope::from_polyhedron` refuses exactly these polyhedra; the polytope is built only for
    // a point outside, to name its feature.
    if !Polytope::polyhedron_is_valid(b) {
        return Manifold::empty();
    }
    let pb = || Polytope::from_polyhedron(b).map(Cow::Owned);
    sphere_polytope(s, pb, &Scale::of(&b.vertices), b, prediction)
}

/// [`manifold_sphere_polyhedron`] on a polyhedron whose features were built once
/// ([`PolyhedronFeatures`]): the same manifold, bit for bit, without finding the polyhedron's
/// features again. The workspace is not needed by this pair; it is taken so that the prepared
/// queries share one signature.
///
/// Degenerate and non-finite input as [`manifold_sphere_polyhedron`].
///
/// # Examples
/// ```
/// use osculate_closest::{ManifoldWorkspace, PolyhedronFeatures, manifold_sphere_polyhedron, manifold_sphere_polyhedron_with};
/// use osculate_math::{Aabb, ConvexPolyhedron, Point3, Sphere};
///
/// let cube = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::origin(), Point3::new(1.0_f64, 1.0, 1.0)))?;
/// let ball = Sphere::new(Point3::new(1.2, 1.2, 1.2), 0.5);
/// let m = manifold_sphere_polyhedron_with(&ball, &PolyhedronFeatures::new(&cube)?, 0.0, &mut ManifoldWorkspace::new());
/// assert_eq!(m, manifold_sphere_polyhedron(&ball, &cube, 0.0));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_sphere_polyhedron_with<T: Real>(
    s: &Sphere<T>,
    b: &PolyhedronFeatures<T>,
    prediction: T,
    workspace: &mut ManifoldWorkspace<T>,
) -> Manifold<T> {
    let _ = workspace;
    let pb = || Some(Cow::Borrowed(&b.polytope));
    sphere_polytope(s, pb, &b.polytope.scale(), &b.shape, prediction)
}

/// The manifold of capsule `a` (A) and the polyhedron `b` (B, of scale `scale_b`), the axis's
/// polytope manifold computed in `scratch`; B's polytope (`None` when it has none) is asked of
/// `pb` only where the screen below leaves a contact possible.
fn capsule_polytope_in<'p, T: Real>(
    a: &Capsule<T>,
    pb: impl FnOnce() -> Option<Cow<'p, Polytope<T>>>,
    scale_b: &Scale<T>,
    b: &ConvexPolyhedron<T>,
    prediction: T,
    scratch: &mut Scratch<T>,
) -> Manifold<T> {
    let r = a.radius;
    if prediction.is_nan() || !(r >= T::ZERO && r.is_finite()) || b.planes.is_empty() {
        return Manifold::empty();
    }
    let Some(pa) = scratch.take_segment(&a.a, &a.b) else { return Manifold::empty() };
    let m = capsule_segment_polytope(a, &pa, pb, scale_b, b, prediction, scratch);
    scratch.keep_segment(pa);
    m
}

/// The contact manifold of capsule `a` (A) and convex polyhedron `b` (B), by the method of
/// [`manifold_capsule_triangle`](crate::manifold_capsule_triangle) with the polyhedron for the
/// triangle: the capsule's axis as a polytope of one edge and two vertices against the
/// polyhedron by [`manifold_polyhedron_polyhedron`]'s separating axes and clipping, within the
/// prediction plus the radius, each point moved out by the radius along the normal. An axis lying
/// parallel on a face (within a sine of 1e-2, as the capsule-capsule manifold counts axes
/// parallel) is clipped by the face's side planes: two points, as the capsule-box manifold gives
/// them. Tilted against the normal by more, one point: the deepest end, or the join of an edge
/// pair; where the axis is apart from the polyhedron and the separating axes do not give its
/// closest features, the closest points of the axis and the polyhedron (GJK,
/// [`closest_points_convex`](crate::closest_points_convex)), moved out by the radius; where
/// nothing is left after clipping and the axis meets the polyhedron, GJK/EPA's contact
/// ([`contact_convex`](crate::contact_convex)).
///
/// Feature ids: on the capsule `Vertex(0)` (the cap around `a`), `Vertex(1)` (around `b`) or
/// `Edge(0)` (its side), as [`Feature`](crate::Feature) says; on the polyhedron as
/// [`manifold_polyhedron_polyhedron`] numbers them.
///
/// Degenerate and non-finite input: a capsule of no length is a sphere (its axis a point). A NaN
/// or infinite number, a negative radius, a polyhedron with no plane or no vertex or a NaN
/// `prediction` gives the empty manifold.
///
/// # Examples
/// ```
/// use osculate_closest::{Feature, manifold_capsule_polyhedron};
/// use osculate_math::{Aabb, Capsule, ConvexPolyhedron, Point3};
///
/// let block = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(-2.0_f64, -2.0, -1.0), Point3::new(2.0, 2.0, 0.0)))?;
/// // Lying on the top face, 0.05 deep: two points, one at each end.
/// let lying = Capsule::new(Point3::new(-1.0, 0.0, 0.45), Point3::new(1.0, 0.0, 0.45), 0.5);
/// let m = manifold_capsule_polyhedron(&lying, &block, 0.0);
/// assert_eq!(m.len(), 2);
/// assert!(m.points().iter().all(|p| (p.distance + 0.05).abs() < 1e-12));
/// assert!(m.points().iter().all(|p| matches!(p.id.a, Feature::Vertex(_))));
/// // Standing on its end: one point.
/// let standing = Capsule::new(Point3::new(0.0, 0.0, 0.45), Point3::new(0.0, 0.0, 2.0), 0.5);
/// assert_eq!(manifold_capsule_polyhedron(&standing, &block, 0.0).len(), 1);
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_capsule_polyhedron<T: Real>(
    a: &Capsule<T>,
    b: &ConvexPolyhedron<T>,
    prediction: T,
) -> Manifold<T> {
    let pb = || Polytope::from_polyhedron(b).map(Cow::Owned);
    capsule_polytope_in(a, pb, &Scale::of(&b.vertices), b, prediction, &mut Scratch::default())
}

/// [`manifold_capsule_polyhedron`] on a polyhedron whose features were built once
/// ([`PolyhedronFeatures`]), its clipping computed in `workspace`: the same manifold, bit for bit.
/// The capsule's axis is built in the workspace, which keeps its storage.
///
/// Degenerate and non-finite input as [`manifold_capsule_polyhedron`].
///
/// # Examples
/// ```
/// use osculate_closest::{ManifoldWorkspace, PolyhedronFeatures, manifold_capsule_polyhedron, manifold_capsule_polyhedron_with};
/// use osculate_math::{Aabb, Capsule, ConvexPolyhedron, Point3};
///
/// let block = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(-2.0_f64, -2.0, -1.0), Point3::new(2.0, 2.0, 0.0)))?;
/// let lying = Capsule::new(Point3::new(-1.0, 0.0, 0.45), Point3::new(1.0, 0.0, 0.45), 0.5);
/// let prepared = PolyhedronFeatures::new(&block)?;
/// let m = manifold_capsule_polyhedron_with(&lying, &prepared, 0.0, &mut ManifoldWorkspace::new());
/// assert_eq!(m, manifold_capsule_polyhedron(&lying, &block, 0.0));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[must_use]
pub fn manifold_capsule_polyhedron_with<T: Real>(
    a: &Capsule<T>,
    b: &PolyhedronFeatures<T>,
    prediction: T,
    workspace: &mut ManifoldWorkspace<T>,
) -> Manifold<T> {
    let pb = || Some(Cow::Borrowed(&b.polytope));
    capsule_polytope_in(a, pb, &b.polytope.scale(), &b.shape, prediction, &mut workspace.scratch)
}
