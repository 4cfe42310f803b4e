#!/usr/bin/env bash
# make mutation's report: the score per package of the reports PIT and Stryker just wrote, into OUT/mutation/scores.md
# and BENCHMARKS.md's mutation section. Usage: mutation-report.sh OUT PIT_SECONDS STRYKER_SECONDS REPORT...
set -euo pipefail
out=$1/mutation; pit_seconds=$2; stryker_seconds=$3; shift 3
mkdir -p "$out"
python3 scripts/mutation.py scores "$@" > "$out/scores.md"
cat "$out/scores.md"
pit=$(sed -n 's:.*<pitest.version>\(.*\)</pitest.version>.*:\1:p' pom.xml)
stryker=$(cd reports-site && node -p 'require("@stryker-mutator/core/package.json").version')
explained=$(grep -cv '^\s*\(#\|$\)' config/mutation/explained-survivors.txt || true)
{
  echo "## Mutation testing"
  echo
  echo "\`make mutation\` — $(date -u +%FT%TZ), $(nproc) CPUs: PIT $pit (JUnit 5 plugin) in ${pit_seconds} s, Stryker $stryker in" \
       "${stryker_seconds} s. PIT mutates result-format, the runner's" \
       "harness and the operator's results and steps, and runs each module's unit tests against every mutant; Stryker mutates" \
       "the site's statistics under its vitest suite. Score: killed of all mutants; test strength: killed of those a test covers."
  echo
  cat "$out/scores.md"
  echo
  echo "The runner harness's \"no coverage\" is its whole-run code (\`BenchmarkRunner\`, \`RepetitionRunner\`, \`WindowMonitor\`," \
       "server processes, forks): tests that run whole repetitions cover it, but take seconds each, too slow to repeat per mutant." \
       "The gate in \`make test\` (\`scripts/mutation-gate.sh\`) holds the verdict code — \`ResultPlausibility\`, \`Verdicts\`," \
       "\`NoiseGate\`, \`IsolationVerdict\` and \`reports-site/src/stats\` — to no unexplained survivor: the ones it accepts" \
       "($explained) are equivalent mutants, each with the reason in \`config/mutation/explained-survivors.txt\`."
} | scripts/bench-section.sh mutation
