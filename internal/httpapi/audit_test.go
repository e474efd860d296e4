package httpapi_test

import (
	"encoding/csv"
	"strings"
	"testing"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

func TestAuditLog(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		auditor, tok := env.Staff(t, "auditor", rbac.AuditLog, rbac.CreateRole)
		_ = login(t, env, "nobody", "wrong")
		env.Do(t, apitest.Case{Method: "POST", Path: "/api/admin/roles/new", Token: tok, Body: map[string]any{"role": "=Evil", "permissions": []string{}}})
		env.Run(t, []apitest.Case{
			{Name: "newest first", Method: "GET", Path: "/api/admin/audit", Token: tok, Status: 200,
				JSON: `{"audit":[{"action":"role.create","actor":{"email":"auditor@example.com"},"ip":"192.0.2.10","details":{"role":"=Evil","permissions":[]}},
					{"action":"login.failure","actor":{"id":null,"email":"nobody"},"details":{"reason":"unknown_user"}}],"total_items":2}`},
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
	})
}
