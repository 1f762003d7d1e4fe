#!/usr/bin/env bash
# Reports of real runs (touchstone run over ONNX's node tests for a few ops):
#  - report.json validates against report_schema.json (python3-jsonschema);
#  - report html/junit/markdown render it;
#  - diff: the same run twice exits 0; a run with one newly failing case (the
#    fault-injection adapter answering a wrong shape) exits 1 and names that case;
#  - merge: the run's shards merged have the unsharded run's verdicts.
# Usage: real_runs.sh TOUCHSTONE FAULT_BACKEND SOURCE_DIR. Exit 77 (skipped) without a runner.
set -euo pipefail
ts="$1"; fault="$2"; src="$3"
node="${TOUCHSTONE_ONNX_TESTDATA:-/usr/share/libonnx-testdata/data}/node"
if ! "$ts" run --help >/dev/null 2>&1 || [ ! -x "$fault" ] || [ ! -d "$node" ]; then
  echo "SKIP: needs touchstone run, the fault-injection adapter and ONNX's node tests"; exit 77
fi
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
ops=Add,Sub,Mul,Div,Pow
run() {  # run DIR [extra args]; exit 1 (a failed case) is fine here
  local dir="$1"; shift
  "$ts" run --suite "$node" --backend "command:$fault" --ops "$ops" --timeout 10 -q --report-dir "$work/$dir" "$@" || [ $? -eq 1 ]
}
fail() { echo "FAIL: $*"; exit 1; }

TOUCHSTONE_FAULTS= run base
TOUCHSTONE_FAULTS= run again
TOUCHSTONE_FAULTS="test_sub_bcast=wrong-shape" run regressed
for i in 1 2 3; do TOUCHSTONE_FAULTS= run "shard$i" --shard "$i/3"; done

/usr/bin/python3 "$src/reports/tests/validate_report.py" "$src/reports/report_schema.json" \
  "$work"/{base,regressed,shard1,shard2,shard3}/report.json || fail "a real report does not validate"
echo "ok   real reports validate against the schema"

"$ts" report html "$work/regressed/report.json" -o "$work/r.html"
"$ts" report junit "$work/regressed/report.json" -o "$work/r.xml"
"$ts" report markdown "$work/regressed/report.json" >"$work/r.md"
grep -q "test_sub_bcast" "$work/r.xml" || fail "junit lacks the failing case"
grep -q "wrong-shape" "$work/r.md" || fail "markdown lacks the failure"
echo "ok   html, junit and markdown render a real report"

"$ts" report diff "$work/base/report.json" "$work/again/report.json" >"$work/same.txt" || fail "identical runs: exit $?"
echo "ok   diff of two identical runs exits 0"
status=0; "$ts" report diff "$work/base/report.json" "$work/regressed/report.json" >"$work/diff.txt" || status=$?
[ "$status" -eq 1 ] || fail "a newly failing case: exit $status, expected 1"
grep -q "test_sub_bcast: pass -> wrong-shape" "$work/diff.txt" || { cat "$work/diff.txt"; fail "diff does not name the case"; }
"$ts" report diff --json "$work/base/report.json" "$work/regressed/report.json" >"$work/diff.json" || true
/usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["regressed"] and [r["id"] for r in d["regressions"]] == ["test_sub_bcast"]' "$work/diff.json" \
  || fail "diff --json"
echo "ok   diff of a run with one newly failing case exits 1 and names test_sub_bcast"

"$ts" report merge "$work"/shard{1,2,3}/report.json -o "$work/merged.json"
/usr/bin/python3 - "$work/base/report.json" "$work/merged.json" <<'PY' || fail "merged shards differ from the unsharded run"
import json, sys
whole, merged = (json.load(open(p)) for p in sys.argv[1:])
a = {c["id"]: c["verdict"] for c in whole["cases"]}
b = {c["id"]: c["verdict"] for c in merged["cases"]}
assert len(b) == len(merged["cases"]) and a == b, (len(a), len(b))
print(f"ok   {len(b)} cases: merged shards have the unsharded run's verdicts")
PY
status=0; "$ts" report merge "$work/base/report.json" "$work/regressed/report.json" -o "$work/x.json" 2>"$work/err" || status=$?
[ "$status" -eq 2 ] || fail "merging conflicting results: exit $status"
echo "ok   merge refuses a case with different results in two inputs"
