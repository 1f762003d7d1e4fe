#!/usr/bin/env bash
# Installs every Debian package touchstone needs to build, test and run. Idempotent:
# when everything is present it only checks and returns. Run as root (or with sudo).
set -euo pipefail

packages=(
  cmake g++ make pkg-config
  libonnx-dev libprotobuf-dev protobuf-compiler
  catch2 nlohmann-json3-dev libcli11-dev
  libmpfr-dev libgmp-dev
  libmpfi-dev                  # interval arithmetic for Gradient-1's exact derivatives (reference/ops/training)
  libre2-dev libicu-dev        # RegexFullMatch's RE2, StringNormalizer's case mapping (reference/ops/string)
  libpng-dev libjpeg62-turbo-dev libwebp-dev libtiff-dev libopenjp2-7-dev  # ImageDecoder's decoders (reference/ops/image)
  nettle-dev                   # SHA-256 for the case and suite digests (cases/sha256.h)
  libonnx-testdata
  chromium python3-jsonschema  # reports: the HTML page in a headless browser; the schema check
  libopencv-dnn-dev            # the opencv backend (harness/plugins/opencv)
  bubblewrap                   # the process adapters' sandbox (harness/sandbox.h)
)
# Node.js runs the ONNX Runtime adapter; a machine may already have it from elsewhere.
command -v node >/dev/null && command -v npm >/dev/null || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
echo "setup: Debian packages present"
