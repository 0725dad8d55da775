#!/usr/bin/env bash
# Starts the control panel: builds it when the build is missing or older than the sources,
# then serves it on 127.0.0.1 (HOST and PORT override; REMORA_DB sets the database file).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
if [ ! -f .next/BUILD_ID ] || [ -n "$(find app lib agents next.config.ts package.json -newer .next/BUILD_ID -print -quit 2>/dev/null)" ]; then
  # How long it took here last time, kept outside .next/ (which a build replaces).
  timing_file=.build/panel-build-seconds
  if [ -f "$timing_file" ]; then
    usual="it took $(cat "$timing_file") s on this machine last time"
  else
    usual="usually 1 to 3 minutes (about 2.5 on a busy 2-core machine)"
  fi
  echo "Building the control panel (first start or sources changed); $usual. It starts by itself afterwards." >&2
  started=$(date +%s)
  bash scripts/next.sh build
  mkdir -p .build && echo $(( $(date +%s) - started )) > "$timing_file"
fi
# The panel's tool workers start from the command line's compiled build only while it is current
# (lib/build/tool-worker-launch.ts); after a `git pull` it is not, until rebuilt (about a second).
node scripts/cli-build.mjs --postinstall >/dev/null
host="${HOST:-127.0.0.1}"
if [ "$host" != "127.0.0.1" ] && [ "$host" != "localhost" ] && [ -z "${REMORA_TOKEN:-}" ]; then
  echo "Refusing to listen on $host without REMORA_TOKEN set: anyone on the network could run experiments." >&2
  exit 1
fi
exec bash scripts/next.sh start -H "$host" -p "${PORT:-3000}"
