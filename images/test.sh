#!/usr/bin/env bash
# The image archives' test (make test-images): valid OCI layout with matching digests, and the runtime inside
# really runs — java -version and the runner's --help from the unpacked root filesystem.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
images/build-oci.sh runner operator >/dev/null
for n in runner operator; do python3 images/oci_archive.py --verify "out/images/$n.tar" >/dev/null; done
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
tar -xf out/images/runner.tar -C "$work"
layer=$(python3 -c 'import json,sys; i=json.load(open(sys.argv[1]+"/index.json")); d=i["manifests"][0]["digest"].split(":")[1]; m=json.load(open(sys.argv[1]+"/blobs/sha256/"+d)); print(m["layers"][0]["digest"].split(":")[1])' "$work")
mkdir "$work/rootfs" && tar -xf "$work/blobs/sha256/$layer" -C "$work/rootfs"
# Run the image's own java with the image's own libraries (its loader and lib dirs, not the host's).
loader=$work/rootfs/lib64/ld-linux-x86-64.so.2
libpath=$(find "$work/rootfs" -name '*.so*' -printf '%h\n' | sort -u | tr '\n' ':')
"$loader" --library-path "$libpath" "$work/rootfs/opt/java/bin/java" -version 2>&1 | grep -q 'version "25' || { echo "test-images: FAIL: java in the image does not run" >&2; exit 1; }
"$loader" --library-path "$libpath" "$work/rootfs/opt/java/bin/java" -jar "$work/rootfs/opt/isobench/isobench-runner.jar" --help | grep -q dispatch \
  || { echo "test-images: FAIL: isobench-runner --help from the image" >&2; exit 1; }
echo "test-images: OK ($(du -hL out/images/runner.tar | cut -f1) runner, $(du -hL out/images/operator.tar | cut -f1) operator; layout and digests verified; java and the runner run from the image)"
