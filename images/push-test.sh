#!/usr/bin/env bash
# make images-push, against a real registry (Debian docker-registry on 127.0.0.1, plain HTTP): each archive lands under
# REGISTRY/<name>:TAG, the digest printed (and written to <name>.digest) is the one the registry serves for that tag, and
# the image behind it is that archive's (its title label); a REGISTRY or TAG that is not one, a missing archive and an
# unreachable registry are refused naming the value, and nothing is pushed. Small archives stand in for the real ones
# (images/test.sh checks those), so this runs in seconds.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "test-images-push: FAIL: $*" >&2; exit 1; }
for tool in skopeo docker-registry; do command -v $tool >/dev/null || fail "$tool is missing (.ci/prerequisites.sh installs it)"; done
work=$(mktemp -d /tmp/isobench-push-test.XXXXXX)
registry_pid=
trap '[ -z "$registry_pid" ] || kill "$registry_pid" 2>/dev/null; rm -rf "$work"' EXIT

# two tiny images, each with a file and a title of its own
mkdir -p "$work/images"
for name in runner operator; do
  mkdir -p "$work/rootfs-$name" && echo "$name" >"$work/rootfs-$name/name"
  python3 "$root/images/oci_archive.py" "$work/rootfs-$name" "$work/images/$name.tar" "isobench/$name:0.1.0" --entrypoint '["/name"]' \
    --label "org.opencontainers.image.title=isobench-$name" >/dev/null
done

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
printf 'version: 0.1\nlog: {level: error}\nstorage: {filesystem: {rootdirectory: %s/registry}}\nhttp: {addr: "127.0.0.1:%s"}\n' \
  "$work" "$port" >"$work/registry.yml"
docker-registry serve "$work/registry.yml" >"$work/registry.log" 2>&1 &
registry_pid=$!
for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$port/v2/" >/dev/null && break; sleep 0.1; done
curl -sf "http://127.0.0.1:$port/v2/" >/dev/null || { cat "$work/registry.log" >&2; fail "the registry did not start"; }
reg=127.0.0.1:$port/isobench
push() { IMAGES_DIR=$work/images TLS_VERIFY=false "$root/images/push.sh" "$@"; }
catalog() { curl -sf "http://127.0.0.1:$port/v2/_catalog"; }

# refused before anything is pushed, naming what is wrong
refused() { # what-it-says command...
  local said; said=$("${@:2}" 2>&1) && fail "accepted: ${*:2}"
  grep -qF -- "$1" <<<"$said" || fail "'${*:2}' said: $said (expected: $1)"
}
refused "REGISTRY 'http://127.0.0.1:$port/isobench' is not host[:port]/namespace" push "http://127.0.0.1:$port/isobench" runner
refused "REGISTRY 'isobench' is not host[:port]/namespace" push isobench runner
refused "REGISTRY '' is not host[:port]/namespace" push "" runner
refused "TAG 'a tag' is not an image tag" env TAG="a tag" IMAGES_DIR="$work/images" TLS_VERIFY=false "$root/images/push.sh" "$reg" runner
refused "$work/images/kubectl.tar is missing" push "$reg" kubectl
refused "TLS_VERIFY 'no' is not true or false" env TLS_VERIFY=no IMAGES_DIR="$work/images" "$root/images/push.sh" "$reg" runner
[ "$(catalog)" = '{"repositories":[]}' ] || fail "a refused push wrote to the registry: $(catalog)"
refused "could not push $work/images/runner.tar to 127.0.0.1:1/isobench/runner:0.1.0" push 127.0.0.1:1/isobench runner

# pushed: the printed digest is what the registry serves for the tag, and the image is that archive's
said=$(TAG=9.9.9 push "$reg" runner operator) || fail "push: $said"
for name in runner operator; do
  printed=$(grep -oE "^$name +$reg/$name:9\.9\.9@sha256:[0-9a-f]{64}$" <<<"$said" | grep -oE 'sha256:[0-9a-f]{64}') \
    || fail "no '$name $reg/$name:9.9.9@sha256:…' line in: $said"
  [ "$(cat "$work/images/$name.digest")" = "$printed" ] || fail "$name.digest differs from the printed digest"
  served=$(curl -sfI -H 'Accept: application/vnd.oci.image.manifest.v1+json' -H 'Accept: application/vnd.docker.distribution.manifest.v2+json' \
    "http://127.0.0.1:$port/v2/isobench/$name/manifests/9.9.9" | tr -d '\r' | sed -n 's/^[Dd]ocker-[Cc]ontent-[Dd]igest: //p')
  [ "$served" = "$printed" ] || fail "$name: printed $printed, the registry serves $served for the tag"
  title=$(skopeo inspect --tls-verify=false "docker://$reg/$name@$printed" | python3 -c 'import json,sys; print(json.load(sys.stdin)["Labels"]["org.opencontainers.image.title"])')
  [ "$title" = "isobench-$name" ] || fail "$reg/$name@$printed is $title, not isobench-$name"
done
grep -qF -- "--set image.registry=$reg --set runner.image.digest=$(cat "$work/images/runner.digest") --set operator.image.digest=$(cat "$work/images/operator.digest")" <<<"$said" \
  || fail "no helm --set line naming the registry and both digests in: $said"
echo "test-images-push: OK (pushed to a real registry on 127.0.0.1; digests printed = served; refusals name the value)"
