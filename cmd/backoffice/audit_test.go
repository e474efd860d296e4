package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// "backoffice audit verify" says how many entries it verified and ends with
// status 0; after an entry was changed behind the server's back it names
// the entry and ends with status 1.
func TestAuditVerifyCommand(t *testing.T) {
	storetest.EachURL(t, func(t *testing.T, url string) {
		ctx := context.Background()
		db := migratedWithEntries(t, url, "test.cli", 3)
		var out bytes.Buffer
		if err := reportAudit(ctx, db, &out); err != nil || !strings.HasPrefix(out.String(), "verified 3 entries; the newest hash is ") {
			t.Fatalf("an intact trail: %q, %v", out.String(), err)
		}
		if got := exitStatus(run(ctx, []string{"audit", "verify", "--db", url})); got != 0 {
			t.Fatalf("an intact trail: exit status %d, want 0", got)
		}

		var second int64
		if err := db.QueryRowContext(ctx, `SELECT id FROM audit_log WHERE target = 'user:1'`).Scan(&second); err != nil {
			t.Fatal(err)
		}
		storetest.TamperAuditLog(t, db, `UPDATE audit_log SET target = 'user:2' WHERE id = $1`, second)
		out.Reset()
		err := reportAudit(ctx, db, &out)
		want := fmt.Sprintf("entry #%d does not match", second)
		if !strings.Contains(out.String(), want) || !errors.Is(err, errAuditBroken) || !strings.Contains(err.Error(), fmt.Sprintf("#%d", second)) {
			t.Errorf("a changed entry: %q, %v; want %q", out.String(), err, want)
		}
		if got := exitStatus(run(ctx, []string{"audit", "verify", "--db", url})); got != 1 {
			t.Errorf("a changed entry: exit status %d, want 1", got)
		}
	})
}

// migratedWithEntries migrates the database at url and writes n audit
// entries of action to it; the database is closed when the test ends.
func migratedWithEntries(t *testing.T, url, action string, n int) *store.DB {
	t.Helper()
	ctx := context.Background()
	if err := run(ctx, []string{"migrate", "--db", url}); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	for i := range n {
		if err := audit.Record(ctx, db, audit.Entry{Action: action, Target: audit.UserTarget(int64(i))}); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

// "audit verify" on a database that was never migrated says to migrate it
// first, rather than failing on a missing table.
func TestAuditVerifyNeedsAMigratedDatabase(t *testing.T) {
	err := run(context.Background(), []string{"audit", "verify", "--db", storetest.SQLiteURL(t)})
	if !errors.Is(err, errNotMigrated) || exitStatus(err) == 0 {
		t.Fatalf("an unmigrated database: %v (exit status %d)", err, exitStatus(err))
	}
}
