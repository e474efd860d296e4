package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// "backoffice audit verify" says how many entries it verified and ends with
// status 0; after an entry was changed behind the server's back it names
// the entry and ends with status 1.
func TestAuditVerifyCommand(t *testing.T) {
	storetest.EachURL(t, func(t *testing.T, url string) {
		ctx := context.Background()
		db, keyFile := migratedWithEntries(t, url, "test.cli", 3)
		verify := []string{"audit", "verify", "--db", url, "--secrets-key-file", keyFile}
		var out bytes.Buffer
		if err := reportAudit(ctx, db, nil, &out); err != nil || !strings.HasPrefix(out.String(), "verified 3 entries; the newest hash is ") {
			t.Fatalf("an intact trail: %q, %v", out.String(), err)
		}
		if got := exitStatus(run(ctx, verify)); got != 0 {
			t.Fatalf("an intact trail: exit status %d, want 0", got)
		}

		var second int64
		if err := db.QueryRowContext(ctx, `SELECT id FROM audit_log WHERE target = 'user:1'`).Scan(&second); err != nil {
			t.Fatal(err)
		}
		storetest.TamperAuditLog(t, db, `UPDATE audit_log SET target = 'user:2' WHERE id = $1`, second)
		out.Reset()
		err := reportAudit(ctx, db, nil, &out)
		want := fmt.Sprintf("entry #%d does not match", second)
		if !strings.Contains(out.String(), want) || !errors.Is(err, errAuditBroken) || !strings.Contains(err.Error(), fmt.Sprintf("#%d", second)) {
			t.Errorf("a changed entry: %q, %v; want %q", out.String(), err, want)
		}
		if got := exitStatus(run(ctx, verify)); got != 1 {
			t.Errorf("a changed entry: exit status %d, want 1", got)
		}
	})
}

// A checkpoint printed by "audit checkpoint" and kept in a file is proven
// by "audit verify --checkpoints FILE" while the log holds its entry; once
// the newest entries are deleted (which the chain alone cannot show), the
// command names the checkpoint and ends with status 1.
func TestAuditCheckpointCommand(t *testing.T) {
	storetest.EachURL(t, func(t *testing.T, url string) {
		ctx := context.Background()
		db, keyFile := migratedWithEntries(t, url, "test.cli", 4)
		kept := filepath.Join(t.TempDir(), "checkpoints.jsonl")
		printed := stdoutOf(t, func() error {
			return run(ctx, []string{"audit", "checkpoint", "--db", url, "--secrets-key-file", keyFile})
		})
		if err := os.WriteFile(kept, []byte(printed), 0o600); err != nil {
			t.Fatal(err)
		}
		verify := []string{"audit", "verify", "--db", url, "--secrets-key-file", keyFile, "--checkpoints", kept}
		if out := stdoutOf(t, func() error { return run(ctx, verify) }); !strings.Contains(out, "and 1 checkpoints") {
			t.Fatalf("the kept checkpoint: %q", out)
		}
		storetest.TamperAuditLog(t, db, `DELETE FROM audit_log WHERE id >= 3`)
		if got := exitStatus(run(ctx, []string{"audit", "verify", "--db", url, "--secrets-key-file", keyFile})); got != 0 {
			t.Fatalf("without the checkpoint the cut log verifies (exit %d, want 0): the chain alone cannot show it", got)
		}
		if got := exitStatus(run(ctx, verify)); got != 1 {
			t.Fatalf("with the kept checkpoint: exit status %d, want 1", got)
		}
	})
}

// stdoutOf runs fn and returns what it printed on standard output.
func stdoutOf(t *testing.T, fn func() error) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stdout
	os.Stdout = w
	done := make(chan []byte)
	go func() { b, _ := io.ReadAll(r); done <- b }()
	err = fn()
	os.Stdout = saved
	w.Close()
	out := <-done
	if err != nil {
		t.Fatalf("%v (printed %q)", err, out)
	}
	return string(out)
}

// migratedWithEntries migrates the database at url, makes its key file
// (beside an SQLite database, where serve looks for it) and writes n audit
// entries of action to it; the database is closed when the test ends.
func migratedWithEntries(t *testing.T, url, action string, n int) (*store.DB, string) {
	t.Helper()
	ctx := context.Background()
	if err := run(ctx, []string{"migrate", "--db", url}); err != nil {
		t.Fatal(err)
	}
	keyFile := filepath.Join(t.TempDir(), "secrets.key")
	if path, ok := strings.CutPrefix(url, "sqlite:"); ok {
		keyFile = path + ".key"
	}
	if err := run(ctx, []string{"secrets", "init", "--secrets-key-file", keyFile}); err != nil {
		t.Fatal(err)
	}
	box, err := secrets.Load(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.AuditKey = box.AuditKey()
	for i := range n {
		if err := audit.Record(ctx, db, audit.Entry{Action: action, Target: audit.UserTarget(int64(i))}); err != nil {
			t.Fatal(err)
		}
	}
	return db, keyFile
}

// "audit verify" on a database that was never migrated says to migrate it
// first, rather than failing on a missing table.
func TestAuditVerifyNeedsAMigratedDatabase(t *testing.T) {
	err := run(context.Background(), []string{"audit", "verify", "--db", storetest.SQLiteURL(t)})
	if !errors.Is(err, errNotMigrated) || exitStatus(err) == 0 {
		t.Fatalf("an unmigrated database: %v (exit status %d)", err, exitStatus(err))
	}
}
