# operator/: CRD generation and the operator benchmark (included by the root Makefile)
.PHONY: crds docs bench-operator

# Regenerate the CRD from operator/api and refresh every committed copy (crds/, the chart, docs/crd-reference.md)
crds:
	$(MVN) -pl operator/api -am -DskipTests package
	$(MVN) -pl operator/api surefire:test -Dtest="CrdDriftTest,CrdReferenceDocTest" -Disobench.crd.update=true -Dsurefire.failIfNoSpecifiedTests=false

# Regenerate the docs made from the code (node sizes per example, failure reasons) and fail when they differ
docs:
	$(MVN) -pl operator/controller -am verify -Dtest="*DocTest" -Dit.test=NONE -Disobench.docs.update=true \
	  -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false

# 1,000 BenchmarkRuns at once against the local cluster: settle time, apply→Job p50/p99, heap (BENCHMARKS.md)
bench-operator: tools
	rm -f $(OUT)/bench/operator.md
	-$(MVN) -pl operator/controller -am verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
	  -Dit.test='OperatorScaleBenchmark#thousandRunsAtOnce' -Dfailsafe.failIfNoSpecifiedTests=false \
	  -Disobench.bench.out=$(abspath $(OUT))/bench/operator.md
	@test -s $(OUT)/bench/operator.md || { echo "bench-operator: no figures (see the Maven output above)"; exit 1; }
	@{ echo "## Operator: 1,000 BenchmarkRuns at once"; echo; \
	   echo "\`make bench-operator\` — created by 16 client threads against the local cluster (real API server, scheduler, job controller; kwok nodes), operator in-process. $$(date -u +%FT%TZ), $$(nproc) CPUs."; echo; \
	   cat "$(OUT)/bench/operator.md"; } | scripts/bench-section.sh operator

BENCH_TARGETS += bench-operator

# The operator as its image starts it (the packaged jar, the image's JVM options, leader election on): start → leader →
# a run reconciled, resident memory; then apply → runner Job on an idle pool, one run at a time (BENCHMARKS.md)
.PHONY: bench-operator-start
bench-operator-start: tools
	rm -f $(OUT)/bench/operator-start.md $(OUT)/bench/operator-idle.md
	$(MVN) -pl operator/controller -am -DskipTests package
	images/build-oci.sh --opt operator $(abspath $(OUT))/bench/operator-image
	-$(MVN) -pl operator/controller -am verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
	  -Dit.test='OperatorScaleBenchmark#startedAsItsImageStartsIt+applyToJobOnAnIdlePool' -Dfailsafe.failIfNoSpecifiedTests=false \
	  "-Disobench.bench.javas=the image (runtime and AOT cache)=image:$(abspath $(OUT))/bench/operator-image,the image's runtime without the AOT cache=$(abspath $(OUT))/bench/operator-image/opt/java/bin/java,the build's JDK=$$(scripts/java-home.sh)/bin/java" \
	  -Disobench.bench.operator-start=$(abspath $(OUT))/bench/operator-start.md \
	  -Disobench.bench.operator-idle=$(abspath $(OUT))/bench/operator-idle.md
	@test -s $(OUT)/bench/operator-start.md && test -s $(OUT)/bench/operator-idle.md || { echo "bench-operator-start: no figures (see the Maven output above)"; exit 1; }
	@{ echo "## Operator: start, memory, apply → Job on an idle pool"; echo; \
	   echo "\`make bench-operator-start\` — against the local cluster (real API server, scheduler, job controller; kwok nodes) and MinIO. Start: the operator run as its image runs it — the image's /opt (\`images/build-oci.sh --opt operator\`: its jlinked runtime, jars and AOT cache from a training run, \`images/aot-training.sh\`; \`java -XX:AOTCache=… -XX:MaxRAM=768m -XX:+UseSerialGC\` and the image's JVM options, \`images/operator.jvm-options\`: the chart's memory limit as the JVM in the pod sees it, the collector it picks there, the image's options) — and beside it the same runtime without the AOT cache and the build's full JDK, both on the packaged jar, leader election on, store and site bundle configured; from process start to holding the Lease and to its first reconcile of a run created before it started (the API polled every 10 ms). Goal (#20): ≤ 5 s, ≤ 256 MiB RSS. Apply → Job: one run at a time, each on the idle pool once the last one's Job and pod are gone, from the create call to the Job's arrival on a watch; operator in-process. Goal: p99 < 1 s. $$(date -u +%FT%TZ), $$(nproc) CPUs, load average $$(cut -d' ' -f1-3 /proc/loadavg)."; echo; \
	   cat "$(OUT)/bench/operator-start.md"; echo; cat "$(OUT)/bench/operator-idle.md"; } | scripts/bench-section.sh operator-start
BENCH_TARGETS += bench-operator-start

# The operator as its image starts it, under load: 300 runs created at once, settled, then deleted; its resident
# memory then and at its peak, with each JVM option set (the image's now, and the candidates) in a random order per round
.PHONY: bench-operator-memory
OPERATOR_MEMORY_OPTIONS ?= the image's options (C1 only)=;with C2 (the image before)=-XX:TieredStopAtLevel=4;G1 and C2 (what the JVM picks with a limit of 1792 MiB or more)=-XX:-UseSerialGC -XX:+UseG1GC -XX:TieredStopAtLevel=4
bench-operator-memory: tools
	rm -f $(OUT)/bench/operator-memory.md
	$(MVN) -pl operator/controller -am -DskipTests package
	images/build-oci.sh --opt operator $(abspath $(OUT))/bench/operator-image
	-$(MVN) -pl operator/controller -am verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
	  -Dit.test='OperatorScaleBenchmark#residentMemoryUnderLoad' -Dfailsafe.failIfNoSpecifiedTests=false \
	  -Disobench.bench.memoryJava=image:$(abspath $(OUT))/bench/operator-image \
	  "-Disobench.bench.memoryOptions=$(OPERATOR_MEMORY_OPTIONS)" \
	  -Disobench.bench.operator-memory=$(abspath $(OUT))/bench/operator-memory.md
	@test -s $(OUT)/bench/operator-memory.md || { echo "bench-operator-memory: no figures (see the Maven output above)"; exit 1; }
	@{ echo "## Operator: resident memory under load"; echo; \
	   echo "\`make bench-operator-memory\` (\`OperatorScaleBenchmark#residentMemoryUnderLoad\`) — against the local cluster (real API server, scheduler, job controller; kwok nodes) and MinIO. The operator image's /opt (\`images/build-oci.sh --opt operator\`) started as its entrypoint starts it, with the chart's memory limit as the JVM in the pod sees it and the collector it picks there (\`-XX:MaxRAM=768m -XX:+UseSerialGC\`) and the image's JVM options (\`images/operator.jvm-options\`), leader election on; then 300 runs created at once by 16 clients (Shared: each that fits the kwok pool gets its Job and pod), until every one is Queued with a position, Scheduled or Running, then all deleted (the operator removes their Jobs and finalizers). Resident memory (VmRSS) when they settled, when all were gone and 10 s later, and the peak (VmHWM). Option sets added to the image's command line, in a random order each round. Goal (#20): ≤ 256 MiB. $$(date -u +%FT%TZ), $$(nproc) CPUs, load average $$(cut -d' ' -f1-3 /proc/loadavg)."; echo; \
	   cat "$(OUT)/bench/operator-memory.md"; } | scripts/bench-section.sh operator-memory
BENCH_TARGETS += bench-operator-memory
