package lab.kafka;

import java.io.IOException;
import java.util.Properties;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.common.utils.Utils;

/**
 * One KRaft node (broker, controller, or both) in its own JVM, started by
 * {@link Cluster}: {@code BrokerNode <server.properties> <cluster id>}.
 *
 * <p>The parent holds this process's stdin open and never writes to it, so
 * stdin reaches EOF exactly when the parent is gone, whatever killed it
 * (SIGKILL included). The node then halts at once: a broker never outlives
 * the suite that started it.
 */
public final class BrokerNode {
    private BrokerNode() {}

    public static void main(String[] args) throws Exception {
        Thread parentWatch = new Thread(() -> {
            try {
                while (System.in.read() != -1) {
                    // Nothing is ever sent; only EOF matters.
                }
            } catch (IOException e) {
                // A broken stdin means the parent is gone as well.
            }
            Runtime.getRuntime().halt(0);
        }, "parent-watch");
        parentWatch.setDaemon(true);
        parentWatch.start();

        String propsFile = args[0];
        String clusterId = args[1];
        try {
            // The same code path as `kafka-storage.sh format -t <id> -c <file>`
            // (kafka.tools.StorageTool.execute), which, unlike StorageTool.main,
            // returns its exit code instead of exiting. The quorum is static
            // (controller.quorum.voters), so no --standalone/--initial-controllers.
            int rc = StorageTool.execute(new String[] {"format", "-t", clusterId, "-c", propsFile}, System.out);
            if (rc != 0) {
                System.err.println("storage format failed with exit code " + rc);
                Runtime.getRuntime().halt(2);
            }
            Properties props = Utils.loadProps(propsFile);
            // What kafka.Kafka.main builds, without its signal handlers and
            // exit calls: this process is only ever stopped by being killed.
            KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(props, false), Time.SYSTEM);
            server.startup();
            System.out.println("lab.kafka.BrokerNode started");
            server.awaitShutdown();
        } catch (Throwable t) {
            t.printStackTrace();
            System.err.flush();
            Runtime.getRuntime().halt(1);
        }
        Runtime.getRuntime().halt(0);
    }
}
