//! Every ray cast of osculate on arbitrary rays and shapes: no panic; a hit is finite with
//! `0 ≤ t_enter ≤ t_exit` and a unit normal; NaN in ⇒ no hit.
#![no_main]

use osculate::cast::{self as k, Culling, RayHit};
use osculate::math::Real;

#[path = "shapes.rs"]
mod shapes;
use shapes::Bytes;

fn valid<T: Real>(h: &Option<RayHit<T>>, nan_input: bool) {
    if let Some(h) = h {
        assert!(!nan_input, "a hit from NaN input: {h:?}");
        assert!(h.t_enter >= T::ZERO && h.t_enter <= h.t_exit, "{h:?}");
        assert!(h.t_enter.is_finite() && h.point.iter().all(|x| x.is_finite()), "{h:?}");
        assert!((h.normal.norm() - T::ONE).abs() < T::lit(1e-3), "{h:?}");
    }
}

fn check<T: Real>(b: &mut Bytes<'_>) {
    let sane = b.sane();
    let ray = b.ray::<T>(sane);
    let nan_ray =
        ray.origin.iter().chain(ray.direction.iter()).any(|x| x.is_nan()) || ray.max_t.is_nan();
    let sp = b.sphere::<T>(sane);
    valid(
        &k::ray_sphere(&ray, &sp),
        nan_ray || sp.center.iter().any(|x| x.is_nan()) || sp.radius.is_nan(),
    );
    let bx = b.aabb::<T>(sane);
    valid(
        &k::ray_aabb(&ray, &bx),
        nan_ray || bx.min.iter().chain(bx.max.iter()).any(|x| x.is_nan()),
    );
    let t = b.triangle::<T>(sane);
    let nan_t = nan_ray || [t.a, t.b, t.c].iter().any(|p| p.iter().any(|x| x.is_nan()));
    valid(&k::ray_triangle(&ray, &t, Culling::TwoSided).map(|h| h.hit), nan_t);
    valid(&k::ray_triangle_watertight(&ray, &t, Culling::FrontOnly).map(|h| h.hit), nan_t);
    valid(&k::ray_obb(&ray, &b.obb::<T>(sane)), nan_ray);
    valid(&k::ray_capsule(&ray, &b.capsule::<T>(sane)), nan_ray);
    valid(&k::ray_cylinder(&ray, &b.cylinder::<T>(sane)), nan_ray);
    valid(&k::ray_cone(&ray, &b.cone::<T>(sane)), nan_ray);
    valid(&k::ray_plane(&ray, &b.plane::<T>(sane)), nan_ray);
    valid(&k::ray_halfspace(&ray, &b.halfspace::<T>(sane)), nan_ray);
    valid(&k::ray_tetrahedron(&ray, &b.tetrahedron::<T>(sane)), nan_ray);
    valid(&k::ray_polyhedron(&ray, &b.polyhedron::<T>(sane).0), nan_ray);
    let seg = b.segment::<T>(sane);
    valid(&k::segment_aabb_outcode(&seg, &bx), false);
    valid(&k::segment_sphere(&seg, &sp), false);
    let _ = k::segment_sphere_test(&seg, &sp);
    let _ = k::plane_plane(&b.plane::<T>(sane), &b.plane::<T>(sane));
    let _ =
        osculate::math::three_planes(&b.plane::<T>(sane), &b.plane::<T>(sane), &b.plane::<T>(sane));
    let _ = k::line_triangle(&seg.a, &seg.b, &t);
}

shapes::fuzz_f32_and_f64!(check);
