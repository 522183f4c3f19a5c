//! The query traits on triangle meshes and compounds: every trait, for every convex shape, in
//! both argument orders, gives the mesh layer's own answer (the forward order exactly, the
//! reversed order swapped), f32 and f64; `Penetration` is the deepest contact when overlapping
//! and the nearest otherwise; non-finite shapes get no answer.

use osculate::mesh::{
    Compound, ConvexPart, TriangleMesh, closest_points_convex_compound, closest_points_convex_mesh,
    overlap_convex_compound, overlap_convex_mesh, ray_compound, ray_mesh, sweep_convex_compound,
    sweep_convex_mesh,
};
use osculate::prelude::*;
use osculate::{cast::Culling, closest::ClosestPoints, math::Real};
use osculate_testing::{Rng, for_f32_and_f64, test_tolerance};

/// A wavy terrain of 2 · 12² triangles over `[-6, 6]²` at height about 0.
fn terrain<T: Real>() -> TriangleMesh<T> {
    let n = 13_u32;
    let vertices = (0..n * n)
        .map(|i| {
            let (x, z) = (f64::from(i % n) - 6.0, f64::from(i / n) - 6.0);
            point3::<T>(x, 0.3 * (x * 0.7).sin() * (z * 0.5).cos(), z)
        })
        .collect();
    let triangles = osculate_testing::grid_triangles(n);
    match TriangleMesh::try_new(vertices, triangles) {
        Ok(m) => m,
        Err(e) => panic!("{e}"),
    }
}

/// A row of turned boxes and balls along x.
fn row<T: Real>() -> Compound<T, ConvexPart<T>> {
    let mut parts = Vec::new();
    for i in 0..6 {
        let at = Isometry3::new(
            vector3::<T>(f64::from(i) * 2.0 - 5.0, 0.5, 0.0),
            vector3(0.0, 0.3 * f64::from(i), 0.0),
        );
        let part = if i % 2 == 0 {
            ConvexPart::Obb(Obb::new(
                Point3::origin(),
                Rotation3::identity(),
                vector3(0.6, 0.5, 0.4),
            ))
        } else {
            ConvexPart::Sphere(Sphere::new(Point3::origin(), T::lit(0.5)))
        };
        parts.push((at, part));
    }
    match Compound::try_new(parts) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

/// Checks every trait of `shape` with `many` against the mesh layer's functions.
macro_rules! check_with {
    ($shape:expr, $many:expr, $overlap:ident, $closest:ident, $sweep:ident, $tol:expr) => {{
        let (s, m) = ($shape, $many);
        assert_eq!(s.overlaps(m), $overlap(s, m));
        assert_eq!(m.overlaps(s), $overlap(s, m));
        let c = s.closest_points(m);
        let reference: Option<ClosestPoints<_>> = $closest(s, m).map(|c| c.result);
        assert_eq!(Some(c), reference);
        assert_eq!(m.closest_points(s), c.swapped());
        let k = s.contact(m).unwrap_or_else(|| panic!("a contact for {s:?}"));
        // The deepest contact when overlapping, else the nearest: its distance is the distance.
        if !s.overlaps(m) {
            assert!((k.distance - c.distance).abs() <= $tol * (T::ONE + c.distance), "{k:?} {c:?}");
        } else {
            assert!(k.distance <= $tol, "{k:?}");
        }
        assert_eq!(m.contact(s), Some(k.swapped()));
        let v = vector3::<T>(0.5, -3.0, 0.25);
        let w = vector3::<T>(0.0, 1.0, 0.0);
        let hit = s.time_of_impact(&v, m, &w);
        let reference = $sweep(s, &(v - w), m).map(|h| h.result);
        assert_eq!(hit.map(|h| h.toi), reference.map(|h| h.toi));
        if let (Some(hit), Some(r)) = (hit, reference) {
            // The contact point is carried by the mesh's own motion.
            assert_eq!(hit.point, r.point + w * r.toi);
        }
        assert_eq!(m.time_of_impact(&w, s, &v), hit.map(|h| h.swapped()));
    }};
}

/// One shape of every convex kind somewhere over the terrain and around the row.
fn every_convex_kind<T: Real>(
    rng: &mut Rng,
    mesh: &TriangleMesh<T>,
    compound: &Compound<T, ConvexPart<T>>,
) {
    let tol = test_tolerance::<T>() * T::lit(100.0);
    let c = |rng: &mut Rng| {
        point3::<T>(rng.range(-4.0, 4.0), rng.range(-0.5, 2.0), rng.range(-2.0, 2.0))
    };
    let r = |rng: &mut Rng| T::lit(rng.range(0.1, 0.8));
    let (a, b) = (c(rng), c(rng));
    let q = c(rng);
    let half = vector3::<T>(0.3, 0.2, 0.5);
    macro_rules! both {
        ($s:expr) => {{
            let s = $s;
            check_with!(
                &s,
                mesh,
                overlap_convex_mesh,
                closest_points_convex_mesh,
                sweep_convex_mesh,
                tol
            );
            check_with!(
                &s,
                compound,
                overlap_convex_compound,
                closest_points_convex_compound,
                sweep_convex_compound,
                tol
            );
        }};
    }
    both!(Sphere::new(a, r(rng)));
    both!(Segment::new(a, b));
    both!(Capsule::new(a, b, r(rng)));
    both!(Aabb::new(a.inf(&b), a.sup(&b)));
    both!(Obb::new(a, rng.rotation(), half));
    both!(Triangle::new(a, b, q));
    both!(Cylinder::new(a, b, r(rng)));
    both!(Cone::new(a, rng.unit_vector(), r(rng) * T::lit(2.0), r(rng)));
    both!(Tetrahedron::new(a, b, q, a + vector3(0.3, 0.4, -0.2)));
    let corners = [a, b, q, a + vector3(0.3, 0.4, -0.2), b + vector3(-0.5, 0.2, 0.1)];
    if let Ok(hull) = ConvexPolyhedron::try_from_points(&corners) {
        both!(hull);
    }
}

fn every_trait_matches_the_mesh_layer<T: Real>() {
    let (mesh, compound) = (terrain::<T>(), row::<T>());
    let mut rng = Rng::new(0x6d61_6e79);
    for _ in 0..30 {
        every_convex_kind(&mut rng, &mesh, &compound);
    }
    // Rays: the mesh two-sided, the compound by its parts.
    for _ in 0..50 {
        let o = point3::<T>(rng.range(-5.0, 5.0), rng.range(1.0, 4.0), rng.range(-5.0, 5.0));
        let ray = Ray::new(o, rng.unit_vector::<T>().into_inner());
        assert_eq!(mesh.cast_ray(&ray), ray_mesh(&ray, &mesh, Culling::TwoSided).map(|h| h.hit));
        assert_eq!(compound.cast_ray(&ray), ray_compound(&ray, &compound).map(|h| h.result));
    }
    // A mesh with itself moved up 0.2 overlaps; a compound with itself does.
    assert!(mesh.overlaps(&mesh) && compound.overlaps(&compound));
}

/// A ball sunk into the terrain gets the deepest contact over every triangle (brute force, by the
/// closed form); a ball sunk into one of the row's balls gets their depth; a ball with a NaN
/// center gets no contact, no overlap, no impact and a NaN distance.
fn penetration_and_invalid_shapes<T: Real>() {
    let (mesh, compound) = (terrain::<T>(), row::<T>());
    let tol = test_tolerance::<T>() * T::lit(100.0);
    for center in [point3::<T>(0.3, -0.05, 0.2), point3(-2.2, 0.1, 1.3), point3(0.0, 0.0, 0.0)] {
        let sunk = Sphere::new(center, T::lit(0.5));
        let k = sunk.contact(&mesh).unwrap_or_else(|| panic!("sunk in the terrain"));
        let deepest = mesh
            .triangles()
            .filter_map(|(_, t)| osculate::closest::contact_sphere_triangle(&sunk, &t))
            .map(|c| c.distance)
            .fold(T::INFINITY, |m, d| m.fast_min(d));
        assert_eq!(k.distance, deepest, "{center:?}");
        assert!(k.distance < T::ZERO, "{k:?}");
    }
    // The row's ball at x = 1 (radius 0.5, center at height 0.5); this one 0.2 off its center.
    let sunk = Sphere::new(point3::<T>(1.2, 0.5, 0.0), T::lit(0.5));
    let k = sunk.contact(&compound).unwrap_or_else(|| panic!("sunk in a ball"));
    assert!((k.distance + T::lit(0.8)).abs() <= tol, "{k:?}");
    assert!((k.normal.x + T::ONE).abs() <= tol, "{k:?}");
    let lost = Sphere::new(point3::<T>(f64::NAN, 0.0, 0.0), T::ONE);
    assert!(!lost.overlaps(&mesh) && !compound.overlaps(&lost));
    assert!(lost.distance(&mesh).is_nan() && compound.distance(&lost).is_nan());
    assert_eq!(lost.contact(&mesh), None);
    assert_eq!(compound.contact(&lost), None);
    assert_eq!(lost.time_of_impact(&Vector3::x(), &mesh, &Vector3::zeros()), None);
}

for_f32_and_f64!(every_trait_matches_the_mesh_layer, penetration_and_invalid_shapes);
