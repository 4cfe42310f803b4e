#!/usr/bin/env bash
# A throw-away PKI for one loopback cluster, made once per run dir (existing files are kept).
#   gencerts.sh DIR SIMULATED_KUBELET_IP ["REAL NODE ADDRESSES"]
# RSA 2048 keys: Java clients (Fabric8) read PKCS#8 RSA keys from a kubeconfig, not PKCS#8 EC ones.
set -euo pipefail
dir=${1:?usage: gencerts.sh DIR SIMULATED_KUBELET_IP}
kubelet_ip=${2:?usage: gencerts.sh DIR SIMULATED_KUBELET_IP}
command -v openssl >/dev/null || { echo "gencerts.sh: openssl is missing (.ci/prerequisites.sh installs it)" >&2; exit 1; }
mkdir -p "$dir"
cd "$dir"
umask 077

key() { openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$1" 2>/dev/null; }

sign() { # name subject extensions
  local name=$1 subject=$2 ext=$3
  [ -f "$name.crt" ] && return 0
  key "$name.key"
  openssl req -new -key "$name.key" -subj "$subject" -out "$name.csr"
  printf '%s\n' "$ext" >"$name.ext"
  openssl x509 -req -in "$name.csr" -CA ca.crt -CAkey ca.key -CAcreateserial -days 3650 \
    -extfile "$name.ext" -out "$name.crt" 2>/dev/null
  rm -f "$name.csr" "$name.ext"
}

if [ ! -f ca.crt ]; then
  key ca.key
  openssl req -x509 -new -key ca.key -subj "/CN=isobench-local-ca" -days 3650 -out ca.crt \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign,digitalSignature"
fi
if [ ! -f sa.key ]; then   # service-account token signing pair
  key sa.key
  openssl pkey -in sa.key -pubout -out sa.pub
fi

client='basicConstraints=CA:FALSE
keyUsage=critical,digitalSignature
extendedKeyUsage=clientAuth'
server='basicConstraints=CA:FALSE
keyUsage=critical,digitalSignature
extendedKeyUsage=serverAuth'

sign apiserver "/CN=kube-apiserver" "$server
subjectAltName=IP:127.0.0.1,IP:10.0.0.1,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local"
sign admin "/O=system:masters/CN=isobench-admin" "$client"
sign kube-controller-manager "/CN=system:kube-controller-manager" "$client"
sign kube-scheduler "/CN=system:kube-scheduler" "$client"
sign apiserver-kubelet-client "/O=system:masters/CN=kube-apiserver-kubelet-client" "$client"
# what the simulated kubelets present to their clients (the API server and the operator check it against ca.crt);
# made again when the simulated nodes' address has moved since
if [ -f simulated-kubelet.crt ] && ! openssl x509 -in simulated-kubelet.crt -noout -ext subjectAltName 2>/dev/null | grep -q "IP Address:$kubelet_ip$"; then
  rm -f simulated-kubelet.crt simulated-kubelet.key
fi
sign simulated-kubelet "/CN=simulated-kubelet" "$server
subjectAltName=IP:$kubelet_ip"
# and their own identity towards the API server: TokenReview and SubjectAccessReview (up.sh binds system:auth-delegator)
sign simulated-kubelet-client "/CN=isobench:simulated-kubelet" "$client"
# a real node (real-node.sh passes this machine's addresses): the kubelet's client identity for the Node authorizer,
# and its serving cert for every address the node may publish (the API server dials the node's InternalIP)
if [ -n "${3:-}" ]; then
  sign kubelet-localhost-client "/O=system:nodes/CN=system:node:localhost" "$client"
  sign kubelet-localhost-server "/CN=localhost" "$server
subjectAltName=DNS:localhost,IP:127.0.0.1$(for ip in $3; do printf ',IP:%s' "$ip"; done)"
fi
