//! [`Tetrahedron`]: a solid tetrahedron.

use crate::error::finite_point;
use crate::{Aabb, Bounded, ContainsPoint, Point3, Real, ShapeError, Triangle};

shape! {
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
    pub struct Tetrahedron {
        /// First vertex.
        pub a: Point3<T> => finite_point,
        /// Second vertex.
        pub b: Point3<T> => finite_point,
        /// Third vertex.
        pub c: Point3<T> => finite_point,
        /// Fourth vertex.
        pub d: Point3<T> => finite_point,
    }

    /// A tetrahedron.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] for a NaN or infinite coordinate. Flat tetrahedra are accepted.
    try_new;
}

/// `(b − a) × (c − a) · (p − a)`: six times the signed volume of `a b c p`, positive when `p` lies on
/// the side of `abc` its counter-clockwise normal points to.
#[inline]
fn orient<T: Real>(a: &Point3<T>, b: &Point3<T>, c: &Point3<T>, p: &Point3<T>) -> T {
    (b - a).cross(&(c - a)).dot(&(p - a))
}

impl<T: Real> Tetrahedron<T> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// An f32 tetrahedron flat up to rounding (its volume rounds to
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

    osculate_testing::for_f32_and_f64!(tetrahedron_containment);
}
