//! Boolean overlap tests (layer 2, and the cast layer's segment-sphere test). The distributions:
//! the shapes overlap 10% or 90% of the time. parry's inputs: shape 2's pose in shape 1's frame.

use osculate::{cast, overlap};
use osculate_benches::input::{inputs, pair, segment_at};
use osculate_benches::race::{Class::*, Row, Sink};
use osculate_benches::{floor, only, osculate, parry, table};
use osculate_math::{
    Aabb, Capsule, Cone, ConvexPolygon, Halfspace, Obb, Plane, Segment, Sphere, Triangle,
};

/// Every row of this module.
pub(crate) fn all(s: &mut Sink<'_>) {
    with_floors(s);
    separating_axes(s);
    boxes_by_min_max(s);
    spheres(s);
    support_maps(s);
    halfspaces(s);
    osculate_only(s);
}

fn with_floors(s: &mut Sink<'_>) {
    let d = inputs(260, "overlap", pair::<Sphere<f64>, Sphere<f64>>, |(a, b)| {
        overlap::sphere_sphere(a, b)
    });
    let mut r = s.race(Row::new("overlap_sphere_sphere", LikeForLike));
    osculate! { r, d, |x| overlap::sphere_sphere(&x.0, &x.1) }
    parry! { r, d, |x| (cv::vector(&(x.1.center - x.0.center)), cv::ball(&x.0).1, cv::ball(&x.1).1),
    parry: |p| qd::intersection_test_ball_ball(p.0, &p.1, &p.2) }
    floor! { r, d, |x| (floor::point(&x.0.center), x.0.radius, floor::point(&x.1.center), x.1.radius),
    |f| floor::sphere_sphere(f.0, f.1, f.2, f.3) <= 0.0 }
    r.finish();

    let d = inputs(270, "overlap", pair::<Aabb<f64>, Aabb<f64>>, |(a, b)| overlap::aabb_aabb(a, b));
    let mut r = s.race(
        Row::new("overlap_aabb_aabb", LikeForLike).note("parry's `Aabb` is the same min-max box"),
    );
    osculate! { r, d, |x| overlap::aabb_aabb(&x.0, &x.1) }
    parry! { r, d, |x| (cv::aabb(&x.0), cv::aabb(&x.1)),
    parry: |p| pr::bounding_volume::BoundingVolume::intersects(&p.0, &p.1) }
    floor! { r, d, |x| [x.0.min, x.0.max, x.1.min, x.1.max].map(|p| floor::point(&p)),
    |f| floor::aabb_aabb(f[0], f[1], f[2], f[3]) }
    r.finish();
}

/// parry's separating-axis tests.
fn separating_axes(s: &mut Sink<'_>) {
    let sat = |q| Row::new(q, LikeForLike).note("both separating axes");
    table! { s, { parry: |p| qd::intersection_test_cuboid_cuboid(&p.0, &p.1, &p.2) };
        [
            sat("overlap_obb_obb"),
            inputs(280, "overlap", pair::<Obb<f64>, Obb<f64>>, |(a, b)| overlap::obb_obb(a, b)),
            |x| overlap::obb_obb(&x.0, &x.1),
            |x| {
                let ((pa, ca), (pb, cb)) = (cv::obb(&x.0), cv::obb(&x.1));
                (pa.inv_mul(&pb), ca, cb)
            },
        ],
        [
            sat("overlap_obb_obb_exact"),
            inputs(280, "overlap", pair::<Obb<f64>, Obb<f64>>, |(a, b)| overlap::obb_obb(a, b)),
            |x| overlap::obb_obb_exact(&x.0, &x.1),
            |x| {
                let ((pa, ca), (pb, cb)) = (cv::obb(&x.0), cv::obb(&x.1));
                (pa.inv_mul(&pb), ca, cb)
            },
        ],
    }
    table! { s, { parry: |p| qd::intersection_test_cuboid_triangle(&p.0, &p.1, &p.2) };
        [
            sat("overlap_obb_triangle"),
            inputs(546, "overlap", pair::<Obb<f64>, Triangle<f64>>, |(b, t)| overlap::obb_triangle(b, t)),
            |x| overlap::obb_triangle(&x.0, &x.1),
            |x| (cv::obb(&x.0).0.inverse(), cv::obb(&x.0).1, cv::triangle(&x.1)),
        ],
        [
            sat("overlap_obb_triangle_exact"),
            inputs(546, "overlap", pair::<Obb<f64>, Triangle<f64>>, |(b, t)| overlap::obb_triangle(b, t)),
            |x| overlap::obb_triangle_exact(&x.0, &x.1),
            |x| (cv::obb(&x.0).0.inverse(), cv::obb(&x.0).1, cv::triangle(&x.1)),
        ],
    }
    table! { s, { parry: |p| qd::intersection_test_cuboid_segment(&p.0, &p.1, &p.2) };
        [
            sat("overlap_segment_obb"),
            inputs(542, "overlap", segment_at::<Obb<f64>>, |(seg, b)| overlap::segment_obb(seg, b)),
            |x| overlap::segment_obb(&x.0, &x.1),
            |x| (cv::obb(&x.1).0.inverse(), cv::obb(&x.1).1, cv::segment(&x.0)),
        ],
        [
            sat("overlap_segment_obb_exact"),
            inputs(542, "overlap", segment_at::<Obb<f64>>, |(seg, b)| overlap::segment_obb(seg, b)),
            |x| overlap::segment_obb_exact(&x.0, &x.1),
            |x| (cv::obb(&x.1).0.inverse(), cv::obb(&x.1).1, cv::segment(&x.0)),
        ],
    }
    table! { s, { parry: |p| qd::intersection_test_aabb_triangle(&p.0, &p.1) };
        [
            sat("overlap_aabb_triangle"),
            inputs(290, "overlap", pair::<Aabb<f64>, Triangle<f64>>, |(b, t)| overlap::aabb_triangle(b, t)),
            |x| overlap::aabb_triangle(&x.0, &x.1),
            |x| (cv::aabb(&x.0), cv::triangle(&x.1)),
        ],
        [
            sat("overlap_aabb_triangle_exact"),
            inputs(290, "overlap", pair::<Aabb<f64>, Triangle<f64>>, |(b, t)| overlap::aabb_triangle(b, t)),
            |x| overlap::aabb_triangle_exact(&x.0, &x.1),
            |x| (cv::aabb(&x.0), cv::triangle(&x.1)),
        ],
    }
    table! { s, { parry: |p| qd::intersection_test_aabb_segment(&p.0, &p.1) };
        [
            sat("overlap_segment_aabb"),
            inputs(300, "overlap", segment_at::<Aabb<f64>>, |(seg, b)| overlap::segment_aabb(seg, b)),
            |x| overlap::segment_aabb(&x.0, &x.1),
            |x| (cv::aabb(&x.1), cv::segment(&x.0)),
        ],
        [
            sat("overlap_segment_aabb_exact"),
            inputs(300, "overlap", segment_at::<Aabb<f64>>, |(seg, b)| overlap::segment_aabb(seg, b)),
            |x| overlap::segment_aabb_exact(&x.0, &x.1),
            |x| (cv::aabb(&x.1), cv::segment(&x.0)),
        ],
    }
}

/// The center-extents box test against parry's min-max `Aabb` built from the same values.
fn boxes_by_min_max(s: &mut Sink<'_>) {
    table! { s, { parry: |p| pr::bounding_volume::BoundingVolume::intersects(&p.0, &p.1) };
        [
            Row::new("overlap_aabb_aabb_center_extents", LikeForLike)
                .note("parry: its min-max `Aabb` built from the same centers and half extents"),
            inputs(
                628,
                "overlap",
                |rng| {
                    let (a, b) = pair::<Aabb<f64>, Aabb<f64>>(rng);
                    (a.center(), a.half_extents(), b.center(), b.half_extents())
                },
                |(ca, ea, cb, eb)| overlap::aabb_aabb_center_extents(ca, ea, cb, eb),
            ),
            |x| overlap::aabb_aabb_center_extents(&x.0, &x.1, &x.2, &x.3),
            |x| (
                pr::bounding_volume::Aabb::from_half_extents(cv::point(&x.0), cv::vector(&x.1)),
                pr::bounding_volume::Aabb::from_half_extents(cv::point(&x.2), cv::vector(&x.3)),
            ),
        ],
    }
}

/// A sphere against a shape with a point query: parry's `intersection_test_point_query_ball`,
/// the ball's pose in the shape's frame.
fn spheres(s: &mut Sink<'_>) {
    table! { s, { parry: |p| qd::intersection_test_point_query_ball(&p.0, &p.1, &p.2)
                      => |_, i| cv::intersecting(i) };
        [
            Row::new("overlap_sphere_aabb", LikeForLike)
                .note("parry: the ball against its min-max `Aabb`'s point query"),
            inputs(530, "overlap", pair::<Sphere<f64>, Aabb<f64>>, |(a, b)| overlap::sphere_aabb(a, b)),
            |x| overlap::sphere_aabb(&x.0, &x.1),
            |x| (cv::ball(&x.0).0, cv::aabb(&x.1), cv::ball(&x.0).1),
        ],
        [
            Row::new("overlap_sphere_obb", LikeForLike),
            inputs(532, "overlap", pair::<Sphere<f64>, Obb<f64>>, |(a, b)| overlap::sphere_obb(a, b)),
            |x| overlap::sphere_obb(&x.0, &x.1),
            |x| {
                let ((pb, cub), (ps, ball)) = (cv::obb(&x.1), cv::ball(&x.0));
                (pb.inv_mul(&ps), cub, ball)
            },
        ],
        [
            Row::new("overlap_sphere_triangle", LikeForLike),
            inputs(534, "overlap", pair::<Sphere<f64>, Triangle<f64>>, |(a, b)| overlap::sphere_triangle(a, b)),
            |x| overlap::sphere_triangle(&x.0, &x.1),
            |x| (cv::ball(&x.0).0, cv::triangle(&x.1), cv::ball(&x.0).1),
        ],
        [
            Row::new("overlap_sphere_capsule", LikeForLike),
            inputs(536, "overlap", pair::<Sphere<f64>, Capsule<f64>>, |(a, b)| overlap::sphere_capsule(a, b)),
            |x| overlap::sphere_capsule(&x.0, &x.1),
            |x| (cv::ball(&x.0).0, cv::capsule(&x.1), cv::ball(&x.0).1),
        ],
        [
            Row::new("overlap_segment_sphere", LikeForLike),
            inputs(626, "overlap", pair::<Sphere<f64>, Segment<f64>>, |(a, b)| overlap::segment_sphere(b, a)),
            |x| overlap::segment_sphere(&x.1, &x.0),
            |x| (cv::ball(&x.0).0, cv::segment(&x.1), cv::ball(&x.0).1),
        ],
        [
            Row::new("segment_sphere_test", LikeForLike),
            inputs(646, "overlap", segment_at::<Sphere<f64>>, |(seg, b)| cast::segment_sphere_test(seg, b)),
            |x| cast::segment_sphere_test(&x.0, &x.1),
            |x| (cv::ball(&x.1).0, cv::segment(&x.0), cv::ball(&x.1).1),
        ],
    }
}

/// The pairs parry answers by GJK on support maps.
fn support_maps(s: &mut Sink<'_>) {
    let general = |q| Row::new(q, ClosedVsGeneral).note("parry: GJK on support maps");
    let tt = |rng: &mut _| pair::<Triangle<f64>, Triangle<f64>>(rng);
    let tt_overlap = |(a, b): &(Triangle<f64>, Triangle<f64>)| overlap::triangle_triangle(a, b);
    let st = |rng: &mut _| segment_at::<Triangle<f64>>(rng);
    let st_overlap = |(a, b): &(Segment<f64>, Triangle<f64>)| overlap::segment_triangle(a, b);
    table! { s, { parry: |p| qd::intersection_test_support_map_support_map(&Pose::IDENTITY, &p.0, &p.1) };
        [
            general("overlap_triangle_triangle"),
            inputs(310, "overlap", tt, tt_overlap),
            |x| overlap::triangle_triangle(&x.0, &x.1),
            |x| (cv::triangle(&x.0), cv::triangle(&x.1)),
        ],
        [
            general("overlap_triangle_triangle_exact"),
            inputs(310, "overlap", tt, tt_overlap),
            |x| overlap::triangle_triangle_exact(&x.0, &x.1),
            |x| (cv::triangle(&x.0), cv::triangle(&x.1)),
        ],
        [
            general("overlap_segment_triangle"),
            inputs(544, "overlap", st, st_overlap),
            |x| overlap::segment_triangle(&x.0, &x.1),
            |x| (cv::segment(&x.0), cv::triangle(&x.1)),
        ],
        [
            general("overlap_segment_triangle_exact"),
            inputs(544, "overlap", st, st_overlap),
            |x| overlap::segment_triangle_exact(&x.0, &x.1),
            |x| (cv::segment(&x.0), cv::triangle(&x.1)),
        ],
        [
            general("overlap_capsule_capsule"),
            inputs(538, "overlap", pair::<Capsule<f64>, Capsule<f64>>, |(a, b)| overlap::capsule_capsule(a, b)),
            |x| overlap::capsule_capsule(&x.0, &x.1),
            |x| (cv::capsule(&x.0), cv::capsule(&x.1)),
        ],
    }
}

/// A shape against a half-space: parry's `intersection_test_halfspace_support_map`, the shape's
/// pose in the half-space's frame.
fn halfspaces(s: &mut Sink<'_>) {
    let row = |q| Row::new(q, LikeForLike).note("both the support point against the plane");
    table! { s, { parry: |p| qd::intersection_test_halfspace_support_map(&p.0, &p.1, &p.2) };
        [
            row("overlap_sphere_halfspace"),
            inputs(548, "overlap", pair::<Sphere<f64>, Halfspace<f64>>, |(a, h)| overlap::sphere_halfspace(a, h)),
            |x| overlap::sphere_halfspace(&x.0, &x.1),
            |x| (cv::halfspace(&x.1).0.inv_mul(&cv::ball(&x.0).0), cv::halfspace(&x.1).1, cv::ball(&x.0).1),
        ],
        [
            row("overlap_obb_halfspace"),
            inputs(550, "overlap", pair::<Obb<f64>, Halfspace<f64>>, |(b, h)| overlap::obb_halfspace(b, h)),
            |x| overlap::obb_halfspace(&x.0, &x.1),
            |x| (cv::halfspace(&x.1).0.inv_mul(&cv::obb(&x.0).0), cv::halfspace(&x.1).1, cv::obb(&x.0).1),
        ],
        [
            row("overlap_aabb_halfspace"),
            inputs(632, "overlap", pair::<Aabb<f64>, Halfspace<f64>>, |(b, h)| overlap::aabb_halfspace(b, h)),
            |x| overlap::aabb_halfspace(&x.0, &x.1),
            |x| (cv::halfspace(&x.1).0.inv_mul(&cv::cuboid(&x.0).0), cv::halfspace(&x.1).1, cv::cuboid(&x.0).1),
        ],
        [
            row("overlap_capsule_halfspace"),
            inputs(552, "overlap", pair::<Capsule<f64>, Halfspace<f64>>, |(k, h)| overlap::capsule_halfspace(k, h)),
            |x| overlap::capsule_halfspace(&x.0, &x.1),
            |x| (cv::halfspace(&x.1).0.inverse(), cv::halfspace(&x.1).1, cv::capsule(&x.0)),
        ],
        [
            row("overlap_cone_halfspace"),
            inputs(554, "overlap", pair::<Cone<f64>, Halfspace<f64>>, |(k, h)| overlap::cone_halfspace(k, h)),
            |x| overlap::cone_halfspace(&x.0, &x.1),
            |x| (cv::halfspace(&x.1).0.inv_mul(&cv::cone(&x.0).0), cv::halfspace(&x.1).1, cv::cone(&x.0).1),
        ],
        [
            row("overlap_triangle_halfspace"),
            inputs(640, "overlap", pair::<Triangle<f64>, Halfspace<f64>>, |(t, h)| overlap::triangle_halfspace(t, h)),
            |x| overlap::triangle_halfspace(&x.0, &x.1),
            |x| (cv::halfspace(&x.1).0.inverse(), cv::halfspace(&x.1).1, cv::triangle(&x.0)),
        ],
    }
}

/// The two-sided plane rows and the convex polygon (parry has neither).
fn osculate_only(s: &mut Sink<'_>) {
    let plane = |q| Row::new(q, OsculateOnly).note("parry has no two-sided plane");
    only! { s;
        [
            plane("overlap_triangle_plane"),
            inputs(556, "overlap", pair::<Triangle<f64>, Plane<f64>>, |(t, p)| overlap::triangle_plane(t, p)),
            |x| overlap::triangle_plane(&x.0, &x.1),
        ],
        [
            plane("overlap_aabb_plane"),
            inputs(630, "overlap", pair::<Aabb<f64>, Plane<f64>>, |(b, p)| overlap::aabb_plane(b, p)),
            |x| overlap::aabb_plane(&x.0, &x.1),
        ],
        [
            plane("overlap_obb_plane"),
            inputs(634, "overlap", pair::<Obb<f64>, Plane<f64>>, |(b, p)| overlap::obb_plane(b, p)),
            |x| overlap::obb_plane(&x.0, &x.1),
        ],
        [
            plane("overlap_cone_plane"),
            inputs(636, "overlap", pair::<Cone<f64>, Plane<f64>>, |(k, p)| overlap::cone_plane(k, p)),
            |x| overlap::cone_plane(&x.0, &x.1),
        ],
        [
            plane("overlap_capsule_plane"),
            inputs(638, "overlap", pair::<Capsule<f64>, Plane<f64>>, |(k, p)| overlap::capsule_plane(k, p)),
            |x| overlap::capsule_plane(&x.0, &x.1),
        ],
        [
            plane("overlap_sphere_behind_plane"),
            inputs(642, "behind", pair::<Sphere<f64>, Plane<f64>>, |(a, p)| overlap::sphere_behind_plane(a, p)),
            |x| overlap::sphere_behind_plane(&x.0, &x.1),
        ],
        [
            Row::new("overlap_sphere_polygon", OsculateOnly).note("parry has no convex polygon in 3D"),
            inputs(540, "overlap", pair::<Sphere<f64>, ConvexPolygon<f64>>, |(a, p)| overlap::sphere_polygon(a, p)),
            |x| overlap::sphere_polygon(&x.0, &x.1),
        ],
    }
}
