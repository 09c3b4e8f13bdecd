//! The world's seeded random numbers, with independent child streams.
//!
//! SplitMix64 is small, fast and has no platform dependence, so the same seed
//! gives the same numbers on the host and in the browser. Nothing here reads
//! the OS or the clock: every run is a pure function of its seed.

/// A seeded pseudo-random stream (SplitMix64).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rng {
    state: u64,
}

const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng { state: seed }
    }

    /// An independent stream for one actor (a producer, a link, a consumer).
    ///
    /// Deriving from the seed rather than from draws means adding a new
    /// stream never shifts the numbers an existing actor sees.
    pub fn child(&self, stream: u64) -> Rng {
        Rng::new(mix(self.state ^ mix(stream.wrapping_add(GOLDEN_GAMMA))))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        mix(self.state)
    }

    /// A uniform value in `0..n`; `n == 0` gives 0.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // Lemire's multiply-shift with rejection: no modulo bias.
        let threshold = n.wrapping_neg() % n;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(n);
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }

    /// A uniform value in `lo..=hi` (the bounds are swapped if reversed).
    pub fn between(&mut self, lo: u64, hi: u64) -> u64 {
        let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
        match (hi - lo).checked_add(1) {
            Some(span) => lo + self.below(span),
            None => self.next_u64(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        for _ in 0..1000 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
    }

    #[test]
    fn splitmix_reference_values() {
        // SplitMix64 seeded with 0, as published with the algorithm.
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(r.next_u64(), 0x06c4_5d18_8009_454f);
    }

    #[test]
    fn children_are_independent_of_draws_and_of_each_other() {
        let root = Rng::new(7);
        let mut drawn = root.clone();
        drawn.next_u64();
        assert_ne!(root.child(1), root.child(2));
        assert_eq!(root.child(1), Rng::new(7).child(1));
        assert_ne!(root.child(1), drawn.child(1));
    }

    #[test]
    fn between_stays_in_bounds_and_reaches_both_ends() {
        let mut r = Rng::new(3);
        let mut seen = [false; 6];
        for _ in 0..10_000 {
            let v = r.between(10, 15);
            assert!((10..=15).contains(&v));
            seen[(v - 10) as usize] = true;
        }
        assert!(seen.iter().all(|s| *s));
        assert_eq!(r.between(5, 5), 5);
        assert!((3..=9).contains(&r.between(9, 3)));
        assert_eq!(r.below(0), 0);
    }
}
