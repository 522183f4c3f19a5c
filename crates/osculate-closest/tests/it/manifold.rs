//! Properties of the contact manifolds (`manifold_*`), each written once, generic over the scalar,
//! instantiated for `f32` and `f64` over the shared generators (every flavour), and the
//! differential test of the box-box manifold against parry3d's `contact_manifold_cuboid_cuboid`.
//!
//! The references are independent of the manifold code: the distance of a point to a shape's
//! boundary from the closed forms below, "apart" from the closest-point queries, "overlapping"
//! from the one-point `contact_*` queries.

use std::fmt::Debug;

use osculate_closest::{
    Contact, Feature, FeatureId, Manifold, closest_points_capsule_capsule, closest_points_convex,
    closest_points_segment_obb, closest_points_sphere_capsule, closest_points_sphere_sphere,
    contact_capsule_capsule, contact_obb_obb, contact_sphere_aabb, contact_sphere_capsule,
    contact_sphere_halfspace, contact_sphere_obb, contact_sphere_plane, contact_sphere_sphere,
    contact_sphere_triangle, manifold_aabb_aabb, manifold_aabb_obb, manifold_capsule_aabb,
    manifold_capsule_capsule, manifold_capsule_obb, manifold_obb_obb, manifold_sphere_aabb,
    manifold_sphere_capsule, manifold_sphere_halfspace, manifold_sphere_obb, manifold_sphere_plane,
    manifold_sphere_sphere, manifold_sphere_triangle, sq_distance_point_segment,
    sq_distance_point_triangle,
};
use osculate_math::{
    Aabb, Capsule, Cone, ConvexPolyhedron, Cylinder, Halfspace, Isometry3, Obb, Plane, Point3,
    Real, Rotation3, Segment, Sphere, Transform, Triangle, Vector3, point3, vector3,
};
use osculate_testing::{Motion, Pair, Rng};
use quickcheck::TestResult;

use crate::points::{has_nan, raw_point, raw_values, run};

/// A shape of the manifold properties: how far a point is from its boundary, its size and place
/// (for the tolerances), and how it moves.
pub(crate) trait Body<T: Real>: Clone + Debug {
    /// The distance from `p` to the shape's boundary (its surface), `p` inside or outside.
    fn gap(&self, p: &Point3<T>) -> T;
    /// The largest absolute coordinate or length of the shape: rounding errors are relative to it.
    fn magnitude(&self) -> T;
    /// The shape's own size (extents, radius, lengths), without its distance from the origin.
    fn size(&self) -> T;
    /// The shape moved rigidly, when its type can express that (an AABB cannot rotate).
    fn moved(&self, iso: &Isometry3<T>) -> Option<Self>;
}

fn amax<T: Real>(p: &Point3<T>) -> T {
    p.coords.amax()
}

impl<T: Real> Body<T> for Obb<T> {
    fn gap(&self, p: &Point3<T>) -> T {
        let local = self.to_local(p);
        let excess = local.zip_map(&self.half_extents, |x, e| (x.abs() - e).fast_max(T::ZERO));
        if excess.norm_squared() > T::ZERO {
            excess.norm()
        } else {
            (0..3).fold(T::INFINITY, |g, k| g.fast_min(self.half_extents[k] - local[k].abs()))
        }
    }
    fn magnitude(&self) -> T {
        amax(&self.center) + self.half_extents.amax() * T::lit(1.8)
    }
    fn size(&self) -> T {
        self.half_extents.amax()
    }
    fn moved(&self, iso: &Isometry3<T>) -> Option<Self> {
        Some(self.transformed(iso))
    }
}

impl<T: Real> Body<T> for Aabb<T> {
    fn gap(&self, p: &Point3<T>) -> T {
        self.to_obb().gap(p)
    }
    fn magnitude(&self) -> T {
        amax(&self.min).fast_max(amax(&self.max))
    }
    fn size(&self) -> T {
        self.half_extents().amax()
    }
    fn moved(&self, _: &Isometry3<T>) -> Option<Self> {
        None
    }
}

impl<T: Real> Body<T> for Sphere<T> {
    fn gap(&self, p: &Point3<T>) -> T {
        ((p - self.center).norm() - self.radius).abs()
    }
    fn magnitude(&self) -> T {
        amax(&self.center) + self.radius
    }
    fn size(&self) -> T {
        self.radius
    }
    fn moved(&self, iso: &Isometry3<T>) -> Option<Self> {
        Some(self.transformed(iso))
    }
}

impl<T: Real> Body<T> for Capsule<T> {
    fn gap(&self, p: &Point3<T>) -> T {
        (sq_distance_point_segment(p, &Segment::new(self.a, self.b)).sqrt() - self.radius).abs()
    }
    fn magnitude(&self) -> T {
        amax(&self.a).fast_max(amax(&self.b)) + self.radius
    }
    fn size(&self) -> T {
        (self.b - self.a).norm().fast_max(self.radius)
    }
    fn moved(&self, iso: &Isometry3<T>) -> Option<Self> {
        Some(self.transformed(iso))
    }
}

impl<T: Real> Body<T> for Triangle<T> {
    fn gap(&self, p: &Point3<T>) -> T {
        sq_distance_point_triangle(p, self).sqrt()
    }
    fn magnitude(&self) -> T {
        amax(&self.a).fast_max(amax(&self.b)).fast_max(amax(&self.c))
    }
    fn size(&self) -> T {
        (self.b - self.a).norm().fast_max((self.c - self.a).norm())
    }
    fn moved(&self, iso: &Isometry3<T>) -> Option<Self> {
        Some(self.transformed(iso))
    }
}

impl<T: Real> Body<T> for Plane<T> {
    fn gap(&self, p: &Point3<T>) -> T {
        self.signed_distance(p).abs()
    }
    fn magnitude(&self) -> T {
        self.d.abs()
    }
    fn size(&self) -> T {
        T::ZERO
    }
    fn moved(&self, iso: &Isometry3<T>) -> Option<Self> {
        Some(self.transformed(iso))
    }
}

impl<T: Real> Body<T> for Halfspace<T> {
    fn gap(&self, p: &Point3<T>) -> T {
        self.plane.gap(p)
    }
    fn magnitude(&self) -> T {
        self.plane.d.abs()
    }
    fn size(&self) -> T {
        T::ZERO
    }
    fn moved(&self, iso: &Isometry3<T>) -> Option<Self> {
        Some(Halfspace::new(self.plane.transformed(iso)))
    }
}

/// A manifold query under test, with `Self` as shape A and `B` as shape B.
pub(crate) trait Query<T: Real, B: Body<T>>: Body<T> {
    fn manifold(&self, b: &B, prediction: T) -> Manifold<T>;
    /// The one-point contact of the pair.
    fn contact(&self, b: &B) -> Option<Contact<T>>;
    /// The gap between the shapes by the closest-point queries (zero when they meet), where the
    /// crate has one for the pair.
    fn apart(&self, b: &B) -> Option<T>;
    /// How far off its surfaces a point may be beyond rounding, by the method's stated bound: the
    /// parallel capsule ends (`radius · 1e-4 / 2`); zero elsewhere.
    fn off_surface(&self, _: &B) -> T {
        T::ZERO
    }
    /// How much shallower than the one-point contact the deepest point may be: the box-box face
    /// preference (1e-3 of the size), zero for the pairs built on the contact itself.
    fn preference(&self, _: &B) -> T {
        T::ZERO
    }
    /// How much deeper than the one-point contact's `depth` the shapes may truly overlap: EPA's
    /// depth (the contact of the pairs without a closed form) is a lower bound, final within its
    /// relative gap of √ε (f32 3.5e-4, f64 1.5e-8); zero for a closed-form contact.
    fn contact_accuracy(&self, _: &B, _depth: T) -> T {
        T::ZERO
    }
    /// Whether the pair's normal is undetermined within `tol` (the axes of two capsules, or a
    /// sphere's center and the other's axis or center, meet): its sign is then rounding's choice.
    fn normal_tie(&self, _: &B, _: T) -> bool {
        false
    }
    /// How far the method's points may move under a rigid motion beyond rounding: the accuracy
    /// of an iterative normal (GJK/EPA on curved shapes); zero for the closed forms.
    fn accuracy(&self, _: &B) -> T {
        T::ZERO
    }
    /// How far the points may move under a rigid motion where the method keeps GJK/EPA's own
    /// normal (no feature of either shape fixes it), and by how much that normal may turn (in
    /// radians): zero for methods that never keep it.
    fn fallback_accuracy(&self, _: &B) -> (T, T) {
        (T::ZERO, T::ZERO)
    }
    /// For a method that takes a feature's normal over an iterative one when its separation is
    /// within a preference of the iterative one's: that preference, and how far the iterative
    /// separation may be off (`None` for the other methods).
    fn switch(&self, _: &B) -> Option<(T, T)> {
        None
    }
    /// The shape B translated by `v`.
    fn shift(b: &B, v: &Vector3<T>) -> B;
    /// The separation of the shapes along unit `n` (B's least projection on it less A's
    /// largest), for the pairs that choose their axis by a face preference; `None` elsewhere.
    fn separation(&self, _: &B, _: &Vector3<T>) -> Option<T> {
        None
    }
}

pub(crate) fn translate<T: Real, S: Transform<T, Output = S>>(s: &S, v: &Vector3<T>) -> S {
    s.transformed(&Isometry3::translation(v.x, v.y, v.z))
}

impl<T: Real> Query<T, Obb<T>> for Obb<T> {
    fn manifold(&self, b: &Obb<T>, prediction: T) -> Manifold<T> {
        manifold_obb_obb(self, b, prediction)
    }
    fn contact(&self, b: &Obb<T>) -> Option<Contact<T>> {
        contact_obb_obb(self, b)
    }
    fn apart(&self, b: &Obb<T>) -> Option<T> {
        Some(closest_points_convex(self, b).distance)
    }
    fn preference(&self, b: &Obb<T>) -> T {
        T::lit(1e-3) * (self.size() + b.size())
    }
    fn shift(b: &Obb<T>, v: &Vector3<T>) -> Obb<T> {
        translate(b, v)
    }
}

/// The axis-aligned box pairs: the oriented-box manifold on the boxes as oriented boxes, the
/// one-point contact of the oriented boxes, the box-box face preference.
///
/// Each pair's properties are instantiated in the module named first ([`manifold_properties`]).
macro_rules! aligned_box_pairs {
    ($($name:ident: $B:ident: $manifold:ident;)*) => {$(
        impl<T: Real> Query<T, $B<T>> for Aabb<T> {
            fn manifold(&self, b: &$B<T>, prediction: T) -> Manifold<T> {
                $manifold(self, b, prediction)
            }
            fn contact(&self, b: &$B<T>) -> Option<Contact<T>> {
                contact_obb_obb(&self.to_obb(), &as_obb(b))
            }
            fn apart(&self, b: &$B<T>) -> Option<T> {
                Some(closest_points_convex(self, b).distance)
            }
            fn preference(&self, b: &$B<T>) -> T {
                T::lit(1e-3) * (self.size() + b.size())
            }
            fn shift(b: &$B<T>, v: &Vector3<T>) -> $B<T> {
                shift_any(b, v)
            }
        }
    )*
        crate::manifold::manifold_properties! {
            $($name: Aabb, $B;)*
        }
    };
}

aligned_box_pairs! {
    aabb_aabb: Aabb: manifold_aabb_aabb;
    aabb_obb: Obb: manifold_aabb_obb;
}

impl<T: Real> Query<T, Capsule<T>> for Capsule<T> {
    fn manifold(&self, b: &Capsule<T>, prediction: T) -> Manifold<T> {
        manifold_capsule_capsule(self, b, prediction)
    }
    fn contact(&self, b: &Capsule<T>) -> Option<Contact<T>> {
        contact_capsule_capsule(self, b)
    }
    fn apart(&self, b: &Capsule<T>) -> Option<T> {
        Some(closest_points_capsule_capsule(self, b).distance)
    }
    fn off_surface(&self, b: &Capsule<T>) -> T {
        T::lit(0.5e-4) * (self.radius + b.radius)
    }
    fn normal_tie(&self, b: &Capsule<T>, tol: T) -> bool {
        let axes = osculate_closest::closest_points_segment_segment(
            &Segment::new(self.a, self.b),
            &Segment::new(b.a, b.b),
        );
        axes.distance <= tol
    }
    fn shift(b: &Capsule<T>, v: &Vector3<T>) -> Capsule<T> {
        translate(b, v)
    }
}

/// The reference contact of capsule `c` and box `o`, computed in f64 independently of the
/// manifold: when the capsule's axis and the box are apart (an axis below separates them), their
/// closest points (the distance less the radius); when they meet, the least overlap of the axis segment and the box over the
/// facet normals of their Minkowski difference (a zonotope: the box's three axes, and the segment's
/// direction crossed with each, skipped below a sine of 1e-6), less the radius. The least overlap
/// over a polytope pair's complete axis set is their penetration depth, and a capsule's is its
/// axis's plus the radius. The witnesses of an overlap are not computed (the properties read the
/// distance and the normal): both are the closest point of the axis.
fn capsule_box_contact<T: Real>(c: &Capsule<T>, o: &Obb<T>) -> Option<Contact<T>> {
    let wide = |p: &Point3<T>| Point3::new(p.x.to_f64(), p.y.to_f64(), p.z.to_f64());
    let (a, b) = (wide(&c.a), wide(&c.b));
    let rotation =
        osculate_math::Matrix3::from_iterator(o.rotation.matrix().iter().map(|x| x.to_f64()));
    let ob = Obb::new(
        wide(&o.center),
        Rotation3::from_matrix_unchecked(rotation),
        wide(&Point3::from(o.half_extents)).coords,
    );
    let r: f64 = c.radius.to_f64();
    let cp = closest_points_segment_obb(&Segment::new(a, b), &ob);
    let back = |p: Point3<f64>| Point3::new(T::lit(p.x), T::lit(p.y), T::lit(p.z));
    let unit = |v: Vector3<f64>| osculate_math::Unit::new_normalize(vector3::<T>(v.x, v.y, v.z));
    if !cp.distance.is_finite() || !r.is_finite() {
        return None;
    }
    let d = b - a;
    let axes = ob.axes();
    let mut candidates: Vec<Vector3<f64>> = axes.to_vec();
    for u in &axes {
        let l = d.cross(u);
        if l.norm() > 1e-6 * d.norm() {
            candidates.push(l.normalize());
        }
    }
    let mut best = (f64::INFINITY, Vector3::x());
    for l in candidates {
        let radius: f64 = (0..3).map(|i| ob.half_extents[i] * axes[i].dot(&l).abs()).sum();
        let mid = ob.center.coords.dot(&l);
        let (pa, pb) = (a.coords.dot(&l), b.coords.dot(&l));
        // Overlap with the capsule's axis pushed to the low side (normal +l) or the high side.
        let low = pa.max(pb) - (mid - radius);
        let high = (mid + radius) - pa.min(pb);
        let (overlap, n) = if low <= high { (low, l) } else { (high, -l) };
        if overlap < best.0 {
            best = (overlap, n);
        }
    }
    if best.0 < 0.0 {
        // Apart (a separating axis): the closest points.
        let n = (cp.point_b - cp.point_a) / cp.distance;
        return Some(Contact {
            distance: T::lit(cp.distance - r),
            normal: unit(n),
            point_a: back(cp.point_a + n * r),
            point_b: back(cp.point_b),
        });
    }
    Some(Contact {
        distance: T::lit(-best.0 - r),
        normal: unit(best.1),
        point_a: back(cp.point_a),
        point_b: back(cp.point_a),
    })
}

/// The capsule-box pairs: the reference contact [`capsule_box_contact`]; the box-box face
/// preference; the parallel ends' off-surface bound of the capsule pairs. parry3d (0.31) has no
/// capsule-cuboid manifold to compare with (its `contact_manifolds_cuboid_capsule` module is not
/// built in 3D; capsule-cuboid pairs go through its generic polygonal-feature-map manifold, whose
/// depth comes from GJK/EPA): the f64 reference is the independent check.
///
/// Each pair's properties are instantiated in the module named first ([`manifold_properties`]).
macro_rules! capsule_box_pairs {
    ($($name:ident: $B:ident: $manifold:ident;)*) => {$(
        impl<T: Real> Query<T, $B<T>> for Capsule<T> {
            fn manifold(&self, b: &$B<T>, prediction: T) -> Manifold<T> {
                $manifold(self, b, prediction)
            }
            fn contact(&self, b: &$B<T>) -> Option<Contact<T>> {
                capsule_box_contact(self, &as_obb(b))
            }
            fn apart(&self, b: &$B<T>) -> Option<T> {
                Some(osculate_closest::closest_points_capsule_obb(self, &as_obb(b)).distance)
            }
            fn off_surface(&self, _: &$B<T>) -> T {
                T::lit(0.5e-4) * self.radius
            }
            fn preference(&self, b: &$B<T>) -> T {
                T::lit(1e-3) * (self.size() + b.size())
            }
            fn shift(b: &$B<T>, v: &Vector3<T>) -> $B<T> {
                shift_any(b, v)
            }
        }
    )*
        crate::manifold::manifold_properties! {
            $($name: Capsule, $B;)*
        }
    };
}

/// A box of either kind as an oriented box.
fn as_obb<T: Real, B: AsObb<T>>(b: &B) -> Obb<T> {
    b.as_obb()
}

trait AsObb<T: Real> {
    fn as_obb(&self) -> Obb<T>;
}

impl<T: Real> AsObb<T> for Obb<T> {
    fn as_obb(&self) -> Obb<T> {
        *self
    }
}

impl<T: Real> AsObb<T> for Aabb<T> {
    fn as_obb(&self) -> Obb<T> {
        self.to_obb()
    }
}

capsule_box_pairs! {
    capsule_obb: Obb: manifold_capsule_obb;
    capsule_aabb: Aabb: manifold_capsule_aabb;
}

/// The sphere pairs: one point from the `contact_*` query of the pair.
///
/// Each pair's properties are instantiated in the module named first ([`manifold_properties`]).
macro_rules! sphere_pairs {
    ($($name:ident: $B:ident: $manifold:ident, $contact:ident, $apart:expr;)*) => {$(
        impl<T: Real> Query<T, $B<T>> for Sphere<T> {
            fn manifold(&self, b: &$B<T>, prediction: T) -> Manifold<T> {
                $manifold(self, b, prediction)
            }
            fn contact(&self, b: &$B<T>) -> Option<Contact<T>> {
                $contact(self, b)
            }
            fn apart(&self, b: &$B<T>) -> Option<T> {
                let f: fn(&Sphere<T>, &$B<T>) -> Option<T> = $apart;
                f(self, b)
            }
            fn normal_tie(&self, b: &$B<T>, tol: T) -> bool {
                // The center on B's core (a capsule's axis, a sphere's center): no direction.
                b.gap(&self.center) + self.radius <= tol
                    || Sphere::new(self.center, T::ZERO).gap(&core_point(b)) <= tol
            }
            fn shift(b: &$B<T>, v: &Vector3<T>) -> $B<T> {
                shift_any(b, v)
            }
        }
    )*
        crate::manifold::manifold_properties! {
            $($name: Sphere, $B;)*
        }
    };
}

/// A point of a shape's core, for the sphere pairs' normal tie: a sphere's center; for the other
/// shapes a point far away (they have a boundary through which the normal is decided).
fn core_point<T: Real, S: Core<T>>(s: &S) -> Point3<T> {
    s.core()
}

trait Core<T: Real> {
    fn core(&self) -> Point3<T> {
        Point3::new(T::MAX, T::MAX, T::MAX)
    }
}

impl<T: Real> Core<T> for Sphere<T> {
    fn core(&self) -> Point3<T> {
        self.center
    }
}

impl<T: Real> Core<T> for Capsule<T> {}
impl<T: Real> Core<T> for Aabb<T> {}
impl<T: Real> Core<T> for Obb<T> {}
impl<T: Real> Core<T> for Triangle<T> {}
impl<T: Real> Core<T> for Plane<T> {}
impl<T: Real> Core<T> for Halfspace<T> {}

/// A translation of any shape of the sphere pairs, keeping its type.
pub(crate) fn shift_any<T: Real, S: Shifted<T>>(s: &S, v: &Vector3<T>) -> S {
    s.shifted(v)
}

pub(crate) trait Shifted<T: Real> {
    fn shifted(&self, v: &Vector3<T>) -> Self;
}

impl<T: Real> Shifted<T> for Aabb<T> {
    fn shifted(&self, v: &Vector3<T>) -> Self {
        Aabb::new(self.min + v, self.max + v)
    }
}

impl<T: Real> Shifted<T> for Halfspace<T> {
    fn shifted(&self, v: &Vector3<T>) -> Self {
        Halfspace::new(translate(&self.plane, v))
    }
}

macro_rules! shifted_by_isometry {
    ($($S:ident),*) => {$(
        impl<T: Real> Shifted<T> for $S<T> {
            fn shifted(&self, v: &Vector3<T>) -> Self {
                translate(self, v)
            }
        }
    )*};
}

shifted_by_isometry!(Sphere, Capsule, Obb, Triangle, Plane);

sphere_pairs! {
    sphere_sphere: Sphere: manifold_sphere_sphere, contact_sphere_sphere,
        |a, b| Some(closest_points_sphere_sphere(a, b).distance);
    sphere_capsule: Capsule: manifold_sphere_capsule, contact_sphere_capsule,
        |a, b| Some(closest_points_sphere_capsule(a, b).distance);
    sphere_aabb: Aabb: manifold_sphere_aabb, contact_sphere_aabb,
        |a, b| Some(closest_points_convex(a, b).distance);
    sphere_obb: Obb: manifold_sphere_obb, contact_sphere_obb,
        |a, b| Some(closest_points_convex(a, b).distance);
    sphere_triangle: Triangle: manifold_sphere_triangle, contact_sphere_triangle,
        |a, b| Some(closest_points_convex(a, b).distance);
    sphere_plane: Plane: manifold_sphere_plane, contact_sphere_plane, |_, _| None;
    sphere_halfspace: Halfspace: manifold_sphere_halfspace, contact_sphere_halfspace, |_, _| None;
}

/// The rounding tolerance of a pair: 256 ε (f32 3e-5, f64 6e-14) times the pair's magnitude
/// (coordinates far from the origin round on their own scale), a few dozen roundings of the
/// largest coordinate.
pub(crate) fn tolerance<T: Real, A: Body<T>, B: Body<T>>(a: &A, b: &B) -> T {
    T::EPSILON * T::lit(256.0) * a.magnitude().fast_max(b.magnitude()).fast_max(T::ONE)
}

/// The prediction distance of the properties: a tenth of the pair's size.
pub(crate) fn prediction<T: Real, A: Body<T>, B: Body<T>>(a: &A, b: &B) -> T {
    T::lit(0.1) * (a.size() + b.size())
}

/// Every point lies on both surfaces (within rounding and the method's stated bound), the points
/// are `distance · normal` apart, no point is beyond the prediction, the normal is unit, and there
/// are at most four.
pub(crate) fn points_lie_on_both_surfaces<T: Real, A: Query<T, B>, B: Body<T>>(
    a: &A,
    b: &B,
) -> TestResult {
    let pred = prediction(a, b);
    let m = a.manifold(b, pred);
    let tol = tolerance(a, b) + a.off_surface(b);
    if (m.normal.norm() - T::ONE).abs() > T::lit(1e-3) && !m.is_empty() {
        return TestResult::error(format!("normal not unit: {m:?}"));
    }
    for p in m.points() {
        let (ga, gb) = (a.gap(&p.point_a), b.gap(&p.point_b));
        let joined = (p.point_b - p.point_a - m.normal.into_inner() * p.distance).norm();
        if ga > tol || gb > tol || joined > tol || p.distance > pred + tol {
            return TestResult::error(format!(
                "off surface {ga:?} {gb:?}, joined {joined:?}, tol {tol:?}: {a:?} {b:?} {m:?}"
            ));
        }
    }
    // Apart by more than the prediction (by the closest-point queries): no point.
    if let Some(gap) = a.apart(b)
        && gap > pred + tol
        && !m.is_empty()
    {
        return TestResult::error(format!("apart by {gap:?} > {pred:?}: {m:?}"));
    }
    TestResult::from_bool(m.len() <= 4)
}

/// Moving B by the deepest point's depth along the normal makes the shapes touch: not apart (the
/// closest-point queries say zero distance) and not overlapping (the one-point contact's signed
/// distance is not negative), within rounding and the face preference.
pub(crate) fn moving_by_the_depth_makes_them_touch<T: Real, A: Query<T, B>, B: Body<T>>(
    a: &A,
    b: &B,
) -> TestResult {
    let m = a.manifold(b, T::ZERO);
    let Some(deepest) = m.deepest() else { return TestResult::discard() };
    if deepest.distance >= T::ZERO {
        return TestResult::discard();
    }
    let moved = A::shift(b, &(m.normal.into_inner() * -deepest.distance));
    let tol = tolerance(a, b) + a.preference(b);
    if let Some(gap) = a.apart(&moved)
        && gap > tol
    {
        return TestResult::error(format!("apart by {gap:?} after the move: {a:?} {b:?} {m:?}"));
    }
    match a.contact(&moved) {
        Some(c) if c.distance < -tol => TestResult::error(format!(
            "still overlapping by {:?} after the move: {a:?} {b:?} {m:?}",
            c.distance
        )),
        _ => TestResult::passed(),
    }
}

/// The one-point contact agrees with the deepest manifold point: the same depth (within the face
/// preference for boxes) and normal; where the normals differ, the depth along the manifold's
/// normal is within the preference of the contact's depth, as both are a least overlap.
pub(crate) fn contact_agrees_with_the_deepest_point<T: Real, A: Query<T, B>, B: Body<T>>(
    a: &A,
    b: &B,
) -> TestResult {
    let m = a.manifold(b, T::ZERO);
    let Some(c) = a.contact(b) else {
        if m.is_empty() {
            return TestResult::passed();
        }
        return TestResult::error(format!("no contact but {m:?}: {a:?} {b:?}"));
    };
    if c.distance > T::ZERO {
        return TestResult::discard();
    }
    let Some(deepest) = m.deepest() else {
        // Touching exactly (distance 0 from the contact): the manifold may see the gap of rounding.
        if c.distance >= -tolerance(a, b) {
            return TestResult::passed();
        }
        return TestResult::error(format!("contact {c:?} but no point: {a:?} {b:?}"));
    };
    let tol = tolerance(a, b) + a.preference(b);
    let same_normal = (m.normal.into_inner() - c.normal.into_inner()).norm() <= T::lit(1e-2);
    // How much deeper the manifold's deepest point is than the contact: within the preference
    // either way, and beyond it by the contact's own accuracy, which only under-reports a depth.
    let deeper = c.distance - deepest.distance;
    let within = -tol <= deeper && deeper <= tol + a.contact_accuracy(b, -c.distance);
    let ok = within && (same_normal || a.preference(b) > T::ZERO);
    if ok {
        TestResult::passed()
    } else {
        TestResult::error(format!("contact {c:?} vs deepest {deepest:?} of {m:?}: {a:?} {b:?}"))
    }
}

/// Seeds of the rigid-motion check per pair and scalar.
const MOTIONS: u64 = 2000;

/// What a rigid motion did to a manifold.
#[derive(Debug)]
enum Moved {
    /// The same ids, the points and the normal moved with the bodies.
    Kept,
    /// A point within rounding of the prediction distance came or went.
    AtPrediction,
    /// The normal flipped where the pair has no normal within rounding (see `Query::normal_tie`).
    NormalUndetermined,
    /// The same points (moved with the bodies, matched by place) under other ids: a point on the
    /// boundary between two features (a corner of a triangle's Voronoi region, a flat box's
    /// coinciding faces), named by either within rounding.
    Relabelled,
    /// Another axis (and so other points) where the separations along the two axes differ by the
    /// face preference within rounding: the choice between a face and an edge pair (or a face of
    /// A and one of B) is then rounding's, like a point at the prediction distance.
    AtPreference,
    /// Another axis where the separations along the two axes differ by less than the accuracy of
    /// an iterative normal: both are the axis of least overlap as far as GJK/EPA can tell.
    AtAccuracy,
    /// The normal and the points moved by more than rounding, within the accuracy of GJK/EPA's
    /// own normal (see `Query::fallback_accuracy`): the method keeps that normal where no feature
    /// of either shape fixes it (a box's edge or corner against a cap's rim, a cone's side
    /// against a curved surface), and EPA knows it only to its stopping tolerance.
    AtFallbackAccuracy,
}

/// Moves both bodies by `motion` and compares the manifolds; `Err` names a real difference.
fn moved_manifold<T: Real, A: Query<T, B>, B: Body<T>>(
    a: &A,
    b: &B,
    motion: &Isometry3<T>,
) -> Result<Moved, String> {
    let (Some(ma), Some(mb)) = (a.moved(motion), b.moved(motion)) else {
        return Ok(Moved::Kept);
    };
    let pred = prediction(a, b);
    let before = a.manifold(b, pred);
    let after = ma.manifold(&mb, pred);
    let tol = tolerance(a, b).fast_max(tolerance(&ma, &mb)) * T::lit(4.0) + a.accuracy(b);
    let near = |m: &Manifold<T>| m.points().iter().any(|p| (p.distance - pred).abs() <= tol);
    // The normal's rounding: the positions' tolerance over the shapes' size.
    let size = a.size() + b.size();
    let normal_tol = T::lit(1e-2).fast_max(tol * T::lit(4.0) / size);
    let normal = motion.rotation * before.normal.into_inner();
    let turned = (normal - after.normal.into_inner()).norm() > normal_tol;
    // Another normal, whose separation differs from the first one's by the preference within
    // rounding (both in the moved frame): either axis is the method's answer.
    if let (Some(s0), Some(s1)) =
        (ma.separation(&mb, &normal), ma.separation(&mb, &after.normal.into_inner()))
        && turned
        && !before.is_empty()
        && !after.is_empty()
        && ((s0 - s1).abs() - a.preference(b)).abs() <= tol
    {
        return Ok(Moved::AtPreference);
    }
    // Another normal along which the shapes overlap as much, within the accuracy of an iterative
    // normal (GJK/EPA on curved shapes): two axes of least overlap, either is the answer.
    if let (Some(s0), Some(s1)) =
        (ma.separation(&mb, &normal), ma.separation(&mb, &after.normal.into_inner()))
        && turned
        && a.accuracy(b) > T::ZERO
        && (s0 - s1).abs() <= a.accuracy(b)
    {
        return Ok(Moved::AtAccuracy);
    }
    // Another normal, a feature's on one side and the iterative one on the other, whose
    // separations differ by the method's preference within the iterative one's accuracy: the
    // choice is then that accuracy's.
    if let (Some(s0), Some(s1), Some((switch, slack))) =
        (ma.separation(&mb, &normal), ma.separation(&mb, &after.normal.into_inner()), a.switch(b))
        && !before.is_empty()
        && !after.is_empty()
        && (normal - after.normal.into_inner()).norm() * size > tol
        && ((s0 - s1).abs() - switch).abs() <= tol + slack
    {
        return Ok(Moved::AtPreference);
    }
    if before.len() != after.len() {
        return if near(&before) || near(&after) {
            Ok(Moved::AtPrediction)
        } else {
            Err(format!("{} points became {}: {before:?} {after:?}", before.len(), after.len()))
        };
    }
    if before.is_empty() {
        return Ok(Moved::Kept);
    }
    let (fallback, fallback_angle) = a.fallback_accuracy(b);
    if turned {
        if a.normal_tie(b, tol) {
            return Ok(Moved::NormalUndetermined);
        }
        if (normal - after.normal.into_inner()).norm() <= fallback_angle {
            return Ok(Moved::AtFallbackAccuracy);
        }
        return Err(format!("normal moved to {normal:?}: {before:?} {after:?}"));
    }
    let mut relabelled = false;
    let mut fallback_moved = false;
    for p in before.points() {
        let moved = motion * p.point_a;
        let same_place = |q: &&osculate_closest::ManifoldPoint<T>| {
            (moved - q.point_a).norm() <= tol && (p.distance - q.distance).abs() <= tol
        };
        let near_place = |q: &&osculate_closest::ManifoldPoint<T>| {
            (moved - q.point_a).norm() <= tol + fallback
                && (p.distance - q.distance).abs() <= tol + fallback
        };
        match after.points().iter().find(|q| q.id == p.id) {
            Some(q) if same_place(&q) => {}
            Some(q) if near_place(&q) => fallback_moved = true,
            Some(q) => return Err(format!("point {p:?} moved to {q:?}, expected {moved:?}")),
            None if after.points().iter().any(|q| same_place(&q)) => relabelled = true,
            None => return Err(format!("id {:?} lost: {before:?} {after:?}", p.id)),
        }
    }
    Ok(if fallback_moved {
        Moved::AtFallbackAccuracy
    } else if relabelled {
        Moved::Relabelled
    } else {
        Moved::Kept
    })
}

/// A rigid motion of both bodies moves every point with it and keeps every id, on `MOTIONS`
/// seeded pairs and motions; the excused cases (a point at the prediction distance, a point
/// relabelled at a feature boundary, two axes whose separations differ by the face preference
/// within rounding) are counted and must stay under 2%.
pub(crate) fn rigid_motion_moves_points_and_keeps_ids<T, A, B>()
where
    T: Real,
    A: Query<T, B> + osculate_testing::GenerateAny<Scalar = T>,
    B: Body<T> + osculate_testing::GenerateAny<Scalar = T>,
{
    let mut excused = std::collections::BTreeMap::<String, u64>::new();
    for seed in 0..MOTIONS {
        let p = Pair::<A, B>::from_seed(seed);
        // Translations up to ten times the pair's size (at most ten units): tiny shapes carried
        // ten units away would round to a hundredth of their size in f32.
        let mut motion = Motion::<T>::random(&mut Rng::new(seed ^ 0x9e37_79b9)).0;
        motion.translation.vector *= (p.a.size() + p.b.size()).fast_min(T::ONE);
        match moved_manifold(&p.a, &p.b, &motion) {
            Ok(Moved::Kept) => {}
            Ok(other) => *excused.entry(format!("{other:?}")).or_default() += 1,
            Err(e) => panic!("seed {seed}: {e}\n{:?}\n{:?}", p.a, p.b),
        }
    }
    eprintln!("rigid motion, excused of {MOTIONS}: {excused:?}");
    assert!(excused.values().sum::<u64>() * 50 <= MOTIONS, "{excused:?}");
}

/// The properties of one pair, as quickcheck properties for `f32` and `f64`.
macro_rules! manifold_properties {
    ($($name:ident: $A:ident, $B:ident;)*) => {$(
        mod $name {
            use super::*;

            fn surfaces<T: Real>(p: Pair<$A<T>, $B<T>>) -> TestResult {
                points_lie_on_both_surfaces(&p.a, &p.b)
            }
            fn touch<T: Real>(p: Pair<$A<T>, $B<T>>) -> TestResult {
                moving_by_the_depth_makes_them_touch(&p.a, &p.b)
            }
            fn agrees<T: Real>(p: Pair<$A<T>, $B<T>>) -> TestResult {
                contact_agrees_with_the_deepest_point(&p.a, &p.b)
            }
            fn rigid<T: Real>() {
                rigid_motion_moves_points_and_keeps_ids::<T, $A<T>, $B<T>>();
            }

            osculate_testing::for_f32_and_f64!(run: surfaces, touch, agrees);
            osculate_testing::for_f32_and_f64!(rigid);
        }
    )*};
}

pub(crate) use manifold_properties;

/// The [`Query`] methods of a pair with no closed-form reference, inside its `impl`: the manifold
/// by `$manifold`, the one-point contact by GJK/EPA, the gap by GJK.
macro_rules! gjk_epa_query {
    ($B:ty, $manifold:ident) => {
        fn manifold(&self, b: &$B, prediction: T) -> Manifold<T> {
            $manifold(self, b, prediction)
        }
        fn contact(&self, b: &$B) -> Option<Contact<T>> {
            osculate_closest::contact_convex(self, b, osculate_closest::EPA_MAX_ITERATIONS)
        }
        fn apart(&self, b: &$B) -> Option<T> {
            Some(osculate_closest::closest_points_convex(self, b).distance)
        }
    };
}

pub(crate) use gjk_epa_query;

// The pairs of the impl tables above have their properties instantiated there.
manifold_properties! {
    obb_obb: Obb, Obb;
    capsule_capsule: Capsule, Capsule;
}

/// A box resting on a larger box (the ground turned at random, the top box turned about the
/// ground's normal, placed anywhere on the ground's top face, overhanging or not, sunk by 1e-3 of
/// its size) and the same box jittered by 1e-4 of its size in position and 1e-4 rad in angle: the
/// fraction of the ids of the first manifold found again in the second. The reference face must
/// not flip and the clipped features must persist.
fn resting_ids_survive_jitter<T: Real>() {
    let mut rng = Rng::new(0x0005_eed0_f1d5);
    let (mut kept, mut total) = (0usize, 0usize);
    for _ in 0..500 {
        let turn = rng.rotation::<T>();
        let g = vector3::<T>(rng.range(1.0, 3.0), rng.range(1.0, 3.0), rng.range(0.2, 1.0));
        let ground = Obb::new(Point3::from(rng_offset(&mut rng, 5.0)), turn, g);
        let e = vector3::<T>(rng.range(0.2, 0.6), rng.range(0.2, 0.6), rng.range(0.2, 0.6));
        let spin = Rotation3::from_axis_angle(&Vector3::z_axis(), T::lit(rng.range(0.0, 6.3)));
        let [x, y, z] = ground.axes();
        let place = ground.center
            + x * (T::lit(rng.range(-1.1, 1.1)) * g.x)
            + y * (T::lit(rng.range(-1.1, 1.1)) * g.y)
            + z * (g.z + e.z - T::lit(1e-3) * e.amax());
        let top = Obb::new(place, turn * spin, e);
        let jitter = T::lit(1e-4) * e.amax();
        let nudge = rng_offset::<T>(&mut rng, 1.0) * jitter;
        let tilt = Rotation3::from_scaled_axis(rng.unit_vector::<T>().into_inner() * T::lit(1e-4));
        let jittered = Obb::new(top.center + nudge, tilt * top.rotation, e);
        let pred = T::lit(1e-2) * e.amax();
        let before = manifold_obb_obb(&ground, &top, pred);
        let after = manifold_obb_obb(&ground, &jittered, pred);
        total += before.len();
        kept +=
            before.points().iter().filter(|p| after.points().iter().any(|q| q.id == p.id)).count();
        // The ground's top face (+z, `Face(5)`) or its edges are the features on A.
        assert!(
            before
                .points()
                .iter()
                .all(|p| !matches!(p.id.a, Feature::Vertex(_)) || before.len() > 2),
            "{before:?}"
        );
    }
    let fraction = kept as f64 / total.max(1) as f64;
    eprintln!("resting ids kept: {kept} of {total} ({fraction:.4})");
    assert!(total > 1000, "too few points: {total}");
    assert!(fraction >= 0.99, "{kept} of {total} ids survived the jitter");
}

pub(crate) fn rng_offset<T: Real>(rng: &mut Rng, size: f64) -> Vector3<T> {
    vector3(rng.range(-size, size), rng.range(-size, size), rng.range(-size, size))
}

/// A box turned at random, of half extents 1 to 3 across and 0.2 to 1 thick, about a point
/// within 5 of the origin: the ground of the resting-contact tests.
pub(crate) fn random_ground<T: Real>(rng: &mut Rng) -> Obb<T> {
    let turn = rng.rotation::<T>();
    let g = vector3::<T>(rng.range(1.0, 3.0), rng.range(1.0, 3.0), rng.range(0.2, 1.0));
    Obb::new(Point3::from(rng_offset(rng, 5.0)), turn, g)
}

/// A point `lift` above the top face of `ground` (its third axis up), anywhere over it or up to a
/// tenth of its extent beyond its sides.
pub(crate) fn point_over_top<T: Real>(rng: &mut Rng, ground: &Obb<T>, lift: T) -> Point3<T> {
    let ([x, y, z], g) = (ground.axes(), ground.half_extents);
    ground.center
        + x * (T::lit(rng.range(-1.1, 1.1)) * g.x)
        + y * (T::lit(rng.range(-1.1, 1.1)) * g.y)
        + z * (g.z + lift)
}

/// How many ids of `before`'s points `after` has too.
pub(crate) fn ids_kept<T: Real>(before: &Manifold<T>, after: &Manifold<T>) -> usize {
    before.points().iter().filter(|p| after.points().iter().any(|q| q.id == p.id)).count()
}

/// The jitter tests' verdict: over 600 points, at least 99% of whose ids were kept.
pub(crate) fn assert_ids_survive(what: &str, kept: usize, total: usize) {
    let fraction = kept as f64 / total.max(1) as f64;
    eprintln!("{what} ids kept: {kept} of {total} ({fraction:.4})");
    assert!(total > 600, "too few points: {total}");
    assert!(fraction >= 0.99, "{kept} of {total} ids survived the jitter");
}

/// A jitter test's loop: `trials` draws from the generator seeded by `seed`, each the manifold of
/// resting shapes and the manifold of the same shapes jittered (`None`: no manifold to compare,
/// the draw is skipped); the ids of the first found again in the second are judged by
/// [`assert_ids_survive`].
pub(crate) fn ids_survive_jitter<T: Real>(
    what: &str,
    seed: u64,
    trials: usize,
    mut draw: impl FnMut(&mut Rng, usize) -> Option<(Manifold<T>, Manifold<T>)>,
) {
    let mut rng = Rng::new(seed);
    let (mut kept, mut total) = (0usize, 0usize);
    for trial in 0..trials {
        let Some((before, after)) = draw(&mut rng, trial) else { continue };
        total += before.len();
        kept += ids_kept(&before, &after);
    }
    assert_ids_survive(what, kept, total);
}

/// The jitter of a shape resting at `foot`: a turn of 1e-4 rad about a random axis through
/// `foot`, then a step of up to 1e-4 of `size` along each axis (the step drawn first).
pub(crate) fn jitter_at<T: Real>(rng: &mut Rng, foot: &Point3<T>, size: T) -> Isometry3<T> {
    let nudge = rng_offset::<T>(rng, 1.0) * (T::lit(1e-4) * size);
    let tilt = Rotation3::from_scaled_axis(rng.unit_vector::<T>().into_inner() * T::lit(1e-4));
    Isometry3::from_parts((foot.coords + nudge).into(), tilt.into())
        * Isometry3::translation(-foot.x, -foot.y, -foot.z)
}

/// The manifold `query` gives for `shape`, and for `shape` moved by `jitter`.
pub(crate) fn before_after<T: Real, S: Transform<T, Output = S>>(
    shape: &S,
    jitter: &Isometry3<T>,
    query: impl Fn(&S) -> Manifold<T>,
) -> (Manifold<T>, Manifold<T>) {
    (query(shape), query(&shape.transformed(jitter)))
}

/// The size the round manifolds scale their feature preference by: half the length plus the
/// radius for a cylinder or a capsule, the larger of height and radius for a cone, the radius for
/// a sphere, the half extents' length for a box, the largest distance of a vertex from the
/// vertices' mean for a triangle or a polyhedron. The polytope manifolds measure theirs the same
/// way but for a capsule, whose radius they do not count ([`PreferenceSize::polytope_size`]).
pub(crate) trait PreferenceSize<T: Real> {
    fn preference_size(&self) -> T;
    fn polytope_size(&self) -> T {
        self.preference_size()
    }
}

/// The largest distance of `points` from their mean.
fn spread<T: Real>(points: &[Point3<T>]) -> T {
    let count = T::lit(points.len().max(1) as f64);
    let c = points.iter().fold(Vector3::zeros(), |s, p| s + p.coords) / count;
    points.iter().fold(T::ZERO, |r, p| r.fast_max((p.coords - c).norm()))
}

impl<T: Real> PreferenceSize<T> for Cylinder<T> {
    fn preference_size(&self) -> T {
        (self.b - self.a).norm() * T::HALF + self.radius
    }
}
impl<T: Real> PreferenceSize<T> for Cone<T> {
    fn preference_size(&self) -> T {
        self.height.fast_max(self.radius)
    }
}
impl<T: Real> PreferenceSize<T> for Capsule<T> {
    fn preference_size(&self) -> T {
        self.polytope_size() + self.radius
    }
    fn polytope_size(&self) -> T {
        (self.b - self.a).norm() * T::HALF
    }
}
impl<T: Real> PreferenceSize<T> for Sphere<T> {
    fn preference_size(&self) -> T {
        self.radius
    }
}
impl<T: Real> PreferenceSize<T> for Obb<T> {
    fn preference_size(&self) -> T {
        self.half_extents.norm()
    }
}
impl<T: Real> PreferenceSize<T> for Aabb<T> {
    fn preference_size(&self) -> T {
        self.half_extents().norm()
    }
}
impl<T: Real> PreferenceSize<T> for Triangle<T> {
    fn preference_size(&self) -> T {
        spread(&self.vertices())
    }
}
impl<T: Real> PreferenceSize<T> for ConvexPolyhedron<T> {
    fn preference_size(&self) -> T {
        spread(&self.vertices)
    }
}

/// The raw values of a non-finite-input property as `T`, and the three points of its first nine.
pub(crate) fn raw_corners<T: Real>(raw: [f64; 16], tame: bool) -> ([T; 16], [Point3<T>; 3]) {
    let x: [T; 16] = raw_values(raw, tame);
    let corners = [raw_point(&x, 0), raw_point(&x, 3), raw_point(&x, 6)];
    (x, corners)
}

/// The box of the non-finite-input properties: centred at `center`, half extents `half`, turned
/// 0.3 rad about x.
pub(crate) fn turned_box<T: Real>(center: Point3<T>, half: Vector3<T>) -> Obb<T> {
    Obb::new(center, Rotation3::from_axis_angle(&Vector3::x_axis(), T::lit(0.3)), half)
}

/// Whether every number of every point of the manifolds is finite.
pub(crate) fn all_finite<T: Real>(all: &[Manifold<T>]) -> bool {
    all.iter().all(|m| {
        m.points().iter().all(|p| {
            p.distance.is_finite()
                && p.point_a.iter().chain(p.point_b.iter()).all(|c| c.is_finite())
        })
    })
}

/// Shapes built field by field from raw values (NaN, infinities, huge and tiny numbers, negative
/// sizes): no manifold query panics, and a NaN anywhere gives the empty manifold; every manifold
/// returned has finite numbers only.
fn non_finite_input_gives_the_empty_manifold<T: Real>(raw: [f64; 16], tame: bool) -> TestResult {
    let (x, [p, q, r]) = raw_corners::<T>(raw, tame);
    let rot = Rotation3::from_matrix_unchecked(osculate_math::Matrix3::from_iterator(
        x[7..16].iter().copied(),
    ));
    let e = raw_point(&x, 10).coords;
    let obb = Obb::new(p, rot, e);
    let turned = turned_box(q, e);
    let sphere = Sphere::new(q, x[9]);
    let capsule = Capsule::new(p, r, x[13]);
    let other = Capsule::new(q, r, x[14]);
    let aabb = Aabb::new(p, r);
    let tri = Triangle::new(p, q, r);
    let plane = Plane::new(osculate_math::Unit::new_unchecked(r.coords), x[15]);
    let pred = x[12];
    let all = [
        manifold_obb_obb(&obb, &turned, pred),
        manifold_obb_obb(&turned, &obb, pred),
        manifold_capsule_capsule(&capsule, &other, pred),
        manifold_sphere_sphere(&sphere, &Sphere::new(p, x[14]), pred),
        manifold_sphere_capsule(&sphere, &capsule, pred),
        manifold_sphere_aabb(&sphere, &aabb, pred),
        manifold_sphere_obb(&sphere, &obb, pred),
        manifold_sphere_triangle(&sphere, &tri, pred),
        manifold_sphere_plane(&sphere, &plane, pred),
        manifold_sphere_halfspace(&sphere, &Halfspace::new(plane), pred),
        manifold_capsule_obb(&capsule, &obb, pred),
        manifold_capsule_aabb(&capsule, &aabb, pred),
        manifold_aabb_aabb(&aabb, &Aabb::new(q, r), pred),
        manifold_aabb_obb(&aabb, &obb, pred),
    ];
    if !all_finite(&all) {
        return TestResult::error(format!("non-finite point: {all:?}"));
    }
    if has_nan(&x) {
        // Which inputs each query reads: the box pair reads everything but x[6].
        let box_nan = has_nan(&x[..6]) || has_nan(&x[7..]);
        if box_nan && !(all[0].is_empty() && all[1].is_empty()) {
            return TestResult::error(format!("NaN box gave points: {:?}", all[0]));
        }
        // The capsule-box pairs read the capsule (x[0..3], x[6..9], x[13]) and the box (the
        // oriented one x[0..3] and x[7..16], the aligned one x[0..3] and x[6..9]).
        let capsule_nan = has_nan(&x[..3]) || has_nan(&x[6..9]) || x[13].is_nan();
        let obb_nan = capsule_nan || has_nan(&x[7..]);
        if (obb_nan && !all[10].is_empty()) || (capsule_nan && !all[11].is_empty()) {
            return TestResult::error(format!("NaN capsule or box gave points: {:?}", &all[10..]));
        }
        // The two aligned boxes read x[0..9]; the aligned box with the oriented one reads
        // x[0..3] and x[6..9] (the aligned box) and x[0..3] and x[7..16] (the oriented one), not
        // the second box's corner x[3..6].
        if has_nan(&x[..9]) && !all[12].is_empty() {
            return TestResult::error(format!("NaN aligned box gave points: {:?}", all[12]));
        }
        if (has_nan(&x[..3]) || has_nan(&x[6..])) && !all[13].is_empty() {
            return TestResult::error(format!(
                "NaN aligned or oriented box gave points: {:?}",
                all[13]
            ));
        }
        if x[12].is_nan() && !all.iter().all(Manifold::is_empty) {
            return TestResult::error(format!("NaN prediction gave points: {all:?}"));
        }
    }
    TestResult::passed()
}

fn non_finite_raw<T: Real>((raw, tame): ([f64; 16], bool)) -> TestResult {
    non_finite_input_gives_the_empty_manifold::<T>(raw, tame)
}

osculate_testing::for_f32_and_f64!(resting_ids_survive_jitter);
osculate_testing::for_f32_and_f64!(run: non_finite_raw);

/// Worked capsule cases: parallel capsules get two points (and a third where their axes cross
/// between the ends); crossed capsules one; ids name the caps and the sides.
fn capsule_worked_cases<T: Real>() {
    let cap = |a: Point3<T>, b: Point3<T>, r: f64| Capsule::new(a, b, T::lit(r));
    let a = cap(point3(0.0, 0.0, 0.0), point3(4.0, 0.0, 0.0), 0.5);
    let b = cap(point3(1.0, 0.0, 0.9), point3(6.0, 0.0, 0.9), 0.5);
    let m = manifold_capsule_capsule(&a, &b, T::ZERO);
    assert_eq!(m.len(), 2);
    let ids: Vec<FeatureId> = m.points().iter().map(|p| p.id).collect();
    assert!(ids.contains(&FeatureId { a: Feature::Edge(0), b: Feature::Vertex(0) }), "{ids:?}");
    assert!(ids.contains(&FeatureId { a: Feature::Vertex(1), b: Feature::Edge(0) }), "{ids:?}");
    // Slightly crossed (a sine of 2e-3) with the crossing between the ends: three points, the
    // middle one deepest.
    let c = cap(point3(1.0, -0.004, 0.9), point3(3.0, 0.0, 0.9), 0.5);
    let c = Capsule { b: point3(3.0, 0.004, 0.9), ..c };
    let m = manifold_capsule_capsule(&a, &c, T::ZERO);
    assert!(m.len() >= 2);
    let crossed = cap(point3(2.0, -2.0, 0.9), point3(2.0, 2.0, 0.9), 0.5);
    let m = manifold_capsule_capsule(&a, &crossed, T::ZERO);
    assert_eq!(m.len(), 1);
    assert_eq!(m.points()[0].id, FeatureId { a: Feature::Edge(0), b: Feature::Edge(0) });
    assert!((m.points()[0].distance + T::lit(0.1)).abs() < T::lit(1e-5));
    assert!(manifold_capsule_capsule(&a, &crossed, T::NAN).is_empty());
}

osculate_testing::for_f32_and_f64!(capsule_worked_cases);

/// Capsules a little off parallel: tilted about the axis across them (the gap changes along the
/// axes) they keep two points, each on both surfaces and joined along the normal; twisted about
/// the normal (the axes cross when seen along it, so the contact is a point, not a line) they get
/// one. Guards against the two parallel points taken from the closest points of the axes, off
/// the normal by the twist times their distance along the axes.
fn capsule_near_parallel_cases<T: Real>() {
    let cap = |a: Point3<T>, b: Point3<T>, r: f64| Capsule::new(a, b, T::lit(r));
    let a = cap(point3(0.0, 0.0, 0.0), point3(4.0, 0.0, 0.0), 0.5);
    let tilted = cap(point3(1.0, 0.0, 0.9), point3(5.0, 0.0, 0.94), 0.5);
    let twisted = cap(point3(1.0, -0.015, 0.9), point3(5.0, 0.015, 0.9), 0.5);
    for (b, points) in [(tilted, 2), (twisted, 1)] {
        assert_eq!(manifold_capsule_capsule(&a, &b, T::ZERO).len(), points, "{b:?}");
        for pred in [T::ZERO, T::lit(0.2)] {
            let m = manifold_capsule_capsule(&a, &b, pred);
            for p in m.points() {
                let joined = (p.point_b - p.point_a - m.normal.into_inner() * p.distance).norm();
                assert!(joined < T::lit(1e-5), "{m:?}");
                assert!(a.gap(&p.point_a) < T::lit(1e-4) && b.gap(&p.point_b) < T::lit(1e-4));
            }
        }
        assert!(!points_lie_on_both_surfaces(&a, &b).is_failure());
        assert!(!moving_by_the_depth_makes_them_touch(&a, &b).is_failure());
    }
}

osculate_testing::for_f32_and_f64!(capsule_near_parallel_cases);

/// A box from its center, its axes (the rotation's columns) and its half extents.
fn obb<T: Real>(c: [f64; 3], axes: [[f64; 3]; 3], e: [f64; 3]) -> Obb<T> {
    let col = |v: [f64; 3]| vector3::<T>(v[0], v[1], v[2]);
    let m = osculate_math::Matrix3::from_columns(&[col(axes[0]), col(axes[1]), col(axes[2])]);
    Obb::new(point3(c[0], c[1], c[2]), Rotation3::from_matrix_unchecked(m), col(e))
}

/// Box pairs whose manifold's deepest point was not the deepest point of the incident box above
/// the reference face, so that moving the boxes apart by it left them overlapping, each checked
/// by the touch and agreement properties:
/// - a segment (a box with two zero half extents) whose zero-width face is the reference: the
///   crossings made by one of its two coinciding side planes fell, by rounding, outside the
///   other, and the deepest crossing was lost (0.270 deep instead of 0.2987);
/// - a reference face within the face preference of an edge pair, whose clipped polygon of more
///   than four points was reduced with a depth tie as wide as the face preference, so the
///   deepest point kept was one preference and more above the deepest vertex;
/// - a face of A kept against a face of B within the preference, itself within the preference
///   of an edge pair: A's face two preferences from the least overlap.
fn box_deepest_point_regressions<T: Real>() {
    let cases = [
        (
            obb::<T>(
                [-0.9058439622419066, 0.07678359633472698, 0.1316308307796066],
                [
                    [0.9976833843597745, -0.05512141064162176, 0.03986846700469052],
                    [0.05177264159441624, 0.9953977406129318, 0.08064075622789414],
                    [-0.04413001421665883, -0.07838984673762435, 0.9959455676761101],
                ],
                [0.40663917341433825, 0.23652543144387989, 0.39031866225595446],
            ),
            obb::<T>(
                [-0.7579649655710567, -0.23515461269039178, 0.030187530228148463],
                [
                    [0.9978228715244943, 0.039907615574243695, 0.05250618327198052],
                    [-0.06248724536301444, 0.8266973565793222, 0.5591661870962008],
                    [-0.02109173367826492, -0.5612297772249255, 0.8273912471899287],
                ],
                [0.0, 0.7810176058050682, 0.0],
            ),
        ),
        (
            obb::<T>(
                [3.197349348916601e-5, 5.45487656078237e-5, 7.02277802374031e-5],
                [
                    [0.9918563770481144, 0.09867442207528589, 0.08052506278853355],
                    [-0.11058933831630101, 0.9808653218877026, 0.1602286446578651],
                    [-0.06317377272058128, -0.16782901640134226, 0.9837898635857185],
                ],
                [7.442523904905747e-5, 8.622975127056151e-5, 9.484041277628541e-5],
            ),
            obb::<T>(
                [7.993340587197055e-5, 2.4366446973636573e-5, -2.552770128144561e-5],
                [
                    [0.5270706086506037, 0.19581251634232533, -0.8269546734497416],
                    [-0.48454815193044054, 0.8686623185088915, -0.10314487318113194],
                    [0.6981473067752083, 0.45506398983708174, 0.552726969846849],
                ],
                [6.408006486672207e-5, 8.952402929653677e-5, 7.952876541570899e-5],
            ),
        ),
        (
            obb::<T>(
                [0.94125235, -0.07395595, 0.5316047],
                [
                    [0.9892857, -0.04688339, -0.1382594],
                    [0.037636638, 0.9969235, -0.068753004],
                    [0.14105742, 0.06281273, 0.9880068],
                ],
                [0.5640352, 0.24804002, 0.8502132],
            ),
            obb::<T>(
                [0.24477863, -0.19118056, 0.7088037],
                [
                    [-0.3917371, -0.9160758, 0.085714936],
                    [0.0013660192, 0.09258136, 0.9957042],
                    [-0.92007613, 0.39017132, -0.03501621],
                ],
                [0.22752672, 0.8819493, 0.24698406],
            ),
        ),
    ];
    for (a, b) in &cases {
        let touch = moving_by_the_depth_makes_them_touch(a, b);
        assert!(!touch.is_failure(), "touch: {touch:?}");
        let agrees = contact_agrees_with_the_deepest_point(a, b);
        assert!(!agrees.is_failure(), "agrees: {agrees:?}");
    }
}

osculate_testing::for_f32_and_f64!(box_deepest_point_regressions);

/// A sphere whose center lies within the rounding of its coordinates (1e4 from the origin: 1e-3
/// in f32) of a triangle's face: the contact's normal is the triangle's own, so moving the
/// triangle by the depth along it leaves the pair touching. The difference of the center and its
/// rounded projection had been taken as the normal (an axis, along which the two differed by a
/// few ulps): moving the triangle along it left them overlapping by a third of the radius.
fn sphere_center_on_a_far_triangle_leaves_along_its_normal<T: Real>() {
    let p = |x: [f64; 3]| point3::<T>(x[0], x[1], x[2]);
    let cases = [
        (
            [-1443.7521, -9893.879, -155.32246],
            0.91107184,
            [
                [-1444.2389, -9894.079, -154.92249],
                [-1443.0089, -9894.266, -155.00685],
                [-1443.4834, -9893.697, -155.63849],
            ],
        ),
        (
            [-2528.5886, 9539.567, -1610.5137],
            0.8310692,
            [
                [-2528.5935, 9539.705, -1610.3407],
                [-2528.0376, 9539.106, -1610.7294],
                [-2529.663, 9539.308, -1611.5729],
            ],
        ),
        (
            [9399.443, 455.17795, 3382.853],
            0.77858377,
            [
                [9398.6875, 454.4416, 3383.187],
                [9400.463, 454.90442, 3383.4165],
                [9399.985, 456.13745, 3382.2686],
            ],
        ),
    ];
    for (center, radius, [a, b, c]) in cases {
        let sphere = Sphere::new(p(center), T::lit(radius));
        let tri = Triangle::new(p(a), p(b), p(c));
        let (Some(contact), Some(n)) = (contact_sphere_triangle(&sphere, &tri), tri.unit_normal())
        else {
            panic!("a valid pair of a triangle not collapsed has a contact: {sphere:?} {tri:?}");
        };
        let n = n.into_inner();
        let along = contact.normal.dot(&n).abs();
        assert!(along > T::ONE - T::lit(1e-6), "normal {:?}, face {n:?}", contact.normal);
        // The center is within 1e-3 of the plane: the depth is the radius less that.
        assert!((contact.depth() - sphere.radius).abs() <= T::lit(2e-3), "{contact:?}");
        let touch = moving_by_the_depth_makes_them_touch(&sphere, &tri);
        assert!(!touch.is_failure(), "touch: {touch:?}");
        let surfaces = points_lie_on_both_surfaces(&sphere, &tri);
        assert!(!surfaces.is_failure(), "surfaces: {surfaces:?}");
        let m = manifold_sphere_triangle(&sphere, &tri, T::ZERO);
        assert_eq!(m.points()[0].id.b, Feature::Face(0), "{m:?}");
    }
}

osculate_testing::for_f32_and_f64!(sphere_center_on_a_far_triangle_leaves_along_its_normal);

/// Seeds of the differential test against parry3d.
const PARRY_SEEDS: u64 = 2000;

/// Parry's manifold as the differential tests compare it, in f64: its normal, its points'
/// distances (scaled back to the input's size) and the least of them (infinity for none).
pub(crate) fn parry_answer(
    normal: [f64; 3],
    distances: impl Iterator<Item = f64>,
) -> (Vector3<f64>, Vec<f64>, f64) {
    let distances: Vec<f64> = distances.collect();
    let deepest = distances.iter().copied().fold(f64::INFINITY, f64::min);
    (Vector3::from(normal), distances, deepest)
}

/// The class of a differential case (against parry's manifold) where one side is empty, by the
/// referee's gap `gap` (GJK, independent of both manifolds), the prediction `pred`, the rounding
/// `tol` and the face preference `prefer`; `None` when none explains it:
/// - apart by less than the prediction, parry's empty: ours has speculative points (a clipped
///   face, an edge pair, or the closest points when the clipped polygon is empty), parry's
///   clipping keeps none;
/// - ours empty, apart by about the prediction or more, every parry distance (`theirs`, scaled
///   back) beyond `beyond`;
/// - either empty, the gap at the prediction (within the preference).
pub(crate) fn one_side_empty(
    ours_empty: bool,
    theirs: &[f64],
    gap: f64,
    pred: f64,
    beyond: f64,
    tol: f64,
    prefer: f64,
) -> Option<&'static str> {
    if theirs.is_empty() && gap > tol && gap <= pred + prefer {
        Some("apart within the prediction: parry reports none")
    } else if ours_empty && gap > pred - prefer && theirs.iter().all(|&d| d > beyond) {
        Some("parry reports points beyond the prediction")
    } else if (gap - pred).abs() <= prefer {
        Some("at the prediction")
    } else {
        None
    }
}

/// The separation (negative: overlap) of two boxes' projections on the unit axis `l`, in f64: the
/// referee of the differential test's disagreements about the normal.
fn box_separation(a: &Obb<f64>, b: &Obb<f64>, l: &Vector3<f64>) -> f64 {
    let radius =
        |o: &Obb<f64>| (0..3).map(|i| o.half_extents[i] * o.axes()[i].dot(l).abs()).sum::<f64>();
    (b.center - a.center).dot(l).abs() - radius(a) - radius(b)
}

/// The box-box manifold against parry3d's `contact_manifold_cuboid_cuboid` (f64 against
/// parry3d-f64, f32 against parry3d), on seeded pairs of the shared generators with a prediction
/// of a tenth of the boxes' size. Agreement: both empty, or the same normal (within 1e-3) and
/// the same deepest distance (within rounding). Every disagreement is classified by an f64
/// referee and counted:
/// - `parry keeps more than four`: parry's 3D box manifold has no reduction (up to eight points);
///   the normal and the deepest distance agree, and ours keeps four of them.
/// - `axis within the face preference`: the normals differ, and the boxes' separations along the
///   two normals (the referee's) are within the face preference (1e-3 of the size) of each
///   other: both are a least-overlap axis; ours keeps the face of A.
/// - `at the prediction`: one side is empty and the boxes' gap is within rounding of the
///   prediction distance.
/// - `edge pair: parry clips faces`: on an edge-edge axis ours is the one point where the edges
///   join (Gregorius); parry's box support feature is always a face, so it clips two faces and
///   reports several points. Same normal and deepest distance.
/// - `predicted points differ`: same normal, deepest distance and number of overlapping points;
///   the speculative points (positive distance) of the two clippings differ.
/// - `apart within the prediction: parry reports none` / `parry reports points beyond the
///   prediction`: the referee's gap (GJK) shows the boxes within (beyond) the prediction.
/// - `apart: ours separates more`, `apart: ours the closest points`, `apart: edge axis whose
///   edges do not meet`: for separated boxes the normal of a speculative manifold is a choice;
///   each class checks ours against the referee (the larger separation, the true gap, never
///   nearer than the gap).
macro_rules! parry_differential {
    ($module:ident, $T:ident, $parry:ident) => {
        mod $module {
            use std::collections::BTreeMap;

            use $parry::math::{Pose, Rotation, Vector};
            use $parry::query::ContactManifold;
            use $parry::query::details::contact_manifold_cuboid_cuboid;
            use $parry::shape::Cuboid;

            use super::{PARRY_SEEDS, box_separation, one_side_empty, parry_answer};
            use osculate_closest::manifold_obb_obb;
            use osculate_math::{Obb, UnitQuaternion, Vector3};
            use osculate_testing::Pair;

            type T = $T;

            /// The box's pose for parry, its position scaled by `k`.
            fn pose(o: &Obb<T>, k: T) -> Pose {
                let q = UnitQuaternion::from_rotation_matrix(&o.rotation);
                let q = q.quaternion();
                Pose::from_parts(
                    Vector::new(o.center.x * k, o.center.y * k, o.center.z * k),
                    Rotation::from_xyzw(q.i, q.j, q.k, q.w),
                )
            }

            fn widen(o: &Obb<T>) -> Obb<f64> {
                Obb::new(o.center.cast(), o.rotation.cast(), o.half_extents.cast())
            }

            #[test]
            fn obb_obb_manifold_against_parry() {
                let mut classes = BTreeMap::<&str, u64>::new();
                let mut agree = 0;
                for seed in 0..PARRY_SEEDS {
                    let p = Pair::<Obb<T>, Obb<T>>::from_seed(seed);
                    let (a, b) = (&p.a, &p.b);
                    let size = a.half_extents.amax() + b.half_extents.amax();
                    let pred = size * 0.1;
                    let ours = manifold_obb_obb(a, b, pred);
                    // Parry's tolerances are absolute: the generator's tiny boxes (1e-4) are given
                    // to it scaled to unit size by a power of two (exact), its distances scaled
                    // back.
                    let k: T = if size < 1e-2 { 16384.0 } else { 1.0 };
                    let (m1, m2) = (pose(a, k), pose(b, k));
                    let cuboid = |e: &Vector3<T>| Cuboid::new(Vector::new(e.x * k, e.y * k, e.z * k));
                    let (c1, c2) = (cuboid(&a.half_extents), cuboid(&b.half_extents));
                    let mut theirs = ContactManifold::<(), ()>::new();
                    contact_manifold_cuboid_cuboid(&m1.inv_mul(&m2), &c1, &c2, pred * k, &mut theirs);
                    let n = m1.rotation * theirs.local_n1;
                    let (their_normal, dists, their_deepest) =
                        parry_answer([n.x, n.y, n.z].map(f64::from), theirs.points.iter().map(|c| f64::from(c.dist / k)));
                    let (wa, wb) = (widen(a), widen(b));
                    let magnitude = f64::from(size)
                        + f64::from(a.center.coords.amax().max(b.center.coords.amax()));
                    let tol = f64::from(T::EPSILON) * 1024.0 * magnitude;
                    let prefer = 1e-3 * f64::from(size) + tol;
                    if ours.is_empty() && theirs.points.is_empty() {
                        agree += 1;
                        continue;
                    }
                    if ours.is_empty() || theirs.points.is_empty() {
                        // The referee: the boxes' gap by GJK (independent of both manifolds).
                        let gap = f64::from(osculate_closest::closest_points_convex(a, b).distance);
                        let pred = f64::from(pred);
                        let class = one_side_empty(ours.is_empty(), &dists, gap, pred, pred, tol, prefer)
                            .unwrap_or_else(|| {
                                eprintln!("seed {seed}: one empty, gap {gap}: {ours:?} {theirs:?}");
                                "unexplained"
                            });
                        *classes.entry(class).or_default() += 1;
                        continue;
                    }
                    // Points overlapping by more than rounding, on each side.
                    let overlapping_ours =
                        ours.points().iter().filter(|p| f64::from(p.distance) < -tol).count();
                    let overlapping_theirs =
                        theirs.points.iter().filter(|c| f64::from(c.dist / k) < -tol).count();
                    let our_normal: Vector3<f64> = ours.normal.into_inner().cast();
                    let our_deepest = ours.deepest().map_or(f64::NAN, |p| f64::from(p.distance));
                    let same_normal = (our_normal - their_normal).norm() <= 1e-3;
                    if same_normal && (our_deepest - their_deepest).abs() <= tol {
                        let edge_edge = ours.len() == 1
                            && matches!(ours.points()[0].id.a, osculate_closest::Feature::Edge(_))
                            && matches!(ours.points()[0].id.b, osculate_closest::Feature::Edge(_));
                        let class = if ours.len() == theirs.points.len() {
                            agree += 1;
                            continue;
                        } else if edge_edge {
                            "edge pair: parry clips faces"
                        } else if theirs.points.len() > 4 && ours.len() >= 3 {
                            "parry keeps more than four"
                        } else if overlapping_ours == overlapping_theirs.min(4) {
                            "predicted points differ"
                        } else {
                            eprintln!("seed {seed}: counts {} vs {}: {ours:?} {theirs:?}", ours.len(), theirs.points.len());
                            "unexplained"
                        };
                        *classes.entry(class).or_default() += 1;
                        continue;
                    }
                    let (sa, sb) = (
                        box_separation(&wa, &wb, &our_normal),
                        box_separation(&wa, &wb, &their_normal),
                    );
                    if (sa - sb).abs() <= prefer {
                        *classes.entry("axis within the face preference").or_default() += 1;
                        continue;
                    }
                    let gap = f64::from(osculate_closest::closest_points_convex(a, b).distance);
                    if gap > tol && sa >= sb - prefer {
                        // Apart: the axis of largest separation is ours (the referee's
                        // separation along our normal is at least parry's); parry's choice among
                        // its one-way axes gives another normal, and other speculative points.
                        *classes.entry("apart: ours separates more").or_default() += 1;
                        continue;
                    }
                    if gap > tol && ours.len() == 1 && (our_deepest - gap).abs() <= prefer {
                        // Apart, and ours is the closest points (the fallback when the clipped
                        // polygon is empty or the edges join outside themselves): the normal is
                        // the true gap's direction, not a candidate axis.
                        *classes.entry("apart: ours the closest points").or_default() += 1;
                        continue;
                    }
                    if gap > tol && our_deepest >= gap - tol && sb > sa {
                        // Apart, parry's axis separates more: it is an edge pair whose supporting
                        // edges do not meet along it, so ours falls back to a face axis and
                        // clips; its speculative points are never nearer than the true gap.
                        *classes.entry("apart: edge axis whose edges do not meet").or_default() += 1;
                        continue;
                    }
                    *classes.entry("unexplained").or_default() += 1;
                    eprintln!(
                        "seed {seed}: gap {gap} ours {ours:?} (separation {sa}), parry n {their_normal:?} deepest {their_deepest} (separation {sb}) {} points\n{a:?}\n{b:?}",
                        theirs.points.len()
                    );
                }
                eprintln!("manifold_obb_obb vs parry: {agree} of {PARRY_SEEDS} agree, {classes:?}");
                assert_eq!(classes.get("unexplained"), None, "{classes:?}");
                assert!(agree as f64 >= 0.5 * PARRY_SEEDS as f64, "{agree} {classes:?}");
            }
        }
    };
}

parry_differential!(parry_f64, f64, parry3d_f64);
parry_differential!(parry_f32, f32, parry3d);

/// Worked capsule-box cases: a capsule lying on a face (two points, its caps against the face),
/// overhanging the face (a clipped end against the face's edge), standing on its end (one point),
/// across a box edge (one edge-edge point), deep through the box, apart within the prediction,
/// along a box edge.
fn capsule_box_worked_cases<T: Real>() {
    let cap = |a: [f64; 3], b: [f64; 3], r: f64| {
        Capsule::new(point3::<T>(a[0], a[1], a[2]), point3(b[0], b[1], b[2]), T::lit(r))
    };
    let ground =
        Obb::new(point3(0.0, 0.0, 0.0), Rotation3::identity(), vector3::<T>(5.0, 5.0, 1.0));
    let close = |x: T, y: f64| (x - T::lit(y)).abs() < T::lit(1e-5);
    let ids = |m: &Manifold<T>| m.points().iter().map(|p| p.id).collect::<Vec<_>>();
    // Lying on the top face (+z: Face(5)): both caps, 0.1 deep, normal down.
    let lying = cap([-1.0, 0.0, 1.4], [1.0, 0.0, 1.4], 0.5);
    let m = manifold_capsule_obb(&lying, &ground, T::ZERO);
    assert_eq!(m.len(), 2, "{m:?}");
    assert!(close(m.normal.z, -1.0));
    assert!(m.points().iter().all(|p| close(p.distance, -0.1) && close(p.point_b.z, 1.0)));
    assert!(ids(&m).contains(&FeatureId { a: Feature::Vertex(0), b: Feature::Face(5) }));
    assert!(ids(&m).contains(&FeatureId { a: Feature::Vertex(1), b: Feature::Face(5) }));
    // The same against the box as an AABB, and with the roles of the caps exchanged.
    let aabb = Aabb::new(point3(-5.0, -5.0, -1.0), point3(5.0, 5.0, 1.0));
    assert_eq!(manifold_capsule_aabb(&lying, &aabb, T::ZERO).len(), 2);
    // Overhanging the +x side: the end at x = 5 is the capsule's side against the edge of the top
    // face and the +x face (parallel to y, both sides positive: Edge(4 + 1 + 2)).
    let over = cap([3.0, 0.0, 1.4], [7.0, 0.0, 1.4], 0.5);
    let m = manifold_capsule_obb(&over, &ground, T::ZERO);
    assert_eq!(m.len(), 2, "{m:?}");
    assert!(ids(&m).contains(&FeatureId { a: Feature::Vertex(0), b: Feature::Face(5) }));
    assert!(ids(&m).contains(&FeatureId { a: Feature::Edge(0), b: Feature::Edge(7) }), "{m:?}");
    assert!(m.points().iter().any(|p| close(p.point_b.x, 5.0)));
    // Standing on its lower cap: one point.
    let standing = cap([0.5, 0.5, 1.4], [0.5, 0.5, 3.0], 0.5);
    let m = manifold_capsule_obb(&standing, &ground, T::ZERO);
    assert_eq!(ids(&m), [FeatureId { a: Feature::Vertex(0), b: Feature::Face(5) }]);
    assert!(close(m.points()[0].distance, -0.1));
    // Across the edge of the unit cube at y = z = 1 (parallel to x: Edge(0 + 1 + 2)), its axis
    // perpendicular to the edge, 0.1·√2 from it, radius 0.1·√2 + 0.1: the edge axis, 0.1 deep.
    let cube = Obb::new(point3(0.0, 0.0, 0.0), Rotation3::identity(), vector3::<T>(1.0, 1.0, 1.0));
    let s = 0.1;
    let r = s * 2.0_f64.sqrt() + 0.1;
    let across = cap([0.0, 1.0 + s - 2.0, 1.0 + s + 2.0], [0.0, 1.0 + s + 2.0, 1.0 + s - 2.0], r);
    let m = manifold_capsule_obb(&across, &cube, T::ZERO);
    assert_eq!(ids(&m), [FeatureId { a: Feature::Edge(0), b: Feature::Edge(3) }], "{m:?}");
    assert!(close(m.points()[0].distance, -0.1));
    let diagonal = T::lit(0.5_f64.sqrt());
    assert!(close(m.normal.y + diagonal, 0.0) && close(m.normal.z + diagonal, 0.0), "{m:?}");
    // Deep through the cube, skewed: one point, the least overlap (the reference's depth).
    let deep = cap([-0.3, -1.5, 0.2], [0.4, 1.6, -0.1], 0.2);
    let m = manifold_capsule_obb(&deep, &cube, T::ZERO);
    let Some(reference) = capsule_box_contact(&deep, &cube) else { panic!("no reference") };
    assert!(m.len() == 1 && m.points()[0].distance < T::lit(-1.0), "{m:?}");
    assert!((m.points()[0].distance - reference.distance).abs() < T::lit(2e-3), "{m:?}");
    assert!(!moving_by_the_depth_makes_them_touch(&deep, &cube).is_failure());
    // Apart by 0.2 above the face: two predicted points within a prediction of 0.5, none within
    // 0.1.
    let above = cap([-1.0, 0.0, 1.7], [1.0, 0.0, 1.7], 0.5);
    let m = manifold_capsule_obb(&above, &ground, T::lit(0.5));
    assert_eq!(m.len(), 2);
    assert!(m.points().iter().all(|p| close(p.distance, 0.2)));
    assert!(manifold_capsule_obb(&above, &ground, T::lit(0.1)).is_empty());
    // Along the cube's edge at y = z = 1, its axis inside the cube by 0.05 on both: the face of
    // the tie (y, the lower axis) clips the axis to the cube's length: two points, 0.05 + r deep.
    let along = cap([-2.0, 0.95, 0.95], [2.0, 0.95, 0.95], 0.1);
    let m = manifold_capsule_obb(&along, &cube, T::ZERO);
    assert_eq!(m.len(), 2, "{m:?}");
    assert!(m.points().iter().all(|p| close(p.distance, -0.15) && close(p.point_b.x.abs(), 1.0)));
    // Along the edge outside it, 0.1 away on both axes: the closest points, one point.
    let beside = cap([-0.5, 1.1, 1.1], [0.5, 1.1, 1.1], 0.2);
    let m = manifold_capsule_obb(&beside, &cube, T::ZERO);
    assert_eq!(m.len(), 1, "{m:?}");
    assert!(close(m.points()[0].distance, 0.1 * 2.0_f64.sqrt() - 0.2));
    // Invalid input: empty.
    assert!(manifold_capsule_obb(&lying, &ground, T::NAN).is_empty());
    assert!(
        manifold_capsule_obb(&cap([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], -1.0), &cube, T::ONE)
            .is_empty()
    );
    let inverted = Aabb::new(point3(1.0, 1.0, 1.0), point3(-1.0, -1.0, -1.0));
    assert!(manifold_capsule_aabb(&lying, &inverted, T::ONE).is_empty());
}

osculate_testing::for_f32_and_f64!(capsule_box_worked_cases);

/// A capsule of zero length is a sphere: its manifold against a box is the sphere-box manifold
/// (one point, the same distance, normal and points within rounding), on seeded pairs of the
/// shared generators, flat boxes included. The box's features are not compared: the sphere's
/// names the Voronoi region of the center, the capsule's (apart) the face, edge or corner the box
/// point lies on within rounding, which differ for a point within rounding of an edge.
fn zero_length_capsule_is_a_sphere<T: Real>() {
    for seed in 0..2000 {
        let p = Pair::<Sphere<T>, Obb<T>>::from_seed(seed);
        let (s, o) = (&p.a, &p.b);
        let c = Capsule::new(s.center, s.center, s.radius);
        let pred = prediction(s, o);
        let (ours, sphere) = (manifold_capsule_obb(&c, o, pred), manifold_sphere_obb(s, o, pred));
        let tol = tolerance(s, o) * T::lit(4.0);
        assert_eq!(ours.len(), sphere.len(), "seed {seed}: {ours:?} {sphere:?}");
        let (Some(x), Some(y)) = (ours.deepest(), sphere.deepest()) else { continue };
        assert!((x.distance - y.distance).abs() <= tol, "seed {seed}: {ours:?} {sphere:?}");
        // The normal, where it is determined: a center inside the box within rounding of two
        // faces leaves by either.
        let same = (ours.normal.into_inner() - sphere.normal.into_inner()).norm() <= T::lit(1e-3);
        let local = o.to_local(&s.center);
        let mut depths: Vec<T> = (0..3).map(|k| o.half_extents[k] - local[k].abs()).collect();
        depths.sort_by(|x, y| x.partial_cmp(y).unwrap_or(std::cmp::Ordering::Equal));
        let tie = depths[0] >= -tol && depths[1] - depths[0] <= tol;
        assert!(same || tie, "seed {seed}: {ours:?} {sphere:?}");
        if same {
            assert!((x.point_b - y.point_b).norm() <= tol, "seed {seed}: {ours:?} {sphere:?}");
        }
    }
}

osculate_testing::for_f32_and_f64!(zero_length_capsule_is_a_sphere);

/// A capsule lying on a box's face (the box turned at random, the capsule along a random direction
/// in the face, anywhere on it, overhanging or not, sunk by 1e-3 of its radius) and the same
/// capsule jittered by 1e-4 of its size in position and 1e-4 rad in angle: the fraction of the ids
/// of the first manifold (two points where the capsule lies over the face) found again in the
/// second (the face must not flip, a clipped end must keep its side plane).
fn capsule_resting_ids_survive_jitter<T: Real>() {
    ids_survive_jitter::<T>("capsule resting", 0x00ca_b5e1_b0c5, 500, |rng, _| {
        let ground = random_ground::<T>(rng);
        let [x, y, _] = ground.axes();
        let r = T::lit(rng.range(0.1, 0.5));
        let half = T::lit(rng.range(0.2, 1.0));
        let angle = T::lit(rng.range(0.0, 6.3));
        let along = x * angle.cos() + y * angle.sin();
        let mid = point_over_top(rng, &ground, r - T::lit(1e-3) * r);
        let lying = Capsule::new(mid - along * half, mid + along * half, r);
        let jitter = T::lit(1e-4) * (half + r);
        let tilt = Rotation3::from_scaled_axis(rng.unit_vector::<T>().into_inner() * T::lit(1e-4));
        let nudge = rng_offset::<T>(rng, 1.0) * jitter;
        let jittered =
            Capsule::new(mid + nudge - tilt * along * half, mid + nudge + tilt * along * half, r);
        let pred = T::lit(1e-2) * r;
        let before = manifold_capsule_obb(&lying, &ground, pred);
        let after = manifold_capsule_obb(&jittered, &ground, pred);
        // Empty: entirely beyond the face's side, apart.
        (!before.is_empty()).then_some((before, after))
    });
}

osculate_testing::for_f32_and_f64!(capsule_resting_ids_survive_jitter);
