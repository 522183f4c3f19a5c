//! Result types of the shape-pair queries.

use osculate_math::{Point3, Real, UnitVector3, finite_probe, nan_point};

/// Where a witness point lies on its shape, for shapes that are parametrised.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Param<T: Real> {
    /// The shape has no parameter (a sphere, a box, a capsule's surface).
    None,
    /// The parameter `t` on a line, ray or segment (`point = start + t·direction`; `t ∈ [0, 1]` on a
    /// segment).
    Curve(T),
    /// Barycentric coordinates `[u, v, w]` on a triangle (`point = u·a + v·b + w·c`).
    Barycentric([T; 3]),
}

impl<T: Real> Param<T> {
    /// The curve parameter, if this is one.
    #[inline]
    #[must_use]
    pub fn curve(&self) -> Option<T> {
        match *self {
            Self::Curve(t) => Some(t),
            _ => None,
        }
    }

    /// The barycentric coordinates, if these are.
    #[inline]
    #[must_use]
    pub fn barycentric(&self) -> Option<[T; 3]> {
        match *self {
            Self::Barycentric(b) => Some(b),
            _ => None,
        }
    }
}

/// The closest pair of points between two shapes `A` and `B`, as the `closest_points_*` queries
/// return it.
///
/// When the shapes overlap, `distance` is zero and `point_a == point_b` is a point they share (for
/// the solids; the queries that can report it say which one). A NaN anywhere in the input gives a
/// NaN `distance`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClosestPoints<T: Real> {
    /// The point of `A` closest to `B`.
    pub point_a: Point3<T>,
    /// The point of `B` closest to `A`.
    pub point_b: Point3<T>,
    /// `|point_b − point_a|`, non-negative.
    pub distance: T,
    /// Where `point_a` lies on `A`, for lines, segments and triangles.
    pub param_a: Param<T>,
    /// Where `point_b` lies on `B`, for lines, segments and triangles.
    pub param_b: Param<T>,
}

impl<T: Real> ClosestPoints<T> {
    /// The answer to invalid input: every point and the distance NaN, no parameters.
    #[inline]
    pub(crate) fn nan() -> Self {
        let nan = nan_point();
        Self {
            point_a: nan,
            point_b: nan,
            distance: T::NAN,
            param_a: Param::None,
            param_b: Param::None,
        }
    }

    /// The same answer with the roles of `A` and `B` exchanged.
    #[inline]
    #[must_use]
    pub fn swapped(self) -> Self {
        Self {
            point_a: self.point_b,
            point_b: self.point_a,
            distance: self.distance,
            param_a: self.param_b,
            param_b: self.param_a,
        }
    }
}

/// The contact between two shapes `A` and `B`, as the `contact_*` queries return it (van den Bergen
/// 3.1: the signed distance and the witness points).
///
/// `distance` is signed: positive when the shapes are apart (the gap between them), zero when they
/// touch, negative when they overlap (minus the penetration depth, the shortest translation of `B`
/// along `normal` that separates them). `normal` is the unit direction from `A` toward `B`: moving
/// `B` by `−distance · normal` brings the shapes into touching contact. The witness points satisfy
/// `point_b − point_a = distance · normal`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contact<T: Real> {
    /// The signed distance: the gap when positive, minus the penetration depth when negative.
    pub distance: T,
    /// The unit contact normal, pointing from `A` toward `B`.
    pub normal: UnitVector3<T>,
    /// The witness point on `A`'s boundary.
    pub point_a: Point3<T>,
    /// The witness point on `B`'s boundary.
    pub point_b: Point3<T>,
}

impl<T: Real> Contact<T> {
    /// The penetration depth, `max(0, −distance)`.
    #[inline]
    #[must_use]
    pub fn depth(&self) -> T {
        if self.distance < T::ZERO { -self.distance } else { T::ZERO }
    }

    /// Whether the shapes overlap or touch (`distance ≤ 0`).
    #[inline]
    #[must_use]
    pub fn is_touching(&self) -> bool {
        self.distance <= T::ZERO
    }

    /// The same contact with the roles of `A` and `B` exchanged (the normal flipped).
    #[inline]
    #[must_use]
    pub fn swapped(self) -> Self {
        Self {
            distance: self.distance,
            normal: -self.normal,
            point_a: self.point_b,
            point_b: self.point_a,
        }
    }
}

/// A point on a parametrised curve (line, ray, segment) and its parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CurvePoint<T: Real> {
    /// The point.
    pub point: Point3<T>,
    /// Its parameter `t` on the curve (`point = start + t·direction`).
    pub t: T,
}

/// The point of a triangle closest to a query point, with its barycentric coordinates (the
/// default: the origin, all barycentrics zero, a placeholder for output buffers).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TrianglePoint<T: Real> {
    /// The point.
    pub point: Point3<T>,
    /// `[u, v, w]` with `point = u·a + v·b + w·c`, each in `[0, 1]`, summing to 1.
    pub barycentric: [T; 3],
}

/// A result from two points and their parameters, measuring the distance between the points.
#[inline]
pub(crate) fn result<T: Real>(
    point_a: Point3<T>,
    param_a: Param<T>,
    point_b: Point3<T>,
    param_b: Param<T>,
) -> ClosestPoints<T> {
    ClosestPoints { point_a, point_b, distance: (point_b - point_a).norm(), param_a, param_b }
}

/// The contact if every number in it is finite and the normal is unit. (A normal off unit length
/// can only come from an invalid shape built through its public fields — a plane whose "unit"
/// normal is not, an oriented box whose rotation is not one — and such input gets `None`.)
#[inline]
pub(crate) fn finite<T: Real>(c: Contact<T>) -> Option<Contact<T>> {
    // One branch-free test (the `&&` chain cost six branches a contact): `x − x` is 0 for every
    // finite `x` and NaN otherwise, so one sum of the probes compares equal to 0 only when every
    // number is finite; a NaN normal fails the unit test.
    let z = finite_probe(&c.point_a.coords) + finite_probe(&c.point_b.coords);
    #[allow(clippy::eq_op, reason = "x − x is the finiteness probe: 0 for finite x, NaN otherwise")]
    let dz = c.distance - c.distance;
    let ok = (z.x + z.y + z.z + dz == T::ZERO)
        & ((c.normal.norm_squared() - T::ONE).abs() <= T::UNIT_TOLERANCE * T::lit(4.0));
    ok.then_some(c)
}

/// How an iterative query (EPA's expansion, the GJK ray cast) ended: within its tolerance, or
/// stopped first, in which case its answer is the best found and errs in the direction the query
/// documents.
///
/// # Examples
/// ```
/// use osculate_closest::{Convergence, GJK_MAX_ITERATIONS, cast_convex};
/// use osculate_math::{Cone, Cylinder, Point3, Vector3};
///
/// let cyl = Cylinder::new(Point3::new(0.0_f64, 0.0, -1.0), Point3::new(0.0, 0.0, 1.0), 1.0);
/// let cone = Cone::new(Point3::new(5.0, 0.0, 0.0), Vector3::x_axis(), 2.0, 1.0);
/// let motion = Vector3::new(8.0, 0.0, 0.0);
/// let hit = cast_convex(&cyl, &cone, &motion, GJK_MAX_ITERATIONS).unwrap();
/// assert_eq!(hit.status, Convergence::Converged);
/// // One support evaluation cannot place a curved contact: the time is a lower bound only.
/// let early = cast_convex(&cyl, &cone, &motion, 1).unwrap();
/// assert_eq!(early.status, Convergence::IterationLimit);
/// assert!(early.toi <= hit.toi);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Convergence {
    /// The iteration ended within its tolerance.
    Converged,
    /// The iteration bound was reached first.
    IterationLimit,
    /// A step was refused because rounding made it unsafe (EPA: the polytope's horizon or new
    /// faces were not certain), before the tolerance was reached.
    Stalled,
}
