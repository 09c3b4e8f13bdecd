package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The Java side of the conformance suite:
 * <pre>
 * Main --plan plan.json --out-dir facts [--go-harness PATH] [--only routing,log,...]
 * Main --golens-run DIR --go-harness PATH
 * Main --self-check
 * Main --cds-lists DIR
 * </pre>
 * One single-broker cluster serves the areas that need nothing else
 * (routing, keyless, log, group, crash, share, group-consumer, and the Go harness); the producer and
 * replication areas start their own clusters, one at a time, after it is
 * closed, so that no two clusters share the two cores. An area that fails
 * does not stop the others; the exit code says whether any failed.
 *
 * <p>{@code --cds-lists} runs the self-check's single broker, each JVM
 * writing the classes it loads into DIR: the Makefile makes the class
 * archive the suite's JVMs share from them (Cds.java).
 *
 * <p>{@code --golens-run} serves {@code make golens-vet}: a cluster of three
 * brokers (the replication scene's programs create a topic with three
 * replicas) for the Go harness, which runs every program the Go lens
 * prints once (tests/kafka/go/golensrun.go).
 */
public final class Main {
    private Main() {}

    private static final List<String> AREAS = List.of("routing", "keyless", "log", "group", "crash", "producer", "replication", "pipeline", "golens", "lens-producer", "lens-lost-answer", "lens-retry", "lens-consumer", "lens-defaults", "lens-reset", "share", "group-consumer");

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = parseArgs(args);
        if (opts.containsKey("--self-check")) {
            Path logs = Files.createTempDirectory("kafka-lab-self-check-");
            configureLogs(logs);
            selfCheck(1, 3);
            System.out.println("self-check passed; logs in " + logs);
            System.exit(0);
        }
        if (opts.containsKey("--cds-lists")) {
            // The class lists the archive is made from (Cds.java): the
            // self-check's single broker, whose JVMs each write theirs.
            Path dir = Files.createDirectories(Path.of(opts.get("--cds-lists")));
            System.setProperty(Cds.LISTS, dir.toAbsolutePath().toString());
            configureLogs(dir.resolve("logs"));
            selfCheck(1);
            System.exit(0);
        }
        if (opts.containsKey("--golens-run")) {
            System.exit(golensRun(Path.of(opts.get("--golens-run")), Path.of(required(opts, "--go-harness"))));
        }
        Path planFile = Path.of(required(opts, "--plan"));
        Path outDir = Path.of(required(opts, "--out-dir"));
        Files.createDirectories(outDir);
        configureLogs(outDir.resolve("logs"));

        JsonNode plan = Facts.JSON.readTree(planFile.toFile());
        Set<String> only = opts.containsKey("--only")
            ? Stream.of(opts.get("--only").split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .collect(Collectors.toCollection(LinkedHashSet::new))
            : new LinkedHashSet<>(AREAS);
        for (String area : only) {
            if (!AREAS.contains(area)) {
                throw new IllegalArgumentException("unknown area " + area + "; areas are " + AREAS);
            }
        }
        ObjectNode selected = Facts.JSON.createObjectNode();
        for (Map.Entry<String, JsonNode> e : plan.properties()) {
            if (only.contains(e.getKey())) {
                selected.set(e.getKey(), e.getValue());
            }
        }

        Run run = new Run(outDir);
        boolean singleBroker = Stream.of("routing", "keyless", "golens", "lens-producer", "log", "group", "crash", "share", "group-consumer").anyMatch(selected::has)
            || opts.containsKey("--go-harness");
        if (singleBroker) {
            run.singleBroker(selected, opts, planFile);
        }
        if (selected.has("producer")) {
            run.area("producer", () -> ProducerCases.run(selected, outDir));
        }
        if (selected.has("replication")) {
            run.area("replication", () -> ReplicationCases.run(selected, outDir));
        }
        if (selected.has("lens-lost-answer")) {
            Path harness = opts.containsKey("--go-harness") ? Path.of(opts.get("--go-harness")) : null;
            run.area("lens-lost-answer", () -> LostAnswerCases.run(selected, outDir, harness));
        }
        if (selected.has("lens-retry")) {
            Path harness = opts.containsKey("--go-harness") ? Path.of(opts.get("--go-harness")) : null;
            run.area("lens-retry", () -> RetryCases.run(selected, outDir, harness));
        }
        if (selected.has("lens-defaults")) {
            Path harness = opts.containsKey("--go-harness") ? Path.of(opts.get("--go-harness")) : null;
            run.area("lens-defaults", () -> DefaultsCases.run(selected, outDir, harness));
        }
        if (run.failed.isEmpty()) {
            System.out.println("all areas passed");
        } else {
            // Last, and one line each: a long run's log is often read from
            // its end, past the stack traces.
            System.out.println("FAILED areas: " + run.failed.keySet());
            run.failed.forEach((area, why) -> System.out.println("FAILED " + area + ": " + why));
        }
        System.exit(run.failed.isEmpty() ? 0 : 1);
    }

    /**
     * Every JVM of the run logs to its own file under logs (see
     * log4j2.properties); this one, the clients', to clients.log. Set before
     * any Kafka class logs, since log4j2 reads the file name once.
     */
    private static void configureLogs(Path logs) throws IOException {
        Files.createDirectories(logs);
        if (System.getProperty("lab.kafka.logs") == null) {
            System.setProperty("lab.kafka.logs", logs.toAbsolutePath().toString());
        }
        if (System.getProperty("lab.kafka.log.file") == null) {
            System.setProperty("lab.kafka.log.file",
                Path.of(System.getProperty("lab.kafka.logs"), "clients.log").toString());
        }
    }

    private interface AreaRun {
        void run() throws Exception;
    }

    /** Times each area and counts the cases it added to the facts files in out-dir. */
    private static final class Run {
        final Path outDir;
        /** Each failed area, with the first line of its error. */
        final Map<String, String> failed = new LinkedHashMap<>();

        Run(Path outDir) {
            this.outDir = outDir;
        }

        /** The areas that share one single-broker cluster, and the Go harness against it. */
        void singleBroker(ObjectNode selected, Map<String, String> opts, Path planFile) throws IOException {
            List<String> areas = new ArrayList<>();
            Stream.of("routing", "keyless", "golens", "lens-producer", "log", "share", "group-consumer").filter(selected::has).forEach(areas::add);
            if (selected.has("group") || selected.has("crash")) {
                areas.add("group+crash");
            }
            if (opts.containsKey("--go-harness")) {
                areas.add("go");
            }
            long t0 = System.nanoTime();
            Cluster cluster;
            try {
                // GroupCases needs a first rebalance that waits for every
                // member (GroupMetadataManager: a new classic group completes
                // its first join after group.initial.rebalance.delay.ms,
                // extended while members keep arriving); 3000 is Kafka's default.
                Cluster.Options o = new Cluster.Options();
                o.brokerConfig.put("group.initial.rebalance.delay.ms", "3000");
                // group-consumer's groups ask for sessions shorter than the
                // broker's floor allows; lowering the floor changes no default
                // (GroupConsumerCases.brokerConfig).
                o.brokerConfig.putAll(GroupConsumerCases.brokerConfig(selected));
                cluster = Cluster.start(o);
            } catch (Exception e) {
                System.out.println("cluster: 1 broker FAILED to start, so did " + areas + ": " + e);
                e.printStackTrace();
                areas.forEach(a -> failed.put(a, "its broker did not start: " + firstLine(e)));
                return;
            }
            System.out.printf("cluster: 1 broker up in %.1f s at %s%n", seconds(t0), cluster.bootstrap());
            try (cluster) {
                if (selected.has("routing")) {
                    area("routing", () -> JavaRoutingCases.routing(selected, cluster, outDir));
                }
                if (selected.has("keyless")) {
                    area("keyless", () -> JavaRoutingCases.keyless(selected, cluster, outDir));
                }
                if (selected.has("golens")) {
                    area("golens", () -> GolensCases.run(selected, cluster, outDir));
                }
                if (selected.has("lens-producer")) {
                    area("lens-producer", () -> LensProducerCases.run(selected, cluster, outDir));
                }
                if (selected.has("log")) {
                    area("log", () -> LogCases.run(selected, cluster, outDir));
                }
                if (selected.has("group") || selected.has("crash")) {
                    area("group+crash", () -> GroupCases.run(selected, cluster, outDir));
                }
                if (selected.has("share")) {
                    area("share", () -> ShareCases.run(selected, cluster, outDir));
                }
                if (selected.has("group-consumer")) {
                    area("group-consumer", () -> GroupConsumerCases.run(selected, cluster, outDir));
                }
                if (opts.containsKey("--go-harness")) {
                    Path goPlan = planFile;
                    if (opts.containsKey("--only")) {
                        // The harness sees the same selection as the Java side.
                        goPlan = Files.createTempFile("kafka-lab-plan-", ".json");
                        goPlan.toFile().deleteOnExit();
                        Facts.JSON.writeValue(goPlan.toFile(), selected);
                    }
                    Path harnessPlan = goPlan;
                    area("go", () -> goHarness(Path.of(opts.get("--go-harness")), harnessPlan, cluster.bootstrap(), outDir));
                }
            }
        }

        void area(String name, AreaRun body) {
            Map<String, Integer> before = caseCounts();
            long t0 = System.nanoTime();
            Throwable error = null;
            try {
                body.run();
            } catch (Throwable t) {
                error = t;
            }
            double took = seconds(t0);
            Map<String, Integer> after = caseCounts();
            String cases = after.entrySet().stream()
                .filter(e -> e.getValue() - before.getOrDefault(e.getKey(), 0) != 0)
                .map(e -> (e.getValue() - before.getOrDefault(e.getKey(), 0)) + " " + e.getKey())
                .collect(Collectors.joining(", "));
            String summary = String.format("%s: %s cases in %.1f s", name, cases.isEmpty() ? "0" : cases, took);
            if (error == null) {
                System.out.println(summary);
            } else {
                failed.put(name, firstLine(error));
                System.out.println(summary + ", FAILED: " + error);
                error.printStackTrace();
            }
        }

        /** Cases per area over every facts file in out-dir. */
        Map<String, Integer> caseCounts() {
            Map<String, Integer> counts = new TreeMap<>();
            try (Stream<Path> files = Files.list(outDir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".json")).collect(Collectors.toList())) {
                    try {
                        for (JsonNode c : Facts.JSON.readTree(f.toFile()).path("cases")) {
                            counts.merge(c.path("area").asText("?"), 1, Integer::sum);
                        }
                    } catch (IOException e) {
                        // A file being rewritten: Facts.write renames it into place, so a later count sees it whole.
                    }
                }
            } catch (IOException e) {
                throw new IllegalStateException("cannot list " + outDir, e);
            }
            return counts;
        }
    }

    /** How the Go harness ended: its exit code, and what it last said on stderr. */
    private record Child(int rc, String lastWords) {}

    /** The last lines of the Go harness's stderr kept for its failure's message. */
    private static final int LAST_WORDS = 3;

    /**
     * A line that names the failure: the harness's own (main.go, fail), or
     * Go's first line of a panic or fatal error, whose stack follows it.
     */
    private static boolean tellsFailure(String line) {
        return line.startsWith("harness: ") || line.startsWith("panic: ") || line.startsWith("fatal error: ");
    }

    /** Runs the Go harness to its end, its output this JVM's as it comes. */
    private static Child runChild(List<String> cmd) throws Exception {
        // stdin is a pipe held open and never written, as for the brokers, so
        // the harness can tell when this JVM is gone. stderr passes through
        // this JVM, which keeps its last lines for the failure's message.
        Process p = new ProcessBuilder(cmd)
            .redirectInput(ProcessBuilder.Redirect.PIPE)
            .redirectOutput(ProcessBuilder.Redirect.INHERIT)
            .start();
        Deque<String> last = new ArrayDeque<>();
        String[] told = {null};
        Thread copier = new Thread(() -> {
            try (BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = err.readLine()) != null; ) {
                    System.err.println(line);
                    synchronized (last) {
                        if (tellsFailure(line)) {
                            told[0] = line;
                        }
                        last.addLast(line);
                        if (last.size() > LAST_WORDS) {
                            last.removeFirst();
                        }
                    }
                }
            } catch (IOException e) {
                // The harness is gone; what it wrote so far has been copied.
            }
        }, "go-harness-stderr");
        // A program the harness left running could hold stderr open; it
        // must not keep this JVM alive.
        copier.setDaemon(true);
        copier.start();
        Thread reaper = new Thread(p::destroyForcibly, "go-harness-kill");
        Runtime.getRuntime().addShutdownHook(reaper);
        try {
            int rc = p.waitFor();
            // A program the harness started and left running would hold
            // stderr open: its lines are not waited for.
            copier.join(Duration.ofSeconds(10).toMillis());
            synchronized (last) {
                String tail = String.join(" | ", last);
                boolean inTail = told[0] != null && last.contains(told[0]);
                return new Child(rc, told[0] == null || inTail ? tail : told[0] + " … " + tail);
            }
        } finally {
            p.destroyForcibly();
            Runtime.getRuntime().removeShutdownHook(reaper);
        }
    }

    /** The first line of an error's message, for the run's closing lines. */
    private static String firstLine(Throwable t) {
        String m = String.valueOf(t.getMessage());
        int nl = m.indexOf('\n');
        return t.getClass().getSimpleName() + ": " + (nl < 0 ? m : m.substring(0, nl));
    }

    /** The exit code of the Go harness's run of every lens program. */
    private static int golensRun(Path module, Path harness) throws Exception {
        configureLogs(module.resolve("run").resolve("logs"));
        long t0 = System.nanoTime();
        Cluster.Options o = new Cluster.Options();
        o.brokers = 3;
        // A group's first join need not wait for more members: each
        // program is its group's only one.
        o.brokerConfig.put("group.initial.rebalance.delay.ms", "0");
        try (Cluster cluster = Cluster.start(o)) {
            System.out.printf("golens-run: 3 brokers up in %.1f s at %s%n", seconds(t0), cluster.bootstrap());
            return runChild(withCds(List.of(harness.toAbsolutePath().toString(),
                "--golens-run", module.toAbsolutePath().toString(),
                "--bootstrap", cluster.bootstrap(),
                "--java-home", System.getProperty("java.home"),
                "--java-classpath", System.getProperty("java.class.path")))).rc();
        }
    }

    private static void goHarness(Path harness, Path plan, String bootstrap, Path outDir) throws Exception {
        // The JDK and classpath of this JVM compile and run the Java tab's
        // consumer programs, which the harness starts as members of a group
        // beside the Go tabs' (area lens-consumer, lensconsumer.go).
        List<String> cmd = withCds(List.of(harness.toAbsolutePath().toString(),
            "--plan", plan.toAbsolutePath().toString(),
            "--bootstrap", bootstrap,
            "--out", outDir.resolve("go.json").toAbsolutePath().toString(),
            "--java-home", System.getProperty("java.home"),
            "--java-classpath", System.getProperty("java.class.path")));
        Child child = runChild(cmd);
        if (child.rc() != 0) {
            throw new IllegalStateException("go harness exited with code " + child.rc()
                + (child.lastWords().isEmpty() ? "" : ", saying: " + child.lastWords()));
        }
    }

    /** The Go harness's command, with this JVM's class archive for its Java programs (Cds.java). */
    private static List<String> withCds(List<String> cmd) {
        Path archive = Cds.archive();
        if (archive == null) {
            return cmd;
        }
        List<String> with = new ArrayList<>(cmd);
        with.addAll(List.of("--java-cds", archive.toString()));
        return with;
    }

    private static Map<String, String> parseArgs(String[] args) {
        Map<String, String> opts = new TreeMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--self-check" -> opts.put(a, "");
                case "--plan", "--out-dir", "--go-harness", "--only", "--golens-run", "--cds-lists" -> {
                    if (i + 1 >= args.length) {
                        throw new IllegalArgumentException(a + " needs a value");
                    }
                    opts.put(a, args[++i]);
                }
                default -> throw new IllegalArgumentException("unknown argument " + a
                    + "; usage: --plan FILE --out-dir DIR [--go-harness PATH] [--only AREA,...] | --golens-run DIR --go-harness PATH | --self-check | --cds-lists DIR");
            }
        }
        return opts;
    }

    private static String required(Map<String, String> opts, String name) {
        String v = opts.get(name);
        if (v == null) {
            throw new IllegalArgumentException(name + " is required");
        }
        return v;
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    // ---------------------------------------------------------------- self-check

    /** Each cluster size in turn: create a topic, produce one record, read it back, close. */
    private static void selfCheck(int... sizes) throws Exception {
        for (int brokers : sizes) {
            long t0 = System.nanoTime();
            Cluster.Options o = new Cluster.Options();
            o.brokers = brokers;
            try (Cluster cluster = Cluster.start(o)) {
                System.out.printf("self-check: %d broker(s) up in %.1f s at %s%n", brokers, seconds(t0), cluster.bootstrap());
                int found = cluster.admin().describeCluster().nodes().get().size();
                if (found != brokers) {
                    throw new IllegalStateException("describeCluster shows " + found + " brokers, expected " + brokers);
                }
                String topic = "self-check";
                cluster.admin().createTopics(List.of(new NewTopic(topic, 1, (short) brokers))).all().get();
                try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrap(),
                        ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class))) {
                    producer.send(new ProducerRecord<>(topic, "k", "v" + brokers)).get();
                }
                List<ConsumerRecord<String, String>> got = new ArrayList<>();
                try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrap(),
                        ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                        ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class))) {
                    TopicPartition tp = new TopicPartition(topic, 0);
                    consumer.assign(List.of(tp));
                    consumer.seekToBeginning(List.of(tp));
                    Wait.until("the self-check record", Duration.ofSeconds(30), () -> {
                        consumer.poll(Duration.ofMillis(200)).forEach(got::add);
                        return !got.isEmpty();
                    });
                }
                if (!("v" + brokers).equals(got.get(0).value())) {
                    throw new IllegalStateException("read back " + got.get(0).value());
                }
                if (!Files.isDirectory(cluster.logDir(1).resolve(topic + "-0"))) {
                    throw new IllegalStateException("no " + topic + "-0 in " + cluster.logDir(1));
                }
            }
            System.out.printf("self-check: %d broker(s) round trip and close in %.1f s%n", brokers, seconds(t0));
        }
    }
}
