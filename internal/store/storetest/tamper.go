package storetest

import (
	"context"
	"database/sql"
	"testing"

	"xapa/backoffice/internal/store"
)

// TamperAuditLog runs q on the audit log as an attacker holding the database
// would: in one transaction it takes away the triggers that keep the log
// append only (migration 00007), runs q and puts them back. On PostgreSQL
// the test's user must own the table (the tests' superuser does).
func TamperAuditLog(t testing.TB, db *store.DB, q string, args ...any) {
	t.Helper()
	ctx := context.Background()
	err := db.Tx(ctx, func(tx *sql.Tx) error {
		if db.Dialect == store.Postgres {
			return execAll(ctx, tx, []string{`ALTER TABLE audit_log DISABLE TRIGGER USER`}, q, args,
				[]string{`ALTER TABLE audit_log ENABLE TRIGGER USER`})
		}
		drop, create, err := sqliteAuditTriggers(ctx, tx)
		if err != nil {
			return err
		}
		return execAll(ctx, tx, drop, q, args, create)
	})
	if err != nil {
		t.Fatalf("tamper with the audit log (%s): %v", q, err)
	}
}

// sqliteAuditTriggers are the statements that drop the audit log's triggers
// and those that create them again.
func sqliteAuditTriggers(ctx context.Context, tx *sql.Tx) (drop, create []string, err error) {
	rows, err := tx.QueryContext(ctx, `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_log'`)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var name, def string
		if err := rows.Scan(&name, &def); err != nil {
			return nil, nil, err
		}
		drop, create = append(drop, "DROP TRIGGER "+name), append(create, def)
	}
	return drop, create, rows.Err()
}

// execAll runs before, then q, then after, in tx.
func execAll(ctx context.Context, tx *sql.Tx, before []string, q string, args []any, after []string) error {
	for _, s := range before {
		if _, err := tx.ExecContext(ctx, s); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, q, args...); err != nil {
		return err
	}
	for _, s := range after {
		if _, err := tx.ExecContext(ctx, s); err != nil {
			return err
		}
	}
	return nil
}
