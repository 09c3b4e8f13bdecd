package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/IBM/sarama"
	confluent "github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// record is one message to produce; a nil key is a NULL key on the wire.
type record struct {
	key   []byte
	value []byte
}

// tuning is the keyless burst's batching: batch size in bytes and linger.
type tuning struct {
	batchBytes int
	lingerMs   int
	linger     time.Duration
}

// produceFunc sends recs to topic, in order, and returns once every record
// has been handed to the broker. A nil tuning means the library's defaults.
type produceFunc func(ctx context.Context, bootstrap, topic string, recs []record, t *tuning) error

type client struct {
	produce produceFunc
	// settings names the options tuning sets, in the library's own spelling.
	settings func(t tuning) map[string]string
}

var clients = map[string]client{
	"franz-go":           {produceFranz, franzSettings},
	"sarama":             {produceSarama(sarama.NewHashPartitioner), saramaSettings},
	"sarama-reference":   {produceSarama(sarama.NewReferenceHashPartitioner), saramaSettings},
	"sarama-murmur2":     {produceSarama(sarama.NewMurmur2Partitioner), saramaSettings},
	"kafka-go":           {produceKafkaGo(nil), kafkaGoSettings},
	"kafka-go-hash":      {produceKafkaGo(func() kafkago.Balancer { return &kafkago.Hash{} }), kafkaGoSettings},
	"kafka-go-murmur2":   {produceKafkaGo(func() kafkago.Balancer { return kafkago.Murmur2Balancer{} }), kafkaGoSettings},
	"confluent-kafka-go": {produceConfluent(""), confluentSettings},
	// The Java-compatible options the Go client lens prints (src/golens).
	"confluent-kafka-go-murmur2": {produceConfluent("murmur2_random"), confluentSettings},
}

// franz-go's default partitioner is UniformBytesPartitioner(64<<10, true,
// true, nil) (pkg/kgo/config.go, defaultCfg): a non-nil key goes to
// murmur2(key)&0x7fffffff % n (partitioner.go, KafkaHasher), a nil key
// sticks to one partition until 64 KiB of records have gone there and then
// picks the next by inverse backlog (uniformBytesTopicPartitioner.
// PartitionByBackup). That 64 KiB is fixed in the partitioner and not tied
// to ProducerBatchMaxBytes, unlike Java's batch.size.
func produceFranz(ctx context.Context, bootstrap, topic string, recs []record, t *tuning) error {
	opts := []kgo.Opt{kgo.SeedBrokers(bootstrap)}
	if t != nil {
		opts = append(opts, kgo.ProducerBatchMaxBytes(int32(t.batchBytes)), kgo.ProducerLinger(t.linger))
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return err
	}
	defer cl.Close()
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
	)
	for _, r := range recs {
		wg.Add(1)
		cl.Produce(ctx, &kgo.Record{Topic: topic, Key: r.key, Value: r.value}, func(_ *kgo.Record, err error) {
			if err != nil {
				mu.Lock()
				first = firstErr(first, err)
				mu.Unlock()
			}
			wg.Done()
		})
	}
	wg.Wait()
	return first
}

func franzSettings(t tuning) map[string]string {
	return map[string]string{
		"ProducerBatchMaxBytes": strconv.Itoa(t.batchBytes),
		"ProducerLinger":        t.linger.String(),
	}
}

// produceSarama uses sarama.NewConfig() with only the partitioner replaced.
// NewHashPartitioner (partitioner.go) hashes a non-nil key with FNV-1a and
// takes int32(hash) % n, negated when negative; NewReferenceHashPartitioner
// masks instead: (int32(hash) & 0x7fffffff) % n. Both send a nil key to a
// random partition per message (randomPartitioner). The check is on the
// Encoder interface, so a NULL key must be a nil Key, not ByteEncoder(nil).
//
// Return.Successes is switched on so that every message's outcome is seen
// before the producer closes: AsyncClose closes p.done at once
// (async_producer.go, shutdown), and a batch waiting to be retried then fails
// with ErrShuttingDown (retryBatch) instead of being sent. It only reports.
func produceSarama(partitioner sarama.PartitionerConstructor) produceFunc {
	return func(ctx context.Context, bootstrap, topic string, recs []record, t *tuning) error {
		cfg := sarama.NewConfig()
		cfg.Producer.Partitioner = partitioner
		cfg.Producer.Return.Successes = true
		if t != nil {
			cfg.Producer.Flush.Bytes = t.batchBytes
			cfg.Producer.Flush.Frequency = t.linger
		}
		p, err := sarama.NewAsyncProducer([]string{bootstrap}, cfg)
		if err != nil {
			return err
		}
		defer p.AsyncClose()
		msgs := make([]*sarama.ProducerMessage, len(recs))
		for i, r := range recs {
			msgs[i] = &sarama.ProducerMessage{Topic: topic, Value: sarama.ByteEncoder(r.value)}
			if r.key != nil {
				msgs[i].Key = sarama.ByteEncoder(r.key)
			}
		}
		// Outcomes are taken while sending because Successes and
		// Errors hold only ChannelBufferSize (256) before the producer blocks
		// on them. Once all are sent, input is nil and that case never fires.
		var failed []error
		for sent, outcomes := 0, 0; outcomes < len(msgs); {
			var input chan<- *sarama.ProducerMessage
			var next *sarama.ProducerMessage
			if sent < len(msgs) {
				input, next = p.Input(), msgs[sent]
			}
			select {
			case input <- next:
				sent++
			case <-p.Successes():
				outcomes++
			case e := <-p.Errors():
				outcomes++
				failed = append(failed, e)
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return errors.Join(failed...)
	}
}

func saramaSettings(t tuning) map[string]string {
	return map[string]string{
		"Producer.Flush.Bytes":     strconv.Itoa(t.batchBytes),
		"Producer.Flush.Frequency": t.linger.String(),
		// Not batching: lets the harness wait for every message's outcome.
		"Producer.Return.Successes": "true",
	}
}

// produceKafkaGo writes every record in one WriteMessages call on a fresh
// Writer with its defaults (RequiredAcks is RequireNone: the Writer does not
// wait for the broker's acknowledgement; the read-back counts the records).
// A nil balancer leaves Writer.Balancer unset, so Writer.balancer() returns
// the Writer's own roundRobin field (writer.go): its counter is a zero uint32
// and ChunkSize < 1 becomes 1 (balancer.go, RoundRobin.balance), so the
// first record goes to partition 0, the next to 1, and so on, whatever the
// key. WriteMessages balances the records in the order given, against
// partitions 0..n-1 (loadCachedPartitions). &Hash{} is FNV-1a with
// int32(hash) % n, negated when negative, and round-robin for a nil key
// (Hash.Balance). Murmur2Balancer{} has Consistent false: a nil key goes to
// a random partition, any other key, empty included, to
// murmur2(key)&0x7fffffff % n (Murmur2Balancer.Balance). The balancer is
// built per Writer because RoundRobin and Hash keep a counter.
func produceKafkaGo(balancer func() kafkago.Balancer) produceFunc {
	return func(ctx context.Context, bootstrap, topic string, recs []record, t *tuning) error {
		// A Transport of its own: the default one is shared by every Writer
		// in the process and answers metadata from its cache
		// (transport.go, connPool.roundTrip), refreshed every MetadataTTL
		// (6 s), so a topic created or grown since an earlier Writer ran
		// would be unknown to it, or keep its old partition count.
		transport := &kafkago.Transport{}
		defer transport.CloseIdleConnections()
		w := &kafkago.Writer{Addr: kafkago.TCP(bootstrap), Topic: topic, Transport: transport}
		if balancer != nil {
			w.Balancer = balancer()
		}
		if t != nil {
			w.BatchBytes = int64(t.batchBytes)
			w.BatchTimeout = t.linger
		}
		msgs := make([]kafkago.Message, len(recs))
		for i, r := range recs {
			msgs[i] = kafkago.Message{Key: r.key, Value: r.value}
		}
		err := w.WriteMessages(ctx, msgs...)
		return errors.Join(err, w.Close())
	}
}

func kafkaGoSettings(t tuning) map[string]string {
	return map[string]string{
		"BatchBytes":   strconv.Itoa(t.batchBytes),
		"BatchTimeout": t.linger.String(),
	}
}

// librdkafka's default partitioner is consistent_random (CONFIGURATION.md):
// a key of one byte or more goes to crc32(key) % n (rdkafka_msg.c,
// rd_kafka_msg_partitioner_consistent), while a NULL or empty key is not
// hashed: rd_kafka_msg_partitioner hands it to rd_kafka_msg_sticky_partition,
// which keeps one random partition until sticky.partitioning.linger.ms has
// passed (by default twice linger.ms, rdkafka_conf.c). The Go binding keeps
// an empty, non-nil Key as a zero-length, non-NULL key (producer.go, produce).
//
// The stickiness needs the partition "available": rd_kafka_msg_sticky_partition
// draws a new partition for every message while the sticky one has no
// rktp_broker, and rktp_broker is only set once the broker thread has served
// the partition's PARTITION_JOIN (rdkafka_broker.c), after the metadata
// update. Messages produced before that sit in the unassigned queue and are
// all partitioned at that moment (rdkafka_topic.c, rd_kafka_topic_assign_uas),
// one random partition each. Java's send() blocks on the topic's metadata
// before it partitions anything, so the burst is only started once
// warmConfluent has seen every partition joined to its leader.
// A non-empty partitioner replaces librdkafka's default.
func produceConfluent(partitioner string) produceFunc {
	return func(ctx context.Context, bootstrap, topic string, recs []record, t *tuning) error {
		return produceConfluentWith(ctx, bootstrap, topic, recs, t, partitioner)
	}
}

func produceConfluentWith(ctx context.Context, bootstrap, topic string, recs []record, t *tuning, partitioner string) error {
	cfg := confluent.ConfigMap{"bootstrap.servers": bootstrap, "statistics.interval.ms": confluentStatsMs}
	if partitioner != "" {
		cfg["partitioner"] = partitioner
	}
	if t != nil {
		cfg["batch.size"] = t.batchBytes
		cfg["linger.ms"] = t.lingerMs
	}
	p, err := confluent.NewProducer(&cfg)
	if err != nil {
		return err
	}
	defer p.Close()
	if err := warmConfluent(ctx, p, topic); err != nil {
		return err
	}
	delivered := make(chan confluent.Event, len(recs))
	for _, r := range recs {
		m := &confluent.Message{
			TopicPartition: confluent.TopicPartition{Topic: &topic, Partition: confluent.PartitionAny},
			Key:            r.key,
			Value:          r.value,
		}
		if err := p.Produce(m, delivered); err != nil {
			return err
		}
	}
	var first error
	for reports := 0; reports < len(recs); {
		select {
		case e := <-delivered:
			reports++
			m, ok := e.(*confluent.Message)
			switch {
			case !ok:
				first = firstErr(first, fmt.Errorf("unexpected delivery event %v", e))
			case m.TopicPartition.Error != nil:
				first = firstErr(first, m.TopicPartition.Error)
			}
		case e := <-p.Events():
			if err := confluentEvent(topic, e); err != nil {
				return err
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return first
}

// confluentStatsMs is how often librdkafka reports the partition state
// warmConfluent waits on. Statistics do not take part in partitioning.
const confluentStatsMs = 50

// warmConfluent asks for the topic's metadata, which also creates the
// client's topic handle so the response is applied to it, and then waits for
// a statistics report in which every partition has a broker ("broker" is
// rktp_broker's node id, -1 before the join; rdkafka.c,
// rd_kafka_stats_emit_toppar).
func warmConfluent(ctx context.Context, p *confluent.Producer, topic string) error {
	timeout := 10 * time.Second
	if d, ok := ctx.Deadline(); ok {
		timeout = time.Until(d)
	}
	md, err := p.GetMetadata(&topic, false, int(timeout.Milliseconds()))
	if err != nil {
		return fmt.Errorf("metadata: %w", err)
	}
	n := len(md.Topics[topic].Partitions)
	if n == 0 {
		return fmt.Errorf("metadata lists no partitions for %s", topic)
	}
	for {
		select {
		case e := <-p.Events():
			if s, ok := e.(*confluent.Stats); ok {
				joined, err := confluentJoined(s.String(), topic, n)
				if err != nil {
					return err
				}
				if joined {
					return nil
				}
			} else if err := confluentEvent(topic, e); err != nil {
				return err
			}
		case <-ctx.Done():
			return fmt.Errorf("waiting for %s's partitions to join their leaders: %w", topic, ctx.Err())
		}
	}
}

func confluentJoined(stats, topic string, n int) (bool, error) {
	var s struct {
		Topics map[string]struct {
			Partitions map[string]struct {
				Broker int32 `json:"broker"`
			} `json:"partitions"`
		} `json:"topics"`
	}
	if err := json.Unmarshal([]byte(stats), &s); err != nil {
		return false, fmt.Errorf("librdkafka statistics: %w", err)
	}
	parts := s.Topics[topic].Partitions
	for i := range n {
		if p, ok := parts[strconv.Itoa(i)]; !ok || p.Broker < 0 {
			return false, nil
		}
	}
	return true, nil
}

// confluentEvent handles what arrives on Events() besides delivery reports
// (those go to the per-call channel) and statistics: client-level errors,
// which librdkafka retries itself unless they are fatal.
func confluentEvent(topic string, e confluent.Event) error {
	if ce, ok := e.(confluent.Error); ok {
		if ce.IsFatal() {
			return ce
		}
		fmt.Fprintf(os.Stderr, "confluent-kafka-go %s: %v\n", topic, ce)
	}
	return nil
}

func confluentSettings(t tuning) map[string]string {
	return map[string]string{
		"batch.size": strconv.Itoa(t.batchBytes),
		"linger.ms":  strconv.Itoa(t.lingerMs),
		// Not batching: the report warmConfluent waits on before the burst.
		"statistics.interval.ms": strconv.Itoa(confluentStatsMs),
	}
}

// firstErr keeps the first error seen.
func firstErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}
