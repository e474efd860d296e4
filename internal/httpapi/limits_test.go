package httpapi_test

import (
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/httpapi"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// TestEveryCSVRouteIsAnExport: a CSV route without the export limits would be
// an open door; the flag means nothing elsewhere.
func TestEveryCSVRouteIsAnExport(t *testing.T) {
	t.Parallel()
	env := apitest.NewEnv(t, storetest.SQLite(t))
	n := 0
	for _, rt := range env.Server.Routes() {
		csv := strings.HasSuffix(rt.Path, "/CSV")
		if csv != rt.Rule.Export {
			t.Errorf("%s %s: Export=%v; every route ending in /CSV, and only those, must be Export(...)", rt.Method, rt.Path, rt.Rule.Export)
		}
		if csv {
			n++
			if rt.Rule.Public {
				t.Errorf("%s: a public export", rt.Path)
			}
		}
	}
	if n == 0 {
		t.Fatal("no CSV routes found")
	}
}

// TestExportRateLimit goes through the real router: ten exports a minute per
// staff member, the eleventh is 429 with Retry-After and the error envelope;
// another staff member and, a minute later, the same one go through again.
func TestExportRateLimit(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, tok := env.Staff(t, "exporter", rbac.AuditLog)
		_, other := env.Staff(t, "colleague", rbac.AuditLog)
		csv := apitest.Case{Method: "GET", Path: "/api/admin/audit/CSV", Token: tok}
		for i := 0; i < 10; i++ {
			if r := env.Do(t, csv); r.Status != 200 {
				t.Fatalf("export %d: %d %s", i+1, r.Status, r.Body)
			}
			env.Clock.Advance(time.Second)
		}
		env.Run(t, []apitest.Case{{Name: "eleventh export in a minute", Method: "GET", Path: csv.Path, Token: tok, Status: 429,
			JSON: `{"code":429,"message":"Too many exports in a short time. Try again shortly.","errors":[]}`,
			Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				if s, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || s < 1 || s > 60 {
					t.Errorf("Retry-After %q", rec.Header().Get("Retry-After"))
				}
				if rec.Header().Get("Cache-Control") != "no-store" {
					t.Errorf("Cache-Control %q", rec.Header().Get("Cache-Control"))
				}
			}}})
		env.Run(t, []apitest.Case{
			{Name: "another staff member", Method: "GET", Path: csv.Path, Token: other, Status: 200},
			{Name: "the JSON list is not an export", Method: "GET", Path: "/api/admin/audit", Token: tok, Status: 200},
			{Name: "no token: 401 before any limit", Method: "GET", Path: csv.Path, Status: 401},
		})
		env.Clock.Advance(time.Minute)
		env.Run(t, []apitest.Case{{Name: "a minute later", Method: "GET", Path: csv.Path, Token: tok, Status: 200}})
	})
}

// Two nodes on one database share the export limits: 10 exports a minute spread over both, the 11th refused on
// either (before, each node kept its own count in memory: 28 exports a minute passed through a balancer).
func TestExportLimitsHoldAcrossNodes(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := apitest.NewEnv(t, db)
		b := apitest.NewEnvWith(t, db, func(o *httpapi.Options) { o.Now = a.Clock.Now })
		_, tok := a.Staff(t, "exporter", rbac.AuditLog)
		csv := apitest.Case{Method: "GET", Path: "/api/admin/audit/CSV", Token: tok}
		for i := range 10 {
			node := []*apitest.Env{a, b}[i%2]
			if r := node.Do(t, csv); r.Status != 200 {
				t.Fatalf("export %d: %d %s", i+1, r.Status, r.Body)
			}
		}
		for name, node := range map[string]*apitest.Env{"node a": a, "node b": b} {
			if r := node.Do(t, csv); r.Status != 429 {
				t.Errorf("%s, 11th export in a minute: %d; want 429", name, r.Status)
			}
		}
	})
}
