#!/usr/bin/env bash
# A real node for the loopback cluster: Debian containerd + runc + CNI bridge and the kubelet built with the control
# plane, on this machine, with the static CPU manager and CPU 0 reserved, so a Guaranteed pod asking for whole CPUs
# gets exclusive cores. Images are pulled from the cluster's registry on 127.0.0.1 (registry.sh; plain HTTP) like from any
# registry; ISOBENCH_IMAGES="a.tar b.tar" imports archives instead (the sandbox image is always built and imported here).
#   local-cluster/real-node.sh start|stop [--state-dir DIR] [--port-base N]     (after up.sh, same options)
# The node is "localhost" (a kubelet rejects a loopback node IP and would then publish no address), labelled
# isobench.io/pool=real and tainted isobench.io/dedicated=real:NoSchedule like the simulated dedicated nodes.
set -euo pipefail
source "$(dirname "$0")/config.sh"
source "$LC_HOME/procs.sh"
action=${ARGS[0]:-start}
NODE=localhost
DIR=$STATE/real-node
KUBELET_PORT=$((PORT_BASE + 6))
KUBELET_HEALTHZ_PORT=$((PORT_BASE + 7))
SOCK=$DIR/containerd/containerd.sock
CTR="ctr --address $SOCK -n k8s.io"
PAUSE_IMAGE=docker.io/isobench/pause:3.10
GATEWAY=10.245.0.1
CHAIN=ISOBENCH-$PORT_BASE
# stop finds the chain start made even when called without the same --port-base
[ "${ARGS[0]:-start}" = stop ] && [ -f "$DIR/nat-chain" ] && CHAIN=$(cat "$DIR/nat-chain")

# Pods reach the API server, MinIO and the kubelet, which listen on 127.0.0.1 only, without kube-proxy or hostNetwork: the
# kubernetes Service address (10.0.0.1:443, what in-cluster clients dial), the bridge gateway's MinIO port and the
# kubelet's port on any of this machine's addresses (the node publishes one; the operator reads /configz there) are
# rewritten to loopback for traffic from the bridge alone (route_localnet on the bridge lets it arrive there).
service_rules() { # -A|-D
  iptables -t nat "$1" PREROUTING -i "$BRIDGE" -j "$CHAIN"
}
open_service_path() {
  ip link show "$BRIDGE" >/dev/null 2>&1 || ip link add "$BRIDGE" type bridge
  ip link set dev "$BRIDGE" address "$BRIDGE_MAC"  # its own, so pods' veths coming and going do not change it (config.sh)
  ip addr show dev "$BRIDGE" | grep -q " $GATEWAY/" || ip addr add "$GATEWAY/24" dev "$BRIDGE"
  ip link set "$BRIDGE" up
  sysctl -qw "net.ipv4.conf.$BRIDGE.route_localnet=1"
  iptables -t nat -N "$CHAIN" 2>/dev/null || iptables -t nat -F "$CHAIN"
  echo "$CHAIN" >"$DIR/nat-chain"
  iptables -t nat -A "$CHAIN" -d 10.0.0.1/32 -p tcp --dport 443 -j DNAT --to-destination "127.0.0.1:$API_PORT"
  iptables -t nat -A "$CHAIN" -d "$GATEWAY/32" -p tcp --dport "$MINIO_PORT" -j DNAT --to-destination "127.0.0.1:$MINIO_PORT"
  iptables -t nat -A "$CHAIN" -m addrtype --dst-type LOCAL -p tcp --dport "$KUBELET_PORT" -j DNAT --to-destination "127.0.0.1:$KUBELET_PORT"
  iptables -t nat -C PREROUTING -i "$BRIDGE" -j "$CHAIN" 2>/dev/null || service_rules -A
}
# The bridge's name is fixed (config.sh), so one real node per machine: another cluster's chain hooked on it either
# belongs to a cluster still up (refused, naming it) or was left by one that was killed before its stop. Left there,
# its earlier jump would win and send this cluster's pods to a dead API server ("ConnectException" in the operator).
claim_bridge() {
  local other base
  for other in $(iptables -t nat -S PREROUTING 2>/dev/null | awk -v br="$BRIDGE" '$4 == br && $6 ~ /^ISOBENCH-/ {print $6}' | sort -u); do
    [ "$other" = "$CHAIN" ] && continue
    base=${other#ISOBENCH-}
    if [ -n "$(ss -Hltn "sport = :$base" 2>/dev/null)" ]; then
      die "the bridge $BRIDGE is in use by the real node of another local cluster (port base $base: its API server listens on 127.0.0.1:$base); stop that one first (local-cluster/down.sh --port-base $base and its --state-dir)"
    fi
    while iptables -t nat -D PREROUTING -i "$BRIDGE" -j "$other" 2>/dev/null; do :; done
    iptables -t nat -F "$other" 2>/dev/null && iptables -t nat -X "$other" 2>/dev/null || true
    echo "local-cluster: removed the NAT chain $other, left on $BRIDGE by a cluster that is gone (port base $base, nothing listens there)" >&2
  done
}
close_service_path() {
  while service_rules -D 2>/dev/null; do :; done
  iptables -t nat -F "$CHAIN" 2>/dev/null && iptables -t nat -X "$CHAIN" 2>/dev/null || true
}

if [ "$action" = stop ]; then
  close_service_path
  stop kubelet || true
  # every container still running (pods, their sandboxes), killed through containerd while it is up: a shim killed
  # alone leaves its container's processes running, reparented to init (an operator JVM dialling a cluster that is gone)
  if running containerd; then
    for id in $($CTR tasks ls -q 2>/dev/null); do $CTR tasks kill --all --signal SIGKILL "$id" >/dev/null 2>&1 || true; done
    for _ in $(seq 1 40); do
      $CTR tasks ls 2>/dev/null | awk 'NR > 1 && $3 != "STOPPED" {found = 1} END {exit !found}' || break
      sleep 0.25
    done
  fi
  stop containerd || true
  ip link del "$BRIDGE" 2>/dev/null || true
  # the shims outlive containerd: their containers are dead by now (above), the shims themselves go too
  pkill -f "containerd-shim-runc-v2 -namespace k8s.io -id .* -address $SOCK" 2>/dev/null || true
  exit 0
fi
[ "$action" = start ] || die "usage: real-node.sh start|stop [--state-dir DIR] [--port-base N]"
[ "$(id -u)" = 0 ] || die "a real node needs root (containerd, cgroups, network namespaces)"
for tool in containerd runc ctr gcc iptables ip; do command -v $tool >/dev/null || die "$tool is missing (.ci/prerequisites.sh real-node installs it)"; done
[ -x /usr/lib/cni/bridge ] || die "/usr/lib/cni/bridge is missing (Debian containernetworking-plugins)"
[ -x "$BIN/kubelet" ] || die "$BIN/kubelet is missing: run 'local-cluster/tools.sh k8s'"
[ -f "$KUBECONFIG_ADMIN" ] || die "no cluster in $STATE: run local-cluster/up.sh first (same --state-dir)"
claim_bridge
mkdir -p "$DIR"/{containerd,kubelet,cni,cni-ipam,pod-logs,images}

# certificates: the kubelet's client identity (Node authorizer) and its serving cert
"$LC_HOME/gencerts.sh" "$PKI" "$SIM_NODE_IP" "$(hostname -I 2>/dev/null | tr ' ' '\n' | grep -E '^[0-9.]+$' | tr '\n' ' ')" >/dev/null
kubeconfig_for() { # file cert key
  cat >"$1" <<KC
apiVersion: v1
kind: Config
clusters:
- name: isobench-local
  cluster: {server: "https://127.0.0.1:$API_PORT", certificate-authority: "$PKI/ca.crt"}
users:
- name: kubelet
  user: {client-certificate: "$2", client-key: "$3"}
contexts:
- name: isobench-local
  context: {cluster: isobench-local, user: kubelet}
current-context: isobench-local
KC
}
kubeconfig_for "$DIR/kubelet.kubeconfig" "$PKI/kubelet-$NODE-client.crt" "$PKI/kubelet-$NODE-client.key"

cat >"$DIR/containerd.toml" <<EOF2
# containerd 1.6 (Debian) for a loopback node; all state under the cluster's state dir
version = 2
root = "$DIR/containerd/root"
state = "$DIR/containerd/state"
[grpc]
  address = "$SOCK"
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "$PAUSE_IMAGE"
  enable_selinux = false
  # this VM withholds CAP_SYS_RESOURCE: runc cannot lower oom_score_adj (the kubelet asks -998 for sandboxes)
  restrict_oom_score_adj = true
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        SystemdCgroup = false
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "$DIR/cni"
  # where each registry is and how to reach it: the cluster's own on loopback speaks plain HTTP
  [plugins."io.containerd.grpc.v1.cri".registry]
    config_path = "$DIR/registry-hosts"
EOF2
mkdir -p "$DIR/registry-hosts/127.0.0.1:$REGISTRY_PORT"
cat >"$DIR/registry-hosts/127.0.0.1:$REGISTRY_PORT/hosts.toml" <<EOF2
server = "http://127.0.0.1:$REGISTRY_PORT"
[host."http://127.0.0.1:$REGISTRY_PORT"]
  capabilities = ["pull", "resolve"]
EOF2
cat >"$DIR/cni/10-isobench.conflist" <<EOF2
{"cniVersion": "1.0.0", "name": "isobench-pods", "plugins": [
  {"type": "bridge", "bridge": "$BRIDGE", "isGateway": true, "ipMasq": false, "hairpinMode": true,
   "ipam": {"type": "host-local", "ranges": [[{"subnet": "10.245.0.0/24"}]], "routes": [{"dst": "0.0.0.0/0"}], "dataDir": "$DIR/cni-ipam"}},
  {"type": "loopback"}]}
EOF2
cat >"$DIR/kubelet.yaml" <<EOF2
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: 127.0.0.1
port: $KUBELET_PORT
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
healthzPort: $KUBELET_HEALTHZ_PORT
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: true}
  x509: {clientCAFile: $PKI/ca.crt}
authorization: {mode: Webhook}
# GET /configz authorized as nodes/configz, which the operator holds (on by default from 1.33; said here because the
# operator depends on it: without it the kubelet asks for nodes/proxy)
featureGates: {KubeletFineGrainedAuthz: true}
containerRuntimeEndpoint: unix://$SOCK
cgroupDriver: cgroupfs
failCgroupV1: false
failSwapOn: false
resolvConf: /etc/resolv.conf
serializeImagePulls: false
imageGCHighThresholdPercent: 100
evictionHard: {memory.available: "100Mi", nodefs.available: "1%", imagefs.available: "1%"}
podLogsDir: $DIR/pod-logs
# exclusive whole CPUs for Guaranteed pods; CPU 0 stays with the system and the shared pool
cpuManagerPolicy: static
reservedSystemCPUs: "0"
registerWithTaints:
- {key: isobench.io/dedicated, value: real, effect: NoSchedule}
EOF2

open_service_path
if ! running containerd; then
  start containerd containerd --config "$DIR/containerd.toml"
  wait_for containerd 30 $CTR version
fi
# the sandbox image, built from C and written as an OCI archive; then the runner (and operator) images
if ! $CTR images ls -q | grep -qx "$PAUSE_IMAGE"; then
  rootfs=$(mktemp -d)
  gcc -static -O2 -o "$rootfs/pause" "$LC_HOME/real-node/pause.c"
  python3 "$LC_HOME/../images/oci_archive.py" "$rootfs" "$DIR/images/pause.tar" "$PAUSE_IMAGE" --entrypoint '["/pause"]' >/dev/null
  rm -rf "$rootfs"
  $CTR images import "$DIR/images/pause.tar" >/dev/null
fi
for archive in ${ISOBENCH_IMAGES:-}; do
  $CTR images import "$archive" >/dev/null
done

if ! running kubelet; then
  start kubelet "$BIN/kubelet" --config="$DIR/kubelet.yaml" --kubeconfig="$DIR/kubelet.kubeconfig" \
    --hostname-override="$NODE" --root-dir="$DIR/kubelet" --node-labels="isobench.io/pool=real" \
    --tls-cert-file="$PKI/kubelet-$NODE-server.crt" --tls-private-key-file="$PKI/kubelet-$NODE-server.key" --v=1
fi
wait_for kubelet 120 $KUBECTL wait --for=condition=Ready "node/$NODE" --timeout=2s
echo "real node $NODE Ready (static CPU manager, CPU 0 reserved; images: $($CTR images ls -q | grep -c isobench);" \
  "pods reach the API server at 10.0.0.1:443, MinIO at $GATEWAY:$MINIO_PORT and the kubelet at the node's address:$KUBELET_PORT)"
