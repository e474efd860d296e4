#!/usr/bin/env bash
# make bench: the whole suite. Makes (once) or reuses a PostgreSQL and a SQLite database of 1,000,000
# transactions and 100,000 users, runs bench/run.sh on each, then the web app's figures (bench/web.sh).
# Writes everything to bench/out/latest.md as well as to the terminal.
#   BENCH_DATABASE_URL  PostgreSQL database to use (default postgres://postgres@127.0.0.1:5432/bench_1m)
#   BENCH_SQLITE        SQLite file to use (default bench/out/bench_1m.db)
#   DURATION            seconds per load run (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
PG=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/bench_1m}
LITE=${BENCH_SQLITE:-bench/out/bench_1m.db}
USERS=100000
TRANSACTIONS=1000000
mkdir -p bench/out
for tool in wrk jq psql pgbench sqlite3 curl; do
  command -v $tool >/dev/null || { echo "bench: $tool is missing (apt-get install -y wrk jq postgresql-client sqlite3 curl)"; exit 1; }
done

# Both databases seal their secrets with one key file (PostgreSQL needs one named; see README, Secrets at rest).
export BACKOFFICE_SECRETS_KEY_FILE=${BACKOFFICE_SECRETS_KEY_FILE:-bench/out/secrets.key}
[ -f "$BACKOFFICE_SECRETS_KEY_FILE" ] || bin/backoffice secrets init --secrets-key-file "$BACKOFFICE_SECRETS_KEY_FILE"

# A database is reused when it already holds the data set; otherwise it is made afresh.
seed() {
  echo "bench: seeding $1 with $USERS users and $TRANSACTIONS transactions" >&2
  bin/backoffice seed --db "$1" --users $USERS --transactions $TRANSACTIONS >&2
}
pg_rows=$(psql -tA "$PG" -c "SELECT count(*) FROM transactions" 2>/dev/null || echo 0)
if [ "$pg_rows" != "$TRANSACTIONS" ]; then
  name=${PG##*/}
  name=${name%%\?*}
  psql -q "${PG%/*}/postgres" -c "DROP DATABASE IF EXISTS $name" -c "CREATE DATABASE $name"
  seed "$PG"
fi
lite_rows=$(sqlite3 "$LITE" "SELECT count(*) FROM transactions" 2>/dev/null || echo 0)
if [ "$lite_rows" != "$TRANSACTIONS" ]; then
  rm -f "$LITE" "$LITE-wal" "$LITE-shm"
  seed "sqlite:$LITE"
fi

{
  echo "## $(date -u '+%F %H:%M') UTC: \`make bench\`"
  echo
  echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo); $(go version | cut -d' ' -f3);" \
    "$(psql -tA "$PG" -c 'SHOW server_version' | cut -d' ' -f1 | sed 's/^/PostgreSQL /'); SQLite $(sqlite3 --version | cut -d' ' -f1) (CLI);" \
    "$(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2). Data: $TRANSACTIONS transactions, $USERS users."
  echo
  bench/run.sh "$PG"
  echo
  bench/run.sh "sqlite:$LITE"
  echo
  bench/web.sh
} 2>&1 | tee bench/out/latest.md
