//! # osculate-benches
//!
//! Criterion benchmarks of osculate's queries beside parry3d and hand-written floors
//! (`cargo bench -p osculate-benches`; `cargo xtask bench-report` runs them and prints the ratios).
//! Shared input generation and the parry conversions live here; the benchmark binary is
//! `benches/queries.rs`.
//!
//! Inputs are seeded and pre-generated ([`BATCH`] of them), then cycled with `i & (BATCH - 1)` so
//! that branches are not all predicted. The `f32` and `f64` inputs of a seed are the same shapes
//! (the generator draws the same random numbers and rounds them to the scalar type).

use osculate_math::{Point3, Real, Rotation3, UnitQuaternion, Vector3};
use osculate_testing::{Flavour, Frame, Generate, Rng};

pub mod accuracy;
pub mod concrete;
pub mod floor;

/// How many pre-generated inputs each benchmark cycles through (a power of two).
pub const BATCH: usize = 1024;

/// The benchmark ids of the contenders, in the report's column order.
pub const CONTENDERS: [&str; 5] =
    ["osculate-f32", "parry3d", "osculate-f64", "parry3d-f64", "floor"];

/// `BATCH` seeded random values of a generated shape type, in the ordinary flavour: unit-size
/// shapes and points within a unit cube of the origin, so about half of the pairs meet.
#[must_use]
pub fn inputs<T: Real, S: Generate<T>>(seed: u64) -> Vec<S> {
    let mut rng = Rng::new(seed);
    (0..BATCH)
        .map(|_| {
            let frame = Frame::new(Flavour::Ordinary, &mut rng);
            S::generate(&mut rng, &frame)
        })
        .collect()
}

/// `BATCH` pairs: `inputs(seed)` zipped with `inputs(seed + 1)`.
#[must_use]
pub fn pairs<T: Real, A: Generate<T>, B: Generate<T>>(seed: u64) -> Vec<(A, B)> {
    inputs::<T, A>(seed).into_iter().zip(inputs::<T, B>(seed.wrapping_add(1))).collect()
}

/// Conversions of osculate's nalgebra values into parry3d's (f32) glam types.
pub mod p32 {
    use super::{Point3, Rotation3, UnitQuaternion, Vector3};
    use parry3d::math::{Pose, Rot3, Vector};

    /// A point as parry's vector.
    #[must_use]
    pub fn point(p: &Point3<f32>) -> Vector {
        Vector::new(p.x, p.y, p.z)
    }

    /// A vector as parry's vector.
    #[must_use]
    pub fn vector(v: &Vector3<f32>) -> Vector {
        Vector::new(v.x, v.y, v.z)
    }

    /// A rotation as parry's quaternion.
    #[must_use]
    pub fn rotation(r: &Rotation3<f32>) -> Rot3 {
        let q = UnitQuaternion::from_rotation_matrix(r);
        Rot3::from_xyzw(q.i, q.j, q.k, q.w)
    }

    /// A pose from a translation and a rotation.
    #[must_use]
    pub fn pose(t: &Point3<f32>, r: &Rotation3<f32>) -> Pose {
        Pose::from_parts(point(t), rotation(r))
    }

    /// The pose that takes parry's `±y` axis (`from`) onto `axis`, centered at `center`.
    #[must_use]
    pub fn axis_pose(center: &Point3<f32>, from: Vector, axis: &Vector3<f32>) -> Pose {
        Pose::from_parts(point(center), Rot3::from_rotation_arc(from, vector(axis).normalize()))
    }
}

/// Conversions of osculate's nalgebra values into parry3d-f64's glam types.
pub mod p64 {
    use super::{Point3, Rotation3, UnitQuaternion, Vector3};
    use parry3d_f64::math::{Pose, Rot3, Vector};

    /// A point as parry's vector.
    #[must_use]
    pub fn point(p: &Point3<f64>) -> Vector {
        Vector::new(p.x, p.y, p.z)
    }

    /// A vector as parry's vector.
    #[must_use]
    pub fn vector(v: &Vector3<f64>) -> Vector {
        Vector::new(v.x, v.y, v.z)
    }

    /// A rotation as parry's quaternion.
    #[must_use]
    pub fn rotation(r: &Rotation3<f64>) -> Rot3 {
        let q = UnitQuaternion::from_rotation_matrix(r);
        Rot3::from_xyzw(q.i, q.j, q.k, q.w)
    }

    /// A pose from a translation and a rotation.
    #[must_use]
    pub fn pose(t: &Point3<f64>, r: &Rotation3<f64>) -> Pose {
        Pose::from_parts(point(t), rotation(r))
    }

    /// The pose that takes parry's `±y` axis (`from`) onto `axis`, centered at `center`.
    #[must_use]
    pub fn axis_pose(center: &Point3<f64>, from: Vector, axis: &Vector3<f64>) -> Pose {
        Pose::from_parts(point(center), Rot3::from_rotation_arc(from, vector(axis).normalize()))
    }
}
