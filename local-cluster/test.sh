#!/usr/bin/env bash
# The local cluster's own test (make test-cluster): brings one up in a temp dir, checks what the operator's tests
# rely on (docs/contracts.md § Local cluster), and brings it down leaving no process behind. Bounded: ~1-2 min.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d /tmp/isobench-cluster-test.XXXXXX)
state=$out/cluster   # where `make cluster-up` keeps it: under OUT, which `make clean` removes
base=$((26400 + RANDOM % 20 * 20))
fail() { echo "test-cluster: FAIL: $*" >&2; exit 1; }
cleanup() { [ ! -d "$state" ] || "$here/down.sh" --state-dir "$state" --purge >/dev/null 2>&1 || true; rm -rf "$out"; }
trap cleanup EXIT
timeout 180 "$here/up.sh" --state-dir "$state" --port-base "$base" >/dev/null
K="$HOME/.cache/isobench/bin/kubectl --kubeconfig $state/kubeconfig"
pids=$(cat "$state"/pids/*)

# nodes, labels, taints
[ "$($K get nodes -l isobench.io/pool=bench -o name | wc -l)" = 2 ] || fail "expected 2 nodes in pool bench"
$K get node bench-1 -o jsonpath='{.spec.taints[0].key}={.spec.taints[0].value}' | grep -qx 'isobench.io/dedicated=bench' || fail "bench-1 taint"
[ "$($K get node bench-1 -o jsonpath='{.status.allocatable.cpu}')" = 4 ] || fail "bench-1 allocatable cpu"
# configz from each node's kubelet, at the address and port its Node publishes, re-read on every request; the kubelet
# authenticates a ServiceAccount token (TokenReview) and authorizes nodes/configz (SubjectAccessReview), as a kubelet
# with fine-grained authorization does, and only nodes/proxy when it acts older (coarse-authz)
$K create sa reader -n default >/dev/null && $K create sa nobody -n default >/dev/null
$K create clusterrole configz-reader --verb=get --resource=nodes/configz >/dev/null
$K create clusterrolebinding configz-reader --clusterrole=configz-reader --serviceaccount=default:reader >/dev/null
reader=$($K create token reader -n default) nobody=$($K create token nobody -n default)
kubelet() { # node token: the body, then the HTTP status on a line of its own
  local at; at=$($K get node "$1" -o jsonpath='{.status.addresses[?(@.type=="InternalIP")].address}:{.status.daemonEndpoints.kubeletEndpoint.Port}')
  curl -s --cacert "$state/pki/ca.crt" -H "Authorization: Bearer $2" -w '\n%{http_code}' "https://$at/configz"
}
policy() { kubelet "$1" "$reader" | head -n 1 | python3 -c 'import json,sys; print(json.load(sys.stdin)["kubeletconfig"]["cpuManagerPolicy"])'; }
[ "$(policy bench-1)" = static ] || fail "bench-1 configz policy $(policy bench-1)"
[ "$(policy shared-1)" = none ] || fail "shared-1 configz policy"
sed -i 's/"cpuManagerPolicy": "static"/"cpuManagerPolicy": "none"/' "$state/kubelets/bench-2/configz.json"
[ "$(policy bench-2)" = none ] || fail "configz.json edit not reflected"
[ "$(kubelet bench-1 "$nobody")" = "$(printf 'Forbidden (user=system:serviceaccount:default:nobody, verb=get, resource=nodes, subresource(s)=[configz proxy])\n\n403')" ] \
  || fail "a token without nodes/configz: $(kubelet bench-1 "$nobody")"
[ "$(kubelet bench-1 not-a-token | tail -n 1)" = 401 ] || fail "a token the API server does not vouch for was accepted"
touch "$state/kubelets/bench-1/coarse-authz"
kubelet bench-1 "$reader" | head -n 1 | grep -qF 'subresource(s)=[proxy])' || fail "a coarse kubelet did not ask for nodes/proxy alone"
rm "$state/kubelets/bench-1/coarse-authz"
# a Guaranteed pod: scheduled to the pool, Running, then Succeeded on the annotation
$K create ns t >/dev/null
until $K get sa default -n t >/dev/null 2>&1; do sleep 0.2; done   # the ServiceAccount controller creates it
pod() { cat <<POD
apiVersion: v1
kind: Pod
metadata: {name: $1, namespace: t}
spec:
  restartPolicy: Never
  tolerations: [{key: isobench.io/dedicated, operator: Exists, effect: NoSchedule}]
  nodeSelector: {isobench.io/pool: bench}
  containers: [{name: c, image: runner, resources: {requests: {cpu: "1", memory: 1Gi}, limits: {cpu: "1", memory: 1Gi}}}]
POD
}
pod p1 | $K apply -f - >/dev/null
$K wait -n t --for=jsonpath='{.status.phase}'=Running pod/p1 --timeout=30s >/dev/null || fail "pod not Running"
[ "$($K get -n t pod p1 -o jsonpath='{.status.qosClass}')" = Guaranteed ] || fail "pod not Guaranteed"
# its container's log through the API server: the file a test writes, cut to limitBytes
logs=$state/kubelets/$($K get -n t pod p1 -o jsonpath='{.spec.nodeName}')/logs/t/p1
mkdir -p "$logs" && printf 'first line\nsecond line\n' > "$logs/c.log"
[ "$($K logs -n t p1 -c c --limit-bytes=10)" = "first line" ] || fail "container log via the API server: $($K logs -n t p1 -c c 2>&1)"
$K annotate -n t pod p1 isobench.io/simulate=succeed >/dev/null
$K wait -n t --for=jsonpath='{.status.phase}'=Succeeded pod/p1 --timeout=30s >/dev/null || fail "pod not Succeeded after simulate=succeed"
# Jobs complete and fail through the real job controller
job() { cat <<JOB
apiVersion: batch/v1
kind: Job
metadata: {name: $1, namespace: t}
spec:
  backoffLimit: 0
  template:
    metadata: {annotations: {isobench.io/simulate: "$2"}}
    spec:
      restartPolicy: Never
      tolerations: [{key: isobench.io/dedicated, operator: Exists, effect: NoSchedule}]
      containers: [{name: c, image: runner}]
JOB
}
job ok succeed | $K apply -f - >/dev/null
job bad fail | $K apply -f - >/dev/null
$K wait -n t --for=condition=Complete job/ok --timeout=60s >/dev/null || fail "job ok did not complete"
$K wait -n t --for=condition=Failed job/bad --timeout=60s >/dev/null || fail "job bad did not fail"
# restricted Pod Security is enforced
$K create ns restricted >/dev/null
$K label ns restricted pod-security.kubernetes.io/enforce=restricted >/dev/null
until $K get sa default -n restricted >/dev/null 2>&1; do sleep 0.2; done
if $K apply -n restricted -f - >/dev/null 2>&1 <<'PRIV'
apiVersion: v1
kind: Pod
metadata: {name: priv}
spec: {containers: [{name: c, image: x, securityContext: {privileged: true}}]}
PRIV
then fail "restricted namespace admitted a privileged pod"; fi
# node readiness flips
"$here/node.sh" --state-dir "$state" not-ready bench-1 >/dev/null
[ "$($K get node bench-1 -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}')" = False ] || fail "not-ready"
"$here/node.sh" --state-dir "$state" ready bench-1 >/dev/null || fail "ready"
# MinIO answers
curl -sf "http://127.0.0.1:$(cat "$state/minio.port")/minio/health/live" >/dev/null || fail "minio not live"
# make clean (scripts/clean-out.sh OUT) stops the cluster by its PIDs before removing OUT: nothing is left running unfound
RUN=$state; source "$here/procs.sh"   # alive(): a zombie awaiting its reaper does not count
"$here/../scripts/clean-out.sh" "$out" >/dev/null
for p in $pids; do if alive "$p"; then fail "process $p still running after make clean removed $out"; fi; done
[ ! -e "$out" ] || fail "$out is still there after make clean"
echo "test-cluster: OK (nodes, configz from the kubelets with token authn and nodes/configz authz, pods, container logs, jobs, restricted PSS, node readiness, MinIO, clean down)"
