//! Helpers of the accuracy binary (`src/bin/accuracy.rs`, run by `cargo xtask accuracy`): widening
//! `f32` inputs to the identical `f64` values, the input's scale, the error of one measured quantity
//! and the statistics (maximum, nearest-rank percentile) reported per query and input class.
//!
//! Units: a length or a point is compared in units of `scale × f32::EPSILON`, where `scale` is the
//! largest absolute coordinate or size of the input ([`Scale`]); a dimensionless parameter (segment
//! `s`, `t`) in units of `f32::EPSILON`.

use osculate_math::{
    Aabb, Capsule, Cylinder, Line, Obb, Point3, Ray, Rotation3, Segment, Sphere, Triangle, Vector3,
};

/// An `f32` value and its exact `f64` counterpart (every `f32` is an `f64`, so the two inputs are
/// the same numbers).
pub trait Widen {
    /// The `f64` type.
    type Wide;
    /// The same values in `f64`.
    fn widen(&self) -> Self::Wide;
}

/// The scale of an input: the largest absolute coordinate of its points and its sizes (radii, half
/// extents, displacements). A ray's direction is not a length (its parameter `t` is measured in
/// units of `|direction|`), so it does not count; the error of a ray parameter is measured as the
/// distance `|Δt|·|direction|` along the ray.
pub trait Scale {
    /// The largest absolute coordinate or size.
    fn scale(&self) -> f64;
}

fn amax(v: &Vector3<f32>) -> f64 {
    f64::from(v.amax())
}

impl Widen for Point3<f32> {
    type Wide = Point3<f64>;
    fn widen(&self) -> Point3<f64> {
        self.map(f64::from)
    }
}
impl Scale for Point3<f32> {
    fn scale(&self) -> f64 {
        amax(&self.coords)
    }
}

impl Widen for Vector3<f32> {
    type Wide = Vector3<f64>;
    fn widen(&self) -> Vector3<f64> {
        self.map(f64::from)
    }
}
/// A vector as an input is a displacement (a motion over the time step): a size.
impl Scale for Vector3<f32> {
    fn scale(&self) -> f64 {
        amax(self)
    }
}

/// A scalar size: its magnitude.
impl Widen for f32 {
    type Wide = f64;
    fn widen(&self) -> f64 {
        f64::from(*self)
    }
}
impl Scale for f32 {
    fn scale(&self) -> f64 {
        f64::from(self.abs())
    }
}

/// [`Widen`] field by field and [`Scale`] as the largest of the fields' scales, for shapes whose
/// every field is a point or a size.
macro_rules! by_fields {
    ($($shape:ident { $first:ident $(, $field:ident)* }),+ $(,)?) => {$(
        impl Widen for $shape<f32> {
            type Wide = $shape<f64>;
            fn widen(&self) -> $shape<f64> {
                $shape { $first: self.$first.widen() $(, $field: self.$field.widen())* }
            }
        }
        impl Scale for $shape<f32> {
            fn scale(&self) -> f64 {
                self.$first.scale() $(.max(self.$field.scale()))*
            }
        }
    )+};
}

by_fields! {
    Sphere { center, radius },
    Aabb { min, max },
    Segment { a, b },
    Triangle { a, b, c },
    Capsule { a, b, radius },
    Cylinder { a, b, radius },
}

impl Widen for Obb<f32> {
    type Wide = Obb<f64>;
    fn widen(&self) -> Obb<f64> {
        Obb {
            center: self.center.widen(),
            rotation: Rotation3::from_matrix_unchecked(self.rotation.matrix().map(f64::from)),
            half_extents: self.half_extents.widen(),
        }
    }
}
impl Scale for Obb<f32> {
    fn scale(&self) -> f64 {
        self.center.scale().max(amax(&self.half_extents))
    }
}

impl Widen for Line<f32> {
    type Wide = Line<f64>;
    fn widen(&self) -> Line<f64> {
        Line { point: self.point.widen(), direction: self.direction.widen() }
    }
}
/// The line's point only: like a ray's, its direction scales the parameter, not the geometry.
impl Scale for Line<f32> {
    fn scale(&self) -> f64 {
        self.point.scale()
    }
}

impl Widen for Ray<f32> {
    type Wide = Ray<f64>;
    fn widen(&self) -> Ray<f64> {
        Ray {
            origin: self.origin.widen(),
            direction: self.direction.widen(),
            max_t: f64::from(self.max_t),
        }
    }
}
impl Scale for Ray<f32> {
    fn scale(&self) -> f64 {
        self.origin.scale()
    }
}

impl<A: Widen, B: Widen> Widen for (A, B) {
    type Wide = (A::Wide, B::Wide);
    fn widen(&self) -> Self::Wide {
        (self.0.widen(), self.1.widen())
    }
}
impl<A: Scale, B: Scale> Scale for (A, B) {
    fn scale(&self) -> f64 {
        self.0.scale().max(self.1.scale())
    }
}

impl<A: Widen, B: Widen, C: Widen, D: Widen> Widen for (A, B, C, D) {
    type Wide = (A::Wide, B::Wide, C::Wide, D::Wide);
    fn widen(&self) -> Self::Wide {
        (self.0.widen(), self.1.widen(), self.2.widen(), self.3.widen())
    }
}
impl<A: Scale, B: Scale, C: Scale, D: Scale> Scale for (A, B, C, D) {
    fn scale(&self) -> f64 {
        self.0.scale().max(self.1.scale()).max(self.2.scale()).max(self.3.scale())
    }
}

/// One measured quantity of a query's result, converted to `f64` (exactly, from either precision).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// A length (a distance, or a ray parameter times `|direction|`): error in `scale × ε`.
    Length(f64),
    /// A dimensionless parameter: error in `ε`.
    Param(f64),
    /// A point: the Euclidean distance between the two, in `scale × ε`.
    Point([f64; 3]),
}

/// The error of the `f32` result `low` against the `f64` result `high`, in units of
/// `scale × f32::EPSILON` (lengths, points) or `f32::EPSILON` (parameters). Mismatched kinds or a
/// NaN give `+∞` (reported, never hidden). A zero scale (an input at the origin with zero size)
/// is taken as the smallest normal `f32`.
#[must_use]
pub fn error(low: &Value, high: &Value, scale: f64) -> f64 {
    let unit = scale.max(f64::from(f32::MIN_POSITIVE)) * f64::from(f32::EPSILON);
    let e = match (low, high) {
        (Value::Length(a), Value::Length(b)) => (a - b).abs() / unit,
        (Value::Param(a), Value::Param(b)) => (a - b).abs() / f64::from(f32::EPSILON),
        (Value::Point(a), Value::Point(b)) => {
            let d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
            (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt() / unit
        }
        _ => f64::INFINITY,
    };
    if e.is_nan() { f64::INFINITY } else { e }
}

/// The nearest-rank `q`-quantile (`q` in `[0, 1]`) of `sorted` (ascending): the smallest value
/// with at least a fraction `q` of the values at or below it; `None` for no values.
#[must_use]
pub fn percentile(sorted: &[f64], q: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (q.clamp(0.0, 1.0) * sorted.len() as f64).ceil() as usize;
    sorted.get(rank.max(1) - 1).copied()
}

/// The errors of one quantity of one query over one input class.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Inputs generated.
    pub cases: usize,
    /// Inputs where one precision answered `None` and the other `Some`.
    pub disagree: usize,
    /// The error of every input where both answered.
    pub errors: Vec<f64>,
}

impl Stats {
    /// The maximum and the 99.9th percentile of the errors (sorting them), `None` for none.
    pub fn summary(&mut self) -> Option<(f64, f64)> {
        self.errors.sort_by(f64::total_cmp);
        Some((*self.errors.last()?, percentile(&self.errors, 0.999)?))
    }
}

/// An error for a table cell: two significant digits, `0` for exact agreement.
#[must_use]
pub fn format_error(e: f64) -> String {
    if e == 0.0 {
        "0".into()
    } else if e.is_infinite() {
        "∞".into()
    } else if e >= 1e5 {
        format!("{e:.1e}")
    } else if e >= 10.0 {
        format!("{e:.0}")
    } else {
        format!("{e:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentile_is_nearest_rank() {
        let v: Vec<f64> = (1..=1000).map(f64::from).collect();
        assert_eq!(percentile(&v, 0.999), Some(999.0));
        assert_eq!(percentile(&v, 1.0), Some(1000.0));
        assert_eq!(percentile(&v, 0.5), Some(500.0));
        assert_eq!(percentile(&v, 0.0), Some(1.0));
        assert_eq!(percentile(&[3.0], 0.999), Some(3.0));
        assert_eq!(percentile(&[], 0.5), None);
        // 20,000 values: the 99.9th percentile is the 20th largest.
        let w: Vec<f64> = (0..20_000).map(f64::from).collect();
        assert_eq!(percentile(&w, 0.999), Some(19_979.0));
    }

    #[test]
    fn scale_is_the_largest_coordinate_or_size() {
        let s = Sphere::new(Point3::new(1.0_f32, -3.0, 2.0), 5.0);
        assert_eq!(s.scale(), 5.0);
        let r = Ray::new(Point3::new(0.5_f32, -0.25, 0.0), Vector3::new(100.0, 0.0, 0.0));
        assert_eq!(r.scale(), 0.5, "a ray's direction is not a length");
        let t = Triangle::new(Point3::origin(), Point3::new(0.0_f32, -1e4, 0.0), Point3::origin());
        assert_eq!((s, t).scale(), 1e4);
    }

    #[test]
    fn widening_keeps_the_values() {
        let o = Obb::new(
            Point3::new(0.1_f32, 0.2, 0.3),
            Rotation3::from_axis_angle(&Vector3::z_axis(), 0.3),
            Vector3::new(0.7, 0.8, 0.9),
        );
        let w = o.widen();
        assert_eq!(w.center.x, f64::from(0.1_f32));
        assert_eq!(w.rotation.matrix()[(0, 1)], f64::from(o.rotation.matrix()[(0, 1)]));
    }

    #[test]
    fn errors_in_units() {
        let eps = f64::from(f32::EPSILON);
        assert_eq!(error(&Value::Length(1.0 + 2.0 * eps), &Value::Length(1.0), 1.0), 2.0);
        assert_eq!(error(&Value::Length(1e4 + 1e4 * eps), &Value::Length(1e4), 1e4), 1.0);
        assert_eq!(error(&Value::Param(0.5 + 4.0 * eps), &Value::Param(0.5), 1e4), 4.0);
        let p = error(&Value::Point([3.0 * eps, 4.0 * eps, 0.0]), &Value::Point([0.0; 3]), 1.0);
        assert!((p - 5.0).abs() < 1e-12);
        assert_eq!(error(&Value::Length(f64::NAN), &Value::Length(1.0), 1.0), f64::INFINITY);
        assert_eq!(error(&Value::Param(1.0), &Value::Length(1.0), 1.0), f64::INFINITY);
    }

    #[test]
    fn summary_reports_max_and_percentile() {
        let mut s = Stats { cases: 3, disagree: 0, errors: vec![3.0, 1.0, 2.0] };
        assert_eq!(s.summary(), Some((3.0, 3.0)));
        assert_eq!(Stats::default().summary(), None);
        assert_eq!(format_error(0.0), "0");
        assert_eq!(format_error(1.234), "1.23");
        assert_eq!(format_error(123.4), "123");
        assert_eq!(format_error(2.5e6), "2.5e6");
    }
}
