#!/bin/sh
# Installs the npm packages of the JavaScript backends named (default: all of them)
# from their committed lockfiles, each into its own folder's node_modules. Idempotent:
# a folder whose node_modules is newer than its lockfile is left alone.
#
#   harness/backends/install.sh [--force] [onnxruntime onnxruntime-web onnxjs]
#
# onnxruntime has its own install.sh (locale set-up, a load check); it is called for it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
force=
if [ "${1:-}" = "--force" ]; then force=--force; shift; fi
[ $# -gt 0 ] || set -- onnxruntime onnxruntime-web onnxjs

command -v npm >/dev/null || { echo "install.sh: npm is not installed (Debian: apt-get install nodejs npm)" >&2; exit 1; }
for name in "$@"; do
  dir="$here/$name"
  [ -f "$dir/package-lock.json" ] || { echo "install.sh: unknown backend '$name' (no $dir/package-lock.json)" >&2; exit 1; }
  if [ "$name" = onnxruntime ]; then "$dir/install.sh" $force; continue; fi
  stamp="$dir/node_modules/.package-lock.json"
  if [ -z "$force" ] && [ -f "$stamp" ] && [ "$stamp" -nt "$dir/package-lock.json" ] && [ "$stamp" -nt "$dir/package.json" ]; then
    continue
  fi
  echo "install.sh: npm ci in $name (install scripts skipped)" >&2
  (cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund >&2)
  touch "$stamp"
done
