# isobench — make demo · make test · make bench · make clean
# Java 25 is found via JAVA_HOME or /usr/lib/jvm/temurin-25-jdk-amd64 (scripts/java-home.sh says what is missing).
# Components add their own targets in a .mk of their own; they append to TEST_TARGETS, BENCH_TARGETS, TOOLS.
SHELL := /bin/bash
.DEFAULT_GOAL := help

JAVA_HOME := $(shell scripts/java-home.sh)
export JAVA_HOME
MVN := mvn -B -q
RUNNER := runner-image/bin/isobench-runner
RUNNER_JAR := runner-image/target/isobench-runner.jar
# the runner's class-data archive beside its jar, which the launcher starts its JVMs with while it is newer than the jar
RUNNER_JSA := runner-image/target/isobench-runner.jsa
OUT ?= out
FULL ?= 0
SERVE ?= 1
# Go-built tools (cached in ~/.cache/isobench, keyed by version) that tests need
TOOLS :=
TEST_TARGETS := lint test-scripts test-java test-mutation
BENCH_TARGETS := bench-dispatch bench-echo bench-http bench-http-peers bench-ipc bench-rsocket bench-compare bench-change-points

-include local-cluster/cluster.mk
-include reports-site/site.mk
-include operator/operator.mk
-include charts/charts.mk
-include images/images.mk
-include e2e/e2e.mk
-include examples/custom-target/custom-target.mk

.PHONY: help build runner-archive tools test lint lint-java format test-java test-scripts test-mutation mutation demo bench bench-dispatch bench-echo bench-http bench-http-peers bench-ipc bench-rsocket bench-compare bench-change-points clean

help:
	@echo "make demo        build, run a short pass, print the tables as the published write-ups lay them out, publish and serve the site (SERVE=0: publish to out/site and exit; FULL=1: the write-ups' scale)"
	@echo "make test        every test of every part"
	@echo "make runner-archive  the runner's class-data archive beside its jar (the demo and the benches make it): its JVMs start 0.6-1.5 s sooner"
	@echo "make bench       side-by-side benchmarks; rewrites their sections of BENCHMARKS.md"
	@echo "make lint        the Java format and the site's ESLint and Prettier checks (first in make test; Error Prone runs in every compile)"
	@echo "make format      formats the Java (palantir-java-format, via Spotless) and the site's TypeScript and Node scripts (Prettier)"
	@echo "make mutation    mutation testing: PIT on result-format, compare, the runner's harness, the operator's results/steps; Stryker on the site's statistics; scores in BENCHMARKS.md"
	@echo "make e2e         the whole product on a local cluster with a real node: helm install, every example, site, security (root)"
	@echo "make clean       remove build output and $(OUT)/ (a local cluster in $(OUT)/cluster is stopped first)"

# every module's sources, the operator's two levels down too
$(RUNNER_JAR): $(shell find pom.xml */pom.xml */*/pom.xml */src */*/src -name pom.xml -o -name '*.java' 2>/dev/null)
	$(MVN) -DskipTests package

build: $(RUNNER_JAR)

# what training runs of every built-in target load (images/runner-cds.sh, as the runner image has it): a runner JVM
# then starts 0.6-1.5 s sooner on one CPU; made for the demo and the benches (their many forks), ≈ 40 s after each build
runner-archive: $(RUNNER_JSA)
$(RUNNER_JSA): $(RUNNER_JAR) images/runner-cds.sh $(RUNNER)
	ISOBENCH_RUNNER_JAR=$(RUNNER_JAR) images/runner-cds.sh $(RUNNER) $@

tools:
	@[ -z "$(strip $(TOOLS))" ] || local-cluster/tools.sh $(sort $(TOOLS))

test: tools $(TEST_TARGETS)

test-java: tools
	$(MVN) verify

# The Python that judges bench rounds and the mutation gate (scripts/*_test.py)
test-scripts:
	python3 -m unittest discover -s scripts -p '*_test.py' -q

# First in make test, being quick: the format of every Java file and the site's lint (test-java checks the format again
# at verify; Error Prone runs inside every compile)
lint: lint-java lint-site

lint-java:
	$(MVN) spotless:check

format: format-site
	$(MVN) spotless:apply

# The gate on the verdict code (make test): every surviving mutant killed or explained (config/mutation/); incremental
test-mutation: reports-site/node_modules/.package-lock.json
	@MVN="$(MVN)" scripts/mutation-gate.sh "$(OUT)"

# Every mutant of the verdict code's modules and of the site's statistics, scored per package (BENCHMARKS.md)
MUTATION_REPORTS := result-format/target/pit-reports/mutations.xml compare/target/pit-reports/mutations.xml runner-image/target/pit-reports/mutations.xml \
	operator/controller/target/pit-reports/mutations.xml reports-site/reports/mutation/mutation.json
mutation: reports-site/node_modules/.package-lock.json
	@start=$$SECONDS && $(MVN) -pl result-format,compare,runner-image,operator/controller -am test-compile org.pitest:pitest-maven:mutationCoverage \
	  && pit=$$((SECONDS - start)) && start=$$SECONDS && (cd reports-site && npx stryker run) \
	  && scripts/mutation-report.sh "$(OUT)" $$pit $$((SECONDS - start)) $(MUTATION_REPORTS)

demo: $(RUNNER_JSA) site-build
	@SERVE=$(SERVE) scripts/demo.sh "$(OUT)" "$(FULL)"

bench: $(BENCH_TARGETS)

bench-dispatch: $(RUNNER_JSA)
	@scripts/bench-dispatch.sh "$(OUT)/bench"

bench-echo: $(RUNNER_JSA)
	@scripts/bench-echo.sh "$(OUT)/bench"

bench-http: $(RUNNER_JSA)
	@scripts/bench-http.sh "$(OUT)/bench"

# our HTTP generator vs wrk and h2load against a server that keeps up with all three (scripts/http-responder.c;
# SERVER=nginx for nginx, the limit itself on 2 CPUs): issue #20
bench-http-peers: $(RUNNER_JSA)
	@scripts/bench-http-peers.sh "$(OUT)/bench"

bench-ipc: $(RUNNER_JSA)
	@scripts/bench-ipc.sh "$(OUT)/bench"

bench-rsocket: $(RUNNER_JSA)
	@scripts/bench-rsocket.sh "$(OUT)/bench"

# The compare rule's error rate and power on recorded repetitions (CalibrationTest, docs/compare.md § Calibration)
bench-compare:
	$(MVN) -pl compare -am verify -Dtest=CalibrationTest -Dsurefire.failIfNoSpecifiedTests=false
	@{ echo "## Comparing runs: error rate and power"; echo; \
	   echo "\`make bench-compare\` — \`CalibrationTest\` (in \`make test\`) on the repetitions recorded in \`compare/src/test/resources/io/isobench/compare/recorded/\` (how: its README): each step's repetitions split at random into disjoint A and B, both runs compared as \`isobench-runner compare\` does (every step × p50, p99, p99.9; Holm; 5 % threshold). A/A: the share of run comparisons that report any change (must be ≤ 5 %). Power: B's latencies × 1.10, the share of steps whose p50 is found slower. $$(date -u +%FT%TZ)."; echo; \
	   cat compare/target/calibration.md; echo; \
	   echo "The error rate must hold whatever the machine; the power depends on how much p50 moves from one repetition to the next (the spread column): with 5 repetitions no test finds a 10 % change reliably in a spread of 10 % or more. udp-echo-closed and dispatch-closed were recorded on a 2-vCPU VM under other engineers' builds (load average 10–16); udp-echo-closed-quiet on the same VM with nothing else running (p50 moving 2–3 % between repetitions, as on a dedicated node: the operator's Exclusive runs), where the power is what a user of a quiet node gets. More repetitions (the 10 × 10 rows, \`--repetitions auto\`) raise it further."; \
	   } | scripts/bench-section.sh compare

bench-change-points:
	$(MVN) -pl compare -am verify -Dtest=ChangePointCalibrationTest -Dsurefire.failIfNoSpecifiedTests=false
	@{ echo "## Change points"; echo; \
	   echo "\`make bench-change-points\` — \`ChangePointCalibrationTest\` (in \`make test\`) on the repetitions recorded in \`compare/src/test/resources/io/isobench/compare/recorded/\`: series of runs, each run 3 repetitions drawn at random from one build, judged run by run by the change-point rule (docs/compare.md § Change points: two windows of 10 runs, Welch on log values, Holm, α = 0.0005 per boundary, 5 % threshold; stated false-alarm rate ≤ 5 % per series of 100 runs). No change: the share of series with any change point (must be ≤ 5 %). Power: every latency × 1.10 from run 50 on, the share of series with a slower change point within a window of it, and marked exactly at runs 49/50. $$(date -u +%FT%TZ)."; echo; \
	   cat compare/target/change-points.md; echo; \
	   echo "The false-alarm rate holds on every recording. udp-echo-closed and dispatch-closed come from a 2-vCPU VM under other engineers' builds (p50 moving 11–445 % between repetitions), where a 10 % step is mostly below the noise; udp-echo-closed-quiet from the same VM with nothing else running (p50 moving 2–3 %, as on a dedicated node: the operator's Exclusive runs), where it is what a user of a quiet node gets (ChangePointRuleTest: a 20 % step at 1 % noise, found and placed exactly)."; \
	   } | scripts/bench-section.sh change-points

clean:
	$(MVN) clean
	@scripts/clean-out.sh "$(OUT)"

