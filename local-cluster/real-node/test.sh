#!/usr/bin/env bash
# make test-real-node: a cluster of its own with the real node (containerd + kubelet, static CPU manager), the runner image
# pulled from the cluster's registry, the isolation smoke test, then everything down again with a pod still running (no
# process, container process, mount or state left), and another cluster's NAT chain on the bridge refused while that
# cluster is up and removed once it is gone. Bounded: ~1-2 min.
#   local-cluster/real-node/test.sh RUNNER_IMAGE_ARCHIVE
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
archive=${1:?usage: test.sh RUNNER_IMAGE_ARCHIVE}
state=$(mktemp -d /tmp/isobench-real-node.XXXXXX)
base=$((26800 + RANDOM % 10 * 20))
cleanup() { "$here/down.sh" --state-dir "$state" --port-base "$base" --purge >/dev/null 2>&1 || true; }
trap cleanup EXIT
t0=$SECONDS
# the real node alone: no simulated nodes are needed here
timeout 180 "$here/up.sh" --state-dir "$state" --port-base "$base" --node "sim-1,policy=none,cpus=1,pool=sim" >/dev/null
# the runner image through the cluster's registry, as a cluster pulls it: pushed, then pulled by the node's containerd
registry=$("$here/registry.sh" start --state-dir "$state" --port-base "$base")
TLS_VERIFY=false IMAGES_DIR=$(dirname "$archive") "$here/../images/push.sh" "$registry/isobench" "$(basename "$archive" .tar)" >/dev/null
# another cluster's NAT chain on the bridge: while its API server listens the node is refused, naming it; once that
# cluster is gone (killed before its stop: nothing listens) the chain is removed, or its jump would win over ours
bridge=$(sed -n 's/^BRIDGE=//p' "$here/config.sh")  # the name real-node.sh gives it (config.sh; sourcing it would make $state again)
other=$((base + 200))  # a port base of its own: a cluster holds 20 ports from its base
plant() { iptables -t nat -N "ISOBENCH-$other" && iptables -t nat -A "ISOBENCH-$other" -d 10.0.0.1/32 -p tcp --dport 443 \
  -j DNAT --to-destination "127.0.0.1:$other" && iptables -t nat -A PREROUTING -i "$bridge" -j "ISOBENCH-$other"; }
unplant() { while iptables -t nat -D PREROUTING -i "$bridge" -j "ISOBENCH-$other" 2>/dev/null; do :; done
  iptables -t nat -F "ISOBENCH-$other" 2>/dev/null && iptables -t nat -X "ISOBENCH-$other" 2>/dev/null || true; }
cleanup() { unplant; kill "${listener:-}" 2>/dev/null || true; "$here/down.sh" --state-dir "$state" --port-base "$base" --purge >/dev/null 2>&1 || true; }
plant
python3 -c "import socket, time; s = socket.socket(); s.bind(('127.0.0.1', $other)); s.listen(); time.sleep(120)" &
listener=$!
for _ in $(seq 1 50); do [ -n "$(ss -Hltn "sport = :$other")" ] && break; sleep 0.1; done
if refused=$("$here/real-node.sh" start --state-dir "$state" --port-base "$base" 2>&1); then
  echo "test-real-node: FAIL: the node started while another cluster's chain (port base $other, listening) held $bridge" >&2; exit 1
fi
[[ $refused == *"in use by the real node of another local cluster (port base $other"* ]] \
  || { echo "test-real-node: FAIL: refused without naming the other cluster: $refused" >&2; exit 1; }
kill "$listener"; wait "$listener" 2>/dev/null || true
timeout 180 "$here/real-node.sh" start --state-dir "$state" --port-base "$base" 2>"$state/real-node-start.err" \
  || { cat "$state/real-node-start.err" >&2; exit 1; }
grep -q "removed the NAT chain ISOBENCH-$other" "$state/real-node-start.err" \
  || { echo "test-real-node: FAIL: the start did not say it removed the stale chain ISOBENCH-$other" >&2; exit 1; }
! iptables -t nat -S 2>/dev/null | grep -q "ISOBENCH-$other" || { echo "test-real-node: FAIL: the stale chain ISOBENCH-$other remains" >&2; exit 1; }
RUNNER_IMAGE=$registry/isobench/runner@$(cat "${archive%.tar}.digest") timeout 300 "$here/real-node/smoke.sh" --state-dir "$state" --port-base "$base"
# a pod still running when the node goes down (the sandbox image as its container, as a server or an operator would be):
# down.sh must leave none of its processes, nor of any other container
kubectl="$HOME/.cache/isobench/bin/kubectl --kubeconfig $state/kubeconfig"
ctr="ctr --address $state/real-node/containerd/containerd.sock -n k8s.io"
$kubectl create namespace isobench-real-node-teardown >/dev/null
cat <<POD | $kubectl -n isobench-real-node-teardown apply -f - >/dev/null
apiVersion: v1
kind: Pod
metadata: {name: left-running}
spec:
  nodeSelector: {isobench.io/pool: real}
  tolerations: [{key: isobench.io/dedicated, operator: Equal, value: real, effect: NoSchedule}]
  securityContext: {runAsNonRoot: true, runAsUser: 65534}
  containers: [{name: pause, image: docker.io/isobench/pause:3.10, imagePullPolicy: Never}]
POD
$kubectl -n isobench-real-node-teardown wait pod/left-running --for=condition=Ready --timeout=60s >/dev/null \
  || { echo "test-real-node: FAIL: the pod left running did not start" >&2; exit 1; }
containers=$($ctr tasks ls | awk 'NR > 1 && $3 == "RUNNING" {print $2}')
[ -n "$containers" ] || { echo "test-real-node: FAIL: no running container on the node before down.sh" >&2; exit 1; }
pids=$(cat "$state"/pids/* 2>/dev/null || true)
cleanup
trap - EXIT
for pid in $pids; do
  if kill -0 "$pid" 2>/dev/null && grep -q "$state" "/proc/$pid/cmdline" 2>/dev/null; then
    echo "test-real-node: FAIL: pid $pid still runs after down.sh" >&2; exit 1
  fi
done
for pid in $containers; do
  if [ -d "/proc/$pid" ]; then
    echo "test-real-node: FAIL: a container's process still runs after down.sh: pid $pid ($(tr '\0' ' ' <"/proc/$pid/cmdline"))" >&2; exit 1
  fi
done
! grep -q "$state" /proc/mounts || { echo "test-real-node: FAIL: mounts under $state remain" >&2; exit 1; }
! iptables -t nat -S 2>/dev/null | grep -q "ISOBENCH-$base" || { echo "test-real-node: FAIL: NAT chain ISOBENCH-$base remains" >&2; exit 1; }
! ip link show "$bridge" >/dev/null 2>&1 || { echo "test-real-node: FAIL: bridge $bridge remains" >&2; exit 1; }
echo "test-real-node: OK ($((SECONDS - t0)) s: real node Ready, Guaranteed pod on an exclusive CPU, nothing left behind)"
