package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"xapa/backoffice/internal/ratelimit"
)

// Limits of CSV exports (routes whose Rule is marked Export() in routes.go).
// An export streams a whole date range row by row and holds a database
// connection while its client reads, so one staff member (a stuck button, a
// script) could tie up the server. The limits sit well above what a person
// clicking "Download CSV" does. They are counted in the database
// (internal/ratelimit), like the sign-in limits, so they hold across the
// nodes behind a load balancer.
var (
	// exportsRunning counts one staff member's running exports: at most
	// exportConcurrent at once. An export's hit is given back when it ends; a
	// node that dies mid-export leaves its hit for at most the window.
	exportsRunning = ratelimit.Rule{Name: "exports-running", Limit: exportConcurrent, Window: 10 * time.Minute}
	// exportStarts: at most exportPerWindow exports may start per staff member
	// within exportWindow.
	exportStarts = ratelimit.Rule{Name: "export-starts", Limit: exportPerWindow, Window: exportWindow}
)

const (
	exportConcurrent = 2
	exportPerWindow  = 10
	exportWindow     = time.Minute
	// exportBusyRetry is the Retry-After of a refusal for running too many at
	// once: an export of a typical range finishes within seconds.
	exportBusyRetry = 5 * time.Second
)

// exportLimiter counts running and recent exports per caller, and bounds
// this node's exports running at once (slots): each holds a database
// connection while its client keeps reading (store.EachNewest gives it back
// within store.Pause once the client stops, and csvout.StallTimeout ends the
// download after 60 s), so exports together may take at most a quarter of
// the pool, never all of it: sign-ins and pages keep theirs.
type exportLimiter struct {
	limits *ratelimit.Limiter
	slots  chan struct{}
}

// exportSlotWait is how long an export waits for one of the node's slots
// before it is refused (503 with Retry-After).
const exportSlotWait = 2 * time.Second

func newExportLimiter(limits *ratelimit.Limiter, poolSize int) *exportLimiter {
	if poolSize <= 0 {
		poolSize = 16 // a pool without a cap: four slots
	}
	return &exportLimiter{limits: limits, slots: make(chan struct{}, max(1, poolSize/4))}
}

// slot takes one of the node's export slots, waiting exportSlotWait at most.
func (l *exportLimiter) slot(ctx context.Context) (release func(), ok bool) {
	t := time.NewTimer(exportSlotWait)
	defer t.Stop()
	select {
	case l.slots <- struct{}{}:
		return func() { <-l.slots }, true
	case <-t.C:
	case <-ctx.Done():
	}
	return nil, false
}

// acquire admits an export for key, or tells how long to wait.
func (l *exportLimiter) acquire(ctx context.Context, key string) (ok bool, retryAfter time.Duration, message string, err error) {
	running, err := l.limits.Take(ctx, exportsRunning, key)
	if err != nil {
		return false, 0, "", err
	}
	if !running.Allowed {
		return false, exportBusyRetry, "You are already running " + strconv.Itoa(exportConcurrent) +
			" exports. Wait for one to finish.", l.limits.Refund(ctx, exportsRunning, key)
	}
	started, err := l.limits.Take(ctx, exportStarts, key)
	if err == nil && started.Allowed {
		return true, 0, "", nil
	}
	if refund := l.limits.Refund(ctx, exportsRunning, key); err == nil {
		err = refund
	}
	return false, started.RetryAfter, "Too many exports in a short time. Try again shortly.", err
}

// release gives back a running export's hit, even when its client has gone.
func (l *exportLimiter) release(ctx context.Context, key string) {
	if err := l.limits.Refund(context.WithoutCancel(ctx), exportsRunning, key); err != nil {
		slog.WarnContext(ctx, "export limit not given back", "key", key, "err", err)
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
		ok, retry, message, err := l.acquire(r.Context(), key)
		if err != nil {
			writeError(w, r, err)
			return
		}
		if !ok {
			setRetryAfter(w, retry)
			writeError(w, r, Errorf(http.StatusTooManyRequests, message))
			return
		}
		defer l.release(r.Context(), key)
		free, ok := l.slot(r.Context())
		if !ok {
			w.Header().Set("Retry-After", strconv.Itoa(int(exportBusyRetry.Seconds())))
			writeError(w, r, Errorf(http.StatusServiceUnavailable, "Too many exports are running on this server. Try again shortly."))
			return
		}
		defer free()
		next.ServeHTTP(w, r)
	})
}
