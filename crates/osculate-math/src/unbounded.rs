//! The `serde` form of a bound that may be `+∞` (a ray's `max_t`): `None` for `+∞`, the value
//! otherwise, so that formats without infinities (JSON writes every non-finite float as `null`)
//! read back what they wrote. Use it on a field with `#[serde(with = "osculate_math::unbounded")]`.
//!
//! A NaN or `−∞` written to JSON reads back as `+∞` (JSON keeps neither); formats with
//! non-finite floats (RON, bincode, postcard) keep them.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Real;

/// Writes `+∞` as `None` and any other value as `Some(value)`.
///
/// # Errors
/// The serializer's.
pub fn serialize<T: Real + Serialize, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    if *value == T::INFINITY { s.serialize_none() } else { s.serialize_some(value) }
}

/// Reads `None` (JSON's `null`) as `+∞` and `Some(value)` as the value.
///
/// # Errors
/// The deserializer's.
pub fn deserialize<'de, T: Real + Deserialize<'de>, D: Deserializer<'de>>(
    d: D,
) -> Result<T, D::Error> {
    Ok(Option::<T>::deserialize(d)?.unwrap_or(T::INFINITY))
}
