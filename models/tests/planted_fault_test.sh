#!/usr/bin/env bash
# CTest "a planted node fault is localized to its node type, with a repro folder": the fault
# backend wraps the reference and perturbs every node of one op type (perturb-<Op>:
# harness/testing/op_perturb.h); over hello_deepa's node cases exactly the nodes of that type
# fail, every other node passes, the whole model deviates, and each failing node's repro
# folder command fails it again. Exit 77 (skipped) when hello_deepa was not fetched.
#   planted_fault_test.sh TOUCHSTONE FAULT_BACKEND MODELS_DIR
set -euo pipefail
cli="$1" fault="$2" models="$3"
source "$(dirname "${BASH_SOURCE[0]}")/hello_deepa.sh"
need_hello_deepa "$models"
"$cli" model cases "$model" --out "$work/suite" -q
for op in Sigmoid Gemm ReduceMean; do
  env "TOUCHSTONE_FAULTS=hello_deepa=perturb-$op" "$cli" run --suite "$work/suite" --backend "command:$fault" \
    --report-dir "$work/report-$op" --jobs 2 -q || true
  python3 - "$work/report-$op/report.json" "$op" <<'PY'
import json, sys
report, op = json.load(open(sys.argv[1])), sys.argv[2]
bad = {c["id"]: c["verdict"] for c in report["cases"] if c["verdict"] != "pass"}
nodes = [i for i in bad if not i.endswith("/whole")]
assert nodes, f"perturb-{op}: no node failed"
assert all(i.endswith("-" + op) and bad[i] == "fail" for i in nodes), f"perturb-{op}: other nodes blamed: {bad}"
assert bad.get("hello_deepa/whole") == "divergent", f"perturb-{op}: the whole model did not deviate: {bad}"
print(f"perturb-{op}: {len(nodes)} {op} node(s) fail, {report['totals'].get('pass', 0)} cases pass, the whole model deviates")
PY
  # Each failing node's repro folder reproduces the failure with its own command.
  for readme in "$work/report-$op"/repro/*/README.txt; do
    command="$(sed -n '/^reproduce:/{n;p;}' "$readme" | sed 's/^ *//')"
    [[ -n "$command" ]] || { echo "no reproduce command in $readme"; exit 1; }
    out="$(env "TOUCHSTONE_FAULTS=hello_deepa=perturb-$op" TMPDIR="$work" bash -c "$command" 2>&1 || true)"
    python3 - "$work/touchstone-repro/report.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
assert report["totals"].get("fail") == 1 and len(report["totals"]) == 1, report["totals"]
PY
  done
done
echo "every planted fault was pinned on its node type, and each repro folder fails it again"
