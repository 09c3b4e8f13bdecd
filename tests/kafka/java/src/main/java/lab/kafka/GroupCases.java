package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.clients.consumer.RoundRobinAssignor;
import org.apache.kafka.clients.consumer.StickyAssignor;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.internals.AppInfoParser;

/**
 * Areas "group" (who owns which partition before and after a member leaves
 * or joins, and in how many generations the group settles)
 * and "crash" (what a member that dies between processing and committing
 * costs its successor), on the single broker Main started.
 *
 * Kafka sources read for these rules are from github:apache/kafka.
 */
public final class GroupCases {
    private GroupCases() {}

    private static final Duration DEADLINE = Duration.ofSeconds(90);

    /** Cases at a time ({@link ParallelCases}). */
    private static final int PARALLEL = 4;

    public static void run(JsonNode plan, Cluster cluster, Path outDir) throws Exception {
        Facts facts = new Facts("java");
        facts.client("java", AppInfoParser.getVersion());
        Path out = outDir.resolve("group.json");
        Admin admin = cluster.admin();
        BrokerGroupConfig broker = BrokerGroupConfig.read(admin);
        try (ParallelCases cases = new ParallelCases(PARALLEL, DEADLINE)) {
            for (JsonNode c : plan.path("group").path("cases")) {
                cases.submit("group", c, () -> groupCase(c, cluster, admin));
            }
            for (JsonNode c : plan.path("crash").path("cases")) {
                cases.submit("crash", c, () -> crashCase(c, cluster, admin, broker, outDir));
            }
            cases.collect(facts, out);
        }
        facts.write(out);
    }

    /**
     * The broker settings the cases depend on, read from the broker rather
     * than assumed, so a case fails with a reason instead of a wrong fact.
     */
    private record BrokerGroupConfig(int minSessionTimeoutMs) {
        static BrokerGroupConfig read(Admin admin) throws Exception {
            String node = admin.describeCluster().nodes().get().iterator().next().idString();
            ConfigResource res = new ConfigResource(ConfigResource.Type.BROKER, node);
            Config config = admin.describeConfigs(List.of(res)).all().get().get(res);
            int delay = Integer.parseInt(config.get("group.initial.rebalance.delay.ms").value());
            int minSession = Integer.parseInt(config.get("group.min.session.timeout.ms").value());
            // GroupMetadataManager.prepareRebalance: a fresh (EMPTY) classic group
            // waits group.initial.rebalance.delay.ms before completing its first
            // join, and tryCompleteInitialRebalanceElseSchedule extends that wait
            // by the same delay each time a new member arrived meanwhile. With no
            // delay, the first member to join would form generation 1 alone.
            if (delay < 1000) {
                throw new IllegalStateException("group.initial.rebalance.delay.ms=" + delay
                    + " is too short for every member to join the first generation");
            }
            return new BrokerGroupConfig(minSession);
        }
    }

    // ---------------------------------------------------------------- group

    private static String assignorClass(String assignor) {
        return switch (assignor) {
            case "range" -> RangeAssignor.class.getName();
            case "roundrobin" -> RoundRobinAssignor.class.getName();
            case "sticky" -> StickyAssignor.class.getName();
            case "cooperative-sticky" -> CooperativeStickyAssignor.class.getName();
            default -> throw new IllegalArgumentException("unknown assignor " + assignor);
        };
    }

    /** One member's view after its latest poll: the generation it is in and what it owns. */
    private record View(int generation, List<Integer> partitions) {}

    /**
     * A consumer on its own thread (KafkaConsumer is single-threaded), polling
     * so it takes part in rebalances, and publishing what it owns after each poll.
     */
    private static final class Member {
        final String clientId;
        final Thread thread;
        volatile View view = new View(-1, List.of());
        volatile boolean leave;
        volatile boolean closed;
        volatile Throwable failure;

        Member(String clientId, Properties props, String topic) {
            this.clientId = clientId;
            this.thread = new Thread(() -> {
                try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
                    consumer.subscribe(List.of(topic));
                    while (!leave) {
                        consumer.poll(Duration.ofMillis(50));
                        List<Integer> owned = consumer.assignment().stream()
                            .map(TopicPartition::partition).sorted().collect(Collectors.toList());
                        view = new View(consumer.groupMetadata().generationId(), owned);
                    }
                    // Leaving the try closes the consumer: a classic member sends
                    // LeaveGroup from AbstractCoordinator.close -> maybeLeaveGroup.
                } catch (Throwable t) {
                    failure = t;
                }
                closed = true;
            }, clientId);
        }
    }

    private static Properties memberProps(Cluster cluster, String groupId, String clientId, String assignor) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrap());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        // ClassicGroup.generateMemberId: member id = client.id + "-" + UUID,
        // and the assignors order members by member id
        // (AbstractPartitionAssignor.MemberInfo.compareTo), so members sort
        // as their client ids sort as strings: consumer-1, consumer-10, ...
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
        p.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, assignorClass(assignor));
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        // Remaining members learn of a rebalance from a heartbeat response;
        // a short interval only makes them notice sooner.
        p.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, "100");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        return p;
    }

    /**
     * A fresh group forms, then one member leaves ("leaves") or a new one
     * joins ("joins"), and the group settles again. The number of
     * generations between the two stable states is what a change costs:
     * with cooperative-sticky a join first revokes (ConsumerCoordinator
     * .onJoinComplete requests a rejoin after revoking), then assigns.
     */
    private static ObjectNode groupCase(JsonNode c, Cluster cluster, Admin admin) throws Exception {
        String name = c.get("name").asText();
        String topic = "group." + name;
        String groupId = "group." + name;
        String assignor = c.get("assignor").asText();
        int partitions = c.get("partitions").asInt();
        int members = c.get("members").asInt();
        createTopic(admin, topic, partitions);

        List<Member> group = new ArrayList<>();
        for (int i = 1; i <= members; i++) {
            String clientId = "consumer-" + i;
            group.add(new Member(clientId, memberProps(cluster, groupId, clientId, assignor), topic));
        }
        List<Member> all = new ArrayList<>(group);
        try {
            group.forEach(m -> m.thread.start());

            // "before": every member in one generation that splits all partitions.
            int genBefore = awaitStable("group " + groupId + " to form with all " + members + " members",
                admin, groupId, group, partitions, 0);
            // A fresh classic group's first completed join is generation 1
            // (ClassicGroup.initNextGeneration); any later generation means
            // some member missed the first one.
            if (genBefore != 1) {
                throw new IllegalStateException("group " + groupId + ": the first generation did not contain all "
                    + members + " members (they met only in generation " + genBefore + ")");
            }
            ObjectNode before = assignment(group);

            List<Member> rest;
            String what;
            if (c.has("joins")) {
                String joins = c.get("joins").asText();
                Member joining = new Member(joins, memberProps(cluster, groupId, joins, assignor), topic);
                all.add(joining);
                joining.thread.start();
                rest = new ArrayList<>(group);
                rest.add(joining);
                what = joins + " joined";
            } else {
                String leaves = c.get("leaves").asText();
                Member leaving = group.stream().filter(m -> m.clientId.equals(leaves)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no member " + leaves));
                leaving.leave = true;
                Wait.until(leaves + " to close", DEADLINE, () -> leaving.closed);
                if (leaving.failure != null) {
                    throw new IllegalStateException(leaves + " failed", leaving.failure);
                }
                rest = group.stream().filter(m -> m != leaving).collect(Collectors.toList());
                what = leaves + " left";
            }
            // GroupMetadataManager.classicGroupLeaveToClassicGroup removes a
            // leaver and calls maybePrepareRebalanceOrCompleteJoin, so the
            // stable state after a leave is in a later generation even when
            // the leaver owned nothing; a JoinGroup from a new member starts
            // a rebalance too. With cooperative-sticky, partitions being
            // revoked are owned by nobody in that generation
            // (CooperativeStickyAssignor.adjustAssignment), so the first
            // generation whose assignment covers every partition is the
            // final one.
            int genAfter = awaitStable("group " + groupId + " to rebalance after " + what,
                admin, groupId, rest, partitions, genBefore);
            ObjectNode after = assignment(rest);

            ObjectNode observed = Facts.JSON.createObjectNode();
            observed.set("before", before);
            observed.set("after", after);
            observed.put("generations_before", genBefore);
            observed.put("generations_after", genAfter);
            return observed;
        } finally {
            all.forEach(m -> m.leave = true);
            for (Member m : all) {
                m.thread.join(DEADLINE.toMillis());
            }
        }
    }

    /**
     * Waits until the members all report the same generation, later than
     * {@code afterGeneration}, whose assignment gives each partition to
     * exactly one of them, and the coordinator agrees: the group is Stable
     * with exactly these members owning exactly what they report.
     */
    private static int awaitStable(String what, Admin admin, String groupId, List<Member> members,
                                   int partitions, int afterGeneration) throws Exception {
        int[] generation = {-1};
        Wait.until(what, DEADLINE, () -> {
            for (Member m : members) {
                if (m.failure != null) {
                    throw new IllegalStateException(m.clientId + " failed", m.failure);
                }
            }
            int gen = members.get(0).view.generation();
            List<Integer> all = new ArrayList<>();
            for (Member m : members) {
                View v = m.view;
                if (v.generation() != gen) {
                    return false;
                }
                all.addAll(v.partitions());
            }
            if (gen <= afterGeneration || all.size() != partitions || new TreeSet<>(all).size() != partitions) {
                return false;
            }
            ConsumerGroupDescription d = admin.describeConsumerGroups(List.of(groupId))
                .describedGroups().get(groupId).get();
            if (d.groupState() != GroupState.STABLE || d.members().size() != members.size()) {
                return false;
            }
            for (MemberDescription md : d.members()) {
                Member m = members.stream().filter(x -> x.clientId.equals(md.clientId())).findFirst().orElse(null);
                if (m == null) {
                    return false;
                }
                List<Integer> coordinatorView = md.assignment().topicPartitions().stream()
                    .map(TopicPartition::partition).sorted().collect(Collectors.toList());
                if (!coordinatorView.equals(m.view.partitions())) {
                    return false;
                }
            }
            // Re-read: the generation must not have moved while the
            // coordinator was being asked.
            for (Member m : members) {
                if (m.view.generation() != gen) {
                    return false;
                }
            }
            generation[0] = gen;
            return true;
        });
        return generation[0];
    }

    private static ObjectNode assignment(List<Member> members) {
        ObjectNode o = Facts.JSON.createObjectNode();
        for (Member m : members) {
            ArrayNode a = o.putArray(m.clientId);
            m.view.partitions().forEach(a::add);
        }
        return o;
    }

    // ---------------------------------------------------------------- crash

    private static ObjectNode crashCase(JsonNode c, Cluster cluster, Admin admin, BrokerGroupConfig broker,
                                        Path outDir) throws Exception {
        String name = c.get("name").asText();
        String topic = "crash." + name;
        String groupId = "crash." + name;
        String commit = c.get("commit").asText();
        int records = c.get("records").asInt();
        int maxPoll = c.get("max_poll_records").asInt();
        int crashAfter = c.get("crash_after_processed").asInt();
        if (c.get("partitions").asInt() != 1) {
            throw new IllegalArgumentException("crash cases use one partition");
        }
        if (!commit.equals("auto") && !commit.equals("manual")) {
            throw new IllegalArgumentException("unknown commit mode " + commit);
        }
        TopicPartition tp = new TopicPartition(topic, 0);
        createTopic(admin, topic, 1);

        // The broker's floor: the shortest session the coordinator accepts
        // (GroupCoordinatorService.joinGroup answers INVALID_SESSION_TIMEOUT
        // outside [group.min.session.timeout.ms, group.max.session.timeout.ms]).
        int sessionTimeoutMs = broker.minSessionTimeoutMs();

        List<Long> crashed = new CopyOnWriteArrayList<>();
        List<Long> crashedSawCommitted = new CopyOnWriteArrayList<>();
        List<Long> ready = new CopyOnWriteArrayList<>();
        // Its log4j file (see log4j2.properties) and its stderr in one file;
        // its stdout is the report read below.
        Path log = logsDir(outDir).resolve("crash." + name + ".consumer-1.log");
        Files.deleteIfExists(log);
        List<String> cmd = new ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
            "-Dlab.kafka.log.file=" + log));
        cmd.addAll(Cds.flags("crashing-consumer"));
        cmd.addAll(List.of(
            "-cp", System.getProperty("java.class.path"),
            CrashingConsumer.class.getName(),
            cluster.bootstrap(), topic, groupId, commit,
            Integer.toString(maxPoll), Integer.toString(crashAfter), Integer.toString(sessionTimeoutMs)));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Process child = pb.start();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(
                    new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    String[] w = line.split(" ");
                    if (w[0].equals(CrashingConsumer.PROCESSED)) {
                        crashed.add(Long.parseLong(w[1]));
                    } else if (w[0].equals(CrashingConsumer.READY)) {
                        ready.add(Long.parseLong(w[1]));
                    } else if (w[0].equals(CrashingConsumer.COMMITTED)) {
                        crashedSawCommitted.add(Long.parseLong(w[1]));
                    }
                }
            } catch (Exception e) {
                // The stream ends or breaks when the child is killed.
            }
        }, "consumer-1-stdout");
        reader.start();
        long committedBeforeCrash;
        try {
            Wait.until("consumer-1 to own " + tp, DEADLINE, () -> {
                if (!child.isAlive()) {
                    throw new IllegalStateException("consumer-1 exited by itself with " + child.exitValue());
                }
                return !ready.isEmpty();
            });
            produce(cluster, topic, records);
            child.getOutputStream().write((CrashingConsumer.GO + "\n").getBytes(StandardCharsets.UTF_8));
            child.getOutputStream().flush();
            Wait.until("consumer-1 to process " + crashAfter + " records", DEADLINE, () -> {
                if (!child.isAlive()) {
                    throw new IllegalStateException("consumer-1 exited by itself with " + child.exitValue());
                }
                return crashed.size() >= crashAfter;
            });
        } finally {
            // Process.destroyForcibly is SIGKILL on Linux (ProcessImpl.destroy(true)):
            // no close(), so no commit on close and no LeaveGroup.
            child.destroyForcibly();
            child.waitFor();
            reader.join(DEADLINE.toMillis());
        }
        if (child.exitValue() != 128 + 9) {
            throw new IllegalStateException("consumer-1 did not die of SIGKILL: exit " + child.exitValue());
        }
        if (crashed.size() != crashAfter) {
            throw new IllegalStateException("consumer-1 reported " + crashed.size() + " records, not " + crashAfter);
        }
        OffsetAndMetadata om = admin.listConsumerGroupOffsets(groupId).partitionsToOffsetAndMetadata().get().get(tp);
        committedBeforeCrash = om == null ? -1 : om.offset();
        // The child read its committed offset back after every commit point
        // (see CrashingConsumer), so the broker's offset must be the last one it saw.
        long lastSeen = crashedSawCommitted.isEmpty() ? -1 : crashedSawCommitted.get(crashedSawCommitted.size() - 1);
        if (lastSeen != committedBeforeCrash) {
            throw new IllegalStateException("committed offset " + committedBeforeCrash
                + " differs from the last one consumer-1 saw, " + lastSeen);
        }

        List<Long> successor = successor(cluster, topic, groupId, sessionTimeoutMs, records);
        Set<Long> crashedSet = Set.copyOf(crashed);

        ObjectNode observed = Facts.JSON.createObjectNode();
        ArrayNode pc = observed.putArray("processed_by_crashed");
        crashed.forEach(pc::add);
        if (om == null) {
            observed.putNull("committed_before_crash");
        } else {
            observed.put("committed_before_crash", committedBeforeCrash);
        }
        ArrayNode again = observed.putArray("delivered_again");
        successor.stream().filter(crashedSet::contains).forEach(again::add);
        ArrayNode ps = observed.putArray("processed_by_successor");
        successor.forEach(ps::add);
        return observed;
    }

    /**
     * consumer-2 joins after consumer-1's death. The coordinator still counts
     * the dead member until its session expires
     * (GroupMetadataManager.expireClassicGroupMemberHeartbeat ->
     * removeMemberAndUpdateClassicGroup, which completes the pending join),
     * so the partition reaches consumer-2 after session.timeout.ms, and it
     * resumes at the committed offset.
     */
    private static List<Long> successor(Cluster cluster, String topic, String groupId, int sessionTimeoutMs,
                                        int records) throws Exception {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrap());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "consumer-2");
        p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
        p.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, RangeAssignor.class.getName());
        p.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, Integer.toString(sessionTimeoutMs));
        p.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, "100");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        // Only used when consumer-1 committed nothing: start where it started.
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        List<Long> seen = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p)) {
            consumer.subscribe(List.of(topic));
            Wait.until("consumer-2 to process to offset " + (records - 1), DEADLINE, () -> {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
                    seen.add(r.offset());
                }
                return !seen.isEmpty() && seen.get(seen.size() - 1) == records - 1;
            });
        }
        return seen;
    }

    /** Where Cluster puts the node logs (lab.kafka.logs, set by Main), else the facts' folder. */
    private static Path logsDir(Path outDir) throws IOException {
        String dir = System.getProperty("lab.kafka.logs");
        Path p = dir != null ? Path.of(dir) : outDir;
        Files.createDirectories(p);
        return p;
    }

    // ---------------------------------------------------------------- topics

    static void createTopic(Admin admin, String topic, int partitions) throws Exception {
        admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
        // The group leader assigns from its metadata; a topic whose partitions
        // have no leader yet would be assigned short.
        Wait.until("topic " + topic + " to have " + partitions + " led partitions", DEADLINE, () -> {
            Map<String, TopicDescription> d;
            try {
                d = admin.describeTopics(List.of(topic)).allTopicNames().get();
            } catch (ExecutionException e) {
                return false;
            }
            Collection<TopicPartitionInfo> ps = d.get(topic).partitions();
            return ps.size() == partitions && ps.stream().allMatch(x -> x.leader() != null);
        });
    }

    /**
     * All records in one batch, which the leader appends at once
     * (UnifiedLog.appendAsLeader takes the batch whole), so consumer-1's
     * fetches see none or all of them and every poll returns exactly
     * max.poll.records: batch boundaries never depend on fetch timing.
     * The producer keeps records for a partition in one open batch
     * (RecordAccumulator.append) until batch.size or linger.ms; flush() sends it.
     */
    private static void produce(Cluster cluster, String topic, int records) throws Exception {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrap());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "60000");
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "90000");
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, Integer.toString(1 << 20));
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (int i = 0; i < records; i++) {
                sent.add(producer.send(new ProducerRecord<>(topic, 0, "order-" + (i + 1), "record-" + i)));
            }
            producer.flush();
            // Sender.SenderMetrics: one produce request carrying them all.
            double perRequest = producer.metrics().entrySet().stream()
                .filter(e -> e.getKey().name().equals("records-per-request-avg")
                    && e.getKey().group().equals("producer-metrics"))
                .mapToDouble(e -> ((Number) e.getValue().metricValue()).doubleValue())
                .findFirst().orElse(Double.NaN);
            if (perRequest != records) {
                throw new IllegalStateException(topic + ": " + records + " records went out in requests of "
                    + perRequest + " on average, not in one");
            }
            for (int i = 0; i < records; i++) {
                long offset = sent.get(i).get().offset();
                if (offset != i) {
                    throw new IllegalStateException("record " + i + " of " + topic + " landed at offset " + offset);
                }
            }
        }
    }
}
