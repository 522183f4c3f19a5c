//! The interop features: every shape and result type round-trips through `serde` unchanged, and
//! shapes built from `mint` and `glam` values answer as the same shapes built from nalgebra's.
//!
//! Built by `cargo xtask ci` with `--features serde,mint,glam030,glam033`; without them this
//! file is empty.
#![cfg(all(feature = "serde", feature = "mint", feature = "glam030", feature = "glam033"))]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test: a valid shape failing to build, or a value failing to round-trip, is the failure"
)]

use core::fmt::Debug;

use osculate::cast::{self, Culling};
use osculate::closest::{self, DistanceStatus};
use osculate::dynamic;
use osculate::math::{Real, UnitQuaternion};
use osculate::mesh::{MeshOptions, TriangleMesh};
use osculate::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// `value` written as JSON and read back: equal, and written again to the same text.
fn round_trip<S: Serialize + DeserializeOwned + PartialEq + Debug>(value: &S) {
    let text = serde_json::to_string(value).expect("serialises");
    let back: S = serde_json::from_str(&text).expect(&text);
    assert_eq!(&back, value, "{text}");
    assert_eq!(serde_json::to_string(&back).expect("serialises"), text);
}

fn p<T: Real>(x: f64, y: f64, z: f64) -> Point3<T> {
    Point3::new(T::lit(x), T::lit(y), T::lit(z))
}

/// One of every shape, and the results of a query on each pair family, round-trip.
fn shapes_and_results_round_trip<T: Real + Serialize + DeserializeOwned>() {
    let sphere = Sphere::try_new(p::<T>(0.0, 0.0, 0.0), T::lit(1.0)).unwrap();
    let capsule =
        Capsule::try_new(p::<T>(2.0, 0.0, 0.0), p::<T>(2.0, 1.0, 0.0), T::lit(0.5)).unwrap();
    let aabb = Aabb::try_new(p::<T>(-1.0, -1.0, -1.0), p::<T>(0.5, 1.0, 2.0)).unwrap();
    let rotation = UnitQuaternion::from_euler_angles(T::lit(0.3), T::lit(-0.2), T::lit(1.1));
    let obb = Obb::try_new(
        p::<T>(0.5, 0.5, 0.0),
        rotation.into(),
        Vector3::new(T::lit(1.0), T::lit(0.5), T::lit(0.25)),
    )
    .unwrap();
    let triangle =
        Triangle::try_new(p::<T>(0.0, 0.0, 0.0), p::<T>(1.0, 0.0, 0.0), p::<T>(0.0, 1.0, 0.5))
            .unwrap();
    let tetrahedron = Tetrahedron::try_new(
        p::<T>(0.0, 0.0, 0.0),
        p::<T>(1.0, 0.0, 0.0),
        p::<T>(0.0, 1.0, 0.0),
        p::<T>(0.0, 0.0, 1.0),
    )
    .unwrap();
    let segment = Segment::try_new(p::<T>(-2.0, 0.5, 0.0), p::<T>(2.0, 0.5, 0.25)).unwrap();
    let ray = Ray::try_new(p::<T>(-5.0, 0.1, 0.2), Vector3::x()).unwrap();
    let line = Line::try_new(p::<T>(0.0, -3.0, 0.0), Vector3::y()).unwrap();
    let cylinder =
        Cylinder::try_new(p::<T>(0.0, 0.0, -1.0), p::<T>(0.0, 0.0, 1.0), T::lit(0.75)).unwrap();
    let cone =
        Cone::try_new(p::<T>(0.0, 2.0, 0.0), -Vector3::y_axis(), T::lit(2.0), T::lit(1.0)).unwrap();
    let plane = Plane::try_from_point_normal(p::<T>(0.0, -1.0, 0.0), Vector3::y()).unwrap();
    let halfspace = Halfspace::try_from_point_normal(p::<T>(0.0, -1.0, 0.0), Vector3::y()).unwrap();
    let polygon = ConvexPolygon::try_new(vec![
        p::<T>(0.0, 0.0, 0.0),
        p::<T>(1.0, 0.0, 0.0),
        p::<T>(1.0, 1.0, 0.0),
        p::<T>(0.0, 1.0, 0.0),
    ])
    .unwrap();
    let polyhedron = ConvexPolyhedron::try_from_aabb(&aabb).unwrap();
    round_trip(&sphere);
    round_trip(&capsule);
    round_trip(&aabb);
    round_trip(&obb);
    round_trip(&triangle);
    round_trip(&tetrahedron);
    round_trip(&segment);
    round_trip(&ray);
    round_trip(&line);
    round_trip(&cylinder);
    round_trip(&cone);
    round_trip(&plane);
    round_trip(&halfspace);
    round_trip(&polygon);
    round_trip(&polyhedron);

    let closest = sphere.closest_points(&capsule);
    round_trip(&closest);
    let contact = sphere.contact(&obb).expect("the sphere and the box overlap");
    round_trip(&contact);
    let hit = aabb.cast_ray(&ray).expect("the ray crosses the box");
    round_trip(&hit);
    let inside = halfspace.cast_ray(&Ray::try_new(p::<T>(0.0, 2.0, 0.0), -Vector3::y()).unwrap());
    assert_eq!(inside.expect("the ray enters the halfspace").t_exit, T::INFINITY);
    round_trip(&inside);
    let triangle_hit = cast::ray_triangle(&ray, &triangle, Culling::TwoSided);
    round_trip(&triangle_hit);
    round_trip(&Culling::FrontOnly);
    let impact = sphere
        .time_of_impact(
            &Vector3::new(T::lit(4.0), T::zero(), T::zero()),
            &capsule,
            &Vector3::zeros(),
        )
        .expect("the sweep hits");
    round_trip(&impact);
    let distance = closest::distance_convex(&cylinder, &cone, None, closest::GJK_MAX_ITERATIONS);
    round_trip(&distance);
    round_trip(&DistanceStatus::IterationLimit);
    let toi = dynamic::convex_convex_with_status(
        &cylinder,
        &Vector3::new(T::lit(0.0), T::lit(3.0), T::zero()),
        &cone,
        &Vector3::zeros(),
    );
    round_trip(&toi);
    round_trip(&MeshOptions::<T> {
        weld: Some(T::lit(1e-6)),
        solid: true,
        ..MeshOptions::default()
    });
    triangle_meshes_round_trip::<T>();
}

/// A triangle mesh round-trips with its numbering, its solid data and its tree: open and solid,
/// with a duplicated vertex and a degenerate triangle; data naming a missing vertex is refused.
fn triangle_meshes_round_trip<T: Real + Serialize + DeserializeOwned>() {
    // A tetrahedron, faces wound outward, and an extra copy of vertex 0 used by nothing.
    let corners = [p::<T>(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0), p(0.0, 0.0, 1.0)];
    let mut vertices = corners.to_vec();
    vertices.push(corners[0]);
    let faces = vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
    let solid = MeshOptions { solid: true, leaf_triangles: 1, ..MeshOptions::default() };
    let mesh = TriangleMesh::try_with_options(vertices.clone(), faces.clone(), &solid).unwrap();
    assert_eq!(mesh.indices(), faces);
    round_trip(&mesh);
    // Open, with a triangle collapsed to a segment.
    let mut open_faces = faces;
    open_faces.push([0, 1, 1]);
    let open = TriangleMesh::try_new(vertices, open_faces.clone()).unwrap();
    assert_eq!(open.indices(), open_faces);
    assert_eq!(open.degenerate_triangles(), [4]);
    round_trip(&open);
    let text = serde_json::to_string(&open).unwrap().replace("[0,1,1]", "[0,1,9]");
    let refused = serde_json::from_str::<TriangleMesh<T>>(&text).unwrap_err();
    assert!(refused.to_string().contains('9'), "{refused}");
}

/// `value` written as JSON, read back and written again to the same text (for the types without
/// `PartialEq`: the text holds every field).
fn same_text<S: Serialize + DeserializeOwned>(value: &S) -> S {
    let text = serde_json::to_string(value).expect("serialises");
    let back: S = serde_json::from_str(&text).expect(&text);
    assert_eq!(serde_json::to_string(&back).expect("serialises"), text);
    back
}

/// A compound and every variant of [`Shape`] round-trip (the same text, the same box, the same
/// distance to a probe); data for a compound with a negative radius is refused by its
/// validating constructor.
fn compounds_and_shapes_round_trip<T: Real + Serialize + DeserializeOwned>() {
    use osculate::Shape;
    use osculate::mesh::{Compound, ConvexPart};
    let ball = ConvexPart::Sphere(Sphere::new(p::<T>(0.0, 0.0, 0.0), T::lit(0.5)));
    let post = ConvexPart::Aabb(Aabb::new(p::<T>(-0.1, 0.0, -0.1), p(0.1, 2.0, 0.1)));
    let turned = UnitQuaternion::from_euler_angles(T::lit(0.3), T::lit(-0.2), T::lit(1.1));
    let parts = vec![
        (Isometry3::translation(T::lit(1.0), T::ZERO, T::ZERO), ball),
        (Isometry3::from_parts(Vector3::new(T::ZERO, T::ONE, T::ZERO).into(), turned), post),
    ];
    let compound = Compound::try_new(parts).unwrap();
    let back = same_text(&compound);
    assert_eq!(back.parts().len(), 2);
    let text = serde_json::to_string(&compound).unwrap().replacen("0.5", "-0.5", 1);
    assert!(serde_json::from_str::<Compound<T, ConvexPart<T>>>(&text).is_err(), "{text}");

    let corners = [p::<T>(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0), p(0.0, 0.0, 1.0)];
    let mesh = TriangleMesh::try_new(corners.to_vec(), vec![[0, 2, 1], [0, 1, 3]]).unwrap();
    let shapes: Vec<Shape<T>> = vec![
        Sphere::new(corners[1], T::lit(0.5)).into(),
        Segment::new(corners[0], corners[3]).into(),
        Capsule::new(corners[0], corners[2], T::lit(0.25)).into(),
        Aabb::new(corners[0], p(1.0, 2.0, 3.0)).into(),
        Obb::new(corners[1], turned.into(), Vector3::new(T::ONE, T::HALF, T::lit(0.25))).into(),
        Triangle::new(corners[0], corners[1], corners[2]).into(),
        Cylinder::new(corners[0], corners[3], T::HALF).into(),
        Cone::new(corners[3], -Vector3::z_axis(), T::ONE, T::HALF).into(),
        Tetrahedron::new(corners[0], corners[1], corners[2], corners[3]).into(),
        ConvexPolygon::try_new(corners[..3].to_vec()).unwrap().into(),
        ConvexPolyhedron::try_from_points(&corners).unwrap().into(),
        mesh.into(),
        compound.into(),
    ];
    let probe = Sphere::new(p::<T>(3.0, 3.0, 3.0), T::HALF);
    for shape in &shapes {
        let back = same_text(shape);
        assert_eq!(back.aabb(), shape.aabb());
        assert_eq!(back.distance(&probe), shape.distance(&probe));
    }
}

#[test]
fn shapes_and_results_round_trip_through_serde() {
    shapes_and_results_round_trip::<f32>();
    shapes_and_results_round_trip::<f64>();
    compounds_and_shapes_round_trip::<f32>();
    compounds_and_shapes_round_trip::<f64>();
}

/// A deserialised shape is a shape built through its public fields: JSON can hold an invalid
/// one, and the queries answer it by the library's policy for invalid input (no hit, no
/// overlap), never a panic.
#[test]
fn an_invalid_deserialised_shape_gets_no_answer() {
    let sphere: Sphere<f64> =
        serde_json::from_str(r#"{"center":[0.0,0.0,0.0],"radius":-1.0}"#).unwrap();
    let ray = Ray::try_new(Point3::new(-5.0, 0.0, 0.0), Vector3::x()).unwrap();
    assert_eq!(sphere.cast_ray(&ray), None);
    let other = Sphere::try_new(Point3::new(0.5, 0.0, 0.0), 1.0).unwrap();
    assert!(!sphere.overlaps(&other));
}

/// Points and vectors from `mint` build the same shapes, and the answers convert back.
#[test]
fn mint_values_build_the_same_shapes() {
    let center = mint::Point3 { x: 1.0_f32, y: 2.0, z: 3.0 };
    let from_mint = Sphere::try_new(center.into(), 0.5).unwrap();
    let from_nalgebra = Sphere::try_new(Point3::new(1.0_f32, 2.0, 3.0), 0.5).unwrap();
    assert_eq!(from_mint, from_nalgebra);
    let ray = Ray::try_new(Point3::origin(), mint::Vector3 { x: 1.0_f64, y: 2.0, z: 3.0 }.into())
        .unwrap();
    let ball = Sphere::try_new(Point3::new(1.0_f64, 2.0, 3.0), 0.5).unwrap();
    let hit = ball.cast_ray(&ray).expect("the ray passes through the center");
    let normal: mint::Vector3<f64> = hit.normal.into_inner().into();
    assert!((normal.x + 1.0 / 14.0_f64.sqrt()).abs() < 1e-12, "{normal:?}");
}

/// Vectors, points and rotations from glam (0.30 as bevy uses, 0.33 as parry uses) build the
/// same shapes in `f32` and `f64`.
#[test]
fn glam_values_build_the_same_shapes() {
    let half = glam030::Vec3::new(1.0, 0.5, 0.25);
    let turn = glam030::Quat::from_rotation_z(0.5);
    let from_glam = Obb::try_new(
        glam030::Vec3::new(1.0, 2.0, 3.0).into(),
        UnitQuaternion::from(turn).into(),
        half.into(),
    )
    .unwrap();
    let by_hand = Obb::try_new(
        Point3::new(1.0_f32, 2.0, 3.0),
        UnitQuaternion::from_axis_angle(&Vector3::z_axis(), 0.5).into(),
        Vector3::new(1.0, 0.5, 0.25),
    )
    .unwrap();
    assert_eq!(from_glam.center, by_hand.center);
    assert_eq!(from_glam.half_extents, by_hand.half_extents);
    assert!((from_glam.rotation.matrix() - by_hand.rotation.matrix()).amax() < 1e-6);

    let a: Point3<f64> = glam033::DVec3::new(0.0, 0.0, 0.0).into();
    let b: Point3<f64> = glam033::DVec3::new(3.0, 0.0, 0.0).into();
    let (s, t) = (Sphere::try_new(a, 1.0).unwrap(), Sphere::try_new(b, 1.0).unwrap());
    let gap = s.distance(&t);
    assert_eq!(gap, 1.0);
    let witness: glam033::DVec3 = s.closest_points(&t).point_a.coords.into();
    assert_eq!(witness, glam033::DVec3::X);
}
