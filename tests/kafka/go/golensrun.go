package main

// `harness --golens-run DIR`: every distinct program the Go lens prints
// (the module `make golens-vet` writes, its programs.json from
// tests/kafka/golens/main.rs) runs once against the broker, with a time
// limit, so that a program that compiles but hangs, panics, writes nothing
// or handles nothing fails the vet. Nothing is compared with a model here:
// what a program does to order runs in the conformance areas. This is the
// check that what a reader copies from any link of any scene works.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// golensRunProgram is one entry of programs.json.
type golensRunProgram struct {
	Name   string `json:"name"`
	Client string `json:"client"`
	Query  string `json:"query"`
	// Path is the program's file, relative to the module.
	Path string `json:"path"`
	// Partitions is the topic the harness creates for it; nil when the
	// program creates its own.
	Partitions *int `json:"partitions"`
	// Consumes: the program is a consumer, which runs until it is stopped.
	Consumes bool `json:"consumes"`
	// GrowsTo is the partition count the program must leave its topic with.
	GrowsTo *int `json:"grows_to"`
	// Writes: a producer that ends well has records in its topic; false
	// under acks=0, which promises nothing.
	Writes bool `json:"writes"`
	// ShareGroup: the consumer reads with a share group, which sets where
	// it starts itself (share.auto.offset.reset); a committed offset would
	// make its group id a consumer group's, which a share group may not use.
	ShareGroup bool `json:"share_group"`
}

// The literals every program is printed with, and what replaces them: the
// broker's address, and a topic and group of the program's own, so that no
// two programs share records or a group.
const (
	lensBootstrap = `"localhost:9092"`
	lensTopic     = `"orders"`
	lensNewTopic  = `"orders-v2"`
	lensGroup     = `"orders-group"`
)

// golensRunLimit bounds one program: a producer until it exits, a consumer
// until it has handled every record of its topics. Each needs a few
// seconds (a group's join, kafka-go's one-second batch timeout); the rest
// is room for a loaded machine, so that only a program that does not end
// reaches it.
const golensRunLimit = 90 * time.Second

// golensRunParallel bounds how many programs run at once; most of a
// program's time is a client's own wait, but a JVM's start is two cores'
// work for a second.
const golensRunParallel = 6

// golensRunPoll is how often a consumer's progress is checked; the wait
// itself ends on what it has handled.
const golensRunPoll = 200 * time.Millisecond

// golensRecords are what the harness writes to a consumer's topic before
// the consumer starts: three orders of the chapter's events, keyed, so
// that they spread over the partitions.
var golensRecords = func() []*kgo.Record {
	var recs []*kgo.Record
	for _, order := range []string{"order-1", "order-2", "order-3"} {
		for _, event := range []string{"Created", "Paid", "Shipped"} {
			recs = append(recs, &kgo.Record{Key: []byte(order), Value: []byte(event)})
		}
	}
	return recs
}()

// golensRunCase is one program while it is prepared and run.
type golensRunCase struct {
	golensRunProgram
	topic, group string
	// command starts the built program.
	command func(ctx context.Context) *exec.Cmd
}

func (c *golensRunCase) topics() []string { return []string{c.topic, c.topic + "-v2"} }

// runGolensRun builds every program with its literals replaced, runs each
// once, and returns an error naming every program that failed.
func runGolensRun(ctx context.Context, dir, bootstrap string) error {
	data, err := os.ReadFile(filepath.Join(dir, "programs.json"))
	if err != nil {
		return err
	}
	var manifest struct {
		Programs []golensRunProgram `json:"programs"`
	}
	if err := json.Unmarshal(data, &manifest); err != nil {
		return fmt.Errorf("programs.json: %w", err)
	}
	if len(manifest.Programs) == 0 {
		return errors.New("programs.json lists no program")
	}
	// One broker's address: every client finds the others in the metadata,
	// and a program's literal is one address.
	bootstrap, _, _ = strings.Cut(bootstrap, ",")
	work := filepath.Join(dir, "run")
	if err := os.RemoveAll(work); err != nil {
		return err
	}
	cases := make([]*golensRunCase, len(manifest.Programs))
	var goCases, javaCases []*golensRunCase
	for i, p := range manifest.Programs {
		c := &golensRunCase{golensRunProgram: p, topic: fmt.Sprintf("golens-%03d", i)}
		c.group = c.topic + "-group"
		cases[i] = c
		if p.Client == javaClient {
			javaCases = append(javaCases, c)
		} else {
			goCases = append(goCases, c)
		}
	}
	t0 := time.Now()
	if err := buildGoRun(ctx, dir, work, bootstrap, goCases); err != nil {
		return err
	}
	if err := buildJavaRun(ctx, dir, work, bootstrap, javaCases); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "golens-run: %d Go and %d Java programs built in %.1f s\n", len(goCases), len(javaCases), time.Since(t0).Seconds())

	admCl, err := kgo.NewClient(kgo.SeedBrokers(bootstrap))
	if err != nil {
		return err
	}
	defer admCl.Close()
	adm := kadm.NewClient(admCl)

	t0 = time.Now()
	var mu sync.Mutex
	var failures []string
	// A failed program is a finding about it, not about the rest: every
	// program runs, and the vet fails at the end naming each.
	took := make(map[string]time.Duration, len(cases))
	err = eachAtMost(ctx, golensRunParallel, cases, func(ctx context.Context, c *golensRunCase) error {
		start := time.Now()
		finding, err := c.run(ctx, bootstrap, adm, admCl)
		if err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
		mu.Lock()
		took[c.Name] = time.Since(start)
		if len(took)%50 == 0 {
			fmt.Fprintf(os.Stderr, "golens-run: %d of %d programs ran\n", len(took), len(cases))
		}
		mu.Unlock()
		if finding != "" {
			fmt.Fprintf(os.Stderr, "golens-run: %s (%s) FAILED: %s\n", c.Name, c.Client, finding)
			mu.Lock()
			failures = append(failures, fmt.Sprintf("%s (%s, ?%s): %s", c.Name, c.Client, c.Query, finding))
			mu.Unlock()
		}
		return nil
	})
	if err != nil {
		return err
	}
	slowest := slices.SortedFunc(maps.Keys(took), func(a, b string) int { return int(took[b] - took[a]) })
	for i, name := range slowest[:min(5, len(slowest))] {
		slowest[i] = fmt.Sprintf("%s %.1f s", name, took[name].Seconds())
	}
	fmt.Fprintf(os.Stderr, "golens-run: %d programs ran in %.1f s, %d failed; the slowest: %s\n",
		len(cases), time.Since(t0).Seconds(), len(failures), strings.Join(slowest[:min(5, len(slowest))], ", "))
	if len(failures) > 0 {
		slices.Sort(failures)
		return fmt.Errorf("these printed programs do not work as printed:\n  %s", strings.Join(failures, "\n  "))
	}
	return nil
}

// code is the program as the module holds it, pointed at the broker and at
// its own topic and group. The address and the topic are in every program;
// a program that lost one would not be the program the vet means to run.
func (c *golensRunCase) code(dir, bootstrap string) (string, error) {
	data, err := os.ReadFile(filepath.Join(dir, c.Path))
	if err != nil {
		return "", err
	}
	code := string(data)
	for _, literal := range []string{lensBootstrap, lensTopic} {
		if !strings.Contains(code, literal) {
			return "", fmt.Errorf("%s: no %s in the program", c.Name, literal)
		}
	}
	return strings.NewReplacer(
		lensBootstrap, strconv.Quote(bootstrap),
		lensTopic, strconv.Quote(c.topic),
		lensNewTopic, strconv.Quote(c.topic+"-v2"),
		lensGroup, strconv.Quote(c.group),
	).Replace(code), nil
}

var (
	goPackageMain = regexp.MustCompile(`(?m)^package main$`)
	goFuncMain    = regexp.MustCompile(`(?m)^func main\(\) \{$`)
)

// asPackage turns a program (package main, func main) into package pkg of
// a binary that holds many, its main renamed Main with start as its first
// statement, so that one link serves them all (a cgo link for
// confluent-kafka-go takes seconds). Every package's init and package
// variables run in each program, so a program's own must have no effect
// (the lens prints no init, and the harness's hooks start in start).
func asPackage(code, pkg, start string) (string, error) {
	if len(goPackageMain.FindAllString(code, -1)) != 1 || len(goFuncMain.FindAllString(code, -1)) != 1 {
		return "", errors.New("not one package main with one func main")
	}
	code = goPackageMain.ReplaceAllString(code, "package "+pkg)
	return goFuncMain.ReplaceAllString(code, "func Main() {"+start), nil
}

// dispatchMain is the main package of such a binary: it runs the program
// its first argument names, one of pkgs under the import path module.
func dispatchMain(module string, pkgs []string) string {
	var imports, entries strings.Builder
	for _, pkg := range pkgs {
		fmt.Fprintf(&imports, "\t%s %q\n", pkg, module+"/"+pkg)
		fmt.Fprintf(&entries, "\t%q: %s.Main,\n", pkg, pkg)
	}
	return fmt.Sprintf(`// Runs the program its argument names (tests/kafka/go/golensrun.go).
package main

import (
	"os"

%s)

var programs = map[string]func(){
%s}

func main() {
	programs[os.Args[1]]()
}
`, imports.String(), entries.String())
}

// buildGoRun builds the Go programs into one binary (asPackage), which
// runs the one its first argument names. Each program becomes a package
// of the lens's module.
func buildGoRun(ctx context.Context, dir, work, bootstrap string, cases []*golensRunCase) error {
	pkgs := make([]string, len(cases))
	for i, c := range cases {
		code, err := c.code(dir, bootstrap)
		if err != nil {
			return err
		}
		pkg := fmt.Sprintf("p%03d", i)
		if code, err = asPackage(code, pkg, ""); err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
		if err := os.MkdirAll(filepath.Join(work, pkg), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(work, pkg, "main.go"), []byte(code), 0o644); err != nil {
			return err
		}
		pkgs[i] = pkg
		c.command = func(ctx context.Context) *exec.Cmd {
			return exec.CommandContext(ctx, filepath.Join(work, "programs"), pkg)
		}
	}
	if err := os.WriteFile(filepath.Join(work, "main.go"), []byte(dispatchMain("kafkalab/golens/run", pkgs)), 0o644); err != nil {
		return err
	}
	build := exec.CommandContext(ctx, "go", "build", "-o", filepath.Join(work, "programs"), ".")
	build.Dir = work
	// The module is the lens's (make golens-vet), which records the sum of
	// the workers' xxhash import the harness itself does not have.
	build.Env = append(os.Environ(), "CGO_ENABLED=1", "GOFLAGS=-mod=mod")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("building the lens's programs: %w\n%s", err, out)
	}
	return nil
}

var javaPackage = regexp.MustCompile(`(?m)^package [a-z0-9_]+;$`)

// buildJavaRun compiles the Java programs in one javac call, each in its
// package as `make golens-vet` wrote it.
func buildJavaRun(ctx context.Context, dir, work, bootstrap string, cases []*golensRunCase) error {
	if len(cases) == 0 {
		return nil
	}
	if javaRuntime.home == "" || javaRuntime.classpath == "" {
		return errors.New("the Java tab's programs need --java-home and --java-classpath")
	}
	classes := filepath.Join(work, "classes")
	args := []string{"-encoding", "UTF-8", "-d", classes, "-cp", javaRuntime.classpath}
	for _, c := range cases {
		code, err := c.code(dir, bootstrap)
		if err != nil {
			return err
		}
		pkg := strings.TrimPrefix(javaPackage.FindString(code), "package ")
		if pkg == "" {
			return fmt.Errorf("%s: no package line", c.Name)
		}
		main := strings.TrimSuffix(pkg, ";") + ".Main"
		path := filepath.Join(work, "java", c.Name, "Main.java")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(code), 0o644); err != nil {
			return err
		}
		args = append(args, path)
		name := c.Name
		c.command = func(ctx context.Context) *exec.Cmd {
			return javaCommand(ctx, "96m", filepath.Join(javaRuntime.logs, "golens-run."+name+".log"), classes, main)
		}
	}
	javac := exec.CommandContext(ctx, filepath.Join(javaRuntime.home, "bin", "javac"), args...)
	if out, err := javac.CombinedOutput(); err != nil {
		return fmt.Errorf("compiling the lens's Java programs: %w\n%s", err, out)
	}
	return nil
}

// run prepares the program's topic, runs the program, and returns what is
// wrong with it, or "". An error is the harness's own failure.
func (c *golensRunCase) run(ctx context.Context, bootstrap string, adm *kadm.Client, admCl *kgo.Client) (string, error) {
	if c.Partitions != nil {
		if err := createTopics(ctx, adm, map[string]int{c.topic: *c.Partitions}); err != nil {
			return "", err
		}
		if err := knownToEveryBroker(ctx, admCl, c.topic, *c.Partitions); err != nil {
			return "", err
		}
		if c.Consumes {
			if err := c.prefill(ctx, bootstrap, adm); err != nil {
				return "", err
			}
		}
	}
	cmd := c.command(ctx)
	out := &tail{}
	cmd.Stderr = out
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	if err := cmd.Start(); err != nil {
		return "", err
	}
	handled := &handledLines{seen: map[string]bool{}}
	read := make(chan struct{})
	go func() {
		defer close(read)
		scan := bufio.NewScanner(stdout)
		for scan.Scan() {
			handled.add(scan.Text())
			out.Write(append(scan.Bytes(), '\n'))
		}
	}()
	exited := make(chan error, 1)
	go func() {
		<-read
		exited <- cmd.Wait()
	}()
	defer func() {
		_ = cmd.Process.Kill()
	}()
	limit := time.NewTimer(golensRunLimit)
	defer limit.Stop()
	tick := time.NewTicker(golensRunPoll)
	defer tick.Stop()
	for {
		select {
		case err := <-exited:
			if err != nil {
				return fmt.Sprintf("ended with %v: %s", err, lastLines(out.bytes(), 6)), nil
			}
			if c.Consumes {
				return fmt.Sprintf("a consumer that ended by itself: %s", lastLines(out.bytes(), 6)), nil
			}
			return c.afterProducer(ctx, adm, limit.C)
		case <-limit.C:
			what := "has not ended"
			if c.Consumes {
				what = "has not handled every record of its topic"
				if msg, err := c.handledAll(ctx, bootstrap, adm, handled); err == nil && msg != "" {
					what = msg
				}
			}
			return fmt.Sprintf("hangs: after %s it %s; its output ends: %s", golensRunLimit, what, lastLines(out.bytes(), 6)), nil
		case <-ctx.Done():
			return "", ctx.Err()
		case <-tick.C:
			// Until it has handled something, a consumer is still
			// joining its group.
			if !c.Consumes || handled.count() == 0 {
				continue
			}
			msg, err := c.handledAll(ctx, bootstrap, adm, handled)
			if err != nil {
				return "", err
			}
			if msg == "" {
				return "", nil
			}
		}
	}
}

// knownToEveryBroker waits until every broker's metadata has the topic's
// partitions, each with its leader. A client asks whichever broker it
// knows first; one that has not yet heard of a new topic answers that it
// does not exist, and a producer with acks=0 (kafka-go's default) that
// goes by that answer writes nothing and is never told. One broker's
// answer (createTopics) is not all of theirs.
func knownToEveryBroker(ctx context.Context, cl *kgo.Client, topic string, partitions int) error {
	tick := time.NewTicker(readyPoll)
	defer tick.Stop()
	for {
		brokers := cl.DiscoveredBrokers()
		known := len(brokers) > 0
		for _, b := range brokers {
			req := kmsg.NewPtrMetadataRequest()
			t := kmsg.NewMetadataRequestTopic()
			t.Topic = kmsg.StringPtr(topic)
			req.Topics = append(req.Topics, t)
			resp, err := b.Request(ctx, req)
			if err != nil {
				known = false
				break
			}
			md := resp.(*kmsg.MetadataResponse)
			if len(md.Topics) != 1 || md.Topics[0].ErrorCode != 0 || len(md.Topics[0].Partitions) != partitions {
				known = false
				break
			}
			for _, p := range md.Topics[0].Partitions {
				if p.ErrorCode != 0 || p.Leader < 0 {
					known = false
				}
			}
		}
		if known {
			return nil
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			return fmt.Errorf("waiting for every broker to know %s: %w", topic, ctx.Err())
		}
	}
}

// prefill writes the harness's records to a consumer's topic, and commits
// the start of every partition for its group, so that a program that
// starts at the end (sarama's default, or the repartition scene's
// `latest`) handles them too.
func (c *golensRunCase) prefill(ctx context.Context, bootstrap string, adm *kadm.Client) error {
	cl, err := kgo.NewClient(kgo.SeedBrokers(bootstrap), kgo.DefaultProduceTopic(c.topic))
	if err != nil {
		return err
	}
	defer cl.Close()
	recs := make([]*kgo.Record, len(golensRecords))
	for i, r := range golensRecords {
		recs[i] = &kgo.Record{Key: r.Key, Value: r.Value}
	}
	if err := cl.ProduceSync(ctx, recs...).FirstErr(); err != nil {
		return fmt.Errorf("writing to %s: %w", c.topic, err)
	}
	if c.ShareGroup {
		return nil
	}
	return commitGroupStart(ctx, adm, c.group, c.topic, *c.Partitions)
}

// existing is which of the program's topics the broker has.
func (c *golensRunCase) existing(ctx context.Context, adm *kadm.Client) (kadm.TopicDetails, error) {
	topics, err := adm.ListTopics(ctx, c.topics()...)
	if err != nil {
		return nil, fmt.Errorf("listing %v: %w", c.topics(), err)
	}
	for t, d := range topics {
		if d.Err != nil {
			delete(topics, t)
		}
	}
	return topics, nil
}

// afterProducer checks what a producer that ended well left: records in
// its topics, waiting until their end offsets show one. A write the
// program saw acknowledged by the leader alone (acks=1) counts in the end
// offset once a follower has it, and one sent with acks=0 may still be on
// its way when the program exits.
func (c *golensRunCase) afterProducer(ctx context.Context, adm *kadm.Client, limit <-chan time.Time) (string, error) {
	if !c.Writes {
		return "", nil
	}
	tick := time.NewTicker(golensRunPoll)
	defer tick.Stop()
	for {
		topics, err := c.existing(ctx, adm)
		if err != nil {
			return "", err
		}
		if len(topics) > 0 {
			ends, err := adm.ListEndOffsets(ctx, slices.Collect(maps.Keys(topics))...)
			if err == nil {
				err = ends.Error()
			}
			if err != nil {
				return "", fmt.Errorf("end offsets of %v: %w", c.topics(), err)
			}
			var total int64
			ends.Each(func(o kadm.ListedOffset) { total += o.Offset })
			if total > 0 {
				return "", nil
			}
		}
		select {
		case <-tick.C:
		case <-limit:
			return "ended well and wrote nothing", nil
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// handledAll says what a consumer has not yet done: handled every record
// of its topics (each handler prints "key value"), and left its topic with
// the partitions it grows it to. "" when it has done both.
func (c *golensRunCase) handledAll(ctx context.Context, bootstrap string, adm *kadm.Client, handled *handledLines) (string, error) {
	topics, err := c.existing(ctx, adm)
	if err != nil {
		return "", err
	}
	if c.GrowsTo != nil {
		if n := len(topics[c.topic].Partitions); n != *c.GrowsTo {
			return fmt.Sprintf("has left %s with %d partitions, not %d", c.topic, n, *c.GrowsTo), nil
		}
	}
	stored, err := readToEnd(ctx, bootstrap, adm, partitionCounts(topics))
	if err != nil {
		// Records still arriving (the pipeline's own, under acks=0) make
		// the read disagree with the end offsets it began from; the next
		// check reads again.
		return fmt.Sprintf("could not read its topics: %v", err), nil
	}
	var missing []string
	total := 0
	for _, t := range slices.Sorted(maps.Keys(stored)) {
		for _, r := range stored[t] {
			total++
			line := string(r.key) + " " + string(r.value)
			// Go prints a nil key as nothing, Java's string concatenation
			// as "null".
			if !handled.has(line) && (r.key != nil || !handled.has("null"+line)) {
				missing = append(missing, strconv.Quote(line))
			}
		}
	}
	switch {
	case total == 0:
		return "has no record in its topic to handle", nil
	case len(missing) > 0:
		return fmt.Sprintf("has not handled %d of %d records: %s", len(missing), total, strings.Join(missing, ", ")), nil
	}
	return "", nil
}

func partitionCounts(topics kadm.TopicDetails) map[string]int {
	counts := make(map[string]int, len(topics))
	for t, d := range topics {
		counts[t] = len(d.Partitions)
	}
	return counts
}

// handledLines is what a consumer printed, a line per handled record.
type handledLines struct {
	mu   sync.Mutex
	seen map[string]bool
}

func (h *handledLines) add(line string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.seen[line] = true
}

func (h *handledLines) has(line string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.seen[line]
}

func (h *handledLines) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.seen)
}
