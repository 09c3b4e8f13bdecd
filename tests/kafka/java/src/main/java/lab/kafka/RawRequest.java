package lab.kafka;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.RequestHeader;

/**
 * One request to one broker on a connection of its own, outside any client.
 * Probes need it where a client would route by its metadata instead: to a
 * broker that is starting and not advertised yet, or around a paused one.
 */
final class RawRequest {
    private RawRequest() {}

    static AbstractResponse send(InetSocketAddress address, AbstractRequest.Builder<?> builder, String clientId,
            int timeoutMs) throws IOException {
        ApiKeys key = builder.apiKey();
        short version = (short) Math.min(builder.latestAllowedVersion(), key.latestVersion());
        AbstractRequest request = builder.build(version);
        RequestHeader header = new RequestHeader(key, version, clientId, 1);
        try (Socket socket = new Socket()) {
            socket.connect(address, timeoutMs);
            socket.setSoTimeout(timeoutMs);
            ByteBuffer body = request.serializeWithHeader(header);
            byte[] bytes = new byte[body.remaining()];
            body.get(bytes);
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            out.writeInt(bytes.length);
            out.write(bytes);
            out.flush();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            byte[] response = new byte[in.readInt()];
            in.readFully(response);
            return Objects.requireNonNull(AbstractResponse.parseResponse(ByteBuffer.wrap(response), header));
        }
    }
}
