# Sourced by the test scripts that run hello_deepa: `model` names it in MODELS_DIR ($1 of
# `need_hello_deepa`), the script exits 77 (skipped) when it was not fetched, and `work` is a
# scratch folder removed on exit.
need_hello_deepa() {
  model="$1/hello_deepa.onnx"
  if [[ ! -f "$model" ]]; then
    echo "hello_deepa is not fetched (models/fetch.sh $1 hello_deepa; tools/test.sh does it): skipped"
    exit 77
  fi
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
}
