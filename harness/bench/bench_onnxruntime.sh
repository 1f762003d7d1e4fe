#!/bin/sh
# Speed of the runner against a bare loop (harness/backends/onnxruntime/bare_loop.js):
# the same models through onnxruntime-node, once in one process with no protocol, then
# through `touchstone run --backend onnxruntime` with --jobs 1 and --jobs 2. Prints the
# wall times and the ratios. Not a test: run it by hand.
#   harness/bench/bench_onnxruntime.sh [BUILD_DIR] [SUITE]
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$here/build-harness}
suite=${2:-/usr/share/libonnx-testdata/data/node}
oracle=${ORACLE:-expected}
touchstone=$build/touchstone
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

now() { date +%s.%N; }
elapsed() { echo "$2 - $1" | bc -l; }

t0=$(now)
node "$here/harness/backends/onnxruntime/bare_loop.js" "$suite" > "$out/bare.json"
t1=$(now)
"$touchstone" run --suite "$suite" --backend onnxruntime --oracle "$oracle" --jobs 1 --report-dir "$out/j1" -q || true
t2=$(now)
"$touchstone" run --suite "$suite" --backend onnxruntime --oracle "$oracle" --jobs 2 --report-dir "$out/j2" -q || true
t3=$(now)

bare=$(elapsed "$t0" "$t1"); j1=$(elapsed "$t1" "$t2"); j2=$(elapsed "$t2" "$t3")
printf 'suite %s (%s cases), oracle %s\n' "$suite" "$(ls "$suite" | wc -l)" "$oracle"
printf 'bare loop (one process, no protocol): %6.2f s\n' "$bare"
printf 'touchstone run --jobs 1:              %6.2f s   ratio to bare %.2f\n' "$j1" "$(echo "$j1 / $bare" | bc -l)"
printf 'touchstone run --jobs 2:              %6.2f s   ratio to bare %.2f, to --jobs 1 %.2f\n' \
  "$j2" "$(echo "$j2 / $bare" | bc -l)" "$(echo "$j2 / $j1" | bc -l)"
