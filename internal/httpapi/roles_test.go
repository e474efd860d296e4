package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

func TestRoles(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, tok := env.Staff(t, "root", rbac.AllKeys()...)
		holder := env.CreateUser(t, "holder", true, true)
		holderTok := env.Token(t, holder, "full")

		r := env.Do(t, apitest.Case{Method: "POST", Path: "/api/admin/roles/new", Token: tok,
			Body: map[string]any{"role": "  Auditors ", "description": "Read the log", "permissions": []string{rbac.AuditLog, rbac.UsersList, rbac.AuditLog}}})
		if r.Status != 201 {
			t.Fatalf("create: %d %s", r.Status, r.Body)
		}
		var role struct {
			ID          int64    `json:"id"`
			Permissions []string `json:"permissions"`
		}
		r.JSON(t, &role)
		edit := fmt.Sprintf("/api/admin/roles/%d/edit", role.ID)
		env.Run(t, []apitest.Case{
			{Name: "created role is listed", Method: "GET", Path: "/api/admin/roles?page=1&maxPerPage=100", Token: tok, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if !strings.Contains(rec.Body.String(), `"role":"Auditors","description":"Read the log","permissions":["ADMIN_AUDIT_LOG","ADMIN_USERS_LIST"]`) {
						t.Errorf("list: %s", rec.Body.String())
					}
				}},
			{Name: "name too short", Method: "POST", Path: "/api/admin/roles/new", Token: tok, Body: map[string]any{"role": "ab", "permissions": []string{}},
				Status: 400, JSON: `{"errors":[{"field":"role"}]}`},
			{Name: "name taken", Method: "POST", Path: "/api/admin/roles/new", Token: tok, Body: map[string]any{"role": "AUDITORS", "permissions": []string{}},
				Status: 400, JSON: `{"errors":[{"field":"role","message":"A role named AUDITORS already exists."}]}`},
			{Name: "unknown key", Method: "POST", Path: "/api/admin/roles/new", Token: tok, Body: map[string]any{"role": "Gods", "permissions": []string{"ADMIN_EVERYTHING"}},
				Status: 400, JSON: `{"errors":[{"field":"permissions"}]}`},
			{Name: "set the role on a member", Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/adduser", role.ID), Token: tok,
				Body: map[string]any{"users": []int64{holder.ID}}, Status: 200},
			{Name: "holder sees the keys", Method: "GET", Path: "/api/user", Token: holderTok, Status: 200, JSON: `{"permissions":["ADMIN_AUDIT_LOG","ADMIN_USERS_LIST"]}`},
			{Name: "modify", Method: "POST", Path: edit, Token: tok, Body: map[string]any{"role": "Auditors", "description": "Now roles too", "permissions": []string{rbac.RolesList}},
				Status: 200, JSON: `{"id":` + fmt.Sprint(role.ID) + `,"description":"Now roles too","permissions":["ADMIN_ROLES_LIST"]}`},
			{Name: "holder sees the change at once", Method: "GET", Path: "/api/user", Token: holderTok, Status: 200, JSON: `{"permissions":["ADMIN_ROLES_LIST"]}`},
			{Name: "the holder may now list roles", Method: "GET", Path: "/api/admin/roles", Token: holderTok, Status: 200},
			{Name: "and no longer list users", Method: "GET", Path: "/api/admin/users", Token: holderTok, Status: 403, JSON: `{"message":"You lack the permission ADMIN_USERS_LIST."}`},
			{Name: "modify to a taken name", Method: "POST", Path: edit, Token: tok, Body: map[string]any{"role": "role-root", "permissions": []string{}},
				Status: 400, JSON: `{"errors":[{"field":"role"}]}`},
			{Name: "held role cannot be deleted", Method: "DELETE", Path: fmt.Sprintf("/api/admin/roles/%d", role.ID), Token: tok, Status: 409,
				JSON: `{"code":409}`},
			{Name: "unknown role", Method: "DELETE", Path: "/api/admin/roles/999999", Token: tok, Status: 404},
			{Name: "malformed id", Method: "DELETE", Path: "/api/admin/roles/abc", Token: tok, Status: 404},
			{Name: "unhold it", Method: "PATCH", Path: "/api/admin/roles/removeMember", Token: tok, Body: map[string]any{"users": []int64{holder.ID}}, Status: 200},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("/api/admin/roles/%d", role.ID), Token: tok, Status: 204},
			{Name: "gone", Method: "POST", Path: edit, Token: tok, Body: map[string]any{"role": "Auditors", "permissions": []string{}}, Status: 404},
		})
		var n int
		_ = db.QueryRowContext(context.Background(), `SELECT count(*) FROM audit_log WHERE action LIKE 'role.%'`).Scan(&n)
		if n != 3 {
			t.Errorf("role audit rows = %d, want create, update, delete", n)
		}
	})
}

// The last staff member able to edit roles cannot lose that, by any path.
func TestLastRoleEditorStays(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		root, tok := env.Staff(t, "root", rbac.AllKeys()...)
		var roleID int64
		if err := db.QueryRowContext(context.Background(), `SELECT role_id FROM users WHERE id = $1`, root.ID).Scan(&roleID); err != nil {
			t.Fatal(err)
		}
		// The refusal comes after the role's keys were deleted and rewritten inside the transaction: all of it rolls back.
		before := env.SnapshotAll(t)
		env.Run(t, []apitest.Case{
			{Name: "dropping the key from the only editor's role", Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/edit", roleID), Token: tok,
				Body: map[string]any{"role": "role-renamed", "description": "changed", "permissions": []string{rbac.RolesList}}, Status: 400,
				JSON: `{"message":"This change would leave no staff member able to edit roles."}`},
		})
		if diff := before.Diff(env.SnapshotAll(t)); len(diff) > 0 {
			t.Errorf("the refused edit changed %v", diff)
		}
		env.Run(t, []apitest.Case{
			{Name: "the role is unchanged", Method: "GET", Path: "/api/user", Token: tok, Status: 200,
				JSON: `{"role":"role-root","permissions":` + jsonList(rbac.AllKeys()) + `}`},
		})
		// With a second editor, the first may lose the key.
		second := env.CreateUser(t, "second", true, true, rbac.EditRole)
		_ = second
		env.Run(t, []apitest.Case{
			{Name: "now allowed", Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/edit", roleID), Token: tok,
				Body: map[string]any{"role": "role-root", "permissions": []string{rbac.RolesList, rbac.EditUser}}, Status: 200},
		})
	})
}

func TestPermissionCatalogue(t *testing.T) {
	t.Parallel()
	env := apitest.NewEnv(t, storetest.SQLite(t))
	_, tok := env.Staff(t, "viewer", rbac.RolesList)
	r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/roles/permissions", Token: tok})
	var got struct {
		Permissions map[string][]rbac.Permission `json:"permissions"`
	}
	r.JSON(t, &got)
	keys := 0
	for _, list := range got.Permissions {
		keys += len(list)
	}
	if r.Status != 200 || len(got.Permissions) != len(rbac.Catalogue) || keys != 28 {
		t.Fatalf("%d: %d categories, %d keys", r.Status, len(got.Permissions), keys)
	}
	body := string(r.Body)
	if strings.Index(body, `"Dashboard"`) > strings.Index(body, `"Settings"`) {
		t.Error("categories must come in catalogue order")
	}
}

// jsonList is keys as the API lists them: a sorted JSON array.
func jsonList(keys []string) string {
	keys = slices.Sorted(slices.Values(keys))
	b, _ := json.Marshal(keys)
	return string(b)
}
