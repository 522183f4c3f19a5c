//! Box-triangle pairs far from the origin that touch exactly: the fast tests must say
//! "overlapping" at any distance from the origin.

use osculate_math::{Aabb, Obb, Point3, Real, Rotation3, Triangle};
use osculate_overlap::{aabb_triangle, aabb_triangle_exact, obb_triangle, obb_triangle_exact};
use osculate_testing::for_f32_and_f64;

/// A box whose corners are not symmetric about a representable center (so the move to the
/// center rounds), 1e4 and 1e8 from the origin, and triangles touching it exactly: a vertex on
/// the face `x = max.x` (the rest beyond it), a vertex at the corner `max`. The move to the box's
/// center rounds at the coordinates' magnitude (1e-12 at 1e4 in f64), while the slack was scaled
/// by the centered magnitudes (1e-14): these were "apart".
fn far_touching_pairs_overlap<T: Real>() {
    let l = |x: f64| T::lit(x);
    let mut checked = 0;
    for offset in [1.0e4, -3.0e4, 1.0e8] {
        for k in 0..50 {
            let f = f64::from(k);
            let min =
                Point3::new(l(offset + 0.1 + 0.013 * f), l(-offset + 0.3), l(offset * 0.5 + 0.7));
            let max = Point3::new(
                l(offset + 0.9 + 0.007 * f),
                l(-offset + 1.1 + 0.01 * f),
                l(offset * 0.5 + 1.3),
            );
            let b = Aabb::new(min, max);
            // On the face x = max.x, inside its y and z ranges; the other vertices beyond it.
            let on = Point3::new(max.x, l(-offset + 0.7), l(offset * 0.5 + 1.0));
            let out =
                |dx: f64, dy: f64, dz: f64| Point3::new(max.x + l(dx), on.y + l(dy), on.z + l(dz));
            let face = Triangle::new(on, out(1.0, 0.5, 0.0), out(2.0, -0.5, 0.3));
            let corner = Triangle::new(max, out(1.0, 1.0, 1.0), out(0.5, 2.0, 0.5));
            for t in [face, corner] {
                assert!(aabb_triangle_exact(&b, &t), "exact: {b:?} {t:?}");
                assert!(aabb_triangle(&b, &t), "{b:?} {t:?}");
                let rotated = [t.b, t.c, t.a];
                assert!(aabb_triangle(&b, &Triangle::new(rotated[0], rotated[1], rotated[2])));
                // The same box as an oriented box with the identity rotation.
                let obb = Obb::new(b.center(), Rotation3::identity(), b.half_extents());
                let (lo, hi) = (obb.center - obb.half_extents, obb.center + obb.half_extents);
                if lo == b.min && hi == b.max {
                    assert!(obb_triangle_exact(&obb, &t), "exact: {obb:?} {t:?}");
                    assert!(obb_triangle(&obb, &t), "{obb:?} {t:?}");
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 300);
}

for_f32_and_f64!(far_touching_pairs_overlap);
