//! Differential test of [`convex_convex_rigid`] against parry's `cast_shapes_nonlinear`
//! (parry3d-f64 against our f64 search, parry3d against our f32 one), on the generated scenes of
//! the properties that both can answer: unit-scale shapes ([`Flavour::Ordinary`]), target
//! distance 0 (parry has none), every class of motion (aimed, swung, fast spins, screw and slerp
//! motions, grazes), for box-box (the pair of parry's cuboid reports), capsule-box,
//! cylinder-cone and polyhedron-polyhedron. Each shape goes to parry as its shape in its own
//! frame (a cuboid, a capsule, a cylinder or cone along y, a convex hull of the same vertices)
//! and a local pose folded into the motion (`start · P`, center `P⁻¹ · c`); the motions are the
//! same (parry's `NonlinearRigidMotion` places a body as [`RigidMotion`] does).
//!
//! The referee is the reference of the properties ([`Reference`]: the f64 signed distance, the
//! first time the shapes come within `−tol` by interval halving on the crude speed bound, a dense
//! sampling): our answer must pass the properties' checks; parry's answer is classed
//! ([`Class`]) and every class but agreement is proven by the referee's distance at the times
//! that show it:
//! - **misses**: parry reports no contact, the shapes penetrate by `tol` at the referee's time;
//! - **late**: parry reports a contact after a time at which the shapes already penetrate by
//!   `tol` (it stepped over the first contact);
//! - **early**: parry stops at a time where the shapes are still farther apart than `tol`, before
//!   the first contact (conservative, but not the time of impact);
//! - **no contact**: parry reports a contact in a scene where the shapes never come within
//!   `−tol`, at a time where they are apart by more than `tol`.
//!
//! The mechanism, read in parry3d 0.31's `nonlinear_shape_cast_support_map_support_map.rs`:
//! after a closest-point query at the current time, parry bisects on the separation along the
//! closest direction held fixed in the world frame, moving forward to the middle of what is left
//! of the interval whenever that one separation is positive. That is not a bound on the
//! distance: between the current time and the middle, the shapes can meet along another
//! direction (a turning edge or corner) and part again, so the bisection can land after the
//! first contact (late) or beyond the last one; and when the range reaches the end of the
//! interval, parry returns no contact if the same direction separates the shapes at the end,
//! although they may have met before it (misses). Fast spins, swung motions and screws, whose
//! contacts last a fraction of the interval, are where this happens; aimed approaches mostly
//! agree. Our search steps only by sound bounds, so a miss or a late answer of parry's is never a
//! miss of ours (checked on the same scene by the properties' checks).

use super::*;

/// Scenes per pair and scalar (cases with a target distance, or not at unit scale, are passed
/// over; `OSCULATE_CASES` scales the count as for the properties).
const SCENES: u64 = 100;

/// The depth (relative to the scale) below which a missed contact is a graze: parry's
/// closest-point and bisection tolerances are absolute, about 1e-7 in f64 near unit scale, and
/// the grazing scenes come within 1e-6 of the scale of contact on either side.
const GRAZE: f64 = 1e-6;

/// A shape as parry takes it: its kind in its own frame and where that frame is in ours.
#[derive(Clone, Debug)]
enum Spec {
    Cuboid(Vector3<f64>),
    Capsule(Point3<f64>, Point3<f64>, f64),
    /// Half height along y, radius.
    Cylinder(f64, f64),
    /// Half height along y (apex at `+y`), base radius.
    Cone(f64, f64),
    Hull(Vec<Point3<f64>>),
}

/// The shapes of the differential, with their parry form.
trait ParryBody<T: Real>: Body<T> {
    /// The shape for parry and its pose in the shape's local frame.
    fn spec(&self) -> (Spec, Isometry3<f64>);
}

/// The rotation taking `y` to the unit `d`.
fn y_to(d: &Vector3<f64>) -> UnitQuaternion<f64> {
    UnitQuaternion::rotation_between(&Vector3::y(), d)
        .unwrap_or_else(|| UnitQuaternion::from_axis_angle(&Vector3::x_axis(), PI))
}

impl<T: Real> ParryBody<T> for Obb<T> {
    fn spec(&self) -> (Spec, Isometry3<f64>) {
        let w = self.wide();
        let q = UnitQuaternion::from_rotation_matrix(&w.rotation);
        (Spec::Cuboid(w.half_extents), Isometry3::from_parts(w.center.coords.into(), q))
    }
}

impl<T: Real> ParryBody<T> for Capsule<T> {
    fn spec(&self) -> (Spec, Isometry3<f64>) {
        let w = self.wide();
        (Spec::Capsule(w.a, w.b, w.radius), Isometry3::identity())
    }
}

impl<T: Real> ParryBody<T> for Cylinder<T> {
    fn spec(&self) -> (Spec, Isometry3<f64>) {
        let w = self.wide();
        let d = w.b - w.a;
        let len = d.norm();
        let q = if len > 0.0 { y_to(&(d / len)) } else { UnitQuaternion::identity() };
        let mid = w.a + d * 0.5;
        (Spec::Cylinder(0.5 * len, w.radius), Isometry3::from_parts(mid.coords.into(), q))
    }
}

impl<T: Real> ParryBody<T> for Cone<T> {
    fn spec(&self) -> (Spec, Isometry3<f64>) {
        let w = self.wide();
        // parry's apex is at +y: y goes to −axis (the axis points from the tip to the base).
        let q = y_to(&-w.axis.into_inner());
        let mid = w.tip + w.axis.into_inner() * (0.5 * w.height);
        (Spec::Cone(0.5 * w.height, w.radius), Isometry3::from_parts(mid.coords.into(), q))
    }
}

impl<T: Real> ParryBody<T> for ConvexPolyhedron<T> {
    fn spec(&self) -> (Spec, Isometry3<f64>) {
        (Spec::Hull(self.wide().vertices), Isometry3::identity())
    }
}

/// How parry's answer compares with the referee's (see the module documentation). In every
/// scene of every class our answer passes the properties' checks against the same referee, so a
/// class other than agreement is parry's answer departing from the referee, never ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    /// parry's time is within the referee's tolerance of the contact, or both see none.
    Agree,
    /// parry reports no contact where the shapes penetrate by more than [`GRAZE`] of the scale:
    /// its final check along one direction at the end of the interval passes over a contact that
    /// came and went (fast spins, swung motions), or a grazing approach that cuts deeper
    /// elsewhere along the motion than where it was aimed.
    Misses,
    /// A miss of a contact no deeper than [`GRAZE`] of the scale: within parry's resolution
    /// (the grazing scenes, `1e-6` of the scale deep by construction).
    MissesGraze,
    /// parry reports a contact after a time at which the shapes already penetrate by the
    /// tolerance: its bisection along a direction held fixed stepped over the first contact
    /// (mostly fast spins, whose first contact lasts a small fraction of the interval).
    Late,
    /// parry stops before the first contact with the shapes still farther apart than the
    /// tolerance (conservative, but not the time of impact): its bisection along one direction
    /// ends where the separation along that direction reaches its tolerance, and that
    /// separation is below the distance when the direction is not the closest one (the closest
    /// features turned, or its closest-point query ended on a curved shape with its direction
    /// off by a small angle). Frequent with a curved shape (capsule, cylinder, cone: a few
    /// percent of the scenes, up to about `1e-5` of the scale apart), rare between flat ones.
    /// Each is proven apart by a separation along a direction ([`Reference::proven_gap`]).
    Early,
    /// parry reports a contact in a scene where the shapes never come within the tolerance, at
    /// a time they are farther apart than it (proven as for [`Class::Early`]): the same early
    /// stop, in a grazing scene that passes `1e-6` of the scale apart.
    NoContact,
    /// parry refused the shape (a hull it could not build) or the pair.
    Unsupported,
}

/// One bound on one class of parry's answers on one row: the class, the largest fraction of the
/// scenes in it (a run may exceed it by [`SPARE`] scenes), the largest figure ([`Seen`]).
type Bound = (Class, f64, f64);

/// Scenes a run may have in a class beyond its fraction: a class seen in a few of 20,000 scenes
/// can fall once in a run of 100 (`OSCULATE_CASES` sets the count), 1% of it.
const SPARE: usize = 2;

/// What one class of parry's answers came to on one pair: its count, the worst figure (misses:
/// the deepest penetration parry stepped over, in units of the scale; late: the largest time
/// after the first contact; early and no contact: the largest distance at parry's time, in
/// scales), the seed of that worst case, and the classes of motion ([`super::Class`]) it was
/// seen in, with their counts.
#[derive(Debug, Default)]
struct Seen {
    count: usize,
    worst: f64,
    worst_seed: u64,
    motions: std::collections::BTreeMap<String, usize>,
}

/// The tally of one pair: cases, the scenes the referee could not decide, and what each class
/// came to.
#[derive(Debug, Default)]
struct Tally {
    cases: usize,
    undecided: usize,
    classes: std::collections::BTreeMap<Class, Seen>,
}

impl Tally {
    fn add(&mut self, class: Class, figure: f64, motion: super::Class, seed: u64) {
        self.cases += 1;
        let e = self.classes.entry(class).or_default();
        e.count += 1;
        if figure > e.worst || e.count == 1 {
            e.worst = e.worst.max(figure);
            e.worst_seed = seed;
        }
        if class != Class::Agree {
            *e.motions.entry(format!("{motion:?}")).or_default() += 1;
        }
    }

    fn count(&self, class: Class) -> usize {
        self.classes.get(&class).map_or(0, |e| e.count)
    }
}

/// Classes parry's answer `(toi)` against the referee; `figure` as in [`Tally`].
fn classify<A: Body<T>, B: Body<T>, T: Real>(
    parry: Option<f64>,
    r: &Reference<A, B, T>,
    deep: Option<f64>,
    tol: f64,
    scale: f64,
) -> (Class, f64) {
    let slack = 4.0 * T::EPSILON.to_f64() * r.max_time.max(1.0);
    // A penetration the referee proves: the distance at its first time within −tol.
    let proven = deep.map(|t| (t, r.distance(t).0)).filter(|&(_, d)| d <= 0.0);
    match (parry, proven) {
        (None, None) => (Class::Agree, 0.0),
        (None, Some((t, _))) => {
            // The deepest point of the contact parry missed, sampled after its start.
            let deepest = (0..=32)
                .map(|i| t + (r.max_time - t) * f64::from(i) / 32.0)
                .map(|s| r.distance(s).0)
                .fold(0.0_f64, f64::min);
            let depth = -deepest / scale;
            (if depth <= GRAZE { Class::MissesGraze } else { Class::Misses }, depth)
        }
        (Some(p), Some((t, _))) if p > t + slack => (Class::Late, p - t),
        (Some(p), _) => {
            let d = r.distance(p).0;
            if d <= tol {
                (Class::Agree, 0.0)
            } else if deep.is_some() {
                (Class::Early, d / scale)
            } else {
                (Class::NoContact, d / scale)
            }
        }
    }
}

macro_rules! against {
    (
        $module:ident, $parry:ident, $T:ty,
        $box_box:expr, $capsule_box:expr, $cylinder_cone:expr, $polyhedron_polyhedron:expr $(,)?
    ) => {
        mod $module {
            use super::*;
            use $parry::math::{Pose, Rot3, Vector};
            use $parry::query::{NonlinearRigidMotion, cast_shapes_nonlinear};
            use $parry::shape::{self, SharedShape};

            type T = $T;

            #[allow(clippy::cast_possible_truncation, reason = "f64 to the parry crate's scalar")]
            fn v(p: &Vector3<f64>) -> Vector {
                Vector::new(p.x as T, p.y as T, p.z as T)
            }

            #[allow(clippy::cast_possible_truncation, reason = "f64 to the parry crate's scalar")]
            fn pose(i: &Isometry3<f64>) -> Pose {
                let q = i.rotation;
                Pose::from_parts(
                    v(&i.translation.vector),
                    Rot3::from_xyzw(q.i as T, q.j as T, q.k as T, q.w as T),
                )
            }

            #[allow(clippy::cast_possible_truncation, reason = "f64 to the parry crate's scalar")]
            fn build(s: &Spec) -> Option<SharedShape> {
                Some(match s {
                    Spec::Cuboid(e) => SharedShape::new(shape::Cuboid::new(v(e))),
                    Spec::Capsule(a, b, r) => {
                        SharedShape::new(shape::Capsule::new(v(&a.coords), v(&b.coords), *r as T))
                    }
                    Spec::Cylinder(h, r) => {
                        SharedShape::new(shape::Cylinder::new(*h as T, *r as T))
                    }
                    Spec::Cone(h, r) => SharedShape::new(shape::Cone::new(*h as T, *r as T)),
                    Spec::Hull(p) => {
                        let pts: Vec<Vector> = p.iter().map(|q| v(&q.coords)).collect();
                        SharedShape::new(shape::ConvexPolyhedron::from_convex_hull(&pts)?)
                    }
                })
            }

            /// Our motion of a shape whose parry form sits at `local` in its frame.
            fn motion(m: &RigidMotion<T>, local: &Isometry3<f64>) -> NonlinearRigidMotion {
                let m = w_motion(m);
                NonlinearRigidMotion::new(
                    pose(&(m.start * local)),
                    v(&(local.inverse() * m.local_center).coords),
                    v(&m.linvel),
                    v(&m.angvel),
                )
            }

            /// parry's time of impact over the case's interval, stopping at penetration.
            fn parry_toi<A: ParryBody<T>, B: ParryBody<T>>(
                c: &Case<A, B, T>,
            ) -> Result<Option<f64>, ()> {
                let (sa, pa) = c.a.spec();
                let (sb, pb) = c.b.spec();
                let (Some(ga), Some(gb)) = (build(&sa), build(&sb)) else { return Err(()) };
                let (ma, mb) = (motion(&c.ma, &pa), motion(&c.mb, &pb));
                let end = c.options.max_time;
                match cast_shapes_nonlinear(&ma, &*ga, &mb, &*gb, 0.0, end, true) {
                    Err(_) => Err(()),
                    Ok(hit) => Ok(hit.map(|h| Real::to_f64(h.time_of_impact))),
                }
            }

            fn pair<A: ParryBody<T>, B: ParryBody<T>>(name: &str, bounds: &[Bound]) -> Tally {
                let mut tally = Tally::default();
                let mut ours_wrong = Vec::new();
                let want = cases(SCENES) as usize;
                let mut seed = 0;
                while tally.cases < want && seed < 40 * want as u64 {
                    seed += 1;
                    let c = Case::<A, B, T>::generate(seed);
                    if c.flavour != Flavour::Ordinary || c.options.target_distance != 0.0 {
                        continue;
                    }
                    let r = Reference::new(&c);
                    let tol = tolerance::<T>(c.scale);
                    let Ok(deep) = r.first_deep(tol) else {
                        tally.undecided += 1;
                        continue;
                    };
                    // Ours, held to the properties' checks on the same scene.
                    let ours = convex_convex_rigid(&c.a, &c.ma, &c.b, &c.mb, &c.options);
                    let sampled = first_sampled(&r, &[&ours], tol);
                    let plain = |p: &Point3<T>| wp(p);
                    let plain_dir = |v: &Vector3<T>| wv(v);
                    if let Err(e) =
                        check_answer("ours", &ours, &r, deep, sampled, tol, &plain, &plain_dir)
                    {
                        ours_wrong.push(format!("{name} seed {seed}: {e}\n  {c:?}"));
                    }
                    let parry = parry_toi(&c);
                    let (class, figure) = match parry {
                        Err(()) => (Class::Unsupported, 0.0),
                        Ok(p) => classify(p, &r, deep, tol, c.scale),
                    };
                    // A gap at parry's time is confirmed by a proven lower bound on the distance
                    // (a separation along a direction), not only by the referee's GJK.
                    if let (Class::Early | Class::NoContact, Ok(Some(p))) = (class, parry) {
                        let proven = r.proven_gap(p, c.scale);
                        assert!(
                            proven > tol,
                            "{name} seed {seed}: parry's {class:?} by {figure} of the scale at \
                             {p}, proven apart by {proven} only (tol {tol})"
                        );
                    }
                    tally.add(class, figure, c.class, seed);
                }
                eprintln!("{name} ({}): {tally:#?}", stringify!($T));
                assert!(
                    ours_wrong.is_empty(),
                    "{} wrong answers of ours:\n{}",
                    ours_wrong.len(),
                    ours_wrong.join("\n")
                );
                assert!(tally.cases >= want / 2, "{name}: too few scenes: {tally:?}");
                for &(class, fraction, largest) in bounds {
                    let n = tally.count(class);
                    assert!(
                        n as f64 <= fraction * tally.cases as f64 + SPARE as f64,
                        "{name}: parry's {class:?} in {n} of {} scenes, above the bound \
                         {fraction}: {tally:?}",
                        tally.cases
                    );
                    let worst = tally.classes.get(&class).map_or(0.0, |e| e.worst);
                    assert!(
                        worst <= largest,
                        "{name}: parry's {class:?} by {worst}, above {largest}: {tally:?}"
                    );
                }
                let classed: usize = bounds.iter().map(|&(c, _, _)| tally.count(c)).sum();
                assert_eq!(
                    classed + tally.count(Class::Agree),
                    tally.cases,
                    "{name}: an unexpected class: {tally:?}"
                );
                tally
            }

            #[test]
            fn box_box() {
                pair::<Obb<T>, Obb<T>>("box-box", $box_box);
            }

            #[test]
            fn capsule_box() {
                pair::<Capsule<T>, Obb<T>>("capsule-box", $capsule_box);
            }

            #[test]
            fn cylinder_cone() {
                pair::<Cylinder<T>, Cone<T>>("cylinder-cone", $cylinder_cone);
            }

            #[test]
            fn polyhedron_polyhedron() {
                pair::<ConvexPolyhedron<T>, ConvexPolyhedron<T>>(
                    "polyhedron-polyhedron",
                    $polyhedron_polyhedron,
                );
            }
        }
    };
}

// The bounds of each row, measured in release on the first 20,000 scenes of each row
// (`OSCULATE_CASES=20000`) and on the first 100 (the default run, the same seeds' start). Our
// answer passed the properties' checks in every one of those scenes, and every early stop and
// false contact of parry's was proven apart by a separation. A fraction is twice the larger of
// the two measured (a run may exceed it by `SPARE` scenes); a figure is four times the worst
// measured (ten times for a class seen in at most ten scenes), except where parry's method has
// no bound: a miss is bounded by the geometry (a penetration is less than the scale; the worst
// measured is 0.14 to 0.18 of it), a late answer by the generator's longest interval (3; the
// worst measured is 2.33 to 2.48; 2.78 at 50,000, nearly all of an interval). A class not
// listed in a row fails the test if it appears.

/// Misses of deeper contacts: 0.57% to 0.74% of the scenes on every row, f32 and f64 alike
/// (fast spins, swung motions and grazes that cut deeper elsewhere; 0 to 2 of the first 100).
const MISSES: Bound = (Class::Misses, 0.04, 1.0);

/// Late answers: 4.4% to 7.1% of the scenes on every row (fast spins above all; 4 to 7 of the
/// first 100).
const LATE: Bound = (Class::Late, 0.15, 3.0);

/// Early stops and false contacts in f32 (the tolerance `1e-3` of the scale), on every row: a
/// few of 20,000 to 50,000 scenes each (at most 4 of 50,000 on capsule-box, 6 of 20,000 false
/// contacts on cylinder-cone, 3 and 1 of 50,000 on box-box, which had none in its first
/// 20,000), at most `7.2e-3` of the scale apart.
const EARLY_F32: Bound = (Class::Early, 2e-4, 8e-2);
/// See [`EARLY_F32`]: at most `3.3e-3` of the scale apart.
const NO_CONTACT_F32: Bound = (Class::NoContact, 6e-4, 4e-2);

/// Early stops and false contacts in f64 between flat shapes: early 3 of 50,000 on box-box, at
/// most `1.06e-8` of the scale apart; none on polyhedron-polyhedron in 50,000, and no false
/// contact on either. Both bounded as on the curved rows (the same mechanism): a class seen
/// once in 20,000 to 50,000 scenes on one row turned up on its sibling rows at 50,000.
const EARLY_FLAT_F64: Bound = (Class::Early, 2e-4, 3e-5);
/// See [`EARLY_FLAT_F64`].
const NO_CONTACT_FLAT_F64: Bound = (Class::NoContact, 2e-4, 3e-5);

/// box-box, f64. Grazes missed: 283 of 20,000 (1.4%), 1 of the first 100.
const BOX_BOX_F64: &[Bound] =
    &[MISSES, LATE, (Class::MissesGraze, 0.03, GRAZE), EARLY_FLAT_F64, NO_CONTACT_FLAT_F64];

/// box-box, f32.
const BOX_BOX_F32: &[Bound] = &[MISSES, LATE, EARLY_F32, NO_CONTACT_F32];

/// capsule-box, f64. Grazes missed: 466 of 20,000 (2.3%), 2 of the first 100. Early: 1273 of
/// 20,000 (6.4%; aimed, grazing, screw and slerp motions), 6 of the first 100, at most `1.25e-5`
/// of the scale apart (a curved shape: see [`Class::Early`]; 3169 of 50,000, the same worst). No
/// contact: 10 of 20,000 (23 of 50,000), all grazes that pass `1e-6` of the scale apart, at
/// most `9.0e-6` of the scale apart at parry's time.
const CAPSULE_BOX_F64: &[Bound] = &[
    MISSES,
    LATE,
    (Class::MissesGraze, 0.05, GRAZE),
    (Class::Early, 0.13, 5e-5),
    (Class::NoContact, 0.001, 1e-4),
];

/// capsule-box, f32.
const CAPSULE_BOX_F32: &[Bound] = &[MISSES, LATE, EARLY_F32, NO_CONTACT_F32];

/// polyhedron-polyhedron, f64. Grazes missed: 266 of 20,000 (1.3%), 5 of the first 100.
const POLYHEDRON_POLYHEDRON_F64: &[Bound] =
    &[MISSES, LATE, (Class::MissesGraze, 0.1, GRAZE), EARLY_FLAT_F64, NO_CONTACT_FLAT_F64];

/// polyhedron-polyhedron, f32.
const POLYHEDRON_POLYHEDRON_F32: &[Bound] = &[MISSES, LATE, EARLY_F32, NO_CONTACT_F32];

/// cylinder-cone, f64. Grazes missed: 500 of 20,000 (2.5%), none of the first 100. Early: 745
/// of 20,000 (3.7%; aimed, grazing, screw and slerp motions), 3 of the first 100, at most
/// `6.7e-6` of the scale apart. No contact: 5 of 20,000, all grazes, at most `2.2e-6` of the
/// scale apart at parry's time.
const CYLINDER_CONE_F64: &[Bound] = &[
    MISSES,
    LATE,
    (Class::MissesGraze, 0.05, GRAZE),
    (Class::Early, 0.08, 3e-5),
    (Class::NoContact, 5e-4, 3e-5),
];

/// cylinder-cone, f32.
const CYLINDER_CONE_F32: &[Bound] = &[MISSES, LATE, EARLY_F32, NO_CONTACT_F32];

against!(
    in_f64,
    parry3d_f64,
    f64,
    BOX_BOX_F64,
    CAPSULE_BOX_F64,
    CYLINDER_CONE_F64,
    POLYHEDRON_POLYHEDRON_F64,
);
against!(
    in_f32,
    parry3d,
    f32,
    BOX_BOX_F32,
    CAPSULE_BOX_F32,
    CYLINDER_CONE_F32,
    POLYHEDRON_POLYHEDRON_F32,
);
