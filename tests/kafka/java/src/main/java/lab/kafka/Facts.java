package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the real broker and clients did, one case at a time, in the shape the
 * Rust comparator reads: {source, kafka_version, clients, cases: [{name, area,
 * input, observed}]}. The comparator computes the simulation's side from the
 * same input, so a case here never says whether it agrees.
 */
public final class Facts {
    public static final ObjectMapper JSON = new ObjectMapper();

    private final ObjectNode root = JSON.createObjectNode();
    private final ObjectNode clients = JSON.createObjectNode();
    private final ArrayNode cases = JSON.createArrayNode();

    public Facts(String source) {
        root.put("source", source);
        root.put("kafka_version", org.apache.kafka.common.utils.internals.AppInfoParser.getVersion());
        root.set("clients", clients);
        root.set("cases", cases);
    }

    public void client(String name, String version) {
        clients.put(name, version);
    }

    public synchronized void add(String name, String area, JsonNode input, JsonNode observed) {
        ObjectNode c = cases.addObject();
        c.put("name", name);
        c.put("area", area);
        c.set("input", input);
        c.set("observed", observed);
    }

    /** Written whole after every case, so a later failure keeps what ran. */
    public synchronized void write(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        JSON.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), root);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
}
