#!/usr/bin/env bash
# Proof that the real node isolates: a Guaranteed pod asking for one whole CPU runs the runner image on the real node;
# while it runs, its container's cpuset (read on the host, cgroup v1 or v2) must be one CPU that the kubelet's CPU manager
# assigned to it exclusively (not the reserved CPU 0, not in the shared pool), and the run must finish OK.
#   local-cluster/real-node/smoke.sh [--state-dir DIR] [--port-base N]      (after real-node.sh start)
set -euo pipefail
source "$(dirname "$0")/../config.sh"
source "$LC_HOME/procs.sh"
ns=isobench-real-node-smoke
# the runner image as pulled by the node (from the cluster's registry: registry.sh, images/push.sh)
image=${RUNNER_IMAGE:?RUNNER_IMAGE: the runner image the node pulls, e.g. 127.0.0.1:<port>/isobench/runner@sha256:…}
$KUBECTL create namespace "$ns" --dry-run=client -o yaml | $KUBECTL apply -f - >/dev/null
$KUBECTL -n "$ns" delete pod exclusive --ignore-not-found --wait=true >/dev/null
cat <<POD | $KUBECTL -n "$ns" apply -f - >/dev/null
apiVersion: v1
kind: Pod
metadata: {name: exclusive}
spec:
  restartPolicy: Never
  nodeSelector: {isobench.io/pool: real}
  tolerations: [{key: isobench.io/dedicated, operator: Equal, value: real, effect: NoSchedule}]
  containers:
  - name: runner
    image: $image
    imagePullPolicy: IfNotPresent
    args: [dispatch, --queues, isobench, --rates, 1k, --warmup, 1s, --duration, 6s, --repetitions, "1", --probe-duration, 0s,
           --progress, none, --fork, none, --out, /tmp/run]
    resources:
      requests: {cpu: "1", memory: 1536Mi}
      limits: {cpu: "1", memory: 1536Mi}
POD
uid=$($KUBECTL -n "$ns" get pod exclusive -o jsonpath='{.metadata.uid}')
cpuset=""
state=""
mac_with_pod=""
for _ in $(seq 1 240); do
  # the bridge's MAC while the pod's veth is one of its ports (a bridge without a MAC of its own takes the lowest port's)
  [ -n "$(ls "/sys/class/net/$BRIDGE/brif" 2>/dev/null)" ] && mac_with_pod=$(cat "/sys/class/net/$BRIDGE/address")
  phase=$($KUBECTL -n "$ns" get pod exclusive -o jsonpath='{.status.phase}')
  # the runner container's own cgroup (the pod's sandbox stays in the shared pool)
  id=$($KUBECTL -n "$ns" get pod exclusive -o jsonpath='{.status.containerStatuses[0].containerID}')
  for f in /sys/fs/cgroup/cpuset/kubepods/pod$uid/${id#containerd://}/cpuset.cpus \
           /sys/fs/cgroup/kubepods/pod$uid/${id#containerd://}/cpuset.cpus.effective; do   # cgroup v1, v2
    [ -n "$id" ] && [ -f "$f" ] && c=$(cat "$f") && [ -n "$c" ] && cpuset=$c
  done
  # the CPU manager's assignment as it stood while the container ran: once the pod has ended, the kubelet's reconcile
  # loop (every 10 s) drops it, so a read after the checks below can find it gone (seen in CI on a loaded machine)
  s=$(cat "$STATE/real-node/kubelet/cpu_manager_state" 2>/dev/null || true)
  [[ $s == *"\"$uid\""* ]] && state=$s
  [ "$phase" = Succeeded ] || [ "$phase" = Failed ] && break
  sleep 0.5
done
echo "pod phase: $phase; container cpuset seen on the host: '${cpuset:-none}'"
# pods keep reaching the gateway when other pods go: the bridge's MAC is its own, whatever ports it has
[ -n "$mac_with_pod" ] || die "the pod's veth was never seen on the bridge $BRIDGE"
[ "$mac_with_pod" = "$BRIDGE_MAC" ] || die "the bridge $BRIDGE took MAC $mac_with_pod with the pod's veth on it (its own: $BRIDGE_MAC)"
echo "bridge $BRIDGE kept its MAC $BRIDGE_MAC with the pod's veth on it"
# the node pulled the image named (by digest when it names one), not an image it had already
image_id=$($KUBECTL -n "$ns" get pod exclusive -o jsonpath='{.status.containerStatuses[0].imageID}')
[[ $image != *@sha256:* ]] || [ "${image_id##*@}" = "${image##*@}" ] || die "the pod ran image '$image_id', not '$image'"
held=$(ctr --address "$STATE/real-node/containerd/containerd.sock" -n k8s.io images ls -q)
grep -qxF "$image" <<<"$held" || die "the node's containerd does not hold $image (it holds: $(tr '\n' ' ' <<<"$held"))"
echo "image pulled: $image_id"
# the API server reaches the real kubelet (through the cluster's egress): logs (the operator reads the server's), and configz
logs=$($KUBECTL -n "$ns" logs exclusive)
echo "$logs" | grep -E "^\\| 1k|result:"
echo "$logs" | grep -q "result: /tmp/run/result.json (OK)" || die "the runner's log does not end with an OK result"
policy=$($KUBECTL get --raw /api/v1/nodes/localhost/proxy/configz | python3 -c 'import json,sys; print(json.load(sys.stdin)["kubeletconfig"]["cpuManagerPolicy"])')
[ "$policy" = static ] || die "the real node's configz says cpuManagerPolicy '$policy'"
echo "configz through the API server: cpuManagerPolicy=$policy"
# and straight from the kubelet, as the operator reads it: a ServiceAccount token with get on nodes/configz alone is
# enough (webhook authentication, fine-grained authorization: KubeletFineGrainedAuthz on), one without it is refused
# naming both subresources the kubelet tried
$KUBECTL -n "$ns" create serviceaccount configz-reader --dry-run=client -o yaml | $KUBECTL apply -f - >/dev/null
$KUBECTL -n "$ns" create serviceaccount no-grant --dry-run=client -o yaml | $KUBECTL apply -f - >/dev/null
$KUBECTL create clusterrole isobench-smoke-configz --verb=get --resource=nodes/configz --dry-run=client -o yaml | $KUBECTL apply -f - >/dev/null
$KUBECTL create clusterrolebinding isobench-smoke-configz --clusterrole=isobench-smoke-configz --serviceaccount="$ns:configz-reader" \
  --dry-run=client -o yaml | $KUBECTL apply -f - >/dev/null
direct() { # serviceaccount
  curl -s --cacert "$PKI/ca.crt" -H "Authorization: Bearer $($KUBECTL -n "$ns" create token "$1")" "https://127.0.0.1:$((PORT_BASE + 6))/configz"
}
direct_policy=$(direct configz-reader | python3 -c 'import json,sys; print(json.load(sys.stdin)["kubeletconfig"]["cpuManagerPolicy"])') \
  || die "the kubelet did not give its configz to a token with get on nodes/configz: $(direct configz-reader)"
[ "$direct_policy" = static ] || die "the kubelet's own configz says cpuManagerPolicy '$direct_policy'"
direct no-grant | grep -qF "subresource(s)=[configz proxy])" || die "a token without nodes/configz was not refused by both: $(direct no-grant)"
$KUBECTL delete clusterrolebinding,clusterrole isobench-smoke-configz >/dev/null
echo "configz from the kubelet itself with nodes/configz only: cpuManagerPolicy=$direct_policy"
[ -n "$state" ] || state=$(cat "$STATE/real-node/kubelet/cpu_manager_state" 2>/dev/null || echo '{}')
echo "kubelet cpu_manager_state (while the pod ran): $state"
[ "$phase" = Succeeded ] || die "the pod did not succeed ($phase)"
[ -n "$cpuset" ] && [ "$cpuset" != 0 ] && [[ $cpuset =~ ^[0-9]+$ ]] || die "the container's cpuset '$cpuset' is not one exclusive CPU"
python3 - "$state" "$uid" "$cpuset" <<'PY' || die "the CPU manager's state does not match the container's cpuset"
import json, sys
state, uid, cpuset = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3]
assigned = state.get("entries", {}).get(uid, {}).get("runner")
shared = state.get("defaultCpuSet", "")
print(f"CPU manager: runner assigned {assigned!r}, shared pool {shared!r}; container cpuset seen {cpuset!r}")
sys.exit(0 if assigned == cpuset and cpuset not in shared.split(",") else 1)
PY
$KUBECTL delete namespace "$ns" --wait=false >/dev/null
echo "real node smoke: OK (exclusive CPU $cpuset)"
