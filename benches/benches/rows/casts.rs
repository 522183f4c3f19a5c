//! Ray and segment casts (layer 3). The distributions: the ray hits 10% or 90% of the time, aimed
//! at a random point of or near the shape (a third of the rays with a finite `max_t`).
//!
//! osculate returns the entry and exit parameters, the point and the normal: parry's matching
//! call is `cast_*_ray_and_get_normal`, its cheap one `cast_*_ray` (the parameter only).

use osculate::cast;
use osculate_benches::BATCH;
use osculate_benches::input::{Dists, Inputs, RATES, aim, inputs, pair, ray_at, segment_at, shape};
use osculate_benches::race::{
    Answer, Class::*, OSCULATE_F32, OSCULATE_F64, PARRY_F32, PARRY_F64, Race, Row, Sink,
};
use osculate_benches::{floor, only, osculate, parry, table};
use osculate_math::{
    Aabb, Capsule, Cone, ConvexPolygon, ConvexPolyhedron, Cylinder, Halfspace, Obb, Plane, Point3,
    Ray, Real, Sphere, Tetrahedron, Triangle, Vector3,
};
use osculate_testing::Rng;
use std::cell::RefCell;
use std::rc::Rc;

/// The cheap forms of a cast beside parry's cheapest calls, on the inputs of the full cast's row:
/// `<query>_t` (the entry parameter alone) against `cast_local_ray` (or the posed `cast_ray`) with
/// `solid = true`, and `<query>_hits` (the hit decision alone) against `intersects_local_ray` (or
/// `intersects_ray`).
macro_rules! cheap_rows {
    (@row $s:ident, $d:ident, $name:expr, $note:expr, |$x:pat_param| $ours:expr,
     prep: |$z:pat_param| $prep:expr, parry: |$p:pat_param| $theirs:expr) => {{
        let mut r = $s.race(Row::new($name, LikeForLike).note($note));
        osculate! { r, $d, |$x| $ours }
        parry! { r, $d, |$z| $prep, parry: |$p| $theirs }
        r.finish();
    }};
    ($s:ident, $d:ident, $query:literal, $note:literal,
     t: |$x:pat_param| $t:expr, hits: |$y:pat_param| $hits:expr,
     prep: |$z:pat_param| $prep:expr, parry_t: |$p:pat_param| $pt:expr,
     parry_hits: |$q:pat_param| $ph:expr $(,)?) => {{
        cheap_rows!(@row $s, $d, concat!($query, "_t"),
            concat!("the entry parameter alone; parry: ", $note), |$x| $t,
            prep: |$z| $prep, parry: |$p| $pt);
        cheap_rows!(@row $s, $d, concat!($query, "_hits"),
            concat!("the hit decision alone; parry: ", $note), |$y| $hits,
            prep: |$z| $prep, parry: |$q| $ph);
    }};
}

/// Every row of this module.
pub(crate) fn all(s: &mut Sink<'_>) {
    ray_aabb(s);
    ray_aabb_many(s);
    segment_aabb(s);
    local_rays(s);
    ray_triangle(s);
    ray_triangle_prepared(s);
    posed_rays(s);
    cheap_forms(s);
    osculate_only(s);
}

fn ray_aabb(s: &mut Sink<'_>) {
    let d = inputs(200, "hit", ray_at::<Aabb<f64>>, |(ray, b)| cast::ray_aabb(ray, b).is_some());
    let mut r =
        s.race(Row::new("ray_aabb", LikeForLike).note("parry's `Aabb` is the same min-max box"));
    osculate! { r, d, |x| cast::ray_aabb(&x.0, &x.1) }
    parry! { r, d, |x| (cv::aabb(&x.1), cv::ray(&x.0), x.0.max_t),
    parry: |p| p.0.cast_local_ray_and_get_normal(&p.1, p.2, true) => |_, h| cv::toi(h),
    cheap: |p| p.0.cast_local_ray(&p.1, p.2, true) }
    floor! { r, d, |x| {
        let inverse = x.0.direction.map(|v| 1.0 / v);
        let (o, lo, hi) = (floor::point(&x.0.origin), floor::point(&x.1.min), floor::point(&x.1.max));
        (o, floor::vector(&inverse), lo, hi, x.0.max_t)
    },
    |f| floor::ray_aabb(f.0, f.1, f.2, f.3, f.4) }
    r.finish();

    // The exact hit decision beside it, on the same inputs.
    let mut r = s.race(
        Row::new("ray_aabb_hits_exact", LikeForLike)
            .note("the hit decision alone, exact; parry: its `Aabb`'s `intersects_local_ray`"),
    );
    osculate! { r, d, |x| cast::ray_aabb_hits_exact(&x.0, &x.1) }
    parry! { r, d, |x| (cv::aabb(&x.1), cv::ray(&x.0), x.0.max_t),
    parry: |p| p.0.intersects_local_ray(&p.1, p.2) }
    r.finish();
}

/// A ray and the boxes it is cast against.
pub(crate) type Bundle<T> = (Ray<T>, Rc<[Aabb<T>]>);

/// One ray against [`BATCH`] boxes: `set` boxes of which `rate`% are hit by a central ray, and
/// [`BATCH`] rays jittered from it by 1e-4 (coherent rays: each hits about the same boxes).
pub(crate) fn ray_bundle(rng: &mut Rng, rate: usize) -> Vec<Bundle<f64>> {
    let (central, _): (Ray<f64>, Aabb<f64>) = ray_at(rng);
    let central = Ray { max_t: f64::INFINITY, ..central };
    let hits = (BATCH * rate + 50) / 100;
    let (mut yes, mut no) = (Vec::new(), Vec::new());
    while yes.len() < hits || no.len() < BATCH - hits {
        let b: Aabb<f64> = shape(rng);
        if cast::ray_aabb(&central, &b).is_some() {
            if yes.len() < hits {
                yes.push(b);
            }
        } else if no.len() < BATCH - hits {
            no.push(b);
        }
    }
    let mut boxes: Vec<Aabb<f64>> = yes.into_iter().chain(no).collect();
    for i in (1..boxes.len()).rev() {
        boxes.swap(i, rng.index(i + 1));
    }
    let boxes: Rc<[Aabb<f64>]> = boxes.into();
    let jitter = |rng: &mut Rng| {
        Vector3::new(rng.range(-1e-4, 1e-4), rng.range(-1e-4, 1e-4), rng.range(-1e-4, 1e-4))
    };
    (0..BATCH)
        .map(|_| {
            let ray = Ray {
                origin: central.origin + jitter(rng),
                direction: central.direction + jitter(rng),
                ..central
            };
            (ray, Rc::clone(&boxes))
        })
        .collect()
}

/// parry's side of the bundle rows, for one parry crate: `Aabb::cast_local_ray` on each box,
/// the entry parameters written out as osculate's are.
macro_rules! parry_bundle {
    ($r:ident, $data:expr, $cv:ident, $pr:ident, $t:ty, $id:expr, $digest:expr) => {{
        use osculate_benches::convert::$cv as cv;
        use $pr::query::RayCast as _;
        let data = $data
            .map(|(ray, boxes)| (cv::ray(ray), boxes.iter().map(cv::aabb).collect::<Rc<[_]>>()));
        let out = RefCell::new(vec![<$t>::INFINITY; BATCH]);
        $r.run(
            $id,
            "cast_local_ray",
            &data,
            |x| {
                let mut out = out.borrow_mut();
                for (b, o) in x.1.iter().zip(out.iter_mut()) {
                    *o = b.cast_local_ray(&x.0, <$t>::INFINITY, true).unwrap_or(<$t>::INFINITY);
                }
                out[BATCH - 1]
            },
            |_, _| $digest(&out.borrow().iter().map(|&t| cv::wide(t)).collect::<Vec<_>>()),
        );
    }};
}

/// `ray_aabb_many` (osculate's batch entry point) and the single query in a loop, both against
/// parry's `cast_local_ray` in a loop; times are per [`BATCH`] boxes.
fn ray_aabb_many(s: &mut Sink<'_>) {
    let mut rng = Rng::new(205);
    let sets =
        RATES.iter().map(|&rate| (format!("hit{rate}"), ray_bundle(&mut rng, rate))).collect();
    let d = Inputs::from_sets(Dists { sets });
    // One output slot per box; the answer is the sum of the finite entry parameters.
    let digest = |out: &[f64]| Answer::Value(Some(out.iter().filter(|t| t.is_finite()).sum()));
    for (query, batch) in [("ray_aabb_many_1024", true), ("ray_aabb_loop_1024", false)] {
        let mut r = s.race(Row::new(query, LikeForLike).note(
            "one ray against 1,024 boxes, coherent rays; parry: `Aabb::cast_local_ray` in a loop",
        ));
        race_bundle::<f32>(&mut r, OSCULATE_F32, &d.f32, batch, digest);
        race_bundle::<f64>(&mut r, OSCULATE_F64, &d.f64, batch, digest);
        parry_bundle!(r, d.f32, p32, parry3d, f32, PARRY_F32, digest);
        parry_bundle!(r, d.f64, p64, parry3d_f64, f64, PARRY_F64, digest);
        r.finish();
    }
}

/// osculate's side of the bundle rows, for one precision: the timed call writes one entry
/// parameter per box and returns the last (the check digests them all).
fn race_bundle<T: Real>(
    r: &mut Race<'_>,
    id: &'static str,
    data: &Dists<Bundle<T>>,
    batch: bool,
    digest: impl Fn(&[f64]) -> Answer,
) {
    let out = RefCell::new(vec![T::INFINITY; BATCH]);
    let answer =
        |_: &_, _: &T| digest(&out.borrow().iter().map(|t| t.to_f64()).collect::<Vec<_>>());
    if batch {
        r.run(
            id,
            "cast::ray_aabb_many",
            data,
            |x| {
                let mut out = out.borrow_mut();
                cast::ray_aabb_many(&x.0, &x.1, &mut out);
                out[BATCH - 1]
            },
            answer,
        );
    } else {
        r.run(
            id,
            "cast::ray_aabb",
            data,
            |x| {
                let mut out = out.borrow_mut();
                for (b, o) in x.1.iter().zip(out.iter_mut()) {
                    *o = cast::ray_aabb(&x.0, b).map_or(T::INFINITY, |h| h.t_enter);
                }
                out[BATCH - 1]
            },
            answer,
        );
    }
}

/// Segments against boxes: van den Bergen's outcode clipper, and the slab test on the segment as
/// a ray (`ray_aabb` on `Ray::from_segment`), on the same segments; parry: its `Aabb`'s ray cast
/// up to parameter 1.
fn segment_aabb(s: &mut Sink<'_>) {
    let hits = |(seg, b): &(osculate_math::Segment<f64>, Aabb<f64>)| {
        cast::segment_aabb_outcode(seg, b).is_some()
    };
    let row = |q| Row::new(q, LikeForLike).note("parry: its `Aabb`'s ray cast up to parameter 1");
    table! { s, {
            parry: |p| p.0.cast_local_ray_and_get_normal(&p.1, 1.0, true) => |_, h| cv::toi(h),
            cheap: |p| p.0.cast_local_ray(&p.1, 1.0, true),
        };
        [
            row("segment_aabb_outcode"),
            inputs(302, "hit", segment_at::<Aabb<f64>>, hits),
            |x| cast::segment_aabb_outcode(&x.0, &x.1),
            |x| (cv::aabb(&x.1), cv::segment_ray(&x.0)),
        ],
        [
            row("segment_aabb_slab"),
            inputs(302, "hit", segment_at::<Aabb<f64>>, hits),
            |x| cast::ray_aabb(&Ray::from_segment(&x.0), &x.1),
            |x| (cv::aabb(&x.1), cv::segment_ray(&x.0)),
        ],
    }
}

/// Rays against a shape parry keeps in the frame osculate's is given in, or moved into its frame
/// by a translation: `cast_local_ray_and_get_normal`, and `cast_local_ray` for the parameter only.
fn local_rays(s: &mut Sink<'_>) {
    table! { s, {
            parry: |p| p.1.cast_local_ray_and_get_normal(&p.0, p.2, true) => |_, h| cv::toi(h),
            cheap: |p| p.1.cast_local_ray(&p.0, p.2, true),
        };
        [
            Row::new("ray_sphere", LikeForLike).note("parry: the ray moved into the ball's frame"),
            inputs(210, "hit", ray_at::<Sphere<f64>>, |(ray, b)| cast::ray_sphere(ray, b).is_some()),
            |x| cast::ray_sphere(&x.0, &x.1),
            |x| (cv::ray_from(&x.0, &x.1.center), cv::ball(&x.1).1, x.0.max_t),
        ],
        [
            Row::new("ray_capsule", LikeForLike).note("both closed forms"),
            inputs(230, "hit", ray_at::<Capsule<f64>>, |(ray, b)| cast::ray_capsule(ray, b).is_some()),
            |x| cast::ray_capsule(&x.0, &x.1),
            |x| (cv::ray(&x.0), cv::capsule(&x.1), x.0.max_t),
        ],
        [
            Row::new("ray_halfspace", LikeForLike).note("parry: the ray moved into the half-space's frame"),
            inputs(564, "hit", pair::<Ray<f64>, Halfspace<f64>>, |(ray, h)| cast::ray_halfspace(ray, h).is_some()),
            |x| cast::ray_halfspace(&x.0, &x.1),
            |x| {
                let on_plane = Point3::from(x.1.plane.normal.into_inner() * x.1.plane.d);
                (cv::ray_from(&x.0, &on_plane), cv::halfspace(&x.1).1, x.0.max_t)
            },
        ],
        [
            Row::new("ray_polyhedron", ClosedVsGeneral).note(
                "osculate clips the ray by the faces' planes; parry: the GJK ray cast on the hull \
                 of the same vertices",
            ),
            inputs(568, "hit", ray_at_hull, |(ray, p)| cast::ray_polyhedron(ray, p).is_some()),
            |x| cast::ray_polyhedron(&x.0, &x.1),
            |x| (cv::ray(&x.0), cv::kept_hull(&x.1), x.0.max_t),
        ],
    }
    // The segment-sphere cast: the ball's ray cast up to parameter 1.
    table! { s, {
            parry: |p| p.1.cast_local_ray_and_get_normal(&p.0, 1.0, true) => |_, h| cv::toi(h),
            cheap: |p| p.1.cast_local_ray(&p.0, 1.0, true),
        };
        [
            Row::new("segment_sphere", LikeForLike).note("parry: the ball's ray cast up to parameter 1"),
            inputs(572, "hit", segment_at::<Sphere<f64>>, |(seg, b)| cast::segment_sphere(seg, b).is_some()),
            |x| cast::segment_sphere(&x.0, &x.1),
            |x| (cv::segment_ray(&x.0).translate_by(-cv::point(&x.1.center)), cv::ball(&x.1).1),
        ],
    }
}

/// Rays against a triangle, two-sided: Möller-Trumbore and the watertight test, against parry's
/// Möller-Trumbore and the floor's.
fn ray_triangle(s: &mut Sink<'_>) {
    let d = inputs(220, "hit", ray_at::<Triangle<f64>>, |(ray, t)| {
        cast::ray_triangle_watertight(ray, t, cast::Culling::TwoSided).is_some()
    });
    for (query, watertight) in [("ray_triangle", false), ("ray_triangle_watertight", true)] {
        let mut r = s.race(Row::new(query, LikeForLike).note("parry: Möller-Trumbore, two-sided"));
        if watertight {
            osculate! { r, d, |x| cast::ray_triangle_watertight(&x.0, &x.1, cast::Culling::TwoSided) }
        } else {
            osculate! { r, d, |x| cast::ray_triangle(&x.0, &x.1, cast::Culling::TwoSided) }
        }
        parry! { r, d, |x| (cv::ray(&x.0), cv::triangle(&x.1), x.0.max_t),
        parry: |p| p.1.cast_local_ray_and_get_normal(&p.0, p.2, true) => |_, h| cv::toi(h),
        cheap: |p| p.1.cast_local_ray(&p.0, p.2, true) }
        floor! { r, d, |x| {
            let [o, a, b, c] = [x.0.origin, x.1.a, x.1.b, x.1.c].map(|p| floor::point(&p));
            (o, floor::vector(&x.0.direction), [a, b, c], x.0.max_t)
        },
        |f| floor::ray_triangle(f.0, f.1, f.2[0], f.2[1], f.2[2], f.3) }
        r.finish();
    }
    // The exact two-sided hit decision beside them, on the same inputs.
    let mut r = s
        .race(Row::new("ray_triangle_hits_exact", LikeForLike).note(
            "the hit decision alone, exact; parry: `intersects_local_ray` (Möller-Trumbore)",
        ));
    osculate! { r, d, |x| cast::ray_triangle_hits_exact(&x.0, &x.1) }
    parry! { r, d, |x| (cv::ray(&x.0), cv::triangle(&x.1), x.0.max_t),
    parry: |p| p.1.intersects_local_ray(&p.0, p.2) }
    r.finish();
}

/// Triangles per ray in the prepared rows: a batch a mesh's leaves give one ray, small enough to
/// stay in the first-level cache in both precisions.
pub(crate) const LEAF: usize = 64;

/// Central rays of the prepared rows, each with triangles of its own: consecutive rays meet
/// different triangles, so no hit pattern repeats within 16 batches.
pub(crate) const CENTRAL: usize = 16;

/// A ray and the [`LEAF`] triangles it is cast against.
pub(crate) type Leaf<T> = (Ray<T>, Rc<[Triangle<T>]>);

/// [`BATCH`] rays, each against [`LEAF`] triangles: [`CENTRAL`] central rays (from up to two units
/// away, a third of them with a finite `max_t`), each with its own triangles of which `rate`% are
/// hit by it (ordinary triangles moved so that a random point of or near them lies on the ray's
/// line, up to three units ahead or a little behind), and the rays jittered from them by 1e-4.
pub(crate) fn triangle_leaves(rng: &mut Rng, rate: usize) -> Vec<Leaf<f64>> {
    let hits = (LEAF * rate + 50) / 100;
    let centrals: Vec<Leaf<f64>> = (0..CENTRAL)
        .map(|_| {
            let origin =
                Point3::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0), rng.range(-2.0, 2.0));
            let unit = rng.unit_vector::<f64>().into_inner();
            let len = rng.range(0.5, 2.0);
            let mut central = Ray::new(origin, unit * len);
            if rng.chance(0.3) {
                central.max_t = rng.range(1.0, 3.0) / len;
            }
            let (mut yes, mut no) = (Vec::new(), Vec::new());
            while yes.len() < hits || no.len() < LEAF - hits {
                let t: Triangle<f64> = shape(rng);
                let on_line = origin + unit * rng.range(-0.3, 3.0);
                let shift = on_line - aim(rng, &t);
                let t = Triangle::new(t.a + shift, t.b + shift, t.c + shift);
                if cast::ray_triangle_watertight_hits(&central, &t, cast::Culling::TwoSided) {
                    if yes.len() < hits {
                        yes.push(t);
                    }
                } else if no.len() < LEAF - hits {
                    no.push(t);
                }
            }
            let mut tris: Vec<Triangle<f64>> = yes.into_iter().chain(no).collect();
            for i in (1..tris.len()).rev() {
                tris.swap(i, rng.index(i + 1));
            }
            (central, tris.into())
        })
        .collect();
    let jitter = |rng: &mut Rng| {
        Vector3::new(rng.range(-1e-4, 1e-4), rng.range(-1e-4, 1e-4), rng.range(-1e-4, 1e-4))
    };
    (0..BATCH)
        .map(|i| {
            let (central, tris) = &centrals[i % CENTRAL];
            let ray = Ray {
                origin: central.origin + jitter(rng),
                direction: central.direction + jitter(rng),
                ..*central
            };
            (ray, Rc::clone(tris))
        })
        .collect()
}

/// The prepared rows' inputs: [`triangle_leaves`] for each of [`RATES`].
pub(crate) fn leaf_inputs() -> Inputs<Leaf<f64>> {
    let mut rng = Rng::new(222);
    let sets =
        RATES.iter().map(|&rate| (format!("hit{rate}"), triangle_leaves(&mut rng, rate))).collect();
    Inputs::from_sets(Dists { sets })
}

/// A prepared row's digest of one ray's answers: each hit counts one plus its parameter (a miss
/// nothing), so a hit gained or lost moves the digest by more than the row's tolerance and a
/// parameter off by more than it does too.
fn leaf_digest(out: &[f64]) -> Answer {
    Answer::Value(Some(out.iter().filter(|t| t.is_finite()).map(|t| 1.0 + t).sum()))
}

/// parry's side of the prepared rows, for one parry crate: `Triangle::cast_local_ray` (`t`) or
/// `intersects_local_ray` (`hits`) on each triangle of the leaf, the ray in the triangles' frame
/// as osculate's is, the answers written out as osculate's are (a hit's parameter, or 0 for the
/// decision alone; infinity for a miss).
macro_rules! parry_leaf {
    ($r:ident, $data:expr, $cv:ident, $pr:ident, $t:ty, $id:expr, $hits:expr) => {{
        use osculate_benches::convert::$cv as cv;
        use $pr::query::RayCast as _;
        let data = $data.map(|(ray, tris)| {
            (cv::ray(ray), ray.max_t, tris.iter().map(cv::triangle).collect::<Rc<[_]>>())
        });
        let out = RefCell::new(vec![<$t>::INFINITY; LEAF]);
        let answer = |_: &_, _: &_| {
            leaf_digest(&out.borrow().iter().map(|&t| f64::from(t)).collect::<Vec<_>>())
        };
        if $hits {
            parry_leaf!(@run $r, $id, "intersects_local_ray", data, out, answer, |tri, x| {
                if tri.intersects_local_ray(&x.0, x.1) { 0.0 } else { <$t>::INFINITY }
            });
        } else {
            parry_leaf!(@run $r, $id, "cast_local_ray", data, out, answer, |tri, x| {
                tri.cast_local_ray(&x.0, x.1, true).unwrap_or(<$t>::INFINITY)
            });
        }
    }};
    (@run $r:ident, $id:expr, $call:literal, $data:ident, $out:ident, $answer:ident,
        |$tri:ident, $x:ident| $each:block) => {
        $r.run(
            $id,
            $call,
            &$data,
            |$x| {
                let mut out = $out.borrow_mut();
                for ($tri, o) in $x.2.iter().zip(out.iter_mut()) {
                    *o = $each;
                }
                out[LEAF - 1]
            },
            $answer,
        )
    };
}

/// osculate's side of the prepared rows, for one precision: one [`cast::WatertightRay`] per ray,
/// then `cast_t` (or `hits`) on each triangle of its leaf, the answers written out (a hit's
/// parameter, or 0 for the decision alone; infinity for a miss).
fn race_leaf<T: Real>(r: &mut Race<'_>, id: &'static str, data: &Dists<Leaf<T>>, hits: bool) {
    let two = cast::Culling::TwoSided;
    if hits {
        leaf_loop(r, id, "cast::WatertightRay::hits", data, |ray, tri| {
            if ray.hits(tri, two) { T::ZERO } else { T::INFINITY }
        });
    } else {
        leaf_loop(r, id, "cast::WatertightRay::cast_t", data, |ray, tri| {
            ray.cast_t(tri, two).unwrap_or(T::INFINITY)
        });
    }
}

/// One prepared ray per input, `each` on every triangle of its leaf, the answers written out.
fn leaf_loop<T: Real>(
    r: &mut Race<'_>,
    id: &'static str,
    call: &'static str,
    data: &Dists<Leaf<T>>,
    each: impl Fn(&cast::WatertightRay<T>, &Triangle<T>) -> T,
) {
    let out = RefCell::new(vec![T::INFINITY; LEAF]);
    let answer =
        |_: &_, _: &T| leaf_digest(&out.borrow().iter().map(|t| t.to_f64()).collect::<Vec<_>>());
    r.run(
        id,
        call,
        data,
        |x| {
            let ray = cast::WatertightRay::new(&x.0);
            let mut out = out.borrow_mut();
            for (tri, o) in x.1.iter().zip(out.iter_mut()) {
                *o = each(&ray, tri);
            }
            out[LEAF - 1]
        },
        answer,
    );
}

/// The watertight test on a prepared ray, one ray against a leaf of [`LEAF`] triangles (the
/// permutation and shear made once per ray, as a mesh traversal does), against parry's
/// Möller-Trumbore on the same pairs; times are per [`LEAF`] triangles.
fn ray_triangle_prepared(s: &mut Sink<'_>) {
    let d = leaf_inputs();
    for (query, hits) in [
        ("ray_triangle_watertight_prepared_t_64", false),
        ("ray_triangle_watertight_prepared_hits_64", true),
    ] {
        let mut r = s.race(Row::new(query, LikeForLike).note(
            "one prepared ray against 64 triangles, two-sided; parry: Möller-Trumbore's \
             `Triangle::cast_local_ray` (or `intersects_local_ray`) in a loop",
        ));
        race_leaf::<f32>(&mut r, OSCULATE_F32, &d.f32, hits);
        race_leaf::<f64>(&mut r, OSCULATE_F64, &d.f64, hits);
        parry_leaf!(r, d.f32, p32, parry3d, f32, PARRY_F32, hits);
        parry_leaf!(r, d.f64, p64, parry3d_f64, f64, PARRY_F64, hits);
        r.finish();
    }
}

/// A ray aimed at a convex polyhedron that both parry crates can build a hull of.
fn ray_at_hull(rng: &mut Rng) -> (Ray<f64>, ConvexPolyhedron<f64>) {
    super::with_hulls(rng, ray_at::<ConvexPolyhedron<f64>>)
}

/// Rays against a rotated shape: parry's posed entry (`cast_ray_and_get_normal`, `cast_ray`).
fn posed_rays(s: &mut Sink<'_>) {
    table! { s, {
            parry: |p| p.1.1.cast_ray_and_get_normal(&p.1.0, &p.0, p.2, true) => |_, h| cv::toi(h),
            cheap: |p| p.1.1.cast_ray(&p.1.0, &p.0, p.2, true),
        };
        [
            Row::new("ray_obb", LikeForLike).note("parry: the slab test on its posed cuboid"),
            inputs(560, "hit", ray_at::<Obb<f64>>, |(ray, b)| cast::ray_obb(ray, b).is_some()),
            |x| cast::ray_obb(&x.0, &x.1),
            |x| (cv::ray(&x.0), cv::obb(&x.1), x.0.max_t),
        ],
        [
            Row::new("ray_cylinder", ClosedVsGeneral).note("parry: the GJK ray cast on its posed cylinder"),
            inputs(240, "hit", ray_at::<Cylinder<f64>>, |(ray, b)| cast::ray_cylinder(ray, b).is_some()),
            |x| cast::ray_cylinder(&x.0, &x.1),
            |x| (cv::ray(&x.0), cv::cylinder(&x.1), x.0.max_t),
        ],
        [
            Row::new("ray_cone", ClosedVsGeneral).tolerance(2e-2, 1e-5).flips(0.006).note(
                "parry: the GJK ray cast on its posed cone (in f32 off by up to 1.3e-2 on these \
                 inputs, and 4 grazing rays of 1,024 flip)",
            ),
            inputs(250, "hit", ray_at::<Cone<f64>>, |(ray, b)| cast::ray_cone(ray, b).is_some()),
            |x| cast::ray_cone(&x.0, &x.1),
            |x| (cv::ray(&x.0), cv::cone(&x.1), x.0.max_t),
        ],
    }
}

/// The `_t` and `_hits` forms (the parameter alone, the hit decision alone) against parry's
/// cheapest calls, on the inputs of the full casts' rows (the same seeds and distributions).
fn cheap_forms(s: &mut Sink<'_>) {
    let d = inputs(200, "hit", ray_at::<Aabb<f64>>, |(ray, b)| cast::ray_aabb(ray, b).is_some());
    cheap_rows! { s, d, "ray_aabb", "its `Aabb`",
        t: |x| cast::ray_aabb_t(&x.0, &x.1), hits: |x| cast::ray_aabb_hits(&x.0, &x.1),
        prep: |x| (cv::aabb(&x.1), cv::ray(&x.0), x.0.max_t),
        parry_t: |p| p.0.cast_local_ray(&p.1, p.2, true),
        parry_hits: |p| p.0.intersects_local_ray(&p.1, p.2),
    }
    let d =
        inputs(210, "hit", ray_at::<Sphere<f64>>, |(ray, b)| cast::ray_sphere(ray, b).is_some());
    cheap_rows! { s, d, "ray_sphere", "the ray moved into the ball's frame",
        t: |x| cast::ray_sphere_t(&x.0, &x.1), hits: |x| cast::ray_sphere_hits(&x.0, &x.1),
        prep: |x| (cv::ray_from(&x.0, &x.1.center), cv::ball(&x.1).1, x.0.max_t),
        parry_t: |p| p.1.cast_local_ray(&p.0, p.2, true),
        parry_hits: |p| p.1.intersects_local_ray(&p.0, p.2),
    }
    let d =
        inputs(230, "hit", ray_at::<Capsule<f64>>, |(ray, b)| cast::ray_capsule(ray, b).is_some());
    cheap_rows! { s, d, "ray_capsule", "its capsule",
        t: |x| cast::ray_capsule_t(&x.0, &x.1), hits: |x| cast::ray_capsule_hits(&x.0, &x.1),
        prep: |x| (cv::ray(&x.0), cv::capsule(&x.1), x.0.max_t),
        parry_t: |p| p.1.cast_local_ray(&p.0, p.2, true),
        parry_hits: |p| p.1.intersects_local_ray(&p.0, p.2),
    }
    let d = inputs(560, "hit", ray_at::<Obb<f64>>, |(ray, b)| cast::ray_obb(ray, b).is_some());
    cheap_rows! { s, d, "ray_obb", "its posed cuboid",
        t: |x| cast::ray_obb_t(&x.0, &x.1), hits: |x| cast::ray_obb_hits(&x.0, &x.1),
        prep: |x| (cv::ray(&x.0), cv::obb(&x.1), x.0.max_t),
        parry_t: |p| p.1.1.cast_ray(&p.1.0, &p.0, p.2, true),
        parry_hits: |p| p.1.1.intersects_ray(&p.1.0, &p.0, p.2),
    }
    let d = inputs(220, "hit", ray_at::<Triangle<f64>>, |(ray, t)| {
        cast::ray_triangle_watertight(ray, t, cast::Culling::TwoSided).is_some()
    });
    cheap_rows! { s, d, "ray_triangle_watertight", "Möller-Trumbore, two-sided",
        t: |x| cast::ray_triangle_watertight_t(&x.0, &x.1, cast::Culling::TwoSided),
        hits: |x| cast::ray_triangle_watertight_hits(&x.0, &x.1, cast::Culling::TwoSided),
        prep: |x| (cv::ray(&x.0), cv::triangle(&x.1), x.0.max_t),
        parry_t: |p| p.1.cast_local_ray(&p.0, p.2, true),
        parry_hits: |p| p.1.intersects_local_ray(&p.0, p.2),
    }
}

/// The casts parry has no counterpart for.
fn osculate_only(s: &mut Sink<'_>) {
    // Planes meeting in a line or a point, or not: half of the candidates have a plane parallel
    // to another (or, for three, a normal in the span of the other two).
    let planes = |rng: &mut Rng| {
        let (a, mut b, mut c): (Plane<f64>, Plane<f64>, Plane<f64>) =
            (shape(rng), shape(rng), shape(rng));
        if rng.chance(0.5) {
            b = Plane::new(a.normal, b.d);
        }
        if rng.chance(0.5) {
            let n = a.normal.into_inner() * rng.range(-1.0, 1.0)
                + b.normal.into_inner() * rng.range(-1.0, 1.0);
            if n.norm() > 1e-3 {
                c = Plane::new(osculate_math::Unit::new_normalize(n), c.d);
            }
        }
        (a, b, c)
    };
    only! { s;
        [
            Row::new("ray_plane", OsculateOnly).note("parry has no two-sided plane"),
            inputs(562, "hit", pair::<Ray<f64>, Plane<f64>>, |(ray, p)| cast::ray_plane(ray, p).is_some()),
            |x| cast::ray_plane(&x.0, &x.1),
        ],
        [
            Row::new("ray_polygon", OsculateOnly).note("parry has no convex polygon in 3D"),
            inputs(566, "hit", ray_at::<ConvexPolygon<f64>>, |(ray, p)| cast::ray_polygon(ray, p).is_some()),
            |x| cast::ray_polygon(&x.0, &x.1),
        ],
        [
            Row::new("ray_tetrahedron", OsculateOnly).note("parry's tetrahedron has no ray cast"),
            inputs(570, "hit", ray_at::<Tetrahedron<f64>>, |(ray, t)| cast::ray_tetrahedron(ray, t).is_some()),
            |x| cast::ray_tetrahedron(&x.0, &x.1),
        ],
        [
            Row::new("line_triangle", OsculateOnly).note("parry has no line cast"),
            inputs(574, "hit", segment_at::<Triangle<f64>>, |(seg, t)| {
                cast::line_triangle(&seg.a, &seg.b, t).is_some()
            }),
            |x| cast::line_triangle(&x.0.a, &x.0.b, &x.1) => |_, h| Answer::Bool(h.is_some()),
        ],
        [
            Row::new("plane_plane", OsculateOnly).note("parry has no plane intersection"),
            inputs(576, "meet", planes, |(a, b, _)| cast::plane_plane(a, b).is_some()),
            |x| cast::plane_plane(&x.0, &x.1) => |_, l| Answer::Bool(l.is_some()),
        ],
        [
            Row::new("three_planes", OsculateOnly).note("parry has no plane intersection"),
            inputs(578, "meet", planes, |(a, b, c)| osculate_math::three_planes(a, b, c).is_some()),
            |x| osculate_math::three_planes(&x.0, &x.1, &x.2) => |_, p| Answer::Bool(p.is_some()),
        ],
    }
}
