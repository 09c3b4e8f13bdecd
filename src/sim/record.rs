//! Records as Kafka stores them: key, value, offset, and their size on disk.

use super::time::SimTime;

/// A step in an order's life. The step number is its causal position: a
/// consumer must never handle a higher step of an order before a lower one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OrderEvent {
    Created,
    Paid,
    Shipped,
    Delivered,
}

impl OrderEvent {
    pub const ALL: [OrderEvent; 4] = [
        OrderEvent::Created,
        OrderEvent::Paid,
        OrderEvent::Shipped,
        OrderEvent::Delivered,
    ];

    /// Created = 1, Paid = 2, Shipped = 3, Delivered = 4.
    pub fn step(self) -> u32 {
        match self {
            OrderEvent::Created => 1,
            OrderEvent::Paid => 2,
            OrderEvent::Shipped => 3,
            OrderEvent::Delivered => 4,
        }
    }

    /// The record value the producer writes: plain ASCII, as a service would.
    pub fn value(self) -> &'static str {
        match self {
            OrderEvent::Created => "Created",
            OrderEvent::Paid => "Paid",
            OrderEvent::Shipped => "Shipped",
            OrderEvent::Delivered => "Delivered",
        }
    }
}

/// One record in a partition's log.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    pub offset: u64,
    /// `None` is a null key (keyless); `Some("")` is an empty key, which
    /// Kafka hashes like any other.
    pub key: Option<String>,
    /// The entity the event is about, e.g. `order-42`. For keyed records it
    /// is the key; a keyless record still belongs to an order, and the order
    /// checker follows that.
    pub entity: String,
    pub event: OrderEvent,
    pub timestamp: SimTime,
    /// Byte position of the record's batch inside its segment file.
    pub position: u32,
    /// Size of the one-record batch that carried it, in bytes.
    pub batch_size_in_bytes: u32,
}

/// Size of a zig-zag varint, as `ByteUtils.sizeOfVarint` counts it.
fn size_of_varint(value: i64) -> u32 {
    let mut v = ((value << 1) ^ (value >> 63)) as u64;
    let mut bytes = 1;
    while v >= 0x80 {
        v >>= 7;
        bytes += 1;
    }
    bytes
}

/// Header of a v2 record batch (`RECORD_BATCH_OVERHEAD`).
pub const RECORD_BATCH_OVERHEAD: u32 = 61;

/// The order events of `orders` orders, as services write them: `active`
/// orders are under way at once, and the next event comes from a random
/// one of them, so one order's events are a few records apart. Each order
/// goes through every step in turn; a finished order makes room for the
/// next.
pub fn interleaved_orders(
    rng: &mut super::rng::Rng,
    orders: u32,
    active: u32,
) -> Vec<(u32, OrderEvent)> {
    let mut next_step = vec![0usize; orders as usize + 1];
    let mut under_way: Vec<u32> = (1..=active.min(orders)).collect();
    let mut waiting = active.min(orders) + 1..=orders;
    let mut out = Vec::with_capacity(orders as usize * OrderEvent::ALL.len());
    while !under_way.is_empty() {
        let i = rng.below(under_way.len() as u64) as usize;
        let order = under_way[i];
        out.push((order, OrderEvent::ALL[next_step[order as usize]]));
        next_step[order as usize] += 1;
        if next_step[order as usize] == OrderEvent::ALL.len() {
            under_way.remove(i);
            under_way.extend(waiting.next());
        }
    }
    out
}

/// Size of a batch holding one record with no headers, following
/// `DefaultRecord.sizeInBytes` and `DefaultRecordBatch.RECORD_BATCH_OVERHEAD`.
pub fn single_record_batch_size(key: Option<&[u8]>, value: &[u8]) -> u32 {
    RECORD_BATCH_OVERHEAD + record_size_in_batch(key, value)
}

/// Size of one record inside a batch (`DefaultRecord.sizeInBytes`), with
/// offset and timestamp deltas small enough for one-byte varints.
pub fn record_size_in_batch(key: Option<&[u8]>, value: &[u8]) -> u32 {
    let len = |b: &[u8]| i64::try_from(b.len()).unwrap_or(i64::MAX);
    // attributes (1 byte) + offsetDelta 0 + timestampDelta 0
    let mut body = 1 + size_of_varint(0) + size_of_varint(0);
    body += match key {
        // A null key is written as length -1.
        None => size_of_varint(-1),
        Some(k) => size_of_varint(len(k)) + k.len() as u32,
    };
    body += size_of_varint(len(value)) + value.len() as u32;
    body += size_of_varint(0); // header count
    body + size_of_varint(i64::from(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_causal_positions() {
        let steps: Vec<u32> = OrderEvent::ALL.iter().map(|e| e.step()).collect();
        assert_eq!(steps, vec![1, 2, 3, 4]);
    }

    #[test]
    fn varint_sizes_match_kafka() {
        assert_eq!(size_of_varint(0), 1);
        assert_eq!(size_of_varint(-1), 1);
        assert_eq!(size_of_varint(63), 1);
        assert_eq!(size_of_varint(64), 2);
        assert_eq!(size_of_varint(-64), 1);
        assert_eq!(size_of_varint(-65), 2);
        assert_eq!(size_of_varint(8191), 2);
        assert_eq!(size_of_varint(8192), 3);
    }

    #[test]
    fn batch_sizes() {
        // body: attributes 1, deltas 1+1, key 1+8, value 1+7, headers 1 = 21; length 1.
        assert_eq!(single_record_batch_size(Some(b"order-42"), b"Created"), 83);
        assert_eq!(single_record_batch_size(None, b"Paid"), 61 + 10 + 1);
        assert_eq!(single_record_batch_size(Some(b""), b""), 61 + 6 + 1);
        let long_key = vec![b'k'; 100];
        // key length 100 needs a 2-byte varint; body 1+1+1+(2+100)+(1+0)+1 = 107.
        assert_eq!(single_record_batch_size(Some(&long_key), b""), 61 + 107 + 2);
    }
}
