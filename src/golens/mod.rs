//! The Go client lens: for the scene on screen, the minimal program that
//! reproduces it with each Go client (and Java, the reference), written
//! from the scene's own parameters.
//!
//! This is the lens's machinery: the builder, each client's producer and
//! consumer code, the rules a custom partitioner follows, and the panel.
//! Which program a scene's link makes is the scene's own, in its folder
//! (`src/scenes/<scene>/lens.rs`, through [`SceneLens`]).
//!
//! Pure Rust, no browser: the panel in `ui::golens` only draws what this
//! module returns, and `examples/golens.rs` writes every snippet into a Go
//! module that `go vet` compiles against the conformance suite's pinned
//! versions (tests/kafka/go/go.mod).
//!
//! Every default a snippet leans on was read in the library's source at the
//! pinned version; the comment beside the line names the file and symbol.

pub(crate) mod consumer;
pub(crate) mod custom;
pub mod measured;
pub mod page;
pub(crate) mod partitioners;
pub(crate) mod producer;
pub(crate) mod rules;
mod switch;
pub(crate) mod text;
pub(crate) mod topic;
#[cfg(feature = "ui")]
pub(crate) mod view;

pub use consumer::{signed_note, signed_worker_example, SignedExample};
pub use partitioners::JAVA_COMPATIBLE;
pub use producer::{ORDER_EVENTS, ORDER_KEY};
pub use switch::{
    compatible_option, library, library_name, switch_view, Moved, SwitchView, SWITCH_CLIENTS,
};

use crate::i18n::t;
use crate::i18n::Lang;
use crate::params::{AppParams, SceneId};
/// The lens's tabs; the enum is the core's, and the lens's rules for each client
/// are its methods here.
pub use crate::sim::clients::GoClient;
use std::collections::BTreeSet;
pub use text::GoLensMsg;

/// What becomes of a retried batch ([`GoClient::retry_outcome`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetryOutcome {
    /// The retry goes before the next batch: the order is kept.
    Kept,
    /// The retry lands behind the next batch.
    Reordered,
    /// The retry lands behind the next batch, which is then written again.
    ReorderedAndResent,
}

impl RetryOutcome {
    pub fn id(self) -> &'static str {
        match self {
            RetryOutcome::Kept => "kept",
            RetryOutcome::Reordered => "reordered",
            RetryOutcome::ReorderedAndResent => "reordered-resent",
        }
    }
}

/// What becomes of a batch the broker has written when the answer to it is
/// lost with its connection ([`GoClient::lost_answer_outcome`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LostAnswerOutcome {
    /// Sent again and recognised by its sequence numbers: in the log once.
    Once,
    /// Sent again and written again: in the log twice.
    WrittenTwice,
    /// Given up on before it was sent again: the send reports a failure,
    /// though the log holds the batch once.
    FalseError,
}

impl LostAnswerOutcome {
    pub fn id(self) -> &'static str {
        match self {
            LostAnswerOutcome::Once => "once",
            LostAnswerOutcome::WrittenTwice => "written-twice",
            LostAnswerOutcome::FalseError => "false-error",
        }
    }
}

impl GoClient {
    /// Whether this tab's producer program is idempotent where the
    /// settings ask for it: kafka-go's cannot be
    /// ([`crate::sim::clients::Client::fixed_producer`]).
    pub fn idempotent(self, asked: bool) -> bool {
        asked
            && partitioners::default_client(self)
                .fixed_producer()
                .is_none_or(|f| f.idempotence)
    }

    /// The acks a producer built with this client's defaults asks for:
    /// franz-go's AllISRAcks (pkg/kgo/config.go, defaultCfg), sarama's
    /// WaitForLocal (config.go, NewConfig), kafka-go's RequireNone, the zero
    /// value of Writer.RequiredAcks (writer.go), librdkafka's acks=all
    /// (CONFIGURATION.md, request.required.acks) and Java's all
    /// (ProducerConfig, since 3.0). Area lens-defaults reads it off the wire.
    pub fn default_acks(self) -> crate::sim::producer::Acks {
        use crate::sim::producer::Acks;
        match self {
            GoClient::Sarama => Acks::Leader,
            GoClient::KafkaGo => Acks::None,
            GoClient::FranzGo | GoClient::ConfluentKafkaGo | GoClient::Java => Acks::All,
        }
    }

    /// Whether this tab's producer, with these settings, may write a batch
    /// retried after an error answer behind the batch sent after it.
    pub fn retry_may_reorder(self, c: &crate::sim::producer::ProducerConfig) -> bool {
        self.retry_outcome(c) != RetryOutcome::Kept
    }

    /// What becomes of a batch answered with a retriable error while the
    /// next batch of its partition waits to be sent: it may land behind
    /// that one when the producer is not idempotent, has more than one
    /// request in flight and retries, and its client puts more than one
    /// batch of a partition on the wire
    /// ([`crate::sim::clients::Client::one_batch_in_flight_per_partition`]);
    /// franz-go then sends the later one again too
    /// ([`crate::sim::clients::Client::resends_later_batches_on_retry`]).
    pub fn retry_outcome(self, c: &crate::sim::producer::ProducerConfig) -> RetryOutcome {
        let client = partitioners::default_client(self);
        if !producer::may_reorder(c) || client.one_batch_in_flight_per_partition() {
            RetryOutcome::Kept
        } else if client.resends_later_batches_on_retry() {
            RetryOutcome::ReorderedAndResent
        } else {
            RetryOutcome::Reordered
        }
    }

    /// What becomes of a written batch whose answer is lost with its
    /// connection: an idempotent producer's second copy is recognised; any
    /// other sends it again and writes it twice, unless its delivery
    /// timeout ends the batch before it may be sent again
    /// ([`crate::sim::clients::Client::resend_after_broken_connection_waits_ms`]).
    pub fn lost_answer_outcome(
        self,
        c: &crate::sim::producer::ProducerConfig,
    ) -> LostAnswerOutcome {
        if self.idempotent(c.enable_idempotence) {
            LostAnswerOutcome::Once
        } else if c.delivery_timeout_ms
            < partitioners::default_client(self).resend_after_broken_connection_waits_ms()
        {
            LostAnswerOutcome::FalseError
        } else {
            LostAnswerOutcome::WrittenTwice
        }
    }

    /// Whether the consumer loop the lens prints takes a poll's records per
    /// turn (franz-go's PollFetches, Java's poll()) rather than one record
    /// per turn (sarama's claim channel, kafka-go's FetchMessage,
    /// librdkafka's ReadMessage). A loop of polls commits, or has its
    /// auto-commit take, a poll at a time: franz-go's autocommit takes what
    /// PollFetches returned once the next one starts (pkg/kgo/consumer_group.go,
    /// `updateUncommitted`), and Java's what earlier polls returned
    /// (ConsumerCoordinator, `maybeAutoCommitOffsetsAsync`). Area
    /// lens-consumer of the conformance suite runs it.
    pub fn loop_takes_a_poll(self) -> bool {
        matches!(self, GoClient::FranzGo | GoClient::Java)
    }

    /// Whether a rebalance of the group (eager: the lens's group prints
    /// range) waits for the printed loop to come back for more, so the
    /// record in flight and the rest of its poll are handled and committed
    /// before the partition moves. Java's classic consumer rejoins only in
    /// poll(), whose ConsumerCoordinator.onJoinPrepare first commits what
    /// the loop consumed (maybeAutoCommitOffsetsSync; the manual loop has
    /// run commitSync by then). sarama's session ends only once every
    /// ConsumeClaim has returned, then flushes what MarkMessage marked
    /// (consumer_group_session.go, consumerGroupSession.release;
    /// offset_manager.go, offsetManager.Close). confluent-kafka-go serves
    /// the revoke inside ReadMessage (consumer.go, handleRebalanceEvent),
    /// and librdkafka commits the stored offsets of what it unassigns
    /// (rdkafka_assignment.c, rd_kafka_assignment_serve_removals).
    ///
    /// The others rejoin from their own goroutines. franz-go revokes
    /// without BlockRebalanceOnPoll, which the lens does not set (pkg/kgo/
    /// consumer.go, waitAndAddRebalance), and its defaultRevoke commits
    /// head, which under autocommit lags a poll, and nothing with
    /// DisableAutoCommit (pkg/kgo/consumer_group.go, defaultRevoke,
    /// updateUncommitted): the whole poll in hand is handled again.
    /// kafka-go ends the generation on the heartbeat's answer and commits
    /// what CommitMessages got so far (reader.go, commitLoopInterval and
    /// commitLoopImmediate; consumergroup.go, nextGeneration): the record
    /// in flight is handled again. Area lens-consumer of the conformance
    /// suite runs it.
    pub fn rebalance_waits_for_the_loop(self) -> bool {
        matches!(
            self,
            GoClient::Sarama | GoClient::ConfluentKafkaGo | GoClient::Java
        )
    }

    /// Whether a group of this client, with no offset committed for a
    /// partition, starts it at its end (latest) unless told otherwise:
    /// sarama's Consumer.Offsets.Initial is OffsetNewest (config.go,
    /// NewConfig), librdkafka's auto.offset.reset is largest
    /// (CONFIGURATION.md; rdkafka_conf.c), Java's is latest
    /// (ConsumerConfig, AUTO_OFFSET_RESET_CONFIG). franz-go starts at the
    /// start (pkg/kgo/config.go, defaultCfg: startOffset
    /// NewOffset().AtStart()), and so does kafka-go (reader.go,
    /// ReaderConfig.StartOffset: "Default: FirstOffset"). Area lens-reset
    /// of the conformance suite runs it.
    pub fn starts_at_the_end_by_default(self) -> bool {
        matches!(
            self,
            GoClient::Sarama | GoClient::ConfluentKafkaGo | GoClient::Java
        )
    }

    pub const ALL: [GoClient; 5] = [
        GoClient::FranzGo,
        GoClient::Sarama,
        GoClient::KafkaGo,
        GoClient::ConfluentKafkaGo,
        GoClient::Java,
    ];

    pub fn id(self) -> &'static str {
        match self {
            GoClient::FranzGo => "franz-go",
            GoClient::Sarama => "sarama",
            GoClient::KafkaGo => "kafka-go",
            GoClient::ConfluentKafkaGo => "confluent-kafka-go",
            GoClient::Java => "java",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.id() == id)
    }

    /// The module and the version the conformance suite pins
    /// (tests/kafka/go/go.mod; tests/kafka/java/pom.xml for Java).
    pub fn version(self) -> &'static str {
        match self {
            GoClient::FranzGo => "github.com/twmb/franz-go v1.22.3",
            GoClient::Sarama => "github.com/IBM/sarama v1.61.1",
            GoClient::KafkaGo => "github.com/segmentio/kafka-go v0.4.51",
            GoClient::ConfluentKafkaGo => {
                "github.com/confluentinc/confluent-kafka-go/v2 v2.11.1 (librdkafka 2.11.1)"
            }
            GoClient::Java => "org.apache.kafka:kafka-clients 4.4.0",
        }
    }

    pub fn is_go(self) -> bool {
        self != GoClient::Java
    }

    /// The file the snippet is saved as.
    pub fn file_name(self, scene: SceneId) -> String {
        match self {
            GoClient::Java => "Main.java".to_owned(),
            _ => format!("{}-{}.go", scene.id(), self.id()),
        }
    }
}

/// The scenes that have a lens: those where a client setting matters
/// ([`SceneLens::HAS_LENS`]), and that this bundle carries (a scene's own
/// bundle leaves the other scenes' lenses out, and a scene without one
/// leaves out the lens's view).
pub fn has_lens(scene: SceneId) -> bool {
    scene.built_in() && scene_has_lens(scene)
}

/// A scene's Go lens: the program its settings make, in the tab's client.
/// Each scene's folder implements it for its model, and the registry line
/// dispatches to it, so a new scene without an answer does not compile.
pub(crate) trait SceneLens {
    /// Whether a client setting matters to the scene, so that it has a
    /// lens at all.
    const HAS_LENS: bool;

    /// Writes the scene's program into `b`; only called where the scene
    /// has a lens.
    fn write(_b: &mut Builder, _params: &AppParams) {}

    /// Which of the lens's table of what each client does on the broker
    /// (`measured::Situation`) the scene's program is about: a producer's
    /// rows, a consumer's, or both.
    const MEASURED: MeasuredRows = MeasuredRows::None;

    /// A note the panel shows under the code, if the scene has one (the
    /// workers' pool: where a signed hash would send a key).
    fn note(_params: &AppParams) -> Option<String> {
        None
    }
}

/// Which rows of the lens's measured table a scene's program is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeasuredRows {
    None,
    Producer,
    Consumer,
    Both,
}

macro_rules! define_scene_lens {
    ($($variant:ident, $field:ident, $id:literal, $feature:literal, $model:ty;)*) => {
        fn scene_has_lens(scene: SceneId) -> bool {
            match scene {
                $(SceneId::$variant => <$model as SceneLens>::HAS_LENS,)*
            }
        }

        /// Which rows of the measured table the scene's program is about.
        pub fn measured_rows(scene: SceneId) -> MeasuredRows {
            match scene {
                $(SceneId::$variant => <$model as SceneLens>::MEASURED,)*
            }
        }

        /// The note under the scene's code, if it has one.
        pub fn scene_note(params: &AppParams) -> Option<String> {
            match params.scene {
                $(SceneId::$variant => <$model as SceneLens>::note(params),)*
            }
        }

        /// The scene's program, where this bundle carries the scene: a
        /// scene's own bundle leaves the other scenes' programs out.
        fn write_scene(b: &mut Builder, params: &AppParams) {
            match params.scene {
                $(SceneId::$variant => if SceneId::$variant.built_in() {
                    <$model as SceneLens>::write(b, params)
                },)*
            }
        }
    };
}

crate::for_each_scene!(define_scene_lens);

/// One line of code, and whether it differs from the library's default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub changed: bool,
}

/// Why a library's default or its limits matter for this scene.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The library's default (or its missing option) breaks the order
    /// the scene shows.
    BreaksOrder,
    /// The library's default can lose records the scene keeps.
    LosesRecords,
    /// The library cannot express a setting the scene uses.
    Cannot,
    /// Worth knowing: the default differs from Java's.
    Note,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pub severity: Severity,
    pub text: String,
}

/// The code for one tab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snippet {
    pub client: GoClient,
    pub lines: Vec<Line>,
    pub warnings: Vec<Warning>,
}

impl Snippet {
    /// The whole file, as the copy button copies it.
    pub fn code(&self) -> String {
        file_of(&self.lines)
    }
}

/// Lines as one file's text, each ended by a line break.
pub(crate) fn file_of(lines: &[Line]) -> String {
    let mut out = String::new();
    for line in lines {
        out.push_str(&line.text);
        out.push('\n');
    }
    out
}

/// The lens for the scene's current parameters, or `None` for a scene
/// without one.
pub fn snippet(params: &AppParams, client: GoClient) -> Option<Snippet> {
    write(params, client, false)
}

/// The program a warning of the lens describes: the scene's program with
/// the client's default where the lens prints the fix that warning names
/// (the builder's `as_warned`). The conformance suite runs it to confirm the
/// warning ([`measured::warning_cases`]); the lens never shows it.
pub fn snippet_as_warned(params: &AppParams, client: GoClient) -> Option<Snippet> {
    write(params, client, true)
}

fn write(params: &AppParams, client: GoClient, as_warned: bool) -> Option<Snippet> {
    let mut b = Builder::new(params.lang, client);
    b.as_warned = as_warned;
    if !has_lens(params.scene) {
        return None;
    }
    write_scene(&mut b, params);
    Some(b.finish(params.scene))
}

/// Collects a snippet's body, its imports and its warnings; `finish` puts
/// the header and the imports on top.
pub(crate) struct Builder {
    pub lang: Lang,
    pub client: GoClient,
    title: String,
    imports: BTreeSet<&'static str>,
    body: Vec<Line>,
    warnings: Vec<Warning>,
    /// Java: the class body is indented by this many levels.
    indent: usize,
    /// Workers: the keyed pool's size, once its type is written.
    pub pool_workers: Option<u32>,
    /// Repartition: the admin helper `main` calls first.
    pub admin_call: Option<String>,
    /// The function `open_func` opens: `main`, or, in a program of several
    /// parts (the pipeline), the part's own function, which `main` calls.
    pub entry: &'static str,
    /// Java: the body writes its own methods, `main` among them, rather
    /// than being wrapped in `main`.
    java_methods: bool,
    /// Where the lens warns of a loss and prints its fix, write the
    /// client's default instead: kafka-go's ReadMessage rather than
    /// FetchMessage and CommitMessages after handling, librdkafka's offset
    /// store on read rather than StoreMessage after handling, and, in the
    /// repartition program, the library's start for a partition with no
    /// committed offset rather than the earliest line.
    pub as_warned: bool,
}

impl Builder {
    fn new(lang: Lang, client: GoClient) -> Self {
        Builder {
            lang,
            client,
            title: String::new(),
            imports: BTreeSet::new(),
            body: Vec::new(),
            warnings: Vec::new(),
            indent: 0,
            pool_workers: None,
            admin_call: None,
            entry: "main",
            java_methods: false,
            as_warned: false,
        }
    }

    /// Opens the function `entry` names. Java's `main` is the one
    /// `finish` wraps the body in; another entry is a static method.
    pub fn open_func(&mut self) {
        match (self.client, self.entry) {
            (GoClient::Java, "main") if !self.java_methods => self.indent(2),
            (GoClient::Java, "main") => {
                self.indent(1);
                self.l("public static void main(String[] args) throws Exception {");
                self.indent(1);
            }
            (GoClient::Java, name) => {
                self.java_methods = true;
                self.indent(1);
                self.l(&format!("static void {name}() throws Exception {{"));
                self.indent(1);
            }
            (_, name) => {
                self.l(&format!("func {name}() {{"));
                self.indent(1);
            }
        }
    }

    /// `main` calling each part in turn, in a program of several parts.
    pub fn main_calls(&mut self, parts: &[&str]) {
        self.entry = "main";
        self.l("");
        if self.client == GoClient::Java {
            self.indent(1);
            self.l("public static void main(String[] args) throws Exception {");
            for part in parts {
                self.l(&format!("    {part}();"));
            }
            self.l("}");
            self.indent(-1);
        } else {
            self.l("func main() {");
            for part in parts {
                self.l(&format!("	{part}()"));
            }
            self.l("}");
        }
    }

    /// Java: the body holds members of `Main` (a nested class, a static
    /// method), so `main` is written as one of them.
    pub fn java_methods(&mut self) {
        self.java_methods = true;
    }

    pub fn close_func(&mut self) {
        match (self.client, self.entry) {
            (GoClient::Java, "main") if !self.java_methods => self.indent(-2),
            (GoClient::Java, _) => {
                self.indent(-1);
                self.l("}");
                self.indent(-1);
            }
            _ => {
                self.indent(-1);
                self.l("}");
            }
        }
    }

    pub fn body_mut(&mut self) -> &mut [Line] {
        &mut self.body
    }

    pub fn title(&mut self, msg: GoLensMsg) {
        self.title = t(self.lang, msg).to_owned();
    }

    pub fn import(&mut self, path: &'static str) {
        self.imports.insert(path);
    }

    fn push(&mut self, text: &str, changed: bool) {
        let pad = if self.client == GoClient::Java {
            "    ".repeat(self.indent)
        } else {
            "\t".repeat(self.indent)
        };
        // `"".lines()` yields nothing: a blank line is still a line.
        let lines: Vec<&str> = if text.is_empty() {
            vec![""]
        } else {
            text.lines().collect()
        };
        for l in lines {
            let text = if l.is_empty() {
                String::new()
            } else {
                format!("{pad}{l}")
            };
            self.body.push(Line { text, changed });
        }
    }

    /// Lines as the library's defaults have them.
    /// Go's error check after a call that can fail: a snippet stops at the
    /// first error rather than hide it.
    pub fn go_check(&mut self) {
        self.l("if err != nil {");
        self.l("\tpanic(err)");
        self.l("}");
    }

    pub fn l(&mut self, text: &str) {
        self.push(text, false);
    }

    /// A line that differs from the library's default.
    pub fn c(&mut self, text: &str) {
        self.push(text, true);
    }

    /// `l` or `c`, as `changed` says.
    pub fn line(&mut self, text: &str, changed: bool) {
        self.push(text, changed);
    }

    /// A comment line, in the learner's language.
    pub fn note(&mut self, msg: GoLensMsg) {
        self.note_text(t(self.lang, msg));
    }

    /// A comment made of a numbered message.
    pub fn note_text(&mut self, text: &str) {
        for l in text.lines() {
            self.push(&format!("// {l}"), false);
        }
    }

    pub fn indent(&mut self, by: isize) {
        self.indent = self.indent.saturating_add_signed(by);
    }

    /// Ends a Go admin helper `name` after its last call's error check,
    /// and has the program call it once its client (franz-go) or config
    /// (sarama) exists; the others connect on their own.
    pub fn end_admin_helper(&mut self, name: &str) {
        self.l("\t\tpanic(err)");
        self.l("\t}");
        self.l("}");
        self.l("");
        let arg = match self.client {
            GoClient::FranzGo => "cl",
            GoClient::Sarama => "cfg",
            _ => "",
        };
        self.admin_call = Some(format!("{name}({arg})"));
    }

    /// A warning made of a numbered message.
    pub fn warn(&mut self, severity: Severity, text: String) {
        self.warnings.push(Warning { severity, text });
    }

    pub fn warn_msg(&mut self, severity: Severity, msg: GoLensMsg) {
        self.warn(severity, t(self.lang, msg).to_owned());
    }

    fn finish(self, scene: SceneId) -> Snippet {
        let mut lines = Vec::new();
        let plain = |text: String| Line {
            text,
            changed: false,
        };
        lines.push(plain(format!(
            "// {} — {}",
            self.client.version(),
            self.title
        )));
        if self.client == GoClient::Java {
            for i in &self.imports {
                lines.push(plain(format!("import {i};")));
            }
            lines.push(plain(String::new()));
            lines.push(plain("public class Main {".to_owned()));
            if self.java_methods {
                lines.extend(self.body);
            } else {
                lines.push(plain(
                    "    public static void main(String[] args) throws Exception {".to_owned(),
                ));
                lines.extend(self.body);
                lines.push(plain("    }".to_owned()));
            }
            lines.push(plain("}".to_owned()));
        } else {
            lines.push(plain(format!("package {}", go_package(scene))));
            lines.push(plain(String::new()));
            let (std, third): (Vec<&&str>, Vec<&&str>) =
                self.imports.iter().partition(|i| !i.contains('.'));
            lines.push(plain("import (".to_owned()));
            for i in &std {
                lines.push(plain(format!("\t\"{i}\"")));
            }
            if !std.is_empty() && !third.is_empty() {
                lines.push(plain(String::new()));
            }
            for i in &third {
                lines.push(plain(format!("\t{}", go_import(i))));
            }
            lines.push(plain(")".to_owned()));
            lines.push(plain(String::new()));
            lines.extend(self.body);
        }
        Snippet {
            client: self.client,
            lines,
            warnings: self.warnings,
        }
    }
}

/// Every snippet is a program of its own.
fn go_package(_scene: SceneId) -> &'static str {
    "main"
}

/// kafka-go and confluent-kafka-go both call their package `kafka`; each
/// snippet imports only one of them, under its own name.
fn go_import(path: &str) -> String {
    match path {
        "github.com/segmentio/kafka-go" => format!("kafka \"{path}\""),
        _ => format!("\"{path}\""),
    }
}

/// A Go interpreted string literal for `s`: quotes, backslashes and control
/// characters escaped, everything else kept as UTF-8 (Go source is UTF-8;
/// only NUL and a byte-order mark are not allowed in it).
pub fn go_quote(s: &str) -> String {
    quoted(s, |c| match c {
        '\u{feff}' | '\u{2028}' | '\u{2029}' => Some(format!("\\u{:04x}", c as u32)),
        c if is_control(c) => Some(format!("\\x{:02x}", c as u32)),
        _ => None,
    })
}

/// A Java string literal for `s`. `\u` escapes are translated before Java
/// lexes, so a control character is written as an octal escape instead.
pub fn java_quote(s: &str) -> String {
    quoted(s, |c| is_control(c).then(|| format!("\\{:03o}", c as u32)))
}

fn is_control(c: char) -> bool {
    (c as u32) < 0x20 || c == '\u{7f}'
}

/// `s` in double quotes, with the escapes both languages share, and
/// `escape` for the characters each language writes its own way.
fn quoted(s: &str, escape: impl Fn(char) -> Option<String>) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c => match escape(c) {
                Some(e) => out.push_str(&e),
                None => out.push(c),
            },
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests;
