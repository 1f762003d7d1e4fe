#!/usr/bin/env bash
# The main job: certify the bundled ONNX Runtime backend (npm onnxruntime-node) against
# touchstone's reference, and write the reports.
#
#   tools/certify.sh [OUT]        (default OUT: out/)
#
# 1. installs what is needed and builds (tools/build.sh; the adapter's pinned npm packages);
# 2. generates the standard suite of every implemented op-version and dtype;
# 3. runs ONNX Runtime over it, judged by the reference (exact where the op is exact);
# 4. runs ONNX Runtime over ONNX's own node tests, judged by their stored outputs;
# 5. writes the behavioural changelog of every implemented op.
# Each run's folder holds report.json, report.html, the journal and a Markdown summary.
# The exit status is 0 when the reports were written, whatever the backend's verdicts
# (set TOUCHSTONE_STRICT=1 to exit 1 when a run has failures).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$(realpath -m "${1:-$root/out}")"
build="$("$root/tools/build.sh")"
"$root/harness/backends/onnxruntime/install.sh"
ts="$build/touchstone"
jobs="${TOUCHSTONE_JOBS:-$(nproc)}"
mkdir -p "$out"

echo "== generating the standard suite"
"$ts" generate --profile standard --out "$out/suite" --coverage | tail -n 3

status=0
run() {  # run NAME SUITE ORACLE
  local name="$1" suite="$2" oracle="$3"
  echo "== running onnxruntime over $name (oracle: $oracle)"
  rm -rf "$out/$name"
  "$ts" run --suite "$suite" --backend onnxruntime --oracle "$oracle" --jobs "$jobs" \
    --report-dir "$out/$name" || status=1
  "$ts" report markdown "$out/$name/report.json" -o "$out/$name/summary.md"
}
run standard "$out/suite" reference
run onnx-node /usr/share/libonnx-testdata/data/node expected

echo "== behavioural changelog"
"$ts" diff --all --html "$out/changelog.html"

echo
echo "reports:"
for name in standard onnx-node; do echo "  $out/$name/report.html  ($out/$name/summary.md)"; done
echo "  $out/changelog.html"
if [ "${TOUCHSTONE_STRICT:-0}" = 1 ]; then exit "$status"; fi
