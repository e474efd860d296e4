#!/usr/bin/env bash
# Where a server's memory peaks: its anonymous resident memory (RssAnon) sampled every 0.2 s, as the highest of each
# phase (idle after start-up, a 5 s warm-up, History pages at ~200/s for 20 s, the mixed workload at saturation for
# 20 s, the export of every transaction), with the saturation rate, History p50/p99 and the export's seconds.
#   bench/memory.sh DB_URL [VAR=value ...]    e.g. bench/memory.sh sqlite:bench/out/bench_5m.db GOMEMLIMIT=off
# The VAR=value pairs are the server's environment. Needs wrk, jq, curl and a built bin/backoffice; the database
# made by bench/scale.sh (its users: a tenth of its transactions, at most 100,000).
set -euo pipefail
cd "$(dirname "$0")/.."
DB=$1
shift
PORT=${PORT:-18190}
URL=http://127.0.0.1:$PORT
BIN=${BIN:-bin/backoffice}
OUT=$(mktemp -d)
export BACKOFFICE_SECRETS_KEY_FILE=${BACKOFFICE_SECRETS_KEY_FILE:-bench/out/secrets.key}
env "$@" "$BIN" serve --addr 127.0.0.1:$PORT --db "$DB" --log-level info >"$OUT/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$OUT"' EXIT # gone, port freed, on exit
for _ in $(seq 1 3000); do
  grep -q "caches warm" "$OUT/server.log" && break
  kill -0 $pid 2>/dev/null || { cat "$OUT/server.log"; exit 1; }
  sleep 0.2
done
token=$($BIN admin token --db "$DB" --username demo)
users=$(curl -sf -H "Authorization: Bearer $token" "$URL/api/admin/users?page=1&maxPerPage=1" | jq '.total_items')
((users > 100000)) && users=100000
source bench/sample.sh # anon PID (its anonymous resident memory, kB, in ANON_KB) and nap SECONDS, each without a process
phase() { echo "$1" >"$OUT/phase"; }
phase idle
(while kill -0 $pid 2>/dev/null; do read -r now <"$OUT/phase"; anon $pid; echo "$now $((ANON_KB / 1024))"; nap 0.2; done) >"$OUT/anon.txt" 2>/dev/null &
auth=(-H "Authorization: Bearer $token")
for coin in $(seq 1 11); do
  curl -sf "${auth[@]}" "$URL/api/admin/transactions/history?page=1&maxPerPage=50&coinType=$coin" | jq -r '.transactionHistory[].hash'
done | sort -u >"$OUT/hashes.txt"
mix=(TOKEN="$token" MIN_DATE="$(date -u -d '1 month ago' +%Y-%m-%d)%2000:00:00" MAX_DATE="$(date -u +%Y-%m-%d)%2023:59:59"
  HASHES="$OUT/hashes.txt" USERS="$users")
phase warm-up
env "${mix[@]}" DELAY_MS=95 wrk -t2 -c20 -d5s -s bench/mixed.lua "$URL" >/dev/null
phase history
env "${mix[@]}" MIX=history DELAY_MS=95 wrk -t2 -c20 -d20s --latency -s bench/mixed.lua "$URL" >"$OUT/history.txt"
phase saturation
env "${mix[@]}" DELAY_MS=0 wrk -t2 -c8 -d20s --latency -s bench/mixed.lua "$URL" >"$OUT/saturation.txt"
phase export
seconds=$(curl -sf -o /dev/null -w "%{time_total}" "${auth[@]}" "$URL/api/admin/transactions/history/CSV")
phase end
echo "memory (MB, highest): $(awk '{ if (!($1 in m) || $2 > m[$1]) m[$1] = $2; if (!($1 in o)) o[$1] = n++ }
  END { for (k in o) printf "%d %s %d\n", o[k], k, m[k] }' "$OUT/anon.txt" | sort -n | awk '{printf "%s %s, ", $2, $3}')"
echo "saturation: $(awk '/Requests\/sec/ {print $2}' "$OUT/saturation.txt")/s; History p50 / p99:" \
  "$(awk '/^ +50%/ {a = $2} /^ +99%/ {b = $2} END {print a " / " b}' "$OUT/history.txt"); export: ${seconds} s"
