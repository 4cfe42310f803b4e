#!/usr/bin/env bash
# An image registry on 127.0.0.1 for the local cluster (Debian docker-registry, plain HTTP, storage under the state dir):
# images are pushed to it (images/push.sh) and the real node's containerd pulls them from it, as a cluster pulls from
# any registry.
#   local-cluster/registry.sh start|stop [--state-dir DIR] [--port-base N]      port: N+8; prints 127.0.0.1:<port>
set -euo pipefail
source "$(dirname "$0")/config.sh"
source "$LC_HOME/procs.sh"
case ${ARGS[0]:-} in
  start)
    command -v docker-registry >/dev/null || die "docker-registry is missing (Debian package docker-registry; .ci/prerequisites.sh installs it)"
    if ! running registry; then
      require_free_port registry "$REGISTRY_PORT"
      mkdir -p "$STATE/registry"
      # the path under $STATE on the command line is what makes the process ours (procs.sh)
      printf 'version: 0.1\nlog: {level: warn}\nstorage: {filesystem: {rootdirectory: %s/registry/data}}\nhttp: {addr: "127.0.0.1:%s"}\n' \
        "$STATE" "$REGISTRY_PORT" >"$STATE/registry/config.yml"
      start registry docker-registry serve "$STATE/registry/config.yml" >/dev/null
      wait_for registry 30 curl -sf "http://127.0.0.1:$REGISTRY_PORT/v2/" >/dev/null
    fi
    echo "127.0.0.1:$REGISTRY_PORT" ;;
  stop) stop registry >/dev/null ;;
  *) die "usage: registry.sh start|stop [--state-dir DIR] [--port-base N]" ;;
esac
