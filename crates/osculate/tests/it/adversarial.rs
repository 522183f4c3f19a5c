//! The adversarial catalogue (robustness issue, item 4): inputs that sit exactly on the boundaries
//! where textbook code goes wrong, each a named test that states the expected answer and why, run
//! in `f32` and `f64`. docs/robustness.md lists these beside the layer-local worked cases.
#![allow(
    clippy::expect_used,
    reason = "a test: a `None` here is the failure, named by the message"
)]

use osculate::{cast, closest, dynamic, overlap};
use osculate_math::{
    Aabb, Capsule, Obb, Plane, Point3, Ray, Real, Rotation3, Segment, Sphere, Triangle, Vector3,
};

fn p<T: Real>(x: f64, y: f64, z: f64) -> Point3<T> {
    Point3::new(T::lit(x), T::lit(y), T::lit(z))
}

fn v<T: Real>(x: f64, y: f64, z: f64) -> Vector3<T> {
    Vector3::new(T::lit(x), T::lit(y), T::lit(z))
}

/// Runs a generic check in both precisions.
macro_rules! both {
    ($($name:ident => $check:ident),* $(,)?) => {$(
        #[test]
        fn $name() {
            $check::<f32>();
            $check::<f64>();
        }
    )*};
}

both!(
    rays_through_box_edges_corners_and_along_faces => box_edges_corners_faces,
    rays_through_shared_mesh_edges_and_vertices_hit_a_triangle => shared_mesh_edges_and_vertices,
    parallel_and_collinear_segments => parallel_and_collinear_segments_check,
    coplanar_and_edge_touching_triangles => coplanar_and_edge_touching,
    nearly_parallel_obb_edges_do_not_invent_a_separating_axis => nearly_parallel_obb_edges,
    concentric_spheres => concentric_spheres_check,
    sphere_center_exactly_on_a_box_face => sphere_center_on_box_face,
    zero_length_motion_is_a_static_test => zero_length_motion,
    touching_at_t0_sweeps_report_time_zero => touching_at_t0,
);

/// The unit cube `[0, 1]³`: rays through its edges and corners and along its faces. The slab test
/// counts touching as a hit (`t_enter == t_exit` allowed) and widens the exit bound by Ize's
/// `1 + 2γ₃`, so none of these is lost to rounding; a ray in a face's plane but outside the face
/// misses.
fn box_edges_corners_faces<T: Real>() {
    let cube = Aabb::new(p::<T>(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
    let obb = cube.to_obb();
    let hit = |o: Point3<T>, d: Vector3<T>| {
        let (a, b) = (cast::ray_aabb(&Ray::new(o, d), &cube), cast::ray_obb(&Ray::new(o, d), &obb));
        assert_eq!(a.is_some(), b.is_some(), "ray_aabb and ray_obb disagree: {o:?} {d:?}");
        a
    };
    // Diagonally into the edge x = y = 0: enters at t = 1 on the edge (ties go to the lowest axis,
    // so the normal is −x) and leaves through the opposite edge at t = 2.
    let h = hit(p(-1.0, -1.0, 0.5), v(1.0, 1.0, 0.0)).expect("through the edge");
    assert_eq!(h.t_enter, T::ONE);
    assert_eq!(h.normal.into_inner(), -Vector3::x());
    assert!((h.t_exit - T::lit(2.0)).abs() <= T::lit(8.0) * T::EPSILON);
    // Along the edge x = y = 0, from below: enters through the bottom face at t = 1.
    let h = hit(p(0.0, 0.0, -1.0), v(0.0, 0.0, 1.0)).expect("along the edge");
    assert_eq!((h.t_enter, h.normal.into_inner()), (T::ONE, -Vector3::z()));
    // Through the corner, into the box: enters at the corner at t = 1.
    let h = hit(p(-1.0, -1.0, -1.0), v(1.0, 1.0, 1.0)).expect("through the corner");
    assert_eq!(h.t_enter, T::ONE);
    assert_eq!(h.point, p(0.0, 0.0, 0.0));
    // Touching only the corner (0, 0, 0) on the way past: a hit of zero length.
    let h = hit(p(-1.0, -1.0, 1.0), v(1.0, 1.0, -1.0)).expect("grazing the corner");
    assert_eq!(h.t_enter, T::ONE);
    assert!(h.t_exit >= h.t_enter && h.t_exit - h.t_enter <= T::lit(8.0) * T::EPSILON);
    // Into the box through the edge x = 1, z = 0 (direction in the plane y = 0.5).
    let h = hit(p(2.0, 0.5, -1.0), v(-1.0, 0.0, 1.0)).expect("through the edge");
    assert_eq!(h.t_enter, T::ONE);
    // Touching only that edge on the way past: a hit of zero length.
    let h = hit(p(2.0, 0.5, 1.0), v(-1.0, 0.0, -1.0)).expect("grazing the edge");
    assert_eq!(h.t_enter, T::ONE);
    assert!(h.t_exit >= h.t_enter && h.t_exit - h.t_enter <= T::lit(8.0) * T::EPSILON);
    // Along the top face, in its plane: a hit over the face's whole length, no NaN from 0·∞.
    let h = hit(p(-1.0, 0.5, 1.0), v(1.0, 0.0, 0.0)).expect("along the face");
    assert_eq!(h.t_enter, T::ONE);
    // In the top face's plane but beside the face: a miss.
    assert!(hit(p(-1.0, 1.5, 1.0), v(1.0, 0.0, 0.0)).is_none());
    // Past the corner by 1e-3, far more than the widening: a miss.
    assert!(hit(p(-1.001, -1.0, 1.0), v(1.0, 1.0, -1.0)).is_none());
}

/// A mesh: triangles sharing edges and a vertex, with rays through the shared edge and vertex.
/// The watertight test (Woop, Benthin and Wald 2013) guarantees that a ray through a shared edge
/// or vertex hits at least one of the triangles that share it, for every such ray: the edge
/// functions are evaluated identically for both triangles, with exact tie-breaking. Here the fan
/// is checked over many rays through points of the shared edges (rounded, so anywhere within
/// rounding of the edge) and through the shared vertex, in all directions that cross the plane.
fn shared_mesh_edges_and_vertices<T: Real>() {
    // A fan of six triangles around the vertex c, in a tilted plane with awkward coordinates.
    let c = p::<T>(0.3, -0.7, 0.1);
    let ring: Vec<Point3<T>> = (0..6)
        .map(|k| {
            let a = f64::from(k) * std::f64::consts::PI / 3.0 + 0.1;
            p(0.3 + a.cos(), -0.7 + a.sin(), 0.1 + 0.37 * a.cos() - 0.21 * a.sin())
        })
        .collect();
    let tris: Vec<Triangle<T>> =
        (0..6).map(|k| Triangle::new(c, ring[k], ring[(k + 1) % 6])).collect();
    let mut rng = osculate_testing::Rng::new(7);
    let hits = |r: &Ray<T>| {
        tris.iter()
            .filter(|t| cast::ray_triangle_watertight(r, t, cast::Culling::TwoSided).is_some())
            .count()
    };
    for _ in 0..2000 {
        // A point on the shared edge c–ring[k] (at a rounded parameter), and a direction that
        // crosses the fan's plane (not within 5° of it).
        let k = rng.index(6);
        let s = T::lit(rng.range(0.01, 0.99));
        let on_edge = c + (ring[k] - c) * s;
        let normal = (ring[0] - c).cross(&(ring[1] - c)).normalize();
        let mut d = rng.unit_vector::<T>().into_inner();
        if d.dot(&normal).abs() < T::lit(0.09) {
            d += normal;
        }
        for target in [on_edge, c] {
            let r = Ray::new(target - d * T::lit(3.0), d);
            assert!(
                hits(&r) >= 1,
                "ray {r:?} through a shared edge or the vertex hits no triangle"
            );
        }
    }
}

/// Segment pairs that are parallel or collinear: the closest-point formula's denominator is zero,
/// so the answer comes from the clamped special case (Ericson 5.1.9), and must still be the true
/// distance with witnesses on both segments.
fn parallel_and_collinear_segments_check<T: Real>() {
    let tol = T::lit(16.0) * T::EPSILON;
    let check = |a: Segment<T>, b: Segment<T>, want: f64| {
        let r = closest::closest_points_segment_segment(&a, &b);
        assert!((r.distance - T::lit(want)).abs() <= tol, "{a:?} {b:?}: {r:?}, want {want}");
        assert!(((r.point_b - r.point_a).norm() - r.distance).abs() <= tol, "{r:?}");
        for (q, s) in [(r.point_a, a), (r.point_b, b)] {
            assert!(closest::sq_distance_point_segment(&q, &s) <= tol * tol, "{q:?} off {s:?}");
        }
        // Exchange symmetry: the same distance the other way round.
        let back = closest::closest_points_segment_segment(&b, &a);
        assert!((back.distance - r.distance).abs() <= tol);
    };
    let s = |a: Point3<T>, b: Point3<T>| Segment::new(a, b);
    // Parallel, overlapping in x: distance 1 (any witness pair over x ∈ [1, 2]).
    check(s(p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0)), s(p(1.0, 1.0, 0.0), p(3.0, 1.0, 0.0)), 1.0);
    // Anti-parallel, the same pair with b reversed.
    check(s(p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0)), s(p(3.0, 1.0, 0.0), p(1.0, 1.0, 0.0)), 1.0);
    // Parallel, disjoint in x: end to end, √2.
    check(
        s(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0)),
        s(p(2.0, 1.0, 0.0), p(3.0, 1.0, 0.0)),
        std::f64::consts::SQRT_2,
    );
    // Collinear and overlapping: 0. Collinear with a gap of 1: 1.
    check(s(p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0)), s(p(1.0, 0.0, 0.0), p(3.0, 0.0, 0.0)), 0.0);
    check(s(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0)), s(p(2.0, 0.0, 0.0), p(3.0, 0.0, 0.0)), 1.0);
    // Collinear, one inside the other; and a zero-length segment on the other's line.
    check(s(p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0)), s(p(1.0, 0.0, 0.0), p(2.0, 0.0, 0.0)), 0.0);
    check(s(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0)), s(p(3.0, 0.0, 0.0), p(3.0, 0.0, 0.0)), 2.0);
    // Both zero-length.
    check(s(p(0.0, 0.0, 0.0), p(0.0, 0.0, 0.0)), s(p(0.0, 3.0, 4.0), p(0.0, 3.0, 4.0)), 5.0);
}

/// Coplanar triangles, and triangles meeting only along an edge or at a vertex. Both
/// triangle-triangle modes count touching as overlapping (closed sets); the exact mode evaluates
/// the orientations exactly, the fast one within a relative tolerance, and on these inputs (small
/// integers, exactly representable) both must be right. The distance is 0 wherever they meet.
fn coplanar_and_edge_touching<T: Real>() {
    let t = |a: Point3<T>, b: Point3<T>, c: Point3<T>| Triangle::new(a, b, c);
    let base = t(p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0), p(0.0, 2.0, 0.0));
    let cases = [
        ("coplanar overlapping", t(p(1.0, 0.0, 0.0), p(3.0, 0.0, 0.0), p(1.0, 2.0, 0.0)), true),
        ("coplanar nested", t(p(0.2, 0.2, 0.0), p(0.6, 0.2, 0.0), p(0.2, 0.6, 0.0)), true),
        ("coplanar sharing an edge", t(p(2.0, 0.0, 0.0), p(0.0, 2.0, 0.0), p(2.0, 2.0, 0.0)), true),
        (
            "coplanar touching at a vertex",
            t(p(2.0, 0.0, 0.0), p(3.0, 0.0, 0.0), p(3.0, 1.0, 0.0)),
            true,
        ),
        ("coplanar apart", t(p(1.5, 1.5, 0.0), p(3.0, 1.5, 0.0), p(1.5, 3.0, 0.0)), false),
        ("edge-touching, folded up", t(p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0), p(0.0, 0.0, 2.0)), true),
        ("vertex on the face", t(p(0.5, 0.5, 0.0), p(0.5, 0.5, 1.0), p(1.0, 0.0, 1.0)), true),
        ("above, parallel", t(p(0.0, 0.0, 1.0), p(2.0, 0.0, 1.0), p(0.0, 2.0, 1.0)), false),
    ];
    for (name, other, meets) in cases {
        for (x, y) in [(&base, &other), (&other, &base)] {
            assert_eq!(overlap::triangle_triangle(x, y), meets, "fast: {name}");
            assert_eq!(overlap::triangle_triangle_exact(x, y), meets, "exact: {name}");
            let d = closest::closest_points_triangle_triangle(x, y).distance;
            assert_eq!(d == T::ZERO, meets, "distance {d:?}: {name}");
        }
    }
}

/// Ericson 5.2.1.1: for two boxes with nearly parallel edges the edge-edge axis `a_i × b_j` is
/// nearly zero, and a test that does not account for it sees noise projections and can report a
/// separating axis that is not one. Two overlapping unit boxes, one turned by tiny angles about a
/// shared axis, overlap for every angle; moved apart by 0.01 along a face normal, they are apart.
fn nearly_parallel_obb_edges<T: Real>() {
    let half = v::<T>(0.5, 0.5, 0.5);
    let a = Obb::new(p(0.0, 0.0, 0.0), Rotation3::identity(), half);
    for angle in [1e-2, 1e-4, 1e-6, 1e-8, 1e-10, 0.0] {
        for axis in [Vector3::x_axis(), Vector3::z_axis()] {
            let r = Rotation3::from_axis_angle(&axis, T::lit(angle));
            let overlapping = Obb::new(p(0.9, 0.3, -0.2), r, half);
            assert!(overlap::obb_obb(&a, &overlapping), "angle {angle}: overlapping boxes");
            let c = closest::contact_obb_obb(&a, &overlapping).expect("a contact");
            // The least-overlap axis is x: 0.1 of overlap, up to the turn's effect on the extent.
            assert!((c.depth() - T::lit(0.1)).abs() <= T::lit(0.011), "angle {angle}: {c:?}");
            let apart = Obb::new(p(1.01 + angle, 0.3, -0.2), r, half);
            assert!(!overlap::obb_obb(&a, &apart), "angle {angle}: boxes 0.01 apart");
        }
    }
}

/// Concentric spheres: the direction between the centers is undefined. The contact still has
/// depth `ra + rb`, a unit normal (any axis), and witnesses that satisfy
/// `point_b − point_a = distance·normal`; the sweep reports an initial overlap at `t = 0`.
fn concentric_spheres_check<T: Real>() {
    let (a, b) = (
        Sphere::new(p::<T>(1.0, 2.0, 3.0), T::lit(1.0)),
        Sphere::new(p(1.0, 2.0, 3.0), T::lit(0.5)),
    );
    let c = closest::contact_sphere_sphere(&a, &b).expect("concentric spheres overlap");
    assert_eq!(c.distance, T::lit(-1.5));
    assert!((c.normal.norm() - T::ONE).abs() <= T::lit(4.0) * T::EPSILON);
    assert!(
        ((c.point_b - c.point_a) - c.normal.into_inner() * c.distance).norm()
            <= T::lit(8.0) * T::EPSILON
    );
    assert!(overlap::sphere_sphere(&a, &b));
    assert_eq!(closest::closest_points_sphere_sphere(&a, &b).distance, T::ZERO);
    let hit =
        dynamic::sphere_sphere(&a, &v(1.0, 0.0, 0.0), &b, &Vector3::zeros()).expect("overlap");
    assert!(hit.toi == T::ZERO && hit.initially_overlapping, "{hit:?}");
    // Zero radii at one point: touching (closed sets), depth 0.
    let (pa, pb) = (Sphere::new(a.center, T::ZERO), Sphere::new(a.center, T::ZERO));
    assert!(overlap::sphere_sphere(&pa, &pb));
    assert_eq!(closest::contact_sphere_sphere(&pa, &pb).map(|c| c.distance), Some(T::ZERO));
}

/// A sphere whose center lies exactly on a box face: half inside. The contact pushes the box out
/// along the face normal by the radius (depth `r`; the normal from the sphere to the box is minus
/// the face's outward normal), for the axis-aligned and the oriented box alike; a zero-radius
/// sphere there touches (depth 0).
fn sphere_center_on_box_face<T: Real>() {
    let cube = Aabb::new(p::<T>(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
    let s = Sphere::new(p(1.0, 0.25, 0.5), T::lit(0.125));
    for c in [
        closest::contact_sphere_aabb(&s, &cube).expect("aabb contact"),
        closest::contact_sphere_obb(&s, &cube.to_obb()).expect("obb contact"),
    ] {
        assert!((c.distance + T::lit(0.125)).abs() <= T::lit(4.0) * T::EPSILON, "{c:?}");
        assert!((c.normal.into_inner() + Vector3::x()).norm() <= T::lit(4.0) * T::EPSILON, "{c:?}");
        assert!((c.point_b - p(1.0, 0.25, 0.5)).norm() <= T::lit(4.0) * T::EPSILON, "{c:?}");
    }
    assert!(overlap::sphere_aabb(&s, &cube) && overlap::sphere_obb(&s, &cube.to_obb()));
    let dot = Sphere::new(s.center, T::ZERO);
    assert!(overlap::sphere_aabb(&dot, &cube));
    assert_eq!(closest::contact_sphere_aabb(&dot, &cube).map(|c| c.distance), Some(T::ZERO));
}

/// Zero displacement on both sides: every sweep reduces to a static overlap test, answering
/// `toi = 0` with `initially_overlapping` for overlapping shapes and `None` for separated ones
/// (no division by the zero relative speed).
fn zero_length_motion<T: Real>() {
    let z = Vector3::<T>::zeros();
    let unit = |x: f64| Sphere::new(p::<T>(x, 0.0, 0.0), T::ONE);
    let cube = |x: f64| Aabb::new(p::<T>(x, 0.0, 0.0), p(x + 1.0, 1.0, 1.0));
    let cap = |x: f64| Capsule::new(p::<T>(x, 0.0, 0.0), p(x, 0.0, 2.0), T::lit(0.5));
    let tri = |x: f64| Triangle::new(p::<T>(x, -1.0, -1.0), p(x, 1.0, -1.0), p(x, 0.0, 1.0));
    let plane = Plane { normal: Vector3::x_axis(), d: T::lit(5.0) };
    for (x_near, overlapping) in [(0.5, true), (10.0, false)] {
        let hits = [
            ("sphere_sphere", dynamic::sphere_sphere(&unit(0.0), &z, &unit(x_near * 2.0), &z)),
            ("sphere_aabb", dynamic::sphere_aabb(&unit(-x_near), &z, &cube(0.0), &z)),
            ("sphere_obb", dynamic::sphere_obb(&unit(-x_near), &z, &cube(0.0).to_obb(), &z)),
            ("sphere_triangle", dynamic::sphere_triangle(&unit(x_near), &z, &tri(0.0), &z)),
            ("sphere_capsule", dynamic::sphere_capsule(&unit(x_near), &z, &cap(0.0), &z)),
            ("capsule_capsule", dynamic::capsule_capsule(&cap(0.0), &z, &cap(x_near), &z)),
            ("aabb_aabb", dynamic::aabb_aabb(&cube(0.0), &z, &cube(x_near), &z)),
            ("obb_obb", dynamic::obb_obb(&cube(0.0).to_obb(), &z, &cube(x_near).to_obb(), &z)),
            ("aabb_triangle", dynamic::aabb_triangle(&cube(0.0), &z, &tri(x_near), &z)),
            ("sphere_plane", dynamic::sphere_plane(&unit(5.0 + x_near), &z, &plane)),
        ];
        for (name, hit) in hits {
            if overlapping {
                assert!(
                    hit.is_some_and(|h| h.toi == T::ZERO && h.initially_overlapping),
                    "{name}: {hit:?}"
                );
            } else {
                assert!(hit.is_none(), "{name}: {hit:?}");
            }
        }
    }
}

/// Shapes exactly touching at `t = 0` and moving into each other: the first contact is at `t = 0`
/// and counts as an initial overlap (touching is contact); moving apart from touching is also
/// reported at `t = 0` (the shapes are in contact at the start of the motion).
fn touching_at_t0<T: Real>() {
    let z = Vector3::<T>::zeros();
    let a = Sphere::new(p::<T>(0.0, 0.0, 0.0), T::ONE);
    let b = Sphere::new(p::<T>(2.0, 0.0, 0.0), T::ONE);
    let cube = Aabb::new(p::<T>(1.0, -1.0, -1.0), p(3.0, 1.0, 1.0));
    let cap = Capsule::new(p::<T>(2.0, 0.0, -1.0), p(2.0, 0.0, 1.0), T::ONE);
    for vx in [1.0, -1.0] {
        let va = v::<T>(vx, 0.0, 0.0);
        let hits = [
            ("sphere_sphere", dynamic::sphere_sphere(&a, &va, &b, &z)),
            ("sphere_aabb", dynamic::sphere_aabb(&a, &va, &cube, &z)),
            ("sphere_obb", dynamic::sphere_obb(&a, &va, &cube.to_obb(), &z)),
            ("sphere_capsule", dynamic::sphere_capsule(&a, &va, &cap, &z)),
        ];
        for (name, hit) in hits {
            assert!(
                hit.is_some_and(|h| h.toi == T::ZERO && h.initially_overlapping),
                "{name}, v = {va:?}: {hit:?}"
            );
        }
    }
}
