#!/usr/bin/env bash
# The image archives' test (make test-images): valid OCI layout with matching digests, and the runtime inside
# really runs — java -version and the runner's --help from the unpacked root filesystem, and from the copy of the
# runner its `installation --copy-to` makes (what a variant of another image runs from).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
images/build-oci.sh runner operator >/dev/null
for n in runner operator; do python3 images/oci_archive.py --verify "out/images/$n.tar" >/dev/null; done
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
unpack() { # image → $work/<image>/rootfs
  mkdir -p "$work/$1" && tar -xf "out/images/$1.tar" -C "$work/$1"
  local layer
  layer=$(python3 -c 'import json,sys; i=json.load(open(sys.argv[1]+"/index.json")); d=i["manifests"][0]["digest"].split(":")[1]; m=json.load(open(sys.argv[1]+"/blobs/sha256/"+d)); print(m["layers"][0]["digest"].split(":")[1])' "$work/$1")
  mkdir "$work/$1/rootfs" && tar -xf "$work/$1/blobs/sha256/$layer" -C "$work/$1/rootfs"
}
in_image() { # image command...: the image's own java with the image's own libraries (its loader and lib dirs, not the host's)
  local rootfs=$work/$1/rootfs; shift
  "$rootfs/lib64/ld-linux-x86-64.so.2" --library-path "$(find "$rootfs" -name '*.so*' -printf '%h\n' | sort -u | tr '\n' ':')" \
    "$rootfs/opt/java/bin/java" "$@"
}
unpack runner
unpack operator
in_image runner -version 2>&1 | grep -q 'version "25' || { echo "test-images: FAIL: java in the image does not run" >&2; exit 1; }
in_image runner -jar "$work/runner/rootfs/opt/isobench/isobench-runner.jar" --help | grep -q dispatch \
  || { echo "test-images: FAIL: isobench-runner --help from the image" >&2; exit 1; }
# the runner as its entrypoint starts it (its JVM flags, its class-data archive; /opt where it was unpacked) loads its
# classes from that archive (images/runner-cds.sh): an archive the JVM refuses (another runtime, jars of other sizes or
# times than the training's) leaves every class to be loaded from the jars
mapfile -d '' -t entry < <(python3 -c 'import json,sys; i=json.load(open(sys.argv[1]+"/index.json")); b=sys.argv[1]+"/blobs/sha256/"; m=json.load(open(b+i["manifests"][0]["digest"].split(":")[1])); c=json.load(open(b+m["config"]["digest"].split(":")[1])); sys.stdout.write("".join(a.replace("/opt/", sys.argv[2]+"/opt/")+"\0" for a in c["config"]["Entrypoint"][1:]))' "$work/runner" "$work/runner/rootfs")
loaded=$(in_image runner -Xlog:class+load=info:stdout "${entry[@]}" --version 2>&1)
grep -q "io.isobench.runner.cli.RunnerMain source: shared objects file" <<<"$loaded" && grep -q "^isobench-runner " <<<"$loaded" \
  || { grep -E "RunnerMain|cds|aot" <<<"$loaded" | head -20 >&2; echo "test-images: FAIL: the runner's entrypoint does not load its classes from its class-data archive" >&2; exit 1; }
shared=$(grep -c "source: shared objects file" <<<"$loaded")
# a variant of another image (spec.variants[].image): the image's runner copies itself — runtime, jars — into a volume,
# as the operator's init container runs it, and the copy runs from where it was put, with the image's own libraries
in_image runner "${entry[@]}" installation --copy-to "$work/variants/next" --image isobench/runner:next >"$work/copy.txt" 2>&1 \
  || { cat "$work/copy.txt" >&2; echo "test-images: FAIL: the runner image's installation --copy-to, as its entrypoint starts it" >&2; exit 1; }
# what the dispatch bench prints of its peers names each library's version, read from its jar's name: a class loaded
# from the class-data archive has no code source location to read it from (ClassOrigin)
in_image runner "${entry[@]}" dispatch --peer-table --queues disruptor,jctools,agrona >"$work/peers.txt" 2>&1 \
  && grep -q "LMAX Disruptor [0-9]" "$work/peers.txt" && grep -q "JCTools [0-9]" "$work/peers.txt" && grep -q "Agrona [0-9]" "$work/peers.txt" \
  || { head -5 "$work/peers.txt" >&2; echo "test-images: FAIL: the peer table from the image does not name the peers' versions" >&2; exit 1; }
copied_cp=$(python3 -c 'import json,sys; d=sys.argv[1]; i=json.load(open(d+"/installation.json")); assert i["image"]=="isobench/runner:next", i; print(":".join(d+"/"+p for p in i["classPath"]))' "$work/variants/next")
rm -rf "$work/runner/rootfs/opt/java" # the copy must not lean on the image it came from
"$work/runner/rootfs/lib64/ld-linux-x86-64.so.2" --library-path "$(find "$work/runner/rootfs" -name '*.so*' -printf '%h\n' | sort -u | tr '\n' ':')" \
  "$work/variants/next/java/bin/java" -cp "$copied_cp" io.isobench.runner.cli.RunnerMain --help | grep -q dispatch \
  || { echo "test-images: FAIL: the runner copied by installation --copy-to does not run" >&2; exit 1; }
# the operator starts far enough to log and refuse a bad setting: its logging and config classes all load — from its AOT
# cache, as its entrypoint starts it, with its JAVA_TOOL_OPTIONS (AOTMode=on: a cache this runtime and jar cannot use
# stops the JVM, naming why)
options=$(python3 -c 'import json,sys; i=json.load(open(sys.argv[1]+"/index.json")); b=sys.argv[1]+"/blobs/sha256/"; m=json.load(open(b+i["manifests"][0]["digest"].split(":")[1])); c=json.load(open(b+m["config"]["digest"].split(":")[1])); print(*[e.split("=",1)[1] for e in c["config"]["Env"] if e.startswith("JAVA_TOOL_OPTIONS=")])' "$work/operator")
[ "$options" = "$(sed -e 's/#.*//' images/operator.jvm-options | xargs)" ] \
  || { echo "test-images: FAIL: the operator image's JAVA_TOOL_OPTIONS ($options) are not images/operator.jvm-options'" >&2; exit 1; }
grep -qxF "ENV JAVA_TOOL_OPTIONS=\"$options\"" operator/Dockerfile \
  || { echo "test-images: FAIL: operator/Dockerfile's JAVA_TOOL_OPTIONS are not images/operator.jvm-options' ($options)" >&2; exit 1; }
started=$(JAVA_TOOL_OPTIONS=$options ISOBENCH_HTTP_PORT=none in_image operator -XX:AOTCache="$work/operator/rootfs/opt/isobench/operator.aot" -XX:AOTMode=on \
  -jar "$work/operator/rootfs/opt/isobench/isobench-operator.jar" 2>&1 || true)
if ! grep -q "ISOBENCH_HTTP_PORT" <<<"$started" || grep -qE "NoClassDefFoundError|ClassNotFoundException" <<<"$started"; then
  echo "$started" | head -20 >&2; echo "test-images: FAIL: the operator does not start from its image" >&2; exit 1
fi
# the operator image carries the site's pages it publishes to the bucket
[ -f "$work/operator/rootfs/opt/isobench/site/index.html" ] && [ -d "$work/operator/rootfs/opt/isobench/site/assets" ] \
  || { echo "test-images: FAIL: the operator image has no site pages at /opt/isobench/site" >&2; exit 1; }
echo "test-images: OK ($(du -hL out/images/runner.tar | cut -f1) runner, $(du -hL out/images/operator.tar | cut -f1) operator; layout and digests verified; java and the runner run from the image and from its installation --copy-to; the runner starts with $shared of its classes from its class-data archive; the operator starts from its AOT cache and has the site pages)"
