package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.internals.AppInfoParser;

/**
 * The app's producer presets on a real broker behind {@link Proxy}: the
 * case's producer sends the case's records one batch at a time to partition 1
 * of "orders" while the proxy breaks the requests the case names; the facts
 * are the partition's log, the send callbacks and what crossed the wire.
 */
public final class ProducerCases {
    private static final String TOPIC = "orders";
    private static final int PARTITION = 1;
    private static final String CASE_CLIENT = "lab-case-producer";
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    private ProducerCases() {}

    public static void run(JsonNode plan, Path outDir) throws Exception {
        Facts facts = new Facts("java");
        facts.client("java", AppInfoParser.getVersion());
        Path out = outDir.resolve("producer.json");
        for (JsonNode kase : plan.path("producer").path("cases")) {
            String name = kase.path("name").asText();
            long start = System.nanoTime();
            ObjectNode observed = runCase(kase);
            facts.add("producer/" + name, "producer", kase, observed);
            facts.write(out);
            System.err.printf("producer/%s: %d ms%n", name, (System.nanoTime() - start) / 1_000_000);
        }
    }

    private static ObjectNode runCase(JsonNode kase) throws Exception {
        try (Proxy proxy = Proxy.open()) {
            try (Cluster cluster = Cluster.behind(proxy)) {
                return runCase(kase, cluster, proxy);
            }
        }
    }

    private static ObjectNode runCase(JsonNode kase, Cluster cluster, Proxy proxy) throws Exception {
        cluster.admin().createTopics(List.of(new NewTopic(TOPIC, PARTITION + 1, (short) 1))).all().get();
        String bootstrap = "127.0.0.1:" + proxy.port();
        warmUp(bootstrap);
        proxy.watch(CASE_CLIENT);
        for (JsonNode f : kase.path("faults")) {
            applyFault(proxy, f);
        }

        JsonNode records = kase.path("records");
        int n = records.size();
        AtomicReferenceArray<ObjectNode> callbacks = new AtomicReferenceArray<>(n);
        long prefillEnd;
        try (Producer<String, String> producer = new KafkaProducer<>(caseConfig(kase, bootstrap))) {
            int fillers = kase.path("prefill").path("records").asInt(0);
            if (kase.path("prefill").path("same_producer").asBoolean(false)) {
                prefillEnd = prefill(producer, fillers);
            } else {
                try (Producer<String, String> filler = new KafkaProducer<>(fillerConfig(bootstrap))) {
                    prefillEnd = prefill(filler, fillers);
                }
            }

            proxy.mark();
            for (int k = 0; k < n; k++) {
                JsonNode r = records.get(k);
                String index = Integer.toString(k);
                RecordHeaders headers = new RecordHeaders();
                headers.add(new RecordHeader(Proxy.INDEX_HEADER, index.getBytes(StandardCharsets.UTF_8)));
                ProducerRecord<String, String> rec = new ProducerRecord<>(TOPIC, PARTITION, null,
                        text(r.get("key")), text(r.get("value")), headers);
                int slot = k;
                producer.send(rec, (md, ex) -> callbacks.set(slot, callback(slot, md, ex)));
                Wait.until("records 0.." + k + " each acknowledged, failed, or held at the proxy", DEADLINE,
                        () -> settled(callbacks, slot, proxy));
            }
            producer.flush();
            Wait.until("every send callback", DEADLINE, () -> {
                for (int k = 0; k < n; k++) {
                    if (callbacks.get(k) == null) {
                        return false;
                    }
                }
                return true;
            });
        }

        proxy.check();
        ObjectNode observed = Facts.JSON.createObjectNode();
        observed.set("log", readLog(bootstrap, prefillEnd));
        ArrayNode cbs = observed.putArray("callbacks");
        for (int k = 0; k < n; k++) {
            cbs.add(callbacks.get(k));
        }
        observed.set("errors", proxy.errors());
        ArrayNode requests = proxy.produceRequests();
        observed.set("requests", requests);
        observed.set("responses", proxy.produceResponses());
        observed.set("init_producer_ids", proxy.initProducerIds());
        Set<Integer> epochs = new LinkedHashSet<>();
        for (JsonNode req : requests) {
            for (JsonNode b : req.path("batches")) {
                epochs.add(b.path("producer_epoch").asInt());
            }
        }
        ArrayNode ep = observed.putArray("epochs");
        epochs.forEach(ep::add);
        return observed;
    }

    private static void applyFault(Proxy proxy, JsonNode f) {
        ApiKeys api = api(f.path("api").asText());
        int nth = f.path("nth").asInt();
        String action = f.path("action").asText();
        switch (action) {
            case "corrupt" -> proxy.corrupt(api, nth);
            case "delay" -> proxy.delay(api, nth, f.path("ms").asLong());
            case "hold-response-until-request" -> proxy.holdResponseUntil(api, nth,
                    f.has("until_api") ? api(f.path("until_api").asText()) : api, f.path("until_nth").asInt());
            case "close-before-forward" -> proxy.closeOn(api, nth, Proxy.CloseWhen.BEFORE_FORWARD);
            case "close-after-response" -> {
                proxy.closeOn(api, nth, Proxy.CloseWhen.AFTER_RESPONSE);
                if (f.has("until_nth")) {
                    proxy.holdForwardUntil(api, nth, api, f.path("until_nth").asInt());
                }
            }
            default -> throw new IllegalArgumentException("unknown fault action " + action);
        }
    }

    private static ApiKeys api(String name) {
        for (ApiKeys k : ApiKeys.values()) {
            if (k.name.equals(name)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown API " + name);
    }

    private static Properties caseConfig(JsonNode kase, String bootstrap) {
        Properties p = new Properties();
        for (Map.Entry<String, JsonNode> e : kase.path("config").properties()) {
            p.put(e.getKey(), e.getValue().asText());
        }
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, CASE_CLIENT);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return p;
    }

    /**
     * Has the broker fetch its first block of producer ids before the case's
     * producer asks for one. A fresh broker has none: the first InitProducerId
     * asks the controller for a block and is answered COORDINATOR_LOAD_IN_PROGRESS
     * (RPCProducerIdManager.generateProducerId), and whether the client's retry
     * finds the block yet depends on timing. The warm-up producer writes one
     * record to partition 0, which the cases never read.
     */
    private static void warmUp(String bootstrap) throws Exception {
        Properties p = fillerConfig(bootstrap);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "lab-warm-up");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        try (Producer<String, String> warm = new KafkaProducer<>(p)) {
            warm.send(new ProducerRecord<>(TOPIC, 0, "warm-up", "warm-up")).get();
        }
    }

    /** A plain producer the broker keeps no producer state for. */
    private static Properties fillerConfig(String bootstrap) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "lab-filler");
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return p;
    }

    /** Writes the fillers and returns the offset after them, once all are acknowledged. */
    private static long prefill(Producer<String, String> producer, int records) throws Exception {
        List<Future<RecordMetadata>> acks = new ArrayList<>();
        for (int i = 0; i < records; i++) {
            acks.add(producer.send(new ProducerRecord<>(TOPIC, PARTITION, "filler", "filler-" + i)));
        }
        producer.flush();
        long end = 0;
        for (Future<RecordMetadata> f : acks) {
            end = Math.max(end, f.get().offset() + 1);
        }
        return end;
    }

    /**
     * The app's records leave 5 ms apart, each in a batch of its own
     * (linger.ms=0). Here record k+1 is handed to the producer once every
     * record up to k is either done (its callback ran) or held at the proxy
     * (on the wire, its answer held back until the client sends more): then
     * the producer has nothing left to do by itself, and whether record k+1
     * travels before, beside or behind a retry is decided by the faults
     * alone, not by timing. A record waiting out retry.backoff.ms in the
     * accumulator is neither, so the next one waits for it.
     *
     * "Done" is a safe point: Sender.completeBatch runs the callback inside
     * NetworkClient.poll, and the Sender drains the accumulator only in its
     * next Sender.runOnce, after everything that poll brought (answers,
     * disconnects, TransactionManager.handleFailedBatch) is handled.
     */
    private static boolean settled(AtomicReferenceArray<ObjectNode> callbacks, int upTo, Proxy proxy) {
        proxy.check();
        for (int j = 0; j <= upTo; j++) {
            if (callbacks.get(j) == null && !proxy.held(Integer.toString(j))) {
                return false;
            }
        }
        return true;
    }

    private static ObjectNode callback(int index, RecordMetadata md, Exception ex) {
        ObjectNode c = Facts.JSON.createObjectNode();
        c.put("index", index);
        if (ex == null) {
            c.put("ok", true);
            c.put("offset", md.offset());
        } else {
            c.put("ok", false);
            c.put("exception", ex.getClass().getSimpleName());
            c.put("message", ex.getMessage());
        }
        return c;
    }

    /** Partition 1 from the end of the prefill to its end, as a read_committed consumer sees it. */
    private static ArrayNode readLog(String bootstrap, long from) throws Exception {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "lab-reader");
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        ArrayNode log = Facts.JSON.createArrayNode();
        TopicPartition tp = new TopicPartition(TOPIC, PARTITION);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p)) {
            consumer.assign(List.of(tp));
            consumer.seek(tp, from);
            long end = consumer.endOffsets(List.of(tp)).get(tp);
            Wait.until("partition " + PARTITION + " read to offset " + end, DEADLINE, () -> {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
                    ObjectNode o = log.addObject();
                    o.put("offset", r.offset());
                    o.put("key", r.key());
                    o.put("value", r.value());
                    var h = r.headers().lastHeader(Proxy.INDEX_HEADER);
                    if (h != null) {
                        o.put("index", Integer.parseInt(new String(h.value(), StandardCharsets.UTF_8)));
                    }
                }
                return consumer.position(tp) >= end;
            });
        }
        return log;
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() ? null : n.asText();
    }
}
