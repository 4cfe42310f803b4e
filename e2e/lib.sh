# Helpers shared by the e2e fault and hostile-result checks (sourced; the caller sets NS, PHASES_LOG, E2E_STATE,
# E2E_OUT, MINIO_PORT). No errexit here: a failed check is counted and the next one still runs.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
source "$here/clock.sh"
K="$HOME/.cache/isobench/bin/kubectl"
SYSTEM=isobench-system RUNS=isobench-runs
state=$E2E_STATE out=$E2E_OUT
failures=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; failures=$((failures + 1)); }
figure() { echo "| $1 | $2 |" >>"$out/figures.md"; }
now() { date +%s.%N; }
since() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$(now)"; }
phase() { $K get br -n $NS "$1" -o jsonpath='{.status.phase}' 2>/dev/null; }
message() { $K get br -n $NS "$1" -o jsonpath='{.status.message}' 2>/dev/null; }
wait_phase() { # name regex timeout-seconds
  local t0=$SECONDS
  until [[ "$(phase "$1")" =~ ^($2)$ ]]; do
    (( SECONDS - t0 < $3 )) || { bad "$1 did not reach $2 within $3 s (phase $(phase "$1"); $(message "$1"))"; explain "$1"; return 1; }
    sleep 0.2
  done
}
explain() { # name: what a wait that ran out needs to be understood from CI's output alone — the run's runner pods with
  # their state and last log lines, and the operator's pods (a wait here never hangs: each is bounded and says this)
  local pod
  echo "     at $(elapsed): runner pods of $1 and operator pods:"
  $K -n $RUNS get pods -l "isobench.io/run=$1" -o wide --no-headers 2>&1 | sed 's/^/       /'
  $K -n $SYSTEM get pods -o wide --no-headers 2>&1 | sed 's/^/       /'
  echo "     last lines of the operator:"; $K -n $SYSTEM logs deploy/isobench-operator --tail=8 2>&1 | cut -c1-240 | sed 's/^/       /'
  for pod in $($K -n $RUNS get pods -l "isobench.io/run=$1" -o name 2>/dev/null); do
    echo "     last lines of $pod:"; $K -n $RUNS logs "$pod" --all-containers --tail=8 2>&1 | cut -c1-240 | sed 's/^/       /'
  done
}
run() { # name duration [isolation]: a short one-queue dispatch run on the real node, labelled suite=$NS
  python3 - "$1" "$2" "${3:-Exclusive}" "$NS" <<'PY' | $K apply -n $NS -f - >/dev/null
import json, sys
name, duration, isolation, suite = sys.argv[1:]
print(json.dumps({"apiVersion": "isobench.io/v1alpha1", "kind": "BenchmarkRun", "metadata": {"name": name}, "spec": {
    "target": {"dispatch": {"queues": ["isobench"], "ringSize": 4096}},
    # one CPU shared by publisher, agent, JIT and GC: a 2 s warm-up gets compilation out of the measured window
    "load": {"mode": "Open", "rates": [1000], "warmup": "2s", "duration": duration, "repetitions": 1, "probeDuration": "100ms"},
    "placement": {"isolation": isolation, "client": {"cpus": 1}, "agent": {"cpus": 0}, "nodeSelector": {"isobench.io/pool": "real"}},
    "timeout": "10m", "report": {"labels": {"suite": suite}}}}))
PY
}
OPERATOR_READY_WITHIN=300
operator_ready() { # prints seconds until an operator pod other than $1 is Ready; fails after $OPERATOR_READY_WITHIN s
  local t0 start=$SECONDS; t0=$(now)
  until $K -n $SYSTEM get pods -l app.kubernetes.io/name=isobench-operator \
      -o jsonpath='{range .items[*]}{.metadata.name}{" "}{.status.conditions[?(@.type=="Ready")].status}{"\n"}{end}' | grep -v "^$1 " | grep -q " True$"; do
    (( SECONDS - start < OPERATOR_READY_WITHIN )) || { echo "no operator Ready within $OPERATOR_READY_WITHIN s"; explain none >&2; return 1; }
    sleep 0.2
  done
  since "$t0"
}
current_operator() { $K -n $SYSTEM get pods -l app.kubernetes.io/name=isobench-operator -o jsonpath='{.items[0].metadata.name}'; }
kill_operator() { # → prints seconds until a new operator pod is Ready
  local old; old=$(current_operator)
  $K -n $SYSTEM delete pod "$old" --grace-period=0 --force --wait=false >/dev/null 2>&1
  operator_ready "$old"
}
pause_operator() { # no operator at all until resume_operator (its pods gone, so nothing collects meanwhile)
  $K -n $SYSTEM scale "$($K -n $SYSTEM get deployment -l app.kubernetes.io/name=isobench-operator -o name)" --replicas=0 >/dev/null
  $K -n $SYSTEM wait --for=delete pod -l app.kubernetes.io/name=isobench-operator --timeout=120s >/dev/null 2>&1
}
resume_operator() { # → prints seconds until the operator is Ready again
  $K -n $SYSTEM scale "$($K -n $SYSTEM get deployment -l app.kubernetes.io/name=isobench-operator -o name)" --replicas=1 >/dev/null
  operator_ready none
}
minio() { "$root/local-cluster/minio.sh" "$1" --state-dir "$state" --port "$MINIO_PORT" >/dev/null; }
s3() { (set -a; source "$state/minio.env"; python3 "$here/s3.py" "$MINIO_PORT" "$@"); }
attempt_prefix() { local uid; uid=$($K get br -n $NS "$1" -o jsonpath='{.metadata.uid}') && [ -n "$uid" ] && echo "runs/$NS/$1/$uid/attempt-1/client/"; }
stored() { s3 list "$1" 2>/dev/null | grep -c . || true; }
wait_result() { # name [timeout-seconds]: until the runner's result.json is in the bucket
  local prefix t0=$SECONDS
  # the prefix is asked for each time: one answer the API server failed to give must not make it a wrong prefix forever
  until prefix=$(attempt_prefix "$1") && s3 list "$prefix" 2>/dev/null | grep -q "^${prefix}result.json$"; do
    (( SECONDS - t0 < ${2:-180} )) || { bad "no ${prefix}result.json within ${2:-180} s (phase $(phase "$1"))"; explain "$1"; return 1; }
    sleep 0.2
  done
}
sequence() { # name → the distinct phases it went through, from the watch log
  awk -v n="$1" '$2 == n && $3 != last { printf "%s ", $3; last = $3 }' "$PHASES_LOG" | sed 's/ $//'
}
expect_sequence() { # name "phases..."
  local seq; seq=$(sequence "$1")
  [ "$seq" = "$2" ] && ok "$1 went $seq" || bad "$1 went '$seq', expected '$2'"
}
wait_collected() { # name timeout: the run went the whole way, Pending … Collecting, then Succeeded — or Failed on the
  # runner's own verdict (a step missed its rate on the one shared CPU: measured, collected and published all the same)
  wait_phase "$1" "Succeeded|Failed" "$2" || return 1
  local end=Succeeded
  [ "$($K get br -n $NS "$1" -o jsonpath='{.status.verdict}')" = FAIL ] && end=Failed
  expect_sequence "$1" "Pending Queued Scheduled Running Collecting $end"
  [ $end = Succeeded ] || echo "     (on the runner's own verdict: $(message "$1" | cut -c1-200))"
}
on_exit=()  # what a script must undo at exit whatever happened (set before begin)
begin() { # creates $NS and logs every phase change in it, timestamped, to $PHASES_LOG until the script exits
  $K create namespace $NS >/dev/null
  ( $K get br -n $NS -w -o jsonpath='{.metadata.name}{" "}{.status.phase}{"\n"}' 2>/dev/null \
      | while read -r line; do echo "$(date +%s.%N) $line"; done ) >"$PHASES_LOG" &
  watcher=$!
  trap 'pkill -P $watcher 2>/dev/null; kill $watcher 2>/dev/null; for undo in "${on_exit[@]}"; do eval "$undo"; done' EXIT
  sleep 1
}
