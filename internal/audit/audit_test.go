package audit_test

import (
	"context"
	"testing"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// The audit log is append only in the database itself (migration 00007): an
// entry can be added, never changed or removed.
func TestAuditLogIsAppendOnly(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := audit.Record(ctx, db, audit.Entry{Action: "test.append", Target: "x", IP: "192.0.2.1"}); err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{
			`UPDATE audit_log SET action = 'test.rewritten'`,
			`DELETE FROM audit_log`,
		} {
			if _, err := db.ExecContext(ctx, q); err == nil {
				t.Errorf("%s: accepted", q)
			}
		}
		if db.Dialect == store.Postgres {
			if _, err := db.ExecContext(ctx, `TRUNCATE audit_log`); err == nil {
				t.Error("TRUNCATE: accepted")
			}
		}
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM audit_log WHERE action = 'test.append'`).Scan(&n); err != nil || n != 1 {
			t.Errorf("the entry: %d rows, %v", n, err)
		}
	})
}
