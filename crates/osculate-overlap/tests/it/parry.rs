//! Differential tests against parry3d-f64 on 2,000 seeded pairs each (`Pair::from_seed`: ordinary,
//! tiny, far and degenerate flavours).
//!
//! Every disagreement is decided by the `f64` oracle of the properties (closest-point distance,
//! brute-force separating-axis depth, closed forms) and put in a named, counted class: "touching
//! within the band" (the oracle's margin is within `1e-9 × scale`, where both answers are
//! acceptable; allowed for every pair) or "parry says overlap/apart on <kind of input>" (the
//! oracle agrees with us beyond the band). A disagreement where the oracle sides with parry beyond
//! the band fails the test, and so does any class of the second kind not listed for the pair (each
//! listed with a comment saying why parry answers as it does). The tallies are printed
//! (`--nocapture`).

use std::collections::BTreeMap;
use std::fmt::Debug;

use osculate_closest as closest;
use osculate_math::{
    Aabb, Capsule, Obb, Point3, Rotation3, Segment, Sphere, Transform, Triangle, Vector3,
};
use osculate_overlap::{
    aabb_aabb, aabb_triangle, capsule_capsule, obb_obb, obb_triangle, segment_aabb, segment_obb,
    segment_triangle, segment_triangle_exact, sphere_aabb, sphere_capsule, sphere_obb,
    sphere_sphere, sphere_triangle, triangle_triangle, triangle_triangle_exact,
};
use osculate_testing::parry::parry3d_f64::{
    aabb, at, ball, capsule, cuboid, obb, segment, triangle, vector,
};
use osculate_testing::{GenerateAny, Motion, Pair, Rng};
use parry3d_f64::math::{Pose, Vector};
use parry3d_f64::query;
use parry3d_f64::shape;

use crate::properties::{
    IPoint, aabb_axes, band, hulls_meet, icross, idot, integer_triangles, isub, margin, moved_band,
    obb_axes, sat_gap, scale, sd_box_local, to_tri, tri_edges, tri_points,
};

/// Seeds per pair.
const SEEDS: u64 = 2000;

/// The pose parry's shapes given in world coordinates (capsules, triangles, segments) sit at.
fn identity() -> Pose {
    at(&Point3::origin())
}

/// parry's `intersection_test`, with "unsupported pair" as a test failure.
fn parry_test(p1: &Pose, g1: &dyn shape::Shape, p2: &Pose, g2: &dyn shape::Shape) -> bool {
    match query::intersection_test(p1, g1, p2, g2) {
        Ok(r) => r.intersecting,
        Err(e) => panic!("parry does not support this pair: {e:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Kinds of input, for naming disagreement classes.

/// A shape as parry is given it (its pose and parry's shape) and the kind of input it is, for
/// naming disagreement classes.
trait Parried {
    fn parry(&self) -> (Pose, Box<dyn shape::Shape>);
    fn kind(&self) -> &'static str;
}

impl Parried for Sphere<f64> {
    fn parry(&self) -> (Pose, Box<dyn shape::Shape>) {
        let (pose, b) = ball(self);
        (pose, Box::new(b))
    }
    fn kind(&self) -> &'static str {
        if self.radius == 0.0 { "zero-radius sphere" } else { "sphere" }
    }
}

fn box_kind(e: &Vector3<f64>) -> &'static str {
    if e.min() == 0.0 { "flat box" } else { "box" }
}

impl Parried for Aabb<f64> {
    fn parry(&self) -> (Pose, Box<dyn shape::Shape>) {
        let (pose, b) = cuboid(self);
        (pose, Box::new(b))
    }
    fn kind(&self) -> &'static str {
        box_kind(&self.half_extents())
    }
}

impl Parried for Obb<f64> {
    fn parry(&self) -> (Pose, Box<dyn shape::Shape>) {
        let (pose, b) = obb(self);
        (pose, Box::new(b))
    }
    fn kind(&self) -> &'static str {
        box_kind(&self.half_extents)
    }
}

impl Parried for Capsule<f64> {
    fn parry(&self) -> (Pose, Box<dyn shape::Shape>) {
        (identity(), Box::new(capsule(self)))
    }
    fn kind(&self) -> &'static str {
        match (self.radius == 0.0, self.a == self.b) {
            (true, true) => "point capsule",
            (true, false) => "zero-radius capsule",
            (false, true) => "ball capsule",
            (false, false) => "capsule",
        }
    }
}

impl Parried for Triangle<f64> {
    fn parry(&self) -> (Pose, Box<dyn shape::Shape>) {
        (identity(), Box::new(triangle(self)))
    }
    fn kind(&self) -> &'static str {
        let (u, v) = (self.b - self.a, self.c - self.a);
        if u.cross(&v).norm_squared() <= 1e-24 * u.norm_squared() * v.norm_squared() {
            "collapsed triangle"
        } else {
            "triangle"
        }
    }
}

impl Parried for Segment<f64> {
    fn parry(&self) -> (Pose, Box<dyn shape::Shape>) {
        (identity(), Box::new(segment(self)))
    }
    fn kind(&self) -> &'static str {
        if self.a == self.b { "point segment" } else { "segment" }
    }
}

// ---------------------------------------------------------------------------------------------
// The runner.

/// One compared case: both answers, the oracle's margin (positive: overlapping) and band, and the
/// kind of input.
struct Case {
    ours: bool,
    parry: bool,
    margin: f64,
    band: f64,
    kind: String,
}

/// Runs `SEEDS` seeded pairs through [`tally`].
fn differential<A, B>(
    name: &str,
    allowed: &[&str],
    case: impl Fn(&A, &B) -> Case,
) -> BTreeMap<String, usize>
where
    A: GenerateAny<Scalar = f64> + Debug,
    B: GenerateAny<Scalar = f64> + Debug,
{
    tally(
        name,
        allowed,
        (0..SEEDS).map(|seed| {
            let p = Pair::<A, B>::from_seed(seed);
            (seed, case(&p.a, &p.b), format!("{p:?}"))
        }),
    )
}

/// Classifies every disagreement of the cases `(seed, case, input)`, prints the tally, and asserts
/// that the oracle never sides with parry beyond the band and that every class is in `allowed`.
/// Returns the tally (class → count).
fn tally(
    name: &str,
    allowed: &[&str],
    cases: impl Iterator<Item = (u64, Case, String)>,
) -> BTreeMap<String, usize> {
    let mut tally = BTreeMap::<String, usize>::new();
    let mut wrong = Vec::new();
    let mut n = 0;
    for (seed, c, input) in cases {
        n += 1;
        assert!(c.margin.is_finite(), "{name}: oracle margin {} for {input}", c.margin);
        let class = if c.ours == c.parry {
            "agree".to_owned()
        } else if c.margin.abs() <= c.band {
            let said = if c.parry { "overlap" } else { "apart" };
            format!("touching within the band (both acceptable), parry says {said}")
        } else if c.ours == (c.margin > 0.0) {
            let said = if c.parry { "overlap" } else { "apart" };
            // The tiny flavour (shapes of size 1e-4, band 1e-13) is named apart: parry's GJK
            // tolerances are absolute.
            let tiny = if c.band < 1e-11 { "tiny " } else { "" };
            format!("parry says {said} on {tiny}{}", c.kind)
        } else {
            wrong.push(format!(
                "seed {seed}: ours {}, parry {}, oracle margin {:e} (band {:e}): {input}",
                c.ours, c.parry, c.margin, c.band
            ));
            continue;
        };
        *tally.entry(class).or_default() += 1;
    }
    eprintln!("{name}: {tally:?}");
    assert!(wrong.is_empty(), "{name}: the oracle sides with parry:\n{}", wrong.join("\n"));
    for class in tally.keys() {
        assert!(
            class == "agree"
                || class.starts_with("touching within the band")
                || allowed.contains(&class.as_str()),
            "{name}: unexpected disagreement class {class:?} ({tally:?})"
        );
    }
    assert_eq!(tally.values().sum::<usize>(), n);
    assert_eq!(n, SEEDS as usize);
    tally
}

// ---------------------------------------------------------------------------------------------
// The pairs.

/// The oracle of a pair: its margin (positive: overlapping) and band.
type Oracle<A, B> = fn(&A, &B) -> (f64, f64);

/// Runs one pair through [`differential`]: ours is `ours`, parry's is `intersection_test` on the
/// shapes as [`Parried`] gives them (or `parry` where given: parry's own path for the pair).
fn pair<A, B>(
    name: &str,
    allowed: &[&str],
    ours: fn(&A, &B) -> bool,
    parry: Option<fn(&A, &B) -> bool>,
    oracle: Oracle<A, B>,
) where
    A: GenerateAny<Scalar = f64> + Debug + Parried,
    B: GenerateAny<Scalar = f64> + Debug + Parried,
{
    differential::<A, B>(name, allowed, |a, b| {
        let (margin, band) = oracle(a, b);
        let parry = parry.map_or_else(
            || {
                let ((p1, g1), (p2, g2)) = (a.parry(), b.parry());
                parry_test(&p1, &*g1, &p2, &*g2)
            },
            |f| f(a, b),
        );
        Case { ours: ours(a, b), parry, margin, band, kind: format!("{} / {}", a.kind(), b.kind()) }
    });
}

/// One `#[test]` per row: `test: A, B => ours, "name", allowed, oracle;` (with `parry` after the
/// oracle where parry's pair has its own path).
macro_rules! rows {
    ($($test:ident: $a:ident, $b:ident => $ours:ident, $name:literal, $allowed:expr, $oracle:expr
        $(, $parry:expr)?;)*) => {$(
        #[test]
        fn $test() {
            #[allow(unused_mut, unused_assignments)]
            let mut parry: Option<fn(&$a<f64>, &$b<f64>) -> bool> = None;
            $(parry = Some($parry);)?
            pair::<$a<f64>, $b<f64>>($name, &$allowed, $ours, parry, $oracle);
        }
    )*};
}

/// parry's GJK on capsules of size 1e-4 reports overlaps of capsules apart by up to 30% of their
/// size (3e-5; checked by brute force on seed 1968): its tolerances are absolute (`eps_tol` =
/// 10 ε and the Voronoi simplex's), not relative to the shapes.
const TINY_CAPSULES: [&str; 1] = ["parry says overlap on tiny capsule / capsule"];

/// parry's GJK on triangles of size 1e-4 reports overlaps of triangles apart by up to half their
/// size (5.55e-5 on seed 635, checked by brute force): the same absolute tolerances as for
/// capsules. Elsewhere (unit scale, far, degenerate) parry and both our modes agree.
const TINY_TRIANGLES: [&str; 1] = ["parry says overlap on tiny triangle / triangle"];

/// parry's GJK on tiny segments and triangles: the same absolute tolerances as above.
const TINY_SEGMENT_TRIANGLES: [&str; 1] = ["parry says overlap on tiny segment / triangle"];

/// No disagreement class expected beyond the band.
const NONE: [&str; 0] = [];

rows! {
    ball_ball: Sphere, Sphere => sphere_sphere, "ball-ball", NONE, |a, b| {
        let m = a.radius + b.radius - (b.center - a.center).norm();
        (m, band::<f64>(scale(&[a.center, b.center], &[a.radius, b.radius])))
    };
    ball_cuboid_aabb: Sphere, Aabb => sphere_aabb, "ball-cuboid (sphere_aabb)", NONE, |s, b| {
        let m = s.radius - sd_box_local(&(s.center - b.center()), &b.half_extents());
        (m, band::<f64>(scale(&[s.center, b.min, b.max], &[s.radius])))
    };
    ball_cuboid_obb: Sphere, Obb => sphere_obb, "ball-cuboid (sphere_obb)", NONE, |s, b| {
        let m = s.radius - sd_box_local(&b.to_local(&s.center), &b.half_extents);
        (m, band::<f64>(scale(&[s.center, b.center], &[s.radius, b.half_extents.amax()])))
    };
    cuboid_cuboid_aabb: Aabb, Aabb => aabb_aabb, "cuboid-cuboid (aabb_aabb)", NONE, |a, b| {
        let m = -(0..3)
            .map(|i| (b.min[i] - a.max[i]).max(a.min[i] - b.max[i]))
            .fold(f64::MIN, f64::max);
        (m, band::<f64>(scale(&[a.min, a.max, b.min, b.max], &[])))
    };
    cuboid_cuboid_obb: Obb, Obb => obb_obb, "cuboid-cuboid (obb_obb)", NONE, |a, b| {
        let gap = sat_gap(&a.corners(), &obb_axes(a), &b.corners(), &obb_axes(b));
        let sc = scale(&[a.center, b.center], &[a.half_extents.amax(), b.half_extents.amax()]);
        (-gap, band::<f64>(sc))
    };
    capsule_capsule_pairs: Capsule, Capsule => capsule_capsule, "capsule-capsule", TINY_CAPSULES,
    |a, b| {
        let d = closest::closest_points_segment_segment(&a.segment(), &b.segment()).distance;
        (a.radius + b.radius - d, band::<f64>(scale(&[a.a, a.b, b.a, b.b], &[a.radius, b.radius])))
    };
    ball_capsule: Sphere, Capsule => sphere_capsule, "ball-capsule", NONE, |s, c| {
        let d = closest::sq_distance_point_segment(&s.center, &c.segment()).sqrt();
        (s.radius + c.radius - d, band::<f64>(scale(&[s.center, c.a, c.b], &[s.radius, c.radius])))
    };
    // parry answers ball-triangle by projecting the center on the triangle (`intersection_test`'s
    // ball against a point-query shape): no GJK and no absolute tolerance, so no disagreement
    // class is expected beyond the band. The oracle is the distance through the segment-triangle
    // query with a zero-length segment, as in the properties (independent of
    // `closest_point_on_triangle`, which `sphere_triangle` uses).
    ball_triangle: Sphere, Triangle => sphere_triangle, "ball-triangle (sphere_triangle)", NONE,
    |s, t| {
        let center = Segment::new(s.center, s.center);
        let d = closest::closest_points_segment_triangle(&center, t).distance;
        (s.radius - d, band::<f64>(scale(&[s.center, t.a, t.b, t.c], &[s.radius])))
    };
    triangle_triangle_fast: Triangle, Triangle => triangle_triangle, "triangle-triangle (fast)",
        TINY_TRIANGLES, triangle_pair_margin;
    triangle_triangle_exact_mode: Triangle, Triangle => triangle_triangle_exact,
        "triangle-triangle (exact)", TINY_TRIANGLES, triangle_pair_margin;
    segment_triangle_pairs: Segment, Triangle => segment_triangle_exact, "segment-triangle",
        TINY_SEGMENT_TRIANGLES, segment_triangle_margin;
    cuboid_triangle_aabb: Aabb, Triangle => aabb_triangle, "cuboid-triangle (aabb_triangle)", NONE,
    |b, t| {
        let gap = sat_gap(&b.corners(), &aabb_axes(), &tri_points(t), &tri_edges(t));
        (-gap, band::<f64>(scale(&[b.min, b.max, t.a, t.b, t.c], &[])))
    };
    cuboid_triangle_obb: Obb, Triangle => obb_triangle, "cuboid-triangle (obb_triangle)", NONE,
    |b, t| {
        let gap = sat_gap(&b.corners(), &obb_axes(b), &tri_points(t), &tri_edges(t));
        (-gap, band::<f64>(scale(&[b.center, t.a, t.b, t.c], &[b.half_extents.amax()])))
    };
    segment_cuboid_aabb: Segment, Aabb => segment_aabb, "segment-cuboid (segment_aabb)", NONE,
    |s, b| {
        let dist = closest::closest_points_segment_aabb(s, b).distance;
        let gap = sat_gap(&[s.a, s.b], &[s.b - s.a], &b.corners(), &aabb_axes());
        let band = band::<f64>(scale(&[s.a, s.b, b.min, b.max], &[]));
        (margin(dist, gap, band), band)
    }, |s, b| {
        query::details::intersection_test_aabb_segment(&aabb(b), &segment(s))
    };
    segment_cuboid_obb: Segment, Obb => segment_obb, "segment-cuboid (segment_obb)", NONE,
    |s, b| {
        let dist = closest::closest_points_segment_obb(s, b).distance;
        let gap = sat_gap(&[s.a, s.b], &[s.b - s.a], &b.corners(), &obb_axes(b));
        let band = band::<f64>(scale(&[s.a, s.b, b.center], &[b.half_extents.amax()]));
        (margin(dist, gap, band), band)
    }, |s, b| {
        // parry's pos12: the segment's pose (identity) relative to the cuboid's.
        let (pose, cuboid) = obb(b);
        query::details::intersection_test_cuboid_segment(&pose.inverse(), &cuboid, &segment(s))
    };
}

/// The margin of a triangle pair (closest-point distance when apart, brute-force depth otherwise)
/// and its band.
fn triangle_pair_margin(a: &Triangle<f64>, b: &Triangle<f64>) -> (f64, f64) {
    let band = band::<f64>(scale(&[a.a, a.b, a.c, b.a, b.b, b.c], &[]));
    let dist = closest::closest_points_triangle_triangle(a, b).distance;
    let gap = sat_gap(&tri_points(a), &tri_edges(a), &tri_points(b), &tri_edges(b));
    (margin(dist, gap, band), band)
}

/// The margin of a segment-triangle pair, as for triangles; away from the band our two modes
/// agree (the properties check both against the oracle), asserted here.
fn segment_triangle_margin(s: &Segment<f64>, t: &Triangle<f64>) -> (f64, f64) {
    let band = band::<f64>(scale(&[s.a, s.b, t.a, t.b, t.c], &[]));
    let dist = closest::closest_points_segment_triangle(s, t).distance;
    let gap = sat_gap(&[s.a, s.b], &[s.b - s.a], &tri_points(t), &tri_edges(t));
    let m = margin(dist, gap, band);
    let (fast, exact) = (segment_triangle(s, t), segment_triangle_exact(s, t));
    assert!(fast == exact || m.abs() <= band, "fast {fast}, exact {exact}: {s:?} {t:?}");
    (m, band)
}

/// Degenerate configurations: the integer triangle pairs of the properties (coplanar, sharing a
/// vertex or an edge, a vertex on the other's edge or centroid, collapsed), moved off the grid by
/// a rigid motion. The margin is the oracle's on the unmoved (exactly represented) pair; most
/// cases are touching, where both answers are acceptable.
#[test]
fn triangle_triangle_degenerate_configurations() {
    let kind = |a: &[IPoint; 3], b: &[IPoint; 3]| {
        let normal = |t: &[IPoint; 3]| icross(isub(t[1], t[0]), isub(t[2], t[0]));
        let (na, nb) = (normal(a), normal(b));
        if na == [0; 3] || nb == [0; 3] {
            "collapsed triangle pair"
        } else if b.iter().all(|p| idot(na, isub(*p, a[0])) == 0) {
            "coplanar pair"
        } else {
            "triangle pair"
        }
    };
    for exact in [false, true] {
        let name = if exact { "degenerate (exact)" } else { "degenerate (fast)" };
        let cases = (0..SEEDS).map(|seed| {
            let mut rng = Rng::new(seed);
            let (ia, ib) = integer_triangles(&mut rng);
            let m = Motion::<f64>::random(&mut rng);
            let (a, b) = (to_tri::<f64>(&ia, 0.0, 1.0), to_tri::<f64>(&ib, 0.0, 1.0));
            let (m_ab, _) = triangle_pair_margin(&a, &b);
            let band = moved_band::<f64>(scale(&[a.a, a.b, a.c, b.a, b.b, b.c], &[]));
            if m_ab.abs() > band {
                assert_eq!(m_ab > 0.0, hulls_meet(&ia, &ib), "oracle vs integer: {a:?} {b:?}");
            }
            let (am, bm) = (a.transformed(&m.0), b.transformed(&m.0));
            let ours =
                if exact { triangle_triangle_exact(&am, &bm) } else { triangle_triangle(&am, &bm) };
            let c = Case {
                ours,
                parry: parry_test(&identity(), &triangle(&am), &identity(), &triangle(&bm)),
                margin: m_ab,
                band,
                kind: kind(&ia, &ib).to_owned(),
            };
            (seed, c, format!("{a:?} {b:?} {m:?}"))
        });
        tally(name, &[], cases);
    }
}

// ---------------------------------------------------------------------------------------------
// The NaN policy: ours is stricter than parry's.

#[test]
fn nan_input_is_no_overlap_where_parry_says_overlap() {
    let nan = f64::NAN;
    let e = Vector3::new(1.0, 1.0, 1.0);
    let unit = Obb::new(Point3::origin(), Rotation3::identity(), e);
    let lost = Obb::new(Point3::new(nan, 0.0, 0.0), Rotation3::identity(), e);
    let cube = shape::Cuboid::new(vector(&e));
    let nan_pose = at(&lost.center);
    // Two boxes, one with a NaN position: parry's SAT finds no separating axis (every comparison
    // with NaN is false) and reports an overlap; we say false.
    assert!(parry_test(&identity(), &cube, &nan_pose, &cube));
    assert!(!obb_obb(&unit, &lost) && !obb_obb(&lost, &unit));
    let lost_aabb = Aabb::from_center_extents(lost.center, e);
    assert!(!aabb_aabb(&Aabb::from_center_extents(Point3::origin(), e), &lost_aabb));
    // A triangle with a NaN vertex against a box: parry reports an overlap; we say false.
    let t = Triangle::new(Point3::new(nan, 0.0, 0.0), Point3::new(0.5, 0.0, 0.0), Point3::origin());
    assert!(parry_test(&identity(), &cube, &identity(), &triangle(&t)));
    assert!(!obb_triangle(&unit, &t) && !triangle_triangle(&t, &t));
    // A segment with a NaN end against a box.
    let s = Segment::new(Point3::new(nan, 0.0, 0.0), Point3::origin());
    let pb = parry3d_f64::bounding_volume::Aabb::new(Vector::splat(-1.0), Vector::splat(1.0));
    assert!(query::details::intersection_test_aabb_segment(&pb, &segment(&s)));
    assert!(!segment_aabb(&s, &Aabb::from_center_extents(Point3::origin(), e)));
}
