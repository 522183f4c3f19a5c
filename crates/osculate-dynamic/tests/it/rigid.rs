//! Time of impact under rigid motion ([`convex_convex_rigid`], [`sphere_sphere_rigid`],
//! [`RigidMotion`]), f32 and f64: worked cases with known answers, the soundness of the motions'
//! speed bounds (finite differences never exceed them), and quickcheck properties over generated
//! motions checked against an independent reference; module [`parry`] holds the differential
//! against parry's `cast_shapes_nonlinear`.
//!
//! **The reference** works in f64 on the same shapes and motions (converted exactly from f32), in
//! a frame translated to A's start, with the closest-point layer's signed distance (GJK, and EPA
//! when the shapes overlap) at a time and only the crude speed bound `|v_B − v_A| + |ω_A| R_A +
//! |ω_B| R_B` (`R` from each shape's bounding box about its center of rotation) — none of the
//! directional bounds, supports or time windows of the search under test. With it, interval
//! halving finds `t_deep`, the first time the shapes come within `target − tol` (its time
//! tolerance is `tol / (2·speed)`, so a bracket it cannot rule out is a true approach within
//! `target − tol/2`), and a dense sampling (64 uniform times and 12 approaching each reported
//! time) finds the first sampled time within `target − tol`. Every answer must:
//! - report no contact before a contact the reference sees: `toi ≤ t_deep` and `toi ≤` the first
//!   sampled time within `target − tol`; `None` only when both find none (no contact missed);
//! - at a converged time, have the reference distance within `target + tol`, its witness points
//!   on (within `tol` of) the shapes, `|point_b − point_a|` its distance, and its normal separate
//!   the shapes up to `tol` at that time;
//! - hold the same for the scene seen from another frame (a rigid change of frame applied to both
//!   motions: invariance) and with the shapes exchanged (exchange symmetry); each answer is held
//!   to the reference itself, so the three agree up to the tolerance band.
//!
//! Tolerances: `tol = 10 · test_tolerance · scale` (f32 1e-3, f64 1e-8 of the scale), the scale
//! being the scene's own size (the shapes' bounding radii, their start offset and the target),
//! not its distance from the origin: the search works relative to A's start, so bodies 1e4 from
//! the origin get the tolerance of bodies at it.
//!
//! The generated classes: aimed (translating toward each other while turning), swung (turning
//! about a pivot away from the shape), fast spins (5 to 40 turns over the interval, the contact
//! lasting a small fraction of it), screw and slerp motions between random poses, and grazing
//! motions (an aimed motion with B moved so that the closest approach is `target ± 1e-6` of the
//! scale, both sides); every flavour of the shared generators (ordinary, tiny, 1e4 from the
//! origin, degenerate shapes); and thin planks spinning past thin walls.

use std::f64::consts::{PI, TAU};

use osculate_closest::{DistanceStatus, SupportMap, Transformed, contact_convex, distance_convex};
use osculate_dynamic::{
    RigidImpact, RigidMotion, RigidOptions, RigidStatus, Search, convex_convex,
    convex_convex_rigid, interval_halving, sphere_sphere_rigid,
};
use osculate_math::nalgebra::Quaternion;
use osculate_math::{
    Bounded, Capsule, Cone, ConvexPolyhedron, Cylinder, Isometry3, Obb, Plane, Point3, Real,
    Rotation3, Sphere, Tetrahedron, Transform, Translation3, Unit, UnitQuaternion, Vector3,
    is_finite_point,
};
use osculate_testing::{Flavour, Frame, Generate, Rng, cases, test_tolerance};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

mod parry;

// ---- Worked cases ------------------------------------------------------------------------------

fn spin_about_z<T: Real>(start: Isometry3<T>, rate: f64) -> RigidMotion<T> {
    RigidMotion::new(
        start,
        Point3::origin(),
        Vector3::zeros(),
        Vector3::new(T::ZERO, T::ZERO, T::lit(rate)),
    )
}

/// The time tolerance of the worked cases: f32 resolves times to about 1e-5 here, f64 to 1e-9.
fn worked_tolerance<T: Real>() -> f64 {
    if T::EPSILON > T::lit(1e-10) { 2e-5 } else { 1e-9 }
}

#[track_caller]
fn converged<T: Real>(hit: Option<RigidImpact<T>>) -> RigidImpact<T> {
    match hit {
        Some(h) if h.status == RigidStatus::Converged => h,
        other => panic!("no converged contact: {other:?}"),
    }
}

/// A bar of half-length 2 and half-width 0.1 spinning about its center (half a turn per unit time)
/// meets a ball of radius 0.5 whose center is 1.5 from the spin axis at 45°: its side touches the
/// ball when it has turned `45° − asin(0.6 / 1.5)`; a capsule bar of radius 0.1 likewise.
fn bar_meets_ball_on_its_sweep_circle<T: Real>() {
    let ball = Sphere::new(Point3::origin(), T::lit(0.5));
    let at = Isometry3::translation(
        T::lit(1.5 * (PI / 4.0).cos()),
        T::lit(1.5 * (PI / 4.0).sin()),
        T::ZERO,
    );
    let still = RigidMotion::stationary(at);
    let want = (PI / 4.0 - (0.6_f64 / 1.5).asin()) / PI;
    let spin = spin_about_z(Isometry3::identity(), PI);
    let bar = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(T::TWO, T::lit(0.1), T::lit(0.1)),
    );
    let capsule = Capsule::new(
        Point3::new(-T::TWO, T::ZERO, T::ZERO),
        Point3::new(T::TWO, T::ZERO, T::ZERO),
        T::lit(0.1),
    );
    let o = RigidOptions::default();
    for (name, hit) in [
        ("box", convex_convex_rigid(&bar, &spin, &ball, &still, &o)),
        ("capsule", convex_convex_rigid(&capsule, &spin, &ball, &still, &o)),
    ] {
        let h = converged(hit);
        let toi = h.toi.to_f64();
        assert!(
            toi <= want + 1e-12 && want - toi < worked_tolerance::<T>(),
            "{name}: {h:?}, want {want}"
        );
        // The normal is the bar's side normal turned by the angle: (−sin θ, cos θ).
        let theta = want * PI;
        let n = h.normal.into_inner().map(|x| x.to_f64());
        assert!((n - Vector3::new(-theta.sin(), theta.cos(), 0.0)).norm() < 1e-3, "{name}: {h:?}");
    }
    // With the ball beyond the bar's reach (its center 2.6 + 0.5 from the axis, the bar's corner
    // at √(4 + 0.01)): no contact in a full turn.
    let far = Isometry3::translation(T::lit(3.2), T::ZERO, T::ZERO);
    let full = spin_about_z(Isometry3::identity(), TAU);
    assert!(convex_convex_rigid(&bar, &full, &ball, &RigidMotion::stationary(far), &o).is_none());
}

/// Two unit cubes turning into face contact: A turns at 0.5 rad per unit time and closes at 1 on
/// B's face at x = 0, so that it is square to it exactly when it arrives at `t = 0.6` (its
/// x-extent `cos θ + sin θ ≤ 1 + θ` never reaches the face earlier, as the closing speed exceeds
/// the turning rate).
fn boxes_turn_into_face_contact<T: Real>() {
    let cube = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::repeat(T::ONE));
    let wall = Obb::new(
        Point3::new(T::ONE, T::ZERO, T::ZERO),
        Rotation3::identity(),
        Vector3::new(T::ONE, T::TWO, T::TWO),
    );
    let start = Isometry3::new(
        Vector3::new(T::lit(-1.6), T::ZERO, T::ZERO),
        Vector3::new(T::ZERO, T::ZERO, T::lit(-0.3)),
    );
    let m = RigidMotion::new(
        start,
        Point3::origin(),
        Vector3::x(),
        Vector3::new(T::ZERO, T::ZERO, T::HALF),
    );
    let h = converged(convex_convex_rigid(
        &cube,
        &m,
        &wall,
        &RigidMotion::stationary(Isometry3::identity()),
        &RigidOptions::default(),
    ));
    let toi = h.toi.to_f64();
    assert!(toi <= 0.6 + 1e-12 && 0.6 - toi < worked_tolerance::<T>() * 100.0, "{h:?}");
    assert!((h.normal.into_inner() - Vector3::x()).norm() < T::lit(1e-3), "{h:?}");
}

/// A plank of half-length 2 and half-thickness 0.005 spinning one full turn about its center, and
/// a thin wall (x ∈ [−0.5, 0.5], y ∈ [1.5, 1.51]): at `t = 0`, `0.5` and `1` the plank lies along
/// x, clear of the wall, so a test that samples the two ends and the middle misses the contact.
/// It comes when the plank's leading face reaches the wall's near corner `(0.5, 1.5)`: turned by
/// `atan2(1.5, 0.5) − asin(0.005 / |corner|)`.
fn thin_plank_spins_into_a_thin_wall<T: Real>() {
    let plank = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(T::TWO, T::lit(0.005), T::lit(0.2)),
    );
    let wall = Obb::new(
        Point3::new(T::ZERO, T::lit(1.505), T::ZERO),
        Rotation3::identity(),
        Vector3::new(T::HALF, T::lit(0.005), T::ONE),
    );
    let still = RigidMotion::stationary(Isometry3::identity());
    let spin = spin_about_z(Isometry3::identity(), TAU);
    let o = RigidOptions::default();
    for t in [0.0, 0.5, 1.0] {
        let pose = spin.pose_at(T::lit(t));
        let at = Transformed { shape: plank, pose };
        let d = distance_convex(&at, &wall, None, 128).closest.distance;
        assert!(d > T::lit(0.1), "the plank clears the wall at t = {t}: {d:?}");
    }
    // A sweep of the translation between the two end poses (none: a full turn) finds nothing.
    assert!(convex_convex(&plank, &Vector3::zeros(), &wall, &Vector3::zeros()).is_none());
    let corner = 0.5_f64.hypot(1.5);
    let want = (1.5_f64.atan2(0.5) - (0.005 / corner).asin()) / TAU;
    let h = converged(convex_convex_rigid(&plank, &spin, &wall, &still, &o));
    let toi = h.toi.to_f64();
    assert!(toi <= want + 1e-12 && want - toi < worked_tolerance::<T>(), "{h:?}, want {want}");
    // The contact point is the wall's corner.
    let p = h.point_b.map(|x| x.to_f64());
    assert!((p - Point3::new(0.5, 1.5, p.z)).xy().norm() < 1e-3, "{h:?}");
}

/// A ball on an arm of length 3 swung about the origin (a center of rotation away from the ball:
/// its center moves on a circle, no closed form) meets a ball at `(0, 3, 0)`: centers `2r = 1`
/// apart when the arm has turned `π/2 − 2 asin(1/6)` (the chord of the circle of radius 3).
/// Spheres spinning about their own centers (closed form) meet as if they only translated.
fn balls_swung_and_spinning<T: Real>() {
    let ball = Sphere::new(Point3::origin(), T::HALF);
    let arm = RigidMotion::new(
        Isometry3::translation(T::lit(3.0), T::ZERO, T::ZERO),
        Point3::new(T::lit(-3.0), T::ZERO, T::ZERO),
        Vector3::zeros(),
        Vector3::new(T::ZERO, T::ZERO, T::lit(PI)),
    );
    let other = RigidMotion::stationary(Isometry3::translation(T::ZERO, T::lit(3.0), T::ZERO));
    let want = (PI / 2.0 - 2.0 * (1.0_f64 / 6.0).asin()) / PI;
    let o = RigidOptions::default();
    for hit in [
        sphere_sphere_rigid(&ball, &arm, &ball, &other, &o),
        convex_convex_rigid(&ball, &arm, &ball, &other, &o),
    ] {
        let h = converged(hit);
        let toi = h.toi.to_f64();
        assert!(toi <= want + 1e-12 && want - toi < worked_tolerance::<T>(), "{h:?}, want {want}");
    }
    // Spinning on their centers while closing: 8 apart at 16 per unit time, contact at 0.5 with
    // either function (the closed form and the generic search's translation case).
    let spin_a = RigidMotion::new(
        Isometry3::identity(),
        Point3::origin(),
        Vector3::new(T::lit(8.0), T::ZERO, T::ZERO),
        Vector3::new(T::ZERO, T::lit(40.0), T::ONE),
    );
    let spin_b = RigidMotion::new(
        Isometry3::translation(T::lit(9.0), T::ZERO, T::ZERO),
        Point3::origin(),
        Vector3::new(T::lit(-8.0), T::ZERO, T::ZERO),
        Vector3::new(T::lit(-7.0), T::ZERO, T::ZERO),
    );
    for hit in [
        sphere_sphere_rigid(&ball, &spin_a, &ball, &spin_b, &o),
        convex_convex_rigid(&ball, &spin_a, &ball, &spin_b, &o),
    ] {
        let h = converged(hit);
        assert!((h.toi.to_f64() - 0.5).abs() < worked_tolerance::<T>(), "{h:?}");
        assert!(
            (h.point_a.map(|x| x.to_f64()) - Point3::new(4.5, 0.0, 0.0)).norm() < 1e-4,
            "{h:?}"
        );
    }
}

/// The cube of side 1 about the origin, its motion (4 along x, turning at `spin`) and the
/// resting motion of a second cube 3 along x: the bodies of the options and input tests.
fn cube_toward_wall<T: Real>(spin: Vector3<T>) -> (Obb<T>, RigidMotion<T>, RigidMotion<T>) {
    let cube = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::repeat(T::HALF));
    let m = RigidMotion::new(
        Isometry3::identity(),
        Point3::origin(),
        Vector3::new(T::lit(4.0), T::ZERO, T::ZERO),
        spin,
    );
    let wall = RigidMotion::stationary(Isometry3::translation(T::lit(3.0), T::ZERO, T::ZERO));
    (cube, m, wall)
}

/// The target distance stops the search that far apart; the tolerance and the time interval are
/// honoured; already overlapping shapes report it at `t = 0`.
fn options_are_honoured<T: Real>() {
    let (cube, m, wall) = cube_toward_wall(Vector3::new(T::lit(0.0), T::lit(0.0), T::lit(1e-3)));
    // Faces 2 apart, closing at 4 (the slow turn adds at most 5e-4 · 0.71 of reach).
    let base = RigidOptions::default();
    let h = converged(convex_convex_rigid(&cube, &m, &cube, &wall, &base));
    assert!((h.toi.to_f64() - 0.5).abs() < 1e-3, "{h:?}");
    let o = RigidOptions { target_distance: T::lit(0.4), ..base };
    let h = converged(convex_convex_rigid(&cube, &m, &cube, &wall, &o));
    assert!(
        (h.toi.to_f64() - 0.4).abs() < 1e-3 && (h.distance - T::lit(0.4)).abs() < T::lit(1e-4),
        "{h:?}"
    );
    let o = RigidOptions { tolerance: T::lit(0.2), ..base };
    let h = converged(convex_convex_rigid(&cube, &m, &cube, &wall, &o));
    assert!(h.distance <= T::lit(0.2) && h.toi.to_f64() <= 0.5, "{h:?}");
    // Too short an interval: no contact; a longer one, at the same time.
    let o = RigidOptions { max_time: T::lit(0.25), ..base };
    assert!(convex_convex_rigid(&cube, &m, &cube, &wall, &o).is_none());
    let o = RigidOptions { max_time: T::lit(10.0), ..base };
    assert!(
        (converged(convex_convex_rigid(&cube, &m, &cube, &wall, &o)).toi.to_f64() - 0.5).abs()
            < 1e-3
    );
    // One evaluation allowed: a lower bound at the start of the bounding spheres' window.
    let o = RigidOptions { max_iterations: 1, ..base };
    let Some(h) = convex_convex_rigid(&cube, &m, &cube, &wall, &o) else {
        panic!("one evaluation still gives a lower bound");
    };
    assert!(h.status == RigidStatus::HitIterationBound && h.toi.to_f64() <= 0.5, "{h:?}");
    // Overlapping at the start.
    let near = RigidMotion::stationary(Isometry3::translation(T::lit(0.9), T::ZERO, T::ZERO));
    let Some(h) = convex_convex_rigid(&cube, &m, &cube, &near, &base) else {
        panic!("overlapping cubes are reported");
    };
    assert_eq!((h.toi, h.status), (T::ZERO, RigidStatus::AlreadyOverlapping), "{h:?}");
}

/// NaN or infinite numbers anywhere, and invalid options, give `None`; degenerate shapes (a
/// point, a flat box, a zero-length capsule) are answered.
fn invalid_and_degenerate_input<T: Real>() {
    let (cube, m, wall) = cube_toward_wall(Vector3::new(T::ZERO, T::ZERO, T::lit(3.0)));
    let o = RigidOptions::default();
    assert!(convex_convex_rigid(&cube, &m, &cube, &wall, &o).is_some());
    let nan = T::NAN;
    let inf = T::INFINITY;
    let bad_motions = [
        RigidMotion { linvel: Vector3::new(nan, T::ZERO, T::ZERO), ..m },
        RigidMotion { angvel: Vector3::new(T::ZERO, inf, T::ZERO), ..m },
        RigidMotion { local_center: Point3::new(T::ZERO, T::ZERO, nan), ..m },
        RigidMotion { start: Isometry3::translation(inf, T::ZERO, T::ZERO), ..m },
    ];
    for bad in bad_motions {
        assert!(convex_convex_rigid(&cube, &bad, &cube, &wall, &o).is_none(), "{bad:?}");
        assert!(convex_convex_rigid(&cube, &wall, &cube, &bad, &o).is_none(), "{bad:?}");
        assert!(
            sphere_sphere_rigid(
                &Sphere::new(Point3::origin(), T::ONE),
                &bad,
                &Sphere::new(Point3::origin(), T::ONE),
                &wall,
                &o
            )
            .is_none()
        );
    }
    let nan_box = Obb { half_extents: Vector3::new(nan, T::ONE, T::ONE), ..cube };
    assert!(convex_convex_rigid(&nan_box, &m, &cube, &wall, &o).is_none());
    for bad in [
        RigidOptions { max_time: nan, ..o },
        RigidOptions { max_time: -T::ONE, ..o },
        RigidOptions { max_time: inf, ..o },
        RigidOptions { target_distance: -T::ONE, ..o },
        RigidOptions { target_distance: nan, ..o },
        RigidOptions { tolerance: nan, ..o },
        RigidOptions { tolerance: -T::ONE, ..o },
    ] {
        assert!(convex_convex_rigid(&cube, &m, &cube, &wall, &bad).is_none(), "{bad:?}");
    }
    assert!(
        sphere_sphere_rigid(
            &Sphere::new(Point3::origin(), -T::ONE),
            &m,
            &Sphere::new(Point3::origin(), T::ONE),
            &wall,
            &o
        )
        .is_none()
    );
    // A point (a zero-radius ball), a flat box and a zero-length capsule: still hits.
    let point = Sphere::new(Point3::origin(), T::ZERO);
    let flat = Obb { half_extents: Vector3::new(T::ZERO, T::HALF, T::HALF), ..cube };
    let stub = Capsule::new(Point3::origin(), Point3::origin(), T::lit(0.25));
    assert!(converged(convex_convex_rigid(&point, &m, &cube, &wall, &o)).toi > T::ZERO);
    assert!(converged(convex_convex_rigid(&flat, &m, &cube, &wall, &o)).toi > T::ZERO);
    assert!(converged(convex_convex_rigid(&stub, &m, &flat, &wall, &o)).toi > T::ZERO);
    // No motion at all: apart stays apart.
    let still = RigidMotion::stationary(Isometry3::identity());
    assert!(convex_convex_rigid(&cube, &still, &cube, &wall, &o).is_none());
}

macro_rules! worked {
    ($($name:ident),* $(,)?) => {
        mod worked {
            $(
                mod $name {
                    #[test]
                    fn f32() {
                        super::super::$name::<f32>();
                    }
                    #[test]
                    fn f64() {
                        super::super::$name::<f64>();
                    }
                }
            )*
        }
    };
}

worked!(
    bar_meets_ball_on_its_sweep_circle,
    boxes_turn_into_face_contact,
    thin_plank_spins_into_a_thin_wall,
    balls_swung_and_spinning,
    options_are_honoured,
    invalid_and_degenerate_input,
);

/// `between` and `screw` reach both poses; the screw keeps a point of its axis on a line.
#[test]
fn pose_to_pose_motions_reach_both_poses() {
    let mut rng = Rng::new(11);
    for _ in 0..200 {
        let pose = |rng: &mut Rng| {
            let r = rng.rotation::<f64>();
            let t = Vector3::new(rng.range(-5.0, 5.0), rng.range(-5.0, 5.0), rng.range(-5.0, 5.0));
            Isometry3::from_parts(t.into(), UnitQuaternion::from_rotation_matrix(&r))
        };
        let (s, e) = (pose(&mut rng), pose(&mut rng));
        let c = Point3::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
        for m in [RigidMotion::between(&s, &e, &c), RigidMotion::screw(&s, &e)] {
            let at = |t: f64| m.pose_at(t).to_homogeneous();
            assert!((at(0.0) - s.to_homogeneous()).norm() < 1e-9, "{m:?}");
            assert!((at(1.0) - e.to_homogeneous()).norm() < 1e-9, "{m:?}");
        }
        // `between`: the chosen point moves on the segment.
        let m = RigidMotion::between(&s, &e, &c);
        let mid = m.pose_at(0.5) * c;
        assert!((mid - Point3::from(((s * c).coords + (e * c).coords) * 0.5)).norm() < 1e-9);
        // The screw: its center (on the axis) moves along the axis.
        let m = RigidMotion::screw(&s, &e);
        let along = m.center_at(0.7) - m.center_at(0.0);
        assert!(along.cross(&m.angvel).norm() < 1e-9 * (1.0 + m.angvel.norm()), "{m:?}");
    }
}

// ---- Any input: no panic, no endless loop, no confident answer from NaN ----------------------

/// Numbers for a scene: in half the scenes all small and finite, in the others each one with a
/// chance of 1 in 20 quickcheck's own (NaN, ±∞, ±0, the extremes and huge exponents among them);
/// and an evaluation bound from 0 to 600.
#[derive(Clone, Debug)]
struct RawCase<T> {
    x: Vec<T>,
    max_iterations: usize,
}

impl<T: Real + Arbitrary> Arbitrary for RawCase<T> {
    fn arbitrary(g: &mut Gen) -> Self {
        let mut rng = Rng::from_gen(g);
        let raw = if rng.chance(0.5) { 0.0 } else { 0.05 };
        let x = (0..40)
            .map(|_| if rng.chance(raw) { T::arbitrary(g) } else { T::lit(rng.range(-3.0, 3.0)) })
            .collect();
        RawCase { x, max_iterations: rng.index(601) }
    }
}

/// On any numbers (a box, a capsule and a ball, both motions and the options), the searches
/// return (a bounded number of evaluations: at most `max(max_iterations, 1)`, or GJK's bound for
/// the translating case, which is one cast), a time in `[0, max_time]` with a status, and `None`
/// whenever a number of a motion or of the options is NaN or infinite.
fn raw_input_is_answered<T: Real>(c: RawCase<T>) -> TestResult {
    let x = &c.x;
    let v = |i: usize| Vector3::new(x[i], x[i + 1], x[i + 2]);
    let motion = |i: usize| {
        let q = UnitQuaternion::new_unchecked(Quaternion::new(x[i], x[i + 1], x[i + 2], x[i + 3]));
        // A unit quaternion when its numbers are finite and not all zero; raw otherwise.
        let q = if q.coords.iter().all(|a| a.is_finite()) && q.coords.norm() > T::lit(1e-3) {
            UnitQuaternion::new_normalize(q.into_inner())
        } else {
            q
        };
        RigidMotion::new(
            Isometry3::from_parts(Translation3::from(v(i + 4)), q),
            Point3::from(v(i + 7)),
            v(i + 10),
            v(i + 13),
        )
    };
    let (ma, mb) = (motion(0), motion(16));
    let options = RigidOptions {
        max_time: x[32].abs(),
        target_distance: x[33].abs() * T::lit(0.1),
        tolerance: x[34].abs() * T::lit(0.01),
        max_iterations: c.max_iterations,
    };
    let half = Vector3::new(x[35].abs(), x[36].abs(), x[37].abs());
    let cube = Obb::new(Point3::origin(), Rotation3::identity(), half);
    let stick = Capsule::new(Point3::origin(), Point3::from(v(35)), x[38].abs());
    let ball = Sphere::new(Point3::origin(), x[39].abs());
    let finite_input = ma.is_finite()
        && mb.is_finite()
        && options.max_time.is_finite()
        && options.target_distance.is_finite()
        && options.tolerance.is_finite();
    let cap = c.max_iterations.max(1).max(osculate_closest::GJK_MAX_ITERATIONS);
    let answers = [
        convex_convex_rigid(&cube, &ma, &stick, &mb, &options),
        convex_convex_rigid(&stick, &ma, &ball, &mb, &options),
        convex_convex_rigid(&ball, &ma, &cube, &mb, &options),
        sphere_sphere_rigid(&ball, &ma, &ball, &mb, &options),
    ];
    for h in answers.iter().flatten() {
        if !finite_input {
            return TestResult::error(format!("an answer from non-finite input: {h:?}"));
        }
        let in_time = h.toi >= T::ZERO && h.toi <= options.max_time;
        let finite = is_finite_point(&h.point_a)
            && is_finite_point(&h.point_b)
            && h.normal.iter().all(|a| a.is_finite())
            && h.distance >= T::ZERO;
        if !(in_time && finite && h.iterations <= cap) {
            return TestResult::error(format!("{h:?} (max_time {:?})", options.max_time));
        }
        if h.status == RigidStatus::AlreadyOverlapping && h.toi != T::ZERO {
            return TestResult::error(format!("overlapping after the start: {h:?}"));
        }
    }
    TestResult::passed()
}

/// `prop` on 2000 cases (`OSCULATE_CASES` overrides it).
fn run_2000<A: Arbitrary + core::fmt::Debug>(prop: fn(A) -> TestResult) {
    let n = cases(2000);
    QuickCheck::new().tests(n).max_tests(n * 10).quickcheck(prop);
}

osculate_testing::for_f32_and_f64!(run_2000: raw_input_is_answered);

// ---- The motions' bounds -------------------------------------------------------------------------

/// A random motion (velocities up to 10, spins up to 4 turns per unit time, a center up to 2 from
/// the body's origin) and a random body point within `r` of the center.
#[derive(Clone, Debug)]
struct BoundCase<T: Real> {
    motion: RigidMotion<T>,
    point: Point3<T>,
    r: T,
    n: Vector3<T>,
}

impl<T: Real> Arbitrary for BoundCase<T> {
    fn arbitrary(g: &mut Gen) -> Self {
        let mut rng = Rng::from_gen(g);
        let v = |rng: &mut Rng, s: f64| {
            Vector3::new(rng.range(-s, s), rng.range(-s, s), rng.range(-s, s)).map(T::lit)
        };
        let start = Isometry3::from_parts(
            v(&mut rng, 10.0).into(),
            UnitQuaternion::from_rotation_matrix(&rng.rotation()),
        );
        let center = Point3::from(v(&mut rng, 2.0));
        let spin = rng.unit_vector::<T>().into_inner() * T::lit(rng.range(0.0, 8.0 * PI));
        let motion = RigidMotion::new(start, center, v(&mut rng, 10.0), spin);
        let r = T::lit(rng.range(0.0, 3.0));
        let point = center + rng.unit_vector::<T>().into_inner() * r * T::lit(rng.unit());
        BoundCase { motion, point, r, n: rng.unit_vector::<T>().into_inner() }
    }
}

/// Finite differences of a point's position (speed) and of its distance along `n` (rate) over
/// short steps at random times never exceed `speed_bound(r)` and `rate_bound_along(n, r)`.
fn bounds_hold<T: Real>(c: BoundCase<T>) -> TestResult {
    let m = &c.motion;
    let mut rng = Rng::new(c.r.to_f64().to_bits());
    let (speed, rate) = (m.speed_bound(c.r), m.rate_bound_along(&c.n, c.r));
    // Positions are rounded to a few ε of their size; a difference over h adds that over h.
    let h = if T::EPSILON > T::lit(1e-10) { 1e-2 } else { 1e-5 };
    let size = 30.0 + m.start.translation.vector.norm().to_f64();
    let slack = T::lit(16.0 * T::EPSILON.to_f64() * size / h);
    for _ in 0..8 {
        let t = rng.range(-2.0, 2.0);
        let p0 = m.pose_at(T::lit(t)) * c.point;
        let p1 = m.pose_at(T::lit(t + h)) * c.point;
        let d = (p1 - p0) / T::lit(h);
        if !(d.norm() <= speed * (T::ONE + T::lit(1e-6)) + slack) {
            return TestResult::error(format!(
                "speed {:?} over bound {speed:?} at t = {t}",
                d.norm()
            ));
        }
        if !(c.n.dot(&d) <= rate + speed * T::lit(1e-6) + slack) {
            return TestResult::error(format!(
                "rate {:?} over bound {rate:?} at t = {t}",
                c.n.dot(&d)
            ));
        }
    }
    TestResult::passed()
}

/// `prop` on 500 cases (`OSCULATE_CASES` overrides it).
fn run_500<A: Arbitrary + core::fmt::Debug>(prop: fn(A) -> TestResult) {
    let n = cases(500);
    QuickCheck::new().tests(n).max_tests(n * 10).quickcheck(prop);
}

osculate_testing::for_f32_and_f64!(run_500: bounds_hold);

// ---- Generated motions against the reference -----------------------------------------------------

/// A shape of the properties: generated, moved, converted exactly to f64 for the reference.
trait Body<T: Real>:
    SupportMap<T>
    + Bounded<T>
    + Transform<T, Output = Self>
    + Generate<T>
    + Clone
    + core::fmt::Debug
    + Send
    + 'static
{
    /// The same shape in f64.
    type Wide: SupportMap<f64> + Bounded<f64> + Clone + core::fmt::Debug;
    fn wide(&self) -> Self::Wide;
}

fn wp<T: Real>(p: &Point3<T>) -> Point3<f64> {
    p.map(Real::to_f64)
}

fn wv<T: Real>(v: &Vector3<T>) -> Vector3<f64> {
    v.map(Real::to_f64)
}

/// Unit vectors and quaternions are normalised again in f64 (an f32 unit vector is 1e-8 off unit
/// length in f64): GJK on a zero-height cone whose axis was 8e-9 off unit length reported 0.0135
/// for a distance of 0.0241, its witness 0.02 off the disc's plane.
fn w_quat<T: Real>(q: &UnitQuaternion<T>) -> UnitQuaternion<f64> {
    Unit::new_normalize(Quaternion::from(q.coords.map(Real::to_f64)))
}

fn w_iso<T: Real>(i: &Isometry3<T>) -> Isometry3<f64> {
    Isometry3::from_parts(Translation3::from(wv(&i.translation.vector)), w_quat(&i.rotation))
}

fn w_motion<T: Real>(m: &RigidMotion<T>) -> RigidMotion<f64> {
    RigidMotion::new(w_iso(&m.start), wp(&m.local_center), wv(&m.linvel), wv(&m.angvel))
}

impl<T: Real> Body<T> for Sphere<T> {
    type Wide = Sphere<f64>;
    fn wide(&self) -> Sphere<f64> {
        Sphere::new(wp(&self.center), self.radius.to_f64())
    }
}

impl<T: Real> Body<T> for Obb<T> {
    type Wide = Obb<f64>;
    fn wide(&self) -> Obb<f64> {
        let r = Rotation3::from_matrix_unchecked(self.rotation.matrix().map(Real::to_f64));
        Obb::new(wp(&self.center), r, wv(&self.half_extents))
    }
}

impl<T: Real> Body<T> for Capsule<T> {
    type Wide = Capsule<f64>;
    fn wide(&self) -> Capsule<f64> {
        Capsule::new(wp(&self.a), wp(&self.b), self.radius.to_f64())
    }
}

impl<T: Real> Body<T> for Cylinder<T> {
    type Wide = Cylinder<f64>;
    fn wide(&self) -> Cylinder<f64> {
        Cylinder::new(wp(&self.a), wp(&self.b), self.radius.to_f64())
    }
}

impl<T: Real> Body<T> for Cone<T> {
    type Wide = Cone<f64>;
    fn wide(&self) -> Cone<f64> {
        let axis = Unit::new_normalize(wv(&self.axis.into_inner()));
        Cone::new(wp(&self.tip), axis, self.height.to_f64(), self.radius.to_f64())
    }
}

impl<T: Real> Body<T> for Tetrahedron<T> {
    type Wide = Tetrahedron<f64>;
    fn wide(&self) -> Tetrahedron<f64> {
        Tetrahedron::new(wp(&self.a), wp(&self.b), wp(&self.c), wp(&self.d))
    }
}

impl<T: Real> Body<T> for ConvexPolyhedron<T> {
    type Wide = ConvexPolyhedron<f64>;
    fn wide(&self) -> ConvexPolyhedron<f64> {
        ConvexPolyhedron {
            planes: self
                .planes
                .iter()
                .map(|p| Plane::new(Unit::new_normalize(wv(&p.normal.into_inner())), p.d.to_f64()))
                .collect(),
            vertices: self.vertices.iter().map(wp).collect(),
        }
    }
}

/// The classes of generated motion (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Aimed,
    Swung,
    FastSpin,
    Screw,
    Slerp,
    Graze,
    Plank,
}

/// One generated scene: two shapes in their local frames (centered), their motions, the options,
/// a rigid change of frame for the invariance check and the scale of the tolerances.
#[derive(Clone, Debug)]
struct Case<A, B, T: Real> {
    /// The seed the case was generated from (to replay it).
    seed: u64,
    class: Class,
    flavour: Flavour,
    a: A,
    ma: RigidMotion<T>,
    b: B,
    mb: RigidMotion<T>,
    options: RigidOptions<T>,
    reframe: Isometry3<T>,
    scale: f64,
}

/// The bounding radius of a shape about a point (from its box's corners).
fn radius_about<T: Real, S: Bounded<T>>(s: &S, c: &Point3<T>) -> f64 {
    let b = s.aabb();
    let (lo, hi) = (wp(&b.min) - wp(c), wp(&b.max) - wp(c));
    Vector3::new(lo.x.abs().max(hi.x.abs()), lo.y.abs().max(hi.y.abs()), lo.z.abs().max(hi.z.abs()))
        .norm()
}

/// A vector of random direction with a length uniform in `[lo, hi)`.
fn random_vector<T: Real>(rng: &mut Rng, lo: f64, hi: f64) -> Vector3<T> {
    let len = rng.range(lo, hi);
    rng.unit_vector::<T>().into_inner() * T::lit(len)
}

fn random_pose<T: Real>(rng: &mut Rng, at: Point3<T>) -> Isometry3<T> {
    Isometry3::from_parts(at.into(), UnitQuaternion::from_rotation_matrix(&rng.rotation()))
}

/// A shape generated in `frame`, moved so that its center is the local origin, and that center.
fn centered<T: Real, S: Body<T>>(rng: &mut Rng, frame: &Frame<T>) -> (S, Point3<T>) {
    let s = S::generate(rng, frame);
    let c = s.center();
    (s.transformed(&Isometry3::translation(-c.x, -c.y, -c.z)), c)
}

impl<A: Body<T>, B: Body<T>, T: Real> Case<A, B, T> {
    fn generate(seed: u64) -> Self {
        let rng = &mut Rng::new(seed);
        let frame = Frame::<T>::random(rng);
        let s = frame.scale.to_f64();
        let (a, _) = centered::<T, A>(rng, &frame);
        let (b, _) = centered::<T, B>(rng, &frame);
        let (ra, rb) = (radius_about(&a, &Point3::origin()), radius_about(&b, &Point3::origin()));
        let pa = frame.origin;
        let dir = rng.unit_vector::<T>().into_inner();
        let reach = (ra + rb) * rng.range(0.5, 1.5) + s * rng.range(0.0, 2.0);
        let pb = pa + dir * T::lit(reach);
        let (start_a, start_b) = (random_pose(rng, pa), random_pose(rng, pb));
        let u = rng.unit();
        let class = if u < 0.3 {
            Class::Aimed
        } else if u < 0.4 {
            Class::Swung
        } else if u < 0.55 {
            Class::FastSpin
        } else if u < 0.65 {
            Class::Screw
        } else if u < 0.75 {
            Class::Slerp
        } else {
            Class::Graze
        };
        let still = RigidMotion::stationary(start_b);
        let aimed = |rng: &mut Rng| {
            let linvel = (pb - pa) * T::lit(rng.range(0.0, 2.0)) + random_vector(rng, 0.0, s);
            let ma = RigidMotion::new(
                start_a,
                Point3::origin(),
                linvel,
                random_vector(rng, 0.0, 4.0 * PI),
            );
            let mb = if rng.chance(0.5) {
                still
            } else {
                RigidMotion::new(
                    start_b,
                    Point3::origin(),
                    random_vector(rng, 0.0, s),
                    random_vector(rng, 0.0, 2.0 * PI),
                )
            };
            (ma, mb)
        };
        let end_of = |rng: &mut Rng, start: &Isometry3<T>, toward: Vector3<T>| {
            let turn = UnitQuaternion::from_scaled_axis(random_vector::<T>(rng, 0.0, PI));
            let t = start.translation.vector
                + toward * T::lit(rng.range(0.0, 2.0))
                + random_vector(rng, 0.0, s);
            Isometry3::from_parts(t.into(), turn * start.rotation)
        };
        let (ma, mb) = match class {
            Class::Aimed | Class::Graze | Class::Plank => aimed(rng),
            Class::Swung => {
                let pivot = Point3::from(random_vector::<T>(rng, ra + s, 3.0 * (ra + s)));
                let ma = RigidMotion::new(
                    start_a,
                    pivot,
                    random_vector(rng, 0.0, s),
                    random_vector(rng, PI, 4.0 * PI),
                );
                (ma, still)
            }
            Class::FastSpin => {
                let ma = RigidMotion::new(
                    start_a,
                    Point3::origin(),
                    (pb - pa) * T::lit(rng.unit()),
                    random_vector(rng, 5.0 * TAU, 40.0 * TAU),
                );
                (ma, still)
            }
            Class::Screw => {
                let ea = end_of(rng, &start_a, pb - pa);
                let eb = end_of(rng, &start_b, pa - pb);
                (
                    RigidMotion::screw(&start_a, &ea),
                    if rng.chance(0.5) { still } else { RigidMotion::screw(&start_b, &eb) },
                )
            }
            Class::Slerp => {
                let ea = end_of(rng, &start_a, pb - pa);
                let c = Point3::from(random_vector::<T>(rng, 0.0, ra));
                (RigidMotion::between(&start_a, &ea, &c), still)
            }
        };
        let target = if rng.chance(0.7) { T::ZERO } else { T::lit(rng.range(0.0, 0.3) * s) };
        let max_time = if rng.chance(0.8) { T::ONE } else { T::lit(rng.range(0.5, 3.0)) };
        let options = RigidOptions { target_distance: target, max_time, ..RigidOptions::default() };
        let at = Point3::from(random_vector::<T>(rng, 0.0, 10.0 * s));
        let reframe = random_pose(rng, at);
        let scale = ra + rb + reach + target.to_f64();
        let mut case =
            Case { seed, class, flavour: frame.flavour, a, ma, b, mb, options, reframe, scale };
        if class == Class::Graze {
            case.graze(rng);
        }
        case
    }

    /// Moves B (its whole motion) along the direction of closest approach so that the distance
    /// there is `target ± 1e-6` of the scale.
    fn graze(&mut self, rng: &mut Rng) {
        let r = Reference::new(self);
        let end = r.max_time;
        let mut best = (f64::INFINITY, 0.0);
        for i in 0..=32 {
            let t = end * f64::from(i) / 32.0;
            let d = r.distance(t).0;
            if d < best.0 {
                best = (d, t);
            }
        }
        // Golden-section refinement around the best sample.
        let (mut lo, mut hi) = ((best.1 - end / 32.0).max(0.0), (best.1 + end / 32.0).min(end));
        let g = 0.5 * (5.0_f64.sqrt() - 1.0);
        for _ in 0..24 {
            let (x1, x2) = (hi - g * (hi - lo), lo + g * (hi - lo));
            if r.distance(x1).0 < r.distance(x2).0 {
                hi = x2;
            } else {
                lo = x1;
            }
        }
        let t = 0.5 * (lo + hi);
        let (d, pa, pb) = r.distance(t);
        let n = if d > 0.0 { (pb - pa) / d } else { r.contact_normal(t) };
        if !(d.is_finite() && n.iter().all(|x| x.is_finite()) && n.norm() > 0.5) {
            return;
        }
        let side = if rng.chance(0.5) { 1e-6 } else { -1e-6 };
        let shift = n * (self.options.target_distance.to_f64() + side * self.scale - d);
        let start = self.mb.start;
        self.mb.start = Isometry3::from_parts(
            (start.translation.vector + shift.map(T::lit)).into(),
            start.rotation,
        );
    }

    /// The scene seen from another frame: both motions moved by `reframe`.
    fn reframed(&self) -> (RigidMotion<T>, RigidMotion<T>) {
        let f = &self.reframe;
        let moved = |m: &RigidMotion<T>| {
            RigidMotion::new(
                f * m.start,
                m.local_center,
                f.rotation * m.linvel,
                f.rotation * m.angvel,
            )
        };
        (moved(&self.ma), moved(&self.mb))
    }
}

impl<A: Body<T>, B: Body<T>, T: Real> Arbitrary for Case<A, B, T> {
    fn arbitrary(g: &mut Gen) -> Self {
        Self::generate(u64::arbitrary(g))
    }
}

/// Both shapes of a reference at one time.
type Posed<'r, A, B, T> =
    (Transformed<&'r <A as Body<T>>::Wide, f64>, Transformed<&'r <B as Body<T>>::Wide, f64>);

/// The reference: the scene in f64, in a frame at A's start (see the module documentation).
struct Reference<A: Body<T>, B: Body<T>, T: Real> {
    a: A::Wide,
    b: B::Wide,
    ma: RigidMotion<f64>,
    mb: RigidMotion<f64>,
    origin: Vector3<f64>,
    max_time: f64,
    target: f64,
    /// The crude bound on how fast the distance changes.
    speed: f64,
}

impl<A: Body<T>, B: Body<T>, T: Real> Reference<A, B, T> {
    fn new(c: &Case<A, B, T>) -> Self {
        Self::with(c, &c.ma, &c.mb)
    }

    /// The reference of the case's shapes under other motions.
    fn with(c: &Case<A, B, T>, ma: &RigidMotion<T>, mb: &RigidMotion<T>) -> Self {
        let (a, b) = (c.a.wide(), c.b.wide());
        let (ma, mb) = (w_motion(ma), w_motion(mb));
        let ra = radius_about(&a, &ma.local_center);
        let rb = radius_about(&b, &mb.local_center);
        let speed = (mb.linvel - ma.linvel).norm() + ma.angvel.norm() * ra + mb.angvel.norm() * rb;
        Reference {
            a,
            b,
            origin: ma.start.translation.vector,
            ma,
            mb,
            max_time: c.options.max_time.to_f64(),
            target: c.options.target_distance.to_f64(),
            speed,
        }
    }

    fn posed(&self, t: f64) -> Posed<'_, A, B, T> {
        let shift = |m: &RigidMotion<f64>| {
            let p = m.pose_at(t);
            Isometry3::from_parts((p.translation.vector - self.origin).into(), p.rotation)
        };
        (
            Transformed { shape: &self.a, pose: shift(&self.ma) },
            Transformed { shape: &self.b, pose: shift(&self.mb) },
        )
    }

    /// The signed distance at `t` (negative: the penetration depth by EPA) and GJK's witnesses.
    fn distance(&self, t: f64) -> (f64, Point3<f64>, Point3<f64>) {
        let (a, b) = self.posed(t);
        let r = distance_convex(&a, &b, None, 256);
        if r.status == DistanceStatus::Overlapping {
            let depth = contact_convex(&a, &b, 256).map_or(0.0, |c| c.distance.min(0.0));
            return (depth, r.closest.point_a, r.closest.point_b);
        }
        (r.closest.distance, r.closest.point_a, r.closest.point_b)
    }

    /// The contact normal from A to B at `t` for overlapping shapes (EPA's), or zero.
    fn contact_normal(&self, t: f64) -> Vector3<f64> {
        let (a, b) = self.posed(t);
        contact_convex(&a, &b, 256).map_or(Vector3::zeros(), |c| c.normal.into_inner())
    }

    /// The first time the shapes come within `target − tol` (see the module documentation), or
    /// `Err` when the halving could not decide within its bounds.
    fn first_deep(&self, tol: f64) -> Result<Option<f64>, String> {
        let level = self.target - tol;
        let tt = (tol / (2.0 * self.speed.max(1e-300))).max(1e-14 * self.max_time.max(1.0));
        let end = self.max_time;
        let f = |t: f64| self.distance(t.min(end)).0 - level;
        let scaled = |u: f64| f(u * end);
        match interval_halving(scaled, self.speed * end, 0.0, tt / end.max(1e-300), 1 << 15) {
            None => Ok(None),
            Some(h) if h.status == Search::Converged => Ok(Some(h.toi * end)),
            Some(h) => Err(format!("reference undecided: {h:?}")),
        }
    }

    /// A point's distance to A (or B) at `t`, the point in the reference frame.
    fn to_shape(&self, t: f64, p: &Point3<f64>, on_a: bool) -> f64 {
        let (a, b) = self.posed(t);
        if on_a {
            distance_convex(p, &a, None, 256).closest.distance
        } else {
            distance_convex(p, &b, None, 256).closest.distance
        }
    }

    /// A proven lower bound on the distance at `t`, independent of GJK's convergence: the
    /// separation along a direction (exact up to the rounding of the supports), the direction
    /// being GJK's with B moved apart along it by a thousandth of `scale` (the same features are
    /// nearest, now far enough apart for GJK's direction to be exact to rounding), or GJK's own
    /// direction, whichever separates more. Negative or zero when the shapes touch.
    fn proven_gap(&self, t: f64, scale: f64) -> f64 {
        let (d, pa, pb) = self.distance(t);
        if !(d > 0.0) {
            return d;
        }
        let n = (pb - pa) / d;
        let mut best = self.separation(t, &n);
        let (a, b) = self.posed(t);
        let apart = n * (1e-3 * scale);
        let moved = Transformed {
            shape: b.shape,
            pose: Isometry3::from_parts(
                (b.pose.translation.vector + apart).into(),
                b.pose.rotation,
            ),
        };
        let r = distance_convex(&a, &moved, Some(-n), 256);
        if r.status == DistanceStatus::Separated && r.closest.distance > 0.0 {
            let m = (r.closest.point_b - r.closest.point_a) / r.closest.distance;
            best = best.max(self.separation(t, &m));
        }
        best
    }

    /// The separation of the shapes along the unit `n` at `t`.
    fn separation(&self, t: f64, n: &Vector3<f64>) -> f64 {
        let (a, b) = self.posed(t);
        n.dot(&(b.support(&-n) - a.support(n)))
    }
}

/// The tolerance of a scene of this scale.
fn tolerance<T: Real>(scale: f64) -> f64 {
    10.0 * test_tolerance::<T>().to_f64() * scale
}

/// Checks one answer against the reference; `to_ref` maps a world point of the answer to the
/// reference frame.
fn check_answer<A: Body<T>, B: Body<T>, T: Real>(
    name: &str,
    hit: &Option<RigidImpact<T>>,
    r: &Reference<A, B, T>,
    deep: Option<f64>,
    sampled: Option<f64>,
    tol: f64,
    to_ref: &dyn Fn(&Point3<T>) -> Point3<f64>,
    to_ref_dir: &dyn Fn(&Vector3<T>) -> Vector3<f64>,
) -> Result<(), String> {
    let Some(h) = hit else {
        return match (deep, sampled) {
            (None, None) => Ok(()),
            _ => Err(format!(
                "{name}: missed contact (reference: within target − tol at {deep:?}, sampled {sampled:?})"
            )),
        };
    };
    let toi = h.toi.to_f64();
    if !(toi >= 0.0 && toi <= r.max_time) {
        return Err(format!("{name}: toi {toi} outside [0, {}]", r.max_time));
    }
    // Times are compared with the slack of their own rounding.
    let slack = 4.0 * T::EPSILON.to_f64() * r.max_time.max(1.0);
    for (what, t) in [("halving", deep), ("sampling", sampled)] {
        if let Some(t) = t
            && toi > t + slack
        {
            return Err(format!(
                "{name}: toi {toi} after a contact the reference found by {what} at {t}"
            ));
        }
    }
    // Separated or touching at the time reported (already overlapping only at the start).
    let (d, _, _) = r.distance(toi);
    if toi > 0.0 && !(d >= r.target - tol) {
        return Err(format!(
            "{name}: distance {d} at toi {toi}, below target {} − {tol}",
            r.target
        ));
    }
    if h.status == RigidStatus::HitIterationBound {
        return Ok(()); // a lower bound: nothing more is claimed
    }
    if !(d <= r.target + tol) {
        return Err(format!("{name}: distance {d} at toi {toi}, target {} + tol {tol}", r.target));
    }
    if h.status == RigidStatus::AlreadyOverlapping {
        return if toi == 0.0 { Ok(()) } else { Err(format!("{name}: overlapping at {toi}")) };
    }
    let shift = |p: Point3<f64>| p - r.origin;
    let (pa, pb) = (shift(to_ref(&h.point_a)), shift(to_ref(&h.point_b)));
    // World witnesses carry the rounding of the world coordinates.
    let world = 8.0 * T::EPSILON.to_f64() * (r.origin.amax() + 1.0);
    let wtol = tol + world;
    for (p, on_a) in [(pa, true), (pb, false)] {
        let off = r.to_shape(toi, &p, on_a);
        if !(off <= wtol) {
            return Err(format!(
                "{name}: witness {} {off} off its shape",
                if on_a { "a" } else { "b" }
            ));
        }
    }
    let gap = (pb - pa).norm();
    if !((gap - h.distance.to_f64()).abs() <= wtol) {
        return Err(format!("{name}: witnesses {gap} apart, distance {:?}", h.distance));
    }
    let n = to_ref_dir(&h.normal.into_inner());
    let sep = r.separation(toi, &n);
    if !(sep >= r.target.min(d) - 2.0 * tol) {
        return Err(format!(
            "{name}: normal {n:?} does not separate (separation {sep}, distance {d})"
        ));
    }
    Ok(())
}

/// The first of the dense sample times (64 uniform, 12 approaching each answer) at which the
/// reference distance is within `target − tol`.
fn first_sampled<A: Body<T>, B: Body<T>, T: Real>(
    r: &Reference<A, B, T>,
    answers: &[&Option<RigidImpact<T>>],
    tol: f64,
) -> Option<f64> {
    let mut times: Vec<f64> = (0..=64).map(|i| r.max_time * f64::from(i) / 64.0).collect();
    for h in answers.iter().copied().flatten() {
        let t = h.toi.to_f64();
        times.extend((1..=12).map(|k| t * (1.0 - 0.5_f64.powi(k))));
    }
    times.sort_by(f64::total_cmp);
    times.into_iter().find(|&t| r.distance(t).0 <= r.target - tol)
}

fn check_case<A: Body<T>, B: Body<T>, T: Real>(c: &Case<A, B, T>) -> TestResult {
    let r = Reference::new(c);
    let tol = tolerance::<T>(c.scale);
    let Ok(deep) = r.first_deep(tol) else {
        return TestResult::discard();
    };
    let o = &c.options;
    let ab = convex_convex_rigid(&c.a, &c.ma, &c.b, &c.mb, o);
    let ba = convex_convex_rigid(&c.b, &c.mb, &c.a, &c.ma, o).map(RigidImpact::swapped);
    let sampled = first_sampled(&r, &[&ab, &ba], tol);
    let (fa, fb) = c.reframed();
    let moved = convex_convex_rigid(&c.a, &fa, &c.b, &fb, o);
    let plain = |p: &Point3<T>| wp(p);
    let plain_dir = |v: &Vector3<T>| wv(v);
    let inv = w_iso(&c.reframe).inverse();
    let back = |p: &Point3<T>| inv * wp(p);
    let back_dir = |v: &Vector3<T>| inv.rotation * wv(v);
    // In f32 the scene in another frame is its own input (moving a pose 1e4 from the origin
    // rounds it by 1e-3): it is held to its own reference. In f64 that rounding (1e-12) is far
    // below the tolerance, and the answer is mapped back and held to the first reference.
    let moved_check = if T::EPSILON > T::lit(1e-10) {
        let rf = Reference::with(c, &fa, &fb);
        let Ok(deep_f) = rf.first_deep(tol) else {
            return TestResult::discard();
        };
        let sampled_f = first_sampled(&rf, &[&moved], tol);
        check_answer("a-b (reframed)", &moved, &rf, deep_f, sampled_f, tol, &plain, &plain_dir)
    } else {
        let sampled_f = first_sampled(&r, &[&moved], tol);
        check_answer("a-b (reframed)", &moved, &r, deep, sampled_f, tol, &back, &back_dir)
    };
    let checks = [
        check_answer("a-b", &ab, &r, deep, sampled, tol, &plain, &plain_dir),
        check_answer("b-a (exchanged)", &ba, &r, deep, sampled, tol, &plain, &plain_dir),
        moved_check,
    ];
    match checks.into_iter().find_map(Result::err) {
        None => TestResult::passed(),
        Some(e) => TestResult::error(format!(
            "{e}\n  seed {} {:?} {:?} {}\n  ab {ab:?}\n  ba {ba:?}\n  moved {moved:?}\n  deep {deep:?} sampled {sampled:?} tol {tol}\n  {c:?}",
            c.seed,
            c.class,
            c.flavour,
            core::any::type_name::<Case<A, B, T>>()
        )),
    }
}

/// Cases per property by default (`OSCULATE_CASES` overrides it): a reference search of a few
/// hundred GJK queries per case is the cost.
const CASES: u64 = 60;

fn run<A: Arbitrary + core::fmt::Debug>(prop: fn(A) -> TestResult) {
    let n = cases(CASES);
    QuickCheck::new().tests(n).max_tests(n * 10).min_tests_passed(n).quickcheck(prop);
}

macro_rules! pairs {
    ($($name:ident: $A:ident, $B:ident;)*) => {
        osculate_testing::properties!(mod generated; $($name(c: Case<$A<T>, $B<T>, T>) => check_case(&c);)*);
    };
}

pairs! {
    obb_obb: Obb, Obb;
    capsule_obb: Capsule, Obb;
    cylinder_cone: Cylinder, Cone;
    sphere_tetrahedron: Sphere, Tetrahedron;
    polyhedron_polyhedron: ConvexPolyhedron, ConvexPolyhedron;
}

/// Grazing cylinder-cone motions in `f64` where GJK, stalled within its rounding near contact,
/// called the pair overlapping: its midpoint witness lay up to 3e-6 off both shapes, and a
/// segment (a cylinder of radius 0) 2.6e-8 from a cone, twice the tolerance, was reported in
/// contact. The sample is now resolved with B moved apart along the separating direction.
#[test]
fn stalled_gjk_near_contact_is_resolved() {
    for seed in [12_881_191_608_584_983_210, 5_947_872_175_996_166_809, 1_020_047_208_664_276_572] {
        let c = Case::<Cylinder<f64>, Cone<f64>, f64>::generate(seed);
        // Passed, neither failed nor discarded (quickcheck's status is private: its `Debug`).
        let r = check_case(&c);
        assert!(format!("{r:?}").contains("Pass"), "seed {seed}: {r:?}");
    }
}

// ---- Thin planks spinning past thin walls --------------------------------------------------------

/// A plank (half-thickness 1e-3 of its half-length) spinning 5 to 40 turns about its center while
/// drifting, and a thin wall placed across its sweep: the contact, when there is one, lasts a
/// small fraction of the interval.
#[derive(Clone, Debug)]
struct PlankCase<T: Real>(Case<Obb<T>, Obb<T>, T>);

impl<T: Real> PlankCase<T> {
    fn generate(seed: u64) -> Self {
        let mut rng = Rng::new(seed);
        let frame = Frame::<T>::random(&mut rng);
        let s = frame.scale.to_f64();
        let half = rng.range(0.5, 1.0) * s;
        let plank = Obb::new(
            Point3::origin(),
            Rotation3::identity(),
            Vector3::new(half, 1e-3 * half, rng.range(0.05, 0.3) * s).map(T::lit),
        );
        let wall = Obb::new(
            Point3::origin(),
            Rotation3::identity(),
            Vector3::new(1e-3 * half, rng.range(0.1, 0.5) * s, rng.range(0.1, 0.5) * s).map(T::lit),
        );
        // The wall across the sweep, at 0.3 to 1.1 half-lengths from the spin center, turned a little.
        let pa = frame.origin;
        let spin_axis = random_vector::<T>(&mut rng, 1.0, 1.0);
        // Across the sweep: the wall's thin side faces the spin center, in the plane of the spin.
        let dir = rng.unit_vector::<T>().into_inner().cross(&spin_axis).normalize();
        let pb = pa + dir * T::lit(half * rng.range(0.3, 1.1));
        let start_a = random_pose(&mut rng, pa);
        let wall_pose = Isometry3::face_towards(&pb, &(pb + dir), &spin_axis);
        let ma = RigidMotion::new(
            start_a,
            Point3::origin(),
            random_vector(&mut rng, 0.0, s),
            spin_axis * T::lit(TAU * rng.range(5.0, 40.0)),
        );
        let mb = RigidMotion::stationary(
            wall_pose * Isometry3::rotation(Vector3::y() * T::lit(PI / 2.0)),
        );
        let target = if rng.chance(0.7) { T::ZERO } else { T::lit(rng.range(0.0, 1e-2) * s) };
        let options = RigidOptions { target_distance: target, ..RigidOptions::default() };
        let at = Point3::from(random_vector::<T>(&mut rng, 0.0, 10.0 * s));
        let reframe = random_pose(&mut rng, at);
        let scale = 2.0 * half + target.to_f64();
        PlankCase(Case {
            seed,
            class: Class::Plank,
            flavour: frame.flavour,
            a: plank,
            ma,
            b: wall,
            mb,
            options,
            reframe,
            scale,
        })
    }
}

impl<T: Real> Arbitrary for PlankCase<T> {
    fn arbitrary(g: &mut Gen) -> Self {
        Self::generate(u64::arbitrary(g))
    }
}

fn thin_planks<T: Real>(c: PlankCase<T>) -> TestResult {
    check_case(&c.0)
}

osculate_testing::for_f32_and_f64!(run: thin_planks);
