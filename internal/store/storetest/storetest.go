// Package storetest runs tests on both databases: a fresh SQLite file, and a
// fresh schema of the PostgreSQL at TEST_DATABASE_URL.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"sync"
	"testing"

	"xapa/backoffice/internal/store"
)

// DefaultPostgresURL is this machine kind's PostgreSQL.
const DefaultPostgresURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// PostgresURL is the server tests use: TEST_DATABASE_URL or the default.
func PostgresURL() string {
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u
	}
	return DefaultPostgresURL
}

// Each runs fn as a subtest per database, each with a new migrated database.
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	EachURL(t, func(t *testing.T, url string) { fn(t, open(t, url)) })
}

// EachURL runs fn as a subtest per database with the URL of a new, empty
// database. TEST_DB=sqlite or TEST_DB=postgres picks one (make test runs
// the suite once per database); by default both run.
func EachURL(t *testing.T, fn func(t *testing.T, url string)) {
	t.Helper()
	if only := os.Getenv("TEST_DB"); only != "" && only != "sqlite" && only != "postgres" {
		t.Fatalf("TEST_DB=%q: want sqlite, postgres or nothing", only)
	}
	if Enabled("sqlite") {
		t.Run("sqlite", func(t *testing.T) { fn(t, SQLiteURL(t)) })
	}
	if Enabled("postgres") {
		t.Run("postgres", func(t *testing.T) { fn(t, PostgresSchemaURL(t)) })
	}
}

// Enabled reports whether the dialect's tests run in this pass (TEST_DB).
func Enabled(dialect string) bool {
	only := os.Getenv("TEST_DB")
	return only == "" || only == dialect
}

// SQLite opens a new, migrated SQLite database in a temporary directory.
func SQLite(t testing.TB) *store.DB {
	t.Helper()
	return open(t, SQLiteURL(t))
}

// SQLiteURL is the URL of a new SQLite database file in a temporary directory.
func SQLiteURL(t testing.TB) string { return "sqlite:" + t.TempDir() + "/test.db" }

// Postgres opens a new, migrated schema of the test PostgreSQL, dropped when
// the test ends. With CI=true an unreachable server fails the test; elsewhere
// the test is skipped with the reason.
func Postgres(t testing.TB) *store.DB {
	t.Helper()
	return open(t, PostgresSchemaURL(t))
}

var extOnce sync.Once

// PostgresSchemaURL creates a fresh schema and returns a URL whose
// search_path points at it; the schema is dropped when the test ends.
func PostgresSchemaURL(t testing.TB) string {
	t.Helper()
	if !Enabled("postgres") {
		t.Skip("PostgreSQL tests run in the TEST_DB=postgres pass")
	}
	base := PostgresURL()
	admin, err := sql.Open("pgx", base)
	if err == nil {
		err = admin.PingContext(context.Background())
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("PostgreSQL at %s is required in CI: %v", base, err)
		}
		t.Skipf("PostgreSQL at %s unreachable (set TEST_DATABASE_URL): %v", base, err)
	}
	// Created once, outside any test schema, so dropping a schema never drops it.
	extOnce.Do(func() {
		if _, err := admin.Exec(`SELECT pg_advisory_lock(4242); CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public; SELECT pg_advisory_unlock(4242)`); err != nil {
			t.Logf("pg_trgm: %v", err)
		}
	})
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "t_" + hex.EncodeToString(b[:])
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

func open(t testing.TB, url string) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, url)
	if err != nil {
		t.Fatalf("open %s: %v", url, err)
	}
	t.Cleanup(func() { db.Close() })
	db.AuditKey = AuditKey()
	if err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return db
}

// AuditKey is a random audit key (store.DB.AuditKey) for a test's database.
func AuditKey() []byte {
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		panic(err)
	}
	return k
}
