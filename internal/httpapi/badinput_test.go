package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// rawBytes marks where a body gets bytes that are not UTF-8 (JSON encoding
// would replace them).
const rawBytes = "\x01RAW\x01"

// Hostile text for every string field of every write route. A route either
// refuses it with a 4xx envelope and changes nothing, or (for the fields a
// writeSpec lists in accepts: free text such as names and descriptions,
// where `<script>` or `=cmd` is just text) stores it exactly and returns it
// JSON-escaped. Formula prefixes are neutralised in CSV downloads, not at
// input.
var hostileTexts = []struct{ name, value string }{
	{"sql", `'; DROP TABLE users;--`},
	{"script", `<script>alert(1)</script>`},
	{"formula", `=cmd|' /C calc'!A0`},
	{"plus", `+SUM(1+1)*cmd|' /C calc'!A0`},
	{"minus", `-2+3+cmd|' /C calc'!A0`},
	{"at", `@SUM(1+1)*cmd|' /C calc'!A0`},
	{"unicode", "Zoë 🚀 日本語 テスト"},
	{"100k", strings.Repeat("x", 100_000)},
	{"nul", "abc\x00def"}, // sent as \u0000: PostgreSQL text cannot hold it, so it is refused everywhere
	{"non-utf8", "ab" + rawBytes + "cd"},
}

// writeSpec describes one write route for the sweep.
type writeSpec struct {
	path  string        // concrete path
	token func() string // a caller the route's rule admits (made before the snapshot)
	// body is a valid body, unique per i; nil: the route reads no body.
	body func(i int) map[string]any
	// emptyOK: {} and null are a valid no-op (edit-user: absent fields stay).
	emptyOK bool
	// required: a field (JSON path) whose absence is a 400 naming the field given.
	required map[string]string
	// texts are the string fields (JSON paths) the hostile strings go into.
	texts []string
	// accepts: text fields where hostile strings are valid input, with the
	// normalisation applied on storing (nil: stored as sent).
	accepts map[string]func(string) string
	// secrets: fields where any text is valid and is never shown back
	// (passwords: only their hash is stored).
	secrets []string
	// numbers: hostile values for numeric fields, each refused with a 400.
	numbers map[string][]any
	// readBack returns the stored entity after a 2xx (default: the reply).
	readBack func(t *testing.T, reply []byte) []byte
	// always202: answers 202 to any well-formed body, by design (password
	// reset: no account enumeration); nothing may change all the same.
	always202 bool
}

// sweep holds what the bad-input tests share on one database.
type sweep struct {
	env   *apitest.Env
	calls atomic.Int64
	last  apitest.Snapshot // the state after the last call, unless something else wrote since
	// all: compare the tables that record attempts too (audit log, login
	// attempts, outbox): a refused staff write leaves no audit row.
	all bool
}

// recordsAttempts: the sign-in routes record refused attempts by design
// (failed sign-ins in the audit log and login attempts, reset mail), as the
// password change does wrong current passwords.
func recordsAttempts(path string) bool {
	for _, p := range []string{"/api/login", "/api/register", "/api/password/", "/api/2fa/", "/api/user/2fa/", "/api/logout", "/api/user/password", "/api/user/step-up"} {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

func (s *sweep) snapshot(t *testing.T) apitest.Snapshot {
	t.Helper()
	if s.all {
		return s.env.SnapshotAll(t)
	}
	return s.env.Snapshot(t)
}

// before is the state before a call: the state after the previous call
// when nothing else wrote since (refused calls change nothing).
func (s *sweep) before(t *testing.T) apitest.Snapshot {
	t.Helper()
	if s.last == nil {
		s.last = s.snapshot(t)
	}
	return s.last
}

// after is the state after a call.
func (s *sweep) after(t *testing.T) apitest.Snapshot {
	t.Helper()
	s.last = s.snapshot(t)
	return s.last
}

// touched records a write outside the calls (a token made for one).
func (s *sweep) touched() { s.last = nil }

// do sends a raw body from its own client address, so the per-IP login
// throttle never turns the sweep's sign-in calls into 429s.
func (s *sweep) do(t *testing.T, method, path, token string, body []byte) *httptest.ResponseRecorder {
	t.Helper()
	n := s.calls.Add(1)
	var rd *bytes.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	} else {
		rd = bytes.NewReader(nil)
	}
	req := httptest.NewRequest(method, path, rd)
	req.RemoteAddr = fmt.Sprintf("198.51.%d.%d:4321", n/250%250, n%250+1)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	s.env.Handler.ServeHTTP(rec, req)
	return rec
}

// envelope checks that a non-2xx reply is the JSON error envelope, never a
// 500, and returns it.
func envelope(t *testing.T, what string, rec *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	if rec.Code >= 500 {
		t.Errorf("%s: %d %s", what, rec.Code, clip(rec.Body.String()))
		return nil
	}
	if rec.Code < 400 {
		return nil
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("%s: %d with Content-Type %q", what, rec.Code, ct)
	}
	var e map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
		t.Errorf("%s: %d body is not JSON: %s", what, rec.Code, clip(rec.Body.String()))
		return nil
	}
	if code, _ := e["code"].(float64); int(code) != rec.Code {
		t.Errorf("%s: envelope code %v on a %d reply", what, e["code"], rec.Code)
	}
	if msg, _ := e["message"].(string); msg == "" {
		t.Errorf("%s: %d without a message: %s", what, rec.Code, clip(rec.Body.String()))
	}
	if _, ok := e["errors"].([]any); !ok {
		t.Errorf("%s: %d without an errors list: %s", what, rec.Code, clip(rec.Body.String()))
	}
	for _, leak := range []string{"SELECT ", "INSERT ", "sql:", "pq:", "SQLSTATE", "goroutine ", "<html"} {
		if strings.Contains(rec.Body.String(), leak) {
			t.Errorf("%s: the reply leaks %q: %s", what, leak, clip(rec.Body.String()))
		}
	}
	return e
}

// firstField is errors[0].field of an envelope.
func firstField(e map[string]any) string {
	list, _ := e["errors"].([]any)
	if len(list) == 0 {
		return ""
	}
	f, _ := list[0].(map[string]any)["field"].(string)
	return f
}

// base62 writes i with n base-62 digits (an app version name part).
func base62(i, n int) string {
	const digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	out := make([]byte, n)
	for k := n - 1; k >= 0; k-- {
		out[k] = digits[i%62]
		i /= 62
	}
	return string(out)
}

func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

// refused sends a call that must be refused with a 4xx envelope (want, when
// not 0, exactly) and must change nothing.
func (s *sweep) refused(t *testing.T, what, method, path, token string, body []byte, want int) map[string]any {
	t.Helper()
	before := s.before(t)
	rec := s.do(t, method, path, token, body)
	e := envelope(t, what, rec)
	switch {
	case rec.Code < 400:
		t.Errorf("%s: %d, want a refusal; body: %s", what, rec.Code, clip(rec.Body.String()))
	case want != 0 && rec.Code != want:
		t.Errorf("%s: %d, want %d; body: %s", what, rec.Code, want, clip(rec.Body.String()))
	}
	if diff := before.Diff(s.after(t)); len(diff) > 0 {
		t.Errorf("%s: refused with %d but changed %v", what, rec.Code, diff)
	}
	return e
}

// jsonBody encodes a body, putting raw non-UTF-8 bytes where rawBytes is.
func jsonBody(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	marker, _ := json.Marshal(rawBytes)
	return bytes.ReplaceAll(b, marker[1:len(marker)-1], []byte{0xff, 0xfe, 0xc3})
}

// clone deep-copies a body into plain JSON values (maps, slices).
func clone(t *testing.T, v map[string]any) map[string]any {
	t.Helper()
	var out map[string]any
	b, _ := json.Marshal(v)
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// walk finds the container and last key of a dotted JSON path ("a.0.b").
func walk(v any, path string) (parent any, key string, ok bool) {
	parts := strings.Split(path, ".")
	cur := v
	for _, p := range parts[:len(parts)-1] {
		switch c := cur.(type) {
		case map[string]any:
			cur = c[p]
		case []any:
			i, err := strconv.Atoi(p)
			if err != nil || i >= len(c) {
				return nil, "", false
			}
			cur = c[i]
		default:
			return nil, "", false
		}
	}
	return cur, parts[len(parts)-1], true
}

func setPath(t *testing.T, body map[string]any, path string, v any) {
	t.Helper()
	parent, key, ok := walk(body, path)
	switch c := parent.(type) {
	case map[string]any:
		if ok {
			c[key] = v
			return
		}
	case []any:
		if i, err := strconv.Atoi(key); ok && err == nil && i < len(c) {
			c[i] = v
			return
		}
	}
	t.Fatalf("no field %s in the body", path)
}

func getPath(v any, path string) (any, bool) {
	parent, key, ok := walk(v, path)
	if !ok {
		return nil, false
	}
	switch c := parent.(type) {
	case map[string]any:
		x, ok := c[key]
		return x, ok
	case []any:
		if i, err := strconv.Atoi(key); err == nil && i < len(c) {
			return c[i], true
		}
	}
	return nil, false
}

func removePath(t *testing.T, body map[string]any, path string) {
	t.Helper()
	parent, key, ok := walk(body, path)
	if c, isMap := parent.(map[string]any); ok && isMap {
		delete(c, key)
		return
	}
	t.Fatalf("no field %s in the body", path)
}

// topFields lists a body's fields with a value of the wrong JSON type for
// each: an object for scalars, a string for lists and objects.
func wrongTypes(body map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range body {
		switch v.(type) {
		case []any, map[string]any:
			out[k] = "not-a-list-or-object"
		default:
			out[k] = map[string]any{"nested": true}
		}
	}
	return out
}

// The bad-input tests share one environment on demo data per database:
// the GET sweep, the object-level checks and the mass-assignment checks
// first, then the write sweep (whose accepted hostile text changes data).
func TestBadInput(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := demoEnv(t, db)
		s := &sweep{env: env}
		f := newSweepFixture(t, env)
		t.Run("queries", func(t *testing.T) { sweepQueries(t, s, f) })
		t.Run("user data needs its permission", func(t *testing.T) { checkUserData(t, env) })
		t.Run("no mass assignment", func(t *testing.T) { checkNoMassAssignment(t, s, f) })
		t.Run("writes", func(t *testing.T) { sweepWrites(t, s, f) })
	})
}

// sweepFixture is the data the write routes act on.
type sweepFixture struct {
	admin          string // a full token holding every key
	adminID        int64
	customer       int64 // a customer to edit
	staff, staffRl int64 // a staff member (not the caller) and their role
	tokenID, chain int64 // a token and a chain coin
	group          string
}

func newSweepFixture(t *testing.T, env *apitest.Env) sweepFixture {
	t.Helper()
	ctx := context.Background()
	var f sweepFixture
	admin, tok := env.Staff(t, "sweeper", rbac.AllKeys()...)
	f.admin, f.adminID = tok, admin.ID
	f.customer = env.CreateUser(t, "sweep-customer", false, false).ID
	f.staff = env.CreateUser(t, "sweep-staff", true, true, rbac.UsersList).ID
	q := func(dst any, query string, args ...any) {
		t.Helper()
		if err := env.DB.QueryRowContext(ctx, query, args...).Scan(dst); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
	}
	q(&f.staffRl, `SELECT role_id FROM users WHERE id = $1`, f.staff)
	q(&f.tokenID, `SELECT min(id) FROM coins WHERE kind = 'token'`)
	q(&f.chain, `SELECT min(id) FROM coins WHERE kind = 'coin' AND fiat_rate > 0`)
	q(&f.group, `SELECT name FROM changelog_group_names ORDER BY position, id LIMIT 1`)
	return f
}

// writeSpecs describes every write route of the table, by "METHOD path".
func writeSpecs(t *testing.T, env *apitest.Env, f sweepFixture) map[string]writeSpec {
	// The sweep's clock runs on (the export limits): the admin's session steps up again before each call,
	// as the web app would on a step_up refusal.
	admin := func() string { env.StepUp(t, f.admin); return f.admin }
	var n atomic.Int64
	stepper := func() string { // wrong codes count against the account: one each
		_, tok := env.Staff(t, fmt.Sprintf("sweep-stepper%d", n.Add(1)))
		return tok
	}
	pending := func() string {
		_, tok := env.SignInStep(t, fmt.Sprintf("sweep-pending%d", n.Add(1)), auth.Pending)
		return tok
	}
	trim := strings.TrimSpace
	appVersion := func(t *testing.T, reply []byte) []byte {
		var created struct{ ID int64 }
		_ = json.Unmarshal(reply, &created)
		rec := apitest.Do(t, env.Handler, apitest.Case{Method: "GET", Path: "/api/admin/app_versions?maxPerPage=100", Token: f.admin})
		var list struct {
			AppVersions []json.RawMessage `json:"appVersions"`
		}
		_ = json.Unmarshal(rec.Body.Bytes(), &list)
		for _, v := range list.AppVersions {
			var head struct{ ID int64 }
			_ = json.Unmarshal(v, &head)
			if head.ID == created.ID {
				return v
			}
		}
		t.Fatalf("app version %d not listed", created.ID)
		return nil
	}
	hostileAmounts := []any{"1e999999999", "-1e999999999", "1e-999999999", "-0.5", "NaN", "Infinity", "0x10",
		"123456789012345678901", "0.0000000000000000001", true, []any{1}}
	token := func(i int) map[string]any {
		return map[string]any{"name": fmt.Sprintf("Sweep Token %d", i), "symbol": fmt.Sprintf("SWP%d", i), "decimals": 8,
			"mainContract": fmt.Sprintf("0xmain%010d", i), "testContract": fmt.Sprintf("0xtest%010d", i),
			"maxConfirmation": 12, "minSpendable": "0.0001", "blockchain": f.chain}
	}
	tokenNumbers := map[string][]any{"minSpendable": hostileAmounts, "decimals": {-1, 0, 37, 1e9, "8", 1.5},
		"maxConfirmation": {0, -5, 10001, 99999999999999999}, "blockchain": {0, -1, 999999, f.tokenID, 1.5}}
	tokenAccepts := map[string]func(string) string{"name": trim, "symbol": func(s string) string { return strings.ToUpper(trim(s)) },
		"mainContract": trim, "testContract": trim}
	role := func(prefix string) func(int) map[string]any {
		return func(i int) map[string]any {
			return map[string]any{"role": fmt.Sprintf("%s %d", prefix, i), "description": "Sweep role", "permissions": []any{rbac.UsersList}}
		}
	}
	return map[string]writeSpec{
		"POST /api/login": {path: "/api/login",
			body: func(int) map[string]any {
				return map[string]any{"username": "nobody", "password": "wrong", "captcha_token": "x"}
			},
			texts: []string{"username", "password", "captcha_token"}},
		"POST /api/register": {path: "/api/register",
			body: func(i int) map[string]any {
				pw := fmt.Sprintf("Sturdy-Passw0rd-%d", i)
				return map[string]any{"email": fmt.Sprintf("reg%d@example.com", i), "username": fmt.Sprintf("reg%d", i),
					"full_name": fmt.Sprintf("Reg %d", i), "invited_by": "", "device_type": "Web",
					"plainPassword": map[string]any{"first": pw, "second": pw}}
			},
			// No username: the email serves as the username.
			required: map[string]string{"email": "email", "full_name": "full_name"},
			texts:    []string{"email", "username", "full_name", "invited_by", "device_type", "plainPassword.first"},
			accepts:  map[string]func(string) string{"username": trim, "full_name": trim},
			readBack: func(_ *testing.T, reply []byte) []byte {
				var r struct {
					Data struct{ User json.RawMessage }
				}
				_ = json.Unmarshal(reply, &r)
				return r.Data.User
			}},
		"POST /api/password/reset": {path: "/api/password/reset", always202: true,
			body:  func(int) map[string]any { return map[string]any{"email": "nobody@example.com"} },
			texts: []string{"email"}},
		"POST /api/password/reset/confirm": {path: "/api/password/reset/confirm",
			body: func(int) map[string]any {
				return map[string]any{"token": "not-a-reset-token", "password": "Sturdy-Passw0rd"}
			},
			texts: []string{"token", "password"}},
		"POST /api/2fa/googleAuthenticator": {path: "/api/2fa/googleAuthenticator", token: pending,
			body:  func(int) map[string]any { return map[string]any{"code": "000000", "password": ""} },
			texts: []string{"code", "password"}},
		"POST /api/user/2fa/googleAuthenticator/status": {path: "/api/user/2fa/googleAuthenticator/status", token: admin,
			body:     func(int) map[string]any { return map[string]any{"password": "not-the-password", "status": false} },
			required: map[string]string{"status": "status"},
			texts:    []string{"password"}, numbers: map[string][]any{"status": {0, "false", nil}}},
		"POST /api/user/password": {path: "/api/user/password", token: admin,
			body: func(i int) map[string]any {
				return map[string]any{"old": "not-the-password", "new": fmt.Sprintf("Sturdy-Passw0rd-%d", i)}
			},
			required: map[string]string{"old": "old", "new": "new"},
			texts:    []string{"old", "new"}},
		"POST /api/user/step-up": {path: "/api/user/step-up", token: stepper,
			body:  func(int) map[string]any { return map[string]any{"code": "000000"} },
			texts: []string{"code"}},
		"POST /api/user/recovery-codes":        {path: "/api/user/recovery-codes", token: stepper},        // reads no body
		"POST /api/user/step-up/passkey/begin": {path: "/api/user/step-up/passkey/begin", token: stepper}, // reads no body
		"POST /api/user/step-up/passkey/finish": {path: "/api/user/step-up/passkey/finish", token: stepper,
			body: passkeyAnswer, required: map[string]string{"credential": "credential"}, texts: []string{"credential.id"}},
		"POST /api/user/passkeys/register/begin": {path: "/api/user/passkeys/register/begin", token: stepper}, // reads no body
		"POST /api/user/passkeys/register/finish": {path: "/api/user/passkeys/register/finish", token: stepper,
			body: func(i int) map[string]any {
				b := passkeyAnswer(i)
				b["name"] = fmt.Sprintf("Key %d", i)
				return b
			},
			required: map[string]string{"credential": "credential"}, texts: []string{"name", "credential.id"}},
		"DELETE /api/user/passkeys/{id}": {path: "/api/user/passkeys/999999", token: stepper},
		"POST /api/admin/approvals/policy": {path: "/api/admin/approvals/policy", token: admin,
			body:     func(int) map[string]any { return map[string]any{"actions": map[string]any{"role.edit": false}} },
			required: map[string]string{"actions": "actions"}},
		"POST /api/admin/approvals/{id}/approve": {path: "/api/admin/approvals/999999/approve", token: admin,
			body:     func(i int) map[string]any { return map[string]any{"reason": fmt.Sprintf("reason %d", i)} },
			required: map[string]string{"reason": "reason"}, texts: []string{"reason"}},
		"POST /api/admin/approvals/{id}/reject": {path: "/api/admin/approvals/999999/reject", token: admin,
			body:     func(i int) map[string]any { return map[string]any{"reason": fmt.Sprintf("reason %d", i)} },
			required: map[string]string{"reason": "reason"}, texts: []string{"reason"}},
		"POST /api/admin/approvals/{id}/withdraw": {path: "/api/admin/approvals/999999/withdraw", token: admin}, // reads no body
		"POST /api/admin/approvals/{id}/reason": {path: "/api/admin/approvals/999999/reason", token: admin,
			body:     func(i int) map[string]any { return map[string]any{"reason": fmt.Sprintf("reason %d", i)} },
			required: map[string]string{"reason": "reason"}, texts: []string{"reason"}},
		"POST /api/2fa/passkey/begin": {path: "/api/2fa/passkey/begin", token: pending}, // reads no body
		"POST /api/2fa/passkey/finish": {path: "/api/2fa/passkey/finish", token: pending,
			body: passkeyAnswer, required: map[string]string{"credential": "credential"}, texts: []string{"credential.id"}},
		"DELETE /api/user/sessions/{id}":                 {path: "/api/user/sessions/999999", token: admin},
		"POST /api/user/sessions/revoke-others":          {path: "/api/user/sessions/revoke-others", token: admin}, // reads no body
		"DELETE /api/admin/sessions/{id}":                {path: "/api/admin/sessions/999999", token: admin},
		"POST /api/admin/integration/letters/{id}/retry": {path: "/api/admin/integration/letters/999999/retry", token: admin}, // reads no body
		"POST /api/admin/integration/letters/{id}/discard": {path: "/api/admin/integration/letters/999999/discard", token: admin,
			body:     func(i int) map[string]any { return map[string]any{"reason": fmt.Sprintf("reason %d", i)} },
			required: map[string]string{"reason": "reason"}, texts: []string{"reason"}},
		"POST /api/logout":                  {path: "/api/logout"},                                                       // reads no body
		"POST /api/admin/users/{id}/unlock": {path: fmt.Sprintf("/api/admin/users/%d/unlock", f.customer), token: admin}, // reads no body
		"POST /api/admin/users/new": {path: "/api/admin/users/new", token: admin,
			body: func(i int) map[string]any {
				return map[string]any{"full_name": fmt.Sprintf("New %d", i), "username": fmt.Sprintf("new%d", i),
					"email": fmt.Sprintf("new%d@example.com", i), "password": fmt.Sprintf("Sturdy-Passw0rd-%d", i), "enabled": true,
					"roles": []any{"ROLE_ADMIN"}, "role_id": nil}
			},
			required: map[string]string{"email": "email", "full_name": "full_name", "username": "username", "enabled": "enabled", "password": "password"},
			texts:    []string{"full_name", "username", "email", "password", "roles.0"},
			accepts:  map[string]func(string) string{"full_name": trim, "username": trim},
			secrets:  []string{"password"},
			numbers:  map[string][]any{"enabled": {1, "true", nil}, "role_id": {"1", 1.5, -1, 999999999, true}}},
		"POST /api/admin/users/{id}/edit": {path: fmt.Sprintf("/api/admin/users/%d/edit", f.customer), token: admin, emptyOK: true,
			body: func(i int) map[string]any {
				return map[string]any{"email": fmt.Sprintf("edited%d@example.com", i), "full_name": "Edited", "username": "edited-user",
					"enabled": true, "isGoogleAuthenticatorEnabled": false, "isSMS2FaEnabled": false, "phone_number": "+49 151 1234"}
			},
			texts:   []string{"email", "full_name", "username", "phone_number"},
			accepts: map[string]func(string) string{"full_name": trim, "username": trim},
			numbers: map[string][]any{"enabled": {1, "yes"}, "isGoogleAuthenticatorEnabled": {true}}},
		"POST /api/admin/roles/new": {path: "/api/admin/roles/new", token: admin, body: role("Sweep"),
			required: map[string]string{"role": "role"},
			texts:    []string{"role", "description", "permissions.0"},
			accepts:  map[string]func(string) string{"role": trim, "description": trim}},
		"POST /api/admin/roles/{id}/edit": {path: fmt.Sprintf("/api/admin/roles/%d/edit", f.staffRl), token: admin, body: role("Target"),
			required: map[string]string{"role": "role"},
			texts:    []string{"role", "description", "permissions.0"},
			accepts:  map[string]func(string) string{"role": trim, "description": trim}},
		"POST /api/admin/roles/{id}/adduser": {path: fmt.Sprintf("/api/admin/roles/%d/adduser", f.staffRl), token: admin,
			body:     func(int) map[string]any { return map[string]any{"users": []any{f.staff}} },
			required: map[string]string{"users": "users"},
			numbers:  map[string][]any{"users": {[]any{}, []any{f.adminID}, []any{f.customer}, []any{-1}, []any{"1"}, []any{1.5}, 7}}},
		"PATCH /api/admin/roles/removeMember": {path: "/api/admin/roles/removeMember", token: admin,
			body:     func(int) map[string]any { return map[string]any{"users": []any{f.staff}} },
			required: map[string]string{"users": "users"},
			numbers:  map[string][]any{"users": {[]any{}, []any{f.adminID}, []any{f.customer}, []any{0}, []any{"1"}, make([]any, 1001)}}},
		"DELETE /api/admin/roles/{id}": {path: "/api/admin/roles/999999", token: admin},
		"POST /api/admin/coins/new": {path: "/api/admin/coins/new", token: admin, body: token,
			required: map[string]string{"blockchain": "blockchain", "decimals": "decimals", "maxConfirmation": "maxConfirmation", "name": "name"},
			texts:    []string{"name", "symbol", "mainContract", "testContract"}, accepts: tokenAccepts, numbers: tokenNumbers},
		"POST /api/admin/coins/{id}/edit": {path: fmt.Sprintf("/api/admin/coins/%d/edit", f.tokenID), token: admin,
			body:     func(i int) map[string]any { b := token(i); b["id"] = f.tokenID; return b },
			required: map[string]string{"blockchain": "blockchain", "decimals": "decimals", "maxConfirmation": "maxConfirmation", "name": "name"},
			texts:    []string{"name", "symbol", "mainContract", "testContract"}, accepts: tokenAccepts,
			numbers: func() map[string][]any {
				m := map[string][]any{"id": {f.tokenID + 1, -1, "1"}}
				for k, v := range tokenNumbers {
					m[k] = v
				}
				return m
			}()},
		"POST /api/admin/app_versions/new": {path: "/api/admin/app_versions/new", token: admin,
			body: func(i int) map[string]any {
				return map[string]any{"name": "9." + base62(i, 3) + ".01", "releaseDate": "2026-01-02 03:04:05", "platform": "Android",
					"forceUpdateRequired": false, "changeLog": []any{map[string]any{"groupName": f.group, "items": []any{fmt.Sprintf("Fixed bug %d", i)}}}}
			},
			required: map[string]string{"name": "name", "releaseDate": "releaseDate", "platform": "platform", "changeLog": "changeLog"},
			texts:    []string{"name", "releaseDate", "platform", "changeLog.0.groupName", "changeLog.0.items.0"},
			accepts:  map[string]func(string) string{"changeLog.0.items.0": trim},
			numbers: map[string][]any{"changeLog": {[]any{}, make([]any, 21)}, "forceUpdateRequired": {"yes"},
				"releaseDate": {"2026-13-45 00:00:00", "2026-02-30 00:00:00", "0000-00-00 00:00:00", "2026-01-02 03:04:05.5", 20260102}},
			readBack: appVersion},
		"DELETE /api/admin/app_versions/{id}": {path: "/api/admin/app_versions/999999", token: admin},
		"POST /api/admin/promotion": {path: "/api/admin/promotion", token: admin,
			body: func(int) map[string]any {
				bonus := func() map[string]any {
					return map[string]any{"coin": f.chain, "amount": "1.5", "default": "0", "network": "main"}
				}
				return map[string]any{"isEnabled": true, "minimum": []any{map[string]any{"coin": f.chain, "main": "5"}},
					"invited_bonus": bonus(), "inviter_bonus": bonus(), "waiting_time": map[string]any{"days": 3},
					"range": map[string]any{"start_date": "2026-01-01 00:00:00", "end_date": "2027-01-01 00:00:00"}}
			},
			required: map[string]string{"range": "range.start_date", "invited_bonus": "invited_bonus.coin", "minimum": "minimum"},
			texts:    []string{"range.start_date", "range.end_date", "invited_bonus.network", "inviter_bonus.network"},
			numbers: map[string][]any{"invited_bonus.amount": hostileAmounts, "inviter_bonus.default": hostileAmounts,
				"minimum.0.main": hostileAmounts, "minimum.0.coin": {0, -1, 999999}, "invited_bonus.coin": {0, 999999, "1"},
				"waiting_time.days": {-1, 3651, 99999999999999999, 1.5}, "minimum": {make([]any, 1001)},
				"range.end_date": {"2025-01-01 00:00:00", "2026-13-45 00:00:00", "2027-01-01 00:00:00.5"}}},
	}
}

// passkeyAnswer is a passkey finish's body, well formed but answering no
// ceremony: refused whatever its fields hold.
func passkeyAnswer(i int) map[string]any {
	return map[string]any{"credential": map[string]any{"id": fmt.Sprintf("key%d", i), "rawId": fmt.Sprintf("key%d", i),
		"type": "public-key", "response": map[string]any{}}}
}

// Every write route (POST, PATCH, DELETE of the route table) given bad input
// answers a clear 4xx JSON envelope, never a 500, and changes nothing:
// malformed JSON, other JSON types, wrong field types, missing and unknown
// fields, a body over 1 MiB (413), bytes that are not UTF-8, hostile strings
// in every text field and hostile numbers, bad ids in the path. Where a
// hostile string is valid text it is stored exactly and returned escaped.
func sweepWrites(t *testing.T, s *sweep, f sweepFixture) {
	env := s.env
	s.touched() // earlier subtests wrote
	calls := s.calls.Load()
	specs := writeSpecs(t, env, f)
	uniq := 0
	writes := 0
	for _, rt := range env.Server.Routes() {
		if rt.Method == "GET" {
			continue
		}
		key := rt.Method + " " + rt.Path
		if rt.Rule.IngestKey {
			continue // a signed batch, not a staff call's object: its bad input is TestIngestOverHTTP's and internal/ingest's
		}
		spec, ok := specs[key]
		if !ok {
			t.Errorf("%s: a write route the sweep does not know: describe it in writeSpecs", key)
			continue
		}
		writes++
		s.all = !recordsAttempts(rt.Path)
		s.touched()
		t.Run(strings.ReplaceAll(key, "/", "_"), func(t *testing.T) {
			token := func() string {
				if spec.token == nil {
					return ""
				}
				s.touched() // the token may be a new session
				return spec.token()
			}
			// Bad ids in the path: 404, whatever the body.
			if strings.Contains(rt.Path, "{") {
				for _, id := range []string{"abc", "0", "-1", "1.5", "1e3", "99999999999999999999", "999999", "%00", "%ff", strings.Repeat("9", 5000)} {
					p := strings.NewReplacer("{id}", id).Replace(rt.Path)
					var body []byte
					if spec.body != nil {
						uniq++
						b := spec.body(uniq)
						delete(b, "id") // an id in the body must match the path's: a 400 before the lookup
						body = jsonBody(t, b)
					}
					s.refused(t, "id "+clip(id), rt.Method, p, token(), body, http.StatusNotFound)
				}
			}
			if spec.body == nil {
				return
			}
			for _, c := range []struct {
				name string
				body string
			}{
				{"malformed", `{"a":`}, {"unclosed", `{`}, {"bare word", `nul`}, {"two values", `{}{}`}, {"trailing", `{} x`},
				{"array", `[]`}, {"string", `"text"`}, {"number", `123`}, {"bool", `true`}, {"empty", ``},
				{"not utf-8", "{\"a\":\"\xff\xfe\"}"}, {"deep nesting", strings.Repeat("[", 100_000)},
			} {
				s.refused(t, c.name, rt.Method, spec.path, token(), []byte(c.body), http.StatusBadRequest)
			}
			// More than 1 MiB, valid JSON all the same: 413.
			s.refused(t, "oversized", rt.Method, spec.path, token(), []byte("{"+strings.Repeat(" ", 1<<20)+"}"), http.StatusRequestEntityTooLarge)
			// No fields: a no-op where absent fields stay, else refused.
			for _, empty := range []string{`{}`, `null`} {
				if spec.emptyOK {
					tok := token()
					before := s.before(t)
					rec := s.do(t, rt.Method, spec.path, tok, []byte(empty))
					envelope(t, empty, rec)
					if diff := before.Diff(s.after(t)); len(diff) > 0 {
						t.Errorf("%s: a no-op changed %v", empty, diff)
					}
				} else if !spec.always202 {
					s.refused(t, empty, rt.Method, spec.path, token(), []byte(empty), 0)
				}
			}
			uniq++
			valid := spec.body(uniq)
			// Every field missing in turn (those that are required).
			for field, named := range spec.required {
				b := clone(t, valid)
				removePath(t, b, field)
				if e := s.refused(t, "without "+field, rt.Method, spec.path, token(), jsonBody(t, b), http.StatusBadRequest); e != nil && firstField(e) != named {
					t.Errorf("without %s: errors[0].field %q, want %q", field, firstField(e), named)
				}
			}
			// Unknown fields are refused by name (mass assignment).
			for _, extra := range []string{"zz_unknown", "is_admin", "role_id", "permissions_override", "balance", "builtin", "created_at"} {
				if _, known := valid[extra]; known {
					continue
				}
				b := clone(t, valid)
				b[extra] = 1
				if e := s.refused(t, "unknown "+extra, rt.Method, spec.path, token(), jsonBody(t, b), http.StatusBadRequest); e != nil && firstField(e) != extra {
					t.Errorf("unknown %s: errors[0].field %q", extra, firstField(e))
				}
			}
			// Wrong JSON types, field by field.
			for field, wrong := range wrongTypes(valid) {
				b := clone(t, valid)
				b[field] = wrong
				s.refused(t, "wrong type for "+field, rt.Method, spec.path, token(), jsonBody(t, b), http.StatusBadRequest)
			}
			// Hostile numbers and values.
			for field, values := range spec.numbers {
				for _, v := range values {
					uniq++
					b := clone(t, spec.body(uniq))
					setPath(t, b, field, v)
					if spec.always202 {
						continue
					}
					s.refused(t, fmt.Sprintf("%s=%s", field, clip(fmt.Sprint(v))), rt.Method, spec.path, token(), jsonBody(t, b), 0)
				}
			}
			// Hostile strings in every text field.
			for _, field := range spec.texts {
				for _, h := range hostileTexts {
					uniq++
					b := clone(t, spec.body(uniq))
					setPath(t, b, field, h.value)
					what := fmt.Sprintf("%s=%s", field, h.name)
					tok := token()
					before := s.before(t)
					rec := s.do(t, rt.Method, spec.path, tok, jsonBody(t, b))
					envelope(t, what, rec)
					if rec.Code < 400 && !spec.always202 {
						s.touched() // accepted: the next call starts from the new state
					}
					if rec.Code >= 400 {
						if diff := before.Diff(s.after(t)); len(diff) > 0 {
							t.Errorf("%s: refused with %d but changed %v", what, rec.Code, diff)
						}
						if (h.name == "nul" || h.name == "non-utf8") && rec.Code != 400 {
							t.Errorf("%s: %d, want 400", what, rec.Code)
						}
						continue
					}
					if spec.always202 {
						if rec.Code != http.StatusAccepted {
							t.Errorf("%s: %d, want 202", what, rec.Code)
						}
						if diff := before.Diff(s.after(t)); len(diff) > 0 {
							t.Errorf("%s: changed %v", what, diff)
						}
						continue
					}
					if slices.Contains(spec.secrets, field) && h.name != "nul" && h.name != "non-utf8" {
						continue
					}
					norm, accepted := spec.accepts[field]
					if !accepted {
						t.Errorf("%s: accepted (%d) in a field the sweep expects refused: %s", what, rec.Code, clip(rec.Body.String()))
						continue
					}
					if h.name == "nul" || h.name == "non-utf8" {
						t.Errorf("%s: accepted (%d)", what, rec.Code)
						continue
					}
					raw := rec.Body.Bytes()
					if spec.readBack != nil {
						raw = spec.readBack(t, raw)
					}
					if bytes.Contains(raw, []byte("<script")) || bytes.Contains(rec.Body.Bytes(), []byte("<script")) {
						t.Errorf("%s: `<script` reached a reply unescaped: %s", what, clip(string(raw)))
					}
					var stored any
					if err := json.Unmarshal(raw, &stored); err != nil {
						t.Fatalf("%s: stored entity is not JSON: %v", what, err)
					}
					if norm == nil {
						norm = func(s string) string { return s }
					}
					if got, _ := getPath(stored, field); got != norm(h.value) {
						t.Errorf("%s: stored %q, sent %q", what, clip(fmt.Sprint(got)), clip(h.value))
					}
				}
			}
		})
	}
	if writes < 15 {
		t.Errorf("only %d write routes swept", writes)
	}
	t.Logf("%d write routes swept with %d calls", writes, s.calls.Load()-calls)
}

// queryParams are the query parameters of each GET route as the contract
// (docs/openapi.json) documents them. The sweep holds the server to it: a
// bad value of a documented parameter is a 400 naming it; any other
// parameter is ignored, never named in a refusal nor a 500.
func queryParams(t *testing.T) map[string][]string {
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct{ Name, In string }
		}
	}
	if err := json.Unmarshal(openAPI(t), &doc); err != nil {
		t.Fatal(err)
	}
	params := map[string][]string{}
	for path, ops := range doc.Paths {
		if o, ok := ops["get"]; ok {
			key := "GET " + path
			params[key] = []string{}
			for _, p := range o.Parameters {
				if p.In == "query" {
					params[key] = append(params[key], p.Name)
				}
			}
		}
	}
	return params
}

// badQuery lists bad values per parameter.
var badQuery = map[string][]string{
	"cost":           {"huge", "%00"},
	"page":           {"0", "-1", "abc", "1e9", "1.5", "1000001", "99999999999999999999999", "%00", " 1"},
	"maxPerPage":     {"0", "-1", "101", "10000", "abc", "1e2", "99999999999999999999999"},
	"minDate":        {"2026-13-45", "2026-02-30", "abc", "2026-01-01 00:00:00.5", "2026-01-01T00:00:00Z", "2026-01-01 25:00:00", "%00", "99999-01-01"},
	"maxDate":        {"2026-13-45", "abc", "-1"},
	"coinType":       {"abc", "0", "-1", "999999", "1.5", "99999999999999999999999"},
	"type":           {"bogus", "%00", "<script>"},
	"network":        {"bogus", "MAIN"},
	"q":              {strings.Repeat("q", 5000), "%00", "%ff%fe"},
	"role":           {"ROLE_SUPER_ADMIN", "%00"},
	"verified":       {"2", "yes"},
	"enabled":        {"1", "yes", "TRUE", "%00"},
	"email_verified": {"0", "no", "False", "%00"},
	"staff":          {"1", "yes", "TRUE", "%00"},
	"second_factor":  {"on", "1", " true", "%00"},
	"wallet_name":    {strings.Repeat("w", 5000), "%00", "%ff"},
	"user":           {strings.Repeat("u", 5000), "%00", "%ff"},
	"actor":          {strings.Repeat("a", 5000), "%00", "%ff"},
	"action":         {strings.Repeat("a", 5000), "%00", "%ff"},
	"token":          {"%00", "%ff", strings.Repeat("t", 5000)},
	"status":         {"bogus", "PENDING", "%00"},
	"state":          {"bogus", "WAITING", "%00"},
	"sort":           {"hash", "AMOUNT", "amount,id", "%00"},
	"order":          {"up", "DESC", "%00"},
	"email":          {strings.Repeat("e", 5000), "%00", "%ff"},
	"address":        {strings.Repeat("a", 5000), "%00", "%ff"},
}

// hostileText is valid text that means something to SQL, LIKE, FTS5, HTML
// or spreadsheets. As a text filter it is a literal: it matches nothing in
// the sweep's data (a wildcard matching every row would be a bug).
var hostileText = []string{`' OR '1'='1`, `%`, `%%`, `\`, `"; DROP TABLE users; --`, `<script>alert(1)</script>`,
	`=HYPERLINK("http://x")`, `" OR "`, `*`, `NEAR(a b)`, `ünï¢ødé ✓`}

// hostileFilters sends hostileText in each text filter route key reads:
// 200, nothing matched (an empty page, a CSV of its header alone, or the
// hash search's 404), and every table unchanged.
func hostileFilters(t *testing.T, s *sweep, key, path, tok string, params []string) {
	for _, param := range []string{"q", "user", "actor", "action", "wallet_name", "email", "address"} {
		if !slices.Contains(params, param) {
			continue
		}
		before := s.before(t)
		for _, v := range hostileText {
			if strings.HasSuffix(key, "/CSV") {
				s.env.Clock.Advance(7 * time.Second) // the export limit
			}
			what := fmt.Sprintf("%s?%s=%s", key, param, v)
			rec := s.do(t, "GET", path+"?"+param+"="+url.QueryEscape(v), tok, nil)
			switch {
			case strings.HasSuffix(key, "/history/search"): // no hash: a 400 (not one) or a 404 (found none), with its message
				if e := envelope(t, what, rec); (rec.Code != http.StatusNotFound && rec.Code != http.StatusBadRequest) || e == nil {
					t.Errorf("%s: %d, want 404 or 400; body: %s", what, rec.Code, clip(rec.Body.String()))
				}
			case rec.Code != http.StatusOK:
				t.Errorf("%s: %d, want 200; body: %s", what, rec.Code, clip(rec.Body.String()))
			case strings.HasSuffix(key, "/CSV"):
				if lines := strings.Count(strings.TrimSpace(rec.Body.String()), "\n"); lines != 0 {
					t.Errorf("%s: %d rows, want the header alone", what, lines)
				}
			default:
				var page struct {
					Total *int `json:"total_items"`
				}
				if err := json.Unmarshal(rec.Body.Bytes(), &page); err != nil || page.Total == nil || *page.Total != 0 {
					t.Errorf("%s: want an empty page; body: %s", what, clip(rec.Body.String()))
				}
			}
		}
		if diff := before.Diff(s.after(t)); len(diff) > 0 {
			t.Errorf("%s with hostile %s values changed %v", key, param, diff)
		}
	}
}

// Every GET route given bad page, maxPerPage, dates (also min after max)
// and filters: a 400 envelope naming the parameter where the route reads
// it, never a 500, and hostile values that are plain text are harmless.
func sweepQueries(t *testing.T, s *sweep, f sweepFixture) {
	env := s.env
	calls := s.calls.Load()
	var setupTok string
	lists := 0
	documented := queryParams(t)
	for _, rt := range env.Server.Routes() {
		if rt.Method != "GET" || !strings.HasPrefix(rt.Path, "/api/") {
			continue
		}
		key := rt.Method + " " + rt.Path
		params, ok := documented[key]
		if !ok {
			t.Errorf("%s: a GET route without its operation in the contract", key)
			continue
		}
		for _, p := range params {
			if _, ok := badQuery[p]; !ok {
				t.Errorf("%s: the sweep has no bad values of its parameter %s (badQuery)", key, p)
			}
		}
		if slices.Contains(params, "page") {
			lists++
		}
		path := strings.NewReplacer("{id}", strconv.FormatInt(f.customer, 10), "{symbol}", "BTC").Replace(rt.Path)
		tok := f.admin
		if slices.Contains(rt.Rule.Kinds, auth.Setup) && !slices.Contains(rt.Rule.Kinds, auth.Full) {
			if setupTok == "" {
				_, setupTok = env.SignInStep(t, "sweep-setup", auth.Setup)
			}
			tok = setupTok
		}
		for param, values := range badQuery {
			if !slices.Contains(params, param) {
				values = values[:1] // a parameter the route does not read: one value shows it is ignored
			}
			for _, v := range values {
				if rt.Rule.Export {
					// CSV exports are limited to 10 a minute per staff member (limits.go).
					env.Clock.Advance(7 * time.Second)
				}
				what := fmt.Sprintf("%s?%s=%s", key, param, clip(v))
				rec := s.do(t, "GET", path+"?"+param+"="+strings.ReplaceAll(v, " ", "%20"), tok, nil)
				e := envelope(t, what, rec)
				if slices.Contains(params, param) {
					if rec.Code != http.StatusBadRequest && !(param == "token" && rec.Code < 500) {
						t.Errorf("%s: %d, want 400; body: %s", what, rec.Code, clip(rec.Body.String()))
					} else if e != nil && param != "token" && firstField(e) != param {
						t.Errorf("%s: errors[0].field %q, want %q", what, firstField(e), param)
					}
				} else if (rec.Code != 200 && rec.Code != 400) || (e != nil && firstField(e) == param) {
					// Ignored: the route answers as it would without it (a 400 for another reason, say).
					t.Errorf("%s (not a parameter of the route): %d, want it ignored; body: %s", what, rec.Code, clip(rec.Body.String()))
				}
			}
		}
		hostileFilters(t, s, key, path, tok, params)
		// The end of a range before its start.
		if slices.Contains(params, "minDate") {
			env.Clock.Advance(7 * time.Second)
			what := key + " with minDate after maxDate"
			rec := s.do(t, "GET", path+"?minDate=2026-05-01%2000:00:00&maxDate=2026-01-01%2000:00:00", tok, nil)
			if e := envelope(t, what, rec); rec.Code != 400 || firstField(e) != "maxDate" {
				t.Errorf("%s: %d %s, want 400 naming maxDate", what, rec.Code, clip(rec.Body.String()))
			}
		}
		// The last allowed page is served, empty.
		if slices.Contains(params, "page") {
			env.Clock.Advance(7 * time.Second)
			rec := s.do(t, "GET", path+"?page=1000000&maxPerPage=100", tok, nil)
			if rec.Code != 200 {
				t.Errorf("%s?page=1000000: %d %s", key, rec.Code, clip(rec.Body.String()))
			}
		}
	}
	// Bad path values of the GET routes with an id or a symbol: 404.
	for _, p := range []string{"/api/admin/users/abc", "/api/admin/users/0", "/api/admin/users/99999999999999999999",
		"/api/admin/users/report/-1", "/api/admin/users/wallets/999999", "/api/admin/users/wallets/999999/CSV",
		"/api/admin/users/report/999999/CSV", "/api/admin/users/invites/1e3", "/api/admin/users/sessions/%00",
		"/api/admin/users/brief/999999", "/api/admin/email/999999/sendmail", "/api/coins/markets/%00", "/api/coins/markets/%ff",
		"/api/coins/markets/" + strings.Repeat("X", 5000), "/api/coins/markets/NOPE"} {
		env.Clock.Advance(7 * time.Second)
		rec := s.do(t, "GET", p, f.admin, nil)
		envelope(t, p, rec)
		if rec.Code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404; body %s", clip(p), rec.Code, clip(rec.Body.String()))
		}
	}
	if lists < 8 {
		t.Errorf("only %d paged lists", lists)
	}
	t.Logf("%d GET routes, %d paged lists, %d calls", len(documented), lists, s.calls.Load()-calls)
}
