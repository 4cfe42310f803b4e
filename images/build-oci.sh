#!/usr/bin/env bash
# Assemble the runner and operator images as OCI archives without Docker or a registry: a jlink'ed Java runtime,
# the shared libraries it needs (from ldd), the jars, a non-root user. The local cluster imports them with
# `ctr -n k8s.io images import`. The user-facing images are runner-image/Dockerfile and operator/Dockerfile.
#   images/build-oci.sh [runner] [operator] [kubectl]  → out/images/<name>.tar (cached by content in ~/.cache/isobench/images)
# kubectl: a shell and the kubectl the local cluster is built with, for the chart's `helm test` pod.
#   TAG=e2e images/build-oci.sh                 (default tag: the project version)
#   images/build-oci.sh --opt NAME DIR          only the image's /opt — its Java runtime, jars and (the operator's) AOT
#                                               cache — under DIR (make bench-operator-start)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export JAVA_HOME=${JAVA_HOME:-$(scripts/java-home.sh)}
TAG=${TAG:-0.1.0}
cache=$HOME/.cache/isobench/images
out=$root/out/images
mkdir -p "$cache" "$out"
jar_of() { case $1 in runner) echo runner-image/target/isobench-runner.jar ;; operator) echo operator/controller/target/isobench-operator.jar ;; esac; }
KUBECTL_BIN=$HOME/.cache/isobench/bin/kubectl

# Modules the jars need (jdeps), plus what reflection-heavy libraries load at run time.
modules() { # jar
  local lib; lib=$(dirname "$1")/lib
  { "$JAVA_HOME/bin/jdeps" --multi-release 25 --ignore-missing-deps --print-module-deps --class-path "$lib/*" "$1" 2>/dev/null || echo java.base; } \
    | tr -d '\n'
  # jdk.compiler: Chronicle Wire compiles its method writers at run time (ipc target)
  # java.naming: logback (the operator's logging) loads javax.naming classes while configuring
  echo ",jdk.crypto.ec,jdk.unsupported,jdk.management,jdk.httpserver,java.net.http,jdk.zipfs,jdk.compiler,java.naming"
}

# The image's Java runtime: the modules the jar needs, and the JDK's class data sharing archive of their classes
# (--generate-cds-archive: without it a jlinked runtime has none, and every JDK class the JVM starts with is parsed
# and verified anew at each start; BENCHMARKS.md, operator start).
jlink_runtime() { # jar output
  "$JAVA_HOME/bin/jlink" --add-modules "$(modules "$1")" --strip-debug --no-header-files --no-man-pages --compress=zip-6 \
    --generate-cds-archive --output "$2" >/dev/null
}

# ELF files under a tree, and every library they load (ldd), copied to the same absolute paths.
copy_libraries() { # rootfs
  local rootfs=$1 f lib
  { find "$rootfs" -type f \( -name '*.so*' -o -perm -u+x \) -print0 | xargs -0 file 2>/dev/null | grep -E 'ELF .*(executable|shared object)' | cut -d: -f1 \
      | while read -r f; do ldd "$f" 2>/dev/null | grep -oE '/[^ ]+\.so[^ ]*' || true; done; } | sort -u | while read -r lib; do
    [ -e "$lib" ] || continue
    mkdir -p "$rootfs$(dirname "$lib")"
    cp -L "$lib" "$rootfs$lib"
  done
}

kubectl_image() { # cached archive
  local rootfs; rootfs=$(mktemp -d)
  mkdir -p "$rootfs/bin" "$rootfs/usr/local/bin" "$rootfs/tmp" "$rootfs/etc" "$rootfs/proc" "$rootfs/sys" "$rootfs/dev"
  cp -L /bin/dash "$rootfs/bin/sh"
  cp -L "$KUBECTL_BIN" "$rootfs/usr/local/bin/kubectl"
  copy_libraries "$rootfs"
  [ -e /lib64/ld-linux-x86-64.so.2 ] && mkdir -p "$rootfs/lib64" && cp -L /lib64/ld-linux-x86-64.so.2 "$rootfs/lib64/"
  printf 'root:x:0:0:root:/root:/sbin/nologin\nisobench:x:10001:10001:isobench:/tmp:/sbin/nologin\n' >"$rootfs/etc/passwd"
  python3 images/oci_archive.py "$rootfs" "$1.partial" "isobench/kubectl:$TAG" --entrypoint '["/usr/local/bin/kubectl"]' --workdir /tmp \
    --env PATH=/usr/local/bin:/bin --env HOME=/tmp --label "org.opencontainers.image.title=isobench-kubectl" >/dev/null
  mv "$1.partial" "$1"
  rm -rf "$rootfs"
}

# The operator's JVM options (images/operator.jvm-options without its comments), for its image's JAVA_TOOL_OPTIONS
operator_options() { sed -e 's/#.*//' images/operator.jvm-options | xargs; }

# An image's /opt under ROOT: its Java runtime, its jar and libraries, and the archive its entrypoint names of what
# training runs of that runtime and jar loaded: the operator's AOT cache (images/aot-training.sh), the runner's
# class-data archive (images/runner-cds.sh).
image_opt() { # name root
  local jar lib
  jar=$(jar_of "$1"); lib=$(dirname "$jar")/lib
  jlink_runtime "$jar" "$2/opt/java"
  mkdir -p "$2/opt/isobench/lib" "$2/opt/isobench/plugins"
  cp "$jar" "$2/opt/isobench/"
  cp "$lib"/*.jar "$2/opt/isobench/lib/"
  if [ "$1" = operator ]; then  # trained with the options the image starts it with
    JAVA_TOOL_OPTIONS=$(operator_options) \
      images/aot-training.sh "$2/opt/java/bin/java" "$2/opt/isobench/isobench-operator.jar" "$2/opt/isobench/operator.aot"
  else  # the runner's class-data archive, for its jars with the time the image gives every file (0, oci_archive.py)
    find "$2/opt/isobench" -type f -name '*.jar' -exec touch -d @0 {} +
    JAVA_HOME="$2/opt/java" ISOBENCH_RUNNER_JAR="$2/opt/isobench/isobench-runner.jar" \
      images/runner-cds.sh runner-image/bin/isobench-runner "$2/opt/isobench/isobench-runner.jsa" >/dev/null
  fi
}

if [ "${1:-}" = --opt ]; then
  [ $# -eq 3 ] && [ -n "$(jar_of "$2")" ] || { echo "usage: images/build-oci.sh --opt runner|operator DIR" >&2; exit 2; }
  [ -f "$(jar_of "$2")" ] || mvn -B -q -DskipTests package
  rm -rf "$3"
  image_opt "$2" "$3"
  exit 0
fi
names=("${@:-runner operator}")
read -ra names <<<"${names[*]}"
for n in "${names[@]}"; do
  if [ "$n" = kubectl ]; then
    [ -x "$KUBECTL_BIN" ] || { echo "build-oci.sh: $KUBECTL_BIN is missing (local-cluster/tools.sh k8s)" >&2; exit 2; }
    continue
  fi
  [ -n "$(jar_of "$n")" ] || { echo "build-oci.sh: unknown image '$n' (runner, operator, kubectl)" >&2; exit 2; }
  [ -f "$(jar_of "$n")" ] || mvn -B -q -DskipTests package
done

for n in "${names[@]}"; do
  if [ "$n" = kubectl ]; then
    cached=$cache/isobench-kubectl-$TAG-$( { sha256sum "$KUBECTL_BIN" /bin/dash images/oci_archive.py "$0" | cut -d' ' -f1; echo "$TAG"; } | sha256sum | cut -c1-16).tar
    [ -f "$cached" ] || { kubectl_image "$cached"; find "$cache" -maxdepth 1 -name "isobench-kubectl-$TAG-*.tar" ! -name "$(basename "$cached")" -delete; }
    ln -sfn "$cached" "$out/$n.tar"
    echo "$out/$n.tar -> $(basename "$cached")"
    continue
  fi
  jar=$(jar_of "$n"); lib=$(dirname "$jar")/lib
  site=()
  if [ "$n" = operator ]; then  # the site's pages, copied to the bucket at start-up (ISOBENCH_SITE_BUNDLE)
    [ -f reports-site/dist/index.html ] || { echo "build-oci.sh: reports-site/dist is missing (make site-build)" >&2; exit 2; }
    mapfile -t site < <(find reports-site/dist -type f | sort)
  fi
  key=$( { sha256sum "$jar" "$lib"/*.jar "${site[@]}" images/oci_archive.py images/aot-training.sh images/operator.jvm-options images/runner-cds.sh runner-image/bin/isobench-runner "$0" | cut -d' ' -f1; "$JAVA_HOME/bin/java" -version 2>&1; echo "$TAG"; } | sha256sum | cut -c1-16)
  cached=$cache/isobench-$n-$TAG-$key.tar
  if [ ! -f "$cached" ]; then
    rootfs=$(mktemp -d)
    trap 'rm -rf "$rootfs"' EXIT
    image_opt "$n" "$rootfs"
    mkdir -p "$rootfs/tmp" "$rootfs/etc" "$rootfs/results" "$rootfs/proc" "$rootfs/sys" "$rootfs/dev"
    chmod 1777 "$rootfs/tmp"
    [ ${#site[@]} -eq 0 ] || cp -r reports-site/dist "$rootfs/opt/isobench/site"
    copy_libraries "$rootfs"
    [ -e /lib64/ld-linux-x86-64.so.2 ] && mkdir -p "$rootfs/lib64" && cp -L /lib64/ld-linux-x86-64.so.2 "$rootfs/lib64/"
    printf 'root:x:0:0:root:/root:/sbin/nologin\nisobench:x:10001:10001:isobench:/results:/sbin/nologin\n' >"$rootfs/etc/passwd"
    printf 'root:x:0:\nisobench:x:10001:\n' >"$rootfs/etc/group"
    # The same JVM flags and class path as runner-image/bin/isobench-runner (plugin jars in /opt/isobench/plugins/, which
    # an image built FROM this one adds); JDK_JAVA_OPTIONS carries spec.runner.jvmOptions.
    env=()
    if [ "$n" = runner ]; then
      entry='["/opt/java/bin/java","--enable-native-access=ALL-UNNAMED","--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED","--sun-misc-unsafe-memory-access=allow","-XX:AutoBoxCacheMax=65536","--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED","--add-exports=java.base/sun.nio.ch=ALL-UNNAMED","--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED","--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED","--add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED","--add-opens=java.base/java.lang=ALL-UNNAMED","--add-opens=java.base/java.lang.reflect=ALL-UNNAMED","--add-opens=java.base/java.io=ALL-UNNAMED","--add-opens=java.base/java.util=ALL-UNNAMED","--add-opens=java.base/sun.nio.ch=ALL-UNNAMED","--add-opens=java.base/java.nio=ALL-UNNAMED","-Xms1g","-Xmx1g","-XX:+AlwaysPreTouch","-Dchronicle.analytics.disable=true","-XX:SharedArchiveFile=/opt/isobench/isobench-runner.jsa","-Xlog:cds=off,cds+dynamic=off,aot=off","-cp","/opt/isobench/isobench-runner.jar:/opt/isobench/plugins/*","io.isobench.runner.cli.RunnerMain"]'
      workdir=/results
    else
      entry='["/opt/java/bin/java","-XX:AOTCache=/opt/isobench/operator.aot","-jar","/opt/isobench/isobench-operator.jar"]'
      workdir=/
      env+=(--env "JAVA_TOOL_OPTIONS=$(operator_options)")
    fi
    python3 images/oci_archive.py "$rootfs" "$cached.partial" "isobench/$n:$TAG" --entrypoint "$entry" --workdir "$workdir" \
      --env PATH=/opt/java/bin:/usr/bin:/bin --env JAVA_HOME=/opt/java "${env[@]}" \
      --label "org.opencontainers.image.title=isobench-$n" --label "org.opencontainers.image.version=$TAG" \
      --label "org.opencontainers.image.source=https://github.com/isobench/isobench" >/dev/null
    mv "$cached.partial" "$cached"
    rm -rf "$rootfs"; trap - EXIT
    # keep one archive per image and tag: older inputs' archives are dead weight (~150 MB each)
    find "$cache" -maxdepth 1 -name "isobench-$n-$TAG-*.tar" ! -name "$(basename "$cached")" -delete
  fi
  ln -sfn "$cached" "$out/$n.tar"
  echo "$out/$n.tar -> $(basename "$cached")"
done
