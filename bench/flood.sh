#!/usr/bin/env bash
# The anonymous flood of decision 0003's attack 1, measured on the real binary: FLOOD_CONNECTIONS (default 200)
# connections post made-up reset tokens to /api/password/reset/confirm, each request from a new address, while
# 4 connections ask for captcha challenges. Before the hardening this took the server from 80 MB to 3.97 GB and
# the captcha to 3-8 s. Prints the server's resident memory before and during the flood, the captcha's latency,
# and the flood's rate.
#   bench/flood.sh [DB_URL]     default: a fresh demo SQLite database in $BENCH_TMP
# Needs wrk and a built bin/backoffice. With a PostgreSQL URL, BACKOFFICE_SECRETS_KEY_FILE must name its key file.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${BENCH_TMP:-/tmp/backoffice-flood}
mkdir -p "$OUT"
DB=${1:-sqlite:$OUT/flood.db}
PORT=${PORT:-18183}
DURATION=${DURATION:-30}
CONNS=${FLOOD_CONNECTIONS:-200}
BIN=${BIN:-bin/backoffice}
URL=http://127.0.0.1:$PORT
command -v wrk >/dev/null || { echo "flood: wrk is missing (apt-get install -y wrk)"; exit 1; }

# --demo fills an empty database (and leaves a filled one as it is).
$BIN serve --addr 127.0.0.1:$PORT --db "$DB" --trusted-proxies 127.0.0.1/32 --log-level warn --demo --demo-live=false \
  >"$OUT/server.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null || true' EXIT
for _ in $(seq 1 300); do curl -sf "$URL/healthz" >/dev/null && break; sleep 0.2; done
hwm() { awk '/VmHWM/ {printf "%.0f", $2/1024}' /proc/$PID/status; }
rss() { awk '/VmRSS/ {printf "%.0f", $2/1024}' /proc/$PID/status; }

# Alone first: the captcha's latency on an idle server, and the memory it settles at.
TARGET=captcha wrk -t1 -c4 -d5s -s bench/flood.lua "$URL" | grep '^FLOOD' | sed 's/^FLOOD/idle:/'
before=$(rss)
# The server's resident memory, sampled every half second while the flood runs: its highest value.
( top=0; while kill -0 $PID 2>/dev/null; do r=$(rss); [ "$r" -gt "$top" ] && top=$r && echo "$top" >"$OUT/rss-top"; sleep 0.5; done ) &
SAMPLER=$!
TARGET=confirm wrk -t2 -c"$CONNS" -d"${DURATION}s" --timeout 10s -s bench/flood.lua "$URL" >"$OUT/flood.txt" &
FLOOD=$!
sleep 2
TARGET=captcha wrk -t1 -c4 -d"$((DURATION - 4))s" --timeout 10s -s bench/flood.lua "$URL" | grep '^FLOOD' | sed 's/^FLOOD/under the flood:/'
wait $FLOOD
grep '^FLOOD' "$OUT/flood.txt" | sed 's/^FLOOD/the flood:/'
kill $SAMPLER 2>/dev/null || true
top=$(cat "$OUT/rss-top")
echo "server memory: ${before} MB resident before the flood, at most ${top} MB during it (growth $((top - before)) MB); peak of the whole run (demo data included) $(hwm) MB"
