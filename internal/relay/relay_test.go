package relay_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"xapa/backoffice/internal/relay"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

var errStop = errors.New("a person must look")

// The loop runs Step again at once while it says more, waits Poll when it
// does not or when it fails, and the wait Pause gives for the failures it
// takes. Two nodes: one delivers.
func TestLoop(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var mu sync.Mutex
		var waits []time.Duration
		steps := 0
		results := []error{nil, nil, errors.New("the receiver answered 500"), errStop, nil}
		after := func(d time.Duration) <-chan time.Time {
			mu.Lock()
			defer mu.Unlock()
			waits = append(waits, d)
			ch := make(chan time.Time, 1)
			ch <- time.Time{}
			return ch
		}
		var running, most int
		step := func(context.Context) (bool, error) {
			mu.Lock()
			running++
			most = max(most, running)
			mu.Unlock()
			time.Sleep(time.Millisecond) // long enough for another node to overlap, were it let in
			mu.Lock()
			defer mu.Unlock()
			running--
			steps++
			if steps > len(results) {
				cancel()
				return false, nil
			}
			return steps == 1, results[steps-1] // the first pass finds more at once
		}
		l := relay.Loop{Name: "test", Lock: 99, Leader: time.Hour, Poll: time.Second, After: after, Step: step,
			Pause: func(_ context.Context, err error) time.Duration {
				if errors.Is(err, errStop) {
					return time.Minute
				}
				return 0
			}}
		var wg sync.WaitGroup
		for range 2 { // two nodes
			wg.Add(1)
			go func() { defer wg.Done(); l.Run(ctx, db) }()
		}
		<-ctx.Done()
		wg.Wait()
		mu.Lock()
		defer mu.Unlock()
		want := []time.Duration{time.Second, time.Second, time.Minute, time.Second}
		if len(waits) < len(want) {
			t.Fatalf("waits %v, want %v first", waits, want)
		}
		for i, w := range want {
			if waits[i] != w {
				t.Errorf("waits %v, want %v first", waits, want)
				break
			}
		}
		if most != 1 {
			t.Errorf("%d passes ran at once, want one node at a time", most)
		}
	})
}
