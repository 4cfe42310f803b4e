#!/usr/bin/env bash
# e2e hostile results (called by e2e/run.sh, chart installed): the runner pod is outside the operator's control, so
# what it uploads is input. A real run measures; with the operator stopped, its upload is rewritten in MinIO the way a
# corrupt or hostile runner would write it; the operator comes back and collects.
#   absurd figures (percentiles that decrease) → Failed, the field and value named, nothing in status, not published
#   HTML/JS in a step label and the CPU model, and an .hlog cut mid-line → Succeeded; the site shows the text as text and
#     the timeline's error (e2e/site.mjs checks that page in Chromium)
#   the operator keeps working: no restart, and the next run completes
set -uo pipefail
NS=e2e-hostile PHASES_LOG=$E2E_OUT/hostile-phases.log
source "$(dirname "$0")/lib.sh"

on_exit=('resume_operator >/dev/null')
begin

rewrite() { # name python-statements-on-r: the run measures, the operator is stopped, result.json is edited in MinIO
  local key
  wait_phase "$1" Running 180 || return 1
  pause_operator
  wait_result "$1" || { resume_operator >/dev/null; return 1; }
  key=$(attempt_prefix "$1")result.json
  s3 get "$key" | python3 -c "import json, sys; r = json.load(sys.stdin); $2; json.dump(r, sys.stdout)" | s3 put "$key"
}
restarts() { $K -n $SYSTEM get pods -l app.kubernetes.io/name=isobench-operator -o jsonpath='{.items[0].status.containerStatuses[0].restartCount}'; }

restarts_before=$(restarts)  # a start that could not reach the API server ends the JVM for the kubelet to start it again

# 1. absurd figures: the merged p99 below its p90 (and a rate no machine reaches)
run absurd-result 2s
rewrite absurd-result 'm = r["steps"][0]["merged"]["latency"]; m["p99"] = 7; r["steps"][0]["repetitions"][0]["achievedRate"] = 1e300' && {
  resume_operator >/dev/null || bad "the operator was not Ready within $OPERATOR_READY_WITHIN s of its resume"
  wait_phase absurd-result Failed 120 && {
    msg=$(message absurd-result)
    [[ $msg == *"was rejected: steps[0].merged.latency.p99 = 7 is below p98"* ]] && ok "absurd-result Failed: $msg" || bad "absurd-result Failed without naming the field: $msg"
    [ -z "$($K get br -n $NS absurd-result -o jsonpath='{.status.steps}')" ] && ok "no figures of absurd-result in status" || bad "absurd-result's figures landed in status"
    [ "$($K get br -n $NS absurd-result -o jsonpath='{.status.conditions[?(@.type=="Published")].status}')" != True ] \
      && ok "absurd-result is not published" || bad "absurd-result was published"
    expect_sequence absurd-result "Pending Queued Scheduled Running Collecting Failed"
  }
}

# 2. plausible figures, hostile text, and the first repetition's interval log cut in half
run hostile-files 2s
rewrite hostile-files 'r["steps"][0]["label"] = "<img src=x onerror=window.__xss=1>"; r["environment"]["cpuModel"] = "<script>window.__xss=2</script>"' && {
  hlog=$(attempt_prefix hostile-files)$(s3 get "$(attempt_prefix hostile-files)result.json" | python3 -c 'import json, sys; print(json.load(sys.stdin)["steps"][0]["repetitions"][0]["files"]["hlog"])')
  # cut in the middle of the last interval's line, as a writer killed mid-write leaves it
  s3 get "$hlog" | python3 -c 'import sys; b = sys.stdin.buffer.read().rstrip(b"\n"); start = b.rindex(b"\n") + 1; sys.stdout.buffer.write(b[:start + (len(b) - start) // 2])' \
    | s3 put "$hlog"
  resume_operator >/dev/null || bad "the operator was not Ready within $OPERATOR_READY_WITHIN s of its resume"
  wait_collected hostile-files 120 && {
    $K wait -n $NS --for=condition=Published br/hostile-files --timeout=60s >/dev/null \
      && ok "hostile-files is published (the site shows it safely: e2e/site.mjs)" || bad "hostile-files was not published"
  }
}

# 3. the operator keeps working
run after-hostile 1s
wait_collected after-hostile 180
[ "$(restarts)" = "$restarts_before" ] && ok "the operator never restarted during these runs" \
  || bad "the operator restarted $(( $(restarts) - restarts_before )) times during these runs"

echo "hostile results: $failures failures"
[ "$failures" = 0 ]
