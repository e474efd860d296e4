#!/usr/bin/env bash
# Runs test suites and prints one summary of them (make test and .ci/run).
#
#   scripts/suite.sh reset                  forget the suites run so far
#   scripts/suite.sh run NAME -- CMD...     run CMD as suite NAME: time it, keep its counts
#   scripts/suite.sh report                 print every suite's counts and seconds; exit 1 if one failed
#
# CMD writes "passed failed skipped" to the file named by $SUITE_COUNTS (the Go, Vitest and Playwright
# runners of this repository do). A command that writes nothing counts as one check: passed or failed.
set -uo pipefail

dir="${SUITE_DIR:-$(cd "$(dirname "$0")/.." && pwd)/.test-summary}"
table="$dir/suites.tsv"

case "${1:-}" in
reset)
  rm -rf "$dir"
  mkdir -p "$dir"
  ;;
run)
  name="$2"
  shift 2
  [ "${1:-}" = "--" ] && shift
  mkdir -p "$dir"
  export SUITE_COUNTS
  SUITE_COUNTS="$(mktemp "$dir/counts.XXXXXX")"
  start=$(date +%s.%N)
  "$@"
  code=$?
  seconds=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.0f", e - s }')
  read -r passed failed skipped < <(awk '{ p += $1; f += $2; s += $3 } END { print p + 0, f + 0, s + 0 }' "$SUITE_COUNTS")
  if [ ! -s "$SUITE_COUNTS" ]; then
    passed=$((code == 0 ? 1 : 0))
    failed=$((code == 0 ? 0 : 1))
  fi
  rm -f "$SUITE_COUNTS"
  # A runner that failed without a failed test (a build error, a crash) counts as one failure.
  if [ "$code" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
  result=passed
  if [ "$code" -ne 0 ]; then result=FAILED; fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$result" "$passed" "$failed" "$skipped" "$seconds" >>"$table"
  exit "$code"
  ;;
report)
  echo
  echo "== Summary"
  if [ ! -s "$table" ]; then
    echo "no suite ran"
    exit 1
  fi
  awk -F'\t' '
    BEGIN { printf "  %-28s %-7s %7s %7s %8s %8s\n", "suite", "result", "passed", "failed", "skipped", "seconds" }
    { printf "  %-28s %-7s %7d %7d %8d %8d\n", $1, $2, $3, $4, $5, $6; p += $3; f += $4; s += $5; t += $6
      if ($2 != "passed") bad = 1 }
    END { printf "  %-28s %-7s %7d %7d %8d %8d\n", "all suites", bad ? "FAILED" : "passed", p, f, s, t
          printf "total: %d passed, %d failed, %d skipped\n", p, f, s
          exit bad }' "$table"
  ;;
*)
  sed -n '2,9p' "$0"
  exit 2
  ;;
esac
