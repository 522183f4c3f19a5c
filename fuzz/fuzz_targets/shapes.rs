//! Decoding fuzz bytes into shapes: every float is taken from raw bits (so NaN, ±∞, subnormals,
//! ±0 and huge values all appear), or, half the time, from a small set of "interesting" values,
//! and shapes are built through their public fields (bypassing validation) as a user can.
#![allow(dead_code, reason = "shared by the four targets, each using a part")]

use osculate::math::{
    Aabb, Capsule, Cone, ConvexPolyhedron, Cylinder, Halfspace, Obb, Plane, Point3, Ray, Real,
    Rotation3, Segment, Sphere, Tetrahedron, Triangle, UnitQuaternion, UnitVector3, Vector3,
};

/// The target's entry point: `check::<f32>` on bytes whose first byte asks for the sane variant
/// (see [`Bytes::sane`]), `check::<f64>` on the others, each with the rest of the bytes.
macro_rules! fuzz_f32_and_f64 {
    ($check:ident) => {
        libfuzzer_sys::fuzz_target!(|data: &[u8]| {
            let mut b = $crate::shapes::Bytes(data);
            if b.sane() {
                $check::<f32>(&mut b);
            } else {
                $check::<f64>(&mut b);
            }
        });
    };
}
pub(crate) use fuzz_f32_and_f64;

/// A reader of fuzz bytes; runs out into zeros.
pub struct Bytes<'a>(pub &'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((b, rest)) => {
                self.0 = rest;
                *b
            }
            None => 0,
        }
    }

    /// A scalar: raw bits (f64 from 8 bytes) or an interesting value.
    pub fn real<T: Real>(&mut self) -> T {
        const INTERESTING: [f64; 16] = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            2.0,
            1e-4,
            1e4,
            1e-300,
            1e300,
            f64::MIN_POSITIVE,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            3.0,
            -2.5,
        ];
        let tag = self.byte();
        if tag & 1 == 0 {
            return T::lit(INTERESTING[(tag >> 1) as usize % INTERESTING.len()]);
        }
        let mut b = [0u8; 8];
        for x in &mut b {
            *x = self.byte();
        }
        T::lit(f64::from_le_bytes(b))
    }

    /// Whether to keep the finite "sane" variant (coordinates in ±100) rather than raw values.
    pub fn sane(&mut self) -> bool {
        self.byte() % 4 != 0
    }

    pub fn small<T: Real>(&mut self) -> T {
        T::lit((self.byte() as f64 - 128.0) / 16.0)
    }

    pub fn point<T: Real>(&mut self, sane: bool) -> Point3<T> {
        if sane {
            Point3::new(self.small(), self.small(), self.small())
        } else {
            Point3::new(self.real(), self.real(), self.real())
        }
    }

    pub fn vector<T: Real>(&mut self, sane: bool) -> Vector3<T> {
        self.point::<T>(sane).coords
    }

    pub fn length<T: Real>(&mut self, sane: bool) -> T {
        if sane { self.small::<T>().abs() } else { self.real() }
    }

    pub fn unit<T: Real>(&mut self, sane: bool) -> UnitVector3<T> {
        // Unchecked, as a user may build one: possibly zero or NaN when not sane.
        let v = self.vector::<T>(sane);
        if sane {
            UnitVector3::try_new(v, T::ZERO).unwrap_or(Vector3::x_axis())
        } else {
            UnitVector3::new_unchecked(v)
        }
    }

    pub fn rotation<T: Real>(&mut self, sane: bool) -> Rotation3<T> {
        if sane {
            let q = UnitQuaternion::from_euler_angles(self.small(), self.small(), self.small());
            q.to_rotation_matrix()
        } else {
            Rotation3::from_matrix_unchecked(nalgebra_like(self))
        }
    }

    pub fn sphere<T: Real>(&mut self, sane: bool) -> Sphere<T> {
        Sphere { center: self.point(sane), radius: self.length(sane) }
    }
    pub fn aabb<T: Real>(&mut self, sane: bool) -> Aabb<T> {
        Aabb { min: self.point(sane), max: self.point(sane) }
    }
    pub fn obb<T: Real>(&mut self, sane: bool) -> Obb<T> {
        Obb {
            center: self.point(sane),
            rotation: self.rotation(sane),
            half_extents: self.vector::<T>(sane).map(|x: T| if sane { x.abs() } else { x }),
        }
    }
    pub fn segment<T: Real>(&mut self, sane: bool) -> Segment<T> {
        Segment { a: self.point(sane), b: self.point(sane) }
    }
    pub fn capsule<T: Real>(&mut self, sane: bool) -> Capsule<T> {
        Capsule { a: self.point(sane), b: self.point(sane), radius: self.length(sane) }
    }
    pub fn cylinder<T: Real>(&mut self, sane: bool) -> Cylinder<T> {
        Cylinder { a: self.point(sane), b: self.point(sane), radius: self.length(sane) }
    }
    pub fn cone<T: Real>(&mut self, sane: bool) -> Cone<T> {
        Cone {
            tip: self.point(sane),
            axis: self.unit(sane),
            height: self.length(sane),
            radius: self.length(sane),
        }
    }
    pub fn triangle<T: Real>(&mut self, sane: bool) -> Triangle<T> {
        Triangle { a: self.point(sane), b: self.point(sane), c: self.point(sane) }
    }
    pub fn tetrahedron<T: Real>(&mut self, sane: bool) -> Tetrahedron<T> {
        Tetrahedron {
            a: self.point(sane),
            b: self.point(sane),
            c: self.point(sane),
            d: self.point(sane),
        }
    }
    pub fn plane<T: Real>(&mut self, sane: bool) -> Plane<T> {
        Plane { normal: self.unit(sane), d: if sane { self.small() } else { self.real() } }
    }
    pub fn halfspace<T: Real>(&mut self, sane: bool) -> Halfspace<T> {
        Halfspace { plane: self.plane(sane) }
    }
    /// A convex polyhedron: the hull of 4 to 11 points (through the validating constructor, when
    /// it accepts them), or, a third of the time or when it refuses, 4 to 11 planes and vertices
    /// put into the public fields as they come (disagreeing, unbounded, empty, non-unit or NaN),
    /// as a user can build one. The flag says which: `true` for a validated hull.
    pub fn polyhedron<T: Real>(&mut self, sane: bool) -> (ConvexPolyhedron<T>, bool) {
        let raw = self.byte() % 3 == 0;
        let n = 4 + (self.byte() % 8) as usize;
        if !raw {
            let points: Vec<Point3<T>> = (0..n).map(|_| self.point(sane)).collect();
            if let Ok(hull) = ConvexPolyhedron::try_from_points(&points) {
                return (hull, true);
            }
        }
        let raw = ConvexPolyhedron {
            planes: (0..n).map(|_| self.plane(sane)).collect(),
            vertices: (0..n).map(|_| self.point(sane)).collect(),
        };
        (raw, false)
    }
    pub fn ray<T: Real>(&mut self, sane: bool) -> Ray<T> {
        let max_t = if self.byte() % 2 == 0 { T::INFINITY } else { self.length(sane) };
        Ray { origin: self.point(sane), direction: self.vector(sane), max_t }
    }
}

/// A raw 3×3 matrix from fuzz bytes.
fn nalgebra_like<T: Real>(b: &mut Bytes<'_>) -> osculate::math::Matrix3<T> {
    osculate::math::Matrix3::from_fn(|_, _| b.real())
}

/// Whether every coordinate given is finite and within ±1e6 (where the docs promise finite
/// answers for valid shapes).
pub fn tame<T: Real>(xs: &[T]) -> bool {
    xs.iter().all(|x| x.is_finite() && x.abs() < T::lit(1e6))
}
