//! Posed queries: each shape built once about its own origin and placed by a pose, the pair's
//! query answered through `osculate::posed` (the relative pose computed, the other shape moved
//! into one shape's frame, the answer moved back to world space). parry's contender is its posed
//! path on the same inputs: shape 2's pose in shape 1's frame (`pos1.inv_mul(&pos2)`, what its
//! `query::*` functions compute first) inside the timed call, then the same `query::details`
//! function as the world-space row. The world-space rows of the same pairs (`contact_sphere_obb`,
//! `contact_cuboid_cuboid`, `distance_cylinder_cone`) are the reference the posed ones are read
//! against. The distributions: the placed shapes overlap 10% or 90% of the time.

use osculate::{overlap, posed};
use osculate_benches::input::{Inputs, Narrow, inputs, pair};
use osculate_benches::race::{Class::*, Row, Sink};
use osculate_benches::{osculate, parry};
use osculate_math::{
    Capsule, Cone, Cylinder, Isometry3, Obb, Point3, Rotation3, Sphere, Transform, UnitQuaternion,
    Vector3,
};
use osculate_testing::{Generate, Rng};

/// Every row of this module.
pub(crate) fn all(s: &mut Sink<'_>) {
    contact_sphere_obb(s);
    contact_sphere_sphere(s);
    contact_sphere_capsule(s);
    contact_obb_obb(s);
    distance_cylinder_cone(s);
}

/// A shape built about its own origin and the pose that places it where the world-space shape
/// is: `local.transformed(&pose)` is the world shape.
pub(crate) trait Body: Sized {
    fn body(&self, rng: &mut Rng) -> (Self, Isometry3<f64>);
}

/// A pose at `at` turned by a random rotation.
pub(crate) fn turned(rng: &mut Rng, at: &Point3<f64>) -> Isometry3<f64> {
    let axis = Vector3::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0), rng.range(-3.0, 3.0));
    Isometry3::from_parts(at.coords.into(), UnitQuaternion::from_scaled_axis(axis))
}

impl Body for Sphere<f64> {
    fn body(&self, rng: &mut Rng) -> (Self, Isometry3<f64>) {
        (Sphere::new(Point3::origin(), self.radius), turned(rng, &self.center))
    }
}

impl Body for Obb<f64> {
    fn body(&self, _: &mut Rng) -> (Self, Isometry3<f64>) {
        let pose = Isometry3::from_parts(
            self.center.coords.into(),
            UnitQuaternion::from_rotation_matrix(&self.rotation),
        );
        (Obb::new(Point3::origin(), Rotation3::identity(), self.half_extents), pose)
    }
}

impl Body for Capsule<f64> {
    fn body(&self, rng: &mut Rng) -> (Self, Isometry3<f64>) {
        let pose = turned(rng, &self.a.lerp(&self.b, 0.5));
        (self.transformed(&pose.inverse()), pose)
    }
}

impl Body for Cylinder<f64> {
    fn body(&self, rng: &mut Rng) -> (Self, Isometry3<f64>) {
        let pose = turned(rng, &self.a.lerp(&self.b, 0.5));
        (self.transformed(&pose.inverse()), pose)
    }
}

impl Body for Cone<f64> {
    fn body(&self, rng: &mut Rng) -> (Self, Isometry3<f64>) {
        let pose = turned(rng, &(self.tip + self.axis.into_inner() * (self.height / 2.0)));
        (self.transformed(&pose.inverse()), pose)
    }
}

/// The posed form of a world-space pair: each shape about its origin with its pose.
pub(crate) type PosedPair<A, B> = ((A, Isometry3<f64>), (B, Isometry3<f64>));

/// Inputs of a posed row: generated world-space pairs, dealt by `overlaps` on the world shapes,
/// each given as its shapes about their origins and their poses.
pub(crate) fn posed_inputs<A, B>(
    seed: u64,
    overlaps: impl Fn(&A, &B) -> bool,
) -> Inputs<PosedPair<A, B>>
where
    A: Body + Clone + Narrow + Generate<f64>,
    B: Body + Clone + Narrow + Generate<f64>,
    PosedPair<A, B>: Narrow,
{
    let d = inputs(
        seed,
        "overlap",
        |rng| {
            let w = pair::<A, B>(rng);
            ((w.0.body(rng), w.1.body(rng)), w)
        },
        |(_, (a, b))| overlaps(a, b),
    );
    Inputs::from_sets(d.f64.map(|x| x.0.clone()))
}

/// A posed contact row: osculate's `posed::contact` against parry's `qd::$f` on the second of
/// `prep`'s shapes' pose in the first's frame (`prep` gives parry's pose, shape, pose, shape in
/// its function's argument order), the matching call with an unbounded prediction and the cheap
/// one reporting only touching shapes.
macro_rules! posed_contact {
    ($s:ident, $row:expr, $d:expr, |$x:ident| $prep:expr, $f:ident) => {{
        let d = $d;
        let mut r = $s.race($row.cheap_touching_only());
        osculate! { r, d, |x| posed::contact(&x.0.1, &x.0.0, &x.1.1, &x.1.0) }
        parry! { r, d, |$x| $prep,
        parry: |p| qd::$f(&p.0.inv_mul(&p.2), &p.1, &p.3, Real::MAX) => |_, c| cv::contact_distance(c),
        cheap: |p| qd::$f(&p.0.inv_mul(&p.2), &p.1, &p.3, 0.0) => |_, c| cv::contact_distance(c) }
        r.finish();
    }};
}

/// A sphere's posed contact with an oriented box: parry's `contact_convex_polyhedron_ball` on
/// the ball's pose in the box's frame.
fn contact_sphere_obb(s: &mut Sink<'_>) {
    let row = Row::new("posed_contact_sphere_obb", LikeForLike).note(
        "osculate: `posed::contact`; parry: the ball's pose in the box's frame, then \
         `contact_convex_polyhedron_ball`",
    );
    let d = posed_inputs::<Sphere<f64>, Obb<f64>>(700, overlap::sphere_obb);
    posed_contact!(
        s,
        row,
        d,
        |x| (cv::pose(&x.1.1), cv::obb(&x.1.0).1, cv::pose(&x.0.1), cv::ball(&x.0.0).1),
        contact_convex_polyhedron_ball
    );
}

/// Two posed spheres' contact: parry's `contact_ball_ball` on the second ball's pose in the
/// first's frame.
fn contact_sphere_sphere(s: &mut Sink<'_>) {
    let row = Row::new("posed_contact_sphere_sphere", LikeForLike).note(
        "osculate: `posed::contact`; parry: ball 2's pose in ball 1's frame, then \
         `contact_ball_ball`",
    );
    let d = posed_inputs::<Sphere<f64>, Sphere<f64>>(706, overlap::sphere_sphere);
    posed_contact!(
        s,
        row,
        d,
        |x| (cv::pose(&x.0.1), cv::ball(&x.0.0).1, cv::pose(&x.1.1), cv::ball(&x.1.0).1),
        contact_ball_ball
    );
}

/// A posed sphere's contact with a posed capsule: parry's `contact_convex_polyhedron_ball` on
/// the ball's pose in the capsule's frame (as the world-space `contact_sphere_capsule` row).
fn contact_sphere_capsule(s: &mut Sink<'_>) {
    let row = Row::new("posed_contact_sphere_capsule", LikeForLike).note(
        "osculate: `posed::contact`; parry: the ball's pose in the capsule's frame, then \
         `contact_convex_polyhedron_ball`",
    );
    let d = posed_inputs::<Sphere<f64>, Capsule<f64>>(708, overlap::sphere_capsule);
    posed_contact!(
        s,
        row,
        d,
        |x| (cv::pose(&x.1.1), cv::capsule(&x.1.0), cv::pose(&x.0.1), cv::ball(&x.0.0).1),
        contact_convex_polyhedron_ball
    );
}

/// Two posed oriented boxes' contact: osculate's separating axes in one box's frame against
/// parry's GJK and EPA (the path of its `query::contact` for cuboids, as in the world-space
/// `contact_cuboid_cuboid` row).
fn contact_obb_obb(s: &mut Sink<'_>) {
    let row = Row::new("posed_contact_cuboid_cuboid", ClosedVsGeneral).note(
        "osculate: `posed::contact` (separating axes); parry: box 2's pose in box 1's frame, \
         then GJK and EPA",
    );
    let d = posed_inputs::<Obb<f64>, Obb<f64>>(702, overlap::obb_obb);
    posed_contact!(
        s,
        row,
        d,
        |x| (cv::pose(&x.0.1), cv::obb(&x.0.0).1, cv::pose(&x.1.1), cv::obb(&x.1.0).1),
        contact_support_map_support_map
    );
}

/// A posed cylinder and cone's closest points: both GJK.
fn distance_cylinder_cone(s: &mut Sink<'_>) {
    let d = posed_inputs::<Cylinder<f64>, Cone<f64>>(704, |a, b| {
        osculate::closest::intersect_convex(a, b, osculate::closest::GJK_MAX_ITERATIONS)
    });
    let mut r =
        s.race(Row::new("posed_distance_cylinder_cone", LikeForLike).tolerance(1e-2, 1e-5).note(
            "both GJK: osculate `posed::closest_points`; parry: the cone's pose in the cylinder's \
             frame (parry's shapes stand on y: each pose composed with the shape's own frame \
             outside the timed call), then `closest_points_support_map_support_map`",
        ));
    osculate! { r, d, |x| posed::closest_points(&x.0.1, &x.0.0, &x.1.1, &x.1.0) }
    parry! { r, d, |x| {
        let ((fa, ya), (fb, kb)) = (cv::cylinder(&x.0.0), cv::cone(&x.1.0));
        (cv::pose(&x.0.1) * fa, ya, cv::pose(&x.1.1) * fb, kb)
    },
    parry: |p| qd::closest_points_support_map_support_map(&p.0.inv_mul(&p.2), &p.1, &p.3, Real::MAX)
        => |p, c| cv::closest_distance(&p.0.inv_mul(&p.2), c),
    cheap: |p| qd::distance_support_map_support_map(&p.0.inv_mul(&p.2), &p.1, &p.3) }
    r.finish();
}
