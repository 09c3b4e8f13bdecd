//! Which keys a change of partition count moves: under Kafka's remainder,
//! under jump consistent hashing, and at the least any hash must move.

use super::order_key;
use crate::sim::partitioner::{murmur2, to_positive};

/// The masked murmur2 of an order's key: what `% n` is taken of.
pub fn key_hash(order: u32) -> u32 {
    to_positive(murmur2(order_key(order).as_bytes()))
}

/// Google's jump consistent hash (Lamping and Veach). Growing from `n` to
/// `n + 1` buckets, a key either stays or moves to the new bucket, so on
/// many keys it moves about the least share any hash must move; on a few
/// keys chance decides, and it may move more than a remainder does.
pub fn jump_consistent_hash(key: u64, buckets: u32) -> u32 {
    let mut key = key;
    let (mut b, mut j): (i64, i64) = (-1, 0);
    while j < i64::from(buckets) {
        b = j;
        key = key.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        j = ((b + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
    b.max(0) as u32
}

/// How a change from `from` to `to` partitions moves a set of keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyMoves {
    pub keys: usize,
    /// Under Kafka's `hash % n`.
    pub kafka: usize,
    /// Under jump consistent hashing.
    pub jump: usize,
    /// The least share, in percent, that any hash must move on average:
    /// the keys the added partitions must take, or those the removed ones
    /// held, `|to − from| / max(from, to)`.
    pub least_pct: usize,
}

impl KeyMoves {
    pub fn of(hashes: &[u32], from: u32, to: u32) -> Self {
        let (from, to) = (from.max(1), to.max(1));
        let kafka = hashes.iter().filter(|&&h| h % from != h % to).count();
        let jump = hashes
            .iter()
            .filter(|&&h| {
                jump_consistent_hash(u64::from(h), from) != jump_consistent_hash(u64::from(h), to)
            })
            .count();
        KeyMoves {
            keys: hashes.len(),
            kafka,
            jump,
            least_pct: (from.abs_diff(to) * 100 / from.max(to)) as usize,
        }
    }
}
