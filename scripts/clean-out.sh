#!/usr/bin/env bash
# make clean's part for OUT: a local cluster whose state lives in OUT/cluster is stopped first (by its recorded PIDs,
# through down.sh), so removing OUT never leaves its processes running with nothing left to find them by.
#   scripts/clean-out.sh OUT
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: clean-out.sh OUT}
if [ -d "$out/cluster" ]; then
  "$root/local-cluster/down.sh" --state-dir "$out/cluster" --purge
fi
rm -rf "$out"
