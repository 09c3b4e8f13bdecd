//! Partition assignors, as the Java consumer's: range, round-robin and
//! (cooperative-)sticky.
//!
//! Members are always sorted by member id as plain strings, so
//! "consumer-10" comes before "consumer-2", exactly as Kafka sorts them.

use std::collections::{BTreeMap, VecDeque};

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TopicPartition {
    pub topic: String,
    pub partition: u32,
}

impl TopicPartition {
    pub fn new(topic: &str, partition: u32) -> Self {
        TopicPartition {
            topic: topic.to_owned(),
            partition,
        }
    }
}

/// Member id → its partitions, sorted.
pub type Assignment = BTreeMap<String, Vec<TopicPartition>>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Assignor {
    Range,
    RoundRobin,
    Sticky,
    CooperativeSticky,
}

impl Assignor {
    pub const ALL: [Assignor; 4] = [
        Assignor::Range,
        Assignor::RoundRobin,
        Assignor::Sticky,
        Assignor::CooperativeSticky,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Assignor::Range => "range",
            Assignor::RoundRobin => "roundrobin",
            Assignor::Sticky => "sticky",
            Assignor::CooperativeSticky => "cooperative-sticky",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.id() == id)
    }

    /// Cooperative assignors revoke only what moves; the others stop the
    /// whole group (the eager protocol).
    pub fn cooperative(self) -> bool {
        self == Assignor::CooperativeSticky
    }

    pub fn assign(
        self,
        topics: &[(String, u32)],
        members: &[String],
        previous: &Assignment,
    ) -> Assignment {
        match self {
            Assignor::Range => range(topics, members),
            Assignor::RoundRobin => round_robin(topics, members),
            Assignor::Sticky | Assignor::CooperativeSticky => sticky(topics, members, previous),
        }
    }
}

fn sorted_members(members: &[String]) -> Vec<String> {
    let mut m = members.to_vec();
    crate::sim::sort::sort(&mut m);
    m.dedup();
    m
}

/// Every partition of every topic, sorted by topic then partition.
fn all_partitions(topics: &[(String, u32)]) -> Vec<TopicPartition> {
    let mut all: Vec<TopicPartition> = topics
        .iter()
        .flat_map(|(t, n)| (0..*n).map(move |p| TopicPartition::new(t, p)))
        .collect();
    crate::sim::sort::sort(&mut all);
    all
}

fn empty(members: &[String]) -> Assignment {
    crate::sim::sort::map_from(members.iter().map(|m| (m.clone(), Vec::new())))
}

/// `RangeAssignor`: per topic, member i of C gets `N / C` partitions, plus
/// one more for the first `N % C` members, in one contiguous range.
pub fn range(topics: &[(String, u32)], members: &[String]) -> Assignment {
    let members = sorted_members(members);
    let mut out = empty(&members);
    let c = members.len() as u32;
    if c == 0 {
        return out;
    }
    for (topic, n) in topics {
        let (per, extra) = (n / c, n % c);
        for (i, m) in members.iter().enumerate() {
            let i = i as u32;
            let start = per * i + i.min(extra);
            let len = per + u32::from(i < extra);
            let list = out.get_mut(m).expect("every member has an entry");
            list.extend((start..start + len).map(|p| TopicPartition::new(topic, p)));
        }
    }
    out
}

/// `RoundRobinAssignor`: every partition of the sorted topics, dealt in
/// turn to the sorted members.
pub fn round_robin(topics: &[(String, u32)], members: &[String]) -> Assignment {
    let members = sorted_members(members);
    let mut out = empty(&members);
    if members.is_empty() {
        return out;
    }
    let all = all_partitions(topics);
    for (i, tp) in all.into_iter().enumerate() {
        let m = &members[i % members.len()];
        out.get_mut(m).expect("every member has an entry").push(tp);
    }
    out
}

/// The sticky assignors' balanced assignment: counts differ by at most one,
/// and every partition stays with its previous owner when balance allows.
pub fn sticky(topics: &[(String, u32)], members: &[String], previous: &Assignment) -> Assignment {
    let members = sorted_members(members);
    let mut out = empty(&members);
    if members.is_empty() {
        return out;
    }
    let all = all_partitions(topics);
    let (p, c) = (all.len(), members.len());
    let (min_quota, with_extra) = (p / c, p % c);
    let mut extra_left = with_extra;
    // Members that owned the most keep the most: that moves the fewest.
    let mut by_previous: Vec<&String> = members.iter().collect();
    crate::sim::sort::sort_by_key(&mut by_previous, |m| {
        std::cmp::Reverse(previous.get(*m).map_or(0, Vec::len))
    });
    let mut taken: Vec<TopicPartition> = Vec::new();
    for m in by_previous {
        let kept: Vec<TopicPartition> = previous
            .get(m)
            .into_iter()
            .flatten()
            .filter(|tp| all.binary_search(tp).is_ok() && !taken.contains(tp))
            .cloned()
            .collect();
        let quota = if kept.len() > min_quota && extra_left > 0 {
            extra_left -= 1;
            min_quota + 1
        } else {
            min_quota
        };
        let keep: Vec<TopicPartition> = kept.into_iter().take(quota).collect();
        taken.extend(keep.iter().cloned());
        out.insert(m.clone(), keep);
    }
    let mut free: VecDeque<TopicPartition> =
        all.into_iter().filter(|tp| !taken.contains(tp)).collect();
    // AbstractStickyAssignor.constrainedAssign: the free partitions are
    // dealt in turn to the members still under the minimum, each leaving
    // the round once it reaches it (on a fresh group, 7 over 3 gives
    // [0,3,6] [1,4] [2,5]); what is left goes, one each, to members at the
    // minimum, in the order they reached it.
    let mut under: Vec<&String> = members
        .iter()
        .filter(|m| out[*m].len() < min_quota)
        .collect();
    let mut at_min: Vec<&String> = members
        .iter()
        .filter(|m| out[*m].len() == min_quota)
        .collect();
    let mut turn = 0;
    while !under.is_empty() {
        let Some(tp) = free.pop_front() else { break };
        let m = under[turn];
        let list = out.get_mut(m).expect("every member has an entry");
        list.push(tp);
        if list.len() == min_quota {
            at_min.push(under.remove(turn));
        } else {
            turn += 1;
        }
        if turn >= under.len() {
            turn = 0;
        }
    }
    for m in at_min {
        if extra_left == 0 {
            break;
        }
        let Some(tp) = free.pop_front() else { break };
        out.get_mut(m).expect("every member has an entry").push(tp);
        extra_left -= 1;
    }
    for list in out.values_mut() {
        crate::sim::sort::sort(list);
    }
    out
}

/// What one rebalance gives out, and whether the group must rebalance
/// again before it settles.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rebalance {
    pub assignment: Assignment,
    /// Partitions this generation takes from a live owner without giving
    /// them to anyone yet: the cooperative protocol's first step.
    pub revoked: Vec<TopicPartition>,
}

impl Rebalance {
    /// A member that had to revoke rejoins at once, so the group rebalances
    /// again (`ConsumerCoordinator.onJoinComplete` calls `requestRejoin`).
    pub fn rejoin(&self) -> bool {
        !self.revoked.is_empty()
    }
}

impl Assignor {
    /// One rebalance from `owned`, what each live member owns now. The
    /// eager protocol gives the whole assignment at once: every member gave
    /// up everything before it joined. The cooperative one may not hand a
    /// partition from one live member to another in a single generation:
    /// `CooperativeStickyAssignor.assignPartitions` removes from the
    /// assignment every partition still owned by another member
    /// (`computePartitionsTransferringOwnership`, `adjustAssignment`). Its
    /// owner revokes it and rejoins, and the next generation assigns it. A
    /// partition nobody owns (its member left or was expired) moves at once.
    pub fn rebalance(
        self,
        topics: &[(String, u32)],
        members: &[String],
        owned: &Assignment,
    ) -> Rebalance {
        let mut assignment = self.assign(topics, members, owned);
        let mut revoked = Vec::new();
        if self.cooperative() {
            // Only members in this join claim what they own: a member that
            // left owns nothing any more.
            let owner_before: BTreeMap<&TopicPartition, &String> = crate::sim::sort::map_from(
                owned
                    .iter()
                    .filter(|(m, _)| members.contains(m))
                    .flat_map(|(m, tps)| tps.iter().map(move |tp| (tp, m))),
            );
            for (member, tps) in assignment.iter_mut() {
                tps.retain(|tp| {
                    let transfers = owner_before.get(tp).is_some_and(|old| *old != member);
                    if transfers {
                        revoked.push(tp.clone());
                    }
                    !transfers
                });
            }
            crate::sim::sort::sort(&mut revoked);
        }
        Rebalance {
            assignment,
            revoked,
        }
    }

    /// Every generation the group goes through from `owned` until it
    /// settles: one, or two when the cooperative protocol revokes first.
    pub fn settle(
        self,
        topics: &[(String, u32)],
        members: &[String],
        owned: &Assignment,
    ) -> Vec<Assignment> {
        let mut generations = Vec::new();
        let mut owned = owned.clone();
        loop {
            let step = self.rebalance(topics, members, &owned);
            generations.push(step.assignment.clone());
            if !step.rejoin() || generations.len() > 2 {
                return generations;
            }
            owned = step.assignment;
        }
    }
}

/// How many partitions changed owner between two assignments.
pub fn moved(before: &Assignment, after: &Assignment) -> usize {
    let owner = |a: &Assignment| -> BTreeMap<TopicPartition, String> {
        crate::sim::sort::map_from(
            a.iter()
                .flat_map(|(m, tps)| tps.iter().map(move |tp| (tp.clone(), m.clone()))),
        )
    };
    let (b, a) = (owner(before), owner(after));
    a.iter()
        .filter(|(tp, m)| b.get(*tp).is_some_and(|old| old != *m))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rng::Rng;

    fn names(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("consumer-{i}")).collect()
    }

    fn parts(a: &Assignment, m: &str) -> Vec<u32> {
        a[m].iter().map(|tp| tp.partition).collect()
    }

    /// As Kafka 4.4.0's `StickyAssignor` and `CooperativeStickyAssignor`
    /// gave them on a real broker (CONFORMANCE.md, area group).
    #[test]
    fn sticky_deals_a_fresh_group_in_turn_and_keeps_owners_after_a_leave() {
        let topics = [("orders".to_owned(), 7)];
        let fresh = sticky(&topics, &names(3), &Assignment::new());
        assert_eq!(parts(&fresh, "consumer-1"), vec![0, 3, 6]);
        assert_eq!(parts(&fresh, "consumer-2"), vec![1, 4]);
        assert_eq!(parts(&fresh, "consumer-3"), vec![2, 5]);
        let rest = vec!["consumer-1".to_owned(), "consumer-3".to_owned()];
        let after = sticky(&topics, &rest, &fresh);
        assert_eq!(parts(&after, "consumer-1"), vec![0, 3, 4, 6]);
        assert_eq!(parts(&after, "consumer-3"), vec![1, 2, 5]);
        let six = sticky(&[("orders".to_owned(), 6)], &names(3), &Assignment::new());
        assert_eq!(parts(&six, "consumer-1"), vec![0, 3]);
        assert_eq!(parts(&six, "consumer-3"), vec![2, 5]);
    }

    #[test]
    fn range_seven_partitions_three_members() {
        let a = range(&[("orders".into(), 7)], &names(3));
        assert_eq!(parts(&a, "consumer-1"), vec![0, 1, 2]);
        assert_eq!(parts(&a, "consumer-2"), vec![3, 4]);
        assert_eq!(parts(&a, "consumer-3"), vec![5, 6]);
    }

    #[test]
    fn range_two_partitions_three_members_leaves_one_idle() {
        let a = range(&[("orders".into(), 2)], &names(3));
        assert_eq!(parts(&a, "consumer-1"), vec![0]);
        assert_eq!(parts(&a, "consumer-2"), vec![1]);
        assert_eq!(parts(&a, "consumer-3"), Vec::<u32>::new());
    }

    #[test]
    fn range_sorts_member_ids_as_strings() {
        // consumer-10 sorts before consumer-2, so it gets the second range.
        let a = range(&[("orders".into(), 12)], &names(12));
        assert_eq!(parts(&a, "consumer-1"), vec![0]);
        assert_eq!(parts(&a, "consumer-10"), vec![1]);
        assert_eq!(parts(&a, "consumer-11"), vec![2]);
        assert_eq!(parts(&a, "consumer-12"), vec![3]);
        assert_eq!(parts(&a, "consumer-2"), vec![4]);
    }

    #[test]
    fn round_robin_two_topics_two_members() {
        let a = round_robin(
            &[("t1".into(), 3), ("t2".into(), 3)],
            &["c1".into(), "c2".into()],
        );
        let show = |m: &str| {
            a[m].iter()
                .map(|tp| format!("{}p{}", tp.topic, tp.partition))
                .collect::<Vec<_>>()
        };
        assert_eq!(show("c1"), vec!["t1p0", "t1p2", "t2p1"]);
        assert_eq!(show("c2"), vec!["t1p1", "t2p0", "t2p2"]);
    }

    fn check_valid(a: &Assignment, partitions: u32) {
        let mut all: Vec<u32> = a.values().flatten().map(|tp| tp.partition).collect();
        all.sort();
        assert_eq!(
            all,
            (0..partitions).collect::<Vec<_>>(),
            "each partition has exactly one owner"
        );
    }

    #[test]
    fn every_assignor_gives_each_partition_one_owner_and_sticky_moves_the_fewest() {
        let mut rng = Rng::new(11);
        for _ in 0..500 {
            let partitions = 1 + rng.below(32) as u32;
            let topics = [("orders".to_owned(), partitions)];
            let before_members = names(1 + rng.below(16) as usize);
            let mut after_members = before_members.clone();
            match rng.below(3) {
                0 => after_members.push(format!("consumer-{}", before_members.len() + 1)),
                1 if after_members.len() > 1 => {
                    let i = rng.below(after_members.len() as u64) as usize;
                    after_members.remove(i);
                }
                _ => {}
            }
            let mut moves = BTreeMap::new();
            for assignor in Assignor::ALL {
                let before = assignor.assign(&topics, &before_members, &Assignment::new());
                let after = assignor.assign(&topics, &after_members, &before);
                check_valid(&before, partitions);
                check_valid(&after, partitions);
                let counts: Vec<usize> = after.values().map(Vec::len).collect();
                let (lo, hi) = (
                    counts.iter().min().copied().unwrap_or(0),
                    counts.iter().max().copied().unwrap_or(0),
                );
                assert!(hi - lo <= 1, "{assignor:?} is balanced");
                moves.insert(assignor.id(), moved(&before, &after));
            }
            assert!(
                moves["sticky"] <= moves["range"] && moves["sticky"] <= moves["roundrobin"],
                "{moves:?}"
            );
            assert_eq!(moves["sticky"], moves["cooperative-sticky"]);
        }
    }

    #[test]
    fn a_cooperative_join_takes_two_generations_and_a_leave_one() {
        let topics = [("orders".to_owned(), 6)];
        let three = sticky(&topics, &names(3), &Assignment::new());
        for assignor in [Assignor::Sticky, Assignor::CooperativeSticky] {
            let joined = assignor.settle(&topics, &names(4), &three);
            let target = sticky(&topics, &names(4), &three);
            assert_eq!(joined.last(), Some(&target), "{assignor:?}");
            let first = assignor.rebalance(&topics, &names(4), &three);
            if assignor.cooperative() {
                assert_eq!(joined.len(), 2);
                assert_eq!(moved(&three, &target), first.revoked.len());
                assert!(first.assignment["consumer-4"].is_empty());
                assert!(first.rejoin());
            } else {
                assert_eq!(joined.len(), 1);
                assert!(first.revoked.is_empty());
            }
            let rest = vec!["consumer-1".to_owned(), "consumer-3".to_owned()];
            assert_eq!(assignor.settle(&topics, &rest, &three).len(), 1);
        }
    }

    #[test]
    fn sticky_keeps_everyone_when_nothing_changes() {
        let topics = [("orders".to_owned(), 7)];
        let a = sticky(&topics, &names(3), &Assignment::new());
        assert_eq!(sticky(&topics, &names(3), &a), a);
        assert_eq!(moved(&a, &a), 0);
    }
}

/// The group coordinator's own assignors for the consumer rebalance
/// protocol (KIP-848, `group.protocol=consumer`): the broker assigns, and
/// a member names one with `group.remote.assignor`. Kafka 4.4.0's
/// `group.consumer.assignors` lists `uniform` first, its default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ServerAssignor {
    Uniform,
    Range,
}

impl ServerAssignor {
    pub const ALL: [ServerAssignor; 2] = [ServerAssignor::Uniform, ServerAssignor::Range];

    pub fn id(self) -> &'static str {
        match self {
            ServerAssignor::Uniform => "uniform",
            ServerAssignor::Range => "range",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.id() == id)
    }

    /// The target assignment for `members`, in the coordinator's order of
    /// them, from what they own now.
    pub fn assign(
        self,
        topics: &[(String, u32)],
        members: &[String],
        owned: &Assignment,
    ) -> Assignment {
        match self {
            ServerAssignor::Uniform => uniform(topics, members, owned),
            // The server's `RangeAssignor` ignores what members own and
            // sorts them by member id, as the client's does.
            ServerAssignor::Range => range(topics, members),
        }
    }
}

/// The server's `UniformAssignor` for members that subscribe to the same
/// topics (`UniformHomogeneousAssignmentBuilder.build`): each member gets
/// `P / M` partitions, and `P % M` of them one more; each keeps what it
/// owned up to its quota (sticky); the partitions left over are dealt in
/// runs to the members still short, in the coordinator's order of members:
/// first those nobody owned, in ascending order, then those taken back
/// from members over their quota, member by member
/// (`maybeRevokePartitions`, then `assignRemainingPartitions`; the real
/// broker gave the same). That order is a `HashMap`'s over random
/// member ids in Kafka; here it is `members` as given.
pub fn uniform(topics: &[(String, u32)], members: &[String], owned: &Assignment) -> Assignment {
    let mut out = empty(members);
    let m = members.len();
    if m == 0 {
        return out;
    }
    let all = all_partitions(topics);
    let (min_quota, mut extras) = (all.len() / m, all.len() % m);
    let mut quota = vec![min_quota; m];
    let mut taken = std::collections::BTreeSet::new();
    let mut taken_back: Vec<TopicPartition> = Vec::new();
    // Sticky: a member keeps its own up to its quota, and one more if it
    // held more and an extra slot is left (`maybeRevokePartitions`).
    for (i, member) in members.iter().enumerate() {
        let mine: Vec<&TopicPartition> = owned
            .get(member)
            .into_iter()
            .flatten()
            .filter(|tp| all.contains(tp) && !taken.contains(*tp))
            .collect();
        let keep = if mine.len() > min_quota && extras > 0 {
            extras -= 1;
            quota[i] = min_quota + 1;
            min_quota + 1
        } else {
            min_quota
        };
        for (k, tp) in mine.into_iter().enumerate() {
            taken.insert(tp.clone());
            if k < keep {
                out.get_mut(member)
                    .expect("every member has an entry")
                    .push(tp.clone());
            } else {
                taken_back.push(tp.clone());
            }
        }
    }
    // The extra slots left go to the last members that have none: a
    // member gives its up while more members remain than extras.
    let without: Vec<usize> = (0..m).filter(|&i| quota[i] == min_quota).collect();
    for (k, &i) in without.iter().enumerate() {
        if without.len() - k <= extras {
            quota[i] += 1;
        }
    }
    let mut free = all
        .iter()
        .filter(|tp| !taken.contains(*tp))
        .chain(taken_back.iter());
    for (i, member) in members.iter().enumerate() {
        let list = out.get_mut(member).expect("every member has an entry");
        while list.len() < quota[i] {
            match free.next() {
                Some(tp) => list.push(tp.clone()),
                None => break,
            }
        }
        list.sort();
    }
    out
}

#[cfg(test)]
mod server_tests {
    use super::*;

    fn parts(a: &Assignment) -> Vec<Vec<u32>> {
        a.values()
            .map(|tps| tps.iter().map(|tp| tp.partition).collect())
            .collect()
    }

    fn names(n: usize) -> Vec<String> {
        ["A", "B", "C", "D"][..n]
            .iter()
            .map(|s| (*s).to_owned())
            .collect()
    }

    fn owned(lists: &[(&str, &[u32])]) -> Assignment {
        lists
            .iter()
            .map(|(m, ps)| {
                (
                    (*m).to_owned(),
                    ps.iter().map(|&p| TopicPartition::new("t", p)).collect(),
                )
            })
            .collect()
    }

    /// What Kafka 4.4.0's `UniformAssignor` and `RangeAssignor` gave, run
    /// on their own classes for members A, B, C in that order.
    #[test]
    fn the_server_assignors_give_what_kafkas_classes_give() {
        let t = |p| vec![("t".to_owned(), p)];
        let none = Assignment::new();
        let u = |p, a: &Assignment| parts(&uniform(&t(p), &names(3), a));
        assert_eq!(u(5, &none), [vec![0], vec![1, 2], vec![3, 4]]);
        assert_eq!(u(7, &none), [vec![0, 1], vec![2, 3], vec![4, 5, 6]]);
        assert_eq!(u(2, &none), [vec![], vec![0], vec![1]]);
        let before = owned(&[("A", &[0, 1, 2]), ("B", &[3, 4, 5])]);
        assert_eq!(u(6, &before), [vec![0, 1], vec![3, 4], vec![2, 5]]);
        // B leaves as C and D join, in one assignment: the partitions
        // nobody owns go first, then the one A gives back (the broker gave
        // A[0, 1], C[3, 4], D[2, 5] on three runs).
        let acd: Vec<String> = ["A", "C", "D"].iter().map(|s| (*s).to_owned()).collect();
        let a_only = owned(&[("A", &[0, 1, 2])]);
        assert_eq!(
            parts(&uniform(&t(6), &acd, &a_only)),
            [vec![0, 1], vec![3, 4], vec![2, 5]]
        );
        let r = |p, m: &[&str]| {
            let m: Vec<String> = m.iter().map(|s| (*s).to_owned()).collect();
            parts(&ServerAssignor::Range.assign(&t(p), &m, &none))
        };
        assert_eq!(r(5, &["A", "B", "C"]), [vec![0, 1], vec![2, 3], vec![4]]);
        assert_eq!(r(6, &["A", "C"]), [vec![0, 1, 2], vec![3, 4, 5]]);
    }
}
