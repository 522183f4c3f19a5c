//! The result of the moving-object tests.

use osculate_math::{Point3, Real, UnitVector3, is_finite_point};

/// The first contact of two moving shapes over a motion parametrised by `t ∈ [0, 1]` (each shape
/// translated by its displacement times `t`).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Impact<T: Real> {
    /// The time of first contact, in `[0, 1]` (0 when the shapes already overlap at the start).
    pub toi: T,
    /// A point of contact at that time (for shapes that already overlap at `t = 0`: a point of A
    /// nearest B, inside both or on their boundaries).
    pub point: Point3<T>,
    /// The unit contact normal at that time, pointing from A toward B.
    pub normal: UnitVector3<T>,
    /// Whether the shapes already overlap (or touch) at `t = 0`.
    pub initially_overlapping: bool,
}

impl<T: Real> Impact<T> {
    /// An impact, if every number in it is finite, the normal is unit and `toi ∈ [0, 1]`.
    #[inline]
    #[must_use]
    pub fn new(
        toi: T,
        point: Point3<T>,
        normal: UnitVector3<T>,
        initially_overlapping: bool,
    ) -> Option<Self> {
        // A normal off unit length can only come from an invalid shape built through its public
        // fields (a plane whose "unit" normal is not one, a box whose rotation is not one).
        // Non-short-circuit `&`: one branch for the four tests.
        let ok = (T::ZERO <= toi)
            & (toi <= T::ONE)
            & is_finite_point(&point)
            & ((normal.norm_squared() - T::ONE).abs() <= T::UNIT_TOLERANCE * T::lit(4.0));
        ok.then_some(Self { toi, point, normal, initially_overlapping })
    }

    /// The same impact read from B to A: the normal flipped (the time, point and overlap flag
    /// are the pair's).
    ///
    /// # Examples
    /// ```
    /// use osculate_dynamic::Impact;
    /// use osculate_math::{Point3, Vector3};
    ///
    /// let i = Impact::new(0.5_f64, Point3::origin(), Vector3::x_axis(), false).unwrap();
    /// assert_eq!(i.swapped().normal, -Vector3::x_axis());
    /// ```
    #[inline]
    #[must_use]
    pub fn swapped(self) -> Self {
        Self { normal: -self.normal, ..self }
    }
}
