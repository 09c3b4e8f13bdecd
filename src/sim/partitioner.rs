//! Keyed routing, bit for bit as the clients do it: Kafka's murmur2 (with a
//! step-by-step trace for the learner), sarama's FNV-1a, librdkafka's CRC-32.

/// `Utils.murmur2`'s constants.
pub const MURMUR2_SEED: u32 = 0x9747_b28c;
pub const MURMUR2_M: u32 = 0x5bd1_e995;
const MURMUR2_R: u32 = 24;

/// Kafka's `Utils.murmur2`: the 32-bit MurmurHash2 of the key's bytes, as
/// the Java producer computes it, returned as Java's signed `int`.
pub fn murmur2(data: &[u8]) -> i32 {
    let len = data.len();
    let mut h = MURMUR2_SEED ^ len as u32;
    let mut words = data.chunks_exact(4);
    for w in words.by_ref() {
        let mut k = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
        k = k.wrapping_mul(MURMUR2_M);
        k ^= k >> MURMUR2_R;
        k = k.wrapping_mul(MURMUR2_M);
        h = h.wrapping_mul(MURMUR2_M);
        h ^= k;
    }
    let tail = words.remainder();
    if !tail.is_empty() {
        // The switch in Java falls through: 3 → 2 → 1.
        for (i, &b) in tail.iter().enumerate().rev() {
            h ^= u32::from(b) << (8 * i);
        }
        h = h.wrapping_mul(MURMUR2_M);
    }
    h ^= h >> 13;
    h = h.wrapping_mul(MURMUR2_M);
    h ^= h >> 15;
    h as i32
}

/// One 4-byte little-endian word of the key, and what it did to the hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordStep {
    /// Byte offset of the word in the key.
    pub at: u32,
    pub bytes: [u8; 4],
    /// The bytes read little-endian.
    pub k: u32,
    /// `k *= m; k ^= k >>> 24; k *= m`.
    pub k_mixed: u32,
    /// `h *= m; h ^= k`.
    pub h: u32,
}

/// The 1–3 bytes left over after the words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TailStep {
    pub bytes: Vec<u8>,
    /// After xoring the tail bytes in.
    pub h_xored: u32,
    /// After `h *= m`.
    pub h: u32,
}

/// Every intermediate value of one murmur2 computation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Murmur2Trace {
    pub len: u32,
    /// `seed ^ len`.
    pub initial: u32,
    pub words: Vec<WordStep>,
    pub tail: Option<TailStep>,
    /// After `h ^= h >>> 13`, `h *= m` and `h ^= h >>> 15`.
    pub final_mix: [u32; 3],
    pub result: i32,
}

pub fn murmur2_trace(data: &[u8]) -> Murmur2Trace {
    let len = data.len() as u32;
    let initial = MURMUR2_SEED ^ len;
    let mut h = initial;
    let mut words = Vec::with_capacity(data.len() / 4);
    let mut chunks = data.chunks_exact(4);
    for (i, w) in chunks.by_ref().enumerate() {
        let bytes = [w[0], w[1], w[2], w[3]];
        let k = u32::from_le_bytes(bytes);
        let mut k_mixed = k.wrapping_mul(MURMUR2_M);
        k_mixed ^= k_mixed >> MURMUR2_R;
        k_mixed = k_mixed.wrapping_mul(MURMUR2_M);
        h = h.wrapping_mul(MURMUR2_M) ^ k_mixed;
        words.push(WordStep {
            at: (i * 4) as u32,
            bytes,
            k,
            k_mixed,
            h,
        });
    }
    let rest = chunks.remainder();
    let tail = (!rest.is_empty()).then(|| {
        for (i, &b) in rest.iter().enumerate() {
            h ^= u32::from(b) << (8 * i);
        }
        let h_xored = h;
        h = h.wrapping_mul(MURMUR2_M);
        TailStep {
            bytes: rest.to_vec(),
            h_xored,
            h,
        }
    });
    let a = h ^ (h >> 13);
    let b = a.wrapping_mul(MURMUR2_M);
    let c = b ^ (b >> 15);
    Murmur2Trace {
        len,
        initial,
        words,
        tail,
        final_mix: [a, b, c],
        result: c as i32,
    }
}

/// `Utils.toPositive`: clears the sign bit. Not `abs()`.
pub fn to_positive(h: i32) -> u32 {
    (h & 0x7fff_ffff) as u32
}

/// What `Math.abs(h) % n` would give, the classic mistake. Java's
/// `Math.abs(Integer.MIN_VALUE)` is still negative, so this can even be a
/// negative "partition".
pub fn abs_partition(h: i32, partitions: u32) -> i64 {
    i64::from(h.wrapping_abs()) % i64::from(partitions.max(1))
}

/// 32-bit FNV-1a, as Go's `hash/fnv.New32a`.
pub fn fnv1a_32(data: &[u8]) -> u32 {
    data.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// CRC-32 (IEEE 802.3: reflected polynomial 0xEDB88320, initial value and
/// final xor 0xFFFFFFFF), byte by byte over one 256-entry table, exactly as
/// librdkafka's `rd_crc32` in `src/rdcrc32.h` (`rd_crc32_init`,
/// `rd_crc32_update`, `rd_crc32_finalize`, over `crc_table` from
/// `src/rdcrc32.c`) when built without zlib; with zlib it calls zlib's
/// `crc32`, the same function. Its consistent partitioner
/// (`rd_kafka_msg_partitioner_consistent` in `src/rdkafka_msg.c`) is
/// `rd_crc32(key, keylen) % partition_cnt`.
///
/// Not the crc32fast crate: its slice-by-16 tables are 16 KiB of data in the
/// wasm that gzip cannot shrink, to hash keys of a few bytes; this table is
/// 1 KiB. Host tests compare the two.
pub fn crc32(data: &[u8]) -> u32 {
    !data.iter().fold(!0u32, |crc, &b| {
        CRC32_TABLE[usize::from((crc as u8) ^ b)] ^ (crc >> 8)
    })
}

/// `crc_table` of `rdcrc32.c`, computed at compile time rather than copied:
/// entry `i` is the CRC register after shifting the byte `i` through the
/// reflected polynomial eight times.
static CRC32_TABLE: [u32; 256] = crc32_table();

const fn crc32_table() -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut crc = i as u32;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
            bit += 1;
        }
        table[i] = crc;
        i += 1;
    }
    table
}

/// How a client turns a key into a partition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyHasher {
    /// `(murmur2(key) & 0x7fffffff) % n`: the Java producer, franz-go's
    /// `KafkaHasher`, kafka-python, and librdkafka's `murmur2` partitioner.
    Murmur2,
    /// sarama's default `NewHashPartitioner` (also kafka-go's `Hash`):
    /// `p = int32(fnv1a(key)) % n; if p < 0 { p = -p }`.
    SaramaFnv1a,
    /// sarama's `NewReferenceHashPartitioner`: `(int32(fnv1a(key)) & 0x7fffffff) % n`.
    SaramaReferenceFnv1a,
    /// librdkafka's `consistent` / `consistent_random` (confluent-kafka-go and
    /// friends), sarama's `ConsistentCRC`, kafka-go's `CRC32Balancer`:
    /// `crc32(key) % n`, unsigned.
    Crc32,
}

/// The partition `hasher` picks for `key` among `partitions`.
///
/// `partitions` counts every partition of the topic, available or not. It
/// must be at least 1: callers validate it, and for 0 this returns 0 rather
/// than dividing by zero.
pub fn partition_for_key(hasher: KeyHasher, key: &[u8], partitions: u32) -> u32 {
    if partitions == 0 {
        return 0;
    }
    match hasher {
        KeyHasher::Murmur2 => to_positive(murmur2(key)) % partitions,
        KeyHasher::SaramaFnv1a => {
            // Go's % truncates toward zero like Rust's; the remainder's
            // magnitude is below n, so negating it cannot overflow.
            let n = i64::from(partitions);
            let p = i64::from(fnv1a_32(key) as i32) % n;
            p.unsigned_abs() as u32
        }
        KeyHasher::SaramaReferenceFnv1a => {
            ((fnv1a_32(key) as i32) & 0x7fff_ffff) as u32 % partitions
        }
        KeyHasher::Crc32 => crc32(key) % partitions,
    }
}

/// The regions of the example custom partitioner, in partition order.
pub const REGIONS: [&str; 3] = ["eu", "us", "asia"];

/// The example custom partitioner: keys like `eu/order-42` go to their
/// region's partition (`eu` 0, `us` 1, `asia` 2, modulo the count); any
/// other key is hashed as usual. Returns the region and its partition.
pub fn region_partition(key: &[u8], partitions: u32) -> Option<(&'static str, u32)> {
    let prefix = key
        .split(|&b| b == b'/')
        .next()
        .filter(|_| key.contains(&b'/'))?;
    let index = REGIONS.iter().position(|r| r.as_bytes() == prefix)?;
    Some((REGIONS[index], index as u32 % partitions.max(1)))
}

/// How the application asked for a record to be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Placement {
    /// `new ProducerRecord(topic, key, value)`: the partitioner decides.
    Partitioner,
    /// `new ProducerRecord(topic, partition, key, value)`.
    Explicit(u32),
    /// `partitioner.class` set to the region partitioner.
    RegionPartitioner,
}

/// Where one record goes, and which rule decided it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Route {
    Explicit(u32),
    /// The explicit partition is not in the producer's metadata. Since
    /// Kafka 2.2 `send()` does not fail at once: `KafkaProducer.waitOnMetadata`
    /// keeps asking for metadata, in case the topic has grown, until
    /// `max.block.ms` has passed, then fails with a `TimeoutException`
    /// ([`missing_partition_timeout`]).
    MissingPartition(u32),
    Region {
        region: &'static str,
        partition: u32,
    },
    Hashed {
        partition: u32,
    },
    /// A null key: the keyless strategy will choose.
    Keyless,
}

/// The Java producer's precedence: explicit partition, then a custom
/// partitioner, then the key's hash, then the keyless strategy.
pub fn route(key: Option<&[u8]>, partitions: u32, placement: Placement) -> Route {
    match (placement, key) {
        (Placement::Explicit(p), _) if p < partitions => Route::Explicit(p),
        (Placement::Explicit(p), _) => Route::MissingPartition(p),
        (Placement::RegionPartitioner, Some(k)) => match region_partition(k, partitions) {
            Some((region, partition)) => Route::Region { region, partition },
            None => Route::Hashed {
                partition: partition_for_key(KeyHasher::Murmur2, k, partitions),
            },
        },
        (_, Some(k)) => Route::Hashed {
            partition: partition_for_key(KeyHasher::Murmur2, k, partitions),
        },
        (_, None) => Route::Keyless,
    }
}

/// `max.block.ms`, Kafka's default: how long `send()` may block on metadata.
pub const MAX_BLOCK_MS: u64 = 60_000;

/// The message of the `TimeoutException` a record for a missing partition
/// fails with, once `max_block_ms` has passed (`KafkaProducer.waitOnMetadata`).
pub fn missing_partition_timeout(
    topic: &str,
    partition: u32,
    partitions: u32,
    max_block_ms: u64,
) -> String {
    format!(
        "Partition {partition} of topic {topic} with partition count {partitions} is not present in metadata after {max_block_ms} ms."
    )
}

/// Google's jump consistent hash (Lamping and Veach). Growing from `n` to
/// `n + 1` buckets, a key either stays or moves to the new bucket, so on
/// many keys it moves about the least share any hash must move; on a few
/// keys chance decides, and it may move more than a remainder does.
/// RabbitMQ's consistent-hash exchange picks its bucket with it too.
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

/// The bytes of the key `order-{n}`, written into `buf` without a heap
/// allocation: the scenes hash thousands of these keys as a page starts
/// (the repartition scene's 10,000 for its moved share), and a `format!`
/// per key was most of that time in the browser.
pub fn order_key_bytes(n: u32, buf: &mut [u8; 16]) -> &[u8] {
    const PREFIX: &[u8] = b"order-";
    let mut digits = [0u8; 10];
    let (mut rest, mut len) = (n, 0);
    loop {
        digits[len] = b'0' + (rest % 10) as u8;
        len += 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    buf[..PREFIX.len()].copy_from_slice(PREFIX);
    for (i, d) in digits[..len].iter().rev().enumerate() {
        buf[PREFIX.len() + i] = *d;
    }
    &buf[..PREFIX.len() + len]
}

/// How many of the keys `order-1` … `order-{keys}` each partition gets.
pub fn key_histogram(keys: u32, partitions: u32) -> Vec<u32> {
    let mut counts = vec![0u32; partitions.max(1) as usize];
    let mut buf = [0u8; 16];
    for i in 1..=keys {
        let key = order_key_bytes(i, &mut buf);
        counts[partition_for_key(KeyHasher::Murmur2, key, partitions.max(1)) as usize] += 1;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_key_bytes_is_the_formatted_key() {
        let mut buf = [0u8; 16];
        for n in [0, 1, 9, 10, 42, 99, 100, 12_345, 999_999, u32::MAX] {
            assert_eq!(
                order_key_bytes(n, &mut buf),
                format!("order-{n}").as_bytes()
            );
        }
    }

    #[test]
    fn kafka_utils_test_murmur2_vectors() {
        // UtilsTest.testMurmur2 in apache/kafka.
        let cases: [(&str, i32); 6] = [
            ("21", -973_932_308),
            ("foobar", -790_332_482),
            ("a-little-bit-long-string", -985_981_536),
            ("a-little-bit-longer-string", -1_486_304_829),
            (
                "lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8",
                -58_897_971,
            ),
            ("abc", 479_470_107),
        ];
        for (key, expected) in cases {
            assert_eq!(murmur2(key.as_bytes()), expected, "{key}");
            assert_eq!(murmur2_trace(key.as_bytes()).result, expected, "{key}");
        }
        assert_eq!(murmur2(b"") as u32, 0x106e_08d9);
    }

    #[test]
    fn the_chapters_keys_both_land_on_partition_0_of_3() {
        assert_eq!(partition_for_key(KeyHasher::Murmur2, b"order-42", 3), 0);
        assert_eq!(partition_for_key(KeyHasher::Murmur2, b"order-99", 3), 0);
    }

    #[test]
    fn mask_is_not_abs() {
        let h = murmur2(b"21");
        assert_eq!(to_positive(h), 1_173_551_340);
        assert_eq!(to_positive(h) % 3, 0);
        assert_eq!(abs_partition(h, 3), 2);
        assert_eq!(abs_partition(i32::MIN, 3), -2);
        assert_eq!(to_positive(i32::MIN), 0);
    }

    #[test]
    fn fnv1a_and_crc32_reference_values() {
        assert_eq!(fnv1a_32(b""), 0x811c_9dc5);
        assert_eq!(fnv1a_32(b"a"), 0xe40c_292c);
        assert_eq!(fnv1a_32(b"foobar"), 0xbf9c_f968);
        assert_eq!(crc32(b""), 0);
        assert_eq!(crc32(b"a"), 0xe8b7_be43);
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
    }

    #[test]
    fn crc32_table_matches_librdkafkas_crc_table() {
        // The first, second, last and a middle entry of `crc_table` in
        // librdkafka's src/rdcrc32.c.
        assert_eq!(CRC32_TABLE[0], 0x0000_0000);
        assert_eq!(CRC32_TABLE[1], 0x7707_3096);
        assert_eq!(CRC32_TABLE[128], 0xedb8_8320);
        assert_eq!(CRC32_TABLE[255], 0x2d02_ef8d);
    }

    #[test]
    fn crc32_agrees_with_crc32fast_on_seeded_inputs() {
        // crc32fast stays a dev-dependency as the reference: every length
        // from 0 to 300, several seeded inputs each, all byte values.
        let mut rng = crate::sim::rng::Rng::new(0xc3c3_2032);
        for len in 0..=300usize {
            for _ in 0..8 {
                let data: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
                assert_eq!(crc32(&data), crc32fast::hash(&data), "{data:?}");
            }
        }
        let every_byte: Vec<u8> = (0..=255u8).collect();
        assert_eq!(crc32(&every_byte), crc32fast::hash(&every_byte));
    }

    #[test]
    fn derived_vectors_for_the_other_clients() {
        // Worked out separately (Python, with Go's truncating %):
        // fnv1a("foobar") = 0xbf9cf968, as int32 -1080231576.
        // sarama: -1080231576 % 3 = 0; % 7 = -4, negated → 4.
        assert_eq!(partition_for_key(KeyHasher::SaramaFnv1a, b"foobar", 3), 0);
        assert_eq!(partition_for_key(KeyHasher::SaramaFnv1a, b"foobar", 7), 4);
        // Reference: -1080231576 & 0x7fffffff = 1067252072; % 7 = 5.
        assert_eq!(
            partition_for_key(KeyHasher::SaramaReferenceFnv1a, b"foobar", 7),
            5
        );
        // crc32("123456789") = 3421780262; % 10 = 2.
        assert_eq!(partition_for_key(KeyHasher::Crc32, b"123456789", 10), 2);
    }

    #[test]
    fn precedence_explicit_then_custom_then_hash_then_keyless() {
        let k = Some(&b"eu/order-42"[..]);
        assert_eq!(route(k, 3, Placement::Explicit(2)), Route::Explicit(2));
        assert_eq!(route(None, 3, Placement::Explicit(1)), Route::Explicit(1));
        assert_eq!(
            route(k, 3, Placement::Explicit(3)),
            Route::MissingPartition(3)
        );
        assert_eq!(
            missing_partition_timeout("orders", 5, 3, MAX_BLOCK_MS),
            "Partition 5 of topic orders with partition count 3 is not present in metadata after 60000 ms."
        );
        assert_eq!(
            route(k, 3, Placement::RegionPartitioner),
            Route::Region {
                region: "eu",
                partition: 0
            }
        );
        assert_eq!(
            route(Some(b"asia/x"), 2, Placement::RegionPartitioner),
            Route::Region {
                region: "asia",
                partition: 0
            }
        );
        let plain = Some(&b"order-42"[..]);
        assert_eq!(
            route(plain, 3, Placement::RegionPartitioner),
            Route::Hashed { partition: 0 }
        );
        assert_eq!(
            route(k, 3, Placement::Partitioner),
            Route::Hashed {
                partition: partition_for_key(KeyHasher::Murmur2, b"eu/order-42", 3)
            }
        );
        assert_eq!(route(None, 3, Placement::Partitioner), Route::Keyless);
        assert_eq!(route(None, 3, Placement::RegionPartitioner), Route::Keyless);
    }

    #[test]
    fn histogram_matches_a_direct_count() {
        for (keys, n) in [(0, 3), (1, 1), (1000, 3), (5000, 7), (777, 64)] {
            let counts = key_histogram(keys, n);
            assert_eq!(counts.len(), n as usize);
            assert_eq!(counts.iter().sum::<u32>(), keys);
            let mut direct = vec![0u32; n as usize];
            for i in 1..=keys {
                direct[partition_for_key(KeyHasher::Murmur2, format!("order-{i}").as_bytes(), n)
                    as usize] += 1;
            }
            assert_eq!(counts, direct);
        }
    }

    #[test]
    fn trace_steps_are_consistent() {
        let t = murmur2_trace(b"order-42");
        assert_eq!(t.len, 8);
        assert_eq!(t.initial, MURMUR2_SEED ^ 8);
        assert_eq!(t.words.len(), 2);
        assert_eq!(t.words[0].bytes, *b"orde");
        assert_eq!(t.words[0].k, u32::from_le_bytes(*b"orde"));
        assert!(t.tail.is_none());
        let t = murmur2_trace(b"abcdefg");
        let tail = t.tail.expect("3 tail bytes");
        assert_eq!(tail.bytes, b"efg");
        assert_eq!(tail.h, tail.h_xored.wrapping_mul(MURMUR2_M));
        assert_eq!(t.final_mix[2] as i32, t.result);
    }

    #[test]
    fn every_partition_in_range_and_stable_over_many_keys() {
        let mut rng = crate::sim::rng::Rng::new(5);
        for _ in 0..20_000 {
            let len = rng.below(40) as usize;
            let key: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            let n = 1 + rng.below(64) as u32;
            assert_eq!(murmur2(&key), murmur2_trace(&key).result);
            for hasher in [
                KeyHasher::Murmur2,
                KeyHasher::SaramaFnv1a,
                KeyHasher::SaramaReferenceFnv1a,
                KeyHasher::Crc32,
            ] {
                let p = partition_for_key(hasher, &key, n);
                assert!(p < n);
                assert_eq!(p, partition_for_key(hasher, &key, n));
            }
        }
        assert_eq!(partition_for_key(KeyHasher::Murmur2, b"x", 0), 0);
    }
}
