//! The macros that write the table's rows, on the [`race`](crate::race) machinery. Each takes
//! the row's closures once and expands them for every contender: osculate on the `f32` and `f64`
//! inputs, parry3d and parry3d-f64 on their own forms of the same inputs, the floor.

/// osculate's contenders, `f32` and `f64`: the same call on each precision's inputs. The answer
/// defaults to the result's [`ToAnswer`](crate::race::ToAnswer).
#[macro_export]
macro_rules! osculate {
    ($r:ident, $d:ident, |$x:pat_param| $call:expr) => {
        $crate::osculate!($r, $d, |$x| $call, |_, a| $crate::race::Answer::of(a))
    };
    ($r:ident, $d:ident, |$x:pat_param| $call:expr, $answer:expr) => {{
        $r.run($crate::race::OSCULATE_F32, stringify!($call), &$d.f32, |$x| $call, $answer);
        $r.run($crate::race::OSCULATE_F64, stringify!($call), &$d.f64, |$x| $call, $answer);
    }};
}

/// parry's contenders, parry3d on the `f32` inputs and parry3d-f64 on the `f64` ones: `prep`
/// builds each input's parry form outside the timed call (with `pr` the parry crate, `cv` its
/// conversions `crate::convert::p32` or `p64`, `qd` its `query::details`, and its `Pose`, `Real`,
/// `Vector` and `ShapeCastOptions` in scope), then each `parry:` / `cheap:` call is timed on
/// it (`parry` the call answering as much as osculate, `cheap` parry's cheapest).
#[macro_export]
macro_rules! parry {
    ($r:ident, $d:ident, |$x:pat_param| $prep:expr, { $($spec:tt)* }) => {
        $crate::parry!($r, $d, |$x| $prep, $($spec)*)
    };
    (
        $r:ident, $d:ident, |$x:pat_param| $prep:expr,
        $($kind:ident: |$p:pat_param| $call:expr $(=> $answer:expr)?),+ $(,)?
    ) => {{
        {
            #[allow(unused_imports)]
            use ::parry3d as pr;
            #[allow(unused_imports)]
            use $crate::convert::p32 as cv;
            #[allow(unused_imports)]
            use pr::math::{Pose, Real, Vector};
            #[allow(unused_imports)]
            use pr::query::{PointQuery as _, RayCast as _, ShapeCastOptions, details as qd};
            let data = $d.f32.map(|$x| $prep);
            $( $crate::parry!(@run $r, data, $kind, f32, |$p| $call $(=> $answer)?); )+
        }
        {
            #[allow(unused_imports)]
            use ::parry3d_f64 as pr;
            #[allow(unused_imports)]
            use $crate::convert::p64 as cv;
            #[allow(unused_imports)]
            use pr::math::{Pose, Real, Vector};
            #[allow(unused_imports)]
            use pr::query::{PointQuery as _, RayCast as _, ShapeCastOptions, details as qd};
            let data = $d.f64.map(|$x| $prep);
            $( $crate::parry!(@run $r, data, $kind, f64, |$p| $call $(=> $answer)?); )+
        }
    }};
    (@run $r:ident, $data:ident, $kind:ident, $t:ident, |$p:pat_param| $call:expr) => {
        $crate::parry!(@run $r, $data, $kind, $t, |$p| $call => |_, a| $crate::race::Answer::of(a))
    };
    (@run $r:ident, $data:ident, parry, f32, |$p:pat_param| $call:expr => $answer:expr) => {
        $r.run($crate::race::PARRY_F32, stringify!($call), &$data, |$p| $call, $answer)
    };
    (@run $r:ident, $data:ident, cheap, f32, |$p:pat_param| $call:expr => $answer:expr) => {
        $r.run($crate::race::PARRY_F32_CHEAP, stringify!($call), &$data, |$p| $call, $answer)
    };
    (@run $r:ident, $data:ident, parry, f64, |$p:pat_param| $call:expr => $answer:expr) => {
        $r.run($crate::race::PARRY_F64, stringify!($call), &$data, |$p| $call, $answer)
    };
    (@run $r:ident, $data:ident, cheap, f64, |$p:pat_param| $call:expr => $answer:expr) => {
        $r.run($crate::race::PARRY_F64_CHEAP, stringify!($call), &$data, |$p| $call, $answer)
    };
}

/// Rows that share parry's calls: `table!(s, { parry: .., cheap: .. }; [row, inputs, |x|
/// osculate's call (=> its answer), |x| parry's input], ..)` runs each row as `osculate!` and
/// `parry!` with the shared calls.
#[macro_export]
macro_rules! table {
    (
        $s:ident, $spec:tt;
        $([
            $row:expr, $inputs:expr,
            |$x:pat_param| $osc:expr $(=> $answer:expr)?,
            |$y:pat_param| $prep:expr $(,)?
        ]),+ $(,)?
    ) => {$({
        let d = $inputs;
        let mut r = $s.race($row);
        $crate::table!(@osculate r, d, |$x| $osc $(=> $answer)?);
        $crate::parry!(r, d, |$y| $prep, $spec);
        r.finish();
    })+};
    (@osculate $r:ident, $d:ident, |$x:pat_param| $osc:expr) => { $crate::osculate!($r, $d, |$x| $osc) };
    (@osculate $r:ident, $d:ident, |$x:pat_param| $osc:expr => $answer:expr) => {
        $crate::osculate!($r, $d, |$x| $osc, $answer)
    };
}

/// Rows with osculate alone: `only!(s; [row, inputs, |x| call (=> its answer)], ..)`.
#[macro_export]
macro_rules! only {
    ($s:ident; $([$row:expr, $inputs:expr, |$x:pat_param| $osc:expr $(=> $answer:expr)? $(,)?]),+ $(,)?) => {$({
        let d = $inputs;
        let mut r = $s.race($row);
        $crate::table!(@osculate r, d, |$x| $osc $(=> $answer)?);
        r.finish();
    })+};
}

/// The floor contender (`f32` only): `prep` builds its plain-array input, `call` is timed.
#[macro_export]
macro_rules! floor {
    (
        $r:ident, $d:ident, |$x:pat_param| $prep:expr,
        |$p:pat_param| $call:expr $(=> $answer:expr)?
    ) => {{
        let data = $d.f32.map(|$x| $prep);
        $crate::floor!(@run $r, data, |$p| $call $(=> $answer)?);
    }};
    (@run $r:ident, $data:ident, |$p:pat_param| $call:expr) => {
        $crate::floor!(@run $r, $data, |$p| $call => |_, a| $crate::race::Answer::of(a))
    };
    (@run $r:ident, $data:ident, |$p:pat_param| $call:expr => $answer:expr) => {
        $r.run($crate::race::FLOOR, stringify!($call), &$data, |$p| $call, $answer)
    };
}
