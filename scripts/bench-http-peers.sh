#!/usr/bin/env bash
# make bench-http-peers: our HTTP load generator (the http target; http-mock drives the same client) beside wrk and
# h2load against a server faster than all three — Debian's nginx, `return 200`, one worker pinned to CPU 1 — so the
# generators, not the server, set the figure (against MockServer, which saturates one core at ≈ 30k req/s, every
# generator measures MockServer).
# Each generator: one thread pinned to CPU 0, N keep-alive HTTP/1.1 connections, closed loop. ROUNDS rounds (default 3),
# each running the three in a random order; the summary is the median of the per-round ratios ours / the better peer.
# Rewrites the http-peers section of BENCHMARKS.md. SECONDS_PER_RUN (default 10), CLIENTS (default 10,50,150,500).
set -euo pipefail
out=${1:-out/bench}
secs=${SECONDS_PER_RUN:-10}
rounds=${ROUNDS:-3}
clients=${CLIENTS:-10,50,150,500}
runner=runner-image/bin/isobench-runner
sudo_cmd=""; [ "$(id -u)" = 0 ] || sudo_cmd=sudo
for tool in wrk:wrk h2load:nghttp2-client nginx:nginx-light; do
  command -v "${tool%%:*}" >/dev/null || $sudo_cmd apt-get install -y -qq "${tool#*:}" >/dev/null
done
stamp=$(date -u +%Y%m%dT%H%M%SZ)
dir="$(realpath -m "$out")/http-peers-$stamp"
mkdir -p "$dir/logs"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# keepalive_requests: nginx closes a connection after 1,000 requests by default, which would measure reconnects
cat >"$dir/nginx.conf" <<EOF
worker_processes 1;
worker_cpu_affinity 10;
pid $dir/nginx.pid;
error_log $dir/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 100000000;
  keepalive_timeout 300s;
  server { listen 127.0.0.1:$port; location / { return 200 "ok\n"; } }
}
EOF
nginx -p "$dir" -c "$dir/nginx.conf" -g 'daemon off;' &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$port/" >/dev/null && break; sleep 0.1; done
url="http://127.0.0.1:$port/"
curl -fs "$url" >/dev/null || { echo "bench-http-peers: nginx did not answer on $url" >&2; exit 3; }

wrk_run() { # clients → req/s
  local log="$dir/wrk-c$1-$RANDOM.log"
  taskset -c 0 wrk -t1 -c"$1" -d"${secs}s" "$url" >"$log" 2>&1 || true
  python3 -c "import re,sys; m=re.search(r'Requests/sec:\s+([0-9.]+)', open(sys.argv[1]).read()); print(m.group(1) if m else 'nan')" "$log"
}
h2load_run() { # clients → req/s (h2load's own warm-up excluded, as ours)
  local log="$dir/h2load-c$1-$RANDOM.log"
  taskset -c 0 h2load --h1 -t1 -c"$1" -D"$secs" --warm-up-time=2 "$url" >"$log" 2>&1 || true
  python3 -c "import re,sys; m=re.search(r'finished in .*?, ([0-9.]+) req/s', open(sys.argv[1]).read()); print(m.group(1) if m else 'nan')" "$log"
}
ours_run() { # clients → "req/s verdict"
  local run="$dir/ours-c$1-$RANDOM"
  "$runner" http --url "$url" --cpus 0 --mode closed --clients "$1" --warmup 2s \
    --duration "${secs}s" --repetitions 1 --probe-duration 0s --progress none --out "$run" >"$run.log" 2>&1 || true
  python3 - "$run/result.json" <<'PY'
import json, sys
try:
    step = json.load(open(sys.argv[1]))["steps"][0]
    print(step["repetitions"][0]["achievedRate"], step["verdict"])
except (OSError, KeyError, IndexError, ValueError) as e:
    print("nan", "no-result")
PY
}
rps() { python3 -c "import sys; v=float(sys.argv[1]); print('-' if v != v else '{:,.0f}'.format(v))" "$1"; }
# warm nginx and the page cache of the three binaries, unmeasured
taskset -c 0 wrk -t1 -c50 -d3s "$url" >/dev/null 2>&1 || true
rows=(); summary=()
for n in ${clients//,/ }; do
  ratios=()
  for round in $(seq 1 "$rounds"); do
    declare -A got=()
    order=$(printf 'wrk\nh2load\nours\n' | shuf | paste -sd' ')
    for tool in $order; do
      case $tool in
        wrk) got[wrk]=$(wrk_run "$n") ;;
        h2load) got[h2load]=$(h2load_run "$n") ;;
        ours) read -r got[ours] got[verdict] < <(ours_run "$n") ;;
      esac
    done
    r=$(python3 -c "import sys; o,w,h=map(float,sys.argv[1:4]); print('%.2f' % (o/max(w,h)))" "${got[ours]}" "${got[wrk]}" "${got[h2load]}")
    ratios+=("$r")
    rows+=("| $n | $round | ${order// / → } | $(rps "${got[wrk]}") | $(rps "${got[h2load]}") | $(rps "${got[ours]}") (${got[verdict]}) | ${r}× |")
    unset got
  done
  summary+=("$(python3 - "$n" "${ratios[*]}" <<'PY'
import statistics, sys
n, r = sys.argv[1], [float(x) for x in sys.argv[2].split()]
print("| %s | %.2f× | %.2f–%.2f | %d of %d |" % (n, statistics.median(r), min(r), max(r), sum(x >= 1.0 for x in r), len(r)))
PY
)")
done
{
  echo "## HTTP generators: isobench vs wrk and h2load against nginx"
  echo
  echo "Generated $(date -u +%Y-%m-%dT%H:%MZ) by \`make bench-http-peers\` (\`scripts/bench-http-peers.sh\`, ${secs} s per run, $rounds rounds,"
  echo "the three generators in a random order each round). Server: $(nginx -v 2>&1 | sed 's/.*: //') \`return 200\`, one worker pinned to CPU 1."
  echo "Generators: one thread pinned to CPU 0, N keep-alive HTTP/1.1 connections, closed loop: \`wrk -t1 -cN\`, \`h2load --h1 -t1 -cN\`"
  echo "($(h2load --version 2>&1 | head -1)), ours \`isobench-runner http --url URL --mode closed --clients N\` (2 s warm-up"
  echo "excluded, as h2load's \`--warm-up-time=2\`). $(nproc) CPUs, $(uname -r). Goal: ours ≥ 1.00× the better peer at every N."
  echo
  echo "| connections | median of per-round ratios (ours / better peer) | range | rounds ≥ 1.00× |"
  echo "|---|---|---|---|"
  printf '%s\n' "${summary[@]}"
  echo
  echo "| connections | round | order | wrk req/s | h2load req/s | ours req/s (verdict) | ours / better peer |"
  echo "|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
} | scripts/bench-section.sh http-peers
echo "BENCHMARKS.md: http-peers section rewritten from $dir"
