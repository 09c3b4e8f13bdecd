//! The app's one sort. The standard library's sorts (driftsort, ipnsort)
//! are fast but large, and each element type and comparison gets a copy of
//! its own: the app's eighteen call sites came to 154 functions, 74 KB of
//! the release wasm (BENCHMARKS.md, "Where the bytes go"). Here one
//! non-generic merge sort orders positions through a `dyn` comparison, and
//! each caller adds only its key and a loop of swaps. Maps and sets are
//! built by inserts, for `collect()` into a `BTreeMap` sorts its pairs with
//! the standard sort. Every use is on a run's own lists (members,
//! partitions, the events of one run), where a merge sort's O(n log n) and
//! its two allocations are nothing beside the run itself.
//!
//! It is stable, so it orders exactly as `slice::sort_by_key` does; for
//! the unstable sorts it replaced, elements that compare equal are equal in
//! every field (derived `Ord` on plain data), so the order is the same too.

use std::collections::{BTreeMap, BTreeSet};

/// Positions `0..n` in order by `less`, keeping equal ones as they were:
/// a bottom-up merge sort, one body for every caller.
fn order(n: usize, less: &mut dyn FnMut(usize, usize) -> bool) -> Vec<usize> {
    let mut from: Vec<usize> = (0..n).collect();
    let mut to = vec![0; n];
    let mut width = 1;
    while width < n {
        let mut lo = 0;
        while lo < n {
            let mid = (lo + width).min(n);
            let hi = (lo + 2 * width).min(n);
            let (mut i, mut j, mut k) = (lo, mid, lo);
            while i < mid && j < hi {
                // The right run's element goes first only when strictly
                // less: that keeps equal elements in their old order.
                if less(from[j], from[i]) {
                    to[k] = from[j];
                    j += 1;
                } else {
                    to[k] = from[i];
                    i += 1;
                }
                k += 1;
            }
            to[k..k + (mid - i)].copy_from_slice(&from[i..mid]);
            k += mid - i;
            to[k..k + (hi - j)].copy_from_slice(&from[j..hi]);
            lo = hi;
        }
        std::mem::swap(&mut from, &mut to);
        width *= 2;
    }
    from
}

/// Moves `v` into `order` (the new `v[i]` is the old `v[order[i]]`) by
/// following each cycle of the permutation with swaps.
fn permute<T>(v: &mut [T], mut order: Vec<usize>) {
    for start in 0..v.len() {
        let mut at = start;
        while order[at] != usize::MAX {
            let next = order[at];
            order[at] = usize::MAX;
            if next == start {
                break;
            }
            v.swap(at, next);
            at = next;
        }
    }
}

/// `collect()` into a map, one insert at a time. `BTreeMap`'s
/// `FromIterator` first sorts the pairs with the standard sort, a copy per
/// pair type; the inserts build the same map, the last value of a repeated
/// key kept, as `collect()` keeps it.
pub fn map_from<K: Ord, V>(pairs: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut map = BTreeMap::new();
    for (k, v) in pairs {
        map.insert(k, v);
    }
    map
}

/// `collect()` into a set, one insert at a time (see [`map_from`]).
pub fn set_from<T: Ord>(items: impl IntoIterator<Item = T>) -> BTreeSet<T> {
    let mut set = BTreeSet::new();
    for x in items {
        set.insert(x);
    }
    set
}

/// `slice::sort_by_key`: stable, by `key`.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    let order = order(v.len(), &mut |i, j| key(&v[i]) < key(&v[j]));
    permute(v, order);
}

/// `slice::sort`: stable, by the elements' own order.
pub fn sort<T: Ord>(v: &mut [T]) {
    let order = order(v.len(), &mut |i, j| v[i] < v[j]);
    permute(v, order);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rng::Rng;

    #[test]
    fn orders_as_the_standard_stable_sort_over_many_seeds() {
        for seed in 0..2000u64 {
            let mut rng = Rng::new(seed);
            let len = rng.below(70) as usize;
            // Few distinct keys, so that stability is tested on every run;
            // the position rides along to tell equal keys apart.
            let keys = 1 + rng.below(12);
            let v: Vec<(u64, usize)> = (0..len).map(|i| (rng.below(keys), i)).collect();
            let mut ours = v.clone();
            let mut std = v.clone();
            sort_by_key(&mut ours, |x| x.0);
            std.sort_by_key(|x| x.0);
            assert_eq!(ours, std, "seed {seed}");
            let mut ours = v.clone();
            let mut std = v;
            sort(&mut ours);
            std.sort();
            assert_eq!(ours, std, "seed {seed}");
        }
    }

    #[test]
    fn builds_the_maps_and_sets_collect_builds() {
        for seed in 0..500u64 {
            let mut rng = Rng::new(seed);
            let pairs: Vec<(u64, u64)> = (0..rng.below(40)).map(|i| (rng.below(9), i)).collect();
            assert_eq!(
                map_from(pairs.clone()),
                pairs.iter().copied().collect::<BTreeMap<_, _>>()
            );
            let keys = pairs.iter().map(|p| p.0);
            assert_eq!(set_from(keys.clone()), keys.collect::<BTreeSet<_>>());
        }
    }

    #[test]
    fn sorts_the_edges_and_strings_as_kafka_compares_them() {
        let mut empty: Vec<u8> = Vec::new();
        sort(&mut empty);
        assert!(empty.is_empty());
        let mut one = vec![7];
        sort(&mut one);
        assert_eq!(one, [7]);
        let mut members = vec![
            "consumer-2".to_owned(),
            "consumer-10".to_owned(),
            "consumer-1".to_owned(),
        ];
        sort(&mut members);
        assert_eq!(members, ["consumer-1", "consumer-10", "consumer-2"]);
        let mut down: Vec<u32> = (0..1000).rev().collect();
        sort_by_key(&mut down, |&x| std::cmp::Reverse(x % 7));
        let mut want: Vec<u32> = (0..1000).rev().collect();
        want.sort_by_key(|&x| std::cmp::Reverse(x % 7));
        assert_eq!(down, want);
    }
}
