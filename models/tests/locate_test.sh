#!/usr/bin/env bash
# CTest "model locate names the node a planted fault perturbs": the fault backend wraps the
# reference and perturbs every node of one op type (perturb-<Op>); `touchstone model locate`
# on hello_deepa must name a node of that type as the first diverging value, judge it alone
# on the backend's own inputs as a failure, and leave a repro suite whose command fails it
# again. On the reference itself there is nothing to locate (exit 0). Exit 77 (skipped)
# when hello_deepa was not fetched.
#   locate_test.sh TOUCHSTONE FAULT_BACKEND MODELS_DIR
set -euo pipefail
cli="$1" fault="$2" models="$3"
source "$(dirname "${BASH_SOURCE[0]}")/hello_deepa.sh"
need_hello_deepa "$models"
"$cli" model locate "$model" --backend reference --out "$work/honest" -q >"$work/honest.txt"
grep -q "nothing to locate" "$work/honest.txt" || { cat "$work/honest.txt"; echo "the reference against itself: something located"; exit 1; }
for op in Sigmoid Gemm ReduceMean; do
  status=0
  env "TOUCHSTONE_FAULTS=hello_deepa=perturb-$op" "$cli" model locate "$model" --backend "command:$fault" \
    --out "$work/$op" -q >"$work/$op.txt" || status=$?
  [[ $status == 1 ]] || { cat "$work/$op.txt"; echo "perturb-$op: exit $status, expected 1 (the outputs differ)"; exit 1; }
  python3 - "$work/$op/locate.json" "$work/$op/repro-run/report.json" "$op" <<'PY'
import json, sys
located, report, op = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
culprit = located["culprit"]
assert culprit["label"].startswith(op + "-"), f"perturb-{op}: blamed {culprit['label']}"
probes = located["probes"]
assert probes[0]["prefix"] == located["nodes"] and probes[0]["spliced"]["ulps"] > 0, probes[0]
node = [c for c in report["cases"] if c["op"] == op]
assert len(node) == 1 and node[0]["verdict"] == "fail", f"perturb-{op}: the node alone: {node}"
print(f"perturb-{op}: {culprit['label']} named after {len(probes)} splices; alone it fails")
PY
  # The repro suite's command fails the node again.
  env "TOUCHSTONE_FAULTS=hello_deepa=perturb-$op" "$cli" run --suite "$work/$op/repro" --backend "command:$fault" \
    --report-dir "$work/$op/again" -q >/dev/null || true
  python3 - "$work/$op/again/report.json" "$op" <<'PY'
import json, sys
report, op = json.load(open(sys.argv[1])), sys.argv[2]
assert report["totals"].get("fail") == 1, report["totals"]
PY
done
echo "each planted fault was located on its node type, judged a failure alone, and reproduced from the repro suite"
