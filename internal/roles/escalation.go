package roles

import (
	"context"
	"sort"
	"strings"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
)

// Staff hand out, change and take away only what they hold themselves.
// Without this, a holder of ADMIN_EDIT_USER could change an Administrator's
// email and switch their Google Authenticator off (then reset the password
// and sign in as them), and a holder of ADMIN_ADD_USER_ROLE or
// ADMIN_EDIT_ROLE could give themselves or an accomplice every permission.
// Each guard runs inside the change's transaction.

// EnsureKeysWithin refuses when keys hold a permission that the staff member
// actor does not hold.
func EnsureKeysWithin(ctx context.Context, q querier, actor int64, keys []string) error {
	held, err := heldKeys(ctx, q, actor)
	if err != nil {
		return err
	}
	var missing []string
	for _, k := range keys {
		if !held[k] {
			missing = append(missing, k)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	sort.Strings(missing)
	return &apperr.Forbidden{Message: "You can only grant or change permissions you hold yourself; you lack " +
		strings.Join(missing, ", ") + "."}
}

// EnsureRoleWithin refuses when role id holds a permission actor lacks.
func EnsureRoleWithin(ctx context.Context, q querier, actor, id int64) error {
	r, err := Get(ctx, q, id)
	if err != nil {
		return err
	}
	return EnsureKeysWithin(ctx, q, actor, r.Permissions)
}

// EnsureUsersWithin refuses when any of the users ids is a staff member
// holding a permission actor lacks: nobody manages someone with more reach
// than their own. One query, however many ids.
func EnsureUsersWithin(ctx context.Context, q querier, actor int64, ids ...int64) error {
	if len(ids) == 0 {
		return nil
	}
	list, idArgs := store.IDList(2, ids)
	args := append([]any{actor}, idArgs...)
	var n int
	err := q.QueryRowContext(ctx, `SELECT count(*) FROM users u JOIN role_permissions p ON p.role_id = u.role_id
		WHERE u.is_admin = TRUE AND u.id IN (`+list+`) AND p.permission NOT IN
			(SELECT a.permission FROM users me JOIN role_permissions a ON a.role_id = me.role_id
			WHERE me.id = $1 AND me.is_admin = TRUE)`, args...).Scan(&n)
	if err != nil {
		return err
	}
	if n > 0 {
		return &apperr.Forbidden{Message: "You cannot change a staff member who holds permissions you do not hold."}
	}
	return nil
}

// EnsureStrictlyAbove refuses (403) unless the actor holds every key the
// target holds and at least one more: the rule for changing another staff
// member's email or second factor, which would let the actor take the
// account over (decision 0008). A role-less staff member holds no keys but
// may be given any role later, so taking one over needs every key.
func EnsureStrictlyAbove(ctx context.Context, q querier, actor, target int64) error {
	mine, err := heldKeys(ctx, q, actor)
	if err != nil {
		return err
	}
	theirs, err := heldKeys(ctx, q, target)
	if err != nil {
		return err
	}
	if len(theirs) == 0 {
		for _, k := range rbac.AllKeys() {
			if !mine[k] {
				return &apperr.Forbidden{Message: "Changing the email or second factor of a staff member who holds no role needs every permission."}
			}
		}
		return nil
	}
	for k := range theirs {
		if !mine[k] {
			return &apperr.Forbidden{Message: "You cannot change a staff member who holds permissions you do not hold."}
		}
	}
	if len(mine) <= len(theirs) {
		return &apperr.Forbidden{Message: "Changing another staff member's email or second factor needs every permission they hold and at least one more."}
	}
	return nil
}

// heldKeys are the permissions user id holds now: its role's keys when it
// is a staff member, else none.
func heldKeys(ctx context.Context, q querier, id int64) (map[string]bool, error) {
	rows, err := q.QueryContext(ctx, `SELECT p.permission FROM users u JOIN role_permissions p ON p.role_id = u.role_id
		WHERE u.id = $1 AND u.is_admin = TRUE`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	held := map[string]bool{}
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		held[k] = true
	}
	return held, rows.Err()
}
