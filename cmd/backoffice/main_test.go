package main

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

func TestCommands(t *testing.T) {
	storetest.EachURL(t, func(t *testing.T, db string) {
		ctx := context.Background()
		if err := run(ctx, []string{"migrate", "--db", db}); err != nil {
			t.Fatalf("migrate: %v", err)
		}
		t.Setenv("BACKOFFICE_DB", db) // the environment equivalent of --db
		if !strings.HasPrefix(db, "sqlite:") {
			if err := run(ctx, []string{"seed", "--users", "20"}); err == nil || !strings.Contains(err.Error(), "required with PostgreSQL") {
				t.Fatalf("seeding PostgreSQL without a key file: %v; want it refused", err)
			}
		}
		keyFile := filepath.Join(t.TempDir(), "secrets.key")
		if err := run(ctx, []string{"secrets", "init", "--secrets-key-file", keyFile}); err != nil {
			t.Fatalf("secrets init: %v", err)
		}
		if err := run(ctx, []string{"secrets", "init", "--secrets-key-file", keyFile}); err == nil {
			t.Fatal("secrets init over an existing key file must fail")
		}
		t.Setenv("BACKOFFICE_SECRETS_KEY_FILE", keyFile)
		if err := run(ctx, []string{"seed", "--users", "20", "--transactions", "100", "--seed", "3"}); err != nil {
			t.Fatalf("seed: %v", err)
		}
		if err := run(ctx, []string{"seed", "--users", "20"}); err == nil {
			t.Fatal("seeding a filled database must fail")
		}
		if err := run(ctx, []string{"admin", "create", "--username", "root", "--email", "Root@Example.com", "--password", "long-enough-1"}); err != nil {
			t.Fatalf("admin create: %v", err)
		}
		if err := run(ctx, []string{"admin", "create", "--username", "root2", "--email", "root@example.com", "--password", "long-enough-1"}); err == nil {
			t.Fatal("a taken email must fail")
		}
		if err := run(ctx, []string{"admin", "create", "--username", "x", "--email", "x@example.com", "--password", "short"}); err == nil {
			t.Fatal("a short password must fail")
		}

		s, err := store.Open(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		var n, keys int
		var isAdmin bool
		err = s.QueryRowContext(ctx, `SELECT u.is_admin, (SELECT count(*) FROM role_permissions p WHERE p.role_id = u.role_id)
				FROM users u JOIN roles r ON r.id = u.role_id WHERE u.email = 'root@example.com' AND r.role = 'Administrator'`).Scan(&isAdmin, &keys)
		if err != nil || !isAdmin || keys != len(rbac.AllKeys()) {
			t.Fatalf("root: admin=%v keys=%d err=%v; want a staff member holding all %d keys", isAdmin, keys, err, len(rbac.AllKeys()))
		}
		if err := s.QueryRowContext(ctx, `SELECT count(*) FROM transactions`).Scan(&n); err != nil || n != 100 {
			t.Fatalf("transactions = %d, %v", n, err)
		}
		// A session minted by the tool is audited as such.
		if err := run(ctx, []string{"admin", "token", "--username", "root"}); err != nil {
			t.Fatalf("admin token: %v", err)
		}
		if err := s.QueryRowContext(ctx, `SELECT count(*) FROM audit_log WHERE action = 'session.issued_by_tool'
				AND target = (SELECT 'user:' || id FROM users WHERE username = 'root')`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("audit rows of the tool's session = %d, %v; want 1", n, err)
		}
		// It starts stepped up, as a sign-in's session does; --stepped-up=false opens one that must step up first.
		if err := run(ctx, []string{"admin", "token", "--username", "root", "--stepped-up=false"}); err != nil {
			t.Fatalf("admin token --stepped-up=false: %v", err)
		}
		var fresh, stale int
		if err := s.QueryRowContext(ctx, `SELECT count(stepped_up_at), count(*) - count(stepped_up_at) FROM sessions
				WHERE user_id = (SELECT id FROM users WHERE username = 'root')`).Scan(&fresh, &stale); err != nil || fresh != 1 || stale != 1 {
			t.Fatalf("stepped-up sessions %d, not stepped up %d, %v; want 1 and 1", fresh, stale, err)
		}

		// The secrets are sealed: no TOTP secret in plain text; rotation and retirement keep them readable.
		if err := s.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE ga_secret IS NOT NULL AND ga_secret NOT LIKE 'enc:v1:%'`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d TOTP secrets in plain text, %v", n, err)
		}
		for _, step := range []string{"rotate", "retire"} {
			if err := run(ctx, []string{"secrets", step}); err != nil {
				t.Fatalf("secrets %s: %v", step, err)
			}
		}
		if err := run(ctx, []string{"admin", "token", "--username", "root"}); err != nil {
			t.Fatalf("admin token after rotation: %v", err)
		}
		other := filepath.Join(t.TempDir(), "other.key")
		if err := run(ctx, []string{"secrets", "init", "--secrets-key-file", other}); err != nil {
			t.Fatal(err)
		}
		if err := run(ctx, []string{"admin", "token", "--username", "root", "--secrets-key-file", other}); err == nil ||
			!strings.Contains(err.Error(), "does not open this database's secrets") {
			t.Fatalf("another key file: %v; want it refused", err)
		}
	})
}

// backup copies an embedded database (never over a file) and sends PostgreSQL to pg_dump.
func TestBackupCommand(t *testing.T) {
	db := storetest.SQLiteURL(t)
	if err := run(context.Background(), []string{"migrate", "--db", db}); err != nil {
		t.Fatal(err)
	}
	to := filepath.Join(t.TempDir(), "copy.db")
	if err := run(context.Background(), []string{"backup", "--db", db, "--to", to}); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), []string{"migrate", "--db", "sqlite:" + to}); err != nil {
		t.Fatalf("the copy does not open: %v", err)
	}
	if err := run(context.Background(), []string{"backup", "--db", db, "--to", to}); err == nil {
		t.Fatal("a backup over an existing file")
	}
	if err := run(context.Background(), []string{"backup", "--db", db}); err == nil {
		t.Fatal("no --to")
	}
}

// The embedded default makes its key file beside the database, readable by its owner only.
func TestOutboxCommandAndDefaultKeyFile(t *testing.T) {
	db := storetest.SQLiteURL(t)
	if err := run(context.Background(), []string{"outbox", "--db", db}); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(strings.TrimPrefix(db, "sqlite:") + ".key")
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("key file beside the database: %v %v; want mode 0600", info, err)
	}
}

func TestUnknownCommand(t *testing.T) {
	if err := run(context.Background(), []string{"frobnicate"}); err == nil {
		t.Fatal("want an error")
	}
	if err := run(context.Background(), []string{"serve", "--log-format", "xml", "--db", storetest.SQLiteURL(t)}); err == nil {
		t.Fatal("want an error for a bad --log-format")
	}
}

// A newcomer's first commands: --version and every --help end with status 0; a command line that
// cannot be read ends with 2.
func TestHelpAndVersionExitZero(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}, {"--help"}, {"admin", "--help"}, {"serve", "--help"},
		{"migrate", "--help"}, {"seed", "-h"}, {"outbox", "--help"}, {"admin", "create", "--help"}, {"admin", "token", "--help"},
		{"openapi", "--help"}, {"audit", "--help"}, {"audit", "verify", "--help"}} {
		if got := exitStatus(run(context.Background(), args)); got != 0 {
			t.Errorf("backoffice %v: exit status %d, want 0", args, got)
		}
	}
	for _, args := range [][]string{{}, {"admin"}, {"admin", "nope"}, {"audit"}, {"serve", "--no-such-flag"}} {
		if got := exitStatus(run(context.Background(), args)); got != 2 {
			t.Errorf("backoffice %v: exit status %d, want 2", args, got)
		}
	}
}

// A retention period under a day is refused, from the flag or from its environment variable.
func TestServeRetentionDaysAtLeastOne(t *testing.T) {
	for _, args := range [][]string{{"--retention-days", "0"}, {"--retention-days=-3"}} {
		err := run(context.Background(), append([]string{"serve", "--addr", "127.0.0.1:0", "--db", storetest.SQLiteURL(t)}, args...))
		if err == nil || !strings.Contains(err.Error(), "--retention-days") {
			t.Errorf("serve %q: %v, want a --retention-days error", args, err)
		}
	}
	t.Setenv("BACKOFFICE_RETENTION_DAYS", "0")
	if err := run(context.Background(), []string{"serve", "--addr", "127.0.0.1:0", "--db", storetest.SQLiteURL(t)}); err == nil ||
		!strings.Contains(err.Error(), "--retention-days") {
		t.Errorf("BACKOFFICE_RETENTION_DAYS=0: %v, want a --retention-days error", err)
	}
}

func TestSignInHostIsLocalhostForThisMachine(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.1:8080":  "localhost:8080", // passkeys refuse an IP address
		"[::1]:8080":      "localhost:8080",
		"0.0.0.0:8080":    "localhost:8080",
		"192.0.2.10:8080": "192.0.2.10:8080",
	} {
		tcp, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := signInHost(tcp); got != want {
			t.Errorf("signInHost(%s) = %s, want %s", addr, got, want)
		}
	}
}

// serve --no-migrate on a database no binary has migrated says what to do, not which table it missed first.
func TestServeNoMigrateOnAnEmptyDatabase(t *testing.T) {
	storetest.EachURL(t, func(t *testing.T, url string) {
		err := run(context.Background(), []string{"serve", "--no-migrate", "--addr", "127.0.0.1:0", "--db", url})
		if err == nil || !strings.Contains(err.Error(), "run backoffice migrate first") {
			t.Fatalf("serve --no-migrate: %v, want %q", err, errNotMigrated)
		}
	})
}

// --version names the release (or dev) and the commit apart, never a bare hash as the version.
func TestVersionLineNamesReleaseAndCommit(t *testing.T) {
	defer func(v, c string) { version, commit = v, c }(version, commit)
	version, commit = "dev", "42d99dbf5b74"
	if got := versionLine(); !strings.HasPrefix(got, "backoffice dev (commit 42d99dbf5b74) go") {
		t.Errorf("versionLine() = %q", got)
	}
}
