#!/usr/bin/env bash
# `touchstone model` end to end on ONNX's own multi-node tests (CTest model_command):
# info names what the reference cannot run (a custom op: unknown, exit 1) and passes a model it runs;
# cases writes one case per node with the test's inputs, and the suite runs.
set -euo pipefail
touchstone="$1"
data="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
expanded="$data/test_layer_normalization_2d_axis0_expanded"

"$touchstone" model info "$expanded/model.onnx" > "$work/info.txt"
grep -q "the reference implements every op-version" "$work/info.txt"
# A model using a custom op (com.example's Frobnicate: in no catalog), written byte by byte.
python3 - "$work/custom.onnx" <<'PY'
import sys
def varint(n):
    out = b""
    while True:
        b = n & 0x7F; n >>= 7
        out += bytes([b | (0x80 if n else 0)])
        if not n: return out
def field(num, wire, payload):  # wire 0: varint, 2: length-delimited
    return varint((num << 3) | wire) + (varint(payload) if wire == 0 else varint(len(payload)) + payload)
text = lambda num, s: field(num, 2, s.encode())
float_tensor = field(2, 2, field(1, 2, field(1, 0, 1)))  # ValueInfoProto.type: tensor(float)
node = text(1, "x") + text(2, "dy") + text(4, "Frobnicate") + text(7, "com.example")
graph = field(1, 2, node) + text(2, "g") + field(11, 2, text(1, "x") + float_tensor) + field(12, 2, text(1, "dy") + float_tensor)
model = (field(1, 0, 7) + field(8, 2, text(1, "") + field(2, 0, 17)) +
         field(8, 2, text(1, "com.example") + field(2, 0, 1)) + field(7, 2, graph))
open(sys.argv[1], "wb").write(model)
PY
if "$touchstone" model info "$work/custom.onnx" > "$work/custom.txt"; then
  echo "model info passed a model with a custom op, which the reference cannot run" >&2; exit 1
fi
grep -q "com.example.Frobnicate (opset 1: not in the catalog)  1  unknown" "$work/custom.txt"
# Adagrad-1 and DFT-17 are implemented: their node tests' models pass.
"$touchstone" model info "$data/test_adagrad/model.onnx" | grep -q "the reference implements every op-version"
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
