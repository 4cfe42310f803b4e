#!/bin/sh
# The operator's AOT cache (JEP 483, JDK 25's -XX:AOTCacheOutput): one training run of the operator as its image starts
# it — configuration, API client, kubelet TLS, reconcilers, leader election, informers — against an API server that is
# not there, ended after a few seconds. At exit the JVM writes the classes it loaded, parsed, verified and linked into
# CACHE; the image starts with -XX:AOTCache=CACHE and maps them instead of doing that work again (BENCHMARKS.md,
# operator start). A JVM that cannot use the cache (another runtime, a changed jar) says so and starts without it.
#   images/aot-training.sh JAVA JAR CACHE
# with the image's JAVA_TOOL_OPTIONS in the environment (images/operator.jvm-options), so the training runs the
# compilers and heap the image runs.
# JAVA and JAR as the image holds them, at any path: the cache is for that runtime (its modules file) and that class
# path (its jars' sizes); the jars get the time the image gives every file (0, images/oci_archive.py) first, so the
# training reads them as the image's JVM will. POSIX sh: the operator Dockerfile's final stage runs it too.
set -eu
[ $# -eq 3 ] || { echo "usage: images/aot-training.sh JAVA JAR CACHE" >&2; exit 2; }
java=$1 jar=$2 cache=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# a CA for the kubelet client to trust (the operator refuses to start without one): the runtime's own keytool
bin=$(dirname "$java")
"$bin/keytool" -genkeypair -keystore "$work/ca.p12" -storepass training -alias ca -keyalg EC -dname CN=aot-training \
  -validity 1 >/dev/null 2>&1
"$bin/keytool" -exportcert -rfc -keystore "$work/ca.p12" -storepass training -alias ca -file "$work/ca.pem" >/dev/null 2>&1
# port 9 (discard) on the loopback: every call is refused at once, so start-up runs its course without a cluster
cat >"$work/kubeconfig" <<EOF
apiVersion: v1
kind: Config
clusters: [{name: none, cluster: {server: "http://127.0.0.1:9"}}]
contexts: [{name: none, context: {cluster: none, user: none}}]
current-context: none
users: [{name: none, user: {token: aot-training}}]
EOF
find "$(dirname "$jar")" -type f -name '*.jar' -exec touch -d @0 {} +
rm -f "$cache"
KUBECONFIG=$work/kubeconfig POD_NAMESPACE=aot-training POD_NAME=aot-training ISOBENCH_NAMESPACES=aot-training \
  ISOBENCH_LEADER_ELECTION=true ISOBENCH_HTTP_PORT=0 ISOBENCH_KUBELET_CA_FILE=$work/ca.pem HOME=$work \
  "$java" -XX:AOTCacheOutput="$cache" -jar "$jar" >"$work/log" 2>&1 &
pid=$!
# 5 s after it is configured (its informers and leader election then start, and fail): timed from that line, not from
# the start, so a loaded build machine trains the same start-up; then SIGTERM — the operator's shutdown hook stops it
# and the JVM writes the cache as it exits
waited=0
until grep -q 'configured: ' "$work/log" 2>/dev/null || [ $waited -ge 240 ] || ! kill -0 $pid 2>/dev/null; do
  sleep 1; waited=$((waited + 1))
done
sleep 5
kill -TERM $pid 2>/dev/null || true
wait $pid || true
grep -q 'configured: ' "$work/log" && [ -s "$cache" ] \
  || { echo "aot-training: no AOT cache of a configured operator written; the training run said:" >&2; tail -20 "$work/log" >&2; exit 1; }
