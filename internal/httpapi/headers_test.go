package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store/storetest"
)

// headerCall is one kind of reply the headers are checked on.
type headerCall struct {
	name, path string
	token      bool // sends a staff token
	status     int
	api        bool // an /api reply: Cache-Control no-store
	page       bool // the page: its own CSP with a nonce
}

var headerCalls = []headerCall{
	{name: "API JSON", path: "/api/captcha", status: 200, api: true},
	{name: "API signed in", path: "/api/user", token: true, status: 200, api: true},
	{name: "API CSV", path: "/api/admin/audit/CSV", token: true, status: 200, api: true},
	{name: "API 401", path: "/api/user", status: 401, api: true},
	{name: "API 404", path: "/api/nope", status: 404, api: true},
	{name: "health", path: "/healthz", status: 200},
	{name: "page", path: "/", status: 200, page: true},
	{name: "page deep link", path: "/history/some/deep/path", status: 200, page: true},
	{name: "hashed asset", path: "/assets/index-abc12.js", status: 200},
	{name: "icon", path: "/icons/btc.svg", status: 200},
	{name: "missing asset", path: "/assets/index-old99.js", status: 404},
}

// checkSecurityHeaders checks what every reply carries, and what /api replies
// and the page carry on top.
func checkSecurityHeaders(t *testing.T, c headerCall, h http.Header) {
	t.Helper()
	for k, want := range map[string]string{
		"X-Content-Type-Options":     "nosniff",
		"X-Frame-Options":            "DENY",
		"Referrer-Policy":            "no-referrer",
		"Cross-Origin-Opener-Policy": "same-origin",
		"Permissions-Policy":         "camera=(), microphone=(), geolocation=(), payment=()",
	} {
		if got := h.Get(k); got != want {
			t.Errorf("%s: %s = %q, want %q", c.name, k, got, want)
		}
	}
	csp := h.Get("Content-Security-Policy")
	if !strings.Contains(csp, "frame-ancestors 'none'") || strings.Contains(csp, "unsafe-") {
		t.Errorf("%s: CSP %q", c.name, csp)
	}
	switch {
	case c.page:
		for _, want := range []string{"script-src 'self';", "worker-src 'self';", "object-src 'none'", "base-uri 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", c.name, csp, want)
			}
		}
		// The captcha's worker is a bundled file under /assets: no blob: workers.
		if strings.Contains(csp, "worker-src 'self' blob:") || strings.Contains(csp, "script-src 'self' blob:") {
			t.Errorf("%s: CSP allows blob: scripts or workers: %q", c.name, csp)
		}
	default:
		if !strings.HasPrefix(csp, "default-src 'none';") {
			t.Errorf("%s: a reply that is not the page must have the locked-down CSP, got %q", c.name, csp)
		}
	}
	if c.api || c.page {
		if got := h.Get("Cache-Control"); got != "no-store" {
			t.Errorf("%s: Cache-Control = %q, want no-store", c.name, got)
		}
	}
}

func TestSecurityHeadersOnEveryReply(t *testing.T) {
	t.Parallel()
	env := apitest.NewEnv(t, storetest.SQLite(t))
	_, tok := env.Staff(t, "auditor", rbac.AuditLog)
	for _, c := range headerCalls {
		cs := apitest.Case{Method: "GET", Path: c.path}
		if c.token {
			cs.Token = tok
		}
		r := env.Do(t, cs)
		if r.Status != c.status {
			t.Fatalf("%s: GET %s = %d, want %d: %s", c.name, c.path, r.Status, c.status, r.Body)
		}
		checkSecurityHeaders(t, c, r.Header)
		// JSON replies are encoded whole, then sent with their length.
		if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") &&
			r.Header.Get("Content-Length") != strconv.Itoa(len(r.Body)) {
			t.Errorf("%s: Content-Length %q for a body of %d bytes", c.name, r.Header.Get("Content-Length"), len(r.Body))
		}
		if got := r.Header.Get("Strict-Transport-Security"); got != "" {
			t.Errorf("%s: HSTS %q over plain HTTP", c.name, got)
		}
	}
}

// TestHSTSOnlyOverTLS serves the real handler over TLS and over plain HTTP:
// HSTS on every TLS reply, never on a plain one (a forwarded
// X-Forwarded-Proto is not trusted).
func TestHSTSOnlyOverTLS(t *testing.T) {
	t.Parallel()
	env := apitest.NewEnv(t, storetest.SQLite(t))
	_, tok := env.Staff(t, "auditor", rbac.AuditLog)
	tlsSrv := httptest.NewTLSServer(env.Handler)
	defer tlsSrv.Close()
	plainSrv := httptest.NewServer(env.Handler)
	defer plainSrv.Close()
	get := func(t *testing.T, client *http.Client, base string, c headerCall, extra map[string]string) http.Header {
		t.Helper()
		req, _ := http.NewRequest("GET", base+c.path, nil)
		if c.token {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		for k, v := range extra {
			req.Header.Set(k, v)
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != c.status {
			t.Fatalf("%s: %d, want %d", c.name, res.StatusCode, c.status)
		}
		return res.Header
	}
	for _, c := range headerCalls {
		h := get(t, tlsSrv.Client(), tlsSrv.URL, c, nil)
		checkSecurityHeaders(t, c, h)
		if got := h.Get("Strict-Transport-Security"); got != "max-age=31536000; includeSubDomains" {
			t.Errorf("%s over TLS: HSTS = %q", c.name, got)
		}
		h = get(t, plainSrv.Client(), plainSrv.URL, c, map[string]string{"X-Forwarded-Proto": "https"})
		if got := h.Get("Strict-Transport-Security"); got != "" {
			t.Errorf("%s over plain HTTP (X-Forwarded-Proto: https): HSTS = %q", c.name, got)
		}
	}
}
