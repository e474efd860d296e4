package ratelimit_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"xapa/backoffice/internal/ratelimit"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.t = c.t.Add(d) }

var codes = ratelimit.Rule{Name: "code", Limit: 5, Window: 15 * time.Minute}

// 40 hits racing for a limit of 5: exactly 5 pass, whatever the interleaving.
func TestConcurrentHitsNeverPassTheLimit(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		l := ratelimit.New(db, nil)
		var allowed atomic.Int32
		var wg sync.WaitGroup
		start := make(chan struct{})
		for range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				d, err := l.Take(context.Background(), codes, "user:1")
				if err != nil {
					t.Error(err)
					return
				}
				if d.Allowed {
					allowed.Add(1)
				}
			}()
		}
		close(start)
		wg.Wait()
		if got := allowed.Load(); got != 5 {
			t.Fatalf("%d of 40 concurrent hits allowed, want exactly 5", got)
		}
	})
}

func TestWindowsLockoutRefundAndReset(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c := &clock{t: time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)}
		l := ratelimit.New(db, c.now)
		take := func(key string) ratelimit.Decision {
			t.Helper()
			d, err := l.Take(ctx, codes, key)
			if err != nil {
				t.Fatal(err)
			}
			return d
		}
		// Four hits early in the window, the fifth 14 minutes later: the fifth reaches the limit and shuts the
		// bucket for a whole window from then, not from the first hit.
		for range 4 {
			if !take("a").Allowed {
				t.Fatal("refused below the limit")
			}
		}
		c.add(14 * time.Minute)
		if d := take("a"); !d.Allowed || d.Hits != 5 {
			t.Fatalf("fifth hit: %+v", d)
		}
		c.add(2 * time.Minute) // 16 minutes after the first hit
		d := take("a")
		if d.Allowed || d.RetryAfter != 13*time.Minute {
			t.Fatalf("after the limit: %+v; want refused for the 13 minutes left of the lockout", d)
		}
		c.add(13*time.Minute + time.Second)
		if d := take("a"); !d.Allowed || d.Hits != 1 {
			t.Fatalf("after the lockout: %+v; want a fresh window", d)
		}

		// Other keys are other buckets; a refund gives a hit back; a reset forgets them all.
		for range 5 {
			take("b")
		}
		if err := l.Refund(ctx, codes, "b"); err != nil {
			t.Fatal(err)
		}
		if d := take("b"); !d.Allowed || d.Hits != 5 {
			t.Fatalf("after a refund: %+v", d)
		}
		if d := take("b"); d.Allowed {
			t.Fatalf("over the limit: %+v", d)
		}
		if err := l.Reset(ctx, codes, "b"); err != nil {
			t.Fatal(err)
		}
		if d := take("b"); !d.Allowed || d.Hits != 1 {
			t.Fatalf("after a reset: %+v", d)
		}

		// Pruning drops buckets whose window is over, and only those.
		c.add(ratelimit.MaxWindow - time.Minute)
		take("c")
		if n, err := l.Prune(ctx); err != nil || n != 0 {
			t.Fatalf("pruned %d, %v; want none within MaxWindow", n, err)
		}
		c.add(2 * time.Minute)
		if n, err := l.Prune(ctx); err != nil || n != 2 {
			t.Fatalf("pruned %d, %v; want the 2 old buckets", n, err)
		}
	})
}

func TestClientKey(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"192.0.2.10":               "192.0.2.10",
		"::ffff:192.0.2.10":        "192.0.2.10",
		"2001:db8:1:2:aaaa::1":     "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff:1:2:3":  "2001:db8:1:2::/64",
		"2001:db8:1:3::1":          "2001:db8:1:3::/64",
		"not an address, as it is": "not an address, as it is",
	} {
		if got := ratelimit.ClientKey(in); got != want {
			t.Errorf("ClientKey(%q) = %q, want %q", in, got, want)
		}
	}
}
