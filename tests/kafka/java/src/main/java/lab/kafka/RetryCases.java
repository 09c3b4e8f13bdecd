package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.internals.AppInfoParser;

/**
 * Area "lens-retry" (tests/kafka/conformance/lens_retry.rs says what it
 * asks): each client sends "Created" and has it answered, then "Paid", whose
 * request the {@link Proxy} answers itself with NOT_ENOUGH_REPLICAS, a
 * retriable error, and holds that answer back; then "Shipped", once
 * "Paid" is held. The proxy lets the answer through once the client's next
 * Produce request has reached the broker, or after the plan's bounded wait
 * for one. The Java client runs here; the Go clients in the Go harness
 * (tests/kafka/go/retry.go), which says each step on its stdout and waits
 * for this side's answer on its stdin.
 */
public final class RetryCases {
    private RetryCases() {}

    private static final String CLIENT = "java";
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    public static void run(JsonNode plan, Path outDir, Path goHarness) throws Exception {
        JsonNode area = plan.path("lens-retry");
        try (Proxy proxy = Proxy.open()) {
            try (Cluster cluster = Cluster.behind(proxy)) {
                // One client runs at a time, so every client's requests are the case's.
                proxy.watchEveryClient();
                proxy.refuse(ApiKeys.PRODUCE, 2, Errors.NOT_ENOUGH_REPLICAS);
                proxy.holdResponseUntil(ApiKeys.PRODUCE, 2, ApiKeys.PRODUCE, 3);
                String bootstrap = "127.0.0.1:" + proxy.port();
                for (JsonNode c : area.path("cases")) {
                    if (c.get("client").asText().equals(CLIENT)) {
                        runJava(area, c, cluster, proxy, bootstrap, outDir);
                    }
                }
                if (goHarness != null) {
                    runGo(plan, goHarness, proxy, bootstrap, area, outDir);
                }
                proxy.check();
            }
        }
    }

    /**
     * After the client was handed "Shipped": whether its request reaches the
     * proxy within the plan's wait. If not, the held answer goes through.
     */
    private static boolean awaitSecondRequest(JsonNode area, Proxy proxy) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(area.get("second_request_wait_ms").asLong());
        while (System.nanoTime() < end) {
            proxy.check();
            if (proxy.arrived(ApiKeys.PRODUCE, 3)) {
                return true;
            }
            Thread.sleep(5);
        }
        proxy.releaseHolds();
        return false;
    }

    /** Waits until "Paid" is held at the proxy; if it never is, says what the proxy saw. */
    private static void awaitPaidHeld(Proxy proxy, String who) throws Exception {
        try {
            Wait.until(who + "\"Paid\" held at the proxy", DEADLINE, () -> proxy.held("1"));
        } catch (IllegalStateException e) {
            throw new IllegalStateException(e.getMessage() + ". " + proxy.describeSinceMark(), e);
        }
    }

    private static void runJava(JsonNode area, JsonNode c, Cluster cluster, Proxy proxy, String bootstrap, Path outDir)
            throws Exception {
        JsonNode s = area.get("settings");
        TopicPartition tp = new TopicPartition(c.get("topic").asText(), 0);
        cluster.admin().createTopics(List.of(new NewTopic(tp.topic(), 1, (short) 1))).all().get();
        LogCases.awaitServed(cluster, List.of(tp));
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, s.get("idempotence").asBoolean());
        props.put(ProducerConfig.ACKS_CONFIG, s.get("acks_all").asBoolean() ? "all" : "1");
        props.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, s.get("max_in_flight").asInt());
        props.put(ProducerConfig.RETRIES_CONFIG, s.get("retries").asInt());
        props.put(ProducerConfig.RETRY_BACKOFF_MS_CONFIG, s.get("retry_backoff_ms").asInt());
        props.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        String key = area.get("key").asText();
        JsonNode events = area.get("events");
        List<Future<RecordMetadata>> sends = new ArrayList<>();
        boolean second;
        proxy.mark();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
            sends.add(producer.send(record(tp, key, events, 0)));
            sends.get(0).get(DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
            sends.add(producer.send(record(tp, key, events, 1)));
            awaitPaidHeld(proxy, "");
            sends.add(producer.send(record(tp, key, events, 2)));
            second = awaitSecondRequest(area, proxy);
            producer.flush();
        }
        ObjectNode observed = Facts.JSON.createObjectNode();
        observed.put("second_in_flight", second);
        ArrayNode sent = observed.putArray("sent");
        for (Future<RecordMetadata> f : sends) {
            try {
                f.get();
                sent.add("ok");
            } catch (ExecutionException e) {
                sent.add(String.valueOf(e.getCause()));
            }
        }
        LensProducerCases.readRecords(cluster, tp, observed);
        ObjectNode input = Facts.JSON.createObjectNode();
        input.put("client", CLIENT);
        input.put("outcome", c.get("outcome").asText());
        Facts facts = new Facts(CLIENT);
        facts.client(CLIENT, AppInfoParser.getVersion());
        facts.add("lens-retry/" + c.get("name").asText(), "lens-retry", input, observed);
        facts.write(outDir.resolve("java-lens-retry.json"));
    }

    private static ProducerRecord<String, String> record(TopicPartition tp, String key, JsonNode events, int index) {
        RecordHeaders headers = new RecordHeaders();
        headers.add(Proxy.INDEX_HEADER, Integer.toString(index).getBytes(StandardCharsets.UTF_8));
        return new ProducerRecord<>(tp.topic(), tp.partition(), null, key, events.get(index).asText(), headers);
    }

    /**
     * The Go harness on this area alone. Its lines: "arm NAME" before a
     * client starts (answered "armed" once the proxy counts from zero), "held
     * NAME" once it has handed "Paid" to the client (answered "held" once
     * the proxy holds its answer), "sent NAME" once it has handed "Shipped"
     * (answered "second" or "none": whether the client's next request came).
     */
    private static void runGo(JsonNode plan, Path harness, Proxy proxy, String bootstrap, JsonNode area, Path outDir)
            throws Exception {
        GoSteps.run(plan, "lens-retry", "--retry", harness, bootstrap, outDir.resolve("go-lens-retry.json"), line -> {
            if (line.startsWith("arm ")) {
                proxy.mark();
                return "armed";
            }
            if (line.startsWith("held ")) {
                awaitPaidHeld(proxy, line.substring(5) + ": ");
                return "held";
            }
            if (line.startsWith("sent ")) {
                return awaitSecondRequest(area, proxy) ? "second" : "none";
            }
            throw new IllegalStateException("go harness: unexpected line " + line);
        });
    }
}
