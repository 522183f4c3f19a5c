//! [`Triangle`] and [`Tetrahedron`].

use crate::error::finite_point;
use crate::{
    Aabb, Bounded, ContainsPoint, Isometry3, Point3, Real, ShapeError, Transform, Unit,
    UnitVector3, Vector3,
};

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
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Triangle<T: Real> {
    /// First vertex.
    pub a: Point3<T>,
    /// Second vertex.
    pub b: Point3<T>,
    /// Third vertex.
    pub c: Point3<T>,
}

impl<T: Real> Triangle<T> {
    /// A triangle, unchecked.
    #[inline]
    #[must_use]
    pub const fn new(a: Point3<T>, b: Point3<T>, c: Point3<T>) -> Self {
        Self { a, b, c }
    }

    /// A triangle.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] for a NaN or infinite coordinate. Collapsed triangles are accepted.
    pub fn try_new(a: Point3<T>, b: Point3<T>, c: Point3<T>) -> Result<Self, ShapeError> {
        finite_point(&a, "a")?;
        finite_point(&b, "b")?;
        finite_point(&c, "c")?;
        Ok(Self { a, b, c })
    }

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

impl<T: Real> Transform<T> for Triangle<T> {
    type Output = Self;
    #[inline]
    fn transformed(&self, iso: &Isometry3<T>) -> Self {
        Self { a: iso * self.a, b: iso * self.b, c: iso * self.c }
    }
}

/// A solid tetrahedron with vertices `a`, `b`, `c`, `d` (either orientation).
///
/// A flat tetrahedron (zero volume) is valid: it is the flat convex hull of its vertices.
///
/// # Examples
/// ```
/// use osculate_math::{ContainsPoint, Point3, Tetrahedron};
///
/// let t = Tetrahedron::new(
///     Point3::new(0.0_f32, 0.0, 0.0),
///     Point3::new(1.0, 0.0, 0.0),
///     Point3::new(0.0, 1.0, 0.0),
///     Point3::new(0.0, 0.0, 1.0),
/// );
/// assert!(t.contains_point(&Point3::new(0.2, 0.2, 0.2)));
/// assert!(!t.contains_point(&Point3::new(0.4, 0.4, 0.4)));
/// assert!((t.signed_volume() - 1.0 / 6.0).abs() < 1e-7);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tetrahedron<T: Real> {
    /// First vertex.
    pub a: Point3<T>,
    /// Second vertex.
    pub b: Point3<T>,
    /// Third vertex.
    pub c: Point3<T>,
    /// Fourth vertex.
    pub d: Point3<T>,
}

/// `(b − a) × (c − a) · (p − a)`: six times the signed volume of `a b c p`, positive when `p` lies on
/// the side of `abc` its counter-clockwise normal points to.
#[inline]
fn orient<T: Real>(a: &Point3<T>, b: &Point3<T>, c: &Point3<T>, p: &Point3<T>) -> T {
    (b - a).cross(&(c - a)).dot(&(p - a))
}

impl<T: Real> Tetrahedron<T> {
    /// A tetrahedron, unchecked.
    #[inline]
    #[must_use]
    pub const fn new(a: Point3<T>, b: Point3<T>, c: Point3<T>, d: Point3<T>) -> Self {
        Self { a, b, c, d }
    }

    /// A tetrahedron.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] for a NaN or infinite coordinate. Flat tetrahedra are accepted.
    pub fn try_new(
        a: Point3<T>,
        b: Point3<T>,
        c: Point3<T>,
        d: Point3<T>,
    ) -> Result<Self, ShapeError> {
        for (p, f) in [(&a, "a"), (&b, "b"), (&c, "c"), (&d, "d")] {
            finite_point(p, f)?;
        }
        Ok(Self { a, b, c, d })
    }

    /// The vertices as an array.
    #[inline]
    #[must_use]
    pub const fn vertices(&self) -> [Point3<T>; 4] {
        [self.a, self.b, self.c, self.d]
    }

    /// The four faces, each wound so that its normal points away from the opposite vertex when the
    /// tetrahedron has positive [`signed_volume`](Self::signed_volume) (and toward it otherwise).
    #[inline]
    #[must_use]
    pub fn faces(&self) -> [Triangle<T>; 4] {
        let [a, b, c, d] = self.vertices();
        [
            Triangle::new(a, c, b),
            Triangle::new(a, b, d),
            Triangle::new(a, d, c),
            Triangle::new(b, c, d),
        ]
    }

    /// The signed volume `((b − a) × (c − a)) · (d − a) / 6`.
    #[inline]
    #[must_use]
    pub fn signed_volume(&self) -> T {
        orient(&self.a, &self.b, &self.c, &self.d) / T::lit(6.0)
    }
}

impl<T: Real> Bounded<T> for Tetrahedron<T> {
    #[inline]
    fn aabb(&self) -> Aabb<T> {
        Aabb::from_points(&self.vertices())
    }
}

impl<T: Real> ContainsPoint<T> for Tetrahedron<T> {
    /// Inside when `p` is on the inner side (or on) each face plane: the sign of each face's
    /// orientation with `p` agrees with the orientation of the tetrahedron itself (Ericson 5.1.6's
    /// "point outside face plane" test, inverted). A tetrahedron flat up to rounding (six times its
    /// volume at most `RELATIVE_TOLERANCE` times the cube of its longest edge `L`, the test
    /// `closest_point_on_tetrahedron` uses) has only noise for face signs: it contains `p` when `p`
    /// lies within `RELATIVE_TOLERANCE·L` of the plane of one of its (non-collapsed) faces and
    /// inside that face up to the same relative tolerance.
    fn contains_point(&self, p: &Point3<T>) -> bool {
        let [a, b, c, d] = self.vertices();
        let vol = orient(&a, &b, &c, &d);
        let l2 = [b - a, c - a, d - a, c - b, d - b, d - c]
            .iter()
            .fold(T::ZERO, |m, e| m.fast_max(e.norm_squared()));
        let l = l2.sqrt();
        if vol.abs() <= T::RELATIVE_TOLERANCE * l2 * l {
            let band = T::RELATIVE_TOLERANCE * l;
            return self.faces().iter().any(|f| {
                let n = (f.b - f.a).cross(&(f.c - f.a));
                let nn = n.norm();
                nn > T::ZERO
                    && (p - f.a).dot(&n).abs() <= band * nn
                    && f.barycentric(p)
                        .is_some_and(|w| w.iter().all(|&x| x >= -T::RELATIVE_TOLERANCE))
            });
        }
        let s = [
            orient(&b, &c, &d, p),
            orient(&a, &d, &c, p),
            orient(&a, &b, &d, p),
            orient(&a, &c, &b, p),
        ];
        // Face `bcd` sees `a` with the sign -vol; the others likewise, so each must be ≤ 0 after the
        // sign flip, i.e. p is on a's side of bcd, etc.
        if vol > T::ZERO {
            s.iter().all(|&x| x <= T::ZERO)
        } else {
            s.iter().all(|&x| x >= T::ZERO)
        }
    }
}

impl<T: Real> Transform<T> for Tetrahedron<T> {
    type Output = Self;
    #[inline]
    fn transformed(&self, iso: &Isometry3<T>) -> Self {
        Self { a: iso * self.a, b: iso * self.b, c: iso * self.c, d: iso * self.d }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the cast properties: an f32 tetrahedron flat up to rounding (its volume rounds to
    /// 0) "contained" a point 0.21 away, its face signs being noise. Flat up to rounding, it is
    /// the union of its faces: points on a face are in, that point is out.
    #[test]
    fn flat_tetrahedron_contains_only_points_on_its_faces() {
        let p = |x: f32, y: f32, z: f32| Point3::new(x, y, z);
        let t = Tetrahedron::new(
            p(-0.973_046_36, -0.690_410_1, 0.706_614_3),
            p(-0.160_632_34, 0.273_602_46, -0.005_978_847),
            p(-0.161_351_08, 0.272_749_54, -0.005_348_384_4),
            p(0.385_352_8, 0.022_290_656, -0.727_500_4),
        );
        assert!(!t.contains_point(&p(-0.547, -0.343, -0.048)));
        let on_face = Point3::from((t.a.coords + t.b.coords + t.d.coords) / 3.0);
        assert!(t.contains_point(&on_face), "{on_face:?}");
        assert!(t.contains_point(&t.a));
    }

    fn unit_tet<T: Real>() -> Tetrahedron<T> {
        Tetrahedron::new(
            Point3::origin(),
            Point3::new(T::ONE, T::ZERO, T::ZERO),
            Point3::new(T::ZERO, T::ONE, T::ZERO),
            Point3::new(T::ZERO, T::ZERO, T::ONE),
        )
    }

    fn tetrahedron_containment<T: Real>() {
        let t = unit_tet::<T>();
        let q = T::lit(0.25);
        assert!(t.contains_point(&Point3::new(q, q, q)));
        assert!(t.contains_point(&Point3::origin()));
        assert!(!t.contains_point(&Point3::new(-q, q, q)));
        assert!(!t.contains_point(&Point3::new(T::NAN, q, q)));
        // Either orientation.
        let flipped = Tetrahedron::new(t.b, t.a, t.c, t.d);
        assert!(flipped.signed_volume() < T::ZERO);
        assert!(flipped.contains_point(&Point3::new(q, q, q)));
        assert!(!flipped.contains_point(&Point3::new(q, q, T::ONE)));
        // Face normals point outward for a positively oriented tetrahedron.
        let centroid = Point3::new(q, q, q);
        for f in t.faces() {
            assert!(f.normal().dot(&(centroid - f.a)) < T::ZERO);
        }
        // Flat: contains points of its plane inside its hull only.
        let flat = Tetrahedron::new(t.a, t.b, t.c, Point3::new(T::ONE, T::ONE, T::ZERO));
        assert_eq!(flat.signed_volume(), T::ZERO);
        assert!(flat.contains_point(&Point3::new(T::lit(0.75), T::lit(0.75), T::ZERO)));
        assert!(!flat.contains_point(&Point3::new(T::lit(0.75), T::lit(0.75), T::lit(0.1))));
        assert!(!flat.contains_point(&Point3::new(T::lit(1.5), T::lit(0.75), T::ZERO)));
    }

    #[test]
    fn tetrahedron_f32() {
        tetrahedron_containment::<f32>();
    }

    #[test]
    fn tetrahedron_f64() {
        tetrahedron_containment::<f64>();
    }

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
