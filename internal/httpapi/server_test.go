package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/httpapi"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

var webApp = apitest.WebApp

func TestServer(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := httpapi.New(httpapi.Options{DB: db, Web: webApp})
		apitest.Run(t, h, []apitest.Case{
			{Name: "health", Method: "GET", Path: "/healthz", Status: 200, JSON: `{"status":"ok","database":"ok"}`},
			{Name: "unknown API path is a JSON 404", Method: "GET", Path: "/api/nope", Status: 404,
				JSON: `{"code":404,"errors":[]}`, Check: hasHeader("Content-Type", "application/json; charset=utf-8")},
			{Name: "unknown API path, any method", Method: "DELETE", Path: "/api/admin/nothing/1", Status: 404, JSON: `{"code":404}`},
			{Name: "API replies are not cached", Method: "GET", Path: "/api/nope", Status: 404, Check: hasHeader("Cache-Control", "no-store")},
			{Name: "SPA fallback for a deep link", Method: "GET", Path: "/userprofile/42", Status: 200, Check: isIndex},
			{Name: "SPA root", Method: "GET", Path: "/", Status: 200, Check: isIndex},
			{Name: "hashed asset cached for a year", Method: "GET", Path: "/assets/index-abc12.js", Status: 200,
				Check: hasHeader("Cache-Control", "public, max-age=31536000, immutable")},
			{Name: "missing asset is a 404, not the page", Method: "GET", Path: "/assets/index-old99.js", Status: 404},
			{Name: "icon cached for a day", Method: "GET", Path: "/icons/btc.svg", Status: 200,
				Check: hasHeader("Cache-Control", "public, max-age=86400")},
			{Name: "no writes to the page", Method: "POST", Path: "/", Status: 405},
			{Name: "security headers", Method: "GET", Path: "/healthz", Status: 200, Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				for k, v := range map[string]string{
					"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
				} {
					if got := rec.Header().Get(k); got != v {
						t.Errorf("%s = %q, want %q", k, got, v)
					}
				}
				if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") {
					t.Errorf("CSP = %q", csp)
				}
				if rec.Header().Get("Strict-Transport-Security") != "" {
					t.Error("HSTS sent over plain HTTP")
				}
			}},
		})
	})
}

// isIndex checks the page reply: index.html with a fresh nonce that the CSP allows.
func isIndex(t *testing.T, rec *httptest.ResponseRecorder) {
	t.Helper()
	m := regexp.MustCompile(`content="([A-Za-z0-9+/=]{24})"`).FindStringSubmatch(rec.Body.String())
	if m == nil {
		t.Fatalf("no nonce in page: %s", rec.Body.String())
	}
	csp := rec.Header().Get("Content-Security-Policy")
	for _, want := range []string{"style-src 'self' 'nonce-" + m[1] + "'", "script-src 'self';", "frame-ancestors 'none'", "object-src 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
		t.Errorf("CSP allows unsafe sources: %q", csp)
	}
	if got := rec.Header().Get("Cache-Control"); got != "no-store" {
		t.Errorf("page Cache-Control = %q, want no-store", got)
	}
}

func hasHeader(name, want string) func(*testing.T, *httptest.ResponseRecorder) {
	return func(t *testing.T, rec *httptest.ResponseRecorder) {
		t.Helper()
		if got := rec.Header().Get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
}

func TestNoncesDiffer(t *testing.T) {
	t.Parallel()
	h := httpapi.New(httpapi.Options{DB: storetest.SQLite(t), Web: webApp})
	a := apitest.Do(t, h, apitest.Case{Method: "GET", Path: "/"}).Header().Get("Content-Security-Policy")
	b := apitest.Do(t, h, apitest.Case{Method: "GET", Path: "/"}).Header().Get("Content-Security-Policy")
	if a == b {
		t.Fatal("two pages got the same nonce")
	}
}

func TestHealthWithoutDatabase(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := httpapi.New(httpapi.Options{DB: db, Web: webApp})
		db.Close() // the database is gone
		apitest.Run(t, h, []apitest.Case{
			{Name: "health answers 503", Method: "GET", Path: "/healthz", Status: http.StatusServiceUnavailable,
				JSON: `{"code":503,"message":"database unavailable","errors":[]}`},
			{Name: "not ready", Method: "GET", Path: "/readyz", Status: http.StatusServiceUnavailable,
				JSON: `{"code":503,"message":"database unavailable"}`},
			{Name: "still live: nobody restarts a node for the database", Method: "GET", Path: "/livez", Status: 200,
				JSON: `{"status":"ok"}`},
		})
	})
}

// A node that drains (SIGTERM) leaves the balancer's rotation at once, and still answers what comes meanwhile.
// Through an Env: the probes' replies are checked against the contract.
func TestReadyAndDraining(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		srv, h := env.Server, env.Handler
		apitest.Run(t, h, []apitest.Case{
			{Name: "ready", Method: "GET", Path: "/readyz", Status: 200, JSON: `{"status":"ready"}`},
			{Name: "live", Method: "GET", Path: "/livez", Status: 200},
		})
		srv.Drain()
		apitest.Run(t, h, []apitest.Case{
			{Name: "draining", Method: "GET", Path: "/readyz", Status: http.StatusServiceUnavailable,
				JSON: `{"code":503,"message":"draining: this node is stopping"}`},
			{Name: "still live", Method: "GET", Path: "/livez", Status: 200},
			{Name: "still serving", Method: "GET", Path: "/healthz", Status: 200},
		})
	})
}

func TestGatewayKey(t *testing.T) {
	t.Parallel()
	h := httpapi.New(httpapi.Options{DB: storetest.SQLite(t), Web: webApp, GatewayKey: "s3cret"})
	apitest.Run(t, h, []apitest.Case{
		{Name: "API call without the key", Method: "GET", Path: "/api/nope", Status: 403, JSON: `{"code":403}`},
		{Name: "API call with a wrong key", Method: "GET", Path: "/api/nope", Headers: map[string]string{"X-Gateway-Key": "nope"}, Status: 403},
		{Name: "API call with the key goes through", Method: "GET", Path: "/api/nope", Headers: map[string]string{"X-Gateway-Key": "s3cret"}, Status: 404},
		{Name: "the page needs no key", Method: "GET", Path: "/", Status: 200},
	})
}

func TestWithoutWebApp(t *testing.T) {
	t.Parallel()
	h := httpapi.New(httpapi.Options{DB: storetest.SQLite(t), Web: fstest.MapFS{".gitkeep": {}}})
	apitest.Run(t, h, []apitest.Case{
		{Name: "unbuilt web app says how to build it", Method: "GET", Path: "/", Status: 503,
			Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				if !strings.Contains(rec.Body.String(), "make build") {
					t.Errorf("body %q", rec.Body.String())
				}
			}},
	})
}

// Every reply names its request (X-Request-Id), the error envelope too; a trusted proxy's id is kept, anyone
// else's is replaced, and so is a malformed one.
func TestRequestIDs(t *testing.T) {
	t.Parallel()
	env := apitest.NewEnvWith(t, storetest.SQLite(t), func(o *httpapi.Options) {
		proxies, err := httpapi.ParseTrustedProxies("10.0.0.0/8")
		if err != nil {
			t.Fatal(err)
		}
		o.TrustedProxies = proxies
	})
	id := func(c apitest.Case) (string, map[string]any) {
		r := env.Do(t, c)
		var body map[string]any
		_ = json.Unmarshal(r.Body, &body)
		return r.Header.Get("X-Request-Id"), body
	}
	fresh, body := id(apitest.Case{Method: "GET", Path: "/api/user", RemoteAddr: "192.0.2.1:1"})
	if !regexp.MustCompile(`^[0-9a-f]{16}$`).MatchString(fresh) || body["request_id"] != fresh {
		t.Fatalf("a new id %q, envelope %v", fresh, body)
	}
	if again, _ := id(apitest.Case{Method: "GET", Path: "/livez"}); again == fresh || again == "" {
		t.Fatalf("a second request got %q", again)
	}
	for _, c := range []struct {
		name, from, given string
		kept              bool
	}{
		{"from the trusted proxy", "10.1.2.3:1", "lb-7f3a.42", true},
		{"from anyone else", "192.0.2.1:1", "lb-7f3a.42", false},
		{"malformed, from the proxy", "10.1.2.3:1", "bad id\nforged log line", false},
		{"too long, from the proxy", "10.1.2.3:1", strings.Repeat("a", 65), false},
	} {
		got, _ := id(apitest.Case{Method: "GET", Path: "/livez", RemoteAddr: c.from, Headers: map[string]string{"X-Request-Id": c.given}})
		if (got == c.given) != c.kept || got == "" {
			t.Errorf("%s: %q", c.name, got)
		}
	}
}
