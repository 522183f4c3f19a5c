//! The generators, samplers and tolerances (see the crate documentation).

use quickcheck::{Arbitrary, Gen};

use osculate_math::{
    Aabb, Capsule, Cone, ConvexPolygon, ConvexPolyhedron, Cylinder, Halfspace, Isometry3, Line,
    Obb, Plane, Point3, Ray, Real, Rotation3, Segment, Sphere, Tetrahedron, Transform, Triangle,
    Unit, UnitVector3, Vector3, any_perpendicular,
};

/// A SplitMix64 generator: tiny, fast, and good enough for test inputs.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// A generator seeded from quickcheck's `Gen`.
    #[must_use]
    pub fn from_gen(g: &mut Gen) -> Self {
        Self(u64::arbitrary(g))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// Uniform index in `0..n` (`n > 0`).
    pub fn index(&mut self, n: usize) -> usize {
        (self.unit() * n as f64) as usize % n.max(1)
    }

    /// `true` with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// A uniformly distributed unit vector (rejection sampling in the cube).
    pub fn unit_vector<T: Real>(&mut self) -> UnitVector3<T> {
        loop {
            let v = [self.range(-1.0, 1.0), self.range(-1.0, 1.0), self.range(-1.0, 1.0)];
            let n2 = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
            if n2 > 1e-4 && n2 <= 1.0 {
                let n = n2.sqrt();
                return Unit::new_normalize(Vector3::new(
                    T::lit(v[0] / n),
                    T::lit(v[1] / n),
                    T::lit(v[2] / n),
                ));
            }
        }
    }

    /// A uniformly distributed rotation (random axis, angle uniform in `[0, π)`; not Haar-uniform,
    /// which the tests do not need).
    pub fn rotation<T: Real>(&mut self) -> Rotation3<T> {
        let axis = self.unit_vector::<T>();
        Rotation3::from_axis_angle(&axis, T::lit(self.range(0.0, core::f64::consts::PI)))
    }

    /// Random barycentric weights for `n` points (uniform on the simplex).
    pub fn simplex_weights<T: Real>(&mut self, n: usize) -> Vec<T> {
        let e: Vec<f64> = (0..n).map(|_| -(1.0 - self.unit()).ln()).collect();
        let s: f64 = e.iter().sum();
        e.iter().map(|x| T::lit(x / s)).collect()
    }
}

/// The four kinds of generated input the properties are run over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavour {
    /// Unit scale near the origin.
    Ordinary,
    /// Shapes of size ~1e-4.
    Tiny,
    /// Unit-scale shapes ~1e4 from the origin.
    Far,
    /// Degenerate but valid shapes (zero radius, zero-length segment, collapsed triangle, flat box)
    /// at unit scale.
    Degenerate,
}

impl Flavour {
    /// All flavours.
    pub const ALL: [Self; 4] = [Self::Ordinary, Self::Tiny, Self::Far, Self::Degenerate];
}

/// Where and how large generated shapes are.
#[derive(Clone, Copy, Debug)]
pub struct Frame<T: Real> {
    /// The kind of input.
    pub flavour: Flavour,
    /// The center of the region shapes are generated in.
    pub origin: Point3<T>,
    /// The size of that region (and of the shapes).
    pub scale: T,
}

impl<T: Real> Frame<T> {
    /// A frame of the given flavour.
    pub fn new(flavour: Flavour, rng: &mut Rng) -> Self {
        let (origin, scale) = match flavour {
            Flavour::Ordinary | Flavour::Degenerate => (Point3::origin(), 1.0),
            Flavour::Tiny => (Point3::origin(), 1e-4),
            Flavour::Far => {
                let d = rng.unit_vector::<f64>().into_inner() * 1e4;
                (Point3::new(T::lit(d.x), T::lit(d.y), T::lit(d.z)), 1.0)
            }
        };
        Self { flavour, origin, scale: T::lit(scale) }
    }

    /// A frame of a random flavour (ordinary 40%, the others 20% each).
    pub fn random(rng: &mut Rng) -> Self {
        let u = rng.unit();
        let f = if u < 0.4 {
            Flavour::Ordinary
        } else if u < 0.6 {
            Flavour::Tiny
        } else if u < 0.8 {
            Flavour::Far
        } else {
            Flavour::Degenerate
        };
        Self::new(f, rng)
    }

    /// A point uniform in the frame's cube (half side `scale`).
    pub fn point(&self, rng: &mut Rng) -> Point3<T> {
        self.origin + self.offset(rng, 1.0)
    }

    /// A vector with components uniform in `±scale·size`.
    pub fn offset(&self, rng: &mut Rng, size: f64) -> Vector3<T> {
        Vector3::new(rng.range(-size, size), rng.range(-size, size), rng.range(-size, size))
            .map(|x| T::lit(x) * self.scale)
    }

    /// A length in `[0.05, 1)·scale`, or zero with probability 1/2 in the degenerate flavour.
    pub fn length(&self, rng: &mut Rng) -> T {
        if self.flavour == Flavour::Degenerate && rng.chance(0.5) {
            T::ZERO
        } else {
            T::lit(rng.range(0.05, 1.0)) * self.scale
        }
    }

    /// Whether a degenerate variant should be built now (half the time in the degenerate flavour).
    pub fn degenerate(&self, rng: &mut Rng) -> bool {
        self.flavour == Flavour::Degenerate && rng.chance(0.5)
    }
}

/// A value that can be generated at random inside a [`Frame`].
pub trait Generate<T: Real>: Sized {
    /// A random value in `frame`.
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self;
}

impl<T: Real> Generate<T> for Point3<T> {
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self {
        frame.point(rng)
    }
}

impl<T: Real> Generate<T> for Sphere<T> {
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self {
        Sphere::new(frame.point(rng), frame.length(rng))
    }
}

impl<T: Real> Generate<T> for Aabb<T> {
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self {
        let c = frame.point(rng);
        let mut e = Vector3::new(frame.length(rng), frame.length(rng), frame.length(rng));
        if frame.degenerate(rng) {
            e[rng.index(3)] = T::ZERO;
        }
        Aabb::from_center_extents(c, e)
    }
}

impl<T: Real> Generate<T> for Obb<T> {
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self {
        let b = Aabb::generate(rng, frame);
        Obb::new(b.center(), rng.rotation(), b.half_extents().map(|x| x.fast_max(T::ZERO)))
    }
}

impl<T: Real> Generate<T> for Segment<T> {
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self {
        let a = frame.point(rng);
        let b = if frame.degenerate(rng) { a } else { frame.point(rng) };
        Segment::new(a, b)
    }
}

impl<T: Real> Generate<T> for Capsule<T> {
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self {
        let s = Segment::generate(rng, frame);
        Capsule::new(s.a, s.b, frame.length(rng))
    }
}

impl<T: Real> Generate<T> for Cylinder<T> {
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self {
        let a = frame.point(rng);
        // Keep the axis: a zero-axis cylinder is outside the shape's valid set.
        let b = a + rng.unit_vector::<T>().into_inner() * T::lit(rng.range(0.1, 1.0)) * frame.scale;
        Cylinder::new(a, b, frame.length(rng))
    }
}

impl<T: Real> Generate<T> for Cone<T> {
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self {
        Cone::new(frame.point(rng), rng.unit_vector(), frame.length(rng), frame.length(rng))
    }
}

impl<T: Real> Generate<T> for Plane<T> {
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self {
        let n = rng.unit_vector::<T>();
        let p = frame.point(rng);
        Plane::new(n, n.dot(&p.coords))
    }
}

impl<T: Real> Generate<T> for Halfspace<T> {
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self {
        Halfspace::new(Plane::generate(rng, frame))
    }
}

impl<T: Real> Generate<T> for Ray<T> {
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self {
        let mut r = Ray::new(
            frame.point(rng),
            rng.unit_vector::<T>().into_inner() * T::lit(rng.range(0.5, 2.0)),
        );
        if rng.chance(0.3) {
            r.max_t = T::lit(rng.range(0.0, 2.0)) * frame.scale;
        }
        r
    }
}

impl<T: Real> Generate<T> for Line<T> {
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self {
        Line::new(
            frame.point(rng),
            rng.unit_vector::<T>().into_inner() * T::lit(rng.range(0.5, 2.0)),
        )
    }
}

impl<T: Real> Generate<T> for Triangle<T> {
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self {
        let a = frame.point(rng);
        let b = frame.point(rng);
        let c = if frame.degenerate(rng) {
            // Collinear (on the segment ab, or a repeated vertex).
            if rng.chance(0.5) { a + (b - a) * T::lit(rng.unit()) } else { b }
        } else {
            frame.point(rng)
        };
        Triangle::new(a, b, c)
    }
}

impl<T: Real> Generate<T> for Tetrahedron<T> {
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self {
        let t = Triangle::generate(rng, frame);
        let d = if frame.degenerate(rng) {
            t.point_from_barycentric([T::lit(0.5), T::lit(0.7), T::lit(-0.2)])
        } else {
            frame.point(rng)
        };
        Tetrahedron::new(t.a, t.b, t.c, d)
    }
}

impl<T: Real> Generate<T> for ConvexPolygon<T> {
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self {
        // A regular-ish polygon: angles sorted around a random normal, radii jittered.
        let n = rng.unit_vector::<T>();
        let u = any_perpendicular(&n);
        let v = n.cross(&u);
        let c = frame.point(rng);
        let k = 3 + rng.index(6);
        let r = T::lit(rng.range(0.1, 1.0)) * frame.scale;
        let mut angles: Vec<f64> = (0..k)
            .map(|i| (i as f64 + rng.range(0.0, 0.5)) * core::f64::consts::TAU / k as f64)
            .collect();
        angles.sort_by(f64::total_cmp);
        let vertices = angles
            .iter()
            .map(|&a| c + (u.into_inner() * T::lit(a.cos()) + v * T::lit(a.sin())) * r)
            .collect();
        ConvexPolygon { vertices, normal: n }
    }
}

impl<T: Real> Generate<T> for ConvexPolyhedron<T> {
    fn generate(rng: &mut Rng, frame: &Frame<T>) -> Self {
        // The hull of a box's corners and a few points on its circumscribed sphere, built in f64 in
        // local coordinates (as users build collision hulls) and then moved to the frame's origin.
        let scale = frame.scale.to_f64();
        let local = Frame::<f64> { flavour: Flavour::Ordinary, origin: Point3::origin(), scale };
        let b = Obb::<f64>::generate(rng, &local);
        let b = Obb::new(b.center, b.rotation, b.half_extents.map(|e| e.max(0.05 * scale)));
        let mut pts: Vec<Point3<f64>> = b.corners().to_vec();
        let r = b.half_extents.norm();
        for _ in 0..rng.index(5) {
            pts.push(b.center + rng.unit_vector::<f64>().into_inner() * r);
        }
        let hull = ConvexPolyhedron::try_from_points(&pts)
            .or_else(|_| ConvexPolyhedron::try_from_points(&b.corners()))
            .unwrap_or(ConvexPolyhedron { planes: Vec::new(), vertices: Vec::new() });
        let cast = |p: &Point3<f64>| p.map(T::lit);
        let local_t = ConvexPolyhedron {
            planes: hull
                .planes
                .iter()
                .map(|p| Plane::new(Unit::new_unchecked(p.normal.map(T::lit)), T::lit(p.d)))
                .collect(),
            vertices: hull.vertices.iter().map(cast).collect(),
        };
        local_t.transformed(&Isometry3::translation(frame.origin.x, frame.origin.y, frame.origin.z))
    }
}

/// Random points of a shape: inside it (or on it, for surfaces) and on its boundary.
pub trait Sample<T: Real> {
    /// A random point of the shape (the solid, or the surface itself for segments, triangles ...).
    fn sample_inside(&self, rng: &mut Rng) -> Point3<T>;
    /// A random point on the boundary (for surfaces, the same as [`Sample::sample_inside`]).
    fn sample_boundary(&self, rng: &mut Rng) -> Point3<T>;
}

/// A random point of the disc of radius `r` around `c` with unit normal `n`, uniform by area;
/// `on_rim` puts it on the circle.
fn disc_point<T: Real>(
    rng: &mut Rng,
    c: &Point3<T>,
    n: &Vector3<T>,
    r: T,
    on_rim: bool,
) -> Point3<T> {
    let u = any_perpendicular(n);
    let v = n.cross(&u);
    let a = rng.range(0.0, core::f64::consts::TAU);
    let s = if on_rim { 1.0 } else { rng.unit().sqrt() };
    c + (u.into_inner() * T::lit(a.cos()) + v * T::lit(a.sin())) * (r * T::lit(s))
}

impl<T: Real> Sample<T> for Point3<T> {
    fn sample_inside(&self, _: &mut Rng) -> Point3<T> {
        *self
    }
    fn sample_boundary(&self, _: &mut Rng) -> Point3<T> {
        *self
    }
}

impl<T: Real> Sample<T> for Sphere<T> {
    fn sample_inside(&self, rng: &mut Rng) -> Point3<T> {
        self.center
            + rng.unit_vector::<T>().into_inner() * (self.radius * T::lit(rng.unit().cbrt()))
    }
    fn sample_boundary(&self, rng: &mut Rng) -> Point3<T> {
        self.center + rng.unit_vector::<T>().into_inner() * self.radius
    }
}

/// A point of the box `[-e, e]` (local coordinates); on a random face when `boundary`.
fn box_point<T: Real>(rng: &mut Rng, e: &Vector3<T>, boundary: bool) -> Vector3<T> {
    let mut v = e.map(|x| x * T::lit(rng.range(-1.0, 1.0)));
    if boundary {
        let i = rng.index(3);
        v[i] = if rng.chance(0.5) { e[i] } else { -e[i] };
    }
    v
}

impl<T: Real> Sample<T> for Aabb<T> {
    fn sample_inside(&self, rng: &mut Rng) -> Point3<T> {
        self.center() + box_point(rng, &self.half_extents(), false)
    }
    fn sample_boundary(&self, rng: &mut Rng) -> Point3<T> {
        self.center() + box_point(rng, &self.half_extents(), true)
    }
}

impl<T: Real> Sample<T> for Obb<T> {
    fn sample_inside(&self, rng: &mut Rng) -> Point3<T> {
        self.center + self.rotation * box_point(rng, &self.half_extents, false)
    }
    fn sample_boundary(&self, rng: &mut Rng) -> Point3<T> {
        self.center + self.rotation * box_point(rng, &self.half_extents, true)
    }
}

impl<T: Real> Sample<T> for Segment<T> {
    fn sample_inside(&self, rng: &mut Rng) -> Point3<T> {
        self.point_at(T::lit(rng.unit()))
    }
    fn sample_boundary(&self, rng: &mut Rng) -> Point3<T> {
        self.sample_inside(rng)
    }
}

impl<T: Real> Sample<T> for Capsule<T> {
    fn sample_inside(&self, rng: &mut Rng) -> Point3<T> {
        Sphere::new(self.segment().sample_inside(rng), self.radius).sample_inside(rng)
    }
    fn sample_boundary(&self, rng: &mut Rng) -> Point3<T> {
        let d = self.b - self.a;
        let u = rng.unit_vector::<T>().into_inner();
        let along = u.dot(&d);
        if d.norm_squared() == T::ZERO || rng.chance(0.3) {
            // A cap: the hemisphere facing away from the segment.
            let end = if along >= T::ZERO { self.b } else { self.a };
            return end + u * self.radius;
        }
        // The wall: perpendicular to the axis at a random parameter.
        let n = Unit::new_normalize(d);
        let c = self.segment().point_at(T::lit(rng.unit()));
        disc_point(rng, &c, &n, self.radius, true)
    }
}

impl<T: Real> Sample<T> for Cylinder<T> {
    fn sample_inside(&self, rng: &mut Rng) -> Point3<T> {
        let c = Segment::new(self.a, self.b).point_at(T::lit(rng.unit()));
        match self.axis() {
            Some(n) => disc_point(rng, &c, &n, self.radius, false),
            None => Sphere::new(self.a, self.radius).sample_inside(rng),
        }
    }
    fn sample_boundary(&self, rng: &mut Rng) -> Point3<T> {
        let c = Segment::new(self.a, self.b).point_at(T::lit(rng.unit()));
        let wall = rng.chance(0.5);
        let cap = if rng.chance(0.5) { self.a } else { self.b };
        match self.axis() {
            Some(n) if wall => disc_point(rng, &c, &n, self.radius, true),
            Some(n) => disc_point(rng, &cap, &n, self.radius, false),
            None => Sphere::new(self.a, self.radius).sample_boundary(rng),
        }
    }
}

impl<T: Real> Sample<T> for Cone<T> {
    fn sample_inside(&self, rng: &mut Rng) -> Point3<T> {
        let s = T::lit(rng.unit().cbrt());
        let c = self.tip + self.axis.into_inner() * (self.height * s);
        disc_point(rng, &c, &self.axis, self.radius * s, false)
    }
    fn sample_boundary(&self, rng: &mut Rng) -> Point3<T> {
        if rng.chance(0.5) {
            disc_point(rng, &self.base_center(), &self.axis, self.radius, false)
        } else {
            let s = T::lit(rng.unit());
            let c = self.tip + self.axis.into_inner() * (self.height * s);
            disc_point(rng, &c, &self.axis, self.radius * s, true)
        }
    }
}

impl<T: Real> Sample<T> for Plane<T> {
    /// A point of the plane within `1 + |d|` of its point nearest the origin.
    fn sample_inside(&self, rng: &mut Rng) -> Point3<T> {
        let r = T::ONE + self.d.abs();
        disc_point(rng, &self.point(), &self.normal, r, false)
    }
    fn sample_boundary(&self, rng: &mut Rng) -> Point3<T> {
        self.sample_inside(rng)
    }
}

impl<T: Real> Sample<T> for Halfspace<T> {
    /// A point of the plane pushed up to `1 + |d|` into the solid.
    fn sample_inside(&self, rng: &mut Rng) -> Point3<T> {
        let depth = (T::ONE + self.plane.d.abs()) * T::lit(rng.unit());
        self.plane.sample_inside(rng) - self.plane.normal.into_inner() * depth
    }
    fn sample_boundary(&self, rng: &mut Rng) -> Point3<T> {
        self.plane.sample_inside(rng)
    }
}

impl<T: Real> Sample<T> for Ray<T> {
    /// A point at a parameter in `[0, min(max_t, 10))`.
    fn sample_inside(&self, rng: &mut Rng) -> Point3<T> {
        self.point_at(self.max_t.fast_min(T::lit(10.0)) * T::lit(rng.unit()))
    }
    fn sample_boundary(&self, rng: &mut Rng) -> Point3<T> {
        self.sample_inside(rng)
    }
}

impl<T: Real> Sample<T> for Line<T> {
    /// A point at a parameter in `[-10, 10)`.
    fn sample_inside(&self, rng: &mut Rng) -> Point3<T> {
        self.point_at(T::lit(rng.range(-10.0, 10.0)))
    }
    fn sample_boundary(&self, rng: &mut Rng) -> Point3<T> {
        self.sample_inside(rng)
    }
}

impl<T: Real> Sample<T> for Triangle<T> {
    fn sample_inside(&self, rng: &mut Rng) -> Point3<T> {
        let w = rng.simplex_weights::<T>(3);
        self.point_from_barycentric([w[0], w[1], w[2]])
    }
    fn sample_boundary(&self, rng: &mut Rng) -> Point3<T> {
        self.sample_inside(rng)
    }
}

impl<T: Real> Sample<T> for Tetrahedron<T> {
    fn sample_inside(&self, rng: &mut Rng) -> Point3<T> {
        let w = rng.simplex_weights::<T>(4);
        let v = self.vertices();
        Point3::from(
            v[0].coords * w[0] + v[1].coords * w[1] + v[2].coords * w[2] + v[3].coords * w[3],
        )
    }
    fn sample_boundary(&self, rng: &mut Rng) -> Point3<T> {
        let f = self.faces()[rng.index(4)];
        f.sample_inside(rng)
    }
}

/// A random convex combination of `points` (the origin for none).
fn combination<T: Real>(rng: &mut Rng, points: &[Point3<T>]) -> Point3<T> {
    let w = rng.simplex_weights::<T>(points.len());
    Point3::from(points.iter().zip(&w).fold(Vector3::zeros(), |acc, (p, &w)| acc + p.coords * w))
}

impl<T: Real> Sample<T> for ConvexPolygon<T> {
    fn sample_inside(&self, rng: &mut Rng) -> Point3<T> {
        combination(rng, &self.vertices)
    }
    fn sample_boundary(&self, rng: &mut Rng) -> Point3<T> {
        self.sample_inside(rng)
    }
}

impl<T: Real> Sample<T> for ConvexPolyhedron<T> {
    fn sample_inside(&self, rng: &mut Rng) -> Point3<T> {
        combination(rng, &self.vertices)
    }
    /// A convex combination of the corners of a random face.
    fn sample_boundary(&self, rng: &mut Rng) -> Point3<T> {
        if self.planes.is_empty() {
            return combination(rng, &self.vertices);
        }
        let p = self.planes[rng.index(self.planes.len())];
        let scale = self.vertices.iter().fold(T::ONE, |s, v| s.fast_max(v.coords.amax()));
        let tol = T::RELATIVE_TOLERANCE * T::lit(64.0) * scale;
        let face: Vec<Point3<T>> =
            self.vertices.iter().copied().filter(|v| p.signed_distance(v).abs() <= tol).collect();
        combination(rng, &face)
    }
}

/// A value generated in a random [`Frame`] (a random flavour per case): a shape as the argument
/// of a quickcheck property (quickcheck's `Arbitrary` cannot be implemented for the shapes outside
/// their own crate).
#[derive(Clone, Debug)]
pub struct Generated<S>(pub S);

impl<S: GenerateAny + Clone + Send + 'static> Arbitrary for Generated<S> {
    fn arbitrary(g: &mut Gen) -> Self {
        let mut rng = Rng::from_gen(g);
        let frame = Frame::<S::Scalar>::random(&mut rng);
        Self(S::generate_any(&mut rng, &frame))
    }
}

/// Two generated values sharing one [`Frame`], so they are near each other and of a similar size,
/// plus a seed for samplers.
#[derive(Clone, Debug)]
pub struct Pair<A, B> {
    /// The first value.
    pub a: A,
    /// The second value.
    pub b: B,
    /// A seed for the property's own sampling.
    pub seed: u64,
}

impl<A: GenerateAny, B: GenerateAny<Scalar = A::Scalar>> Pair<A, B> {
    /// A pair built from a seed (for differential tests that loop over seeds).
    pub fn from_seed(seed: u64) -> Self {
        Self::from_rng(&mut Rng::new(seed))
    }

    /// A pair drawn from `rng`: the frame, then `a`, `b` and the seed in it.
    fn from_rng(rng: &mut Rng) -> Self {
        let frame = Frame::<A::Scalar>::random(rng);
        Self {
            a: A::generate_any(rng, &frame),
            b: B::generate_any(rng, &frame),
            seed: rng.next_u64(),
        }
    }
}

impl<A, B> Arbitrary for Pair<A, B>
where
    A: Clone + Send + 'static,
    B: Clone + Send + 'static,
    A: GenerateAny,
    B: GenerateAny<Scalar = A::Scalar>,
{
    fn arbitrary(g: &mut Gen) -> Self {
        Self::from_rng(&mut Rng::from_gen(g))
    }
}

/// [`Generate`] with the scalar as an associated type, so [`Pair`] can name it.
pub trait GenerateAny: Sized {
    /// The scalar type.
    type Scalar: Real;
    /// As [`Generate::generate`].
    fn generate_any(rng: &mut Rng, frame: &Frame<Self::Scalar>) -> Self;
}

macro_rules! generate_any {
    ($($shape:ident),* $(,)?) => {$(
        impl<T: Real> GenerateAny for $shape<T> {
            type Scalar = T;
            fn generate_any(rng: &mut Rng, frame: &Frame<T>) -> Self {
                <Self as Generate<T>>::generate(rng, frame)
            }
        }
    )*};
}

generate_any!(
    Point3,
    Sphere,
    Aabb,
    Obb,
    Segment,
    Capsule,
    Cylinder,
    Cone,
    Plane,
    Halfspace,
    Ray,
    Line,
    Triangle,
    Tetrahedron,
    ConvexPolygon,
    ConvexPolyhedron
);

/// A random rigid motion: a rotation and a translation of up to 10 units.
#[derive(Clone, Debug)]
pub struct Motion<T: Real>(pub Isometry3<T>);

impl<T: Real> Motion<T> {
    /// A random motion from `rng`.
    pub fn random(rng: &mut Rng) -> Self {
        let t =
            Vector3::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0), rng.range(-10.0, 10.0))
                .map(T::lit);
        let r = rng.rotation::<T>();
        Self(Isometry3::from_parts(
            t.into(),
            osculate_math::UnitQuaternion::from_rotation_matrix(&r),
        ))
    }
}

impl<T: Real> Arbitrary for Motion<T> {
    fn arbitrary(g: &mut Gen) -> Self {
        Self::random(&mut Rng::from_gen(g))
    }
}

/// Shorthands for worked cases written in `f64` and run in `T`:
/// `let (l, p, v) = shorthands::<T>();` gives a literal `l(0.5)`, a point `p(1.0, 2.0, 3.0)` and a
/// vector `v(0.0, 0.0, 1.0)`, each rounded once from `f64`.
#[must_use]
#[allow(clippy::type_complexity, reason = "three plain function pointers, named by the caller")]
pub fn shorthands<T: Real>()
-> (fn(f64) -> T, fn(f64, f64, f64) -> Point3<T>, fn(f64, f64, f64) -> Vector3<T>) {
    (T::lit, osculate_math::point3::<T>, osculate_math::vector3::<T>)
}

/// [`shorthands`] and a sphere: `let (l, p, v, s) = sphere_shorthands::<T>();` adds
/// `s(p(0.0, 0.0, 1.0), 0.5)`, the sphere of a literal radius about a point.
#[must_use]
#[allow(clippy::type_complexity, reason = "four plain function pointers, named by the caller")]
pub fn sphere_shorthands<T: Real>() -> (
    fn(f64) -> T,
    fn(f64, f64, f64) -> Point3<T>,
    fn(f64, f64, f64) -> Vector3<T>,
    fn(Point3<T>, f64) -> Sphere<T>,
) {
    let (l, p, v) = shorthands::<T>();
    (l, p, v, |c, r| Sphere::new(c, T::lit(r)))
}

/// The six points `±x`, `±y`, `±z` at unit distance: the vertices of the octahedron
/// `|x| + |y| + |z| ≤ 1`, and the axis directions both ways.
#[must_use]
pub fn axis_points<T: Real>() -> [Point3<T>; 6] {
    let p = osculate_math::point3::<T>;
    [
        p(1.0, 0.0, 0.0),
        p(-1.0, 0.0, 0.0),
        p(0.0, 1.0, 0.0),
        p(0.0, -1.0, 0.0),
        p(0.0, 0.0, 1.0),
        p(0.0, 0.0, -1.0),
    ]
}

/// The corner tetrahedron (the origin and the three unit points) in both windings, for worked
/// cases that must not depend on the winding.
#[must_use]
pub fn corner_tetrahedra<T: Real>() -> [Tetrahedron<T>; 2] {
    let p = osculate_math::point3::<T>;
    let tet =
        Tetrahedron::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0), p(0.0, 0.0, 1.0));
    [tet, Tetrahedron::new(tet.b, tet.a, tet.c, tet.d)]
}

/// `close(a, b)` for worked cases: whether `a` lies within `tol` of the literal `b`.
pub fn near<T: Real>(tol: f64) -> impl Fn(T, f64) -> bool {
    move |a, b| (a - T::lit(b)).abs() < T::lit(tol)
}

/// Test tolerances per scalar type: an absolute tolerance for unit-scale quantities, to be multiplied
/// by the input's scale. f32: 1e-4 (about 800 ε: the accumulated error of a dozen dependent
/// operations on inputs up to 1e4 relative to their own size), f64: 1e-9.
#[must_use]
pub fn test_tolerance<T: Real>() -> T {
    if T::EPSILON > T::lit(1e-10) { T::lit(1e-4) } else { T::lit(1e-9) }
}

/// Runs the seeded check `check` as a quickcheck property on `cases(default)` random seeds: an
/// `Err` fails it with the message (the seed is the whole input: quickcheck cannot shrink it).
/// quickcheck's own cap on the number of draws (10,000 unless set) is raised to the count, so a
/// soak's count is honoured.
pub fn check_seeds(default: u64, check: fn(u64) -> Result<(), String>) {
    let n = cases(default);
    quickcheck::QuickCheck::new().tests(n).max_tests(n).quickcheck(check);
}

/// The number of cases a property runs: `default`, or the `OSCULATE_CASES` environment variable
/// when it is set to a number (`cargo xtask soak --cases N` sets it for long runs).
#[must_use]
pub fn cases(default: u64) -> u64 {
    std::env::var("OSCULATE_CASES").ok().and_then(|s| s.trim().parse().ok()).unwrap_or(default)
}
