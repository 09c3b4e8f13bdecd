//! A partition's log: append-only, split into segments named by base offset.

use super::record::{single_record_batch_size, OrderEvent, Record};
use super::time::SimTime;

/// How a partition's log is cut into files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LogConfig {
    /// `segment.bytes` (Kafka default 1073741824, 1 GiB): the active segment
    /// rolls when the next batch would not fit. The lab uses tiny values so
    /// that rolls happen on screen.
    pub segment_bytes: u32,
    /// `index.interval.bytes` (Kafka default 4096): how many bytes may be
    /// appended between two entries of the sparse offset index.
    pub index_interval_bytes: u32,
}

/// One entry of a segment's `.index` file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IndexEntry {
    /// Offset minus the segment's base offset: 4 bytes on disk.
    pub relative_offset: u32,
    /// Byte position of that batch inside the `.log` file.
    pub position: u32,
}

/// A `.log` file with its `.index`, named by the first offset it holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Segment {
    pub base_offset: u64,
    pub records: Vec<Record>,
    pub size_in_bytes: u32,
    pub index: Vec<IndexEntry>,
    bytes_since_last_index_entry: u32,
}

impl Segment {
    fn new(base_offset: u64) -> Self {
        Segment {
            base_offset,
            records: Vec::new(),
            size_in_bytes: 0,
            index: Vec::new(),
            bytes_since_last_index_entry: 0,
        }
    }

    /// `00000000000000000000.log`: the base offset padded to 20 digits.
    pub fn log_file_name(&self) -> String {
        format!("{:020}.log", self.base_offset)
    }

    pub fn index_file_name(&self) -> String {
        format!("{:020}.index", self.base_offset)
    }

    pub fn time_index_file_name(&self) -> String {
        format!("{:020}.timeindex", self.base_offset)
    }
}

/// What an append did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Appended {
    pub offset: u64,
    /// The active segment was full, so this record opened a new one.
    pub rolled: bool,
}

/// One partition of one topic, as the leader stores it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PartitionLog {
    pub topic: String,
    pub partition: u32,
    pub config: LogConfig,
    segments: Vec<Segment>,
    log_end_offset: u64,
}

impl PartitionLog {
    pub fn new(topic: &str, partition: u32, config: LogConfig) -> Self {
        Self::starting_at(topic, partition, config, 0)
    }

    /// A log whose earlier records are out of the picture: the next record
    /// gets `log_start_offset`, as after retention removed older segments.
    pub fn starting_at(
        topic: &str,
        partition: u32,
        config: LogConfig,
        log_start_offset: u64,
    ) -> Self {
        PartitionLog {
            topic: topic.to_owned(),
            partition,
            config,
            segments: vec![Segment::new(log_start_offset)],
            log_end_offset: log_start_offset,
        }
    }

    /// The first offset still in the log.
    pub fn log_start_offset(&self) -> u64 {
        self.segments[0].base_offset
    }

    /// The offset the next record will get.
    pub fn log_end_offset(&self) -> u64 {
        self.log_end_offset
    }

    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// The segment appends go to.
    pub fn active_segment(&self) -> &Segment {
        self.segments
            .last()
            .expect("a log always has an active segment")
    }

    pub fn records(&self) -> impl Iterator<Item = &Record> {
        self.segments.iter().flat_map(|s| s.records.iter())
    }

    /// Finds a record the way a fetch does: pick the segment with the
    /// greatest base offset not above `offset`, then look inside it.
    pub fn record(&self, offset: u64) -> Option<&Record> {
        let after = self.segments.partition_point(|s| s.base_offset <= offset);
        let segment = self.segments.get(after.checked_sub(1)?)?;
        let relative = usize::try_from(offset - segment.base_offset).ok()?;
        segment.records.get(relative)
    }

    /// Appends a one-record batch at the log end offset.
    pub fn append(
        &mut self,
        key: Option<&str>,
        entity: &str,
        event: OrderEvent,
        timestamp: SimTime,
    ) -> Appended {
        let size = single_record_batch_size(key.map(str::as_bytes), event.value().as_bytes());
        let offset = self.log_end_offset;
        let active = self
            .segments
            .last()
            .expect("a log always has an active segment");
        // Kafka rolls when `size > segment.bytes - batch size`. An empty
        // segment never rolls: the batch goes in even if it is larger.
        let rolled = !active.records.is_empty()
            && u64::from(active.size_in_bytes) + u64::from(size)
                > u64::from(self.config.segment_bytes);
        if rolled {
            self.segments.push(Segment::new(offset));
        }
        let interval = self.config.index_interval_bytes;
        let segment = self
            .segments
            .last_mut()
            .expect("a log always has an active segment");
        let position = segment.size_in_bytes;
        // As in `LogSegment.append`: an index entry is written for this batch
        // once more than `index.interval.bytes` went in since the last one.
        if segment.bytes_since_last_index_entry > interval {
            segment.index.push(IndexEntry {
                relative_offset: u32::try_from(offset - segment.base_offset).unwrap_or(u32::MAX),
                position,
            });
            segment.bytes_since_last_index_entry = 0;
        }
        segment.bytes_since_last_index_entry += size;
        segment.size_in_bytes += size;
        segment.records.push(Record {
            offset,
            key: key.map(str::to_owned),
            entity: entity.to_owned(),
            event,
            timestamp,
            position,
            batch_size_in_bytes: size,
        });
        self.log_end_offset += 1;
        Appended { offset, rolled }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(segment_bytes: u32) -> PartitionLog {
        PartitionLog::new(
            "orders",
            0,
            LogConfig {
                segment_bytes,
                index_interval_bytes: 100,
            },
        )
    }

    #[test]
    fn offsets_start_at_zero_and_count_up() {
        let mut l = log(10_000);
        for (i, e) in OrderEvent::ALL.iter().enumerate() {
            let a = l.append(Some("order-42"), "order-42", *e, SimTime(i as u64));
            assert_eq!(a.offset, i as u64);
            assert_eq!(l.log_end_offset(), i as u64 + 1);
        }
        let offsets: Vec<u64> = l.records().map(|r| r.offset).collect();
        assert_eq!(offsets, vec![0, 1, 2, 3]);
    }

    #[test]
    fn segment_names_are_twenty_digit_base_offsets() {
        let mut l = log(200);
        for _ in 0..5 {
            l.append(Some("order-42"), "order-42", OrderEvent::Paid, SimTime(0));
        }
        let names: Vec<String> = l.segments().iter().map(Segment::log_file_name).collect();
        assert_eq!(
            names,
            vec![
                "00000000000000000000.log",
                "00000000000000000002.log",
                "00000000000000000004.log"
            ]
        );
        assert_eq!(
            l.segments()[1].index_file_name(),
            "00000000000000000002.index"
        );
        assert_eq!(
            l.segments()[1].time_index_file_name(),
            "00000000000000000002.timeindex"
        );
    }

    #[test]
    fn rolls_exactly_when_the_next_batch_would_not_fit() {
        // order-42/Paid batches are 80 bytes.
        let mut l = log(160);
        assert!(
            !l.append(Some("order-42"), "order-42", OrderEvent::Paid, SimTime(0))
                .rolled
        );
        assert!(
            !l.append(Some("order-42"), "order-42", OrderEvent::Paid, SimTime(0))
                .rolled
        );
        assert_eq!(l.active_segment().size_in_bytes, 160);
        assert!(
            l.append(Some("order-42"), "order-42", OrderEvent::Paid, SimTime(0))
                .rolled
        );
        assert_eq!(l.active_segment().base_offset, 2);
        // A batch larger than the segment still lands in an empty segment.
        let mut tiny = log(10);
        assert!(
            !tiny
                .append(Some("k"), "k", OrderEvent::Paid, SimTime(0))
                .rolled
        );
        assert!(
            tiny.append(Some("k"), "k", OrderEvent::Paid, SimTime(0))
                .rolled
        );
        assert_eq!(tiny.segments().len(), 2);
    }

    #[test]
    fn sparse_index_follows_log_segment_append() {
        let mut l = log(100_000);
        for _ in 0..6 {
            l.append(Some("order-42"), "order-42", OrderEvent::Paid, SimTime(0));
        }
        // 80-byte batches and a 100-byte interval: the first entry is written
        // at the third batch (160 > 100), then every second batch.
        let entries: Vec<(u32, u32)> = l.segments()[0]
            .index
            .iter()
            .map(|e| (e.relative_offset, e.position))
            .collect();
        assert_eq!(entries, vec![(2, 160), (4, 320)]);
    }

    #[test]
    fn a_log_can_start_past_zero() {
        let mut l = PartitionLog::starting_at(
            "orders",
            1,
            LogConfig {
                segment_bytes: 1000,
                index_interval_bytes: 4096,
            },
            100,
        );
        assert_eq!(l.log_end_offset(), 100);
        assert_eq!(
            l.append(Some("k"), "k", OrderEvent::Paid, SimTime(0))
                .offset,
            100
        );
        assert_eq!(l.record(100).map(|r| r.event), Some(OrderEvent::Paid));
        assert!(l.record(99).is_none());
        assert_eq!(l.log_start_offset(), 100);
        assert_eq!(l.segments()[0].log_file_name(), "00000000000000000100.log");
    }

    #[test]
    fn lookup_by_offset_crosses_segments() {
        let mut l = log(200);
        for i in 0..9u64 {
            l.append(
                Some("k"),
                "k",
                OrderEvent::ALL[(i % 4) as usize],
                SimTime(i),
            );
        }
        for offset in 0..9 {
            assert_eq!(l.record(offset).map(|r| r.offset), Some(offset));
        }
        assert!(l.record(9).is_none());
        let positions: Vec<u32> = l.segments()[1].records.iter().map(|r| r.position).collect();
        assert_eq!(positions[0], 0);
        assert!(positions.windows(2).all(|w| w[0] < w[1]));
    }
}
