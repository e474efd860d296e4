package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// sessionID is the id of the session of token.
func sessionID(t *testing.T, env *apitest.Env, token string) int64 {
	t.Helper()
	var id int64
	if err := env.DB.QueryRowContext(context.Background(), `SELECT id FROM sessions WHERE token_hash = $1`,
		auth.HashToken(token)).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// wantAudit checks how many audit rows of action by actor about target there are.
func wantAudit(t *testing.T, env *apitest.Env, action string, actor int64, target string, want int) {
	t.Helper()
	var n int
	if err := env.DB.QueryRowContext(context.Background(), `SELECT count(*) FROM audit_log WHERE action = $1 AND actor_id = $2
		AND target = $3`, action, actor, target).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != want {
		t.Errorf("%d %s rows by user %d about %s, want %d", n, action, actor, target, want)
	}
}

// works reports a token's status on GET /api/user: 200 while its session lives, 401 once it ended.
func works(name, token string, status int) apitest.Case {
	return apitest.Case{Name: name, Method: "GET", Path: "/api/user", Token: token, Status: status}
}

// Everyone sees and ends their own sessions, and only theirs.
func TestOwnSessions(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "olga", true, true)
		idle := env.Token(t, u, auth.Full)
		env.Clock.Advance(auth.IdleTimeout) // idle is now past its idle time: not listed
		tok := env.Token(t, u, auth.Full)
		env.Clock.Advance(time.Minute)
		second := env.Token(t, u, auth.Full)
		env.Token(t, u, auth.Pending) // part-way through sign-in: no device yet
		_, victor := env.Staff(t, "victor")
		mine, other := sessionID(t, env, tok), sessionID(t, env, second)
		env.Run(t, []apitest.Case{
			works("the idle session has ended", idle, 401),
			{Name: "own live full sessions, newest first", Method: "GET", Path: "/api/user/sessions", Token: tok, Status: 200,
				JSON: fmt.Sprintf(`{"sessions":[{"id":%d,"current":false,"platform":"Web","ip":"192.0.2.10"},{"id":%d,"current":true}]}`, other, mine)},
		})

		// Someone else's session is not found, as an unknown one is, and nothing changes.
		before := env.SnapshotAll(t)
		env.Run(t, []apitest.Case{
			{Name: "someone else's session", Method: "DELETE", Path: fmt.Sprintf("/api/user/sessions/%d", sessionID(t, env, victor)),
				Token: tok, Status: 404},
			{Name: "an unknown session", Method: "DELETE", Path: "/api/user/sessions/999999", Token: tok, Status: 404},
		})
		if diff := before.Diff(env.SnapshotAll(t)); len(diff) > 0 {
			t.Errorf("refused revocations changed %v", diff)
		}
		env.Run(t, []apitest.Case{
			works("victor is still signed in", victor, 200),
			{Name: "end one", Method: "DELETE", Path: fmt.Sprintf("/api/user/sessions/%d", other), Token: tok, Status: 204},
			works("its token is dead", second, 401),
			works("the caller's lives", tok, 200),
			{Name: "ended already", Method: "DELETE", Path: fmt.Sprintf("/api/user/sessions/%d", other), Token: tok, Status: 404},
			{Name: "listed no more", Method: "GET", Path: "/api/user/sessions", Token: tok, Status: 200,
				JSON: fmt.Sprintf(`{"sessions":[{"id":%d,"current":true}]}`, mine)},
		})
		wantAudit(t, env, "session.revoke", u.ID, audit.UserTarget(u.ID), 1)

		// Ending one's current session signs one out.
		env.Run(t, []apitest.Case{
			{Name: "end the current one", Method: "DELETE", Path: fmt.Sprintf("/api/user/sessions/%d", mine), Token: tok, Status: 204},
			works("signed out", tok, 401),
		})
	})
}

// Revoke-others ends every other session of the caller, and nobody else's.
func TestRevokeOtherSessions(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u, tok := env.Staff(t, "rita")
		others := []string{env.Token(t, u, auth.Full), env.Token(t, u, auth.Full), env.Token(t, u, auth.Pending)}
		_, victor := env.Staff(t, "vera")
		env.Run(t, []apitest.Case{
			{Name: "revoke the others", Method: "POST", Path: "/api/user/sessions/revoke-others", Token: tok, Status: 200, JSON: `{"revoked":3}`},
			works("the caller's lives", tok, 200),
			works("another user's lives", victor, 200),
			{Name: "none left to end", Method: "POST", Path: "/api/user/sessions/revoke-others", Token: tok, Status: 200, JSON: `{"revoked":0}`},
		})
		for i, other := range others[:2] {
			env.Run(t, []apitest.Case{works(fmt.Sprintf("other %d is dead", i), other, 401)})
		}
		env.Run(t, []apitest.Case{{Name: "the half-done sign-in is dead", Method: "POST", Path: "/api/2fa/googleAuthenticator",
			Token: others[2], Body: map[string]string{"code": env.Code(t, u, 0)}, Status: 401}})
		wantAudit(t, env, "session.revoke_others", u.ID, audit.UserTarget(u.ID), 2)
	})
}

// The staff sessions console (ADMIN_SESSIONS) lists and ends staff members'
// live sessions, never customers'.
func TestStaffSessionsConsole(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		tick := func() { env.Clock.Advance(time.Second) } // one session a second: newest first is one order
		holder, htok := env.Staff(t, "sasha", rbac.Sessions)
		tick()
		_, ltok := env.Staff(t, "lena", without(rbac.AllKeys(), rbac.Sessions)...)
		anna := env.CreateUser(t, "anna", true, true, rbac.Sessions)
		// Her email does not hold her username: the filter finds her by either.
		if _, err := db.ExecContext(context.Background(), `UPDATE users SET email = 'a.k@example.org' WHERE id = $1`, anna.ID); err != nil {
			t.Fatal(err)
		}
		tick()
		anna1 := env.Token(t, anna, auth.Full)
		tick()
		anna2 := env.Token(t, anna, auth.Full)
		pending := env.Token(t, anna, auth.Pending)
		customer := env.CreateUser(t, "carl", false, false)
		ctok := env.Token(t, customer, auth.Full)
		ids := map[string]int64{"sasha": sessionID(t, env, htok), "lena": sessionID(t, env, ltok), "anna1": sessionID(t, env, anna1),
			"anna2": sessionID(t, env, anna2), "pending": sessionID(t, env, pending), "carl": sessionID(t, env, ctok)}
		env.Run(t, []apitest.Case{
			{Name: "without the key", Method: "GET", Path: "/api/admin/sessions", Token: ltok, Status: 403},
			{Name: "staff sessions only, newest first", Method: "GET", Path: "/api/admin/sessions", Token: htok, Status: 200,
				JSON: fmt.Sprintf(`{"total_items":4,"sessions":[{"id":%d,"user":{"id":%d,"email":"a.k@example.org"},"platform":"Web","ip":"192.0.2.10","current":false},
					{"id":%d,"current":false},{"id":%d,"current":false},{"id":%d,"user":{"id":%d,"email":"sasha@example.com"},"current":true}]}`,
					ids["anna2"], anna.ID, ids["anna1"], ids["lena"], ids["sasha"], holder.ID)},
			{Name: "by username", Method: "GET", Path: "/api/admin/sessions?user=ANNA", Token: htok, Status: 200,
				JSON: fmt.Sprintf(`{"total_items":2,"sessions":[{"id":%d},{"id":%d}]}`, ids["anna2"], ids["anna1"])},
			{Name: "by email", Method: "GET", Path: "/api/admin/sessions?user=lena%40example", Token: htok, Status: 200,
				JSON: fmt.Sprintf(`{"total_items":1,"sessions":[{"id":%d}]}`, ids["lena"])},
			{Name: "a customer is nobody here", Method: "GET", Path: "/api/admin/sessions?user=carl", Token: htok, Status: 200,
				JSON: `{"total_items":0,"sessions":[]}`},
			{Name: "paged", Method: "GET", Path: "/api/admin/sessions?page=2&maxPerPage=3", Token: htok, Status: 200,
				JSON: fmt.Sprintf(`{"page":2,"items_per_page":3,"total_items":4,"total_pages":2,"sessions":[{"id":%d}]}`, ids["sasha"])},
			{Name: "anna's call marks her own session only", Method: "GET", Path: "/api/admin/sessions?user=anna", Token: anna2, Status: 200,
				JSON: fmt.Sprintf(`{"total_items":2,"sessions":[{"id":%d,"current":true},{"id":%d,"current":false}]}`, ids["anna2"], ids["anna1"])},
			{Name: "end a customer's session: none of the console's", Method: "DELETE", Path: fmt.Sprintf("/api/admin/sessions/%d", ids["carl"]),
				Token: htok, Status: 404},
			{Name: "a sign-in step is no device", Method: "DELETE", Path: fmt.Sprintf("/api/admin/sessions/%d", ids["pending"]),
				Token: htok, Status: 404},
			{Name: "end without the key", Method: "DELETE", Path: fmt.Sprintf("/api/admin/sessions/%d", ids["anna1"]), Token: ltok, Status: 403},
			works("the customer's token lives", ctok, 200),
			{Name: "end a staff member's session", Method: "DELETE", Path: fmt.Sprintf("/api/admin/sessions/%d", ids["anna1"]),
				Token: htok, Status: 204},
			works("her token is dead", anna1, 401),
			works("her other one lives", anna2, 200),
			{Name: "ended already", Method: "DELETE", Path: fmt.Sprintf("/api/admin/sessions/%d", ids["anna1"]), Token: htok, Status: 404},
			{Name: "unknown", Method: "DELETE", Path: "/api/admin/sessions/999999", Token: htok, Status: 404},
			{Name: "listed no more", Method: "GET", Path: "/api/admin/sessions?user=anna", Token: htok, Status: 200,
				JSON: fmt.Sprintf(`{"total_items":1,"sessions":[{"id":%d}]}`, ids["anna2"])},
		})
		wantAudit(t, env, "session.revoke", holder.ID, audit.UserTarget(anna.ID), 1)
	})
}

// A password change needs the current password (counted like a sign-in's),
// ends every other session and reset link, and tells the owner.
func TestChangePassword(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u, tok := env.Staff(t, "pia")
		other := env.Token(t, u, auth.Full)
		env.Do(t, apitest.Case{Method: "POST", Path: "/api/password/reset", Body: map[string]string{"email": u.Email}})
		link := linkToken(t, env, u.Email, `/reset-password\?token=(\S+)`)
		const fresh = "Quiet-Harbour-Lantern-42"
		change := func(name, old, next string, status int, field string) apitest.Case {
			c := apitest.Case{Name: name, Method: "POST", Path: "/api/user/password", Token: tok,
				Body: map[string]string{"old": old, "new": next}, Status: status}
			if field != "" {
				c.JSON = fmt.Sprintf(`{"errors":[{"field":%q}]}`, field)
			}
			return c
		}
		before := env.Snapshot(t)
		env.Run(t, []apitest.Case{
			change("a wrong current password", "not-my-password", fresh, 400, "old"),
			change("a common new one", u.Password, "password", 400, "new"),
			change("a short new one", u.Password, "Ab1!", 400, "new"),
			change("the same again", u.Password, u.Password, 400, "new"),
		})
		if diff := before.Diff(env.Snapshot(t)); len(diff) > 0 {
			t.Errorf("refused changes changed %v", diff)
		}
		wantAudit(t, env, "password.change_failure", u.ID, audit.UserTarget(u.ID), 1)
		env.Run(t, []apitest.Case{
			change("changed", u.Password, fresh, 204, ""),
			works("the other session has ended", other, 401),
			works("this one lives", tok, 200),
			{Name: "the reset link has died", Method: "POST", Path: "/api/password/reset/confirm",
				Body: map[string]string{"token": link, "password": "Another-Fresh-Phrase-7"}, Status: 400},
		})
		if r := login(t, env, u.Username, u.Password); r.Status != 401 {
			t.Errorf("sign-in with the old password: %d %s", r.Status, r.Body)
		}
		if r := login(t, env, u.Username, fresh); r.Status != 200 {
			t.Errorf("sign-in with the new password: %d %s", r.Status, r.Body)
		}
		wantAudit(t, env, "password.change", u.ID, audit.UserTarget(u.ID), 1)
		mails := env.Mails(t, u.Email)
		notice := mails[len(mails)-1]
		if len(mails) != 2 || !strings.Contains(notice, "password of your Xapa Back Office account was changed") {
			t.Fatalf("mails to pia: %q; want the reset link, then the notice", mails)
		}
		for _, secret := range []string{fresh, u.Password, link, tok} {
			if strings.Contains(notice, secret) {
				t.Errorf("the notice holds a secret: %q", notice)
			}
		}
	})
}

// Wrong current passwords lock the (account, address) pair as wrong
// sign-in passwords do: the change and the sign-in from that address alike.
func TestChangePasswordIsThrottled(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u, tok := env.Staff(t, "gus")
		wrong := apitest.Case{Method: "POST", Path: "/api/user/password", Token: tok,
			Body: map[string]string{"old": "guess", "new": "Quiet-Harbour-Lantern-42"}, Status: 400}
		for i := range auth.PasswordPairRule.Limit {
			wrong.Name = fmt.Sprintf("guess %d", i+1)
			env.Run(t, []apitest.Case{wrong})
		}
		right := apitest.Case{Name: "locked, even for the right password", Method: "POST", Path: "/api/user/password", Token: tok,
			Body: map[string]string{"old": u.Password, "new": "Quiet-Harbour-Lantern-42"}, Status: 429}
		env.Run(t, []apitest.Case{right})
		if r := login(t, env, u.Username, u.Password); r.Status != 429 {
			t.Errorf("sign-in from the locked address: %d %s, want 429", r.Status, r.Body)
		}
		right.Name, right.RemoteAddr, right.Status = "from another address", "198.51.100.7:4321", 204
		env.Run(t, []apitest.Case{right})
	})
}
