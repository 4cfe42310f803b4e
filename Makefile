# isobench — make demo · make test · make bench · make clean
# Java 25 is found via JAVA_HOME or /usr/lib/jvm/temurin-25-jdk-amd64 (scripts/java-home.sh says what is missing).
SHELL := /bin/bash
.DEFAULT_GOAL := help

JAVA_HOME := $(shell scripts/java-home.sh)
export JAVA_HOME
MVN := mvn -B -q
RUNNER := runner-image/bin/isobench-runner
RUNNER_JAR := runner-image/target/isobench-runner.jar
OUT ?= out
FULL ?= 0

.PHONY: help build test demo bench bench-dispatch clean

help:
	@echo "make demo        build, run a short dispatch sweep (FULL=1: the seed-scale sweep), print the seed-style table"
	@echo "make test        every test of every part"
	@echo "make bench       side-by-side benchmarks; rewrites their sections of BENCHMARKS.md"
	@echo "make clean       remove build output and $(OUT)/"

$(RUNNER_JAR): $(shell find pom.xml result-format runner-image -name pom.xml -o -name '*.java' 2>/dev/null | grep -v /target/)
	$(MVN) -DskipTests package

build: $(RUNNER_JAR)

test:
	$(MVN) verify

demo: $(RUNNER_JAR)
	@scripts/demo.sh "$(OUT)" "$(FULL)"

bench: bench-dispatch

bench-dispatch: $(RUNNER_JAR)
	@scripts/bench-dispatch.sh "$(OUT)/bench"

clean:
	$(MVN) clean
	rm -rf "$(OUT)"
