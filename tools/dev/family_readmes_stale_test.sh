#!/usr/bin/env bash
# CTest family_readmes_catch_a_stale_note: on a copy of the family READMEs with one generated
# line changed (Abs-1 judged ulp(1) instead of exact), `tools/family_readmes.sh --check`
# must fail and name that README; after rewriting, the check must pass again.
set -euo pipefail
touchstone="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
mkdir -p "$copy/reference"
cp -r "$root/reference/ops" "$copy/reference/"
readme="$copy/reference/ops/elementwise/README.md"
sed -i 's/^| Abs | 1 | exact |/| Abs | 1 | ulp(1) |/' "$readme"
grep -q '^| Abs | 1 | ulp(1) |' "$readme" || { echo "the Abs-1 line was not found to change" >&2; exit 1; }
if "$root/tools/family_readmes.sh" "$touchstone" --check "$copy" 2> "$copy/err"; then
  echo "--check passed a stale README" >&2; exit 1
fi
grep -q "elementwise/README.md: the per-version notes differ" "$copy/err" || { cat "$copy/err" >&2; exit 1; }
"$root/tools/family_readmes.sh" "$touchstone" write "$copy" > /dev/null
"$root/tools/family_readmes.sh" "$touchstone" --check "$copy"
grep -q '^| Abs | 1 | exact |' "$readme"
echo "stale note caught and rewritten"
