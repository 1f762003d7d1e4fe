#!/usr/bin/env bash
# CTest "the models scoreboard in Chromium": tools/certify_models.sh over hello_deepa with the
# reference, the fault backend perturbing its Sigmoid nodes, and every bundled backend installed
# (ONNX Runtime with graph optimizations off and all, onnxruntime-web, onnxjs, OpenCV); headless
# Chromium renders
# scoreboard-models.html and its rows must say what the reports say: the reference passes
# every node and agrees exactly, the perturbed run fails exactly the Sigmoid node and names it
# as the first diverging value (failing alone), each row links its report.
# Exit 77 (skipped) without hello_deepa or chromium.
#   models_scoreboard_test.sh TOUCHSTONE FAULT_BACKEND MODELS_DIR
set -euo pipefail
cli="$1" fault="$2" models="$3"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
browser="$(command -v chromium || command -v chromium-browser || true)"
[[ -f "$models/hello_deepa.onnx" ]] || { echo "hello_deepa is not fetched: skipped"; exit 77; }
[[ -n "$browser" ]] || { echo "chromium is not installed: skipped"; exit 77; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
configs=("reference|reference|" "fault-sigmoid|command:$fault|")
# Every bundled backend that is installed, as tools/certify.sh configures them.
installed="$("$cli" backends --json | python3 -c 'import json,sys; print(" ".join(b["name"] for b in json.load(sys.stdin) if b["installed"]))')"
for config in "onnxruntime|onnxruntime|" "onnxruntime-all|onnxruntime|graph_optimization=all" \
              "onnxruntime-web|onnxruntime-web|" "onnxjs-cpu|onnxjs|backend=cpu" "opencv|opencv|"; do
  IFS='|' read -r _ backend _ <<<"$config"
  [[ " $installed " == *" $backend "* ]] && configs+=("$config")
done
TOUCHSTONE_MODELS=hello_deepa TOUCHSTONE_MODELS_DATA="$models" TOUCHSTONE_FAULTS=hello_deepa=perturb-Sigmoid \
  "$root/tools/certify_models.sh" "$cli" "$work" "${configs[@]}" >"$work/job.log" 2>&1 || { cat "$work/job.log"; exit 1; }
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --disable-extensions --user-data-dir="$work/profile" \
  --virtual-time-budget=3000 --dump-dom "file://$work/scoreboard-models.html" >"$work/page.dom" 2>"$work/chromium.log" ||
  { tail -20 "$work/chromium.log"; exit 1; }
python3 - "$work" "${#configs[@]}" <<'PY'
import os, sys
from html.parser import HTMLParser
work, expected_rows = sys.argv[1], int(sys.argv[2])

class Rows(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows, self.links, self.cell = [], [], None
    def handle_starttag(self, tag, attrs):
        if tag == "tr": self.rows.append([])
        if tag in ("td", "th"): self.rows[-1].append(""); self.cell = True
        if tag == "a": self.links.append(dict(attrs)["href"])
    def handle_data(self, data):
        if self.cell and self.rows and self.rows[-1]: self.rows[-1][-1] += data.strip("\n")

page = Rows(); page.feed(open(f"{work}/page.dom", encoding="utf-8").read())
header, rows = page.rows[0], page.rows[1:]
failures = []
def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok: failures.append(what)
check(header[-1] == "first diverging value" and header[3] == "failing nodes by op, worst first", f"the header ends with the located column: {header}")
check(len(rows) == expected_rows, f"{len(rows)} rows for {expected_rows} backend configurations")
by = {r[1]: r for r in rows}
ref = by.get("reference")
check(ref is not None and ref[2] == "29 of 29" and ref[3] == "-" and ref[4] == "agrees exactly", f"reference row: {ref}")
bad = by.get("fault-sigmoid")
check(bad is not None and bad[2] == "28 of 29" and "Sigmoid: 1 fail (worst n28-Sigmoid" in bad[3], f"perturbed row, nodes: {bad}")
check(bad is not None and "Sigmoid-13" in bad[5] and "fail alone (backend at fault)" in bad[5], f"perturbed row, located: {bad and bad[5]}")
for r in rows:
    if r[1].startswith("onnxruntime"):
        check(r[2] == "29 of 29", f"{r[1]}: every node passes ({r[2]})")
check(all(os.path.exists(os.path.join(work, l)) for l in page.links) and len(page.links) == expected_rows,
      f"each row links its report ({len(page.links)} links)")
sys.exit(1 if failures else 0)
PY
echo "the models scoreboard renders in Chromium with the rows the reports give"
