package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

// lensConsumerCase is one consumer program of the Go lens, as one tab
// prints it for one link of the group or the workers scene.
type lensConsumerCase struct {
	Name   string `json:"name"`
	Client string `json:"client"`
	Query  string `json:"query"`
	// Whether Code is the program a warning of the lens describes, the
	// client's default where the tab prints a fix, rather than the tab's.
	ClientDefault bool `json:"client_default"`
	// What happens while a member holds the held record: "crash" (it is
	// killed) or "rebalance" (a second member joins the group).
	Situation string `json:"situation"`
	Topic     string `json:"topic"`
	Group     string `json:"group"`
	Package   string `json:"package"`
	Code      string `json:"code"`
}

// lensConsumerRecord is one record the harness writes, by its key and
// value (unique: the hooks name a record by them) and its partition.
type lensConsumerRecord struct {
	Key       string `json:"key"`
	Value     string `json:"value"`
	Partition int32  `json:"partition"`
}

func (r lensConsumerRecord) id() string { return r.Key + " " + r.Value }

// lensConsumerPlan is area lens-consumer's section of the plan
// (tests/kafka/conformance/lens_consumer.rs).
type lensConsumerPlan struct {
	// The literals each program connects, reads and joins with.
	Bootstrap string `json:"bootstrap"`
	Topic     string `json:"topic"`
	Group     string `json:"group"`
	// Where the hooks go: the first line of the Go handler, and the Java
	// programs' handling statement.
	Handler      string `json:"handler"`
	JavaHandling string `json:"java_handling"`

	Partitions int                  `json:"partitions"`
	Records    []lensConsumerRecord `json:"records"`
	Held       lensConsumerRecord   `json:"held"`

	HoldMs            int `json:"hold_ms"`
	JoinTimeoutMs     int `json:"join_timeout_ms"`
	TakeoverTimeoutMs int `json:"takeover_timeout_ms"`
	// How long a rebalance may take to end while the record is held
	// before the harness lets the holder go on (runRebalance).
	RejoinTimeoutMs int                `json:"rejoin_timeout_ms"`
	Cases           []lensConsumerCase `json:"cases"`
}

type lensConsumerInput struct {
	Client        string `json:"client"`
	Query         string `json:"query"`
	ClientDefault bool   `json:"client_default,omitempty"`
	Situation     string `json:"situation"`
}

// handledRecord is one written record and how often its handling started
// and ended, across both members.
type handledRecord struct {
	Key       string `json:"key"`
	Value     string `json:"value"`
	Partition int32  `json:"partition"`
	Offset    int64  `json:"offset"`
	Started   int    `json:"started"`
	Ended     int    `json:"ended"`
	// The starts and ends per member.
	startedBy, endedBy [2]int
}

type lensConsumerObserved struct {
	// "ok"; "build-failed"; "error" when a member exited by itself;
	// "hangs" when the run stopped at Stage: "join" (the members never
	// shared the partitions) or "held" (no member started the held record).
	Ended  string `json:"ended"`
	Stage  string `json:"stage,omitempty"`
	Output string `json:"output,omitempty"`
	// The partitions of the records the victim (the member that started
	// the held record) started, and the group's committed offset on the
	// held record's partition once the victim was dead (-1: none).
	VictimPartitions []int32 `json:"victim_partitions"`
	CommittedAtKill  int64   `json:"committed_at_kill"`
	// Whether the other member came to own every partition.
	TookOver bool `json:"took_over"`
	// The records of the held record's key written after it on its
	// partition that the victim started, and those it ended: all while
	// the held record was unfinished, since the victim never ends it.
	LaterOfKeyStarted []string        `json:"later_of_key_started"`
	LaterOfKeyEnded   []string        `json:"later_of_key_ended"`
	HandledTwice      []string        `json:"handled_twice"`
	NeverHandled      []string        `json:"never_handled"`
	Records           []handledRecord `json:"records"`
	// The end of what each member wrote on stderr, by its role once
	// known ("victim", "survivor"), else "member-1" and "member-2".
	Stderr map[string]string `json:"stderr"`
}

// lensRebalanceObserved is what a rebalance case saw (runRebalance): only
// the held record's partition is written, so its records are all there is.
type lensRebalanceObserved struct {
	// As in a crash case; "hangs" at Stage "join" (the first member never
	// owned both partitions), "held" (it never started the held record),
	// "second-join" (the broker never saw the second member),
	// "rebalance" (the group never settled once the holder went on) or
	// "rest" (the records written after the rebalance were not handled).
	Ended  string `json:"ended"`
	Stage  string `json:"stage,omitempty"`
	Output string `json:"output,omitempty"`
	// Whether the group was stable again, each member owning a partition,
	// while the first member still held the record: the rebalance went
	// ahead without waiting for its loop.
	RebalancedWhileHeld bool `json:"rebalanced_while_held"`
	// Whether the joining member came to own the held record's partition.
	HeldPartitionMoved bool `json:"held_partition_moved"`
	// The offset of the first record of that partition its owner after the
	// rebalance started (the joining member, or the first one once it went
	// on); -1 if none.
	ResumedAt    int64           `json:"resumed_at"`
	HandledTwice []string        `json:"handled_twice"`
	NeverHandled []string        `json:"never_handled"`
	Records      []handledRecord `json:"records"`
	// The end of what each member wrote on stderr: "holder", the first
	// member, and "joiner".
	Stderr map[string]string `json:"stderr"`
}

// javaRuntime is how the Java tab's members run: the JDK and the classpath
// of the Java harness that started this one (Main.goHarness), the
// class-data-sharing archive made from that classpath (Cds.java), if any,
// and the folder for their client logs.
var javaRuntime struct {
	home, classpath, cds, logs string
}

// javaCommand runs a Java program, its classes in dir, with the flags the
// suite gives its other child JVMs (GroupCases, Cds.java): a small heap
// and the first JIT tier keep its start cheap on two cores, and the
// archive of the harness's classes saves it loading kafka-clients from
// the jars. The harness's classpath comes first, as the archive was made
// from it alone: a JVM maps an archive only when its classpath starts
// with the one the archive was made from.
func javaCommand(ctx context.Context, heap, logFile, dir, main string) *exec.Cmd {
	args := []string{"-Xmx" + heap, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"}
	if javaRuntime.cds != "" {
		// A JVM that cannot map the archive says so as a warning, on
		// stdout by default, where the harness reads the program's lines.
		args = append(args, "-XX:SharedArchiveFile="+javaRuntime.cds, "-Xlog:disable", "-Xlog:all=warning:stderr")
	}
	args = append(args, "-Dlab.kafka.log.file="+logFile,
		"-cp", javaRuntime.classpath+string(filepath.ListSeparator)+dir, main)
	return exec.CommandContext(ctx, filepath.Join(javaRuntime.home, "bin", "java"), args...)
}

// lensConsumerPoll is how often the broker is asked about a group; each
// wait ends on the group's state, or on what the members report.
const lensConsumerPoll = 200 * time.Millisecond

// The hooks around each Go program's handle: the two lines inserted at the
// top of handle, and the file beside main.go. Each record's start and end
// go to file descriptor 3; the held record waits for a line on stdin,
// which the harness writes to a member that starts it after the first one,
// and to the first one when a rebalance case lets it go on. Its stdin also
// tells the member when the harness is gone.
const (
	goHooksCall = "\n\tlensStarted(key, value)\n\tdefer lensEnded(key, value)"
	goHooks     = `package main

// The conformance harness's hooks around the lens's handle
// (tests/kafka/go/lensconsumer.go).

import (
	"bufio"
	"fmt"
	"os"
)

var (
	lensEvents = os.NewFile(3, "lens-consumer-events")
	lensHeld   = os.Getenv("LAB_HELD_RECORD")
	lensResume = make(chan struct{})
)

// lensStart begins the program's main: in a binary of many programs
// (buildPrograms) an init would start this in every one.
func lensStart() {
	go func() {
		in := bufio.NewScanner(os.Stdin)
		for in.Scan() {
			lensResume <- struct{}{}
		}
		os.Exit(3)
	}()
}

func lensStarted(key, value []byte) {
	fmt.Fprintf(lensEvents, "started %s %s\n", key, value)
	if string(key)+" "+string(value) == lensHeld {
		<-lensResume
	}
}

func lensEnded(key, value []byte) {
	fmt.Fprintf(lensEvents, "ended %s %s\n", key, value)
}
`
	// The Java hooks are also the member's entry point: their class starts
	// watching stdin before the program's own main runs.
	javaHooksCall = "LensHooks.handle(r.key(), r.value(), () -> %s)"
	javaHooks     = `import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;

/** The conformance harness's hooks around the lens's handling (tests/kafka/go/lensconsumer.go). */
public final class LensHooks {
    private static final String HELD = System.getenv("LAB_HELD_RECORD");
    private static final Semaphore RESUME = new Semaphore(0);
    private static final PrintStream EVENTS;

    static {
        try {
            EVENTS = new PrintStream(new FileOutputStream("/proc/self/fd/3"), true, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread stdin = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                while (in.readLine() != null) {
                    RESUME.release();
                }
            } catch (IOException e) {
                // A broken stdin: the harness is gone as well.
            }
            Runtime.getRuntime().halt(3);
        }, "lens-hooks-stdin");
        stdin.setDaemon(true);
        stdin.start();
    }

    private LensHooks() {}

    public static void main(String[] args) throws Exception {
        Main.main(args);
    }

    static void handle(String key, String value, Runnable handling) {
        EVENTS.println("started " + key + " " + value);
        if ((key + " " + value).equals(HELD)) {
            RESUME.acquireUninterruptibly();
        }
        handling.run();
        EVENTS.println("ended " + key + " " + value);
    }
}
`
)

// runLensConsumer builds every tab's consumer program with the hooks, then
// runs every case at once (runHookedArea): most of a case is waiting for
// the broker to notice a dead member or for a rebalance to end.
func runLensConsumer(ctx context.Context, bootstrap string, adm *kadm.Client, p *plan) ([]factCase, error) {
	lc := &p.LensConsumer
	if len(lc.Cases) == 0 {
		return nil, nil
	}
	if err := lc.check(); err != nil {
		return nil, err
	}
	names, topics := make([]string, len(lc.Cases)), make([]string, len(lc.Cases))
	for i, c := range lc.Cases {
		names[i], topics[i] = c.Name, c.Topic
	}
	observed, err := runHookedArea(ctx, adm, names, topics, lc.Partitions,
		func() (map[string]lensProgram, func(), error) { return lc.build(ctx, bootstrap) },
		func(ctx context.Context, i int, b lensProgram) (any, error) {
			c := lc.Cases[i]
			var o any
			var err error
			switch {
			case b.failed != "":
				o = lensConsumerObserved{Ended: "build-failed", Output: b.failed}
			case c.Situation == "crash":
				o, err = lc.runOne(ctx, bootstrap, adm, c, b.command)
			case c.Situation == "rebalance":
				o, err = lc.runRebalance(ctx, bootstrap, adm, c, b.command)
			default:
				err = fmt.Errorf("no situation %q", c.Situation)
			}
			if err != nil {
				return nil, fmt.Errorf("lens-consumer/%s: %w", c.Name, err)
			}
			return o, nil
		})
	if err != nil {
		return nil, err
	}
	var facts []factCase
	for i, c := range lc.Cases {
		facts = append(facts, factCase{"lens-consumer/" + c.Name, "lens-consumer", lensConsumerInput{c.Client, c.Query, c.ClientDefault, c.Situation}, observed[i]})
	}
	return facts, nil
}

// runHookedArea creates every case's topic (topics[i], of partitions
// each), builds the cases' programs with build, and runs every case at
// once: each has its own topic and group and spends nearly all its time
// waiting on the broker. run returns case i's facts; a program that does
// not build, exits or hangs is a fact, and only the harness's own failures
// are errors.
func runHookedArea[O any](ctx context.Context, adm *kadm.Client, names, topics []string, partitions int,
	build func() (map[string]lensProgram, func(), error),
	run func(ctx context.Context, i int, b lensProgram) (O, error)) ([]O, error) {
	counts := make(map[string]int, len(topics))
	for _, t := range topics {
		counts[t] = partitions
	}
	if err := createTopics(ctx, adm, counts); err != nil {
		return nil, err
	}
	built, cleanup, err := build()
	if err != nil {
		return nil, err
	}
	defer cleanup()
	observed := make([]O, len(names))
	indices := make([]int, len(names))
	for i := range indices {
		indices[i] = i
	}
	err = eachAtMost(ctx, len(indices), indices, func(ctx context.Context, i int) error {
		o, err := run(ctx, i, built[names[i]])
		observed[i] = o
		return err
	})
	if err != nil {
		return nil, err
	}
	return observed, nil
}

// check rejects a plan whose facts could not be read back: the hooks name
// a record by its key and value, and the held record must be written.
func (lc *lensConsumerPlan) check() error {
	seen := make(map[string]bool, len(lc.Records))
	for _, r := range lc.Records {
		if seen[r.id()] || strings.ContainsAny(r.Key+r.Value, " \n") {
			return fmt.Errorf("lens-consumer: record %q is written twice or has a space or a newline", r.id())
		}
		if r.Partition < 0 || int(r.Partition) >= lc.Partitions {
			return fmt.Errorf("lens-consumer: record %q for partition %d of %d", r.id(), r.Partition, lc.Partitions)
		}
		seen[r.id()] = true
	}
	if !seen[lc.Held.id()] {
		return fmt.Errorf("lens-consumer: the held record %q is not written", lc.Held.id())
	}
	return nil
}

// lensProgram is one case's built program: how to start a member of it,
// or why it did not build.
type lensProgram struct {
	command func(ctx context.Context, name string) *exec.Cmd
	failed  string
}

// build writes and builds every case's program with the literals replaced
// and the hooks in place: the Go tabs in one module (buildPrograms), each
// Java tab with javac into a folder of its own.
func (lc *lensConsumerPlan) build(ctx context.Context, bootstrap string) (map[string]lensProgram, func(), error) {
	return buildHooked(ctx, "lens-consumer", lc.Handler, lc.JavaHandling, lc.Cases, func(i int) map[string]string {
		c := lc.Cases[i]
		return map[string]string{
			lc.Bootstrap: strconv.Quote(bootstrap),
			lc.Topic:     strconv.Quote(c.Topic),
			lc.Group:     strconv.Quote(c.Group),
		}
	})
}

// buildHooked builds each case's program with the hooks around its
// handling, at handler (the Go tabs', all in one module) or javaHandling
// (the Java tab's, by javac), and literals(i) replaced in case i's. A Go
// program that does not build is a fact of its case (lensProgram.failed),
// not the harness's failure.
func buildHooked(ctx context.Context, area, handler, javaHandling string, cases []lensConsumerCase,
	literals func(i int) map[string]string) (map[string]lensProgram, func(), error) {
	built := make(map[string]lensProgram, len(cases))
	var programs []program
	for i, c := range cases {
		if c.Client == javaClient {
			continue
		}
		replace := literals(i)
		replace[handler] = handler + goHooksCall
		programs = append(programs, program{c.Name, c.Package, c.Code, replace, map[string]string{"lenshooks.go": goHooks}, "\n\tlensStart()"})
	}
	var cleanups []func()
	cleanup := func() {
		for _, f := range cleanups {
			f()
		}
	}
	if len(programs) > 0 {
		bin, done, err := buildPrograms(ctx, area, programs)
		if err != nil && ctx.Err() != nil {
			return nil, nil, err
		}
		if done != nil {
			cleanups = append(cleanups, done)
		}
		for _, p := range programs {
			if err != nil {
				built[p.name] = lensProgram{failed: lastLines([]byte(err.Error()), 5)}
				continue
			}
			pkg := p.pkg
			built[p.name] = lensProgram{command: func(ctx context.Context, _ string) *exec.Cmd {
				return bin.command(ctx, pkg)
			}}
		}
	}
	for i, c := range cases {
		if c.Client != javaClient {
			continue
		}
		replace := literals(i)
		replace[javaHandling] = fmt.Sprintf(javaHooksCall, javaHandling)
		b, done, err := buildJava(ctx, c, replace)
		if err != nil {
			cleanup()
			return nil, nil, err
		}
		cleanups = append(cleanups, done)
		built[c.Name] = b
	}
	return built, cleanup, nil
}

// buildJava compiles one Java program and the hooks against the Java
// harness's classpath. A program that does not compile is a fact; a
// missing JDK is the harness's failure.
func buildJava(ctx context.Context, c lensConsumerCase, replace map[string]string) (lensProgram, func(), error) {
	if javaRuntime.home == "" || javaRuntime.classpath == "" {
		return lensProgram{}, nil, errors.New("lens-consumer: the Java tab's programs need --java-home and --java-classpath")
	}
	dir, err := os.MkdirTemp("", "kafka-lab-lens-consumer-"+c.Package+"-")
	if err != nil {
		return lensProgram{}, nil, err
	}
	done := func() { os.RemoveAll(dir) }
	code, err := replaceLiterals(c.Code, replace)
	if err != nil {
		return lensProgram{failed: err.Error()}, done, nil
	}
	for name, text := range map[string]string{"Main.java": code, "LensHooks.java": javaHooks} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			done()
			return lensProgram{}, nil, err
		}
	}
	javac := exec.CommandContext(ctx, filepath.Join(javaRuntime.home, "bin", "javac"), "-encoding", "UTF-8",
		"-d", dir, "-cp", javaRuntime.classpath, filepath.Join(dir, "Main.java"), filepath.Join(dir, "LensHooks.java"))
	if out, err := javac.CombinedOutput(); err != nil {
		if ctx.Err() != nil {
			done()
			return lensProgram{}, nil, ctx.Err()
		}
		return lensProgram{failed: fmt.Sprintf("%v: %s", err, lastLines(out, 5))}, done, nil
	}
	return lensProgram{command: func(ctx context.Context, name string) *exec.Cmd {
		return javaCommand(ctx, "64m", filepath.Join(javaRuntime.logs, "lens-consumer."+c.Package+"."+name+".log"), dir, "LensHooks")
	}}, done, nil
}

// lensEvent is one line a member's hooks wrote: "started" or "ended",
// and the record.
type lensEvent struct {
	member   int
	what, id string
}

// lensMember is one running member of a case's group.
type lensMember struct {
	name   string
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stderr *tail
	killed bool
}

// lensRun is one case while it runs: its members, what their hooks
// reported, and what the harness saw of the group.
type lensRun struct {
	lc      *lensConsumerPlan
	c       lensConsumerCase
	adm     *kadm.Client
	members [2]*lensMember
	events  chan lensEvent
	exits   chan int
	readers sync.WaitGroup
	records []*handledRecord
	byID    map[string]*handledRecord
	// Each member's starts, in order.
	starts [2][]*handledRecord
	// victim is the member that started the held record first, or -1.
	victim int
}

// errMemberExited is a member that exited by itself: a fact, not a
// harness failure.
type errMemberExited struct{ output string }

func (e errMemberExited) Error() string { return e.output }

func (m *lensMember) exitedByItself() errMemberExited {
	return errMemberExited{fmt.Sprintf("%s exited by itself (%v): %s", m.name, m.cmd.ProcessState, lastLines(m.stderr.bytes(), 3))}
}

// newLensRun is a case about to run, counting the handling of recs.
func newLensRun(lc *lensConsumerPlan, c lensConsumerCase, adm *kadm.Client, recs []lensConsumerRecord) *lensRun {
	run := &lensRun{lc: lc, c: c, adm: adm, events: make(chan lensEvent, 64), exits: make(chan int, 2),
		byID: make(map[string]*handledRecord, len(recs)), victim: -1}
	for _, r := range recs {
		h := &handledRecord{Key: r.Key, Value: r.Value, Partition: r.Partition, Offset: -1}
		run.records = append(run.records, h)
		run.byID[r.id()] = h
	}
	return run
}

// runOne runs one crash case: both members start on a group whose offsets
// are committed at the start of each partition (so that every client,
// whatever its auto.offset.reset, reads the records written once the
// group is settled); once each owns a partition, the records are written;
// the member that starts the held record holds it for hold_ms and is
// killed with SIGKILL; the survivor takes its partition over.
func (lc *lensConsumerPlan) runOne(ctx context.Context, bootstrap string, adm *kadm.Client, c lensConsumerCase,
	command func(context.Context, string) *exec.Cmd) (lensConsumerObserved, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	run := newLensRun(lc, c, adm, lc.Records)
	if err := commitGroupStart(ctx, adm, c.Group, c.Topic, lc.Partitions); err != nil {
		return lensConsumerObserved{}, err
	}
	defer run.stop()
	for i := range run.members {
		name := fmt.Sprintf("member-%d", i+1)
		if err := run.start(ctx, i, name, command(ctx, name)); err != nil {
			return lensConsumerObserved{}, err
		}
	}
	o, err := run.play(ctx, bootstrap)
	var exited errMemberExited
	switch {
	case errors.As(err, &exited):
		o.Ended, o.Stage, o.Output = "error", "", exited.output
	case err != nil:
		return o, err
	}
	roles := [2]string{"member-1", "member-2"}
	if run.victim >= 0 {
		roles[run.victim], roles[1-run.victim] = "victim", "survivor"
	}
	if o.Records, o.HandledTwice, o.NeverHandled, o.Stderr, err = run.finish(ctx, roles); err != nil {
		return o, err
	}
	o.VictimPartitions = []int32{}
	for _, r := range run.records {
		if run.victim >= 0 && r.startedBy[run.victim] > 0 && !slices.Contains(o.VictimPartitions, r.Partition) {
			o.VictimPartitions = append(o.VictimPartitions, r.Partition)
		}
	}
	o.LaterOfKeyStarted, o.LaterOfKeyEnded = run.laterOfKey()
	return o, nil
}

// laterOfKey is the records of the held record's key after it on its
// partition that the victim started, and those it ended. The hooks hold
// the held record until the victim dies, so each of them started or ended
// before the held one was finished: the key's order broken.
func (run *lensRun) laterOfKey() (started, ended []string) {
	started, ended = []string{}, []string{}
	held := run.byID[run.lc.Held.id()]
	if run.victim < 0 || held.Offset < 0 {
		return started, ended
	}
	for _, r := range run.records {
		if r.Key != held.Key || r.Partition != held.Partition || r.Offset <= held.Offset {
			continue
		}
		if r.startedBy[run.victim] > 0 {
			started = append(started, r.Key+" "+r.Value)
		}
		if r.endedBy[run.victim] > 0 {
			ended = append(ended, r.Key+" "+r.Value)
		}
	}
	return started, ended
}

// finish stops the members and counts what they reported: every record,
// those whose handling started twice or never ended, and the end of what
// each member wrote on stderr, under its role.
func (run *lensRun) finish(ctx context.Context, roles [2]string) ([]handledRecord, []string, []string, map[string]string, error) {
	run.stop()
	if err := run.drain(ctx); err != nil {
		return nil, nil, nil, nil, err
	}
	stderr := make(map[string]string, len(run.members))
	for i, m := range run.members {
		if m != nil {
			stderr[roles[i]] = lastLines(m.stderr.bytes(), 3)
		}
	}
	records, twice, never := []handledRecord{}, []string{}, []string{}
	for _, r := range run.records {
		records = append(records, *r)
		if r.Started > 1 {
			twice = append(twice, r.Key+" "+r.Value)
		}
		if r.Ended == 0 {
			never = append(never, r.Key+" "+r.Value)
		}
	}
	return records, twice, never, stderr, nil
}

// play runs the case from the members' start to the survivor's last record.
func (run *lensRun) play(ctx context.Context, bootstrap string) (lensConsumerObserved, error) {
	o := lensConsumerObserved{Ended: "ok", CommittedAtKill: -1}
	lc := run.lc
	join := time.Duration(lc.JoinTimeoutMs) * time.Millisecond
	shared, err := run.await(ctx, join, func() bool {
		owners, stable := run.owners(ctx)
		return stable && len(owners) == 2 && len(owners[0]) == 1 && len(owners[1]) == 1 && owners[0][0] != owners[1][0]
	})
	if err != nil || !shared {
		o.Ended, o.Stage = "hangs", "join"
		return o, err
	}
	offsets, err := produceOrdered(ctx, bootstrap, run.c.Topic, lc.Records)
	if err != nil {
		return o, err
	}
	for i := range lc.Records {
		run.records[i].Offset = offsets[i]
	}
	held, err := run.await(ctx, join, func() bool { return run.victim >= 0 })
	if err != nil || !held {
		o.Ended, o.Stage = "hangs", "held"
		return o, err
	}
	// The victim holds the record while its client's own timers run: the
	// hold ends on the clock, not on a condition (lens_consumer.rs, HOLD_MS).
	if _, err := run.await(ctx, time.Duration(lc.HoldMs)*time.Millisecond, func() bool { return false }); err != nil {
		return o, err
	}
	victim := run.members[run.victim]
	victim.killed = true
	// SIGKILL: no close, so neither a commit on close nor a LeaveGroup; the
	// group learns of the death only when the member's session times out.
	if err := syscall.Kill(victim.cmd.Process.Pid, syscall.SIGKILL); err != nil {
		return o, fmt.Errorf("killing %s: %w", victim.name, err)
	}
	if err := run.awaitExit(ctx, run.victim); err != nil {
		return o, err
	}
	committed, err := committedOffset(ctx, run.adm, run.c.Group, run.c.Topic, lc.Held.Partition)
	if err != nil {
		return o, err
	}
	o.CommittedAtKill = committed
	// The survivor resumes the victim's partition at the committed offset:
	// it is done when it owns every partition and has handled every record
	// of its own partition and every record of the victim's from there on.
	survivor := 1 - run.victim
	_, err = run.await(ctx, time.Duration(lc.TakeoverTimeoutMs)*time.Millisecond, func() bool {
		if !o.TookOver {
			owners, stable := run.owners(ctx)
			o.TookOver = stable && len(owners) == 1 && len(owners[0]) == lc.Partitions
		}
		if !o.TookOver {
			return false
		}
		for _, r := range run.records {
			if (r.Partition != lc.Held.Partition || r.Offset >= committed) && r.endedBy[survivor] == 0 {
				return false
			}
		}
		return true
	})
	return o, err
}

// runRebalance runs one rebalance case: one member starts alone on the
// group (its offsets committed at the start, as in runOne) and owns both
// partitions; the held record's partition gets its records up to the held
// one, in one batch, so the held record ends the poll that brings it; once
// the member holds it, a second member joins the group. The holder goes
// on once the group is stable again with a partition for each member, or
// once rejoin_timeout_ms has passed without that: the rebalance waits for
// its loop. Once the group has settled, the rest of the partition's
// records are written, and the case ends when its owner has handled them.
func (lc *lensConsumerPlan) runRebalance(ctx context.Context, bootstrap string, adm *kadm.Client, c lensConsumerCase,
	command func(context.Context, string) *exec.Cmd) (lensRebalanceObserved, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var recs []lensConsumerRecord
	for _, r := range lc.Records {
		if r.Partition == lc.Held.Partition {
			recs = append(recs, r)
		}
	}
	run := newLensRun(lc, c, adm, recs)
	if err := commitGroupStart(ctx, adm, c.Group, c.Topic, lc.Partitions); err != nil {
		return lensRebalanceObserved{}, err
	}
	defer run.stop()
	if err := run.start(ctx, 0, "member-1", command(ctx, "member-1")); err != nil {
		return lensRebalanceObserved{}, err
	}
	o, err := run.playRebalance(ctx, bootstrap, recs, command)
	var exited errMemberExited
	switch {
	case errors.As(err, &exited):
		o.Ended, o.Stage, o.Output = "error", "", exited.output
	case err != nil:
		return o, err
	}
	o.Records, o.HandledTwice, o.NeverHandled, o.Stderr, err = run.finish(ctx, [2]string{"holder", "joiner"})
	return o, err
}

// playRebalance runs the rebalance case from the first member's start to
// the last record's handling.
func (run *lensRun) playRebalance(ctx context.Context, bootstrap string, recs []lensConsumerRecord,
	command func(context.Context, string) *exec.Cmd) (lensRebalanceObserved, error) {
	o := lensRebalanceObserved{Ended: "ok", ResumedAt: -1}
	lc := run.lc
	join := time.Duration(lc.JoinTimeoutMs) * time.Millisecond
	hangs := func(stage string, err error) (lensRebalanceObserved, error) {
		o.Ended, o.Stage = "hangs", stage
		return o, err
	}
	// The first member, alone, owns every partition; its member id tells
	// it from the joining member in the broker's answers.
	var holderID string
	alone, err := run.await(ctx, join, func() bool {
		members, stable := run.group(ctx)
		if stable && len(members) == 1 && len(members[0].partitions) == lc.Partitions {
			holderID = members[0].id
		}
		return holderID != ""
	})
	if err != nil || !alone {
		return hangs("join", err)
	}
	held := slices.IndexFunc(recs, func(r lensConsumerRecord) bool { return r.id() == lc.Held.id() })
	offsets, err := produceOrdered(ctx, bootstrap, run.c.Topic, recs[:held+1])
	if err != nil {
		return o, err
	}
	for i, at := range offsets {
		run.records[i].Offset = at
	}
	if ok, err := run.await(ctx, join, func() bool { return run.victim >= 0 }); err != nil || !ok {
		return hangs("held", err)
	}
	if err := run.start(ctx, 1, "member-2", command(ctx, "member-2")); err != nil {
		return o, err
	}
	if ok, err := run.await(ctx, join, func() bool {
		members, stable := run.group(ctx)
		return len(members) == 2 || len(members) > 0 && !stable
	}); err != nil || !ok {
		return hangs("second-join", err)
	}
	// settled is a stable group with a partition for each member; it notes
	// whether the held partition moved to the joining member.
	settled := func() bool {
		members, stable := run.group(ctx)
		if !stable || len(members) != 2 || len(members[0].partitions) != 1 || len(members[1].partitions) != 1 {
			return false
		}
		for _, m := range members {
			if m.partitions[0] == lc.Held.Partition {
				o.HeldPartitionMoved = m.id != holderID
			}
		}
		return true
	}
	// A client whose rebalance does not wait for its loop rejoins after
	// its next heartbeat, and the group settles while the record is held.
	// The holder goes on only once the joining member, if it took the
	// partition over, has started on it: its start offset is fetched by
	// then, and no commit the holder makes afterwards can move it.
	rejoin := time.Duration(lc.RejoinTimeoutMs) * time.Millisecond
	if _, err := run.await(ctx, rejoin, func() bool {
		if !o.RebalancedWhileHeld {
			o.RebalancedWhileHeld = settled()
		}
		return o.RebalancedWhileHeld && (!o.HeldPartitionMoved || len(run.starts[1]) > 0)
	}); err != nil {
		return o, err
	}
	// Where the held partition's owner after the rebalance resumes is the
	// first record it starts then: the holder's first once it goes on, the
	// joining member's first at all.
	before := [2]int{len(run.starts[0]), 0}
	if _, err := io.WriteString(run.members[0].stdin, "go on\n"); err != nil {
		return o, err
	}
	if ok, err := run.await(ctx, join, settled); err != nil || !ok {
		return hangs("rebalance", err)
	}
	offsets, err = produceOrdered(ctx, bootstrap, run.c.Topic, recs[held+1:])
	if err != nil {
		return o, err
	}
	for i, at := range offsets {
		run.records[held+1+i].Offset = at
	}
	// The owner handles the partition in order: once the last record has
	// ended and no handling is under way, what it handles again is done.
	last := run.records[len(run.records)-1]
	if ok, err := run.await(ctx, join, func() bool { return last.Ended > 0 && run.idle() }); err != nil || !ok {
		return hangs("rest", err)
	}
	owner := 0
	if o.HeldPartitionMoved {
		owner = 1
	}
	if starts := run.starts[owner]; len(starts) > before[owner] {
		o.ResumedAt = starts[before[owner]].Offset
	}
	return o, nil
}

// await applies what the members report until done holds or the limit
// passes (false): it asks done again after every report and every poll of
// the broker. A member that exits unless killed ends the wait with
// errMemberExited.
func (run *lensRun) await(ctx context.Context, limit time.Duration, done func() bool) (bool, error) {
	deadline := time.NewTimer(limit)
	defer deadline.Stop()
	tick := time.NewTicker(lensConsumerPoll)
	defer tick.Stop()
	for {
		if done() {
			return true, nil
		}
		select {
		case e := <-run.events:
			if err := run.apply(e); err != nil {
				return false, err
			}
		case i := <-run.exits:
			if m := run.members[i]; !m.killed {
				return false, m.exitedByItself()
			}
		case <-tick.C:
		case <-deadline.C:
			return false, nil
		case <-ctx.Done():
			return false, ctx.Err()
		}
	}
}

// awaitExit waits for a killed member's end, applying reports meanwhile.
func (run *lensRun) awaitExit(ctx context.Context, i int) error {
	for {
		select {
		case e := <-run.events:
			if err := run.apply(e); err != nil {
				return err
			}
		case j := <-run.exits:
			if j == i {
				return nil
			}
			if m := run.members[j]; !m.killed {
				return m.exitedByItself()
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// apply counts one report. The first member to start the held record is
// the victim (a rebalance case's holder) and waits on it; any later start
// of it, by the survivor or by the holder's partition's next owner, is let
// through.
func (run *lensRun) apply(e lensEvent) error {
	r := run.byID[e.id]
	if r == nil || e.what != "started" && e.what != "ended" {
		return fmt.Errorf("%s's hooks wrote %q %q: no record the harness wrote", run.members[e.member].name, e.what, e.id)
	}
	if e.what == "ended" {
		r.Ended++
		r.endedBy[e.member]++
		return nil
	}
	r.Started++
	r.startedBy[e.member]++
	run.starts[e.member] = append(run.starts[e.member], r)
	if e.id != run.lc.Held.id() {
		return nil
	}
	if run.victim < 0 {
		run.victim = e.member
		return nil
	}
	_, err := io.WriteString(run.members[e.member].stdin, "go on\n")
	return err
}

// idle is whether every handling that started has ended.
func (run *lensRun) idle() bool {
	for _, r := range run.records {
		if r.Started != r.Ended {
			return false
		}
	}
	return true
}

// owners is each member's partitions of the case's topic, and whether the
// group is stable; a group the broker cannot describe yet has none.
func (run *lensRun) owners(ctx context.Context) ([][]int32, bool) {
	members, stable := run.group(ctx)
	owners := make([][]int32, len(members))
	for i, m := range members {
		owners[i] = m.partitions
	}
	return owners, stable
}

// groupMember is one member of a case's group as the broker describes it.
type groupMember struct {
	id         string
	partitions []int32
}

// group is the members of the case's group with their partitions of its
// topic, and whether the group is stable.
func (run *lensRun) group(ctx context.Context) ([]groupMember, bool) {
	groups, err := run.adm.DescribeGroups(ctx, run.c.Group)
	if err != nil {
		return nil, false
	}
	g, ok := groups[run.c.Group]
	if !ok || g.Err != nil {
		return nil, false
	}
	var members []groupMember
	for _, m := range g.Members {
		a, ok := m.Assigned.AsConsumer()
		if !ok {
			return nil, false
		}
		mine := groupMember{id: m.MemberID}
		for _, t := range a.Topics {
			if t.Topic == run.c.Topic {
				mine.partitions = append(mine.partitions, t.Partitions...)
			}
		}
		members = append(members, mine)
	}
	return members, g.State == "Stable"
}

// start starts member i with its hooks' pipe as file descriptor 3 and its
// stdin held by the harness.
func (run *lensRun) start(ctx context.Context, i int, name string, cmd *exec.Cmd) error {
	events, hooks, err := os.Pipe()
	if err != nil {
		return err
	}
	m := &lensMember{name: name, cmd: cmd, stderr: &tail{}}
	cmd.ExtraFiles = []*os.File{hooks}
	cmd.Env = append(os.Environ(), "LAB_HELD_RECORD="+run.lc.Held.id())
	cmd.Stderr = m.stderr
	// A member's own goroutines or threads may hold stderr open after a kill.
	cmd.WaitDelay = time.Second
	if m.stdin, err = cmd.StdinPipe(); err == nil {
		err = cmd.Start()
	}
	hooks.Close()
	if err != nil {
		events.Close()
		return fmt.Errorf("starting %s: %w", name, err)
	}
	run.members[i] = m
	run.readers.Add(1)
	go func() {
		defer run.readers.Done()
		defer events.Close()
		lines := bufio.NewScanner(events)
		for lines.Scan() {
			what, id, _ := strings.Cut(lines.Text(), " ")
			select {
			case run.events <- lensEvent{i, what, id}:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		cmd.Wait()
		run.exits <- i
	}()
	return nil
}

// stop kills the members still running; their reports are drained after.
func (run *lensRun) stop() {
	for _, m := range run.members {
		if m != nil && !m.killed {
			m.killed = true
			m.cmd.Process.Kill()
		}
	}
}

// drain applies what the members reported before they died: each reader
// ends at its member's death, so once both have ended every report is in
// the channel.
func (run *lensRun) drain(ctx context.Context) error {
	readers := make(chan struct{})
	go func() {
		run.readers.Wait()
		close(readers)
	}()
	for {
		select {
		case e := <-run.events:
			if err := run.apply(e); err != nil {
				return err
			}
		case <-readers:
			for {
				select {
				case e := <-run.events:
					if err := run.apply(e); err != nil {
						return err
					}
				default:
					return nil
				}
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// committedOffset is the group's committed offset on one partition, or -1.
func committedOffset(ctx context.Context, adm *kadm.Client, group, topic string, partition int32) (int64, error) {
	resp, err := adm.FetchOffsets(ctx, group)
	if err == nil {
		err = resp.Error()
	}
	if err != nil {
		return 0, fmt.Errorf("committed offsets of %s: %w", group, err)
	}
	o, ok := resp.Lookup(topic, partition)
	if !ok {
		return -1, nil
	}
	return o.At, nil
}

// produceOrdered writes the records to their partitions, in order, and
// returns each one's offset. Flushing by hand puts each partition's
// records in one batch, so one fetch returns all of a partition's records
// and a client that polls gets them in one poll: the model's poll.
func produceOrdered(ctx context.Context, bootstrap, topic string, recs []lensConsumerRecord) ([]int64, error) {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(bootstrap),
		kgo.DefaultProduceTopic(topic),
		kgo.RecordPartitioner(kgo.ManualPartitioner()),
		kgo.ManualFlushing(),
	)
	if err != nil {
		return nil, err
	}
	defer cl.Close()
	offsets := make([]int64, len(recs))
	errs := make([]error, len(recs))
	for i, r := range recs {
		cl.Produce(ctx, &kgo.Record{Key: []byte(r.Key), Value: []byte(r.Value), Partition: r.Partition}, func(rec *kgo.Record, err error) {
			offsets[i], errs[i] = rec.Offset, err
		})
	}
	if err := cl.Flush(ctx); err != nil {
		return nil, fmt.Errorf("writing to %s: %w", topic, err)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("writing to %s: %w", topic, err)
	}
	return offsets, nil
}

// tail keeps the end of what a member writes on stderr.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

const tailBytes = 4096

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailBytes {
		t.buf = t.buf[len(t.buf)-tailBytes:]
	}
	return len(p), nil
}

func (t *tail) bytes() []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]byte(nil), t.buf...)
}
