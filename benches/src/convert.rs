//! osculate's shapes as parry's, for parry3d (`p32`) and parry3d-f64 (`p64`): one definition,
//! instantiated for each crate.
//!
//! parry's shapes sit at their local origin (a ball, a cuboid centered there, a cylinder and a
//! cone standing on the `y` axis, a half-space `normal·x ≤ 0`); the functions that need a pose
//! return it with the shape.

macro_rules! conversions {
    ($m:ident, $pr:ident, $t:ty) => {
        /// The conversions into this parry crate's types.
        #[allow(clippy::useless_conversion, reason = "`f64::from` of parry3d-f64's `f64`")]
        pub mod $m {
            use osculate_math::{
                Aabb, Capsule, Cone, ConvexPolyhedron, Cylinder, Halfspace, Isometry3, Obb, Point3,
                Ray, Rotation3, Segment, Sphere, Tetrahedron, Triangle, UnitQuaternion, Vector3,
            };
            use $pr::math::{Pose, Rot3, Vector};
            use $pr::shape;

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

            /// A rotation as parry's quaternion.
            #[must_use]
            pub fn rotation(r: &Rotation3<$t>) -> Rot3 {
                let q = UnitQuaternion::from_rotation_matrix(r);
                Rot3::from_xyzw(q.i, q.j, q.k, q.w)
            }

            /// A pose (rigid motion) as parry's.
            #[must_use]
            pub fn pose(iso: &Isometry3<$t>) -> Pose {
                let q = iso.rotation.quaternion();
                Pose::from_parts(
                    vector(&iso.translation.vector),
                    Rot3::from_xyzw(q.i, q.j, q.k, q.w),
                )
            }

            /// A rigid motion as parry's, for a body whose parry shape sits in the body's frame
            /// at `frame` (the pose a conversion above returns with the shape): parry's start
            /// pose is the body's composed with `frame`, its center of rotation the body's seen
            /// from `frame`; the velocities are the world's in both.
            #[must_use]
            pub fn rigid_motion(
                m: &osculate::dynamic::RigidMotion<$t>,
                frame: &Pose,
            ) -> $pr::query::NonlinearRigidMotion {
                $pr::query::NonlinearRigidMotion::new(
                    pose(&m.start) * *frame,
                    frame.inverse_transform_point(point(&m.local_center)),
                    vector(&m.linvel),
                    vector(&m.angvel),
                )
            }

            /// The pose translating by `p`.
            #[must_use]
            pub fn at(p: &Point3<$t>) -> Pose {
                Pose::from_translation(point(p))
            }

            /// The pose that takes parry's `from` axis onto `axis`, centered at `center`.
            #[must_use]
            pub fn axis_pose(center: &Point3<$t>, from: Vector, axis: &Vector3<$t>) -> Pose {
                Pose::from_parts(
                    point(center),
                    Rot3::from_rotation_arc(from, vector(axis).normalize()),
                )
            }

            /// The pose of a frame at `b` seen from a frame at `a` (a translation).
            #[must_use]
            pub fn between(a: &Point3<$t>, b: &Point3<$t>) -> Pose {
                Pose::from_translation(vector(&(b - a)))
            }

            /// A ray (its `max_t` is passed to parry's calls apart).
            #[must_use]
            pub fn ray(r: &Ray<$t>) -> $pr::query::Ray {
                $pr::query::Ray::new(point(&r.origin), vector(&r.direction))
            }

            /// A ray moved into the frame of a shape centered at `center`.
            #[must_use]
            pub fn ray_from(r: &Ray<$t>, center: &Point3<$t>) -> $pr::query::Ray {
                $pr::query::Ray::new(vector(&(r.origin - center)), vector(&r.direction))
            }

            /// A segment as the ray from `a` to `b` (parameter 1 at `b`).
            #[must_use]
            pub fn segment_ray(s: &Segment<$t>) -> $pr::query::Ray {
                $pr::query::Ray::new(point(&s.a), vector(&(s.b - s.a)))
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
            pub fn aabb(b: &Aabb<$t>) -> $pr::bounding_volume::Aabb {
                $pr::bounding_volume::Aabb::new(point(&b.min), point(&b.max))
            }

            /// An oriented box: its pose and a cuboid.
            #[must_use]
            pub fn obb(b: &Obb<$t>) -> (Pose, shape::Cuboid) {
                let q = UnitQuaternion::from_rotation_matrix(&b.rotation);
                let r = Rot3::from_xyzw(q.i, q.j, q.k, q.w);
                (Pose::from_parts(point(&b.center), r), shape::Cuboid::new(vector(&b.half_extents)))
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
                    axis_pose(&center, Vector::Y, &axis),
                    shape::Cylinder::new(axis.norm() / 2.0, y.radius),
                )
            }

            /// A cone: parry's apex is at `+y·half_height`, so its axis (apex into the cone) is
            /// `−y`.
            #[must_use]
            pub fn cone(k: &Cone<$t>) -> (Pose, shape::Cone) {
                let center = k.tip + k.axis.into_inner() * (k.height / 2.0);
                (
                    axis_pose(&center, -Vector::Y, &k.axis),
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

            /// [`hull`] of a polyhedron the rows' generator kept (`crate::rows::has_hulls`).
            ///
            /// # Panics
            /// When parry builds no hull: the generator keeps only polyhedra it builds one of.
            #[must_use]
            pub fn kept_hull(p: &ConvexPolyhedron<$t>) -> shape::ConvexPolyhedron {
                hull(p).unwrap_or_else(|| {
                    unreachable!("the generator keeps polyhedra parry builds a hull of")
                })
            }

            /// The shape-cast options of the sweep rows: a time of impact within the motion
            /// (`[0, 1]`), shapes overlapping at the start reported at time 0 (as osculate's);
            /// the rest parry's defaults.
            pub const SWEEP: $pr::query::ShapeCastOptions = $pr::query::ShapeCastOptions {
                max_time_of_impact: 1.0,
                target_distance: 0.0,
                stop_at_penetration: true,
                compute_impact_geometry_on_penetration: true,
            };

            /// A contact's signed distance (parry's `dist`, negative when penetrating).
            #[must_use]
            pub fn contact_distance(c: &Option<$pr::query::Contact>) -> $crate::race::Answer {
                $crate::race::Answer::Value(c.map(|c| f64::from(c.dist)))
            }

            /// A ray hit's parameter.
            #[must_use]
            pub fn toi(h: &Option<$pr::query::RayIntersection>) -> $crate::race::Answer {
                $crate::race::Answer::Value(h.map(|h| f64::from(h.time_of_impact)))
            }

            /// A shape cast's time of impact.
            #[must_use]
            pub fn cast_toi(h: &Option<$pr::query::ShapeCastHit>) -> $crate::race::Answer {
                $crate::race::Answer::Value(h.map(|h| f64::from(h.time_of_impact)))
            }

            /// Whether an intersection test found one.
            #[must_use]
            pub fn intersecting(i: &$pr::query::ShapeIntersection) -> $crate::race::Answer {
                $crate::race::Answer::Bool(i.intersecting)
            }

            /// The distance of closest points, shape 2's in its own frame (`pos12` from
            /// shape 1's): 0 when intersecting, none when beyond the margin.
            #[must_use]
            pub fn closest_distance(
                pos12: &Pose,
                c: &$pr::query::ClosestPoints,
            ) -> $crate::race::Answer {
                use $pr::query::ClosestPoints as C;
                $crate::race::Answer::Value(match c {
                    C::Intersecting => Some(0.0),
                    C::WithinMargin(p1, p2) => Some(f64::from((*p1 - pos12 * *p2).length())),
                    C::Disjoint => None,
                })
            }

            /// A parry scalar as `f64`.
            #[must_use]
            pub fn wide(x: $t) -> f64 {
                f64::from(x)
            }

            /// The distance from `p` to a projected point (both in the same frame).
            #[must_use]
            pub fn projection_distance(
                p: &Vector,
                proj: &$pr::query::PointProjection,
            ) -> $crate::race::Answer {
                $crate::race::Answer::Value(Some(f64::from((*p - proj.point).length())))
            }
        }
    };
}

conversions!(p32, parry3d, f32);
conversions!(p64, parry3d_f64, f64);
