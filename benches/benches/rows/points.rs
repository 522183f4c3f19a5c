//! Closest point on a shape (layer 1). The distributions: the point inside the solid 10% or 90%
//! of the time (`inside`), or for surfaces, its closest point interior to the face (`face`) or
//! to the segment (`interior`).

use osculate::closest;
use osculate_benches::input::{inputs, point_near};
use osculate_benches::race::{Answer, Class::*, Row, Sink, point_distance, wide};
use osculate_benches::{floor, only, osculate, parry, table};
use osculate_math::{
    Aabb, Capsule, Cone, ContainsPoint, ConvexPolygon, ConvexPolyhedron, Cylinder, Line, Obb,
    Plane, Point3, Ray, Segment, Sphere, Tetrahedron, Triangle, Vector3,
};
use osculate_testing::Rng;

/// Every row of this module.
pub(crate) fn all(s: &mut Sink<'_>) {
    surfaces(s);
    solids(s);
    point_plane(s);
    point_polyhedron(s);
    osculate_only(s);
}

/// Whether `q`, the closest point of a surface to `p`, is `p`'s projection on the surface's
/// plane (normal `n`, through `o`): the face region, not an edge or a vertex.
fn on_face(p: &Point3<f64>, q: &Point3<f64>, o: &Point3<f64>, n: &Vector3<f64>) -> bool {
    let n2 = n.norm_squared();
    n2 > 1e-12 && ((p - q).norm() - n.dot(&(p - o)).abs() / n2.sqrt()).abs() <= 1e-9
}

/// The triangle and the segment, each with its floor.
fn surfaces(s: &mut Sink<'_>) {
    let d = inputs(10, "face", point_near::<Triangle<f64>>, |(p, t)| {
        let q = closest::closest_point_on_triangle(p, t).point;
        on_face(p, &q, &t.a, &(t.b - t.a).cross(&(t.c - t.a)))
    });
    let mut r = s.race(Row::new("point_triangle", LikeForLike));
    osculate! { r, d, |x| closest::closest_point_on_triangle(&x.0, &x.1),
    |x, q| point_distance(&x.0, &q.point) }
    parry! { r, d, |x| (cv::point(&x.0), cv::triangle(&x.1)),
    parry: |p| p.1.project_local_point(p.0, true) => |p, q| cv::projection_distance(&p.0, q) }
    floor! { r, d, |x| [x.0, x.1.a, x.1.b, x.1.c].map(|p| floor::point(&p)),
    |f| floor::point_triangle(f[0], f[1], f[2], f[3])
        => |f, q| Answer::distance(wide(f[0]), wide(*q)) }
    r.finish();

    let d = inputs(20, "interior", point_near::<Segment<f64>>, |(p, seg)| {
        let t = closest::closest_point_on_segment(p, seg).t;
        t > 0.0 && t < 1.0
    });
    let mut r = s.race(Row::new("point_segment", LikeForLike));
    osculate! { r, d, |x| closest::closest_point_on_segment(&x.0, &x.1),
    |x, q| point_distance(&x.0, &q.point) }
    parry! { r, d, |x| (cv::point(&x.0), cv::segment(&x.1)),
    parry: |p| p.1.project_local_point(p.0, true) => |p, q| cv::projection_distance(&p.0, q) }
    r.finish();
}

/// The solids: the point inside 10% or 90% of the time. parry gets the point in the shape's
/// frame where that frame is a translation or none (`project_local_point`, on its min-max
/// `Aabb` for the box), its posed entry (`project_point`) where the shape is rotated.
fn solids(s: &mut Sink<'_>) {
    let d = inputs(30, "inside", point_near::<Aabb<f64>>, |(p, b)| b.contains_point(p));
    let mut r =
        s.race(Row::new("point_aabb", LikeForLike).note("parry's `Aabb` is the same min-max box"));
    osculate! { r, d, |x| closest::closest_point_on_aabb(&x.0, &x.1), |x, q| point_distance(&x.0, q) }
    parry! { r, d, |x| (cv::point(&x.0), cv::aabb(&x.1)),
    parry: |p| p.1.project_local_point(p.0, true) => |p, q| cv::projection_distance(&p.0, q) }
    floor! { r, d, |x| [x.0, x.1.min, x.1.max].map(|p| floor::point(&p)),
    |f| floor::point_aabb(f[0], f[1], f[2]) => |f, q| Answer::distance(wide(f[0]), wide(*q)) }
    r.finish();

    table! { s, { parry: |p| p.1.project_local_point(p.0, true)
                      => |p, q| cv::projection_distance(&p.0, q) };
        [
            Row::new("point_sphere", LikeForLike).note("parry: the point moved into the ball's frame"),
            inputs(50, "inside", point_near::<Sphere<f64>>, |(p, b)| b.contains_point(p)),
            |x| closest::closest_point_on_sphere(&x.0, &x.1) => |x, q| point_distance(&x.0, q),
            |x| (cv::vector(&(x.0 - x.1.center)), cv::ball(&x.1).1),
        ],
        [
            Row::new("point_capsule", LikeForLike),
            inputs(60, "inside", point_near::<Capsule<f64>>, |(p, b)| b.contains_point(p)),
            |x| closest::closest_point_on_capsule(&x.0, &x.1) => |x, q| point_distance(&x.0, q),
            |x| (cv::point(&x.0), cv::capsule(&x.1)),
        ],
        [
            Row::new("point_tetrahedron", LikeForLike),
            inputs(70, "inside", point_near::<Tetrahedron<f64>>, |(p, b)| b.contains_point(p)),
            |x| closest::closest_point_on_tetrahedron(&x.0, &x.1) => |x, q| point_distance(&x.0, q),
            |x| (cv::point(&x.0), cv::tetrahedron(&x.1)),
        ],
    }
    table! { s, { parry: |p| p.1.1.project_point(&p.1.0, p.0, true)
                      => |p, q| cv::projection_distance(&p.0, q) };
        [
            Row::new("point_obb", LikeForLike),
            inputs(40, "inside", point_near::<Obb<f64>>, |(p, b)| b.contains_point(p)),
            |x| closest::closest_point_on_obb(&x.0, &x.1) => |x, q| point_distance(&x.0, q),
            |x| (cv::point(&x.0), cv::obb(&x.1)),
        ],
        [
            Row::new("point_cylinder", LikeForLike),
            inputs(80, "inside", point_near::<Cylinder<f64>>, |(p, b)| b.contains_point(p)),
            |x| closest::closest_point_on_cylinder(&x.0, &x.1) => |x, q| point_distance(&x.0, q),
            |x| (cv::point(&x.0), cv::cylinder(&x.1)),
        ],
        [
            Row::new("point_cone", LikeForLike),
            inputs(90, "inside", point_near::<Cone<f64>>, |(p, b)| b.contains_point(p)),
            |x| closest::closest_point_on_cone(&x.0, &x.1) => |x, q| point_distance(&x.0, q),
            |x| (cv::point(&x.0), cv::cone(&x.1)),
        ],
    }
}

fn point_plane(s: &mut Sink<'_>) {
    let d = inputs(500, "above", point_near::<Plane<f64>>, |(p, pl)| pl.signed_distance(p) > 0.0);
    let mut r = s.race(Row::new("point_plane", LikeForLike).note(
        "parry: the boundary projection of a half-space (`solid = false`), the point moved into \
         its frame",
    ));
    osculate! { r, d, |x| closest::closest_point_on_plane(&x.0, &x.1), |x, q| point_distance(&x.0, q) }
    parry! { r, d, |x| {
        let n = x.1.normal.into_inner();
        (cv::vector(&(x.0.coords - n * x.1.d)), pr::shape::HalfSpace::new(cv::vector(&n)))
    },
    parry: |p| p.1.project_local_point(p.0, false) => |p, q| cv::projection_distance(&p.0, q) }
    r.finish();
}

/// A point near a convex polyhedron that both parry crates can build a hull of.
fn point_near_hull(rng: &mut Rng) -> (Point3<f64>, ConvexPolyhedron<f64>) {
    super::with_hulls(rng, point_near::<ConvexPolyhedron<f64>>)
}

fn point_polyhedron(s: &mut Sink<'_>) {
    let d = inputs(506, "inside", point_near_hull, |(p, b)| {
        closest::sq_distance_point_polyhedron(p, b) == 0.0
    });
    let mut r =
        s.race(Row::new("point_polyhedron", ClosedVsGeneral).note(
            "parry projects on a convex polyhedron by GJK; osculate by its faces' active set",
        ));
    osculate! { r, d, |x| closest::closest_point_on_polyhedron(&x.0, &x.1),
    |x, q| point_distance(&x.0, q) }
    parry! { r, d, |x| (cv::point(&x.0), cv::kept_hull(&x.1)),
    parry: |p| p.1.project_local_point(p.0, true) => |p, q| cv::projection_distance(&p.0, q) }
    r.finish();
}

/// The rows parry has no shape for.
fn osculate_only(s: &mut Sink<'_>) {
    only! { s;
        [
            Row::new("point_polygon", OsculateOnly).note("parry has no convex polygon in 3D"),
            inputs(504, "face", point_near::<ConvexPolygon<f64>>, |(p, pg)| {
                on_face(p, &closest::closest_point_on_polygon(p, pg), &pg.vertices[0], &pg.normal)
            }),
            |x| closest::closest_point_on_polygon(&x.0, &x.1) => |x, q| point_distance(&x.0, q),
        ],
        [
            Row::new("point_line", OsculateOnly).note("parry has no line shape; branch-free"),
            inputs(502, "near", point_near::<Line<f64>>, |(p, l)| {
                (closest::closest_point_on_line(p, l).point - p).norm() < 0.3
            }),
            |x| closest::closest_point_on_line(&x.0, &x.1) => |x, q| point_distance(&x.0, &q.point),
        ],
        [
            Row::new("point_ray", OsculateOnly).note("parry has no ray shape"),
            inputs(604, "ahead", point_near::<Ray<f64>>, |(p, ray)| {
                closest::closest_point_on_ray(p, ray).t > 0.0
            }),
            |x| closest::closest_point_on_ray(&x.0, &x.1) => |x, q| point_distance(&x.0, &q.point),
        ],
        [
            Row::new("signed_distance_point_plane", OsculateOnly)
                .note("parry's half-space projection is not signed; branch-free"),
            inputs(618, "above", point_near::<Plane<f64>>, |(p, pl)| pl.signed_distance(p) > 0.0),
            |x| closest::signed_distance_point_plane(&x.0, &x.1),
        ],
    }
}
