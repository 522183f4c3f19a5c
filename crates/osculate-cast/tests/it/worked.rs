//! Worked cases, generic over the scalar and run for `f32` and `f64`: a rotated oriented box hit on
//! a face, an edge and a corner, from inside and just missed; a convex polyhedron and a convex
//! polygon (inside, miss, edge); van den Bergen's outcode clipper on face, edge and corner segments
//! beside the slab cast; a zero direction gives `None` for every cast. Then the regression cases of
//! the bugs the properties found (each with the input that showed it).

use osculate_cast::{
    Culling, line_triangle, ray_aabb, ray_capsule, ray_cone, ray_cylinder, ray_halfspace, ray_obb,
    ray_plane, ray_polygon, ray_polyhedron, ray_sphere, ray_tetrahedron, ray_triangle,
    ray_triangle_watertight, segment_aabb_outcode, segment_sphere,
};
use osculate_math::{
    Aabb, Capsule, Cone, ConvexPolygon, ConvexPolyhedron, Cylinder, Halfspace, Obb, Plane, Point3,
    Ray, Real, Rotation3, Segment, Sphere, Tetrahedron, Triangle, Vector3,
};
use osculate_testing::for_f32_and_f64;

fn p<T: Real>(x: f64, y: f64, z: f64) -> Point3<T> {
    Point3::new(T::lit(x), T::lit(y), T::lit(z))
}

fn v<T: Real>(x: f64, y: f64, z: f64) -> Vector3<T> {
    Vector3::new(T::lit(x), T::lit(y), T::lit(z))
}

/// Closeness for these unit-scale cases: 1e-5 in f32 (some 80 ε), 1e-12 in f64.
fn close<T: Real>(a: T, b: f64) -> bool {
    let tol = if T::EPSILON > T::lit(1e-10) { 1e-5 } else { 1e-12 };
    (a.to_f64() - b).abs() <= tol * b.abs().max(1.0)
}

fn close_v<T: Real>(a: &Vector3<T>, b: &Vector3<T>) -> bool {
    (0..3).all(|i| close(a[i], b[i].to_f64()))
}

/// An oriented box turned 45° about z (and centered off the origin): local points and directions
/// are mapped by `R` into the world, so every answer is known in the box's frame.
fn rotated_obb<T: Real>() {
    let r = Rotation3::from_axis_angle(&Vector3::z_axis(), T::lit(core::f64::consts::FRAC_PI_4));
    let c = p::<T>(1.0, 2.0, 3.0);
    let b = Obb::new(c, r, v(1.0, 0.5, 0.25));
    let world = |o: Vector3<T>, d: Vector3<T>| Ray::new(c + r * o, r * d);
    // Face: along the local x axis, entering the −x face at t = 4, leaving at t = 6.
    let h = ray_obb(&world(v(-5.0, 0.1, 0.05), v(1.0, 0.0, 0.0)), &b);
    assert!(
        h.is_some_and(|h| close(h.t_enter, 4.0)
            && close(h.t_exit, 6.0)
            && close_v(&h.normal.into_inner(), &(r * v(-1.0, 0.0, 0.0)))),
        "{h:?}"
    );
    // Edge: moving along (−1, −1, 0) through the edge x = 1, y = 0.5 at t = 3, out through the
    // −y face at t = 4; the entry normal is either face's.
    let h = ray_obb(&world(v(4.0, 3.5, 0.1), v(-1.0, -1.0, 0.0)), &b);
    assert!(
        h.is_some_and(|h| close(h.t_enter, 3.0)
            && close(h.t_exit, 4.0)
            && (close_v(&h.normal.into_inner(), &(r * v(1.0, 0.0, 0.0)))
                || close_v(&h.normal.into_inner(), &(r * v(0.0, 1.0, 0.0))))),
        "{h:?}"
    );
    // Corner: aimed at the corner (1, 0.5, 0.25) from 3 times as far, through to the opposite
    // corner; the entry normal is one of the three faces'.
    let corner = v(1.0, 0.5, 0.25);
    let h = ray_obb(&world(corner * T::lit(3.0), -corner), &b);
    assert!(
        h.is_some_and(|h| close(h.t_enter, 2.0)
            && close(h.t_exit, 4.0)
            && [v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0), v(0.0, 0.0, 1.0)]
                .iter()
                .any(|n| close_v(&h.normal.into_inner(), &(r * n)))),
        "{h:?}"
    );
    // From inside: t_enter = 0, out through the +z face at t = 0.25, normal −direction.
    let h = ray_obb(&world(v(0.0, 0.0, 0.0), v(0.0, 0.0, 1.0)), &b);
    assert!(
        h.is_some_and(|h| h.t_enter == T::ZERO
            && close(h.t_exit, 0.25)
            && close_v(&h.normal.into_inner(), &(r * v(0.0, 0.0, -1.0)))),
        "{h:?}"
    );
    // Just missing: 1e-3 beyond the +y face along x; pointing away; stopping short.
    assert!(ray_obb(&world(v(-5.0, 0.501, 0.0), v(1.0, 0.0, 0.0)), &b).is_none());
    assert!(ray_obb(&world(v(-5.0, 0.0, 0.0), v(-1.0, 0.0, 0.0)), &b).is_none());
    let short = Ray { max_t: T::lit(3.9), ..world(v(-5.0, 0.0, 0.0), v(1.0, 0.0, 0.0)) };
    assert!(ray_obb(&short, &b).is_none());
    // The unturned box answers as ray_aabb.
    let a = Aabb::from_center_extents(c, v(1.0, 0.5, 0.25));
    let ray = Ray::new(p(-3.0, 2.2, 3.1), v(1.0, 0.0, 0.0));
    let (h1, h2) = (ray_aabb(&ray, &a), ray_obb(&ray, &a.to_obb()));
    assert!(
        h1.zip(h2)
            .is_some_and(|(x, y)| close(x.t_enter, y.t_enter.to_f64()) && x.normal == y.normal)
    );
}

/// An octahedron `|x| + |y| + |z| ≤ 1` (slanted faces) and the cube `[−1, 1]³` (edges along the
/// axes) as convex polyhedra.
fn polyhedron<T: Real>() {
    let octa = ConvexPolyhedron::<T>::try_from_points(&osculate_testing::axis_points())
        .unwrap_or_else(|e| panic!("an octahedron: {e:?}"));
    let s3 = 3.0_f64.sqrt();
    // Inside: from (0.1, 0, 0) along x, out at the vertex region x = 1 (t = 0.9).
    let h = ray_polyhedron(&Ray::new(p(0.1, 0.0, 0.0), v(1.0, 0.0, 0.0)), &octa);
    assert!(
        h.is_some_and(|h| h.t_enter == T::ZERO
            && close(h.t_exit, 0.9)
            && close_v(&h.normal.into_inner(), &v(-1.0, 0.0, 0.0))),
        "{h:?}"
    );
    // Through the face −x + y + z ≤ 1: in at x = −0.7, out through x + y + z ≤ 1 at x = 0.7.
    let h = ray_polyhedron(&Ray::new(p(-3.0, 0.2, 0.1), v(1.0, 0.0, 0.0)), &octa);
    assert!(
        h.is_some_and(|h| close(h.t_enter, 2.3)
            && close(h.t_exit, 3.7)
            && close_v(&h.normal.into_inner(), &v(-1.0 / s3, 1.0 / s3, 1.0 / s3))),
        "{h:?}"
    );
    // Miss: beside the octahedron, and pointing away.
    assert!(ray_polyhedron(&Ray::new(p(0.6, 0.6, -3.0), v(0.0, 0.0, 1.0)), &octa).is_none());
    assert!(ray_polyhedron(&Ray::new(p(-3.0, 0.2, 0.1), v(-1.0, 0.0, 0.0)), &octa).is_none());
    // The cube: along an edge (origin on two face planes), grazing only the edge, just beside it.
    let cube =
        ConvexPolyhedron::try_from_aabb(&Aabb::new(p::<T>(-1.0, -1.0, -1.0), p(1.0, 1.0, 1.0)))
            .unwrap_or_else(|e| panic!("a cube: {e:?}"));
    let h = ray_polyhedron(&Ray::new(p(1.0, 1.0, -3.0), v(0.0, 0.0, 1.0)), &cube);
    assert!(
        h.is_some_and(|h| close(h.t_enter, 2.0)
            && close(h.t_exit, 4.0)
            && close_v(&h.normal.into_inner(), &v(0.0, 0.0, -1.0))),
        "{h:?}"
    );
    let h = ray_polyhedron(&Ray::new(p(3.0, -1.0, 0.0), v(-1.0, 1.0, 0.0)), &cube);
    assert!(h.is_some_and(|h| close(h.t_enter, 2.0) && close(h.t_exit, 2.0)), "{h:?}");
    assert!(ray_polyhedron(&Ray::new(p(1.001, 1.0, -3.0), v(0.0, 0.0, 1.0)), &cube).is_none());
}

/// The square `[0, 2]²` in the plane z = 0: interior, edge, vertex, miss, parallel, from below.
fn polygon<T: Real>() {
    let square = ConvexPolygon::try_new(vec![
        p::<T>(0.0, 0.0, 0.0),
        p(2.0, 0.0, 0.0),
        p(2.0, 2.0, 0.0),
        p(0.0, 2.0, 0.0),
    ])
    .unwrap_or_else(|e| panic!("a square: {e:?}"));
    let down = |x: f64, y: f64| Ray::new(p(x, y, 3.0), v(0.0, 0.0, -2.0));
    let h = ray_polygon(&down(1.5, 0.5), &square);
    assert!(
        h.is_some_and(|h| close(h.t_enter, 1.5)
            && h.t_enter == h.t_exit
            && h.point == p(1.5, 0.5, 0.0)
            && h.normal.into_inner() == v(0.0, 0.0, 1.0)),
        "{h:?}"
    );
    // Edges and vertices count as inside; just beyond an edge misses.
    assert!(ray_polygon(&down(2.0, 1.0), &square).is_some_and(|h| close(h.t_enter, 1.5)));
    assert!(ray_polygon(&down(2.0, 2.0), &square).is_some());
    assert!(ray_polygon(&down(2.001, 1.0), &square).is_none());
    assert!(ray_polygon(&down(-0.5, 3.0), &square).is_none());
    // Parallel to the plane (in it or above it), pointing away, stopping short.
    assert!(ray_polygon(&Ray::new(p(-1.0, 1.0, 0.0), v(1.0, 0.0, 0.0)), &square).is_none());
    assert!(ray_polygon(&Ray::new(p(-1.0, 1.0, 1.0), v(1.0, 0.0, 0.0)), &square).is_none());
    assert!(ray_polygon(&Ray::new(p(1.0, 1.0, 3.0), v(0.0, 0.0, 1.0)), &square).is_none());
    assert!(ray_polygon(&Ray { max_t: T::lit(1.4), ..down(1.0, 1.0) }, &square).is_none());
    // From below the normal faces the ray.
    let h = ray_polygon(&Ray::new(p(1.0, 1.0, -1.0), v(0.0, 0.0, 1.0)), &square);
    assert!(h.is_some_and(|h| h.normal.into_inner() == v(0.0, 0.0, -1.0)), "{h:?}");
}

/// Van den Bergen's outcode clipper on the box `[0, 1]³`, beside the slab cast on the same segment.
fn outcode_clipper<T: Real>() {
    let b = Aabb::new(p::<T>(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
    let both = |a: Point3<T>, c: Point3<T>| {
        let s = Segment::new(a, c);
        (segment_aabb_outcode(&s, &b), ray_aabb(&Ray::from_segment(&s), &b))
    };
    // Face: in through z = 1 at λ = 0.5, out through z = 0 at λ = 0.75.
    let (o, s) = both(p(0.5, 0.5, 3.0), p(0.5, 0.5, -1.0));
    for h in [o, s] {
        assert!(
            h.is_some_and(|h| close(h.t_enter, 0.5)
                && close(h.t_exit, 0.75)
                && h.normal.into_inner() == v(0.0, 0.0, 1.0)),
            "{h:?}"
        );
    }
    // Edge: through the edge x = y = 1 at λ = 1/3 and out through the edge x = y = 0 at 2/3; the
    // normal is either face's.
    let (o, s) = both(p(2.0, 2.0, 0.5), p(-1.0, -1.0, 0.5));
    for h in [o, s] {
        assert!(
            h.is_some_and(|h| close(h.t_enter, 1.0 / 3.0)
                && close(h.t_exit, 2.0 / 3.0)
                && (h.normal.into_inner() == v(1.0, 0.0, 0.0)
                    || h.normal.into_inner() == v(0.0, 1.0, 0.0))),
            "{h:?}"
        );
    }
    // Corner: the diagonal through (1, 1, 1) and (0, 0, 0).
    let (o, s) = both(p(2.0, 2.0, 2.0), p(-1.0, -1.0, -1.0));
    for h in [o, s] {
        assert!(h.is_some_and(|h| close(h.t_enter, 1.0 / 3.0) && close(h.t_exit, 2.0 / 3.0)));
    }
    // Touching the top edge x = y = 1 only, at λ = 0.5: a hit with an empty interval.
    let (o, s) = both(p(2.0, 0.0, 1.0), p(0.0, 2.0, 1.0));
    for h in [o, s] {
        assert!(h.is_some_and(|h| close(h.t_enter, 0.5) && close(h.t_exit, 0.5)), "{h:?}");
    }
    // Along the face z = 1 (both ends on its plane): in at λ = 1/3, out at 2/3.
    let (o, s) = both(p(-1.0, 0.5, 1.0), p(2.0, 0.5, 1.0));
    for h in [o, s] {
        assert!(h.is_some_and(|h| close(h.t_enter, 1.0 / 3.0) && close(h.t_exit, 2.0 / 3.0)));
    }
    // Outcode early-out: both ends beyond x = 1; just above the top face; ending short of the box.
    assert!(both(p(1.5, -1.0, 0.5), p(1.5, 2.0, 0.5)).0.is_none());
    let (o, s) = both(p(-1.0, 0.5, 1.001), p(2.0, 0.5, 1.001));
    assert!(o.is_none() && s.is_none());
    let (o, s) = both(p(-2.0, 0.5, 0.5), p(-0.5, 0.5, 0.5));
    assert!(o.is_none() && s.is_none());
    // From inside: λ_enter = 0, the normal −direction.
    let (o, s) = both(p(0.5, 0.5, 0.5), p(0.5, 0.5, 2.5));
    for h in [o, s] {
        assert!(
            h.is_some_and(|h| h.t_enter == T::ZERO
                && close(h.t_exit, 0.25)
                && h.normal.into_inner() == v(0.0, 0.0, -1.0)),
            "{h:?}"
        );
    }
}

/// A zero direction gives `None` for every cast, also from inside a solid and on a surface (the
/// documented answer: it reaches nothing but its origin, with no meaningful normal).
fn zero_direction<T: Real>() {
    let o = p::<T>(0.1, 0.1, 0.1);
    let ray = Ray::new(o, Vector3::zeros());
    let bounded = Ray { max_t: T::ONE, ..ray };
    let point_segment = Segment::new(o, o);
    for r in [ray, bounded] {
        assert!(ray_sphere(&r, &Sphere::new(p(0.0, 0.0, 0.0), T::ONE)).is_none());
        let cube = Aabb::new(p(-1.0, -1.0, -1.0), p(1.0, 1.0, 1.0));
        assert!(ray_aabb(&r, &cube).is_none());
        assert!(ray_obb(&r, &cube.to_obb()).is_none());
        let floor = Plane::new(Vector3::z_axis(), T::lit(0.1)); // the origin lies on it
        assert!(ray_plane(&r, &floor).is_none());
        assert!(ray_halfspace(&r, &Halfspace::new(floor)).is_none());
        let tri = Triangle::new(p(-1.0, -1.0, 0.1), p(1.0, -1.0, 0.1), p(0.0, 1.0, 0.1));
        for culling in [Culling::TwoSided, Culling::FrontOnly] {
            assert!(ray_triangle(&r, &tri, culling).is_none());
            assert!(ray_triangle_watertight(&r, &tri, culling).is_none());
        }
        assert!(
            ray_capsule(&r, &Capsule::new(p(0.0, 0.0, -1.0), p(0.0, 0.0, 1.0), T::ONE)).is_none()
        );
        assert!(
            ray_cylinder(&r, &Cylinder::new(p(0.0, 0.0, -1.0), p(0.0, 0.0, 1.0), T::ONE)).is_none()
        );
        let cone = Cone::new(p(0.0, 0.0, -1.0), Vector3::z_axis(), T::lit(2.0), T::ONE);
        assert!(ray_cone(&r, &cone).is_none());
        let square = ConvexPolygon::try_new(vec![
            p(-1.0, -1.0, 0.1),
            p(1.0, -1.0, 0.1),
            p(1.0, 1.0, 0.1),
            p(-1.0, 1.0, 0.1),
        ])
        .unwrap_or_else(|e| panic!("a square: {e:?}"));
        assert!(ray_polygon(&r, &square).is_none());
        assert!(
            ray_polyhedron(
                &r,
                &ConvexPolyhedron::try_from_aabb(&cube).unwrap_or_else(|e| panic!("a cube: {e:?}"))
            )
            .is_none()
        );
        let tet = Tetrahedron::new(
            p(-1.0, -1.0, -1.0),
            p(2.0, 0.0, 0.0),
            p(0.0, 2.0, 0.0),
            p(0.0, 0.0, 2.0),
        );
        assert!(ray_tetrahedron(&r, &tet).is_none());
    }
    // The segment forms: a zero-length segment inside the solid.
    assert!(segment_sphere(&point_segment, &Sphere::new(p(0.0, 0.0, 0.0), T::ONE)).is_none());
    let cube = Aabb::new(p(-1.0, -1.0, -1.0), p(1.0, 1.0, 1.0));
    assert!(segment_aabb_outcode(&point_segment, &cube).is_none());
    // The line through p and q = p has no direction.
    let tri = Triangle::new(p(-1.0, -1.0, 0.1), p(1.0, -1.0, 0.1), p(0.0, 1.0, 0.1));
    assert!(line_triangle(&o, &o, &tri).is_none());
}

for_f32_and_f64!(rotated_obb, polyhedron, polygon, outcode_clipper, zero_direction);

// ---------------------------------------------------------------------------------------------
// Regressions: the bugs the properties found.

/// Zero-radius round shapes hit exactly: the normal was `point − center` (or `point − axis`),
/// rounding noise that could point along the ray (a point sphere, a point capsule) or along the
/// axis (a segment capsule or cylinder, not a normal of the segment there). Now the normal faces the
/// ray and, for a segment, is perpendicular to it.
fn zero_radius_normals<T: Real>() {
    let d = v::<T>(-2.0, -1.0, 0.0);
    let h = ray_sphere(&Ray::new(p(2.0, 1.0, 0.0), d), &Sphere::new(p(0.0, 0.0, 0.0), T::ZERO));
    assert!(h.is_some_and(|h| close_v(&h.normal.into_inner(), &(-d.normalize()))), "{h:?}");
    // A slanted ray at a point sphere: `point − center` is rounding noise there.
    let o = p::<T>(0.3, 0.7, 0.9);
    let ray = Ray::new(o, p::<T>(0.1, 0.2, 0.4) - o);
    if let Some(h) = ray_sphere(&ray, &Sphere::new(p(0.1, 0.2, 0.4), T::ZERO)) {
        assert!(close_v(&h.normal.into_inner(), &(-ray.direction.normalize())), "{h:?}");
    }
    // The segment capsule (0,0,0)–(1,0,0), hit at its end a from the b side: the normal must be
    // perpendicular to the axis (−direction, (2, 1, 0)/√5, is not a normal there).
    let seg = Capsule::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), T::ZERO);
    let h = ray_capsule(&Ray::new(p(2.0, 1.0, 0.0), d), &seg);
    assert!(h.is_some_and(|h| close_v(&h.normal.into_inner(), &v(0.0, 1.0, 0.0))), "{h:?}");
    // A segment cylinder hit on its side, on a slanted ray whose offset from the axis at the hit
    // is rounding noise.
    let cyl = Cylinder::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 1.0), T::ZERO);
    let o = p::<T>(0.3, 0.7, 0.9);
    let ray = Ray::new(o, p::<T>(0.0, 0.0, 0.4) - o);
    if let Some(h) = ray_cylinder(&ray, &cyl) {
        let n = h.normal.into_inner();
        assert!(n.z.abs() < T::lit(1e-6) && n.dot(&ray.direction) < T::ZERO, "{h:?}");
    }
}

/// A cone seen from 1,000 units away along a line 0.02 above its tip: the chord is 0.04 long. The
/// quadratic written from the ray's origin had coefficients of 1e6 and a discriminant of 4e-4,
/// which f32 rounds to 0 (a double root at the axis, inside the cone: the entry 0.02 wrong); it is
/// now solved from the line's point nearest the cone. The normal is the slant's, (−1, 0, −1)/√2.
fn cone_far_and_near_the_tip<T: Real>() {
    let cone = Cone::new(p::<T>(0.0, 0.0, 0.0), Vector3::z_axis(), T::ONE, T::ONE);
    let h = ray_cone(&Ray::new(p(-1000.0, 0.0, 0.02), v(1.0, 0.0, 0.0)), &cone);
    let s = 0.5_f64.sqrt();
    assert!(
        h.is_some_and(|h| (h.t_enter.to_f64() - 999.98).abs() < 1e-3
            && (h.t_exit.to_f64() - 1000.02).abs() < 1e-3
            && (h.normal.into_inner() - v(-s, 0.0, -s)).norm() < T::lit(1e-4)),
        "{h:?}"
    );
    // A zero-radius cone is its axis segment: a slanted ray through it reports no chord of √ε
    // around it (the nappe's discriminant cancelled to noise there).
    let needle = Cone::new(p::<T>(0.0, 0.0, 0.0), Vector3::z_axis(), T::ONE, T::ZERO);
    let o = p::<T>(0.3, 0.7, 1.9);
    let ray = Ray::new(o, p::<T>(0.0, 0.0, 0.5) - o);
    if let Some(h) = ray_cone(&ray, &needle) {
        let chord = (h.t_exit - h.t_enter).to_f64() * ray.direction.norm().to_f64();
        assert!(chord <= 64.0 * T::EPSILON.to_f64(), "{h:?}");
    }
}

for_f32_and_f64!(zero_radius_normals, cone_far_and_near_the_tip);

/// A capsule entered where its end ball meets its body (tangent there): rounding picked the ball,
/// whose `p − end` tilts the normal along the axis by √ε (5e-3 in f32). Guards that the normal is
/// measured from the entry point's closest point on the axis segment.
#[test]
fn capsule_normal_at_the_seam_of_ball_and_body() {
    let c = Capsule::new(
        Point3::new(-0.727_059_3_f32, 0.119_212_63, -0.559_399_6),
        Point3::new(-0.383_380_77, 0.558_898_4, -0.859_216_6),
        0.367_100_6,
    );
    let ray = Ray::new(
        Point3::new(-2.593_249_3, -2.309_073_4, -1.606_715_1),
        Vector3::new(2.398_023, 2.922_046_4, 0.958_748_64),
    );
    let h = ray_capsule(&ray, &c).unwrap_or_else(|| panic!("the ray hits the capsule"));
    let p = h.point.cast::<f64>();
    let (a, b) = (c.a.cast::<f64>(), c.b.cast::<f64>());
    let t = ((p - a).dot(&(b - a)) / (b - a).norm_squared()).clamp(0.0, 1.0);
    let exact = (p - (a + (b - a) * t)).normalize();
    assert!((h.normal.into_inner().cast::<f64>() - exact).norm() < 1e-5, "{h:?} vs {exact:?}");
}

/// A triangle collapsed up to rounding (`c` on the segment `ab`, f32): guards against
/// Möller-Trumbore dividing by a noise determinant and reporting a hit 0.4 away from the triangle.
#[test]
fn moller_trumbore_misses_a_collapsed_triangle() {
    let tri = Triangle::new(
        Point3::new(0.774_467_65_f32, -0.381_640_23, -0.076_457_67),
        Point3::new(-0.084_914_7, -0.696_150_36, 0.010_678_654),
        Point3::new(0.430_522_53, -0.507_514_6, -0.041_583_654),
    );
    let ray = Ray {
        origin: Point3::new(0.706_994_95, 1.579_433_6, -0.065_184_504),
        direction: Vector3::new(-0.222_503_6, -1.552_953, 0.019_276_416),
        max_t: 1.067_359_1,
    };
    for culling in [Culling::TwoSided, Culling::FrontOnly] {
        assert!(ray_triangle(&ray, &tri, culling).is_none());
        assert!(ray_triangle_watertight(&ray, &tri, culling).is_none());
    }
}

/// Two near-flat tetrahedra from the properties (f64). The first (every vertex near one line)
/// was cast as its faces, slivers whose noise edge functions put the watertight hit 4e-4 away
/// from every face; the second (flat up to rounding: six times its volume below 128 ε times the
/// cube of its longest edge) went through Cyrus-Beck, whose nearly parallel face planes put a hit 0.34 away from the tetrahedron. A hit
/// must now lie on the tetrahedron.
#[test]
fn near_flat_tetrahedra_give_no_far_hit() {
    let cases = [
        (
            Tetrahedron::new(
                Point3::new(
                    0.413_841_253_960_128_16,
                    0.627_435_828_552_112_7,
                    0.337_317_624_705_565_6,
                ),
                Point3::new(
                    0.532_159_433_383_195_4,
                    -0.518_607_173_594_969_1,
                    -0.130_008_547_358_536_4,
                ),
                Point3::new(
                    0.504_120_096_506_946_8,
                    -0.247_015_048_288_784_62,
                    -0.019_260_427_048_645_89,
                ),
                Point3::new(
                    0.478_608_211_046_911_5,
                    9.590_241_733_489_768e-5,
                    0.081_504_914_611_536_5,
                ),
            ),
            Ray::new(
                Point3::new(
                    -2.545_522_099_980_544_4,
                    -1.356_780_368_233_761_1,
                    -2.424_981_318_581_451_7,
                ),
                Vector3::new(
                    2.468_194_856_073_212_8,
                    0.945_319_345_754_942_8,
                    1.969_272_031_174_335_7,
                ),
            ),
        ),
        (
            Tetrahedron::new(
                Point3::new(
                    -0.551_466_464_444_560_8,
                    0.318_544_940_034_335_4,
                    -0.568_964_993_285_275_8,
                ),
                Point3::new(
                    -0.849_158_382_017_575_7,
                    -0.499_441_449_401_665_46,
                    -0.536_069_746_851_236_8,
                ),
                Point3::new(
                    -0.428_799_451_083_941,
                    0.308_736_926_377_286_8,
                    0.530_507_784_221_412_3,
                ),
                Point3::new(
                    -0.784_384_209_417_795_1,
                    -0.252_083_929_839_455_43,
                    -0.765_832_876_282_786_1,
                ),
            ),
            Ray {
                origin: Point3::new(
                    -1.482_471_512_859_365_5,
                    -0.851_050_980_749_839_9,
                    2.210_083_473_641_829,
                ),
                direction: Vector3::new(
                    0.941_167_708_099_205_7,
                    1.171_035_634_043_202_2,
                    -1.273_381_810_280_826_5,
                ),
                max_t: 1.987_316_157_374_348_7,
            },
        ),
    ];
    for (tet, ray) in cases {
        if let Some(h) = ray_tetrahedron(&ray, &tet) {
            let q = osculate_closest::closest_point_on_tetrahedron(&h.point, &tet);
            assert!(
                (q - h.point).norm() < 1e-9,
                "{h:?} is {:e} from {tet:?}",
                (q - h.point).norm()
            );
        }
    }
}
