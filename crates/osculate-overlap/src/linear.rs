//! Overlap of two segments: the distance of their closest points (Ericson 5.1.9) within the
//! rounding of touching.

use osculate_closest::closest_points_segment_segment;
use osculate_math::{Real, Segment};

use crate::sphere::{finite, magnitude, within_slack};

/// Whether two segments meet: the distance of their closest points (Ericson 5.1.9) within the
/// rounding slack of the coordinates' magnitude (crossing segments meet at a point no arithmetic
/// lands on exactly, so the slack errs toward overlap, Ericson 5.2.1.1). A zero-length segment is
/// a point; a NaN gives `false`.
///
/// # Examples
/// ```
/// use osculate_overlap::segment_segment;
/// use osculate_math::{Point3, Segment};
///
/// let a = Segment::new(Point3::new(0.0_f64, 0.0, 0.0), Point3::new(1.0, 1.0, 0.3));
/// let b = Segment::new(Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.3)); // crossing
/// assert!(segment_segment(&a, &b));
/// assert!(!segment_segment(&a, &Segment::new(Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.4))));
/// ```
#[must_use]
pub fn segment_segment<T: Real>(a: &Segment<T>, b: &Segment<T>) -> bool {
    let d = closest_points_segment_segment(a, b).distance;
    finite(&[&a.a, &a.b, &b.a, &b.b])
        && within_slack(d, T::ZERO, magnitude(&[&a.a, &a.b, &b.a, &b.b]))
}
