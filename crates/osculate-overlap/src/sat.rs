//! Separating axes (Ericson 5.2.1, van den Bergen 3.3): a small reusable helper, and the box tests
//! built on it — box-box (AABB in both forms, OBB-OBB with 15 axes), box-triangle (13 axes,
//! Akenine-Möller), segment-box.
//!
//! Robustness (Ericson 5.2.1.1): an axis that is the cross product of two (nearly) parallel edges
//! is (nearly) zero, and projections on it are rounding noise. Every comparison here therefore
//! grants a slack of [`Real::RELATIVE_TOLERANCE`] times the axis length times the input's scale, so
//! such an axis never separates shapes that touch, and the tests err toward "overlapping" by at most
//! that slack. [`osculate_math::edge_edge_axis`] replaces a degenerate cross-product axis as the text says. A NaN
//! or infinite input gives `false` (checked first: a NaN comparison would otherwise never separate).

use osculate_math::{Point3, Real, Vector3};

/// An interval `[min, max]` of projections on an axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval<T: Real> {
    /// The smallest projection.
    pub min: T,
    /// The largest projection.
    pub max: T,
}

impl<T: Real> Interval<T> {
    /// The interval of the projections `axis · p` of `points` (empty — `min > max` — for no
    /// points).
    ///
    /// # Examples
    /// ```
    /// use osculate_overlap::sat::Interval;
    /// use osculate_math::{Point3, Vector3};
    ///
    /// let tri = [Point3::new(1.0_f64, 0.0, 0.0), Point3::new(3.0, 5.0, 0.0), Point3::new(2.0, -1.0, 4.0)];
    /// assert_eq!(Interval::of_points(&Vector3::x(), &tri), Interval { min: 1.0, max: 3.0 });
    /// let none = Interval::of_points(&Vector3::x(), &[] as &[Point3<f64>]);
    /// assert!(none.min > none.max);
    /// ```
    #[must_use]
    pub fn of_points(axis: &Vector3<T>, points: &[Point3<T>]) -> Self {
        points.iter().fold(Self { min: T::INFINITY, max: T::NEG_INFINITY }, |iv, p| {
            let x = axis.dot(&p.coords);
            Self { min: iv.min.fast_min(x), max: iv.max.fast_max(x) }
        })
    }

    /// Whether the two intervals are apart by more than `slack` (touching intervals are not).
    ///
    /// # Examples
    /// ```
    /// use osculate_overlap::sat::Interval;
    ///
    /// let a = Interval { min: 0.0_f32, max: 1.0 };
    /// assert!(a.separated_from(&Interval { min: 1.5, max: 2.0 }, 0.0));
    /// assert!(!a.separated_from(&Interval { min: 1.0, max: 2.0 }, 0.0)); // touching
    /// assert!(!a.separated_from(&Interval { min: 1.5, max: 2.0 }, 0.5)); // within the slack
    /// assert!(a.separated_from(&Interval { min: -3.0, max: -0.5 }, 0.25));
    /// ```
    #[inline]
    #[must_use]
    pub fn separated_from(&self, other: &Self, slack: T) -> bool {
        self.max + slack < other.min || other.max + slack < self.min
    }
}

/// Whether `axis` separates the convex hulls of point sets `a` and `b`, with the slack of the
/// module documentation (`scale` is the size of the coordinates involved, e.g. their largest
/// magnitude). A zero axis never separates.
///
/// # Examples
/// ```
/// use osculate_overlap::sat::separated_on_axis;
/// use osculate_math::{Point3, Vector3};
///
/// let a = [Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0)];
/// let b = [Point3::new(2.0, 0.0, 0.0), Point3::new(3.0, 1.0, 0.0)];
/// assert!(separated_on_axis(&Vector3::x(), &a, &b, 3.0));
/// assert!(!separated_on_axis(&Vector3::y(), &a, &b, 3.0));
/// ```
#[must_use]
pub fn separated_on_axis<T: Real>(
    axis: &Vector3<T>,
    a: &[Point3<T>],
    b: &[Point3<T>],
    scale: T,
) -> bool {
    let slack = T::RELATIVE_TOLERANCE * axis.amax() * scale;
    Interval::of_points(axis, a).separated_from(&Interval::of_points(axis, b), slack)
}
