package ingest

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
)

// What operators see of the flow of events (the Integration screen, the
// metrics), and what they do with the events kept aside: retry one, or
// discard it with a reason.

// notItsSource starts the reason of an event whose sender may not speak for
// its source: no staff retry may apply it as that source.
const notItsSource = "source"

// minutesKept is how long the per-minute counts are kept.
const minutesKept = 7 * 24 * time.Hour

// countMinute adds the batch's results to its minute's counts per status,
// and drops the minutes older than minutesKept.
func (b *batch) countMinute(results []Result) error {
	per := map[string]int{}
	for _, r := range results {
		per[r.Status]++
	}
	minute := b.now.UTC().Truncate(time.Minute)
	for status, n := range per {
		if _, err := b.tx.ExecContext(b.ctx, `INSERT INTO ingest_minutes (minute, status, events) VALUES ($1, $2, $3)
			ON CONFLICT (minute, status) DO UPDATE SET events = ingest_minutes.events + excluded.events`, minute, status, n); err != nil {
			return err
		}
	}
	_, err := b.tx.ExecContext(b.ctx, `DELETE FROM ingest_minutes WHERE minute < $1`, minute.Add(-minutesKept))
	return err
}

// EventsSince counts the events that arrived since a time (to the minute),
// by status.
func EventsSince(ctx context.Context, db *store.DB, since time.Time) (map[string]int, error) {
	rows, err := db.QueryContext(ctx, `SELECT status, sum(events) FROM ingest_minutes WHERE minute >= $1 GROUP BY status`,
		since.UTC().Truncate(time.Minute))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var status string
		var n int
		if err := rows.Scan(&status, &n); err != nil {
			return nil, err
		}
		out[status] = n
	}
	return out, rows.Err()
}

// Letters counts the events kept aside: held, and dead letters.
func Letters(ctx context.Context, db *store.DB) (held, dead int, err error) {
	err = db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM ingest_letters WHERE state = 'held'),
		(SELECT count(*) FROM ingest_letters WHERE state = 'dead')`).Scan(&held, &dead)
	return held, dead, err
}

// Source is one source of the core's events: its newest applied event's
// time, and when that batch arrived.
type Source struct {
	Name           string    `json:"name"`
	LastEventAt    time.Time `json:"lastEventAt"`
	LastReceivedAt time.Time `json:"lastReceivedAt"`
}

// Sources are the sources that sent an applied event, by name.
func Sources(ctx context.Context, db *store.DB) ([]Source, error) {
	rows, err := db.QueryContext(ctx, `SELECT source, last_event_at, last_received_at FROM ingest_sources ORDER BY source`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Source{}
	for rows.Next() {
		var s Source
		if err := rows.Scan(&s.Name, &s.LastEventAt, &s.LastReceivedAt); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// Letter is an event kept aside, as operators read it.
type Letter struct {
	ID         int64     `json:"id"`
	Source     string    `json:"source"`
	EventID    string    `json:"eventId"`
	Type       string    `json:"type"`
	State      string    `json:"state" enum:"held,dead"`
	WaitsFor   string    `json:"waitsFor" description:"What a held event waits for: customer:c-17."`
	Reason     string    `json:"reason"`
	ReceivedAt time.Time `json:"receivedAt"`
	Body       string    `json:"body" description:"The event as received."`
	Retryable  bool      `json:"retryable" description:"False for an event its sender could not speak for."`
}

// LetterFilter selects letters: by state (empty: both). Its tags are the
// API's query parameter: the OpenAPI document states them, and the API's
// query binder checks them.
type LetterFilter struct {
	State string `query:"state" enum:"held,dead" invalid:"unknown state" refusal:"state must be one of held, dead, or empty." description:"held or dead; empty: both."`
}

// LetterList is a page of the letters, newest first, and the count of all
// that match.
func LetterList(ctx context.Context, db *store.DB, f LetterFilter, limit, offset int) ([]Letter, int, error) {
	cond, args := "", []any{}
	if f.State != "" {
		cond, args = " WHERE state = $1", append(args, f.State)
	}
	var total int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM ingest_letters`+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := db.QueryContext(ctx, `SELECT id, source, event_id, type, state, waits_for, reason, received_at, body
		FROM ingest_letters`+cond+fmt.Sprintf(` ORDER BY id DESC LIMIT $%d OFFSET $%d`, len(args)+1, len(args)+2),
		append(args, limit, offset)...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []Letter{}
	for rows.Next() {
		var l Letter
		if err := rows.Scan(&l.ID, &l.Source, &l.EventID, &l.Type, &l.State, &l.WaitsFor, &l.Reason, &l.ReceivedAt, &l.Body); err != nil {
			return nil, 0, err
		}
		l.Retryable = !strings.HasPrefix(l.Reason, notItsSource+" ")
		out = append(out, l)
	}
	return out, total, rows.Err()
}

// takeLetter reads letter id in tx and deletes it. Of a retry and a
// discard at once, the second finds it gone (not found).
func takeLetter(ctx context.Context, tx *sql.Tx, id int64) (Letter, error) {
	var l Letter
	err := tx.QueryRowContext(ctx, `SELECT id, source, event_id, type, state, reason, body FROM ingest_letters
		WHERE id = $1`, id).Scan(&l.ID, &l.Source, &l.EventID, &l.Type, &l.State, &l.Reason, &l.Body)
	if errors.Is(err, sql.ErrNoRows) {
		return l, &apperr.NotFound{What: "Event kept aside"}
	}
	if err != nil {
		return l, err
	}
	l.Retryable = !strings.HasPrefix(l.Reason, notItsSource+" ")
	res, err := tx.ExecContext(ctx, `DELETE FROM ingest_letters WHERE id = $1`, id)
	if err != nil {
		return l, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return l, cmp.Or(err, error(&apperr.NotFound{What: "Event kept aside"}))
	}
	return l, nil
}

// Retry applies letter id again, as if it arrived now: it may apply, be
// held again, or be rejected again (a new letter with the reason). Audited.
func (a *Applier) Retry(ctx context.Context, actor audit.Actor, id int64) (Result, error) {
	var r Result
	err := a.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := a.db.Dialect.LockXactNamed(ctx, tx, store.LockIngest); err != nil {
			return err
		}
		l, err := takeLetter(ctx, tx, id)
		if err != nil {
			return err
		}
		if !l.Retryable {
			return &apperr.Conflict{Message: fmt.Sprintf(
				"This event came from a sender that may not speak for %q: it can only be discarded.", l.Source)}
		}
		b := newBatch(ctx, tx, a, "")
		if err := b.countHeld(); err != nil {
			return err
		}
		// Seen again as new: its first outcome is what the retry replaces.
		if _, err := tx.ExecContext(ctx, `DELETE FROM ingest_events WHERE source = $1 AND id = $2`, l.Source, l.EventID); err != nil {
			return err
		}
		if r, err = b.event(json.RawMessage(l.Body)); err != nil {
			return err
		}
		return actor.Record(ctx, tx, "integration.letter.retry", fmt.Sprintf("ingest_letter:%d", id), map[string]any{
			"source": l.Source, "event_id": l.EventID, "type": l.Type, "was": l.State, "result": r.Status, "reason": r.Reason})
	})
	return r, err
}

// MaxDiscardReason bounds the reason a discard gives.
const MaxDiscardReason = 500

// Discard drops letter id for good, with the reason, audited: a held event
// is then rejected, so that the same event sent again is a duplicate.
func (a *Applier) Discard(ctx context.Context, actor audit.Actor, id int64, reason string) error {
	reason = strings.TrimSpace(reason)
	if reason == "" || len([]rune(reason)) > MaxDiscardReason {
		return apperr.Fieldf("reason", "Give the reason for discarding this event (at most %d characters).", MaxDiscardReason)
	}
	return a.db.Tx(ctx, func(tx *sql.Tx) error {
		l, err := takeLetter(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE ingest_events SET status = 'rejected' WHERE source = $1 AND id = $2`,
			l.Source, l.EventID); err != nil {
			return err
		}
		return actor.Record(ctx, tx, "integration.letter.discard", fmt.Sprintf("ingest_letter:%d", id), map[string]any{
			"source": l.Source, "event_id": l.EventID, "type": l.Type, "was": l.State, "letter_reason": l.Reason,
			"reason": reason})
	})
}
