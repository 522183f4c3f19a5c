//! Watertightness: rays cast from inside closed triangle meshes must hit a triangle. The
//! watertight test (Woop, Benthin, Wald 2013) must leak nothing; Möller-Trumbore's leaks are counted
//! and reported (rays through shared edges and vertices can slip between its triangles).

use osculate_cast::{Culling, ray_triangle, ray_triangle_watertight};
use osculate_math::{Point3, Ray, Real, Triangle, Vector3};
use osculate_testing::Rng;

/// A closed mesh: an icosahedron subdivided `levels` times, its vertices pushed onto the sphere of
/// `radius` around `center`.
fn icosphere<T: Real>(center: Point3<f64>, radius: f64, levels: u32) -> Vec<Triangle<T>> {
    let v = osculate_testing::icosahedron_vertices();
    let faces = osculate_testing::ICOSAHEDRON_FACES;
    let on_sphere = |p: Vector3<f64>| p.normalize();
    let mut tris: Vec<[Vector3<f64>; 3]> = faces
        .iter()
        .map(|f| f.map(|i| on_sphere(Vector3::new(v[i][0], v[i][1], v[i][2]))))
        .collect();
    for _ in 0..levels {
        tris = tris
            .iter()
            .flat_map(|[a, b, c]| {
                let (ab, bc, ca) = (on_sphere(a + b), on_sphere(b + c), on_sphere(c + a));
                [[*a, ab, ca], [ab, *b, bc], [ca, bc, *c], [ab, bc, ca]]
            })
            .collect();
    }
    // Shared vertices must be bit-identical in both triangles: they are, since each midpoint is
    // computed from the same two vertices (a + b == b + a exactly) and then mapped identically.
    let map = |p: &Vector3<f64>| {
        let q = center + p * radius;
        Point3::new(T::lit(q.x), T::lit(q.y), T::lit(q.z))
    };
    tris.iter().map(|[a, b, c]| Triangle::new(map(a), map(b), map(c))).collect()
}

/// A closed mesh: the box `[lo, hi]` as twelve triangles.
fn cube<T: Real>(lo: [f64; 3], hi: [f64; 3]) -> Vec<Triangle<T>> {
    let c = |i: usize| {
        Point3::new(
            T::lit(if i & 1 == 0 { lo[0] } else { hi[0] }),
            T::lit(if i & 2 == 0 { lo[1] } else { hi[1] }),
            T::lit(if i & 4 == 0 { lo[2] } else { hi[2] }),
        )
    };
    let quads =
        [[0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6], [0, 2, 6, 4], [1, 5, 7, 3]];
    quads
        .iter()
        .flat_map(|q| {
            [Triangle::new(c(q[0]), c(q[1]), c(q[2])), Triangle::new(c(q[0]), c(q[2]), c(q[3]))]
        })
        .collect()
}

/// Casts `rays` random rays from random points inside (within `inner` of `center`) in random
/// directions, some aimed exactly at mesh vertices (the hardest case); returns the leak counts of
/// (watertight, Möller-Trumbore).
fn leaks<T: Real>(
    mesh: &[Triangle<T>],
    center: Point3<f64>,
    inner: f64,
    rays: usize,
) -> (usize, usize) {
    let mut rng = Rng::new(0x5eed);
    let (mut wt, mut mt) = (0, 0);
    for k in 0..rays {
        let o = center + rng.unit_vector::<f64>().into_inner() * rng.range(0.0, inner);
        let origin = Point3::new(T::lit(o.x), T::lit(o.y), T::lit(o.z));
        let direction = if k % 4 == 0 {
            // Straight at a vertex of a random triangle.
            let t = &mesh[rng.index(mesh.len())];
            t.a - origin
        } else {
            rng.unit_vector::<T>().into_inner()
        };
        if direction == Vector3::zeros() {
            continue;
        }
        let ray = Ray::new(origin, direction);
        if !mesh.iter().any(|t| ray_triangle_watertight(&ray, t, Culling::TwoSided).is_some()) {
            wt += 1;
        }
        if !mesh.iter().any(|t| ray_triangle(&ray, t, Culling::TwoSided).is_some()) {
            mt += 1;
        }
    }
    (wt, mt)
}

fn closed_meshes_do_not_leak<T: Real>() {
    let center = Point3::new(3.0, -2.0, 1.0);
    let sphere = icosphere::<T>(center, 2.0, 2);
    let (wt, mt) = leaks(&sphere, center, 1.0, 60_000);
    eprintln!(
        "icosphere ({} triangles), 60000 rays: watertight {wt} leaks, Möller-Trumbore {mt}",
        sphere.len()
    );
    assert_eq!(wt, 0, "watertight test leaked on the icosphere");
    let boxed = cube::<T>([-1.0, -0.5, 2.0], [1.5, 0.75, 3.0]);
    let (wt, mt) = leaks(&boxed, Point3::new(0.25, 0.125, 2.5), 0.4, 60_000);
    eprintln!("cube (12 triangles), 60000 rays: watertight {wt} leaks, Möller-Trumbore {mt}");
    assert_eq!(wt, 0, "watertight test leaked on the cube");
}

osculate_testing::for_f32_and_f64!(closed_meshes_do_not_leak);
