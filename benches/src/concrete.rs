//! Concrete-typed copies of generic queries, for the zero-cost benchmarks (`zerocost_*` groups):
//! the same code as the library's, written for `f32` and for `f64` with no `Real` bound, so that
//! any cost of the generic code (a missed inlining, a literal not folded, a trait method not
//! resolved) shows as a difference between the two. Keep each copy in step with its original.

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

#[cfg(test)]
mod tests {
    use crate::pairs;
    use osculate_math::{Aabb, Point3, Sphere};

    /// The copies answer exactly as the originals on the benchmark inputs.
    #[test]
    fn copies_agree_with_the_library() {
        let pa: Vec<(Point3<f32>, Aabb<f32>)> = pairs(30);
        for (p, b) in &pa {
            assert_eq!(
                super::f32s::closest_point_on_aabb(p, b),
                osculate::closest::closest_point_on_aabb(p, b)
            );
        }
        let pa: Vec<(Point3<f64>, Aabb<f64>)> = pairs(30);
        for (p, b) in &pa {
            assert_eq!(
                super::f64s::closest_point_on_aabb(p, b),
                osculate::closest::closest_point_on_aabb(p, b)
            );
        }
        let ss: Vec<(Sphere<f32>, Sphere<f32>)> = pairs(260);
        let overlapping = ss.iter().filter(|(a, b)| osculate::overlap::sphere_sphere(a, b)).count();
        assert!(overlapping > 100 && overlapping < ss.len() - 100, "{overlapping}");
        for (a, b) in &ss {
            assert_eq!(super::f32s::sphere_sphere(a, b), osculate::overlap::sphere_sphere(a, b));
        }
        let ss: Vec<(Sphere<f64>, Sphere<f64>)> = pairs(260);
        for (a, b) in &ss {
            assert_eq!(super::f64s::sphere_sphere(a, b), osculate::overlap::sphere_sphere(a, b));
        }
    }
}
