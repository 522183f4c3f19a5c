//! [`ConvexPolygon`] and [`ConvexPolyhedron`] (need the `alloc` feature).

use alloc::vec::Vec;

use crate::error::{finite_point, nonzero_vector};
use crate::{
    Aabb, Bounded, ContainsPoint, Isometry3, Plane, Point3, Real, ShapeError, Transform, Unit,
    UnitVector3, Vector3, scale_of, three_planes,
};

/// A planar convex polygon in 3D: its vertices in counter-clockwise order seen from the side its unit
/// `normal` points to (a surface, not a solid).
///
/// # Examples
/// ```
/// use osculate_math::{ConvexPolygon, Point3};
///
/// let square = ConvexPolygon::try_new(vec![
///     Point3::new(0.0_f64, 0.0, 0.0),
///     Point3::new(1.0, 0.0, 0.0),
///     Point3::new(1.0, 1.0, 0.0),
///     Point3::new(0.0, 1.0, 0.0),
/// ])?;
/// assert_eq!(square.normal.into_inner(), nalgebra::Vector3::z());
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ConvexPolygon<T: Real> {
    /// The vertices, counter-clockwise about `normal`.
    pub vertices: Vec<Point3<T>>,
    /// The unit normal of the polygon's plane.
    pub normal: UnitVector3<T>,
}

impl<T: Real> ConvexPolygon<T> {
    /// A polygon from counter-clockwise vertices; the normal is computed by Newell's method (robust
    /// for any planar polygon, whichever vertex is collinear with its neighbours).
    ///
    /// # Errors
    /// [`ShapeError::TooFewElements`] for fewer than 3 vertices, [`ShapeError::NonFinite`],
    /// [`ShapeError::CollinearPoints`] when the vertices span no plane, [`ShapeError::NotPlanar`]
    /// when a vertex lies off the plane by more than [`Real::RELATIVE_TOLERANCE`] × scale,
    /// [`ShapeError::NotConvex`] when a turn goes the wrong way.
    pub fn try_new(vertices: Vec<Point3<T>>) -> Result<Self, ShapeError> {
        if vertices.len() < 3 {
            return Err(ShapeError::TooFewElements);
        }
        for v in &vertices {
            finite_point(v, "vertices")?;
        }
        let n = vertices.len();
        let mut newell = Vector3::zeros();
        for i in 0..n {
            let (p, q) = (&vertices[i], &vertices[(i + 1) % n]);
            newell += (p.coords - q.coords).cross(&(p.coords + q.coords));
        }
        // Newell's sum is twice the area vector with the sign convention (p − q) × (p + q) = 2 p × q.
        let scale = vertices.iter().fold(T::ONE, |s, p| s.fast_max(p.coords.amax()));
        let n2 = newell.norm_squared();
        if !(n2 > T::DEGENERATE_SQ_TOLERANCE * scale * scale * scale * scale) || !n2.is_finite() {
            return Err(ShapeError::CollinearPoints);
        }
        let normal = Unit::new_unchecked(newell / n2.sqrt());
        Self::try_with_normal(vertices, normal)
    }

    /// A polygon from counter-clockwise vertices and a given unit normal, checked for planarity and
    /// convexity as in [`ConvexPolygon::try_new`].
    ///
    /// # Errors
    /// As [`ConvexPolygon::try_new`], and [`ShapeError::ZeroDirection`] for a zero normal.
    pub fn try_with_normal(
        vertices: Vec<Point3<T>>,
        normal: UnitVector3<T>,
    ) -> Result<Self, ShapeError> {
        if vertices.len() < 3 {
            return Err(ShapeError::TooFewElements);
        }
        nonzero_vector(&normal, "normal")?;
        let normal = Unit::new_normalize(normal.into_inner());
        let refs: Vec<&Point3<T>> = vertices.iter().collect();
        let scale = scale_of(&refs);
        let tol = T::RELATIVE_TOLERANCE * T::lit(16.0) * scale;
        let d = normal.dot(&vertices[0].coords);
        for v in &vertices {
            finite_point(v, "vertices")?;
            if !((normal.dot(&v.coords) - d).abs() <= tol) {
                return Err(ShapeError::NotPlanar);
            }
        }
        let n = vertices.len();
        for i in 0..n {
            let (p, q, r) = (&vertices[i], &vertices[(i + 1) % n], &vertices[(i + 2) % n]);
            let turn = (q - p).cross(&(r - q)).dot(&normal);
            if turn < -tol * scale {
                return Err(ShapeError::NotConvex);
            }
        }
        Ok(Self { vertices, normal })
    }

    /// The plane of the polygon (through its first vertex).
    #[must_use]
    pub fn plane(&self) -> Plane<T> {
        let d = self.vertices.first().map_or(T::ZERO, |v| self.normal.dot(&v.coords));
        Plane::new(self.normal, d)
    }
}

impl<T: Real> Bounded<T> for ConvexPolygon<T> {
    fn aabb(&self) -> Aabb<T> {
        Aabb::from_points(&self.vertices)
    }
}

impl<T: Real> Transform<T> for ConvexPolygon<T> {
    type Output = Self;
    fn transformed(&self, iso: &Isometry3<T>) -> Self {
        Self {
            vertices: self.vertices.iter().map(|v| iso * v).collect(),
            normal: iso.rotation * self.normal,
        }
    }
}

/// A solid convex polyhedron: the intersection of the halfspaces `plane.normal·x ≤ plane.d` of its
/// `planes`, with its `vertices` (the corners of that intersection) kept beside them.
///
/// Build it from halfspaces ([`ConvexPolyhedron::try_from_planes`], every triple of planes
/// intersected: meant for the tens of faces collision shapes have) or as the convex hull of points
/// ([`ConvexPolyhedron::try_from_points`], quickhull); both compute the other representation,
/// reject empty or unbounded sets, and run once at construction.
///
/// **Invariant.** The queries rely on what both constructors guarantee: every vertex lies inside
/// or on every plane (within rounding), and each plane passes through at least three vertices.
/// The fields are public for reading; a polyhedron assembled by hand that breaks the invariant (a
/// plane cutting through its own vertices, say) gets answers that are not specified, and a query's
/// shortcut and its full path may disagree on it.
///
/// # Examples
/// ```
/// use osculate_math::{ContainsPoint, ConvexPolyhedron, Point3};
///
/// let cube = ConvexPolyhedron::try_from_points(&[
///     Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0),
///     Point3::new(0.0, 1.0, 0.0), Point3::new(1.0, 1.0, 0.0),
///     Point3::new(0.0, 0.0, 1.0), Point3::new(1.0, 0.0, 1.0),
///     Point3::new(0.0, 1.0, 1.0), Point3::new(1.0, 1.0, 1.0),
///     Point3::new(0.5, 0.5, 0.5), // interior: dropped
/// ])?;
/// assert_eq!(cube.planes.len(), 6);
/// assert_eq!(cube.vertices.len(), 8);
/// assert!(cube.contains_point(&Point3::new(0.5, 0.9, 0.1)));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ConvexPolyhedron<T: Real> {
    /// The face planes, normals pointing out of the solid.
    pub planes: Vec<Plane<T>>,
    /// The corners.
    pub vertices: Vec<Point3<T>>,
}

/// Merges `p` into `set` unless a point within `tol` is there already.
fn push_unique_point<T: Real>(set: &mut Vec<Point3<T>>, p: Point3<T>, tol: T) {
    if !set.iter().any(|q| (q - p).amax() <= tol) {
        set.push(p);
    }
}

/// Merges `plane` into `set` unless the same plane (normal and offset within `tol`) is there already.
fn push_unique_plane<T: Real>(set: &mut Vec<Plane<T>>, plane: Plane<T>, tol: T, scale: T) {
    if !set.iter().any(|q| {
        (q.normal.into_inner() - plane.normal.into_inner()).amax() <= tol
            && (q.d - plane.d).abs() <= tol * scale
    }) {
        set.push(plane);
    }
}

impl<T: Real> ConvexPolyhedron<T> {
    /// The intersection of the halfspaces behind `planes` (normals pointing out).
    ///
    /// Redundant planes (touching the solid in fewer than three corners) are dropped.
    ///
    /// # Errors
    /// [`ShapeError::TooFewElements`] for fewer than 4 planes, [`ShapeError::NonFinite`],
    /// [`ShapeError::EmptyOrUnbounded`] when the halfspaces bound no solid or an unbounded one.
    pub fn try_from_planes(planes: &[Plane<T>]) -> Result<Self, ShapeError> {
        if planes.len() < 4 {
            return Err(ShapeError::TooFewElements);
        }
        for p in planes {
            if !(p.d.is_finite() && p.normal.iter().all(|x| x.is_finite())) {
                return Err(ShapeError::NonFinite("planes"));
            }
        }
        // Normalise so that a plane given with a slightly off-unit normal still measures distance.
        let planes: Vec<Plane<T>> = planes
            .iter()
            .filter_map(|p| {
                let len = p.normal.norm();
                (len > T::ZERO).then(|| {
                    Plane::new(Unit::new_unchecked(p.normal.into_inner() / len), p.d / len)
                })
            })
            .collect();
        if is_unbounded(&planes) {
            return Err(ShapeError::EmptyOrUnbounded);
        }
        let scale = planes.iter().fold(T::ZERO, |s, p| s.fast_max(p.d.abs()));
        let tol = T::RELATIVE_TOLERANCE * T::lit(8.0) * scale.fast_max(T::MIN_POSITIVE);
        let mut vertices = Vec::new();
        let n = planes.len();
        for i in 0..n {
            for j in i + 1..n {
                for k in j + 1..n {
                    if let Some(p) = three_planes(&planes[i], &planes[j], &planes[k])
                        && planes.iter().all(|q| q.signed_distance(&p) <= tol)
                    {
                        push_unique_point(&mut vertices, p, tol);
                    }
                }
            }
        }
        Self::from_parts_pruned(planes, vertices, tol)
    }

    /// The convex hull of `points` (at least four, not all coplanar): its face planes (coplanar
    /// triangles merged, each plane pushed out so that every input point is inside it) and its
    /// corners (the input points on three or more faces; points on a face or an edge are dropped).
    ///
    /// Quickhull (Barber, Dobkin and Huhdanpaa 1996) in expected `O(n log n)`, with coplanar
    /// triangles merged into faces (Gregorius, "Implementing Quickhull", GDC 2014). Points within
    /// `1024·ε` of the largest coordinate of a face count as on it, so duplicate and coplanar
    /// points are handled. When rounding makes the triangulation inconsistent (a horizon that is
    /// not one loop, which only nearly coplanar sets can cause), it is retried with a larger
    /// tolerance, and as a last resort built by brute force (`O(n⁴)`), which is always consistent.
    ///
    /// # Errors
    /// [`ShapeError::TooFewElements`] for fewer than 4 points, [`ShapeError::NonFinite`],
    /// [`ShapeError::EmptyOrUnbounded`] when the points are coplanar (the hull has no volume).
    ///
    /// # Examples
    /// ```
    /// use osculate_math::{ConvexPolyhedron, Point3};
    ///
    /// // A cube's corners, the centers of its faces and a point inside.
    /// let mut points = Vec::new();
    /// for i in 0..8 {
    ///     points.push(Point3::new((i & 1) as f64, (i >> 1 & 1) as f64, (i >> 2) as f64));
    /// }
    /// points.push(Point3::new(0.5, 0.5, 1.0));
    /// points.push(Point3::new(0.5, 0.5, 0.5));
    /// let cube = ConvexPolyhedron::try_from_points(&points)?;
    /// assert_eq!((cube.planes.len(), cube.vertices.len()), (6, 8));
    /// # Ok::<(), osculate_math::ShapeError>(())
    /// ```
    pub fn try_from_points(points: &[Point3<T>]) -> Result<Self, ShapeError> {
        if points.len() < 4 {
            return Err(ShapeError::TooFewElements);
        }
        for p in points {
            finite_point(p, "points")?;
        }
        for (attempt, factor) in [8.0, 128.0, 2048.0].into_iter().enumerate() {
            match crate::hull::quickhull(points, T::RELATIVE_TOLERANCE * T::lit(factor)) {
                Ok(hull) if hull.planes.len() >= 4 && hull.vertices.len() >= 4 => {
                    return Ok(Self { planes: hull.planes, vertices: hull.vertices });
                }
                Err(crate::hull::Failure::Flat) if attempt == 0 => {
                    return Err(ShapeError::EmptyOrUnbounded);
                }
                _ => {}
            }
        }
        Self::from_points_brute(points)
    }

    /// The convex hull of finite `points` by brute force: every plane through three points that
    /// has all the others on one side (`O(n⁴)`); the reference [`Self::try_from_points`] is
    /// tested against, and its fallback when quickhull's triangulation comes out inconsistent.
    pub(crate) fn from_points_brute(points: &[Point3<T>]) -> Result<Self, ShapeError> {
        // The scale is the largest coordinate (roundings are relative to it), with no floor, so a
        // tiny polyhedron near the origin gets a tiny tolerance.
        let scale = points.iter().fold(T::ZERO, |s, p| s.fast_max(p.coords.amax()));
        let tol = T::RELATIVE_TOLERANCE * T::lit(8.0) * scale;
        let mut planes: Vec<Plane<T>> = Vec::new();
        let n = points.len();
        for i in 0..n {
            for j in i + 1..n {
                for k in j + 1..n {
                    let Ok(plane) = Plane::try_from_points(points[i], points[j], points[k]) else {
                        continue;
                    };
                    let mut above = false;
                    let mut below = false;
                    for p in points {
                        let s = plane.signed_distance(p);
                        above |= s > tol;
                        below |= s < -tol;
                    }
                    // Push the plane out to the farthest point so that every input point is inside
                    // every face plane, whatever the roundings of the plane's construction.
                    let plane = if above && !below { plane.flipped() } else { plane };
                    let d =
                        points.iter().fold(plane.d, |d, p| d.fast_max(plane.normal.dot(&p.coords)));
                    let plane = Plane::new(plane.normal, d);
                    match (above, below) {
                        (false, true) => push_unique_plane(
                            &mut planes,
                            plane,
                            T::RELATIVE_TOLERANCE * T::lit(64.0),
                            scale,
                        ),
                        (true, false) => push_unique_plane(
                            &mut planes,
                            plane,
                            T::RELATIVE_TOLERANCE * T::lit(64.0),
                            scale,
                        ),
                        // Coplanar with everything: no volume; or a plane through the interior.
                        _ => {}
                    }
                }
            }
        }
        if planes.len() < 4 {
            return Err(ShapeError::EmptyOrUnbounded);
        }
        let mut vertices = Vec::new();
        for p in points {
            push_unique_point(&mut vertices, *p, tol);
        }
        Self::from_parts_pruned(planes, vertices, tol)
    }

    /// Keeps the vertices on at least three planes (corners) and the planes through at least three
    /// corners (faces); fails if no solid remains.
    fn from_parts_pruned(
        planes: Vec<Plane<T>>,
        vertices: Vec<Point3<T>>,
        tol: T,
    ) -> Result<Self, ShapeError> {
        let on = |p: &Plane<T>, v: &Point3<T>| p.signed_distance(v).abs() <= tol;
        let vertices: Vec<Point3<T>> = vertices
            .into_iter()
            .filter(|v| planes.iter().filter(|p| on(p, v)).count() >= 3)
            .collect();
        let planes: Vec<Plane<T>> = planes
            .into_iter()
            .filter(|p| vertices.iter().filter(|v| on(p, v)).count() >= 3)
            .collect();
        if vertices.len() < 4 || planes.len() < 4 {
            return Err(ShapeError::EmptyOrUnbounded);
        }
        Ok(Self { planes, vertices })
    }

    /// The same solid as an axis-aligned box.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::InvertedBox`], and [`ShapeError::EmptyOrUnbounded`] for a
    /// flat box (a polyhedron must have volume).
    pub fn try_from_aabb(b: &Aabb<T>) -> Result<Self, ShapeError> {
        let b = Aabb::try_new(b.min, b.max)?;
        Self::try_from_points(&b.corners())
    }
}

/// `true` when some non-zero direction `u` has `n_i·u ≤ 0` for every normal: the halfspaces then
/// contain a ray (or are empty in that direction's complement), so they bound no finite solid.
/// Candidate directions are the extreme rays of the recession cone `{u : N u ≤ 0}`: the cross
/// products of pairs of normals (both signs), and, when the normals span at most a plane, a normal of
/// that plane.
fn is_unbounded<T: Real>(planes: &[Plane<T>]) -> bool {
    let tol = T::RELATIVE_TOLERANCE * T::lit(16.0);
    let recedes = |u: &Vector3<T>| {
        let len = u.norm();
        len > tol && planes.iter().all(|p| p.normal.dot(u) <= tol * len)
    };
    let mut spans_space = false;
    for (i, a) in planes.iter().enumerate() {
        for b in &planes[i + 1..] {
            let u = a.normal.cross(&b.normal);
            if u.norm() > tol {
                if recedes(&u) || recedes(&-u) {
                    return true;
                }
                spans_space |= planes.iter().any(|c| c.normal.dot(&u).abs() > tol);
            }
        }
    }
    !spans_space
}

impl<T: Real> Bounded<T> for ConvexPolyhedron<T> {
    fn aabb(&self) -> Aabb<T> {
        Aabb::from_points(&self.vertices)
    }
}

impl<T: Real> ContainsPoint<T> for ConvexPolyhedron<T> {
    fn contains_point(&self, p: &Point3<T>) -> bool {
        !self.planes.is_empty() && self.planes.iter().all(|h| h.signed_distance(p) <= T::ZERO)
    }
}

impl<T: Real> Transform<T> for ConvexPolyhedron<T> {
    type Output = Self;
    fn transformed(&self, iso: &Isometry3<T>) -> Self {
        Self {
            planes: self.planes.iter().map(|p| p.transformed(iso)).collect(),
            vertices: self.vertices.iter().map(|v| iso * v).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn cube_planes<T: Real>() -> Vec<Plane<T>> {
        vec![
            Plane::new(Vector3::x_axis(), T::ONE),
            Plane::new(-Vector3::x_axis(), T::ONE),
            Plane::new(Vector3::y_axis(), T::ONE),
            Plane::new(-Vector3::y_axis(), T::ONE),
            Plane::new(Vector3::z_axis(), T::ONE),
            Plane::new(-Vector3::z_axis(), T::ONE),
        ]
    }

    fn polyhedron_construction<T: Real>() {
        let cube = ConvexPolyhedron::try_from_planes(&cube_planes::<T>());
        let cube = cube.unwrap_or(ConvexPolyhedron { planes: vec![], vertices: vec![] });
        assert_eq!(cube.vertices.len(), 8);
        assert_eq!(cube.planes.len(), 6);
        assert!(cube.contains_point(&Point3::new(T::HALF, -T::HALF, T::ONE)));
        assert!(!cube.contains_point(&Point3::new(T::HALF, -T::HALF, T::lit(1.01))));
        // A redundant plane is dropped.
        let mut extra = cube_planes::<T>();
        extra.push(Plane::new(Vector3::x_axis(), T::TWO));
        assert_eq!(ConvexPolyhedron::try_from_planes(&extra).map(|p| p.planes.len()), Ok(6));
        // Unbounded: remove one side.
        let open = &cube_planes::<T>()[..5];
        assert_eq!(ConvexPolyhedron::try_from_planes(open), Err(ShapeError::EmptyOrUnbounded));
        // Empty: two opposite halfspaces that do not meet.
        let mut empty = cube_planes::<T>();
        empty[1] = Plane::new(-Vector3::x_axis(), -T::TWO); // x >= 2 and x <= 1
        assert_eq!(ConvexPolyhedron::try_from_planes(&empty), Err(ShapeError::EmptyOrUnbounded));
        // Too few.
        assert_eq!(
            ConvexPolyhedron::try_from_planes(&cube_planes::<T>()[..3]),
            Err(ShapeError::TooFewElements)
        );
        // Hull of coplanar points.
        let flat = [
            Point3::origin(),
            Point3::new(T::ONE, T::ZERO, T::ZERO),
            Point3::new(T::ZERO, T::ONE, T::ZERO),
            Point3::new(T::ONE, T::ONE, T::ZERO),
        ];
        assert_eq!(ConvexPolyhedron::try_from_points(&flat), Err(ShapeError::EmptyOrUnbounded));
        // Hull of a tetrahedron.
        let tet = [
            Point3::origin(),
            Point3::new(T::ONE, T::ZERO, T::ZERO),
            Point3::new(T::ZERO, T::ONE, T::ZERO),
            Point3::new(T::ZERO, T::ZERO, T::ONE),
        ];
        let hull =
            ConvexPolyhedron::try_from_points(&tet).map(|h| (h.planes.len(), h.vertices.len()));
        assert_eq!(hull, Ok((4, 4)));
        let nan = [Point3::new(T::NAN, T::ZERO, T::ZERO), tet[1], tet[2], tet[3]];
        assert_eq!(ConvexPolyhedron::try_from_points(&nan), Err(ShapeError::NonFinite("points")));
    }

    fn polygon_validation<T: Real>() {
        let sq = |z: T| {
            vec![
                Point3::new(T::ZERO, T::ZERO, T::ZERO),
                Point3::new(T::ONE, T::ZERO, T::ZERO),
                Point3::new(T::ONE, T::ONE, z),
                Point3::new(T::ZERO, T::ONE, T::ZERO),
            ]
        };
        assert!(ConvexPolygon::try_new(sq(T::ZERO)).is_ok());
        assert_eq!(ConvexPolygon::try_new(sq(T::lit(0.1))), Err(ShapeError::NotPlanar));
        let dart = vec![
            Point3::new(T::ZERO, T::ZERO, T::ZERO),
            Point3::new(T::TWO, T::ZERO, T::ZERO),
            Point3::new(T::HALF, T::HALF, T::ZERO),
            Point3::new(T::ZERO, T::TWO, T::ZERO),
        ];
        assert_eq!(ConvexPolygon::try_new(dart), Err(ShapeError::NotConvex));
        let line = vec![
            Point3::origin(),
            Point3::new(T::ONE, T::ZERO, T::ZERO),
            Point3::new(T::TWO, T::ZERO, T::ZERO),
        ];
        assert_eq!(ConvexPolygon::try_new(line), Err(ShapeError::CollinearPoints));
        assert_eq!(
            ConvexPolygon::try_new(sq(T::ZERO)[..2].to_vec()),
            Err(ShapeError::TooFewElements)
        );
        // Clockwise about the given normal: the turns go the wrong way.
        let mut cw = sq(T::ZERO);
        cw.reverse();
        assert_eq!(
            ConvexPolygon::try_with_normal(cw, Vector3::z_axis()),
            Err(ShapeError::NotConvex)
        );
        let p = ConvexPolygon::try_new(sq(T::ZERO)).map(|p| p.plane());
        assert_eq!(p, Ok(Plane::new(Vector3::z_axis(), T::ZERO)));
    }

    osculate_testing::for_f32_and_f64!(polyhedron_construction, polygon_validation);
}
