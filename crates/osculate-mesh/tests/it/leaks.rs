//! Closed meshes leak no ray: rays cast from inside a closed mesh through its vertices, through
//! the midpoints of its edges and through random points must hit it, with the nearest-hit and
//! the any-hit query, in `f32` and `f64`. The meshes: icospheres, a noisy sphere, subdivided
//! cubes (every edge axis-aligned, lying on faces of the tree's boxes, where a box test that
//! rounded the wrong way would skip the triangle the watertight test accepts) and a torus, at
//! unit scale, tiny (1e-3) and far from the origin (1e4). 2,000 rays per mesh and scalar in
//! `cargo test` (`OSCULATE_CASES` sets the count, as `cargo xtask soak` does for long runs).

use osculate_cast::Culling;
use osculate_math::{Point3, Ray, Real, Vector3};
use osculate_mesh::{ray_mesh, ray_mesh_test};
use osculate_testing::{Rng, cases};

use crate::meshes::{self, Data};

/// A closed mesh with a way to pick a point strictly inside it.
struct Closed {
    name: &'static str,
    data: Data,
    inside: fn(&mut Rng) -> Point3<f64>,
}

fn closed_meshes() -> Vec<Closed> {
    vec![
        Closed {
            name: "icosphere 4",
            data: meshes::icosphere(4),
            inside: |rng| Point3::from(rng.unit_vector::<f64>().into_inner() * rng.range(0.0, 0.8)),
        },
        Closed {
            name: "noisy sphere",
            data: meshes::sphere(6, |d| 1.0 + 0.15 * (7.0 * d.x).sin() * (5.0 * d.z).cos()),
            inside: |rng| Point3::from(rng.unit_vector::<f64>().into_inner() * rng.range(0.0, 0.8)),
        },
        Closed {
            name: "cube 5",
            data: meshes::cube(5),
            inside: |rng| {
                Point3::new(rng.range(-0.95, 0.95), rng.range(-0.95, 0.95), rng.range(-0.95, 0.95))
            },
        },
        Closed {
            name: "cube 1",
            data: meshes::cube(1),
            inside: |rng| {
                Point3::new(rng.range(-0.95, 0.95), rng.range(-0.95, 0.95), rng.range(-0.95, 0.95))
            },
        },
        Closed {
            name: "torus",
            data: meshes::torus(24, 12, 1.0, 0.4),
            inside: |rng| {
                let a = rng.range(0.0, std::f64::consts::TAU);
                Point3::new(a.cos(), a.sin(), 0.0)
                    + rng.unit_vector::<f64>().into_inner() * rng.range(0.0, 0.25)
            },
        },
    ]
}

fn closed_meshes_leak_no_ray<T: Real>() {
    let n = cases(2000) as usize;
    let mut rng = Rng::new(0x1EA4);
    for closed in closed_meshes() {
        for (scale, offset) in [
            (1.0, Vector3::zeros()),
            (1e-3, Vector3::new(2e-3, -1e-3, 0.0)),
            (10.0, Vector3::new(1e4, 2e4, -1e4)),
        ] {
            let data = closed.data.clone().placed(scale, offset);
            let mesh = data.mesh::<T>();
            let targets = data.vertices_and_edge_midpoints();
            for k in 0..n {
                let origin = Point3::from((closed.inside)(&mut rng).coords * scale + offset);
                let target = if k % 4 == 3 {
                    Point3::from(rng.unit_vector::<f64>().into_inner() * 3.0 * scale + offset)
                } else {
                    targets[rng.index(targets.len())]
                };
                let ray = Ray::new(origin.map(T::lit), (target - origin).map(T::lit));
                // Through a vertex or an edge midpoint, the ray reaches the surface at t ≤ 1.
                let hit = ray_mesh(&ray, &mesh, Culling::TwoSided);
                assert!(hit.is_some(), "{} at scale {scale}: the ray {ray:?} leaks", closed.name);
                assert!(ray_mesh_test(&ray, &mesh, Culling::TwoSided), "{}: {ray:?}", closed.name);
                // From inside, the first triangle met is seen from its back: culling back faces,
                // nothing is hit before it.
                if let (Some(h), Some(front)) = (hit, ray_mesh(&ray, &mesh, Culling::FrontOnly)) {
                    assert!(front.hit.t_enter >= h.hit.t_enter, "{}: {ray:?}", closed.name);
                }
            }
        }
    }
}

osculate_testing::for_f32_and_f64!(closed_meshes_leak_no_ray);
