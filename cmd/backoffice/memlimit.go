package main

import (
	"log/slog"
	"os"
	"runtime/debug"

	"xapa/backoffice/internal/store"
)

// embeddedMemoryLimit is the Go heap's soft limit that serve sets on the
// embedded database (SQLite) when GOMEMLIMIT is not set. The export's
// garbage grew the heap to twice what it holds between collections; at 40 MiB
// the process stays under 60 MB at 5M transactions, the export 6% slower
// (docs/decisions/0006-performance.md, "Memory on SQLite"). A soft limit: the heap
// may pass it when it must, and the collector then takes at most half the CPU.
const embeddedMemoryLimit = 40 << 20

// limitMemory sets embeddedMemoryLimit on SQLite unless GOMEMLIMIT (Go's own
// setting, "off" included) says otherwise; PostgreSQL's servers are sized
// by their operators.
func limitMemory(d store.Dialect) {
	if d != store.SQLite {
		return
	}
	if v, set := os.LookupEnv("GOMEMLIMIT"); set {
		slog.Info("memory: GOMEMLIMIT set", "GOMEMLIMIT", v)
		return
	}
	debug.SetMemoryLimit(embeddedMemoryLimit)
	slog.Info("memory: soft limit of the Go heap on the embedded database (GOMEMLIMIT overrides it)", "MiB", embeddedMemoryLimit>>20)
}
