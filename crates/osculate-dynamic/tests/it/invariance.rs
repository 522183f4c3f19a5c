//! Rigid-motion invariance of `sphere_polygon` and of the plane sweeps, and the exchange symmetry
//! of the mixed pairs (sphere-AABB, sphere-OBB, sphere-triangle, triangle-AABB), f32 and f64.
//!
//! Tolerances: the scene's `tol` (`10 · test_tolerance · scale`, [`super::properties`]); a moved
//! scene's coordinates grow by the motion's translation (up to 10 per axis, `10·√3 < 20` in
//! length), so its answers are compared with `grown = tol + 10 · test_tolerance · 20`, as the
//! other rigid-motion properties do. Unit vectors (normals) are compared within `1e-3` where they
//! are unique.

use osculate_closest::{SupportMap, closest_points_convex};
use osculate_dynamic as od;
use osculate_dynamic::{Impact, Search, conservative_advancement};
use osculate_math::{
    Aabb, ConvexPolygon, Halfspace, Isometry3, Obb, Point3, Real, Sphere, Transform, Translation3,
    Triangle, UnitQuaternion, Vector3,
};
use osculate_testing::{Motion, Pair, test_tolerance};
use quickcheck::TestResult;

use super::properties as props;
use super::properties::{
    Moving, PlaneScene, Spec, TIME_TOLERANCE, TOLERANCE_FACTOR, bracket, in_bracket, obb_reach,
    on_polygon, plane_scene, polygon_scene, run, scene,
};

/// The tolerance of a scene moved by a [`Motion`] (see the module documentation).
fn grown<T: Real>(tol: T) -> T {
    tol + test_tolerance::<T>() * T::lit(TOLERANCE_FACTOR * 20.0)
}

/// The tolerance on unit normals where they are unique.
fn unit_tolerance<T: Real>() -> T {
    T::lit(1e-3)
}

/// A ball's normal (the direction from its center to the other shape's nearest point) is compared
/// when the radius is above `100 · tol`, within `max(1e-3, 8 · tol / r)`: the points it is taken
/// between are within a few `tol` of their exact places, which turns the direction by about
/// `tol / r`.
fn ball_normal_tolerance<T: Real>(r: T, tol: T) -> Option<T> {
    (r > T::lit(100.0) * tol).then(|| unit_tolerance::<T>().fast_max(T::lit(8.0) * tol / r))
}

// ---- Planes and halfspaces under a rigid motion -------------------------------------------------

/// One plane sweep answered in the original scene and in the scene moved by `iso`.
struct MovedPlane<'a, T: Real> {
    name: &'static str,
    /// The oracle distance at a time in the original scene (signed, two-sided for planes).
    d: Box<dyn Fn(T) -> T + 'a>,
    hit: Option<Impact<T>>,
    moved: Option<Impact<T>>,
    iso: Isometry3<T>,
    /// The velocity of the contact point along the original motion (the sphere's or box's
    /// displacement; for a box against a two-sided plane, its part along the plane, since the
    /// point is the vertex's projection on the plane).
    drift: Vector3<T>,
    /// Whether the contact point is unique: always for a sphere; for a box when no axis is within
    /// `1e-3` of parallel to the plane (else the point is a face center or edge midpoint, which a
    /// rotation turns into a vertex by rounding).
    unique_point: bool,
    /// The signed distance at `t = 0` whose sign picks a two-sided plane's side (`None` for a
    /// halfspace, which has one side): within `grown` of zero, the side, so the normal and the
    /// point, may differ by rounding.
    side0: Option<T>,
}

/// The moved scene's time of impact lies in the original scene's bracket (found with `grown`);
/// the moved normal is the original one rotated; the moved contact point is the original one
/// moved by the motion, after following the original motion for the difference of the times
/// (`drift · (t' − t)`): within `4 · grown`.
fn check_moved_plane<T: Real>(c: &MovedPlane<'_, T>, grown: T) -> Result<(), String> {
    let br = bracket(&c.d, grown);
    in_bracket(c.moved.map(|h| h.toi), &br).map_err(|e| format!("moved scene: {e}"))?;
    let (Some(h), Some(g)) = (c.hit, c.moved) else { return Ok(()) };
    let d0 = (c.d)(T::ZERO);
    if h.initially_overlapping != g.initially_overlapping && d0.abs() > grown {
        return Err(format!("initially_overlapping {h:?} vs moved {g:?} (distance {d0:?} at 0)"));
    }
    let side_decided = c.side0.is_none_or(|s| s.abs() > grown);
    if h.initially_overlapping != g.initially_overlapping || !side_decided {
        return Ok(());
    }
    let want = c.iso.rotation * h.normal.into_inner();
    if !((g.normal.into_inner() - want).norm() <= unit_tolerance::<T>()) {
        return Err(format!("moved normal {:?}, want {want:?} (original {h:?})", g.normal));
    }
    if c.unique_point {
        let want = c.iso * (h.point + c.drift * (g.toi - h.toi));
        if !((g.point - want).norm() <= grown * T::lit(4.0)) {
            return Err(format!("moved point {:?}, want {want:?} (original {h:?})", g.point));
        }
    }
    Ok(())
}

/// Every plane sweep (`sphere_plane`, `sphere_halfspace`, `obb_plane`, `obb_halfspace`,
/// `aabb_plane`, `aabb_halfspace`) on the scene of the plane property and on the same scene moved
/// by a rigid motion (shapes and plane moved, displacements rotated), checked by
/// [`check_moved_plane`]. A box cannot rotate and stay axis-aligned: the AABB sweeps are checked
/// twice, against the rotated box as an OBB (`obb_plane(b.transformed(iso), …)` against
/// `aabb_plane(b, …)`) and under the motion's translation alone (`aabb_plane` both times).
fn planes_rigid<T: Real>(seed: u64, m: &Motion<T>) -> TestResult {
    let PlaneScene { plane, s, o, b, vs, vo, vb, tol } = plane_scene::<T>(seed);
    let iso = m.0;
    let shift = Isometry3::from_parts(
        Translation3::from(iso.translation.vector),
        UnitQuaternion::identity(),
    );
    let grown = grown(tol);
    let n = plane.normal.into_inner();
    let turn = |v: &Vector3<T>| iso.rotation * v;
    let (plane2, plane_shifted) = (plane.transformed(&iso), plane.transformed(&shift));
    let (h, h2, h_shifted) =
        (Halfspace::new(plane), Halfspace::new(plane2), Halfspace::new(plane_shifted));
    let along = |v: &Vector3<T>| v - n * n.dot(v);
    let vertex_contact = |o: &Obb<T>| (0..3).all(|i| o.axes()[i].dot(&n).abs() > T::lit(1e-3));
    let sd = |p: &Point3<T>| plane.signed_distance(p);
    let two_sided = |gap: T, reach: T| gap.abs() - reach;
    let at = |p: &Point3<T>, v: &Vector3<T>, t: T| p + v * t;
    let bo = b.to_obb();
    let cases = [
        MovedPlane {
            name: "sphere_plane",
            d: Box::new(|t| two_sided(sd(&at(&s.center, &vs, t)), s.radius)),
            hit: od::sphere_plane(&s, &vs, &plane),
            moved: od::sphere_plane(&s.transformed(&iso), &turn(&vs), &plane2),
            iso,
            drift: vs,
            unique_point: true,
            side0: Some(sd(&s.center)),
        },
        MovedPlane {
            name: "sphere_halfspace",
            d: Box::new(|t| sd(&at(&s.center, &vs, t)) - s.radius),
            hit: od::sphere_halfspace(&s, &vs, &h),
            moved: od::sphere_halfspace(&s.transformed(&iso), &turn(&vs), &h2),
            iso,
            drift: vs,
            unique_point: true,
            side0: None,
        },
        MovedPlane {
            name: "obb_plane",
            d: Box::new(|t| two_sided(sd(&at(&o.center, &vo, t)), obb_reach(&o, &n))),
            hit: od::obb_plane(&o, &vo, &plane),
            moved: od::obb_plane(&o.transformed(&iso), &turn(&vo), &plane2),
            iso,
            drift: along(&vo),
            unique_point: vertex_contact(&o),
            side0: Some(sd(&o.center)),
        },
        MovedPlane {
            name: "obb_halfspace",
            d: Box::new(|t| sd(&at(&o.center, &vo, t)) - obb_reach(&o, &n)),
            hit: od::obb_halfspace(&o, &vo, &h),
            moved: od::obb_halfspace(&o.transformed(&iso), &turn(&vo), &h2),
            iso,
            drift: vo,
            unique_point: vertex_contact(&o),
            side0: None,
        },
        MovedPlane {
            name: "aabb_plane (rotated: obb_plane)",
            d: Box::new(|t| two_sided(sd(&at(&bo.center, &vb, t)), obb_reach(&bo, &n))),
            hit: od::aabb_plane(&b, &vb, &plane),
            moved: od::obb_plane(&b.transformed(&iso), &turn(&vb), &plane2),
            iso,
            drift: along(&vb),
            unique_point: vertex_contact(&bo),
            side0: Some(sd(&bo.center)),
        },
        MovedPlane {
            name: "aabb_halfspace (rotated: obb_halfspace)",
            d: Box::new(|t| sd(&at(&bo.center, &vb, t)) - obb_reach(&bo, &n)),
            hit: od::aabb_halfspace(&b, &vb, &h),
            moved: od::obb_halfspace(&b.transformed(&iso), &turn(&vb), &h2),
            iso,
            drift: vb,
            unique_point: vertex_contact(&bo),
            side0: None,
        },
        MovedPlane {
            name: "aabb_plane (translated)",
            d: Box::new(|t| two_sided(sd(&at(&bo.center, &vb, t)), obb_reach(&bo, &n))),
            hit: od::aabb_plane(&b, &vb, &plane),
            moved: od::aabb_plane(&b.shifted(&shift.translation.vector), &vb, &plane_shifted),
            iso: shift,
            drift: along(&vb),
            unique_point: vertex_contact(&bo),
            side0: Some(sd(&bo.center)),
        },
        MovedPlane {
            name: "aabb_halfspace (translated)",
            d: Box::new(|t| sd(&at(&bo.center, &vb, t)) - obb_reach(&bo, &n)),
            hit: od::aabb_halfspace(&b, &vb, &h),
            moved: od::aabb_halfspace(&b.shifted(&shift.translation.vector), &vb, &h_shifted),
            iso: shift,
            drift: vb,
            unique_point: vertex_contact(&bo),
            side0: None,
        },
    ];
    for c in &cases {
        if let Err(e) = check_moved_plane(c, grown) {
            return TestResult::error(format!(
                "{}: {e}\n seed {seed}, plane {plane:?}, s {s:?}, o {o:?}, b {b:?}, vs {vs:?}, vo {vo:?}, vb {vb:?}, motion {iso:?}, tol {grown:?}",
                c.name
            ));
        }
    }
    TestResult::passed()
}

fn planes_rigid_motion<T: Real>((seed, m): (u64, Motion<T>)) -> TestResult {
    planes_rigid(seed, &m)
}

osculate_testing::for_f32_and_f64!(run: planes_rigid_motion);

// ---- Sphere against convex polygon under a rigid motion ------------------------------------------

/// `sphere_polygon` on the scene of the polygon property and on the same scene moved by a rigid
/// motion: the moved time of impact lies in the original scene's bracket (found with `grown`);
/// when the moved sweep reports a contact after `t = 0`, its point is the original scene's contact
/// at that same time moved by the motion — the polygon's point nearest the sphere's center then
/// ([`on_polygon`], independent of the sweep), within `4 · grown` — and its normal is the
/// direction from the center to that point, rotated, where unique ([`ball_normal_tolerance`] with
/// the moved scene's rounding, `64 ε (scale + 20)`, plus `tol`).
fn polygon_rigid<T: Real>(pair: &Pair<Sphere<T>, ConvexPolygon<T>>, m: &Motion<T>) -> TestResult {
    let (s, poly) = (&pair.a, &pair.b);
    let (vs, vp, tol) = polygon_scene(pair);
    let iso = m.0;
    let grown = grown(tol);
    let center = |t: T| s.center + vs * t;
    let d = |t: T| (on_polygon(&center(t), poly, &(vp * t)) - center(t)).norm() - s.radius;
    let moved = od::sphere_polygon(
        &s.transformed(&iso),
        &(iso.rotation * vs),
        &poly.transformed(&iso),
        &(iso.rotation * vp),
    );
    let fail = |e: String| {
        TestResult::error(format!(
            "sphere_polygon, moved scene: {e}\n {pair:?}\n vs = {vs:?}, vp = {vp:?}, motion {iso:?}, tol = {grown:?}"
        ))
    };
    if let Err(e) = in_bracket(moved.map(|h| h.toi), &bracket(&d, grown)) {
        return fail(e);
    }
    if let Some(g) = moved
        && !g.initially_overlapping
    {
        let c = center(g.toi);
        let q = on_polygon(&c, poly, &(vp * g.toi));
        let want = iso * q;
        if !((g.point - want).norm() <= grown * T::lit(4.0)) {
            return fail(format!("point {:?}, want {want:?}", g.point));
        }
        // At the same time in both scenes, the point and the center differ only by the moved
        // scene's rounding (coordinates up to `scale + 20`, a few dozen roundings): the normal is
        // compared with that, not with `grown`, which is loose enough to leave it unchecked in
        // f32 at unit scale.
        let sc = s.center.coords.amax().fast_max(s.radius).fast_max(vs.norm()).fast_max(vp.norm());
        let rounding = T::EPSILON * T::lit(64.0) * (sc + T::lit(20.0)) + tol;
        if let Some(within) = ball_normal_tolerance(s.radius, rounding) {
            let want = iso.rotation * (q - c).normalize();
            if !((g.normal.into_inner() - want).norm() <= within) {
                return fail(format!("normal {:?}, want {want:?}", g.normal));
            }
        }
    }
    TestResult::passed()
}

fn sphere_polygon_rigid_motion<T: Real>(
    (p, m): (Pair<Sphere<T>, ConvexPolygon<T>>, Motion<T>),
) -> TestResult {
    polygon_rigid(&p, &m)
}

osculate_testing::for_f32_and_f64!(run: sphere_polygon_rigid_motion);

// ---- Exchange symmetry of the mixed pairs ---------------------------------------------------------

/// The swapped pair's own measurement, B first and A second, by the closest-point layer's GJK
/// (`closest_points_convex`), a different code path from the sweeps' ray casts and from the
/// first-contact oracles' closed-form closest points.
struct Exchange<T: Real, A, B> {
    /// The distance of (B, A): for a ball A, GJK's distance from B to A's center minus the radius
    /// (signed: exact while the center is outside B, `−r` once it is inside, where the true signed
    /// distance is lower still);
    /// otherwise GJK's distance (unsigned: 0 when overlapping).
    distance: fn(&B, &A) -> T,
    /// Whether `distance` is signed.
    signed: bool,
    /// For a ball A: its radius (its normal is unique when the radius is well above `tol`), and
    /// the unit direction from B's point nearest A's center to that center — the normal from B to
    /// A of the swapped pair.
    ball: Option<BallNormal<T, A, B>>,
}

/// A ball's radius, and the swapped pair's normal from B to A at a time, where defined.
type BallNormal<T, A, B> = (fn(&A) -> T, fn(&B, &A) -> Option<Vector3<T>>);

/// The swapped measurement of a sphere against a shape B with a support mapping.
fn ball_exchange<T: Real, B: SupportMap<T>>() -> Exchange<T, Sphere<T>, B> {
    Exchange {
        distance: |b, s| closest_points_convex(b, &s.center).distance - s.radius,
        signed: true,
        ball: Some((
            |s| s.radius,
            |b, s| {
                let cp = closest_points_convex(b, &s.center);
                let d = cp.point_b - cp.point_a;
                (d.norm() > T::ZERO).then(|| d.normalize())
            },
        )),
    }
}

/// Exchange symmetry of a mixed pair whose sweep takes its shapes in one order only
/// (`sweep(a, va, b, vb)`):
///
/// 1. **Relative motion.** A moving by `va` against B moving by `vb` is A moving by `va − vb`
///    against a static B (and B moving by `vb − va` against a static A): each time of impact lies
///    in the full scene's bracket; where the two times are the same configuration (`|Δt| · speed ≤
///    tol`), the normals agree (ball pairs, [`ball_normal_tolerance`]) and the contact point of
///    the static-B scene is the full scene's point in B's frame (`point − vb · toi`) within `4 ·
///    tol + speed · |Δt|` (ball pairs: their point is the unique nearest point of B).
/// 2. **Swapped roles.** The pair measured in the other order ([`Exchange`], B first):
///    conservative advancement on that distance (speed `|vb − va|`) gives a lower bound `t_sw` on
///    the first time within `tol`; the sweep's time is not before it (`toi ≥ t_sw − 2⁻¹⁹`), and a
///    sweep that reports a contact after `t = 0` is touching by the swapped measure at its time
///    (`|d_sw(toi)| ≤ tol`, `d_sw ≤ tol` for an unsigned one). With a signed measure (ball pairs)
///    the time also lies in the swapped measure's own bracket, a miss is allowed only when it
///    never penetrates by `tol`, and for a ball with a unique normal approaching head-on enough
///    (`−n·(vb − va) ≥ 0.01 · speed`) the time is at most `4 · tol / (−n·(vb − va)) + 2⁻¹⁹` after
///    `t_sw` (the distance is convex in `t` with slope `n·(vb − va)` at the contact, so it cannot
///    reach `tol` earlier than that); the swapped pair's normal from B to A, negated, is the
///    sweep's normal ([`ball_normal_tolerance`]).
fn exchanged<T: Real, A: Moving<T>, B: Moving<T>>(
    spec: &Spec<T, A, B>,
    pair: &Pair<A, B>,
    ex: &Exchange<T, A, B>,
) -> TestResult {
    let (va, vb, tol, _) = scene(pair);
    let (a, b) = (&pair.a, &pair.b);
    let zero = Vector3::zeros();
    let speed = (vb - va).norm();
    let slack = T::lit(2.0 * TIME_TOLERANCE);
    let fail = |e: String| {
        TestResult::error(format!(
            "{}: {e}\n {pair:?}\n va = {va:?}, vb = {vb:?}, tol = {tol:?}",
            spec.name
        ))
    };
    let d = |t: T| (spec.distance)(&a.shifted(&(va * t)), &b.shifted(&(vb * t)));
    let br = bracket(&d, tol);
    let hit = (spec.sweep)(a, &va, b, &vb);
    if let Err(e) = in_bracket(hit.map(|h| h.toi), &br) {
        return fail(format!("full scene: {e}"));
    }
    // The tolerance on the ball's normal where it is unique ([`ball_normal_tolerance`]).
    let unique_normal = |h: &Impact<T>| {
        ex.ball
            .filter(|_| !h.initially_overlapping)
            .and_then(|(r, _)| ball_normal_tolerance(r(a), tol))
    };
    // 1. Relative motion.
    let roles = [
        ("A moving alone", (spec.sweep)(a, &(va - vb), b, &zero), vb),
        ("B moving alone", (spec.sweep)(a, &zero, b, &(vb - va)), va),
    ];
    for (what, g, frame_velocity) in roles {
        if let Err(e) = in_bracket(g.map(|g| g.toi), &br) {
            return fail(format!("{what}: {e}"));
        }
        let (Some(h), Some(g)) = (hit, g) else { continue };
        let dt = (g.toi - h.toi).abs();
        if h.initially_overlapping || g.initially_overlapping || dt * speed > tol {
            continue;
        }
        if let Some(within) = unique_normal(&h)
            && !((g.normal.into_inner() - h.normal.into_inner()).norm() <= within)
        {
            return fail(format!("{what}: normal {:?}, want {:?}", g.normal, h.normal));
        }
        if ex.ball.is_some() {
            let want = h.point - frame_velocity * h.toi;
            let reach = tol * T::lit(4.0) + speed * dt;
            if !((g.point - want).norm() <= reach) {
                return fail(format!(
                    "{what}: point {:?}, want {want:?} within {reach:?}",
                    g.point
                ));
            }
        }
    }
    // 2. Swapped roles.
    let d_sw = |t: T| (ex.distance)(&b.shifted(&(vb * t)), &a.shifted(&(va * t)));
    if ex.signed
        && let Err(e) = in_bracket(hit.map(|h| h.toi), &bracket(&d_sw, tol))
    {
        return fail(format!("against the swapped pair's bracket: {e}"));
    }
    let ca = conservative_advancement(d_sw, speed, tol, 10_000);
    let Some(h) = hit else { return TestResult::passed() };
    match ca {
        Some(c) if c.status == Search::Converged && h.toi < c.toi - slack => {
            return fail(format!(
                "before the swapped pair's first approach within tol, {:?}",
                c.toi
            ));
        }
        None if !h.initially_overlapping => {
            return fail("the swapped pair never comes within tol".into());
        }
        _ => {}
    }
    if h.initially_overlapping {
        return TestResult::passed();
    }
    let at_toi = d_sw(h.toi);
    let touching = if ex.signed { at_toi.abs() <= tol } else { at_toi <= tol };
    if !touching {
        return fail(format!("the swapped pair is {at_toi:?} apart at the time of impact"));
    }
    if let (Some((_, normal)), Some(within)) = (ex.ball, unique_normal(&h)) {
        let n = h.normal.into_inner();
        let approach = -n.dot(&(vb - va));
        if let Some(c) = ca
            && c.status == Search::Converged
            && approach >= T::lit(0.01) * speed
            && h.toi - c.toi > T::lit(4.0) * tol / approach + slack
        {
            return fail(format!(
                "{:?} after the swapped pair's first approach within tol, {:?} (approach speed {approach:?})",
                h.toi, c.toi
            ));
        }
        let (bt, at) = (b.shifted(&(vb * h.toi)), a.shifted(&(va * h.toi)));
        match normal(&bt, &at) {
            Some(m) if (-m - n).norm() <= within => {}
            m => return fail(format!("the swapped pair's normal {m:?}, negated, is not {n:?}")),
        }
    }
    TestResult::passed()
}

fn triangle_aabb_exchange<T: Real>() -> Exchange<T, Triangle<T>, Aabb<T>> {
    Exchange { distance: |b, t| closest_points_convex(b, t).distance, signed: false, ball: None }
}

macro_rules! exchange_tests {
    ($($name:ident: $spec:ident, $A:ident, $B:ident, $ex:ident;)*) => {
        osculate_testing::properties!(mod exchange; $(
            $name(p: Pair<$A<T>, $B<T>>) => exchanged(&props::$spec::<T>(), &p, &$ex());
        )*);
    };
}

exchange_tests! {
    sphere_aabb: sphere_aabb, Sphere, Aabb, ball_exchange;
    sphere_obb: sphere_obb, Sphere, Obb, ball_exchange;
    sphere_triangle: sphere_triangle, Sphere, Triangle, ball_exchange;
    triangle_aabb: triangle_aabb, Triangle, Aabb, triangle_aabb_exchange;
}
