//! Compound shapes: convex parts, each placed by its own pose, under one [`Bvh`], with the
//! queries of a single convex shape answered against the whole.
//!
//! A part is any [`Part`]: a convex shape with a support mapping, a box and a ray cast in its own
//! frame. [`ConvexPart`] is the enum of every convex shape of `osculate-math`, for compounds
//! that mix them. Queries against a part go through the part's pose: rays are moved into the
//! part's frame and answered by its closed form; a ball or capsule meets a ball, capsule or box
//! part in a closed form ([`PartForm`], computed once when the compound is built); other convex
//! shapes meet the posed part's support mapping in GJK, EPA and the GJK ray cast, so nothing is
//! rebuilt and nothing is allocated.

use alloc::vec::Vec;
use core::fmt;
use core::ops::ControlFlow;

use osculate_cast::RayHit;
use osculate_closest::{
    ClosestPoints, Contact, GJK_MAX_ITERATIONS, SupportMap, Transformed, intersect_convex,
};
use osculate_dynamic::Impact;
use osculate_math::{
    Aabb, Bounded, Capsule, Cone, ConvexPolyhedron, Cylinder, Isometry3, Obb, Point3, Ray, Real,
    Sphere, Tetrahedron, Triangle, Validate, Vector3, is_finite_vector,
};

use crate::bvh::{Bvh, DEFAULT_LEAF_ITEMS};
use crate::closed::{
    self, PartForm, closest_points_convex_part, contact_convex_part, overlap_convex_part,
};
use crate::convex::ConvexShape;

/// A convex shape a [`Compound`] can hold: a support mapping and a box for GJK and the tree, and a
/// ray cast in its own frame.
///
/// # Examples
/// ```
/// use osculate_math::{Point3, Ray, Sphere, Vector3};
/// use osculate_mesh::Part;
///
/// let ball = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// let hit = Part::cast_ray(&ball, &Ray::new(Point3::new(-3.0, 0.0, 0.0), Vector3::x())).unwrap();
/// assert_eq!(hit.t_enter, 2.0);
/// ```
pub trait Part<T: Real>: SupportMap<T> + Bounded<T> {
    /// The first hit of `ray` (in the part's frame) on the solid part, as `osculate-cast`'s
    /// closed form for the shape gives it.
    fn cast_ray(&self, ray: &Ray<T>) -> Option<RayHit<T>>;

    /// The part placed by `pose`, in the form the closed forms against a round shape take
    /// ([`PartForm`]); [`PartForm::General`] (GJK and EPA on the posed part), the default, for
    /// any other shape.
    fn form(&self, pose: &Isometry3<T>) -> PartForm<T> {
        let _ = pose;
        PartForm::General
    }
}

macro_rules! part_by_closed_form {
    ($($shape:ident => $f:path $(, $form:path)?;)*) => {$(
        impl<T: Real> Part<T> for $shape<T> {
            #[inline]
            fn cast_ray(&self, ray: &Ray<T>) -> Option<RayHit<T>> {
                $f(ray, self)
            }
            $(
                #[inline]
                fn form(&self, pose: &Isometry3<T>) -> PartForm<T> {
                    $form(self, pose)
                }
            )?
        }
    )*};
}

part_by_closed_form! {
    Sphere => osculate_cast::ray_sphere, closed::round_ball;
    Capsule => osculate_cast::ray_capsule, closed::round_capsule;
    Aabb => osculate_cast::ray_aabb, closed::boxed_aabb;
    Obb => osculate_cast::ray_obb, closed::boxed_obb;
    Cylinder => osculate_cast::ray_cylinder;
    Cone => osculate_cast::ray_cone;
    Tetrahedron => osculate_cast::ray_tetrahedron;
    ConvexPolyhedron => osculate_cast::ray_polyhedron;
}

/// Any convex solid of `osculate-math`, for a [`Compound`] whose parts are of several kinds.
///
/// # Examples
/// ```
/// use osculate_math::{Aabb, Point3, Sphere};
/// use osculate_mesh::ConvexPart;
///
/// let parts = [
///     ConvexPart::Sphere(Sphere::new(Point3::new(0.0_f32, 0.0, 0.0), 1.0)),
///     ConvexPart::Aabb(Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0))),
/// ];
/// assert_eq!(parts.len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ConvexPart<T: Real> {
    /// A ball.
    Sphere(Sphere<T>),
    /// A capsule.
    Capsule(Capsule<T>),
    /// An axis-aligned box (in the part's frame).
    Aabb(Aabb<T>),
    /// An oriented box.
    Obb(Obb<T>),
    /// A solid cylinder.
    Cylinder(Cylinder<T>),
    /// A solid cone.
    Cone(Cone<T>),
    /// A tetrahedron.
    Tetrahedron(Tetrahedron<T>),
    /// A convex polyhedron.
    Polyhedron(ConvexPolyhedron<T>),
}

/// `$body` with `$s` bound to the shape inside `$part`, whichever kind it is.
macro_rules! each_part {
    ($part:expr, $s:ident => $body:expr) => {
        match $part {
            ConvexPart::Sphere($s) => $body,
            ConvexPart::Capsule($s) => $body,
            ConvexPart::Aabb($s) => $body,
            ConvexPart::Obb($s) => $body,
            ConvexPart::Cylinder($s) => $body,
            ConvexPart::Cone($s) => $body,
            ConvexPart::Tetrahedron($s) => $body,
            ConvexPart::Polyhedron($s) => $body,
        }
    };
}

impl<T: Real> SupportMap<T> for ConvexPart<T> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        each_part!(self, s => s.support(dir))
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        each_part!(self, s => s.center())
    }
    #[inline]
    fn margin(&self) -> T {
        each_part!(self, s => s.margin())
    }
    #[inline]
    fn core_support(&self, dir: &Vector3<T>) -> Point3<T> {
        each_part!(self, s => s.core_support(dir))
    }
    #[inline]
    fn is_valid_input(&self) -> bool {
        each_part!(self, s => s.is_valid_input())
    }
}

impl<T: Real> Bounded<T> for ConvexPart<T> {
    #[inline]
    fn aabb(&self) -> Aabb<T> {
        each_part!(self, s => s.aabb())
    }
}

impl<T: Real> Validate for ConvexPart<T> {
    #[inline]
    fn is_valid(&self) -> bool {
        each_part!(self, s => s.is_valid())
    }
}

impl<T: Real> Part<T> for ConvexPart<T> {
    #[inline]
    fn cast_ray(&self, ray: &Ray<T>) -> Option<RayHit<T>> {
        each_part!(self, s => Part::cast_ray(s, ray))
    }
    #[inline]
    fn form(&self, pose: &Isometry3<T>) -> PartForm<T> {
        each_part!(self, s => Part::form(s, pose))
    }
}

/// A part as a query shape against a mesh or a compound: each kind's own closed forms.
impl<T: Real> ConvexShape<T> for ConvexPart<T> {
    #[inline]
    fn overlaps_triangle(&self, tri: &Triangle<T>) -> bool {
        each_part!(self, s => s.overlaps_triangle(tri))
    }
    #[inline]
    fn closest_points_triangle(&self, tri: &Triangle<T>) -> ClosestPoints<T> {
        each_part!(self, s => s.closest_points_triangle(tri))
    }
    #[inline]
    fn contact_triangle(&self, tri: &Triangle<T>) -> Option<Contact<T>> {
        each_part!(self, s => s.contact_triangle(tri))
    }
    #[inline]
    fn sweep_triangle(&self, motion: &Vector3<T>, tri: &Triangle<T>) -> Option<Impact<T>> {
        each_part!(self, s => s.sweep_triangle(motion, tri))
    }
    #[inline]
    fn as_capsule(&self) -> Option<Capsule<T>> {
        each_part!(self, s => s.as_capsule())
    }
}

/// Why a [`Compound`] could not be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CompoundError {
    /// The part list is empty.
    NoParts,
    /// More than `u32::MAX` parts.
    TooManyParts,
    /// A part's pose has a NaN or infinite translation or rotation, or a rotation quaternion that
    /// is not of unit length (within [`Real::UNIT_TOLERANCE`]).
    InvalidPose {
        /// The part.
        part: usize,
    },
    /// A part is not a valid shape (a NaN or infinite coordinate, a negative size).
    InvalidPart {
        /// The part.
        part: usize,
    },
}

impl fmt::Display for CompoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoParts => f.write_str("a compound needs at least one part"),
            Self::TooManyParts => f.write_str("a compound holds at most u32::MAX parts"),
            Self::InvalidPose { part } => {
                write!(f, "part {part} has a non-finite or non-unit pose")
            }
            Self::InvalidPart { part } => write!(f, "part {part} is not a valid shape"),
        }
    }
}

impl core::error::Error for CompoundError {}

/// A result on one part of a compound: the part's number (its position in the list the compound
/// was built from) and the result there, in the compound's frame.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OnPart<R> {
    /// The part.
    pub part: usize,
    /// The result against it.
    pub result: R,
}

/// A compound shape: convex parts, each placed by a pose, with a [`Bvh`] over their boxes.
///
/// **Validity.** [`Compound::try_new`] rejects an empty list, a non-finite or non-unit pose and
/// an invalid part, so every query can rely on the parts. A compound cannot be changed once
/// built.
///
/// The compound is a union of solids: a query shape overlaps it when it overlaps a part, and its
/// distance is the smallest to any part.
///
/// # Examples
/// ```
/// use osculate_math::{Aabb, Isometry3, Point3, Ray, Sphere, Vector3};
/// use osculate_mesh::{Compound, ConvexPart, overlap_convex_compound, ray_compound};
///
/// // A dumbbell: two balls on a bar along x.
/// let ball = ConvexPart::Sphere(Sphere::new(Point3::origin(), 1.0_f64));
/// let bar = ConvexPart::Aabb(Aabb::new(Point3::new(-2.0, -0.2, -0.2), Point3::new(2.0, 0.2, 0.2)));
/// let dumbbell = Compound::try_new(vec![
///     (Isometry3::translation(-2.5, 0.0, 0.0), ball.clone()),
///     (Isometry3::identity(), bar),
///     (Isometry3::translation(2.5, 0.0, 0.0), ball),
/// ])?;
/// let down = Ray::new(Point3::new(2.5, 5.0, 0.0), -Vector3::y());
/// let hit = ray_compound(&down, &dumbbell).unwrap();
/// assert_eq!((hit.part, hit.result.t_enter), (2, 4.0));
/// // A ball between the weights, above the bar: clear of it.
/// assert!(!overlap_convex_compound(&Sphere::new(Point3::new(0.0, 1.0, 0.0), 0.5), &dumbbell));
/// # Ok::<(), osculate_mesh::CompoundError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Compound<T: Real, S> {
    parts: Vec<Transformed<S, T>>,
    forms: Vec<PartForm<T>>,
    bvh: Bvh,
    aabb: Aabb<T>,
}

/// The box of a posed convex shape: its support points along the six axis directions (the
/// tightest box of the shape as placed).
pub(crate) fn posed_box<T: Real, S: SupportMap<T>>(part: &Transformed<S, T>) -> Aabb<T> {
    let mut min = Point3::origin();
    let mut max = Point3::origin();
    for k in 0..3 {
        let mut axis = Vector3::zeros();
        axis[k] = T::ONE;
        max[k] = part.support(&axis)[k];
        min[k] = part.support(&-axis)[k];
    }
    Aabb::new(min, max)
}

/// Whether `pose` is finite with a unit rotation quaternion.
pub(crate) fn valid_pose<T: Real>(pose: &Isometry3<T>) -> bool {
    let q = pose.rotation.as_ref().coords;
    is_finite_vector(&pose.translation.vector)
        && q.iter().all(|x| x.is_finite())
        && (q.norm_squared() - T::ONE).abs() <= T::UNIT_TOLERANCE
}

impl<T: Real, S: Part<T>> Compound<T, S> {
    /// A compound of `parts`, each a pose and a shape in its own frame.
    ///
    /// # Errors
    /// [`CompoundError::NoParts`], [`CompoundError::TooManyParts`], and the first
    /// [`CompoundError::InvalidPose`] or [`CompoundError::InvalidPart`].
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{Isometry3, Point3, Sphere};
    /// use osculate_mesh::{Compound, CompoundError};
    ///
    /// let ball = Sphere::new(Point3::origin(), 1.0_f32);
    /// assert_eq!(Compound::<f32, Sphere<f32>>::try_new(vec![]).unwrap_err(), CompoundError::NoParts);
    /// let bad = Sphere::new(Point3::origin(), -1.0_f32);
    /// let err = Compound::try_new(vec![(Isometry3::identity(), ball), (Isometry3::identity(), bad)]);
    /// assert_eq!(err.unwrap_err(), CompoundError::InvalidPart { part: 1 });
    /// ```
    pub fn try_new(parts: Vec<(Isometry3<T>, S)>) -> Result<Self, CompoundError> {
        if parts.is_empty() {
            return Err(CompoundError::NoParts);
        }
        if u32::try_from(parts.len()).is_err() {
            return Err(CompoundError::TooManyParts);
        }
        for (part, (pose, shape)) in parts.iter().enumerate() {
            if !valid_pose(pose) {
                return Err(CompoundError::InvalidPose { part });
            }
            if !shape.is_valid_input() {
                return Err(CompoundError::InvalidPart { part });
            }
        }
        let parts: Vec<Transformed<S, T>> =
            parts.into_iter().map(|(pose, shape)| Transformed { shape, pose }).collect();
        let boxes: Vec<Aabb<T>> = parts.iter().map(posed_box).collect();
        if boxes
            .iter()
            .any(|b| !(is_finite_vector(&b.min.coords) && is_finite_vector(&b.max.coords)))
        {
            let part = boxes
                .iter()
                .position(|b| !(is_finite_vector(&b.min.coords) && is_finite_vector(&b.max.coords)))
                .unwrap_or(0);
            return Err(CompoundError::InvalidPart { part });
        }
        let bvh = Bvh::try_with_leaf_size(&boxes, DEFAULT_LEAF_ITEMS)
            .map_err(|_| CompoundError::TooManyParts)?;
        let aabb = boxes.iter().skip(1).fold(boxes[0], |acc, b| acc.merged(b));
        let forms = parts.iter().map(|p| p.shape.form(&p.pose)).collect();
        Ok(Self { parts, forms, bvh, aabb })
    }
}

impl<T: Real, S> Compound<T, S> {
    /// The parts, each with its pose, in the order given.
    #[inline]
    #[must_use]
    pub fn parts(&self) -> &[Transformed<S, T>] {
        &self.parts
    }

    /// Each part's form for the closed forms against a round shape, in the order of
    /// [`parts`](Self::parts).
    #[inline]
    #[must_use]
    pub fn forms(&self) -> &[PartForm<T>] {
        &self.forms
    }

    /// The tree over the parts' boxes (its items are the part numbers).
    #[inline]
    #[must_use]
    pub fn bvh(&self) -> &Bvh {
        &self.bvh
    }
}

impl<T: Real, S> Bounded<T> for Compound<T, S> {
    /// The box of every part as placed.
    #[inline]
    fn aabb(&self) -> Aabb<T> {
        self.aabb
    }
}

/// `ray` moved into the frame of `pose` (the parameter `t` is unchanged by an isometry).
fn local_ray<T: Real>(ray: &Ray<T>, pose: &Isometry3<T>, max_t: T) -> Ray<T> {
    Ray {
        origin: pose.inverse_transform_point(&ray.origin),
        direction: pose.inverse_transform_vector(&ray.direction),
        max_t,
    }
}

/// The first hit of `ray` on the compound (its parts are solids): the nearest part's hit through
/// the tree, each part cast in its own frame by its closed form ([`Part::cast_ray`]) and the hit
/// moved back. `t_exit` is the exit from that part (not from the union). `None` for a ray with a
/// NaN or infinite origin or direction, or a zero direction.
///
/// # Examples
/// ```
/// use osculate_math::{Isometry3, Point3, Ray, Sphere, Vector3};
/// use osculate_mesh::{Compound, ray_compound};
///
/// let ball = Sphere::new(Point3::origin(), 1.0_f64);
/// let pair = Compound::try_new(vec![
///     (Isometry3::translation(0.0, 0.0, 0.0), ball),
///     (Isometry3::translation(5.0, 0.0, 0.0), ball),
/// ])?;
/// let hit = ray_compound(&Ray::new(Point3::new(10.0, 0.0, 0.0), -Vector3::x()), &pair).unwrap();
/// assert_eq!((hit.part, hit.result.t_enter, hit.result.normal.x), (1, 4.0, 1.0));
/// # Ok::<(), osculate_mesh::CompoundError>(())
/// ```
#[must_use]
pub fn ray_compound<T: Real, S: Part<T>>(
    ray: &Ray<T>,
    compound: &Compound<T, S>,
) -> Option<OnPart<RayHit<T>>> {
    let hit_part = |i: usize, max_t: T| {
        let p = compound.parts.get(i)?;
        p.shape.cast_ray(&local_ray(ray, &p.pose, max_t))
    };
    let (part, _) = compound.bvh.cast_ray(ray, |i, best| Some(hit_part(i, best)?.t_enter))?;
    let p = compound.parts.get(part)?;
    let h = hit_part(part, ray.max_t)?;
    let result = RayHit { point: p.pose * h.point, normal: p.pose.rotation * h.normal, ..h };
    Some(OnPart { part, result })
}

/// The query box of a shape, loosened by `√ε/2` of its largest coordinate magnitude (above GJK's
/// tolerance, so that no part GJK calls touching is culled by its box) and by `extra`; `None`
/// when a bound is NaN or infinite.
pub(crate) fn query_box<T: Real>(shape: &impl Bounded<T>, extra: T) -> Option<Aabb<T>> {
    let b = shape.aabb();
    let finite = is_finite_vector(&b.min.coords) && is_finite_vector(&b.max.coords);
    let m = b.min.coords.amax().fast_max(b.max.coords.amax());
    (finite && !b.is_empty()).then(|| b.loosened(m * T::EPSILON.sqrt() * T::HALF + extra))
}

/// The distance between two boxes (0 when they overlap).
pub(crate) fn box_distance<T: Real>(a: &Aabb<T>, b: &Aabb<T>) -> T {
    let gap = (a.min - b.max).sup(&(b.min - a.max)).sup(&Vector3::zeros());
    gap.norm()
}

/// Whether convex `shape` overlaps the compound (touching counts): the parts whose boxes meet the
/// shape's are tested ([`overlap_convex_part`]: a closed form for a round shape against a round or
/// box part, GJK on the posed part otherwise) until one overlaps. `false` for a shape with
/// a NaN or infinite bound.
///
/// # Examples
/// ```
/// use osculate_math::{Isometry3, Point3, Sphere, Vector3, Capsule};
/// use osculate_mesh::{Compound, overlap_convex_compound};
///
/// let rod = Capsule::new(Point3::new(-1.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), 0.25);
/// let turned = Isometry3::new(Vector3::zeros(), Vector3::z() * std::f64::consts::FRAC_PI_2);
/// let cross = Compound::try_new(vec![(Isometry3::identity(), rod), (turned, rod)])?;
/// assert!(overlap_convex_compound(&Sphere::new(Point3::new(0.0, 1.2, 0.0), 0.1), &cross));
/// assert!(!overlap_convex_compound(&Sphere::new(Point3::new(0.8, 0.8, 0.0), 0.1), &cross));
/// # Ok::<(), osculate_mesh::CompoundError>(())
/// ```
#[must_use]
pub fn overlap_convex_compound<T: Real, A: ConvexShape<T>, S: Part<T>>(
    shape: &A,
    compound: &Compound<T, S>,
) -> bool {
    let Some(q) = query_box(shape, T::ZERO) else { return false };
    compound
        .bvh
        .visit_aabb(&q, |i| {
            if overlap_convex_part(shape, compound, i) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
}

/// The closest points of convex `shape` (A) and the compound (B): the part nearest to the shape,
/// found best-first through the tree (a subtree is skipped when its box is farther than the best
/// distance so far), each part measured by [`closest_points_convex_part`] (a closed form for a
/// round shape against a round or box part, GJK on the posed part otherwise). Distance 0 with a shared point when they
/// overlap. `None` for a shape with a NaN or infinite bound.
///
/// # Examples
/// ```
/// use osculate_math::{Aabb, Isometry3, Point3, Sphere};
/// use osculate_mesh::{Compound, closest_points_convex_compound};
///
/// let cube = Aabb::new(Point3::new(-0.5_f64, -0.5, -0.5), Point3::new(0.5, 0.5, 0.5));
/// let row = Compound::try_new((0..10).map(|i| (Isometry3::translation(2.0 * f64::from(i), 0.0, 0.0), cube)).collect())?;
/// let probe = Sphere::new(Point3::new(6.0, 3.0, 0.0), 0.5);
/// let c = closest_points_convex_compound(&probe, &row).unwrap();
/// assert_eq!(c.part, 3);
/// assert!((c.result.distance - 2.0).abs() < 1e-9);
/// # Ok::<(), osculate_mesh::CompoundError>(())
/// ```
#[must_use]
pub fn closest_points_convex_compound<T: Real, A: ConvexShape<T>, S: Part<T>>(
    shape: &A,
    compound: &Compound<T, S>,
) -> Option<OnPart<ClosestPoints<T>>> {
    let q = query_box(shape, T::ZERO)?;
    let measure = |i: usize| closest_points_convex_part(shape, compound, i);
    let (part, _) = compound.bvh.best_first(
        T::INFINITY,
        |b| box_distance(b, &q),
        |i, _| measure(i).map(|c| c.distance).filter(|d| !d.is_nan()),
    )?;
    Some(OnPart { part, result: measure(part)? })
}

/// The contact of convex `shape` (A) and the compound (B) within `prediction`: the deepest one
/// (smallest signed distance) over the parts whose boxes come within `prediction` of the shape's,
/// by [`contact_convex_part`] (a closed form for a round shape against a round part and for a
/// ball or a clear capsule against a box part, GJK and EPA on the posed part otherwise); the
/// normal points from the shape to the part. `None`
/// when no part is within `prediction`, for a NaN `prediction`, or for a shape with a NaN or
/// infinite bound.
///
/// # Examples
/// ```
/// use osculate_math::{Aabb, Isometry3, Point3, Sphere};
/// use osculate_mesh::{Compound, contact_convex_compound};
///
/// let slab = Aabb::new(Point3::new(-2.0_f64, -0.5, -2.0), Point3::new(2.0, 0.0, 2.0));
/// let steps = Compound::try_new(vec![(Isometry3::identity(), slab), (Isometry3::translation(0.0, 0.3, 3.0), slab)])?;
/// let ball = Sphere::new(Point3::new(0.0, 0.4, 0.0), 0.5);
/// let c = contact_convex_compound(&ball, &steps, 0.0).unwrap();
/// assert_eq!(c.part, 0);
/// assert!((c.result.distance + 0.1).abs() < 1e-6); // 0.1 deep
/// # Ok::<(), osculate_mesh::CompoundError>(())
/// ```
#[must_use]
pub fn contact_convex_compound<T: Real, A: ConvexShape<T>, S: Part<T>>(
    shape: &A,
    compound: &Compound<T, S>,
    prediction: T,
) -> Option<OnPart<Contact<T>>> {
    if prediction.is_nan() {
        return None;
    }
    let q = query_box(shape, prediction.fast_max(T::ZERO))?;
    let mut best: Option<OnPart<Contact<T>>> = None;
    let _ = compound.bvh.visit_aabb(&q, |part| {
        let c = contact_convex_part(shape, compound, part);
        if let Some(c) = c
            && c.distance <= prediction
            && best.is_none_or(|b| c.distance < b.result.distance)
        {
            best = Some(OnPart { part, result: c });
        }
        ControlFlow::Continue(())
    });
    best
}

/// The time, in `[0, 1]`, at which box `q` moving by `motion` first meets box `b` (0 when they
/// overlap at the start; `+∞` when it never does), less a slack for rounding: a lower bound for
/// any shape inside `q`.
pub(crate) fn box_enter<T: Real>(q: &Aabb<T>, motion: &Vector3<T>, b: &Aabb<T>) -> T {
    let mut enter = T::ZERO;
    let mut exit = T::ONE;
    for k in 0..3 {
        // The gap along axis k is closed while q.min + m t ≤ b.max and q.max + m t ≥ b.min.
        let (lo, hi) = (b.min[k] - q.max[k], b.max[k] - q.min[k]);
        let m = motion[k];
        if m == T::ZERO {
            if lo > T::ZERO || hi < T::ZERO {
                return T::INFINITY;
            }
            continue;
        }
        let (t0, t1) = if m > T::ZERO { (lo / m, hi / m) } else { (hi / m, lo / m) };
        enter = enter.fast_max(t0);
        exit = exit.fast_min(t1);
    }
    let slack = T::EPSILON.sqrt();
    if enter <= exit + slack { (enter - slack).fast_max(T::ZERO) } else { T::INFINITY }
}

/// Convex `shape` moving by `motion` over `t ∈ [0, 1]` against the resting compound: the earliest
/// impact over the parts, best-first through the tree (a subtree is skipped when the moving
/// shape's box reaches its box after the best time so far), by the GJK ray cast against the
/// posed part; the normal points from the shape to the part. `None` when it meets no part, or for
/// a NaN or infinite motion or shape.
///
/// # Examples
/// ```
/// use osculate_math::{Aabb, Isometry3, Point3, Sphere, Vector3};
/// use osculate_mesh::{Compound, sweep_convex_compound};
///
/// let post = Aabb::new(Point3::new(-0.5_f64, 0.0, -0.5), Point3::new(0.5, 3.0, 0.5));
/// let fence = Compound::try_new((0..5).map(|i| (Isometry3::translation(f64::from(i) * 2.0, 0.0, 0.0), post)).collect())?;
/// let ball = Sphere::new(Point3::new(4.0, 1.0, -5.0), 0.5);
/// let hit = sweep_convex_compound(&ball, &Vector3::new(0.0, 0.0, 10.0), &fence).unwrap();
/// assert_eq!(hit.part, 2);
/// assert!((hit.result.toi - 0.4).abs() < 1e-6); // 4 of the 10 to the post's face
/// # Ok::<(), osculate_mesh::CompoundError>(())
/// ```
#[must_use]
pub fn sweep_convex_compound<T: Real, A: SupportMap<T> + Bounded<T>, S: Part<T>>(
    shape: &A,
    motion: &Vector3<T>,
    compound: &Compound<T, S>,
) -> Option<OnPart<Impact<T>>> {
    if !is_finite_vector(motion) {
        return None;
    }
    let q = query_box(shape, T::ZERO)?;
    let still = Vector3::zeros();
    let sweep =
        |i: usize| osculate_dynamic::convex_convex(shape, motion, compound.parts.get(i)?, &still);
    let (part, _) = compound.bvh.best_first(
        T::ONE,
        |b| box_enter(&q, motion, b),
        |i, _| sweep(i).map(|h| h.toi),
    )?;
    Some(OnPart { part, result: sweep(part)? })
}

/// Whether two compounds overlap (both in the same frame; touching counts): the pairs of parts
/// whose boxes meet, through both trees at once, tested by GJK until one overlaps.
///
/// # Examples
/// ```
/// use osculate_math::{Isometry3, Point3, Sphere};
/// use osculate_mesh::{Compound, overlap_compound_compound};
///
/// let ball = Sphere::new(Point3::origin(), 1.0_f64);
/// let a = Compound::try_new(vec![(Isometry3::translation(0.0, 0.0, 0.0), ball), (Isometry3::translation(3.0, 0.0, 0.0), ball)])?;
/// let b = Compound::try_new(vec![(Isometry3::translation(1.5, 1.5, 0.0), ball)])?;
/// let c = Compound::try_new(vec![(Isometry3::translation(4.5, 0.0, 0.0), ball)])?;
/// assert!(!overlap_compound_compound(&a, &b)); // √4.5 > 2 from both balls
/// assert!(overlap_compound_compound(&a, &c));
/// # Ok::<(), osculate_mesh::CompoundError>(())
/// ```
#[must_use]
pub fn overlap_compound_compound<T: Real, S: Part<T>, U: Part<T>>(
    a: &Compound<T, S>,
    b: &Compound<T, U>,
) -> bool {
    let margin = |x: &Aabb<T>| {
        let m = x.min.coords.amax().fast_max(x.max.coords.amax());
        m * T::EPSILON.sqrt() * T::HALF
    };
    a.bvh
        .visit_pairs(
            &b.bvh,
            |x: &Aabb<T>, y: &Aabb<T>| {
                let pad = margin(x).fast_max(margin(y));
                (0..3).all(|k| x.min[k] <= y.max[k] + pad && y.min[k] <= x.max[k] + pad)
            },
            |i, j| match (a.parts.get(i), b.parts.get(j)) {
                (Some(p), Some(q)) if intersect_convex(p, q, GJK_MAX_ITERATIONS) => {
                    ControlFlow::Break(())
                }
                _ => ControlFlow::Continue(()),
            },
        )
        .is_break()
}

/// A compound is written as its parts, each a pose and a shape, and read back through
/// [`Compound::try_new`]: a compound read from untrusted data is checked like any other.
#[cfg(feature = "serde")]
mod serde_impl {
    use alloc::vec::Vec;

    use osculate_math::{Isometry3, Real};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{Compound, Part};

    #[derive(Serialize, Deserialize)]
    #[serde(rename = "Compound")]
    struct Data<T: Real, S> {
        parts: Vec<(Isometry3<T>, S)>,
    }

    impl<T: Real + Serialize, S: Serialize + Clone> Serialize for Compound<T, S> {
        fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
            let parts = self.parts.iter().map(|p| (p.pose, p.shape.clone())).collect();
            Data { parts }.serialize(serializer)
        }
    }

    impl<'de, T: Real + Deserialize<'de>, S: Part<T> + Deserialize<'de>> Deserialize<'de>
        for Compound<T, S>
    {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let d = Data::<T, S>::deserialize(deserializer)?;
            Compound::try_new(d.parts).map_err(serde::de::Error::custom)
        }
    }
}
