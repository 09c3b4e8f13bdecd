package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.message.ListOffsetsRequestData;
import org.apache.kafka.common.message.ListOffsetsResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.Record;
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.ListOffsetsRequest;
import org.apache.kafka.common.requests.ListOffsetsResponse;
import org.apache.kafka.common.requests.MetadataRequest;
import org.apache.kafka.common.requests.MetadataResponse;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.internals.AppInfoParser;

/**
 * Area "replication": one partition on brokers 1, 2, 3 (1 leads). A
 * "failover" case stalls the followers, sends records with the case's acks,
 * then kills the leader: what the high watermark did, which sends were
 * refused, who leads afterwards and which acknowledged records survived. A
 * "shrink-after-append" case appends one acks=all record while the ISR is
 * enough, then lets the ISR fall below min.insync.replicas before any
 * follower has it: what the producer hears, and what the HW does.
 *
 * Each case gets a fresh cluster: it kills a broker. Kafka sources read for
 * these rules are from github:apache/kafka.
 */
public final class ReplicationCases {
    private ReplicationCases() {}

    private static final String TOPIC = "orders";
    private static final TopicPartition TP = new TopicPartition(TOPIC, 0);
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final String[] EVENTS = {"Created", "Paid", "Packed", "Shipped", "Delivered"};
    private static final int LEADER = 1;
    private static final List<Integer> FOLLOWERS = List.of(2, 3);

    public static void run(JsonNode plan, Path outDir) throws Exception {
        Facts facts = new Facts("java");
        facts.client("java", AppInfoParser.getVersion());
        Path out = outDir.resolve("replication.json");
        for (JsonNode c : plan.path("replication").path("cases")) {
            ObjectNode observed = "shrink-after-append".equals(c.path("kind").asText())
                ? runShrinkAfterAppend(c) : runFailover(c);
            facts.add("replication/" + c.get("name").asText(), "replication", c, observed);
            facts.write(out);
        }
        facts.write(out);
    }

    /**
     * A cluster of three brokers with the case's topic, `before` records on
     * every replica, and the ISR whole; their offsets go into `acked`.
     */
    private static Cluster seeded(int minIsr, int before, List<Long> acked) throws Exception {
        Cluster.Options o = new Cluster.Options();
        o.brokers = 3;
        // The followers leave the ISR because the controller fences them:
        // a SIGSTOPped broker stops heartbeating, and after
        // broker.session.timeout.ms ReplicationControlManager fences it and,
        // through generateLeaderAndIsrUpdates, takes it out of every ISR. The
        // leader's own shrink (Partition.maybeShrinkIsr) would not fire:
        // Replica.isCaughtUp counts a follower whose log end equals the
        // leader's as caught up however long it has been silent, and nothing
        // is written until the ISR is down to the leader. Short timeouts only
        // make the case quicker; every step waits for the state it needs.
        o.brokerConfig.put("broker.session.timeout.ms", "3000");
        o.brokerConfig.put("broker.heartbeat.interval.ms", "500");
        Cluster cluster = Cluster.start(o);
        try {
            NewTopic topic = new NewTopic(TOPIC, Map.of(0, List.of(1, 2, 3))).configs(Map.of(
                "min.insync.replicas", Integer.toString(minIsr),
                "unclean.leader.election.enable", "false"));
            cluster.admin().createTopics(List.of(topic)).all().get();
            // Broker 1 answers as the partition's leader only once it has
            // applied the controller's change to its own replicas
            // (ReplicaManager.applyDelta). A producer that learned the leader
            // from another broker's metadata can reach it before that, and
            // with retries=0 it would take NOT_LEADER_OR_FOLLOWER for the
            // outcome. ListOffsets needs the same leader partition, so its
            // first answer is the condition to wait on.
            Wait.until("broker 1 leads " + TP, DEADLINE, () -> highWatermarkIfAnswered(cluster, LEADER) == 0);

            // N records on all three replicas: with every replica in the
            // ISR, the HW is the smallest log end in it
            // (Partition.maybeIncrementLeaderHW), so HW = N means all three hold them.
            try (KafkaProducer<String, String> p = producer(cluster.bootstrap(), "all", 10000)) {
                for (int i = 0; i < before; i++) {
                    acked.add(p.send(record(i)).get().offset());
                }
            }
            Wait.until("ISR {1,2,3} and HW " + before + " on broker 1", DEADLINE, () -> {
                Optional<View> v = view(cluster, LEADER);
                return v.isPresent() && v.get().isr.equals(List.of(1, 2, 3))
                    && highWatermarkIfAnswered(cluster, LEADER) == before;
            });
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    /** Stops a follower and waits until the controller has fenced it out of the ISR. */
    private static void stall(Cluster cluster, int broker, List<Integer> isrAfter) throws Exception {
        cluster.pause(broker);
        Wait.until("broker " + broker + " fenced and out of the ISR", DEADLINE, () -> {
            Optional<View> v = view(cluster, LEADER);
            return v.isPresent() && !v.get().alive.contains(broker) && v.get().isr.equals(isrAfter);
        });
    }

    private static ObjectNode runFailover(JsonNode c) throws Exception {
        String acks = c.get("acks").asText();
        int minIsr = c.get("min_isr").asInt();
        int before = c.get("records_before").asInt();
        int stalled = c.get("records_while_followers_stalled").asInt();

        List<Long> acked = new ArrayList<>();
        try (Cluster cluster = seeded(minIsr, before, acked)) {
            // Stall the followers. Made, and its metadata fetched, before the
            // pause, and bootstrapped from broker 1 only, so it never waits on
            // a stopped broker.
            try (KafkaProducer<String, String> p = producer(address(cluster, LEADER), acks, 10000)) {
                p.partitionsFor(TOPIC);
                // One at a time, so the controller fences them in a known
                // order (it fences one stale broker per pass anyway,
                // ReplicationControlManager.maybeFenceOneStaleBroker): the
                // follower fenced last is the one that leaves an ISR already
                // below min.insync.replicas, so it alone enters the ELR
                // (PartitionChangeBuilder.maybePopulateTargetElr).
                stall(cluster, 2, List.of(1, 3));
                stall(cluster, 3, List.of(1));
                List<Integer> isrWhenStalled = view(cluster, LEADER).orElseThrow().isr;
                long hwBefore = highWatermark(cluster, LEADER);
                long leoBefore = logEndOffset(cluster, LEADER);

                // Partition.appendRecordsToLeader refuses an acks=all write with
                // NOT_ENOUGH_REPLICAS before appending when the ISR is smaller
                // than min.insync.replicas; acks=1 appends whatever the ISR.
                // retries=0: the first answer is the outcome, never a retry's.
                ArrayNode sends = Facts.JSON.createArrayNode();
                for (int i = 0; i < stalled; i++) {
                    ObjectNode s = sends.addObject();
                    s.put("index", i);
                    try {
                        RecordMetadata md = p.send(record(before + i)).get();
                        s.put("ok", true);
                        s.put("offset", md.offset());
                        acked.add(md.offset());
                    } catch (ExecutionException e) {
                        s.put("ok", false);
                        s.put("exception", e.getCause().getClass().getSimpleName());
                    }
                }
                // Partition.maybeIncrementLeaderHW returns without moving the HW
                // while the partition is under min ISR (isUnderMinIsr, KAFKA-15583,
                // Kafka 3.7+); at or above it, an ISR of the leader alone lets
                // the HW follow the leader's log end at once.
                long hwAfter = highWatermark(cluster, LEADER);
                long leoAfter = logEndOffset(cluster, LEADER);

                // Fail over.
                cluster.kill(LEADER);
                cluster.resume(2);
                cluster.resume(3);
                Integer newLeader = awaitElection(cluster);

                List<Rec> logAfter = new ArrayList<>();
                if (newLeader != null) {
                    int leader = newLeader;
                    // The new leader's HW may lag (a follower learns the HW a
                    // fetch later) and stays frozen under min ISR until the
                    // other survivor rejoins: wait until both survivors are in
                    // the ISR and the HW has reached the leader's log end.
                    Wait.until("brokers 2 and 3 in the ISR of broker " + leader + " and its HW at its log end",
                        DEADLINE, () -> {
                            Optional<View> v = view(cluster, leader);
                            return v.isPresent() && v.get().isr.equals(FOLLOWERS)
                                && highWatermarkIfAnswered(cluster, leader) == logEndOffset(cluster, leader);
                        });
                    logAfter = consume(cluster, leader, highWatermark(cluster, leader));
                }
                Set<Long> survived = logAfter.stream().map(r -> r.offset).collect(Collectors.toSet());

                ObjectNode observed = Facts.JSON.createObjectNode();
                ArrayNode isr = observed.putArray("isr_when_stalled");
                isrWhenStalled.forEach(isr::add);
                observed.set("sends", sends);
                observed.putArray("hw_while_stalled").add(hwBefore).add(hwAfter);
                observed.putArray("leo_while_stalled").add(leoBefore).add(leoAfter);
                if (newLeader == null) {
                    observed.putNull("new_leader");
                } else {
                    observed.put("new_leader", newLeader);
                }
                ArrayNode log = observed.putArray("log_after");
                for (Rec r : logAfter) {
                    log.addObject().put("offset", r.offset).put("key", r.key).put("value", r.value);
                }
                // Lost means served no more by a new leader. With no leader the
                // records are not lost but unavailable: they wait on broker 1's
                // disk, and only broker 1 may lead again.
                ArrayNode lost = observed.putArray("acked_lost");
                if (newLeader != null) {
                    acked.stream().filter(off -> !survived.contains(off)).forEach(lost::add);
                }
                // The survivors' own logs, read from their log dirs: the same
                // records at the same offsets, or not.
                observed.put("replicas_agree", diskLog(cluster, 2).equals(diskLog(cluster, 3)));
                return observed;
            }
        }
    }

    /**
     * Waits until the controller has decided the partition's leadership
     * after broker 1's death, and returns the leader, or null if it stays
     * offline. The decision is final once broker 1 is fenced and brokers 2
     * and 3 are unfenced: ReplicationControlManager elects in the same
     * record batch as each fencing or unfencing (handleBrokerFenced,
     * handleBrokerUnfenced -> generateLeaderAndIsrUpdates), and with
     * unclean election off PartitionChangeBuilder.electAnyLeader takes only
     * an ISR member, or, with eligible leader replicas on (the default for
     * a new 4.1 cluster) and the ISR empty, a member of the ELR, which
     * PartitionChangeBuilder.maybePopulateTargetElr fills with the replicas
     * that left the ISR while it was below min.insync.replicas.
     */
    private static Integer awaitElection(Cluster cluster) throws Exception {
        Integer[] leader = new Integer[1];
        Wait.until("broker 1 fenced, brokers 2 and 3 unfenced, and both agreeing on the leader", DEADLINE, () -> {
            // KafkaApis.handleTopicMetadataRequest reads the topics before the
            // brokers, so within one answer the partition may be older than
            // the broker list. Ask each survivor twice: once its broker list
            // shows the final fencing, its next answer's partition is at
            // least that new.
            Set<Integer> leaders = new TreeSet<>();
            for (int b : FOLLOWERS) {
                Optional<View> first = view(cluster, b);
                if (first.isEmpty() || !first.get().alive.equals(new TreeSet<>(FOLLOWERS))) {
                    return false;
                }
                Optional<View> second = view(cluster, b);
                if (second.isEmpty()) {
                    return false;
                }
                leaders.add(second.get().leader.orElse(MetadataResponse.NO_LEADER_ID));
            }
            if (leaders.size() != 1) {
                return false;
            }
            int id = leaders.iterator().next();
            leader[0] = id == MetadataResponse.NO_LEADER_ID ? null : id;
            return true;
        });
        return leader[0];
    }

    /**
     * One acks=all record appended while the ISR is {1, 3}, enough for
     * min.insync.replicas = 2, with broker 3 already stopped, so no follower
     * fetches it; then broker 3 is fenced and the ISR is the leader alone.
     * Before 3.7 the HW followed the leader's log end at that point and
     * Partition.checkEnoughReplicasReachOffset answered
     * NOT_ENOUGH_REPLICAS_AFTER_APPEND; since KAFKA-15583 the HW stays
     * (maybeIncrementLeaderHW), so the request waits until
     * request.timeout.ms fails it. delivery.timeout.ms is longer, so it is
     * the request's own timeout that answers, not the batch's expiry.
     */
    private static ObjectNode runShrinkAfterAppend(JsonNode c) throws Exception {
        int minIsr = c.get("min_isr").asInt();
        int before = c.get("records_before").asInt();
        try (Cluster cluster = seeded(minIsr, before, new ArrayList<>());
             KafkaProducer<String, String> p = producer(address(cluster, LEADER), "all", 20000)) {
            p.partitionsFor(TOPIC);
            stall(cluster, 2, List.of(1, 3));
            long hwBefore = highWatermark(cluster, LEADER);
            long leoBefore = logEndOffset(cluster, LEADER);
            cluster.pause(3);
            Future<RecordMetadata> sent = p.send(record(before));
            Wait.until("the record in broker 1's log", DEADLINE, () -> logEndOffset(cluster, LEADER) == leoBefore + 1);
            Wait.until("broker 3 fenced and out of the ISR", DEADLINE, () -> {
                Optional<View> v = view(cluster, LEADER);
                return v.isPresent() && !v.get().alive.contains(3) && v.get().isr.equals(List.of(1));
            });
            boolean answeredEarly = sent.isDone();
            List<Integer> isrBeforeAnswer = view(cluster, LEADER).orElseThrow().isr;

            ObjectNode observed = Facts.JSON.createObjectNode();
            try {
                observed.put("offset", sent.get().offset());
                observed.put("ok", true);
            } catch (ExecutionException e) {
                observed.put("ok", false);
                observed.put("exception", e.getCause().getClass().getSimpleName());
                observed.put("message", e.getCause().getMessage());
            }
            observed.put("answered_before_isr_shrank", answeredEarly);
            ArrayNode isr = observed.putArray("isr_before_answer");
            isrBeforeAnswer.forEach(isr::add);
            observed.putArray("hw").add(hwBefore).add(highWatermark(cluster, LEADER));
            observed.putArray("leo").add(leoBefore).add(logEndOffset(cluster, LEADER));
            return observed;
        }
    }

    private static ProducerRecord<String, String> record(int i) {
        return new ProducerRecord<>(TOPIC, 0, "order-" + (i + 1), EVENTS[i % EVENTS.length]);
    }

    /**
     * retries=0: the first answer is the outcome. requestTimeoutMs bounds
     * every wait on an answer; the batch's delivery.timeout.ms is longer,
     * so a request that gets no answer fails with its own REQUEST_TIMED_OUT.
     */
    private static KafkaProducer<String, String> producer(String bootstrap, String acks, int requestTimeoutMs) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, acks);
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
        p.put(ProducerConfig.RETRIES_CONFIG, "0");
        p.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, "1");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, Integer.toString(requestTimeoutMs));
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, Integer.toString(2 * requestTimeoutMs));
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return new KafkaProducer<>(p);
    }

    private static String address(Cluster cluster, int broker) {
        InetSocketAddress a = cluster.listener(broker);
        return a.getHostString() + ":" + a.getPort();
    }

    private record Rec(long offset, String key, String value) {}

    /** What a consumer reads from the leader, from offset 0 up to the HW. */
    private static List<Rec> consume(Cluster cluster, int leader, long hw) throws Exception {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, address(cluster, leader));
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        List<Rec> out = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p)) {
            consumer.assign(List.of(TP));
            consumer.seekToBeginning(List.of(TP));
            Wait.until("reading " + TP + " up to " + hw, DEADLINE, () -> {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
                    out.add(new Rec(r.offset(), r.key(), r.value()));
                }
                return consumer.position(TP) >= hw;
            });
        }
        return out;
    }

    /**
     * A replica's records as its log segments hold them on disk
     * (log.dirs/orders-0/*.log, one file per segment named by its base
     * offset), read without going through the broker.
     */
    private static List<Rec> diskLog(Cluster cluster, int broker) throws IOException {
        Path dir = cluster.logDir(broker).resolve(TOPIC + "-0");
        List<Path> segments;
        try (Stream<Path> files = Files.list(dir)) {
            segments = files.filter(f -> f.getFileName().toString().endsWith(".log")).sorted()
                .collect(Collectors.toList());
        }
        List<Rec> out = new ArrayList<>();
        for (Path segment : segments) {
            MemoryRecords records = MemoryRecords.readableRecords(ByteBuffer.wrap(Files.readAllBytes(segment)));
            for (Record r : records.records()) {
                out.add(new Rec(r.offset(), text(r.key()), text(r.value())));
            }
        }
        return out;
    }

    /** The leader's log end offset: one past the last record in its log. */
    private static long logEndOffset(Cluster cluster, int broker) throws IOException {
        List<Rec> log = diskLog(cluster, broker);
        return log.isEmpty() ? 0 : log.get(log.size() - 1).offset + 1;
    }

    private static String text(ByteBuffer b) {
        if (b == null) {
            return null;
        }
        byte[] bytes = new byte[b.remaining()];
        b.duplicate().get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    // ------------------------------------------------ asking one broker

    /** One broker's metadata: the unfenced brokers it knows, and the partition's leader and ISR. */
    private record View(Set<Integer> alive, Optional<Integer> leader, List<Integer> isr) {}

    /**
     * Asked of one given broker, not of whichever one a client picks, so a
     * stopped broker is never asked and the answer is that broker's view.
     * Empty if the broker does not answer.
     */
    private static Optional<View> view(Cluster cluster, int broker) {
        MetadataResponse r;
        try {
            r = (MetadataResponse) call(cluster.listener(broker), new MetadataRequest.Builder(List.of(TOPIC), false));
        } catch (IOException e) {
            return Optional.empty();
        }
        Set<Integer> alive = r.brokers().stream().map(Node::id).collect(Collectors.toCollection(TreeSet::new));
        for (MetadataResponse.TopicMetadata t : r.topicMetadata()) {
            for (MetadataResponse.PartitionMetadata pm : t.partitionMetadata()) {
                if (t.topic().equals(TOPIC) && pm.partition() == 0 && pm.error != Errors.UNKNOWN_TOPIC_OR_PARTITION) {
                    List<Integer> isr = pm.inSyncReplicaIds.stream().sorted().collect(Collectors.toList());
                    return Optional.of(new View(alive, pm.leaderId, isr));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The high watermark, from the broker itself: ListOffsets for the latest
     * offset with READ_UNCOMMITTED answers the HW, not the log end
     * (Partition.fetchOffsetForTimestamp: lastFetchableOffset).
     */
    private static long highWatermark(Cluster cluster, int broker) throws IOException {
        ListOffsetsRequest.Builder b = ListOffsetsRequest.Builder.forConsumer(false, IsolationLevel.READ_UNCOMMITTED)
            .setTargetTimes(List.of(new ListOffsetsRequestData.ListOffsetsTopic().setName(TOPIC).setPartitions(List.of(
                new ListOffsetsRequestData.ListOffsetsPartition().setPartitionIndex(0)
                    .setTimestamp(ListOffsetsRequest.LATEST_TIMESTAMP)))));
        ListOffsetsResponse r = (ListOffsetsResponse) call(cluster.listener(broker), b);
        ListOffsetsResponseData.ListOffsetsPartitionResponse p = r.topics().get(0).partitions().get(0);
        Errors error = Errors.forCode(p.errorCode());
        if (error != Errors.NONE) {
            throw new IOException("ListOffsets on broker " + broker + ": " + error);
        }
        return p.offset();
    }

    /** The HW, or -1 while the broker cannot answer it (not leader yet, not listening). */
    private static long highWatermarkIfAnswered(Cluster cluster, int broker) {
        try {
            return highWatermark(cluster, broker);
        } catch (IOException e) {
            return -1;
        }
    }

    private static AbstractResponse call(InetSocketAddress address, AbstractRequest.Builder<?> builder)
            throws IOException {
        return RawRequest.send(address, builder, "lab-replication-probe", 5000);
    }
}
