#!/usr/bin/env bash
# A real Prometheus (Debian's) scrapes the operator's /metrics and a running runner's --metrics-port, with the
# scrape settings the chart's ServiceMonitor/PodMonitor use (path /metrics, the runner's 1 s intervals).
#   charts/prometheus-test.sh KUBECONFIG
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
kubeconfig=$1
export JAVA_HOME=${JAVA_HOME:-$("$root/scripts/java-home.sh")}
work=$(mktemp -d /tmp/isobench-prom-test.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "test-chart (prometheus): FAIL: $*" >&2; tail -20 "$work"/*.log >&2 || true; exit 1; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
op_port=$(free_port); run_port=$(free_port); prom_port=$(free_port)

# the operator, as its image runs it (configuration from the environment), against the test cluster
KUBECONFIG=$kubeconfig POD_NAMESPACE=default ISOBENCH_LEADER_ELECTION=false ISOBENCH_HTTP_PORT=$op_port \
  "$JAVA_HOME/bin/java" -jar "$root/operator/controller/target/isobench-operator.jar" >"$work/operator.log" 2>&1 &
pids+=($!)
# a runner measuring for a while, serving live metrics
"$root/runner-image/bin/isobench-runner" dispatch --queues isobench --rates 5k --warmup 1s --duration 40s --repetitions 1 \
  --probe-duration 0s --progress none --metrics-port "$run_port" --out "$work/run" >"$work/runner.log" 2>&1 &
pids+=($!)
cat >"$work/prometheus.yml" <<YML
global: {scrape_interval: 1s, evaluation_interval: 1s}
scrape_configs:
  - job_name: isobench-operator
    metrics_path: /metrics
    static_configs: [{targets: ["127.0.0.1:$op_port"]}]
  - job_name: isobench-runners
    metrics_path: /metrics
    static_configs: [{targets: ["127.0.0.1:$run_port"]}]
YML
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" --web.listen-address="127.0.0.1:$prom_port" >"$work/prometheus.log" 2>&1 &
pids+=($!)
query() { curl -sf "http://127.0.0.1:$prom_port/api/v1/query" --data-urlencode "query=$1" | python3 -c 'import json,sys; r=json.load(sys.stdin)["data"]["result"]; print(max([float(x["value"][1]) for x in r], default=-1))'; }
for _ in $(seq 1 60); do
  up=$(query 'sum(up{job=~"isobench-.*"})' 2>/dev/null || echo -1)
  received=$(query 'sum(isobench_runner_messages_received_total)' 2>/dev/null || echo -1)
  if [ "${up%.*}" = 2 ] && python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) > 0 else 1)" "$received"; then break; fi
  sleep 1
done
[ "${up%.*}" = 2 ] || fail "Prometheus does not see both targets up (up=$up)"
python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) > 0 else 1)" "$received" || fail "no runner messages in Prometheus"
[ "$(query 'count(isobench_operator_runs)')" != -1 ] || fail "no isobench_operator_runs series"
p99=$(query 'max(isobench_runner_interval_latency_seconds{quantile="0.99"})')
echo "test-chart (prometheus): OK (Prometheus $(prometheus --version 2>&1 | head -1 | cut -d' ' -f3) scraped the operator and a runner: $received messages, last-interval p99 ${p99}s)"
