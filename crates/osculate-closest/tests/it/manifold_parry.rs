//! Differential tests of the contact manifolds against parry3d's manifold functions (f64 against
//! parry3d-f64, f32 against parry3d), for every pair parry has a direct function for besides
//! box-box and polyhedron-polyhedron (`manifold.rs` and `manifold_polytope.rs` hold those, each
//! with a referee of its own): the capsule pair (`contact_manifold_capsule_capsule`), the sphere
//! pairs (`contact_manifold_ball_ball`, `contact_manifold_convex_ball`), the box-triangle pair
//! (`contact_manifold_cuboid_triangle`) and every pair of shapes parry gives a polygonal feature
//! map (`contact_manifold_pfm_pfm`: boxes, capsules as a segment with a border radius, triangles,
//! polyhedra, cylinders and cones), the axis-aligned box pairs (`contact_manifold_cuboid_cuboid`
//! on posed cuboids), and every shape parry gives a polygonal feature map against a halfspace
//! (`contact_manifold_halfspace_pfm`, as parry's dispatcher calls it; parry has no two-sided
//! plane, so the plane manifolds have no differential test).
//!
//! One comparison serves every pair: both empty, or the same normal and the same deepest distance
//! (what every manifold method must agree on); the number of points is compared and its
//! disagreements classified, the points themselves are not (each method places its own, and the
//! properties in `manifold*.rs` check that ours lie on both surfaces). Every disagreement is
//! decided by an f64 referee independent of both manifolds: the shapes' gap (GJK,
//! `closest_points_convex`) and their separation along each side's normal (from the support
//! maps). The classes are counted and each bounded per pair by 1.5 times the larger of its f32
//! and f64 counts on the seeds, plus three cases, as a fraction of the seeds, the larger of that
//! fraction at the default 1000 seeds and at 5000 (a class not listed is bounded by 0), the
//! agreement by 0.9 of the lesser measured; an unexplained case fails the test. The most common
//! class is parry keeping more points: its polygonal-feature manifold adds its GJK/EPA point to
//! the clipped ones, and none of parry's manifolds reduces to four.
//!
//! The halfspace pairs have a referee of their own (`classify_halfspace`): both normals must be
//! the halfspace's `−n`, and the deepest distances the plane's signed distance of the shape's
//! support point along `−n` (exact for every shape); the classes are the number of points (ours
//! keeps every corner or rim point within the prediction, reduced to four, parry the vertices of
//! one support feature), the reduction's depth tie, and parry's polyhedron face missing the
//! deepest vertex.

use osculate_closest::{SupportMap, closest_points_convex};
use osculate_math::{Aabb, Bounded, Halfspace, Real, Vector3};
use osculate_testing::Tally;

use crate::manifold::Body;
use crate::manifold_round::epa_angle;

/// Seeds per pair and scalar type: 1000, or `OSCULATE_CASES` (the bounds are fractions of the
/// seeds, measured at 1000 and at 5000 in release; they hold at both).
fn seeds() -> u64 {
    osculate_testing::cases(1000)
}

/// One side's manifold in f64: its unit normal (from A toward B, in world space) and the signed
/// distance of each point (world units).
#[derive(Debug)]
pub(crate) struct Side {
    normal: Vector3<f64>,
    distances: Vec<f64>,
}

impl Side {
    fn deepest(&self) -> f64 {
        self.distances.iter().copied().fold(f64::INFINITY, f64::min)
    }

    fn len(&self) -> usize {
        self.distances.len()
    }

    fn is_empty(&self) -> bool {
        self.distances.is_empty()
    }
}

/// The largest differences seen between the two sides over a pair's seeds, where both have
/// points: the angle between the normals (radians) and the difference of the deepest distances
/// relative to the pair's size (plus its rounding, so that a shape of no size counts in world
/// units), over every case and over the cases counted as agreeing. Printed
/// with the tally (visible with `--nocapture`): a measurement, not a bound.
#[derive(Debug, Default)]
pub(crate) struct Deviation {
    angle: f64,
    depth: f64,
    agreed_angle: f64,
    agreed_depth: f64,
}

impl Deviation {
    fn see(&mut self, ours: &Side, theirs: &Side, scale: f64, agreed: bool) {
        if ours.is_empty() || theirs.is_empty() {
            return;
        }
        let angle = ours.normal.angle(&theirs.normal);
        let depth = (ours.deepest() - theirs.deepest()).abs() / scale;
        self.angle = self.angle.max(angle);
        self.depth = self.depth.max(depth);
        if agreed {
            self.agreed_angle = self.agreed_angle.max(angle);
            self.agreed_depth = self.agreed_depth.max(depth);
        }
    }

    fn print(&self, query: &str) {
        eprintln!(
            "{query}: max normal angle {:.3e} rad, max deepest difference {:.3e} of the size \
             (agreeing cases: {:.3e} rad, {:.3e})",
            self.angle, self.depth, self.agreed_angle, self.agreed_depth
        );
    }
}

/// The pair's scales and the referee's answers, in f64.
struct Referee<F: Fn(&Vector3<f64>) -> f64> {
    /// The prediction distance given to both sides.
    prediction: f64,
    /// The rounding of a distance: 1024 ε of the pair's magnitude.
    rounding: f64,
    /// The face preference, 1e-3 of the sum of the shapes' bounding-box diagonals (at least the
    /// sum of the radii the manifold methods scale their preference by), plus the rounding: how
    /// much less separation than the best a normal kept for its stability may have (a face's own
    /// normal, a feature's), and the accuracy of a GJK/EPA depth on a curved shape.
    prefer: f64,
    /// The angle (radians) within which two GJK/EPA normals on a curved shape may differ:
    /// `2√(2τ)` with EPA's relative tolerance `τ = max(RELATIVE_TOLERANCE, √ε)`, twice the
    /// accuracy of one (`√(2τ)`: 2.6e-2 in f32, 1.7e-4 in f64), the bound `manifold_round.rs`
    /// holds our round manifolds to.
    epa_angle: f64,
    /// The shapes' distance (GJK), 0 when they overlap.
    gap: f64,
    /// The separation (negative: overlap) of A and B along a unit axis from A toward B.
    separation: F,
}

/// Decides one case: `None` when both sides agree, else the disagreement's class.
fn classify<F: Fn(&Vector3<f64>) -> f64>(
    ours: &Side,
    theirs: &Side,
    r: &Referee<F>,
) -> Option<&'static str> {
    if ours.is_empty() && theirs.is_empty() {
        return None;
    }
    if !theirs.is_empty() && theirs.deepest() < -r.prefer && r.gap > r.prefer {
        // Parry's manifold overlaps where the referee finds the shapes apart: a shape parry's
        // own query misreads (each pair's test says which).
        return Some("parry overlaps shapes apart");
    }
    if ours.is_empty() || theirs.is_empty() {
        return Some(
            if theirs.is_empty() && r.gap > r.rounding && r.gap <= r.prediction + r.prefer {
                // Apart by less than the prediction: ours keeps speculative points (the clipped
                // features, or the closest points), parry's clipping keeps none along its normal.
                "apart within the prediction: parry reports none"
            } else if ours.is_empty()
                && r.gap > r.prediction - r.prefer
                && theirs.distances.iter().all(|d| *d > r.prediction - r.prefer)
            {
                "parry reports points beyond the prediction"
            } else if (r.gap - r.prediction).abs() <= r.prefer {
                "at the prediction"
            } else {
                "unexplained"
            },
        );
    }
    let angle = (ours.normal - theirs.normal).norm();
    let same_normal = angle <= 1e-3;
    let (sa, sb) = ((r.separation)(&ours.normal), (r.separation)(&theirs.normal));
    let (da, db) = (ours.deepest(), theirs.deepest());
    if same_normal && (da - db).abs() <= r.rounding {
        return match ours.len().cmp(&theirs.len()) {
            core::cmp::Ordering::Equal => None,
            // Parry adds its GJK/EPA point to the clipped features' (pfm-pfm) and keeps all of
            // a box's clipped points (cuboid-triangle): no reduction to four.
            core::cmp::Ordering::Less => Some("parry keeps more points"),
            // Parry's features along its normal are smaller than ours (a cap's square where
            // ours is an octagon, a vertex where ours is an edge).
            core::cmp::Ordering::Greater => Some("ours keeps more points"),
        };
    }
    if same_normal {
        // The same normal (within 1e-3), other deepest distances. The referee's separation
        // along a normal is minus the shapes' overlap along it: no pair of points on the
        // shapes is deeper, and a manifold holding the shapes' support points along it has
        // its deepest point there.
        let exact = |d: f64, s: f64| (d - s).abs() <= r.rounding;
        return Some(if exact(da, sa) && db < sb - r.rounding {
            // Parry's deepest point is deeper than the shapes' overlap along the normal (no
            // pair of points of the shapes is that deep along it): its hull merges adjacent
            // triangles whose normals are within `1 − cos θ < √DEFAULT_EPSILON` (θ up to 2.6e-2
            // rad in f32, 1.7e-4 in f64) into one face, whose other vertices then lie off the
            // plane its clipped points' depths are measured to. Ours is the overlap.
            "same normal: parry's deepest beyond the overlap (its hull's merged faces)"
        } else if exact(da, sa) && db > sb && db - sb <= r.prefer {
            // Parry's deepest point is its GJK/EPA point, whose depth on a curved surface
            // falls short of the overlap (EPA's polytope lies inside the shapes; its clipped
            // points lie on a cap's inscribed square): ours is the overlap along the normal.
            "same normal: parry's deepest shallower than the overlap (its EPA depth)"
        } else if da > sa && da - sa <= r.prefer && db - sb <= r.prefer {
            // Ours is shallower than the overlap by less than the preference: its deepest point
            // is a clipped corner, and the point where the supporting sets meet is added only
            // when deeper than every clipped point by 5e-4 of the size.
            "same normal: ours a clipped corner within the preference of the overlap"
        } else {
            "unexplained"
        });
    }
    if (sa - sb).abs() <= r.prefer {
        return Some(if angle <= r.epa_angle {
            // The normals differ by less than GJK/EPA's accuracy on a curved shape: ours is
            // refined on the support maps or fixed by a feature, parry's is its EPA's.
            "normals within EPA's accuracy"
        } else {
            // Both normals are axes of least overlap within the preference: ours keeps a
            // face's own normal, parry its EPA's axis or another face's.
            "axis within the face preference"
        });
    }
    if sa > sb {
        // The referee separates the shapes more along our normal: for overlapping shapes ours is
        // the axis of less overlap, for apart ones the axis nearer the true gap.
        return Some(if r.gap > r.rounding {
            "apart: ours separates more"
        } else {
            "overlapping: ours overlaps less along its normal"
        });
    }
    if r.gap > r.rounding && da >= r.gap - r.rounding {
        // Apart, parry's axis separates more (it is GJK's, the true gap's direction), ours is a
        // face's or an edge pair's whose features do not meet along the gap: its speculative
        // points are never nearer than the true gap.
        return Some("apart: ours a feature axis, no point nearer than the gap");
    }
    Some("unexplained")
}

/// Compares one case and counts it in `tally`; prints an unexplained one.
fn judge<T, A, B>(
    tally: &mut Tally,
    deviation: &mut Deviation,
    seed: u64,
    (a, b): (&A, &B),
    prediction: T,
    ours: &Side,
    theirs: &Side,
) where
    T: Real,
    A: Body<T> + SupportMap<T> + Bounded<T>,
    B: Body<T> + SupportMap<T> + Bounded<T>,
{
    let diagonal = |x: Aabb<T>| (x.max - x.min).norm().to_f64();
    let size = (a.size() + b.size()).to_f64();
    let magnitude = size + a.magnitude().to_f64().max(b.magnitude().to_f64());
    let rounding = T::EPSILON.to_f64() * 1024.0 * magnitude;
    let gap = closest_points_convex(a, b).distance.to_f64().max(0.0);
    let separation = |l: &Vector3<f64>| {
        let lt = l.map(T::lit);
        let (pa, pb) = (a.support(&lt), b.support(&-lt));
        l.dot(&(pb.coords.map(|x| x.to_f64()) - pa.coords.map(|x| x.to_f64())))
    };
    let referee = Referee {
        prediction: prediction.to_f64(),
        rounding,
        prefer: 1e-3 * (diagonal(a.aabb()) + diagonal(b.aabb())) + rounding,
        epa_angle: epa_angle::<T>().to_f64(),
        gap,
        separation,
    };
    let verdict = classify(ours, theirs, &referee);
    deviation.see(ours, theirs, size + rounding, verdict.is_none());
    match verdict {
        None => tally.agree(),
        Some(class) => {
            if class == "unexplained" {
                eprintln!(
                    "{} seed {seed}: gap {gap}, ours {ours:?} (separation {}), parry {theirs:?} (separation {})\n{a:?}\n{b:?}",
                    tally.query,
                    (referee.separation)(&ours.normal),
                    (referee.separation)(&theirs.normal),
                );
            }
            tally.class(class);
        }
    }
}

/// Decides one shape-halfspace case: `None` when both sides agree, else the disagreement's class.
/// `exact` is the referee's deepest distance, the plane's signed distance (in f64) of the shape's
/// support point along `−n`; both normals must be `−n` (both manifolds push the shape out of the
/// halfspace's front); `tie` bounds the reduction's depth tie (5e-4 of the shape's bounding-box
/// diagonal).
fn classify_halfspace(
    ours: &Side,
    theirs: &Side,
    n: &Vector3<f64>,
    exact: f64,
    prediction: f64,
    rounding: f64,
    tie: f64,
) -> Option<&'static str> {
    if ours.is_empty() && theirs.is_empty() {
        return None;
    }
    if (!ours.is_empty() && (ours.normal + n).norm() > 1e-3)
        || (!theirs.is_empty() && (theirs.normal + n).norm() > 1e-3)
    {
        return Some("unexplained");
    }
    if !ours.is_empty() && (ours.deepest() - exact).abs() > rounding {
        return Some(if ours.len() == 4 && ours.deepest() - exact <= tie + rounding {
            // More than four candidates: the reduction keeps as its deepest the first candidate
            // (in the shape's feature order) within its depth tie (5e-4 of the candidate patch,
            // no wider than the shape) of the deepest, so that the choice survives small
            // motions; parry keeps every point of its feature, the deepest among them.
            "ours' deepest a reduction tie of the deepest"
        } else {
            "unexplained"
        });
    }
    if ours.is_empty() || theirs.is_empty() {
        return Some(if (exact - prediction).abs() <= rounding {
            "at the prediction"
        } else if theirs.is_empty() && exact <= prediction {
            // Parry keeps the vertices of one support feature within the prediction; a
            // polyhedron's is the face whose normal is nearest `−n`, which need not hold the
            // support vertex, and at most its first four vertices.
            "parry's support face misses the deepest vertex"
        } else {
            "unexplained"
        });
    }
    let db = theirs.deepest();
    if (db - exact).abs() <= rounding {
        return match ours.len().cmp(&theirs.len()) {
            core::cmp::Ordering::Equal => None,
            // Parry keeps every vertex of its support feature within the prediction: a capsule's
            // two segment ends lowered by the radius (ours: the upper end's point on the rim,
            // higher unless the capsule lies flat); and on a degenerate shape the coinciding
            // vertices of its feature each as a point (a box of zero half extents, a cylinder
            // or a cone of zero radius: a cap's square of no size gives four equal points),
            // where ours gives each distinct corner once (the reduction keeps distinct
            // candidates).
            core::cmp::Ordering::Less => Some("parry keeps more points"),
            // Ours keeps every corner (rim point) within the prediction, reduced to four; parry
            // only those of its one support feature: a box's support face without the corners
            // of the face beside it, a cylinder's cap square or side segment without the rim
            // points between.
            core::cmp::Ordering::Greater => Some("ours keeps more points"),
        };
    }
    Some(if db > exact { "parry's support face misses the deepest vertex" } else { "unexplained" })
}

/// Compares one shape-halfspace case and counts it in `tally`; prints an unexplained one.
fn judge_halfspace<T, A>(
    tally: &mut Tally,
    deviation: &mut Deviation,
    seed: u64,
    (a, h): (&A, &Halfspace<T>),
    prediction: T,
    ours: &Side,
    theirs: &Side,
) where
    T: Real,
    A: Body<T> + SupportMap<T> + Bounded<T>,
{
    let diagonal = (a.aabb().max - a.aabb().min).norm().to_f64();
    let magnitude = a.size().to_f64() + a.magnitude().to_f64().max(h.magnitude().to_f64());
    let rounding = T::EPSILON.to_f64() * 1024.0 * magnitude;
    let n = h.plane.normal.into_inner();
    let n64 = n.map(|x| x.to_f64());
    let x = a.support(&-n).coords.map(|x| x.to_f64());
    let exact = n64.dot(&x) - h.plane.d.to_f64();
    let tie = 5e-4 * diagonal;
    let verdict = classify_halfspace(ours, theirs, &n64, exact, prediction.to_f64(), rounding, tie);
    deviation.see(ours, theirs, a.size().to_f64() + rounding, verdict.is_none());
    match verdict {
        None => tally.agree(),
        Some(class) => {
            if class == "unexplained" {
                eprintln!(
                    "{} seed {seed}: exact {exact}, ours {ours:?}, parry {theirs:?}\n{a:?}\n{h:?}",
                    tally.query,
                );
            }
            tally.class(class);
        }
    }
}

/// The pairs, per scalar type and parry crate: each row names our manifold, the shapes, and how
/// parry is called (`pfm`: `contact_manifold_pfm_pfm`, `capsules`, `balls`, `convex_ball`,
/// `cuboid_triangle`), with the least agreement and each class's bound measured.
macro_rules! parry_manifolds {
    ($module:ident, $T:ident, $parry:ident) => {
        mod $module {
            use $parry::math::{Pose, Vector};
            use $parry::query::ContactManifold;
            use $parry::query::details::{
                contact_manifold_ball_ball, contact_manifold_capsule_capsule,
                contact_manifold_convex_ball_shapes, contact_manifold_cuboid_cuboid,
                contact_manifold_cuboid_triangle, contact_manifold_halfspace_pfm_shapes,
                contact_manifold_pfm_pfm_shapes,
            };
            use $parry::shape::{self, Shape};

            use osculate_closest::{
                manifold_aabb_aabb, manifold_aabb_halfspace, manifold_aabb_obb,
                manifold_capsule_halfspace, manifold_capsule_polyhedron, manifold_cone_halfspace,
                manifold_cylinder_halfspace, manifold_obb_halfspace, manifold_polyhedron_halfspace,
                manifold_sphere_polyhedron, manifold_triangle_halfspace,
                manifold_aabb_cone, manifold_aabb_cylinder, manifold_aabb_polyhedron,
                manifold_aabb_triangle, manifold_capsule_aabb, manifold_sphere_aabb,
                Manifold, manifold_capsule_capsule, manifold_capsule_cone,
                manifold_capsule_cylinder, manifold_capsule_obb, manifold_capsule_triangle,
                manifold_cone_cone, manifold_cylinder_cone, manifold_cylinder_cylinder,
                manifold_obb_cone, manifold_obb_cylinder, manifold_obb_polyhedron,
                manifold_obb_triangle, manifold_polyhedron_cone, manifold_polyhedron_cylinder,
                manifold_sphere_capsule, manifold_sphere_cone, manifold_sphere_cylinder,
                manifold_sphere_obb, manifold_sphere_sphere, manifold_sphere_triangle,
                manifold_triangle_cone, manifold_triangle_cylinder, manifold_triangle_polyhedron,
                manifold_triangle_triangle,
            };
            use osculate_math::{
                Aabb, Capsule, Cone, ConvexPolyhedron, Cylinder, Halfspace, Obb, Plane, Point3,
                Sphere, Triangle, Vector3,
            };
            use osculate_testing::parry::$parry as convert;
            use osculate_testing::{Pair, Tally};

            use super::{Deviation, Side, judge, judge_halfspace, seeds};
            use crate::manifold::Body;

            type T = $T;

            /// The frame parry is given the pair in: origin `o` (A's place, so that parry's
            /// absolute tolerances see the shapes near its origin) and scale `k` (a power of two,
            /// exact: the generator's tiny shapes brought to unit size).
            struct Frame {
                o: Vector3<T>,
                k: T,
            }

            impl Frame {
                fn point(&self, p: &Point3<T>) -> Point3<T> {
                    Point3::from((p.coords - self.o) * self.k)
                }
            }

            /// A shape as parry's, in the frame: its pose and the shape (`None` where parry has
            /// no such shape: a hull parry does not build, a cylinder or cone with no axis).
            trait ToParry {
                fn parry(&self, f: &Frame) -> Option<(Pose, Box<dyn Shape>)>;
                /// A point of the shape, the frame's origin when the shape is A.
                fn anchor(&self) -> Point3<T>;
            }

            impl ToParry for Sphere<T> {
                fn parry(&self, f: &Frame) -> Option<(Pose, Box<dyn Shape>)> {
                    let (pose, ball) = convert::ball(&Sphere::new(f.point(&self.center), self.radius * f.k));
                    Some((pose, Box::new(ball)))
                }
                fn anchor(&self) -> Point3<T> {
                    self.center
                }
            }

            impl ToParry for Obb<T> {
                fn parry(&self, f: &Frame) -> Option<(Pose, Box<dyn Shape>)> {
                    let o = Obb::new(f.point(&self.center), self.rotation, self.half_extents * f.k);
                    let (pose, cuboid) = convert::obb(&o);
                    Some((pose, Box::new(cuboid)))
                }
                fn anchor(&self) -> Point3<T> {
                    self.center
                }
            }

            impl ToParry for Aabb<T> {
                fn parry(&self, f: &Frame) -> Option<(Pose, Box<dyn Shape>)> {
                    let (pose, cuboid) =
                        convert::cuboid(&Aabb::new(f.point(&self.min), f.point(&self.max)));
                    Some((pose, Box::new(cuboid)))
                }
                fn anchor(&self) -> Point3<T> {
                    self.min
                }
            }

            impl ToParry for Capsule<T> {
                fn parry(&self, f: &Frame) -> Option<(Pose, Box<dyn Shape>)> {
                    let c = Capsule::new(f.point(&self.a), f.point(&self.b), self.radius * f.k);
                    Some((Pose::IDENTITY, Box::new(convert::capsule(&c))))
                }
                fn anchor(&self) -> Point3<T> {
                    self.a
                }
            }

            impl ToParry for Triangle<T> {
                fn parry(&self, f: &Frame) -> Option<(Pose, Box<dyn Shape>)> {
                    let t = Triangle::new(f.point(&self.a), f.point(&self.b), f.point(&self.c));
                    Some((Pose::IDENTITY, Box::new(convert::triangle(&t))))
                }
                fn anchor(&self) -> Point3<T> {
                    self.a
                }
            }

            impl ToParry for ConvexPolyhedron<T> {
                fn parry(&self, f: &Frame) -> Option<(Pose, Box<dyn Shape>)> {
                    let v: Vec<Vector> =
                        self.vertices.iter().map(|p| convert::point(&f.point(p))).collect();
                    let hull = shape::ConvexPolyhedron::from_convex_hull(&v)?;
                    Some((Pose::IDENTITY, Box::new(hull)))
                }
                fn anchor(&self) -> Point3<T> {
                    self.vertices.first().copied().unwrap_or_else(Point3::origin)
                }
            }

            impl ToParry for Cylinder<T> {
                fn parry(&self, f: &Frame) -> Option<(Pose, Box<dyn Shape>)> {
                    if (self.b - self.a).norm_squared() == 0.0 {
                        return None;
                    }
                    let c = Cylinder::new(f.point(&self.a), f.point(&self.b), self.radius * f.k);
                    let (pose, cylinder) = convert::cylinder(&c);
                    Some((pose, Box::new(cylinder)))
                }
                fn anchor(&self) -> Point3<T> {
                    self.a
                }
            }

            impl ToParry for Cone<T> {
                fn parry(&self, f: &Frame) -> Option<(Pose, Box<dyn Shape>)> {
                    let c = Cone::new(f.point(&self.tip), self.axis, self.height * f.k, self.radius * f.k);
                    let (pose, cone) = convert::cone(&c);
                    Some((pose, Box::new(cone)))
                }
                fn anchor(&self) -> Point3<T> {
                    self.tip
                }
            }

            impl ToParry for Halfspace<T> {
                fn parry(&self, f: &Frame) -> Option<(Pose, Box<dyn Shape>)> {
                    let n = self.plane.normal;
                    let h = Halfspace::new(Plane::new(n, (self.plane.d - n.dot(&f.o)) * f.k));
                    let (pose, halfspace) = convert::halfspace(&h);
                    Some((pose, Box::new(halfspace)))
                }
                fn anchor(&self) -> Point3<T> {
                    Point3::from(self.plane.normal.into_inner() * self.plane.d)
                }
            }

            /// Parry's manifold as a [`Side`] in world units: its normal turned into world space
            /// by A's pose, its distances scaled back.
            fn theirs(pose1: &Pose, m: &ContactManifold<(), ()>, k: T) -> Side {
                let n = pose1.rotation * m.local_n1;
                Side {
                    normal: Vector3::new(f64::from(n.x), f64::from(n.y), f64::from(n.z)),
                    distances: m.points.iter().map(|c| f64::from(c.dist / k)).collect(),
                }
            }

            fn ours(m: &Manifold<T>) -> Side {
                Side {
                    normal: m.normal.into_inner().cast(),
                    distances: m.points().iter().map(|p| f64::from(p.distance)).collect(),
                }
            }

            /// How parry is called for a pair: its manifold in shape 1's frame.
            type Call = fn(&Pose, &dyn Shape, &dyn Shape, T, &mut ContactManifold<(), ()>);

            fn pfm(pos12: &Pose, s1: &dyn Shape, s2: &dyn Shape, pred: T, m: &mut ContactManifold<(), ()>) {
                contact_manifold_pfm_pfm_shapes(pos12, s1, s2, None, None, pred, m);
            }

            fn capsules(pos12: &Pose, s1: &dyn Shape, s2: &dyn Shape, pred: T, m: &mut ContactManifold<(), ()>) {
                if let (Some(c1), Some(c2)) = (s1.as_capsule(), s2.as_capsule()) {
                    contact_manifold_capsule_capsule(pos12, c1, c2, pred, m);
                }
            }

            fn balls(pos12: &Pose, s1: &dyn Shape, s2: &dyn Shape, pred: T, m: &mut ContactManifold<(), ()>) {
                if let (Some(b1), Some(b2)) = (s1.as_ball(), s2.as_ball()) {
                    contact_manifold_ball_ball(pos12, b1, b2, pred, m);
                }
            }

            fn convex_ball(pos12: &Pose, s1: &dyn Shape, s2: &dyn Shape, pred: T, m: &mut ContactManifold<(), ()>) {
                contact_manifold_convex_ball_shapes(pos12, s1, s2, None, None, pred, m);
            }

            fn cuboids(pos12: &Pose, s1: &dyn Shape, s2: &dyn Shape, pred: T, m: &mut ContactManifold<(), ()>) {
                if let (Some(c1), Some(c2)) = (s1.as_cuboid(), s2.as_cuboid()) {
                    contact_manifold_cuboid_cuboid(pos12, c1, c2, pred, m);
                }
            }

            fn cuboid_triangle(pos12: &Pose, s1: &dyn Shape, s2: &dyn Shape, pred: T, m: &mut ContactManifold<(), ()>) {
                if let (Some(c), Some(t)) = (s1.as_cuboid(), s2.as_triangle()) {
                    contact_manifold_cuboid_triangle(pos12, &pos12.inverse(), c, t, None, None, pred, m, false);
                }
            }

            /// Parry's halfspace-shape manifold (`contact_manifold_halfspace_pfm`, the halfspace
            /// as shape 2, as its dispatcher calls it).
            fn halfspace_pfm(pos12: &Pose, s1: &dyn Shape, s2: &dyn Shape, pred: T, m: &mut ContactManifold<(), ()>) {
                contact_manifold_halfspace_pfm_shapes(pos12, s1, s2, pred, m);
            }

            /// How one case is judged and tallied (`judge` or `judge_halfspace`).
            type Judge<A, B> = fn(&mut Tally, &mut Deviation, u64, (&A, &B), T, &Side, &Side);

            /// Runs one pair over the seeds, parry called by `call`, the prediction a tenth of
            /// the pair's `size`; judges each case by `judge` and checks the tally against its
            /// bounds.
            fn run_seeds<A, B>(
                name: &str,
                manifold: fn(&A, &B, T) -> Manifold<T>,
                (call, size, judge): (Call, fn(&A, &B) -> T, Judge<A, B>),
                min_agree: f64,
                bounds: &[(&str, f64)],
            ) where
                A: ToParry + osculate_testing::GenerateAny<Scalar = T>,
                B: ToParry + osculate_testing::GenerateAny<Scalar = T>,
            {
                let mut tally = Tally::new(format!("{name} vs parry ({})", stringify!($T)));
                let mut deviation = Deviation::default();
                let seeds = seeds();
                for seed in 0..seeds {
                    let p = Pair::<A, B>::from_seed(seed);
                    let (a, b) = (&p.a, &p.b);
                    let size = size(a, b);
                    let pred = size * 0.1;
                    let frame = Frame {
                        o: a.anchor().coords,
                        k: if size < 1e-2 { 16384.0 } else { 1.0 },
                    };
                    let (Some((m1, s1)), Some((m2, s2))) = (a.parry(&frame), b.parry(&frame)) else {
                        // A cylinder of no length has no axis to pose parry's on; a hull parry
                        // does not build (flat or collapsed vertices).
                        tally.class("parry has no such shape");
                        continue;
                    };
                    let mut m = ContactManifold::<(), ()>::new();
                    call(&m1.inv_mul(&m2), &*s1, &*s2, pred * frame.k, &mut m);
                    let ours = ours(&manifold(a, b, pred));
                    let theirs = theirs(&m1, &m, frame.k);
                    judge(&mut tally, &mut deviation, seed, (a, b), pred, &ours, &theirs);
                }
                deviation.print(&tally.query);
                tally.finish_within(seeds, min_agree, bounds);
            }

            /// Runs one pair over the seeds (the prediction a tenth of the pair's size) and checks
            /// the tally against its bounds.
            fn run<A, B>(
                name: &str,
                manifold: fn(&A, &B, T) -> Manifold<T>,
                call: Call,
                min_agree: f64,
                bounds: &[(&str, f64)],
            ) where
                A: ToParry + Body<T> + osculate_closest::SupportMap<T> + osculate_math::Bounded<T> + osculate_testing::GenerateAny<Scalar = T>,
                B: ToParry + Body<T> + osculate_closest::SupportMap<T> + osculate_math::Bounded<T> + osculate_testing::GenerateAny<Scalar = T>,
            {
                let size: fn(&A, &B) -> T = |a, b| a.size() + b.size();
                run_seeds(name, manifold, (call, size, judge), min_agree, bounds);
            }

            /// Runs one shape against a halfspace over the seeds (parry's
            /// `contact_manifold_halfspace_pfm`, the halfspace as shape 2, as its dispatcher calls
            /// it) and checks the tally against its bounds. The prediction is a tenth of the
            /// shape's size.
            fn run_halfspace<A>(
                name: &str,
                manifold: fn(&A, &Halfspace<T>, T) -> Manifold<T>,
                min_agree: f64,
                bounds: &[(&str, f64)],
            ) where
                A: ToParry + Body<T> + osculate_closest::SupportMap<T> + osculate_math::Bounded<T> + osculate_testing::GenerateAny<Scalar = T>,
            {
                let size: fn(&A, &Halfspace<T>) -> T = |a, _| a.size();
                run_seeds(name, manifold, (halfspace_pfm, size, judge_halfspace), min_agree, bounds);
            }

            #[test]
            fn obb_halfspace() {
                run_halfspace(
                    "manifold_obb_halfspace",
                    manifold_obb_halfspace::<T>,
                    0.76,
                    &[
                        ("ours keeps more points", 0.128),
                        ("ours' deepest a reduction tie of the deepest", 0.004),
                        ("parry keeps more points", 0.099),
                    ],
                );
            }

            #[test]
            fn aabb_halfspace() {
                run_halfspace(
                    "manifold_aabb_halfspace",
                    manifold_aabb_halfspace::<T>,
                    0.76,
                    &[
                        ("ours keeps more points", 0.136),
                        ("ours' deepest a reduction tie of the deepest", 0.004),
                        ("parry keeps more points", 0.087),
                    ],
                );
            }

            #[test]
            fn capsule_halfspace() {
                run_halfspace(
                    "manifold_capsule_halfspace",
                    manifold_capsule_halfspace::<T>,
                    0.8,
                    &[("parry keeps more points", 0.168)],
                );
            }

            #[test]
            fn triangle_halfspace() {
                run_halfspace(
                    "manifold_triangle_halfspace",
                    manifold_triangle_halfspace::<T>,
                    0.9,
                    &[],
                );
            }

            #[test]
            fn polyhedron_halfspace() {
                run_halfspace(
                    "manifold_polyhedron_halfspace",
                    manifold_polyhedron_halfspace::<T>,
                    0.53,
                    &[
                        ("ours keeps more points", 0.612),
                        ("ours' deepest a reduction tie of the deepest", 0.005),
                        ("parry's support face misses the deepest vertex", 0.006),
                    ],
                );
            }

            #[test]
            fn cylinder_halfspace() {
                run_halfspace(
                    "manifold_cylinder_halfspace",
                    manifold_cylinder_halfspace::<T>,
                    0.48,
                    &[
                        ("ours keeps more points", 0.642),
                        ("parry keeps more points", 0.056),
                    ],
                );
            }

            #[test]
            fn cone_halfspace() {
                run_halfspace(
                    "manifold_cone_halfspace",
                    manifold_cone_halfspace::<T>,
                    0.53,
                    &[
                        ("ours keeps more points", 0.571),
                        ("parry keeps more points", 0.044),
                    ],
                );
            }

            #[test]
            fn aabb_aabb() {
                run(
                    "manifold_aabb_aabb",
                    manifold_aabb_aabb::<T>,
                    cuboids,
                    0.88,
                    &[
                        ("apart within the prediction: parry reports none", 0.007),
                        ("at the prediction", 0.004),
                        ("axis within the face preference", 0.005),
                        ("parry keeps more points", 0.022),
                    ],
                );
            }

            #[test]
            fn aabb_obb() {
                run(
                    "manifold_aabb_obb",
                    manifold_aabb_obb::<T>,
                    cuboids,
                    0.53,
                    &[
                        ("apart within the prediction: parry reports none", 0.006),
                        ("apart: ours a feature axis, no point nearer than the gap", 0.004),
                        ("at the prediction", 0.004),
                        ("axis within the face preference", 0.079),
                        ("normals within EPA's accuracy", 0.028),
                        ("parry keeps more points", 0.574),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.005),
                    ],
                );
            }

            #[test]
            fn sphere_polyhedron() {
                run(
                    "manifold_sphere_polyhedron",
                    manifold_sphere_polyhedron::<T>,
                    convex_ball,
                    0.87,
                    &[
                        ("axis within the face preference", 0.004),
                        ("normals within EPA's accuracy", 0.042),
                        ("parry reports points beyond the prediction", 0.004),
                    ],
                );
            }

            #[test]
            fn capsule_polyhedron() {
                run(
                    "manifold_capsule_polyhedron",
                    manifold_capsule_polyhedron::<T>,
                    pfm,
                    0.26,
                    &[
                        ("axis within the face preference", 0.009),
                        ("normals within EPA's accuracy", 0.025),
                        ("parry keeps more points", 1.0),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.006),
                        ("same normal: parry's deepest beyond the overlap (its hull's merged faces)", 0.005),
                    ],
                );
            }

            /// Parry's 3D capsule manifold keeps one point (the segments' closest points); ours keeps two
            /// for parallel capsules, which the shared generator seldom draws.
            #[test]
            fn capsule_capsule() {
                run(
                    "manifold_capsule_capsule",
                    manifold_capsule_capsule::<T>,
                    capsules,
                    0.85,
                    &[
                        ("axis within the face preference", 0.005),
                        ("normals within EPA's accuracy", 0.012),
                    ],
                );
            }

            #[test]
            fn sphere_sphere() {
                run(
                    "manifold_sphere_sphere",
                    manifold_sphere_sphere::<T>,
                    balls,
                    0.9,
                    &[],
                );
            }

            #[test]
            fn sphere_obb() {
                run(
                    "manifold_sphere_obb",
                    manifold_sphere_obb::<T>,
                    convex_ball,
                    0.9,
                    &[],
                );
            }

            #[test]
            fn sphere_capsule() {
                run(
                    "manifold_sphere_capsule",
                    manifold_sphere_capsule::<T>,
                    convex_ball,
                    0.85,
                    &[
                        ("normals within EPA's accuracy", 0.009),
                    ],
                );
            }

            #[test]
            fn sphere_triangle() {
                run(
                    "manifold_sphere_triangle",
                    manifold_sphere_triangle::<T>,
                    convex_ball,
                    0.85,
                    &[
                        ("normals within EPA's accuracy", 0.018),
                    ],
                );
            }

            #[test]
            fn sphere_cylinder() {
                run(
                    "manifold_sphere_cylinder",
                    manifold_sphere_cylinder::<T>,
                    convex_ball,
                    0.8,
                    &[
                        ("axis within the face preference", 0.009),
                        ("normals within EPA's accuracy", 0.083),
                    ],
                );
            }

            /// `parry overlaps shapes apart`: every such case is a cone of zero radius (a segment), for
            /// which parry's point projection finds every point level with the cone inside (its side
            /// line's cross product with the axis vanishes), so the sphere overlaps it by its depth.
            /// `ours overlaps less along its normal`: the same cones of zero radius, overlapping:
            /// parry's normal is the segment's axis, along which the sphere overlaps it by far
            /// more than along ours (the center's direction from the segment, the referee's least
            /// overlap). A cone of no height (a disc) is a face on both sides, so a ball on
            /// either side has the disc's axis as its normal, as parry's has.
            #[test]
            fn sphere_cone() {
                run(
                    "manifold_sphere_cone",
                    manifold_sphere_cone::<T>,
                    convex_ball,
                    0.8,
                    &[
                        ("axis within the face preference", 0.006),
                        ("normals within EPA's accuracy", 0.087),
                        ("overlapping: ours overlaps less along its normal", 0.003),
                        ("parry overlaps shapes apart", 0.027),
                    ],
                );
            }

            /// parry's `contact_manifold_cuboid_triangle` keeps every clipped point and its own
            /// prediction test on them, so near the prediction distance one side may be empty.
            #[test]
            fn obb_triangle() {
                run(
                    "manifold_obb_triangle",
                    manifold_obb_triangle::<T>,
                    cuboid_triangle,
                    0.45,
                    &[
                        ("apart within the prediction: parry reports none", 0.014),
                        ("apart: ours separates more", 0.006),
                        ("at the prediction", 0.005),
                        ("axis within the face preference", 0.026),
                        ("normals within EPA's accuracy", 0.015),
                        ("parry keeps more points", 0.648),
                        ("parry reports points beyond the prediction", 0.006),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.003),
                    ],
                );
            }

            #[test]
            fn capsule_obb() {
                run(
                    "manifold_capsule_obb",
                    manifold_capsule_obb::<T>,
                    pfm,
                    0.3,
                    &[
                        ("axis within the face preference", 0.039),
                        ("normals within EPA's accuracy", 0.006),
                        ("parry keeps more points", 0.957),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.003),
                    ],
                );
            }

            #[test]
            fn capsule_triangle() {
                run(
                    "manifold_capsule_triangle",
                    manifold_capsule_triangle::<T>,
                    pfm,
                    0.25,
                    &[
                        ("axis within the face preference", 0.008),
                        ("normals within EPA's accuracy", 0.015),
                        ("parry keeps more points", 1.017),
                    ],
                );
            }

            #[test]
            fn triangle_triangle() {
                run(
                    "manifold_triangle_triangle",
                    manifold_triangle_triangle::<T>,
                    pfm,
                    0.35,
                    &[
                        ("apart: ours a feature axis, no point nearer than the gap", 0.009),
                        ("axis within the face preference", 0.018),
                        ("normals within EPA's accuracy", 0.026),
                        ("parry keeps more points", 0.866),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.006),
                    ],
                );
            }

            #[test]
            fn triangle_polyhedron() {
                run(
                    "manifold_triangle_polyhedron",
                    manifold_triangle_polyhedron::<T>,
                    pfm,
                    0.3,
                    &[
                        ("apart: ours a feature axis, no point nearer than the gap", 0.005),
                        ("axis within the face preference", 0.036),
                        ("normals within EPA's accuracy", 0.026),
                        ("parry keeps more points", 0.918),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.005),
                        // One f32 case of the 1000 seeds: parry's merged hull face, as for the
                        // capsule (the same polyhedron side).
                        ("same normal: parry's deepest beyond the overlap (its hull's merged faces)", 0.005),
                    ],
                );
            }

            #[test]
            fn obb_polyhedron() {
                run(
                    "manifold_obb_polyhedron",
                    manifold_obb_polyhedron::<T>,
                    pfm,
                    0.35,
                    &[
                        ("apart: ours a feature axis, no point nearer than the gap", 0.003),
                        ("axis within the face preference", 0.039),
                        ("normals within EPA's accuracy", 0.024),
                        ("parry keeps more points", 0.849),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.005),
                        ("same normal: parry's deepest beyond the overlap (its hull's merged faces)", 0.003),
                    ],
                );
            }

            #[test]
            fn cylinder_cylinder() {
                run(
                    "manifold_cylinder_cylinder",
                    manifold_cylinder_cylinder::<T>,
                    pfm,
                    0.55,
                    &[
                        ("axis within the face preference", 0.023),
                        ("normals within EPA's accuracy", 0.159),
                        ("parry keeps more points", 0.413),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.005),
                        ("same normal: parry's deepest shallower than the overlap (its EPA depth)", 0.105),
                    ],
                );
            }

            /// `ours keeps more points` (on this row, all or some): a cone of no height (a disc)
            /// with its back to the other shape, where ours clips the back's face (the base
            /// polygon seen from behind) and parry keeps its cone's apex.
            #[test]
            fn cylinder_cone() {
                run(
                    "manifold_cylinder_cone",
                    manifold_cylinder_cone::<T>,
                    pfm,
                    0.65,
                    &[
                        ("axis within the face preference", 0.011),
                        ("normals within EPA's accuracy", 0.173),
                        ("ours keeps more points", 0.004),
                        ("parry keeps more points", 0.288),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.005),
                        ("same normal: parry's deepest shallower than the overlap (its EPA depth)", 0.092),
                    ],
                );
            }

            /// `ours keeps more points` (on this row, all or some): a cone of no height (a disc)
            /// with its back to the other shape, where ours clips the back's face (the base
            /// polygon seen from behind) and parry keeps its cone's apex.
            #[test]
            fn cone_cone() {
                run(
                    "manifold_cone_cone",
                    manifold_cone_cone::<T>,
                    pfm,
                    0.7,
                    &[
                        ("apart: ours separates more", 0.003),
                        ("axis within the face preference", 0.009),
                        ("normals within EPA's accuracy", 0.147),
                        ("ours keeps more points", 0.003),
                        ("parry keeps more points", 0.218),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.003),
                        ("same normal: parry's deepest shallower than the overlap (its EPA depth)", 0.063),
                    ],
                );
            }

            #[test]
            fn obb_cylinder() {
                run(
                    "manifold_obb_cylinder",
                    manifold_obb_cylinder::<T>,
                    pfm,
                    0.5,
                    &[
                        ("axis within the face preference", 0.029),
                        ("normals within EPA's accuracy", 0.096),
                        ("parry keeps more points", 0.483),
                        ("parry reports points beyond the prediction", 0.003),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.056),
                        ("same normal: parry's deepest shallower than the overlap (its EPA depth)", 0.093),
                    ],
                );
            }

            /// `ours keeps more points` (on this row, all or some): a cone of no height (a disc)
            /// with its back to the other shape, where ours clips the back's face (the base
            /// polygon seen from behind) and parry keeps its cone's apex.
            #[test]
            fn obb_cone() {
                run(
                    "manifold_obb_cone",
                    manifold_obb_cone::<T>,
                    pfm,
                    0.55,
                    &[
                        ("axis within the face preference", 0.024),
                        ("normals within EPA's accuracy", 0.075),
                        ("ours keeps more points", 0.003),
                        ("parry keeps more points", 0.416),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.053),
                        ("same normal: parry's deepest shallower than the overlap (its EPA depth)", 0.054),
                    ],
                );
            }

            #[test]
            fn capsule_cylinder() {
                run(
                    "manifold_capsule_cylinder",
                    manifold_capsule_cylinder::<T>,
                    pfm,
                    0.35,
                    &[
                        ("axis within the face preference", 0.018),
                        ("normals within EPA's accuracy", 0.449),
                        ("parry keeps more points", 0.426),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.003),
                        ("same normal: parry's deepest shallower than the overlap (its EPA depth)", 0.42),
                    ],
                );
            }

            #[test]
            fn capsule_cone() {
                run(
                    "manifold_capsule_cone",
                    manifold_capsule_cone::<T>,
                    pfm,
                    0.45,
                    &[
                        ("axis within the face preference", 0.015),
                        ("normals within EPA's accuracy", 0.348),
                        ("parry keeps more points", 0.39),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.003),
                        ("same normal: parry's deepest shallower than the overlap (its EPA depth)", 0.326),
                    ],
                );
            }

            #[test]
            fn triangle_cylinder() {
                run(
                    "manifold_triangle_cylinder",
                    manifold_triangle_cylinder::<T>,
                    pfm,
                    0.5,
                    &[
                        ("axis within the face preference", 0.03),
                        ("normals within EPA's accuracy", 0.242),
                        ("parry keeps more points", 0.365),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.051),
                        ("same normal: parry's deepest shallower than the overlap (its EPA depth)", 0.21),
                    ],
                );
            }

            #[test]
            fn triangle_cone() {
                run(
                    "manifold_triangle_cone",
                    manifold_triangle_cone::<T>,
                    pfm,
                    0.6,
                    &[
                        ("axis within the face preference", 0.014),
                        ("normals within EPA's accuracy", 0.188),
                        ("parry keeps more points", 0.269),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.03),
                        ("same normal: parry's deepest shallower than the overlap (its EPA depth)", 0.155),
                    ],
                );
            }

            #[test]
            fn polyhedron_cylinder() {
                run(
                    "manifold_polyhedron_cylinder",
                    manifold_polyhedron_cylinder::<T>,
                    pfm,
                    0.45,
                    &[
                        ("axis within the face preference", 0.024),
                        ("normals within EPA's accuracy", 0.132),
                        ("ours keeps more points", 0.003),
                        ("parry keeps more points", 0.549),
                        ("parry reports points beyond the prediction", 0.003),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.075),
                        ("same normal: parry's deepest beyond the overlap (its hull's merged faces)", 0.003),
                        ("same normal: parry's deepest shallower than the overlap (its EPA depth)", 0.104),
                    ],
                );
            }

            /// `ours keeps more points` (on this row, all or some): a cone of no height (a disc)
            /// with its back to the other shape, where ours clips the back's face (the base
            /// polygon seen from behind) and parry keeps its cone's apex.
            #[test]
            fn polyhedron_cone() {
                run(
                    "manifold_polyhedron_cone",
                    manifold_polyhedron_cone::<T>,
                    pfm,
                    0.5,
                    &[
                        ("axis within the face preference", 0.026),
                        ("normals within EPA's accuracy", 0.123),
                        ("ours keeps more points", 0.006),
                        ("parry keeps more points", 0.485),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.056),
                        ("same normal: parry's deepest beyond the overlap (its hull's merged faces)", 0.003),
                        ("same normal: parry's deepest shallower than the overlap (its EPA depth)", 0.093),
                    ],
                );
            }

            #[test]
            fn sphere_aabb() {
                run(
                    "manifold_sphere_aabb",
                    manifold_sphere_aabb::<T>,
                    convex_ball,
                    0.9,
                    &[],
                );
            }

            #[test]
            fn capsule_aabb() {
                run(
                    "manifold_capsule_aabb",
                    manifold_capsule_aabb::<T>,
                    pfm,
                    0.3,
                    &[
                        ("axis within the face preference", 0.029),
                        ("normals within EPA's accuracy", 0.011),
                        ("parry keeps more points", 0.945),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.003),
                    ],
                );
            }

            /// `ours overlaps less along its normal`: parry's `contact_manifold_cuboid_triangle`
            /// takes a box face along which the shapes overlap by far more than along ours (a
            /// triangle's or an edge pair's axis, the referee's least overlap).
            #[test]
            fn aabb_triangle() {
                run(
                    "manifold_aabb_triangle",
                    manifold_aabb_triangle::<T>,
                    cuboid_triangle,
                    0.45,
                    &[
                        ("apart within the prediction: parry reports none", 0.017),
                        ("apart: ours a feature axis, no point nearer than the gap", 0.003),
                        ("apart: ours separates more", 0.008),
                        ("at the prediction", 0.005),
                        ("axis within the face preference", 0.021),
                        ("normals within EPA's accuracy", 0.008),
                        ("overlapping: ours overlaps less along its normal", 0.003),
                        ("parry keeps more points", 0.651),
                        ("parry reports points beyond the prediction", 0.006),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.006),
                    ],
                );
            }

            #[test]
            fn aabb_polyhedron() {
                run(
                    "manifold_aabb_polyhedron",
                    manifold_aabb_polyhedron::<T>,
                    pfm,
                    0.35,
                    &[
                        ("apart: ours a feature axis, no point nearer than the gap", 0.005),
                        ("axis within the face preference", 0.032),
                        ("normals within EPA's accuracy", 0.018),
                        ("parry keeps more points", 0.86),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.003),
                        ("same normal: parry's deepest beyond the overlap (its hull's merged faces)", 0.003),
                    ],
                );
            }

            #[test]
            fn aabb_cylinder() {
                run(
                    "manifold_aabb_cylinder",
                    manifold_aabb_cylinder::<T>,
                    pfm,
                    0.5,
                    &[
                        ("axis within the face preference", 0.038),
                        ("normals within EPA's accuracy", 0.114),
                        ("parry keeps more points", 0.476),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.062),
                        ("same normal: parry's deepest shallower than the overlap (its EPA depth)", 0.102),
                    ],
                );
            }

            /// `ours keeps more points` (on this row, all or some): a cone of no height (a disc)
            /// with its back to the other shape, where ours clips the back's face (the base
            /// polygon seen from behind) and parry keeps its cone's apex.
            #[test]
            fn aabb_cone() {
                run(
                    "manifold_aabb_cone",
                    manifold_aabb_cone::<T>,
                    pfm,
                    0.6,
                    &[
                        ("axis within the face preference", 0.024),
                        ("normals within EPA's accuracy", 0.095),
                        ("ours keeps more points", 0.003),
                        ("parry keeps more points", 0.383),
                        ("same normal: ours a clipped corner within the preference of the overlap", 0.035),
                        ("same normal: parry's deepest shallower than the overlap (its EPA depth)", 0.086),
                    ],
                );
            }
        }
    };
}

parry_manifolds!(parry_f64, f64, parry3d_f64);
parry_manifolds!(parry_f32, f32, parry3d);
