//! The benchmark inputs: seeded candidates drawn in `f64`, sorted by a predicate of the row
//! ("the ray hits", "the shapes overlap", "the point is inside") and dealt into two sets of
//! [`BATCH`] inputs, one with 10% positives and one with 90% ([`RATES`]), each shuffled so that
//! the branches are not all predicted. The `f32` inputs are the same shapes rounded ([`Narrow`]).
//!
//! The generators aim one shape at a random point of or near the other (not at its center), so
//! that both classes come up often and a set with either rate is quick to fill.

use crate::BATCH;
use osculate_math::{
    Aabb, Bounded, Capsule, Cone, ConvexPolygon, ConvexPolyhedron, Cylinder, Halfspace, Line, Obb,
    Plane, Point3, Ray, Rotation3, Segment, Sphere, Tetrahedron, Triangle, Unit, Vector3,
};
use osculate_testing::{Flavour, Frame, Generate, Rng, Sample};

/// The rates of positives of the two input sets, in percent.
pub const RATES: [usize; 2] = [10, 90];

/// The most candidates drawn for one row before giving up (a generator whose positives or
/// negatives are this rare needs a better aim).
const MAX_CANDIDATES: usize = 400_000;

/// Input sets by distribution: each a name (criterion's parameter, e.g. `hit10`) and [`BATCH`]
/// inputs.
#[derive(Clone, Debug)]
pub struct Dists<D> {
    /// The named sets.
    pub sets: Vec<(String, Vec<D>)>,
}

impl<D> Dists<D> {
    /// Each input converted by `f` (a contender's own form of the same input).
    pub fn map<E>(&self, mut f: impl FnMut(&D) -> E) -> Dists<E> {
        Dists {
            sets: self
                .sets
                .iter()
                .map(|(n, set)| (n.clone(), set.iter().map(&mut f).collect()))
                .collect(),
        }
    }

    /// The names of the sets.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        self.sets.iter().map(|(n, _)| n.clone()).collect()
    }
}

/// A row's inputs in both precisions: the `f64` sets and the same shapes rounded to `f32`.
#[derive(Clone, Debug)]
pub struct Inputs<X: Narrow> {
    /// The `f64` inputs.
    pub f64: Dists<X>,
    /// The same inputs rounded to `f32`.
    pub f32: Dists<X::F32>,
}

impl<X: Narrow> Inputs<X> {
    /// Inputs already in their sets (`f32` rounded from them).
    #[must_use]
    pub fn from_sets(f64: Dists<X>) -> Self {
        let f32 = f64.map(Narrow::narrow);
        Self { f64, f32 }
    }
}

/// The inputs of a row: candidates from `candidate` (seeded by `seed`), split by `positive` and
/// dealt into a set for each of [`RATES`], named `{word}{rate}` (`hit10`, `hit90`).
///
/// # Panics
/// When `MAX_CANDIDATES` draws give too few positives or negatives for a set: the generator must
/// aim better.
pub fn inputs<X: Narrow + Clone>(
    seed: u64,
    word: &str,
    mut candidate: impl FnMut(&mut Rng) -> X,
    positive: impl Fn(&X) -> bool,
) -> Inputs<X> {
    let mut rng = Rng::new(seed);
    let positives = RATES.map(|rate| (BATCH * rate + 50) / 100);
    let need = positives.iter().map(|&k| k.max(BATCH - k)).max().unwrap_or(BATCH);
    let (mut yes, mut no) = (Vec::new(), Vec::new());
    let mut drawn = 0;
    while yes.len() < need || no.len() < need {
        assert!(
            drawn < MAX_CANDIDATES,
            "{word} (seed {seed}): {} positives and {} negatives in {drawn} candidates",
            yes.len(),
            no.len()
        );
        drawn += 1;
        let x = candidate(&mut rng);
        if positive(&x) {
            if yes.len() < need {
                yes.push(x);
            }
        } else if no.len() < need {
            no.push(x);
        }
    }
    let sets = RATES
        .iter()
        .zip(positives)
        .map(|(&rate, k)| {
            let mut set: Vec<X> = yes[..k].iter().chain(&no[..BATCH - k]).cloned().collect();
            shuffle(&mut set, &mut rng);
            (format!("{word}{rate}"), set)
        })
        .collect();
    Inputs::from_sets(Dists { sets })
}

/// Fisher-Yates.
fn shuffle<X>(v: &mut [X], rng: &mut Rng) {
    for i in (1..v.len()).rev() {
        v.swap(i, rng.index(i + 1));
    }
}

/// Unit-scale shapes around the origin (the ordinary flavour).
fn frame() -> Frame<f64> {
    Frame { flavour: Flavour::Ordinary, origin: Point3::origin(), scale: 1.0 }
}

/// A shape of the ordinary flavour: unit size, within a unit cube of the origin.
pub fn shape<S: Generate<f64>>(rng: &mut Rng) -> S {
    S::generate(rng, &frame())
}

/// Two independent shapes.
pub fn pair<A: Generate<f64>, B: Generate<f64>>(rng: &mut Rng) -> (A, B) {
    let a = shape(rng);
    (a, shape(rng))
}

/// A uniform vector in `±size` per coordinate.
fn offset(rng: &mut Rng, size: f64) -> Vector3<f64> {
    frame().offset(rng, size)
}

/// A point of `b` or near it: a random point of it moved by up to half a unit.
pub fn aim<B: Sample<f64>>(rng: &mut Rng, b: &B) -> Point3<f64> {
    b.sample_inside(rng) + offset(rng, 0.5)
}

/// A point and a shape, the point inside the shape or near it.
pub fn point_near<B: Generate<f64> + Sample<f64>>(rng: &mut Rng) -> (Point3<f64>, B) {
    let b: B = shape(rng);
    (b.sample_inside(rng) + offset(rng, 0.6), b)
}

/// A ray aimed at a random point of or near a shape, from up to two units away; a third of the
/// rays have a finite `max_t` around the distance to that point.
pub fn ray_at<B: Generate<f64> + Sample<f64>>(rng: &mut Rng) -> (Ray<f64>, B) {
    let b: B = shape(rng);
    let target = aim(rng, &b);
    let origin = Point3::origin() + offset(rng, 2.0);
    let d = target - origin;
    let len = rng.range(0.5, 2.0);
    let mut ray = Ray::new(origin, d.normalize() * len);
    if rng.chance(0.3) {
        ray.max_t = rng.range(0.5, 1.5) * d.norm() / len;
    }
    (ray, b)
}

/// A segment from up to 1.5 units away toward a random point of or near a shape, ending short
/// of it or past it.
pub fn segment_at<B: Generate<f64> + Sample<f64>>(rng: &mut Rng) -> (Segment<f64>, B) {
    let b: B = shape(rng);
    let target = aim(rng, &b);
    let a = Point3::origin() + offset(rng, 1.5);
    (Segment::new(a, a + (target - a) * rng.range(0.5, 1.5)), b)
}

/// A sweep: the first shape moves by a displacement toward a random point of or near the second
/// (its bounding box's center to that point, scaled by 0.5 to 2: short of it or past it).
pub fn sweep<A: Generate<f64> + Bounded<f64>, B: Generate<f64> + Sample<f64>>(
    rng: &mut Rng,
) -> (A, Vector3<f64>, B) {
    let (a, b): (A, B) = pair(rng);
    let v = (aim(rng, &b) - a.aabb().center()) * rng.range(0.5, 2.0);
    (a, v, b)
}

/// A sweep toward a plane: the shape starts on the plane's outer side (a gap of -0.3 to 2 below
/// its bounding sphere, so some start across it), moving toward a random point of the plane near
/// it, scaled by 0.5 to 2 (short of it or past it). The plane's normal points toward the shape.
pub fn sweep_to_plane<A: Generate<f64> + Bounded<f64>>(
    rng: &mut Rng,
) -> (A, Vector3<f64>, Plane<f64>) {
    let a: A = shape(rng);
    let b = a.aabb();
    let (c, r) = (b.center(), b.half_extents().norm());
    let n = rng.unit_vector::<f64>();
    let gap = rng.range(-0.3, 2.0);
    let plane = Plane::new(n, n.dot(&c.coords) - r - gap);
    let aim = c + offset(rng, 1.0);
    let aim = aim - n.into_inner() * plane.signed_distance(&aim);
    (a, (aim - c) * rng.range(0.5, 2.0), plane)
}

/// A value rounded from `f64` to `f32`: the benchmark's `f32` input is its `f64` input rounded.
pub trait Narrow {
    /// The `f32` form.
    type F32;
    /// Rounds every coordinate to `f32`.
    fn narrow(&self) -> Self::F32;
}

#[allow(clippy::cast_possible_truncation, reason = "rounding to f32 is the point")]
fn f(x: f64) -> f32 {
    x as f32
}

impl Narrow for f64 {
    type F32 = f32;
    fn narrow(&self) -> f32 {
        f(*self)
    }
}

impl Narrow for Point3<f64> {
    type F32 = Point3<f32>;
    fn narrow(&self) -> Point3<f32> {
        self.map(f)
    }
}

impl Narrow for Vector3<f64> {
    type F32 = Vector3<f32>;
    fn narrow(&self) -> Vector3<f32> {
        self.map(f)
    }
}

impl Narrow for Unit<Vector3<f64>> {
    type F32 = Unit<Vector3<f32>>;
    fn narrow(&self) -> Unit<Vector3<f32>> {
        Unit::new_unchecked(self.map(f))
    }
}

impl Narrow for Rotation3<f64> {
    type F32 = Rotation3<f32>;
    fn narrow(&self) -> Rotation3<f32> {
        Rotation3::from_matrix_unchecked(self.matrix().map(f))
    }
}

impl<A: Narrow, B: Narrow> Narrow for (A, B) {
    type F32 = (A::F32, B::F32);
    fn narrow(&self) -> Self::F32 {
        (self.0.narrow(), self.1.narrow())
    }
}

impl<A: Narrow, B: Narrow, C: Narrow> Narrow for (A, B, C) {
    type F32 = (A::F32, B::F32, C::F32);
    fn narrow(&self) -> Self::F32 {
        (self.0.narrow(), self.1.narrow(), self.2.narrow())
    }
}

impl<A: Narrow, B: Narrow, C: Narrow, D: Narrow> Narrow for (A, B, C, D) {
    type F32 = (A::F32, B::F32, C::F32, D::F32);
    fn narrow(&self) -> Self::F32 {
        (self.0.narrow(), self.1.narrow(), self.2.narrow(), self.3.narrow())
    }
}

impl<A: Narrow> Narrow for std::rc::Rc<[A]> {
    type F32 = std::rc::Rc<[A::F32]>;
    fn narrow(&self) -> Self::F32 {
        self.iter().map(Narrow::narrow).collect()
    }
}

impl<A: Narrow> Narrow for Vec<A> {
    type F32 = Vec<A::F32>;
    fn narrow(&self) -> Self::F32 {
        self.iter().map(Narrow::narrow).collect()
    }
}

/// `Narrow` for a shape with public fields: each field narrowed.
macro_rules! narrow_fields {
    ($($S:ident { $($field:ident),* };)*) => {$(
        impl Narrow for $S<f64> {
            type F32 = $S<f32>;
            fn narrow(&self) -> $S<f32> {
                $S { $($field: self.$field.narrow()),* }
            }
        }
    )*};
}

narrow_fields! {
    Sphere { center, radius };
    Aabb { min, max };
    Obb { center, rotation, half_extents };
    Segment { a, b };
    Capsule { a, b, radius };
    Cylinder { a, b, radius };
    Cone { tip, axis, height, radius };
    Plane { normal, d };
    Halfspace { plane };
    Ray { origin, direction, max_t };
    Line { point, direction };
    Triangle { a, b, c };
    Tetrahedron { a, b, c, d };
    ConvexPolygon { vertices, normal };
    ConvexPolyhedron { planes, vertices };
}

impl Narrow for osculate_math::Isometry3<f64> {
    type F32 = osculate_math::Isometry3<f32>;
    fn narrow(&self) -> osculate_math::Isometry3<f32> {
        self.cast::<f32>()
    }
}

impl Narrow for osculate::dynamic::RigidMotion<f64> {
    type F32 = osculate::dynamic::RigidMotion<f32>;
    fn narrow(&self) -> Self::F32 {
        osculate::dynamic::RigidMotion {
            start: self.start.narrow(),
            local_center: self.local_center.narrow(),
            linvel: self.linvel.narrow(),
            angvel: self.angvel.narrow(),
        }
    }
}
