#!/usr/bin/env bash
# Make a simulated node NotReady (its kubelet "stops": no heartbeat, Ready=False) or Ready again.
#   local-cluster/node.sh [--state-dir DIR] not-ready|ready NODE
set -euo pipefail
source "$(dirname "$0")/config.sh"
source "$LC_HOME/procs.sh"
action=${ARGS[0]:-}; node=${ARGS[1]:-}
[ -n "$node" ] || die "usage: node.sh [--state-dir DIR] not-ready|ready NODE"
now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
case $action in
  not-ready)
    $KUBECTL annotate --overwrite "node/$node" isobench.io/simulate-node=not-ready >/dev/null
    $KUBECTL patch "node/$node" --subresource=status --type=strategic -p \
      "{\"status\":{\"conditions\":[{\"type\":\"Ready\",\"status\":\"False\",\"reason\":\"KubeletStopped\",\"message\":\"simulated by local-cluster/node.sh\",\"lastHeartbeatTime\":\"$now\",\"lastTransitionTime\":\"$now\"}]}}" >/dev/null
    echo "node/$node NotReady" ;;
  ready)
    # node-initialize (kwok/stages.yaml) marks it Ready again once the annotation is gone
    $KUBECTL annotate "node/$node" isobench.io/simulate-node- >/dev/null
    $KUBECTL wait --for=condition=Ready "node/$node" --timeout=60s >/dev/null
    echo "node/$node Ready" ;;
  *) die "usage: node.sh [--state-dir DIR] not-ready|ready NODE (not '$action')" ;;
esac
