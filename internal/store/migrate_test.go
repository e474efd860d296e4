package store_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/pressly/goose/v3"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// Version N is the same change on both databases: both folders hold the same
// file names, numbered from 00001 without gaps, each file with its dialect's
// SQL (docs/decisions/0010-one-migration-sequence.md).
func TestMigrationFoldersMatch(t *testing.T) {
	t.Parallel()
	names := func(dialect string) []string {
		entries, err := os.ReadDir("migrations/" + dialect)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range entries {
			out = append(out, e.Name())
		}
		return out
	}
	pg, lite := names("postgres"), names("sqlite")
	for _, f := range pg {
		if !slices.Contains(lite, f) {
			t.Errorf("%s is in migrations/postgres only: add the SQLite file of the same name", f)
		}
	}
	for _, f := range lite {
		if !slices.Contains(pg, f) {
			t.Errorf("%s is in migrations/sqlite only: add the PostgreSQL file of the same name", f)
		}
	}
	name := regexp.MustCompile(`^(\d{5})_[a-z0-9_]+\.sql$`)
	for i, f := range pg {
		if m := name.FindStringSubmatch(f); m == nil || m[1] != fmt.Sprintf("%05d", i+1) {
			t.Errorf("migrations/postgres/%s: want %05d_name.sql (the next number, a lower-case name)", f, i+1)
		}
	}
}

// A PostgreSQL database the old, per-dialect numbering left at version 4, 5
// or 6 lacks users_search (then 00007, now 00004): migrating it is refused,
// and nothing is applied. One at version 3 or below migrates as any other.
func TestOldPostgresNumberingRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	atVersion3 := func() *store.DB {
		db, err := store.Open(ctx, storetest.PostgresSchemaURL(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		p, err := goose.NewProvider(goose.DialectPostgres, db.DB, os.DirFS("migrations/postgres"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.UpTo(ctx, 3); err != nil {
			t.Fatal(err)
		}
		return db
	}

	db := atVersion3()
	if err := db.Migrate(ctx); err != nil {
		t.Fatalf("from version 3: %v", err)
	}
	if ok, err := db.Migrated(ctx); err != nil || !ok {
		t.Fatalf("migrated from version 3: %v %v", ok, err)
	}

	// The old 00004-00006 (now 00005-00007) as goose recorded them; their
	// indexes and triggers do not matter to the check.
	old := atVersion3()
	if _, err := old.ExecContext(ctx, `INSERT INTO goose_db_version (version_id, is_applied) VALUES (4, TRUE), (5, TRUE), (6, TRUE)`); err != nil {
		t.Fatal(err)
	}
	if err := old.Migrate(ctx); !errors.Is(err, store.ErrOldNumbering) {
		t.Fatalf("old numbering at version 6: %v; want ErrOldNumbering", err)
	}
	if v, err := old.MigrationVersion(ctx); err != nil || v != 6 {
		t.Fatalf("after the refusal: version %d, %v; want 6, nothing applied", v, err)
	}
	if ok, err := old.Migrated(ctx); err != nil || ok {
		t.Fatalf("old numbering: migrated = %v, %v; want false (/readyz 503)", ok, err)
	}
}
