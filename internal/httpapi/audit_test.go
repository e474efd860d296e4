package httpapi_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

func TestAuditLog(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		auditor, tok := env.Staff(t, "auditor", rbac.AuditLog, rbac.CreateRole)
		_ = login(t, env, "nobody", "wrong")
		env.Do(t, apitest.Case{Method: "POST", Path: "/api/admin/roles/new", Token: tok, Body: map[string]any{"role": "=Evil", "permissions": []string{}}})
		env.Run(t, []apitest.Case{
			{Name: "newest first", Method: "GET", Path: "/api/admin/audit", Token: tok, Status: 200,
				JSON: `{"audit":[{"action":"role.create","target_label":"=Evil","actor":{"email":"auditor@example.com"},"ip":"192.0.2.10","details":{"role":"=Evil","permissions":[]}},
					{"action":"login.failure","target_label":null,"actor":{"id":null,"email":"nobody"},"details":{"reason":"unknown_user"}}],"total_items":2}`},
			{Name: "by action prefix", Method: "GET", Path: "/api/admin/audit?action=login.", Token: tok, Status: 200, JSON: `{"total_items":1}`},
			{Name: "by exact action", Method: "GET", Path: "/api/admin/audit?action=role.create", Token: tok, Status: 200, JSON: `{"total_items":1}`},
			{Name: "by actor", Method: "GET", Path: "/api/admin/audit?actor=AUDITOR", Token: tok, Status: 200, JSON: `{"total_items":1}`},
			{Name: "by range", Method: "GET", Path: "/api/admin/audit?minDate=2000-01-01&maxDate=2000-01-02", Token: tok, Status: 200, JSON: `{"total_items":0}`},
		})
		r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/audit/CSV?action=role.", Token: tok})
		rows, _ := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
		if r.Status != 200 || len(rows) != 2 || rows[1][3] != "auditor@example.com" || !strings.Contains(rows[1][6], `"role":"=Evil"`) {
			t.Errorf("audit CSV: %d %q", r.Status, rows)
		}
		_ = auditor

		// A range holds what lies inside it; its end covers the whole second it names.
		var created struct {
			Audit []struct {
				CreatedAt string `json:"created_at"`
			} `json:"audit"`
		}
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/audit?action=role.create", Token: tok}).JSON(t, &created)
		at, err := time.Parse(time.RFC3339, created.Audit[0].CreatedAt)
		if err != nil {
			t.Fatal(err)
		}
		second := func(d time.Duration) string { return url.QueryEscape(at.Add(d).UTC().Format(time.DateTime)) }
		env.Run(t, []apitest.Case{
			{Name: "a range around it", Method: "GET", Path: "/api/admin/audit?action=role.create&minDate=" + second(-time.Hour) + "&maxDate=" + second(time.Hour),
				Token: tok, Status: 200, JSON: `{"total_items":1,"audit":[{"action":"role.create"}]}`},
			{Name: "ending at its second", Method: "GET", Path: "/api/admin/audit?action=role.create&minDate=" + second(0) + "&maxDate=" + second(0),
				Token: tok, Status: 200, JSON: `{"total_items":1}`},
			{Name: "ending the second before", Method: "GET", Path: "/api/admin/audit?action=role.create&minDate=" + second(-time.Hour) + "&maxDate=" + second(-time.Second),
				Token: tok, Status: 200, JSON: `{"total_items":0}`},
			{Name: "starting the second after", Method: "GET", Path: "/api/admin/audit?action=role.create&minDate=" + second(time.Second) + "&maxDate=" + second(time.Hour),
				Token: tok, Status: 200, JSON: `{"total_items":0}`},
		})

		// A name typed at sign-in that a spreadsheet would run as a formula is written as text.
		_ = login(t, env, "=cmd|' /C calc'!A0", "wrong")
		r = env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/audit/CSV?action=login.failure", Token: tok})
		rows, _ = csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
		if r.Status != 200 || len(rows) != 3 || rows[1][3] != "'=cmd|' /C calc'!A0" || rows[2][3] != "nobody" {
			t.Errorf("audit CSV of sign-in failures: %d %q", r.Status, rows)
		}
	})
}

// Each entry names its target as it stands now, read in the list's own
// statement: a user's email, a role's name; nothing for a deleted role, for a
// target that is no row, or for a malformed id (never an error).
func TestAuditTargetLabels(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		auditor, tok := env.Staff(t, "auditor", rbac.AuditLog)
		ctx := context.Background()
		for _, target := range []string{audit.UserTarget(auditor.ID), "role:1", "role:999999", "user:12x", "user:99999999999999999999", "ip:192.0.2.1"} {
			if err := audit.Record(ctx, db, audit.Entry{Action: "test.label", Target: target}); err != nil {
				t.Fatal(err)
			}
		}
		var role string
		if err := db.QueryRowContext(ctx, `SELECT role FROM roles WHERE id = 1`).Scan(&role); err != nil {
			t.Fatal(err)
		}
		env.Run(t, []apitest.Case{
			{Name: "labels", Method: "GET", Path: "/api/admin/audit?action=test.label", Token: tok, Status: 200,
				JSON: fmt.Sprintf(`{"audit":[{"target":"ip:192.0.2.1","target_label":null},
					{"target":"user:99999999999999999999","target_label":null},{"target":"user:12x","target_label":null},
					{"target":"role:999999","target_label":null},{"target":"role:1","target_label":%q},
					{"target":"user:%d","target_label":"auditor@example.com"}],"total_items":6}`, role, auditor.ID)},
		})
	})
}

// GET /api/admin/audit/verify checks the hash chain for holders of the audit
// log's key: every entry verified, then, after an entry was removed behind
// the server's back, the entry after it named.
func TestAuditVerify(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, tok := env.Staff(t, "auditor", rbac.AuditLog, rbac.CreateRole)
		_, other := env.Staff(t, "other", rbac.UsersList)
		_ = login(t, env, "nobody", "wrong")
		for _, name := range []string{"First", "Second"} {
			env.Do(t, apitest.Case{Method: "POST", Path: "/api/admin/roles/new", Token: tok, Body: map[string]any{"role": name, "permissions": []string{}}})
		}
		ids := auditIDs(t, db)
		env.Run(t, []apitest.Case{
			{Name: "intact", Method: "GET", Path: "/api/admin/audit/verify", Token: tok, Status: 200,
				JSON: fmt.Sprintf(`{"verified":%d,"unchained":0,"last_entry_id":%d,"broken_at":null}`, len(ids), ids[len(ids)-1])},
			{Name: "without the audit log's key", Method: "GET", Path: "/api/admin/audit/verify", Token: other, Status: 403},
		})
		removed := len(ids) - 2
		storetest.TamperAuditLog(t, db, `DELETE FROM audit_log WHERE id = $1`, ids[removed])
		env.Run(t, []apitest.Case{
			{Name: "an entry removed", Method: "GET", Path: "/api/admin/audit/verify", Token: tok, Status: 200,
				JSON: fmt.Sprintf(`{"verified":%d,"last_entry_id":null,"broken_at":%d}`, removed, ids[removed+1])},
		})
	})
}

// auditIDs are the ids of the audit log's entries, oldest first.
func auditIDs(t *testing.T, db *store.DB) []int64 {
	t.Helper()
	return storetest.Column[int64](t, db, `SELECT id FROM audit_log ORDER BY id`)
}
