//! Boxes: [`Aabb`] (min-max) and [`Obb`] (center, rotation, half extents).

use crate::error::{finite_point, finite_vector, non_negative};
use crate::{
    Bounded, ContainsPoint, Isometry3, Point3, Real, Rotation3, ShapeError, Transform, Vector3,
    point_max, point_min,
};

shape! {
    /// An axis-aligned box, stored as its minimum and maximum corners (van den Bergen 3.2's min-max form;
    /// [`Aabb::from_center_extents`] and [`Aabb::half_extents`] convert to and from the center-extent form).
    ///
    /// A box with `min > max` on some axis is *empty*: it contains nothing, overlaps nothing and is hit by
    /// no ray ([`Aabb::try_new`] rejects it; [`Aabb::EMPTY`] is the canonical one, the identity of
    /// [`Aabb::merged`]). A box with `min == max` on an axis is flat and valid.
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{Aabb, Point3, Vector3};
    ///
    /// let b = Aabb::from_center_extents(Point3::new(1.0_f64, 0.0, 0.0), Vector3::new(1.0, 2.0, 3.0));
    /// assert_eq!(b.min, Point3::new(0.0, -2.0, -3.0));
    /// assert_eq!(b.half_extents(), Vector3::new(1.0, 2.0, 3.0));
    /// assert_eq!(b.center(), Point3::new(1.0, 0.0, 0.0));
    /// ```
    pub struct Aabb {
        /// The corner with the smallest coordinates.
        pub min: Point3<T> => finite_point,
        /// The corner with the largest coordinates.
        pub max: Point3<T> => finite_point,
    }

    /// A box from its corners.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] for a NaN or infinite coordinate, [`ShapeError::InvertedBox`] when
    /// `min > max` on some axis.
    try_new then {
        if min.x > max.x || min.y > max.y || min.z > max.z {
            return Err(ShapeError::InvertedBox);
        }
    };
}

impl<T: Real> Aabb<T> {
    /// The empty box (`min = +∞`, `max = −∞`): the identity of [`Aabb::merged`].
    pub const EMPTY: Self = Self {
        min: Point3::new(T::INFINITY, T::INFINITY, T::INFINITY),
        max: Point3::new(T::NEG_INFINITY, T::NEG_INFINITY, T::NEG_INFINITY),
    };

    /// A box from its center and half extents (van den Bergen's center-extent form), unchecked.
    #[inline]
    #[must_use]
    pub fn from_center_extents(center: Point3<T>, half_extents: Vector3<T>) -> Self {
        Self { min: center - half_extents, max: center + half_extents }
    }

    /// The smallest box containing all `points`; [`Aabb::EMPTY`] for none.
    #[must_use]
    pub fn from_points<'a, I: IntoIterator<Item = &'a Point3<T>>>(points: I) -> Self {
        points
            .into_iter()
            .fold(Self::EMPTY, |b, p| Self { min: point_min(&b.min, p), max: point_max(&b.max, p) })
    }

    /// The center `(min + max) / 2`.
    #[inline]
    #[must_use]
    pub fn center(&self) -> Point3<T> {
        nalgebra::center(&self.min, &self.max)
    }

    /// The half extents `(max − min) / 2` (negative on an axis where the box is inverted).
    #[inline]
    #[must_use]
    pub fn half_extents(&self) -> Vector3<T> {
        (self.max - self.min) * T::HALF
    }

    /// `true` when `min > max` on some axis or a bound is NaN: the box contains nothing.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        !(self.min.x <= self.max.x && self.min.y <= self.max.y && self.min.z <= self.max.z)
    }

    /// The smallest box containing both (an empty operand is ignored).
    #[inline]
    #[must_use]
    pub fn merged(&self, other: &Self) -> Self {
        Self { min: point_min(&self.min, &other.min), max: point_max(&self.max, &other.max) }
    }

    /// The box grown by `margin` on every side.
    #[inline]
    #[must_use]
    pub fn loosened(&self, margin: T) -> Self {
        let m = Vector3::repeat(margin);
        Self { min: self.min - m, max: self.max + m }
    }

    /// `true` when `other` lies inside `self` (boundaries may touch).
    #[inline]
    #[must_use]
    pub fn contains_aabb(&self, other: &Self) -> bool {
        self.min.x <= other.min.x
            && self.min.y <= other.min.y
            && self.min.z <= other.min.z
            && other.max.x <= self.max.x
            && other.max.y <= self.max.y
            && other.max.z <= self.max.z
    }

    /// The eight corners, in the order of the bits of their index (bit 0: x at max, bit 1: y, bit 2: z).
    #[must_use]
    pub fn corners(&self) -> [Point3<T>; 8] {
        core::array::from_fn(|i| {
            Point3::new(
                if i & 1 == 0 { self.min.x } else { self.max.x },
                if i & 2 == 0 { self.min.y } else { self.max.y },
                if i & 4 == 0 { self.min.z } else { self.max.z },
            )
        })
    }

    /// The same box as an [`Obb`] with the identity rotation.
    #[inline]
    #[must_use]
    pub fn to_obb(&self) -> Obb<T> {
        Obb {
            center: self.center(),
            rotation: Rotation3::identity(),
            half_extents: self.half_extents(),
        }
    }

    /// The volume (0 for a flat box, 0 for an empty one).
    #[inline]
    #[must_use]
    pub fn volume(&self) -> T {
        if self.is_empty() {
            return T::ZERO;
        }
        let d = self.max - self.min;
        d.x * d.y * d.z
    }
}

impl<T: Real> Bounded<T> for Aabb<T> {
    #[inline]
    fn aabb(&self) -> Aabb<T> {
        *self
    }
}

impl<T: Real> ContainsPoint<T> for Aabb<T> {
    #[inline]
    fn contains_point(&self, p: &Point3<T>) -> bool {
        // Non-short-circuit `&`: six comparisons and no branch, which a point inside some of the
        // time would mispredict (a NaN fails its comparisons).
        (self.min.x <= p.x)
            & (p.x <= self.max.x)
            & (self.min.y <= p.y)
            & (p.y <= self.max.y)
            & (self.min.z <= p.z)
            & (p.z <= self.max.z)
    }
}

impl<T: Real> Transform<T> for Aabb<T> {
    type Output = Obb<T>;
    #[inline]
    fn transformed(&self, iso: &Isometry3<T>) -> Obb<T> {
        self.to_obb().transformed(iso)
    }
}

shape! {
    /// An oriented box: a center, a rotation whose columns are the box's local axes, and the half extent
    /// along each axis (Ericson 4.4's `c`, `u[3]`, `e`).
    ///
    /// A negative half extent makes the box empty; a zero one makes it flat (valid).
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{ContainsPoint, Obb, Point3, Rotation3, Vector3};
    ///
    /// let rot = Rotation3::from_axis_angle(&Vector3::z_axis(), std::f64::consts::FRAC_PI_4);
    /// let b = Obb::try_new(Point3::origin(), rot, Vector3::new(1.0, 1.0, 1.0))?;
    /// // The corner direction of an axis box is now along the x axis: sqrt(2) reaches it.
    /// assert!(b.contains_point(&Point3::new(1.41, 0.0, 0.0)));
    /// assert!(!b.contains_point(&Point3::new(1.0, 1.0, 0.0)));
    /// # Ok::<(), osculate_math::ShapeError>(())
    /// ```
    pub struct Obb {
        /// The center of the box.
        pub center: Point3<T> => finite_point,
        /// The orientation: column `i` is the box's local axis `i` in world space.
        pub rotation: Rotation3<T>,
        /// The half extent along each local axis.
        pub half_extents: Vector3<T> => finite_vector,
    }

    /// A box from its parts.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::Negative`] for a negative half extent,
    /// [`ShapeError::NotRotation`] when `rotation`'s matrix is not orthonormal with determinant 1
    /// (within [`Real::UNIT_TOLERANCE`]).
    try_new then {
        if !rotation.matrix().iter().all(|x| x.is_finite()) {
            return Err(ShapeError::NonFinite("rotation"));
        }
        for (i, field) in
            ["half_extents.x", "half_extents.y", "half_extents.z"].into_iter().enumerate()
        {
            non_negative(&half_extents[i], field)?;
        }
        let m = rotation.matrix();
        let err = (m.transpose() * m - nalgebra::Matrix3::identity()).abs().max();
        if !(err <= T::UNIT_TOLERANCE) || !(m.determinant() > T::ZERO) {
            return Err(ShapeError::NotRotation);
        }
    };
}

impl<T: Real> Obb<T> {
    /// The three local axes (the columns of the rotation) in world space.
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{Obb, Point3, Rotation3, Vector3};
    ///
    /// let turn = Rotation3::from_axis_angle(&Vector3::z_axis(), std::f64::consts::FRAC_PI_2);
    /// let b = Obb::new(Point3::origin(), turn, Vector3::new(1.0, 2.0, 3.0));
    /// let [x, y, z] = b.axes();
    /// assert!((x - Vector3::y()).norm() < 1e-15 && (y + Vector3::x()).norm() < 1e-15);
    /// assert_eq!(z, Vector3::z());
    /// ```
    #[inline]
    #[must_use]
    pub fn axes(&self) -> [Vector3<T>; 3] {
        let m = self.rotation.matrix();
        [m.column(0).into_owned(), m.column(1).into_owned(), m.column(2).into_owned()]
    }

    /// Local axis `i` (column `i` of the rotation) in world space, or `None` when `i` is not 0, 1
    /// or 2.
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{Obb, Point3, Rotation3, Vector3};
    ///
    /// let b = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(1.0_f32, 2.0, 3.0));
    /// assert_eq!(b.axis(1), Some(Vector3::y()));
    /// assert_eq!(b.axis(3), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn axis(&self, i: usize) -> Option<Vector3<T>> {
        self.axes().get(i).copied()
    }

    /// `p` in the box's frame: its coordinates along the local axes, relative to the center.
    #[inline]
    #[must_use]
    pub fn to_local(&self, p: &Point3<T>) -> Vector3<T> {
        self.rotation.inverse_transform_vector(&(p - self.center))
    }

    /// The eight corners, indexed like [`Aabb::corners`] in the local frame.
    #[must_use]
    pub fn corners(&self) -> [Point3<T>; 8] {
        let e = self.half_extents;
        core::array::from_fn(|i| {
            let local = Vector3::new(
                if i & 1 == 0 { -e.x } else { e.x },
                if i & 2 == 0 { -e.y } else { e.y },
                if i & 4 == 0 { -e.z } else { e.z },
            );
            self.center + self.rotation * local
        })
    }

    /// The box as a rigid frame (rotation and translation to its center).
    #[inline]
    #[must_use]
    pub fn isometry(&self) -> Isometry3<T> {
        Isometry3::from_parts(
            self.center.coords.into(),
            nalgebra::UnitQuaternion::from_rotation_matrix(&self.rotation),
        )
    }
}

impl<T: Real> Bounded<T> for Obb<T> {
    /// Ericson 4.2.6: the world extent on axis `i` is `Σ_j |R_ij| e_j`.
    #[inline]
    fn aabb(&self) -> Aabb<T> {
        let e = self.rotation.matrix().abs() * self.half_extents;
        Aabb { min: self.center - e, max: self.center + e }
    }
}

impl<T: Real> ContainsPoint<T> for Obb<T> {
    #[inline]
    fn contains_point(&self, p: &Point3<T>) -> bool {
        let d = p - self.center;
        (0..3).all(|i| {
            let e = self.half_extents[i];
            let x = self.rotation.matrix().column(i).dot(&d);
            -e <= x && x <= e
        })
    }
}

impl<T: Real> Transform<T> for Obb<T> {
    type Output = Self;
    #[inline]
    fn transformed(&self, iso: &Isometry3<T>) -> Self {
        Self {
            center: iso * self.center,
            rotation: iso.rotation.to_rotation_matrix() * self.rotation,
            half_extents: self.half_extents,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn validation<T: Real>() {
        let p = Point3::new(T::ONE, T::ONE, T::ONE);
        assert_eq!(Aabb::try_new(p, Point3::origin()), Err(ShapeError::InvertedBox));
        assert_eq!(
            Aabb::try_new(Point3::new(T::NAN, T::ZERO, T::ZERO), p),
            Err(ShapeError::NonFinite("min"))
        );
        assert_eq!(
            Aabb::try_new(Point3::origin(), Point3::new(T::ZERO, T::INFINITY, T::ZERO)),
            Err(ShapeError::NonFinite("max"))
        );
        assert!(Aabb::<T>::try_new(Point3::origin(), Point3::origin()).is_ok());
        let e = Vector3::new(T::ONE, -T::ONE, T::ONE);
        assert_eq!(
            Obb::try_new(Point3::origin(), Rotation3::identity(), e),
            Err(ShapeError::Negative("half_extents.y"))
        );
        let skew = Rotation3::from_matrix_unchecked(nalgebra::Matrix3::new(
            T::ONE,
            T::ONE,
            T::ZERO,
            T::ZERO,
            T::ONE,
            T::ZERO,
            T::ZERO,
            T::ZERO,
            T::ONE,
        ));
        assert_eq!(
            Obb::try_new(Point3::origin(), skew, Vector3::repeat(T::ONE)),
            Err(ShapeError::NotRotation)
        );
        let mirror = Rotation3::from_matrix_unchecked(nalgebra::Matrix3::from_diagonal(
            &Vector3::new(-T::ONE, T::ONE, T::ONE),
        ));
        assert_eq!(
            Obb::try_new(Point3::origin(), mirror, Vector3::repeat(T::ONE)),
            Err(ShapeError::NotRotation)
        );
    }

    #[test]
    fn empty_box_contains_nothing_and_merges_as_identity() {
        let e = Aabb::<f64>::EMPTY;
        assert!(e.is_empty());
        assert!(!e.contains_point(&Point3::origin()));
        let b = Aabb::new(Point3::new(-1.0, 0.0, 2.0), Point3::new(1.0, 1.0, 3.0));
        assert_eq!(e.merged(&b), b);
        assert_eq!(e.volume(), 0.0);
        assert_eq!(b.volume(), 2.0);
        let inverted = Aabb::new(Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 1.0));
        assert!(inverted.is_empty());
        assert!(!inverted.contains_point(&Point3::new(0.5, 0.5, 0.5)));
    }

    #[test]
    fn nan_box_is_empty() {
        let b = Aabb::new(Point3::new(f32::NAN, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
        assert!(b.is_empty());
        assert!(!b.contains_point(&Point3::new(0.5, 0.5, 0.5)));
    }

    #[test]
    fn obb_corners_and_bounds() {
        let rot = Rotation3::from_axis_angle(&Vector3::z_axis(), core::f64::consts::FRAC_PI_2);
        let b = Obb::new(Point3::new(1.0, 0.0, 0.0), rot, Vector3::new(2.0, 1.0, 0.5));
        let bb = b.aabb();
        approx::assert_relative_eq!(bb.min, Point3::new(0.0, -2.0, -0.5), epsilon = 1e-12);
        approx::assert_relative_eq!(bb.max, Point3::new(2.0, 2.0, 0.5), epsilon = 1e-12);
        for c in b.corners() {
            assert!(bb.loosened(1e-12).contains_point(&c));
            approx::assert_relative_eq!(b.to_local(&c).abs(), b.half_extents, epsilon = 1e-12);
        }
        let iso = b.isometry();
        approx::assert_relative_eq!(iso * Point3::origin(), b.center, epsilon = 1e-12);
        approx::assert_relative_eq!(iso.rotation * Vector3::x(), b.axes()[0], epsilon = 1e-12);
    }

    osculate_testing::for_f32_and_f64!(validation);
}
