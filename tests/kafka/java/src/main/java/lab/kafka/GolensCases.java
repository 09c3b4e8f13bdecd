package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import javax.tools.JavaCompiler;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.internals.AppInfoParser;

/**
 * Area "golens" for the Java tab: each routing snippet the Go lens prints for
 * Java, compiled with the JDK's compiler against this harness's
 * kafka-clients and run in this JVM, with only the broker address and the
 * topic literals replaced. Its one record is read back to see which
 * partition the broker stored it in. The Go tabs run in the Go harness.
 */
public final class GolensCases {
    private GolensCases() {}

    private static final String CLIENT = "java";

    /** A snippet's source, held in memory for the compiler. */
    private static final class Source extends SimpleJavaFileObject {
        private final String code;

        Source(String code) {
            super(URI.create("string:///Main.java"), Kind.SOURCE);
            this.code = code;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return code;
        }
    }

    public static void run(JsonNode plan, Cluster cluster, Path outDir) throws Exception {
        JsonNode lens = plan.path("golens");
        List<JsonNode> cases = javaCases(lens);
        if (cases.isEmpty()) {
            return;
        }
        JavaCompiler javac = compiler();
        Facts facts = new Facts(CLIENT);
        facts.client(CLIENT, AppInfoParser.getVersion());
        Path out = outDir.resolve("java-golens.json");
        Path classes = Files.createTempDirectory("kafka-lab-golens-");
        try {
            for (JsonNode c : cases) {
                String topic = c.get("topic").asText();
                int n = c.get("partitions").asInt();
                String code = withLiterals(lens, c, cluster.bootstrap());
                cluster.admin().createTopics(List.of(new NewTopic(topic, n, (short) 1))).all().get();
                List<TopicPartition> partitions = new ArrayList<>();
                IntStream.range(0, n).forEach(p -> partitions.add(new TopicPartition(topic, p)));
                LogCases.awaitServed(cluster, partitions);

                Path dir = classes.resolve(c.get("package").asText());
                Files.createDirectories(dir);
                compile(javac, code, dir, c.get("name").asText());
                try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                        GolensCases.class.getClassLoader())) {
                    Method main = loader.loadClass("Main").getMethod("main", String[].class);
                    main.invoke(null, (Object) new String[0]);
                }

                List<ConsumerRecord<byte[], byte[]>> got = JavaRoutingCases.readAll(cluster, partitions, 1);
                ObjectNode input = Facts.JSON.createObjectNode();
                input.put("client", CLIENT);
                input.put("query", c.get("query").asText());
                ObjectNode observed = Facts.JSON.createObjectNode();
                observed.put("records", got.size());
                observed.put("partition", got.isEmpty() ? -1 : got.get(0).partition());
                facts.add("golens/" + c.get("name").asText(), "golens", input, observed);
                facts.write(out);
            }
        } finally {
            deleteTree(classes);
        }
    }

    /** The Java tab's cases of a plan section; none when the area is not in the plan. */
    static List<JsonNode> javaCases(JsonNode section) {
        List<JsonNode> cases = new ArrayList<>();
        section.path("cases").forEach(c -> {
            if (CLIENT.equals(c.path("client").asText())) {
                cases.add(c);
            }
        });
        return cases;
    }

    static JavaCompiler compiler() {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no Java compiler in this runtime: the harness needs a JDK");
        }
        return javac;
    }

    /**
     * A case's program with the section's two literals replaced by the run's
     * broker address and the case's topic. A program without either would
     * write somewhere the harness does not read.
     */
    static String withLiterals(JsonNode section, JsonNode c, String bootstrap) {
        String code = c.get("code").asText();
        for (String[] swap : new String[][] {
                {section.get("bootstrap").asText(), quote(bootstrap)},
                {section.get("topic").asText(), quote(c.get("topic").asText())}}) {
            if (!code.contains(swap[0])) {
                throw new IllegalStateException(c.get("name").asText() + ": no " + swap[0] + " in the program");
            }
            code = code.replace(swap[0], swap[1]);
        }
        return code;
    }

    static void deleteTree(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    static void compile(JavaCompiler javac, String code, Path dir, String name) throws IOException {
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
            List<String> options = List.of("-d", dir.toString(), "-classpath", System.getProperty("java.class.path"),
                "-encoding", "UTF-8", "-proc:none");
            java.io.StringWriter errors = new java.io.StringWriter();
            boolean ok = javac.getTask(errors, files, null, options, null, List.of(new Source(code))).call();
            if (!ok) {
                throw new IllegalStateException(name + ": the snippet does not compile:\n" + errors);
            }
        }
    }

    /** A Java string literal for a loopback address or a topic name. */
    private static String quote(String s) {
        if (!s.matches("[A-Za-z0-9.:_-]+")) {
            throw new IllegalArgumentException("not a plain address or topic: " + s);
        }
        return "\"" + s + "\"";
    }
}
