# Sourced by the bench scripts: the server's memory sampled without starting a process for each sample. A sampler
# that ran awk and sleep ten times a second took about 0.4 s of CPU from a 4.5 s export of PostgreSQL's on two
# cores (measured with bench/bench.sh).

exec {NAP_FD}<> <(:) # a pipe that nobody writes to: a read of it with a timeout sleeps
# nap SECONDS: sleeps without starting a process.
nap() { read -rt "$1" -u "$NAP_FD" _ || true; }

# anon PID: sets ANON_KB to the process's anonymous resident memory (RssAnon, kB: file pages read through a memory
# map are the kernel's cache), 0 once it has ended.
anon() {
  local k v _
  ANON_KB=0
  [ -r "/proc/$1/status" ] || return 0
  while read -r k v _; do
    if [ "$k" = RssAnon: ]; then ANON_KB=$v && return 0; fi
  done <"/proc/$1/status"
}
