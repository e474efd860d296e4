#!/usr/bin/env bash
# The soak: the mixed staff workload (bench/mixed.lua, ~200 requests/s) plus the dashboard's polling for
# SOAK_SECONDS (default 600) against the real binary, sampling the server's resident memory every 10 s.
# Passes when no request failed and memory stayed flat (the last minute's average within 20% of the first's).
#   bench/soak.sh DB_URL        (a filled database: see bench/bench.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
DB=${1:?usage: bench/soak.sh DB_URL}
PORT=${PORT:-18182}
SECONDS_TOTAL=${SOAK_SECONDS:-600}
BIN=${BIN:-bin/backoffice}
OUT=${BENCH_TMP:-/tmp/backoffice-soak}
mkdir -p "$OUT"
URL=http://127.0.0.1:$PORT
if [ "${DB%%:*}" != sqlite ] && [ "$(psql -tA "$DB" -c 'SELECT count(*) > 0 FROM transactions' 2>/dev/null)" != t ]; then
  echo "soak: $DB holds no transactions; make bench makes the benchmark database" >&2
  exit 1
fi

$BIN serve --addr 127.0.0.1:$PORT --db "$DB" --log-level warn >"$OUT/server.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do curl -sf "$URL/healthz" >/dev/null && break; sleep 0.2; done
export TOKEN=$($BIN admin token --db "$DB" --username demo)
auth=(-H "Authorization: Bearer $TOKEN")
for coin in $(seq 1 11); do
  curl -sf "${auth[@]}" "$URL/api/admin/transactions/history?page=1&maxPerPage=50&coinType=$coin" | jq -r '.transactionHistory[].hash'
done | sort -u >"$OUT/hashes.txt"
USERS=$(curl -sf "${auth[@]}" "$URL/api/admin/users?page=1&maxPerPage=1" | jq -r '.total_items')

MIN_DATE=$(date -u -d '1 month ago' +%Y-%m-%d)%2000:00:00 MAX_DATE=$(date -u +%Y-%m-%d)%2023:59:59 \
  HASHES="$OUT/hashes.txt" USERS="$USERS" DELAY_MS=95 \
  wrk -t2 -c20 -d"${SECONDS_TOTAL}s" --latency -s bench/mixed.lua "$URL" >"$OUT/mixed.txt" &
MIXED=$!
DELAY_MS=150 wrk -t1 -c20 -d"${SECONDS_TOTAL}s" --latency -s bench/dashboard.lua "$URL" >"$OUT/dashboard.txt" &
DASH=$!

: >"$OUT/rss.txt"
t=0
while kill -0 $MIXED 2>/dev/null; do
  echo "$t $(awk '/VmRSS/ {print $2}' /proc/$PID/status)" >>"$OUT/rss.txt"
  sleep 10
  t=$((t + 10))
done
wait $MIXED $DASH

summary() {
  awk '/^ +50%/ {p50=$2} /^ +99%/ {p99=$2} /requests in/ {n=$1} /Requests\/sec/ {rate=$2} /Non-2xx/ {err=$5}
    /Socket errors/ {sock=$4 + $6 + $8 + $10}
    END {printf "%d requests (%s/s), p50 %s, p99 %s, non-2xx %d, socket errors %d", n, rate, p50, p99, err, sock}' "$1"
}
errors=$(cat "$OUT/mixed.txt" "$OUT/dashboard.txt" | awk '/Non-2xx/ {e += $5} /Socket errors/ {e += $4 + $6 + $8 + $10} END {print e + 0}')
echo "### $(date -u +%F) soak, ${DB%%:*}: ${SECONDS_TOTAL} s"
echo
echo "\`bench/soak.sh $DB\` (SOAK_SECONDS=$SECONDS_TOTAL)"
echo
echo "- mixed workload (wrk -c 20): $(summary "$OUT/mixed.txt")"
echo "- dashboard polling (wrk -c 20): $(summary "$OUT/dashboard.txt")"
awk -v errors="$errors" '{rss[NR] = $2; n = NR}
  END {
    k = n < 6 ? 1 : 6
    for (i = 1; i <= k; i++) first += rss[i]
    for (i = n - k + 1; i <= n; i++) last += rss[i]
    first /= k; last /= k
    max = 0; for (i = 1; i <= n; i++) if (rss[i] > max) max = rss[i]
    printf "- server memory (resident, every 10 s): first minute %.0f MB, last minute %.0f MB, peak %.0f MB\n",
      first / 1024, last / 1024, max / 1024
    flat = last <= first * 1.2
    printf "- errors: %d; memory %s\n", errors, flat ? "flat" : "GREW"
    exit (errors == 0 && flat) ? 0 : 1
  }' "$OUT/rss.txt"
