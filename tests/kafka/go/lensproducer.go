package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
)

// lensProducerCase is one producer program of the Go lens, as it prints it
// for one producer preset and one client.
type lensProducerCase struct {
	Name    string `json:"name"`
	Client  string `json:"client"`
	Query   string `json:"query"`
	Topic   string `json:"topic"`
	Package string `json:"package"`
	Code    string `json:"code"`
	// Area lens-lost-answer: whether the model says the program's
	// producer is idempotent.
	Idempotent bool `json:"idempotent"`
}

type lensProducerInput struct {
	Client string `json:"client"`
	Query  string `json:"query"`
}

type storedRecord struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

type lensProducerObserved struct {
	// "ok" (exit status 0), "error" (any other end), or "hangs" (still
	// running at the plan's time limit, then killed).
	Ended string `json:"ended"`
	// The program's last lines when it did not end well.
	Output  string         `json:"output,omitempty"`
	Records []storedRecord `json:"records"`
}

// runLensProducer builds every Go tab's producer program, runs each once
// with the plan's time limit (eight at a time: each writes a topic of its
// own, and most of a run is a client's own wait), and reads back what each
// topic holds. A program that hangs or fails is a fact, for the report to
// judge; only the harness's own failures are errors here.
func runLensProducer(ctx context.Context, bootstrap string, adm *kadm.Client, p *plan) ([]factCase, error) {
	var cases []lensProducerCase
	for _, c := range p.LensProducer.Cases {
		if c.Client != javaClient {
			cases = append(cases, c)
		}
	}
	if len(cases) == 0 {
		return nil, nil
	}
	programs := make([]program, len(cases))
	topics := make(map[string]int, len(cases))
	for i, c := range cases {
		programs[i] = program{c.Name, c.Package, c.Code, map[string]string{
			p.LensProducer.Bootstrap: strconv.Quote(bootstrap),
			p.LensProducer.Topic:     strconv.Quote(c.Topic),
		}, nil, ""}
		// The order's events share one key, so one partition holds them
		// whatever the client's partitioner.
		topics[c.Topic] = 1
	}
	if err := createTopics(ctx, adm, topics); err != nil {
		return nil, err
	}
	bin, cleanup, err := buildPrograms(ctx, "lens-producer", programs)
	if err != nil {
		return nil, err
	}
	defer cleanup()

	limit := time.Duration(p.LensProducer.TimeoutMs) * time.Millisecond
	ended := make(map[string]lensProducerObserved, len(cases))
	var mu sync.Mutex
	err = eachAtMost(ctx, golensParallel, cases, func(ctx context.Context, c lensProducerCase) error {
		o := runWithLimit(ctx, bin, c.Package, limit)
		if err := ctx.Err(); err != nil {
			return err
		}
		mu.Lock()
		ended[c.Name] = o
		mu.Unlock()
		return nil
	})
	if err != nil {
		return nil, err
	}

	got, err := readToEnd(ctx, bootstrap, adm, topics)
	if err != nil {
		return nil, err
	}
	var facts []factCase
	for _, c := range cases {
		o := ended[c.Name]
		o.Records = []storedRecord{}
		for _, r := range got[c.Topic] {
			o.Records = append(o.Records, storedRecord{string(r.key), string(r.value)})
		}
		facts = append(facts, factCase{"lens-producer/" + c.Name, "lens-producer", lensProducerInput{c.Client, c.Query}, o})
	}
	return facts, nil
}

// runWithLimit runs one program to its end or to the limit, whichever
// comes first, and says how it ended.
func runWithLimit(ctx context.Context, bin builtPrograms, pkg string, limit time.Duration) lensProducerObserved {
	run, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	cmd := bin.command(run, pkg)
	// The program's own goroutines may hold its output open after a kill.
	cmd.WaitDelay = time.Second
	out, err := cmd.CombinedOutput()
	switch {
	case err == nil:
		return lensProducerObserved{Ended: "ok"}
	case errors.Is(run.Err(), context.DeadlineExceeded) && ctx.Err() == nil:
		return lensProducerObserved{Ended: "hangs", Output: lastLines(out, 3)}
	default:
		return lensProducerObserved{Ended: "error", Output: fmt.Sprintf("%v: %s", err, lastLines(out, 3))}
	}
}

// lastLines is the end of a program's output, or its panic's message: a
// Go panic ends with its goroutines' stacks, whose paths name the run's
// temporary folder.
func lastLines(out []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	for _, l := range lines {
		if strings.HasPrefix(l, "panic: ") {
			return l
		}
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

// readToEnd reads each topic up to its end offsets as they are now: a
// program that hung or failed may have stored nothing, and readBack waits
// only for what it is told to expect.
func readToEnd(ctx context.Context, bootstrap string, adm *kadm.Client, topics map[string]int) (map[string][]stored, error) {
	names := make([]string, 0, len(topics))
	for t := range topics {
		names = append(names, t)
	}
	ends, err := adm.ListEndOffsets(ctx, names...)
	if err == nil {
		err = ends.Error()
	}
	if err != nil {
		return nil, fmt.Errorf("end offsets: %w", err)
	}
	want := make(map[string]int)
	for _, t := range names {
		var total int64
		for _, o := range ends[t] {
			total += o.Offset
		}
		if total > 0 {
			want[t] = int(total)
		}
	}
	if len(want) == 0 {
		return map[string][]stored{}, nil
	}
	return readBack(ctx, bootstrap, adm, want)
}
