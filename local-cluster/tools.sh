#!/usr/bin/env bash
# Build (once) and cache the Go-built tools isobench's tests and local cluster need.
#   local-cluster/tools.sh k8s minio helm kwok     (or: all)
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

for tool in "${@:-all}"; do
  case $tool in
    k8s) build_k8s ;;
    minio) go_install minio github.com/minio/minio "$MINIO_VERSION" ;;
    helm) go_install helm helm.sh/helm/v3/cmd/helm "$HELM_VERSION" ;;
    kwok) go_install kwok sigs.k8s.io/kwok/cmd/kwok "$KWOK_VERSION" ;;
    all) "$0" k8s minio helm kwok ;;
    *) echo "tools.sh: unknown tool '$tool' (known: k8s minio helm kwok all)" >&2; exit 2 ;;
  esac
done
