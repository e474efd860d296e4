#!/usr/bin/env bash
# Measures the dashboard's polling load, History pages and the full CSV export
# against the real binary on a filled database.
#   bench/run.sh DB_URL    (seed it first: bin/backoffice seed --db DB_URL --users 100000 --transactions 1000000)
# Needs wrk (apt-get install -y wrk) and a built bin/backoffice. Prints a Markdown block for bench/results.md.
set -euo pipefail
cd "$(dirname "$0")/.."
DB=${1:?usage: bench/run.sh DB_URL}
PORT=${PORT:-18181}
DURATION=${DURATION:-30s}
BIN=bin/backoffice

$BIN serve --addr 127.0.0.1:$PORT --db "$DB" --log-level info >/tmp/bench-server.log 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do curl -sf "127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.2; done
for _ in $(seq 1 300); do grep -q "caches warm" /tmp/bench-server.log && break; sleep 0.2; done # as a long-running server is
export TOKEN=$($BIN admin token --db "$DB" --username demo)

cpu() { awk '{print $14 + $15}' /proc/$PID/stat; } # user + system clock ticks
hwm() { awk '/VmHWM/ {print $2}' /proc/$PID/status; } # peak resident set, kB
TICKS=$(getconf CLK_TCK)

echo "### $(date -u +%F) on $(nproc) cores, database ${DB%%:*}"
echo
# Warm the caches once, as a dashboard already open would have.
for p in users/total_registers wallets/customer_balance transactions/total/balances transactions/total/revenue/exchange; do
  curl -sf -o /dev/null -H "Authorization: Bearer $TOKEN" "127.0.0.1:$PORT/api/admin/$p"
done

echo "**Dashboard polling of 100 staff** (13 calls each every 10 s = 130 requests/s; wrk -c 20, a ${DURATION} run):"
echo '```'
c0=$(cpu)
DELAY_MS=154 wrk -t2 -c20 -d"$DURATION" --latency -s bench/dashboard.lua "http://127.0.0.1:$PORT" | grep -E "Latency|50%|90%|99%|requests in|Requests/sec|Non-2xx|Socket errors"
c1=$(cpu)
secs=${DURATION%s}
echo "server CPU: $(awk -v a=$c0 -v b=$c1 -v t=$TICKS -v s=$secs 'BEGIN {printf "%.1f%% of one core", (b-a)/t/s*100}')"
echo '```'
echo

MIN=$(date -u -d '1 month ago' +%Y-%m-%d)%2000:00:00
MAX=$(date -u +%Y-%m-%d)%2023:59:59
echo "**History pages**, random filters and pages over the last month (wrk -c 10, ~100 requests/s):"
echo '```'
MIN_DATE=$MIN MAX_DATE=$MAX DELAY_MS=100 wrk -t2 -c10 -d"$DURATION" --latency -s bench/history.lua "http://127.0.0.1:$PORT" | grep -E "Latency|50%|90%|99%|requests in|Requests/sec|Non-2xx|Socket errors"
echo '```'
echo

echo "**CSV export of every transaction:**"
echo '```'
before=$(hwm)
curl -sf -o /tmp/bench-export.csv -w "%{time_total}s, %{size_download} bytes\n" -H "Authorization: Bearer $TOKEN" \
  "127.0.0.1:$PORT/api/admin/transactions/history/CSV" | tee /tmp/bench-csv.txt
rows=$(($(wc -l </tmp/bench-export.csv) - 1))
t=$(cut -ds -f1 /tmp/bench-csv.txt)
echo "$rows rows, $(awk -v r=$rows -v t=$t 'BEGIN {printf "%.0f", r/t}') rows/s; server peak memory $((before / 1024)) MB before, $(($(hwm) / 1024)) MB after"
echo '```'
rm -f /tmp/bench-export.csv
