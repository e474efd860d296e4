// Package roles manages permission roles: named sets of permission keys,
// each staff member holding at most one.
package roles

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/textutil"
)

// Service serves permission roles from the database.
type Service struct{ db *store.DB }

// New returns the service over db.
func New(db *store.DB) *Service { return &Service{db: db} }

// Role is a permission role as the API shows it.
type Role struct {
	ID          int64    `json:"id"`
	Role        string   `json:"role"`
	Description string   `json:"description"`
	Permissions []string `json:"permissions"`
	// AllowedNetworks are the client networks its holders may sign in and call from (CIDR); empty: anywhere.
	AllowedNetworks []string `json:"allowedNetworks"`
	Builtin         bool     `json:"builtin"`
	Members         int      `json:"members"` // staff holding it
}

// Input is a role to create or the new state of one.
type Input struct {
	Role        string   `json:"role"`
	Description string   `json:"description"`
	Permissions []string `json:"permissions"`
	// AllowedNetworks: CIDR prefixes or single addresses (at most rbac.MaxNetworks); empty: anywhere; absent:
	// anywhere for a new role, unchanged for an edited one.
	AllowedNetworks *[]string `json:"allowedNetworks,omitempty"`
}

// Limits of role input: a name of 3 characters or more.
const (
	MinNameLength        = 3
	MaxNameLength        = 60
	MaxDescriptionLength = 500
)

// List returns a page of roles in name order and the total count.
func (s *Service) List(ctx context.Context, limit, offset int) ([]Role, int, error) {
	var total int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM roles`).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT r.id, r.role, r.description, r.builtin, r.allowed_networks,
			(SELECT count(*) FROM users u WHERE u.role_id = r.id AND u.is_admin = TRUE)
		FROM roles r ORDER BY lower(r.role), r.id LIMIT $1 OFFSET $2`, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []Role{}
	index := map[int64]int{}
	for rows.Next() {
		var r Role
		var networks string
		if err := rows.Scan(&r.ID, &r.Role, &r.Description, &r.Builtin, &networks, &r.Members); err != nil {
			return nil, 0, err
		}
		r.AllowedNetworks = rbac.StoredNetworks(networks).Strings()
		r.Permissions = []string{}
		index[r.ID] = len(out)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	if len(out) == 0 {
		return out, total, nil
	}
	// All keys of the page's roles in one query (ids are bounded by the page).
	perms, err := s.db.QueryContext(ctx, `SELECT p.role_id, p.permission FROM role_permissions p
		JOIN (SELECT id FROM roles ORDER BY lower(role), id LIMIT $1 OFFSET $2) page ON page.id = p.role_id
		ORDER BY p.permission`, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	defer perms.Close()
	for perms.Next() {
		var id int64
		var k string
		if err := perms.Scan(&id, &k); err != nil {
			return nil, 0, err
		}
		if i, ok := index[id]; ok {
			out[i].Permissions = append(out[i].Permissions, k)
		}
	}
	return out, total, perms.Err()
}

// Get returns one role.
func Get(ctx context.Context, q querier, id int64) (Role, error) {
	r := Role{ID: id, Permissions: []string{}}
	var networks string
	err := q.QueryRowContext(ctx, `SELECT role, description, builtin, allowed_networks,
		(SELECT count(*) FROM users u WHERE u.role_id = $1 AND u.is_admin = TRUE) FROM roles WHERE id = $1`, id).Scan(
		&r.Role, &r.Description, &r.Builtin, &networks, &r.Members)
	r.AllowedNetworks = rbac.StoredNetworks(networks).Strings()
	if errors.Is(err, sql.ErrNoRows) {
		return Role{}, &apperr.NotFound{What: "Role"}
	}
	if err != nil {
		return Role{}, err
	}
	rows, err := q.QueryContext(ctx, `SELECT permission FROM role_permissions WHERE role_id = $1 ORDER BY permission`, id)
	if err != nil {
		return Role{}, err
	}
	defer rows.Close()
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return Role{}, err
		}
		r.Permissions = append(r.Permissions, k)
	}
	return r, rows.Err()
}

// querier is the database or a transaction.
type querier = store.Querier

// Create adds a role.
func (s *Service) Create(ctx context.Context, actor audit.Actor, in Input) (Role, error) {
	in, err := clean(in)
	if err != nil {
		return Role{}, err
	}
	var role Role
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := EnsureKeysWithin(ctx, tx, actor.ID, in.Permissions); err != nil {
			return err
		}
		now := store.Now()
		var id int64
		err := tx.QueryRowContext(ctx, `INSERT INTO roles (role, description, allowed_networks, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $4) RETURNING id`, in.Role, in.Description, in.networks(nil), now).Scan(&id)
		if store.IsUniqueViolation(err) {
			return nameTaken(in.Role)
		}
		if err != nil {
			return err
		}
		if err := setPermissions(ctx, tx, id, in.Permissions); err != nil {
			return err
		}
		details := map[string]any{"role": in.Role, "permissions": in.Permissions}
		if networks := rbac.StoredNetworks(in.networks(nil)); len(networks) > 0 { // none: anywhere, said by leaving it out
			details["allowedNetworks"] = networks.Strings()
		}
		if err := actor.Record(ctx, tx, "role.create", target(id), details); err != nil {
			return err
		}
		role, err = Get(ctx, tx, id)
		return err
	})
	return role, err
}

// Update replaces a role's name, description and keys in one transaction.
// Holders see the new keys at their next call.
func (s *Service) Update(ctx context.Context, actor audit.Actor, id int64, in Input) (Role, error) {
	in, err := clean(in)
	if err != nil {
		return Role{}, err
	}
	var role Role
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		before, err := Get(ctx, tx, id)
		if err != nil {
			return err
		}
		// Neither adding a key one lacks nor taking one away from its holders.
		if err := EnsureKeysWithin(ctx, tx, actor.ID, append(before.Permissions, in.Permissions...)); err != nil {
			return err
		}
		networks := in.networks(before.AllowedNetworks)
		if err := ensureNotLockedOut(ctx, tx, actor, id, networks); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE roles SET role = $1, description = $2, allowed_networks = $3, updated_at = $4 WHERE id = $5`,
			in.Role, in.Description, networks, store.Now(), id)
		if store.IsUniqueViolation(err) {
			return nameTaken(in.Role)
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM role_permissions WHERE role_id = $1`, id); err != nil {
			return err
		}
		if err := setPermissions(ctx, tx, id, in.Permissions); err != nil {
			return err
		}
		if err := EnsureRoleEditorRemains(ctx, s.db.Dialect, tx, "permissions"); err != nil {
			return err
		}
		if err := actor.Record(ctx, tx, "role.update", target(id), map[string]any{
			"before": map[string]any{"role": before.Role, "description": before.Description, "permissions": before.Permissions,
				"allowedNetworks": before.AllowedNetworks},
			"after": map[string]any{"role": in.Role, "description": in.Description, "permissions": in.Permissions,
				"allowedNetworks": rbac.StoredNetworks(networks).Strings()},
		}); err != nil {
			return err
		}
		role, err = Get(ctx, tx, id)
		return err
	})
	return role, err
}

// Delete removes a role nobody holds.
func (s *Service) Delete(ctx context.Context, actor audit.Actor, id int64) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		r, err := Get(ctx, tx, id)
		if err != nil {
			return err
		}
		// The built-in role can never go, held or not: say that first.
		if r.Builtin {
			return &apperr.Invalid{Message: "The built-in role " + r.Role + " cannot be removed."}
		}
		if err := EnsureKeysWithin(ctx, tx, actor.ID, r.Permissions); err != nil {
			return err
		}
		if r.Members > 0 {
			return &apperr.Conflict{Message: fmt.Sprintf("The role %s is still held by %d staff member(s). Give them another role first.", r.Role, r.Members)}
		}
		// Former staff keep no link to a role (removal clears it), so nothing else refers to it.
		if _, err := tx.ExecContext(ctx, `UPDATE users SET role_id = NULL WHERE role_id = $1 AND is_admin = FALSE`, id); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM roles WHERE id = $1`, id); err != nil {
			return err
		}
		return actor.Record(ctx, tx, "role.delete", target(id), map[string]any{"role": r.Role, "permissions": r.Permissions})
	})
}

// roleEditorLock serialises the changes that check EnsureRoleEditorRemains.
const roleEditorLock = 0x726f6c65 // "role"

// EnsureRoleEditorRemains refuses a change (call it inside the change's
// transaction, after the change) that leaves no enabled staff member able
// to edit roles: nobody could repair the permissions afterwards. field names
// the input of the change that is refused (its errors[0].field). Such
// changes take one lock first: two of them racing (each taking the key from
// one of the last two roles holding it) run one after the other, and the
// second counts what the first committed.
func EnsureRoleEditorRemains(ctx context.Context, d store.Dialect, tx *sql.Tx, field string) error {
	if err := d.LockXact(ctx, tx, roleEditorLock); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM users u JOIN role_permissions p ON p.role_id = u.role_id
		WHERE u.is_admin = TRUE AND u.enabled = TRUE AND p.permission = $1`, rbac.EditRole).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return apperr.Fieldf(field, "This change would leave no staff member able to edit roles.")
	}
	return nil
}

func setPermissions(ctx context.Context, tx *sql.Tx, id int64, keys []string) error {
	for _, k := range keys {
		if _, err := tx.ExecContext(ctx, `INSERT INTO role_permissions (role_id, permission) VALUES ($1, $2)`, id, k); err != nil {
			return err
		}
	}
	return nil
}

func clean(in Input) (Input, error) {
	in.Role = strings.TrimSpace(in.Role)
	in.Description = strings.TrimSpace(in.Description)
	switch n := utf8.RuneCountInString(in.Role); {
	case n < MinNameLength:
		return in, apperr.Fieldf("role", "The role's name needs at least %d characters.", MinNameLength)
	case n > MaxNameLength:
		return in, apperr.Fieldf("role", "The role's name may have at most %d characters.", MaxNameLength)
	}
	if utf8.RuneCountInString(in.Description) > MaxDescriptionLength {
		return in, apperr.Fieldf("description", "The description may have at most %d characters.", MaxDescriptionLength)
	}
	seen := map[string]bool{}
	keys := []string{}
	for _, k := range in.Permissions {
		if !rbac.Known(k) {
			return in, apperr.Fieldf("permissions", "Unknown permission %q.", textutil.Clip(k, 60))
		}
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	in.Permissions = keys
	if in.AllowedNetworks != nil {
		networks, err := rbac.ParseNetworks(*in.AllowedNetworks)
		if err != nil {
			return in, apperr.Fieldf("allowedNetworks", "Networks: %s.", err.Error())
		}
		list := networks.Strings()
		in.AllowedNetworks = &list
	}
	return in, nil
}

// networks is the stored form of the input's networks, or of current when
// the input leaves them out.
func (in Input) networks(current []string) string {
	if in.AllowedNetworks != nil {
		return strings.Join(*in.AllowedNetworks, ",")
	}
	return strings.Join(current, ",")
}

// ensureNotLockedOut refuses a network list for role id that would leave
// out the address of an editor who holds that role: the change would end
// their own access at their next call.
func ensureNotLockedOut(ctx context.Context, q querier, actor audit.Actor, id int64, networks string) error {
	var holds bool
	if err := q.QueryRowContext(ctx, `SELECT count(*) > 0 FROM users WHERE id = $1 AND role_id = $2 AND is_admin = TRUE`,
		actor.ID, id).Scan(&holds); err != nil {
		return err
	}
	if holds && !rbac.StoredNetworks(networks).Admits(actor.IP) {
		return apperr.Fieldf("allowedNetworks", "These networks leave out your own address (%s): you hold this role and would lose access.", actor.IP)
	}
	return nil
}

func nameTaken(name string) error {
	return apperr.Fieldf("role", "A role named %s already exists.", name)
}

func target(id int64) string { return fmt.Sprintf("role:%d", id) }
