//! Linear shapes: [`Segment`], [`Ray`] and [`Line`].

use crate::error::{finite_point, nonzero_vector};
use crate::{Aabb, Bounded, Point3, Real, ShapeError, Vector3, point_max, point_min};

shape! {
    /// The segment from `a` to `b`, parametrised as `a + t·(b − a)` for `t ∈ [0, 1]`.
    ///
    /// `a == b` makes it a point (valid).
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{Point3, Segment};
    ///
    /// let s = Segment::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0));
    /// assert_eq!(s.point_at(0.25), Point3::new(0.5, 0.0, 0.0));
    /// assert_eq!(s.closest_parameter(&Point3::new(5.0, 1.0, 0.0)), 1.0);
    /// ```
    pub struct Segment {
        /// The start, at `t = 0`.
        pub a: Point3<T> => finite_point,
        /// The end, at `t = 1`.
        pub b: Point3<T> => finite_point,
    }

    /// A segment.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] for a NaN or infinite coordinate.
    try_new;
}

impl<T: Real> Segment<T> {
    /// `b − a`.
    #[inline]
    #[must_use]
    pub fn direction(&self) -> Vector3<T> {
        self.b - self.a
    }

    /// The length `|b − a|`.
    #[inline]
    #[must_use]
    pub fn length(&self) -> T {
        self.direction().norm()
    }

    /// The point `a + t·(b − a)`.
    #[inline]
    #[must_use]
    pub fn point_at(&self, t: T) -> Point3<T> {
        self.a + self.direction() * t
    }

    /// The parameter `t ∈ [0, 1]` of the point of the segment closest to `p` (Ericson 5.1.2: project,
    /// then clamp, deferring the division until the projection is known to fall inside).
    ///
    /// A zero-length segment returns 0. A NaN input returns 0 (the clamp's comparisons fail), and the
    /// callers of this function propagate NaN through the distance instead.
    #[inline]
    #[must_use]
    pub fn closest_parameter(&self, p: &Point3<T>) -> T {
        let ab = self.direction();
        let t = (p - self.a).dot(&ab);
        if !(t > T::ZERO) {
            return T::ZERO;
        }
        let denom = ab.norm_squared();
        if t >= denom { T::ONE } else { t / denom }
    }

    /// The squared distance from `p` to the segment (Ericson 5.1.2, without a square root).
    ///
    /// Measured from the projected point rather than by Ericson 5.1.2.1's division-free
    /// `|ap|² − (ap·ab)²/|ab|²`: that difference cancels catastrophically for points near a long
    /// segment (an absolute error of ε·|ap|² where the answer may be far smaller), which made a
    /// zero-radius capsule miss its own axis points in the property tests.
    #[inline]
    #[must_use]
    pub fn sq_distance_to_point(&self, p: &Point3<T>) -> T {
        (p - self.point_at(self.closest_parameter(p))).norm_squared()
    }

    /// The segment with its ends swapped.
    #[inline]
    #[must_use]
    pub const fn reversed(&self) -> Self {
        Self { a: self.b, b: self.a }
    }
}

impl<T: Real> Bounded<T> for Segment<T> {
    #[inline]
    fn aabb(&self) -> Aabb<T> {
        Aabb { min: point_min(&self.a, &self.b), max: point_max(&self.a, &self.b) }
    }
}

/// A ray `origin + t·direction` for `t ∈ [0, max_t]`.
///
/// The direction need not be unit length: `t` is measured in multiples of it (so a segment from `p`
/// to `q` is the ray `p`, `q − p` with `max_t = 1`). `max_t` is `+∞` for an unbounded ray.
///
/// # Examples
/// ```
/// use osculate_math::{Point3, Ray, Vector3};
///
/// let r = Ray::try_new(Point3::new(0.0_f32, 0.0, 0.0), Vector3::new(0.0, 0.0, 2.0))?;
/// assert_eq!(r.point_at(1.5), Point3::new(0.0, 0.0, 3.0));
/// assert_eq!(r.max_t, f32::INFINITY);
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ray<T: Real> {
    /// The start, at `t = 0`.
    pub origin: Point3<T>,
    /// The direction (any non-zero length; `t` is in multiples of it).
    pub direction: Vector3<T>,
    /// The largest parameter considered (`+∞` for an unbounded ray).
    #[cfg_attr(feature = "serde", serde(with = "crate::unbounded"))]
    pub max_t: T,
}

impl<T: Real> Ray<T> {
    /// An unbounded ray, unchecked.
    #[inline]
    #[must_use]
    pub const fn new(origin: Point3<T>, direction: Vector3<T>) -> Self {
        Self { origin, direction, max_t: T::INFINITY }
    }

    /// An unbounded ray.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] for a NaN or infinite origin, [`ShapeError::ZeroDirection`] for a
    /// zero or non-finite direction.
    pub fn try_new(origin: Point3<T>, direction: Vector3<T>) -> Result<Self, ShapeError> {
        finite_point(&origin, "origin")?;
        nonzero_vector(&direction, "direction")?;
        Ok(Self { origin, direction, max_t: T::INFINITY })
    }

    /// A ray that stops at `max_t`.
    ///
    /// # Errors
    /// As [`Ray::try_new`], and [`ShapeError::Negative`] for a negative `max_t`, [`ShapeError::NonFinite`]
    /// for a NaN one (`+∞` is allowed).
    pub fn try_with_max_t(
        origin: Point3<T>,
        direction: Vector3<T>,
        max_t: T,
    ) -> Result<Self, ShapeError> {
        let r = Self::try_new(origin, direction)?;
        if max_t.is_nan() {
            return Err(ShapeError::NonFinite("max_t"));
        }
        if max_t < T::ZERO {
            return Err(ShapeError::Negative("max_t"));
        }
        Ok(Self { max_t, ..r })
    }

    /// The ray along a segment: origin `s.a`, direction `s.b − s.a`, `max_t = 1`.
    #[inline]
    #[must_use]
    pub fn from_segment(s: &Segment<T>) -> Self {
        Self { origin: s.a, direction: s.direction(), max_t: T::ONE }
    }

    /// The point `origin + t·direction`.
    #[inline]
    #[must_use]
    pub fn point_at(&self, t: T) -> Point3<T> {
        self.origin + self.direction * t
    }
}

/// `o + d·t` per axis, with `d_i = 0` giving `o_i` even for infinite `t` (no `0·∞ = NaN`).
#[inline]
fn reach<T: Real>(o: &Point3<T>, d: &Vector3<T>, t: T) -> Point3<T> {
    Point3::from(o.coords.zip_map(d, |o, d| if d == T::ZERO { o } else { o + d * t }))
}

impl<T: Real> Bounded<T> for Ray<T> {
    #[inline]
    fn aabb(&self) -> Aabb<T> {
        let end = reach(&self.origin, &self.direction, self.max_t);
        Aabb { min: point_min(&self.origin, &end), max: point_max(&self.origin, &end) }
    }
}

shape! {
    /// The infinite line `point + t·direction`, `t ∈ ℝ`.
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{Line, Point3, Vector3};
    ///
    /// let l = Line::try_new(Point3::new(1.0_f64, 0.0, 0.0), Vector3::new(0.0, 1.0, 0.0))?;
    /// assert_eq!(l.point_at(-2.0), Point3::new(1.0, -2.0, 0.0));
    /// # Ok::<(), osculate_math::ShapeError>(())
    /// ```
    pub struct Line {
        /// A point on the line (`t = 0`).
        pub point: Point3<T> => finite_point,
        /// The direction (any non-zero length).
        pub direction: Vector3<T> => nonzero_vector,
    }

    /// A line.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] for a NaN or infinite point, [`ShapeError::ZeroDirection`] for a zero
    /// or non-finite direction.
    try_new;
}

impl<T: Real> Line<T> {
    /// The line through two points.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::ZeroDirection`] when `a == b`.
    pub fn try_through(a: Point3<T>, b: Point3<T>) -> Result<Self, ShapeError> {
        finite_point(&a, "a")?;
        finite_point(&b, "b")?;
        Self::try_new(a, b - a)
    }

    /// The point `point + t·direction`.
    #[inline]
    #[must_use]
    pub fn point_at(&self, t: T) -> Point3<T> {
        self.point + self.direction * t
    }
}

impl<T: Real> Bounded<T> for Line<T> {
    #[inline]
    fn aabb(&self) -> Aabb<T> {
        let hi = reach(&self.point, &self.direction, T::INFINITY);
        let lo = reach(&self.point, &self.direction, T::NEG_INFINITY);
        Aabb { min: point_min(&lo, &hi), max: point_max(&lo, &hi) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn validation<T: Real>() {
        let o = Point3::<T>::origin();
        let x = Vector3::x();
        assert_eq!(
            Segment::try_new(o, Point3::new(T::NAN, T::ZERO, T::ZERO)),
            Err(ShapeError::NonFinite("b"))
        );
        assert!(Segment::try_new(o, o).is_ok());
        assert_eq!(Ray::try_new(o, Vector3::zeros()), Err(ShapeError::ZeroDirection("direction")));
        assert_eq!(
            Ray::try_new(o, Vector3::new(T::INFINITY, T::ZERO, T::ZERO)),
            Err(ShapeError::NonFinite("direction"))
        );
        assert_eq!(Ray::try_with_max_t(o, x, -T::ONE), Err(ShapeError::Negative("max_t")));
        assert_eq!(Ray::try_with_max_t(o, x, T::NAN), Err(ShapeError::NonFinite("max_t")));
        assert!(Ray::try_with_max_t(o, x, T::INFINITY).is_ok());
        assert_eq!(Line::try_through(o, o), Err(ShapeError::ZeroDirection("direction")));
        // A direction whose squared length overflows is rejected rather than producing ∞ later.
        let huge = Vector3::new(T::MAX, T::MAX, T::ZERO);
        assert_eq!(Line::try_new(o, huge), Err(ShapeError::ZeroDirection("direction")));
    }

    #[test]
    fn segment_distance_matches_parameter() {
        let s = Segment::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0));
        let p = Point3::new(1.0, 3.0, 0.0);
        assert_eq!(s.closest_parameter(&p), 0.25);
        assert_eq!(s.sq_distance_to_point(&p), 9.0);
        assert_eq!(s.sq_distance_to_point(&Point3::new(-1.0, 0.0, 0.0)), 1.0);
        assert_eq!(s.sq_distance_to_point(&Point3::new(6.0, 0.0, 0.0)), 4.0);
        let point = Segment::new(Point3::new(1.0, 1.0, 1.0), Point3::new(1.0, 1.0, 1.0));
        assert_eq!(point.closest_parameter(&p), 0.0);
        assert_eq!(point.sq_distance_to_point(&Point3::new(1.0, 1.0, 3.0)), 4.0);
        assert!(s.sq_distance_to_point(&Point3::new(f64::NAN, 0.0, 0.0)).is_nan());
    }

    #[test]
    fn unbounded_shapes_report_infinite_bounds_only_where_they_extend() {
        let r = Ray::new(Point3::new(1.0_f64, 2.0, 3.0), Vector3::new(0.0, -1.0, 0.0));
        let b = r.aabb();
        assert_eq!(b.min, Point3::new(1.0, f64::NEG_INFINITY, 3.0));
        assert_eq!(b.max, Point3::new(1.0, 2.0, 3.0));
        let l = Line::new(Point3::new(1.0_f64, 2.0, 3.0), Vector3::new(0.0, 0.0, 2.0));
        let b = l.aabb();
        assert_eq!(b.min, Point3::new(1.0, 2.0, f64::NEG_INFINITY));
        assert_eq!(b.max, Point3::new(1.0, 2.0, f64::INFINITY));
        let bounded = Ray { max_t: 2.0, ..r };
        assert_eq!(bounded.aabb().min, Point3::new(1.0, 0.0, 3.0));
    }

    osculate_testing::for_f32_and_f64!(validation);
}
