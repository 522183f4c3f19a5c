//! Penetration of overlapping shapes whose configuration-space obstacle `A − B` is flat (no
//! volume: crossing segments, coplanar overlapping triangles, a segment lying in a triangle,
//! collinear overlapping segments, flat boxes in a common plane): EPA has no polytope to grow, and
//! `contact_convex` answers from the plane (or line) `A − B` lies in. Worked cases with the exact
//! answer, and a property over random flat configurations.

use osculate_closest::{
    Contact, EPA_MAX_ITERATIONS, GJK_MAX_ITERATIONS, SupportMap, Transformed, contact_convex,
    distance_convex, intersect_convex,
};
use osculate_math::{Aabb, Isometry3, Point3, Real, Segment, Triangle, point3};
use osculate_testing::{Rng, for_f32_and_f64, test_tolerance};
use quickcheck::TestResult;

use crate::points::run;

/// The contact of `a` and `b` in both argument orders, checked to be each other's swap.
#[track_caller]
fn contact_both<T: Real, A: SupportMap<T>, B: SupportMap<T>>(a: &A, b: &B) -> Contact<T> {
    let (Some(c), Some(r)) =
        (contact_convex(a, b, EPA_MAX_ITERATIONS), contact_convex(b, a, EPA_MAX_ITERATIONS))
    else {
        panic!("a flat difference has a contact in both orders");
    };
    assert_eq!(c.distance, r.distance, "{c:?} / {r:?}");
    c
}

/// Depth 0 and a normal along ± the coordinate axis `axis` (the flat difference's plane normal).
#[track_caller]
fn assert_touching_along<T: Real>(c: &Contact<T>, axis: usize) {
    assert_eq!(c.distance, T::ZERO, "{c:?}");
    assert!((c.normal[axis].abs() - T::ONE).abs() <= test_tolerance::<T>(), "{c:?}");
}

#[track_caller]
fn assert_near<T: Real>(got: &Point3<T>, want: &Point3<T>) {
    assert!((got - want).norm() <= test_tolerance::<T>(), "{got:?}, want {want:?}");
}

/// Two segments crossing at (1, 1, 0) in the plane z = 0: depth 0, the normal ±z (the plane's
/// normal), both witnesses at the crossing.
fn crossing_segments<T: Real>() {
    let a = Segment::new(point3::<T>(0.0, 0.0, 0.0), point3(2.0, 2.0, 0.0));
    let b = Segment::new(point3::<T>(2.0, 0.0, 0.0), point3(0.0, 2.0, 0.0));
    let c = contact_both(&a, &b);
    assert_touching_along(&c, 2);
    assert_near(&c.point_a, &point3(1.0, 1.0, 0.0));
    assert_near(&c.point_b, &point3(1.0, 1.0, 0.0));
}

/// Two triangles overlapping in the plane z = 1: depth 0, the normal ±z, the witnesses a point
/// of the overlap, in the plane.
fn coplanar_triangles<T: Real>() {
    let a = Triangle::new(point3::<T>(0.0, 0.0, 1.0), point3(4.0, 0.0, 1.0), point3(0.0, 4.0, 1.0));
    let b = Triangle::new(point3::<T>(1.0, 1.0, 1.0), point3(5.0, 1.0, 1.0), point3(1.0, 5.0, 1.0));
    let c = contact_both(&a, &b);
    assert_touching_along(&c, 2);
    for p in [c.point_a, c.point_b] {
        assert!((p.z - T::ONE).abs() <= test_tolerance::<T>(), "{c:?}");
        // In both triangles: x, y ≥ 1 and x + y ≤ 4.
        let slack = test_tolerance::<T>();
        assert!(p.x >= T::ONE - slack && p.y >= T::ONE - slack, "{c:?}");
        assert!(p.x + p.y <= T::lit(4.0) + slack, "{c:?}");
    }
}

/// A segment lying inside a triangle (in its plane, y = 0): depth 0, the normal ±y, the
/// witnesses on the segment.
fn segment_in_a_triangle<T: Real>() {
    let tri =
        Triangle::new(point3::<T>(0.0, 0.0, 0.0), point3(4.0, 0.0, 0.0), point3(0.0, 0.0, 4.0));
    let seg = Segment::new(point3::<T>(0.5, 0.0, 0.5), point3(2.0, 0.0, 1.0));
    let c = contact_both(&tri, &seg);
    assert_touching_along(&c, 1);
    for p in [c.point_a, c.point_b] {
        assert!(p.y.abs() <= test_tolerance::<T>(), "{c:?}");
        // On the segment: z − 0.5 = (x − 0.5) / 3, x in [0.5, 2].
        let on = (p.z - T::HALF) * T::lit(3.0) - (p.x - T::HALF);
        assert!(on.abs() <= T::lit(4.0) * test_tolerance::<T>(), "{c:?}");
    }
}

/// Two segments overlapping along the x axis (a difference on a line): depth 0, a normal
/// perpendicular to the line, the witnesses on the line in the overlap [1, 2].
fn collinear_segments<T: Real>() {
    let a = Segment::new(point3::<T>(0.0, 0.0, 0.0), point3(2.0, 0.0, 0.0));
    let b = Segment::new(point3::<T>(1.0, 0.0, 0.0), point3(3.0, 0.0, 0.0));
    let c = contact_both(&a, &b);
    assert_eq!(c.distance, T::ZERO);
    assert!(c.normal.x.abs() <= test_tolerance::<T>(), "{c:?}");
    assert!((c.normal.norm() - T::ONE).abs() <= test_tolerance::<T>(), "{c:?}");
    for p in [c.point_a, c.point_b] {
        assert!(p.y.abs() + p.z.abs() <= test_tolerance::<T>(), "{c:?}");
        let slack = test_tolerance::<T>();
        assert!(p.x >= T::ONE - slack && p.x <= T::TWO + slack, "{c:?}");
    }
}

/// Two flat boxes (zero height) overlapping in the plane z = 0: depth 0, the normal ±z.
fn flat_boxes<T: Real>() {
    let a = Aabb::new(point3::<T>(0.0, 0.0, 0.0), point3(2.0, 2.0, 0.0));
    let b = Aabb::new(point3::<T>(1.0, 1.0, 0.0), point3(3.0, 3.0, 0.0));
    let c = contact_both(&a, &b);
    assert_touching_along(&c, 2);
}

for_f32_and_f64!(
    crossing_segments,
    coplanar_triangles,
    segment_in_a_triangle,
    collinear_segments,
    flat_boxes
);

/// A point in the plane `x[axis] = level` (the other two coordinates `u`, `v`).
fn in_plane<T: Real>(axis: usize, level: f64, u: f64, v: f64) -> Point3<T> {
    let mut p = [0.0; 3];
    p[axis] = level;
    p[(axis + 1) % 3] = u;
    p[(axis + 2) % 3] = v;
    point3(p[0], p[1], p[2])
}

/// A random flat configuration around a shared point, in an axis plane or on an axis line (so
/// it is exactly flat in both scalar types), and the pair's checks.
fn flat_configurations_have_a_contact<T: Real>(seed: u64) -> TestResult {
    let mut rng = Rng::new(seed);
    let axis = rng.index(3);
    let scale = [1.0, 1e-3, 1e3][rng.index(3)];
    let level = rng.range(-2.0, 2.0) * scale;
    let (pu, pv) = (rng.range(-2.0, 2.0) * scale, rng.range(-2.0, 2.0) * scale);
    // A triangle around (pu, pv): its vertices at three angles a third of a turn apart (so it
    // holds the point), at random radii.
    let triangle = |rng: &mut Rng| {
        let turn = rng.range(0.0, core::f64::consts::TAU);
        let v: Vec<Point3<T>> = (0..3)
            .map(|k| {
                let angle = turn + f64::from(k) * core::f64::consts::TAU / 3.0;
                let r = rng.range(0.2, 2.0) * scale;
                in_plane(axis, level, pu + r * angle.cos(), pv + r * angle.sin())
            })
            .collect();
        Triangle::new(v[0], v[1], v[2])
    };
    // A segment through (pu, pv) in the plane, at `angle`.
    let segment = |rng: &mut Rng, angle: f64| {
        let (r0, r1) = (rng.range(0.1, 2.0) * scale, rng.range(0.1, 2.0) * scale);
        Segment::new(
            in_plane(axis, level, pu - r0 * angle.cos(), pv - r0 * angle.sin()),
            in_plane(axis, level, pu + r1 * angle.cos(), pv + r1 * angle.sin()),
        )
    };
    // A segment on the line through (pu, pv) along the next axis, holding the point.
    let on_line = |rng: &mut Rng| {
        let (r0, r1) = (rng.range(0.0, 2.0) * scale, rng.range(0.0, 2.0) * scale);
        Segment::new(in_plane(axis, level, pu - r0, pv), in_plane(axis, level, pu + r1, pv))
    };
    let size = T::lit(6.0 * scale);
    match rng.index(5) {
        0 => {
            // Crossing at an angle of at least 0.3 rad: nearly parallel segments through a
            // point, rounded, may miss each other by a rounding error (a difference on a line up
            // to rounding, which the collinear case covers exactly).
            let first = rng.range(0.0, core::f64::consts::TAU);
            let second = first + rng.range(0.3, core::f64::consts::PI - 0.3);
            check_flat(&segment(&mut rng, first), &segment(&mut rng, second), size)
        }
        1 => check_flat(&triangle(&mut rng), &triangle(&mut rng), size),
        2 => {
            let angle = rng.range(0.0, core::f64::consts::TAU);
            check_flat(&triangle(&mut rng), &segment(&mut rng, angle), size)
        }
        3 => check_flat(&on_line(&mut rng), &on_line(&mut rng), size),
        _ => {
            let corner = |rng: &mut Rng| {
                in_plane::<T>(
                    axis,
                    level,
                    pu + rng.range(0.1, 2.0) * scale,
                    pv + rng.range(0.1, 2.0) * scale,
                )
            };
            let low = in_plane::<T>(axis, level, pu - scale, pv - scale);
            let flat = |hi: Point3<T>| Aabb::new(low.inf(&hi), low.sup(&hi));
            check_flat(&flat(corner(&mut rng)), &flat(corner(&mut rng)), size)
        }
    }
}

/// The checks on one flat pair of size `size` that GJK finds overlapping: a finite contact,
/// a unit normal, a depth at least 0 and within the rounding of the size, and B moved by
/// `depth · normal` plus a little (a thousandth of the size) apart from A by about that little.
fn check_flat<T: Real, A, B>(a: &A, b: &B, size: T) -> TestResult
where
    A: SupportMap<T> + core::fmt::Debug,
    B: SupportMap<T> + core::fmt::Debug,
{
    if !intersect_convex(a, b, GJK_MAX_ITERATIONS) {
        return TestResult::error(format!("the generator's pair does not overlap: {a:?} {b:?}"));
    }
    let Some(c) = contact_convex(a, b, EPA_MAX_ITERATIONS) else {
        return TestResult::error(format!("no contact: {a:?} {b:?}"));
    };
    let tol = test_tolerance::<T>() * size;
    let finite =
        c.distance.is_finite() && c.point_a.iter().chain(c.point_b.iter()).all(|x| x.is_finite());
    let unit = (c.normal.norm() - T::ONE).abs() <= test_tolerance::<T>();
    let depth = -c.distance;
    if !(finite && unit && depth >= T::ZERO && depth <= tol) {
        return TestResult::error(format!("{c:?} for {a:?} {b:?}"));
    }
    let little = size * T::lit(1e-3);
    let shift = c.normal.into_inner() * (depth + little);
    let moved = Transformed { shape: b, pose: Isometry3::translation(shift.x, shift.y, shift.z) };
    let apart = distance_convex(a, &moved, None, GJK_MAX_ITERATIONS).closest.distance;
    if !(apart >= little * T::HALF) {
        return TestResult::error(format!("moved by {shift:?}, {apart:?} apart: {a:?} {b:?}"));
    }
    TestResult::passed()
}

for_f32_and_f64!(run: flat_configurations_have_a_contact);
