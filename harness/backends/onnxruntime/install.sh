#!/bin/sh
# Installs the ONNX Runtime adapter's dependencies (onnxruntime-node, pinned in
# package-lock.json) from the npm registry and checks that the bundled native
# library loads. Idempotent: does nothing when node_modules matches the lockfile.
#
#   harness/backends/onnxruntime/install.sh [--force]
#
# onnxruntime-node ships its CPU library for linux/x64 inside the npm package;
# its postinstall script would only fetch optional GPU providers from outside
# the registry, so install scripts are skipped (and told to skip, in case).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
cd "$here"

command -v node >/dev/null || { echo "install.sh: node is not installed (Debian: apt-get install nodejs npm)" >&2; exit 1; }
command -v npm >/dev/null || { echo "install.sh: npm is not installed (Debian: apt-get install npm)" >&2; exit 1; }

# npm ci records the installed tree in node_modules/.package-lock.json; the
# tree is current when that file is newer than package-lock.json and
# package.json and the binding loads.
stamp=node_modules/.package-lock.json
fresh=no
if [ "${1:-}" != "--force" ] && [ -f "$stamp" ] && [ "$stamp" -nt package-lock.json ] && [ "$stamp" -nt package.json ]; then
  fresh=yes
fi

if [ "$fresh" = no ]; then
  echo "install.sh: npm ci (onnxruntime-node, install scripts skipped)" >&2
  ONNXRUNTIME_NODE_INSTALL=skip npm ci --ignore-scripts --no-audit --no-fund >&2
  touch "$stamp"
fi

# StringNormalizer needs the en_US.UTF-8 locale. If the system has not
# generated it, compile a private copy (Debian package `locales` provides the
# sources); the adapter points LOCPATH at it.
if ! locale -a 2>/dev/null | grep -qi '^en_US\.utf-\{0,1\}8$' && [ ! -d .locale/en_US.UTF-8 ]; then
  if command -v localedef >/dev/null && [ -f /usr/share/i18n/locales/en_US ]; then
    mkdir -p .locale
    localedef -i en_US -f UTF-8 .locale/en_US.UTF-8 >&2 || echo "install.sh: warning: localedef failed; StringNormalizer cases will fail" >&2
  else
    echo "install.sh: warning: no en_US.UTF-8 locale and no locale sources (apt-get install locales); StringNormalizer cases will fail" >&2
  fi
fi

# Loading the binding happens on first use, so ask the native library to parse
# a (deliberately empty) model: a protobuf/model error proves it runs.
node -e "
const ort = require('onnxruntime-node');
const v = require('onnxruntime-node/package.json').version;
ort.InferenceSession.create(new Uint8Array([8])).then(
  () => { console.error('install.sh: unexpected: an empty model loaded'); process.exit(1); },
  (e) => {
    if (/binding|dlopen|\\.node|cannot open shared object/i.test(e.message)) { console.error(e.message); process.exit(1); }
    console.log('onnxruntime-node ' + v + ': native library loads (' + process.platform + '/' + process.arch + ')');
  });
"
