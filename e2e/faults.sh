#!/usr/bin/env bash
# e2e faults (called by e2e/run.sh on its cluster, chart installed): each fault is injected into short runs on the real
# node and must end with nothing lost and nothing stuck. Recovery figures are appended to $E2E_OUT/figures.md.
#   operator killed while a run is Queued, Running, Collecting → the runs complete once it is back
#   MinIO restarted while one run measures and the next is queued → both land (data, users and grants persist)
#   MinIO stopped during the upload → the runner retries and the result lands when MinIO returns
#   MinIO stopped past the upload deadline → Failed with the reason; the artifacts stay on the pod's volume until then
#   runner pod deleted; node NotReady (kubelet frozen) → Failed with the reason, never stuck
#   50 runs applied at once → all collected, one at a time on the node, FIFO
# no errexit: a failed fault is counted and the next one still runs
set -uo pipefail
NS=e2e-faults PHASES_LOG=$E2E_OUT/faults-phases.log
source "$(dirname "$0")/lib.sh"

on_exit=('minio start 2>/dev/null' 'kill -CONT "$(cat "$state/pids/kubelet")" 2>/dev/null')
begin

# 1. operator killed while one run is Running and the next Queued behind it: both complete, in order
run kill-running 8s; sleep 1; run kill-queued 2s
wait_phase kill-running Running 120 && wait_phase kill-queued Queued 10 && {
  back=$(kill_operator) && ok "operator killed with kill-running Running and kill-queued Queued; new operator Ready after $back s" \
    || bad "operator killed with kill-running Running and kill-queued Queued: $back"
  figure "operator killed (Running + Queued): new pod Ready" "$back"
  wait_collected kill-running 180; wait_collected kill-queued 180
}

# 1b. MinIO restarted while one run measures and the next waits in the queue: the running runner's grant and the
#     operator's user survive the restart (kept on MinIO's disk), the queued run gets its grant after it; both land
run restart-running 6s; sleep 1; run restart-queued 2s
wait_phase restart-running Running 120 && wait_phase restart-queued Queued 10 && {
  minio stop; minio start; ok "MinIO restarted with restart-running Running and restart-queued Queued"
  wait_collected restart-running 180; wait_collected restart-queued 180
}

# 2. operator killed while Collecting: MinIO is stopped the moment the runner's result.json lands, so the operator
#    cannot finish collecting; kill it, bring MinIO back, the new operator collects and publishes
run kill-collecting 2s
wait_phase kill-collecting Running 120 && {
  wait_result kill-collecting
  minio stop
  wait_phase kill-collecting Collecting 60 && {
    back=$(kill_operator) && ok "operator killed while kill-collecting was Collecting (store down); new operator Ready after $back s" \
      || bad "operator killed while kill-collecting was Collecting (store down): $back"
    figure "operator killed (Collecting): new pod Ready" "$back"
    sleep 3
    [ "$(phase kill-collecting)" = Collecting ] && ok "kill-collecting waits in Collecting while the store is down" || bad "kill-collecting left Collecting: $(phase kill-collecting)"
    t0=$(now); minio start
    wait_collected kill-collecting 120 && figure "store back → run complete (Collecting resumed by the new operator)" "$(since "$t0")"
  }
}
minio start

# 3. MinIO stopped while the run measures, and kept down until the runner has logged a retry of its upload (so the
#    outage surely covers the upload): the upload retries with backoff and lands when MinIO returns
run store-down 4s
wait_phase store-down Running 120 && {
  minio stop
  curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$MINIO_PORT/minio/health/live" && bad "MinIO still answers after minio.sh stop"
  pod=$($K -n $RUNS get pods -l isobench.io/run=store-down -o name | head -1)
  t0=$SECONDS
  until $K -n $RUNS logs "$pod" >"$out/store-down-runner.log" 2>&1 && grep -q "retrying" "$out/store-down-runner.log"; do
    (( SECONDS - t0 < 90 )) || break
    sleep 1
  done
  grep -q "retrying" "$out/store-down-runner.log" && ok "the runner retries its upload while MinIO is down: $(grep -m1 retrying "$out/store-down-runner.log" | cut -c1-160)" \
    || bad "no upload retry in the runner's log within 90 s: $(tail -3 "$out/store-down-runner.log")"
  minio start
  wait_collected store-down 180 && {
    n=$(stored "$(attempt_prefix store-down)")
    [ "$n" -ge 3 ] && ok "store-down's $n artifacts landed after MinIO returned" || bad "store-down has $n artifacts"
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
    msg=$(message store-gone)
    [[ $msg == *upload* ]] && ok "store-gone Failed: $msg" || bad "store-gone Failed without the reason: $msg"
  }
  minio start
}

# 5. the runner pod deleted while it measures → Failed with the reason
run pod-deleted 20s
wait_phase pod-deleted Running 120 && {
  $K -n $RUNS delete pod -l isobench.io/run=pod-deleted --wait=false >/dev/null
  wait_phase pod-deleted Failed 120 && ok "pod-deleted Failed: $(message pod-deleted)"
}

# 6. the node NotReady (its kubelet frozen, so it stops renewing its lease) → Failed with the reason, never stuck
run node-lost 60s
wait_phase node-lost Running 120 && {
  t0=$(now); kill -STOP "$(cat "$state/pids/kubelet")"
  wait_phase node-lost Failed 150 && {
    figure "node frozen → run Failed (NodeNotReady: node grace 20 s + operator grace 30 s)" "$(since "$t0")"
    msg=$(message node-lost)
    [[ $msg == *NotReady* ]] && ok "node-lost Failed: $msg" || bad "node-lost Failed without the node reason: $msg"
  }
  kill -CONT "$(cat "$state/pids/kubelet")"
  $K wait --for=condition=Ready node/localhost --timeout=120s >/dev/null && ok "the node is Ready again" || bad "the node stayed NotReady"
}

# 7. 50 runs at once: all collected, never two at once on the node, admitted in FIFO order
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
python3 - "$PHASES_LOG" "$out/faults-runs.json" <<'PY' && ok "50 runs: all finished and collected, one at a time, FIFO" || failures=$((failures + 1))
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
