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
	   echo "\`make bench-operator-start\` — against the local cluster (real API server, scheduler, job controller; kwok nodes) and MinIO. Start: the operator run as its image runs it — the image's /opt (\`images/build-oci.sh --opt operator\`: its jlinked runtime, jars and AOT cache from a training run, \`images/aot-training.sh\`; \`java -XX:AOTCache=… -XX:MaxRAM=768m -XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError -jar\`: the image's options, the chart's memory limit as the JVM in the pod sees it) — and beside it the same runtime without the AOT cache and the build's full JDK, both on the packaged jar, leader election on, store and site bundle configured; from process start to holding the Lease and to its first reconcile of a run created before it started (the API polled every 10 ms). Goal (#20): ≤ 5 s, ≤ 256 MiB RSS. Apply → Job: one run at a time, each on the idle pool once the last one's Job and pod are gone, from the create call to the Job's arrival on a watch; operator in-process. Goal: p99 < 1 s. $$(date -u +%FT%TZ), $$(nproc) CPUs, load average $$(cut -d' ' -f1-3 /proc/loadavg)."; echo; \
	   cat "$(OUT)/bench/operator-start.md"; echo; cat "$(OUT)/bench/operator-idle.md"; } | scripts/bench-section.sh operator-start
BENCH_TARGETS += bench-operator-start
