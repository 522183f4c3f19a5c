//! Compounds: every query against brute force over the parts (the tree must change nothing but
//! the speed), the per-part closed forms against GJK and EPA on the posed part (an independent
//! reference), rays against the same parts built in world space (an independent check of the
//! frame changes), construction errors and non-finite input, and a differential against
//! parry3d's `Compound` on rays and distances.

use osculate_cast::RayHit;
use osculate_closest::{
    GJK_MAX_ITERATIONS, closest_points_convex, contact_convex, intersect_convex,
};
use osculate_math::{
    Aabb, Capsule, Cone, Cylinder, Isometry3, Obb, Point3, Ray, Real, Rotation3, Sphere,
    Tetrahedron, Translation3, UnitQuaternion, Vector3,
};
use osculate_mesh::{
    Compound, CompoundError, ConvexPart, Part, PartForm, closest_points_convex_compound,
    closest_points_convex_part, contact_convex_compound, contact_convex_part,
    overlap_compound_compound, overlap_convex_compound, overlap_convex_part, ray_compound,
    sweep_convex_compound,
};
use osculate_testing::{Rng, for_f32_and_f64, test_tolerance};

/// Compounds per test (the soak raises it).
const CASES: u64 = 40;

pub(crate) fn p<T: Real>(rng: &mut Rng, r: f64) -> Point3<T> {
    Point3::new(T::lit(rng.range(-r, r)), T::lit(rng.range(-r, r)), T::lit(rng.range(-r, r)))
}

fn pose<T: Real>(rng: &mut Rng) -> Isometry3<T> {
    let t = p::<T>(rng, 4.0).coords;
    Isometry3::from_parts(
        Translation3::from(t),
        UnitQuaternion::from_rotation_matrix(&rng.rotation::<T>()),
    )
}

/// A convex part of a random kind, about unit size, in its own frame.
fn part<T: Real>(rng: &mut Rng) -> ConvexPart<T> {
    let r = |rng: &mut Rng| T::lit(rng.range(0.2, 1.0));
    match rng.index(7) {
        0 => ConvexPart::Sphere(Sphere::new(p(rng, 0.5), r(rng))),
        1 => ConvexPart::Capsule(Capsule::new(p(rng, 1.0), p(rng, 1.0), r(rng))),
        2 => {
            let (a, b) = (p::<T>(rng, 1.0), p::<T>(rng, 1.0));
            ConvexPart::Aabb(Aabb::new(a.inf(&b), a.sup(&b)))
        }
        3 => {
            let half = Vector3::new(r(rng), r(rng), r(rng));
            ConvexPart::Obb(Obb::new(p(rng, 0.5), rng.rotation(), half))
        }
        4 => ConvexPart::Cylinder(Cylinder::new(p(rng, 1.0), p(rng, 1.0), r(rng))),
        5 => ConvexPart::Cone(Cone::new(
            p(rng, 0.5),
            rng.unit_vector(),
            r(rng) * T::lit(2.0),
            r(rng),
        )),
        _ => ConvexPart::Tetrahedron(Tetrahedron::new(
            p(rng, 1.0),
            p(rng, 1.0),
            p(rng, 1.0),
            p(rng, 1.0),
        )),
    }
}

pub(crate) fn compound<T: Real>(rng: &mut Rng, n: usize) -> Compound<T, ConvexPart<T>> {
    let parts = (0..n).map(|_| (pose(rng), part(rng))).collect();
    crate::ok(Compound::try_new(parts))
}

/// A query shape: a ball, a capsule or an oriented box somewhere around the compound.
fn probe<T: Real>(rng: &mut Rng) -> ConvexPart<T> {
    let c = p::<T>(rng, 6.0);
    let r = T::lit(rng.range(0.1, 1.5));
    match rng.index(3) {
        0 => ConvexPart::Sphere(Sphere::new(c, r)),
        1 => ConvexPart::Capsule(Capsule::new(c, c + p::<T>(rng, 2.0).coords, r)),
        _ => ConvexPart::Obb(Obb::new(c, rng.rotation(), Vector3::new(r, r * T::HALF, r))),
    }
}

/// The brute-force ray cast: every part, in its frame.
fn brute_ray<T: Real>(ray: &Ray<T>, c: &Compound<T, ConvexPart<T>>) -> Option<(usize, RayHit<T>)> {
    c.parts()
        .iter()
        .enumerate()
        .filter_map(|(i, part)| {
            let local = Ray {
                origin: part.pose.inverse_transform_point(&ray.origin),
                direction: part.pose.inverse_transform_vector(&ray.direction),
                max_t: ray.max_t,
            };
            Some((i, part.shape.cast_ray(&local)?))
        })
        .min_by(|a, b| a.1.t_enter.partial_cmp(&b.1.t_enter).unwrap_or(core::cmp::Ordering::Equal))
}

/// Every query through the tree agrees with the minimum (or any) over all parts: the same
/// per-part computation (`*_convex_part`), so the values are equal, not only close.
fn queries_match_brute_force<T: Real>() {
    let mut rng = Rng::new(0x0c0a_90b1);
    let mut seen = [0_usize; 5];
    for _ in 0..osculate_testing::cases(CASES) {
        let n = 1 + rng.index(16);
        let c = compound::<T>(&mut rng, n);
        for _ in 0..8 {
            let ray = Ray::new(p::<T>(&mut rng, 8.0), rng.unit_vector::<T>().into_inner());
            let ours = ray_compound(&ray, &c);
            let brute = brute_ray(&ray, &c);
            assert_eq!(ours.map(|h| h.result.t_enter), brute.map(|b| b.1.t_enter), "{ray:?}");
            seen[0] += usize::from(ours.is_some());

            let q = probe::<T>(&mut rng);
            let any = (0..n).any(|i| overlap_convex_part(&q, &c, i));
            assert_eq!(overlap_convex_compound(&q, &c), any, "{q:?}");
            seen[1] += usize::from(any);

            let each = |i| crate::some(closest_points_convex_part(&q, &c, i), "part").distance;
            let near = (0..n).map(each).fold(T::INFINITY, |m, d| m.fast_min(d));
            let found = crate::some(closest_points_convex_compound(&q, &c), "closest points");
            assert_eq!(found.result.distance, near, "{q:?}");
            assert_eq!(each(found.part), near);

            let prediction = T::lit(0.25);
            let deepest = (0..n)
                .filter_map(|i| contact_convex_part(&q, &c, i))
                .map(|k| k.distance)
                .filter(|d| *d <= prediction)
                .fold(None, |m: Option<T>, d| Some(m.map_or(d, |m| m.fast_min(d))));
            let contact = contact_convex_compound(&q, &c, prediction);
            assert_eq!(contact.map(|k| k.result.distance), deepest, "{q:?}");
            seen[2] += usize::from(deepest.is_some());

            let motion = p::<T>(&mut rng, 8.0).coords;
            let still = Vector3::zeros();
            let first = c
                .parts()
                .iter()
                .filter_map(|part| osculate_dynamic::convex_convex(&q, &motion, part, &still))
                .map(|h| h.toi)
                .fold(None, |m: Option<T>, t| Some(m.map_or(t, |m| m.fast_min(t))));
            let sweep = sweep_convex_compound(&q, &motion, &c);
            assert_eq!(sweep.map(|h| h.result.toi), first, "{q:?} {motion:?}");
            seen[3] += usize::from(first.is_some());
        }
        let m = 1 + rng.index(6);
        let other = compound::<T>(&mut rng, m);
        let pair = c
            .parts()
            .iter()
            .any(|a| other.parts().iter().any(|b| intersect_convex(a, b, GJK_MAX_ITERATIONS)));
        assert_eq!(overlap_compound_compound(&c, &other), pair);
        seen[4] += usize::from(pair);
    }
    // Both answers occur often enough for the agreement to mean something.
    assert!(seen.iter().all(|&k| k > 5), "{seen:?}");
}

/// A compound of balls and oriented boxes answers rays as the same shapes built in world space
/// (center moved, rotation composed) do through their closed forms: the hit's time, point and
/// normal are moved back to the compound's frame correctly.
fn rays_match_world_shapes<T: Real>() {
    let mut rng = Rng::new(0x0c0a_90b2);
    let tol = test_tolerance::<T>() * T::lit(100.0);
    for _ in 0..osculate_testing::cases(CASES) {
        let n = 1 + rng.index(8);
        let mut parts = Vec::new();
        let mut world = Vec::new();
        for _ in 0..n {
            let at = pose::<T>(&mut rng);
            if rng.chance(0.5) {
                let s = Sphere::new(p::<T>(&mut rng, 0.5), T::lit(rng.range(0.2, 1.0)));
                parts.push((at, ConvexPart::Sphere(s)));
                world.push(ConvexPart::Sphere(Sphere::new(at * s.center, s.radius)));
            } else {
                let half = Vector3::new(T::lit(0.7), T::lit(0.4), T::lit(0.2));
                let b = Obb::new(p::<T>(&mut rng, 0.5), rng.rotation::<T>(), half);
                parts.push((at, ConvexPart::Obb(b)));
                let rotation = Rotation3::from(at.rotation) * b.rotation;
                world.push(ConvexPart::Obb(Obb::new(at * b.center, rotation, half)));
            }
        }
        let c = crate::ok(Compound::try_new(parts));
        for _ in 0..10 {
            let ray = Ray::new(p::<T>(&mut rng, 8.0), rng.unit_vector::<T>().into_inner());
            let ours = ray_compound(&ray, &c);
            let theirs = world.iter().filter_map(|w| w.cast_ray(&ray)).min_by(|a, b| {
                a.t_enter.partial_cmp(&b.t_enter).unwrap_or(core::cmp::Ordering::Equal)
            });
            match (ours, theirs) {
                (None, None) => {}
                (Some(o), Some(w)) => {
                    let o = o.result;
                    assert!((o.t_enter - w.t_enter).abs() <= tol, "{o:?} {w:?}");
                    assert!((o.point - w.point).norm() <= tol * T::lit(10.0), "{o:?} {w:?}");
                    // A ray through an edge or corner of a box may name either face.
                    let grazing = (o.normal.into_inner() - w.normal.into_inner()).norm() > tol;
                    assert!(!grazing || (o.point - w.point).norm() <= tol, "{o:?} {w:?}");
                }
                (o, w) => {
                    // Only a graze (a ray touching a part's boundary) may differ.
                    let t = o.map(|h| h.result.t_enter).or(w.map(|h| h.t_enter));
                    let exit = o.map(|h| h.result.t_exit).or(w.map(|h| h.t_exit));
                    let (Some(t), Some(exit)) = (t, exit) else { unreachable!() };
                    assert!((exit - t).abs() <= tol * T::lit(10.0), "{ray:?}: {o:?} vs {w:?}");
                }
            }
        }
    }
}

/// Construction errors name the part; non-finite queries get no answer, never a panic.
fn invalid_input<T: Real>() {
    let ball = ConvexPart::Sphere(Sphere::new(Point3::origin(), T::ONE));
    let id = Isometry3::identity();
    assert_eq!(crate::err(Compound::<T, ConvexPart<T>>::try_new(vec![])), CompoundError::NoParts);
    let mut nan = id;
    nan.translation.vector.x = T::NAN;
    let err = crate::err(Compound::try_new(vec![(id, ball.clone()), (nan, ball.clone())]));
    assert_eq!(err, CompoundError::InvalidPose { part: 1 });
    let mut stretched = id;
    stretched.rotation =
        UnitQuaternion::new_unchecked(stretched.rotation.into_inner() * T::lit(2.0));
    let err = crate::err(Compound::try_new(vec![(stretched, ball.clone())]));
    assert_eq!(err, CompoundError::InvalidPose { part: 0 });
    let bad = ConvexPart::Capsule(Capsule::new(
        Point3::origin(),
        Point3::new(T::INFINITY, T::ZERO, T::ZERO),
        T::ONE,
    ));
    let err =
        crate::err(Compound::try_new(vec![(id, ball.clone()), (id, ball.clone()), (id, bad)]));
    assert_eq!(err, CompoundError::InvalidPart { part: 2 });
    assert!(!err.to_string().is_empty());

    let c = crate::ok(Compound::try_new(vec![(id, ball.clone())]));
    let nan_point = Point3::new(T::NAN, T::ZERO, T::ZERO);
    assert!(ray_compound(&Ray::new(nan_point, Vector3::x()), &c).is_none());
    assert!(
        ray_compound(&Ray::new(Point3::new(-5.0, 0.0, 0.0).map(T::lit), Vector3::zeros()), &c)
            .is_none()
    );
    let lost = Sphere::new(nan_point, T::ONE);
    assert!(!overlap_convex_compound(&lost, &c));
    assert!(closest_points_convex_compound(&lost, &c).is_none());
    assert!(contact_convex_compound(&lost, &c, T::ZERO).is_none());
    let near = Sphere::new(Point3::origin(), T::ONE);
    assert!(contact_convex_compound(&near, &c, T::NAN).is_none());
    assert!(sweep_convex_compound(&near, &Vector3::new(T::NAN, T::ZERO, T::ZERO), &c).is_none());
    assert!(sweep_convex_compound(&lost, &Vector3::x(), &c).is_none());
}

/// The per-part queries on a shape with a NaN or infinite coordinate, against a part of each
/// form (round, box, general): no overlap, and no finite distance or contact.
fn non_finite_shapes_against_each_part<T: Real>() {
    let id = Isometry3::identity();
    let parts = vec![
        (id, ConvexPart::Sphere(Sphere::new(Point3::origin(), T::ONE))),
        (
            id,
            ConvexPart::Capsule(Capsule::new(
                Point3::origin(),
                Point3::new(T::ONE, T::ZERO, T::ZERO),
                T::HALF,
            )),
        ),
        (
            id,
            ConvexPart::Obb(Obb::new(
                Point3::origin(),
                Rotation3::identity(),
                Vector3::repeat(T::ONE),
            )),
        ),
        (
            id,
            ConvexPart::Cylinder(Cylinder::new(
                Point3::origin(),
                Point3::new(T::ZERO, T::ONE, T::ZERO),
                T::HALF,
            )),
        ),
    ];
    let c = crate::ok(Compound::try_new(parts));
    let (nan, inf) = (T::NAN, T::INFINITY);
    let o = Point3::origin();
    let shapes = [
        ConvexPart::Sphere(Sphere::new(Point3::new(nan, T::ZERO, T::ZERO), T::ONE)),
        ConvexPart::Sphere(Sphere::new(Point3::new(inf, T::ZERO, T::ZERO), T::ONE)),
        ConvexPart::Sphere(Sphere::new(o, nan)),
        ConvexPart::Capsule(Capsule::new(o, Point3::new(T::ZERO, nan, T::ZERO), T::ONE)),
        ConvexPart::Capsule(Capsule::new(o, Point3::new(T::ZERO, -inf, T::ZERO), T::ONE)),
        ConvexPart::Obb(Obb::new(
            Point3::new(T::ZERO, T::ZERO, nan),
            Rotation3::identity(),
            Vector3::repeat(T::ONE),
        )),
    ];
    for q in &shapes {
        for part in 0..c.parts().len() {
            assert!(!overlap_convex_part(q, &c, part), "{q:?} part {part}");
            let closest = crate::some(closest_points_convex_part(q, &c, part), "closest points");
            assert!(closest.distance.is_nan(), "{q:?} part {part}: {closest:?}");
            assert!(contact_convex_part(q, &c, part).is_none(), "{q:?} part {part}");
        }
    }
}

/// The closed forms of a round shape against a round or box part agree with GJK and EPA on the
/// posed part: the distance within GJK's tolerance, the contact's signed distance within EPA's,
/// and the overlap wherever the shapes are not within that tolerance of touching (where GJK's
/// answer is decided by its tolerance and the closed form's by rounding).
fn closed_forms_match_gjk<T: Real>() {
    let mut rng = Rng::new(0x0c0a_90b4);
    let tol = test_tolerance::<T>() * T::lit(100.0);
    let mut seen = [0_usize; 3];
    for _ in 0..osculate_testing::cases(CASES * 4) {
        let c = compound::<T>(&mut rng, 1);
        let q = probe::<T>(&mut rng);
        let (posed, form) = (&c.parts()[0], c.forms()[0]);
        let closed = match (&q, form) {
            (ConvexPart::Sphere(_) | ConvexPart::Capsule(_), PartForm::Round(_)) => 0,
            (ConvexPart::Sphere(_) | ConvexPart::Capsule(_), PartForm::Box(_)) => 1,
            _ => 2,
        };
        seen[closed] += 1;
        let gjk = closest_points_convex(&q, posed);
        let ours = crate::some(closest_points_convex_part(&q, &c, 0), "closest points");
        let scale = T::ONE + gjk.distance.abs();
        assert!((ours.distance - gjk.distance).abs() <= tol * scale, "{q:?} {posed:?}");
        if ours.distance > T::ZERO {
            // The witnesses are the shapes' own points, as far apart as the distance.
            let gap = (ours.point_b - ours.point_a).norm();
            assert!((gap - ours.distance).abs() <= tol * scale, "{q:?} {posed:?}");
        }
        if gjk.distance.abs() > tol {
            let overlap = intersect_convex(&q, posed, GJK_MAX_ITERATIONS);
            assert_eq!(overlap_convex_part(&q, &c, 0), overlap, "{q:?} {posed:?}");
        }
        let epa = contact_convex(&q, posed, 1024).map(|k| k.distance);
        let full = contact_convex_part(&q, &c, 0);
        if let Some(k) = full.filter(|k| k.distance > T::ZERO) {
            // A gap: the witnesses as far apart as the distance, along the normal.
            let gap = k.point_b - k.point_a;
            let scale = T::ONE + k.distance;
            assert!((gap.norm() - k.distance).abs() <= tol * scale, "{q:?} {posed:?}");
            assert!((gap.dot(&k.normal) - k.distance).abs() <= tol * scale, "{q:?} {posed:?}");
        }
        let contact = full.map(|k| k.distance);
        match (contact, epa) {
            (Some(a), Some(b)) => {
                assert!((a - b).abs() <= tol * (T::ONE + b.abs()), "{q:?} {posed:?}: {a:?} {b:?}");
            }
            (a, b) => panic!("{q:?} {posed:?}: ours {a:?}, EPA {b:?}"),
        }
    }
    // Every class occurs: round-round, round-box and the general path.
    assert!(seen.iter().all(|&k| k > 5), "{seen:?}");
}

for_f32_and_f64!(
    queries_match_brute_force,
    closed_forms_match_gjk,
    rays_match_world_shapes,
    invalid_input,
    non_finite_shapes_against_each_part
);

/// Differential against parry3d's `Compound` of balls and cuboids: the first hit of a ray and
/// the distance to a ball. Both sides answer the same parts by closed forms (rays) and by GJK
/// (distance), so they agree within rounding; a ray grazing a part may hit in one and miss in
/// the other (counted, and bounded).
macro_rules! parry_compound {
    ($name:ident, $T:ty, $parry:ident) => {
        #[test]
        fn $name() {
            use $parry::math::{Pose, Rotation, Vector};
            use $parry::query::{PointQuery as _, RayCast as _};
            use $parry::shape::{Compound as ParryCompound, SharedShape};
            type T = $T;
            let v = |x: &Vector3<T>| Vector::new(x.x, x.y, x.z);
            let mut rng = Rng::new(0x0c0a_90b3);
            let tol: T = test_tolerance::<T>() * 1000.0;
            let (mut agree, mut graze) = (0, 0);
            for _ in 0..osculate_testing::cases(CASES) {
                let mut ours = Vec::new();
                let mut theirs = Vec::new();
                for _ in 0..1 + rng.index(10) {
                    let at = pose::<T>(&mut rng);
                    let q = at.rotation.quaternion();
                    let parry_pose = Pose::from_parts(
                        v(&at.translation.vector),
                        Rotation::from_xyzw(q.i, q.j, q.k, q.w),
                    );
                    if rng.chance(0.5) {
                        let r = rng.range(0.2, 1.0) as T;
                        ours.push((at, ConvexPart::Sphere(Sphere::new(Point3::origin(), r))));
                        theirs.push((parry_pose, SharedShape::ball(r)));
                    } else {
                        let h = Vector3::new(
                            rng.range(0.2, 1.0) as T,
                            rng.range(0.2, 1.0) as T,
                            rng.range(0.2, 1.0) as T,
                        );
                        let b = Aabb::new(Point3::from(-h), Point3::from(h));
                        ours.push((at, ConvexPart::Aabb(b)));
                        theirs.push((parry_pose, SharedShape::cuboid(h.x, h.y, h.z)));
                    }
                }
                let c = crate::ok(Compound::try_new(ours));
                let pc = ParryCompound::new(theirs);
                for _ in 0..10 {
                    let ray = Ray::new(p::<T>(&mut rng, 8.0), rng.unit_vector::<T>().into_inner());
                    let pr = $parry::query::Ray::new(v(&ray.origin.coords), v(&ray.direction));
                    let a = ray_compound(&ray, &c).map(|h| h.result.t_enter);
                    let b = pc.cast_local_ray(&pr, T::MAX, true);
                    match (a, b) {
                        (Some(a), Some(b)) if (a - b).abs() <= tol * (1.0 + a.abs()) => agree += 1,
                        (None, None) => agree += 1,
                        (a, b) => {
                            // A graze: the ray passes within the tolerance of a part's boundary.
                            let near = closest_points_convex_compound(
                                &Capsule::new(ray.origin, ray.origin + ray.direction * 1e3, tol),
                                &c,
                            );
                            assert!(
                                near.is_some_and(|n| n.result.distance <= tol * 10.0),
                                "ray {ray:?}: ours {a:?}, parry {b:?}"
                            );
                            graze += 1;
                        }
                    }
                    let q = p::<T>(&mut rng, 6.0);
                    let ball = Sphere::new(q, 0.0);
                    let ours_d = crate::some(closest_points_convex_compound(&ball, &c), "distance")
                        .result
                        .distance;
                    let proj = pc.project_local_point(v(&q.coords), true);
                    let parry_d =
                        if proj.is_inside { 0.0 } else { (proj.point - v(&q.coords)).length() };
                    assert!(
                        (ours_d - parry_d).abs() <= tol * (1.0 + parry_d),
                        "{q:?}: ours {ours_d}, parry {parry_d}"
                    );
                }
            }
            assert!(graze * 100 <= agree, "agree {agree}, graze {graze}");
        }
    };
}

parry_compound!(parry_compound_f32, f32, parry3d);
parry_compound!(parry_compound_f64, f64, parry3d_f64);
