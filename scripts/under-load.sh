#!/usr/bin/env bash
# Runs a command beside CPU hogs, as on a CI machine shared with other work, and prints how long it took.
#
#   scripts/under-load.sh [-n HOGS] -- CMD...
#   scripts/under-load.sh -- make test-web
#   scripts/under-load.sh -n 4 -- make test-e2e
#
# HOGS defaults to 2: one busy process per core of this 2-core machine. The hogs are stress-ng workers (Debian's
# stress-ng package); they stop when the command ends, however it ends. The exit status is the command's.
set -uo pipefail

hogs=2
while [ $# -gt 0 ]; do
  case "$1" in
  -n) hogs="$2"; shift 2 ;;
  --) shift; break ;;
  *) break ;;
  esac
done
if [ $# -eq 0 ]; then
  echo "usage: scripts/under-load.sh [-n HOGS] -- CMD..." >&2
  exit 2
fi
if ! command -v stress-ng >/dev/null 2>&1; then
  echo "stress-ng is missing: apt-get install stress-ng" >&2
  exit 2
fi

stress-ng --cpu "$hogs" --quiet &
hog_pid=$!
trap 'kill "$hog_pid" 2>/dev/null; wait "$hog_pid" 2>/dev/null' EXIT

start=$(date +%s)
"$@"
code=$?
echo "under-load: '$*' beside $hogs CPU hogs exited $code after $(($(date +%s) - start)) s"
exit "$code"
