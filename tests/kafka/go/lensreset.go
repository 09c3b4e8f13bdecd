package main

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
)

// lensResetCase is one repartition program of the Go lens: the tab's, or
// the one the warning of its default start describes.
type lensResetCase struct {
	Name          string `json:"name"`
	Client        string `json:"client"`
	Query         string `json:"query"`
	ClientDefault bool   `json:"client_default"`
	Topic         string `json:"topic"`
	NewTopic      string `json:"new_topic"`
	Group         string `json:"group"`
	Package       string `json:"package"`
	Code          string `json:"code"`
}

// lensResetPlan is area lens-reset's section of the plan
// (tests/kafka/conformance/lens_reset.rs).
type lensResetPlan struct {
	Bootstrap    string               `json:"bootstrap"`
	Topic        string               `json:"topic"`
	NewTopic     string               `json:"new_topic"`
	Group        string               `json:"group"`
	Handler      string               `json:"handler"`
	JavaHandling string               `json:"java_handling"`
	Partitions   int                  `json:"partitions"`
	Before       []lensConsumerRecord `json:"before"`
	ProbeMs      int                  `json:"probe_ms"`
	TimeoutMs    int                  `json:"timeout_ms"`
	Cases        []lensResetCase      `json:"cases"`
}

type lensResetInput struct {
	Client        string `json:"client"`
	Query         string `json:"query"`
	ClientDefault bool   `json:"client_default,omitempty"`
}

type lensResetObserved struct {
	// "ok"; "build-failed"; "error" when the program exited by itself;
	// "hangs" at Stage "join" (the group never settled with the program
	// owning every partition) or "probe" (a partition's probes were never
	// handled).
	Ended  string `json:"ended"`
	Stage  string `json:"stage,omitempty"`
	Output string `json:"output,omitempty"`
	// The records written before the program started that it handled, and
	// those it did not.
	BeforeHandled []string `json:"before_handled"`
	BeforeSkipped []string `json:"before_skipped"`
	// How many probes were written, and how many of them the program
	// never handled: those written before it looked its start up.
	ProbesWritten int             `json:"probes_written"`
	ProbesSkipped int             `json:"probes_skipped"`
	Records       []handledRecord `json:"records"`
	Stderr        string          `json:"stderr"`
}

// lensResetNotHeld names no record the harness writes: the hooks of area
// lens-consumer hold the record LAB_HELD_RECORD names, and here none is.
var lensResetNotHeld = lensConsumerRecord{Key: "-", Value: "-"}

// runLensReset builds every case's program with the hooks of area
// lens-consumer and runs the cases side by side, each on a topic and a
// group of its own. A program that does not build, exits or hangs is a
// fact for the report.
func runLensReset(ctx context.Context, bootstrap string, adm *kadm.Client, p *plan) ([]factCase, error) {
	lr := &p.LensReset
	if len(lr.Cases) == 0 {
		return nil, nil
	}
	names, topics := make([]string, len(lr.Cases)), make([]string, len(lr.Cases))
	for i, c := range lr.Cases {
		names[i], topics[i] = c.Name, c.Topic
	}
	observed, err := runHookedArea(ctx, adm, names, topics, lr.Partitions,
		func() (map[string]lensProgram, func(), error) { return lr.build(ctx, bootstrap) },
		func(ctx context.Context, i int, b lensProgram) (lensResetObserved, error) {
			c := lr.Cases[i]
			if b.failed != "" {
				return lensResetObserved{Ended: "build-failed", Output: b.failed, BeforeHandled: []string{}, BeforeSkipped: []string{}}, nil
			}
			o, err := lr.runOne(ctx, bootstrap, adm, c, b.command)
			if err != nil {
				return o, fmt.Errorf("lens-reset/%s: %w", c.Name, err)
			}
			return o, nil
		})
	if err != nil {
		return nil, err
	}
	var facts []factCase
	for i, c := range lr.Cases {
		facts = append(facts, factCase{"lens-reset/" + c.Name, "lens-reset", lensResetInput{c.Client, c.Query, c.ClientDefault}, observed[i]})
	}
	return facts, nil
}

// build writes and builds every case's program as area lens-consumer's
// build does, with the topic the Go programs' admin call creates named
// per case too: each program creates it once.
func (lr *lensResetPlan) build(ctx context.Context, bootstrap string) (map[string]lensProgram, func(), error) {
	cases := make([]lensConsumerCase, len(lr.Cases))
	for i, c := range lr.Cases {
		cases[i] = lensConsumerCase{Name: c.Name, Client: c.Client, Query: c.Query, ClientDefault: c.ClientDefault,
			Topic: c.Topic, Group: c.Group, Package: c.Package, Code: c.Code}
	}
	return buildHooked(ctx, "lens-reset", lr.Handler, lr.JavaHandling, cases, func(i int) map[string]string {
		c := lr.Cases[i]
		replace := map[string]string{
			lr.Bootstrap: strconv.Quote(bootstrap),
			lr.Topic:     strconv.Quote(c.Topic),
			lr.Group:     strconv.Quote(c.Group),
		}
		// The Go tabs create the new topic; Java's tab only names it in a note.
		if c.Client != javaClient {
			replace[lr.NewTopic] = strconv.Quote(c.NewTopic)
		}
		return replace
	})
}

// runOne runs one case: the records before are written with no offset
// committed for the group; the program starts; once the group is stable
// with its one member owning every partition, a probe is written to each
// partition, and a new one every probe_ms to each partition none of whose
// probes the program has handled yet. The case ends when a probe of every
// partition is handled: the program has looked up where each partition
// starts, and has handled what it reads from there on.
func (lr *lensResetPlan) runOne(ctx context.Context, bootstrap string, adm *kadm.Client, c lensResetCase,
	command func(context.Context, string) *exec.Cmd) (lensResetObserved, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	o := lensResetObserved{Ended: "ok", BeforeHandled: []string{}, BeforeSkipped: []string{}}
	// The run of area lens-consumer, with this case's records and no held
	// record.
	lc := &lensConsumerPlan{Held: lensResetNotHeld, Partitions: lr.Partitions}
	run := newLensRun(lc, lensConsumerCase{Name: c.Name, Client: c.Client, Topic: c.Topic, Group: c.Group}, adm, lr.Before)
	offsets, err := produceOrdered(ctx, bootstrap, c.Topic, lr.Before)
	if err != nil {
		return o, err
	}
	for i, at := range offsets {
		run.records[i].Offset = at
	}
	defer run.stop()
	if err := run.start(ctx, 0, "member", command(ctx, "member")); err != nil {
		return o, err
	}
	err = lr.play(ctx, bootstrap, run, &o)
	var exited errMemberExited
	switch {
	case errors.As(err, &exited):
		o.Ended, o.Stage, o.Output = "error", "", exited.output
	case err != nil:
		return o, err
	}
	records, _, _, stderr, err := run.finish(ctx, [2]string{"member", "-"})
	if err != nil {
		return o, err
	}
	o.Records, o.Stderr = records, stderr["member"]
	for _, r := range run.records[:len(lr.Before)] {
		if r.Started > 0 {
			o.BeforeHandled = append(o.BeforeHandled, r.Key+" "+r.Value)
		} else {
			o.BeforeSkipped = append(o.BeforeSkipped, r.Key+" "+r.Value)
		}
	}
	for _, r := range run.records[len(lr.Before):] {
		o.ProbesWritten++
		if r.Started == 0 {
			o.ProbesSkipped++
		}
	}
	return o, nil
}

// play waits for the group, then probes every partition until the
// program has handled a probe of each.
func (lr *lensResetPlan) play(ctx context.Context, bootstrap string, run *lensRun, o *lensResetObserved) error {
	limit := time.Duration(lr.TimeoutMs) * time.Millisecond
	joined, err := run.await(ctx, limit, func() bool {
		members, stable := run.group(ctx)
		return stable && len(members) == 1 && len(members[0].partitions) == lr.Partitions
	})
	if err != nil || !joined {
		o.Ended, o.Stage = "hangs", "join"
		return err
	}
	deadline := time.Now().Add(limit)
	// The probes of each partition, by their records.
	probes := make([][]*handledRecord, lr.Partitions)
	handled := func(p int) bool {
		for _, r := range probes[p] {
			if r.Ended > 0 {
				return true
			}
		}
		return false
	}
	for n := 0; ; n++ {
		var recs []lensConsumerRecord
		for p := range lr.Partitions {
			if !handled(p) {
				recs = append(recs, lensConsumerRecord{Key: "probe", Value: fmt.Sprintf("p%d-%d", p, n), Partition: int32(p)})
			}
		}
		if len(recs) == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			o.Ended, o.Stage = "hangs", "probe"
			return nil
		}
		// Counted before they are written: the program may report one
		// before the write returns.
		for _, r := range recs {
			h := &handledRecord{Key: r.Key, Value: r.Value, Partition: r.Partition, Offset: -1}
			run.records = append(run.records, h)
			run.byID[r.id()] = h
			probes[r.Partition] = append(probes[r.Partition], h)
		}
		offsets, err := produceOrdered(ctx, bootstrap, run.c.Topic, recs)
		if err != nil {
			return err
		}
		for i, r := range recs {
			run.byID[r.id()].Offset = offsets[i]
		}
		all := func() bool {
			for p := range lr.Partitions {
				if !handled(p) {
					return false
				}
			}
			return true
		}
		if _, err := run.await(ctx, time.Duration(lr.ProbeMs)*time.Millisecond, all); err != nil {
			return err
		}
	}
}
