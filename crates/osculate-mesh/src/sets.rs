//! Queries between two sets of convex pieces ([`ConvexSet`]: a mesh's triangles, a compound's
//! placed parts): overlap, closest points, contact and sweep, each by one set's tree and the other
//! set's convex query per piece.

use core::ops::ControlFlow;

use osculate_closest::{
    ClosestPoints, Contact, GJK_MAX_ITERATIONS, SupportMap, Transformed, closest_points_convex,
    intersect_convex,
};
use osculate_dynamic::Impact;
use osculate_math::{
    Aabb, Bounded, Isometry3, Point3, Real, Transform, Triangle, Vector3, is_finite_vector,
};

use crate::bvh::Bvh;
use crate::compound::{
    Compound, Part, box_distance, box_enter, closest_points_convex_compound,
    contact_convex_compound, overlap_convex_compound, posed_box, query_box, sweep_convex_compound,
    valid_pose,
};
use crate::convex::{
    ConvexShape, closest_points_convex_mesh, contact_convex_mesh, overlap_convex_mesh,
    sweep_convex_mesh,
};
use crate::mesh::TriangleMesh;
use crate::pairs::moved_box;
use crate::traverse::distance_slack;

/// A part of a compound as placed in the compound's frame: a convex shape with a support
/// mapping and a box (its support points along the six axis directions), the piece a query
/// between two sets meets ([`ConvexSet`]).
///
/// # Examples
/// ```
/// use osculate_math::{Bounded, Isometry3, Point3, Sphere};
/// use osculate_mesh::{Compound, PlacedPart};
///
/// let ball = Sphere::new(Point3::origin(), 1.0_f64);
/// let pair = Compound::try_new(vec![(Isometry3::translation(3.0, 0.0, 0.0), ball)])?;
/// let placed = PlacedPart(&pair.parts()[0]);
/// assert_eq!(placed.aabb().min, Point3::new(2.0, -1.0, -1.0));
/// # Ok::<(), osculate_mesh::CompoundError>(())
/// ```
#[derive(Debug)]
pub struct PlacedPart<'a, S, T: Real>(pub &'a Transformed<S, T>);

impl<S, T: Real> Clone for PlacedPart<'_, S, T> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<S, T: Real> Copy for PlacedPart<'_, S, T> {}

/// A convex piece from a shape and a pose (`$Name(…)` whose field `0` is a [`Transformed`] or a
/// reference to one): the support mapping through the pose, the box from six support points.
macro_rules! placed_piece {
    ($Name:ident, [$($unsized:tt)*]) => {
        impl<T: Real, S: SupportMap<T> $($unsized)*> SupportMap<T> for $Name<'_, S, T> {
            #[inline]
            fn support(&self, dir: &Vector3<T>) -> Point3<T> {
                self.0.support(dir)
            }
            #[inline]
            fn center(&self) -> Point3<T> {
                self.0.center()
            }
            #[inline]
            fn margin(&self) -> T {
                self.0.margin()
            }
            #[inline]
            fn core_support(&self, dir: &Vector3<T>) -> Point3<T> {
                self.0.core_support(dir)
            }
            #[inline]
            fn is_valid_input(&self) -> bool {
                self.0.is_valid_input()
            }
        }

        impl<T: Real, S: SupportMap<T> $($unsized)*> Bounded<T> for $Name<'_, S, T> {
            #[inline]
            fn aabb(&self) -> Aabb<T> {
                posed_box(&self.0)
            }
        }

        impl<T: Real, S: SupportMap<T> $($unsized)*> ConvexShape<T> for $Name<'_, S, T> {}
    };
}

placed_piece!(PlacedPart, []);

/// A convex shape carried into another frame by a pose, without being rebuilt: its support
/// mapping through the pose ([`Transformed`] of the borrowed shape) and its box from the support
/// points along the six axis directions. What a posed query hands a set for a shape that has no
/// cheaper moved form: a polytope, or a compound's part (its own pose composed with the set's).
///
/// # Examples
/// ```
/// use osculate_closest::Transformed;
/// use osculate_math::{Bounded, Isometry3, Point3, Sphere};
/// use osculate_mesh::MovedShape;
///
/// let ball = Sphere::new(Point3::origin(), 1.0_f64);
/// let moved = MovedShape(Transformed { shape: &ball, pose: Isometry3::translation(3.0, 0.0, 0.0) });
/// assert_eq!(moved.aabb().min, Point3::new(2.0, -1.0, -1.0));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct MovedShape<'a, S: ?Sized, T: Real>(pub Transformed<&'a S, T>);

placed_piece!(MovedShape, [+ ?Sized]);

mod sealed {
    pub trait Sealed {}
    impl<T: osculate_math::Real> Sealed for crate::TriangleMesh<T> {}
    impl<T: osculate_math::Real, S> Sealed for crate::Compound<T, S> {}
}

/// A set of convex pieces under one [`Bvh`]: a [`TriangleMesh`] (its triangles) or a
/// [`Compound`] (its placed parts). The queries between two sets ([`overlap_sets`],
/// [`closest_points_sets`], [`contact_sets`], [`sweep_sets`]) descend one set's tree and ask the
/// other set the convex query for each piece. Sealed: implemented for the two kinds of set.
///
/// # Examples
/// ```
/// use osculate_math::{Point3, Sphere};
/// use osculate_mesh::{ConvexSet, TriangleMesh};
///
/// let v = vec![Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0)];
/// let floor = TriangleMesh::try_new(v, vec![[0, 1, 2]])?;
/// let (triangle, c) = floor.closest_points_to(&Sphere::new(Point3::new(1.0, 1.0, 2.0), 0.5)).unwrap();
/// assert_eq!((triangle, c.distance), (0, 1.5));
/// # Ok::<(), osculate_mesh::MeshError>(())
/// ```
pub trait ConvexSet<T: Real>: Bounded<T> + sealed::Sealed {
    /// A piece as a convex shape in the set's frame.
    type Piece<'a>: ConvexShape<T>
    where
        Self: 'a;
    /// A piece carried into another frame by a pose (a triangle moved as it is, a part as a
    /// [`MovedShape`] with its pose composed).
    type Moved<'a>: ConvexShape<T>
    where
        Self: 'a;
    /// The tree over the pieces' boxes.
    fn tree(&self) -> &Bvh;
    /// The piece in the tree's slot `slot` (slot order is [`Bvh::leaf_order`]).
    fn slot_piece(&self, slot: usize) -> Option<Self::Piece<'_>>;
    /// The piece in slot `slot` carried by `pose` (from the set's frame into another).
    fn slot_piece_moved(&self, slot: usize, pose: &Isometry3<T>) -> Option<Self::Moved<'_>>;
    /// Whether convex `shape` overlaps the set (as
    /// [`overlap_convex_mesh`](crate::overlap_convex_mesh) or [`overlap_convex_compound`]
    /// answers).
    fn overlaps_shape<S: ConvexShape<T>>(&self, shape: &S) -> bool;
    /// The closest points of convex `shape` (A) and the set (B) with the nearest piece's number
    /// (as [`closest_points_convex_mesh`](crate::closest_points_convex_mesh) or
    /// [`closest_points_convex_compound`] answers).
    fn closest_points_to<S: ConvexShape<T>>(&self, shape: &S) -> Option<(usize, ClosestPoints<T>)>;
    /// The deepest contact of convex `shape` (A) with the set (B) within `prediction`, with the
    /// piece's number (as [`contact_convex_mesh`](crate::contact_convex_mesh) or
    /// [`contact_convex_compound`] answers).
    fn contact_with<S: ConvexShape<T>>(
        &self,
        shape: &S,
        prediction: T,
    ) -> Option<(usize, Contact<T>)>;
    /// The closest points of convex `shape` (A) and `piece` (B), a piece of the set, both in
    /// one frame: a mesh's triangle by the shape's closed form against a triangle
    /// ([`ConvexShape::closest_points_triangle`]), a compound's part by GJK
    /// ([`closest_points_convex`]). What [`closest_points_sets`] measures at each pair of pieces.
    fn closest_points_to_piece<S: ConvexShape<T>>(
        shape: &S,
        piece: &Self::Piece<'_>,
    ) -> ClosestPoints<T>;
    /// The first impact of convex `shape` moving by `motion` against the resting set, with the
    /// piece's number (as [`sweep_convex_mesh`](crate::sweep_convex_mesh) or
    /// [`sweep_convex_compound`] answers).
    fn sweep_of<S: ConvexShape<T>>(
        &self,
        shape: &S,
        motion: &Vector3<T>,
    ) -> Option<(usize, Impact<T>)>;
}

/// The three queries of a [`ConvexSet`] against one convex shape, from the set's
/// convex-against-set functions (`$closest`, `$contact`, `$sweep`), whose results name the piece
/// they were found on by the field `$piece` (a triangle's or a part's number).
macro_rules! convex_set_queries {
    ($overlap:ident, $closest:ident, $contact:ident, $sweep:ident, $piece:ident) => {
        #[inline]
        fn overlaps_shape<S: ConvexShape<T>>(&self, shape: &S) -> bool {
            $overlap(shape, self)
        }
        #[inline]
        fn closest_points_to<S: ConvexShape<T>>(
            &self,
            shape: &S,
        ) -> Option<(usize, ClosestPoints<T>)> {
            $closest(shape, self).map(|c| (c.$piece, c.result))
        }
        #[inline]
        fn contact_with<S: ConvexShape<T>>(
            &self,
            shape: &S,
            prediction: T,
        ) -> Option<(usize, Contact<T>)> {
            $contact(shape, self, prediction).map(|c| (c.$piece, c.result))
        }
        #[inline]
        fn sweep_of<S: ConvexShape<T>>(
            &self,
            shape: &S,
            motion: &Vector3<T>,
        ) -> Option<(usize, Impact<T>)> {
            $sweep(shape, motion, self).map(|c| (c.$piece, c.result))
        }
    };
}

impl<T: Real> ConvexSet<T> for TriangleMesh<T> {
    type Piece<'a> = Triangle<T>;
    #[inline]
    fn tree(&self) -> &Bvh {
        self.bvh()
    }
    type Moved<'a> = Triangle<T>;
    #[inline]
    fn slot_piece(&self, slot: usize) -> Option<Triangle<T>> {
        self.slot_triangle(slot)
    }
    #[inline]
    fn slot_piece_moved(&self, slot: usize, pose: &Isometry3<T>) -> Option<Triangle<T>> {
        self.slot_triangle(slot).map(|t| t.transformed(pose))
    }
    #[inline]
    fn closest_points_to_piece<S: ConvexShape<T>>(
        shape: &S,
        piece: &Triangle<T>,
    ) -> ClosestPoints<T> {
        shape.closest_points_triangle(piece)
    }
    convex_set_queries!(
        overlap_convex_mesh,
        closest_points_convex_mesh,
        contact_convex_mesh,
        sweep_convex_mesh,
        triangle
    );
}

impl<T: Real, P: Part<T>> ConvexSet<T> for Compound<T, P> {
    type Piece<'a>
        = PlacedPart<'a, P, T>
    where
        P: 'a;
    #[inline]
    fn tree(&self) -> &Bvh {
        self.bvh()
    }
    type Moved<'a>
        = MovedShape<'a, P, T>
    where
        P: 'a;
    #[inline]
    fn slot_piece(&self, slot: usize) -> Option<PlacedPart<'_, P, T>> {
        self.parts().get(self.bvh().item(slot)).map(PlacedPart)
    }
    #[inline]
    fn slot_piece_moved(&self, slot: usize, pose: &Isometry3<T>) -> Option<MovedShape<'_, P, T>> {
        let part = self.parts().get(self.bvh().item(slot))?;
        Some(MovedShape(Transformed { shape: &part.shape, pose: pose * part.pose }))
    }
    #[inline]
    fn closest_points_to_piece<S: ConvexShape<T>>(
        shape: &S,
        piece: &PlacedPart<'_, P, T>,
    ) -> ClosestPoints<T> {
        closest_points_convex(shape, piece)
    }
    convex_set_queries!(
        overlap_convex_compound,
        closest_points_convex_compound,
        contact_convex_compound,
        sweep_convex_compound,
        part
    );
}

/// A result between two sets: the piece of each (a triangle's or a part's number) and the
/// result there, in the sets' common frame.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OnPieces<R> {
    /// The piece of A.
    pub piece_a: usize,
    /// The piece of B.
    pub piece_b: usize,
    /// The result between them.
    pub result: R,
}

impl<R> OnPieces<R> {
    /// The answer with A and B exchanged, the result by `swap`.
    fn swapped_by(self, swap: impl FnOnce(R) -> R) -> Self {
        Self { piece_a: self.piece_b, piece_b: self.piece_a, result: swap(self.result) }
    }
}

/// Whether two boxes overlap, each loosened by `√ε/2` of its largest coordinate magnitude.
fn boxes_meet<T: Real>(x: &Aabb<T>, y: &Aabb<T>) -> bool {
    let margin = |b: &Aabb<T>| {
        b.min.coords.amax().fast_max(b.max.coords.amax()) * T::EPSILON.sqrt() * T::HALF
    };
    let pad = margin(x).fast_max(margin(y));
    (0..3).all(|k| x.min[k] <= y.max[k] + pad && y.min[k] <= x.max[k] + pad)
}

/// Whether two sets (a mesh or a compound each, in the same frame) overlap, touching counts:
/// the pairs of pieces whose boxes meet, found through both trees at once (as
/// [`overlap_compound_compound`](crate::overlap_compound_compound)), tested by GJK
/// ([`intersect_convex`](osculate_closest::intersect_convex)) until one overlaps. A mesh is a
/// surface: a compound entirely inside a closed mesh does not overlap it. Sets are validated at
/// construction, so every input is finite.
///
/// # Examples
/// ```
/// use osculate_math::{Aabb, Isometry3, Point3};
/// use osculate_mesh::{Compound, TriangleMesh, overlap_sets};
///
/// let v = vec![Point3::new(-4.0_f64, 0.0, -4.0), Point3::new(4.0, 0.0, -4.0), Point3::new(0.0, 0.0, 4.0)];
/// let floor = TriangleMesh::try_new(v, vec![[0, 2, 1]])?;
/// let leg = Aabb::new(Point3::new(-0.1, 0.0, -0.1), Point3::new(0.1, 1.0, 0.1));
/// let stool = Compound::try_new(vec![(Isometry3::translation(0.0, 0.5, 0.0), leg)])?;
/// assert!(!overlap_sets(&floor, &stool)); // the leg stands 0.5 above the floor
/// let sunk = Compound::try_new(vec![(Isometry3::translation(0.0, -0.5, 0.0), leg)])?;
/// assert!(overlap_sets(&floor, &sunk) && overlap_sets(&sunk, &floor));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn overlap_sets<T: Real, A: ConvexSet<T>, B: ConvexSet<T>>(a: &A, b: &B) -> bool {
    overlap_carried(a, b, OneFrame)
}

/// The closest points of two sets (A and B, a mesh or a compound each, in the same frame): the
/// nearest pair of pieces, found by descending both trees at once (Ericson 6.5: the larger node
/// of a pair split first, its children's pairs taken nearest first by the distance between
/// their boxes, a pair skipped when its boxes are farther apart than the best distance so far),
/// each pair of leaves' pieces screened by their own boxes and measured by
/// [`ConvexSet::closest_points_to_piece`] (two triangles by their closed form, Ericson 5.1.11;
/// a part by GJK). Distance 0 with a shared point when they overlap (the search stops there);
/// the witness points lie on the pieces named. Nothing is allocated.
///
/// Sets are validated at construction, so every input is finite; a degenerate triangle is
/// measured as the segment or point it is; a pair of pieces whose distance comes out NaN is
/// passed over (`None` when every pair does).
///
/// # Examples
/// ```
/// use osculate_math::{Isometry3, Point3, Sphere};
/// use osculate_mesh::{Compound, TriangleMesh, closest_points_sets};
///
/// let v = vec![Point3::new(-4.0_f64, 0.0, -4.0), Point3::new(4.0, 0.0, -4.0), Point3::new(0.0, 0.0, 4.0)];
/// let floor = TriangleMesh::try_new(v, vec![[0, 2, 1]])?;
/// let ball = Sphere::new(Point3::origin(), 0.5);
/// let balls = Compound::try_new(vec![
///     (Isometry3::translation(0.0, 3.0, 0.0), ball),
///     (Isometry3::translation(1.0, 2.0, 0.0), ball),
/// ])?;
/// let c = closest_points_sets(&floor, &balls).unwrap();
/// assert_eq!((c.piece_a, c.piece_b), (0, 1));
/// assert!((c.result.distance - 1.5).abs() < 1e-12);
/// assert!((c.result.point_a - Point3::new(1.0, 0.0, 0.0)).norm() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn closest_points_sets<T: Real, A: ConvexSet<T>, B: ConvexSet<T>>(
    a: &A,
    b: &B,
) -> Option<OnPieces<ClosestPoints<T>>> {
    closest_pairs(a, b, OneFrame)
}

/// The contact of two sets (a mesh or a compound each, in the same frame) within `prediction`:
/// the deepest (smallest signed distance) over the pieces of the smaller set whose boxes come
/// within `prediction` of the other set's box, each answered by the other set's convex contact
/// ([`ConvexSet::contact_with`]). The normal points from A to B. `None` when no pair of pieces
/// is within `prediction`, or for a NaN `prediction`.
///
/// # Examples
/// ```
/// use osculate_math::{Isometry3, Point3, Sphere, Vector3};
/// use osculate_mesh::{Compound, TriangleMesh, contact_sets};
///
/// let v = vec![Point3::new(-4.0_f64, 0.0, -4.0), Point3::new(4.0, 0.0, -4.0), Point3::new(0.0, 0.0, 4.0)];
/// let floor = TriangleMesh::try_new(v, vec![[0, 2, 1]])?;
/// let ball = Sphere::new(Point3::origin(), 0.5);
/// let sunk = Compound::try_new(vec![(Isometry3::translation(0.0, 0.25, 0.0), ball)])?;
/// let c = contact_sets(&sunk, &floor, 0.0).unwrap();
/// assert!((c.result.distance + 0.25).abs() < 1e-9);
/// assert!((c.result.normal.into_inner() + Vector3::y()).norm() < 1e-9); // from the ball down
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn contact_sets<T: Real, A: ConvexSet<T>, B: ConvexSet<T>>(
    a: &A,
    b: &B,
    prediction: T,
) -> Option<OnPieces<Contact<T>>> {
    if a.tree().len() > b.tree().len() {
        return contact_descending(b, a, prediction, OneFrame)
            .map(|c| c.swapped_by(Contact::swapped));
    }
    contact_descending(a, b, prediction, OneFrame)
}

/// Set A moving by `motion` over `t ∈ [0, 1]` against the resting set B (a mesh or a compound
/// each, in the same frame): the earliest impact over A's pieces, best-first through A's tree (a
/// subtree skipped when its box, moving, reaches B's box after the best time so far), each piece
/// answered by B's convex sweep ([`ConvexSet::sweep_of`]). The normal points from A to B. `None`
/// when they never meet, or for a NaN or infinite motion.
///
/// # Examples
/// ```
/// use osculate_math::{Aabb, Isometry3, Point3, Vector3};
/// use osculate_mesh::{Compound, TriangleMesh, sweep_sets};
///
/// let v = vec![Point3::new(-4.0_f64, 0.0, -4.0), Point3::new(4.0, 0.0, -4.0), Point3::new(0.0, 0.0, 4.0)];
/// let floor = TriangleMesh::try_new(v, vec![[0, 2, 1]])?;
/// let cube = Aabb::new(Point3::new(-0.5, -0.5, -0.5), Point3::new(0.5, 0.5, 0.5));
/// let pair = Compound::try_new(vec![
///     (Isometry3::translation(0.0, 2.5, 0.0), cube),
///     (Isometry3::translation(1.0, 1.5, 0.0), cube),
/// ])?;
/// let hit = sweep_sets(&pair, &Vector3::new(0.0, -4.0, 0.0), &floor).unwrap();
/// assert_eq!(hit.piece_a, 1);
/// assert!((hit.result.toi - 0.25).abs() < 1e-6); // the lower cube falls 1 of the 4
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn sweep_sets<T: Real, A: ConvexSet<T>, B: ConvexSet<T>>(
    a: &A,
    motion: &Vector3<T>,
    b: &B,
) -> Option<OnPieces<Impact<T>>> {
    sweep_descending(a, motion, b, OneFrame)
}

/// Whether two sets overlap, touching counts, with B placed in A's frame by `pose`: as
/// [`overlap_sets`], B's node boxes moved into A's frame as boxes around them and B's pieces
/// carried by `pose` as they are met (a triangle moved, a part's pose composed); nothing is
/// rebuilt. `false` for a pose with a NaN or infinite entry or a rotation that is not unit.
///
/// # Examples
/// ```
/// use osculate_math::{Aabb, Isometry3, Point3};
/// use osculate_mesh::{Compound, TriangleMesh, overlap_sets_posed};
///
/// let v = vec![Point3::new(-4.0_f64, 0.0, -4.0), Point3::new(4.0, 0.0, -4.0), Point3::new(0.0, 0.0, 4.0)];
/// let floor = TriangleMesh::try_new(v, vec![[0, 2, 1]])?;
/// let leg = Aabb::new(Point3::new(-0.1, 0.0, -0.1), Point3::new(0.1, 1.0, 0.1));
/// let stool = Compound::try_new(vec![(Isometry3::identity(), leg)])?;
/// assert!(!overlap_sets_posed(&floor, &stool, &Isometry3::translation(0.0, 0.5, 0.0)));
/// assert!(overlap_sets_posed(&floor, &stool, &Isometry3::translation(0.0, -0.5, 0.0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn overlap_sets_posed<T: Real, A: ConvexSet<T>, B: ConvexSet<T>>(
    a: &A,
    b: &B,
    pose: &Isometry3<T>,
) -> bool {
    valid_pose(pose) && overlap_carried(a, b, ByPose::new(pose))
}

/// [`closest_points_sets`] with B placed in A's frame by `pose`; the answer in A's frame. B's
/// node boxes are moved into A's frame as boxes around them for the bounds, and A's pieces
/// carried into B's frame as they are met (nothing is rebuilt). `None` for an invalid pose (as
/// [`overlap_sets_posed`]).
///
/// # Examples
/// ```
/// use osculate_math::{Isometry3, Point3, Sphere};
/// use osculate_mesh::{Compound, TriangleMesh, closest_points_sets_posed};
///
/// let v = vec![Point3::new(-4.0_f64, 0.0, -4.0), Point3::new(4.0, 0.0, -4.0), Point3::new(0.0, 0.0, 4.0)];
/// let floor = TriangleMesh::try_new(v, vec![[0, 2, 1]])?;
/// let balls = Compound::try_new(vec![(Isometry3::identity(), Sphere::new(Point3::origin(), 0.5))])?;
/// let c = closest_points_sets_posed(&floor, &balls, &Isometry3::translation(1.0, 2.0, 0.0)).unwrap();
/// assert!((c.result.distance - 1.5).abs() < 1e-12);
/// assert!((c.result.point_b - Point3::new(1.0, 1.5, 0.0)).norm() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn closest_points_sets_posed<T: Real, A: ConvexSet<T>, B: ConvexSet<T>>(
    a: &A,
    b: &B,
    pose: &Isometry3<T>,
) -> Option<OnPieces<ClosestPoints<T>>> {
    if !valid_pose(pose) {
        return None;
    }
    closest_pairs(a, b, ByPose::new(pose))
}

/// [`contact_sets`] with B placed in A's frame by `pose`; the answer in A's frame, the normal
/// from A to B. `None` for an invalid pose (as [`overlap_sets_posed`]).
///
/// # Examples
/// ```
/// use osculate_math::{Isometry3, Point3, Sphere, Vector3};
/// use osculate_mesh::{Compound, TriangleMesh, contact_sets_posed};
///
/// let v = vec![Point3::new(-4.0_f64, 0.0, -4.0), Point3::new(4.0, 0.0, -4.0), Point3::new(0.0, 0.0, 4.0)];
/// let floor = TriangleMesh::try_new(v, vec![[0, 2, 1]])?;
/// let ball = Compound::try_new(vec![(Isometry3::identity(), Sphere::new(Point3::origin(), 0.5))])?;
/// let c = contact_sets_posed(&floor, &ball, &Isometry3::translation(0.0, 0.25, 0.0), 0.0).unwrap();
/// assert!((c.result.distance + 0.25).abs() < 1e-9);
/// assert!((c.result.normal.into_inner() - Vector3::y()).norm() < 1e-9); // from the floor up
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn contact_sets_posed<T: Real, A: ConvexSet<T>, B: ConvexSet<T>>(
    a: &A,
    b: &B,
    pose: &Isometry3<T>,
    prediction: T,
) -> Option<OnPieces<Contact<T>>> {
    if !valid_pose(pose) {
        return None;
    }
    if a.tree().len() > b.tree().len() {
        return contact_descending(b, a, prediction, ByPose::new(pose))
            .map(|c| c.swapped_by(Contact::swapped));
    }
    contact_descending(a, b, prediction, ByPose::new(pose).back()).map(|c| c.carried(pose))
}

/// [`sweep_sets`] with B placed in A's frame by `pose`: A moving by `motion` (in A's frame)
/// against the resting B; the impact in A's frame. A's pieces are carried into B's frame as they
/// are met. `None` for an invalid pose (as [`overlap_sets_posed`]).
///
/// # Examples
/// ```
/// use osculate_math::{Aabb, Isometry3, Point3, Vector3};
/// use osculate_mesh::{Compound, TriangleMesh, sweep_sets_posed};
///
/// let v = vec![Point3::new(-4.0_f64, 0.0, -4.0), Point3::new(4.0, 0.0, -4.0), Point3::new(0.0, 0.0, 4.0)];
/// let floor = TriangleMesh::try_new(v, vec![[0, 2, 1]])?;
/// let cube = Aabb::new(Point3::new(-0.5, -0.5, -0.5), Point3::new(0.5, 0.5, 0.5));
/// let crate_ = Compound::try_new(vec![(Isometry3::identity(), cube)])?;
/// // The floor placed 2.5 below the crate, the crate falling 4.
/// let hit = sweep_sets_posed(&crate_, &Vector3::new(0.0, -4.0, 0.0), &floor, &Isometry3::translation(0.0, -2.5, 0.0)).unwrap();
/// assert!((hit.result.toi - 0.5).abs() < 1e-6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn sweep_sets_posed<T: Real, A: ConvexSet<T>, B: ConvexSet<T>>(
    a: &A,
    motion: &Vector3<T>,
    b: &B,
    pose: &Isometry3<T>,
) -> Option<OnPieces<Impact<T>>> {
    if !valid_pose(pose) {
        return None;
    }
    sweep_descending(a, motion, b, ByPose::new(pose).back()).map(|c| c.carried(pose))
}

/// How the pieces of one set reach another set's frame: as they are (one frame), or carried by a
/// pose. The queries between two sets are written once over it.
trait Carry<T: Real>: Copy {
    /// `set`'s piece in slot `slot`, in the other frame.
    fn piece<S: ConvexSet<T>>(self, set: &S, slot: usize) -> Option<impl ConvexShape<T>>;
    /// A box of this frame as a box (around it) of the other frame.
    fn boxed(self, b: &Aabb<T>) -> Aabb<T>;
    /// A vector of this frame in the other frame.
    fn vector(self, v: &Vector3<T>) -> Vector3<T>;
    /// The carry from the other frame back to this one.
    fn back(self) -> Self;
    /// A result between pieces of this frame in the other frame.
    fn result<R: Carried<T>>(self, r: R) -> R;
}

/// Both sets in one frame: nothing is carried.
#[derive(Clone, Copy)]
struct OneFrame;

impl<T: Real> Carry<T> for OneFrame {
    #[inline]
    fn piece<S: ConvexSet<T>>(self, set: &S, slot: usize) -> Option<impl ConvexShape<T>> {
        set.slot_piece(slot)
    }
    #[inline]
    fn boxed(self, b: &Aabb<T>) -> Aabb<T> {
        *b
    }
    #[inline]
    fn vector(self, v: &Vector3<T>) -> Vector3<T> {
        *v
    }
    #[inline]
    fn back(self) -> Self {
        self
    }
    #[inline]
    fn result<R: Carried<T>>(self, r: R) -> R {
        r
    }
}

/// Carried by `pose` (and back by its inverse, computed once).
#[derive(Clone, Copy)]
struct ByPose<T: Real> {
    pose: Isometry3<T>,
    inverse: Isometry3<T>,
}

impl<T: Real> ByPose<T> {
    fn new(pose: &Isometry3<T>) -> Self {
        Self { pose: *pose, inverse: pose.inverse() }
    }
}

impl<T: Real> Carry<T> for ByPose<T> {
    #[inline]
    fn piece<S: ConvexSet<T>>(self, set: &S, slot: usize) -> Option<impl ConvexShape<T>> {
        set.slot_piece_moved(slot, &self.pose)
    }
    #[inline]
    fn boxed(self, b: &Aabb<T>) -> Aabb<T> {
        moved_box(b, &self.pose)
    }
    #[inline]
    fn vector(self, v: &Vector3<T>) -> Vector3<T> {
        self.pose.rotation * v
    }
    #[inline]
    fn back(self) -> Self {
        Self { pose: self.inverse, inverse: self.pose }
    }
    #[inline]
    fn result<R: Carried<T>>(self, r: R) -> R {
        r.carried_by(&self.pose)
    }
}

/// A result between two pieces, carried into another frame by a pose.
trait Carried<T: Real> {
    /// The result in the frame `pose` maps into.
    fn carried_by(self, pose: &Isometry3<T>) -> Self;
}

impl<T: Real> Carried<T> for ClosestPoints<T> {
    #[inline]
    fn carried_by(self, pose: &Isometry3<T>) -> Self {
        Self { point_a: pose * self.point_a, point_b: pose * self.point_b, ..self }
    }
}

impl<T: Real> Carried<T> for Contact<T> {
    #[inline]
    fn carried_by(self, pose: &Isometry3<T>) -> Self {
        Self {
            normal: pose.rotation * self.normal,
            point_a: pose * self.point_a,
            point_b: pose * self.point_b,
            ..self
        }
    }
}

impl<T: Real> Carried<T> for Impact<T> {
    #[inline]
    fn carried_by(self, pose: &Isometry3<T>) -> Self {
        Self { point: pose * self.point, normal: pose.rotation * self.normal, ..self }
    }
}

impl<R> OnPieces<R> {
    /// The answer with its result carried by `pose`.
    fn carried<T: Real>(self, pose: &Isometry3<T>) -> Self
    where
        R: Carried<T>,
    {
        Self { result: self.result.carried_by(pose), ..self }
    }
}

/// [`overlap_sets`] with B's node boxes and pieces carried into A's frame by `carry`.
fn overlap_carried<T: Real, A: ConvexSet<T>, B: ConvexSet<T>>(
    a: &A,
    b: &B,
    carry: impl Carry<T>,
) -> bool {
    a.tree()
        .pair_slots(
            b.tree(),
            |x, y| boxes_meet::<T>(&x.aabb(), &carry.boxed(&y.aabb())),
            |i, j| match (a.slot_piece(i), carry.piece(b, j)) {
                (Some(p), Some(q)) if intersect_convex(&p, &q, GJK_MAX_ITERATIONS) => {
                    ControlFlow::Break(())
                }
                _ => ControlFlow::Continue(()),
            },
        )
        .is_break()
}

/// The nearest pair of pieces so far: their slots and their closest points.
type Nearest<T> = (usize, usize, ClosestPoints<T>);

/// The closest points of sets `a` and `b`, `b`'s frame carried into `a`'s by `carry`: both trees
/// descended at once, bounded by the distance between `a`'s node boxes and `b`'s carried into
/// `a`'s frame; at a pair of leaves, `a`'s pieces carried into `b`'s frame, each pair screened
/// by the pieces' boxes and measured there; the answer carried into `a`'s frame.
fn closest_pairs<T: Real, A: ConvexSet<T>, B: ConvexSet<T>>(
    a: &A,
    b: &B,
    carry: impl Carry<T>,
) -> Option<OnPieces<ClosestPoints<T>>> {
    let back = carry.back();
    let slack = distance_slack::<T>();
    let ((sa, sb, result), _) = a.tree().best_first_pair_slots(
        b.tree(),
        T::INFINITY,
        slack,
        |x, y| box_distance(&x.aabb(), &carry.boxed(&y.aabb())),
        |slots_a, slots_b, best| {
            let mut near: Option<(Nearest<T>, T)> = None;
            for sa in slots_a {
                let Some(pa) = back.piece(a, sa) else { continue };
                let box_a = pa.aabb();
                for sb in slots_b.clone() {
                    let Some(pb) = b.slot_piece(sb) else { continue };
                    let bound = near.map_or(best, |(_, d)| d.fast_min(best));
                    if box_distance(&box_a, &pb.aabb()) > bound * slack {
                        continue;
                    }
                    let c = B::closest_points_to_piece(&pa, &pb);
                    if c.distance.is_nan() || near.is_some_and(|(_, d)| c.distance >= d) {
                        continue;
                    }
                    near = Some(((sa, sb, c), c.distance));
                    if c.distance <= T::ZERO {
                        return near;
                    }
                }
            }
            near
        },
    )?;
    let (piece_a, piece_b) = (a.tree().item(sa), b.tree().item(sb));
    Some(OnPieces { piece_a, piece_b, result: carry.result(result) })
}

/// The deepest contact within `prediction` of set `d`'s pieces, carried by `carry` into set
/// `e`'s frame, with `e`; the result in `e`'s frame, A the piece of `d`.
fn contact_descending<T: Real, D: ConvexSet<T>, E: ConvexSet<T>>(
    d: &D,
    e: &E,
    prediction: T,
    carry: impl Carry<T>,
) -> Option<OnPieces<Contact<T>>> {
    if prediction.is_nan() {
        return None;
    }
    let qe = carry.back().boxed(&query_box(e, prediction.fast_max(T::ZERO))?);
    let mut best: Option<OnPieces<Contact<T>>> = None;
    let _ = d.tree().visit_slots(
        |n| core::array::from_fn(|l| n.used(l) && boxes_meet(&n.aabb(l), &qe)),
        |slot| {
            let c = carry.piece(d, slot).and_then(|p| e.contact_with(&p, prediction));
            if let Some((piece_b, c)) = c
                && best.is_none_or(|b| c.distance < b.result.distance)
            {
                best = Some(OnPieces { piece_a: d.tree().item(slot), piece_b, result: c });
            }
            ControlFlow::Continue(())
        },
    );
    best
}

/// Set `d` moving by `motion` (in its frame) against the resting set `e`, `d`'s pieces carried
/// into `e`'s frame by `carry`; the impact in `e`'s frame, A the piece of `d`.
fn sweep_descending<T: Real, D: ConvexSet<T>, E: ConvexSet<T>>(
    d: &D,
    motion: &Vector3<T>,
    e: &E,
    carry: impl Carry<T>,
) -> Option<OnPieces<Impact<T>>> {
    if !is_finite_vector(motion) {
        return None;
    }
    let qe = carry.back().boxed(&query_box(e, T::ZERO)?);
    let moved = carry.vector(motion);
    let sweep = |slot: usize| e.sweep_of(&carry.piece(d, slot)?, &moved);
    let (slot, _) = d.tree().best_first_slots(
        T::ONE,
        distance_slack(),
        |n, _| core::array::from_fn(|l| box_enter(&n.aabb(l), motion, &qe)),
        |slot, _| sweep(slot).map(|(_, h)| h.toi),
    )?;
    let (piece_b, result) = sweep(slot)?;
    Some(OnPieces { piece_a: d.tree().item(slot), piece_b, result })
}
