package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/approvals"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// approvalOf is a 202's request.
func approvalOf(t *testing.T, r *apitest.Reply) approvals.Request {
	t.Helper()
	if r.Status != http.StatusAccepted {
		t.Fatalf("want 202 (sent for approval), got %d %s", r.Status, r.Body)
	}
	var reply struct{ Approval approvals.Request }
	r.JSON(t, &reply)
	if reply.Approval.Status != approvals.Pending || reply.Approval.ID == 0 {
		t.Fatalf("not a pending request: %s", r.Body)
	}
	return reply.Approval
}

func setPolicy(t *testing.T, env *apitest.Env, token string, actions map[string]bool) {
	t.Helper()
	env.Run(t, []apitest.Case{{Name: "policy", Method: "POST", Path: "/api/admin/approvals/policy", Token: token,
		Body: map[string]any{"actions": actions}, Status: 200}})
}

func decide(id int64, verb, token, reason string, status int) apitest.Case {
	return apitest.Case{Name: fmt.Sprintf("%s #%d", verb, id), Method: "POST", Path: fmt.Sprintf("/api/admin/approvals/%d/%s", id, verb),
		Token: token, Body: map[string]string{"reason": reason}, Status: status}
}

// Four-eyes approval (issue 23): with the policy covering role edits, an
// edit answers 202 and changes nothing; its maker cannot approve it (not
// even an Administrator), nor can someone lacking the edit's key; another
// editor approves it with a reason, and the change lands with both people,
// both reasons and both times in its audit row; a decided request cannot
// be decided again.
func TestFourEyesApproval(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, admin := env.Staff(t, "ada", rbac.AllKeys()...)
		_, editor := env.Staff(t, "eve", rbac.EditRole, rbac.RolesList, rbac.UsersList, rbac.AuditLog) // grants only what it holds
		_, viewer := env.Staff(t, "vic", rbac.CreateRole)
		target := env.CreateUser(t, "tess", true, true, rbac.UsersList)
		roleID := queryInt64(t, env, `SELECT role_id FROM users WHERE id = $1`, target.ID)

		env.Run(t, []apitest.Case{
			{Name: "the policy starts empty", Method: "GET", Path: "/api/admin/approvals/policy", Token: admin, Status: 200,
				JSON: `{"actions":{"role.edit":false,"promotion.save":false,"approval_policy.save":false}}`},
			{Name: "an unknown action", Method: "POST", Path: "/api/admin/approvals/policy", Token: admin,
				Body: map[string]any{"actions": map[string]bool{"role.rename": true}}, Status: 400},
			{Name: "the policy needs its key", Method: "GET", Path: "/api/admin/approvals/policy", Token: editor, Status: 403},
		})
		setPolicy(t, env, admin, map[string]bool{"role.edit": true})

		edit := func(name string) *apitest.Reply {
			return env.Do(t, apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/edit", roleID), Token: admin,
				Headers: map[string]string{"X-Change-Reason": "Auditors need the users list"},
				Body:    map[string]any{"role": name, "description": "d", "permissions": []string{rbac.UsersList, rbac.AuditLog}}})
		}
		before := env.Snapshot(t)
		req := approvalOf(t, edit("Auditors"))
		for _, d := range before.Diff(env.Snapshot(t)) {
			if !strings.HasPrefix(d, "sessions") {
				t.Fatalf("a change sent for approval changed %s", d)
			}
		}
		if req.Action != "role.edit" || req.Maker.Email != "ada@example.com" || req.MakerReason != "Auditors need the users list" ||
			!strings.Contains(string(req.Change), `"after":{"allowedNetworks":[],"description":"d","permissions":["ADMIN_AUDIT_LOG","ADMIN_USERS_LIST"],"role":"Auditors"}`) {
			t.Fatalf("request: %+v change %s", req, req.Change)
		}
		env.Run(t, []apitest.Case{
			{Name: "listed pending, decidable by the editor", Method: "GET", Path: "/api/admin/approvals?status=pending", Token: editor, Status: 200,
				JSON: fmt.Sprintf(`{"approvals":[{"id":%d,"action":"role.edit","status":"pending","can_decide":true}]}`, req.ID)},
			{Name: "not by its maker", Method: "GET", Path: "/api/admin/approvals?status=pending", Token: admin, Status: 200,
				JSON: `{"approvals":[{"can_decide":false}]}`},
			{Name: "not listed to someone who may not decide it", Method: "GET", Path: "/api/admin/approvals", Token: viewer, Status: 200,
				JSON: `{"approvals":[],"total_items":0}`},
			decide(req.ID, "approve", admin, "I am the administrator", 403),
			decide(req.ID, "approve", viewer, "I hold another key", 403),
			{Name: "a reason is required", Method: "POST", Path: fmt.Sprintf("/api/admin/approvals/%d/approve", req.ID), Token: editor,
				Body: map[string]string{"reason": " "}, Status: 400},
		})
		env.NotSteppedUp(t, editor)
		env.Run(t, []apitest.Case{decide(req.ID, "approve", editor, "Checked with compliance", 403)})
		env.StepUp(t, editor)
		r := env.Do(t, decide(req.ID, "approve", editor, "Checked with compliance", 200))
		if r.Status != 200 || !strings.Contains(string(r.Body), `"status":"approved"`) || !strings.Contains(string(r.Body), `"result":{`) {
			t.Fatalf("approve: %d %s", r.Status, r.Body)
		}
		var name string
		if err := db.QueryRowContext(t.Context(), `SELECT role FROM roles WHERE id = $1`, roleID).Scan(&name); err != nil || name != "Auditors" {
			t.Fatalf("role after approval: %q %v", name, err)
		}
		var details string
		if err := db.QueryRowContext(t.Context(), `SELECT details FROM audit_log WHERE action = 'role.update' ORDER BY id DESC LIMIT 1`).Scan(&details); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{`"maker":{"id":`, `"maker_reason":"Auditors need the users list"`, `"approver":{"id":`,
			`"reason":"Checked with compliance"`, `"requested_at":"`, `"approved_at":"`, `"eve@example.com"`, `"ada@example.com"`} {
			if !strings.Contains(details, want) {
				t.Errorf("the change's audit row lacks %s: %s", want, details)
			}
		}
		env.Run(t, []apitest.Case{
			decide(req.ID, "approve", editor, "again", 409),
			decide(req.ID, "reject", editor, "too late", 409),
		})

		// Rejected, and withdrawn: nothing applied; only the maker withdraws.
		// One pending request per change: each is decided before the next is made.
		rejected := approvalOf(t, edit("Rejected name"))
		env.Run(t, []apitest.Case{
			decide(rejected.ID, "reject", editor, "Not now", 200),
			decide(rejected.ID, "approve", editor, "changed my mind", 409),
		})
		withdrawn := approvalOf(t, edit("Withdrawn name"))
		env.Run(t, []apitest.Case{
			{Name: "someone else withdraws", Method: "POST", Path: fmt.Sprintf("/api/admin/approvals/%d/withdraw", withdrawn.ID), Token: editor, Status: 403},
			{Name: "someone else gives its reason", Method: "POST", Path: fmt.Sprintf("/api/admin/approvals/%d/reason", withdrawn.ID), Token: editor,
				Body: map[string]string{"reason": "mine now"}, Status: 403},
			{Name: "the maker gives its reason", Method: "POST", Path: fmt.Sprintf("/api/admin/approvals/%d/reason", withdrawn.ID), Token: admin,
				Body: map[string]string{"reason": "A clearer name"}, Status: 200, JSON: `{"approval":{"maker_reason":"A clearer name","status":"pending"}}`},
			{Name: "the maker withdraws", Method: "POST", Path: fmt.Sprintf("/api/admin/approvals/%d/withdraw", withdrawn.ID), Token: admin, Status: 200,
				JSON: `{"approval":{"status":"withdrawn"}}`},
			{Name: "no reason for a withdrawn request", Method: "POST", Path: fmt.Sprintf("/api/admin/approvals/%d/reason", withdrawn.ID), Token: admin,
				Body: map[string]string{"reason": "too late"}, Status: 409},
			decide(withdrawn.ID, "approve", editor, "late", 409),
			{Name: "rejected listed", Method: "GET", Path: "/api/admin/approvals?status=rejected", Token: editor, Status: 200,
				JSON: `{"approvals":[{"status":"rejected","reason":"Not now","decided_by":{"email":"eve@example.com"}}]}`},
		})
		if err := db.QueryRowContext(t.Context(), `SELECT role FROM roles WHERE id = $1`, roleID).Scan(&name); err != nil || name != "Auditors" {
			t.Fatalf("role after a rejection and a withdrawal: %q %v", name, err)
		}
	})
}

// A request expires after 24 hours, and one whose target changed after it
// was made is not applied: both 409, nothing changed.
func TestFourEyesExpiryAndChangedTarget(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, admin := env.Staff(t, "ada", rbac.AllKeys()...)
		eve, editor := env.Staff(t, "eve", rbac.EditRole, rbac.ShowPromotion)
		target := env.CreateUser(t, "tess", true, true, rbac.UsersList)
		roleID := queryInt64(t, env, `SELECT role_id FROM users WHERE id = $1`, target.ID)
		setPolicy(t, env, admin, map[string]bool{"role.edit": true})
		edit := func(name string) approvals.Request {
			return approvalOf(t, env.Do(t, apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/edit", roleID), Token: admin,
				Body: map[string]any{"role": name, "description": "d", "permissions": []string{rbac.UsersList}}}))
		}
		stale := edit("Stale")
		// The role changes meanwhile, by another path (turning the policy off for a moment now needs a second person).
		env.Clock.Advance(time.Second)
		if _, err := db.ExecContext(t.Context(), `UPDATE roles SET role = 'Direct', updated_at = $1 WHERE id = $2`,
			env.Clock.Now().UTC(), roleID); err != nil {
			t.Fatal(err)
		}
		env.Run(t, []apitest.Case{decide(stale.ID, "approve", editor, "ok", 409)})
		// A stale request still holds its change's place until it is decided: withdrawn here (see TestFourEyesOnePendingPerChange).
		env.Run(t, []apitest.Case{{Name: "withdraw the stale one", Method: "POST", Path: fmt.Sprintf("/api/admin/approvals/%d/withdraw", stale.ID),
			Token: admin, Status: 200}})

		old := edit("Old")
		env.Clock.Advance(approvals.Lifetime)
		editor = env.Token(t, eve, auth.Full) // the day ended the earlier session
		env.Run(t, []apitest.Case{
			{Name: "listed expired", Method: "GET", Path: "/api/admin/approvals?status=expired", Token: editor, Status: 200,
				JSON: fmt.Sprintf(`{"approvals":[{"id":%d,"status":"expired","can_decide":false}],"total_items":1}`, old.ID)},
			decide(old.ID, "approve", editor, "ok", 409),
		})
		var name string
		if err := db.QueryRowContext(t.Context(), `SELECT role FROM roles WHERE id = $1`, roleID).Scan(&name); err != nil || name != "Direct" {
			t.Fatalf("role: %q %v", name, err)
		}
	})
}

// The conditional actions: creating a customer is not a staff creation and
// passes; creating a staff member waits, its password kept sealed, and is
// created when approved. Another user's email change waits too, and applies
// without the maker's (by then stale) code. The policy covers itself.
func TestFourEyesConditionalActions(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, admin := env.Staff(t, "ada", rbac.AllKeys()...)
		maker, makerTok := env.Staff(t, "mark", rbac.CreateUser, rbac.EditUser, rbac.UsersList, rbac.ApprovalPolicy)
		_, approver := env.Staff(t, "april", rbac.CreateUser, rbac.EditUser, rbac.UsersList, rbac.ApprovalPolicy)
		setPolicy(t, env, admin, map[string]bool{"staff.create": true, "user.edit": true, "approval_policy.save": true})

		newUser := func(name string, roles []string) apitest.Case {
			return apitest.Case{Method: "POST", Path: "/api/admin/users/new", Token: makerTok, Body: map[string]any{"full_name": name,
				"username": name, "email": name + "@example.com", "password": "Sturdy-Passw0rd-" + name, "enabled": true, "roles": roles}}
		}
		c := newUser("cust", []string{})
		c.Status = 201
		env.Run(t, []apitest.Case{c})
		staff := approvalOf(t, env.Do(t, newUser("newstaff", []string{rbac.RoleAdmin})))
		if n := queryInt64(t, env, `SELECT count(*) FROM approvals WHERE body LIKE '%Sturdy-Passw0rd%'`); n != 0 {
			t.Fatalf("a waiting staff creation keeps its password in the clear")
		}
		env.Run(t, []apitest.Case{decide(staff.ID, "approve", approver, "New hire", 200)})
		if n := queryInt64(t, env, `SELECT count(*) FROM users WHERE username = 'newstaff' AND is_admin = TRUE`); n != 1 {
			t.Fatalf("the approved staff member was not created")
		}

		other := env.CreateUser(t, "olive", true, true, rbac.UsersList)
		mail := approvalOf(t, env.Do(t, apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", other.ID), Token: makerTok,
			Body: map[string]any{"email": "olive.new@example.com", "code": env.Code(t, maker, 0)}}))
		env.Clock.Advance(10 * time.Minute) // the maker's code is long stale
		env.StepUp(t, approver)
		env.Run(t, []apitest.Case{decide(mail.ID, "approve", approver, "Confirmed by phone", 200)})
		if n := queryInt64(t, env, `SELECT count(*) FROM users WHERE email = 'olive.new@example.com'`); n != 1 {
			t.Fatalf("the approved email change was not applied")
		}

		env.StepUp(t, makerTok)
		policy := approvalOf(t, env.Do(t, apitest.Case{Method: "POST", Path: "/api/admin/approvals/policy", Token: makerTok,
			Body: map[string]any{"actions": map[string]bool{"staff.create": false}}}))
		env.Run(t, []apitest.Case{
			decide(policy.ID, "approve", approver, "Agreed", 200),
			{Name: "the policy changed", Method: "GET", Path: "/api/admin/approvals/policy", Token: approver, Status: 200,
				JSON: `{"actions":{"staff.create":false,"user.edit":true}}`},
		})
	})
}
