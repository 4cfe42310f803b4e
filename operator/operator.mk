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
