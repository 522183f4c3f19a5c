//! [`Shape`] against parry3d-f64's dispatch on `dyn Shape` (`query::distance` and
//! `query::intersection_test` on `SharedShape`s) for mixed pairs: ball, cuboid (posed), capsule,
//! segment, triangle, a triangle mesh and a compound of balls and cuboids, every ordered pair,
//! on seeded scenes.
//!
//! Disagreement classes, each decided by an independent check before it is counted:
//! - *parry unsupported*: parry answers `Err(Unsupported)` for the pair (none on these scenes:
//!   parry 0.31 answers every pair here, the composite pairs included); osculate answers every
//!   pair, the set pairs through its set queries, checked against brute force in `osculate-mesh`.
//! - *touching*: the overlap tests differ only when both distances are within the tolerance of
//!   zero (rounding decides touching).
//! - *parry above: GJK stopped early*: parry's distance exceeds ours by up to `1e-4` of the
//!   scene's size, never falls below it: parry answers the pair (capsule-triangle, for one) by
//!   GJK, whose distance is an upper bound that stops at its tolerance, where osculate has a
//!   closed form.
//! - *GJK tolerance*: the distances differ by more than the tolerance but less than GJK's
//!   relative tolerance on the scene's size (both are GJK answers on a curved pair).
#![allow(clippy::unwrap_used, reason = "a test: a valid shape failing to build is the failure")]

use osculate::Shape;
use osculate::mesh::{Compound, ConvexPart, TriangleMesh};
use osculate::prelude::*;
use osculate_testing::parry::parry3d_f64 as conv;
use osculate_testing::{Rng, Tally};
use parry3d_f64::math::Pose;
use parry3d_f64::query;
use parry3d_f64::shape::{self as ps, SharedShape};

/// Seeded scenes (every ordered pair of the seven shapes in each).
const SCENES: u64 = 24;

fn point(rng: &mut Rng, r: f64) -> Point3<f64> {
    Point3::new(rng.range(-r, r), rng.range(-r, r), rng.range(-r, r))
}

fn pose(rng: &mut Rng, r: f64) -> Isometry3<f64> {
    let q = UnitQuaternion::from_rotation_matrix(&rng.rotation::<f64>());
    Isometry3::from_parts(point(rng, r).coords.into(), q)
}

/// Seven shapes of a scene, ours and parry's (each parry shape with its pose).
fn scene(rng: &mut Rng) -> Vec<(Shape<f64>, Pose, SharedShape)> {
    let mut out: Vec<(Shape<f64>, Pose, SharedShape)> = Vec::new();
    let c = point(rng, 2.0);
    let r = rng.range(0.2, 1.0);
    out.push((
        Sphere::new(c, r).into(),
        conv::pose(&Isometry3::translation(c.x, c.y, c.z)),
        SharedShape::ball(r),
    ));
    let at = pose(rng, 2.0);
    let h = Vector3::new(rng.range(0.2, 1.0), rng.range(0.2, 1.0), rng.range(0.2, 1.0));
    let obb = Obb::new(Point3::from(at.translation.vector), at.rotation.to_rotation_matrix(), h);
    out.push((obb.into(), conv::pose(&at), SharedShape::cuboid(h.x, h.y, h.z)));
    let (a, b, r) = (point(rng, 2.0), point(rng, 2.0), rng.range(0.1, 0.6));
    out.push((
        Capsule::new(a, b, r).into(),
        Pose::IDENTITY,
        SharedShape::capsule(conv::vector(&a.coords), conv::vector(&b.coords), r),
    ));
    let (a, b) = (point(rng, 2.0), point(rng, 2.0));
    out.push((
        Segment::new(a, b).into(),
        Pose::IDENTITY,
        SharedShape::segment(conv::vector(&a.coords), conv::vector(&b.coords)),
    ));
    let (a, b, c) = (point(rng, 2.0), point(rng, 2.0), point(rng, 2.0));
    out.push((
        Triangle::new(a, b, c).into(),
        Pose::IDENTITY,
        SharedShape::triangle(
            conv::vector(&a.coords),
            conv::vector(&b.coords),
            conv::vector(&c.coords),
        ),
    ));
    // A wavy sheet of 2·4² triangles over [-2, 2]², and parry's mesh of the same triangles.
    let n = 5_u32;
    let y0 = rng.range(-1.0, 1.0);
    let vertices: Vec<Point3<f64>> = (0..n * n)
        .map(|i| {
            let (x, z) = (f64::from(i % n) - 2.0, f64::from(i / n) - 2.0);
            Point3::new(x, y0 + 0.3 * (x + z).sin(), z)
        })
        .collect();
    let mut triangles = Vec::new();
    for j in 0..n - 1 {
        for i in 0..n - 1 {
            let k = j * n + i;
            triangles.push([k, k + n + 1, k + 1]);
            triangles.push([k, k + n, k + n + 1]);
        }
    }
    let parry_mesh = ps::TriMesh::new(
        vertices.iter().map(|p| conv::vector(&p.coords)).collect(),
        triangles.clone(),
    )
    .unwrap();
    out.push((
        TriangleMesh::try_new(vertices, triangles).unwrap().into(),
        Pose::IDENTITY,
        SharedShape::new(parry_mesh),
    ));
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for _ in 0..3 {
        let at = pose(rng, 2.0);
        if rng.chance(0.5) {
            let r = rng.range(0.2, 0.8);
            ours.push((at, ConvexPart::Sphere(Sphere::new(Point3::origin(), r))));
            theirs.push((conv::pose(&at), SharedShape::ball(r)));
        } else {
            let h = Vector3::new(rng.range(0.2, 0.8), rng.range(0.2, 0.8), rng.range(0.2, 0.8));
            ours.push((at, ConvexPart::Aabb(Aabb::new(Point3::from(-h), Point3::from(h)))));
            theirs.push((conv::pose(&at), SharedShape::cuboid(h.x, h.y, h.z)));
        }
    }
    out.push((
        Compound::try_new(ours).unwrap().into(),
        Pose::IDENTITY,
        SharedShape::compound(theirs),
    ));
    out
}

#[test]
fn mixed_pairs_agree_with_parry_dispatch() {
    let names = ["ball", "cuboid", "capsule", "segment", "triangle", "mesh", "compound"];
    let mut distance = Tally::new("Shape distance vs parry query::distance");
    let mut overlap = Tally::new("Shape overlaps vs parry query::intersection_test");
    let mut rng = Rng::new(0x5a9e_0001);
    // GJK's relative tolerance on a scene of size about 4, with room; touching within 1e-9.
    let (gjk_tol, touch) = (1e-6 * 4.0, 1e-9);
    let mut cases = 0;
    for _ in 0..SCENES {
        let s = scene(&mut rng);
        for (i, (a, pa, ga)) in s.iter().enumerate() {
            for (j, (b, pb, gb)) in s.iter().enumerate() {
                cases += 1;
                let ours = a.distance(b);
                // Our answer is symmetric: the reversed order gives the same distance.
                assert!((ours - b.distance(a)).abs() <= gjk_tol, "{} {}", names[i], names[j]);
                match query::distance(pa, &**ga, pb, &**gb).map(|d| d.distance) {
                    Err(_) => distance.class("parry unsupported"),
                    Ok(d) if (d - ours).abs() <= touch * (1.0 + d) => distance.agree(),
                    Ok(d) if (d - ours).abs() <= gjk_tol => distance.class("GJK tolerance"),
                    // GJK's distance is an upper bound (the simplex's nearest point lies on the
                    // Minkowski difference): parry's GJK stopping early lands above our closed
                    // form, never below it.
                    Ok(d) if d > ours && d - ours <= 1e-4 * 4.0 => {
                        distance.class("parry above: GJK stopped early");
                    }
                    Ok(d) => panic!("{} with {}: ours {ours}, parry {d}", names[i], names[j]),
                }
                let o = a.overlaps(b);
                match query::intersection_test(pa, &**ga, pb, &**gb).map(|x| x.intersecting) {
                    Err(_) => overlap.class("parry unsupported"),
                    Ok(x) if x == o => overlap.agree(),
                    Ok(_) if ours <= gjk_tol => overlap.class("touching"),
                    Ok(x) => panic!(
                        "{} with {}: ours {o}, parry {x}, distance {ours}",
                        names[i], names[j]
                    ),
                }
            }
        }
    }
    let bounds = [
        ("parry unsupported", 0.1),
        ("GJK tolerance", 0.3),
        ("parry above: GJK stopped early", 0.3),
        ("touching", 0.05),
    ];
    distance.finish_within(cases, 0.5, &bounds);
    overlap.finish_within(cases, 0.8, &bounds);
}
