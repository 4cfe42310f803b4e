#!/usr/bin/env bash
# e2e faults (called by e2e/run.sh on its cluster, chart installed): each fault is injected into short runs on the real
# node and must end with nothing lost and nothing stuck. Recovery figures are appended to $E2E_OUT/figures.md.
#   operator killed while a run is Queued, Running, Collecting → the runs complete once it is back
#   MinIO stopped during the upload → the runner retries and the result lands when MinIO returns
#   MinIO stopped past the upload deadline → Failed with the reason; the artifacts stay on the pod's volume until then
#   runner pod deleted; node NotReady (kubelet frozen) → Failed with the reason, never stuck
#   50 runs applied at once → all Succeeded, one at a time on the node, FIFO
# no errexit: a failed fault is counted and the next one still runs
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
K="$HOME/.cache/isobench/bin/kubectl"
SYSTEM=isobench-system RUNS=isobench-runs NS=e2e-faults
state=$E2E_STATE out=$E2E_OUT
failures=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; failures=$((failures + 1)); }
figure() { echo "| $1 | $2 |" >>"$out/figures.md"; }
now() { date +%s.%N; }
since() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$(now)"; }
phase() { $K get br -n $NS "$1" -o jsonpath='{.status.phase}' 2>/dev/null; }
wait_phase() { # name regex timeout-seconds
  local t0=$SECONDS
  until [[ "$(phase "$1")" =~ ^($2)$ ]]; do
    (( SECONDS - t0 < $3 )) || { bad "$1 did not reach $2 within $3 s (phase $(phase "$1"); $($K get br -n $NS "$1" -o jsonpath='{.status.message}'))"; return 1; }
    sleep 0.2
  done
}
run() { # name duration [isolation]: a short one-queue dispatch run on the real node
  python3 - "$1" "$2" "${3:-Exclusive}" <<'PY' | $K apply -n $NS -f - >/dev/null
import json, sys
name, duration, isolation = sys.argv[1:]
print(json.dumps({"apiVersion": "isobench.io/v1alpha1", "kind": "BenchmarkRun", "metadata": {"name": name}, "spec": {
    "target": {"dispatch": {"queues": ["isobench"], "ringSize": 4096}},
    # one CPU shared by publisher, agent, JIT and GC: a 2 s warm-up gets compilation out of the measured window
    "load": {"mode": "Open", "rates": [1000], "warmup": "2s", "duration": duration, "repetitions": 1, "probeDuration": "100ms"},
    "placement": {"isolation": isolation, "client": {"cpus": 1}, "agent": {"cpus": 0}, "nodeSelector": {"isobench.io/pool": "real"}},
    "timeout": "10m", "report": {"labels": {"suite": "e2e-faults"}}}}))
PY
}
operator_pod() { $K -n $SYSTEM get pods -l app.kubernetes.io/name=isobench-operator -o jsonpath='{.items[?(@.metadata.deletionTimestamp)].metadata.name}{"|"}{.items[*].metadata.name}'; }
kill_operator() { # → prints seconds until a new operator pod is Ready
  local old t0
  old=$($K -n $SYSTEM get pods -l app.kubernetes.io/name=isobench-operator -o jsonpath='{.items[0].metadata.name}')
  t0=$(now)
  $K -n $SYSTEM delete pod "$old" --grace-period=0 --force --wait=false >/dev/null 2>&1
  until $K -n $SYSTEM get pods -l app.kubernetes.io/name=isobench-operator \
      -o jsonpath='{range .items[*]}{.metadata.name}{" "}{.status.conditions[?(@.type=="Ready")].status}{"\n"}{end}' | grep -v "^$old " | grep -q " True$"; do
    sleep 0.2
  done
  since "$t0"
}
minio() { "$root/local-cluster/minio.sh" "$1" --state-dir "$state" --port "$MINIO_PORT" >/dev/null; }
attempt_prefix() { echo "runs/$NS/$1/$($K get br -n $NS "$1" -o jsonpath='{.metadata.uid}')/attempt-1/client/"; }
stored() { (set -a; source "$state/minio.env"; python3 "$here/s3.py" "$MINIO_PORT" "$1" 2>/dev/null) | grep -c . || true; }
sequence() { # name → the distinct phases it went through, from the watch log
  awk -v n="$1" '$2 == n && $3 != last { printf "%s ", $3; last = $3 }' "$out/faults-phases.log" | sed 's/ $//'
}
expect_sequence() { # name "phases..."
  local seq; seq=$(sequence "$1")
  [ "$seq" = "$2" ] && ok "$1 went $seq" || bad "$1 went '$seq', expected '$2'"
}
HAPPY="Pending Queued Scheduled Running Collecting Succeeded"

$K create namespace $NS >/dev/null
( $K get br -n $NS -w -o jsonpath='{.metadata.name}{" "}{.status.phase}{"\n"}' 2>/dev/null \
    | while read -r line; do echo "$(date +%s.%N) $line"; done ) >"$out/faults-phases.log" &
watcher=$!
trap 'pkill -P $watcher 2>/dev/null; kill $watcher 2>/dev/null || true; minio start 2>/dev/null || true; kill -CONT $(cat "$state/pids/kubelet") 2>/dev/null || true' EXIT
sleep 1

# 1. operator killed while one run is Running and the next Queued behind it: both complete, in order
run kill-running 8s; sleep 1; run kill-queued 1s
wait_phase kill-running Running 120 && wait_phase kill-queued Queued 10 && {
  back=$(kill_operator); ok "operator killed with kill-running Running and kill-queued Queued; new operator Ready after $back s"
  figure "operator killed (Running + Queued): new pod Ready" "$back"
  wait_phase kill-running Succeeded 180 && wait_phase kill-queued Succeeded 180
  expect_sequence kill-running "$HAPPY"; expect_sequence kill-queued "$HAPPY"
}

# 2. operator killed while Collecting: MinIO is stopped the moment the runner's result.json lands, so the operator
#    cannot finish collecting; kill it, bring MinIO back, the new operator collects and publishes
run kill-collecting 2s
wait_phase kill-collecting Running 120 && {
  prefix=$(attempt_prefix kill-collecting)
  until (set -a; source "$state/minio.env"; python3 "$here/s3.py" "$MINIO_PORT" "$prefix") 2>/dev/null | grep -q "^${prefix}result.json$"; do sleep 0.1; done
  minio stop
  wait_phase kill-collecting Collecting 60 && {
    back=$(kill_operator); ok "operator killed while kill-collecting was Collecting (store down); new operator Ready after $back s"
    figure "operator killed (Collecting): new pod Ready" "$back"
    sleep 3
    [ "$(phase kill-collecting)" = Collecting ] && ok "kill-collecting waits in Collecting while the store is down" || bad "kill-collecting left Collecting: $(phase kill-collecting)"
    t0=$(now); minio start
    wait_phase kill-collecting Succeeded 120 && figure "store back → Succeeded (Collecting resumed by the new operator)" "$(since "$t0")"
    expect_sequence kill-collecting "$HAPPY"
  }
}
minio start

# 3. MinIO stopped while the run measures: the runner's upload retries with backoff and lands when MinIO returns
run store-down 4s
wait_phase store-down Running 120 && {
  minio stop; sleep 12; minio start
  wait_phase store-down Succeeded 180 && {
    expect_sequence store-down "$HAPPY"
    n=$(stored "$(attempt_prefix store-down)")
    [ "$n" -ge 3 ] && ok "store-down's $n artifacts landed after MinIO returned" || bad "store-down has $n artifacts"
    pod=$($K -n $RUNS get pods -l isobench.io/run=store-down -o name | head -1)
    $K -n $RUNS logs "$pod" 2>/dev/null | grep -qi "retry" && ok "the runner logged its upload retries" || bad "no upload retry in the runner's log"
  }
}

# 4. MinIO stopped past the upload deadline: Failed with the reason; until then the artifacts are on the pod's volume
run store-gone 2s
wait_phase store-gone Running 120 && {
  minio stop
  uid=$($K -n $RUNS get pods -l isobench.io/run=store-gone -o jsonpath='{.items[0].metadata.uid}')
  sleep 8
  ls "$state"/real-node/kubelet/pods/"$uid"/volumes/kubernetes.io~empty-dir/*/run/result.json >/dev/null 2>&1 \
    && ok "store-gone's result.json waits on the pod's volume while the store is down" || bad "no result.json on store-gone's pod volume"
  wait_phase store-gone Failed 240 && {
    msg=$($K get br -n $NS store-gone -o jsonpath='{.status.message}')
    [[ $msg == *upload* ]] && ok "store-gone Failed: $msg" || bad "store-gone Failed without the reason: $msg"
  }
  minio start
}

# 5. the runner pod deleted while it measures → Failed with the reason
run pod-deleted 20s
wait_phase pod-deleted Running 120 && {
  $K -n $RUNS delete pod -l isobench.io/run=pod-deleted --wait=false >/dev/null
  wait_phase pod-deleted Failed 120 && ok "pod-deleted Failed: $($K get br -n $NS pod-deleted -o jsonpath='{.status.message}')"
}

# 6. the node NotReady (its kubelet frozen, so it stops renewing its lease) → Failed with the reason, never stuck
run node-lost 60s
wait_phase node-lost Running 120 && {
  t0=$(now); kill -STOP "$(cat "$state/pids/kubelet")"
  wait_phase node-lost Failed 150 && {
    figure "node frozen → run Failed (NodeNotReady: node grace 20 s + operator grace 30 s)" "$(since "$t0")"
    msg=$($K get br -n $NS node-lost -o jsonpath='{.status.message}')
    [[ $msg == *NotReady* ]] && ok "node-lost Failed: $msg" || bad "node-lost Failed without the node reason: $msg"
  }
  kill -CONT "$(cat "$state/pids/kubelet")"
  $K wait --for=condition=Ready node/localhost --timeout=120s >/dev/null && ok "the node is Ready again" || bad "the node stayed NotReady"
}

# 7. 50 runs at once: all Succeeded, never two at once on the node, admitted in FIFO order
t0=$(now)
python3 - <<'PY' | $K apply -n $NS -f - >/dev/null
import json
runs = [{"apiVersion": "isobench.io/v1alpha1", "kind": "BenchmarkRun", "metadata": {"name": f"burst-{i:02d}"}, "spec": {
    "target": {"dispatch": {"queues": ["isobench"], "ringSize": 4096}},
    "load": {"mode": "Open", "rates": [1000], "warmup": "1s", "duration": "500ms", "repetitions": 1, "probeDuration": "100ms"},
    "placement": {"client": {"cpus": 1}, "agent": {"cpus": 0}, "nodeSelector": {"isobench.io/pool": "real"}},
    "timeout": "30m", "report": {"labels": {"suite": "e2e-burst"}}}} for i in range(50)]
print(json.dumps({"apiVersion": "v1", "kind": "List", "items": runs}))
PY
for i in $(seq -w 0 49); do wait_phase "burst-$i" "Succeeded|Failed" 1500 || break; done
figure "50 runs applied at once → all finished" "$(since "$t0")"
sleep 1
$K get br -n $NS -o json >"$out/faults-runs.json"
python3 - "$out/faults-phases.log" "$out/faults-runs.json" <<'PY' && ok "50 runs: all finished and collected, one at a time, FIFO" || failures=$((failures + 1))
import json, sys
log, runs = sys.argv[1], json.load(open(sys.argv[2]))["items"]
burst = {r["metadata"]["name"]: r for r in runs if r["metadata"]["name"].startswith("burst-")}
# finished = collected: Succeeded, or Failed on the runner's own verdict (a step missed its rate on the shared CPU);
# a run failed by anything else, or never finished, is lost
bad = [f"{n}: {r['status'].get('phase')} {r['status'].get('message')}" for n, r in sorted(burst.items())
       if not (r["status"].get("phase") == "Succeeded" or (r["status"].get("phase") == "Failed" and r["status"].get("verdict") == "FAIL"))]
verdict_failed = sum(1 for r in burst.values() if r["status"].get("phase") == "Failed")
seen = {}  # name -> {phase: first time}
for line in open(log):
    t, name, *phase = line.split()
    if name in burst and phase:
        seen.setdefault(name, {}).setdefault(phase[0], float(t))
first = {n: p["Scheduled"] for n, p in seen.items() if "Scheduled" in p}
order = sorted(first, key=first.get)
fifo = sorted(burst, key=lambda n: (burst[n]["metadata"]["creationTimestamp"], n))
# the node is busy from a runner pod's start (Running) until it ended (Collecting)
busy = sorted((p["Running"], p.get("Collecting", p.get("Succeeded", p.get("Failed", 0))), n) for n, p in seen.items() if "Running" in p)
overlaps = [(a[2], b[2]) for a, b in zip(busy, busy[1:]) if b[0] < a[1]]
if len(first) != 50: bad.append(f"{len(first)} of 50 were seen Scheduled")
if order != fifo: bad.append(f"admitted out of FIFO order: {order[:5]}… vs {fifo[:5]}…")
if overlaps: bad.append(f"{len(overlaps)} admitted while the previous still held the node, e.g. {overlaps[:2]}")
print("\n".join(bad) or f"burst ok ({50 - verdict_failed} Succeeded, {verdict_failed} Failed on a missed rate)", file=sys.stderr)
sys.exit(1 if bad else 0)
PY

echo "faults: $failures failures"
[ "$failures" = 0 ]
