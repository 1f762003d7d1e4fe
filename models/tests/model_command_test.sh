#!/usr/bin/env bash
# `touchstone model` end to end on ONNX's own multi-node tests (CTest model_command):
# info names what the reference lacks (Adagrad: not yet, exit 1) and passes a model it runs;
# cases writes one case per node with the test's inputs, and the suite runs.
set -euo pipefail
touchstone="$1"
data="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
expanded="$data/test_layer_normalization_2d_axis0_expanded"

"$touchstone" model info "$expanded/model.onnx" > "$work/info.txt"
grep -q "the reference implements every op-version" "$work/info.txt"
if "$touchstone" model info "$data/test_adagrad/model.onnx" > "$work/adagrad.txt"; then
  echo "model info passed a model with Adagrad, which the reference does not implement yet" >&2; exit 1
fi
grep -q "ai.onnx.preview.training.Adagrad-1 .*not yet" "$work/adagrad.txt"
# DFT-17 is implemented: its node test's model passes.
"$touchstone" model info "$data/test_dft/model.onnx" | grep -q "the reference implements every op-version"
# A model with subgraphs (If-11, its branches' Constants) runs.
"$touchstone" model info "$data/test_if/model.onnx" | grep -q "the reference implements every op-version"

nodes="$(grep -o '^[^:]*: [0-9]* nodes' "$work/info.txt" | grep -o '[0-9]* nodes' | cut -d' ' -f1)"
"$touchstone" model cases "$expanded/model.onnx" --inputs "$expanded/test_data_set_0" --out "$work/suite" -q
written="$(find "$work/suite" -name case.json | wc -l)"
[ "$written" -eq "$((nodes + 1))" ] || { echo "model cases wrote $written cases for $nodes nodes and the whole model" >&2; exit 1; }
"$touchstone" run --suite "$work/suite" --backend reference --report-dir "$work/report" -q
grep -q "\"model-node\"" "$work/suite/index.json"

# Generated inputs need every symbolic dimension; a missing one is a usage error (exit 2).
set +e
"$touchstone" model cases "$expanded/model.onnx" --out "$work/suite2" -q 2> "$work/err.txt"
rc=$?
set -e
[ "$rc" -eq 0 ] || { [ "$rc" -eq 2 ] && grep -q "inputs" "$work/err.txt"; }
echo "model command: $nodes node cases written and run"
