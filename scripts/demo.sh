#!/usr/bin/env bash
# make demo: a short pass of each target (dispatch sweep, udp/tcp echo ping-pong, http-mock client sweep, rsocket streams, ipc), or the published write-ups' scale with FULL=1; results under
# OUT/results, then published as the report site.
set -euo pipefail
out=${1:-out}; full=${2:-0}
runner=runner-image/bin/isobench-runner
stamp=$(date -u +%Y%m%dT%H%M%SZ)
if [ "$full" = 1 ]; then
  # the Mongoose write-up's sweep: 5 s warm-up, 10 s window, 10k → 10M msg/s (10M with batching), 3 repetitions
  args=(--rates 10k,100k,1M,10M --batch 64 --warmup 5s --duration 10s --repetitions 3)
else
  args=(--rates 10k,100k,1M --warmup 1s --duration 2s --repetitions 1 --probe-duration 250ms)
fi
dir="$out/results/dispatch-$stamp"
echo "isobench demo: dispatch hop, all queues side by side → $dir"
status=0
"$runner" dispatch "${args[@]}" --out "$dir" || status=$?
# exit 1 means the run finished with a FAIL step (shown in the table): a result, not a broken demo
[ "$status" -le 1 ] || exit "$status"
# the CoralReactor targets: 256-byte ping-pong over loopback, one-way = RTT/2
for target in udp-echo tcp-echo; do
  if [ "$full" = 1 ]; then echo_args=(--warmup 5s --duration 20s --repetitions 3); else echo_args=(--warmup 500ms --duration 2s --repetitions 1 --probe-duration 250ms); fi
  echo "isobench demo: $target ping-pong → $out/results/$target-$stamp"
  status=0
  "$runner" "$target" --mode closed --clients 1 "${echo_args[@]}" --out "$out/results/$target-$stamp" || status=$?
  [ "$status" -le 1 ] || exit "$status"
done
# the MockServer page: GET /simple under a parallel-clients sweep (closed loop, as ab -k), MockServer in a JVM of its own
if [ "$full" = 1 ]; then http_args=(--clients 10,50,100,150,250,500,750,1000,2000 --warmup 5s --duration 10s --repetitions 3)
else http_args=(--clients 10,50,150 --warmup 2s --duration 2s --repetitions 1 --probe-duration 0s); fi
echo "isobench demo: http-mock client sweep → $out/results/http-mock-$stamp"
status=0
"$runner" http-mock --mode closed --server-process "${http_args[@]}" --out "$out/results/http-mock-$stamp" || status=$?
[ "$status" -le 1 ] || exit "$status"

# the jauntsdn write-up: RSocket request-streams opened monotonically, the server in its own JVM; the tipping point if reached
if [ "$full" = 1 ]; then rs_args=(--connections 200 --streams-per-connection 400 --ramp-up 120s --duration 30s)
else rs_args=(--connections 20 --streams-per-connection 10 --ramp-up 2s --duration 3s --probe-duration 0s); fi
echo "isobench demo: rsocket streams → $out/results/rsocket-$stamp"
status=0
"$runner" rsocket --server-process --warmup 0s --repetitions 1 "${rs_args[@]}" --out "$out/results/rsocket-$stamp" || status=$?
[ "$status" -le 1 ] || exit "$status"

# the Chronicle Services write-up: NewOrderSingle over a Chronicle Queue to a consumer in another JVM (the write-up: 10k/s)
if [ "$full" = 1 ]; then ipc_args=(--rates 10k --warmup 10s --duration 1000s --repetitions 1)  # the write-up's 10M orders
else ipc_args=(--rates 10k --warmup 4s --duration 2s --repetitions 1 --probe-duration 0s); fi
echo "isobench demo: ipc → $out/results/ipc-$stamp"
status=0
"$runner" ipc "${ipc_args[@]}" --out "$out/results/ipc-$stamp" || status=$?
[ "$status" -le 1 ] || exit "$status"

# Publish every run under OUT/results as the report site, then serve it on 127.0.0.1 (SERVE=0: publish and exit).
site="$out/site"
# exit 4: a run that could not be read was skipped (named above); the others are on the site all the same
publisher/bin/isobench-publish --from "$out/results" --to "$site" --site-bundle reports-site/dist || [ $? -eq 4 ]
if [ "${SERVE:-1}" = 0 ]; then
  echo "isobench demo: site in $site (open it with any static server, e.g. jwebserver -b 127.0.0.1 -d $(cd "$site" && pwd))"
  exit 0
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
echo "isobench demo: serving the report site at http://127.0.0.1:$port/index.html  (Ctrl-C stops it)"
exec "$JAVA_HOME/bin/jwebserver" -b 127.0.0.1 -p "$port" -d "$(cd "$site" && pwd)" -o none
