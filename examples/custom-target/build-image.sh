#!/usr/bin/env bash
# quote-codec's image without Docker, as images/ builds ours (make image-custom-target): the runner image's archive
# (images/build-oci.sh runner) with one layer on top holding the plugin jar in /opt/isobench/plugins/ — what
# Containerfile's FROM + COPY make. Then checks it: the layout and digests, and `list` run with the image's own java,
# entrypoint and files shows quote-codec.
#   examples/custom-target/build-image.sh   → out/images/custom-target.tar (isobench/quote-codec:$TAG), and
#                                             out/images/custom-target-next.tar (the same, labelled $TAG-next)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
export JAVA_HOME=${JAVA_HOME:-$(scripts/java-home.sh)}
MVN=${MVN:-mvn -B -q}
TAG=${TAG:-0.1.0}
fail() { echo "image-custom-target: FAIL: $*" >&2; exit 1; }

images/build-oci.sh runner >/dev/null
$MVN -pl target-spi -am install -DskipTests
$MVN -f examples/custom-target/pom.xml package
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir -p "$work/layer/opt/isobench/plugins"
cp examples/custom-target/target/isobench-custom-target.jar "$work/layer/opt/isobench/plugins/"
python3 images/oci_archive.py "$work/layer" out/images/custom-target.tar "isobench/quote-codec:$TAG" \
  --base out/images/runner.tar --label org.opencontainers.image.title=quote-codec >/dev/null
python3 images/oci_archive.py --verify out/images/custom-target.tar >/dev/null
# the same plugin in an image of its own (one more label, so another digest): the e2e's variant of another image
# (examples/custom-target/two-images.yaml) — two images of one code, which the run's comparison must call no change
python3 images/oci_archive.py "$work/layer" out/images/custom-target-next.tar "isobench/quote-codec:$TAG-next" \
  --base out/images/runner.tar --label org.opencontainers.image.title=quote-codec \
  --label org.opencontainers.image.version="$TAG-next" >/dev/null
python3 images/oci_archive.py --verify out/images/custom-target-next.tar >/dev/null

# every layer unpacked in order, then the entrypoint with its paths under that root (the image's own loader and libraries)
mkdir "$work/image" "$work/rootfs"
tar -xf out/images/custom-target.tar -C "$work/image"
mapfile -t command < <(python3 - "$work/image" "$work/rootfs" <<'PY'
import json, sys, tarfile
image, rootfs = sys.argv[1:]
blob = lambda d: image + "/blobs/sha256/" + d["digest"].split(":", 1)[1]
manifest = json.load(open(blob(json.load(open(image + "/index.json"))["manifests"][0])))
for layer in manifest["layers"]:
    with tarfile.open(blob(layer)) as t:
        t.extractall(rootfs, filter="tar")
entrypoint = json.load(open(blob(manifest["config"])))["config"]["Entrypoint"]
for arg in entrypoint[1:]:
    print(arg.replace("/opt/isobench/", rootfs + "/opt/isobench/").replace("-Xms1g", "-Xms256m").replace("-Xmx1g", "-Xmx256m"))
PY
)
rootfs=$work/rootfs
"$rootfs/lib64/ld-linux-x86-64.so.2" --library-path "$(find "$rootfs" -name '*.so*' -printf '%h\n' | sort -u | tr '\n' ':')" \
  "$rootfs/opt/java/bin/java" "${command[@]}" list >"$work/list.txt" 2>&1 || fail "list in the image: $(tail -5 "$work/list.txt")"
grep -q '^  quote-codec: ' "$work/list.txt" || fail "list in the image does not show quote-codec: $(tail -20 "$work/list.txt")"
# the runner image's class-data archive (images/runner-cds.sh) still serves with the plugin's jar after the runner's on
# the class path
"$rootfs/lib64/ld-linux-x86-64.so.2" --library-path "$(find "$rootfs" -name '*.so*' -printf '%h\n' | sort -u | tr '\n' ':')" \
  "$rootfs/opt/java/bin/java" -Xlog:class+load=info:stdout "${command[@]}" list >"$work/loaded.txt" 2>&1 || true
grep -q 'io.isobench.runner.cli.RunnerMain source: shared objects file' "$work/loaded.txt" \
  || fail "the runner's classes do not load from the image's class-data archive: $(grep -E 'RunnerMain |cds' "$work/loaded.txt" | head -5)"
echo "image-custom-target: OK (out/images/custom-target.tar: the runner image + the plugin jar; list in it shows quote-codec, its runner classes from the class-data archive)"
