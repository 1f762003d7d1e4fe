#!/usr/bin/env bash
# Speed and scale of the runner, as ratios measured in one run (not a test: run it by hand).
#   harness/bench/bench_scale.sh [BUILD_DIR] [BASELINE_TOUCHSTONE] [REPEAT]
# 1. Per-case cost: the reference (`--backend reference --oracle expected`) over ONNX's node
#    tests that it implements, each copied REPEAT times (default 4) into one suite, with
#    --jobs 1. With BASELINE_TOUCHSTONE (an older build's binary) the same suite runs
#    through it too and the ratio is printed.
# 2. The runner over a process backend against a bare loop: onnxruntime-node in one
#    process without protocol (harness/backends/onnxruntime/bare_loop.js) over the same
#    suite, then `touchstone run --backend onnxruntime` with --jobs 1 and --jobs 2 (and the
#    baseline's, with its own checkout's adapter, when given). Two limits beside them: two
#    bare loops side by side, half the suite each (what two workers could gain at best on
#    this machine), and the adapter driven without the runner, each request sent before
#    the answer to the last (adapter_alone.py --ahead: what the protocol and output files
#    cost before any runner work), and fed from a file (--batch: its own work without
#    round trips through pipes). BENCH_ROUNDS (default 3)
#    interleaved rounds, the least time of each kept. Skipped when onnxruntime-node is not
#    installed.
# 3. A profile without a suite on disk: `run --profile standard --ops OPS` (streamed)
#    against `generate` + `run --suite` (OPS from BENCH_OPS, default a mix of 12 ops),
#    with the bytes each leaves on disk.
# Wall times; the machine may be shared, so compare the ratios, not the seconds.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$here/build}
baseline=${2:-}
repeat=${3:-4}
rounds=${BENCH_ROUNDS:-3}
touchstone=$build/touchstone
node_tests=${NODE_TESTS:-/usr/share/libonnx-testdata/data/node}
ops=${BENCH_OPS:-Add,Softmax,ReduceSum,MatMul,Gemm,Cast,Gather,Transpose,Exp,Where,TopK,Identity}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
secs() { echo "$2 - $1" | bc -l; }
ratio() { echo "$1 / $2" | bc -l; }

# The implemented node tests: those the reference passes.
"$touchstone" run -q --suite "$node_tests" --backend reference --oracle expected --full-report --report-dir "$work/probe" || true
python3 - "$work/probe/report.json" "$node_tests" "$work/suite" "$repeat" <<'PY'
import json, os, shutil, sys
report, src, dst, repeat = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
ids = [c["id"] for c in json.load(open(report))["cases"] if c["verdict"] == "pass"]
os.makedirs(dst)
for r in range(repeat):
    for i in ids:
        shutil.copytree(os.path.join(src, i), os.path.join(dst, f"{i}_r{r}"))
PY
cases=$(ls "$work/suite" | wc -l)
echo "suite: $cases cases (ONNX node tests the reference passes, x$repeat)"

echo "== 1. per-case cost: reference, --oracle expected, --jobs 1"
t0=$(now); "$touchstone" run -q --suite "$work/suite" --backend reference --oracle expected --jobs 1 --report-dir "$work/r1" || true; t1=$(now)
new=$(secs "$t0" "$t1")
printf 'this build:  %7.2f s  %6.3f ms/case\n' "$new" "$(echo "1000 * $new / $cases" | bc -l)"
if [ -n "$baseline" ]; then
  t0=$(now); "$baseline" run -q --suite "$work/suite" --backend reference --oracle expected --jobs 1 --report-dir "$work/r0" || true; t1=$(now)
  old=$(secs "$t0" "$t1")
  printf 'baseline:    %7.2f s  %6.3f ms/case\n' "$old" "$(echo "1000 * $old / $cases" | bc -l)"
  printf 'per-case cost, this build / baseline: %.2f (target <= 0.33)\n' "$(ratio "$new" "$old")"
fi

echo "== 2. runner over onnxruntime against a bare loop (best of $rounds interleaved rounds)"
if [ -d "$here/harness/backends/onnxruntime/node_modules/onnxruntime-node" ]; then
  ort=$here/harness/backends/onnxruntime
  # Each figure is the least of its rounds: on a shared VM a run is slowed, never sped up.
  timed() {  # timed NAME COMMAND...: appends the command's wall seconds to $work/t.NAME
    local t0 t1 status=0; t0=$(now); "${@:2}" > /dev/null 2> "$work/err.$1" || status=$?; t1=$(now)
    # touchstone run exits 1 when cases fail, which these suites have (unsupported ones)
    if [ "$status" -gt 1 ]; then echo "bench: '$1' failed (exit $status):" >&2; tail -5 "$work/err.$1" >&2; exit 1; fi
    secs "$t0" "$t1" >> "$work/t.$1"
  }
  best() { sort -g "$work/t.$1" | head -1; }
  side_by_side() { node "$ort/bare_loop.js" "$work/suite" --shard 0/2 & node "$ort/bare_loop.js" "$work/suite" --shard 1/2; wait; }
  for r in $(seq "$rounds"); do
    timed bare node "$ort/bare_loop.js" "$work/suite"
    timed bare2 side_by_side
    timed alone python3 "$here/harness/bench/adapter_alone.py" "$work/suite" "$ort/adapter.js" --ahead
    timed batch python3 "$here/harness/bench/adapter_alone.py" "$work/suite" "$ort/adapter.js" --batch
    timed j1 "$touchstone" run -q --suite "$work/suite" --backend onnxruntime --oracle expected --jobs 1 --overwrite --report-dir "$work/o1"
    timed j2 "$touchstone" run -q --suite "$work/suite" --backend onnxruntime --oracle expected --jobs 2 --overwrite --report-dir "$work/o2"
    if [ -n "$baseline" ]; then  # the baseline's runner with its own checkout's adapter
      timed b1 "$baseline" run -q --suite "$work/suite" --backend onnxruntime --oracle expected --jobs 1 --overwrite --report-dir "$work/b1"
      timed b2 "$baseline" run -q --suite "$work/suite" --backend onnxruntime --oracle expected --jobs 2 --overwrite --report-dir "$work/b2"
    fi
  done
  bare=$(best bare); bare2=$(best bare2); alone=$(best alone); batch=$(best batch); j1=$(best j1); j2=$(best j2)
  printf 'bare loop:  %7.2f s;  two bare loops side by side, half the suite each: %.2f s (%.2fx faster)\n' "$bare" "$bare2" "$(ratio "$bare" "$bare2")"
  printf 'adapter fed from a file (its own work, no round trips: adapter_alone.py --batch): %.2f s (%.2fx the bare loop)\n' "$batch" "$(ratio "$batch" "$bare")"
  printf 'adapter alone over pipes (no runner, each request sent ahead: adapter_alone.py --ahead): %.2f s (%.2fx the bare loop)\n' "$alone" "$(ratio "$alone" "$bare")"
  printf -- '--jobs 1:   %7.2f s   jobs1/bare %.2f (target <= 1.2); jobs1/adapter alone %.2f\n' "$j1" "$(ratio "$j1" "$bare")" "$(ratio "$j1" "$alone")"
  printf -- '--jobs 2:   %7.2f s   jobs1/jobs2 %.2f (target >= 1.7; two bare loops gain %.2fx)\n' "$j2" "$(ratio "$j1" "$j2")" "$(ratio "$bare" "$bare2")"
  if [ -n "$baseline" ]; then
    b1=$(best b1); b2=$(best b2)
    printf 'baseline --jobs 1: %7.2f s (this build / baseline %.2f); --jobs 2: %7.2f s (%.2f); baseline jobs1/jobs2 %.2f\n' \
      "$b1" "$(ratio "$j1" "$b1")" "$b2" "$(ratio "$j2" "$b2")" "$(ratio "$b1" "$b2")"
  fi
else
  echo "skipped: onnxruntime-node is not installed (harness/backends/install.sh)"
fi

echo "== 3. --profile standard --ops $ops: streamed against generate + --suite"
t0=$(now); "$touchstone" generate --profile standard --ops "$ops" --out "$work/gen" > /dev/null; t1=$(now)
"$touchstone" run -q --suite "$work/gen" --backend reference --report-dir "$work/s1" || true; t2=$(now)
"$touchstone" run -q --profile standard --ops "$ops" --backend reference --report-dir "$work/s2" || true; t3=$(now)
gen=$(secs "$t0" "$t1"); run=$(secs "$t1" "$t2"); streamed=$(secs "$t2" "$t3")
printf 'generate + run --suite: %7.2f s (%.2f + %.2f), %s on disk\n' "$(echo "$gen + $run" | bc -l)" "$gen" "$run" \
  "$(du -sh "$work/gen" "$work/s1" | awk '{print $1}' | paste -sd+)"
printf 'run --profile:          %7.2f s, %s on disk; ratio %.2f\n' "$streamed" "$(du -sh "$work/s2" | awk '{print $1}')" \
  "$(ratio "$streamed" "$(echo "$gen + $run" | bc -l)")"
python3 - "$work/s1/report.json" "$work/s2/report.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
count = lambda r: r["totals"]
print("same verdict counts:", count(a) == count(b), count(b), "; same digest:", a["run"]["suite"]["digest"] == b["run"]["suite"]["digest"])
PY
