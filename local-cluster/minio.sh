#!/usr/bin/env bash
# A real MinIO server on 127.0.0.1 for the local cluster and tests.
#   local-cluster/minio.sh start|stop [--state-dir DIR] [--port P]
# Credentials are generated once into DIR/minio.env (mode 600) and never printed.
set -euo pipefail
source "$(dirname "$0")/config.sh"
source "$LC_HOME/procs.sh"
port=$MINIO_PORT
set -- "${ARGS[@]}"
action=${1:-}; shift || true
while [ $# -gt 0 ]; do case $1 in --port) port=$2; shift 2 ;; *) die "minio.sh: unknown option $1" ;; esac; done
case $action in
  start)
    if [ ! -f "$STATE/minio.env" ]; then
      umask 077
      printf 'MINIO_ROOT_USER=isobench-%s\nMINIO_ROOT_PASSWORD=%s\n' "$(openssl rand -hex 4)" "$(openssl rand -hex 20)" >"$STATE/minio.env"
    fi
    running minio && { echo "minio already running (pid $(pid_of minio))"; exit 0; }
    require_free_port minio "$port"
    mkdir -p "$STATE/minio-data"
    set -a; source "$STATE/minio.env"; set +a
    MINIO_BROWSER=off start minio "$BIN/minio" server "$STATE/minio-data" --address "127.0.0.1:$port" \
      --console-address "127.0.0.1:$((port + 1))" --quiet
    wait_for minio 60 curl -sf "http://127.0.0.1:$port/minio/health/live"
    echo "$port" >"$STATE/minio.port" ;;
  stop) stop minio ;;
  *) die "usage: minio.sh start|stop [--state-dir DIR] [--port P]" ;;
esac
