//! Generic dispatch over shape pairs: [`Overlaps`], [`Distance`], [`Penetration`], [`RayCast`] and
//! [`Sweep`], implemented for every pair the layers support, in both argument orders.
//!
//! Each impl is a direct call of the layer's free function (inlined: no dispatcher, no `dyn`, no
//! cost over the free function). The pairs without a closed form go through the general convex
//! algorithms of [`closest`](crate::closest) on the shapes' support mappings: [`Overlaps`] through
//! GJK with a separating-axis exit ([`intersect_convex`](crate::closest::intersect_convex)),
//! [`Distance`] through GJK ([`closest_points_convex`](crate::closest::closest_points_convex)),
//! each with [`GJK_MAX_ITERATIONS`](crate::closest::GJK_MAX_ITERATIONS) iterations, [`Penetration`] through GJK + EPA
//! ([`contact_convex`](crate::closest::contact_convex), [`EPA_MAX_ITERATIONS`](crate::closest::EPA_MAX_ITERATIONS) steps; behind `alloc`)
//! and [`Sweep`] through the GJK ray cast ([`convex_convex`](crate::dynamic::convex_convex)).
//! Each trait's documentation lists which pairs are closed forms; the one source of that list is
//! the pair table (`src/pairs.rs`, [`pair_table!`](crate::pair_table)): one row per pair naming how
//! each query is answered, from which the impls below and the catalogue test are generated. The reversed
//! order swaps the witness points and parameters ([`ClosestPoints::swapped`]), flips the contact
//! normal ([`Contact::swapped`]) and the impact normal, so the answer always reads "from `self` to
//! `other`"; for two shapes of different types the reversed answer is exactly the swapped forward
//! one.

use osculate_cast::{self as cast, RayHit};
use osculate_closest::{self as closest, ClosestPoints, Contact, Param};
use osculate_dynamic::{self as dynamic, Impact};
use osculate_math::{
    Aabb, Capsule, Cone, Cylinder, Halfspace, Line, Obb, Plane, Point3, Ray, Real, Segment, Sphere,
    Tetrahedron, Triangle, Vector3,
};
use osculate_overlap as overlap;

/// A doc line of [`pair_table!`](crate::pair_table)'s pairs answered one way, so the traits' docs
/// list exactly the table's pairs: `pair_table!(doc_pairs, sel)` expands to the pairs whose
/// query is answered as `sel` says (`overlap_closed`, `overlap_contains`, `distance_closed`,
/// `distance_point`, `contact_closed`, `sweep_closed`, `ray`), each as `` `A`–`B` `` (for `ray`,
/// the shape cast against), the `alloc` ones marked, indented to continue a list item. A pair
/// added to the table is listed without touching the docs.
macro_rules! doc_pairs {
    ($sel:ident root: $root:tt; always { $($always:tt)* } alloc { $($alloc:tt)* }) => {
        concat!(
            "  ",
            doc_pairs!(@rows $sel, ""; $($always)*),
            doc_pairs!(@rows $sel, " (`alloc`)"; $($alloc)*),
            doc_pairs!(@end $sel)
        )
    };
    (@end ray) => { "each by its closed-form `ray_*` cast (the triangle's: two-sided, watertight)." };
    (@end $sel:ident) => { "each in both argument orders." };
    (@rows $sel:ident, $m:literal; $($A:ident $(, $B:ident)? => $($q:ident: $how:ident $(($($f:tt)*))?),+;)*) => {
        concat!($( doc_pairs!(@row $sel, $m; [$A $(, $B)?] $($q $how)+) ),*)
    };
    (@row $sel:ident, $m:literal; $pair:tt $($q:ident $how:ident)+) => {
        concat!($( doc_pairs!(@entry $sel $q $how $pair $m) ),+)
    };
    (@entry overlap_closed overlap closed $pair:tt $m:literal) => { doc_pairs!(@pair $pair $m) };
    (@entry overlap_contains overlap contains $pair:tt $m:literal) => { doc_pairs!(@pair $pair $m) };
    (@entry distance_closed distance closed $pair:tt $m:literal) => { doc_pairs!(@pair $pair $m) };
    (@entry distance_point distance point $pair:tt $m:literal) => { doc_pairs!(@pair $pair $m) };
    (@entry distance_point distance curve $pair:tt $m:literal) => { doc_pairs!(@pair $pair $m) };
    (@entry distance_point distance barycentric $pair:tt $m:literal) => { doc_pairs!(@pair $pair $m) };
    (@entry contact_closed contact closed $pair:tt $m:literal) => { doc_pairs!(@pair $pair $m) };
    (@entry sweep_closed sweep closed $pair:tt $m:literal) => { doc_pairs!(@pair $pair $m) };
    (@entry sweep_closed sweep relative $pair:tt $m:literal) => { doc_pairs!(@pair $pair $m) };
    (@entry ray ray $how:ident [Ray, $B:ident] $m:literal) => {
        concat!("`", stringify!($B), "`", $m, ", ")
    };
    (@entry $($other:tt)*) => { "" };
    (@pair [$A:ident] $m:literal) => { doc_pairs!(@pair [$A, $A] $m) };
    (@pair [$A:ident, $B:ident] $m:literal) => {
        concat!("`", stringify!($A), "`–`", stringify!($B), "`", $m, ", ")
    };
}

/// Boolean overlap with a shape of type `B` (touching counts; see [`overlap`](crate::overlap)).
///
/// What answers each pair (both orders give the same answer):
/// - **closed form** ([`overlap`](crate::overlap)):
#[doc = crate::pair_table!(doc_pairs, overlap_closed)]
/// - **containment** ([`contains_point`](crate::overlap::contains_point)):
#[doc = crate::pair_table!(doc_pairs, overlap_contains)]
/// - **GJK** ([`intersect_convex`](crate::closest::intersect_convex), [`GJK_MAX_ITERATIONS`](crate::closest::GJK_MAX_ITERATIONS) iterations;
///   touching within GJK's relative
///   tolerance counts, NaN gives `false`): every other pair of sphere, segment, capsule, box,
///   oriented box, cylinder, cone, triangle, tetrahedron, convex polygon and convex polyhedron
///   (cylinder-cone, box-cylinder, box-oriented box, polyhedron pairs …), and a point with a segment,
///   triangle or convex polygon.
///
/// Not covered: lines and rays (use [`RayCast`] or the cast layer), and a plane or halfspace with
/// a segment, cylinder, tetrahedron or polytope (no closed form yet, and an unbounded plane has no
/// support mapping).
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let ball = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// let crate_box = Aabb::new(Point3::new(0.5, -1.0, -1.0), Point3::new(2.0, 1.0, 1.0));
/// assert!(ball.overlaps(&crate_box) && crate_box.overlaps(&ball)); // closed form, both orders
/// // A post of radius 0.25 whose axis is 1.5 from the ball's center: 0.25 apart (GJK).
/// let post = Cylinder::new(Point3::new(1.5, 0.0, -1.0), Point3::new(1.5, 0.0, 1.0), 0.25);
/// assert!(!ball.overlaps(&post) && !post.overlaps(&ball));
/// assert!(post.overlaps(&crate_box));
/// assert!(Point3::new(0.5, 0.5, 0.0).overlaps(&ball)); // containment
/// ```
pub trait Overlaps<B: ?Sized> {
    /// Whether `self` and `other` overlap or touch.
    fn overlaps(&self, other: &B) -> bool;
}

/// Closest points and distance to a shape of type `B` (see [`closest`](crate::closest)).
///
/// What answers each pair:
/// - **closed form** (`closest_points_*`):
#[doc = crate::pair_table!(doc_pairs, distance_closed)]
/// - **point queries** (`closest_point_on_*`, the parameter kept where the shape has one):
#[doc = crate::pair_table!(doc_pairs, distance_point)]
/// - **GJK** ([`closest_points_convex`](crate::closest::closest_points_convex), [`GJK_MAX_ITERATIONS`](crate::closest::GJK_MAX_ITERATIONS) iterations;
///   no parameters): every other pair of sphere,
///   segment, capsule, box, oriented box, cylinder, cone, triangle, tetrahedron, convex polygon
///   and convex polyhedron.
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let rod = Segment::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0));
/// let ball = Sphere::new(Point3::new(0.5, 2.0, 0.0), 0.5);
/// let c = rod.closest_points(&ball); // closed form
/// assert!((c.distance - 1.5).abs() < 1e-12);
/// assert!((c.point_a - Point3::new(0.5, 0.0, 0.0)).norm() < 1e-12);
/// assert_eq!(ball.closest_points(&rod).point_b, c.point_a); // reversed: witnesses swapped
/// // A cone above the ball, tip up, its base 0.5 over the ball's top (GJK).
/// let cone = Cone::new(Point3::new(0.5, 4.0, 0.0), -Vector3::y_axis(), 1.0, 0.5);
/// assert!((cone.distance(&ball) - 0.5).abs() < 1e-6);
/// assert_eq!(Point3::new(3.0, 0.0, 0.0).distance(&rod), 2.0); // a point query
/// ```
pub trait Distance<B: ?Sized> {
    /// The scalar type.
    type Scalar: Real;
    /// The closest points: `point_a` on `self`, `point_b` on `other`.
    fn closest_points(&self, other: &B) -> ClosestPoints<Self::Scalar>;
    /// The distance (0 when overlapping).
    #[inline]
    fn distance(&self, other: &B) -> Self::Scalar {
        self.closest_points(other).distance
    }
}

/// Signed distance, normal and witness points with a shape of type `B` (see
/// [`Contact`](crate::closest::Contact)).
///
/// What answers each pair:
/// - **closed form** (`contact_*`, van den Bergen's special cases included):
#[doc = crate::pair_table!(doc_pairs, contact_closed)]
/// - **GJK + EPA** ([`contact_convex`](crate::closest::contact_convex), [`EPA_MAX_ITERATIONS`](crate::closest::EPA_MAX_ITERATIONS) EPA steps;
///   behind the `alloc` feature): every other pair
///   of sphere, segment, capsule, box, oriented box, cylinder, cone, triangle, tetrahedron, convex
///   polygon and convex polyhedron. EPA's depth is a lower bound when it runs out of steps;
///   overlapping shapes whose Minkowski difference is flat (crossing segments, coplanar
///   triangles, a segment in a triangle, collinear segments) get depth 0 along the flat
///   difference's normal. `None` only for NaN or infinite input.
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let ball = Sphere::new(Point3::new(1.25_f64, 0.0, 0.0), 0.5);
/// let crate_box = Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
/// let c = ball.contact(&crate_box).unwrap(); // closed form: sunk 0.25, normal toward the box
/// assert_eq!((c.distance, c.normal.into_inner()), (-0.25, -Vector3::x()));
/// assert_eq!(crate_box.contact(&ball).unwrap().normal.into_inner(), Vector3::x()); // flipped
/// // GJK + EPA: the same ball sunk 0.25 into the side of a cylinder of radius 1.
/// let cyl = Cylinder::new(Point3::new(0.0, 0.0, -1.0), Point3::new(0.0, 0.0, 1.0), 1.0);
/// let c = cyl.contact(&ball).unwrap();
/// assert!((c.distance + 0.25).abs() < 1e-6 && (c.normal.x - 1.0).abs() < 1e-6);
/// ```
pub trait Penetration<B: ?Sized> {
    /// The scalar type.
    type Scalar: Real;
    /// The contact, normal from `self` toward `other`; `None` for invalid input (and, for the
    /// GJK + EPA pairs, two flat shapes in a common plane). The GJK + EPA pairs grow EPA's
    /// polytope in a workspace kept per thread (with `std`: no allocation once it has grown;
    /// without `std`, a fresh one per query).
    fn contact(&self, other: &B) -> Option<Contact<Self::Scalar>>;
    /// [`contact`](Self::contact) with EPA's polytope grown in `workspace` (the closed forms
    /// ignore it): a workspace reused across queries stops allocating once it has held the
    /// largest polytope they grow, in `no_std` builds too. The answer is `contact`'s.
    ///
    /// # Examples
    /// ```
    /// use osculate::closest::EpaWorkspace;
    /// use osculate::prelude::*;
    ///
    /// let mut workspace = EpaWorkspace::new();
    /// let post = Cylinder::new(Point3::new(0.0_f64, 0.0, -1.0), Point3::new(0.0, 0.0, 1.0), 1.0);
    /// for k in 0..4 {
    ///     let ball = Sphere::new(Point3::new(1.25 - 0.1 * f64::from(k), 0.0, 0.0), 0.5);
    ///     let c = post.contact_with(&ball, &mut workspace).unwrap(); // GJK + EPA
    ///     assert_eq!(Some(c), post.contact(&ball));
    /// }
    /// ```
    #[cfg(feature = "alloc")]
    #[inline]
    fn contact_with(
        &self,
        other: &B,
        workspace: &mut closest::EpaWorkspace<Self::Scalar>,
    ) -> Option<Contact<Self::Scalar>> {
        let _ = workspace;
        self.contact(other)
    }
}

/// A ray cast against this shape (see [`cast`](crate::cast)). Implemented for:
#[doc = crate::pair_table!(doc_pairs, ray)]
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let ray = Ray::new(Point3::new(-5.0_f64, 0.0, 0.0), Vector3::x());
/// let ball = Sphere::new(Point3::new(0.0, 0.0, 0.0), 1.0);
/// let hit = ball.cast_ray(&ray).unwrap();
/// assert_eq!((hit.t_enter, hit.t_exit), (4.0, 6.0));
/// assert_eq!(hit.normal.into_inner(), -Vector3::x());
/// let floor = Plane::try_from_point_normal(Point3::new(0.0, -1.0, 0.0), Vector3::y())?;
/// assert!(floor.cast_ray(&ray).is_none()); // parallel, above the plane
/// # Ok::<(), ShapeError>(())
/// ```
///
/// Generic code names the scalar through the shape (`S::Scalar`) and builds points from `f64`
/// literals with [`point3`](crate::math::point3) and [`vector3`](crate::math::vector3):
/// ```
/// use osculate::prelude::*;
///
/// /// The nearest hit of a downward ray from height 10 above `(x, y)`.
/// fn drop_onto<S: RayCast>(shapes: &[S], x: f64, y: f64) -> Option<S::Scalar> {
///     let ray = Ray::new(point3(x, y, 10.0), vector3(0.0, 0.0, -1.0));
///     shapes.iter().filter_map(|s| s.cast_ray(&ray)).map(|h| h.t_enter).reduce(|a, b| if b < a { b } else { a })
/// }
/// let balls = [Sphere::new(point3::<f32>(0.0, 0.0, 0.0), 1.0), Sphere::new(point3(0.0, 0.0, 3.0), 1.0)];
/// assert_eq!(drop_onto(&balls, 0.0, 0.0), Some(6.0));
/// assert_eq!(drop_onto(&balls, 5.0, 0.0), None);
/// ```
pub trait RayCast {
    /// The scalar type.
    type Scalar: Real;
    /// Where `ray` enters and leaves the shape, or `None` when it misses.
    fn cast_ray(&self, ray: &Ray<Self::Scalar>) -> Option<RayHit<Self::Scalar>>;
}

/// Which ray-triangle test a [`TriangleRayCast`] runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TriangleTest {
    /// Woop, Benthin and Wald's watertight test ([`ray_triangle_watertight`](cast::ray_triangle_watertight)):
    /// no ray slips between two triangles sharing an edge. What [`RayCast`] runs.
    #[default]
    Watertight,
    /// Möller and Trumbore's test ([`ray_triangle`](cast::ray_triangle)): fewer operations a
    /// call, but a ray through an edge shared by two triangles can miss both by rounding.
    MollerTrumbore,
}

/// How a [`TriangleRayCast`] casts: the test and which faces hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TriangleRayOptions {
    /// The ray-triangle test.
    pub test: TriangleTest,
    /// Both faces, or the front face only (`(b − a) × (c − a)` pointing toward the ray's origin).
    pub culling: cast::Culling,
}

impl Default for TriangleRayOptions {
    /// The watertight test, both faces: what [`RayCast::cast_ray`] runs on a triangle.
    fn default() -> Self {
        Self { test: TriangleTest::Watertight, culling: cast::Culling::TwoSided }
    }
}

/// A ray cast against a triangle that keeps what [`RayCast`] drops: the barycentric coordinates
/// of the hit, with a choice of test and of culling.
///
/// With [`TriangleRayOptions::default`] the hit is [`RayCast::cast_ray`]'s exactly (the same
/// function answers), and `barycentric` gives the point as `u·a + v·b + w·c`, for interpolating
/// a mesh's normals, texture coordinates or colours at the hit. Degenerate and non-finite input
/// behave as the chosen test documents: a triangle collapsed up to rounding, a ray along its
/// plane, an invalid ray or a NaN miss (`None`).
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let t = Triangle::new(point3(0.0_f64, 0.0, 0.0), point3(1.0, 0.0, 0.0), point3(0.0, 1.0, 0.0));
/// let down = Ray::new(point3(0.25, 0.25, 1.0), vector3(0.0, 0.0, -1.0));
/// let h = t.cast_ray_with(&down, TriangleRayOptions::default()).unwrap();
/// assert_eq!((h.hit.t_enter, h.barycentric), (1.0, [0.5, 0.25, 0.25]));
/// assert_eq!(Some(h.hit), t.cast_ray(&down));
///
/// // Möller-Trumbore, front faces only: the ray from below reaches the back face and misses.
/// let up = Ray::new(point3(0.25, 0.25, -1.0), vector3(0.0, 0.0, 1.0));
/// let front = TriangleRayOptions { test: TriangleTest::MollerTrumbore, culling: Culling::FrontOnly };
/// assert!(t.cast_ray_with(&up, front).is_none());
/// assert!(t.cast_ray_with(&down, front).is_some());
/// ```
pub trait TriangleRayCast {
    /// The scalar type.
    type Scalar: Real;
    /// Where `ray` meets the triangle and the barycentric coordinates of that point, by the
    /// test and culling of `options`; `None` when it misses.
    fn cast_ray_with(
        &self,
        ray: &Ray<Self::Scalar>,
        options: TriangleRayOptions,
    ) -> Option<cast::TriangleHit<Self::Scalar>>;
}

impl<T: Real> TriangleRayCast for Triangle<T> {
    type Scalar = T;
    #[inline]
    fn cast_ray_with(
        &self,
        ray: &Ray<T>,
        options: TriangleRayOptions,
    ) -> Option<cast::TriangleHit<T>> {
        match options.test {
            TriangleTest::Watertight => cast::ray_triangle_watertight(ray, self, options.culling),
            TriangleTest::MollerTrumbore => cast::ray_triangle(ray, self, options.culling),
        }
    }
}

/// Time of impact with a shape of type `B`, both translating over `t ∈ [0, 1]` (see
/// [`dynamic`](crate::dynamic)).
///
/// What answers each pair:
/// - **closed form** (the dynamic layer's):
#[doc = crate::pair_table!(doc_pairs, sweep_closed)]
///   The plane and halfspace functions take one relative motion; here the plane may move too (the
///   time and normal are those of the relative motion, the contact point moves with the plane).
/// - **GJK ray cast** ([`convex_convex`](crate::dynamic::convex_convex)): every other pair of
///   sphere, capsule, box, oriented box, triangle, segment, cylinder, cone and tetrahedron.
///
/// # Examples
/// ```
/// use osculate::prelude::*;
///
/// let ball = Sphere::new(Point3::new(0.0_f64, 0.0, 0.0), 1.0);
/// let crate_box = Aabb::new(Point3::new(1.5, -0.5, -0.5), Point3::new(2.5, 0.5, 0.5));
/// // The ball rolling 2 to the right touches the box a quarter of the way along.
/// let hit = ball.time_of_impact(&Vector3::new(2.0, 0.0, 0.0), &crate_box, &Vector3::zeros());
/// assert_eq!(hit.map(|h| h.toi), Some(0.25));
/// // The same from the box's side: the box moving left meets the ball; normal from box to ball.
/// let hit = crate_box.time_of_impact(&Vector3::new(-2.0, 0.0, 0.0), &ball, &Vector3::zeros());
/// assert_eq!(hit.map(|h| (h.toi, h.normal.into_inner())), Some((0.25, -Vector3::x())));
/// // No closed form (the GJK ray cast): a post sliding into a cone's tip, 1 away.
/// let post = Cylinder::new(Point3::new(0.0_f64, 0.0, -1.0), Point3::new(0.0, 0.0, 1.0), 0.5);
/// let cone = Cone::new(Point3::new(1.5, 0.0, 0.0), Vector3::x_axis(), 1.0, 0.5);
/// let hit = post.time_of_impact(&Vector3::new(4.0, 0.0, 0.0), &cone, &Vector3::zeros()).unwrap();
/// assert!((hit.toi - 0.25).abs() < 1e-9);
/// ```
pub trait Sweep<B: ?Sized> {
    /// The scalar type.
    type Scalar: Real;
    /// The first contact when `self` moves by `v_self` and `other` by `v_other`; normal from
    /// `self` toward `other`.
    fn time_of_impact(
        &self,
        v_self: &Vector3<Self::Scalar>,
        other: &B,
        v_other: &Vector3<Self::Scalar>,
    ) -> Option<Impact<Self::Scalar>>;
    /// The sweep with the dynamic layer's options ([`sweep_convex`](crate::dynamic::sweep_convex)
    /// on the two convex shapes, posed ones included): a skin to keep ([`SweepOptions::skin`],
    /// parry's target distance) and whether a contact at the start stops the motion
    /// ([`SweepOptions::stop_at_penetration`]; off by default, so a motion away from a resting
    /// contact is no hit); the hit carries the contact at the time of impact. With
    /// [`SweepOptions::STOP_ON_CONTACT`] the time is [`time_of_impact`](Self::time_of_impact)'s
    /// (within the GJK ray cast's tolerance). Needs `alloc` (EPA measures the contact).
    ///
    /// [`SweepOptions::skin`]: crate::dynamic::SweepOptions::skin
    /// [`SweepOptions::stop_at_penetration`]: crate::dynamic::SweepOptions::stop_at_penetration
    /// [`SweepOptions::STOP_ON_CONTACT`]: crate::dynamic::SweepOptions::STOP_ON_CONTACT
    ///
    /// # Examples
    /// ```
    /// use osculate::dynamic::SweepOptions;
    /// use osculate::prelude::*;
    ///
    /// // A capsule standing on a floor: moving up leaves the contact, moving down is a hit at once.
    /// let floor = Aabb::new(Point3::new(-10.0_f64, -1.0, -10.0), Point3::new(10.0, 0.0, 10.0));
    /// let body = Capsule::new(Point3::new(0.0, 0.5, 0.0), Point3::new(0.0, 1.5, 0.0), 0.5);
    /// let (up, still) = (Vector3::new(0.0, 2.0, 0.0), Vector3::zeros());
    /// let options = SweepOptions::default();
    /// assert!(body.sweep_with(&up, &floor, &still, &options).is_none());
    /// assert_eq!(body.sweep_with(&-up, &floor, &still, &options).map(|h| h.toi), Some(0.0));
    /// // `time_of_impact` stops on any contact at the start, as `STOP_ON_CONTACT` does.
    /// assert_eq!(body.time_of_impact(&up, &floor, &still).map(|h| h.toi), Some(0.0));
    /// let stop = SweepOptions::STOP_ON_CONTACT;
    /// assert_eq!(body.sweep_with(&up, &floor, &still, &stop).map(|h| h.toi), Some(0.0));
    /// // A ball dropped onto the floor stops 0.1 above it.
    /// let ball = Sphere::new(Point3::new(0.0, 3.0, 0.0), 0.5);
    /// let skin = SweepOptions { skin: 0.1, ..SweepOptions::default() };
    /// let hit = ball.sweep_with(&Vector3::new(0.0, -4.0, 0.0), &floor, &still, &skin).unwrap();
    /// assert!((hit.toi - 0.6).abs() < 1e-6 && (hit.contact.distance - 0.1).abs() < 1e-6);
    /// ```
    #[cfg(feature = "alloc")]
    #[inline]
    fn sweep_with(
        &self,
        v_self: &Vector3<Self::Scalar>,
        other: &B,
        v_other: &Vector3<Self::Scalar>,
        options: &dynamic::SweepOptions<Self::Scalar>,
    ) -> Option<dynamic::SweepHit<Self::Scalar>>
    where
        Self: closest::SupportMap<Self::Scalar>,
        B: closest::SupportMap<Self::Scalar>,
    {
        dynamic::sweep_convex(self, v_self, other, v_other, options)
    }
}

/// GJK's iteration bound for the overlap fallback (as `closest_points_convex`'s default).
const GJK_ITERATIONS: usize = closest::GJK_MAX_ITERATIONS;

/// An answer with the roles of the two shapes exchanged: what the reversed argument order of a
/// pair returns (the witnesses and parameters swapped, the normals flipped).
trait Swap {
    fn swap(self) -> Self;
}

impl Swap for bool {
    #[inline]
    fn swap(self) -> Self {
        self
    }
}

impl<T: Real> Swap for ClosestPoints<T> {
    #[inline]
    fn swap(self) -> Self {
        self.swapped()
    }
}

impl<T: Real> Swap for Option<Contact<T>> {
    #[inline]
    fn swap(self) -> Self {
        self.map(Contact::swapped)
    }
}

impl<T: Real> Swap for Option<Impact<T>> {
    #[inline]
    fn swap(self) -> Self {
        self.map(Impact::swapped)
    }
}

/// `ClosestPoints` of a point `p` and its closest point `q` on a shape (parameter `param`).
#[inline]
fn point_result<T: Real>(p: &Point3<T>, q: Point3<T>, param: Param<T>) -> ClosestPoints<T> {
    ClosestPoints {
        point_a: *p,
        point_b: q,
        distance: (q - p).norm(),
        param_a: Param::None,
        param_b: param,
    }
}

/// The answer to query `$q` by `$how` (a row entry of [`pair_table!`](crate::pair_table)) for
/// the operands in the table's argument order: each a shape, for a sweep a `(shape, motion)`.
macro_rules! answer {
    ($root:tt; overlap closed($($f:ident)::+); $a:expr, $b:expr) => { $root::$($f)::+($a, $b) };
    ($root:tt; overlap gjk(); $a:expr, $b:expr) => { closest::intersect_convex($a, $b, GJK_ITERATIONS) };
    ($root:tt; overlap contains(); $p:expr, $s:expr) => { overlap::contains_point($s, $p) };
    ($root:tt; distance closed($($f:ident)::+); $a:expr, $b:expr) => { $root::$($f)::+($a, $b) };
    ($root:tt; distance gjk(); $a:expr, $b:expr) => { closest::closest_points_convex($a, $b) };
    ($root:tt; distance point($($f:ident)::+); $p:expr, $s:expr) => {
        point_result($p, $root::$($f)::+($p, $s), Param::None)
    };
    ($root:tt; distance curve($($f:ident)::+); $p:expr, $s:expr) => {{
        let c = $root::$($f)::+($p, $s);
        point_result($p, c.point, Param::Curve(c.t))
    }};
    ($root:tt; distance barycentric($($f:ident)::+); $p:expr, $s:expr) => {{
        let c = $root::$($f)::+($p, $s);
        point_result($p, c.point, Param::Barycentric(c.barycentric))
    }};
    ($root:tt; contact closed($($f:ident)::+); $a:expr, $b:expr) => { $root::$($f)::+($a, $b) };
    ($root:tt; contact epa(); $a:expr, $b:expr) => { crate::workspace::contact($a, $b) };
    ($root:tt; contact epa_in($w:ident); $a:expr, $b:expr) => { crate::workspace::contact_in($a, $b, $w) };
    ($root:tt; sweep closed($($f:ident)::+); ($a:expr, $va:expr), ($b:expr, $vb:expr)) => {
        $root::$($f)::+($a, $va, $b, $vb)
    };
    ($root:tt; sweep cast(); ($a:expr, $va:expr), ($b:expr, $vb:expr)) => {
        dynamic::convex_convex($a, $va, $b, $vb)
    };
    // The function takes the relative motion, `B` at rest; `B`'s own motion carries the point.
    ($root:tt; sweep relative($($f:ident)::+); ($a:expr, $va:expr), ($b:expr, $vb:expr)) => {
        $root::$($f)::+($a, &($va - $vb), $b).map(|hit| Impact { point: hit.point + $vb * hit.toi, ..hit })
    };
}

/// [`answer!`] in the table's order (`fwd`), or in the reversed order (`rev`): the function on
/// the exchanged operands, its answer swapped.
macro_rules! ordered {
    (fwd; $root:tt; $q:ident $how:ident $args:tt; $x:tt, $y:tt) => { answer!($root; $q $how $args; $x, $y) };
    (rev; $root:tt; $q:ident $how:ident $args:tt; $x:tt, $y:tt) => { Swap::swap(answer!($root; $q $how $args; $y, $x)) };
}

/// The trait impls of [`pair_table!`](crate::pair_table): for each row, both argument orders of
/// every query it lists (one for a shape with itself).
macro_rules! impl_pairs {
    (root: $root:tt; always { $($always:tt)* } alloc { $($alloc:tt)* }) => {
        impl_pairs!(@rows $root; $($always)*);
        #[cfg(feature = "alloc")]
        const _: () = {
            use osculate_math::{ConvexPolygon, ConvexPolyhedron};
            impl_pairs!(@rows $root; $($alloc)*);
        };
    };
    (@rows $root:tt; $($A:ident $(, $B:ident)? => $($q:ident: $how:ident $(($($f:tt)*))?),+;)*) => {
        $( impl_pairs!(@row $root; [$A $(, $B)?] $($q $how ($($($f)*)?))+); )*
    };
    (@row $root:tt; [$A:ident] $($q:ident $how:ident $args:tt)+) => {
        $( impl_pairs!(@impl $root; $A, $A, fwd; $q $how $args); )+
    };
    (@row $root:tt; [$A:ident, $B:ident] $($q:ident $how:ident $args:tt)+) => {
        $(
            impl_pairs!(@impl $root; $A, $B, fwd; $q $how $args);
            impl_pairs!(@impl $root; $B, $A, rev; $q $how $args);
        )+
    };
    (@impl $root:tt; $S:ident, $O:ident, $order:ident; overlap $how:ident $args:tt) => {
        impl<T: Real> Overlaps<$O<T>> for $S<T> {
            #[inline]
            fn overlaps(&self, other: &$O<T>) -> bool {
                ordered!($order; $root; overlap $how $args; self, other)
            }
        }
    };
    (@impl $root:tt; $S:ident, $O:ident, $order:ident; distance $how:ident $args:tt) => {
        impl<T: Real> Distance<$O<T>> for $S<T> {
            type Scalar = T;
            #[inline]
            fn closest_points(&self, other: &$O<T>) -> ClosestPoints<T> {
                ordered!($order; $root; distance $how $args; self, other)
            }
        }
    };
    (@impl $root:tt; $S:ident, $O:ident, $order:ident; contact epa $args:tt) => {
        #[cfg(feature = "alloc")]
        impl<T: Real> Penetration<$O<T>> for $S<T> {
            type Scalar = T;
            #[inline]
            fn contact(&self, other: &$O<T>) -> Option<Contact<T>> {
                ordered!($order; $root; contact epa $args; self, other)
            }
            #[inline]
            fn contact_with(&self, other: &$O<T>, workspace: &mut closest::EpaWorkspace<T>) -> Option<Contact<T>> {
                ordered!($order; $root; contact epa_in(workspace); self, other)
            }
        }
    };
    (@impl $root:tt; $S:ident, $O:ident, $order:ident; contact $how:ident $args:tt) => {
        impl<T: Real> Penetration<$O<T>> for $S<T> {
            type Scalar = T;
            #[inline]
            fn contact(&self, other: &$O<T>) -> Option<Contact<T>> {
                ordered!($order; $root; contact $how $args; self, other)
            }
        }
    };
    (@impl $root:tt; $S:ident, $O:ident, $order:ident; sweep $how:ident $args:tt) => {
        impl<T: Real> Sweep<$O<T>> for $S<T> {
            type Scalar = T;
            #[inline]
            fn time_of_impact(&self, v_self: &Vector3<T>, other: &$O<T>, v_other: &Vector3<T>) -> Option<Impact<T>> {
                ordered!($order; $root; sweep $how $args; (self, v_self), (other, v_other))
            }
        }
    };
    // `Ray, B => ray: …` is the cast of a ray against a `B`: one impl, on `B`.
    (@impl $root:tt; $S:ident, $O:ident, rev; ray $how:ident $args:tt) => {};
    (@impl $root:tt; Ray, $O:ident, fwd; ray closed($($f:ident)::+)) => {
        impl<T: Real> RayCast for $O<T> {
            type Scalar = T;
            #[inline]
            fn cast_ray(&self, ray: &Ray<T>) -> Option<RayHit<T>> { $root::$($f)::+(ray, self) }
        }
    };
    (@impl $root:tt; Ray, $O:ident, fwd; ray two_sided($($f:ident)::+)) => {
        impl<T: Real> RayCast for $O<T> {
            type Scalar = T;
            #[inline]
            fn cast_ray(&self, ray: &Ray<T>) -> Option<RayHit<T>> {
                $root::$($f)::+(ray, self, cast::Culling::TwoSided).map(|h| h.hit)
            }
        }
    };
}

crate::pair_table!(impl_pairs);

#[cfg(test)]
mod tests {
    //! [`TriangleRayCast`]'s wiring: the default options answer as [`RayCast`] does, each test
    //! and culling as the function it names, and the barycentrics give the hit point.

    use super::*;
    use osculate_testing::{Pair, Rng, test_tolerance};

    /// The ray of a case: from `pair.a`'s origin toward a random point of the triangle (or a
    /// little beyond an edge), so that most cases hit.
    fn aimed<T: Real>(pair: &Pair<Ray<T>, Triangle<T>>) -> Ray<T> {
        let tri = &pair.b;
        let mut rng = Rng::new(pair.seed);
        let (u, v) = (rng.range(-0.1, 1.1), rng.range(-0.1, 1.1));
        let (u, v) = if u + v > 1.2 { (1.2 - u, 1.2 - v) } else { (u, v) };
        let aim = tri.a + (tri.b - tri.a) * T::lit(u) + (tri.c - tri.a) * T::lit(v);
        Ray { direction: aim - pair.a.origin, max_t: T::lit(2.0), ..pair.a }
    }

    /// Every option against the function it names, the default against [`RayCast`], and the
    /// barycentrics of every hit against its point.
    fn options_route_to_their_tests<T: Real>(pair: Pair<Ray<T>, Triangle<T>>) -> bool {
        let (ray, tri) = (aimed(&pair), &pair.b);
        let direct = |test, culling| match test {
            TriangleTest::Watertight => cast::ray_triangle_watertight(&ray, tri, culling),
            TriangleTest::MollerTrumbore => cast::ray_triangle(&ray, tri, culling),
        };
        let scale = [tri.a, tri.b, tri.c, ray.origin]
            .iter()
            .fold(T::ONE, |m, p| m.fast_max(p.coords.amax()));
        let plain = tri.cast_ray_with(&ray, TriangleRayOptions::default());
        let mut ok = plain.map(|h| h.hit) == tri.cast_ray(&ray);
        for test in [TriangleTest::Watertight, TriangleTest::MollerTrumbore] {
            for culling in [cast::Culling::TwoSided, cast::Culling::FrontOnly] {
                let got = tri.cast_ray_with(&ray, TriangleRayOptions { test, culling });
                ok &= got == direct(test, culling);
                if let Some(h) = got {
                    let [bu, bv, bw] = h.barycentric;
                    let at =
                        Point3::from(tri.a.coords * bu + tri.b.coords * bv + tri.c.coords * bw);
                    ok &= (at - h.hit.point).amax() <= test_tolerance::<T>() * scale * T::lit(8.0);
                    ok &= (bu + bv + bw - T::ONE).abs() <= test_tolerance::<T>();
                }
            }
        }
        ok
    }

    #[test]
    fn triangle_ray_options_route_to_their_tests() {
        let cases = osculate_testing::cases(500);
        quickcheck::QuickCheck::new().tests(cases).max_tests(cases * 10).quickcheck(
            options_route_to_their_tests::<f32> as fn(Pair<Ray<f32>, Triangle<f32>>) -> bool,
        );
        quickcheck::QuickCheck::new().tests(cases).max_tests(cases * 10).quickcheck(
            options_route_to_their_tests::<f64> as fn(Pair<Ray<f64>, Triangle<f64>>) -> bool,
        );
        // The aimed rays hit in most cases, so the barycentrics are checked.
        let hits = (0..200)
            .map(Pair::<Ray<f64>, Triangle<f64>>::from_seed)
            .filter(|pair| {
                pair.b.cast_ray_with(&aimed(pair), TriangleRayOptions::default()).is_some()
            })
            .count();
        assert!(hits >= 100, "{hits} of 200 aimed rays hit");
    }

    /// A ray through the edge two triangles share: the watertight option hits one of the two,
    /// and where it hits the first, the barycentric weight of its vertex off the edge is zero.
    fn watertight_option_hits_a_shared_edge<T: Real>() {
        let (_, p, v) = osculate_testing::shorthands::<T>();
        let a = Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(1.0, 1.0, 0.0));
        let b = Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 0.0), p(0.0, 1.0, 0.0));
        let ray = Ray::new(p(0.5, 0.5, 1.0), v(0.0, 0.0, -1.0));
        let o = TriangleRayOptions::default();
        let hits = [a.cast_ray_with(&ray, o), b.cast_ray_with(&ray, o)];
        assert!(hits.iter().any(Option::is_some), "{hits:?}");
        if let Some(h) = hits[0] {
            assert_eq!(h.barycentric[1], T::ZERO, "{h:?}");
        }
    }

    osculate_testing::for_f32_and_f64!(watertight_option_hits_a_shared_edge);
}
