// Command harness runs the routing, keyless, pipeline and Go lens cases of the conformance plan
// with the Go Kafka clients against a real broker, and writes what the broker
// stored in the shape the Rust comparator reads:
// {source, clients, cases: [{name, area, input, observed}]}.
//
// kafka_version is left out: the Kafka protocol carries API version ranges
// and feature levels, not the broker's release, and the Java harness reports
// the version it runs.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"

	confluent "github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

type facts struct {
	Source  string            `json:"source"`
	Clients map[string]string `json:"clients"`
	Cases   []factCase        `json:"cases"`
}

type factCase struct {
	Name     string `json:"name"`
	Area     string `json:"area"`
	Input    any    `json:"input"`
	Observed any    `json:"observed"`
}

type routingInput struct {
	Client     string   `json:"client"`
	Partitions int      `json:"partitions"`
	Keys       []string `json:"keys"`
}

type keylessInput struct {
	Client     string            `json:"client"`
	Partitions int               `json:"partitions"`
	Records    int               `json:"records"`
	ValueBytes int               `json:"value_bytes"`
	BatchSize  int               `json:"batch_size"`
	LingerMs   int               `json:"linger_ms"`
	Settings   map[string]string `json:"settings"`
}

// job is one case: a topic, what to send to it, and who sends it.
type job struct {
	name, area, client, topic string
	partitions                int
	recs                      []record
	tuning                    *tuning
	input                     any
}

// routingParallel bounds how many routing topics are produced at once.
// Keyed routing does not depend on timing, and kafka-go's Writer holds each
// partial batch for its default one-second BatchTimeout, so running the
// topics side by side is what keeps the run short.
const routingParallel = 8

func main() {
	planPath := flag.String("plan", "", "conformance plan (JSON)")
	bootstrap := flag.String("bootstrap", "", "broker address, host:port")
	out := flag.String("out", "", "facts file to write")
	// The areas together take about 3 minutes on an idle machine, lens-consumer
	// 85 s of them (its members wait out 45 s session timeouts); make test
	// runs them beside the build, on the same two cores.
	timeout := flag.Duration("timeout", 10*time.Minute, "bound on the whole run, only to stop a hang")
	lostAnswer := flag.Bool("lost-answer", false, "run area lens-lost-answer alone, against the fault proxy at --bootstrap, arming it through stdin and stdout (lostanswer.go)")
	retry := flag.Bool("retry", false, "run area lens-retry alone, against the fault proxy at --bootstrap, stepping with it through stdin and stdout (retry.go)")
	defaults := flag.Bool("defaults", false, "run area lens-defaults alone, against the fault proxy at --bootstrap, reading each program's acks from it through stdin and stdout (defaults.go)")
	golensRun := flag.String("golens-run", "", "run every program of the Go lens module in this folder once, against the broker at --bootstrap (golensrun.go); no plan or facts")
	flag.StringVar(&javaRuntime.home, "java-home", "", "the JDK that compiles and runs the Java tab's consumer programs (lensconsumer.go)")
	flag.StringVar(&javaRuntime.classpath, "java-classpath", "", "the Java harness's classpath, with kafka-clients, for those programs")
	flag.StringVar(&javaRuntime.cds, "java-cds", "", "the class-data-sharing archive made from --java-classpath, for those programs (Cds.java)")
	flag.Parse()
	if *golensRun != "" {
		if *bootstrap == "" || flag.NArg() > 0 {
			fmt.Fprintln(os.Stderr, "usage: harness --golens-run DIR --bootstrap HOST:PORT [--java-home DIR --java-classpath CP]")
			os.Exit(2)
		}
		javaRuntime.logs = filepath.Join(*golensRun, "run", "logs")
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		defer cancel()
		if err := runGolensRun(ctx, *golensRun, *bootstrap); err != nil {
			fail(err)
		}
		return
	}
	if *planPath == "" || *bootstrap == "" || *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: harness --plan PLAN --bootstrap HOST:PORT --out FACTS.json")
		os.Exit(2)
	}
	// The Java members' client logs go beside the Java harness's own.
	javaRuntime.logs = filepath.Join(filepath.Dir(*out), "logs")
	// A failed run must not leave an earlier run's facts behind.
	if err := os.Remove(*out); err != nil && !errors.Is(err, os.ErrNotExist) {
		fail(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	runArea := run
	if *lostAnswer {
		runArea = runLostAnswer
	}
	if *retry {
		runArea = runRetry
	}
	if *defaults {
		runArea = runDefaults
	}
	f, err := runArea(ctx, *planPath, *bootstrap)
	if err != nil {
		fail(err)
	}
	if err := write(*out, f); err != nil {
		fail(err)
	}
	fmt.Fprintf(os.Stderr, "harness: %d cases written to %s\n", len(f.Cases), *out)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "harness:", err)
	os.Exit(1)
}

func run(ctx context.Context, planPath, bootstrap string) (*facts, error) {
	p, err := readPlan(planPath)
	if err != nil {
		return nil, err
	}
	versions, err := clientVersions()
	if err != nil {
		return nil, err
	}
	routing, keyless := jobs(p)
	all := append(append([]job{}, routing...), keyless...)

	admCl, err := kgo.NewClient(kgo.SeedBrokers(bootstrap))
	if err != nil {
		return nil, err
	}
	defer admCl.Close()
	adm := kadm.NewClient(admCl)

	partitions := make(map[string]int, len(all))
	want := make(map[string]int, len(all))
	for _, j := range all {
		partitions[j.topic] = j.partitions
		want[j.topic] = len(j.recs)
	}
	if err := createTopics(ctx, adm, partitions); err != nil {
		return nil, err
	}
	if err := produceAll(ctx, bootstrap, routing, routingParallel); err != nil {
		return nil, err
	}
	// The keyless bursts go one at a time: librdkafka's sticky partition
	// changes on a timer, so the burst must not share the machine.
	if err := produceAll(ctx, bootstrap, keyless, 1); err != nil {
		return nil, err
	}
	got, err := readBack(ctx, bootstrap, adm, want)
	if err != nil {
		return nil, err
	}

	f := &facts{Source: "go", Clients: versions}
	for _, j := range all {
		observed, err := observe(j, p, got[j.topic])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", j.name, err)
		}
		f.Cases = append(f.Cases, factCase{j.name, j.area, j.input, observed})
	}
	// One preset at a time: each waits on its own topic's end offsets
	// between its services' sends.
	for _, c := range p.Pipeline.Cases {
		observed, err := runPipeline(ctx, bootstrap, adm, c)
		if err != nil {
			return nil, fmt.Errorf("pipeline/%s: %w", c.Name, err)
		}
		input := pipelineInput{c.Preset, c.Seed, c.Partitions, c.GrowTo, c.Clients}
		f.Cases = append(f.Cases, factCase{"pipeline/" + c.Name, "pipeline", input, observed})
	}
	lens, err := runGolens(ctx, bootstrap, adm, p)
	if err != nil {
		return nil, err
	}
	f.Cases = append(f.Cases, lens...)
	produced, err := runLensProducer(ctx, bootstrap, adm, p)
	if err != nil {
		return nil, err
	}
	f.Cases = append(f.Cases, produced...)
	killed, err := runLensConsumer(ctx, bootstrap, adm, p)
	if err != nil {
		return nil, err
	}
	f.Cases = append(f.Cases, killed...)
	reset, err := runLensReset(ctx, bootstrap, adm, p)
	if err != nil {
		return nil, err
	}
	f.Cases = append(f.Cases, reset...)
	return f, nil
}

func jobs(p *plan) (routing, keyless []job) {
	for _, c := range p.Routing.Clients {
		if c == javaClient {
			continue
		}
		for _, n := range p.Routing.Partitions {
			recs := make([]record, len(p.Routing.Keys))
			for i, k := range p.Routing.Keys {
				recs[i] = record{key: []byte(k), value: []byte(c)}
			}
			routing = append(routing, job{
				name:       fmt.Sprintf("routing/%s/p%d", c, n),
				area:       "routing",
				client:     c,
				topic:      fmt.Sprintf("routing.%s.p%d", c, n),
				partitions: n,
				recs:       recs,
				input:      routingInput{c, n, p.Routing.Keys},
			})
		}
	}
	k := p.Keyless
	t := p.tuning()
	for _, c := range k.Clients {
		if c == javaClient {
			continue
		}
		recs := make([]record, k.Records)
		for i := range recs {
			recs[i] = record{value: keylessValue(i, k.ValueBytes)}
		}
		keyless = append(keyless, job{
			name:       fmt.Sprintf("keyless/%s/p%d", c, k.Partitions),
			area:       "keyless",
			client:     c,
			topic:      fmt.Sprintf("keyless.%s.p%d", c, k.Partitions),
			partitions: k.Partitions,
			recs:       recs,
			tuning:     &t,
			input: keylessInput{c, k.Partitions, k.Records, k.ValueBytes, k.BatchSize, k.LingerMs,
				clients[c].settings(t)},
		})
	}
	return routing, keyless
}

// produceAll runs the jobs, at most parallel at a time, and stops at the
// first failure.
func produceAll(ctx context.Context, bootstrap string, jobs []job, parallel int) error {
	return eachAtMost(ctx, parallel, jobs, func(ctx context.Context, j job) error {
		if err := clients[j.client].produce(ctx, bootstrap, j.topic, j.recs, j.tuning); err != nil {
			return fmt.Errorf("%s: producing to %s: %w", j.name, j.topic, err)
		}
		return nil
	})
}

// eachAtMost runs do for every item, at most parallel at once; the first
// error cancels the others' context and is returned.
func eachAtMost[T any](ctx context.Context, parallel int, items []T, do func(context.Context, T) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	slots := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for _, item := range items {
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
		wg.Go(func() {
			defer func() { <-slots }()
			if err := do(ctx, item); err != nil {
				cancel(err)
			}
		})
	}
	wg.Wait()
	return context.Cause(ctx)
}

// observe turns what the broker stored for one job into the case's facts.
func observe(j job, p *plan, recs []stored) (any, error) {
	switch j.area {
	case "routing":
		index := make(map[string]int, len(p.Routing.Keys))
		for i, k := range p.Routing.Keys {
			index[k] = i
		}
		parts := make([]int32, len(p.Routing.Keys))
		seen := make([]bool, len(p.Routing.Keys))
		for _, r := range recs {
			i, ok := index[string(r.key)]
			if !ok || seen[i] || !bytes.Equal(r.value, []byte(j.client)) {
				return nil, fmt.Errorf("unexpected record key %q value %q on partition %d", r.key, r.value, r.partition)
			}
			seen[i], parts[i] = true, r.partition
		}
		return map[string]any{"partitions": parts}, nil
	default:
		seq := make([]int32, p.Keyless.Records)
		seen := make([]bool, p.Keyless.Records)
		for _, r := range recs {
			i, err := keylessIndex(r.value, p.Keyless.ValueBytes, p.Keyless.Records)
			if err != nil {
				return nil, fmt.Errorf("partition %d: %w", r.partition, err)
			}
			if r.key != nil || seen[i] {
				return nil, fmt.Errorf("record %d: key %q, seen before %t", i, r.key, seen[i])
			}
			seen[i], seq[i] = true, r.partition
		}
		return map[string]any{"sequence": seq}, nil
	}
}

// clientVersions reads the pinned module versions from the binary itself.
func clientVersions() (map[string]string, error) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return nil, errors.New("no build information in the binary")
	}
	modules := map[string]string{
		"github.com/twmb/franz-go":                      "franz-go",
		"github.com/IBM/sarama":                         "sarama",
		"github.com/segmentio/kafka-go":                 "kafka-go",
		"github.com/confluentinc/confluent-kafka-go/v2": "confluent-kafka-go",
	}
	v := make(map[string]string, len(modules))
	for _, d := range info.Deps {
		if name, ok := modules[d.Path]; ok {
			v[name] = d.Version
		}
	}
	if len(v) != len(modules) {
		return nil, fmt.Errorf("build information lists %d of the %d client modules", len(v), len(modules))
	}
	_, librdkafka := confluent.LibraryVersion()
	v["confluent-kafka-go"] += fmt.Sprintf(" (librdkafka %s)", librdkafka)
	return v, nil
}

// write puts the facts in place in one rename, so a reader never sees half.
func write(path string, f *facts) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// stepArea is how the areas that step with the Java harness's fault proxy
// begin: the plan, facts that name the client versions, and the area's Go
// tabs (every case but the Java tab's, which the Java harness runs).
func stepArea[C any](planPath string, section func(*plan) []C, client func(C) string) (*plan, *facts, []C, error) {
	p, err := readPlan(planPath)
	if err != nil {
		return nil, nil, nil, err
	}
	versions, err := clientVersions()
	if err != nil {
		return nil, nil, nil, err
	}
	var cases []C
	for _, c := range section(p) {
		if client(c) != javaClient {
			cases = append(cases, c)
		}
	}
	return p, &facts{Source: "go", Clients: versions, Cases: []factCase{}}, cases, nil
}

// stepTopics opens an admin client on the broker and creates the area's
// topics with their partition counts, before its programs run; close the
// client when the area is done.
func stepTopics(ctx context.Context, bootstrap string, topics map[string]int) (*kadm.Client, func(), error) {
	cl, err := kgo.NewClient(kgo.SeedBrokers(bootstrap))
	if err != nil {
		return nil, nil, err
	}
	adm := kadm.NewClient(cl)
	if err := createTopics(ctx, adm, topics); err != nil {
		cl.Close()
		return nil, nil, err
	}
	return adm, cl.Close, nil
}
