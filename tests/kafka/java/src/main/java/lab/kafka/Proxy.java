package lab.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.message.InitProducerIdResponseData;
import org.apache.kafka.common.message.MetadataResponseData;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.MutableRecordBatch;
import org.apache.kafka.common.record.internal.Record;
import org.apache.kafka.common.requests.RequestHeader;
import org.apache.kafka.common.requests.RequestUtils;
import org.apache.kafka.common.requests.ResponseHeader;

/**
 * A TCP proxy in front of one broker listener that reads Kafka's framing and
 * breaks chosen requests the way a network can: it corrupts bytes, delays a
 * request, holds back answers, or cuts the connection. It never drops one
 * request and lets a later one through, and it keeps the answers of a
 * connection in order: the Java client pairs each answer with its oldest
 * request in flight (NetworkClient.handleCompletedReceives takes
 * InFlightRequests.completeNext) and rejects a correlation id that does not
 * match (AbstractResponse.parseResponse). The broker, for its part, handles
 * one request of a connection at a time, in order: its SocketServer
 * Processor mutes a connection from a request's arrival until its answer is
 * sent (Processor.processCompletedReceives).
 *
 * Requests are counted per API key, only those of the client named by
 * {@link #watch}, and only after {@link #mark}: a rule "the nth Produce" means
 * the nth Produce request that client sent after the mark, on any connection.
 *
 * {@link #held} tells a case, without a clock, that a record is stuck at the
 * proxy: on the wire, with its answer held back until the client sends more.
 *
 * Parsing uses kafka-clients' own generated message classes at the version in
 * the request header, so every version the client sends (flexible versions
 * with compact fields and tagged fields, Produce v13 with topic ids) is read
 * exactly as the broker reads it.
 */
public final class Proxy implements AutoCloseable {
    /** The record header whose value names a record's place in a case. */
    public static final String INDEX_HEADER = "index";

    public enum CloseWhen {
        /** The request never reaches the broker. */
        BEFORE_FORWARD,
        /** The broker handled the request; its answer dies with the connection. */
        AFTER_RESPONSE
    }

    private record Key(ApiKeys api, int nth) {}

    private record Until(ApiKeys api, int nth) {}

    private enum State { QUEUED, WRITTEN, ANSWERED }

    /** One request of a connection, from its arrival until its answer is delivered or lost. */
    private static final class Exchange {
        final ApiKeys api;
        final short version;
        final int correlationId;
        /** Sent by the watched client, before or after the mark. */
        final boolean watchedClient;
        final int nth;
        final byte[] frame;
        final long notBeforeNanos;
        final Until hold;
        /** Not forwarded before this request has arrived from the client. */
        final Until forwardAfter;
        final boolean closeAfterResponse;
        final ObjectNode observation;
        /** The index headers of the records the request carries. */
        final Set<String> indexes;
        /** The {@link #mark} it arrived after: its nth counts from that mark. */
        int markEpoch;
        State state = State.QUEUED;
        byte[] answer;
        ObjectNode answerObservation;

        Exchange(ApiKeys api, short version, int correlationId, boolean watchedClient, int nth, byte[] frame,
                 long notBeforeNanos, Until hold, Until forwardAfter, boolean closeAfterResponse,
                 ObjectNode observation, Set<String> indexes) {
            this.api = api;
            this.version = version;
            this.correlationId = correlationId;
            this.watchedClient = watchedClient;
            this.nth = nth;
            this.frame = frame;
            this.notBeforeNanos = notBeforeNanos;
            this.hold = hold;
            this.forwardAfter = forwardAfter;
            this.closeAfterResponse = closeAfterResponse;
            this.observation = observation;
            this.indexes = indexes;
        }
    }

    /** Ends the upstream writer's queue. */
    private static final Exchange END = new Exchange(null, (short) 0, 0, false, 0, null, 0, null, null, false, null,
            Set.of());

    private final class Conn {
        final Socket client;
        Socket upstream;
        final ArrayDeque<Exchange> exchanges = new ArrayDeque<>();
        final BlockingQueue<Exchange> toUpstream = new LinkedBlockingQueue<>();
        /** Set when the proxy cut the connection: queued requests die with it. */
        boolean killed;
        /** Set when the client side is over, by the client or by the proxy. */
        boolean clientGone;
        boolean writerDone;
        boolean upstreamClosed;
        /** Ordinal among the connections that carried a watched Produce request after the mark; 0 if none. */
        int ordinal;

        Conn(Socket client) {
            this.client = client;
        }
    }

    private final ServerSocket server;
    private final CompletableFuture<InetSocketAddress> target = new CompletableFuture<>();
    private final List<Conn> conns = new ArrayList<>();
    private final Map<Uuid, String> topicNames = new HashMap<>();

    private final Set<Key> corrupt = new LinkedHashSet<>();
    private final Map<Key, Long> delays = new HashMap<>();
    private final Map<Key, Until> holds = new HashMap<>();
    private final Map<Key, Until> forwardHolds = new HashMap<>();
    private final Map<Key, CloseWhen> closes = new HashMap<>();
    private final Map<Key, Errors> refusals = new HashMap<>();

    /** Set by {@link #releaseHolds}: every hold counts as reached. */
    private boolean holdsReleased;
    private String watched;
    private boolean watchAll;
    private boolean marked;
    private final Map<ApiKeys, Integer> counts = new EnumMap<>(ApiKeys.class);
    private final Map<ApiKeys, Integer> forwarded = new EnumMap<>(ApiKeys.class);
    private int produceConnections;
    private final ArrayNode produceRequests = Facts.JSON.createArrayNode();
    /** How many marks there have been: a request counts toward the holds of its own mark only. */
    private int markEpoch;
    /** How many of {@link #produceRequests} came before the last mark. */
    private int producesBeforeMark;
    private final ArrayNode produceResponses = Facts.JSON.createArrayNode();
    private final ArrayNode initProducerIds = Facts.JSON.createArrayNode();
    private final ArrayNode errors = Facts.JSON.createArrayNode();
    private volatile boolean closed;
    /** A bug in the proxy or a frame it could not read: it fails the case instead of stalling it. */
    private volatile RuntimeException failure;

    private Proxy(ServerSocket server) {
        this.server = server;
    }

    /**
     * Listens on a free loopback port at once, so the broker can advertise it
     * before it starts; connections wait for {@link #forwardTo}.
     */
    public static Proxy open() throws IOException {
        ServerSocket s = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Proxy p = new Proxy(s);
        Thread t = new Thread(p::acceptLoop, "proxy-accept");
        t.setDaemon(true);
        t.start();
        return p;
    }

    public int port() {
        return server.getLocalPort();
    }

    public void forwardTo(InetSocketAddress broker) {
        target.complete(broker);
    }

    /** Counts and observes only requests whose header names this client id. */
    public synchronized void watch(String clientId) {
        watched = clientId;
    }

    /**
     * Counts and observes every client's requests: for programs that name
     * themselves as their library does, run one at a time.
     */
    public synchronized void watchEveryClient() {
        watchAll = true;
    }

    /** Starts counting: the next request of each API is its 1st. */
    public synchronized void mark() {
        marked = true;
        markEpoch++;
        producesBeforeMark = produceRequests.size();
        counts.clear();
        forwarded.clear();
        holdsReleased = false;
    }

    /** Whether the nth request of that API has arrived from the client since the mark. */
    public synchronized boolean arrived(ApiKeys api, int nth) {
        return arrivedAlready(new Until(api, nth));
    }

    /**
     * Lets every answer held by {@link #holdResponseUntil} through now, until
     * the next {@link #mark}: for a case that has waited its bounded time for
     * a request the client may never send.
     */
    public synchronized void releaseHolds() {
        holdsReleased = true;
        pumpAll();
        notifyAll();
    }

    public synchronized void corrupt(ApiKeys api, int nth) {
        if (api != ApiKeys.PRODUCE) {
            throw new IllegalArgumentException("only Produce requests carry record batches to corrupt");
        }
        corrupt.add(new Key(api, nth));
    }

    public synchronized void delay(ApiKeys api, int nth, long ms) {
        delays.put(new Key(api, nth), ms);
    }

    /**
     * Holds the answer to that request, and every later answer of its
     * connection, until request untilNth of untilApi has been forwarded to the
     * broker, so that request is sure to reach the broker while the answer is
     * still on its way.
     */
    public synchronized void holdResponseUntil(ApiKeys api, int nth, ApiKeys untilApi, int untilNth) {
        holds.put(new Key(api, nth), new Until(untilApi, untilNth));
    }

    /**
     * Keeps that request at the proxy until request untilNth of untilApi has
     * arrived from the client, so the client has both on the wire at once;
     * combined with {@link CloseWhen#AFTER_RESPONSE}, the later request dies
     * with the connection before it reaches the broker, as a request still
     * travelling does when the network breaks.
     */
    public synchronized void holdForwardUntil(ApiKeys api, int nth, ApiKeys untilApi, int untilNth) {
        forwardHolds.put(new Key(api, nth), new Until(untilApi, untilNth));
    }

    /**
     * Answers that Produce request itself, with this error for each of its
     * partitions, and never forwards it: the broker does not see the batch,
     * as when a leader refuses a write before appending it
     * (NOT_ENOUGH_REPLICAS: Partition.appendRecordsToLeader checks the ISR
     * first). Every client retries such an answer, where CORRUPT_MESSAGE
     * (see {@link #corrupt}) is one franz-go does not retry (pkg/kgo/sink.go,
     * handleReqRespBatch). It counts as forwarded for the holds.
     */
    public synchronized void refuse(ApiKeys api, int nth, Errors error) {
        if (api != ApiKeys.PRODUCE) {
            throw new IllegalArgumentException("only Produce requests are refused");
        }
        refusals.put(new Key(api, nth), error);
    }

    public synchronized void closeOn(ApiKeys api, int nth, CloseWhen when) {
        closes.put(new Key(api, nth), when);
    }

    /**
     * Whether a Produce request carrying the record with this index header is
     * on a live connection and its answer is held back, by its own hold or one
     * before it on the connection, until a request not yet forwarded: nothing
     * more happens to that record until the client sends more, or gives up
     * on the request after request.timeout.ms.
     */
    public synchronized boolean held(String index) {
        for (Conn c : conns) {
            if (c.clientGone) {
                continue;
            }
            boolean blocked = false;
            for (Exchange e : c.exchanges) {
                if (e.hold != null && !reached(e.hold)) {
                    blocked = true;
                }
                if (e.forwardAfter != null && !arrivedAlready(e.forwardAfter)) {
                    blocked = true;
                }
                if (blocked && e.indexes.contains(index)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * What the proxy saw of the watched Produce requests since the mark, for
     * a case that timed out waiting on it: each one's count, connection,
     * records' indexes and faults, and each live connection's requests still
     * waiting for their answer.
     */
    public synchronized String describeSinceMark() {
        StringBuilder out = new StringBuilder("Produce requests since the mark:");
        for (int i = producesBeforeMark; i < produceRequests.size(); i++) {
            JsonNode r = produceRequests.get(i);
            List<String> indexes = new ArrayList<>();
            r.path("batches").forEach(b -> b.path("records").forEach(rec -> indexes.add(rec.path("index").asText("?"))));
            out.append(String.format(" [#%d on connection %d, records %s, faults %s]", r.path("nth").asInt(),
                r.path("connection").asInt(), indexes, r.path("faults")));
        }
        if (producesBeforeMark == produceRequests.size()) {
            out.append(" none");
        }
        out.append("; unanswered on live connections:");
        for (Conn c : conns) {
            if (c.clientGone) {
                continue;
            }
            for (Exchange e : c.exchanges) {
                out.append(String.format(" [%s #%d %s, records %s%s]", e.api, e.nth, e.state, e.indexes,
                    e.hold == null ? "" : ", held until " + e.hold.api() + " #" + e.hold.nth()
                        + (reached(e.hold) ? " (reached)" : "")));
            }
        }
        return out.toString();
    }

    public synchronized ArrayNode produceRequests() {
        return produceRequests.deepCopy();
    }

    /**
     * The observed Produce requests that carry a batch for this topic, once
     * at least one has arrived, or none when limitMs passes first. A client
     * with acks=0 hears no answer, so its program may end before this side
     * has read its request off the socket; the wait is for that read.
     */
    public synchronized ArrayNode awaitProduceRequestsTo(String topic, long limitMs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limitMs);
        while (true) {
            ArrayNode found = Facts.JSON.createArrayNode();
            for (JsonNode r : produceRequests) {
                for (JsonNode b : r.path("batches")) {
                    if (topic.equals(b.path("topic").asText())) {
                        found.add(r.deepCopy());
                        break;
                    }
                }
            }
            long left = deadline - System.nanoTime();
            if (!found.isEmpty() || left <= 0) {
                return found;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }

    public synchronized ArrayNode produceResponses() {
        return produceResponses.deepCopy();
    }

    public synchronized ArrayNode initProducerIds() {
        return initProducerIds.deepCopy();
    }

    /** Error names of the watched client's Produce answers since the mark, in the order the broker sent them. */
    public synchronized ArrayNode errors() {
        return errors.deepCopy();
    }

    /** Throws what went wrong inside the proxy, if anything did. */
    public void check() {
        RuntimeException f = failure;
        if (f != null) {
            throw new IllegalStateException("the proxy failed", f);
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        server.close();
        target.complete(null);
        List<Conn> all;
        synchronized (this) {
            all = new ArrayList<>(conns);
        }
        for (Conn c : all) {
            closeQuietly(c.client);
            closeQuietly(c.upstream);
            c.toUpstream.add(END);
        }
    }

    private void acceptLoop() {
        while (!closed) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                return;
            }
            Thread t = new Thread(() -> connect(s), "proxy-connect");
            t.setDaemon(true);
            t.start();
        }
    }

    private void connect(Socket client) {
        Conn c = new Conn(client);
        try {
            InetSocketAddress to = target.get(120, TimeUnit.SECONDS);
            if (to == null) {
                closeQuietly(client);
                return;
            }
            client.setTcpNoDelay(true);
            Socket up = new Socket();
            up.setTcpNoDelay(true);
            up.connect(to);
            c.upstream = up;
        } catch (Exception e) {
            closeQuietly(client);
            closeQuietly(c.upstream);
            return;
        }
        synchronized (this) {
            if (closed) {
                closeQuietly(client);
                closeQuietly(c.upstream);
                return;
            }
            conns.add(c);
        }
        start("proxy-client-reader", () -> readClient(c));
        start("proxy-upstream-writer", () -> writeUpstream(c));
        start("proxy-upstream-reader", () -> readUpstream(c));
    }

    private static void start(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }

    private static byte[] readFrame(DataInputStream in) throws IOException {
        int size;
        try {
            size = in.readInt();
        } catch (EOFException e) {
            return null;
        }
        byte[] frame = new byte[4 + size];
        ByteBuffer.wrap(frame).putInt(size);
        in.readFully(frame, 4, size);
        return frame;
    }

    /**
     * Reads the client's requests until its end of stream. After a cut it
     * reads on and drops what the client sent before it saw the end of the
     * connection: those requests die with the connection, and so does
     * everything after them, so none is lost while a later one gets through.
     */
    private void readClient(Conn c) {
        try {
            DataInputStream in = new DataInputStream(c.client.getInputStream());
            while (true) {
                byte[] frame = readFrame(in);
                if (frame == null) {
                    break;
                }
                arrived(c, frame);
            }
        } catch (IOException e) {
            // The client's side reset: the same as its end of stream.
        } catch (RuntimeException e) {
            failure = e;
        }
        synchronized (this) {
            c.clientGone = true;
            maybeCloseUpstream(c);
        }
        closeQuietly(c.client);
        c.toUpstream.add(END);
    }

    private void arrived(Conn c, byte[] frame) {
        ByteBuffer buf = ByteBuffer.wrap(frame, 4, frame.length - 4).slice();
        RequestHeader header = RequestHeader.parse(buf);
        ApiKeys api = header.apiKey();
        short version = header.apiVersion();
        synchronized (this) {
            if (c.clientGone) {
                return;
            }
            boolean watchedClient = watchAll || (watched != null && watched.equals(header.clientId()));
            int nth = 0;
            if (watchedClient && marked) {
                nth = counts.merge(api, 1, Integer::sum);
            }
            Key key = new Key(api, nth);
            boolean counted = nth > 0;
            ObjectNode observation = null;
            boolean acksZero = false;
            List<String> faults = new ArrayList<>();
            ProduceRequestData produce = null;
            if (api == ApiKeys.PRODUCE) {
                produce = new ProduceRequestData(new ByteBufferAccessor(buf.duplicate()), version);
                // acks=0: the broker sends no answer (KafkaApis.handleProduceRequest).
                acksZero = produce.acks() == 0;
                if (counted) {
                    if (c.ordinal == 0) {
                        c.ordinal = ++produceConnections;
                    }
                    observation = observeProduce(produce, nth, version, c.ordinal);
                }
            }
            CloseWhen close = counted ? closes.get(key) : null;
            if (close == CloseWhen.BEFORE_FORWARD) {
                faults.add("close-before-forward");
            }
            if (counted && close != CloseWhen.BEFORE_FORWARD && corrupt.contains(key)) {
                corruptFirstBatch(frame, produce, observation);
                faults.add("corrupt");
            }
            Errors refusal = counted ? refusals.get(key) : null;
            if (refusal != null) {
                faults.add("refuse:" + refusal.name());
            }
            Long delay = counted ? delays.get(key) : null;
            if (delay != null) {
                faults.add("delay");
            }
            Until hold = counted ? holds.get(key) : null;
            if (hold != null) {
                faults.add("hold-response-until-request");
            }
            Until forwardAfter = counted ? forwardHolds.get(key) : null;
            if (forwardAfter != null) {
                faults.add("hold-forward-until-request");
            }
            if (close == CloseWhen.AFTER_RESPONSE) {
                faults.add("close-after-response");
            }
            if (observation != null) {
                ArrayNode f = observation.putArray("faults");
                faults.forEach(f::add);
            }
            if (close == CloseWhen.BEFORE_FORWARD) {
                cut(c);
                return;
            }
            long notBefore = delay == null ? 0 : System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delay);
            Exchange e = new Exchange(api, version, header.correlationId(), watchedClient, nth, frame,
                    notBefore, hold, forwardAfter, close == CloseWhen.AFTER_RESPONSE, observation,
                    indexes(observation));
            e.markEpoch = markEpoch;
            if (!acksZero) {
                c.exchanges.add(e);
            }
            if (refusal != null) {
                refused(c, e, produce, refusal);
                return;
            }
            c.toUpstream.add(e);
            // A request held back until this one arrived may go now.
            notifyAll();
        }
    }

    private ObjectNode observeProduce(ProduceRequestData produce, int nth, short version, int ordinal) {
        ObjectNode o = produceRequests.addObject();
        o.put("nth", nth);
        o.put("api_version", version);
        o.put("acks", produce.acks());
        o.put("connection", ordinal);
        ArrayNode batches = o.putArray("batches");
        for (ProduceRequestData.TopicProduceData t : produce.topicData()) {
            String topic = topicName(t.name(), t.topicId());
            for (ProduceRequestData.PartitionProduceData p : t.partitionData()) {
                MemoryRecords records = (MemoryRecords) p.records();
                for (MutableRecordBatch batch : records.batches()) {
                    ObjectNode b = batches.addObject();
                    b.put("topic", topic);
                    b.put("partition", p.index());
                    b.put("base_sequence", batch.baseSequence());
                    b.put("producer_id", batch.producerId());
                    b.put("producer_epoch", batch.producerEpoch());
                    ArrayNode rs = b.putArray("records");
                    int count = 0;
                    for (Record r : batch) {
                        ObjectNode rec = rs.addObject();
                        String index = null;
                        for (Header h : r.headers()) {
                            if (INDEX_HEADER.equals(h.key())) {
                                index = new String(h.value(), StandardCharsets.UTF_8);
                            }
                        }
                        if (index != null) {
                            rec.put("index", Integer.parseInt(index));
                        }
                        rec.put("key", utf8(r.key()));
                        rec.put("value", utf8(r.value()));
                        count++;
                    }
                    b.put("record_count", count);
                    b.put("corrupted", false);
                }
            }
        }
        return o;
    }

    private static Set<String> indexes(ObjectNode observation) {
        Set<String> out = new LinkedHashSet<>();
        if (observation != null) {
            for (JsonNode b : observation.path("batches")) {
                for (JsonNode r : b.path("records")) {
                    if (r.has("index")) {
                        out.add(r.get("index").asText());
                    }
                }
            }
        }
        return out;
    }

    /**
     * Flips the last byte of the request's first record batch. The batch's
     * CRC-32C covers everything from the attributes field to the end
     * (DefaultRecordBatch.computeChecksum, from ATTRIBUTES_OFFSET), and the
     * broker checks it in UnifiedLog.analyzeAndValidateRecords before it looks
     * at records or sequences, answering CORRUPT_MESSAGE. The last byte lies in
     * the last record's body, so nothing the broker reads before the CRC check
     * (base offset, lastOffsetDelta, magic and compression in
     * ProduceRequest.validateRecords) changes.
     */
    private static void corruptFirstBatch(byte[] frame, ProduceRequestData produce, ObjectNode observation) {
        // The parsed records are views of the request's bytes
        // (ByteBufferAccessor.readByteBuffer slices), so the flip is in frame.
        for (ProduceRequestData.TopicProduceData t : produce.topicData()) {
            for (ProduceRequestData.PartitionProduceData p : t.partitionData()) {
                MemoryRecords records = (MemoryRecords) p.records();
                ByteBuffer rb = records.buffer();
                for (MutableRecordBatch batch : records.batches()) {
                    if (rb.array() != frame) {
                        throw new IllegalStateException("the parsed records are not a view of the request's bytes");
                    }
                    int last = rb.arrayOffset() + rb.position() + batch.sizeInBytes() - 1;
                    frame[last] ^= (byte) 0xFF;
                    if (batch.isValid()) {
                        throw new IllegalStateException("flipping a byte left the batch's CRC valid");
                    }
                    if (observation != null) {
                        ((ObjectNode) observation.get("batches").get(0)).put("corrupted", true);
                    }
                    return;
                }
            }
        }
        throw new IllegalStateException("a Produce request without a record batch");
    }

    private static String utf8(ByteBuffer b) {
        if (b == null) {
            return null;
        }
        byte[] bytes = new byte[b.remaining()];
        b.duplicate().get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /**
     * Produce v13 names a topic by its id alone (ProduceRequest.json, KIP-516);
     * the ids come from the Metadata answers the client read through the proxy.
     */
    private String topicName(String name, Uuid id) {
        if (name != null && !name.isEmpty()) {
            return name;
        }
        return topicNames.getOrDefault(id, id.toString());
    }

    private void writeUpstream(Conn c) {
        try {
            OutputStream out = c.upstream.getOutputStream();
            while (true) {
                Exchange e = c.toUpstream.take();
                if (e == END) {
                    break;
                }
                long wait = e.notBeforeNanos - System.nanoTime();
                if (e.notBeforeNanos != 0 && wait > 0) {
                    // The delay fault itself: this request, and behind it every
                    // later one of the connection, reaches the broker this much later.
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                synchronized (this) {
                    while (e.forwardAfter != null && !arrivedAlready(e.forwardAfter) && !c.killed && !closed) {
                        wait(100);
                    }
                    if (c.killed) {
                        continue;
                    }
                    e.state = State.WRITTEN;
                }
                out.write(e.frame);
                out.flush();
                if (e.closeAfterResponse) {
                    // Its answer ends the connection: nothing sent after it may
                    // reach the broker, as on a network that broke meanwhile.
                    synchronized (this) {
                        while (!c.killed && !closed) {
                            wait(100);
                        }
                    }
                }
                if (e.nth > 0) {
                    synchronized (this) {
                        // Counted toward its own mark's holds only. A request
                        // of the case before, written just before the mark,
                        // can get here after it (this thread can wait for a
                        // core while the broker answers it), and would
                        // otherwise count as the new case's first and let a
                        // hold of this case go one request early.
                        if (e.markEpoch == markEpoch) {
                            forwarded.merge(e.api, 1, Integer::sum);
                        }
                        pumpAll();
                    }
                }
            }
        } catch (IOException | InterruptedException e) {
            // The broker's side is gone; readUpstream sees it too.
        }
        synchronized (this) {
            c.writerDone = true;
            maybeCloseUpstream(c);
        }
    }

    private void readUpstream(Conn c) {
        try {
            DataInputStream in = new DataInputStream(c.upstream.getInputStream());
            while (true) {
                byte[] frame = readFrame(in);
                if (frame == null) {
                    break;
                }
                answered(c, frame);
            }
        } catch (IOException e) {
            // Closed by maybeCloseUpstream, or by the broker.
        } catch (RuntimeException e) {
            failure = e;
        }
        synchronized (this) {
            c.upstreamClosed = true;
            if (!c.clientGone) {
                // The broker ended the connection: so does the client's side.
                c.clientGone = true;
                closeQuietly(c.client);
            }
        }
        c.toUpstream.add(END);
    }

    /** The proxy's own answer to a refused Produce request, in the connection's order of answers. */
    private void refused(Conn c, Exchange e, ProduceRequestData produce, Errors error) {
        ProduceResponseData r = new ProduceResponseData();
        for (ProduceRequestData.TopicProduceData t : produce.topicData()) {
            ProduceResponseData.TopicProduceResponse tr = new ProduceResponseData.TopicProduceResponse()
                    .setName(t.name()).setTopicId(t.topicId());
            for (ProduceRequestData.PartitionProduceData p : t.partitionData()) {
                tr.partitionResponses().add(new ProduceResponseData.PartitionProduceResponse()
                        .setIndex(p.index()).setErrorCode(error.code()).setBaseOffset(-1)
                        .setLogAppendTimeMs(-1).setLogStartOffset(-1));
            }
            r.responses().add(tr);
        }
        ResponseHeader header = new ResponseHeader(e.correlationId, e.api.responseHeaderVersion(e.version));
        ByteBuffer body = RequestUtils.serialize(header.data(), header.headerVersion(), r, e.version);
        byte[] frame = new byte[4 + body.remaining()];
        ByteBuffer.wrap(frame).putInt(body.remaining()).put(body);
        e.state = State.ANSWERED;
        e.answer = frame;
        if (e.observation != null) {
            ObjectNode o = produceResponses.addObject();
            o.put("nth", e.nth);
            o.put("refused_by_proxy", true);
            ArrayNode parts = o.putArray("partitions");
            for (ProduceResponseData.TopicProduceResponse t : r.responses()) {
                for (ProduceResponseData.PartitionProduceResponse p : t.partitionResponses()) {
                    ObjectNode po = parts.addObject();
                    po.put("topic", topicName(t.name(), t.topicId()));
                    po.put("partition", p.index());
                    po.put("error", error.name());
                    errors.add(error.name());
                }
            }
            e.answerObservation = o;
        }
        forwarded.merge(e.api, 1, Integer::sum);
        notifyAll();
        pumpAll();
    }

    private synchronized void answered(Conn c, byte[] frame) {
        Exchange e = null;
        for (Exchange x : c.exchanges) {
            if (x.state == State.WRITTEN) {
                e = x;
                break;
            }
        }
        if (e == null) {
            throw new IllegalStateException("an answer without a request on the connection");
        }
        ByteBuffer buf = ByteBuffer.wrap(frame, 4, frame.length - 4).slice();
        ResponseHeader header = ResponseHeader.parse(buf, e.api.responseHeaderVersion(e.version));
        if (header.correlationId() != e.correlationId) {
            throw new IllegalStateException("answer " + header.correlationId() + " where " + e.correlationId + " was due");
        }
        e.state = State.ANSWERED;
        e.answer = frame;
        ByteBufferAccessor body = new ByteBufferAccessor(buf);
        switch (e.api) {
            case METADATA -> {
                MetadataResponseData m = new MetadataResponseData(body, e.version);
                for (MetadataResponseData.MetadataResponseTopic t : m.topics()) {
                    if (t.name() != null && !Uuid.ZERO_UUID.equals(t.topicId())) {
                        topicNames.put(t.topicId(), t.name());
                    }
                }
            }
            case INIT_PRODUCER_ID -> {
                if (e.watchedClient) {
                    InitProducerIdResponseData r = new InitProducerIdResponseData(body, e.version);
                    ObjectNode o = initProducerIds.addObject();
                    o.put("error", Errors.forCode(r.errorCode()).name());
                    o.put("producer_id", r.producerId());
                    o.put("producer_epoch", r.producerEpoch());
                }
            }
            case PRODUCE -> {
                if (e.observation != null) {
                    ProduceResponseData r = new ProduceResponseData(body, e.version);
                    ObjectNode o = produceResponses.addObject();
                    o.put("nth", e.nth);
                    ArrayNode parts = o.putArray("partitions");
                    for (ProduceResponseData.TopicProduceResponse t : r.responses()) {
                        for (ProduceResponseData.PartitionProduceResponse p : t.partitionResponses()) {
                            ObjectNode po = parts.addObject();
                            Errors err = Errors.forCode(p.errorCode());
                            po.put("topic", topicName(t.name(), t.topicId()));
                            po.put("partition", p.index());
                            po.put("error", err.name());
                            po.put("base_offset", p.baseOffset());
                            if (err != Errors.NONE) {
                                errors.add(err.name());
                            }
                        }
                    }
                    e.answerObservation = o;
                }
            }
            default -> { }
        }
        pump(c);
        maybeCloseUpstream(c);
    }

    private boolean reached(Until u) {
        return holdsReleased || forwarded.getOrDefault(u.api, 0) >= u.nth;
    }

    /** Whether that request has arrived from the watched client. */
    private boolean arrivedAlready(Until u) {
        return counts.getOrDefault(u.api, 0) >= u.nth;
    }

    private void pumpAll() {
        for (Conn c : new ArrayList<>(conns)) {
            pump(c);
        }
    }

    /** Delivers the answers at the head of the connection that nothing holds back, in order. */
    private void pump(Conn c) {
        while (!c.clientGone && !c.exchanges.isEmpty()) {
            Exchange head = c.exchanges.peekFirst();
            if (head.state != State.ANSWERED || (head.hold != null && !reached(head.hold))) {
                return;
            }
            c.exchanges.pollFirst();
            if (head.closeAfterResponse) {
                deliveredAs(head, false);
                cut(c);
                return;
            }
            try {
                OutputStream out = c.client.getOutputStream();
                out.write(head.answer);
                out.flush();
                deliveredAs(head, true);
            } catch (IOException ex) {
                deliveredAs(head, false);
                c.clientGone = true;
                closeQuietly(c.client);
            }
        }
    }

    private static void deliveredAs(Exchange e, boolean delivered) {
        if (e.answerObservation != null) {
            e.answerObservation.put("delivered", delivered);
        }
    }

    /**
     * Cuts the client's connection the way a network failure does: the client
     * sees the connection end (after the answers already written to it),
     * requests not yet forwarded die with it, and requests already forwarded
     * are still handled by the broker, whose answers are read and dropped
     * before the broker's side is closed.
     */
    private void cut(Conn c) {
        c.killed = true;
        notifyAll();
        c.clientGone = true;
        for (Exchange e : c.exchanges) {
            if (e.state == State.ANSWERED) {
                deliveredAs(e, false);
            }
        }
        c.exchanges.removeIf(e -> e.state != State.WRITTEN);
        try {
            c.client.shutdownOutput();
        } catch (IOException e) {
            closeQuietly(c.client);
        }
        maybeCloseUpstream(c);
    }

    private void maybeCloseUpstream(Conn c) {
        if (!c.clientGone || c.upstreamClosed) {
            return;
        }
        boolean awaiting = false;
        for (Exchange e : c.exchanges) {
            if (e.state == State.WRITTEN) {
                awaiting = true;
            } else if (e.state == State.ANSWERED) {
                deliveredAs(e, false);
            }
        }
        c.exchanges.removeIf(e -> e.state == State.ANSWERED);
        if (!awaiting && (c.killed || c.writerDone)) {
            c.upstreamClosed = true;
            closeQuietly(c.upstream);
        }
    }

    private static void closeQuietly(Socket s) {
        if (s == null) {
            return;
        }
        try {
            s.close();
        } catch (IOException e) {
            // Already closed.
        }
    }
}
