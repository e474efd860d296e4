package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/approvals"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// One pending request per change (issue 37): a second edit of the same role
// while the first waits is refused (409) naming the first; once the first is
// withdrawn, or has expired, the change may be sent again. The database
// itself refuses a second pending row, so two requests at once cannot both
// pass the check.
func TestFourEyesOnePendingPerChange(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, admin := env.Staff(t, "ada", rbac.AllKeys()...)
		target := env.CreateUser(t, "tess", true, true, rbac.UsersList)
		roleID := queryInt64(t, env, `SELECT role_id FROM users WHERE id = $1`, target.ID)
		setPolicy(t, env, admin, map[string]bool{"role.edit": true})
		edit := func(description string) *apitest.Reply {
			return env.Do(t, apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/edit", roleID), Token: admin,
				Body: map[string]any{"role": "Tellers", "description": description, "permissions": []string{rbac.UsersList}}})
		}
		first := approvalOf(t, edit("first"))
		refused := edit("second")
		var reply struct {
			Message    string
			ApprovalID int64 `json:"approval_id"`
		}
		refused.JSON(t, &reply)
		if refused.Status != http.StatusConflict || reply.ApprovalID != first.ID {
			t.Fatalf("second request: %d %s, want 409 naming %d", refused.Status, refused.Body, first.ID)
		}
		if n := queryInt64(t, env, `SELECT count(*) FROM approvals WHERE status = 'pending'`); n != 1 {
			t.Fatalf("%d pending requests, want 1", n)
		}
		_, err := db.ExecContext(t.Context(), `INSERT INTO approvals (action, status, maker_id, maker_email, maker_reason, method,
			path, query, body, target, target_version, summary, change, created_at, expires_at)
			SELECT action, 'pending', maker_id, maker_email, '', method, path, query, body, target, target_version, summary,
			change, created_at, expires_at FROM approvals WHERE id = $1`, first.ID)
		if !store.IsUniqueViolation(err) {
			t.Fatalf("a second pending row for the same change: %v, want a unique violation", err)
		}

		env.Run(t, []apitest.Case{{Name: "withdraw", Method: "POST", Path: fmt.Sprintf("/api/admin/approvals/%d/withdraw", first.ID),
			Token: admin, Status: 200}})
		again := approvalOf(t, edit("again"))
		env.Clock.Advance(approvals.Lifetime)
		_, admin = env.Staff(t, "ann", rbac.AllKeys()...) // the day ended the earlier session
		if after := approvalOf(t, edit("after it expired")); after.ID == again.ID {
			t.Fatalf("the expired request %d was answered again", again.ID)
		}
	})
}

// A request names people and roles, not ids (issue 37): removing two members
// reads as their emails, in its line and in its change.
func TestFourEyesRequestNamesItsTargets(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, admin := env.Staff(t, "ada", rbac.AllKeys()...)
		ana := env.CreateUser(t, "ana", true, true, rbac.UsersList)
		bo := env.CreateUser(t, "bo", true, true, rbac.UsersList)
		setPolicy(t, env, admin, map[string]bool{"role.remove_members": true})
		r := approvalOf(t, env.Do(t, apitest.Case{Method: "PATCH", Path: "/api/admin/roles/removeMember", Token: admin,
			Body: map[string]any{"users": []int64{ana.ID, bo.ID}}}))
		want := fmt.Sprintf("Remove members: %s, %s", ana.Email, bo.Email)
		if r.Summary != want {
			t.Errorf("summary %q, want %q", r.Summary, want)
		}
		var change map[string]any
		if err := json.Unmarshal(r.Change, &change); err != nil {
			t.Fatal(err)
		}
		for _, email := range []string{ana.Email, bo.Email} {
			if _, ok := change[email]; !ok {
				t.Errorf("change %s: want each member under their email", r.Change)
			}
		}
		if strings.Contains(string(r.Change), "user:") {
			t.Errorf("change %s names a user by id", r.Change)
		}
	})
}
