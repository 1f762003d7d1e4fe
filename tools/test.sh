#!/usr/bin/env bash
# The README's test command: installs what is needed, builds, and runs every test
# (Catch2 tests through CTest). Exit status 0 only if every test passed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$("$root/tools/build.sh")"
# The JavaScript backends' pinned npm packages, so the tests that drive them run too.
"$root/harness/backends/install.sh"
cd "$build"
ctest --output-on-failure -j "$(nproc)" --timeout 900
