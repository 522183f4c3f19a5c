//! osculate's shapes as parry's (the `parry` feature), for the differential tests and the
//! benchmarks: [`parry3d`] converts `f32` shapes into parry3d's, [`parry3d_f64`] `f64` shapes into
//! parry3d-f64's; one definition, instantiated for each crate.
//!
//! parry's shapes sit at their local origin (a ball, a cuboid centered there, a cylinder and a
//! cone standing on the `y` axis, a half-space `normal·x ≤ 0`); the functions that need a pose
//! return it with the shape. Every conversion is exact (the same scalar type on both sides) except
//! where a doc says otherwise.

macro_rules! conversions {
    ($pr:ident, $t:ty) => {
        /// The conversions into this parry crate's types.
        pub mod $pr {
            use ::$pr::math::{Pose, Rot3, Vector};
            use ::$pr::shape;
            use osculate_math::{
                Aabb, Capsule, Cone, ConvexPolyhedron, Cylinder, Halfspace, Isometry3, Obb, Point3,
                Ray, Rotation3, Segment, Sphere, Tetrahedron, Triangle, UnitQuaternion, Vector3,
            };

            /// A point as parry's vector.
            #[must_use]
            pub fn point(p: &Point3<$t>) -> Vector {
                Vector::new(p.x, p.y, p.z)
            }

            /// A vector as parry's vector.
            #[must_use]
            pub fn vector(v: &Vector3<$t>) -> Vector {
                Vector::new(v.x, v.y, v.z)
            }

            /// A parry vector as a point.
            #[must_use]
            pub fn to_point(v: Vector) -> Point3<$t> {
                Point3::new(v.x, v.y, v.z)
            }

            /// A unit quaternion as parry's.
            #[must_use]
            pub fn quaternion(q: &UnitQuaternion<$t>) -> Rot3 {
                let q = q.quaternion();
                Rot3::from_xyzw(q.i, q.j, q.k, q.w)
            }

            /// A rotation matrix as parry's quaternion.
            #[must_use]
            pub fn rotation(r: &Rotation3<$t>) -> Rot3 {
                quaternion(&UnitQuaternion::from_rotation_matrix(r))
            }

            /// A pose (rigid motion) as parry's.
            #[must_use]
            pub fn pose(iso: &Isometry3<$t>) -> Pose {
                Pose::from_parts(vector(&iso.translation.vector), quaternion(&iso.rotation))
            }

            /// The pose of a shape centered at `center` and turned by `q`.
            #[must_use]
            pub fn placed(center: &Point3<$t>, q: &UnitQuaternion<$t>) -> Pose {
                Pose::from_parts(point(center), quaternion(q))
            }

            /// The pose translating by `p`.
            #[must_use]
            pub fn at(p: &Point3<$t>) -> Pose {
                Pose::from_translation(point(p))
            }

            /// The pose that takes parry's unit `from` axis onto the unit `to`, centered at `center`.
            #[must_use]
            pub fn axis_pose(center: &Point3<$t>, from: Vector, to: Vector) -> Pose {
                Pose::from_parts(point(center), Rot3::from_rotation_arc(from, to))
            }

            /// The pose of a frame at `b` seen from a frame at `a` (a translation).
            #[must_use]
            pub fn between(a: &Point3<$t>, b: &Point3<$t>) -> Pose {
                Pose::from_translation(vector(&(b - a)))
            }

            /// A ray (its `max_t` is passed to parry's calls apart).
            #[must_use]
            pub fn ray(r: &Ray<$t>) -> ::$pr::query::Ray {
                ::$pr::query::Ray::new(point(&r.origin), vector(&r.direction))
            }

            /// A ray moved into the frame of a shape centered at `center`.
            #[must_use]
            pub fn ray_from(r: &Ray<$t>, center: &Point3<$t>) -> ::$pr::query::Ray {
                ::$pr::query::Ray::new(vector(&(r.origin - center)), vector(&r.direction))
            }

            /// A segment as the ray from `a` to `b` (parameter 1 at `b`).
            #[must_use]
            pub fn segment_ray(s: &Segment<$t>) -> ::$pr::query::Ray {
                ::$pr::query::Ray::new(point(&s.a), vector(&(s.b - s.a)))
            }

            /// A sphere: its pose and a ball.
            #[must_use]
            pub fn ball(s: &Sphere<$t>) -> (Pose, shape::Ball) {
                (at(&s.center), shape::Ball::new(s.radius))
            }

            /// A box: its pose and a cuboid.
            #[must_use]
            pub fn cuboid(b: &Aabb<$t>) -> (Pose, shape::Cuboid) {
                (at(&b.center()), shape::Cuboid::new(vector(&b.half_extents())))
            }

            /// A box as parry's bounding box (the same min-max form).
            #[must_use]
            pub fn aabb(b: &Aabb<$t>) -> ::$pr::bounding_volume::Aabb {
                ::$pr::bounding_volume::Aabb::new(point(&b.min), point(&b.max))
            }

            /// An oriented box: its pose and a cuboid.
            #[must_use]
            pub fn obb(b: &Obb<$t>) -> (Pose, shape::Cuboid) {
                (
                    Pose::from_parts(point(&b.center), rotation(&b.rotation)),
                    shape::Cuboid::new(vector(&b.half_extents)),
                )
            }

            /// A segment.
            #[must_use]
            pub fn segment(s: &Segment<$t>) -> shape::Segment {
                shape::Segment::new(point(&s.a), point(&s.b))
            }

            /// A capsule.
            #[must_use]
            pub fn capsule(k: &Capsule<$t>) -> shape::Capsule {
                shape::Capsule::new(point(&k.a), point(&k.b), k.radius)
            }

            /// A triangle.
            #[must_use]
            pub fn triangle(t: &Triangle<$t>) -> shape::Triangle {
                shape::Triangle::new(point(&t.a), point(&t.b), point(&t.c))
            }

            /// A tetrahedron.
            #[must_use]
            pub fn tetrahedron(t: &Tetrahedron<$t>) -> shape::Tetrahedron {
                shape::Tetrahedron::new(point(&t.a), point(&t.b), point(&t.c), point(&t.d))
            }

            /// A cylinder: the pose putting parry's `y` axis on `a → b`, and the cylinder.
            #[must_use]
            pub fn cylinder(y: &Cylinder<$t>) -> (Pose, shape::Cylinder) {
                let axis = y.b - y.a;
                let center = y.a + axis / 2.0;
                (
                    axis_pose(&center, Vector::Y, vector(&axis).normalize()),
                    shape::Cylinder::new(axis.norm() / 2.0, y.radius),
                )
            }

            /// A cone: parry's apex is at `+y·half_height`, so its axis (apex into the cone) is
            /// `−y`.
            #[must_use]
            pub fn cone(k: &Cone<$t>) -> (Pose, shape::Cone) {
                let center = k.tip + k.axis.into_inner() * (k.height / 2.0);
                (
                    axis_pose(&center, -Vector::Y, vector(&k.axis).normalize()),
                    shape::Cone::new(k.height / 2.0, k.radius),
                )
            }

            /// A half-space: the pose translating parry's `normal·x ≤ 0` onto the plane.
            #[must_use]
            pub fn halfspace(h: &Halfspace<$t>) -> (Pose, shape::HalfSpace) {
                let n = h.plane.normal.into_inner();
                (at(&Point3::from(n * h.plane.d)), shape::HalfSpace::new(vector(&n)))
            }

            /// A convex polyhedron as parry's hull of its vertices (`None` when parry builds
            /// none).
            #[must_use]
            pub fn hull(p: &ConvexPolyhedron<$t>) -> Option<shape::ConvexPolyhedron> {
                let v: Vec<Vector> = p.vertices.iter().map(point).collect();
                shape::ConvexPolyhedron::from_convex_hull(&v)
            }
        }
    };
}

conversions!(parry3d, f32);
conversions!(parry3d_f64, f64);
