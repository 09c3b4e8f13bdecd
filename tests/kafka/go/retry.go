package main

import (
	"bufio"
	"context"
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

// retrySettings are the catastrophe preset's settings that decide whether
// a retry can land behind a later batch (tests/kafka/conformance/lens_retry.rs).
type retrySettings struct {
	Idempotence    bool `json:"idempotence"`
	MaxInFlight    int  `json:"max_in_flight"`
	Retries        int  `json:"retries"`
	RetryBackoffMs int  `json:"retry_backoff_ms"`
	AcksAll        bool `json:"acks_all"`
}

type retryCase struct {
	Name   string `json:"name"`
	Client string `json:"client"`
	Topic  string `json:"topic"`
	// What the model says becomes of the retried batch (kept,
	// reordered, reordered-resent).
	Outcome string `json:"outcome"`
}

type retryInput struct {
	Client  string `json:"client"`
	Outcome string `json:"outcome"`
}

type retryObserved struct {
	// Whether the client put "Shipped" on the wire while the answer to
	// "Paid" was held.
	SecondInFlight bool `json:"second_in_flight"`
	// Each send's outcome, in order: "ok" or the client's error.
	Sent    []string       `json:"sent"`
	Records []storedRecord `json:"records"`
}

// retryProducer is one client's producer, sending one record at a time
// without waiting: send returns a channel that gets the delivery's error
// (nil when the broker acknowledged it).
type retryProducer struct {
	send  func(index int, key, value string) <-chan error
	close func()
}

var retryProducers = map[string]func(bootstrap, topic string, s retrySettings) (*retryProducer, error){
	"franz-go":           retryFranz,
	"sarama":             retrySarama,
	"kafka-go":           retryKafkaGo,
	"confluent-kafka-go": retryConfluent,
}

// indexHeader names a record's place in the case for the proxy (Proxy.INDEX_HEADER).
const indexHeader = "index"

// runRetry runs area lens-retry for the Go clients, one at a time, against
// the fault proxy at bootstrap, saying each step on stdout and waiting for
// the Java harness's answer on stdin (RetryCases.java): "arm NAME"
// (answered once the proxy counts from zero), "held NAME" once "Paid" is
// handed to the client (answered once the proxy holds its answer), "sent
// NAME" once "Shipped" is (answered "second" if the client's next Produce
// request came while the answer was held, "none" if the proxy waited its
// bounded time for it and let the answer through).
func runRetry(ctx context.Context, planPath, bootstrap string) (*facts, error) {
	p, f, cases, err := stepArea(planPath, func(p *plan) []retryCase { return p.LensRetry.Cases },
		func(c retryCase) string { return c.Client })
	if err != nil {
		return nil, err
	}
	area := p.LensRetry
	if len(cases) == 0 {
		return f, nil
	}
	topics := make(map[string]int, len(cases))
	for _, c := range cases {
		topics[c.Topic] = 1
	}
	adm, closeAdmin, err := stepTopics(ctx, bootstrap, topics)
	if err != nil {
		return nil, err
	}
	defer closeAdmin()

	answers := bufio.NewScanner(os.Stdin)
	ask := func(line, want string) (string, error) {
		fmt.Println(line)
		if !answers.Scan() {
			return "", fmt.Errorf("%s: no answer from the Java harness (%v)", line, answers.Err())
		}
		got := answers.Text()
		if want != "" && got != want {
			return "", fmt.Errorf("%s: the Java harness answered %q, not %q", line, got, want)
		}
		return got, nil
	}
	limit := time.Duration(area.TimeoutMs) * time.Millisecond
	observed := make(map[string]*retryObserved, len(cases))
	for _, c := range cases {
		newProducer, ok := retryProducers[c.Client]
		if !ok {
			return nil, fmt.Errorf("%s: no producer for client %q", c.Name, c.Client)
		}
		o, err := retryOne(ctx, c, area.Key, area.Events, limit, bootstrap, area.Settings, newProducer, ask)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.Name, err)
		}
		observed[c.Name] = o
	}
	got, err := readToEnd(ctx, bootstrap, adm, topics)
	if err != nil {
		return nil, err
	}
	for _, c := range cases {
		o := observed[c.Name]
		o.Records = []storedRecord{}
		for _, r := range got[c.Topic] {
			o.Records = append(o.Records, storedRecord{string(r.key), string(r.value)})
		}
		f.Cases = append(f.Cases, factCase{"lens-retry/" + c.Name, "lens-retry", retryInput{c.Client, c.Outcome}, o})
	}
	return f, nil
}

func retryOne(ctx context.Context, c retryCase, key string, events []string, limit time.Duration, bootstrap string,
	s retrySettings, newProducer func(bootstrap, topic string, s retrySettings) (*retryProducer, error),
	ask func(line, want string) (string, error)) (*retryObserved, error) {
	if len(events) != 3 {
		return nil, fmt.Errorf("the plan has %d events, not 3", len(events))
	}
	if _, err := ask("arm "+c.Name, "armed"); err != nil {
		return nil, err
	}
	prod, err := newProducer(bootstrap, c.Topic, s)
	if err != nil {
		return nil, err
	}
	defer prod.close()
	o := &retryObserved{Sent: make([]string, len(events))}
	deliveries := make([]<-chan error, len(events))
	outcome := func(i int) {
		select {
		case err := <-deliveries[i]:
			o.Sent[i] = "ok"
			if err != nil {
				o.Sent[i] = err.Error()
			}
		case <-time.After(limit):
			o.Sent[i] = "no answer within " + limit.String()
		case <-ctx.Done():
			o.Sent[i] = ctx.Err().Error()
		}
	}
	deliveries[0] = prod.send(0, key, events[0])
	outcome(0)
	if o.Sent[0] != "ok" {
		return nil, fmt.Errorf("%q, sent alone before any fault, failed: %s", events[0], o.Sent[0])
	}
	deliveries[1] = prod.send(1, key, events[1])
	if _, err := ask("held "+c.Name, "held"); err != nil {
		return nil, err
	}
	deliveries[2] = prod.send(2, key, events[2])
	second, err := ask("sent "+c.Name, "")
	if err != nil {
		return nil, err
	}
	if second != "second" && second != "none" {
		return nil, fmt.Errorf("the Java harness answered %q to sent", second)
	}
	o.SecondInFlight = second == "second"
	outcome(1)
	outcome(2)
	return o, nil
}

func indexValue(i int) []byte { return []byte(strconv.Itoa(i)) }

func backoff(s retrySettings) time.Duration {
	return time.Duration(s.RetryBackoffMs) * time.Millisecond
}

func retryFranz(bootstrap, topic string, s retrySettings) (*retryProducer, error) {
	opts := []kgo.Opt{
		kgo.SeedBrokers(bootstrap),
		kgo.DefaultProduceTopic(topic),
		kgo.RecordRetries(s.Retries),
		kgo.ProducerLinger(0),
		kgo.RetryBackoffFn(func(int) time.Duration { return backoff(s) }),
	}
	if !s.Idempotence {
		opts = append(opts, kgo.DisableIdempotentWrite(), kgo.MaxProduceRequestsInflightPerBroker(s.MaxInFlight))
	}
	if s.AcksAll {
		opts = append(opts, kgo.RequiredAcks(kgo.AllISRAcks()))
	} else {
		opts = append(opts, kgo.RequiredAcks(kgo.LeaderAck()))
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return nil, err
	}
	return &retryProducer{
		send: func(i int, key, value string) <-chan error {
			done := make(chan error, 1)
			r := &kgo.Record{Key: []byte(key), Value: []byte(value), Headers: []kgo.RecordHeader{{Key: indexHeader, Value: indexValue(i)}}}
			cl.Produce(context.Background(), r, func(_ *kgo.Record, err error) { done <- err })
			return done
		},
		close: cl.Close,
	}, nil
}

func retrySarama(bootstrap, topic string, s retrySettings) (*retryProducer, error) {
	cfg := sarama.NewConfig()
	cfg.Producer.Return.Successes = true
	cfg.Producer.Return.Errors = true
	cfg.Producer.Idempotent = s.Idempotence
	cfg.Net.MaxOpenRequests = s.MaxInFlight
	cfg.Producer.Retry.Max = s.Retries
	cfg.Producer.Retry.Backoff = backoff(s)
	cfg.Producer.RequiredAcks = sarama.WaitForLocal
	if s.AcksAll {
		cfg.Producer.RequiredAcks = sarama.WaitForAll
	}
	cfg.Producer.Partitioner = sarama.NewManualPartitioner
	prod, err := sarama.NewAsyncProducer([]string{bootstrap}, cfg)
	if err != nil {
		return nil, err
	}
	var mu sync.Mutex
	waiting := map[int]chan error{}
	deliver := func(msg *sarama.ProducerMessage, err error) {
		mu.Lock()
		defer mu.Unlock()
		if ch, ok := waiting[msg.Metadata.(int)]; ok {
			ch <- err
		}
	}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for m := range prod.Successes() {
			deliver(m, nil)
		}
	}()
	go func() {
		defer wg.Done()
		for e := range prod.Errors() {
			deliver(e.Msg, e.Err)
		}
	}()
	return &retryProducer{
		send: func(i int, key, value string) <-chan error {
			done := make(chan error, 1)
			mu.Lock()
			waiting[i] = done
			mu.Unlock()
			prod.Input() <- &sarama.ProducerMessage{
				Topic: topic, Partition: 0, Key: sarama.StringEncoder(key), Value: sarama.StringEncoder(value),
				Headers:  []sarama.RecordHeader{{Key: []byte(indexHeader), Value: indexValue(i)}},
				Metadata: i,
			}
			return done
		},
		close: func() {
			prod.AsyncClose()
			wg.Wait()
		},
	}, nil
}

// kafka-go's Writer has neither an in-flight setting nor idempotence
// (Client::fixed_producer in src/sim/clients.rs): the settings it takes are
// the attempts, the backoff and the acks. BatchSize 1 sends each record as
// it comes, as linger 0 does.
func retryKafkaGo(bootstrap, topic string, s retrySettings) (*retryProducer, error) {
	var mu sync.Mutex
	waiting := map[string]chan error{}
	acks := kafkago.RequireOne
	if s.AcksAll {
		acks = kafkago.RequireAll
	}
	w := &kafkago.Writer{
		Addr:            kafkago.TCP(bootstrap),
		Topic:           topic,
		BatchSize:       1,
		MaxAttempts:     s.Retries + 1,
		WriteBackoffMin: backoff(s),
		WriteBackoffMax: backoff(s),
		RequiredAcks:    acks,
		Async:           true,
		Completion: func(messages []kafkago.Message, err error) {
			mu.Lock()
			defer mu.Unlock()
			for _, m := range messages {
				for _, h := range m.Headers {
					if ch, ok := waiting[string(h.Value)]; ok && h.Key == indexHeader {
						ch <- err
					}
				}
			}
		},
	}
	return &retryProducer{
		send: func(i int, key, value string) <-chan error {
			done := make(chan error, 1)
			mu.Lock()
			waiting[string(indexValue(i))] = done
			mu.Unlock()
			msg := kafkago.Message{Key: []byte(key), Value: []byte(value), Headers: []kafkago.Header{{Key: indexHeader, Value: indexValue(i)}}}
			if err := w.WriteMessages(context.Background(), msg); err != nil {
				done <- err
			}
			return done
		},
		close: func() { _ = w.Close() },
	}, nil
}

func retryConfluent(bootstrap, topic string, s retrySettings) (*retryProducer, error) {
	acks := "1"
	if s.AcksAll {
		acks = "all"
	}
	prod, err := confluent.NewProducer(&confluent.ConfigMap{
		"bootstrap.servers":                     bootstrap,
		"enable.idempotence":                    s.Idempotence,
		"acks":                                  acks,
		"max.in.flight.requests.per.connection": s.MaxInFlight,
		"retries":                               s.Retries,
		"retry.backoff.ms":                      s.RetryBackoffMs,
		"linger.ms":                             0,
	})
	if err != nil {
		return nil, err
	}
	return &retryProducer{
		send: func(i int, key, value string) <-chan error {
			done := make(chan error, 1)
			events := make(chan confluent.Event, 1)
			msg := &confluent.Message{
				TopicPartition: confluent.TopicPartition{Topic: &topic, Partition: 0},
				Key:            []byte(key), Value: []byte(value),
				Headers: []confluent.Header{{Key: indexHeader, Value: indexValue(i)}},
			}
			if err := prod.Produce(msg, events); err != nil {
				done <- err
				return done
			}
			go func() {
				switch e := (<-events).(type) {
				case *confluent.Message:
					done <- e.TopicPartition.Error
				case confluent.Error:
					done <- e
				}
			}()
			return done
		},
		close: func() {
			prod.Flush(1000)
			prod.Close()
		},
	}, nil
}
