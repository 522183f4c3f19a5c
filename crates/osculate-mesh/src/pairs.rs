//! Mesh against mesh: the pairs of intersecting triangles (simultaneous descent of the two trees,
//! then the triangle-triangle test, fast or exact), and the boolean overlap.

use core::ops::ControlFlow;

use osculate_math::{Aabb, Bounded, Isometry3, Real, Triangle, Vector3};
use osculate_overlap::{aabb_aabb, triangle_triangle, triangle_triangle_exact};

use crate::bvh::Box32;
use crate::mesh::TriangleMesh;

/// Which triangle-triangle test decides a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Predicate {
    /// [`osculate_overlap::triangle_triangle`]: floating point, with its tolerance (in doubt,
    /// overlapping).
    Fast,
    /// [`osculate_overlap::triangle_triangle_exact`]: Shewchuk's adaptive orientation
    /// predicates, exact on the coordinates it is given (for a posed pair, the second mesh's
    /// vertices after the pose is applied and rounded).
    Exact,
}

/// A box of B's frame as a box of A's frame around it: `pose` applied to its center and its
/// extents turned into A's axes (`|R|·e`, Ericson 4.2.6), loosened by `8ε` of the magnitudes
/// involved for the rounding of the transform (so it contains what the box holds as `pose`
/// rounds it).
#[inline]
pub(crate) fn moved_box<T: Real>(b: &Aabb<T>, pose: &Isometry3<T>) -> Aabb<T> {
    let c = pose * b.center();
    let h = b.half_extents();
    let r = pose.rotation.to_rotation_matrix();
    let m = r.matrix();
    let e = Vector3::from_fn(|i, _| {
        m[(i, 0)].abs() * h.x + m[(i, 1)].abs() * h.y + m[(i, 2)].abs() * h.z
    });
    let scale = c.coords.amax() + e.amax() + b.center().coords.amax() + h.amax();
    let pad = scale * T::EPSILON * T::lit(8.0);
    Aabb::new(c - e, c + e).loosened(pad)
}

/// Calls `visit(ta, tb)` for every pair of intersecting triangles, `ta` of `a` and `tb` of `b`
/// with `b` placed in `a`'s frame by `pose` (triangle numbers as in each mesh's index list),
/// until `visit` breaks; returns `Break` when it did.
///
/// The two trees are descended together (the larger node split first, Ericson 6.5), B's node
/// boxes moved into A's frame as boxes around the posed boxes (`|R|·extents`); at the leaves
/// each pair whose triangles' boxes meet is decided by `predicate`. Touching counts as
/// intersecting (so triangles of one mesh that share an edge do intersect). A `pose` with a NaN
/// or infinite entry meets nothing.
///
/// # Examples
/// ```
/// use core::ops::ControlFlow;
/// use osculate_math::{Isometry3, Point3, Vector3};
/// use osculate_mesh::{Predicate, TriangleMesh, visit_intersecting_triangles};
///
/// let v = vec![Point3::new(0.0_f64, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(0.0, 2.0, 0.0)];
/// let floor = TriangleMesh::try_new(v, vec![[0, 1, 2]])?;
/// // The same triangle stood up on the x axis and moved to cross the floor.
/// let pose = Isometry3::new(Vector3::new(0.25, 0.25, -0.5), Vector3::x() * std::f64::consts::FRAC_PI_2);
/// let mut pairs = Vec::new();
/// let _ = visit_intersecting_triangles(&floor, &floor, &pose, Predicate::Exact, |a, b| {
///     pairs.push((a, b));
///     ControlFlow::Continue(())
/// });
/// assert_eq!(pairs, [(0, 0)]);
/// # Ok::<(), osculate_mesh::MeshError>(())
/// ```
pub fn visit_intersecting_triangles<T: Real>(
    a: &TriangleMesh<T>,
    b: &TriangleMesh<T>,
    pose: &Isometry3<T>,
    predicate: Predicate,
    mut visit: impl FnMut(usize, usize) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let finite =
        pose.translation.vector.iter().chain(pose.rotation.coords.iter()).all(|x| x.is_finite());
    if !finite {
        return ControlFlow::Continue(());
    }
    let node_test = |na: &Box32, nb: &Box32| {
        let qa: Aabb<T> = na.aabb();
        aabb_aabb(&qa, &moved_box(&nb.aabb(), pose))
    };
    a.bvh.pair_slots(&b.bvh, node_test, |sa, sb| {
        let (Some(ta), Some(tb)) = (a.slot_triangle(sa), b.slot_triangle(sb)) else {
            return ControlFlow::Continue(());
        };
        let tb = Triangle::new(pose * tb.a, pose * tb.b, pose * tb.c);
        if !aabb_aabb(&ta.aabb(), &tb.aabb()) {
            return ControlFlow::Continue(());
        }
        let meet = match predicate {
            Predicate::Fast => triangle_triangle(&ta, &tb),
            Predicate::Exact => triangle_triangle_exact(&ta, &tb),
        };
        if meet { visit(a.bvh.item(sa), b.bvh.item(sb)) } else { ControlFlow::Continue(()) }
    })
}

/// Whether meshes `a` and `b` (placed in `a`'s frame by `pose`) have intersecting triangles,
/// by [`visit_intersecting_triangles`] with [`Predicate::Fast`], stopping at the first pair.
/// Both meshes are surfaces: one closed mesh entirely inside another does not intersect it.
///
/// # Examples
/// ```
/// use osculate_math::{Isometry3, Point3, Vector3};
/// use osculate_mesh::{TriangleMesh, overlap_mesh_mesh};
///
/// let v = vec![Point3::new(0.0_f32, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(0.0, 2.0, 0.0)];
/// let t = TriangleMesh::try_new(v, vec![[0, 1, 2]])?;
/// assert!(overlap_mesh_mesh(&t, &t, &Isometry3::translation(0.5, 0.5, 0.0))); // coplanar overlap
/// assert!(!overlap_mesh_mesh(&t, &t, &Isometry3::translation(0.0, 0.0, 0.1)));
/// # Ok::<(), osculate_mesh::MeshError>(())
/// ```
#[must_use]
pub fn overlap_mesh_mesh<T: Real>(
    a: &TriangleMesh<T>,
    b: &TriangleMesh<T>,
    pose: &Isometry3<T>,
) -> bool {
    visit_intersecting_triangles(a, b, pose, Predicate::Fast, |_, _| ControlFlow::Break(()))
        .is_break()
}

/// [`overlap_mesh_mesh`] with [`Predicate::Exact`]: exact on the coordinates compared (B's after
/// the pose; with the identity pose, the meshes' own).
///
/// # Examples
/// ```
/// use osculate_math::{Isometry3, Point3};
/// use osculate_mesh::{TriangleMesh, overlap_mesh_mesh_exact};
///
/// // Two triangles touching at one vertex only: exactly touching counts.
/// let a = TriangleMesh::try_new(
///     vec![Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0)],
///     vec![[0, 1, 2]],
/// )?;
/// let b = TriangleMesh::try_new(
///     vec![Point3::new(1.0_f64, 0.0, 0.0), Point3::new(2.0, 0.0, 1.0), Point3::new(2.0, 1.0, -1.0)],
///     vec![[0, 1, 2]],
/// )?;
/// assert!(overlap_mesh_mesh_exact(&a, &b, &Isometry3::identity()));
/// assert!(!overlap_mesh_mesh_exact(&a, &b, &Isometry3::translation(1e-12, 0.0, 0.0)));
/// # Ok::<(), osculate_mesh::MeshError>(())
/// ```
#[must_use]
pub fn overlap_mesh_mesh_exact<T: Real>(
    a: &TriangleMesh<T>,
    b: &TriangleMesh<T>,
    pose: &Isometry3<T>,
) -> bool {
    visit_intersecting_triangles(a, b, pose, Predicate::Exact, |_, _| ControlFlow::Break(()))
        .is_break()
}
