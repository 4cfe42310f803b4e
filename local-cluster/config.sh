# Sourced by up.sh, down.sh, node.sh: options, state directory and ports of one loopback cluster.
#   --state-dir DIR   (default: out/cluster)      everything this cluster writes: pki, data, logs, pids, kubeconfig
#   --port-base N     (default: 26000)            ports N…N+19 on 127.0.0.1
#   --node NAME[,policy=static|none][,cpus=N][,pool=P][,memory=Q]   repeatable simulated nodes
LC_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CACHE=${ISOBENCH_CACHE:-$HOME/.cache/isobench}
BIN=$CACHE/bin
STATE=out/cluster
PORT_BASE=26000
NODES=()
ARGS=()
while [ $# -gt 0 ]; do
  case $1 in
    --state-dir) STATE=${2:?--state-dir needs a directory}; shift 2 ;;
    --port-base) PORT_BASE=${2:?--port-base needs a number}; shift 2 ;;
    --node) NODES+=("${2:?--node needs NAME[,policy=…][,cpus=…][,pool=…]}"); shift 2 ;;
    -h|--help) sed -n '2,6p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) ARGS+=("$1"); shift ;;
  esac
done
[[ $PORT_BASE =~ ^[0-9]+$ ]] && (( PORT_BASE >= 1024 && PORT_BASE <= 65000 )) || { echo "local-cluster: --port-base '$PORT_BASE' must be a number in 1024-65000" >&2; exit 2; }
mkdir -p "$STATE"
STATE=$(cd "$STATE" && pwd)   # absolute: PID ownership checks match on this path
RUN=$STATE
# Default pool: two static nodes in pool bench, one policy-none node in pool shared.
[ ${#NODES[@]} -gt 0 ] || NODES=("bench-1,policy=static,cpus=4,pool=bench" "bench-2,policy=static,cpus=4,pool=bench" "shared-1,policy=none,cpus=4,pool=shared")

API_PORT=$((PORT_BASE + 0))
ETCD_PORT=$((PORT_BASE + 1))
ETCD_PEER_PORT=$((PORT_BASE + 2))
KCM_PORT=$((PORT_BASE + 3))
SCHEDULER_PORT=$((PORT_BASE + 4))
KWOK_PORT=$((PORT_BASE + 5))
REGISTRY_PORT=$((PORT_BASE + 8))        # the image registry (registry.sh); +6, +7: the real node's kubelet
MINIO_PORT=$((PORT_BASE + 10))
MINIO_CONSOLE_PORT=$((PORT_BASE + 11))
KUBELET_PORT_BASE=$((PORT_BASE + 12))   # simulated kubelets: one advertised port per node (…+19)

# The simulated kubelets' address: loopback, where each node's kubelet listens on its own port (KUBELET_PORT_BASE…), as a
# pod-network client reaches a kubelet. Not 127.0.0.1, which a node must not publish and other tools use.
SIM_NODE_IP=127.0.0.2
# The real node's pod network (real-node.sh): the bridge, and the MAC it keeps. A Linux bridge without a MAC of its own
# takes the lowest of its ports' (the pods' veths), so it changed whenever a pod came or went, and a pod that had resolved
# the gateway (the API server, MinIO) while a since-deleted pod's MAC was the bridge's lost it until its ARP entry failed,
# tens of seconds later. Set once, the bridge keeps it (locally administered: 02:…, the rest the gateway 10.245.0.1).
BRIDGE=isobench0
BRIDGE_MAC=02:42:0a:f5:00:01
PKI=$STATE/pki
KUBECONFIG_ADMIN=$STATE/kubeconfig
KUBECTL="$BIN/kubectl --kubeconfig $KUBECONFIG_ADMIN"

node_field() { # spec key default
  local spec=$1 key=$2 def=$3 part
  IFS=',' read -ra parts <<<"$spec"
  for part in "${parts[@]:1}"; do [ "${part%%=*}" = "$key" ] && { echo "${part#*=}"; return; }; done
  echo "$def"
}
node_name() { echo "${1%%,*}"; }
