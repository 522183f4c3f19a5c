//! Mesh generators for the tests: closed meshes (icospheres, subdivided cubes with axis-aligned
//! edges on the tree's box faces, a torus), an open terrain, and triangle soups with the
//! adversarial classes (slivers, needles, coplanar fans, duplicate vertices, long thin
//! triangles, collapsed triangles), all in `f64` and converted to the scalar under test.

use std::collections::HashMap;

use osculate_math::{Point3, Real, Triangle, Vector3};
use osculate_mesh::{MeshOptions, TriangleMesh};
use osculate_testing::Rng;

/// A mesh as plain data.
#[derive(Clone, Debug)]
pub(crate) struct Data {
    pub(crate) vertices: Vec<Point3<f64>>,
    pub(crate) triangles: Vec<[u32; 3]>,
}

impl Data {
    /// The vertices in `T`.
    pub(crate) fn vertices<T: Real>(&self) -> Vec<Point3<T>> {
        self.vertices.iter().map(|p| p.map(T::lit)).collect()
    }

    /// The triangles in `T`, in the index list's order.
    pub(crate) fn triangles<T: Real>(&self) -> Vec<Triangle<T>> {
        let v = self.vertices::<T>();
        self.triangles
            .iter()
            .map(|t| Triangle::new(v[t[0] as usize], v[t[1] as usize], v[t[2] as usize]))
            .collect()
    }

    /// The mesh in `T` (default options).
    pub(crate) fn mesh<T: Real>(&self) -> TriangleMesh<T> {
        crate::ok(TriangleMesh::try_new(self.vertices(), self.triangles.clone()))
    }

    /// The mesh in `T`, solid.
    pub(crate) fn solid<T: Real>(&self) -> TriangleMesh<T> {
        let o = MeshOptions { solid: true, ..MeshOptions::default() };
        crate::ok(TriangleMesh::try_with_options(self.vertices(), self.triangles.clone(), &o))
    }

    /// Moved by `offset` and scaled by `scale` about the origin.
    pub(crate) fn placed(mut self, scale: f64, offset: Vector3<f64>) -> Self {
        for v in &mut self.vertices {
            *v = Point3::from(v.coords * scale + offset);
        }
        self
    }

    /// Every vertex and every edge midpoint (the points a leaking ray would slip through).
    pub(crate) fn vertices_and_edge_midpoints(&self) -> Vec<Point3<f64>> {
        let mut out = self.vertices.clone();
        for t in &self.triangles {
            for k in 0..3 {
                let (a, b) = (t[k] as usize, t[(k + 1) % 3] as usize);
                if a < b {
                    out.push(osculate_math::nalgebra::center(&self.vertices[a], &self.vertices[b]));
                }
            }
        }
        out
    }
}

/// Shares vertices that coincide (exactly, after a key rounding), so subdivided faces meet.
struct Builder {
    vertices: Vec<Point3<f64>>,
    index: HashMap<[i64; 3], u32>,
    triangles: Vec<[u32; 3]>,
}

impl Builder {
    fn new() -> Self {
        Self { vertices: Vec::new(), index: HashMap::new(), triangles: Vec::new() }
    }

    fn vertex(&mut self, p: Point3<f64>) -> u32 {
        self.vertex_at(p, p)
    }

    /// The vertex keyed by `key` (rounded), placed at `p` when it is new.
    fn vertex_at(&mut self, key: Point3<f64>, p: Point3<f64>) -> u32 {
        let key = [key.x, key.y, key.z].map(|c| (c * 1e9).round() as i64);
        let vertices = &mut self.vertices;
        *self.index.entry(key).or_insert_with(|| {
            vertices.push(p);
            (vertices.len() - 1) as u32
        })
    }

    fn finish(self) -> Data {
        Data { vertices: self.vertices, triangles: self.triangles }
    }
}

/// A closed sphere of radius about 1: an icosahedron with each face cut into `n²` triangles,
/// the vertices pushed out to `radius(direction)` (1 for a round sphere). Counter-clockwise
/// seen from outside.
pub(crate) fn sphere(n: usize, radius: impl Fn(&Vector3<f64>) -> f64) -> Data {
    let ico = osculate_testing::icosahedron_vertices().map(|c| Vector3::new(c[0], c[1], c[2]));
    let mut b = Builder::new();
    for f in osculate_testing::ICOSAHEDRON_FACES {
        let [p, q, r] = f.map(|i| ico[i]);
        let mut grid = vec![vec![0u32; n + 1]; n + 1];
        for (i, row) in grid.iter_mut().enumerate() {
            for (j, cell) in row.iter_mut().enumerate().take(n + 1 - i) {
                let (u, v) = (i as f64 / n as f64, j as f64 / n as f64);
                let x = p + (q - p) * u + (r - p) * v;
                // Shared edges give the same point from two faces up to rounding: key it on
                // the unprojected point (an exact function of the edge's end points and u, v).
                let d = x.normalize();
                *cell = b.vertex_at(Point3::from(x), Point3::from(d * radius(&d)));
            }
        }
        for i in 0..n {
            for j in 0..n - i {
                b.triangles.push([grid[i][j], grid[i + 1][j], grid[i][j + 1]]);
                if i + j + 1 < n {
                    b.triangles.push([grid[i + 1][j], grid[i + 1][j + 1], grid[i][j + 1]]);
                }
            }
        }
    }
    b.finish()
}

/// The round sphere of radius 1.
pub(crate) fn icosphere(n: usize) -> Data {
    sphere(n, |_| 1.0)
}

/// A closed cube `[-1, 1]³`, each face cut into an `n × n` grid of squares split along a
/// diagonal: every edge on the cube's edges and on the grid lines is axis-aligned, so it lies
/// on the faces of the tree's boxes. Counter-clockwise seen from outside.
pub(crate) fn cube(n: usize) -> Data {
    let mut b = Builder::new();
    for axis in 0..3 {
        for side in [-1.0, 1.0] {
            // Two axes spanning the face, ordered so that u × v points outward.
            let (ua, va) = ((axis + 1) % 3, (axis + 2) % 3);
            let (ua, va) = if side > 0.0 { (ua, va) } else { (va, ua) };
            let at = |i: usize, j: usize| {
                let mut p = [0.0; 3];
                p[axis] = side;
                p[ua] = -1.0 + 2.0 * i as f64 / n as f64;
                p[va] = -1.0 + 2.0 * j as f64 / n as f64;
                Point3::new(p[0], p[1], p[2])
            };
            for i in 0..n {
                for j in 0..n {
                    let [a, c, d, e] = [at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)]
                        .map(|p| b.vertex(p));
                    b.triangles.push([a, c, d]);
                    b.triangles.push([a, d, e]);
                }
            }
        }
    }
    b.finish()
}

/// A closed torus around the z axis (radii `big` and `small`), `n × m` quads: not convex, with a
/// hole, for inside-outside against an independent reference.
pub(crate) fn torus(n: usize, m: usize, big: f64, small: f64) -> Data {
    let mut b = Builder::new();
    let at = |i: usize, j: usize| {
        let (u, v) = (
            std::f64::consts::TAU * (i % n) as f64 / n as f64,
            std::f64::consts::TAU * (j % m) as f64 / m as f64,
        );
        let r = big + small * v.cos();
        Point3::new(r * u.cos(), r * u.sin(), small * v.sin())
    };
    let mut ids = vec![vec![0u32; m]; n];
    for (i, row) in ids.iter_mut().enumerate() {
        for (j, id) in row.iter_mut().enumerate() {
            *id = b.vertex(at(i, j));
        }
    }
    for i in 0..n {
        for j in 0..m {
            let (a, c, d, e) = (
                ids[i][j],
                ids[(i + 1) % n][j],
                ids[(i + 1) % n][(j + 1) % m],
                ids[i][(j + 1) % m],
            );
            b.triangles.push([a, c, d]);
            b.triangles.push([a, d, e]);
        }
    }
    b.finish()
}

/// An open terrain: an `n × n` grid over `[0, n]²` with random heights in `[0, h]`.
pub(crate) fn terrain(rng: &mut Rng, n: usize, h: f64) -> Data {
    let mut vertices = Vec::new();
    for j in 0..=n {
        for i in 0..=n {
            vertices.push(Point3::new(i as f64, j as f64, rng.range(0.0, h)));
        }
    }
    let w = (n + 1) as u32;
    let mut triangles = Vec::new();
    for j in 0..n as u32 {
        for i in 0..n as u32 {
            let k = j * w + i;
            triangles.push([k, k + 1, k + w + 1]);
            triangles.push([k, k + w + 1, k + w]);
        }
    }
    Data { vertices, triangles }
}

/// A random soup of `count` triangles in the box `[-s, s]³` mixing the adversarial classes:
/// ordinary triangles, slivers (a vertex within 1e-7 of the opposite edge), needles, long thin
/// triangles spanning the box, collapsed triangles (repeated and collinear vertices), coplanar
/// fans around a shared vertex, and duplicated vertices (the same point under two indices).
pub(crate) fn soup(rng: &mut Rng, count: usize, s: f64) -> Data {
    let mut vertices: Vec<Point3<f64>> = Vec::new();
    let mut triangles = Vec::new();
    let point = |rng: &mut Rng| Point3::new(rng.range(-s, s), rng.range(-s, s), rng.range(-s, s));
    let push = |vertices: &mut Vec<Point3<f64>>, ps: &[Point3<f64>]| -> Vec<u32> {
        ps.iter()
            .map(|p| {
                vertices.push(*p);
                (vertices.len() - 1) as u32
            })
            .collect()
    };
    while triangles.len() < count {
        match rng.index(7) {
            0 | 1 => {
                let c = point(rng);
                let r = s * rng.range(0.02, 0.3);
                let ps: Vec<_> = (0..3)
                    .map(|_| c + Vector3::new(rng.range(-r, r), rng.range(-r, r), rng.range(-r, r)))
                    .collect();
                let i = push(&mut vertices, &ps);
                triangles.push([i[0], i[1], i[2]]);
            }
            2 => {
                // Sliver: c within 1e-7 of the edge ab; or a needle: c next to a.
                let (a, b) = (point(rng), point(rng));
                let c = if rng.chance(0.5) {
                    osculate_math::nalgebra::center(&a, &b) + Vector3::new(0.0, 0.0, 1e-7 * s)
                } else {
                    a + Vector3::new(1e-7 * s, -1e-7 * s, 0.0)
                };
                let i = push(&mut vertices, &[a, b, c]);
                triangles.push([i[0], i[1], i[2]]);
            }
            3 => {
                // Long and thin: across the whole box, 1e-3 wide.
                let a = point(rng);
                let b = Point3::from(-a.coords);
                let w =
                    Vector3::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
                let i = push(&mut vertices, &[a, b, a + w * (1e-3 * s)]);
                triangles.push([i[0], i[1], i[2]]);
            }
            4 => {
                // Collapsed: a repeated index, or three collinear points.
                let (a, b) = (point(rng), point(rng));
                let i = push(&mut vertices, &[a, b, osculate_math::nalgebra::center(&a, &b)]);
                triangles.push(if rng.chance(0.5) {
                    [i[0], i[1], i[2]]
                } else {
                    [i[0], i[0], i[1]]
                });
            }
            5 => {
                // A coplanar fan of 4 to 8 triangles around a shared vertex.
                let c = point(rng);
                let (u, v) = (
                    Vector3::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)),
                    Vector3::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)),
                );
                let k = 4 + rng.index(5);
                let r = s * 0.2;
                let ring: Vec<_> = (0..k)
                    .map(|j| {
                        let a = std::f64::consts::TAU * j as f64 / k as f64;
                        c + (u * a.cos() + v * a.sin()) * r
                    })
                    .collect();
                let hub = push(&mut vertices, &[c])[0];
                let ids = push(&mut vertices, &ring);
                for j in 0..k {
                    triangles.push([hub, ids[j], ids[(j + 1) % k]]);
                }
            }
            _ => {
                // A duplicated vertex: two triangles sharing a position under two indices.
                let (a, b, c, d) = (point(rng), point(rng), point(rng), point(rng));
                let i = push(&mut vertices, &[a, b, c, b, d]);
                triangles.push([i[0], i[1], i[2]]);
                triangles.push([i[3], i[2], i[4]]);
            }
        }
    }
    triangles.truncate(count);
    Data { vertices, triangles }
}

/// A random mesh for a property case: a soup, a terrain, a noisy sphere or a cube, at a random
/// scale and place (ordinary, tiny, far).
pub(crate) fn any(rng: &mut Rng) -> Data {
    let data = match rng.index(5) {
        0 | 1 => {
            let count = 20 + rng.index(150);
            soup(rng, count, 1.0)
        }
        2 => {
            let n = 3 + rng.index(8);
            terrain(rng, n, 2.0).placed(0.25, Vector3::new(-1.0, -1.0, 0.0))
        }
        3 => {
            let f = rng.range(2.0, 9.0);
            sphere(1 + rng.index(4), move |d| 1.0 + 0.1 * (f * d.x).sin() * (f * d.y).cos())
        }
        _ => cube(1 + rng.index(4)),
    };
    match rng.index(4) {
        0 => data.placed(1e-3, Vector3::new(1e-3, -2e-3, 0.5e-3)),
        1 => data.placed(10.0, Vector3::new(1e4, -2e4, 5e3)),
        _ => data,
    }
}
