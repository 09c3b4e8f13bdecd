package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"time"
)

type defaultsInput struct {
	Client string `json:"client"`
	Query  string `json:"query"`
}

type defaultsObserved struct {
	// As in area lens-producer: "ok", "error" or "hangs".
	Ended  string `json:"ended"`
	Output string `json:"output,omitempty"`
	// The acks field of each Produce request to the case's topic, as the
	// fault proxy read them.
	Acks []int `json:"acks"`
}

// runDefaults runs area lens-defaults: each Go tab's routing program, which
// sets no acks, one at a time against the fault proxy at bootstrap. Once a
// program has ended it writes "observe TOPIC" on stdout and reads on stdin
// the acks of the Produce requests to that topic, as a JSON array: the Java
// harness, which owns the proxy, has read them off the wire.
func runDefaults(ctx context.Context, planPath, bootstrap string) (*facts, error) {
	p, f, cases, err := stepArea(planPath, func(p *plan) []golensCase { return p.LensDefaults.Cases },
		func(c golensCase) string { return c.Client })
	if err != nil {
		return nil, err
	}
	area := p.LensDefaults
	if len(cases) == 0 {
		return f, nil
	}

	programs := make([]program, len(cases))
	topics := make(map[string]int, len(cases))
	for i, c := range cases {
		programs[i] = program{c.Name, c.Package, c.Code, map[string]string{
			area.Bootstrap: strconv.Quote(bootstrap),
			area.Topic:     strconv.Quote(c.Topic),
		}, nil, ""}
		topics[c.Topic] = c.Partitions
	}
	_, closeAdmin, err := stepTopics(ctx, bootstrap, topics)
	if err != nil {
		return nil, err
	}
	defer closeAdmin()
	bin, cleanup, err := buildPrograms(ctx, "lens-defaults", programs)
	if err != nil {
		return nil, err
	}
	defer cleanup()

	answers := bufio.NewScanner(os.Stdin)
	limit := time.Duration(area.TimeoutMs) * time.Millisecond
	for _, c := range cases {
		o := runWithLimit(ctx, bin, c.Package, limit)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		fmt.Printf("observe %s\n", c.Topic)
		if !answers.Scan() {
			return nil, fmt.Errorf("%s: no acks from the proxy (%v)", c.Name, answers.Err())
		}
		var acks []int
		if err := json.Unmarshal(answers.Bytes(), &acks); err != nil {
			return nil, fmt.Errorf("%s: the proxy's acks %q: %w", c.Name, answers.Text(), err)
		}
		f.Cases = append(f.Cases, factCase{"lens-defaults/" + c.Name, "lens-defaults", defaultsInput{c.Client, c.Query}, defaultsObserved{o.Ended, o.Output, acks}})
	}
	return f, nil
}
