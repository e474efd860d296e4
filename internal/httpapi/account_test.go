package httpapi_test

import (
	"context"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

func TestRegister(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		inviter := env.CreateUser(t, "kate", false, false)
		var code string
		if err := db.QueryRowContext(context.Background(), `SELECT invitation_code FROM users WHERE id = $1`, inviter.ID).Scan(&code); err != nil {
			t.Fatal(err)
		}
		body := func(email, first, second, invitedBy string) map[string]any {
			return map[string]any{"email": email, "username": email, "full_name": "Liam Lee", "invited_by": invitedBy,
				"device_type": "Web", "plainPassword": map[string]string{"first": first, "second": second}}
		}
		env.Run(t, []apitest.Case{
			{Name: "register", Method: "POST", Path: "/api/register", Body: body("liam.lee@example.com", "a-Long-enough-pass", "a-Long-enough-pass", code),
				Status: 201, JSON: `{"data":{"user":{"full_name":"Liam Lee","email":"liam.lee@example.com","roles":[],"permissions":[]}}}`},
			{Name: "email taken", Method: "POST", Path: "/api/register", Body: body("Liam.Lee@example.com", "a-Long-enough-pass", "a-Long-enough-pass", ""),
				Status: 400, JSON: `{"code":400,"msg":"This email is already registered.","errors":[{"field":"email"}]}`},
			{Name: "passwords differ", Method: "POST", Path: "/api/register", Body: body("mia@example.com", "a-Long-enough-pass", "another-pass-123", ""),
				Status: 400, JSON: `{"errors":[{"field":"plainPassword"}]}`},
			{Name: "short password", Method: "POST", Path: "/api/register", Body: body("mia@example.com", "short", "short", ""),
				Status: 400, JSON: `{"msg":"The password needs at least 8 characters."}`},
			{Name: "common password", Method: "POST", Path: "/api/register", Body: body("mia@example.com", "password123", "password123", ""),
				Status: 400, JSON: `{"errors":[{"field":"plainPassword"}]}`},
			{Name: "bad email", Method: "POST", Path: "/api/register", Body: body("not-an-email", "a-Long-enough-pass", "a-Long-enough-pass", ""),
				Status: 400, JSON: `{"errors":[{"field":"email"}]}`},
			{Name: "unknown referral", Method: "POST", Path: "/api/register", Body: body("mia@example.com", "a-Long-enough-pass", "a-Long-enough-pass", "NOPE123456"),
				Status: 400, JSON: `{"errors":[{"field":"invited_by"}]}`},
			{Name: "malformed body", Method: "POST", Path: "/api/register", Body: `{"email":`, Status: 400, JSON: `{"code":400}`},
		})
		var invitedBy int64
		if err := db.QueryRowContext(context.Background(), `SELECT invited_by FROM users WHERE email = 'liam.lee@example.com'`).Scan(&invitedBy); err != nil || invitedBy != inviter.ID {
			t.Fatalf("invited_by = %d, %v; want %d", invitedBy, err, inviter.ID)
		}
		var n int
		_ = db.QueryRowContext(context.Background(), `SELECT count(*) FROM users WHERE email = 'mia@example.com'`).Scan(&n)
		if n != 0 {
			t.Fatal("a refused registration left a user behind")
		}
	})
}

func TestPasswordReset(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "nina", true, true)
		old := env.Token(t, u, "full")
		known := env.Do(t, apitest.Case{Method: "POST", Path: "/api/password/reset", Body: map[string]string{"email": "NINA@example.com"}})
		unknown := env.Do(t, apitest.Case{Method: "POST", Path: "/api/password/reset", Body: map[string]string{"email": "ghost@example.com"}})
		if known.Status != 202 || unknown.Status != 202 || string(known.Body) != string(unknown.Body) {
			t.Fatalf("known %d %s, unknown %d %s: want the same 202", known.Status, known.Body, unknown.Status, unknown.Body)
		}
		all := env.Mails(t, "")
		if len(all) != 1 || len(env.Mails(t, "nina@example.com")) != 1 {
			t.Fatalf("outbox: %d mails; want 1, to nina@example.com", len(all))
		}
		body := all[0]
		m := regexp.MustCompile(`http://backoffice\.test/reset-password\?token=(\S+)`).FindStringSubmatch(body)
		if m == nil {
			t.Fatalf("no link in %q", body)
		}
		token, _ := url.QueryUnescape(m[1])
		env.Run(t, []apitest.Case{
			{Name: "weak password", Method: "POST", Path: "/api/password/reset/confirm", Body: map[string]string{"token": token, "password": "qwertyuiop"},
				Status: 400, JSON: `{"errors":[{"field":"password"}]}`},
			{Name: "wrong token", Method: "POST", Path: "/api/password/reset/confirm", Body: map[string]string{"token": "nope", "password": "Brand-new-pass-42"},
				Status: 400},
			{Name: "confirm", Method: "POST", Path: "/api/password/reset/confirm", Body: map[string]string{"token": token, "password": "Brand-new-pass-42"},
				Status: 204},
			{Name: "once only", Method: "POST", Path: "/api/password/reset/confirm", Body: map[string]string{"token": token, "password": "Another-new-pass-42"},
				Status: 400},
			{Name: "old sessions ended", Method: "GET", Path: "/api/user", Token: old, Status: 401},
		})
		if r := login(t, env, "nina", "Brand-new-pass-42"); r.Status != 200 {
			t.Fatalf("sign-in with the new password: %d", r.Status)
		}
		if strings.Contains(body, u.Password) {
			t.Fatal("the mail holds the old password")
		}
	})
}
