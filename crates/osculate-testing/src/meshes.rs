//! The icosahedron the closed test meshes are built from (subdivided and pushed onto a sphere).

/// The twelve vertices of the icosahedron with edge length 2: the cyclic permutations of
/// `(0, ±1, ±φ)`, φ the golden ratio, in the order [`ICOSAHEDRON_FACES`] indexes.
#[must_use]
pub fn icosahedron_vertices() -> [[f64; 3]; 12] {
    let t = (1.0 + 5.0_f64.sqrt()) / 2.0;
    [
        [-1.0, t, 0.0],
        [1.0, t, 0.0],
        [-1.0, -t, 0.0],
        [1.0, -t, 0.0],
        [0.0, -1.0, t],
        [0.0, 1.0, t],
        [0.0, -1.0, -t],
        [0.0, 1.0, -t],
        [t, 0.0, -1.0],
        [t, 0.0, 1.0],
        [-t, 0.0, -1.0],
        [-t, 0.0, 1.0],
    ]
}

/// The icosahedron's twenty faces, indices into [`icosahedron_vertices`], counter-clockwise seen
/// from outside.
pub const ICOSAHEDRON_FACES: [[usize; 3]; 20] = [
    [0, 11, 5],
    [0, 5, 1],
    [0, 1, 7],
    [0, 7, 10],
    [0, 10, 11],
    [1, 5, 9],
    [5, 11, 4],
    [11, 10, 2],
    [10, 7, 6],
    [7, 1, 8],
    [3, 9, 4],
    [3, 4, 2],
    [3, 2, 6],
    [3, 6, 8],
    [3, 8, 9],
    [4, 9, 5],
    [2, 4, 11],
    [6, 2, 10],
    [8, 6, 7],
    [9, 8, 1],
];

/// The triangles of a grid of `n × n` vertices (vertex `k` at column `k % n`, row `k / n`): two
/// per cell, `[k, k + n + 1, k + 1]` and `[k, k + n, k + n + 1]`, for a height field of `n²`
/// vertices.
#[must_use]
pub fn grid_triangles(n: u32) -> Vec<[u32; 3]> {
    let (mut triangles, cells) = (Vec::new(), n.saturating_sub(1));
    for j in 0..cells {
        for i in 0..cells {
            let k = j * n + i;
            triangles.push([k, k + n + 1, k + 1]);
            triangles.push([k, k + n, k + n + 1]);
        }
    }
    triangles
}
