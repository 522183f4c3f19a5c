//! Integration tests of osculate-overlap: quickcheck properties against the closest-point layer
//! and brute-force oracles (`properties`), differential tests against parry3d-f64 (`parry`), and
//! the box batches against the scalar tests (`batch`).

mod batch;
mod exact_reference;
mod far_boxes;
mod parry;
mod properties;
