#!/usr/bin/env bash
# The chart's PrometheusRule through Prometheus's own tools: every rule parses (promtool check rules) and the alerts fire
# on what they are about, and only on that (promtool test rules, charts/rules-test.yaml).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "test-chart (rules): FAIL: $*" >&2; exit 1; }
command -v promtool >/dev/null || fail "promtool is missing (Debian package prometheus; .ci/prerequisites.sh installs it)"
work=$(mktemp -d /tmp/isobench-rules-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
"$HOME/.cache/isobench/bin/helm" template isobench "$root/charts/isobench" -n isobench-system --set metrics.prometheusRule.enabled=true \
  --show-only templates/prometheusrule.yaml \
  | python3 -c 'import sys, yaml; yaml.safe_dump({"groups": yaml.safe_load(sys.stdin)["spec"]["groups"]}, sys.stdout)' >"$work/rules.yml"
cp "$root/charts/rules-test.yaml" "$work/"
promtool check rules "$work/rules.yml" >"$work/check.txt" 2>&1 || { cat "$work/check.txt" >&2; fail "promtool check rules"; }
(cd "$work" && promtool test rules rules-test.yaml) >"$work/test.txt" 2>&1 || { cat "$work/test.txt" >&2; fail "promtool test rules"; }
echo "test-chart (rules): OK ($(grep -o '[0-9]* rules found' "$work/check.txt"); alerts fire as charts/rules-test.yaml expects)"
