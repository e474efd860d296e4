package httpapi_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/httpapi"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// stepUpRefusal is the reply of a sensitive call on a session that has not
// stepped up lately.
var stepUpRefusal = fmt.Sprintf(`{"code":403,"message":%q,"errors":[{"field":"step_up","message":%q}]}`,
	httpapi.StepUpMessage, httpapi.StepUpMessage)

// stepUp is POST /api/user/step-up with code.
func stepUp(name, token, code string, status int) apitest.Case {
	return apitest.Case{Name: name, Method: "POST", Path: "/api/user/step-up", Token: token, Body: map[string]string{"code": code}, Status: status}
}

// queryInt64 is the one integer query answers.
func queryInt64(t *testing.T, env *apitest.Env, query string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := env.DB.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// Every sensitive call of issue 22 is refused on a session whose second
// factor is older than 5 minutes (403 naming step_up, nothing changed), and
// goes through once the session steps up with a code.
func TestStepUpGuardsSensitiveCalls(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := demoEnv(t, db) // coins and tokens
		admin, tok := env.Staff(t, "sudo", rbac.AllKeys()...)
		chain := queryInt64(t, env, `SELECT min(id) FROM coins WHERE kind = 'coin' AND fiat_rate > 0`)
		tokenID := queryInt64(t, env, `SELECT min(id) FROM coins WHERE kind = 'token'`)
		roleOf := func(id int64) int64 { return queryInt64(t, env, `SELECT role_id FROM users WHERE id = $1`, id) }
		n := 0
		next := func() int { n++; return n }
		coin := func(i int) map[string]any {
			return map[string]any{"name": fmt.Sprintf("Step Token %d", i), "symbol": fmt.Sprintf("STP%d", i), "decimals": 8,
				"mainContract": fmt.Sprintf("0xmain%010d", i), "testContract": fmt.Sprintf("0xtest%010d", i),
				"maxConfirmation": 12, "minSpendable": "0.0001", "blockchain": chain}
		}
		// Each call makes its own targets, then is the call to make.
		calls := []struct {
			name string
			call func() apitest.Case
		}{
			{"create a role", func() apitest.Case {
				return apitest.Case{Method: "POST", Path: "/api/admin/roles/new", Status: 201,
					Body: map[string]any{"role": fmt.Sprintf("Stepped %d", next()), "description": "d", "permissions": []string{rbac.UsersList}}}
			}},
			{"edit a role", func() apitest.Case {
				staff := env.CreateUser(t, fmt.Sprintf("roled%d", next()), true, true, rbac.UsersList)
				return apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/edit", roleOf(staff.ID)), Status: 200,
					Body: map[string]any{"role": fmt.Sprintf("Edited %d", n), "description": "d", "permissions": []string{rbac.UsersList}}}
			}},
			{"delete a role", func() apitest.Case {
				staff := env.CreateUser(t, fmt.Sprintf("unroled%d", next()), true, true, rbac.UsersList)
				role := roleOf(staff.ID)
				if _, err := db.ExecContext(context.Background(), `UPDATE users SET role_id = NULL WHERE id = $1`, staff.ID); err != nil {
					t.Fatal(err)
				}
				return apitest.Case{Method: "DELETE", Path: fmt.Sprintf("/api/admin/roles/%d", role), Status: 204}
			}},
			{"set a role", func() apitest.Case {
				staff := env.CreateUser(t, fmt.Sprintf("moved%d", next()), true, true, rbac.UsersList)
				other := env.CreateUser(t, fmt.Sprintf("other%d", n), true, true, rbac.RolesList)
				return apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/roles/%d/adduser", roleOf(other.ID)), Status: 200,
					Body: map[string]any{"users": []int64{staff.ID}}}
			}},
			{"remove members", func() apitest.Case {
				staff := env.CreateUser(t, fmt.Sprintf("removed%d", next()), true, true, rbac.UsersList)
				return apitest.Case{Method: "PATCH", Path: "/api/admin/roles/removeMember", Status: 200, Body: map[string]any{"users": []int64{staff.ID}}}
			}},
			{"create a staff member", func() apitest.Case {
				i := next()
				return apitest.Case{Method: "POST", Path: "/api/admin/users/new", Status: 201,
					Body: map[string]any{"full_name": fmt.Sprintf("New %d", i), "username": fmt.Sprintf("newstaff%d", i), "email": fmt.Sprintf("newstaff%d@example.com", i),
						"password": "Sturdy-Passw0rd-1", "enabled": true, "roles": []string{rbac.RoleAdmin}}}
			}},
			{"another user's email", func() apitest.Case {
				c := env.CreateUser(t, fmt.Sprintf("mailed%d", next()), false, false)
				return apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", c.ID), Status: 200,
					Body: map[string]any{"email": fmt.Sprintf("moved%d@example.com", n)}}
			}},
			{"another user's status", func() apitest.Case {
				c := env.CreateUser(t, fmt.Sprintf("disabled%d", next()), false, false)
				return apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", c.ID), Status: 200, Body: map[string]any{"enabled": false}}
			}},
			{"another staff member's status", func() apitest.Case {
				s := env.CreateUser(t, fmt.Sprintf("stopped%d", next()), true, true, rbac.UsersList)
				return apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", s.ID), Status: 200, Body: map[string]any{"enabled": false}}
			}},
			{"another user's second factor", func() apitest.Case {
				c := env.CreateUser(t, fmt.Sprintf("unfactored%d", next()), false, true)
				return apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", c.ID), Status: 200,
					Body: map[string]any{"isGoogleAuthenticatorEnabled": false}}
			}},
			{"create a token", func() apitest.Case {
				return apitest.Case{Method: "POST", Path: "/api/admin/coins/new", Status: 201, Body: coin(next())}
			}},
			{"edit a token", func() apitest.Case {
				b := coin(next())
				b["id"] = tokenID
				return apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/coins/%d/edit", tokenID), Status: 200, Body: b}
			}},
			{"save the promotion", func() apitest.Case {
				bonus := map[string]any{"coin": chain, "amount": "1.5", "default": "0", "network": "main"}
				return apitest.Case{Method: "POST", Path: "/api/admin/promotion", Status: 200,
					Body: map[string]any{"isEnabled": true, "minimum": []any{map[string]any{"coin": chain, "main": fmt.Sprint(next())}},
						"invited_bonus": bonus, "inviter_bonus": bonus, "waiting_time": map[string]any{"days": 3},
						"range": map[string]any{"start_date": "2026-01-01 00:00:00", "end_date": "2027-01-01 00:00:00"}}}
			}},
			{"unlock an account", func() apitest.Case {
				c := env.CreateUser(t, fmt.Sprintf("locked%d", next()), false, false)
				return apitest.Case{Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/unlock", c.ID), Status: 204}
			}},
			{"end someone else's session", func() apitest.Case {
				s := env.CreateUser(t, fmt.Sprintf("ended%d", next()), true, true)
				id := sessionID(t, env, env.Token(t, s, auth.Full))
				return apitest.Case{Method: "DELETE", Path: fmt.Sprintf("/api/admin/sessions/%d", id), Status: 204}
			}},
			{"new recovery codes", func() apitest.Case {
				return apitest.Case{Method: "POST", Path: "/api/user/recovery-codes", Status: 200}
			}},
		}
		for _, c := range calls {
			t.Run(c.name, func(t *testing.T) {
				call := c.call()
				call.Token = tok
				// Five minutes after the last second factor: refused, and nothing changes.
				env.Clock.Advance(auth.StepUpWindow)
				before := env.SnapshotAll(t)
				refused := call
				refused.Name, refused.Status, refused.JSON = c.name+", not stepped up", 403, stepUpRefusal
				env.Run(t, []apitest.Case{refused})
				if diff := before.Diff(env.SnapshotAll(t)); len(diff) > 0 {
					t.Errorf("a refused %s changed %v", c.name, diff)
				}
				// A code makes the session fresh: the same call goes through.
				call.Name = c.name + ", stepped up"
				env.Run(t, []apitest.Case{stepUp("step up", tok, env.Code(t, admin, 0), 200), call})
			})
		}
		wantAudit(t, env, "session.step_up", admin.ID, audit.UserTarget(admin.ID), len(calls))

		// The same edits of a user's other fields, of one's own account, and creating a customer are not sensitive.
		env.Clock.Advance(auth.StepUpWindow)
		customer := env.CreateUser(t, "renamed", false, false)
		env.Run(t, []apitest.Case{
			{Name: "another user's name", Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", customer.ID), Token: tok,
				Body: map[string]any{"full_name": "Renamed", "phone_number": "+49 151 1"}, Status: 200},
			{Name: "one's own email", Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", admin.ID), Token: tok,
				Body: map[string]any{"email": "sudo.self@example.com"}, Status: 200},
		})
		_, tok = env.Staff(t, "creator", rbac.CreateUser)
		env.Clock.Advance(auth.StepUpWindow)
		env.Run(t, []apitest.Case{{Name: "create a customer", Method: "POST", Path: "/api/admin/users/new", Token: tok, Status: 201,
			Body: map[string]any{"full_name": "Cust", "username": "cust1", "email": "cust1@example.com", "password": "Sturdy-Passw0rd-1", "enabled": true}}})
	})
}

// The code step of sign-in counts as a step-up for 5 minutes; after that a
// step-up does, with a code that is used up and counted like a sign-in's.
func TestStepUpAfterSignIn(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u := env.CreateUser(t, "stella", true, true, rbac.CreateRole)
		var lr loginReply
		login(t, env, u.Username, u.Password).JSON(t, &lr)
		var full struct{ Token string }
		signInCode := env.Code(t, u, 0)
		env.Do(t, apitest.Case{Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: lr.Token,
			Body: map[string]string{"code": signInCode}}).JSON(t, &full)
		tok := full.Token
		role := func(name string, status int) apitest.Case {
			c := apitest.Case{Name: name, Method: "POST", Path: "/api/admin/roles/new", Token: tok, Status: status,
				Body: map[string]any{"role": name, "description": "d", "permissions": []string{rbac.CreateRole}}}
			if status == 403 {
				c.JSON = stepUpRefusal
			}
			return c
		}
		// The code of sign-in was used up: within its 30 seconds it is refused all the same.
		env.Run(t, []apitest.Case{stepUp("the sign-in's code again", tok, signInCode, 400)})
		env.Clock.Advance(auth.StepUpWindow - time.Second)
		env.Run(t, []apitest.Case{role("just signed in", 201)})
		env.Clock.Advance(time.Second)
		env.Run(t, []apitest.Case{
			role("five minutes on", 403),
			stepUp("a wrong code", tok, "000000", 400),
			{Name: "not a code", Method: "POST", Path: "/api/user/step-up", Token: tok, Body: map[string]string{"code": "ABCD"}, Status: 400,
				JSON: `{"errors":[{"field":"code"}]}`},
			role("still refused", 403),
		})
		env.Clock.Advance(30 * time.Second)
		code := env.Code(t, u, 0)
		r := env.Do(t, stepUp("a right code", tok, code, 200))
		var until struct {
			SteppedUpUntil string `json:"stepped_up_until"`
		}
		r.JSON(t, &until)
		if want := env.Clock.Now().Add(auth.StepUpWindow).UTC().Format("2006-01-02T15:04:05"); !strings.HasPrefix(until.SteppedUpUntil, want) {
			t.Errorf("stepped_up_until %q, want %s", until.SteppedUpUntil, want)
		}
		env.Run(t, []apitest.Case{
			role("stepped up", 201),
			stepUp("the same code twice", tok, code, 400),
		})
		env.Clock.Advance(auth.StepUpWindow)
		env.Run(t, []apitest.Case{role("five minutes after the step-up", 403)})
		wantAudit(t, env, "session.step_up", u.ID, audit.UserTarget(u.ID), 1)
		wantAudit(t, env, "session.step_up_failure", u.ID, audit.UserTarget(u.ID), 4) // the sign-in's code, a wrong one, not a code, a replay

		// Wrong codes count against the account's code checks: at five in 15 minutes even a right one is refused.
		env.Clock.Advance(30 * time.Second)
		env.Run(t, []apitest.Case{stepUp("a fifth wrong code", tok, "111111", 400),
			stepUp("the right code, locked", tok, env.Code(t, u, 0), 429), role("still not stepped up", 403)})
		wantAudit(t, env, "2fa.locked", u.ID, audit.UserTarget(u.ID), 1)

		// A staff member without a second factor has nothing to step up with.
		noGA := env.CreateUser(t, "nofactor", true, false, rbac.CreateRole)
		ntok := env.Token(t, noGA, auth.Full)
		env.Run(t, []apitest.Case{
			{Name: "no second factor: no step-up", Method: "POST", Path: "/api/user/step-up", Token: ntok, Body: map[string]string{"code": "123456"},
				Status: 403, JSON: fmt.Sprintf(`{"message":%q}`, auth.ErrNoSecondFactor.Message)},
			{Name: "nor recovery codes", Method: "POST", Path: "/api/user/recovery-codes", Token: ntok, Status: 403},
		})
	})
}

// recoveryCodeShape is a recovery code as shown.
var recoveryCodeShape = regexp.MustCompile(`^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$`)

// Recovery codes: made on a stepped-up session, ten, each standing in once
// for an authenticator code at sign-in or at a step-up; a use is audited
// and mailed without the code; a new set ends the old one.
func TestRecoveryCodes(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u, tok := env.Staff(t, "rory", rbac.CreateRole)
		issue := func(t *testing.T, token string) []string {
			t.Helper()
			r := env.Do(t, apitest.Case{Method: "POST", Path: "/api/user/recovery-codes", Token: token})
			var reply struct{ Codes []string }
			r.JSON(t, &reply)
			if r.Status != 200 || len(reply.Codes) != auth.RecoveryCodeCount {
				t.Fatalf("new codes: %d %s", r.Status, r.Body)
			}
			for i, c := range reply.Codes {
				if !recoveryCodeShape.MatchString(c) || slices.Contains(reply.Codes[:i], c) {
					t.Errorf("code %q: want a new XXXX-XXXX-XXXX-XXXX", c)
				}
			}
			return reply.Codes
		}
		left := func(name string, n int) apitest.Case {
			return apitest.Case{Name: name, Method: "GET", Path: "/api/user/recovery-codes", Token: tok, Status: 200, JSON: fmt.Sprintf(`{"remaining":%d}`, n)}
		}
		signIn := func(name, code string, status int) apitest.Case {
			var lr loginReply
			login(t, env, u.Username, u.Password).JSON(t, &lr)
			return apitest.Case{Name: name, Method: "POST", Path: "/api/2fa/googleAuthenticator", Token: lr.Token,
				Body: map[string]string{"code": code}, Status: status}
		}
		env.Clock.Advance(auth.StepUpWindow)
		env.Run(t, []apitest.Case{
			left("none yet", 0),
			{Name: "issuing needs a step-up", Method: "POST", Path: "/api/user/recovery-codes", Token: tok, Status: 403, JSON: stepUpRefusal},
			stepUp("step up", tok, env.Code(t, u, 0), 200),
		})
		codes := issue(t, tok)
		if n := queryInt64(t, env, `SELECT count(*) FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL`, u.ID); n != 10 {
			t.Errorf("%d codes stored, want 10", n)
		}
		if n := queryInt64(t, env, `SELECT count(*) FROM recovery_codes WHERE code_hash LIKE '%' || $1 || '%' OR code_hash LIKE '%' || $2 || '%'`,
			codes[0], strings.ReplaceAll(codes[0], "-", "")); n != 0 {
			t.Error("a code is stored as it is")
		}
		wantAudit(t, env, "recovery_codes.issue", u.ID, audit.UserTarget(u.ID), 1)

		// At sign-in, in place of the authenticator's code, once.
		env.Run(t, []apitest.Case{
			left("ten", 10),
			signIn("sign in with a recovery code", codes[0], 200),
			signIn("the same code again", codes[0], 400),
			signIn("a made-up recovery code", "AAAA-BBBB-CCCC-DDDD", 400),
			left("nine", 9),
		})
		// At a step-up, written any way (lower case, no dashes), once.
		env.Clock.Advance(auth.StepUpWindow)
		loose := strings.ToLower(strings.ReplaceAll(codes[1], "-", " "))
		env.Run(t, []apitest.Case{
			stepUp("step up with a recovery code", tok, loose, 200),
			{Name: "stepped up", Method: "POST", Path: "/api/admin/roles/new", Token: tok, Status: 201,
				Body: map[string]any{"role": "Recovered", "description": "d", "permissions": []string{rbac.CreateRole}}},
			stepUp("the same recovery code again", tok, codes[1], 400),
			left("eight", 8),
		})
		wantAudit(t, env, "2fa.recovery_code_used", u.ID, audit.UserTarget(u.ID), 2)
		wantAudit(t, env, "2fa.failure", u.ID, audit.UserTarget(u.ID), 2) // the reused and the made-up code at sign-in

		// Each use is mailed, without any code.
		var used []string
		for _, body := range env.Mails(t, u.Email) {
			if strings.Contains(body, "recovery code") {
				used = append(used, body)
			}
			for _, c := range codes {
				if strings.Contains(body, c) || strings.Contains(body, strings.ReplaceAll(c, "-", "")) {
					t.Errorf("a mail holds a recovery code: %s", body)
				}
			}
		}
		if len(used) != 2 || !strings.Contains(used[0], "to sign in") || !strings.Contains(used[1], "to confirm a sensitive change") {
			t.Errorf("mails about used codes: %q, want one for the sign-in and one for the step-up", used)
		}

		// A new set ends the old one.
		fresh := issue(t, tok)
		env.Run(t, []apitest.Case{
			left("a new ten", 10),
			signIn("an old code", codes[2], 400),
			signIn("a new code", fresh[0], 200),
		})
		wantAudit(t, env, "recovery_codes.issue", u.ID, audit.UserTarget(u.ID), 2)

		// Switching the authenticator off drops the codes: they stand in for it alone.
		env.Clock.Advance(30 * time.Second)
		env.Run(t, []apitest.Case{{Name: "authenticator off", Method: "POST", Path: "/api/user/2fa/googleAuthenticator/status", Token: tok,
			Body: map[string]any{"password": u.Password, "code": env.Code(t, u, 0), "status": false}, Status: 200}})
		if n := queryInt64(t, env, `SELECT count(*) FROM recovery_codes WHERE user_id = $1`, u.ID); n != 0 {
			t.Errorf("%d recovery codes left after the authenticator was switched off", n)
		}
	})
}
