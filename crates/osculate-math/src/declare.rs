//! [`shape!`]: the one declaration of a plain shape type; [`rigid_transform!`]: the
//! [`Transform`](crate::Transform) of a shape made of points and vectors.

/// Declares a shape type: the struct generic over `T: Real` (`Clone`, `Copy`, `Debug`,
/// `PartialEq`, and serde's traits with the `serde` feature), its unchecked `new` taking every
/// field in order, and its `try_new` taking the same arguments, which checks each field with the
/// validator named after it (one of `crate::error`'s, by reference) in order, then runs the
/// `then` block, if any, before building the shape.
macro_rules! shape {
    (
        $(#[$attr:meta])*
        pub struct $Name:ident {
            $( $(#[$field_attr:meta])* pub $field:ident: $Ty:ty $(=> $check:ident)?, )+
        }
        $(#[$try_attr:meta])*
        try_new $(then $extra:block)?;
    ) => {
        $(#[$attr])*
        #[derive(Clone, Copy, Debug, PartialEq)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub struct $Name<T: Real> {
            $( $(#[$field_attr])* pub $field: $Ty, )+
        }

        impl<T: Real> $Name<T> {
            #[doc = concat!("A `", stringify!($Name), "` from its fields in order, unchecked ([`",
                stringify!($Name), "::try_new`] checks them).")]
            #[inline]
            #[must_use]
            pub const fn new($($field: $Ty),+) -> Self {
                Self { $($field),+ }
            }

            $(#[$try_attr])*
            pub fn try_new($($field: $Ty),+) -> Result<Self, ShapeError> {
                $( $( $check(&$field, stringify!($field))?; )? )+
                $($extra)?
                Ok(Self { $($field),+ })
            }
        }
    };
}

/// The [`Transform`](crate::Transform) of each shape `$Name` whose fields `$moved` are points and
/// vectors the isometry moves (a vector is only rotated) and whose fields `$kept` (a radius, a
/// parameter bound) it keeps: `transformed` is the shape of the moved fields.
macro_rules! rigid_transform {
    ($($Name:ident { $($moved:ident),+ $(; $($kept:ident),+)? }),+ $(,)?) => {$(
        impl<T: Real> Transform<T> for $Name<T> {
            type Output = Self;
            #[inline]
            fn transformed(&self, iso: &Isometry3<T>) -> Self {
                Self { $($moved: iso * self.$moved,)+ $($($kept: self.$kept,)+)? }
            }
        }
    )+};
}
