package store_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// A backup taken while a writer keeps writing holds every write acknowledged before it began, and opens as a
// whole, migrated database.
func TestBackupWhileWriting(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := storetest.SQLite(t)
	if _, err := db.ExecContext(ctx, `CREATE TABLE writes (n INTEGER PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	acked := 0
	stop := make(chan struct{})
	written := make(chan struct{}, 1)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for n := 1; ; n++ {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := db.ExecContext(ctx, `INSERT INTO writes (n) VALUES ($1)`, n); err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			acked = n
			mu.Unlock()
			select {
			case written <- struct{}{}:
			default:
			}
		}
	}()
	for range 50 { // let the writer get going
		<-written
	}
	mu.Lock()
	before := acked
	mu.Unlock()
	path := filepath.Join(t.TempDir(), "backup.db")
	if err := db.BackupTo(ctx, path); err != nil {
		t.Fatal(err)
	}
	<-written // the writer was still writing after the backup
	close(stop)
	wg.Wait()
	if err := db.BackupTo(ctx, path); err == nil {
		t.Fatal("a backup over an existing file")
	}

	restored, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	var count, highest int
	var check string
	if err := restored.QueryRowContext(ctx, `SELECT count(*), coalesce(max(n), 0) FROM writes`).Scan(&count, &highest); err != nil {
		t.Fatal(err)
	}
	if err := restored.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity: %q %v", check, err)
	}
	if highest < before || count != highest {
		t.Fatalf("the backup holds writes 1..%d (%d rows); every write acknowledged before it (1..%d) must be there, without gaps", highest, count, before)
	}
	if ok, err := restored.Migrated(ctx); err != nil || !ok {
		t.Fatalf("the restored copy is not migrated: %v %v", ok, err)
	}
}
