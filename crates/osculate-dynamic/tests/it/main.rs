//! Integration tests of osculate-dynamic: quickcheck properties of the sweeps (each written once,
//! generic over the scalar, instantiated for `f32` and `f64`) and differential tests against
//! parry3d-f64's shape casting.

mod collapsed;
mod gjk;
mod invariance;
mod parry;
mod parry_trace;
mod properties;
mod rigid;
mod sweep;
mod worked;
