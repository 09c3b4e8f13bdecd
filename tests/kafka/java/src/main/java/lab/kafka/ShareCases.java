package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Future;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.FeatureMetadata;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.internals.AppInfoParser;

/**
 * Area "share": KIP-932 share groups, scripted step by step so that a
 * simulation of one share partition can be compared case by case.
 *
 * <p>Each case has a fresh one-partition topic, its records produced before
 * any consumer starts, and a fresh share group whose consumers
 * ({@link KafkaShareConsumer}, explicit acknowledgement) run the case's
 * steps one at a time on this thread:
 * <ul>
 * <li>{@code poll}: polls until the poll returns records (deadline
 *     {@link #DEADLINE}); observed: {@code records} [{offset, key, value,
 *     delivery_count}], or {@code result}, the exception's simple name, if
 *     the poll threw (KafkaShareConsumer.poll throws IllegalStateException
 *     while records of the previous poll are unacknowledged).</li>
 * <li>{@code ack}: {@code acknowledge(record, type)} for {@code offset},
 *     which must be among the records of that consumer's latest poll;
 *     observed: {@code result}, "ok" or what acknowledge threw. The
 *     acknowledgement goes to the broker with the consumer's next
 *     commit, poll or close.</li>
 * <li>{@code commit}: {@code commitSync()}; observed: {@code result}, "ok",
 *     the simple name of the partition's exception, or "nothing" when no
 *     acknowledgement was pending (commitSync returns an empty map).</li>
 * <li>{@code expire}: the consumer's locks run out: waits until the lock
 *     timeout of its latest poll (the acquisition lock timeout the broker
 *     returned) has passed since that poll returned. The broker acquired
 *     before it answered, so its lock timer is due by then.</li>
 * <li>{@code close}: {@code close()}; observed: {@code result}.</li>
 * </ul>
 * Besides the steps, observed has {@code seen}: per consumer, the offsets in
 * the order its polls returned them; and {@code acknowledgements}: per
 * consumer, what the broker answered for each acknowledgement request, in
 * the order the {@link org.apache.kafka.clients.consumer.AcknowledgementCommitCallback}
 * heard of them: [{offsets, result}]. The broker answers one error per
 * partition and request, so one bad offset fails every offset acknowledged
 * with it (SharePartition.acknowledge stops at the first bad batch and
 * rollbackOrProcessStateUpdates rolls back the whole request).
 *
 * <p>What makes the facts the same on every run:
 * <ul>
 * <li>A share consumer joins its group and fetches only when polled: subscribe
 *     sends nothing, and ShareConsumeRequestManager sends ShareFetches only
 *     while fetchMoreRecords is set, which poll sets (ShareFetchEvent) and a
 *     response that acquired records clears. A poll step is one poll call
 *     that returns with the records, so it leaves nothing fetching and no
 *     consumer acquires between steps. A consumer whose poll returned empty
 *     would go on fetching in the background and take records no step
 *     asked for, so a poll step that gets nothing fails.</li>
 * <li>{@code share.acquire.mode=record_limit}: the broker acquires at most
 *     max.poll.records records per ShareFetch (SharePartition.acquire);
 *     batch_optimized would acquire whole log batches.</li>
 * <li>The records go out in one produce request, one log batch, so the
 *     broker's in-flight batches never depend on how the producer split them.</li>
 * <li>A release is acquirable again only once the share coordinator has
 *     persisted it (InFlightState.hasOngoingStateTransition, cleared in
 *     SharePartition.rollbackOrProcessStateUpdates). commitSync returns after
 *     that; but acknowledgements riding on a poll's ShareFetch are applied by
 *     the broker just before the same request's fetch, with the persist
 *     still under way, so whether that poll gets the released record would be
 *     a race. A plan that polls with an uncommitted release is refused.</li>
 * <li>Releases by a closing consumer (SharePartitionManager.releaseSession)
 *     and by a lock timeout are also persisted asynchronously, after close()
 *     returned or after the lock's deadline: a poll right after them is
 *     deterministic only if they are the records it can get, and the plans
 *     are written so. Records a poll took from part of a log batch even time
 *     out one by one: InFlightBatch.maybeInitializeOffsetStateUpdate gives
 *     each its own lock timer; a poll that took the rest of the batch has one.</li>
 * </ul>
 *
 * <p>The group's {@code share.record.lock.duration.ms} and
 * {@code share.delivery.count.limit} come from the case (group configs,
 * GroupConfig, bounded by the broker's group.share.min/max.* settings:
 * lock at least 15000 ms, limit at least 2 by default), and
 * {@code share.auto.offset.reset=earliest} so that the share partition
 * starts at offset 0 (the default, latest, would skip the records produced
 * before the first consumer).
 */
public final class ShareCases {
    private ShareCases() {}

    /**
     * Bounds each poll and each expiry: a member's join (one share
     * heartbeat interval, 5 s by default) plus a lock that may have to run
     * out first (at most group.share.max.record.lock.duration.ms, 60 s by default).
     */
    private static final Duration DEADLINE = Duration.ofSeconds(90);

    /** Cases at a time ({@link ParallelCases}): each spends most of its time waiting for members to join and for locks to run out. */
    private static final int PARALLEL = 4;

    public static void run(ObjectNode plan, Cluster cluster, Path outDir) throws Exception {
        Facts facts = new Facts("java");
        facts.client("java", AppInfoParser.getVersion());
        Path out = outDir.resolve("share.json");
        Admin admin = cluster.admin();
        requireShareGroups(admin);
        List<Script> scripts = new ArrayList<>();
        for (JsonNode c : plan.path("share").path("cases")) {
            Script script = new Script(c, cluster, admin);
            // Every plan is checked before any case starts.
            script.validate();
            scripts.add(script);
        }
        try (ParallelCases cases = new ParallelCases(PARALLEL, DEADLINE)) {
            for (Script script : scripts) {
                cases.submit("share", script.c, script::run);
            }
            cases.collect(facts, out);
        }
        facts.write(out);
    }

    /**
     * Share groups need the share.version feature at level 1 or more
     * (ShareVersion.supportsShareGroups); a 4.4.0 cluster formatted with
     * the defaults finalizes the latest production level, 2.
     */
    private static void requireShareGroups(Admin admin) throws Exception {
        FeatureMetadata features = admin.describeFeatures().featureMetadata().get();
        FinalizedVersionRange share = features.finalizedFeatures().get("share.version");
        if (share == null || share.maxVersionLevel() < 1) {
            throw new IllegalStateException("the broker does not support share groups: share.version is "
                + (share == null ? "not finalized" : share.maxVersionLevel()));
        }
    }

    /** One case: its topic and group, its consumers by name, and what each step observed. */
    private static final class Script {
        final JsonNode c;
        final Cluster cluster;
        final Admin admin;
        final String topic;
        final String groupId;
        final int maxPollRecords;
        final int lockMs;
        final Map<String, Member> members = new LinkedHashMap<>();

        Script(JsonNode c, Cluster cluster, Admin admin) {
            this.c = c;
            this.cluster = cluster;
            this.admin = admin;
            for (String field : List.of("name", "lock_ms", "delivery_limit", "max_poll_records", "records", "consumers", "steps")) {
                if (!c.hasNonNull(field)) {
                    throw new IllegalArgumentException("share case " + c.path("name") + " has no " + field);
                }
            }
            String name = c.get("name").asText();
            this.topic = "share." + name;
            this.groupId = "share." + name;
            this.maxPollRecords = c.get("max_poll_records").asInt();
            this.lockMs = c.get("lock_ms").asInt();
            for (JsonNode m : c.get("consumers")) {
                members.put(m.asText(), new Member(m.asText()));
            }
        }

        ObjectNode run() throws Exception {
            GroupCases.createTopic(admin, topic, 1);
            produce();
            configureGroup();
            ObjectNode observed = Facts.JSON.createObjectNode();
            ArrayNode steps = observed.putArray("steps");
            try {
                for (JsonNode step : c.get("steps")) {
                    steps.add(step(step));
                }
            } finally {
                for (Member m : members.values()) {
                    m.closeQuietly();
                }
            }
            ObjectNode seen = observed.putObject("seen");
            ObjectNode acks = observed.putObject("acknowledgements");
            for (Member m : members.values()) {
                ArrayNode s = seen.putArray(m.name);
                m.seen.forEach(s::add);
                acks.set(m.name, m.acknowledgements);
            }
            return observed;
        }

        /**
         * Refuses what the steps cannot run, before anything starts: unknown
         * names, a consumer's step before its first poll (which makes it) or
         * after its close, and a poll that would carry an uncommitted release
         * (see the class comment).
         */
        void validate() {
            Set<String> polled = new TreeSet<>();
            Set<String> closed = new TreeSet<>();
            Set<String> pendingRelease = new TreeSet<>();
            for (JsonNode step : c.get("steps")) {
                String op = step.path("op").asText();
                String who = step.path("consumer").asText();
                if (!members.containsKey(who)) {
                    throw new IllegalArgumentException("step " + step + ": no consumer " + who + " in " + members.keySet());
                }
                if (closed.contains(who)) {
                    throw new IllegalArgumentException("step " + step + ": " + who + " is closed");
                }
                if (!op.equals("poll") && !polled.contains(who)) {
                    throw new IllegalArgumentException("step " + step + ": " + who + " has not polled yet");
                }
                switch (op) {
                    case "poll" -> {
                        if (pendingRelease.contains(who)) {
                            throw new IllegalArgumentException("step " + step + ": " + who
                                + " polls with an uncommitted release; commit first, or the poll races the release's persist");
                        }
                        polled.add(who);
                    }
                    case "ack" -> {
                        if (!step.hasNonNull("offset") || !step.hasNonNull("type")) {
                            throw new IllegalArgumentException("step " + step + ": an ack needs offset and type");
                        }
                        if (ackType(step.get("type").asText()) == AcknowledgeType.RELEASE) {
                            pendingRelease.add(who);
                        }
                    }
                    case "commit" -> pendingRelease.remove(who);
                    case "close" -> closed.add(who);
                    case "expire" -> { }
                    default -> throw new IllegalArgumentException("step " + step + ": unknown op " + op);
                }
            }
        }

        private ObjectNode step(JsonNode step) throws Exception {
            ObjectNode o = step.deepCopy();
            Member m = members.get(step.get("consumer").asText());
            switch (step.get("op").asText()) {
                case "poll" -> m.poll(o);
                case "ack" -> m.ack(step.get("offset").asLong(), ackType(step.get("type").asText()), o);
                case "commit" -> m.commit(o);
                case "expire" -> m.expire();
                case "close" -> m.close(o);
                default -> throw new IllegalArgumentException("unknown op " + step.get("op"));
            }
            return o;
        }

        /**
         * The group's settings, set before its first member joins: the
         * share partition's start offset is chosen from
         * share.auto.offset.reset when the group first initializes it.
         * Group configs may be set before the group exists.
         */
        private void configureGroup() throws Exception {
            ConfigResource group = new ConfigResource(ConfigResource.Type.GROUP, groupId);
            List<AlterConfigOp> ops = List.of(
                set("share.auto.offset.reset", "earliest"),
                set("share.record.lock.duration.ms", Integer.toString(lockMs)),
                set("share.delivery.count.limit", Integer.toString(c.get("delivery_limit").asInt())));
            admin.incrementalAlterConfigs(Map.of(group, ops)).all().get();
        }

        private static AlterConfigOp set(String name, String value) {
            return new AlterConfigOp(new ConfigEntry(name, value), AlterConfigOp.OpType.SET);
        }

        /** All records in one produce request and so one log batch (see GroupCases.produce), at offsets 0.. in plan order. */
        private void produce() throws Exception {
            JsonNode records = c.get("records");
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
                for (JsonNode r : records) {
                    String key = r.path("key").isNull() || r.path("key").isMissingNode() ? null : r.get("key").asText();
                    sent.add(producer.send(new ProducerRecord<>(topic, 0, key, r.get("value").asText())));
                }
                producer.flush();
                double perRequest = producer.metrics().entrySet().stream()
                    .filter(e -> e.getKey().name().equals("records-per-request-avg")
                        && e.getKey().group().equals("producer-metrics"))
                    .mapToDouble(e -> ((Number) e.getValue().metricValue()).doubleValue())
                    .findFirst().orElse(Double.NaN);
                if (perRequest != records.size()) {
                    throw new IllegalStateException(topic + ": " + records.size() + " records went out in requests of "
                        + perRequest + " on average, not in one");
                }
                for (int i = 0; i < sent.size(); i++) {
                    long offset = sent.get(i).get().offset();
                    if (offset != i) {
                        throw new IllegalStateException("record " + i + " of " + topic + " landed at offset " + offset);
                    }
                }
            }
        }

        /**
         * What a client call threw, as a fact; but an interrupt is this
         * harness stopping the case (run's shutdownNow), not an answer.
         */
        private static String outcome(RuntimeException e) {
            if (e instanceof InterruptException) {
                throw e;
            }
            return e.getClass().getSimpleName();
        }

        private static AcknowledgeType ackType(String type) {
            return switch (type) {
                case "accept" -> AcknowledgeType.ACCEPT;
                case "release" -> AcknowledgeType.RELEASE;
                case "reject" -> AcknowledgeType.REJECT;
                default -> throw new IllegalArgumentException("unknown acknowledge type " + type);
            };
        }

        /** One share consumer of the case, made at its first poll. */
        private final class Member {
            final String name;
            KafkaShareConsumer<String, String> consumer;
            boolean closed;
            /** The records of its latest poll that returned any, by offset. */
            final Map<Long, ConsumerRecord<String, String>> held = new LinkedHashMap<>();
            long heldAtNanos;
            int heldLockMs;
            final List<Long> seen = new ArrayList<>();
            final ArrayNode acknowledgements = Facts.JSON.createArrayNode();

            Member(String name) {
                this.name = name;
            }

            private KafkaShareConsumer<String, String> consumer() {
                if (closed) {
                    throw new IllegalArgumentException(name + " is closed");
                }
                if (consumer == null) {
                    Properties p = new Properties();
                    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrap());
                    p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
                    p.put(ConsumerConfig.CLIENT_ID_CONFIG, groupId + "." + name);
                    p.put(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, "explicit");
                    p.put(ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG, "record_limit");
                    p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Integer.toString(maxPollRecords));
                    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
                    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
                    consumer = new KafkaShareConsumer<>(p);
                    // Called on this thread from within poll, commitSync and
                    // close (ShareConsumerImpl.handleCompletedAcknowledgements).
                    consumer.setAcknowledgementCommitCallback((offsets, exception) -> {
                        for (Map.Entry<TopicIdPartition, Set<Long>> e : offsets.entrySet()) {
                            ObjectNode a = acknowledgements.addObject();
                            ArrayNode os = a.putArray("offsets");
                            new TreeSet<>(e.getValue()).forEach(os::add);
                            a.put("result", exception == null ? "ok" : exception.getClass().getSimpleName());
                        }
                    });
                    consumer.subscribe(List.of(topic));
                }
                return consumer;
            }

            void poll(ObjectNode o) throws Exception {
                KafkaShareConsumer<String, String> sc = consumer();
                // One poll call, returning as soon as records arrive, never a
                // loop of short polls: each call's first pass sends a
                // ShareFetchEvent (ShareConsumerImpl.collect), and one sent
                // while a ShareFetch is in flight re-sets fetchMoreRecords
                // after that fetch's records arrived, so the consumer goes on
                // fetching, and acquiring, in the background, unseen by the
                // script: with a loop of 100 ms polls, one run in five of
                // lock-expiry had A take its expired records back unseen, and
                // B got them only a lock later, on their third delivery.
                List<ConsumerRecord<String, String>> got = new ArrayList<>();
                try {
                    sc.poll(DEADLINE).forEach(got::add);
                } catch (IllegalStateException | KafkaException e) {
                    o.put("result", outcome(e));
                    return;
                }
                if (got.isEmpty()) {
                    throw new IllegalStateException("timed out after " + DEADLINE + " waiting for " + name
                        + " to poll records of " + topic);
                }
                heldAtNanos = System.nanoTime();
                // The lock the broker took for these records, from the
                // ShareFetch response (ShareCompletedFetch); it must be the
                // group's, or the group config did not apply.
                heldLockMs = sc.acquisitionLockTimeoutMs().orElseThrow(
                    () -> new IllegalStateException(name + ": no acquisition lock timeout with the records"));
                if (heldLockMs != lockMs) {
                    throw new IllegalStateException(name + ": records locked for " + heldLockMs + " ms, not the group's " + lockMs);
                }
                held.clear();
                ArrayNode rs = o.putArray("records");
                for (ConsumerRecord<String, String> r : got) {
                    held.put(r.offset(), r);
                    seen.add(r.offset());
                    ObjectNode x = rs.addObject();
                    x.put("offset", r.offset());
                    x.put("key", r.key());
                    x.put("value", r.value());
                    Optional<Short> dc = r.deliveryCount();
                    x.put("delivery_count", dc.orElseThrow(
                        () -> new IllegalStateException(name + ": no delivery count for offset " + r.offset())));
                }
            }

            void ack(long offset, AcknowledgeType type, ObjectNode o) {
                ConsumerRecord<String, String> r = held.get(offset);
                if (r == null) {
                    throw new IllegalArgumentException(name + " acknowledges offset " + offset
                        + ", not among its latest poll's " + held.keySet());
                }
                try {
                    consumer().acknowledge(r, type);
                    o.put("result", "ok");
                } catch (IllegalStateException | KafkaException e) {
                    o.put("result", outcome(e));
                }
            }

            void commit(ObjectNode o) {
                Map<TopicIdPartition, Optional<KafkaException>> result;
                try {
                    result = consumer().commitSync();
                } catch (KafkaException e) {
                    o.put("result", outcome(e));
                    return;
                }
                if (result.isEmpty()) {
                    o.put("result", "nothing");
                    return;
                }
                if (result.size() != 1) {
                    throw new IllegalStateException(name + ": commit answered for " + result.keySet() + ", not one partition");
                }
                Optional<KafkaException> e = result.values().iterator().next();
                o.put("result", e.map(x -> x.getClass().getSimpleName()).orElse("ok"));
            }

            /** Waits, on the clock, until the locks of its latest poll are due on the broker. */
            void expire() throws Exception {
                if (held.isEmpty()) {
                    throw new IllegalArgumentException(name + " holds no records whose locks could expire");
                }
                long due = heldAtNanos + Duration.ofMillis(heldLockMs).toNanos();
                Wait.until(name + "'s acquisition locks to expire", DEADLINE, () -> System.nanoTime() - due >= 0);
            }

            void close(ObjectNode o) {
                try {
                    consumer().close();
                    o.put("result", "ok");
                } catch (KafkaException e) {
                    o.put("result", outcome(e));
                }
                closed = true;
            }

            void closeQuietly() {
                if (consumer != null && !closed) {
                    closed = true;
                    try {
                        consumer.close();
                    } catch (KafkaException e) {
                        // The case is over; its group is never used again.
                    }
                }
            }
        }
    }
}
