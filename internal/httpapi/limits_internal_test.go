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
)

// TestExportLimiterConcurrency runs exports that block until released: a
// staff member gets exportConcurrent at once, the next is 429 with
// Retry-After, another staff member is not affected, and a finished export
// frees its slot.
func TestExportLimiterConcurrency(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	l := newExportLimiter(func() time.Time { return now })
	release := make(chan struct{})
	var started sync.WaitGroup
	h := l.limit(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
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
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	l := newExportLimiter(func() time.Time { return now })
	for i := range exportPerWindow {
		ok, _, _ := l.acquire("user:1")
		if !ok {
			t.Fatalf("export %d refused", i+1)
		}
		l.release("user:1")
		now = now.Add(time.Second)
	}
	ok, retry, _ := l.acquire("user:1")
	// The first export started 10 s ago: a slot opens when it leaves the window.
	if ok || retry != exportWindow-time.Duration(exportPerWindow)*time.Second {
		t.Fatalf("over the window's limit: ok=%v retry=%v", ok, retry)
	}
	now = now.Add(retry)
	if ok, _, _ := l.acquire("user:1"); !ok {
		t.Fatal("a slot must open once the oldest export leaves the window")
	}
	if len(l.started["user:1"]) != exportPerWindow {
		t.Fatalf("window holds %d starts, want %d", len(l.started["user:1"]), exportPerWindow)
	}
}
