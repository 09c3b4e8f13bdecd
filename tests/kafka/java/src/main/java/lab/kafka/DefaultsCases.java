package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.internals.AppInfoParser;

/**
 * Area "lens-defaults": the routing scene's keyed program, which every tab
 * prints without an acks setting, run one at a time against a broker
 * behind the {@link Proxy}, which faults nothing and reads the acks field
 * of each Produce request on its way. The Java tab runs here; the Go tabs
 * in the Go harness (tests/kafka/go/defaults.go), which names each
 * program's topic once the program has ended ("observe TOPIC" on its
 * stdout) and reads back that topic's acks as a JSON array on its stdin.
 */
public final class DefaultsCases {
    private DefaultsCases() {}

    private static final String CLIENT = "java";
    /** How long a request the program has sent may take to be read off the proxy's socket. */
    private static final long ARRIVAL_MS = 10_000;

    public static void run(JsonNode plan, Path outDir, Path goHarness) throws Exception {
        JsonNode area = plan.path("lens-defaults");
        try (Proxy proxy = Proxy.open()) {
            try (Cluster cluster = Cluster.behind(proxy)) {
                // The programs name themselves as their libraries do; each
                // case reads only the requests to its own topic.
                proxy.watchEveryClient();
                proxy.mark();
                String bootstrap = "127.0.0.1:" + proxy.port();
                runJava(area, cluster, proxy, bootstrap, outDir);
                if (goHarness != null) {
                    runGo(plan, goHarness, proxy, bootstrap, outDir);
                }
                proxy.check();
            }
        }
    }

    /** The acks of each Produce request to the topic, in the order they reached the proxy. */
    private static ArrayNode acksTo(Proxy proxy, String topic) throws InterruptedException {
        ArrayNode acks = Facts.JSON.createArrayNode();
        for (JsonNode r : proxy.awaitProduceRequestsTo(topic, ARRIVAL_MS)) {
            acks.add(r.get("acks").asInt());
        }
        return acks;
    }

    private static void runJava(JsonNode area, Cluster cluster, Proxy proxy, String bootstrap, Path outDir)
            throws Exception {
        List<JsonNode> cases = GolensCases.javaCases(area);
        if (cases.isEmpty()) {
            return;
        }
        long limitMs = area.get("timeout_ms").asLong();
        JavaCompiler javac = GolensCases.compiler();
        Facts facts = new Facts(CLIENT);
        facts.client(CLIENT, AppInfoParser.getVersion());
        Path out = outDir.resolve("java-lens-defaults.json");
        Path classes = Files.createTempDirectory("kafka-lab-lens-defaults-");
        try {
            for (JsonNode c : cases) {
                String name = c.get("name").asText();
                String topic = c.get("topic").asText();
                int partitions = c.get("partitions").asInt();
                cluster.admin().createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
                List<TopicPartition> tps = new ArrayList<>();
                for (int p = 0; p < partitions; p++) {
                    tps.add(new TopicPartition(topic, p));
                }
                LogCases.awaitServed(cluster, tps);
                String code = GolensCases.withLiterals(area, c, bootstrap);
                ObjectNode observed = LensProducerCases.runProgram(code, c, javac, classes, limitMs);
                observed.set("acks", acksTo(proxy, topic));
                ObjectNode input = Facts.JSON.createObjectNode();
                input.put("client", CLIENT);
                input.put("query", c.get("query").asText());
                facts.add("lens-defaults/" + name, "lens-defaults", input, observed);
                facts.write(out);
            }
        } finally {
            GolensCases.deleteTree(classes);
        }
    }

    /** The Go harness on this area alone, answering each ended program with its topic's acks. */
    private static void runGo(JsonNode plan, Path harness, Proxy proxy, String bootstrap, Path outDir)
            throws Exception {
        GoSteps.run(plan, "lens-defaults", "--defaults", harness, bootstrap,
            outDir.resolve("go-lens-defaults.json"), line -> {
                if (!line.startsWith("observe ")) {
                    throw new IllegalStateException("go harness: unexpected line " + line);
                }
                return Facts.JSON.writeValueAsString(acksTo(proxy, line.substring("observe ".length())));
            });
    }
}
