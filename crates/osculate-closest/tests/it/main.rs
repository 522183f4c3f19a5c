//! Integration tests of osculate-closest: quickcheck properties (each written once, generic over the
//! scalar, instantiated for `f32` and `f64`) and differential tests against parry3d.

mod batch;
mod collapsed;
mod contacts;
mod convex_parry;
mod flat;
mod gjk_direction;
mod invalid;
mod manifold;
mod manifold_parry;
mod manifold_planar;
mod manifold_polytope;
mod manifold_posed;
mod manifold_round;
mod pairs;
mod parry;
mod points;
mod warm;
