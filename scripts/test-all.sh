#!/usr/bin/env bash
# Runs every suite (type check, unit, integration, the panel build, browser, load), prints the time each took,
# and ends with one line: N passed, N failed (all suites summed).
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
mkdir -p test-results
rm -f test-results/{unit,integration,slow,e2e,load,typecheck}.json test-results/typecheck.{ready,log,time}

timings=()
# Runs a suite, keeping its wall time for the table at the end.
timed() {
  local name="$1"
  shift
  local start=$SECONDS
  "$@"
  local status=$?
  timings+=("$(printf '%-12s %5ss  %s' "$name" $((SECONDS - start)) "$([ $status -eq 0 ] && echo ok || echo "FAILED ($status)")")")
  return $status
}

# The type check runs beside everything else instead of inside `next build` (a minute of the longest
# chain on 2 cores): `next typegen` writes the route types it checks, and the build starts once the
# check has copied them, since the build rewrites them.
next=(bash scripts/next.sh)
(
  timings=()
  "${next[@]}" typegen > test-results/typecheck.log 2>&1 ||
    echo '{"passed":0,"failed":1}' > test-results/typecheck.json
  [ -f test-results/typecheck.json ] || timed typecheck node scripts/typecheck.mjs \
    --ready test-results/typecheck.ready --report test-results/typecheck.json >> test-results/typecheck.log 2>&1
  printf '%s\n' "${timings[@]}" > test-results/typecheck.time
) &
typecheck_pid=$!

# The browser suites need the panel build and nothing else, so the build and then the browser
# project run as one chain beside the unit and integration tests: those mostly wait on child
# processes and sockets, and on 2 cores the two chains together take far less than one after the
# other. The load project runs beside the browser suite once the build is there: on its own, at
# the end of either chain, one panel and one browser left a core idle. The chain's console output
# goes to test-results/*.log and is printed once it ends.
chain_pid=
if [ "${SKIP_E2E:-}" != "1" ]; then
  rm -f test-results/{chain-timings,chain-status,load-status,load-timing}.txt test-results/{browser,load}.log
  (
    timings=()
    while [ ! -e test-results/typecheck.ready ] && kill -0 "$typecheck_pid" 2> /dev/null; do sleep 0.2; done
    timed 'next build' env REMORA_SKIP_BUILD_TYPECHECK=1 "${next[@]}" build > test-results/next-build.log 2>&1
    build_status=$?
    e2e_status=0
    [ $build_status -eq 0 ] || { echo "next build failed:" >&2; tail -40 test-results/next-build.log >&2; }
    browser="${REMORA_CHROMIUM-/usr/bin/chromium}"
    if [ -n "$browser" ] && [ ! -x "$browser" ]; then
      if [ "$(id -u)" = "0" ] && command -v apt-get > /dev/null; then
        echo "installing Debian's chromium for the browser tests..." >&2
        (apt-get update -qq && apt-get install -y -qq chromium > /dev/null) || echo "could not install chromium" >&2
        apt-get install -y -qq chromium-headless-shell > /dev/null 2>&1 || echo "(no chromium-headless-shell: the full browser)" >&2
      fi
      [ -x "$browser" ] || { echo "no browser at $browser: install chromium, or set REMORA_CHROMIUM to a Chromium binary (empty: Playwright's own)" >&2; build_status=1; }
    fi
    if [ $build_status -eq 0 ]; then
      # Thousands of conversations in one run: its own project and report, counted apart. One test, one
      # panel, on the port after the browser suite's panels and with an output folder of its own.
      (
        timings=()
        timed load env E2E_REPORT=test-results/load.json E2E_WORKERS=1 E2E_PORT=$((${E2E_PORT:-3310} + ${E2E_WORKERS:-2})) \
          E2E_OUTPUT=test-results/playwright-load npx playwright test --project load > test-results/load.log 2>&1
        echo $? > test-results/load-status.txt
        printf '%s\n' "${timings[@]}" > test-results/load-timing.txt
      ) &
      load_pid=$!
      timed browser env E2E_REPORT=test-results/e2e.json npx playwright test --project browser \
        > test-results/browser.log 2>&1
      e2e_status=$?
      wait "$load_pid"
    else
      e2e_status=1
    fi
    printf '%s\n' "${timings[@]}" > test-results/chain-timings.txt
    echo "$build_status $e2e_status" > test-results/chain-status.txt
  ) &
  chain_pid=$!
fi

timed unit npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=test-results/unit.json
unit_status=$?
timed integration npx vitest run --project integration --reporter=default --reporter=json --outputFile.json=test-results/integration.json
integration_status=$?
timed slow npx vitest run --project slow --reporter=default --reporter=json --outputFile.json=test-results/slow.json
slow_status=$?

wait "$typecheck_pid"
[ -s test-results/typecheck.time ] && timings+=("$(cat test-results/typecheck.time) (beside the others)")
grep -q '"failed":0' test-results/typecheck.json 2> /dev/null || { echo; echo "--- type check"; cat test-results/typecheck.log; }

build_status=0
e2e_status=0
load_status=0
reports=(test-results/typecheck.json test-results/unit.json test-results/integration.json test-results/slow.json)
if [ -n "$chain_pid" ]; then
  wait "$chain_pid"
  for log in browser load; do
    [ -f "test-results/$log.log" ] && { echo; echo "--- $log (test-results/$log.log)"; cat "test-results/$log.log"; }
  done
  read -r build_status e2e_status < test-results/chain-status.txt 2> /dev/null || build_status=1
  load_status=$(cat test-results/load-status.txt 2> /dev/null || echo 1)
  while IFS= read -r line; do
    timings+=("$line (beside unit and integration)")
  done < test-results/chain-timings.txt
  [ -s test-results/load-timing.txt ] && timings+=("$(cat test-results/load-timing.txt) (beside the browser suite)")
  reports+=(test-results/e2e.json test-results/load.json)
else
  echo "SKIP_E2E=1: the panel build and the browser tests were not run" >&2
fi

echo
echo "time per suite:"
printf '  %s\n' "${timings[@]}"
echo "  total        $(printf '%5s' $SECONDS)s"
node scripts/count-results.mjs "${reports[@]}"
count_status=$?
for status in $unit_status $integration_status $slow_status $build_status $e2e_status $load_status $count_status; do
  [ "$status" -eq 0 ] || exit 1
done
