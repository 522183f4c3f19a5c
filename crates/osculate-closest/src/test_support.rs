//! Helpers shared by the unit tests of several files: the checks of a contact and of closest
//! points against their worked answers, and the shapes the contact cases use.

use osculate_math::{Aabb, Obb, Point3, Real, Segment, Sphere, Vector3};

use crate::types::{ClosestPoints, Contact};

#[track_caller]
pub(crate) fn check_points<T: Real>(c: &ClosestPoints<T>, pa: Point3<T>, pb: Point3<T>, dist: f64) {
    let tol = T::lit(1e-5);
    assert!((c.point_a - pa).norm() < tol, "point_a {c:?}, want {pa:?}");
    assert!((c.point_b - pb).norm() < tol, "point_b {c:?}, want {pb:?}");
    assert!((c.distance - T::lit(dist)).abs() < tol, "distance {c:?}, want {dist}");
}

#[track_caller]
pub(crate) fn check_contact<T: Real>(
    c: Option<Contact<T>>,
    dist: f64,
    normal: [f64; 3],
) -> Contact<T> {
    let Some(c) = c else { panic!("no contact") };
    let tol = T::lit(1e-5);
    let n = Vector3::new(T::lit(normal[0]), T::lit(normal[1]), T::lit(normal[2]));
    assert!((c.distance - T::lit(dist)).abs() < tol, "distance {c:?}, want {dist}");
    assert!((c.normal.into_inner() - n).norm() < tol, "normal {c:?}, want {normal:?}");
    // The contact invariant: point_b − point_a = distance · normal.
    let gap = c.point_b - c.point_a - c.normal.into_inner() * c.distance;
    assert!(gap.norm() < tol, "witnesses {c:?}");
    c
}

/// A point from `f64` coordinates.
pub(crate) use osculate_math::point3 as p;

/// The segment `a`–`b`, for the worked cases.
pub(crate) fn seg<T: Real>(a: Point3<T>, b: Point3<T>) -> Segment<T> {
    Segment::new(a, b)
}

pub(crate) fn sphere<T: Real>(c: Point3<T>, r: f64) -> Sphere<T> {
    Sphere::new(c, T::lit(r))
}

/// The box [0, 4]³.
pub(crate) fn cube4<T: Real>() -> Aabb<T> {
    Aabb::new(p(0.0, 0.0, 0.0), p(4.0, 4.0, 4.0))
}

pub(crate) fn unit_sphere<T: Real>() -> Sphere<T> {
    sphere(p(0.0, 0.0, 0.0), 1.0)
}

pub(crate) fn rotated_box<T: Real>() -> Obb<T> {
    let turn = T::lit(core::f64::consts::FRAC_PI_4);
    let r = osculate_math::Rotation3::from_axis_angle(&Vector3::z_axis(), turn);
    Obb::new(p(0.0, 0.0, 0.0), r, Vector3::new(T::lit(2.0), T::ONE, T::lit(3.0)))
}

pub(crate) const SEEDS: u64 = 400;

/// The scale of a pair: its largest coordinate magnitude or size, at least a tiny positive.
pub(crate) fn scale<T: Real>(points: &[Point3<T>]) -> T {
    points.iter().fold(T::MIN_POSITIVE, |s, p| s.fast_max(p.coords.amax()))
}
