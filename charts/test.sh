#!/usr/bin/env bash
# The chart's tests (make test-chart): CRD copy identical to crds/, helm lint of every ci/ value set, helm-unittest
# for every template, and every value set's rendering accepted by a real API server (server-side dry-run) that
# also knows the Prometheus Operator's CRDs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
chart=$root/charts/isobench
BIN=$HOME/.cache/isobench/bin
fail() { echo "test-chart: FAIL: $*" >&2; exit 1; }

for f in "$root"/crds/*.yml; do
  cmp -s "$f" "$chart/crds/$(basename "$f")" || fail "charts/isobench/crds/$(basename "$f") differs from crds/ (run: make crds)"
done

for values in "$chart"/ci/*-values.yaml; do
  "$BIN/helm" lint --strict "$chart" -f "$values" >/dev/null \
    || { "$BIN/helm" lint --strict "$chart" -f "$values"; fail "helm lint with $(basename "$values")"; }
done
# editors validate values as users type: the schema line comes first
[ "$(head -1 "$chart/values.yaml")" = "# yaml-language-server: \$schema=values.schema.json" ] || fail "values.yaml does not start with its schema line"
# the README's first command works offline: `helm template` without --kube-version (Helm then assumes Kubernetes 1.20)
"$BIN/helm" template t "$chart" >/dev/null || { "$BIN/helm" template t "$chart" | head -5; fail "helm template without --kube-version"; }
# a value the schema does not know is refused
if "$BIN/helm" template t "$chart" --kube-version 1.34.0 --set operator.replica=2 >/dev/null 2>&1; then fail "values.schema.json accepted an unknown key"; fi

"$BIN/helm-unittest" --strict "$chart" >/dev/null || { "$BIN/helm-unittest" --strict "$chart"; fail "helm-unittest"; }
"$root/charts/rules-test.sh"
"$root/charts/contracts-test.sh"

state=$(mktemp -d /tmp/isobench-chart-test.XXXXXX)
trap '"$root/local-cluster/down.sh" --state-dir "$state" --purge >/dev/null 2>&1 || true' EXIT
timeout 180 "$root/local-cluster/up.sh" --state-dir "$state" --port-base $((26600 + RANDOM % 10 * 20)) >/dev/null
K="$BIN/kubectl --kubeconfig $state/kubeconfig"
$K apply --server-side -f "$HOME/.cache/isobench/prometheus-operator-crds/" >/dev/null
$K apply --server-side -f "$root/crds/" >/dev/null
# kubectl wait errors out (instead of waiting) while a new CRD has no status.conditions yet: retry until it has
for attempt in $(seq 1 100); do
  $K wait --for=condition=Established crd/servicemonitors.monitoring.coreos.com crd/benchmarkruns.isobench.io --timeout=60s >/dev/null 2>&1 && break
  [ "$attempt" -lt 100 ] || fail "the CRDs did not become Established"
  sleep 0.2
done
for values in "$chart"/ci/*-values.yaml; do
  name=$(basename "$values" -values.yaml)
  ns=isobench-$name
  $K create namespace "$ns" >/dev/null
  $K create namespace isobench-runs --dry-run=client -o yaml | $K apply -f - >/dev/null
  rendered=$("$BIN/helm" template "t-$name" "$chart" -n "$ns" -f "$values" --kube-version 1.34.0 --api-versions monitoring.coreos.com/v1 --skip-tests)
  # namespaces the chart creates must exist before objects in them can be dry-run
  echo "$rendered" | $K apply --dry-run=server -f - >/dev/null || fail "the API server rejected the rendering with ci/$(basename "$values")"
done
"$root/charts/upgrade-uninstall-test.sh" "$state/kubeconfig"
"$root/charts/prometheus-test.sh" "$state/kubeconfig"
echo "test-chart: OK (CRD copy, lint × $(ls "$chart"/ci/*-values.yaml | wc -l), schema, helm-unittest, server-side dry-run incl. Prometheus Operator CRDs, CRD upgrade, uninstall hook)"
