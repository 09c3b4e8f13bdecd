package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.utils.internals.AppInfoParser;

/**
 * Area "group-consumer": consumer groups on the consumer rebalance protocol
 * (KIP-848, {@code group.protocol=consumer}). The group coordinator computes
 * the target assignment with the server-side assignor the members name in
 * {@code group.remote.assignor} (uniform or range), and each member
 * reconciles towards it on its own heartbeats
 * (CurrentAssignmentBuilder.computeNextAssignment): it revokes only what it
 * must give up, and gets a partition once its previous owner has released it.
 *
 * <p>Each case is a fresh topic and group. Every member is a KafkaConsumer
 * polling on its own thread, or, for the member a crash case kills, in a JVM
 * of its own ({@link #main}); its ConsumerRebalanceListener records each
 * call, in order, with its partitions and the wall-clock time. A case waits
 * for the group to settle ({@link #awaitSettled}), then, unless it is a
 * fresh-group case, makes one change (a member closes, one joins, or one is
 * killed with SIGKILL) and waits for it to settle again. Observed:
 * <ul>
 * <li>{@code before} / {@code after} (or {@code settled} for a fresh group):
 *     {group_epoch, members: [{client_id, member_id, partitions}]} by client id;</li>
 * <li>{@code partition_assignor}: the assignor the coordinator reports the group uses;</li>
 * <li>{@code callbacks}: per client id, the listener calls during the change,
 *     [{callback, partitions, at_ms}], at_ms from the change;</li>
 * <li>{@code settled_after_ms}: from the change to the settled group.</li>
 * </ul>
 *
 * <p>What makes the facts the same on every run, whatever the timing:
 * <ul>
 * <li>A fresh group's members all join before its topic exists, so the
 *     first target assignment with partitions in it is computed once, from
 *     nothing owned, over every member: creating the topic makes the
 *     coordinator refresh the subscribed groups' metadata
 *     (GroupMetadataManager.onMetadataUpdate -> requestMetadataRefresh), and
 *     the next heartbeat bumps the group epoch and computes the target.
 *     Members that joined one by one onto an existing topic would each get a
 *     sticky target from the one before, depending on who the coordinator
 *     saw first within group.consumer.assignment.interval.ms.</li>
 * <li>A change is one event on a settled group, so the coordinator computes
 *     one new target, from the settled one. Two events within
 *     group.consumer.assignment.interval.ms would share one computation
 *     (GroupMetadataManager.canComputeNextTargetAssignment), and its
 *     result is not that of the two one after the other.</li>
 * <li>Member ids are random (AbstractMembershipManager: Uuid.randomUuid),
 *     so which member gets which range, and the order the uniform assignor
 *     walks members in (a HashMap's), differ between runs. The facts carry
 *     the real member ids; the comparison uses them, and judges what does
 *     not depend on that order.</li>
 * </ul>
 */
public final class GroupConsumerCases {
    private GroupConsumerCases() {}

    private static final Duration DEADLINE = Duration.ofSeconds(90);

    /** Cases at a time ({@link ParallelCases}): each mostly waits on heartbeats and, for a crash, on a session timeout. */
    private static final int PARALLEL = 4;

    // Group-level configs (GroupConfig.CONSUMER_SESSION_TIMEOUT_MS_CONFIG,
    // CONSUMER_HEARTBEAT_INTERVAL_MS_CONFIG) and the broker floors they are
    // validated against (GroupConfig.validate, from
    // GroupCoordinatorConfig.CONSUMER_GROUP_MIN_*_CONFIG).
    private static final String GROUP_SESSION_TIMEOUT = "consumer.session.timeout.ms";
    private static final String GROUP_HEARTBEAT_INTERVAL = "consumer.heartbeat.interval.ms";
    private static final String BROKER_MIN_SESSION_TIMEOUT = "group.consumer.min.session.timeout.ms";
    private static final String BROKER_MIN_HEARTBEAT_INTERVAL = "group.consumer.min.heartbeat.interval.ms";

    private static final String REVOKED = "onPartitionsRevoked";
    private static final String ASSIGNED = "onPartitionsAssigned";
    private static final String LOST = "onPartitionsLost";

    /**
     * What the single broker needs for this area, when the plan has it.
     * The area's groups set a session timeout and heartbeat interval of
     * their own, shorter than the broker's floors (45000 and 5000 ms), so
     * that a killed member is fenced in seconds and members hear of a new
     * target soon. The floors are read once at start-up (neither is in
     * GroupCoordinatorConfig.RECONFIGURABLE_CONFIGS), so Main passes them to
     * the cluster. Lowering a floor leaves the defaults
     * (group.consumer.session.timeout.ms 45000, heartbeat 5000) as they
     * are: a group of any other area, which sets neither, behaves exactly as
     * on a broker without this.
     */
    static Map<String, String> brokerConfig(JsonNode plan) {
        JsonNode section = plan.path("group-consumer");
        if (section.isMissingNode()) {
            return Map.of();
        }
        return Map.of(
            BROKER_MIN_SESSION_TIMEOUT, section.get("session_timeout_ms").asText(),
            BROKER_MIN_HEARTBEAT_INTERVAL, section.get("heartbeat_interval_ms").asText());
    }

    public static void run(JsonNode plan, Cluster cluster, Path outDir) throws Exception {
        JsonNode section = plan.path("group-consumer");
        Facts facts = new Facts("java");
        facts.client("java", AppInfoParser.getVersion());
        Path out = outDir.resolve("group-consumer.json");
        Admin admin = cluster.admin();
        Path logs = logsDir(outDir);
        try (ParallelCases cases = new ParallelCases(PARALLEL, DEADLINE)) {
            for (JsonNode c : section.path("cases")) {
                cases.submit("group-consumer", c, () -> runCase(c, section, cluster, admin, logs));
            }
            cases.collect(facts, out);
        }
        facts.write(out);
    }

    private static ObjectNode runCase(JsonNode c, JsonNode section, Cluster cluster, Admin admin, Path logs)
            throws Exception {
        String name = c.get("name").asText();
        String topic = "group-consumer." + name;
        String groupId = "group-consumer." + name;
        String assignor = c.get("assignor").asText();
        int partitions = c.get("partitions").asInt();
        String crashes = c.path("crashes").asText("");
        configureGroup(admin, groupId, section);

        List<Member> group = new ArrayList<>();
        List<Member> all = new ArrayList<>();
        try {
            for (JsonNode m : c.get("members")) {
                String clientId = m.asText();
                Member member = clientId.equals(crashes)
                    ? Member.inChildJvm(clientId, cluster.bootstrap(), groupId, topic, assignor,
                        logs.resolve(groupId + "." + clientId + ".log"))
                    : Member.onThread(clientId, props(cluster.bootstrap(), groupId, clientId, assignor), topic);
                group.add(member);
                all.add(member);
            }
            awaitJoined("every member of " + groupId + " to join before its topic exists", admin, groupId, group);
            GroupCases.createTopic(admin, topic, partitions);
            Settled before = awaitSettled("group " + groupId + " to settle on " + partitions + " partitions",
                admin, groupId, group, partitions);
            ObjectNode observed = Facts.JSON.createObjectNode();
            if (!c.has("leaves") && !c.has("joins") && !c.has("crashes")) {
                observed.put("partition_assignor", before.assignor());
                observed.set("settled", before.json());
                return observed;
            }

            Map<Member, Integer> mark = new HashMap<>();
            all.forEach(m -> mark.put(m, m.callbacks.size()));
            List<Member> live = new ArrayList<>(group);
            String what;
            long changedAt = System.currentTimeMillis();
            if (c.has("joins")) {
                String joins = c.get("joins").asText();
                Member joining = Member.onThread(joins, props(cluster.bootstrap(), groupId, joins, assignor), topic);
                all.add(joining);
                mark.put(joining, 0);
                live.add(joining);
                what = joins + " joined";
            } else if (c.has("leaves")) {
                Member leaving = find(group, c.get("leaves").asText());
                // KafkaConsumer.close leaves the group: the member revokes what
                // it owns (ConsumerMembershipManager.signalMemberLeavingGroup ->
                // onPartitionsRevoked) and heartbeats with epoch -1, which
                // removes it at once (GroupMetadataManager.consumerGroupLeave).
                leaving.leave = true;
                Wait.until(leaving.clientId + " to close", DEADLINE, () -> leaving.closed);
                leaving.check();
                live.remove(leaving);
                what = leaving.clientId + " left";
            } else {
                Member dead = find(group, crashes);
                // No close and no more heartbeats: the coordinator fences it
                // when its session expires (GroupMetadataManager
                // .scheduleConsumerGroupSessionTimeout ->
                // consumerGroupFenceMembers), and its partitions are free at
                // once, with nobody to revoke them.
                dead.kill();
                live.remove(dead);
                what = dead.clientId + " was killed";
            }
            Settled after = awaitSettled("group " + groupId + " to settle after " + what,
                admin, groupId, live, partitions);
            long settledAfter = System.currentTimeMillis() - changedAt;

            ObjectNode callbacks = Facts.JSON.createObjectNode();
            for (Member m : sortedByClientId(all)) {
                ArrayNode calls = callbacks.putArray(m.clientId);
                for (Callback cb : m.callbacks.subList(mark.get(m), m.callbacks.size())) {
                    ObjectNode o = calls.addObject();
                    o.put("callback", cb.method());
                    cb.partitions().forEach(o.putArray("partitions")::add);
                    o.put("at_ms", cb.atMs() - changedAt);
                }
            }
            observed.put("partition_assignor", after.assignor());
            observed.set("before", before.json());
            observed.set("after", after.json());
            observed.set("callbacks", callbacks);
            observed.put("settled_after_ms", settledAfter);
            return observed;
        } finally {
            for (Member m : all) {
                m.stop();
            }
        }
    }

    private static Member find(List<Member> members, String clientId) {
        return members.stream().filter(m -> m.clientId.equals(clientId)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no member " + clientId));
    }

    private static List<Member> sortedByClientId(List<Member> members) {
        List<Member> sorted = new ArrayList<>(members);
        sorted.sort((a, b) -> a.clientId.compareTo(b.clientId));
        return sorted;
    }

    /**
     * The group's own session timeout and heartbeat interval, set before any
     * member joins. The coordinator reads them per group
     * (GroupMetadataManager.consumerGroupSessionTimeoutMs and
     * consumerGroupHeartbeatIntervalMs, from GroupConfigManager), which the
     * broker updates from the metadata log; the wait is for the broker to
     * show them.
     */
    private static void configureGroup(Admin admin, String groupId, JsonNode section) throws Exception {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.GROUP, groupId);
        Map<String, String> want = Map.of(
            GROUP_SESSION_TIMEOUT, section.get("session_timeout_ms").asText(),
            GROUP_HEARTBEAT_INTERVAL, section.get("heartbeat_interval_ms").asText());
        List<AlterConfigOp> ops = want.entrySet().stream()
            .map(e -> new AlterConfigOp(new ConfigEntry(e.getKey(), e.getValue()), AlterConfigOp.OpType.SET))
            .collect(Collectors.toList());
        admin.incrementalAlterConfigs(Map.of(resource, ops)).all().get();
        Wait.until("group " + groupId + " to have " + want, DEADLINE, () -> {
            Config got = admin.describeConfigs(List.of(resource)).all().get().get(resource);
            return want.entrySet().stream().allMatch(e -> {
                ConfigEntry entry = got.get(e.getKey());
                return entry != null && e.getValue().equals(entry.value());
            });
        });
    }

    private static Properties props(String bootstrap, String groupId, String clientId, String assignor) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        // The session timeout and heartbeat interval are the group's
        // (configureGroup): with this protocol the client may not set them
        // (ConsumerConfig.checkUnsupportedConfigsPostProcess throws).
        p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
        p.put(ConsumerConfig.GROUP_REMOTE_ASSIGNOR_CONFIG, assignor);
        // Nothing is consumed: no offsets to commit.
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        return p;
    }

    // ---------------------------------------------------------------- members

    /** One call of a member's ConsumerRebalanceListener. */
    private record Callback(String method, List<Integer> partitions, long atMs) {}

    /** What a member reports after a poll: its member id ("" before it has one) and what it owns. */
    private record View(String memberId, List<Integer> owned) {}

    /** Where a member's poll loop reports to: the Member itself, or the child JVM's stdout. */
    private interface Sink {
        void view(View view);

        void callback(Callback callback);
    }

    /**
     * The poll loop of every member. With this protocol the consumer's
     * background thread heartbeats and reconciles; the listener's callbacks
     * run in poll() on this thread (AsyncKafkaConsumer processes the
     * callback events its membership manager enqueued), and so do the ones
     * close() runs when the member leaves.
     */
    private static void pollLoop(Properties props, String topic, Sink sink, BooleanSupplier leave) {
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
            consumer.subscribe(List.of(topic), new ConsumerRebalanceListener() {
                @Override
                public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                    sink.callback(new Callback(REVOKED, partitions(partitions), System.currentTimeMillis()));
                }

                @Override
                public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                    sink.callback(new Callback(ASSIGNED, partitions(partitions), System.currentTimeMillis()));
                }

                // Its default calls onPartitionsRevoked; recorded apart,
                // since losing partitions is not giving them up.
                @Override
                public void onPartitionsLost(Collection<TopicPartition> partitions) {
                    sink.callback(new Callback(LOST, partitions(partitions), System.currentTimeMillis()));
                }
            });
            View last = null;
            while (!leave.getAsBoolean()) {
                consumer.poll(Duration.ofMillis(50));
                View now = new View(consumer.groupMetadata().memberId(), partitions(consumer.assignment()));
                if (!now.equals(last)) {
                    sink.view(now);
                    last = now;
                }
            }
        }
    }

    private static List<Integer> partitions(Collection<TopicPartition> tps) {
        return tps.stream().map(TopicPartition::partition).sorted().collect(Collectors.toList());
    }

    /**
     * A member as the case sees it, whether its loop runs on a thread here
     * or in a child JVM that reports on its stdout.
     */
    private static final class Member implements Sink {
        final String clientId;
        volatile View view = new View("", List.of());
        final List<Callback> callbacks = new CopyOnWriteArrayList<>();
        volatile boolean leave;
        volatile boolean closed;
        volatile boolean killed;
        volatile Throwable failure;
        private Thread thread;
        private Process process;
        private Thread reader;

        private Member(String clientId) {
            this.clientId = clientId;
        }

        static Member onThread(String clientId, Properties props, String topic) {
            Member m = new Member(clientId);
            m.thread = new Thread(() -> {
                try {
                    pollLoop(props, topic, m, () -> m.leave);
                } catch (Throwable t) {
                    m.failure = t;
                }
                m.closed = true;
            }, clientId);
            m.thread.start();
            return m;
        }

        static Member inChildJvm(String clientId, String bootstrap, String groupId, String topic, String assignor,
                            Path log) throws IOException {
            Member m = new Member(clientId);
            Files.deleteIfExists(log);
            List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Dlab.kafka.log.file=" + log));
            cmd.addAll(Cds.flags("member"));
            cmd.addAll(List.of(
                "-cp", System.getProperty("java.class.path"),
                GroupConsumerCases.class.getName(),
                bootstrap, groupId, topic, clientId, assignor));
            // stdin stays a pipe that is never written: its end tells the
            // child that this JVM is gone (see main).
            m.process = new ProcessBuilder(cmd)
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
            m.reader = new Thread(() -> m.read(log), clientId + "-stdout");
            m.reader.start();
            return m;
        }

        private void read(Path log) {
            try (BufferedReader r = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    String[] w = line.split(" ");
                    if (w[0].equals("view")) {
                        view(new View(w[1].equals("-") ? "" : w[1], decode(w[2])));
                    } else if (w[0].equals("callback")) {
                        callback(new Callback(w[1], decode(w[3]), Long.parseLong(w[2])));
                    }
                }
            } catch (IOException e) {
                // The stream breaks when the child is killed.
            } catch (RuntimeException e) {
                failure = new IllegalStateException(clientId + " wrote a line this cannot read; see " + log, e);
            }
            if (!killed && failure == null) {
                failure = new IllegalStateException(clientId + " exited by itself; see " + log);
            }
            closed = true;
        }

        @Override
        public void view(View v) {
            view = v;
        }

        @Override
        public void callback(Callback c) {
            callbacks.add(c);
        }

        /** What the callbacks so far leave the member owning. */
        List<Integer> heldByCallbacks() {
            Set<Integer> held = new TreeSet<>();
            for (Callback c : callbacks) {
                if (c.method().equals(ASSIGNED)) {
                    held.addAll(c.partitions());
                } else {
                    held.removeAll(c.partitions());
                }
            }
            return new ArrayList<>(held);
        }

        void check() {
            if (failure != null) {
                throw new IllegalStateException(clientId + " failed", failure);
            }
        }

        /** SIGKILL (Process.destroyForcibly on Linux): no close, no leave heartbeat, no callbacks. */
        void kill() throws InterruptedException {
            killed = true;
            process.destroyForcibly();
            int exit = process.waitFor();
            if (exit != 128 + 9) {
                throw new IllegalStateException(clientId + " did not die of SIGKILL: exit " + exit);
            }
        }

        void stop() throws InterruptedException {
            leave = true;
            if (thread != null) {
                thread.join(DEADLINE.toMillis());
            }
            if (process != null) {
                killed = true;
                process.destroyForcibly();
                process.waitFor();
                reader.join(DEADLINE.toMillis());
            }
        }
    }

    private static String encode(List<Integer> partitions) {
        return partitions.isEmpty() ? "-" : partitions.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    private static List<Integer> decode(String s) {
        return s.equals("-") ? List.of() : Arrays.stream(s.split(",")).map(Integer::valueOf).collect(Collectors.toList());
    }

    /**
     * The member a crash case kills, in a JVM of its own: with this protocol
     * the heartbeats come from the consumer's background thread
     * (ConsumerNetworkThread, ConsumerHeartbeatRequestManager), not from
     * poll(), so a consumer abandoned on a thread would keep its membership
     * until max.poll.interval.ms and then leave cleanly; only the end of the
     * process stops them. It reports on stdout: "view MEMBER_ID PARTITIONS"
     * and "callback METHOD AT_MS PARTITIONS" ("-" for none). Should the
     * parent die first, stdin reaches its end and this halts.
     *
     * <p>Arguments: bootstrap group topic client_id assignor
     */
    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        Thread orphan = new Thread(() -> {
            try {
                while (System.in.read() != -1) {
                    // Nothing is ever written to stdin; reading only detects the parent's end.
                }
            } catch (IOException e) {
                // A broken stdin means the same.
            }
            Runtime.getRuntime().halt(2);
        }, "parent-watch");
        orphan.setDaemon(true);
        orphan.start();
        Sink sink = new Sink() {
            @Override
            public synchronized void view(View v) {
                out.println("view " + (v.memberId().isEmpty() ? "-" : v.memberId()) + " " + encode(v.owned()));
            }

            @Override
            public synchronized void callback(Callback c) {
                out.println("callback " + c.method() + " " + c.atMs() + " " + encode(c.partitions()));
            }
        };
        pollLoop(props(args[0], args[1], args[3], args[4]), args[2], sink, () -> false);
    }

    // ---------------------------------------------------------------- group state

    private static ConsumerGroupDescription describe(Admin admin, String groupId) throws Exception {
        try {
            return admin.describeConsumerGroups(List.of(groupId)).describedGroups().get(groupId).get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof GroupIdNotFoundException) {
                return null;
            }
            throw e;
        }
    }

    /** The live members by the member id each reports, or null while one has none yet. */
    private static Map<String, Member> byMemberId(List<Member> members) {
        Map<String, Member> byId = new HashMap<>();
        for (Member m : members) {
            m.check();
            String id = m.view.memberId();
            if (id.isEmpty()) {
                return null;
            }
            byId.put(id, m);
        }
        return byId.size() == members.size() ? byId : null;
    }

    /** Waits until the coordinator's members are exactly these, by the ids they report. */
    private static void awaitJoined(String what, Admin admin, String groupId, List<Member> members) throws Exception {
        Wait.until(what, DEADLINE, () -> {
            Map<String, Member> byId = byMemberId(members);
            if (byId == null) {
                return false;
            }
            ConsumerGroupDescription d = describe(admin, groupId);
            return d != null && d.members().stream().map(MemberDescription::consumerId)
                .collect(Collectors.toSet()).equals(byId.keySet());
        });
    }

    /** A settled group: its JSON for the facts, and the assignor the coordinator names. */
    private record Settled(ObjectNode json, String assignor) {}

    /**
     * Waits until the group has settled: its members are exactly the live
     * ones; the coordinator has no rebalance pending or under way (the group
     * is Stable, which ConsumerGroup.maybeUpdateGroupState says only when
     * the target assignment is at the group epoch and every member is
     * Stable at that epoch), and each member's current assignment is its
     * target; each member owns, by its own consumer.assignment(), what the
     * coordinator says, and its listener's calls add up to the same (the
     * consumer shows new partitions before onPartitionsAssigned has run);
     * and together they own every partition exactly once.
     */
    private static Settled awaitSettled(String what, Admin admin, String groupId, List<Member> live,
                                        int partitions) throws Exception {
        Settled[] settled = {null};
        Wait.until(what, DEADLINE, () -> {
            Map<String, Member> byId = byMemberId(live);
            if (byId == null) {
                return false;
            }
            Set<Integer> union = new TreeSet<>();
            int owned = 0;
            for (Member m : live) {
                List<Integer> mine = m.view.owned();
                if (!mine.equals(m.heldByCallbacks())) {
                    return false;
                }
                union.addAll(mine);
                owned += mine.size();
            }
            if (owned != partitions || union.size() != partitions) {
                return false;
            }
            ConsumerGroupDescription d = describe(admin, groupId);
            if (d == null || d.type() != GroupType.CONSUMER || d.groupState() != GroupState.STABLE
                    || d.groupEpoch().isEmpty() || !d.groupEpoch().equals(d.targetAssignmentEpoch())
                    || d.members().size() != live.size()) {
                return false;
            }
            Map<String, ObjectNode> byClientId = new TreeMap<>();
            for (MemberDescription md : d.members()) {
                Member m = byId.get(md.consumerId());
                if (m == null || !md.memberEpoch().equals(d.targetAssignmentEpoch())) {
                    return false;
                }
                List<Integer> current = partitions(md.assignment().topicPartitions());
                List<Integer> target = md.targetAssignment().map(a -> partitions(a.topicPartitions())).orElse(null);
                View v = m.view;
                if (!current.equals(target) || !v.memberId().equals(md.consumerId()) || !v.owned().equals(current)) {
                    return false;
                }
                ObjectNode o = Facts.JSON.createObjectNode();
                o.put("client_id", m.clientId);
                o.put("member_id", md.consumerId());
                current.forEach(o.putArray("partitions")::add);
                byClientId.put(m.clientId, o);
            }
            ObjectNode json = Facts.JSON.createObjectNode();
            json.put("group_epoch", d.groupEpoch().get());
            ArrayNode list = json.putArray("members");
            byClientId.values().forEach(list::add);
            settled[0] = new Settled(json, d.partitionAssignor());
            return true;
        });
        return settled[0];
    }

    /** Where Cluster puts the node logs (lab.kafka.logs, set by Main), else the facts' folder. */
    private static Path logsDir(Path outDir) throws IOException {
        String dir = System.getProperty("lab.kafka.logs");
        Path p = dir != null ? Path.of(dir) : outDir;
        Files.createDirectories(p);
        return p;
    }
}
