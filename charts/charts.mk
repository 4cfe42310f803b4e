# charts/: the Helm chart (included by the root Makefile)
TOOLS += helm helm-unittest prometheus-crds
TEST_TARGETS += test-chart

.PHONY: test-chart
test-chart: tools build
	@charts/test.sh
