//! Every overlap test of osculate on arbitrary shapes: no panic; NaN in ⇒ false; and, for tame
//! finite input, agreement with the closest-point layer away from touching.
#![no_main]

use osculate::math::{Point3, Real};
use osculate::{closest as c, overlap as o};

#[path = "shapes.rs"]
mod shapes;
use shapes::{Bytes, tame};

fn check<T: Real>(b: &mut Bytes<'_>) {
    let sane = b.sane();
    let (t1, t2) = (b.triangle::<T>(sane), b.triangle::<T>(sane));
    let (s1, sp1, sp2) = (b.segment::<T>(sane), b.sphere::<T>(sane), b.sphere::<T>(sane));
    let (k1, k2, bx, bx2) =
        (b.capsule::<T>(sane), b.capsule::<T>(sane), b.aabb::<T>(sane), b.aabb::<T>(sane));
    let (ob, ob2, co, pl, hs) = (
        b.obb::<T>(sane),
        b.obb::<T>(sane),
        b.cone::<T>(sane),
        b.plane::<T>(sane),
        b.halfspace::<T>(sane),
    );
    let coords: Vec<T> =
        [t1.a, t1.b, t1.c, t2.a, t2.b, t2.c].iter().flat_map(|q| [q.x, q.y, q.z]).collect();

    let fast = o::triangle_triangle(&t1, &t2);
    let exact = o::triangle_triangle_exact(&t1, &t2);
    if coords.iter().any(|x| x.is_nan()) {
        assert!(!fast && !exact, "NaN triangles overlap");
    }
    // The exact mode is exact while no product of coordinate differences under- or overflows:
    // non-zero coordinates within [1e-80, 1e80] (see the module documentation).
    let in_range = coords
        .iter()
        .all(|x| *x == T::ZERO || (x.abs() >= T::lit(1e-80) && x.abs() <= T::lit(1e80)));
    if tame(&coords) && in_range {
        let d = c::closest_points_triangle_triangle(&t1, &t2).distance;
        let scale = coords.iter().fold(T::ONE, |m, x| m.fast_max(x.abs()));
        let band = T::lit(1e-3) * scale;
        if d > band {
            assert!(!exact, "exact says overlap at distance {d:?}: {t1:?} {t2:?}");
        }
        if exact {
            assert!(d <= band, "exact overlap but distance {d:?}");
        }
    }
    let sphere_pair = o::sphere_sphere(&sp1, &sp2);
    if sp1.radius.is_nan() || sp2.radius.is_nan() {
        assert!(!sphere_pair);
    }
    // The two AABB forms agree on valid finite boxes.
    let finite = |p: &Point3<T>| p.iter().all(|x| x.is_finite() && x.abs() < T::lit(1e6));
    if finite(&bx.min)
        && finite(&bx.max)
        && finite(&bx2.min)
        && finite(&bx2.max)
        && (0..3).all(|i| bx.min[i] <= bx.max[i] && bx2.min[i] <= bx2.max[i])
    {
        let mm = o::aabb_aabb(&bx, &bx2);
        let ce = o::aabb_aabb_center_extents(
            &bx.center(),
            &bx.half_extents(),
            &bx2.center(),
            &bx2.half_extents(),
        );
        // Rounding of the center-extent form may differ exactly at touching: compare only when
        // the gap is clear of it.
        let gap = (0..3).fold(T::NEG_INFINITY, |g, i| {
            g.fast_max(bx.min[i] - bx2.max[i]).fast_max(bx2.min[i] - bx.max[i])
        });
        if gap.abs() > T::lit(1e-3) {
            assert_eq!(mm, ce);
        }
    }
    // Everything else: no panic.
    let _ = (
        o::segment_sphere(&s1, &sp1),
        o::sphere_capsule(&sp1, &k1),
        o::capsule_capsule(&k1, &k2),
        o::sphere_aabb(&sp1, &bx),
        o::sphere_obb(&sp1, &ob),
        o::sphere_triangle(&sp1, &t1),
        o::sphere_plane(&sp1, &pl),
        o::sphere_behind_plane(&sp1, &pl),
        o::sphere_halfspace(&sp1, &hs),
        o::aabb_plane(&bx, &pl),
        o::obb_plane(&ob, &pl),
        o::cone_plane(&co, &pl),
        o::cone_halfspace(&co, &hs),
        o::capsule_plane(&k1, &pl),
        o::triangle_plane(&t1, &pl),
    );
    let nan_obb =
        ob.center.iter().any(|x| x.is_nan()) || ob.half_extents.iter().any(|x| x.is_nan());
    let r = o::obb_obb(&ob, &ob2);
    if nan_obb {
        assert!(!r, "NaN box overlaps");
    }
    let _ = (
        o::aabb_triangle(&bx, &t1),
        o::obb_triangle(&ob, &t1),
        o::segment_aabb(&s1, &bx),
        o::segment_obb(&s1, &ob),
    );
    let _ = (o::segment_triangle(&s1, &t1), o::segment_triangle_exact(&s1, &t1));
}

shapes::fuzz_f32_and_f64!(check);
