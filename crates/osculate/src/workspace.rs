//! EPA's workspace behind the facade's [`Penetration`](crate::Penetration): the GJK + EPA pairs
//! reuse one polytope per thread (behind `std`) instead of building a fresh one per query, and
//! [`Penetration::contact_with`](crate::Penetration::contact_with) takes the caller's.
//!
//! With `std`, each thread keeps one [`EpaWorkspace`] per scalar type; once it has held the
//! largest polytope a sequence of queries grows, [`Penetration::contact`](crate::Penetration::contact)
//! allocates nothing. Without `std` (no thread-locals), `contact` builds a fresh workspace per
//! query and `contact_with` is the allocation-free form. A query reached again while the
//! thread's workspace is in use (a support mapping that itself asks a contact) gets a fresh one.

#[cfg(feature = "std")]
use core::any::Any;

#[cfg(feature = "alloc")]
use osculate_closest::ManifoldWorkspace;
use osculate_closest::{Contact, EPA_MAX_ITERATIONS, EpaWorkspace, SupportMap};
use osculate_math::Real;

/// The contact of `a` and `b` by GJK and EPA in `workspace` (the `Penetration` fallback).
#[inline]
pub(crate) fn contact_in<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
    workspace: &mut EpaWorkspace<T>,
) -> Option<Contact<T>> {
    osculate_closest::contact_convex_with_workspace(a, b, EPA_MAX_ITERATIONS, workspace)
        .map(|(contact, _)| contact)
}

/// The contact of `a` and `b` by GJK and EPA in this thread's workspace.
#[inline]
pub(crate) fn contact<T: Real, A: SupportMap<T> + ?Sized, B: SupportMap<T> + ?Sized>(
    a: &A,
    b: &B,
) -> Option<Contact<T>> {
    with_workspace(|workspace| contact_in(a, b, workspace))
}

/// `f` on this thread's workspace `W` in `key`, a pair of the workspace in `f32` and in `f64` (on
/// a fresh one from `fresh` when it is in use or gone).
#[cfg(feature = "std")]
fn with_thread_local<W32: 'static, W64: 'static, W: 'static, R>(
    key: &'static std::thread::LocalKey<core::cell::RefCell<(W32, W64)>>,
    fresh: impl FnOnce() -> W,
    mut f: impl FnMut(&mut W) -> R,
) -> R {
    let reused = key
        .try_with(|cell| {
            let mut guard = cell.try_borrow_mut().ok()?;
            let (w32, w64) = &mut *guard;
            // `Real` is `f32` or `f64`: one of the two is a `W`.
            let workspace = (w32 as &mut dyn Any)
                .downcast_mut::<W>()
                .or_else(|| (w64 as &mut dyn Any).downcast_mut::<W>())?;
            Some(f(workspace))
        })
        .ok()
        .flatten();
    match reused {
        Some(answer) => answer,
        None => f(&mut fresh()),
    }
}

#[cfg(feature = "std")]
std::thread_local! {
    /// This thread's EPA workspaces, one per scalar type.
    static WORKSPACES: core::cell::RefCell<(EpaWorkspace<f32>, EpaWorkspace<f64>)> =
        core::cell::RefCell::new((EpaWorkspace::new(), EpaWorkspace::new()));
}

/// `f` on this thread's workspace of scalar `T` (on a fresh one when it is in use or gone).
#[cfg(feature = "std")]
pub(crate) fn with_workspace<T: Real, R>(f: impl FnMut(&mut EpaWorkspace<T>) -> R) -> R {
    with_thread_local(&WORKSPACES, EpaWorkspace::new, f)
}

/// `f` on a fresh workspace (no thread-locals without `std`).
#[cfg(not(feature = "std"))]
pub(crate) fn with_workspace<T: Real, R>(mut f: impl FnMut(&mut EpaWorkspace<T>) -> R) -> R {
    f(&mut EpaWorkspace::new())
}

#[cfg(all(feature = "std", feature = "alloc"))]
std::thread_local! {
    /// This thread's manifold workspaces (the prepared polyhedron manifolds'), one per scalar
    /// type.
    static MANIFOLD_WORKSPACES: core::cell::RefCell<(ManifoldWorkspace<f32>, ManifoldWorkspace<f64>)> =
        core::cell::RefCell::new((ManifoldWorkspace::new(), ManifoldWorkspace::new()));
}

/// `f` on this thread's manifold workspace of scalar `T` (on a fresh one when it is in use or
/// gone): the prepared polyhedron manifolds of [`ContactManifold`](crate::ContactManifold) reuse
/// it, and allocate nothing once it has held the largest pair of a sequence.
#[cfg(all(feature = "std", feature = "alloc"))]
pub(crate) fn with_manifold_workspace<T: Real, R>(
    f: impl FnMut(&mut ManifoldWorkspace<T>) -> R,
) -> R {
    with_thread_local(&MANIFOLD_WORKSPACES, ManifoldWorkspace::new, f)
}

/// `f` on a fresh manifold workspace (no thread-locals without `std`).
#[cfg(all(not(feature = "std"), feature = "alloc"))]
pub(crate) fn with_manifold_workspace<T: Real, R>(
    mut f: impl FnMut(&mut ManifoldWorkspace<T>) -> R,
) -> R {
    f(&mut ManifoldWorkspace::new())
}
