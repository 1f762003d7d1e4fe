#!/usr/bin/env bash
# CTest "an outside CMake project links the installed reference and runs hello_deepa":
# installs touchstone into a scratch prefix, builds reference/api/example outside the tree
# against that package (find_package(touchstone)), runs it on openWakeWord's hello_deepa
# model (models/fetch.sh; Apache-2.0) with the inputs `touchstone model cases` generates,
# and compares its outputs byte for byte with `touchstone eval`'s. Exit 77 (skipped) when
# the model was not fetched.
#   check_installed.sh BUILD_DIR SOURCE_DIR MODELS_DIR
set -euo pipefail
build="$1" source="$2" models="$3"
source "$(dirname "${BASH_SOURCE[0]}")/../../../models/tests/hello_deepa.sh"
need_hello_deepa "$models"
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
cmake -S "$source/reference/api/example" -B "$work/example" -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_BUILD_TYPE=Release > "$work/configure.log" || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/example" -j2 > "$work/build.log" || { cat "$work/build.log"; exit 1; }
"$build/touchstone" model cases "$model" --out "$work/suite" -q
"$work/example/reference_check" "$model" "$work/suite/model_inputs" "$work/api_out"
"$build/touchstone" eval "$model" --inputs "$work/suite/model_inputs" --out "$work/cli_out" > /dev/null
count=0
for f in "$work/cli_out"/output_*.pb; do
  cmp "$f" "$work/api_out/$(basename "$f")"
  count=$((count + 1))
done
[[ $count -gt 0 ]] || { echo "touchstone eval wrote no outputs"; exit 1; }
echo "the installed library's $count output(s) equal touchstone eval's, byte for byte"
