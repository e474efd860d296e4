package main

import (
	"math"
	"os"
	"runtime/debug"
	"testing"

	"xapa/backoffice/internal/store"
)

// serve sets the soft memory limit on SQLite only, and never over
// GOMEMLIMIT.
func TestLimitMemory(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
	for _, c := range []struct {
		name    string
		dialect store.Dialect
		env     string // "" leaves GOMEMLIMIT unset
		want    int64
	}{
		{"sqlite", store.SQLite, "", embeddedMemoryLimit},
		{"postgres", store.Postgres, "", math.MaxInt64},
		{"sqlite with GOMEMLIMIT", store.SQLite, "off", math.MaxInt64},
	} {
		t.Run(c.name, func(t *testing.T) {
			debug.SetMemoryLimit(math.MaxInt64)
			if c.env != "" {
				t.Setenv("GOMEMLIMIT", c.env)
			} else {
				t.Setenv("GOMEMLIMIT", "") // restored after the test; unset during it
				if err := os.Unsetenv("GOMEMLIMIT"); err != nil {
					t.Fatal(err)
				}
			}
			limitMemory(c.dialect)
			if got := debug.SetMemoryLimit(-1); got != c.want {
				t.Errorf("limit %d, want %d", got, c.want)
			}
		})
	}
}
