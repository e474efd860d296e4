package audit_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// servingGrants are the grants of the role the server runs as (docs/operations.md,
// "PostgreSQL: two roles"), for schema %[1]s and role %[2]s: the rights of an
// owner's data on every table, but only to read and add to the audit log.
var servingGrants = []string{
	`GRANT USAGE ON SCHEMA %[1]s TO %[2]s`,
	`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %[1]s TO %[2]s`,
	`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %[1]s TO %[2]s`,
	`REVOKE UPDATE, DELETE ON %[1]s.audit_log FROM %[2]s`,
}

// On PostgreSQL the server can run as a role that may add to the audit log
// but neither change, remove, truncate nor alter it, whatever the triggers:
// the database refuses it the right. The role here is made for the test, on
// the test's own schema, and dropped after.
func TestServingRoleOnlyAppendsToTheAuditLog(t *testing.T) {
	t.Parallel()
	ownerURL := storetest.PostgresSchemaURL(t)
	ctx := context.Background()
	owner := openURL(t, ownerURL)
	if err := owner.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	role, serving := servingRole(t, owner, ownerURL)

	if err := audit.Record(ctx, serving, audit.Entry{Action: "test.serving_role", Target: role}); err != nil {
		t.Fatalf("the serving role adds to the audit log: %v", err)
	}
	if _, err := serving.ExecContext(ctx, `UPDATE users SET full_name = full_name`); err != nil {
		t.Errorf("the serving role changes other tables: %v", err)
	}
	for _, q := range []string{
		`UPDATE audit_log SET action = 'test.rewritten'`,
		`DELETE FROM audit_log`,
		`TRUNCATE audit_log`,
		`ALTER TABLE audit_log DISABLE TRIGGER USER`,
		`ALTER TABLE audit_log ADD COLUMN note TEXT`,
		`DROP TABLE audit_log`,
	} {
		var pg *pgconn.PgError
		if _, err := serving.ExecContext(ctx, q); !errors.As(err, &pg) || pg.Code != "42501" {
			t.Errorf("%s as the serving role: %v; want it refused for lack of the right", q, err)
		}
	}
	v, err := audit.Verify(ctx, serving)
	if err != nil || v.Verified != 1 || v.BrokenAt != nil {
		t.Errorf("verified as the serving role: %+v, %v; want the one entry", v, err)
	}
}

// servingRole creates a login role with servingGrants on the schema of
// ownerURL and returns its name and the database opened as it; the role is
// dropped when the test ends.
func servingRole(t *testing.T, owner *store.DB, ownerURL string) (string, *store.DB) {
	t.Helper()
	ctx := context.Background()
	u, err := url.Parse(ownerURL)
	if err != nil {
		t.Fatal(err)
	}
	schema := u.Query().Get("search_path")
	var b [6]byte
	_, _ = rand.Read(b[:])
	role := "serve_" + hex.EncodeToString(b[:])
	if _, err := owner.ExecContext(ctx, `CREATE ROLE `+role+` LOGIN`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := owner.ExecContext(ctx, `DROP OWNED BY `+role+`; DROP ROLE `+role); err != nil {
			t.Errorf("drop role %s: %v", role, err)
		}
	})
	for _, g := range servingGrants {
		if _, err := owner.ExecContext(ctx, fmt.Sprintf(g, schema, role)); err != nil {
			t.Fatalf("%s: %v", g, err)
		}
	}
	u.User = url.User(role)
	return role, openURL(t, u.String())
}

// openURL opens url, closed when the test ends.
func openURL(t *testing.T, url string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.AuditKey = storetest.AuditKey()
	return db
}
