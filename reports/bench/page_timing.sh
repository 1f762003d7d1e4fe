#!/usr/bin/env bash
# Time to usable of the HTML report in headless Chromium: a 20,000-case report (every case
# listed) and a 100,000-case report (compact, mostly passing). The page measures itself
# (data-usable-ms: performance.now() at the end of its script, from navigation start;
# data-render-ms: its script alone), with the real clock; three loads each, the least
# printed (a shared machine only slows a load). The target is 2 s. A benchmark: prints,
# never fails on time. Usage: page_timing.sh TOUCHSTONE REPORTS_TESTS [LOADS]
set -euo pipefail
touchstone="$1"
reports_tests="$2"
loads="${3:-3}"
browser="$(command -v chromium || command -v chromium-browser || true)"
[ -n "$browser" ] || { echo "chromium is not installed (tools/setup.sh installs it)"; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
TOUCHSTONE_SAMPLE_DIR="$work" "$reports_tests" "[.samples]" >/dev/null
for name in big scale; do
  "$touchstone" report html "$work/$name.json" -o "$work/$name.html"
  for i in $(seq "$loads"); do
    profile="$(mktemp -d "$work/profile.XXXX")"
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
      --disable-background-networking --disable-component-update --disable-sync --disable-extensions \
      --user-data-dir="$profile" --dump-dom "file://$work/$name.html" >"$work/$name.$i.dom" 2>"$work/chromium.log" || {
      echo "chromium failed on $name.html:"; tail -20 "$work/chromium.log"; exit 1; }
  done
done
ls -l "$work"/{big,scale}.json "$work"/{big,scale}.html | awk '{print "size: " $5 " bytes  " $NF}'
/usr/bin/python3 - "$work" "$loads" <<'PY'
import re, sys
work, loads = sys.argv[1], int(sys.argv[2])
def attr(name, i, key):
    body = re.search(r"<body([^>]*)>", open(f"{work}/{name}.{i}.dom", encoding="utf-8").read())
    m = re.search(key + r'="([^"]*)"', body.group(1) if body else "")
    return float(m.group(1)) if m else float("nan")
for name, label in (("big", "20,000-case page (every case in report.json)"), ("scale", "100,000-case page (compact report.json)")):
    ms = [attr(name, i, "data-usable-ms") for i in range(1, loads + 1)]
    script = [attr(name, i, "data-render-ms") for i in range(1, loads + 1)]
    print(f"{label}: time to usable {min(ms):.0f} ms (loads: {', '.join(f'{x:.0f}' for x in ms)} ms from navigation start; "
          f"script {', '.join(f'{x:.0f}' for x in script)} ms)")
PY
