//! [`TriangleMesh`]: validated construction, optional welding, the solid topology (closedness,
//! orientation, pseudo-normals) and the storage the queries read.

use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;

use osculate_math::{Aabb, Bounded, Point3, Real, Triangle, Vector3, is_finite_point};

use crate::bvh::Bvh;

/// Why a [`TriangleMesh`] could not be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeshError {
    /// The index list is empty.
    NoTriangles,
    /// More than `u32::MAX` vertices or triangles.
    TooManyElements,
    /// A triangle refers to a vertex that does not exist.
    IndexOutOfRange {
        /// The triangle (its position in the index list).
        triangle: usize,
        /// The offending index.
        index: u32,
        /// The number of vertices.
        vertex_count: usize,
    },
    /// A vertex has a NaN or infinite coordinate.
    NonFiniteVertex {
        /// The vertex.
        vertex: usize,
    },
    /// The welding distance is negative, NaN or infinite.
    InvalidWeldDistance,
    /// A solid mesh has an edge that only one triangle uses: it is not closed.
    OpenEdge {
        /// A triangle with the edge.
        triangle: usize,
        /// Which edge of it: 0 for `a → b`, 1 for `b → c`, 2 for `c → a`.
        edge: usize,
    },
    /// A solid mesh has an edge that more than two triangles use.
    NonManifoldEdge {
        /// A triangle with the edge.
        triangle: usize,
        /// Which edge of it (as in [`MeshError::OpenEdge`]).
        edge: usize,
    },
    /// A solid mesh has two triangles that run along a shared edge in the same direction: their
    /// windings disagree.
    InconsistentOrientation {
        /// A triangle with the edge.
        triangle: usize,
        /// Which edge of it (as in [`MeshError::OpenEdge`]).
        edge: usize,
    },
    /// A solid mesh encloses a negative volume: its triangles wind clockwise seen from outside
    /// (reverse each triangle's winding).
    InsideOut,
}

impl fmt::Display for MeshError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::NoTriangles => f.write_str("the mesh has no triangles"),
            Self::TooManyElements => f.write_str("more than u32::MAX vertices or triangles"),
            Self::IndexOutOfRange { triangle, index, vertex_count } => write!(
                f,
                "triangle {triangle} uses vertex {index}, but there are {vertex_count} vertices"
            ),
            Self::NonFiniteVertex { vertex } => write!(f, "vertex {vertex} is NaN or infinite"),
            Self::InvalidWeldDistance => {
                f.write_str("the welding distance is negative, NaN or infinite")
            }
            Self::OpenEdge { triangle, edge } => {
                write!(f, "edge {edge} of triangle {triangle} has no neighbour: the mesh is open")
            }
            Self::NonManifoldEdge { triangle, edge } => {
                write!(f, "edge {edge} of triangle {triangle} is shared by more than two triangles")
            }
            Self::InconsistentOrientation { triangle, edge } => write!(
                f,
                "edge {edge} of triangle {triangle} runs the same way in its neighbour: \
                 inconsistent winding"
            ),
            Self::InsideOut => f.write_str("the mesh encloses a negative volume: it is inside out"),
        }
    }
}

impl core::error::Error for MeshError {}

/// How [`TriangleMesh::try_with_options`] prepares a mesh.
///
/// # Examples
/// ```
/// use osculate_mesh::MeshOptions;
///
/// let o = MeshOptions::<f64> { weld: Some(1e-9), solid: true, ..MeshOptions::default() };
/// assert_eq!(MeshOptions::<f64>::default().weld, None);
/// assert!(o.solid);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MeshOptions<T: Real> {
    /// Merge vertices within this distance of each other (Euclidean; chains of such pairs merge
    /// into one vertex, kept at the position of its lowest-numbered member) before anything
    /// else; `Some(0)` merges exact duplicates only; `None` (the default) keeps every vertex.
    /// Triangles that weld to fewer than three distinct vertices are kept and reported
    /// degenerate.
    pub weld: Option<T>,
    /// Check that the mesh is closed (every edge shared by exactly two triangles, running in
    /// opposite directions) and encloses a positive volume, and compute its angle-weighted
    /// pseudo-normals, for [`signed_distance_point_mesh`](crate::signed_distance_point_mesh) and
    /// `contains_point`. Off by default: it sorts every edge (about as long as the tree's build)
    /// and stores 12 bytes per triangle and one normal per vertex.
    pub solid: bool,
    /// The largest number of triangles in a leaf of the tree (default
    /// [`DEFAULT_LEAF_ITEMS`](crate::DEFAULT_LEAF_ITEMS)).
    pub leaf_triangles: u32,
}

impl<T: Real> Default for MeshOptions<T> {
    fn default() -> Self {
        Self { weld: None, solid: false, leaf_triangles: crate::DEFAULT_LEAF_ITEMS }
    }
}

/// The topology and pseudo-normals of a closed mesh (Bærentzen and Aanæs 2005).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Solid<T: Real> {
    /// Per slot: the triangle's vertex indices.
    pub(crate) indices: Vec<[u32; 3]>,
    /// Per vertex: the sum of its triangles' unit normals weighted by their angles at it.
    pub(crate) vertex_normals: Vec<Vector3<T>>,
    /// Per slot: the slot across each edge (`a → b`, `b → c`, `c → a`).
    pub(crate) neighbours: Vec<[u32; 3]>,
}

/// A triangle mesh with a bounding volume hierarchy over its triangles: a shape for ray casts,
/// closest points, inside-or-outside tests (closed meshes), and overlap, distance, contact and
/// sweeps of convex shapes.
///
/// **Storage.** The vertices; each triangle's three corners, copied in the tree's leaf order (a
/// leaf's triangles are adjacent in memory, so a query reads a leaf in one sweep instead of
/// gathering nine coordinates from across the vertex array); the [`Bvh`] (which maps that order
/// back to the caller's numbering: every result names triangles by their position in the index
/// list given); one bit per triangle marking those collapsed up to rounding; and with
/// [`MeshOptions::solid`] the indices, neighbours and pseudo-normals.
/// [`TriangleMesh::memory_bytes`] reports the total: for `f32` about 57 bytes per triangle on a
/// closed mesh without the solid data (corners 36, vertices 6, tree 15), about 99 for `f64`.
///
/// **Validity.** [`TriangleMesh::try_new`] rejects an empty index list, an index out of range and
/// a non-finite vertex; triangles with repeated indices or collapsed up to rounding are valid
/// (a collapsed triangle is the segment or point it is) and listed by
/// [`TriangleMesh::degenerate_triangles`]. A built mesh cannot be changed, so every query can
/// rely on this.
///
/// # Examples
/// ```
/// use osculate_cast::Culling;
/// use osculate_math::{Point3, Ray, Vector3};
/// use osculate_mesh::{TriangleMesh, ray_mesh};
///
/// // A unit square in the z = 0 plane, two triangles.
/// let vertices = vec![
///     Point3::new(0.0_f32, 0.0, 0.0),
///     Point3::new(1.0, 0.0, 0.0),
///     Point3::new(1.0, 1.0, 0.0),
///     Point3::new(0.0, 1.0, 0.0),
/// ];
/// let mesh = TriangleMesh::try_new(vertices, vec![[0, 1, 2], [0, 2, 3]])?;
/// let hit = ray_mesh(&Ray::new(Point3::new(0.25, 0.75, 2.0), -Vector3::z()), &mesh, Culling::TwoSided).unwrap();
/// assert_eq!((hit.triangle, hit.hit.t_enter), (1, 2.0));
/// # Ok::<(), osculate_mesh::MeshError>(())
/// ```
#[derive(Clone, PartialEq)]
pub struct TriangleMesh<T: Real> {
    pub(crate) vertices: Vec<Point3<T>>,
    /// The triangles' corners in leaf order (slot `k` is the caller's triangle `bvh.items[k]`).
    corners: Vec<Triangle<T>>,
    pub(crate) bvh: Bvh,
    /// One bit per slot: collapsed up to rounding (the watertight ray test skips it).
    flat: Vec<u64>,
    /// The caller's numbers of the degenerate triangles, ascending.
    degenerate: Vec<u32>,
    pub(crate) solid: Option<Solid<T>>,
    aabb: Aabb<T>,
    /// The leaf size the tree was built with, so that a serialised mesh rebuilds the same tree.
    leaf_triangles: u32,
}

impl<T: Real> fmt::Debug for TriangleMesh<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TriangleMesh")
            .field("vertices", &self.vertices.len())
            .field("triangles", &self.corners.len())
            .field("degenerate", &self.degenerate.len())
            .field("solid", &self.solid.is_some())
            .field("bvh", &self.bvh)
            .finish()
    }
}

/// Whether a triangle is collapsed up to rounding, by the criterion of
/// `osculate_cast::ray_triangle_watertight` (which misses such a triangle):
/// `|(b − a) × (c − a)|² ≤ DEGENERATE_SQ_TOLERANCE · |b − a|² · |c − a|²`.
#[inline]
pub(crate) fn is_flat<T: Real>(t: &Triangle<T>) -> bool {
    let (e1, e2) = (t.b - t.a, t.c - t.a);
    !(e1.cross(&e2).norm_squared()
        > T::DEGENERATE_SQ_TOLERANCE * e1.norm_squared() * e2.norm_squared())
}

/// The box of a triangle padded by `32ε` of its largest extent: the watertight ray test can
/// accept a ray up to a few `ε·|v − o|` outside the triangle, and `|v − o|` is at most the hit's
/// distance (covered by the slab test's slack) plus the triangle's size (covered here).
pub(crate) fn padded_aabb<T: Real>(t: &Triangle<T>) -> Aabb<T> {
    let b = t.aabb();
    let e = b.max - b.min;
    let pad = e.x.fast_max(e.y).fast_max(e.z) * T::EPSILON * T::lit(32.0);
    b.loosened(pad)
}

/// `f` of every item in order, across the threads of rayon's pool when `parallel` (with the
/// `rayon` feature; serially otherwise).
fn map_all<A: Sync, B: Send>(
    items: &[A],
    f: impl Fn(&A) -> B + Sync + Send,
    parallel: bool,
) -> Vec<B> {
    #[cfg(feature = "rayon")]
    if parallel {
        use rayon::prelude::*;
        return items.par_iter().map(f).collect();
    }
    let _ = parallel;
    items.iter().map(f).collect()
}

impl<T: Real> TriangleMesh<T> {
    /// A mesh of `triangles` (each three indices into `vertices`, counter-clockwise seen from
    /// the front) with the default [`MeshOptions`]: no welding, not solid.
    ///
    /// # Errors
    /// [`MeshError::NoTriangles`], [`MeshError::TooManyElements`],
    /// [`MeshError::NonFiniteVertex`] (the first), [`MeshError::IndexOutOfRange`] (the first).
    ///
    /// # Examples
    /// ```
    /// use osculate_math::Point3;
    /// use osculate_mesh::{MeshError, TriangleMesh};
    ///
    /// let v = vec![Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0)];
    /// assert!(TriangleMesh::try_new(v.clone(), vec![[0, 1, 2]]).is_ok());
    /// assert_eq!(
    ///     TriangleMesh::try_new(v.clone(), vec![[0, 1, 3]]).unwrap_err(),
    ///     MeshError::IndexOutOfRange { triangle: 0, index: 3, vertex_count: 3 }
    /// );
    /// let mut bad = v;
    /// bad[1].y = f64::NAN;
    /// assert_eq!(TriangleMesh::try_new(bad, vec![[0, 1, 2]]).unwrap_err(), MeshError::NonFiniteVertex { vertex: 1 });
    /// ```
    pub fn try_new(vertices: Vec<Point3<T>>, triangles: Vec<[u32; 3]>) -> Result<Self, MeshError> {
        Self::try_with_options(vertices, triangles, &MeshOptions::default())
    }

    /// A mesh built with `options`: welded first if asked, then checked and given its
    /// pseudo-normals if solid.
    ///
    /// # Errors
    /// As [`TriangleMesh::try_new`]; [`MeshError::InvalidWeldDistance`]; for a solid mesh
    /// [`MeshError::OpenEdge`], [`MeshError::NonManifoldEdge`],
    /// [`MeshError::InconsistentOrientation`] (the first edge found) or [`MeshError::InsideOut`].
    /// Triangles with a repeated index are left out of the solid checks (their edges cancel).
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{ContainsPoint, Point3};
    /// use osculate_mesh::{MeshError, MeshOptions, TriangleMesh};
    ///
    /// // A tetrahedron whose faces each carry their own copies of the vertices.
    /// let corners = [[0.0_f64, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    /// let faces = [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
    /// let vertices: Vec<_> = faces.iter().flatten().map(|&i| Point3::from(corners[i])).collect();
    /// let triangles: Vec<[u32; 3]> = (0..4).map(|f| [3 * f, 3 * f + 1, 3 * f + 2]).collect();
    /// let solid = MeshOptions { solid: true, ..MeshOptions::default() };
    /// // Unwelded, every edge is open.
    /// assert!(matches!(
    ///     TriangleMesh::try_with_options(vertices.clone(), triangles.clone(), &solid),
    ///     Err(MeshError::OpenEdge { .. })
    /// ));
    /// let welded = MeshOptions { weld: Some(0.0), ..solid };
    /// let mesh = TriangleMesh::try_with_options(vertices, triangles, &welded)?;
    /// assert_eq!(mesh.vertices().len(), 4);
    /// assert!(mesh.contains_point(&Point3::new(0.1, 0.1, 0.1)));
    /// assert!(!mesh.contains_point(&Point3::new(0.5, 0.5, 0.5)));
    /// # Ok::<(), MeshError>(())
    /// ```
    pub fn try_with_options(
        vertices: Vec<Point3<T>>,
        triangles: Vec<[u32; 3]>,
        options: &MeshOptions<T>,
    ) -> Result<Self, MeshError> {
        Self::build(vertices, triangles, options, false)
    }

    /// [`TriangleMesh::try_new`] with the tree built across the threads of rayon's current pool
    /// (see [`Bvh::try_new_par`](crate::Bvh::try_new_par)): the same mesh, equal by `==`.
    ///
    /// # Errors
    /// As [`TriangleMesh::try_new`].
    ///
    /// # Examples
    /// ```
    /// use osculate_math::Point3;
    /// use osculate_mesh::TriangleMesh;
    ///
    /// // A strip of 1,000 triangles.
    /// let vertices: Vec<Point3<f32>> =
    ///     (0..1_002).map(|i| Point3::new((i / 2) as f32, (i % 2) as f32, 0.0)).collect();
    /// let triangles: Vec<[u32; 3]> = (0..500).flat_map(|i| [[2 * i, 2 * i + 1, 2 * i + 2], [2 * i + 1, 2 * i + 3, 2 * i + 2]]).collect();
    /// let serial = TriangleMesh::try_new(vertices.clone(), triangles.clone())?;
    /// assert_eq!(TriangleMesh::try_new_par(vertices, triangles)?, serial);
    /// # Ok::<(), osculate_mesh::MeshError>(())
    /// ```
    #[cfg(feature = "rayon")]
    pub fn try_new_par(
        vertices: Vec<Point3<T>>,
        triangles: Vec<[u32; 3]>,
    ) -> Result<Self, MeshError> {
        Self::build(vertices, triangles, &MeshOptions::default(), true)
    }

    /// [`TriangleMesh::try_with_options`] with the tree built across the threads of rayon's
    /// current pool: the same mesh, equal by `==`.
    ///
    /// # Errors
    /// As [`TriangleMesh::try_with_options`].
    ///
    /// # Examples
    /// ```
    /// use osculate_math::Point3;
    /// use osculate_mesh::{MeshOptions, TriangleMesh};
    ///
    /// let vertices: Vec<Point3<f64>> =
    ///     (0..402).map(|i| Point3::new(f64::from(i / 2), f64::from(i % 2), 0.0)).collect();
    /// let triangles: Vec<[u32; 3]> = (0..200).flat_map(|i| [[2 * i, 2 * i + 1, 2 * i + 2], [2 * i + 1, 2 * i + 3, 2 * i + 2]]).collect();
    /// let options = MeshOptions { leaf_triangles: 4, ..MeshOptions::default() };
    /// let serial = TriangleMesh::try_with_options(vertices.clone(), triangles.clone(), &options)?;
    /// assert_eq!(TriangleMesh::try_with_options_par(vertices, triangles, &options)?, serial);
    /// # Ok::<(), osculate_mesh::MeshError>(())
    /// ```
    #[cfg(feature = "rayon")]
    pub fn try_with_options_par(
        vertices: Vec<Point3<T>>,
        triangles: Vec<[u32; 3]>,
        options: &MeshOptions<T>,
    ) -> Result<Self, MeshError> {
        Self::build(vertices, triangles, options, true)
    }

    /// The checks, the weld and the build of [`TriangleMesh::try_with_options`]; the triangles'
    /// boxes and the tree across threads when `parallel` (only with the `rayon` feature).
    fn build(
        mut vertices: Vec<Point3<T>>,
        mut triangles: Vec<[u32; 3]>,
        options: &MeshOptions<T>,
        parallel: bool,
    ) -> Result<Self, MeshError> {
        if triangles.is_empty() {
            return Err(MeshError::NoTriangles);
        }
        if u32::try_from(vertices.len()).is_err() || u32::try_from(triangles.len()).is_err() {
            return Err(MeshError::TooManyElements);
        }
        if let Some(vertex) = vertices.iter().position(|v| !is_finite_point(v)) {
            return Err(MeshError::NonFiniteVertex { vertex });
        }
        let n = vertices.len();
        for (triangle, t) in triangles.iter().enumerate() {
            if let Some(&index) = t.iter().find(|&&i| i as usize >= n) {
                return Err(MeshError::IndexOutOfRange { triangle, index, vertex_count: n });
            }
        }
        if let Some(d) = options.weld {
            if !(d >= T::ZERO && d.is_finite()) {
                return Err(MeshError::InvalidWeldDistance);
            }
            vertices = weld(vertices, &mut triangles, d);
        }
        let geometry = |t: &[u32; 3]| {
            Triangle::new(vertices[t[0] as usize], vertices[t[1] as usize], vertices[t[2] as usize])
        };
        let bvh = {
            let boxes = map_all(&triangles, |t| padded_aabb(&geometry(t)), parallel);
            #[cfg(feature = "rayon")]
            if parallel {
                Bvh::try_with_leaf_size_par(&boxes, options.leaf_triangles)
            } else {
                Bvh::try_with_leaf_size(&boxes, options.leaf_triangles)
            }
            #[cfg(not(feature = "rayon"))]
            Bvh::try_with_leaf_size(&boxes, options.leaf_triangles)
        }
        .map_err(|_| MeshError::TooManyElements)?;
        let indices = map_all(
            &bvh.items,
            |&i| triangles.get(i as usize).copied().unwrap_or([0; 3]),
            parallel,
        );
        drop(triangles);
        let corners = map_all(&indices, geometry, parallel);
        let mut flat = vec![0u64; corners.len().div_ceil(64)];
        let mut degenerate = Vec::new();
        for (slot, (t, tri)) in indices.iter().zip(&corners).enumerate() {
            let repeated = t[0] == t[1] || t[1] == t[2] || t[2] == t[0];
            if repeated || is_flat(tri) {
                if let Some(w) = flat.get_mut(slot / 64) {
                    *w |= 1 << (slot % 64);
                }
                degenerate.push(bvh.items.get(slot).copied().unwrap_or(0));
            }
        }
        degenerate.sort_unstable();
        let aabb = Aabb::from_points(corners.iter().flat_map(|t| [&t.a, &t.b, &t.c]));
        let leaf_triangles = options.leaf_triangles;
        let mut mesh =
            Self { vertices, corners, bvh, flat, degenerate, solid: None, aabb, leaf_triangles };
        if options.solid {
            mesh.solid = Some(mesh.solid_topology(indices)?);
        }
        Ok(mesh)
    }

    /// The vertices (after welding, if asked).
    #[inline]
    #[must_use]
    pub fn vertices(&self) -> &[Point3<T>] {
        &self.vertices
    }

    /// The number of triangles.
    #[inline]
    #[must_use]
    pub fn triangle_count(&self) -> usize {
        self.corners.len()
    }

    /// Every triangle with its number (its position in the index list given), in the mesh's
    /// storage order (the tree's leaf order, not the numbering).
    ///
    /// # Examples
    /// ```
    /// use osculate_math::Point3;
    /// use osculate_mesh::TriangleMesh;
    ///
    /// let v = vec![Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0)];
    /// let mesh = TriangleMesh::try_new(v, vec![[0, 1, 2], [0, 1, 3]])?;
    /// let mut numbers: Vec<usize> = mesh.triangles().map(|(i, _)| i).collect();
    /// numbers.sort();
    /// assert_eq!(numbers, [0, 1]);
    /// # Ok::<(), osculate_mesh::MeshError>(())
    /// ```
    pub fn triangles(&self) -> impl Iterator<Item = (usize, Triangle<T>)> + '_ {
        (0..self.corners.len()).filter_map(|s| Some((self.bvh.item(s), self.slot_triangle(s)?)))
    }

    /// The numbers of the degenerate triangles, ascending: those with a repeated index (after
    /// welding) and those collapsed up to rounding (`|(b − a) × (c − a)|²` at most
    /// [`Real::DEGENERATE_SQ_TOLERANCE`] `|b − a|²|c − a|²`). They stay in the mesh: closest
    /// points and overlaps treat each as the segment or point it is; ray casts miss it (a ray
    /// meeting it meets its neighbours); the pseudo-normals leave it out.
    #[inline]
    #[must_use]
    pub fn degenerate_triangles(&self) -> &[u32] {
        &self.degenerate
    }

    /// Whether the mesh was built solid (closed, consistently oriented, positive volume, with
    /// pseudo-normals): whether [`signed_distance_point_mesh`](crate::signed_distance_point_mesh)
    /// and `contains_point` answer.
    #[inline]
    #[must_use]
    pub fn is_solid(&self) -> bool {
        self.solid.is_some()
    }

    /// The tree over the triangles (its items are the triangle numbers).
    #[inline]
    #[must_use]
    pub fn bvh(&self) -> &Bvh {
        &self.bvh
    }

    /// Each triangle's three vertex indices, in the caller's numbering (triangle `i` first is the
    /// `i`-th triangle given, with indices into [`TriangleMesh::vertices`]). A solid mesh keeps
    /// its indices; otherwise each corner is found again among the vertices by its coordinates
    /// (the corners are copies of them), so a triangle whose vertex has an exact duplicate may
    /// name the duplicate: the same geometry.
    ///
    /// # Examples
    /// ```
    /// use osculate_math::Point3;
    /// use osculate_mesh::TriangleMesh;
    ///
    /// let v = vec![Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0)];
    /// let mesh = TriangleMesh::try_new(v, vec![[0, 1, 2], [0, 1, 3]])?;
    /// assert_eq!(mesh.indices(), [[0, 1, 2], [0, 1, 3]]);
    /// # Ok::<(), osculate_mesh::MeshError>(())
    /// ```
    #[must_use]
    pub fn indices(&self) -> Vec<[u32; 3]> {
        let mut out = vec![[0_u32; 3]; self.corners.len()];
        if let Some(solid) = &self.solid {
            for (slot, t) in solid.indices.iter().enumerate() {
                if let Some(o) = out.get_mut(self.bvh.item(slot)) {
                    *o = *t;
                }
            }
            return out;
        }
        // The vertex numbers sorted by coordinates; a corner's number is found by binary search
        // (every coordinate is finite, so the order is total).
        let key = |p: &Point3<T>| [p.x, p.y, p.z];
        let cmp = |a: &[T; 3], b: &[T; 3]| {
            let order = a.iter().zip(b).map(|(x, y)| x.partial_cmp(y).unwrap_or(Ordering::Equal));
            order.fold(Ordering::Equal, Ordering::then)
        };
        let mut order: Vec<u32> = (0..self.vertices.len() as u32).collect();
        order.sort_by(|&i, &j| {
            cmp(&key(&self.vertices[i as usize]), &key(&self.vertices[j as usize])).then(i.cmp(&j))
        });
        let find = |p: &Point3<T>| {
            let at =
                order.partition_point(|&i| cmp(&key(&self.vertices[i as usize]), &key(p)).is_lt());
            order.get(at).copied().unwrap_or(0)
        };
        for (slot, t) in self.corners.iter().enumerate() {
            if let Some(o) = out.get_mut(self.bvh.item(slot)) {
                *o = [find(&t.a), find(&t.b), find(&t.c)];
            }
        }
        out
    }

    /// The bytes of heap memory the mesh holds: vertices, triangles, tree, flags and
    /// pseudo-normals.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        let solid = self.solid.as_ref().map_or(0, |s| {
            s.vertex_normals.capacity() * size_of::<Vector3<T>>()
                + (s.neighbours.capacity() + s.indices.capacity()) * size_of::<[u32; 3]>()
        });
        self.vertices.capacity() * size_of::<Point3<T>>()
            + self.corners.capacity() * size_of::<Triangle<T>>()
            + self.bvh.memory_bytes()
            + self.flat.capacity() * size_of::<u64>()
            + self.degenerate.capacity() * size_of::<u32>()
            + solid
    }

    /// The triangle in slot `slot`.
    #[inline(always)]
    pub(crate) fn slot_triangle(&self, slot: usize) -> Option<Triangle<T>> {
        self.corners.get(slot).copied()
    }

    /// The triangle in slot `slot`, in place (the ray tests read its coordinates by the ray's
    /// axes straight from the mesh's storage).
    #[inline(always)]
    pub(crate) fn slot_triangle_ref(&self, slot: usize) -> Option<&Triangle<T>> {
        self.corners.get(slot)
    }

    /// Whether the triangle in slot `slot` is degenerate (see
    /// [`TriangleMesh::degenerate_triangles`]).
    #[inline(always)]
    pub(crate) fn is_flat_slot(&self, slot: usize) -> bool {
        self.flat.get(slot / 64).is_some_and(|w| w >> (slot % 64) & 1 == 1)
    }

    /// The closedness and orientation checks and the pseudo-normals, for the triangles'
    /// vertex `indices` in slot order.
    fn solid_topology(&self, indices: Vec<[u32; 3]>) -> Result<Solid<T>, MeshError> {
        // Each half-edge as (lower vertex, higher vertex, slot, edge, runs from lower to higher),
        // sorted so that the half-edges of one edge are adjacent.
        let mut half: Vec<(u32, u32, u32, u8, bool)> = Vec::with_capacity(3 * indices.len());
        for (slot, t) in (0u32..).zip(&indices) {
            if t[0] == t[1] || t[1] == t[2] || t[2] == t[0] {
                continue;
            }
            for (e, k) in (0u8..).zip(0..3) {
                let (p, q) = (t[k], t[(k + 1) % 3]);
                half.push((p.min(q), p.max(q), slot, e, p < q));
            }
        }
        half.sort_unstable_by_key(|h| (h.0, h.1));
        let mut neighbours = vec![[u32::MAX; 3]; indices.len()];
        let name = |slot: u32, e: u8| (self.bvh.item(slot as usize), usize::from(e));
        let mut i = 0;
        while i < half.len() {
            let mut j = i + 1;
            while j < half.len() && (half[j].0, half[j].1) == (half[i].0, half[i].1) {
                j += 1;
            }
            let (triangle, edge) = name(half[i].2, half[i].3);
            match j - i {
                1 => return Err(MeshError::OpenEdge { triangle, edge }),
                2 => {}
                _ => return Err(MeshError::NonManifoldEdge { triangle, edge }),
            }
            let (x, y) = (half[i], half[i + 1]);
            if x.4 == y.4 {
                return Err(MeshError::InconsistentOrientation { triangle, edge });
            }
            if let Some(n) = neighbours.get_mut(x.2 as usize) {
                n[usize::from(x.3)] = y.2;
            }
            if let Some(n) = neighbours.get_mut(y.2 as usize) {
                n[usize::from(y.3)] = x.2;
            }
            i = j;
        }
        drop(half);
        // The volume (divergence theorem: the sum of a·(b × c)/6, taken about the box's center
        // to keep the products small) and the angle-weighted vertex normals.
        let o = self.aabb.center();
        let mut volume = T::ZERO;
        let mut vertex_normals = vec![Vector3::zeros(); self.vertices.len()];
        for (slot, t) in indices.iter().enumerate() {
            let Some(tri) = self.slot_triangle(slot) else { continue };
            if t[0] == t[1] || t[1] == t[2] || t[2] == t[0] {
                continue;
            }
            volume += (tri.a - o).dot(&(tri.b - o).cross(&(tri.c - o)));
            if self.is_flat_slot(slot) {
                continue;
            }
            let Some(n) = tri.unit_normal() else { continue };
            let p = [tri.a, tri.b, tri.c];
            for k in 0..3 {
                let (e1, e2) = (p[(k + 1) % 3] - p[k], p[(k + 2) % 3] - p[k]);
                let angle = e1.cross(&e2).norm().atan2(e1.dot(&e2));
                if let Some(v) = vertex_normals.get_mut(t[k] as usize) {
                    *v += n.into_inner() * angle;
                }
            }
        }
        if !(volume > T::ZERO) {
            return Err(MeshError::InsideOut);
        }
        Ok(Solid { indices, vertex_normals, neighbours })
    }

    /// The pseudo-normal (unnormalised) of the feature of slot `slot` where a closest point with
    /// barycentrics `w` lies: the vertex's for two zero weights, the sum of the two triangles'
    /// unit normals for one (the edge opposite the zero), the triangle's own otherwise
    /// (Bærentzen and Aanæs 2005). `None` for a mesh that is not solid.
    pub(crate) fn pseudo_normal(&self, slot: usize, w: &[T; 3]) -> Option<Vector3<T>> {
        let solid = self.solid.as_ref()?;
        let t = solid.indices.get(slot)?;
        let own =
            self.slot_triangle(slot)?.unit_normal().map_or(Vector3::zeros(), |n| n.into_inner());
        let zeros = w.iter().filter(|&&x| x == T::ZERO).count();
        match zeros {
            2 => {
                let k = w.iter().position(|&x| x != T::ZERO)?;
                solid.vertex_normals.get(t[k] as usize).copied()
            }
            1 => {
                // The zero weight is at the vertex opposite the edge: edge (k + 1, k + 2), which
                // is edge number (k + 1) % 3 in the a → b, b → c, c → a order.
                let k = w.iter().position(|&x| x == T::ZERO)?;
                let other = *solid.neighbours.get(slot)?.get((k + 1) % 3)?;
                let theirs = self
                    .slot_triangle(other as usize)
                    .and_then(|t| t.unit_normal())
                    .map_or(Vector3::zeros(), |n| n.into_inner());
                Some(own + theirs)
            }
            _ => Some(own),
        }
    }
}

impl<T: Real> Bounded<T> for TriangleMesh<T> {
    /// The box of the vertices the triangles use (exact, in `T`).
    #[inline]
    fn aabb(&self) -> Aabb<T> {
        self.aabb
    }
}

/// Welds `vertices` within distance `d` (see [`MeshOptions::weld`]), rewriting `triangles`, and
/// returns the remaining vertices (in their original order).
fn weld<T: Real>(vertices: Vec<Point3<T>>, triangles: &mut [[u32; 3]], d: T) -> Vec<Point3<T>> {
    let n = vertices.len();
    let mut parent: Vec<u32> = (0..).take(n).collect();
    let find = |parent: &mut [u32], mut i: u32| {
        while parent[i as usize] != i {
            let p = parent[i as usize];
            parent[i as usize] = parent[p as usize];
            i = p;
        }
        i
    };
    let union = |parent: &mut [u32], a: u32, b: u32| {
        let (ra, rb) = (find(parent, a), find(parent, b));
        if ra != rb {
            // The lower number represents the cluster.
            parent[ra.max(rb) as usize] = ra.min(rb);
        }
    };
    let cmp_points = |a: &Point3<T>, b: &Point3<T>| {
        (0..3).map(|i| a[i].partial_cmp(&b[i]).unwrap_or(Ordering::Equal)).find(|o| o.is_ne())
    };
    if d == T::ZERO {
        // Exact duplicates: sort by position and merge equal runs.
        let mut order: Vec<u32> = (0..).take(n).collect();
        order.sort_unstable_by(|&a, &b| {
            cmp_points(&vertices[a as usize], &vertices[b as usize]).unwrap_or(Ordering::Equal)
        });
        for w in order.windows(2) {
            if vertices[w[0] as usize] == vertices[w[1] as usize] {
                union(&mut parent, w[0], w[1]);
            }
        }
    } else {
        // A grid of cells of side `d`: points within `d` lie in the same or adjacent cells.
        let cell = |p: &Point3<T>| -> [i64; 3] {
            core::array::from_fn(|i| {
                let c = (p[i] / d).floor().to_f64();
                #[allow(clippy::cast_possible_truncation, reason = "clamped first")]
                let k = c.clamp(-4e18, 4e18) as i64;
                k
            })
        };
        let mut keyed: Vec<([i64; 3], u32)> =
            (0..).zip(&vertices).map(|(i, p)| (cell(p), i)).collect();
        keyed.sort_unstable();
        let d2 = d * d;
        for k in 0..keyed.len() {
            let (c, i) = keyed[k];
            for dx in -1..=1 {
                for dy in -1..=1 {
                    for dz in -1..=1 {
                        let key = [
                            c[0].saturating_add(dx),
                            c[1].saturating_add(dy),
                            c[2].saturating_add(dz),
                        ];
                        if key < c {
                            continue; // each pair of cells once, from the lower one
                        }
                        let start = keyed.partition_point(|e| e.0 < key);
                        for &(other_key, j) in &keyed[start..] {
                            if other_key != key {
                                break;
                            }
                            if j != i
                                && (vertices[i as usize] - vertices[j as usize]).norm_squared()
                                    <= d2
                            {
                                union(&mut parent, i, j);
                            }
                        }
                    }
                }
            }
        }
    }
    // Compact: the representatives in their original order.
    let mut new_index = vec![u32::MAX; n];
    let mut kept = Vec::new();
    for i in (0u32..).take(n) {
        let r = find(&mut parent, i);
        if r == i {
            #[allow(clippy::cast_possible_truncation, reason = "at most n ≤ u32::MAX vertices")]
            let k = kept.len() as u32;
            new_index[i as usize] = k;
            kept.push(vertices[i as usize]);
        } else {
            new_index[i as usize] = new_index[r as usize];
        }
    }
    for t in triangles.iter_mut() {
        *t = t.map(|i| new_index[i as usize]);
    }
    kept
}

/// A mesh is written as its vertices, its triangles' indices in the caller's numbering, whether it
/// is solid and its leaf size, and read back through [`TriangleMesh::try_with_options`]: a mesh
/// read from untrusted data is checked like any other, and the same data builds the same tree.
#[cfg(feature = "serde")]
mod serde_impl {
    use alloc::vec::Vec;

    use osculate_math::{Point3, Real};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{MeshOptions, TriangleMesh};

    #[derive(Serialize, Deserialize)]
    #[serde(rename = "TriangleMesh")]
    struct Data<T: Real> {
        vertices: Vec<Point3<T>>,
        triangles: Vec<[u32; 3]>,
        solid: bool,
        leaf_triangles: u32,
    }

    impl<T: Real + Serialize> Serialize for TriangleMesh<T> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            Data {
                vertices: self.vertices.clone(),
                triangles: self.indices(),
                solid: self.solid.is_some(),
                leaf_triangles: self.leaf_triangles,
            }
            .serialize(serializer)
        }
    }

    impl<'de, T: Real + Deserialize<'de>> Deserialize<'de> for TriangleMesh<T> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let d = Data::<T>::deserialize(deserializer)?;
            let options =
                MeshOptions { weld: None, solid: d.solid, leaf_triangles: d.leaf_triangles };
            TriangleMesh::try_with_options(d.vertices, d.triangles, &options)
                .map_err(serde::de::Error::custom)
        }
    }
}
