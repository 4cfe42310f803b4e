#!/usr/bin/env bash
# Start a loopback Kubernetes for isobench: etcd, kube-apiserver, kube-controller-manager, kube-scheduler,
# kwok-simulated dedicated nodes whose simulated kubelets serve configz and container logs on 127.0.0.2, and MinIO.
#   local-cluster/up.sh [--state-dir DIR] [--port-base N] [--node NAME[,policy=static|none][,cpus=N][,pool=P][,memory=Q]]…
# Idempotent: what already runs is kept. Ends by printing KUBECONFIG=<path>. Stop with down.sh (same --state-dir).
set -euo pipefail
source "$(dirname "$0")/config.sh"
source "$LC_HOME/procs.sh"
for b in etcd kube-apiserver kube-controller-manager kube-scheduler kubectl kwok minio; do
  [ -x "$BIN/$b" ] || die "$BIN/$b is missing: run 'local-cluster/tools.sh k8s kwok minio' (make tools)"
done
command -v python3 >/dev/null || die "python3 is missing (.ci/prerequisites.sh installs it)"
command -v curl >/dev/null || die "curl is missing (.ci/prerequisites.sh installs it)"
mkdir -p "$STATE/logs" "$STATE/pids" "$STATE/kubelets"
"$LC_HOME/gencerts.sh" "$PKI" "$SIM_NODE_IP" >/dev/null

b64() { base64 -w0 <"$1"; }
kubeconfig() { # file user cert key
  cat >"$1" <<KC
apiVersion: v1
kind: Config
clusters:
- name: isobench-local
  cluster:
    server: https://127.0.0.1:$API_PORT
    certificate-authority-data: $(b64 "$PKI/ca.crt")
users:
- name: $2
  user:
    client-certificate-data: $(b64 "$3")
    client-key-data: $(b64 "$4")
contexts:
- name: isobench-local
  context: {cluster: isobench-local, user: $2, namespace: default}
current-context: isobench-local
KC
  chmod 600 "$1"
}
kubeconfig "$KUBECONFIG_ADMIN" admin "$PKI/admin.crt" "$PKI/admin.key"
kubeconfig "$STATE/kcm.kubeconfig" kcm "$PKI/kube-controller-manager.crt" "$PKI/kube-controller-manager.key"
kubeconfig "$STATE/scheduler.kubeconfig" scheduler "$PKI/kube-scheduler.crt" "$PKI/kube-scheduler.key"

# The simulated kubelets: one port per node on $SIM_NODE_IP, one configz file per node (tests may edit it).
kubelet_args=()
i=0
for spec in "${NODES[@]}"; do
  name=$(node_name "$spec"); policy=$(node_field "$spec" policy static)
  [[ $policy == static || $policy == none ]] || die "--node $spec: policy must be static or none"
  (( i < 8 )) || die "at most 8 simulated nodes (ports $KUBELET_PORT_BASE…$((KUBELET_PORT_BASE + 7)))"
  mkdir -p "$STATE/kubelets/$name"
  if [ ! -f "$STATE/kubelets/$name/configz.json" ]; then
    python3 - "$LC_HOME/simulated-kubelet/kubelet-config.json" "$policy" "$STATE/kubelets/$name/configz.json" <<'PY'
import json, sys
base, policy, out = sys.argv[1:4]
config = json.load(open(base))
config["cpuManagerPolicy"] = policy
if policy == "static":
    config["reservedSystemCPUs"] = "0"   # the static policy needs a reservation; kubeadm-style nodes reserve CPU 0
json.dump({"kubeletconfig": config}, open(out, "w"), indent=1)
PY
  fi
  kubelet_args+=(--kubelet "$((KUBELET_PORT_BASE + i))=$name")
  i=$((i + 1))
done
EGRESS_SOCKET=$STATE/egress.sock
cat >"$STATE/egress-selector.yaml" <<EOF2
# The API server reaches nodes (logs, exec, proxy) through this HTTP CONNECT proxy (simulated-kubelet/server.py), which
# dials the simulated kubelets as they are and a real node's kubelet on loopback.
apiVersion: apiserver.k8s.io/v1beta1
kind: EgressSelectorConfiguration
egressSelections:
- name: cluster
  connection:
    proxyProtocol: HTTPConnect
    transport:
      uds:
        udsName: $EGRESS_SOCKET
EOF2
if ! running simulated-kubelets; then
  for port in $(seq "$KUBELET_PORT_BASE" $((KUBELET_PORT_BASE + i - 1))); do
    (exec 3<>"/dev/tcp/$SIM_NODE_IP/$port") 2>/dev/null && die "port $port for a simulated kubelet is already taken on $SIM_NODE_IP"
  done
  start simulated-kubelets python3 "$LC_HOME/simulated-kubelet/server.py" --socket "$EGRESS_SOCKET" --node-ip "$SIM_NODE_IP" \
    --ca "$PKI/ca.crt" --cert "$PKI/simulated-kubelet.crt" --key "$PKI/simulated-kubelet.key" --state "$STATE" \
    --api-server "https://127.0.0.1:$API_PORT" --client-cert "$PKI/simulated-kubelet-client.crt" \
    --client-key "$PKI/simulated-kubelet-client.key" "${kubelet_args[@]}"
  wait_for simulated-kubelets 20 curl -sf --unix-socket "$EGRESS_SOCKET" http://localhost/healthz
fi

if ! running etcd; then
  require_free_port etcd "$ETCD_PORT"
  start etcd "$BIN/etcd" --name isobench --data-dir "$STATE/etcd" \
    --listen-client-urls "http://127.0.0.1:$ETCD_PORT" --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" \
    --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
    --initial-cluster "isobench=http://127.0.0.1:$ETCD_PEER_PORT" --unsafe-no-fsync --quota-backend-bytes 2147483648
  wait_for etcd 30 curl -sf "http://127.0.0.1:$ETCD_PORT/health"
fi

if ! running kube-apiserver; then
  require_free_port kube-apiserver "$API_PORT"
  # PodSecurity admission is on by default: namespaces labelled pod-security.kubernetes.io/enforce are enforced.
  start kube-apiserver "$BIN/kube-apiserver" \
    --advertise-address=127.0.0.1 --bind-address=127.0.0.1 --secure-port="$API_PORT" \
    --etcd-servers="http://127.0.0.1:$ETCD_PORT" --cert-dir="$STATE/apiserver-certs" \
    --tls-cert-file="$PKI/apiserver.crt" --tls-private-key-file="$PKI/apiserver.key" --client-ca-file="$PKI/ca.crt" \
    --kubelet-client-certificate="$PKI/apiserver-kubelet-client.crt" --kubelet-client-key="$PKI/apiserver-kubelet-client.key" \
    --kubelet-certificate-authority="$PKI/ca.crt" --kubelet-preferred-address-types=InternalIP,Hostname \
    --egress-selector-config-file="$STATE/egress-selector.yaml" \
    --service-account-issuer=https://kubernetes.default.svc.cluster.local \
    --service-account-key-file="$PKI/sa.pub" --service-account-signing-key-file="$PKI/sa.key" \
    --service-cluster-ip-range=10.0.0.0/24 --authorization-mode=Node,RBAC --allow-privileged=true \
    --enable-admission-plugins=NodeRestriction --endpoint-reconciler-type=none --profiling=false
  wait_for kube-apiserver 120 $KUBECTL get --raw /readyz
  wait_for default-namespace 60 $KUBECTL get ns default
fi
# the simulated kubelets judge requests as a kubelet with webhook authn/authz does: TokenReview, SubjectAccessReview
cat <<CRB | $KUBECTL apply -f - >/dev/null
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: "isobench:simulated-kubelet"}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: "system:auth-delegator"}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: "isobench:simulated-kubelet"}]
CRB

if ! running kube-controller-manager; then
  require_free_port kube-controller-manager "$KCM_PORT"
  start kube-controller-manager "$BIN/kube-controller-manager" --kubeconfig="$STATE/kcm.kubeconfig" \
    --authentication-kubeconfig="$STATE/kcm.kubeconfig" --authorization-kubeconfig="$STATE/kcm.kubeconfig" \
    --bind-address=127.0.0.1 --secure-port="$KCM_PORT" --leader-elect=false \
    --service-account-private-key-file="$PKI/sa.key" --root-ca-file="$PKI/ca.crt" \
    --cluster-signing-cert-file="$PKI/ca.crt" --cluster-signing-key-file="$PKI/ca.key" \
    --use-service-account-credentials=true --service-cluster-ip-range=10.0.0.0/24 \
    --node-monitor-grace-period=20s \
    --controllers='*,-nodeipam,-cloud-node-lifecycle,-service-lb-controller,-node-route-controller'
  wait_for kube-controller-manager 60 curl -skf "https://127.0.0.1:$KCM_PORT/healthz"
fi

if ! running kube-scheduler; then
  require_free_port kube-scheduler "$SCHEDULER_PORT"
  start kube-scheduler "$BIN/kube-scheduler" --kubeconfig="$STATE/scheduler.kubeconfig" \
    --authentication-kubeconfig="$STATE/scheduler.kubeconfig" --authorization-kubeconfig="$STATE/scheduler.kubeconfig" \
    --bind-address=127.0.0.1 --secure-port="$SCHEDULER_PORT" --leader-elect=false
  wait_for kube-scheduler 60 curl -skf "https://127.0.0.1:$SCHEDULER_PORT/healthz"
fi

if ! running kwok; then
  require_free_port kwok "$KWOK_PORT"
  start kwok "$BIN/kwok" --kubeconfig="$KUBECONFIG_ADMIN" \
    --manage-all-nodes=false --manage-nodes-with-annotation-selector=kwok.x-k8s.io/node=fake \
    --node-ip="$SIM_NODE_IP" --cidr=10.244.0.0/16 --node-lease-duration-seconds=40 \
    --config="$LC_HOME/kwok/stages.yaml" --server-address="127.0.0.1:$KWOK_PORT"
  wait_for kwok 60 curl -sf "http://127.0.0.1:$KWOK_PORT/healthz"
fi

i=0
for spec in "${NODES[@]}"; do
  name=$(node_name "$spec"); pool=$(node_field "$spec" pool bench)
  cat <<NODE | $KUBECTL apply -f - >/dev/null
apiVersion: v1
kind: Node
metadata:
  name: $name
  annotations:
    kwok.x-k8s.io/node: fake
    node.alpha.kubernetes.io/ttl: "0"
    isobench.io/kubelet-port: "$((KUBELET_PORT_BASE + i))"
    isobench.io/cpus: "$(node_field "$spec" cpus 4)"
    isobench.io/memory: "$(node_field "$spec" memory 16Gi)"
  labels:
    kubernetes.io/arch: amd64
    kubernetes.io/hostname: $name
    kubernetes.io/os: linux
    type: kwok
    isobench.io/pool: $pool
spec:
  taints:
  - key: isobench.io/dedicated
    value: $pool
    effect: NoSchedule
NODE
  i=$((i + 1))
done
for spec in "${NODES[@]}"; do
  wait_for "node-$(node_name "$spec")" 60 $KUBECTL wait --for=condition=Ready "node/$(node_name "$spec")" --timeout=2s
done

"$LC_HOME/minio.sh" start --state-dir "$STATE" --port "$MINIO_PORT"
echo "KUBECONFIG=$KUBECONFIG_ADMIN"
