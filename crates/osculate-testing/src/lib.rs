//! # osculate-testing: test support shared by osculate's crates
//!
//! A `publish = false` crate used only as a dev-dependency (it is no layer: nothing in a library
//! depends on it).
//!
//! - [`Rng`]: a small seeded generator (SplitMix64), so differential tests and benchmarks are
//!   reproducible without another dependency.
//! - [`Flavour`] and [`Frame`]: where and at what size shapes are generated: ordinary (unit scale
//!   near the origin), tiny (1e-4 scale), far (1e4 from the origin) and degenerate (zero radius,
//!   zero-length segment, collapsed triangle, flat box ...).
//! - [`Generate`]: builds a random shape inside a frame; every shape implements it. quickcheck's
//!   `Arbitrary` is implemented for [`Generated`] (one shape, a random flavour per case), [`Pair`]
//!   (two shapes sharing one frame, so they are near each other) and [`Motion`] (a random rigid
//!   motion).
//! - [`Sample`]: random points inside a solid (or on a surface) and on its boundary, to check
//!   "nothing sampled is closer than the returned point".
//! - [`test_tolerance`] (per scalar type) and [`cases`] (the `OSCULATE_CASES` override that
//!   `cargo xtask soak` sets).
//! - [`for_f32_and_f64!`]: one `#[test]` per scalar type for each generic test function.
//! - [`Tally`]: the count of a differential test's agreements and named disagreement classes.
//! - `parry` (the `parry` feature): osculate's shapes as parry3d's and parry3d-f64's, for the
//!   differential tests and the benchmarks.
//! - [`exact`]: vectors of big integers and big rationals, the arithmetic of the exact references.
//! - [`exact_reference`]: a big-integer separating-axis reference for the boolean overlap tests
//!   and the generators of hard pairs it runs on.
//! - [`icosahedron_vertices`] and [`ICOSAHEDRON_FACES`]: the solid the closed test meshes are
//!   subdivided from; [`grid_triangles`]: the triangles of a height field.
//! - [`EPA_FOLDING_BOX`] and the other `EPA_FOLDING_*` shapes: regression cases that EPA's and
//!   the manifold's tests share.
//!
//! quickcheck's own `f64` generator yields NaN, ±∞, ±0 and huge values; use it directly for
//! no-panic properties, and these bounded generators for geometric ones.
//!
//! A crate's own unit tests may use the macro but not the types: they are built against a second
//! copy of the crate under test (osculate-math's unit tests see two `Sphere` types); its
//! integration tests (`tests/`) use both.
//!
//! ```
//! use osculate_math::{Real, Sphere, point3};
//! use osculate_testing::{Frame, Generate, Rng, for_f32_and_f64, test_tolerance};
//!
//! fn half_is_half<T: Real>() {
//!     let p = point3::<T>(1.0, 2.0, 4.0) * T::HALF;
//!     assert!((p.z - T::TWO).abs() <= test_tolerance::<T>());
//! }
//! // In a test module this makes the tests `half_is_half::f32` and `half_is_half::f64`.
//! for_f32_and_f64!(half_is_half);
//!
//! fn main() {
//!     let mut rng = Rng::new(7);
//!     let frame = Frame::<f64>::random(&mut rng);
//!     let s = Sphere::<f64>::generate(&mut rng, &frame);
//!     assert!(s.center.coords.iter().all(|x| x.is_finite()));
//!     half_is_half::<f32>();
//! }
//! ```

pub mod exact;
pub mod exact_reference;
mod fixtures;
mod generate;
mod meshes;
#[cfg(feature = "parry")]
pub mod parry;
mod tally;

pub use crate::fixtures::{
    EPA_FOLDING_BOX, EPA_FOLDING_CONE, EPA_FOLDING_CYLINDER, EPA_FOLDING_POLYHEDRON,
};
pub use crate::generate::*;
pub use crate::meshes::{ICOSAHEDRON_FACES, grid_triangles, icosahedron_vertices};
pub use crate::tally::Tally;

/// One `#[test]` per scalar type for each generic test function: `for_f32_and_f64!(a, b)` makes
/// the tests `a::f32`, `a::f64`, `b::f32` and `b::f64`, each calling `a::<f32>()` and so on (as
/// glam writes one test module per vector type); a function returning a `Result` makes tests that
/// fail on its `Err`. Attributes before a name (`#[cfg(feature = "alloc")]`) apply to both of its
/// tests.
///
/// With a runner first, `for_f32_and_f64!(run: a, b)` calls `run(a::<f32>)` and so on: a
/// quickcheck property handed to the crate's `run` function.
#[macro_export]
macro_rules! for_f32_and_f64 {
    ($run:ident: $($(#[$m:meta])* $name:ident),* $(,)?) => {$(
        $(#[$m])*
        mod $name {
            #[test]
            fn f32() {
                super::$run(super::$name::<f32>);
            }
            #[test]
            fn f64() {
                super::$run(super::$name::<f64>);
            }
        }
    )*};
    ($($(#[$m:meta])* $name:ident),* $(,)?) => {$(
        $(#[$m])*
        mod $name {
            #[test]
            fn f32() -> impl ::std::process::Termination {
                super::$name::<f32>()
            }
            #[test]
            fn f64() -> impl ::std::process::Termination {
                super::$name::<f64>()
            }
        }
    )*};
}

/// Quickcheck properties from a table, each run in `f32` and `f64` by the calling module's `run`
/// (as [`for_f32_and_f64!`] with a runner): a row `a(p: Pair<Sphere<T>, Aabb<T>>) => check(&p);`
/// makes `fn a<T: Real>(p: Pair<Sphere<T>, Aabb<T>>) -> TestResult { check(&p) }` and the tests
/// `a::f32` and `a::f64`. After `mod group;` the rows go into a module `group` that sees its
/// parent's items (the tests `group::a::f32` ...). `Real`, `TestResult` and `run` are the
/// caller's names.
#[macro_export]
macro_rules! properties {
    (mod $group:ident; $($rows:tt)*) => {
        mod $group {
            use super::*;
            $crate::properties!($($rows)*);
        }
    };
    ($($name:ident($arg:tt: $ty:ty) => $body:expr;)*) => {
        $(
            fn $name<T: Real>($arg: $ty) -> TestResult {
                $body
            }
        )*
        $crate::for_f32_and_f64!(run: $($name),*);
    };
}
