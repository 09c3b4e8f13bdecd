package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.utils.internals.AppInfoParser;

/**
 * Areas "routing" and "keyless" for the Java client, with its default
 * partitioner (BuiltInPartitioner in kafka-clients 4.4.0):
 * <ul>
 * <li>a key goes to {@code toPositive(murmur2(key)) % partitions}
 *     (BuiltInPartitioner.partitionForKey), the empty key included, since only
 *     a null key is keyless (KafkaProducer.partition);</li>
 * <li>null keys stick to one partition until about batch.size bytes were
 *     appended to it, then another is picked (BuiltInPartitioner.updatePartitionInfo,
 *     nextPartition; weighted by queue sizes when partitioner.adaptive.partitioning.enable
 *     is on, the default), so which partitions follow each other is not fixed,
 *     only that the partition changes at batch boundaries.</li>
 * </ul>
 * What is reported is what the broker stored, read back with a consumer.
 */
public final class JavaRoutingCases {
    private JavaRoutingCases() {}

    private static final String CLIENT = "java";
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    private static boolean forJava(JsonNode section) {
        if (section == null) {
            return false;
        }
        for (JsonNode c : section.path("clients")) {
            if (CLIENT.equals(c.asText())) {
                return true;
            }
        }
        return false;
    }

    private static Facts facts() {
        Facts facts = new Facts(CLIENT);
        facts.client(CLIENT, AppInfoParser.getVersion());
        return facts;
    }

    // ---------------------------------------------------------------- routing

    public static void routing(JsonNode plan, Cluster cluster, Path outDir) throws Exception {
        JsonNode routing = plan.get("routing");
        if (!forJava(routing)) {
            return;
        }
        List<String> keys = new ArrayList<>();
        routing.get("keys").forEach(k -> keys.add(k.asText()));
        List<Integer> counts = new ArrayList<>();
        routing.get("partitions").forEach(n -> counts.add(n.asInt()));

        List<NewTopic> topics = new ArrayList<>();
        for (int n : counts) {
            topics.add(new NewTopic(routingTopic(n), n, (short) 1));
        }
        cluster.admin().createTopics(topics).all().get();
        List<TopicPartition> partitions = new ArrayList<>();
        for (int n : counts) {
            IntStream.range(0, n).forEach(p -> partitions.add(new TopicPartition(routingTopic(n), p)));
        }
        LogCases.awaitServed(cluster, partitions);

        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.<String, Object>of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrap(),
                ProducerConfig.CLIENT_ID_CONFIG, "lab-routing-java",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (int n : counts) {
                for (String key : keys) {
                    sent.add(producer.send(new ProducerRecord<>(routingTopic(n),
                        key.getBytes(StandardCharsets.UTF_8), CLIENT.getBytes(StandardCharsets.UTF_8))));
                }
            }
            producer.flush();
            for (Future<RecordMetadata> f : sent) {
                f.get();
            }
        }

        // topic -> key -> partition the broker stored it in
        Map<String, Map<String, Integer>> stored = new HashMap<>();
        List<ConsumerRecord<byte[], byte[]>> all = readAll(cluster, partitions, counts.size() * keys.size());
        for (ConsumerRecord<byte[], byte[]> r : all) {
            String key = new String(r.key(), StandardCharsets.UTF_8);
            Integer before = stored.computeIfAbsent(r.topic(), t -> new HashMap<>()).put(key, r.partition());
            if (before != null && before != r.partition()) {
                throw new IllegalStateException("key " + key + " stored in partitions " + before + " and " + r.partition() + " of " + r.topic());
            }
        }

        Facts facts = facts();
        Path out = outDir.resolve("java-routing.json");
        for (int n : counts) {
            Map<String, Integer> byKey = stored.getOrDefault(routingTopic(n), Map.of());
            ObjectNode input = Facts.JSON.createObjectNode();
            input.put("client", CLIENT);
            input.put("partitions", n);
            ArrayNode inputKeys = input.putArray("keys");
            keys.forEach(inputKeys::add);
            ObjectNode observed = Facts.JSON.createObjectNode();
            ArrayNode got = observed.putArray("partitions");
            for (String key : keys) {
                Integer p = byKey.get(key);
                if (p == null) {
                    throw new IllegalStateException("key " + key + " not read back from " + routingTopic(n));
                }
                got.add(p);
            }
            facts.add("routing/" + CLIENT + "/p" + n, "routing", input, observed);
            facts.write(out);
        }
        edges(routing, cluster, facts, out);
    }

    /**
     * The Java client's edges, each on a topic of its own:
     * <ul>
     * <li>"explicit-partition": a record for a partition the topic does not
     *     have. KafkaProducer.waitOnMetadata keeps requesting metadata, in
     *     case the topic grew, until max.block.ms, then send() fails with a
     *     TimeoutException (doSend hands it to a failed future).</li>
     * <li>"create-partitions": Admin.createPartitions to the given count.
     *     ReplicationControlManager.createPartitions refuses a count that
     *     does not grow with INVALID_PARTITIONS.</li>
     * </ul>
     */
    private static void edges(JsonNode routing, Cluster cluster, Facts facts, Path out) throws Exception {
        for (JsonNode e : routing.path("edges")) {
            String name = e.get("name").asText();
            String topic = "routing.java." + name;
            ObjectNode input = e.deepCopy();
            input.put("topic", topic);
            ObjectNode observed = switch (e.get("kind").asText()) {
                case "explicit-partition" -> missingPartition(e, cluster, topic);
                case "create-partitions" -> createPartitions(e, cluster, topic);
                default -> throw new IllegalArgumentException("unknown edge " + e);
            };
            facts.add("routing/" + CLIENT + "/" + name, "routing", input, observed);
            facts.write(out);
        }
    }

    private static ObjectNode missingPartition(JsonNode e, Cluster cluster, String topic) throws Exception {
        int partitions = e.get("partitions").asInt();
        cluster.admin().createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
        List<TopicPartition> tps = new ArrayList<>();
        IntStream.range(0, partitions).forEach(p -> tps.add(new TopicPartition(topic, p)));
        LogCases.awaitServed(cluster, tps);
        ObjectNode observed = Facts.JSON.createObjectNode();
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.<String, Object>of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrap(),
                ProducerConfig.CLIENT_ID_CONFIG, "lab-routing-java-edge",
                ProducerConfig.MAX_BLOCK_MS_CONFIG, e.get("max_block_ms").asInt(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
            // A first record on partition 0 gives the producer the topic's
            // metadata, so what follows waits for the partition, not the topic.
            producer.send(new ProducerRecord<>(topic, 0, null, CLIENT.getBytes(StandardCharsets.UTF_8))).get();
            long t0 = System.nanoTime();
            Future<RecordMetadata> f = producer.send(new ProducerRecord<>(topic, e.get("partition").asInt(), null,
                CLIENT.getBytes(StandardCharsets.UTF_8)));
            long blockedMs = (System.nanoTime() - t0) / 1_000_000;
            observed.put("blocked_ms", blockedMs);
            try {
                RecordMetadata m = f.get();
                observed.putNull("error");
                observed.put("partition", m.partition());
            } catch (ExecutionException ex) {
                observed.put("error", ex.getCause().getClass().getSimpleName());
                observed.put("message", ex.getCause().getMessage());
            }
        }
        return observed;
    }

    private static ObjectNode createPartitions(JsonNode e, Cluster cluster, String topic) throws Exception {
        int from = e.get("from").asInt();
        int to = e.get("to").asInt();
        Admin admin = cluster.admin();
        admin.createTopics(List.of(new NewTopic(topic, from, (short) 1))).all().get();
        // The broker must know the topic before it is asked to change it.
        List<TopicPartition> tps = new ArrayList<>();
        IntStream.range(0, from).forEach(p -> tps.add(new TopicPartition(topic, p)));
        LogCases.awaitServed(cluster, tps);
        ObjectNode observed = Facts.JSON.createObjectNode();
        try {
            admin.createPartitions(Map.of(topic, NewPartitions.increaseTo(to))).all().get();
            observed.putNull("error");
        } catch (ExecutionException ex) {
            observed.put("error", ex.getCause().getClass().getSimpleName());
            observed.put("message", ex.getCause().getMessage());
        }
        int expected = observed.get("error").isNull() ? to : from;
        // The controller's answer is final; the count the metadata shows
        // reaches the broker a moment later, so wait for it before reading.
        Wait.until("topic " + topic + " to show " + expected + " partitions", DEADLINE, () ->
            partitionCount(admin, topic) == expected);
        observed.put("partitions_after", partitionCount(admin, topic));
        return observed;
    }

    /** The topic's partition count as the broker's metadata shows it, or -1 while it does not know the topic. */
    private static int partitionCount(Admin admin, String topic) throws InterruptedException {
        try {
            return admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions().size();
        } catch (ExecutionException e) {
            return -1;
        }
    }

    private static String routingTopic(int partitions) {
        return "routing." + CLIENT + ".p" + partitions;
    }

    // ---------------------------------------------------------------- keyless

    public static void keyless(JsonNode plan, Cluster cluster, Path outDir) throws Exception {
        JsonNode keyless = plan.get("keyless");
        if (!forJava(keyless)) {
            return;
        }
        int n = keyless.get("partitions").asInt();
        int records = keyless.get("records").asInt();
        int valueBytes = keyless.get("value_bytes").asInt();
        String topic = "keyless." + CLIENT + ".p" + n;
        if (Integer.toString(records - 1).length() > valueBytes) {
            throw new IllegalArgumentException("value_bytes=" + valueBytes + " cannot hold index " + (records - 1));
        }
        cluster.admin().createTopics(List.of(new NewTopic(topic, n, (short) 1))).all().get();
        List<TopicPartition> partitions = new ArrayList<>();
        IntStream.range(0, n).forEach(p -> partitions.add(new TopicPartition(topic, p)));
        LogCases.awaitServed(cluster, partitions);

        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.<String, Object>of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrap(),
                ProducerConfig.CLIENT_ID_CONFIG, "lab-keyless-java",
                ProducerConfig.BATCH_SIZE_CONFIG, keyless.get("batch_size").asInt(),
                ProducerConfig.LINGER_MS_CONFIG, keyless.get("linger_ms").asInt(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (int i = 0; i < records; i++) {
                byte[] value = String.format("%0" + valueBytes + "d", i).getBytes(StandardCharsets.US_ASCII);
                sent.add(producer.send(new ProducerRecord<>(topic, null, value)));
            }
            producer.flush();
            for (Future<RecordMetadata> f : sent) {
                f.get();
            }
        }

        int[] sequence = new int[records];
        Arrays.fill(sequence, -1);
        for (ConsumerRecord<byte[], byte[]> r : readAll(cluster, partitions, records)) {
            int index = Integer.parseInt(new String(r.value(), StandardCharsets.US_ASCII));
            if (sequence[index] != -1) {
                throw new IllegalStateException("record " + index + " read twice from " + topic);
            }
            sequence[index] = r.partition();
        }

        ObjectNode input = Facts.JSON.createObjectNode();
        input.put("client", CLIENT);
        for (Map.Entry<String, JsonNode> e : keyless.properties()) {
            if (!e.getKey().equals("clients")) {
                input.set(e.getKey(), e.getValue());
            }
        }
        ObjectNode observed = Facts.JSON.createObjectNode();
        ArrayNode seq = observed.putArray("sequence");
        for (int p : sequence) {
            seq.add(p);
        }
        // The producer's batches as the broker stored them: a single
        // producer's batch is appended as one batch (UnifiedLog.append keeps
        // the client's batching), so this shows where it cut.
        ArrayNode batches = observed.putArray("batches");
        for (TopicPartition tp : partitions) {
            ArrayNode sizes = batches.addArray();
            for (Path segment : LogCases.segmentFiles(LogCases.partitionDir(cluster, tp))) {
                for (LogCases.StoredBatch b : LogCases.batches(segment)) {
                    sizes.add(b.records());
                }
            }
        }
        Facts facts = facts();
        facts.add("keyless/" + CLIENT + "/p" + n, "keyless", input, observed);
        facts.write(outDir.resolve("java-keyless.json"));
    }

    /** Every record of the given partitions from the beginning, once count of them have arrived. */
    static List<ConsumerRecord<byte[], byte[]>> readAll(Cluster cluster, List<TopicPartition> partitions, int count) throws Exception {
        List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrap(),
                ConsumerConfig.CLIENT_ID_CONFIG, "lab-readback-java",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class))) {
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Wait.until(count + " records read back", DEADLINE, () -> {
                consumer.poll(Duration.ofMillis(200)).forEach(out::add);
                return out.size() >= count;
            });
        }
        if (out.size() != count) {
            throw new IllegalStateException(count + " records sent, " + out.size() + " read back");
        }
        return out;
    }
}
