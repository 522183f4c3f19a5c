//! Convex polyhedra: the closest point to a point by projection onto the active faces, edges and
//! corners (Ericson 5.1.6's regions over the halfspaces), and the squared distance.

use alloc::vec::Vec;

use osculate_math::ConvexPolyhedron;
use osculate_math::{Point3, Real, Vector3, any_perpendicular, nan_point};

use crate::polytope::closest_on_planar;

/// The point of solid convex polyhedron `poly` closest to `p`: `p` itself when it is behind every
/// face plane; otherwise the projection of `p` onto the intersection of the halfspaces, from the
/// planes alone (the vertices only suggest a corner to try and set the frame).
///
/// The projection is a small convex quadratic program, solved by trying its active sets
/// (the optimality conditions of Karush-Kuhn-Tucker, as in Ericson 5.1.6's tetrahedron, applied
/// to the planes): the face farthest from `p`, then the edges of the faces `p` is in front of
/// (the line of two planes, from their 2 × 2 normal equations), then the corner at the nearest
/// vertex (three planes through it). A candidate is the answer when `p` minus it is a
/// non-negative combination of its planes' normals and it is behind every other plane, tested
/// with no tolerance.
///
/// When no candidate passes (nearly parallel faces, a corner of more than three faces, vertices
/// that disagree with the planes: about 0.1% of random queries in f32, 1% in f64, whose exact
/// corners sit on the rounding of those tests), each face `p` is in front of is built from the
/// planes: a square on the face plane, twice the vertices' extent around their centroid, clipped
/// by every other face's halfspace (Sutherland-Hodgman), and the nearest of their closest points
/// is the answer. No vertex has to lie within a tolerance of its face plane, so a polyhedron
/// whose vertices and planes disagree by more than rounding (moved, rounded to `f32`, or built by
/// hand) still has every face. When rounding clips away every face `p` is in front of (a
/// polyhedron flat within rounding), the answer is the closest point of the hull of the
/// vertices, by GJK ([`closest_points_convex`](crate::closest_points_convex)).
///
/// Everything is measured relative to the vertices' centroid, each plane's offset to it formed
/// once, so a polyhedron far from the origin is resolved at its own size, not at its distance
/// from the origin; and in f64 for any `T` (exact on `f32` input), so that the common edge of two
/// nearly parallel faces is where the planes put it.
///
/// Cost: O(planes + vertices), no allocation for up to 16 planes, when `p` is inside or its
/// projection is on a face or a corner; O(planes) more per edge candidate; the clipping path is
/// O(planes²) per face `p` is in front of. A NaN or infinity anywhere gives NaN; a polyhedron
/// with no planes or no vertices (not constructible through its constructors) gives NaN.
///
/// # Examples
/// ```
/// use osculate_closest::closest_point_on_polyhedron;
/// use osculate_math::{Aabb, ConvexPolyhedron, Point3};
///
/// let cube = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)))?;
/// assert_eq!(closest_point_on_polyhedron(&Point3::new(0.5, 0.5, 0.5), &cube), Point3::new(0.5, 0.5, 0.5));
/// assert_eq!(closest_point_on_polyhedron(&Point3::new(3.0, 0.5, -2.0), &cube), Point3::new(1.0, 0.5, 0.0));
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[cfg(feature = "alloc")]
#[must_use]
pub fn closest_point_on_polyhedron<T: Real>(
    p: &Point3<T>,
    poly: &ConvexPolyhedron<T>,
) -> Point3<T> {
    if poly.planes.is_empty() || poly.vertices.is_empty() || !osculate_math::is_finite_point(p) {
        return nan_point();
    }
    // Everything is measured relative to the vertices' centroid `c`: far from the origin a plane's
    // offset `d` is as large as the coordinates, and `n·x − d` rounds at that magnitude on every
    // evaluation. Between two nearly parallel faces that noise moves their common edge by the
    // noise over the angle — in f32 at 1e4, 1e-3 over 2.5e-3, and a point on a face came back
    // 0.87 from it. The offsets relative to `c`,
    // `d − n·c`, are formed once per plane, and every later evaluation rounds at the
    // polyhedron's own size.
    //
    // And the faces are built in f64 whatever `T` is (f32 planes and vertices are exact there):
    // two faces 1e-4 rad apart in f32 have a common edge located only to ε / 1e-4 ≈ 1e-3 of the
    // size, and a point 1.6e-7 outside such a face came back 4.6e-3 away.
    let wide = |x: &Point3<T>| x.map(Real::to_f64);
    let count = poly.vertices.len().max(1) as f64;
    let c = Point3::from(
        poly.vertices.iter().fold(Vector3::zeros(), |s, v| s + wide(v).coords) / count,
    );
    // A non-finite vertex makes the centroid non-finite.
    if !osculate_math::is_finite_point(&c) {
        return nan_point();
    }
    // Each plane relative to `c`, with `p`'s signed distance to it (times the normal's length: a
    // hand-built plane may carry a slightly off-unit normal, and nothing below needs it unit); on
    // the stack for up to 16 planes. A non-finite normal or offset makes its `s` non-finite, and
    // `s − s` NaN: one probe tests them all.
    let pl = Point3::from(wide(p) - c);
    let mut stack = [Face::ZERO; 16];
    let mut heap = Vec::new();
    let faces: &mut [Face] = if poly.planes.len() <= stack.len() {
        &mut stack[..poly.planes.len()]
    } else {
        heap.resize(poly.planes.len(), Face::ZERO);
        &mut heap
    };
    // The planes `p` is in front of first (`faces[..front]`), the others after them, written
    // without a branch: each face goes to both ends and only one end moves.
    let (mut front, mut back) = (0, faces.len());
    let mut probe = 0.0;
    for h in &poly.planes {
        let n = h.normal.into_inner().map(Real::to_f64);
        let d = h.d.to_f64() - n.dot(&c.coords);
        let s = n.dot(&pl.coords) - d;
        #[allow(
            clippy::eq_op,
            reason = "s − s is the finiteness probe: 0, or NaN for a non-finite s"
        )]
        let z = s - s;
        probe += z;
        let f = Face { n, nn: n.norm_squared(), d, s };
        faces[front] = f;
        faces[back - 1] = f;
        let ahead = s > 0.0;
        front += usize::from(ahead);
        back -= usize::from(!ahead);
    }
    if probe != 0.0 {
        return nan_point();
    }
    if front == 0 {
        return *p; // inside; no allocation
    }
    if let Some(q) =
        projection_by_active_set(&pl, faces, front, poly.vertices.iter().map(|v| wide(v) - c))
    {
        return (q + c.coords).map(T::lit);
    }
    let planes: Vec<osculate_math::Plane<f64>> = faces
        .iter()
        .map(|f| osculate_math::Plane { normal: osculate_math::Unit::new_unchecked(f.n), d: f.d })
        .collect();
    // The extent of the starting squares: the vertices lie within `radius` of their centroid, so
    // does every face of a polyhedron whose planes and vertices agree; twice that leaves room for
    // any disagreement.
    let radius = poly.vertices.iter().fold(0.0, |r: f64, v| r.max((wide(v) - c).norm()));
    let half = radius * 2.0;
    // Clipping through a corner leaves near-duplicate points whose short edge has a direction of
    // pure rounding; points closer than this (the rounding of a coordinate of the squares, with
    // room) are merged before the face is measured.
    let tiny = f64::RELATIVE_TOLERANCE * half * 2.0;
    let mut face: Vec<Point3<f64>> = Vec::with_capacity(planes.len() + 4);
    let mut clipped: Vec<Point3<f64>> = Vec::with_capacity(planes.len() + 4);
    let mut best = pl;
    let mut best_d = f64::INFINITY;
    let mut found = false;
    for (i, plane) in planes.iter().enumerate() {
        if !(plane.signed_distance(&pl) > 0.0) {
            continue;
        }
        // The plane's unit normal (a hand-built plane may carry a slightly off-unit one).
        let len = plane.normal.norm();
        if !(len > 0.0) {
            continue;
        }
        let n = plane.normal.into_inner() / len;
        // The centroid (the local origin) projected onto the plane.
        let center = Point3::from(n * (plane.d / len));
        let u = any_perpendicular(&n).into_inner() * half;
        let w = n.cross(&u);
        face.clear();
        face.extend_from_slice(&[center - u - w, center + u - w, center + u + w, center - u + w]);
        for (j, other) in planes.iter().enumerate() {
            if j != i && !face.is_empty() {
                clip_behind(&face, other, &mut clipped);
                core::mem::swap(&mut face, &mut clipped);
            }
        }
        if face.is_empty() {
            continue;
        }
        merge_near_duplicates(&mut face, tiny * tiny);
        let q = closest_on_planar(&pl, &face, &n);
        let dq = (q - pl).norm_squared();
        if dq < best_d || !found {
            best_d = dq;
            best = q;
        }
        found = true;
    }
    if found && best_d.is_finite() {
        return (best + c.coords).map(T::lit);
    }
    // Rounding clipped every face away: the polyhedron is flat within rounding, and the hull of
    // its vertices answers.
    let q = crate::gjk::closest_points_convex(poly, p).point_a;
    if osculate_math::is_finite_point(&q) { q } else { nan_point() }
}

/// A face plane of a polyhedron for [`projection_by_active_set`]: the solid is behind it,
/// `n·x ≤ d` (`n` of any length, `nn = |n|²`), and `s = n·p − d` for the query point `p`.
#[cfg(feature = "alloc")]
#[derive(Clone, Copy)]
struct Face {
    n: Vector3<f64>,
    nn: f64,
    d: f64,
    s: f64,
}

#[cfg(feature = "alloc")]
impl Face {
    const ZERO: Self = Self { n: Vector3::new(0.0, 0.0, 0.0), nn: 0.0, d: 0.0, s: 0.0 };
}

/// The projection of `p` onto the solid `{x : n·x ≤ d for every face}`, found by trying the
/// active sets of the projection problem one at a time, cheapest first: the face farthest from
/// `p`, each edge of a face `p` is in front of with any other plane, and the corner at the vertex
/// nearest to `p`.
///
/// A candidate is taken only when it satisfies the problem's optimality conditions (Karush-Kuhn-
/// Tucker; the problem is a convex quadratic program, so they are sufficient): it lies on its
/// planes, `p` minus it is a combination of their normals with non-negative weights, and it is
/// behind every other plane — with no tolerance, evaluated in f64. So an answer from here is the
/// projection up to the rounding of its own formula, and `None` (nearly parallel planes, a corner
/// of more than three faces with the weights on the wrong side of rounding, vertices that disagree
/// with the planes) leaves `p` to the clipping path, which handles every case. No normal needs to
/// be unit: the weights come from the normals' Gram matrix. The loops decide with branch-free
/// masks and branch only on a candidate that passes them (a random query mispredicted 30 branches
/// with `&&` chains). No allocation.
///
/// `faces[..front]` are the planes `p` is in front of (`s > 0`, at least one), the rest behind;
/// `faces`, `p` and `vertices` are relative to the same origin.
#[cfg(feature = "alloc")]
fn projection_by_active_set(
    p: &Point3<f64>,
    faces: &[Face],
    front: usize,
    vertices: impl Iterator<Item = Vector3<f64>>,
) -> Option<Point3<f64>> {
    let behind_all_but = |x: &Point3<f64>, i: usize, j: usize, k: usize| {
        faces
            .iter()
            .enumerate()
            .all(|(m, f)| m == i || m == j || m == k || f.n.dot(&x.coords) <= f.d)
    };
    let none = usize::MAX;
    // A face: the projection onto plane `i`, `p − n s / |n|²` (weight `s > 0`). Only the plane
    // farthest from `p`, the largest `s² / |n|²`, can be it: every halfspace is at most as far
    // from `p` as the solid, and the face's plane is as far.
    let mut far = 0;
    for i in 1..front {
        let (f, g) = (&faces[i], &faces[far]);
        far = if f.s * f.s * g.nn > g.s * g.s * f.nn { i } else { far };
    }
    let f = &faces[far];
    if f.nn > 0.0 {
        let x = p - f.n * (f.s / f.nn);
        if behind_all_but(&x, far, none, none) {
            return Some(x);
        }
    }
    // Edges: the projection onto the line of planes `i` (in front of `p`) and `j`,
    // `p − a n_i − b n_j`, with `a, b ≥ 0` from the 2 × 2 normal equations
    // `[n_i·n_i  n_i·n_j; n_i·n_j  n_j·n_j] [a b]ᵀ = [s_i s_j]ᵀ`; their signs from the
    // numerators (`det > 0`), before any division. A pair of two planes in front of `p` is tried
    // once. The Gram matrix squares the condition of the pair (its determinant is `sin²θ` of the
    // planes' angle, and the weights' rounding grows as `ε / sin²θ`), so planes within 0.01 rad
    // of parallel (or with a zero normal) are left to the clipping, whose crossings err by
    // `ε / sinθ`: a sliver tetrahedron 1e-9 thick, whose faces are all within 1e-9 of parallel,
    // took garbage weights with the right signs (`needle_thin_sliver_keeps_its_corner` in the tests).
    let pair = |fi: &Face, fj: &Face| {
        let ij = fi.n.dot(&fj.n);
        let det = fi.nn * fj.nn - ij * ij;
        let (a, b) = (fj.nn * fi.s - ij * fj.s, fi.nn * fj.s - ij * fi.s);
        ((a >= 0.0) & (b >= 0.0) & (det > 1e-4 * fi.nn * fj.nn), a, b, det)
    };
    // The sign tests of a row of pairs go into a bit mask first, and only the pairs that pass
    // are visited: a branch per pair mispredicted 7 times a query.
    for (i, fi) in faces[..front].iter().enumerate() {
        for base in (0..faces.len()).step_by(64) {
            let chunk = &faces[base..faces.len().min(base + 64)];
            let mut mask = 0u64;
            for (c, fj) in chunk.iter().enumerate() {
                let j = base + c;
                let new_pair = (j > i) | (j >= front);
                mask |= u64::from(pair(fi, fj).0 & new_pair) << c;
            }
            while mask != 0 {
                let j = base + mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let fj = &faces[j];
                let (_, a, b, det) = pair(fi, fj);
                let x = p - fi.n * (a / det) - fj.n * (b / det);
                if behind_all_but(&x, i, j, none) {
                    return Some(x);
                }
            }
        }
    }
    // A corner: the vertex nearest to `p` (the projection, if it is a corner, is the nearest
    // point of the solid, so the nearest vertex), as the meeting point of three of the planes
    // through it (within a loose selection tolerance: the answer is checked as above), with `p`
    // minus it in the cone of their normals.
    let (v, _) = vertices.fold((Vector3::zeros(), f64::INFINITY), |(best, bd), v| {
        let d = (v - p.coords).norm_squared();
        if d < bd { (v, d) } else { (best, bd) }
    });
    let size = (v - p.coords).norm_squared() + v.norm_squared();
    // Up to six planes, written without a branch (slot 6 takes the rest).
    let mut through = [0usize; 7];
    let mut count = 0;
    for (m, f) in faces.iter().enumerate() {
        let off = f.n.dot(&v) - f.d;
        through[count.min(6)] = m;
        count += usize::from(off * off <= 1e-12 * size * f.nn);
    }
    let count = count.min(6);
    for a in 0..count {
        for b in a + 1..count {
            for e in b + 1..count {
                let (i, j, k) = (through[a], through[b], through[e]);
                let (fi, fj, fk) = (&faces[i], &faces[j], &faces[k]);
                let (jk, ki, ij) = (fj.n.cross(&fk.n), fk.n.cross(&fi.n), fi.n.cross(&fj.n));
                let det = fi.n.dot(&jk);
                // Three planes well apart (the normals' normalised volume above 1e-3), or left
                // to the clipping: the corner and the weights err by `ε` over that volume.
                if !(det * det > 1e-6 * fi.nn * fj.nn * fk.nn) {
                    continue;
                }
                // The corner (Ericson 5.4.5), and the weights of `p − x` on the three normals
                // from the reciprocal basis `(n_j × n_k) / det, …`.
                let x = Point3::from((jk * fi.d + ki * fj.d + ij * fk.d) / det);
                let r = p - x;
                let (wi, wj, wk) = (r.dot(&jk) / det, r.dot(&ki) / det, r.dot(&ij) / det);
                if (wi >= 0.0) & (wj >= 0.0) & (wk >= 0.0) && behind_all_but(&x, i, j, k) {
                    return Some(x);
                }
            }
        }
    }
    None
}

/// Drops each point of closed polygon `polygon` within squared distance `tiny_sq` of the point
/// kept before it (and the last ones within it of the first), so that no edge of the polygon is a
/// direction of pure rounding; a polygon shrunk to a segment or a point stays one.
#[cfg(feature = "alloc")]
fn merge_near_duplicates<T: Real>(polygon: &mut Vec<Point3<T>>, tiny_sq: T) {
    let mut kept = 0;
    for k in 0..polygon.len() {
        if kept == 0 || (polygon[k] - polygon[kept - 1]).norm_squared() > tiny_sq {
            polygon[kept] = polygon[k];
            kept += 1;
        }
    }
    while kept > 1 && (polygon[kept - 1] - polygon[0]).norm_squared() <= tiny_sq {
        kept -= 1;
    }
    polygon.truncate(kept);
}

/// Sutherland-Hodgman: the part of convex polygon `polygon` behind `plane` (`n·x ≤ d`), in order,
/// into `out`.
#[cfg(feature = "alloc")]
fn clip_behind<T: Real>(
    polygon: &[Point3<T>],
    plane: &osculate_math::Plane<T>,
    out: &mut Vec<Point3<T>>,
) {
    out.clear();
    let m = polygon.len();
    for k in 0..m {
        let (a, b) = (polygon[k], polygon[(k + 1) % m]);
        let (sa, sb) = (plane.signed_distance(&a), plane.signed_distance(&b));
        if sa <= T::ZERO {
            out.push(a);
        }
        if (sa <= T::ZERO) != (sb <= T::ZERO) {
            // The signs differ, so `sa − sb` is not zero and the parameter lies in [0, 1].
            out.push(a + (b - a) * (sa / (sa - sb)));
        }
    }
}

/// The squared distance from `p` to solid convex polyhedron `poly` (zero inside).
///
/// # Examples
/// ```
/// use osculate_closest::sq_distance_point_polyhedron;
/// use osculate_math::{Aabb, ConvexPolyhedron, Point3};
///
/// let cube = ConvexPolyhedron::try_from_aabb(&Aabb::new(Point3::new(0.0_f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)))?;
/// assert_eq!(sq_distance_point_polyhedron(&Point3::new(2.0, 2.0, 0.5), &cube), 2.0);
/// # Ok::<(), osculate_math::ShapeError>(())
/// ```
#[cfg(feature = "alloc")]
#[inline]
#[must_use]
pub fn sq_distance_point_polyhedron<T: Real>(p: &Point3<T>, poly: &ConvexPolyhedron<T>) -> T {
    (closest_point_on_polyhedron(p, poly) - p).norm_squared()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::*;
    use osculate_math::*;
    use osculate_testing::for_f32_and_f64;

    /// An f32 polyhedron with three faces within 1e-4 rad of each other: a
    /// point 1.6e-7 outside one of them came back 4.6e-3 away, the f32 clipping having moved the
    /// faces' common edges by ε over their angle. Built in f64 the faces are where the planes
    /// put them.
    #[test]
    fn polyhedron_with_three_nearly_parallel_faces_in_f32() {
        use osculate_math::{Plane, Unit};
        let pl = |n: [f32; 3], d: f32| Plane {
            normal: Unit::new_unchecked(Vector3::new(n[0], n[1], n[2])),
            d,
        };
        let v = |a: [f32; 3]| Point3::new(a[0], a[1], a[2]);
        let poly = ConvexPolyhedron {
            planes: vec![
                pl([0.8184215, 0.13084349, -0.5595233], 1.1743728),
                pl([-0.27332866, 0.9451615, -0.17877686], 1.6719748),
                pl([0.50544804, 0.29924855, 0.80930376], 0.27555528),
                pl([-0.39951262, -0.28060937, -0.8727245], 1.6973424),
                pl([-0.53415596, -0.18569134, -0.82474005], 1.7494512),
                pl([0.27332866, -0.9451615, 0.17877686], 0.25718403),
                pl([-0.21522869, -0.8330431, -0.5096232], 1.3683821),
                pl([-0.8184239, -0.13083498, 0.5595217], 0.42075667),
                pl([-0.8184177, -0.13084126, 0.5595293], 0.42074367),
                pl([-0.8184043, -0.13090275, 0.5595345], 0.42075774),
            ],
            vertices: vec![
                v([0.6434122, 1.8164047, -0.73299134]),
                v([-0.28596988, 1.2661678, -2.2210817]),
                v([1.1707065, -0.006961884, -0.3881024]),
                v([0.2413245, -0.5571989, -1.8761928]),
                v([-0.6620637, 1.6076944, 0.15951227]),
                v([-1.5914458, 1.0574573, -1.3285781]),
                v([-0.13476932, -0.21567222, 0.5044012]),
                v([-1.0641514, -0.76590925, -0.9836891]),
                v([-1.2316285, -0.5969616, -1.1891247]),
            ],
        };
        let p = Point3::new(-1.1491206_f32, -0.303455, -0.9998069);
        let q = closest_point_on_polyhedron(&p, &poly);
        assert!((q - p).norm() < 1e-6, "{q:?}");
    }

    #[test]
    fn far_polyhedron_with_nearly_parallel_faces_in_f32() {
        // An f32 polyhedron of size 1 at 1e4, with faces 3 and 12 2.5e-3 rad apart. A point on face 3
        // (1.3e-4 in front of it, behind every other plane) got a closest point 0.87 away: the
        // f32 noise of `n·x − d` at 1e4 moved the faces' common edge. Measured relative to the
        // centroid, it is within f32 rounding of the f64 answer.
        use osculate_math::{Plane, Unit};
        #[rustfmt::skip]
        let pl: [([f32; 3], f32); 18] = [
            ([-0.7738191, -0.63320553, -0.015960863], 9687.986), ([0.18193518, -0.48279175, 0.8566281], 3416.1548),
            ([-0.9381847, -0.2832881, 0.19889028], 8093.092), ([-0.51442415, 0.6135593, 0.5990933], -1242.632),
            ([0.23773675, -0.31370178, 0.9192782], 1791.6543), ([-0.116252705, -0.9200881, -0.37406307], 7676.133),
            ([-0.8108361, -0.30668926, -0.49848428], 6935.296), ([-0.7677675, -0.23012163, -0.5979775], 5987.1274),
            ([0.15422367, -0.2642998, -0.95202976], 376.2734), ([0.7738191, 0.63320553, 0.015960863], -9687.009),
            ([0.3856834, -0.31954628, 0.86552787], 896.75385), ([-0.36406738, 0.79516107, 0.48494726], -3683.998),
            ([-0.51462376, 0.61506593, 0.5973745], -1254.7434), ([0.8925298, -0.20366116, -0.40238377], -4130.7114),
            ([0.3154273, 0.72040135, -0.6176792], -8115.3154), ([0.2612848, -0.19790187, -0.9447566], -792.1539),
            ([-0.57194763, 0.627998, 0.5277257], -1066.3489), ([0.17647438, -0.23865572, -0.95493466], 36.14224),
        ];
        #[rustfmt::skip]
        let vs: [[f32; 3]; 12] = [
            [-6064.644, -7909.139, 818.39417], [-6064.5474, -7909.2554, 818.30817], [-6064.7373, -7909.018, 818.12555],
            [-6064.6406, -7909.1343, 818.03955], [-6063.887, -7908.52, 818.4098], [-6063.7905, -7908.636, 818.3238],
            [-6063.981, -7908.399, 818.1412], [-6063.8843, -7908.515, 818.0552], [-6064.7544, -7908.965, 818.1206],
            [-6064.3706, -7908.432, 817.9033], [-6064.0, -7909.273, 818.1819], [-6064.6714, -7908.72, 817.9196],
        ];
        let plane = |n: [f32; 3], d: f32| Plane {
            normal: Unit::new_unchecked(Vector3::new(n[0], n[1], n[2])),
            d,
        };
        let poly = ConvexPolyhedron {
            planes: pl.iter().map(|&(n, d)| plane(n, d)).collect(),
            vertices: vs.iter().map(|v| Point3::new(v[0], v[1], v[2])).collect(),
        };
        let wide = ConvexPolyhedron {
            planes: poly
                .planes
                .iter()
                .map(|h| Plane {
                    normal: Unit::new_unchecked(h.normal.into_inner().cast::<f64>()),
                    d: f64::from(h.d),
                })
                .collect(),
            vertices: poly.vertices.iter().map(|v| v.cast::<f64>()).collect(),
        };
        let p = Point3::new(-6064.6147_f32, -7908.959, 818.2353);
        let q = closest_point_on_polyhedron(&p, &poly);
        let q64 = closest_point_on_polyhedron(&p.cast::<f64>(), &wide);
        // f32 spacing at 8e3 is 4.9e-4; the answers agree to a few spacings.
        assert!((q.cast::<f64>() - q64).norm() < 2e-3, "{q:?} vs {q64:?}");
        assert!((q64 - p.cast::<f64>()).norm() < 2e-4, "{q64:?}");
    }

    /// Regression: a face used to be the vertices within 32 ε·scale of its plane, and a face left
    /// with none was skipped; when every face `p` was in front of was skipped, `p` itself came
    /// back at distance 0. A unit cube whose vertices are moved by 1e-9 (far beyond 32 ε) did it.
    #[cfg(feature = "alloc")]
    #[test]
    fn polyhedron_with_vertices_off_their_planes_keeps_its_faces() -> Result<(), ShapeError> {
        use osculate_math::Aabb;
        let mut cube = ConvexPolyhedron::try_from_aabb(&Aabb::new(
            Point3::new(0.0_f64, 0.0, 0.0),
            Point3::new(1.0, 1.0, 1.0),
        ))?;
        for (k, v) in cube.vertices.iter_mut().enumerate() {
            let sign = if k % 2 == 0 { 1.0 } else { -1.0 };
            *v += Vector3::new(1e-9, -1e-9, 1e-9) * sign;
        }
        for (p, want) in [
            (Point3::new(0.5, 0.5, 1.3), Point3::new(0.5, 0.5, 1.0)),
            (Point3::new(2.0, 2.0, 2.0), Point3::new(1.0, 1.0, 1.0)),
            (Point3::new(0.25, -3.0, 0.5), Point3::new(0.25, 0.0, 0.5)),
        ] {
            let q = closest_point_on_polyhedron(&p, &cube);
            assert!((q - want).norm() < 1e-12, "{p:?}: {q:?}, want {want:?}");
        }
        Ok(())
    }

    /// An f32 tetrahedron widened to f64, as a polyhedron: a sliver 1e-9 thick, not flat at f64's rounding, whose four face normals are within 1e-9
    /// rad of each other. The corner of three of them came out 1.4e-3 from the vertex, with
    /// weights of 4e7 (all positive), and passed; the answer was 6.5e-4 too far. Planes that
    /// close to parallel are now left to the clipping; here as the polyhedron of its corners.
    #[cfg(feature = "alloc")]
    #[test]
    fn needle_thin_sliver_keeps_its_corner() -> Result<(), ShapeError> {
        let w = |x: f64, y: f64, z: f64| {
            Point3::new(f64::from(x as f32), f64::from(y as f32), f64::from(z as f32))
        };
        let a = w(-0.04242282356225968, -0.6826510594462933, 0.4614844033255405);
        let sliver = ConvexPolyhedron::try_from_points(&[
            a,
            w(-0.41392539449835386, -0.3812973952821279, -0.8900848227892912),
            w(-0.3420814027918988, 0.5223519681546795, -0.9172376651029721),
            w(-0.24254290737159773, -0.7127041000515721, -0.20886964126913912),
        ])?;
        let p = w(0.40660642976266126, -0.25917857401094224, 0.8991851026746751);
        let q = closest_point_on_polyhedron(&p, &sliver);
        assert!((q - a).norm() < 1e-7, "{q:?}, want the corner {a:?}");
        Ok(())
    }

    /// The active-set path: a face, an edge and a corner of a cube whose planes carry normals of
    /// length 1.5 and 0.5 (the weights come from the normals' Gram matrix, so no normal has to be
    /// unit); the sharp edge of a 22.6° prism, whose answer has an active plane `p` is behind;
    /// and the corner of an octahedron, where four planes meet and the clipping answers.
    #[cfg(feature = "alloc")]
    #[test]
    fn projection_onto_faces_edges_and_corners() -> Result<(), ShapeError> {
        use osculate_math::{Aabb, Plane, Unit};
        let cube = ConvexPolyhedron::try_from_aabb(&Aabb::new(
            Point3::new(0.0_f64, 0.0, 0.0),
            Point3::new(1.0, 1.0, 1.0),
        ))?;
        let scaled = ConvexPolyhedron {
            planes: cube
                .planes
                .iter()
                .enumerate()
                .map(|(k, h)| {
                    let l = if k % 2 == 0 { 1.5 } else { 0.5 };
                    Plane::new(Unit::new_unchecked(h.normal.into_inner() * l), h.d * l)
                })
                .collect(),
            vertices: cube.vertices.clone(),
        };
        for poly in [&cube, &scaled] {
            for (p, want) in [
                (Point3::new(0.5, 0.25, 3.0), Point3::new(0.5, 0.25, 1.0)), // face
                (Point3::new(2.0, 0.5, -2.0), Point3::new(1.0, 0.5, 0.0)),  // edge
                (Point3::new(-1.0, 2.0, 3.0), Point3::new(0.0, 1.0, 1.0)),  // corner
                (Point3::new(0.5, 0.5, 0.5), Point3::new(0.5, 0.5, 0.5)),   // inside
            ] {
                let q = closest_point_on_polyhedron(&p, poly);
                assert!((q - want).norm() < 1e-14, "{p:?}: {q:?}, want {want:?}");
            }
        }
        // A prism along z over the triangle (0, 0), (1, 0.2), (1, −0.2): from (−1, 0.5) the
        // upper side's projection crosses the lower side's plane, so the answer is the sharp
        // edge, with the lower side active though `p` is behind it.
        let prism = ConvexPolyhedron::try_from_points(&[
            Point3::new(0.0, 0.0, 0.0),
            Point3::new(1.0, 0.2, 0.0),
            Point3::new(1.0, -0.2, 0.0),
            Point3::new(0.0, 0.0, 1.0),
            Point3::new(1.0, 0.2, 1.0),
            Point3::new(1.0, -0.2, 1.0),
        ])?;
        let q = closest_point_on_polyhedron(&Point3::new(-1.0, 0.5, 0.5), &prism);
        assert!((q - Point3::new(0.0, 0.0, 0.5)).norm() < 1e-14, "{q:?}");
        let octahedron = ConvexPolyhedron::try_from_points(&[
            Point3::new(1.0, 0.0, 0.0),
            Point3::new(-1.0, 0.0, 0.0),
            Point3::new(0.0, 1.0, 0.0),
            Point3::new(0.0, -1.0, 0.0),
            Point3::new(0.0, 0.0, 1.0),
            Point3::new(0.0, 0.0, -1.0),
        ])?;
        for (p, want) in [
            (Point3::new(3.0, 0.1, -0.1), Point3::new(1.0, 0.0, 0.0)), // a corner of four faces
            (Point3::new(1.0, 1.0, 1.0), Point3::new(1.0, 1.0, 1.0) / 3.0), // a face
            (Point3::new(1.0, 1.0, 0.0), Point3::new(0.5, 0.5, 0.0)),  // an edge
        ] {
            let q = closest_point_on_polyhedron(&p, &octahedron);
            assert!((q - want).norm() < 1e-14, "{p:?}: {q:?}, want {want:?}");
        }
        Ok(())
    }

    /// Regression: an f32 hull widened to f64 (vertices ~1e-7 off their planes in f64 terms) gave
    /// distance 0 for points 0.3 outside; it now agrees with the f32 query.
    #[cfg(feature = "alloc")]
    #[test]
    fn f32_polyhedron_widened_to_f64_agrees() -> Result<(), ShapeError> {
        use osculate_math::{Plane, Unit};
        let pts = [
            Point3::new(0.1_f32, 0.2, 0.3),
            Point3::new(1.7, 0.1, 0.2),
            Point3::new(0.3, 1.9, 0.1),
            Point3::new(0.2, 0.3, 2.3),
            Point3::new(1.3, 1.1, 1.2),
        ];
        let hull = ConvexPolyhedron::try_from_points(&pts)?;
        let wide = ConvexPolyhedron {
            planes: hull
                .planes
                .iter()
                .map(|h| Plane::new(Unit::new_normalize(h.normal.map(f64::from)), f64::from(h.d)))
                .collect(),
            vertices: hull.vertices.iter().map(|v| v.map(f64::from)).collect(),
        };
        for p in [
            Point3::new(-0.3_f32, 0.5, 0.5),
            Point3::new(2.0, 2.0, 2.0),
            Point3::new(0.5, 0.5, -0.4),
            Point3::new(0.6, 0.6, 0.6),
        ] {
            let d32 = sq_distance_point_polyhedron(&p, &hull).sqrt();
            let d64 = sq_distance_point_polyhedron(&p.map(f64::from), &wide).sqrt();
            assert!((f64::from(d32) - d64).abs() < 1e-5, "{p:?}: f32 {d32}, f64 {d64}");
        }
        Ok(())
    }

    /// A polyhedron flat within rounding whose top and bottom planes cross by a rounding
    /// (`z ≤ −1e-15` and `z ≥ 1e-15`): clipping leaves no face, and the hull of the vertices
    /// answers.
    #[cfg(feature = "alloc")]
    #[test]
    fn flat_polyhedron_answers_from_its_vertices() {
        use osculate_math::Plane;
        let z = Vector3::z_axis();
        let planes = alloc::vec![
            Plane::new(z, -1e-15_f64),
            Plane::new(-z, -1e-15),
            Plane::new(Vector3::x_axis(), 1.0),
            Plane::new(-Vector3::x_axis(), 1.0),
            Plane::new(Vector3::y_axis(), 1.0),
            Plane::new(-Vector3::y_axis(), 1.0),
        ];
        let vertices = alloc::vec![
            Point3::new(-1.0, -1.0, 0.0),
            Point3::new(1.0, -1.0, 0.0),
            Point3::new(1.0, 1.0, 0.0),
            Point3::new(-1.0, 1.0, 0.0),
        ];
        let slab = ConvexPolyhedron { planes, vertices };
        let q = closest_point_on_polyhedron(&Point3::new(0.5, 0.25, 2.0), &slab);
        assert!((q - Point3::new(0.5, 0.25, 0.0)).norm() < 1e-9, "{q:?}");
        let q = closest_point_on_polyhedron(&Point3::new(3.0, 0.25, 0.0), &slab);
        assert!((q - Point3::new(1.0, 0.25, 0.0)).norm() < 1e-9, "{q:?}");
    }

    /// A hull whose face through three of its corners comes out of the clipping with
    /// near-duplicate points,
    /// whose edge of pure-rounding direction failed the projection's inside test (distance
    /// 0.3975 instead of 0.3779).
    #[cfg(feature = "alloc")]
    #[test]
    fn clipping_through_corners_keeps_the_projection() {
        use osculate_math::{Plane, Unit};
        let pl: &[([f64; 3], f64)] = &[
            ([0.1932455341201821, 0.8525063213739754, -0.48568419323673445], 1.478516165769109),
            ([0.9263532947791568, 0.0045847944473752875, 0.37662787059865355], 1.5167645315286122),
            ([0.3233044026833017, -0.5226968066453891, -0.7888360485730266], -0.3833936747484999),
            ([-0.08795559770965176, 0.9749137567944658, 0.20446755156855353], 2.0831280055041086),
            ([0.10616497173931311, 0.47394018804997423, 0.8741336836701499], 1.9769248738957486),
            ([-0.2884331625616032, 0.7395062488651641, -0.6082243160414466], 1.1591615074655266),
            (
                [-0.18126875382136828, -0.45547227127007167, -0.8716000510510142],
                -0.46110019316276074,
            ),
            ([-0.9647310549311959, 0.19732101331980914, -0.17423664756240365], 0.2580435417833375),
            ([0.10610722433198778, -0.8083236559245963, 0.5790976810670684], 0.9067321146639692),
            ([-0.11421513261270747, -0.9494260274127923, 0.29248097707957926], 0.3555761638687216),
            ([-0.3747306498794143, 0.11218643698667365, 0.9203212175089667], 1.5221805060908533),
            ([-0.3711986236139484, 0.18070820982878932, 0.9107997171319194], 1.533031714094068),
            ([-0.5291436618398299, -0.7909580469172328, 0.30723338547692397], 0.3238382836696624),
            ([-0.9451090865263415, -0.1366359509063765, -0.29681548390414997], -0.1846003757964344),
            ([-0.9815911826404302, 0.11613044560522601, -0.1516326804026519], 0.13756789140845443),
        ];
        let vs: &[[f64; 3]] = &[
            [1.5668236043379489, 1.4677970806529883, 0.15559861598664504],
            [1.2163181067028555, 2.034470787552616, 1.01080309035451],
            [0.4010150049114684, 1.462027151595169, -0.31838470420251697],
            [0.05050950727637504, 2.0287008584947963, 0.5368197701653479],
            [1.1931254373201572, -0.18077943687939646, 1.0948145910849663],
            [0.8426199396850638, 0.3858942700202308, 1.950019065452831],
            [0.027316837893676782, -0.18654936593721572, 0.6208312708958041],
            [-0.32318865974141664, 0.38012434096241143, 1.476035745263669],
            [0.18749055330777842, 0.13104701024989596, 1.7143332521343986],
            [-0.11572314457762356, 1.8605941691446501, 1.2668545882029956],
            [0.060697852699654886, 1.409905415885875, -0.2203708602054808],
        ];
        let poly = ConvexPolyhedron {
            planes: pl
                .iter()
                .map(|(n, d)| Plane::new(Unit::new_unchecked(Vector3::from(*n)), *d))
                .collect(),
            vertices: vs.iter().map(|v| Point3::from(*v)).collect(),
        };
        let p = Point3::new(-0.4847229012067744, 0.6605000188304164, 0.5881055903333676);
        let want = Point3::new(-0.12755719826136247, 0.712136042807772, 0.7002749816396627);
        let q = closest_point_on_polyhedron(&p, &poly);
        assert!((q - want).norm() < 1e-12, "{q:?}");
    }

    fn polyhedron_cases<T: Real>() -> Result<(), ShapeError> {
        let l = |x: f64| T::lit(x);
        let p = point3::<T>;
        let close = |a: Point3<T>, b: Point3<T>| (a - b).norm() < l(1e-5);
        let cube = ConvexPolyhedron::try_from_aabb(&Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0)))?;
        assert_eq!(closest_point_on_polyhedron(&p(0.5, 0.5, 0.5), &cube), p(0.5, 0.5, 0.5));
        assert!(close(closest_point_on_polyhedron(&p(0.5, 0.5, 4.0), &cube), p(0.5, 0.5, 1.0)));
        assert!(close(closest_point_on_polyhedron(&p(2.0, 2.0, 0.5), &cube), p(1.0, 1.0, 0.5)));
        assert!(close(closest_point_on_polyhedron(&p(-1.0, -1.0, -1.0), &cube), p(0.0, 0.0, 0.0)));
        // An octahedron: the closest point of an outside point in a face's normal cone is on
        // that face, not at a vertex.
        let octa = ConvexPolyhedron::try_from_points(&osculate_testing::axis_points::<T>())?;
        let third = 1.0 / 3.0;
        assert!(close(
            closest_point_on_polyhedron(&p(1.0, 1.0, 1.0), &octa),
            p(third, third, third)
        ));
        Ok(())
    }

    for_f32_and_f64!(polyhedron_cases);
}
