//! Integration tests of osculate-mesh: the tree and the mesh queries against brute force over
//! every triangle, closed meshes leaking no ray, inside-outside against the winding number,
//! construction errors and non-finite input, and differential tests against parry3d's TriMesh.

mod brute;
mod compound;
mod distance;
mod leaks;
mod meshes;
mod parry;
mod sets;
mod solid;
mod validation;

/// The value of `r`, or a panic naming the error (tests only).
#[track_caller]
fn ok<T, E: std::fmt::Debug>(r: Result<T, E>) -> T {
    match r {
        Ok(x) => x,
        Err(e) => panic!("unexpected error: {e:?}"),
    }
}

/// The error of `r`, or a panic (tests only).
#[track_caller]
fn err<T: std::fmt::Debug, E>(r: Result<T, E>) -> E {
    match r {
        Ok(x) => panic!("expected an error, got {x:?}"),
        Err(e) => e,
    }
}

/// The value of `o`, or a panic saying what was missing (tests only).
#[track_caller]
fn some<T>(o: Option<T>, what: &str) -> T {
    match o {
        Some(x) => x,
        None => panic!("no {what}"),
    }
}

/// `OSCULATE_CASES` (or `default`), capped at `cap`: a mesh case builds meshes and runs dozens of
/// queries, a thousand times the work of a primitive property's case, so the soak's million
/// becomes `cap` here.
fn mesh_cases(default: u64, cap: u64) -> u64 {
    osculate_testing::cases(default).min(cap)
}
