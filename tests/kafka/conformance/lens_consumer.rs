//! The Go lens's consumer programs, run as a group of real processes: for
//! the group scene (auto commit, and the lens's manual commit) and the
//! workers scene (one record at a time, the keyed worker pool, and a
//! goroutine per record, the lesson's and level 8's link), each tab's
//! program is built as printed,
//! with only the broker address, the topic and the group id replaced, and
//! the harness's hooks around its handling (Go: two lines at the top of
//! `handle`; Java: its one handling statement wrapped) that report each
//! record's start and end. Two members of it share a topic of two
//! partitions; once the chapter's order events are written, the member
//! that starts the held record holds it for `HOLD_MS` and is killed with
//! SIGKILL, and the other takes its partition over once the dead member's
//! session has timed out.
//!
//! The model says what the victim's partition costs. A loop that handles
//! each record itself commits as the group scene's `CommitMode` has it, on
//! the simulation's consumer (area crash's `simulate`): auto commit
//! commits what earlier polls returned, manual commit what the loop
//! handled, so the record in flight and what follows the last commit are
//! handled twice. A loop that hands records on (the pool, a goroutine per
//! record) commits its position, the workers scene's naive commit, so a
//! record handed on and not finished when the member dies is never
//! handled.
//!
//! How the printed loops meet that model, as read at the pinned versions:
//! franz-go's autocommit takes a poll's records only once the next
//! PollFetches starts (pkg/kgo/consumer_group.go, updateUncommitted and
//! undirtyUncommitted), and Java's poll() commits what earlier polls
//! returned (ConsumerCoordinator.maybeAutoCommitOffsetsAsync): both take a
//! poll per turn. The others take a record per turn: sarama commits what
//! MarkMessage marked, on its ticker or at Commit (offset_manager.go,
//! offsetManager.mainLoop and Commit); kafka-go's CommitMessages commits
//! at once, or queues the commit for its CommitInterval (reader.go,
//! Reader.CommitMessages), after FetchMessage; librdkafka's CommitMessage
//! commits at once, and its auto-commit takes what StoreMessage stored.
//! The lens prints no loop that commits a record before handling it:
//! kafka-go's ReadMessage and librdkafka's enable.auto.offset.store would
//! (src/golens/consumer.rs), and the lens warns of both. Cases
//! `group-auto-default` run the group scene's auto-commit program as those
//! warnings describe it, with the client's default in place of the fix
//! (`golens::snippet_as_warned`), on the tabs where that differs: the loop
//! commits what it has read, the held record included, which the survivor
//! then never gets.
//!
//! Every crash case also says whether the key's order held: the records
//! of the held record's key after it on its partition that the victim
//! started or finished while the held one was unfinished. A goroutine per
//! record runs `order-1 Shipped` beside the held `order-1 Paid`, as the
//! lens warns; the keyed pool queues it behind `order-1 Paid` on one
//! worker, and a loop that handles each record waits. The records of a
//! partition go out in one batch (the harness's produceOrdered), so the
//! one poll that brings the held record brings `order-1 Shipped` too.
//! `golens::measured::warning_cases` names these cases for the warnings.
//!
//! The group scene's programs (auto commit, and the lens's manual commit)
//! also meet a rebalance. One member starts alone and owns both
//! partitions; the held record's partition gets its records up to the held
//! one, in one batch, so that the held record ends the poll that brings
//! it; while the member holds it, a second member joins. A join rather
//! than a member leaving: the printed loops run until they are killed, so
//! none of them ever leaves the group gracefully; and a join is what every
//! client's rebalance has to meet while its loop is busy. The group's
//! range assignor (eager) takes both partitions away from the holder and
//! gives one to each member; which one moves depends on the member ids the
//! broker draws, and the model does not: the holder keeps its records in
//! hand, and whoever owns the partition next starts at the committed
//! offset. A rebalance that waits for the loop (Java, sarama, librdkafka:
//! `GoClient::rebalance_waits_for_the_loop`) lets it finish the record and
//! commit it first, so nothing is handled twice; one that does not
//! (franz-go, kafka-go) takes the partition where a crash would, and what
//! follows the last commit is handled twice. Once the group has settled,
//! the rest of the partition's records are written; the case ends when
//! their owner has handled them.
//!
//! Why the victim holds the record for `HOLD_MS` and is not killed at once:
//! most of these clients commit on a timer of their own, and whether a
//! tick falls between handing the record out and the kill would decide
//! the case. Held for two of the longest intervals, every program has
//! committed all it ever will before it dies, so a run's facts do not
//! depend on the phase of a timer.

use crate::crash::simulate;
use crate::{field, named_cases, numbers, strings, unreadable, Area, Verdict};
use kafka_ordering_lab::golens::{snippet_as_warned, GoClient, ORDER_EVENTS};
use kafka_ordering_lab::params::{AppParams, SceneId};
use kafka_ordering_lab::scenes::group::model::CommitMode;
use kafka_ordering_lab::scenes::workers::model::{order_key, Mode};
use kafka_ordering_lab::sim::partitioner::{partition_for_key, KeyHasher};
use serde_json::{json, Value};

pub const AREA: Area = Area {
    name: "lens-consumer",
    plan,
    expected_cases,
    compare,
};

/// The literals the harness replaces, as in areas golens and
/// lens-producer, and the group id every consumer program joins.
const BOOTSTRAP: &str = crate::golens::BOOTSTRAP;
const TOPIC: &str = crate::golens::TOPIC;
const GROUP: &str = "\"orders-group\"";

/// Where the harness puts its hooks: the first line of the Go handler
/// every Go program calls, and the statement with which each Java
/// program handles a record (inline, in a worker's task, or in a thread
/// of its own).
const GO_HANDLER: &str = "func handle(key, value []byte) {";
const JAVA_HANDLING: &str = "System.out.println(r.key() + \" \" + r.value())";

/// The topic's partitions: one per member.
const PARTITIONS: u32 = 2;

/// The orders whose events are written, `order-1` to `order-4`: the
/// producer's murmur2 puts two on each partition.
const ORDERS: std::ops::RangeInclusive<u32> = 1..=4;

/// The record the victim holds: `order-1`'s second event, the third
/// record of its partition, so that records come before it and after it.
const HELD_ORDER: u32 = 1;
const HELD_EVENT: usize = 1;

/// How long the victim holds the record before it is killed: twice the
/// longest auto-commit interval a printed program runs with. 5 s is the
/// default of franz-go (pkg/kgo/config.go, defaultCfg: autocommitInterval),
/// librdkafka (CONFIGURATION.md, auto.commit.interval.ms) and Java
/// (ConsumerConfig, auto.commit.interval.ms), and what the group scene's
/// lens prints for sarama and kafka-go; sarama's default in the workers
/// programs is 1 s (config.go, NewConfig). The other commits happen in the
/// loop, before the record is handed out.
const HOLD_MS: u64 = 10_000;

/// How long the two members may take to share the partitions, and then to
/// start the held record once it is written: a bound that stops a program
/// that never gets there, not a wait.
const JOIN_TIMEOUT_MS: u64 = 60_000;

/// How long, after the kill, the survivor may take to own the victim's
/// partition and handle what it gets of it. The dead member leaves the
/// group when its session times out: 45 s for franz-go (pkg/kgo/config.go,
/// defaultCfg: sessionTimeout), librdkafka (session.timeout.ms) and Java,
/// 30 s for kafka-go (consumergroup.go, defaultSessionTimeout), 10 s for
/// sarama (config.go, NewConfig: Consumer.Group.Session.Timeout); then
/// the survivor learns of the rebalance from a heartbeat (3 s in each
/// client) and joins again.
const TAKEOVER_TIMEOUT_MS: u64 = 120_000;

/// How long, after the second member joins, the group may take to be
/// stable again while the record is held; then the holder goes on. A
/// client that rejoins without its loop learns of the rebalance from its
/// next heartbeat, every 3 s in each client (franz-go: pkg/kgo/config.go,
/// defaultCfg: heartbeatInterval; sarama: config.go, NewConfig:
/// Consumer.Group.Heartbeat.Interval; kafka-go: consumergroup.go,
/// defaultHeartbeatInterval), then revokes, commits and joins: five
/// intervals cover that on a loaded machine. A client whose rebalance
/// waits for the loop never settles before the bound: the hold ends on the
/// clock for it, and the group's state at that moment is the fact. The
/// bound stays far below the shortest rebalance timeout of those clients
/// (sarama's 60 s: config.go, NewConfig: Consumer.Group.Rebalance.Timeout),
/// after which the broker would drop the holder.
const REJOIN_TIMEOUT_MS: u64 = 15_000;

/// A program the lens prints for a consumer, or one its warning describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Program {
    /// The group scene, with its commit mode.
    Group(CommitMode),
    /// The group scene's auto-commit program with the client's default
    /// where the lens prints a fix against a loss it warns of
    /// (`golens::snippet_as_warned`): kafka-go's ReadMessage loop,
    /// librdkafka's offset store on read. Only the tabs whose program that
    /// changes run it ([`Program::clients`]).
    GroupClientDefault,
    /// The workers scene, which always auto commits, with its mode.
    Workers(Mode),
}

impl Program {
    fn id(self) -> String {
        match self {
            Program::Group(c) => format!("group-{}", c.id()),
            Program::GroupClientDefault => "group-auto-default".to_owned(),
            Program::Workers(m) => format!("workers-{}", m.id()),
        }
    }

    fn query(self) -> String {
        match self {
            Program::Group(c) => format!("scene=group&commit={}", c.id()),
            Program::GroupClientDefault => Program::Group(CommitMode::Auto).query(),
            Program::Workers(m) => format!("scene=workers&mode={}", m.id()),
        }
    }

    /// Whether the program is the client's default the lens warns of.
    fn client_default(self) -> bool {
        self == Program::GroupClientDefault
    }

    /// The program `client`'s tab prints for the link, or the one its
    /// warning describes, in English.
    fn code(self, client: GoClient) -> String {
        let (params, printed) = crate::golens::printed(&self.query(), client);
        if !self.client_default() {
            return printed;
        }
        snippet_as_warned(&params, client)
            .expect("a lens for the group scene")
            .code()
    }

    /// The tabs the program runs on: every tab, but a client's default
    /// only where it differs from what the tab prints.
    fn clients(self) -> Vec<GoClient> {
        GoClient::ALL
            .into_iter()
            .filter(|&c| {
                !self.client_default() || self.code(c) != crate::golens::printed(&self.query(), c).1
            })
            .collect()
    }

    /// Where the loop hands a record: nowhere (it handles the record
    /// itself, and commits as the mode says; the workers scene always auto
    /// commits), to a goroutine of its own, or to the keyed pool.
    fn hands_on(self) -> HandsOn {
        match self {
            Program::Group(commit) => HandsOn::Never(commit),
            Program::GroupClientDefault => HandsOn::CommitsOnRead,
            Program::Workers(Mode::Sequential) => HandsOn::Never(CommitMode::Auto),
            Program::Workers(Mode::PerMessage) => HandsOn::ToGoroutines,
            Program::Workers(Mode::KeyedPool) => HandsOn::ToPool,
        }
    }

    fn of(p: &AppParams, client_default: bool) -> Option<Program> {
        match (p.scene, client_default) {
            (SceneId::Group, false) => Some(Program::Group(p.group.commit)),
            (SceneId::Group, true) if p.group.commit == CommitMode::Auto => {
                Some(Program::GroupClientDefault)
            }
            (SceneId::Workers, false) => Some(Program::Workers(p.workers.mode)),
            _ => None,
        }
    }
}

/// What happens to the group while a member holds the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Event {
    /// The member is killed with SIGKILL; the other takes its partition
    /// over once its session times out.
    Crash,
    /// The member is alone in the group, and a second member joins.
    Rebalance,
}

impl Event {
    fn id(self) -> &'static str {
        match self {
            Event::Crash => "crash",
            Event::Rebalance => "rebalance",
        }
    }

    fn from_id(id: &str) -> Option<Event> {
        [Event::Crash, Event::Rebalance]
            .into_iter()
            .find(|e| e.id() == id)
    }
}

/// Every case's program and what happens to it: every program meets a
/// crash; the group scene's meet a rebalance too.
const CASES: [(Program, Event); 8] = [
    (Program::Group(CommitMode::Auto), Event::Crash),
    (Program::Group(CommitMode::Manual), Event::Crash),
    (Program::GroupClientDefault, Event::Crash),
    (Program::Workers(Mode::Sequential), Event::Crash),
    (Program::Workers(Mode::KeyedPool), Event::Crash),
    (Program::Workers(Mode::PerMessage), Event::Crash),
    (Program::Group(CommitMode::Auto), Event::Rebalance),
    (Program::Group(CommitMode::Manual), Event::Rebalance),
];

/// A case's name under its client: the program's id, and `-rebalance` for
/// a rebalance.
fn case_id(program: Program, event: Event) -> String {
    match event {
        Event::Crash => program.id(),
        Event::Rebalance => format!("{}-rebalance", program.id()),
    }
}

/// Where a consumer loop hands each record ([`Program::hands_on`]).
enum HandsOn {
    Never(CommitMode),
    /// It handles each record itself, but commits it, or stores it for
    /// the auto-commit, as it reads it.
    CommitsOnRead,
    ToGoroutines,
    ToPool,
}

/// One record the harness writes: its key, its value and its partition.
struct Written {
    key: String,
    value: &'static str,
    partition: u32,
}

impl Written {
    /// What the printed handler prints for it, and how the facts name it.
    fn id(&self) -> String {
        format!("{} {}", self.key, self.value)
    }
}

/// The chapter's order events under each order's key, in the order they
/// are written: every order's first event, then every order's second, and
/// so on, each where the Java producer's murmur2 puts its key.
fn written() -> Vec<Written> {
    ORDER_EVENTS
        .iter()
        .flat_map(|&value| {
            ORDERS.map(move |order| {
                let key = order_key(order);
                let partition = partition_for_key(KeyHasher::Murmur2, key.as_bytes(), PARTITIONS);
                Written {
                    key,
                    value,
                    partition,
                }
            })
        })
        .collect()
}

fn held() -> Written {
    let key = order_key(HELD_ORDER);
    let partition = partition_for_key(KeyHasher::Murmur2, key.as_bytes(), PARTITIONS);
    Written {
        key,
        value: ORDER_EVENTS[HELD_EVENT],
        partition,
    }
}

fn plan() -> Value {
    let mut cases = Vec::new();
    for (program, event) in CASES {
        let query = program.query();
        for client in program.clients() {
            let code = program.code(client);
            let hook = if client.is_go() {
                GO_HANDLER
            } else {
                JAVA_HANDLING
            };
            for literal in [BOOTSTRAP, TOPIC, GROUP, hook] {
                assert!(
                    code.contains(literal),
                    "{query} {}: the program has no {literal} for the harness to replace",
                    client.id()
                );
            }
            let id = case_id(program, event);
            cases.push(json!({
                "name": format!("{}/{id}", client.id()),
                "client": client.id(),
                "query": query,
                "client_default": program.client_default(),
                "situation": event.id(),
                "topic": format!("lens-consumer.{}.{id}", client.id()),
                "group": format!("lens-consumer.{}.{id}", client.id()),
                "package": format!("{}_{id}", client.id()).replace('-', "_"),
                "code": code,
            }));
        }
    }
    let record = |w: &Written| json!({"key": w.key, "value": w.value, "partition": w.partition});
    json!({
        "bootstrap": BOOTSTRAP,
        "topic": TOPIC,
        "group": GROUP,
        "handler": GO_HANDLER,
        "java_handling": JAVA_HANDLING,
        "partitions": PARTITIONS,
        "records": written().iter().map(record).collect::<Vec<_>>(),
        "held": record(&held()),
        "hold_ms": HOLD_MS,
        "join_timeout_ms": JOIN_TIMEOUT_MS,
        "takeover_timeout_ms": TAKEOVER_TIMEOUT_MS,
        "rejoin_timeout_ms": REJOIN_TIMEOUT_MS,
        "cases": cases,
    })
}

fn expected_cases(plan: &Value) -> Vec<String> {
    named_cases(plan, "lens-consumer")
}

/// The worker of the printed pool that handles `key`: the Go tabs' hash of
/// the key modulo the workers, and Java's `Integer.remainderUnsigned(
/// Objects.hashCode(key), n)` (the JDK has neither of the scene's hashes).
fn worker(p: &AppParams, client: GoClient, key: &str) -> u32 {
    let n = p.workers.workers.max(1);
    if client.is_go() {
        p.workers.hash.worker(key.as_bytes(), n)
    } else {
        let hash = key
            .encode_utf16()
            .fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(i32::from(c)));
        (hash as u32) % n
    }
}

/// What the model says of the victim's partition, by offset.
#[derive(Debug, PartialEq, Eq)]
struct Expected {
    committed: u64,
    twice: Vec<u64>,
    never: Vec<u64>,
    /// The records of the held record's key after it that the victim
    /// starts, and those it finishes, while the held one is unfinished:
    /// the key's order broken, if any.
    later_started: Vec<u64>,
    later_ended: Vec<u64>,
}

/// The victim's partition as the model plays it: the records `keys` (in
/// offset order), the `held` one among them in flight when the member dies.
fn expected(
    p: &AppParams,
    client: GoClient,
    program: Program,
    keys: &[&str],
    held: usize,
) -> Expected {
    let n = keys.len() as u64;
    let held_at = held as u64;
    let (committed, started, finished): (u64, Vec<u64>, Vec<u64>) = match program.hands_on() {
        // The loop handles each record itself: the victim started every
        // record up to the held one and finished those before it.
        HandsOn::Never(commit) => {
            let max_poll = if client.loop_takes_a_poll() {
                n as u32
            } else {
                1
            };
            let committed = simulate(commit, n, max_poll, held + 1).1;
            (committed, (0..=held_at).collect(), (0..held_at).collect())
        }
        // The same loop, whose commit takes every record it has read, the
        // held one included: kafka-go's ReadMessage commits, or queues
        // for CommitInterval, before it returns (reader.go,
        // Reader.ReadMessage); librdkafka stores the offset as ReadMessage
        // hands the message out, and its auto-commit commits the store
        // (rdkafka_offset.c, rd_kafka_update_app_pos). Either commit is
        // made within HOLD_MS.
        HandsOn::CommitsOnRead => (held_at + 1, (0..=held_at).collect(), (0..held_at).collect()),
        // The loop hands every record on and polls again, whose commit
        // takes its position: the workers scene's naive commit.
        HandsOn::ToGoroutines => (
            n,
            (0..n).collect(),
            (0..n).filter(|&o| o != held_at).collect(),
        ),
        // A pool: the held record's worker never starts what is queued
        // behind it; every other worker finishes its records.
        HandsOn::ToPool => {
            let w = worker(p, client, keys[held]);
            let stuck: Vec<u64> = (held_at + 1..n)
                .filter(|&o| worker(p, client, keys[o as usize]) == w)
                .collect();
            (
                n,
                (0..n).filter(|o| !stuck.contains(o)).collect(),
                (0..n)
                    .filter(|o| *o != held_at && !stuck.contains(o))
                    .collect(),
            )
        }
    };
    // The held record's key after it: a goroutine per record starts and
    // finishes those while the held one runs; a loop or a keyed worker
    // waits on the held one first.
    let later = |o: &[u64]| -> Vec<u64> {
        o.iter()
            .copied()
            .filter(|&o| o > held_at && keys[o as usize] == keys[held])
            .collect()
    };
    Expected {
        committed,
        later_started: later(&started),
        later_ended: later(&finished),
        // Started by the victim and at or past the committed offset: the
        // survivor starts it again.
        twice: started.into_iter().filter(|&o| o >= committed).collect(),
        // Below the committed offset and never finished by the victim: the
        // survivor never gets it.
        never: (0..committed).filter(|o| !finished.contains(o)).collect(),
    }
}

/// The held partition's records, in offset order, and the held one's
/// place among them.
fn held_partition() -> (Vec<Written>, usize) {
    let held = held();
    let records: Vec<Written> = written()
        .into_iter()
        .filter(|w| w.partition == held.partition)
        .collect();
    let at = records
        .iter()
        .position(|w| w.id() == held.id())
        .expect("the held record is written");
    (records, at)
}

/// The held partition at a rebalance, as the model plays it.
#[derive(Debug, PartialEq, Eq)]
struct ExpectedRebalance {
    /// Whether the group settles while the record is held.
    rebalanced_while_held: bool,
    /// Where the partition's owner after the rebalance starts.
    resumed_at: u64,
    /// The offsets handled twice: the holder handles everything it was
    /// given, the owner again from `resumed_at` on. None is never handled:
    /// no client commits past what its loop was given.
    twice: Vec<u64>,
}

/// The rebalance case of the group scene's program with `commit`: the
/// partition holds records up to the `held` one, which ends the poll that
/// brings them. A rebalance that waits for the loop lets it finish and
/// commit the poll; one that does not takes the partition where a crash
/// would, with the committed offset of area crash's `simulate`.
fn expected_rebalance(client: GoClient, commit: CommitMode, held: usize) -> ExpectedRebalance {
    let n = held as u64 + 1;
    let waits = client.rebalance_waits_for_the_loop();
    let resumed_at = if waits {
        n
    } else {
        let max_poll = if client.loop_takes_a_poll() {
            n as u32
        } else {
            1
        };
        simulate(commit, n, max_poll, held + 1).1
    };
    ExpectedRebalance {
        rebalanced_while_held: !waits,
        resumed_at,
        twice: (resumed_at..n).collect(),
    }
}

/// What a harness saw: how the run ended (`ok`; `build-failed`; `error`
/// when a member exited by itself; `hangs` at a `stage`), and the records
/// whose handling started twice or never ended. A crash case also says
/// the partitions whose records the victim started (the held record's
/// alone, unless the group moved partitions before the kill), the offset
/// committed on the held record's partition when the victim died, and
/// whether the survivor took it over; a rebalance case, whether the group
/// settled while the record was held, whether the held partition moved,
/// and where its owner after the rebalance resumed.
fn compare(input: &Value, observed: &Value) -> Verdict {
    let read = || -> Result<(GoClient, AppParams, Event, String), String> {
        let (client, params) = crate::golens::case_link(input)?;
        let situation = field(input, "situation")?.as_str().ok_or("situation")?;
        let event = Event::from_id(situation).ok_or(format!("no situation {situation}"))?;
        let ended = field(observed, "ended")?
            .as_str()
            .ok_or("ended")?
            .to_owned();
        Ok((client, params, event, ended))
    };
    let (client, params, event, ended) = match read() {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let client_default = input["client_default"].as_bool().unwrap_or(false);
    let Some(program) = Program::of(&params, client_default) else {
        return unreadable(format!(
            "no consumer program for scene {}{}",
            params.scene.id(),
            if client_default {
                " with the client's default"
            } else {
                ""
            }
        ));
    };
    let what = format!(
        "the {client} {} program",
        case_id(program, event),
        client = client.id()
    );
    // What the members wrote on stderr, by role ("victim", "survivor";
    // "holder", "joiner") or, before the victim is known, by name.
    let said = observed["stderr"]
        .as_object()
        .into_iter()
        .flatten()
        .filter_map(|(who, s)| {
            s.as_str()
                .filter(|s| !s.is_empty())
                .map(|s| format!("; the {who} wrote: {s}"))
        })
        .collect::<String>();
    let (sim, got) = match event {
        Event::Crash => crash(&params, client, program, observed),
        Event::Rebalance => match program {
            Program::Group(commit) => rebalance(client, commit, observed),
            Program::GroupClientDefault | Program::Workers(_) => {
                return unreadable(format!("{what}: meets no rebalance"))
            }
        },
    };
    match ended.as_str() {
        "ok" => {}
        "hangs" => {
            let stage = match (event, observed["stage"].as_str()) {
                (Event::Crash, Some("join")) => {
                    "its two members never shared the topic's partitions"
                }
                (_, Some("held")) => "no member started the held record",
                (Event::Rebalance, Some("join")) => {
                    "its first member never owned both partitions alone"
                }
                (Event::Rebalance, Some("second-join")) => "the broker never saw the second member",
                (Event::Rebalance, Some("rebalance")) => {
                    "the group never settled once the holder went on"
                }
                (Event::Rebalance, Some("rest")) => {
                    "the records written after the rebalance were not all handled"
                }
                _ => "it stopped at no stage the harness names",
            };
            return Verdict::new(
                sim,
                false,
                format!(
                    "{what} hangs: {stage} within {} s{said}",
                    JOIN_TIMEOUT_MS / 1000
                ),
            );
        }
        other => {
            let output = observed["output"].as_str().unwrap_or("").trim();
            return Verdict::new(sim, false, format!("{what}: {other}: {output}"));
        }
    }
    let during = match event {
        Event::Crash => format!("its member killed holding {}", held().id()),
        Event::Rebalance => format!("a member joining while the first held {}", held().id()),
    };
    let (agree, facts) = match got {
        Ok(facts) => (true, facts),
        Err(wrong) => (false, format!("{wrong}{said}")),
    };
    Verdict::new(sim, agree, format!("{what}, {during}: {facts}"))
}

/// The handled-twice and never-handled sets, observed against the model's
/// ids; what differs, if anything.
fn sets(observed: &Value, twice: &[String], never: &[String]) -> Vec<String> {
    let sorted = |mut v: Vec<String>| {
        v.sort();
        v
    };
    let got_twice = sorted(strings(&observed["handled_twice"]));
    let got_never = sorted(strings(&observed["never_handled"]));
    let (want_twice, want_never) = (sorted(twice.to_vec()), sorted(never.to_vec()));
    let mut wrong = Vec::new();
    if got_twice != want_twice {
        wrong.push(format!(
            "handled twice: Kafka {got_twice:?}, model {want_twice:?}"
        ));
    }
    if got_never != want_never {
        wrong.push(format!(
            "never handled: Kafka {got_never:?}, model {want_never:?}"
        ));
    }
    wrong
}

/// The crash case's model and its comparison: the facts it agreed on, or
/// what differs.
fn crash(
    params: &AppParams,
    client: GoClient,
    program: Program,
    observed: &Value,
) -> (Value, Result<String, String>) {
    let held = held();
    let (victim, held_at) = held_partition();
    let keys: Vec<&str> = victim.iter().map(|w| w.key.as_str()).collect();
    let e = expected(params, client, program, &keys, held_at);
    let ids = |offsets: &[u64]| -> Vec<String> {
        offsets.iter().map(|&o| victim[o as usize].id()).collect()
    };
    let (twice, never) = (ids(&e.twice), ids(&e.never));
    let (later_started, later_ended) = (ids(&e.later_started), ids(&e.later_ended));
    let sim = json!({
        "victim_partitions": [held.partition],
        "committed_at_kill": e.committed,
        "handled_twice": twice,
        "never_handled": never,
        "later_of_key_started": later_started,
        "later_of_key_ended": later_ended,
    });
    let got_committed = observed["committed_at_kill"].as_i64();
    let mut wrong = Vec::new();
    let mut victim_partitions = numbers(&observed["victim_partitions"]);
    victim_partitions.sort_unstable();
    if victim_partitions != [u64::from(held.partition)] {
        wrong.push(format!(
            "the victim handled records of partitions {victim_partitions:?}, not only the held record's {}",
            held.partition
        ));
    }
    if observed["took_over"].as_bool() != Some(true) {
        wrong.push(format!(
            "the survivor did not own partition {} within {} s of the kill",
            held.partition,
            TAKEOVER_TIMEOUT_MS / 1000
        ));
    }
    if got_committed != i64::try_from(e.committed).ok() {
        wrong.push(format!(
            "committed at the kill: Kafka {}, model {}",
            got_committed.map_or("none".to_owned(), |c| c.to_string()),
            e.committed
        ));
    }
    wrong.extend(sets(observed, &twice, &never));
    for (fact, did, want) in [
        ("later_of_key_started", "started", &later_started),
        ("later_of_key_ended", "finished", &later_ended),
    ] {
        let mut got = strings(&observed[fact]);
        got.sort();
        if observed[fact].is_array() && got == *want {
            continue;
        }
        wrong.push(format!(
            "{}'s later records the victim {did} before {} was finished: Kafka {got:?}, model {want:?}",
            held.key,
            held.id()
        ));
    }
    let order = if later_started.is_empty() && later_ended.is_empty() {
        format!("no later record of {} overtook it", held.key)
    } else {
        format!(
            "the victim started {later_started:?} and finished {later_ended:?}, later records of {}, before {} was finished",
            held.key,
            held.id()
        )
    };
    let got = if wrong.is_empty() {
        Ok(format!(
            "committed {} on partition {}; handled twice {twice:?}, never handled {never:?}; {order}",
            e.committed, held.partition
        ))
    } else {
        Err(wrong.join("; "))
    };
    (sim, got)
}

/// The rebalance case's model and its comparison.
fn rebalance(
    client: GoClient,
    commit: CommitMode,
    observed: &Value,
) -> (Value, Result<String, String>) {
    let held = held();
    let (records, held_at) = held_partition();
    let e = expected_rebalance(client, commit, held_at);
    let twice: Vec<String> = e.twice.iter().map(|&o| records[o as usize].id()).collect();
    let sim = json!({
        "rebalanced_while_held": e.rebalanced_while_held,
        "resumed_at": e.resumed_at,
        "handled_twice": twice,
        "never_handled": [],
    });
    let settled = |yes: bool| {
        if yes {
            "the group settled while the record was held"
        } else {
            "the rebalance waited for the holder's loop"
        }
    };
    let mut wrong = Vec::new();
    let got_settled = observed["rebalanced_while_held"].as_bool();
    if got_settled != Some(e.rebalanced_while_held) {
        wrong.push(format!(
            "Kafka: {}, model: {}",
            got_settled.map_or("no fact", settled),
            settled(e.rebalanced_while_held)
        ));
    }
    let got_resumed = observed["resumed_at"].as_i64();
    if got_resumed != i64::try_from(e.resumed_at).ok() {
        wrong.push(format!(
            "the partition's owner resumed at: Kafka {}, model {}",
            got_resumed.map_or("none".to_owned(), |c| c.to_string()),
            e.resumed_at
        ));
    }
    wrong.extend(sets(observed, &twice, &[]));
    let moved = if observed["held_partition_moved"].as_bool() == Some(true) {
        "moved to the joining member"
    } else {
        "stayed with the holder"
    };
    let got = if wrong.is_empty() {
        Ok(format!(
            "{}; partition {} {moved} and resumed at {}; handled twice {twice:?}, never handled []",
            settled(e.rebalanced_while_held),
            held.partition,
            e.resumed_at
        ))
    } else {
        Err(format!(
            "{}; partition {} {moved}",
            wrong.join("; "),
            held.partition
        ))
    };
    (sim, got)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kafka_ordering_lab::params::parse_query;

    #[test]
    fn every_program_and_tab_is_planned_once_with_its_literals() {
        let plan = plan();
        let cases = plan["cases"].as_array().unwrap();
        // Every tab runs every program but the client's default, which
        // only kafka-go's and librdkafka's tabs fix.
        assert_eq!(
            Program::GroupClientDefault.clients(),
            [GoClient::KafkaGo, GoClient::ConfluentKafkaGo]
        );
        assert_eq!(cases.len(), (CASES.len() - 1) * GoClient::ALL.len() + 2);
        for key in ["package", "topic"] {
            let mut seen: Vec<&str> = cases.iter().map(|c| c[key].as_str().unwrap()).collect();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), cases.len(), "a {key} per program");
        }
    }

    #[test]
    fn the_orders_fill_both_partitions_and_the_held_record_has_records_around_it() {
        let held = held();
        let victim: Vec<String> = written()
            .iter()
            .filter(|w| w.partition == held.partition)
            .map(Written::id)
            .collect();
        assert_eq!(
            victim,
            [
                "order-1 Created",
                "order-4 Created",
                "order-1 Paid",
                "order-4 Paid",
                "order-1 Shipped",
                "order-4 Shipped"
            ]
        );
        assert_eq!(written().len(), 2 * victim.len());
        assert_eq!(held.id(), "order-1 Paid");
    }

    /// The lens's table of what each client does (src/golens/measured.rs)
    /// says, per client, what this area's model expects of the same case.
    #[test]
    fn the_lens_table_says_what_the_cases_expect() {
        use kafka_ordering_lab::golens::measured::{Outcome, Situation};
        let rows = [
            (
                Situation::CrashAutoCommit,
                Program::Group(CommitMode::Auto),
                Event::Crash,
            ),
            (
                Situation::CrashManualCommit,
                Program::Group(CommitMode::Manual),
                Event::Crash,
            ),
            (
                Situation::CrashKeyedPool,
                Program::Workers(Mode::KeyedPool),
                Event::Crash,
            ),
            (
                Situation::RebalanceAutoCommit,
                Program::Group(CommitMode::Auto),
                Event::Rebalance,
            ),
            (
                Situation::RebalanceManualCommit,
                Program::Group(CommitMode::Manual),
                Event::Rebalance,
            ),
        ];
        for (situation, program, event) in rows {
            for client in GoClient::ALL {
                let (waits, twice, never) = match (event, program) {
                    (Event::Crash, _) => {
                        let (_, twice, never) = model(client, program);
                        (false, twice, never)
                    }
                    (Event::Rebalance, Program::Group(commit)) => {
                        let e = rebalance_model(client, commit);
                        (!e.0, e.2, vec![])
                    }
                    (Event::Rebalance, Program::GroupClientDefault | Program::Workers(_)) => {
                        unreachable!()
                    }
                };
                let outcome = situation.outcome(client);
                let agrees = match outcome {
                    Outcome::PollHandledTwice => twice.len() > 1 && never.is_empty(),
                    Outcome::RecordHandledTwice => twice.len() == 1 && never.is_empty(),
                    Outcome::HandedOnLost => twice.is_empty() && !never.is_empty(),
                    Outcome::RebalanceWaits => waits && twice.is_empty() && never.is_empty(),
                    _ => false,
                };
                assert!(agrees, "{situation:?} {client:?}: the table says {outcome:?}, the case expects twice {twice:?}, never {never:?}");
                assert_eq!(
                    situation.case(client),
                    format!("lens-consumer/{}/{}", client.id(), case_id(program, event))
                );
                assert!(CASES.contains(&(program, event)));
            }
        }
    }

    /// The rebalance model of one client's program: whether the group
    /// settles while the record is held, where the owner resumes, and what
    /// is handled twice.
    fn rebalance_model(client: GoClient, commit: CommitMode) -> (bool, u64, Vec<String>) {
        let (records, held_at) = held_partition();
        assert_eq!(held_at, 2);
        let e = expected_rebalance(client, commit, held_at);
        let twice = e.twice.iter().map(|&o| records[o as usize].id()).collect();
        (e.rebalanced_while_held, e.resumed_at, twice)
    }

    #[test]
    fn a_rebalance_that_does_not_wait_takes_the_partition_where_a_crash_would() {
        let owned = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        for commit in [CommitMode::Auto, CommitMode::Manual] {
            for client in [GoClient::Sarama, GoClient::ConfluentKafkaGo, GoClient::Java] {
                assert_eq!(
                    rebalance_model(client, commit),
                    (false, 3, vec![]),
                    "{client:?} {commit:?}: the loop finishes and commits first"
                );
            }
            assert_eq!(
                rebalance_model(GoClient::FranzGo, commit),
                (
                    true,
                    0,
                    owned(&["order-1 Created", "order-4 Created", "order-1 Paid"])
                ),
                "{commit:?}: the revoke commits none of the poll in hand"
            );
            assert_eq!(
                rebalance_model(GoClient::KafkaGo, commit),
                (true, 2, owned(&["order-1 Paid"])),
                "{commit:?}: what CommitMessages got before the record in flight"
            );
        }
    }

    fn model(client: GoClient, program: Program) -> (u64, Vec<String>, Vec<String>) {
        let (committed, twice, never, _) = model_order(client, program);
        (committed, twice, never)
    }

    /// The model's crash case, with the held key's later records the
    /// victim starts and finishes while the held one is unfinished.
    fn model_order(
        client: GoClient,
        program: Program,
    ) -> (u64, Vec<String>, Vec<String>, [Vec<String>; 2]) {
        let (params, issues) = parse_query(&program.query());
        assert!(issues.is_empty());
        let keys = [
            "order-1", "order-4", "order-1", "order-4", "order-1", "order-4",
        ];
        let events = ["Created", "Created", "Paid", "Paid", "Shipped", "Shipped"];
        let e = expected(&params, client, program, &keys, 2);
        let ids = |o: &[u64]| {
            o.iter()
                .map(|&o| format!("{} {}", keys[o as usize], events[o as usize]))
                .collect()
        };
        (
            e.committed,
            ids(&e.twice),
            ids(&e.never),
            [ids(&e.later_started), ids(&e.later_ended)],
        )
    }

    #[test]
    fn a_loop_that_handles_repeats_what_follows_its_last_commit() {
        let all_three = vec![
            "order-1 Created".to_owned(),
            "order-4 Created".to_owned(),
            "order-1 Paid".to_owned(),
        ];
        let held = vec!["order-1 Paid".to_owned()];
        for mode in [CommitMode::Auto, CommitMode::Manual] {
            for client in [GoClient::FranzGo, GoClient::Java] {
                assert_eq!(
                    model(client, Program::Group(mode)),
                    (0, all_three.clone(), vec![]),
                    "{client:?} {mode:?}: one poll, nothing committed since"
                );
            }
            assert_eq!(
                model(GoClient::Sarama, Program::Group(mode)),
                (2, held.clone(), vec![]),
                "{mode:?}: each record marked or committed once handled"
            );
        }
        // The lens's kafka-go and librdkafka loops store or commit a record
        // once it is handled, on a timer under auto commit: like sarama's.
        for client in [GoClient::KafkaGo, GoClient::ConfluentKafkaGo] {
            for mode in [CommitMode::Auto, CommitMode::Manual] {
                assert_eq!(
                    model(client, Program::Group(mode)),
                    (2, held.clone(), vec![]),
                    "{client:?} {mode:?}"
                );
            }
        }
    }

    #[test]
    fn a_loop_that_hands_records_on_loses_what_was_not_finished() {
        for client in GoClient::ALL {
            assert_eq!(
                model(client, Program::Workers(Mode::PerMessage)),
                (6, vec![], vec!["order-1 Paid".to_owned()]),
                "{client:?}"
            );
            // order-1 and order-4 go to different workers with FNV-1a
            // (5 and 6 of 8) and with String.hashCode (2 and 5 of 8).
            assert_eq!(
                model(client, Program::Workers(Mode::KeyedPool)),
                (
                    6,
                    vec![],
                    vec!["order-1 Paid".to_owned(), "order-1 Shipped".to_owned()]
                ),
                "{client:?}"
            );
        }
        let (params, _) = parse_query("scene=workers");
        assert_eq!(worker(&params, GoClient::Java, "order-1"), 2);
        assert_eq!(worker(&params, GoClient::Sarama, "order-1"), 5);
    }

    #[test]
    fn a_loop_that_commits_what_it_reads_loses_the_record_in_hand() {
        for client in [GoClient::KafkaGo, GoClient::ConfluentKafkaGo] {
            assert_eq!(
                model(client, Program::GroupClientDefault),
                (3, vec![], vec!["order-1 Paid".to_owned()]),
                "{client:?}"
            );
        }
    }

    /// Only a goroutine per record lets a later record of the held key
    /// run, and end, while the held one is unfinished: the keyed pool
    /// queues it behind the held one on its worker, and a loop that
    /// handles each record waits.
    #[test]
    fn only_a_goroutine_per_record_lets_the_key_s_next_record_overtake() {
        let shipped = vec!["order-1 Shipped".to_owned()];
        for client in GoClient::ALL {
            for (program, _) in CASES {
                let (_, _, _, later) = model_order(client, program);
                let want = if program == Program::Workers(Mode::PerMessage) {
                    [shipped.clone(), shipped.clone()]
                } else {
                    [vec![], vec![]]
                };
                assert_eq!(later, want, "{client:?} {program:?}");
            }
        }
    }

    /// Each consumer warning the lens ties to a case
    /// (golens::measured::warning_cases) is a planned case of its tab and
    /// link, whose model shows what the warning says: the key's order
    /// broken, or the held record lost.
    #[test]
    fn each_confirmed_warning_is_a_planned_case_that_shows_it() {
        use kafka_ordering_lab::golens::measured::warning_cases;
        use kafka_ordering_lab::golens::GoLensMsg;
        let plan = plan();
        let cases = plan["cases"].as_array().unwrap();
        for w in warning_cases() {
            let case = cases
                .iter()
                .find(|c| format!("lens-consumer/{}", c["name"].as_str().unwrap()) == w.case)
                .unwrap_or_else(|| panic!("{}: not planned", w.case));
            assert_eq!(case["client"], w.client.id(), "{}", w.case);
            assert_eq!(case["query"], w.query, "{}", w.case);
            let (params, _) = parse_query(w.query);
            let program = Program::of(&params, case["client_default"] == true).unwrap();
            let (_, twice, never, [started, ended]) = model_order(w.client, program);
            match w.warning {
                GoLensMsg::AGoroutinePerRecordOneOrder => {
                    assert!(!started.is_empty() && !ended.is_empty(), "{}", w.case);
                }
                GoLensMsg::KafkaGoReadMessageCommitsBeforeHandling
                | GoLensMsg::LibrdkafkaStoresOffsetOnRead => {
                    assert_eq!((twice, never), (vec![], vec![held().id()]), "{}", w.case);
                }
                other => panic!("{}: no model for {other:?}", w.case),
            }
        }
    }

    fn observed(twice: &[&str], never: &[&str], committed: i64) -> Value {
        json!({
            "ended": "ok",
            "victim_partitions": [0],
            "committed_at_kill": committed,
            "took_over": true,
            "handled_twice": twice,
            "never_handled": never,
            "later_of_key_started": [],
            "later_of_key_ended": [],
            "stderr": {"victim": "", "survivor": "panic: boom"},
        })
    }

    #[test]
    fn a_wrong_set_a_wrong_offset_a_hang_and_an_error_each_disagree() {
        let sarama =
            json!({"client": "sarama", "query": "scene=group&commit=auto", "situation": "crash"});
        let right = compare(&sarama, &observed(&["order-1 Paid"], &[], 2));
        assert!(right.agree, "{}", right.note);
        let lost = compare(&sarama, &observed(&[], &["order-1 Paid"], 3));
        assert!(
            !lost.agree
                && lost
                    .note
                    .contains("never handled: Kafka [\"order-1 Paid\"], model []"),
            "{}",
            lost.note
        );
        assert!(lost.note.contains("panic: boom"), "{}", lost.note);
        assert!(
            !compare(
                &sarama,
                &observed(&["order-1 Paid", "order-4 Created"], &[], 2)
            )
            .agree
        );
        assert!(!compare(&sarama, &observed(&["order-1 Paid"], &[], 1)).agree);
        let mut other = observed(&["order-1 Paid"], &[], 2);
        other["victim_partitions"] = json!([0, 1]);
        assert!(!compare(&sarama, &other).agree);
        let mut stayed = observed(&["order-1 Paid"], &[], 2);
        stayed["took_over"] = json!(false);
        assert!(!compare(&sarama, &stayed).agree);
        let hang = compare(&sarama, &json!({"ended": "hangs", "stage": "held"}));
        assert!(
            !hang.agree && hang.note.contains("no member started"),
            "{}",
            hang.note
        );
        let failed = compare(
            &sarama,
            &json!({"ended": "build-failed", "output": "undefined: x"}),
        );
        assert!(
            !failed.agree && failed.note.contains("undefined: x"),
            "{}",
            failed.note
        );

        let pool = json!({"client": "java", "query": "scene=workers&mode=keyed-pool", "situation": "crash"});
        assert!(
            compare(
                &pool,
                &observed(&[], &["order-1 Shipped", "order-1 Paid"], 6)
            )
            .agree
        );
        assert!(!compare(&pool, &observed(&[], &["order-1 Paid"], 6)).agree);

        let mut overtaken = observed(&[], &["order-1 Shipped", "order-1 Paid"], 6);
        overtaken["later_of_key_ended"] = json!(["order-1 Shipped"]);
        let wrong = compare(&pool, &overtaken);
        assert!(
            !wrong.agree && wrong.note.contains("finished before order-1 Paid"),
            "{}",
            wrong.note
        );
        let mut unread = observed(&[], &["order-1 Shipped", "order-1 Paid"], 6);
        unread
            .as_object_mut()
            .unwrap()
            .remove("later_of_key_started");
        assert!(!compare(&pool, &unread).agree);

        let per_message = json!({"client": "kafka-go", "query": "scene=workers&mode=per-message", "situation": "crash"});
        let mut overtook = observed(&[], &["order-1 Paid"], 6);
        overtook["later_of_key_started"] = json!(["order-1 Shipped"]);
        overtook["later_of_key_ended"] = json!(["order-1 Shipped"]);
        let broken = compare(&per_message, &overtook);
        assert!(broken.agree, "{}", broken.note);
        assert!(
            broken.note.contains("finished [\"order-1 Shipped\"]"),
            "{}",
            broken.note
        );
        assert!(!compare(&per_message, &observed(&[], &["order-1 Paid"], 6)).agree);

        let read = json!({"client": "confluent-kafka-go", "query": "scene=group&commit=auto", "client_default": true, "situation": "crash"});
        let lost = compare(&read, &observed(&[], &["order-1 Paid"], 3));
        assert!(lost.agree, "{}", lost.note);
        assert!(!compare(&read, &observed(&["order-1 Paid"], &[], 2)).agree);
        let manual = json!({"client": "kafka-go", "query": "scene=group&commit=manual", "client_default": true, "situation": "crash"});
        assert!(!compare(&manual, &observed(&[], &["order-1 Paid"], 3)).agree);
    }

    fn rebalanced(settled: bool, resumed_at: i64, twice: &[&str]) -> Value {
        json!({
            "ended": "ok",
            "rebalanced_while_held": settled,
            "held_partition_moved": true,
            "resumed_at": resumed_at,
            "handled_twice": twice,
            "never_handled": [],
            "stderr": {"holder": "", "joiner": ""},
        })
    }

    #[test]
    fn a_rebalance_case_checks_the_wait_the_resume_and_the_sets() {
        let case = |client: &str| json!({"client": client, "query": "scene=group&commit=manual", "situation": "rebalance"});
        let java = compare(&case("java"), &rebalanced(false, 3, &[]));
        assert!(java.agree, "{}", java.note);
        assert!(
            java.note.contains("waited for the holder's loop"),
            "{}",
            java.note
        );
        let settled = compare(&case("java"), &rebalanced(true, 3, &[]));
        assert!(
            !settled.agree && settled.note.contains("Kafka: the group settled"),
            "{}",
            settled.note
        );
        let kafka_go = compare(&case("kafka-go"), &rebalanced(true, 2, &["order-1 Paid"]));
        assert!(kafka_go.agree, "{}", kafka_go.note);
        assert!(!compare(&case("kafka-go"), &rebalanced(true, 3, &["order-1 Paid"])).agree);
        assert!(!compare(&case("kafka-go"), &rebalanced(true, 2, &[])).agree);
        let mut lost = rebalanced(true, 2, &["order-1 Paid"]);
        lost["never_handled"] = json!(["order-4 Paid"]);
        assert!(!compare(&case("kafka-go"), &lost).agree);
        let hang = compare(
            &case("sarama"),
            &json!({"ended": "hangs", "stage": "rebalance"}),
        );
        assert!(
            !hang.agree && hang.note.contains("never settled"),
            "{}",
            hang.note
        );
        let workers = json!({"client": "java", "query": "scene=workers", "situation": "rebalance"});
        assert!(!compare(&workers, &rebalanced(false, 3, &[])).agree);
        let unnamed = json!({"client": "java", "query": "scene=group"});
        assert!(compare(&unnamed, &rebalanced(false, 3, &[]))
            .note
            .contains("situation"));
    }
}
