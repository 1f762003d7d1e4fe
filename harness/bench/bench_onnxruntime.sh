#!/bin/bash
# Speed of the runner over ONNX Runtime against the adapter alone, with the sandbox on
# and off (issue 25: the sandbox is set up once per adapter start, so the runner's ratio
# to the adapter alone over pipes must stay within 1.15x). Over the same suite, in
# BENCH_ROUNDS interleaved rounds (default 3), the least wall time of each of:
#   bare    harness/backends/onnxruntime/bare_loop.js: the sessions in one process, no protocol
#   alone   harness/bench/adapter_alone.py --ahead: the adapter over pipes, no runner
#   on      touchstone run --backend onnxruntime --jobs 1 (the adapter in its sandbox)
#   off     the same with --no-sandbox
# and the ratios. Not a test: run it by hand.
#   harness/bench/bench_onnxruntime.sh [BUILD_DIR] [SUITE]      (ORACLE: expected by default)
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$here/build}
suite=${2:-/usr/share/libonnx-testdata/data/node}
oracle=${ORACLE:-expected}
rounds=${BENCH_ROUNDS:-3}
touchstone=$build/touchstone
ort=$here/harness/backends/onnxruntime
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
ratio() { echo "$1 / $2" | bc -l; }
timed() {  # timed NAME COMMAND...: appends the command's wall seconds to $work/t.NAME
  local t0 t1 status=0
  t0=$(now); "${@:2}" > /dev/null 2> "$work/err.$1" || status=$?; t1=$(now)
  # touchstone run exits 1 when cases fail, which ONNX's node tests have
  if [ "$status" -gt 1 ]; then echo "bench: '$1' failed (exit $status):" >&2; tail -5 "$work/err.$1" >&2; exit 1; fi
  echo "$t1 - $t0" | bc -l >> "$work/t.$1"
}
best() { sort -g "$work/t.$1" | head -1; }  # on a shared VM a run is slowed, never sped up

run() { "$touchstone" run -q --suite "$suite" --backend onnxruntime --oracle "$oracle" --jobs 1 --overwrite "$@"; }
for r in $(seq "$rounds"); do
  timed bare node "$ort/bare_loop.js" "$suite"
  timed alone python3 "$here/harness/bench/adapter_alone.py" "$suite" "$ort/adapter.js" --ahead
  timed on run --report-dir "$work/on"
  timed off run --no-sandbox --report-dir "$work/off"
done
bare=$(best bare); alone=$(best alone); on=$(best on); off=$(best off)
printf 'suite %s (%s cases), oracle %s, best of %s rounds\n' "$suite" "$(ls "$suite" | wc -l)" "$oracle" "$rounds"
printf 'bare loop (one process, no protocol):    %6.2f s\n' "$bare"
printf 'adapter alone over pipes (--ahead):       %6.2f s   %.2fx the bare loop\n' "$alone" "$(ratio "$alone" "$bare")"
printf 'touchstone run --jobs 1, sandbox on:      %6.2f s   %.2fx the adapter alone (target <= 1.15)\n' "$on" "$(ratio "$on" "$alone")"
printf 'touchstone run --jobs 1, --no-sandbox:    %6.2f s   %.2fx the adapter alone; sandbox on / off %.2f\n' \
  "$off" "$(ratio "$off" "$alone")" "$(ratio "$on" "$off")"
grep -h "isolation" "$work/on/report.json" "$work/off/report.json" | sed 's/^ */isolation: /'
