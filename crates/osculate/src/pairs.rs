//! The pair table: every pair of shapes the facade's traits answer, and how each query of the pair
//! is answered, written once. The trait impls (`traits.rs`), the lists of pairs in the traits' docs
//! and the catalogue test (`tests/it/catalogue.rs`) are generated from it, by passing a macro to
//! [`pair_table!`].

/// The facade's pair table. `pair_table!(callback)` expands to
/// `callback! { root: $crate; always { rows } alloc { rows } }`: the rows of the pairs every build
/// has, and those whose shapes need the `alloc` feature; `pair_table!(callback, args…)` puts
/// `args…` before `root` (the traits' docs list their pairs so).
///
/// A row is `A, B => query: how, …;` for two shape types (`A => …` for a shape with itself),
/// with the functions taking `A` first. The queries and the answers each may have:
///
/// | query | trait | answers |
/// |---|---|---|
/// | `overlap` | [`Overlaps`](crate::Overlaps) | `closed(f)`: `f(a, b)`; `gjk`: [`intersect_convex`](crate::closest::intersect_convex); `contains`: [`contains_point`](crate::overlap::contains_point) (`A` is the point) |
/// | `distance` | [`Distance`](crate::Distance) | `closed(f)`; `gjk`: [`closest_points_convex`](crate::closest::closest_points_convex); `point(f)`, `curve(f)`, `barycentric(f)`: the closest point `f(p, b)` of `B` to the point `A`, without or with its parameter |
/// | `contact` | [`Penetration`](crate::Penetration) | `closed(f)`; `epa`: [`contact_convex`](crate::closest::contact_convex) (with `alloc`; `None` only for NaN or infinite input: a flat difference, as of crossing segments or coplanar triangles, answers depth 0 along its normal) |
/// | `sweep` | [`Sweep`](crate::Sweep) | `closed(f)`: `f(a, va, b, vb)`; `cast`: the GJK ray cast [`convex_convex`](crate::dynamic::convex_convex); `relative(f)`: `f(a, va − vb, b)`, the contact point carried by `B`'s motion |
/// | `ray` | [`RayCast`](crate::RayCast) for `B` (`A` is [`Ray`](crate::math::Ray)) | `closed(f)`: `f(ray, b)`; `two_sided(f)`: `f(ray, b, Culling::TwoSided)` |
///
/// Each row gives both argument orders: the reversed order calls the same function on `(b, a)`
/// and swaps the answer (witness points and parameters exchanged, normals flipped), so both orders
/// agree exactly. Adding a shape to the facade is adding its rows here.
#[doc(hidden)]
#[macro_export]
macro_rules! pair_table {
    ($callback:ident $(, $($arg:tt)*)?) => { $callback! { $($($arg)*)? root: $crate;
    always {
        // The sphere.
        Sphere => overlap: closed(overlap::sphere_sphere), distance: closed(closest::closest_points_sphere_sphere),
            contact: closed(closest::contact_sphere_sphere), sweep: closed(dynamic::sphere_sphere);
        Segment, Sphere => overlap: closed(overlap::segment_sphere), distance: closed(closest::closest_points_segment_sphere),
            contact: closed(closest::contact_segment_sphere), sweep: cast;
        Sphere, Capsule => overlap: closed(overlap::sphere_capsule), distance: closed(closest::closest_points_sphere_capsule),
            contact: closed(closest::contact_sphere_capsule), sweep: closed(dynamic::sphere_capsule);
        Sphere, Aabb => overlap: closed(overlap::sphere_aabb), distance: closed(closest::closest_points_sphere_aabb),
            contact: closed(closest::contact_sphere_aabb), sweep: closed(dynamic::sphere_aabb);
        Sphere, Obb => overlap: closed(overlap::sphere_obb), distance: closed(closest::closest_points_sphere_obb),
            contact: closed(closest::contact_sphere_obb), sweep: closed(dynamic::sphere_obb);
        Sphere, Triangle => overlap: closed(overlap::sphere_triangle), distance: closed(closest::closest_points_sphere_triangle),
            contact: closed(closest::contact_sphere_triangle), sweep: closed(dynamic::sphere_triangle);
        Sphere, Cylinder => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Sphere, Cone => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Sphere, Tetrahedron => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Sphere, Plane => overlap: closed(overlap::sphere_plane), contact: closed(closest::contact_sphere_plane),
            sweep: relative(dynamic::sphere_plane);
        Sphere, Halfspace => overlap: closed(overlap::sphere_halfspace), contact: closed(closest::contact_sphere_halfspace),
            sweep: relative(dynamic::sphere_halfspace);
        // The segment.
        Segment => overlap: closed(overlap::segment_segment), distance: closed(closest::closest_points_segment_segment),
            contact: epa, sweep: cast;
        Segment, Capsule => overlap: closed(overlap::segment_capsule), distance: closed(closest::closest_points_segment_capsule),
            contact: epa, sweep: cast;
        Segment, Aabb => overlap: closed(overlap::segment_aabb), distance: closed(closest::closest_points_segment_aabb),
            contact: epa, sweep: cast;
        Segment, Obb => overlap: closed(overlap::segment_obb), distance: closed(closest::closest_points_segment_obb),
            contact: epa, sweep: cast;
        Segment, Triangle => overlap: closed(overlap::segment_triangle), distance: closed(closest::closest_points_segment_triangle),
            contact: epa, sweep: cast;
        Segment, Cylinder => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Segment, Cone => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Segment, Tetrahedron => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        // The capsule.
        Capsule => overlap: closed(overlap::capsule_capsule), distance: closed(closest::closest_points_capsule_capsule),
            contact: closed(closest::contact_capsule_capsule), sweep: closed(dynamic::capsule_capsule);
        Capsule, Aabb => overlap: closed(overlap::capsule_aabb), distance: closed(closest::closest_points_capsule_aabb),
            contact: epa, sweep: cast;
        Capsule, Obb => overlap: closed(overlap::capsule_obb), distance: closed(closest::closest_points_capsule_obb),
            contact: epa, sweep: cast;
        Capsule, Triangle => overlap: closed(overlap::capsule_triangle), distance: closed(closest::closest_points_capsule_triangle),
            contact: epa, sweep: cast;
        Capsule, Cylinder => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Capsule, Cone => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Capsule, Tetrahedron => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Capsule, Plane => overlap: closed(overlap::capsule_plane);
        Capsule, Halfspace => overlap: closed(overlap::capsule_halfspace);
        // The box.
        Aabb => overlap: closed(overlap::aabb_aabb), distance: closed(closest::closest_points_aabb_aabb), contact: epa,
            sweep: closed(dynamic::aabb_aabb);
        Aabb, Obb => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Aabb, Triangle => overlap: closed(overlap::aabb_triangle), distance: gjk, contact: epa,
            sweep: closed(dynamic::aabb_triangle);
        Aabb, Cylinder => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Aabb, Cone => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Aabb, Tetrahedron => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Aabb, Plane => overlap: closed(overlap::aabb_plane), sweep: relative(dynamic::aabb_plane);
        Aabb, Halfspace => overlap: closed(overlap::aabb_halfspace), sweep: relative(dynamic::aabb_halfspace);
        // The oriented box.
        Obb => overlap: closed(overlap::obb_obb), distance: gjk, contact: closed(closest::contact_obb_obb),
            sweep: closed(dynamic::obb_obb);
        Obb, Triangle => overlap: closed(overlap::obb_triangle), distance: gjk, contact: epa, sweep: cast;
        Obb, Cylinder => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Obb, Cone => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Obb, Tetrahedron => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Obb, Plane => overlap: closed(overlap::obb_plane), sweep: relative(dynamic::obb_plane);
        Obb, Halfspace => overlap: closed(overlap::obb_halfspace), sweep: relative(dynamic::obb_halfspace);
        // The cylinder and the cone.
        Cylinder => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Cylinder, Cone => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Cylinder, Tetrahedron => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Triangle, Cylinder => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Cone => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Cone, Tetrahedron => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Triangle, Cone => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Cone, Plane => overlap: closed(overlap::cone_plane);
        Cone, Halfspace => overlap: closed(overlap::cone_halfspace);
        // The triangle and the tetrahedron.
        Triangle => overlap: closed(overlap::triangle_triangle), distance: closed(closest::closest_points_triangle_triangle),
            contact: epa, sweep: cast;
        Triangle, Tetrahedron => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Triangle, Plane => overlap: closed(overlap::triangle_plane);
        Triangle, Halfspace => overlap: closed(overlap::triangle_halfspace);
        Tetrahedron => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        // Lines.
        Line => distance: closed(closest::closest_points_line_line);
        // A point: containment in a solid (GJK for the flat shapes), the closest point of a shape.
        Point3, Sphere => overlap: contains, distance: point(closest::closest_point_on_sphere);
        Point3, Segment => overlap: gjk, distance: curve(closest::closest_point_on_segment);
        Point3, Capsule => overlap: contains, distance: point(closest::closest_point_on_capsule);
        Point3, Aabb => overlap: contains, distance: point(closest::closest_point_on_aabb);
        Point3, Obb => overlap: contains, distance: point(closest::closest_point_on_obb);
        Point3, Cylinder => overlap: contains, distance: point(closest::closest_point_on_cylinder);
        Point3, Cone => overlap: contains, distance: point(closest::closest_point_on_cone);
        Point3, Triangle => overlap: gjk, distance: barycentric(closest::closest_point_on_triangle);
        Point3, Tetrahedron => overlap: contains, distance: point(closest::closest_point_on_tetrahedron);
        Point3, Halfspace => overlap: contains;
        Point3, Plane => distance: point(closest::closest_point_on_plane);
        Point3, Line => distance: curve(closest::closest_point_on_line);
        Point3, Ray => distance: curve(closest::closest_point_on_ray);
        // Ray casts.
        Ray, Sphere => ray: closed(cast::ray_sphere);
        Ray, Aabb => ray: closed(cast::ray_aabb);
        Ray, Obb => ray: closed(cast::ray_obb);
        Ray, Capsule => ray: closed(cast::ray_capsule);
        Ray, Cylinder => ray: closed(cast::ray_cylinder);
        Ray, Cone => ray: closed(cast::ray_cone);
        Ray, Plane => ray: closed(cast::ray_plane);
        Ray, Halfspace => ray: closed(cast::ray_halfspace);
        Ray, Tetrahedron => ray: closed(cast::ray_tetrahedron);
        Ray, Triangle => ray: two_sided(cast::ray_triangle_watertight);
    }
    alloc {
        Sphere, ConvexPolygon => overlap: closed(overlap::sphere_polygon), distance: gjk, contact: epa,
            sweep: closed(dynamic::sphere_polygon);
        ConvexPolygon => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolygon, Segment => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolygon, Capsule => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolygon, Aabb => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolygon, Obb => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolygon, Cylinder => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolygon, Cone => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolygon, Triangle => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolygon, Tetrahedron => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolygon, ConvexPolyhedron => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolyhedron => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolyhedron, Sphere => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolyhedron, Segment => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolyhedron, Capsule => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolyhedron, Aabb => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolyhedron, Obb => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolyhedron, Cylinder => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolyhedron, Cone => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolyhedron, Triangle => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        ConvexPolyhedron, Tetrahedron => overlap: gjk, distance: gjk, contact: epa, sweep: cast;
        Point3, ConvexPolygon => overlap: gjk, distance: point(closest::closest_point_on_polygon);
        Point3, ConvexPolyhedron => overlap: contains, distance: point(closest::closest_point_on_polyhedron);
        Ray, ConvexPolygon => ray: closed(cast::ray_polygon);
        Ray, ConvexPolyhedron => ray: closed(cast::ray_polyhedron);
    }
    } };
}
