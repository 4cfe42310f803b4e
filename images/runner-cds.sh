#!/bin/sh
# The runner's class-data archive (AppCDS): every class a run of each built-in target loads — the harness, the probes,
# picocli, Jackson, HdrHistogram, Netty, MockServer, Chronicle — parsed, verified and laid out once, here, instead of at
# every start of a runner JVM: a pod's runner, a server pod, each fork of a variant or of a server process. On one CPU
# (a pod's exclusive one, which the JIT shares) that start is 0.6–1.5 s shorter (BENCHMARKS.md, "A runner JVM's start").
# Only class loading changes: no code is compiled ahead, no profile is recorded, so what a run measures is not touched.
#   images/runner-cds.sh LAUNCHER ARCHIVE
# LAUNCHER is runner-image/bin/isobench-runner (its JVM flags are the ones the archive is dumped with); JAVA_HOME and
# ISOBENCH_RUNNER_JAR in the environment name the runtime and jar as the image holds them (the archive is for that
# runtime, and for the jars' sizes and times: give them their final times first). The JVM checks both at each start and,
# when they differ, starts without the archive (the entrypoint's -Xlog:cds=off keeps that out of the run's output;
# images/test.sh checks the image's runner does load from it). POSIX sh: runner-image/Dockerfile's final stage runs it too.
set -eu
[ $# -eq 2 ] || { echo "usage: images/runner-cds.sh LAUNCHER ARCHIVE" >&2; exit 2; }
launcher=$1 archive=$2
rm -f "$archive" # the launcher would start the training runs from an archive beside the jar
work=$(mktemp -d)
server=
trap '[ -z "$server" ] || kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
short="--warmup 200ms --duration 200ms --repetitions 1 --probe-duration 10ms --progress none"
runs=0

# One short run, its loaded classes listed in a file of its own (forks would write into the same list: the trainings
# below keep every server in the run's own JVM). Exit 0, 1 (a step FAILed: a build machine's noise may miss a rate) and
# 5 (INCONCLUSIVE) all ran the code; anything else is a broken training.
train() {
  runs=$((runs + 1))
  status=0
  # shellcheck disable=SC2086 # $short is a list of options
  JAVA_OPTS="-XX:DumpLoadedClassList=$work/$runs.classes" "$launcher" "$@" $short --out "$work/run-$runs" \
    >"$work/$runs.log" 2>&1 || status=$?
  case $status in
  0 | 1 | 5) ;;
  *) echo "runner-cds: the training run '$*' exited $status:" >&2; tail -20 "$work/$runs.log" >&2; exit 1 ;;
  esac
}

train dispatch --queues isobench --rates 10k
train tcp-echo --mode closed --clients 1
train udp-echo --mode closed --clients 1
train rsocket --connections 2 --streams-per-connection 10 --ramp-up 200ms
train ipc --consumer thread --rates 10k --queue-dir "$work/queue"
train http-mock --mode closed --clients 2
# a server pod's JVM (the server command) and the http target's generator, against that server on a free port
JAVA_OPTS="-XX:DumpLoadedClassList=$work/server.classes" "$launcher" server http-mock --port 0 --bind 127.0.0.1 --path /simple --no-pin \
  >"$work/server.log" 2>&1 &
server=$!
waited=0
until port=$(sed -n 's/.* listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/server.log") && [ -n "$port" ]; do
  kill -0 "$server" 2>/dev/null && [ $waited -lt 120 ] \
    || { echo "runner-cds: the training server did not start:" >&2; tail -20 "$work/server.log" >&2; exit 1; }
  sleep 0.5
  waited=$((waited + 1))
done
train http --mode closed --clients 2 --url "http://127.0.0.1:$port/simple"
kill -TERM "$server"
wait "$server" || true
server=

# One list of them all: each class once, numbered anew (the ids are per list), then each @ line (constant pool entries,
# lambda proxies and forms to resolve ahead) once.
awk '/^#/ { next }
  /^@/ { if (!seen[$0]++) resolve[++n] = $0; next }
  !($1 in listed) { listed[$1] = 1; print $1 " id: " id++ }
  END { for (i = 1; i <= n; i++) print resolve[i] }' "$work"/*.classes >"$work/classes"
# -Xshare:dump writes the archive and exits before the runner's main runs. Its log names classes it leaves out (an old
# class file format, a signed jar: loaded from their jars as before) and the Integer cache -XX:AutoBoxCacheMax makes too
# big to archive (made at start as before); only a missing archive is a failure.
JAVA_OPTS="-Xshare:dump -XX:SharedClassListFile=$work/classes -XX:SharedArchiveFile=$archive" "$launcher" --version \
  >"$work/dump.log" 2>&1 || true
[ -s "$archive" ] || { echo "runner-cds: no archive written; the dump said:" >&2; tail -20 "$work/dump.log" >&2; exit 1; }
echo "runner-cds: $archive ($(wc -l <"$work/classes") classes listed by $runs runs and a server)"
