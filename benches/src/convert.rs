//! osculate's shapes as parry's, for parry3d (`p32`) and parry3d-f64 (`p64`): the conversions of
//! `osculate_testing::parry`, and the benchmarks' own helpers beside them (the sweep options, the
//! answers compared between contenders), one definition instantiated for each crate.

macro_rules! conversions {
    ($m:ident, $pr:ident, $t:ty) => {
        /// The conversions into this parry crate's types.
        #[allow(clippy::useless_conversion, reason = "`f64::from` of parry3d-f64's `f64`")]
        pub mod $m {
            pub use osculate_testing::parry::$pr::*;

            use osculate_math::ConvexPolyhedron;
            use $pr::math::{Pose, Vector};
            use $pr::shape;

            /// A rigid motion as parry's, for a body whose parry shape sits in the body's frame
            /// at `frame` (the pose a shape conversion returns with the shape): parry's start
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

            /// [`hull`] of a polyhedron the generator kept (`crate::convert::has_hulls`).
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

/// Whether both parry crates build a hull of `p` (and of its `f32` rounding): the generators keep
/// only such polyhedra, so that every contender answers on every input.
#[must_use]
pub fn has_hulls(p: &osculate_math::ConvexPolyhedron<f64>) -> bool {
    p64::hull(p).is_some() && p32::hull(&crate::input::Narrow::narrow(p)).is_some()
}

/// Two random convex polyhedra ([`crate::input::pair`]) that both parry crates build a hull of,
/// drawn again until they are.
pub fn hull_pair(
    rng: &mut osculate_testing::Rng,
) -> (osculate_math::ConvexPolyhedron<f64>, osculate_math::ConvexPolyhedron<f64>) {
    loop {
        let x = crate::input::pair::<osculate_math::ConvexPolyhedron<f64>, _>(rng);
        if has_hulls(&x.0) && has_hulls(&x.1) {
            return x;
        }
    }
}
