package httpapi_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

var requestID = regexp.MustCompile(`"request_id":"[^"]*"`)

// Network rules per role (issue 22): a role's allowedNetworks (CIDR; empty:
// anywhere) decide where its holders may sign in from (else the wrong
// password's 401) and call from (else 403 on every call of a session), by
// the client address; an editor cannot leave out their own address.
func TestRoleNetworks(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		env := apitest.NewEnv(t, db)
		root, tok := env.Staff(t, "root", rbac.AllKeys()...)
		held := env.CreateUser(t, "netty", true, true, rbac.UsersList)
		heldTok := env.Token(t, held, auth.Full) // its session comes from 192.0.2.10, the tests' default address
		roleOf := func(u apitest.User) (id int64) {
			if err := db.QueryRowContext(ctx, `SELECT role_id FROM users WHERE id = $1`, u.ID).Scan(&id); err != nil {
				t.Fatal(err)
			}
			return id
		}
		stored := func() (s string) {
			if err := db.QueryRowContext(ctx, `SELECT allowed_networks FROM roles WHERE id = $1`, roleOf(held)).Scan(&s); err != nil {
				t.Fatal(err)
			}
			return s
		}
		edit := fmt.Sprintf("/api/admin/roles/%d/edit", roleOf(held))
		role := func(networks ...string) map[string]any {
			body := map[string]any{"role": "role-netty", "permissions": []string{rbac.UsersList}}
			if networks != nil {
				body["allowedNetworks"] = networks
			}
			return body
		}
		signIn := func(addr, password string) *apitest.Reply {
			return env.Do(t, apitest.Case{Method: "POST", Path: "/api/login", RemoteAddr: addr,
				Body: map[string]string{"username": "netty", "password": password, "captcha_token": env.Captcha(t)}})
		}
		const refused = `{"code":403,"message":"Your role does not allow access from this network."}`
		env.Run(t, []apitest.Case{
			{Name: "a prefix too long", Method: "POST", Path: edit, Token: tok, Body: role("10.0.0.0/33"), Status: 400,
				JSON: `{"errors":[{"field":"allowedNetworks"}]}`},
			{Name: "not an address", Method: "POST", Path: edit, Token: tok, Body: role("10.0.0.0/8", "intranet"), Status: 400,
				JSON: `{"errors":[{"field":"allowedNetworks"}]}`},
		})
		if s := stored(); s != "" {
			t.Fatalf("a refused edit stored networks %q", s)
		}
		env.Run(t, []apitest.Case{
			{Name: "set: canonical, sorted, without repeats", Method: "POST", Path: edit, Token: tok,
				Body: role("198.51.100.7", "10.1.2.3/8", "::ffff:203.0.113.9/120", "10.0.0.0/8"), Status: 200,
				JSON: `{"allowedNetworks":["10.0.0.0/8","198.51.100.7/32","203.0.113.0/24"]}`},
			{Name: "a session from outside: every call refused", Method: "GET", Path: "/api/user", Token: heldTok, Status: 403, JSON: refused},
			{Name: "a list too", Method: "GET", Path: "/api/admin/users", Token: heldTok, Status: 403, JSON: refused},
			{Name: "the same session from inside", Method: "GET", Path: "/api/user", Token: heldTok, RemoteAddr: "10.9.8.7:1234", Status: 200},
			{Name: "an edit without the field keeps them", Method: "POST", Path: edit, Token: tok, Body: role(), Status: 200,
				JSON: `{"allowedNetworks":["10.0.0.0/8","198.51.100.7/32","203.0.113.0/24"]}`},
			{Name: "the editor's own role cannot leave out the editor", Method: "POST", Token: tok,
				Path:   fmt.Sprintf("/api/admin/roles/%d/edit", roleOf(root)),
				Body:   map[string]any{"role": "role-root", "permissions": rbac.AllKeys(), "allowedNetworks": []string{"10.0.0.0/8"}},
				Status: 400, JSON: `{"errors":[{"field":"allowedNetworks","message":"These networks leave out your own address (192.0.2.10): you hold this role and would lose access."}]}`},
		})
		wrong := signIn("10.0.0.1:1000", "not the password")
		outside := signIn("192.0.2.44:1000", held.Password)
		withoutID := func(r *apitest.Reply) string { return requestID.ReplaceAllString(string(r.Body), "") }
		if wrong.Status != 401 || outside.Status != 401 || withoutID(wrong) != withoutID(outside) {
			t.Fatalf("sign-in from outside: %d %s; want what a wrong password gets: %d %s", outside.Status, outside.Body, wrong.Status, wrong.Body)
		}
		var reasons int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM audit_log WHERE action = 'login.failure' AND target = $1
			AND details LIKE '%network%'`, fmt.Sprintf("user:%d", held.ID)).Scan(&reasons); err != nil || reasons != 1 {
			t.Fatalf("audit rows of the refused sign-in: %d, %v", reasons, err)
		}
		if r := signIn("[::ffff:10.0.0.1]:1000", held.Password); r.Status != 200 {
			t.Fatalf("sign-in from inside: %d %s", r.Status, r.Body)
		}
		env.Run(t, []apitest.Case{
			{Name: "an empty list: anywhere again", Method: "POST", Path: edit, Token: tok, Body: role([]string{}...), Status: 200,
				JSON: `{"allowedNetworks":[]}`},
			{Name: "the session from anywhere", Method: "GET", Path: "/api/user", Token: heldTok, Status: 200},
		})
	})
}
