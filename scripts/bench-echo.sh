#!/usr/bin/env bash
# make bench (echo): our tcp-echo/udp-echo ping-pong beside sockperf's, same host, same run, same CPUs
# (client on the first, server — a JVM of its own, as the seed ran it — on the second), 256-byte messages, busy-polling non-blocking sockets on both
# sides; one-way = RTT/2 for both. ROUNDS rounds (default 5), each running both tools in a random order, so drift on
# the noisy host lands on both alike; the summary is the median of the per-round ratios (a ratio of medians would let one
# quiet round of one tool decide). Rewrites the echo section of BENCHMARKS.md. SECONDS_PER_RUN (default 10).
set -euo pipefail
out=${1:-out/bench}
secs=${SECONDS_PER_RUN:-10}
rounds=${ROUNDS:-5}
runner=runner-image/bin/isobench-runner
command -v sockperf >/dev/null || { sudo_cmd=""; [ "$(id -u)" = 0 ] || sudo_cmd=sudo; $sudo_cmd apt-get install -y -qq sockperf >/dev/null; }
stamp=$(date -u +%Y%m%dT%H%M%SZ)
dir="$out/echo-$stamp"
mkdir -p "$dir"
port=27111
rows=()
# sockperf's percentiles (µs, one-way) → "p50 p99 p99.9 max samples"
sockperf_run() { # proto-flag
  local log="$dir/sockperf-$1-$RANDOM.log"
  taskset -c 1 sockperf server -i 127.0.0.1 -p "$port" ${1:+--tcp} --nonblocked >/dev/null 2>&1 &
  local server=$!
  sleep 1
  taskset -c 0 sockperf ping-pong -i 127.0.0.1 -p "$port" ${1:+--tcp} -m 256 -t "$secs" --nonblocked >"$log" 2>&1 || true
  kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true
  python3 - "$log" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
def p(q):
    m = re.search(r"percentile %s\s*=\s*([0-9.]+)" % re.escape(q), t)
    return float(m.group(1)) * 1000 if m else float("nan")
mx = re.search(r"<MAX> observation\s*=\s*([0-9.]+)", t)
n = re.search(r"Summary: Latency of .*?(\d+) observations|ValidRunTime.*?ReceivedMessages=(\d+)", t)
samples = re.search(r"ReceivedMessages=(\d+)", t)
print(p("50.000"), p("99.000"), p("99.900"), float(mx.group(1)) * 1000 if mx else float("nan"), samples.group(1) if samples else "?")
PY
}
ours_run() { # target
  local run="$dir/$1-$RANDOM"
  "$runner" "$1" --mode closed --clients 1 --message-bytes 256 --cpus 0,1 --server-process --warmup 2s --duration "${secs}s" --repetitions 1 \
    --probe-duration 500ms --progress none --out "$run" >/dev/null 2>&1 || true
  python3 - "$run/result.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["steps"][0]["merged"]["latency"]
print(s["p50"], s["p99"], s["p99_9"], s["max"], s["count"])
PY
}
fmt() { python3 -c "import sys; v=float(sys.argv[1]); print('%.2f µs' % (v/1000) if v < 1e6 else '%.2f ms' % (v/1e6))" "$1"; }
ratio() { python3 -c "import sys; print('%.2f' % (float(sys.argv[1]) / float(sys.argv[2])))" "$1" "$2"; }
summary=()
for proto in udp tcp; do
  flag=""; [ "$proto" = tcp ] && flag=tcp
  p50s=(); p99s=()
  for round in $(seq 1 "$rounds"); do
    # which tool goes first is drawn per round: a warm cache or a quiet minute must not always favour the same one
    if [ $((RANDOM % 2)) = 0 ]; then
      read -r sp50 sp99 sp999 smax sn < <(sockperf_run "$flag"); read -r op50 op99 op999 omax on < <(ours_run "$proto-echo"); first=sockperf
    else
      read -r op50 op99 op999 omax on < <(ours_run "$proto-echo"); read -r sp50 sp99 sp999 smax sn < <(sockperf_run "$flag"); first=isobench
    fi
    r50=$(ratio "$op50" "$sp50"); r99=$(ratio "$op99" "$sp99")
    p50s+=("$r50"); p99s+=("$r99")
    rows+=("| $proto | $round ($first first) | sockperf --nonblocked | $(fmt "$sp50") | $(fmt "$sp99") | $(fmt "$sp999") | $(fmt "$smax") | $sn | |")
    rows+=("| $proto | $round | isobench $proto-echo | $(fmt "$op50") | $(fmt "$op99") | $(fmt "$op999") | $(fmt "$omax") | $on | ${r50}× / ${r99}× |")
  done
  summary+=("$(python3 - "$proto" "${p50s[*]}" "${p99s[*]}" <<'PY'
import statistics, sys
proto, p50, p99 = sys.argv[1], [float(x) for x in sys.argv[2].split()], [float(x) for x in sys.argv[3].split()]
rounds = len(p50)
won = sum(1 for a, b in zip(p50, p99) if a <= 1.0 and b <= 1.0)
print("| %s | %.2f× (%.2f–%.2f) | %.2f× (%.2f–%.2f) | %d of %d |" % (proto, statistics.median(p50), min(p50), max(p50),
      statistics.median(p99), min(p99), max(p99), won, rounds))
PY
)")
done
{
  echo "## Loopback echo: isobench tcp-echo / udp-echo vs sockperf"
  echo
  echo "Generated $(date -u +%Y-%m-%dT%H:%MZ) by \`make bench\` (\`scripts/bench-echo.sh\`, ${secs} s per run, $rounds rounds, each in a"
  echo "random order). 256-byte messages, ping-pong, one-way = RTT/2 for both tools; client pinned to CPU 0, server to CPU 1; both"
  echo "busy-poll non-blocking sockets. $(nproc) CPUs, $(uname -r). Goal: ours ≤ 1.00× sockperf at p50 and p99 in every round."
  echo
  echo "Median of the per-round ratios (ours / sockperf; range over rounds):"
  echo
  echo "| proto | p50 | p99 | rounds with both ≤ 1.00× |"
  echo "|---|---|---|---|"
  printf '%s\n' "${summary[@]}"
  echo
  echo "| proto | round | tool | p50 | p99 | p99.9 | max | samples | p50 / p99 vs sockperf |"
  echo "|---|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "Published elsewhere (CoralReactor, i7 4.5 GHz, two JVMs, not this machine): TCP one-way mean 2.15 µs, UDP 1.75 µs."
} | scripts/bench-section.sh echo
echo "BENCHMARKS.md: echo section rewritten from $dir"
