#!/usr/bin/env bash
# The core's events in, measured beside the database's own bulk tool, on a database seeded by `backoffice seed`
# (its customers and wallets came from the demo's core, so the bench core can name them):
#   1. the bulk tool (psql \copy, sqlite3 .import) loading the rows the events leave: the new transactions at their
#      last versions;
#   2. `backoffice import` of the events file;
#   3. the events published to NATS JetStream as fast as it takes them, into `backoffice serve --nats-url`, from the
#      first publish to the last commit;
#   4. freshness: events published at RATE events/s for DURATION s, from publish to visible (committed, read by a
#      reader of the table every 20 ms), while History pages are read at ~200 requests/s; and those pages' latency
#      without the events.
#   5. with REPLAY=N: N events made on the fly through JetStream, the rate of each tenth (the tables grow by 0.6 N
#      rows meanwhile) and the server's anonymous memory, sampled every second.
# Each step runs on its own fresh copy of the database.
#   bench/ingest.sh DB_URL      EVENTS (default 200000; 60% new transactions, 40% later versions), RATE (2000),
#                               DURATION (30), REPLAY (0: none), STEPS (default "bulk import live fresh": the
#                               steps 1 to 4 to run; ROUNDS=N runs steps 1 and 2 N times, alternated)
# Needs psql or sqlite3, nats-server, wrk, curl; a built bin/backoffice. Prints Markdown for results.md.
set -euo pipefail
cd "$(dirname "$0")/.."
DB=${1:?usage: bench/ingest.sh DB_URL}
EVENTS=${EVENTS:-200000}
RATE=${RATE:-2000}
DURATION=${DURATION:-30}
BIN=${BIN:-bin/backoffice}
KIND=${DB%%:*}
OUT=${BENCH_TMP:-/tmp/backoffice-bench}/ingest-$KIND
mkdir -p "$OUT"
PORT=${PORT:-18191}
URL=http://127.0.0.1:$PORT
NATS_BIN=$(command -v nats-server || echo /usr/sbin/nats-server)

go build -o "$OUT/corebench" ./tools/corebench
"$OUT/corebench" make --db "$DB" --events "$EVENTS" --out "$OUT"
ROWS=$(wc -l <"$OUT/rows.csv")

# fresh: a new copy of DB, its URL in COPY.
fresh() {
  if [ "$KIND" = sqlite ]; then
    local src=${DB#sqlite:}
    sqlite3 "$src" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
    rm -f "$OUT/copy.db" "$OUT/copy.db"-* # -wal, -shm, and the counts of reads (-reads)
    cp "$src" "$OUT/copy.db"
    # The key file the database was sealed with, when it lies beside it (else BACKOFFICE_SECRETS_KEY_FILE names it).
    if [ -f "$src.key" ]; then cp "$src.key" "$OUT/copy.db.key"; fi
    sync # else the copy's writeback runs during the step measured
    COPY=sqlite:$OUT/copy.db
  else
    local base=${DB%/*} name=${DB##*/}
    psql -q "$base/postgres" -c "DROP DATABASE IF EXISTS ${name}_ingest" -c "CREATE DATABASE ${name}_ingest TEMPLATE $name"
    COPY=$base/${name}_ingest
  fi
}

seconds() { local s=$(date +%s.%N); "$@" >"$OUT/step.log" 2>&1; echo "$(date +%s.%N) - $s" | bc; }

STEPS=${STEPS:-bulk import live fresh}
step() { [[ " $STEPS " == *" $1 "* ]]; }
ROUNDS=${ROUNDS:-1}
bulk=0 import=0 bulks=() imports=()
tool="psql \\copy"
[ "$KIND" = sqlite ] && tool="sqlite3 .import"
# median of the numbers given
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
for _ in $(seq 1 "$ROUNDS"); do
  if step bulk; then
    fresh
    if [ "$KIND" = sqlite ]; then
      bulks+=("$(seconds sqlite3 "${COPY#sqlite:}" ".mode csv" ".import $OUT/rows.csv transactions")")
    else
      bulks+=("$(seconds psql -q "$COPY" -c "\\copy transactions FROM '$OUT/rows.csv' CSV")")
    fi
    bulk=$(median "${bulks[@]}")
  fi
  if step import; then
    fresh
    imports+=("$(seconds "$BIN" import --db "$COPY" --file "$OUT/events.ndjson")")
    grep -q "rejected 0" "$OUT/step.log" || { cat "$OUT/step.log"; exit 1; }
    import=$(median "${imports[@]}")
  fi
done

# A private NATS server and a node consuming from it, on the copy.
NATS_PORT=$((PORT + 1))
serve() {
  rm -rf "$OUT/nats"
  "$NATS_BIN" -js -a 127.0.0.1 -p $NATS_PORT -sd "$OUT/nats" >"$OUT/nats.log" 2>&1 &
  NATS_PID=$!
  for _ in $(seq 1 100); do (echo >/dev/tcp/127.0.0.1/$NATS_PORT) 2>/dev/null && break; sleep 0.1; done
  "$BIN" serve --addr 127.0.0.1:$PORT --db "$COPY" --nats-url nats://127.0.0.1:$NATS_PORT --log-level info >"$OUT/server.log" 2>&1 &
  PID=$!
  for _ in $(seq 1 600); do grep -q "caches warm" "$OUT/server.log" && break; sleep 0.2; done
}
PID= NATS_PID=
stop() {
  [ -n "$PID" ] || return 0
  kill $PID $NATS_PID 2>/dev/null || true
  wait $PID $NATS_PID 2>/dev/null || true
  PID= NATS_PID=
}
trap 'stop' EXIT

live="- - - 0"
if step live; then
  fresh
  serve
  live=$("$OUT/corebench" live --db "$COPY" --nats nats://127.0.0.1:$NATS_PORT --file "$OUT/events.ndjson" | tail -1)
  stop
fi

quiet=- busy=- freshness="not run"
if step fresh; then
fresh
serve
export TOKEN=$($BIN admin token --db "$COPY" --username demo)
export MIN_DATE=$(date -u -d '30 days ago' '+%Y-%m-%d%%2000:00:00') MAX_DATE=$(date -u '+%Y-%m-%d%%2023:59:59')
p99() { DELAY_MS=95 wrk -t2 -c20 -d"${1}s" --latency -s bench/history.lua "$URL" | awk '$1 == "99%" {print $2}'; }
quiet=$(p99 "$DURATION")
p99 "$DURATION" >"$OUT/busy.txt" &
WRK=$!
freshness=$("$OUT/corebench" fresh --db "$COPY" --nats nats://127.0.0.1:$NATS_PORT --rate "$RATE" --seconds "$DURATION")
wait $WRK
busy=$(cat "$OUT/busy.txt")
stop
fi

if [ "${REPLAY:-0}" -gt 0 ]; then
  source bench/sample.sh
  fresh
  serve
  anon $PID
  first=$ANON_KB
  highest=$first
  "$OUT/corebench" live --db "$COPY" --nats nats://127.0.0.1:$NATS_PORT --events "$REPLAY" >"$OUT/replay.txt" &
  REPLAYER=$!
  while kill -0 $REPLAYER 2>/dev/null; do
    anon $PID
    [ "$ANON_KB" -gt "$highest" ] && highest=$ANON_KB
    nap 1
  done
  wait $REPLAYER
  anon $PID
  last=$ANON_KB
  stop
fi

rate() { [ "$2" = 0 ] && { echo -; return; }; echo "$1 / $2" | bc -l | xargs printf "%.0f"; }
pct() { [ "$2" = 0 ] && { echo 0; return; }; echo "100 * $1 / $2" | bc -l; }
echo "\`bench/ingest.sh $DB\` ($EVENTS events of \`xapa.transaction.v1\`: 60% new transactions, 40% later versions; they leave $ROWS rows)"
echo
echo "| way in | seconds | rate | against $tool |"
echo "| --- | --- | --- | --- |"
printf "| %s of the %d rows | %.2f | %s rows/s | 100%% |\n" "$tool" "$ROWS" "$bulk" "$(rate "$ROWS" "$bulk")"
printf "| \`backoffice import\` of the events | %.2f | %s events/s | %.0f%% |\n" "$import" "$(rate "$EVENTS" "$import")" \
  "$(pct "$bulk" "$import")"
live_s=$(echo "$live" | awk '{print $4}')
step live && printf "| NATS JetStream into \`serve --nats-url\`, publish to commit | %.2f | %s events/s | %.0f%% |\n" "$live_s" \
  "$(rate "$EVENTS" "$live_s")" "$(pct "$bulk" "$live_s")"
if [ "$ROUNDS" -gt 1 ]; then
  echo
  echo "Medians of $ROUNDS alternated rounds; each round's seconds: $tool ${bulks[*]:-}; import ${imports[*]:-}."
fi
echo
step fresh && echo "Freshness: $freshness. History pages at ~200 requests/s: p99 $quiet without the events, $busy with them."
if [ "${REPLAY:-0}" -gt 0 ]; then
  echo
  echo "Replay of $REPLAY events through JetStream: $(tail -1 "$OUT/replay.txt"); each tenth's rate:" \
    "$(grep tenth "$OUT/replay.txt" | awk '{printf "%s%s", (NR > 1 ? ", " : ""), $3}') events/s. Server memory" \
    "(anonymous): $((first / 1024)) MB warm before, $((highest / 1024)) MB at most, $((last / 1024)) MB at the end."
fi
