//! Closest points and contacts of shape pairs with a closed form in osculate (layer 1). The
//! distributions: the shapes overlap 10% or 90% of the time (`overlap`), or for segment and line
//! pairs, their closest points are interior to both (`interior`) or near (`near`).
//!
//! osculate's contacts report shapes apart too (a positive signed distance): parry's matching
//! call asks for them with a `Real::MAX` prediction, its cheap call with prediction 0 reports
//! only touching shapes.

use osculate::{closest, overlap};
use osculate_benches::input::{inputs, pair};
use osculate_benches::race::{Answer, Class::*, Row, Sink, wide};
use osculate_benches::{floor, osculate, parry, table};
use osculate_math::{
    Aabb, Capsule, Halfspace, Line, Obb, Plane, Point3, Segment, Sphere, Triangle,
};

/// Every row of this module.
pub(crate) fn all(s: &mut Sink<'_>) {
    segment_segment(s);
    closest_line_line(s);
    sphere_sphere(s);
    sphere_contacts(s);
    sphere_closest(s);
    support_maps(s);
    osculate_only(s);
}

/// Whether `q` is strictly inside segment `s` (not at an end).
fn interior(q: &Point3<f64>, s: &Segment<f64>) -> bool {
    (q - s.a).norm() > 1e-12 && (q - s.b).norm() > 1e-12
}

fn segment_segment(s: &mut Sink<'_>) {
    let d = inputs(100, "interior", pair::<Segment<f64>, Segment<f64>>, |(a, b)| {
        let c = closest::closest_points_segment_segment(a, b);
        interior(&c.point_a, a) && interior(&c.point_b, b)
    });
    let mut r = s.race(Row::new("segment_segment", LikeForLike));
    osculate! { r, d, |x| closest::closest_points_segment_segment(&x.0, &x.1) }
    parry! { r, d, |x| (cv::segment(&x.0), cv::segment(&x.1)),
    parry: |p| qd::closest_points_segment_segment(&Pose::IDENTITY, &p.0, &p.1, Real::MAX)
        => |_, c| cv::closest_distance(&Pose::IDENTITY, c),
    cheap: |p| qd::closest_points_segment_segment_with_locations(&Pose::IDENTITY, &p.0, &p.1)
        => |p, (l1, l2)| Answer::Value(Some(cv::wide((p.0.point_at(l1) - p.1.point_at(l2)).length()))) }
    floor! { r, d, |x| [x.0.a, x.0.b, x.1.a, x.1.b].map(|p| floor::point(&p)),
        |f| floor::segment_segment(f[0], f[1], f[2], f[3])
            => |f, &(s, t)| Answer::distance(wide(floor::lerp(f[0], f[1], s)), wide(floor::lerp(f[2], f[3], t)))
    }
    r.finish();
}

fn closest_line_line(s: &mut Sink<'_>) {
    let d = inputs(606, "near", pair::<Line<f64>, Line<f64>>, |(a, b)| {
        closest::closest_points_line_line(a, b).distance < 0.3
    });
    let mut r = s
        .race(Row::new("closest_line_line", LikeForLike).note("parry: the lines' parameters only"));
    osculate! { r, d, |x| closest::closest_points_line_line(&x.0, &x.1) }
    parry! { r, d, |x| {
        let (a, b) = (&x.0, &x.1);
        [cv::point(&a.point), cv::vector(&a.direction), cv::point(&b.point), cv::vector(&b.direction)]
    },
    parry: |p| qd::closest_points_line_line_parameters(p[0], p[1], p[2], p[3])
        => |p, &(s, t)| Answer::Value(Some(cv::wide(((p[0] + p[1] * s) - (p[2] + p[3] * t)).length()))) }
    r.finish();
}

/// Two spheres: their contact and their closest points.
fn sphere_sphere(s: &mut Sink<'_>) {
    let d = inputs(120, "overlap", pair::<Sphere<f64>, Sphere<f64>>, |(a, b)| {
        overlap::sphere_sphere(a, b)
    });
    let mut r = s.race(Row::new("contact_sphere_sphere", LikeForLike).cheap_touching_only());
    osculate! { r, d, |x| closest::contact_sphere_sphere(&x.0, &x.1) }
    parry! { r, d, |x| (cv::between(&x.0.center, &x.1.center), cv::ball(&x.0).1, cv::ball(&x.1).1),
    parry: |p| qd::contact_ball_ball(&p.0, &p.1, &p.2, Real::MAX) => |_, c| cv::contact_distance(c),
    cheap: |p| qd::contact_ball_ball(&p.0, &p.1, &p.2, 0.0) => |_, c| cv::contact_distance(c) }
    floor! { r, d, |x| (floor::point(&x.0.center), x.0.radius, floor::point(&x.1.center), x.1.radius),
    |f| floor::sphere_sphere(f.0, f.1, f.2, f.3) }
    r.finish();

    let d = inputs(610, "overlap", pair::<Sphere<f64>, Sphere<f64>>, |(a, b)| {
        overlap::sphere_sphere(a, b)
    });
    let mut r = s.race(Row::new("closest_sphere_sphere", LikeForLike));
    osculate! { r, d, |x| closest::closest_points_sphere_sphere(&x.0, &x.1) }
    parry! { r, d, |x| (cv::between(&x.0.center, &x.1.center), cv::ball(&x.0).1, cv::ball(&x.1).1),
    parry: |p| qd::closest_points_ball_ball(&p.0, &p.1, &p.2, Real::MAX)
        => |p, c| cv::closest_distance(&p.0, c),
    cheap: |p| qd::distance_ball_ball(&p.1, p.0.translation, &p.2) }
    r.finish();
}

/// A sphere's contact with a convex shape: parry's `contact_convex_polyhedron_ball`, the ball's
/// pose in the shape's frame.
fn sphere_contacts(s: &mut Sink<'_>) {
    table! { s, {
            parry: |p| qd::contact_convex_polyhedron_ball(&p.0, &p.1, &p.2, Real::MAX)
                => |_, c| cv::contact_distance(c),
            cheap: |p| qd::contact_convex_polyhedron_ball(&p.0, &p.1, &p.2, 0.0)
                => |_, c| cv::contact_distance(c),
        };
        [
            Row::new("contact_sphere_aabb", LikeForLike).cheap_touching_only(),
            inputs(130, "overlap", pair::<Sphere<f64>, Aabb<f64>>, |(a, b)| overlap::sphere_aabb(a, b)),
            |x| closest::contact_sphere_aabb(&x.0, &x.1),
            |x| (cv::between(&x.1.center(), &x.0.center), cv::cuboid(&x.1).1, cv::ball(&x.0).1),
        ],
        [
            Row::new("contact_sphere_obb", LikeForLike).cheap_touching_only(),
            inputs(520, "overlap", pair::<Sphere<f64>, Obb<f64>>, |(a, b)| overlap::sphere_obb(a, b)),
            |x| closest::contact_sphere_obb(&x.0, &x.1),
            |x| {
                let ((pb, cub), (ps, ball)) = (cv::obb(&x.1), cv::ball(&x.0));
                (pb.inv_mul(&ps), cub, ball)
            },
        ],
        [
            Row::new("contact_sphere_triangle", LikeForLike).cheap_touching_only(),
            inputs(522, "overlap", pair::<Sphere<f64>, Triangle<f64>>, |(a, b)| overlap::sphere_triangle(a, b)),
            |x| closest::contact_sphere_triangle(&x.0, &x.1),
            |x| (cv::ball(&x.0).0, cv::triangle(&x.1), cv::ball(&x.0).1),
        ],
        [
            Row::new("contact_sphere_capsule", LikeForLike).cheap_touching_only(),
            inputs(524, "overlap", pair::<Sphere<f64>, Capsule<f64>>, |(a, b)| overlap::sphere_capsule(a, b)),
            |x| closest::contact_sphere_capsule(&x.0, &x.1),
            |x| (cv::ball(&x.0).0, cv::capsule(&x.1), cv::ball(&x.0).1),
        ],
        [
            Row::new("contact_segment_sphere", LikeForLike).cheap_touching_only(),
            inputs(614, "overlap", pair::<Sphere<f64>, Segment<f64>>, |(a, b)| overlap::segment_sphere(b, a)),
            |x| closest::contact_segment_sphere(&x.1, &x.0),
            |x| (cv::ball(&x.0).0, cv::segment(&x.1), cv::ball(&x.0).1),
        ],
    }
    table! { s, {
            parry: |p| qd::contact_halfspace_support_map(&p.0, &p.1, &p.2, Real::MAX)
                => |_, c| cv::contact_distance(c),
            cheap: |p| qd::contact_halfspace_support_map(&p.0, &p.1, &p.2, 0.0)
                => |_, c| cv::contact_distance(c),
        };
        [
            Row::new("contact_sphere_halfspace", LikeForLike).cheap_touching_only(),
            inputs(526, "overlap", pair::<Sphere<f64>, Halfspace<f64>>, |(a, b)| overlap::sphere_halfspace(a, b)),
            |x| closest::contact_sphere_halfspace(&x.0, &x.1),
            |x| {
                let ((ph, hs), (ps, ball)) = (cv::halfspace(&x.1), cv::ball(&x.0));
                (ph.inv_mul(&ps), hs, ball)
            },
        ],
    }
}

/// A sphere's closest points with a convex shape: parry's
/// `closest_points_convex_polyhedron_ball`, the ball's pose in the shape's frame.
fn sphere_closest(s: &mut Sink<'_>) {
    table! { s, {
            parry: |p| qd::closest_points_convex_polyhedron_ball(&p.0, &p.1, &p.2, Real::MAX)
                => |p, c| cv::closest_distance(&p.0, c),
            cheap: |p| qd::distance_convex_polyhedron_ball(&p.0, &p.1, &p.2),
        };
        [
            Row::new("closest_segment_sphere", LikeForLike),
            inputs(612, "overlap", pair::<Sphere<f64>, Segment<f64>>, |(a, b)| overlap::segment_sphere(b, a)),
            |x| closest::closest_points_segment_sphere(&x.1, &x.0),
            |x| (cv::ball(&x.0).0, cv::segment(&x.1), cv::ball(&x.0).1),
        ],
        [
            Row::new("closest_sphere_capsule", LikeForLike),
            inputs(514, "overlap", pair::<Sphere<f64>, Capsule<f64>>, |(a, b)| overlap::sphere_capsule(a, b)),
            |x| closest::closest_points_sphere_capsule(&x.0, &x.1),
            |x| (cv::ball(&x.0).0, cv::capsule(&x.1), cv::ball(&x.0).1),
        ],
    }
}

/// The pairs parry answers by GJK (and EPA) on support maps, shape 2's pose in shape 1's frame.
fn support_maps(s: &mut Sink<'_>) {
    let general = |q| Row::new(q, ClosedVsGeneral).note("parry: GJK on support maps");
    table! { s, {
            parry: |p| qd::closest_points_support_map_support_map(&p.0, &p.1, &p.2, Real::MAX)
                => |p, c| cv::closest_distance(&p.0, c),
            cheap: |p| qd::distance_support_map_support_map(&p.0, &p.1, &p.2),
        };
        [
            general("triangle_triangle"),
            inputs(110, "overlap", pair::<Triangle<f64>, Triangle<f64>>, |(a, b)| {
                closest::closest_points_triangle_triangle(a, b).distance <= 0.0
            }),
            |x| closest::closest_points_triangle_triangle(&x.0, &x.1),
            |x| (Pose::IDENTITY, cv::triangle(&x.0), cv::triangle(&x.1)),
        ],
        [
            Row::new("closest_capsule_capsule", ClosedVsGeneral).tolerance(1e-2, 1e-5).note(
                "parry: GJK on support maps (its f32 distance is off by up to 7e-3 on these inputs)",
            ),
            inputs(516, "overlap", pair::<Capsule<f64>, Capsule<f64>>, |(a, b)| overlap::capsule_capsule(a, b)),
            |x| closest::closest_points_capsule_capsule(&x.0, &x.1),
            |x| (Pose::IDENTITY, cv::capsule(&x.0), cv::capsule(&x.1)),
        ],
        [
            general("closest_segment_triangle"),
            inputs(510, "overlap", pair::<Segment<f64>, Triangle<f64>>, |(a, b)| {
                closest::closest_points_segment_triangle(a, b).distance <= 0.0
            }),
            |x| closest::closest_points_segment_triangle(&x.0, &x.1),
            |x| (Pose::IDENTITY, cv::segment(&x.0), cv::triangle(&x.1)),
        ],
        [
            general("closest_segment_obb"),
            inputs(512, "overlap", pair::<Segment<f64>, Obb<f64>>, |(a, b)| overlap::segment_obb(a, b)),
            |x| closest::closest_points_segment_obb(&x.0, &x.1),
            |x| (cv::obb(&x.1).0, cv::segment(&x.0), cv::obb(&x.1).1),
        ],
        [
            general("closest_segment_aabb"),
            inputs(608, "overlap", pair::<Segment<f64>, Aabb<f64>>, |(a, b)| overlap::segment_aabb(a, b)),
            |x| closest::closest_points_segment_aabb(&x.0, &x.1),
            |x| (cv::cuboid(&x.1).0, cv::segment(&x.0), cv::cuboid(&x.1).1),
        ],
    }
    table! { s, {
            parry: |p| qd::contact_support_map_support_map(&p.0, &p.1, &p.2, Real::MAX)
                => |_, c| cv::contact_distance(c),
            cheap: |p| qd::contact_support_map_support_map(&p.0, &p.1, &p.2, 0.0)
                => |_, c| cv::contact_distance(c),
        };
        [
            Row::new("contact_capsule_capsule", ClosedVsGeneral)
                .cheap_touching_only()
                .tolerance(1e-2, 2e-3)
                .flips(0.01)
                .note(
                    "parry: GJK and EPA on support maps (its f32 GJK distance is off by up to 7e-3 \
                     on these inputs, its f64 EPA depth by up to 1e-3; osculate's f32 agrees with \
                     its f64 to 1e-7)",
                ),
            inputs(140, "overlap", pair::<Capsule<f64>, Capsule<f64>>, |(a, b)| overlap::capsule_capsule(a, b)),
            |x| closest::contact_capsule_capsule(&x.0, &x.1),
            |x| (Pose::IDENTITY, cv::capsule(&x.0), cv::capsule(&x.1)),
        ],
    }
}

fn osculate_only(s: &mut Sink<'_>) {
    osculate_benches::only! { s;
        [
            Row::new("contact_sphere_plane", OsculateOnly).note("parry has no two-sided plane"),
            inputs(616, "overlap", pair::<Sphere<f64>, Plane<f64>>, |(a, b)| overlap::sphere_plane(a, b)),
            |x| closest::contact_sphere_plane(&x.0, &x.1),
        ],
    }
}
