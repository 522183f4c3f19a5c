//! Differential tests against parry3d's `TriMesh` (f32) and parry3d-f64's (f64) on the same
//! meshes: ray casts (`RayCast::cast_local_ray_and_get_normal`, which names the triangle hit),
//! point projection (`PointQuery::project_local_point`, the mesh as a surface) and ball overlap
//! (`query::intersection_test`). The meshes: a noisy closed sphere, a random terrain, and
//! soups with the adversarial classes (slivers, needles, collapsed triangles, coplanar fans,
//! duplicate vertices, long thin triangles), at unit scale; rays aimed at vertices, edge
//! midpoints and random points of random triangles (see `brute::rays`).
//!
//! The referee is the `f64` brute force over every triangle, on the `f32` inputs widened
//! exactly. Every disagreement is put in a named class, counted, printed (`--nocapture`) and
//! asserted: each class is one of the expected ones below, with its share bounded.

use std::collections::BTreeMap;

use osculate_cast::{Culling, ray_triangle_watertight};
use osculate_closest::closest_point_on_triangle;
use osculate_math::{Point3, Ray, Real, Sphere, Triangle, Vector3};
use osculate_mesh::{TriangleMesh, closest_point_on_mesh, overlap_convex_mesh, ray_mesh};
use osculate_testing::Rng;
use parry3d::query::{PointQuery as _, RayCast as _};
use parry3d_f64::query::{PointQuery as _, RayCast as _};

use crate::brute::rays;
use crate::meshes::{self, Data};

/// Both hit the same surface point (parameters within the tolerance), or both miss.
const AGREE: &str = "agree";
/// Ours hits within rounding of a shared edge or vertex (a barycentric below 1e-4), parry misses:
/// parry's ray-triangle test is not watertight, and a ray through the shared edge of two
/// triangles can pass between them. The `f64` referee hits there.
const PARRY_LEAKS: &str = "parry leaks through an edge or vertex";
/// Parry hits a triangle ours reports degenerate (collapsed up to rounding; the watertight test
/// misses it by design, and its neighbours, if any, are hit).
const PARRY_HITS_DEGENERATE: &str = "parry hits a degenerate triangle";
/// Parry hits within rounding of a triangle's edge or vertex on the mesh's border (no other
/// triangle shares the edge: a soup's free corner, a terrain's rim) where ours misses: with no
/// neighbour to claim the ray, which side of the border it passes is a coin toss of rounding for
/// either library (and the `f64` referee may fall either way); the watertight test guarantees
/// only that shared edges leak nothing.
const FREE_EDGE: &str = "parry hits a free edge or vertex within rounding";
/// The ray passes within rounding of an edge or vertex on the mesh's silhouette as seen along it
/// (a fold: the triangles having the edge all lie on one side of it seen along the ray, as on a
/// closed mesh's outline or where a soup's two triangles share an edge but are wound the same
/// way along it and folded onto each other): it touches the surface without entering, and either
/// library may round to a touch or a miss. (Where the surface continues across an edge, the
/// watertight test leaks nothing: the closed-mesh tests check it.)
const SILHOUETTE: &str = "a touch at a silhouette edge or vertex";
/// Both hit the same triangle; ours matches the referee within the tolerance and parry's
/// parameter does not (long thin and oblique triangles of the soups, where its test loses
/// digits to cancellation).
const PARRY_IMPRECISE: &str = "parry's parameter off on the same triangle";
/// A ray grazing the triangle it hits (|cos| between ray and normal below 1e-3): the parameter
/// along it is ill-conditioned, and the two libraries round to different points of the same
/// edge-on surface, or one of them to a miss.
const GRAZE: &str = "graze";

/// Parry's projection of a point lands off the mesh (farther than the tolerance from every
/// triangle) and nearer than the brute-force distance, on the soups only (the meshes with
/// slivers, needles and collapsed triangles, whose point-triangle projection divides by a
/// near-zero area). Ours is the brute-force distance (the closest-point layer treats slivers by
/// their edges).
const PARRY_PROJECTS_OFF_DEGENERATE: &str = "parry projects off the mesh on a soup";
/// Points and balls: both agree within the tolerance.
const NEAR_BOUNDARY: &str = "ball touching a triangle within the tolerance";

/// A mesh of parry's f32 and f64 kinds.
trait Parry<T: Real> {
    type Mesh;
    fn mesh(data: &Data) -> Self::Mesh;
    /// The hit's parameter and triangle.
    fn cast(m: &Self::Mesh, ray: &Ray<T>) -> Option<(T, usize)>;
    /// The distance from `p` to the surface, and the projected point.
    fn distance(m: &Self::Mesh, p: &Point3<T>) -> (T, Point3<f64>);
    /// Whether the ball overlaps the mesh.
    fn ball(m: &Self::Mesh, b: &Sphere<T>) -> bool;
}

/// [`Parry`] for the scalar `$t` by the parry crate `$parry`, as the marker type `$name`.
macro_rules! parry_impl {
    ($name:ident, $parry:ident, $t:ty) => {
        struct $name;

        impl Parry<$t> for $name {
            type Mesh = $parry::shape::TriMesh;
            fn mesh(data: &Data) -> Self::Mesh {
                let v = data
                    .vertices::<$t>()
                    .iter()
                    .map(|p| $parry::math::Vector::new(p.x, p.y, p.z))
                    .collect();
                crate::ok($parry::shape::TriMesh::new(v, data.triangles.clone()))
            }
            fn cast(m: &Self::Mesh, r: &Ray<$t>) -> Option<($t, usize)> {
                let v = |x: &Vector3<$t>| $parry::math::Vector::new(x.x, x.y, x.z);
                let ray = $parry::query::Ray::new(v(&r.origin.coords), v(&r.direction));
                let h = m.cast_local_ray_and_get_normal(&ray, r.max_t, false)?;
                Some((h.time_of_impact, h.subshape as usize))
            }
            fn distance(m: &Self::Mesh, p: &Point3<$t>) -> ($t, Point3<f64>) {
                let q = $parry::math::Vector::new(p.x, p.y, p.z);
                let r = m.project_local_point(q, false).point;
                ((r - q).length(), Point3::new(r.x.into(), r.y.into(), r.z.into()))
            }
            fn ball(m: &Self::Mesh, b: &Sphere<$t>) -> bool {
                let c = $parry::math::Vector::new(b.center.x, b.center.y, b.center.z);
                let pose = $parry::math::Pose::from_translation(c);
                crate::ok($parry::query::intersection_test(
                    &pose,
                    &$parry::shape::Ball::new(b.radius),
                    &$parry::math::Pose::IDENTITY,
                    m,
                ))
                .intersecting
            }
        }
    };
}

parry_impl!(P32, parry3d, f32);
parry_impl!(P64, parry3d_f64, f64);

/// For a failure's message: the triangles sharing an edge (two vertices, by position) with
/// triangle `tri`, itself included, each with the cosine of its normal to `d` (`None` when
/// collapsed).
fn sharing_an_edge(
    tris: &[Triangle<f64>],
    tri: usize,
    d: &Vector3<f64>,
) -> Vec<(usize, Option<f64>)> {
    let corners = [tris[tri].a, tris[tri].b, tris[tri].c];
    tris.iter()
        .enumerate()
        .filter(|(_, u)| [u.a, u.b, u.c].iter().filter(|v| corners.contains(v)).count() >= 2)
        .map(|(i, u)| (i, u.unit_normal().map(|n| n.dot(d) / d.norm())))
        .collect()
}

/// Tolerance relative to the mesh's size: f32 1e-4, f64 1e-9.
fn tolerance<T: Real>() -> f64 {
    osculate_testing::test_tolerance::<T>().to_f64()
}

/// Whether the edge or vertex of triangle `tri` nearest `p` is on the mesh's border: an edge no
/// other triangle has (by position), or a vertex of such an edge, or a vertex no other triangle
/// has. Through such a feature a ray may pass on either side by rounding without leaking
/// between triangles.
fn free_feature(tris: &[Triangle<f64>], tri: usize, p: &Point3<f64>) -> bool {
    let t = &tris[tri];
    let corners = [t.a, t.b, t.c];
    let w = t.barycentric(p).unwrap_or([1.0, 0.0, 0.0]);
    let has = |u: &Triangle<f64>, q: &Point3<f64>| u.a == *q || u.b == *q || u.c == *q;
    let edge_is_free = |i: usize, j: usize| {
        let (a, b) = (corners[i], corners[j]);
        !tris.iter().enumerate().any(|(k, u)| k != tri && has(u, &a) && has(u, &b))
    };
    let small: Vec<usize> = (0..3).filter(|&k| w[k].abs() < 1e-4).collect();
    match small.as_slice() {
        [k] => edge_is_free((k + 1) % 3, (k + 2) % 3),
        [k, l] => {
            let v = 3 - k - l;
            // A vertex: on the border if any edge through it is free.
            edge_is_free(v, (v + 1) % 3)
                || edge_is_free(v, (v + 2) % 3)
                || tris.iter().enumerate().filter(|&(m, u)| m != tri && has(u, &corners[v])).any(
                    |(m, u)| {
                        let others: Vec<Point3<f64>> =
                            [u.a, u.b, u.c].into_iter().filter(|q| *q != corners[v]).collect();
                        others.iter().any(|q| {
                            !tris
                                .iter()
                                .enumerate()
                                .any(|(n, x)| n != m && has(x, &corners[v]) && has(x, q))
                        })
                    },
                )
        }
        _ => false,
    }
}

/// Whether the edge or vertex of triangle `tri` nearest `p` lies on the silhouette (a fold) seen
/// along `d`: for an edge, every triangle having it (by position) lies on one side of it as seen
/// along `d`, so the surface does not continue across it; for a vertex, its triangles face `d`
/// from both sides or one of its edges is such a fold.
fn silhouette(tris: &[Triangle<f64>], tri: usize, p: &Point3<f64>, d: &Vector3<f64>) -> bool {
    let t = &tris[tri];
    let corners = [t.a, t.b, t.c];
    let w = t.barycentric(p).unwrap_or([1.0, 0.0, 0.0]);
    let has = |u: &Triangle<f64>, q: &Point3<f64>| u.a == *q || u.b == *q || u.c == *q;
    // Whether edge pq is a fold seen along d: the third vertices all on one side of it.
    let fold = |a: Point3<f64>, b: Point3<f64>| {
        let sides: Vec<f64> = tris
            .iter()
            .filter(|u| has(u, &a) && has(u, &b))
            .filter_map(|u| [u.a, u.b, u.c].into_iter().find(|r| *r != a && *r != b))
            .map(|r| (b - a).cross(&(r - a)).dot(d))
            .collect();
        !(sides.iter().any(|&x| x > 0.0) && sides.iter().any(|&x| x < 0.0))
    };
    let big: Vec<usize> = (0..3).filter(|&k| w[k].abs() >= 1e-4).collect();
    match big.as_slice() {
        [i, j] => fold(corners[*i], corners[*j]),
        [v] => {
            let v = corners[*v];
            let fan: Vec<&Triangle<f64>> = tris.iter().filter(|u| has(u, &v)).collect();
            let signs: Vec<f64> =
                fan.iter().filter_map(|u| u.unit_normal().map(|n| n.dot(d))).collect();
            (signs.iter().any(|&s| s > 0.0) && signs.iter().any(|&s| s < 0.0))
                || fan
                    .iter()
                    .any(|u| [u.a, u.b, u.c].into_iter().filter(|r| *r != v).any(|r| fold(v, r)))
        }
        _ => false,
    }
}

/// The smallest barycentric of `p` on `t` (in `f64`): 0 on an edge.
fn edge_closeness(t: &Triangle<f64>, p: &Point3<f64>) -> f64 {
    t.barycentric(p).map_or(0.0, |w| w.iter().fold(f64::INFINITY, |a, &x| a.min(x.abs())))
}

fn differential<T: Real, P: Parry<T>>() {
    let mut rng = Rng::new(0x9A22);
    let mut classes: BTreeMap<&str, usize> = BTreeMap::new();
    let mut total = 0usize;
    let rounds = crate::mesh_cases(12, 300) as usize;
    for round in 0..rounds {
        let data = match round % 3 {
            0 => meshes::sphere(4 + rng.index(6), |d| {
                1.0 + 0.1 * (6.0 * d.x).sin() * (5.0 * d.y).cos()
            }),
            1 => meshes::terrain(&mut rng, 12, 1.5),
            _ => meshes::soup(&mut rng, 300, 1.0),
        };
        let ours = data.mesh::<T>();
        let theirs = P::mesh(&data);
        let tris = data.triangles::<T>();
        let tris64: Vec<Triangle<f64>> = tris
            .iter()
            .map(|t| {
                Triangle::new(
                    t.a.map(|x| x.to_f64()),
                    t.b.map(|x| x.to_f64()),
                    t.c.map(|x| x.to_f64()),
                )
            })
            .collect();
        let size = (ours.bvh().aabb::<f64>().max - ours.bvh().aabb::<f64>().min).amax();
        for ray in rays::<T>(&mut rng, &data, 400) {
            total += 1;
            let class = classify_ray::<T, P>(&ray, &ours, &theirs, &tris64, size);
            *classes.entry(class).or_default() += 1;
        }
        // Points: the distances agree within the tolerance.
        for _ in 0..100 {
            let p = (ours.bvh().aabb::<f64>().center()
                + rng.unit_vector::<f64>().into_inner() * size * rng.range(0.0, 1.5))
            .map(T::lit);
            let d = crate::some(closest_point_on_mesh(&p, &ours), "closest point")
                .sq_distance
                .sqrt()
                .to_f64();
            let (dp, q) = P::distance(&theirs, &p);
            let dp = dp.to_f64();
            let off = tris64
                .iter()
                .enumerate()
                .map(|(i, t)| ((closest_point_on_triangle(&q, t).point - q).norm(), i))
                .fold((f64::INFINITY, 0), |a, b| if b.0 < a.0 { b } else { a });
            let brute = brute_distance(&tris64, &p.map(|x| x.to_f64()));
            assert!((d - brute).abs() <= tolerance::<T>() * size, "ours {d}, brute force {brute}");
            if (d - dp).abs() <= tolerance::<T>() * size {
                *classes.entry(AGREE).or_default() += 1;
                continue;
            }
            let soup = round % 3 == 2;
            assert!(
                off.0 > tolerance::<T>() * size && soup && dp < d,
                "round {round}: distance from {p:?}: ours {d}, parry {dp}; parry's point {q:?} is {off:?} from the mesh: {:?}",
                tris64[off.1]
            );
            *classes.entry(PARRY_PROJECTS_OFF_DEGENERATE).or_default() += 1;
        }
        // Balls: both say the same, except within the tolerance of touching.
        for _ in 0..100 {
            let c = (ours.bvh().aabb::<f64>().center()
                + rng.unit_vector::<f64>().into_inner() * size * rng.range(0.0, 1.2))
            .map(T::lit);
            let ball = Sphere::new(c, T::lit(size * rng.range(0.01, 0.2)));
            let (a, b) = (overlap_convex_mesh(&ball, &ours), P::ball(&theirs, &ball));
            let gap = brute_distance(&tris64, &c.map(|x| x.to_f64())) - ball.radius.to_f64();
            if a == b {
                *classes.entry(AGREE).or_default() += 1;
            } else {
                assert!(
                    gap.abs() <= tolerance::<T>() * size,
                    "ball {ball:?}: ours {a}, parry {b}, gap {gap}"
                );
                *classes.entry(NEAR_BOUNDARY).or_default() += 1;
            }
        }
    }
    println!("mesh vs parry ({}): {total} rays, classes {classes:?}", std::any::type_name::<T>());
    for (class, count) in &classes {
        let limit = match *class {
            AGREE => usize::MAX,
            PARRY_LEAKS
            | PARRY_HITS_DEGENERATE
            | FREE_EDGE
            | GRAZE
            | NEAR_BOUNDARY
            | PARRY_PROJECTS_OFF_DEGENERATE
            | SILHOUETTE
            | PARRY_IMPRECISE => total / 20,
            other => panic!("unexpected class {other}"),
        };
        assert!(*count <= limit, "{class}: {count} of {total}");
    }
    assert!(classes.get(AGREE).copied().unwrap_or(0) > total * 9 / 10, "{classes:?}");
}

/// The distance from `p` to the nearest of `tris` by brute force, in f64.
fn brute_distance(tris: &[Triangle<f64>], p: &Point3<f64>) -> f64 {
    tris.iter()
        .map(|t| (closest_point_on_triangle(p, t).point - p).norm())
        .fold(f64::INFINITY, f64::min)
}

/// The class of one ray's pair of answers.
fn classify_ray<T: Real, P: Parry<T>>(
    ray: &Ray<T>,
    ours: &TriangleMesh<T>,
    theirs: &P::Mesh,
    tris64: &[Triangle<f64>],
    size: f64,
) -> &'static str {
    let a = ray_mesh(ray, ours, Culling::TwoSided);
    let b = P::cast(theirs, ray);
    let d = ray.direction.map(|x| x.to_f64());
    let tol = tolerance::<T>() * size / d.norm();
    // The referee: the f64 watertight test over every triangle, on the exactly widened input.
    let r64 =
        Ray { origin: ray.origin.map(|x| x.to_f64()), direction: d, max_t: ray.max_t.to_f64() };
    let referee = tris64
        .iter()
        .filter_map(|t| ray_triangle_watertight(&r64, t, Culling::TwoSided).map(|h| h.hit.t_enter))
        .fold(None, |m: Option<f64>, t| Some(m.map_or(t, |m| m.min(t))));
    let grazing =
        |tri: usize| tris64[tri].unit_normal().is_none_or(|n| (n.dot(&d) / d.norm()).abs() < 1e-3);
    let near_edge = |tri: usize, t: f64| edge_closeness(&tris64[tri], &r64.point_at(t)) < 1e-4;
    let referee_at = |t: f64| referee.is_some_and(|r| (r - t).abs() <= tol);
    match (a, b) {
        (None, None) => AGREE,
        (Some(h), Some((t, _))) if (h.hit.t_enter.to_f64() - t.to_f64()).abs() <= tol => AGREE,
        (Some(h), Some((tp, tri)))
            if tri == h.triangle
                && referee_at(h.hit.t_enter.to_f64())
                && !referee_at(tp.to_f64()) =>
        {
            PARRY_IMPRECISE
        }
        (Some(h), b) => {
            let t = h.hit.t_enter.to_f64();
            // Parry misses, or hits farther: it went through where ours hit.
            if b.is_none_or(|(tp, _)| tp.to_f64() > t) && near_edge(h.triangle, t) && referee_at(t)
            {
                PARRY_LEAKS
            } else if grazing(h.triangle) || b.is_some_and(|(_, tri)| grazing(tri)) {
                GRAZE
            } else if b.is_none_or(|(tp, _)| tp.to_f64() > t)
                && near_edge(h.triangle, t)
                && free_feature(tris64, h.triangle, &r64.point_at(t))
            {
                FREE_EDGE
            } else if b.is_none_or(|(tp, _)| tp.to_f64() > t)
                && near_edge(h.triangle, t)
                && silhouette(tris64, h.triangle, &r64.point_at(t), &d)
            {
                SILHOUETTE
            } else if let Some((tp, tri)) = b
                && ours.degenerate_triangles().binary_search(&(tri as u32)).is_ok()
                && tp.to_f64() < t
            {
                PARRY_HITS_DEGENERATE
            } else if let Some((tp, tri)) = b
                && tp.to_f64() < t
                && near_edge(tri, tp.to_f64())
                && free_feature(tris64, tri, &r64.point_at(tp.to_f64()))
            {
                FREE_EDGE
            } else if let Some((tp, tri)) = b
                && tp.to_f64() < t
                && near_edge(tri, tp.to_f64())
                && silhouette(tris64, tri, &r64.point_at(tp.to_f64()), &d)
            {
                SILHOUETTE
            } else {
                let info = b.map(|(tp, tri)| {
                    let q = r64.point_at(tp.to_f64());
                    let sharing = sharing_an_edge(tris64, tri, &d);
                    (tris64[tri], tris64[tri].barycentric(&q), sharing)
                });
                panic!("{ray:?}: ours {h:?}, parry {b:?}, referee {referee:?} {info:?}")
            }
        }
        (None, Some((t, tri))) => {
            if ours.degenerate_triangles().binary_search(&(tri as u32)).is_ok() {
                PARRY_HITS_DEGENERATE
            } else if grazing(tri) {
                GRAZE
            } else if near_edge(tri, t.to_f64())
                && free_feature(tris64, tri, &r64.point_at(t.to_f64()))
            {
                FREE_EDGE
            } else if near_edge(tri, t.to_f64())
                && silhouette(tris64, tri, &r64.point_at(t.to_f64()), &d)
            {
                SILHOUETTE
            } else {
                let q = r64.point_at(t.to_f64());
                let around = sharing_an_edge(tris64, tri, &d);
                panic!(
                    "{ray:?}: ours misses, parry {t:?} on {tri} {:?} bary {:?}, around {around:?}, referee {referee:?}",
                    tris64[tri],
                    tris64[tri].barycentric(&q)
                )
            }
        }
    }
}

#[test]
fn rays_points_and_balls_agree_with_parry_f32() {
    differential::<f32, P32>();
}

#[test]
fn rays_points_and_balls_agree_with_parry_f64() {
    differential::<f64, P64>();
}
