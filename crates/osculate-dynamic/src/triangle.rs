//! Moving triangles: a sphere against a triangle (face, edge and vertex contacts, Ericson 5.5.6)
//! and a box against a triangle (separating axes over the motion, Ericson 5.5.2).

use osculate_cast::{Culling, ray_capsule, ray_triangle_watertight};
use osculate_closest::closest_point_on_triangle;
use osculate_math::{Aabb, Capsule, Point3, Real, Sphere, Triangle, Vector3, is_finite_point};

use crate::boxes::{sat_impact, sweep_sat, usable_axis};
use crate::sphere::{ball_impact, earliest, finite_motion, sweep_start};
use crate::types::Impact;

/// Moving sphere `s` (displaced by `vs`) against moving triangle `tri` (displaced by `vt`), with
/// face, edge and vertex contacts (Ericson 5.5.6): the sphere's center, moving at `vs − vt`
/// relative to the triangle, is cast against the triangle grown by the radius — its two faces
/// offset by `±r` along the normal (watertight ray-triangle) and its three edges as capsules
/// (which include the vertex balls). The contact point is the triangle's closest point to the
/// center at the time of impact; the normal points from the sphere to it.
///
/// # Examples
/// ```
/// use osculate_dynamic::sphere_triangle;
/// use osculate_math::{Point3, Sphere, Triangle, Vector3};
///
/// let t = Triangle::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// let s = Sphere::new(Point3::new(1.0, 1.0, 5.0), 1.0);
/// let hit = sphere_triangle(&s, &Vector3::new(0.0, 0.0, -8.0), &t, &Vector3::zeros()).unwrap();
/// assert!((hit.toi - 0.5).abs() < 1e-12); // face contact
/// // Past the edge x = 0: an edge contact, later and with a slanted normal.
/// let e = sphere_triangle(&Sphere::new(Point3::new(-0.5, 1.0, 5.0), 1.0), &Vector3::new(0.0, 0.0, -8.0), &t, &Vector3::zeros()).unwrap();
/// assert!(e.toi > 0.5 && e.normal.x > 0.0);
/// ```
#[must_use]
pub fn sphere_triangle<T: Real>(
    s: &Sphere<T>,
    vs: &Vector3<T>,
    tri: &Triangle<T>,
    vt: &Vector3<T>,
) -> Option<Impact<T>> {
    let r = s.radius;
    let finite_triangle =
        is_finite_point(&tri.a) && is_finite_point(&tri.b) && is_finite_point(&tri.c);
    if !(r >= T::ZERO
        && r.is_finite()
        && is_finite_point(&s.center)
        && finite_triangle
        && finite_motion(vs, vt))
    {
        return None;
    }
    let rel = vs - vt;
    let ray = match sweep_start(s, closest_point_on_triangle(&s.center, tri).point, &rel) {
        Ok(ray) => ray,
        Err(decided) => return decided,
    };
    let n = tri.unit_normal().map(|n| n.into_inner() * r);
    let face = |offset: Vector3<T>| {
        let moved = Triangle::new(tri.a + offset, tri.b + offset, tri.c + offset);
        ray_triangle_watertight(&ray, &moved, Culling::TwoSided).map(|h| h.hit.t_enter)
    };
    let edge =
        |a: Point3<T>, b: Point3<T>| ray_capsule(&ray, &Capsule::new(a, b, r)).map(|h| h.t_enter);
    let toi = earliest([
        n.and_then(&face),
        n.and_then(|n| face(-n)),
        edge(tri.a, tri.b),
        edge(tri.b, tri.c),
        edge(tri.c, tri.a),
    ])?;
    let c = s.center + vs * toi;
    let moved = Triangle::new(tri.a + vt * toi, tri.b + vt * toi, tri.c + vt * toi);
    ball_impact(c, closest_point_on_triangle(&c, &moved).point, toi, &rel, false)
}

/// Moving box `b` (displaced by `vb`) against moving triangle `t` (displaced by `vt`) by separating
/// axes over the motion (Ericson 5.5.2) with the 13 axes of the static test (Akenine-Möller, 5.2.9):
/// the box's three, the triangle's normal, and the nine edge-axis cross products (parallel ones
/// skipped). The normal is the axis whose overlap starts last, from the box to the triangle; the
/// point is the triangle's vertex (or edge or face midpoint) farthest toward the box then, moved
/// onto the box.
///
/// # Examples
/// ```
/// use osculate_dynamic::aabb_triangle;
/// use osculate_math::{Aabb, Point3, Triangle, Vector3};
///
/// let b = Aabb::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let t = Triangle::new(Point3::new(0.0, 0.0, 3.0), Point3::new(1.0, 0.0, 3.0), Point3::new(0.0, 1.0, 3.0));
/// let hit = aabb_triangle(&b, &Vector3::zeros(), &t, &Vector3::new(0.0, 0.0, -4.0)).unwrap();
/// assert_eq!((hit.toi, hit.normal), (0.5, Vector3::z_axis()));
/// ```
#[inline]
#[must_use]
pub fn aabb_triangle<T: Real>(
    b: &Aabb<T>,
    vb: &Vector3<T>,
    t: &Triangle<T>,
    vt: &Vector3<T>,
) -> Option<Impact<T>> {
    triangle_aabb(t, vt, b, vb).map(Impact::swapped)
}

/// [`aabb_triangle`] with the triangle as shape A: the normal from the triangle to the box.
fn triangle_aabb<T: Real>(
    t: &Triangle<T>,
    vt: &Vector3<T>,
    b: &Aabb<T>,
    vb: &Vector3<T>,
) -> Option<Impact<T>> {
    let usable = is_finite_point(&t.a)
        && is_finite_point(&t.b)
        && is_finite_point(&t.c)
        && (0..3).all(|i| b.min[i] <= b.max[i] && b.min[i].is_finite() && b.max[i].is_finite());
    if !usable {
        return None;
    }
    let edges = [t.b - t.a, t.c - t.b, t.a - t.c];
    let mut axes = [Vector3::zeros(); 13];
    let mut count = 0;
    for i in 0..3 {
        let mut u = Vector3::zeros();
        u[i] = T::ONE;
        axes[count] = u;
        count += 1;
        for e in &edges {
            let l = u.cross(e);
            if usable_axis(&l, &u, e) {
                axes[count] = l;
                count += 1;
            }
        }
    }
    let n = edges[0].cross(&edges[1]);
    if usable_axis(&n, &edges[0], &edges[1]) {
        axes[count] = n;
        count += 1;
    }
    let project_t = |l: &Vector3<T>| {
        let d = [t.a.coords.dot(l), t.b.coords.dot(l), t.c.coords.dot(l)];
        (d[0].fast_min(d[1]).fast_min(d[2]), d[0].fast_max(d[1]).fast_max(d[2]))
    };
    let (c, e) = (b.center(), b.half_extents());
    let project_b = |l: &Vector3<T>| {
        let m = c.coords.dot(l);
        let r = e.x * l.x.abs() + e.y * l.y.abs() + e.z * l.z.abs();
        (m - r, m + r)
    };
    let (toi, axis, overlapping) = sweep_sat(&axes[..count], project_t, project_b, &(vb - vt))?;
    let shift_t = vt * toi;
    let tri_center = Point3::from((t.a.coords + t.b.coords + t.c.coords) / T::lit(3.0)) + shift_t;
    let box_now = Aabb { min: b.min + vb * toi, max: b.max + vb * toi };
    sat_impact(toi, &axis, overlapping, &(vb - vt), tri_center, box_now.center(), |n| {
        // The triangle's points farthest along n (toward the box): their mean.
        let d = [t.a.coords.dot(n), t.b.coords.dot(n), t.c.coords.dot(n)];
        let top = d[0].fast_max(d[1]).fast_max(d[2]);
        let slack = T::RELATIVE_TOLERANCE * (top.abs() + T::ONE);
        let (mut sum, mut k) = (Vector3::zeros(), T::ZERO);
        for (p, dp) in [t.a, t.b, t.c].iter().zip(d) {
            if dp >= top - slack {
                sum += p.coords;
                k += T::ONE;
            }
        }
        let tip = Point3::from(sum / k) + shift_t;
        osculate_closest::closest_point_on_aabb(&tip, &box_now)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use osculate_testing::{for_f32_and_f64, near, shorthands, sphere_shorthands};

    fn sphere_worked_cases<T: Real>() {
        let (l, p, v, s) = sphere_shorthands::<T>();
        let (close, zero) = (near::<T>(1e-4), Vector3::zeros());
        // Triangle: face, edge, vertex contacts; sliding past.
        let tri = Triangle::new(p(0.0, 0.0, 0.0), p(4.0, 0.0, 0.0), p(0.0, 4.0, 0.0));
        let down = v(0.0, 0.0, -10.0);
        let face = sphere_triangle(&s(p(1.0, 1.0, 6.0), 1.0), &down, &tri, &zero);
        assert!(face.is_some_and(|h| close(h.toi, 0.5) && close(h.normal.z, -1.0)), "{face:?}");
        // Over the edge y = 0 by 0.6: touches the edge when the height is 0.8 (0.6² + 0.8² = 1).
        let edge = sphere_triangle(&s(p(1.0, -0.6, 6.0), 1.0), &down, &tri, &zero);
        assert!(edge.is_some_and(|h| close(h.toi, 0.52) && close(h.point.y, 0.0)), "{edge:?}");
        // Beyond the vertex (0, 0) by (−0.6, −0.6)·(1/√2)·... a vertex contact.
        let vertex = sphere_triangle(&s(p(-0.5, -0.5, 6.0), 1.0), &down, &tri, &zero);
        let h = (1.0_f64 - 0.5).sqrt();
        assert!(
            vertex
                .is_some_and(|x| close(x.toi, (6.0 - h) / 10.0)
                    && (x.point - p(0.0, 0.0, 0.0)).norm() < l(1e-4)),
            "{vertex:?}"
        );
        assert!(sphere_triangle(&s(p(-2.0, -2.0, 6.0), 1.0), &down, &tri, &zero).is_none());
        // The triangle moving instead of the sphere: the same time.
        let moving = sphere_triangle(&s(p(1.0, 1.0, 6.0), 1.0), &zero, &tri, &v(0.0, 0.0, 10.0));
        assert!(moving.is_some_and(|h| close(h.toi, 0.5)), "{moving:?}");
    }

    fn box_worked_cases<T: Real>() {
        let (_, p, v) = shorthands::<T>();
        let close = near::<T>(1e-5);
        let a = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
        let zero = Vector3::zeros();
        // Triangle-box: face contact, a triangle sliding past beside the box.
        let tri = Triangle::new(p(0.0, 0.0, 3.0), p(1.0, 0.0, 3.0), p(0.0, 1.0, 3.0));
        assert!(
            triangle_aabb(&tri, &v(0.0, 0.0, -4.0), &a, &zero).is_some_and(|h| close(h.toi, 0.5))
        );
        let beside = Triangle::new(p(2.0, 0.0, 3.0), p(3.0, 0.0, 3.0), p(2.0, 1.0, 3.0));
        assert!(triangle_aabb(&beside, &v(0.0, 0.0, -4.0), &a, &zero).is_none());
    }

    #[test]
    fn triangle_aabb_flat_shapes_normal_follows_the_approach() {
        // A triangle and a box both flat along the contact axis, touching edge to edge: the same
        // relative motion given as both moving or as the triangle alone gave opposite normals
        // (the centers' order along the axis was rounding). The normal is from the triangle to
        // the box, against the box's relative velocity.
        let p = |x: f64, y: f64, z: f64| Point3::new(x, y, z);
        let t = Triangle::new(
            p(0.258_145_181_936_914_94, -0.688_073_909_580_148_7, -0.732_221_711_331_804_4),
            p(0.847_316_445_711_642_4, 0.958_616_573_861_677_2, -0.382_611_930_530_000_64),
            p(0.774_174_435_409_712_9, 0.754_190_017_935_753_5, -0.426_013_847_360_143_47),
        );
        let b = Aabb::new(
            p(-0.754_997_949_871_261_3, -0.269_161_003_741_739_1, -0.136_921_404_299_169_44),
            p(-0.754_997_949_871_261_3, -0.269_161_003_741_739_1, 0.108_683_214_342_350_29),
        );
        let vt = Vector3::new(
            1.973_957_104_929_800_4,
            -1.486_317_889_653_613_1,
            1.591_903_751_341_772_6,
        );
        let vb =
            Vector3::new(5.443_344_869_609_33, 0.159_874_215_283_944_74, 0.534_804_689_054_940_9);
        let both = triangle_aabb(&t, &vt, &b, &vb);
        let alone = triangle_aabb(&t, &(vt - vb), &b, &Vector3::zeros());
        match (both, alone) {
            (Some(h), Some(g)) => {
                assert!(h.normal.dot(&(vb - vt)) < 0.0, "{h:?}");
                assert!(
                    (h.normal.into_inner() - g.normal.into_inner()).norm() < 1e-9,
                    "{h:?} {g:?}"
                );
            }
            _ => panic!("{both:?} {alone:?}"),
        }
    }

    for_f32_and_f64!(sphere_worked_cases, box_worked_cases);
}
