//! Timing by the thread's CPU time, for the plain-loop measurements (the rows timed by
//! [`Sink::cpu`](crate::race::Sink::cpu), the mesh bench's `--cpu-loop`): on a loaded machine
//! the other processes inflate wall time, not this thread's own time.

/// The CPU time this thread has run, in seconds (Linux's `/proc/thread-self/schedstat`; NaN where
/// it cannot be read). The kernel brings it up to date at each tick and context switch, so a
/// measured run must last far longer than a tick.
#[must_use]
pub fn thread_cpu_seconds() -> f64 {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    let ns: f64 = s.split_whitespace().next().and_then(|x| x.parse().ok()).unwrap_or(f64::NAN);
    ns * 1e-9
}

/// The CPU time of one call of `f`, in seconds: `f` repeated until at least `min_seconds` have
/// run, the time spent over the calls made.
pub fn per_call(min_seconds: f64, mut f: impl FnMut()) -> f64 {
    let t = thread_cpu_seconds();
    let mut calls = 0u32;
    loop {
        f();
        calls += 1;
        let spent = thread_cpu_seconds() - t;
        // NaN (no schedstat) ends the loop rather than spinning forever.
        if spent >= min_seconds || spent.is_nan() {
            return spent / f64::from(calls);
        }
    }
}

/// The least of `rounds` measurements of [`per_call`]`(min_seconds, f)`.
pub fn best_of(rounds: usize, min_seconds: f64, mut f: impl FnMut()) -> f64 {
    (0..rounds).map(|_| per_call(min_seconds, &mut f)).fold(f64::INFINITY, f64::min)
}
