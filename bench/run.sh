#!/usr/bin/env bash
# Measures the real binary on a filled database (seed it first, or use `make bench`, which does):
#   1. the mixed staff workload at a fixed rate (~200 requests/s), and each budgeted part of it alone;
#   2. the dashboard's polling by 100 staff, with the server's CPU use;
#   3. the CSV export of every transaction beside the database's own CSV dump of the same query;
#   4. one History page through the API beside the same SQL run directly (pgbench -f on PostgreSQL; on SQLite the
#      statements the API sends, by the sqlite3 CLI).
#   bench/run.sh DB_URL          DB_URL: postgres://... or sqlite:PATH
#   PAGE_ONLY=1 bench/run.sh DB_URL   only part 4, the History page
# Needs wrk, curl, jq, and psql + pgbench or sqlite3; a built bin/backoffice. Prints Markdown for results.md.
# On PostgreSQL, BACKOFFICE_SECRETS_KEY_FILE names the key file the database was seeded with (bench.sh sets it).
set -euo pipefail
cd "$(dirname "$0")/.."
DB=${1:?usage: bench/run.sh DB_URL}
PORT=${PORT:-18181}
DURATION=${DURATION:-20} # seconds per load run
BIN=${BIN:-bin/backoffice}
KIND=${DB%%:*}
OUT=${BENCH_TMP:-/tmp/backoffice-bench}/$KIND
mkdir -p "$OUT"
URL=http://127.0.0.1:$PORT

$BIN serve --addr 127.0.0.1:$PORT --db "$DB" --log-level info >"$OUT/server.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do curl -sf "$URL/healthz" >/dev/null && break; sleep 0.2; done
# The start-up aggregation (per-day sums of every past day) runs before any figure is measured.
for _ in $(seq 1 600); do grep -q "caches warm" "$OUT/server.log" && break; sleep 0.2; done
export TOKEN=$($BIN admin token --db "$DB" --username demo)
auth=(-H "Authorization: Bearer $TOKEN")
# As a long-running server is: the start-up aggregation done, every cache filled once.
for p in users/total_registers wallets/customer_balance transactions/total/balances transactions/total/revenue/exchange \
  "transactions/history?page=1&maxPerPage=10"; do
  curl -sf -o /dev/null "${auth[@]}" "$URL/api/admin/$p"
done

cpu() { awk '{print $14 + $15}' /proc/$PID/stat; }      # user + system clock ticks
source bench/sample.sh # anon PID (its anonymous resident memory, kB, in ANON_KB) and nap SECONDS, each without a process
TICKS=$(getconf CLK_TCK)
# wrk's figures, one line: p50 / p90 / p99 / max, rate, errors.
summary() {
  awk '/^ +50%/ {p50=$2} /^ +90%/ {p90=$2} /^ +99%/ {p99=$2} /^ +Latency +[0-9]/ {max=$4}
    /Requests\/sec/ {rate=$2} /Non-2xx/ {err=$5} /Socket errors/ {sock=$0}
    END {printf "p50 %s, p90 %s, p99 %s, max %s; %s requests/s; non-2xx: %d%s\n", p50, p90, p99, max, rate, err,
      sock ? "; " sock : ""}'
}
# load NAME LUA CONNECTIONS DELAY_MS [env...]: one wrk run, its summary and the server's CPU share.
load() {
  local name=$1 script=$2 conns=$3 delay=$4
  shift 4
  local c0 c1
  c0=$(cpu)
  env "$@" DELAY_MS="$delay" wrk -t2 -c"$conns" -d"${DURATION}s" --latency -s "bench/$script" "$URL" >"$OUT/wrk.txt"
  c1=$(cpu)
  printf '| %s | %s | %s |\n' "$name" "$(summary <"$OUT/wrk.txt")" \
    "$(awk -v a="$c0" -v b="$c1" -v t="$TICKS" -v s="$DURATION" 'BEGIN {printf "%.0f%%", (b-a)/t/s*100}')"
}

go build -o "$OUT/sqlrun" ./tools/sqlrun # the engine alone, without the server (parts 3 and 4)
if [ -z "${PAGE_ONLY:-}" ]; then # PAGE_ONLY=1: only the History page (part 4)
MIN=$(date -u -d '1 month ago' +%Y-%m-%d)%2000:00:00
MAX=$(date -u +%Y-%m-%d)%2023:59:59
# Real hashes for the hash searches: the newest page of every coin.
for coin in $(seq 1 11); do
  curl -sf "${auth[@]}" "$URL/api/admin/transactions/history?page=1&maxPerPage=50&coinType=$coin" | jq -r '.transactionHistory[].hash'
done | sort -u >"$OUT/hashes.txt"
USERS=$(curl -sf "${auth[@]}" "$URL/api/admin/users?page=1&maxPerPage=1" | jq -r '.total_items')
mix=(MIN_DATE="$MIN" MAX_DATE="$MAX" HASHES="$OUT/hashes.txt" USERS="$USERS")
# Five seconds of the workload, not measured: the pool's connections opened and every kind of query run once, as
# in a server that has been up for a while (the first second of a cold start is otherwise most of the p99).
env "${mix[@]}" DELAY_MS=95 wrk -t2 -c20 -d5s -s bench/mixed.lua "$URL" >/dev/null

echo "### $(date -u +%F), $KIND, $(nproc) cores"
echo
echo "\`bench/run.sh $DB\` (wrk runs of ${DURATION} s each; CPU is the server's, of one core)"
echo
echo "| workload (wrk -c 20, ~200 requests/s) | latency, rate, errors | server CPU |"
echo "| --- | --- | --- |"
from=$(wc -l <"$OUT/server.log")
mixed_start=$(date -u '+%H %M %S.%N' | awk '{print $1 * 3600 + $2 * 60 + $3}') # seconds of the UTC day
load "mixed: history, hash search, user search, profile tabs, reports" mixed.lua 20 95 "${mix[@]}"
tail -n +$((from + 1)) "$OUT/server.log" >"$OUT/mixed.log"
load "History pages alone" mixed.lua 20 95 "${mix[@]}" MIX=history
load "hash searches alone" mixed.lua 20 95 "${mix[@]}" MIX=hash
load "user searches alone" mixed.lua 20 95 "${mix[@]}" MIX=users
load "report pages alone" mixed.lua 20 95 "${mix[@]}" MIX=reports
load "profile tabs alone" mixed.lua 20 95 "${mix[@]}" MIX=profile
load "dashboard polling of 100 staff (13 calls each / 10 s = 130 requests/s)" dashboard.lua 20 150
echo
# The server's own timing of each request of the mixed run (its request log), by route: where the tail comes from.
echo "The mixed run by route, as the server timed it (ms, from its request log; ids shown as {id}):"
echo
echo "| route | requests | p50 | p99 | max |"
echo "| --- | --- | --- | --- | --- |"
# Only requests that started in the mixed run: the warm-up's last ones, cut off when its wrk ended, are logged
# (as failed, after seconds in a cold server's queue) only once the mixed run has begun.
awk -v t0="$mixed_start" '/msg=request/ {
    for (i = 1; i <= NF; i++) {
      if ($i ~ /^path=/) p = substr($i, 6)
      if ($i ~ /^ms=/) ms = substr($i, 4)
      if ($i ~ /^time=/) { split(substr($i, 6), d, /[T:Z]/); end = d[2] * 3600 + d[3] * 60 + d[4] }
    }
    start = end - ms / 1000
    if (start < t0 - 43200) start += 86400 # the run crossed midnight
    if (start < t0) next
    gsub(/\/[0-9]+/, "/{id}", p); print p, ms }' "$OUT/mixed.log" | sort -k1,1 -k2,2n |
  awk '{ n[$1]++; v[$1, n[$1]] = $2 }
    END { for (r in n) { c = n[r]; k = int(c * 0.99); if (k < 1) k = 1
      printf "| %s | %d | %.1f | %.1f | %.1f |\n", r, c, v[r, int((c + 1) / 2)], v[r, k], v[r, c] } }' | sort
echo

# The export beside the database's own dump of the same query, in EXPORT_ROUNDS alternated rounds (default 3; one
# run of either spreads by a fifth on this machine, and the first after the load runs is the slowest): medians.
EXPORT_ROUNDS=${EXPORT_ROUNDS:-3}
echo "**CSV export of every transaction** (medians of $EXPORT_ROUNDS alternated rounds, each run's seconds in brackets;"
echo "memory: the server's anonymous resident memory, sampled every 0.1 s):"
echo
EXPORT_SQL="SELECT t.id, t.user_id, u.email, t.amount, t.network_fee, t.commission, t.fee, t.type, t.network,
  t.is_exchange, t.hash, t.explorer_url, t.created_at, t.confirmations, t.max_confirmation, t.status,
  t.receiver_address, c.id, c.name, c.symbol, c.icon, w.id, w.name
  FROM transactions t JOIN users u ON u.id = t.user_id JOIN coins c ON c.id = t.coin_id
  JOIN wallets w ON w.id = t.wallet_id ORDER BY t.created_at DESC, t.id DESC"
EXPORT_LINE=$(tr '\n' ' ' <<<"$EXPORT_SQL") # on one line, for the tools' command lines, made outside their timed runs
since() { awk -v s="$1" -v e="$(date +%s.%N)" 'BEGIN {printf "%.2f", e - s}'; }
# api_export: one export through the API: "seconds rows", the memory's highest in $OUT/peak.
api_export() {
  local peak
  read -r peak <"$OUT/peak"
  curl -sf -o "$OUT/export.csv" -w "%{time_total}\n" "${auth[@]}" "$URL/api/admin/transactions/history/CSV" >"$OUT/time.txt" &
  local c=$!
  while kill -0 $c 2>/dev/null; do anon $PID; ((ANON_KB > peak)) && peak=$ANON_KB; nap 0.1; done
  wait $c
  echo "$peak" >"$OUT/peak"
  echo "$(cat "$OUT/time.txt") $(($(wc -l <"$OUT/export.csv") - 1))"
  rm -f "$OUT/export.csv"
}
OWN_SQL=$("$OUT/sqlrun" --export-query | tr '\n\t' '  ') # the API's own export query (PostgreSQL's COPY)
# tool_export [own]: the database's own tool on the same query (own: on the API's own query, PostgreSQL): "seconds rows".
tool_export() {
  local start=$(date +%s.%N) header=1
  if [ "$KIND" = sqlite ]; then
    sqlite3 -csv -header "${DB#sqlite:}" "$EXPORT_LINE" >"$OUT/dump.csv"
  elif [ "${1:-}" = own ]; then
    header=0
    psql -q "$DB" -c "\\copy ($OWN_SQL) to '$OUT/dump.csv' csv"
  else
    psql -q "$DB" -c "\\copy ($EXPORT_LINE) to '$OUT/dump.csv' csv header"
  fi
  echo "$(since "$start") $(($(wc -l <"$OUT/dump.csv") - header))"
  rm -f "$OUT/dump.csv"
}
anon $PID
before=$ANON_KB
echo "$before" >"$OUT/peak"
: >"$OUT/exports.txt"
for _ in $(seq 1 "$EXPORT_ROUNDS"); do
  echo "api $(api_export)" >>"$OUT/exports.txt"
  echo "tool $(tool_export)" >>"$OUT/exports.txt"
  if [ "$KIND" = postgres ]; then echo "own $(tool_export own)" >>"$OUT/exports.txt"; fi
done
if [ "$KIND" = sqlite ]; then
  # The engine alone: the server's driver and settings reading every cell of the same query and dropping it.
  printf '%s\n' "$EXPORT_SQL" >"$OUT/export.sql"
  "$OUT/sqlrun" --db "$DB" --file "$OUT/export.sql" --rows | awk '{print "driver", $4, $1}' >>"$OUT/exports.txt"
fi
TOOL=$([ "$KIND" = sqlite ] && echo "sqlite3 -csv" || echo "psql \\copy") \
  awk -v b="$before" -v p="$(cat "$OUT/peak")" '
  { n[$1]++; t[$1, n[$1]] = $2; rows[$1] = $3; runs[$1] = runs[$1] (n[$1] > 1 ? ", " : "") sprintf("%.2f", $2) }
  function median(k,   i, j, x, m) {
    m = n[k]; for (i = 1; i <= m; i++) s[i] = t[k, i]
    for (i = 2; i <= m; i++) { x = s[i]; for (j = i - 1; j >= 1 && s[j] > x; j--) s[j + 1] = s[j]; s[j + 1] = x }
    return m % 2 ? s[(m + 1) / 2] : (s[m / 2] + s[m / 2 + 1]) / 2 }
  function rate(k) { return rows[k] / median(k) }
  END {
    tool = ENVIRON["TOOL"]
    printf "- API: %d rows in %.2f s (%s) = %.0f rows/s; server memory %d MB before, highest %d MB during (growth %d MB)\n",
      rows["api"], median("api"), runs["api"], rate("api"), b / 1024, p / 1024, (p - b) / 1024
    printf "- %s of the same query: %d rows in %.2f s (%s) = %.0f rows/s\n", tool, rows["tool"], median("tool"), runs["tool"], rate("tool")
    printf "- ratio: the API exports at %.0f%% of the database tool'"'"'s rate\n", rate("api") / rate("tool") * 100
    if ("own" in n) {
      printf "- psql \\copy of the API'"'"'s own query (the formats of the file made by PostgreSQL, tools/sqlrun --export-query):\n"
      printf "  %d rows in %.2f s (%s) = %.0f rows/s; the API exports at %.0f%% of its rate\n", rows["own"], median("own"), runs["own"],
        rate("own"), rate("api") / rate("own") * 100
    }
    if ("driver" in n) {
      printf "- the server'"'"'s driver alone (tools/sqlrun --rows: every cell read, none written): %d rows in %.2f s = %.0f rows/s,\n",
        rows["driver"], median("driver"), rate("driver")
      printf "  %.0f%% of the CLI'"'"'s rate; the API exports at %.0f%% of the driver'"'"'s rate\n", rate("driver") / rate("tool") * 100,
        rate("api") / rate("driver") * 100
    }
  }' "$OUT/exports.txt"
echo

fi # PAGE_ONLY
# One History page (page 5 of the main network's last month, 25 rows) through the API, one client,
# beside the SQL a direct implementation runs for it: the page and its count.
FROM=$(date -u -d '1 month ago' +%Y-%m-%d)
TO=$(date -u +%Y-%m-%d)
TOKEN_HASH=$(printf %s "$TOKEN" | sha256sum | cut -d' ' -f1)
PAGE_PATH="/api/admin/transactions/history?page=5&maxPerPage=25&network=main&minDate=$FROM%2000:00:00&maxDate=$TO%2023:59:59"
# wrk_page_ms BASE_URL: wrk's average latency (ms) of the page, one client, 10 s.
wrk_page_ms() {
  cat >"$OUT/page.lua" <<LUA
function request() return wrk.format("GET", "$PAGE_PATH", { ["Authorization"] = "Bearer $TOKEN" }) end
LUA
  wrk -t1 -c1 -d10s --latency -s "$OUT/page.lua" "$1" | awk '/^ +Latency +[0-9]/ {v=$2; sub(/ms$/, "", v); if ($2 ~ /us$/) {sub(/us$/, "", v); v=v/1000}; print v}'
}
api_page_ms() { wrk_page_ms "$URL"; }
# The floor under the page on this machine: the API's reply, recorded, sent back unchanged by a bare net/http
# server (tools/replyfloor): one HTTP round trip with the same bytes and no work.
floor_page_ms() {
  curl -sf -o "$OUT/page.json" "${auth[@]}" "$URL$PAGE_PATH"
  go build -o "$OUT/replyfloor" ./tools/replyfloor
  local port=$((PORT + 1))
  "$OUT/replyfloor" --addr 127.0.0.1:$port --body "$OUT/page.json" &
  local floor=$!
  for _ in $(seq 1 50); do curl -sf -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
  wrk_page_ms "http://127.0.0.1:$port"
  kill $floor
  wait $floor 2>/dev/null || true
}
# The statements the API sends for this page (internal/auth, internal/ledger), as this database stores times and
# money: the session lookup, today's kept hour counts and the count of the last hour the range cuts (closed days are
# kept in memory; the server runs the counts beside the page), the page's ids, and the rows of those ids.
if [ "$KIND" = sqlite ]; then
  TZ_SUFFIX=+00:00 AGG=group_concat MONEY=
  db_value() { sqlite3 "${DB#sqlite:}" "$1"; }
else
  TZ_SUFFIX=+00 AGG=string_agg MONEY=trim_scale
  db_value() { psql -tA "$DB" -c "$1"; }
fi
IDS_SQL="SELECT t.id FROM transactions t WHERE t.network = 'main' AND t.created_at >= '$FROM 00:00:00$TZ_SUFFIX'
  AND t.created_at <= '$TO 23:59:59$TZ_SUFFIX' ORDER BY t.created_at DESC, t.id DESC LIMIT 25 OFFSET 100"
IDS=$(db_value "SELECT coalesce($AGG(CAST(id AS TEXT), ', '), 'NULL') FROM ($IDS_SQL) page")
cat >"$OUT/api-own.sql" <<SQL
SELECT s.id, s.kind, s.updated_at, s.expires_at, u.id, u.email, u.full_name, u.enabled, u.is_admin,
  (SELECT $AGG(rp.permission, ',') FROM role_permissions rp WHERE u.is_admin = TRUE AND rp.role_id = u.role_id)
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = '$TOKEN_HASH' AND s.revoked_at IS NULL;
SELECT CAST(coalesce(sum(count), 0) AS BIGINT) FROM transaction_hours WHERE hour >= '$(date -u +%F) 00'
  AND hour < '$(date -u +%F) 23' AND network = 'main' AND ('' = '' OR type = '') AND (0 = 0 OR coin_id = 0);
SELECT count(*) FROM transactions t WHERE t.network = 'main' AND t.created_at >= '$(date -u +%F) 23:00:00$TZ_SUFFIX'
  AND t.created_at < '$(date -u -d tomorrow +%F) 00:00:00$TZ_SUFFIX';
$IDS_SQL;
SELECT t.id, t.user_id, u.email, $MONEY(t.amount), $MONEY(t.network_fee), $MONEY(t.commission), $MONEY(t.fee), t.type,
  t.network, t.is_exchange, t.hash, t.explorer_url, t.created_at, t.confirmations, t.max_confirmation, t.status,
  t.receiver_address, c.id, c.name, c.symbol, c.icon, w.id, w.name
  FROM transactions t JOIN users u ON u.id = t.user_id JOIN coins c ON c.id = t.coin_id
  JOIN wallets w ON w.id = t.wallet_id WHERE t.id IN ($IDS) ORDER BY t.created_at DESC, t.id DESC;
SQL
# The same statements through the server's own driver and settings, without HTTP: prepared every run (as a CLI
# runs a script) and kept prepared (as the server does).
engine_ms=$("$OUT/sqlrun" --db "$DB" --file "$OUT/api-own.sql" --repeat 500)
kept_ms=$("$OUT/sqlrun" --db "$DB" --file "$OUT/api-own.sql" --repeat 500 --kept)
driver() {
  printf -- "- the same statements through the server's driver alone (tools/sqlrun, no HTTP, 500 runs): %.2f ms prepared\n" "$engine_ms"
  printf -- "  every run, %.2f ms kept prepared\n" "$kept_ms"
}
floor() {
  printf -- "- the API's reply (%s bytes) sent back unchanged by a bare net/http server (tools/replyfloor, wrk -t1 -c1): %.2f ms\n" \
    "$(wc -c <"$OUT/page.json")" "$floor_ms"
}
if [ "$KIND" = sqlite ]; then
  # SQLite has no pgbench: the sqlite3 CLI runs the statements 500 times.
  for _ in $(seq 1 500); do cat "$OUT/api-own.sql"; done >"$OUT/api-own-500.sql"
  sqlite3 "${DB#sqlite:}" <"$OUT/api-own.sql" >/dev/null # warm
  start=$(date +%s.%N)
  sqlite3 "${DB#sqlite:}" <"$OUT/api-own-500.sql" >/dev/null
  own_ms=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN {printf "%.3f", (e - s) * 1000 / 500}')
  api_ms=$(api_page_ms)
  floor_ms=$(floor_page_ms)
  echo "**One History page, one client** (page 5 of the main network's last month, 25 rows; averages):"
  echo
  printf -- "- API: %.2f ms (wrk -t1 -c1, 10 s)\n" "$api_ms"
  printf -- "- the statements the API sends (session, hour counts, page ids, their rows), by the sqlite3 CLI: %.2f ms (500 runs)\n" "$own_ms"
  driver
  floor
  awk -v a="$api_ms" -v o="$own_ms" -v e="$engine_ms" -v k="$kept_ms" -v f="$floor_ms" 'BEGIN {
    if (a <= 0 || o <= 0 || e <= 0 || k <= 0 || f <= 0) { print "- ratio: not computed, a figure above is missing"; exit }
    printf "- ratio: the API takes %.2f x its own statements in the CLI; the driver alone %.2f x (prepared every run),\n", a / o, e / o
    printf "  %.2f x (kept prepared); the API %.2f x the driver alone with kept statements\n", k / o, a / k
    printf "- the floor (the reply alone plus the statements kept prepared): %.2f ms, %.2f x the CLI; the API'"'"'s own work\n", f + k, (f + k) / o
    printf "  (authenticating, typing the rows, encoding them) is the rest: %.2f ms\n", a - f - k }'
  exit 0
fi
cat >"$OUT/page.sql" <<SQL
SELECT count(*) FROM transactions t WHERE t.network = 'main'
  AND t.created_at >= '$FROM 00:00:00+00' AND t.created_at <= '$TO 23:59:59+00';
SELECT t.id, t.user_id, u.email, t.amount, t.network_fee, t.commission, t.fee, t.type, t.network, t.is_exchange, t.hash,
  t.explorer_url, t.created_at, t.confirmations, t.max_confirmation, t.status, t.receiver_address, c.id, c.name,
  c.symbol, c.icon, w.id, w.name
  FROM ($IDS_SQL) page
  JOIN transactions t ON t.id = page.id JOIN users u ON u.id = t.user_id JOIN coins c ON c.id = t.coin_id
  JOIN wallets w ON w.id = t.wallet_id ORDER BY t.created_at DESC, t.id DESC;
SQL
sed -n '/^SELECT t.id, t.user_id/,$p' "$OUT/page.sql" >"$OUT/page-only.sql"
pg_avg() { pgbench -n -c1 -T10 -f "$1" "$DB" 2>/dev/null | awk '/latency average/ {print $4}'; }
sql_ms=$(pg_avg "$OUT/page.sql")
page_ms=$(pg_avg "$OUT/page-only.sql")
own_ms=$(pg_avg "$OUT/api-own.sql")
api_ms=$(api_page_ms)
floor_ms=$(floor_page_ms)
echo "**One History page, one client** (page 5 of the main network's last month, 25 rows; averages over 10 s):"
echo
awk -v a="$api_ms" -v s="$sql_ms" -v p="$page_ms" -v o="$own_ms" 'BEGIN {
  printf "- API: %.2f ms (wrk -t1 -c1)\n", a
  printf "- the same SQL by pgbench -f: %.2f ms for the page and its count(*); %.2f ms for the page alone;\n", s, p
  printf "  %.2f ms for the statements the API sends (session, hour counts, page ids, their rows; in turn)\n", o
  if (a <= 0 || s <= 0 || p <= 0 || o <= 0) { print "- ratio: not computed, a figure above is missing"; exit }
  printf "- ratio: the API takes %.2f x the page and count; %.2f x the page alone; %.2f x its own statements\n",
    a / s, a / p, a / o }'
driver
floor
