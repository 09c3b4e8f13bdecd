package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"time"
)

// plan is the part of the Rust-generated plan this harness runs. The other
// sections belong to the Java harness and are left undecoded.
type plan struct {
	Routing struct {
		Clients    []string `json:"clients"`
		Partitions []int    `json:"partitions"`
		Keys       []string `json:"keys"`
	} `json:"routing"`
	Keyless struct {
		Clients    []string `json:"clients"`
		Partitions int      `json:"partitions"`
		Records    int      `json:"records"`
		ValueBytes int      `json:"value_bytes"`
		BatchSize  int      `json:"batch_size"`
		LingerMs   int      `json:"linger_ms"`
	} `json:"keyless"`
	Pipeline struct {
		Cases []pipelineCase `json:"cases"`
	} `json:"pipeline"`
	Golens struct {
		// The literals each snippet connects and writes with.
		Bootstrap string       `json:"bootstrap"`
		Topic     string       `json:"topic"`
		Cases     []golensCase `json:"cases"`
	} `json:"golens"`
	LensProducer struct {
		Bootstrap string             `json:"bootstrap"`
		Topic     string             `json:"topic"`
		TimeoutMs int                `json:"timeout_ms"`
		Cases     []lensProducerCase `json:"cases"`
	} `json:"lens-producer"`
	// The same programs, run through the fault proxy (lostanswer.go).
	LensLostAnswer struct {
		Bootstrap string             `json:"bootstrap"`
		Topic     string             `json:"topic"`
		TimeoutMs int                `json:"timeout_ms"`
		Cases     []lensProducerCase `json:"cases"`
	} `json:"lens-lost-answer"`
	// Each client's producer when a batch is answered with an error while
	// the next one waits (retry.go).
	LensRetry struct {
		Key       string        `json:"key"`
		Events    []string      `json:"events"`
		Settings  retrySettings `json:"settings"`
		TimeoutMs int           `json:"timeout_ms"`
		Cases     []retryCase   `json:"cases"`
	} `json:"lens-retry"`
	// The routing scene's keyed program, which sets no acks, run through
	// the fault proxy to read each client's default acks (defaults.go).
	LensDefaults struct {
		Bootstrap string       `json:"bootstrap"`
		Topic     string       `json:"topic"`
		TimeoutMs int          `json:"timeout_ms"`
		Cases     []golensCase `json:"cases"`
	} `json:"lens-defaults"`
	// The group's and the workers' programs, a member killed while it
	// handles a record (lensconsumer.go).
	LensConsumer lensConsumerPlan `json:"lens-consumer"`
	// Where the repartition scene's program starts a partition with no
	// committed offset (lensreset.go).
	LensReset lensResetPlan `json:"lens-reset"`
}

// javaClient is planned alongside the Go clients but run by the Java harness.
const javaClient = "java"

func readPlan(path string) (*plan, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var p plan
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := p.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &p, nil
}

// check rejects a plan whose facts could not be read back unambiguously.
func (p *plan) check() error {
	for _, c := range append(append([]string{}, p.Routing.Clients...), p.Keyless.Clients...) {
		if _, ok := clients[c]; !ok && c != javaClient {
			return fmt.Errorf("unknown client %q", c)
		}
	}
	for _, n := range p.Routing.Partitions {
		if n < 1 {
			return fmt.Errorf("routing: %d partitions", n)
		}
	}
	// The read-back finds each record's place in the plan by its key, so a
	// repeated key would make the answer ambiguous for the round-robin writer.
	seen := make(map[string]bool, len(p.Routing.Keys))
	for _, k := range p.Routing.Keys {
		if seen[k] {
			return fmt.Errorf("routing: key %q appears twice", k)
		}
		seen[k] = true
	}
	for i := range p.Pipeline.Cases {
		if err := p.Pipeline.Cases[i].check(); err != nil {
			return err
		}
	}
	k := p.Keyless
	if len(k.Clients) > 0 {
		switch {
		case k.Partitions < 1:
			return fmt.Errorf("keyless: %d partitions", k.Partitions)
		case k.Records < 1:
			return fmt.Errorf("keyless: %d records", k.Records)
		case len(strconv.Itoa(k.Records-1)) > k.ValueBytes:
			return fmt.Errorf("keyless: %d value bytes cannot hold index %d", k.ValueBytes, k.Records-1)
		case k.BatchSize < 1 || k.LingerMs < 0:
			return fmt.Errorf("keyless: batch_size %d, linger_ms %d", k.BatchSize, k.LingerMs)
		}
	}
	return nil
}

func (p *plan) tuning() tuning {
	return tuning{
		batchBytes: p.Keyless.BatchSize,
		lingerMs:   p.Keyless.LingerMs,
		linger:     time.Duration(p.Keyless.LingerMs) * time.Millisecond,
	}
}

// keylessValue is record i's value: its index, zero-padded to the planned size.
func keylessValue(i, size int) []byte {
	return fmt.Appendf(nil, "%0*d", size, i)
}

// keylessIndex reads the index back out of a keyless record's value.
func keylessIndex(value []byte, size, records int) (int, error) {
	if len(value) != size {
		return 0, fmt.Errorf("value of %d bytes, planned %d", len(value), size)
	}
	i, err := strconv.Atoi(string(value))
	if err != nil || i < 0 || i >= records {
		return 0, fmt.Errorf("value %q is not a record index below %d", value, records)
	}
	return i, nil
}
