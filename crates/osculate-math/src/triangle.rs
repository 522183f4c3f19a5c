//! [`Triangle`]: a surface triangle.

use crate::error::finite_point;
use crate::{Aabb, Bounded, Point3, Real, ShapeError, Unit, UnitVector3, Vector3};

shape! {
    /// The triangle `a`, `b`, `c` (a surface, not a solid). Counter-clockwise `a`, `b`, `c` seen from the
    /// side [`Triangle::normal`] points to.
    ///
    /// Collapsed triangles (collinear or coincident vertices) are valid: queries treat them as the segment
    /// or point they are.
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{Point3, Triangle, Vector3};
    ///
    /// let t = Triangle::new(
    ///     Point3::new(0.0_f64, 0.0, 0.0),
    ///     Point3::new(2.0, 0.0, 0.0),
    ///     Point3::new(0.0, 2.0, 0.0),
    /// );
    /// assert_eq!(t.area(), 2.0);
    /// assert_eq!(t.normal(), Vector3::new(0.0, 0.0, 4.0));
    /// assert_eq!(t.barycentric(&Point3::new(0.5, 0.5, 7.0)), Some([0.5, 0.25, 0.25]));
    /// ```
    pub struct Triangle {
        /// First vertex.
        pub a: Point3<T> => finite_point,
        /// Second vertex.
        pub b: Point3<T> => finite_point,
        /// Third vertex.
        pub c: Point3<T> => finite_point,
    }

    /// A triangle.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] for a NaN or infinite coordinate. Collapsed triangles are accepted.
    try_new;
}

impl<T: Real> Triangle<T> {
    /// The vertices as an array.
    #[inline]
    #[must_use]
    pub const fn vertices(&self) -> [Point3<T>; 3] {
        [self.a, self.b, self.c]
    }

    /// The unnormalised normal `(b − a) × (c − a)`: its length is twice the area.
    #[inline]
    #[must_use]
    pub fn normal(&self) -> Vector3<T> {
        (self.b - self.a).cross(&(self.c - self.a))
    }

    /// The unit normal, or `None` for a collapsed triangle (normal below
    /// [`Real::DEGENERATE_SQ_TOLERANCE`] relative to the edge lengths).
    #[inline]
    #[must_use]
    pub fn unit_normal(&self) -> Option<UnitVector3<T>> {
        let (ab, ac) = (self.b - self.a, self.c - self.a);
        let n = ab.cross(&ac);
        let n2 = n.norm_squared();
        if n2 > T::DEGENERATE_SQ_TOLERANCE * ab.norm_squared() * ac.norm_squared() && n2.is_finite()
        {
            Some(Unit::new_unchecked(n / n2.sqrt()))
        } else {
            None
        }
    }

    /// The area.
    #[inline]
    #[must_use]
    pub fn area(&self) -> T {
        self.normal().norm() * T::HALF
    }

    /// The centroid `(a + b + c) / 3`.
    #[inline]
    #[must_use]
    pub fn centroid(&self) -> Point3<T> {
        Point3::from((self.a.coords + self.b.coords + self.c.coords) / T::THREE)
    }

    /// The barycentric coordinates `[u, v, w]` (`p = u·a + v·b + w·c`, `u + v + w = 1`) of the
    /// projection of `p` onto the triangle's plane, by Cramer's rule on the dot products (Ericson
    /// 3.4). Negative coordinates mean the projection falls outside the triangle.
    ///
    /// `None` for a collapsed triangle (its plane is undefined), judged by the same tolerance as
    /// [`Triangle::unit_normal`], and for non-finite input.
    #[must_use]
    pub fn barycentric(&self, p: &Point3<T>) -> Option<[T; 3]> {
        let v0 = self.b - self.a;
        let v1 = self.c - self.a;
        let v2 = p - self.a;
        let d00 = v0.dot(&v0);
        let d01 = v0.dot(&v1);
        let d11 = v1.dot(&v1);
        let d20 = v2.dot(&v0);
        let d21 = v2.dot(&v1);
        // denom = |v0 × v1|² by Lagrange's identity.
        let denom = d00 * d11 - d01 * d01;
        if !(denom > T::DEGENERATE_SQ_TOLERANCE * d00 * d11) || !denom.is_finite() {
            return None;
        }
        let v = (d11 * d20 - d01 * d21) / denom;
        let w = (d00 * d21 - d01 * d20) / denom;
        let bary = [T::ONE - v - w, v, w];
        bary.iter().all(|x| x.is_finite()).then_some(bary)
    }

    /// The point `u·a + v·b + w·c` for barycentrics `[u, v, w]`.
    #[inline]
    #[must_use]
    pub fn point_from_barycentric(&self, [u, v, w]: [T; 3]) -> Point3<T> {
        Point3::from(self.a.coords * u + self.b.coords * v + self.c.coords * w)
    }

    /// The triangle with the opposite winding (`a`, `c`, `b`).
    #[inline]
    #[must_use]
    pub const fn flipped(&self) -> Self {
        Self { a: self.a, b: self.c, c: self.b }
    }
}

impl<T: Real> Bounded<T> for Triangle<T> {
    #[inline]
    fn aabb(&self) -> Aabb<T> {
        Aabb::from_points(&self.vertices())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collapsed_triangle_has_no_plane() {
        let t = Triangle::new(
            Point3::new(0.0_f64, 0.0, 0.0),
            Point3::new(1.0, 1.0, 1.0),
            Point3::new(2.0, 2.0, 2.0),
        );
        assert_eq!(t.unit_normal(), None);
        assert_eq!(t.barycentric(&Point3::origin()), None);
        assert_eq!(t.area(), 0.0);
        let nan = Triangle::new(
            Point3::new(f64::NAN, 0.0, 0.0),
            Point3::new(1.0, 0.0, 0.0),
            Point3::new(0.0, 1.0, 0.0),
        );
        assert_eq!(nan.barycentric(&Point3::origin()), None);
        assert_eq!(nan.unit_normal(), None);
    }

    #[test]
    fn barycentric_round_trips() {
        let t = Triangle::new(
            Point3::new(1.0_f64, 2.0, 3.0),
            Point3::new(-2.0, 0.5, 1.0),
            Point3::new(0.0, -1.0, 4.0),
        );
        let w = [0.2, 0.3, 0.5];
        let p = t.point_from_barycentric(w);
        let back = t.barycentric(&p).unwrap_or([f64::NAN; 3]);
        for i in 0..3 {
            assert!((back[i] - w[i]).abs() < 1e-12);
        }
        assert_eq!(t.flipped().normal(), -t.normal());
        approx::assert_relative_eq!(
            t.centroid(),
            t.point_from_barycentric([1.0 / 3.0; 3]),
            epsilon = 1e-12
        );
    }
}
