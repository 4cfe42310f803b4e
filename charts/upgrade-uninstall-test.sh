#!/usr/bin/env bash
# Upgrading and uninstalling, against a real API server (the chart test's cluster):
#  - the CRD: Helm never upgrades a chart's crds/, so the chart README's command does; an older CRD (a field missing, as
#    created by an earlier install) is brought up to the chart's by exactly that command;
#  - the uninstall hook: a run whose finalizer no operator will ever remove (none runs here) would make its deletion hang;
#    the hook's own script, run as the hook's ServiceAccount with the hook's RBAC, deletes the watched namespaces' runs,
#    takes the finalizer off, removes the operator's Jobs in the run namespace, and leaves other namespaces' runs alone.
#   charts/upgrade-uninstall-test.sh KUBECONFIG
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
chart=$root/charts/isobench
BIN=$HOME/.cache/isobench/bin
kubeconfig=$1
K="$BIN/kubectl --kubeconfig $kubeconfig"
fail() { echo "test-chart (upgrade, uninstall): FAIL: $*" >&2; exit 1; }
work=$(mktemp -d /tmp/isobench-uninstall-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
crd=benchmarkruns.isobench.io
field() { $K get crd $crd -o jsonpath='{.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.load.properties.noiseBudget.type}'; }

# 1. the CRD an earlier release left (no spec.load.noiseBudget), then the README's upgrade command
python3 - "$chart/crds/$crd-v1.yml" >"$work/old-crd.yml" <<'PY'
import sys, yaml
crd = yaml.safe_load(open(sys.argv[1]))
load = crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]["load"]
del load["properties"]["noiseBudget"]
load["x-kubernetes-validations"] = [r for r in load.get("x-kubernetes-validations", []) if "noiseBudget" not in str(r)]
print(yaml.safe_dump(crd))
PY
$K replace -f "$work/old-crd.yml" >/dev/null
[ -z "$(field)" ] || fail "the older CRD still has spec.load.noiseBudget"
upgrade=$(grep -oE 'kubectl apply --server-side --force-conflicts -f charts/isobench/crds/' "$chart/README.md" | head -1)
[ -n "$upgrade" ] || fail "charts/isobench/README.md does not give the CRD upgrade command"
(cd "$root" && $K ${upgrade#kubectl } >/dev/null) || fail "the README's CRD upgrade command failed"
[ "$(field)" = string ] || fail "after the README's command the CRD still lacks spec.load.noiseBudget"

# 2. the uninstall hook, with runs no operator will finish
release=isobench-uninstall watched=team-u other=team-o
for ns in $release $watched $other; do $K create namespace $ns >/dev/null; done
"$BIN/helm" template t "$chart" -n $release --show-only templates/uninstall-hook.yaml \
  --set "operator.watchNamespaces={$watched}" --set uninstall.operatorGrace=3s >"$work/hook.yaml"
python3 - "$work/hook.yaml" "$work" <<'PY'
import sys, yaml
docs = [d for d in yaml.safe_load_all(open(sys.argv[1])) if d]
yaml.safe_dump_all([d for d in docs if d["kind"] != "Job"], open(sys.argv[2] + "/hook-rbac.yaml", "w"))
job = next(d for d in docs if d["kind"] == "Job")
open(sys.argv[2] + "/hook.sh", "w").write(job["spec"]["template"]["spec"]["containers"][0]["args"][0])
PY
$K apply -f "$work/hook-rbac.yaml" >/dev/null
run() { # namespace name: a run holding the operator's finalizer
  sed -e "s/^  name: dispatch-sweep$/  name: $2\n  finalizers: [isobench.io\/cleanup]/" "$root/examples/seeds/dispatch.yaml" | $K apply -n "$1" -f - >/dev/null
}
run $watched stuck-1
run $watched stuck-2
run $other elsewhere
$K create job -n $release leftover --image=busybox --dry-run=client -o json -- true \
  | python3 -c 'import json,sys; j=json.load(sys.stdin); j["metadata"]["labels"]={"app.kubernetes.io/managed-by":"isobench-operator"}; j["spec"]["suspend"]=True; print(json.dumps(j))' \
  | $K apply -f - >/dev/null
# without the hook, deleting such a run hangs: the finalizer waits for an operator that is gone
if $K delete br -n $watched stuck-1 --timeout=2s >/dev/null 2>&1; then fail "a run with the finalizer was deleted without an operator"; fi
# the hook's script, as its ServiceAccount (kubectl on PATH: the cluster's, with the hook's token)
token=$($K create token -n $release t-isobench-uninstall)
server=$($K config view --minify -o jsonpath='{.clusters[0].cluster.server}')
ca=$($K config view --minify --raw -o jsonpath='{.clusters[0].cluster.certificate-authority}')
if [ -z "$ca" ]; then  # inline in the kubeconfig
  $K config view --minify --raw -o jsonpath='{.clusters[0].cluster.certificate-authority-data}' | base64 -d >"$work/ca.crt"
  ca=$work/ca.crt
fi
mkdir -p "$work/bin"
printf '#!/bin/sh\nexec %s --server=%s --certificate-authority=%s --token=%s "$@"\n' "$BIN/kubectl" "$server" "$ca" "$token" >"$work/bin/kubectl"
chmod +x "$work/bin/kubectl"
PATH=$work/bin:$PATH HOME=$work timeout 120 sh -ec "$(cat "$work/hook.sh")" >"$work/hook.log" 2>&1 || { cat "$work/hook.log" >&2; fail "the uninstall hook's script failed"; }
[ -z "$($K get br -n $watched -o name)" ] || fail "runs left in $watched after the hook: $($K get br -n $watched -o name)"
[ -z "$($K get jobs -n $release -o name)" ] || fail "the operator's Jobs left in $release after the hook"
[ "$($K get br -n $other elsewhere -o jsonpath='{.metadata.finalizers[0]}')" = isobench.io/cleanup ] \
  || fail "the hook touched a run in a namespace this release does not reconcile"
grep -q "taking the finalizer off $watched/stuck-2" "$work/hook.log" || fail "the hook did not say which finalizers it took off: $(cat "$work/hook.log")"
$K patch br -n $other elsewhere --type=merge -p '{"metadata":{"finalizers":null}}' >/dev/null
$K delete namespace $release $watched $other --wait=false >/dev/null
echo "test-chart (upgrade, uninstall): OK (the README's command upgraded an older CRD; the uninstall hook left no run undeletable, only in its namespaces)"
