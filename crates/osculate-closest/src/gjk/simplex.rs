//! The simplex of support points and its sub-algorithm: the point of a simplex closest to the
//! origin and the smallest sub-simplex holding it, in f64 (see the module documentation).

use osculate_math::{Point3, Real, Segment, Triangle, Vector3};

use super::{gjk_tolerance, sqrt};
use crate::support::SupportMap;
use crate::triangle::closest_point_on_triangle_barycentric;

/// A vertex of the simplex: `w = a − b` and the support points it came from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Vertex<T: Real> {
    pub(crate) w: Vector3<T>,
    pub(crate) a: Point3<T>,
    pub(crate) b: Point3<T>,
}

impl<T: Real> Vertex<T> {
    /// The vertex of `A − B` that GJK's search direction `d` gives: `a = s_A(−d)`, `b = s_B(d)`.
    #[inline]
    pub(super) fn toward<A, B>(a: &A, b: &B, d: &Vector3<T>) -> Self
    where
        A: SupportMap<T> + ?Sized,
        B: SupportMap<T> + ?Sized,
    {
        let (pa, pb) = (a.support(&-d), b.support(d));
        Self { w: pa - pb, a: pa, b: pb }
    }
}

/// `dir`, or the x axis when `dir` is zero or not finite: a usable first search direction.
#[inline]
pub(super) fn usable_direction<T: Real>(dir: Vector3<T>) -> Vector3<T> {
    if dir == Vector3::zeros() || !dir.iter().all(|x| x.is_finite()) { Vector3::x() } else { dir }
}

/// The simplex: up to four vertices with the barycentric weights of `v` on them.
pub(super) struct Simplex<T: Real> {
    pub(super) v: [Vertex<T>; 4],
    /// The search direction each vertex was found along (kept by the distance query for a warm
    /// start; the other users leave it unread).
    pub(super) dir: [Vector3<T>; 4],
    pub(super) weight: [T; 4],
    pub(super) len: usize,
}

impl<T: Real> Simplex<T> {
    /// The simplex of one vertex, `first`, found along `dir`.
    pub(super) fn single(first: Vertex<T>, dir: Vector3<T>) -> Self {
        Self { v: [first; 4], dir: [dir; 4], weight: [T::ONE, T::ZERO, T::ZERO, T::ZERO], len: 1 }
    }

    /// Keeps the vertices with a positive weight.
    pub(super) fn keep(&mut self, weights: &[T]) {
        let mut k = 0;
        for (i, &wi) in weights.iter().enumerate().take(self.len) {
            if wi > T::ZERO {
                self.v[k] = self.v[i];
                self.dir[k] = self.dir[i];
                self.weight[k] = wi;
                k += 1;
            }
        }
        if k == 0 {
            // All weights zero (a degenerate tie): keep the first vertex.
            self.weight[0] = T::ONE;
            k = 1;
        }
        self.len = k;
    }

    /// The point of the simplex closest to the origin (in f64, see below) and its weights, zero
    /// off the smallest face holding it. Returns `None` when the origin is inside a full
    /// (tetrahedral) simplex, whose weights it then sets. `scale` bounds the magnitude of the support points the vertices are differences of (their
    /// rounding is a few ε times it).
    ///
    /// The arithmetic is f64 whatever `T` is (exact on f32 vertices): near convergence on a
    /// curved shape the simplex is a sliver beside the origin, and the f32 sub-algorithm's
    /// rounding there turned `v` by up to 0.02 rad, so the support along `−v` left the simplex no
    /// nearer and GJK stopped 2.3e-4 short at the unit scale (sphere-triangle, distance 2e-5;
    /// `sliver_simplex_near_a_flat_face_still_converges_f32`). The flatness tolerance is the
    /// arithmetic's (f64): the signs are those of the vertices as given, which f64 gets right
    /// down to its own rounding (with f32's, at 1e4 every tetrahedron thinner than 0.1 counted as
    /// flat, and two f32 boxes overlapping by 0.016 there were reported that far apart). The
    /// tolerance that the inside weights reproduce the origin stays `T`'s GJK tolerance: the
    /// vertices carry `T`'s rounding.
    ///
    /// An outside answer is returned with its weights and not yet applied: the caller keeps it
    /// ([`Simplex::keep`]) only when it makes progress, and otherwise drops the newest vertex
    /// (`len − 1`) to get the previous simplex back unchanged, without saving a copy of it each
    /// step (a measurable share of a curved pair's GJK).
    pub(super) fn closest(&mut self, scale: T) -> Option<(Vector3<f64>, [T; 4])> {
        let w: [Vector3<f64>; 4] = core::array::from_fn(|i| self.v[i].w.map(Real::to_f64));
        match sub_algorithm(
            &w[..self.len],
            scale.to_f64(),
            f64::RELATIVE_TOLERANCE,
            gjk_tolerance::<T>().to_f64(),
            turn::<T>(),
        ) {
            SubResult::Inside(lambda) => {
                self.weight = lambda.map(T::lit);
                None
            }
            SubResult::Outside(weights) => {
                // `v` from the f64 weights and vertices: summed in f32 its rounding, ε times
                // the vertices' magnitude, would turn a small `v` again.
                let v = nearest_point(&w[..self.len], &weights, turn::<T>());
                Some((v, weights.map(T::lit)))
            }
        }
    }

    /// The point nearest the origin over every vertex, edge and triangle of the simplex with
    /// `extra` added (a vertex and the direction it was found along; at most four vertices in
    /// all), by the segment and triangle sub-algorithms alone, when it is nearer than `vv`
    /// (`|v|²` now): the simplex then becomes the face holding it, with its weights, and the
    /// point is returned. GJK calls it where the sub-algorithm on the whole simplex made no
    /// progress although the support point `w` along `−v` proves a nearer point exists (the
    /// segment from `v` to `w` comes nearer the origin when `v·w < |v|²`): the tetrahedron's
    /// flatness and inside tests, whose thresholds are rounding's, had measured the wrong faces.
    /// The closest point of the hull of up to four points not holding the origin lies on one of
    /// these faces, so the search is complete.
    pub(super) fn nearest_face(
        &mut self,
        extra: Option<(Vertex<T>, Vector3<T>)>,
        vv: f64,
    ) -> Option<Vector3<f64>> {
        let (mut v, mut dir, mut n) = (self.v, self.dir, self.len);
        if let Some((x, d)) = extra
            && n < 4
        {
            v[n] = x;
            dir[n] = d;
            n += 1;
        }
        let w: [Vector3<f64>; 4] = core::array::from_fn(|i| v[i].w.map(Real::to_f64));
        let turn = turn::<T>();
        // The best face so far: its squared distance, its point, its vertices and weights.
        let mut best: Option<Face> = None;
        for mask in 1u32..(1 << n) {
            let k = mask.count_ones() as usize;
            if k > 3 {
                continue;
            }
            let mut idx = [0; 3];
            let mut m = 0;
            for (i, slot) in (0..n).filter(|i| mask & (1 << i) != 0).zip(0..) {
                idx[slot] = i;
                m += 1;
            }
            let pts: [Vector3<f64>; 3] = core::array::from_fn(|j| w[idx[j.min(m - 1)]]);
            let SubResult::Outside(weights) = sub_algorithm(&pts[..k], 0.0, 0.0, 0.0, turn) else {
                continue;
            };
            let p = nearest_point(&pts[..k], &weights, turn);
            let d2 = p.norm_squared();
            if d2.is_finite() && best.as_ref().is_none_or(|b| d2 < b.d2) {
                best = Some(Face { d2, p, idx, weights, k });
            }
        }
        let Face { d2, p, idx, weights, k } = best?;
        if !(d2 < vv) {
            return None;
        }
        let mut m = 0;
        for j in 0..k {
            if weights[j] > 0.0 {
                self.v[m] = v[idx[j]];
                self.dir[m] = dir[idx[j]];
                self.weight[m] = T::lit(weights[j]);
                m += 1;
            }
        }
        if m == 0 {
            return None;
        }
        self.len = m;
        Some(p)
    }

    /// The rounding of `|v|² − v·w` that comes from `v` itself, for `v` this simplex's nearest
    /// point (every vertex of positive weight, as [`Simplex::keep`] leaves it), `d = |v|`,
    /// `gap = |v|² − v·w` as computed and `next = w`. `v` is computed (in f64, see
    /// [`nearest_point`]) from vertices of norm up to `W`, and its error `δv` enters
    /// `v·(v − w)` times `|v − w| ≤ d + |w|`:
    /// - one vertex: `v` is the vertex, exact;
    /// - a segment `a + t (b − a)`, or a triangle's `Σ λᵢ wᵢ` (f32 input): the terms, of size
    ///   `W`, cancel down to `d`, so `|δv|` is a few ε W whatever `d`: `8 ε W (d + |w|)`;
    /// - a triangle by its normal (f64 input): `v`'s length is off by a few ε W (the product
    ///   `n·wₖ`), which enters as a few ε W of `(v − w)·v/d = gap/d`, and its direction by a few
    ///   ε over the sine of the widest angle, which moves `v` by that times `d` and enters times
    ///   `|w|`: `8 ε (W gap / d + d |w| / sin θ)`.
    ///
    /// The first is why a segment's answer near contact is known only to `8 ε W (d + |w|) / d`
    /// along its direction (1e-8 of the size for a distance 1e-7 of it), and the second why a
    /// face's is known to ε W of itself.
    pub(super) fn v_rounding(&self, d: f64, gap: f64, next: &Vector3<T>) -> f64 {
        let w: [Vector3<f64>; 4] = core::array::from_fn(|i| self.v[i].w.map(Real::to_f64));
        let reach = w[..self.len].iter().map(Vector3::norm).fold(0.0, f64::fast_max);
        let far = next.map(Real::to_f64).norm();
        let eps = 8.0 * f64::EPSILON;
        match self.len {
            1 => 0.0,
            3 if turn::<T>() => {
                let sin = widest_sine(&[w[0], w[1], w[2]]);
                if sin > 0.0 {
                    eps * (reach * gap.abs() / d + d * far / sin)
                } else {
                    eps * reach * (d + far)
                }
            }
            _ => eps * reach * (d + far),
        }
    }

    /// The witness points: the same weights on the support points of A and of B.
    pub(super) fn witnesses(&self) -> (Point3<T>, Point3<T>) {
        let mut a = Vector3::zeros();
        let mut b = Vector3::zeros();
        for i in 0..self.len {
            a += self.v[i].a.coords * self.weight[i];
            b += self.v[i].b.coords * self.weight[i];
        }
        (Point3::from(a), Point3::from(b))
    }
}

/// Whether the sub-algorithm works for accuracy beyond the input's rounding: for f64 input (see
/// [`triangle_weights`] and [`nearest_point`]); for f32 input the f64 arithmetic is far below
/// the vertices' own rounding already.
#[inline]
fn turn<T: Real>() -> bool {
    T::EPSILON.to_f64() < 1e-10
}

/// The point of `w` (1 to 3 vertices) with the sub-algorithm's `weights`: `Σ λᵢ wᵢ`, except
/// inside a triangle with `accurate` set, where it is the origin's projection on the triangle's
/// plane, `n (n·wₖ) / |n|²` (`n` the cross product at the vertex opposite the longest edge, `wₖ`
/// the vertex of least norm).
///
/// Why: the sum's terms are of the vertices' magnitude `W` and cancel down to `|v|`, so its
/// absolute error is a few ε W whatever `|v|`, which turns a small `v` by ε W / |v|: near contact
/// on a curved pair (`|v|` 1e-7 of a simplex of size 1, a sliver along a ruled side of `A − B`)
/// the sum's direction was off by 1e-9 rad and the support along it dropped the lower bound
/// `v·w / |v|` by 1e-6, below zero, and GJK could not resolve the step it proved (its progress
/// in `|v|²` was `(|v|² − v·w)² / |w − v|²`, 1e-25, under the sum's rounding 2 |v| ε W, 1e-23).
/// The normal's direction is exact to ε over the sine of the triangle's widest angle, whatever
/// `|v|`; only `|v|` keeps the absolute error ε W (the `n·wₖ` product).
#[inline]
pub(super) fn nearest_point(
    w: &[Vector3<f64>],
    weights: &[f64; 4],
    accurate: bool,
) -> Vector3<f64> {
    let sum = || w.iter().zip(weights).fold(Vector3::zeros(), |s, (x, l)| s + x * *l);
    // The vertices of positive weight: a triangle's interior when there are three.
    let mut face = [Vector3::zeros(); 3];
    let mut k = 0;
    for (x, _) in w.iter().zip(weights).filter(|(_, l)| **l > 0.0) {
        if k == 3 {
            return sum();
        }
        face[k] = *x;
        k += 1;
    }
    if !(accurate && k == 3) {
        return sum();
    }
    let w = face;
    let (k, i, j) = widest(&w);
    let n = (w[i] - w[k]).cross(&(w[j] - w[k]));
    let nn = n.norm_squared();
    let low = (0..3).fold(0, |m, x| if w[x].norm_squared() < w[m].norm_squared() { x } else { m });
    let v = n * (n.dot(&w[low]) / nn);
    // A degenerate (zero or overflowing) normal: the sum.
    if nn > 0.0 && v.iter().all(|x| x.is_finite()) { v } else { sum() }
}

/// The sine of a triangle's widest angle (the one opposite its longest edge), 0 when degenerate:
/// the cross product there is the triangle's normal to ε over it.
fn widest_sine(w: &[Vector3<f64>; 3]) -> f64 {
    let (k, i, j) = widest(w);
    let (e1, e2) = (w[i] - w[k], w[j] - w[k]);
    let s = e1.cross(&e2).norm() / (e1.norm() * e2.norm());
    if s.is_finite() { s } else { 0.0 }
}

/// The vertices of a triangle starting from the one opposite its longest edge, `(k, k+1, k+2)`
/// (mod 3): its widest angle, where a cross product of its edges is most accurate.
fn widest(w: &[Vector3<f64>; 3]) -> (usize, usize, usize) {
    let opposite =
        [(w[1] - w[2]).norm_squared(), (w[2] - w[0]).norm_squared(), (w[0] - w[1]).norm_squared()];
    let k = if opposite[0] >= opposite[1] && opposite[0] >= opposite[2] {
        0
    } else if opposite[1] >= opposite[2] {
        1
    } else {
        2
    };
    (k, (k + 1) % 3, (k + 2) % 3)
}

/// A face of a simplex measured by [`Simplex::nearest_face`]: the squared distance of its point
/// nearest the origin, that point, its `k` vertices (indices) and their weights.
struct Face {
    d2: f64,
    p: Vector3<f64>,
    idx: [usize; 3],
    weights: [f64; 4],
    k: usize,
}

/// What the sub-algorithm found: the origin inside the tetrahedron with these barycentric
/// coordinates, or outside with the weights of its closest point (zero off the smallest face
/// holding it).
pub(super) enum SubResult {
    Inside([f64; 4]),
    Outside([f64; 4]),
}

/// The closest point of a triangle to the origin ([`closest_point_on_triangle_barycentric`],
/// Ericson 5.1.5) with the triangle turned so that its first vertex is the one opposite the longest
/// edge: the face formula takes its cross products at that vertex, where the angle is the
/// largest and the barycentrics' relative error `ε / sin θ` the least (at a sliver's sharp vertex
/// it is 100 times worse). Returns the barycentric weights in the given order and the point.
/// `turn: false` keeps the order: for f32 vertices the f64 arithmetic is accurate enough at any
/// vertex (`ε_64 / sin θ` is far below f32's rounding), and the turn has a measurable cost on
/// polytope pairs.
#[inline]
fn triangle_weights(w: [Vector3<f64>; 3], turn: bool) -> ([f64; 3], Vector3<f64>) {
    if !turn {
        let tri = Triangle::new(Point3::from(w[0]), Point3::from(w[1]), Point3::from(w[2]));
        let c = closest_point_on_triangle_barycentric(&Point3::origin(), &tri);
        return (c.barycentric, c.point.coords);
    }
    let (k, i, j) = widest(&w);
    let tri = Triangle::new(Point3::from(w[k]), Point3::from(w[i]), Point3::from(w[j]));
    let c = closest_point_on_triangle_barycentric(&Point3::origin(), &tri);
    let mut out = [0.0; 3];
    out[k] = c.barycentric[0];
    out[i] = c.barycentric[1];
    out[j] = c.barycentric[2];
    (out, c.point.coords)
}

/// The sub-algorithm on `w` (1 to 4 vertices): the origin's closest point's weights, or the
/// origin inside the tetrahedron. `scale` is the support points' magnitude, `relative` and `gjk`
/// the input type's relative and GJK tolerances; `turn`: see [`triangle_weights`].
#[inline]
pub(super) fn sub_algorithm(
    w: &[Vector3<f64>],
    scale: f64,
    relative: f64,
    gjk: f64,
    turn: bool,
) -> SubResult {
    let point =
        |weights: &[f64]| w.iter().zip(weights).fold(Vector3::zeros(), |s, (x, l)| s + x * *l);
    match w.len() {
        1 => SubResult::Outside([1.0, 0.0, 0.0, 0.0]),
        2 => {
            let t = Segment::new(Point3::from(w[0]), Point3::from(w[1]))
                .closest_parameter(&Point3::origin());
            SubResult::Outside([1.0 - t, t, 0.0, 0.0])
        }
        3 => {
            let ([a, b, c], _) = triangle_weights([w[0], w[1], w[2]], turn);
            SubResult::Outside([a, b, c, 0.0])
        }
        _ => {
            // Faces with their opposite vertex, listed as even permutations of (0, 1, 2, 3) with
            // that vertex last: the opposite vertex's orientation over face k is `sign[k] · vol`
            // (alternating), one determinant instead of four. The origin is inside when it is on
            // the opposite vertex's side of every face.
            let faces = [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)];
            let sign = [1.0, -1.0, 1.0, -1.0];
            let normals = faces.map(|(a, b, c, _)| (w[b] - w[a]).cross(&(w[c] - w[a])));
            let vol = normals[0].dot(&(w[3] - w[0]));
            // Near convergence the new vertex is nearly coplanar with the triangle: a sliver
            // whose orientation signs are rounding noise. Flat up to rounding, it has no
            // inside: every face is measured. Flat: a volume below a relative tolerance of
            // the edge lengths' product, or a thickness (the smallest height, the volume
            // over the largest face) below the rounding of the vertices, 128 ε times the
            // support points' magnitude — which far from the origin is much larger than the
            // vertices themselves (a sphere 1.5e-3 from a box 1e4 from the origin, in f64, was
            // reported overlapping when moved).
            let largest_face =
                sqrt(normals.iter().map(Vector3::norm_squared).fold(0.0, f64::fast_max));
            let flat = vol.abs()
                <= relative * (w[1] - w[0]).norm() * (w[2] - w[0]).norm() * (w[3] - w[0]).norm()
                || vol.abs() <= relative * scale * largest_face;
            // The origin's orientation over each face, and whether it is in front of it (or
            // the tetrahedron is flat): then the origin is outside.
            let sp: [f64; 4] = core::array::from_fn(|k| -normals[k].dot(&w[faces[k].0]));
            let front: [bool; 4] = core::array::from_fn(|k| {
                let so = sign[k] * vol;
                flat || so == 0.0 || sp[k] * so < 0.0
            });
            // The rounding of each orientation, squared: 16 ε of the product of its face's edges
            // and the vertex's magnitude (compared squared, an overflow counts as rounding).
            let noise: [f64; 4] = core::array::from_fn(|k| {
                let (a, b, c, _) = faces[k];
                256.0
                    * f64::EPSILON
                    * f64::EPSILON
                    * (w[b] - w[a]).norm_squared()
                    * (w[c] - w[a]).norm_squared()
                    * w[a].norm_squared()
            });
            let certain = vol * vol
                > 256.0
                    * f64::EPSILON
                    * f64::EPSILON
                    * (w[1] - w[0]).norm_squared()
                    * (w[2] - w[0]).norm_squared()
                    * (w[3] - w[0]).norm_squared()
                && (0..4).all(|k| sp[k] * sp[k] > noise[k]);
            if !front.iter().any(|&f| f) {
                // Inside: with these weights `Σ λᵢ aᵢ = Σ λᵢ bᵢ` (up to rounding), a point
                // both shapes share, which the overlapping answer reports. The weight of the
                // vertex opposite a face is the ratio of the signed volumes over that face.
                // The weights are trusted only when they reproduce the origin (`|Σ λᵢ wᵢ|`
                // within the GJK tolerance of the support points' magnitude; an f64 box and
                // ball overlapping at the unit scale, moved 10 away, reproduce it to 2.9e-13
                // of 9.4, 1,300 ε, so 128 ε is too tight): a tetrahedron of two tight clusters
                // of vertices passes the flatness tests, but its signs and weights are noise
                // (capsule-OBB in f32: weights 7.6e-3 off the origin, a "shared" point 3.8e-3
                // outside the box) — or when every orientation, the volume's and the origin's
                // over each face, is beyond its rounding, so the origin is inside these
                // vertices' tetrahedron whatever the weights' noise (a sliver 2.5e-6 thick
                // beside a face 1.4e-7 from the origin, f64: its weights reproduced the origin
                // only to 2e-9, and GJK stalled "separated" on that face, along which the
                // cones overlapped by 2.3e-6). Otherwise the origin is taken as outside and the
                // nearest of all four faces stands.
                let mut inside = [0.0; 4];
                for (k, &(_, _, _, d)) in faces.iter().enumerate() {
                    inside[d] = sp[k] / (sign[k] * vol);
                }
                let sum = inside.iter().sum::<f64>();
                if sum > 0.0 {
                    let lambda = inside.map(|x| x / sum);
                    if certain || point(&lambda).norm() <= gjk * scale {
                        return SubResult::Inside(lambda);
                    }
                }
            }
            // Outside the solid its closest point is on a face the origin is in front of (the
            // normal cone at the closest point is spanned by the normals of the faces through
            // it, Ericson 5.1.6): those faces are measured, and any face whose orientation is
            // within its rounding of zero (16 ε of the product of its edges and the vertex's
            // magnitude; compared squared, an overflow measures the face), whose sign is not
            // to be trusted. A flat tetrahedron, or an inside that did not reproduce the
            // origin, measures all four.
            let all = !front.iter().any(|&f| f) || flat;
            let mut best: Option<(f64, [f64; 4])> = None;
            for (k, &(a, b, c, _)) in faces.iter().enumerate() {
                if !(all || front[k] || sp[k] * sp[k] <= noise[k]) {
                    continue;
                }
                let (tw, at) = triangle_weights([w[a], w[b], w[c]], turn);
                let d2 = at.norm_squared();
                if best.is_none_or(|(bd, _)| d2 < bd) {
                    let mut full = [0.0; 4];
                    full[a] = tw[0];
                    full[b] = tw[1];
                    full[c] = tw[2];
                    best = Some((d2, full));
                }
            }
            // At least one face was measured, so `best` is set; its weights are finite for
            // finite vertices.
            SubResult::Outside(best.map_or([1.0, 0.0, 0.0, 0.0], |(_, weights)| weights))
        }
    }
}
