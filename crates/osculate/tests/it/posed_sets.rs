//! Posed triangle meshes and compounds against the world-space queries on the moved mesh or
//! compound: for a sphere, a box (an oriented box once posed), a capsule, a cylinder (through
//! GJK), a convex polyhedron and a convex polygon (carried into the set's frame, not rebuilt)
//! with each, and for two sets in every pairing (mesh and compound, each with each), in both
//! argument orders, in `f32` and `f64`, the answer of the two [`Posed`] shapes equals the
//! world-space answer on the shapes rebuilt in world space (a mesh with its vertices moved, a
//! compound with its part poses composed), within the test tolerance at the scene's scale; rays
//! likewise.
//!
//! The posed answer is computed in the mesh's frame, the world one in world space, so they differ
//! by rounding. The disagreements rounding can cause are classified and checked:
//! - *touching*: an overlap test differs only when the shapes are within the tolerance of
//!   touching (the world distance at most the tolerance);
//! - *grazing*: a sweep or ray that only touches may hit in one frame and miss in the other (the
//!   hit's approach speed along its normal within the tolerance, or its time at the end of the
//!   motion).

use core::fmt::Debug;

use osculate::mesh::{Compound, ConvexPart, TriangleMesh};
use osculate::prelude::*;
use osculate_testing::{Frame, Generate, Motion, Rng, test_tolerance};

/// Seeds per scalar type (each runs every query for four shapes against a mesh and a compound,
/// in both orders).
const SEEDS: u64 = 24;

/// A small random mesh: five generated triangles of one frame, and the same mesh with its
/// vertices moved by `pose`.
fn meshes<T: Real>(rng: &mut Rng, frame: &Frame<T>, pose: &Isometry3<T>) -> [TriangleMesh<T>; 2] {
    let mut vertices = Vec::new();
    for _ in 0..5 {
        let t = Triangle::<T>::generate(rng, frame);
        vertices.extend([t.a, t.b, t.c]);
    }
    let triangles: Vec<[u32; 3]> = (0..5).map(|i| [3 * i, 3 * i + 1, 3 * i + 2]).collect();
    let moved = vertices.iter().map(|v| pose * v).collect();
    let build = |v, t| TriangleMesh::try_new(v, t).unwrap_or_else(|e| panic!("{e}"));
    [build(vertices, triangles.clone()), build(moved, triangles)]
}

/// A random compound of three parts (turned by random poses about the frame's origin), and the
/// same compound with each part's pose preceded by `pose`.
fn compounds<T: Real>(
    rng: &mut Rng,
    frame: &Frame<T>,
    pose: &Isometry3<T>,
) -> [Compound<T, ConvexPart<T>>; 2] {
    let turn = |rng: &mut Rng| {
        let o = frame.origin.coords;
        let r = UnitQuaternion::from_rotation_matrix(&rng.rotation::<T>());
        Isometry3::from_parts(o.into(), r)
            * Isometry3::from_parts((-o).into(), UnitQuaternion::identity())
    };
    let parts = vec![
        (turn(rng), ConvexPart::Sphere(Sphere::generate(rng, frame))),
        (turn(rng), ConvexPart::Obb(Obb::generate(rng, frame))),
        (turn(rng), ConvexPart::Cone(Cone::generate(rng, frame))),
    ];
    let moved = parts.iter().map(|(p, s)| (pose * p, s.clone())).collect();
    let build = |p| Compound::try_new(p).unwrap_or_else(|e| panic!("{e}"));
    [build(parts), build(moved)]
}

/// The largest coordinate of a box, at least the frame's scale.
fn size<T: Real>(b: &Aabb<T>, frame: &Frame<T>) -> T {
    b.min.iter().chain(b.max.iter()).fold(frame.scale, |m, x| m.max(x.abs()))
}

/// Compares every query of posed `shape` (placed by `ps`) with posed `set` (placed by `pm`) in
/// both orders against the world-space queries of `w` (the shape moved by `ps`) with `world`
/// (the set moved by `pm`).
#[allow(
    clippy::too_many_arguments,
    reason = "a check of one pair: the pair, its poses and its motions"
)]
fn check<T, S, W, M>(
    shape: &S,
    ps: &Isometry3<T>,
    w: &W,
    set: &M,
    pm: &Isometry3<T>,
    world: &M,
    (va, vb): (&Vector3<T>, &Vector3<T>),
    tol: T,
) -> Result<(), String>
where
    T: Real,
    S: Debug + ?Sized,
    M: Debug,
    for<'a, 'b> Posed<'a, S, T>: Overlaps<Posed<'b, M, T>>
        + Distance<Posed<'b, M, T>, Scalar = T>
        + Penetration<Posed<'b, M, T>, Scalar = T>
        + Sweep<Posed<'b, M, T>, Scalar = T>,
    for<'a, 'b> Posed<'a, M, T>: Overlaps<Posed<'b, S, T>>
        + Distance<Posed<'b, S, T>, Scalar = T>
        + Penetration<Posed<'b, S, T>, Scalar = T>
        + Sweep<Posed<'b, S, T>, Scalar = T>,
    W: Overlaps<M> + Distance<M, Scalar = T> + Penetration<M, Scalar = T>,
    W: Sweep<M, Scalar = T>,
    Sphere<T>: Distance<W, Scalar = T> + Distance<M, Scalar = T>,
{
    let (a, b) = (Posed::new(shape, *ps), Posed::new(set, *pm));
    let fail = |q: &str, want: String, got: String| {
        format!("{q}: {shape:?} at {ps:?} with {set:?} at {pm:?}: world {want}, posed {got}")
    };
    let d = w.distance(world);
    for got in [a.distance(&b), b.distance(&a)] {
        if !((got - d).abs() <= tol) {
            return Err(fail("distance", format!("{d:?}"), format!("{got:?}")));
        }
    }
    // How far a posed answer's witness points (in world space) lie off the world shapes.
    let off = |pa: Point3<T>, pb: Point3<T>| {
        let dot = |p: Point3<T>| Sphere::new(p, T::ZERO);
        dot(pa).distance(w).max(dot(pb).distance(world))
    };
    for c in [a.closest_points(&b), b.closest_points(&a).swapped()] {
        let (pa, pb) = (c.point_a, c.point_b);
        if !((pa - pb).norm() - c.distance).abs().le(&tol) || !(off(pa, pb) <= tol) {
            return Err(fail("closest points", format!("{d:?}"), format!("{c:?}")));
        }
    }
    let o = w.overlaps(world);
    for got in [a.overlaps(&b), b.overlaps(&a)] {
        if got != o && d > tol {
            return Err(fail("overlaps (not touching)", format!("{o}"), format!("{got}")));
        }
    }
    let k = w.contact(world);
    for (got, sign) in [(a.contact(&b), T::ONE), (b.contact(&a).map(Contact::swapped), T::ONE)] {
        match (k, got) {
            (Some(k), Some(g))
                if (k.distance - g.distance).abs() <= tol * sign
                    && off(g.point_a, g.point_b) <= tol * T::lit(16.0) => {}
            (None, None) => {}
            _ => return Err(fail("contact", format!("{k:?}"), format!("{got:?}"))),
        }
    }
    let h = w.time_of_impact(va, world, vb);
    let speed = (va - vb).norm();
    let grazing = |i: &Impact<T>| {
        i.normal.dot(&(va - vb)).abs() <= tol * (T::ONE + speed) * T::lit(16.0)
            || i.toi >= T::ONE - tol
    };
    for got in [a.time_of_impact(va, &b, vb), b.time_of_impact(vb, &a, va).map(|i| i.swapped())] {
        let ok = match (h, got) {
            (Some(h), Some(g)) => {
                // The impact point, B carried back by its motion, lies on B at rest.
                let on_b = Sphere::new(g.point - vb * g.toi, T::ZERO).distance(world);
                let near = (T::ONE + speed) * tol * T::lit(16.0);
                ((h.toi - g.toi).abs() * (T::ONE + speed) <= tol * T::lit(16.0) && on_b <= near)
                    || grazing(&h)
            }
            (None, None) => true,
            (Some(i), None) | (None, Some(i)) => grazing(&i),
        };
        if !ok {
            return Err(fail("time_of_impact", format!("{h:?}"), format!("{got:?}")));
        }
    }
    Ok(())
}

/// A ray cast on the posed set against the cast on the world set.
fn check_ray<T: Real, M: Debug + RayCast<Scalar = T>>(
    ray: &Ray<T>,
    set: &M,
    pm: &Isometry3<T>,
    world: &M,
    tol: T,
) -> Result<(), String>
where
    for<'a> Posed<'a, M, T>: RayCast<Scalar = T>,
{
    let want = world.cast_ray(ray);
    let got = Posed::new(set, *pm).cast_ray(ray);
    let d = ray.direction.norm();
    let grazing = |h: &RayHit<T>| h.normal.dot(&ray.direction).abs() <= tol * d * T::lit(16.0);
    let ok = match (want, got) {
        (Some(w), Some(g)) => (w.t_enter - g.t_enter).abs() * d <= tol || grazing(&w),
        (None, None) => true,
        (Some(h), None) | (None, Some(h)) => grazing(&h),
    };
    if ok {
        Ok(())
    } else {
        Err(format!("ray {ray:?} on {set:?} at {pm:?}: world {want:?}, posed {got:?}"))
    }
}

fn posed_sets_answer_as_the_moved_sets<T: Real>(seed: u64) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let r = &mut rng;
    let frame = Frame::<T>::random(r);
    let pm = Motion::<T>::random(r).0;
    let [mesh, world_mesh] = meshes(r, &frame, &pm);
    let [compound, world_compound] = compounds(r, &frame, &pm);
    // Each shape is posed by the set's pose after a turn about its own center, so that it keeps
    // the nearness the generator gave it.
    let turned = |rng: &mut Rng, c: Point3<T>| {
        let q = UnitQuaternion::from_rotation_matrix(&rng.rotation::<T>());
        pm * Isometry3::from_parts(c.coords.into(), q)
            * Isometry3::from_parts((-c.coords).into(), UnitQuaternion::identity())
    };
    // A second set of each kind for the pairs of sets, at a pose near the first, turned.
    let pn = turned(r, frame.origin)
        * Isometry3::translation(T::ZERO, T::lit(0.3) * frame.scale, T::ZERO);
    let [other_mesh, world_other_mesh] = meshes(r, &frame, &pn);
    let [other_compound, world_other_compound] = compounds(r, &frame, &pn);
    let scale = [&world_mesh.aabb(), &world_compound.aabb()]
        .into_iter()
        .chain([&world_other_mesh.aabb(), &world_other_compound.aabb()])
        .fold(T::ZERO, |m, b| m.max(size(b, &frame)));
    let tol = test_tolerance::<T>() * scale * T::lit(64.0);
    let (va, vb) = (frame.offset(r, 3.0), frame.offset(r, 1.0));
    let ball = Sphere::<T>::generate(r, &frame);
    let crate_box = Aabb::<T>::generate(r, &frame);
    let pill = Capsule::<T>::generate(r, &frame);
    let post = Cylinder::<T>::generate(r, &frame);
    let hull = ConvexPolyhedron::<T>::generate(r, &frame);
    let plate = ConvexPolygon::<T>::generate(r, &frame);
    macro_rules! each_shape {
        ($($s:ident),*) => {$(
            let ps = turned(r, $s.aabb().center());
            let w = $s.transformed(&ps);
            check(&$s, &ps, &w, &mesh, &pm, &world_mesh, (&va, &vb), tol)?;
            check(&$s, &ps, &w, &compound, &pm, &world_compound, (&va, &vb), tol)?;
        )*};
    }
    each_shape!(ball, crate_box, pill, post, hull, plate);
    for _ in 0..4 {
        let ray = Ray::<T>::generate(r, &frame).transformed(&pm);
        check_ray(&ray, &mesh, &pm, &world_mesh, tol)?;
        check_ray(&ray, &compound, &pm, &world_compound, tol)?;
    }
    let v = (&va, &vb);
    check(&mesh, &pm, &world_mesh, &other_mesh, &pn, &world_other_mesh, v, tol)?;
    check(&mesh, &pm, &world_mesh, &other_compound, &pn, &world_other_compound, v, tol)?;
    check(&compound, &pm, &world_compound, &other_mesh, &pn, &world_other_mesh, v, tol)?;
    check(&compound, &pm, &world_compound, &other_compound, &pn, &world_other_compound, v, tol)?;
    Ok(())
}

#[test]
fn posed_meshes_and_compounds_answer_as_the_moved_ones() {
    osculate_testing::check_seeds(SEEDS, posed_sets_answer_as_the_moved_sets::<f32>);
    osculate_testing::check_seeds(SEEDS, posed_sets_answer_as_the_moved_sets::<f64>);
}
