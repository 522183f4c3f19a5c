//! The cheap ray forms agree exactly with the full casts: for every shape with `_t` and `_hits`
//! forms, `_t` returns `Some` exactly when the full cast hits, with its `t_enter` to the bit, and
//! `_hits` says the same; [`WatertightRay`] prepared once and used on many triangles (and with
//! `max_t` narrowed) answers as [`ray_triangle_watertight`] on each.
//!
//! The scenes are the properties' (rays aimed inside, at the boundary's corners, edges and faces,
//! from inside, random; 30% bounded), spoiled in part: a direction component zeroed (a ray
//! parallel to a slab, often with its origin on a slab plane), a ray or shape coordinate replaced
//! by NaN, ±∞ or 0, `max_t` negative, NaN, 0 or the aimed parameter itself.

use osculate_cast::{
    Culling, RayHit, WatertightRay, ray_aabb, ray_aabb_hits, ray_aabb_t, ray_capsule,
    ray_capsule_hits, ray_capsule_t, ray_obb, ray_obb_hits, ray_obb_t, ray_sphere, ray_sphere_hits,
    ray_sphere_t, ray_triangle_watertight, ray_triangle_watertight_hits, ray_triangle_watertight_t,
};
use osculate_math::{Aabb, Capsule, Obb, Point3, Ray, Real, Sphere, Triangle, Vector3};
use osculate_testing::{Rng, for_f32_and_f64};
use quickcheck::TestResult;

use crate::properties::{Scene, run};

/// A value that breaks a coordinate: NaN, ±∞, 0, or a huge or tiny magnitude.
pub(crate) fn special<T: Real>(rng: &mut Rng) -> T {
    match rng.index(7) {
        0 => T::NAN,
        1 => T::INFINITY,
        2 => -T::INFINITY,
        3 => T::ZERO,
        4 => T::MAX,
        5 => T::MIN_POSITIVE,
        _ => -T::ZERO,
    }
}

/// The scene's ray, spoiled as the module doc says (about half of the rays are left alone).
pub(crate) fn spoil_ray<T: Real>(rng: &mut Rng, ray: &Ray<T>, t_target: Option<T>) -> Ray<T> {
    let mut r = *ray;
    if rng.chance(0.2) {
        // Parallel to one or two slabs; the origin moved onto a slab plane of the aimed point
        // stays where the scene put it, often on the boundary.
        r.direction[rng.index(3)] = T::ZERO;
        if rng.chance(0.3) {
            r.direction[rng.index(3)] = T::ZERO;
        }
    }
    if rng.chance(0.15) {
        let x = special(rng);
        match rng.index(3) {
            0 => r.origin[rng.index(3)] = x,
            1 => r.direction[rng.index(3)] = x,
            _ => r.max_t = x,
        }
    }
    if rng.chance(0.1) {
        r.max_t = match rng.index(3) {
            0 => -T::ONE,
            1 => T::ZERO,
            _ => t_target.unwrap_or(T::ONE),
        };
    }
    r
}

/// Bitwise equality of two optional parameters (`-0.0` differs from `0.0`).
fn same_t<T: Real>(a: Option<T>, b: Option<T>) -> bool {
    a.map(|t| t.to_f64().to_bits()) == b.map(|t| t.to_f64().to_bits())
}

/// One ray against one shape: `_t` and `_hits` against the full cast.
fn check<T: Real, S: core::fmt::Debug>(
    ray: &Ray<T>,
    shape: &S,
    full: fn(&Ray<T>, &S) -> Option<RayHit<T>>,
    t: fn(&Ray<T>, &S) -> Option<T>,
    hits: fn(&Ray<T>, &S) -> bool,
) -> TestResult {
    let want = full(ray, shape).map(|h| h.t_enter);
    let (got_t, got_hit) = (t(ray, shape), hits(ray, shape));
    if same_t(want, got_t) && got_hit == want.is_some() {
        TestResult::passed()
    } else {
        TestResult::error(format!(
            "{ray:?} {shape:?}: full {want:?}, t-only {got_t:?}, hits {got_hit}"
        ))
    }
}

/// A shape whose coordinates the spoiler can break.
pub(crate) trait Spoil<T: Real> {
    fn spoil(&mut self, rng: &mut Rng, x: T);
}

impl<T: Real> Spoil<T> for Aabb<T> {
    fn spoil(&mut self, rng: &mut Rng, x: T) {
        let i = rng.index(3);
        if rng.chance(0.5) { self.min[i] = x } else { self.max[i] = x }
    }
}

impl<T: Real> Spoil<T> for Sphere<T> {
    fn spoil(&mut self, rng: &mut Rng, x: T) {
        if rng.chance(0.5) { self.radius = x } else { self.center[rng.index(3)] = x }
    }
}

impl<T: Real> Spoil<T> for Obb<T> {
    fn spoil(&mut self, rng: &mut Rng, x: T) {
        if rng.chance(0.5) {
            self.half_extents[rng.index(3)] = x;
        } else {
            self.center[rng.index(3)] = x;
        }
    }
}

impl<T: Real> Spoil<T> for Capsule<T> {
    fn spoil(&mut self, rng: &mut Rng, x: T) {
        match rng.index(3) {
            0 => self.radius = x,
            1 => self.a[rng.index(3)] = x,
            _ => self.b[rng.index(3)] = x,
        }
    }
}

impl<T: Real> Spoil<T> for Triangle<T> {
    fn spoil(&mut self, rng: &mut Rng, x: T) {
        let i = rng.index(3);
        match rng.index(4) {
            0 => self.a[i] = x,
            1 => self.b[i] = x,
            2 => self.c[i] = x,
            // Collapse it: one vertex onto another.
            _ => self.c = self.a,
        }
    }
}

/// The scene spoiled: its ray, and in one case of ten its shape.
fn spoiled<T: Real, S: Clone + Spoil<T>>(s: &Scene<T, S>) -> (Ray<T>, S) {
    let mut rng = Rng::new(s.seed);
    let ray = spoil_ray(&mut rng, &s.ray, s.t_target);
    let mut shape = s.shape.clone();
    if rng.chance(0.1) {
        let x = special(&mut rng);
        shape.spoil(&mut rng, x);
    }
    (ray, shape)
}

/// For each row `name: S, full, t, hits`, the test `name`: on spoiled scenes of shape `S`, `t`
/// and `hits` agree with the full cast `full`.
macro_rules! forms_agree {
    ($($name:ident: $S:ident, $full:ident, $t:ident, $hits:ident;)*) => {$(
        fn $name<T: Real>() {
            run(|s: Scene<T, $S<T>>| {
                let (ray, shape) = spoiled(&s);
                check(&ray, &shape, $full, $t, $hits)
            });
        }
    )*};
}

forms_agree! {
    aabb_forms_agree: Aabb, ray_aabb, ray_aabb_t, ray_aabb_hits;
    obb_forms_agree: Obb, ray_obb, ray_obb_t, ray_obb_hits;
    sphere_forms_agree: Sphere, ray_sphere, ray_sphere_t, ray_sphere_hits;
    capsule_forms_agree: Capsule, ray_capsule, ray_capsule_t, ray_capsule_hits;
}

/// The triangle's forms under both cullings, and a prepared ray reused over a fan of triangles
/// around the scene's (sharing its edges, one flipped, one collapsed), with `max_t` narrowed to
/// each hit in turn as a nearest-hit search does.
fn triangle_forms_agree<T: Real>() {
    run(|s: Scene<T, Triangle<T>>| {
        let (ray, tri) = spoiled(&s);
        let mut rng = Rng::new(s.seed ^ 0x7a1);
        let far = |rng: &mut Rng| {
            tri.a
                + (tri.b - tri.a) * T::lit(rng.range(-1.0, 2.0))
                + Vector3::new(T::lit(rng.range(-1.0, 1.0)), T::lit(rng.range(-1.0, 1.0)), T::ZERO)
        };
        let fan = [
            tri,
            Triangle::new(tri.b, tri.a, far(&mut rng)),
            Triangle::new(tri.c, tri.b, far(&mut rng)),
            Triangle::new(tri.a, tri.c, tri.b),
            Triangle::new(tri.a, tri.b, Point3::from((tri.a.coords + tri.b.coords) * T::HALF)),
        ];
        for culling in [Culling::TwoSided, Culling::FrontOnly] {
            let tw = |r: &Ray<T>, t: &Triangle<T>| ray_triangle_watertight(r, t, culling);
            let full = |r: &Ray<T>, t: &Triangle<T>| tw(r, t).map(|h| h.hit);
            let want = full(&ray, &tri).map(|h| h.t_enter);
            let got = ray_triangle_watertight_t(&ray, &tri, culling);
            let hit = ray_triangle_watertight_hits(&ray, &tri, culling);
            if !same_t(want, got) || hit != want.is_some() {
                return TestResult::error(format!(
                    "{ray:?} {tri:?} {culling:?}: full {want:?}, t-only {got:?}, hits {hit}"
                ));
            }
            let mut prepared = WatertightRay::new(&ray);
            for t in &fan {
                let r = prepared.ray();
                let (want, got) = (tw(r, t), prepared.cast(t, culling));
                let want_t = want.map(|h| h.hit.t_enter);
                let bits = |h: Option<osculate_cast::TriangleHit<T>>| {
                    h.map(|h| {
                        let n = h.hit.normal.into_inner();
                        [
                            h.hit.t_enter,
                            h.hit.t_exit,
                            h.hit.point.x,
                            n.x,
                            n.y,
                            n.z,
                            h.barycentric[0],
                        ]
                        .map(|x| x.to_f64().to_bits())
                    })
                };
                if bits(want) != bits(got)
                    || !same_t(want_t, prepared.cast_t(t, culling))
                    || prepared.hits(t, culling) != want.is_some()
                {
                    return TestResult::error(format!(
                        "prepared {r:?} {t:?} {culling:?}: {want:?} vs {got:?}"
                    ));
                }
                if let Some(t) = want_t {
                    prepared = prepared.with_max_t(t);
                }
            }
        }
        TestResult::passed()
    });
}

for_f32_and_f64!(
    aabb_forms_agree,
    obb_forms_agree,
    sphere_forms_agree,
    capsule_forms_agree,
    triangle_forms_agree
);
