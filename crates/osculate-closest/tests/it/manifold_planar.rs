//! Properties of the manifolds of boxes, capsules, triangles, polyhedra, cylinders and cones
//! against a plane (two-sided) and a halfspace (solid), on the property suite of `manifold.rs`,
//! worked cases and non-finite input (the halfspace pairs' differential test against parry3d's
//! halfspace manifold is in `manifold_parry.rs`).
//!
//! The references are independent of the manifold code: a shape's boundary distance from the
//! closed forms of `manifold.rs` and the other manifold test files; the one-point contact from
//! the shape's support map along the plane's normal (the deepest point of a convex shape toward
//! a plane is its support point; a two-sided plane pushes it the shorter way).

use osculate_closest::{
    CAP_POLYGON_VERTICES, Contact, Feature, Manifold, SupportMap, manifold_aabb_halfspace,
    manifold_aabb_plane, manifold_capsule_halfspace, manifold_capsule_plane,
    manifold_cone_halfspace, manifold_cone_plane, manifold_cylinder_halfspace,
    manifold_cylinder_plane, manifold_obb_halfspace, manifold_obb_plane,
    manifold_polyhedron_halfspace, manifold_polyhedron_plane, manifold_triangle_halfspace,
    manifold_triangle_plane,
};
use osculate_math::{
    Aabb, Capsule, Cone, ConvexPolyhedron, Cylinder, Halfspace, Obb, Plane, Point3, Real,
    Rotation3, Triangle, Unit, Vector3, point3, vector3,
};
use osculate_testing::Pair;
use quickcheck::TestResult;

use crate::manifold::{
    Body, Query, all_finite, before_after, contact_agrees_with_the_deepest_point,
    ids_survive_jitter, jitter_at, manifold_properties, moving_by_the_depth_makes_them_touch,
    points_lie_on_both_surfaces, raw_corners, rigid_motion_moves_points_and_keeps_ids, shift_any,
    translate, turned_box,
};
use crate::points::{has_nan, raw_point, run};

/// The reference contact of a convex shape and a plane, from its support points along `±n`: a
/// halfspace (`solid`) pushes the shape out of its front, normal `−n`, depth from the support
/// point along `−n`; a two-sided plane pushes it the shorter way (the front on a tie).
fn support_contact<T: Real, S: SupportMap<T>>(
    s: &S,
    plane: &Plane<T>,
    solid: bool,
) -> Option<Contact<T>> {
    let n = plane.normal.into_inner();
    let low = s.support(&-n);
    let high = s.support(&n);
    let (sl, sh) = (plane.signed_distance(&low), plane.signed_distance(&high));
    let (normal, x, distance) = if solid || -sl <= sh { (-n, low, sl) } else { (n, high, -sh) };
    let c = Contact {
        distance,
        normal: Unit::new_unchecked(normal),
        point_a: x,
        point_b: x - n * plane.signed_distance(&x),
    };
    (c.distance.is_finite() && c.point_a.iter().all(|v| v.is_finite())).then_some(c)
}

/// The plane of a plane or a halfspace, and whether it is solid.
trait Flat<T: Real>: Body<T> {
    fn flat(&self) -> (Plane<T>, bool);
}

impl<T: Real> Flat<T> for Plane<T> {
    fn flat(&self) -> (Plane<T>, bool) {
        (*self, false)
    }
}

impl<T: Real> Flat<T> for Halfspace<T> {
    fn flat(&self) -> (Plane<T>, bool) {
        (self.plane, true)
    }
}

/// How far a shape's candidate points may be off its surface beyond the pair's rounding: a
/// polyhedron's vertices off its face planes (its hull's rounding, 1024 ε of its magnitude); the
/// rim points of a cylinder or a cone, built from the cap polygon's unit directions (rounded
/// cosines and sines), 64 ε of the radius.
trait Candidates<T: Real> {
    fn off(&self) -> T {
        T::ZERO
    }
}

impl<T: Real> Candidates<T> for Obb<T> {}
impl<T: Real> Candidates<T> for Aabb<T> {}
impl<T: Real> Candidates<T> for Capsule<T> {}
impl<T: Real> Candidates<T> for Triangle<T> {}
impl<T: Real> Candidates<T> for ConvexPolyhedron<T> {
    fn off(&self) -> T {
        T::EPSILON * T::lit(1024.0) * self.magnitude()
    }
}
impl<T: Real> Candidates<T> for Cylinder<T> {
    fn off(&self) -> T {
        T::EPSILON * T::lit(64.0) * (self.radius + self.magnitude())
    }
}
impl<T: Real> Candidates<T> for Cone<T> {
    fn off(&self) -> T {
        T::EPSILON * T::lit(64.0) * (self.radius + self.magnitude())
    }
}

/// The plane pairs: the reference contact from the support map; no gap query (a plane has no
/// closest points query), so "apart" is read from the contact. Each pair's properties are
/// instantiated in the module named first ([`manifold_properties`]).
macro_rules! planar_pairs {
    ($($name:ident: $A:ident, $B:ident: $manifold:ident;)*) => {$(
        impl<T: Real> Query<T, $B<T>> for $A<T> {
            fn manifold(&self, b: &$B<T>, prediction: T) -> Manifold<T> {
                $manifold(self, b, prediction)
            }
            fn contact(&self, b: &$B<T>) -> Option<Contact<T>> {
                let (plane, solid) = b.flat();
                support_contact(self, &plane, solid)
            }
            fn apart(&self, b: &$B<T>) -> Option<T> {
                let (plane, solid) = b.flat();
                support_contact(self, &plane, solid).map(|c| c.distance.fast_max(T::ZERO))
            }
            fn off_surface(&self, _: &$B<T>) -> T {
                Candidates::off(self)
            }
            fn preference(&self, _: &$B<T>) -> T {
                // The reduction's depth tie: the deepest point kept is within 5e-4 of the
                // candidates' spread (at most the shape's diameter, within 3.5 times `size`
                // for every shape here) of the deepest candidate.
                T::lit(2e-3) * self.size()
            }
            fn shift(b: &$B<T>, v: &Vector3<T>) -> $B<T> {
                shift_any(b, v)
            }
        }
    )*
        manifold_properties! {
            $($name: $A, $B;)*
        }
    };
}

planar_pairs! {
    obb_plane: Obb, Plane: manifold_obb_plane;
    obb_halfspace: Obb, Halfspace: manifold_obb_halfspace;
    aabb_plane: Aabb, Plane: manifold_aabb_plane;
    aabb_halfspace: Aabb, Halfspace: manifold_aabb_halfspace;
    capsule_plane: Capsule, Plane: manifold_capsule_plane;
    capsule_halfspace: Capsule, Halfspace: manifold_capsule_halfspace;
    triangle_plane: Triangle, Plane: manifold_triangle_plane;
    triangle_halfspace: Triangle, Halfspace: manifold_triangle_halfspace;
    polyhedron_plane: ConvexPolyhedron, Plane: manifold_polyhedron_plane;
    polyhedron_halfspace: ConvexPolyhedron, Halfspace: manifold_polyhedron_halfspace;
    cylinder_plane: Cylinder, Plane: manifold_cylinder_plane;
    cylinder_halfspace: Cylinder, Halfspace: manifold_cylinder_halfspace;
    cone_plane: Cone, Plane: manifold_cone_plane;
    cone_halfspace: Cone, Halfspace: manifold_cone_halfspace;
}

/// Worked cases: a box resting on a face (its four corners), on an edge (two), on a corner
/// (one); the two-sided plane pushing a box the shorter way; a capsule lying (two points) and
/// standing (one); a polyhedron's reduction to four; a cylinder standing (four rim points
/// spanning the cap, on the rim), lying (the generator's ends), tilted (the rim's lowest point,
/// exactly); a cone on its base, tip and side; predicted points; ids.
fn planar_worked_cases<T: Real>() {
    let tol = T::lit(1e-5);
    let floor = Plane::new(Vector3::z_axis(), T::ZERO);
    let ground = Halfspace::new(floor);
    let half = vector3::<T>(0.5, 0.5, 0.5);
    // On a face, 0.01 deep: the four bottom corners (ids 0 to 3: bit 2, +z, clear).
    let crate_ = Obb::new(point3(3.0, -2.0, 0.49), Rotation3::identity(), half);
    for m in [
        manifold_obb_plane(&crate_, &floor, T::ZERO),
        manifold_obb_halfspace(&crate_, &ground, T::ZERO),
    ] {
        assert_eq!(m.len(), 4, "{m:?}");
        assert!((m.normal.z + T::ONE).abs() < tol);
        let mut ids: Vec<_> = m.points().iter().map(|p| p.id.a).collect();
        ids.sort_by_key(|f| format!("{f:?}"));
        assert_eq!(ids, (0..4).map(Feature::Vertex).collect::<Vec<_>>());
        for p in m.points() {
            assert!((p.distance + T::lit(0.01)).abs() < tol, "{m:?}");
            assert_eq!(p.id.b, Feature::Face(0));
            assert!(p.point_b.z.abs() < tol && (p.point_a.z + T::lit(0.01)).abs() < tol);
        }
    }
    // On an edge (turned 45° about x): two corners; on a corner: one.
    let edge = Rotation3::from_axis_angle(&Vector3::x_axis(), T::lit(core::f64::consts::FRAC_PI_4));
    let r2 = T::lit(core::f64::consts::FRAC_1_SQRT_2);
    let on_edge = Obb::new(point3(0.0, 0.0, 0.0), edge, half);
    let on_edge = translate(&on_edge, &vector3(0.0, 0.0, r2.to_f64() - 0.01));
    let m = manifold_obb_halfspace(&on_edge, &ground, T::ZERO);
    assert_eq!(m.len(), 2, "{m:?}");
    assert!(m.points().iter().all(|p| (p.distance + T::lit(0.01)).abs() < tol), "{m:?}");
    let corner = Rotation3::rotation_between(&vector3::<T>(1.0, 1.0, 1.0), &-Vector3::z())
        .unwrap_or_else(Rotation3::identity);
    let height = T::lit(0.75_f64.sqrt());
    let on_corner = Obb::new(Point3::from(Vector3::z() * (height - T::lit(0.01))), corner, half);
    let m = manifold_obb_halfspace(&on_corner, &ground, T::ZERO);
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(m.points()[0].id.a, Feature::Vertex(7));
    assert!((m.points()[0].distance + T::lit(0.01)).abs() < tol, "{m:?}");
    // The two-sided plane: a box mostly below is pushed down (normal +z, toward the plane from
    // below), 0.1 deep; the halfspace pushes it up, 0.9 deep.
    let below = Aabb::new(point3(0.0, 0.0, -0.9), point3(1.0, 1.0, 0.1));
    let m = manifold_aabb_plane(&below, &floor, T::ZERO);
    assert!((m.normal.z - T::ONE).abs() < tol, "{m:?}");
    assert!(m.points().iter().all(|p| (p.distance + T::lit(0.1)).abs() < tol), "{m:?}");
    let m = manifold_aabb_halfspace(&below, &ground, T::ZERO);
    assert!((m.normal.z + T::ONE).abs() < tol, "{m:?}");
    assert!(m.points().iter().all(|p| (p.distance + T::lit(0.9)).abs() < tol), "{m:?}");
    // Apart by 0.2: four predicted points within 0.5, none within 0.1.
    let above = Aabb::new(point3(0.0, 0.0, 0.2), point3(1.0, 1.0, 1.0));
    assert_eq!(manifold_aabb_halfspace(&above, &ground, T::lit(0.5)).len(), 4);
    assert!(manifold_aabb_halfspace(&above, &ground, T::lit(0.1)).is_empty());
    // A capsule lying: its two caps; standing: the lower cap.
    let lying = Capsule::new(point3(-1.0, 0.0, 0.45), point3(1.0, 0.0, 0.45), T::lit(0.5));
    let m = manifold_capsule_halfspace(&lying, &ground, T::ZERO);
    assert_eq!(m.len(), 2, "{m:?}");
    assert_eq!((m.points()[0].id.a, m.points()[1].id.a), (Feature::Vertex(0), Feature::Vertex(1)));
    assert!(m.points().iter().all(|p| (p.distance + T::lit(0.05)).abs() < tol), "{m:?}");
    let standing = Capsule::new(point3(0.0, 0.0, 2.0), point3(0.0, 0.0, 0.45), T::lit(0.5));
    let m = manifold_capsule_plane(&standing, &floor, T::ZERO);
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(m.points()[0].id.a, Feature::Vertex(1));
    // A triangle in the plane: its three corners, at distance zero.
    let flat = Triangle::new(point3(0.0, 0.0, 0.0), point3(1.0, 0.0, 0.0), point3(0.0, 1.0, 0.0));
    let m = manifold_triangle_halfspace(&flat, &ground, T::ZERO);
    assert_eq!(m.len(), 3, "{m:?}");
    assert!(m.points().iter().all(|p| p.distance.abs() < tol), "{m:?}");
    // A polyhedron with eight vertices on the floor: reduced to four, spanning the octagon.
    let ring: Vec<Point3<T>> = (0..8)
        .map(|k| {
            let a = core::f64::consts::FRAC_PI_4 * f64::from(k);
            point3(a.cos(), a.sin(), -0.02)
        })
        .chain([point3(0.0, 0.0, 1.0)])
        .collect();
    let Ok(hull) = ConvexPolyhedron::try_from_points(&ring) else { panic!("a hull") };
    let m = manifold_polyhedron_halfspace(&hull, &ground, T::ZERO);
    assert_eq!(m.len(), 4, "{m:?}");
    assert!(m.points().iter().all(|p| (p.distance + T::lit(0.02)).abs() < tol), "{m:?}");
    let spread = m.points().iter().fold(T::ZERO, |s, p| {
        m.points().iter().fold(s, |s, q| s.fast_max((p.point_a - q.point_a).norm()))
    });
    assert!((spread - T::lit(2.0)).abs() < tol, "{spread:?}");
    // A cylinder standing, 0.01 deep: four rim points of the bottom cap, on its rim.
    let n = CAP_POLYGON_VERTICES as u32;
    let can = Cylinder::new(point3(1.0, 2.0, -0.01), point3(1.0, 2.0, 2.0), T::lit(0.5));
    let m = manifold_cylinder_halfspace(&can, &ground, T::ZERO);
    assert_eq!(m.len(), 4, "{m:?}");
    for p in m.points() {
        assert!((p.distance + T::lit(0.01)).abs() < tol, "{m:?}");
        assert!(matches!(p.id.a, Feature::Vertex(k) if k < n), "{m:?}");
        assert!(((p.point_a - can.a).xy().norm() - can.radius).abs() < tol, "{p:?}");
    }
    // Lying, 0.01 deep: the generator's ends, each its cap's first rim point.
    let log = Cylinder::new(point3(-1.0, 0.0, 0.49), point3(1.0, 0.0, 0.49), T::lit(0.5));
    let m = manifold_cylinder_plane(&log, &floor, T::ZERO);
    assert_eq!(m.len(), 2, "{m:?}");
    assert_eq!((m.points()[0].id.a, m.points()[1].id.a), (Feature::Vertex(0), Feature::Vertex(n)));
    assert!(m.points().iter().all(|p| (p.distance + T::lit(0.01)).abs() < tol), "{m:?}");
    // Tilted by 0.3 rad: the rim's lowest point, exactly its support point.
    let tilt = Rotation3::from_axis_angle(&Vector3::y_axis(), T::lit(0.3));
    let dir = tilt * Vector3::z();
    let tilted = Cylinder::new(
        point3(0.0, 0.0, 0.14),
        point3(0.0, 0.0, 0.14) + dir * T::lit(2.0),
        T::lit(0.5),
    );
    let m = manifold_cylinder_halfspace(&tilted, &ground, T::ZERO);
    assert_eq!(m.len(), 1, "{m:?}");
    let lowest = tilted.support(&-Vector3::z());
    assert!((m.points()[0].point_a - lowest).norm() < tol, "{m:?} {lowest:?}");
    assert_eq!(m.points()[0].id.a, Feature::Vertex(0));
    // A cone on its base: four rim points; on its tip: the apex; on its side: the apex and the
    // rim's deepest point.
    let cone = Cone::new(point3(0.0, 0.0, 0.99), -Vector3::z_axis(), T::ONE, T::lit(0.5));
    let m = manifold_cone_halfspace(&cone, &ground, T::ZERO);
    assert_eq!(m.len(), 4, "{m:?}");
    assert!(m.points().iter().all(|p| matches!(p.id.a, Feature::Vertex(k) if k < n)), "{m:?}");
    let tip = Cone::new(point3(0.0, 0.0, -0.01), Vector3::z_axis(), T::ONE, T::lit(0.5));
    let m = manifold_cone_plane(&tip, &floor, T::ZERO);
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(m.points()[0].id.a, Feature::Vertex(n));
    let (h, r) = (2.0_f64, 1.0_f64);
    let s = h.hypot(r);
    let axis = Unit::new_normalize(vector3::<T>(h / s, 0.0, r / s));
    let side = Cone::new(point3(0.0, 0.0, -0.01), axis, T::lit(h), T::lit(r));
    let m = manifold_cone_halfspace(&side, &ground, T::ZERO);
    assert_eq!(m.len(), 2, "{m:?}");
    let mut ids: Vec<_> = m.points().iter().map(|p| p.id.a).collect();
    ids.sort_by_key(|f| format!("{f:?}"));
    assert_eq!(ids, [Feature::Vertex(0), Feature::Vertex(n)]);
    assert!(m.points().iter().all(|p| (p.distance + T::lit(0.01)).abs() < tol), "{m:?}");
}

osculate_testing::for_f32_and_f64!(planar_worked_cases);

/// Shapes resting on a halfspace turned at random (a box on a face, a cylinder lying, a capsule
/// lying, a polyhedron box on a face; sunk by 1e-3 of its size) and the same shape jittered by
/// 1e-4 of its size in position and 1e-4 rad in angle: at least 99% of the ids of the first
/// manifold are found again in the second.
fn planar_resting_ids_survive_jitter<T: Real>() {
    ids_survive_jitter::<T>("resting on a halfspace", 0x0091_a2e5_eed5, 300, |rng, trial| {
        let up = rng.unit_vector::<T>();
        let ground = Halfspace::new(Plane::new(up, T::lit(rng.range(-3.0, 3.0))));
        let z = up.into_inner();
        let x = osculate_math::any_perpendicular(&up).into_inner();
        let y = z.cross(&x);
        let foot = Point3::from(
            z * ground.plane.d
                + x * T::lit(rng.range(-2.0, 2.0))
                + y * T::lit(rng.range(-2.0, 2.0)),
        );
        let (r, h) = (T::lit(rng.range(0.2, 0.6)), T::lit(rng.range(0.3, 1.2)));
        let size = r.fast_max(h);
        let sink = T::lit(1e-3) * size;
        let spin = Rotation3::from_axis_angle(&up, T::lit(rng.range(0.0, 6.3)));
        let jitter = jitter_at(rng, &foot, size);
        let pred = T::lit(1e-2) * size;
        let along = spin * x;
        let (before, after) = match trial % 3 {
            0 => {
                let frame = Rotation3::from_basis_unchecked(&[spin * x, spin * y, z]);
                let o = Obb::new(
                    foot + z * (h - sink),
                    frame,
                    vector3(r.to_f64(), r.to_f64(), h.to_f64()),
                );
                before_after(&o, &jitter, |o| manifold_obb_halfspace(o, &ground, pred))
            }
            1 => {
                let center = foot + z * (r - sink);
                let c = Cylinder::new(center - along * h, center + along * h, r);
                before_after(&c, &jitter, |c| manifold_cylinder_halfspace(c, &ground, pred))
            }
            _ => {
                let center = foot + z * (r - sink);
                let c = Capsule::new(center - along * h, center + along * h, r);
                before_after(&c, &jitter, |c| manifold_capsule_halfspace(c, &ground, pred))
            }
        };
        assert!(before.len() >= 2, "trial {trial}: {before:?}");
        Some((before, after))
    });
}

osculate_testing::for_f32_and_f64!(planar_resting_ids_survive_jitter);

/// Shapes built from raw values (NaN, infinities, huge and tiny numbers, negative sizes): no
/// plane manifold panics, a NaN in a shape, the plane or the prediction gives the empty
/// manifold, and every manifold returned has finite numbers only.
fn planar_non_finite_input<T: Real>((raw, tame): ([f64; 16], bool)) -> TestResult {
    let (x, [p, q, r]) = raw_corners::<T>(raw, tame);
    let e = raw_point(&x, 9).coords;
    let obb = turned_box(p, e);
    let aabb = Aabb::new(p, q);
    let capsule = Capsule::new(p, q, x[12]);
    let tri = Triangle::new(p, q, r);
    let cylinder = Cylinder::new(p, q, x[12]);
    let cone = Cone::new(p, Vector3::z_axis(), x[13], x[12]);
    let hull = ConvexPolyhedron::try_from_points(&[p, q, r, raw_point(&x, 9)])
        .unwrap_or(ConvexPolyhedron { planes: Vec::new(), vertices: vec![p, q, r] });
    let plane = Plane::new(Unit::new_normalize(vector3::<T>(0.3, -0.4, 0.866)), x[14]);
    let solid = Halfspace::new(plane);
    let pred = x[15];
    let all = [
        manifold_obb_plane(&obb, &plane, pred),
        manifold_obb_halfspace(&obb, &solid, pred),
        manifold_aabb_plane(&aabb, &plane, pred),
        manifold_aabb_halfspace(&aabb, &solid, pred),
        manifold_capsule_plane(&capsule, &plane, pred),
        manifold_capsule_halfspace(&capsule, &solid, pred),
        manifold_triangle_plane(&tri, &plane, pred),
        manifold_triangle_halfspace(&tri, &solid, pred),
        manifold_cylinder_plane(&cylinder, &plane, pred),
        manifold_cylinder_halfspace(&cylinder, &solid, pred),
        manifold_cone_plane(&cone, &plane, pred),
        manifold_cone_halfspace(&cone, &solid, pred),
        manifold_polyhedron_plane(&hull, &plane, pred),
        manifold_polyhedron_halfspace(&hull, &solid, pred),
    ];
    if !all_finite(&all) {
        return TestResult::error(format!("non-finite point: {all:?}"));
    }
    if (x[14].is_nan() || x[15].is_nan()) && !all.iter().all(Manifold::is_empty) {
        return TestResult::error(format!("NaN plane or prediction gave points: {all:?}"));
    }
    // Which inputs each reads: the boxes x[0..3] and x[9..12] (the oriented one), x[0..6] (the
    // aligned one); the capsule and the cylinder x[0..6] and x[12]; the triangle x[0..9]; the
    // cone x[0..3], x[12] and x[13].
    let reads: [(bool, &[usize]); 6] = [
        (has_nan(&x[..3]) || has_nan(&x[9..12]), &[0, 1]),
        (has_nan(&x[..6]), &[2, 3]),
        (has_nan(&x[..6]) || x[12].is_nan(), &[4, 5, 8, 9]),
        (has_nan(&x[..9]), &[6, 7]),
        (has_nan(&x[..3]) || x[12].is_nan() || x[13].is_nan(), &[10, 11]),
        (has_nan(&x[..12]), &[12, 13]),
    ];
    for (nan, which) in reads {
        // The polyhedron: a NaN among its points may be dropped by its hull; only a NaN in
        // every case empties it, so it is checked for finiteness above only.
        if which == [12, 13] {
            continue;
        }
        if nan && !which.iter().all(|&i| all.get(i).is_some_and(Manifold::is_empty)) {
            return TestResult::error(format!("NaN shape gave points {which:?}: {all:?}"));
        }
    }
    TestResult::passed()
}

osculate_testing::for_f32_and_f64!(run: planar_non_finite_input);
