package lab.kafka;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * consumer-1 of a crash case, in a JVM of its own so that GroupCases can
 * kill it with SIGKILL: a real death, with no close() and so neither the
 * commit on close nor the LeaveGroup a clean exit would send.
 *
 * It prints "ready" once it owns the partition and knows its position,
 * then waits for "go" on stdin; it prints "processed OFFSET" after
 * handling each record and
 * "committed OFFSET" (-1 for none) each time it knows what the group has
 * committed. After the crash_after_processed-th record it stops making any
 * call on the consumer and waits to be killed.
 *
 * Arguments: bootstrap topic group auto|manual max_poll_records crash_after_processed session_timeout_ms
 */
public final class CrashingConsumer {
    static final String PROCESSED = "processed";
    static final String COMMITTED = "committed";
    static final String READY = "ready";
    static final String GO = "go";

    private CrashingConsumer() {}

    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        String topic = args[1];
        String group = args[2];
        boolean auto = args[3].equals("auto");
        int maxPoll = Integer.parseInt(args[4]);
        int crashAfter = Integer.parseInt(args[5]);
        String sessionTimeoutMs = args[6];
        TopicPartition tp = new TopicPartition(topic, 0);
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);

        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "consumer-1");
        p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
        p.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, RangeAssignor.class.getName());
        p.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, sessionTimeoutMs);
        p.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, "100");
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Integer.toString(maxPoll));
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, Boolean.toString(auto));
        // ClassicKafkaConsumer.poll runs coordinator.poll before collecting any
        // records, and ConsumerCoordinator.poll ends in
        // maybeAutoCommitOffsetsAsync, which commits subscriptions.allConsumed():
        // the position after what EARLIER polls returned, once
        // nextAutoCommitTimer has expired. An interval of 0 keeps that timer
        // always expired, so every poll commits exactly the previous polls'
        // records, whatever the wall clock did between polls; with the default
        // 5000 ms the committed offset would depend on how fast this machine runs.
        p.put(ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG, "0");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());

        KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p);
        consumer.subscribe(List.of(topic));
        // With auto.commit.interval.ms=0 the auto-commit timer is always due,
        // so ConsumerCoordinator.timeToNextPoll is 0 and a poll that has to
        // wait for data spins, committing on every turn: thousands of
        // commits a second, which starve the heartbeats and make later
        // commits fail (the retry backoff then skips a poll's commit). So
        // this consumer only ever polls when data is there or about to be:
        // poll(0) until the group has assigned the partition (nothing is
        // committed while the position is unknown), then position() resolves
        // the start (earliest: 0) without polling, then it waits for the
        // parent to produce every record and say "go".
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        while (!consumer.assignment().contains(tp)) {
            consumer.poll(Duration.ZERO);
        }
        out.println(READY + " " + consumer.position(tp));
        if (!GO.equals(in.readLine())) {
            Runtime.getRuntime().halt(4);
        }
        int processed = 0;
        while (true) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(100));
            if (records.isEmpty()) {
                continue;
            }
            long first = records.iterator().next().offset();
            if (auto) {
                // The auto commit this poll sent is asynchronous: read the
                // committed offset back, on the same coordinator connection
                // (the broker answers one connection's requests in order), so
                // the commit has been applied before any record of this batch
                // counts as processed. Without this, whether the last auto
                // commit reached the broker before the kill would be a race.
                long committed = committed(consumer, tp);
                out.println(COMMITTED + " " + committed);
                if (committed != first) {
                    System.err.println("auto commit did not commit the previous polls: committed "
                        + committed + ", this poll starts at " + first);
                    Runtime.getRuntime().halt(3);
                }
            }
            for (ConsumerRecord<String, String> r : records) {
                out.println(PROCESSED + " " + r.offset());
                processed++;
                if (processed == crashAfter) {
                    awaitDeath(in);
                }
            }
            if (!auto) {
                consumer.commitSync();
                out.println(COMMITTED + " " + committed(consumer, tp));
            }
        }
    }

    private static long committed(KafkaConsumer<String, String> consumer, TopicPartition tp) {
        OffsetAndMetadata om = consumer.committed(Set.of(tp)).get(tp);
        return om == null ? -1 : om.offset();
    }

    /**
     * Blocks without touching the consumer (its heartbeat thread keeps the
     * membership alive) until the parent's SIGKILL. Should the parent die
     * first, stdin reaches end of file and this halts, without close(), so
     * an orphan never outlives the suite.
     */
    private static void awaitDeath(BufferedReader in) throws Exception {
        while (in.readLine() != null) {
            // Nothing is ever written to stdin; reading only detects the parent's end.
        }
        Runtime.getRuntime().halt(2);
    }
}
