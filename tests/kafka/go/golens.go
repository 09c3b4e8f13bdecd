package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/twmb/franz-go/pkg/kadm"
)

// golensCase is one routing snippet of the Go lens, as it prints it.
type golensCase struct {
	Name       string `json:"name"`
	Client     string `json:"client"`
	Query      string `json:"query"`
	Partitions int    `json:"partitions"`
	Topic      string `json:"topic"`
	Package    string `json:"package"`
	Code       string `json:"code"`
}

type golensInput struct {
	Client string `json:"client"`
	Query  string `json:"query"`
}

type golensObserved struct {
	Partition int32 `json:"partition"`
	Records   int   `json:"records"`
}

// runGolens builds every snippet in one module on the harness's own pinned
// versions (its go.mod and go.sum, beside the binary's bin folder), with
// the broker address and topic literals replaced, runs each once, and
// reads back where its one record went.
func runGolens(ctx context.Context, bootstrap string, adm *kadm.Client, p *plan) ([]factCase, error) {
	var cases []golensCase
	for _, c := range p.Golens.Cases {
		if c.Client != javaClient {
			cases = append(cases, c)
		}
	}
	if len(cases) == 0 {
		return nil, nil
	}
	programs := make([]program, len(cases))
	topics := make(map[string]int, len(cases))
	want := make(map[string]int, len(cases))
	for i, c := range cases {
		programs[i] = program{c.Name, c.Package, c.Code, map[string]string{p.Golens.Bootstrap: strconv.Quote(bootstrap), p.Golens.Topic: strconv.Quote(c.Topic)}, nil, ""}
		topics[c.Topic], want[c.Topic] = c.Partitions, 1
	}
	if err := createTopics(ctx, adm, topics); err != nil {
		return nil, err
	}
	bin, cleanup, err := buildPrograms(ctx, "golens", programs)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	if err := runPrograms(ctx, bin, cases); err != nil {
		return nil, err
	}
	got, err := readBack(ctx, bootstrap, adm, want)
	if err != nil {
		return nil, err
	}
	var facts []factCase
	for _, c := range cases {
		recs := got[c.Topic]
		o := golensObserved{Records: len(recs), Partition: -1}
		if len(recs) > 0 {
			o.Partition = recs[0].partition
		}
		facts = append(facts, factCase{"golens/" + c.Name, "golens", golensInput{c.Client, c.Query}, o})
	}
	return facts, nil
}

// program is one snippet the lens prints, to build as a package of its own
// with its literals replaced.
type program struct {
	name, pkg, code string
	// replace maps each literal the lens writes to what the harness runs.
	replace map[string]string
	// files are the harness's own files beside main.go, by name, each a
	// file of package main; start is the statement that begins the
	// program's main, which starts what they need (asPackage).
	files map[string]string
	start string
}

// builtPrograms is the binary buildPrograms links: one for every program
// of an area, which runs the one its first argument names.
type builtPrograms string

// command runs program pkg.
func (b builtPrograms) command(ctx context.Context, pkg string) *exec.Cmd {
	return exec.CommandContext(ctx, string(b), pkg)
}

// buildPrograms writes the programs into one module on the harness's own
// pinned versions (its go.mod and go.sum, beside the binary's bin folder),
// one package each (asPackage), and links them into one binary: an area's
// programs took one cgo link each before, 60 core-seconds of a run of
// `make test` for about 110 programs (2026-12-05, process accounting).
// Every literal must be in its program: a program that lost one would
// write somewhere the harness does not read.
func buildPrograms(ctx context.Context, area string, programs []program) (bin builtPrograms, cleanup func(), err error) {
	exe, err := os.Executable()
	if err != nil {
		return "", nil, err
	}
	module := filepath.Dir(filepath.Dir(exe))
	dir, err := os.MkdirTemp("", "kafka-lab-"+area+"-")
	if err != nil {
		return "", nil, err
	}
	cleanup = func() { os.RemoveAll(dir) }
	fail := func(err error) (builtPrograms, func(), error) {
		cleanup()
		return "", nil, err
	}
	name := "kafkalab/" + strings.ReplaceAll(area, "-", "")
	for _, f := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(filepath.Join(module, f))
		if err != nil {
			return fail(fmt.Errorf("the programs build on the harness's module: %w", err))
		}
		if f == "go.mod" {
			data = []byte(strings.Replace(string(data), "module kafkalab/conformance", "module "+name, 1))
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			return fail(err)
		}
	}
	pkgs := make([]string, len(programs))
	for i, p := range programs {
		code, err := replaceLiterals(p.code, p.replace)
		if err == nil {
			code, err = asPackage(code, p.pkg, p.start)
		}
		if err != nil {
			return fail(fmt.Errorf("%s/%s: %w", area, p.name, err))
		}
		pkg := filepath.Join(dir, p.pkg)
		if err := os.MkdirAll(pkg, 0o755); err != nil {
			return fail(err)
		}
		if err := os.WriteFile(filepath.Join(pkg, "main.go"), []byte(code), 0o644); err != nil {
			return fail(err)
		}
		for file, text := range p.files {
			text = goPackageMain.ReplaceAllString(text, "package "+p.pkg)
			if err := os.WriteFile(filepath.Join(pkg, file), []byte(text), 0o644); err != nil {
				return fail(err)
			}
		}
		pkgs[i] = p.pkg
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(dispatchMain(name, pkgs)), 0o644); err != nil {
		return fail(err)
	}
	exe = filepath.Join(dir, "programs")
	build := exec.CommandContext(ctx, "go", "build", "-o", exe, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "CGO_ENABLED=1")
	if out, err := build.CombinedOutput(); err != nil {
		return fail(fmt.Errorf("building the lens's %s programs: %w\n%s", area, err, out))
	}
	return builtPrograms(exe), cleanup, nil
}

// replaceLiterals replaces each literal the lens writes in a program with
// what the harness runs.
func replaceLiterals(code string, replace map[string]string) (string, error) {
	for literal, with := range replace {
		if !strings.Contains(code, literal) {
			return "", fmt.Errorf("no %s in the program", literal)
		}
		code = strings.ReplaceAll(code, literal, with)
	}
	return code, nil
}

// golensParallel bounds how many of the lens's programs run at once. Each
// writes one keyed or explicitly placed record to a topic of its own, so
// where it lands does not depend on timing; most of a program's time is a
// client's own wait (kafka-go's Writer holds a partial batch for its
// one-second BatchTimeout), which side by side costs no more than once.
const golensParallel = 8

// runPrograms runs every case's built program to its end, golensParallel
// at a time; the first failure stops the rest.
func runPrograms(ctx context.Context, bin builtPrograms, cases []golensCase) error {
	return eachAtMost(ctx, golensParallel, cases, func(ctx context.Context, c golensCase) error {
		out, err := bin.command(ctx, c.Package).CombinedOutput()
		if err != nil {
			return fmt.Errorf("golens/%s (%s): %w\n%s", c.Name, c.Query, err, out)
		}
		return nil
	})
}
