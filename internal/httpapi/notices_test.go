package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// Notices by mail (issue 22): a sign-in from a device or network not seen
// before, a second factor removed (by its owner or by an editor) and a
// changed email (at both addresses) are mailed to the account's owner;
// none holds a secret.
func TestAccountNotices(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "nora", true, true, rbac.UsersList)
		newest := func(to string) (string, int) {
			all := env.Mails(t, to)
			if len(all) == 0 {
				return "", 0
			}
			return all[len(all)-1], len(all)
		}
		signIn := func(addr, device string) string {
			t.Helper()
			r := env.Do(t, apitest.Case{Method: "POST", Path: "/api/login", RemoteAddr: addr,
				Headers: map[string]string{"X-Device-Type": device},
				Body:    map[string]string{"username": "nora", "password": u.Password, "captcha_token": env.Captcha(t)}})
			var lr loginReply
			r.JSON(t, &lr)
			env.Clock.Advance(30 * time.Second) // a new authenticator step for each sign-in
			r = env.Do(t, apitest.Case{Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: lr.Token, RemoteAddr: addr,
				Headers: map[string]string{"X-Device-Type": device}, Body: map[string]string{"code": env.Code(t, u, 0)}})
			if r.Status != http.StatusOK {
				t.Fatalf("sign-in from %s: %d %s", addr, r.Status, r.Body)
			}
			var full struct {
				Token string `json:"token"`
			}
			r.JSON(t, &full)
			return full.Token
		}

		signIn("198.51.100.7:1000", "Web")
		body, n := newest(u.Email)
		if n != 1 || !strings.Contains(body, "from a device and a network not seen before") || !strings.Contains(body, "198.51.100.7") {
			t.Fatalf("first sign-in: %d mails, newest %q", n, body)
		}
		signIn("198.51.100.99:1000", "Web") // the same device and /24
		if _, m := newest(u.Email); m != n {
			t.Fatalf("a sign-in from a known device and network was mailed")
		}
		token := signIn("203.0.113.5:1000", "Web")
		if body, m := newest(u.Email); m != n+1 || !strings.Contains(body, "from a network not seen before") {
			t.Fatalf("a new network: %d mails, newest %q", m-n, body)
		}
		signIn("203.0.113.6:1000", "IOS")
		if body, m := newest(u.Email); m != n+2 || !strings.Contains(body, "from a device not seen before (IOS)") {
			t.Fatalf("a new device: %d mails, newest %q", m-n-1, body)
		}

		// The owner switches the authenticator off.
		env.Clock.Advance(30 * time.Second)
		r := env.Do(t, apitest.Case{Method: "POST", Path: "/api/user/2fa/googleAuthenticator/status", Token: token,
			RemoteAddr: "203.0.113.5:1000", Body: map[string]any{"status": false, "password": u.Password, "code": env.Code(t, u, 0)}})
		if r.Status != http.StatusOK {
			t.Fatalf("switching off: %d %s", r.Status, r.Body)
		}
		if body, _ := newest(u.Email); !strings.Contains(body, "Google Authenticator was switched off for your Xapa Back Office account.") {
			t.Fatalf("switched off by the owner: newest %q", body)
		}

		// An editor changes a customer's email and a staff member's second factor.
		editor, tok := env.Staff(t, "ed", rbac.AllKeys()...)
		customer := env.CreateUser(t, "cleo", false, false)
		edit := func(target apitest.User, body map[string]any) {
			t.Helper()
			if r := env.Do(t, apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", target.ID), Token: tok, Body: body}); r.Status != http.StatusOK {
				t.Fatalf("edit %s: %d %s", target.Username, r.Status, r.Body)
			}
		}
		edit(customer, map[string]any{"email": "cleo.new@example.com"})
		for _, to := range []string{customer.Email, "cleo.new@example.com"} {
			if body, _ := newest(to); !strings.Contains(body, "changed from cleo@example.com to cleo.new@example.com by "+editor.Email) {
				t.Errorf("email change told to %s: %q", to, body)
			}
		}
		staffer := env.CreateUser(t, "stan", true, true)
		env.Clock.Advance(30 * time.Second)
		edit(staffer, map[string]any{"isGoogleAuthenticatorEnabled": false, "code": env.Code(t, editor, 0)})
		if body, _ := newest(staffer.Email); !strings.Contains(body, "switched off for your Xapa Back Office account by "+editor.Email) {
			t.Fatalf("switched off by an editor: newest %q", body)
		}
		// No notice holds the account's secrets.
		for _, to := range []string{u.Email, staffer.Email, customer.Email} {
			for _, b := range env.Mails(t, to) {
				if strings.Contains(b, u.Secret) || strings.Contains(b, "token=") {
					t.Fatalf("a notice holds a secret or a link: %q", b)
				}
			}
		}
		_ = auth.Full
	})
}
