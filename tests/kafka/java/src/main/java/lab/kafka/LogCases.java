package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.record.internal.FileLogInputStream.FileChannelRecordBatch;
import org.apache.kafka.common.record.internal.FileRecords;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.internals.AppInfoParser;
import org.apache.kafka.storage.internals.log.LogConfig;

/**
 * Area "log": the segment files a partition holds when it rolls at the log
 * scene's small segment.bytes, one record per batch.
 *
 * <p>The roll rule under test: UnifiedLog.append refuses a batch larger than
 * LogConfig.segmentSize() (RecordBatchTooLargeException), then
 * UnifiedLog.maybeRoll asks LogSegment.shouldRoll, which rolls when
 * {@code size > maxSegmentBytes - messagesSize} (the active segment's bytes
 * plus the incoming batch would exceed segment.bytes), or on segment.ms, or
 * when an index is full. The new segment's file is named after the first
 * offset it will hold (LocalLog.roll, LogFileUtils.logFile).
 */
public final class LogCases {
    private LogCases() {}

    /**
     * LogConfig.CONFIG defines topic segment.bytes with atLeast(1024 * 1024)
     * in 4.4.0; this is the fallback only if the internal setting is refused too.
     */
    private static final int MIN_TOPIC_SEGMENT_BYTES = 1024 * 1024;

    public static void run(JsonNode plan, Cluster cluster, Path outDir) throws Exception {
        JsonNode log = plan.get("log");
        if (log == null) {
            return;
        }
        Facts facts = new Facts("java");
        facts.client("java", AppInfoParser.getVersion());
        Path out = outDir.resolve("log.json");
        int segmentBytes = log.get("segment_bytes").asInt();
        facts.add("log/segment-bytes-" + segmentBytes, "log", log, segmentCase(log, cluster));
        facts.write(out);
    }

    private static ObjectNode segmentCase(JsonNode log, Cluster cluster) throws Exception {
        String topic = "log." + log.get("topic").asText();
        int segmentBytes = log.get("segment_bytes").asInt();
        Admin admin = cluster.admin();
        ObjectNode observed = Facts.JSON.createObjectNode();

        String configUsed = TopicConfig.SEGMENT_BYTES_CONFIG;
        int used = segmentBytes;
        Exception refused = createTopic(admin, topic, Map.of(configUsed, Integer.toString(used)));
        if (refused == null) {
            observed.putNull("refused");
        } else {
            ObjectNode r = observed.putObject("refused");
            r.put("error", refused.getClass().getSimpleName());
            r.put("message", refused.getMessage());
            // LogConfig.INTERNAL_SEGMENT_BYTES_CONFIG ("internal.segment.bytes"):
            // defined with defineInternal and no lower bound, and it wins over
            // segment.bytes in LogConfig.segmentSize(). LogConfig.validateNames
            // checks against CONFIG.names(), which includes internal keys, so
            // the controller (ControllerConfigurationValidator -> LogConfig.validate)
            // accepts it on CreateTopics.
            configUsed = LogConfig.INTERNAL_SEGMENT_BYTES_CONFIG;
            Exception internalRefused = createTopic(admin, topic, Map.of(configUsed, Integer.toString(used)));
            if (internalRefused != null) {
                configUsed = TopicConfig.SEGMENT_BYTES_CONFIG;
                used = MIN_TOPIC_SEGMENT_BYTES;
                Exception minRefused = createTopic(admin, topic, Map.of(configUsed, Integer.toString(used)));
                if (minRefused != null) {
                    throw new IllegalStateException("topic " + topic + " refused even with segment.bytes=" + used, minRefused);
                }
            }
        }
        TopicPartition tp = new TopicPartition(topic, 0);
        awaitServed(cluster, List.of(tp));
        observed.put("segment_bytes_used", used);
        observed.put("config_used", configUsed);

        JsonNode records = log.get("records");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.<String, Object>of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrap(),
                ProducerConfig.CLIENT_ID_CONFIG, "lab-log",
                ProducerConfig.LINGER_MS_CONFIG, 0,
                ProducerConfig.COMPRESSION_TYPE_CONFIG, "none",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class))) {
            // Waiting for each ack before the next send makes every record its
            // own batch, as in the app's log scene.
            for (JsonNode r : records) {
                producer.send(new ProducerRecord<>(topic, 0, r.get("key").asText(), r.get("value").asText())).get();
            }
        }

        Path partitionDir = partitionDir(cluster, tp);
        ArrayNode segments = observed.putArray("segments");
        ArrayNode batchBytes = observed.putArray("record_batch_bytes");
        int batches = 0;
        for (Path file : segmentFiles(partitionDir)) {
            ObjectNode s = segments.addObject();
            s.put("file", file.getFileName().toString());
            s.put("base_offset", baseOffset(file));
            for (StoredBatch b : batches(file)) {
                batchBytes.add(b.bytes());
                batches++;
            }
        }
        if (batches != records.size()) {
            throw new IllegalStateException(records.size() + " records sent one at a time, but " + batches
                + " batches stored in " + partitionDir);
        }
        return observed;
    }

    /** Null if the topic was created, else why the broker refused it. */
    private static Exception createTopic(Admin admin, String topic, Map<String, String> configs) throws InterruptedException {
        try {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1).configs(configs))).all().get();
            return null;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                return cause;
            }
            throw new IllegalStateException(e);
        }
    }

    /**
     * Returns once every partition's leader serves it. CreateTopics returns
     * when the controller committed the topic; the leader's ReplicaManager
     * takes the partition on a little later (BrokerMetadataPublisher updates
     * the metadata cache before ReplicaManager.applyDelta), and a produce in
     * between gets NOT_LEADER_OR_FOLLOWER and a retry, which would shift a
     * case's first batches. ListOffsets is answered by the leader only.
     */
    static void awaitServed(Cluster cluster, Collection<TopicPartition> partitions) throws Exception {
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        partitions.forEach(tp -> latest.put(tp, OffsetSpec.latest()));
        Wait.until("leaders serving " + partitions.size() + " partitions", Duration.ofSeconds(30), () -> {
            try {
                cluster.admin().listOffsets(latest).all().get();
                return true;
            } catch (ExecutionException e) {
                return false;
            }
        });
    }

    /** The partition's folder on the broker that leads it. */
    static Path partitionDir(Cluster cluster, TopicPartition tp) throws Exception {
        int leader = cluster.admin().describeTopics(List.of(tp.topic())).allTopicNames().get()
            .get(tp.topic()).partitions().get(tp.partition()).leader().id();
        // UnifiedLog.logDirName: "<topic>-<partition>".
        return cluster.logDir(leader).resolve(tp.topic() + "-" + tp.partition());
    }

    /** The .log files of a partition folder, by base offset (LogFileUtils.logFile zero-pads it to 20 digits). */
    static List<Path> segmentFiles(Path partitionDir) throws IOException {
        try (Stream<Path> files = Files.list(partitionDir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".log"))
                .sorted((a, b) -> Long.compare(baseOffset(a), baseOffset(b)))
                .collect(Collectors.toList());
        }
    }

    static long baseOffset(Path segmentFile) {
        String name = segmentFile.getFileName().toString();
        return Long.parseLong(name.substring(0, name.length() - ".log".length()));
    }

    /** One record batch as stored: its first offset, its size on disk, and how many records it holds. */
    record StoredBatch(long baseOffset, int bytes, int records) {}

    /**
     * The record batches of one segment file as the broker stored them. Opened
     * read-only: the broker may still append to the active segment.
     */
    static List<StoredBatch> batches(Path segmentFile) throws IOException {
        List<StoredBatch> out = new ArrayList<>();
        try (FileRecords records = FileRecords.open(segmentFile.toFile(), false)) {
            for (FileChannelRecordBatch b : records.batches()) {
                Integer count = b.countOrNull();
                out.add(new StoredBatch(b.baseOffset(), b.sizeInBytes(),
                    count != null ? count : (int) (b.lastOffset() - b.baseOffset() + 1)));
            }
        }
        return out;
    }
}
