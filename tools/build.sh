#!/usr/bin/env bash
# Installs what touchstone needs (tools/setup.sh) and builds it in build/ (Release with line-table
# debug info). Prints the path of the touchstone binary's folder on success.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/tools/setup.sh" >&2
build="${TOUCHSTONE_BUILD_DIR:-$root/build}"
jobs="${TOUCHSTONE_BUILD_JOBS:-$(nproc)}"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >&2
cmake --build "$build" -j "$jobs" >&2
echo "$build"
