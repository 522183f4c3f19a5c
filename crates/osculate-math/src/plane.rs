//! [`Plane`] (`n·x = d`), [`Halfspace`] (`n·x ≤ d`) and the point where three planes meet
//! ([`three_planes`]).

use crate::error::{finite, finite_point, nonzero_vector, unit_vector};
use crate::{
    Aabb, Bounded, ContainsPoint, Isometry3, Point3, Real, ShapeError, Transform, Unit,
    UnitVector3, Vector3, is_finite_point,
};

shape! {
    /// The plane of points `x` with `normal·x = d` (Ericson 3.6), `normal` of unit length.
    ///
    /// The normal orients the plane: [`Plane::signed_distance`] is positive on the side it points to.
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{Plane, Point3, Vector3};
    ///
    /// let p = Plane::try_from_points(
    ///     Point3::new(0.0_f64, 0.0, 1.0),
    ///     Point3::new(1.0, 0.0, 1.0),
    ///     Point3::new(0.0, 1.0, 1.0),
    /// )?;
    /// assert_eq!(p.normal.into_inner(), Vector3::z());
    /// assert_eq!(p.d, 1.0);
    /// assert_eq!(p.signed_distance(&Point3::new(5.0, 5.0, 3.0)), 2.0);
    /// # Ok::<(), osculate_math::ShapeError>(())
    /// ```
    pub struct Plane {
        /// The unit normal.
        pub normal: UnitVector3<T> => unit_vector,
        /// The offset: `normal·x = d` for every point `x` of the plane (the signed distance of the
        /// plane from the origin along the normal).
        pub d: T => finite,
    }

    /// A plane from its unit normal and offset.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::ZeroDirection`] or [`ShapeError::NotUnit`] for the normal.
    try_new;
}

impl<T: Real> Plane<T> {
    /// The plane through `point` with normal direction `normal` (any non-zero length; normalised here).
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::ZeroDirection`] for a zero normal.
    pub fn try_from_point_normal(point: Point3<T>, normal: Vector3<T>) -> Result<Self, ShapeError> {
        finite_point(&point, "point")?;
        nonzero_vector(&normal, "normal")?;
        let n = Unit::new_normalize(normal);
        let d = n.dot(&point.coords);
        finite(&d, "point")?;
        Ok(Self { normal: n, d })
    }

    /// The plane through three points, with the normal `(b − a) × (c − a)` normalised: counter-clockwise
    /// `a`, `b`, `c` seen from the side the normal points to (Ericson 3.6.1).
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::CollinearPoints`] when the points are collinear or
    /// coincide (the cross product is below [`Real::DEGENERATE_SQ_TOLERANCE`] relative to the edges).
    pub fn try_from_points(a: Point3<T>, b: Point3<T>, c: Point3<T>) -> Result<Self, ShapeError> {
        finite_point(&a, "a")?;
        finite_point(&b, "b")?;
        finite_point(&c, "c")?;
        let (ab, ac) = (b - a, c - a);
        let n = ab.cross(&ac);
        let n2 = n.norm_squared();
        if !(n2 > T::DEGENERATE_SQ_TOLERANCE * ab.norm_squared() * ac.norm_squared())
            || !n2.is_finite()
        {
            return Err(ShapeError::CollinearPoints);
        }
        let n = Unit::new_unchecked(n / n2.sqrt());
        Ok(Self { normal: n, d: n.dot(&a.coords) })
    }

    /// `normal·p − d`: positive on the side the normal points to, zero on the plane. For a unit
    /// normal it is the Euclidean signed distance (Ericson 5.1.1).
    #[inline]
    #[must_use]
    pub fn signed_distance(&self, p: &Point3<T>) -> T {
        self.normal.dot(&p.coords) - self.d
    }

    /// A point of the plane: `d·normal`, the one nearest the origin.
    #[inline]
    #[must_use]
    pub fn point(&self) -> Point3<T> {
        Point3::from(self.normal.into_inner() * self.d)
    }

    /// The same plane with the opposite orientation.
    #[inline]
    #[must_use]
    pub fn flipped(&self) -> Self {
        Self { normal: -self.normal, d: -self.d }
    }
}

/// The box of a plane or halfspace: infinite unless the normal is exactly an axis.
fn flat_bounds<T: Real>(plane: &Plane<T>, solid_below: bool) -> Aabb<T> {
    let mut b = Aabb {
        min: Point3::from(Vector3::repeat(T::NEG_INFINITY)),
        max: Point3::from(Vector3::repeat(T::INFINITY)),
    };
    let n = plane.normal;
    for i in 0..3 {
        let others_zero = (0..3).all(|j| j == i || n[j] == T::ZERO);
        if others_zero && n[i] != T::ZERO {
            // n = ±e_i: the plane is x_i = d / n_i.
            let x = plane.d / n[i];
            let below_is_less = n[i] > T::ZERO;
            if !solid_below {
                b.min[i] = x;
                b.max[i] = x;
            } else if below_is_less {
                b.max[i] = x;
            } else {
                b.min[i] = x;
            }
        }
    }
    if !(plane.d.is_finite() && n.iter().all(|x| x.is_finite())) {
        let nan = Point3::from(Vector3::repeat(T::NAN));
        return Aabb { min: nan, max: nan };
    }
    b
}

impl<T: Real> Bounded<T> for Plane<T> {
    fn aabb(&self) -> Aabb<T> {
        flat_bounds(self, false)
    }
}

impl<T: Real> Transform<T> for Plane<T> {
    type Output = Self;
    #[inline]
    fn transformed(&self, iso: &Isometry3<T>) -> Self {
        let normal = iso.rotation * self.normal;
        // The moved plane passes through the moved point d·n: d' = n'·(R d n + t) = d + n'·t.
        Self { normal, d: self.d + normal.dot(&iso.translation.vector) }
    }
}

/// The solid halfspace behind a plane: the points `x` with `plane.normal·x ≤ plane.d`. The normal
/// points out of the solid.
///
/// # Examples
/// ```
/// use osculate_math::{ContainsPoint, Halfspace, Plane, Point3, Vector3};
///
/// let floor = Halfspace::new(Plane::new(Vector3::y_axis(), 0.0_f32));
/// assert!(floor.contains_point(&Point3::new(3.0, -1.0, 7.0)));
/// assert!(!floor.contains_point(&Point3::new(3.0, 0.5, 7.0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Halfspace<T: Real> {
    /// The boundary plane; its normal points out of the solid.
    pub plane: Plane<T>,
}

impl<T: Real> Halfspace<T> {
    /// The halfspace behind `plane`.
    #[inline]
    #[must_use]
    pub const fn new(plane: Plane<T>) -> Self {
        Self { plane }
    }

    /// The halfspace behind the plane through `point` with outward normal `normal`.
    ///
    /// # Errors
    /// As [`Plane::try_from_point_normal`].
    pub fn try_from_point_normal(point: Point3<T>, normal: Vector3<T>) -> Result<Self, ShapeError> {
        Ok(Self { plane: Plane::try_from_point_normal(point, normal)? })
    }
}

impl<T: Real> ContainsPoint<T> for Halfspace<T> {
    #[inline]
    fn contains_point(&self, p: &Point3<T>) -> bool {
        self.plane.signed_distance(p) <= T::ZERO
    }
}

impl<T: Real> Bounded<T> for Halfspace<T> {
    fn aabb(&self) -> Aabb<T> {
        flat_bounds(&self.plane, true)
    }
}

impl<T: Real> Transform<T> for Halfspace<T> {
    type Output = Self;
    #[inline]
    fn transformed(&self, iso: &Isometry3<T>) -> Self {
        Self { plane: self.plane.transformed(iso) }
    }
}

/// The point common to three planes (Ericson 5.4.5): `(d₁ (n₂ × n₃) + d₂ (n₃ × n₁) + d₃ (n₁ × n₂))
/// / (n₁ · (n₂ × n₃))`. `None` when two of them are parallel or the three share a direction (the
/// triple product within [`Real::RELATIVE_TOLERANCE`] of 0 for unit normals) or NaN.
///
/// # Examples
/// ```
/// use osculate_math::{Plane, Point3, Vector3, three_planes};
///
/// let p = three_planes(
///     &Plane::new(Vector3::x_axis(), 1.0_f32),
///     &Plane::new(Vector3::y_axis(), 2.0),
///     &Plane::new(Vector3::z_axis(), 3.0),
/// );
/// assert_eq!(p, Some(Point3::new(1.0, 2.0, 3.0)));
/// ```
#[must_use]
pub fn three_planes<T: Real>(p1: &Plane<T>, p2: &Plane<T>, p3: &Plane<T>) -> Option<Point3<T>> {
    let (n1, n2, n3) = (p1.normal.into_inner(), p2.normal.into_inner(), p3.normal.into_inner());
    let u = n2.cross(&n3);
    let denom = n1.dot(&u);
    if !(denom.abs() > T::RELATIVE_TOLERANCE) {
        return None;
    }
    let p = Point3::from((u * p1.d + n3.cross(&n1) * p2.d + n1.cross(&n2) * p3.d) / denom);
    is_finite_point(&p).then_some(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn validation<T: Real>() {
        let o = Point3::<T>::origin();
        let x = Point3::new(T::ONE, T::ZERO, T::ZERO);
        let x2 = Point3::new(T::TWO, T::ZERO, T::ZERO);
        assert_eq!(Plane::try_from_points(o, x, x2), Err(ShapeError::CollinearPoints));
        assert_eq!(Plane::try_from_points(o, o, o), Err(ShapeError::CollinearPoints));
        assert_eq!(
            Plane::try_from_point_normal(o, Vector3::zeros()),
            Err(ShapeError::ZeroDirection("normal"))
        );
        assert_eq!(
            Plane::try_from_point_normal(Point3::new(T::NAN, T::ZERO, T::ZERO), Vector3::x()),
            Err(ShapeError::NonFinite("point"))
        );
        assert_eq!(
            Plane::try_new(Unit::new_unchecked(Vector3::new(T::ONE, T::ONE, T::ZERO)), T::ZERO),
            Err(ShapeError::NotUnit("normal"))
        );
        assert_eq!(Plane::try_new(Vector3::x_axis(), T::INFINITY), Err(ShapeError::NonFinite("d")));
        let p = Plane::try_from_point_normal(
            Point3::new(T::ZERO, T::ZERO, T::lit(3.0)),
            Vector3::new(T::ZERO, T::ZERO, T::lit(-5.0)),
        )
        .ok();
        let p = p.unwrap_or(Plane::new(Vector3::x_axis(), T::NAN));
        assert_eq!(p.d, T::lit(-3.0));
        assert_eq!(p.signed_distance(&o), T::lit(3.0));
        assert_eq!(p.flipped().signed_distance(&o), T::lit(-3.0));
        assert_eq!(p.signed_distance(&p.point()), T::ZERO);
    }

    #[test]
    fn axis_planes_have_flat_bounds() {
        let p = Plane::new(-Vector3::<f64>::y_axis(), 2.0); // y = -2
        let b = p.aabb();
        assert_eq!((b.min.y, b.max.y), (-2.0, -2.0));
        assert_eq!((b.min.x, b.max.x), (f64::NEG_INFINITY, f64::INFINITY));
        let h = Halfspace::new(p).aabb(); // -y <= 2  ⇔  y >= -2
        assert_eq!((h.min.y, h.max.y), (-2.0, f64::INFINITY));
        let tilted =
            Plane::try_from_point_normal(Point3::origin(), Vector3::new(1.0, 1.0, 0.0)).ok();
        assert!(tilted.is_some_and(
            |t| t.aabb().min.x == f64::NEG_INFINITY && t.aabb().max.z == f64::INFINITY
        ));
    }

    #[test]
    fn transform_keeps_points_on_the_plane() {
        let p = Plane::try_from_points(
            Point3::new(1.0_f64, 0.0, 0.0),
            Point3::new(0.0, 1.0, 0.0),
            Point3::new(0.0, 0.0, 1.0),
        );
        let p = p.unwrap_or(Plane::new(Vector3::x_axis(), f64::NAN));
        let iso = Isometry3::new(Vector3::new(1.0, -2.0, 3.0), Vector3::new(0.3, 0.2, -0.1));
        let q = p.transformed(&iso);
        for pt in
            [Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0)]
        {
            assert!(q.signed_distance(&(iso * pt)).abs() < 1e-12);
        }
    }

    osculate_testing::for_f32_and_f64!(validation);
}
