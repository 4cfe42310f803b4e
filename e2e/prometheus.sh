#!/usr/bin/env bash
# e2e: Debian's Prometheus scrapes the operator pod and a runner pod while it measures, through the chart's
# ServiceMonitor and PodMonitor (e2e/monitors_to_prometheus.py selects the targets through the API server as the
# Prometheus Operator would; Debian's Prometheus lacks Kubernetes service discovery).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
K="$HOME/.cache/isobench/bin/kubectl"
state=$E2E_STATE out=$E2E_OUT
work=$state/prometheus; mkdir -p "$work"
$K get servicemonitors,podmonitors -A -o json >"$work/monitors.json"
[ "$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["items"]))' "$work/monitors.json")" = 2 ] \
  || { echo "prometheus: the chart installed no ServiceMonitor/PodMonitor" >&2; exit 1; }
mkdir -p "$work/targets"
python3 "$here/monitors_to_prometheus.py" config "$work/monitors.json" "$work/targets" >"$work/prometheus.yml"
python3 "$here/monitors_to_prometheus.py" discover "$work/monitors.json" "$work/targets" $K >"$work/discovery.log" 2>&1 &
discovery=$!
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" --web.listen-address="127.0.0.1:$port" >"$work/prometheus.log" 2>&1 &
prom=$!
trap 'kill $prom $discovery 2>/dev/null || true; wait $prom $discovery 2>/dev/null || true' EXIT
# a run that measures for long enough to be scraped many times (5 s interval), whatever discovery and the first scrape lag
python3 - <<'PY' | $K apply -n e2e -f - >/dev/null
import json
print(json.dumps({"apiVersion": "isobench.io/v1alpha1", "kind": "BenchmarkRun", "metadata": {"name": "e2e-metrics"}, "spec": {
    "target": {"dispatch": {"queues": ["isobench"], "ringSize": 4096}},
    "load": {"mode": "Open", "rates": [2000], "warmup": "1s", "duration": "60s", "repetitions": 1, "probeDuration": "100ms"},
    "placement": {"client": {"cpus": 1}, "agent": {"cpus": 0}, "nodeSelector": {"isobench.io/pool": "real"}},
    "timeout": "10m", "report": {"labels": {"suite": "e2e"}}}}))
PY
query() { curl -sf "http://127.0.0.1:$port/api/v1/query" --data-urlencode "query=$1" | python3 -c 'import json,sys; r=json.load(sys.stdin)["data"]["result"]; print(max([float(x["value"][1]) for x in r], default=-1))'; }
ok=0
for _ in $(seq 1 120); do
  op=$(query 'max(up{job=~"servicemonitor/.*"})' 2>/dev/null || echo -1)
  runner=$(query 'max(up{job=~"podmonitor/.*", run="e2e-metrics"})' 2>/dev/null || echo -1)
  received=$(query 'max(isobench_runner_messages_received_total{run="e2e-metrics"})' 2>/dev/null || echo -1)
  if [ "${op%.*}" = 1 ] && [ "${runner%.*}" = 1 ] && python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) > 0 else 1)" "$received"; then ok=1; break; fi
  sleep 1
done
[ $ok = 1 ] || { tail -20 "$work/prometheus.log" >&2; tail -20 "$work/discovery.log" >&2; cat "$work"/targets/*.json >&2
  curl -s "http://127.0.0.1:$port/api/v1/targets" | head -c 3000 >&2; echo >&2; echo "prometheus: FAIL: operator up=$op, runner up=$runner, runner messages=$received" >&2; exit 1; }
runs=$(query 'count(isobench_operator_runs)')
p99=$(query 'max(isobench_runner_interval_latency_seconds{run="e2e-metrics", quantile="0.99"})')
echo "prometheus: OK (Prometheus $(prometheus --version 2>&1 | head -1 | cut -d' ' -f3) scraped the operator via its ServiceMonitor and runner pod e2e-metrics via the PodMonitor: $received messages, last-interval p99 ${p99}s, $runs operator run series)"
timeout 300 bash -c "until [[ \$($K get br -n e2e e2e-metrics -o jsonpath='{.status.phase}') =~ ^(Succeeded|Failed)$ ]]; do sleep 1; done"
