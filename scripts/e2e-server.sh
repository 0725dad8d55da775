#!/usr/bin/env bash
# Starts the built panel on a throw-away database for the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
port="$1"
dir=$(mktemp -d)
# The API checks each answer against its response schema (lib/api), as in development.
export REMORA_DB="$dir/e2e.db" PORT="$port" NEXT_TELEMETRY_DISABLED=1 REMORA_CHECK_RESPONSES=1
# Not exec'd: Playwright ends the panels by killing their process group, so this script only goes on
# when the panel ended by itself, and a panel that dies in a test (a crash, a signal) says how.
# Idle connections are kept 65 s, not Node's 5 s: Playwright's request context reuses a pooled socket
# without reading the server's Keep-Alive hint, and a panel busy with an experiment could close it
# just as the next request came (the load test's ECONNRESET). Only here: these panels end by SIGKILL,
# while a panel stopped by a signal (scripts/start.sh, e2e/second-panel.ts) waits for a connection
# busy at that moment to go idle for that long before it exits.
bash scripts/next.sh start -H 127.0.0.1 -p "$port" --keepAliveTimeout 65000 &
status=0
wait $! || status=$?
if [ "$status" -gt 128 ]; then
  echo "[e2e-server] the panel on port $port was killed by signal $(kill -l $((status - 128)))" >&2
else
  echo "[e2e-server] the panel on port $port exited with status $status" >&2
fi
exit "$status"
