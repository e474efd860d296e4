package accounts_test

import (
	"context"
	"testing"

	"xapa/backoffice/internal/accounts"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// A database made before a release added keys (ADMIN_APPROVAL_POLICY,
// ADMIN_INTEGRATION) has an Administrator without them: migrating gives the
// built-in roles every key again, and leaves other roles as they are.
func TestCompleteBuiltinRolesGivesEveryKey(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		admin, err := accounts.EnsureAdministratorRole(ctx, tx)
		if err != nil {
			t.Fatal(err)
		}
		var other int64
		if err := tx.QueryRowContext(ctx, `INSERT INTO roles (role, description, builtin, created_at, updated_at)
			VALUES ('Support', '', FALSE, $1, $1) RETURNING id`, store.Now()).Scan(&other); err != nil {
			t.Fatal(err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM role_permissions WHERE role_id = $1 AND permission IN ($2, $3)`,
			admin, rbac.ApprovalPolicy, rbac.Integration); err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
		count := func(role int64) (n int) {
			if err := db.QueryRowContext(ctx, `SELECT count(*) FROM role_permissions WHERE role_id = $1`, role).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if got, all := count(admin), len(rbac.AllKeys()); got != all-2 {
			t.Fatalf("before: the Administrator holds %d keys, want %d", got, all-2)
		}
		if err := accounts.CompleteBuiltinRoles(ctx, db); err != nil {
			t.Fatal(err)
		}
		if got, all := count(admin), len(rbac.AllKeys()); got != all {
			t.Errorf("after: the Administrator holds %d keys, want all %d", got, all)
		}
		if got := count(other); got != 0 {
			t.Errorf("a role that is not built in gained %d keys", got)
		}
	})
}
