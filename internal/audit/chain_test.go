package audit_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"testing"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// recordSome appends n entries, by turns in a transaction and on their own,
// and returns their ids, oldest first.
func recordSome(t *testing.T, db *store.DB, n int) []int64 {
	t.Helper()
	ctx := context.Background()
	var before int64
	if err := db.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM audit_log`).Scan(&before); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		e := audit.Entry{ActorID: int64(i % 3), ActorEmail: fmt.Sprintf("a%d@example.com", i), Action: "test.chain",
			Target: audit.UserTarget(int64(i)), Details: map[string]any{"n": i, "note": "<é> & \"quoted\""}, IP: "192.0.2.1"}
		var err error
		if i%2 == 0 {
			err = db.Tx(ctx, func(tx *sql.Tx) error { return audit.Record(ctx, tx, e) })
		} else {
			err = audit.Record(ctx, db, e)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	ids := storetest.Column[int64](t, db, `SELECT id FROM audit_log WHERE action = 'test.chain' AND id > $1 ORDER BY id`, before)
	if len(ids) != n {
		t.Fatalf("%d entries written, want %d", len(ids), n)
	}
	return ids
}

// wantVerified checks what Verify finds: verified entries, those from before
// the chain, and the first break (0: none).
func wantVerified(t *testing.T, db *store.DB, verified, unchained, brokenAt int64) {
	t.Helper()
	v, err := audit.Verify(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	var got int64
	if v.BrokenAt != nil {
		got = *v.BrokenAt
	}
	if v.Verified != verified || v.Unchained != unchained || got != brokenAt {
		t.Errorf("verified %d, unchained %d, broken at %d; want %d, %d, %d", v.Verified, v.Unchained, got, verified, unchained, brokenAt)
	}
}

// The chain starts after the entries written before it; an attacker who can
// change the database (the append-only triggers taken away) and changes,
// removes or adds an entry is found at the first entry that no longer
// matches. Each step breaks the chain earlier than the one before.
func TestAuditChainFindsTampering(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		for range 2 { // written before the chain existed: no hash
			if _, err := db.ExecContext(ctx, `INSERT INTO audit_log (action, created_at) VALUES ('test.old', $1)`, store.Now()); err != nil {
				t.Fatal(err)
			}
		}
		wantVerified(t, db, 0, 2, 0)
		ids := recordSome(t, db, 6)
		wantVerified(t, db, 6, 2, 0)

		var slipped int64 // an entry without a hash after the chain's start
		if err := db.QueryRowContext(ctx, `INSERT INTO audit_log (action, created_at) VALUES ('test.slipped', $1) RETURNING id`,
			store.Now()).Scan(&slipped); err != nil {
			t.Fatal(err)
		}
		wantVerified(t, db, 6, 2, slipped)

		storetest.TamperAuditLog(t, db, `DELETE FROM audit_log WHERE id = $1`, ids[4])
		wantVerified(t, db, 4, 2, ids[5])

		storetest.TamperAuditLog(t, db, `UPDATE audit_log SET details = '{"n":2}' WHERE id = $1`, ids[2])
		wantVerified(t, db, 2, 2, ids[2])

		// A microsecond's difference in the time is a change too.
		var at sql.NullTime
		if err := db.QueryRowContext(ctx, `SELECT created_at FROM audit_log WHERE id = $1`, ids[0]).Scan(&at); err != nil {
			t.Fatal(err)
		}
		storetest.TamperAuditLog(t, db, `UPDATE audit_log SET created_at = $1 WHERE id = $2`, at.Time.Add(1000).UTC(), ids[0])
		wantVerified(t, db, 0, 2, ids[0])
	})
}

// Removing the chain's first entry is found too: the next one links to a
// hash the chain's start does not have.
func TestAuditChainFindsItsFirstEntryRemoved(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ids := recordSome(t, db, 3)
		storetest.TamperAuditLog(t, db, `DELETE FROM audit_log WHERE id = $1`, ids[0])
		wantVerified(t, db, 0, 0, ids[1])
	})
}

// An entry recorded in a transaction lands only when the transaction
// commits; Record refuses a transaction it cannot finish the entry in.
func TestAuditEntryLandsWithItsTransaction(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		failed := errors.New("the change failed")
		err := db.Tx(ctx, func(tx *sql.Tx) error {
			if err := audit.Record(ctx, tx, audit.Entry{Action: "test.rolled_back"}); err != nil {
				return err
			}
			return failed
		})
		if !errors.Is(err, failed) {
			t.Fatalf("the transaction: %v", err)
		}
		recordSome(t, db, 2)
		wantVerified(t, db, 2, 0, 0)

		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = tx.Rollback() }()
		if err := audit.Record(ctx, tx, audit.Entry{Action: "test.orphan"}); err == nil {
			t.Error("Record in a transaction DB.Tx did not begin: accepted")
		}
	})
}

// Many writers at once, in transactions of a change and on their own, on
// connections of their own: every entry joins the one chain.
func TestAuditChainUnderConcurrentWriters(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		const writers, each = 16, 8
		start := make(chan struct{})
		errs := make(chan error, writers*each)
		var wg sync.WaitGroup
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				for i := range each {
					errs <- write(ctx, db, w, i)
				}
			}()
		}
		close(start)
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		wantVerified(t, db, writers*each, 0, 0)
	})
}

// write records entry i of writer w: odd writers on their own, even ones in
// the transaction of a change (a market blacklisted).
func write(ctx context.Context, db *store.DB, w, i int) error {
	e := audit.Entry{ActorID: int64(w + 1), Action: "test.concurrent", Target: fmt.Sprintf("market:%d-%d", w, i)}
	if w%2 == 1 {
		return audit.Record(ctx, db, e)
	}
	return db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO market_blacklist (market_name, created_at) VALUES ($1, $2)`, e.Target, store.Now()); err != nil {
			return err
		}
		return audit.Record(ctx, tx, e)
	})
}
