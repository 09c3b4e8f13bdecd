//! Simulated time: an integer count of milliseconds, never wall-clock floats.

use core::fmt;

/// A point on the simulation's clock, in milliseconds since the run began.
///
/// Integer time keeps every run exact: the same seed replays to the same
/// millisecond on any machine, and seeking never interpolates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SimTime(pub u64);

impl SimTime {
    pub const ZERO: SimTime = SimTime(0);

    pub const fn from_millis(ms: u64) -> Self {
        SimTime(ms)
    }

    pub const fn as_millis(self) -> u64 {
        self.0
    }

    /// `self + ms`, saturating so a huge delay can never wrap to the past.
    pub const fn plus_millis(self, ms: u64) -> Self {
        SimTime(self.0.saturating_add(ms))
    }
}

impl fmt::Display for SimTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:03} s", self.0 / 1000, self.0 % 1000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_is_seconds_with_millis() {
        assert_eq!(SimTime(1500).to_string(), "1.500 s");
        assert_eq!(SimTime(7).to_string(), "0.007 s");
    }

    #[test]
    fn plus_saturates_instead_of_wrapping() {
        assert_eq!(SimTime(u64::MAX - 1).plus_millis(10), SimTime(u64::MAX));
        assert_eq!(SimTime(10).plus_millis(5), SimTime(15));
    }
}
