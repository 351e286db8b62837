#!/usr/bin/env bash
# Re-pins the container base images: for every `name:tag@sha256:<digest>` in the Dockerfile and
# compose.yaml, asks the registry for the digest the tag points to now and writes it in place of
# the old one. Run it on a machine with registry access, review the diff, rebuild, test, commit.
#
#   scripts/pin-images.sh            rewrite the digests
#   scripts/pin-images.sh --list     print the pinned references, change nothing
#
# The digest is the image index's (all platforms), from `docker buildx imagetools inspect` when
# Docker's buildx is there, else `crane digest` (go-containerregistry). PIN_RESOLVER names another
# command that prints the digest of the reference it is given (the tests use a fake one).
# PIN_ROOT is the folder holding the two files (default: the repository's root).
set -euo pipefail

root=${PIN_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
files=("$root/Dockerfile" "$root/compose.yaml")
# name[:tag]@sha256:<64 hex>, as written after `ARG …=` or `image:`.
ref_re='[a-z0-9][a-z0-9._/-]*(:[A-Za-z0-9._-]+)?@sha256:[0-9a-f]{64}'

resolve() {
  if [[ -n ${PIN_RESOLVER:-} ]]; then
    $PIN_RESOLVER "$1"
  elif docker buildx version >/dev/null 2>&1; then
    docker buildx imagetools inspect "$1" --format '{{json .Manifest}}' | sed -E 's/.*"digest":"(sha256:[0-9a-f]{64})".*/\1/'
  elif command -v crane >/dev/null 2>&1; then
    crane digest "$1"
  else
    echo "pin-images: needs docker buildx or crane (or PIN_RESOLVER) to ask the registry" >&2
    return 1
  fi
}

refs=$(grep -hoE "$ref_re" "${files[@]}" | sort -u)
if [[ -z $refs ]]; then
  echo "pin-images: no digest-pinned image in ${files[*]}" >&2
  exit 1
fi
if [[ ${1:-} == --list ]]; then
  echo "$refs"
  exit 0
fi

changed=0
for ref in $refs; do
  tag=${ref%@*}
  old=${ref#*@}
  new=$(resolve "$tag")
  if [[ ! $new =~ ^sha256:[0-9a-f]{64}$ ]]; then
    echo "pin-images: $tag resolved to '$new', not a digest" >&2
    exit 1
  fi
  if [[ $new == "$old" ]]; then
    echo "$tag: unchanged"
    continue
  fi
  for f in "${files[@]}"; do sed -i "s|$tag@$old|$tag@$new|g" "$f"; done
  echo "$tag: $old -> $new"
  changed=$((changed + 1))
done
echo "pin-images: $changed digest(s) changed; update the dates in the comments beside them"
