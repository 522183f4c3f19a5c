//! The table: the rows, grouped by layer. Each row names its inputs (a generator and the
//! predicate its two distributions are dealt by), osculate's call, parry's calls on their most
//! direct path (`query::details::*` or the shape's own `PointQuery` / `RayCast`, with parry's
//! inputs in the frames those functions take, built outside the timed call) and the floor where
//! there is one. Rows that share parry's calls are written as one `table!`.
//!
//! parry's frames: a pair query takes the pose of shape 2 in shape 1's frame (`pos12`), computed
//! once per input as osculate's shapes are given once in a common frame. A point or ray against a
//! shape that parry keeps at its origin is moved into the shape's frame when that frame is a
//! translation (a ball, a half-space); against a rotated shape (an oriented box, a cylinder, a
//! cone) parry's posed entry (`project_point`, `cast_ray`) is timed, since osculate's query
//! turns the point or ray into the shape's frame and its answer (the point, the normal) back out
//! of it.
//!
//! Where osculate returns more than parry's cheapest call, both are raced: `parry:` answers as
//! much as osculate (a ray's normal, the closest points, the contact of shapes apart, which a
//! `Real::MAX` prediction or margin asks for), `cheap:` is parry's cheapest (the ray parameter
//! only, the distance only, a contact only for touching shapes with prediction 0).
//!
//! The bench binary and `rows_cpu` (its CPU-time runner and the row check,
//! `src/bin/rows_cpu/check.rs`) both include this module.

use osculate_benches::race::Sink;

pub(crate) mod casts;
pub(crate) mod closest;
pub(crate) mod convex;
pub(crate) mod extra;
pub(crate) mod manifolds;
pub(crate) mod overlaps;
pub(crate) mod points;
pub(crate) mod posed;
pub(crate) mod rigid;
pub(crate) mod sweeps;

/// A draw of `draw` (a query and a convex polyhedron) whose polyhedron both parry crates can
/// build a hull of, drawing again until one is.
fn with_hulls<Q>(
    rng: &mut osculate_testing::Rng,
    draw: fn(&mut osculate_testing::Rng) -> (Q, osculate_math::ConvexPolyhedron<f64>),
) -> (Q, osculate_math::ConvexPolyhedron<f64>) {
    loop {
        let x = draw(rng);
        if osculate_benches::convert::has_hulls(&x.1) {
            return x;
        }
    }
}

/// Every row, in table order, then the bounding-volume rows and the zero-cost checks.
#[allow(dead_code, reason = "the row check runs the modules one by one")]
pub(crate) fn all(s: &mut Sink<'_>) {
    points::all(s);
    closest::all(s);
    convex::all(s);
    overlaps::all(s);
    casts::all(s);
    sweeps::all(s);
    extra::all(s);
    manifolds::all(s);
    posed::all(s);
    rigid::all(s);
}
