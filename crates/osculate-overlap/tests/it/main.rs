//! Integration tests of osculate-overlap: quickcheck properties against the closest-point layer
//! and brute-force oracles (`properties`), and differential tests against parry3d-f64 (`parry`).

mod exact_reference;
mod far_boxes;
mod parry;
mod properties;
