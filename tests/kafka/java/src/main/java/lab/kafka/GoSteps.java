package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The Go harness on one area alone, stepped by this side: each line it
 * writes on its stdout is a step it has reached, and it waits for this
 * side's answer on its stdin before it goes on. The areas that own the
 * fault proxy (lens-lost-answer, lens-retry, lens-defaults) set it up or
 * read it at each step.
 */
final class GoSteps {
    private GoSteps() {}

    /** The answer to one line of the harness, once this side has done its part. */
    interface Answer {
        String to(String line) throws Exception;
    }

    static void run(JsonNode plan, String area, String flag, Path harness, String bootstrap, Path out, Answer answer)
            throws Exception {
        Path goPlan = Files.createTempFile("kafka-lab-" + area + "-plan-", ".json");
        goPlan.toFile().deleteOnExit();
        ObjectNode only = Facts.JSON.createObjectNode();
        only.set(area, plan.path(area));
        Facts.JSON.writeValue(goPlan.toFile(), only);
        List<String> cmd = List.of(harness.toAbsolutePath().toString(), flag,
            "--plan", goPlan.toAbsolutePath().toString(),
            "--bootstrap", bootstrap,
            "--out", out.toAbsolutePath().toString());
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Thread reaper = new Thread(p::destroyForcibly, "go-" + area + "-kill");
        Runtime.getRuntime().addShutdownHook(reaper);
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
             OutputStream answers = p.getOutputStream()) {
            String line;
            while ((line = lines.readLine()) != null) {
                answers.write((answer.to(line) + "\n").getBytes(StandardCharsets.UTF_8));
                answers.flush();
            }
            int rc = p.waitFor();
            if (rc != 0) {
                throw new IllegalStateException("go harness exited with code " + rc);
            }
        } finally {
            p.destroyForcibly();
            Runtime.getRuntime().removeShutdownHook(reaper);
        }
    }
}
