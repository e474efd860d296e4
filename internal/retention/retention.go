// Package retention prunes what the database keeps only for a while: ended
// sessions, sign-in attempts, captcha records and delivered mail, each once
// it is older than the retention period (--retention-days, 90 by default),
// and the marks of past hours that internal/httpapi keeps to record reads
// (profile_opens: the once-an-hour mark of each part of a profile read;
// list_reads: the rows of each list read in the hour). The audit log is
// never pruned: nothing here names it, and the database refuses to delete
// its rows anyway (migration 00007).
//
// Every node may prune at once: each DELETE removes at most Batch rows
// picked by an index on their age, in its own short statement, so no lock is
// held for long and no table is read whole; a row another node deleted first
// is simply not deleted again.
package retention

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"xapa/backoffice/internal/store"
)

// DefaultDays is the retention period when none is given.
const DefaultDays = 90

// Batch is the most rows one DELETE removes.
const Batch = 1000

// Interval is how often PruneEvery prunes, after once at start.
const Interval = time.Hour

// What is pruned. cutoff gives the value of $1: rows of the kind whose age
// column lies before it go.
type kind struct {
	name   string // in the log, and the key of Prune's counts
	table  string
	key    string // the primary key's columns
	where  string // the rows to delete, older than $1
	cutoff func(p *Pruner, now time.Time) any
}

// olderThanRetention is the cutoff of the kinds kept for the retention period.
func olderThanRetention(p *Pruner, now time.Time) any { return now.Add(-p.keep) }

// pastHours is the cutoff of the marks of reads: every hour before the last
// one goes (the last one stays for nodes whose clocks run a little late).
func pastHours(_ *Pruner, now time.Time) any { return now.Truncate(time.Hour).Add(-time.Hour).Unix() }

var kinds = []kind{
	// A session ended when it expired or was revoked, whichever came first.
	{"sessions_expired", "sessions", "id", "expires_at < $1", olderThanRetention},
	{"sessions_revoked", "sessions", "id", "revoked_at < $1", olderThanRetention},
	{"login_attempts", "login_attempts", "id", "created_at < $1", olderThanRetention},
	// Verify drops captcha records as they expire; these are the ones left when sign-ins stopped.
	{"captcha_used", "captcha_used", "challenge", "expires_at < $1", olderThanRetention},
	// Delivered mail only: mail still queued, kept (no SMTP server) or given up stays.
	{"mail_delivered", "outbox", "id", "status = 'sent' AND sent_at < $1", olderThanRetention},
	{"profile_opens", "profile_opens", "staff_id, user_id, hour, part", "hour < $1", pastHours},
	{"list_reads", "list_reads", "staff_id, list, hour", "hour < $1", pastHours},
}

// Pruner prunes one database.
type Pruner struct {
	db   *store.DB
	keep time.Duration
	now  func() time.Time
}

// New returns a pruner keeping days days; now is the clock (nil: the system's).
func New(db *store.DB, days int, now func() time.Time) (*Pruner, error) {
	if days < 1 {
		return nil, errors.New("the retention period must be at least 1 day")
	}
	if now == nil {
		now = time.Now
	}
	return &Pruner{db: db, keep: time.Duration(days) * 24 * time.Hour, now: now}, nil
}

// Prune deletes everything past its time, batch by batch, and counts the
// rows deleted of each kind.
func (p *Pruner) Prune(ctx context.Context) (map[string]int64, error) {
	now := p.now().UTC()
	counts := map[string]int64{}
	for _, k := range kinds {
		n, err := p.pruneKind(ctx, k, k.cutoff(p, now))
		counts[k.name] += n
		if err != nil {
			return counts, fmt.Errorf("pruning %s: %w", k.name, err)
		}
	}
	return counts, nil
}

// pruneKind deletes k's rows older than cutoff, Batch at a time, until a
// batch finds fewer.
func (p *Pruner) pruneKind(ctx context.Context, k kind, cutoff any) (int64, error) {
	q := fmt.Sprintf(`DELETE FROM %s WHERE (%s) IN (SELECT %s FROM %s WHERE %s LIMIT %d)`, k.table, k.key, k.key, k.table, k.where, Batch)
	var total int64
	for {
		res, err := p.db.ExecContext(ctx, q, cutoff)
		if err != nil {
			return total, err
		}
		n, err := res.RowsAffected()
		total += n
		if err != nil || n < Batch {
			return total, err
		}
	}
}

// PruneEvery prunes at once, then every Interval until ctx ends.
func (p *Pruner) PruneEvery(ctx context.Context) {
	t := time.NewTicker(Interval)
	defer t.Stop()
	for {
		counts, err := p.Prune(ctx)
		if err != nil && ctx.Err() == nil {
			slog.WarnContext(ctx, "retention: pruning failed", "err", err)
		}
		for name, n := range counts {
			if n > 0 {
				slog.InfoContext(ctx, "retention: pruned", "what", name, "rows", n)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
