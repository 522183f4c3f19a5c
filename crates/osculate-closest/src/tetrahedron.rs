//! Tetrahedra: the closest point to a point and the squared distance (Ericson 5.1.6).

use osculate_math::{Point3, Real, Tetrahedron, Triangle, nan_point};

use crate::triangle::closest_point_on_triangle;

/// `(b − a) × (c − a) · (p − a)`: six times the signed volume of `abcp`.
#[inline]
fn orient<T: Real>(a: &Point3<T>, b: &Point3<T>, c: &Point3<T>, p: &Point3<T>) -> T {
    (b - a).cross(&(c - a)).dot(&(p - a))
}

/// The point of solid tetrahedron `tet` closest to `p` (Ericson 5.1.6): `p` itself when inside;
/// otherwise the nearest of the closest points on the faces whose planes `p` lies in front of.
///
/// A flat tetrahedron (thinner across its largest face than [`Real::RELATIVE_TOLERANCE`] times its
/// coordinates' magnitude, or six times its volume below that tolerance times the product of the
/// edges from `a`: flat up to rounding) is the union of its four faces, and every face is
/// measured. A NaN anywhere gives a NaN point.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_tetrahedron;
/// use osculate_math::{Point3, Tetrahedron};
///
/// let t = Tetrahedron::new(
///     Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0),
///     Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0),
/// );
/// assert_eq!(closest_point_on_tetrahedron(&Point3::new(0.1, 0.1, 0.1), &t), Point3::new(0.1, 0.1, 0.1));
/// let q = closest_point_on_tetrahedron(&Point3::new(0.2, 0.2, -1.0), &t);
/// assert!((q - Point3::new(0.2, 0.2, 0.0)).norm() < 1e-12);
/// ```
#[must_use]
pub fn closest_point_on_tetrahedron<T: Real>(p: &Point3<T>, tet: &Tetrahedron<T>) -> Point3<T> {
    let [a, b, c, d] = [tet.a, tet.b, tet.c, tet.d];
    let vol = orient(&a, &b, &c, &d);
    if vol.is_nan() {
        return nan_point();
    }
    // Flat up to rounding: thinner than the rounding of its coordinates, or with a volume below
    // the rounding of the determinant. Six times the volume is the largest face's doubled area
    // `2A` times the thickness across it, so: `|vol| ≤ 128 ε (M·2A + |ab|·|ac|·|ad|)` for
    // coordinates up to `M`. Such a tetrahedron's face signs are noise, and it is measured as the
    // union of its faces (a vertex on an edge very near another vertex is flat up to the
    // coordinates' rounding though not relative to the edges' product). The cube of the
    // longest edge, the yardstick before, also made genuine slivers flat when up to
    // `128 ε L³ / 2A` thick: an f32 point inside one 2.6e-4 thick mapped to a face 1.3e-4
    // away.
    let (ab, ac, ad) = (b - a, c - a, d - a);
    let area2 = [ab.cross(&ac), ab.cross(&ad), ac.cross(&ad), (c - b).cross(&(d - b))]
        .iter()
        .fold(T::ZERO, |m, n| m.fast_max(n.norm_squared()))
        .sqrt();
    let m = [a, b, c, d].iter().fold(T::ZERO, |m, x| m.fast_max(x.coords.amax()));
    let noise = m * area2 + ab.norm() * ac.norm() * ad.norm();
    let flat = vol.abs() <= T::RELATIVE_TOLERANCE * noise;
    // Each face: `p` is in front of the face when it lies on the other side of the face plane
    // from the vertex opposite (Ericson's PointOutsideOfPlane test). The four faces are listed as
    // even permutations of `(a, b, c, d)` with that vertex last, so the opposite vertex's side is
    // the sign of `vol` itself (the orientation is alternating), not four more determinants; for
    // a tetrahedron that is not flat, `|vol|` is far above its rounding, so that sign is sure.
    let faces = [(a, b, c), (a, c, d), (a, d, b), (b, d, c)];
    let mut best = *p;
    let mut best_d = T::INFINITY;
    let mut outside = false;
    for (u, v, w) in faces {
        let sp = orient(&u, &v, &w, p);
        if sp.is_nan() {
            return nan_point();
        }
        // A flat tetrahedron has no inside: it is the union of its faces, all measured.
        let in_front = flat || sp * vol < T::ZERO;
        if in_front {
            let q = closest_point_on_triangle(p, &Triangle::new(u, v, w)).point;
            let dq = (q - p).norm_squared();
            if dq.is_nan() {
                return nan_point();
            }
            if dq < best_d || !outside {
                best_d = dq;
                best = q;
            }
            outside = true;
        }
    }
    best
}

/// The squared distance from `p` to solid tetrahedron `tet` (zero inside).
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_tetrahedron;
/// use osculate_math::{Point3, Tetrahedron};
///
/// let t = Tetrahedron::new(
///     Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0),
///     Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0),
/// );
/// assert_eq!(sq_distance_point_tetrahedron(&Point3::new(-2.0, 0.0, 0.0), &t), 4.0);
/// ```
#[inline]
#[must_use]
pub fn sq_distance_point_tetrahedron<T: Real>(p: &Point3<T>, tet: &Tetrahedron<T>) -> T {
    (closest_point_on_tetrahedron(p, tet) - p).norm_squared()
}

#[cfg(test)]
mod tests {
    use super::*;
    use osculate_math::point3;

    use osculate_testing::{corner_tetrahedra, for_f32_and_f64};

    /// An f32 sliver tetrahedron (`a` and `d` 0.067 apart beside edges of 1.2 and 1.5) whose
    /// interior point lies 1.3e-4 and 1.8e-4 from its nearest faces. Six times its volume, 1.05e-4,
    /// was below the old flatness yardstick `128 ε L³` (2.7e-4), so the sliver was measured as its
    /// faces and the point mapped 1.3e-4 away; it is above its rounding (2.9e-5), and the point
    /// is its own closest point, as in f64.
    #[test]
    fn interior_point_of_a_thin_f32_sliver_is_its_own_closest() {
        let t = Tetrahedron::new(
            Point3::new(0.25847337_f32, -0.24110994, -0.11461835),
            Point3::new(-0.5236157, 0.52392256, 0.83771336),
            Point3::new(0.8955691, -0.9396041, -0.8107449),
            Point3::new(0.23787126, -0.25763804, -0.05251055),
        );
        let p = Point3::new(-0.13789746_f32, 0.12939158, 0.38576934);
        assert_eq!(closest_point_on_tetrahedron(&p, &t), p);
        let w = |q: Point3<f32>| q.cast::<f64>();
        let t64 = Tetrahedron::new(w(t.a), w(t.b), w(t.c), w(t.d));
        assert_eq!(closest_point_on_tetrahedron(&w(p), &t64), w(p));
        // At the 1e-4 scale, three vertices within 2e-5 of each other and one 1.9e-4 away: 6.5e-8
        // thick. Edge products as the coordinates' yardstick (instead of the largest face's
        // area) made it flat, and an interior point mapped 2e-8 away.
        let t = Tetrahedron::new(
            Point3::new(3.1595577e-5_f32, -9.821547e-5, -8.8040564e-5),
            Point3::new(1.7722657e-6, 2.0532749e-5, 5.512747e-5),
            Point3::new(-5.8990468e-6, 2.9075449e-5, 6.873414e-5),
            Point3::new(7.711945e-6, 2.3589297e-5, 5.440195e-5),
        );
        let p = Point3::new(4.2529427e-6_f32, 1.5815403e-5, 4.855648e-5);
        assert_eq!(closest_point_on_tetrahedron(&p, &t), p);
    }

    /// A tetrahedron with `b == c` is flat, but its rounded volume is not exactly zero, and the face holding the closest point
    /// was skipped (distance 0.69624 instead of 0.58263).
    #[test]
    fn rounded_flat_tetrahedron_is_its_faces() {
        let b = Point3::new(-0.30832835655211843_f64, -0.19669271359677798, -0.6312731297380774);
        let tet = Tetrahedron::new(
            Point3::new(0.6485324099436582, 0.7559508129171857, 0.9105359484576869),
            b,
            b,
            Point3::new(-0.8307522260100302, -0.9605196107428491, 0.8626611925500833),
        );
        let p = Point3::new(0.2654216359587991, -0.49863485656626194, 0.07419436694901016);
        let d = sq_distance_point_tetrahedron(&p, &tet).sqrt();
        assert!((d - 0.58263).abs() < 1e-4, "{d}");
    }

    fn worked_cases<T: Real>() {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let close = |a: Point3<T>, b: Point3<T>| (a - b).norm() < l(1e-5);
        // Tetrahedron: inside, each region kind, and both windings.
        let [tet, _] = corner_tetrahedra::<T>();
        for t in corner_tetrahedra::<T>() {
            assert_eq!(closest_point_on_tetrahedron(&p(0.2, 0.2, 0.2), &t), p(0.2, 0.2, 0.2));
            assert!(close(
                closest_point_on_tetrahedron(&p(-1.0, -1.0, -1.0), &t),
                p(0.0, 0.0, 0.0)
            ));
            assert!(close(
                closest_point_on_tetrahedron(&p(1.0, 1.0, 1.0), &t),
                p(1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0)
            ));
            assert!(close(closest_point_on_tetrahedron(&p(0.5, -1.0, -1.0), &t), p(0.5, 0.0, 0.0)));
        }
        // A flat tetrahedron: a triangle in z = 0 (the fourth vertex inside it).
        let flat = Tetrahedron::new(
            p(0.0, 0.0, 0.0),
            p(2.0, 0.0, 0.0),
            p(0.0, 2.0, 0.0),
            p(0.5, 0.5, 0.0),
        );
        assert!(close(closest_point_on_tetrahedron(&p(0.3, 0.3, 4.0), &flat), p(0.3, 0.3, 0.0)));
        // NaN vertex.
        let bad = Tetrahedron::new(p(f64::NAN, 0.0, 0.0), tet.b, tet.c, tet.d);
        assert!(closest_point_on_tetrahedron(&p(0.0, 0.0, 0.0), &bad).x.is_nan());
    }

    for_f32_and_f64!(worked_cases);
}
