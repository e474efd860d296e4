package httpapi_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// syncBuffer is a log destination the handlers may write to concurrently.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string { b.mu.Lock(); defer b.mu.Unlock(); return b.buf.String() }

// captureLogs sends every log record, debug included, to a buffer for the
// rest of the test.
func captureLogs(t *testing.T) *syncBuffer {
	buf := &syncBuffer{}
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { slog.SetDefault(old) })
	return buf
}

// TestNoSecretsInLogs runs sign-in (captcha, password, TOTP set-up and code),
// a password reset, an email verification link (a token in the query string),
// calls with bearer tokens, a token in a query string, and failing calls (500
// and 503) through the real router, and checks that the log holds none of
// the secrets that went by.
func TestNoSecretsInLogs(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		logs := captureLogs(t)
		env := apitest.NewEnv(t, db)
		var secrets []string // every value the log must not hold
		keep := func(s ...string) { secrets = append(secrets, s...) }
		do := func(c apitest.Case) *apitest.Reply {
			t.Helper()
			r := env.Do(t, c)
			if r.Status != c.Status {
				t.Fatalf("%s %s: %d, want %d: %s", c.Method, c.Path, r.Status, c.Status, r.Body)
			}
			return r
		}
		loginBody := func(username, password string) map[string]string {
			captcha := env.Captcha(t)
			keep(captcha)
			if raw, err := base64.StdEncoding.DecodeString(captcha); err == nil {
				keep(string(raw))
			}
			return map[string]string{"username": username, "password": password, "captcha_token": captcha}
		}
		var lr loginReply
		var full struct{ Token string }

		// Sign-in with Google Authenticator on: password, then the code.
		staff := env.CreateUser(t, "kate", true, true, rbac.AuditLog, rbac.ShowUser)
		keep(staff.Password, staff.Secret)
		do(apitest.Case{Method: "POST", Path: "/api/login", Body: loginBody("kate", staff.Password), Status: 200}).JSON(t, &lr)
		code := env.Code(t, staff, 0)
		keep(lr.Token, code)
		do(apitest.Case{Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: lr.Token,
			Body: map[string]string{"code": code, "password": staff.Password}, Status: 200}).JSON(t, &full)
		tok := full.Token
		keep(tok)

		// First sign-in of someone without it: the set-up secret, then password and code.
		fresh := env.CreateUser(t, "liam", true, false)
		do(apitest.Case{Method: "POST", Path: "/api/login", Body: loginBody("liam@example.com", fresh.Password), Status: 200}).JSON(t, &lr)
		keep(lr.Token)
		var setup auth.SetupData
		do(apitest.Case{Method: "GET", Path: "/api/user/2fa/googleAuthenticator", Token: lr.Token, Status: 200}).JSON(t, &setup)
		fresh.Secret = setup.Secret
		code = env.Code(t, fresh, 0)
		keep(setup.Secret, setup.OTPAuthURL, code)
		do(apitest.Case{Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: lr.Token,
			Body: map[string]string{"code": code, "password": fresh.Password}, Status: 200}).JSON(t, &full)
		keep(full.Token)

		// Failures carry secrets too: a wrong password, a wrong code.
		do(apitest.Case{Method: "POST", Path: "/api/login", Body: loginBody("kate", "Wrong-password-77"), Status: 401})
		keep("Wrong-password-77")
		do(apitest.Case{Method: "POST", Path: "/api/login", Body: loginBody("kate", staff.Password), Status: 200}).JSON(t, &lr)
		keep(lr.Token)
		do(apitest.Case{Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: lr.Token,
			Body: map[string]string{"code": "314159"}, Status: 400})
		keep("314159")

		// Signed-in calls: bearer tokens in the header, a CSV export, a token
		// put in the query string (no route reads one there).
		do(apitest.Case{Method: "GET", Path: "/api/user", Token: tok, Status: 200})
		do(apitest.Case{Method: "GET", Path: "/api/admin/audit/CSV", Token: tok, Status: 200})
		do(apitest.Case{Method: "GET", Path: "/api/user?access_token=" + url.QueryEscape(tok) + "&token=" + url.QueryEscape(tok), Status: 401})
		do(apitest.Case{Method: "GET", Path: "/api/user", Token: "Not-a-real-token-but-secret-0123456789abcdef", Status: 401})
		keep("Not-a-real-token-but-secret-0123456789abcdef")

		// A verification link: its token travels in the query string.
		customer := env.CreateUser(t, "mia", false, false)
		if _, err := db.ExecContext(ctx, `UPDATE users SET email_verified = FALSE WHERE id = $1`, customer.ID); err != nil {
			t.Fatal(err)
		}
		do(apitest.Case{Method: "GET", Path: fmt.Sprintf("/api/admin/email/%d/sendmail", customer.ID), Token: tok, Status: 200})
		verify := linkToken(t, env, "mia@example.com", `/api/email/verify\?token=(\S+)`)
		keep(verify)
		do(apitest.Case{Method: "GET", Path: "/api/email/verify?token=" + url.QueryEscape(verify), Status: 303})

		// A password reset: the mailed token, the new password.
		do(apitest.Case{Method: "POST", Path: "/api/password/reset", Body: map[string]string{"email": "kate@example.com"}, Status: 202})
		reset := linkToken(t, env, "kate@example.com", `/reset-password\?token=(\S+)`)
		keep(reset, "Brand-new-pass-42")
		do(apitest.Case{Method: "POST", Path: "/api/password/reset/confirm", Body: map[string]string{"token": reset, "password": "Brand-new-pass-42"}, Status: 204})

		// Error paths: a logged 500 (a table gone) on a call with a token and a
		// password in its body, and a 503 (the database gone) with a bearer token.
		do(apitest.Case{Method: "POST", Path: "/api/password/reset", Body: map[string]string{"email": "kate@example.com"}, Status: 202})
		reset = linkToken(t, env, "kate@example.com", `/reset-password\?token=(\S+)`)
		keep(reset, "Second-new-pass-42")
		if _, err := db.ExecContext(ctx, `DROP TABLE password_resets`); err != nil {
			t.Fatal(err)
		}
		do(apitest.Case{Method: "POST", Path: "/api/password/reset/confirm", Token: tok,
			Body: map[string]string{"token": reset, "password": "Second-new-pass-42"}, Status: 500})
		db.Close()
		do(apitest.Case{Method: "GET", Path: "/api/user?token=" + url.QueryEscape(tok), Token: tok, Status: 503})

		out := logs.String()
		for _, want := range []string{"status=500", "request failed", "status=503", "database unavailable", "path=/api/email/verify "} {
			if !strings.Contains(out, want) {
				t.Errorf("the log lacks %q: the test did not exercise what it checks\n%s", want, out)
			}
		}
		for _, s := range secrets {
			if s != "" && strings.Contains(out, s) {
				t.Errorf("the log holds a secret %q:\n%s", s, out)
			}
		}
		for _, s := range []string{"Authorization", "Bearer", "captcha_token", "password=", "token="} {
			if strings.Contains(out, s) {
				t.Errorf("the log mentions %q:\n%s", s, out)
			}
		}
	})
}

// linkToken reads the token of the newest mail to addr.
func linkToken(t *testing.T, env *apitest.Env, addr, pattern string) string {
	t.Helper()
	mails := env.Mails(t, addr)
	if len(mails) == 0 {
		t.Fatalf("no mail to %s", addr)
	}
	body := mails[len(mails)-1]
	m := regexp.MustCompile(pattern).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no link in %q", body)
	}
	token, err := url.QueryUnescape(m[1])
	if err != nil {
		t.Fatal(err)
	}
	return token
}
