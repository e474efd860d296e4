#!/usr/bin/env bash
# The scaling table: the same figures at every size of history, on both databases, so that a cost growing with
# the data shows as a growing column. For each size in SCALE_SIZES (transactions; default 100k, 1M, 5M, 10M) and
# each database, it makes (once) or reuses a seeded database, then starts the real binary and measures:
#   seed        seconds of `backoffice seed` when the database was made (kept beside it for later runs)
#   start-up    seconds of the start-up aggregation (the server's "caches warm" line): the first start on the
#               database (the files perhaps not in the OS's cache), then a restart (the one measured below)
#   memory      the server's anonymous resident memory (RssAnon) once warm, and its highest during the runs
#   History     p50 / p99 of History pages at ~200 requests/s (wrk -c20, 95 ms pause per connection)
#   saturation  requests/s of the mixed workload with no pause (wrk -c8)
#   CSV         rows/s of the export of every transaction
#   bench/scale.sh             SCALE_SIZES="1000000 5000000" bench/scale.sh
# Users: a tenth of the transactions, at most 100,000. Days of history: the transactions / 11,111, at least 90, so
# that from a million on a larger database is a longer history at the same daily volume. Databases: PostgreSQL
# bench_<size> at BENCH_PG_BASE (default postgres://postgres@127.0.0.1:5432), SQLite files bench/out/bench_<size>.db;
# SCALE_SEED_ONLY=1 only makes them; SCALE_KINDS=sqlite (or postgres) takes one database. Needs what bench/run.sh
# needs and a built bin/backoffice; prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${SCALE_SIZES:-100000 1000000 5000000 10000000}
PG_BASE=${BENCH_PG_BASE:-postgres://postgres@127.0.0.1:5432}
PORT=${PORT:-18182}
DURATION=${DURATION:-20}
BIN=${BIN:-bin/backoffice}
OUT=${BENCH_TMP:-/tmp/backoffice-bench}/scale
URL=http://127.0.0.1:$PORT
mkdir -p "$OUT" bench/out
export BACKOFFICE_SECRETS_KEY_FILE=${BACKOFFICE_SECRETS_KEY_FILE:-bench/out/secrets.key}
[ -f "$BACKOFFICE_SECRETS_KEY_FILE" ] || $BIN secrets init --secrets-key-file "$BACKOFFICE_SECRETS_KEY_FILE"

label() { # 100000 -> 100k, 5000000 -> 5m
  if (($1 % 1000000 == 0)); then echo "$(($1 / 1000000))m"; else echo "$(($1 / 1000))k"; fi
}
users_for() { local u=$(($1 / 10)); ((u > 100000)) && u=100000; echo $u; }
# A longer history, not a busier one: about 11,000 transactions a day from a million on (at least 90 days).
days_for() { local d=$(($1 / 11111)); ((d < 90)) && d=90; echo $d; }

# prepare KIND SIZE: prints the database URL, seeding it first unless it already holds SIZE transactions.
prepare() {
  local kind=$1 n=$2 name url rows
  name=bench_$(label "$n")
  if [ "$kind" = postgres ]; then
    url=$PG_BASE/$name
    rows=$(psql -tA "$url" -c "SELECT count(*) FROM transactions" 2>/dev/null || echo 0)
  else
    url=sqlite:bench/out/$name.db
    rows=$(sqlite3 "bench/out/$name.db" "SELECT count(*) FROM transactions" 2>/dev/null || echo 0)
  fi
  if [ "$rows" != "$n" ] || [ "$(cat "bench/out/$name.$kind.days" 2>/dev/null)" != "$(days_for "$n")" ]; then
    if [ "$kind" = postgres ]; then
      psql -q "$PG_BASE/postgres" -c "DROP DATABASE IF EXISTS $name" -c "CREATE DATABASE $name" >&2
    else
      rm -f "bench/out/$name.db" "bench/out/$name.db"-*
    fi
    echo "scale: seeding $url with $(users_for "$n") users and $n transactions over $(days_for "$n") days" >&2
    local start
    start=$(date +%s.%N)
    $BIN seed --db "$url" --users "$(users_for "$n")" --transactions "$n" --days "$(days_for "$n")" >&2
    awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN {printf "%.0f\n", e - s}' >"bench/out/$name.$kind.seed"
    days_for "$n" >"bench/out/$name.$kind.days"
  fi
  echo "$url"
}

source bench/sample.sh # anon PID (its anonymous resident memory, kB, in ANON_KB) and nap SECONDS, each without a process
# wrk's p50 and p99 in ms, and its rate.
wrk_figures() {
  awk 'function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    /^ +50%/ {p50 = ms($2)} /^ +99%/ {p99 = ms($2)} /Requests\/sec/ {rate = $2} /Non-2xx/ {err += $5}
    END {printf "%.1f %.1f %.0f %d\n", p50, p99, rate, err}'
}

# start_server URL: starts the server in the background (pid) and waits for its start-up aggregation (warm, s).
start_server() {
  $BIN serve --addr 127.0.0.1:$PORT --db "$1" --log-level info >"$OUT/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 3000); do grep -q "caches warm" "$OUT/server.log" && break; sleep 0.2; done
  warm=$(sed -n 's/.*caches warm.*seconds=\([0-9.]*\).*/\1/p' "$OUT/server.log" | head -1)
}

# measure KIND SIZE URL: one row of the table.
measure() {
  local kind=$1 n=$2 db=$3 pid sampler first warm idle peak token
  start_server "$db"
  first=$warm
  kill $pid
  wait $pid 2>/dev/null || true
  start_server "$db"
  token=$($BIN admin token --db "$db" --username demo)
  anon $pid
  idle=$((ANON_KB / 1024))
  (while kill -0 $pid 2>/dev/null; do anon $pid; echo $((ANON_KB / 1024)); nap 0.5; done) >"$OUT/anon.txt" 2>/dev/null &
  sampler=$!
  local min max auth=(-H "Authorization: Bearer $token")
  min=$(date -u -d '1 month ago' +%Y-%m-%d)%2000:00:00
  max=$(date -u +%Y-%m-%d)%2023:59:59
  for coin in $(seq 1 11); do
    curl -sf "${auth[@]}" "$URL/api/admin/transactions/history?page=1&maxPerPage=50&coinType=$coin" | jq -r '.transactionHistory[].hash'
  done | sort -u >"$OUT/hashes.txt"
  local mix=(TOKEN="$token" MIN_DATE="$min" MAX_DATE="$max" HASHES="$OUT/hashes.txt" USERS="$(users_for "$n")")
  env "${mix[@]}" DELAY_MS=95 wrk -t2 -c20 -d5s -s bench/mixed.lua "$URL" >/dev/null # warm, not measured
  local history saturation
  history=$(env "${mix[@]}" MIX=history DELAY_MS=95 wrk -t2 -c20 -d"${DURATION}s" --latency -s bench/mixed.lua "$URL" | wrk_figures)
  saturation=$(env "${mix[@]}" DELAY_MS=0 wrk -t2 -c8 -d"${DURATION}s" --latency -s bench/mixed.lua "$URL" | wrk_figures)
  local csv rows
  csv=$(curl -sf -o "$OUT/export.csv" -w "%{time_total}" "${auth[@]}" "$URL/api/admin/transactions/history/CSV")
  rows=$(($(wc -l <"$OUT/export.csv") - 1))
  rm -f "$OUT/export.csv"
  kill $pid
  wait $pid 2>/dev/null || true
  wait $sampler 2>/dev/null || true
  peak=$(sort -n "$OUT/anon.txt" | tail -1)
  local seed=—
  [ -f "bench/out/bench_$(label "$n").$kind.seed" ] && seed="$(cat "bench/out/bench_$(label "$n").$kind.seed") s"
  read -r hp50 hp99 _ herr <<<"$history"
  read -r _ _ srate serr <<<"$saturation"
  printf '| %s | %s | %s | %s / %s s | %s / %s MB | %s / %s ms | %s/s | %s rows/s |%s\n' "$kind" "$(label "$n" | tr mk MK)" \
    "$seed" "$(printf %.2f "${first:-0}")" "$(printf %.2f "${warm:-0}")" "$idle" "$peak" "$hp50" "$hp99" "$srate" \
    "$(awk -v r="$rows" -v t="$csv" 'BEGIN {printf "%.0f", r / t}')" \
    "$( ((herr + serr > 0)) && echo " non-2xx: $((herr + serr))")"
}

urls=()
for n in $SIZES; do
  for kind in ${SCALE_KINDS:-postgres sqlite}; do urls+=("$kind $n $(prepare $kind "$n")"); done
done
[ "${SCALE_SEED_ONLY:-}" = 1 ] && exit 0

echo "**Scaling** (\`bench/scale.sh\`, SCALE_SIZES=\"$SIZES\"; wrk runs of ${DURATION} s; users: a tenth of the"
echo "transactions, at most 100,000; memory: anonymous resident, once warm / highest during the runs):"
echo
echo "| database | transactions | seed | start-up: first / restart | memory | History p50 / p99 at 200/s | saturation (mixed, wrk -c8) | CSV export |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for u in "${urls[@]}"; do
  read -r kind n db <<<"$u"
  measure "$kind" "$n" "$db"
done
