//! The convex pairs: box-box by separating axes and every pair osculate answers by GJK or EPA
//! (EPA through the facade's `Penetration`, so with the facade's bound). The distributions: the
//! shapes overlap 10% or 90% of the time. parry's inputs: shape 2's pose in shape 1's frame.

use osculate::prelude::Penetration as _;
use osculate::{closest, overlap};
use osculate_benches::input::{inputs, pair};
use osculate_benches::race::{Answer, Class::*, Row, Sink};
use osculate_benches::table;
use osculate_math::{Aabb, Cone, Cylinder, Obb, Triangle};

/// Every row of this module.
pub(crate) fn all(s: &mut Sink<'_>) {
    distances(s);
    contacts(s);
    overlap_cylinder_cone(s);
}

/// The overlap of GJK with the facade's iteration bound: the distributions' predicate.
fn gjk_overlap(a: &Cylinder<f64>, b: &Cone<f64>) -> bool {
    closest::intersect_convex(a, b, closest::GJK_MAX_ITERATIONS)
}

fn distances(s: &mut Sink<'_>) {
    table! { s, {
            parry: |p| qd::closest_points_cuboid_cuboid(&p.0, &p.1, &p.2, Real::MAX)
                => |p, c| cv::closest_distance(&p.0, c),
            cheap: |p| qd::distance_cuboid_cuboid(&p.0, &p.1, &p.2),
        };
        [
            Row::new("distance_cuboid_cuboid", LikeForLike).note(
                "osculate: GJK (`closest_points_convex`); parry: its separating-axis closest points, \
                 a closed form",
            ),
            inputs(400, "overlap", pair::<Obb<f64>, Obb<f64>>, |(a, b)| overlap::obb_obb(a, b)),
            |x| closest::closest_points_convex(&x.0, &x.1),
            |x| {
                let ((pa, ca), (pb, cb)) = (cv::obb(&x.0), cv::obb(&x.1));
                (pa.inv_mul(&pb), ca, cb)
            },
        ],
    }
    table! { s, {
            parry: |p| qd::closest_points_support_map_support_map(&p.0, &p.1, &p.2, Real::MAX)
                => |p, c| cv::closest_distance(&p.0, c),
            cheap: |p| qd::distance_support_map_support_map(&p.0, &p.1, &p.2),
        };
        [
            Row::new("distance_cylinder_cone", LikeForLike)
                .tolerance(1e-2, 1e-5)
                .note("both GJK (parry's f32 distance is off by up to 4e-3 on these inputs)"),
            inputs(410, "overlap", pair::<Cylinder<f64>, Cone<f64>>, |(a, b)| gjk_overlap(a, b)),
            |x| closest::distance_convex(&x.0, &x.1, None, closest::GJK_MAX_ITERATIONS) => |_, g| Answer::of(&g.closest),
            |x| {
                let ((pa, ya), (pb, kb)) = (cv::cylinder(&x.0), cv::cone(&x.1));
                (pa.inv_mul(&pb), ya, kb)
            },
        ],
    }
    table! { s, {
            parry: |p| qd::closest_points_triangle_cuboid(&p.0, &p.1, &p.2, Real::MAX)
                => |p, c| cv::closest_distance(&p.0, c),
            cheap: |p| qd::distance_support_map_support_map(&p.0, &p.1, &p.2),
        };
        [
            Row::new("distance_triangle_cuboid", LikeForLike).tolerance(2e-3, 1e-3).note(
                "osculate: GJK (`closest_points_convex`); parry: its separating-axis closest points \
                 (off by up to 5e-4 in f64 on these inputs where the nearest features are not a \
                 face), and GJK for the distance only",
            ),
            inputs(420, "overlap", pair::<Triangle<f64>, Obb<f64>>, |(t, b)| overlap::obb_triangle(b, t)),
            |x| closest::closest_points_convex(&x.0, &x.1),
            |x| (cv::obb(&x.1).0, cv::triangle(&x.0), cv::obb(&x.1).1),
        ],
    }
}

/// Contacts: parry's GJK and EPA (`contact_support_map_support_map`, the path of its
/// `query::contact` for every pair here).
fn contacts(s: &mut Sink<'_>) {
    table! { s, {
            parry: |p| qd::contact_support_map_support_map(&p.0, &p.1, &p.2, Real::MAX)
                => |_, c| cv::contact_distance(c),
            cheap: |p| qd::contact_support_map_support_map(&p.0, &p.1, &p.2, 0.0)
                => |_, c| cv::contact_distance(c),
        };
        [
            Row::new("contact_cuboid_cuboid", ClosedVsGeneral).cheap_touching_only().note(
                "osculate: separating axes; parry: GJK and EPA, the path of its `query::contact` \
                 for cuboids (its separating-axis `contact_cuboid_cuboid` projects a support point \
                 on the box and reports shapes apart for some deeply overlapping pairs of these \
                 inputs: another question)",
            ),
            inputs(405, "overlap", pair::<Obb<f64>, Obb<f64>>, |(a, b)| overlap::obb_obb(a, b)),
            |x| closest::contact_obb_obb(&x.0, &x.1),
            |x| {
                let ((pa, ca), (pb, cb)) = (cv::obb(&x.0), cv::obb(&x.1));
                (pa.inv_mul(&pb), ca, cb)
            },
        ],
        [
            Row::new("contact_aabb_aabb", LikeForLike).cheap_touching_only().note(
                "both GJK and EPA: osculate through the facade's `Penetration` (`contact_convex`), \
                 it has no closed form for boxes",
            ),
            inputs(407, "overlap", pair::<Aabb<f64>, Aabb<f64>>, |(a, b)| overlap::aabb_aabb(a, b)),
            |x| x.0.contact(&x.1),
            |x| (cv::between(&x.0.center(), &x.1.center()), cv::cuboid(&x.0).1, cv::cuboid(&x.1).1),
        ],
        [
            Row::new("contact_cylinder_cone", LikeForLike)
                .cheap_touching_only()
                .tolerance(1e-2, 1e-5)
                .note(
                    "both GJK and EPA, osculate through the facade's `Penetration` \
                     (`contact_convex` with the facade's bound); parry's f32 distance of shapes \
                     apart is off by up to 5e-3 on these inputs",
                ),
            inputs(412, "overlap", pair::<Cylinder<f64>, Cone<f64>>, |(a, b)| gjk_overlap(a, b)),
            |x| x.0.contact(&x.1),
            |x| {
                let ((pa, ya), (pb, kb)) = (cv::cylinder(&x.0), cv::cone(&x.1));
                (pa.inv_mul(&pb), ya, kb)
            },
        ],
        [
            Row::new("contact_triangle_cuboid", LikeForLike).cheap_touching_only().flips(0.006).note(
                "both GJK and EPA (osculate through the facade's `Penetration`)",
            ),
            inputs(425, "overlap", pair::<Triangle<f64>, Obb<f64>>, |(t, b)| overlap::obb_triangle(b, t)),
            |x| x.0.contact(&x.1),
            |x| (cv::obb(&x.1).0, cv::triangle(&x.0), cv::obb(&x.1).1),
        ],
    }
}

fn overlap_cylinder_cone(s: &mut Sink<'_>) {
    table! { s, { parry: |p| qd::intersection_test_support_map_support_map(&p.0, &p.1, &p.2) };
        [
            Row::new("overlap_cylinder_cone", LikeForLike).note("both GJK"),
            inputs(620, "overlap", pair::<Cylinder<f64>, Cone<f64>>, |(a, b)| gjk_overlap(a, b)),
            |x| closest::intersect_convex(&x.0, &x.1, closest::GJK_MAX_ITERATIONS),
            |x| {
                let ((pa, ya), (pb, kb)) = (cv::cylinder(&x.0), cv::cone(&x.1));
                (pa.inv_mul(&pb), ya, kb)
            },
        ],
    }
}
