#!/usr/bin/env bash
# Next's command line, run by node itself: through npx it costs about half a second of CPU at each
# start, and npx stays on as the parent of a panel for as long as it runs. exec keeps this script's
# process id for Next, so signals and exit statuses are Next's own.
exec node "$(dirname "$0")/../node_modules/next/dist/bin/next" "$@"
