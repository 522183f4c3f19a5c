//! The showcase's pictures, built only from osculate's public API: a ray-cast image of every
//! castable shape (a triangle mesh of about a million triangles among them), traced through a
//! bounding volume hierarchy over the scene, a figure of closest-point pairs, a figure of sweeps, a
//! broad-phase census of the scene's overlapping bounding boxes, and the PNG encoding. Shared by
//! the example (`main.rs`) and its integration test, which renders it small with a coarse mesh.

use core::ops::ControlFlow;
use std::collections::HashMap;

use osculate::math::UnitVector3;
use osculate::mesh::{Bvh, TriangleMesh};
use osculate::prelude::*;
use osculate::{closest, dynamic};

/// A shape of the scene.
pub(crate) enum Shape {
    /// A solid sphere.
    Sphere(Sphere<f64>),
    /// An axis-aligned box.
    Aabb(Aabb<f64>),
    /// A rotated box.
    Obb(Obb<f64>),
    /// A capsule.
    Capsule(Capsule<f64>),
    /// A cylinder.
    Cylinder(Cylinder<f64>),
    /// A cone.
    Cone(Cone<f64>),
    /// A triangle mesh (its own BVH answers its rays).
    Mesh(TriangleMesh<f64>),
    /// A convex polyhedron.
    Polyhedron(ConvexPolyhedron<f64>),
    /// A tetrahedron.
    Tetrahedron(Tetrahedron<f64>),
    /// A flat convex polygon (a sign standing on the ground).
    Polygon(ConvexPolygon<f64>),
    /// The ground: a halfspace (solid below `y = 0`).
    Ground(Halfspace<f64>),
    /// The back wall: a plane (a surface, hit from either side).
    Wall(Plane<f64>),
}

/// A shape with its name and colour.
pub(crate) struct Object {
    /// What it is.
    pub(crate) name: &'static str,
    /// Its shape.
    pub(crate) shape: Shape,
    /// Its base colour (RGB in [0, 1]).
    pub(crate) color: [f64; 3],
}

impl Object {
    /// The object's bounding box (`None` for the unbounded ground and wall).
    pub(crate) fn bounds(&self) -> Option<Aabb<f64>> {
        match &self.shape {
            Shape::Sphere(s) => Some(s.aabb()),
            Shape::Aabb(b) => Some(*b),
            Shape::Obb(b) => Some(b.aabb()),
            Shape::Capsule(c) => Some(c.aabb()),
            Shape::Cylinder(c) => Some(c.aabb()),
            Shape::Cone(c) => Some(c.aabb()),
            Shape::Mesh(m) => Some(m.bvh().aabb()),
            Shape::Polyhedron(p) => Some(p.aabb()),
            Shape::Tetrahedron(t) => Some(t.aabb()),
            Shape::Polygon(p) => Some(p.aabb()),
            Shape::Ground(_) | Shape::Wall(_) => None,
        }
    }

    /// The nearest hit of `ray` on this object.
    pub(crate) fn cast(&self, ray: &Ray<f64>) -> Option<RayHit<f64>> {
        match &self.shape {
            Shape::Sphere(s) => s.cast_ray(ray),
            Shape::Aabb(b) => b.cast_ray(ray),
            Shape::Obb(b) => b.cast_ray(ray),
            Shape::Capsule(c) => c.cast_ray(ray),
            Shape::Cylinder(c) => c.cast_ray(ray),
            Shape::Cone(c) => c.cast_ray(ray),
            Shape::Polyhedron(p) => p.cast_ray(ray),
            Shape::Tetrahedron(t) => t.cast_ray(ray),
            Shape::Polygon(p) => p.cast_ray(ray),
            Shape::Ground(h) => h.cast_ray(ray),
            Shape::Wall(w) => w.cast_ray(ray),
            Shape::Mesh(m) => m.cast_ray(ray),
        }
    }
}

/// An icosahedron subdivided `levels` times (`20·4^levels` triangles sharing their vertices: a
/// closed mesh), its vertices pushed onto a bumpy sphere of mean `radius` around `center`.
fn bumpy_sphere(
    center: Point3<f64>,
    radius: f64,
    levels: u32,
) -> (Vec<Point3<f64>>, Vec<[u32; 3]>) {
    let v = osculate_testing::icosahedron_vertices();
    let mut points: Vec<Vector3<f64>> =
        v.iter().map(|p| Vector3::new(p[0], p[1], p[2]).normalize()).collect();
    let mut faces: Vec<[u32; 3]> =
        osculate_testing::ICOSAHEDRON_FACES.iter().map(|f| f.map(|i| i as u32)).collect();
    for _ in 0..levels {
        let mut middle: HashMap<(u32, u32), u32> = HashMap::with_capacity(faces.len() * 3 / 2);
        let mut split = |a: u32, b: u32, points: &mut Vec<Vector3<f64>>| {
            *middle.entry((a.min(b), a.max(b))).or_insert_with(|| {
                points.push((points[a as usize] + points[b as usize]).normalize());
                (points.len() - 1) as u32
            })
        };
        faces = faces
            .iter()
            .flat_map(|&[a, b, c]| {
                let (ab, bc, ca) =
                    (split(a, b, &mut points), split(b, c, &mut points), split(c, a, &mut points));
                [[a, ab, ca], [ab, b, bc], [ca, bc, c], [ab, bc, ca]]
            })
            .collect();
    }
    let bump = |u: &Vector3<f64>| {
        1.0 + 0.07 * (7.0 * u.x).sin() * (7.0 * u.y + 1.0).sin() * (7.0 * u.z + 2.0).sin()
    };
    let vertices = points.iter().map(|u| center + u * (radius * bump(u))).collect();
    (vertices, faces)
}

/// The subdivision levels of the showcase's mesh: `20·4^8` = 1,310,720 triangles.
pub(crate) const MESH_LEVELS: u32 = 8;

/// The scene's objects, with a BVH over the bounded ones for tracing.
pub(crate) struct Scene {
    /// Every object, the unbounded ground and wall included.
    pub(crate) objects: Vec<Object>,
    /// The bounded objects' indices, in the order of the BVH's items.
    bounded: Vec<usize>,
    /// The unbounded objects' indices (tested by every ray).
    unbounded: Vec<usize>,
    /// The hierarchy over the bounded objects' boxes.
    bvh: Bvh,
}

/// Why the scene could not be built.
#[derive(Debug)]
pub(crate) enum SceneError {
    /// A shape is invalid.
    Shape(ShapeError),
    /// The mesh is invalid.
    Mesh(osculate::mesh::MeshError),
    /// The scene's hierarchy could not be built.
    Bvh(osculate::mesh::BvhError),
}

impl core::fmt::Display for SceneError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Shape(e) => write!(f, "invalid shape: {e}"),
            Self::Mesh(e) => write!(f, "invalid mesh: {e}"),
            Self::Bvh(e) => write!(f, "no hierarchy: {e}"),
        }
    }
}

impl std::error::Error for SceneError {}

impl From<ShapeError> for SceneError {
    fn from(e: ShapeError) -> Self {
        Self::Shape(e)
    }
}

impl Scene {
    /// The scene with its mesh subdivided `mesh_levels` times ([`MESH_LEVELS`] in the showcase).
    ///
    /// # Errors
    /// A [`SceneError`] if a shape, the mesh or the hierarchy is invalid (they are not).
    pub(crate) fn build(mesh_levels: u32) -> Result<Self, SceneError> {
        let objects = build_scene(mesh_levels)?;
        let (mut bounded, mut unbounded, mut boxes) = (Vec::new(), Vec::new(), Vec::new());
        for (k, o) in objects.iter().enumerate() {
            match o.bounds() {
                Some(b) => {
                    bounded.push(k);
                    boxes.push(b);
                }
                None => unbounded.push(k),
            }
        }
        let bvh = Bvh::try_new(&boxes).map_err(SceneError::Bvh)?;
        Ok(Self { objects, bounded, unbounded, bvh })
    }

    /// The mesh's triangle count.
    pub(crate) fn mesh_triangles(&self) -> usize {
        self.objects
            .iter()
            .map(|o| if let Shape::Mesh(m) = &o.shape { m.triangle_count() } else { 0 })
            .sum()
    }
}

/// The scene's objects: every castable shape on the ground (a halfspace) before a back wall (a
/// plane), the mesh subdivided `mesh_levels` times.
///
/// # Errors
/// A [`SceneError`] if a shape or the mesh is invalid (they are not).
pub(crate) fn build_scene(mesh_levels: u32) -> Result<Vec<Object>, SceneError> {
    let p = Point3::new;
    let (vertices, triangles) = bumpy_sphere(p(3.2, 0.9, -1.2), 0.85, mesh_levels);
    let mesh = TriangleMesh::try_new(vertices, triangles).map_err(SceneError::Mesh)?;
    let turn = |axis: Vector3<f64>, angle: f64| {
        Rotation3::from_axis_angle(&UnitVector3::new_normalize(axis), angle)
    };
    let gem = ConvexPolyhedron::try_from_points(&[
        p(-3.2, 0.0, 1.2),
        p(-2.4, 0.0, 1.6),
        p(-2.6, 0.0, 0.6),
        p(-3.4, 0.0, 0.4),
        p(-2.9, 1.6, 1.0),
        p(-2.9, 0.8, 2.0),
    ])?;
    Ok(vec![
        Object {
            name: "ground",
            shape: Shape::Ground(Halfspace::new(Plane::try_new(Vector3::y_axis(), 0.0)?)),
            color: [0.75, 0.75, 0.7],
        },
        Object {
            name: "sphere",
            shape: Shape::Sphere(Sphere::try_new(p(0.0, 1.0, 0.0), 1.0)?),
            color: [0.9, 0.3, 0.25],
        },
        Object {
            name: "box",
            shape: Shape::Aabb(Aabb::try_new(p(1.6, 0.0, 0.6), p(2.6, 1.0, 1.6))?),
            color: [0.3, 0.6, 0.9],
        },
        Object {
            name: "rotated box",
            shape: Shape::Obb(Obb::try_new(
                p(-1.8, 0.8, -1.2),
                turn(Vector3::new(1.0, 1.0, 0.2), 0.7),
                Vector3::new(0.6, 0.8, 0.5),
            )?),
            color: [0.95, 0.75, 0.2],
        },
        Object {
            name: "capsule",
            shape: Shape::Capsule(Capsule::try_new(p(-0.6, 0.35, 1.8), p(0.9, 0.35, 2.4), 0.35)?),
            color: [0.4, 0.8, 0.4],
        },
        Object {
            name: "cylinder",
            shape: Shape::Cylinder(Cylinder::try_new(p(1.3, 0.0, -1.6), p(1.3, 1.6, -1.6), 0.5)?),
            color: [0.7, 0.45, 0.85],
        },
        Object {
            name: "cone",
            shape: Shape::Cone(Cone::try_new(p(-3.6, 1.7, -2.4), -Vector3::y_axis(), 1.7, 0.7)?),
            color: [0.95, 0.55, 0.3],
        },
        Object { name: "triangle mesh", shape: Shape::Mesh(mesh), color: [0.55, 0.85, 0.85] },
        Object {
            name: "convex polyhedron",
            shape: Shape::Polyhedron(gem),
            color: [0.85, 0.85, 0.4],
        },
        Object {
            name: "tetrahedron",
            shape: Shape::Tetrahedron(Tetrahedron::try_new(
                p(2.8, 0.0, 2.6),
                p(4.0, 0.0, 2.8),
                p(3.3, 0.0, 3.6),
                p(3.4, 1.3, 3.0),
            )?),
            color: [0.5, 0.75, 0.3],
        },
        Object {
            name: "convex polygon",
            // A hexagonal sign floating 0.2 above the ground, facing the camera, in front of
            // (not hiding) the polyhedron.
            shape: Shape::Polygon(ConvexPolygon::try_new(
                (0..6)
                    .map(|k| {
                        let a = std::f64::consts::TAU * f64::from(k) / 6.0;
                        p(-1.5 + 0.6 * a.cos(), 0.75 + 0.6 * a.sin(), 4.2)
                    })
                    .collect(),
            )?),
            color: [0.9, 0.4, 0.6],
        },
        Object {
            name: "back wall",
            shape: Shape::Wall(Plane::try_from_point_normal(p(0.0, 0.0, -5.0), Vector3::z())?),
            color: [0.6, 0.65, 0.75],
        },
    ])
}

/// The broad phase of the scene through the overlap layer: every pair of bounded objects' boxes
/// tested with `Overlaps` (`aabb_aabb`). Returns the pairs tested and the pairs that overlap.
pub(crate) fn box_overlaps(scene: &[Object]) -> (usize, Vec<(&'static str, &'static str)>) {
    let boxes: Vec<(&'static str, Aabb<f64>)> =
        scene.iter().filter_map(|o| Some((o.name, o.bounds()?))).collect();
    let mut tested = 0;
    let mut overlapping = Vec::new();
    for (i, (a, box_a)) in boxes.iter().enumerate() {
        for (b, box_b) in &boxes[i + 1..] {
            tested += 1;
            if box_a.overlaps(box_b) {
                overlapping.push((*a, *b));
            }
        }
    }
    (tested, overlapping)
}

/// Writes `img` as an 8-bit RGB PNG with the `png` crate.
///
/// # Errors
/// The encoder's error (an I/O failure of `out`).
pub(crate) fn encode_png(img: &Image, out: impl std::io::Write) -> Result<(), png::EncodingError> {
    let mut encoder = png::Encoder::new(out, img.width as u32, img.height as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.write_header()?.write_image_data(&img.rgb)
}

/// A rendered image.
pub(crate) struct Image {
    /// Width in pixels.
    pub(crate) width: usize,
    /// Height in pixels.
    pub(crate) height: usize,
    /// RGB bytes, row by row from the top.
    pub(crate) rgb: Vec<u8>,
    /// The index of the object each pixel's primary ray hit first, if any.
    pub(crate) hit: Vec<Option<usize>>,
    /// Rays traced (primary and shadow).
    pub(crate) rays: u64,
    /// Ray-object casts made (the objects the BVH did not rule out, and the ground and wall).
    pub(crate) casts: u64,
    /// Ray-object hits found.
    pub(crate) hits: u64,
}

/// The camera ray through pixel `(x, y)` of a `width × height` image.
pub(crate) fn camera_ray(x: usize, y: usize, width: usize, height: usize) -> Ray<f64> {
    let eye = Point3::new(0.0, 4.5, 9.0);
    let target = Point3::new(0.0, 0.6, 0.0);
    let forward = (target - eye).normalize();
    let right = forward.cross(&Vector3::y()).normalize();
    let up = right.cross(&forward);
    let aspect = width as f64 / height as f64;
    let fov = 0.42; // half the vertical field of view's tangent
    let sx = ((x as f64 + 0.5) / width as f64 * 2.0 - 1.0) * fov * aspect;
    let sy = (1.0 - (y as f64 + 0.5) / height as f64 * 2.0) * fov;
    Ray::new(eye, forward + right * sx + up * sy)
}

/// The nearest hit of `ray` in the scene: the object's index and the hit. The bounded objects
/// come from the scene's BVH, nearest box first (`Bvh::cast_ray`), each cast limited to the
/// nearest hit so far; the ground and the wall are cast every time. `casts` counts the
/// ray-object casts made, `hits` those that hit.
pub(crate) fn trace(
    scene: &Scene,
    ray: &Ray<f64>,
    casts: &mut u64,
    hits: &mut u64,
) -> Option<(usize, RayHit<f64>)> {
    let mut best: Option<(usize, RayHit<f64>)> = None;
    let _ = scene.bvh.cast_ray(ray, |i, t_max| {
        let k = scene.bounded[i];
        *casts += 1;
        let h = scene.objects[k].cast(&Ray { max_t: t_max, ..*ray })?;
        *hits += 1;
        if best.is_none_or(|b| h.t_enter < b.1.t_enter) {
            best = Some((k, h));
        }
        Some(h.t_enter)
    });
    for &k in &scene.unbounded {
        *casts += 1;
        let limited = Ray { max_t: best.map_or(ray.max_t, |b| b.1.t_enter), ..*ray };
        if let Some(h) = scene.objects[k].cast(&limited) {
            *hits += 1;
            if best.is_none_or(|b| h.t_enter < b.1.t_enter) {
                best = Some((k, h));
            }
        }
    }
    best
}

/// Whether anything in the scene blocks `ray` (a shadow ray): the BVH's boxes along the ray in no
/// particular order, stopping at the first object hit, then the ground and the wall.
pub(crate) fn blocked(scene: &Scene, ray: &Ray<f64>, casts: &mut u64, hits: &mut u64) -> bool {
    let mut test = |k: usize| {
        *casts += 1;
        let hit = scene.objects[k].cast(ray).is_some();
        *hits += u64::from(hit);
        hit
    };
    let by_box = scene.bvh.visit_ray(ray, |i| {
        if test(scene.bounded[i]) { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    by_box.is_break() || scene.unbounded.iter().any(|&k| test(k))
}

/// Renders the scene, one primary ray per pixel and one shadow ray per lit point, shading each hit
/// by its normal; `progress` gets the fraction done after each row.
pub(crate) fn render(
    scene: &Scene,
    width: usize,
    height: usize,
    mut progress: impl FnMut(f64),
) -> Image {
    let light = Vector3::new(-0.5, 1.0, 0.6).normalize();
    let mut img = Image {
        width,
        height,
        rgb: vec![0; width * height * 3],
        hit: vec![None; width * height],
        rays: 0,
        casts: 0,
        hits: 0,
    };
    for y in 0..height {
        for x in 0..width {
            let ray = camera_ray(x, y, width, height);
            let (mut rays, mut casts, mut hits) = (1, 0, 0);
            let color = match trace(scene, &ray, &mut casts, &mut hits) {
                Some((k, h)) => {
                    img.hit[y * width + x] = Some(k);
                    let n = h.normal.into_inner();
                    let lambert = n.dot(&light).max(0.0);
                    // Shadow: any object between the point and the light.
                    let start = h.point + n * 1e-6;
                    let shadow = Ray { origin: start, direction: light, max_t: 100.0 };
                    rays += u64::from(lambert > 0.0);
                    let lit = lambert > 0.0 && !blocked(scene, &shadow, &mut casts, &mut hits);
                    let base = scene.objects[k].color;
                    // Tint by the normal so the faces read: a quarter normal colour.
                    let tint = [(n.x + 1.0) / 2.0, (n.y + 1.0) / 2.0, (n.z + 1.0) / 2.0];
                    let shade = 0.25 + if lit { 0.75 * lambert } else { 0.0 };
                    [0, 1, 2].map(|i| (0.75 * base[i] + 0.25 * tint[i]) * shade)
                }
                None => {
                    let t = (ray.direction.normalize().y + 1.0) / 2.0;
                    [0.55 + 0.3 * t, 0.7 + 0.2 * t, 0.95]
                }
            };
            img.rays += rays;
            img.casts += casts;
            img.hits += hits;
            for (i, c) in color.iter().enumerate() {
                img.rgb[(y * width + x) * 3 + i] = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
            }
        }
        progress((y + 1) as f64 / height as f64);
    }
    img
}

/// An SVG document of the given size and body.
fn svg(width: f64, height: f64, body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n{body}</svg>\n"
    )
}

/// Maps scene x-y (x right, y up) to SVG pixels.
struct View {
    scale: f64,
    x0: f64,
    y0: f64,
}

impl View {
    fn at(&self, p: &Point3<f64>) -> (f64, f64) {
        (self.x0 + p.x * self.scale, self.y0 - p.y * self.scale)
    }
    fn polyline(&self, points: &[Point3<f64>], closed: bool, style: &str) -> String {
        let pts: Vec<String> = points
            .iter()
            .map(|p| {
                let (x, y) = self.at(p);
                format!("{x:.1},{y:.1}")
            })
            .collect();
        let tag = if closed { "polygon" } else { "polyline" };
        format!("<{tag} points=\"{}\" {style}/>\n", pts.join(" "))
    }
    fn circle(&self, c: &Point3<f64>, r: f64, style: &str) -> String {
        let (x, y) = self.at(c);
        format!("<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" {style}/>\n", r * self.scale)
    }
    fn witness(&self, a: &Point3<f64>, b: &Point3<f64>) -> String {
        let ((x1, y1), (x2, y2)) = (self.at(a), self.at(b));
        format!(
            "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"crimson\" stroke-width=\"2\" stroke-dasharray=\"5,3\"/>\n{}{}",
            self.circle(a, 0.04, "fill=\"crimson\""),
            self.circle(b, 0.04, "fill=\"crimson\"")
        )
    }
    fn label(&self, p: &Point3<f64>, text: &str) -> String {
        let (x, y) = self.at(p);
        format!(
            "<text x=\"{x:.1}\" y=\"{y:.1}\" font-family=\"sans-serif\" font-size=\"13\">{text}</text>\n"
        )
    }
}

/// A capsule outline in the x-y plane.
fn capsule_outline(view: &View, c: &Capsule<f64>, style: &str) -> String {
    let d = (c.b - c.a).normalize();
    let n = Vector3::new(-d.y, d.x, 0.0) * c.radius;
    let mut s = view.polyline(&[c.a + n, c.b + n, c.b - n, c.a - n], true, style);
    s += &view.circle(&c.a, c.radius, style);
    s += &view.circle(&c.b, c.radius, style);
    s
}

/// The closest-point figure: several shape pairs in the x-y plane with their witness segments, and
/// the number of queries it ran.
pub(crate) fn closest_svg() -> (String, usize) {
    let p = |x, y| Point3::new(x, y, 0.0);
    let view = View { scale: 60.0, x0: 40.0, y0: 380.0 };
    let shape_style = "fill=\"none\" stroke=\"#246\" stroke-width=\"2\"";
    let mut body = String::new();
    let mut queries = 0;
    // Segment-segment.
    let (s1, s2) = (Segment::new(p(0.0, 0.5), p(2.5, 2.0)), Segment::new(p(1.0, 4.0), p(3.5, 2.8)));
    let c = s1.closest_points(&s2);
    queries += 1;
    body += &view.polyline(&[s1.a, s1.b], false, shape_style);
    body += &view.polyline(&[s2.a, s2.b], false, shape_style);
    body += &view.witness(&c.point_a, &c.point_b);
    body += &view.label(&p(0.0, 5.2), &format!("segment-segment: {:.3}", c.distance));
    // Sphere-capsule.
    let (sphere, cap) =
        (Sphere::new(p(5.0, 1.0), 0.7), Capsule::new(p(6.0, 2.5), p(8.0, 4.0), 0.5));
    let c = sphere.closest_points(&cap);
    queries += 1;
    body += &view.circle(&sphere.center, sphere.radius, shape_style);
    body += &capsule_outline(&view, &cap, shape_style);
    body += &view.witness(&c.point_a, &c.point_b);
    body += &view.label(&p(4.6, 5.2), &format!("sphere-capsule: {:.3}", c.distance));
    // Triangle-triangle.
    let (t1, t2) = (
        Triangle::new(p(0.0, -3.5), p(2.5, -3.0), p(0.8, -1.2)),
        Triangle::new(p(2.2, -0.8), p(3.8, -2.2), p(3.6, 0.2)),
    );
    let c = t1.closest_points(&t2);
    queries += 1;
    body += &view.polyline(&[t1.a, t1.b, t1.c], true, shape_style);
    body += &view.polyline(&[t2.a, t2.b, t2.c], true, shape_style);
    body += &view.witness(&c.point_a, &c.point_b);
    body += &view.label(&p(0.0, -4.3), &format!("triangle-triangle: {:.3}", c.distance));
    // Segment-box and point-triangle.
    let b = Aabb::new(p(5.0, -3.5), Point3::new(6.5, -2.0, 0.5));
    let s = Segment::new(p(6.8, -0.4), p(8.6, -3.8));
    let c = s.closest_points(&b);
    queries += 1;
    body += &view.polyline(
        &[b.min, p(b.max.x, b.min.y), p(b.max.x, b.max.y), p(b.min.x, b.max.y)],
        true,
        shape_style,
    );
    body += &view.polyline(&[s.a, s.b], false, shape_style);
    body += &view.witness(&c.point_a, &c.point_b);
    let q = p(4.6, -0.5);
    let tp = closest::closest_point_on_triangle(&q, &t2);
    queries += 1;
    body += &view.circle(&q, 0.06, "fill=\"#246\"");
    body += &view.witness(&q, &tp.point);
    body += &view.label(
        &p(4.6, -4.3),
        &format!("segment-box: {:.3}; point-triangle: {:.3}", c.distance, (tp.point - q).norm()),
    );
    (svg(640.0, 720.0, &body), queries)
}

/// The sweep figure: a sphere and a box moving toward obstacles, drawn at the start, at the time
/// of impact and at the end of the motion; and the number of queries it ran.
pub(crate) fn sweep_svg() -> (String, usize) {
    let p = |x, y| Point3::new(x, y, 0.0);
    let view = View { scale: 50.0, x0: 30.0, y0: 330.0 };
    let mut body = String::new();
    let mut queries = 0;
    let ghost = |color: &str, opacity: f64| {
        format!(
            "fill=\"{color}\" fill-opacity=\"{opacity}\" stroke=\"{color}\" stroke-width=\"1.5\""
        )
    };
    // A sphere thrown at a triangle (an obstacle wall) and an oriented box.
    let sphere = Sphere::new(p(0.5, 1.0), 0.45);
    let v = Vector3::new(9.0, 2.5, 0.0);
    let wall = Triangle::new(p(6.0, -1.0), Point3::new(6.5, 5.5, -1.0), Point3::new(6.5, 5.5, 1.0));
    let post = Obb::new(
        p(4.5, 2.9),
        Rotation3::from_axis_angle(&Vector3::z_axis(), 0.5),
        Vector3::new(0.5, 0.5, 0.5),
    );
    body += &view.polyline(&[wall.a, wall.b], false, "stroke=\"#333\" stroke-width=\"4\"");
    let (u0, u1) = (post.axes()[0] * post.half_extents.x, post.axes()[1] * post.half_extents.y);
    let c = post.center;
    body += &view.polyline(
        &[c + u0 + u1, c - u0 + u1, c - u0 - u1, c + u0 - u1],
        true,
        &ghost("#333", 0.3),
    );
    let hits = [
        sphere.time_of_impact(&v, &wall, &Vector3::zeros()),
        dynamic::sphere_obb(&sphere, &v, &post, &Vector3::zeros()),
    ];
    queries += 2;
    let first = hits.iter().flatten().min_by(|a, b| a.toi.total_cmp(&b.toi));
    body += &view.circle(&sphere.center, sphere.radius, &ghost("#27c", 0.15));
    body += &view.circle(&(sphere.center + v), sphere.radius, &ghost("#27c", 0.05));
    if let Some(h) = first {
        body += &view.circle(&(sphere.center + v * h.toi), sphere.radius, &ghost("#27c", 0.6));
        body += &view.witness(&h.point, &(h.point + h.normal.into_inner() * 0.6));
        body += &view.label(&p(0.0, 5.4), &format!("sphere: first impact at t = {:.3}", h.toi));
    }
    body += &view.polyline(
        &[sphere.center, sphere.center + v],
        false,
        "stroke=\"#27c\" stroke-dasharray=\"4,4\"",
    );
    // A box sliding down onto a ledge.
    let b = Aabb::new(p(0.0, -4.5), Point3::new(1.2, -3.5, 0.5));
    let vb = Vector3::new(8.0, -1.5, 0.0);
    let ledge = Aabb::new(p(5.0, -6.5), Point3::new(8.0, -5.2, 0.5));
    let rect = |b: &Aabb<f64>, shift: Vector3<f64>| {
        let (lo, hi) = (b.min + shift, b.max + shift);
        vec![lo, p(hi.x, lo.y), p(hi.x, hi.y), p(lo.x, hi.y)]
    };
    body += &view.polyline(&rect(&ledge, Vector3::zeros()), true, &ghost("#333", 0.3));
    body += &view.polyline(&rect(&b, Vector3::zeros()), true, &ghost("#c52", 0.15));
    body += &view.polyline(&rect(&b, vb), true, &ghost("#c52", 0.05));
    let h = b.time_of_impact(&vb, &ledge, &Vector3::zeros());
    queries += 1;
    if let Some(h) = h {
        body += &view.polyline(&rect(&b, vb * h.toi), true, &ghost("#c52", 0.6));
        body += &view.label(&p(0.0, -7.0), &format!("box: first impact at t = {:.3}", h.toi));
    }
    // A plank thrown spinning (one and a half turns) over a thin post: a straight-line sweep of
    // its start pose passes over the post, the rotating one meets it on the way.
    let plank = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(1.4, 0.08, 0.5));
    let start = Isometry3::translation(12.0, 3.5, 0.0);
    let spin = dynamic::RigidMotion::new(
        start,
        Point3::origin(),
        Vector3::new(2.5, -0.5, 0.0),
        Vector3::new(0.0, 0.0, -3.0 * std::f64::consts::PI),
    );
    let post = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(0.08, 1.5, 0.5));
    let post_at = dynamic::RigidMotion::stationary(Isometry3::translation(14.0, 0.4, 0.0));
    let corners = |pose: &Isometry3<f64>, b: &Obb<f64>| {
        let (u, w) = (b.half_extents.x, b.half_extents.y);
        [p(u, w), p(-u, w), p(-u, -w), p(u, -w)].map(|c| pose * c).to_vec()
    };
    body += &view.polyline(&corners(&post_at.start, &post), true, &ghost("#333", 0.3));
    let turning =
        plank.rigid_time_of_impact(&spin, &post, &post_at, &dynamic::RigidOptions::default());
    let straight = plank.time_of_impact(
        &Vector3::new(2.5, -0.5, 0.0),
        &Obb { center: Point3::new(14.0, 0.4, 0.0) - Vector3::new(12.0, 3.5, 0.0), ..post },
        &Vector3::zeros(),
    );
    queries += 2;
    let end = turning.map_or(1.0, |h| h.toi);
    for k in 0..=12 {
        let t = end * f64::from(k) / 12.0;
        body += &view.polyline(&corners(&spin.pose_at(t), &plank), true, &ghost("#7a3", 0.06));
    }
    if let Some(h) = turning {
        body += &view.polyline(&corners(&spin.pose_at(h.toi), &plank), true, &ghost("#7a3", 0.6));
        body += &view.witness(&h.point_a, &(h.point_a + h.normal.into_inner() * 0.6));
        body += &view
            .label(&p(10.8, 5.4), &format!("spinning plank: first impact at t = {:.3}", h.toi));
    }
    let missed = if straight.is_none() { "misses" } else { "hits" };
    body += &view.label(&p(10.8, -2.2), &format!("without the spin, the same throw {missed}"));
    (svg(900.0, 720.0, &body), queries)
}
