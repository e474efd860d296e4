package roles_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/roles"
	"xapa/backoffice/internal/seedtest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// refused fails unless err is of err's kind (a pointer to an apperr type)
// and says want.
func refused[E error](t *testing.T, what string, err error, want string) {
	t.Helper()
	var e E
	if !errors.As(err, &e) || err.Error() != want {
		t.Errorf("%s: %v (%T), want %T %q", what, err, err, e, want)
	}
}

func wantField(t *testing.T, what string, err error, field, want string) {
	t.Helper()
	var f *apperr.Field
	if !errors.As(err, &f) || f.Field != field || f.Message != want {
		t.Errorf("%s: %v, want on %s: %q", what, err, field, want)
	}
}

func TestRoles(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		boss := seedtest.Staff(t, db, "boss", rbac.EditRole, rbac.CreateRole, rbac.RemoveRole, rbac.RolesList, rbac.AuditLog, rbac.UsersList)
		small := seedtest.Staff(t, db, "small", rbac.EditRole, rbac.RolesList)
		svc := roles.New(db)
		roleOf := func(a audit.Actor) int64 {
			return storetest.Column[int64](t, db, `SELECT role_id FROM users WHERE id = $1`, a.ID)[0]
		}

		support, err := svc.Create(ctx, boss, roles.Input{Role: "  Support ", Description: " Helps ",
			Permissions: []string{rbac.UsersList, rbac.AuditLog, rbac.UsersList}})
		if err != nil {
			t.Fatal(err)
		}
		if support.Role != "Support" || support.Description != "Helps" || strings.Join(support.Permissions, ",") != "ADMIN_AUDIT_LOG,ADMIN_USERS_LIST" ||
			support.Builtin || support.Members != 0 || len(support.AllowedNetworks) != 0 {
			t.Errorf("created %+v: want it tidied, its keys once each and sorted, open to every network", support)
		}

		t.Run("create refused", func(t *testing.T) {
			_, err := svc.Create(ctx, small, roles.Input{Role: "Auditors", Permissions: []string{rbac.UsersList, rbac.AuditLog, rbac.RolesList}})
			refused[*apperr.Forbidden](t, "keys the maker lacks", err,
				"You can only grant or change permissions you hold yourself; you lack ADMIN_AUDIT_LOG, ADMIN_USERS_LIST.")
			_, err = svc.Create(ctx, boss, roles.Input{Role: "SUPPORT"})
			wantField(t, "a name taken, in another case", err, "role", "A role named SUPPORT already exists.")
			for _, c := range []struct {
				name, field, want string
				in                roles.Input
			}{
				{"short name", "role", "The role's name needs at least 3 characters.", roles.Input{Role: "  ab  "}},
				{"long name", "role", "The role's name may have at most 60 characters.", roles.Input{Role: strings.Repeat("é", 61)}},
				{"long description", "description", "The description may have at most 500 characters.", roles.Input{Role: "Desk", Description: strings.Repeat("x", 501)}},
				{"unknown key", "permissions", `Unknown permission "ADMIN_EVERYTHING".`, roles.Input{Role: "Desk", Permissions: []string{"ADMIN_EVERYTHING"}}},
				{"bad network", "allowedNetworks", `Networks: "the office" is not a network (CIDR, as 10.0.0.0/8 or 2001:db8::/32) or an address.`,
					roles.Input{Role: "Desk", AllowedNetworks: &[]string{"the office"}}},
			} {
				_, err := svc.Create(ctx, boss, c.in)
				wantField(t, c.name, err, c.field, c.want)
			}
		})

		t.Run("update", func(t *testing.T) {
			_, err := svc.Update(ctx, small, support.ID, roles.Input{Role: "Support desk", Permissions: []string{}})
			refused[*apperr.Forbidden](t, "taking away keys the editor lacks", err,
				"You can only grant or change permissions you hold yourself; you lack ADMIN_AUDIT_LOG, ADMIN_USERS_LIST.")
			office := &[]string{" 10.0.0.0/8 ", "192.0.2.10"}
			r, err := svc.Update(ctx, boss, support.ID, roles.Input{Role: "Support desk", Permissions: []string{rbac.UsersList}, AllowedNetworks: office})
			if err != nil || r.Role != "Support desk" || strings.Join(r.Permissions, ",") != rbac.UsersList || strings.Join(r.AllowedNetworks, ",") != "10.0.0.0/8,192.0.2.10/32" {
				t.Errorf("updated %+v, %v", r, err)
			}
			// Networks left out stay as they were.
			if r, err := svc.Update(ctx, boss, support.ID, roles.Input{Role: "Support desk", Description: "Desk"}); err != nil || len(r.AllowedNetworks) != 2 || len(r.Permissions) != 0 {
				t.Errorf("updated without networks: %+v, %v", r, err)
			}
			_, err = svc.Update(ctx, boss, roleOf(boss), roles.Input{Role: "role-boss", Permissions: []string{rbac.EditRole},
				AllowedNetworks: &[]string{"198.51.100.0/24"}})
			wantField(t, "networks that leave out the editor", err, "allowedNetworks",
				"These networks leave out your own address (192.0.2.10): you hold this role and would lose access.")
			_, err = svc.Update(ctx, boss, 999999, roles.Input{Role: "Ghost"})
			refused[*apperr.NotFound](t, "an unknown role", err, "Role not found.")
			// The last role able to edit roles keeps the key: small's goes, then boss's may not.
			if _, err := svc.Update(ctx, boss, roleOf(small), roles.Input{Role: "role-small", Permissions: []string{rbac.RolesList}}); err != nil {
				t.Fatal(err)
			}
			_, err = svc.Update(ctx, boss, roleOf(boss), roles.Input{Role: "role-boss", Permissions: []string{rbac.RolesList}})
			wantField(t, "the last role editor", err, "permissions", "This change would leave no staff member able to edit roles.")
			if r, err := roles.Get(ctx, db, roleOf(boss)); err != nil || len(r.Permissions) != 6 || r.Members != 1 {
				t.Errorf("the refused change left %+v, %v", r, err)
			}
			updates := seedtest.Entries(t, db, "role.update")
			if len(updates) != 3 {
				t.Fatalf("%d updates audited, want 3", len(updates))
			}
			if before := updates[0].Details["before"].(map[string]any); before["role"] != "Support" {
				t.Errorf("first update's before %v", before)
			}
		})

		t.Run("delete", func(t *testing.T) {
			seedtest.Exec(t, db, `INSERT INTO roles (role, description, builtin, created_at, updated_at) VALUES ('Administrator', '', TRUE, $1, $1)`, store.Now())
			admin := storetest.Column[int64](t, db, `SELECT id FROM roles WHERE builtin = TRUE`)[0]
			refused[*apperr.Invalid](t, "the built-in role", svc.Delete(ctx, boss, admin), "The built-in role Administrator cannot be removed.")
			refused[*apperr.Conflict](t, "a held role", svc.Delete(ctx, boss, roleOf(small)),
				"The role role-small is still held by 1 staff member(s). Give them another role first.")
			auditors, err := svc.Create(ctx, boss, roles.Input{Role: "Auditors", Permissions: []string{rbac.AuditLog}})
			if err != nil {
				t.Fatal(err)
			}
			refused[*apperr.Forbidden](t, "a role holding keys the remover lacks", svc.Delete(ctx, small, auditors.ID),
				"You can only grant or change permissions you hold yourself; you lack ADMIN_AUDIT_LOG.")
			// A former staff member keeps no link to the role.
			former := seedtest.Customer(t, db, "former")
			seedtest.Exec(t, db, `UPDATE users SET role_id = $1 WHERE id = $2`, auditors.ID, former)
			if err := svc.Delete(ctx, boss, auditors.ID); err != nil {
				t.Fatal(err)
			}
			_, err = roles.Get(ctx, db, auditors.ID)
			refused[*apperr.NotFound](t, "the deleted role", err, "Role not found.")
			if n := storetest.Column[int](t, db, `SELECT count(*) FROM users WHERE role_id IS NOT NULL AND id = $1`, former); n[0] != 0 {
				t.Error("a former staff member still points at the deleted role")
			}
			if d := seedtest.Entries(t, db, "role.delete"); len(d) != 1 || d[0].Target != "role:"+strconv.FormatInt(auditors.ID, 10) {
				t.Errorf("deletions audited: %+v", d)
			}
		})

		t.Run("list", func(t *testing.T) {
			page, total, err := svc.List(ctx, 2, 1)
			if err != nil || total != 4 || len(page) != 2 {
				t.Fatalf("%+v of %d, %v", page, total, err)
			}
			// In name order, any case: Administrator, role-boss, role-small, Support desk.
			if page[0].Role != "role-boss" || page[0].Members != 1 || len(page[0].Permissions) != 6 || page[1].Role != "role-small" ||
				strings.Join(page[1].Permissions, ",") != rbac.RolesList {
				t.Errorf("page %+v", page)
			}
			if last, _, err := svc.List(ctx, 2, 3); err != nil || len(last) != 1 || last[0].Role != "Support desk" || last[0].Members != 0 {
				t.Errorf("last page %+v, %v", last, err)
			}
		})

		t.Run("nobody manages someone of more reach", func(t *testing.T) {
			// small now holds ADMIN_ROLES_LIST only; twin holds the same; bare holds a role without keys.
			twin := seedtest.Staff(t, db, "twin", rbac.RolesList)
			bare := seedtest.Staff(t, db, "bare")
			root := seedtest.Staff(t, db, "root", rbac.AllKeys()...)
			customer := seedtest.Customer(t, db, "customer")
			const more = "You cannot change a staff member who holds permissions you do not hold."
			for _, c := range []struct {
				name string
				err  error
				want string
			}{
				{"users within", roles.EnsureUsersWithin(ctx, db, boss.ID, small.ID, twin.ID, customer), ""},
				{"no users", roles.EnsureUsersWithin(ctx, db, small.ID), ""},
				{"a customer holds nothing", roles.EnsureUsersWithin(ctx, db, small.ID, customer), ""},
				{"one of them above", roles.EnsureUsersWithin(ctx, db, small.ID, twin.ID, boss.ID), more},
				{"strictly above", roles.EnsureStrictlyAbove(ctx, db, boss.ID, small.ID), ""},
				{"below", roles.EnsureStrictlyAbove(ctx, db, small.ID, boss.ID), more},
				{"a peer", roles.EnsureStrictlyAbove(ctx, db, twin.ID, small.ID),
					"Changing another staff member's email or second factor needs every permission they hold and at least one more."},
				{"a role without keys, short of every key", roles.EnsureStrictlyAbove(ctx, db, boss.ID, bare.ID),
					"Changing the email or second factor of a staff member who holds no role needs every permission."},
				{"a role without keys, every key", roles.EnsureStrictlyAbove(ctx, db, root.ID, bare.ID), ""},
				{"a role within", roles.EnsureRoleWithin(ctx, db, small.ID, roleOf(twin)), ""},
				{"a role beyond", roles.EnsureRoleWithin(ctx, db, small.ID, roleOf(boss)),
					"You can only grant or change permissions you hold yourself; you lack ADMIN_AUDIT_LOG, ADMIN_CREATE_ROLE, ADMIN_EDIT_ROLE, ADMIN_REMOVE_ROLE, ADMIN_USERS_LIST."},
			} {
				if c.want == "" {
					if c.err != nil {
						t.Errorf("%s: %v, want it allowed", c.name, c.err)
					}
					continue
				}
				refused[*apperr.Forbidden](t, c.name, c.err, c.want)
			}
		})
	})
}
