package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
)

// pipelineCase is one preset of the pipeline scene: its topic, the clients
// its two services use, and its events in the order the harness sends them.
type pipelineCase struct {
	Name       string            `json:"name"`
	Preset     string            `json:"preset"`
	Seed       uint64            `json:"seed"`
	Topic      string            `json:"topic"`
	Partitions int               `json:"partitions"`
	GrowTo     *int              `json:"grow_to"`
	Clients    map[string]string `json:"clients"`
	Records    []pipelineRecord  `json:"records"`
}

type pipelineRecord struct {
	ID      int     `json:"id"`
	Order   string  `json:"order"`
	Step    int     `json:"step"`
	Service string  `json:"service"`
	Key     *string `json:"key"`
	// Grown: the scene's producer had seen the topic's new partition count.
	Grown bool `json:"grown"`
}

type pipelineInput struct {
	Preset     string            `json:"preset"`
	Seed       uint64            `json:"seed"`
	Partitions int               `json:"partitions"`
	GrowTo     *int              `json:"grow_to"`
	Clients    map[string]string `json:"clients"`
}

type pipelineSink struct {
	Applied  int `json:"applied"`
	Refused  int `json:"refused"`
	Repeated int `json:"repeated"`
}

type pipelineObserved struct {
	Partitions  []int32      `json:"partitions"`
	SplitOrders []string     `json:"split_orders"`
	Sink        pipelineSink `json:"sink"`
}

func (c *pipelineCase) check() error {
	if c.Partitions < 1 || (c.GrowTo != nil && *c.GrowTo <= c.Partitions) {
		return fmt.Errorf("pipeline %s: %d partitions, growing to %v", c.Name, c.Partitions, c.GrowTo)
	}
	seen := make(map[int]bool, len(c.Records))
	grown := false
	for _, r := range c.Records {
		if _, ok := clients[c.Clients[r.Service]]; !ok {
			return fmt.Errorf("pipeline %s: service %q has no harness client (%q)", c.Name, r.Service, c.Clients[r.Service])
		}
		if seen[r.ID] || r.ID < 0 || r.ID >= len(c.Records) {
			return fmt.Errorf("pipeline %s: record id %d repeated or out of range", c.Name, r.ID)
		}
		if grown && !r.Grown || r.Grown && c.GrowTo == nil {
			return fmt.Errorf("pipeline %s: record %d sent with the old count after the growth", c.Name, r.ID)
		}
		seen[r.ID], grown = true, r.Grown
	}
	return nil
}

// runPipeline plays one preset: each maximal run of records from one
// service, before or after the growth, goes through a new client of that
// service's library, and the next run starts only once the broker holds
// every record sent so far. kafka-go's Writer returns before the broker
// acknowledges (RequireNone), so without that wait a later service's
// record could overtake an earlier one's on a shared partition. A new
// client after the growth reads the new partition count from the broker
// (the growth waits until the broker reports every new partition led), as
// the scene's producers do once their metadata refreshes.
func runPipeline(ctx context.Context, bootstrap string, adm *kadm.Client, c pipelineCase) (pipelineObserved, error) {
	var none pipelineObserved
	if err := createTopics(ctx, adm, map[string]int{c.Topic: c.Partitions}); err != nil {
		return none, err
	}
	n, sent, grown := c.Partitions, 0, false
	for start := 0; start < len(c.Records); {
		first := c.Records[start]
		end := start + 1
		for end < len(c.Records) && c.Records[end].Service == first.Service && c.Records[end].Grown == first.Grown {
			end++
		}
		if first.Grown && !grown {
			n, grown = *c.GrowTo, true
			if err := growTopic(ctx, adm, c.Topic, n); err != nil {
				return none, err
			}
		}
		recs := make([]record, 0, end-start)
		for _, r := range c.Records[start:end] {
			rec := record{value: []byte(strconv.Itoa(r.ID))}
			if r.Key != nil {
				rec.key = []byte(*r.Key)
			}
			recs = append(recs, rec)
		}
		name := c.Clients[first.Service]
		if err := clients[name].produce(ctx, bootstrap, c.Topic, recs, nil); err != nil {
			return none, fmt.Errorf("%s sending %d records with %s: %w", first.Service, len(recs), name, err)
		}
		sent += len(recs)
		if err := waitStored(ctx, adm, c.Topic, sent); err != nil {
			return none, err
		}
		start = end
	}
	got, err := readBack(ctx, bootstrap, adm, map[string]int{c.Topic: len(c.Records)})
	if err != nil {
		return none, err
	}
	return observePipeline(c, got[c.Topic])
}

// observePipeline places each record by the id in its value, finds the
// orders whose events sit in more than one partition, and applies every
// other order to a sink like the scene's database: the next step is
// applied, a step already applied is repeated, a later one is refused.
// Within one partition this is the order every consumer reads; across
// partitions Kafka promises none, so split orders are left out of the sink.
func observePipeline(c pipelineCase, recs []stored) (pipelineObserved, error) {
	byID := make(map[int]pipelineRecord, len(c.Records))
	for _, r := range c.Records {
		byID[r.ID] = r
	}
	parts := make([]int32, len(c.Records))
	seen := make([]bool, len(c.Records))
	orderParts := make(map[string]map[int32]bool)
	for _, s := range recs {
		id, err := strconv.Atoi(string(s.value))
		r, ok := byID[id]
		if err != nil || !ok || seen[id] {
			return pipelineObserved{}, fmt.Errorf("unexpected record %q on partition %d", s.value, s.partition)
		}
		if (r.Key == nil) != (s.key == nil) || r.Key != nil && *r.Key != string(s.key) {
			return pipelineObserved{}, fmt.Errorf("record %d came back with key %q", id, s.key)
		}
		seen[id], parts[id] = true, s.partition
		if orderParts[r.Order] == nil {
			orderParts[r.Order] = make(map[int32]bool)
		}
		orderParts[r.Order][s.partition] = true
	}
	o := pipelineObserved{Partitions: parts, SplitOrders: []string{}}
	for order, ps := range orderParts {
		if len(ps) > 1 {
			o.SplitOrders = append(o.SplitOrders, order)
		}
	}
	slices.Sort(o.SplitOrders)
	last := make(map[string]int)
	for _, s := range recs {
		id, _ := strconv.Atoi(string(s.value))
		r := byID[id]
		if len(orderParts[r.Order]) > 1 {
			continue
		}
		switch {
		case r.Step == last[r.Order]+1:
			o.Sink.Applied++
			last[r.Order] = r.Step
		case r.Step <= last[r.Order]:
			o.Sink.Repeated++
		default:
			o.Sink.Refused++
		}
	}
	return o, nil
}

// growTopic raises the partition count and waits until the broker reports
// every partition led and listable, as a new topic is waited for.
func growTopic(ctx context.Context, adm *kadm.Client, topic string, n int) error {
	resp, err := adm.UpdatePartitions(ctx, n, topic)
	if err == nil {
		err = resp.Error()
	}
	if err != nil {
		return fmt.Errorf("grow %s to %d partitions: %w", topic, n, err)
	}
	return waitReady(ctx, adm, map[string]int{topic: n})
}

// waitStored waits until the topic's end offsets add up to want records.
func waitStored(ctx context.Context, adm *kadm.Client, topic string, want int) error {
	tick := time.NewTicker(readyPoll)
	defer tick.Stop()
	for {
		ends, err := adm.ListEndOffsets(ctx, topic)
		if err == nil {
			err = ends.Error()
		}
		if err == nil {
			var total int64
			for _, o := range ends[topic] {
				total += o.Offset
			}
			if total >= int64(want) {
				return nil
			}
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			return fmt.Errorf("waiting for %d records in %s: %w", want, topic, errors.Join(ctx.Err(), err))
		}
	}
}
