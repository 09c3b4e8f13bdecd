# Two commands: `make serve` runs the app, `make test` runs every test.
# Each first installs whatever tool is missing, and skips what is present.
# `make check` is the fast tier to run before each commit.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

TRUNK_VERSION := 0.21.14
BINARYEN_VERSION := 132
# wasm-bindgen-cli must match the wasm-bindgen in Cargo.lock exactly.
WASM_BINDGEN_VERSION = $(shell awk '/^name = "wasm-bindgen"$$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
export PATH := $(HOME)/.cargo/bin:$(PATH)
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: serve check test bench build tools browser lint host-tests wasm-tests e2e sweep conformance kafka-tools golens-vet

serve: tools
	trunk serve --offline

test: tools browser lint host-tests wasm-tests build e2e golens-vet conformance

# The fast tier: formatting, one clippy pass over every target, and the
# host tests of everything but the view, which is behind the `ui` feature,
# so Yew is not compiled for them. No browser and no wasm build. `make
# test` runs the same (in lint and host-tests), the view's own host tests
# and everything else.
MODELS_ONLY := --no-default-features --features lang-ru,lang-en,all-scenes
check:
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings
	cargo test $(MODELS_ONLY)

# The release build: one bundle per scene and language, which a scene's
# page loads (tests/e2e/scene-bundles.mjs), then trunk's, one per language
# with every scene; tests/e2e/languages.mjs puts them all into the pages,
# with a loader that starts the one the link needs. Trunk's Russian output
# stays in target/dist-ru for the sub-path build below. Then each scene's
# page with its figure pre-rendered (tests/e2e/prerender.mjs drives the
# built app in headless Chromium).
ONE_LANGUAGE = --no-default-features --features ui,all-scenes,
SCENE_BUNDLES := target/scene-bundles
build: tools browser tests/e2e/node_modules
	node tests/e2e/scene-bundles.mjs $(SCENE_BUNDLES)
	trunk build --release --offline $(ONE_LANGUAGE)lang-en --dist target/dist-en
	trunk build --release --offline $(ONE_LANGUAGE)lang-ru --dist target/dist-ru
	rm -rf dist && cp -r target/dist-ru dist
	node tests/e2e/languages.mjs dist target/dist-en $(SCENE_BUNDLES)
	node tests/e2e/prerender.mjs dist

# Also each one-language bundle's code, which leaves out the other
# language's arms (`Lang` in src/params/mod.rs), and one scene's bundle,
# whose code stands in for the scenes it leaves out.
lint: tools
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings
	cargo clippy --target wasm32-unknown-unknown $(ONE_LANGUAGE)lang-ru -- -D warnings
	cargo clippy --target wasm32-unknown-unknown $(ONE_LANGUAGE)lang-en -- -D warnings
	cargo clippy --target wasm32-unknown-unknown --no-default-features --features ui,lang-ru,scene-log -- -D warnings

# Both builds: with the view, and the models alone (as `make check` runs
# them), so nothing the models need can come to depend on the view.
host-tests:
	cargo test
	cargo test $(MODELS_ONLY)

# The seed sweep at scale: every preset of every scene, 5000 seeds each
# (`cargo test` runs about 15,000 seeds in all). In a release build the
# 240,000 runs take under two minutes on two cores, several times less
# than in debug.
SWEEP_SEEDS_PER_PRESET ?= 5000
sweep:
	SWEEP_SEEDS_PER_PRESET=$(SWEEP_SEEDS_PER_PRESET) cargo test --release --test sweep -- --nocapture

wasm-tests: tools browser
	CHROMEDRIVER="$$(command -v chromedriver)" \
	CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
	cargo test --target wasm32-unknown-unknown --test web

# Writes BENCHMARKS.md from a fresh release build.
bench: build browser tests/e2e/node_modules
	node tests/e2e/bench.mjs

# The same app for a sub-path, as a course site would host it: the files
# of the build above with the sub-path written into the pages, not a
# second build (tests/e2e/languages.mjs says why that is the same).
e2e: build browser tests/e2e/node_modules
	rm -rf dist-subpath && cp -r target/dist-ru dist-subpath
	node tests/e2e/languages.mjs dist-subpath target/dist-en $(SCENE_BUNDLES) /kafka-lab/
	node tests/e2e/prerender.mjs dist-subpath
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

conformance: kafka-tools
	mvn -B -q -f $(KAFKA_JAVA)/pom.xml package
	cd tests/kafka/go && go build -o bin/harness .
	rm -rf $(CONFORMANCE)/facts
	cargo run -q --example conformance -- plan $(CONFORMANCE)/plan.json
	status=0; \
	java -cp "$(KAFKA_JAVA)/target/classes:$$(cat $(KAFKA_JAVA)/target/classpath.txt)" lab.kafka.Main \
	  --plan $(CONFORMANCE)/plan.json --out-dir $(CONFORMANCE)/facts --go-harness $(GO_HARNESS) || status=$$?; \
	cargo run -q --example conformance -- report $(CONFORMANCE)/plan.json $(CONFORMANCE)/facts $(CONFORMANCE) CONFORMANCE.md \
	  || status=$$?; \
	exit $$status

# Every snippet the Go client lens prints (src/golens), for each lens
# scene's presets and a sample of settings, compiled: the Go ones by
# `go vet` on the conformance suite's pinned modules (cgo for
# confluent-kafka-go), the Java ones by javac on its kafka-clients.
GOLENS := target/golens
golens-vet: kafka-tools
	mvn -B -q -f $(KAFKA_JAVA)/pom.xml package
	rm -rf $(GOLENS)
	cargo run -q --example golens -- $(GOLENS)
	cd $(GOLENS) && GOFLAGS=-mod=mod CGO_ENABLED=1 go vet ./...
	javac -encoding UTF-8 -d $(GOLENS)/classes -cp "$$(cat $(KAFKA_JAVA)/target/classpath.txt)" $$(find $(GOLENS)/java -name Main.java)

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

tools:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown \
	  || rustup target add wasm32-unknown-unknown
	@trunk --version 2>/dev/null | grep -qx "trunk $(TRUNK_VERSION)" \
	  || cargo install --locked trunk --version $(TRUNK_VERSION)
	@# No --locked: the CLI's own lockfile pins a webpki-roots release the registry lacks.
	@wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $(WASM_BINDGEN_VERSION)" \
	  || cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION)
	@wasm-opt --version 2>/dev/null | grep -q "version $(BINARYEN_VERSION)" \
	  || $(SUDO) npm install -g binaryen@$(BINARYEN_VERSION)

browser:
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null \
	  || { $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium chromium-driver; }
