//! Integration tests of osculate-cast: quickcheck properties of every cast (each written once,
//! generic over the scalar, instantiated for `f32` and `f64`), the watertightness count, and
//! differential tests against parry3d / parry3d-f64 ray casts.

mod batch;
mod cheap_rays;
mod exact_rays;
mod parry;
mod point_sphere;
mod properties;
mod watertight;
mod worked;
