package httpapi_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

type loginReply struct {
	Token string `json:"token"`
	Data  struct {
		Status struct {
			GA bool `json:"googleAuthenticator"`
		} `json:"2FaStatus"`
	} `json:"data"`
}

func login(t *testing.T, env *apitest.Env, username, password string) *apitest.Reply {
	t.Helper()
	return env.Do(t, apitest.Case{Method: "POST", Path: "/api/login",
		Body: map[string]string{"username": username, "password": password, "captcha_token": env.Captcha(t)}})
}

func TestSignInWithCode(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "alice", true, true, rbac.UsersList)

		r := login(t, env, "ALICE@example.com", u.Password) // the email works too, in any case
		if r.Status != 200 {
			t.Fatalf("login: %d %s", r.Status, r.Body)
		}
		var lr loginReply
		r.JSON(t, &lr)
		if !lr.Data.Status.GA || len(lr.Token) < 43 {
			t.Fatalf("login reply %s: want a pending token and googleAuthenticator true", r.Body)
		}
		pending := lr.Token
		env.Run(t, []apitest.Case{
			{Name: "pending token cannot read the user", Method: "GET", Path: "/api/user", Token: pending, Status: 403},
			{Name: "wrong code", Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: pending,
				Body: map[string]string{"code": "000000", "password": ""}, Status: 400, JSON: `{"code":400,"message":"Invalid Code"}`},
			{Name: "code two steps old", Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: pending,
				Body: map[string]string{"code": env.Code(t, u, -2)}, Status: 400},
			{Name: "code two steps ahead", Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: pending,
				Body: map[string]string{"code": env.Code(t, u, 2)}, Status: 400},
		})
		// One step of skew is accepted.
		r = env.Do(t, apitest.Case{Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: pending,
			Body: map[string]string{"code": env.Code(t, u, -1), "password": "ignored"}})
		if r.Status != 200 {
			t.Fatalf("skewed code: %d %s", r.Status, r.Body)
		}
		var full struct{ Token string }
		r.JSON(t, &full)
		env.Run(t, []apitest.Case{
			{Name: "the pending token is spent", Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: pending,
				Body: map[string]string{"code": env.Code(t, u, 0)}, Status: 401},
			{Name: "full token reads the user", Method: "GET", Path: "/api/user", Token: full.Token, Status: 200,
				JSON: `{"username":"alice","roles":["ROLE_ADMIN"],"permissions":["ADMIN_USERS_LIST"],"isGoogleAuthenticatorEnabled":true}`},
		})

		// The same code (and any older step) is refused on the next sign-in: no replay.
		r = login(t, env, "alice", u.Password)
		r.JSON(t, &lr)
		env.Run(t, []apitest.Case{
			{Name: "replayed code", Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: lr.Token,
				Body: map[string]string{"code": env.Code(t, u, -1)}, Status: 400, JSON: `{"message":"Invalid Code"}`},
			{Name: "a later step is fine", Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: lr.Token,
				Body: map[string]string{"code": env.Code(t, u, 0)}, Status: 200},
		})
		var lastLogin *string
		if err := db.QueryRowContext(context.Background(), `SELECT CAST(last_login AS TEXT) FROM users WHERE id = $1`, u.ID).Scan(&lastLogin); err != nil || lastLogin == nil {
			t.Fatalf("last_login not recorded: %v", err)
		}
	})
}

func TestFiveWrongCodesRevokeThePendingToken(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "bob", true, true)
		pending := env.Token(t, u, auth.Pending)
		for i := 0; i < 5; i++ {
			r := env.Do(t, apitest.Case{Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: pending, Body: map[string]string{"code": "123456"}})
			if r.Status != 400 {
				t.Fatalf("attempt %d: %d", i+1, r.Status)
			}
		}
		env.Run(t, []apitest.Case{{Name: "revoked", Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: pending,
			Body: map[string]string{"code": env.Code(t, u, 0)}, Status: 401}})
	})
}

func TestSetUpGoogleAuthenticator(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "carol", true, false, rbac.RolesList)
		r := login(t, env, "carol", u.Password)
		var lr loginReply
		r.JSON(t, &lr)
		if r.Status != 200 || lr.Data.Status.GA {
			t.Fatalf("login: %d %s; want a setup token", r.Status, r.Body)
		}
		setup := lr.Token
		var data auth.SetupData
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/user/2fa/googleAuthenticator", Token: setup}).JSON(t, &data)
		var again auth.SetupData
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/user/2fa/googleAuthenticator", Token: setup}).JSON(t, &again)
		if data.Secret == "" || data.Secret != again.Secret || data.Issuer != "Xapa" || data.Account != "carol@example.com" ||
			!strings.HasPrefix(data.OTPAuthURL, "otpauth://totp/Xapa:carol@example.com?") {
			t.Fatalf("setup data %+v then %+v", data, again)
		}
		u.Secret = data.Secret
		env.Run(t, []apitest.Case{
			{Name: "setup token reads the user", Method: "GET", Path: "/api/user", Token: setup, Status: 200,
				JSON: `{"isGoogleAuthenticatorEnabled":false}`},
			{Name: "setup token reaches nothing else", Method: "GET", Path: "/api/nope-but-guarded", Token: setup, Status: 404},
			{Name: "wrong password", Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: setup,
				Body: map[string]string{"code": env.Code(t, u, 0), "password": "wrong"}, Status: 400,
				JSON: `{"errors":[{"field":"password"}]}`},
			{Name: "wrong code", Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: setup,
				Body: map[string]string{"code": "999999", "password": u.Password}, Status: 400, JSON: `{"message":"Invalid Code"}`},
		})
		r = env.Do(t, apitest.Case{Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: setup,
			Body: map[string]string{"code": env.Code(t, u, 0), "password": u.Password}})
		if r.Status != 200 {
			t.Fatalf("confirm: %d %s", r.Status, r.Body)
		}
		var full struct{ Token string }
		r.JSON(t, &full)
		env.Run(t, []apitest.Case{
			{Name: "setup session revoked", Method: "GET", Path: "/api/user", Token: setup, Status: 401},
			{Name: "GA now on", Method: "GET", Path: "/api/user", Token: full.Token, Status: 200, JSON: `{"isGoogleAuthenticatorEnabled":true}`},
			{Name: "switching on through status is refused", Method: "POST", Path: "/api/user/2fa/googleAuthenticator/status", Token: full.Token,
				Body: map[string]any{"password": u.Password, "status": true}, Status: 400},
			{Name: "switching off needs the password", Method: "POST", Path: "/api/user/2fa/googleAuthenticator/status", Token: full.Token,
				Body: map[string]any{"password": "nope", "status": false}, Status: 400},
			{Name: "switching off needs a current code", Method: "POST", Path: "/api/user/2fa/googleAuthenticator/status", Token: full.Token,
				Body: map[string]any{"password": u.Password, "status": false}, Status: 400, JSON: `{"message":"Invalid Code"}`},
			{Name: "the code that signed in cannot be used again", Method: "POST", Path: "/api/user/2fa/googleAuthenticator/status",
				Token: full.Token, Body: map[string]any{"password": u.Password, "code": env.Code(t, u, 0), "status": false}, Status: 400},
			{Name: "switch off", Method: "POST", Path: "/api/user/2fa/googleAuthenticator/status", Token: full.Token,
				Body: map[string]any{"password": u.Password, "code": env.Code(t, u, 1), "status": false}, Status: 200,
				JSON: `{"isGoogleAuthenticatorEnabled":false}`},
			{Name: "switching off ended every session, this one too", Method: "GET", Path: "/api/user", Token: full.Token, Status: 401},
		})
		r = login(t, env, "carol", u.Password)
		r.JSON(t, &lr)
		if lr.Data.Status.GA {
			t.Fatal("after switching off, sign-in must go through setup again")
		}
	})
}

func TestWrongPasswordAndUnknownUserLookTheSame(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "dave", true, true)
		disabled := env.CreateUser(t, "erin", true, true)
		if _, err := db.ExecContext(context.Background(), `UPDATE users SET enabled = FALSE WHERE id = $1`, disabled.ID); err != nil {
			t.Fatal(err)
		}
		wrong := login(t, env, "dave", "not-the-password")
		unknown := login(t, env, "nobody", "not-the-password")
		off := login(t, env, "erin", disabled.Password)
		badCaptcha := env.Do(t, apitest.Case{Method: "POST", Path: "/api/login",
			Body: map[string]string{"username": "dave", "password": u.Password, "captcha_token": "bm9wZQ=="}})
		// The same reply but for its request's id.
		withoutID := func(b []byte) string {
			var m map[string]any
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatalf("%s: %v", b, err)
			}
			delete(m, "request_id")
			out, _ := json.Marshal(m)
			return string(out)
		}
		for name, r := range map[string]*apitest.Reply{"wrong password": wrong, "unknown user": unknown, "disabled": off, "bad captcha": badCaptcha} {
			if r.Status != 401 || withoutID(r.Body) != withoutID(wrong.Body) {
				t.Errorf("%s: %d %s; want the same 401 as a wrong password (%s)", name, r.Status, r.Body, wrong.Body)
			}
		}
		if !strings.Contains(string(wrong.Body), `"message":"Invalid credentials."`) {
			t.Errorf("body %s", wrong.Body)
		}
		// The audit log keeps each reason; never the password.
		rows, err := db.QueryContext(context.Background(), `SELECT details FROM audit_log WHERE action = 'login.failure'`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var reasons []string
		for rows.Next() {
			var d string
			_ = rows.Scan(&d)
			if strings.Contains(d, "not-the-password") || strings.Contains(d, u.Password) {
				t.Fatalf("password in the audit log: %s", d)
			}
			var m map[string]any
			_ = json.Unmarshal([]byte(d), &m)
			reasons = append(reasons, fmt.Sprint(m["reason"]))
		}
		for _, want := range []string{"wrong_password", "unknown_user", "disabled", "captcha"} {
			if !strings.Contains(strings.Join(reasons, ","), want) {
				t.Errorf("audit reasons %v lack %s", reasons, want)
			}
		}
	})
}

func TestCaptchaRules(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "frank", true, true)
		var ch auth.Challenge
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/captcha"}).JSON(t, &ch)
		if ch.Algorithm != "SHA-256" || ch.MaxNumber != auth.CaptchaMaxNumber || !strings.Contains(ch.Salt, "?expires=") || len(ch.Signature) != 64 {
			t.Fatalf("challenge %+v", ch)
		}
		solved := auth.SolveCaptcha(ch)
		body := func(captcha string) map[string]string {
			return map[string]string{"username": "frank", "password": u.Password, "captcha_token": captcha}
		}
		// A tampered signature: the solution still matches, the HMAC does not.
		forged := ch
		forged.Signature = strings.Repeat("0", 64)
		env.Run(t, []apitest.Case{
			{Name: "forged signature", Method: "POST", Path: "/api/login", Body: body(auth.SolveCaptcha(forged)), Status: 401},
			{Name: "missing captcha", Method: "POST", Path: "/api/login", Body: body(""), Status: 401},
			{Name: "solved captcha", Method: "POST", Path: "/api/login", Body: body(solved), Status: 200},
			{Name: "reused captcha", Method: "POST", Path: "/api/login", Body: body(solved), Status: 401},
		})
		var old auth.Challenge
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/captcha"}).JSON(t, &old)
		env.Clock.Advance(auth.CaptchaLifetime + time.Second)
		env.Run(t, []apitest.Case{
			{Name: "expired captcha", Method: "POST", Path: "/api/login", Body: body(auth.SolveCaptcha(old)), Status: 401},
			{Name: "unknown cost", Method: "GET", Path: "/api/captcha?cost=low", Status: 400},
		})
		var high auth.Challenge
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/captcha?cost=high"}).JSON(t, &high)
		if high.MaxNumber != auth.CaptchaHighMaxNumber || !strings.Contains(high.Salt, "&maxnumber=1000000") {
			t.Fatalf("costly challenge %+v", high)
		}
		// Claiming the costly bound for a usual challenge changes the salt, so the solution no longer hashes to
		// the signed challenge.
		var sol auth.Solution
		raw, _ := base64.StdEncoding.DecodeString(env.Captcha(t))
		if err := json.Unmarshal(raw, &sol); err != nil || !strings.Contains(sol.Salt, "&maxnumber=100000") {
			t.Fatalf("solution %s: %v", raw, err)
		}
		sol.Salt = strings.Replace(sol.Salt, "maxnumber=100000", "maxnumber=1000000", 1)
		raised, _ := json.Marshal(sol)
		env.Run(t, []apitest.Case{{Name: "bound raised by the client", Method: "POST", Path: "/api/login",
			Body: body(base64.StdEncoding.EncodeToString(raised)), Status: 401}})
	})
}

func TestAccountLockoutAndExpiry(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "gina", true, true)
		for i := 0; i < 5; i++ {
			if r := login(t, env, "gina", "wrong-"+fmt.Sprint(i)); r.Status != 401 {
				t.Fatalf("attempt %d: %d", i+1, r.Status)
			}
			env.Clock.Advance(time.Second)
		}
		r := login(t, env, "gina", u.Password)
		if r.Status != 429 || r.Header.Get("Retry-After") == "" {
			t.Fatalf("sixth attempt with the right password: %d (Retry-After %q); want 429 while locked", r.Status, r.Header.Get("Retry-After"))
		}
		if r := login(t, env, "gina@example.com", u.Password); r.Status != 429 {
			t.Fatalf("the email reaches the same locked account: %d", r.Status)
		}
		env.Clock.Advance(15 * time.Minute)
		if r := login(t, env, "gina", u.Password); r.Status != 200 {
			t.Fatalf("after 15 minutes: %d %s", r.Status, r.Body)
		}
	})
}

func TestIPThrottle(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		for i := 0; i < 20; i++ {
			if r := login(t, env, fmt.Sprintf("user%d", i), "x"); r.Status != 401 {
				t.Fatalf("call %d: %d", i+1, r.Status)
			}
		}
		r := login(t, env, "user99", "x")
		if r.Status != 429 || r.Header.Get("Retry-After") == "" {
			t.Fatalf("21st call in a minute: %d; want 429 with Retry-After", r.Status)
		}
		env.Clock.Advance(61 * time.Second)
		if r := login(t, env, "user99", "x"); r.Status != 401 {
			t.Fatalf("a minute later: %d", r.Status)
		}
	})
}

func TestPartialTokensReachNothingElse(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "hank", true, true, rbac.AllKeys()...)
		tokens := map[auth.Kind]string{auth.Pending: env.Token(t, u, auth.Pending), auth.Setup: env.Token(t, u, auth.Setup)}
		for _, rt := range env.Server.Routes() {
			if rt.Rule.Public {
				continue
			}
			if rt.Rule.IngestKey { // no token is an ingest key: TestAuthorisationMatrix
				continue
			}
			for kind, tok := range tokens {
				admitted := false
				for _, k := range rt.Rule.Kinds {
					admitted = admitted || k == kind
				}
				if admitted {
					continue
				}
				r := env.Do(t, apitest.Case{Method: rt.Method, Path: concretePath(rt.Path), Token: tok, Body: "{}"})
				if r.Status != http.StatusForbidden {
					t.Errorf("%s %s with a %s token: %d, want 403", rt.Method, rt.Path, kind, r.Status)
				}
			}
			if r := env.Do(t, apitest.Case{Method: rt.Method, Path: concretePath(rt.Path), Body: "{}"}); r.Status != http.StatusUnauthorized {
				t.Errorf("%s %s without a token: %d, want 401", rt.Method, rt.Path, r.Status)
			}
		}
	})
}

// concretePath fills path parameters with an id.
func concretePath(p string) string {
	for {
		i := strings.IndexByte(p, '{')
		if i < 0 {
			return p
		}
		j := strings.IndexByte(p[i:], '}')
		p = p[:i] + "1" + p[i+j+1:]
	}
}

func TestSessionsEndAndPermissionsFollowTheRole(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		env := apitest.NewEnv(t, db)
		u, tok := env.Staff(t, "ivy", rbac.UsersList)
		env.Run(t, []apitest.Case{{Name: "before", Method: "GET", Path: "/api/user", Token: tok, Status: 200, JSON: `{"permissions":["ADMIN_USERS_LIST"]}`}})

		// A role change reaches the holder's next call.
		if _, err := db.ExecContext(ctx, `INSERT INTO role_permissions (role_id, permission) SELECT role_id, $1 FROM users WHERE id = $2`, rbac.RolesList, u.ID); err != nil {
			t.Fatal(err)
		}
		env.Run(t, []apitest.Case{{Name: "after a role change", Method: "GET", Path: "/api/user", Token: tok, Status: 200,
			JSON: `{"permissions":["ADMIN_ROLES_LIST","ADMIN_USERS_LIST"]}`}})

		// Idle for an hour: the session has ended.
		env.Clock.Advance(59 * time.Minute)
		env.Run(t, []apitest.Case{{Name: "59 minutes idle", Method: "GET", Path: "/api/user", Token: tok, Status: 200}})
		env.Clock.Advance(61 * time.Minute)
		env.Run(t, []apitest.Case{{Name: "61 minutes idle", Method: "GET", Path: "/api/user", Token: tok, Status: 401}})

		// 12 hours in all, however active.
		tok = env.Token(t, u, auth.Full)
		for i := 0; i < 12; i++ {
			env.Clock.Advance(59 * time.Minute)
			env.Do(t, apitest.Case{Method: "GET", Path: "/api/user", Token: tok})
		}
		env.Clock.Advance(2 * time.Hour)
		env.Run(t, []apitest.Case{{Name: "after 12 hours", Method: "GET", Path: "/api/user", Token: tok, Status: 401}})

		// Logout revokes; a disabled user's sessions end.
		tok = env.Token(t, u, auth.Full)
		other := env.Token(t, u, auth.Full)
		env.Run(t, []apitest.Case{
			{Name: "logout", Method: "POST", Path: "/api/logout", Token: tok, Status: 204},
			{Name: "after logout", Method: "GET", Path: "/api/user", Token: tok, Status: 401},
			{Name: "other session lives", Method: "GET", Path: "/api/user", Token: other, Status: 200},
		})
		if _, err := db.ExecContext(ctx, `UPDATE users SET enabled = FALSE WHERE id = $1`, u.ID); err != nil {
			t.Fatal(err)
		}
		env.Run(t, []apitest.Case{
			{Name: "disabled user", Method: "GET", Path: "/api/user", Token: other, Status: 401},
			{Name: "garbage token", Method: "GET", Path: "/api/user", Token: "garbage", Status: 401, JSON: `{"code":401}`},
		})
	})
}

func TestCustomerHasNoPermissions(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		// A customer whose row still names a role (e.g. a member removed from staff) holds nothing.
		c := env.CreateUser(t, "jack", false, true)
		env.Run(t, []apitest.Case{{Name: "customer", Method: "GET", Path: "/api/user", Token: env.Token(t, c, auth.Full), Status: 200,
			JSON: `{"roles":[],"permissions":[],"userRoles":[],"role":null}`}})
	})
}

func TestRouteTableDeclaresEveryRule(t *testing.T) {
	t.Parallel()
	env := apitest.NewEnv(t, storetest.SQLite(t))
	seen := map[string]bool{}
	for _, rt := range env.Server.Routes() {
		key := rt.Method + " " + rt.Path
		if seen[key] {
			t.Errorf("%s listed twice", key)
		}
		seen[key] = true
		r := rt.Rule
		switch {
		case r.Public && (len(r.Kinds) > 0 || len(r.Perms) > 0):
			t.Errorf("%s: a public rule with kinds or keys", key)
		case r.IngestKey && (r.Public || len(r.Kinds) > 0 || len(r.Perms) > 0):
			t.Errorf("%s: an ingest-key rule with a token kind or keys", key)
		case !r.Public && !r.IngestKey && len(r.Kinds) == 0:
			t.Errorf("%s: no rule declared (neither public, nor token kinds, nor a permission)", key)
		}
		for _, p := range append(slices.Clone(r.Perms), r.AnyPerm...) {
			if !rbac.Known(p) {
				t.Errorf("%s: unknown permission %s", key, p)
			}
		}
		if len(r.Perms)+len(r.AnyPerm) > 0 && (len(r.Kinds) != 1 || r.Kinds[0] != auth.Full) {
			t.Errorf("%s: a permission rule must admit full tokens only", key)
		}
	}
}
