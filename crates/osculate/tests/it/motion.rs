//! `RigidSweep`: every pair of convex shapes gives the dynamic layer's answer
//! (`convex_convex_rigid`, or `sphere_sphere_rigid` for two spheres), f32 and f64; the sphere
//! pair's closed form agrees with conservative advancement; invalid motions get no answer.

use osculate::dynamic::{
    RigidMotion, RigidOptions, RigidStatus, convex_convex_rigid, sphere_sphere_rigid,
};
use osculate::math::{Real, Translation3};
use osculate::prelude::*;
use osculate_testing::{Rng, for_f32_and_f64, test_tolerance};

/// Shapes of every convex kind about unit size around their frame's origin.
struct Kit<T: Real> {
    sphere: Sphere<T>,
    segment: Segment<T>,
    capsule: Capsule<T>,
    aabb: Aabb<T>,
    obb: Obb<T>,
    triangle: Triangle<T>,
    cylinder: Cylinder<T>,
    cone: Cone<T>,
    tetrahedron: Tetrahedron<T>,
    hull: ConvexPolyhedron<T>,
}

fn kit<T: Real>(rng: &mut Rng) -> Kit<T> {
    let p = |rng: &mut Rng| {
        point3::<T>(rng.range(-0.6, 0.6), rng.range(-0.6, 0.6), rng.range(-0.6, 0.6))
    };
    let r = |rng: &mut Rng| T::lit(rng.range(0.1, 0.5));
    let (a, b, c, d) = (p(rng), p(rng), p(rng), p(rng));
    let hull = ConvexPolyhedron::try_from_points(&[a, b, c, d, p(rng), p(rng)]);
    Kit {
        sphere: Sphere::new(a, r(rng)),
        segment: Segment::new(a, b),
        capsule: Capsule::new(a, b, r(rng)),
        aabb: Aabb::new(a.inf(&b), a.sup(&b)),
        obb: Obb::new(a, rng.rotation(), vector3(0.5, 0.2, 0.3)),
        triangle: Triangle::new(a, b, c),
        cylinder: Cylinder::new(a, b, r(rng)),
        cone: Cone::new(a, rng.unit_vector(), r(rng) * T::lit(2.0), r(rng)),
        tetrahedron: Tetrahedron::new(a, b, c, d),
        hull: hull.unwrap_or_else(|e| panic!("{e}")),
    }
}

/// Two motions: A starting within 3 of the origin and heading for B's start (2 to 3 away) at
/// up to twice the speed that reaches it, both turning up to two turns per unit time.
fn motions<T: Real>(rng: &mut Rng) -> (RigidMotion<T>, RigidMotion<T>) {
    let pose = |rng: &mut Rng, at: Vector3<T>| {
        Isometry3::from_parts(
            Translation3::from(at),
            UnitQuaternion::from_rotation_matrix(&rng.rotation::<T>()),
        )
    };
    let a = vector3::<T>(0.0, 0.0, 0.0);
    let start_a = pose(rng, a);
    let b = rng.unit_vector::<T>().into_inner() * T::lit(rng.range(2.0, 3.0));
    let start_b = pose(rng, b);
    let spin = |rng: &mut Rng| {
        vector3::<T>(rng.range(-12.0, 12.0), rng.range(-12.0, 12.0), rng.range(-12.0, 12.0))
    };
    let toward = (b - a) * T::lit(rng.range(0.0, 2.0))
        + vector3(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
    let ma = RigidMotion::new(start_a, Point3::origin(), toward, spin(rng));
    let mb = RigidMotion::new(start_b, Point3::origin(), Vector3::zeros(), spin(rng));
    (ma, mb)
}

/// The trait's answer for `a` and `b` equals the free function's (the same call).
macro_rules! same {
    ($a:expr, $b:expr, $ma:expr, $mb:expr, $o:expr, $hits:expr) => {{
        let ours = $a.rigid_time_of_impact($ma, $b, $mb, $o);
        assert_eq!(ours, convex_convex_rigid($a, $ma, $b, $mb, $o));
        $hits += usize::from(ours.is_some());
    }};
}

macro_rules! with_every {
    ($a:expr, $k:expr, $ma:expr, $mb:expr, $o:expr, $hits:expr) => {{
        same!($a, &$k.segment, $ma, $mb, $o, $hits);
        same!($a, &$k.capsule, $ma, $mb, $o, $hits);
        same!($a, &$k.aabb, $ma, $mb, $o, $hits);
        same!($a, &$k.obb, $ma, $mb, $o, $hits);
        same!($a, &$k.triangle, $ma, $mb, $o, $hits);
        same!($a, &$k.cylinder, $ma, $mb, $o, $hits);
        same!($a, &$k.cone, $ma, $mb, $o, $hits);
        same!($a, &$k.tetrahedron, $ma, $mb, $o, $hits);
        same!($a, &$k.hull, $ma, $mb, $o, $hits);
    }};
}

fn every_pair_is_the_dynamic_layers<T: Real>() {
    let mut rng = Rng::new(0x7269_6769);
    let options = RigidOptions::default();
    let mut hits = 0;
    for _ in 0..4 {
        let (k, l) = (kit::<T>(&mut rng), kit::<T>(&mut rng));
        let (ma, mb) = motions::<T>(&mut rng);
        let (ma, mb, o) = (&ma, &mb, &options);
        with_every!(&k.sphere, l, ma, mb, o, hits);
        with_every!(&k.segment, l, ma, mb, o, hits);
        with_every!(&k.capsule, l, ma, mb, o, hits);
        with_every!(&k.aabb, l, ma, mb, o, hits);
        with_every!(&k.obb, l, ma, mb, o, hits);
        with_every!(&k.triangle, l, ma, mb, o, hits);
        with_every!(&k.cylinder, l, ma, mb, o, hits);
        with_every!(&k.cone, l, ma, mb, o, hits);
        with_every!(&k.tetrahedron, l, ma, mb, o, hits);
        with_every!(&k.hull, l, ma, mb, o, hits);
        // Every shape with the sphere, in the other order.
        {
            let s = &l.sphere;
            same!(&k.segment, s, ma, mb, o, hits);
            same!(&k.capsule, s, ma, mb, o, hits);
            same!(&k.aabb, s, ma, mb, o, hits);
            same!(&k.obb, s, ma, mb, o, hits);
            same!(&k.triangle, s, ma, mb, o, hits);
            same!(&k.cylinder, s, ma, mb, o, hits);
            same!(&k.cone, s, ma, mb, o, hits);
            same!(&k.tetrahedron, s, ma, mb, o, hits);
            same!(&k.hull, s, ma, mb, o, hits);
        }
    }
    assert!(hits > 20, "{hits} hits: too few for the comparison to mean much");
}

/// Two spheres: the trait is the closed form, and conservative advancement agrees on whether they
/// meet and, when both converge, on the time (both report it from below, within their tolerance).
fn spheres_use_the_closed_form<T: Real>() {
    let mut rng = Rng::new(0x7370_6865);
    let options = RigidOptions::default();
    let tol = test_tolerance::<T>() * T::lit(1e3);
    let mut met = 0;
    for _ in 0..200 {
        let (k, l) = (kit::<T>(&mut rng), kit::<T>(&mut rng));
        let (ma, mb) = motions::<T>(&mut rng);
        let ours = k.sphere.rigid_time_of_impact(&ma, &l.sphere, &mb, &options);
        assert_eq!(ours, sphere_sphere_rigid(&k.sphere, &ma, &l.sphere, &mb, &options));
        let general = convex_convex_rigid(&k.sphere, &ma, &l.sphere, &mb, &options);
        match (ours, general) {
            (Some(a), Some(b)) => {
                met += 1;
                if a.status == RigidStatus::Converged && b.status == RigidStatus::Converged {
                    assert!((a.toi - b.toi).abs() <= tol, "{a:?} {b:?}");
                }
            }
            (None, None) => {}
            (a, b) => {
                // Only a graze may differ: the spheres come within the tolerance of touching.
                let graze = a.or(b).is_some_and(|h| h.distance.abs() <= tol);
                assert!(graze, "closed form {a:?}, conservative advancement {b:?}");
            }
        }
    }
    assert!(met > 10, "{met}");
}

/// A NaN velocity or an invalid option gives no answer.
fn invalid_motion_is_no_answer<T: Real>() {
    let mut rng = Rng::new(3);
    let k = kit::<T>(&mut rng);
    let (good, _) = motions::<T>(&mut rng);
    let mut bad = good;
    bad.linvel.x = T::NAN;
    let o = RigidOptions::default();
    assert_eq!(k.obb.rigid_time_of_impact(&bad, &k.cone, &good, &o), None);
    assert_eq!(k.sphere.rigid_time_of_impact(&good, &k.sphere, &bad, &o), None);
    let negative = RigidOptions { max_time: -T::ONE, ..RigidOptions::default() };
    assert_eq!(k.capsule.rigid_time_of_impact(&good, &k.hull, &good, &negative), None);
}

for_f32_and_f64!(
    every_pair_is_the_dynamic_layers,
    spheres_use_the_closed_form,
    invalid_motion_is_no_answer
);
