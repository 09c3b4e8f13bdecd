package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import javax.tools.JavaCompiler;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.internals.AppInfoParser;

/**
 * Area "lens-producer" for the Java tab: each producer program the lens
 * prints for a producer preset, compiled against this harness's
 * kafka-clients and run in this JVM with only the broker address and the
 * topic replaced, on a thread of its own with the plan's time limit. A
 * program still running at the limit hangs: a fact for the report, not a
 * harness failure. The Go tabs run in the Go harness.
 */
public final class LensProducerCases {
    private LensProducerCases() {}

    private static final String CLIENT = "java";

    public static void run(JsonNode plan, Cluster cluster, Path outDir) throws Exception {
        JsonNode lens = plan.path("lens-producer");
        List<JsonNode> cases = GolensCases.javaCases(lens);
        if (cases.isEmpty()) {
            return;
        }
        long limitMs = lens.get("timeout_ms").asLong();
        JavaCompiler javac = GolensCases.compiler();
        Facts facts = new Facts(CLIENT);
        facts.client(CLIENT, AppInfoParser.getVersion());
        Path out = outDir.resolve("java-lens-producer.json");
        Path classes = Files.createTempDirectory("kafka-lab-lens-producer-");
        try {
            for (JsonNode c : cases) {
                String name = c.get("name").asText();
                String topic = c.get("topic").asText();
                String code = GolensCases.withLiterals(lens, c, cluster.bootstrap());
                // The order's events share one key: one partition holds them.
                TopicPartition tp = new TopicPartition(topic, 0);
                cluster.admin().createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
                LogCases.awaitServed(cluster, List.of(tp));

                ObjectNode observed = runProgram(code, c, javac, classes, limitMs);
                readRecords(cluster, tp, observed);
                ObjectNode input = Facts.JSON.createObjectNode();
                input.put("client", CLIENT);
                input.put("query", c.get("query").asText());
                facts.add("lens-producer/" + name, "lens-producer", input, observed);
                facts.write(out);
            }
        } finally {
            GolensCases.deleteTree(classes);
        }
    }

    /**
     * Compiles one printed program into its own folder under classes and
     * runs its main on a thread of its own, up to limitMs: how it ended
     * ("ok", "error" with its exception, or "hangs").
     */
    static ObjectNode runProgram(String code, JsonNode c, JavaCompiler javac, Path classes, long limitMs)
            throws Exception {
        String name = c.get("name").asText();
        Path dir = classes.resolve(c.get("package").asText());
        Files.createDirectories(dir);
        GolensCases.compile(javac, code, dir, name);
        ObjectNode observed = Facts.JSON.createObjectNode();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                LensProducerCases.class.getClassLoader())) {
            Method main = loader.loadClass("Main").getMethod("main", String[].class);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread program = new Thread(() -> {
                try {
                    main.invoke(null, (Object) new String[0]);
                } catch (InvocationTargetException e) {
                    failure.set(e.getCause());
                } catch (Throwable t) {
                    failure.set(t);
                }
            }, "lens-program-" + name);
            program.setDaemon(true);
            program.start();
            program.join(limitMs);
            if (program.isAlive()) {
                observed.put("ended", "hangs");
                program.interrupt();
            } else if (failure.get() != null) {
                observed.put("ended", "error");
                observed.put("output", String.valueOf(failure.get()));
            } else {
                observed.put("ended", "ok");
            }
        }
        return observed;
    }

    /** The partition's records up to its end offset now, as "records": [{key, value}]. */
    static void readRecords(Cluster cluster, TopicPartition tp, ObjectNode observed) throws Exception {
        long end = cluster.admin().listOffsets(Map.of(tp, OffsetSpec.latest())).all().get().get(tp).offset();
        ArrayNode records = observed.putArray("records");
        if (end > 0) {
            for (ConsumerRecord<byte[], byte[]> r : JavaRoutingCases.readAll(cluster, List.of(tp), (int) end)) {
                ObjectNode rec = records.addObject();
                rec.put("key", r.key() == null ? "" : new String(r.key(), StandardCharsets.UTF_8));
                rec.put("value", new String(r.value(), StandardCharsets.UTF_8));
            }
        }
    }
}
