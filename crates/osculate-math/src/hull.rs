//! The convex hull of a point set by quickhull (Barber, Dobkin and Huhdanpaa, "The Quickhull
//! Algorithm for Convex Hulls", ACM TOMS 1996), with the face merging of Gregorius
//! ("Implementing Quickhull", GDC 2014): a triangulated hull grown one farthest point at a time,
//! then coplanar triangles merged into the faces of [`ConvexPolyhedron`](crate::ConvexPolyhedron).
//!
//! The work is done on the points divided by their largest coordinate, so no cross product
//! overflows or underflows whatever the input's magnitude. A point within `tol` of the current
//! hull is not added (it is on a face); the face planes are then pushed out to the farthest of
//! the points they could miss, so every input point is inside every plane. When the hull's
//! topology comes out inconsistent (a horizon that is not one simple loop, which rounding can
//! cause on nearly coplanar sets), [`quickhull`] answers `None` and the caller retries with a
//! larger tolerance or the brute-force construction.

use alloc::vec;
use alloc::vec::Vec;

use crate::{Plane, Point3, Real, Unit, Vector3};

/// No face (an unset neighbour).
const NONE: u32 = u32::MAX;

/// A triangle of the hull: its corners counter-clockwise seen from outside, its neighbours
/// (`adj[i]` across the edge `v[i] → v[i + 1]`), its outward unit normal and offset in the scaled
/// coordinates, and the points above it that no other face has claimed.
struct Face<T: Real> {
    v: [u32; 3],
    adj: [u32; 3],
    normal: Vector3<T>,
    d: T,
    area: T,
    alive: bool,
    visible: bool,
    outside: Vec<u32>,
}

/// The planes and corners of a hull.
pub(crate) struct Hull<T: Real> {
    pub(crate) planes: Vec<Plane<T>>,
    pub(crate) vertices: Vec<Point3<T>>,
}

/// Why [`quickhull`] gave no hull.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// The points span no volume (all within `tol` of one plane, one line or one point).
    Flat,
    /// The triangulation came out inconsistent; retry with a larger tolerance.
    Inconsistent,
}

/// The face's signed distance to `p` (scaled coordinates).
#[inline]
fn height<T: Real>(f: &Face<T>, p: &Point3<T>) -> T {
    f.normal.dot(&p.coords) - f.d
}

/// A face through `a`, `b`, `c` (scaled coordinates); `None` when it has no normal.
fn face<T: Real>(q: &[Point3<T>], v: [u32; 3]) -> Option<Face<T>> {
    let (a, b, c) = (q[v[0] as usize], q[v[1] as usize], q[v[2] as usize]);
    let n = (b - a).cross(&(c - a));
    let len = n.norm();
    if !(len > T::ZERO && len.is_finite()) {
        return None;
    }
    let normal = n / len;
    let d = (normal.dot(&a.coords) + normal.dot(&b.coords) + normal.dot(&c.coords)) / T::lit(3.0);
    Some(Face {
        v,
        adj: [NONE; 3],
        normal,
        d,
        area: len,
        alive: true,
        visible: false,
        outside: Vec::new(),
    })
}

/// The edge of face `f` that runs `from → to`, if it has one.
fn edge_index<T: Real>(f: &Face<T>, from: u32, to: u32) -> Option<usize> {
    (0..3).find(|&i| f.v[i] == from && f.v[(i + 1) % 3] == to)
}

/// The hull of `points` with the relative tolerance `rel` (a multiple of the largest coordinate
/// under which a point counts as on a face).
pub(crate) fn quickhull<T: Real>(points: &[Point3<T>], rel: T) -> Result<Hull<T>, Failure> {
    let scale = points.iter().fold(T::ZERO, |s, p| s.fast_max(p.coords.amax()));
    if !(scale > T::ZERO) {
        return Err(Failure::Flat);
    }
    let inv = T::ONE / scale;
    let q: Vec<Point3<T>> = points.iter().map(|p| Point3::from(p.coords * inv)).collect();
    let tol = rel;

    let simplex = initial_simplex(&q, tol)?;
    let mut faces: Vec<Face<T>> = Vec::new();
    let [a, b, c, d] = simplex;
    for v in [[a, b, c], [a, d, b], [b, d, c], [c, d, a]] {
        faces.push(face(&q, v).ok_or(Failure::Flat)?);
    }
    link_all(&mut faces);

    // Points within `tol` of the hull that are not corners: the planes are pushed out over them.
    let mut near: Vec<u32> = Vec::new();
    let corners = [a, b, c, d];
    for (i, p) in q.iter().enumerate() {
        let i = i as u32;
        if corners.contains(&i) {
            continue;
        }
        assign(&mut faces, 0..4, i, p, tol, &mut near);
    }

    let mut horizon: Vec<(u32, usize)> = Vec::new();
    let mut stack: Vec<(u32, usize, usize)> = Vec::new();
    let mut visible: Vec<u32> = Vec::new();
    let mut cursor = 0;
    while cursor < faces.len() {
        if !faces[cursor].alive || faces[cursor].outside.is_empty() {
            cursor += 1;
            continue;
        }
        let f0 = &faces[cursor];
        let eye = *f0
            .outside
            .iter()
            .max_by(|&&x, &&y| {
                height(f0, &q[x as usize])
                    .partial_cmp(&height(f0, &q[y as usize]))
                    .unwrap_or(core::cmp::Ordering::Equal)
            })
            .ok_or(Failure::Inconsistent)?;
        let e = q[eye as usize];

        // The visible faces, depth first, and the horizon edges in counter-clockwise order.
        horizon.clear();
        visible.clear();
        stack.clear();
        faces[cursor].visible = true;
        visible.push(cursor as u32);
        stack.push((cursor as u32, 0, 3));
        while let Some(top) = stack.last_mut() {
            let (f, next, count) = *top;
            if count == 0 {
                stack.pop();
                continue;
            }
            top.1 = (next + 1) % 3;
            top.2 = count - 1;
            let nb = faces[f as usize].adj[next];
            if nb == NONE {
                return Err(Failure::Inconsistent);
            }
            if faces[nb as usize].visible {
                continue;
            }
            if height(&faces[nb as usize], &e) > tol {
                let (from, to) = (faces[f as usize].v[next], faces[f as usize].v[(next + 1) % 3]);
                let entered =
                    edge_index(&faces[nb as usize], to, from).ok_or(Failure::Inconsistent)?;
                faces[nb as usize].visible = true;
                visible.push(nb);
                stack.push((nb, (entered + 1) % 3, 2));
            } else {
                horizon.push((f, next));
            }
        }
        // The horizon must be one simple loop for the new faces to close the hull.
        let n = horizon.len();
        if n < 3 {
            return Err(Failure::Inconsistent);
        }
        for k in 0..n {
            let (f, i) = horizon[k];
            let (g, j) = horizon[(k + 1) % n];
            if faces[f as usize].v[(i + 1) % 3] != faces[g as usize].v[j] {
                return Err(Failure::Inconsistent);
            }
        }
        let mut starts: Vec<u32> = horizon.iter().map(|&(f, i)| faces[f as usize].v[i]).collect();
        starts.sort_unstable();
        if starts.windows(2).any(|w| w[0] == w[1]) {
            return Err(Failure::Inconsistent);
        }

        // The cone from the horizon to the eye.
        let first = faces.len() as u32;
        for (k, &(f, i)) in horizon.iter().enumerate() {
            let (from, to) = (faces[f as usize].v[i], faces[f as usize].v[(i + 1) % 3]);
            let nb = faces[f as usize].adj[i];
            let mut new = face(&q, [from, to, eye]).ok_or(Failure::Inconsistent)?;
            let id = first + k as u32;
            new.adj = [nb, first + ((k + 1) % n) as u32, first + ((k + n - 1) % n) as u32];
            let back = edge_index(&faces[nb as usize], to, from).ok_or(Failure::Inconsistent)?;
            faces[nb as usize].adj[back] = id;
            faces.push(new);
        }
        let mut orphans: Vec<u32> = Vec::new();
        for &f in &visible {
            let face = &mut faces[f as usize];
            face.alive = false;
            face.visible = false;
            orphans.append(&mut face.outside);
        }
        let new_faces = first as usize..faces.len();
        for i in orphans {
            if i != eye {
                assign(&mut faces, new_faces.clone(), i, &q[i as usize], tol, &mut near);
            }
        }
        cursor += 1;
    }

    let alive: Vec<u32> = (0..faces.len() as u32).filter(|&f| faces[f as usize].alive).collect();
    check_closed(&faces, &alive)?;
    Ok(merge(points, &q, &faces, &alive, &near, tol, inv))
}

/// Gives point `i` to the face of `range` it is farthest above, if more than `tol`; otherwise
/// records it in `near` when it is within `tol` below (it may sit just outside a final plane).
fn assign<T: Real>(
    faces: &mut [Face<T>],
    range: core::ops::Range<usize>,
    i: u32,
    p: &Point3<T>,
    tol: T,
    near: &mut Vec<u32>,
) {
    let mut best = -T::INFINITY;
    let mut at = usize::MAX;
    for f in range {
        let h = height(&faces[f], p);
        if h > best {
            best = h;
            at = f;
        }
    }
    if best > tol {
        faces[at].outside.push(i);
    } else if best > -tol {
        near.push(i);
    }
}

/// Four points spanning a tetrahedron, the fourth below the face of the first three (so that
/// face's counter-clockwise order points out).
fn initial_simplex<T: Real>(q: &[Point3<T>], tol: T) -> Result<[u32; 4], Failure> {
    let mut ext = [0usize; 6];
    for (i, p) in q.iter().enumerate() {
        for axis in 0..3 {
            if p[axis] < q[ext[2 * axis]][axis] {
                ext[2 * axis] = i;
            }
            if p[axis] > q[ext[2 * axis + 1]][axis] {
                ext[2 * axis + 1] = i;
            }
        }
    }
    let (mut a, mut b, mut far) = (0, 0, T::ZERO);
    for i in 0..6 {
        for j in i + 1..6 {
            let d = (q[ext[i]] - q[ext[j]]).norm();
            if d > far {
                (a, b, far) = (ext[i], ext[j], d);
            }
        }
    }
    if !(far > tol) {
        return Err(Failure::Flat);
    }
    let dir = (q[b] - q[a]) / far;
    let (mut c, mut far) = (0, T::ZERO);
    for (i, p) in q.iter().enumerate() {
        let d = (p - q[a]).cross(&dir).norm();
        if d > far {
            (c, far) = (i, d);
        }
    }
    if !(far > tol) {
        return Err(Failure::Flat);
    }
    let n = (q[b] - q[a]).cross(&(q[c] - q[a]));
    let n = n / n.norm();
    let (mut d, mut far, mut side) = (0, T::ZERO, T::ZERO);
    for (i, p) in q.iter().enumerate() {
        let h = n.dot(&(p - q[a]));
        if h.abs() > far {
            (d, far, side) = (i, h.abs(), h);
        }
    }
    if !(far > tol) {
        return Err(Failure::Flat);
    }
    let [a, b, c, d] = [a as u32, b as u32, c as u32, d as u32];
    Ok(if side > T::ZERO { [a, c, b, d] } else { [a, b, c, d] })
}

/// Sets every face's neighbours by matching reversed edges (for the first tetrahedron).
fn link_all<T: Real>(faces: &mut [Face<T>]) {
    for f in 0..faces.len() {
        for i in 0..3 {
            let (from, to) = (faces[f].v[i], faces[f].v[(i + 1) % 3]);
            if let Some(g) = (0..faces.len()).find(|&g| edge_index(&faces[g], to, from).is_some()) {
                faces[f].adj[i] = g as u32;
            }
        }
    }
}

/// Whether the live faces close a sphere: every neighbour alive and pointing back across the same
/// edge, and `V − E + F = 2`.
fn check_closed<T: Real>(faces: &[Face<T>], alive: &[u32]) -> Result<(), Failure> {
    let mut corners: Vec<u32> = Vec::with_capacity(alive.len() * 3);
    for &f in alive {
        let face = &faces[f as usize];
        for i in 0..3 {
            let nb = face.adj[i];
            if nb == NONE || !faces[nb as usize].alive {
                return Err(Failure::Inconsistent);
            }
            let back = edge_index(&faces[nb as usize], face.v[(i + 1) % 3], face.v[i]);
            if back.map(|j| faces[nb as usize].adj[j]) != Some(f) {
                return Err(Failure::Inconsistent);
            }
            corners.push(face.v[i]);
        }
    }
    corners.sort_unstable();
    corners.dedup();
    let (v, e, f) = (corners.len(), alive.len() * 3 / 2, alive.len());
    if v + f != e + 2 {
        return Err(Failure::Inconsistent);
    }
    Ok(())
}

/// Merges coplanar triangles into faces, keeps the corners (hull vertices on three or more faces)
/// and pushes each face's plane out over the points that could be above it.
fn merge<T: Real>(
    points: &[Point3<T>],
    q: &[Point3<T>],
    faces: &[Face<T>],
    alive: &[u32],
    near: &[u32],
    tol: T,
    inv: T,
) -> Hull<T> {
    // Seeds in decreasing area: the largest triangle of a face gives its most accurate normal.
    let mut order: Vec<u32> = alive.to_vec();
    order.sort_unstable_by(|&x, &y| {
        faces[y as usize]
            .area
            .partial_cmp(&faces[x as usize].area)
            .unwrap_or(core::cmp::Ordering::Equal)
    });
    let mut group = vec![NONE; faces.len()];
    let mut seeds: Vec<u32> = Vec::new();
    let mut members: Vec<Vec<u32>> = Vec::new();
    let mut queue: Vec<u32> = Vec::new();
    for &s in &order {
        if group[s as usize] != NONE {
            continue;
        }
        let g = seeds.len() as u32;
        let seed = &faces[s as usize];
        group[s as usize] = g;
        queue.clear();
        queue.push(s);
        let mut list = Vec::new();
        while let Some(f) = queue.pop() {
            list.push(f);
            for &nb in &faces[f as usize].adj {
                let other = &faces[nb as usize];
                if group[nb as usize] == NONE
                    && other.normal.dot(&seed.normal) > T::ZERO
                    && other.v.iter().all(|&v| height(seed, &q[v as usize]).abs() <= tol)
                {
                    group[nb as usize] = g;
                    queue.push(nb);
                }
            }
        }
        seeds.push(s);
        members.push(list);
    }

    // Corners: hull vertices whose triangles lie in three or more faces.
    let mut incidence: Vec<(u32, u32)> = Vec::with_capacity(alive.len() * 3);
    for &f in alive {
        for &v in &faces[f as usize].v {
            incidence.push((v, group[f as usize]));
        }
    }
    incidence.sort_unstable();
    incidence.dedup();
    let mut corner = vec![false; q.len()];
    let mut k = 0;
    while k < incidence.len() {
        let v = incidence[k].0;
        let mut m = k;
        while m < incidence.len() && incidence[m].0 == v {
            m += 1;
        }
        corner[v as usize] = m - k >= 3;
        k = m;
    }
    let mut corners_of = vec![0u32; seeds.len()];
    for &(v, g) in &incidence {
        if corner[v as usize] {
            corners_of[g as usize] += 1;
        }
    }

    let scale = T::ONE / inv;
    let mut planes = Vec::with_capacity(seeds.len());
    let mut candidates: Vec<u32> = Vec::new();
    for (g, list) in members.iter().enumerate() {
        if corners_of[g] < 3 {
            continue;
        }
        let normal = faces[seeds[g] as usize].normal;
        // The face's own vertices, those of the triangles around it, and the near points.
        candidates.clear();
        for &f in list {
            candidates.extend_from_slice(&faces[f as usize].v);
            for &nb in &faces[f as usize].adj {
                candidates.extend_from_slice(&faces[nb as usize].v);
            }
        }
        let mut d = normal.dot(&q[candidates[0] as usize].coords);
        for &v in candidates.iter().chain(near) {
            d = d.fast_max(normal.dot(&q[v as usize].coords));
        }
        // Back to the caller's coordinates, then out over the caller's (unscaled) points, which
        // the scaling rounded.
        let mut d = d * scale;
        for &v in candidates.iter().chain(near) {
            d = d.fast_max(normal.dot(&points[v as usize].coords));
        }
        planes.push(Plane::new(Unit::new_unchecked(normal), d));
    }
    let vertices = (0..q.len()).filter(|&v| corner[v]).map(|v| points[v]).collect();
    Hull { planes, vertices }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use crate::{ConvexPolyhedron, Plane, Point3, Real, ShapeError, Vector3};

    /// A small deterministic generator (xorshift64*), enough for point clouds.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> f64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
        }
        fn signed(&mut self) -> f64 {
            2.0 * self.next() - 1.0
        }
        fn unit(&mut self) -> [f64; 3] {
            loop {
                let v = [self.signed(), self.signed(), self.signed()];
                let n = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
                if n > 0.1 && n <= 1.0 {
                    return [v[0] / n, v[1] / n, v[2] / n];
                }
            }
        }
    }

    /// The point clouds: inside a ball, on a sphere, a lattice (coplanar and collinear runs),
    /// duplicates, a box with points on its faces and edges, and a thin slab; each moved and
    /// scaled so that far and tiny sets are covered.
    fn cloud<T: Real>(seed: u64, n: usize) -> Vec<Point3<T>> {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut raw: Vec<[f64; 3]> = Vec::new();
        match seed % 6 {
            0 => (0..n).for_each(|_| {
                let (u, r) = (rng.unit(), rng.next().cbrt());
                raw.push([u[0] * r, u[1] * r, u[2] * r]);
            }),
            1 => (0..n).for_each(|_| raw.push(rng.unit())),
            2 => {
                for i in 0..n {
                    raw.push([(i % 3) as f64, (i / 3 % 3) as f64, (i / 9 % 3) as f64]);
                }
            }
            3 => (0..n / 2 + 2).for_each(|_| {
                let p = [rng.signed(), rng.signed(), rng.signed()];
                raw.push(p);
                raw.push(p);
            }),
            4 => {
                for i in 0..8 {
                    raw.push([(i & 1) as f64, (i >> 1 & 1) as f64, (i >> 2) as f64]);
                }
                for _ in 0..n {
                    let (a, b) = (rng.next(), rng.next());
                    let side = (rng.next() * 3.0) as usize;
                    let mut p = [a, b, if rng.next() < 0.5 { 0.0 } else { 1.0 }];
                    p.rotate_right(side);
                    if rng.next() < 0.3 {
                        p[(side + 1) % 3] = p[(side + 1) % 3].round();
                    }
                    raw.push(p);
                }
            }
            _ => (0..n).for_each(|_| raw.push([rng.signed(), rng.signed(), 1e-3 * rng.signed()])),
        }
        let (offset, scale) = match seed / 6 % 3 {
            0 => (0.0, 1.0),
            1 => (1e3, 1e-2),
            _ => (-5.0, 1e4),
        };
        raw.iter()
            .map(|p| {
                Point3::new(
                    T::lit(p[0] * scale + offset),
                    T::lit(p[1] * scale),
                    T::lit(p[2] * scale - offset),
                )
            })
            .collect()
    }

    fn largest<T: Real>(points: &[Point3<T>]) -> T {
        points.iter().fold(T::ZERO, |s, p| s.fast_max(p.coords.amax()))
    }

    /// The hull's invariants: every input point inside every plane; every corner an input point
    /// on three or more planes; every plane through three or more corners; and the support of the
    /// corners in any direction equal to the support of the whole cloud (nothing cut off).
    fn check<T: Real>(points: &[Point3<T>], hull: &ConvexPolyhedron<T>, what: &str) {
        let tol = T::RELATIVE_TOLERANCE * T::lit(8.0) * largest(points);
        for p in points {
            for plane in &hull.planes {
                assert!(plane.signed_distance(p) <= T::ZERO, "{what}: {p:?} outside {plane:?}");
            }
        }
        let on =
            |plane: &Plane<T>, v: &Point3<T>| plane.signed_distance(v).abs() <= tol * T::lit(4.0);
        for v in &hull.vertices {
            assert!(points.contains(v), "{what}: corner {v:?} is not an input point");
            let planes = hull.planes.iter().filter(|plane| on(plane, v)).count();
            assert!(planes >= 3, "{what}: corner {v:?} on {planes} planes");
        }
        for plane in &hull.planes {
            let corners = hull.vertices.iter().filter(|v| on(plane, v)).count();
            assert!(corners >= 3, "{what}: plane {plane:?} through {corners} corners");
        }
        let mut rng = Rng(7);
        for _ in 0..64 {
            let u = rng.unit();
            let dir = Vector3::new(T::lit(u[0]), T::lit(u[1]), T::lit(u[2]));
            let of = |set: &[Point3<T>]| {
                set.iter().fold(-T::INFINITY, |m, p| m.fast_max(dir.dot(&p.coords)))
            };
            // Bounded: a point far outside the cloud in this direction is outside some plane.
            let far = points[0] + dir * (T::lit(16.0) * largest(points) + T::ONE);
            assert!(
                hull.planes.iter().any(|pl| pl.signed_distance(&far) > T::ZERO),
                "{what}: unbounded toward {dir:?}"
            );
            let (all, corners) = (of(points), of(&hull.vertices));
            assert!(
                all - corners <= tol * T::lit(4.0),
                "{what}: support {all:?} vs corners {corners:?}"
            );
        }
    }

    fn quickhull_matches_brute_force<T: Real>() {
        for seed in 0..90 {
            let n = 8 + (seed as usize * 7) % 40;
            let points = cloud::<T>(seed, n);
            let what = alloc::format!("seed {seed}, {n} points");
            let fast = ConvexPolyhedron::try_from_points(&points);
            let brute = ConvexPolyhedron::from_points_brute(&points);
            match (&fast, &brute) {
                (Ok(fast), Ok(brute)) => {
                    check(&points, fast, &what);
                    // The same faces and corners where the cloud has no near-degenerate
                    // features (the ball, the sphere, the lattice, the duplicates).
                    if seed % 6 < 4 {
                        assert_eq!(fast.planes.len(), brute.planes.len(), "{what}");
                        assert_eq!(fast.vertices.len(), brute.vertices.len(), "{what}");
                    }
                }
                (Err(ShapeError::EmptyOrUnbounded), Err(ShapeError::EmptyOrUnbounded)) => {}
                // A slab a few tolerances thick: its hull is top and bottom triangles meeting at
                // the rim, each tilted by about thickness/width. The brute force's side tests
                // classify such planes as through the interior and find no solid; quickhull
                // builds it, and its invariants hold.
                (Ok(fast), Err(ShapeError::EmptyOrUnbounded)) if seed % 6 == 5 => {
                    check(&points, fast, &what);
                }
                _ => panic!("{what}: quickhull {fast:?} but brute force {brute:?}"),
            }
        }
    }

    osculate_testing::for_f32_and_f64!(quickhull_matches_brute_force);

    /// Large clouds: the invariants hold (the brute force is too slow to compare).
    #[test]
    fn large_clouds_keep_the_invariants() {
        for seed in 0..6 {
            let points = cloud::<f64>(seed, 2000);
            let hull = ConvexPolyhedron::try_from_points(&points)
                .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
            check(&points, &hull, "large");
        }
    }

    /// Flat, collinear and coincident clouds have no volume.
    #[test]
    fn flat_clouds_are_rejected() {
        let flat: Vec<Point3<f64>> =
            (0..20).map(|i| Point3::new(f64::from(i % 5), f64::from(i / 5), 2.0)).collect();
        assert_eq!(ConvexPolyhedron::try_from_points(&flat), Err(ShapeError::EmptyOrUnbounded));
        let line: Vec<Point3<f64>> =
            (0..20).map(|i| Point3::new(f64::from(i), 2.0 * f64::from(i), 1.0)).collect();
        assert_eq!(ConvexPolyhedron::try_from_points(&line), Err(ShapeError::EmptyOrUnbounded));
        let same = [Point3::new(1.0_f32, 2.0, 3.0); 6];
        assert_eq!(ConvexPolyhedron::try_from_points(&same), Err(ShapeError::EmptyOrUnbounded));
        let origin = [Point3::<f32>::origin(); 6];
        assert_eq!(ConvexPolyhedron::try_from_points(&origin), Err(ShapeError::EmptyOrUnbounded));
    }

    /// Coordinates near the largest finite float: the work on scaled points cannot overflow.
    #[test]
    fn huge_coordinates_do_not_overflow() {
        let big = f32::MAX / 4.0;
        let points: Vec<Point3<f32>> = (0..8)
            .map(|i| {
                Point3::new(
                    if i & 1 == 0 { -big } else { big },
                    if i & 2 == 0 { -big } else { big },
                    if i & 4 == 0 { -big } else { big },
                )
            })
            .collect();
        let hull =
            ConvexPolyhedron::try_from_points(&points).unwrap_or_else(|e| panic!("a cube: {e:?}"));
        assert_eq!((hull.planes.len(), hull.vertices.len()), (6, 8));
    }
}
