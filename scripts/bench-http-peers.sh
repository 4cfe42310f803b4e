#!/usr/bin/env bash
# make bench-http-peers: our HTTP load generator (the http target; http-mock drives the same client) beside wrk and
# h2load against a server that keeps up with all three, so the generators, not the server, set the figure. SERVER
# picks it: responder (default) is scripts/http-responder.c, one epoll thread answering a fixed 200, pinned to CPU 1;
# nginx is Debian's nginx, `return 200`, one worker pinned to CPU 1, which on a 2-vCPU machine is itself the limit
# (94-101 % busy under wrk: BENCHMARKS.md). Against MockServer (≈ 30k req/s on one core) every generator measures
# MockServer.
# Each generator: one thread pinned to CPU 0, N keep-alive HTTP/1.1 connections. ROUNDS rounds (default 3), each running
# ours and wrk closed loop as A B A (which one brackets the other drawn per round: a bracket more than MODE_SPLIT
# apart, default 10 %, saw the host change its loopback mode) with h2load before or after them, then ours and h2load open loop at OPEN_FACTOR (default 1.25) times the better
# peer's closed-loop req/s of that round (a rate above every generator's saturation: who keeps the most of it). The
# server's CPU is read around each peer's run: a round whose better peer kept the server SERVER_BOUND % busy or more
# (default 95) may have measured the server, and is shown but not counted (scripts/http_peer_rounds.py). The summary is
# the median of the counted rounds' ratios ours / the better peer. Rewrites the http-peers section of BENCHMARKS.md.
# SECONDS_PER_RUN (default 4), CLIENTS (default 10,50,150,500); the defaults take 8–10 minutes (ours starts a JVM per
# run: slower on a loaded machine).
set -euo pipefail
out=${1:-out/bench}
secs=${SECONDS_PER_RUN:-4}
rounds=${ROUNDS:-3}
clients=${CLIENTS:-10,50,150,500}
open_factor=${OPEN_FACTOR:-1.25}
server_kind=${SERVER:-responder}
bound=${SERVER_BOUND:-95}
split=${MODE_SPLIT:-0.10}
runner=runner-image/bin/isobench-runner
case $server_kind in responder | nginx) ;; *) echo "bench-http-peers: SERVER=$server_kind: responder or nginx" >&2; exit 2 ;; esac
sudo_cmd=""; [ "$(id -u)" = 0 ] || sudo_cmd=sudo
for tool in wrk:wrk h2load:nghttp2-client nginx:nginx-light gcc:gcc; do
  command -v "${tool%%:*}" >/dev/null || $sudo_cmd apt-get install -y -qq "${tool#*:}" >/dev/null
done
stamp=$(date -u +%Y%m%dT%H%M%SZ)
dir="$(realpath -m "$out")/http-peers-$stamp"
mkdir -p "$dir/logs"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
if [ "$server_kind" = responder ]; then
  gcc -O2 -Wall -Werror -o "$dir/http-responder" scripts/http-responder.c
  taskset -c 1 "$dir/http-responder" "$port" >"$dir/logs/responder.log" 2>&1 &
  server=$!
  server_name="isobench's http-responder (\`scripts/http-responder.c\`: one epoll thread answering a fixed \`200 ok\`), pinned to CPU 1 by \`taskset -c 1\`"
else
  # keepalive_requests: nginx closes a connection after 1,000 requests by default, which would measure reconnects
  cat >"$dir/nginx.conf" <<NGINX
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
NGINX
  nginx -p "$dir" -c "$dir/nginx.conf" -g 'daemon off;' &
  server=$!
  server_name="$(nginx -v 2>&1 | sed 's/.*: //') \`return 200\`, one worker pinned to CPU 1 (\`worker_cpu_affinity\`)"
fi
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
url="http://127.0.0.1:$port/"
for _ in $(seq 1 50); do curl -fs "$url" >/dev/null && break; sleep 0.1; done
curl -fs "$url" >/dev/null || { echo "bench-http-peers: the $server_kind server did not answer on $url" >&2; exit 3; }
busy=$server
if [ "$server_kind" = nginx ]; then
  busy=$(pgrep -P "$server" | head -1)
  [ -n "$busy" ] || { echo "bench-http-peers: nginx (pid $server) has no worker process" >&2; exit 3; }
fi
# the share of one CPU the serving process used while a generator ran (near 100 %: the server, not the generator, was
# the limit)
server_ticks() { awk '{print $14 + $15}' "/proc/$busy/stat"; }
tick_hz=$(getconf CLK_TCK)
now() { date +%s.%N; }
cpu_share() { # ticks-before ticks-after wall-before wall-after → % of one CPU
  python3 -c "import sys; b, a, t0, t1 = map(float, sys.argv[1:5]); print(round(100 * (a - b) / $tick_hz / (t1 - t0)))" "$@"
}
wrk_run() { # clients → "req/s server-CPU-%"
  local log="$dir/wrk-c$1-$RANDOM.log" before after t0 t1
  before=$(server_ticks); t0=$(now)
  timeout $((secs + 30)) taskset -c 0 wrk -t1 -c"$1" -d"${secs}s" "$url" >"$log" 2>&1 || true
  after=$(server_ticks); t1=$(now)
  echo "$(python3 -c "import re,sys; m=re.search(r'Requests/sec:\s+([0-9.]+)', open(sys.argv[1]).read()); print(m.group(1) if m else 'nan')" "$log")" \
    "$(cpu_share "$before" "$after" "$t0" "$t1")"
}
h2load_run() { # clients [rate] → "req/s server-CPU-%" (h2load's own warm-up excluded, as ours); a rate: --rps, its per-client share
  local log="$dir/h2load-c$1${2:+-r$2}-$RANDOM.log" before after t0 t1
  local rps=(); [ -n "${2:-}" ] && rps=(--rps=$(( ($2 + $1 - 1) / $1 )))
  before=$(server_ticks); t0=$(now)
  timeout $((secs + 30)) taskset -c 0 h2load --h1 -t1 -c"$1" -D"$secs" --warm-up-time=2 "${rps[@]}" "$url" >"$log" 2>&1 || true
  after=$(server_ticks); t1=$(now)
  echo "$(python3 -c "import re,sys; m=re.search(r'finished in .*?, ([0-9.]+) req/s', open(sys.argv[1]).read()); print(m.group(1) if m else 'nan')" "$log")" \
    "$(cpu_share "$before" "$after" "$t0" "$t1")"
}
ours_run() { # clients [rate] → "req/s verdict"; a rate: open loop at that rate over the N connections
  local run="$dir/ours-c$1${2:+-r$2}-$RANDOM"
  local load=(--mode closed --clients "$1"); [ -n "${2:-}" ] && load=(--mode open --rates "$2" --connections "$1")
  timeout $((secs + 60)) "$runner" http --url "$url" --cpus 0 "${load[@]}" --warmup 2s \
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
rps_runs() { # "r1[,r2]" "note1[,note2]" → "r1 (note1), r2 (note2)"; a CPU share as note gets its %
  python3 -c "
import sys
rs, ns = sys.argv[1].split(','), sys.argv[2].split(',')
cell = lambda r, n: ('-' if r in ('nan', '') else '{:,.0f}'.format(float(r))) + ' (' + (n + ' %' if n.isdigit() else n) + ')'
print(', '.join(cell(r, n) for r, n in zip(rs, ns)))" "$1" "$2"
}
# warm the server and the page cache of the three binaries, unmeasured
taskset -c 0 wrk -t1 -c50 -d3s "$url" >/dev/null 2>&1 || true
rows=(); open_rows=(); summary=()
for n in ${clients//,/ }; do
  judged=(); open_ratios=()
  for round in $(seq 1 "$rounds"); do
    declare -A got=()
    # ours and wrk as A B A (which one brackets the other drawn per round), h2load before or after them
    outer=wrk middle=ours
    [ $((RANDOM % 2)) = 0 ] || { outer=ours middle=wrk; }
    order="$outer $middle $outer"
    if [ $((RANDOM % 2)) = 0 ]; then order="h2load $order"; else order="$order h2load"; fi
    for tool in $order; do
      case $tool in
        wrk) read -r r c < <(wrk_run "$n"); got[wrk]+="${got[wrk]:+,}$r"; got[wrk_cpu]+="${got[wrk_cpu]:+,}$c" ;;
        h2load) read -r got[h2load] got[h2load_cpu] < <(h2load_run "$n") ;;
        ours) read -r r v < <(ours_run "$n"); got[ours]+="${got[ours]:+,}$r"; got[verdict]+="${got[verdict]:+,}$v" ;;
      esac
    done
    # → ours / the better peer, whether counted, that peer's server CPU and req/s, the round's verdict cells
    read -r ratio counted peer_cpu best_peer cells < <(python3 scripts/http_peer_rounds.py round "$bound" "$split" \
      "${got[ours]}" "${got[wrk]}" "${got[wrk_cpu]}" "${got[h2load]}" "${got[h2load_cpu]}")
    judged+=("$ratio $counted $peer_cpu")
    rows+=("| $n | $round | ${order// / → } | $(rps_runs "${got[wrk]}" "${got[wrk_cpu]}") | $(rps "${got[h2load]}") (${got[h2load_cpu]} %) | $(rps_runs "${got[ours]}" "${got[verdict]}") $cells |")
    # open loop above the round's best closed-loop figure: what each generator keeps of a rate none can reach
    offered=$(python3 -c "import sys; m=float(sys.argv[1]); print(int(m*float(sys.argv[2])) if m==m else 0)" "$best_peer" "$open_factor")
    if [ "$offered" -gt 0 ]; then
      open_order=$(printf 'h2load\nours\n' | shuf | paste -sd' ')
      for tool in $open_order; do
        case $tool in
          h2load) read -r got[open_h2load] got[open_h2load_cpu] < <(h2load_run "$n" "$offered") ;;
          ours) read -r got[open_ours] got[open_verdict] < <(ours_run "$n" "$offered") ;;
        esac
      done
      o=$(python3 -c "import sys; o,h=map(float,sys.argv[1:3]); print('%.2f' % (o/h) if h > 0 else 'nan')" "${got[open_ours]}" "${got[open_h2load]}")
      open_ratios+=("$o")
      open_rows+=("| $n | $round | $(rps "$offered") | ${open_order// / → } | $(rps "${got[open_h2load]}") (${got[open_h2load_cpu]} %) | $(rps "${got[open_ours]}") (${got[open_verdict]}) | ${o}× |")
    fi
    unset got
  done
  summary+=("$(python3 scripts/http_peer_rounds.py summary "$n" "${judged[@]}" -- "${open_ratios[@]}")")
done
{
  echo "## HTTP generators: isobench vs wrk and h2load against a server that keeps up"
  echo
  echo "Generated $(date -u +%Y-%m-%dT%H:%MZ) by \`make bench-http-peers\` (\`scripts/bench-http-peers.sh\`, ${secs} s per run, $rounds rounds;"
  echo "each round runs ours and wrk as A B A, which one brackets the other drawn per round, and h2load before or after them)."
  echo "Server: $server_name."
  echo "Generators pinned to CPU 0 (wrk and h2load by \`taskset -c 0\`; ours' sender thread by \`--cpus 0\`, its"
  echo "JVM's other threads — JIT, GC, the window monitor — unpinned), N keep-alive HTTP/1.1 connections, one request in flight each."
  echo "Closed loop: \`wrk -t1 -cN\`, \`h2load --h1 -t1 -cN\` ($(h2load --version 2>&1 | head -1)), ours"
  echo "\`isobench-runner http --url URL --mode closed --clients N\` (2 s warm-up excluded, as h2load's \`--warm-up-time=2\`). Open loop at"
  echo "${open_factor}× the round's better closed-loop figure (above every generator's saturation): ours \`--mode open --rates R --connections N\`"
  echo "(each request timed from its intended send time; it FAILs on rate when it cannot keep up) and \`h2load --rps R/N\`; the"
  echo "figure is what each achieved. A round is shown but not counted (\`scripts/http_peer_rounds.py\`) when its two bracket runs"
  echo "lie more than $(python3 -c "print(round(float('$split') * 100))") % apart (\`MODE_SPLIT\`: the host switched its loopback mode during the round, which moves"
  echo "every generator's req/s by 20-25 %), or when the better peer kept the server ${bound} % busy or more (\`SERVER_BOUND\`:"
  echo "it may have measured the server, not itself). Server CPU: the serving process's share of CPU 1 during a peer's run."
  echo "$(nproc) CPUs shared with other work, $(uname -r)."
  echo "Goal: ours ≥ 1.00× the better peer at every N."
  echo
  echo "| connections | closed loop: median of the counted rounds' ratios (ours / better peer) | range | counted rounds ≥ 1.00× | rounds not counted | open loop: median ratio ours / h2load achieved | server CPU during the better peer's runs (median) |"
  echo "|---|---|---|---|---|---|---|"
  printf '%s\n' "${summary[@]}"
  echo
  echo "Closed loop, every round:"
  echo
  echo "| connections | round | order | wrk req/s (server CPU) | h2load req/s (server CPU) | ours req/s (verdict) | ours / better peer | bracket runs apart | |"
  echo "|---|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "Open loop, every round (offered: ${open_factor}× the round's better closed-loop req/s):"
  echo
  echo "| connections | round | offered req/s | order | h2load achieved (server CPU) | ours achieved (verdict) | ours / h2load |"
  echo "|---|---|---|---|---|---|---|"
  printf '%s\n' "${open_rows[@]}"
} | scripts/bench-section.sh http-peers
echo "BENCHMARKS.md: http-peers section rewritten from $dir"
