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

/// The posed impls with a convex polygon or polyhedron `$P`: against a [`LocalShape`] in `$P`'s
/// frame (the other shape moved into it, `$P` never rebuilt), and against the polytope `$Q` by the
/// world-space query on the posed support map ([`Transformed`]) of `$Q` in `$P`'s frame.
macro_rules! polytope_impls {
    ([$($g:tt)*] $P:ty; $($Q:ident),*) => {
        impl<'a, 'b, T: Real, $($g)* B: LocalShape<Scalar = T>> Overlaps<Posed<'b, B, T>> for Posed<'a, $P, T>
        where $P: Overlaps<B::Local> {
            #[inline]
            fn overlaps(&self, other: &Posed<'b, B, T>) -> bool {
                self.shape.overlaps(&other.shape.moved_between(&other.pose, &self.pose))
            }
        }
        impl<'a, 'b, T: Real, $($g)* A: LocalShape<Scalar = T>> Overlaps<Posed<'b, $P, T>> for Posed<'a, A, T>
        where A::Local: Overlaps<$P> {
            #[inline]
            fn overlaps(&self, other: &Posed<'b, $P, T>) -> bool {
                self.shape.moved_between(&self.pose, &other.pose).overlaps(other.shape)
            }
        }
        impl<'a, 'b, T: Real, $($g)* B: LocalShape<Scalar = T>> Distance<Posed<'b, B, T>> for Posed<'a, $P, T>
        where $P: Distance<B::Local, Scalar = T> {
            type Scalar = T;
            #[inline]
            fn closest_points(&self, other: &Posed<'b, B, T>) -> ClosestPoints<T> {
                let moved = other.shape.moved_between(&other.pose, &self.pose);
                self.shape.closest_points(&moved).to_world(&self.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)* A: LocalShape<Scalar = T>> Distance<Posed<'b, $P, T>> for Posed<'a, A, T>
        where A::Local: Distance<$P, Scalar = T> {
            type Scalar = T;
            #[inline]
            fn closest_points(&self, other: &Posed<'b, $P, T>) -> ClosestPoints<T> {
                let moved = self.shape.moved_between(&self.pose, &other.pose);
                moved.closest_points(other.shape).to_world(&other.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)* B: LocalShape<Scalar = T>> Penetration<Posed<'b, B, T>> for Posed<'a, $P, T>
        where $P: Penetration<B::Local, Scalar = T> {
            type Scalar = T;
            #[inline]
            fn contact(&self, other: &Posed<'b, B, T>) -> Option<Contact<T>> {
                let moved = other.shape.moved_between(&other.pose, &self.pose);
                self.shape.contact(&moved).to_world(&self.pose)
            }
            #[cfg(feature = "alloc")]
            #[inline]
            fn contact_with(&self, other: &Posed<'b, B, T>, workspace: &mut osculate_closest::EpaWorkspace<T>) -> Option<Contact<T>> {
                let moved = other.shape.moved_between(&other.pose, &self.pose);
                self.shape.contact_with(&moved, workspace).to_world(&self.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)* A: LocalShape<Scalar = T>> Penetration<Posed<'b, $P, T>> for Posed<'a, A, T>
        where A::Local: Penetration<$P, Scalar = T> {
            type Scalar = T;
            #[inline]
            fn contact(&self, other: &Posed<'b, $P, T>) -> Option<Contact<T>> {
                let moved = self.shape.moved_between(&self.pose, &other.pose);
                moved.contact(other.shape).to_world(&other.pose)
            }
            #[cfg(feature = "alloc")]
            #[inline]
            fn contact_with(&self, other: &Posed<'b, $P, T>, workspace: &mut osculate_closest::EpaWorkspace<T>) -> Option<Contact<T>> {
                let moved = self.shape.moved_between(&self.pose, &other.pose);
                moved.contact_with(other.shape, workspace).to_world(&other.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)* A: LocalShape<Scalar = T>> Sweep<Posed<'b, $P, T>> for Posed<'a, A, T>
        where A::Local: Sweep<$P, Scalar = T> {
            type Scalar = T;
            #[inline]
            fn time_of_impact(
                &self,
                v_self: &Vector3<T>,
                other: &Posed<'b, $P, T>,
                v_other: &Vector3<T>,
            ) -> Option<Impact<T>> {
                let moved = self.shape.moved_between(&self.pose, &other.pose);
                let (va, vb) = (to_local(&other.pose, v_self), to_local(&other.pose, v_other));
                moved.time_of_impact(&va, other.shape, &vb).to_world(&other.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)* B: LocalShape<Scalar = T>> Sweep<Posed<'b, B, T>> for Posed<'a, $P, T>
        where $P: Sweep<B::Local, Scalar = T> {
            type Scalar = T;
            #[inline]
            fn time_of_impact(
                &self,
                v_self: &Vector3<T>,
                other: &Posed<'b, B, T>,
                v_other: &Vector3<T>,
            ) -> Option<Impact<T>> {
                let moved = other.shape.moved_between(&other.pose, &self.pose);
                let (va, vb) = (to_local(&self.pose, v_self), to_local(&self.pose, v_other));
                self.shape.time_of_impact(&va, &moved, &vb).to_world(&self.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)* B: LocalShape<Scalar = T>> ContactManifold<Posed<'b, B, T>> for Posed<'a, $P, T>
        where $P: ContactManifold<B::Local, Scalar = T> {
            type Scalar = T;
            #[inline]
            fn manifold(&self, other: &Posed<'b, B, T>, prediction: T) -> Manifold<T> {
                let moved = other.shape.moved_between(&other.pose, &self.pose);
                self.shape.manifold(&moved, prediction).to_world(&self.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)* A: LocalShape<Scalar = T>> ContactManifold<Posed<'b, $P, T>> for Posed<'a, A, T>
        where A::Local: ContactManifold<$P, Scalar = T> {
            type Scalar = T;
            #[inline]
            fn manifold(&self, other: &Posed<'b, $P, T>, prediction: T) -> Manifold<T> {
                let moved = self.shape.moved_between(&self.pose, &other.pose);
                moved.manifold(other.shape, prediction).to_world(&other.pose)
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
            impl<'a, 'b, T: Real> ContactManifold<Posed<'b, $Q<T>, T>> for Posed<'a, $P, T>
            where $P: ContactManifold<$Q<T>, Scalar = T> {
                type Scalar = T;
                /// The manifold in `self`'s frame, `other` rebuilt there (its vertices moved: the
                /// manifold's clipping reads the polytope's faces, which a support map does not
                /// give).
                #[inline]
                fn manifold(&self, other: &Posed<'b, $Q<T>, T>, prediction: T) -> Manifold<T> {
                    let moved = other.shape.transformed(&relative(&self.pose, &other.pose));
                    self.shape.manifold(&moved, prediction).to_world(&self.pose)
                }
            }
            impl<'a, 'b, T: Real> Overlaps<Posed<'b, $Q<T>, T>> for Posed<'a, $P, T> {
                #[inline]
                fn overlaps(&self, other: &Posed<'b, $Q<T>, T>) -> bool {
                    let moved = Transformed { shape: other.shape, pose: relative(&self.pose, &other.pose) };
                    osculate_closest::intersect_convex(self.shape, &moved, osculate_closest::GJK_MAX_ITERATIONS)
                }
            }
            impl<'a, 'b, T: Real> Distance<Posed<'b, $Q<T>, T>> for Posed<'a, $P, T> {
                type Scalar = T;
                #[inline]
                fn closest_points(&self, other: &Posed<'b, $Q<T>, T>) -> ClosestPoints<T> {
                    let moved = Transformed { shape: other.shape, pose: relative(&self.pose, &other.pose) };
                    osculate_closest::closest_points_convex(self.shape, &moved).to_world(&self.pose)
                }
            }
            impl<'a, 'b, T: Real> Penetration<Posed<'b, $Q<T>, T>> for Posed<'a, $P, T> {
                type Scalar = T;
                #[inline]
                fn contact(&self, other: &Posed<'b, $Q<T>, T>) -> Option<Contact<T>> {
                    let moved = Transformed { shape: other.shape, pose: relative(&self.pose, &other.pose) };
                    crate::workspace::contact(self.shape, &moved).to_world(&self.pose)
                }
                #[inline]
                fn contact_with(
                    &self,
                    other: &Posed<'b, $Q<T>, T>,
                    workspace: &mut osculate_closest::EpaWorkspace<T>,
                ) -> Option<Contact<T>> {
                    let moved = Transformed { shape: other.shape, pose: relative(&self.pose, &other.pose) };
                    crate::workspace::contact_in(self.shape, &moved, workspace).to_world(&self.pose)
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
                    let moved = Transformed { shape: other.shape, pose: relative(&self.pose, &other.pose) };
                    let (va, vb) = (to_local(&self.pose, v_self), to_local(&self.pose, v_other));
                    osculate_dynamic::convex_convex(self.shape, &va, &moved, &vb).to_world(&self.pose)
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

/// `shape` carried into the frame `frame` (a pose of world space) without being rebuilt: its
/// support mapping through the relative pose.
#[inline]
fn carried<'s, S: ?Sized, T: Real>(
    shape: &Posed<'s, S, T>,
    frame: &Isometry3<T>,
) -> MovedShape<'s, S, T> {
    MovedShape(Transformed { shape: shape.shape, pose: relative(frame, &shape.pose) })
}

/// The posed impls of a set `$Set` (a mesh or a compound) with the polytope `$Q`: the polytope
/// carried into the set's frame as a [`MovedShape`] (never rebuilt), the set's world-space query
/// there.
macro_rules! set_polytope_impls {
    ([$($g:tt)*] $Set:ty; $Q:ident) => {
        impl<'a, 'b, T: Real, $($g)*> Overlaps<Posed<'b, $Q<T>, T>> for Posed<'a, $Set, T> {
            #[inline]
            fn overlaps(&self, other: &Posed<'b, $Q<T>, T>) -> bool {
                self.shape.overlaps(&carried(other, &self.pose))
            }
        }
        impl<'a, 'b, T: Real, $($g)*> Overlaps<Posed<'b, $Set, T>> for Posed<'a, $Q<T>, T> {
            #[inline]
            fn overlaps(&self, other: &Posed<'b, $Set, T>) -> bool {
                carried(self, &other.pose).overlaps(other.shape)
            }
        }
        impl<'a, 'b, T: Real, $($g)*> Distance<Posed<'b, $Q<T>, T>> for Posed<'a, $Set, T> {
            type Scalar = T;
            #[inline]
            fn closest_points(&self, other: &Posed<'b, $Q<T>, T>) -> ClosestPoints<T> {
                self.shape.closest_points(&carried(other, &self.pose)).to_world(&self.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)*> Distance<Posed<'b, $Set, T>> for Posed<'a, $Q<T>, T> {
            type Scalar = T;
            #[inline]
            fn closest_points(&self, other: &Posed<'b, $Set, T>) -> ClosestPoints<T> {
                carried(self, &other.pose).closest_points(other.shape).to_world(&other.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)*> Penetration<Posed<'b, $Q<T>, T>> for Posed<'a, $Set, T> {
            type Scalar = T;
            #[inline]
            fn contact(&self, other: &Posed<'b, $Q<T>, T>) -> Option<Contact<T>> {
                self.shape.contact(&carried(other, &self.pose)).to_world(&self.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)*> Penetration<Posed<'b, $Set, T>> for Posed<'a, $Q<T>, T> {
            type Scalar = T;
            #[inline]
            fn contact(&self, other: &Posed<'b, $Set, T>) -> Option<Contact<T>> {
                carried(self, &other.pose).contact(other.shape).to_world(&other.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)*> Sweep<Posed<'b, $Q<T>, T>> for Posed<'a, $Set, T> {
            type Scalar = T;
            #[inline]
            fn time_of_impact(
                &self,
                v_self: &Vector3<T>,
                other: &Posed<'b, $Q<T>, T>,
                v_other: &Vector3<T>,
            ) -> Option<Impact<T>> {
                let (va, vb) = (to_local(&self.pose, v_self), to_local(&self.pose, v_other));
                self.shape.time_of_impact(&va, &carried(other, &self.pose), &vb).to_world(&self.pose)
            }
        }
        impl<'a, 'b, T: Real, $($g)*> Sweep<Posed<'b, $Set, T>> for Posed<'a, $Q<T>, T> {
            type Scalar = T;
            #[inline]
            fn time_of_impact(
                &self,
                v_self: &Vector3<T>,
                other: &Posed<'b, $Set, T>,
                v_other: &Vector3<T>,
            ) -> Option<Impact<T>> {
                let (va, vb) = (to_local(&other.pose, v_self), to_local(&other.pose, v_other));
                carried(self, &other.pose).time_of_impact(&va, other.shape, &vb).to_world(&other.pose)
            }
        }
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
