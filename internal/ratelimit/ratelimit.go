// Package ratelimit counts hits per bucket in the database (table
// rate_limits), so that every limit holds under concurrent requests on one
// node and across nodes sharing the database.
//
// A hit is counted before the work it guards (a password or code check) and
// decided on the count the same statement returns: N requests racing for a
// limit of L get the counts 1..N, and only L of them pass. Work that must not
// count when it succeeds (a right code) gives its hit back with Refund.
//
// A bucket's window opens at its first hit. The hit that reaches the limit
// opens a new window, so a bucket that reached its limit stays shut for one
// whole window after that hit (a lockout of that length), however old its
// first hit was.
package ratelimit

import (
	"context"
	"log/slog"
	"net"
	"time"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// Rule is one limit: at most Limit hits per Window.
type Rule struct {
	Name   string // the bucket prefix, e.g. "login-ip"
	Limit  int
	Window time.Duration
}

// Decision is the outcome of a hit.
type Decision struct {
	Allowed    bool
	Hits       int           // hits in the current window, this one included
	RetryAfter time.Duration // until the window ends, when refused
}

// Limiter counts hits in the database.
type Limiter struct {
	db  *store.DB
	now func() time.Time
}

// New returns a limiter on db; now is the clock (nil: the system's).
func New(db *store.DB, now func() time.Time) *Limiter {
	return &Limiter{db: db, now: utc.Clock(now)}
}

func bucket(rule Rule, key string) string { return rule.Name + ":" + key }

// Take counts a hit for key under rule and says whether it is within the limit.
func (l *Limiter) Take(ctx context.Context, rule Rule, key string) (Decision, error) {
	now := l.now()
	var hits int
	var start time.Time
	err := l.db.QueryRowContext(ctx, `INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)
		ON CONFLICT (bucket) DO UPDATE SET
			hits = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.hits + 1 END,
			window_start = CASE WHEN rate_limits.window_start <= $3 OR rate_limits.hits + 1 = $4 THEN $2
				ELSE rate_limits.window_start END
		RETURNING hits, window_start`, bucket(rule, key), now, now.Add(-rule.Window), rule.Limit).Scan(&hits, &start)
	if err != nil {
		return Decision{}, err
	}
	d := Decision{Allowed: hits <= rule.Limit, Hits: hits}
	if !d.Allowed {
		d.RetryAfter = max(start.Add(rule.Window).Sub(now), time.Second)
	}
	return d, nil
}

// Refund gives back one hit of key (work that should not count, such as a
// right code, after Take counted it).
func (l *Limiter) Refund(ctx context.Context, rule Rule, key string) error {
	_, err := l.db.ExecContext(ctx, `UPDATE rate_limits SET hits = hits - 1 WHERE bucket = $1 AND hits > 0`, bucket(rule, key))
	return err
}

// Reset forgets key's hits (a success that clears failures).
func (l *Limiter) Reset(ctx context.Context, rule Rule, key string) error {
	return ResetKey(ctx, l.db, rule, key)
}

// ResetKey forgets key's hits, in q: the database or the transaction of the
// change that asks for it (an unlock).
func ResetKey(ctx context.Context, q store.Execer, rule Rule, key string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM rate_limits WHERE bucket = $1`, bucket(rule, key))
	return err
}

// ResetPrefix forgets the hits of every key of rule that starts with prefix
// (all the (account, address) pairs of an account), in q: the database or the
// transaction of the change that asks for it.
func ResetPrefix(ctx context.Context, q store.Execer, rule Rule, prefix string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM rate_limits WHERE substr(bucket, 1, length($1)) = $1`, bucket(rule, prefix))
	return err
}

// MaxWindow bounds every rule's window: a bucket whose window opened longer
// ago than this refuses nothing any more, and Prune removes it.
const MaxWindow = 24 * time.Hour

// Prune removes buckets whose window opened before MaxWindow ago.
func (l *Limiter) Prune(ctx context.Context) (int64, error) {
	res, err := l.db.ExecContext(ctx, `DELETE FROM rate_limits WHERE window_start < $1`, l.now().Add(-MaxWindow))
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// PruneInterval is how often PruneEvery prunes.
const PruneInterval = 10 * time.Minute

// PruneEvery prunes every PruneInterval until ctx ends, so the table holds
// about a day of buckets whatever the traffic. Every node may run it: a
// delete of what another node deleted deletes nothing.
func (l *Limiter) PruneEvery(ctx context.Context) {
	t := time.NewTicker(PruneInterval)
	defer t.Stop()
	for {
		if n, err := l.Prune(ctx); err != nil && ctx.Err() == nil {
			slog.WarnContext(ctx, "pruning rate_limits failed", "err", err)
		} else if n > 0 {
			slog.DebugContext(ctx, "rate_limits pruned", "buckets", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// ClientKey is the bucket key of a client address: an IPv4 address as it is,
// an IPv6 address by its /64 (one subscriber's network holds many
// addresses), anything else unchanged.
func ClientKey(ip string) string {
	addr := net.ParseIP(ip)
	if addr == nil {
		return ip
	}
	if v4 := addr.To4(); v4 != nil {
		return v4.String()
	}
	return addr.Mask(net.CIDRMask(64, 128)).String() + "/64"
}
