package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/ratelimit"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// TestExportLimiterConcurrency runs exports that block until released: a
// staff member gets exportConcurrent at once, the next is 429 with
// Retry-After, another staff member is not affected, and a finished export
// frees its slot.
func TestExportLimiterConcurrency(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) { exportConcurrency(t, db) })
}

func exportConcurrency(t *testing.T, db *store.DB) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	// A pool of 40: ten export slots, so the node's own bound is not what this test meets.
	l := newExportLimiter(ratelimit.New(db, func() time.Time { return now }), 40)
	release := make(chan struct{})
	var started sync.WaitGroup
	h := l.limit(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		started.Done()
		<-release
		w.WriteHeader(http.StatusOK)
	}))
	call := func(userID int64) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", "/api/admin/audit/CSV", nil)
		req = req.WithContext(context.WithValue(req.Context(), principalKey{}, &auth.Principal{UserID: userID}))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	var done sync.WaitGroup
	for range exportConcurrent {
		started.Add(1)
		done.Add(1)
		go func() { defer done.Done(); call(1) }()
	}
	started.Wait()
	rec := call(1)
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "5" ||
		!strings.Contains(rec.Body.String(), `"code":429`) || !strings.Contains(rec.Body.String(), `"errors":[]`) {
		t.Fatalf("third concurrent export: %d Retry-After %q %s", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}
	started.Add(1)
	done.Add(1)
	go func() { defer done.Done(); call(2) }() // someone else is not held up
	started.Wait()
	close(release)
	done.Wait()
	started.Add(1) // the handler's Done for the next call; release is closed, so it returns at once
	if rec := call(1); rec.Code != http.StatusOK {
		t.Fatalf("after the exports finished: %d", rec.Code)
	}
}

func TestExportLimiterWindow(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
		l := newExportLimiter(ratelimit.New(db, func() time.Time { return now }), 8)
		acquire := func() (bool, time.Duration) {
			t.Helper()
			ok, retry, _, err := l.acquire(ctx, "user:1")
			if err != nil {
				t.Fatal(err)
			}
			return ok, retry
		}
		for i := range exportPerWindow {
			if ok, _ := acquire(); !ok {
				t.Fatalf("export %d refused", i+1)
			}
			l.release(ctx, "user:1")
			now = now.Add(time.Second)
		}
		// The tenth start, 9 s ago, reached the limit: the window runs a minute from it.
		ok, retry := acquire()
		if ok || retry != exportWindow-time.Second {
			t.Fatalf("over the window's limit: ok=%v retry=%v", ok, retry)
		}
		now = now.Add(retry)
		if ok, _ := acquire(); !ok {
			t.Fatal("a start must be allowed once the window is over")
		}
		// A refused start gave its running slot back: two may still run at once.
		l.release(ctx, "user:1")
		for range exportConcurrent {
			if ok, _ := acquire(); !ok {
				t.Fatal("a refused start kept a running slot")
			}
		}
	})
}
