//! Contact manifolds: osculate's `manifold_*` against parry's manifold functions, each on its most
//! direct path (`query::details::contact_manifold_*`). The distributions: the shapes overlap 10%
//! or 90% of the time. Both sides get a prediction distance of 0.01 (the inputs are of unit
//! size), so pairs apart by less report speculative points. The answer compared is the deepest
//! point's signed distance (none for an empty manifold).
//!
//! parry's manifold is a `ContactManifold` kept with each input and cleared before each call, its
//! cached normal reset: an engine keeps one per pair, so parry's point buffer is allocated once,
//! and no call reuses the last input's contacts or its normal as GJK's first direction.

use osculate::closest::SupportMap as _;
use osculate::{closest, overlap};
use osculate_benches::convert::{has_hulls, hull_pair};
use osculate_benches::input::{Dists, Inputs, Narrow, inputs, pair};
use osculate_benches::race::{Answer, Class::*, OSCULATE_F32, OSCULATE_F64, Race, Row, Sink};
use osculate_benches::{osculate, parry};
use osculate_math::{
    Aabb, Capsule, ConvexPolyhedron, Cylinder, Halfspace, Isometry3, Obb, Point3, Real, Sphere,
    Vector3,
};
use osculate_testing::Rng;

/// Every row of this module.
pub(crate) fn all(s: &mut Sink<'_>) {
    box_box(s);
    capsule_capsule(s);
    polyhedron_polyhedron(s);
    polyhedron_polyhedron_prepared(s);
    cylinder_cylinder(s);
    aabb_aabb(s);
    sphere_polyhedron(s);
    capsule_polyhedron(s);
    box_halfspace(s);
    capsule_halfspace(s);
    polyhedron_halfspace(s);
    cylinder_halfspace(s);
    posed_box_box(s);
    posed_polyhedron_polyhedron(s);
}

/// The deepest point's signed distance of osculate's manifold.
fn deepest<T: Real>(m: &closest::Manifold<T>) -> Answer {
    Answer::Value(m.deepest().map(|p| p.distance.to_f64()))
}

/// parry's side of a row: its calls on `prep`'s form of each input, each given `m`, the input's
/// own `ContactManifold` cleared with its cached normal reset (the deepest of its points the
/// answer).
macro_rules! parry_manifold {
    ($r:ident, $d:ident, |$y:pat_param| $prep:expr, $($kind:ident: |$p:ident, $m:ident| $call:expr),+ $(,)?) => {
        parry! { $r, $d, |$y| ($prep, std::cell::RefCell::new(pr::query::ContactManifold::<(), ()>::new())),
        $($kind: |q| {
            let mut kept = q.1.borrow_mut();
            kept.clear();
            kept.local_n1 = Vector::ZERO;
            let ($p, $m) = (&q.0, &mut *kept);
            $call;
            Answer::Value($m.points.iter().map(|c| cv::wide(c.dist)).reduce(f64::min))
        } => |_, a| *a),+ }
    };
}

/// A row: osculate's `ours` on each input (its deepest point the answer) and
/// [`parry_manifold!`]'s calls.
macro_rules! manifold_row {
    ($s:ident, $row:expr, $d:ident, |$x:pat_param| $ours:expr, $($parry:tt)+) => {{
        let mut r = $s.race($row);
        osculate! { r, $d, |$x| $ours, |_, m| deepest(m) }
        parry_manifold! { r, $d, $($parry)+ }
        r.finish();
    }};
}

fn box_box(s: &mut Sink<'_>) {
    let d = inputs(700, "overlap", pair::<Obb<f64>, Obb<f64>>, |(a, b)| overlap::obb_obb(a, b));
    let row = Row::new("manifold_box_box", LikeForLike).tolerance(2e-3, 2e-3).note(
        "both separating axes, a reference face clipped against an incident face; parry keeps \
         every clipped point (up to eight), osculate reduces to four; where the two pick different \
         axes within osculate's face preference (1e-3 of the size) the deepest distances differ \
         by up to 1.7e-3 on these inputs",
    );
    manifold_row! { s, row, d, |x| closest::manifold_obb_obb(&x.0, &x.1, 0.01),
    |x| {
        let ((pa, ca), (pb, cb)) = (cv::obb(&x.0), cv::obb(&x.1));
        (pa.inv_mul(&pb), ca, cb)
    },
    parry: |p, m| qd::contact_manifold_cuboid_cuboid(&p.0, &p.1, &p.2, 0.01, m) }
}

fn capsule_capsule(s: &mut Sink<'_>) {
    let d = inputs(701, "overlap", pair::<Capsule<f64>, Capsule<f64>>, |(a, b)| {
        overlap::capsule_capsule(a, b)
    });
    let row = Row::new("manifold_capsule_capsule", LikeForLike).note(
        "osculate: the closest points of the segments, two clipped points when the capsules are \
         parallel; parry: its polygonal-feature manifold (GJK on the segments, the segments \
         clipped: two points when parallel); cheap: its capsule manifold, which keeps one point \
         in 3D",
    );
    manifold_row! { s, row, d, |x| closest::manifold_capsule_capsule(&x.0, &x.1, 0.01),
    |x| (Pose::IDENTITY, cv::capsule(&x.0), cv::capsule(&x.1)),
    parry: |p, m| qd::contact_manifold_pfm_pfm(
        &p.0, &p.1.segment, p.1.radius, None, &p.2.segment, p.2.radius, None, 0.01, m,
    ),
    cheap: |p, m| qd::contact_manifold_capsule_capsule(&p.0, &p.1, &p.2, 0.01, m) }
}

/// The note of the polyhedron rows.
const POLYHEDRA: &str = "osculate: separating axes over the faces and edge pairs, a reference \
    face clipped; parry: GJK and EPA for the normal, its support features clipped along it; the \
    deepest distances differ by up to 2e-3 in f64 (an axis within osculate's face preference) and \
    6.3e-3 in f32 (parry's f32 EPA depth; osculate's f32 agrees with its f64 to 1e-7) on these \
    inputs";

/// parry's side of the polyhedron rows: its polygonal-feature manifold on the hulls it keeps
/// (built outside the timed call).
macro_rules! parry_hulls {
    ($r:ident, $d:ident) => {
        parry_manifold! { $r, $d, |x| (cv::kept_hull(&x.0), cv::kept_hull(&x.1)),
        parry: |p, m| qd::contact_manifold_pfm_pfm(&Pose::IDENTITY, &p.0, 0.0, None, &p.1, 0.0, None, 0.01, m) }
    };
}

fn polyhedron_polyhedron(s: &mut Sink<'_>) {
    let d = hull_pairs();
    let mut r = s.race(
        Row::new("manifold_polyhedron_polyhedron", LikeForLike)
            .tolerance(1e-2, 3e-3)
            .note(POLYHEDRA),
    );
    osculate! { r, d, |x| closest::manifold_polyhedron_polyhedron(&x.0, &x.1, 0.01), |_, m| deepest(m) }
    parry_hulls!(r, d);
    r.finish();
}
/// The inputs of `manifold_polyhedron_polyhedron`.
fn hull_pairs() -> Inputs<(ConvexPolyhedron<f64>, ConvexPolyhedron<f64>)> {
    inputs(702, "overlap", hull_pair, |(a, b)| {
        closest::intersect_convex(a, b, closest::GJK_MAX_ITERATIONS)
    })
}

/// osculate's prepared side for one precision: each input's polyhedron features (and
/// `prepare`'s form of the other shape) built outside the timed call, one workspace reused by
/// every call (as parry's manifold buffer is).
fn race_prepared<A, P, T: Real>(
    r: &mut Race<'_>,
    (id, call): (&'static str, &'static str),
    data: &Dists<(A, ConvexPolyhedron<T>)>,
    prepare: impl Fn(&A) -> Option<P>,
    f: impl Fn(
        &P,
        &closest::PolyhedronFeatures<T>,
        T,
        &mut closest::ManifoldWorkspace<T>,
    ) -> closest::Manifold<T>,
) {
    let prepared = data.map(|x| (prepare(&x.0), closest::PolyhedronFeatures::new(&x.1).ok()));
    let mut workspace = closest::ManifoldWorkspace::new();
    r.run(
        id,
        call,
        &prepared,
        |x| match x {
            (Some(a), Some(b)) => Some(f(a, b, T::lit(0.01), &mut workspace)),
            _ => None,
        },
        |_, m| m.as_ref().map_or(Answer::Value(None), deepest),
    );
}

/// [`race_prepared`] in both precisions: `$f` is the prepared manifold function, `$prepare` the
/// other shape's preparation.
macro_rules! prepared {
    ($r:ident, $d:ident, |$a:ident| $prepare:expr, $f:ident) => {
        race_prepared(
            &mut $r,
            (OSCULATE_F32, stringify!(closest::$f)),
            &$d.f32,
            |$a| $prepare,
            closest::$f,
        );
        race_prepared(
            &mut $r,
            (OSCULATE_F64, stringify!(closest::$f)),
            &$d.f64,
            |$a| $prepare,
            closest::$f,
        );
    };
}

/// The note of the prepared rows.
const PREPARED: &str = "the polyhedron's features built once outside the timed call on both \
    sides: osculate's `PolyhedronFeatures` and a reused `ManifoldWorkspace`, parry's \
    `ConvexPolyhedron` (its topology) and its manifold buffer; the same manifolds as the row \
    without `_prepared`, whose note explains the deepest distances' differences";

fn polyhedron_polyhedron_prepared(s: &mut Sink<'_>) {
    let d = hull_pairs();
    let row = Row::new("manifold_polyhedron_polyhedron_prepared", LikeForLike);
    let mut r = s.race(row.tolerance(1e-2, 3e-3).note(PREPARED));
    prepared!(
        r,
        d,
        |a| closest::PolyhedronFeatures::new(a).ok(),
        manifold_polyhedron_polyhedron_with
    );
    parry_hulls!(r, d);
    r.finish();
}

fn cylinder_cylinder(s: &mut Sink<'_>) {
    let d = inputs(703, "overlap", pair::<Cylinder<f64>, Cylinder<f64>>, |(a, b)| {
        closest::intersect_convex(a, b, closest::GJK_MAX_ITERATIONS)
    });
    let row = Row::new("manifold_cylinder_cylinder", LikeForLike).tolerance(1e-2, 2e-3).note(
        "both GJK and EPA for a first normal, then the supporting features clipped: osculate's \
         caps an octagon, parry's a square; parry's deepest is its EPA point, short of the \
         overlap by up to 6.8e-3 in f32 and 1e-3 in f64 on these inputs (osculate's normal is \
         refined on the support maps, its f32 depth within 4e-8 of its f64)",
    );
    manifold_row! { s, row, d, |x| closest::manifold_cylinder_cylinder(&x.0, &x.1, 0.01),
    |x| {
        let ((pa, ya), (pb, yb)) = (cv::cylinder(&x.0), cv::cylinder(&x.1));
        (pa.inv_mul(&pb), ya, yb)
    },
    parry: |p, m| qd::contact_manifold_pfm_pfm(&p.0, &p.1, 0.0, None, &p.2, 0.0, None, 0.01, m) }
}

fn aabb_aabb(s: &mut Sink<'_>) {
    let d = inputs(704, "overlap", pair::<Aabb<f64>, Aabb<f64>>, |(a, b)| overlap::aabb_aabb(a, b));
    let row = Row::new("manifold_aabb_aabb", LikeForLike).note(
        "both the box-box manifold (separating axes, a reference face clipped against an \
         incident face): osculate's on the boxes as oriented boxes of the identity rotation, \
         parry's on two posed cuboids",
    );
    manifold_row! { s, row, d, |x| closest::manifold_aabb_aabb(&x.0, &x.1, 0.01),
    |x| {
        let ((pa, ca), (pb, cb)) = (cv::cuboid(&x.0), cv::cuboid(&x.1));
        (pa.inv_mul(&pb), ca, cb)
    },
    parry: |p, m| qd::contact_manifold_cuboid_cuboid(&p.0, &p.1, &p.2, 0.01, m) }
}

/// A shape and a convex polyhedron that both parry crates build a hull of.
fn with_hull<A: osculate_testing::Generate<f64>>(rng: &mut Rng) -> (A, ConvexPolyhedron<f64>) {
    loop {
        let x = pair::<A, ConvexPolyhedron<f64>>(rng);
        if has_hulls(&x.1) {
            return x;
        }
    }
}

/// The inputs of a row of a shape against a polyhedron: their overlap by GJK.
fn against_hull<A>(seed: u64) -> Inputs<(A, ConvexPolyhedron<f64>)>
where
    A: osculate_testing::Generate<f64> + closest::SupportMap<f64> + Clone + Narrow,
    (A, ConvexPolyhedron<f64>): Narrow,
{
    inputs(seed, "overlap", with_hull::<A>, |(a, b)| {
        closest::intersect_convex(a, b, closest::GJK_MAX_ITERATIONS)
    })
}

/// parry's side of the sphere-polyhedron rows: its convex-ball manifold on the hull it keeps.
macro_rules! parry_ball_hull {
    ($r:ident, $d:ident) => {
        parry_manifold! { $r, $d, |x| {
            let (pb, ball) = cv::ball(&x.0);
            (pb, cv::kept_hull(&x.1), ball)
        },
        parry: |p, m| qd::contact_manifold_convex_ball(&p.0, &p.1, &p.2, None, None, 0.01, m, false) }
    };
}

fn sphere_polyhedron(s: &mut Sink<'_>) {
    let d = against_hull::<Sphere<f64>>(705);
    let mut r = s.race(Row::new("manifold_sphere_polyhedron", LikeForLike).note(
        "one point: osculate projects the center on the polyhedron (Voronoi regions over the \
         face planes, the nearest face plane when inside); parry: its convex-ball manifold \
         (the center projected on the hull)",
    ));
    osculate! { r, d, |x| closest::manifold_sphere_polyhedron(&x.0, &x.1, 0.01), |_, m| deepest(m) }
    parry_ball_hull!(r, d);
    r.finish();
    let mut r = s.race(Row::new("manifold_sphere_polyhedron_prepared", LikeForLike).note(PREPARED));
    prepared!(r, d, |a| Some(*a), manifold_sphere_polyhedron_with);
    parry_ball_hull!(r, d);
    r.finish();
}

/// parry's side of the capsule-polyhedron rows: its polygonal-feature manifold on the segment
/// and the hull it keeps.
macro_rules! parry_capsule_hull {
    ($r:ident, $d:ident) => {
        parry_manifold! { $r, $d, |x| (cv::capsule(&x.0), cv::kept_hull(&x.1)),
        parry: |p, m| qd::contact_manifold_pfm_pfm(
            &Pose::IDENTITY, &p.0.segment, p.0.radius, None, &p.1, 0.0, None, 0.01, m,
        ) }
    };
}

fn capsule_polyhedron(s: &mut Sink<'_>) {
    let d = against_hull::<Capsule<f64>>(706);
    let row = Row::new("manifold_capsule_polyhedron", LikeForLike).tolerance(1e-2, 3e-3);
    let mut r = s.race(row.clone().note(
        "osculate: the axis as a polytope of one edge against the polyhedron's faces and edge \
         pairs, clipped, moved out by the radius; parry: GJK and EPA on the segment and the \
         hull, its support features clipped along the normal",
    ));
    osculate! { r, d, |x| closest::manifold_capsule_polyhedron(&x.0, &x.1, 0.01), |_, m| deepest(m) }
    parry_capsule_hull!(r, d);
    r.finish();
    let mut r = s.race(Row { query: "manifold_capsule_polyhedron_prepared", ..row }.note(PREPARED));
    prepared!(r, d, |a| Some(*a), manifold_capsule_polyhedron_with);
    parry_capsule_hull!(r, d);
    r.finish();
}

/// The note shared by the halfspace rows.
const HALFSPACE: &str = "osculate: every corner (rim point) within the prediction, reduced to \
    four; parry: its halfspace manifold, the vertices of the shape's one support feature along \
    the normal within the prediction (no reduction), the halfspace as shape 1";

fn box_halfspace(s: &mut Sink<'_>) {
    let d = inputs(707, "overlap", pair::<Obb<f64>, Halfspace<f64>>, |(a, h)| {
        overlap::obb_halfspace(a, h)
    });
    let row = Row::new("manifold_box_halfspace", LikeForLike).note(HALFSPACE);
    manifold_row! { s, row, d, |x| closest::manifold_obb_halfspace(&x.0, &x.1, 0.01),
    |x| {
        let ((pa, ca), (ph, h)) = (cv::obb(&x.0), cv::halfspace(&x.1));
        (ph.inv_mul(&pa), h, ca)
    },
    parry: |p, m| qd::contact_manifold_halfspace_pfm(&p.0, &p.1, &p.2, 0.0, 0.01, m, false) }
}

fn capsule_halfspace(s: &mut Sink<'_>) {
    let d = inputs(708, "overlap", pair::<Capsule<f64>, Halfspace<f64>>, |(a, h)| {
        overlap::capsule_halfspace(a, h)
    });
    let row = Row::new("manifold_capsule_halfspace", LikeForLike).note(HALFSPACE);
    manifold_row! { s, row, d, |x| closest::manifold_capsule_halfspace(&x.0, &x.1, 0.01),
    |x| {
        let (ph, h) = cv::halfspace(&x.1);
        (ph.inverse(), h, cv::capsule(&x.0))
    },
    parry: |p, m| qd::contact_manifold_halfspace_pfm(
        &p.0, &p.1, &p.2.segment, p.2.radius, 0.01, m, false,
    ) }
}

fn polyhedron_halfspace(s: &mut Sink<'_>) {
    let d = inputs(709, "overlap", with_hull::<Halfspace<f64>>, |(h, p)| {
        h.plane.signed_distance(&p.support(&-h.plane.normal.into_inner())) <= 0.0
    });
    let row = Row::new("manifold_polyhedron_halfspace", LikeForLike).tolerance(1e-2, 1e-2).note(
        "osculate: every vertex within the prediction, reduced to four; parry: its halfspace \
         manifold, the first four vertices of the hull's face whose normal is nearest the \
         halfspace's, which may miss the deepest vertex (one input of these, parry's deepest \
         8.95e-3 short of the support vertex's depth, osculate's f32 and f64 agreeing), the \
         halfspace as shape 1",
    );
    manifold_row! { s, row, d, |x| closest::manifold_polyhedron_halfspace(&x.1, &x.0, 0.01),
    |x| {
        let (ph, h) = cv::halfspace(&x.0);
        (ph.inverse(), h, cv::kept_hull(&x.1))
    },
    parry: |p, m| qd::contact_manifold_halfspace_pfm(&p.0, &p.1, &p.2, 0.0, 0.01, m, false) }
}

fn cylinder_halfspace(s: &mut Sink<'_>) {
    let d = inputs(710, "overlap", pair::<Cylinder<f64>, Halfspace<f64>>, |(c, h)| {
        h.plane.signed_distance(&c.support(&-h.plane.normal.into_inner())) <= 0.0
    });
    let row = Row::new("manifold_cylinder_halfspace", LikeForLike).note(
        "osculate: the two caps' rims as eight exact rim points each, turned so the first is \
         the deepest, those within the prediction reduced to four; parry: its halfspace \
         manifold on the cylinder's support feature (a cap's square turned to the deepest rim \
         point, or a side segment), the halfspace as shape 1",
    );
    manifold_row! { s, row, d, |x| closest::manifold_cylinder_halfspace(&x.0, &x.1, 0.01),
    |x| {
        let ((pc, c), (ph, h)) = (cv::cylinder(&x.0), cv::halfspace(&x.1));
        (ph.inv_mul(&pc), h, c)
    },
    parry: |p, m| qd::contact_manifold_halfspace_pfm(&p.0, &p.1, &p.2, 0.0, 0.01, m, false) }
}

/// Two posed boxes (each about its own origin, placed by a pose): osculate's `ContactManifold`
/// on two `Posed` oriented boxes (the second moved into the first's frame, the box-box manifold
/// there, the answer mapped back) against parry's cuboid manifold on box 2's pose in box 1's
/// frame (`pos1.inv_mul(&pos2)` inside the timed call, as its `query::contact_manifolds` does).
fn posed_box_box(s: &mut Sink<'_>) {
    use osculate::{ContactManifold as _, Posed};
    let d = super::posed::posed_inputs::<Obb<f64>, Obb<f64>>(720, overlap::obb_obb);
    let row = Row::new("posed_manifold_box_box", LikeForLike).tolerance(2e-3, 2e-3).note(
        "as `manifold_box_box`, on posed boxes: osculate moves box 2 into box 1's frame, parry \
         takes box 2's pose in box 1's frame; the deepest distances differ as that row's do",
    );
    manifold_row! { s, row, d,
    |x| Posed::new(&x.0.0, x.0.1).manifold(&Posed::new(&x.1.0, x.1.1), Real::lit(0.01)),
    |x| {
        let ((fa, ca), (fb, cb)) = (cv::obb(&x.0.0), cv::obb(&x.1.0));
        (cv::pose(&x.0.1) * fa, ca, cv::pose(&x.1.1) * fb, cb)
    },
    parry: |p, m| qd::contact_manifold_cuboid_cuboid(&p.0.inv_mul(&p.2), &p.1, &p.3, 0.01, m) }
}

/// A polyhedron about its own origin (its vertices' centroid) turned at random, and the pose
/// that places it where `p` is.
fn hull_body(p: &ConvexPolyhedron<f64>, rng: &mut Rng) -> (ConvexPolyhedron<f64>, Isometry3<f64>) {
    use osculate_math::Transform as _;
    let sum = p.vertices.iter().fold(Vector3::zeros(), |s, v| s + v.coords);
    let centroid = Point3::from(sum / p.vertices.len().max(1) as f64);
    let pose = super::posed::turned(rng, &centroid);
    (p.transformed(&pose.inverse()), pose)
}

/// The inputs of the posed polyhedron rows: `hull_pairs`'s world-space pairs (dealt by their
/// overlap), each polyhedron given about its own origin with its pose, drawn again until both
/// parry crates build a hull of both in their own frames.
fn posed_hull_pairs()
-> Inputs<super::posed::PosedPair<ConvexPolyhedron<f64>, ConvexPolyhedron<f64>>> {
    let d = inputs(
        721,
        "overlap",
        |rng| loop {
            let w = hull_pair(rng);
            let (a, b) = (hull_body(&w.0, rng), hull_body(&w.1, rng));
            if has_hulls(&a.0) && has_hulls(&b.0) {
                break ((a, b), w);
            }
        },
        |(_, (a, b))| closest::intersect_convex(a, b, closest::GJK_MAX_ITERATIONS),
    );
    Inputs::from_sets(d.f64.map(|x| x.0.clone()))
}

/// The note of the posed polyhedron rows.
const POSED_POLYHEDRA: &str = "as `manifold_polyhedron_polyhedron`, on posed polyhedra: \
    osculate reads polyhedron 2 through its pose in polyhedron 1's frame (not rebuilt), parry \
    takes that pose (`pos1.inv_mul(&pos2)`, inside the timed call); the deepest distances differ \
    as that row's do";

/// parry's side of the posed polyhedron rows: its polygonal-feature manifold on the hulls it
/// keeps in their own frames, polyhedron 2's pose in polyhedron 1's frame.
macro_rules! parry_posed_hulls {
    ($r:ident, $d:ident) => {
        parry_manifold! { $r, $d, |x| (cv::pose(&x.0.1), cv::kept_hull(&x.0.0), cv::pose(&x.1.1), cv::kept_hull(&x.1.0)),
        parry: |p, m| qd::contact_manifold_pfm_pfm(&p.0.inv_mul(&p.2), &p.1, 0.0, None, &p.3, 0.0, None, 0.01, m) }
    };
}

/// Two posed polyhedra: osculate's `ContactManifold` on two `Posed` polyhedra
/// (`manifold_polyhedron_polyhedron_posed` in the thread's workspace, both polyhedra's features
/// found at each call as the world-space row finds them), and on two `Posed` prepared polyhedra
/// (`manifold_polyhedron_polyhedron_posed_with`, features built once outside the timed call),
/// against parry's manifold on its hulls with the relative pose.
fn posed_polyhedron_polyhedron(s: &mut Sink<'_>) {
    use osculate::{ContactManifold as _, Posed};
    let d = posed_hull_pairs();
    let row = Row::new("posed_manifold_polyhedron_polyhedron", LikeForLike).tolerance(1e-2, 3e-3);
    let mut r = s.race(row.note(POSED_POLYHEDRA));
    osculate! { r, d,
    |x| Posed::new(&x.0.0, x.0.1).manifold(&Posed::new(&x.1.0, x.1.1), Real::lit(0.01)),
    |_, m| deepest(m) }
    parry_posed_hulls!(r, d);
    r.finish();
    let row = Row::new("posed_manifold_polyhedron_polyhedron_prepared", LikeForLike);
    let mut r = s.race(row.tolerance(1e-2, 3e-3).note(PREPARED));
    posed_prepared(&mut r, OSCULATE_F32, &d.f32);
    posed_prepared(&mut r, OSCULATE_F64, &d.f64);
    parry_posed_hulls!(r, d);
    r.finish();
}

/// A polyhedron about its own origin and its pose.
type PosedHull<T> = (ConvexPolyhedron<T>, Isometry3<T>);

/// osculate's side of `posed_manifold_polyhedron_polyhedron_prepared` for one precision: each
/// polyhedron's features built once outside the timed call, the posed pair answered in the
/// thread's workspace.
fn posed_prepared<T: Real>(
    r: &mut Race<'_>,
    id: &'static str,
    data: &Dists<(PosedHull<T>, PosedHull<T>)>,
) {
    use osculate::{ContactManifold as _, Posed};
    let prepared = data.map(|x| {
        let f = |p: &ConvexPolyhedron<T>| closest::PolyhedronFeatures::new(p).ok();
        (f(&x.0.0).zip(f(&x.1.0)), x.0.1, x.1.1)
    });
    r.run(
        id,
        "Posed<PolyhedronFeatures>::manifold",
        &prepared,
        |x| {
            x.0.as_ref()
                .map(|(a, b)| Posed::new(a, x.1).manifold(&Posed::new(b, x.2), T::lit(0.01)))
        },
        |_, m| m.as_ref().map_or(Answer::Value(None), deepest),
    );
}
