#!/usr/bin/env bash
# make bench (echo): our tcp-echo/udp-echo ping-pong beside sockperf's, same host, same run, same CPUs
# (client on the first, server — a JVM of its own, as the seed ran it — on the second), 256-byte messages, busy-polling non-blocking sockets on both
# sides; one-way = RTT/2 for both. ROUNDS rounds (default 5). Each round brackets one tool's run between two of the
# other's (which tool goes in the middle is drawn per round), and compares the middle run with the mean of its brackets:
# this host runs loopback in two modes (a p50 ≈ 35 % apart, for any program, switching now within a minute, now after
# several), and brackets that disagree by more than MODE_SPLIT (default 10 %) say the mode changed during the round, so
# its ratio is shown but not counted (scripts/bracketed_rounds.py). The summary is the median of the counted rounds'
# ratios (a ratio of medians would let one quiet round of one tool decide). Rewrites the echo section of BENCHMARKS.md.
# SECONDS_PER_RUN (default 10).
set -euo pipefail
out=${1:-out/bench}
secs=${SECONDS_PER_RUN:-10}
rounds=${ROUNDS:-5}
split=${MODE_SPLIT:-0.10}
runner=runner-image/bin/isobench-runner
command -v sockperf >/dev/null || { sudo_cmd=""; [ "$(id -u)" = 0 ] || sudo_cmd=sudo; $sudo_cmd apt-get install -y -qq sockperf >/dev/null; }
stamp=$(date -u +%Y%m%dT%H%M%SZ)
dir="$out/echo-$stamp"
mkdir -p "$dir"
port=27111
rows=()
rounds_rows=()
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
tool_run() { # sockperf|isobench proto
  if [ "$1" = sockperf ]; then sockperf_run "$flag"; else ours_run "$2-echo"; fi
}
label() { if [ "$1" = sockperf ]; then echo "sockperf --nonblocked"; else echo "isobench $2-echo"; fi; }
row() { # proto round-cell tool p50 p99 p99.9 max samples
  rows+=("| $1 | $2 | $(label "$3" "$1") | $(fmt "$4") | $(fmt "$5") | $(fmt "$6") | $(fmt "$7") | $8 |")
}
summary=()
for proto in udp tcp; do
  flag=""; [ "$proto" = tcp ] && flag=tcp
  measured=()  # per round: "ratio-p50 ratio-p99 brackets-p50-spread"
  for round in $(seq 1 "$rounds"); do
    outer=sockperf middle=isobench
    [ $((RANDOM % 2)) = 0 ] || { outer=isobench middle=sockperf; }
    read -r a50 a99 a999 amax an < <(tool_run $outer "$proto")
    read -r m50 m99 m999 mmax mn < <(tool_run $middle "$proto")
    read -r b50 b99 b999 bmax bn < <(tool_run $outer "$proto")
    row "$proto" "$round ($middle in the middle)" $outer "$a50" "$a99" "$a999" "$amax" "$an"
    row "$proto" "$round" $middle "$m50" "$m99" "$m999" "$mmax" "$mn"
    row "$proto" "$round" $outer "$b50" "$b99" "$b999" "$bmax" "$bn"
    # → ours/sockperf at p50 and p99 (the brackets' mean standing for their tool), the brackets' p50 spread, the cells
    read -r r50 r99 spread cells < <(python3 scripts/bracketed_rounds.py round "$middle" "$split" "$m50" "$m99" "$a50" "$a99" "$b50" "$b99")
    rounds_rows+=("| $proto | $round | $middle | $cells |")
    measured+=("$r50 $r99 $spread")
  done
  summary+=("$(python3 scripts/bracketed_rounds.py summary "$proto" "$split" "${measured[@]}")")
done
{
  echo "## Loopback echo: isobench tcp-echo / udp-echo vs sockperf"
  echo
  echo "Generated $(date -u +%Y-%m-%dT%H:%MZ) by \`make bench\` (\`scripts/bench-echo.sh\`, ${secs} s per run, $rounds rounds per protocol, each"
  echo "one tool's run between two of the other's, the middle one drawn per round). 256-byte messages, ping-pong, one-way = RTT/2"
  echo "for both tools; client pinned to CPU 0, server to CPU 1; both busy-poll non-blocking sockets. $(nproc) CPUs, $(uname -r)."
  echo "Goal: ours ≤ 1.00× sockperf at p50 and p99 in every round."
  echo
  echo "A round's ratio is ours over sockperf, the bracketed tool's figure being the mean of its two runs. This host runs loopback"
  echo "in two modes, p50s about 35 % apart for either tool, switching now within a minute, now after several; a round whose"
  echo "brackets' p50s differ by more than $(python3 -c "print(round(float('$split') * 100))") % saw the mode change and is shown but not counted."
  echo
  echo "Median of the counted rounds' ratios (ours / sockperf; range over them):"
  echo
  echo "| proto | p50 | p99 | rounds with both ≤ 1.00× | rounds not counted (mode changed) |"
  echo "|---|---|---|---|---|"
  printf '%s\n' "${summary[@]}"
  echo
  echo "| proto | round | in the middle | p50 ours / sockperf | p99 ours / sockperf | brackets' p50s apart | |"
  echo "|---|---|---|---|---|---|---|"
  printf '%s\n' "${rounds_rows[@]}"
  echo
  echo "| proto | round | tool | p50 | p99 | p99.9 | max | samples |"
  echo "|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "Published elsewhere (CoralReactor, i7 4.5 GHz, two JVMs, not this machine): TCP one-way mean 2.15 µs, UDP 1.75 µs."
} | scripts/bench-section.sh echo
echo "BENCHMARKS.md: echo section rewritten from $dir"
