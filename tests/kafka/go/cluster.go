package main

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

// readyPoll is how often the broker is asked whether every partition is
// ready; the wait itself ends on that condition.
const readyPoll = 50 * time.Millisecond

// createTopics creates every topic with its partition count and replication
// factor 1, then waits until every partition can be written. A topic that
// already exists is an error: its old records would mix in.
//
// A leader in the metadata is not enough: the broker can publish the new
// topic's metadata before its replica manager has created the partition, and
// a produce in that window fails with a retriable error (kafka-go's default
// acks=0 would not even see it). ListOffsets is answered by the replica
// manager, so a clean answer for every partition means the partition exists.
func createTopics(ctx context.Context, adm *kadm.Client, partitions map[string]int) error {
	byCount := make(map[int][]string)
	for t, n := range partitions {
		byCount[n] = append(byCount[n], t)
	}
	for _, n := range slices.Sorted(maps.Keys(byCount)) {
		topics := byCount[n]
		slices.Sort(topics)
		resp, err := adm.CreateTopics(ctx, int32(n), 1, nil, topics...)
		if err != nil {
			return fmt.Errorf("create topics: %w", err)
		}
		for _, r := range resp.Sorted() {
			if r.Err != nil {
				return fmt.Errorf("create topic %s: %w (%s); the harness needs a broker without its topics", r.Topic, r.Err, r.ErrMessage)
			}
		}
	}
	return waitReady(ctx, adm, partitions)
}

// waitReady waits until the broker reports every partition of the topics
// led and its end offset listable.
func waitReady(ctx context.Context, adm *kadm.Client, partitions map[string]int) error {
	names := slices.Sorted(maps.Keys(partitions))
	tick := time.NewTicker(readyPoll)
	defer tick.Stop()
	for {
		md, err := adm.Metadata(ctx, names...)
		if err == nil && allLed(md.Topics, partitions) {
			var ends kadm.ListedOffsets
			ends, err = adm.ListEndOffsets(ctx, names...)
			if err == nil && allListed(ends, partitions) {
				return nil
			}
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			return fmt.Errorf("waiting for every partition to be ready: %w", errors.Join(ctx.Err(), err))
		}
	}
}

func allLed(topics kadm.TopicDetails, partitions map[string]int) bool {
	for t, n := range partitions {
		d, ok := topics[t]
		if !ok || d.Err != nil || len(d.Partitions) != n {
			return false
		}
		for _, p := range d.Partitions {
			if p.Err != nil || p.Leader < 0 {
				return false
			}
		}
	}
	return true
}

func allListed(ends kadm.ListedOffsets, partitions map[string]int) bool {
	for t, n := range partitions {
		if len(ends[t]) != n {
			return false
		}
		for _, o := range ends[t] {
			if o.Err != nil {
				return false
			}
		}
	}
	return true
}

// stored is one record as the broker keeps it.
type stored struct {
	partition int32
	key       []byte
	value     []byte
}

// readBack reads every topic from the start of all its partitions until it
// has want[topic] records, then checks against the end offsets that the
// topic holds no more than that (a retried, duplicated record would).
func readBack(ctx context.Context, bootstrap string, adm *kadm.Client, want map[string]int) (map[string][]stored, error) {
	topics := slices.Sorted(maps.Keys(want))
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(bootstrap),
		kgo.ConsumeTopics(topics...),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
	)
	if err != nil {
		return nil, err
	}
	defer cl.Close()

	got := make(map[string][]stored, len(want))
	missing := len(topics)
	for missing > 0 {
		fetches := cl.PollFetches(ctx)
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("reading back: %w; incomplete: %s", err, incomplete(got, want, topics))
		}
		for _, fe := range fetches.Errors() {
			return nil, fmt.Errorf("reading back %s[%d]: %w", fe.Topic, fe.Partition, fe.Err)
		}
		fetches.EachRecord(func(r *kgo.Record) {
			before := len(got[r.Topic])
			got[r.Topic] = append(got[r.Topic], stored{r.Partition, r.Key, r.Value})
			if before < want[r.Topic] && before+1 >= want[r.Topic] {
				missing--
			}
		})
	}

	ends, err := adm.ListEndOffsets(ctx, topics...)
	if err == nil {
		err = ends.Error()
	}
	if err != nil {
		return nil, fmt.Errorf("end offsets: %w", err)
	}
	for _, t := range topics {
		var total int64
		for _, o := range ends[t] {
			total += o.Offset
		}
		if total != int64(want[t]) {
			return nil, fmt.Errorf("topic %s holds %d records, %d were produced%s", t, total, want[t], repeats(ctx, cl, t, got[t], total))
		}
	}
	return got, nil
}

// repeats reads the rest of a topic that holds more records than were
// produced, and names the values stored more than once, with their
// partitions: which record a client sent twice, and so which client.
func repeats(ctx context.Context, cl *kgo.Client, topic string, got []stored, total int64) string {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	for int64(len(got)) < total && ctx.Err() == nil {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			if r.Topic == topic {
				got = append(got, stored{r.Partition, r.Key, r.Value})
			}
		})
	}
	where := map[string][]int32{}
	for _, r := range got {
		where[string(r.value)] = append(where[string(r.value)], r.partition)
	}
	var twice []string
	for _, v := range slices.Sorted(maps.Keys(where)) {
		if len(where[v]) > 1 {
			twice = append(twice, fmt.Sprintf("value %q in partitions %v", v, where[v]))
		}
	}
	if len(twice) == 0 {
		return fmt.Sprintf(" (%d of them read, none twice)", len(got))
	}
	return "; stored more than once: " + strings.Join(twice, ", ")
}

func incomplete(got map[string][]stored, want map[string]int, topics []string) string {
	var s []string
	for _, t := range topics {
		if len(got[t]) < want[t] {
			s = append(s, fmt.Sprintf("%s %d/%d", t, len(got[t]), want[t]))
		}
	}
	return fmt.Sprint(s)
}

// commitGroupStart commits offset 0 of every partition of the topic for
// the group, before any member has joined it: a member then starts at the
// first record whatever its client's default start is.
func commitGroupStart(ctx context.Context, adm *kadm.Client, group, topic string, partitions int) error {
	var start kadm.Offsets
	for p := range partitions {
		start.Add(kadm.Offset{Topic: topic, Partition: int32(p), At: 0, LeaderEpoch: -1})
	}
	resp, err := adm.CommitOffsets(ctx, group, start)
	if err == nil {
		err = resp.Error()
	}
	if err != nil {
		return fmt.Errorf("committing the start of %s for %s: %w", topic, group, err)
	}
	return nil
}
