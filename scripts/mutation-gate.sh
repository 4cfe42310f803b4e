#!/usr/bin/env bash
# make test's mutation gate on the verdict code: PIT on ResultPlausibility, compare's decision rule and comparability, the
# runner's Verdicts and NoiseGate and the operator's IsolationVerdict (Maven profile mutation-gate), Stryker on the site's
# statistics (reports-site/src/stats).
# Fails on any surviving mutant there that config/mutation/explained-survivors.txt does not explain.
#
# Incremental: PIT's own history now needs a commercial plugin, so a unit (a Maven module, or the site) is not run again
# when its sources, the sources it builds on, the explanations and this gate are what they were at a pass. A pass is
# kept as the hash of all of that (content-addressed, so a fresh clone or another worktree with the same content reuses
# it) in MUTATION_CACHE (default ~/.cache/isobench-mutation-gate). Stryker also reuses each unchanged mutant's result.
set -euo pipefail
out=${1:-out}/mutation-gate
cache=${MUTATION_CACHE:-$HOME/.cache/isobench-mutation-gate}
mkdir -p "$out" "$cache"
explained=config/mutation/explained-survivors.txt
gate_files=("$explained" scripts/mutation.py scripts/mutation-gate.sh pom.xml)
mvn=${MVN:-mvn -B -q}

# the judge's own tests first: a broken judge must never pass the gate
python3 -m unittest discover -s scripts -p 'mutation_test.py' -q 2>&1 | grep -v '^$' | sed 's/^/mutation gate: judge: /'

fingerprint() {
  find "$@" -type f \( -name '*.java' -o -name '*.ts' -o -name '*.xml' -o -name '*.json' -o -name '*.mjs' -o -name '*.py' \
    -o -name '*.sh' -o -name '*.txt' \) -not -path '*/target/*' -not -path '*/node_modules/*' -not -path '*/reports/*' -print0 \
    | sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1
}

# unit → what its verdict depends on (its sources and tests, the modules it builds on)
declare -A inputs=(
  [result-format]="result-format/src result-format/pom.xml"
  [compare]="compare/src compare/pom.xml result-format/src/main"
  [runner-image]="runner-image/src runner-image/pom.xml result-format/src/main object-store/src/main"
  [operator/controller]="operator/controller/src operator/controller/pom.xml operator/api/src/main result-format/src
    object-store/src/main publisher/src/main compare/src/main test-fixtures"
  [site]="reports-site/src reports-site/test reports-site/package-lock.json reports-site/stryker.config.mjs reports-site/vite.config.ts
    result-format/src/test/resources compare/src/test/resources test-fixtures"
)
declare -A print
changed=()
skips=()
for unit in "${!inputs[@]}"; do
  # shellcheck disable=SC2086
  print[$unit]=$(fingerprint ${inputs[$unit]} "${gate_files[@]}")
  if [ -f "$cache/${unit//\//-}-${print[$unit]}" ]; then
    echo "mutation gate: $unit unchanged since its last pass"
    [ "$unit" = site ] || skips+=("-Dmutation.unchanged.${unit##*/}=true")
  else
    changed+=("$unit")
  fi
done

reports=()
java=()
for unit in "${changed[@]}"; do [ "$unit" = site ] || java+=("$unit"); done
if [ ${#java[@]} -gt 0 ]; then
  echo "mutation gate: PIT on the verdict code of ${java[*]}"
  start=$SECONDS
  # shellcheck disable=SC2086
  $mvn -P mutation-gate -pl "$(IFS=,; echo "${java[*]}")" -am test-compile org.pitest:pitest-maven:mutationCoverage "${skips[@]}" \
    > "$out/pit.log" 2>&1 || { tail -40 "$out/pit.log"; echo "mutation gate: PIT failed (log: $out/pit.log)"; exit 1; }
  echo "mutation gate: PIT took $((SECONDS - start)) s"
  for unit in "${java[@]}"; do reports+=("$unit/target/pit-reports/mutations.xml"); done
fi
for unit in "${changed[@]}"; do
  [ "$unit" = site ] || continue
  echo "mutation gate: Stryker on reports-site/src/stats"
  start=$SECONDS
  (cd reports-site && npx stryker run --reporters json,clear-text > "../$out/stryker.log" 2>&1) \
    || { tail -40 "$out/stryker.log"; echo "mutation gate: Stryker failed (log: $out/stryker.log)"; exit 1; }
  echo "mutation gate: Stryker took $((SECONDS - start)) s"
  reports+=(reports-site/reports/mutation/mutation.json)
done

if [ ${#reports[@]} -gt 0 ]; then
  python3 scripts/mutation.py check "${reports[@]}" --explained "$explained"
fi
for unit in "${changed[@]}"; do touch "$cache/${unit//\//-}-${print[$unit]}"; done
echo "mutation gate: passed"
