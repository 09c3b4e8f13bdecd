package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * An area's cases, run a few at a time: each spends most of its time in the
 * broker's waits (a rebalance delay, a session timeout, a record lock) and
 * has its own topic and group, so they cannot interfere. Facts are still
 * added in plan order, and written after each case, so a later failure
 * keeps what ran. A failed case stops the rest: nothing new starts, and
 * running ones are interrupted and clean up (close their clients, kill
 * their child JVMs) before {@link #close} returns.
 */
final class ParallelCases implements AutoCloseable {
    /** One case: what the broker and clients did. */
    interface Case {
        ObjectNode run() throws Exception;
    }

    private record Pending(String name, String area, JsonNode input, Future<ObjectNode> observed) {}

    private final ExecutorService pool;
    private final Duration deadline;
    private final List<Pending> pending = new ArrayList<>();

    ParallelCases(int parallel, Duration deadline) {
        this.pool = Executors.newFixedThreadPool(parallel);
        this.deadline = deadline;
    }

    /** Starts case {@code input} of {@code area}, named by its plan name. */
    void submit(String area, JsonNode input, Case c) {
        pending.add(new Pending(area + "/" + input.get("name").asText(), area, input, pool.submit(c::run)));
    }

    /** Waits for each case in plan order and adds its facts. */
    void collect(Facts facts, Path out) throws Exception {
        for (Pending p : pending) {
            ObjectNode observed;
            try {
                observed = p.observed().get();
            } catch (ExecutionException e) {
                throw new IllegalStateException(p.name() + " failed", e.getCause());
            }
            facts.add(p.name(), p.area(), p.input(), observed);
            facts.write(out);
        }
    }

    @Override
    public void close() throws InterruptedException {
        pool.shutdownNow();
        pool.awaitTermination(deadline.toMillis(), TimeUnit.MILLISECONDS);
    }
}
