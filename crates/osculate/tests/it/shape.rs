//! [`Shape`]: every pair of variants, as two `Shape`s and as a `Shape` with the concrete shape in
//! both orders, answers exactly as the concrete call of the pair (every trait, f32 and f64, as
//! a quickcheck property over generated shapes sharing a frame), and `aabb` and `RayCast` agree
//! with the concrete shape's.

use core::fmt::Debug;

use osculate::Shape;
use osculate::mesh::{Compound, ConvexPart, TriangleMesh};
use osculate::prelude::*;
use osculate::{math::Real, mesh};
use osculate_testing::{Frame, Generate, Rng};

/// Whether two answers are the same, NaN equal to NaN (compared by their debug text, which
/// prints every field).
fn same<R: Debug>(a: &R, b: &R) -> bool {
    format!("{a:?}") == format!("{b:?}")
}

/// One shape of every variant, generated in one frame so that they lie near each other: the
/// eleven convex primitives, a mesh of four generated triangles and a compound of three parts.
struct Scene<T: Real> {
    sphere: Sphere<T>,
    segment: Segment<T>,
    capsule: Capsule<T>,
    aabb: Aabb<T>,
    obb: Obb<T>,
    triangle: Triangle<T>,
    cylinder: Cylinder<T>,
    cone: Cone<T>,
    tetrahedron: Tetrahedron<T>,
    polygon: ConvexPolygon<T>,
    polyhedron: ConvexPolyhedron<T>,
    mesh: TriangleMesh<T>,
    compound: Compound<T, ConvexPart<T>>,
    v_a: Vector3<T>,
    v_b: Vector3<T>,
}

impl<T: Real> Scene<T> {
    fn new(seed: u64) -> Self {
        let mut rng = Rng::new(seed);
        let frame = Frame::<T>::random(&mut rng);
        let r = &mut rng;
        let mut vertices = Vec::new();
        for _ in 0..4 {
            let t = Triangle::<T>::generate(r, &frame);
            vertices.extend([t.a, t.b, t.c]);
        }
        let triangles = (0..4).map(|i| [3 * i, 3 * i + 1, 3 * i + 2]).collect();
        let mesh = TriangleMesh::try_new(vertices, triangles).unwrap_or_else(|e| panic!("{e}"));
        let parts = vec![
            (Isometry3::identity(), ConvexPart::Sphere(Sphere::generate(r, &frame))),
            (Isometry3::identity(), ConvexPart::Obb(Obb::generate(r, &frame))),
            (Isometry3::identity(), ConvexPart::Cylinder(Cylinder::generate(r, &frame))),
        ];
        let compound = Compound::try_new(parts).unwrap_or_else(|e| panic!("{e}"));
        Self {
            sphere: Sphere::generate(r, &frame),
            segment: Segment::generate(r, &frame),
            capsule: Capsule::generate(r, &frame),
            aabb: Aabb::generate(r, &frame),
            obb: Obb::generate(r, &frame),
            triangle: Triangle::generate(r, &frame),
            cylinder: Cylinder::generate(r, &frame),
            cone: Cone::generate(r, &frame),
            tetrahedron: Tetrahedron::generate(r, &frame),
            polygon: ConvexPolygon::generate(r, &frame),
            polyhedron: ConvexPolyhedron::generate(r, &frame),
            mesh,
            compound,
            v_a: frame.offset(r, 4.0),
            v_b: frame.offset(r, 4.0),
        }
    }
}

/// Every trait between `a` and `b` through `Shape` (both as `Shape`s, and each order of a
/// `Shape` with the concrete other) against the concrete call; a message naming the failure.
fn check_pair<T, A, B>(a: &A, b: &B, v_a: &Vector3<T>, v_b: &Vector3<T>) -> Result<(), String>
where
    T: Real,
    A: Clone + Debug + Into<Shape<T>>,
    B: Clone + Debug + Into<Shape<T>>,
    A: Overlaps<B> + Distance<B, Scalar = T> + Penetration<B, Scalar = T> + Sweep<B, Scalar = T>,
    A: Overlaps<Shape<T>> + Distance<Shape<T>, Scalar = T>,
    A: Penetration<Shape<T>, Scalar = T> + Sweep<Shape<T>, Scalar = T>,
    Shape<T>: Overlaps<B> + Distance<B, Scalar = T> + Penetration<B, Scalar = T>,
    Shape<T>: Sweep<B, Scalar = T>,
    Shape<T>: Overlaps<Shape<T>> + Distance<Shape<T>, Scalar = T>,
    Shape<T>: Penetration<Shape<T>, Scalar = T> + Sweep<Shape<T>, Scalar = T>,
{
    let (sa, sb): (Shape<T>, Shape<T>) = (a.clone().into(), b.clone().into());
    let fail = |q: &str, want: String, got: String| {
        format!("{q}: {a:?} with {b:?}: concrete {want}, through Shape {got}")
    };
    let o = a.overlaps(b);
    for got in [sa.overlaps(&sb), sa.overlaps(b), a.overlaps(&sb)] {
        if got != o {
            return Err(fail("overlaps", format!("{o}"), format!("{got}")));
        }
    }
    let c = a.closest_points(b);
    for got in [sa.closest_points(&sb), sa.closest_points(b), a.closest_points(&sb)] {
        if !same(&got, &c) {
            return Err(fail("closest_points", format!("{c:?}"), format!("{got:?}")));
        }
    }
    let k = a.contact(b);
    for got in [sa.contact(&sb), sa.contact(b), a.contact(&sb)] {
        if !same(&got, &k) {
            return Err(fail("contact", format!("{k:?}"), format!("{got:?}")));
        }
    }
    let h = a.time_of_impact(v_a, b, v_b);
    for got in [
        sa.time_of_impact(v_a, &sb, v_b),
        sa.time_of_impact(v_a, b, v_b),
        a.time_of_impact(v_a, &sb, v_b),
    ] {
        if !same(&got, &h) {
            return Err(fail("time_of_impact", format!("{h:?}"), format!("{got:?}")));
        }
    }
    Ok(())
}

/// `$check(a, b)` for every ordered pair of the listed fields of the scene.
macro_rules! every_pair {
    ($s:ident; $($a:ident),*) => { every_pair!(@rows $s; [$($a),*]; $($a),*) };
    (@rows $s:ident; $all:tt; $($a:ident),*) => { $( every_pair!(@row $s; $a; $all); )* };
    (@row $s:ident; $a:ident; [$($b:ident),*]) => {
        $( check_pair(&$s.$a, &$s.$b, &$s.v_a, &$s.v_b)?; )*
    };
}

/// `cast_ray` of each listed variant against the concrete shape's.
macro_rules! cast_check {
    ($s:ident, $ray:ident; $($a:ident),*) => {$(
        let shape: Shape<T> = $s.$a.clone().into();
        if !same(&shape.cast_ray(&$ray), &$s.$a.cast_ray(&$ray)) {
            return Err(format!("cast_ray of {:?} by {:?}", $s.$a, $ray));
        }
    )*};
}

fn shape_answers_as_the_concrete_call<T: Real>(seed: u64) -> Result<(), String> {
    let s = Scene::<T>::new(seed);
    every_pair!(s; sphere, segment, capsule, aabb, obb, triangle, cylinder, cone, tetrahedron,
        polygon, polyhedron, mesh, compound);
    let ray = Ray::<T>::generate(&mut Rng::new(seed ^ 0x5eed), &Frame::random(&mut Rng::new(seed)));
    each_variant_boxes(&s)?;
    cast_check!(s, ray; sphere, capsule, aabb, obb, triangle, cylinder, cone, tetrahedron, polygon,
        polyhedron, mesh, compound);
    // The segment, which has no `RayCast` of its own: a capsule of radius 0.
    let seg: Shape<T> = s.segment.into();
    let thin = Capsule::new(s.segment.a, s.segment.b, T::ZERO);
    if !same(&seg.cast_ray(&ray), &thin.cast_ray(&ray)) {
        return Err(format!("cast_ray of {:?}", s.segment));
    }
    Ok(())
}

/// Each variant's box is the concrete shape's.
fn each_variant_boxes<T: Real>(s: &Scene<T>) -> Result<(), String> {
    macro_rules! boxes {
        ($($a:ident),*) => {$(
            let shape: Shape<T> = s.$a.clone().into();
            if shape.aabb() != s.$a.aabb() {
                return Err(format!("aabb of {:?}", s.$a));
            }
        )*};
    }
    boxes!(
        sphere,
        segment,
        capsule,
        aabb,
        obb,
        triangle,
        cylinder,
        cone,
        tetrahedron,
        polygon,
        polyhedron,
        mesh,
        compound
    );
    Ok(())
}

#[test]
fn every_pair_of_variants_answers_as_the_concrete_call() {
    osculate_testing::check_seeds(12, shape_answers_as_the_concrete_call::<f32>);
    osculate_testing::check_seeds(12, shape_answers_as_the_concrete_call::<f64>);
}

/// The worked case of the enum's purpose: a scene of mixed shapes, the nearest to a probe found
/// without a hand-written match, and the set pairs (mesh with compound) reachable through it.
fn a_mixed_scene_answers_through_the_enum<T: Real>() {
    let (l, p, v) = osculate_testing::shorthands::<T>();
    let floor = TriangleMesh::try_new(
        vec![p(-4.0, 0.0, -4.0), p(4.0, 0.0, -4.0), p(0.0, 0.0, 4.0)],
        vec![[0, 2, 1]],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let ball = ConvexPart::Sphere(Sphere::new(Point3::origin(), l(0.5)));
    let pair = Compound::try_new(vec![
        (Isometry3::translation(l(0.0), l(3.0), l(0.0)), ball.clone()),
        (Isometry3::translation(l(1.0), l(2.0), l(0.0)), ball),
    ])
    .unwrap_or_else(|e| panic!("{e}"));
    let scene: Vec<Shape<T>> =
        vec![floor.into(), pair.into(), Aabb::new(p(5.0, 0.0, 0.0), p(6.0, 1.0, 1.0)).into()];
    let d = scene[0].distance(&scene[1]);
    assert!((d - l(1.5)).abs() <= l(1e-5), "{d:?}");
    assert!(!scene[0].overlaps(&scene[1]) && !scene[1].overlaps(&scene[0]));
    // The compound falling 2 meets the floor after 1.5 of it.
    let hit = scene[1].time_of_impact(&v(0.0, -2.0, 0.0), &scene[0], &Vector3::zeros());
    assert!(hit.is_some_and(|h| (h.toi - l(0.75)).abs() <= l(1e-4)), "{hit:?}");
    let k = scene[1].contact(&scene[0]).unwrap_or_else(|| panic!("a contact"));
    assert!((k.distance - l(1.5)).abs() <= l(1e-4), "{k:?}");
    assert!(mesh::overlap_sets(&floor_again::<T>(), &scene_compound(&scene[1])));
}

/// The floor of the worked case, built again (a `Shape` holds its own).
fn floor_again<T: Real>() -> TriangleMesh<T> {
    let p = point3::<T>;
    TriangleMesh::try_new(
        vec![p(-4.0, 0.0, -4.0), p(4.0, 0.0, -4.0), p(0.0, 0.0, 4.0)],
        vec![[0, 2, 1]],
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// The compound of the worked case, lowered 2.5 so that its lower ball is sunk into the floor.
fn scene_compound<T: Real>(s: &Shape<T>) -> Compound<T, ConvexPart<T>> {
    let Shape::Compound(c) = s else { panic!("a compound") };
    let down = Isometry3::translation(T::ZERO, T::lit(-2.5), T::ZERO);
    let parts = c.parts().iter().map(|p| (down * p.pose, p.shape.clone())).collect();
    Compound::try_new(parts).unwrap_or_else(|e| panic!("{e}"))
}

osculate_testing::for_f32_and_f64!(a_mixed_scene_answers_through_the_enum);
