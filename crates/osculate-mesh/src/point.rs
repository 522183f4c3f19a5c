//! Rays and points against a [`TriangleMesh`]: the nearest hit and any hit (watertight), the
//! closest point and distance, and inside-or-outside for closed meshes (pseudo-normals).

use core::ops::ControlFlow;

use osculate_cast::{Culling, RayHit, WatertightRay};
use osculate_closest::closest_point_on_triangle;
use osculate_math::{ContainsPoint, Point3, Ray, Real, is_finite_point};

use crate::mesh::TriangleMesh;
use crate::ray::{SlabRay, valid_ray};
use crate::traverse::{distance_slack, sq_distance_to_node};

/// Where a ray meets a mesh: the triangle (its number in the index list the mesh was built
/// from), the hit on it, and the barycentric coordinates of the hit point on it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MeshHit<T: Real> {
    /// The triangle hit.
    pub triangle: usize,
    /// The hit (`t_enter == t_exit`; the normal faces the ray).
    pub hit: RayHit<T>,
    /// The barycentric coordinates `[u, v, w]` of the hit point on the triangle's `a`, `b`, `c`.
    pub barycentric: [T; 3],
}

/// The point of a mesh closest to a query point.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MeshPoint<T: Real> {
    /// The triangle it lies on (its number in the index list the mesh was built from).
    pub triangle: usize,
    /// The point.
    pub point: Point3<T>,
    /// Its barycentric coordinates `[u, v, w]` on the triangle's `a`, `b`, `c`.
    pub barycentric: [T; 3],
    /// The squared distance from the query point.
    pub sq_distance: T,
}

/// The nearest triangle of `mesh` that `ray` hits within `[0, max_t]`, by
/// [`osculate_cast::ray_triangle_watertight`] (Woop, Benthin and Wald 2013) through the mesh's
/// tree, nearest box first, with pruning by the best hit so far (see [`Bvh::cast_ray`]).
///
/// The ray's permutation and shear are computed once ([`WatertightRay`]) and each triangle whose
/// box the ray reaches is ranked by the test's parameter alone, so the answer is exactly
/// `ray_triangle_watertight`'s nearest hit over all triangles (a tie at equal `t` may name either
/// triangle): no ray slips between two
/// triangles sharing an edge, and the leaf boxes are padded and the slab test widened so that the
/// tree rejects no triangle the test would hit. Degenerate triangles (see
/// [`TriangleMesh::degenerate_triangles`]) are missed, as that function misses them.
///
/// `None` when nothing is hit, and for an invalid ray (non-finite origin or direction, zero
/// direction, negative or NaN `max_t`).
///
/// # Examples
/// ```
/// use osculate_cast::Culling;
/// use osculate_math::{Point3, Ray, Vector3};
/// use osculate_mesh::{TriangleMesh, ray_mesh};
///
/// // Two parallel squares; a ray from above meets the top one (z = 1), triangle 2 or 3.
/// let v = [0.0_f64, 1.0].iter().flat_map(|&z| {
///     [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]].map(|[x, y]| Point3::new(x, y, z))
/// }).collect();
/// let mesh = TriangleMesh::try_new(v, vec![[0, 1, 2], [0, 2, 3], [4, 5, 6], [4, 6, 7]])?;
/// let down = Ray::new(Point3::new(0.5, 0.5, 3.0), -Vector3::z());
/// let h = ray_mesh(&down, &mesh, Culling::TwoSided).unwrap();
/// assert_eq!(h.hit.t_enter, 2.0);
/// assert!(h.triangle == 2 || h.triangle == 3);
/// // Culling back faces, a ray from below passes through both squares' backs.
/// let up = Ray::new(Point3::new(0.5, 0.25, -3.0), Vector3::z());
/// assert!(ray_mesh(&up, &mesh, Culling::FrontOnly).is_none());
/// # Ok::<(), osculate_mesh::MeshError>(())
/// ```
///
/// [`Bvh::cast_ray`]: crate::Bvh::cast_ray
#[must_use]
pub fn ray_mesh<T: Real>(
    ray: &Ray<T>,
    mesh: &TriangleMesh<T>,
    culling: Culling,
) -> Option<MeshHit<T>> {
    if !valid_ray(ray) {
        return None;
    }
    let slab = SlabRay::new(ray);
    let prepared = WatertightRay::new(ray);
    // The search ranks triangles by the watertight test's parameter alone (its `_t` form, exactly
    // the full test's `t_enter`, with `max_t` narrowed to the best so far); the winner's hit is
    // then built once. The narrowed ray is made again only when the best changes (at a hit): made
    // per triangle, the copy can go through the stack field by field, and the test's wider reads
    // of it then wait on failed store forwards.
    let mut narrowed = prepared;
    // The caller's number of the last triangle hit, read at the hit: on a large mesh that read
    // misses the cache, and made during the search it overlaps the rest of the descent instead of
    // waiting at its end.
    let mut last_hit = (usize::MAX, usize::MAX);
    let (slot, _) = mesh.bvh.best_first_slots(
        ray.max_t,
        slab.slack(),
        |n, best| slab.enter(n, best),
        |slot, best| {
            // (`best` is never NaN, and `0 == −0` narrows alike.)
            if best != narrowed.ray().max_t {
                narrowed = prepared.with_max_t(best);
            }
            let t = narrowed.cast_t(mesh.slot_triangle_ref(slot)?, culling)?;
            last_hit = (slot, mesh.bvh.item(slot));
            Some(t)
        },
    )?;
    let h = prepared.cast(mesh.slot_triangle_ref(slot)?, culling)?;
    // A hit tying the winner's parameter does not replace it, so the last hit may be another.
    let triangle = if last_hit.0 == slot { last_hit.1 } else { mesh.bvh.item(slot) };
    Some(MeshHit { triangle, hit: h.hit, barycentric: h.barycentric })
}

/// Whether `ray` hits any triangle of `mesh` within `[0, max_t]` (the any-hit query of shadow
/// and line-of-sight rays): [`ray_mesh`]'s test, stopping at the first hit found instead of
/// looking for the nearest. `false` for an invalid ray.
///
/// # Examples
/// ```
/// use osculate_cast::Culling;
/// use osculate_math::{Point3, Ray, Vector3};
/// use osculate_mesh::{TriangleMesh, ray_mesh_test};
///
/// let v = vec![Point3::new(0.0_f32, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0)];
/// let mesh = TriangleMesh::try_new(v, vec![[0, 1, 2]])?;
/// let r = Ray::try_with_max_t(Point3::new(1.0, 1.0, 1.0), -Vector3::z(), 0.5).unwrap();
/// assert!(!ray_mesh_test(&r, &mesh, Culling::TwoSided)); // stops short of the triangle
/// assert!(ray_mesh_test(&Ray { max_t: 2.0, ..r }, &mesh, Culling::TwoSided));
/// # Ok::<(), osculate_mesh::MeshError>(())
/// ```
#[must_use]
pub fn ray_mesh_test<T: Real>(ray: &Ray<T>, mesh: &TriangleMesh<T>, culling: Culling) -> bool {
    if !valid_ray(ray) {
        return false;
    }
    let slab = SlabRay::new(ray);
    let prepared = WatertightRay::new(ray);
    mesh.bvh
        .visit_slots(
            |n| slab.enter(n, ray.max_t).map(|t| t < T::INFINITY),
            |slot| {
                let hit =
                    mesh.slot_triangle_ref(slot).is_some_and(|tri| prepared.hits(tri, culling));
                if hit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            },
        )
        .is_break()
}

/// The nearest point on the triangles of `mesh` (accepted by `keep`) within squared distance
/// `max_sq` of `p`, with the slot of its triangle.
fn nearest<T: Real>(
    p: &Point3<T>,
    mesh: &TriangleMesh<T>,
    max_sq: T,
    keep: impl Fn(usize) -> bool,
) -> Option<(MeshPoint<T>, usize)> {
    if !is_finite_point(p) || max_sq.is_nan() {
        return None;
    }
    let (slot, sq_distance) = mesh.bvh.best_first_slots(
        max_sq,
        distance_slack(),
        |n, _| sq_distance_to_node(p, n),
        |slot, _| {
            if !keep(slot) {
                return None;
            }
            let c = closest_point_on_triangle(p, &mesh.slot_triangle(slot)?);
            Some((c.point - p).norm_squared())
        },
    )?;
    let c = closest_point_on_triangle(p, &mesh.slot_triangle(slot)?);
    let point = MeshPoint {
        triangle: mesh.bvh.item(slot),
        point: c.point,
        barycentric: c.barycentric,
        sq_distance,
    };
    Some((point, slot))
}

/// The point of `mesh` closest to `p`: the nearest of the triangles' closest points
/// ([`osculate_closest::closest_point_on_triangle`], Ericson 5.1.5), found through the tree in
/// order of the boxes' distances and skipping every box farther than the best so far (see
/// [`Bvh::nearest`]): the same distance as the brute-force minimum over all triangles (a tie may
/// name either triangle). Degenerate triangles count as the segments or points they are.
/// `None` for a non-finite `p`.
///
/// # Examples
/// ```
/// use osculate_math::Point3;
/// use osculate_mesh::{TriangleMesh, closest_point_on_mesh};
///
/// let v = vec![Point3::new(0.0_f64, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(0.0, 2.0, 0.0)];
/// let mesh = TriangleMesh::try_new(v, vec![[0, 1, 2]])?;
/// let c = closest_point_on_mesh(&Point3::new(0.5, 0.5, 3.0), &mesh).unwrap();
/// assert_eq!((c.triangle, c.point, c.sq_distance), (0, Point3::new(0.5, 0.5, 0.0), 9.0));
/// assert!(closest_point_on_mesh(&Point3::new(f64::NAN, 0.0, 0.0), &mesh).is_none());
/// # Ok::<(), osculate_mesh::MeshError>(())
/// ```
///
/// [`Bvh::nearest`]: crate::Bvh::nearest
#[must_use]
pub fn closest_point_on_mesh<T: Real>(
    p: &Point3<T>,
    mesh: &TriangleMesh<T>,
) -> Option<MeshPoint<T>> {
    Some(nearest(p, mesh, T::INFINITY, |_| true)?.0)
}

/// [`closest_point_on_mesh`] among the points within `max_distance` of `p` (inclusive): the
/// bound prunes from the start, so a query far from the mesh ends at the root. `None` when no
/// point of the mesh is that near, for a non-finite `p` and for a NaN or negative
/// `max_distance`.
///
/// # Examples
/// ```
/// use osculate_math::Point3;
/// use osculate_mesh::{TriangleMesh, closest_point_on_mesh_within};
///
/// let v = vec![Point3::new(0.0_f32, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(0.0, 2.0, 0.0)];
/// let mesh = TriangleMesh::try_new(v, vec![[0, 1, 2]])?;
/// let p = Point3::new(0.5, 0.5, 3.0);
/// assert!(closest_point_on_mesh_within(&p, &mesh, 2.9).is_none());
/// assert!(closest_point_on_mesh_within(&p, &mesh, 3.0).is_some());
/// # Ok::<(), osculate_mesh::MeshError>(())
/// ```
#[must_use]
pub fn closest_point_on_mesh_within<T: Real>(
    p: &Point3<T>,
    mesh: &TriangleMesh<T>,
    max_distance: T,
) -> Option<MeshPoint<T>> {
    if !(max_distance >= T::ZERO) {
        return None;
    }
    Some(nearest(p, mesh, max_distance * max_distance, |_| true)?.0)
}

/// The squared distance from `p` to `mesh` ([`closest_point_on_mesh`]'s); NaN for a non-finite
/// `p`.
///
/// # Examples
/// ```
/// use osculate_math::Point3;
/// use osculate_mesh::{TriangleMesh, sq_distance_point_mesh};
///
/// let v = vec![Point3::new(0.0_f64, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(0.0, 2.0, 0.0)];
/// let mesh = TriangleMesh::try_new(v, vec![[0, 1, 2]])?;
/// assert_eq!(sq_distance_point_mesh(&Point3::new(3.0, 0.0, 4.0), &mesh), 17.0);
/// # Ok::<(), osculate_mesh::MeshError>(())
/// ```
#[must_use]
pub fn sq_distance_point_mesh<T: Real>(p: &Point3<T>, mesh: &TriangleMesh<T>) -> T {
    closest_point_on_mesh(p, mesh).map_or(T::NAN, |c| c.sq_distance)
}

/// The signed distance from `p` to a solid mesh (built with [`MeshOptions::solid`]): the
/// distance to the surface, negative inside. The sign is that of `(p − q)·n` for the closest
/// point `q` and the angle-weighted pseudo-normal `n` of the feature `q` lies on — the
/// triangle's normal in its interior, the sum of the two triangles' normals on an edge, the sum
/// of the incident triangles' normals weighted by their angles at a vertex — which Bærentzen
/// and Aanæs ("Signed Distance Computation Using the Angle Weighted Pseudonormal", IEEE TVCG
/// 2005) prove right for every point of a closed, consistently oriented mesh. It costs one
/// closest-point query.
///
/// Chosen over the generalised winding number (Jacobson et al. 2013), which is also right on
/// open and self-intersecting meshes but sums a solid angle over every triangle (or needs
/// Barill et al.'s approximate hierarchy to be fast): here the mesh is closed by construction
/// and the sign comes free with the distance. The closest point is sought among the
/// non-degenerate triangles only (a degenerate triangle has no normal; in a closed mesh its
/// points lie on its neighbours' edges). A point within rounding of the surface can get
/// either sign.
///
/// `None` for a mesh that is not solid and for a non-finite `p`.
///
/// # Examples
/// ```
/// use osculate_math::Point3;
/// use osculate_mesh::{MeshOptions, TriangleMesh, signed_distance_point_mesh};
///
/// // The unit cube, 12 triangles wound counter-clockwise seen from outside.
/// let v: Vec<_> = (0..8).map(|i| Point3::new(f64::from(i & 1), f64::from((i >> 1) & 1), f64::from(i >> 2))).collect();
/// let t = vec![
///     [0, 2, 1], [1, 2, 3], [4, 5, 6], [5, 7, 6], [0, 1, 4], [1, 5, 4],
///     [2, 6, 3], [3, 6, 7], [0, 4, 2], [2, 4, 6], [1, 3, 5], [3, 7, 5],
/// ];
/// let cube = TriangleMesh::try_with_options(v, t, &MeshOptions { solid: true, ..MeshOptions::default() })?;
/// assert_eq!(signed_distance_point_mesh(&Point3::new(0.5, 0.5, 0.75), &cube), Some(-0.25));
/// assert_eq!(signed_distance_point_mesh(&Point3::new(0.5, 0.5, 3.0), &cube), Some(2.0));
/// assert_eq!(signed_distance_point_mesh(&Point3::new(2.0, 2.0, 1.0), &cube), Some(2.0_f64.sqrt()));
/// # Ok::<(), osculate_mesh::MeshError>(())
/// ```
///
/// [`MeshOptions::solid`]: crate::MeshOptions::solid
#[must_use]
pub fn signed_distance_point_mesh<T: Real>(p: &Point3<T>, mesh: &TriangleMesh<T>) -> Option<T> {
    mesh.solid.as_ref()?;
    let (c, slot) = nearest(p, mesh, T::INFINITY, |slot| !mesh.is_flat_slot(slot))?;
    let d = c.sq_distance.sqrt();
    let n = mesh.pseudo_normal(slot, &c.barycentric)?;
    Some(if (p - c.point).dot(&n) < T::ZERO { -d } else { d })
}

impl<T: Real> ContainsPoint<T> for TriangleMesh<T> {
    /// For a solid mesh (see [`MeshOptions::solid`](crate::MeshOptions::solid)), whether `p`
    /// lies inside or on it: [`signed_distance_point_mesh`] `≤ 0`. A mesh that is not solid is a
    /// surface and contains no point; neither does any mesh contain a non-finite point.
    #[inline]
    fn contains_point(&self, p: &Point3<T>) -> bool {
        signed_distance_point_mesh(p, self).is_some_and(|d| d <= T::ZERO)
    }
}
