package store_test

import (
	"context"
	"database/sql"
	"testing"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// A panic inside a transaction's work rolls it back: its connection goes
// back to the pool (Tx), and TxConn returns (it hung on closing the
// connection the open transaction still held) with nothing written.
func TestAPanicInATransactionRollsItBack(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := db.ExecContext(ctx, `CREATE TABLE panic_test (n INTEGER)`); err != nil {
			t.Fatal(err)
		}
		panics := func(run func(work func(tx *sql.Tx) error) error) (recovered any) {
			defer func() { recovered = recover() }()
			_ = run(func(tx *sql.Tx) error {
				if _, err := tx.ExecContext(ctx, `INSERT INTO panic_test (n) VALUES (1)`); err != nil {
					return err
				}
				panic("boom")
			})
			return nil
		}
		if p := panics(func(work func(*sql.Tx) error) error { return db.Tx(ctx, work) }); p != "boom" {
			t.Fatalf("Tx: recovered %v, want the panic", p)
		}
		if p := panics(func(work func(*sql.Tx) error) error {
			return db.TxConn(ctx, func(_ *sql.Conn, tx *sql.Tx) error { return work(tx) })
		}); p != "boom" {
			t.Fatalf("TxConn: recovered %v, want the panic", p)
		}
		if inUse := db.Stats().InUse; inUse != 0 {
			t.Errorf("%d connections still in use after the panics", inUse)
		}
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM panic_test`).Scan(&n); err != nil || n != 0 {
			t.Errorf("%d rows written by the panicking transactions (%v), want 0", n, err)
		}
	})
}
