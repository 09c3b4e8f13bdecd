# Two commands: `make serve` runs the app, `make test` runs every test.
# Each first installs whatever tool is missing, and skips what is present.
# `make check` is the fast tier to run before each commit.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

TRUNK_VERSION := 0.21.14
BINARYEN_VERSION := 132
# wasm-bindgen-cli must match the wasm-bindgen in Cargo.lock exactly, as
# Cargo itself reads the lock file.
WASM_BINDGEN_VERSION = $(lastword $(subst @, ,$(shell cargo pkgid -p wasm-bindgen)))
export PATH := $(HOME)/.cargo/bin:$(PATH)
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: serve check test bench build tools trunk browser lint lint-host lint-view host-checks view-checks host-tests wasm-tests e2e sweep conformance kafka-tools golens-vet

serve: tools trunk
	trunk serve --offline

# Everything CI runs. The real-Kafka suite mostly waits on its brokers (a
# third of one core on average), so it runs beside the rest rather than
# after it: at normal priority, while the lints, the host and wasm tests,
# the build and the browser tests that run two at a time go at nice 10, so
# the suite's timers (session timeouts, librdkafka's sticky partitioner)
# keep the CPU they need. The Go lens vet follows it there, at the same
# priority: niced, it was still running when the build ended and the
# browser tests began, whose pages wait longer and take more CPU beside it
# (2026-12-06, process accounting: the vet's JVMs and Go beside the first
# two and a half minutes of them), where the bundles' work is the same
# whenever it gets the core. Their
# output is held in target/conformance.log and shown when they end, and
# if they failed, their failures' lines are shown again at the very end,
# where a long log is read first. The
# browser tests that time what they see at 1× run last, with nothing else
# beside them but each other (tests/e2e/run.mjs). The
# suite is stopped with the run if anything before fails.
# The host's checks and the view's (wasm) run side by side, each in its own
# target directory: each is mostly one rustc at a time, this crate's front
# end, which is one core's work. Their output is held until each ends (-O).
# (Running the release build beside them, to use the core they leave idle,
# made the run 1.5 min longer, not shorter: 2026-12-04, vmstat in a clean
# clone.)
# Cargo's incremental cache is for the next edit of a developer's tree
# (`make check`, `make serve`); a run from a clean clone only writes it:
# without it the host tests' build took 25.5 core-seconds instead of 30
# (2026-12-05), and the crate is built about ten times in debug here.
test: export CARGO_INCREMENTAL = 0
test: tools browser kafka-tools build/node_modules tests/e2e/node_modules # lint host-tests wasm-tests build e2e conformance golens-vet
	mkdir -p target
	setsid bash -c '$(MAKE) --no-print-directory conformance; suite=$$?; \
	  $(MAKE) --no-print-directory golens-vet && exit $$suite' \
	  > target/conformance.log 2>&1 & suite=$$!; \
	trap 'kill -- -$$suite 2>/dev/null || true' EXIT; \
	nice -n 10 $(MAKE) --no-print-directory -j2 -O host-checks view-checks; \
	nice -n 10 $(MAKE) --no-print-directory build; \
	node build/rebase.mjs dist dist-subpath /kafka-lab/; \
	(cd tests/e2e && nice -n 10 node run.mjs parallel); \
	status=0; wait $$suite || status=$$?; trap - EXIT; \
	cat target/conformance.log; \
	serial=0; (cd tests/e2e && node run.mjs serial) || serial=$$?; \
	if [ $$status -ne 0 ]; then \
	  echo "make test: the real-Kafka suite or the Go lens vet failed; from target/conformance.log:"; \
	  grep -E '^FAILED' target/conformance.log | head -n 20 || true; \
	  grep -E '^conformance: |^harness: |^panic: |FAILED: |^make(\[[0-9]+\])?: \*\*\*' target/conformance.log \
	    | grep -v ' cases written to ' | tail -n 40 || true; \
	fi; \
	[ $$status -ne 0 ] || status=$$serial; \
	exit $$status

# The two halves of lint, each followed by its tests: the host's, and the
# view's for wasm. Each is one make of its own (-j1), so that its lint ends
# before its tests start, as in `make lint` and then the tests.
host-checks:
	$(MAKE) --no-print-directory -j1 lint-host host-tests
view-checks:
	$(MAKE) --no-print-directory -j1 lint-view wasm-tests

# The fast tier: formatting, one clippy pass over every target, and the
# host tests, which are of everything but the view: the view is behind the
# `ui` feature, so Yew is not compiled for them. No browser and no wasm
# build. `make test` runs the same tests (host-tests) and lints the same
# code (lint), and everything else.
MODELS_ONLY := --no-default-features --features lang-ru,lang-en,all-scenes
check:
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings
	cargo test $(MODELS_ONLY)

# The release build, whole, by one entry point (build/dist.mjs): one bundle
# per scene and language (and one more with its levels), and one with
# every scene and both languages, each scene's a link of the library's one
# compile for its language (build/bundles.mjs), the page
# with the loader that starts the one a link needs, and each scene's page
# with its figure pre-rendered in headless Chromium. Trunk is only the
# development server. It runs again only when what it reads has changed,
# so `make bench` or `make e2e` after `make test` reuse the same dist/.
BUILD_INPUTS := $(shell find src static build index.html Cargo.toml Cargo.lock -type f -not -path 'build/node_modules/*')
build: dist/index.html
dist/index.html: $(BUILD_INPUTS) | tools browser build/node_modules
	node build/dist.mjs dist

# Every target on the host but the view; the view where it runs, in wasm,
# with both languages and every scene (the bundle with every scene, and the
# wasm tests'). Yew is then checked for wasm only, not a second time for
# the host. Each build of one language (which leaves out the other's arms,
# `Lang` in src/i18n/lang.rs) is the library of that language's release
# bundles, and the build compiles it with rustc's warnings denied
# (build/bundles.mjs): what a clippy run of one language would add is
# clippy's own lints on code the run above has linted whole.
# The view's lint is the build of its wasm tests, compiled by clippy-driver
# as this crate's rustc (Clippy's README, "Using clippy-driver": clippy's
# lints, then rustc's code) with warnings denied: one build of the
# dependencies for wasm, where a `cargo clippy` checked them and the tests
# compiled them again (2026-12-05, from nothing: 93 core-seconds against
# 114). RUSTFLAGS reaches this crate alone: cargo caps the lints of the
# registry's crates, and with --target no build script or proc macro gets
# it. The view's builds have a target directory of their own, so that they
# can run beside the host's (cargo locks a target directory's host half for
# any build in it).
# A new clone's view build starts from the dependencies the last one
# compiled (build/dep-cache.mjs, which reads the same flags for its key).
VIEW_TARGET_DIR := target/view
VIEW_ENV = RUSTC_WORKSPACE_WRAPPER=clippy-driver RUSTFLAGS="-D warnings"
VIEW_BUILD = $(VIEW_ENV) \
  cargo test --target-dir $(VIEW_TARGET_DIR) --target wasm32-unknown-unknown \
  --no-default-features --features ui,all-scenes,lang-ru,lang-en --test web
VIEW_DEPS = view $(VIEW_TARGET_DIR) wasm32-unknown-unknown/debug debug
lint: lint-host lint-view
lint-host: tools
	cargo fmt --check
	cargo clippy --all-targets $(MODELS_ONLY) -- -D warnings
lint-view: tools
	$(VIEW_ENV) node build/dep-cache.mjs restore $(VIEW_DEPS)
	$(VIEW_BUILD) --no-run
	$(VIEW_ENV) node build/dep-cache.mjs save $(VIEW_DEPS)

# The host tests: the models, the link's parameters, the words, the Go lens
# and the plain geometry the view draws with, without the view (as `make
# check` runs them). The view's tests run where it runs: wasm-tests and the
# browser tests.
host-tests:
	cargo test $(MODELS_ONLY)

# The seed sweep at scale: every preset of every scene, 5000 seeds each
# (`cargo test` runs about 15,000 seeds in all). In a release build the
# 240,000 runs take under two minutes on two cores, several times less
# than in debug.
SWEEP_SEEDS_PER_PRESET ?= 5000
sweep:
	SWEEP_SEEDS_PER_PRESET=$(SWEEP_SEEDS_PER_PRESET) cargo test --release $(MODELS_ONLY) --lib scenes::sweep -- --nocapture

# The app mounted in headless Chromium by wasm-bindgen's runner, from the
# build that lint-view lints (its tests open the log scene in English; the
# crate with every scene and both languages compiles in about 18 s against
# 7 s with that scene and language alone, and saves the dependencies'
# second build).
wasm-tests: tools browser
	CHROMEDRIVER="$$(command -v chromedriver)" \
	CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
	$(VIEW_BUILD)

# Writes BENCHMARKS.md from the release build (built first if a source changed).
bench: build browser tests/e2e/node_modules
	node tests/e2e/bench.mjs

# The same app for a sub-path, as a course site would host it: the files
# of the build above with the sub-path written into the pages' <base href>
# (build/rebase.mjs says why that is all it takes).
e2e: build browser tests/e2e/node_modules
	node build/rebase.mjs dist dist-subpath /kafka-lab/
	cd tests/e2e && npm test

# The real-Kafka conformance suite (tests/kafka/): the plan comes from the
# simulation's constants and presets, the Java harness starts KRaft brokers
# from Maven Central's artifacts and runs the Java cases and the Go harness,
# and the comparator writes target/conformance/report.json and CONFORMANCE.md.
# Maven and the Go module cache keep their downloads between runs. A harness
# that fails still leaves a report of what ran, and the target fails.
CONFORMANCE := target/conformance
KAFKA_JAVA := tests/kafka/java
GO_HARNESS := tests/kafka/go/bin/harness
# The harnesses are built once for both targets (`make test` runs both):
# the Java one's jar and classpath, the Go one, and the class archive of
# the JVMs they start.
KAFKA_CDS := $(KAFKA_JAVA)/target/cds/kafka.jsa
KAFKA_HARNESSES := $(KAFKA_JAVA)/target/classpath.txt $(GO_HARNESS) $(KAFKA_CDS)
$(KAFKA_JAVA)/target/classpath.txt: $(KAFKA_JAVA)/pom.xml $(shell find $(KAFKA_JAVA)/src -type f) | kafka-tools
	mvn -B -q -f $(KAFKA_JAVA)/pom.xml package
	touch $@
$(GO_HARNESS): $(wildcard tests/kafka/go/*.go) tests/kafka/go/go.mod tests/kafka/go/go.sum | kafka-tools
	cd tests/kafka/go && go build -o bin/harness .
# The harness's classpath: its jar, not its classes folder, as a class
# archive can be made only from jars; by its absolute path, as a JVM maps
# the archive only when its classpath names the same files, and a child
# JVM may start in another folder.
KAFKA_CP = $(CURDIR)/$(KAFKA_JAVA)/target/kafka-conformance-1.jar:$$(cat $(KAFKA_JAVA)/target/classpath.txt)
# The harness's own JVM as its brokers' and members' (Cluster.java): C1
# alone and the serial collector. It runs the Java cases' clients, which
# wait on the broker far more than they compute, and on two cores C2's
# compiler threads and G1's workers take from everything beside it.
HARNESS_JVM = java -XX:+UseSerialGC -XX:TieredStopAtLevel=1
# With the class archive, for itself and for every JVM it starts
# (Cds.java); warnings to stderr, as a child's stdout is read.
HARNESS_JAVA = $(HARNESS_JVM) -XX:SharedArchiveFile=$(KAFKA_CDS) -Xlog:disable -Xlog:all=warning:stderr \
  -Dlab.kafka.cds=$(KAFKA_CDS) -cp "$(KAFKA_CP)"
# The archive of the classes that the harness, a broker and a client load
# (JDK 17's static archive): each JVM of the self-check's single broker
# writes its class list (Main --cds-lists), and `java -Xshare:dump`
# archives their union. About 130 JVMs start in a run of the suite and
# the lens vet; each loaded and verified kafka-clients' and the broker's
# classes from the jars.
$(KAFKA_CDS): $(KAFKA_JAVA)/target/classpath.txt
	rm -rf $(@D) && mkdir -p $(@D)
	$(HARNESS_JVM) -XX:DumpLoadedClassList=$(@D)/harness.lst -cp "$(KAFKA_CP)" lab.kafka.Main --cds-lists $(@D)/lists \
	  > $(@D)/lists.log 2>&1 || { cat $(@D)/lists.log; exit 1; }
	awk '!seen[$$0]++' $(@D)/harness.lst $(@D)/lists/*.lst > $(@D)/classes.lst
	java -XX:+UseSerialGC -Xshare:dump -XX:SharedClassListFile=$(@D)/classes.lst -XX:SharedArchiveFile=$(@D)/new.jsa -cp "$(KAFKA_CP)" \
	  > $(@D)/dump.log 2>&1 || { tail -20 $(@D)/dump.log; exit 1; }
	@# -Xshare:on fails where -Xshare:auto, the default, would go on without
	@# the archive: a JVM with the harness's classpath and a folder after it,
	@# as the lens's programs have, must map it.
	$(HARNESS_JVM) -Xshare:on -XX:SharedArchiveFile=$(@D)/new.jsa -cp "$(KAFKA_CP):$(@D)/lists" -version
	mv $(@D)/new.jsa $@

conformance: $(KAFKA_HARNESSES)
	rm -rf $(CONFORMANCE)/facts
	cargo run -q $(MODELS_ONLY) --example conformance -- plan $(CONFORMANCE)/plan.json
	status=0; \
	$(HARNESS_JAVA) lab.kafka.Main \
	  --plan $(CONFORMANCE)/plan.json --out-dir $(CONFORMANCE)/facts --go-harness $(GO_HARNESS) || status=$$?; \
	cargo run -q $(MODELS_ONLY) --example conformance -- report $(CONFORMANCE)/plan.json $(CONFORMANCE)/facts $(CONFORMANCE) CONFORMANCE.md \
	  || status=$$?; \
	exit $$status

# Every snippet the Go client lens prints (src/golens), for each lens
# scene's presets and a sample of settings, compiled: the Go ones by
# `go vet` on the conformance suite's pinned modules (cgo for
# confluent-kafka-go), the Java ones by javac on its kafka-clients. Then
# each distinct program runs once against three KRaft brokers, with a time
# limit (tests/kafka/go/golensrun.go): a producer must end and have
# written, a consumer must handle every record of its topic, and a program
# that hangs or panics fails the target.
GOLENS := target/golens
golens-vet: $(KAFKA_HARNESSES)
	rm -rf $(GOLENS)
	cargo run -q $(MODELS_ONLY) --example golens -- $(GOLENS)
	cd $(GOLENS) && GOFLAGS=-mod=mod CGO_ENABLED=1 go vet ./...
	javac -encoding UTF-8 -d $(GOLENS)/classes -cp "$$(cat $(KAFKA_JAVA)/target/classpath.txt)" $$(find $(GOLENS)/java -name Main.java)
	$(HARNESS_JAVA) lab.kafka.Main \
	  --golens-run $(GOLENS) --go-harness $(GO_HARNESS)

# The JDK, Maven, Go and gcc (for confluent-kafka-go's cgo) come with the
# project's machines; Debian's packages stand in for a missing JDK or Maven.
kafka-tools:
	@command -v mvn >/dev/null && command -v javac >/dev/null \
	  || { $(SUDO) apt-get update && $(SUDO) apt-get install -y openjdk-17-jdk-headless maven; }
	@command -v go >/dev/null || { echo "make conformance needs Go 1.24 or later on PATH" >&2; exit 1; }
	@command -v gcc >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y gcc; }

tests/e2e/node_modules: tests/e2e/package-lock.json
	cd tests/e2e && npm ci --no-audit --no-fund
	touch $@

build/node_modules: build/package-lock.json
	cd build && npm ci --no-audit --no-fund
	touch $@

tools:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown \
	  || rustup target add wasm32-unknown-unknown
	@# The standard library's sources, which the release bundles compile (build/bundles.mjs, BUILD_STD).
	@rustup component list --installed | grep -q '^rust-src' \
	  || rustup component add rust-src
	@# No --locked: the CLI's own lockfile pins a webpki-roots release the registry lacks.
	@wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $(WASM_BINDGEN_VERSION)" \
	  || cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION)

# Only the development server needs trunk; the release build does not, nor
# wasm-opt (build/bundles.mjs says why), which trunk runs for `--release`
# (index.html's data-wasm-opt, Trunk.toml).
trunk:
	@trunk --version 2>/dev/null | grep -qx "trunk $(TRUNK_VERSION)" \
	  || cargo install --locked trunk --version $(TRUNK_VERSION)
	@wasm-opt --version 2>/dev/null | grep -q "version $(BINARYEN_VERSION)" \
	  || $(SUDO) npm install -g binaryen@$(BINARYEN_VERSION)

# Debian's Chromium: its driver for the wasm-bindgen tests, and its headless
# shell for the build's pre-render and the browser tests (build/lib.mjs).
browser:
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null \
	  && command -v chromium-headless-shell >/dev/null \
	  || { $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium chromium-driver chromium-headless-shell; }
