//! Posed contact manifolds against the world-space manifolds: a body resting on a ground (tilted
//! and turned, 0.05 deep at its lowest point, no point within rounding of the prediction or of a
//! tie between features) is built in world space, and each shape is also expressed in a random
//! frame of its own (its world shape moved by the inverse of a random pose). The manifold of the
//! two [`Posed`] shapes equals the world-space manifold of the world shapes, in both argument
//! orders, in `f32` and `f64`: the same number of points, the same feature ids, the normal, the
//! points and the depths within a tolerance of the scene's rounding (the posed answer is computed
//! in one body's frame and mapped back, so they differ by rounding only).
//!
//! The pairs: the box ground with the sphere, the capsule, the box, the triangle, the cylinder,
//! the cone and the convex polyhedron; the polyhedron ground with the box and the polyhedron; the
//! halfspace ground with the box, the capsule and the sphere.

use core::fmt::Debug;

use osculate::ContactManifold;
use osculate::closest::{Manifold, SupportMap};
use osculate::prelude::*;
use osculate_testing::{Motion, Rng};

/// Seeds per pair and scalar type.
const SEEDS: u64 = 48;

/// How deep the body's lowest point sinks into the ground.
const DEPTH: f64 = 0.05;

/// The body's tilt about the ground's `x` axis: its bottom rises 0.1 per unit of width, so no
/// point other than the sunk ones comes within rounding of the ground.
const TILT: f64 = 0.1;

/// `shape` placed resting on the ground (whose top is the plane `z = 0`): turned by `yaw` about
/// `z` after the tilt, moved by `(x, y)`, and lifted so that its lowest point is `DEPTH` deep.
fn resting<T: Real, S: Transform<T, Output = S> + SupportMap<T>>(
    shape: &S,
    yaw: T,
    (x, y): (T, T),
) -> S {
    let turn = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), yaw)
        * UnitQuaternion::from_axis_angle(&Vector3::x_axis(), T::lit(TILT));
    let turned = shape.transformed(&Isometry3::from_parts(Vector3::zeros().into(), turn));
    let lowest = turned.support(&-Vector3::z()).z;
    turned.transformed(&Isometry3::translation(x, y, -T::lit(DEPTH) - lowest))
}

/// Compares the posed manifold of `a` and `b` (each given in world space, expressed in the
/// frame of `pa` and `pb`) with their world-space manifold, in both orders.
fn check<T, A, B>(a: &A, pa: &Isometry3<T>, b: &B, pb: &Isometry3<T>) -> Result<(), String>
where
    T: Real,
    A: Transform<T, Output = A> + Debug + ContactManifold<B, Scalar = T>,
    B: Transform<T, Output = B> + Debug + ContactManifold<A, Scalar = T>,
    for<'x, 'y> Posed<'x, A, T>: ContactManifold<Posed<'y, B, T>, Scalar = T>,
    for<'x, 'y> Posed<'x, B, T>: ContactManifold<Posed<'y, A, T>, Scalar = T>,
{
    let (la, lb) = (a.transformed(&pa.inverse()), b.transformed(&pb.inverse()));
    let (qa, qb) = (Posed::new(&la, *pa), Posed::new(&lb, *pb));
    let scale = T::ONE + pa.translation.vector.norm().max(pb.translation.vector.norm());
    let tol = if T::EPSILON > T::lit(1e-10) { T::lit(2e-3) } else { T::lit(1e-8) } * scale;
    let pairs = [
        ("a with b", a.manifold(b, T::ZERO), qa.manifold(&qb, T::ZERO)),
        ("b with a", b.manifold(a, T::ZERO), qb.manifold(&qa, T::ZERO)),
    ];
    for (order, want, got) in pairs {
        same(&want, &got, tol).map_err(|e| {
            format!("{order}: {e}\n{a:?} at {pa:?}\n{b:?} at {pb:?}\nworld {want:?}\nposed {got:?}")
        })?;
    }
    Ok(())
}

/// Whether two manifolds have the same points (matched by feature id) within `tol`.
fn same<T: Real>(want: &Manifold<T>, got: &Manifold<T>, tol: T) -> Result<(), String> {
    if want.is_empty() {
        return Err("the scene has no contact".into());
    }
    if want.len() != got.len() {
        return Err(format!("{} points, posed {}", want.len(), got.len()));
    }
    if !((want.normal.into_inner() - got.normal.into_inner()).norm() <= tol) {
        return Err("normals differ".into());
    }
    for p in want.points() {
        let Some(q) = got.points().iter().find(|q| q.id == p.id) else {
            return Err(format!("id {:?} missing", p.id));
        };
        let off = (p.point_a - q.point_a).norm().max((p.point_b - q.point_b).norm());
        if !(off <= tol && (p.distance - q.distance).abs() <= tol) {
            return Err(format!("point {:?} is {q:?}", p));
        }
    }
    Ok(())
}

/// A random pose within ten units of the origin.
fn pose<T: Real>(rng: &mut Rng) -> Isometry3<T> {
    let mut m = Motion::<T>::random(rng).0;
    let t = m.translation.vector;
    m.translation.vector = t * (T::lit(10.0) / (T::ONE + t.norm()));
    m
}

fn posed_manifolds_are_the_world_ones<T: Real>(seed: u64) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let r = &mut rng;
    let l = |x: f64| T::lit(x);
    let p = |x: f64, y: f64, z: f64| Point3::new(l(x), l(y), l(z));
    let yaw = l(r.range(0.0, core::f64::consts::TAU));
    let at = (l(r.range(-0.5, 0.5)), l(r.range(-0.5, 0.5)));
    let (pa, pb) = (pose::<T>(r), pose::<T>(r));
    let ground =
        Obb::new(p(0.0, 0.0, -0.5), Rotation3::identity(), Vector3::new(l(2.0), l(2.0), l(0.5)));
    let block =
        Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(l(0.4), l(0.3), l(0.2)));
    let hull = |b: &Obb<T>| {
        let corners = b.corners();
        ConvexPolyhedron::try_from_points(&corners).map_err(|e| format!("{e}"))
    };
    let ball = Sphere::new(Point3::origin(), l(0.3));
    let pill = Capsule::new(p(-0.3, 0.0, 0.0), p(0.3, 0.0, 0.0), l(0.2));
    let plate = Triangle::new(p(-0.4, -0.3, 0.0), p(0.5, -0.2, 0.0), p(0.0, 0.4, 0.0));
    let post = Cylinder::new(p(0.0, 0.0, -0.3), p(0.0, 0.0, 0.3), l(0.25));
    let cone = Cone::new(p(0.0, 0.0, 0.4), -Vector3::z_axis(), l(0.6), l(0.3));
    let rest = |s: &Obb<T>| resting(s, yaw, at);
    check(&ground, &pa, &resting(&ball, yaw, at), &pb)?;
    check(&ground, &pa, &resting(&pill, yaw, at), &pb)?;
    check(&ground, &pa, &rest(&block), &pb)?;
    check(&ground, &pa, &resting(&plate, yaw, at), &pb)?;
    check(&ground, &pa, &resting(&post, yaw, at), &pb)?;
    check(&ground, &pa, &resting(&cone, yaw, at), &pb)?;
    check(&ground, &pa, &hull(&rest(&block))?, &pb)?;
    let slab = hull(&ground)?;
    check(&slab, &pa, &rest(&block), &pb)?;
    check(&slab, &pa, &hull(&rest(&block))?, &pb)?;
    let floor = Halfspace::new(Plane::new(Vector3::z_axis(), T::ZERO));
    check(&floor, &pa, &rest(&block), &pb)?;
    check(&floor, &pa, &resting(&pill, yaw, at), &pb)?;
    check(&floor, &pa, &resting(&ball, yaw, at), &pb)?;
    Ok(())
}

#[test]
fn posed_manifolds_are_the_world_manifolds() {
    osculate_testing::check_seeds(SEEDS, posed_manifolds_are_the_world_ones::<f32>);
    osculate_testing::check_seeds(SEEDS, posed_manifolds_are_the_world_ones::<f64>);
}

/// The resting scene of two polyhedra (the slab ground and the tilted, turned block's hull), each
/// in a random frame of its own, answered through features built once in those frames
/// ([`PolyhedronFeatures`] posed): the world-space manifold of the world shapes in both orders,
/// as [`check`] compares them. Then a rigid motion `m` of both bodies (poses `m · pa` and
/// `m · pb`) moves the posed manifold with it, plain and prepared: its ids kept, its points and
/// normal those of the unmoved manifold moved by `m` (within the scene's rounding, the relative
/// pose being computed again from the moved poses).
fn posed_polyhedra_prepared_and_moved<T: Real>(seed: u64) -> Result<(), String> {
    use osculate::closest::PolyhedronFeatures;
    let mut rng = Rng::new(seed ^ 0x0005_ed0f);
    let r = &mut rng;
    let l = |x: f64| T::lit(x);
    let yaw = l(r.range(0.0, core::f64::consts::TAU));
    let at = (l(r.range(-0.5, 0.5)), l(r.range(-0.5, 0.5)));
    let (pa, pb, m) = (pose::<T>(r), pose::<T>(r), pose::<T>(r));
    let hull =
        |b: &Obb<T>| ConvexPolyhedron::try_from_points(&b.corners()).map_err(|e| format!("{e}"));
    let ground = Obb::new(
        Point3::new(l(0.0), l(0.0), l(-0.5)),
        Rotation3::identity(),
        Vector3::new(l(2.0), l(2.0), l(0.5)),
    );
    let block =
        Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(l(0.4), l(0.3), l(0.2)));
    let (slab, body) = (hull(&ground)?, hull(&resting(&block, yaw, at))?);
    let (la, lb) = (slab.transformed(&pa.inverse()), body.transformed(&pb.inverse()));
    let features = |p: &ConvexPolyhedron<T>| PolyhedronFeatures::new(p).map_err(|e| format!("{e}"));
    let (fa, fb) = (features(&la)?, features(&lb)?);
    let scale = T::ONE + pa.translation.vector.norm().max(pb.translation.vector.norm());
    let tol = if T::EPSILON > T::lit(1e-10) { T::lit(2e-3) } else { T::lit(1e-8) } * scale;
    let world = slab.manifold(&body, T::ZERO);
    let prepared = Posed::new(&fa, pa).manifold(&Posed::new(&fb, pb), T::ZERO);
    same(&world, &prepared, tol).map_err(|e| format!("prepared: {e}"))?;
    let reversed = Posed::new(&fb, pb).manifold(&Posed::new(&fa, pa), T::ZERO);
    same(&body.manifold(&slab, T::ZERO), &reversed, tol).map_err(|e| format!("reversed: {e}"))?;
    // Both bodies moved by m: the points moved with them, the ids kept.
    let (ma, mb) = (m * pa, m * pb);
    let moved_scale = scale + m.translation.vector.norm();
    let moved_tol = tol * moved_scale / scale;
    let plain = Posed::new(&la, pa).manifold(&Posed::new(&lb, pb), T::ZERO);
    let plain_moved = Posed::new(&la, ma).manifold(&Posed::new(&lb, mb), T::ZERO);
    same(&plain.transformed(&m), &plain_moved, moved_tol).map_err(|e| format!("moved: {e}"))?;
    let prepared_moved = Posed::new(&fa, ma).manifold(&Posed::new(&fb, mb), T::ZERO);
    same(&prepared.transformed(&m), &prepared_moved, moved_tol)
        .map_err(|e| format!("prepared moved: {e}"))?;
    if plain.points().iter().zip(plain_moved.points()).any(|(p, q)| p.id != q.id) {
        return Err("ids changed".into());
    }
    Ok(())
}

#[test]
fn posed_polyhedra_prepared_and_moved_keep_their_ids() {
    osculate_testing::check_seeds(SEEDS, posed_polyhedra_prepared_and_moved::<f32>);
    osculate_testing::check_seeds(SEEDS, posed_polyhedra_prepared_and_moved::<f64>);
}
