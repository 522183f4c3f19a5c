//! The showcase: `cargo run --release --example showcase`.
//!
//! For now (the query layers are still to land) it builds one of every shape through its validating
//! constructor, prints its bounding box, and runs a few containment checks, all through the public
//! API of the facade. Later it renders pictures (see the facade issue).

use osculate::prelude::*;

fn row(name: &str, b: &Aabb<f64>, checks: &[(&str, bool)]) {
    let fmt = |p: &Point3<f64>| format!("({:>6.2}, {:>6.2}, {:>6.2})", p.x, p.y, p.z);
    let checks: Vec<String> = checks.iter().map(|(what, ok)| format!("{what}: {ok}")).collect();
    println!("{name:<12} {} .. {}   {}", fmt(&b.min), fmt(&b.max), checks.join(", "));
}

fn main() -> Result<(), ShapeError> {
    let o = Point3::new(0.0, 0.0, 0.0);
    let p = |x, y, z| Point3::new(x, y, z);

    println!("osculate showcase: every shape, its bounding box, and containment checks\n");
    println!("{:<12} {:<24}   {:<24}   contains", "shape", "aabb min", "aabb max");

    let sphere = Sphere::try_new(p(1.0, 2.0, 3.0), 1.5)?;
    row(
        "sphere",
        &sphere.aabb(),
        &[
            ("center", sphere.contains_point(&sphere.center)),
            ("(5,5,5)", sphere.contains_point(&p(5.0, 5.0, 5.0))),
        ],
    );

    let aabb = Aabb::try_new(p(-1.0, -1.0, -1.0), p(1.0, 2.0, 3.0))?;
    row(
        "aabb",
        &aabb.aabb(),
        &[
            ("origin", aabb.contains_point(&o)),
            ("(0,2.5,0)", aabb.contains_point(&p(0.0, 2.5, 0.0))),
        ],
    );

    let rot = Rotation3::from_axis_angle(&Vector3::z_axis(), std::f64::consts::FRAC_PI_4);
    let obb = Obb::try_new(o, rot, Vector3::new(1.0, 1.0, 1.0))?;
    row(
        "obb",
        &obb.aabb(),
        &[
            ("(1.4,0,0)", obb.contains_point(&p(1.4, 0.0, 0.0))),
            ("(1,1,0)", obb.contains_point(&p(1.0, 1.0, 0.0))),
        ],
    );

    let capsule = Capsule::try_new(o, p(0.0, 2.0, 0.0), 0.5)?;
    row(
        "capsule",
        &capsule.aabb(),
        &[
            ("(0,2.4,0)", capsule.contains_point(&p(0.0, 2.4, 0.0))),
            ("(0.5,2.4,0)", capsule.contains_point(&p(0.5, 2.4, 0.0))),
        ],
    );

    let cylinder = Cylinder::try_new(o, p(0.0, 0.0, 3.0), 1.0)?;
    row(
        "cylinder",
        &cylinder.aabb(),
        &[
            ("(0.7,0.7,3)", cylinder.contains_point(&p(0.7, 0.7, 3.0))),
            ("(0,0,3.1)", cylinder.contains_point(&p(0.0, 0.0, 3.1))),
        ],
    );

    let cone = Cone::try_new(p(0.0, 2.0, 0.0), -Vector3::y_axis(), 2.0, 1.0)?;
    row(
        "cone",
        &cone.aabb(),
        &[
            ("(0,1,0.49)", cone.contains_point(&p(0.0, 1.0, 0.49))),
            ("(0,1,0.51)", cone.contains_point(&p(0.0, 1.0, 0.51))),
        ],
    );

    let plane = Plane::from_points(p(0.0, 0.0, 1.0), p(1.0, 0.0, 1.0), p(0.0, 1.0, 1.0))?;
    row(
        "plane",
        &plane.aabb(),
        &[("signed distance of (0,0,4) is 3", plane.signed_distance(&p(0.0, 0.0, 4.0)) == 3.0)],
    );

    let half = Halfspace::from_point_normal(o, Vector3::y())?;
    row(
        "halfspace",
        &half.aabb(),
        &[
            ("(0,-1,0)", half.contains_point(&p(0.0, -1.0, 0.0))),
            ("(0,1,0)", half.contains_point(&p(0.0, 1.0, 0.0))),
        ],
    );

    let segment = Segment::try_new(o, p(2.0, 0.0, 0.0))?;
    row(
        "segment",
        &segment.aabb(),
        &[("t of (0.5,1,0) is 0.25", segment.closest_parameter(&p(0.5, 1.0, 0.0)) == 0.25)],
    );

    let ray = Ray::try_new(p(0.0, 1.0, 0.0), Vector3::new(1.0, 0.0, 0.0))?;
    row("ray", &ray.aabb(), &[]);

    let line = Line::try_through(o, p(0.0, 0.0, 1.0))?;
    row("line", &line.aabb(), &[]);

    let triangle = Triangle::try_new(o, p(2.0, 0.0, 0.0), p(0.0, 2.0, 0.0))?;
    let bary = triangle.barycentric(&p(0.5, 0.5, 1.0));
    row(
        "triangle",
        &triangle.aabb(),
        &[("area is 2", triangle.area() == 2.0), ("barycentric defined", bary.is_some())],
    );

    let tet = Tetrahedron::try_new(o, p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0), p(0.0, 0.0, 1.0))?;
    row(
        "tetrahedron",
        &tet.aabb(),
        &[
            ("(0.2,0.2,0.2)", tet.contains_point(&p(0.2, 0.2, 0.2))),
            ("(0.4,0.4,0.4)", tet.contains_point(&p(0.4, 0.4, 0.4))),
        ],
    );

    let polygon =
        ConvexPolygon::try_new(vec![o, p(1.0, 0.0, 0.0), p(1.0, 1.0, 0.0), p(0.0, 1.0, 0.0)])?;
    row("polygon", &polygon.aabb(), &[]);

    let hull = ConvexPolyhedron::from_points(&aabb.corners())?;
    row(
        "polyhedron",
        &hull.aabb(),
        &[
            ("origin", hull.contains_point(&o)),
            ("(0,2.5,0)", hull.contains_point(&p(0.0, 2.5, 0.0))),
        ],
    );

    let moved = obb.transformed(&Isometry3::translation(10.0, 0.0, 0.0));
    row("moved obb", &moved.aabb(), &[("(10,0,0)", moved.contains_point(&p(10.0, 0.0, 0.0)))]);
    Ok(())
}
