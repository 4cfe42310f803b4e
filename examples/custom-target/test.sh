#!/usr/bin/env bash
# The plugin example end to end (make test-custom-target, in make test): installs the target SPI from this checkout,
# builds examples/custom-target by its own pom, and runs it through the packaged runner as a user would —
#   list (text and json) shows quote-codec with its options;
#   a short run of two variants (forked JVMs) exits 0 with every step OK, result.json naming quote-codec and its
#   options, no allocation reported;
#   buffers=per-message (a codec that allocates per quote) is reported as allocating, with its bytes per message;
#   a bad option value exits 2 naming the option and the value; so does a missing ISOBENCH_PLUGIN_PATH entry.
# Closed loop (ping-pong): no rate to miss, so a loaded host slows the run but cannot fail it.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
export JAVA_HOME=${JAVA_HOME:-$(scripts/java-home.sh)}
MVN=${MVN:-mvn -B -q}
fail() { echo "test-custom-target: FAIL: $*" >&2; exit 1; }

$MVN -pl target-spi -am install -DskipTests
$MVN -f examples/custom-target/pom.xml package
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
export ISOBENCH_PLUGIN_PATH=$root/examples/custom-target/target/isobench-custom-target.jar ISOBENCH_HEAP=256m
runner=runner-image/bin/isobench-runner

"$runner" list >"$work/list.txt"
grep -q '^  quote-codec: A market-data quote' "$work/list.txt" || fail "list does not show quote-codec: $(cat "$work/list.txt")"
grep -q '^      levels  Price levels per side' "$work/list.txt" || fail "list does not show quote-codec's levels option"
"$runner" list --format json >"$work/list.json"
python3 - "$work/list.json" <<'PY' || fail "list --format json: quote-codec is not listed as a plugin with its options"
import json, sys
targets = {t["name"]: t for t in json.load(open(sys.argv[1]))["targets"]}
t = targets["quote-codec"]
assert t["kind"] == "plugin" and t["provider"] == "com.example.quotes.QuoteCodecProvider", t
assert [(o["name"], o["defaultValue"]) for o in t["options"]] == [("levels", "10"), ("buffers", "direct")], t["options"]
PY

run() { # name, then options: a short closed-loop run into $work/<name>
  local out=$work/$1; shift
  "$runner" plugin --name quote-codec "$@" --mode closed --warmup 1s --duration 2s --repetitions 2 --probe-duration 0 \
    --progress none --out "$out" >"$out.txt" 2>&1
}
# two variants side by side: each in a JVM of its own (--fork auto), which must find the plugin on the class path too
run quiet --option levels=20 --option buffers=direct,heap || fail "the run exited $?: $(tail -20 "$work/quiet.txt")"
grep -q '^allocation: none per message on the measured threads in any step$' "$work/quiet.txt" \
  || fail "quote-codec with reused buffers was reported allocating: $(grep allocation "$work/quiet.txt")"
python3 - "$work/quiet/result.json" <<'PY' || fail "result.json of the quiet run: $(head -c 600 "$work/quiet/result.json")"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["target"] == "quote-codec", r["target"]
assert r["config"]["options"] == {"levels": "20", "buffers": "direct,heap"}, r["config"]["options"]
assert sorted(s["variant"] for s in r["steps"]) == ["direct", "heap"], [s["variant"] for s in r["steps"]]
assert all(s["verdict"] == "OK" for s in r["steps"]), [(s["id"], s["verdict"]) for s in r["steps"]]
PY

run allocating --option buffers=per-message || fail "the per-message run exited $?: $(tail -20 "$work/allocating.txt")"
grep -qE '^allocation: step .* allocates on its hot path: codec allocated [0-9,]+ bytes over [0-9,]+ messages' \
  "$work/allocating.txt" || fail "a codec allocating per quote was not reported: $(grep allocation "$work/allocating.txt")"

set +e
"$runner" plugin --name quote-codec --option levels=65 >"$work/bad.txt" 2>&1; code=$?
set -e
[ "$code" = 2 ] && grep -q "^isobench-runner: --option 'levels=65': must be between 1 and 64$" "$work/bad.txt" \
  || fail "levels=65 exited $code: $(cat "$work/bad.txt")"
set +e
ISOBENCH_PLUGIN_PATH=$work/no-such.jar "$runner" list >"$work/path.txt" 2>&1; code=$?
set -e
[ "$code" = 2 ] && grep -q "^isobench-runner: ISOBENCH_PLUGIN_PATH entry '$work/no-such.jar' is neither a jar nor a directory$" \
  "$work/path.txt" || fail "a missing ISOBENCH_PLUGIN_PATH entry exited $code: $(cat "$work/path.txt")"
echo "test-custom-target: OK (list shows quote-codec; a run OK with no allocation; per-message buffers reported: $(grep -oE '[0-9.]+ bytes per message' "$work/allocating.txt"); a bad option and a missing plugin path exit 2)"
