//! A zero-radius sphere is a point: a ray through it exactly is a hit.

use osculate_cast::ray_sphere;
use osculate_math::{Point3, Ray, Real, Sphere, Vector3};
use osculate_testing::for_f32_and_f64;

/// Rays whose line passes exactly through the point at a representable parameter `t` (the
/// center is `origin + t·direction` with every product and sum exact): each hits, entering and
/// leaving at `t`. The reciprocal `1/a` of the squared direction length left the line's closest
/// approach a rounding away from the center, and these missed.
fn rays_through_a_point_hit<T: Real>() {
    let l = |x: f64| T::lit(x);
    let mut hits = 0;
    for dz in 1..=40 {
        for (dx, dy) in [(0.0, 0.0), (1.0, 0.0), (2.0, -3.0), (0.5, 0.25)] {
            for t in [0.5, 1.0, 2.0, 3.0, 7.0, 0.125] {
                let o = Point3::new(l(1.0), l(-2.0), l(0.5));
                let d = Vector3::new(l(dx), l(dy), l(f64::from(dz)));
                let c = o + d * l(t);
                assert_eq!(c - o, d * l(t), "the center is exactly on the line");
                let ray = Ray::new(o, d);
                let hit = ray_sphere(&ray, &Sphere::new(c, T::ZERO));
                let h = hit.unwrap_or_else(|| panic!("missed the point {c:?} on {ray:?}"));
                assert_eq!((h.t_enter, h.t_exit), (l(t), l(t)), "{ray:?} {c:?}");
                hits += 1;
                // Beyond max_t, or behind the origin: a miss.
                let short = Ray { max_t: l(t * 0.5), ..ray };
                assert!(ray_sphere(&short, &Sphere::new(c, T::ZERO)).is_none());
                let back = Ray::new(o, -d);
                assert!(ray_sphere(&back, &Sphere::new(c, T::ZERO)).is_none());
            }
        }
    }
    assert_eq!(hits, 40 * 4 * 6);
}

for_f32_and_f64!(rays_through_a_point_hit);
