//! A convex shape against one part of a compound: the closed forms of the lower layers where the
//! shape is round (a ball or a capsule, [`ConvexShape::as_capsule`]) and the part is round or a
//! box ([`PartForm`]), GJK and EPA on the posed part otherwise.
//!
//! A ball and a capsule are both a segment grown by a radius (a ball's segment has no length), and
//! a box placed by a pose is an oriented box, so three closed forms cover every such pair: the
//! segment-segment distance of two capsules (Ericson 5.1.9) and the capsule-box overlap and
//! distance (Ericson 5.2.1's box clamp on the segment's closest point, as `osculate-closest`
//! computes it). The forms are computed once, when the compound is built.

use osculate_closest::{
    ClosestPoints, Contact, GJK_MAX_ITERATIONS, Transformed, closest_points_capsule_capsule,
    closest_points_capsule_obb, closest_points_convex, closest_points_segment_obb,
    contact_capsule_capsule, contact_convex, contact_sphere_obb, intersect_convex,
};
use osculate_math::{Aabb, Capsule, Isometry3, Obb, Real, Sphere, Unit};

use crate::compound::{Compound, Part};
use crate::convex::ConvexShape;

/// The EPA step bound of a compound's contacts (as the mesh queries').
pub(crate) const EPA_STEPS: usize = 1024;

/// A compound part as placed, in the form the closed forms take: a ball or capsule as a capsule
/// (a ball's segment has no length), a box as an oriented box, anything else by its support
/// mapping ([`PartForm::General`]).
///
/// # Examples
/// ```
/// use osculate_math::{Aabb, Isometry3, Point3, Sphere};
/// use osculate_mesh::{Part, PartForm};
///
/// let ball = Sphere::new(Point3::new(1.0_f64, 0.0, 0.0), 0.5);
/// let PartForm::Round(c) = ball.form(&Isometry3::translation(0.0, 2.0, 0.0)) else { panic!() };
/// assert_eq!((c.a, c.b, c.radius), (Point3::new(1.0, 2.0, 0.0), Point3::new(1.0, 2.0, 0.0), 0.5));
/// let cube = Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
/// assert!(matches!(cube.form(&Isometry3::identity()), PartForm::Box(_)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PartForm<T: Real> {
    /// A ball or a capsule, as a capsule in the compound's frame.
    Round(Capsule<T>),
    /// A box, as an oriented box in the compound's frame.
    Box(Obb<T>),
    /// Any other shape: answered by GJK and EPA on the posed part.
    General,
}

/// The form of a ball placed by `pose`.
pub(crate) fn round_ball<T: Real>(s: &Sphere<T>, pose: &Isometry3<T>) -> PartForm<T> {
    let c = pose * s.center;
    PartForm::Round(Capsule::new(c, c, s.radius))
}

/// The form of a capsule placed by `pose`.
pub(crate) fn round_capsule<T: Real>(k: &Capsule<T>, pose: &Isometry3<T>) -> PartForm<T> {
    PartForm::Round(Capsule::new(pose * k.a, pose * k.b, k.radius))
}

/// The form of an axis-aligned box placed by `pose`.
pub(crate) fn boxed_aabb<T: Real>(b: &Aabb<T>, pose: &Isometry3<T>) -> PartForm<T> {
    let rotation = pose.rotation.to_rotation_matrix();
    PartForm::Box(Obb::new(pose * b.center(), rotation, b.half_extents()))
}

/// The form of an oriented box placed by `pose`.
pub(crate) fn boxed_obb<T: Real>(b: &Obb<T>, pose: &Isometry3<T>) -> PartForm<T> {
    let rotation = pose.rotation.to_rotation_matrix() * b.rotation;
    PartForm::Box(Obb::new(pose * b.center, rotation, b.half_extents))
}

/// Part `part` of `compound` with its form; `None` for a number out of range.
fn part_of<T: Real, S>(
    compound: &Compound<T, S>,
    part: usize,
) -> Option<(&Transformed<S, T>, &PartForm<T>)> {
    Some((compound.parts().get(part)?, compound.forms().get(part)?))
}

/// Whether convex `shape` overlaps part `part` of `compound` (touching counts): a closed form
/// for a round shape against a round or box part ([`PartForm`]), GJK on the posed part
/// otherwise. `false` for a part number out of range, and for a shape with a NaN or infinite
/// coordinate (no overlap is claimed).
///
/// The closed forms decide touching exactly where GJK decides it within its tolerance, so the
/// two may differ on shapes that touch within about `√ε` of their size.
///
/// # Examples
/// ```
/// use osculate_math::{Capsule, Isometry3, Point3, Sphere};
/// use osculate_mesh::{Compound, overlap_convex_part};
///
/// let ball = Sphere::new(Point3::origin(), 1.0_f64);
/// let pair = Compound::try_new(vec![(Isometry3::identity(), ball), (Isometry3::translation(4.0, 0.0, 0.0), ball)])?;
/// let rod = Capsule::new(Point3::new(2.5, -1.0, 0.0), Point3::new(2.5, 1.0, 0.0), 0.6);
/// assert!(!overlap_convex_part(&rod, &pair, 0));
/// assert!(overlap_convex_part(&rod, &pair, 1));
/// # Ok::<(), osculate_mesh::CompoundError>(())
/// ```
#[must_use]
pub fn overlap_convex_part<T: Real, A: ConvexShape<T>, S: Part<T>>(
    shape: &A,
    compound: &Compound<T, S>,
    part: usize,
) -> bool {
    let Some((posed, form)) = part_of(compound, part) else { return false };
    match (shape.as_capsule(), form) {
        (Some(k), PartForm::Round(r)) => osculate_overlap::capsule_capsule(&k, r),
        (Some(k), PartForm::Box(b)) => osculate_overlap::capsule_obb(&k, b),
        _ => intersect_convex(shape, posed, GJK_MAX_ITERATIONS),
    }
}

/// The closest points of convex `shape` (A) and part `part` of `compound` (B), in the compound's
/// frame: a closed form for a round shape against a round or box part ([`PartForm`]), GJK on the
/// posed part otherwise. Distance 0 with a shared point when they overlap. `None` for a part
/// number out of range; a NaN distance (and points) for a shape with a NaN or infinite
/// coordinate, as the closed forms and GJK give it.
///
/// # Examples
/// ```
/// use osculate_math::{Aabb, Isometry3, Point3, Sphere};
/// use osculate_mesh::{Compound, closest_points_convex_part};
///
/// let cube = Aabb::new(Point3::new(-0.5_f64, -0.5, -0.5), Point3::new(0.5, 0.5, 0.5));
/// let row = Compound::try_new(vec![(Isometry3::translation(3.0, 0.0, 0.0), cube)])?;
/// let c = closest_points_convex_part(&Sphere::new(Point3::origin(), 1.0), &row, 0).unwrap();
/// assert!((c.distance - 1.5).abs() < 1e-12);
/// # Ok::<(), osculate_mesh::CompoundError>(())
/// ```
#[must_use]
pub fn closest_points_convex_part<T: Real, A: ConvexShape<T>, S: Part<T>>(
    shape: &A,
    compound: &Compound<T, S>,
    part: usize,
) -> Option<ClosestPoints<T>> {
    let (posed, form) = part_of(compound, part)?;
    Some(match (shape.as_capsule(), form) {
        (Some(k), PartForm::Round(r)) => closest_points_capsule_capsule(&k, r),
        (Some(k), PartForm::Box(b)) => closest_points_capsule_obb(&k, b),
        _ => closest_points_convex(shape, posed),
    })
}

/// The contact of convex `shape` (A) and part `part` of `compound` (B), in the compound's frame:
/// signed distance, normal from the shape to the part, witness points. A closed form for a round
/// shape against a round part, for a ball against a box part, and for a capsule clear of a box
/// part by more than `√ε` of the pair's magnitude ([`PartForm`]); GJK and EPA on the posed part
/// otherwise. `None` for a part number out of range, and for a shape with a NaN or infinite
/// coordinate.
///
/// # Examples
/// ```
/// use osculate_math::{Capsule, Isometry3, Point3, Sphere};
/// use osculate_mesh::{Compound, contact_convex_part};
///
/// let ball = Sphere::new(Point3::origin(), 1.0_f64);
/// let one = Compound::try_new(vec![(Isometry3::translation(0.0, 0.0, 2.0), ball)])?;
/// let rod = Capsule::new(Point3::new(-1.0, 0.0, 0.5), Point3::new(1.0, 0.0, 0.5), 0.75);
/// let c = contact_convex_part(&rod, &one, 0).unwrap();
/// assert!((c.distance + 0.25).abs() < 1e-12); // 0.25 deep
/// assert!((c.normal.z - 1.0).abs() < 1e-12);
/// # Ok::<(), osculate_mesh::CompoundError>(())
/// ```
#[must_use]
pub fn contact_convex_part<T: Real, A: ConvexShape<T>, S: Part<T>>(
    shape: &A,
    compound: &Compound<T, S>,
    part: usize,
) -> Option<Contact<T>> {
    let (posed, form) = part_of(compound, part)?;
    match (shape.as_capsule(), form) {
        (Some(k), PartForm::Round(r)) => contact_capsule_capsule(&k, r),
        (Some(k), PartForm::Box(b)) if k.a == k.b => {
            contact_sphere_obb(&Sphere::new(k.a, k.radius), b)
        }
        (Some(k), PartForm::Box(b)) => {
            clear_capsule_box(&k, b).or_else(|| contact_convex(shape, posed, EPA_STEPS))
        }
        _ => contact_convex(shape, posed, EPA_STEPS),
    }
}

/// The contact of capsule `k` (A) and box `b` (B) when the capsule is clear of the box by more
/// than `√ε` of the pair's magnitude: the closest points of its axis and the box, the axis point
/// moved toward the box by the radius (the normal from a gap that large is accurate to `√ε`, as
/// GJK's). `None` when nearer, overlapping or not finite: EPA answers those.
fn clear_capsule_box<T: Real>(k: &Capsule<T>, b: &Obb<T>) -> Option<Contact<T>> {
    let axis = closest_points_segment_obb(&k.segment(), b);
    let gap = axis.distance - k.radius;
    let scale = T::ONE + axis.point_a.coords.amax().fast_max(axis.point_b.coords.amax());
    if !(gap > T::EPSILON.sqrt() * scale && axis.distance.is_finite()) {
        return None;
    }
    let normal = Unit::new_unchecked((axis.point_b - axis.point_a) / axis.distance);
    let point_a = axis.point_a + normal.into_inner() * k.radius;
    Some(Contact { distance: gap, normal, point_a, point_b: axis.point_b })
}
