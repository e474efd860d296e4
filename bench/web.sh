#!/usr/bin/env bash
# The web app's figures: gzipped JavaScript of the sign-in page and the dashboard, and sign-in to a fully rendered
# dashboard in headless Chromium (e2e/bench/web.bench.ts on a demo server of its own). Needs a built bin/backoffice.
set -euo pipefail
cd "$(dirname "$0")/../e2e"
[ -f node_modules/.installed ] || { npm ci --no-audit --no-fund >/dev/null && touch node_modules/.installed; }
npx playwright test --config bench.config.ts 2>&1 | awk '/^\*\*Web app/ {print; print ""} /^- /'
