//! The posed impls of the shapes with no [`LocalShape`] form (moving them would allocate or
//! rebuild a tree): the convex polygon and polyhedron, triangle meshes and compounds. Each is
//! answered in its own frame, the other shape moved into it (a [`LocalShape`] by
//! [`LocalShape::moved_between`], a polytope carried as a [`MovedShape`]), or, for two sets, by the
//! mesh layer's posed set queries with the relative pose.

use osculate_cast::RayHit;
use osculate_closest::{ClosestPoints, Contact, Manifold, Transformed};
use osculate_dynamic::Impact;
use osculate_math::{Bounded, Isometry3, Ray, Real, Transform, Vector3};
use osculate_mesh::{Compound, MovedShape, Part, TriangleMesh};

use super::{LocalShape, Posed, ToWorld, local_ray, relative, to_local};
use crate::{ContactManifold, Distance, Overlaps, Penetration, RayCast, Sweep};

/// `query` in the frame of the posed `own` (its shape as it is), on `own`'s shape and the posed
/// [`LocalShape`] `other` moved into that frame ([`LocalShape::moved_between`]); the query gets the
/// frame's pose, and its answer is mapped to world space.
#[inline]
fn in_own_frame<T: Real, P: ?Sized, S: LocalShape<Scalar = T> + ?Sized, R: ToWorld<T>>(
    own: &Posed<'_, P, T>,
    other: &Posed<'_, S, T>,
    query: impl FnOnce(&P, &S::Local, &Isometry3<T>) -> R,
) -> R {
    let moved = other.shape.moved_between(&other.pose, &own.pose);
    query(own.shape, &moved, &own.pose).to_world(&own.pose)
}

/// `query` in the frame of the posed `own` (its shape as it is), on `own`'s shape and the posed
/// `other` carried into that frame without being rebuilt (a [`MovedShape`]: its support mapping
/// through the relative pose); the query gets the frame's pose, and its answer is mapped to world
/// space.
#[inline]
fn with_carried<'q, T: Real, S: ?Sized, Q: ?Sized, R: ToWorld<T>>(
    own: &Posed<'_, S, T>,
    other: &Posed<'q, Q, T>,
    query: impl FnOnce(&S, &MovedShape<'q, Q, T>, &Isometry3<T>) -> R,
) -> R {
    let carried =
        MovedShape(Transformed { shape: other.shape, pose: relative(&own.pose, &other.pose) });
    query(own.shape, &carried, &own.pose).to_world(&own.pose)
}

/// The impls of query traits between posed `$Own` and posed `$Other` (with the generics `$g`
/// besides `T`), in both orders, each answered in `$Own`'s frame by `$via` ([`in_own_frame`] or
/// [`with_carried`]), `$Own` as it is and the other shape brought into its frame as a `$In` (in
/// the order `$Own` first) or a `$InRev` (in the order `$Other` first). Each trait `$Trait` (with
/// `Scalar = T` where `$Scalar` is given) lists its methods: `$m`'s arguments before and after
/// `other`, and its answer `|x, y, pose| …` from `self`'s shape `x`, `other`'s `y` and the pose of
/// `$Own`'s frame. `both_orders!(@queries …)` gives the four queries every posed pair answers
/// before the traits listed.
macro_rules! both_orders {
    // The four queries every posed pair answers ([`Overlaps`], [`Distance`], [`Penetration`],
    // [`Sweep`]), then the traits `$more`.
    (@queries $via:ident $g:tt $Own:ty, $Other:ty; $In:ty, $InRev:ty; $($more:tt)*) => {
        both_orders! { $via $g $Own, $Other; $In, $InRev;
            Overlaps {
                fn overlaps([] other []) -> bool = |x, y, _| x.overlaps(y);
            }
            Distance, Scalar {
                fn closest_points([] other []) -> ClosestPoints<T> = |x, y, _| x.closest_points(y);
            }
            Penetration, Scalar {
                fn contact([] other []) -> Option<Contact<T>> = |x, y, _| x.contact(y);
                #[cfg(feature = "alloc")]
                fn contact_with([] other [workspace: &mut osculate_closest::EpaWorkspace<T>]) -> Option<Contact<T>>
                    = |x, y, _| x.contact_with(y, workspace);
            }
            Sweep, Scalar {
                fn time_of_impact([v_self: &Vector3<T>] other [v_other: &Vector3<T>]) -> Option<Impact<T>>
                    = |x, y, pose| x.time_of_impact(&to_local(pose, v_self), y, &to_local(pose, v_other));
            }
            $($more)*
        }
    };
    ($via:ident $g:tt $Own:ty, $Other:ty; $In:ty, $InRev:ty; $($Trait:ident $(, $Scalar:ident)? {$($methods:tt)*})+) => {$(
        both_orders!(@one $via $g $Own, $Other; $In, $InRev; $Trait $(, $Scalar)? {$($methods)*});
    )+};
    (@one $via:ident $g:tt $Own:ty, $Other:ty; $In:ty, $InRev:ty; $Trait:ident $(, $Scalar:ident)? {$($methods:tt)*}) => {
        both_orders!(@impl $via $g $Own, $Other; [$Own: $Trait<$In $(, $Scalar = T)?>] fwd; $Trait $(, $Scalar)? {$($methods)*});
        both_orders!(@impl $via $g $Other, $Own; [$InRev: $Trait<$Own $(, $Scalar = T)?>] rev; $Trait $(, $Scalar)? {$($methods)*});
    };
    (@impl $via:ident [$($g:tt)*] $S:ty, $O:ty; [$($bound:tt)*] $order:ident; $Trait:ident $(, $Scalar:ident)? {$(
        $(#[$attr:meta])*
        fn $m:ident([$($pre:ident: $Pre:ty),*] other [$($post:ident: $Post:ty),*]) -> $R:ty
            = |$x:ident, $y:ident, $pose:pat_param| $answer:expr;
    )+}) => {
        impl<'a, 'b, T: Real, $($g)*> $Trait<Posed<'b, $O, T>> for Posed<'a, $S, T>
        where $($bound)* {
            $(type $Scalar = T;)?
            $(
                $(#[$attr])*
                #[inline]
                fn $m(&self, $($pre: $Pre,)* other: &Posed<'b, $O, T> $(, $post: $Post)*) -> $R {
                    both_orders!(@call $order $via(self, other) |$x, $y, $pose| $answer)
                }
            )+
        }
    };
    // The own-frame shape is `self`'s in the order `$Own` first, `other`'s in the other order.
    (@call fwd $via:ident($s:ident, $o:ident) |$x:ident, $y:ident, $pose:pat_param| $answer:expr) => {
        $via($s, $o, |$x, $y, $pose| $answer)
    };
    (@call rev $via:ident($s:ident, $o:ident) |$x:ident, $y:ident, $pose:pat_param| $answer:expr) => {
        $via($o, $s, |$y, $x, $pose| $answer)
    };
}

/// The posed impls with a convex polygon or polyhedron `$P`: against a [`LocalShape`] in `$P`'s
/// frame (the other shape moved into it, `$P` never rebuilt), and against the polytope `$Q` by the
/// world-space query on the posed support map ([`Transformed`]) of `$Q` in `$P`'s frame.
macro_rules! polytope_impls {
    ([$($g:tt)*] $P:ty; $($Q:ident),*) => {
        both_orders! { @queries in_own_frame [$($g)* B: LocalShape<Scalar = T>] $P, B; B::Local, B::Local;
            ContactManifold, Scalar {
                fn manifold([] other [prediction: T]) -> Manifold<T> = |x, y, _| x.manifold(y, prediction);
            }
        }
        impl<T: Real, $($g)*> RayCast for Posed<'_, $P, T> {
            type Scalar = T;
            #[inline]
            fn cast_ray(&self, ray: &Ray<T>) -> Option<RayHit<T>> {
                RayCast::cast_ray(self.shape, &local_ray(&self.pose, ray)).to_world(&self.pose)
            }
        }
        $(
            impl<'a, 'b, T: Real> Overlaps<Posed<'b, $Q<T>, T>> for Posed<'a, $P, T> {
                #[inline]
                fn overlaps(&self, other: &Posed<'b, $Q<T>, T>) -> bool {
                    with_carried(self, other, |p, q, _| {
                        osculate_closest::intersect_convex(p, &q.0, osculate_closest::GJK_MAX_ITERATIONS)
                    })
                }
            }
            impl<'a, 'b, T: Real> Distance<Posed<'b, $Q<T>, T>> for Posed<'a, $P, T> {
                type Scalar = T;
                #[inline]
                fn closest_points(&self, other: &Posed<'b, $Q<T>, T>) -> ClosestPoints<T> {
                    with_carried(self, other, |p, q, _| osculate_closest::closest_points_convex(p, &q.0))
                }
            }
            impl<'a, 'b, T: Real> Penetration<Posed<'b, $Q<T>, T>> for Posed<'a, $P, T> {
                type Scalar = T;
                #[inline]
                fn contact(&self, other: &Posed<'b, $Q<T>, T>) -> Option<Contact<T>> {
                    with_carried(self, other, |p, q, _| crate::workspace::contact(p, &q.0))
                }
                #[inline]
                fn contact_with(
                    &self,
                    other: &Posed<'b, $Q<T>, T>,
                    workspace: &mut osculate_closest::EpaWorkspace<T>,
                ) -> Option<Contact<T>> {
                    with_carried(self, other, |p, q, _| crate::workspace::contact_in(p, &q.0, workspace))
                }
            }
            impl<'a, 'b, T: Real> Sweep<Posed<'b, $Q<T>, T>> for Posed<'a, $P, T> {
                type Scalar = T;
                #[inline]
                fn time_of_impact(
                    &self,
                    v_self: &Vector3<T>,
                    other: &Posed<'b, $Q<T>, T>,
                    v_other: &Vector3<T>,
                ) -> Option<Impact<T>> {
                    with_carried(self, other, |p, q, pose| {
                        let (va, vb) = (to_local(pose, v_self), to_local(pose, v_other));
                        osculate_dynamic::convex_convex(p, &va, &q.0, &vb)
                    })
                }
            }
        )*
    };
}

#[cfg(feature = "alloc")]
const _: () = {
    use osculate_math::{ConvexPolygon, ConvexPolyhedron};
    polytope_impls!([] ConvexPolygon<T>; ConvexPolygon, ConvexPolyhedron);
    polytope_impls!([] ConvexPolyhedron<T>; ConvexPolygon, ConvexPolyhedron);
};

/// Two posed polyhedra: the manifold in `self`'s frame by
/// [`manifold_polyhedron_polyhedron_posed`](crate::closest::manifold_polyhedron_polyhedron_posed),
/// `other` read through the relative pose (not rebuilt), in this thread's manifold workspace;
/// mapped back by `self`'s pose.
#[cfg(feature = "alloc")]
impl<'a, 'b, T: Real> ContactManifold<Posed<'b, osculate_math::ConvexPolyhedron<T>, T>>
    for Posed<'a, osculate_math::ConvexPolyhedron<T>, T>
{
    type Scalar = T;
    #[inline]
    fn manifold(
        &self,
        other: &Posed<'b, osculate_math::ConvexPolyhedron<T>, T>,
        prediction: T,
    ) -> Manifold<T> {
        let pose = relative(&self.pose, &other.pose);
        crate::workspace::with_manifold_workspace(|w| {
            osculate_closest::manifold_polyhedron_polyhedron_posed(
                self.shape,
                other.shape,
                &pose,
                prediction,
                w,
            )
        })
        .to_world(&self.pose)
    }
}

/// Two posed prepared polyhedra: the manifold in `self`'s frame by the allocation-free
/// [`manifold_polyhedron_polyhedron_posed_with`](crate::closest::manifold_polyhedron_polyhedron_posed_with),
/// `other`'s features read through the relative pose, in this thread's manifold workspace;
/// mapped back by `self`'s pose.
#[cfg(feature = "alloc")]
impl<'a, 'b, T: Real> ContactManifold<Posed<'b, osculate_closest::PolyhedronFeatures<T>, T>>
    for Posed<'a, osculate_closest::PolyhedronFeatures<T>, T>
{
    type Scalar = T;
    #[inline]
    fn manifold(
        &self,
        other: &Posed<'b, osculate_closest::PolyhedronFeatures<T>, T>,
        prediction: T,
    ) -> Manifold<T> {
        let pose = relative(&self.pose, &other.pose);
        crate::workspace::with_manifold_workspace(|w| {
            osculate_closest::manifold_polyhedron_polyhedron_posed_with(
                self.shape,
                other.shape,
                &pose,
                prediction,
                w,
            )
        })
        .to_world(&self.pose)
    }
}

polytope_impls!([] TriangleMesh<T>;);
polytope_impls!([P: Part<T>,] Compound<T, P>;);

impl<'a, 'b, T: Real> Overlaps<Posed<'b, TriangleMesh<T>, T>> for Posed<'a, TriangleMesh<T>, T> {
    /// [`overlap_mesh_mesh`](crate::mesh::overlap_mesh_mesh) with the relative pose: neither
    /// mesh moved or rebuilt, `other`'s triangles placed in `self`'s frame as they are met.
    #[inline]
    fn overlaps(&self, other: &Posed<'b, TriangleMesh<T>, T>) -> bool {
        osculate_mesh::overlap_mesh_mesh(
            self.shape,
            other.shape,
            &relative(&self.pose, &other.pose),
        )
    }
}

/// The posed impls of a set `$Set` (a mesh or a compound) with the polytope `$Q`: the polytope
/// carried into the set's frame as a [`MovedShape`] (never rebuilt), the set's world-space query
/// there.
macro_rules! set_polytope_impls {
    ([$($g:tt)*] $Set:ty; $Q:ident) => {
        both_orders! { @queries with_carried [$($g)*] $Set, $Q<T>; MovedShape<'b, $Q<T>, T>, MovedShape<'a, $Q<T>, T>; }
    };
}

#[cfg(feature = "alloc")]
const _: () = {
    use osculate_math::{ConvexPolygon, ConvexPolyhedron};
    set_polytope_impls!([] TriangleMesh<T>; ConvexPolygon);
    set_polytope_impls!([] TriangleMesh<T>; ConvexPolyhedron);
    set_polytope_impls!([P: Part<T>] Compound<T, P>; ConvexPolygon);
    set_polytope_impls!([P: Part<T>] Compound<T, P>; ConvexPolyhedron);
};

/// [`Distance`], [`Penetration`] and [`Sweep`] between two posed sets (meshes and compounds) by
/// the mesh layer's posed set queries: B's pose relative to A's, computed once, carries B's
/// pieces (or A's, whichever set is descended) as they are met; nothing is rebuilt. With
/// `overlap` first, [`Overlaps`] by [`overlap_sets_posed`](osculate_mesh::overlap_sets_posed)
/// too (two meshes keep their triangle-triangle test, above).
macro_rules! set_set_impls {
    (overlap [$($g:tt)*] $A:ty, $B:ty) => {
        impl<'a, 'b, T: Real, $($g)*> Overlaps<Posed<'b, $B, T>> for Posed<'a, $A, T> {
            /// [`overlap_sets_posed`](osculate_mesh::overlap_sets_posed) with the relative pose.
            #[inline]
            fn overlaps(&self, other: &Posed<'b, $B, T>) -> bool {
                osculate_mesh::overlap_sets_posed(self.shape, other.shape, &relative(&self.pose, &other.pose))
            }
        }
        set_set_impls!([$($g)*] $A, $B);
    };
    ([$($g:tt)*] $A:ty, $B:ty) => {
        impl<'a, 'b, T: Real, $($g)*> Distance<Posed<'b, $B, T>> for Posed<'a, $A, T> {
            type Scalar = T;
            /// [`closest_points_sets_posed`](osculate_mesh::closest_points_sets_posed) with the
            /// relative pose; NaN for an invalid pose.
            #[inline]
            fn closest_points(&self, other: &Posed<'b, $B, T>) -> ClosestPoints<T> {
                let rel = relative(&self.pose, &other.pose);
                osculate_mesh::closest_points_sets_posed(self.shape, other.shape, &rel)
                    .map_or_else(crate::many::no_points, |c| c.result)
                    .to_world(&self.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)*> Penetration<Posed<'b, $B, T>> for Posed<'a, $A, T> {
            type Scalar = T;
            /// [`contact_sets_posed`](osculate_mesh::contact_sets_posed) with the distance as the
            /// prediction (as the world-space pair).
            fn contact(&self, other: &Posed<'b, $B, T>) -> Option<Contact<T>> {
                let rel = relative(&self.pose, &other.pose);
                let (a, b) = (self.shape, other.shape);
                let d = osculate_mesh::closest_points_sets_posed(a, b, &rel).map(|c| c.result.distance);
                let boxes = (a.aabb(), b.aabb().transformed(&rel).aabb());
                crate::many::contact_within(d, boxes, |p| {
                    Some(osculate_mesh::contact_sets_posed(a, b, &rel, p)?.result)
                })
                .to_world(&self.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)*> Sweep<Posed<'b, $B, T>> for Posed<'a, $A, T> {
            type Scalar = T;
            /// [`sweep_sets_posed`](osculate_mesh::sweep_sets_posed) on the relative motion, the
            /// contact point carried by `other`'s motion.
            fn time_of_impact(
                &self,
                v_self: &Vector3<T>,
                other: &Posed<'b, $B, T>,
                v_other: &Vector3<T>,
            ) -> Option<Impact<T>> {
                let rel = relative(&self.pose, &other.pose);
                let motion = to_local(&self.pose, &(v_self - v_other));
                let hit = osculate_mesh::sweep_sets_posed(self.shape, &motion, other.shape, &rel)?.result;
                let hit = Some(hit).to_world(&self.pose)?;
                Some(Impact { point: hit.point + v_other * hit.toi, ..hit })
            }
        }
    };
}

set_set_impls!([] TriangleMesh<T>, TriangleMesh<T>);
set_set_impls!(overlap [P: Part<T>] TriangleMesh<T>, Compound<T, P>);
set_set_impls!(overlap [P: Part<T>] Compound<T, P>, TriangleMesh<T>);
set_set_impls!(overlap [P: Part<T>, Q: Part<T>] Compound<T, P>, Compound<T, Q>);
