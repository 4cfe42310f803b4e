#!/usr/bin/env bash
# make bench-http-peers: our HTTP load generator (the http target; http-mock drives the same client) beside wrk and
# h2load against a server faster than all three — Debian's nginx, `return 200`, one worker pinned to CPU 1 — so the
# generators, not the server, set the figure (against MockServer, which saturates one core at ≈ 30k req/s, every
# generator measures MockServer).
# Each generator: one thread pinned to CPU 0, N keep-alive HTTP/1.1 connections. ROUNDS rounds (default 3), each running
# the three closed loop in a random order, then ours and h2load open loop at OPEN_FACTOR (default 1.25) times the better
# peer's closed-loop req/s of that round (a rate above every generator's saturation: who keeps the most of it); the
# summary is the median of the per-round ratios ours / the better peer. nginx's worker CPU during each wrk run shows
# whether the server was the limit. Rewrites the http-peers section of BENCHMARKS.md. SECONDS_PER_RUN (default 4),
# CLIENTS (default 10,50,150,500); the defaults take 8–10 minutes (ours starts a JVM per run: slower on a loaded machine).
set -euo pipefail
out=${1:-out/bench}
secs=${SECONDS_PER_RUN:-4}
rounds=${ROUNDS:-3}
clients=${CLIENTS:-10,50,150,500}
open_factor=${OPEN_FACTOR:-1.25}
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
worker=$(pgrep -P "$server" | head -1)
[ -n "$worker" ] || { echo "bench-http-peers: nginx (pid $server) has no worker process" >&2; exit 3; }
# the share of one CPU nginx's worker used while a generator ran (near 100 %: the server, not the generator, is the limit)
worker_ticks() { awk '{print $14 + $15}' "/proc/$worker/stat"; }
tick_hz=$(getconf CLK_TCK)

wrk_run() { # clients → "req/s nginx-CPU-%"
  local log="$dir/wrk-c$1-$RANDOM.log" before after
  before=$(worker_ticks)
  timeout $((secs + 30)) taskset -c 0 wrk -t1 -c"$1" -d"${secs}s" "$url" >"$log" 2>&1 || true
  after=$(worker_ticks)
  python3 -c "import re,sys; m=re.search(r'Requests/sec:\s+([0-9.]+)', open(sys.argv[1]).read())
print(m.group(1) if m else 'nan', round(100 * (int(sys.argv[3]) - int(sys.argv[2])) / int(sys.argv[4]) / int(sys.argv[5])))" \
    "$log" "$before" "$after" "$tick_hz" "$secs"
}
h2load_run() { # clients [rate] → req/s (h2load's own warm-up excluded, as ours); a rate: --rps, its per-client share
  local log="$dir/h2load-c$1${2:+-r$2}-$RANDOM.log"
  local rps=(); [ -n "${2:-}" ] && rps=(--rps=$(( ($2 + $1 - 1) / $1 )))
  timeout $((secs + 30)) taskset -c 0 h2load --h1 -t1 -c"$1" -D"$secs" --warm-up-time=2 "${rps[@]}" "$url" >"$log" 2>&1 || true
  python3 -c "import re,sys; m=re.search(r'finished in .*?, ([0-9.]+) req/s', open(sys.argv[1]).read()); print(m.group(1) if m else 'nan')" "$log"
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
# warm nginx and the page cache of the three binaries, unmeasured
taskset -c 0 wrk -t1 -c50 -d3s "$url" >/dev/null 2>&1 || true
rows=(); open_rows=(); summary=()
for n in ${clients//,/ }; do
  ratios=(); open_ratios=(); nginx_cpu=()
  for round in $(seq 1 "$rounds"); do
    declare -A got=()
    order=$(printf 'wrk\nh2load\nours\n' | shuf | paste -sd' ')
    for tool in $order; do
      case $tool in
        wrk) read -r got[wrk] got[nginx] < <(wrk_run "$n") ;;
        h2load) got[h2load]=$(h2load_run "$n") ;;
        ours) read -r got[ours] got[verdict] < <(ours_run "$n") ;;
      esac
    done
    r=$(python3 -c "import sys; o,w,h=map(float,sys.argv[1:4]); print('%.2f' % (o/max(w,h)))" "${got[ours]}" "${got[wrk]}" "${got[h2load]}")
    ratios+=("$r"); nginx_cpu+=("${got[nginx]}")
    rows+=("| $n | $round | ${order// / → } | $(rps "${got[wrk]}") (nginx ${got[nginx]} %) | $(rps "${got[h2load]}") | $(rps "${got[ours]}") (${got[verdict]}) | ${r}× |")
    # open loop above the round's best closed-loop figure: what each generator keeps of a rate none can reach
    offered=$(python3 -c "import sys; w,h=map(float,sys.argv[1:3]); m=max(w,h); print(int(m*float(sys.argv[3])) if m==m else 0)" \
      "${got[wrk]}" "${got[h2load]}" "$open_factor")
    if [ "$offered" -gt 0 ]; then
      open_order=$(printf 'h2load\nours\n' | shuf | paste -sd' ')
      for tool in $open_order; do
        case $tool in
          h2load) got[open_h2load]=$(h2load_run "$n" "$offered") ;;
          ours) read -r got[open_ours] got[open_verdict] < <(ours_run "$n" "$offered") ;;
        esac
      done
      o=$(python3 -c "import sys; o,h=map(float,sys.argv[1:3]); print('%.2f' % (o/h) if h > 0 else 'nan')" "${got[open_ours]}" "${got[open_h2load]}")
      open_ratios+=("$o")
      open_rows+=("| $n | $round | $(rps "$offered") | ${open_order// / → } | $(rps "${got[open_h2load]}") | $(rps "${got[open_ours]}") (${got[open_verdict]}) | ${o}× |")
    fi
    unset got
  done
  summary+=("$(python3 - "$n" "${ratios[*]}" "${open_ratios[*]}" "${nginx_cpu[*]}" <<'PY'
import statistics, sys
n = sys.argv[1]
closed, opened, cpu = ([float(x) for x in a.split() if x != "nan"] for a in sys.argv[2:5])
med = lambda xs: "%.2f×" % statistics.median(xs) if xs else "-"
print("| %s | %s | %s | %d of %d | %s | %s |" % (
    n, med(closed), "%.2f–%.2f" % (min(closed), max(closed)) if closed else "-", sum(x >= 1.0 for x in closed),
    len(closed), med(opened), "%.0f %%" % statistics.median(cpu) if cpu else "-"))
PY
)")
done
{
  echo "## HTTP generators: isobench vs wrk and h2load against nginx"
  echo
  echo "Generated $(date -u +%Y-%m-%dT%H:%MZ) by \`make bench-http-peers\` (\`scripts/bench-http-peers.sh\`, ${secs} s per run, $rounds rounds,"
  echo "the three generators in a random order each round). Server: $(nginx -v 2>&1 | sed 's/.*: //') \`return 200\`, one worker pinned to CPU 1"
  echo "(\`worker_cpu_affinity\`). Generators pinned to CPU 0 (wrk and h2load by \`taskset -c 0\`; ours' sender thread by \`--cpus 0\`, its"
  echo "JVM's other threads — JIT, GC, the window monitor — unpinned), N keep-alive HTTP/1.1 connections, one request in flight each."
  echo "Closed loop: \`wrk -t1 -cN\`, \`h2load --h1 -t1 -cN\` ($(h2load --version 2>&1 | head -1)), ours"
  echo "\`isobench-runner http --url URL --mode closed --clients N\` (2 s warm-up excluded, as h2load's \`--warm-up-time=2\`). Open loop at"
  echo "${open_factor}× the round's better closed-loop figure (above every generator's saturation): ours \`--mode open --rates R --connections N\`"
  echo "(each request timed from its intended send time; it FAILs on rate when it cannot keep up) and \`h2load --rps R/N\`; the"
  echo "figure is what each achieved. nginx CPU: its worker's share of CPU 1 during the wrk run (near 100 % would make nginx,"
  echo "not the generators, the limit). $(nproc) CPUs shared with other work, $(uname -r). Goal: ours ≥ 1.00× the better peer at every N."
  echo
  echo "| connections | closed loop: median of per-round ratios (ours / better peer) | range | rounds ≥ 1.00× | open loop: median ratio ours / h2load achieved | nginx CPU during wrk (median) |"
  echo "|---|---|---|---|---|---|"
  printf '%s\n' "${summary[@]}"
  echo
  echo "Closed loop, every round:"
  echo
  echo "| connections | round | order | wrk req/s (nginx CPU) | h2load req/s | ours req/s (verdict) | ours / better peer |"
  echo "|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "Open loop, every round (offered: ${open_factor}× the round's better closed-loop req/s):"
  echo
  echo "| connections | round | offered req/s | order | h2load achieved | ours achieved (verdict) | ours / h2load |"
  echo "|---|---|---|---|---|---|---|"
  printf '%s\n' "${open_rows[@]}"
} | scripts/bench-section.sh http-peers
echo "BENCHMARKS.md: http-peers section rewritten from $dir"
