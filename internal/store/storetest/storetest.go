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
// TEST_DB picks one, as for EachURL.
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	checkTestDB(t)
	if Enabled("sqlite") {
		t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	}
	if Enabled("postgres") {
		t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
	}
}

func checkTestDB(t *testing.T) {
	t.Helper()
	if only := os.Getenv("TEST_DB"); only != "" && only != "sqlite" && only != "postgres" {
		t.Fatalf("TEST_DB=%q: want sqlite, postgres or nothing", only)
	}
}

// EachURL runs fn as a subtest per database with the URL of a new, empty
// database. TEST_DB=sqlite or TEST_DB=postgres picks one (make test runs
// the suite once per database); by default both run.
func EachURL(t *testing.T, fn func(t *testing.T, url string)) {
	t.Helper()
	checkTestDB(t)
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

// Postgres opens a new, migrated database of the test PostgreSQL, dropped
// when the test ends. With CI=true an unreachable server fails the test;
// elsewhere the test is skipped with the reason.
func Postgres(t testing.TB) *store.DB {
	t.Helper()
	return open(t, PostgresMigratedURL(t))
}

var extOnce sync.Once

// admin connects to the test PostgreSQL, or ends the test when it cannot.
func admin(t testing.TB) *sql.DB {
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
	return admin
}

// PostgresMigratedURL creates a database holding every migration and
// returns its URL; the database is dropped when the test ends. It is a copy
// of a template database migrated once per set of migrations
// (store.MigrationsDigest): copying takes about 0.05 s, migrating about 0.5.
func PostgresMigratedURL(t testing.TB) string {
	t.Helper()
	admin := admin(t)
	base := PostgresURL()
	template, err := migratedTemplate(admin, base)
	if err != nil {
		t.Fatalf("template database: %v", err)
	}
	name := "t_" + randomHex()
	if _, err := admin.Exec("CREATE DATABASE " + name + " TEMPLATE " + template); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP DATABASE " + name + " WITH (FORCE)")
		admin.Close()
	})
	return databaseURL(t, base, name)
}

var templates sync.Map // base URL → template name, once made or found

// migratedTemplate is the name of the template database of these
// migrations, made when no test process has made it yet. Test processes of
// several packages race for it: an advisory lock makes one build it under a
// temporary name, renamed when complete, so a template is never half made.
// Templates of other migrations (an older checkout) are dropped on the way.
func migratedTemplate(admin *sql.DB, base string) (string, error) {
	if name, ok := templates.Load(base); ok {
		return name.(string), nil
	}
	ctx := context.Background()
	conn, err := admin.Conn(ctx) // the advisory lock is its session's
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(4243)`); err != nil {
		return "", err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock(4243)`) //nolint:errcheck // the session ends with conn
	name := "xapa_template_" + store.MigrationsDigest()
	var exists bool
	if err := conn.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return "", err
	}
	if !exists {
		if err := buildTemplate(ctx, conn, base, name); err != nil {
			return "", err
		}
	}
	templates.Store(base, name)
	return name, nil
}

func buildTemplate(ctx context.Context, conn *sql.Conn, base, name string) error {
	rows, err := conn.QueryContext(ctx, `SELECT datname FROM pg_database WHERE datname LIKE 'xapa\_template\_%' AND datname <> $1`, name)
	if err != nil {
		return err
	}
	var stale []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return err
		}
		stale = append(stale, n)
	}
	rows.Close()
	for _, n := range stale {
		_, _ = conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+n) // one in use stays, for a later run
	}
	building := name + "_building"
	if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+building); err != nil {
		return err
	}
	u, err := url.Parse(base)
	if err != nil {
		return err
	}
	u.Path = "/" + building
	db, err := store.Open(ctx, u.String())
	if err == nil {
		db.AuditKey = AuditKey()
		err = db.Migrate(ctx)
		db.Close()
	}
	if err == nil {
		_, err = conn.ExecContext(ctx, "ALTER DATABASE "+building+" RENAME TO "+name)
	}
	if err != nil {
		_, _ = conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+building+" WITH (FORCE)")
	}
	return err
}

// databaseURL is base with its database replaced by name.
func databaseURL(t testing.TB, base, name string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

func randomHex() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// PostgresSchemaURL creates a fresh, empty schema and returns a URL whose
// search_path points at it; the schema is dropped when the test ends.
func PostgresSchemaURL(t testing.TB) string {
	t.Helper()
	admin := admin(t)
	base := PostgresURL()
	// Created once, outside any test schema, so dropping a schema never drops it.
	extOnce.Do(func() {
		if _, err := admin.Exec(`SELECT pg_advisory_lock(4242); CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public; SELECT pg_advisory_unlock(4242)`); err != nil {
			t.Logf("pg_trgm: %v", err)
		}
	})
	schema := "t_" + randomHex()
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
