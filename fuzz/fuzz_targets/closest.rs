//! Every closest-point, distance and contact query of osculate on arbitrary shapes: no panic, no
//! endless loop; NaN in ⇒ no finite distance; tame finite input ⇒ a finite, non-negative distance
//! whose witness points are that far apart.
#![no_main]

use osculate::closest as c;
use osculate::math::Real;

#[path = "shapes.rs"]
mod shapes;
use shapes::{Bytes, tame};

fn check<T: Real>(b: &mut Bytes<'_>) {
    let sane = b.sane();
    let (p, t1, t2) = (b.point::<T>(sane), b.triangle::<T>(sane), b.triangle::<T>(sane));
    let (s1, s2) = (b.segment::<T>(sane), b.segment::<T>(sane));
    let (sp1, sp2) = (b.sphere::<T>(sane), b.sphere::<T>(sane));
    let (k1, k2) = (b.capsule::<T>(sane), b.capsule::<T>(sane));
    let (bx, ob) = (b.aabb::<T>(sane), b.obb::<T>(sane));
    let (cy, co, te) = (b.cylinder::<T>(sane), b.cone::<T>(sane), b.tetrahedron::<T>(sane));
    let (pl, hs, ray) = (b.plane::<T>(sane), b.halfspace::<T>(sane), b.ray::<T>(sane));
    let coords = |ps: &[osculate::math::Point3<T>]| {
        ps.iter().flat_map(|q| [q.x, q.y, q.z]).collect::<Vec<T>>()
    };

    // Pairs with no validity condition: finite for tame input, NaN for NaN input.
    let all = coords(&[p, t1.a, t1.b, t1.c, t2.a, t2.b, t2.c, s1.a, s1.b, s2.a, s2.b]);
    let results = [
        c::closest_points_segment_segment(&s1, &s2),
        c::closest_points_segment_triangle(&s1, &t1),
        c::closest_points_triangle_triangle(&t1, &t2),
    ];
    let points = [
        c::sq_distance_point_triangle(&p, &t1),
        c::sq_distance_point_segment(&p, &s1),
        c::sq_distance_point_tetrahedron(&p, &te),
    ];
    if tame(&all) {
        for r in &results {
            assert!(r.distance.is_finite() && r.distance >= T::ZERO, "{r:?}");
            let gap = (r.point_b - r.point_a).norm();
            assert!((gap - r.distance).abs() <= T::lit(1e-3) * (T::ONE + r.distance), "{r:?}");
        }
        assert!(points[0].is_finite() && points[1].is_finite());
    }
    // NaN in any input of a query ⇒ no finite distance from it.
    let has_nan = |ps: &[osculate::math::Point3<T>]| coords(ps).iter().any(|x| x.is_nan());
    let inputs = [
        has_nan(&[s1.a, s1.b, s2.a, s2.b]),
        has_nan(&[s1.a, s1.b, t1.a, t1.b, t1.c]),
        has_nan(&[t1.a, t1.b, t1.c, t2.a, t2.b, t2.c]),
    ];
    for (r, nan) in results.iter().zip(inputs) {
        assert!(!nan || r.distance.is_nan(), "NaN in, {r:?}");
    }
    if has_nan(&[p, t1.a, t1.b, t1.c]) {
        assert!(points[0].is_nan(), "NaN in, point-triangle {:?}", points[0]);
    }
    // A polyhedron: a point inside is its own closest point; a point outside gets a point at
    // most as far as the nearest vertex of a validated hull; NaN in, NaN out.
    let (ph, hull) = b.polyhedron::<T>(sane);
    let q = c::closest_point_on_polyhedron(&p, &ph);
    if has_nan(&[p]) {
        assert!(q.iter().all(|x| x.is_nan()), "NaN in, polyhedron {q:?}");
    }
    let mut ph_coords = coords(&ph.vertices);
    ph_coords.extend(ph.planes.iter().flat_map(|h| [h.normal.x, h.normal.y, h.normal.z, h.d]));
    if hull && tame(&coords(&[p])) && tame(&ph_coords) {
        assert!(q.iter().all(|x| x.is_finite()), "{p:?} {ph:?}: {q:?}");
        let d = (q - p).norm();
        let nearest = ph.vertices.iter().map(|v| (v - p).norm()).fold(T::INFINITY, T::min);
        assert!(d <= nearest + T::lit(1e-3) * (T::ONE + nearest), "{p:?} {ph:?}: {q:?}");
    }
    let _ = c::sq_distance_point_polyhedron(&p, &ph);
    // Everything else: must not panic or loop.
    let _ = c::closest_point_on_plane(&p, &pl);
    let _ =
        c::closest_point_on_line(&p, &osculate::math::Line { point: s1.a, direction: s1.b - s1.a });
    let _ = c::closest_point_on_ray(&p, &ray);
    let _ = c::closest_point_on_aabb(&p, &bx);
    let _ = c::closest_point_on_obb(&p, &ob);
    let _ = c::closest_point_on_sphere(&p, &sp1);
    let _ = c::closest_point_on_capsule(&p, &k1);
    let _ = c::closest_point_on_cylinder(&p, &cy);
    let _ = c::closest_point_on_cone(&p, &co);
    let _ = c::closest_points_segment_aabb(&s1, &bx);
    let _ = c::closest_points_segment_obb(&s1, &ob);
    let _ = c::closest_points_sphere_sphere(&sp1, &sp2);
    let _ = c::closest_points_sphere_capsule(&sp1, &k1);
    let _ = c::closest_points_capsule_capsule(&k1, &k2);
    let contacts = [
        c::contact_sphere_sphere(&sp1, &sp2),
        c::contact_segment_sphere(&s1, &sp1).map(c::Contact::swapped),
        c::contact_sphere_capsule(&sp1, &k1),
        c::contact_capsule_capsule(&k1, &k2),
        c::contact_sphere_aabb(&sp1, &bx),
        c::contact_sphere_obb(&sp1, &ob),
        c::contact_sphere_triangle(&sp1, &t1),
        c::contact_sphere_plane(&sp1, &pl),
        c::contact_sphere_halfspace(&sp1, &hs),
        c::contact_obb_obb(&ob, &b.obb::<T>(sane)),
    ];
    for k in contacts.iter().flatten() {
        assert!(k.distance.is_finite(), "a Some contact is finite: {k:?}");
    }
    // GJK: bounded, and never a finite distance from NaN support points.
    let r = c::distance_convex(&cy, &co, None, 64);
    assert!(r.iterations <= 64);
    let r = c::distance_convex(&te, &ob, None, 64);
    assert!(r.iterations <= 64);
    let _ = c::intersect_convex(&k1, &bx, 64);
    // The GJK ray cast: bounded, and a cast's time in [0, 1] with finite point and normal.
    let motion = b.vector::<T>(sane);
    for h in [
        c::cast_convex(&cy, &co, &motion, 64),
        c::cast_convex(&te, &ob, &motion, 64),
        c::cast_convex(&k1, &bx, &motion, 64),
        c::cast_convex(&sp1, &k2, &motion, 64),
    ]
    .iter()
    .flatten()
    {
        assert!(h.iterations <= 64 && T::ZERO <= h.toi && h.toi <= T::ONE, "{h:?}");
        assert!(h.point.iter().chain(h.normal.iter()).all(|x| x.is_finite()), "{h:?}");
    }
}

shapes::fuzz_f32_and_f64!(check);
