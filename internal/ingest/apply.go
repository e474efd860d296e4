package ingest

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"time"

	"xapa/backoffice/internal/metrics"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// MaxBatch is the most events one call applies.
const MaxBatch = 1000

// HoldFor is how long an event waits for what it refers to before it becomes
// a dead letter.
const HoldFor = 24 * time.Hour

// maxRelease bounds how deep released events release others in one batch
// (a customer, their wallet, its transactions): a deeper chain waits for the
// next batch.
const maxRelease = 8

// Applier applies batches of events.
type Applier struct {
	db           *store.DB
	now          func() time.Time
	schemas      *schemas
	perEventOnly bool // tests: the per-event way alone, the fast way's oracle
	metrics      *metrics.Metrics
	cacheKiB     int // SQLite's page cache while a batch applies (0: the connection's)
}

// CacheKiB gives each batch a page cache of kib KiB on SQLite (0: the
// connection's own, 512 KiB). A batch that changes more pages than its
// cache holds writes some to the WAL before its commit, and again when it
// changes them again: a backfill's batches of 10,000 events change tens of
// megabytes of pages (the table's and its twelve indexes'). The cache shrinks
// back after each batch.
func (a *Applier) CacheKiB(kib int) { a.cacheKiB = kib }

// CountInto counts each event applied into m, by type and status.
func (a *Applier) CountInto(m *metrics.Metrics) { a.metrics = m }

// New is an applier on db with the clock now (nil: the system's).
func New(db *store.DB, now func() time.Time) (*Applier, error) {
	s, err := compiled()
	if err != nil {
		return nil, err
	}
	return &Applier{db: db, now: utc.Clock(now), schemas: s}, nil
}

// Apply applies events in their order in one transaction and says what
// became of each, in the same order. An error (the database's) applies
// nothing: the caller sends the batch again, and what it applied is then a
// duplicate.
func (a *Applier) Apply(ctx context.Context, events []json.RawMessage) ([]Result, error) {
	return a.ApplyFrom(ctx, "", events)
}

// ApplyFrom is Apply for a sender that may speak only for source (an ingest
// key's): an event of another source is rejected. "" allows any.
func (a *Applier) ApplyFrom(ctx context.Context, source string, events []json.RawMessage) ([]Result, error) {
	return a.ApplyPrepared(ctx, source, &Prepared{events: events, read: a.readAll(events, runtime.GOMAXPROCS(0))})
}

// Prepared is a batch of events read and checked, not yet applied. Reading
// costs about what applying does, so a caller with a stream of batches
// prepares the next while the last applies.
type Prepared struct {
	events []json.RawMessage
	read   []read
}

// Prepare reads and checks events on one core, leaving the others to the
// database while it applies the last batch.
func (a *Applier) Prepare(events []json.RawMessage) *Prepared {
	return &Prepared{events: events, read: a.readAll(events, 1)}
}

// Events are the batch's events, as received.
func (p *Prepared) Events() []json.RawMessage { return p.events }

// ApplyPrepared is ApplyFrom for a prepared batch.
func (a *Applier) ApplyPrepared(ctx context.Context, source string, p *Prepared) ([]Result, error) {
	events := p.events
	var results []Result
	err := a.db.TxCache(ctx, a.cacheKiB, func(conn *sql.Conn, tx *sql.Tx) error {
		// One batch at a time across nodes: else an event held in one batch for an entity that another batch is
		// adding would wait for a release that already ran (neither saw the other's uncommitted rows).
		if err := a.db.Dialect.LockXactNamed(ctx, tx, store.LockIngest); err != nil {
			return err
		}
		if err := a.db.Dialect.FreshPlans(ctx, tx); err != nil {
			return err
		}
		b := newBatch(ctx, tx, a, source)
		b.conn = conn
		if err := b.countHeld(); err != nil {
			return err
		}
		results = make([]Result, len(events))
		done, recorded := make([]bool, len(events)), make([]bool, len(events))
		if !a.perEventOnly {
			if err := b.fastWay(p, results, done, recorded); err != nil {
				return err
			}
		}
		for i, raw := range events {
			if done[i] {
				continue
			}
			var r Result
			var err error
			if recorded[i] {
				r, err = b.applyOne(p.read[i].e, raw, 0) // read and recorded as seen on the fast way
			} else {
				r, err = b.event(raw)
			}
			if err != nil {
				return err
			}
			results[i] = r
		}
		return b.noteSources(p, results)
	})
	if err != nil {
		return nil, err
	}
	if a.metrics != nil {
		for i, r := range results {
			a.metrics.EventApplied(eventType(p, i), r.Status)
		}
	}
	return results, nil
}

// noteSources records, per source, the newest time of the events the batch
// applied, and when they arrived: the lag, and each source's last event.
func (b *batch) noteSources(p *Prepared, results []Result) error {
	newest := map[string]time.Time{}
	for i, r := range results {
		if r.Status != Applied {
			continue
		}
		e, ok := envelopeOf(p, i)
		// An event dated ahead of the server counts as arriving now: one from year 9999 would hide the lag for good.
		at := e.Time
		if at.After(b.now) {
			at = b.now
		}
		if ok && at.After(newest[e.Source]) {
			newest[e.Source] = at
		}
	}
	if err := b.countMinute(results); err != nil {
		return err
	}
	for source, at := range newest {
		if _, err := b.tx.ExecContext(b.ctx, `INSERT INTO ingest_sources (source, last_event_at, last_received_at)
			VALUES ($1, $2, $3) ON CONFLICT (source) DO UPDATE SET last_received_at = excluded.last_received_at,
			last_event_at = CASE WHEN excluded.last_event_at > ingest_sources.last_event_at
				THEN excluded.last_event_at ELSE ingest_sources.last_event_at END`, source, at.UTC(), b.now); err != nil {
			return err
		}
	}
	return nil
}

// envelopeOf is p's event i's envelope, when it could be read.
func envelopeOf(p *Prepared, i int) (Event, bool) {
	if i < len(p.read) && p.read[i].envelope {
		return p.read[i].e, true
	}
	var e Event
	return e, json.Unmarshal(p.events[i], &e) == nil
}

// eventType is the type of p's event i, "unknown" for a type the contract
// lacks: a label per type an attacker names would grow without bound.
func eventType(p *Prepared, i int) string {
	if e, ok := envelopeOf(p, i); ok {
		if _, known := types[e.Type]; known {
			return e.Type
		}
	}
	return "unknown"
}

// batch is one Apply's transaction. It remembers what it read and wrote of
// the mapping and the catalogue: the ingest lock keeps other batches out,
// and an event's savepoint is released before the event's mapping is
// remembered, so nothing remembered is ever rolled back.
type batch struct {
	ctx     context.Context
	tx      *sql.Tx
	conn    *sql.Conn // tx's connection, for COPY (nil: none)
	db      *store.DB
	a       *Applier
	now     time.Time
	source  string // the only source the sender may speak for ("" for any)
	current Event  // the event being applied
	held    bool   // some event may be held: a release must look
	ids     map[string]mapped
	coins   map[string]coinRow
	wallets map[int64]walletRow
	txs     map[int64]txState
}

type coinRow struct {
	id       int64
	explorer string
}

type walletRow struct{ owner, coin int64 }

func newBatch(ctx context.Context, tx *sql.Tx, a *Applier, source string) *batch {
	return &batch{ctx: ctx, tx: tx, db: a.db, a: a, now: a.now(), source: source, ids: map[string]mapped{},
		coins: map[string]coinRow{}, wallets: map[int64]walletRow{}, txs: map[int64]txState{}}
}

// countHeld notes whether any event is held, so that a batch with none
// skips looking for what each applied event releases.
func (b *batch) countHeld() error {
	var held int
	err := b.tx.QueryRowContext(b.ctx, `SELECT count(*) FROM (SELECT 1 FROM ingest_letters WHERE state = 'held' LIMIT 1) h`).Scan(&held)
	b.held = held > 0
	return err
}

// event applies one event, first seen.
func (b *batch) event(raw json.RawMessage) (Result, error) {
	var e Event
	if err := check(b.a.schemas.envelope, "the envelope", raw); err != nil {
		_ = json.Unmarshal(raw, &e) // what can be read of it, to name it
		return b.deadLetter(e, raw, err.Error())
	}
	if err := json.Unmarshal(raw, &e); err != nil {
		return b.deadLetter(e, raw, "the envelope: "+err.Error())
	}
	if b.source != "" && e.Source != b.source {
		// Not recorded as seen: the same id may be the real source's event.
		return b.deadLetter(e, raw, fmt.Sprintf("%s %q: this sender speaks for %q only", notItsSource, e.Source, b.source))
	}
	res, err := b.tx.ExecContext(b.ctx, `INSERT INTO ingest_events (source, id, type, status, received_at)
		VALUES ($1, $2, $3, 'applied', $4) ON CONFLICT (source, id) DO NOTHING`, e.Source, e.ID, e.Type, b.now)
	if err != nil {
		return Result{}, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Result{ID: e.ID, Status: Duplicate}, nil
	}
	return b.applyOne(e, raw, 0)
}

// applyOne applies e (recorded in ingest_events) inside a savepoint, so a
// refusal leaves nothing of it, and records what became of it. depth is how
// many releases led here.
func (b *batch) applyOne(e Event, raw json.RawMessage, depth int) (Result, error) {
	if _, err := b.tx.ExecContext(b.ctx, `SAVEPOINT ingest_event`); err != nil {
		return Result{}, err
	}
	key, err := b.applyData(e)
	var rej *rejection
	var wait *waiting
	switch {
	case err == nil:
		if _, err := b.tx.ExecContext(b.ctx, `RELEASE SAVEPOINT ingest_event`); err != nil {
			return Result{}, err
		}
		if key == "" {
			return b.status(e, Stale, "")
		}
		if err := b.release(key, depth); err != nil {
			return Result{}, err
		}
		if depth == 0 {
			return Result{ID: e.ID, Status: Applied}, nil // recorded as applied when first seen
		}
		return b.status(e, Applied, "")
	case errors.As(err, &rej), errors.As(err, &wait):
		if _, err := b.tx.ExecContext(b.ctx, `ROLLBACK TO SAVEPOINT ingest_event`); err != nil {
			return Result{}, err
		}
		if wait != nil {
			return b.hold(e, raw, wait)
		}
		if _, err := b.deadLetter(e, raw, rej.reason); err != nil {
			return Result{}, err
		}
		return b.status(e, Rejected, rej.reason)
	default:
		return Result{}, err
	}
}

// applyData checks e's data against its type's schema and applies it: the
// entity's key, or "" when e is stale.
func (b *batch) applyData(e Event) (string, error) {
	b.current = e
	k, ok := types[e.Type]
	if !ok {
		return "", reject("unknown type %q", e.Type)
	}
	if err := check(b.a.schemas.data[e.Type], "data", e.Data); err != nil {
		return "", err
	}
	return k.apply(b, e.Data)
}

// status records what became of e.
func (b *batch) status(e Event, status, reason string) (Result, error) {
	_, err := b.tx.ExecContext(b.ctx, `UPDATE ingest_events SET status = $1 WHERE source = $2 AND id = $3`, status, e.Source, e.ID)
	return Result{ID: e.ID, Status: status, Reason: reason}, err
}

// hold keeps e until what it waits for arrives.
func (b *batch) hold(e Event, raw json.RawMessage, w *waiting) (Result, error) {
	if _, err := b.tx.ExecContext(b.ctx, `INSERT INTO ingest_letters (source, event_id, type, body, state, waits_for, reason, received_at)
		VALUES ($1, $2, $3, $4, 'held', $5, $6, $7)`, e.Source, e.ID, e.Type, string(raw), w.key(), w.Error(), b.now); err != nil {
		return Result{}, err
	}
	b.held = true
	return b.status(e, Held, w.Error())
}

// deadLetter keeps e, rejected for reason.
func (b *batch) deadLetter(e Event, raw json.RawMessage, reason string) (Result, error) {
	_, err := b.tx.ExecContext(b.ctx, `INSERT INTO ingest_letters (source, event_id, type, body, state, reason, received_at)
		VALUES ($1, $2, $3, $4, 'dead', $5, $6)`, e.Source, e.ID, e.Type, string(raw), reason, b.now)
	return Result{ID: e.ID, Status: Rejected, Reason: reason}, err
}

// release applies the events held for the entity key, in the order they
// came; each may release others, up to maxRelease deep.
func (b *batch) release(key string, depth int) error {
	if !b.held || depth >= maxRelease {
		return nil
	}
	rows, err := b.tx.QueryContext(b.ctx, `SELECT id, body FROM ingest_letters WHERE waits_for = $1 AND state = 'held' ORDER BY id`, key)
	if err != nil {
		return err
	}
	type letter struct {
		id   int64
		body string
	}
	var held []letter
	for rows.Next() {
		var l letter
		if err := rows.Scan(&l.id, &l.body); err != nil {
			rows.Close()
			return err
		}
		held = append(held, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, l := range held {
		if _, err := b.tx.ExecContext(b.ctx, `DELETE FROM ingest_letters WHERE id = $1`, l.id); err != nil {
			return err
		}
		var e Event
		if err := json.Unmarshal([]byte(l.body), &e); err != nil {
			return err // it was read when it was held
		}
		if _, err := b.applyOne(e, json.RawMessage(l.body), depth+1); err != nil {
			return err
		}
	}
	return nil
}

// Bury keeps an event that failed every try of a way in as a dead letter,
// with the reason, in its own transaction.
func (a *Applier) Bury(ctx context.Context, event json.RawMessage, reason string) error {
	return a.db.Tx(ctx, func(tx *sql.Tx) error {
		b := newBatch(ctx, tx, a, "")
		var e Event
		_ = json.Unmarshal(event, &e) // what can be read of it, to name it
		_, err := b.deadLetter(e, event, reason)
		return err
	})
}

// ExpireHeld makes every event held longer than HoldFor a dead letter (what
// it waits for never came), and returns how many.
func (a *Applier) ExpireHeld(ctx context.Context) (int, error) {
	var n int
	err := a.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := a.db.Dialect.LockXactNamed(ctx, tx, store.LockIngest); err != nil {
			return err
		}
		cutoff := a.now().Add(-HoldFor)
		if _, err := tx.ExecContext(ctx, expireEvents, cutoff); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE ingest_letters SET state = 'dead', reason = 'held for 24 hours: it ' || reason
			WHERE state = 'held' AND received_at <= $1`, cutoff)
		if err != nil {
			return err
		}
		rows, err := res.RowsAffected()
		n = int(rows)
		return err
	})
	return n, err
}

// expireEvents marks rejected the events of letters held since $1. It goes
// from the few held letters to their events by key: the other way round,
// every node read every event ever seen once a minute.
const expireEvents = `UPDATE ingest_events SET status = 'rejected' WHERE status = 'held' AND (source, id) IN (
	SELECT source, event_id FROM ingest_letters WHERE state = 'held' AND received_at <= $1)`

// ExpireEvery runs ExpireHeld every minute until ctx ends (on every node: a
// letter expires once, whoever gets there first).
func (a *Applier) ExpireEvery(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := a.ExpireHeld(ctx); err != nil && ctx.Err() == nil {
				slog.WarnContext(ctx, "ingest: expiring held events", "err", err)
			}
		}
	}
}
