#!/usr/bin/env bash
# docs/contracts.md against the chart: every environment variable the chart gives the operator is in the contract's
# table, and every RBAC rule of the operator's roles is written there as "`resource` verb/verb/…".
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "test-chart (contracts): FAIL: $*" >&2; exit 1; }
# with the optional settings on, so their variables are rendered too
"$HOME/.cache/isobench/bin/helm" template isobench "$root/charts/isobench" -n isobench-system \
  --set-string 'kubelet.caBundle=-----BEGIN CERTIFICATE-----x-----END CERTIFICATE-----' --set operator.jvmOptions=-Xss1m \
  --show-only templates/configmap.yaml --show-only templates/deployment.yaml --show-only templates/rbac.yaml >"${TMPDIR:-/tmp}/contracts-render.$$.yaml"
trap 'rm -f "${TMPDIR:-/tmp}/contracts-render.$$.yaml"' EXIT
python3 - "${TMPDIR:-/tmp}/contracts-render.$$.yaml" "$root/docs/contracts.md" <<'PY' || fail "docs/contracts.md is behind the chart (above)"
import re, sys, yaml
docs = [d for d in yaml.safe_load_all(open(sys.argv[1])) if d]
contract = open(sys.argv[2]).read()
table = set(re.findall(r"^\| `([A-Z_]+)`", contract, re.M)) | {n for row in re.findall(r"^\| (`[A-Z_]+`(?:, `[A-Z_]+`)*) \|", contract, re.M)
                                                              for n in re.findall(r"`([A-Z_]+)`", row)}
variables = set()
for d in docs:
    if d["kind"] == "ConfigMap":
        variables |= set(d["data"])
    if d["kind"] == "Deployment":
        variables |= {e["name"] for e in d["spec"]["template"]["spec"]["containers"][0].get("env", [])}
missing = sorted(variables - table)
problems = [f"environment variable {v} (set by the chart) is not in the table" for v in missing]
for d in docs:
    if d["kind"] in ("ClusterRole", "Role"):
        for rule in d["rules"]:
            for resource in rule["resources"]:
                written = f"`{resource}` " + "/".join(rule["verbs"])
                if written not in contract:
                    problems.append(f"{d['kind']} {d['metadata']['name']}: '{written}' is not written in the RBAC list")
for p in problems:
    print("  " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
echo "test-chart (contracts): OK (every variable the chart sets and every RBAC rule of the operator is in docs/contracts.md)"
