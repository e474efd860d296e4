package store_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// Work under WithLock never overlaps, whichever connection each caller holds (as nodes would).
func TestWithLockSerializes(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		var inside, most atomic.Int32
		var wg sync.WaitGroup
		start := make(chan struct{})
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				err := db.WithLock(ctx, 77, func() error {
					n := inside.Add(1)
					// Raise the record unless another goroutine raised it past n first.
					m := most.Load()
					for n > m && !most.CompareAndSwap(m, n) {
						m = most.Load()
					}
					var one int
					err := db.QueryRowContext(ctx, `SELECT 1`).Scan(&one) // give another caller time to get in, if it could
					inside.Add(-1)
					return err
				})
				if err != nil {
					t.Error(err)
				}
			}()
		}
		close(start)
		wg.Wait()
		if most.Load() != 1 {
			t.Fatalf("%d callers inside the lock at once; want 1", most.Load())
		}
	})
}

// Two nodes lead one piece of work: one runs it; when it stops, the other takes over.
func TestLeadHandsOver(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		leading := make(chan int, 4)
		var running atomic.Int32
		nodes := make([]context.CancelFunc, 2)
		done := make(chan struct{}, 2)
		for i := range nodes {
			ctx, cancel := context.WithCancel(context.Background())
			nodes[i] = cancel
			go func() {
				db.Lead(ctx, 78, 10*time.Millisecond, func(held context.Context) {
					if running.Add(1) != 1 {
						t.Error("two leaders at once")
					}
					leading <- i
					<-held.Done()
					running.Add(-1)
				})
				done <- struct{}{}
			}()
		}
		first := <-leading
		nodes[first]() // the leader stops
		second := <-leading
		if second == first {
			t.Fatalf("node %d led again after it stopped", first)
		}
		nodes[second]()
		<-done
		<-done
	})
}

// A node whose binary needs a migration the database lacks is not ready (its /readyz answers 503).
func TestMigrated(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if ok, err := db.Migrated(ctx); err != nil || !ok {
			t.Fatalf("after migrating: %v %v", ok, err)
		}
		if _, err := db.ExecContext(ctx, `DELETE FROM goose_db_version WHERE version_id = (SELECT max(version_id) FROM goose_db_version)`); err != nil {
			t.Fatal(err)
		}
		if ok, err := db.Migrated(ctx); err != nil || ok {
			t.Fatalf("one migration short: %v %v; want false", ok, err)
		}
	})
}
