package httpapi_test

// The attacks of the sign-in hardening (decision 0003), each performed through the real router on both databases.
// Tests that count argon2id computations (auth.HashesRun, a process-wide counter) do not call t.Parallel: Go runs
// them before any parallel test of the package starts, so no other test hashes meanwhile.

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/httpapi"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// parallel sends the cases at once (released together) and returns their replies in order.
func parallel(t *testing.T, env *apitest.Env, cases []apitest.Case) []*apitest.Reply {
	t.Helper()
	replies := make([]*apitest.Reply, len(cases))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, c := range cases {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			replies[i] = env.Do(t, c)
		}()
	}
	close(start)
	wg.Wait()
	return replies
}

func statuses(replies []*apitest.Reply) map[int]int {
	out := map[int]int{}
	for _, r := range replies {
		out[r.Status]++
	}
	return out
}

func auditCount(t *testing.T, db *store.DB, action, like string) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(context.Background(), `SELECT count(*) FROM audit_log WHERE action = $1 AND details LIKE $2`,
		action, like).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// addr is the RemoteAddr of client number i (each a different address).
func addr(i int) string { return fmt.Sprintf("198.51.%d.%d:5000", 100+i/250, 1+i%250) }

// Attack 1: a flood of password-reset confirmations with made-up tokens, from many addresses, hashed a new
// password each (19 MiB, tens of ms) before looking the token up. Now a made-up token costs a lookup, never a hash,
// and the captcha keeps answering.
func TestResetConfirmFloodHashesNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		cases := make([]apitest.Case, 200)
		for i := range cases {
			cases[i] = apitest.Case{Method: "POST", Path: "/api/password/reset/confirm", RemoteAddr: addr(i),
				Body: map[string]string{"token": fmt.Sprintf("garbage-%d", i), "password": "a-long-new-passphrase-9"}}
		}
		before := auth.HashesRun.Load()
		got := statuses(parallel(t, env, cases))
		if got[http.StatusBadRequest] != 200 {
			t.Fatalf("replies %v; want 200 × 400 (invalid link)", got)
		}
		if n := auth.HashesRun.Load() - before; n != 0 {
			t.Fatalf("%d password hashes for made-up tokens; want none", n)
		}
		if r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/captcha", RemoteAddr: addr(999)}); r.Status != 200 {
			t.Fatalf("captcha after the flood: %d", r.Status)
		}
	})
}

// Attack 1, the pool: 40 sign-ins at once from 40 addresses (each with a solved captcha, so each reaches the
// password check) never run more argon2id computations at once than the pool's slots; the others wait their turn or
// are told to come back (503 with Retry-After), never 500.
func TestPasswordChecksRunThroughABoundedPool(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		cases := make([]apitest.Case, 40)
		for i := range cases {
			if i%30 == 29 {
				env.Clock.Advance(time.Minute) // the captcha route's own limit per address
			}
			cases[i] = apitest.Case{Method: "POST", Path: "/api/login", RemoteAddr: addr(i),
				Body: map[string]string{"username": fmt.Sprintf("nobody%d", i), "password": "x", "captcha_token": env.Captcha(t)}}
		}
		auth.HashesPeak.Store(0)
		got := statuses(parallel(t, env, cases))
		if got[http.StatusUnauthorized]+got[http.StatusServiceUnavailable] != len(cases) {
			t.Fatalf("replies %v; want only 401 (checked) and 503 (busy)", got)
		}
		if peak, slots := auth.HashesPeak.Load(), auth.HashSlots(); peak > int32(slots) || peak < 1 {
			t.Fatalf("%d argon2id computations at once; the pool has %d slots", peak, slots)
		}
	})
}

// Attack 2: 40 codes in parallel on one pending token got 29 checked, and a right password issued a fresh pending
// token with a fresh count. Now wrong codes count per account, atomically: at most 5 checks, then the code step of
// the account is locked for 15 minutes, for every session (a new pending token included), right code or not.
func TestCodeGuessingIsCountedPerAccount(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "ivy", true, true)
		pending := env.Token(t, u, auth.Pending)
		right := env.Code(t, u, 0)
		cases := make([]apitest.Case, 40)
		for i := range cases {
			wrong := fmt.Sprintf("%06d", (i*7919+1)%1_000_000)
			if wrong == right {
				wrong = "000000"
			}
			cases[i] = apitest.Case{Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: pending, RemoteAddr: addr(i),
				Body: map[string]string{"code": wrong}}
		}
		got := statuses(parallel(t, env, cases))
		if got[http.StatusBadRequest] > 5 || got[http.StatusBadRequest]+got[http.StatusTooManyRequests]+got[http.StatusUnauthorized] != 40 {
			t.Fatalf("replies %v; want at most 5 codes checked (400), the rest refused", got)
		}
		if n := auditCount(t, db, "2fa.failure", "%"); n > 5 {
			t.Fatalf("%d codes checked; want at most 5", n)
		}
		// A right password gives a new pending token, but no new count: even the right code is refused.
		fresh := env.Token(t, u, auth.Pending)
		r := env.Do(t, apitest.Case{Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: fresh, Body: map[string]string{"code": right}})
		if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
			t.Fatalf("right code during the lock: %d %s; want 429 with Retry-After", r.Status, r.Body)
		}
		env.Clock.Advance(15*time.Minute + time.Second)
		later := env.Token(t, u, auth.Pending) // a pending token lives a few minutes only
		r = env.Do(t, apitest.Case{Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: later, Body: map[string]string{"code": env.Code(t, u, 0)}})
		if r.Status != http.StatusOK {
			t.Fatalf("right code after the lock: %d %s", r.Status, r.Body)
		}
	})
}

// Attack 3: 15 wrong passwords at once were all checked (the count was read, then written). Now 5 are checked and
// the rest refused; and of 45 sign-ins at once from one address, no more than the route's 20 a minute get past it.
func TestThrottlesHoldUnderConcurrency(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		env.CreateUser(t, "jack", true, true)
		cases := make([]apitest.Case, 15)
		for i := range cases {
			cases[i] = apitest.Case{Method: "POST", Path: "/api/login", RemoteAddr: "203.0.113.5:1000",
				Body: map[string]string{"username": "jack", "password": fmt.Sprintf("wrong-%d", i), "captcha_token": env.Captcha(t)}}
		}
		got := statuses(parallel(t, env, cases))
		if got[http.StatusUnauthorized] != 5 || got[http.StatusTooManyRequests] != 10 {
			t.Fatalf("15 wrong passwords at once: %v; want 5 checked (401) and 10 refused (429)", got)
		}
		if n := auditCount(t, db, "login.failure", `%wrong_password%`); n != 5 {
			t.Fatalf("%d passwords checked; want 5", n)
		}

		env.Clock.Advance(time.Hour)
		cases = make([]apitest.Case, 45)
		for i := range cases {
			if i == 40 {
				env.Clock.Advance(time.Minute) // the captcha route's own limit
			}
			cases[i] = apitest.Case{Method: "POST", Path: "/api/login", RemoteAddr: "203.0.113.6:1000",
				Body: map[string]string{"username": fmt.Sprintf("someone%d", i), "password": "x", "captcha_token": env.Captcha(t)}}
		}
		got = statuses(parallel(t, env, cases))
		if got[http.StatusTooManyRequests] != 25 {
			t.Fatalf("45 sign-ins at once from one address: %v; want 25 refused (429)", got)
		}
		// The address's refusals are audited, once per window, not once per call.
		if n := auditCount(t, db, "throttled", `%POST /api/login%`); n != 1 {
			t.Fatalf("%d audit rows for the refused sign-ins; want 1", n)
		}
	})
}

// Attack 4: five wrong passwords from anywhere locked any staff account for everyone. Now the (account, address)
// pair is locked: the owner signs in from their own address meanwhile.
func TestLockoutIsPerAccountAndAddress(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "kate", true, true)
		attempt := func(from, password string) *apitest.Reply {
			return env.Do(t, apitest.Case{Method: "POST", Path: "/api/login", RemoteAddr: from,
				Body: map[string]string{"username": "kate", "password": password, "captcha_token": env.Captcha(t)}})
		}
		for i := range 5 {
			if r := attempt("203.0.113.66:1", fmt.Sprintf("guess-%d", i)); r.Status != http.StatusUnauthorized {
				t.Fatalf("guess %d: %d", i+1, r.Status)
			}
		}
		if r := attempt("203.0.113.66:1", u.Password); r.Status != http.StatusTooManyRequests {
			t.Fatalf("the attacker's address, right password: %d; want 429 (locked)", r.Status)
		}
		if r := attempt("192.0.2.44:1", u.Password); r.Status != http.StatusOK {
			t.Fatalf("the owner's address: %d %s; want 200", r.Status, r.Body)
		}
	})
}

// Attack 4, spread out: guesses for one account from many addresses, each under its pair's limit. Past the
// account's own limit (auth.AccountRule) nothing is refused: a usual captcha is not enough any more, a costly one
// (ten times the work) is, and with it the owner's right password gets in. An unknown name answers the same.
func TestSpreadGuessesRaiseTheCaptchaCost(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "lena", true, true)
		attempt := func(name, from, password, captcha string) *apitest.Reply {
			return env.Do(t, apitest.Case{Method: "POST", Path: "/api/login", RemoteAddr: from,
				Body: map[string]string{"username": name, "password": password, "captcha_token": captcha}})
		}
		for _, name := range []string{"lena", "nobody-here"} {
			for i := range auth.AccountRule.Limit {
				from := addr(i / auth.PasswordPairRule.Limit) // each address stays within its pair's limit
				if r := attempt(name, from, fmt.Sprintf("guess-%d", i), env.Captcha(t)); r.Status != http.StatusUnauthorized {
					t.Fatalf("%s, guess %d: %d %s", name, i+1, r.Status, r.Body)
				}
			}
		}
		var unknown, known httpapi.Error
		r := attempt("nobody-here", "192.0.2.80:1", "guess", env.Captcha(t))
		r.JSON(t, &unknown)
		r = attempt("lena", "192.0.2.80:1", u.Password, env.Captcha(t))
		r.JSON(t, &known)
		if r.Status != http.StatusUnauthorized || len(known.Errors) != 1 || known.Errors[0].Field != "captcha_token" {
			t.Fatalf("right password, usual captcha, past the account's limit: %d %s; want 401 on captcha_token", r.Status, r.Body)
		}
		if unknown.Message != known.Message || len(unknown.Errors) != 1 || unknown.Errors[0] != known.Errors[0] || unknown.Code != known.Code {
			t.Fatalf("an unknown name answers %+v, a known one %+v", unknown, known)
		}
		var costly auth.Challenge
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/captcha?cost=high"}).JSON(t, &costly)
		if r := attempt("lena", "192.0.2.80:1", u.Password, auth.SolveCaptcha(costly)); r.Status != http.StatusOK {
			t.Fatalf("right password, costly captcha: %d %s; want 200", r.Status, r.Body)
		}
		if n := auditCount(t, db, "login.failure", "%captcha_cost%"); n != 2 {
			t.Fatalf("%d login.failure rows for a too cheap captcha; want 2", n)
		}
	})
}

// Behind a trusted proxy the client's address comes from X-Forwarded-For, so the proxy's own address is not one
// shared bucket for everyone; from anyone else the header is ignored, so it cannot dodge a limit.
func TestTrustedProxies(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		proxies, err := httpapi.ParseTrustedProxies("10.0.0.0/8")
		if err != nil {
			t.Fatal(err)
		}
		env := apitest.NewEnvWith(t, db, func(o *httpapi.Options) { o.TrustedProxies = proxies })
		captcha := func(remote, forwarded string) int {
			return env.Do(t, apitest.Case{Method: "GET", Path: "/api/captcha", RemoteAddr: remote,
				Headers: map[string]string{"X-Forwarded-For": forwarded}}).Status
		}
		for i := range 60 {
			if s := captcha("10.1.1.1:80", fmt.Sprintf("198.51.100.%d", i+1)); s != 200 {
				t.Fatalf("client %d through the proxy: %d; want each client its own bucket", i, s)
			}
		}
		for range 60 {
			captcha("192.0.2.99:80", "198.51.100.200")
		}
		if s := captcha("192.0.2.99:80", "198.51.100.201"); s != http.StatusTooManyRequests {
			t.Fatalf("an untrusted peer's X-Forwarded-For dodged the limit: %d", s)
		}
	})
}

// Attack 11: a 201-byte username cut mid-character (for the audit row) answered 500 on PostgreSQL, neither counted nor
// audited. Now names are cut by characters: the attempt is an ordinary, audited 401.
func TestLongMultibyteUsernameIsAnOrdinaryFailure(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		name := strings.Repeat("ж", 100) + "x" // 201 bytes: a cut at 200 bytes falls inside no character, at 199 it would
		for _, n := range []string{name, "x" + strings.Repeat("ж", 100)} {
			if r := login(t, env, n, "whatever"); r.Status != http.StatusUnauthorized {
				t.Fatalf("%d-byte username: %d %s; want 401", len(n), r.Status, r.Body)
			}
		}
		if got := auditCount(t, db, "login.failure", "%unknown_user%"); got != 2 {
			t.Fatalf("%d audited failures; want 2", got)
		}
	})
}

// resetLinks asks for n reset links for email and returns their tokens, oldest first (read from the outbox).
func resetLinks(t *testing.T, env *apitest.Env, email string, n int) []string {
	t.Helper()
	for range n {
		if r := env.Do(t, apitest.Case{Method: "POST", Path: "/api/password/reset", Body: map[string]string{"email": email}}); r.Status != 202 {
			t.Fatalf("reset: %d", r.Status)
		}
	}
	var tokens []string
	for _, body := range env.Mails(t, email) {
		if m := regexp.MustCompile(`reset-password\?token=(\S+)`).FindStringSubmatch(body); m != nil {
			token, _ := url.QueryUnescape(m[1])
			tokens = append(tokens, token)
		}
	}
	return tokens[len(tokens)-n:]
}

func confirmReset(t *testing.T, env *apitest.Env, token string) int {
	t.Helper()
	return env.Do(t, apitest.Case{Method: "POST", Path: "/api/password/reset/confirm",
		Body: map[string]string{"token": token, "password": "Another-long-pass-77"}}).Status
}

// Attack 8: sessions and reset links outlived the changes that should end them. Now a reset ends every session and
// every other link; an admin's email change, second factor off or disabling ends them too.
func TestSecurityChangesEndSessionsAndLinks(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "liam", true, true)
		session := env.Token(t, u, auth.Full)
		links := resetLinks(t, env, u.Email, 2)
		if s := confirmReset(t, env, links[1]); s != http.StatusNoContent {
			t.Fatalf("newer link: %d", s)
		}
		if s := confirmReset(t, env, links[0]); s != http.StatusBadRequest {
			t.Fatalf("older link after the newer one was used: %d; want 400", s)
		}
		if r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/user", Token: session}); r.Status != http.StatusUnauthorized {
			t.Fatalf("session after the reset: %d; want 401", r.Status)
		}

		mona, admin := env.Staff(t, "mona", rbac.AllKeys()...)
		for _, c := range []struct {
			name string
			edit map[string]any
		}{
			{"email change", map[string]any{"email": "liam.new@example.com"}},
			{"2FA off", map[string]any{"isGoogleAuthenticatorEnabled": false}},
			{"disabled", map[string]any{"enabled": false}}, // last: a disabled account gets no reset link
		} {
			name, edit := c.name, c.edit
			session := env.Token(t, u, auth.Full)
			link := resetLinks(t, env, currentEmail(t, db, u.ID), 1)[0]
			env.Clock.Advance(30 * time.Second)
			edit["code"] = env.Code(t, mona, 0) // another staff member's email or second factor: a fresh code
			if r := env.Do(t, apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", u.ID), Token: admin,
				Body: edit}); r.Status != 200 {
				t.Fatalf("%s: %d %s", name, r.Status, r.Body)
			}
			if r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/user", Token: session}); r.Status != http.StatusUnauthorized {
				t.Errorf("%s: the session lives on (%d)", name, r.Status)
			}
			if s := confirmReset(t, env, link); s != http.StatusBadRequest {
				t.Errorf("%s: the reset link still works (%d)", name, s)
			}
		}
	})
}

func currentEmail(t *testing.T, db *store.DB, id int64) string {
	t.Helper()
	var email string
	if err := db.QueryRowContext(context.Background(), `SELECT email FROM users WHERE id = $1`, id).Scan(&email); err != nil {
		t.Fatal(err)
	}
	return email
}

// Attack 7: anyone who knew a new staff member's initial password read the set-up secret (the same one was served
// until confirmed) and could later pass the code step. Now each set-up session has its own secret, useless to any
// other session, and confirming one discards the others.
func TestEachSetupSessionHasItsOwnSecret(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "nina", true, false)
		owner, intruder := env.Token(t, u, auth.Setup), env.Token(t, u, auth.Setup)
		secret := func(token string) string {
			var d auth.SetupData
			env.Do(t, apitest.Case{Method: "GET", Path: "/api/user/2fa/googleAuthenticator", Token: token}).JSON(t, &d)
			return d.Secret
		}
		mine, theirs := secret(owner), secret(intruder)
		if mine == "" || mine == theirs || secret(owner) != mine {
			t.Fatalf("secrets %q and %q: want one per session, the same on a second call", mine, theirs)
		}
		code := func(secret string, steps int64) string {
			c, err := auth.TOTPCode(secret, auth.TOTPStep(env.Clock.Now())+steps)
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
		confirm := func(token, code string) int {
			return env.Do(t, apitest.Case{Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: token,
				Body: map[string]string{"code": code, "password": u.Password}}).Status
		}
		if s := confirm(intruder, code(mine, 0)); s != http.StatusBadRequest {
			t.Fatalf("the owner's code in the intruder's session: %d; want 400", s)
		}
		if s := confirm(owner, code(mine, 0)); s != http.StatusOK {
			t.Fatalf("the owner confirms: %d", s)
		}
		if s := confirm(intruder, code(theirs, 1)); s != http.StatusBadRequest {
			t.Fatalf("the intruder's own secret after the owner confirmed: %d; want 400", s)
		}
		// The sign-in's second factor is the owner's secret, not the intruder's.
		pending := env.Token(t, u, auth.Pending)
		if r := env.Do(t, apitest.Case{Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: pending,
			Body: map[string]string{"code": code(theirs, 1)}}); r.Status != http.StatusBadRequest {
			t.Fatalf("the intruder's code at sign-in: %d; want 400", r.Status)
		}
	})
}

// Attack 10: two role edits at once, each taking ADMIN_EDIT_ROLE from one of the last two roles holding it, both
// succeeded on PostgreSQL and left nobody able to edit roles. Now one of them is refused, every time.
func TestLastRoleEditorHoldsUnderConcurrency(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		keys := []string{rbac.EditRole, rbac.RolesList}
		for round := range 8 {
			a, tokA := env.Staff(t, fmt.Sprintf("ed%da", round), keys...)
			b, tokB := env.Staff(t, fmt.Sprintf("ed%db", round), keys...)
			// Only these two hold the key now (earlier rounds' editors lose it below or are disabled here).
			if _, err := db.ExecContext(context.Background(), `UPDATE users SET enabled = FALSE WHERE id NOT IN ($1, $2)`, a.ID, b.ID); err != nil {
				t.Fatal(err)
			}
			edit := func(token string, roleOf apitest.User) apitest.Case {
				var roleID int64
				if err := db.QueryRowContext(context.Background(), `SELECT role_id FROM users WHERE id = $1`, roleOf.ID).Scan(&roleID); err != nil {
					t.Fatal(err)
				}
				return apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/edit", roleID), Token: token,
					Body: map[string]any{"role": "role-" + roleOf.Username, "permissions": []string{rbac.RolesList}}}
			}
			got := statuses(parallel(t, env, []apitest.Case{edit(tokA, b), edit(tokB, a)}))
			if got[http.StatusOK] != 1 {
				t.Fatalf("round %d: %v; want exactly one of the two edits to pass", round, got)
			}
			var editors int
			if err := db.QueryRowContext(context.Background(), `SELECT count(*) FROM users u JOIN role_permissions p
				ON p.role_id = u.role_id WHERE u.enabled = TRUE AND p.permission = $1`, rbac.EditRole).Scan(&editors); err != nil || editors != 1 {
				t.Fatalf("round %d: %d enabled role editors, %v; want 1", round, editors, err)
			}
		}
	})
}

// Attack 9: a Support member holding ADMIN_EDIT_USER changed a Support colleague's email to their own, switched its
// second factor off, reset the password and signed in as them; role-less staff (who later get a role) likewise. Now
// that needs every key the colleague holds and one more, plus a fresh code from the actor; the old address is told.
func TestTakingOverAPeerIsRefused(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		support := []string{rbac.EditUser, rbac.UsersList}
		attacker, tok := env.Staff(t, "sam", support...)
		peer := env.CreateUser(t, "pat", true, true, support...)
		edit := func(target apitest.User, body map[string]any) *apitest.Reply {
			return env.Do(t, apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", target.ID), Token: tok, Body: body})
		}
		code := func() string { env.Clock.Advance(30 * time.Second); return env.Code(t, attacker, 0) }
		for name, body := range map[string]map[string]any{
			"the peer's email":         {"email": "sam.owns.it@example.com", "code": code()},
			"the peer's second factor": {"isGoogleAuthenticatorEnabled": false, "code": code()},
		} {
			if r := edit(peer, body); r.Status != http.StatusForbidden {
				t.Errorf("%s, same keys: %d %s; want 403", name, r.Status, r.Body)
			}
		}
		// A role-less colleague: TestRolelessStaffTakenOverOnlyByAHolderOfEveryKey.
		// Other edits of a peer (a name, a phone number) need neither.
		if r := edit(peer, map[string]any{"full_name": "Pat P."}); r.Status != http.StatusOK {
			t.Fatalf("the peer's name: %d %s", r.Status, r.Body)
		}
	})
}

// Attack 4, the remedy: a staff member holding ADMIN_EDIT_USER lifts a colleague's locks (audited); the route is
// refused without the key and for a colleague who holds more.
func TestUnlockLiftsTheLocks(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "owen", true, true)
		_, helper := env.Staff(t, "hana", rbac.EditUser, rbac.UsersList)
		_, clerk := env.Staff(t, "carl", rbac.UsersList)
		boss, _ := env.Staff(t, "bea", rbac.AllKeys()...)
		from := "203.0.113.77:1"
		try := func(password string) int {
			return env.Do(t, apitest.Case{Method: "POST", Path: "/api/login", RemoteAddr: from,
				Body: map[string]string{"username": "owen", "password": password, "captcha_token": env.Captcha(t)}}).Status
		}
		for i := range 5 {
			try(fmt.Sprintf("guess-%d", i))
		}
		if s := try(u.Password); s != http.StatusTooManyRequests {
			t.Fatalf("locked: %d", s)
		}
		unlock := func(token string, id int64) int {
			return env.Do(t, apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/unlock", id), Token: token}).Status
		}
		if s := unlock(clerk, u.ID); s != http.StatusForbidden {
			t.Fatalf("without ADMIN_EDIT_USER: %d; want 403", s)
		}
		if s := unlock(helper, boss.ID); s != http.StatusForbidden {
			t.Fatalf("a colleague holding more: %d; want 403", s)
		}
		if s := unlock(helper, 999999); s != http.StatusNotFound {
			t.Fatalf("no such user: %d; want 404", s)
		}
		if s := unlock(helper, u.ID); s != http.StatusNoContent {
			t.Fatalf("unlock: %d", s)
		}
		if s := try(u.Password); s != http.StatusOK {
			t.Fatalf("after the unlock: %d; want 200", s)
		}
		if n := auditCount(t, db, "user.unlock", "%"); n != 1 {
			t.Fatalf("%d audit rows; want 1", n)
		}
	})
}

// Attack 5: the reset form answered 503 for an existing email when SMTP failed, 202 for an unknown one, and took a
// second longer with a slow relay. Now the request only queues a row, the same for both, and never touches SMTP: the
// outbox's worker looks the account up later, sends what is due, and drops the rest.
func TestResetRequestTellsNothing(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		env.CreateUser(t, "omar", true, true)
		count := func(query string) int {
			var n int
			if err := db.QueryRowContext(context.Background(), query).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		work := func() [3]int {
			return [3]int{count(`SELECT count(*) FROM outbox`), count(`SELECT count(*) FROM password_resets`), count(`SELECT count(*) FROM audit_log`)}
		}
		var replies []*apitest.Reply
		var done [][3]int
		for _, email := range []string{"omar@example.com", "nobody@example.com"} {
			before := work()
			replies = append(replies, env.Do(t, apitest.Case{Method: "POST", Path: "/api/password/reset", Body: map[string]string{"email": email}}))
			after := work()
			done = append(done, [3]int{after[0] - before[0], after[1] - before[1], after[2] - before[2]})
		}
		if replies[0].Status != http.StatusAccepted || replies[1].Status != replies[0].Status || string(replies[0].Body) != string(replies[1].Body) {
			t.Fatalf("known %d %s, unknown %d %s: want the same 202", replies[0].Status, replies[0].Body, replies[1].Status, replies[1].Body)
		}
		if done[0] != done[1] || done[0] != [3]int{1, 0, 0} {
			t.Fatalf("rows written by the request (outbox, reset links, audit): known %v, unknown %v; want one queued row each", done[0], done[1])
		}
		if n := count(`SELECT count(*) FROM outbox WHERE status = 'queued' AND kind = 'password_reset'`); n != 2 {
			t.Fatalf("%d queued requests; want 2 (nothing sent during the request)", n)
		}
		if mails := env.Mails(t, "omar@example.com"); len(mails) != 1 || !strings.Contains(mails[0], "/reset-password?token=") {
			t.Fatalf("mails to omar: %q", mails)
		}
		if n := count(`SELECT count(*) FROM outbox`); n != 1 {
			t.Fatalf("%d outbox rows after delivery; want 1 (the unknown address's request dropped)", n)
		}
		// Nobody floods an inbox through the form: five reset mails an hour per account (the address has its own limit).
		for range auth.ResetMailRule.Limit + 2 {
			env.Do(t, apitest.Case{Method: "POST", Path: "/api/password/reset", Body: map[string]string{"email": "OMAR@example.com"}})
		}
		if mails := env.Mails(t, "omar@example.com"); len(mails) != auth.ResetMailRule.Limit {
			t.Fatalf("%d mails to omar within the hour; want %d", len(mails), auth.ResetMailRule.Limit)
		}
	})
}

// Attack 6: users.ga_secret was plain base32, readable from the database or a backup. Now every TOTP secret, the
// captcha key and the demo password are sealed with the key file's key: the database holds none of them in clear.
func TestSecondFactorsAreSealedAtRest(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "pia", true, false)
		setup := env.Token(t, u, auth.Setup)
		var d auth.SetupData
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/user/2fa/googleAuthenticator", Token: setup}).JSON(t, &d)
		var pending string
		if err := db.QueryRowContext(context.Background(), `SELECT setup_secret FROM sessions WHERE setup_secret IS NOT NULL`).Scan(&pending); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(pending, "enc:v1:") || strings.Contains(pending, d.Secret) {
			t.Fatalf("setup_secret stored as %q", pending)
		}
		code, _ := auth.TOTPCode(d.Secret, auth.TOTPStep(env.Clock.Now()))
		if r := env.Do(t, apitest.Case{Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: setup,
			Body: map[string]string{"code": code, "password": u.Password}}); r.Status != http.StatusOK {
			t.Fatalf("confirm: %d %s", r.Status, r.Body)
		}
		var stored string
		if err := db.QueryRowContext(context.Background(), `SELECT ga_secret FROM users WHERE id = $1`, u.ID).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(stored, "enc:v1:") || strings.Contains(stored, d.Secret) {
			t.Fatalf("ga_secret stored as %q", stored)
		}
		// The sealed value of one column does not open in another: a copied set-up secret is no confirmed one.
		if _, err := env.Secrets.Open("users.ga_secret", pending); err == nil {
			t.Fatal("a set-up secret opened as a confirmed one")
		}
		var plain int
		if err := db.QueryRowContext(context.Background(), `SELECT count(*) FROM server_secrets WHERE value NOT LIKE 'enc:v1:%'`).Scan(&plain); err != nil || plain != 0 {
			t.Fatalf("%d server secrets in clear, %v", plain, err)
		}
		// Signing in with the sealed secret still works.
		next, _ := auth.TOTPCode(d.Secret, auth.TOTPStep(env.Clock.Now())+1)
		if r := env.Do(t, apitest.Case{Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: env.Token(t, u, auth.Pending),
			Body: map[string]string{"code": next}}); r.Status != http.StatusOK {
			t.Fatalf("sign-in with the sealed secret: %d %s", r.Status, r.Body)
		}
	})
}
