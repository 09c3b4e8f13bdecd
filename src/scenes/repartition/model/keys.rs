//! Which keys a change of partition count moves: under Kafka's remainder,
//! under jump consistent hashing, and at the least any hash must move.

use crate::sim::partitioner::{jump_consistent_hash, murmur2, order_key_bytes, to_positive};

/// The masked murmur2 of an order's key (`order_key`): what `% n` is
/// taken of.
pub fn key_hash(order: u32) -> u32 {
    to_positive(murmur2(order_key_bytes(order, &mut [0u8; 16])))
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
