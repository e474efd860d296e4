package store_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// Rows written through Dialect.Rows (unnest on PostgreSQL, VALUES on
// SQLite) read back as they were, every type the ingest writes with it
// (a named string type such as ledger.Status too) and NULL included; In
// selects exactly its values.
func TestRowsWriteEveryTypeAsItIs(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		at := time.Date(2026, 11, 28, 9, 43, 22, 784574000, time.UTC)
		amount := decimal.RequireFromString("12345678901234567890.123456789012345678")
		money := "NUMERIC(38, 18)" // as the schema declares amounts on each database
		if db.Dialect == store.SQLite {
			money = "TEXT"
		}
		if err := db.Tx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `CREATE TEMPORARY TABLE rows_test (n BIGINT, s TEXT, b BOOLEAN, a `+money+`,
				t TIMESTAMP, i INTEGER)`); err != nil {
				return err
			}
			values, args := db.Dialect.Rows(1, []string{"bigint", "text", "boolean", "numeric", "timestamptz", "integer"}, [][]any{
				{int64(1), "it's \"quoted\", {braced}", true, amount, at, 7},
				{int64(2), nil, false, decimal.Zero, at.Add(time.Hour), 0},
				{int64(3), status("confirmed"), false, decimal.Zero, at, 0},
			})
			if _, err := tx.ExecContext(ctx, `INSERT INTO rows_test (n, s, b, a, t, i) `+values, args...); err != nil {
				return err
			}
			var s sql.NullString
			var b bool
			var a decimal.Decimal
			var got time.Time
			var i int
			if err := tx.QueryRowContext(ctx, `SELECT s, b, a, t, i FROM rows_test WHERE n = 1`).Scan(&s, &b, &a, &got, &i); err != nil {
				return err
			}
			if s.String != "it's \"quoted\", {braced}" || !b || !a.Equal(amount) || !got.Equal(at) || i != 7 {
				t.Errorf("row 1 read back as %q %v %s %v %d", s.String, b, a, got, i)
			}
			if err := tx.QueryRowContext(ctx, `SELECT s FROM rows_test WHERE n = 2`).Scan(&s); err != nil {
				return err
			}
			if s.Valid {
				t.Errorf("NULL read back as %q", s.String)
			}
			if err := tx.QueryRowContext(ctx, `SELECT s FROM rows_test WHERE n = 3`).Scan(&s); err != nil || s.String != "confirmed" {
				t.Errorf("a named string read back as %q (%v)", s.String, err)
			}
			in, args := db.Dialect.In(1, []string{"it's \"quoted\", {braced}", "nothing"})
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM rows_test WHERE s`+in, args...).Scan(&n); err != nil {
				return err
			}
			if n != 1 {
				t.Errorf("In selected %d rows, want 1", n)
			}
			_, err := tx.ExecContext(ctx, `DROP TABLE rows_test`)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	})
}

// status is a named string type, as ledger.Status is.
type status string
