package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"time"
)

type lostAnswerInput struct {
	Client     string `json:"client"`
	Query      string `json:"query"`
	Idempotent bool   `json:"idempotent"`
}

// runLostAnswer runs area lens-lost-answer: each Go tab's producer program
// for a preset, one at a time, against the fault proxy at bootstrap. Before
// each program it writes "arm NAME" on stdout and waits for "armed" on
// stdin: the Java harness, which owns the proxy, has then set it to close
// the connection once the broker has handled the program's first Produce
// request. One at a time, because that first request is counted from the
// moment the proxy is armed.
func runLostAnswer(ctx context.Context, planPath, bootstrap string) (*facts, error) {
	p, f, cases, err := stepArea(planPath, func(p *plan) []lensProducerCase { return p.LensLostAnswer.Cases },
		func(c lensProducerCase) string { return c.Client })
	if err != nil {
		return nil, err
	}
	area := p.LensLostAnswer
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
		topics[c.Topic] = 1
	}
	adm, closeAdmin, err := stepTopics(ctx, bootstrap, topics)
	if err != nil {
		return nil, err
	}
	defer closeAdmin()
	bin, cleanup, err := buildPrograms(ctx, "lens-lost-answer", programs)
	if err != nil {
		return nil, err
	}
	defer cleanup()

	answers := bufio.NewScanner(os.Stdin)
	limit := time.Duration(area.TimeoutMs) * time.Millisecond
	ended := make(map[string]lensProducerObserved, len(cases))
	for _, c := range cases {
		fmt.Printf("arm %s\n", c.Name)
		if !answers.Scan() || answers.Text() != "armed" {
			return nil, fmt.Errorf("%s: the proxy was not armed (%q, %v)", c.Name, answers.Text(), answers.Err())
		}
		ended[c.Name] = runWithLimit(ctx, bin, c.Package, limit)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	got, err := readToEnd(ctx, bootstrap, adm, topics)
	if err != nil {
		return nil, err
	}
	for _, c := range cases {
		o := ended[c.Name]
		o.Records = []storedRecord{}
		for _, r := range got[c.Topic] {
			o.Records = append(o.Records, storedRecord{string(r.key), string(r.value)})
		}
		f.Cases = append(f.Cases, factCase{"lens-lost-answer/" + c.Name, "lens-lost-answer", lostAnswerInput{c.Client, c.Query, c.Idempotent}, o})
	}
	return f, nil
}
