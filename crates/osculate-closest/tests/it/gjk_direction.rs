//! `distance_convex`'s direction when it answers "separated": the normalised `point_a − point_b`,
//! along which the shapes are separated by the distance less GJK's termination tolerance, on
//! every convex pair of the shared generators, as generated and moved to nearly touching.

use osculate_closest::{
    DistanceStatus, EPA_MAX_ITERATIONS, GJK_MAX_ITERATIONS, SupportMap, contact_convex,
    distance_convex,
};
use osculate_math::Vector3 as V;
use osculate_math::{
    Aabb, Capsule, Cone, ConvexPolyhedron, Cylinder, Isometry3, Obb, Real, Segment, Sphere,
    Tetrahedron, Transform, Triangle, Vector3,
};
use osculate_testing::{Pair, Rng};
use quickcheck::TestResult;

use crate::points::run;
use crate::warm::{gjk_tolerance, size};

/// The shapes' extent: the larger of their widths along the axes, summed.
fn extent<T: Real>(a: &dyn SupportMap<T>, b: &dyn SupportMap<T>) -> T {
    let width = |s: &dyn SupportMap<T>| {
        [V::x(), V::y(), V::z()]
            .iter()
            .fold(T::ZERO, |w, d| w.fast_max(d.dot(&(s.support(d) - s.support(&-d)))))
    };
    width(a) + width(b)
}

/// The separation of `a` and `b` along unit `n` (from B toward A): A's least projection less
/// B's largest.
fn separation<T: Real>(a: &dyn SupportMap<T>, b: &dyn SupportMap<T>, n: &Vector3<T>) -> T {
    n.dot(&a.support(&-n).coords) - n.dot(&b.support(n).coords)
}

/// When `distance_convex` says separated: `direction` is `point_a − point_b` (normalised, within
/// the witnesses' rounding over their distance), and the separation of the shapes along it is
/// at least the distance less GJK's documented termination gap,
/// `tol · max(d, 10⁻³ · size) + 8 ε · scale` (see `ConvexDistance::direction`), and at most the
/// distance plus that (no direction separates them by more). `size` bounds the vertices of
/// `A − B`, twice the shapes' coordinates; 64 ε of it covers this test's own rounding. The
/// direction itself is `v`, computed from support points rounded to a few ε of the coordinates'
/// magnitude `s`: it is known to an angle of about `ε s / d`, along which the separation of
/// shapes of extent `e` is lower by up to that angle times `e` (64 ε s e / d with room): below
/// the rounding of the coordinates a distance has no direction to check.
fn separated_along_the_direction<T, A, B>(a: &A, b: &B) -> TestResult
where
    T: Real,
    A: SupportMap<T> + core::fmt::Debug,
    B: SupportMap<T> + core::fmt::Debug,
{
    let r = distance_convex(a, b, None, GJK_MAX_ITERATIONS);
    if r.status != DistanceStatus::Separated {
        return TestResult::passed();
    }
    let s = size(a, b);
    let d = r.closest.distance;
    let turn = T::lit(64.0) * T::EPSILON * s * extent(a, b) / d;
    let band =
        gjk_tolerance::<T>() * d.fast_max(T::lit(2e-3) * s) + T::lit(64.0) * T::EPSILON * s + turn;
    let fail = |e: String| TestResult::error(format!("A {a:?}, B {b:?}: {r:?}: {e}"));
    let len = r.direction.norm();
    if !(len > T::ZERO && len.is_finite()) {
        return fail("no direction".into());
    }
    let n = r.direction / len;
    let joined = r.closest.point_a - r.closest.point_b;
    let gap = joined.norm();
    // The witnesses round to a few ε of the scale each: their difference's direction is known to
    // that over the gap.
    if gap > T::lit(64.0) * T::EPSILON * s {
        let off = (n - joined / gap).norm();
        if !(off <= T::lit(1e-3).fast_max(T::lit(64.0) * T::EPSILON * s / gap)) {
            return fail(format!("direction {off:?} off point_a − point_b"));
        }
    }
    let sep = separation(a, b, &n);
    if !(sep >= d - band && sep <= d + band) {
        return fail(format!("separation {sep:?} along the direction, band {band:?}"));
    }
    TestResult::passed()
}

/// The pair moved to nearly touching: B translated along GJK's direction (apart) or EPA's normal
/// (overlapping) so that the gap becomes `δ`, `δ` from ±10⁻⁸ to ±10⁻² of the pair's size, or 0.
fn nearly_touching<T, A, B>(a: &A, b: &B, seed: u64) -> Option<B>
where
    T: Real,
    A: SupportMap<T>,
    B: SupportMap<T> + Transform<T, Output = B>,
{
    let mut rng = Rng::new(seed);
    let s = size(a, b);
    let exponent = rng.range(-8.0, -2.0);
    let delta = match rng.index(3) {
        0 => T::ZERO,
        1 => T::lit(10f64.powf(exponent)) * s,
        _ => -T::lit(10f64.powf(exponent)) * s,
    };
    let r = distance_convex(a, b, None, GJK_MAX_ITERATIONS);
    let shift = match r.status {
        DistanceStatus::Separated => {
            let n = r.direction / r.direction.norm();
            // B toward A (along +n) by the distance less δ.
            n * (r.closest.distance - delta)
        }
        DistanceStatus::Overlapping => {
            let c = contact_convex(a, b, EPA_MAX_ITERATIONS)?;
            // B away from A (along the normal) by the depth plus δ.
            c.normal.into_inner() * (c.depth() + delta)
        }
        _ => return None,
    };
    if !shift.iter().all(|x| x.is_finite()) {
        return None;
    }
    Some(b.transformed(&Isometry3::translation(shift.x, shift.y, shift.z)))
}

macro_rules! direction_properties {
    ($($name:ident: $A:ident, $B:ident;)*) => {$(
        mod $name {
            use super::*;
            fn generated<T: Real>(p: Pair<$A<T>, $B<T>>) -> TestResult {
                separated_along_the_direction(&p.a, &p.b)
            }
            fn touching<T: Real>(p: Pair<$A<T>, $B<T>>) -> TestResult {
                match nearly_touching(&p.a, &p.b, p.seed) {
                    Some(b) => separated_along_the_direction(&p.a, &b),
                    None => TestResult::discard(),
                }
            }
            osculate_testing::for_f32_and_f64!(run: generated, touching);
        }
    )*};
}

direction_properties! {
    capsule_obb: Capsule, Obb;
    obb_capsule: Obb, Capsule;
    aabb_capsule: Aabb, Capsule;
    capsule_capsule: Capsule, Capsule;
    capsule_triangle: Capsule, Triangle;
    capsule_cylinder: Capsule, Cylinder;
    sphere_obb: Sphere, Obb;
    sphere_triangle: Sphere, Triangle;
    sphere_cone: Sphere, Cone;
    segment_obb: Segment, Obb;
    obb_obb: Obb, Obb;
    obb_triangle: Obb, Triangle;
    triangle_triangle: Triangle, Triangle;
    tetrahedron_obb: Tetrahedron, Obb;
    polyhedron_polyhedron: ConvexPolyhedron, ConvexPolyhedron;
    polyhedron_cylinder: ConvexPolyhedron, Cylinder;
    cylinder_cylinder: Cylinder, Cylinder;
    cylinder_cone: Cylinder, Cone;
    cone_cone: Cone, Cone;
    cylinder_obb: Cylinder, Obb;
}

/// Two cones moved to touching (unit scale): near the contact GJK's simplex was a face
/// 1.4e-7 from the origin, and the next support point, 2.5e-6 past its plane, made a sliver
/// tetrahedron that holds the origin (in exact arithmetic: the four support points' orientations
/// all agree). Its inside weights reproduced the origin only to 2e-9, the sub-algorithm measured
/// its faces instead, none was nearer, and GJK stalled "separated" by 1.4e-7 along a direction
/// along which the cones overlap by 2.3e-6. The orientations, beyond their rounding, decide:
/// overlapping (in f64; in f32 the answer has only to be honest).
fn touching_cones_in_a_sliver_tetrahedron_overlap<T: Real>() {
    let p = osculate_math::point3::<T>;
    let axis = |x: f64, y: f64, z: f64| {
        osculate_math::Unit::new_normalize(osculate_math::vector3(x, y, z))
    };
    let a = Cone::new(
        p(0.37463274884252873, 0.0043274063236316, 0.9904066490862444),
        axis(-0.3020677870691796, 0.33001414996537476, 0.8943409376953287),
        T::lit(0.6379829197167834),
        T::lit(0.4133904121748774),
    );
    let b = Cone::new(
        p(0.26994602073823815, 0.05682113829776925, 0.8956790572464568),
        axis(0.8186343644304798, -0.5163512928628826, 0.2514341260297303),
        T::lit(0.9382741689244772),
        T::lit(0.4355588795049691),
    );
    let r = separated_along_the_direction(&a, &b);
    assert!(!r.is_failure(), "{r:?}");
    if T::EPSILON.to_f64() < 1e-10 {
        let g = distance_convex(&a, &b, None, GJK_MAX_ITERATIONS);
        assert_eq!(g.status, DistanceStatus::Overlapping, "{g:?}");
    }
}

osculate_testing::for_f32_and_f64!(touching_cones_in_a_sliver_tetrahedron_overlap);

/// A shape moved by `−offset` (support points rounded as the round manifolds' shifted shapes
/// are).
struct Shifted<S, T: Real>(S, Vector3<T>);

impl<T: Real, S: SupportMap<T>> SupportMap<T> for Shifted<S, T> {
    fn support(&self, dir: &Vector3<T>) -> osculate_math::Point3<T> {
        self.0.support(dir) - self.1
    }
    fn center(&self) -> osculate_math::Point3<T> {
        self.0.center() - self.1
    }
}

/// A ball overlapping a flat cone by 0.39, both moved so the ball is at the origin and run on
/// the whole shapes (no margins), as the round manifolds run them: GJK's third support point
/// leaves a segment whose nearest point, 5e-15 from the origin, is within its own rounding of it
/// (its vertices 0.8 long), and the termination test, which counts that rounding, ends the run
/// there. The last support point does not prove the shapes apart: the answer is overlapping, not
/// "separated" at 5e-15 along that noise, a direction along which the shapes overlap by 0.39
/// (with which the round manifold came out empty).
fn overlapping_ball_and_cone_at_a_noise_v_overlap<T: Real>() {
    let p = osculate_math::point3::<T>;
    let ball = Sphere::new(
        p(-0.5225683553758023, -0.5121217753720961, -0.014955404993191257),
        T::lit(0.8288440266136312),
    );
    let axis =
        osculate_math::vector3(-0.4297380944898291, -0.0003080654761416174, -0.9029535288373999);
    let cone = Cone::new(
        p(0.6486785385008202, -0.8968577986479054, -0.3243720281945148),
        osculate_math::Unit::new_normalize(axis),
        T::lit(0.10729351456554842),
        T::lit(0.8247749983065705),
    );
    let o = ball.center.coords;
    let r = distance_convex(
        &Shifted(Whole(ball), o),
        &Shifted(Whole(cone), o),
        None,
        GJK_MAX_ITERATIONS,
    );
    assert_eq!(r.status, DistanceStatus::Overlapping, "{r:?}");
}

osculate_testing::for_f32_and_f64!(overlapping_ball_and_cone_at_a_noise_v_overlap);

/// A shape without its margin: GJK runs on the whole shape.
struct Whole<S>(S);

impl<T: Real, S: SupportMap<T>> SupportMap<T> for Whole<S> {
    fn support(&self, dir: &Vector3<T>) -> osculate_math::Point3<T> {
        self.0.support(dir)
    }
    fn center(&self) -> osculate_math::Point3<T> {
        self.0.center()
    }
}
