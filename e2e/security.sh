#!/usr/bin/env bash
# e2e security checks (sourced environment from e2e/run.sh): restricted admission of the operator and runner pods,
# the operator ServiceAccount's RBAC matrix, the bucket's anonymous access, what a real runner's upload grant can and
# cannot do, and credentials (MinIO root, the operator's own, runners' grants) nowhere they must not be.
set -euo pipefail
K="$HOME/.cache/isobench/bin/kubectl"
SYSTEM=isobench-system RUNS=isobench-runs USER_NS=e2e
failures=0
check() { if eval "$2"; then echo "ok   $1"; else echo "FAIL $1"; failures=$((failures + 1)); fi; }

# 1. both namespaces enforce restricted, and the operator and runner pods were admitted there
for ns in $SYSTEM $RUNS; do
  check "$ns enforces the restricted Pod Security Standard" "[ \"\$($K get ns $ns -o jsonpath='{.metadata.labels.pod-security\.kubernetes\.io/enforce}')\" = restricted ]"
done
check "the operator pod runs in $SYSTEM" "$K -n $SYSTEM get pods -l app.kubernetes.io/name=isobench-operator -o jsonpath='{.items[0].status.phase}' | grep -qx Running"
check "a privileged pod is refused in $RUNS (enforcement is real)" \
  "{ $K -n $RUNS run priv --image=isobench/runner:0.1.0 --restart=Never --privileged --dry-run=server -o name 2>&1 || true; } | grep -q 'violates PodSecurity'"

# 2. RBAC as the operator's ServiceAccount: what it needs, and nothing else. A subresource is asked for with
#    --subresource: "kubectl auth can-i get nodes/proxy" would ask about a node named proxy.
SA=system:serviceaccount:$SYSTEM:isobench-operator
allow() { check "operator may $*" "$K auth can-i --as=$SA $* >/dev/null 2>&1"; }
deny() { check "operator may not $*" "! $K auth can-i --as=$SA $* >/dev/null 2>&1"; }
allow watch benchmarkruns.isobench.io --all-namespaces
allow patch benchmarkruns.isobench.io --subresource=status -n $USER_NS
allow get nodes --subresource=configz
allow create jobs.batch -n $RUNS
allow create configmaps -n $RUNS
allow get pods --subresource=log -n $RUNS
allow create events -n $USER_NS
allow create secrets -n $RUNS
allow delete secrets -n $RUNS
allow patch leases.coordination.k8s.io -n $SYSTEM
deny get secrets -n $RUNS
deny list secrets -n $RUNS
deny watch secrets -n $RUNS
deny create secrets -n $SYSTEM
deny get secrets -n kube-system
deny list secrets --all-namespaces
deny create pods --subresource=exec -n $RUNS
deny get pods --subresource=log -n $SYSTEM
deny create pods --subresource=portforward -n $RUNS
deny create jobs.batch -n $USER_NS
deny create jobs.batch -n kube-system
deny get nodes --subresource=proxy
deny create nodes --subresource=proxy
deny delete nodes
deny patch nodes
deny create clusterrolebindings.rbac.authorization.k8s.io
deny escalate clusterroles.rbac.authorization.k8s.io
deny impersonate users
deny '*' '*'

# 3. admission, as installed: what a run's author may not set is refused with the field and the value named (the CRD's
#    rules and the chart's ValidatingAdmissionPolicy), server-side, nothing created
refused() { # description expected-message spec-json
  local out want=$2
  out=$(printf '{"apiVersion": "isobench.io/v1alpha1", "kind": "BenchmarkRun", "metadata": {"name": "refused"}, "spec": %s}' "$3" \
    | $K apply -n $USER_NS --dry-run=server -f - 2>&1 || true)
  check "admission refuses $1" "grep -qF -- \"\$want\" <<<\"\$out\""
}
base='"target": {"dispatch": {}}, "load": {"rates": [1000]}'
refused "an image outside the allowlist" "spec.runner.image: evil.example.com/runner:1 is not a runner image this installation allows" \
  "{$base, \"runner\": {\"image\": \"evil.example.com/runner:1\"}}"
refused "a JVM agent" "refused: -javaagent:/tmp/a.jar" "{$base, \"runner\": {\"jvmOptions\": [\"-javaagent:/tmp/a.jar\"]}}"
refused "LD_PRELOAD" "sets LD_PRELOAD:" "{$base, \"runner\": {\"env\": [{\"name\": \"LD_PRELOAD\", \"value\": \"/tmp/x.so\"}]}}"
refused "a timeout past admission.maxTimeout" "spec.timeout: 7h is longer than this installation allows" "{$base, \"timeout\": \"7h\"}"

# 4. object store: the site prefix reads anonymously, nothing else does (listing included)
M=http://127.0.0.1:$MINIO_PORT/isobench
code() { curl -s -o /dev/null -w '%{http_code}' "$1"; }
check "site/index.html is anonymously readable" "[ \$(code $M/site/index.html) = 200 ]"
run_key=$($K get br -n $USER_NS -o jsonpath='{.items[0].status.artifacts.prefix}')run.json
check "a run's objects are not (${run_key%%/*}/…)" "[ \$(code $M/$run_key) = 403 ]"
check "the bucket cannot be listed anonymously" "[ \$(code '$M?list-type=2') = 403 ]"
check "anonymous writes are refused" "[ \$(curl -s -o /dev/null -w '%{http_code}' -X PUT --data x $M/site/evil.html) = 403 ]"

# 5. runner pods hold no store key: not the MinIO root's, not the operator's, only their attempt's upload grant
check "no pod in $RUNS has a store key or references the operator's or admin's Secret" \
  "! $K -n $RUNS get pods -o json | grep -qE 'ISOBENCH_STORE_(ACCESS|SECRET)_KEY|isobench-store-(operator|admin)'"

# 6. a real runner's grant, taken from its Secret while it runs: it writes its attempt's prefix and nothing else, and
#    MinIO refuses it once the run ended
GRANT_NS=e2e-security here=$(cd "$(dirname "$0")" && pwd)
grant=$(mktemp); leak=$(mktemp); trap 'rm -f "$grant" "$leak"' EXIT
$K create namespace $GRANT_NS >/dev/null
python3 - <<'PY' | $K apply -n $GRANT_NS -f - >/dev/null
import json
print(json.dumps({"apiVersion": "isobench.io/v1alpha1", "kind": "BenchmarkRun", "metadata": {"name": "grant-check"}, "spec": {
    "target": {"dispatch": {"queues": ["isobench"], "ringSize": 4096}},
    "load": {"mode": "Open", "rates": [1000], "warmup": "1s", "duration": "15s", "repetitions": 1, "probeDuration": "100ms"},
    "placement": {"client": {"cpus": 1}, "agent": {"cpus": 0}, "nodeSelector": {"isobench.io/pool": "real"}}, "timeout": "10m"}}))
PY
phase() { $K get br -n $GRANT_NS grant-check -o jsonpath='{.status.phase}'; }
t0=$SECONDS; until [ "$(phase)" = Running ] || (( SECONDS - t0 > 300 )); do sleep 0.5; done
pod=$($K -n $RUNS get pods -l isobench.io/run=grant-check -o jsonpath='{.items[0].metadata.name}')
secret=$($K -n $RUNS get pod "$pod" -o jsonpath='{.spec.containers[?(@.name=="client")].env[?(@.name=="ISOBENCH_STORE_UPLOAD_GRANT")].valueFrom.secretKeyRef.name}')
( umask 077; $K -n $RUNS get secret "$secret" -o jsonpath='{.data.grant}' | base64 -d >"$grant" )
prefix=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["prefix"])' "$grant")
other=$($K get br -n $USER_NS -o jsonpath='{.items[0].status.artifacts.prefix}')
post() { python3 "$here/grant.py" "http://127.0.0.1:$MINIO_PORT" "$1" <"$grant"; }
check "the runner pod $pod has an upload grant for $prefix" "[[ $prefix == runs/$GRANT_NS/grant-check/*/attempt-1/client/ ]]"
check "its grant writes its own prefix" "[ \"\$(post ${prefix}e2e-probe.txt)\" = 204 ]"
check "its grant cannot write site/ (403)" "[[ \"\$(post site/index.html)\" == '403 AccessDenied' ]]"
check "its grant cannot write another run's prefix ($other)" "[[ \"\$(post ${other}attempt-1/client/result.json)\" == '403 AccessDenied' ]]"
check "its grant cannot write the run's collected result" "[[ \"\$(post ${prefix%attempt-1/client/}result.json)\" == '403 AccessDenied' ]]"
t0=$SECONDS; until [[ "$(phase)" =~ ^(Succeeded|Failed)$ ]] || (( SECONDS - t0 > 300 )); do sleep 1; done
check "grant-check ended ($(phase)) and its grant was revoked: MinIO refuses it" "[[ \"\$(post ${prefix}late.txt)\" == '403 InvalidAccessKeyId' ]]"
check "its grant's Secret is gone" "! $K -n $RUNS get secret $secret >/dev/null 2>&1"

# 7. the credentials appear nowhere they must not: status, events, logs, ConfigMaps, the site
set -a; source "$E2E_STATE/minio.env"; set +a
OPERATOR_SECRET=$($K -n $SYSTEM get secret isobench-store-operator -o jsonpath='{.data.secretKey}' | base64 -d)
GRANT_SIGNATURE=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["fields"]["x-amz-signature"])' "$grant")
GRANT_POLICY=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["fields"]["policy"])' "$grant")
{ $K get br -A -o yaml; $K get events -A -o yaml; $K get configmaps -A -o yaml
  for ns in $SYSTEM $RUNS; do
    for p in $($K -n $ns get pods -o name); do $K -n $ns logs "$p" --all-containers 2>/dev/null || true; done
  done
  # every object under site/, read anonymously as a visitor would
  for key in $(python3 "$(dirname "$0")/s3.py" "$MINIO_PORT" list site/); do curl -sf "http://127.0.0.1:$MINIO_PORT/isobench/$key" || true; done
} >"$leak" 2>/dev/null
check "scanned $(du -h "$leak" | cut -f1) of status, events, ConfigMaps, logs and site" "[ -s $leak ]"
check "the MinIO root's secret key appears in none of it" "! grep -qF -- \"\$MINIO_ROOT_PASSWORD\" $leak"
check "the MinIO root's access key appears in none of it" "! grep -qF -- \"\$MINIO_ROOT_USER\" $leak"
check "the operator's secret key appears in none of it" "[ -n \"\$OPERATOR_SECRET\" ] && ! grep -qF -- \"\$OPERATOR_SECRET\" $leak"
check "a runner's grant (signature, policy) appears in none of it" "! grep -qF -e \"\$GRANT_SIGNATURE\" -e \"\$GRANT_POLICY\" $leak"
# 8. a run author's env value and JVM option (the dispatch run has both, e2e/runs.py) are on no page of the public site
site=$(mktemp); trap 'rm -f "$grant" "$leak" "$site"' EXIT
for key in $(python3 "$(dirname "$0")/s3.py" "$MINIO_PORT" list site/); do curl -sf "http://127.0.0.1:$MINIO_PORT/isobench/$key" || true; done >"$site"
check "the dispatch run is on the site" "grep -qF e2e-dispatch $site"
check "its author's env value is not" "! grep -qF e2e-env-value-5b1f9a $site"
check "its author's JVM option is not" "! grep -qF e2e-jvm-value-8c2d4e $site"
echo "security: $failures failures"
[ "$failures" = 0 ]
