//! Differential tests against parry3d-f64 (f64) and parry3d (f32) ray casts
//! (`RayCast::cast_local_ray_and_get_normal`, `solid = true`): ball, cuboid (from an `Aabb` and
//! from an `Obb`), triangle, capsule, cylinder and cone, on `SEEDS` seeded scenes each
//! (`Scene::from_seed`: the shared generators in every flavour, rays aimed inside, at the boundary,
//! from inside, or random; some stopping at `max_t`), a mix of hits and misses (both counted and
//! asserted).
//!
//! Conventions: parry's ray from inside a solid reports `toi = 0` (its normal is then not
//! compared: ours is `−direction` by definition); parry's cylinder and cone are centered at the
//! origin of their frame on the local `y` axis (the cone's apex at `+half_height`), so our shapes
//! are posed for it and the ray taken into that frame, parry's normal taken back.
//!
//! The referee of every disagreement is the `f64` oracle of the properties: the signed distance
//! of the shape along the ray (an entry must lie within the band of the boundary with the ray
//! outside before it; a miss must not pass deeper than the band) and the closest-point normal test.
//! Our answer is checked by the same referee first (`check_solid`): a wrong answer of ours fails.
//! Every disagreement is put in a named class, counted, printed (`--nocapture`) and asserted: each
//! class is in the pair's list of expected classes, with the largest count allowed.

use std::collections::BTreeMap;

use osculate_cast::{Culling, RayHit, ray_aabb, ray_capsule, ray_cone, ray_cylinder, ray_obb};
use osculate_cast::{ray_sphere, ray_triangle, ray_triangle_watertight};
use osculate_math::{
    Aabb, Capsule, Cone, Cylinder, Obb, Point3, Ray, Real, Rotation3, Sphere, Triangle, Vector3,
};
use osculate_testing::Flavour;

use crate::properties::{
    Scene, Solid, Surface, SurfaceHit, band, check_solid, check_surface, normal_ok, shallow, wp, wv,
};

/// Seeds per shape and scalar.
const SEEDS: u64 = 2000;

/// Both answers right per the referee: the ray grazes the shape (its chord is within the band),
/// where one library sees a touch and the other a miss, or the entry is ill-conditioned.
const GRAZE: &str = "both right: a graze within the band";
/// Both acceptable: parry hits a collapsed triangle (collinear vertices up to rounding, which ours
/// misses by design) at a point of the segment it has collapsed to (within the band).
const COLLAPSED: &str = "both acceptable: parry hits a collapsed triangle on its segment";
/// Both right: at an edge or a corner (or anywhere on a zero-radius ball, a point), parry's normal
/// is another valid outward normal there, more than 1e-2 from ours (a normal of the normal cone:
/// the referee's closest-point test passes for it too).
const OTHER_NORMAL: &str = "both right: another normal of the edge or corner";
/// Parry's entry is off the boundary beyond the band (by at most `PARRY_IMPRECISE_BOUND` × band):
/// the textbook quadratic of its ball cast (`b² − a·c`, which cancels for a sphere far from the
/// ray's origin: van den Bergen's long-range caveat), or the stopping tolerance of its GJK ray cast
/// (cylinder, cone).
const PARRY_IMPRECISE: &str = "parry imprecise: entry off the boundary";
/// The largest error of [`PARRY_IMPRECISE`], in multiples of the band.
const PARRY_IMPRECISE_BOUND: f64 = 1e6;
/// Parry's normal is off ours by more than 1e-3 but at most `PARRY_NORMAL_BOUND` and not clearly
/// another normal of an edge: the direction its GJK ray cast (cylinder, cone) stopped on.
const PARRY_NORMAL: &str = "parry imprecise: normal";
/// The largest normal error of [`PARRY_NORMAL`].
const PARRY_NORMAL_BOUND: f64 = 0.1;
/// Parry misses a ray that passes through the solid beyond the band.
const PARRY_MISSES: &str = "parry wrong: misses";
/// Parry reports a hit for a ray that stays outside the solid beyond the band.
const PARRY_FALSE_HIT: &str = "parry wrong: false hit";
/// Parry's entry is off the boundary by more than `PARRY_IMPRECISE_BOUND` × band.
const PARRY_WRONG_ENTRY: &str = "parry wrong: entry";
/// Parry's normal is wrong by more than `PARRY_NORMAL_BOUND`.
const PARRY_WRONG_NORMAL: &str = "parry wrong: normal";

/// The outcome of one shape's comparison.
#[derive(Debug, Default)]
struct Tally {
    cases: usize,
    hits: usize,
    misses: usize,
    agree: usize,
    classes: BTreeMap<String, usize>,
}

impl Tally {
    /// Counts a disagreement of `class` on a shape of `kind` (`""` for an ordinary one). Parry's
    /// errors are named with the kind of shape and, for the tiny flavour (size 1e-4), "tiny":
    /// parry's tolerances are absolute.
    fn class(&mut self, class: &str, flavour: Flavour, kind: &str) {
        let mut name = class.to_owned();
        if class.starts_with("parry") {
            if !kind.is_empty() {
                name = format!("{name} on {kind}");
            }
            if flavour == Flavour::Tiny {
                name = format!("{name} (tiny)");
            }
        }
        *self.classes.entry(name).or_default() += 1;
    }

    /// Prints the tally and asserts: every seed counted once, hits and misses both at least 20% of
    /// the cases, agreement on at least `min_agree` of them, and every class in `allowed` with at
    /// most its count.
    #[track_caller]
    fn finish(&self, name: &str, min_agree: f64, allowed: &[(&str, usize)]) {
        eprintln!(
            "{name}: {} cases ({} hits, {} misses by ours), {} agree, {:?}",
            self.cases, self.hits, self.misses, self.agree, self.classes
        );
        assert_eq!(self.cases as u64, SEEDS, "{name}: {self:?}");
        assert_eq!(self.agree + self.classes.values().sum::<usize>(), self.cases, "{self:?}");
        assert!(self.hits * 5 >= self.cases && self.misses * 5 >= self.cases, "{name}: {self:?}");
        assert!(self.agree as f64 >= min_agree * self.cases as f64, "{name}: {self:?}");
        for (class, &count) in &self.classes {
            let limit = allowed.iter().find(|(c, _)| c == class).map(|&(_, n)| n);
            assert!(
                limit.is_some_and(|n| count <= n),
                "{name}: class {class:?} ({count}) is not expected or over its bound ({limit:?}): {self:?}"
            );
        }
    }
}

/// One solid's comparison over the seeds. `parry` answers `(toi, world normal)` for the scene.
fn compare_solid<T: Real, S: Solid<T>>(
    name: &str,
    salt: u64,
    ours: impl Fn(&Ray<T>, &S) -> Option<RayHit<T>>,
    parry: impl Fn(&Ray<T>, &S) -> Option<(T, Vector3<T>)>,
    kind: impl Fn(&S) -> &'static str,
) -> Tally {
    let mut tally = Tally::default();
    for seed in 0..SEEDS {
        let scene = Scene::<T, S>::from_seed(seed ^ salt);
        let (ray, s) = (&scene.ray, &scene.shape);
        let (o, p) = (ours(ray, s), parry(ray, s));
        let context = || format!("{name}, seed {seed}: ours {o:?}, parry {p:?}\n{scene:?}");
        if let Err(e) = check_solid(&scene, ray, o) {
            panic!("osculate is wrong: {e}\n{}", context());
        }
        tally.cases += 1;
        if o.is_some() {
            tally.hits += 1;
        } else {
            tally.misses += 1;
        }
        let (ow, dw) = (wp(&ray.origin), wv(&ray.direction));
        let mut scale = s.scale().max(ow.coords.amax()).max(scene.frame.scale.to_f64());
        for t in [o.map(|h| h.t_enter), p.map(|p| p.0)].into_iter().flatten() {
            scale = scale.max((ow + dw * t.to_f64().min(1e30)).coords.amax());
        }
        let tol = band::<T>(scale);
        // Normals are the same within 1e-3, widened by the rounding of the points they come
        // from relative to the shape's size (a unit shape 1e4 away in f32: ~1e-3 / 0.5).
        let same_normal = 1e-3 + 64.0 * T::EPSILON.to_f64() * scale / scene.frame.scale.to_f64();
        let class = match (o, p) {
            (None, None) => None,
            (Some(_), None) => {
                Some(if shallow(&scene, ray, 2.0 * tol) { GRAZE } else { PARRY_MISSES })
            }
            (None, Some((t, _))) => {
                let sd = s.sd(&(ow + dw * t.to_f64()));
                assert!(sd >= -2.0 * tol, "osculate misses a hit parry finds\n{}", context());
                Some(if sd <= tol { GRAZE } else { PARRY_FALSE_HIT })
            }
            (Some(h), Some((t, n))) => {
                let off = (h.t_enter - t).to_f64().abs() * dw.norm();
                let outward = h.t_enter > T::ZERO && t > T::ZERO;
                if off > 4.0 * tol {
                    // Is parry's entry right? On the boundary, or at the origin inside.
                    let sd = s.sd(&(ow + dw * t.to_f64()));
                    let right = if t == T::ZERO { sd <= tol } else { sd.abs() <= tol };
                    Some(if right {
                        GRAZE
                    } else if sd.abs() <= PARRY_IMPRECISE_BOUND * tol {
                        PARRY_IMPRECISE
                    } else {
                        PARRY_WRONG_ENTRY
                    })
                } else if outward && wv(&(h.normal.into_inner() - n)).norm() > same_normal {
                    let angle = wv(&(h.normal.into_inner() - n)).norm();
                    let valid = normal_ok(s, &h.point, &n, scene.frame.scale, 4.0 * tol).is_ok();
                    Some(if valid && angle > 1e-2 {
                        OTHER_NORMAL
                    } else if angle <= PARRY_NORMAL_BOUND {
                        PARRY_NORMAL
                    } else {
                        PARRY_WRONG_NORMAL
                    })
                } else {
                    None
                }
            }
        };
        match class {
            None => tally.agree += 1,
            Some(c) => {
                if !tally.classes.keys().any(|k| k.starts_with(c)) {
                    eprintln!("first of class {c}: {}", context());
                }
                tally.class(c, scene.frame.flavour, kind(s));
            }
        }
    }
    tally
}

/// The triangle comparison: parry's (two-sided) triangle against both of ours, two-sided; the
/// referee is the surface checks of the properties.
fn compare_triangle<T: Real>(
    name: &str,
    salt: u64,
    watertight: bool,
    parry: impl Fn(&Ray<T>, &Triangle<T>) -> Option<(T, Vector3<T>)>,
) -> Tally {
    let mut tally = Tally::default();
    for seed in 0..SEEDS {
        let scene = Scene::<T, Triangle<T>>::from_seed(seed ^ salt);
        let (ray, tri) = (&scene.ray, &scene.shape);
        let ours = if watertight {
            ray_triangle_watertight(ray, tri, Culling::TwoSided)
        } else {
            ray_triangle(ray, tri, Culling::TwoSided)
        };
        let o: SurfaceHit<T> = ours.map(|h| (h.hit, Some(h.barycentric)));
        let p = parry(ray, tri);
        let context = || format!("{name}, seed {seed}: ours {o:?}, parry {p:?}\n{scene:?}");
        if let Err(e) = check_surface(&scene, ray, o, false, Some(tri)) {
            panic!("osculate is wrong: {e}\n{}", context());
        }
        tally.cases += 1;
        if o.is_some() {
            tally.hits += 1;
        } else {
            tally.misses += 1;
        }
        // Parry's answer through the same referee (its normal faces the ray as ours does).
        let parry_hit = p.map(|(t, n)| {
            let hit = RayHit {
                t_enter: t,
                t_exit: t,
                point: ray.point_at(t),
                normal: osculate_math::Unit::new_normalize(n),
            };
            (hit, None)
        });
        let parry_right = check_surface(&scene, ray, parry_hit, false, None);
        let same = match (o, p) {
            (None, None) => true,
            (Some((h, _)), Some((t, n))) => {
                let d = wv(&ray.direction);
                let nf = Surface::<T>::normal(tri).unwrap_or_else(Vector3::zeros);
                let cos = nf.dot(&d.normalize()).abs().max(1e-300);
                let tol = band::<T>(Surface::<T>::scale(tri).max(wp(&h.point).coords.amax()));
                ((h.t_enter - t).to_f64().abs() * d.norm() * cos <= 4.0 * tol)
                    && (h.normal.into_inner() - n).norm() <= T::lit(1e-3)
            }
            _ => false,
        };
        let collapsed = Surface::<T>::normal(tri).is_none();
        let class = if same {
            None
        } else if collapsed {
            // Ours misses a collapsed triangle by design; parry's hit is acceptable on the
            // segment the triangle has collapsed to.
            let (t, _) =
                p.unwrap_or_else(|| panic!("osculate hit a collapsed triangle\n{}", context()));
            let x = wp(&ray.point_at(t));
            let scale = Surface::<T>::scale(tri).max(x.coords.amax());
            let dist = Surface::<T>::distance(tri, &x);
            Some(if dist <= 4.0 * band::<T>(scale) { COLLAPSED } else { PARRY_FALSE_HIT })
        } else {
            Some(match (&parry_right, o, p) {
                (Ok(()), _, _) => GRAZE,
                (Err(_), Some(_), None) => PARRY_MISSES,
                (Err(_), None, Some(_)) => PARRY_FALSE_HIT,
                (Err(e), _, _) if e.contains("normal") => PARRY_WRONG_NORMAL,
                (Err(_), _, _) => PARRY_WRONG_ENTRY,
            })
        };
        match class {
            None => tally.agree += 1,
            Some(c) => {
                if !tally.classes.keys().any(|k| k.starts_with(c)) {
                    eprintln!("first of class {c}: {}\nreferee: {parry_right:?}", context());
                }
                tally.class(
                    c,
                    scene.frame.flavour,
                    if collapsed { "collapsed triangle" } else { "" },
                );
            }
        }
    }
    tally
}

/// The kind of a ball: a zero radius is a point.
fn ball_kind<T: Real>(s: &Sphere<T>) -> &'static str {
    if s.radius == T::ZERO { "zero-radius ball" } else { "" }
}

/// The kind of a box: flat (a rectangle), a segment or a point by its zero extents.
fn box_kind<T: Real>(e: &Vector3<T>) -> &'static str {
    match e.iter().filter(|x| **x == T::ZERO).count() {
        0 => "",
        1 => "flat box",
        2 => "segment box",
        _ => "point box",
    }
}

fn capsule_kind<T: Real>(c: &Capsule<T>) -> &'static str {
    if c.radius == T::ZERO { "zero-radius capsule" } else { "" }
}

fn cylinder_kind<T: Real>(c: &Cylinder<T>) -> &'static str {
    if c.radius == T::ZERO { "zero-radius cylinder" } else { "" }
}

fn cone_kind<T: Real>(c: &Cone<T>) -> &'static str {
    match (c.radius == T::ZERO, c.height == T::ZERO) {
        (true, true) => "point cone",
        (true, false) => "zero-radius cone",
        (false, true) => "flat cone",
        (false, false) => "",
    }
}

/// A rotation taking the `y` axis to unit `v` (parry's round shapes stand on `y`).
fn y_to<T: Real>(v: &Vector3<T>) -> Rotation3<T> {
    Rotation3::rotation_between(&Vector3::y(), v).unwrap_or_else(|| {
        Rotation3::from_axis_angle(&Vector3::x_axis(), T::lit(core::f64::consts::PI))
    })
}

/// The ray in the frame `(center, rotation)`: origin and direction.
fn local<T: Real>(ray: &Ray<T>, center: &Point3<T>, r: &Rotation3<T>) -> (Vector3<T>, Vector3<T>) {
    (r.inverse_transform_vector(&(ray.origin - center)), r.inverse_transform_vector(&ray.direction))
}

/// The whole suite for one scalar type and the matching parry crate.
macro_rules! parry_suite {
    ($module:ident, $parry:ident, $t:ty, $allowed:ident) => {
        mod $module {
            use super::*;
            use $parry::math::Vector as PVector;
            use $parry::query::{Ray as PRay, RayCast};
            use $parry::shape;

            type T = $t;

            fn pv(v: &Vector3<T>) -> PVector {
                PVector::new(v.x, v.y, v.z)
            }

            /// Parry's cast of the local ray `(o, d)` (`max_t`: parry's `max_time_of_impact`;
            /// `T::MAX` for an unbounded ray), its normal taken back by `r`.
            fn cast(
                shape: &dyn RayCast,
                (o, d): (Vector3<T>, Vector3<T>),
                max_t: T,
                r: &Rotation3<T>,
            ) -> Option<(T, Vector3<T>)> {
                let max = if max_t.is_finite() { max_t } else { T::MAX };
                let hit =
                    shape.cast_local_ray_and_get_normal(&PRay::new(pv(&o), pv(&d)), max, true)?;
                let n = hit.normal;
                Some((hit.time_of_impact, r * Vector3::new(n.x, n.y, n.z)))
            }

            fn ball(ray: &Ray<T>, s: &Sphere<T>) -> Option<(T, Vector3<T>)> {
                let id = Rotation3::identity();
                cast(&shape::Ball::new(s.radius), local(ray, &s.center, &id), ray.max_t, &id)
            }

            fn cuboid_obb(ray: &Ray<T>, b: &Obb<T>) -> Option<(T, Vector3<T>)> {
                let c = shape::Cuboid::new(pv(&b.half_extents));
                cast(&c, local(ray, &b.center, &b.rotation), ray.max_t, &b.rotation)
            }

            fn cuboid_aabb(ray: &Ray<T>, b: &Aabb<T>) -> Option<(T, Vector3<T>)> {
                cuboid_obb(ray, &b.to_obb())
            }

            fn capsule(ray: &Ray<T>, c: &Capsule<T>) -> Option<(T, Vector3<T>)> {
                let id = Rotation3::identity();
                let shape = shape::Capsule::new(pv(&c.a.coords), pv(&c.b.coords), c.radius);
                cast(&shape, local(ray, &Point3::origin(), &id), ray.max_t, &id)
            }

            fn cylinder(ray: &Ray<T>, c: &Cylinder<T>) -> Option<(T, Vector3<T>)> {
                let axis = c.b - c.a;
                let r = y_to(&axis.normalize());
                let center = nalgebra::center(&c.a, &c.b);
                let shape = shape::Cylinder::new(axis.norm() / 2.0, c.radius);
                cast(&shape, local(ray, &center, &r), ray.max_t, &r)
            }

            fn cone(ray: &Ray<T>, c: &Cone<T>) -> Option<(T, Vector3<T>)> {
                // Our tip is parry's apex at +half_height: local y is −axis.
                let r = y_to(&-c.axis.into_inner());
                let center = c.tip + c.axis.into_inner() * (c.height / 2.0);
                let shape = shape::Cone::new(c.height / 2.0, c.radius);
                cast(&shape, local(ray, &center, &r), ray.max_t, &r)
            }

            fn triangle(ray: &Ray<T>, t: &Triangle<T>) -> Option<(T, Vector3<T>)> {
                let id = Rotation3::identity();
                let shape = shape::Triangle::new(pv(&t.a.coords), pv(&t.b.coords), pv(&t.c.coords));
                cast(&shape, local(ray, &Point3::origin(), &id), ray.max_t, &id)
            }

            #[test]
            fn ball_sphere() {
                compare_solid("ball", 1, ray_sphere, ball, ball_kind).finish(
                    "ball",
                    0.9,
                    $allowed.ball,
                );
            }

            #[test]
            fn cuboid_ray_aabb() {
                compare_solid("cuboid (ray_aabb)", 2, ray_aabb, cuboid_aabb, |b| {
                    box_kind(&b.half_extents())
                })
                .finish("cuboid (ray_aabb)", 0.9, $allowed.cuboid_aabb);
            }

            #[test]
            fn cuboid_ray_obb() {
                compare_solid("cuboid (ray_obb)", 3, ray_obb, cuboid_obb, |b| {
                    box_kind(&b.half_extents)
                })
                .finish("cuboid (ray_obb)", 0.9, $allowed.cuboid_obb);
            }

            #[test]
            fn capsule_ray_capsule() {
                compare_solid("capsule", 4, ray_capsule, capsule, capsule_kind).finish(
                    "capsule",
                    0.9,
                    $allowed.capsule,
                );
            }

            #[test]
            fn cylinder_ray_cylinder() {
                compare_solid("cylinder", 5, ray_cylinder, cylinder, cylinder_kind).finish(
                    "cylinder",
                    0.6,
                    $allowed.cylinder,
                );
            }

            #[test]
            fn cone_ray_cone() {
                compare_solid("cone", 6, ray_cone, cone, cone_kind).finish(
                    "cone",
                    0.6,
                    $allowed.cone,
                );
            }

            #[test]
            fn triangle_watertight() {
                compare_triangle("triangle (watertight)", 7, true, triangle).finish(
                    "triangle (watertight)",
                    0.9,
                    $allowed.triangle,
                );
            }

            #[test]
            fn triangle_moller_trumbore() {
                compare_triangle("triangle (Möller-Trumbore)", 7, false, triangle).finish(
                    "triangle (Möller-Trumbore)",
                    0.9,
                    $allowed.triangle,
                );
            }
        }
    };
}

/// The expected disagreement classes of each shape, with the largest count allowed.
struct Allowed {
    ball: &'static [(&'static str, usize)],
    cuboid_aabb: &'static [(&'static str, usize)],
    cuboid_obb: &'static [(&'static str, usize)],
    capsule: &'static [(&'static str, usize)],
    cylinder: &'static [(&'static str, usize)],
    cone: &'static [(&'static str, usize)],
    triangle: &'static [(&'static str, usize)],
}

/// parry3d-f64, 2,000 seeds each (bounds: the counts seen, plus a quarter, at least 3). Why parry
/// answers as it does:
/// - ball: on a zero-radius ball (a point) that the ray passes within rounding of, parry's textbook
///   discriminant `b² − a·c` cancels to noise and reports an entry √ε away from the point (or a
///   hit where the ray misses it by more than the band); ours measures the discriminant as
///   `ρ² − |l|²` (Haines et al.) and is exact there.
/// - cuboid: on a box with zero half extents (a segment, mostly, or a rectangle hit at its rim)
///   parry's slab clip returns a normal with a component along a direction the box extends in at
///   the hit, so not a normal of the box there (ours: the face the slab test entered through).
/// - cylinder, cone: parry casts them by GJK; its entries stop on the boundary within GJK's
///   tolerance, beyond our band (1e-9 × scale) and, at the tiny scale (1e-4), far beyond it or
///   not at all (absolute tolerances), and its normals are the direction the iteration stopped on.
/// - triangle: on a collapsed triangle (collinear up to rounding, which ours misses by design)
///   parry's Möller-Trumbore divides by a noise determinant and reports points off the segment.
const ALLOWED_F64: Allowed = Allowed {
    ball: &[
        ("both right: a graze within the band", 48), // seen: 38
        ("both right: another normal of the edge or corner", 6), // seen: 3
        ("parry imprecise: entry off the boundary on zero-radius ball", 10), // seen: 7
        ("parry wrong: false hit on zero-radius ball", 20), // seen: 16
    ],
    cuboid_aabb: &[
        ("both right: a graze within the band", 93), // seen: 74
        ("both right: another normal of the edge or corner", 65), // seen: 52
        ("parry wrong: normal on segment box", 54),  // seen: 43
        ("parry wrong: normal on flat box", 5),      // seen: 2
    ],
    cuboid_obb: &[
        ("both right: a graze within the band", 114), // seen: 91
        ("both right: another normal of the edge or corner", 52), // seen: 41
        ("parry wrong: normal on segment box", 24),   // seen: 19
        ("parry wrong: normal on flat box", 5),       // seen: 2
    ],
    capsule: &[
        ("both right: a graze within the band", 19), // seen: 15
        ("both right: another normal of the edge or corner", 14), // seen: 11
    ],
    cylinder: &[
        ("both right: a graze within the band", 205), // seen: 164
        ("parry imprecise: entry off the boundary (tiny)", 35), // seen: 28
        ("parry wrong: entry (tiny)", 249),           // seen: 199
        ("parry wrong: false hit (tiny)", 5),         // seen: 2
        ("parry wrong: misses (tiny)", 33),           // seen: 26
    ],
    cone: &[
        ("both right: a graze within the band", 178), // seen: 142
        ("both right: another normal of the edge or corner", 10), // seen: 7
        ("parry imprecise: entry off the boundary", 175), // seen: 140
        ("parry imprecise: entry off the boundary (tiny)", 45), // seen: 36
        ("parry wrong: entry (tiny)", 225),           // seen: 180
        ("parry wrong: misses (tiny)", 37),           // seen: 29
    ],
    triangle: &[
        ("both right: a graze within the band", 65), // seen: 52
        ("parry wrong: false hit on collapsed triangle", 6), // seen: 3
    ],
};

/// parry3d (f32), 2,000 seeds each, as for f64 with f32's own counts; also GJK normals off by up to
/// `PARRY_NORMAL_BOUND` for cylinders and cones.
const ALLOWED_F32: Allowed = Allowed {
    ball: &[
        ("both right: a graze within the band", 48), // seen: 38
        ("both right: another normal of the edge or corner", 6), // seen: 3
        ("parry imprecise: normal", 4),              // seen: 1
        ("parry wrong: false hit on zero-radius ball", 32), // seen: 25
    ],
    cuboid_aabb: &[
        ("both right: a graze within the band", 100), // seen: 80
        ("both right: another normal of the edge or corner", 58), // seen: 46
        ("parry wrong: normal on segment box", 50),   // seen: 40
        ("parry wrong: normal on flat box", 9),       // seen: 6
    ],
    cuboid_obb: &[
        ("both right: a graze within the band", 112), // seen: 89
        ("both right: another normal of the edge or corner", 52), // seen: 41
        ("parry wrong: normal on segment box", 24),   // seen: 19
        ("parry wrong: normal on flat box", 4),       // seen: 1
    ],
    capsule: &[
        ("both right: a graze within the band", 18), // seen: 14
        ("both right: another normal of the edge or corner", 15), // seen: 12
    ],
    cylinder: &[
        ("both right: a graze within the band", 217), // seen: 173
        ("both right: another normal of the edge or corner", 4), // seen: 1
        ("parry imprecise: entry off the boundary (tiny)", 259), // seen: 207
        ("parry imprecise: normal", 212),             // seen: 169
        ("parry wrong: false hit (tiny)", 5),         // seen: 2
        ("parry wrong: misses (tiny)", 48),           // seen: 38
        ("parry wrong: normal", 6),                   // seen: 3
    ],
    cone: &[
        ("both right: a graze within the band", 188), // seen: 150
        ("both right: another normal of the edge or corner", 13), // seen: 10
        ("parry imprecise: entry off the boundary", 7), // seen: 4
        ("parry imprecise: entry off the boundary (tiny)", 258), // seen: 206
        ("parry imprecise: normal", 329),             // seen: 263
        ("parry wrong: false hit (tiny)", 5),         // seen: 2
        ("parry wrong: misses (tiny)", 44),           // seen: 35
        ("parry wrong: normal", 4),                   // seen: 1
    ],
    triangle: &[
        ("both right: a graze within the band", 79), // seen: 63
        ("parry wrong: false hit on collapsed triangle", 7), // seen: 4
    ],
};

parry_suite!(f64_parry3d_f64, parry3d_f64, f64, ALLOWED_F64);
parry_suite!(f32_parry3d, parry3d, f32, ALLOWED_F32);
