//! Properties of the round-shape manifolds (cylinders and cones with each other and with
//! spheres, capsules, boxes, triangles and polyhedra), on the property suite of `manifold.rs`,
//! worked cases, and a resting-jitter check of their ids.
//!
//! The references are independent of the manifold code: a cylinder's or a cone's boundary
//! distance from its axis and planes; "apart" from GJK (`closest_points_convex`); "overlapping"
//! from GJK/EPA (`contact_convex`).

use osculate_closest::{
    CAP_POLYGON_VERTICES, Contact, EPA_MAX_ITERATIONS, Feature, Manifold, SupportMap,
    contact_convex, manifold_aabb_cone, manifold_aabb_cylinder, manifold_capsule_cone,
    manifold_capsule_cylinder, manifold_cone_cone, manifold_cylinder_cone,
    manifold_cylinder_cylinder, manifold_cylinder_plane, manifold_obb_cone, manifold_obb_cylinder,
    manifold_polyhedron_cone, manifold_polyhedron_cylinder, manifold_sphere_cone,
    manifold_sphere_cylinder, manifold_triangle_cone, manifold_triangle_cylinder,
};
use osculate_math::{
    Aabb, Capsule, Cone, ConvexPolyhedron, Cylinder, Isometry3, Obb, Plane, Point3, Real,
    Rotation3, Sphere, Transform, Triangle, Unit, Vector3, point3, vector3,
};
use osculate_testing::Pair;

use crate::manifold::{
    Body, PreferenceSize, Query, Shifted, all_finite, assert_ids_survive, before_after,
    contact_agrees_with_the_deepest_point, gjk_epa_query, ids_kept, ids_survive_jitter, jitter_at,
    manifold_properties, moving_by_the_depth_makes_them_touch, point_over_top,
    points_lie_on_both_surfaces, prediction, random_ground,
    rigid_motion_moves_points_and_keeps_ids, shift_any, tolerance, translate,
};
use crate::points::{has_nan, raw_point, raw_values, run};
use osculate_testing::Rng;
use quickcheck::TestResult;

/// How far inside the circle a chord of the cap polygon lies, as a fraction of the radius:
/// `1 − cos(π/8)`.
const SAG: f64 = 0.076_120_467_488_713_24;

/// The distance of `(z, rho)` from the segment from the origin to `(h, r)` in the plane.
fn to_segment_2d<T: Real>(z: T, rho: T, h: T, r: T) -> T {
    let l2 = h * h + r * r;
    let t = if l2 > T::ZERO {
        ((z * h + rho * r) / l2).fast_max(T::ZERO).fast_min(T::ONE)
    } else {
        T::ZERO
    };
    (z - h * t).hypot(rho - r * t)
}

impl<T: Real> Body<T> for Cylinder<T> {
    fn gap(&self, p: &Point3<T>) -> T {
        let axis = self.b - self.a;
        let len = axis.norm();
        let u = axis / len;
        let t = (p - self.a).dot(&u);
        let rho = ((p - self.a) - u * t).norm();
        let (out_axial, out_radial) = ((-t).fast_max(t - len), rho - self.radius);
        if out_axial > T::ZERO || out_radial > T::ZERO {
            out_axial.fast_max(T::ZERO).hypot(out_radial.fast_max(T::ZERO))
        } else {
            (-out_axial).fast_min(-out_radial)
        }
    }
    fn magnitude(&self) -> T {
        self.a.coords.amax().fast_max(self.b.coords.amax()) + self.radius
    }
    fn size(&self) -> T {
        (self.b - self.a).norm().fast_max(self.radius)
    }
    fn moved(&self, iso: &Isometry3<T>) -> Option<Self> {
        Some(self.transformed(iso))
    }
}

impl<T: Real> Body<T> for Cone<T> {
    fn gap(&self, p: &Point3<T>) -> T {
        let u = self.axis.into_inner();
        let z = (p - self.tip).dot(&u);
        let rho = ((p - self.tip) - u * z).norm();
        let (h, r) = (self.height, self.radius);
        // The side (the generator in the half plane of `p`) and the base disc.
        let side = to_segment_2d(z, rho, h, r);
        let base = (z - h).hypot((rho - r).fast_max(T::ZERO));
        side.fast_min(base)
    }
    fn magnitude(&self) -> T {
        self.tip.coords.amax().fast_max(self.base_center().coords.amax()) + self.radius
    }
    fn size(&self) -> T {
        self.height.fast_max(self.radius)
    }
    fn moved(&self, iso: &Isometry3<T>) -> Option<Self> {
        Some(self.transformed(iso))
    }
}

impl<T: Real> Shifted<T> for Cylinder<T> {
    fn shifted(&self, v: &Vector3<T>) -> Self {
        translate(self, v)
    }
}

impl<T: Real> Shifted<T> for Cone<T> {
    fn shifted(&self, v: &Vector3<T>) -> Self {
        translate(self, v)
    }
}

/// The radius of a shape's cap polygon (zero for shapes with none).
trait Round<T: Real>: PreferenceSize<T> {
    fn cap_radius(&self) -> T {
        T::ZERO
    }
    /// The radius of a capsule (its side segment lies inside by `radius · 1e-4 / 2`).
    fn capsule_radius(&self) -> T {
        T::ZERO
    }
}

impl<T: Real> Round<T> for Cylinder<T> {
    fn cap_radius(&self) -> T {
        self.radius
    }
}
impl<T: Real> Round<T> for Cone<T> {
    fn cap_radius(&self) -> T {
        self.radius
    }
}
impl<T: Real> Round<T> for Capsule<T> {
    fn capsule_radius(&self) -> T {
        self.radius
    }
}
impl<T: Real> Round<T> for Sphere<T> {}
impl<T: Real> Round<T> for Obb<T> {}
impl<T: Real> Round<T> for Aabb<T> {}
impl<T: Real> Round<T> for Triangle<T> {}
impl<T: Real> Round<T> for ConvexPolyhedron<T> {}

/// The stated bound on how far inside its surfaces a point may lie: a chord of a cap polygon
/// (`radius · (1 − cos(π/8))`), a capsule's side segment (`radius · 1e-4 / 2`), a polyhedron's
/// vertices (its hull's rounding).
fn off<T: Real, A: Round<T> + Body<T>, B: Round<T> + Body<T>>(a: &A, b: &B) -> T {
    T::lit(SAG) * a.cap_radius().fast_max(b.cap_radius())
        + T::lit(0.5e-4) * a.capsule_radius().fast_max(b.capsule_radius())
        + T::EPSILON * T::lit(1024.0) * a.magnitude().fast_max(b.magnitude())
}

/// The round pairs: the one-point contact by GJK/EPA, the gap by GJK, the tie of 1e-3 of the
/// pair's size within which the contact's own point is not added to the clipped ones. Each
/// pair's properties are instantiated in the module named first ([`manifold_properties`]).
macro_rules! round_pairs {
    ($($name:ident: $A:ident, $B:ident: $manifold:ident;)*) => {$(
        impl<T: Real> Query<T, $B<T>> for $A<T> {
            gjk_epa_query!($B<T>, $manifold);
            fn off_surface(&self, b: &$B<T>) -> T {
                off(self, b) + epa_accuracy(self, b)
            }
            fn preference(&self, b: &$B<T>) -> T {
                T::lit(1e-3) * (self.size() + b.size() + self.cap_radius() + b.cap_radius())
            }
            fn shift(b: &$B<T>, v: &Vector3<T>) -> $B<T> {
                shift_any(b, v)
            }
            fn accuracy(&self, b: &$B<T>) -> T {
                refined_accuracy(self, b)
            }
            fn switch(&self, b: &$B<T>) -> Option<(T, T)> {
                // The method's feature preference, 5e-4 of its sizes, against EPA's separation,
                // which EPA knows to its relative tolerance √ε of the depth.
                let size = self.preference_size() + b.preference_size();
                let rounding = T::EPSILON * T::lit(64.0)
                    * (size + self.magnitude().fast_max(b.magnitude()));
                let depth = contact_convex(self, b, EPA_MAX_ITERATIONS).map_or(T::ZERO, |c| c.distance.abs());
                Some((T::lit(5e-4) * size + rounding, T::lit(2.0) * T::EPSILON.sqrt() * depth + rounding))
            }
            fn fallback_accuracy(&self, b: &$B<T>) -> (T, T) {
                let angle = epa_angle::<T>();
                (angle * (self.size() + b.size()), angle)
            }
            fn separation(&self, b: &$B<T>, n: &Vector3<T>) -> Option<T> {
                Some(n.dot(&b.support(&-n).coords) - n.dot(&self.support(n).coords))
            }
        }
    )*
        manifold_properties! {
            $($name: $A, $B;)*
        }
    };
}

/// How far off the surfaces a point may lie beyond rounding where the manifold is GJK/EPA's one
/// point: EPA stops within a relative tolerance (√ε: f32 3.5e-4, f64 1.5e-8) of the depth, and its
/// witness points lie on the faces of its polytope inside the shapes by up to that times the
/// pair's size; 32 times it covers the witnesses' place along a curved surface.
fn epa_accuracy<T: Real, A: Body<T>, B: Body<T>>(a: &A, b: &B) -> T {
    T::lit(32.0) * T::RELATIVE_TOLERANCE.fast_max(T::EPSILON.sqrt()) * (a.size() + b.size())
}

/// How far a normal fixed by the features (a face's own, or one refined by Newton's steps on the
/// support maps to a residual of 64 ε of the pair's scale) may move the points under a rigid
/// motion: the rounding of the supporting points at the pair's magnitude and size, carried over
/// the pair's size by a normal whose residual condition has a slope of the radius of curvature
/// of `A − B` minus the depth (a few times the size down to a tenth of it on the generator's
/// shapes): 1024 ε of the magnitude and size.
fn refined_accuracy<T: Real, A: Body<T>, B: Body<T>>(a: &A, b: &B) -> T {
    T::EPSILON
        * T::lit(1024.0)
        * (a.size() + b.size() + a.magnitude().fast_max(b.magnitude()).fast_max(T::ONE))
}

/// How far GJK/EPA's own normal may turn: EPA stops when its depth's bounds are within a
/// relative `τ = √ε` (f32 3.5e-4, f64 1.5e-8) of each other; on a curved part of `A − B`, the
/// depth along a normal off by θ grows by `R θ² / 2` (R the radius of curvature, at least the
/// depth), so the normal is known to `θ ≤ √(2τ)` (f32 2.6e-2, f64 1.7e-4); twice that covers
/// the two answers compared.
pub(crate) fn epa_angle<T: Real>() -> T {
    let tau = T::RELATIVE_TOLERANCE.fast_max(T::EPSILON.sqrt());
    T::lit(2.0) * (T::lit(2.0) * tau).sqrt()
}

round_pairs! {
    cylinder_cylinder: Cylinder, Cylinder: manifold_cylinder_cylinder;
    cylinder_cone: Cylinder, Cone: manifold_cylinder_cone;
    cone_cone: Cone, Cone: manifold_cone_cone;
    sphere_cylinder: Sphere, Cylinder: manifold_sphere_cylinder;
    sphere_cone: Sphere, Cone: manifold_sphere_cone;
    capsule_cylinder: Capsule, Cylinder: manifold_capsule_cylinder;
    capsule_cone: Capsule, Cone: manifold_capsule_cone;
    obb_cylinder: Obb, Cylinder: manifold_obb_cylinder;
    obb_cone: Obb, Cone: manifold_obb_cone;
    aabb_cylinder: Aabb, Cylinder: manifold_aabb_cylinder;
    aabb_cone: Aabb, Cone: manifold_aabb_cone;
    triangle_cylinder: Triangle, Cylinder: manifold_triangle_cylinder;
    triangle_cone: Triangle, Cone: manifold_triangle_cone;
    polyhedron_cylinder: ConvexPolyhedron, Cylinder: manifold_polyhedron_cylinder;
    polyhedron_cone: ConvexPolyhedron, Cone: manifold_polyhedron_cone;
}

/// Worked cases: a cylinder standing on a box (four corners of its cap polygon, on the rim), lying
/// on it (two points along the side), tilted on its rim (the rim's deepest point), a cone on its
/// base, on its tip and on its side, two crossed cylinders (one point), stacked cylinders, and
/// both argument orders.
fn round_worked_cases<T: Real>() {
    let ground =
        Obb::new(point3(0.0, 0.0, 0.0), Rotation3::identity(), vector3::<T>(5.0, 5.0, 1.0));
    let tol = T::lit(1e-4);
    // Standing, sunk 0.01: four corners of the bottom cap's polygon, each on the rim.
    let can = Cylinder::new(point3(1.0, 2.0, 0.99), point3(1.0, 2.0, 3.0), T::lit(0.5));
    let m = manifold_obb_cylinder(&ground, &can, T::ZERO);
    assert_eq!(m.len(), 4, "{m:?}");
    assert!((m.normal.z - T::ONE).abs() < tol);
    for p in m.points() {
        assert!((p.distance + T::lit(0.01)).abs() < tol, "{m:?}");
        assert_eq!(p.id.a, Feature::Face(5));
        assert!(matches!(p.id.b, Feature::Vertex(0..=7)), "{m:?}");
        let rho = (p.point_b - can.a).xy().norm();
        assert!((rho - can.radius).abs() < tol, "{p:?}");
        assert!((p.point_a.z - T::ONE).abs() < tol && (p.point_b.z - T::lit(0.99)).abs() < tol);
    }
    // The four span the cap: two pairs of opposite corners, each pair a diameter apart.
    let spread = m.points().iter().fold(T::ZERO, |s, p| {
        m.points().iter().fold(s, |s, q| s.fast_max((p.point_b - q.point_b).norm()))
    });
    assert!((spread - T::ONE).abs() < tol, "{spread:?}");
    // Both orders: the normal flipped, the features exchanged.
    let r = manifold_obb_cylinder(&ground, &can, T::ZERO).swapped();
    assert!((r.normal.z + T::ONE).abs() < tol);
    // Lying on its side, sunk 0.01: the two ends of the bottom generator.
    let log = Cylinder::new(point3(-1.0, 0.0, 1.49), point3(1.0, 0.0, 1.49), T::lit(0.5));
    let m = manifold_obb_cylinder(&ground, &log, T::ZERO);
    assert_eq!(m.len(), 2, "{m:?}");
    let n = CAP_POLYGON_VERTICES as u32;
    let mut ends: Vec<_> = m.points().iter().map(|p| p.id.b).collect();
    ends.sort_by_key(|f| format!("{f:?}"));
    assert_eq!(ends, [Feature::Vertex(2 * n), Feature::Vertex(2 * n + 1)]);
    for p in m.points() {
        assert!((p.distance + T::lit(0.01)).abs() < tol, "{m:?}");
        assert!((p.point_b.x.abs() - T::ONE).abs() < tol && p.point_b.y.abs() < tol);
    }
    // Hanging over the ground's edge at x = 5: the side clipped by the edge's side plane.
    let over = Cylinder::new(point3(4.0, 0.0, 1.49), point3(6.0, 0.0, 1.49), T::lit(0.5));
    let m = manifold_obb_cylinder(&ground, &over, T::ZERO);
    assert_eq!(m.len(), 2, "{m:?}");
    assert!(m.points().iter().any(|p| (p.point_b.x - T::lit(5.0)).abs() < tol), "{m:?}");
    // Tilted by 0.3 rad on its rim: the deepest point is the contact's, the rim's lowest point.
    let tilt = Rotation3::from_axis_angle(&Vector3::y_axis(), T::lit(0.3));
    let foot = point3::<T>(0.0, 0.0, 0.98);
    let dir = tilt * Vector3::z();
    let across = tilt * Vector3::x();
    let bottom = foot - across * T::lit(0.5);
    let tilted = Cylinder::new(bottom, bottom + dir * T::lit(2.0), T::lit(0.5));
    let m = manifold_obb_cylinder(&ground, &tilted, T::ZERO);
    let Some(c) = contact_convex(&ground, &tilted, EPA_MAX_ITERATIONS) else {
        panic!("{tilted:?}")
    };
    let Some(deepest) = m.deepest() else { panic!("{m:?}") };
    assert!((deepest.distance - c.distance).abs() < tol, "{m:?} {c:?}");
    assert!((deepest.distance + T::lit(0.02)).abs() < tol, "{m:?}");
    // A cone on its base: four corners of the base polygon; on its tip: the apex; lying on its
    // side: the apex and the generator's end on the rim.
    let cone = Cone::new(point3(0.0, 0.0, 1.99), -Vector3::z_axis(), T::ONE, T::lit(0.5));
    let m = manifold_obb_cone(&ground, &cone, T::ZERO);
    assert_eq!(m.len(), 4, "{m:?}");
    assert!(m.points().iter().all(|p| (p.distance + T::lit(0.01)).abs() < tol));
    assert!(m.points().iter().all(|p| matches!(p.id.b, Feature::Vertex(0..=7))));
    let tip = Cone::new(point3(0.0, 0.0, 0.99), Vector3::z_axis(), T::ONE, T::lit(0.5));
    let m = manifold_obb_cone(&ground, &tip, T::ZERO);
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(m.points()[0].id.b, Feature::Vertex(n));
    let (h, r) = (2.0_f64, 1.0_f64);
    let s = h.hypot(r);
    let axis = Unit::new_normalize(vector3::<T>(h / s, 0.0, r / s));
    let side = Cone::new(point3(0.0, 0.0, 0.99), axis, T::lit(h), T::lit(r));
    let m = manifold_obb_cone(&ground, &side, T::ZERO);
    assert_eq!(m.len(), 2, "{m:?}");
    let mut ids: Vec<_> = m.points().iter().map(|p| p.id.b).collect();
    ids.sort_by_key(|f| format!("{f:?}"));
    assert_eq!(ids, [Feature::Vertex(n), Feature::Vertex(n + 1)]);
    assert!(m.points().iter().all(|p| (p.distance + T::lit(0.01)).abs() < tol), "{m:?}");
    // Two cylinders crossed at right angles, lying on each other: one point.
    let lower = Cylinder::new(point3(-1.0, 0.0, 0.0), point3(1.0, 0.0, 0.0), T::lit(0.5));
    let upper = Cylinder::new(point3(0.0, -1.0, 0.99), point3(0.0, 1.0, 0.99), T::lit(0.5));
    let m = manifold_cylinder_cylinder(&lower, &upper, T::ZERO);
    assert_eq!(m.len(), 1, "{m:?}");
    assert!((m.points()[0].distance + T::lit(0.01)).abs() < tol);
    // Parallel, side by side: two points.
    let beside = Cylinder::new(point3(-0.5, 0.0, 0.99), point3(1.5, 0.0, 0.99), T::lit(0.5));
    let m = manifold_cylinder_cylinder(&lower, &beside, T::ZERO);
    assert_eq!(m.len(), 2, "{m:?}");
    assert!(m.points().iter().all(|p| (p.distance + T::lit(0.01)).abs() < tol), "{m:?}");
    // Stacked, coaxial: four corners of a cap polygon, 0.01 deep.
    let base = Cylinder::new(point3(0.0, 0.0, 0.0), point3(0.0, 0.0, 1.0), T::ONE);
    let top = Cylinder::new(point3(0.0, 0.0, 0.99), point3(0.0, 0.0, 2.0), T::lit(0.5));
    let m = manifold_cylinder_cylinder(&base, &top, T::ZERO);
    assert_eq!(m.len(), 4, "{m:?}");
    assert!(m.points().iter().all(|p| (p.distance + T::lit(0.01)).abs() < tol), "{m:?}");
    // Apart by 0.2, within a prediction of 0.5: four predicted points; beyond it: none.
    let above = Cylinder::new(point3(0.0, 0.0, 1.2), point3(0.0, 0.0, 2.0), T::lit(0.5));
    let m = manifold_cylinder_cylinder(&base, &above, T::lit(0.5));
    assert_eq!(m.len(), 4, "{m:?}");
    assert!(m.points().iter().all(|p| (p.distance - T::lit(0.2)).abs() < tol), "{m:?}");
    assert!(manifold_cylinder_cylinder(&base, &above, T::lit(0.1)).is_empty());
    // NaN: empty.
    let nan = Cylinder::new(point3(f64::NAN, 0.0, 0.0), point3(0.0, 0.0, 2.0), T::lit(0.5));
    assert!(manifold_cylinder_cylinder(&base, &nan, T::ZERO).is_empty());
    assert!(manifold_cylinder_cylinder(&base, &top, T::NAN).is_empty());
    assert!(manifold_obb_cone(&ground, &cone, T::NAN).is_empty());
}

osculate_testing::for_f32_and_f64!(round_worked_cases);

/// A cone of no height (a disc) is a face on both sides: a disc lying on a box, a box resting on
/// a disc and a ball resting on a disc, with the disc's axis toward the other shape and away
/// from it, each sunk 0.01. The normal is the disc's axis exactly (within a few ulps: the box's
/// face normal, or the disc's own ±axis), every point 0.01 deep, and the disc's points are the
/// corners of its base polygon on whichever side faces the other shape.
fn flat_cone_worked_cases<T: Real>() {
    let n = CAP_POLYGON_VERTICES as u32;
    let ground =
        Obb::new(point3(0.0, 0.0, 0.0), Rotation3::identity(), vector3::<T>(5.0, 5.0, 1.0));
    let tol = T::lit(1e-4);
    let ulps = T::EPSILON * T::lit(4.0);
    // The normal is ±z to within a few ulps.
    let along_z = |m: &Manifold<T>, sign: T| {
        m.normal.x.abs() <= ulps && m.normal.y.abs() <= ulps && (m.normal.z - sign).abs() <= ulps
    };
    // The disc's features: its base polygon (`Vertex(0..n)`) when its axis faces the other
    // shape, its back (`Vertex(n + 2..2n + 2)`) otherwise.
    let corners = |axis_faces: bool| if axis_faces { 0..n } else { n + 2..2 * n + 2 };
    for (up, axis) in [(true, Vector3::z_axis()), (false, -Vector3::z_axis())] {
        // Lying on the box's top (z = 1), sunk 0.01: the box's normal is +z.
        let disc = Cone::new(point3(0.3, -0.2, 0.99), axis, T::ZERO, T::lit(0.5));
        let m = manifold_obb_cone(&ground, &disc, T::ZERO);
        assert_eq!(m.len(), 4, "{m:?}");
        assert!(along_z(&m, T::ONE), "{m:?}");
        let ids = corners(!up);
        for p in m.points() {
            assert!((p.distance + T::lit(0.01)).abs() < tol, "{m:?}");
            assert!(matches!(p.id.b, Feature::Vertex(k) if ids.contains(&k)), "{m:?}");
            assert!((p.point_b.z - T::lit(0.99)).abs() < tol, "{m:?}");
        }
        // A box resting on the disc (the disc at z = 0, the box's bottom at z = −0.01): from the
        // box toward the disc the normal is −z.
        let disc = Cone::new(point3(0.0, 0.0, 0.0), axis, T::ZERO, T::lit(0.5));
        let block =
            Obb::new(point3(0.1, 0.2, 0.99), Rotation3::identity(), vector3::<T>(1.0, 1.0, 1.0));
        let m = manifold_obb_cone(&block, &disc, T::ZERO);
        assert_eq!(m.len(), 4, "{m:?}");
        assert!(along_z(&m, -T::ONE), "{m:?}");
        let ids = corners(up);
        for p in m.points() {
            assert!((p.distance + T::lit(0.01)).abs() < tol, "{m:?}");
            assert!(matches!(p.id.b, Feature::Vertex(k) if ids.contains(&k)), "{m:?}");
            assert!(p.point_b.z.abs() < tol, "{m:?}");
        }
        // A ball resting on the disc: one point under the ball, the normal the disc's axis.
        let ball = Sphere::new(point3(0.1, 0.2, 0.49), T::lit(0.5));
        let m = manifold_sphere_cone(&ball, &disc, T::ZERO);
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(along_z(&m, -T::ONE), "{m:?}");
        let p = m.points()[0];
        assert!((p.distance + T::lit(0.01)).abs() < tol, "{m:?}");
        assert!((p.point_a - point3(0.1, 0.2, -0.01)).norm() < tol, "{m:?}");
        assert!((p.point_b - point3(0.1, 0.2, 0.0)).norm() < tol, "{m:?}");
    }
}

osculate_testing::for_f32_and_f64!(flat_cone_worked_cases);

/// A cylinder standing on a box, or lying on it, or a cone standing on its base (the ground
/// turned at random, the body spun about the ground's normal, placed anywhere on its top face,
/// overhanging or not, sunk by 1e-3 of its size), and the same body jittered by 1e-4 of its size
/// in position and 1e-4 rad in angle: at least 99% of the ids of the first manifold are found
/// again in the second (the cap polygon's roll comes from the ground's axes, so it does not turn).
fn round_resting_ids_survive_jitter<T: Real>() {
    ids_survive_jitter::<T>("resting round", 0x00c7_11de_5eed, 300, |rng, trial| {
        let ground = random_ground::<T>(rng);
        let [x, _, z] = ground.axes();
        let (r, h) = (T::lit(rng.range(0.2, 0.6)), T::lit(rng.range(0.3, 1.2)));
        let size = r.fast_max(h);
        let spin = Rotation3::from_axis_angle(&Unit::new_normalize(z), T::lit(rng.range(0.0, 6.3)));
        let foot = point_over_top(rng, &ground, T::ZERO);
        let sink = T::lit(1e-3) * size;
        let jitter = jitter_at(rng, &foot, size);
        let pred = T::lit(1e-2) * size;
        let (before, after) = match trial % 3 {
            0 => {
                let c = Cylinder::new(foot - z * sink, foot + z * (h - sink), r);
                before_after(&c, &jitter, |c| manifold_obb_cylinder(&ground, c, pred))
            }
            1 => {
                let along = spin * x;
                let center = foot + z * (r - sink);
                let c = Cylinder::new(center - along * h, center + along * h, r);
                before_after(&c, &jitter, |c| manifold_obb_cylinder(&ground, c, pred))
            }
            _ => {
                let c = Cone::new(foot + z * (h - sink), Unit::new_normalize(-z), h, r);
                before_after(&c, &jitter, |c| manifold_obb_cone(&ground, c, pred))
            }
        };
        assert!(before.len() >= 2, "trial {trial}: {before:?}");
        Some((before, after))
    });
}

osculate_testing::for_f32_and_f64!(round_resting_ids_survive_jitter);

/// A cylinder resting on its cap (upright) or on its rim (tilted by 0.1 to 1.2 rad, its lowest rim
/// point on the ground) on a box, on the same box as a polyhedron, and on the plane of the box's
/// top face (the ground turned at random, the cylinder tilted toward a random direction about
/// the ground's normal, its foot within the middle of the top face, sunk by 1e-3 of its size),
/// and the same
/// cylinder jittered by 1e-4 of its size in position and 1e-4 rad in angle: at least 99% of the
/// ids of the first manifold are found again in the second, for each ground. A point whose id
/// survives names the same place: it moves by at most 1e-2 of the size (the cap polygon's roll
/// and the plane manifold's rim points must not turn about the axis under the jitter).
fn cylinder_resting_ids_survive_jitter<T: Real>() {
    let mut rng = Rng::new(0x00c7_1d0e_5eed);
    // Per ground (box, polyhedron, plane): ids kept, ids before, the largest move of a kept
    // point relative to the size.
    let mut tally = [(0usize, 0usize, 0.0_f64); 3];
    for trial in 0..300 {
        let ground = random_ground::<T>(&mut rng);
        let hull = ConvexPolyhedron::try_from_points(&ground.corners()).ok();
        let [x, _, z] = ground.axes();
        let top = Plane::new(
            Unit::new_normalize(z),
            z.dot(&(ground.center.coords + z * ground.half_extents.z)),
        );
        let (r, h) = (T::lit(rng.range(0.2, 0.6)), T::lit(rng.range(0.3, 1.2)));
        let size = r.fast_max(h);
        let spin = Rotation3::from_axis_angle(&Unit::new_normalize(z), T::lit(rng.range(0.0, 6.3)));
        // Within the top face, the rim's lowest point too (the box-on-box and round tests
        // above cover overhangs).
        let [gx, gy, gz] = [ground.half_extents.x, ground.half_extents.y, ground.half_extents.z];
        let [_, y, _] = ground.axes();
        let foot = ground.center
            + x * (T::lit(rng.range(-0.6, 0.6)) * gx)
            + y * (T::lit(rng.range(-0.6, 0.6)) * gy)
            + z * gz;
        let sink = T::lit(1e-3) * size;
        let jitter = jitter_at(&mut rng, &foot, size);
        let pred = T::lit(1e-2) * size;
        let c = if trial % 2 == 0 {
            Cylinder::new(foot - z * sink, foot + z * (h - sink), r)
        } else {
            // Tilted by `t` toward `w`: its lowest rim point, at the foot, `r sin t` below the
            // bottom cap's center and `r cos t` behind it.
            let t = T::lit(rng.range(0.1, 1.2));
            let w = spin * x;
            let u = z * t.cos() + w * t.sin();
            let a = foot + z * (r * t.sin() - sink) - w * (r * t.cos());
            Cylinder::new(a, a + u * h, r)
        };
        let moved = c.transformed(&jitter);
        let mut pairs = vec![
            (
                0,
                manifold_obb_cylinder(&ground, &c, pred),
                manifold_obb_cylinder(&ground, &moved, pred),
            ),
            (
                2,
                manifold_cylinder_plane(&c, &top, pred).swapped(),
                manifold_cylinder_plane(&moved, &top, pred).swapped(),
            ),
        ];
        if let Some(hull) = &hull {
            pairs.push((
                1,
                manifold_polyhedron_cylinder(hull, &c, pred),
                manifold_polyhedron_cylinder(hull, &moved, pred),
            ));
        }
        for (g, before, after) in pairs {
            assert!(!before.is_empty(), "trial {trial}, ground {g}: {before:?}");
            let (kept, total, moved_most) = &mut tally[g];
            *total += before.len();
            *kept += ids_kept(&before, &after);
            for p in before.points() {
                if let Some(q) = after.points().iter().find(|q| q.id == p.id) {
                    let d = ((q.point_b - p.point_b).norm() / size).to_f64();
                    *moved_most = moved_most.max(d);
                }
            }
        }
    }
    for (what, (kept, total, moved_most)) in
        ["cylinder on a box", "cylinder on a polyhedron", "cylinder on a plane"].iter().zip(tally)
    {
        eprintln!("{what}: a kept point moved at most {moved_most:.3e} of the size");
        assert_ids_survive(what, kept, total);
        assert!(moved_most <= 1e-2, "{what}: a kept id's point moved {moved_most} of the size");
    }
}

osculate_testing::for_f32_and_f64!(cylinder_resting_ids_survive_jitter);

/// A cone's base polygon and a triangle tilted far from it (the generator's triangle-cone pairs,
/// 2000 seeds): no manifold point is deeper than the overlap along the manifold's normal (the gap
/// between the supporting planes), within rounding and the feature preference. Clipping one face
/// against another whose normal is tens of degrees from the contact normal measures a
/// polygon corner far deeper than the overlap (1.76 against 1e-3): the lever arm of the tilted
/// reference plane.
fn triangle_cone_points_no_deeper_than_the_overlap<T: Real>() {
    for seed in 0..2000 {
        let p = Pair::<Triangle<T>, Cone<T>>::from_seed(seed);
        let (t, c) = (&p.a, &p.b);
        let m = manifold_triangle_cone(t, c, prediction(t, c));
        let n = m.normal.into_inner();
        let Some(overlap) = t.separation(c, &n) else { continue };
        let tol = tolerance(t, c) + t.preference(c);
        for q in m.points() {
            assert!(q.distance >= overlap - tol, "seed {seed}: {q:?} below {overlap:?}: {m:?}");
        }
    }
}

osculate_testing::for_f32_and_f64!(triangle_cone_points_no_deeper_than_the_overlap);

/// Pairs on which f32 GJK/EPA once folded its polytope (a sliver face nearly reversed, nearer the
/// origin than the face it grew from) and reported that face: a depth of a fraction of the
/// overlap with witnesses far from `distance · normal` apart. The manifold keeps GJK/EPA's point
/// where no feature fixes the normal, so each of these failed a property: moving B by the depth
/// left the shapes overlapping (a box and a cylinder by 0.157, a polyhedron and a cone by 0.339),
/// or the points were up to 0.143 from `distance · normal` apart. The cones of height 0 are flat
/// discs. Every property holds on each, in f32 and f64.
fn epa_folding_pairs_keep_the_properties<T: Real>() {
    let v = |x: [f64; 3]| vector3::<T>(x[0], x[1], x[2]);
    let p = |x: [f64; 3]| Point3::from(v(x));
    let polyhedron = |points: &[[f64; 3]]| {
        let points: Vec<Point3<T>> = points.iter().copied().map(p).collect();
        let Ok(h) = ConvexPolyhedron::try_from_points(&points) else {
            panic!("the points span a volume")
        };
        h
    };
    let cone = |tip: [f64; 3], axis: [f64; 3], height: f64, radius: f64| {
        Cone::new(p(tip), Unit::new_normalize(v(axis)), T::lit(height), T::lit(radius))
    };
    let obb = |center: [f64; 3], columns: [f64; 9], half: [f64; 3]| {
        let m = osculate_math::Matrix3::from_iterator(columns.map(T::lit));
        Obb::new(p(center), Rotation3::from_matrix_unchecked(m), v(half))
    };
    fn holds<T: Real, A: Query<T, B>, B: Body<T>>(what: &str, a: &A, b: &B) {
        for (property, r) in [
            ("surfaces", points_lie_on_both_surfaces(a, b)),
            ("touch", moving_by_the_depth_makes_them_touch(a, b)),
            ("agrees", contact_agrees_with_the_deepest_point(a, b)),
        ] {
            assert!(!r.is_failure(), "{what}, {property}: {r:?}");
        }
    }

    holds("polyhedron-cone 0", &polyhedron(&osculate_testing::EPA_FOLDING_POLYHEDRON), &{
        let (tip, axis, height, radius) = osculate_testing::EPA_FOLDING_CONE;
        cone(tip, axis, height, radius)
    });
    holds(
        "polyhedron-cone 1",
        &polyhedron(&[
            [-0.25084972, -0.02614748, 0.10430523],
            [0.5727606, 0.049632024, 0.29840103],
            [-0.108933285, 0.3620548, -0.6494546],
            [0.71467704, 0.4378343, -0.4553588],
            [-0.4068989, 0.7376179, 0.46827993],
            [0.41671142, 0.8133974, 0.6623757],
            [-0.26498246, 1.1258202, -0.2854799],
            [0.55862784, 1.2015996, -0.09138412],
            [0.055414733, 0.02376873, -0.46522018],
            [0.27104893, 0.8785098, -0.66580886],
        ]),
        &cone(
            [0.81514347, -0.6826156, -0.9168066],
            [0.6794646, 0.57965493, 0.44980887],
            0.61896056,
            0.97359943,
        ),
    );
    holds(
        "obb-cylinder 2",
        &{
            let (center, columns, half) = osculate_testing::EPA_FOLDING_BOX;
            obb(center, columns, half)
        },
        &{
            let (a, b, radius) = osculate_testing::EPA_FOLDING_CYLINDER;
            Cylinder::new(p(a), p(b), T::lit(radius))
        },
    );
    holds(
        "obb-cylinder 3",
        &obb(
            [-0.62145543, 0.74813926, 0.14031702],
            [
                0.35386348,
                0.9349318,
                0.026140302,
                -0.56002504,
                0.23418374,
                -0.79468864,
                -0.7491013,
                0.26657206,
                0.60645425,
            ],
            [0.4490335, 0.28966895, 0.27662325],
        ),
        &Cylinder::new(
            p([-0.10410905, 0.6002023, 0.82796115]),
            p([-0.18725523, 0.92202675, 0.58274174]),
            T::lit(0.8624329),
        ),
    );
    holds(
        "polyhedron-cone 4",
        &polyhedron(&[
            [0.56117237, -0.18551438, -0.49799886],
            [1.6102147, -0.12096438, -0.3726215],
            [0.4679012, 1.6444573, -0.6597449],
            [1.5169435, 1.7090074, -0.5343675],
            [0.3529702, -0.04839171, 1.1734478],
            [1.4020125, 0.016158288, 1.2988253],
            [0.25969905, 1.7815801, 1.011702],
            [1.3087413, 1.84613, 1.1370792],
            [0.96793014, 1.7396865, 1.3254839],
            [0.7475612, -0.48807684, 0.577851],
        ]),
        &cone(
            [0.31888428, -0.16480102, -0.19981878],
            [-0.48023394, 0.86374056, -0.15273383],
            0.0,
            0.24636047,
        ),
    );
    holds(
        "triangle-cylinder 5",
        &Triangle::new(
            p([0.116505794, 0.1928405, -0.9116267]),
            p([0.116284564, 0.97328234, 0.694678]),
            p([0.38105085, 0.38358566, 0.7947966]),
        ),
        &Cylinder::new(
            p([-0.68297577, 0.45749393, 0.027943838]),
            p([-0.25012273, 0.9600866, -0.21283324]),
            T::lit(0.5655951),
        ),
    );
    holds(
        "polyhedron-cone 6",
        &polyhedron(&[
            [-0.9182275, -0.045814402, 0.6973173],
            [-0.09477012, -0.9368417, 0.8456356],
            [-0.013526202, 0.7313302, 0.34317446],
            [0.80993116, -0.15969715, 0.49149278],
            [-0.89562523, 0.0022376375, 0.86050475],
            [-0.072167866, -0.8887897, 1.008823],
            [0.0090760505, 0.7793822, 0.5063619],
            [0.8325334, -0.111645095, 0.65468025],
            [-0.64854604, 0.18456472, 1.2518752],
            [0.7631402, -0.24812263, 0.97519684],
            [-0.042408966, -0.5429909, 1.4191611],
            [0.33450475, -0.84979504, 0.8517623],
        ]),
        &cone(
            [0.2634306, -0.39808813, 0.49621937],
            [-0.39862683, 0.0346707, -0.91645765],
            0.0,
            0.43093005,
        ),
    );
}

osculate_testing::for_f32_and_f64!(epa_folding_pairs_keep_the_properties);

/// A capsule and a cylinder at the 1e-4 scale overlapping by 3.1e-10 (f64): the manifold, found
/// in the capsule's frame, had been empty at prediction 0 (and held the point 3.1e-10 deep at
/// prediction 1e-9): GJK/EPA's contact in that frame had a distance above 0, where the method
/// stops. Every property holds in f32 and f64, and in f64 the manifold at prediction 0 has the
/// point.
fn nearly_touching_capsule_cylinder_keeps_its_point<T: Real>() {
    let cap = Capsule::new(
        point3(6.0777467171947636e-5, 7.127887739351375e-5, 2.610019253554632e-5),
        point3(-9.584549049264235e-5, -7.05351966803615e-5, -2.374367457641289e-5),
        T::lit(6.151934257817684e-5),
    );
    let cyl = Cylinder::new(
        point3(-2.6278551313645006e-5, 8.9023244248764e-5, -9.455759061641523e-5),
        point3(-5.765345677236808e-6, 0.00012230071913951337, -8.552208649104207e-5),
        T::lit(6.661736149269228e-5),
    );
    for (property, r) in [
        ("surfaces", points_lie_on_both_surfaces(&cap, &cyl)),
        ("touch", moving_by_the_depth_makes_them_touch(&cap, &cyl)),
        ("agrees", contact_agrees_with_the_deepest_point(&cap, &cyl)),
    ] {
        assert!(!r.is_failure(), "{property}: {r:?}");
    }
    if T::EPSILON.to_f64() < 1e-10 {
        let m = manifold_capsule_cylinder(&cap, &cyl, T::ZERO);
        let deepest = m.deepest().map(|p| p.distance);
        assert!(deepest.is_some_and(|d| d < T::ZERO), "{m:?}");
    }
}

osculate_testing::for_f32_and_f64!(nearly_touching_capsule_cylinder_keeps_its_point);

/// Shapes built from raw values (NaN, infinities, huge and tiny numbers, negative sizes): no
/// round manifold panics, a NaN anywhere gives the empty manifold, and every manifold returned
/// has finite numbers only.
fn round_non_finite_input<T: Real>((raw, tame): ([f64; 16], bool)) -> TestResult {
    let x: [T; 16] = raw_values(raw, tame);
    let p = |i: usize| raw_point(&x, i);
    let axis = Unit::new_unchecked(Vector3::new(x[6], x[7], x[8]));
    let cyl = Cylinder::new(p(0), p(3), x[9]);
    let cone = Cone::new(p(3), axis, x[10], x[11]);
    let other = Cylinder::new(p(6), p(9), x[12]);
    let obb = Obb::new(p(0), Rotation3::identity(), Vector3::new(x[13], x[14], x[15]));
    let pred = x[12];
    let all = [
        manifold_cylinder_cylinder(&cyl, &other, pred),
        manifold_cylinder_cone(&cyl, &cone, pred),
        manifold_cone_cone(&cone, &cone, pred),
        manifold_obb_cylinder(&obb, &cyl, pred),
        manifold_obb_cone(&obb, &cone, pred),
        manifold_sphere_cylinder(&Sphere::new(p(6), x[13]), &cyl, pred),
        manifold_capsule_cone(&Capsule::new(p(6), p(9), x[14]), &cone, pred),
        manifold_triangle_cylinder(&Triangle::new(p(0), p(6), p(9)), &cyl, pred),
    ];
    if !all_finite(&all) {
        return TestResult::error(format!("non-finite point: {all:?}"));
    }
    // The inputs each query reads (its shapes' numbers and the prediction, x[12]).
    let reads: [&[(usize, usize)]; 8] = [
        &[(0, 13)],
        &[(0, 13)],
        &[(3, 13)],
        &[(0, 6), (9, 10), (12, 16)],
        &[(0, 16)],
        &[(0, 10), (12, 14)],
        &[(3, 13), (14, 15)],
        &[(0, 13)],
    ];
    for (m, ranges) in all.iter().zip(reads) {
        if ranges.iter().any(|&(i, j)| has_nan(&x[i..j])) && !m.is_empty() {
            return TestResult::error(format!("a NaN gave points: {m:?}"));
        }
    }
    TestResult::passed()
}

osculate_testing::for_f32_and_f64!(run: round_non_finite_input);
