//! A traced copy of parry3d-f64 0.31.1's linear shape cast on two support maps, to name the exit
//! its answer comes from: `cast_shapes` (`src/query/shape_cast/shape_cast.rs`) →
//! `cast_shapes_support_map_support_map` (`shape_cast_support_map_support_map.rs`, zero target
//! distance) → `gjk::directional_distance` → `minkowski_ray_cast` (`src/query/gjk/gjk.rs`,
//! lines 701-854), statement for statement through parry's public GJK pieces (`VoronoiSimplex`,
//! `CsoPoint`, `ray_toi_with_halfspace`), with each `return` recorded and the support points the
//! simplex refused counted. The differential asserts
//! that the copy reproduces parry's time of impact bit for bit on every case it traces, so the
//! exit it names is the one parry took.
//!
//! Test code only, never part of osculate: parry3d is © Sébastien Crozet and contributors,
//! licensed Apache-2.0; this transcription follows its source as closely as the tracing needs,
//! to reproduce its answers, and is not how osculate computes anything.
//!
//! The algorithm (van den Bergen's GJK ray cast, 2004 §4.3.4; "conservative advancement" of the
//! ray origin): the ray is the relative displacement cast from the origin against the
//! configuration-space obstacle `A − B`. GJK finds the CSO's point nearest the current origin;
//! the support plane along that direction either lets the origin advance to it (a new lower
//! bound on the time) or shows the ray misses. Its stopping rules are absolute or loose:
//! - a hit when the origin is within `eps_tol = 10 ε` of the CSO — absolute, not scaled;
//! - a miss when the upper and lower bounds on the distance from the current origin agree to
//!   `√eps_tol ≈ 4.7e-8` relative — the distance has converged, with no advance this step;
//! - a miss after 100 iterations;
//! - with a full simplex (a tetrahedron around the origin), a hit unless the lower bound is above
//!   `eps_tol · max(scale, 1)`;
//! - the "last chance" path when the upper bound stops decreasing (rounding, or a support point
//!   the simplex refused): a hit at the current lower bound, refined by the witnesses'
//!   separation;
//! - and inside the simplex, `VoronoiSimplex::add_point` refuses points by absolute thresholds on
//!   squared lengths and areas ([`Trace::rejected`]).

/// The dimension of parry3d's simplex when full.
const DIM: usize = 3;

/// Which `return` of `minkowski_ray_cast` (or of its caller) produced parry's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Exit {
    /// The relative displacement is zero up to `relative_eq!` (`ε`, absolute): no cast.
    ZeroRay,
    /// The origin came within `eps_tol` (absolute) of the CSO: a hit at the current lower bound.
    OnBoundary,
    /// The upper bound stopped decreasing after an advance: a hit at the lower bound (refined by
    /// the witnesses' separation along the ray).
    LastChanceHit,
    /// The upper bound stopped decreasing before any advance: a miss.
    LastChanceMiss,
    /// The lower bound passed the maximum time (`f64::MAX` here; `1` is applied by the caller).
    PastMaxTime,
    /// The support plane faces away from the ray by more than `eps_tol`: a miss.
    SeparatingPlane,
    /// The distance bounds from the current origin agree to `√eps_tol` relative, with no advance
    /// this step: a miss.
    RelativeGap,
    /// A full simplex with its lower bound within `eps_tol · max(scale, 1)`: a hit.
    TetrahedronHit,
    /// A full simplex with its lower bound above `eps_tol · max(scale, 1)`: a miss.
    TetrahedronMiss,
    /// 100 iterations without an exit: a miss.
    IterationCap,
    /// A time of impact below `1e-4`: the caller's contact query, used for the normal, found no
    /// contact, so the whole cast is `None`.
    ContactQueryNone,
}

/// The traced cast: parry's time of impact (before the cut at `max_time_of_impact = 1`), the exit,
/// the iterations and advances of the ray origin, and the last upper bound on the distance from
/// the current origin to the CSO (`max_bound`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Trace {
    pub(super) toi: Option<f64>,
    pub(super) exit: Exit,
    pub(super) iterations: usize,
    pub(super) advances: usize,
    pub(super) max_bound: f64,
    /// Support points `VoronoiSimplex::add_point` refused (its return value, which
    /// `minkowski_ray_cast` ignores): a point within `√eps_tol ≈ 4.7e-8` of the one vertex, a
    /// triangle of squared doubled area below `eps_tol = 2.2e-15`, or a point within `eps_tol` of
    /// the triangle's plane — absolute thresholds on squared lengths and areas: a triangle whose
    /// two sides from its first vertex are both shorter than `eps_tol^¼ ≈ 2.2e-4` is always
    /// refused (`|ab × ac|² ≤ |ab|²·|ac|²`), the size of a 1e-4 scene's. The simplex then stays a
    /// point or a segment, and its projection of the origin does not improve.
    pub(super) rejected: usize,
}

/// The traced cast for one parry build: `$parry` the crate, `$R` its scalar (times and bounds are
/// widened to `f64` in the [`Trace`], exactly).
macro_rules! traced {
    ($name:ident, $parry:ident, $R:ty) => {
        pub(crate) mod $name {
            use super::{DIM, Exit, Trace};
            use $parry::math::{Pose, Vector};
            use $parry::query::Ray;
            use $parry::query::details::{contact_support_map_support_map, ray_toi_with_halfspace};
            use $parry::query::gjk::{CsoPoint, VoronoiSimplex, eps_tol};
            use $parry::shape::SupportMap;

            /// The traced copy of `cast_shapes` for two support maps with `target_distance = 0`,
            /// `max_time_of_impact = 1`: `toi` is `Some` exactly when parry's cast is.
            pub(crate) fn trace_cast(
                pos1: &Pose,
                vel1: Vector,
                g1: &dyn SupportMap,
                pos2: &Pose,
                vel2: Vector,
                g2: &dyn SupportMap,
            ) -> Trace {
                let pos12 = pos1.inv_mul(pos2);
                let vel12 = pos1.rotation.inverse() * (vel2 - vel1);
                let ray = Ray::new(Vector::ZERO, vel12);
                let mut trace = minkowski_ray_cast(&pos12, g1, g2, &ray, <$R>::MAX);
                // cast_shapes_support_map_support_map: the time cut, then the contact query for small times.
                if let Some(t) = trace.toi {
                    if t > 1.0 {
                        trace.toi = None;
                    } else if t < 1.0e-4
                        && contact_support_map_support_map(&pos12, g1, g2, <$R>::MAX).is_none()
                    {
                        trace.toi = None;
                        trace.exit = Exit::ContactQueryNone;
                    }
                }
                trace
            }

            /// `minkowski_ray_cast` (parry3d-f64 0.31.1, `src/query/gjk/gjk.rs`), traced.
            #[allow(clippy::float_cmp, reason = "a copy of parry's code, comparisons included")]
            fn minkowski_ray_cast(
                pos12: &Pose,
                g1: &dyn SupportMap,
                g2: &dyn SupportMap,
                ray: &Ray,
                max_time_of_impact: $R,
            ) -> Trace {
                let simplex = &mut VoronoiSimplex::new();
                let eps_tol: $R = eps_tol();
                let eps_rel: $R = eps_tol.sqrt();
                let ray_length = ray.dir.length();
                let mut t = Trace {
                    toi: None,
                    exit: Exit::ZeroRay,
                    iterations: 0,
                    advances: 0,
                    max_bound: 0.0,
                    rejected: 0,
                };
                if approx::relative_eq!(ray_length, 0.0) {
                    return t;
                }
                let mut ltoi = 0.0;
                let mut curr_ray = Ray::new(ray.origin, ray.dir / ray_length);
                let support_point = CsoPoint::from_shapes(pos12, g1, g2, -curr_ray.dir);
                simplex.reset(support_point.translate(-curr_ray.origin));
                let mut proj = simplex.project_origin_and_reduce();
                let mut max_bound = <$R>::MAX;
                let mut dir;
                let mut niter = 0;
                let mut last_chance = false;
                loop {
                    t.iterations = niter;
                    let old_max_bound = max_bound;
                    let neg_proj_coords = -proj;
                    let (normalized, dist) = neg_proj_coords.normalize_and_length();
                    if dist > eps_tol {
                        dir = normalized;
                        max_bound = dist;
                        t.max_bound = f64::from(dist);
                    } else {
                        t.max_bound = f64::from(dist);
                        return Trace {
                            toi: Some(f64::from(ltoi / ray_length)),
                            exit: Exit::OnBoundary,
                            ..t
                        };
                    }
                    let support_point = if max_bound >= old_max_bound {
                        last_chance = true;
                        CsoPoint::single_point(proj + curr_ray.origin)
                    } else {
                        CsoPoint::from_shapes(pos12, g1, g2, dir)
                    };
                    if last_chance && ltoi > 0.0 {
                        let (witness1, witness2) = result(simplex, simplex.dimension() == DIM);
                        let witness_ltoi = (witness1 - witness2 - ray.origin).dot(curr_ray.dir);
                        if witness_ltoi.is_finite() && witness_ltoi > ltoi {
                            ltoi = witness_ltoi;
                            if ltoi / ray_length > max_time_of_impact {
                                return Trace { toi: None, exit: Exit::PastMaxTime, ..t };
                            }
                        }
                        return Trace {
                            toi: Some(f64::from(ltoi / ray_length)),
                            exit: Exit::LastChanceHit,
                            ..t
                        };
                    }
                    match ray_toi_with_halfspace(support_point.point, dir, &curr_ray) {
                        Some(s) => {
                            if dir.dot(curr_ray.dir) < 0.0 && s > 0.0 {
                                ltoi += s;
                                t.advances += 1;
                                if ltoi / ray_length > max_time_of_impact {
                                    return Trace { toi: None, exit: Exit::PastMaxTime, ..t };
                                }
                                let shift = curr_ray.dir * s;
                                curr_ray.origin += shift;
                                max_bound = <$R>::MAX;
                                simplex.modify_pnts(&|pt| pt.translate_mut(-shift));
                                last_chance = false;
                            }
                        }
                        None => {
                            if dir.dot(curr_ray.dir) > eps_tol {
                                return Trace { toi: None, exit: Exit::SeparatingPlane, ..t };
                            }
                        }
                    }
                    if last_chance {
                        return Trace { toi: None, exit: Exit::LastChanceMiss, ..t };
                    }
                    let min_bound = -dir.dot(support_point.point - curr_ray.origin);
                    if max_bound - min_bound <= eps_rel * max_bound {
                        // parry returns `Some` here only with its `improved_fixed_point_support` feature.
                        return Trace { toi: None, exit: Exit::RelativeGap, ..t };
                    }
                    if !simplex.add_point(support_point.translate(-curr_ray.origin)) {
                        t.rejected += 1;
                    }
                    proj = simplex.project_origin_and_reduce();
                    if simplex.dimension() == DIM {
                        let scale = support_point.point.length().max(curr_ray.origin.length());
                        return if min_bound >= eps_tol * scale.max(1.0) {
                            Trace { toi: None, exit: Exit::TetrahedronMiss, ..t }
                        } else {
                            Trace {
                                toi: Some(f64::from(ltoi / ray_length)),
                                exit: Exit::TetrahedronHit,
                                ..t
                            }
                        };
                    }
                    niter += 1;
                    if niter == 100 {
                        t.iterations = niter;
                        return Trace { toi: None, exit: Exit::IterationCap, ..t };
                    }
                }
            }

            /// parry's private `result` (`src/query/gjk/gjk.rs`): the witness points of the simplex's (or its
            /// previous state's) projection.
            fn result(simplex: &VoronoiSimplex, prev: bool) -> (Vector, Vector) {
                let mut res = (Vector::ZERO, Vector::ZERO);
                if prev {
                    for i in 0..simplex.prev_dimension() + 1 {
                        let coord = simplex.prev_proj_coord(i);
                        let point = simplex.prev_point(i);
                        res.0 += point.orig1 * coord;
                        res.1 += point.orig2 * coord;
                    }
                } else {
                    for i in 0..simplex.dimension() + 1 {
                        let coord = simplex.proj_coord(i);
                        let point = simplex.point(i);
                        res.0 += point.orig1 * coord;
                        res.1 += point.orig2 * coord;
                    }
                }
                res
            }
        }
    };
}

traced!(in_f64, parry3d_f64, f64);
traced!(in_f32, parry3d, f32);
