package store_test

import (
	"context"
	"database/sql"
	"testing"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// RelaxCommit relaxes the one transaction it is given, and commits its
// writes: on PostgreSQL that transaction alone commits without waiting for
// the disk, and the next one on the same connection waits again.
func TestRelaxCommitRelaxesOneTransaction(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		db.SetMaxOpenConns(1) // the next transaction is on the same connection
		if _, err := db.ExecContext(ctx, `CREATE TABLE relax_test (n INTEGER)`); err != nil {
			t.Fatal(err)
		}
		setting := func(tx *sql.Tx) string {
			if db.Dialect == store.SQLite {
				return "not kept"
			}
			var s string
			if err := tx.QueryRowContext(ctx, `SHOW synchronous_commit`).Scan(&s); err != nil {
				t.Fatal(err)
			}
			return s
		}
		var inside, after string
		if err := db.Tx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `INSERT INTO relax_test (n) VALUES (1)`); err != nil {
				return err
			}
			if err := db.Dialect.RelaxCommit(ctx, tx); err != nil {
				return err
			}
			inside = setting(tx)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if err := db.Tx(ctx, func(tx *sql.Tx) error { after = setting(tx); return nil }); err != nil {
			t.Fatal(err)
		}
		want := map[store.Dialect][2]string{store.Postgres: {"off", "on"}, store.SQLite: {"not kept", "not kept"}}[db.Dialect]
		if inside != want[0] || after != want[1] {
			t.Errorf("synchronous_commit %q in the relaxed transaction and %q in the next, want %q and %q", inside, after, want[0], want[1])
		}
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM relax_test`).Scan(&n); err != nil || n != 1 {
			t.Errorf("rows committed: %d (%v), want 1", n, err)
		}
	})
}
