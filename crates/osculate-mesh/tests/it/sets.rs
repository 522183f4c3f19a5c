//! The queries between two sets of pieces (a mesh or a compound each) against brute force over
//! every pair of pieces (triangle with part, part with part, triangle with triangle), f32 and
//! f64: the trees must change nothing but the speed. The per-pair computation differs from the
//! tree's in argument order and in the closed forms per triangle, so values are compared within
//! the test tolerance; overlap, which both decide by GJK on the same pair, exactly.

use osculate_closest::{
    GJK_MAX_ITERATIONS, SupportMap, closest_points_convex, contact_convex, intersect_convex,
};
use osculate_math::{Point3, Real, Triangle, Vector3};
use osculate_mesh::{
    Compound, ConvexPart, ConvexShape, PlacedPart, TriangleMesh, closest_points_sets, contact_sets,
    overlap_sets, sweep_sets,
};
use osculate_testing::{Rng, for_f32_and_f64, test_tolerance};

use crate::compound::{compound, p};

/// Set pairs per test (the soak raises it).
const CASES: u64 = 24;

/// A soup of `n` random triangles about unit size, around the origin within 5.
fn soup<T: Real>(rng: &mut Rng, n: u32) -> TriangleMesh<T> {
    let mut vertices = Vec::new();
    for _ in 0..n {
        let c = p::<T>(rng, 5.0);
        vertices.extend((0..3).map(|_| c + p::<T>(rng, 1.5).coords));
    }
    crate::ok(TriangleMesh::try_new(
        vertices,
        (0..n).map(|i| [3 * i, 3 * i + 1, 3 * i + 2]).collect(),
    ))
}

fn triangles<T: Real>(m: &TriangleMesh<T>) -> Vec<Triangle<T>> {
    let mut t: Vec<(usize, Triangle<T>)> = m.triangles().collect();
    t.sort_by_key(|(i, _)| *i);
    t.into_iter().map(|(_, t)| t).collect()
}

fn min<T: Real>(values: impl Iterator<Item = T>) -> Option<T> {
    values.fold(None, |m: Option<T>, d| Some(m.map_or(d, |m| m.fast_min(d))))
}

/// Brute force for every query between pieces `a` and `b` of two sets (as convex shapes), and
/// the set queries' answers, compared; counts of the answers that occurred.
macro_rules! check_sets {
    ($a:expr, $b:expr, $pa:expr, $pb:expr, $motion:expr, $tol:expr, $seen:expr) => {{
        let (a, b, pa, pb, motion, tol) = ($a, $b, $pa, $pb, $motion, $tol);
        let any = pa.iter().any(|x| pb.iter().any(|y| intersect_convex(x, y, GJK_MAX_ITERATIONS)));
        assert_eq!(overlap_sets(a, b), any);
        assert_eq!(overlap_sets(b, a), any);
        $seen[0] += usize::from(any);

        let near = min(pa
            .iter()
            .flat_map(|x| pb.iter().map(move |y| closest_points_convex(x, y).distance)));
        let c = crate::some(closest_points_sets(a, b), "closest points").result;
        let near = crate::some(near, "a pair");
        assert!((c.distance - near).abs() <= tol, "{c:?} {near:?}");
        assert!(((c.point_a - c.point_b).norm() - c.distance).abs() <= tol, "{c:?}");
        let r = crate::some(closest_points_sets(b, a), "closest points").result;
        assert!((r.distance - c.distance).abs() <= tol);

        let prediction = T::lit(0.25);
        let deepest = min(pa
            .iter()
            .flat_map(|x| pb.iter().filter_map(move |y| contact_convex(x, y, 1024)))
            .map(|k| k.distance)
            .filter(|d| *d <= prediction));
        let contact = contact_sets(a, b, prediction).map(|k| k.result.distance);
        match (contact, deepest) {
            (Some(x), Some(y)) => assert!((x - y).abs() <= tol, "{x:?} {y:?}"),
            (None, None) => {}
            // A pair at the prediction's edge may fall either side by rounding.
            (Some(d), None) | (None, Some(d)) => assert!((d - prediction).abs() <= tol, "{d:?}"),
        }
        $seen[1] += usize::from(deepest.is_some());

        let still = Vector3::zeros();
        let first = min(pa
            .iter()
            .flat_map(|x| {
                pb.iter()
                    .filter_map(move |y| osculate_dynamic::convex_convex(x, &motion, y, &still))
            })
            .map(|h| h.toi));
        let sweep = sweep_sets(a, &motion, b).map(|h| h.result.toi);
        match (sweep, first) {
            (Some(x), Some(y)) => assert!(
                (x - y).abs() * (T::ONE + motion.norm()) <= tol * T::lit(16.0),
                "{x:?} {y:?}"
            ),
            (None, None) => {}
            (x, y) => panic!("sweep {x:?}, brute force {y:?} for {motion:?}"),
        }
        $seen[2] += usize::from(first.is_some());
    }};
}

fn set_queries_match_brute_force<T: Real>() {
    let mut rng = Rng::new(0x5e75_5e75);
    let tol = test_tolerance::<T>() * T::lit(64.0);
    let mut seen = [0_usize; 3];
    for _ in 0..osculate_testing::cases(CASES) {
        let n = 1 + rng.index(12) as u32;
        let mesh = soup::<T>(&mut rng, n);
        let n = 1 + rng.index(6);
        let parts = compound::<T>(&mut rng, n);
        let tris = triangles(&mesh);
        let placed: Vec<PlacedPart<'_, ConvexPart<T>, T>> =
            parts.parts().iter().map(PlacedPart).collect();
        let motion = p::<T>(&mut rng, 8.0).coords;
        check_sets!(&mesh, &parts, &tris, &placed, motion, tol, seen);
        check_sets!(&parts, &mesh, &placed, &tris, motion, tol, seen);
        let n = 1 + rng.index(4);
        let other = compound::<T>(&mut rng, n);
        let placed_other: Vec<PlacedPart<'_, ConvexPart<T>, T>> =
            other.parts().iter().map(PlacedPart).collect();
        check_sets!(&parts, &other, &placed, &placed_other, motion, tol, seen);
        let n = 1 + rng.index(8) as u32;
        let soup_b = soup::<T>(&mut rng, n);
        check_sets!(&mesh, &soup_b, &tris, &triangles(&soup_b), motion, tol, seen);
    }
    // Both answers occur often enough for the agreement to mean something.
    assert!(seen.iter().all(|&k| k > 5), "{seen:?}");
}

/// A placed part is its posed shape: its support points are the pose applied to the part's, and
/// its box contains every support point.
fn placed_parts_are_the_posed_shapes<T: Real>() {
    let mut rng = Rng::new(0x91ace);
    let c = compound::<T>(&mut rng, 6);
    for part in c.parts() {
        let placed = PlacedPart(part);
        let b = osculate_math::Bounded::aabb(&placed);
        for _ in 0..16 {
            let d = rng.unit_vector::<T>().into_inner();
            let s: Point3<T> = placed.support(&d);
            assert_eq!(s, part.support(&d));
            let pad = test_tolerance::<T>() * T::lit(16.0);
            assert!(
                (0..3).all(|k| b.min[k] - pad <= s[k] && s[k] <= b.max[k] + pad),
                "{s:?} {b:?}"
            );
        }
        assert!(!placed.overlaps_triangle(&Triangle::new(
            Point3::new(T::lit(100.0), T::ZERO, T::ZERO),
            Point3::new(T::lit(101.0), T::ZERO, T::ZERO),
            Point3::new(T::lit(100.0), T::ONE, T::ZERO),
        )));
    }
    let _: &Compound<T, ConvexPart<T>> = &c;
}

for_f32_and_f64!(set_queries_match_brute_force, placed_parts_are_the_posed_shapes);
