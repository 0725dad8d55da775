#!/usr/bin/env bash
# Starts the control panel: builds it when the build is missing or older than the sources,
# then serves it on 127.0.0.1 (HOST and PORT override; REMORA_DB sets the database file).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
if [ ! -f .next/BUILD_ID ] || [ -n "$(find app lib agents next.config.ts package.json -newer .next/BUILD_ID -print -quit 2>/dev/null)" ]; then
  echo "Building the control panel (first start or sources changed)..." >&2
  npx next build
fi
host="${HOST:-127.0.0.1}"
if [ "$host" != "127.0.0.1" ] && [ "$host" != "localhost" ] && [ -z "${REMORA_TOKEN:-}" ]; then
  echo "Refusing to listen on $host without REMORA_TOKEN set: anyone on the network could run experiments." >&2
  exit 1
fi
exec npx next start -H "$host" -p "${PORT:-3000}"
