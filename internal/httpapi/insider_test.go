package httpapi_test

// Attacks of a staff member with one account, on both databases (issue 34: "Recorded reads and the remaining
// session gaps"). Each scenario makes the attack through the API and expects it refused.

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// refusedForStepUp reports whether a reply is the guard's refusal for want of a fresh second factor.
func refusedForStepUp(r *apitest.Reply) bool {
	return r.Status == http.StatusForbidden && strings.Contains(string(r.Body), `"field":"step_up"`)
}

// A Support member holding ADMIN_EDIT_USER changed the email of a staff member who holds no role, reset its
// password, and later that account received the Administrator role. Only a holder of every key may now change
// such an account's email or second factor.
func TestRolelessStaffTakenOverOnlyByAHolderOfEveryKey(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		support, supportToken := env.Staff(t, "sue", rbac.EditUser, rbac.UsersList)
		boss, bossToken := env.Staff(t, "bea", rbac.AllKeys()...)
		roleless := env.CreateUser(t, "rory", true, true)
		edit := func(token string, body map[string]any) *apitest.Reply {
			return env.Do(t, apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", roleless.ID), Token: token, Body: body})
		}
		code := func(u apitest.User) string { env.Clock.Advance(30 * time.Second); return env.Code(t, u, 0) }
		for _, c := range []struct {
			what string
			body map[string]any
		}{
			{"email", map[string]any{"email": "sue.owns.it@example.com", "code": code(support)}},
			{"second factor", map[string]any{"isGoogleAuthenticatorEnabled": false, "code": code(support)}},
		} {
			if r := edit(supportToken, c.body); r.Status != http.StatusForbidden {
				t.Errorf("support changes a role-less staff member's %s: %d %s; want 403", c.what, r.Status, r.Body)
			}
		}
		if r := edit(bossToken, map[string]any{"email": "rory.new@example.com", "code": code(boss)}); r.Status != http.StatusOK {
			t.Fatalf("a holder of every key changes the email: %d %s", r.Status, r.Body)
		}
		if told := env.Mails(t, roleless.Email); len(told) != 1 || !strings.Contains(told[0], "rory.new@example.com") {
			t.Fatalf("mails to the old address: %q; want 1 naming the new one", told)
		}
	})
}

// Renaming another staff member and signing one's other sessions out worked on a session without a fresh second
// factor; both now need one.
func TestRenamingStaffAndRevokingOthersNeedAStepUp(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		editor, token := env.Staff(t, "ed", rbac.EditUser, rbac.UsersList)
		peer := env.CreateUser(t, "pam", true, true)
		customer := env.CreateUser(t, "cus", false, false)
		env.Token(t, editor, auth.Full) // a second session of the editor's, for revoke-others
		env.NotSteppedUp(t, token)
		edit := func(id int64, body map[string]any) *apitest.Reply {
			return env.Do(t, apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", id), Token: token, Body: body})
		}
		phone := "+15550100"
		for name, body := range map[string]map[string]any{
			"username":  {"username": "pam2"},
			"full name": {"full_name": "Pam Other"},
			"phone":     {"phone_number": phone},
		} {
			if r := edit(peer.ID, body); !refusedForStepUp(r) {
				t.Errorf("renaming a staff member (%s) on a stale session: %d %s; want the step-up refusal", name, r.Status, r.Body)
			}
		}
		if r := edit(customer.ID, map[string]any{"full_name": "Cus Tomer"}); r.Status != http.StatusOK {
			t.Errorf("renaming a customer needs no step-up: %d %s", r.Status, r.Body)
		}
		revoke := func() *apitest.Reply {
			return env.Do(t, apitest.Case{Method: "POST", Path: "/api/user/sessions/revoke-others", Token: token})
		}
		if r := revoke(); !refusedForStepUp(r) {
			t.Errorf("revoke-others on a stale session: %d %s; want the step-up refusal", r.Status, r.Body)
		}
		env.StepUp(t, token)
		if r := edit(peer.ID, map[string]any{"full_name": "Pam Other"}); r.Status != http.StatusOK {
			t.Errorf("renaming after a step-up: %d %s", r.Status, r.Body)
		}
		if r := revoke(); r.Status != http.StatusOK {
			t.Errorf("revoke-others after a step-up: %d %s", r.Status, r.Body)
		}
	})
}

// A Support member (ADMIN_SHOW_USER only) read an Administrator's profile and sessions (addresses and devices).
// Staff targets now need ADMIN_SESSIONS; customers are read as before.
func TestStaffProfilesAndSessionsNeedTheSessionsKey(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, support := env.Staff(t, "sid", rbac.ShowUser)
		_, console := env.Staff(t, "con", rbac.ShowUser, rbac.Sessions)
		admin, _ := env.Staff(t, "ada", rbac.AllKeys()...)
		customer := env.CreateUser(t, "cara", false, false)
		env.Token(t, customer, auth.Full)
		get := func(token, path string) int {
			return env.Do(t, apitest.Case{Method: "GET", Path: path, Token: token}).Status
		}
		staffPaths := []string{fmt.Sprintf("/api/admin/users/%d", admin.ID), fmt.Sprintf("/api/admin/users/sessions/%d?page=1&maxPerPage=10", admin.ID)}
		for _, path := range staffPaths {
			if s := get(support, path); s != http.StatusForbidden {
				t.Errorf("support reads %s of an Administrator: %d; want 403", path, s)
			}
			if s := get(console, path); s != http.StatusOK {
				t.Errorf("a holder of ADMIN_SESSIONS reads %s: %d; want 200", path, s)
			}
		}
		for _, path := range []string{fmt.Sprintf("/api/admin/users/%d", customer.ID), fmt.Sprintf("/api/admin/users/sessions/%d?page=1&maxPerPage=10", customer.ID)} {
			if s := get(support, path); s != http.StatusOK {
				t.Errorf("support reads %s of a customer: %d; want 200", path, s)
			}
		}
	})
}

// editRoleAs is a role edit by token: a new description, everything else as it is (a 202 when the policy covers it).
func editRoleAs(t *testing.T, env *apitest.Env, token string, roleID int64, description string) *apitest.Reply {
	t.Helper()
	name := fmt.Sprintf("role-%d", roleID)
	if err := env.DB.QueryRowContext(t.Context(), `SELECT role FROM roles WHERE id = $1`, roleID).Scan(&name); err != nil {
		t.Fatal(err)
	}
	return env.Do(t, apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/edit", roleID), Token: token,
		Body: map[string]any{"role": name, "description": description, "permissions": []string{rbac.UsersList}}})
}

// In the demo, one Administrator saved the policy with every action off. While any action is covered, changing
// the policy now always needs a second person, whatever the policy says of approval_policy.save.
func TestOnePersonCannotSwitchFourEyesOff(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, admin := env.Staff(t, "ada", rbac.AllKeys()...)
		_, second := env.Staff(t, "bob", rbac.AllKeys()...)
		setPolicy(t, env, admin, map[string]bool{"role.edit": true, "promotion.save": true}) // nothing covered yet: alone
		off := env.Do(t, apitest.Case{Method: "POST", Path: "/api/admin/approvals/policy", Token: admin,
			Body: map[string]any{"actions": map[string]bool{"role.edit": false, "promotion.save": false}}})
		request := approvalOf(t, off)
		env.Run(t, []apitest.Case{
			{Name: "the policy is as it was", Method: "GET", Path: "/api/admin/approvals/policy", Token: admin, Status: 200,
				JSON: `{"actions":{"role.edit":true,"promotion.save":true,"approval_policy.save":false}}`},
			decide(request.ID, "approve", second, "Agreed in the review", 200),
			{Name: "switched off by two people", Method: "GET", Path: "/api/admin/approvals/policy", Token: admin, Status: 200,
				JSON: `{"actions":{"role.edit":false,"promotion.save":false}}`},
		})
		setPolicy(t, env, admin, map[string]bool{"role.edit": true}) // nothing covered again: alone
	})
}

// A request whose maker was then disabled, removed from staff, or lost the permission the action needs was still
// approved and applied. It is now refused with 409 and marked void, and nothing changes.
func TestARequestDiesWithItsMakersRight(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, adminToken := env.Staff(t, "ada", rbac.AllKeys()...)
		_, approver := env.Staff(t, "apo", rbac.AllKeys()...)
		setPolicy(t, env, adminToken, map[string]bool{"role.edit": true})
		target := env.CreateUser(t, "tess", true, true, rbac.UsersList)
		roleID := queryInt64(t, env, `SELECT role_id FROM users WHERE id = $1`, target.ID)
		makerKeys := []string{rbac.EditRole, rbac.RolesList, rbac.UsersList, rbac.EditUser}
		for _, c := range []struct {
			what  string
			after func(maker apitest.User)
		}{
			{"disabled", func(m apitest.User) {
				env.Run(t, []apitest.Case{{Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", m.ID), Token: adminToken,
					Body: map[string]any{"enabled": false}, Status: 200}})
			}},
			{"removed from staff", func(m apitest.User) {
				env.Run(t, []apitest.Case{{Method: "PATCH", Path: "/api/admin/roles/removeMember", Token: adminToken,
					Body: map[string]any{"users": []int64{m.ID}}, Status: 200}})
			}},
			{"without the key", func(m apitest.User) {
				if _, err := env.DB.ExecContext(t.Context(), `DELETE FROM role_permissions WHERE permission = $1
					AND role_id = (SELECT role_id FROM users WHERE id = $2)`, rbac.EditRole, m.ID); err != nil {
					t.Fatal(err)
				}
			}},
		} {
			maker, makerToken := env.Staff(t, "m"+strings.ReplaceAll(c.what, " ", ""), makerKeys...)
			request := approvalOf(t, editRoleAs(t, env, makerToken, roleID, "changed while "+c.what))
			c.after(maker)
			env.StepUp(t, approver)
			r := env.Do(t, decide(request.ID, "approve", approver, "Looks fine", 0))
			if r.Status != http.StatusConflict {
				t.Errorf("maker %s: approve answered %d %s; want 409", c.what, r.Status, r.Body)
			}
			var status string
			if err := env.DB.QueryRowContext(t.Context(), `SELECT status FROM approvals WHERE id = $1`, request.ID).Scan(&status); err != nil || status != "void" {
				t.Errorf("maker %s: the request is %q, %v; want void", c.what, status, err)
			}
			if n := queryInt64(t, env, `SELECT count(*) FROM roles WHERE description LIKE 'changed while%'`); n != 0 {
				t.Fatalf("maker %s: the change was applied", c.what)
			}
		}
	})
}

// 300 role-edit requests with 500-character reasons were accepted in 2.2 s. A maker now has at most 20 pending
// requests (429 with Retry-After beyond), and the list stays usable.
func TestOneMakerCannotFloodTheApprovers(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, admin := env.Staff(t, "ada", rbac.AllKeys()...)
		_, maker := env.Staff(t, "max", rbac.EditRole, rbac.RolesList, rbac.UsersList)
		_, other := env.Staff(t, "oli", rbac.EditRole, rbac.RolesList, rbac.UsersList)
		setPolicy(t, env, admin, map[string]bool{"role.edit": true})
		// One role per request: a second pending request for the same role is refused on its own (409).
		roles := make([]int64, 22)
		for n := range roles {
			target := env.CreateUser(t, fmt.Sprintf("tess%d", n), true, true, rbac.UsersList)
			roles[n] = queryInt64(t, env, `SELECT role_id FROM users WHERE id = $1`, target.ID)
		}
		reason := strings.Repeat("r", 500)
		edit := func(token string, n int) *apitest.Reply {
			return env.Do(t, apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/edit", roles[n]), Token: token,
				Headers: map[string]string{"X-Change-Reason": reason},
				Body:    map[string]any{"role": fmt.Sprintf("role-tess%d", n), "description": fmt.Sprintf("flood %d", n), "permissions": []string{rbac.UsersList}}})
		}
		for n := range 20 {
			approvalOf(t, edit(maker, n))
		}
		r := edit(maker, 20)
		if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
			t.Fatalf("the 21st pending request: %d (Retry-After %q) %s; want 429 with Retry-After", r.Status, r.Header.Get("Retry-After"), r.Body)
		}
		approvalOf(t, edit(other, 21)) // another maker is not held back
		if n := queryInt64(t, env, `SELECT count(*) FROM approvals WHERE status = 'pending'`); n != 21 {
			t.Fatalf("%d pending requests; want 21", n)
		}
		env.Run(t, []apitest.Case{{Name: "the list", Method: "GET", Path: "/api/admin/approvals?status=pending&page=1&maxPerPage=25",
			Token: admin, Status: 200, Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				if !strings.Contains(rec.Body.String(), `"total_items":21`) {
					t.Errorf("the list: %s", rec.Body.String()[:200])
				}
			}}})
	})
}

// An Administrator created a staff member, gave it the Administrator role (neither covered by the policy), and that
// account approved the Administrator's own request. Such an approver is now refused (403, saying why), and the list
// says why they may not decide; a colleague the maker did not make approves.
func TestAnApproverTheMakerMadeIsRefused(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		maker, makerToken := env.Staff(t, "ada", rbac.AllKeys()...)
		_, colleague := env.Staff(t, "col", rbac.AllKeys()...)
		setPolicy(t, env, makerToken, map[string]bool{"role.edit": true})
		created := env.Do(t, apitest.Case{Method: "POST", Path: "/api/admin/users/new", Token: makerToken,
			Body: map[string]any{"email": "puppet@example.com", "username": "puppet", "full_name": "Puppet", "password": "Puppet-Passw0rd!",
				"enabled": true, "roles": []string{"ROLE_ADMIN"}}})
		if created.Status != http.StatusCreated {
			t.Fatalf("create the staff member: %d %s", created.Status, created.Body)
		}
		puppetID := queryInt64(t, env, `SELECT id FROM users WHERE username = 'puppet'`)
		adminRole := queryInt64(t, env, `SELECT role_id FROM users WHERE id = $1`, maker.ID)
		env.Run(t, []apitest.Case{{Name: "the Administrator role", Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/adduser", adminRole),
			Token: makerToken, Body: map[string]any{"users": []int64{puppetID}}, Status: 200}})
		puppet := env.Token(t, apitest.User{ID: puppetID}, auth.Full)

		target := env.CreateUser(t, "tess", true, true, rbac.UsersList)
		request := approvalOf(t, editRoleAs(t, env, makerToken, queryInt64(t, env, `SELECT role_id FROM users WHERE id = $1`, target.ID), "by the puppet"))
		r := env.Do(t, decide(request.ID, "approve", puppet, "Fine by me", 0))
		if r.Status != http.StatusForbidden || !strings.Contains(string(r.Body), "You cannot decide ada@example.com's requests: they gave you your role") {
			t.Fatalf("the puppet approves: %d %s; want 403 saying the maker gave them their role", r.Status, r.Body)
		}
		env.Run(t, []apitest.Case{
			{Name: "the puppet's list says why", Method: "GET", Path: "/api/admin/approvals?status=pending", Token: puppet, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if body := rec.Body.String(); !strings.Contains(body, `"can_decide":false,"cannot_decide":"You cannot decide ada@example.com's requests`) {
						t.Errorf("the list: %s", body)
					}
				}},
			decide(request.ID, "approve", colleague, "Checked", 200),
		})

		// Through a request: the maker's staff creation, approved by the colleague, makes a second puppet.
		cover := approvalOf(t, env.Do(t, apitest.Case{Method: "POST", Path: "/api/admin/approvals/policy", Token: makerToken,
			Body: map[string]any{"actions": map[string]bool{"staff.create": true}}}))
		env.Run(t, []apitest.Case{decide(cover.ID, "approve", colleague, "Staff need two", 200)})
		made := approvalOf(t, env.Do(t, apitest.Case{Method: "POST", Path: "/api/admin/users/new", Token: makerToken,
			Body: map[string]any{"email": "puppet2@example.com", "username": "puppet2", "full_name": "Puppet Two", "password": "Puppet-Passw0rd!",
				"enabled": true, "roles": []string{"ROLE_ADMIN"}}}))
		env.Run(t, []apitest.Case{decide(made.ID, "approve", colleague, "Needed", 200)})
		secondID := queryInt64(t, env, `SELECT id FROM users WHERE username = 'puppet2'`)
		if _, err := db.ExecContext(t.Context(), `UPDATE users SET role_id = $1 WHERE id = $2`, adminRole, secondID); err != nil {
			t.Fatal(err) // a role from elsewhere: the account alone is the maker's doing
		}
		second := env.Token(t, apitest.User{ID: secondID}, auth.Full)
		again := approvalOf(t, editRoleAs(t, env, makerToken, queryInt64(t, env, `SELECT role_id FROM users WHERE id = $1`, target.ID), "again"))
		if r := env.Do(t, decide(again.ID, "approve", second, "Fine", 0)); r.Status != http.StatusForbidden ||
			!strings.Contains(string(r.Body), "created your account") {
			t.Fatalf("a staff member made through the maker's request approves: %d %s; want 403", r.Status, r.Body)
		}
	})
}

// With role.set under the policy, POST /api/admin/roles/{id}/adduser {"users":[57,59]} made a request whose summary
// and change named only user 57, and approving it made user 59 an Administrator too. A request now holds the whole
// change: every user in its summary and change, each checked when it is made, and a change to any of them since
// refuses the approval (409).
func TestARequestShowsTheWholeChange(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		ada, admin := env.Staff(t, "ada", rbac.AllKeys()...)
		_, second := env.Staff(t, "bob", rbac.AllKeys()...)
		una := env.CreateUser(t, "una", true, true, rbac.UsersList)
		uwe := env.CreateUser(t, "uwe", true, true, rbac.UsersList)
		adminRole := queryInt64(t, env, `SELECT role_id FROM users WHERE id = $1`, ada.ID)
		setPolicy(t, env, admin, map[string]bool{"role.set": true})
		setRole := func() apitest.Case {
			return apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/adduser", adminRole), Token: admin,
				Body: map[string]any{"users": []int64{una.ID, uwe.ID}}}
		}
		holders := `SELECT count(*) FROM users WHERE role_id = $1`
		before := queryInt64(t, env, holders, adminRole)
		request := approvalOf(t, env.Do(t, setRole()))
		for _, u := range []apitest.User{una, uwe} { // by email (issue 37), not by id
			if !strings.Contains(request.Summary, u.Email) || !strings.Contains(string(request.Change), `"`+u.Email+`"`) {
				t.Errorf("the request does not show %s: summary %q, change %s", u.Email, request.Summary, request.Change)
			}
		}
		if n := queryInt64(t, env, holders, adminRole); n != before {
			t.Fatalf("%d holders of the role before the approval; want %d", n, before)
		}
		env.StepUp(t, second)
		env.Run(t, []apitest.Case{decide(request.ID, "approve", second, "Both agreed", 200)})
		if n := queryInt64(t, env, `SELECT count(*) FROM users WHERE role_id = $1 AND id IN ($2, $3)`, adminRole, una.ID, uwe.ID); n != 2 {
			t.Fatalf("%d of the two users hold the role after the approval", n)
		}

		// The second user changed after the request: its approval is refused, and nothing lands.
		env.Run(t, []apitest.Case{{Method: "PATCH", Path: "/api/admin/roles/removeMember", Token: admin,
			Body: map[string]any{"users": []int64{una.ID, uwe.ID}}, Status: 200}})
		for _, u := range []apitest.User{una, uwe} {
			if _, err := env.DB.ExecContext(t.Context(), `UPDATE users SET is_admin = TRUE WHERE id = $1`, u.ID); err != nil {
				t.Fatal(err)
			}
		}
		again := approvalOf(t, env.Do(t, setRole()))
		if _, err := env.DB.ExecContext(t.Context(), `UPDATE users SET updated_at = $1 WHERE id = $2`,
			store.Now().Add(time.Second), uwe.ID); err != nil {
			t.Fatal(err)
		}
		env.Run(t, []apitest.Case{decide(again.ID, "approve", second, "Looks fine", http.StatusConflict)})
		if n := queryInt64(t, env, `SELECT count(*) FROM users WHERE role_id = $1 AND id IN ($2, $3)`, adminRole, una.ID, uwe.ID); n != 0 {
			t.Fatalf("%d of the two users hold the role after a refused approval", n)
		}
	})
}
