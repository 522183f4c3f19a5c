//! Support mappings: the point of a convex shape farthest along a direction (van den Bergen ch. 4),
//! for every convex shape of `osculate-math`, for shapes under a rigid motion, for Minkowski sums
//! and for swept shapes.

use osculate_math::{
    Aabb, Capsule, Cone, Cylinder, Isometry3, Obb, Point3, Real, Segment, Sphere, Tetrahedron,
    Triangle, Validate, Vector3, finite_probe,
};

/// A convex shape described by its support mapping `s(d)`: a point of the shape maximising `d·x`.
///
/// For `d = 0` any point of the shape is allowed. Implementations are branch-light and never
/// panic; a NaN direction gives some point of the shape or NaN.
///
/// # Examples
/// ```
/// use osculate_closest::{SupportMap, closest_points_convex};
/// use osculate_math::{Aabb, Point3, Sphere, Vector3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 2.0, 3.0));
/// assert_eq!(b.support(&Vector3::new(1.0, -1.0, 1.0)), Point3::new(1.0, 0.0, 3.0));
///
/// // A shape of your own: the support mapping is all GJK needs (here a ball of radius 0.5
/// // about a point, which `Sphere` already is).
/// struct Ball(Point3<f64>);
/// impl SupportMap<f64> for Ball {
///     fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
///         let n = dir.norm();
///         if n > 0.0 { self.0 + dir * (0.5 / n) } else { self.0 }
///     }
///     fn center(&self) -> Point3<f64> {
///         self.0
///     }
/// }
/// let ours = closest_points_convex(&Ball(Point3::new(3.0, 1.0, 1.0)), &b).distance;
/// let sphere = closest_points_convex(&Sphere::new(Point3::new(3.0, 1.0, 1.0), 0.5), &b).distance;
/// assert!((ours - 1.5).abs() < 1e-9 && (sphere - 1.5).abs() < 1e-9);
/// ```
pub trait SupportMap<T: Real> {
    /// A point of the shape farthest along `dir`.
    fn support(&self, dir: &Vector3<T>) -> Point3<T>;

    /// A point inside the shape (its center, or any interior point), the GJK's starting guess.
    fn center(&self) -> Point3<T>;

    /// The margin: the radius `r` of a ball the shape is a core `⊕` of (a sphere is its center
    /// `⊕` a ball, a capsule its segment `⊕` one). `0` (the default) for shapes with no round
    /// margin. GJK runs on the cores and subtracts the margins (van den Bergen ch. 4, "GJK with
    /// margins"): the cores of spheres and capsules are polytopes, on which GJK ends in a few
    /// steps with an exact answer, where on the round shapes it only converges linearly and, in
    /// floating point, stops short.
    ///
    /// Implementations return a finite non-negative value, and `0` for a shape whose margin
    /// would be negative, infinite or NaN (its support mapping then carries it, as before).
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::SupportMap;
    /// use osculate_math::{Aabb, Point3, Sphere, Vector3};
    ///
    /// let ball = Sphere::new(Point3::new(1.0_f64, 0.0, 0.0), 0.5);
    /// assert_eq!(ball.margin(), 0.5);
    /// assert_eq!(ball.core_support(&Vector3::x()), Point3::new(1.0, 0.0, 0.0));
    /// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
    /// assert_eq!(b.margin(), 0.0);
    /// ```
    #[inline]
    fn margin(&self) -> T {
        T::ZERO
    }

    /// A support point of the core (the shape without its [`margin`](SupportMap::margin)):
    /// `support(dir) − margin · dir / |dir|`. The default is `support(dir)`, right for the
    /// default margin 0.
    #[inline]
    fn core_support(&self, dir: &Vector3<T>) -> Point3<T> {
        self.support(dir)
    }

    /// Whether the shape is valid input for GJK, EPA and the GJK ray cast. Every query on
    /// support mappings checks it on both shapes first and gives its "no answer" for an invalid
    /// one (`false`, a NaN distance, `None`), as the closed forms do. The default is `true`;
    /// osculate's shapes answer by [`Validate::is_valid`] (finite, non-negative sizes, a
    /// non-inverted box, a unit axis where one is required), and the wrappers by their parts.
    ///
    /// # Examples
    /// ```
    /// use osculate_closest::{SupportMap, closest_points_convex};
    /// use osculate_math::{Cylinder, Point3, Sphere};
    ///
    /// let nan = Cylinder::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(0.0, f64::NAN, 1.0), 1.0);
    /// assert!(!nan.is_valid_input());
    /// let ball = Sphere::new(Point3::new(100.0, 0.0, 0.0), 1.0);
    /// assert!(closest_points_convex(&nan, &ball).distance.is_nan());
    /// ```
    #[inline]
    fn is_valid_input(&self) -> bool {
        true
    }
}

/// `SupportMap::is_valid_input` by the shape's [`Validate::is_valid`].
macro_rules! valid_by_rules {
    () => {
        #[inline]
        fn is_valid_input(&self) -> bool {
            Validate::is_valid(self)
        }
    };
}

/// `r` as a margin: itself when positive and finite, else 0 (the support mapping keeps it).
#[inline]
fn as_margin<T: Real>(r: T) -> T {
    if r > T::ZERO && r.is_finite() { r } else { T::ZERO }
}

impl<T: Real> SupportMap<T> for Point3<T> {
    #[inline]
    fn support(&self, _: &Vector3<T>) -> Point3<T> {
        *self
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        *self
    }
    valid_by_rules!();
}

/// `dir` scaled to length `r`, or the zero vector for a zero direction.
#[inline]
fn along<T: Real>(dir: &Vector3<T>, r: T) -> Vector3<T> {
    let n2 = dir.norm_squared();
    if n2 > T::ZERO && n2.is_finite() { dir * (r / n2.sqrt()) } else { Vector3::zeros() }
}

impl<T: Real> SupportMap<T> for Sphere<T> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        self.center + along(dir, self.radius)
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        self.center
    }
    #[inline]
    fn margin(&self) -> T {
        as_margin(self.radius)
    }
    #[inline]
    fn core_support(&self, dir: &Vector3<T>) -> Point3<T> {
        if as_margin(self.radius) > T::ZERO { self.center } else { self.support(dir) }
    }
    valid_by_rules!();
}

/// The end of `a`/`b` farther along `dir`; NaN when either end has a non-finite coordinate (the
/// comparison alone would pick the other, finite, end).
#[inline]
fn segment_support<T: Real>(a: &Point3<T>, b: &Point3<T>, dir: &Vector3<T>) -> Point3<T> {
    let probe = finite_probe(&a.coords) + finite_probe(&b.coords);
    (if (b - a).dot(dir) > T::ZERO { *b } else { *a }) + probe
}

impl<T: Real> SupportMap<T> for Segment<T> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        segment_support(&self.a, &self.b, dir)
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        nalgebra_center(&self.a, &self.b)
    }
    valid_by_rules!();
}

#[inline]
fn nalgebra_center<T: Real>(a: &Point3<T>, b: &Point3<T>) -> Point3<T> {
    Point3::from((a.coords + b.coords) * T::HALF)
}

impl<T: Real> SupportMap<T> for Capsule<T> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        segment_support(&self.a, &self.b, dir) + along(dir, self.radius)
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        nalgebra_center(&self.a, &self.b)
    }
    #[inline]
    fn margin(&self) -> T {
        as_margin(self.radius)
    }
    #[inline]
    fn core_support(&self, dir: &Vector3<T>) -> Point3<T> {
        if as_margin(self.radius) > T::ZERO {
            segment_support(&self.a, &self.b, dir)
        } else {
            self.support(dir)
        }
    }
    valid_by_rules!();
}

impl<T: Real> SupportMap<T> for Aabb<T> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        // The probe carries a NaN in the corner not chosen (the comparison alone would drop it).
        let probe = finite_probe(&self.min.coords) + finite_probe(&self.max.coords);
        Point3::new(
            if dir.x > T::ZERO { self.max.x } else { self.min.x },
            if dir.y > T::ZERO { self.max.y } else { self.min.y },
            if dir.z > T::ZERO { self.max.z } else { self.min.z },
        ) + probe
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        Aabb::center(self)
    }
    valid_by_rules!();
}

impl<T: Real> SupportMap<T> for Obb<T> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        let local = self.rotation.inverse_transform_vector(dir);
        let e = self.half_extents;
        let corner = Vector3::new(
            if local.x > T::ZERO { e.x } else { -e.x },
            if local.y > T::ZERO { e.y } else { -e.y },
            if local.z > T::ZERO { e.z } else { -e.z },
        );
        self.center + self.rotation * corner
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        self.center
    }
    valid_by_rules!();
}

/// The support of a disc (center `c`, normal `n` of squared length `n2`, radius `r`) along `dir`:
/// the rim point in
/// the direction of `dir`'s part in the disc's plane. When `dir` is (nearly) along the normal that
/// part is rounding noise — not even perpendicular to `n` — and normalising it would step off the
/// disc: then every disc point is a support and the center is returned.
#[inline]
fn disc_support<T: Real>(
    c: &Point3<T>,
    (n, n2): (&Vector3<T>, T),
    r: T,
    dir: &Vector3<T>,
) -> Point3<T> {
    let radial = dir - n * (n.dot(dir) / n2);
    if radial.norm_squared() <= T::DEGENERATE_SQ_TOLERANCE * dir.norm_squared() {
        return *c;
    }
    // Project once more so the offset stays in the disc's plane.
    let radial = radial - n * (n.dot(&radial) / n2);
    c + along(&radial, r)
}

impl<T: Real> SupportMap<T> for Cylinder<T> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        let axis = self.b - self.a;
        let n2 = axis.norm_squared();
        if n2 == T::ZERO {
            // a == b: treated as the ball of its radius, as the other queries do. (A NaN in `a`
            // or `b` is not this case: it goes on and comes out as a NaN point.)
            return self.a + along(dir, self.radius);
        }
        // The axis unnormalised, divided by its squared length where projected on: no square
        // root and one division per projection instead of three for a unit axis.
        let end = segment_support(&self.a, &self.b, dir);
        disc_support(&end, (&axis, n2), self.radius, dir)
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        nalgebra_center(&self.a, &self.b)
    }
    valid_by_rules!();
}

impl<T: Real> SupportMap<T> for Cone<T> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        let n = self.axis.into_inner();
        let rim = disc_support(&self.base_center(), (&n, T::ONE), self.radius, dir);
        // `!(… <= 0)`: a NaN rim (a NaN height, radius or axis) is returned, not the tip.
        if !((rim - self.tip).dot(dir) <= T::ZERO) { rim } else { self.tip }
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        // A point inside: a quarter of the height above the base (the solid cone's centroid).
        self.tip + self.axis.into_inner() * (self.height * T::lit(0.75))
    }
    valid_by_rules!();
}

/// The point of `points` farthest along `dir` (the first on ties); NaN point for none.
#[inline]
fn max_along<T: Real>(points: &[Point3<T>], dir: &Vector3<T>) -> Point3<T> {
    let mut best = match points.first() {
        Some(p) => *p,
        None => return Point3::new(T::NAN, T::NAN, T::NAN),
    };
    let mut best_d = best.coords.dot(dir);
    // The probe carries a NaN of any vertex, chosen or not.
    let mut probe = finite_probe(&best.coords);
    for p in &points[1..] {
        let d = p.coords.dot(dir);
        probe += finite_probe(&p.coords);
        if d > best_d {
            best_d = d;
            best = *p;
        }
    }
    best + probe
}

#[inline]
fn mean<T: Real>(points: &[Point3<T>]) -> Point3<T> {
    let n = T::from_usize(points.len().max(1)).unwrap_or(T::ONE);
    Point3::from(points.iter().fold(Vector3::zeros(), |s, p| s + p.coords) / n)
}

impl<T: Real> SupportMap<T> for Triangle<T> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        max_along(&[self.a, self.b, self.c], dir)
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        self.centroid()
    }
    valid_by_rules!();
}

impl<T: Real> SupportMap<T> for Tetrahedron<T> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        max_along(&self.vertices(), dir)
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        mean(&self.vertices())
    }
    valid_by_rules!();
}

/// The support map of a shape given by its `vertices` list: the farthest vertex and their mean.
#[cfg(feature = "alloc")]
macro_rules! vertex_list_support {
    ($($shape:ident),*) => {$(
        impl<T: Real> SupportMap<T> for osculate_math::$shape<T> {
            #[inline]
            fn support(&self, dir: &Vector3<T>) -> Point3<T> {
                max_along(&self.vertices, dir)
            }
            #[inline]
            fn center(&self) -> Point3<T> {
                mean(&self.vertices)
            }
            valid_by_rules!();
        }
    )*};
}

#[cfg(feature = "alloc")]
vertex_list_support!(ConvexPolygon, ConvexPolyhedron);

impl<T: Real, S: SupportMap<T> + ?Sized> SupportMap<T> for &S {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        (**self).support(dir)
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        (**self).center()
    }
    #[inline]
    fn margin(&self) -> T {
        (**self).margin()
    }
    #[inline]
    fn core_support(&self, dir: &Vector3<T>) -> Point3<T> {
        (**self).core_support(dir)
    }
    #[inline]
    fn is_valid_input(&self) -> bool {
        (**self).is_valid_input()
    }
}

/// A shape placed by a rigid motion: `s'(d) = M · s(Rᵀ d)` (van den Bergen ch. 4: the support
/// mapping of a transformed shape).
///
/// # Examples
/// ```
/// use osculate_closest::{Transformed, closest_points_convex};
/// use osculate_math::{Cylinder, Isometry3, Point3, Sphere, Vector3};
/// use std::f64::consts::FRAC_PI_2;
///
/// // A cylinder along z, turned a quarter about y (its axis now along x) and moved to x = 3:
/// // its cap faces the origin at x = 2.
/// let cyl = Cylinder::new(Point3::new(0.0, 0.0, -1.0), Point3::new(0.0, 0.0, 1.0), 0.5);
/// let pose = Isometry3::new(Vector3::new(3.0, 0.0, 0.0), Vector3::y() * FRAC_PI_2);
/// let placed = Transformed { shape: cyl, pose };
/// let ball = Sphere::new(Point3::origin(), 1.0);
/// assert!((closest_points_convex(&ball, &placed).distance - 1.0).abs() < 1e-9);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Transformed<S, T: Real> {
    /// The shape, in its own frame.
    pub shape: S,
    /// Where it is.
    pub pose: Isometry3<T>,
}

impl<T: Real, S: SupportMap<T>> SupportMap<T> for Transformed<S, T> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        self.pose * self.shape.support(&self.pose.rotation.inverse_transform_vector(dir))
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        self.pose * self.shape.center()
    }
    #[inline]
    fn margin(&self) -> T {
        self.shape.margin()
    }
    #[inline]
    fn core_support(&self, dir: &Vector3<T>) -> Point3<T> {
        self.pose * self.shape.core_support(&self.pose.rotation.inverse_transform_vector(dir))
    }
    #[inline]
    fn is_valid_input(&self) -> bool {
        let t = &self.pose.translation.vector;
        let q = self.pose.rotation.coords;
        self.shape.is_valid_input() && t.iter().chain(q.iter()).all(|x| x.is_finite())
    }
}

/// The Minkowski sum `A ⊕ B`: `s(d) = s_A(d) + s_B(d)` (a capsule is a segment ⊕ a sphere at the
/// origin, a rounded box a box ⊕ a sphere; van den Bergen ch. 4).
///
/// # Examples
/// ```
/// use osculate_closest::{MinkowskiSum, SupportMap, closest_points_convex};
/// use osculate_math::{Aabb, Point3, Sphere, Vector3};
///
/// // The unit box rounded by 0.25: a box ⊕ a ball at the origin.
/// let cube = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let rounded = MinkowskiSum(cube, Sphere::new(Point3::origin(), 0.25));
/// // Along x: the box's face (its corner with the smallest y, z on ties) and the ball's pole.
/// assert_eq!(rounded.support(&Vector3::x()), Point3::new(1.25, 0.0, 0.0));
/// // A point 1 in front of a face is 0.75 from the rounded box.
/// let d = closest_points_convex(&rounded, &Point3::new(2.0, 0.5, 0.5)).distance;
/// assert!((d - 0.75).abs() < 1e-9);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct MinkowskiSum<A, B>(pub A, pub B);

impl<T: Real, A: SupportMap<T>, B: SupportMap<T>> SupportMap<T> for MinkowskiSum<A, B> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        self.0.support(dir) + self.1.support(dir).coords
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        self.0.center() + self.1.center().coords
    }
    /// The two margins' sum, when it is finite (else 0, with the sum's support carrying both).
    #[inline]
    fn margin(&self) -> T {
        let (a, b) = (self.0.margin(), self.1.margin());
        if (a + b).is_finite() { a + b } else { T::ZERO }
    }
    #[inline]
    fn core_support(&self, dir: &Vector3<T>) -> Point3<T> {
        if (self.0.margin() + self.1.margin()).is_finite() {
            self.0.core_support(dir) + self.1.core_support(dir).coords
        } else {
            self.support(dir)
        }
    }
    #[inline]
    fn is_valid_input(&self) -> bool {
        self.0.is_valid_input() && self.1.is_valid_input()
    }
}

/// A shape swept along a translation `motion`: `S ⊕ [0, motion]`, every point the shape covers
/// while it moves (for conservative sweeps through GJK; van den Bergen ch. 4: a Minkowski sum
/// with a segment).
///
/// # Examples
/// ```
/// use osculate_closest::{Swept, closest_points_convex};
/// use osculate_math::{Aabb, Point3, Sphere, Vector3};
///
/// // A ball of radius 0.5 moving 4 along x passes 0.5 below a box it never reaches at rest.
/// let ball = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 0.5);
/// let b = Aabb::new(Point3::new(2.0, 1.0, -1.0), Point3::new(3.0, 2.0, 1.0));
/// let at_rest = closest_points_convex(&ball, &b).distance;
/// assert!((at_rest - (5.0_f64.sqrt() - 0.5)).abs() < 1e-9);
/// let path = Swept { shape: ball, motion: Vector3::new(4.0, 0.0, 0.0) };
/// assert!((closest_points_convex(&path, &b).distance - 0.5).abs() < 1e-9);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Swept<S, T: Real> {
    /// The shape at the start.
    pub shape: S,
    /// The translation over the sweep.
    pub motion: Vector3<T>,
}

impl<T: Real, S: SupportMap<T>> SupportMap<T> for Swept<S, T> {
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> Point3<T> {
        let p = self.shape.support(dir);
        if self.motion.dot(dir) > T::ZERO { p + self.motion } else { p }
    }
    #[inline]
    fn center(&self) -> Point3<T> {
        self.shape.center() + self.motion * T::HALF
    }
    #[inline]
    fn margin(&self) -> T {
        self.shape.margin()
    }
    #[inline]
    fn core_support(&self, dir: &Vector3<T>) -> Point3<T> {
        let p = self.shape.core_support(dir);
        if self.motion.dot(dir) > T::ZERO { p + self.motion } else { p }
    }
    #[inline]
    fn is_valid_input(&self) -> bool {
        self.shape.is_valid_input() && osculate_math::is_finite_vector(&self.motion)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A capsule is its segment ⊕ a ball at the origin: the same support along any direction and
    /// the same GJK distance to another shape; a swept ball is a capsule along its motion.
    #[test]
    fn minkowski_sum_and_sweep_are_the_capsule() {
        use osculate_testing::{Pair, Rng};
        let mut rng = Rng::new(7);
        for seed in 0..200 {
            let p = Pair::<Capsule<f64>, Triangle<f64>>::from_seed(seed);
            let cap = p.a;
            let sum = MinkowskiSum(cap.segment(), Sphere::new(Point3::origin(), cap.radius));
            let swept = Swept { shape: Sphere::new(cap.a, cap.radius), motion: cap.b - cap.a };
            let tol = 1e-12 * (1.0 + cap.a.coords.amax() + cap.b.coords.amax() + cap.radius);
            for _ in 0..8 {
                let d = rng.unit_vector::<f64>().into_inner();
                let want = cap.support(&d);
                assert!((sum.support(&d) - want).norm() <= tol, "seed {seed}");
                assert!((swept.support(&d) - want).norm() <= tol, "seed {seed}");
            }
            let want = crate::gjk::distance_convex(&cap, &p.b, None, 64).closest.distance;
            for got in [
                crate::gjk::distance_convex(&sum, &p.b, None, 64).closest.distance,
                crate::gjk::distance_convex(&swept, &p.b, None, 64).closest.distance,
            ] {
                assert!((got - want).abs() <= 1e-9 * (1.0 + want), "seed {seed}: {got} vs {want}");
            }
        }
    }

    /// Along a cylinder's axis the radial part of the direction is rounding noise: normalised, it
    /// stepped a whole radius off the cap.
    #[test]
    fn cylinder_support_along_its_axis_stays_on_the_cap() {
        let c = Cylinder::new(Point3::new(0.0, 0.0, 0.0), Point3::new(0.1, 0.2, 0.3), 1.0_f64);
        let s = c.support(&Vector3::new(0.1, 0.2, 0.3));
        let axis = (c.b - c.a).normalize();
        assert!(((s - c.b).dot(&axis)).abs() < 1e-12, "{s:?} is off the cap plane");
        assert!((s - c.b).norm() <= 1.0 + 1e-12, "{s:?} is off the cap");
    }
}
