#!/usr/bin/env bash
# The family READMEs' per-version notes, generated from the catalog so that each note lives
# once (in reference/catalog_table.cpp). In each reference/ops/<family>/README.md the lines
# between the two marker comments below are `touchstone ops --family <family> --markdown`.
#
#   tools/family_readmes.sh TOUCHSTONE            rewrite every family README's section
#   tools/family_readmes.sh TOUCHSTONE --check    exit 1, naming each stale README (CTest
#                                                 family_readmes_current)
# A third argument is the root holding reference/ops/ (the repository's by default).
set -euo pipefail
touchstone="$1"
mode="${2:-write}"
root="${3:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
begin='<!-- per-version notes: generated from the catalog by tools/family_readmes.sh (touchstone ops --family F --markdown); edit the catalog, not this table -->'
end='<!-- end of the generated per-version notes -->'
status=0
for readme in "$root"/reference/ops/*/README.md; do
  family="$(basename "$(dirname "$readme")")"
  if ! table="$("$touchstone" ops --family "$family" --markdown 2>/dev/null)"; then
    continue  # no catalog row names this folder (core: shared helpers only)
  fi
  if ! grep -qxF "$begin" "$readme" || ! grep -qxF "$end" "$readme"; then
    echo "$readme: no generated per-version notes (the marker comments are missing)" >&2
    status=1
    continue
  fi
  fresh="$(TABLE="$table" BEGIN="$begin" END="$end" awk '
    $0 == ENVIRON["BEGIN"] { print; print ENVIRON["TABLE"]; skipping = 1; next }
    $0 == ENVIRON["END"] { skipping = 0 }
    !skipping { print }' "$readme")"
  if [ "$fresh" == "$(cat "$readme")" ]; then continue; fi
  if [ "$mode" == "--check" ]; then
    echo "$readme: the per-version notes differ from the catalog; run tools/family_readmes.sh $touchstone" >&2
    status=1
  else
    printf '%s\n' "$fresh" > "$readme"
    echo "rewrote $readme"
  fi
done
exit "$status"
