#!/usr/bin/env bash
# Build (once) and cache the Go-built tools isobench's tests and local cluster need.
#   local-cluster/tools.sh k8s minio helm kwok helm-unittest prometheus-crds     (or: all)
# Each tool lands in $ISOBENCH_CACHE/<tool>-<version>/ (keyed by version, so a bump rebuilds) and is
# linked into $ISOBENCH_CACHE/bin. Nothing is downloaded but Go modules from the module proxy.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
CACHE=${ISOBENCH_CACHE:-$HOME/.cache/isobench}
BIN=$CACHE/bin
K8S_VERSION=1.34.10
MINIO_VERSION=v0.0.0-20260212201848-7aac2a2c5b7c   # the proxy refuses RELEASE.* tags; pin the pseudo-version
HELM_VERSION=v3.22.0
KWOK_VERSION=v0.8.0
HELM_UNITTEST_VERSION=v1.1.2
PROMETHEUS_OPERATOR_VERSION=v0.85.0   # its CRDs (monitoring.coreos.com/v1) for the chart tests
mkdir -p "$BIN"

need_go() {
  command -v go >/dev/null || { echo "tools.sh: 'go' is required to build the local cluster tools (apt-get install golang or https://go.dev/dl)" >&2; exit 1; }
}

# link NAME DIR: expose DIR/NAME as $BIN/NAME
link() { ln -sfn "$2/$1" "$BIN/$1"; }

built() { # dir files...: true when every file exists in dir
  local d=$1; shift
  for f in "$@"; do [ -x "$d/$f" ] || return 1; done
}

build_k8s() {
  local out=$CACHE/k8s-$K8S_VERSION
  local bins=(kube-apiserver kube-controller-manager kube-scheduler kubectl kubelet etcd)
  if ! built "$out" "${bins[@]}"; then
    need_go
    echo "tools.sh: building Kubernetes v$K8S_VERSION + etcd from the Go module proxy (7-11 min cold on 2 cores)" >&2
    local maj=${K8S_VERSION%%.*} rest=${K8S_VERSION#*.}; local min=${rest%%.*}
    local ld=""
    for p in k8s.io/client-go/pkg/version k8s.io/component-base/version; do
      ld+=" -X $p.gitVersion=v$K8S_VERSION -X $p.gitMajor=$maj -X $p.gitMinor=$min -X $p.gitTreeState=clean -X $p.buildDate=1970-01-01T00:00:00Z"
    done
    mkdir -p "$out.tmp"
    (cd "$HERE/k8s-build" && CGO_ENABLED=0 go build -trimpath -tags selinux,notest,grpcnotrace -ldflags "-s -w $ld" -o "$out.tmp/" \
      k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager \
      k8s.io/kubernetes/cmd/kube-scheduler k8s.io/kubernetes/cmd/kubectl k8s.io/kubernetes/cmd/kubelet \
      go.etcd.io/etcd/server/v3)
    [ -f "$out.tmp/v3" ] && mv "$out.tmp/v3" "$out.tmp/etcd"
    [ -f "$out.tmp/server" ] && mv "$out.tmp/server" "$out.tmp/etcd"
    rm -rf "$out" && mv "$out.tmp" "$out"
  fi
  for b in "${bins[@]}"; do link "$b" "$out"; done
  # the layout kube-api-test's offline mode expects: $KUBE_API_TEST_DIR/k8s/<version>-linux-amd64/
  local kat=$CACHE/kube-api-test/k8s/$K8S_VERSION-linux-amd64
  mkdir -p "$kat"
  for b in etcd kube-apiserver kubectl; do ln -sfn "$out/$b" "$kat/$b"; done
}

go_install() { # name module version [binary-name]
  local name=$1 module=$2 version=$3 binary=${4:-$1}
  local out=$CACHE/$name-$version
  if ! built "$out" "$binary"; then
    need_go
    echo "tools.sh: go install $module@$version" >&2
    mkdir -p "$out.tmp"
    GOBIN="$out.tmp" CGO_ENABLED=0 go install -trimpath -ldflags "-s -w" "$module@$version"
    rm -rf "$out" && mv "$out.tmp" "$out"
  fi
  link "$binary" "$out"
}

# helm-unittest's go.mod has replace directives, so `go install mod@version` refuses it: build it as the main module.
build_helm_unittest() {
  local out=$CACHE/helm-unittest-$HELM_UNITTEST_VERSION
  if ! built "$out" helm-unittest; then
    need_go
    echo "tools.sh: building helm-unittest $HELM_UNITTEST_VERSION" >&2
    local dir src
    dir=$(cd "$(mktemp -d)" && go mod download -json "github.com/helm-unittest/helm-unittest@$HELM_UNITTEST_VERSION" \
      | python3 -c 'import json,sys; print(json.load(sys.stdin)["Dir"])')
    src=$(mktemp -d) && cp -r "$dir"/. "$src" && chmod -R u+w "$src"
    mkdir -p "$out.tmp"
    (cd "$src" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$out.tmp/helm-unittest" ./cmd/helm-unittest)
    rm -rf "$src" "$out" && mv "$out.tmp" "$out"
  fi
  link helm-unittest "$out"
}

# The Prometheus Operator's CRDs, from its Go module (as kubebuilder-style projects locate them).
prometheus_crds() {
  local out=$CACHE/prometheus-operator-crds-$PROMETHEUS_OPERATOR_VERSION
  if [ ! -f "$out/monitoring.coreos.com_servicemonitors.yaml" ]; then
    need_go
    local dir
    dir=$(cd "$(mktemp -d)" && go mod download -json "github.com/prometheus-operator/prometheus-operator@$PROMETHEUS_OPERATOR_VERSION" \
      | python3 -c 'import json,sys; print(json.load(sys.stdin)["Dir"])')
    mkdir -p "$out.tmp" && cp "$dir"/example/prometheus-operator-crd/*.yaml "$out.tmp/" && chmod 644 "$out.tmp"/*.yaml
    rm -rf "$out" && mv "$out.tmp" "$out"
  fi
  ln -sfn "$out" "$CACHE/prometheus-operator-crds"
}

for tool in "${@:-all}"; do
  case $tool in
    k8s) build_k8s ;;
    minio) go_install minio github.com/minio/minio "$MINIO_VERSION" ;;
    helm) go_install helm helm.sh/helm/v3/cmd/helm "$HELM_VERSION" ;;
    kwok) go_install kwok sigs.k8s.io/kwok/cmd/kwok "$KWOK_VERSION" ;;
    helm-unittest) build_helm_unittest ;;
    prometheus-crds) prometheus_crds ;;
    all) "$0" k8s minio helm kwok helm-unittest prometheus-crds ;;
    *) echo "tools.sh: unknown tool '$tool' (known: k8s minio helm kwok helm-unittest prometheus-crds all)" >&2; exit 2 ;;
  esac
done
