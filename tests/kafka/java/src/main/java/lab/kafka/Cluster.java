package lab.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.MetadataRequestData;
import org.apache.kafka.common.requests.MetadataRequest;
import org.apache.kafka.common.requests.MetadataResponse;

/**
 * A real KRaft cluster on loopback, one child JVM per node ({@link BrokerNode}).
 *
 * <p>One broker: a single combined broker+controller node, id 1. N brokers: a
 * dedicated controller node (id 0) plus brokers 1..N, so that any broker can
 * be killed or paused while the quorum stays up.
 *
 * <p>Every node is killed and every data dir deleted by {@link #close()}, which
 * also runs as a JVM shutdown hook; if this JVM is SIGKILLed, the nodes halt
 * on their own when their stdin reaches EOF (see BrokerNode).
 */
public final class Cluster implements AutoCloseable {

    public static final class Options {
        /** 1: one combined broker+controller KRaft node (id 1); N>1: a dedicated controller node plus brokers with ids 1..N. */
        public int brokers = 1;
        /** Extra server.properties, applied last, to every node (the controller too: in KRaft it is the controller that reads min.insync.replicas, default.replication.factor, broker.session.timeout.ms...). */
        public Map<String, String> brokerConfig = new HashMap<>();
        /** Broker id -> port to advertise instead of its own listener (a fault proxy sits there and forwards to listener(id)). */
        public Map<Integer, Integer> advertisedPorts = new HashMap<>();
    }

    private static final String HOST = "127.0.0.1";
    private static final String DATA_PREFIX = "kafka-lab-";
    private static final int CONTROLLER_ID = 0;
    private static final Duration START_DEADLINE = Duration.ofSeconds(120);
    private static final int START_ATTEMPTS = 3;
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final Options options;
    private final Path dataRoot;
    private final String name;
    private final Map<Integer, NodeProcess> nodes = new LinkedHashMap<>();
    private final Map<Integer, Integer> listenerPorts = new HashMap<>();
    private final Thread shutdownHook = new Thread(this::close, "kafka-cluster-close");
    private Admin admin;
    private boolean closed;

    private static final class NodeProcess {
        final int id;
        final Process process;
        final Path logFile;

        NodeProcess(int id, Process process, Path logFile) {
            this.id = id;
            this.process = process;
            this.logFile = logFile;
        }
    }

    private Cluster(Options options) throws IOException {
        if (options.brokers < 1) {
            throw new IllegalArgumentException("brokers must be at least 1, got " + options.brokers);
        }
        this.options = options;
        this.name = "cluster" + SEQUENCE.incrementAndGet();
        deleteOrphanedDataRoots();
        this.dataRoot = Files.createTempDirectory(DATA_PREFIX + ProcessHandle.current().pid() + "-" + name + "-");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /**
     * One broker that advertises the proxy's port, with the proxy forwarding
     * to it: every request of every client, the metadata's leader included,
     * passes the proxy.
     */
    public static Cluster behind(Proxy proxy) throws Exception {
        Options o = new Options();
        o.brokers = 1;
        o.advertisedPorts.put(1, proxy.port());
        Cluster cluster = start(o);
        proxy.forwardTo(cluster.listener(1));
        return cluster;
    }

    /** Returns once every broker is serving and sees all the brokers of the cluster unfenced. */
    public static Cluster start(Options o) throws Exception {
        Cluster c = new Cluster(o);
        try {
            for (int attempt = 1; ; attempt++) {
                try {
                    c.launch();
                    c.awaitServing();
                    return c;
                } catch (PortTakenException e) {
                    // The ports are asked of the OS, released, then bound by the
                    // child: another process may take one in between. Rare, and
                    // only then is a fresh start with fresh ports the right answer.
                    if (attempt == START_ATTEMPTS) {
                        throw e;
                    }
                    c.stopNodes();
                }
            }
        } catch (Exception e) {
            c.close();
            throw e;
        }
    }

    private static final class PortTakenException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        PortTakenException(String message) {
            super(message);
        }
    }

    /**
     * A suite that was SIGKILLed could not delete its data dirs (its nodes
     * halted by themselves). The dirs carry the owner's pid; those of a
     * process that no longer exists are removed here.
     */
    private static void deleteOrphanedDataRoots() throws IOException {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Pattern owned = Pattern.compile(DATA_PREFIX + "(\\d+)-cluster\\d+-\\d+");
        try (Stream<Path> dirs = Files.list(tmp)) {
            for (Path dir : dirs.collect(Collectors.toList())) {
                Matcher m = owned.matcher(dir.getFileName().toString());
                if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
                    try {
                        deleteTree(dir);
                    } catch (UncheckedIOException e) {
                        // Another suite starting now may be removing the same orphan.
                    }
                }
            }
        }
    }

    private List<Integer> brokerIds() {
        return IntStream.rangeClosed(1, options.brokers).boxed().collect(Collectors.toList());
    }

    private boolean combined() {
        return options.brokers == 1;
    }

    private void launch() throws IOException {
        List<Integer> brokerIds = brokerIds();
        int[] ports = freePorts(brokerIds.size() + 1);
        listenerPorts.clear();
        for (int i = 0; i < brokerIds.size(); i++) {
            listenerPorts.put(brokerIds.get(i), ports[i]);
        }
        int controllerPort = ports[brokerIds.size()];
        int controllerId = combined() ? 1 : CONTROLLER_ID;
        String voters = controllerId + "@" + HOST + ":" + controllerPort;
        String clusterId = Uuid.randomUuid().toString();

        if (!combined()) {
            startNode(CONTROLLER_ID, nodeProperties(CONTROLLER_ID, "controller", "CONTROLLER://" + HOST + ":" + controllerPort, null, voters), clusterId);
        }
        for (int id : brokerIds) {
            int port = listenerPorts.get(id);
            int advertised = options.advertisedPorts.getOrDefault(id, port);
            String listeners = "PLAINTEXT://" + HOST + ":" + port
                + (combined() ? ",CONTROLLER://" + HOST + ":" + controllerPort : "");
            String roles = combined() ? "broker,controller" : "broker";
            startNode(id, nodeProperties(id, roles, listeners, "PLAINTEXT://" + HOST + ":" + advertised, voters), clusterId);
        }
    }

    private Properties nodeProperties(int id, String roles, String listeners, String advertised, String voters) throws IOException {
        int n = options.brokers;
        // A retried start formats afresh: StorageTool refuses a formatted dir.
        deleteTree(nodeDir(id));
        Path data = nodeDir(id).resolve("data");
        Files.createDirectories(data);
        Properties p = new Properties();
        p.setProperty("process.roles", roles);
        p.setProperty("node.id", Integer.toString(id));
        p.setProperty("controller.quorum.voters", voters);
        p.setProperty("controller.listener.names", "CONTROLLER");
        p.setProperty("listeners", listeners);
        if (advertised != null) {
            p.setProperty("advertised.listeners", advertised);
            p.setProperty("inter.broker.listener.name", "PLAINTEXT");
        }
        p.setProperty("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.setProperty("log.dirs", data.toString());
        // Cases create their topics explicitly; a typo must fail, not create.
        p.setProperty("auto.create.topics.enable", "false");
        p.setProperty("num.partitions", "1");
        p.setProperty("default.replication.factor", Integer.toString(n));
        // Internal topics sized to the cluster, and with one partition each, so
        // that creating them on first use is quick and placement is predictable.
        p.setProperty("offsets.topic.replication.factor", Integer.toString(n));
        p.setProperty("offsets.topic.num.partitions", "1");
        p.setProperty("transaction.state.log.replication.factor", Integer.toString(n));
        p.setProperty("transaction.state.log.min.isr", Integer.toString(Math.min(n, 2)));
        p.setProperty("transaction.state.log.num.partitions", "1");
        p.setProperty("share.coordinator.state.topic.replication.factor", Integer.toString(n));
        p.setProperty("share.coordinator.state.topic.min.isr", Integer.toString(Math.min(n, 2)));
        p.setProperty("share.coordinator.state.topic.num.partitions", "1");
        // No waiting for more members before the first rebalance unless a case
        // asks for it through brokerConfig.
        p.setProperty("group.initial.rebalance.delay.ms", "0");
        // Two cores: few threads per node.
        p.setProperty("num.network.threads", "2");
        p.setProperty("num.io.threads", "2");
        p.setProperty("background.threads", "2");
        p.setProperty("num.replica.fetchers", "1");
        p.setProperty("num.recovery.threads.per.data.dir", "1");
        p.setProperty("log.cleaner.threads", "1");
        p.putAll(options.brokerConfig);
        return p;
    }

    private Path nodeDir(int id) {
        return dataRoot.resolve("node-" + id);
    }

    /** Where node logs go: lab.kafka.logs if set (Main sets it), else the temp dir. */
    private static Path logsDir() throws IOException {
        String dir = System.getProperty("lab.kafka.logs");
        Path p = dir != null ? Path.of(dir) : Path.of(System.getProperty("java.io.tmpdir"), "kafka-lab-logs");
        Files.createDirectories(p);
        return p;
    }

    private void startNode(int id, Properties props, String clusterId) throws IOException {
        Path propsFile = nodeDir(id).resolve("server.properties");
        try (Writer w = Files.newBufferedWriter(propsFile, StandardCharsets.UTF_8)) {
            props.store(w, "lab.kafka.Cluster " + name + " node " + id);
        }
        String role = combined() ? "node" : id == CONTROLLER_ID ? "controller" : "broker";
        Path logFile = logsDir().toAbsolutePath().resolve(name + "-" + role + "-" + id + ".log");
        Files.deleteIfExists(logFile);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = new ArrayList<>(List.of(
            java.toString(),
            "-Xmx384m",
            "-XX:+UseSerialGC",
            // C1 only: these brokers serve a few thousand records, and on two
            // cores the C2 compiler threads would slow every start-up.
            "-XX:TieredStopAtLevel=1",
            "-Djava.awt.headless=true",
            "-Dlab.kafka.log.file=" + logFile));
        cmd.addAll(Cds.flags(role));
        cmd.addAll(List.of(
            "-cp", System.getProperty("java.class.path"),
            BrokerNode.class.getName(),
            propsFile.toString(),
            clusterId));
        // stdin stays a pipe that is never written: its EOF tells the child
        // that this JVM is gone. Its stdout/stderr join its log4j file (both
        // append), so a start-up failure is in one place.
        Process process = new ProcessBuilder(cmd)
            .redirectInput(ProcessBuilder.Redirect.PIPE)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
            .redirectError(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
            .start();
        nodes.put(id, new NodeProcess(id, process, logFile));
    }

    private static int[] freePorts(int count) throws IOException {
        // All held open together so the OS hands out distinct ports.
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                sockets.add(new ServerSocket(0, 1, InetAddress.getByName(HOST)));
            }
            return sockets.stream().mapToInt(ServerSocket::getLocalPort).toArray();
        } finally {
            for (ServerSocket s : sockets) {
                s.close();
            }
        }
    }

    private void awaitServing() throws Exception {
        Set<Integer> expected = new TreeSet<>(brokerIds());
        for (int id : brokerIds()) {
            InetSocketAddress address = listener(id);
            // Asked of the broker's real listener, not of the advertised
            // address: a fault proxy on an advertised port starts only after
            // this returns. The Metadata response lists exactly the unfenced
            // brokers in that broker's metadata image
            // (KafkaApis.handleTopicMetadataRequest -> KRaftMetadataCache.getAliveBrokerNodes).
            Wait.until(name + " broker " + id + " serving and seeing brokers " + expected, START_DEADLINE, () -> {
                checkNodesAlive();
                return aliveBrokers(address).equals(expected);
            });
        }
    }

    private void checkNodesAlive() throws IOException {
        for (NodeProcess node : nodes.values()) {
            if (!node.process.isAlive()) {
                String log = Files.exists(node.logFile) ? Files.readString(node.logFile) : "";
                String tail = log.substring(Math.max(0, log.length() - 4000));
                String message = name + " node " + node.id + " exited with code " + node.process.exitValue()
                    + " during start-up; log " + node.logFile + " ends with:\n" + tail;
                if (log.contains("Address already in use")) {
                    throw new PortTakenException(message);
                }
                throw new IllegalStateException(message);
            }
        }
    }

    /** The broker ids in the Metadata response of the broker at address, or none if it does not answer yet. */
    private static Set<Integer> aliveBrokers(InetSocketAddress address) {
        try {
            MetadataResponse metadata = (MetadataResponse) RawRequest.send(address,
                new MetadataRequest.Builder(new MetadataRequestData().setTopics(List.of()).setAllowAutoTopicCreation(false)),
                "lab-cluster-probe", 1000);
            return metadata.brokers().stream().map(Node::id).collect(Collectors.toCollection(TreeSet::new));
        } catch (IOException e) {
            return Set.of();
        }
    }

    /** Comma-separated advertised host:port of the brokers. */
    public String bootstrap() {
        return brokerIds().stream()
            .map(id -> HOST + ":" + options.advertisedPorts.getOrDefault(id, listenerPorts.get(id)))
            .collect(Collectors.joining(","));
    }

    /** Where the broker really listens. */
    public InetSocketAddress listener(int brokerId) {
        Integer port = listenerPorts.get(brokerId);
        if (port == null) {
            throw new IllegalArgumentException("no broker " + brokerId + " in " + name);
        }
        return new InetSocketAddress(HOST, port);
    }

    /** An Admin on bootstrap(), made on first use (after any proxy is up) and closed by close(). */
    public synchronized Admin admin() {
        if (closed) {
            throw new IllegalStateException(name + " is closed");
        }
        if (admin == null) {
            Map<String, Object> config = new HashMap<>();
            config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap());
            config.put(AdminClientConfig.CLIENT_ID_CONFIG, "lab-admin-" + name);
            admin = Admin.create(config);
        }
        return admin;
    }

    private NodeProcess node(int id) {
        NodeProcess node = nodes.get(id);
        if (node == null) {
            throw new IllegalArgumentException("no node " + id + " in " + name);
        }
        return node;
    }

    public long pid(int brokerId) {
        return node(brokerId).process.pid();
    }

    /** SIGKILL, then wait until the process is gone. */
    public void kill(int brokerId) {
        Process process = node(brokerId).process;
        process.destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while killing broker " + brokerId, e);
        }
    }

    /** SIGSTOP; returns once the kernel reports the process stopped. */
    public void pause(int brokerId) {
        signal(brokerId, "STOP", true);
    }

    /** SIGCONT; returns once the kernel reports the process running again. */
    public void resume(int brokerId) {
        signal(brokerId, "CONT", false);
    }

    private void signal(int brokerId, String signal, boolean stopped) {
        long pid = pid(brokerId);
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + pid + " failed");
            }
            // A signal is delivered asynchronously: wait for the state in
            // /proc/<pid>/stat ('T' = stopped) rather than assuming it.
            Wait.until("broker " + brokerId + (stopped ? " stopped" : " running"), Duration.ofSeconds(10),
                () -> isStopped(pid) == stopped);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("could not send SIG" + signal + " to broker " + brokerId, e);
        }
    }

    private static boolean isStopped(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        // Format: pid (comm) state ...; comm may contain spaces and parentheses.
        char state = stat.charAt(stat.lastIndexOf(')') + 2);
        return state == 'T' || state == 't';
    }

    /** The broker's log.dirs folder. */
    public Path logDir(int brokerId) {
        if (!listenerPorts.containsKey(brokerId)) {
            throw new IllegalArgumentException("no broker " + brokerId + " in " + name);
        }
        return nodeDir(brokerId).resolve("data");
    }

    private void stopNodes() {
        for (NodeProcess node : nodes.values()) {
            node.process.destroyForcibly();
        }
        for (NodeProcess node : nodes.values()) {
            try {
                node.process.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        nodes.clear();
    }

    /** Kills every node and deletes the data dirs; idempotent. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            if (admin != null) {
                // Zero: the brokers are about to die, nothing pending matters.
                admin.close(Duration.ZERO);
            }
        }
        stopNodes();
        deleteTree(dataRoot);
        if (Thread.currentThread() != shutdownHook) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // The JVM is already shutting down; the hook will find us closed.
            }
        }
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete " + root, e);
        }
    }
}
