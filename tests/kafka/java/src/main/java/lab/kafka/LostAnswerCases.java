package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.utils.internals.AppInfoParser;

/**
 * Area "lens-lost-answer": the producer programs the lens prints, as in
 * {@link LensProducerCases}, run one at a time against a broker behind the
 * {@link Proxy}, which lets each program's first Produce request reach the
 * broker and then closes the connection instead of passing the answer
 * back. The Java tab runs here; the Go tabs in the Go harness
 * (tests/kafka/go/lostanswer.go), which asks for the proxy to be armed
 * before each program ("arm NAME" on its stdout, "armed" on its stdin).
 */
public final class LostAnswerCases {
    private LostAnswerCases() {}

    private static final String CLIENT = "java";

    public static void run(JsonNode plan, Path outDir, Path goHarness) throws Exception {
        JsonNode area = plan.path("lens-lost-answer");
        try (Proxy proxy = Proxy.open()) {
            try (Cluster cluster = Cluster.behind(proxy)) {
                // The programs name themselves as their libraries do; one
                // runs at a time, so every client's requests are the case's.
                proxy.watchEveryClient();
                proxy.closeOn(ApiKeys.PRODUCE, 1, Proxy.CloseWhen.AFTER_RESPONSE);
                String bootstrap = "127.0.0.1:" + proxy.port();
                runJava(area, cluster, proxy, bootstrap, outDir);
                if (goHarness != null) {
                    runGo(plan, goHarness, proxy, bootstrap, outDir);
                }
                proxy.check();
            }
        }
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
        Path out = outDir.resolve("java-lens-lost-answer.json");
        Path classes = Files.createTempDirectory("kafka-lab-lens-lost-answer-");
        try {
            for (JsonNode c : cases) {
                String name = c.get("name").asText();
                TopicPartition tp = new TopicPartition(c.get("topic").asText(), 0);
                cluster.admin().createTopics(List.of(new NewTopic(tp.topic(), 1, (short) 1))).all().get();
                LogCases.awaitServed(cluster, List.of(tp));
                String code = GolensCases.withLiterals(area, c, bootstrap);
                proxy.mark();
                ObjectNode observed = LensProducerCases.runProgram(code, c, javac, classes, limitMs);
                LensProducerCases.readRecords(cluster, tp, observed);
                ObjectNode input = Facts.JSON.createObjectNode();
                input.put("client", CLIENT);
                input.put("query", c.get("query").asText());
                input.put("idempotent", c.get("idempotent").asBoolean());
                facts.add("lens-lost-answer/" + name, "lens-lost-answer", input, observed);
                facts.write(out);
            }
        } finally {
            GolensCases.deleteTree(classes);
        }
    }

    /** The Go harness on this area alone, arming the proxy before each of its programs. */
    private static void runGo(JsonNode plan, Path harness, Proxy proxy, String bootstrap, Path outDir)
            throws Exception {
        GoSteps.run(plan, "lens-lost-answer", "--lost-answer", harness, bootstrap,
            outDir.resolve("go-lens-lost-answer.json"), line -> {
                if (!line.startsWith("arm ")) {
                    throw new IllegalStateException("go harness: unexpected line " + line);
                }
                proxy.mark();
                return "armed";
            });
    }
}
