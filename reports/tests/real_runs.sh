#!/usr/bin/env bash
# Reports of real runs (touchstone run over ONNX's node tests for a few ops):
#  - report.json validates against report_schema.json (python3-jsonschema), including a
#    run over a generated suite with every verdict kind;
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

# Every verdict kind in one run: a generated Sub/Pow suite, the fault-injection adapter
# misbehaving on chosen cases, stored outputs as the oracle (one removed: skip), and an
# expected-failures file (expected-fail, unexpected-pass).
"$ts" generate --profile smoke --ops Sub,Pow --out "$work/suite" >/dev/null
/usr/bin/python3 - "$work/suite" "$work" <<'PY' || fail "cannot pick cases for every verdict"
import json, os, sys
suite, work = sys.argv[1:]
index = json.load(open(os.path.join(suite, "index.json")))
metas = index["cases"] if isinstance(index, dict) else index
ids = [m["id"] for m in metas]
def unique(i): return sum(i in other for other in ids) == 1
valid = [m for m in metas if m.get("valid", True) and unique(m["id"])]
defined = [m["id"] for m in valid if m.get("semantics", "defined") == "defined"]
impl = [m["id"] for m in valid if m.get("semantics", "defined") != "defined"]
invalid = [m["id"] for m in metas if not m.get("valid", True) and unique(m["id"])]
assert len(defined) > 12 and impl and invalid, (len(defined), len(impl), len(invalid))
modes = ["wrong-value", "wrong-shape", "wrong-dtype", "error", "unsupported", "crash", "hang"]
faults = [f"{i}={m}" for i, m in zip(defined, modes)]
faults += [f"{impl[0]}=wrong-value", f"{invalid[0]}=accept", f"{defined[8]}=wrong-value"]
open(os.path.join(work, "faults"), "w").write(";".join(faults))
open(os.path.join(work, "xfail.txt"), "w").write(f"{defined[8]}  # known\n{defined[9]}  # known\n")
# skip: the oracle (stored outputs) cannot judge a case without them
os.remove(os.path.join(suite, next(d for d in os.listdir(suite) if os.path.isfile(os.path.join(suite, d, "case.json"))
    and json.load(open(os.path.join(suite, d, "case.json")))["id"] == defined[10]), "test_data_set_0", "output_0.pb"))
PY
status=0
TOUCHSTONE_FAULTS="$(cat "$work/faults")" "$ts" run --suite "$work/suite" --backend "command:$fault" --oracle expected \
  --timeout 2 --jobs 2 -q --expected-failures "$work/xfail.txt" --report-dir "$work/every" || status=$?
[ "$status" -eq 1 ] || fail "the every-verdict run: exit $status, expected 1"
/usr/bin/python3 "$src/reports/tests/validate_report.py" "$src/reports/report_schema.json" "$work/every/report.json" \
  || fail "the every-verdict report does not validate"
/usr/bin/python3 - "$work/every" <<'PY' || fail "the every-verdict report"
import json, os, sys
d = sys.argv[1]
r = json.load(open(os.path.join(d, "report.json")))
want = {"pass", "fail", "wrong-shape", "wrong-dtype", "error", "unsupported", "crash", "timeout", "accepted-invalid",
        "divergent", "skip", "expected-fail", "unexpected-pass"}
got = set(r["totals"])
assert got == want, f"verdicts: missing {want - got}, extra {got - want}"
run = r["run"]
assert run["touchstone_commit"] and run["suite"]["digest"].startswith("sha256:") and " run --suite " in run["command"]
assert run["shard"] == {"index": 1, "count": 1}
assert r["aggregates"]["by_op_version"] and r["aggregates"]["by_dtype"]
for c in r["cases"]:
    assert c["category"] in ("defined", "implementation-defined", "undefined") and isinstance(c["valid"], bool), c["id"]
    literal = "".join("\\" + ch if ch in "*?[\\" else ch for ch in c["id"])
    assert f"--case '{literal}'" in c["reproduce"] and c["reproduce"].endswith("--overwrite"), c["reproduce"]
    compared = c["verdict"] in ("pass", "fail", "divergent", "expected-fail", "unexpected-pass") and c["valid"] \
        and c["backend_status"] == "ok"
    assert ("metrics" in c) == compared, (c["id"], c["verdict"], c.get("metrics"))
sub7 = [a for a in r["aggregates"]["by_op_version"] if a["op"] == "Sub" and a["since_version"] == 7]
assert sub7 and sub7[0]["previous_version"] == 6, sub7
html = open(os.path.join(d, "report.html")).read()
assert '"changelog":"changelog.html"' in html
assert 'id="Sub-6-7"' in open(os.path.join(d, "changelog.html")).read()
print(f"ok   every verdict kind in one real run ({len(r['cases'])} cases), metrics only where values were compared")
PY
# The reproduce command of a failing case reproduces it alone.
repro="$(/usr/bin/python3 -c 'import json,sys; print(next(c["reproduce"] for c in json.load(open(sys.argv[1]))["cases"] if c["verdict"] == "wrong-shape"))' "$work/every/report.json")"
touchstone() { "$ts" "$@"; }
repro="${repro% --report-dir *} --report-dir $work/repro -q"
export TOUCHSTONE_FAULTS="$(cat "$work/faults")"
status=0; eval "$repro" || status=$?
unset TOUCHSTONE_FAULTS
[ "$status" -eq 1 ] || fail "reproduce: exit $status"
/usr/bin/python3 -c 'import json,sys; cs=json.load(open(sys.argv[1]))["cases"]; assert [c["verdict"] for c in cs] == ["wrong-shape"], cs' \
  "$work/repro/report.json" || fail "reproduce does not give the case alone"
echo "ok   a case's reproduce command runs that case alone, with the same verdict"

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
# The old run counts its plain passes (schema version 2): the same suite and selection, so
# the diff knows test_sub_bcast was one of them.
grep -q "test_sub_bcast: pass (summarized) -> wrong-shape" "$work/diff.txt" || { cat "$work/diff.txt"; fail "diff does not name the case"; }
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
# Plain passes are counted per op-version and dtypes: the shards' counts add up to the whole's.
def groups(r): return {(g["op"], g["since_version"], tuple(g["dtypes"])): g["count"] for g in r["pass_groups"]}
assert whole["summarized_passes"] > 0 and groups(whole) == groups(merged), (groups(whole), groups(merged))
assert whole["aggregates"]["totals"] == merged["aggregates"]["totals"]
print(f"ok   {len(b)} listed cases and {merged['summarized_passes']} summarized passes: merged shards have the unsharded run's verdicts")
PY
status=0; "$ts" report merge "$work/base/report.json" "$work/regressed/report.json" -o "$work/x.json" 2>"$work/err" || status=$?
[ "$status" -eq 2 ] || fail "merging two whole runs: exit $status"
status=0; "$ts" report merge "$work"/shard{1,3}/report.json -o "$work/x.json" 2>"$work/err" || status=$?
[ "$status" -eq 2 ] && grep -q "shard 2/3 is missing" "$work/err" || fail "merging 2 of 3 shards: exit $status"
echo "ok   merge refuses what is not every shard of one run (two whole runs; 2 of 3 shards)"
