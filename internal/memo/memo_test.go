package memo

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestComputesOncePerTTL(t *testing.T) {
	t.Parallel()
	now := time.Unix(0, 0)
	var mu sync.Mutex
	c := New(func() time.Time { mu.Lock(); defer mu.Unlock(); return now })
	var calls atomic.Int32
	gate := make(chan struct{}) // the computation waits here until every caller has asked
	compute := func(context.Context) (int, error) { calls.Add(1); <-gate; return 42, nil }
	var wg, asked sync.WaitGroup
	for i := 0; i < 20; i++ {
		asked.Add(1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			asked.Done()
			if v, err := Get(context.Background(), c, "k", time.Second, compute); v != 42 || err != nil {
				t.Errorf("got %d, %v", v, err)
			}
		}()
	}
	asked.Wait()
	close(gate)
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Fatalf("20 concurrent callers computed %d times, want 1", n)
	}
	mu.Lock()
	now = now.Add(1500 * time.Millisecond)
	mu.Unlock()
	// Expired: the old value comes back at once while one refresh runs (held until the test releases it).
	release, refreshed := make(chan struct{}), make(chan struct{})
	compute2 := func(context.Context) (int, error) {
		calls.Add(1)
		<-release
		defer close(refreshed)
		return 43, nil
	}
	if v, _ := Get(context.Background(), c, "k", time.Second, compute2); v != 42 {
		t.Fatalf("during the refresh: %d, want the stale 42", v)
	}
	if v, _ := Get(context.Background(), c, "k", time.Second, compute2); v != 42 {
		t.Fatalf("still refreshing: %d, want the stale 42", v)
	}
	close(release)
	<-refreshed
	for { // the refresh returned; its value lands right after
		if v, _ := Get(context.Background(), c, "k", time.Second, compute2); v == 43 {
			break
		}
		runtime.Gosched()
	}
	if n := calls.Load(); n != 2 {
		t.Fatalf("after the TTL: %d computations, want 2", n)
	}
}

func TestErrorsAreNotKept(t *testing.T) {
	t.Parallel()
	c := New(nil)
	fail := true
	compute := func(context.Context) (int, error) {
		if fail {
			return 0, errors.New("boom")
		}
		return 1, nil
	}
	if _, err := Get(context.Background(), c, "k", time.Hour, compute); err == nil {
		t.Fatal("want the error")
	}
	fail = false
	if v, err := Get(context.Background(), c, "k", time.Hour, compute); v != 1 || err != nil {
		t.Fatalf("retry: %d, %v", v, err)
	}
}

// A caller giving up must not cancel the computation others wait for.
func TestCallerCancellationDoesNotAbortTheComputation(t *testing.T) {
	t.Parallel()
	c := New(nil)
	release := make(chan struct{})
	started := make(chan struct{})
	compute := func(ctx context.Context) (int, error) {
		close(started)
		<-release
		return 7, ctx.Err()
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { _, err := Get(ctx, c, "k", time.Hour, compute); done <- err }()
	<-started // the computation runs: now the caller gives up
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled caller: %v", err)
	}
	close(release)
	if v, err := Get(context.Background(), c, "k", time.Hour, compute); v != 7 || err != nil {
		t.Fatalf("second caller: %d, %v", v, err)
	}
}

// Keys named after a day or an hour are asked for while it lasts, then
// never again: an hour after expiring they are dropped, while keys still
// asked for (served stale while refreshing) stay.
func TestForgetsKeysNobodyAsksForAgain(t *testing.T) {
	t.Parallel()
	now := time.Unix(0, 0)
	var mu sync.Mutex
	c := New(func() time.Time { mu.Lock(); defer mu.Unlock(); return now })
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	one := func(context.Context) (int, error) { return 1, nil }
	for day := range 5 {
		if _, err := Get(context.Background(), c, "days:"+time.Unix(0, 0).AddDate(0, 0, day).Format(time.DateOnly), time.Minute, one); err != nil {
			t.Fatal(err)
		}
		if _, err := Get(context.Background(), c, "polled", time.Minute, one); err != nil {
			t.Fatal(err)
		}
		advance(24 * time.Hour)
	}
	// The last day's key is not an hour past its expiry yet; "polled" was asked for every day.
	if n := c.Len(); n != 2 {
		t.Fatalf("%d keys kept, want 2 (the last day's and the polled one)", n)
	}
}

// A node idle for a while (or a refresh that takes long) never serves a value older than twice its TTL: past
// that, callers wait for the fresh one.
func TestNeverServesOlderThanTwiceTheTTL(t *testing.T) {
	t.Parallel()
	now := time.Unix(0, 0)
	var mu sync.Mutex
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	c := New(func() time.Time { mu.Lock(); defer mu.Unlock(); return now })
	ttl := 10 * time.Second
	first := func(context.Context) (int, error) { return 1, nil }
	if v, err := Get(context.Background(), c, "k", ttl, first); v != 1 || err != nil {
		t.Fatal(v, err)
	}
	release := make(chan struct{})
	defer close(release)
	slow := func(context.Context) (int, error) { <-release; return 2, nil }
	// A caller that cannot wait (its context is over) shows whether the value is served at once or waited for.
	gone, cancel := context.WithCancel(context.Background())
	cancel()
	advance(15 * time.Second) // 1.5 TTL old: served at once while the refresh runs
	if v, err := Get(gone, c, "k", ttl, slow); v != 1 || err != nil {
		t.Fatalf("at 1.5×TTL: %d, %v; want the stale 1 at once", v, err)
	}
	advance(5 * time.Second) // 2×TTL old: no longer served
	if v, err := Get(gone, c, "k", ttl, slow); !errors.Is(err, context.Canceled) {
		t.Fatalf("at 2×TTL: %d, %v; want to wait for the fresh value", v, err)
	}
}

// Ages tells how old each figure's served value is, on the cache's clock: the oldest of a figure's keys (named
// after days) while it would be served, the stale value while a refresh runs, and nothing once a value is past
// twice its TTL (the next caller waits for a fresh one).
func TestAgesPerFigure(t *testing.T) {
	t.Parallel()
	now := time.Unix(1000, 0)
	var mu sync.Mutex
	c := New(func() time.Time { mu.Lock(); defer mu.Unlock(); return now })
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	value := func(v int) func(context.Context) (int, error) {
		return func(context.Context) (int, error) { return v, nil }
	}
	ctx := context.Background()
	_, _ = Get(ctx, c, "days:2026-11-23", time.Minute, value(1))
	advance(10 * time.Second)
	_, _ = Get(ctx, c, "days:2026-11-24", time.Minute, value(2))
	_, _ = Get(ctx, c, "online", 5*time.Second, value(3))
	advance(4 * time.Second)
	ages := c.Ages()
	if ages["days"] != 14*time.Second || ages["online"] != 4*time.Second || len(ages) != 2 {
		t.Fatalf("ages %v; want days 14s (the older day), online 4s", ages)
	}
	// online expired at 5 s: while its refresh is held, the stale value (7 s old) is what callers get.
	advance(3 * time.Second)
	release := make(chan struct{})
	done := make(chan struct{})
	_, _ = Get(ctx, c, "online", 5*time.Second, func(context.Context) (int, error) {
		defer close(done)
		<-release
		return 4, nil
	})
	if age := c.Ages()["online"]; age != 7*time.Second {
		t.Fatalf("online while refreshing: %v, want the stale value's 7s", age)
	}
	advance(4 * time.Second) // the stale value is 11 s old: past twice its TTL, no longer served
	if age, ok := c.Ages()["online"]; ok {
		t.Fatalf("online past 2×TTL while refreshing: %v, want no age (callers wait)", age)
	}
	close(release)
	<-done
	for { // the refreshed value lands right after its computation returns, 0 s old
		if age, ok := c.Ages()["online"]; ok {
			if age != 0 {
				t.Fatalf("online refreshed: %v old, want 0s", age)
			}
			break
		}
		runtime.Gosched()
	}
	if f := Figure("tx:closed:2026-11-24"); f != "tx:closed" {
		t.Fatalf("Figure: %q", f)
	}
}
