#!/usr/bin/env bash
# Installs what a brand-new machine lacks for `make test` and `make e2e`, idempotently. Debian packages via apt-get;
# Go-built tools are built and cached by the Makefile targets that need them (~/.cache/isobench).
set -euo pipefail
missing=()
need() { # command package
  command -v "$1" >/dev/null 2>&1 || missing+=("$2")
}
need mvn maven
need python3 python3
need openssl openssl
need curl curl
need gcc gcc
need file file
need node nodejs
need npm npm
need chromium chromium
need prometheus prometheus
# the http target's tests run against servers no one here wrote: Debian's nginx (and Python's http.server)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
# images: pushed to a registry without a daemon (make images-push); the e2e pulls them from a local registry
need skopeo skopeo
need docker-registry docker-registry
# the real node (local-cluster/real-node.sh): containerd, runc, CNI plugins
need containerd containerd
need runc runc
[ -x /usr/lib/cni/bridge ] || missing+=(containernetworking-plugins)
# pods reach the loopback API server and MinIO through NAT on the node's bridge; the kubectl image's shell
need iptables iptables
need ip iproute2
need dash dash
if [ ${#missing[@]} -gt 0 ]; then
  echo "prerequisites: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd=sudo
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# Java 25 cannot come from Debian bookworm: fail early and clearly if it is absent
scripts/java-home.sh >/dev/null
