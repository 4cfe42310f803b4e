#!/usr/bin/env bash
# Push the OCI archives `make images` wrote to a registry, with Debian's skopeo (no Docker daemon), and print each
# image's digest, and the helm values that pull exactly those images.
#   images/push.sh REGISTRY [name...]          REGISTRY = host[:port]/namespace; names: runner operator (default), kubectl
#   TAG=0.1.0            the tag pushed (default: the project version, as images/build-oci.sh)
#   TLS_VERIFY=false     a registry without TLS (plain HTTP, e.g. one on 127.0.0.1); default true
#   IMAGES_DIR=out/images    where the archives are
# Credentials: skopeo's own (`skopeo login host` writes them to ${XDG_RUNTIME_DIR}/containers/auth.json).
# Writes <IMAGES_DIR>/<name>.digest (sha256:…), the digest of the manifest as the registry stores it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
registry=${1-}
shift || true
if [ $# -gt 0 ]; then names=("$@"); else names=(runner operator); fi
TAG=${TAG:-0.1.0}
TLS_VERIFY=${TLS_VERIFY:-true}
IMAGES_DIR=${IMAGES_DIR:-$root/out/images}
die() { echo "images-push: $*" >&2; exit 2; }

# host (with a dot or a port, or localhost: anything else would be read as a Docker Hub namespace), then the namespace
[[ $registry =~ ^([a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]+)?)(/[a-z0-9]+([._-][a-z0-9]+)*)+$ ]] \
  && { [[ ${BASH_REMATCH[1]} == *[.:]* ]] || [ "${BASH_REMATCH[1]}" = localhost ]; } \
  || die "REGISTRY '$registry' is not host[:port]/namespace (e.g. registry.example.com/isobench or 127.0.0.1:5000/isobench)"
[[ $TAG =~ ^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$ ]] || die "TAG '$TAG' is not an image tag (letters, digits, _ . -; at most 128)"
[[ $TLS_VERIFY =~ ^(true|false)$ ]] || die "TLS_VERIFY '$TLS_VERIFY' is not true or false"
command -v skopeo >/dev/null || die "skopeo is missing (Debian package skopeo; .ci/prerequisites.sh installs it)"
for name in "${names[@]}"; do
  [ -f "$IMAGES_DIR/$name.tar" ] || die "$IMAGES_DIR/$name.tar is missing (make images builds runner and operator)"
done

sets=""
for name in "${names[@]}"; do
  ref=$registry/$name:$TAG
  rm -f "$IMAGES_DIR/$name.digest"
  # the archive's own manifest is rewritten (skopeo compresses the layer), so the digest is the one the registry stores
  skopeo copy --quiet --dest-tls-verify="$TLS_VERIFY" --digestfile "$IMAGES_DIR/$name.digest" \
    "oci-archive:$IMAGES_DIR/$name.tar" "docker://$ref" >&2 \
    || { echo "images-push: could not push $IMAGES_DIR/$name.tar to $ref (registry reachable? logged in: skopeo login? plain HTTP: TLS_VERIFY=false)" >&2
         exit 1; }
  digest=$(cat "$IMAGES_DIR/$name.digest")
  printf '%-9s %s@%s\n' "$name" "$ref" "$digest"
  case $name in runner | operator) sets+=" --set $name.image.digest=$digest" ;; esac
done
echo "helm install … --set image.registry=$registry$sets"
