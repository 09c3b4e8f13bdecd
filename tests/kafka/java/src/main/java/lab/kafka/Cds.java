package lab.kafka;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Class-data sharing for the JVMs this harness starts: the brokers, the
 * consumers it runs in child JVMs, and (through the Go harness's
 * --java-cds) the lens's Java programs. About 130 JVMs start in a run of
 * the suite and the lens vet, and each spent one to two core-seconds
 * loading and verifying the classes of kafka-clients and of the broker
 * from the jars; one archive of them, mapped at start, spares most of that.
 *
 * The Makefile makes the archive before the suite runs, in two steps
 * (JDK 17's static archive, `-Xshare:dump` from a class list):
 * Main --cds-lists DIR runs the self-check's single broker with
 * {@link #LISTS} set, so that every JVM it starts, and the harness's own
 * (its -XX:DumpLoadedClassList), writes the classes it loads; then
 * `java -Xshare:dump` archives their union. With {@link #ARCHIVE} set,
 * each child JVM maps it. A JVM maps an archive only when its classpath
 * starts with the one the archive was made from, the harness's jars, so
 * the children's classpath is the harness's, and the lens's programs add
 * their classes after it.
 */
final class Cds {
    /** The archive's path, a system property of the harness's JVM. */
    static final String ARCHIVE = "lab.kafka.cds";
    /** A folder: each child JVM writes the classes it loads there. */
    static final String LISTS = "lab.kafka.cds.lists";

    private static final AtomicInteger lists = new AtomicInteger();

    private Cds() {}

    /** The archive a child JVM maps, or null when there is none. */
    static Path archive() {
        String archive = System.getProperty(ARCHIVE);
        return archive != null && Files.isRegularFile(Path.of(archive)) ? Path.of(archive).toAbsolutePath() : null;
    }

    /** The flags of a child JVM named `name` (a broker, a consumer). */
    static List<String> flags(String name) {
        String dir = System.getProperty(LISTS);
        if (dir != null) {
            Path list = Path.of(dir, name + "-" + lists.incrementAndGet() + ".lst").toAbsolutePath();
            return List.of("-XX:DumpLoadedClassList=" + list);
        }
        Path archive = archive();
        if (archive == null) {
            return List.of();
        }
        // A JVM that cannot map the archive says so as a warning, by default
        // on stdout, which the harness reads from the consumers.
        return List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:disable", "-Xlog:all=warning:stderr");
    }
}
