//! The shapes of regression cases more than one test runs on, as plain `f64` arrays (the `f32`
//! values the cases were found in), each test building them in its own scalar type.

/// The oriented box of a box-cylinder pair on which an `f32` EPA step once folded its polytope (a
/// sliver face nearly reversed, nearer the origin than the face it grew from, reported as the
/// answer): its center, the columns of its rotation matrix and its half extents. EPA's and the
/// manifold's regression tests run on it, against [`EPA_FOLDING_CYLINDER`].
pub const EPA_FOLDING_BOX: ([f64; 3], [f64; 9], [f64; 3]) = (
    [-0.18303172, 0.25178832, 0.43861327],
    [
        -0.1221527,
        -0.9796964,
        0.15897706,
        0.67777467,
        -0.19935222,
        -0.7077289,
        0.7250519,
        0.0212996,
        0.6883648,
    ],
    [0.5584691, 0.903696, 0.72381866],
);

/// The cylinder against [`EPA_FOLDING_BOX`]: its two ends and its radius.
pub const EPA_FOLDING_CYLINDER: ([f64; 3], [f64; 3], f64) =
    ([-0.13473836, -0.5462595, 0.17275956], [-0.60250604, -0.9731339, -0.13936779], 0.39248946);

/// The points of the convex polyhedron of a polyhedron-cone pair on which an `f32` EPA step once
/// folded its polytope, as with [`EPA_FOLDING_BOX`]; the cone is [`EPA_FOLDING_CONE`].
pub const EPA_FOLDING_POLYHEDRON: [[f64; 3]; 12] = [
    [0.8229854, -1.3880181, 0.10337831],
    [1.4222064, -1.1445072, -1.7104797],
    [-0.36592537, -1.6881031, -0.32967335],
    [0.2332956, -1.4445921, -2.1435313],
    [0.34087333, 0.40461227, 0.18477018],
    [0.9400943, 0.64812315, -1.6290878],
    [-0.8480375, 0.10452731, -0.24828148],
    [-0.24881649, 0.34803817, -2.0621395],
    [0.09103362, 0.80829287, -1.6198947],
    [0.49922964, 0.5706559, 0.009818898],
    [0.722766, -1.9415573, -1.0279328],
    [1.2132992, 0.4651633, -0.359196],
];

/// The cone against [`EPA_FOLDING_POLYHEDRON`]: its tip, its axis (to be normalised), its height
/// and its radius.
pub const EPA_FOLDING_CONE: ([f64; 3], [f64; 3], f64, f64) = (
    [-0.8324867, 0.74655145, -0.20989794],
    [0.15223032, 0.12992994, -0.9797674],
    0.34323555,
    0.8201521,
);
