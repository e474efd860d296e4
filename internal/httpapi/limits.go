package httpapi

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Limits of CSV exports (routes whose Rule is marked Export() in routes.go).
// An export streams a whole date range row by row and holds a database
// connection for as long as it runs, so one staff member (a stuck
// button, a script) could tie up the server. The limits sit well above what a
// person clicking "Download CSV" does, and are kept per server instance in
// memory: they protect that instance, unlike the sign-in throttle (which is
// in the database because it guards accounts).
const (
	// exportConcurrent is how many exports one staff member may run at once.
	exportConcurrent = 2
	// exportPerWindow exports may start per staff member within exportWindow.
	exportPerWindow = 10
	exportWindow    = time.Minute
	// exportBusyRetry is the Retry-After of a refusal for running too many at
	// once: an export of a typical range finishes within seconds.
	exportBusyRetry = 5 * time.Second
)

// exportLimiter counts running and recent exports per caller.
type exportLimiter struct {
	now     func() time.Time
	mu      sync.Mutex
	running map[string]int
	started map[string][]time.Time // start times within the window, oldest first
}

func newExportLimiter(now func() time.Time) *exportLimiter {
	return &exportLimiter{now: now, running: map[string]int{}, started: map[string][]time.Time{}}
}

// acquire admits an export for key, or tells how long to wait.
func (l *exportLimiter) acquire(key string) (ok bool, retryAfter time.Duration, message string) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	recent := l.started[key]
	for len(recent) > 0 && !recent[0].After(now.Add(-exportWindow)) {
		recent = recent[1:]
	}
	switch {
	case l.running[key] >= exportConcurrent:
		l.keep(key, recent)
		return false, exportBusyRetry, "You are already running " + strconv.Itoa(exportConcurrent) +
			" exports. Wait for one to finish."
	case len(recent) >= exportPerWindow:
		l.keep(key, recent)
		return false, recent[0].Add(exportWindow).Sub(now), "Too many exports in a short time. Try again shortly."
	}
	l.running[key]++
	l.started[key] = append(recent, now)
	return true, 0, ""
}

func (l *exportLimiter) keep(key string, recent []time.Time) {
	if len(recent) == 0 {
		delete(l.started, key)
		return
	}
	l.started[key] = recent
}

func (l *exportLimiter) release(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.running[key]--; l.running[key] <= 0 {
		delete(l.running, key)
	}
}

// limit wraps an export handler. It runs behind the guard, so the caller is
// known: the limits are per staff member (per IP for a caller without one).
func (l *exportLimiter) limit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := "ip:" + clientIP(r)
		if p := principal(r); p != nil {
			key = "user:" + strconv.FormatInt(p.UserID, 10)
		}
		ok, retry, message := l.acquire(key)
		if !ok {
			w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(max(retry.Seconds(), 1)))))
			writeError(w, r, Errorf(http.StatusTooManyRequests, message))
			return
		}
		defer l.release(key)
		next.ServeHTTP(w, r)
	})
}
