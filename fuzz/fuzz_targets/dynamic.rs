//! Every moving-object test of osculate on arbitrary shapes and motions: no panic, no endless
//! loop, and an impact has `toi ∈ [0, 1]`, a finite point and a unit normal.
#![no_main]

use osculate::dynamic::{self as d, Impact};
use osculate::math::{ConvexPolygon, Real};

#[path = "shapes.rs"]
mod shapes;
use shapes::Bytes;

fn valid<T: Real>(i: &Option<Impact<T>>) {
    if let Some(i) = i {
        assert!(T::ZERO <= i.toi && i.toi <= T::ONE, "{i:?}");
        assert!(i.point.iter().all(|x| x.is_finite()), "{i:?}");
        assert!((i.normal.norm() - T::ONE).abs() < T::lit(1e-3), "{i:?}");
    }
}

fn check<T: Real>(b: &mut Bytes<'_>) {
    let sane = b.sane();
    let (va, vb) = (b.vector::<T>(sane), b.vector::<T>(sane));
    let (s1, s2) = (b.sphere::<T>(sane), b.sphere::<T>(sane));
    valid(&d::sphere_sphere(&s1, &va, &s2, &vb));
    valid(&d::sphere_plane(&s1, &va, &b.plane::<T>(sane)));
    valid(&d::sphere_halfspace(&s1, &va, &b.halfspace::<T>(sane)));
    valid(&d::sphere_triangle(&s1, &va, &b.triangle::<T>(sane), &vb));
    valid(&d::sphere_aabb(&s1, &va, &b.aabb::<T>(sane), &vb));
    valid(&d::sphere_obb(&s1, &va, &b.obb::<T>(sane), &vb));
    valid(&d::sphere_capsule(&s1, &va, &b.capsule::<T>(sane), &vb));
    valid(&d::capsule_capsule(&b.capsule::<T>(sane), &va, &b.capsule::<T>(sane), &vb));
    valid(&d::aabb_aabb(&b.aabb::<T>(sane), &va, &b.aabb::<T>(sane), &vb));
    valid(&d::obb_obb(&b.obb::<T>(sane), &va, &b.obb::<T>(sane), &vb));
    let tri = b.triangle::<T>(sane);
    valid(&d::aabb_triangle(&b.aabb::<T>(sane), &vb, &tri, &va));
    valid(&d::aabb_plane(&b.aabb::<T>(sane), &va, &b.plane::<T>(sane)));
    valid(&d::obb_plane(&b.obb::<T>(sane), &va, &b.plane::<T>(sane)));
    valid(&d::aabb_halfspace(&b.aabb::<T>(sane), &va, &b.halfspace::<T>(sane)));
    valid(&d::obb_halfspace(&b.obb::<T>(sane), &va, &b.halfspace::<T>(sane)));
    valid(&d::convex_convex(&b.cylinder::<T>(sane), &va, &b.cone::<T>(sane), &vb));
    valid(&d::convex_convex(&b.tetrahedron::<T>(sane), &va, &b.obb::<T>(sane), &vb));
    valid(&d::convex_convex(&s1, &va, &b.capsule::<T>(sane), &vb));
    // A polygon through its public fields: up to six arbitrary vertices (not necessarily convex
    // or planar) and an arbitrary "unit" normal.
    let count = usize::from(b.0.first().copied().unwrap_or(0) % 7);
    let vertices = (0..count).map(|_| b.point::<T>(sane)).collect();
    let poly = ConvexPolygon { vertices, normal: b.unit::<T>(sane) };
    valid(&d::sphere_polygon(&s1, &va, &poly, &vb));
    let speed = b.length::<T>(sane);
    let h =
        d::interval_halving(|t: T| (t - T::HALF).abs() - speed, speed, T::ZERO, T::lit(1e-6), 500);
    if let Some(h) = h {
        assert!(T::ZERO <= h.toi && h.toi <= T::ONE);
    }
    let _ = d::conservative_advancement(|t: T| T::ONE - t * speed, speed, T::ZERO, 500);
}

shapes::fuzz_f32_and_f64!(check);
