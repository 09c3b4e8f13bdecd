//! The crate-root routing API, as other tools call it.

use kafka_ordering_lab::{murmur2, partition_for_key, KeyHasher};

#[test]
fn crate_root_routing_matches_the_java_client() {
    assert_eq!(murmur2(b"21"), -973_932_308);
    assert_eq!(partition_for_key(KeyHasher::Murmur2, b"21", 3), 0);
    assert_eq!(partition_for_key(KeyHasher::Murmur2, b"order-42", 3), 0);
    assert_eq!(partition_for_key(KeyHasher::Murmur2, b"order-99", 3), 0);
    assert_eq!(partition_for_key(KeyHasher::Crc32, b"123456789", 10), 2);
}
