// Package auditstream delivers the audit log to a receiver outside the
// database, a SIEM (serve --audit-webhook-url): every entry, in id order, at
// least once, in batches posted as JSON and signed with
// --audit-webhook-secret (docs/decisions/0014-audit-stream.md).
//
// One node at a time delivers (store.LockAuditStream, through store.Lead).
// It reads the entries after the last acknowledged id (table audit_stream),
// posts them, and when the receiver answers 2xx stores the batch's last id
// as acknowledged. Any other answer, or none, sends the same batch again
// after a backoff, for as long as it takes: no entry is ever skipped. A
// restarted node, or another taking over, goes on after the acknowledged id,
// so a batch delivered but not yet acknowledged comes again: receivers
// de-duplicate by id. The secret is never logged.
package auditstream

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"time"

	"xapa/backoffice/internal/metrics"
	"xapa/backoffice/internal/relay"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/webhook"
)

// Limits and waits.
const (
	BatchSize = 500     // most entries one body holds
	MaxBody   = 1 << 20 // about the most bytes of entries one body holds (a larger entry goes alone)
	// PollInterval is how often the delivering node looks for new entries
	// while it has sent them all.
	PollInterval = time.Second
	// A batch the receiver did not take is sent again after FirstRetry,
	// doubling at each failure up to MaxRetryWait, less up to half at random
	// (so that receivers coming back are not met by every sender at once).
	FirstRetry   = time.Second
	MaxRetryWait = time.Minute
	// LeaderRetry is how often a node that does not deliver checks whether
	// the one that does is gone.
	LeaderRetry = 5 * time.Second
)

// Options configure a Streamer. URL and Secret are required; the rest have
// defaults (the constants above; tests shorten them).
type Options struct {
	URL, Secret string
	Client      *http.Client // nil: webhook.New's
	Batch       int          // most entries a body holds (0: BatchSize)
	Poll        time.Duration
	FirstRetry  time.Duration
	MaxRetry    time.Duration
	LeaderRetry time.Duration
	// After is the clock of every wait (nil: time.After).
	After   func(time.Duration) <-chan time.Time
	Metrics *metrics.Metrics // nil: none
}

// Streamer delivers one database's audit log to one receiver.
type Streamer struct {
	db   *store.DB
	o    Options
	post *webhook.Sender
}

// New checks o and returns its streamer on db.
func New(db *store.DB, o Options) (*Streamer, error) {
	sender, err := webhook.New("audit-webhook-url", o.URL, "audit-webhook-secret", o.Secret, o.Client)
	if err != nil {
		return nil, err
	}
	if o.Batch <= 0 {
		o.Batch = BatchSize
	}
	o.Poll = cmp.Or(o.Poll, PollInterval)
	o.FirstRetry = cmp.Or(o.FirstRetry, FirstRetry)
	o.MaxRetry = cmp.Or(o.MaxRetry, MaxRetryWait)
	o.LeaderRetry = cmp.Or(o.LeaderRetry, LeaderRetry)
	if o.After == nil {
		o.After = time.After
	}
	return &Streamer{db: db, o: o, post: sender}, nil
}

// Run delivers until ctx ends, on one node of the database at a time: every
// node calls it, and another takes over within LeaderRetry when the one
// delivering stops or loses the database.
func (s *Streamer) Run(ctx context.Context) {
	relay.Loop{Name: "audit stream", Lock: store.LockAuditStream, Leader: s.o.LeaderRetry, Poll: s.o.Poll, After: s.o.After,
		Step: s.Step, Pause: s.stopped}.Run(ctx, s.db)
}

// stopped holds delivery back for MaxRetry once the log was changed behind
// the app: it waits for a person (docs/decisions/0014-audit-stream.md), and
// the node keeps serving meanwhile.
func (s *Streamer) stopped(ctx context.Context, err error) time.Duration {
	if !errors.Is(err, ErrHistoryChanged) {
		return 0
	}
	slog.ErrorContext(ctx, "audit stream: stopped: the audit log was changed behind the app", "err", err)
	s.o.Metrics.AuditStreamStopped()
	return s.o.MaxRetry
}

// ErrHistoryChanged stops the stream: the log no longer holds the last entry
// the receiver acknowledged, as it was sent. Entries after it could be new
// ones under old ids, or old ones rewritten; delivery waits for a person.
var ErrHistoryChanged = errors.New("audit stream: the audit log no longer holds the last entry the receiver acknowledged")

// Step delivers the next batch, trying again until the receiver takes it or
// ctx ends, and acknowledges it. more says that further entries may wait.
func (s *Streamer) Step(ctx context.Context) (more bool, err error) {
	var acked int64
	var ackedHash sql.NullString
	if err := s.db.QueryRowContext(ctx, `SELECT acked_id, acked_hash FROM audit_stream WHERE id = 1`).Scan(&acked, &ackedHash); err != nil {
		return false, err
	}
	prev, err := s.lastDelivered(ctx, acked, ackedHash)
	if err != nil {
		return false, err
	}
	entries, full, err := readBatch(ctx, s.db, acked, prev, s.o.Batch)
	if err != nil || len(entries) == 0 {
		return false, err
	}
	body, err := encode(entries)
	if err != nil {
		return false, err
	}
	first, last := entries[0].ID, entries[len(entries)-1].ID
	if err := s.deliver(ctx, body, first, last); err != nil {
		return false, err
	}
	// Never back: a node that lost the lock mid-post cannot undo another's progress.
	if _, err := s.db.ExecContext(ctx, `UPDATE audit_stream SET acked_id = $1, acked_hash = $2 WHERE id = 1 AND acked_id < $1`,
		last, entries[len(entries)-1].Hash); err != nil {
		return false, err
	}
	s.o.Metrics.AuditStreamed(len(entries))
	return full, nil
}

// deliver posts body until the receiver answers 2xx, waiting RetryWait
// between attempts; it fails only when ctx ends.
func (s *Streamer) deliver(ctx context.Context, body []byte, first, last int64) error {
	for attempt := 1; ; attempt++ {
		err := s.post.Post(ctx, "application/json", body)
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		wait := webhook.RetryWait(attempt, s.o.FirstRetry, s.o.MaxRetry, rand.Float64())
		slog.WarnContext(ctx, "audit stream: batch not taken, will try again", "first_id", first, "last_id", last,
			"attempt", attempt, "retry_in", wait.String(), "err", err)
		if !s.wait(ctx, wait) {
			return ctx.Err()
		}
	}
}

// wait waits d on the streamer's clock; false when ctx ended first.
func (s *Streamer) wait(ctx context.Context, d time.Duration) bool {
	select {
	case <-ctx.Done():
		return false
	case <-s.o.After(d):
		return true
	}
}

// lastDelivered is the hash of the last entry acknowledged (nil before the
// first, or for an entry from before the chain), once the log is seen to
// hold that entry as it was sent: else ErrHistoryChanged.
func (s *Streamer) lastDelivered(ctx context.Context, acked int64, ackedHash sql.NullString) (*string, error) {
	if acked == 0 {
		return nil, nil
	}
	var hash sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT hash FROM audit_log WHERE id = $1`, acked).Scan(&hash)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && ackedHash.Valid && hash.String != ackedHash.String) {
		return nil, fmt.Errorf("%w (entry %d)", ErrHistoryChanged, acked)
	}
	if err != nil || !hash.Valid {
		return nil, err
	}
	return &hash.String, nil
}

// Lag is how far delivery is behind: the newest entry's id less the last
// acknowledged (ids may skip numbers, so at most that many entries wait).
func (s *Streamer) Lag(ctx context.Context) (int64, error) {
	var lag int64
	err := s.db.QueryRowContext(ctx, `SELECT coalesce((SELECT max(id) FROM audit_log), 0) - acked_id FROM audit_stream WHERE id = 1`).Scan(&lag)
	return max(lag, 0), err
}
