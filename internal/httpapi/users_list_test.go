package httpapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// Issue 37: a staff member created on the members screen appeared in User
// Management, the customers' list, which asked for every user. With
// staff=false the list holds no staff member, found by search or not; the
// members' list holds the new one; an empty role still lists every user
// (api-decisions.md).
func TestCustomersListHoldsNoStaff(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, tok := env.Staff(t, "root", rbac.AllKeys()...)
		env.CreateUser(t, "quincy", false, false)
		env.Run(t, []apitest.Case{{Name: "create member", Method: "POST", Path: "/api/admin/users/new", Token: tok, Status: 201,
			Body: map[string]any{"full_name": "Quinn Staff", "username": "quinnstaff", "email": "quinn@xapa.example",
				"password": "Str0ng-enough-pass", "enabled": true, "roles": []string{rbac.RoleAdmin}}}})

		list := func(query string) userList {
			var l userList
			env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/users?" + query, Token: tok}).JSON(t, &l)
			return l
		}
		if all := list(""); all.TotalItems != 3 {
			t.Errorf("every user = %+v, want root, quincy and quinn", all)
		}
		customers := list("staff=false")
		if customers.TotalItems != 1 || len(customers.Users) != 1 || customers.Users[0].Email != "quincy@example.com" {
			t.Errorf("customers = %+v, want quincy alone", customers)
		}
		// "qu" is read without the search index, "quinn" through it: neither finds staff among the customers.
		for _, q := range []string{"qu", "quinn", "xapa.example"} {
			for _, u := range list("staff=false&q=" + url.QueryEscape(q)).Users {
				if len(u.Roles) > 0 {
					t.Errorf("q=%s: the customers' list holds staff member %s", q, u.Email)
				}
			}
		}
		for _, query := range []string{"q=quinn&role=ROLE_ADMIN", "q=quinn&staff=true"} {
			if found := list(query); found.TotalItems != 1 || found.Users[0].Email != "quinn@xapa.example" {
				t.Errorf("%s: the members' list does not find the new member: %+v", query, found)
			}
		}
		env.Run(t, []apitest.Case{{Name: "role and staff disagree", Method: "GET", Path: "/api/admin/users?role=ROLE_ADMIN&staff=false",
			Token: tok, Status: 400, JSON: `{"errors":[{"field":"staff"}]}`}})
	})
}

// Issue 37: User Management and Members filter by status, second factor and
// verified email on the server, each alone and together, with or without a
// search, and refuse any value but true or false.
func TestUserListFilters(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, tok := env.Staff(t, "root", rbac.AllKeys()...)
		// name: enabled, email_verified, Google Authenticator, SMS.
		people := map[string][4]bool{
			"fa-plain":   {true, true, false, false},
			"fa-off":     {false, true, false, false},
			"fa-unverif": {true, false, false, false},
			"fa-ga":      {true, true, true, false},
			"fa-sms":     {true, false, false, true},
			"fa-offboth": {false, false, true, true},
		}
		for name, p := range people {
			u := env.CreateUser(t, name, false, false)
			if _, err := db.ExecContext(t.Context(), `UPDATE users SET enabled = $1, email_verified = $2, ga_enabled = $3,
				sms_2fa_enabled = $4 WHERE id = $5`, p[0], p[1], p[2], p[3], u.ID); err != nil {
				t.Fatal(err)
			}
		}
		staff := env.CreateUser(t, "fa-staff", true, true)
		if _, err := db.ExecContext(t.Context(), `UPDATE users SET enabled = FALSE WHERE id = $1`, staff.ID); err != nil {
			t.Fatal(err)
		}

		emails := func(query string) map[string]bool {
			var l userList
			env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/users?maxPerPage=100&" + query, Token: tok}).JSON(t, &l)
			got := map[string]bool{}
			for _, u := range l.Users {
				got[u.Email[:len(u.Email)-len("@example.com")]] = true
			}
			if len(got) != l.TotalItems {
				t.Errorf("%s: %d listed, total_items %d", query, len(got), l.TotalItems)
			}
			return got
		}
		for _, c := range []struct {
			query string
			want  []string
		}{
			{"staff=false&enabled=false", []string{"fa-off", "fa-offboth"}},
			{"enabled=false", []string{"fa-off", "fa-offboth", "fa-staff"}},
			{"staff=false&enabled=true", []string{"fa-plain", "fa-unverif", "fa-ga", "fa-sms"}},
			{"staff=false&email_verified=false", []string{"fa-unverif", "fa-sms", "fa-offboth"}},
			{"staff=false&second_factor=true", []string{"fa-ga", "fa-sms", "fa-offboth"}},
			{"staff=false&second_factor=false", []string{"fa-plain", "fa-off", "fa-unverif"}},
			{"staff=false&enabled=true&email_verified=true&second_factor=false", []string{"fa-plain"}},
			{"staff=false&q=fa-&enabled=false", []string{"fa-off", "fa-offboth"}}, // through the search index
			{"staff=false&q=fa&second_factor=true&email_verified=false", []string{"fa-sms", "fa-offboth"}},
			{"role=ROLE_ADMIN&enabled=false", []string{"fa-staff"}},
			{"role=ROLE_ADMIN&enabled=true", []string{"root"}},
		} {
			got := emails(c.query)
			if len(got) != len(c.want) {
				t.Errorf("%s: got %v, want %v", c.query, got, c.want)
				continue
			}
			for _, w := range c.want {
				if !got[w] {
					t.Errorf("%s: got %v, want %v", c.query, got, c.want)
				}
			}
		}
		for _, param := range []string{"staff", "enabled", "email_verified", "second_factor"} {
			env.Run(t, []apitest.Case{{Name: param + "=yes", Method: "GET", Path: "/api/admin/users?" + param + "=yes", Token: tok,
				Status: 400, JSON: fmt.Sprintf(`{"errors":[{"field":%q}]}`, param)}})
		}
	})
}

// Issue 37: Create Member takes the new staff member's role (role_id), with
// Set Role's rules: a role whose every key the maker holds (decision 0008),
// and the maker may set roles at all; a customer holds none. With the policy
// covering staff.create, the request shows the role, and approving it
// creates the member holding it.
func TestCreateMemberWithRole(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, admin := env.Staff(t, "ada", rbac.AllKeys()...)
		_, leadTok := env.Staff(t, "lead", rbac.CreateUser, rbac.AddUserRole, rbac.UsersList, rbac.ShowUser)
		_, creatorTok := env.Staff(t, "creator", rbac.CreateUser, rbac.UsersList, rbac.ShowUser)
		env.CreateUser(t, "helper", true, true, rbac.UsersList)  // role-helper: keys the lead holds
		env.CreateUser(t, "boss", true, true, rbac.AllKeys()...) // role-boss: keys the lead lacks
		roleID := func(name string) int64 { return queryInt64(t, env, `SELECT id FROM roles WHERE role = $1`, name) }

		member := func(name string, role any, roles ...string) map[string]any {
			if roles == nil {
				roles = []string{rbac.RoleAdmin}
			}
			return map[string]any{"full_name": "Member " + name, "username": name, "email": name + "@xapa.example",
				"password": "Str0ng-enough-pass", "enabled": true, "roles": roles, "role_id": role}
		}
		create := func(name, tok string, body map[string]any, status int, json string) apitest.Case {
			return apitest.Case{Name: name, Method: "POST", Path: "/api/admin/users/new", Token: tok, Body: body, Status: status, JSON: json}
		}
		env.Run(t, []apitest.Case{
			create("with a role", leadTok, member("withrole", roleID("role-helper")), 201,
				`{"username":"withrole","role":"role-helper","userRoles":[{"role":{"role":"role-helper"}}],"permissions":["ADMIN_USERS_LIST"]}`),
			create("no role yet", leadTok, member("norole", nil), 201, `{"username":"norole","role":null}`),
			create("a role holding keys the maker lacks", leadTok, member("toohigh", roleID("role-boss")), 403, ""),
			create("an unknown role", leadTok, member("unknown", 999999), 400, `{"errors":[{"field":"role_id"}]}`),
			create("a customer holds no role", leadTok, member("custrole", roleID("role-helper"), []string{}...), 400,
				`{"errors":[{"field":"role_id"}]}`),
			create("giving a role needs ADMIN_ADD_USER_ROLE", creatorTok, member("sneaky", roleID("role-helper")), 403, ""),
			create("a text role id", leadTok, member("textrole", "1"), 400, ""),
		})
		if n := queryInt64(t, env, `SELECT count(*) FROM users WHERE username IN ('toohigh', 'unknown', 'custrole', 'sneaky', 'textrole')`); n != 0 {
			t.Errorf("%d refused members were created", n)
		}

		setPolicy(t, env, admin, map[string]bool{"staff.create": true})
		req := approvalOf(t, env.Do(t, create("", leadTok, member("held", roleID("role-helper")), 0, "")))
		if !strings.Contains(string(req.Change), `"role":"role-helper"`) {
			t.Errorf("the request does not show the role: %v", req.Change)
		}
		env.StepUp(t, admin)
		env.Run(t, []apitest.Case{decide(req.ID, "approve", admin, "New hire", 200)})
		if n := queryInt64(t, env, `SELECT count(*) FROM users WHERE username = 'held' AND is_admin = TRUE AND role_id = $1`, roleID("role-helper")); n != 1 {
			t.Errorf("the approved member was not created with the role")
		}
	})
}
