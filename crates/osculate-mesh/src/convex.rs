//! Convex shapes against a [`TriangleMesh`]: overlap, distance, one-point contact and a
//! translational sweep, each through the mesh's tree and a per-triangle query
//! ([`ConvexShape`]: the lower layers' closed forms where they exist, GJK/EPA otherwise).

use core::ops::ControlFlow;

use osculate_closest::{
    ClosestPoints, Contact, GJK_MAX_ITERATIONS, Param, SupportMap, closest_point_on_triangle,
    closest_points_convex, closest_points_segment_triangle, closest_points_triangle_triangle,
    contact_convex, contact_sphere_triangle, intersect_convex,
};
use osculate_dynamic::Impact;
use osculate_math::{
    Aabb, Bounded, Capsule, Cone, ConvexPolyhedron, Cylinder, Obb, Real, Segment, Sphere,
    Tetrahedron, Triangle, Vector3, is_finite_vector,
};

use crate::bvh::Node;
use crate::mesh::TriangleMesh;
use crate::ray::SlabRay;
use crate::traverse::distance_slack;

/// The EPA step bound of the contacts by GJK + EPA (the facade's: polytopes converge in a few,
/// curved shapes in tens; the bound only caps pathological ones).
const EPA_STEPS: usize = 1024;

/// A result on one triangle of a mesh: the triangle's number (its position in the index list
/// the mesh was built from) and the result there.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OnTriangle<R> {
    /// The triangle.
    pub triangle: usize,
    /// The result against it.
    pub result: R,
}

/// A convex shape with the queries a mesh needs against one triangle: a [`SupportMap`] and a
/// box ([`Bounded`]) for the tree, and four per-triangle queries whose defaults are the generic
/// ones of the lower layers — GJK for overlap and distance (`osculate_closest::intersect_convex`,
/// `closest_points_convex`), GJK + EPA for contact (`contact_convex`, 1,024 steps) and the GJK
/// ray cast for the sweep (`osculate_dynamic::convex_convex`). The shapes with closed forms
/// against a triangle override them: spheres, capsules, segments, triangles and boxes.
///
/// Every shape of `osculate-math` with a support mapping implements it; a shape of your own
/// needs only `SupportMap` and `Bounded` (and may override what it can do faster).
///
/// # Examples
/// ```
/// use osculate_math::{Point3, Sphere, Triangle};
/// use osculate_mesh::ConvexShape;
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(0.0, 2.0, 0.0));
/// let ball = Sphere::new(Point3::new(0.5, 0.5, 1.5), 1.0);
/// assert!(!ball.overlaps_triangle(&t));
/// assert!((ball.closest_points_triangle(&t).distance - 0.5).abs() < 1e-12);
/// ```
pub trait ConvexShape<T: Real>: SupportMap<T> + Bounded<T> {
    /// Whether the shape and `tri` overlap (touching counts).
    fn overlaps_triangle(&self, tri: &Triangle<T>) -> bool {
        intersect_convex(self, tri, GJK_MAX_ITERATIONS)
    }

    /// The closest points of the shape (A) and `tri` (B).
    fn closest_points_triangle(&self, tri: &Triangle<T>) -> ClosestPoints<T> {
        closest_points_convex(self, tri)
    }

    /// The contact of the shape (A) and `tri` (B): signed distance, normal from the shape to
    /// the triangle, witness points.
    fn contact_triangle(&self, tri: &Triangle<T>) -> Option<Contact<T>> {
        contact_convex(self, tri, EPA_STEPS)
    }

    /// The shape moving by `motion` over `t ∈ [0, 1]` against the resting `tri`: the first
    /// contact, with the normal from the shape to the triangle.
    fn sweep_triangle(&self, motion: &Vector3<T>, tri: &Triangle<T>) -> Option<Impact<T>> {
        osculate_dynamic::convex_convex(self, motion, tri, &Vector3::zeros())
    }

    /// The shape as a capsule when it is round (a ball is a capsule whose segment has no
    /// length), for the closed forms against a compound's round and box parts
    /// ([`PartForm`](crate::PartForm)); `None`, the default, for any other shape.
    fn as_capsule(&self) -> Option<Capsule<T>> {
        None
    }
}

/// The closest points of a core shape and a triangle, A grown by radius `r` (a sphere from its
/// center, a capsule from its segment): A's point moves `r` toward B's, and when the cores are
/// within `r` both points are B's (a point the shapes share).
fn grown<T: Real>(c: ClosestPoints<T>, r: T) -> ClosestPoints<T> {
    if !(c.distance > r) {
        let d = if c.distance.is_nan() || r.is_nan() { T::NAN } else { T::ZERO };
        return ClosestPoints { point_a: c.point_b, distance: d, param_a: Param::None, ..c };
    }
    let toward = (c.point_b - c.point_a) * (r / c.distance);
    ClosestPoints {
        point_a: c.point_a + toward,
        distance: c.distance - r,
        param_a: Param::None,
        ..c
    }
}

impl<T: Real> ConvexShape<T> for Sphere<T> {
    #[inline]
    fn overlaps_triangle(&self, tri: &Triangle<T>) -> bool {
        osculate_overlap::sphere_triangle(self, tri)
    }

    fn closest_points_triangle(&self, tri: &Triangle<T>) -> ClosestPoints<T> {
        let q = closest_point_on_triangle(&self.center, tri);
        let core = ClosestPoints {
            point_a: self.center,
            point_b: q.point,
            distance: (q.point - self.center).norm(),
            param_a: Param::None,
            param_b: Param::Barycentric(q.barycentric),
        };
        grown(core, self.radius)
    }

    #[inline]
    fn contact_triangle(&self, tri: &Triangle<T>) -> Option<Contact<T>> {
        contact_sphere_triangle(self, tri)
    }

    #[inline]
    fn sweep_triangle(&self, motion: &Vector3<T>, tri: &Triangle<T>) -> Option<Impact<T>> {
        osculate_dynamic::sphere_triangle(self, motion, tri, &Vector3::zeros())
    }

    #[inline]
    fn as_capsule(&self) -> Option<Capsule<T>> {
        Some(Capsule::new(self.center, self.center, self.radius))
    }
}

impl<T: Real> ConvexShape<T> for Capsule<T> {
    #[inline]
    fn overlaps_triangle(&self, tri: &Triangle<T>) -> bool {
        closest_points_segment_triangle(&Segment::new(self.a, self.b), tri).distance <= self.radius
    }

    fn closest_points_triangle(&self, tri: &Triangle<T>) -> ClosestPoints<T> {
        grown(closest_points_segment_triangle(&Segment::new(self.a, self.b), tri), self.radius)
    }

    #[inline]
    fn as_capsule(&self) -> Option<Capsule<T>> {
        Some(*self)
    }
}

/// The [`ConvexShape`] impls of the shapes with a closed form against a triangle for both the
/// overlap test and the closest points (the rest by GJK and EPA): `Shape: overlap, closest`.
macro_rules! closed_against_triangle {
    ($($shape:ident: $overlap:path, $closest:path;)*) => {$(
        impl<T: Real> ConvexShape<T> for $shape<T> {
            #[inline]
            fn overlaps_triangle(&self, tri: &Triangle<T>) -> bool {
                $overlap(self, tri)
            }

            #[inline]
            fn closest_points_triangle(&self, tri: &Triangle<T>) -> ClosestPoints<T> {
                $closest(self, tri)
            }
        }
    )*};
}

closed_against_triangle! {
    Segment: osculate_overlap::segment_triangle, closest_points_segment_triangle;
    Triangle: osculate_overlap::triangle_triangle, closest_points_triangle_triangle;
}

impl<T: Real> ConvexShape<T> for Aabb<T> {
    #[inline]
    fn overlaps_triangle(&self, tri: &Triangle<T>) -> bool {
        osculate_overlap::aabb_triangle(self, tri)
    }

    fn sweep_triangle(&self, motion: &Vector3<T>, tri: &Triangle<T>) -> Option<Impact<T>> {
        // The triangle moving by −motion against the resting box is the same relative motion
        // (the normal already points from the box to the triangle); its point, on the resting
        // box, is moved with the box.
        let i = osculate_dynamic::aabb_triangle(self, &Vector3::zeros(), tri, &-motion)?;
        Impact::new(i.toi, i.point + motion * i.toi, i.normal, i.initially_overlapping)
    }
}

impl<T: Real> ConvexShape<T> for Obb<T> {
    #[inline]
    fn overlaps_triangle(&self, tri: &Triangle<T>) -> bool {
        osculate_overlap::obb_triangle(self, tri)
    }
}

impl<T: Real> ConvexShape<T> for Cylinder<T> {}
impl<T: Real> ConvexShape<T> for Cone<T> {}
impl<T: Real> ConvexShape<T> for Tetrahedron<T> {}
impl<T: Real> ConvexShape<T> for ConvexPolyhedron<T> {}
impl<T: Real> ConvexShape<T> for osculate_math::ConvexPolygon<T> {}

/// The margin a query shape's box is loosened by before the tree is searched: `√ε/2` of the
/// box's largest coordinate magnitude (f32 1.7e-4, f64 7.5e-9), above the tolerance of every
/// per-triangle test (GJK's is 1.5e-5 in f32 and 1.5e-10 in f64 of the shapes' size), so that
/// no triangle the test would call touching is culled by its box.
fn query_margin<T: Real>(b: &Aabb<T>) -> T {
    let m = b.min.coords.amax().fast_max(b.max.coords.amax());
    m * T::EPSILON.sqrt() * T::HALF
}

/// The query box of a shape: its box loosened by [`query_margin`] and by `extra`; `None` when
/// it has a NaN or infinite bound (no confident answer).
fn query_box<T: Real>(shape: &impl Bounded<T>, extra: T) -> Option<Aabb<T>> {
    let b = shape.aabb();
    let finite = is_finite_vector(&b.min.coords) && is_finite_vector(&b.max.coords);
    (finite && !b.is_empty()).then(|| b.loosened(query_margin(&b) + extra))
}

/// Per lane: whether the lane's box and `q` overlap (touching counts).
#[inline(always)]
fn node_overlaps<T: Real>(n: &Node, q: &Aabb<T>) -> [bool; 4] {
    core::array::from_fn(|l| {
        (0..3).all(|a| {
            T::lit(f64::from(n.lo[a][l])) <= q.max[a] && q.min[a] <= T::lit(f64::from(n.hi[a][l]))
        })
    })
}

/// Per lane: the distance between the lane's box and `q` (0 when they overlap; `+∞` for an
/// unused lane).
#[inline(always)]
fn node_distance<T: Real>(n: &Node, q: &Aabb<T>) -> [T; 4] {
    let mut d2 = [T::ZERO; 4];
    for a in 0..3 {
        for (l, d2) in d2.iter_mut().enumerate() {
            let gap = (T::lit(f64::from(n.lo[a][l])) - q.max[a])
                .fast_max(q.min[a] - T::lit(f64::from(n.hi[a][l])))
                .fast_max(T::ZERO);
            *d2 += gap * gap;
        }
    }
    d2.map(|x| x.sqrt())
}

/// Whether convex `shape` overlaps `mesh` (both in the mesh's frame; touching counts): the
/// triangles whose boxes meet the shape's (loosened by `√ε/2` of its coordinates, so that no
/// triangle the per-triangle test calls touching is culled) are tested with
/// [`ConvexShape::overlaps_triangle`] until one overlaps. The mesh is a surface: a shape
/// entirely inside a closed mesh touches no triangle (use [`signed_distance_point_mesh`] on a
/// point of it for containment). `false` for a shape with a NaN or infinite bound.
///
/// # Examples
/// ```
/// use osculate_math::{Aabb, Point3, Sphere};
/// use osculate_mesh::{TriangleMesh, overlap_convex_mesh};
///
/// let v = vec![Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0)];
/// let floor = TriangleMesh::try_new(v, vec![[0, 1, 2]])?;
/// assert!(overlap_convex_mesh(&Sphere::new(Point3::new(1.0, 1.0, 0.5), 0.6), &floor));
/// assert!(!overlap_convex_mesh(&Sphere::new(Point3::new(1.0, 1.0, 0.5), 0.4), &floor));
/// let crate_box = Aabb::new(Point3::new(1.0, 1.0, -0.1), Point3::new(2.0, 2.0, 0.9));
/// assert!(overlap_convex_mesh(&crate_box, &floor));
/// # Ok::<(), osculate_mesh::MeshError>(())
/// ```
///
/// [`signed_distance_point_mesh`]: crate::signed_distance_point_mesh
#[must_use]
pub fn overlap_convex_mesh<T: Real, S: ConvexShape<T>>(shape: &S, mesh: &TriangleMesh<T>) -> bool {
    let Some(q) = query_box(shape, T::ZERO) else { return false };
    mesh.bvh
        .visit_slots(
            |n| node_overlaps(n, &q),
            |slot| match mesh.slot_triangle(slot) {
                Some(t) if shape.overlaps_triangle(&t) => ControlFlow::Break(()),
                _ => ControlFlow::Continue(()),
            },
        )
        .is_break()
}

/// The closest points of convex `shape` (A) and `mesh` (B, in the same frame): the nearest of
/// the per-triangle answers ([`ConvexShape::closest_points_triangle`]), found through the tree in
/// order of the distance between the shape's box (loosened by `√ε/2` of its coordinates) and
/// each node's, skipping nodes farther than the best so far. Distance 0 when the shape touches
/// a triangle (the mesh is a surface). `None` for a shape with a NaN or infinite bound.
///
/// # Examples
/// ```
/// use osculate_math::{Capsule, Point3};
/// use osculate_mesh::{TriangleMesh, closest_points_convex_mesh};
///
/// let v = vec![Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0)];
/// let floor = TriangleMesh::try_new(v, vec![[0, 1, 2]])?;
/// let pill = Capsule::new(Point3::new(1.0, 1.0, 2.0), Point3::new(1.0, 1.0, 3.0), 0.5);
/// let c = closest_points_convex_mesh(&pill, &floor).unwrap();
/// assert_eq!((c.triangle, c.result.distance), (0, 1.5));
/// assert_eq!(c.result.point_b, Point3::new(1.0, 1.0, 0.0));
/// # Ok::<(), osculate_mesh::MeshError>(())
/// ```
#[must_use]
pub fn closest_points_convex_mesh<T: Real, S: ConvexShape<T>>(
    shape: &S,
    mesh: &TriangleMesh<T>,
) -> Option<OnTriangle<ClosestPoints<T>>> {
    let q = query_box(shape, T::ZERO)?;
    let (slot, _) = mesh.bvh.best_first_slots(
        T::INFINITY,
        distance_slack(),
        |n, _| node_distance(n, &q),
        |slot, _| {
            let d = shape.closest_points_triangle(&mesh.slot_triangle(slot)?).distance;
            (!d.is_nan()).then_some(d)
        },
    )?;
    let result = shape.closest_points_triangle(&mesh.slot_triangle(slot)?);
    Some(OnTriangle { triangle: mesh.bvh.item(slot), result })
}

/// The one-point contact of convex `shape` (A) and `mesh` (B, in the same frame): among the
/// triangles within `prediction` of the shape, the contact ([`ConvexShape::contact_triangle`])
/// with the smallest signed distance — the deepest penetration, or the nearest gap when none
/// penetrates. The normal points from the shape to that triangle. Each triangle is a two-sided
/// surface: a contact names one triangle, not the mesh's interior (a manifold over several
/// triangles is not built here). `None` when no triangle is within `prediction` (negative
/// `prediction` asks for penetration deeper than it), for a NaN `prediction` and for a shape
/// with a NaN or infinite bound.
///
/// # Examples
/// ```
/// use osculate_math::{Point3, Sphere, Vector3};
/// use osculate_mesh::{TriangleMesh, contact_convex_mesh};
///
/// // A floor of two triangles and a ball sunk 0.25 into it.
/// let v = vec![
///     Point3::new(-4.0_f64, -4.0, 0.0), Point3::new(4.0, -4.0, 0.0),
///     Point3::new(4.0, 4.0, 0.0), Point3::new(-4.0, 4.0, 0.0),
/// ];
/// let floor = TriangleMesh::try_new(v, vec![[0, 1, 2], [0, 2, 3]])?;
/// let ball = Sphere::new(Point3::new(1.0, -1.0, 0.75), 1.0);
/// let c = contact_convex_mesh(&ball, &floor, 0.0).unwrap();
/// assert_eq!((c.triangle, c.result.distance), (0, -0.25));
/// assert_eq!(c.result.normal, -Vector3::z_axis());
/// let high = Sphere::new(Point3::new(1.0, -1.0, 1.5), 1.0);
/// assert!(contact_convex_mesh(&high, &floor, 0.1).is_none());
/// assert!(contact_convex_mesh(&high, &floor, 1.0).is_some_and(|c| c.result.distance == 0.5));
/// # Ok::<(), osculate_mesh::MeshError>(())
/// ```
#[must_use]
pub fn contact_convex_mesh<T: Real, S: ConvexShape<T>>(
    shape: &S,
    mesh: &TriangleMesh<T>,
    prediction: T,
) -> Option<OnTriangle<Contact<T>>> {
    if prediction.is_nan() {
        return None;
    }
    let q = query_box(shape, prediction.fast_max(T::ZERO))?;
    let mut best: Option<(usize, Contact<T>)> = None;
    let _ = mesh.bvh.visit_slots(
        |n| node_overlaps(n, &q),
        |slot| {
            let c = mesh.slot_triangle(slot).and_then(|t| shape.contact_triangle(&t));
            if let Some(c) = c
                && c.distance <= prediction
                && best.is_none_or(|(_, b)| c.distance < b.distance)
            {
                best = Some((slot, c));
            }
            ControlFlow::Continue(())
        },
    );
    let (slot, result) = best?;
    Some(OnTriangle { triangle: mesh.bvh.item(slot), result })
}

/// Convex `shape` moving by `motion` over `t ∈ [0, 1]` against the resting `mesh` (same frame):
/// the earliest impact over the triangles ([`ConvexShape::sweep_triangle`]: the closed forms for
/// spheres and boxes, the GJK ray cast otherwise), the character controller's query. The tree is
/// searched in order of the time at which the shape's box (loosened by `√ε/2` of its
/// coordinates) sweeping along `motion` first reaches each node's box, and nodes reached later
/// than the best impact so far are skipped. The normal points from the shape to the triangle.
/// A shape already touching a triangle gets `toi = 0`. `None` when the shape reaches no
/// triangle, and for a NaN or infinite `motion` or shape bound.
///
/// # Examples
/// ```
/// use osculate_math::{Point3, Sphere, Vector3};
/// use osculate_mesh::{TriangleMesh, sweep_convex_mesh};
///
/// // A wall at x = 5 and a ball moving 8 along x: it touches after 4, half way.
/// let v = vec![Point3::new(5.0_f64, -5.0, -5.0), Point3::new(5.0, 5.0, -5.0), Point3::new(5.0, 0.0, 5.0)];
/// let wall = TriangleMesh::try_new(v, vec![[0, 1, 2]])?;
/// let ball = Sphere::new(Point3::new(0.0, 0.0, 0.0), 1.0);
/// let hit = sweep_convex_mesh(&ball, &Vector3::new(8.0, 0.0, 0.0), &wall).unwrap();
/// assert!((hit.result.toi - 0.5).abs() < 1e-12);
/// assert_eq!(hit.result.normal, Vector3::x_axis());
/// assert!(sweep_convex_mesh(&ball, &Vector3::new(0.0, 8.0, 0.0), &wall).is_none());
/// # Ok::<(), osculate_mesh::MeshError>(())
/// ```
#[must_use]
pub fn sweep_convex_mesh<T: Real, S: ConvexShape<T>>(
    shape: &S,
    motion: &Vector3<T>,
    mesh: &TriangleMesh<T>,
) -> Option<OnTriangle<Impact<T>>> {
    if !is_finite_vector(motion) {
        return None;
    }
    let q = query_box(shape, T::ZERO)?;
    let slab = SlabRay::moving(q.min.coords.into(), q.max.coords.into(), motion);
    let (slot, _) = mesh.bvh.best_first_slots(
        T::ONE,
        slab.slack(),
        |n, best| slab.enter(n, best),
        |slot, _| Some(shape.sweep_triangle(motion, &mesh.slot_triangle(slot)?)?.toi),
    )?;
    let result = shape.sweep_triangle(motion, &mesh.slot_triangle(slot)?)?;
    Some(OnTriangle { triangle: mesh.bvh.item(slot), result })
}
