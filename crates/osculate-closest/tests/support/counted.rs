//! The allocation tests' measurement, shared by their binaries: a run under the binary's
//! counting global allocator.

use std::alloc::System;

use stats_alloc::{Region, Stats, StatsAlloc};

/// `f`'s answer and what it allocated, reallocated and freed under `allocator`.
pub(crate) fn counted<R>(
    allocator: &'static StatsAlloc<System>,
    f: impl FnOnce() -> R,
) -> (R, Stats) {
    let region = Region::new(allocator);
    let answer = f();
    (answer, region.change())
}

/// `f`'s answer, asserting that `f` allocated, reallocated and freed nothing under `allocator`
/// (`what` names the run in the failure).
#[track_caller]
pub(crate) fn allocating_nothing<R>(
    allocator: &'static StatsAlloc<System>,
    what: &str,
    f: impl FnOnce() -> R,
) -> R {
    let (answer, reused) = counted(allocator, f);
    assert_eq!(
        (reused.allocations, reused.reallocations, reused.deallocations),
        (0, 0, 0),
        "{what} allocated: {reused:?}"
    );
    answer
}
