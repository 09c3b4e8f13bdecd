package lab.kafka;

import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * Waits on a condition, never on a fixed sleep: the cases must not depend on
 * how fast this machine is, only on what the broker and the clients did.
 * The deadline only bounds a case that would otherwise hang; reaching it is a
 * failure that names what was awaited.
 */
public final class Wait {
    private Wait() {}

    public static void until(String what, Duration deadline, Callable<Boolean> condition) throws Exception {
        long end = System.nanoTime() + deadline.toNanos();
        while (true) {
            if (Boolean.TRUE.equals(condition.call())) {
                return;
            }
            if (System.nanoTime() > end) {
                throw new IllegalStateException("timed out after " + deadline + " waiting for " + what);
            }
            Thread.sleep(20);
        }
    }
}
