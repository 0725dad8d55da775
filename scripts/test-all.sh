#!/usr/bin/env bash
# Runs every suite (unit, then browser) and ends with one line: N passed, N failed.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
mkdir -p test-results
rm -f test-results/unit.json test-results/e2e.json

npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json
unit_status=$?

e2e_status=0
browser="${REMORA_CHROMIUM-/usr/bin/chromium}"
if [ "${SKIP_E2E:-}" != "1" ] && [ -n "$browser" ] && [ ! -x "$browser" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get > /dev/null; then
    echo "installing Debian's chromium for the browser tests..." >&2
    (apt-get update -qq && apt-get install -y -qq chromium > /dev/null) || echo "could not install chromium" >&2
  fi
  [ -x "$browser" ] || { echo "no browser at $browser: install chromium, or set REMORA_CHROMIUM to a Chromium binary (empty: Playwright's own)" >&2; e2e_status=1; }
fi
if [ "${SKIP_E2E:-}" = "1" ] || [ $e2e_status -ne 0 ]; then
  [ $e2e_status -eq 0 ] && echo "SKIP_E2E=1: browser tests not run" >&2
else
  npx next build > test-results/next-build.log 2>&1 || { echo "next build failed:" >&2; tail -40 test-results/next-build.log >&2; e2e_status=1; }
  if [ $e2e_status -eq 0 ]; then
    npx playwright test
    e2e_status=$?
  fi
fi

reports=(test-results/unit.json)
[ "${SKIP_E2E:-}" = "1" ] || reports+=(test-results/e2e.json)
node scripts/count-results.mjs "${reports[@]}"
count_status=$?
if [ $unit_status -ne 0 ] || [ $e2e_status -ne 0 ] || [ $count_status -ne 0 ]; then exit 1; fi
