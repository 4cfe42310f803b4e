#!/usr/bin/env bash
# Replaces the section NAME of BENCHMARKS.md (between its bench:NAME markers) with stdin; appends it if new.
set -euo pipefail
name=$1; file=${2:-BENCHMARKS.md}
body=$(cat)
start="<!-- bench:$name:start -->"; end="<!-- bench:$name:end -->"
[ -f "$file" ] || printf '# isobench benchmarks\n\nEvery figure here comes from `make bench` (or the section'"'"'s own command) on the machine it names, with the peer measured in the same run. Sections are rewritten independently.\n' > "$file"
if grep -qF "$start" "$file"; then
  python3 - "$file" "$start" "$end" "$body" <<'PY'
import sys
path, start, end, body = sys.argv[1:5]
text = open(path).read()
a = text.index(start); b = text.index(end) + len(end)
open(path, "w").write(text[:a] + start + "\n" + body + "\n" + end + text[b:])
PY
else
  printf '\n%s\n%s\n%s\n' "$start" "$body" "$end" >> "$file"
fi
