package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"xapa/backoffice/internal/accounts"
	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/httpapi"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// Object-level checks: no user's data is reachable by id without the
// route's permission. Every GET route of the table with a user {id} is
// called with a real customer's id (one with wallets and transactions) by a
// staff member holding every key but the route's, by the customer
// themselves, and by staff reading their own id: 403, and the reply names
// nothing of the customer. With the key it is served, and an unknown id is
// a 404.
func checkUserData(t *testing.T, env *apitest.Env) {
	db := env.DB
	ctx := context.Background()
	var victim int64
	var email string
	if err := db.QueryRowContext(ctx, `SELECT u.id, u.email FROM users u WHERE EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = u.id)
		AND EXISTS (SELECT 1 FROM transactions x WHERE x.user_id = u.id) ORDER BY u.id LIMIT 1`).Scan(&victim, &email); err != nil {
		t.Fatal(err)
	}
	var customer apitest.User
	customer.ID = victim
	custTok := env.Token(t, customer, auth.Full)
	checked := 0
	staffByKeys := map[string]apitest.User{}
	for _, rt := range env.Server.Routes() {
		if rt.Method != "GET" || !strings.Contains(rt.Path, "{id}") {
			continue
		}
		checked++
		keys := append(slices.Clone(rt.Rule.Perms), rt.Rule.AnyPerm...)
		if len(keys) == 0 {
			t.Errorf("%s: a user id route without a permission", rt.Path)
			continue
		}
		path := strings.ReplaceAll(rt.Path, "{id}", strconv.FormatInt(victim, 10))
		lacking, ok := staffByKeys["-"+strings.Join(keys, ",")]
		if !ok {
			lacking, _ = env.Staff(t, fmt.Sprintf("lacking%d", checked), without(rbac.AllKeys(), keys...)...)
			staffByKeys["-"+strings.Join(keys, ",")] = lacking
		}
		lackTok := env.Token(t, lacking, auth.Full)
		ownPath := strings.ReplaceAll(rt.Path, "{id}", strconv.FormatInt(lacking.ID, 10))
		for _, c := range []struct{ who, path, token string }{
			{"staff without " + strings.Join(keys, "/"), path, lackTok},
			{"the customer themselves", path, custTok},
			{"staff without the key, own id", ownPath, lackTok},
		} {
			env.Clock.Advance(7e9) // CSV exports are rate-limited per caller
			r := env.Do(t, apitest.Case{Method: "GET", Path: c.path, Token: c.token})
			if r.Status != http.StatusForbidden {
				t.Errorf("%s by %s: %d, want 403: %s", rt.Path, c.who, r.Status, clip(string(r.Body)))
			}
			if strings.Contains(string(r.Body), email) || strings.Contains(r.Header.Get("Content-Disposition"), "attachment") {
				t.Errorf("%s by %s: the reply shows the customer's data", rt.Path, c.who)
			}
		}
		holderUser, ok := staffByKeys["+"+strings.Join(keys, ",")]
		if !ok {
			holderUser, _ = env.Staff(t, fmt.Sprintf("holder%d", checked), keys...)
			staffByKeys["+"+strings.Join(keys, ",")] = holderUser
		}
		holder := env.Token(t, holderUser, auth.Full)
		env.Clock.Advance(7e9)
		// Served (the verification mail of a verified address is a 400 of its own).
		if r := env.Do(t, apitest.Case{Method: "GET", Path: path, Token: holder}); r.Status != 200 &&
			!(strings.Contains(rt.Path, "/sendmail") && r.Status == 400) {
			t.Errorf("%s with %v: %d %s", rt.Path, keys, r.Status, clip(string(r.Body)))
		}
		env.Clock.Advance(7e9)
		unknown := strings.ReplaceAll(rt.Path, "{id}", "987654")
		if r := env.Do(t, apitest.Case{Method: "GET", Path: unknown, Token: holder}); r.Status != http.StatusNotFound &&
			!(strings.HasPrefix(rt.Path, "/api/admin/users/sessions/") && r.Status == 200) {
			t.Errorf("%s: %d, want 404", unknown, r.Status)
		}
	}
	if checked < 8 {
		t.Errorf("only %d user id routes", checked)
	}
}

// No mass assignment: write bodies carrying fields that are not part of
// the route's input (ids, roles, permissions, balances, the admin flag,
// secrets) are refused with a 400 naming the field, and change nothing;
// the database is checked afterwards.
func checkNoMassAssignment(t *testing.T, s *sweep, f sweepFixture) {
	env, db := s.env, s.env.DB
	ctx := context.Background()
	var adminRole int64
	if err := db.QueryRowContext(ctx, `SELECT role_id FROM users WHERE id = $1`, f.adminID).Scan(&adminRole); err != nil {
		t.Fatal(err)
	}
	specs := writeSpecs(t, env, f)
	dangerous := map[string]any{
		"id": 1, "role_id": adminRole, "role": "Administrator", "roles": []string{rbac.RoleAdmin}, "userRoles": []any{map[string]any{"role": map[string]any{"id": adminRole}}},
		"permissions": rbac.AllKeys(), "balance": "1000000", "is_admin": true, "isAdmin": true, "admin": true, "password_hash": "x",
		"ga_secret": "JBSWY3DPEHPK3PXP", "email_verified": true, "enabled": true, "invited_by": 1, "builtin": true, "members": 3,
		"users": []int64{f.customer}, "kind": "coin", "fiat_rate": "1", "fiatExchangeRate": "1", "position": 1, "icon": "x",
		"updated_by": 1, "created_at": "2020-01-01 00:00:00", "timer": map[string]any{"isStart": true}, "enabled_by": 1,
	}
	for _, key := range []string{"POST /api/register", "POST /api/admin/users/new", "POST /api/admin/users/{id}/edit",
		"POST /api/admin/roles/new", "POST /api/admin/roles/{id}/edit", "POST /api/admin/roles/{id}/adduser",
		"PATCH /api/admin/roles/removeMember", "POST /api/admin/coins/new", "POST /api/admin/coins/{id}/edit",
		"POST /api/admin/app_versions/new", "POST /api/admin/promotion", "POST /api/user/2fa/googleAuthenticator/status"} {
		spec := specs[key]
		method, _, _ := strings.Cut(key, " ")
		tok := ""
		if spec.token != nil {
			tok = spec.token()
		}
		// Every call is refused, so one snapshot around them all shows that nothing changed.
		before := env.Snapshot(t)
		for field, v := range dangerous {
			b := spec.body(900 + len(field))
			if _, known := b[field]; known {
				continue // part of this route's input
			}
			b[field] = v
			rec := s.do(t, method, spec.path, tok, jsonBody(t, b))
			e := envelope(t, key+" with "+field, rec)
			if rec.Code != http.StatusBadRequest || firstField(e) != field {
				t.Errorf("%s with %s: %d, errors[0].field %q, want 400 naming it", key, field, rec.Code, firstField(e))
			}
		}
		if diff := before.Diff(env.Snapshot(t)); len(diff) > 0 {
			t.Errorf("%s: refused calls changed %v", key, diff)
		}
	}
	// And by the database: the customer is no staff member and holds no
	// role, the admin role is unchanged, no wallet holds the balance.
	var isAdmin bool
	var role *int64
	if err := db.QueryRowContext(ctx, `SELECT is_admin, role_id FROM users WHERE id = $1`, f.customer).Scan(&isAdmin, &role); err != nil {
		t.Fatal(err)
	}
	if isAdmin || role != nil {
		t.Errorf("customer: is_admin %v, role %v", isAdmin, role)
	}
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE email LIKE 'reg9%' OR email LIKE 'new9%'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("users created by refused calls: %d (%v)", n, err)
	}
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM wallets WHERE CAST(balance AS TEXT) = '1000000'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("wallets with the injected balance: %d (%v)", n, err)
	}
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM role_permissions WHERE role_id = $1`, f.staffRl).Scan(&n); err != nil || n != 1 {
		t.Errorf("the target role holds %d keys (%v), want 1", n, err)
	}

	// Fields that are input stay within their rules: a new user's roles
	// hold only ROLE_ADMIN (a member, with no permission role until Set
	// Role), and the id in a token edit must be the path's.
	r := env.Do(t, apitest.Case{Method: "POST", Path: "/api/admin/users/new", Token: f.admin, Body: map[string]any{
		"full_name": "Member", "username": "member-x", "email": "member-x@example.com", "password": "Sturdy-Passw0rd-9",
		"enabled": true, "roles": []string{rbac.RoleAdmin}}})
	var u struct {
		ID          int64
		Roles       []string
		Permissions []string
		Role        *string
	}
	r.JSON(t, &u)
	if r.Status != 201 || !slices.Equal(u.Roles, []string{rbac.RoleAdmin}) || len(u.Permissions) != 0 || u.Role != nil {
		t.Errorf("new member: %d %s", r.Status, r.Body)
	}
	env.Run(t, []apitest.Case{
		{Name: "a security role other than ROLE_ADMIN", Method: "POST", Path: "/api/admin/users/new", Token: f.admin,
			Body: map[string]any{"full_name": "X", "username": "x-super", "email": "x-super@example.com", "password": "Sturdy-Passw0rd-9",
				"enabled": true, "roles": []string{"ROLE_SUPER_ADMIN"}}, Status: 400, JSON: `{"errors":[{"field":"roles"}]}`},
		{Name: "token id of another token", Method: "POST", Path: fmt.Sprintf("/api/admin/coins/%d/edit", f.tokenID), Token: f.admin,
			Body: func() map[string]any {
				b := specs["POST /api/admin/coins/{id}/edit"].body(1)
				b["id"] = f.tokenID + 1
				return b
			}(),
			Status: 400, JSON: `{"errors":[{"field":"id"}]}`},
	})
}

// The edit-user call (only email and status are
// required) takes a blank display name or username as "keep the current
// one", and the last-role-editor refusal names the field that caused it.
func TestEditUserAndRoleRules(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		t.Run("edit user and the last role editor", func(t *testing.T) { checkEditUserAndRoleGuard(t, env) })
		t.Run("the built-in role cannot be deleted", func(t *testing.T) { checkBuiltinRole(t, env) })
	})
}

func checkEditUserAndRoleGuard(t *testing.T, env *apitest.Env) {
	db := env.DB
	root, tok := env.Staff(t, "root", rbac.AllKeys()...)
	other := env.CreateUser(t, "other", false, false)
	var rootRole int64
	if err := db.QueryRowContext(context.Background(), `SELECT role_id FROM users WHERE id = $1`, root.ID).Scan(&rootRole); err != nil {
		t.Fatal(err)
	}
	edit := fmt.Sprintf("/api/admin/users/%d/edit", other.ID)
	env.Run(t, []apitest.Case{
		{Name: "blank name and username keep them", Method: "POST", Path: edit, Token: tok, Status: 200,
			Body: map[string]any{"email": "other2@example.com", "enabled": true, "full_name": "  ", "username": ""},
			JSON: `{"email":"other2@example.com","full_name":"Test other","username":"other"}`},
		{Name: "email and status alone", Method: "POST", Path: edit, Token: tok, Status: 200,
			Body: map[string]any{"email": "other3@example.com", "enabled": false}, JSON: `{"email":"other3@example.com","enabled":false}`},
		{Name: "a blank email is refused", Method: "POST", Path: edit, Token: tok, Status: 400,
			Body: map[string]any{"email": "", "enabled": true}, JSON: `{"errors":[{"field":"email"}]}`},
		{Name: "a name over 100 characters", Method: "POST", Path: edit, Token: tok, Status: 400,
			Body: map[string]any{"full_name": strings.Repeat("n", 101)}, JSON: `{"errors":[{"field":"full_name"}]}`},
		{Name: "last editor: the role's keys", Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/edit", rootRole), Token: tok, Status: 400,
			Body: map[string]any{"role": "role-root", "permissions": []string{rbac.RolesList}},
			JSON: `{"message":"This change would leave no staff member able to edit roles.","errors":[{"field":"permissions"}]}`},
	})
	// A second editor who is then disabled, moved or removed by someone who gave the key up: the guard against
	// escalation refuses first (nobody manages a colleague holding a key they lack), so the last editor stays.
	second := env.CreateUser(t, "second", true, true, rbac.EditRole)
	env.Run(t, []apitest.Case{
		{Name: "root gives up the key", Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/edit", rootRole), Token: tok, Status: 200,
			Body: map[string]any{"role": "role-root", "permissions": without(rbac.AllKeys(), rbac.EditRole)}},
		{Name: "last editor: disabling", Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", second.ID), Token: tok, Status: 403,
			Body: map[string]any{"enabled": false}, JSON: `{"message":"You cannot change a staff member who holds permissions you do not hold."}`},
		{Name: "last editor: another role", Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/adduser", rootRole), Token: tok, Status: 403,
			Body: map[string]any{"users": []int64{second.ID}}, JSON: `{"code":403}`},
		{Name: "last editor: removed", Method: "PATCH", Path: "/api/admin/roles/removeMember", Token: tok, Status: 403,
			Body: map[string]any{"users": []int64{second.ID}}, JSON: `{"code":403}`},
		{Name: "the last editor still edits roles", Method: "GET", Path: "/api/user", Token: env.Token(t, second, "full"), Status: 200,
			JSON: `{"enabled":true,"permissions":["ADMIN_EDIT_ROLE"]}`},
	})
}

// Deleting the built-in role is a 400 (it can never go) even while it is
// held, before the 409 a held role gets.
func checkBuiltinRole(t *testing.T, env *apitest.Env) {
	db := env.DB
	_, tok := env.Staff(t, "remover", rbac.AllKeys()...)
	if _, err := accounts.New(db, nil).CreateAdministrator(context.Background(), accounts.NewStaff{Username: "boss",
		Email: "boss@example.com", Password: apitest.TestPassword}); err != nil {
		t.Fatal(err)
	}
	var builtin int64
	var holders int
	if err := db.QueryRowContext(context.Background(), `SELECT r.id, (SELECT count(*) FROM users u WHERE u.role_id = r.id AND u.is_admin)
		FROM roles r WHERE r.builtin`).Scan(&builtin, &holders); err != nil {
		t.Fatal(err)
	}
	if holders == 0 {
		t.Fatal("the built-in role should be held")
	}
	before := env.Snapshot(t)
	r := env.Do(t, apitest.Case{Method: "DELETE", Path: fmt.Sprintf("/api/admin/roles/%d", builtin), Token: tok})
	var e httpapi.Error
	if err := json.Unmarshal(r.Body, &e); err != nil || r.Status != 400 || !strings.Contains(e.Message, "built-in") {
		t.Errorf("delete the built-in role: %d %s", r.Status, r.Body)
	}
	if diff := before.Diff(env.Snapshot(t)); len(diff) > 0 {
		t.Errorf("changed %v", diff)
	}
}
