//! Concrete-typed copies of generic queries, for the zero-cost benchmarks (`zerocost_*` groups):
//! the same code as the library's, written for `f32` and for `f64` with no `Real` bound, so that
//! any cost of the generic code (a missed inlining, a literal not folded, a trait method not
//! resolved) shows as a difference between the two. Keep each copy in step with its original: the
//! `zerocost_*` groups check that each answers as the original on every benchmark input.

macro_rules! concrete {
    ($m:ident, $t:ident) => {
        /// The copies for one scalar type.
        pub mod $m {
            use osculate_math::{Aabb, Point3, Sphere};

            /// `osculate_closest::closest_point_on_aabb`, concrete.
            #[inline]
            #[must_use]
            pub fn closest_point_on_aabb(p: &Point3<$t>, b: &Aabb<$t>) -> Point3<$t> {
                Point3::from(core::array::from_fn::<$t, 3, _>(|i| {
                    let (x, lo, hi) = (p[i], b.min[i], b.max[i]);
                    if !(lo <= hi) {
                        return $t::NAN;
                    }
                    let y = if lo > x { lo } else { x };
                    if hi < y { hi } else { y }
                }))
            }

            /// `osculate_overlap::sphere_sphere`, concrete.
            #[inline]
            #[must_use]
            pub fn sphere_sphere(a: &Sphere<$t>, b: &Sphere<$t>) -> bool {
                let d2 = (b.center - a.center).norm_squared();
                let r = a.radius + b.radius;
                #[allow(clippy::eq_op, reason = "x − x: 0 for finite x, NaN otherwise")]
                let z = (a.center - a.center) + (b.center - b.center);
                (a.radius >= 0.0)
                    & (b.radius >= 0.0)
                    & (r < $t::INFINITY)
                    & (d2 <= r * r)
                    & (z.x + z.y + z.z == 0.0)
            }
        }
    };
}

concrete!(f32s, f32);
concrete!(f64s, f64);
