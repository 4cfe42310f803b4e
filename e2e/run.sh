#!/usr/bin/env bash
# make e2e: the product as a user runs it, on a cluster of its own with the real node (containerd + kubelet with the
# static CPU manager, CPU 0 reserved): helm install the chart, apply every example cut to seconds, and check each run's
# exact phase sequence, percentiles in status, artifacts in MinIO, Isolated (False where measured threads share the one
# CPU, reason MeasuredThreadsShareCpu) with the runner's cpuset equal to the
# CPU the kubelet granted exclusively, and the run on the published site in Chromium. Then Prometheus through the
# chart's monitors, the security checks and the faults (e2e/hostile_results.sh, prometheus.sh, security.sh, faults.sh).
# Figures and screenshots go to out/e2e/. Everything binds to 127.0.0.1 or the node's bridge; all is torn down after.
#   e2e/run.sh            (KEEP=1 leaves the cluster up: KUBECONFIG is printed)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
here=$root/e2e
BIN=$HOME/.cache/isobench/bin
out=$root/out/e2e
rm -rf "$out"; mkdir -p "$out/shots"
state=$(mktemp -d /tmp/isobench-e2e.XXXXXX)
base=$((27000 + RANDOM % 10 * 20))
export E2E_STATE=$state E2E_OUT=$out MINIO_PORT=$((base + 10))
export KUBECONFIG=$state/kubeconfig
K="$BIN/kubectl"
HELM="$BIN/helm"
SYSTEM=isobench-system RUNS=isobench-runs USER_NS=e2e
export E2E_START=$(date +%s)
source "$here/clock.sh"
log() { echo "e2e: $* ($(elapsed))"; }
pulled() { # name ref: the node holds our image only as pulled from the registry (never imported under its build name)
  local held; held=$(ctr --address "$state/real-node/containerd/containerd.sock" -n k8s.io images ls -q)
  grep -qxF "$2" <<<"$held" || fail "the node did not pull $1 as $2 (it holds: $(grep isobench <<<"$held" | tr '\n' ' '))"
  ! grep -qE "^docker.io/isobench/$1[:@]" <<<"$held" || fail "the node holds an imported $1 image: $(grep -E "^docker.io/isobench/$1" <<<"$held")"
}
fail() { echo "e2e: FAIL: $* ($(elapsed))" | tee "$state/failed" >&2; exit 1; }
said() { echo "$1: $(tail -n 5 "$1" | tr '\n' ' ')"; }  # a step's output file, named, with its last lines
teardown() {
  local rc=$?
  jobs -p | xargs -r kill 2>/dev/null || true
  if [ $rc -ne 0 ]; then
    mkdir -p "$out/logs"
    $K -n $SYSTEM logs deploy/isobench-operator --tail=200 >"$out/logs/operator.log" 2>&1 || true
    $K get br -A -o yaml >"$out/logs/benchmarkruns.yaml" 2>&1 || true
    $K get pods -A -o wide >"$out/logs/pods.txt" 2>&1 || true
    $K get events -A --sort-by=.lastTimestamp >"$out/logs/events.txt" 2>&1 || true
    $K -n $SYSTEM logs job/isobench-store-setup --tail=100 >"$out/logs/store-setup.log" 2>&1 || true
    cp "$state"/logs/*.log "$out/logs/" 2>/dev/null || true
    echo "e2e: logs in $out/logs" >&2
    # CI keeps only what was printed: the cluster's state at the failure, briefly, so a failure there can be read
    # (stack frames left out of the operator's log) and, last, what failed: CI shows the head and the tail of a long output
    { echo "--- pods"; cat "$out/logs/pods.txt"; echo "--- last events"; tail -n 30 "$out/logs/events.txt"
      echo "--- operator log (tail, without stack frames)"; grep -vE '^\s+(at |\.\.\. [0-9]+ (more|common))' "$out/logs/operator.log" | tail -n 40
      echo "--- store set-up job log (tail)"; tail -n 20 "$out/logs/store-setup.log"
      cat "$state/failed" 2>/dev/null || echo "e2e: FAIL: exit status $rc (what failed is printed above)"; } >&2 || true
  fi
  if [ "${KEEP:-0}" = 1 ]; then echo "e2e: cluster kept: KUBECONFIG=$KUBECONFIG (local-cluster/down.sh --state-dir $state --purge)"; return; fi
  "$root/local-cluster/down.sh" --state-dir "$state" --port-base "$base" --purge >/dev/null 2>&1 || true
}
trap teardown EXIT
# stopped from outside (.ci/run's budget, ^C): the cluster's state is printed and it is torn down as after a failure
trap 'echo "e2e: FAIL: stopped by a signal at $(elapsed) (.ci/run stops the e2e before CI'"'"'s own limit)" >"$state/failed"; exit 143' TERM INT
t0=$SECONDS
figure() { echo "| $1 | $2 |" >>"$out/figures.md"; }
printf '| step | seconds |\n|---|---:|\n' >"$out/figures.md"

# 1. the cluster: control plane, one simulated node outside the real pool, MinIO, a registry on 127.0.0.1 holding our
#    images (pushed as a user does: images/push.sh is make images-push), the real node, which pulls them from there
timeout 300 "$root/local-cluster/up.sh" --state-dir "$state" --port-base "$base" --node "sim-1,policy=none,cpus=4,pool=sim" >/dev/null
registry=$("$root/local-cluster/registry.sh" start --state-dir "$state" --port-base "$base")/isobench
TLS_VERIFY=false "$root/images/push.sh" "$registry" runner operator kubectl custom-target custom-target-next >"$out/images-push.txt" \
  || fail "images-push ($(said "$out/images-push.txt"))"
timeout 300 "$root/local-cluster/real-node.sh" start --state-dir "$state" --port-base "$base"
figure "cluster up (control plane, MinIO, registry with our images, real node)" $((SECONDS - t0))
log "cluster up"

# 2. helm install into a namespace that enforces the restricted Pod Security Standard; the runner namespace the chart
#    creates enforces it too. The MinIO root credential goes to the chart once, as the admin Secret its set-up job makes
#    the operator's own user with (the operator never gets it; runners get per-attempt upload grants), created from files
#    only root can read, never on a command line. The Prometheus Operator's CRDs are there first, so the chart installs
#    its monitors (step 5 scrapes through them).
t1=$SECONDS
$K apply --server-side -f "$HOME/.cache/isobench/prometheus-operator-crds/" >/dev/null
for attempt in $(seq 1 100); do  # kubectl wait errors out while a new CRD has no conditions yet
  $K wait --for=condition=Established crd/servicemonitors.monitoring.coreos.com crd/podmonitors.monitoring.coreos.com --timeout=60s >/dev/null 2>&1 && break
  sleep 0.2
done
$K create namespace $SYSTEM >/dev/null
$K label namespace $SYSTEM pod-security.kubernetes.io/enforce=restricted pod-security.kubernetes.io/enforce-version=latest >/dev/null
( umask 077; set -a; source "$state/minio.env"; set +a
  mkdir -p "$state/admin"; printf %s "$MINIO_ROOT_USER" >"$state/admin/accessKey"; printf %s "$MINIO_ROOT_PASSWORD" >"$state/admin/secretKey"
  $K -n $SYSTEM create secret generic isobench-e2e-admin --from-file="$state/admin/accessKey" --from-file="$state/admin/secretKey" >/dev/null
  rm -rf "$state/admin"
  printf 'store:\n  endpoint: http://10.245.0.1:%s\nsite:\n  url: http://127.0.0.1:%s/isobench/site/index.html\n' \
    "$MINIO_PORT" "$MINIO_PORT" >"$state/store-values.yaml" )
$HELM install isobench "$root/charts/isobench" -n $SYSTEM -f "$root/charts/isobench/ci/e2e-values.yaml" -f "$state/store-values.yaml" \
  --set image.registry="$registry" --set runner.image.digest="$(cat "$root/out/images/runner.digest")" \
  --set operator.image.digest="$(cat "$root/out/images/operator.digest")" --set tests.image="$registry/kubectl:0.1.0" \
  --set "admission.allowedRunnerImages[0]=$registry/custom-target@*" --set "admission.allowedRunnerImages[1]=$registry/custom-target-next@*" \
  --wait --timeout 5m >"$out/helm-install.txt" 2>&1 || fail "helm install ($(said "$out/helm-install.txt"))"
[ "$($K get ns $RUNS -o jsonpath='{.metadata.labels.pod-security\.kubernetes\.io/enforce}')" = restricted ] || fail "namespace $RUNS does not enforce restricted"
figure "helm install --wait (operator Ready)" $((SECONDS - t1))
operator_restarts() { $K -n $SYSTEM get pods -l app.kubernetes.io/name=isobench-operator -o jsonpath='{.items[0].status.containerStatuses[0].restartCount}'; }
started=$(operator_restarts)
[ "$started" = 0 ] || log "the operator started $((started + 1)) times before it was Ready; the last that ended: $($K -n $SYSTEM logs deploy/isobench-operator --previous 2>&1 | grep -m1 'not started' || echo '(no reason logged)')"
t1=$SECONDS
$HELM test isobench -n $SYSTEM --timeout 3m >"$out/helm-test.txt" 2>&1 || { cat "$out/helm-test.txt"; fail "helm test"; }
figure "helm test (RBAC checks in a pod)" $((SECONDS - t1))
pulled operator "$registry/operator@$(cat "$root/out/images/operator.digest")"
pulled kubectl "$registry/kubectl:0.1.0"
log "chart installed from $registry (images pulled by digest); helm test passed"

# 3. every example, cut to seconds, applied at once: Exclusive runs go one at a time through the real node, FIFO.
#    The two at a server of the user's own (examples/tcp-echo-endpoint.yaml, http-endpoint.yaml) get one as a user runs
#    it: a TCP echo server in a pod of a team's namespace (the runner image's `server tcp-echo`), reached at its pod IP
#    (no kube-proxy nor DNS here), and Debian's nginx on the node's bridge address, an HTTP service outside the cluster.
$K create namespace $USER_NS >/dev/null
$K create namespace e2e-team-a >/dev/null
$K label namespace e2e-team-a pod-security.kubernetes.io/enforce=restricted >/dev/null
sed -e "s#RUNNER_IMAGE#$registry/runner@$(cat "$root/out/images/runner.digest")#" "$here/users-echo-server.yaml" \
  | $K apply -n e2e-team-a -f - >/dev/null
http_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("10.245.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$state/nginx"
printf 'worker_processes 1;\npid %s/nginx.pid;\nerror_log %s/error.log;\nevents { worker_connections 1024; }\nhttp { access_log off; keepalive_requests 1000000;\n  server { listen 10.245.0.1:%s; location / { return 200 "ok\\n"; } } }\n' \
  "$state/nginx" "$state/nginx" "$http_port" >"$state/nginx/nginx.conf"
nginx -p "$state/nginx" -c "$state/nginx/nginx.conf" -g 'daemon off;' >"$state/nginx/out.log" 2>&1 &
for attempt in $(seq 1 50); do curl -fs "http://10.245.0.1:$http_port/healthz" >/dev/null && break; sleep 0.1; done
curl -fs "http://10.245.0.1:$http_port/healthz" >/dev/null || fail "nginx on 10.245.0.1:$http_port did not answer ($(cat "$state/nginx/out.log"))"
$K wait -n e2e-team-a pod/echo --for=condition=Ready --timeout=300s >/dev/null || fail "the user's echo server pod is not Ready"
E2E_ECHO_ENDPOINT="$($K get pod -n e2e-team-a echo -o jsonpath='{.status.podIP}'):7000"
# a plugin target: the user's image, built FROM the runner image with quote-codec's jar (examples/custom-target/),
# pushed to the registry and allowed by the installation (admission.allowedRunnerImages above)
export E2E_PLUGIN_IMAGE="$registry/custom-target@$(cat "$root/out/images/custom-target.digest")"
# a variant of another image (examples/custom-target/two-images.yaml): the same plugin in an image of its own
export E2E_PLUGIN_NEXT_IMAGE="$registry/custom-target-next@$(cat "$root/out/images/custom-target-next.digest")"
export E2E_ECHO_ENDPOINT E2E_HTTP_SERVER="10.245.0.1:$http_port"
log "the users' servers: tcp echo at $E2E_ECHO_ENDPOINT (a pod), http at $E2E_HTTP_SERVER (nginx)"
examples=()
for f in "$root"/examples/seeds/{dispatch,udp-echo,tcp-echo,http-mock,ipc,rsocket}.yaml \
    "$root"/examples/{shared-isolation,compare-baseline,tcp-echo-endpoint,http-endpoint,parallel-http}.yaml "$root"/examples/custom-target/{benchmarkrun,two-images}.yaml; do
  json=$state/$(basename "$(dirname "$f")")-$(basename "$f" .yaml).json
  $K create --dry-run=client -o json -f "$f" >"$json"
  examples+=("$json")
done
python3 "$here/runs.py" "${examples[@]}" >"$state/runs.json"
names=$(python3 -c 'import json,sys; print(" ".join(i["metadata"]["name"] for i in json.load(open(sys.argv[1]))["items"]))' "$state/runs.json")
# watchers: every phase change, every runner pod, every CPU manager assignment while it exists
( $K get br -n $USER_NS -w -o jsonpath='{.metadata.name}{" "}{.status.phase}{"\n"}' 2>/dev/null \
    | while read -r line; do echo "$(date +%s.%N) $line"; done ) >"$out/phases.log" &
( $K get pods -n $RUNS -w -o jsonpath='{.metadata.uid}{" "}{.metadata.labels.isobench\.io/run}{" "}{.metadata.labels.isobench\.io/role}{"\n"}' 2>/dev/null ) >"$out/pods.log" &
python3 "$here/cpu_assignments.py" "$state/real-node/kubelet/cpu_manager_state" >"$out/cpu-assignments.log" &
sleep 1
t1=$SECONDS
$K apply -n $USER_NS -f "$state/runs.json" >/dev/null
for name in $names; do
  timeout 900 bash -c "until [[ \$($K get br -n $USER_NS $name -o jsonpath='{.status.phase}') =~ ^(Succeeded|Failed)$ ]]; do sleep 1; done" \
    || fail "$name did not finish within 15 min"
done
figure "$(wc -w <<<"$names") runs applied at once, all finished" $((SECONDS - t1))
pulled runner "$registry/runner@$(cat "$root/out/images/runner.digest")"
sleep 2
$K get br -n $USER_NS -o json >"$out/runs.json"
python3 "$here/check_runs.py" "$out" "$state/minio.env" "$MINIO_PORT" || fail "run checks"
# the operator's resident memory now that every example ran, was collected and published: its JVM as the node runs it
# (the pod's container, found through containerd), now and at its peak. It must stay within what the chart requests
# for it (384Mi): above that it is the first the node evicts under memory pressure (#20's goal is 256 MiB)
operator_memory() { # when: logs VmRSS and VmHWM of the operator pod's JVM (MiB), adds them to operator-memory.md
  local id pid rss hwm
  id=$($K -n $SYSTEM get pods -l app.kubernetes.io/name=isobench-operator --field-selector=status.phase=Running -o jsonpath='{.items[0].status.containerStatuses[0].containerID}')
  pid=$(ctr --address "$state/real-node/containerd/containerd.sock" -n k8s.io tasks ls | awk -v id="${id#containerd://}" '$1 == id {print $2}')
  [ -n "$pid" ] || fail "no process of the operator's container ${id:-?} on the node"
  read -r rss hwm < <(awk '/^VmRSS:/ {rss = $2} /^VmHWM:/ {hwm = $2} END {printf "%d %d\n", rss / 1024, hwm / 1024}' "/proc/$pid/status")
  echo "| operator resident memory $1 (MiB) | now $rss, peak $hwm |" >>"$out/operator-memory.md"
  log "operator resident memory $1: $rss MiB, peak $hwm MiB (request 384Mi)"
  (( hwm <= 384 )) || fail "the operator's resident memory $1 peaked at $hwm MiB, above the 384Mi the chart requests for it"
}
[ "$(operator_restarts)" = "$started" ] || fail "the operator restarted $(( $(operator_restarts) - started )) times while the examples ran"
operator_memory "after $(wc -w <<<"$names") runs"
$K delete namespace e2e-team-a --wait=false >/dev/null  # the users' servers are done with: none runs in later steps
kill "$(cat "$state/nginx/nginx.pid")" 2>/dev/null || true

# 4. uploads rewritten as a corrupt or hostile runner would write them: refused, or shown safely; the operator goes on
log "hostile results"
"$here/hostile_results.sh" || fail "hostile result checks"

# 5. the published site, in Chromium, from the MinIO bucket
log "the site in Chromium"
hostile=$($K get br -n e2e-hostile hostile-files -o jsonpath='e2e-hostile/hostile-files/{.metadata.uid}')
node "$here/site.mjs" "http://127.0.0.1:$MINIO_PORT/isobench/site/index.html" "$out" "$hostile" $names || fail "site checks"

# 6. Prometheus scrapes the operator and a measuring runner pod through the chart's monitors
log "Prometheus"
t1=$SECONDS
"$here/prometheus.sh" || fail "Prometheus through the chart's monitors"
figure "Prometheus scrape of operator + runner pod (incl. a 25 s run)" $((SECONDS - t1))

# 7. security
log "security"
"$here/security.sh" || fail "security checks"

# 8. faults
log "faults"
t1=$SECONDS
"$here/faults.sh" || fail "fault checks"
figure "faults (operator kills, store outages, pod deleted, node NotReady, 50 runs)" $((SECONDS - t1))
# again, in the operator that saw the faults' 50 runs through (the faults killed the one measured above)
operator_memory "after the faults' runs"
# 9. helm uninstall with the runs still there (each holds the finalizer isobench.io/cleanup): the pre-delete Job deletes them
#    while the operator still runs, so none is left undeletable and the uninstall does not hang
log "helm uninstall"
t1=$SECONDS
timeout 360 $HELM uninstall isobench -n $SYSTEM --wait --timeout 5m >"$out/helm-uninstall.txt" 2>&1 || fail "helm uninstall ($(said "$out/helm-uninstall.txt"))"
left=$($K get br -A -o name)
[ -z "$left" ] || fail "BenchmarkRuns left after helm uninstall: $left"
[ -z "$($K get jobs.batch -n $RUNS -l app.kubernetes.io/managed-by=isobench-operator -o name)" ] || fail "runner Jobs left after helm uninstall"
figure "helm uninstall (every run deleted first, none stranded)" $((SECONDS - t1))
figure "e2e total" $((SECONDS - t0))
log "OK ($((SECONDS - t0)) s); figures in $out/figures.md"
cat "$out/figures.md"
