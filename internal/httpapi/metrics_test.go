package httpapi_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/httpapi"
	"xapa/backoffice/internal/metrics"
	"xapa/backoffice/internal/store/storetest"
)

// The exposition counts requests by route pattern (never by path: no series per user), times them, and counts
// sign-in outcomes, throttle refusals and the database pool.
func TestMetrics(t *testing.T) {
	t.Parallel()
	db := storetest.SQLite(t)
	m := metrics.New(db.DB)
	env := apitest.NewEnvWith(t, db, func(o *httpapi.Options) { o.Metrics = m })
	_, token := env.Staff(t, "mira", "ADMIN_SHOW_USER", "ADMIN_AUDIT_LOG")
	env.Do(t, apitest.Case{Method: "GET", Path: "/livez"})
	env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/users/brief/1", Token: token})
	env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/users/brief/2", Token: token})
	env.Do(t, apitest.Case{Method: "POST", Path: "/api/login",
		Body: map[string]string{"username": "mira", "password": "wrong-password", "captcha_token": env.Captcha(t)}})
	if r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/audit/CSV", Token: token}); r.Status != 200 {
		t.Fatalf("export: %d", r.Status)
	}
	for range 61 {
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/captcha", RemoteAddr: "192.0.2.200:1"})
	}

	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	text := string(body)
	for _, want := range []string{
		`backoffice_http_requests_total{class="2xx",method="GET",route="/livez"} 1`,
		`backoffice_http_requests_total{class="2xx",method="GET",route="/api/admin/users/brief/{id}"} 1`,
		`backoffice_http_requests_total{class="4xx",method="GET",route="/api/admin/users/brief/{id}"} 1`, // no user 2
		`backoffice_http_request_duration_seconds_count{method="GET",route="/api/admin/users/brief/{id}"} 2`,
		`backoffice_signin_total{outcome="invalid"} 1`,
		`backoffice_throttled_total{limit="captcha"} 1`,
		`go_sql_max_open_connections{db_name="backoffice"} 8`,
		`backoffice_export_total{route="GET /api/admin/audit/CSV",what="exports"} 1`,
		`backoffice_export_duration_seconds_count{route="GET /api/admin/audit/CSV"} 1`,
		`go_sql_wait_count_total{db_name="backoffice"}`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the exposition lacks %s", want)
		}
	}
	if !regexp.MustCompile(`backoffice_export_total\{route="GET /api/admin/audit/CSV",what="rows"\} [1-9]`).MatchString(text) ||
		!regexp.MustCompile(`backoffice_export_total\{route="GET /api/admin/audit/CSV",what="bytes"\} [1-9]`).MatchString(text) {
		t.Error("the export's rows and bytes were not counted")
	}
	if strings.Contains(text, "brief/1") {
		t.Error("a path with an id became a label")
	}
}
