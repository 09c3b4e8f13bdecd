//! Where keyless records go: the producer's accumulator and the three
//! strategies Kafka has used for records with a null key.
//!
//! The accumulator keeps one open batch per partition. A batch is sent when
//! it is full, when the next record does not fit, or when `linger.ms` has
//! passed since it was opened. (The real sender also waits for a free
//! in-flight slot; this model sends at once.)

use super::rng::Rng;
use super::time::SimTime;

/// The keyless strategy, by the Kafka version that used it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeylessStrategy {
    /// Up to 2.3 (`DefaultPartitioner`): a counter, one partition per record.
    RoundRobin,
    /// 2.4 to 3.2 (KIP-480, `StickyPartitionCache`): stay on a partition
    /// until a new batch has to be created, then move to another one.
    Sticky,
    /// 3.3 and later (KIP-794, `BuiltInPartitioner`): stay until about
    /// `batch.size` bytes went to the partition, then pick again.
    UniformSticky,
}

impl KeylessStrategy {
    pub const ALL: [KeylessStrategy; 3] = [
        KeylessStrategy::RoundRobin,
        KeylessStrategy::Sticky,
        KeylessStrategy::UniformSticky,
    ];

    pub fn id(self) -> &'static str {
        match self {
            KeylessStrategy::RoundRobin => "round-robin",
            KeylessStrategy::Sticky => "sticky",
            KeylessStrategy::UniformSticky => "uniform-sticky",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.id() == id)
    }
}

/// A batch still accepting records.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OpenBatch {
    pub id: u32,
    pub partition: u32,
    pub created_at: SimTime,
    /// Estimated size: batch header plus records, as `estimatedSizeInBytes`.
    pub bytes: u32,
    pub records: Vec<u32>,
}

/// What happened to one record in the accumulator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Appended {
    pub partition: u32,
    /// The batch that was closed to make room, ready to send.
    pub closed: Option<OpenBatch>,
    /// Set when this record opened a new batch: its id, for the linger timer.
    pub opened: Option<u32>,
    /// The partition was picked anew before this record was placed, so
    /// this record is the first on it.
    pub picked_before: bool,
    /// The partition was picked anew after this record: the next one goes
    /// to the new pick.
    pub picked_after: bool,
}

/// The producer's record accumulator for one topic, with the partitioner
/// that keyless records go through.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Accumulator {
    pub partitions: u32,
    /// `batch.size` (Kafka default 16384 bytes).
    pub batch_size: u32,
    open: Vec<Option<OpenBatch>>,
    next_batch_id: u32,
    rng: Rng,
    /// Round-robin's counter; Kafka starts it at a random value.
    counter: u32,
    /// The current sticky partition, once chosen.
    sticky: Option<u32>,
    /// Uniform sticky: bytes produced to the sticky partition since it was
    /// chosen (`StickyPartitionInfo.producedBytes`).
    produced_bytes: u32,
    pub switches: u32,
}

const BATCH_HEADER: u32 = super::record::RECORD_BATCH_OVERHEAD;

impl Accumulator {
    pub fn new(partitions: u32, batch_size: u32, mut rng: Rng) -> Self {
        let partitions = partitions.max(1);
        let counter = rng.next_u64() as u32;
        Accumulator {
            partitions,
            batch_size,
            open: vec![None; partitions as usize],
            next_batch_id: 0,
            rng,
            counter,
            sticky: None,
            produced_bytes: 0,
            switches: 0,
        }
    }

    pub fn open_batch(&self, partition: u32) -> Option<&OpenBatch> {
        self.open.get(partition as usize)?.as_ref()
    }

    pub fn sticky_partition(&self) -> Option<u32> {
        self.sticky
    }

    fn has_room(&self, partition: u32, size: u32) -> bool {
        self.open_batch(partition)
            .is_some_and(|b| b.records.is_empty() || b.bytes + size <= self.batch_size)
    }

    /// `MemoryRecordsBuilder.isFull`, or no open batch at all.
    fn all_batches_full(&self, partition: u32) -> bool {
        self.open_batch(partition)
            .is_none_or(|b| b.bytes >= self.batch_size)
    }

    /// The sticky partition, chosen at random the first time.
    fn sticky_partition_or_pick(&mut self) -> u32 {
        match self.sticky {
            Some(p) => p,
            None => {
                let p = self.random_partition();
                self.sticky = Some(p);
                p
            }
        }
    }

    fn random_partition(&mut self) -> u32 {
        self.rng.below(u64::from(self.partitions)) as u32
    }

    /// Appends to `partition`, opening a batch if needed. Returns the
    /// closed batch, the new batch id, and the bytes the append added.
    fn append_to(
        &mut self,
        partition: u32,
        record: u32,
        size: u32,
        now: SimTime,
    ) -> (Option<OpenBatch>, Option<u32>, u32) {
        if self.has_room(partition, size) {
            let batch = self.open[partition as usize]
                .as_mut()
                .expect("has_room implies an open batch");
            batch.bytes += size;
            batch.records.push(record);
            return (None, None, size);
        }
        let closed = self.open[partition as usize].take();
        let id = self.next_batch_id;
        self.next_batch_id += 1;
        self.open[partition as usize] = Some(OpenBatch {
            id,
            partition,
            created_at: now,
            bytes: BATCH_HEADER + size,
            records: vec![record],
        });
        (closed, Some(id), BATCH_HEADER + size)
    }

    /// Routes a record with an explicit or key-derived partition.
    pub fn append_keyed(
        &mut self,
        partition: u32,
        record: u32,
        size: u32,
        now: SimTime,
    ) -> Appended {
        let partition = partition.min(self.partitions - 1);
        let (closed, opened, _) = self.append_to(partition, record, size, now);
        Appended {
            partition,
            closed,
            opened,
            picked_before: false,
            picked_after: false,
        }
    }

    fn pick_sticky(&mut self) -> u32 {
        let p = self.random_partition();
        self.sticky = Some(p);
        self.produced_bytes = 0;
        self.switches += 1;
        p
    }

    /// Routes a record with a null key under `strategy`.
    pub fn append_keyless(
        &mut self,
        strategy: KeylessStrategy,
        record: u32,
        size: u32,
        now: SimTime,
    ) -> Appended {
        match strategy {
            KeylessStrategy::RoundRobin => {
                // Utils.toPositive(counter++) % partitions
                let partition = (self.counter & 0x7fff_ffff) % self.partitions;
                self.counter = self.counter.wrapping_add(1);
                self.append_keyed(partition, record, size, now)
            }
            KeylessStrategy::Sticky => {
                let mut partition = self.sticky_partition_or_pick();
                let mut switched = false;
                // KafkaProducer.doSend: an append that needs a new batch is
                // aborted, onNewBatch moves the sticky partition elsewhere,
                // and the record is appended there instead.
                if !self.has_room(partition, size) && self.partitions > 1 {
                    let mut next = partition;
                    while next == partition {
                        next = self.random_partition();
                    }
                    partition = next;
                    self.sticky = Some(next);
                    self.switches += 1;
                    switched = true;
                }
                let (closed, opened, _) = self.append_to(partition, record, size, now);
                Appended {
                    partition,
                    closed,
                    opened,
                    picked_before: switched,
                    picked_after: false,
                }
            }
            KeylessStrategy::UniformSticky => {
                let mut partition = self.sticky_partition_or_pick();
                // RecordAccumulator.partitionChanged: a switch held back
                // while the partition's last batch was still filling happens
                // once no batch is incomplete, which is when this record
                // needs a new one (the last was sent, or has no room).
                let picked_before =
                    !self.has_room(partition, size) && self.produced_bytes >= self.batch_size;
                if picked_before {
                    partition = self.pick_sticky();
                }
                let (closed, opened, appended_bytes) = self.append_to(partition, record, size, now);
                // BuiltInPartitioner.updatePartitionInfo, with the switch
                // enabled only when the last batch is full
                // (RecordAccumulator.allBatchesFull).
                self.produced_bytes += appended_bytes;
                let enable_switch = self.all_batches_full(partition);
                let picked_after = (self.produced_bytes >= self.batch_size && enable_switch)
                    || self.produced_bytes >= self.batch_size.saturating_mul(2);
                if picked_after {
                    self.pick_sticky();
                }
                Appended {
                    partition,
                    closed,
                    opened,
                    picked_before,
                    picked_after,
                }
            }
        }
    }

    /// `linger.ms` ran out for batch `id`: it is sent if still open.
    pub fn linger_expired(&mut self, partition: u32, id: u32) -> Option<OpenBatch> {
        let slot = self.open.get_mut(partition as usize)?;
        if slot.as_ref().is_some_and(|b| b.id == id) {
            slot.take()
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: u32 = 14;

    fn place(
        strategy: KeylessStrategy,
        partitions: u32,
        batch_size: u32,
        n: u32,
        seed: u64,
    ) -> (Vec<u32>, Accumulator) {
        let mut acc = Accumulator::new(partitions, batch_size, Rng::new(seed));
        let placed = (0..n)
            .map(|i| {
                acc.append_keyless(strategy, i, SIZE, SimTime(u64::from(i)))
                    .partition
            })
            .collect();
        (placed, acc)
    }

    #[test]
    fn round_robin_visits_every_partition_in_turn() {
        for seed in 0..200 {
            let (placed, _) = place(KeylessStrategy::RoundRobin, 5, 16384, 50, seed);
            for w in placed.windows(2) {
                assert_eq!(w[1], (w[0] + 1) % 5, "seed {seed}");
            }
        }
    }

    #[test]
    fn sticky_switches_exactly_when_a_new_batch_is_needed_and_never_to_itself() {
        for seed in 0..300 {
            let batch_size = 61 + SIZE * (1 + seed as u32 % 6);
            let mut acc = Accumulator::new(4, batch_size, Rng::new(seed));
            let mut previous: Option<u32> = None;
            for i in 0..100 {
                let needs_new_batch = previous.is_some_and(|p| !acc.has_room(p, SIZE));
                let a = acc.append_keyless(KeylessStrategy::Sticky, i, SIZE, SimTime(0));
                if let Some(p) = previous {
                    assert_eq!(a.picked_before, needs_new_batch, "seed {seed} record {i}");
                    assert_eq!(a.partition != p, needs_new_batch);
                }
                previous = Some(a.partition);
            }
        }
    }

    #[test]
    fn uniform_sticky_switches_after_batch_size_bytes() {
        for seed in 0..300 {
            let batch_size = 100 + (seed as u32 * 13) % 400;
            let mut acc = Accumulator::new(6, batch_size, Rng::new(seed));
            let mut produced = 0u32;
            for i in 0..300 {
                let before = acc.sticky;
                let needs_new_batch = before.is_some_and(|p| !acc.has_room(p, SIZE));
                let a = acc.append_keyless(KeylessStrategy::UniformSticky, i, SIZE, SimTime(0));
                if let Some(b) = before {
                    assert!(
                        a.partition == b || a.picked_before,
                        "the record goes where the partition was sticky, unless it was picked anew"
                    );
                }
                assert_eq!(
                    a.picked_before,
                    needs_new_batch && produced >= batch_size,
                    "seed {seed} record {i}: a held-back switch happens exactly at a new batch"
                );
                if a.picked_before {
                    produced = 0;
                }
                produced += if a.opened.is_some() { 61 + SIZE } else { SIZE };
                if a.picked_after {
                    assert!(
                        produced >= batch_size,
                        "seed {seed}: switched after {produced}"
                    );
                    assert!(produced < 2 * batch_size + 61 + SIZE);
                    produced = 0;
                } else {
                    assert!(produced < 2 * batch_size);
                }
            }
            assert!(acc.switches > 0);
        }
    }

    #[test]
    fn batches_never_exceed_batch_size_unless_one_record_does() {
        for strategy in KeylessStrategy::ALL {
            for seed in 0..100 {
                let mut acc = Accumulator::new(3, 150, Rng::new(seed));
                for i in 0..200 {
                    let a = acc.append_keyless(strategy, i, SIZE, SimTime(0));
                    if let Some(closed) = a.closed {
                        assert!(closed.bytes <= 150);
                        assert!(!closed.records.is_empty());
                    }
                }
            }
        }
    }

    #[test]
    fn linger_sends_only_the_batch_it_was_set_for() {
        let mut acc = Accumulator::new(2, 10_000, Rng::new(1));
        let a = acc.append_keyed(1, 0, SIZE, SimTime(0));
        let id = a.opened.expect("first record opens a batch");
        assert!(acc.linger_expired(1, id + 7).is_none());
        let sent = acc.linger_expired(1, id).expect("sent");
        assert_eq!(sent.records, vec![0]);
        assert!(acc.linger_expired(1, id).is_none());
        assert!(acc.open_batch(1).is_none());
    }

    #[test]
    fn ids_round_trip() {
        for s in KeylessStrategy::ALL {
            assert_eq!(KeylessStrategy::from_id(s.id()), Some(s));
        }
        assert_eq!(KeylessStrategy::from_id("random"), None);
    }
}
