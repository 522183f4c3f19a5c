//! Quickcheck properties of the casts, each written once, generic over the scalar, and instantiated
//! for `f32` and `f64` (`mod <property> { fn f32, fn f64 }`) over the shared generators (ordinary,
//! tiny, far and degenerate flavours), 500 cases each (`OSCULATE_CASES` overrides).
//!
//! A scene is a shape and a ray: aimed at a point sampled inside the shape (a hit, or a short miss
//! when the ray stops early), at a point of its boundary (corner, edge and face grazes), cast from
//! inside it, or random; 30% of the rays stop at a finite `max_t`.
//!
//! The oracles are computed in `f64` on the inputs widened exactly from `T`: the signed distance
//! of each solid in closed form (boxes, round solids in their meridian plane, polytopes as the
//! largest plane distance), the distance to each surface (plane, triangle, polygon). The
//! closest-point layer (`osculate_closest`) supplies the "distance ≈ 0" of a hit point and the
//! normal check: a correct outward normal `n` at a boundary point `p` of a convex solid is exactly
//! one for which `p` is the closest point of the solid to `p + L·n` (L the shape's size), which is
//! first-order sensitive to a wrong normal on smooth parts and right at edges and corners (any
//! normal of the normal cone passes).
//!
//! Tolerance: `band = test_tolerance::<T>() × scale` (f32 1e-4, f64 1e-9, times the largest
//! coordinate or size of the input, the ray's origin included). Where a quantity is ill-conditioned
//! the band is divided by the conditioning: the in-plane position of a surface hit by the cosine
//! between the ray and the plane's normal.

use osculate_testing::for_f32_and_f64;
use std::fmt::Debug;

use osculate_cast::{
    Culling, RayHit, line_triangle, plane_plane, ray_aabb, ray_aabb_many, ray_capsule, ray_cone,
    ray_cylinder, ray_halfspace, ray_obb, ray_plane, ray_polygon, ray_polyhedron, ray_sphere,
    ray_tetrahedron, ray_triangle, ray_triangle_watertight, segment_aabb_outcode, segment_sphere,
    segment_sphere_test,
};
use osculate_closest as closest;
use osculate_math::{
    Aabb, Capsule, Cone, ContainsPoint, ConvexPolygon, ConvexPolyhedron, Cylinder, Halfspace, Obb,
    Plane, Point3, Ray, Real, Segment, Sphere, Tetrahedron, Transform, Triangle, Vector3,
};
use osculate_testing::{Flavour, Frame, Generate, Motion, Rng, Sample, cases, test_tolerance};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

/// Cases per property: enough to see every flavour many times, small enough for debug builds.
const CASES: u64 = 500;
/// Points sampled on each stretch of a ray (before the entry, inside, after the exit).
const SAMPLES: usize = 12;

/// Runs a property over `CASES` cases (or `OSCULATE_CASES`, for `cargo xtask soak`).
pub(crate) fn run<A: Arbitrary + Debug>(prop: fn(A) -> TestResult) {
    let n = cases(CASES);
    QuickCheck::new().tests(n).max_tests(n * 10).quickcheck(prop);
}

// ---------------------------------------------------------------------------------------------
// Widening to f64 (exact) and small f64 geometry.

pub(crate) fn wp<T: Real>(p: &Point3<T>) -> Point3<f64> {
    p.map(|x| x.to_f64())
}

pub(crate) fn wv<T: Real>(v: &Vector3<T>) -> Vector3<f64> {
    v.map(|x| x.to_f64())
}

/// The largest absolute coordinate of the points (at least `MIN_POSITIVE`).
fn amax(points: &[Point3<f64>]) -> f64 {
    points.iter().fold(f64::MIN_POSITIVE, |s, p| s.max(p.coords.amax()))
}

/// The distance from `p` to the segment `ab` (a point for `a == b`).
pub(crate) fn segment_distance(p: &Point3<f64>, a: &Point3<f64>, b: &Point3<f64>) -> f64 {
    let ab = b - a;
    let l2 = ab.norm_squared();
    let t = if l2 > 0.0 { ((p - a).dot(&ab) / l2).clamp(0.0, 1.0) } else { 0.0 };
    (p - (a + ab * t)).norm()
}

/// The 2D distance from `(x, y)` to the segment `(ax, ay)–(bx, by)`.
fn segment_distance_2d(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let p3 = Point3::new(p[0], p[1], 0.0);
    segment_distance(&p3, &Point3::new(a[0], a[1], 0.0), &Point3::new(b[0], b[1], 0.0))
}

/// The signed distance from `p` (in the box's frame) to the box `[−e, e]`: negative inside.
pub(crate) fn sd_box_local(p: &Vector3<f64>, e: &Vector3<f64>) -> f64 {
    let q = p.abs() - e;
    q.map(|x| x.max(0.0)).norm() + q.max().min(0.0)
}

/// The axial and radial coordinates of `p` about the axis through `base` along unit `u`.
fn meridian(p: &Point3<f64>, base: &Point3<f64>, u: &Vector3<f64>) -> (f64, f64) {
    let v = p - base;
    let s = v.dot(u);
    (s, (v - u * s).norm())
}

/// The touching band for an input of the given scale in precision `T`.
pub(crate) fn band<T: Real>(scale: f64) -> f64 {
    test_tolerance::<T>().to_f64() * scale
}

// ---------------------------------------------------------------------------------------------
// The solids: an f64 signed distance and the closest-point layer's closest point.

/// A solid as the properties see it.
pub(crate) trait Solid<T: Real>:
    Generate<T> + Sample<T> + ContainsPoint<T> + Clone + Debug + Send + 'static
{
    /// The signed distance from `p` to the solid widened to `f64` (negative inside). For polytopes
    /// the largest plane distance: exact inside, a lower bound of the distance outside.
    fn sd(&self, p: &Point3<f64>) -> f64;
    /// The closest point of the solid to `p`, by the closest-point layer.
    fn closest(&self, p: &Point3<T>) -> Point3<T>;
    /// The largest coordinate or size of the shape.
    fn scale(&self) -> f64;
    /// A point of the shape (to measure how long a ray must be to pass it).
    fn center(&self) -> Point3<f64>;
    /// Whether `contains_point` is held to the signed distance beyond the band (see the
    /// tetrahedron's exception).
    fn trust_contains(&self) -> bool {
        true
    }
    /// How much the cast's rounding is amplified by the shape's own conditioning (1 for a
    /// well-shaped solid; see the tetrahedron's).
    fn conditioning(&self) -> f64 {
        1.0
    }
}

impl<T: Real> Solid<T> for Sphere<T> {
    fn sd(&self, p: &Point3<f64>) -> f64 {
        (p - wp(&self.center)).norm() - self.radius.to_f64()
    }
    fn closest(&self, p: &Point3<T>) -> Point3<T> {
        closest::closest_point_on_sphere(p, self)
    }
    fn scale(&self) -> f64 {
        amax(&[wp(&self.center)]).max(self.radius.to_f64())
    }
    fn center(&self) -> Point3<f64> {
        wp(&self.center)
    }
}

impl<T: Real> Solid<T> for Aabb<T> {
    fn sd(&self, p: &Point3<f64>) -> f64 {
        let (lo, hi) = (wp(&self.min), wp(&self.max));
        sd_box_local(&(p - nalgebra::center(&lo, &hi)), &((hi - lo) / 2.0))
    }
    fn closest(&self, p: &Point3<T>) -> Point3<T> {
        closest::closest_point_on_aabb(p, self)
    }
    fn scale(&self) -> f64 {
        amax(&[wp(&self.min), wp(&self.max)])
    }
    fn center(&self) -> Point3<f64> {
        nalgebra::center(&wp(&self.min), &wp(&self.max))
    }
}

impl<T: Real> Solid<T> for Obb<T> {
    fn sd(&self, p: &Point3<f64>) -> f64 {
        let r = self.rotation.matrix().map(|x| x.to_f64());
        sd_box_local(&(r.transpose() * (p - wp(&self.center))), &wv(&self.half_extents))
    }
    fn closest(&self, p: &Point3<T>) -> Point3<T> {
        closest::closest_point_on_obb(p, self)
    }
    fn scale(&self) -> f64 {
        amax(&[wp(&self.center)]).max(wv(&self.half_extents).norm())
    }
    fn center(&self) -> Point3<f64> {
        wp(&self.center)
    }
}

/// The [`Solid`] impl of a shape given by its axis ends `a`, `b` and a radius (the capsule and the
/// cylinder): its signed distance `|$s, $p| $sd` and closest point `$closest` given, its scale and
/// center those of its axis and radius.
macro_rules! axial_solid {
    ($S:ident, $closest:path, |$s:ident, $p:ident| $sd:block) => {
        impl<T: Real> Solid<T> for $S<T> {
            fn sd(&$s, $p: &Point3<f64>) -> f64 $sd
            fn closest(&self, p: &Point3<T>) -> Point3<T> {
                $closest(p, self)
            }
            fn scale(&self) -> f64 {
                amax(&[wp(&self.a), wp(&self.b)]).max(self.radius.to_f64())
            }
            fn center(&self) -> Point3<f64> {
                nalgebra::center(&wp(&self.a), &wp(&self.b))
            }
        }
    };
}

axial_solid!(Capsule, closest::closest_point_on_capsule, |self, p| {
    segment_distance(p, &wp(&self.a), &wp(&self.b)) - self.radius.to_f64()
});

axial_solid!(Cylinder, closest::closest_point_on_cylinder, |self, p| {
    let (a, b, r) = (wp(&self.a), wp(&self.b), self.radius.to_f64());
    let len = (b - a).norm();
    if len == 0.0 {
        return (p - a).norm() - r; // documented: a = b is the ball
    }
    let (s, rho) = meridian(p, &a, &((b - a) / len));
    let (qx, qy) = ((s - len / 2.0).abs() - len / 2.0, rho - r);
    qx.max(0.0).hypot(qy.max(0.0)) + qx.max(qy).min(0.0)
});

impl<T: Real> Solid<T> for Cone<T> {
    /// In the meridian half-plane `(s, ρ)` the cone is the triangle `(0, 0), (h, 0), (h, r)`; its
    /// boundary there is the slant side and the base (the axis side is inside the solid).
    fn sd(&self, p: &Point3<f64>) -> f64 {
        let (h, r) = (self.height.to_f64(), self.radius.to_f64());
        let (s, rho) = meridian(p, &wp(&self.tip), &wv(&self.axis).normalize());
        let q = [s, rho];
        let slant = segment_distance_2d(q, [0.0, 0.0], [h, r]);
        let base = segment_distance_2d(q, [h, 0.0], [h, r]);
        if (0.0..=h).contains(&s) && rho * h <= s * r {
            -slant.min(base)
        } else {
            slant.min(base).min(segment_distance_2d(q, [0.0, 0.0], [h, 0.0]))
        }
    }
    fn closest(&self, p: &Point3<T>) -> Point3<T> {
        closest::closest_point_on_cone(p, self)
    }
    fn scale(&self) -> f64 {
        amax(&[wp(&self.tip)]).max(self.height.to_f64()).max(self.radius.to_f64())
    }
    fn center(&self) -> Point3<f64> {
        wp(&self.tip)
    }
}

impl<T: Real> Solid<T> for Halfspace<T> {
    fn sd(&self, p: &Point3<f64>) -> f64 {
        wv(&self.plane.normal).normalize().dot(&p.coords) - self.plane.d.to_f64()
    }
    fn closest(&self, p: &Point3<T>) -> Point3<T> {
        if self.contains_point(p) { *p } else { closest::closest_point_on_plane(p, &self.plane) }
    }
    fn scale(&self) -> f64 {
        self.plane.d.to_f64().abs().max(f64::MIN_POSITIVE)
    }
    fn center(&self) -> Point3<f64> {
        wp(&self.plane.point())
    }
}

/// The largest signed distance to the planes `(n, d)`, `n` normalised in f64.
fn plane_max(p: &Point3<f64>, planes: impl Iterator<Item = (Vector3<f64>, f64)>) -> f64 {
    planes.fold(f64::NEG_INFINITY, |m, (n, d)| m.max(n.normalize().dot(&p.coords) - d))
}

impl<T: Real> Solid<T> for ConvexPolyhedron<T> {
    fn sd(&self, p: &Point3<f64>) -> f64 {
        plane_max(p, self.planes.iter().map(|h| (wv(&h.normal), h.d.to_f64())))
    }
    fn closest(&self, p: &Point3<T>) -> Point3<T> {
        closest::closest_point_on_polyhedron(p, self)
    }
    fn scale(&self) -> f64 {
        amax(&self.vertices.iter().map(wp).collect::<Vec<_>>())
    }
    fn center(&self) -> Point3<f64> {
        let n = self.vertices.len().max(1) as f64;
        Point3::from(self.vertices.iter().fold(Vector3::zeros(), |s, v| s + wp(v).coords) / n)
    }
}

impl<T: Real> Solid<T> for Tetrahedron<T> {
    /// Exact: inside (behind every face plane, oriented away from the opposite vertex), minus the
    /// distance to the nearest face plane; outside, the distance to the nearest face triangle.
    fn sd(&self, p: &Point3<f64>) -> f64 {
        let [a, b, c, d] = self.vertices().map(|v| wp(&v));
        let faces = [(b, c, d, a), (a, c, d, b), (a, b, d, c), (a, b, c, d)];
        let flat = tetrahedron_is_flat::<T>(&[a, b, c, d]);
        let outside = faces
            .iter()
            .map(|&(x, y, z, _)| triangle_distance(p, &x, &y, &z))
            .fold(f64::INFINITY, f64::min);
        let inside = plane_max(
            p,
            faces.into_iter().map(|(x, y, z, opposite)| {
                let n = (y - x).cross(&(z - x));
                let n = if n.dot(&(opposite - x)) > 0.0 { -n } else { n };
                (n, n.normalize().dot(&x.coords))
            }),
        );
        if inside <= 0.0 && !flat { inside.max(-outside) } else { outside }
    }
    fn closest(&self, p: &Point3<T>) -> Point3<T> {
        closest::closest_point_on_tetrahedron(p, self)
    }
    /// Cyrus-Beck clips against face planes whose normals are cross products of the faces' edges:
    /// a rounding `δ` of the vertices turns a face's normal by `δ / altitude` and moves its plane
    /// by that times the face's length, so the band grows by the worst face's longest edge over
    /// its smallest altitude (a tetrahedron with two vertices 4e-4 apart in f32 put its hits
    /// 3e-3 off). A tetrahedron flat up to rounding is cast as its faces, and the watertight
    /// test's point on a thin face is conditioned the same way.
    fn conditioning(&self) -> f64 {
        let v = self.vertices().map(|v| wp(&v));
        let faces =
            [(v[1], v[2], v[3]), (v[0], v[2], v[3]), (v[0], v[1], v[3]), (v[0], v[1], v[2])];
        faces
            .iter()
            .map(|(a, b, c)| {
                let longest = (b - a).norm().max((c - b).norm()).max((a - c).norm());
                let altitude = (b - a).cross(&(c - a)).norm() / longest;
                (longest / altitude).max(1.0)
            })
            .fold(1.0, f64::max)
    }
    fn scale(&self) -> f64 {
        amax(&self.vertices().map(|v| wp(&v)))
    }
    fn center(&self) -> Point3<f64> {
        let v = self.vertices().map(|v| wp(&v).coords);
        Point3::from((v[0] + v[1] + v[2] + v[3]) / 4.0)
    }
}

/// Whether a tetrahedron is flat up to rounding in `T`, as `ray_tetrahedron` decides: six times
/// its volume at most `RELATIVE_TOLERANCE` times the cube of its longest edge (with a factor 2 of
/// room, the decision being made on rounded values). Such a tetrahedron is the union of its faces.
fn tetrahedron_is_flat<T: Real>(v: &[Point3<f64>; 4]) -> bool {
    let [a, b, c, d] = *v;
    let longest =
        [b - a, c - a, d - a, c - b, d - b, d - c].iter().fold(0.0_f64, |m, e| m.max(e.norm()));
    let vol6 = (b - a).cross(&(c - a)).dot(&(d - a));
    vol6.abs() <= 2.0 * T::RELATIVE_TOLERANCE.to_f64() * longest.powi(3)
}

/// The distance from `p` to the triangle `abc` (f64, independent of the closest-point layer): the
/// plane distance when the projection is inside every edge, else the nearest edge.
pub(crate) fn triangle_distance(
    p: &Point3<f64>,
    a: &Point3<f64>,
    b: &Point3<f64>,
    c: &Point3<f64>,
) -> f64 {
    let n = (b - a).cross(&(c - a));
    let edges =
        segment_distance(p, a, b).min(segment_distance(p, b, c)).min(segment_distance(p, c, a));
    let nn = n.norm();
    // A sliver (thinner than 1e-8 of its edges) is within its width of its edges, and its
    // normal is too noisy for the projection test below.
    if !(nn > 1e-8 * (b - a).norm() * (c - a).norm()) {
        return edges;
    }
    let n = n / nn;
    let inside =
        [(a, b), (b, c), (c, a)].iter().all(|(x, y)| (*y - *x).cross(&(p - *x)).dot(&n) >= 0.0);
    if inside { (p - a).dot(&n).abs() } else { edges }
}

// ---------------------------------------------------------------------------------------------
// Scenes: a shape and a ray.

/// A shape, a ray and the frame they were generated in.
#[derive(Clone, Debug)]
pub(crate) struct Scene<T: Real, S> {
    pub(crate) shape: S,
    pub(crate) ray: Ray<T>,
    pub(crate) frame: Frame<T>,
    /// The ray parameter of the point the ray was aimed at (inside the shape), if it was aimed.
    pub(crate) t_target: Option<T>,
    pub(crate) seed: u64,
}

/// A ray for `shape`: aimed at a point inside it (40%) or on its boundary (20%), cast from inside
/// it (15%), or random (25%); 30% stop at a finite `max_t` (before, inside or beyond the target).
pub(crate) fn scene_ray<T: Real, S: Sample<T>>(
    rng: &mut Rng,
    frame: &Frame<T>,
    shape: &S,
) -> (Ray<T>, Option<T>) {
    let u = rng.unit();
    let origin = if (0.6..0.75).contains(&u) {
        shape.sample_inside(rng)
    } else {
        frame.origin + frame.offset(rng, 3.0)
    };
    let k = T::lit(rng.range(0.5, 2.0));
    let (direction, t_target) = if u < 0.6 {
        let target = if u < 0.4 { shape.sample_inside(rng) } else { shape.sample_boundary(rng) };
        ((target - origin) * k, Some(T::ONE / k))
    } else {
        (rng.unit_vector::<T>().into_inner() * k, None)
    };
    let mut ray = Ray::new(origin, direction);
    if direction == Vector3::zeros() {
        ray.direction = rng.unit_vector::<T>().into_inner();
    }
    if rng.chance(0.3) {
        let reach = t_target.unwrap_or(frame.scale * T::lit(3.0) / k);
        ray.max_t = reach * T::lit(rng.range(0.0, 2.0));
    }
    (ray, t_target.filter(|_| direction != Vector3::zeros()))
}

impl<T: Real, S: Generate<T> + Sample<T> + Clone + Send + 'static> Arbitrary for Scene<T, S> {
    fn arbitrary(g: &mut Gen) -> Self {
        let mut rng = Rng::from_gen(g);
        let frame = Frame::random(&mut rng);
        let shape = S::generate(&mut rng, &frame);
        let (ray, t_target) = scene_ray(&mut rng, &frame, &shape);
        Self { shape, ray, frame, t_target, seed: rng.next_u64() }
    }
}

impl<T: Real, S: Generate<T> + Sample<T>> Scene<T, S> {
    /// The scene of a seed (for the differential tests, which loop over seeds).
    pub(crate) fn from_seed(seed: u64) -> Self {
        let mut rng = Rng::new(seed);
        let frame = Frame::random(&mut rng);
        let shape = S::generate(&mut rng, &frame);
        let (ray, t_target) = scene_ray(&mut rng, &frame, &shape);
        Self { shape, ray, frame, t_target, seed: rng.next_u64() }
    }
}

impl<T: Real, S> Scene<T, S> {
    /// A parameter beyond which an unbounded ray has passed every shape of the frame.
    pub(crate) fn t_far(&self, center: &Point3<f64>) -> f64 {
        let o = wp(&self.ray.origin);
        let reach = (o - center).norm() + 8.0 * self.frame.scale.to_f64();
        2.0 * reach / wv(&self.ray.direction).norm()
    }
}

/// `n` parameters uniform in `[lo, hi]`, plus `extra` where it falls inside.
fn params(rng: &mut Rng, lo: f64, hi: f64, n: usize, extra: &[f64]) -> Vec<f64> {
    let mut ts: Vec<f64> = (0..n).map(|_| rng.range(lo, hi)).collect();
    ts.extend(extra.iter().copied().filter(|t| (lo..=hi).contains(t)));
    ts
}

/// Whether `n` is a valid outward normal of the convex solid at its boundary point `p`: `p` is the
/// solid's closest point to `p + L·n` (`L` the shape's size), within `tol`.
pub(crate) fn normal_ok<T: Real, S: Solid<T>>(
    shape: &S,
    p: &Point3<T>,
    n: &Vector3<T>,
    size: T,
    tol: f64,
) -> Result<(), String> {
    let q = p + n * size;
    let c = shape.closest(&q);
    let off = (wp(&c) - wp(p)).norm();
    if off <= tol {
        Ok(())
    } else {
        Err(format!(
            "normal {n:?} at {p:?}: the closest point to p + L·n is {c:?}, {off:e} from p (tol {tol:e})"
        ))
    }
}

/// Whether the ray of the scene is tangent at most: its deepest sampled point is within `tol` of
/// the boundary.
pub(crate) fn shallow<T: Real, S: Solid<T>>(scene: &Scene<T, S>, ray: &Ray<T>, tol: f64) -> bool {
    let mut rng = Rng::new(scene.seed ^ 0x5eed);
    let (o, d) = (wp(&ray.origin), wv(&ray.direction));
    let t_end = scene.t_far(&scene.shape.center()).min(ray.max_t.to_f64());
    let extra: Vec<f64> = scene.t_target.iter().map(|t| t.to_f64()).collect();
    params(&mut rng, 0.0, t_end, 4 * SAMPLES, &extra)
        .iter()
        .all(|&t| scene.shape.sd(&(o + d * t)) >= -tol)
}

/// The checks of a solid's cast: the hit interval, point and normal, and the ray's points before,
/// inside and after the interval (or all of them for a miss) against the signed distance.
pub(crate) fn check_solid<T: Real, S: Solid<T>>(
    scene: &Scene<T, S>,
    ray: &Ray<T>,
    hit: Option<RayHit<T>>,
) -> Result<(), String> {
    let s = &scene.shape;
    let (o, d) = (wp(&ray.origin), wv(&ray.direction));
    let center = s.center();
    let t_end = scene.t_far(&center).min(ray.max_t.to_f64());
    // The scale: the shape, the ray's origin, and the points the cast computed.
    let mut scale = s.scale().max(o.coords.amax()).max(scene.frame.scale.to_f64());
    if let Some(h) = hit {
        let exit = (o + d * h.t_exit.to_f64().min(t_end)).coords.amax();
        scale = scale.max(wp(&h.point).coords.amax()).max(exit);
    }
    let tol = band::<T>(scale) * s.conditioning();
    let mut rng = Rng::new(scene.seed);
    let at = |t: f64| o + d * t;
    // ContainsPoint decides inside/outside; beyond the band the f64 signed distance must agree.
    let check_oracle = |x: &Point3<f64>| -> Result<(), String> {
        let sd = s.sd(x);
        let xt = x.map(T::lit);
        // (The point rounded to T moves by ε·|x|, inside the band.)
        if s.trust_contains() && sd.abs() > tol && s.contains_point(&xt) != (sd <= 0.0) {
            return Err(format!(
                "oracle: contains_point({x:?}) = {} but sd = {sd:e}",
                !(sd <= 0.0)
            ));
        }
        Ok(())
    };
    let outside = |t: f64, what: &str| -> Result<(), String> {
        let x = at(t);
        check_oracle(&x)?;
        let sd = s.sd(&x);
        if sd < -tol {
            Err(format!("{what}: t = {t:e} is inside by {:e} (tol {tol:e})", -sd))
        } else {
            Ok(())
        }
    };
    let inside = |t: f64, what: &str| -> Result<(), String> {
        let x = at(t);
        check_oracle(&x)?;
        let sd = s.sd(&x);
        if sd > tol {
            Err(format!("{what}: t = {t:e} is outside by {sd:e} (tol {tol:e})"))
        } else {
            Ok(())
        }
    };
    let extra: Vec<f64> = scene.t_target.iter().map(|t| t.to_f64()).collect();
    let Some(h) = hit else {
        for t in params(&mut rng, 0.0, t_end, 3 * SAMPLES, &extra).into_iter().chain([0.0, t_end]) {
            outside(t, "miss")?;
        }
        return Ok(());
    };
    let (t0, t1) = (h.t_enter.to_f64(), h.t_exit.to_f64());
    if !(0.0 <= t0 && t0 <= t1 && t1 <= ray.max_t.to_f64()) {
        return Err(format!("interval [{t0:e}, {t1:e}] outside [0, max_t]"));
    }
    if (h.normal.norm() - T::ONE).abs() > T::lit(1e-3) {
        return Err(format!("normal {:?} is not unit", h.normal));
    }
    if (wp(&h.point) - at(t0)).norm() > tol {
        return Err(format!("point {:?} is not the ray's point at t_enter", h.point));
    }
    let n = h.normal.into_inner();
    let dn = wv(&n).dot(&d.normalize());
    if t0 > 0.0 {
        // Entered from outside: the point is on the boundary, the normal an outward one there.
        let sd = s.sd(&wp(&h.point));
        if sd.abs() > tol {
            return Err(format!("hit point off the boundary: sd = {sd:e} (tol {tol:e})"));
        }
        let gap = (wp(&s.closest(&h.point)) - wp(&h.point)).norm();
        if gap > tol {
            return Err(format!("closest-point layer: the hit point is {gap:e} from the solid"));
        }
        // (8 × band: an f32 hull's planes and vertices are rounded apart, and the probe at
        // distance L amplifies the normal's own rounding.)
        normal_ok(s, &h.point, &n, scene.frame.scale, 8.0 * tol)?;
        // An entry normal never points along the ray; 1e-2 of slack for the rounding of a normal
        // computed at a point close to an axis (a cone near its tip), and the band over the
        // shape's size (the azimuth of a point within the band of the tip is undefined), the probe
        // above being the precise check.
        if dn > 1e-2 + tol / scene.frame.scale.to_f64() {
            return Err(format!("entry normal {n:?} along the direction (n·d̂ = {dn:e})"));
        }
        for t in params(&mut rng, 0.0, t0, SAMPLES, &extra).into_iter().chain([0.0]) {
            outside(t, "before t_enter")?;
        }
    } else {
        inside(0.0, "origin of a ray with t_enter = 0")?;
        if s.sd(&o) < -tol && (wv(&n) + d.normalize()).norm() > 1e-3 {
            return Err(format!("started inside: normal {n:?} is not −direction"));
        }
    }
    let t_in = t1.min(t_end.max(t0));
    for t in params(&mut rng, t0, t_in, SAMPLES, &extra).into_iter().chain([t0, t_in]) {
        inside(t, "inside the interval")?;
    }
    if t1 < t_end {
        for t in params(&mut rng, t1, t_end, SAMPLES, &extra).into_iter().chain([t_end]) {
            outside(t, "after t_exit")?;
        }
    }
    Ok(())
}

/// The solid property of `cast` on a scene.
fn solid<T: Real, S: Solid<T>>(
    scene: &Scene<T, S>,
    cast: impl Fn(&Ray<T>, &S) -> Option<RayHit<T>>,
) -> TestResult {
    let hit = cast(&scene.ray, &scene.shape);
    match check_solid(scene, &scene.ray, hit) {
        Ok(()) => TestResult::passed(),
        Err(e) => TestResult::error(format!("{e}\nhit = {hit:?}\nscene = {scene:?}")),
    }
}

/// `cast` of a segment, seen as a cast of the ray `o + t·d`, `t ∈ [0, max_t]` (the segment from
/// `o` to `o + max_t·d`; an unbounded ray is cut at `t_far`): parameters scaled by the length.
fn as_segment<T: Real, S>(
    ray: &Ray<T>,
    shape: &S,
    t_far: f64,
    cast: impl Fn(&Segment<T>, &S) -> Option<RayHit<T>>,
) -> (Ray<T>, Option<RayHit<T>>) {
    let len = if ray.max_t.is_finite() { ray.max_t } else { T::lit(t_far) };
    let seg = Segment::new(ray.origin, ray.point_at(len));
    let hit =
        cast(&seg, shape).map(|h| RayHit { t_enter: h.t_enter * len, t_exit: h.t_exit * len, ..h });
    // The ray the cast saw: the segment's own direction (`b − a` rounded, which a ray starting
    // inside gets as its normal), scaled back to parameters in `[0, len]`.
    (Ray { origin: seg.a, direction: seg.direction() / len, max_t: len }, hit)
}

/// The solid property of a segment cast.
fn segment_solid<T: Real, S: Solid<T>>(
    scene: &Scene<T, S>,
    cast: impl Fn(&Segment<T>, &S) -> Option<RayHit<T>>,
) -> TestResult {
    if scene.ray.max_t == T::ZERO {
        return TestResult::discard(); // a zero-length segment is an invalid ray
    }
    let (ray, hit) = as_segment(&scene.ray, &scene.shape, scene.t_far(&scene.shape.center()), cast);
    match check_solid(scene, &ray, hit) {
        Ok(()) => TestResult::passed(),
        Err(e) => {
            TestResult::error(format!("{e}\nhit = {hit:?}\nray = {ray:?}\nscene = {scene:?}"))
        }
    }
}

osculate_testing::properties! {
    sphere(s: Scene<T, Sphere<T>>) => solid(&s, ray_sphere);
    sphere_segment(s: Scene<T, Sphere<T>>) => segment_solid(&s, segment_sphere);
    aabb(s: Scene<T, Aabb<T>>) => solid(&s, ray_aabb);
    aabb_outcode(s: Scene<T, Aabb<T>>) => segment_solid(&s, segment_aabb_outcode);
    obb(s: Scene<T, Obb<T>>) => solid(&s, ray_obb);
    halfspace(s: Scene<T, Halfspace<T>>) => solid(&s, ray_halfspace);
    capsule(s: Scene<T, Capsule<T>>) => solid(&s, ray_capsule);
    cylinder(s: Scene<T, Cylinder<T>>) => solid(&s, ray_cylinder);
    cone(s: Scene<T, Cone<T>>) => solid(&s, ray_cone);
    polyhedron(s: Scene<T, ConvexPolyhedron<T>>) => solid(&s, ray_polyhedron);
    tetrahedron(s: Scene<T, Tetrahedron<T>>) => solid(&s, ray_tetrahedron);
}

/// Van den Bergen's Algorithm 3.2 (`segment_sphere_test`) agrees with the cast (`segment_sphere`)
/// away from touching.
fn sphere_segment_test<T: Real>(s: Scene<T, Sphere<T>>) -> TestResult {
    if s.ray.max_t == T::ZERO {
        return TestResult::discard();
    }
    let len =
        if s.ray.max_t.is_finite() { s.ray.max_t } else { T::lit(s.t_far(&s.shape.center())) };
    let seg = Segment::new(s.ray.origin, s.ray.point_at(len));
    let (test, cast) =
        (segment_sphere_test(&seg, &s.shape), segment_sphere(&seg, &s.shape).is_some());
    let tol =
        band::<T>(s.shape.scale().max(wp(&seg.a).coords.amax()).max(wp(&seg.b).coords.amax()));
    let margin =
        s.shape.radius.to_f64() - segment_distance(&wp(&s.shape.center), &wp(&seg.a), &wp(&seg.b));
    if test != cast && margin.abs() > tol {
        return TestResult::error(format!("test {test}, cast {cast}, margin {margin:e}: {s:?}"));
    }
    if test != (margin >= 0.0) && margin.abs() > tol {
        return TestResult::error(format!("test {test}, margin {margin:e}: {s:?}"));
    }
    TestResult::passed()
}

/// The slab cast (`ray_aabb` on `Ray::from_segment`) and van den Bergen's outcode clipper agree on
/// segments away from the boundary: the same hit or miss unless the segment only grazes the box,
/// the same entry (projected on the entry normal, where it is well-conditioned) and exit, and the
/// same entry normal unless the entry is at an edge (then both are valid normals there).
fn slab_vs_outcode<T: Real>(s: Scene<T, Aabb<T>>) -> TestResult {
    if s.ray.max_t == T::ZERO {
        return TestResult::discard();
    }
    let len = if s.ray.max_t.is_finite() {
        s.ray.max_t
    } else {
        T::lit(s.t_far(&Solid::<T>::center(&s.shape)))
    };
    let seg = Segment::new(s.ray.origin, s.ray.point_at(len));
    let ray = Ray::from_segment(&seg);
    let (slab, outcode) = (ray_aabb(&ray, &s.shape), segment_aabb_outcode(&seg, &s.shape));
    let scale = s.shape.scale().max(wp(&seg.a).coords.amax()).max(wp(&seg.b).coords.amax());
    let tol = band::<T>(scale);
    let fail =
        |e: String| TestResult::error(format!("{e}\nslab {slab:?}\noutcode {outcode:?}\n{s:?}"));
    let seg_scene = Scene { ray, ..s.clone() };
    match (slab, outcode) {
        (None, None) => TestResult::passed(),
        (Some(_), None) | (None, Some(_)) => {
            if shallow(&seg_scene, &ray, 2.0 * tol) {
                TestResult::passed()
            } else {
                fail("one algorithm misses a segment that passes through the box".into())
            }
        }
        (Some(a), Some(b)) => {
            let d = wv(&ray.direction);
            let n = wv(&a.normal);
            let cos = n.dot(&d.normalize()).abs();
            let enter_off = (a.t_enter.to_f64() - b.t_enter.to_f64()).abs() * d.norm() * cos;
            if enter_off > 2.0 * tol {
                return fail(format!("entries differ by {enter_off:e} along the normal"));
            }
            for (h, name) in [(a, "slab"), (b, "outcode")] {
                let pe = wp(&ray.point_at(h.t_exit));
                if h.t_exit < T::ONE && s.shape.sd(&pe).abs() > 2.0 * tol {
                    return fail(format!("{name}: the exit point is off the boundary"));
                }
            }
            if (a.t_exit < T::ONE) != (b.t_exit < T::ONE)
                && (a.t_exit.to_f64() - b.t_exit.to_f64()).abs() * d.norm() > 2.0 * tol
            {
                return fail("one stops at the end of the segment, the other before".into());
            }
            if (a.normal.into_inner() - b.normal.into_inner()).norm() > T::lit(1e-3)
                && a.t_enter > T::ZERO
            {
                // An edge or a corner: each normal must be valid at the other's point.
                let size = s.frame.scale;
                if let Err(e) =
                    normal_ok(&s.shape, &b.point, &a.normal.into_inner(), size, 4.0 * tol)
                        .and(normal_ok(&s.shape, &a.point, &b.normal.into_inner(), size, 4.0 * tol))
                {
                    return fail(e);
                }
            }
            TestResult::passed()
        }
    }
}

/// `ray_aabb_many` gives exactly `ray_aabb`'s `t_enter` (or `+∞` for its `None`) for every box:
/// the scene's box and seven more of the same frame (flat, far and tiny ones included), so the
/// solid property of `ray_aabb` carries over.
fn aabb_many<T: Real>(s: Scene<T, Aabb<T>>) -> TestResult {
    let mut rng = Rng::new(s.seed);
    let mut boxes = vec![s.shape];
    boxes.extend((0..7).map(|_| Aabb::generate(&mut rng, &s.frame)));
    let mut t = vec![T::NAN; boxes.len()];
    ray_aabb_many(&s.ray, &boxes, &mut t);
    for (b, &got) in boxes.iter().zip(&t) {
        let want = ray_aabb(&s.ray, b).map_or(T::INFINITY, |h| h.t_enter);
        if got != want {
            return TestResult::error(format!("{got:?} ≠ ray_aabb's {want:?} for {b:?}\n{s:?}"));
        }
    }
    TestResult::passed()
}

for_f32_and_f64!(run: sphere_segment_test, slab_vs_outcode, aabb_many);

// ---------------------------------------------------------------------------------------------
// Rigid motions.

/// The scene's ray and that ray moved by `iso`, `cast` on the scene and `moved_cast` on the moved
/// ray and `moved_shape` (the scene's shape moved by `iso`).
fn cast_moved<T: Real, S, M, R>(
    scene: &Scene<T, S>,
    iso: &osculate_math::Isometry3<T>,
    moved_shape: &M,
    cast: impl Fn(&Ray<T>, &S) -> R,
    moved_cast: impl Fn(&Ray<T>, &M) -> R,
) -> (Ray<T>, Ray<T>, R, R) {
    let ray = scene.ray;
    let moved_ray =
        Ray { origin: iso * ray.origin, direction: iso.rotation * ray.direction, max_t: ray.max_t };
    (ray, moved_ray, cast(&ray, &scene.shape), moved_cast(&moved_ray, moved_shape))
}

/// `cast` on the scene and `moved_cast` on the scene moved by `m` agree: the same hit or miss
/// unless the ray only grazes the solid, the moved hit points mapped back lie on the original's
/// boundary (entry, and exit unless clipped), the entries agree along the entry normal, and the
/// moved normal mapped back is the original one or (at an edge) another valid normal there.
fn moved<T: Real, S: Solid<T> + Transform<T>>(
    (scene, m): (Scene<T, S>, Motion<T>),
    cast: impl Fn(&Ray<T>, &S) -> Option<RayHit<T>>,
    moved_cast: impl Fn(&Ray<T>, &S::Output) -> Option<RayHit<T>>,
) -> TestResult
where
    S::Output: Debug,
{
    let iso = m.0;
    let s = &scene.shape;
    let moved_shape = s.transformed(&iso);
    let (ray, moved_ray, a, b) = cast_moved(&scene, &iso, &moved_shape, cast, moved_cast);
    let scale = s
        .scale()
        .max(wp(&ray.origin).coords.amax())
        .max(wp(&moved_ray.origin).coords.amax())
        .max(scene.frame.scale.to_f64())
        + wv(&iso.translation.vector).amax();
    let tol = band::<T>(scale) * s.conditioning();
    let fail = |e: String| {
        TestResult::error(format!(
            "{e}\noriginal {a:?}\nmoved {b:?}\n{scene:?}\n{iso:?}\n{moved_shape:?}"
        ))
    };
    let (a, b) = match (a, b) {
        (None, None) => return TestResult::passed(),
        (Some(a), Some(b)) => (a, b),
        _ => {
            return if shallow(&scene, &ray, 2.0 * tol) {
                TestResult::passed()
            } else {
                fail("hit in one frame, miss in the other, through the solid".into())
            };
        }
    };
    let back = |p: &Point3<T>| wp(&(iso.inverse() * p));
    let d = wv(&ray.direction);
    // The hit points are stored, and mapped back, in `T`: far along a ray that grazes the shape
    // they are only as exact as their own coordinates, so the tolerance grows with their size
    // (a ray 5e-4 from parallel to a halfspace enters it at t = 2.7e5, where f32 rounds to 0.02,
    // and the entry mapped back is 5e-3 off the plane).
    let far = [a.point, b.point, moved_ray.point_at(b.t_exit.fast_min(ray.max_t))]
        .iter()
        .map(|p| wp(p).coords.amax())
        .filter(|x| x.is_finite())
        .fold(0.0, f64::max);
    let tol = band::<T>(scale + far) * s.conditioning();
    if a.t_enter > T::ZERO && b.t_enter > T::ZERO {
        let sd = s.sd(&back(&b.point));
        if sd.abs() > 2.0 * tol {
            return fail(format!("the moved entry mapped back is off the boundary by {sd:e}"));
        }
        let cos = wv(&a.normal).dot(&d.normalize()).abs();
        let off = (a.t_enter.to_f64() - b.t_enter.to_f64()).abs() * d.norm() * cos;
        if off > 2.0 * tol {
            return fail(format!("the entries differ by {off:e} along the normal"));
        }
        let nb = iso.rotation.inverse() * b.normal.into_inner();
        if (nb - a.normal.into_inner()).norm() > T::lit(1e-3)
            && let Err(e) = normal_ok(s, &a.point, &nb, scene.frame.scale, 8.0 * tol)
        {
            return fail(format!("moved normal mapped back: {e}"));
        }
    }
    if b.t_exit < ray.max_t && b.t_exit.is_finite() {
        let sd = s.sd(&back(&moved_ray.point_at(b.t_exit)));
        if sd.abs() > 2.0 * tol {
            return fail(format!("the moved exit mapped back is off the boundary by {sd:e}"));
        }
    }
    TestResult::passed()
}

osculate_testing::properties! {
    moved_sphere(x: (Scene<T, Sphere<T>>, Motion<T>)) => moved(x, ray_sphere, ray_sphere);
    moved_aabb(x: (Scene<T, Aabb<T>>, Motion<T>)) => moved(x, ray_aabb, ray_obb);
    moved_obb(x: (Scene<T, Obb<T>>, Motion<T>)) => moved(x, ray_obb, ray_obb);
    moved_halfspace(x: (Scene<T, Halfspace<T>>, Motion<T>)) => moved(x, ray_halfspace, ray_halfspace);
    moved_capsule(x: (Scene<T, Capsule<T>>, Motion<T>)) => moved(x, ray_capsule, ray_capsule);
    moved_cylinder(x: (Scene<T, Cylinder<T>>, Motion<T>)) => moved(x, ray_cylinder, ray_cylinder);
    moved_cone(x: (Scene<T, Cone<T>>, Motion<T>)) => moved(x, ray_cone, ray_cone);
    moved_polyhedron(x: (Scene<T, ConvexPolyhedron<T>>, Motion<T>)) => moved(x, ray_polyhedron, ray_polyhedron);
    moved_tetrahedron(x: (Scene<T, Tetrahedron<T>>, Motion<T>)) => moved(x, ray_tetrahedron, ray_tetrahedron);
}

// ---------------------------------------------------------------------------------------------
// Surfaces: planes, triangles, polygons.

/// A surface as the properties see it: its plane and in-plane extent in f64, and the
/// closest-point layer's distance.
pub(crate) trait Surface<T: Real>:
    Generate<T> + Sample<T> + Clone + Debug + Send + 'static
{
    /// The unit normal of the surface's plane (f64), `None` for a collapsed surface.
    fn normal(&self) -> Option<Vector3<f64>>;
    /// A point of the plane.
    fn anchor(&self) -> Point3<f64>;
    /// How far a point of the plane is inside the surface's boundary (negative outside; `+∞` for
    /// an unbounded plane).
    fn inset(&self, x: &Point3<f64>) -> f64;
    /// The distance from `p` to the surface (f64).
    fn distance(&self, p: &Point3<f64>) -> f64;
    /// The distance by the closest-point layer.
    fn closest_distance(&self, p: &Point3<T>) -> T;
    /// The largest coordinate or size.
    fn scale(&self) -> f64;
    /// A rigid motion of the surface (same type).
    fn moved(&self, iso: &osculate_math::Isometry3<T>) -> Self;
    /// For a surface whose normal the cast computes from its vertices: the smallest altitude and
    /// the longest edge (a rounding of `δ` in the vertices turns that normal by about
    /// `δ / altitude`). `None` for a surface that carries its normal.
    fn altitude(&self) -> Option<(f64, f64)> {
        None
    }
}

/// The angle by which rounding the surface's vertices at `scale` in precision `T` can turn the
/// normal the cast computes, and the distance that moves its plane within the surface.
fn normal_noise<T: Real, S: Surface<T>>(s: &S, scale: f64) -> (f64, f64) {
    match s.altitude() {
        Some((altitude, longest)) => {
            let angle = 64.0 * T::EPSILON.to_f64() * scale / altitude;
            (angle, angle * longest)
        }
        None => (0.0, 0.0),
    }
}

/// The inset of `x` in the convex polygon `vertices` (either winding), `n` its plane's normal.
fn polygon_inset(x: &Point3<f64>, vertices: &[Point3<f64>], n: &Vector3<f64>) -> f64 {
    let k = vertices.len();
    let winding: Vector3<f64> =
        (0..k).map(|i| vertices[i].coords.cross(&vertices[(i + 1) % k].coords)).sum();
    let n = if winding.dot(n) < 0.0 { -n } else { *n };
    (0..k)
        .map(|i| {
            let (a, b) = (vertices[i], vertices[(i + 1) % k]);
            let inward = n.cross(&(b - a));
            let l = inward.norm();
            if l == 0.0 { f64::INFINITY } else { (x - a).dot(&inward) / l }
        })
        .fold(f64::INFINITY, f64::min)
}

impl<T: Real> Surface<T> for Plane<T> {
    fn normal(&self) -> Option<Vector3<f64>> {
        Some(wv(&self.normal).normalize())
    }
    fn anchor(&self) -> Point3<f64> {
        wp(&self.point())
    }
    fn inset(&self, _: &Point3<f64>) -> f64 {
        f64::INFINITY
    }
    fn distance(&self, p: &Point3<f64>) -> f64 {
        (wv(&self.normal).normalize().dot(&p.coords) - self.d.to_f64()).abs()
    }
    fn closest_distance(&self, p: &Point3<T>) -> T {
        closest::sq_distance_point_plane(p, self).sqrt()
    }
    fn scale(&self) -> f64 {
        self.d.to_f64().abs().max(f64::MIN_POSITIVE)
    }
    fn moved(&self, iso: &osculate_math::Isometry3<T>) -> Self {
        self.transformed(iso)
    }
}

impl<T: Real> Surface<T> for Triangle<T> {
    /// `None` when collapsed: the casts' own test (`|n|²` at most `DEGENERATE_SQ_TOLERANCE` times
    /// `|b − a|²|c − a|²`), with a factor 2 of room for their rounding.
    fn normal(&self) -> Option<Vector3<f64>> {
        let (a, b, c) = (wp(&self.a), wp(&self.b), wp(&self.c));
        let n = (b - a).cross(&(c - a));
        let limit = 0.5 * T::DEGENERATE_SQ_TOLERANCE.to_f64();
        (n.norm_squared() > limit * (b - a).norm_squared() * (c - a).norm_squared())
            .then(|| n.normalize())
    }
    fn altitude(&self) -> Option<(f64, f64)> {
        let (a, b, c) = (wp(&self.a), wp(&self.b), wp(&self.c));
        let longest = (b - a).norm().max((c - b).norm()).max((a - c).norm());
        Some(((b - a).cross(&(c - a)).norm() / longest.max(f64::MIN_POSITIVE), longest))
    }
    fn anchor(&self) -> Point3<f64> {
        wp(&self.a)
    }
    fn inset(&self, x: &Point3<f64>) -> f64 {
        match Surface::<T>::normal(self) {
            Some(n) => polygon_inset(x, &[wp(&self.a), wp(&self.b), wp(&self.c)], &n),
            None => f64::NEG_INFINITY,
        }
    }
    fn distance(&self, p: &Point3<f64>) -> f64 {
        triangle_distance(p, &wp(&self.a), &wp(&self.b), &wp(&self.c))
    }
    fn closest_distance(&self, p: &Point3<T>) -> T {
        closest::sq_distance_point_triangle(p, self).sqrt()
    }
    fn scale(&self) -> f64 {
        amax(&[wp(&self.a), wp(&self.b), wp(&self.c)])
    }
    fn moved(&self, iso: &osculate_math::Isometry3<T>) -> Self {
        self.transformed(iso)
    }
}

impl<T: Real> Surface<T> for ConvexPolygon<T> {
    fn normal(&self) -> Option<Vector3<f64>> {
        Some(wv(&self.normal).normalize())
    }
    fn anchor(&self) -> Point3<f64> {
        wp(&self.vertices[0])
    }
    fn inset(&self, x: &Point3<f64>) -> f64 {
        let v: Vec<Point3<f64>> = self.vertices.iter().map(wp).collect();
        polygon_inset(x, &v, &wv(&self.normal).normalize())
    }
    fn distance(&self, p: &Point3<f64>) -> f64 {
        let v: Vec<Point3<f64>> = self.vertices.iter().map(wp).collect();
        let n = wv(&self.normal).normalize();
        let plane = (p - v[0]).dot(&n);
        if polygon_inset(&(p - n * plane), &v, &n) >= 0.0 {
            plane.abs()
        } else {
            (0..v.len())
                .map(|i| segment_distance(p, &v[i], &v[(i + 1) % v.len()]))
                .fold(f64::INFINITY, f64::min)
        }
    }
    fn closest_distance(&self, p: &Point3<T>) -> T {
        closest::sq_distance_point_polygon(p, self).sqrt()
    }
    fn scale(&self) -> f64 {
        amax(&self.vertices.iter().map(wp).collect::<Vec<_>>())
    }
    fn moved(&self, iso: &osculate_math::Isometry3<T>) -> Self {
        self.transformed(iso)
    }
}

/// A surface hit: the hit and, for triangles, the barycentrics.
pub(crate) type SurfaceHit<T> = Option<(RayHit<T>, Option<[T; 3]>)>;

/// The checks of a surface cast. `culled`: back faces (where `(b − a) × (c − a)` points along the
/// ray) are not hit.
pub(crate) fn check_surface<T: Real, S: Surface<T>>(
    scene: &Scene<T, S>,
    ray: &Ray<T>,
    hit: SurfaceHit<T>,
    culled: bool,
    triangle: Option<&Triangle<T>>,
) -> Result<(), String> {
    let s = &scene.shape;
    let (o, d) = (wp(&ray.origin), wv(&ray.direction));
    let mut scale = s.scale().max(o.coords.amax()).max(scene.frame.scale.to_f64());
    if let Some((h, _)) = hit {
        scale = scale.max(wp(&h.point).coords.amax());
    }
    let tol = band::<T>(scale);
    let dh = d.normalize();
    let (noise, plane_slack) = normal_noise(s, scale);
    match (hit, s.normal()) {
        (Some((h, bary)), n_face) => {
            let t = h.t_enter.to_f64();
            if h.t_enter != h.t_exit || !(0.0 <= t && t <= ray.max_t.to_f64()) {
                return Err(format!("surface interval [{t:e}, {:e}]", h.t_exit.to_f64()));
            }
            if (wp(&h.point) - (o + d * t)).norm() > tol {
                return Err("the point is not the ray's point at t".into());
            }
            let Some(nf) = n_face else {
                return Err("a hit on a collapsed surface".into());
            };
            let cos = nf.dot(&dh).abs();
            // The in-plane position of the hit is ill-conditioned by 1/cos.
            let in_plane = tol * (1.0 + 1.0 / cos.max(1e-300)) + plane_slack / cos.max(1e-300);
            let off_plane = (wp(&h.point) - s.anchor()).dot(&nf).abs();
            if off_plane > tol + plane_slack {
                return Err(format!("the hit is {off_plane:e} off the plane"));
            }
            let dist = s.distance(&wp(&h.point));
            if dist > in_plane {
                return Err(format!("the hit is {dist:e} from the surface (tol {in_plane:e})"));
            }
            let gap = s.closest_distance(&h.point).to_f64();
            if gap > in_plane {
                return Err(format!("closest-point layer: the hit is {gap:e} from the surface"));
            }
            let n = wv(&h.normal);
            if (n - nf).norm().min((n + nf).norm()) > 1e-3 + noise {
                return Err(format!("normal {n:?} is not ±{nf:?} (noise {noise:e})"));
            }
            let clear = 1e-3 + noise;
            if cos > clear && n.dot(&dh) > 0.0 {
                return Err(format!("normal {n:?} does not face the ray"));
            }
            if culled && cos > clear && nf.dot(&dh) > 0.0 {
                return Err("a back face was hit with back faces culled".into());
            }
            if let (Some(w), Some(tri)) = (bary, triangle) {
                let sum = w.iter().fold(0.0, |s, x| s + x.to_f64());
                let q = wp(&tri.a) * w[0].to_f64()
                    + wp(&tri.b).coords * w[1].to_f64()
                    + wp(&tri.c).coords * w[2].to_f64();
                if (sum - 1.0).abs() > 1e-3 || (q - wp(&h.point)).norm() > in_plane {
                    return Err(format!("barycentrics {w:?} do not give the point"));
                }
            }
            Ok(())
        }
        (None, None) => Ok(()),
        (None, Some(nf)) => {
            // A miss is wrong when the ray crosses the plane well inside the surface, well after
            // its origin and well before max_t, at a clear angle.
            let dn = nf.dot(&d);
            let cos = (dn / d.norm()).abs();
            if cos < 1e-3 + noise || (culled && dn > 0.0) {
                return Ok(());
            }
            let t = (s.anchor() - o).dot(&nf) / dn;
            let max_t = ray.max_t.to_f64();
            let margin = (tol + plane_slack) / (d.norm() * cos);
            if !(t > margin && (t < max_t - margin)) {
                return Ok(());
            }
            let x = o + d * t;
            let inset = s.inset(&x);
            if inset > 2.0 * tol * (1.0 + 1.0 / cos) + 2.0 * plane_slack / cos {
                return Err(format!(
                    "miss, but the ray crosses the surface {inset:e} inside its boundary at t = {t:e}"
                ));
            }
            Ok(())
        }
    }
}

fn surface<T: Real, S: Surface<T>>(
    scene: &Scene<T, S>,
    cast: impl Fn(&Ray<T>, &S) -> SurfaceHit<T>,
    culled: bool,
    triangle: Option<&Triangle<T>>,
) -> TestResult {
    let hit = cast(&scene.ray, &scene.shape);
    match check_surface(scene, &scene.ray, hit, culled, triangle) {
        Ok(()) => TestResult::passed(),
        Err(e) => TestResult::error(format!("{e}\nhit = {hit:?}\nscene = {scene:?}")),
    }
}

/// A triangle cast as a surface cast.
fn triangle_cast<T: Real>(
    culling: Culling,
    watertight: bool,
) -> impl Fn(&Ray<T>, &Triangle<T>) -> SurfaceHit<T> {
    move |r, t| {
        let h = if watertight {
            ray_triangle_watertight(r, t, culling)
        } else {
            ray_triangle(r, t, culling)
        };
        h.map(|h| (h.hit, Some(h.barycentric)))
    }
}

osculate_testing::properties! {
    plane(s: Scene<T, Plane<T>>) => surface(&s, |r, p| ray_plane(r, p).map(|h| (h, None)), false, None);
    polygon(s: Scene<T, ConvexPolygon<T>>) => surface(&s, |r, p| ray_polygon(r, p).map(|h| (h, None)), false, None);
    triangle_mt(s: Scene<T, Triangle<T>>) => surface(&s, triangle_cast(Culling::TwoSided, false), false, Some(&s.shape));
    triangle_mt_culled(s: Scene<T, Triangle<T>>) => surface(&s, triangle_cast(Culling::FrontOnly, false), true, Some(&s.shape));
    triangle_watertight(s: Scene<T, Triangle<T>>) => surface(&s, triangle_cast(Culling::TwoSided, true), false, Some(&s.shape));
    triangle_watertight_culled(s: Scene<T, Triangle<T>>) => surface(&s, triangle_cast(Culling::FrontOnly, true), true, Some(&s.shape));
}

/// Möller-Trumbore and the watertight test agree away from the edges: the same hit or miss unless
/// the ray crosses the plane within the band of an edge (or at a grazing angle, or the triangle is
/// collapsed), and when both hit, the same parameter (along the normal), barycentrics and normal.
fn triangle_algorithms_agree<T: Real>(s: Scene<T, Triangle<T>>) -> TestResult {
    let ray = &s.ray;
    let tri = &s.shape;
    let scale =
        Surface::<T>::scale(tri).max(wp(&ray.origin).coords.amax()).max(s.frame.scale.to_f64());
    let tol = band::<T>(scale);
    let d = wv(&ray.direction);
    for culling in [Culling::TwoSided, Culling::FrontOnly] {
        let (mt, wt) =
            (ray_triangle(ray, tri, culling), ray_triangle_watertight(ray, tri, culling));
        let fail = |e: &str| {
            TestResult::error(format!("{culling:?}: {e}\nMT {mt:?}\nwatertight {wt:?}\n{s:?}"))
        };
        let Some(nf) = Surface::<T>::normal(tri) else {
            if mt.is_some() || wt.is_some() {
                return fail("a hit on a collapsed triangle");
            }
            continue;
        };
        let cos = (nf.dot(&d) / d.norm()).abs();
        let (noise, plane_slack) = normal_noise(tri, scale);
        match (mt, wt) {
            (None, None) => {}
            (Some(a), Some(b)) => {
                let off = (a.hit.t_enter.to_f64() - b.hit.t_enter.to_f64()).abs() * d.norm() * cos;
                if off > 2.0 * tol + plane_slack {
                    return fail(&format!("parameters differ by {off:e} along the normal"));
                }
                if a.hit.normal != b.hit.normal
                    && (a.hit.normal.into_inner() - b.hit.normal.into_inner()).norm() > T::lit(1e-3)
                {
                    return fail("normals differ");
                }
                // A barycentric difference δ moves the point by at most δ times the longest edge.
                let (a3, b3, c3) = (wp(&tri.a), wp(&tri.b), wp(&tri.c));
                let edge = (b3 - a3).norm().max((c3 - b3).norm()).max((a3 - c3).norm());
                let bary_off = (0..3)
                    .map(|i| (a.barycentric[i].to_f64() - b.barycentric[i].to_f64()).abs())
                    .fold(0.0, f64::max);
                if bary_off * edge > (4.0 * tol + 2.0 * plane_slack) * (1.0 + 1.0 / cos.max(1e-300))
                {
                    return fail(&format!("barycentrics differ by {bary_off:e}"));
                }
            }
            _ => {
                // Allowed only at an edge, at a grazing angle, or at the ends of the ray.
                let dn = nf.dot(&d);
                // Möller-Trumbore misses rays within DEGENERATE_SQ_TOLERANCE of the plane.
                if cos < 1e-3 + noise {
                    continue;
                }
                let t = (wp(&tri.a) - wp(&ray.origin)).dot(&nf) / dn;
                let margin = (2.0 * tol + plane_slack) / (d.norm() * cos);
                if t < margin || t > ray.max_t.to_f64() - margin {
                    continue;
                }
                let inset = Surface::<T>::inset(tri, &(wp(&ray.origin) + d * t));
                if inset.abs() > 2.0 * tol * (1.0 + 1.0 / cos) + 2.0 * plane_slack / cos {
                    return fail(&format!("one misses, the other hits, {inset:e} from the edges"));
                }
            }
        }
    }
    TestResult::passed()
}

/// Surfaces moved rigidly: the same hit or miss unless the ray crosses within the band of an edge
/// or at a grazing angle, the same parameter along the normal and the same normal rotated.
fn moved_surface<T: Real, S: Surface<T>>(
    (scene, m): (Scene<T, S>, Motion<T>),
    cast: impl Fn(&Ray<T>, &S) -> SurfaceHit<T>,
) -> TestResult {
    let iso = m.0;
    let s = &scene.shape;
    let moved_shape = s.moved(&iso);
    let (ray, _, a, b) = cast_moved(&scene, &iso, &moved_shape, &cast, &cast);
    let scale = s.scale().max(wp(&ray.origin).coords.amax()).max(scene.frame.scale.to_f64())
        + wv(&iso.translation.vector).amax();
    let tol = band::<T>(scale);
    let fail = |e: &str| {
        TestResult::error(format!("{e}\noriginal {a:?}\nmoved {b:?}\n{scene:?}\n{iso:?}"))
    };
    let Some(nf) = s.normal() else { return TestResult::passed() };
    let d = wv(&ray.direction);
    let cos = (nf.dot(&d) / d.norm()).abs();
    let (noise, plane_slack) = normal_noise(s, scale);
    if cos < 1e-3 + noise {
        return TestResult::passed();
    }
    match (a, b) {
        (None, None) => TestResult::passed(),
        (Some((a, _)), Some((b, _))) => {
            let off = (a.t_enter.to_f64() - b.t_enter.to_f64()).abs() * d.norm() * cos;
            let nb = iso.rotation.inverse() * b.normal.into_inner();
            if off > 2.0 * (tol + plane_slack) {
                fail(&format!("parameters differ by {off:e} along the normal"))
            } else if wv(&(nb - a.normal.into_inner())).norm() > 1e-3 + 2.0 * noise {
                fail("normals differ")
            } else {
                TestResult::passed()
            }
        }
        _ => {
            let t = (s.anchor() - wp(&ray.origin)).dot(&nf) / nf.dot(&d);
            let margin = 2.0 * (tol + plane_slack) / (d.norm() * cos);
            if t < margin || t > ray.max_t.to_f64() - margin {
                return TestResult::passed();
            }
            let inset = s.inset(&(wp(&ray.origin) + d * t));
            if inset.abs() > 2.0 * (tol + plane_slack) * (1.0 + 1.0 / cos) {
                fail(&format!("hit in one frame only, {inset:e} from the edges"))
            } else {
                TestResult::passed()
            }
        }
    }
}

for_f32_and_f64!(run: triangle_algorithms_agree);

osculate_testing::properties! {
    moved_plane(x: (Scene<T, Plane<T>>, Motion<T>)) => moved_surface(x, |r, p| ray_plane(r, p).map(|h| (h, None)));
    moved_polygon(x: (Scene<T, ConvexPolygon<T>>, Motion<T>)) => moved_surface(x, |r, p| ray_polygon(r, p).map(|h| (h, None)));
    moved_triangle(x: (Scene<T, Triangle<T>>, Motion<T>)) => moved_surface(x, triangle_cast(Culling::FrontOnly, true));
}

/// The flavours are all exercised: a fixed-seed census of the scenes the generator makes, so a
/// change to the shared generators that dropped one would be seen.
#[test]
fn scenes_cover_every_flavour_and_kind_of_ray() {
    let mut rng = Rng::new(5);
    let (mut flavours, mut hits, mut misses, mut inside) = (Vec::new(), 0, 0, 0);
    for _ in 0..400 {
        let frame = Frame::<f64>::random(&mut rng);
        let b = Aabb::generate(&mut rng, &frame);
        let (ray, _) = scene_ray(&mut rng, &frame, &b);
        flavours.push(frame.flavour);
        match ray_aabb(&ray, &b) {
            Some(h) if h.t_enter == 0.0 => inside += 1,
            Some(_) => hits += 1,
            None => misses += 1,
        }
    }
    for f in Flavour::ALL {
        assert!(flavours.contains(&f), "{f:?}");
    }
    assert!(
        hits > 100 && misses > 50 && inside > 30,
        "{hits} hits, {misses} misses, {inside} from inside"
    );
}

// ---------------------------------------------------------------------------------------------
// Lines against triangles; plane intersections.

/// `line_triangle` (Ericson 5.3.4) on the line of the scene's ray: a point it returns lies on the
/// triangle and on the line (within the band, divided by the cosine between the line and the
/// plane) and its barycentrics sum to 1 and give it; `None` means the line crosses the plane
/// outside the triangle (or within the band of an edge), or is parallel to it, or the triangle is
/// collapsed.
fn line_crosses_triangle<T: Real>(s: Scene<T, Triangle<T>>) -> TestResult {
    let (o, q) = (s.ray.origin, s.ray.origin + s.ray.direction);
    let tri = &s.shape;
    let (ow, d) = (wp(&o), wv(&s.ray.direction));
    let mut scale = Surface::<T>::scale(tri).max(ow.coords.amax()).max(wp(&q).coords.amax());
    let got = line_triangle(&o, &q, tri);
    if let Some((x, _)) = got {
        scale = scale.max(wp(&x).coords.amax());
    }
    let tol = band::<T>(scale);
    let (noise, plane_slack) = normal_noise(tri, scale);
    let fail = |e: String| TestResult::error(format!("{e}\ngot {got:?}\n{s:?}"));
    let Some(nf) = Surface::<T>::normal(tri) else {
        // Collapsed: a point, if any, must still lie on the triangle and the line.
        return match got {
            Some((x, _)) if Surface::<T>::distance(tri, &wp(&x)) > 4.0 * tol => {
                fail("a point off the collapsed triangle".into())
            }
            _ => TestResult::passed(),
        };
    };
    let cos = (nf.dot(&d) / d.norm()).abs();
    match got {
        Some((x, w)) => {
            let x64 = wp(&x);
            let sum = w.iter().fold(0.0, |a, b| a + b.to_f64());
            let rebuilt = wp(&tri.a) * w[0].to_f64()
                + wp(&tri.b).coords * w[1].to_f64()
                + wp(&tri.c).coords * w[2].to_f64();
            let on_line = (x64 - ow).cross(&d).norm() / d.norm();
            let slack = (tol + plane_slack) * (1.0 + 1.0 / cos.max(1e-300));
            if (sum - 1.0).abs() > 1e-3 || (rebuilt - x64).norm() > 4.0 * tol {
                fail(format!("barycentrics {w:?} do not give the point"))
            } else if Surface::<T>::distance(tri, &x64) > 4.0 * tol + plane_slack {
                fail("the point is off the triangle".into())
            } else if on_line > 4.0 * slack {
                fail(format!("the point is {on_line:e} off the line (tol {slack:e})"))
            } else {
                TestResult::passed()
            }
        }
        None => {
            if cos < 1e-3 + noise {
                return TestResult::passed();
            }
            let t = (Surface::<T>::anchor(tri) - ow).dot(&nf) / nf.dot(&d);
            let inset = Surface::<T>::inset(tri, &(ow + d * t));
            if inset > 2.0 * tol * (1.0 + 1.0 / cos) + 2.0 * plane_slack / cos {
                fail(format!("None, but the line crosses the triangle {inset:e} inside it"))
            } else {
                TestResult::passed()
            }
        }
    }
}

/// Three planes near each other: random, or sharing (up to a 1e-7 turn or exactly, either way
/// round) the first one's normal, or the third a combination of the first two (a pencil).
#[derive(Clone, Debug)]
pub(crate) struct Planes<T: Real> {
    planes: [Plane<T>; 3],
    frame: Frame<T>,
}

impl<T: Real> Arbitrary for Planes<T> {
    fn arbitrary(g: &mut Gen) -> Self {
        let mut rng = Rng::from_gen(g);
        let frame = Frame::random(&mut rng);
        let mut planes = [0; 3].map(|_| Plane::generate(&mut rng, &frame));
        let u = rng.unit();
        let through = |n: Vector3<T>, rng: &mut Rng| {
            let n = osculate_math::Unit::new_normalize(n);
            Plane::new(n, n.dot(&frame.point(rng).coords))
        };
        if u < 0.15 {
            // The second parallel to the first (exactly or turned by 1e-7, either way round).
            let turn = rng.unit_vector::<T>().into_inner()
                * T::lit(if rng.chance(0.5) { 0.0 } else { 1e-7 });
            let sign = if rng.chance(0.5) { T::ONE } else { -T::ONE };
            planes[1] = through(planes[0].normal.into_inner() * sign + turn, &mut rng);
        } else if u < 0.3 {
            // The third normal in the span of the first two: no single common point.
            let (a, b) = (T::lit(rng.range(-1.0, 1.0)), T::lit(rng.range(-1.0, 1.0)));
            planes[2] = through(
                planes[0].normal.into_inner() * a + planes[1].normal.into_inner() * b,
                &mut rng,
            );
        }
        Self { planes, frame }
    }
}

fn plane_scale<T: Real>(p: &Planes<T>) -> f64 {
    p.planes.iter().fold(p.frame.scale.to_f64(), |s, q| s.max(q.d.to_f64().abs()))
}

/// The check of an answer `got` for the planes `p` that must be `None` exactly when they are
/// degenerate: `measure` (the `what` of the input) below `threshold`, with a factor 2 of room
/// either way; `check` judges an answer given, with the failure that reports it.
fn none_when_degenerate<T: Real, R: Clone + Debug>(
    got: Option<R>,
    p: &Planes<T>,
    measure: f64,
    threshold: f64,
    what: &str,
    check: impl FnOnce(R, &dyn Fn(String) -> TestResult) -> TestResult,
) -> TestResult {
    let fail = |e: String| TestResult::error(format!("{e}\ngot {got:?}\n{p:?}"));
    match got {
        None if measure > 2.0 * threshold => fail(format!("None for {what} {measure:e}")),
        None => TestResult::passed(),
        Some(_) if measure < 0.5 * threshold => fail(format!("an answer for {what} {measure:e}")),
        Some(ref x) => check(x.clone(), &fail),
    }
}

/// `plane_plane` (Ericson 5.4.4): a line it returns lies in both planes (its point within the band
/// over the sine of their angle) and runs along both (its direction perpendicular to both
/// normals); `None` exactly when the planes are parallel up to `DEGENERATE_SQ_TOLERANCE` (checked
/// with a factor 2 of room either way).
fn plane_plane_line<T: Real>(p: Planes<T>) -> TestResult {
    let [a, b, _] = p.planes;
    let (na, nb) = (wv(&a.normal), wv(&b.normal));
    let sine_sq = na.cross(&nb).norm_squared();
    let dst = T::DEGENERATE_SQ_TOLERANCE.to_f64();
    let got = plane_plane(&a, &b);
    none_when_degenerate(got, &p, sine_sq, dst, "planes at sine²", |line, fail| {
        let x = wp(&line.point);
        let tol = band::<T>(plane_scale(&p).max(x.coords.amax())) / sine_sq.sqrt();
        let dir = wv(&line.direction).normalize();
        let off = [(na, a.d), (nb, b.d)].map(|(n, d)| (n.dot(&x.coords) - d.to_f64()).abs());
        let along = [na, nb].map(|n| n.dot(&dir).abs());
        if off.iter().any(|o| *o > 4.0 * tol) {
            fail(format!("the point is {off:?} off the planes (tol {tol:e})"))
        } else if along.iter().any(|c| *c > 1e-3) {
            fail(format!("the direction is not in both planes: {along:?}"))
        } else {
            TestResult::passed()
        }
    })
}

/// `three_planes` (Ericson 5.4.5): a point it returns lies on the three planes (within the band
/// over the triple product, its conditioning); `None` exactly when the triple product of the
/// normals is within `RELATIVE_TOLERANCE` of 0 (a factor 2 of room either way).
fn three_planes_point<T: Real>(p: Planes<T>) -> TestResult {
    let [a, b, c] = p.planes;
    let n = [a, b, c].map(|q| wv(&q.normal));
    let det = n[0].dot(&n[1].cross(&n[2])).abs();
    let rt = T::RELATIVE_TOLERANCE.to_f64();
    let got = osculate_math::three_planes(&a, &b, &c);
    none_when_degenerate(got, &p, det, rt, "triple product", |x, fail| {
        let x = wp(&x);
        let tol = band::<T>(plane_scale(&p).max(x.coords.amax())) / det;
        let off = [a, b, c].map(|q| (wv(&q.normal).dot(&x.coords) - q.d.to_f64()).abs());
        if off.iter().any(|o| *o > 4.0 * tol) {
            fail(format!("the point is {off:?} off the planes (tol {tol:e})"))
        } else {
            TestResult::passed()
        }
    })
}

for_f32_and_f64!(run: line_crosses_triangle, plane_plane_line, three_planes_point);
