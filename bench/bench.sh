#!/usr/bin/env bash
# make bench: the whole suite. Makes (once) or reuses a PostgreSQL and a SQLite database of 1,000,000
# transactions and 100,000 users (bench/scale.sh makes them), runs bench/run.sh on each, then the web app's figures
# (bench/web.sh), then the scaling table (bench/scale.sh: 100k, 1M, 5M and 10M transactions on both databases).
# Writes everything to bench/out/latest.md as well as to the terminal.
#   BENCH_PG_BASE   PostgreSQL server of the bench databases (default postgres://postgres@127.0.0.1:5432)
#   SCALE_SIZES     sizes of the scaling table (default "100000 1000000 5000000 10000000"; "" leaves it out)
#   DURATION        seconds per load run (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
export BENCH_PG_BASE=${BENCH_PG_BASE:-postgres://postgres@127.0.0.1:5432}
PG=$BENCH_PG_BASE/bench_1m
LITE=bench/out/bench_1m.db
mkdir -p bench/out
for tool in wrk jq psql pgbench sqlite3 curl; do
  command -v $tool >/dev/null || { echo "bench: $tool is missing (apt-get install -y wrk jq postgresql-client sqlite3 curl)"; exit 1; }
done
# Both databases seal their secrets with one key file (PostgreSQL needs one named; see docs/operations.md, "Secrets at rest").
export BACKOFFICE_SECRETS_KEY_FILE=${BACKOFFICE_SECRETS_KEY_FILE:-bench/out/secrets.key}
SCALE_SIZES=1000000 SCALE_SEED_ONLY=1 bench/scale.sh

{
  echo "## $(date -u '+%F %H:%M') UTC: \`make bench\`"
  echo
  echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo); $(go version | cut -d' ' -f3);" \
    "$(psql -tA "$PG" -c 'SHOW server_version' | cut -d' ' -f1 | sed 's/^/PostgreSQL /'); SQLite $(sqlite3 --version | cut -d' ' -f1) (CLI);" \
    "$(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2). Data: 1,000,000 transactions over 90 days, 100,000 users."
  echo
  bench/run.sh "$PG"
  echo
  bench/run.sh "sqlite:$LITE"
  echo
  bench/ingest.sh "$PG"
  echo
  bench/ingest.sh "sqlite:$LITE"
  echo
  bench/web.sh
  if [ -n "${SCALE_SIZES-100000 1000000 5000000 10000000}" ]; then
    echo
    bench/scale.sh
  fi
} 2>&1 | tee bench/out/latest.md
