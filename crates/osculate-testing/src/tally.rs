//! The tally of a differential test: how many seeded cases agreed with the other library and how
//! many fell in each named disagreement class.

use std::collections::BTreeMap;
use std::fmt;

/// The outcome of one query's comparison over all seeds: the cases that agreed and, for the
/// others, the named class each fell in (a class says whose answer is wrong and why; the test
/// decides it by an independent reference before counting it).
///
/// # Examples
/// ```
/// use osculate_testing::Tally;
///
/// let mut tally = Tally::new("point-segment");
/// tally.agree();
/// tally.class("parry wrong: absolute epsilon");
/// tally.finish_within(2, 0.5, &[("parry wrong: absolute epsilon", 0.5)]);
/// ```
#[derive(Debug)]
pub struct Tally {
    /// The query compared, as printed.
    pub query: String,
    /// Cases counted.
    pub cases: usize,
    /// Cases on which both answers agree.
    pub agree: usize,
    /// Cases per disagreement class.
    pub classes: BTreeMap<&'static str, usize>,
}

impl Tally {
    /// An empty tally for `query`.
    pub fn new(query: impl Into<String>) -> Self {
        Self { query: query.into(), cases: 0, agree: 0, classes: BTreeMap::new() }
    }

    /// Counts a case on which both answers agree.
    pub fn agree(&mut self) {
        self.cases += 1;
        self.agree += 1;
    }

    /// Counts a case in the disagreement class `class`.
    pub fn class(&mut self, class: &'static str) {
        self.cases += 1;
        *self.classes.entry(class).or_default() += 1;
    }

    /// Prints the tally (visible with `--nocapture`) and asserts that each of the `seeds` was
    /// counted once and that both answers agree on at least `min_agree` of the cases.
    #[track_caller]
    pub fn finish(&self, seeds: u64, min_agree: f64) {
        eprintln!("{self}");
        assert_eq!(self.cases as u64, seeds, "{self:?}");
        assert_eq!(self.agree + self.classes.values().sum::<usize>(), self.cases, "{self:?}");
        assert!(self.agree as f64 >= min_agree * self.cases as f64, "{self:?}");
    }

    /// [`Tally::finish`], and each class holds at most its bound in `bounds`, a fraction of the
    /// cases (the fraction it was measured at, with room); a class not listed is bounded by 0.
    #[track_caller]
    pub fn finish_within(&self, seeds: u64, min_agree: f64, bounds: &[(&str, f64)]) {
        self.finish(seeds, min_agree);
        for (class, n) in &self.classes {
            let bound = bounds.iter().find(|(c, _)| c == class).map_or(0.0, |(_, b)| *b);
            assert!(
                *n as f64 <= bound * self.cases as f64,
                "{}: class {class:?} holds {n} cases, bound {bound}: {self:?}",
                self.query
            );
        }
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} of {} agree, {:?}", self.query, self.agree, self.cases, self.classes)
    }
}
