#!/usr/bin/env bash
# Stop everything local-cluster/up.sh started for this state dir, by PID (only processes started for it).
#   local-cluster/down.sh [--state-dir DIR] [--purge]   (--purge also removes the state dir)
set -euo pipefail
source "$(dirname "$0")/config.sh"
source "$LC_HOME/procs.sh"
"$LC_HOME/minio.sh" stop --state-dir "$STATE" --port "$MINIO_PORT"
"$LC_HOME/registry.sh" stop --state-dir "$STATE"
[ -d "$STATE/real-node" ] && "$LC_HOME/real-node.sh" stop --state-dir "$STATE"
for c in kwok kube-scheduler kube-controller-manager kube-apiserver etcd simulated-kubelets; do
  stop "$c"
done
if [[ " ${ARGS[*]-} " == *" --purge "* ]]; then
  # the real node's container mounts live under the state dir
  grep -o " $STATE/[^ ]*" /proc/mounts 2>/dev/null | sort -r | xargs -r -n1 umount -l 2>/dev/null || true
  rm -rf "$STATE"
  echo "removed $STATE"
fi
